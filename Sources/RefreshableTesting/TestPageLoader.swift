public import Refreshable

/// A scriptable server for both loading styles: every load is recorded and stays pending until the
/// test answers it, fails it, or lets it hang, in any order.
///
/// Async-style adopters await ``load(_:)`` in their `loadPage(_:)`; callback-style adopters call
/// ``start(_:completion:)`` in their `refreshData(isRefresh:)` and report the result with
/// `loadSuccess(_:for:)` or `loadFailer(_:for:)`. Adopters whose API takes only a source and a page
/// use ``load(source:page:kind:)`` or ``start(source:page:kind:completion:)``.
///
/// ```swift
/// let loader = TestPageLoader()          // items are TestItem values
/// controller.setupRefreshHeader()         // the controller asks for page 1
/// await loader.settle()                   // lets an async loadPage(_:) reach the loader
/// let first = try #require(loader.pending.first)
/// loader.answer(first, itemCount: 20)     // or: loader.fail(first), or leave it pending
/// await loader.settle()                   // lets the adopter apply the answer
/// ```
///
/// Pages are made with ``makePage(for:itemCount:copies:hasMore:pageCount:totalCount:nextCursor:previousCursor:)``: each answer
/// carries new ``TestItem`` values (turned into the adopter's item type by the `makeItem` closure),
/// so a lost, duplicated or stale item shows in a plain comparison.
///
/// The class is `@MainActor`, like the protocols it serves, so it needs no lock. Create one per test.
@MainActor
public final class TestPageLoader<Item: Sendable> {
    private enum Waiter {
        case continuation(CheckedContinuation<RefreshPage<Item>, any Error>)
        case completion(@MainActor (Result<RefreshPage<Item>, any Error>) -> Void)
    }

    /// Every load asked for since creation or the last ``reset()``, oldest first.
    public private(set) var loads: [TestLoad] = []

    /// How each load of ``loads`` ended, by ``TestLoad/id``.
    public private(set) var outcomes: [Int: TestLoadOutcome] = [:]

    /// The number of the first page, used to infer the kind of loads started without a request. The
    /// conformance suite sets it to the adopter's own policy's first page when it connects the adopter.
    public package(set) var firstPage: Int

    /// How the `curPage` of the pages made relates to the page asked for: a page made for page `n`
    /// carries `curPage` `n + curPageOffset`, as a server numbering its answers differently from
    /// its requests does. The conformance suite sets it to the adopter's own policy's
    /// `curPageOffset` when it connects the adopter; `0` by default.
    public var curPageOffset = 0

    /// What a cancelled task awaiting ``load(_:)`` gets.
    public var cancellationBehavior: TestLoadCancellation

    /// How many times ``settle()`` yields at least.
    public var minimumSettleYields: Int = 1

    /// How many turns of the main actor ``waitForLoads(count:)`` and the conformance suite give an
    /// adopter to reach the loader, or to apply an answer, before they look anyway. A cap on the
    /// number of turns, not a duration: an adopter that hops through another actor gets there in a
    /// handful of turns (at most 4 in this package's own runs), so only a broken one pays the cap.
    public var maximumWaitYields: Int = 10_000

    /// The page a load by a cursor the loader never handed out asks for: far below any page a list
    /// reaches, and far enough from `Int.min` that arithmetic on it cannot overflow.
    public static var unknownCursorPage: Int { Int.min / 2 }

    /// A cursor handed out in an answer to a load of a source.
    private struct CursorKey: Hashable {
        let source: Int
        let cursor: String
    }

    /// Where each cursor handed out in an answer leads: the page and the kind of load that asks for it.
    private var cursorTargets: [CursorKey: (page: Int, kind: RefreshRequest.Kind)] = [:]

    /// The cursor an adopter that makes cursors from its items' ids asks the page after a page
    /// with, given the ``TestItem/id`` of its last item; `nil` when it hands cursors through.
    package var itemIDCursor: (@Sendable (Int) -> String)?

    /// What the loader does on each turn it lets the main actor take (``settle()`` and the waits):
    /// a turn of the controls' main queue, once ``takesTurns(of:)`` named it.
    private var onTurn: (@MainActor () -> Void)?

    /// Has every turn the loader lets the main actor take (each yield of ``settle()``, of
    /// ``waitForLoads(count:)`` and of the other waits) take a turn of `mainQueue` too, as a
    /// ``ConformanceRig``'s loader does for the rig's doubles: the doubles' callbacks and queued
    /// commands land while you wait, at the same place on every run.
    /// - Parameter mainQueue: The main queue of the control doubles wired to the same adopter.
    public func takesTurns(of mainQueue: TestMainQueue) {
        onTurn = { mainQueue.runTurn() }
    }

    private let makeItem: @Sendable (TestItem) -> Item
    private var waiters: [Int: Waiter] = [:]
    /// The runtimes whose application of each answer ``settle()`` waits for (see ``watch(_:)``).
    private var watched: [WatchedRuntime] = []
    /// The answers delivered to a request a watched runtime had in flight, not seen applied yet.
    private var unapplied: [Delivered] = []
    /// Set once a wait for an application ran out: the adopter never applies some answers, and
    /// later waits are cut short.
    private var applicationWaitRanOut = false
    /// The suite's budget for waits, shared by the checks of one adopter, when a driver set one.
    var waitBudget: WaitBudget?

    private struct WatchedRuntime {
        weak var runtime: RefreshRuntime<Item>?
    }

    /// An answer or failure delivered to a request in flight in a watched runtime.
    private struct Delivered {
        weak var runtime: RefreshRuntime<Item>?
        let request: RefreshRequest
        let isFailure: Bool

        /// Whether the runtime has done with it: applied it, discarded it, or (for a failure under
        /// a retry policy) may keep the load in flight while it waits to ask again.
        @MainActor var isSettled: Bool {
            guard let runtime else { return true }
            return !runtime.sources.isInFlight(request) || (isFailure && runtime.retry != nil)
        }
    }
    private var nextResponse = 1
    private var resumedAwaitingDelivery = 0
    private var deliveriesLanded = 0
    /// Every item a page was made with, oldest first, to name the adopter's items in reports.
    private var minted: [TestItem] = []

    /// Creates a loader whose pages hold the adopter's own item type.
    /// - Parameters:
    ///   - firstPage: The number of the first page, `1` by default.
    ///   - cancellationBehavior: What a cancelled task awaiting ``load(_:)`` gets.
    ///   - makeItem: Turns the loader's ``TestItem`` into an item; must give equal items only for equal inputs.
    public init(
        firstPage: Int = 1,
        cancellationBehavior: TestLoadCancellation = .throwsCancellationError,
        makeItem: @escaping @Sendable (TestItem) -> Item
    ) {
        self.firstPage = firstPage
        self.cancellationBehavior = cancellationBehavior
        self.makeItem = makeItem
    }

    /// The loads that are neither answered nor failed yet, oldest first.
    public var pending: [TestLoad] {
        loads.filter { waiters[$0.id] != nil }
    }

    /// The pending loads of one source, oldest first.
    /// - Parameter source: The source.
    /// - Returns: Its pending loads.
    public func pending(source: Int) -> [TestLoad] {
        pending.filter { $0.source == source }
    }

    /// Whether the load is waiting for the test.
    /// - Parameter load: The load.
    public func isPending(_ load: TestLoad) -> Bool {
        waiters[load.id] != nil
    }

    // MARK: Asking for loads

    /// Records a load for the request and waits until the test answers or fails it (async style).
    /// - Parameter request: The request from `loadPage(_:)`.
    /// - Returns: The page the test answers.
    /// - Throws: The error the test fails the load with, or `CancellationError`.
    public func load(_ request: RefreshRequest) async throws -> RefreshPage<Item> {
        try await wait(for: record(source: request.source, page: request.page, kind: request.kind, request: request))
    }

    /// Records a load for a source and page and waits until the test answers or fails it (async
    /// style, for APIs that take no request).
    /// - Parameters:
    ///   - source: The source.
    ///   - page: The page.
    ///   - kind: Whether it refreshes; inferred from ``firstPage`` when `nil`.
    /// - Returns: The page the test answers.
    /// - Throws: The error the test fails the load with, or `CancellationError`.
    public func load(source: Int, page: Int, kind: RefreshRequest.Kind? = nil) async throws -> RefreshPage<Item> {
        try await wait(for: record(source: source, page: page, kind: kind, request: nil))
    }

    /// Records a load for a cursor and waits until the test answers or fails it (async style, for
    /// APIs paged by cursor that take no request, such as `messages(channel:before:)`).
    ///
    /// The loader knows where each cursor it handed out in an answer leads: a next cursor to the
    /// page after the one answered (a load-more), a previous cursor to the page before it (a load of
    /// the previous page). No cursor asks for the first page (a refresh). A cursor it never handed
    /// out for `source` asks for ``unknownCursorPage``, which no scenario expects, so the suite
    /// reports it. In a rig made with ``ConformanceConfiguration/cursorsAreItemIDs``, the id of the
    /// last item of an answer that goes on, as a string, leads to the page after it too (the
    /// newest such page, when a page ends with an item sent before):
    /// `loader.load(cursor: before.map { "\($0)" }, source: channel)` for a `before=` id API.
    ///
    /// ```swift
    /// struct LoaderBackedMessagesAPI: MessagesAPI {
    ///     let loader: TestPageLoader<Message>
    ///     func messages(channel: Int, before cursor: String?) async throws -> RefreshPage<Message> {
    ///         try await loader.load(cursor: cursor, source: channel)
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - cursor: The cursor the adopter asks with; `nil` for the first page.
    ///   - source: The source (tab) the load is for.
    /// - Returns: The page the test answers.
    /// - Throws: The error the test fails the load with, or `CancellationError`.
    public func load(cursor: String?, source: Int = 0) async throws -> RefreshPage<Item> {
        let target: (page: Int, kind: RefreshRequest.Kind) =
            cursor.map { cursorTargets[CursorKey(source: source, cursor: $0)] ?? (Self.unknownCursorPage, .loadMore) }
            ?? (firstPage, .refresh)
        let load = record(
            source: source, page: target.page, kind: target.kind, request: nil, cursor: cursor, asksByCursor: true)
        return try await wait(for: load)
    }

    /// Records a load for the request; `completion` runs when the test answers or fails it (callback style).
    /// - Parameters:
    ///   - request: The request captured from `refreshRequest`.
    ///   - completion: Receives the page or the error, on the main actor, during ``answer(_:with:)`` or ``fail(_:with:)``.
    public func start(
        _ request: RefreshRequest,
        completion: @escaping @MainActor (Result<RefreshPage<Item>, any Error>) -> Void
    ) {
        let load = record(source: request.source, page: request.page, kind: request.kind, request: request)
        waiters[load.id] = .completion(completion)
    }

    /// Records a load for the request and reports its answer to the adopter with the library's
    /// `loadSuccess(_:for:)` or `loadFailer(_:for:)` (callback style); the adopter is held weakly.
    /// An adopter with methods of its own by those names reports through them with
    /// ``start(_:completion:)`` instead.
    ///
    /// ```swift
    /// func refreshData(isRefresh: Bool) {
    ///     loader.start(refreshRequest, reportingTo: self)
    /// }
    /// ```
    /// - Parameters:
    ///   - request: The request captured from `refreshRequest`.
    ///   - adopter: The adopter that started the load.
    public func start<Adopter: Refreshable>(_ request: RefreshRequest, reportingTo adopter: Adopter)
    where Adopter.Item == Item {
        start(request) { [weak adopter] result in
            switch result {
            case .success(let page):
                adopter?.loadSuccess(page, for: request)
            case .failure(let error):
                adopter?.loadFailer(error, for: request)
            }
        }
    }

    /// Records a load for a source and page; `completion` runs when the test answers or fails it
    /// (callback style, for APIs that take no request).
    /// - Parameters:
    ///   - source: The source.
    ///   - page: The page.
    ///   - kind: Whether it refreshes; inferred from ``firstPage`` when `nil`.
    ///   - completion: Receives the page or the error, on the main actor.
    public func start(
        source: Int,
        page: Int,
        kind: RefreshRequest.Kind? = nil,
        completion: @escaping @MainActor (Result<RefreshPage<Item>, any Error>) -> Void
    ) {
        let load = record(source: source, page: page, kind: kind, request: nil)
        waiters[load.id] = .completion(completion)
    }

    // MARK: Resolving loads

    /// Makes a page for a load, with new items that no other answer carries, after copies of items
    /// sent before, if any.
    ///
    /// A copy has the id of the item it copies and a new ``TestItem/response``: a list with an
    /// identity must hold it once (see ``TestItem``).
    /// - Parameters:
    ///   - load: The load to answer.
    ///   - itemCount: How many items the page holds, copies included; at least `copies.count`.
    ///   - copies: Items an earlier answer carried, which the page brings again, first.
    ///   - hasMore: The server's explicit "more pages follow" flag, if any.
    ///   - pageCount: The number of pages; the page then also carries `curPage`, the load's page
    ///     plus ``curPageOffset``.
    ///   - totalCount: The number of items in the whole list, if any.
    ///   - nextCursor: Under cursor paging, the cursor of the page after this one; `nil` ends the list.
    ///   - previousCursor: Under cursor paging, the cursor of the page before this one, if any.
    /// - Returns: The page, and the ``TestItem`` values behind its items.
    public func makePage(
        for load: TestLoad,
        itemCount: Int,
        copies: [TestItem] = [],
        hasMore: Bool? = nil,
        pageCount: Int? = nil,
        totalCount: Int? = nil,
        nextCursor: String? = nil,
        previousCursor: String? = nil
    ) -> (page: RefreshPage<Item>, items: [TestItem]) {
        precondition(
            itemCount >= copies.count,
            "makePage(for:itemCount:copies:): itemCount is \(itemCount); pass \(copies.count) or more, one per copy."
        )
        let response = nextResponse
        nextResponse += 1
        let items = (0..<itemCount).map { index in
            index < copies.count
                ? TestItem(id: copies[index].id, source: load.source, page: load.page, index: index, response: response)
                : TestItem(source: load.source, page: load.page, index: index, response: response)
        }
        minted += items
        if let nextCursor {
            cursorTargets[CursorKey(source: load.source, cursor: nextCursor)] = (load.page &+ 1, .loadMore)
            if let itemIDCursor, let last = items.last {
                let afterLast = CursorKey(source: load.source, cursor: itemIDCursor(last.id))
                cursorTargets[afterLast] = (load.page &+ 1, .loadMore)
            }
        }
        if let previousCursor {
            cursorTargets[CursorKey(source: load.source, cursor: previousCursor)] = (load.page &- 1, .loadPrevious)
        }
        let page = RefreshPage(
            items: items.map(makeItem),
            hasMore: hasMore,
            curPage: pageCount == nil ? nil : load.page &+ curPageOffset,
            pageCount: pageCount,
            totalCount: totalCount,
            nextCursor: nextCursor,
            previousCursor: previousCursor
        )
        return (page, items)
    }

    /// Makes a local edit of an item: the same id, a new ``TestItem/response``, as an app's own
    /// update of a row, for `Refreshable.updateItem(_:source:)`.
    /// - Parameter item: The item to edit.
    /// - Returns: The edited item.
    public func makeLocalEdit(of item: TestItem) -> TestItem {
        let response = nextResponse
        nextResponse += 1
        let edit = TestItem(id: item.id, source: item.source, page: item.page, index: item.index, response: response)
        minted.append(edit)
        return edit
    }

    /// Makes a new item no answer carried, as an app's draft of a row, for
    /// `Refreshable.insertItem(_:at:source:)`. Its ``TestItem/page`` is `Int.min`: no page brought it.
    /// - Parameter source: The source it is for.
    /// - Returns: The item.
    public func makeLocalItem(source: Int) -> TestItem {
        let response = nextResponse
        nextResponse += 1
        let item = TestItem(source: source, page: .min, index: 0, response: response)
        minted.append(item)
        return item
    }

    /// Answers a pending load with a page.
    ///
    /// A callback-style load whose request the list cancelled (its state replaced by a reset or a
    /// new value) is still pending here: its completion handler takes the answer, which the list
    /// discards as late, and this returns `true`. Only the loader's own record says "cancelled":
    /// an async load whose task was cancelled.
    /// - Parameters:
    ///   - load: The load.
    ///   - page: The page.
    /// - Returns: `false` when the loader no longer waits for the load: already answered or
    ///   failed, or an async load whose task was cancelled.
    @discardableResult
    public func answer(_ load: TestLoad, with page: RefreshPage<Item>) -> Bool {
        guard let waiter = waiters.removeValue(forKey: load.id) else { return false }
        outcomes[load.id] = .answered(itemCount: page.items.count)
        noteDelivery(of: load, isFailure: false)
        deliver(.success(page), to: waiter)
        return true
    }

    /// Answers a pending load with a new page made by
    /// ``makePage(for:itemCount:copies:hasMore:pageCount:totalCount:nextCursor:previousCursor:)``.
    ///
    /// ```swift
    /// loader.answer(first, itemCount: 30, nextCursor: "c2")  // a cursor-paged list goes on
    /// ```
    /// - Parameters:
    ///   - load: The load.
    ///   - itemCount: How many items the page holds, copies included.
    ///   - copies: Items an earlier answer carried, which the page brings again, first.
    ///   - hasMore: The server's explicit "more pages follow" flag, if any.
    ///   - pageCount: The number of pages, if any.
    ///   - totalCount: The number of items in the whole list, if any.
    ///   - nextCursor: Under cursor paging, the cursor of the page after this one; `nil` ends the list.
    ///   - previousCursor: Under cursor paging, the cursor of the page before this one, if any.
    /// - Returns: The ``TestItem`` values behind the page's items; empty when the load was not pending.
    @discardableResult
    public func answer(
        _ load: TestLoad,
        itemCount: Int,
        copies: [TestItem] = [],
        hasMore: Bool? = nil,
        pageCount: Int? = nil,
        totalCount: Int? = nil,
        nextCursor: String? = nil,
        previousCursor: String? = nil
    ) -> [TestItem] {
        guard isPending(load) else { return [] }
        let made = makePage(
            for: load, itemCount: itemCount, copies: copies, hasMore: hasMore, pageCount: pageCount,
            totalCount: totalCount, nextCursor: nextCursor, previousCursor: previousCursor)
        answer(load, with: made.page)
        return made.items
    }

    /// Fails a pending load.
    /// - Parameters:
    ///   - load: The load.
    ///   - error: The error, a ``TestLoadError`` by default.
    /// - Returns: `false` when the load was not pending.
    @discardableResult
    public func fail(_ load: TestLoad, with error: any Error = TestLoadError()) -> Bool {
        guard let waiter = waiters.removeValue(forKey: load.id) else { return false }
        outcomes[load.id] = .failed(String(describing: error))
        noteDelivery(of: load, isFailure: true)
        deliver(.failure(error), to: waiter)
        return true
    }

    /// Lets queued main-actor work run until every answer delivered to an async ``load(_:)`` has
    /// reached the adopter and, for a runtime the loader watches (see ``watch(_:)``), until the
    /// runtime has applied it: call it after driving the adopter and after answering, before looking.
    ///
    /// An answer that travels back through other actors or a `nonisolated` service reaches the
    /// runtime after any number of turns; for a watched runtime, settling waits until it has
    /// applied (or discarded) every answer delivered to a request it had in flight, up to
    /// ``maximumWaitYields`` turns, and lets the work that queued run. Completion handlers (a
    /// callback-style adopter's loads) run inside ``answer(_:with:)``, so for them this only yields.
    public func settle() async {
        await letDeliveriesLand()
        guard !unapplied.isEmpty else { return }
        let applied = await waitForApplications()
        unapplied.removeAll { $0.isSettled }
        if applied {
            // The work the applications queued (renders, the controls' re-checks).
            for _ in 0..<max(minimumSettleYields, 1) {
                await Task.yield()
            }
        }
    }

    /// Makes ``settle()`` (and a ``ConformanceRig``'s) wait until `runtime` has applied each answer
    /// this loader delivers to a request the runtime has in flight, however the answer travels
    /// back (an `actor` client, a `nonisolated` service). ``ConformanceRig/connect(_:)`` watches
    /// the adopter's runtime for you. The runtime is held weakly.
    /// - Parameter runtime: The adopter's `refreshStatus`, or a list model's.
    public func watch(_ runtime: RefreshRuntime<Item>) {
        watched.removeAll { $0.runtime == nil }
        guard !watched.contains(where: { $0.runtime === runtime }) else { return }
        watched.append(WatchedRuntime(runtime: runtime))
    }

    /// Yields, without counting turns of the controls' animations, until every answer delivered
    /// to a watched runtime was applied or the cap ran out; returns whether it had to wait.
    private func waitForApplications() async -> Bool {
        guard unapplied.contains(where: { !$0.isSettled }) else { return false }
        let cutShort = applicationWaitRanOut || waitBudget?.timedOut == true
        let limit = cutShort ? min(WaitBudget.afterTimeout, maximumWaitYields) : maximumWaitYields
        var yields = 0
        while unapplied.contains(where: { !$0.isSettled }) {
            guard yields < limit else {
                applicationWaitRanOut = true
                waitBudget?.noteTimeout()
                break
            }
            await Task.yield()
            yields += 1
        }
        return true
    }

    /// Notes, for each watched runtime that has the load's request in flight, that the answer must
    /// be applied before a settle returns.
    private func noteDelivery(of load: TestLoad, isFailure: Bool) {
        guard !watched.isEmpty else { return }
        for entry in watched {
            guard let runtime = entry.runtime,
                let request = inFlightRequest(answeredBy: load, in: runtime.sources)
            else { continue }
            unapplied.append(Delivered(runtime: runtime, request: request, isFailure: isFailure))
        }
    }

    /// Yields until every answer delivered to an awaiting ``load(_:)`` has landed, then one more round.
    private func letDeliveriesLand() async {
        // A resumed continuation reaches the main actor through the global executor, so its task
        // may run after any number of yields; after the last delivery lands, one more full round of
        // yields lets the work it queued (renders, rechecks) run too.
        var landed = deliveriesLanded
        var rounds = 0
        repeat {
            for _ in 0..<max(minimumSettleYields, 1) {
                await Task.yield()
                onTurn?()
            }
            rounds += 1
            if resumedAwaitingDelivery == 0, deliveriesLanded == landed {
                return
            }
            landed = deliveriesLanded
        } while rounds < 10_000
    }

    /// Lets queued work run until ``loads`` holds at least `count` loads, or until the main actor
    /// has taken ``maximumWaitYields`` turns.
    ///
    /// `count` counts every load recorded since the loader was made (or last ``reset()``), those
    /// of the first appearance and of earlier steps included, not the loads since the call: to
    /// wait for the loads one action makes, call ``waitForLoads(more:madeBy:)`` or
    /// ``waitForLoad(madeBy:)``, which count from before the action.
    ///
    /// ``settle()`` only lets the work already queued on the main actor run, so it cannot tell when an
    /// adopter whose `loadPage(_:)` first awaits another actor (an API client that is an `actor`, say)
    /// will reach the loader: that depends on other threads. Wait for the loads you expect instead:
    ///
    /// ```swift
    /// let before = loader.loads.count  // before the action: its load may be recorded at once
    /// controller.loadMore()
    /// #expect(await loader.waitForLoads(count: before + 1))
    /// ```
    ///
    /// Count the loads before the action, not after it: a load recorded during the action
    /// would be counted already, and the wait would then run to its cap for one more. Check the
    /// result: after the cap it is `false`, and the test goes on without the load.
    /// ``waitForLoads(more:madeBy:)`` does both.
    /// - Parameter count: The number of loads recorded since the loader was made to wait for.
    /// - Returns: Whether ``loads`` holds `count` or more; `false` after the cap.
    @discardableResult
    public func waitForLoads(count: Int) async -> Bool {
        await waitUntil { loads.count >= count }
    }

    /// Runs `action`, then waits as ``waitForLoads(count:)`` does until `more` loads are recorded
    /// after the ones recorded before it, and returns them: a wait relative to the action,
    /// whatever loaded before.
    ///
    /// ```swift
    /// // A pull on a list that also loads its previous page: two loads.
    /// let loads = try #require(await loader.waitForLoads(more: 2) { controller.refresh() })
    /// loader.answer(loads[0], itemCount: 20)
    /// ```
    /// - Parameters:
    ///   - more: How many loads the action makes.
    ///   - action: What makes the adopter load: a call of the adopter, a row on screen.
    /// - Returns: The loads recorded once `action` began, in order, at least `more` of them;
    ///   `nil` when fewer came before the cap.
    public func waitForLoads(more: Int, madeBy action: () -> Void) async -> [TestLoad]? {
        let before = loads.count
        action()
        let wanted = before.addingReportingOverflow(max(more, 0))
        guard !wanted.overflow, await waitForLoads(count: wanted.partialValue) else { return nil }
        return Array(loads[before...])
    }

    /// Runs `action`, then waits as ``waitForLoads(count:)`` does until a load is recorded after
    /// the ones recorded before it, and returns that load.
    ///
    /// ```swift
    /// let pageTwo = try #require(await loader.waitForLoad { controller.loadMore() })
    /// loader.answer(pageTwo, itemCount: 20)
    /// ```
    /// - Parameter action: What makes the adopter load: a call of the adopter, a row on screen.
    /// - Returns: The first load recorded once `action` began; `nil` when none came before the cap.
    public func waitForLoad(madeBy action: () -> Void) async -> TestLoad? {
        await waitForLoads(more: 1, madeBy: action)?.first
    }

    /// Yields until `condition` holds or `limit` (``maximumWaitYields`` by default) turns have passed;
    /// returns whether it holds.
    @discardableResult
    package func waitUntil(limit: Int? = nil, _ condition: () -> Bool) async -> Bool {
        let limit = limit ?? maximumWaitYields
        var yields = 0
        while !condition() {
            guard yields < limit else { return false }
            await Task.yield()
            onTurn?()
            yields += 1
        }
        return true
    }

    /// The in-flight request of `sources` that an answer to `load` would settle: the request the load
    /// was made for, or, for a load made without one, the source's in-flight request with the load's
    /// page and kind when the load is the newest of its source.
    package func inFlightRequest<SourceItem>(
        answeredBy load: TestLoad,
        in sources: RefreshSources<SourceItem>
    ) -> RefreshRequest? {
        guard sources.indices.contains(load.source),
            let inFlight = load.kind == .loadPrevious
                ? sources[load.source].previousInFlight : sources[load.source].inFlight
        else { return nil }
        if let request = load.request {
            return request == inFlight ? inFlight : nil
        }
        guard inFlight.page == load.page, inFlight.kind == load.kind,
            loads.last(where: { $0.source == load.source })?.id == load.id
        else { return nil }
        return inFlight
    }

    /// The adopter's items for `items`.
    package func makeItems(_ items: [TestItem]) -> [Item] {
        items.map(makeItem)
    }

    /// Fails every pending load with `CancellationError`, so that no awaiting task is left suspended
    /// and no continuation leaks. Call it at the end of a test that left loads hanging.
    public func abandonPending() {
        for load in pending {
            if let waiter = waiters.removeValue(forKey: load.id) {
                outcomes[load.id] = .cancelled
                deliver(.failure(CancellationError()), to: waiter)
            }
        }
    }

    /// Forgets the recorded loads and outcomes; pending loads stay pending.
    public func reset() {
        let open = Set(waiters.keys)
        loads.removeAll { !open.contains($0.id) }
        outcomes = outcomes.filter { open.contains($0.key) }
    }

    // MARK: Internals

    private func record(
        source: Int,
        page: Int,
        kind: RefreshRequest.Kind?,
        request: RefreshRequest?,
        cursor: String? = nil,
        asksByCursor: Bool = false
    ) -> TestLoad {
        let id = (loads.last?.id ?? -1) + 1
        let load = TestLoad(
            id: id,
            source: source,
            page: page,
            kind: kind ?? (page == firstPage ? .refresh : .loadMore),
            request: request,
            cursor: cursor,
            asksByCursor: asksByCursor
        )
        loads.append(load)
        outcomes[id] = .pending
        return load
    }

    private func wait(for load: TestLoad) async throws -> RefreshPage<Item> {
        let id = load.id
        do {
            let page = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    waiters[id] = .continuation(continuation)
                }
            } onCancel: { [weak self] in
                Task { @MainActor in
                    self?.taskWasCancelled(id)
                }
            }
            resumedAwaitingDelivery -= 1
            deliveriesLanded += 1
            return page
        } catch {
            resumedAwaitingDelivery -= 1
            deliveriesLanded += 1
            throw error
        }
    }

    private func taskWasCancelled(_ id: Int) {
        guard cancellationBehavior == .throwsCancellationError,
            case .continuation = waiters[id],
            let waiter = waiters.removeValue(forKey: id)
        else { return }
        outcomes[id] = .cancelled
        deliver(.failure(CancellationError()), to: waiter)
    }

    private func deliver(_ result: Result<RefreshPage<Item>, any Error>, to waiter: Waiter) {
        switch waiter {
        case .continuation(let continuation):
            resumedAwaitingDelivery += 1
            continuation.resume(with: result)
        case .completion(let completion):
            completion(result)
        }
    }
}

extension TestPageLoader where Item: Equatable {
    /// The item a page of this loader was made with that gives `item`, or `nil` when no answer carried it.
    package func testItem(for item: Item) -> TestItem? {
        minted.last { makeItem($0) == item }
    }
}

extension TestPageLoader where Item == TestItem {
    /// Creates a loader whose pages hold ``TestItem`` values.
    /// - Parameters:
    ///   - firstPage: The number of the first page, `1` by default.
    ///   - cancellationBehavior: What a cancelled task awaiting ``load(_:)`` gets.
    public convenience init(
        firstPage: Int = 1,
        cancellationBehavior: TestLoadCancellation = .throwsCancellationError
    ) {
        self.init(firstPage: firstPage, cancellationBehavior: cancellationBehavior) { $0 }
    }
}
