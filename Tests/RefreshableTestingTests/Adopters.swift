import Refreshable
import RefreshableTesting

/// The library's defaults, seed style: starts each request in `refreshData(isRefresh:)` and
/// reports it with `loadSuccess` / `loadFailer`.
@MainActor
final class SeedStyleController: Refreshable {
    var refreshStatus: RefreshSources<TestItem>
    var currentIndex = 0
    let refreshHeaderControl: (any RefreshHeaderControl)?
    let refreshFooterControl: (any RefreshFooterControl)?
    let refreshListView: (any RefreshListView)?
    let loader: TestPageLoader<TestItem>

    init(rig: ConformanceRig<TestItem>) {
        refreshStatus = rig.makeSources()
        refreshHeaderControl = rig.header
        refreshFooterControl = rig.footer
        refreshListView = rig.listView
        loader = rig.loader
    }

    func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        loader.start(request) { [weak self] result in
            switch result {
            case .success(let page):
                self?.loadSuccess(page, for: request)
            case .failure(let error):
                self?.loadFailer(error, for: request)
            }
        }
    }
}

/// The library's defaults, async style: answers `loadPage(_:)` and never reports by hand.
@MainActor
final class AsyncStyleController: Refreshable {
    var refreshStatus: RefreshSources<TestItem>
    var currentIndex = 0
    let refreshHeaderControl: (any RefreshHeaderControl)?
    let refreshFooterControl: (any RefreshFooterControl)?
    let refreshListView: (any RefreshListView)?
    let loader: TestPageLoader<TestItem>

    init(rig: ConformanceRig<TestItem>) {
        refreshStatus = rig.makeSources()
        refreshHeaderControl = rig.header
        refreshFooterControl = rig.footer
        refreshListView = rig.listView
        loader = rig.loader
    }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        try await loader.load(request)
    }
}

/// An app's own item type, made from the loader's `TestItem` by the suite's `makeItem`.
struct Order: Sendable, Equatable {
    let id: String

    init(_ item: TestItem) {
        id = item.description
    }
}

/// An app's API that takes a tab and a page, not a `RefreshRequest`.
@MainActor
protocol OrdersAPI {
    func fetchOrders(
        tab: Int, page: Int, completion: @escaping @MainActor (Result<RefreshPage<Order>, any Error>) -> Void)
}

/// The test's API, backed by the suite's scriptable loader.
@MainActor
struct LoaderOrdersAPI: OrdersAPI {
    let loader: TestPageLoader<Order>

    func fetchOrders(
        tab: Int, page: Int, completion: @escaping @MainActor (Result<RefreshPage<Order>, any Error>) -> Void
    ) {
        loader.start(source: tab, page: page, completion: completion)
    }
}

/// An adopter that overrides several defaults correctly: it logs, counts and decides how to show
/// failures itself, and still ends every override in the library's helpers.
@MainActor
final class CustomizedOrdersController: Refreshable {
    var refreshStatus: RefreshSources<Order>
    var currentIndex = 0
    let refreshHeaderControl: (any RefreshHeaderControl)?
    let refreshFooterControl: (any RefreshFooterControl)?
    let refreshListView: (any RefreshListView)?
    let api: any OrdersAPI
    private(set) var analytics: [String] = []
    private(set) var failures: [RefreshFailure] = []

    init(rig: ConformanceRig<Order>) {
        var sources = rig.makeSources()
        for index in sources.indices {
            sources[index].noMoreTitle = "No more orders in tab \(index)"
        }
        refreshStatus = sources
        refreshHeaderControl = rig.header
        refreshFooterControl = rig.footer
        refreshListView = rig.listView
        api = LoaderOrdersAPI(loader: rig.loader)
    }

    func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        api.fetchOrders(tab: request.source, page: request.page) { [weak self] result in
            switch result {
            case .success(let page):
                self?.loadSuccess(page, for: request)
            case .failure(let error):
                self?.loadFailer(error, for: request)
            }
        }
    }

    func loadMore() {
        analytics.append("loadMore tab \(currentIndex)")
        startLoad(.loadMore, source: currentIndex)
    }

    func loadSuccess(_ page: RefreshPage<Order>, for request: RefreshRequest) {
        analytics.append("loaded \(page.items.count) for \(request)")
        applyLoadSuccess(page, for: request)
    }

    func presentFailure(_ failure: RefreshFailure) {
        failures.append(failure)
        let source = failure.request.source
        guard failure.reason != .cancelled, source == currentIndex, !refreshStatus[source].items.isEmpty else {
            return
        }
        refreshListView?.showFailureMessage(failure)
    }

    func refreshDidUpdate(_ update: RefreshUpdate) {
        analytics.append("update \(update.change)")
        if update.source == currentIndex {
            refreshListView?.reloadData()
        }
    }
}
