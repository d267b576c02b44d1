import MJRefresh
import Refreshable
import UIKit

// Mirrors Sources/Refreshable/Refreshable.docc/AdoptingRefreshable.md ("Adopting Refreshable"): its
// code blocks, verbatim, inside two controllers (async style and seed style). The declarations
// around them are only what the snippets need to compile. DocSnippetDriftTests fails when they
// drift apart.
//
// One block cannot be held: "Name the controls" puts file-scope extensions and controller members in
// one block, and its extensions lack `@retroactive`, so in an app (and here) they draw the
// retroactive-conformance warning. Its member lines are in `OrdersController` below; its adapters,
// with `@retroactive`, are in Adapters/Controls+Refreshable.swift. DocSnippetDriftTests lists the
// block as a known issue until the article is fixed.

enum DocCAdoptingRefreshable {
    /// The async-style controller: "Store the page state", the members of "Name the controls",
    /// "Load pages" (async) and "Override a default".
    final class OrdersController: UIViewController, Refreshable {
        let tableView = UITableView(frame: .zero, style: .plain)
        let api = OrdersAPI()
        let analytics = Analytics()

        // Store the page state
        // Before: var refreshStatus = [(page: 1, isLoading: false, noMoreData: false, noMoreTitle: "No more orders")]
        var refreshStatus: RefreshSources<Order> = [RefreshState(noMoreTitle: "No more orders")]
        var currentIndex = 0

        // Name the controls (the members only)
        var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
        var refreshFooterControl: (any RefreshFooterControl)? { tableView.mj_footer }
        var refreshListView: (any RefreshListView)? { tableView }  // with the failure methods added

        // Load pages
        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            let response = try await api.orders(tab: request.source, page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }

        // Override a default
        func presentFailure(_ failure: RefreshFailure) {
            analytics.log(failure.message)
            if failure.request.source == currentIndex, !currentItems.isEmpty {
                toast(failure.message)
            }
        }

        func toast(_ message: String) {
            RefreshToastView.show(message, over: tableView)
        }
    }

    /// The seed-style controller: "Load pages" (seed style).
    final class SeedStyleOrdersController: UIViewController, Refreshable {
        let tableView = UITableView(frame: .zero, style: .plain)
        let api = OrdersAPI()
        var refreshStatus: RefreshSources<Order> = [RefreshState(noMoreTitle: "No more orders")]
        var currentIndex = 0
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

    /// The analytics client "Override a default" logs to.
    @MainActor
    final class Analytics {
        private(set) var logged: [String] = []

        func log(_ message: String) {
            logged.append(message)
        }
    }
}
