import MJRefresh
import Refreshable
import UIKit

// Mirrors README.md, section "Adopting it": its code block, verbatim apart from the import line
// (gathered above), indented inside a namespace so the other docs' `OrdersController`s can coexist.
// The declarations around it are only what the snippet needs to compile: the screen's table view
// and footer, and the example server. DocSnippetDriftTests fails when the two drift apart.

enum READMEAdoptingIt {
    @MainActor static let tableView = UITableView(frame: .zero, style: .plain)
    @MainActor static let footer = MJRefreshAutoNormalFooter()
    static let api = OrdersAPI()

    final class OrdersController: UIViewController, Refreshable {
        var refreshStatus: RefreshSources<Order> = [RefreshState(noMoreTitle: "No more orders")]
        var currentIndex = 0
        var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
        var refreshFooterControl: (any RefreshFooterControl)? { footer }
        var refreshListView: (any RefreshListView)? { tableView }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            let page = try await api.orders(page: request.page)
            return RefreshPage(items: page.datas, curPage: page.curPage, pageCount: page.pageCount)
        }
    }
}
