import Refreshable
import RefreshableTesting
import Testing

/// Cursors, loads of the previous page and the page cap through adopters: the runtime runs one
/// load per source and direction, and cancels the loads a refresh or the cap supersedes.
@MainActor
@Suite("Paging through adopters", .timeLimit(.minutes(1)))
struct PagingAdopterTests {
    private let feed = RefreshPolicy(pageSize: 2, paging: .cursors)

    /// An async adopter on a cursor feed whose first page has newer items above and older below.
    private func loadedFeed(policy: RefreshPolicy? = nil) async -> AsyncController {
        let controller = AsyncController(policy: policy ?? feed)
        controller.setupRefreshHeader()
        await controller.waitForStart(count: 1)
        await controller.resolve(
            controller.loads.started[0],
            .success(RefreshPage(items: ["a", "b"], nextCursor: "older", previousCursor: "newer"))
        )
        return controller
    }

    @Test func anAsyncAdopterLoadsNewerItemsAboveWhileItLoadsMore() async {
        let controller = await loadedFeed()
        controller.loadMore()
        controller.loadPrevious()
        await controller.waitForStart(count: 3)
        let more = controller.loads.started[1]
        let newer = controller.loads.started[2]
        #expect(more.cursor == "older")
        #expect(newer.kind == .loadPrevious)
        #expect(newer.cursor == "newer")
        #expect(controller.footer.state == .refreshing, "the footer shows the load-more")
        #expect(!controller.header.isRefreshing, "a load above the list is no refresh")
        await controller.resolve(newer, .success(RefreshPage(items: ["z"])))
        await controller.resolve(more, .success(RefreshPage(items: ["c"])))
        #expect(controller.currentItems == ["z", "a", "b", "c"])
        #expect(controller.refreshStatus[0].noPreviousData)
        #expect(controller.refreshStatus[0].noMoreData)
    }

    @Test func aRefreshCancelsTheLoadsOfBothDirections() async {
        let controller = await loadedFeed()
        controller.loadMore()
        controller.loadPrevious()
        await controller.waitForStart(count: 3)
        controller.refresh()
        await controller.waitForStart(count: 4)
        let refresh = controller.loads.started[3]
        await controller.loads.settle { controller.loads.pendingRequests == [refresh] }
        #expect(controller.loads.pendingRequests == [refresh], "the superseded loads' tasks were cancelled")
        await controller.resolve(refresh, .success(RefreshPage(items: ["n"], nextCursor: "k")))
        #expect(controller.currentItems == ["n"])
    }

    @Test func theCapCancelsALoadMoreAimedAtThePageItDropped() async {
        var policy = RefreshPolicy(pageSize: 2, maxPages: 1)
        policy.paging = .cursors
        let controller = await loadedFeed(policy: policy)
        controller.loadMore()
        await controller.waitForStart(count: 2)
        // Page 2 replaces page 1 under a cap of one page; scrolling back loads page 1 again.
        await controller.resolve(
            controller.loads.started[1],
            .success(RefreshPage(items: ["c", "d"], nextCursor: "older-2", previousCursor: "back-to-1")))
        #expect(controller.currentItems == ["c", "d"])
        controller.loadMore()
        controller.loadPrevious()
        await controller.waitForStart(count: 4)
        let more = controller.loads.started[2]
        let back = controller.loads.started[3]
        #expect(back.cursor == "back-to-1")
        await controller.resolve(back, .success(RefreshPage(items: ["a", "b"], nextCursor: "older")))
        #expect(controller.currentItems == ["a", "b"])
        await controller.loads.settle { controller.loads.pendingRequests.isEmpty }
        #expect(!controller.loads.pendingRequests.contains(more), "the load-more's task was cancelled")
        #expect(controller.footer.state == .idle, "the footer no longer shows a load")
        controller.loadMore()
        await controller.waitForStart(count: 5)
        #expect(controller.loads.started[4].cursor == "older", "page 2 loads again")
    }

    @Test func aCallbackStyleAdopterTellsALoadOfThePreviousPageByItsKind() throws {
        let controller = SeedController(policy: RefreshPolicy(pageSize: 3, maxPages: 1))
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest, hasMore: true)
        controller.loadMore()
        controller.answer(controller.lastRequest, hasMore: true)
        #expect(controller.currentItems == ["0:4", "0:5", "0:6"])
        controller.loadPrevious()
        let back = controller.lastRequest
        #expect(back.kind == .loadPrevious)
        #expect(back.page == 1)
        #expect(controller.footerState == .idle, "the footer does not show a load above the list")
        controller.answer(back)
        #expect(controller.currentItems == ["0:1", "0:2", "0:3"])
        #expect(controller.updates.last?.change == .prepended(0..<3))
        #expect(controller.updates.last?.dropped == 0..<3, "page 2 was all the list held")
    }
}

/// The SwiftUI list model loads the previous page when its first rows come on screen.
@MainActor
@Suite("SwiftUI list model: the previous page", .timeLimit(.minutes(1)))
struct ListModelPrependTests {
    @Test func theFirstRowsLoadThePreviousPageOncePerCrossing() async {
        let loader = TestPageLoader<String>()
        let model = RefreshListModel(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2, paging: .cursors)) {
            request in try await loader.load(request)
        }
        model.setUp()
        await loader.settle { loader.pending.count == 1 }
        loader.resume(
            loader.pendingRequests[0],
            with: .success(RefreshPage(items: ["a", "b", "c", "d"], nextCursor: "older", previousCursor: "newer")))
        await loader.settle { !model.items.isEmpty }
        model.itemDidAppear(at: 0)
        await loader.settle { loader.pending.count == 1 }
        #expect(loader.pendingRequests.map(\.kind) == [.loadPrevious])
        #expect(model.isLoadingPrevious)
        model.itemDidAppear(at: 1)
        #expect(loader.started.count == 2, "one load per crossing")
        loader.resume(loader.pendingRequests[0], with: .success(RefreshPage(items: ["y", "z"])))
        await loader.settle { !model.isLoadingPrevious }
        #expect(model.items == ["y", "z", "a", "b", "c", "d"])
        model.itemDidAppear(at: 0)
        #expect(loader.started.count == 2, "nothing comes before the first page now")
    }

    @Test func theRowAboveTheItemsFollowsLoadsOfThePreviousPage() async {
        let loader = TestPageLoader<String>()
        let model = RefreshListModel(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2, paging: .cursors)) {
            request in try await loader.load(request)
        }
        #expect(model.previousPageState == .noMoreData(title: nil), "nothing above before the first load")
        model.setUp()
        await loader.settle { loader.pending.count == 1 }
        loader.resume(
            loader.pendingRequests[0],
            with: .success(RefreshPage(items: ["a", "b"], nextCursor: "older", previousCursor: "newer")))
        await loader.settle { !model.items.isEmpty }
        #expect(model.previousPageState == .idle, "newer items exist above")
        model.loadPrevious()
        await loader.settle { loader.pending.count == 1 }
        #expect(model.previousPageState == .refreshing)
        loader.resume(loader.pendingRequests[0], with: .failure(ServerError(code: 503)))
        await loader.settle { !model.isLoadingPrevious }
        guard case .failed = model.previousPageState else {
            Issue.record("the row above shows the failure, not \(model.previousPageState)")
            return
        }
        #expect(model.noMoreText == nil, "a failure above leaves the footer alone")
    }
}
