import Refreshable
import RefreshableTesting
import Testing

/// `retryNow()` asks again for every direction whose last load failed, as Android Paging's
/// `retry()` does, through each front door.
@MainActor
@Suite("Retrying every failed direction", .timeLimit(.minutes(1)))
struct RetryEveryDirectionTests {
    private let feed = RefreshPolicy(pageSize: 2, paging: .cursors)

    /// A list model over a cursor feed whose first page has pages before and after it.
    private func loadedModel(_ loader: TestPageLoader<String>) async -> RefreshListModel<String> {
        let model = makeListModel(loader, policy: feed)
        await model.loadFirstPage(
            from: loader, page: RefreshPage(items: ["a", "b"], nextCursor: "after-b", previousCursor: "before-a"))
        return model
    }

    /// The report: with no `RefreshRetry`, a failed load-more then a failed load of the
    /// previous page; one `retryNow()` re-ran only the newer, the footer's failure stayed, and a
    /// second `retryNow()` returned `false`.
    @Test func oneRetryNowAsksAgainForTheFailedLoadMoreAndTheFailedPreviousPage() async {
        let loader = TestPageLoader<String>()
        let model = await loadedModel(loader)
        await model.startAndFail(model.loadMore, loader)
        await model.startAndFail(model.loadPrevious, loader)
        #expect(model.refreshStatus[0].loadMoreFailure != nil)
        #expect(model.refreshStatus[0].loadPreviousFailure != nil)

        #expect(model.refreshStatus.retryNow())
        #expect(await loader.waitForLoads(count: 5), "retryNow() did not ask again for both directions")
        #expect(Set(loader.pendingRequests.map(\.kind)) == [.loadMore, .loadPrevious])
        for load in loader.pending {
            loader.answer(load, itemCount: 2, hasMore: true)
        }
        await loader.settle()
        #expect(model.refreshStatus[0].loadMoreFailure == nil, "the footer still shows the failed load-more")
        #expect(model.refreshStatus[0].loadPreviousFailure == nil)
        #expect(model.items.count == 6)
        #expect(!model.refreshStatus.retryNow(), "nothing failed, yet retryNow() started a load")
        await loader.settle()
        #expect(loader.loads.count == 5)
    }

    @Test func aFailedRefreshIsAskedAgainAloneItLoadsTheFirstPage() async {
        let loader = TestPageLoader<String>()
        let model = await loadedModel(loader)
        await model.startAndFail(model.loadPrevious, loader)
        await model.refreshAndFail(loader)
        #expect(model.refreshStatus.retryNow())
        #expect(await loader.waitForLoads(count: 4))
        #expect(loader.pendingRequests.map(\.kind) == [.refresh])
    }

    /// The limit the issue named: a failed refresh was forgotten once a load of the previous page
    /// failed after it, since only the source's last failure was read.
    @Test func aFailedRefreshIsAskedAgainAfterALoadOfThePreviousPageFailsAfterIt() async {
        let loader = TestPageLoader<String>()
        let model = await loadedModel(loader)
        await model.refreshAndFail(loader)
        await model.startAndFail(model.loadPrevious, loader)
        #expect(model.refreshStatus[0].failure?.request.kind == .loadPrevious)

        #expect(model.refreshStatus.retryNow())
        #expect(await loader.waitForLoads(count: 4))
        #expect(loader.pendingRequests.map(\.kind) == [.refresh], "the failed refresh was forgotten")
    }

    @Test func aFailedRefreshStaysToBeAskedAgainAfterALoadMoreSucceedsUntilARefreshSucceeds() async {
        let loader = TestPageLoader<String>()
        let model = await loadedModel(loader)
        await model.refreshAndFail(loader)
        model.loadMore()
        #expect(await loader.waitForLoads(count: 3))
        loader.answer(loader.pending[0], with: RefreshPage(items: ["c"], nextCursor: "after-c"))
        await loader.settle()
        #expect(model.refreshStatus[0].failure == nil)

        #expect(model.refreshStatus.retryNow())
        #expect(await loader.waitForLoads(count: 4))
        #expect(loader.pendingRequests.map(\.kind) == [.refresh])
        loader.answer(loader.pending[0], with: RefreshPage(items: ["a", "b"], nextCursor: "after-b"))
        await loader.settle()
        #expect(!model.refreshStatus.retryNow(), "a refresh succeeded: nothing is left to ask again")
        await loader.settle()
        #expect(loader.loads.count == 4)
    }

    @Test func aLoadInFlightIsNotInterruptedAndTheOtherDirectionIsAskedAgain() async {
        let loader = TestPageLoader<String>()
        let model = await loadedModel(loader)
        await model.startAndFail(model.loadMore, loader)
        model.loadPrevious()
        #expect(await loader.waitForLoads(count: 3))
        #expect(model.refreshStatus.retryNow())
        #expect(await loader.waitForLoads(count: 4))
        #expect(loader.pendingRequests.map(\.kind) == [.loadPrevious, .loadMore])
        #expect(!loader.outcomes.values.contains(.cancelled), "retryNow() interrupted a load in flight")
    }

    /// A running load is never interrupted: a failed refresh is asked again only once the load of
    /// the previous page in flight settles, since a refresh would supersede it.
    @Test func aFailedRefreshIsNotAskedAgainOverALoadOfThePreviousPageInFlight() async {
        let loader = TestPageLoader<String>()
        let model = await loadedModel(loader)
        await model.refreshAndFail(loader)
        model.loadPrevious()
        #expect(await loader.waitForLoads(count: 3))
        #expect(!model.refreshStatus.retryNow(), "retryNow() started a refresh over the load in flight")
        await loader.settle()
        #expect(loader.loads.count == 3)
        #expect(loader.pendingRequests.map(\.kind) == [.loadPrevious])
        #expect(!loader.outcomes.values.contains(.cancelled), "retryNow() interrupted a load in flight")

        loader.answer(loader.pending[0], with: RefreshPage(items: ["z"], previousCursor: "before-z"))
        await loader.settle()
        #expect(model.refreshStatus.retryNow(), "the failed refresh was forgotten")
        #expect(await loader.waitForLoads(count: 4))
        #expect(loader.pendingRequests.map(\.kind) == [.refresh])
    }

    @Test func aCancelledLoadIsNotAskedAgain() async {
        let loader = TestPageLoader<String>()
        let model = await loadedModel(loader)
        model.loadMore()
        #expect(await loader.waitForLoads(count: 2))
        model.cancelLoading()
        await loader.settle()
        #expect(!model.refreshStatus.retryNow())
        await loader.settle()
        #expect(loader.loads.count == 2)
    }

    @Test func aCallbackStyleAdopterIsAskedAgainForBothDirections() throws {
        let list = CallbackList(policy: feed)
        list.setupRefreshHeader()
        list.loadSuccess(
            RefreshPage(items: ["a", "b"], nextCursor: "after-b", previousCursor: "before-a"), for: list.requests[0])
        list.loadMore()
        list.loadFailer(ServerError(code: 500), for: list.requests[1])
        list.loadPrevious()
        list.loadFailer(ServerError(code: 500), for: list.requests[2])
        #expect(list.refreshStatus.retryNow())
        #expect(list.requests.dropFirst(3).map(\.kind) == [.loadMore, .loadPrevious])
    }
}
