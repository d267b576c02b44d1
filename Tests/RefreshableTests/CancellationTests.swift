import Refreshable
import RefreshableTesting
import Testing

/// A cancelled load ends without a result: nothing is recorded, so nothing has to be told apart
/// from a failure afterwards, and the failures the source kept before it stay as they were.
@MainActor
struct CancellationTests {
    private func loadedSources() throws -> RefreshSources<String> {
        var sources = RefreshSources<String>(noMoreTitles: ["No more"], policy: RefreshPolicy(pageSize: 3))
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(first, with: RefreshPage(items: items(source: 0, from: 1, count: 3)))
        return sources
    }

    private func loadedController() -> SeedController {
        let controller = SeedController()
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest)
        return controller
    }

    @Test func aCancelledLoadLeavesNoFailure() throws {
        var sources = try loadedSources()
        let more = try started(sources.begin(.loadMore, source: 0))
        #expect(sources.cancel(source: 0) == [more])
        #expect(sources[0].failure == nil)
        #expect(sources[0].loadMoreFailure == nil)
        #expect(!sources[0].isLoading)
        #expect(sources.succeed(more, with: RefreshPage(items: ["late"])) == .discarded(more))
        #expect(sources[0].items == items(source: 0, from: 1, count: 3))
    }

    @Test func aLoaderThatThrowsCancellationErrorEndsItsLoadWithoutAFailure() throws {
        var sources = try loadedSources()
        let refresh = try started(sources.begin(.refresh, source: 0))
        #expect(sources.fail(refresh, error: CancellationError()) == .cancelled(refresh))
        #expect(sources[0].failure == nil)
        #expect(!sources[0].isRefreshing)
        #expect(sources[0].items == items(source: 0, from: 1, count: 3))
    }

    @Test func aCancellationKeepsTheFailuresShownBeforeIt() throws {
        var sources = try loadedSources()
        let more = try started(sources.begin(.loadMore, source: 0))
        _ = sources.fail(more, error: ServerError(code: 500))
        let failed = try #require(sources[0].loadMoreFailure)
        _ = try started(sources.begin(.refresh, source: 0))
        _ = sources.cancel(source: 0)
        #expect(sources[0].failure == failed, "the cancelled refresh recorded nothing in place of the failure")
        #expect(sources[0].loadMoreFailure == failed, "the footer still shows the failed load-more")
    }

    @Test func aCancelledRetryOfAFailedFirstLoadShowsItsPlaceholderAgain() throws {
        var sources = RefreshSources<String>(noMoreTitles: ["No more"], policy: RefreshPolicy(pageSize: 3))
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.fail(first, error: ServerError(code: 500))
        let failed = try #require(sources[0].failure)
        _ = try started(sources.begin(.refresh, source: 0))
        #expect(RefreshAppearance(state: sources[0]).placeholder == nil, "a retry in flight hides the placeholder")
        _ = sources.cancel(source: 0)
        #expect(RefreshAppearance(state: sources[0]).placeholder == failed)
    }

    @Test func cancelLoadingEndsTheControlsAndPresentsNothing() {
        let controller = loadedController()
        controller.loadMore()
        controller.cancelLoading()
        #expect(controller.footerState == .idle)
        controller.refresh()
        controller.mainQueue.drain()
        #expect(controller.header.isRefreshing)
        controller.cancelLoading()
        controller.mainQueue.drain()
        #expect(!controller.header.isRefreshing)
        #expect(controller.list.messages.isEmpty, "a cancellation is no failure to tell the user about")
        #expect(controller.refreshStatus[0].failure == nil)
    }

    @Test func aCancelledLoadMoreAtTheEndOfTheListLeavesTheEndShown() {
        let controller = loadedController()
        controller.loadMore()
        controller.answer(controller.lastRequest, hasMore: false)
        #expect(controller.footerState == .noMoreData(title: "No more orders"))
        controller.refresh()
        controller.cancelLoading()
        #expect(controller.footerState == .noMoreData(title: "No more orders"))
        #expect(controller.refreshStatus[0].failure == nil)
    }
}
