import Refreshable
import RefreshableUIKit
import UIKit

/// The forum client's tabbed home: three tabs of topics, a stale tab refreshed when the app comes
/// back to the foreground, and the selected tab tapped again scrolling to the top and refreshing,
/// each one line of glue.
final class ForumHomeViewController: UIViewController, AsyncRefreshable, UITableViewDataSource, UITableViewDelegate {
    let tableView = UITableView(frame: .zero, style: .plain)
    var api = OrdersAPI()
    let refreshStatus = RefreshRuntime<Order>(
        noMoreTitles: ["No more topics", "No more hot topics", "No more followed topics"], identity: .id())
    var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { tableView }

    override func loadView() {
        view = tableView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "topic")
        tableView.refreshControl = UIRefreshControl(for: self)
        navigationItem.titleView = RefreshSegmentedControl(
            titles: ["Latest", "Hot", "Following"], switching: self, scrollingToTop: tableView)
        refreshIfStaleOnForeground(olderThan: .seconds(5 * 60))
        setupRefreshHeader()
    }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
        let response = try await api.orders(tab: request.source, page: request.page)
        return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
    }

    func refreshDidUpdate(_ update: RefreshUpdate) {
        tableView.applyRefreshUpdate(update, of: self)
    }

    // MARK: UITableViewDataSource

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        currentItems.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "topic", for: indexPath)
        cell.textLabel?.text = currentItems[indexPath.row].title
        return cell
    }

    // MARK: UITableViewDelegate

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        loadMoreIfNeeded(forRowAt: indexPath)
    }
}
