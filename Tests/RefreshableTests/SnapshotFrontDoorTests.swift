import Foundation
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
