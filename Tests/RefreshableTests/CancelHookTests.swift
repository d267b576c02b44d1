import Refreshable
import RefreshableTesting
import Testing

/// A callback-style adopter that starts its requests itself and records which ones the library
/// says are no longer wanted.
@MainActor
private final class CallbackController: Refreshable {
    let refreshStatus: RefreshRuntime<String>
    var currentIndex = 0
    /// Answers each request inside `refreshData(isRefresh:)`, as a cache would.
    var answersAtOnce = false
    /// Run from `refreshDidCancel(_:)`, as an adopter's cancellation that reports at once would.
    var onCancel: ((RefreshRequest) -> Void)?
    private(set) var requests: [RefreshRequest] = []
    private(set) var cancelled: [RefreshRequest] = []
    private(set) var discarded: [RefreshRequest] = []

    init(policy: RefreshPolicy = RefreshPolicy(pageSize: 3)) {
        refreshStatus = RefreshRuntime(noMoreTitles: ["The end", "The end of B"], policy: policy)
    }

    var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { nil }

    func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        requests.append(request)
        if answersAtOnce {
            answer(request)
        }
    }

    func refreshDidCancel(_ request: RefreshRequest) {
        cancelled.append(request)
        onCancel?(request)
    }

    func refreshDidDiscard(_ request: RefreshRequest) {
        discarded.append(request)
    }

    func answer(_ request: RefreshRequest) {
        loadSuccess(RefreshPage(items: (1...3).map { "\(request.page).\($0)" }, hasMore: true), for: request)
    }

    /// Loads the first page and answers it.
    static func loaded() -> CallbackController {
        let controller = CallbackController()
        controller.setupRefreshHeader()
        controller.answer(controller.requests[0])
        return controller
    }
}

/// An async adopter, whose loads the library cancels itself.
@MainActor
private final class AsyncFeed: AsyncRefreshable {
    let refreshStatus = RefreshRuntime<String>(noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 3))
    let loads = TestPageLoader<String>()
    private(set) var cancelled: [RefreshRequest] = []

    var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { nil }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<String> {
        try await loads.load(request)
    }

    func refreshDidCancel(_ request: RefreshRequest) {
        cancelled.append(request)
    }
}

/// A callback-style adopter hears of each request it started that is no longer wanted, so that
/// it can cancel the network task; nothing else is reported as cancelled.
@MainActor
@Suite("Requests no longer wanted")
struct CancelHookTests {
    @Test func aRefreshThatSupersedesALoadMoreTellsTheAdopterToCancelIt() {
        let controller = CallbackController.loaded()
        controller.loadMore()
        let loadMore = controller.requests[1]
        controller.refresh()
        #expect(controller.cancelled == [loadMore])
        controller.answer(loadMore)  // the network answered before it saw the cancellation
        #expect(controller.discarded == [loadMore])
        #expect(controller.currentItems.count == 3, "the superseded page was applied")
    }

    @Test func cancellingASourcesLoadTellsTheAdopter() {
        let controller = CallbackController.loaded()
        controller.refresh()
        let refresh = controller.requests[1]
        controller.cancelLoading()
        #expect(controller.cancelled == [refresh])
        #expect(controller.currentItems.count == 3)
    }

    @Test func replacingTheStateTellsTheAdopterOfEveryRequestInFlight() {
        let controller = CallbackController.loaded()
        controller.loadMore()
        let loadMore = controller.requests[1]
        controller.refreshStatus.sources = RefreshSources(noMoreTitles: ["The end"])
        #expect(controller.cancelled == [loadMore])
    }

    @Test func aLoadOfThePreviousPageThePageCapSupersedesIsReportedCancelled() {
        let controller = CallbackController(policy: RefreshPolicy(pageSize: 3, maxPages: 1))
        controller.setupRefreshHeader()
        controller.answer(controller.requests[0])
        controller.loadMore()
        controller.answer(controller.requests[1])  // holds page 2 only: page 1 was dropped
        controller.loadPrevious()
        let previous = controller.requests[2]
        #expect(previous.kind == .loadPrevious && previous.page == 1)
        controller.loadMore()
        controller.answer(controller.requests[3])  // holds page 3 only: page 1 is no longer before it
        #expect(controller.cancelled == [previous])
    }

    @Test func anAnsweredRequestIsNeverReportedCancelled() {
        let controller = CallbackController.loaded()
        controller.loadMore()
        controller.answer(controller.requests[1])
        controller.refresh()
        controller.cancelLoading()
        #expect(controller.cancelled == [controller.requests[2]], "only the refresh was still in flight")
    }

    @Test func aRequestAnsweredInsideRefreshDataIsNeverReportedCancelled() {
        let controller = CallbackController()
        controller.answersAtOnce = true
        controller.setupRefreshHeader()
        controller.loadMore()
        controller.refresh()
        controller.refreshStatus.sources = RefreshSources(noMoreTitles: ["The end"])  // loads its first page
        #expect(controller.requests.map(\.kind) == [.refresh, .loadMore, .refresh, .refresh])
        #expect(controller.cancelled.isEmpty)
    }

    @Test func anAdopterThatReportsTheCancellationFromTheHookChangesNothing() {
        let controller = CallbackController.loaded()
        controller.onCancel = { [unowned controller] request in
            controller.loadFailer(CancellationError(), for: request)
        }
        controller.loadMore()
        let loadMore = controller.requests[1]
        controller.refresh()
        #expect(controller.cancelled == [loadMore])
        #expect(controller.discarded == [loadMore])
        #expect(controller.refreshStatus[0].isRefreshing, "the refresh that superseded it was undone")
        #expect(controller.refreshStatus[0].failure == nil)
    }

    @Test func theOtherSourcesLoadsAreNotReportedCancelled() {
        let controller = CallbackController.loaded()
        controller.switchSource(to: 1)  // loads B's first page
        let firstOfB = controller.requests[1]
        controller.switchSource(to: 0)
        controller.refresh()
        #expect(controller.cancelled.isEmpty)
        controller.answer(firstOfB)
        #expect(controller.refreshStatus[1].items.count == 3)
    }

    @Test func anAsyncAdoptersLoadsAreCancelledByTheLibraryNotReported() async {
        let feed = AsyncFeed()
        feed.setupRefreshHeader()
        await feed.loads.settle { feed.loads.pendingRequests.count == 1 }
        feed.loads.resume(feed.loads.started[0], with: .success(RefreshPage(items: ["a", "b", "c"], hasMore: true)))
        await feed.loads.settle { feed.currentItems.count == 3 }
        feed.loadMore()
        await feed.loads.settle { feed.loads.pendingRequests.count == 1 }
        feed.refresh()
        await feed.loads.settle {
            feed.loads.started.count == 3 && feed.loads.outcomes[feed.loads.loads[1].id] != .pending
        }
        #expect(feed.cancelled.isEmpty)
        #expect(feed.loads.outcomes[feed.loads.loads[1].id] == .cancelled, "the load-more's task was not cancelled")
    }
}
