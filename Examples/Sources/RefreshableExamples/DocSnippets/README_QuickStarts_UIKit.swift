import MJRefresh
import Refreshable
import RefreshableUIKit
import UIKit

// ios-typecheck: iOS 14
// Mirrors README.md, sections "Quick start: UIKit" and "Quick start: MJRefresh": their code blocks,
// verbatim, indented inside a namespace so the other docs' types can coexist. The MJRefresh adapter
// block is Adapters/MJRefresh+Refreshable.swift. The declarations around the blocks are only what
// they need to compile (the example server as `api`). DocSnippetDriftTests fails when they drift
// apart. Scripts/ios-typecheck.sh checks this file against the real SDK at the iOS the README gives
// for these quick starts (the line above).

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
}
