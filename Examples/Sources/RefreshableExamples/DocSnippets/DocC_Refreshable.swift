import Refreshable
import RefreshableUIKit
import UIKit

// ios-typecheck: iOS 14
// Mirrors Sources/Refreshable/Refreshable.docc/Refreshable.md (the module page), section "A first
// list": its code block, verbatim, indented inside a namespace. DocSnippetDriftTests fails when the
// two drift apart.

enum DocCRefreshable {
    final class OrdersViewController: UIViewController, AsyncRefreshable {
        let api = OrdersAPI()  // your networking
        let tableView = UITableView(frame: .zero, style: .plain)
        let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more")]
        var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
        var refreshFooterControl: (any RefreshFooterControl)? { nil }
        var refreshListView: (any RefreshListView)? { tableView }

        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.refreshControl = UIRefreshControl(for: self)  // a pull refreshes
            setupRefreshHeader()  // loads the first page
        }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            let answer = try await api.orders(page: request.page)
            return RefreshPage(
                items: answer.datas, curPage: answer.curPage, pageCount: answer.pageCount)
        }
    }
}
