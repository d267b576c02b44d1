import Refreshable
import RefreshableUIKit
import UIKit

/// A complete UIKit screen in async style, with a classic data source: a `UIRefreshControl` header,
/// no footer control (load-more starts as the last rows are about to show), appended rows inserted
/// rather than reloaded, and the failure placeholder and toast of RefreshableUIKit's `UITableView`
/// list view.
final class OrdersTableViewController: UIViewController, AsyncRefreshable, UITableViewDataSource, UITableViewDelegate {
    let tableView = UITableView(frame: .zero, style: .plain)
    let api: OrdersAPI

    let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more orders")]
    var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { tableView }

    init(api: OrdersAPI) {
        self.api = api
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func loadView() {
        view = tableView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "order")
        // UIRefreshControl sends .valueChanged only for the user's pull, never from beginRefreshing().
        tableView.refreshControl = UIRefreshControl(for: self)
        setupRefreshHeader()  // loads the first page
    }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
        let response = try await api.orders(tab: request.source, page: request.page)
        return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
    }

    /// Inserts appended rows with an animation; reloads for everything else.
    func refreshDidUpdate(_ update: RefreshUpdate) {
        guard update.source == currentIndex else { return }
        if case .appended(let rows) = update.change, tableView.numberOfRows(inSection: 0) == rows.lowerBound {
            tableView.performBatchUpdates {
                self.tableView.insertRows(at: rows.map { IndexPath(row: $0, section: 0) }, with: .automatic)
            }
        } else {
            tableView.reloadData()
        }
    }

    // MARK: UITableViewDataSource

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        currentItems.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "order", for: indexPath)
        cell.textLabel?.text = currentItems[indexPath.row].title
        return cell
    }

    // MARK: UITableViewDelegate

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        loadMoreIfNeeded(forRowAt: indexPath)
    }
}
