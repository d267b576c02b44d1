import MJRefresh
import Refreshable
import SwiftUI
import UIKit

// Mirrors README.md, sections "Quick start: UIKit", "Quick start: MJRefresh" and "Quick start:
// SwiftUI" (whose block the DocC article "Using Refreshable with SwiftUI" shows too): their code
// blocks, verbatim, indented inside a namespace so the other docs' types can
// coexist. The declarations around them are only what they need to compile (the example server as
// `api`, a table view for the MJRefresh lines). DocSnippetDriftTests fails when they drift apart.

enum READMEQuickStarts {
    static let api = OrdersAPI()

    final class OrdersViewController: UIViewController, AsyncRefreshable {
        let tableView = UITableView(frame: .zero, style: .plain)
        let refreshControl = UIRefreshControl()
        let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more orders")]
        var refreshHeaderControl: (any RefreshHeaderControl)? { refreshControl }
        var refreshFooterControl: (any RefreshFooterControl)? { nil }
        var refreshListView: (any RefreshListView)? { tableView }

        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.refreshControl = refreshControl
            refreshControl.addAction(UIAction { [weak self] _ in self?.headerRefreshingAction() }, for: .valueChanged)
            setupRefreshHeader()  // loads the first page
        }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            let response = try await api.orders(page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }
    }

    final class MJOrdersViewController: UIViewController, AsyncRefreshable {
        let tableView = UITableView(frame: .zero, style: .plain)
        let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more orders")]
        var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.mj_header }
        var refreshFooterControl: (any RefreshFooterControl)? { tableView.mj_footer }
        var refreshListView: (any RefreshListView)? { tableView }

        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.mj_header = MJRefreshNormalHeader { [weak self] in self?.headerRefreshingAction() }
            tableView.mj_footer = MJRefreshAutoNormalFooter { [weak self] in self?.footerRefreshingAction() }
            setupRefreshHeader()
        }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            let response = try await api.orders(page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }
    }

    struct OrdersView: View {
        @State private var model = RefreshListModel<Order>(
            noMoreTitles: ["No more orders"], identity: .id()
        ) { request in
            let response = try await api.orders(page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }

        var body: some View {
            List {
                ForEach(model.items) { order in
                    Text(order.title)
                        .onAppear { model.itemDidAppear(order) }
                        .onDisappear { model.itemDidDisappear(order) }
                }
                if model.isLoadingMore { ProgressView() }
                if let text = model.noMoreText { Text(text) }
            }
            .refreshable { [model] in await model.refresh() }
            .task { model.setUp() }
        }
    }
}
