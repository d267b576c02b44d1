import Refreshable
import RefreshableTesting
import Testing

/// The async loader path: the library runs `loadPage(_:)`, cancels superseded loads and applies
/// results; the same rules hold as in the callback style.
@MainActor
@Suite("Refreshable defaults (async loader)")
struct AsyncLoaderTests {
    private func page(_ request: RefreshRequest, count: Int = 3, hasMore: Bool? = nil) -> RefreshPage<String> {
        RefreshPage(
            items: items(source: request.source, from: (request.page - 1) * 3 + 1, count: count), hasMore: hasMore)
    }

    private func loadedController(titles: [String] = ["The end"]) async -> AsyncController {
        let controller = AsyncController(titles: titles)
        controller.setupRefreshHeader()
        await controller.waitForStart(count: 1)
        let first = controller.loads.started[0]
        await controller.resolve(first, .success(page(first)))
        return controller
    }

    @Test func firstPageLoadsThroughTheLoader() async {
        let controller = await loadedController()
        #expect(controller.loads.started.map(\.page) == [1])
        #expect(controller.currentItems == ["0:1", "0:2", "0:3"])
        #expect(!controller.header.isRefreshing)
        #expect(!controller.footer.isHidden)
        #expect(controller.list.reloadCount == 1)
    }

    @Test func loadMoreAppendsTheNextPageUntilTheEnd() async {
        let controller = await loadedController()
        controller.loadMore()
        await controller.waitForStart(count: 2)
        let more = controller.loads.started[1]
        #expect(more.page == 2)
        await controller.resolve(more, .success(page(more, count: 2)))
        #expect(controller.currentItems.count == 5)
        #expect(controller.footer.state == .noMoreData(title: "The end"))
    }

    @Test func refreshCancelsTheRunningLoadMoreTask() async {
        let controller = await loadedController()
        controller.loadMore()
        await controller.waitForStart(count: 2)
        let more = controller.loads.started[1]
        controller.refresh()
        await controller.waitForStart(count: 3)
        await controller.loads.settle { controller.loads.pendingRequests.count == 1 }
        #expect(controller.loads.pendingRequests == [controller.loads.started[2]], "the load-more task was cancelled")
        #expect(controller.refreshStatus[0].failure == nil, "a superseded load is discarded, not a failure")
        await controller.loads.settle { !controller.discarded.isEmpty }
        #expect(controller.discarded == [more])
        let refresh = controller.loads.started[2]
        await controller.resolve(refresh, .success(page(refresh, count: 3, hasMore: true)))
        #expect(controller.currentItems == ["0:1", "0:2", "0:3"])
        #expect(more.kind == .loadMore)
    }

    @Test func aThrowingLoaderLeavesAClearErrorAndTheItems() async {
        let controller = await loadedController()
        controller.loadMore()
        await controller.waitForStart(count: 2)
        await controller.resolve(controller.loads.started[1], .failure(ServerError(code: 500)))
        #expect(controller.refreshStatus[0].failure?.reason == .loaderFailed(RefreshFailure.genericMessage))
        #expect(controller.refreshStatus[0].failure?.underlyingError as? ServerError == ServerError(code: 500))
        #expect(controller.currentItems.count == 3)
        #expect(controller.list.messages.count == 1)
    }

    @Test func cancelLoadingCancelsTheTaskAndKeepsTheItems() async {
        let controller = await loadedController()
        controller.loadMore()
        await controller.waitForStart(count: 2)
        controller.cancelLoading()
        await controller.loads.settle { controller.loads.pendingRequests.isEmpty }
        #expect(controller.loads.pendingRequests.isEmpty)
        #expect(controller.refreshStatus[0].failure == nil, "a cancellation records no failure")
        #expect(controller.currentItems.count == 3)
        #expect(!controller.refreshStatus[0].isLoading)
    }

    @Test func aLoaderThatThrowsCancellationByItselfEndsTheLoadWithoutAFailure() async {
        let controller = await loadedController()
        controller.loadMore()
        await controller.waitForStart(count: 2)
        await controller.resolve(controller.loads.started[1], .failure(CancellationError()))
        #expect(controller.refreshStatus[0].failure == nil)
        #expect(!controller.refreshStatus[0].isLoading)
        #expect(controller.currentItems.count == 3)
        #expect(controller.list.messages.isEmpty)
    }

    @Test func tabSwitchDuringALoadLandsInTheTabThatAsked() async {
        let controller = await loadedController(titles: ["All", "Unpaid"])
        controller.loadMore()
        await controller.waitForStart(count: 2)
        let more = controller.loads.started[1]
        controller.switchSource(to: 1)
        await controller.waitForStart(count: 3)
        await controller.resolve(more, .success(page(more, count: 1)))
        #expect(controller.refreshStatus[0].items.count == 4)
        #expect(controller.refreshStatus[1].items.isEmpty)
        #expect(controller.currentIndex == 1)
        #expect(controller.refreshStatus[1].isRefreshing)
    }
}

/// Programmer errors stop with a message that says what to fix.
@Suite("Preconditions")
struct PreconditionTests {
    @Test func outOfRangeSourceIndexStopsWithAMessageNamingTheFix() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var sources = RefreshSources<Int>(noMoreTitles: ["only"])
            _ = sources.begin(.refresh, source: 3)
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("source index 3 is out of range; this list has 1 source(s)"))
        #expect(message.contains("Add one RefreshState per tab"))
    }

    @Test func switchingToAMissingSourceStops() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let controller = SeedController()
                controller.switchSource(to: 1)
            }
        }
    }

    @Test func nonPositivePageSizeStops() async {
        await #expect(processExitsWith: .failure) {
            _ = RefreshPolicy(pageSize: 0)
        }
    }

    @Test func readingRefreshRequestOutsideRefreshDataStops() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                _ = SeedController().refreshRequest
            }
        }
    }

    @Test func aPageSizeBelowOneSetThroughThePropertyStopsWithAMessage() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var policy = RefreshPolicy()
            policy.pageSize = 0
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("RefreshPolicy.pageSize is 0; pass the number of items a full page holds"))
    }

    @Test func aNegativeFirstPageSetThroughThePropertyStopsWithAMessage() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var sources = RefreshSources<Int>(noMoreTitles: [""])
            sources.policy.firstPage = -1
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("RefreshPolicy.firstPage is -1; pass the first page's number"))
    }

    @Test func aStateMadeWithTheSmallestFirstPageStopsWithAMessage() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RefreshState<Int>(noMoreTitle: "", firstPage: .min)
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("RefreshState(firstPage:) is \(Int.min); pass the first page's number"))
    }
}
