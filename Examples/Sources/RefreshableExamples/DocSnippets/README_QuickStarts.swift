import MJRefresh
import Refreshable
import RefreshableSwiftUI
import RefreshableUIKit
import SwiftUI
import UIKit

// Mirrors README.md, sections "Quick start: UIKit", "Quick start: MJRefresh" and "Quick start:
// SwiftUI": their code blocks, verbatim, indented inside a namespace so the other docs' types can
// coexist. The MJRefresh adapter block is Adapters/MJRefresh+Refreshable.swift. The declarations
// around the blocks are only what they need to compile (the example server as `api`, a table view for
// the MJRefresh lines). DocSnippetDriftTests fails when they drift apart.

enum READMEQuickStarts {
    static let api = OrdersAPI()

    final class OrdersViewController: UIViewController, AsyncRefreshable, UITableViewDelegate {
        let tableView = UITableView(frame: .zero, style: .plain)
        let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more orders")]
        var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
        var refreshFooterControl: (any RefreshFooterControl)? { nil }
        var refreshListView: (any RefreshListView)? { tableView }

        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.refreshControl = UIRefreshControl(for: self)  // a pull refreshes
            tableView.delegate = self
            setupRefreshHeader()  // loads the first page
        }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            let response = try await api.orders(page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }

        func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
            loadMoreIfNeeded(forRowAt: indexPath)  // the last rows load the next page
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
            noMoreTitles: ["No more orders", "No more unpaid orders"], identity: .id()
        ) { request in
            let response = try await api.orders(tab: request.source, page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }

        var body: some View {
            VStack {
                Picker("Orders", selection: model.selectedSource) {
                    Text("All").tag(0)
                    Text("Unpaid").tag(1)
                }
                .pickerStyle(.segmented)
                RefreshList(model) { order in
                    Text(order.title)
                }
            }
        }
    }

    /// The list of "Quick start: SwiftUI" built by hand, with the two modifiers.
    struct OwnOrdersList: View {
        let model: RefreshListModel<Order>

        var body: some View {
            List {
                ForEach(model.items) { order in
                    Text(order.title)
                        .refreshListRow(order, in: model)
                }
                if model.isLoadingMore { ProgressView() }
                if let text = model.noMoreText { Text(text) }
            }
            .refreshable(model)
        }
    }
}
