import MJRefresh
import Refreshable
import UIKit

// Mirrors Sources/Refreshable/Refreshable.docc/DrivingControlsFromAViewModel.md: its code blocks,
// verbatim, with the example server as `api` and a controller around the subscription lines.
// DocSnippetDriftTests fails when they drift apart.

enum DocCDrivingControlsFromAViewModel {
    static let api = OrdersAPI()

    struct OrdersOutput: OutputRefreshProtocol {
        let refreshStatus = RefreshStatusRelay()
    }

    final class OrdersViewModel: AsyncRefreshable {
        let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more orders")]
        let output = OrdersOutput()
        var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
        var refreshFooterControl: (any RefreshFooterControl)? { nil }
        var refreshListView: (any RefreshListView)? { nil }

        init() {
            refreshStatus.publishStatuses(to: output.refreshStatus)
        }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            let response = try await api.orders(page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }
    }

    final class OrdersViewController: UIViewController {
        let viewModel = OrdersViewModel()
        let refreshControl = UIRefreshControl()
        var subscription: RefreshSubscription?

        override func viewDidLoad() {
            super.viewDidLoad()
            subscription = viewModel.output.autoSetRefreshHeaderStatus(header: refreshControl, footer: nil)
            let pull = subscription?.headerAction { [weak self] in self?.viewModel.refresh() }
            refreshControl.addAction(UIAction { _ in pull?() }, for: .valueChanged)
            viewModel.setupRefreshHeader()
        }
    }

    final class OrdersRowsViewModel: AsyncRefreshable {
        let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more orders")]
        let output = OrdersOutput()
        var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
        var refreshFooterControl: (any RefreshFooterControl)? { nil }
        var refreshListView: (any RefreshListView)? { nil }

        init() {
            refreshStatus.publishStatuses(to: output.refreshStatus)
        }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            let response = try await api.orders(page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }

        var onUpdate: (@MainActor (RefreshUpdate) -> Void)?
        var onFailure: (@MainActor (RefreshFailure) -> Void)?

        func refreshDidUpdate(_ update: RefreshUpdate) {
            onUpdate?(update)
        }

        func presentFailure(_ failure: RefreshFailure) {
            onFailure?(failure)
        }
    }

    final class OrdersRowsViewController: UIViewController {
        let viewModel = OrdersRowsViewModel()
        let tableView = UITableView(frame: .zero, style: .plain)
        let refreshControl = UIRefreshControl()
        var subscription: RefreshSubscription?
        private(set) var shown: [String] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            subscription = viewModel.output.autoSetRefreshHeaderStatus(header: refreshControl, footer: nil)
            viewModel.onUpdate = { [weak self] _ in self?.tableView.reloadData() }
            viewModel.onFailure = { [weak self] failure in
                guard let self, failure.reason != .cancelled else { return }
                if viewModel.currentItems.isEmpty {
                    showPlaceholder(failure.message) { [weak self] in self?.viewModel.refresh() }
                } else {
                    showToast(failure.message)
                }
            }
            viewModel.setupRefreshHeader()
        }

        func showPlaceholder(_ message: String, retry: @escaping @MainActor () -> Void) {
            shown.append("placeholder: \(message)")
        }

        func showToast(_ message: String) {
            shown.append("toast: \(message)")
        }
    }

    final class OrdersMJRefreshViewController: UIViewController {
        let viewModel = OrdersViewModel()
        let header = MJRefreshNormalHeader()
        let footer = MJRefreshAutoNormalFooter()
        var subscription: RefreshSubscription?

        override func viewDidLoad() {
            super.viewDidLoad()
            subscription = viewModel.output.autoSetRefreshHeaderStatus(header: header, footer: footer)
            header.refreshingBlock = subscription?.headerAction { [weak self] in self?.viewModel.refresh() }
            footer.refreshingBlock = subscription?.footerAction { [weak self] in self?.viewModel.loadMore() }
            viewModel.setupRefreshHeader()
        }
    }
}
