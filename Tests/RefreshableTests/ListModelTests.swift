import Observation
import Refreshable
import RefreshableTesting
import Testing

/// A model over the kit's loader, with helpers that wait for what a view would see.
@MainActor
private struct ModelRig {
    let loader = TestPageLoader<String> { "\($0)" }
    let model: RefreshListModel<String>

    init(pageSize: Int = 3) {
        let loader = self.loader
        model = RefreshListModel(noMoreTitles: ["No more"], policy: RefreshPolicy(pageSize: pageSize)) { request in
            try await loader.load(request)
        }
    }

    /// Waits until the loader holds `count` pending loads.
    func waitForPending(_ count: Int) async {
        for _ in 0..<1_000 where loader.pending.count < count {
            await Task.yield()
        }
    }

    func answerLast(count: Int, hasMore: Bool = true) async {
        guard let load = loader.pending.last else {
            Issue.record("no pending load")
            return
        }
        loader.answer(load, itemCount: count, hasMore: hasMore)
        await loader.settle()
    }
}

/// Records whether a property read inside `read` changed, with Observation's own tracking.
@MainActor
final class ChangeRecorder {
    private(set) var changes = 0

    func track(_ read: @escaping @MainActor () -> Void) {
        withObservationTracking {
            read()
        } onChange: { [weak self] in
            Task { @MainActor in
                guard let self else { return }
                self.changes += 1
                self.track(read)
            }
        }
    }
}

@MainActor
@Suite("SwiftUI list model")
struct ListModelTests {
    @Test func observationFiresForEachChangeAViewReads() async {
        let rig = ModelRig()
        let refreshing = ChangeRecorder()
        let items = ChangeRecorder()
        let ended = ChangeRecorder()
        refreshing.track { _ = rig.model.isRefreshing }
        items.track { _ = rig.model.items }
        ended.track { _ = rig.model.noMoreText }
        rig.model.setUp()
        await rig.waitForPending(1)
        #expect(rig.model.isRefreshing)
        await rig.answerLast(count: 2, hasMore: false)
        #expect(rig.model.items.count == 2)
        #expect(rig.model.noMoreText == "No more")
        #expect(!rig.model.isRefreshing)
        #expect(refreshing.changes == 2, "began and ended")
        #expect(items.changes == 1)
        #expect(ended.changes == 1)
    }

    @Test func refreshReturnsAfterTheAnswerLands() async {
        let rig = ModelRig()
        rig.model.setUp()
        await rig.waitForPending(1)
        await rig.answerLast(count: 3)
        let refresh = Task { await rig.model.refresh() }
        await rig.waitForPending(1)
        #expect(rig.model.isRefreshing)
        await rig.answerLast(count: 1)
        await refresh.value
        #expect(!rig.model.isRefreshing)
        #expect(rig.model.items.count == 1)
    }

    @Test func cancellingTheAwaitingTaskNeitherCancelsNorFailsTheLoad() async {
        let rig = ModelRig()
        rig.model.setUp()
        await rig.waitForPending(1)
        await rig.answerLast(count: 3)
        let refresh = Task { await rig.model.refresh() }
        await rig.waitForPending(1)
        refresh.cancel()  // SwiftUI cancels `.refreshable`'s task when the view's identity changes
        await rig.answerLast(count: 2)
        await refresh.value
        #expect(rig.model.failure == nil)
        #expect(rig.model.items.count == 2, "the refresh still landed")
    }

    @Test func rowsNearTheEndLoadMoreOncePerCrossing() async {
        let rig = ModelRig(pageSize: 3)
        rig.model.setUp()
        await rig.waitForPending(1)
        await rig.answerLast(count: 3)
        rig.model.prefetchDistance = 1
        rig.model.itemDidAppear(at: 0)
        rig.model.itemDidAppear(at: 1)
        #expect(rig.loader.pending.isEmpty, "rows before the last prefetchDistance do not load")
        rig.model.itemDidAppear(at: 2)
        rig.model.itemDidDisappear(at: 2)
        rig.model.itemDidAppear(at: 2)
        await rig.waitForPending(1)
        #expect(rig.loader.pending.count == 1)
        #expect(rig.loader.pending.first?.page == 2)
        #expect(rig.model.isLoadingMore)
    }

    @Test func shortContentKeepsLoadingUntilTheScreenIsFull() async {
        let rig = ModelRig(pageSize: 3)
        rig.model.setUp()
        await rig.waitForPending(1)
        await rig.answerLast(count: 3)
        // A tall screen: every row is on screen, and stays there as pages arrive.
        for index in 0..<3 { rig.model.itemDidAppear(at: index) }
        await rig.waitForPending(1)
        #expect(rig.loader.pending.first?.page == 2)
        await rig.answerLast(count: 1)  // a short page: the rows on screen still reach the end
        await rig.waitForPending(1)
        #expect(rig.model.items.count == 4)
        #expect(rig.loader.pending.first?.page == 3, "the list stopped loading with the screen not full")
    }

    @Test func rowsFarFromTheEndDoNotLoadMore() async {
        let rig = ModelRig(pageSize: 3)
        rig.model.setUp()
        await rig.waitForPending(1)
        await rig.answerLast(count: 3)
        rig.model.itemDidAppear(at: 0)
        await rig.waitForPending(1)
        await rig.answerLast(count: 3)
        rig.model.itemDidDisappear(at: 0)
        rig.model.itemDidAppear(at: 1)
        await rig.loader.settle()
        #expect(rig.loader.pending.isEmpty, "row 1 of 6 is not within the last 3")
    }

    @Test func anEmptyFirstPageSaysTheListIsEmptyAndAFailedRefreshShowsThePlaceholderInstead() async {
        let rig = ModelRig()
        let recorder = ChangeRecorder()
        recorder.track { _ = rig.model.isLoadedEmpty }
        rig.model.setUp()
        #expect(!rig.model.isLoadedEmpty, "empty before anything loaded")
        await rig.waitForPending(1)
        await rig.answerLast(count: 0, hasMore: false)
        #expect(rig.model.isLoadedEmpty)
        #expect(recorder.changes == 1, "a view reading isLoadedEmpty was not told")
        let refreshing = Task { await rig.model.refresh() }
        await rig.waitForPending(1)
        if let load = rig.loader.pending.last {
            rig.loader.fail(load, with: TestLoadError("offline"))
        }
        await refreshing.value
        #expect(rig.model.placeholder != nil)
        #expect(!rig.model.isLoadedEmpty, "the empty view and the failure placeholder both show")
    }

    @Test func aFailedFirstLoadShowsThePlaceholderAndRetryLoadsAgain() async {
        let rig = ModelRig()
        rig.model.setUp()
        await rig.waitForPending(1)
        if let load = rig.loader.pending.last {
            rig.loader.fail(load, with: TestLoadError("offline"))
        }
        await rig.loader.settle()
        #expect(rig.model.placeholder != nil)
        rig.model.retry()
        #expect(rig.model.placeholder == nil)
        #expect(rig.model.isRefreshing)
    }
}
