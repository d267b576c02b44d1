import Refreshable
import RefreshableTesting

/// A screen an ``AdopterFuzz`` drives: a `Refreshable` adopter or a `RefreshListModel`, on a
/// ``ConformanceRig``'s doubles. Each call does what a user or the app does and returns the Swift
/// it calls, for the transcript.
@MainActor
protocol FuzzScreen: AnyObject {
    /// The list's runtime.
    var runtime: RefreshRuntime<TestItem> { get }
    /// The tab on screen.
    var current: Int { get }
    /// How the transcript names the screen: `adopter` or `model`.
    var name: String { get }
    /// Whether answers land without a turn of the main actor: no need to wait after each step.
    var settlesAtOnce: Bool { get }
    /// The refreshes a caller awaits, and whether each returned (a list model's `refresh()`).
    var awaitedRefreshes: [AwaitedRefresh] { get }
    /// Does what a user does; `nil` when this screen has no such action.
    func act(_ action: FuzzUserAction) -> String?
    /// Cancels a source's loads (a list model cancels its current source's); returns the source
    /// cancelled and the call.
    func cancel(source: Int) -> (source: Int, call: String)
    /// Delivers an answer for any request, as a loader's completion does; `nil` when the screen
    /// reports no answers itself.
    func deliver(_ page: RefreshPage<TestItem>, for request: RefreshRequest) -> String?
    /// The local edits by id, on the current source.
    func update(_ item: TestItem) -> String
    func remove(id: Int) -> String
    func insert(_ item: TestItem, at position: Int) -> String
    func insertPending(_ item: TestItem, at position: Int) -> String
}

/// A screen over a `RefreshListModel`.
@MainActor
protocol ListModelScreenMarker {}

/// A refresh someone awaits.
@MainActor
final class AwaitedRefresh {
    /// The source it refreshes.
    let source: Int
    /// Whether the awaiting task called `refresh()`: until its first turn, nothing was asked.
    var started = false
    /// Whether `refresh()` returned.
    var returned = false

    init(source: Int) {
        self.source = source
    }
}

/// The kit's own adopter for a fuzz, callback style: the library's defaults on the rig's doubles,
/// its loads answered through callbacks (`loadSuccess` / `loadFailer`, synchronously). Its
/// subclass ``AsyncFuzzAdopter`` loads async.
@MainActor
package class FuzzAdopter: Refreshable {
    package let refreshStatus: RefreshRuntime<TestItem>
    package var currentIndex = 0
    package var refreshHeaderControl: (any RefreshHeaderControl)? { rig.header }
    package var refreshFooterControl: (any RefreshFooterControl)? { rig.footer }
    package var refreshListView: (any RefreshListView)? { rig.listView }
    fileprivate let rig: ConformanceRig<TestItem>

    /// - Parameter rig: The doubles.
    package init(rig: ConformanceRig<TestItem>) {
        self.rig = rig
        refreshStatus = RefreshRuntime(rig.makeSources())
    }

    /// Never called for an ``AsyncFuzzAdopter``, whose loads go to `loadPage(_:)`.
    package func refreshData(isRefresh: Bool) {
        rig.loader.start(refreshRequest, reportingTo: self)
    }
}

/// The kit's own `AsyncRefreshable` adopter for a fuzz: the library's defaults on the rig's
/// doubles, its loads run by the runtime's tasks.
@MainActor
package final class AsyncFuzzAdopter: FuzzAdopter, AsyncRefreshable {
    package func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        try await rig.loader.load(request)
    }
}

/// Any `Refreshable` adopter as a fuzz's screen.
@MainActor
final class AdopterScreen<Adopter: Refreshable>: FuzzScreen where Adopter.Item == TestItem {
    let adopter: Adopter
    private let rig: ConformanceRig<TestItem>
    let settlesAtOnce: Bool

    init(_ adopter: Adopter, rig: ConformanceRig<TestItem>, settlesAtOnce: Bool) {
        self.adopter = adopter
        self.rig = rig
        self.settlesAtOnce = settlesAtOnce
        rig.connect(adopter)
    }

    var runtime: RefreshRuntime<TestItem> { adopter.refreshStatus }
    var current: Int { adopter.currentIndex }
    var name: String { "adopter" }
    var awaitedRefreshes: [AwaitedRefresh] { [] }

    func act(_ action: FuzzUserAction) -> String? {
        switch action {
        case .appear:
            adopter.setupRefreshHeader()
            adopter.setupRefreshFooter()
            return "adopter.setupRefreshHeader(); adopter.setupRefreshFooter()"
        case .refresh:
            adopter.refresh()
            return "adopter.refresh()"
        case .loadMore:
            adopter.loadMore()
            return "adopter.loadMore()"
        case .loadPrevious:
            adopter.loadPrevious()
            return "adopter.loadPrevious()"
        case .switchSource(let index):
            let target = index % runtime.count
            adopter.switchSource(to: target)
            return "adopter.switchSource(to: \(target))"
        case .retry:
            guard rig.listView.tapRetry() else { return nil }
            return "_ = rig.listView.tapRetry()"
        case .retryNow:
            adopter.refreshStatus.retryNow()
            return "adopter.refreshStatus.retryNow()"
        case .refreshIfStale:
            guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return nil }
            adopter.refreshIfStale(olderThan: .zero)
            return "adopter.refreshIfStale(olderThan: .zero)"
        case .setOnline(let online):
            adopter.setOnline(online)
            return "adopter.setOnline(\(online))"
        case .rowAppears, .rowDisappears:
            return nil
        }
    }

    func cancel(source: Int) -> (source: Int, call: String) {
        adopter.cancelLoading(source: source)
        return (source, "adopter.cancelLoading(source: \(source))")
    }

    func deliver(_ page: RefreshPage<TestItem>, for request: RefreshRequest) -> String? {
        adopter.loadSuccess(page, for: request)
        return "adopter.loadSuccess(\(page.swiftLiteral), for: \(request.swiftLiteral))"
    }

    func update(_ item: TestItem) -> String {
        adopter.updateItem(item, source: current)
        return "adopter.updateItem(\(item.fuzzLiteral))"
    }

    func remove(id: Int) -> String {
        adopter.removeItem(id: id, source: current)
        return "adopter.removeItem(id: \(swiftInt(id)))"
    }

    func insert(_ item: TestItem, at position: Int) -> String {
        adopter.insertItem(item, at: position, source: current)
        return "adopter.insertItem(\(item.fuzzLiteral), at: \(position))"
    }

    func insertPending(_ item: TestItem, at position: Int) -> String {
        adopter.insertPendingItem(item, at: position, source: current)
        return "adopter.insertPendingItem(\(item.fuzzLiteral), at: \(position))"
    }
}

/// A `RefreshListModel` as a fuzz's screen: its runtime loads through the rig's loader, and each
/// `refresh()` is awaited in a task of its own, as SwiftUI's `.refreshable` does.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class ListModelFuzzScreen: FuzzScreen, ListModelScreenMarker {
    let model: RefreshListModel<TestItem>
    private(set) var awaitedRefreshes: [AwaitedRefresh] = []

    init(rig: ConformanceRig<TestItem>) {
        let loader = rig.loader
        model = RefreshListModel(RefreshRuntime(rig.makeSources())) { try await loader.load($0) }
    }

    var runtime: RefreshRuntime<TestItem> { model.refreshStatus }
    var current: Int { model.currentIndex }
    var name: String { "model" }
    var settlesAtOnce: Bool { false }

    func act(_ action: FuzzUserAction) -> String? {
        switch action {
        case .appear:
            model.setUp()
            return "model.setUp()"
        case .refresh:
            let awaited = AwaitedRefresh(source: current)
            awaitedRefreshes.append(awaited)
            let model = model
            Task {
                awaited.started = true
                await model.refresh()
                awaited.returned = true
            }
            return "Task { await model.refresh() }"
        case .loadMore:
            model.loadMore()
            return "model.loadMore()"
        case .loadPrevious:
            model.loadPrevious()
            return "model.loadPrevious()"
        case .switchSource(let index):
            let target = index % runtime.count
            model.switchSource(to: target)
            return "model.switchSource(to: \(target))"
        case .retry:
            model.retry()
            return "model.retry()"
        case .retryNow:
            model.refreshStatus.retryNow()
            return "model.refreshStatus.retryNow()"
        case .refreshIfStale:
            model.refreshIfStale(olderThan: .zero)
            return "model.refreshIfStale(olderThan: .zero)"
        case .setOnline(let online):
            model.setOnline(online)
            return "model.setOnline(\(online))"
        case .rowAppears(let row):
            let count = model.items.count
            guard count > 0 else { return nil }
            model.itemDidAppear(at: row % count)
            return "model.itemDidAppear(at: \(row % count))"
        case .rowDisappears(let row):
            let count = model.items.count
            guard count > 0 else { return nil }
            model.itemDidDisappear(at: row % count)
            return "model.itemDidDisappear(at: \(row % count))"
        }
    }

    func cancel(source: Int) -> (source: Int, call: String) {
        model.cancelLoading()
        return (current, "model.cancelLoading()")
    }

    func deliver(_ page: RefreshPage<TestItem>, for request: RefreshRequest) -> String? {
        nil
    }

    func update(_ item: TestItem) -> String {
        model.updateItem(item, source: model.currentIndex)
        return "model.updateItem(\(item.fuzzLiteral), source: \(model.currentIndex))"
    }

    func remove(id: Int) -> String {
        model.removeItem(id: id, source: model.currentIndex)
        return "model.removeItem(id: \(swiftInt(id)), source: \(model.currentIndex))"
    }

    func insert(_ item: TestItem, at position: Int) -> String {
        model.insertItem(item, at: position)
        return "model.insertItem(\(item.fuzzLiteral), at: \(position))"
    }

    func insertPending(_ item: TestItem, at position: Int) -> String {
        model.insertPendingItem(item, at: position)
        return "model.insertPendingItem(\(item.fuzzLiteral), at: \(position))"
    }
}
