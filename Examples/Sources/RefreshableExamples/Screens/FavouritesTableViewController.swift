import Refreshable
import RefreshableUIKit
import UIKit

/// The forum client's favourites in a plain `UITableView` whose data source reads the list's items:
/// every update is animated in one batch (`applyRefreshUpdate(_:of:)`): pages as they load, the page
/// the cap of three drops as the list scrolls on, a refresh's difference, and the edits.
final class FavouritesTableViewController: UIViewController, AsyncRefreshable, UITableViewDataSource,
    UITableViewDelegate
{
    let tableView = UITableView(frame: .zero, style: .plain)
    let server: FavouritesServer
    let refreshStatus = RefreshRuntime<Favourite>(
        noMoreTitles: ["No more favourites"], policy: RefreshPolicy(pageSize: 10, maxPages: 3), identity: .id())
    var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { tableView }

    init(server: FavouritesServer) {
        self.server = server
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
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "favourite")
        tableView.refreshControl = UIRefreshControl(for: self)
        setupRefreshHeader()
    }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Favourite> {
        RefreshPage(items: await server.favourites(page: request.page, pageSize: refreshStatus.policy.pageSize))
    }

    func refreshDidUpdate(_ update: RefreshUpdate) {
        tableView.applyRefreshUpdate(update, of: self)
    }

    /// Renames a favourite in place: its row reloads.
    func rename(_ favourite: Favourite, to title: String) {
        var renamed = favourite
        renamed.title = title
        updateItem(renamed)
    }

    /// Takes a favourite off the list: its row is deleted.
    func unfavourite(_ favourite: Favourite) {
        removeItem(id: favourite.id)
    }

    // MARK: UITableViewDataSource

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        currentItems.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "favourite", for: indexPath)
        cell.textLabel?.text = currentItems[indexPath.row].title
        return cell
    }

    // MARK: UITableViewDelegate

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        loadMoreIfNeeded(forRowAt: indexPath)
    }
}
