import Refreshable
import RefreshableTesting

/// How a ``TestAdopter`` reaches its server and reports the answer, as real controllers do.
enum Delivery: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Callback style through an API that takes a tab and a page: `refreshData(isRefresh:)` starts
    /// the request, the completion reports with `loadSuccess` / `loadFailer`.
    case callback
    /// Callback style whose completion hops to the main actor before reporting, as a URLSession
    /// callback dispatched to the main queue does: results arrive one turn after the answer.
    case mainHop
    /// Async style: `loadPage(_:)` awaits an API that takes a tab and a page; the library reports.
    case async
    /// Async style whose `loadPage(_:)` first awaits an API client that is an actor of its own.
    case actorClient

    var description: String { rawValue }

    /// Whether the library runs the loads (`loadPage(_:)` of an ``AsyncTestAdopter``).
    var isAsync: Bool { self == .async || self == .actorClient }
}

/// A server's answer as an app's response type holds it: the items and only the end-of-list fields
/// that server sends. Adopters forward what it has, as faithful ports of real code do.
struct ServerPage: Sendable {
    var items: [TestItem]
    var hasMore: Bool?
    var curPage: Int?
    var pageCount: Int?
    var total: Int?

    /// What a server that sends `fields` answers for the kit's page.
    init(_ page: RefreshPage<TestItem>, fields: EndOfListSignals) {
        items = page.items
        if fields.contains(.hasMore) {
            hasMore = page.hasMore
        }
        if fields.contains(.pageCount) {
            curPage = page.curPage
            pageCount = page.pageCount
        }
        if fields.contains(.totalCount) {
            total = page.totalCount
        }
    }

    /// The page the adopter hands the library: everything the response has.
    var refreshPage: RefreshPage<TestItem> {
        RefreshPage(items: items, hasMore: hasMore, curPage: curPage, pageCount: pageCount, totalCount: total)
    }
}

/// An API client that is an actor of its own, as many apps' network layers are: every request
/// leaves the main actor, and its answer comes back through the actor.
actor ActorAPIClient {
    private let loader: TestPageLoader<TestItem>
    private let fields: EndOfListSignals

    init(loader: TestPageLoader<TestItem>, fields: EndOfListSignals) {
        self.loader = loader
        self.fields = fields
    }

    func fetch(_ request: RefreshRequest) async throws -> ServerPage {
        ServerPage(try await loader.load(request), fields: fields)
    }
}

/// The one test adopter: the library's defaults, reached through an API whose responses carry only
/// the end-of-list fields `forwards` names, delivered in a callback ``Delivery`` style (its
/// subclass ``AsyncTestAdopter`` takes the async ones), with the rig's policy or a policy of its
/// own. Broken adopters subclass it and change one thing.
@MainActor
class TestAdopter: Refreshable {
    let refreshStatus: RefreshRuntime<TestItem>
    var currentIndex = 0
    var refreshHeaderControl: (any RefreshHeaderControl)? { header }
    var refreshFooterControl: (any RefreshFooterControl)? { footer }
    var refreshListView: (any RefreshListView)? { listView }
    let header: TestHeaderControl
    let footer: TestFooterControl
    let listView: TestListView
    let loader: TestPageLoader<TestItem>
    let delivery: Delivery
    let forwards: EndOfListSignals
    private let client: ActorAPIClient

    /// - Parameters:
    ///   - rig: The rig to wire to.
    ///   - delivery: How loads reach the server and results come back.
    ///   - forwards: The end-of-list fields the server's responses have.
    ///   - policy: The adopter's own policy, instead of the rig's.
    init(
        rig: ConformanceRig<TestItem>,
        delivery: Delivery = .callback,
        forwards: EndOfListSignals = .all,
        policy: RefreshPolicy? = nil
    ) {
        var sources = rig.makeSources()
        if let policy {
            sources = RefreshSources(noMoreTitles: rig.noMoreTitles, policy: policy)
        }
        refreshStatus = RefreshRuntime(sources)
        header = rig.header
        footer = rig.footer
        listView = rig.listView
        loader = rig.loader
        self.delivery = delivery
        self.forwards = forwards
        client = ActorAPIClient(loader: rig.loader, fields: forwards)
        precondition(
            !delivery.isAsync || self is any AsyncRefreshable,
            "TestAdopter loads callback style; make an AsyncTestAdopter for \(delivery) delivery")
    }

    /// A test adopter for any delivery: an ``AsyncTestAdopter`` for the async ones.
    static func make(
        rig: ConformanceRig<TestItem>,
        delivery: Delivery,
        forwards: EndOfListSignals = .all,
        policy: RefreshPolicy? = nil
    ) -> TestAdopter {
        delivery.isAsync
            ? AsyncTestAdopter(rig: rig, delivery: delivery, forwards: forwards, policy: policy)
            : TestAdopter(rig: rig, delivery: delivery, forwards: forwards, policy: policy)
    }

    /// An API that takes a tab and a page and answers with the server's fields.
    func fetch(tab: Int, page: Int, completion: @escaping @MainActor (Result<ServerPage, any Error>) -> Void) {
        let fields = forwards
        loader.start(source: tab, page: page) { result in
            completion(result.map { ServerPage($0, fields: fields) })
        }
    }

    func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        switch delivery {
        case .callback:
            fetch(tab: request.source, page: request.page) { [weak self] result in
                self?.report(result, for: request)
            }
        case .mainHop:
            let fields = forwards
            loader.start(request) { result in
                Task { @MainActor [weak self] in
                    self?.report(result.map { ServerPage($0, fields: fields) }, for: request)
                }
            }
        case .async, .actorClient:
            // Never: an AsyncTestAdopter's loads go to loadPage(_:).
            preconditionFailure("refreshData(isRefresh:) called for \(delivery) delivery")
        }
    }

    /// The async delivery styles' loader: ``AsyncTestAdopter``'s `loadPage(_:)`.
    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        switch delivery {
        case .actorClient:
            return try await client.fetch(request).refreshPage
        default:
            let page = try await loader.load(source: request.source, page: request.page)
            return ServerPage(page, fields: forwards).refreshPage
        }
    }

    private func report(_ result: Result<ServerPage, any Error>, for request: RefreshRequest) {
        switch result {
        case .success(let page):
            didLoad(page.refreshPage, for: request)
        case .failure(let error):
            didFail(error, for: request)
        }
    }

    // What the callback style's completion does with an answer, and hooks, spelled out so that
    // broken subclasses can replace one of them.

    func refreshDidCancel(_ request: RefreshRequest) {}

    /// The library's default: reloads the list when the update is for the current source.
    func refreshDidUpdate(_ update: RefreshUpdate) {
        reloadListIfCurrent(update)
    }

    /// Reports a page to the library.
    func didLoad(_ page: RefreshPage<TestItem>, for request: RefreshRequest) {
        loadSuccess(page, for: request)
    }

    /// Reports a failure to the library.
    func didFail(_ error: any Error, for request: RefreshRequest) {
        loadFailer(error, for: request)
    }

    func presentFailure(_ failure: RefreshFailure) {
        let source = failure.request.source
        guard source == currentIndex, !refreshStatus[source].items.isEmpty else {
            return
        }
        refreshListView?.showFailureMessage(failure)
    }
}

/// ``TestAdopter`` in an async ``Delivery`` style: the library calls its `loadPage(_:)`.
@MainActor
class AsyncTestAdopter: TestAdopter, AsyncRefreshable {
    /// - Parameters:
    ///   - rig: The rig to wire to.
    ///   - delivery: `.async` or `.actorClient`.
    ///   - forwards: The end-of-list fields the server's responses have.
    ///   - policy: The adopter's own policy, instead of the rig's.
    override init(
        rig: ConformanceRig<TestItem>,
        delivery: Delivery = .async,
        forwards: EndOfListSignals = .all,
        policy: RefreshPolicy? = nil
    ) {
        precondition(delivery.isAsync, "AsyncTestAdopter loads async; make a TestAdopter for \(delivery) delivery")
        super.init(rig: rig, delivery: delivery, forwards: forwards, policy: policy)
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
        api = LoaderOrdersAPI(loader: rig.loader, pageSize: rig.policy.pageSize)
    }

    func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        api.fetchOrders(tab: request.source, page: request.page) { [weak self] result in
            switch result {
            case .success(let page):
                self?.ordersLoaded(RefreshPage(items: page.orders, hasMore: page.hasMore), for: request)
            case .failure(let error):
                self?.loadFailer(error, for: request)
            }
        }
    }

    func loadMore() {
        analytics.append("loadMore tab \(currentIndex)")
        startLoad(.loadMore, source: currentIndex)
    }

    func ordersLoaded(_ page: RefreshPage<Order>, for request: RefreshRequest) {
        analytics.append("loaded \(page.items.count) for \(request)")
        loadSuccess(page, for: request)
    }

    func presentFailure(_ failure: RefreshFailure) {
        failures.append(failure)
        let source = failure.request.source
        guard source == currentIndex, !refreshStatus[source].items.isEmpty else {
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
