import Refreshable
import RefreshableUIKit
import Testing
import UIKit

@testable import RefreshableExamples

// The RefreshableUIKit product against the UIKit stand-in: its list views' failure presentations,
// its controls' wiring, the load-more trigger and the diffable data source helper.

/// A one-tab orders list for the glue's tests, loading from the example server.
@MainActor
final class OrdersList: AsyncRefreshable {
    var api: OrdersAPI
    let tableView = UITableView(frame: .zero, style: .plain)
    let refreshStatus: RefreshRuntime<Order>
    var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { tableView }
    /// Called with each update in place of the default reload, when set.
    var onUpdate: (@MainActor (RefreshUpdate) -> Void)?

    init(api: OrdersAPI, tabs: Int = 1, policy: RefreshPolicy = RefreshPolicy(), identity: Bool = true) {
        self.api = api
        refreshStatus = RefreshRuntime(
            noMoreTitles: Array(repeating: "No more orders", count: tabs), policy: policy,
            identity: identity ? .id() : nil)
    }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
        let response = try await api.orders(tab: request.source, page: request.page)
        return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
    }

    func refreshDidUpdate(_ update: RefreshUpdate) {
        if let onUpdate {
            onUpdate(update)
        } else {
            reloadListIfCurrent(update)
        }
    }

    /// Loads the first page and waits for it.
    func loadFirstPage() async {
        setupRefreshHeader()
        _ = await settle { self.refreshStatus[self.currentIndex].hasLoaded }
    }
}

@MainActor
@Suite struct RefreshableUIKitListViewTests {
    @Test func thePlaceholderPutsBackTheBackgroundViewItCovered() throws {
        let table = UITableView(frame: .zero, style: .plain)
        let own = UIView()
        table.backgroundView = own
        table.showFailurePlaceholder(offlineFailure(.refresh, page: 1)) {}
        table.showFailurePlaceholder(offlineFailure(.refresh, page: 1)) {}  // a second failure
        #expect(table.backgroundView is RefreshFailurePlaceholderView)
        table.hideFailurePlaceholder()
        #expect(table.backgroundView === own)
        table.hideFailurePlaceholder()
        #expect(table.backgroundView === own)
    }

    @Test func theCollectionViewsPlaceholderRetriesAndGoes() throws {
        let collection = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        var retried = 0
        collection.showFailurePlaceholder(offlineFailure(.refresh, page: 1)) { retried += 1 }
        let placeholder = try #require(collection.backgroundView as? RefreshFailurePlaceholderView)
        #expect(placeholder.messageLabel.text == "You are offline.")
        placeholder.retryButton.sendActions(for: .primaryActionTriggered)
        #expect(retried == 1)
        collection.hideFailurePlaceholder()
        #expect(collection.backgroundView == nil)
    }

    @Test func thePlaceholderCentresItsMessageAboveTheRetryButton() throws {
        let table = UITableView(frame: .zero, style: .plain)
        table.showFailurePlaceholder(offlineFailure(.refresh, page: 1)) {}
        let placeholder = try #require(table.backgroundView as? RefreshFailurePlaceholderView)
        placeholder.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        placeholder.layoutIfNeeded()
        let message = placeholder.messageLabel.frame
        let button = placeholder.retryButton.frame
        #expect(message.width > 0 && message.height > 0)
        #expect(message.minX >= 20 && message.maxX <= 300)
        #expect(message.midX == 160 && button.midX == 160)
        #expect(button.minY > message.maxY)
        #expect(button.height > 0 && button.maxY < 480)
    }

    @Test func aToastStaysInsideTheListAndANewerOneReplacesIt() throws {
        let screen = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 640))
        let table = UITableView(frame: CGRect(x: 0, y: 100, width: 320, height: 400), style: .plain)
        screen.addSubview(table)
        table.showFailureMessage(offlineFailure(.loadMore, page: 2))
        table.showFailureMessage(offlineFailure(.refresh, page: 1))
        let toasts = screen.subviews.compactMap { $0 as? RefreshToastView }
        let toast = try #require(toasts.first)
        #expect(toasts.count == 1)
        #expect(toast.messageLabel.text == "You are offline.")
        #expect(toast.frame.minY >= table.frame.minY && toast.frame.maxY <= table.frame.maxY)
        #expect(toast.frame.minX >= table.frame.minX && toast.frame.maxX <= table.frame.maxX)
        #expect(toast.frame.height > 0)
    }
}

@MainActor
@Suite struct RefreshableUIKitControlTests {
    @Test func aPullOfTheRefreshControlRefreshesAndItsOwnBeginDoesNot() async throws {
        let list = OrdersList(api: OrdersAPI(pageSize: 10))
        list.tableView.refreshControl = UIRefreshControl(for: list)
        let control = try #require(list.tableView.refreshControl)
        await list.loadFirstPage()
        #expect(list.currentItems.count == 10)
        #expect(!control.isRefreshing)

        // A pull: UIRefreshControl shows refreshing, then sends .valueChanged.
        control.beginRefreshing()
        control.sendActions(for: .valueChanged)
        #expect(list.refreshStatus[0].isRefreshing)
        #expect(await settle { !control.isRefreshing })

        // The library's own refresh begins the control, which sends no action: one load, not two.
        list.refresh()
        let request = list.refreshStatus[0].inFlight
        #expect(control.isRefreshing)
        control.sendActions(for: .valueChanged)  // as if the user pulled again while it refreshes
        #expect(list.refreshStatus[0].inFlight == request)
    }

    @Test func theSegmentedControlSwitchesTabsAndStartsOnTheCurrentOne() async throws {
        let list = OrdersList(api: OrdersAPI(pageSize: 10), tabs: 3)
        list.switchSource(to: 2)
        let tabs = UISegmentedControl(titles: ["All", "Unpaid", "Shipped"], switching: list)
        #expect(tabs.numberOfSegments == 3)
        #expect(tabs.titleForSegment(at: 1) == "Unpaid")
        #expect(tabs.selectedSegmentIndex == 2)

        tabs.selectedSegmentIndex = 1
        tabs.sendActions(for: .valueChanged)
        #expect(list.currentIndex == 1)
        #expect(await settle { list.currentItems.first?.id == "1-1" })
    }
}

@MainActor
@Suite struct RefreshableUIKitLoadMoreTests {
    private func row(_ row: Int) -> IndexPath { IndexPath(row: row, section: 0) }

    @Test func rowsWithinOnePageOfTheEndLoadTheNextPageByDefault() async {
        let list = OrdersList(api: OrdersAPI(pageSize: 10, pageCount: 3), policy: RefreshPolicy(pageSize: 4))
        await list.loadFirstPage()
        list.loadMoreIfNeeded(forRowAt: row(5))
        #expect(!list.refreshStatus[0].isLoadingMore)
        list.loadMoreIfNeeded(forRowAt: row(6))
        #expect(list.refreshStatus[0].isLoadingMore)
        #expect(await settle { list.currentItems.count == 20 })

        list.loadMoreIfNeeded(forRowAt: row(17), prefetchDistance: 2)
        #expect(!list.refreshStatus[0].isLoadingMore)
        list.loadMoreIfNeeded(forRowsAt: [row(12), row(18)], prefetchDistance: 2)
        #expect(list.refreshStatus[0].isLoadingMore)
        #expect(await settle { list.currentItems.count == 30 })

        // The list has ended: the last row asks for nothing.
        #expect(list.refreshStatus[0].noMoreData)
        list.loadMoreIfNeeded(forRowAt: row(29))
        #expect(!list.refreshStatus[0].isLoading)
    }

    @Test func afterAFailedLoadMoreOnlyTheLastRowRetries() async {
        let list = OrdersList(api: OrdersAPI(pageSize: 10, pageCount: 3))
        await list.loadFirstPage()
        list.api.failure = OrdersAPIError(description: "offline")
        list.loadMoreIfNeeded(forRowAt: row(6))
        #expect(await settle { list.refreshStatus[0].loadMoreFailure != nil })

        list.loadMoreIfNeeded(forRowAt: row(8))
        #expect(!list.refreshStatus[0].isLoadingMore)
        list.api.failure = nil
        list.loadMoreIfNeeded(forRowAt: row(9))
        #expect(list.refreshStatus[0].isLoadingMore)
        #expect(await settle { list.currentItems.count == 20 })
    }

    @Test func offlineTheLastRowDoesNotFailAgainUntilTheListIsOnline() async throws {
        let list = OrdersList(api: OrdersAPI(pageSize: 10, pageCount: 3))
        await list.loadFirstPage()
        list.refreshStatus.setOnline(false)
        list.loadMoreIfNeeded(forRowAt: row(9))
        let failure = try #require(list.refreshStatus[0].loadMoreFailure)
        #expect(failure.reason == .offline)
        list.loadMoreIfNeeded(forRowAt: row(9))
        #expect(list.refreshStatus[0].loadMoreFailure == failure, "the last row failed again offline")
        list.refreshStatus.setOnline(true)
        #expect(await settle { list.currentItems.count == 20 })
    }

    @Test func rowsNearTheStartLoadThePageTheCapDropped() async {
        let list = OrdersList(
            api: OrdersAPI(pageSize: 10, pageCount: 5), policy: RefreshPolicy(pageSize: 10, maxPages: 2))
        await list.loadFirstPage()
        for count in [20, 20] {
            list.loadMoreIfNeeded(forRowAt: row(list.currentItems.count - 1))
            #expect(
                await settle {
                    list.refreshStatus[0].page == list.refreshStatus[0].firstLoadedPage + 1
                        && !list.refreshStatus[0].isLoading
                })
            #expect(list.currentItems.count == count)
        }
        #expect(list.refreshStatus[0].firstLoadedPage == 2)
        #expect(!list.refreshStatus[0].noPreviousData)

        list.loadMoreIfNeeded(forRowAt: row(5), prefetchDistance: 5)
        #expect(!list.refreshStatus[0].isLoadingPrevious)
        list.loadMoreIfNeeded(forRowAt: row(4), prefetchDistance: 5)
        #expect(list.refreshStatus[0].isLoadingPrevious)
        #expect(await settle { list.refreshStatus[0].firstLoadedPage == 1 })
        #expect(list.currentItems.first?.id == "0-1")
    }

    @Test func nothingLoadsBeforeTheFirstPage() {
        let list = OrdersList(api: OrdersAPI(pageSize: 10))
        list.loadMoreIfNeeded(forRowAt: row(0))
        list.loadMoreIfNeeded(forRowsAt: [])
        #expect(!list.refreshStatus[0].isLoading)
    }
}

@MainActor
@Suite struct RefreshableUIKitDiffableTests {
    /// A list whose updates go to a diffable data source over its table, as an app's would.
    @MainActor
    final class DiffableOrders {
        let list: OrdersList
        let rows: UITableViewDiffableDataSource<String, Order.ID>

        init(_ list: OrdersList) {
            self.list = list
            rows = UITableViewDiffableDataSource(tableView: list.tableView) { _, _, _ in
                UITableViewCell(style: .default, reuseIdentifier: nil)
            }
            list.onUpdate = { [unowned self] update in
                rows.applyRefreshUpdate(update, of: self.list, section: "orders")
            }
        }

        var last: (ids: [Order.ID], reconfigured: [Order.ID], how: SnapshotApplication)? {
            rows.appliedSnapshots.last.map {
                ($0.snapshot.itemIdentifiers, $0.snapshot.reconfiguredItemIdentifiers, $0.how)
            }
        }
    }

    @Test func loadsAndEditsAreAnimatedAndEditedItemsReconfigured() async throws {
        let list = OrdersList(api: OrdersAPI(pageSize: 3, pageCount: 3))
        let orders = DiffableOrders(list)
        await list.loadFirstPage()
        #expect(orders.last?.ids == ["0-1", "0-2", "0-3"])
        #expect(orders.last?.how == .animatingDifferences)
        #expect(orders.rows.snapshot().sectionIdentifiers == ["orders"])
        #expect(list.tableView.numberOfRows(inSection: 0) == 3)

        var renamed = list.currentItems[1]
        renamed.title = "Renamed"
        list.updateItem(renamed)
        #expect(orders.last?.reconfigured == ["0-2"])
        #expect(orders.last?.how == .animatingDifferences)

        list.removeItem(id: "0-1")
        #expect(orders.last?.ids == ["0-2", "0-3"])
        #expect(orders.last?.reconfigured == [])
        #expect(orders.last?.how == .animatingDifferences)
    }

    @Test func aRefreshReconfiguresTheItemsItKeptAndNotThoseItBrought() async throws {
        let list = OrdersList(api: OrdersAPI(pageSize: 3, pageCount: 3))
        let orders = DiffableOrders(list)
        await list.loadFirstPage()
        list.removeItem(id: "0-2")
        #expect(orders.last?.ids == ["0-1", "0-3"])

        list.refresh()
        #expect(await settle { !list.refreshStatus[0].isRefreshing })
        // The refresh brings 0-2 back; 0-1 and 0-3 were held before it and may show newer content.
        #expect(orders.last?.ids == ["0-1", "0-2", "0-3"])
        #expect(orders.last?.reconfigured == ["0-1", "0-3"])
        #expect(orders.last?.how == .animatingDifferences)
    }

    @Test func aPendingItemTheServerConfirmsIsReconfiguredAtTheServersRow() async throws {
        let list = OrdersList(api: OrdersAPI(pageSize: 3, pageCount: 3))
        let orders = DiffableOrders(list)
        await list.loadFirstPage()
        list.insertPendingItem(Order(id: "0-5", title: "Sending…"), at: 0)
        #expect(orders.last?.ids == ["0-5", "0-1", "0-2", "0-3"])
        list.loadMore()
        #expect(await settle { !list.refreshStatus[0].isLoading })
        // The server's copy moved the row and changed its content: "Sending…" must not stay.
        #expect(orders.last?.ids == ["0-1", "0-2", "0-3", "0-4", "0-5", "0-6"])
        #expect(orders.last?.reconfigured == ["0-5"])
        #expect(!list.isPending(id: "0-5"))
        #expect(list.currentItems[4].title == "Order #5 (tab 0)")
    }

    @Test func aTabSwitchReloadsAndAnotherTabsAnswerChangesNothing() async throws {
        let list = OrdersList(api: OrdersAPI(pageSize: 3, pageCount: 3), tabs: 2)
        let orders = DiffableOrders(list)
        await list.loadFirstPage()
        list.switchSource(to: 1)  // starts tab 1's first load
        #expect(orders.last?.how == .usingReloadData)
        #expect(orders.last?.ids == [])
        list.switchSource(to: 0)
        #expect(orders.last?.how == .usingReloadData)
        #expect(orders.last?.ids == ["0-1", "0-2", "0-3"])

        let applied = orders.rows.appliedSnapshots.count
        #expect(await settle { list.refreshStatus[1].hasLoaded })
        #expect(orders.rows.appliedSnapshots.count == applied)
    }

    @Test func theSnapshotShowsAnIDOnceWhenTheIdentityReadsAnotherKey() async {
        // An identity on another key than `id` lets two items share an `id`: the snapshot keeps the
        // first, where a diffable data source would stop on the second.
        let list = OrdersList(api: OrdersAPI(pageSize: 3, pageCount: 1))
        list.refreshStatus.identity = RefreshItemIdentity(\.title)
        await list.loadFirstPage()
        var twin = list.currentItems[0]
        twin.title = "Twin"
        list.insertItem(twin, at: 3)
        #expect(list.currentItems.count == 4)
        #expect(list.refreshSnapshot(section: 0).itemIdentifiers == ["0-1", "0-2", "0-3"])
    }
}
