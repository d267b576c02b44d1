import Refreshable
import RefreshableTesting
import Testing

/// A callback-style adopter hears of each request it started that is no longer wanted, so that
/// it can cancel the network task; nothing else is reported as cancelled.
@MainActor
@Suite("Requests no longer wanted")
struct CancelHookTests {
    @Test func aRefreshThatSupersedesALoadMoreTellsTheAdopterToCancelIt() {
        let controller = CallbackList.loaded()
        controller.loadMore()
        let loadMore = controller.requests[1]
        controller.refresh()
        #expect(controller.cancelled == [loadMore])
        controller.answer(loadMore)  // the network answered before it saw the cancellation
        #expect(controller.discarded == [loadMore])
        #expect(controller.currentItems.count == 3, "the superseded page was applied")
    }

    @Test func cancellingASourcesLoadTellsTheAdopter() {
        let controller = CallbackList.loaded()
        controller.refresh()
        let refresh = controller.requests[1]
        controller.cancelLoading()
        #expect(controller.cancelled == [refresh])
        #expect(controller.currentItems.count == 3)
    }

    @Test func replacingTheStateTellsTheAdopterOfEveryRequestInFlight() {
        let controller = CallbackList.loaded()
        controller.loadMore()
        let loadMore = controller.requests[1]
        controller.refreshStatus.sources = RefreshSources(noMoreTitles: ["The end"])
        #expect(controller.cancelled == [loadMore])
    }

    @Test func aLoadOfThePreviousPageThePageCapSupersedesIsReportedCancelled() {
        let controller = CallbackList(policy: RefreshPolicy(pageSize: 3, maxPages: 1))
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

    @Test func aLoadThePageCapSupersedesIsReportedCancelledWhenTheDroppedPageHeldNoRows() {
        let controller = CallbackList(policy: RefreshPolicy(pageSize: 3, maxPages: 1))
        controller.refreshStatus.identity = RefreshItemIdentity(\.self)
        controller.setupRefreshHeader()
        controller.answer(controller.requests[0])
        controller.loadMore()
        controller.answer(controller.requests[1])  // holds page 2 only
        controller.loadPrevious()
        let previous = controller.requests[2]
        controller.loadMore()
        for id in controller.refreshStatus[0].items {
            _ = controller.refreshStatus.removeItem(id: id, source: 0)
        }
        controller.answer(controller.requests[3])  // drops page 2, which holds no rows now
        #expect(!controller.refreshStatus[0].isLoadingPrevious)
        #expect(controller.cancelled == [previous])
    }

    @Test func replacingTheCurrentSourcesStateInAnEditedCopyCancelsItsLoadAndLoadsItAgain() {
        let controller = CallbackList.loaded()
        controller.switchSource(to: 1)  // loads B's first page
        let firstOfB = controller.requests[1]
        var edited = controller.refreshStatus.sources
        edited[1] = RefreshState(noMoreTitle: "The end of B")
        controller.refreshStatus.sources = edited
        #expect(controller.cancelled == [firstOfB])
        #expect(controller.requests.map(\.source) == [0, 1, 1], "the tab on screen was left unloaded")
        #expect(controller.refreshStatus[1].isRefreshing)
        #expect(controller.refreshStatus[0].items.count == 3, "the other tab was touched")
    }

    @Test func anAnsweredRequestIsNeverReportedCancelled() {
        let controller = CallbackList.loaded()
        controller.loadMore()
        controller.answer(controller.requests[1])
        controller.refresh()
        controller.cancelLoading()
        #expect(controller.cancelled == [controller.requests[2]], "only the refresh was still in flight")
    }

    @Test func aRequestAnsweredInsideRefreshDataIsNeverReportedCancelled() {
        let controller = CallbackList()
        controller.answersAtOnce = true
        controller.setupRefreshHeader()
        controller.loadMore()
        controller.refresh()
        controller.refreshStatus.sources = RefreshSources(noMoreTitles: ["The end"])  // loads its first page
        #expect(controller.requests.map(\.kind) == [.refresh, .loadMore, .refresh, .refresh])
        #expect(controller.cancelled.isEmpty)
    }

    @Test func anAdopterThatReportsTheCancellationFromTheHookChangesNothing() {
        let controller = CallbackList.loaded()
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
        let controller = CallbackList.loaded()
        controller.switchSource(to: 1)  // loads B's first page
        let firstOfB = controller.requests[1]
        controller.switchSource(to: 0)
        controller.refresh()
        #expect(controller.cancelled.isEmpty)
        controller.answer(firstOfB)
        #expect(controller.refreshStatus[1].items.count == 3)
    }

    @Test func anAsyncAdoptersLoadsAreCancelledByTheLibraryNotReported() async {
        let controller = AsyncController()
        controller.setupRefreshHeader()
        await controller.waitForStart(count: 1)
        await controller.resolve(
            controller.loads.started[0], .success(RefreshPage(items: ["a", "b", "c"], hasMore: true)))
        controller.loadMore()
        await controller.waitForStart(count: 2)
        let loadMore = controller.loads.loads[1]
        controller.refresh()
        await controller.loads.settle { controller.loads.outcomes[loadMore.id] != .pending }
        #expect(controller.cancelled.isEmpty)
        #expect(controller.loads.outcomes[loadMore.id] == .cancelled, "the load-more's task was not cancelled")
    }
}
