import MJRefresh
import Refreshable
import RefreshableUIKit
import UIKit

// Mirrors Sources/Refreshable/Refreshable.docc/Refreshable.md (the module page), section "Overview":
// its code block, verbatim, indented inside a namespace. The declarations around it are only what
// the snippet needs to compile: a header, a footer, a table view and the example server.
// DocSnippetDriftTests fails when the two drift apart.

enum DocCRefreshable {
    @MainActor static let header = UIRefreshControl()
    @MainActor static let footer = MJRefreshAutoNormalFooter()
    @MainActor static let tableView = UITableView(frame: .zero, style: .plain)
    static let api = OrdersAPI()

    final class OrdersController: AsyncRefreshable {
        let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more orders")]
        var refreshHeaderControl: (any RefreshHeaderControl)? { header }
        var refreshFooterControl: (any RefreshFooterControl)? { footer }
        var refreshListView: (any RefreshListView)? { tableView }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            let response = try await api.orders(page: request.page)
            return RefreshPage(items: response.orders, curPage: response.curPage, pageCount: response.pageCount)
        }
    }
}
