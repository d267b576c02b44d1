import Refreshable
import RefreshableUIKit
import UIKit

/// A new app's three-tab screen, wired with RefreshableUIKit and no copied glue: a segmented control
/// switches tabs (each loads its first page when first shown), pull to refresh, rows by id through a
/// diffable data source, more rows as the last ones come on screen, and the table view's failure
/// placeholder and toast.
final class OrderTabsViewController: UIViewController, AsyncRefreshable, UITableViewDelegate {
    var api = OrdersAPI()
    let tableView = UITableView(frame: .zero, style: .plain)
    let refreshStatus = RefreshRuntime<Order>(noMoreTitles: ["", "", ""], identity: .id())  // 3 tabs, no footer
    var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { tableView }
    lazy var rows = UITableViewDiffableDataSource<Int, Order.ID>(tableView: tableView) { [unowned self] table, at, _ in
        let cell = table.dequeueReusableCell(withIdentifier: "order", for: at)
        cell.textLabel?.text = currentItems[at.row].title
        return cell
    }

    override func loadView() { view = tableView }

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.titleView = UISegmentedControl(titles: ["All", "Unpaid", "Shipped"], switching: self)
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "order")
        tableView.delegate = self
        tableView.refreshControl = UIRefreshControl(for: self)
        setupRefreshHeader()  // loads the first tab's first page
    }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
        let response = try await api.orders(tab: request.source, page: request.page)
        return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
    }

    func refreshDidUpdate(_ update: RefreshUpdate) { rows.applyRefreshUpdate(update, of: self, section: 0) }

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        loadMoreIfNeeded(forRowAt: indexPath)
    }
}
