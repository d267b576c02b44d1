import Foundation
import MJRefresh
import Refreshable
import RefreshableUIKit
import UIKit

// A social app's "Notifications" inbox, MVVM: the view model owns the list (an `AsyncRefreshable`
// whose runtime publishes its statuses to an `OutputRefreshProtocol` output), and a UIKit view
// controller binds that output to an MJRefresh header (pull to refresh) and auto footer (load more).
// Written from the public docs only (DrivingControlsFromAViewModel, SavingAndRestoringAList,
// ItemsWithAnIdentity, Rules, TestingAViewController).

/// One notification, as the server sends it and as the inbox saves it.
struct InboxNotification: Identifiable, Sendable, Equatable, Codable {
    let id: Int
    var title: String
    var isRead: Bool
}

/// One page of the inbox as the app's client decodes it: the fields the server may leave out stay
/// optional all the way to `RefreshPage`.
struct InboxPage: Sendable {
    var notifications: [InboxNotification]
    var curPage: Int?
    var pageCount: Int?
}

/// The inbox endpoint: page numbers from 1, 20 a page.
protocol InboxService: Sendable {
    func notifications(page: Int) async throws -> InboxPage
}

/// What the screen needs of its MJRefresh header: its refreshing block.
@MainActor
protocol InboxRefreshingHeader: RefreshHeaderControl {
    var refreshingBlock: MJRefreshComponentAction? { get set }
}

/// What the screen needs of its MJRefresh footer: its refreshing block.
@MainActor
protocol InboxRefreshingFooter: RefreshFooterControl {
    var refreshingBlock: MJRefreshComponentAction? { get set }
}

extension MJRefreshHeader: InboxRefreshingHeader {}
extension MJRefreshFooter: InboxRefreshingFooter {}

struct InboxOutput: OutputRefreshProtocol {
    let refreshStatus = RefreshStatusRelay()
}

/// The inbox's view model: the list, its saving, staleness, connectivity, marking read and logout.
final class NotificationsInboxViewModel: AsyncRefreshable {
    static let noMoreTitle = "No more notifications"
    static let staleAfter: Duration = .seconds(5 * 60)

    let refreshStatus = RefreshRuntime<InboxNotification>(
        noMoreTitles: [NotificationsInboxViewModel.noMoreTitle],
        policy: RefreshPolicy(pageSize: 20),
        identity: .id()
    )
    let output = InboxOutput()
    private(set) var service: any InboxService
    weak var listView: (any RefreshListView)?
    var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { listView }

    /// Every update the list reported, for the table (and the tests).
    private(set) var updates: [RefreshUpdate] = []

    init(service: any InboxService) {
        self.service = service
        refreshStatus.publishStatuses(to: output.refreshStatus)
    }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<InboxNotification> {
        let page = try await service.notifications(page: request.page)
        return RefreshPage(items: page.notifications, curPage: page.curPage, pageCount: page.pageCount)
    }

    func refreshDidUpdate(_ update: RefreshUpdate) {
        updates.append(update)
    }

    // MARK: Saving and restoring

    /// Puts back the inbox saved at the last background; a refused or unreadable file leaves an
    /// empty list, which loads afresh.
    @discardableResult
    func restore(from data: Data?) -> Bool {
        guard let data,
            let saved = try? JSONDecoder().decode(RefreshSnapshot<InboxNotification>.self, from: data)
        else { return false }
        do {
            try refreshStatus.restore(from: saved)
            return true
        } catch {
            return false
        }
    }

    /// The inbox as saved when the app goes to the background.
    func savedData() -> Data? {
        try? JSONEncoder().encode(refreshStatus.snapshot())
    }

    // MARK: Lifecycle and connectivity

    /// The app came back to the foreground: refresh only an inbox older than five minutes.
    @discardableResult
    func didEnterForeground() -> Bool {
        refreshStatus.refreshIfStale(olderThan: Self.staleAfter)
    }

    func connectivityChanged(isOnline: Bool) {
        refreshStatus.setOnline(isOnline)
    }

    /// The Retry button: asks again for everything that failed.
    @discardableResult
    func retry() -> Bool {
        refreshStatus.retryNow()
    }

    // MARK: Marking read

    /// Marks a notification read on this device, by id.
    @discardableResult
    func markRead(id: Int) -> Bool {
        // Found through the id index, without a scan of the rows.
        guard var notification = item(id: id) else { return false }
        notification.isRead = true
        return updateItem(notification, source: currentIndex) != nil
    }

    // MARK: Logout

    /// Another account's inbox: nothing the old account asked for may land.
    func switchAccount(to service: any InboxService) {
        self.service = service
        refreshStatus.sources = RefreshSources(
            noMoreTitles: [Self.noMoreTitle], policy: RefreshPolicy(pageSize: 20), identity: .id())
    }
}

/// The screen: a table with an MJRefresh header and auto footer bound to the view model's output.
final class NotificationsInboxViewController: UIViewController {
    let viewModel: NotificationsInboxViewModel
    let tableView = UITableView(frame: .zero, style: .plain)
    var header: any InboxRefreshingHeader
    var footer: any InboxRefreshingFooter
    let failureView: (any RefreshListView)?
    private(set) var subscription: RefreshSubscription?

    init(
        viewModel: NotificationsInboxViewModel,
        header: any InboxRefreshingHeader = MJRefreshNormalHeader(),
        footer: any InboxRefreshingFooter = MJRefreshAutoNormalFooter(),
        failureView: (any RefreshListView)? = nil
    ) {
        self.viewModel = viewModel
        self.header = header
        self.footer = footer
        self.failureView = failureView
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(tableView)
        tableView.mj_header = header as? MJRefreshHeader
        tableView.mj_footer = footer as? MJRefreshFooter
        subscription = viewModel.output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        header.refreshingBlock = subscription?.headerAction { [weak self] in self?.viewModel.refresh() }
        footer.refreshingBlock = subscription?.footerAction { [weak self] in self?.viewModel.loadMore() }
        viewModel.listView = failureView ?? tableView
        viewModel.setupRefreshHeader()
    }
}
