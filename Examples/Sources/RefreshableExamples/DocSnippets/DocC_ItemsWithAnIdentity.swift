import MJRefresh
import Refreshable
import UIKit

// Mirrors Sources/Refreshable/Refreshable.docc/ItemsWithAnIdentity.md ("Items with an identity"):
// its code blocks, verbatim, inside one controller. DocSnippetDriftTests fails when they drift apart.

enum DocCItemsWithAnIdentity {
    /// A controller whose list holds each order once and edits orders by id.
    final class OrdersController: UIViewController, AsyncRefreshable {
        let tableView = UITableView(frame: .zero, style: .plain)
        let api = OrdersAPI()

        // "Overview".
        let refreshStatus = RefreshRuntime<Order>(noMoreTitles: ["No more orders"], identity: .id())

        var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
        var refreshFooterControl: (any RefreshFooterControl)? { tableView.mj_footer }
        var refreshListView: (any RefreshListView)? { tableView }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            let response = try await api.orders(tab: request.source, page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }

        // "Edit items without a refresh".
        func orderWasCancelled(_ order: Order) {
            removeItem(id: order.id)
        }

        func orderWasRenamed(_ order: Order) {
            updateItem(order)
        }
    }
}
