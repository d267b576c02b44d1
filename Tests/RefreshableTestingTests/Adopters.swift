import Refreshable
import RefreshableTesting

/// The library's defaults, seed style: starts each request in `refreshData(isRefresh:)` and
/// reports it with `loadSuccess` / `loadFailer`.
@MainActor
final class SeedStyleController: Refreshable {
    let refreshStatus: RefreshRuntime<TestItem>
    var currentIndex = 0
    let refreshHeaderControl: (any RefreshHeaderControl)?
    let refreshFooterControl: (any RefreshFooterControl)?
    let refreshListView: (any RefreshListView)?
    let loader: TestPageLoader<TestItem>

    init(rig: ConformanceRig<TestItem>) {
        refreshStatus = RefreshRuntime(rig.makeSources())
        refreshHeaderControl = rig.header
        refreshFooterControl = rig.footer
        refreshListView = rig.listView
        loader = rig.loader
    }

    func refreshData(isRefresh: Bool) {
        loader.start(refreshRequest, reportingTo: self)
    }
}

/// The library's defaults, async style: answers `loadPage(_:)` and never reports by hand.
@MainActor
final class AsyncStyleController: AsyncRefreshable {
    let refreshStatus: RefreshRuntime<TestItem>
    var currentIndex = 0
    let refreshHeaderControl: (any RefreshHeaderControl)?
    let refreshFooterControl: (any RefreshFooterControl)?
    let refreshListView: (any RefreshListView)?
    let loader: TestPageLoader<TestItem>

    init(rig: ConformanceRig<TestItem>) {
        refreshStatus = RefreshRuntime(rig.makeSources())
        refreshHeaderControl = rig.header
        refreshFooterControl = rig.footer
        refreshListView = rig.listView
        loader = rig.loader
    }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        try await loader.load(request)
    }
}

/// An app's own item type; `ArticleExampleTests.swift` makes it from the loader's `TestItem`, as the article does.
struct Order: Sendable, Equatable {
    let id: String
}

/// An adopter that overrides several defaults correctly: it logs, counts and decides how to show
/// failures itself, and still ends every override in the library's helpers.
@MainActor
final class CustomizedOrdersController: Refreshable {
    let refreshStatus: RefreshRuntime<Order>
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
        refreshStatus = RefreshRuntime(sources)
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

/// Seed style whose completion hops to the main actor before reporting, as a URLSession callback
/// dispatched to the main queue does: results arrive one turn of the main actor after the answer.
@MainActor
final class MainHopController: Refreshable {
    let refreshStatus: RefreshRuntime<TestItem>
    var currentIndex = 0
    let refreshHeaderControl: (any RefreshHeaderControl)?
    let refreshFooterControl: (any RefreshFooterControl)?
    let refreshListView: (any RefreshListView)?
    let loader: TestPageLoader<TestItem>

    init(rig: ConformanceRig<TestItem>) {
        refreshStatus = RefreshRuntime(rig.makeSources())
        refreshHeaderControl = rig.header
        refreshFooterControl = rig.footer
        refreshListView = rig.listView
        loader = rig.loader
    }

    func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        loader.start(request) { result in
            Task { @MainActor [weak self] in
                switch result {
                case .success(let page):
                    self?.loadSuccess(page, for: request)
                case .failure(let error):
                    self?.loadFailer(error, for: request)
                }
            }
        }
    }
}

/// An API client that is an actor of its own, as many apps' network layers are: every request
/// leaves the main actor, and its answer comes back through the actor.
actor OrdersClient {
    private let loader: TestPageLoader<TestItem>
    private(set) var requestCount = 0

    init(loader: TestPageLoader<TestItem>) {
        self.loader = loader
    }

    func fetch(_ request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        requestCount += 1
        return try await loader.load(request)
    }
}

/// Async style whose `loadPage(_:)` first awaits another actor, which then reaches the loader.
@MainActor
final class ActorClientController: AsyncRefreshable {
    let refreshStatus: RefreshRuntime<TestItem>
    var currentIndex = 0
    let refreshHeaderControl: (any RefreshHeaderControl)?
    let refreshFooterControl: (any RefreshFooterControl)?
    let refreshListView: (any RefreshListView)?
    let client: OrdersClient

    init(rig: ConformanceRig<TestItem>) {
        refreshStatus = RefreshRuntime(rig.makeSources())
        refreshHeaderControl = rig.header
        refreshFooterControl = rig.footer
        refreshListView = rig.listView
        client = OrdersClient(loader: rig.loader)
    }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        try await client.fetch(request)
    }
}
