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

    /// Loads a first page of three items, then starts a refresh as `.refreshable` does and waits
    /// until it reached the loader.
    /// - Returns: The task awaiting the refresh.
    func loadedThenRefreshing() async -> Task<Void, Never> {
        model.setUp()
        await waitForPending(1)
        await answerLast(count: 3)
        let model = self.model
        let refresh = Task { await model.refresh() }
        await waitForPending(1)
        return refresh
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
        let refresh = await rig.loadedThenRefreshing()
        #expect(rig.model.isRefreshing)
        await rig.answerLast(count: 1)
        await refresh.value
        #expect(!rig.model.isRefreshing)
        #expect(rig.model.items.count == 1)
    }

    @Test func cancellingTheAwaitingTaskNeitherCancelsNorFailsTheLoad() async {
        let rig = ModelRig()
        let refresh = await rig.loadedThenRefreshing()
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

    @Test func cancellingLoadingEndsAnAwaitedRefreshAndKeepsTheItems() async {
        let rig = ModelRig()
        let refreshing = await rig.loadedThenRefreshing()
        rig.model.cancelLoading()  // the screen went away mid-pull
        await refreshing.value
        #expect(!rig.model.isRefreshing)
        #expect(rig.model.items.count == 3)
        #expect(rig.model.placeholder == nil, "a cancellation showed a failure")
        await rig.loader.settle()
        #expect(rig.loader.pending.isEmpty, "the load still runs")
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

/// A SwiftUI list in miniature: a server of numbered pages, and a screen of a few rows that
/// reports rows coming and going as `onAppear` and `onDisappear` would, anchored on the items.
@MainActor
private final class ScrollingScreen {
    let model: RefreshListModel<String>
    private(set) var asked: [String] = []
    /// Pages whose next load fails, once each.
    var failing: Set<Int> = []
    private var onScreen: [String] = []
    private let rows = 5

    init(maxPages: Int? = nil) {
        weak var weakSelf: ScrollingScreen?
        model = RefreshListModel(noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 10, maxPages: maxPages)) {
            request in
            guard let screen = weakSelf else { throw CancellationError() }
            return try screen.serve(request)
        }
        weakSelf = self
    }

    private func serve(_ request: RefreshRequest) throws -> RefreshPage<String> {
        asked.append("\(request.kind) \(request.page)")
        if failing.remove(request.page) != nil {
            throw TestLoadError("offline")
        }
        return RefreshPage(items: (0..<10).map { "\(request.page).\($0)" }, curPage: request.page, pageCount: 100)
    }

    /// A screen whose model is set up and shows its first rows; the pages in `failing` fail once.
    static func shownFromTheTop(maxPages: Int? = nil, failing: Set<Int> = []) async -> ScrollingScreen {
        let screen = ScrollingScreen(maxPages: maxPages)
        screen.failing = failing
        screen.model.setUp()
        await screen.settle()
        await screen.show(top: 0)
        return screen
    }

    /// Lets loads land and the model react.
    func settle() async {
        for _ in 0..<20 {
            await Task.yield()
        }
    }

    /// Shows the rows from the held item at `top`, reporting the rows that left and came.
    func show(top: Int) async {
        let items = model.items
        let start = min(max(top, 0), max(items.count - rows, 0))
        let next = Array(items[start..<min(start + rows, items.count)])
        for item in onScreen where !next.contains(item) {
            if let index = items.firstIndex(of: item) {
                model.itemDidDisappear(at: index)
            }
        }
        for item in next where !onScreen.contains(item) {
            if let index = items.firstIndex(of: item) {
                model.itemDidAppear(at: index)
            }
        }
        onScreen = next
        await settle()
    }

    /// Scrolls by `rows` rows (negative: up), one row at a time, anchored on the top row's item.
    func scroll(by rows: Int) async {
        for _ in 0..<abs(rows) {
            let top = onScreen.first.flatMap { model.items.firstIndex(of: $0) } ?? 0
            await show(top: top + (rows > 0 ? 1 : -1))
        }
    }

    var topItem: String? { onScreen.first }
}

@MainActor
@Suite("SwiftUI list model: scrolling")
struct ScrollingTests {
    @Test func scrollingDownUnderAPageCapKeepsLoadingPastTheCapWithoutGoingBack() async {
        let screen = await ScrollingScreen.shownFromTheTop(maxPages: 3)
        await screen.scroll(by: 150)
        #expect(screen.topItem == "16.0", "the list stopped at \(screen.topItem ?? "nothing")")
        #expect(!screen.asked.contains { $0.hasPrefix("loadPrevious") }, "scrolling down loaded back: \(screen.asked)")
        #expect(screen.asked.count == Set(screen.asked).count, "a page loaded twice: \(screen.asked)")
        #expect(screen.model.items.count == 30)
    }

    @Test func scrollingBackUpUnderAPageCapLoadsTheDroppedPagesAgainToTheTop() async {
        let screen = await ScrollingScreen.shownFromTheTop(maxPages: 3)
        await screen.scroll(by: 60)
        #expect(screen.model.items.first != "1.0", "nothing was dropped")
        await screen.scroll(by: -80)
        #expect(screen.topItem == "1.0", "scrolling back stopped at \(screen.topItem ?? "nothing")")
        #expect(screen.model.items.first == "1.0")
    }

    @Test func aFailedLoadMoreIsAskedAgainByScrollingBackToTheEndButNotByItself() async {
        let screen = await ScrollingScreen.shownFromTheTop(failing: [3])
        await screen.scroll(by: 15)  // rows 15 to 19: page 3 is asked for, and fails
        #expect(screen.asked == ["refresh 1", "loadMore 2", "loadMore 3"])
        #expect(screen.model.failure?.request.kind == .loadMore)
        await screen.scroll(by: 1)
        #expect(screen.asked.count == 3, "the failed page was asked again with nothing the user did")
        await screen.scroll(by: -10)  // up, out of the end's reach
        await screen.scroll(by: 10)
        #expect(screen.asked == ["refresh 1", "loadMore 2", "loadMore 3", "loadMore 3"])
        #expect(screen.model.items.count == 30)
    }
}
