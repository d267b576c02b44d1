import MJRefresh
import Refreshable
import RefreshableUIKit
import Testing
import UIKit

@testable import RefreshableExamples

// The example screens run against the stand-ins: not a test of UIKit or MJRefresh, but of the
// screens' wiring (the glue products', the MJRefresh adapter's, and their use of the library).

@MainActor
@Suite struct UIKitScreenTests {
    @Test func theTableScreenLoadsRefreshesAndInsertsMoreRows() async throws {
        let screen = OrdersTableViewController(api: OrdersAPI(pageSize: 10, pageCount: 2))
        screen.loadViewIfNeeded()
        let refreshControl = try #require(screen.tableView.refreshControl)
        #expect(refreshControl.isRefreshing)
        #expect(await settle { screen.currentItems.count == 10 })
        #expect(!refreshControl.isRefreshing)
        #expect(screen.tableView.numberOfRows(inSection: 0) == 10)

        // The last rows appearing load the next page, which is inserted.
        let cell = screen.tableView(screen.tableView, cellForRowAt: IndexPath(row: 9, section: 0))
        #expect(cell.textLabel?.text == "Order #10 (tab 0)")
        screen.tableView(screen.tableView, willDisplay: cell, forRowAt: IndexPath(row: 9, section: 0))
        #expect(await settle { screen.currentItems.count == 20 })
        #expect(screen.tableView.numberOfRows(inSection: 0) == 20)
        #expect(screen.refreshStatus[0].noMoreData)

        // The user's pull: UIRefreshControl shows refreshing, then sends .valueChanged.
        refreshControl.beginRefreshing()
        refreshControl.sendActions(for: .valueChanged)
        #expect(refreshControl.isRefreshing)
        #expect(await settle { !refreshControl.isRefreshing })
        #expect(screen.currentItems.count == 10)
    }

    @Test func aFailedFirstLoadShowsAPlaceholderWhoseButtonRetries() async throws {
        let screen = OrdersTableViewController(api: OrdersAPI(failure: OrdersAPIError(description: "offline")))
        screen.loadViewIfNeeded()
        #expect(await settle { screen.tableView.backgroundView != nil })
        let placeholder = try #require(screen.tableView.backgroundView as? RefreshFailurePlaceholderView)
        #expect(placeholder.messageLabel.text == "offline")
        #expect(placeholder.retryButton.title(for: .normal) == "Retry")

        placeholder.retryButton.sendActions(for: .primaryActionTriggered)
        #expect(screen.refreshStatus[0].isRefreshing)
        #expect(screen.tableView.backgroundView == nil)
    }

    @Test func aFailureOverItemsShowsAToastAndKeepsTheRows() async throws {
        let screen = OrdersTableViewController(api: OrdersAPI(pageSize: 10))
        screen.loadViewIfNeeded()
        #expect(await settle { screen.currentItems.count == 10 })
        screen.tableView.showFailureMessage(offlineFailure(.loadMore, page: 2))
        let toast = try #require(screen.view.subviews.compactMap { $0 as? RefreshToastView }.first)
        #expect(toast.messageLabel.text == "You are offline.")
        #expect(screen.currentItems.count == 10)
    }

    @Test func theTabsScreenLoadsEachTabOnceAndShowsItsRowsByID() async throws {
        let screen = OrderTabsViewController()
        screen.api = OrdersAPI(pageSize: 10, pageCount: 2)
        screen.loadViewIfNeeded()
        let tabs = try #require(screen.navigationItem.titleView as? UISegmentedControl)
        #expect(tabs.numberOfSegments == 3)
        #expect(tabs.selectedSegmentIndex == 0)
        #expect(await settle { screen.tableView.numberOfRows(inSection: 0) == 10 })
        #expect(screen.rows.snapshot().itemIdentifiers.first == "0-1")

        // The last rows coming on screen load the second page, animated into the rows.
        let last = IndexPath(row: 9, section: 0)
        screen.tableView(
            screen.tableView, willDisplay: screen.rows.tableView(screen.tableView, cellForRowAt: last), forRowAt: last)
        #expect(await settle { screen.tableView.numberOfRows(inSection: 0) == 20 })
        #expect(screen.rows.appliedSnapshots.last?.how == .animatingDifferences)

        // A tap on the second tab shows it at once and loads its first page; the first keeps its rows.
        tabs.selectedSegmentIndex = 1
        tabs.sendActions(for: .valueChanged)
        #expect(screen.currentIndex == 1)
        #expect(await settle { screen.rows.snapshot().itemIdentifiers.first == "1-1" })
        #expect(screen.rows.appliedSnapshots.contains { $0.how == .usingReloadData })
        tabs.selectedSegmentIndex = 0
        tabs.sendActions(for: .valueChanged)
        #expect(screen.tableView.numberOfRows(inSection: 0) == 20)
        #expect(screen.refreshStatus[0].page == 2)
    }
}

@MainActor
@Suite struct MJRefreshScreenTests {
    @Test func theMJRefreshScreenEndsTheListWithTheTabsOwnText() async throws {
        let screen = OrdersMJRefreshViewController(api: OrdersAPI(pageSize: 10, pageCount: 1))
        screen.loadViewIfNeeded()
        let footer = try #require(screen.tableView.mj_footer)
        #expect(await settle { screen.currentItems.count == 10 })
        #expect(footer.state == .noMoreData)
        let stateFooter = try #require(footer as? MJRefreshAutoStateFooter)
        #expect(stateFooter.stateLabel?.text == "No more orders")
        #expect(screen.tableView.mj_header?.isRefreshing == false)

        screen.showTab(1)
        #expect(screen.currentIndex == 1)
        #expect(await settle { screen.currentItems.first?.id == "1-1" })
        #expect(await settle { stateFooter.stateLabel?.text == "No more unpaid orders" })
    }

    @Test func anAppsOwnAutoFooterShowsEachTabsEndOfListText() async throws {
        let screen = OrdersMJRefreshViewController(api: OrdersAPI(pageSize: 10, pageCount: 1))
        screen.loadViewIfNeeded()
        let footer = TopicsFooter { [weak screen] in screen?.footerRefreshingAction() }
        screen.tableView.mj_footer = footer
        #expect(await settle { screen.currentItems.count == 10 })

        screen.showTab(1)
        #expect(await settle { screen.currentItems.first?.id == "1-1" })
        #expect(await settle { footer.state == .noMoreData })
        #expect(footer.label.text == "No more unpaid orders")

        screen.showTab(0)
        #expect(await settle { footer.label.text == "No more orders" })
        #expect(footer.state == .noMoreData)
    }

    @Test func aBackFooterShowsTheEndOfListTitleItIsGiven() {
        let footer = MJRefreshBackNormalFooter()
        let control: any RefreshFooterControl = footer
        control.endRefreshingWithNoMoreData(title: "No more orders")
        #expect(footer.state == .noMoreData)
        #expect(footer.title(for: .noMoreData) == "No more orders")
        #expect(footer.stateLabel?.text == "No more orders")
    }

    @Test func thePullsCallTheLibrary() async throws {
        let screen = OrdersMJRefreshViewController(api: OrdersAPI(pageSize: 10, pageCount: 3))
        screen.loadViewIfNeeded()
        #expect(await settle { screen.currentItems.count == 10 })
        let footer = try #require(screen.tableView.mj_footer)
        pullAsMJRefreshDoes(footer)  // what MJRefresh does when the user pulls up
        #expect(await settle { screen.currentItems.count == 20 })
        #expect(footer.state == .idle)
    }
}

@MainActor
@Suite struct SwiftUIModelTests {
    private func model(_ api: OrdersAPI) -> RefreshListModel<Order> {
        RefreshListModel(noMoreTitles: ["No more orders"]) { request in
            let response = try await api.orders(page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }
    }

    @Test func pullToRefreshReturnsWhenTheRefreshSettles() async {
        let model = model(OrdersAPI(pageSize: 10, pageCount: 2))
        model.setUp()
        #expect(await settle { model.items.count == 10 })
        #expect(!model.isLoadingMore)
        #expect(model.noMoreText == nil)

        model.itemDidAppear(model.items[9])
        #expect(model.isLoadingMore)
        #expect(await settle { model.items.count == 20 })
        #expect(model.noMoreText == "No more orders")

        await model.refresh()
        #expect(model.items.count == 10)
        #expect(model.noMoreText == nil)
    }

    @Test func aFailedFirstLoadShowsTheOverlayWhoseRetryLoads() async throws {
        let model = model(OrdersAPI(failure: OrdersAPIError(description: "offline")))
        model.setUp()
        #expect(await settle { model.placeholder != nil })
        let placeholder = try #require(model.placeholder)
        #expect(placeholder.message == "offline")
        model.retry()
        #expect(model.placeholder == nil)
        #expect(model.isRefreshing)
    }
}
