import Refreshable
import RefreshableTesting
import Testing

/// A callback-style list wired to the testing kit's doubles with a real control's timing. Requests
/// wait until the test answers them, unless `cache` answers them at once, as a synchronous cache.
@MainActor
final class RealTimingController: Refreshable {
    let refreshStatus: RefreshRuntime<String>
    let header: TestHeaderControl
    let footer: TestFooterControl
    /// The main queue both controls' callbacks and queued commands wait on.
    let mainQueue = TestMainQueue()
    let list = TestListView()
    var cache: ((RefreshRequest) -> RefreshPage<String>)?
    private(set) var requests: [RefreshRequest] = []

    init(
        titles: [String] = ["The end"],
        header: TestHeaderControl.Timing = .mjRefreshHeader(.manual),
        footer: TestFooterControl.Timing = .mjRefreshAutoFooter
    ) {
        refreshStatus = RefreshRuntime(noMoreTitles: titles, policy: RefreshPolicy(pageSize: 3))
        self.header = TestHeaderControl(timing: header, mainQueue: mainQueue)
        self.footer = TestFooterControl(timing: footer, mainQueue: mainQueue)
        self.header.action = { [weak self] in self?.headerRefreshingAction() }
        self.footer.action = { [weak self] in self?.footerRefreshingAction() }
    }

    var refreshHeaderControl: (any RefreshHeaderControl)? { header }
    var refreshFooterControl: (any RefreshFooterControl)? { footer }
    var refreshListView: (any RefreshListView)? { list }

    func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        requests.append(request)
        if let cache {
            loadSuccess(cache(request), for: request)
        }
    }

    var lastRequest: RefreshRequest { requests[requests.count - 1] }

    func answer(_ request: RefreshRequest, count: Int = 3, hasMore: Bool? = nil) {
        let first = (request.page - 1) * 3 + 1
        loadSuccess(
            RefreshPage(items: items(source: request.source, from: first, count: count), hasMore: hasMore), for: request
        )
    }

    /// Lets the controls apply their queued commands, call back, and the library's re-check run.
    func nextTurns() async {
        await mainQueue.turns(4)
    }
}

/// The regressions that real controls' timing exposed, each pinned with the testing kit's doubles.
@MainActor
@Suite("Real control timing")
struct RealControlTests {
    // MJRefreshHeader calls its block when the 0.25 s begin animation completes, even after
    // endRefreshing(). An answer faster than that used to be followed by a callback taken as a pull.
    @Test func anMJHeadersLateCallbackAfterFastAnswersNeverLoadsAgain() async {
        let controller = RealTimingController()
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest)
        for _ in 0..<5 {
            controller.refresh()  // the app refreshes (a button): the library begins the header
            controller.answer(controller.lastRequest)  // faster than the begin animation
            await controller.nextTurns()
            controller.header.finishBeginAnimations()  // the late callback
            await controller.nextTurns()
        }
        #expect(controller.requests.count == 6, "one first load and five refreshes: \(controller.requests)")
        #expect(!controller.header.isRefreshing)
    }

    @Test func anMJHeadersLateCallbackAfterATabSwitchDoesNotRefreshTheNewTab() async {
        let controller = RealTimingController(titles: ["A", "B"])
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest)
        controller.switchSource(to: 1)
        controller.answer(controller.lastRequest)
        await controller.nextTurns()
        controller.header.finishBeginAnimations()
        controller.switchSource(to: 0)
        controller.refresh()
        controller.answer(controller.lastRequest)
        await controller.nextTurns()
        controller.switchSource(to: 1)
        controller.header.finishBeginAnimations()
        await controller.nextTurns()
        #expect(controller.requests.map(\.source) == [0, 1, 0], "the late callback refreshed tab B")
    }

    @Test func anMJHeaderCallbackWhileItsRefreshRunsIsNotASecondLoad() async {
        let controller = RealTimingController()
        controller.setupRefreshHeader()
        controller.header.finishBeginAnimations()  // slower answer: the callback comes first
        #expect(controller.requests.count == 1)
        controller.answer(controller.lastRequest)
        await controller.nextTurns()
        #expect(!controller.header.isRefreshing)
    }

    // A synchronous answer (a cache) used to leave the echo expected, so the next real pull was
    // swallowed and the header spun forever.
    @Test func aUsersPullAfterASynchronousAnswerStillLoads() async {
        let controller = RealTimingController()
        controller.cache = { request in RefreshPage(items: ["cached \(request.page)"], hasMore: true) }
        controller.setupRefreshHeader()
        await controller.nextTurns()
        controller.header.finishBeginAnimations()  // the late callback of the setup's begin
        await controller.nextTurns()
        #expect(controller.requests.count == 1)
        controller.header.pull()  // the user pulls
        controller.header.finishBeginAnimations()
        await controller.nextTurns()
        #expect(controller.requests.count == 2, "the user's pull was swallowed")
        #expect(!controller.header.isRefreshing, "the header spins forever")
    }

    @Test func aUIRefreshControlPullLoadsOnceAndEnds() async {
        let controller = RealTimingController(header: .uiRefreshControl)
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest)
        controller.header.pull()
        #expect(controller.requests.count == 2)
        #expect(
            controller.header.calls.filter { $0 == .beginRefreshing }.count == 1, "a pulled control is not begun again")
        controller.answer(controller.lastRequest)
        #expect(!controller.header.isRefreshing)
    }

    @Test func aBackFootersLateCallbackAfterAFastAnswerLoadsNothing() async {
        let controller = RealTimingController(footer: .mjRefreshBackFooter(.manual))
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest, hasMore: true)
        controller.header.finishBeginAnimations()
        controller.loadMore()  // the last row came on screen
        controller.answer(controller.lastRequest, hasMore: true)
        await controller.nextTurns()
        controller.footer.finishBeginAnimations()
        await controller.nextTurns()
        #expect(controller.requests.map(\.page) == [1, 2])
        controller.footer.pull()
        controller.footer.finishBeginAnimations()
        #expect(controller.requests.map(\.page) == [1, 2, 3], "the user's pull-up loads the next page")
    }

    @Test func anAutoFooterCallingBackFromBeginRefreshingLoadsOnce() async {
        let controller = RealTimingController(footer: .mjRefreshAutoFooter)
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest, hasMore: true)
        await controller.nextTurns()
        controller.loadMore()
        await controller.mainQueue.turn()  // MJRefresh calls the block on the main queue's next turn
        #expect(controller.footer.actionCount == 1)
        #expect(controller.requests.map(\.page) == [1, 2])
        controller.answer(controller.lastRequest, hasMore: true)
        await controller.nextTurns()
        controller.footer.pull()  // the user scrolls to the bottom
        await controller.mainQueue.turn()
        #expect(controller.requests.map(\.page) == [1, 2, 3])
    }

    @Test func aPulledFooterWhoseLoadIsIgnoredEnds() async {
        let controller = RealTimingController(footer: .mjRefreshBackFooter(.manual))
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest, hasMore: true)
        controller.header.finishBeginAnimations()
        controller.refresh()
        controller.footer.pull()  // during the refresh: the load-more is ignored
        controller.footer.finishBeginAnimations()
        await controller.nextTurns()
        #expect(controller.requests.map(\.kind) == [.refresh, .refresh])
        #expect(!controller.footer.isRefreshing, "a pulled footer whose load was ignored keeps spinning")
    }

    // MJRefreshAutoFooter resets itself to idle when hidden; the driver used to trust its record.
    @Test func anAutoFooterShowsTheEndAgainAfterARefreshThatEmptiedTheList() async {
        let controller = RealTimingController()
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest, count: 2)
        await controller.nextTurns()
        #expect(controller.footer.state == .noMoreData(title: "The end"))
        controller.refresh()
        controller.answer(controller.lastRequest, count: 0)
        await controller.nextTurns()
        #expect(controller.footer.isHidden)
        controller.refresh()
        controller.answer(controller.lastRequest, count: 2)
        await controller.nextTurns()
        #expect(!controller.footer.isHidden)
        #expect(
            controller.footer.state == .noMoreData(title: "The end"), "the footer offers load-more on an ended list")
    }

    @Test func anAutoFooterShowsTheEndAgainAfterVisitingAnEmptyTab() async {
        let controller = RealTimingController(titles: ["The end", "The end"])
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest, count: 2)
        controller.switchSource(to: 1)
        controller.answer(controller.lastRequest, count: 0)
        await controller.nextTurns()
        #expect(controller.footer.isHidden)
        controller.switchSource(to: 0)
        await controller.nextTurns()
        #expect(controller.footer.state == .noMoreData(title: "The end"))
    }

    // Replacing the state with a saved pristine value used to restore the same request identities.
    @Test func aSavedPristineStatePutBackNeverAppliesTheOldAccountsAnswer() async {
        let controller = RealTimingController()
        let pristine = controller.refreshStatus.sources
        controller.setupRefreshHeader()
        let old = controller.lastRequest
        controller.refreshStatus.sources = pristine  // logout
        let new = controller.lastRequest
        #expect(new != old)
        controller.answer(old, count: 3)
        #expect(controller.refreshStatus[0].items.isEmpty, "the previous account's answer landed")
        controller.answer(new, count: 1)
        #expect(controller.refreshStatus[0].items == ["0:1"])
    }

    @Test func replacingTheStateCancelsTheOldLoadsTask() async {
        let controller = AsyncController()
        controller.setupRefreshHeader()
        await controller.waitForStart(count: 1)
        let old = controller.loads.started[0]
        controller.refreshStatus.sources = RefreshSources(noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 3))
        await controller.loads.settle { controller.discarded.contains(old) }
        #expect(!controller.loads.pendingRequests.contains(old), "the old state's load was not cancelled")
        #expect(controller.discarded.contains(old))
    }

    @Test func replacingTheStateHidesAShownPlaceholder() {
        let controller = RealTimingController()
        controller.setupRefreshHeader()
        controller.loadFailer(ServerError(code: 500), for: controller.lastRequest)
        #expect(controller.list.placeholder != nil)
        controller.refreshStatus.sources = RefreshSources(noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 3))
        #expect(controller.list.placeholder == nil, "the old state's placeholder stays over the new list")
        #expect(controller.refreshStatus[0].isRefreshing, "the list on screen loads its first page again")
    }

    @Test func anEditedCopyOfTheStateKeepsTheLoadInFlight() async {
        let controller = RealTimingController()
        controller.setupRefreshHeader()
        let request = controller.lastRequest
        controller.refreshStatus.sources[0].noMoreTitle = "Nothing more"
        controller.answer(request, count: 2)
        await controller.nextTurns()
        #expect(controller.refreshStatus[0].items.count == 2)
        #expect(controller.footer.state == .noMoreData(title: "Nothing more"))
    }

    @Test func aFailureReadsAsTheRuntimesDescriptionOfTheError() {
        let controller = RealTimingController()
        controller.refreshStatus.failureMessage = { _ in "网络连接已断开。" }  // the app's own, localised words
        controller.setupRefreshHeader()
        controller.loadFailer(ServerError(code: -1009), for: controller.lastRequest)
        #expect(controller.refreshStatus[0].failure?.message == "网络连接已断开。")
        #expect(controller.refreshStatus[0].failure?.underlyingError as? ServerError == ServerError(code: -1009))
    }

    @Test func aRefusedAnswerReadsInTheRuntimesWordsOnTheFooterAndThePlaceholder() {
        let controller = RealTimingController(header: .uiRefreshControl, footer: .immediate)
        controller.refreshStatus.failureMessage = { failure in
            guard case .invalidResponse = failure.reason else {
                return "Échec du chargement."
            }
            return "Le serveur a répondu de travers."
        }
        controller.setupRefreshHeader()
        let hostile = RefreshPage(items: ["x"], curPage: 5, pageCount: 2)
        controller.loadSuccess(hostile, for: controller.lastRequest)
        #expect(controller.list.placeholder?.message == "Le serveur a répondu de travers.")
        #expect(controller.refreshStatus[0].failure?.message == "Le serveur a répondu de travers.")
        #expect(controller.list.tapRetry())
        controller.answer(controller.lastRequest)
        controller.loadMore()
        controller.loadSuccess(hostile, for: controller.lastRequest)
        #expect(controller.footer.state == .failed(message: "Le serveur a répondu de travers."))
        #expect(controller.refreshStatus[0].loadMoreFailure?.message == "Le serveur a répondu de travers.")
        #expect(controller.refreshStatus[0].items.count == 3, "the refused page changed the items")
    }

    @Test func aRefusedAnswerKeepsItsOwnMessageByDefault() {
        let controller = RealTimingController(header: .uiRefreshControl, footer: .immediate)
        controller.setupRefreshHeader()
        controller.loadSuccess(RefreshPage(items: ["x"], curPage: 5, pageCount: 2), for: controller.lastRequest)
        #expect(controller.refreshStatus[0].failure?.message.hasPrefix("The server's answer was refused: ") == true)
    }

    // A retry tapped inside showFailurePlaceholder used to leave the placeholder over the retry.
    @Test func aRetryStartedFromInsideShowFailurePlaceholderHidesIt() {
        let list = RetryingList()
        let controller = RetryingController(list: list)
        controller.setupRefreshHeader()
        controller.loadFailer(ServerError(code: 500), for: controller.requests[0])
        #expect(controller.requests.count == 2, "the placeholder's retry started a load")
        #expect(!list.isShowingPlaceholder, "the placeholder stays shown during the retry")
    }
}

/// A list whose placeholder retries at once, as a list that auto-retries would.
@MainActor
final class RetryingList: RefreshListView {
    private(set) var isShowingPlaceholder = false
    private var retried = false
    func reloadData() {}
    func showFailurePlaceholder(_ failure: RefreshFailure, retry: @escaping @MainActor () -> Void) {
        isShowingPlaceholder = true
        if !retried {
            retried = true
            retry()
        }
    }
    func hideFailurePlaceholder() { isShowingPlaceholder = false }
    func showFailureMessage(_ failure: RefreshFailure) {}
}

@MainActor
final class RetryingController: Refreshable {
    let refreshStatus = RefreshRuntime<String>(noMoreTitles: [""])
    let list: RetryingList
    private(set) var requests: [RefreshRequest] = []
    init(list: RetryingList) { self.list = list }
    var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { list }
    func refreshData(isRefresh: Bool) { requests.append(refreshRequest) }
}

/// The view-model side with real control timing.
@MainActor
@Suite("Status dispatch with real controls")
struct RealControlStatusTests {
    private struct Output: OutputRefreshProtocol {
        let refreshStatus = RefreshStatusRelay()
    }

    @Test func aHeaderStatusDoesNotEndAFooterTheUserPulled() async {
        let output = Output()
        let mainQueue = TestMainQueue()
        let header = TestHeaderControl(timing: .mjRefreshHeader(.manual), mainQueue: mainQueue)
        let footer = TestFooterControl(timing: .mjRefreshBackFooter(.manual), mainQueue: mainQueue)
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        await mainQueue.turn()  // the footer applies what subscribing sent
        footer.pull()
        output.refreshStatus.value = .beginHeaderRefresh
        output.refreshStatus.value = .endHeaderRefresh
        await mainQueue.turn()
        #expect(footer.isRefreshing, "endHeaderRefresh ended the footer the user pulled")
        #expect(!footer.calls.contains(.endRefreshing))
        output.refreshStatus.value = .endFooterRefresh
        await mainQueue.turn()
        #expect(!footer.isRefreshing)
        subscription.cancel()
    }

    @Test func aFooterStatusDoesNotEndAHeaderTheUserPulled() async {
        let output = Output()
        let mainQueue = TestMainQueue()
        let header = TestHeaderControl(timing: .mjRefreshHeader(.manual), mainQueue: mainQueue)
        let footer = TestFooterControl(timing: .mjRefreshAutoFooter, mainQueue: mainQueue)
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        header.pull()
        output.refreshStatus.value = .endFooterRefresh
        #expect(header.isRefreshing)
        #expect(header.calls.isEmpty)
        output.refreshStatus.value = .endHeaderRefresh
        await mainQueue.turn()
        #expect(!header.isRefreshing)
        subscription.cancel()
    }

    @Test func subscribingAfterTheAppBeganTheHeaderKeepsItRefreshing() {
        let output = Output()
        let header = TestHeaderControl(timing: .mjRefreshHeader(.manual))
        header.beginRefreshing()  // the app's first load, started through the control
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        #expect(header.isRefreshing)
        #expect(header.calls == [.beginRefreshing], "subscribing ended the header before its load ran")
        subscription.cancel()
    }

    @Test func aSubscriberAddedDuringDeliveryGetsTheStatusBeingDeliveredThenTheRest() {
        let relay = RefreshStatusRelay()
        var late: [RefreshStatus] = []
        var lateSubscription: RefreshSubscription?
        let first = relay.subscribe { status in
            guard status == .endFooterRefresh, lateSubscription == nil else { return }
            relay.value = .noMoreData
            lateSubscription = relay.subscribe { late.append($0) }
        }
        relay.value = .endFooterRefresh
        #expect(late == [.endFooterRefresh, .noMoreData])
        first.cancel()
        lateSubscription?.cancel()
    }
}

/// Arithmetic on server and policy values never traps.
@Suite("Overflow-safe paging")
struct OverflowTests {
    @Test func theLargestCurPageOnAZeroBasedListIsValidatedWithoutTrapping() {
        let request = RefreshRequest(source: 0, page: .max, kind: .loadMore, generation: 1)
        let page = RefreshPage(items: ["x"], curPage: Int.max, pageCount: 3)
        #expect(
            page.validate(against: request, heldBefore: 1, firstPage: 0)
                == .currentPageBeyondPageCount(curPage: .max, pageCount: 3)
        )
    }

    @Test func theSmallestPageIsNotTheLastWithoutTrapping() {
        let request = RefreshRequest(source: 0, page: .min, kind: .loadMore, generation: 1)
        let page = RefreshPage(items: ["x"], pageCount: 3)
        #expect(!page.isLastPage(heldAfterApplying: 1, request: request, policy: RefreshPolicy(firstPage: 1)))
    }

    @Test func aFirstPageOfIntMaxEndsTheListInsteadOfOverflowing() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 1, firstPage: .max))
        guard case .started(let request, _) = sources.begin(.refresh, source: 0) else { throw Unexpected() }
        _ = sources.succeed(request, with: RefreshPage(items: ["x"], hasMore: true))
        #expect(sources[0].noMoreData, "no page can follow page Int.max")
        #expect(sources.begin(.loadMore, source: 0) == .ignored(.noMoreData))
    }

    @Test func anEmptyPagePastPageCountEndsAShrunkenList() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2))
        guard case .started(let first, _) = sources.begin(.refresh, source: 0) else { throw Unexpected() }
        _ = sources.succeed(first, with: RefreshPage(items: ["a", "b"], curPage: 1, pageCount: 3))
        guard case .started(let second, _) = sources.begin(.loadMore, source: 0) else { throw Unexpected() }
        _ = sources.succeed(second, with: RefreshPage(items: ["c", "d"], curPage: 2, pageCount: 3))
        guard case .started(let third, _) = sources.begin(.loadMore, source: 0) else { throw Unexpected() }
        // The list shrank to two pages meanwhile: page 3 is empty and past the new pageCount.
        let settled = sources.succeed(third, with: RefreshPage(items: [], curPage: 3, pageCount: 2))
        guard case .applied = settled else {
            Issue.record("the shrunken list's empty page was refused: \(settled)")
            return
        }
        #expect(sources[0].noMoreData)
        #expect(sources[0].items == ["a", "b", "c", "d"])
    }

    @Test func anUnloadedSourceReadsOneBelowAZeroBasedFirstPage() {
        let sources = RefreshSources<String>([RefreshState(noMoreTitle: "end")], policy: RefreshPolicy(firstPage: 0))
        #expect(sources[0].page == -1)
    }

    @Test func aPageBeyondPageCountIsRefusedWhetherOrNotCurPageIsSent() throws {
        for curPage in [3, nil] as [Int?] {
            var sources = RefreshSources<String>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 1))
            guard case .started(let first, _) = sources.begin(.refresh, source: 0) else { throw Unexpected() }
            _ = sources.succeed(first, with: RefreshPage(items: ["a"], hasMore: true))
            guard case .started(let second, _) = sources.begin(.loadMore, source: 0) else { throw Unexpected() }
            _ = sources.succeed(second, with: RefreshPage(items: ["b"], hasMore: true))
            guard case .started(let third, _) = sources.begin(.loadMore, source: 0) else { throw Unexpected() }
            let settled = sources.succeed(third, with: RefreshPage(items: ["c"], curPage: curPage, pageCount: 2))
            #expect(
                settled
                    == .failed(
                        RefreshFailure(
                            request: third,
                            reason: .invalidResponse(.currentPageBeyondPageCount(curPage: 3, pageCount: 2))
                        )
                    ),
                "curPage \(String(describing: curPage))"
            )
        }
    }
}

private struct Unexpected: Error {}

/// A view model that owns its list publishes the statuses its controller's controls follow.
@MainActor
@Suite("A view model's list publishes its statuses")
struct PublishedStatusTests {
    private struct Output: OutputRefreshProtocol {
        let refreshStatus = RefreshStatusRelay()
    }

    @Test func theListsStatusesDriveTheControllersControlsWithTheEndOfListTitle() async {
        let list = RealTimingController(header: .uiRefreshControl, footer: .immediate)
        let output = Output()
        var statuses: [RefreshStatus] = []
        let recording = output.refreshStatus.subscribe { statuses.append($0) }
        list.refreshStatus.publishStatuses(to: output.refreshStatus)
        let header = TestHeaderControl()
        let footer = TestFooterControl()
        let driving = output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        list.setupRefreshHeader()
        #expect(header.isRefreshing)
        list.answer(list.lastRequest, count: 2)
        #expect(!header.isRefreshing)
        #expect(footer.state == .noMoreData(title: "The end"), "the end-of-list title was lost on the way")
        #expect(statuses == [.none, .hideFooter, .beginHeaderRefresh, .showFooter, .noMoreData, .endHeaderRefresh])
        list.refreshStatus.stopPublishingStatuses()
        list.refresh()
        #expect(!header.isRefreshing, "statuses were published after stopPublishingStatuses()")
        recording.cancel()
        driving.cancel()
    }
}
