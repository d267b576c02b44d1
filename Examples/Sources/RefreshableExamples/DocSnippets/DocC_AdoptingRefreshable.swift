import MJRefresh
import Refreshable
import RefreshableUIKit
import UIKit

// ios-typecheck: iOS 16
// Mirrors Sources/Refreshable/Refreshable.docc/AdoptingRefreshable.md ("Adopting Refreshable"): its
// code blocks, verbatim, inside two controllers (async style and callback style). The MJRefresh
// adapter of "Name the controls" is Adapters/MJRefresh+Refreshable.swift. The declarations around
// the blocks are only what they need to compile. DocSnippetDriftTests fails when they drift apart.

enum DocCAdoptingRefreshable {
    /// The async-style controller: "Store the page state", the members of "Name the controls",
    /// "Load pages" (async) and "Override a default".
    final class OrdersController: UIViewController, AsyncRefreshable {
        let tableView = UITableView(frame: .zero, style: .plain)
        let api = OrdersAPI()
        let analytics = Analytics()

        // Before: var refreshStatus = [(page: 1, isLoading: false, noMoreData: false, noMoreTitle: "No more orders")]
        let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more orders")]

        var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
        var refreshFooterControl: (any RefreshFooterControl)? { tableView.mj_footer }
        var refreshListView: (any RefreshListView)? { tableView }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            let response = try await api.orders(tab: request.source, page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }

        func presentFailure(_ failure: RefreshFailure) {
            analytics.log(failure.message)
            showFailureMessageIfNeeded(failure)
        }

        // "Refresh a stale list"
        override func viewDidLoad() {
            super.viewDidLoad()
            refreshIfStaleOnForeground(olderThan: .seconds(5 * 60))
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            _ = refreshIfStale(olderThan: .seconds(5 * 60))
        }

        // "Wire the controls and gestures"
        func showTabs() {
            navigationItem.titleView = RefreshSegmentedControl(
                titles: ["Latest", "Hot", "Following"], switching: self, scrollingToTop: tableView)
        }
    }

    /// The callback-style controller: "Load pages" (callback style).
    final class CallbackOrdersController: UIViewController, Refreshable {
        let tableView = UITableView(frame: .zero, style: .plain)
        let api = OrdersAPI()
        let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more orders")]
        var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
        var refreshFooterControl: (any RefreshFooterControl)? { tableView.mj_footer }
        var refreshListView: (any RefreshListView)? { tableView }

        func refreshData(isRefresh: Bool) {
            let request = refreshRequest
            api.orders(tab: request.source, page: request.page) { [weak self] result in
                switch result {
                case .success(let response):
                    self?.loadSuccess(RefreshPage(items: response.datas, hasMore: !response.over), for: request)
                case .failure(let error):
                    self?.loadFailer(error, for: request)
                }
            }
        }
    }
}

extension DocCAdoptingRefreshable {
    /// A search screen: "Change the query or filter".
    final class SearchController: UIViewController, AsyncRefreshable {
        let tableView = UITableView(frame: .zero, style: .plain)
        let api = OrdersAPI()
        let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more results")]
        var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
        var refreshFooterControl: (any RefreshFooterControl)? { nil }
        var refreshListView: (any RefreshListView)? { tableView }
        /// The text the server is asked with.
        private(set) var query = ""

        func search(_ text: String) {  // the search bar's text, once typing pauses
            query = text  // what loadPage(_:) reads
            reset()  // the new query's first page
        }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            let response = try await api.orders(page: request.page)
            let found = response.datas.filter { query.isEmpty || $0.title.contains(query) }
            return RefreshPage(items: found, curPage: response.curPage, pageCount: response.pageCount)
        }
    }
}

/// The analytics service of "Override a default".
struct Analytics {
    /// Records a message.
    func log(_ message: String) {}
}
