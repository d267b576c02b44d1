import Refreshable
import RefreshableTesting
import Testing

/// Interleavings and edge cases found in review: control echoes, MJRefresh's asynchronous commands,
/// replaced state, zero-based and hostile pages, relay re-entrancy, cancellation.
@MainActor
@Suite("Interleavings")
struct InterleavingTests {
    private func loaded(_ titles: [String] = ["No more orders"], policy: RefreshPolicy = RefreshPolicy(pageSize: 3))
        -> SeedController
    {
        let controller = SeedController(titles: titles, policy: policy)
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest)
        return controller
    }

    // MJRefresh fires its refreshingBlock after the begin animation. If the answer arrives first
    // (cache, fast API), the echo starts a second refresh, and the header then shows idle while it loads.
    @Test func theHeadersEchoAfterAFastAnswerDoesNotLoadAgain() {
        let controller = SeedController()
        controller.setupRefreshHeader()
        // The answer comes before MJRefresh's begin animation ends (no drain before it).
        controller.loadSuccess(RefreshPage(items: ["0:1", "0:2", "0:3"], hasMore: true), for: controller.lastRequest)
        controller.mainQueue.drain()
        #expect(controller.requests.count == 1, "the echo of the library's own beginRefreshing() started a second load")
        #expect(
            controller.refreshStatus[0].isRefreshing == controller.header.isRefreshing, "header disagrees with state")
    }

    // .latestRefreshWins + MJ echo: the echo of the library's own beginRefreshing() supersedes the
    // refresh it just started, so every programmatic refresh (including setup) issues two requests.
    @Test func latestRefreshWinsDoesNotRestartOnTheControlsOwnEcho() {
        let controller = SeedController(policy: RefreshPolicy(pageSize: 3, conflictRule: .latestRefreshWins))
        controller.setupRefreshHeader()
        controller.mainQueue.drain()
        #expect(controller.requests.count == 1)
    }

    // a header whose beginRefreshing() calls refresh() synchronously: under .latestRefreshWins the
    // nested refresh supersedes the outer one, yet startLoad then hands the stale outer request to
    // refreshData(isRefresh:) (and, on the async path, overwrites the live task's bookkeeping).
    @Test func aRefreshFromCodeRestartsALibraryBegunRefreshWhenTheHeaderSendsNoAction() async {
        let controller = AsyncController(policy: RefreshPolicy(pageSize: 3, conflictRule: .latestRefreshWins))
        controller.setupRefreshHeader()
        await controller.waitForStart(count: 1)
        controller.refresh()  // a new filter: UIRefreshControl sent no action, so this is a real request
        await controller.waitForStart(count: 2)
        #expect(controller.loads.started.count == 2)
        #expect(controller.refreshStatus[0].inFlight == controller.loads.started.last)
    }

    @Test func anMJEchoDuringTheFirstLoadIsIgnored() {
        let controller = SeedController()
        controller.setupRefreshHeader()
        controller.mainQueue.drain()  // the echo arrives while the first page loads: busy, ignored
        #expect(controller.requests.count == 1)
    }

    @Test func aHeaderThatCallsBackSynchronouslyNeverGetsAStaleRequest() {
        let controller = SyncEchoController()
        controller.setupRefreshHeader()
        for request in controller.requests {
            #expect(controller.refreshStatus.sources.isInFlight(request), "refreshData was handed stale \(request)")
        }
    }

    // one footer per tab (one table per tab). Tab 0's footer is at the end of its list; tab 0 is
    // refreshed and reopens while another tab is on screen. Switching back leaves footer A at noMoreData:
    // a control the driver has not seen is assumed idle, and `.idle -> .idle` sends nothing.
    @Test func aFooterSwappedBackInIsDrivenToItsSourcesState() {
        let controller = PerTabController()
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest, count: 3)
        controller.loadMore()
        controller.answer(controller.lastRequest, count: 1)
        #expect(controller.footers[0].state == .noMoreData(title: "a"))
        controller.refresh()
        let refresh = controller.lastRequest
        controller.switchSource(to: 1)
        controller.answer(controller.lastRequest, count: 3)
        controller.answer(refresh, count: 3, hasMore: true)  // tab 0 reopens in the background
        controller.switchSource(to: 0)
        controller.mainQueue.drain()
        #expect(!controller.refreshStatus[0].noMoreData)
        #expect(controller.footers[0].state == .idle, "footer A still says 'no more' though tab 0 has more")
    }

    // an MJ control still reports isRefreshing while its queued endRefreshing() is pending; a new
    // load in the same turn sends no beginRefreshing(), then the pending end lands: idle while loading.
    @Test func aLoadStartedInTheSameTurnAsTheLastEndedShowsLoading() async {
        let controller = loaded()
        controller.loadMore()
        controller.mainQueue.drain()
        let more = controller.lastRequest
        controller.loadSuccess(RefreshPage(items: ["0:4", "0:5", "0:6"], hasMore: true), for: more)
        controller.loadMore()  // e.g. from refreshDidUpdate when the content is still shorter than the screen
        await settle(controller.mainQueue)
        #expect(controller.refreshStatus[0].isLoadingMore)
        #expect(controller.footer.state == .refreshing, "footer shows idle while a load-more is in flight")
    }

    // generations restart at 1 in every RefreshSources value. Resetting the list (logout, new
    // filter) while a load is in flight makes the new first request equal to the old one, so the old
    // (wrong account / wrong filter) answer is applied: S12.
    @Test func aResultFromBeforeReplacingRefreshStatusIsNeverApplied() {
        let controller = SeedController()
        controller.setupRefreshHeader()
        let old = controller.lastRequest
        controller.refreshStatus.sources = RefreshSources(
            noMoreTitles: ["No more orders"],
            policy: RefreshPolicy(pageSize: 3)
        )
        let new = controller.lastRequest
        #expect(old != new, "two different loads share one identity: \(old) == \(new)")
        controller.loadSuccess(RefreshPage(items: ["previous user's order"]), for: old)
        #expect(controller.currentItems.isEmpty)
    }

    // zero-based pages with curPage/pageCount: the last page is pageCount - 1, but isLastPage
    // compares curPage >= pageCount, so the list never ends on the server's signal (one extra request).
    @Test func zeroBasedLastPageEndsTheList() throws {
        var sources = RefreshSources<Int>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2, firstPage: 0))
        guard case .started(let request, _) = sources.begin(.refresh, source: 0) else { throw Unexpected() }
        _ = sources.succeed(request, with: RefreshPage(items: [1, 2], curPage: 0, pageCount: 1))
        #expect(sources[0].noMoreData)
    }

    // an empty list reported as `pageCount: 0` (Spring Data's totalPages, many PHP/Java APIs) is
    // refused as hostile: an empty list becomes a failure placeholder.
    @Test func anEmptyListWithZeroPagesIsAnEmptyListNotAFailure() throws {
        var sources = RefreshSources<Int>(noMoreTitles: [""])
        guard case .started(let request, _) = sources.begin(.refresh, source: 0) else { throw Unexpected() }
        let settlement = sources.succeed(request, with: RefreshPage(items: [], curPage: 1, pageCount: 0))
        guard case .applied = settlement else {
            Issue.record("empty list refused: \(settlement)")
            return
        }
        #expect(sources[0].noMoreData)
    }

    // an empty load-more page whose totalCount says more follow: the list shrank on the server. It
    // ends the list (asking again would loop on the same empty page) and keeps the items.
    @Test func anEmptyPageBelowTotalCountEndsTheListAndKeepsTheItems() throws {
        var sources = RefreshSources<Int>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2))
        guard case .started(let first, _) = sources.begin(.refresh, source: 0) else { throw Unexpected() }
        _ = sources.succeed(first, with: RefreshPage(items: [1, 2], totalCount: 10))
        var asked: [Int] = []
        for _ in 0..<3 {
            guard case .started(let more, _) = sources.begin(.loadMore, source: 0) else { break }
            asked.append(more.page)
            _ = sources.succeed(more, with: RefreshPage(items: [], totalCount: 10))
        }
        #expect(asked == [2], "an empty page ends the list")
        #expect(sources[0].noMoreData)
        #expect(sources[0].failure == nil)
        #expect(sources[0].items == [1, 2])
    }

    // a handler that publishes from inside a publish: streams get the nested status first and the
    // outer one last, so they end on a status that is not the relay's value.
    @Test func statusesSetFromAHandlerReachStreamsInOrder() async {
        let relay = RefreshStatusRelay()
        let stream = relay.values
        let subscription = relay.subscribe { status in
            if status == .beginHeaderRefresh {
                relay.value = .endHeaderRefresh
            }
        }
        relay.value = .beginHeaderRefresh
        var received: [RefreshStatus] = []
        for await status in stream {
            received.append(status)
            if received.count == 3 { break }
        }
        #expect(received.last == relay.value, "stream order \(received), value \(relay.value)")
        subscription.cancel()
    }

    // an observer cancelled by another observer during a publish still receives that status.
    @Test func aSubscriptionCancelledDuringPublishReceivesNothingMore() {
        let relay = RefreshStatusRelay()
        var calls = 0
        var first: RefreshSubscription?
        var second: RefreshSubscription?
        first = relay.subscribe { status in
            guard status != .none else { return }
            calls += 1
            second?.cancel()
        }
        second = relay.subscribe { status in
            guard status != .none else { return }
            calls += 1
            first?.cancel()
        }
        relay.value = .beginHeaderRefresh
        #expect(calls == 1, "both observers ran though the first to run cancelled the other")
    }

    // a released (never cancelled) subscription keeps its handler, and all it captures, alive
    // until the relay publishes again, which may be never.
    @Test func aReleasedSubscriptionReleasesItsHandler() {
        let relay = RefreshStatusRelay()
        weak var weakBox: Box?
        do {
            let box = Box()
            weakBox = box
            _ = relay.subscribe { _ in box.count += 1 }
        }
        #expect(weakBox == nil, "the handler's captures outlive the released subscription")
    }

    // cancelLoading() (documented for "the screen goes away") during the first load leaves the
    // source unloadable by setup: loadFirstPageIfNeeded refuses any source with a failure.
    // It also shows a "Loading was cancelled." toast on a list that has items.
    @Test func setupAfterACancelledFirstLoadLoadsAgain() {
        let controller = SeedController()
        controller.setupRefreshHeader()
        controller.cancelLoading()
        controller.setupRefreshHeader()  // viewWillAppear again
        #expect(controller.requests.count == 2)
        #expect(controller.list.placeholder == nil || controller.refreshStatus[0].isLoading)
    }

    @Test func cancelLoadingShowsNoFailureMessage() {
        let controller = loaded()
        controller.loadMore()
        controller.cancelLoading()
        #expect(controller.list.messages.isEmpty, "toast: \(controller.list.messages.map(\.message))")
    }

    // S4 "a failed refresh keeps the previous footer state": a load-more failure footer becomes idle.
    @Test func aFailedRefreshKeepsAFailedLoadMoreFooter() {
        let controller = loaded()
        controller.loadMore()
        controller.answer(controller.lastRequest, error: ServerError(code: 500))
        let before = RefreshAppearance(state: controller.refreshStatus[0]).footer
        controller.refresh()
        controller.answer(controller.lastRequest, error: ServerError(code: 500))
        #expect(RefreshAppearance(state: controller.refreshStatus[0]).footer == before)
    }

    // A superseded async load is discarded, not a failure: an adopter that logs or alerts in
    // presentFailure(_:) must not see a CancellationError on every refresh-over-load-more.
    @Test func supersededAsyncLoadsAreNotReportedToTheAdopter() async {
        let controller = FailerRecordingController()
        controller.setupRefreshHeader()
        await controller.loads.settle { controller.loads.started.count >= 1 }
        let first = controller.loads.started[0]
        controller.loads.resume(first, with: .success(RefreshPage(items: ["a", "b", "c"])))
        await controller.loads.settle { !controller.refreshStatus[0].isLoading }
        controller.loadMore()
        await controller.loads.settle { controller.loads.started.count >= 2 }
        controller.refresh()
        await controller.loads.settle { controller.loads.started.count >= 3 }
        await controller.loads.settle { !controller.failers.isEmpty }
        #expect(controller.failers.isEmpty, "loadFailer got \(controller.failers)")
    }
}

private struct Unexpected: Error {}

private final class Box {
    var count = 0
}

private struct ReviewOutput: OutputRefreshProtocol {
    let refreshStatus = RefreshStatusRelay()
}

/// A header whose beginRefreshing() sends its action synchronously.
@MainActor
private final class SyncEchoHeader: RefreshHeaderControl {
    var isRefreshing = false
    var action: (() -> Void)?
    func beginRefreshing() {
        isRefreshing = true
        action?()
    }
    func endRefreshing() { isRefreshing = false }
}

@MainActor
private final class SyncEchoController: Refreshable {
    let refreshStatus = RefreshRuntime<String>(
        noMoreTitles: [""],
        policy: RefreshPolicy(pageSize: 3, conflictRule: .latestRefreshWins)
    )
    var currentIndex = 0
    let header = SyncEchoHeader()
    var requests: [RefreshRequest] = []
    init() { header.action = { [weak self] in self?.headerRefreshingAction() } }
    var refreshHeaderControl: (any RefreshHeaderControl)? { header }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { nil }
    func refreshData(isRefresh: Bool) { requests.append(refreshRequest) }
}

/// One table (and footer) per tab.
@MainActor
private final class PerTabController: Refreshable {
    let refreshStatus = RefreshRuntime<String>(noMoreTitles: ["a", "b"], policy: RefreshPolicy(pageSize: 3))
    var currentIndex = 0
    let mainQueue = TestMainQueue()
    lazy var footers = [
        TestFooterControl(timing: .mjRefreshAutoFooter, mainQueue: mainQueue),
        TestFooterControl(timing: .mjRefreshAutoFooter, mainQueue: mainQueue),
    ]
    var requests: [RefreshRequest] = []
    var lastRequest: RefreshRequest { requests[requests.count - 1] }
    var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
    var refreshFooterControl: (any RefreshFooterControl)? { footers[currentIndex] }
    var refreshListView: (any RefreshListView)? { nil }
    func refreshData(isRefresh: Bool) { requests.append(refreshRequest) }
    func answer(_ request: RefreshRequest, count: Int, hasMore: Bool? = nil) {
        mainQueue.drain()
        let first = (request.page - 1) * 3 + 1
        loadSuccess(
            RefreshPage(items: items(source: request.source, from: first, count: count), hasMore: hasMore), for: request
        )
        mainQueue.drain()
    }
}

/// Async style, with presentFailure(_:) answered to record, then forward to the default's helper.
@MainActor
private final class FailerRecordingController: AsyncRefreshable {
    let refreshStatus = RefreshRuntime<String>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 3))
    var currentIndex = 0
    let loads = TestPageLoader<String>()
    var failers: [RefreshRequest] = []
    var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { nil }
    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<String> { try await loads.load(request) }
    func presentFailure(_ failure: RefreshFailure) {
        failers.append(failure.request)
        showFailureMessageIfNeeded(failure)
    }
}
