import Refreshable
import RefreshableTesting
import Testing

// The controller and tests of the "Testing your adopter" article, compiled and run as written.

@MainActor
final class OrdersController: Refreshable {
    var refreshStatus: RefreshSources<Order>
    var currentIndex = 0
    let refreshHeaderControl: (any RefreshHeaderControl)?
    let refreshFooterControl: (any RefreshFooterControl)?
    let refreshListView: (any RefreshListView)?
    let api: any OrdersAPI

    init(
        sources: RefreshSources<Order>,
        header: (any RefreshHeaderControl)?,
        footer: (any RefreshFooterControl)?,
        list: (any RefreshListView)?,
        api: any OrdersAPI
    ) {
        refreshStatus = sources
        refreshHeaderControl = header
        refreshFooterControl = footer
        refreshListView = list
        self.api = api
    }

    func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        api.fetchOrders(tab: request.source, page: request.page) { [weak self] result in
            switch result {
            case .success(let page): self?.loadSuccess(page, for: request)
            case .failure(let error): self?.loadFailer(error, for: request)
            }
        }
    }
}

@MainActor
func makeController(_ rig: ConformanceRig<Order>) -> OrdersController {
    OrdersController(
        sources: rig.makeSources(),
        header: rig.header,
        footer: rig.footer,
        list: rig.listView,
        api: LoaderOrdersAPI(loader: rig.loader)
    )
}

@Suite struct ArticleExampleTests {
    @Test @MainActor func ordersControllerKeepsEveryRule() async throws {
        try await RefreshableConformance.check(makeItem: Order.init) { rig in
            makeController(rig)
        }
    }

    @Test @MainActor func ordersControllerMatchesTheModelOverManyEvents() async throws {
        let result = await RefreshableModelCheck.run(steps: 5_000, makeItem: Order.init) { rig in
            makeController(rig)
        }
        if let failure = result.failure {
            Issue.record(failure)
        }
        #expect(result.steps == 5_000)
    }

    @Test @MainActor func aLateLoadMoreAfterARefreshIsDiscarded() async throws {
        let rig = ConformanceRig(makeItem: Order.init)
        let controller = makeController(rig)
        controller.setupRefreshHeader()
        rig.loader.answer(try #require(rig.loader.pending.first), itemCount: 3)
        controller.loadMore()
        let loadMore = try #require(rig.loader.pending.first)
        controller.refresh()
        rig.loader.answer(loadMore, itemCount: 3)
        #expect(controller.currentItems.count == 3)
        #expect(rig.footer.state == .idle)
    }
}
