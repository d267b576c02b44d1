import Foundation
import Observation
import Refreshable
import RefreshableTesting
import Testing

/// A snapshot of one loaded source holding `count` strings "saved 0", "saved 1", ..., more to come.
private func savedStrings(count: Int, policy: RefreshPolicy = RefreshPolicy(pageSize: 3)) -> RefreshSnapshot<String> {
    var sources = RefreshSources<String>(noMoreTitles: ["The end"], policy: policy)
    if case .started(let request, _) = sources.begin(.refresh, source: 0) {
        _ = sources.succeed(request, with: RefreshPage(items: (0..<count).map { "saved \($0)" }, hasMore: true))
    }
    return sources.snapshot()
}

/// A controller whose rows are a diffable data source's: it shows only what its updates handed
/// it, as `applyRefreshUpdate` does, and notes whether a refresh was in flight at each update.
@MainActor
private final class DiffableController: AsyncRefreshable {
    let refreshStatus: RefreshRuntime<String>
    let loads = TestPageLoader<String>()
    /// The rows on screen: the current items when the last update came.
    private(set) var shownRows: [String] = []
    private(set) var updates: [(change: RefreshUpdate.Change, whileRefreshing: Bool)] = []

    init(policy: RefreshPolicy = RefreshPolicy(pageSize: 3)) {
        refreshStatus = RefreshRuntime(noMoreTitles: ["The end"], policy: policy)
    }

    var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { nil }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<String> {
        try await loads.load(request)
    }

    func refreshDidUpdate(_ update: RefreshUpdate) {
        updates.append((update.change, refreshStatus[update.source].isRefreshing))
        shownRows = Array(currentItems)
    }
}

/// Restoring through each front door: the rows on the first frame, no load until the list
/// appears, a background refresh on its first appearance, the old state's loads never landing.
@MainActor
@Suite("Restoring a list through the front doors", .timeLimit(.minutes(1)))
struct SnapshotFrontDoorTests {
    // MARK: RefreshListModel

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    private func model(_ loader: TestPageLoader<String>) -> RefreshListModel<String> {
        RefreshListModel<String>(noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 3)) { request in
            try await loader.load(request)
        }
    }

    /// The report: every cold start showed a spinner over an empty screen.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aRestoredTenThousandRowListHasItsRowsOnItsFirstFrameThenRefreshesBehindThem() async throws {
        let loader = TestPageLoader<String> { "fresh \($0.index)" }
        let model = model(loader)
        let saved = try JSONDecoder().decode(
            RefreshSnapshot<String>.self, from: JSONEncoder().encode(savedStrings(count: 10_000)))
        try model.restore(from: saved)
        // The first frame: the rows, no spinner, no placeholder, the footer ready.
        #expect(model.items.count == 10_000)
        #expect(model.items.first == "saved 0")
        #expect(!model.isRefreshing)
        #expect(model.placeholder == nil)
        #expect(!model.isLoadedEmpty)
        #expect(model.refreshStatus.age(of: 0) == nil, "a restored list is not stale")
        #expect(model.refreshStatus[0].isRestored)
        await loader.settle()
        #expect(loader.loads.isEmpty, "a restored list loaded before it appeared")

        model.setUp()
        #expect(await loader.waitForLoads(count: 1))
        #expect(loader.loads.map(\.kind) == [.refresh], "the first appearance did not refresh")
        #expect(model.items.count == 10_000, "the refresh hid the restored rows")
        #expect(model.placeholder == nil)
        loader.answer(loader.pending[0], itemCount: 3, hasMore: true)
        await loader.settle()
        #expect(model.items.count == 3)
        #expect(model.refreshStatus.age(of: 0) != nil)
        #expect(!model.refreshStatus[0].isRestored)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func theFirstRowOnScreenOfARestoredListRefreshesItOnce() async throws {
        let loader = TestPageLoader<String> { "fresh \($0.index)" }
        let model = model(loader)
        try model.restore(from: savedStrings(count: 6))
        model.itemDidAppear(at: 0)
        #expect(await loader.waitForLoads(count: 1))
        #expect(loader.loads.map(\.kind) == [.refresh])
        model.itemDidAppear(at: 5)  // near the end: the refresh in flight wins
        model.setUp()  // the view's task, after the rows: the refresh is running already
        await loader.settle()
        #expect(loader.loads.map(\.kind) == [.refresh], "the first appearance refreshed twice or loaded more")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func restoringAListOnScreenDiscardsTheOldAnswerAndRefreshesBehindTheRows() async throws {
        let loader = TestPageLoader<String> { "old \($0.index)" }
        let model = model(loader)
        model.setUp()
        #expect(await loader.waitForLoads(count: 1))
        let oldLoad = loader.pending[0]
        try model.restore(from: savedStrings(count: 4))
        // On screen already: the restored list refreshes at once, behind its rows.
        #expect(await loader.waitForLoads(count: 2))
        #expect(model.items == ["saved 0", "saved 1", "saved 2", "saved 3"])
        loader.answer(oldLoad, itemCount: 3, hasMore: false)
        await loader.settle()
        #expect(model.items == ["saved 0", "saved 1", "saved 2", "saved 3"], "the old state's answer landed")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aRefusedSnapshotLeavesAnEmptyListThatLoadsItsFirstPage() async throws {
        let loader = TestPageLoader<String> { "fresh \($0.index)" }
        let model = RefreshListModel<String>(noMoreTitles: ["A", "B"]) { try await loader.load($0) }
        #expect(throws: RefreshSnapshotError.sourceCountMismatch(snapshot: 1, list: 2)) {
            try model.restore(from: savedStrings(count: 4))
        }
        #expect(model.items.isEmpty)
        model.setUp()
        #expect(await loader.waitForLoads(count: 1))
        #expect(loader.loads.map(\.page) == [1])
    }

    /// A list model is told of a restore at once (a view reading ``items`` updates), and set-up
    /// does not tell it again.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aListModelRestoredBeforeSetUpTellsItsViewOnce() async throws {
        let loader = TestPageLoader<String> { "fresh \($0.index)" }
        let model = model(loader)
        let changes = ChangeCount()
        withObservationTracking {
            _ = model.items
        } onChange: {
            changes.count += 1
        }
        try model.restore(from: savedStrings(count: 4))
        #expect(changes.count == 1, "the view reading the items was not told of the restore")
        withObservationTracking {
            _ = model.items
        } onChange: {
            changes.count += 1
        }
        model.setUp()
        #expect(await loader.waitForLoads(count: 1))
        #expect(changes.count == 1, "set-up told the view of the restored rows again")
    }

    // MARK: A Refreshable adopter

    @Test func aRestoredControllerShowsItsRowsAndRefreshesBehindThemWhenSetUp() async throws {
        let controller = AsyncController()
        try controller.refreshStatus.restore(from: savedStrings(count: 10_000))
        #expect(controller.refreshStatus[0].items.count == 10_000)
        #expect(controller.refreshStatus.age(of: 0) == nil)
        controller.setupRefreshHeader()
        // The first frame: the rows, the footer shown, no placeholder; the header shows the
        // background refresh above them.
        #expect(controller.refreshStatus[0].items.count == 10_000)
        let appearance = RefreshAppearance(state: controller.refreshStatus[0])
        #expect(!appearance.isFooterHidden)
        #expect(appearance.placeholder == nil)
        #expect(controller.list.placeholder == nil)
        await controller.waitForStart(count: 1)
        #expect(controller.loads.started.map(\.kind) == [.refresh])
        #expect(controller.refreshStatus[0].items.count == 10_000)
    }

    /// The news feed port's report: a diffable table restored before set-up showed nothing until
    /// the background refresh landed, as the restore had no screen to tell and set-up told it nothing.
    @Test func aControllerRestoredBeforeSetUpHearsOfItsRowsOnceWhenSetUpBeforeItsRefresh() async throws {
        let controller = DiffableController()
        try controller.refreshStatus.restore(from: savedStrings(count: 4))
        #expect(controller.updates.isEmpty)
        controller.setupRefreshHeader()
        #expect(controller.updates.map(\.change) == [.reset], "set-up did not report the restored rows")
        #expect(controller.updates.first?.whileRefreshing == false, "the rows came after the refresh started")
        #expect(controller.shownRows == ["saved 0", "saved 1", "saved 2", "saved 3"])
        #expect(controller.refreshStatus[0].isRefreshing)
        controller.setupRefreshFooter()  // a second set-up reports nothing again
        #expect(controller.updates.count == 1)
        await controller.loads.settle { controller.loads.started.count == 1 }
    }

    /// A restore into a list already set up reports its rows at once, the same one reset.
    @Test func aControllerRestoredAfterSetUpHearsOfItsRowsOnceBeforeItsRefresh() async throws {
        let controller = DiffableController()
        controller.setupRefreshHeader()
        await controller.loads.settle { controller.loads.started.count == 1 }
        try controller.refreshStatus.restore(from: savedStrings(count: 4))
        #expect(controller.updates.map(\.change) == [.reset])
        #expect(controller.updates.first?.whileRefreshing == false)
        #expect(controller.shownRows == ["saved 0", "saved 1", "saved 2", "saved 3"])
        #expect(controller.refreshStatus[0].isRefreshing, "the list on screen did not refresh behind its rows")
        await controller.loads.settle { controller.loads.started.count == 2 }
    }

    /// A controller that used the list before restoring hears of the rows at the restore, and
    /// not again at set-up; one that used it between the restore and set-up, at set-up.
    @Test func aRestoreIsReportedOnceWhenTheControllerUsedTheListBeforeSetUp() async throws {
        let usedBefore = DiffableController()
        _ = usedBefore.pendingItems()
        try usedBefore.refreshStatus.restore(from: savedStrings(count: 4))
        #expect(usedBefore.updates.map(\.change) == [.reset])
        usedBefore.setupRefreshHeader()
        #expect(usedBefore.updates.map(\.change) == [.reset], "set-up reported the restore twice")

        let usedBetween = DiffableController()
        try usedBetween.refreshStatus.restore(from: savedStrings(count: 4))
        _ = usedBetween.pendingItems()
        #expect(usedBetween.updates.isEmpty)
        usedBetween.setupRefreshHeader()
        #expect(usedBetween.updates.map(\.change) == [.reset])
        #expect(usedBetween.shownRows.count == 4)
        await usedBefore.loads.settle { usedBefore.loads.started.count == 1 }
        await usedBetween.loads.settle { usedBetween.loads.started.count == 1 }
    }

    /// A view model (a callback-style list publishing statuses to its output) restored before its
    /// controller sets it up: the default `refreshDidUpdate(_:)` reloads the list it was handed once,
    /// when it is set up, with the restored rows.
    @Test func aViewModelRestoredBeforeSetUpReloadsItsListOnceWhenSetUp() throws {
        let viewModel = CallbackList(titles: ["The end"], publishesStatuses: true)
        let list = TestListView()
        try viewModel.refreshStatus.restore(from: savedStrings(count: 4))
        viewModel.listView = list
        viewModel.setupRefreshHeader()
        #expect(list.calls.filter { $0 == .reloadData }.count == 1, "\(list.calls)")
        #expect(viewModel.requests.map(\.kind) == [.refresh])
        #expect(viewModel.currentItems.count == 4)
    }

    /// The news feed port's other report: relaunched 30 pages deep, the feed refreshed page 1 and
    /// lost the saved pages. Restored through a controller, it refreshes the page the user was on.
    @Test func aRestoredDeepControllerRefreshesThePageTheUserWasOn() async throws {
        let policy = RefreshPolicy(pageSize: 3, maxPages: 3, refreshesAroundPosition: true)
        var deep = RefreshSources<String>(noMoreTitles: ["The end"], policy: policy)
        for page in 1...8 {
            let request = try started(deep.begin(page == 1 ? .refresh : .loadMore, source: 0))
            _ = deep.succeed(request, with: RefreshPage(items: (0..<3).map { "\(page).\($0)" }, hasMore: true))
        }
        deep.rowDidAppear(at: 4, source: 0)  // page 7
        let saved = try JSONDecoder().decode(RefreshSnapshot<String>.self, from: JSONEncoder().encode(deep.snapshot()))
        let controller = DiffableController(policy: policy)
        try controller.refreshStatus.restore(from: saved)
        controller.setupRefreshHeader()
        await controller.loads.settle { controller.loads.started.count == 1 }
        #expect(controller.loads.started.map(\.page) == [7], "the restored feed did not refresh where the user was")
        #expect(controller.shownRows.count == 9, "the saved pages were not on screen meanwhile")
    }

    @Test func aRestoredControllerDiscardsWhatTheOldStateAskedFor() async throws {
        let controller = AsyncController()
        controller.setupRefreshHeader()
        await controller.waitForStart(count: 1)
        let old = controller.loads.started[0]
        try controller.refreshStatus.restore(from: savedStrings(count: 4))
        await controller.waitForStart(count: 2)
        await controller.resolve(old, .success(RefreshPage(items: ["late"], hasMore: false)))
        #expect(controller.discarded.contains(old) || !controller.refreshStatus.sources.isInFlight(old))
        #expect(controller.refreshStatus[0].items == ["saved 0", "saved 1", "saved 2", "saved 3"])
        #expect(controller.refreshStatus[0].isRefreshing, "the restored list's background refresh is gone")
    }
}

/// Counts observation callbacks.
private final class ChangeCount: @unchecked Sendable {
    var count = 0
}
