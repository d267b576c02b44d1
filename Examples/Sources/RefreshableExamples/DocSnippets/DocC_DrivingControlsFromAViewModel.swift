import MJRefresh
import Refreshable
import RefreshableUIKit
import UIKit

// ios-typecheck: iOS 14
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
        weak var listView: (any RefreshListView)?
        var refreshListView: (any RefreshListView)? { listView }

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
        let tableView = UITableView(frame: .zero, style: .plain)
        let refreshControl = UIRefreshControl()
        var subscription: RefreshSubscription?

        override func viewDidLoad() {
            super.viewDidLoad()
            subscription = viewModel.output.autoSetRefreshHeaderStatus(header: refreshControl, footer: nil)
            let pull = subscription?.headerAction { [weak self] in self?.viewModel.refresh() }
            refreshControl.addAction(UIAction { _ in pull?() }, for: .valueChanged)
            viewModel.listView = tableView
            viewModel.setupRefreshHeader()
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

    @MainActor
    final class OrdersListViewModel {
        struct Output: OutputRefreshProtocol {
            let refreshStatus = RefreshStatusRelay()
        }

        let output = Output()
        private(set) var orders: [Order] = []
        private var page = 1

        func refresh() {
            api.orders(page: 1) { [weak self] result in
                guard let self else { return }
                if case .success(let response) = result {
                    orders = response.datas
                    page = response.curPage
                    output.refreshStatus.value = response.over ? .noMoreData : .resetNoMoreData
                }
                output.refreshStatus.value = .endHeaderRefresh
            }
        }

        func loadMore() {
            api.orders(page: page + 1) { [weak self] result in
                guard let self else { return }
                guard case .success(let response) = result else {
                    output.refreshStatus.value = .endFooterRefresh
                    return
                }
                orders += response.datas
                page = response.curPage
                output.refreshStatus.value = response.over ? .noMoreData : .endFooterRefresh
            }
        }
    }

    final class OrdersListViewController: UIViewController {
        let viewModel = OrdersListViewModel()
        let header = MJRefreshNormalHeader()
        let footer = MJRefreshAutoNormalFooter()
        var subscription: RefreshSubscription?

        override func viewDidLoad() {
            super.viewDidLoad()
            subscription = viewModel.output.autoSetRefreshHeaderStatus(header: header, footer: footer)
            header.refreshingBlock = subscription?.headerAction { [weak self] in self?.viewModel.refresh() }
            footer.refreshingBlock = subscription?.footerAction { [weak self] in self?.viewModel.loadMore() }
            header.beginRefreshing()
        }
    }
}
