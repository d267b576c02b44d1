import Foundation
import Refreshable
import RefreshableUIKit
import UIKit

// A port of a real UIKit news feed: a table with a diffable data source, a UIRefreshControl,
// page-numbered paging with a cap of pages held (users scroll thousands of rows deep), refresh
// around the position, a refresh on return to the foreground when older than 5 minutes, and the
// list saved to a file when the scene goes to the background and restored at the next launch.
// Written from the public docs only (README, the DocC articles, public doc comments).

/// One post of the feed.
struct FeedPost: Identifiable, Sendable, Equatable, Codable {
    var id: String
    var title: String
}

/// One page of the feed as the app's client decodes it.
struct FeedPage: Sendable {
    var posts: [FeedPost]
    var page: Int
    var pageCount: Int
}

/// The feed's networking.
protocol FeedService: Sendable {
    func feed(page: Int) async throws -> FeedPage
}

/// The news feed screen.
final class NewsFeedViewController: UIViewController, AsyncRefreshable, UITableViewDelegate {
    /// The foreground refresh's age limit (the docs' stale-list recipe).
    static let maxAge: Duration = .seconds(5 * 60)

    let service: any FeedService
    let savedFeed: URL
    let tableView = UITableView(frame: .zero, style: .plain)
    let refreshStatus = RefreshRuntime<FeedPost>(
        noMoreTitles: ["You're all caught up"],
        policy: RefreshPolicy(pageSize: 20, maxPages: 5, refreshesAroundPosition: true),
        identity: .id()
    )
    var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { tableView }
    lazy var rows = UITableViewDiffableDataSource<Int, FeedPost.ID>(tableView: tableView) {
        [unowned self] table, at, _ in
        let cell = table.dequeueReusableCell(withIdentifier: "post", for: at)
        cell.textLabel?.text = currentItems[at.row].title
        return cell
    }
    let notificationQueue: OperationQueue?
    let workarounds: Bool
    /// The row the user saw last, saved beside the snapshot (a workaround earlier versions needed:
    /// their snapshot had no position).
    private(set) var readingID: FeedPost.ID?
    var savedPosition: URL { savedFeed.appendingPathExtension("position") }
    private var foregroundObserver: (any NSObjectProtocol)?
    private var backgroundObserver: (any NSObjectProtocol)?

    /// - Parameters:
    ///   - service: The feed's networking.
    ///   - savedFeed: Where the list is saved between launches.
    ///   - clock: The clock that ages the list (a `TestClock` in tests).
    ///   - workarounds: Whether the screen keeps the workarounds earlier versions of the library
    ///     needed at a relaunch (see `restoreSavedFeed()`), no longer needed and harmless; `false`
    ///     is the docs' recipe as written.
    ///   - notificationQueue: The queue the scene notifications are observed on: `.main` in the app
    ///     (as in the docs); tests on Linux pass `nil`, where posting from the main actor to an
    ///     observer on `OperationQueue.main` waits for that queue forever.
    init(
        service: any FeedService, savedFeed: URL, clock: (any Clock<Duration>)? = nil,
        notificationQueue: OperationQueue? = .main, workarounds: Bool = false
    ) {
        self.workarounds = workarounds
        self.service = service
        self.savedFeed = savedFeed
        self.notificationQueue = notificationQueue
        super.init(nibName: nil, bundle: nil)
        if let clock { refreshStatus.setClock(clock) }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func loadView() { view = tableView }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "post")
        tableView.delegate = self
        tableView.refreshControl = UIRefreshControl(for: self)
        // "Saving and restoring a list": restore before setting the list up.
        restoreSavedFeed()
        setupRefreshHeader()  // the saved rows at once, refreshed behind them
        backgroundObserver = NotificationCenter.default.addObserver(
            forName: UIScene.didEnterBackgroundNotification, object: nil, queue: notificationQueue
        ) { [weak self] _ in
            MainActor.assumeIsolated { self?.saveFeed() }
        }
    }

    // "Refresh a stale list".
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        _ = refreshIfStale(olderThan: Self.maxAge)
        foregroundObserver = NotificationCenter.default.addObserver(
            forName: UIScene.willEnterForegroundNotification, object: nil, queue: notificationQueue
        ) { [weak self] _ in
            MainActor.assumeIsolated {
                _ = self?.refreshIfStale(olderThan: Self.maxAge)
            }
        }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        foregroundObserver.map(NotificationCenter.default.removeObserver)
        foregroundObserver = nil
    }

    /// The docs' recipe; with `workarounds`, also what earlier versions needed: (1) shows the
    /// restored rows in the diffable data source, which set-up now does, and (2) tells the list
    /// which row the user was on, which the snapshot now keeps, so that the background refresh
    /// reloads that page rather than page 1.
    func restoreSavedFeed() {
        guard let data = try? Data(contentsOf: savedFeed),
            let saved = try? JSONDecoder().decode(RefreshSnapshot<FeedPost>.self, from: data)
        else { return }
        do { try refreshStatus.restore(from: saved) } catch { return }  // a refused snapshot leaves an empty list
        guard workarounds else { return }
        rows.apply(refreshSnapshot(section: 0), animatingDifferences: false)
        if let id = try? String(contentsOf: savedPosition, encoding: .utf8),
            let row = currentItems.firstIndex(where: { $0.id == id })
        {
            rowDidAppear(at: row)
        }
    }

    func saveFeed() {
        guard let data = try? JSONEncoder().encode(refreshStatus.snapshot()) else { return }
        try? data.write(to: savedFeed, options: .atomic)
        if workarounds, let readingID { try? readingID.write(to: savedPosition, atomically: true, encoding: .utf8) }
    }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<FeedPost> {
        let answer = try await service.feed(page: request.page)
        return RefreshPage(items: answer.posts, curPage: answer.page, pageCount: answer.pageCount)
    }

    func refreshDidUpdate(_ update: RefreshUpdate) { rows.applyRefreshUpdate(update, of: self, section: 0) }

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        loadMoreIfNeeded(forRowAt: indexPath)  // both ends, and the position for a refresh
        if indexPath.row < currentItems.count { readingID = currentItems[indexPath.row].id }
    }
}
