import MJRefresh
import Refreshable
import RefreshableUIKit
import UIKit

/// A complete MJRefresh screen with a callback-based loader: two tabs, an `MJRefreshNormalHeader` and an
/// `MJRefreshAutoNormalFooter`, requests started in `refreshData(isRefresh:)` and reported with
/// `loadSuccess` / `loadFailer`.
final class OrdersMJRefreshViewController: UIViewController, Refreshable, UITableViewDataSource {
    let tableView = UITableView(frame: .zero, style: .plain)
    let api: OrdersAPI

    let refreshStatus = RefreshRuntime<Order>(noMoreTitles: ["No more orders", "No more unpaid orders"])
    var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.mj_header }
    var refreshFooterControl: (any RefreshFooterControl)? { tableView.mj_footer }
    var refreshListView: (any RefreshListView)? { tableView }

    init(api: OrdersAPI) {
        self.api = api
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(tableView)
        tableView.dataSource = self
        // MJRefresh calls these blocks after every beginRefreshing(), also the library's own: the
        // actions tell those late callbacks from a user's pull.
        tableView.mj_header = MJRefreshNormalHeader { [weak self] in self?.headerRefreshingAction() }
        tableView.mj_footer = MJRefreshAutoNormalFooter { [weak self] in self?.footerRefreshingAction() }
        showTab(0)
    }

    /// Makes a tab current: the library's switch, which loads the tab's first page if it never
    /// loaded; the footer's adapter shows the tab's own end-of-list text.
    func showTab(_ index: Int) {
        switchSource(to: index)
    }

    func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        api.orders(tab: request.source, page: request.page) { [weak self] result in
            switch result {
            case .success(let response):
                let page = RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
                self?.loadSuccess(page, for: request)
            case .failure(let error):
                self?.loadFailer(error, for: request)
            }
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
}
