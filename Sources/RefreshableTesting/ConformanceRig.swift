public import Refreshable

/// The settings the conformance suite builds each ``ConformanceRig`` with.
public struct ConformanceConfiguration: Sendable {
    /// The number of sources (tabs) the rig's `makeSources()` makes; at least 2
    /// for the multi-source scenarios, which are skipped with fewer.
    public var sourceCount: Int
    /// The paging and conflict rules the rig's `makeSources()` uses. The suite
    /// reads the adopter's own policy, so an adopter that keeps its own policy is checked against it.
    public var policy: RefreshPolicy
    /// What a cancelled task awaiting ``TestPageLoader/load(_:)`` gets.
    public var cancellationBehavior: TestLoadCancellation
    /// Which real header the header double reproduces.
    public var headerTiming: TestHeaderControl.Timing
    /// Which real footer the footer double reproduces.
    public var footerTiming: TestFooterControl.Timing
    /// The end-of-list signals the adopter's loader forwards; `nil` (the default) finds them by
    /// probing fresh adopters. Declare them to have the suite fail an adopter that drops one.
    public var endOfListSignals: EndOfListSignals?
    /// The sources whose list is one page: your adopter ends the list with every answer there,
    /// whatever the server sends, as a home screen does for its fixed tabs beside one that pages.
    /// Empty (the default) when every source pages.
    ///
    /// The suite answers the loads of these sources as the end of the list, expects no load-more
    /// there, and runs the scenarios that load more on a second source on one that pages (they
    /// are listed as not checked when no other source pages). The scenarios of one source run on
    /// the source your adopter shows first, which should page.
    public var onePageSources: Set<Int>
    /// Whether your server sends its end-of-list signal in every answer, so that your adopter
    /// may read an answer without one its own way: an API that sends a page count only for a
    /// list of more than one page, which your adopter reads as one page when absent. `false`
    /// (the default) when answers may come without a signal and the page's size decides.
    ///
    /// The suite then sends the strongest of ``endOfListSignals`` with every page of a refresh or
    /// a load-more, saying what the page's size would say; declare the signals with it.
    public var signalInEveryAnswer: Bool
    /// Whether your adopter shows failures its own way (a HUD of its own, from its
    /// `presentFailure(_:)`) instead of the list's failure messages; `false` by default.
    ///
    /// The suite then does not count the messages on the list double, and the report lists them
    /// as not checked. The failure placeholder, the footer's failure and the failure recorded in
    /// the state are checked either way.
    public var showsFailuresItself: Bool
    /// Whether your adopter makes each next cursor from the id of a page's last item, as an API
    /// that pages with `before=`, `max_id=` or `until=` the oldest item it holds, rather than
    /// handing the answer's `nextCursor` through; `false` by default. Its list ends with a page
    /// shorter than your page size.
    ///
    /// The suite then expects each load-more to ask with the id of the last item answered, as a
    /// string (`"\(id)"` of the id ``itemID`` gives), which ``TestPageLoader/load(cursor:source:)``
    /// takes; a page whose last item is one sent before asks with its id again, and the progress
    /// rule counts that cursor as followed already. The scenarios that check the loader's own
    /// cursors are handed through do not run.
    public var cursorsAreItemIDs: Bool
    /// Whether your list loads pages before its first, with `loadPrevious()` (newer items above a
    /// feed, pages a page cap dropped); `true` by default. Set it to `false` for a list paged by
    /// cursor that has none, such as a chat whose newer messages are pushed: the suite then sends
    /// no previous cursor and does not expect pages before the first to load.
    public var hasPreviousPages: Bool
    /// How many random steps ``RefreshableConformance`` runs after the scenarios; `0` runs none.
    public var randomizedSteps: Int
    /// The seed of the random steps.
    public var seed: UInt64
    /// Whether `makeSources()` gives `Identifiable` items an identity, and which
    /// copy it keeps when a page brings an item again; `nil` (the default) gives none. The suite
    /// reads the adopter's own identity either way: set this when your adopter takes its sources
    /// from the rig.
    public var duplicates: RefreshItemIdentity<TestItem>.DuplicateRule?
    /// The id your adopter's identity reads for the item your `makeItem` closure makes from a
    /// ``TestItem`` with this ``TestItem/id``; the `Int` itself by default.
    ///
    /// The suite's edits by id pass it to `removeItem(id:source:)` and the like, so an identity
    /// over ids of another type can be checked for every rule: for `Listing(id: "L\(item.id)")`,
    /// pass `itemID: { "L\($0)" }`. Its type must be the type the identity reads (any integer type
    /// for integer ids), or the suite reports a wiring problem that says what to pass.
    public var itemID: @Sendable (Int) -> any Hashable & Sendable
    /// The kind of front door checked, set by the entry point: how the controls' actions are reached.
    package var frontDoor: FrontDoor = .adopter

    /// Creates a configuration.
    /// - Parameters:
    ///   - sourceCount: The number of sources; 3 by default.
    ///   - policy: Paging and conflict rules; pages of 3 items by default, so lists end quickly.
    ///   - cancellationBehavior: What a cancelled async load gets.
    ///   - headerTiming: Which real header the header double reproduces.
    ///   - footerTiming: Which real footer the footer double reproduces.
    ///   - endOfListSignals: The signals the adopter's loader forwards; `nil` finds them by probing.
    ///   - onePageSources: The sources whose list is one page; none by default.
    ///   - signalInEveryAnswer: Whether the server sends its end-of-list signal in every answer;
    ///     `false` by default.
    ///   - showsFailuresItself: Whether the adopter shows failures its own way instead of the
    ///     list's failure messages; `false` by default.
    ///   - cursorsAreItemIDs: Whether the adopter makes each next cursor from the id of a page's
    ///     last item; `false` by default.
    ///   - hasPreviousPages: Whether the list loads pages before its first; `true` by default.
    ///   - randomizedSteps: How many random steps to run after the scenarios.
    ///   - seed: The seed of the random steps.
    ///   - duplicates: Whether the rig's sources get an identity, and which copy of an item
    ///     brought again they keep; `nil` for none.
    ///   - itemID: The id your identity reads for the item made from a ``TestItem`` with this id;
    ///     the `Int` itself by default.
    public init(
        sourceCount: Int = 3,
        policy: RefreshPolicy = RefreshPolicy(pageSize: 3),
        cancellationBehavior: TestLoadCancellation = .throwsCancellationError,
        headerTiming: TestHeaderControl.Timing = .uiRefreshControl,
        footerTiming: TestFooterControl.Timing = .immediate,
        endOfListSignals: EndOfListSignals? = nil,
        onePageSources: Set<Int> = [],
        signalInEveryAnswer: Bool = false,
        showsFailuresItself: Bool = false,
        cursorsAreItemIDs: Bool = false,
        hasPreviousPages: Bool = true,
        randomizedSteps: Int = 2_000,
        seed: UInt64 = 0x5EED,
        duplicates: RefreshItemIdentity<TestItem>.DuplicateRule? = nil,
        itemID: @escaping @Sendable (Int) -> any Hashable & Sendable = { $0 }
    ) {
        precondition(sourceCount >= 1, "ConformanceConfiguration.sourceCount is \(sourceCount); pass 1 or more.")
        self.sourceCount = sourceCount
        self.policy = policy
        self.cancellationBehavior = cancellationBehavior
        self.headerTiming = headerTiming
        self.footerTiming = footerTiming
        self.endOfListSignals = endOfListSignals
        self.onePageSources = onePageSources
        self.signalInEveryAnswer = signalInEveryAnswer
        self.showsFailuresItself = showsFailuresItself
        self.cursorsAreItemIDs = cursorsAreItemIDs
        self.hasPreviousPages = hasPreviousPages
        self.randomizedSteps = randomizedSteps
        self.seed = seed
        self.duplicates = duplicates
        self.itemID = itemID
    }

    /// Whether an identity that reads ids of `idType` can match the ids ``itemID`` gives: the
    /// same type, or integers of any width, which the list compares as numbers.
    package func itemIDMatches(_ idType: Any.Type) -> Bool {
        let given = itemIDType
        return given == idType || (given is any BinaryInteger.Type && idType is any BinaryInteger.Type)
    }

    /// The type of the ids ``itemID`` gives.
    package var itemIDType: Any.Type {
        let id: Any = itemID(0)
        return type(of: id)
    }
}

/// Everything an adopter under test is wired to: the control doubles, the list double, the
/// scriptable loader, and the sources to start from.
///
/// The suite makes a fresh rig for every scenario and passes it to your factory, which builds
/// your adopter wired to it:
///
/// ```swift
/// try await RefreshableConformance.check { rig in
///     OrdersController(
///         sources: rig.makeSources(),
///         header: rig.header, footer: rig.footer, list: rig.listView,
///         api: LoaderBackedOrdersAPI(loader: rig.loader)
///     )
/// }
/// ```
///
/// The class is `@MainActor`, like everything it holds.
@MainActor
public final class ConformanceRig<Item: Sendable> {
    /// The pull-to-refresh control double.
    public let header: TestHeaderControl
    /// The load-more control double.
    public let footer: TestFooterControl
    /// The list double.
    public let listView: TestListView
    /// The scriptable server.
    public let loader: TestPageLoader<Item>
    /// The main queue the control doubles' queued commands and begin callbacks wait on: the rig
    /// takes one turn of it on every turn it lets the main actor take (each yield of ``settle()``
    /// and of its waits).
    public let mainQueue: TestMainQueue
    /// What the factory made besides the front door under test (a view model's controller), kept
    /// as long as the rig.
    var retained: [AnyObject] = []
    /// The kind of front door checked.
    let frontDoor: FrontDoor
    /// The rig's ``TestClock``, boxed: a stored property cannot be limited to the OS versions
    /// the clock needs.
    private let storedClock: (any Sendable)?
    /// The paging and conflict rules to build the adopter's sources with: in a conformance check,
    /// once the suite has read the adopter's own policy, that policy (so a page size your loader
    /// derives from it is your list's), else the configuration's.
    public let policy: RefreshPolicy
    /// Each source's end-of-list text, one per source.
    public let noMoreTitles: [String]
    /// Which copy of an item brought again the sources of `makeSources()` keep, when they have an
    /// identity (see ``ConformanceConfiguration/duplicates``).
    public let duplicates: RefreshItemIdentity<TestItem>.DuplicateRule?
    /// The id the adopter's identity reads for a ``TestItem/id`` (see
    /// ``ConformanceConfiguration/itemID``), which the suite's edits by id pass.
    package let itemID: @Sendable (Int) -> any Hashable & Sendable
    /// The sources whose list is one page (see ``ConformanceConfiguration/onePageSources``).
    package let onePageSources: Set<Int>
    /// The declared signals, when the server sends one of them in every answer (see
    /// ``ConformanceConfiguration/signalInEveryAnswer``); empty otherwise.
    package let signalsInEveryAnswer: EndOfListSignals
    /// Whether the adopter shows failures its own way (see ``ConformanceConfiguration/showsFailuresItself``).
    package let showsFailuresItself: Bool
    /// The cursor a load-more asks with after a page whose last item has this ``TestItem/id``,
    /// when the adopter makes cursors from ids (see ``ConformanceConfiguration/cursorsAreItemIDs``).
    package let itemIDCursor: (@Sendable (Int) -> String)?
    /// Whether the list loads pages before its first (see ``ConformanceConfiguration/hasPreviousPages``).
    package let hasPreviousPages: Bool

    /// Creates a rig.
    /// - Parameters:
    ///   - configuration: The number of sources, the policy and the doubles' behaviour.
    ///   - makeItem: Turns the loader's ``TestItem`` values into the adopter's items.
    public init(
        configuration: ConformanceConfiguration = ConformanceConfiguration(),
        makeItem: @escaping @Sendable (TestItem) -> Item
    ) {
        let mainQueue = TestMainQueue()
        self.mainQueue = mainQueue
        header = TestHeaderControl(timing: configuration.headerTiming, mainQueue: mainQueue)
        footer = TestFooterControl(timing: configuration.footerTiming, mainQueue: mainQueue)
        listView = TestListView()
        loader = TestPageLoader(
            firstPage: configuration.policy.firstPage,
            cancellationBehavior: configuration.cancellationBehavior,
            makeItem: makeItem
        )
        policy = configuration.policy
        frontDoor = configuration.frontDoor
        noMoreTitles = (0..<configuration.sourceCount).map { "No more in source \($0)" }
        duplicates = configuration.duplicates
        itemID = configuration.itemID
        onePageSources = configuration.onePageSources
        signalsInEveryAnswer = configuration.signalInEveryAnswer ? configuration.endOfListSignals ?? [] : []
        showsFailuresItself = configuration.showsFailuresItself
        if configuration.cursorsAreItemIDs {
            let id = configuration.itemID
            itemIDCursor = { (item: Int) -> String in String(describing: id(item)) }
        } else {
            itemIDCursor = nil
        }
        hasPreviousPages = configuration.hasPreviousPages
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            storedClock = TestClock()
        } else {
            storedClock = nil
        }
        // The begin animations count the turns the rig lets pass, not a task's own yields, which
        // interleave with the rig's in an order that differs from run to run.
        loader.takesTurns(of: mainQueue)
        loader.itemIDCursor = itemIDCursor
    }

    /// A clock for the adopter's retries: give it to `RefreshRetry` and the suite's retry
    /// scenarios advance it past each wait.
    ///
    /// ```swift
    /// controller.refreshStatus.retry = RefreshRetry(maxRetries: 2, clock: rig.clock)
    /// ```
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public var clock: TestClock {
        // Made in the initializer whenever this property is available.
        storedClock as? TestClock ?? TestClock()
    }

    /// The number of sources.
    public var sourceCount: Int { noMoreTitles.count }

    /// Sources for the adopter's `refreshStatus`: one unloaded state per source, with the rig's
    /// titles and policy.
    /// - Returns: The sources.
    public func makeSources() -> RefreshSources<Item> {
        RefreshSources(noMoreTitles: noMoreTitles, policy: policy)
    }

    /// Wires the doubles' actions to an adopter's control actions, as an app wires the real
    /// controls' targets: the header's to `headerRefreshingAction()`, the footer's to
    /// `footerRefreshingAction()`, unless the adopter wired them itself when it was made (as your
    /// app's controller does in `viewDidLoad`, with ``TestHeaderControl/refreshingBlock``,
    /// ``TestHeaderControl/addAction(_:for:)`` or `action`): then the suite's pulls and the
    /// controls' late callbacks go through your wiring, and a wrong one is caught. In
    /// ``RefreshableConformance/checkViewController(_:rules:makeItem:makeViewController:)`` nothing
    /// is wired for the controller. The suite and the model check call it for you.
    /// - Parameter adopter: The adopter under test; held weakly.
    /// It also tells the loader the adopter's own first page, so that loads started without a
    /// request are told refresh from load-more by the adopter's policy, and its `curPageOffset`,
    /// so that pages are numbered as its server numbers them, and has ``settle()`` wait until the
    /// adopter's runtime applied each answer (see ``TestPageLoader/watch(_:)``). Call it in tests
    /// of your own that drive the adopter and settle.
    public func connect<Adopter: Refreshable>(_ adopter: Adopter) where Adopter.Item == Item {
        loader.firstPage = adopter.refreshStatus.sources.policy.firstPage
        loader.curPageOffset = adopter.refreshStatus.sources.policy.curPageOffset
        loader.watch(adopter.refreshStatus)
        guard frontDoor == .adopter else { return }
        if !header.isWired {
            header.action = { [weak adopter] in adopter?.headerRefreshingAction() }
        }
        if !footer.isWired {
            footer.action = { [weak adopter] in adopter?.footerRefreshingAction() }
        }
    }

    /// Lets queued main-actor work run (see ``TestPageLoader/settle()``), then applies the controls'
    /// queued commands, as the main queue's next turn would.
    public func settle() async {
        await loader.settle()
        footer.flush()
        header.flush()
    }
}

extension ConformanceRig where Item: Identifiable, Item.ID: Sendable {
    /// Sources for the adopter's `refreshStatus`: one unloaded state per source, with the rig's
    /// titles and policy, and an identity by `id` when ``duplicates`` is set.
    /// - Returns: The sources.
    public func makeSources() -> RefreshSources<Item> {
        let identity = duplicates.map { rule -> RefreshItemIdentity<Item> in
            .id(duplicates: rule == .takeNewer ? .takeNewer : .keepHeld)
        }
        return RefreshSources(noMoreTitles: noMoreTitles, policy: policy, identity: identity)
    }
}

extension ConformanceRig where Item == TestItem {
    /// Creates a rig whose items are ``TestItem`` values.
    /// - Parameter configuration: The number of sources, the policy and the doubles' behaviour.
    public convenience init(configuration: ConformanceConfiguration = ConformanceConfiguration()) {
        self.init(configuration: configuration) { $0 }
    }
}
