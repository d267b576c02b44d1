import MJRefresh
import Observation
import Refreshable
import RefreshableTesting
import RefreshableTestingUIKit
import Testing
import UIKit

@testable import RefreshableExamples

// Mirrors Sources/RefreshableTesting/RefreshableTesting.docc/TestingAViewController.md: its code
// blocks, verbatim, compiled against the stand-in UIKit and MJRefresh, and its tests run.
// DocSnippetDriftTests fails when the two drift apart.

/// One page of orders as the app's client decodes it: the fields the server may leave out stay optional.
struct OrdersPage: Sendable {
    var orders: [Order]
    var curPage: Int?
    var pageCount: Int?
}

protocol OrdersService: Sendable {
    func orders(tab: Int, page: Int) async throws -> OrdersPage
}

/// What the screen needs of its pull-to-refresh control: `UIRefreshControl`'s own members,
/// which the testing kit's `TestHeaderControl` has too.
@MainActor
protocol PullToRefreshControl: RefreshHeaderControl {
    func addAction(_ action: UIAction, for controlEvents: UIControl.Event)
}

extension UIRefreshControl: PullToRefreshControl {}

/// What an MJRefresh screen needs of its controls: their refreshing blocks.
@MainActor
protocol RefreshingBlockHeader: RefreshHeaderControl {
    var refreshingBlock: MJRefreshComponentAction? { get set }
}

@MainActor
protocol RefreshingBlockFooter: RefreshFooterControl {
    var refreshingBlock: MJRefreshComponentAction? { get set }
}

extension MJRefreshHeader: RefreshingBlockHeader {}
extension MJRefreshFooter: RefreshingBlockFooter {}

enum ArticleTestingAViewController {
    // MARK: - The app's code

    final class OrdersViewController: UIViewController, AsyncRefreshable {
        let tableView = UITableView(frame: .zero, style: .plain)
        let refreshControl: any PullToRefreshControl
        let failureView: (any RefreshListView)?
        let service: any OrdersService
        let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more orders")]
        var refreshHeaderControl: (any RefreshHeaderControl)? { refreshControl }
        var refreshFooterControl: (any RefreshFooterControl)? { nil }
        var refreshListView: (any RefreshListView)? { failureView ?? tableView }

        init(
            service: any OrdersService,
            refreshControl: any PullToRefreshControl = UIRefreshControl(),
            failureView: (any RefreshListView)? = nil
        ) {
            self.service = service
            self.refreshControl = refreshControl
            self.failureView = failureView
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) {
            fatalError("init(coder:) is not supported")
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(tableView)
            tableView.refreshControl = refreshControl as? UIRefreshControl
            refreshControl.addAction(UIAction { [weak self] _ in self?.headerRefreshingAction() }, for: .valueChanged)
            setupRefreshHeader()
        }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            let page = try await service.orders(tab: request.source, page: request.page)
            return RefreshPage(items: page.orders, curPage: page.curPage, pageCount: page.pageCount)
        }
    }

    final class OrdersMJRefreshController: UIViewController, AsyncRefreshable {
        let tableView = UITableView(frame: .zero, style: .plain)
        var header: any RefreshingBlockHeader
        var footer: any RefreshingBlockFooter
        let failureView: (any RefreshListView)?
        let service: any OrdersService
        let refreshStatus = RefreshRuntime<Order>(noMoreTitles: ["No more orders", "No more unpaid orders"])
        var refreshHeaderControl: (any RefreshHeaderControl)? { header }
        var refreshFooterControl: (any RefreshFooterControl)? { footer }
        var refreshListView: (any RefreshListView)? { failureView ?? tableView }

        init(
            service: any OrdersService,
            header: any RefreshingBlockHeader = MJRefreshNormalHeader(),
            footer: any RefreshingBlockFooter = MJRefreshAutoNormalFooter(),
            failureView: (any RefreshListView)? = nil
        ) {
            self.service = service
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
            tableView.mj_header = header as? MJRefreshHeader
            tableView.mj_footer = footer as? MJRefreshFooter
            header.refreshingBlock = { [weak self] in self?.headerRefreshingAction() }
            footer.refreshingBlock = { [weak self] in self?.footerRefreshingAction() }
            setupRefreshHeader()
        }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            let page = try await service.orders(tab: request.source, page: request.page)
            return RefreshPage(items: page.orders, curPage: page.curPage, pageCount: page.pageCount)
        }
    }

    struct OrdersOutput: OutputRefreshProtocol {
        let refreshStatus = RefreshStatusRelay()
    }

    final class OrdersViewModel: AsyncRefreshable {
        let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more orders")]
        let output = OrdersOutput()
        let service: any OrdersService
        weak var listView: (any RefreshListView)?
        var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
        var refreshFooterControl: (any RefreshFooterControl)? { nil }
        var refreshListView: (any RefreshListView)? { listView }

        init(service: any OrdersService) {
            self.service = service
            refreshStatus.publishStatuses(to: output.refreshStatus)
        }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            let page = try await service.orders(tab: request.source, page: request.page)
            return RefreshPage(items: page.orders, curPage: page.curPage, pageCount: page.pageCount)
        }
    }

    final class OrdersViewModelController: UIViewController {
        let viewModel: OrdersViewModel
        let tableView = UITableView(frame: .zero, style: .plain)
        var header: any RefreshingBlockHeader
        var footer: any RefreshingBlockFooter
        let failureView: (any RefreshListView)?
        var subscription: RefreshSubscription?

        init(
            viewModel: OrdersViewModel,
            header: any RefreshingBlockHeader = MJRefreshNormalHeader(),
            footer: any RefreshingBlockFooter = MJRefreshAutoNormalFooter(),
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
            subscription = viewModel.output.autoSetRefreshHeaderStatus(header: header, footer: footer)
            header.refreshingBlock = subscription?.headerAction { [weak self] in self?.viewModel.refresh() }
            footer.refreshingBlock = subscription?.footerAction { [weak self] in self?.viewModel.loadMore() }
            viewModel.listView = failureView ?? tableView
            viewModel.setupRefreshHeader()
        }
    }

    // MARK: - The test target's code

    struct LoaderOrdersService: OrdersService {
        let loader: TestPageLoader<Order>

        func orders(tab: Int, page: Int) async throws -> OrdersPage {
            let answer = try await loader.load(source: tab, page: page)
            return OrdersPage(orders: answer.items, curPage: answer.curPage, pageCount: answer.pageCount)
        }
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
func makeOrdersList(service: any OrdersService) -> RefreshListModel<Order> {
    RefreshListModel(noMoreTitles: ["No more orders"]) { request in
        let page = try await service.orders(tab: request.source, page: request.page)
        return RefreshPage(items: page.orders, curPage: page.curPage, pageCount: page.pageCount)
    }
}

extension TestHeaderControl: PullToRefreshControl {}

extension TestHeaderControl: RefreshingBlockHeader {}
extension TestFooterControl: RefreshingBlockFooter {}

@Suite struct ArticleTestingAViewControllerTests {
    typealias Article = ArticleTestingAViewController
    typealias OrdersViewController = Article.OrdersViewController
    typealias OrdersMJRefreshController = Article.OrdersMJRefreshController
    typealias OrdersViewModel = Article.OrdersViewModel
    typealias OrdersViewModelController = Article.OrdersViewModelController
    typealias LoaderOrdersService = Article.LoaderOrdersService

    @Test @MainActor func ordersViewControllerKeepsEveryRule() async throws {
        try await RefreshableConformance.checkViewController(makeItem: Order.init) { rig in
            let controller = OrdersViewController(
                service: LoaderOrdersService(loader: rig.loader),
                refreshControl: rig.header,
                failureView: rig.listView
            )
            controller.loadViewIfNeeded()
            return controller
        }
    }

    @Test @MainActor func ordersMJRefreshControllerKeepsEveryRule() async throws {
        let mjRefresh = ConformanceConfiguration(
            headerTiming: .mjRefreshHeader(.turns(2)),
            footerTiming: .mjRefreshAutoFooter
        )
        try await RefreshableConformance.checkViewController(mjRefresh, makeItem: Order.init) { rig in
            let controller = OrdersMJRefreshController(
                service: LoaderOrdersService(loader: rig.loader),
                header: rig.header,
                footer: rig.footer,
                failureView: rig.listView
            )
            controller.loadViewIfNeeded()
            return controller
        }
    }

    @Test @MainActor func ordersViewModelKeepsEveryRule() async throws {
        try await RefreshableConformance.checkViewModel(makeItem: Order.init) { rig in
            let viewModel = OrdersViewModel(service: LoaderOrdersService(loader: rig.loader))
            let controller = OrdersViewModelController(
                viewModel: viewModel, header: rig.header, footer: rig.footer, failureView: rig.listView)
            controller.loadViewIfNeeded()
            return (viewModel, controller)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test @MainActor func ordersListKeepsEveryRule() async throws {
        try await RefreshableConformance.checkListModel(makeItem: Order.init) { rig in
            makeOrdersList(service: LoaderOrdersService(loader: rig.loader))
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test @MainActor func aListModelShowsItsFirstPageThenRefreshesOnAPull() async throws {
        let loader = TestPageLoader(makeItem: Order.init)
        let model = makeOrdersList(service: LoaderOrdersService(loader: loader))
        loader.watch(model.refreshStatus)  // settle() returns once the model applied each answer
        let first = try #require(await loader.waitForLoad { model.setUp() })  // the view's .task
        loader.answer(first, itemCount: 3, pageCount: 2)
        await loader.settle()
        #expect(model.items.count == 3)
        let pull = Task { await model.refresh() }  // .refreshable, which shows until refresh() returns
        await loader.waitForLoads(count: 2)  // every load so far: the first page's and the pull's
        loader.answer(try #require(loader.pending.first), itemCount: 2, pageCount: 1)
        await pull.value  // returns once the refresh is applied
        #expect(model.items.count == 2)
        #expect(model.noMoreText == "No more orders")
    }

    @Test @MainActor func aPullReachesTheControllerThroughItsOwnAction() async throws {
        let rig = ConformanceRig(makeItem: Order.init)
        let controller = OrdersViewController(
            service: LoaderOrdersService(loader: rig.loader), refreshControl: rig.header, failureView: rig.listView)
        controller.loadViewIfNeeded()  // wires the control and loads the first page
        rig.connect(controller)  // settle() waits for its answers; wires nothing it wired itself
        await rig.loader.waitForLoads(count: 1)  // every load so far: the first page's
        rig.loader.answer(try #require(rig.loader.pending.first), itemCount: 3, pageCount: 2)
        await rig.settle()  // returns once the answer is applied
        #expect(controller.currentItems.count == 3)
        // The load an action makes, whatever loaded before: the user pulls, and .valueChanged runs
        // the controller's UIAction.
        let pull = try #require(await rig.loader.waitForLoad { rig.header.pull() })
        #expect(pull.kind == .refresh)
    }
}

/// A slip in a UIKit screen's own wiring, which only a pull through that wiring finds: the
/// pull-to-refresh control's `UIAction` calls the footer's action.
final class SlippedWiringViewController: UIViewController, AsyncRefreshable {
    let refreshControl: any PullToRefreshControl
    let service: any OrdersService
    let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more orders")]
    var refreshHeaderControl: (any RefreshHeaderControl)? { refreshControl }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { nil }

    init(service: any OrdersService, refreshControl: any PullToRefreshControl) {
        self.service = service
        self.refreshControl = refreshControl
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        refreshControl.addAction(UIAction { [weak self] _ in self?.footerRefreshingAction() }, for: .valueChanged)
    }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
        let page = try await service.orders(tab: request.source, page: request.page)
        return RefreshPage(items: page.orders, curPage: page.curPage, pageCount: page.pageCount)
    }
}

@Suite struct UIKitWiringTests {
    @Test @MainActor func aUIActionWiredToTheWrongCallFailsThroughTheScreensOwnWiring() async throws {
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.checkViewController(
                ConformanceConfiguration(randomizedSteps: 0), makeItem: Order.init
            ) { rig in
                let controller = SlippedWiringViewController(
                    service: ArticleTestingAViewController.LoaderOrdersService(loader: rig.loader),
                    refreshControl: rig.header)
                controller.loadViewIfNeeded()
                return controller
            }
        }
        #expect(failure.violatedRules == [.controlActions])
        let violation = try #require(failure.violations.first)
        #expect(
            violation.mismatch
                == .loads(expected: [.refresh(source: 0, page: 1)], observed: [.loadMore(source: 0, page: 2)]))
    }
}
