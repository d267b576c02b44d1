import Refreshable

/// One adopter wired to a fresh rig: the actions the scenarios and the model check perform on it,
/// the step log, the waiting for an adopter that delivers late, and the comparisons both make.
///
/// Actions only act; the caller decides when to let queued work run (``settle()``), so the model
/// check can skip trips through the main queue for an adopter that works synchronously.
@MainActor
final class AdopterDriver<Adopter: Refreshable> where Adopter.Item: Equatable {
    /// Something the user or the app does.
    typealias Action = AdopterAction

    /// The adopter's in-flight request that an answer or a failure settles, and its sources just before.
    struct Settling {
        let request: RefreshRequest
        let source: Int
        let before: RefreshSources<Adopter.Item>
        /// The step that answered or failed it, to say what the library did with it.
        var step: Int?
    }

    let rig: ConformanceRig<Adopter.Item>
    let adopter: Adopter
    let budget: WaitBudget
    private(set) var steps: [String] = []
    private var examinedLoads = 0
    private var examinedMessages = 0

    init(
        rig: ConformanceRig<Adopter.Item>,
        makeAdopter: @MainActor (ConformanceRig<Adopter.Item>) -> Adopter,
        budget: WaitBudget
    ) {
        self.rig = rig
        self.budget = budget
        rig.loader.waitBudget = budget
        adopter = makeAdopter(rig)
        rig.connect(adopter)
    }

    var sources: RefreshSources<Adopter.Item> { adopter.refreshStatus.sources }
    var policy: RefreshPolicy { sources.policy }

    /// The most pages a scenario other than the page cap's own loads, all of which it expects held.
    static var pagesOutsideTheCapScenarios: Int { 4 }

    /// Raises a page cap below `pages` (by default ``pagesOutsideTheCapScenarios``) to it, for a
    /// scenario that expects every page it loads held; the cap's own scenarios and the random
    /// events keep the adopter's cap.
    func leaveRoomForAllPages(_ pages: Int = pagesOutsideTheCapScenarios) {
        guard let cap = policy.maxPages, cap < pages else { return }
        var raised = adopter.refreshStatus.sources
        raised.policy.maxPages = pages
        adopter.refreshStatus.sources = raised
        note("refreshStatus.sources.policy.maxPages = \(pages) (was \(cap))")
    }

    /// The front door, when the suite routes its actions through it (a list model's screen).
    private var routed: (any RoutedFrontDoor)? { adopter as? any RoutedFrontDoor }

    /// A control counts as present when the adopter exposes the rig's double or drives it itself,
    /// a screen draws it, or a controller that wires its own controls wired it.
    var hasHeader: Bool {
        adopter.refreshHeaderControl === rig.header || !rig.header.calls.isEmpty || routed?.drawsHeader == true
            || (rig.frontDoor == .ownWiring && rig.header.isWired)
    }
    var hasFooter: Bool {
        adopter.refreshFooterControl === rig.footer || !rig.footer.calls.isEmpty || routed?.drawsFooter == true
            || (rig.frontDoor == .ownWiring && rig.footer.isWired)
    }
    var hasListView: Bool {
        adopter.refreshListView === rig.listView || !rig.listView.calls.isEmpty || routed?.drawsListView == true
    }

    /// Whether a user's pull of the footer reaches the list: the controller wired the footer, or
    /// a screen loads more as its last rows come on screen.
    var footerTakesPulls: Bool { routed != nil || rig.footer.isWired }

    /// Whether `cancelLoading(source:)` reaches only the source on screen (a list model's).
    var cancelsOnlyTheCurrentSource: Bool { routed?.cancelsOnlyTheCurrentSource ?? false }

    /// Every failure the adopter's sources hold: what the library recorded, a refused answer's
    /// reason included.
    var recordedFailures: [RefreshFailure] {
        var found: [RefreshFailure] = []
        for state in sources {
            for failure in [state.failure, state.loadMoreFailure, state.loadPreviousFailure].compactMap({ $0 })
            where !found.contains(failure) {
                found.append(failure)
            }
        }
        return found
    }

    func note(_ step: String) {
        steps.append(step)
    }

    // MARK: Acting

    /// Performs the action; returns `false` for a retry tap with no placeholder to tap, and for a
    /// pull of a control that is absent, unwired, or showing a state a user cannot pull from.
    @discardableResult
    func perform(_ action: Action) -> Bool {
        switch action {
        case .pullHeader:
            guard hasHeader, rig.header.isWired, rig.header.canBePulled else { return false }
            note(Self.step(for: action))
            return rig.header.pullAndRelease()
        case .pullFooter:
            if let routed {
                guard routed.route(action) else { return false }
                note("the last row comes on screen and goes")
                return true
            }
            guard hasFooter, rig.footer.isWired, rig.footer.canBePulled else { return false }
            note(Self.step(for: action))
            return rig.footer.pullAndRelease()
        case .tapRetry:
            note(Self.step(for: action))
            return rig.listView.tapRetry()
        case .retryNow:
            note(Self.step(for: action))
            adopter.refreshStatus.retryNow()
            return true
        case .refreshIfStale(let minutes):
            note(Self.step(for: action))
            if let routed, routed.route(action) {
                return true
            }
            if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
                adopter.refreshIfStale(olderThan: .seconds(minutes * 60))
            }
            return true
        case .setOnline(let online):
            note(Self.step(for: action))
            if let routed, routed.route(action) {
                return true
            }
            adopter.setOnline(online)
            return true
        default:
            break
        }
        note(Self.step(for: action))
        if let routed, routed.route(action) {
            return true
        }
        switch action {
        case .appear:
            adopter.setupRefreshHeader()
            adopter.setupRefreshFooter()
        case .refresh:
            adopter.refresh()
        case .loadMore:
            adopter.loadMore()
        case .loadPrevious:
            adopter.loadPrevious()
        case .switchSource(let index):
            adopter.switchSource(to: index)
        case .cancel(let source):
            adopter.cancelLoading(source: source)
        case .update(let item):
            adopter.updateItem(rig.loader.makeItems([item])[0], source: adopter.currentIndex)
        case .remove(let id):
            adopter.removeItem(id: rig.itemID(id), source: adopter.currentIndex)
        case .insert(let item, let position):
            adopter.insertItem(rig.loader.makeItems([item])[0], at: position, source: adopter.currentIndex)
        case .rowAppears(let row):
            adopter.rowDidAppear(at: row)
        case .insertPending(let item, let position):
            adopter.insertPendingItem(rig.loader.makeItems([item])[0], at: position, source: adopter.currentIndex)
        case .tapRetry, .retryNow, .pullHeader, .pullFooter, .refreshIfStale, .setOnline:
            break
        }
        return true
    }

    /// How the steps of a report name an action.
    static func step(for action: Action) -> String {
        switch action {
        case .appear: return "setupRefreshHeader(); setupRefreshFooter()"
        case .refresh: return "refresh()"
        case .loadMore: return "loadMore()"
        case .loadPrevious: return "loadPrevious()"
        case .switchSource(let index): return "switchSource(to: \(index))"
        case .cancel(let source): return "cancelLoading(source: \(source))"
        case .tapRetry: return "tap the failure placeholder's retry"
        case .update(let item): return "updateItem(\(item))"
        case .remove(let id): return "removeItem(id: \(describe(id: id)))"
        case .insert(let item, let position): return "insertItem(\(item), at: \(position))"
        case .insertPending(let item, let position): return "insertPendingItem(\(item), at: \(position))"
        case .retryNow: return "refreshStatus.retryNow()"
        case .refreshIfStale(let minutes): return "refreshIfStale(olderThan: .seconds(\(minutes) * 60))"
        case .setOnline(let online): return "setOnline(\(online))"
        case .pullHeader: return "the user pulls the header"
        case .pullFooter: return "the user pulls the footer up"
        case .rowAppears(let row): return "rowDidAppear(at: \(row))"
        }
    }

    // MARK: Retries

    /// Longer than any wait a retry policy makes, so one advance of the clock ends every wait.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    static var longerThanAnyRetryWait: Duration { .seconds(365 * 24 * 3_600) }

    /// How many tasks sleep on the rig's clock: the loads waiting for their retry.
    var retryWaits: Int {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return 0 }
        return rig.clock.sleeperCount
    }

    /// Advances the rig's clock past every wait for a retry.
    func endRetryWaits() {
        note("advance the retry clock past every wait")
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
        rig.clock.advance(by: Self.longerThanAnyRetryWait)
    }

    /// Waits until the loader holds `count` loads beyond those examined, whichever sources they are
    /// for. Returns whether it had to wait.
    @discardableResult
    func waitForLoads(_ count: Int) async -> Bool {
        let wanted = examinedLoads + count
        guard rig.loader.loads.count < wanted else { return false }
        await budget.wait(rig.loader) { rig.loader.loads.count >= wanted }
        return true
    }

    /// Waits until `count` loads wait for their retry on the rig's clock, or, when `settling` is
    /// given, the adopter did something else with the failure it settles: applied it (showed the
    /// failure without retrying) or asked for a load (asked again without waiting). A load goes
    /// to sleep on the clock a turn or more after its failure. Returns whether it had to wait.
    @discardableResult
    func waitForRetryWaits(_ count: Int, or settling: Settling? = nil) async -> Bool {
        guard retryWaits < count else { return false }
        await budget.wait(rig.loader) {
            if retryWaits >= count {
                return true
            }
            guard let settling else { return false }
            if rig.loader.loads.count > examinedLoads {
                return true
            }
            let now = sources
            return !now.isInFlight(settling.request) || now != settling.before
        }
        return true
    }

    /// Answers a pending load with a new page carrying `signals`, as the adopter's server sends
    /// it (see ``PageSignals/sent(for:itemCount:pageSize:signalsInEveryAnswer:firstPage:heldAfter:)``);
    /// returns its items, what it settles, and the signals the library must see: those sent, or
    /// the end of the list on a source whose list is one page (``ConformanceConfiguration/onePageSources``).
    /// - Parameter heldAfter: The items the server sent the source once the page applies, for a
    ///   total count it must add; by default what the source holds with the page.
    func answer(
        _ load: TestLoad,
        itemCount: Int,
        copies: [TestItem] = [],
        signals: PageSignals = PageSignals(),
        heldAfter: Int? = nil,
        remark: String = ""
    ) -> (items: [TestItem], settling: Settling?, sent: PageSignals) {
        var settling = settling(load)
        let held = sources.indices.contains(load.source) && load.kind != .refresh ? sources[load.source].items.count : 0
        var signals = signals.sent(
            for: load, itemCount: itemCount, pageSize: policy.pageSize,
            signalsInEveryAnswer: policy.paging == .pageNumbers ? rig.signalsInEveryAnswer : [],
            firstPage: policy.firstPage, heldAfter: heldAfter ?? held + itemCount)
        if policy.paging == .cursors {
            signals = signals.forCursorPaging(itemCount: itemCount, pageSize: policy.pageSize, page: load.page)
            if !rig.hasPreviousPages {
                signals.previousCursor = nil
            }
        }
        let copies = copies.count < itemCount ? copies : copiesAskedAfter(load, copies)
        let repeated = copies.isEmpty ? "" : ", copies of \(copies)"
        note("answer \(load) with \(itemCount) item(s)\(repeated)\(signals)\(remark)")
        settling?.step = steps.count - 1
        let made = rig.loader.makePage(
            for: load,
            itemCount: itemCount,
            copies: copies,
            hasMore: signals.hasMore,
            pageCount: signals.pageCount,
            totalCount: signals.totalCount,
            nextCursor: signals.nextCursor,
            previousCursor: signals.previousCursor
        )
        rig.loader.answer(load, with: made.page)
        let onePage = rig.onePageSources.contains(load.source) && load.kind != .loadPrevious
        if onePage {
            return (made.items, settling, .onePage)
        }
        // An adopter that makes cursors from ids asks after the page's last item.
        if let cursor = rig.itemIDCursor, signals.nextCursor != nil {
            signals.nextCursor = made.items.last.map { cursor($0.id) }
        }
        return (made.items, settling, signals)
    }

    /// `copies`, which fill a page answering `load`, in an order that does not end the page with
    /// an item the source's loads asked after already, for an adopter that makes cursors from
    /// ids: a server answering `before=` an item sends items older than it, so it never ends a
    /// page with an item asked after, and an answer that did would lead the list back where it
    /// was. Unchanged when every copy was asked after.
    private func copiesAskedAfter(_ load: TestLoad, _ copies: [TestItem]) -> [TestItem] {
        guard let cursor = rig.itemIDCursor, let last = copies.last else { return copies }
        let asked = Set(rig.loader.loads.filter { $0.source == load.source }.compactMap(\.cursor))
        guard asked.contains(cursor(last.id)), let other = copies.lastIndex(where: { !asked.contains(cursor($0.id)) })
        else { return copies }
        var reordered = copies
        reordered.swapAt(other, reordered.count - 1)
        return reordered
    }

    /// Adds to the step that answered what `settling` settles what the library did with the answer
    /// when it refused it, so that a report shows the refusal and its reason where it happened.
    func noteRefusal(_ settling: Settling?) {
        guard let settling, let step = settling.step, steps.indices.contains(step),
            let failure = sources.indices.contains(settling.source)
                ? [sources[settling.source].failure, sources[settling.source].loadPreviousFailure]
                    .compactMap({ $0 }).first(where: { $0.request == settling.request }) : nil,
            case .invalidResponse(let invalid) = failure.reason
        else { return }
        steps[step] += " → the library refused it: \(invalid.explanation)"
    }

    /// An id as the item it was first given to, such as `r3[1]`.
    static func describe(id: Int) -> String {
        "r\(id >> 20)[\(id & 1_048_575)]"
    }

    /// Fails a pending load; returns what it settles.
    func fail(_ load: TestLoad, remark: String = "") -> Settling? {
        let settling = settling(load)
        note("fail \(load)\(remark)")
        rig.loader.fail(load, with: TestLoadError("conformance failure"))
        return settling
    }

    private func settling(_ load: TestLoad) -> Settling? {
        let before = sources
        return rig.loader.inFlightRequest(answeredBy: load, in: before).map {
            Settling(request: $0, source: load.source, before: before)
        }
    }

    // MARK: Waiting

    /// Lets queued main-actor work run and applies the controls' queued commands.
    func settle() async {
        await rig.settle()
    }

    /// Waits until the loader holds `count` loads beyond those examined, or none of `sources` is
    /// loading any more (the adopter started no load there). Returns whether it had to wait.
    @discardableResult
    func waitForLoads(_ count: Int, of sources: [Int]) async -> Bool {
        let wanted = examinedLoads + count
        guard rig.loader.loads.count < wanted else { return false }
        await budget.wait(rig.loader) {
            rig.loader.loads.count >= wanted || !sources.contains { self.sources[$0].isLoading }
        }
        return true
    }

    /// Waits until the adopter has applied what `settling` settles, when it still has that request
    /// in flight (an answer may come back through other actors). Returns whether it had to wait.
    @discardableResult
    func waitForReaction(_ settling: Settling?) async -> Bool {
        guard let settling, sources.isInFlight(settling.request) else { return false }
        await budget.waitForReaction(
            to: settling.request,
            source: settling.source,
            before: settling.before,
            loader: rig.loader
        ) { sources }
        return true
    }

    /// Fails every pending load, so no task stays suspended, and lets the work run.
    func finish() async {
        rig.loader.abandonPending()
        await rig.settle()
    }

    // MARK: Observing

    /// How far the loads and messages were examined, to look at them again after a settle.
    var marks: (loads: Int, messages: Int) {
        get { (examinedLoads, examinedMessages) }
        set { (examinedLoads, examinedMessages) = newValue }
    }

    /// The loads asked for since the last look.
    func takeNewLoads() -> [TestLoad] {
        let fresh = Array(rig.loader.loads.dropFirst(examinedLoads))
        examinedLoads = rig.loader.loads.count
        return fresh
    }

    /// Compares the loads asked for since the last look with `expected`, in any order when
    /// `unordered` (retries that wake together ask again in the order their tasks run).
    func loadsMismatch(
        _ expected: [ConformanceMismatch.Load],
        unordered: Bool = false
    ) -> (fresh: [TestLoad], mismatch: ConformanceMismatch?) {
        let fresh = takeNewLoads()
        let observed = fresh.map { ConformanceMismatch.Load(source: $0.source, page: $0.page, kind: $0.kind) }
        if observed == expected {
            return (fresh, nil)
        }
        if unordered, observed.count == expected.count {
            var left = expected
            for load in observed {
                guard let index = left.firstIndex(of: load) else { break }
                left.remove(at: index)
            }
            if left.isEmpty {
                return (fresh, nil)
            }
        }
        return (fresh, .loads(expected: expected, observed: observed))
    }

    func itemsMismatch(source: Int, expected: [TestItem]) -> ConformanceMismatch? {
        let held = sources[source].items
        guard held != rig.loader.makeItems(expected) else { return nil }
        return .items(source: source, expected: expected, observed: held.map { rig.loader.testItem(for: $0) })
    }

    func endOfListMismatch(source: Int, expected: Bool) -> ConformanceMismatch? {
        let ended = sources[source].noMoreData
        return ended == expected ? nil : .endOfList(source: source, expected: expected, observed: ended)
    }

    func pageMismatch(source: Int, expected: Int) -> ConformanceMismatch? {
        let page = sources[source].page
        return page == expected ? nil : .page(source: source, expected: expected, observed: page)
    }

    func loadingMismatch(source: Int, expected: Bool) -> ConformanceMismatch? {
        let loading = sources[source].isLoading
        return loading == expected ? nil : .loading(source: source, expected: expected, observed: loading)
    }

    func loadingPreviousMismatch(source: Int, expected: Bool) -> ConformanceMismatch? {
        let loading = sources[source].isLoadingPrevious
        return loading == expected ? nil : .loadingPrevious(source: source, expected: expected, observed: loading)
    }

    func startOfListMismatch(source: Int, expected: Bool) -> ConformanceMismatch? {
        let start = sources[source].noPreviousData
        return start == expected ? nil : .startOfList(source: source, expected: expected, observed: start)
    }

    func previousPageFailureMismatch(source: Int, expected: Bool) -> ConformanceMismatch? {
        let failed = sources[source].loadPreviousFailure != nil
        return failed == expected ? nil : .previousPageFailure(source: source, expected: expected, observed: failed)
    }

    func headerMismatch(refreshing: Bool) -> ConformanceMismatch? {
        let shown = rig.header.isRefreshing
        return shown == refreshing ? nil : .headerRefreshing(expected: refreshing, observed: shown)
    }

    func footerHiddenMismatch(_ hidden: Bool) -> ConformanceMismatch? {
        let shown = rig.footer.isHidden
        return shown == hidden ? nil : .footerHidden(expected: hidden, observed: shown)
    }

    /// Compares the footer's state; a failure's text is compared only when `exactly`.
    func footerMismatch(_ expected: TestFooterControl.State, exactly: Bool) -> ConformanceMismatch? {
        let shown = rig.footer.state
        let same = exactly ? shown == expected : shown.hasSameShape(as: expected)
        return same ? nil : .footer(expected: expected, observed: shown)
    }

    func placeholderMismatch(shown: Bool) -> ConformanceMismatch? {
        let present = rig.listView.placeholder != nil
        return present == shown ? nil : .placeholderShown(expected: shown, observed: present)
    }

    /// Compares the failure messages shown since the last look with `expected`.
    func messagesMismatch(_ expected: Int) -> ConformanceMismatch? {
        let fresh = rig.listView.messages.count - examinedMessages
        examinedMessages = rig.listView.messages.count
        return fresh == expected ? nil : .failureMessages(expected: expected, observed: fresh)
    }

    /// The footer a source shows once its list has ended.
    func endedFooter(source: Int) -> TestFooterControl.State {
        let title = sources[source].noMoreTitle
        return .noMoreData(title: title.isEmpty ? nil : title)
    }
}
