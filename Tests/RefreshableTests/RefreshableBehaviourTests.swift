import Refreshable
import RefreshableTesting
import Testing

/// The `Refreshable` defaults, driven through a seed-style adopter with MJRefresh mirrors: S1–S12 end to end.
@MainActor
@Suite("Refreshable defaults (seed style)")
struct RefreshableBehaviourTests {
    /// A controller whose first page (3 items, more to come) has loaded.
    private func loadedController(titles: [String] = ["No more orders"]) -> SeedController {
        let controller = SeedController(titles: titles)
        controller.setupRefreshHeader()
        controller.setupRefreshFooter()
        controller.answer(controller.lastRequest)
        return controller
    }

    @Test func setupLoadsTheFirstPageOnce() {
        let controller = SeedController()
        controller.setupRefreshHeader()
        controller.setupRefreshFooter()
        controller.mainQueue.drain()
        #expect(controller.requests.count == 1, "header echo and the second setup must not load again")
        #expect(controller.requests.first?.kind == .refresh)
        #expect(controller.requests.first?.page == 1)
        #expect(controller.header.isRefreshing)
    }

    @Test func footerIsHiddenDuringTheFirstLoadAndShownAfter() {
        let controller = SeedController()
        controller.setupRefreshHeader()
        controller.setupRefreshFooter()
        #expect(controller.footer.isHidden)
        controller.answer(controller.lastRequest)
        #expect(!controller.footer.isHidden)
    }

    @Test func footerStaysHiddenWhileTheSourceHasNoItems() {
        let controller = SeedController()
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest, count: 0)
        #expect(controller.footer.isHidden)
        #expect(controller.refreshStatus[0].noMoreData)
    }

    @Test func refreshKeepsOldItemsUntilTheNewFirstPageArrives() {
        let controller = loadedController()
        controller.loadMore()
        controller.answer(controller.lastRequest)
        controller.refresh()
        #expect(controller.currentItems.count == 6)
        controller.answer(controller.lastRequest, count: 2, hasMore: true)
        #expect(controller.currentItems == ["0:1", "0:2"])
        #expect(controller.updates.last?.change == .replaced(count: 2))
    }

    @Test func successfulRefreshResetsNoMoreData() {
        let controller = loadedController()
        controller.loadMore()
        controller.answer(controller.lastRequest, count: 1)
        #expect(controller.footerState == .noMoreData(title: "No more orders"))
        controller.refresh()
        controller.answer(controller.lastRequest, count: 3, hasMore: true)
        #expect(!controller.refreshStatus[0].noMoreData)
        #expect(controller.footerState == .idle)
    }

    @Test func failedRefreshKeepsItemsAndFooter() {
        let controller = loadedController()
        controller.loadMore()
        controller.answer(controller.lastRequest, count: 1)
        controller.refresh()
        controller.answer(controller.lastRequest, error: ServerError(code: 500))
        #expect(controller.currentItems.count == 4)
        #expect(controller.footerState == .noMoreData(title: "No more orders"))
        #expect(controller.refreshStatus[0].failure?.request.kind == .refresh)
    }

    @Test func endOfListShowsTheSourcesTitleAndStopsLoadMore() {
        let controller = loadedController()
        controller.loadMore()
        controller.answer(controller.lastRequest, curPage: 2, pageCount: 2)
        #expect(controller.footerState == .noMoreData(title: "No more orders"))
        let count = controller.requests.count
        controller.loadMore()
        #expect(controller.requests.count == count)
    }

    @Test func failureOnAnEmptySourceShowsAPlaceholderWhoseRetryReloads() {
        let controller = SeedController()
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest, error: ServerError(code: 0))
        let placeholder = controller.list.placeholder
        #expect(placeholder?.reason == .loaderFailed(RefreshFailure.genericMessage))
        #expect(controller.list.messages.isEmpty)
        controller.list.tapRetry()
        #expect(controller.requests.count == 2)
        #expect(controller.lastRequest.kind == .refresh)
        #expect(controller.list.placeholder == nil, "the placeholder goes once the retry is loading")
        controller.answer(controller.lastRequest)
        #expect(controller.currentItems.count == 3)
    }

    @Test func failureWithItemsShowsAMessageAndKeepsTheItems() {
        let controller = loadedController()
        controller.loadMore()
        controller.answer(controller.lastRequest, error: ServerError(code: 502))
        #expect(controller.list.messages.map(\.request.page) == [2])
        #expect(controller.list.placeholder == nil)
        #expect(controller.currentItems.count == 3)
    }

    @Test func failedLoadMoreAsksForTheSamePageAgain() {
        let controller = loadedController()
        controller.loadMore()
        let failed = controller.lastRequest
        controller.answer(failed, error: ServerError(code: 500))
        controller.loadMore()
        #expect(controller.lastRequest.page == failed.page)
        #expect(controller.lastRequest.generation > failed.generation)
    }

    @Test func headerAndFooterLeaveRefreshingOnSuccessAndFailure() {
        let controller = loadedController()
        #expect(!controller.header.isRefreshing)
        controller.refresh()
        controller.mainQueue.drain()
        #expect(controller.header.isRefreshing)
        controller.answer(controller.lastRequest, error: ServerError(code: 1))
        #expect(!controller.header.isRefreshing)
        controller.loadMore()
        #expect(controller.footer.isRefreshing)
        controller.answer(controller.lastRequest, error: ServerError(code: 1))
        #expect(!controller.footer.isRefreshing)
        controller.loadMore()
        controller.answer(controller.lastRequest)
        #expect(controller.footerState == .idle)
    }

    @Test func refreshCancelsAnInFlightLoadMoreAndItsResultIsDiscarded() {
        let controller = loadedController()
        controller.loadMore()
        let more = controller.lastRequest
        controller.refresh()
        let refresh = controller.lastRequest
        #expect(refresh.kind == .refresh)
        controller.answer(more)
        #expect(controller.currentItems.count == 3, "the stale load-more must not append")
        #expect(controller.discarded == [more])
        controller.answer(refresh, count: 3)
        #expect(controller.currentItems == items(source: 0, from: 1, count: 3))
    }

    @Test func loadMoreDuringARefreshIsIgnored() {
        let controller = loadedController()
        controller.refresh()
        let count = controller.requests.count
        controller.loadMore()
        #expect(controller.requests.count == count)
    }

    @Test func aResultLandsInTheSourceThatAskedEvenAfterASwitch() {
        let controller = loadedController(titles: ["No more orders", "No more unpaid"])
        controller.loadMore()
        let more = controller.lastRequest
        controller.switchSource(to: 1)
        #expect(controller.lastRequest.source == 1, "switching to a never-loaded tab loads it")
        controller.answer(more, count: 1)
        #expect(controller.refreshStatus[0].items.count == 4)
        #expect(controller.refreshStatus[0].noMoreData)
        #expect(controller.refreshStatus[1].items.isEmpty)
        #expect(controller.footer.isHidden, "the footer shows tab 1, which has not loaded")
    }

    @Test func switchingSourceRendersThatSourcesFooter() {
        let controller = loadedController(titles: ["No more orders", "No more unpaid"])
        controller.loadMore()
        controller.answer(controller.lastRequest, count: 1)
        #expect(controller.footerState == .noMoreData(title: "No more orders"))
        controller.switchSource(to: 1)
        controller.answer(controller.lastRequest, count: 3)
        #expect(controller.footerState == .idle)
        #expect(!controller.footer.isHidden)
        controller.switchSource(to: 0)
        #expect(controller.footerState == .noMoreData(title: "No more orders"))
        #expect(controller.requests.count == 3, "switching back to a loaded tab does not reload it")
    }

    @Test func switchingSourceRendersTheHeaderOfThatSource() {
        let controller = loadedController(titles: ["a", "b"])
        controller.switchSource(to: 1)
        controller.mainQueue.drain()
        #expect(controller.header.isRefreshing)
        controller.switchSource(to: 0)
        controller.mainQueue.drain()
        #expect(!controller.header.isRefreshing)
        controller.switchSource(to: 1)
        controller.answer(controller.lastRequest)
        #expect(!controller.header.isRefreshing)
    }

    @Test func switchingToASourceWhoseFirstLoadFailedLoadsItAgain() {
        let controller = loadedController(titles: ["a", "b"])
        controller.switchSource(to: 1)
        controller.answer(controller.lastRequest, error: ServerError(code: 404))
        #expect(controller.list.placeholder?.request.source == 1)
        controller.switchSource(to: 0)
        #expect(controller.list.placeholder == nil)
        controller.switchSource(to: 1)
        #expect(controller.requests.count == 3, "a tab whose first load failed loads again when shown again")
        #expect(controller.lastRequest.source == 1)
        #expect(controller.lastRequest.kind == .refresh)
        controller.answer(controller.lastRequest, error: ServerError(code: 404))
        #expect(controller.list.placeholder?.request.source == 1)
    }

    @Test func aBackgroundFailureShowsNoMessageOnTheCurrentTab() {
        let controller = loadedController(titles: ["a", "b"])
        controller.switchSource(to: 1)
        controller.answer(controller.lastRequest)
        controller.loadMore()
        let more = controller.lastRequest
        controller.switchSource(to: 0)
        controller.answer(more, error: ServerError(code: 500))
        #expect(controller.list.messages.isEmpty)
        #expect(controller.refreshStatus[1].failure?.request == more)
    }

    @Test func worksWithoutAnyControls() {
        let controller = SeedController()
        controller.hasHeader = false
        controller.hasFooter = false
        controller.setupRefreshFooter()
        controller.answer(controller.lastRequest, count: 1)
        #expect(controller.currentItems.count == 1)
        #expect(controller.refreshStatus[0].noMoreData)
    }

    @Test func lateEndRefreshingNeverUndoesNoMoreDataOnAnMJFooter() {
        let controller = loadedController()
        controller.loadMore()
        // The answer arrives before MJRefresh ran the footer's queued commands.
        controller.loadSuccess(RefreshPage(items: ["0:4"], hasMore: false), for: controller.lastRequest)
        controller.refreshFooter()
        controller.refreshFooter()
        controller.mainQueue.drain()
        #expect(controller.footer.state == .noMoreData(title: "No more orders"))
    }

    @Test func cancelLoadingKeepsItemsAndRecordsNothing() {
        let controller = loadedController()
        controller.loadMore()
        let more = controller.lastRequest
        controller.cancelLoading()
        #expect(controller.refreshStatus[0].failure == nil)
        #expect(controller.footerState == .idle)
        controller.answer(more)
        #expect(controller.currentItems.count == 3)
    }

    @Test func aPullThatIsIgnoredReturnsTheHeaderToIdle() {
        let controller = SeedController(policy: RefreshPolicy(pageSize: 3, conflictRule: .inFlightWins))
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest)
        controller.loadMore()
        let count = controller.requests.count
        controller.header.pull()  // the user pulls; MJRefresh calls refresh() from its block
        controller.mainQueue.drain()
        #expect(controller.requests.count == count, "the in-flight load-more wins")
        #expect(!controller.header.isRefreshing)
    }
}
