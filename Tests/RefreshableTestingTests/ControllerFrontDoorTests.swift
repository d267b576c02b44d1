import Refreshable
import RefreshableTesting
import Testing

// View controllers and view models as apps write them, without UIKit: each owns its controls
// through the members the real ones have (`addAction(_:for:)` for `.valueChanged`, MJRefresh's
// `refreshingBlock`), takes the rig's doubles in their place, and wires them in `viewDidLoad()`.
// The suite pulls the doubles, so each controller's own wiring runs; a broken wiring fails.

/// The suite's items as they are, for front doors whose items are `TestItem` values.
let testItem: @Sendable (TestItem) -> TestItem = { $0 }

/// What a `UIRefreshControl` screen needs of its header: `UIControl`'s `addAction(_:for:)`.
@MainActor
protocol ValueChangedHeader: RefreshHeaderControl {
    func addAction(_ action: TestAction, for controlEvents: TestHeaderControl.Event)
}
extension TestHeaderControl: ValueChangedHeader {}

/// What an MJRefresh screen needs of its controls: their refreshing blocks.
@MainActor
protocol RefreshingBlockHeader: RefreshHeaderControl {
    var refreshingBlock: (() -> Void)? { get set }
}
@MainActor
protocol RefreshingBlockFooter: RefreshFooterControl {
    var refreshingBlock: (() -> Void)? { get set }
}
extension TestHeaderControl: RefreshingBlockHeader {}
extension TestFooterControl: RefreshingBlockFooter {}

/// An API that takes a tab and a page, answering on the main actor after a hop through an actor.
struct TabPagedAPI: Sendable {
    let loader: TestPageLoader<TestItem>

    @MainActor
    func orders(tab: Int, page: Int) async throws -> RefreshPage<TestItem> {
        try await loader.load(source: tab, page: page)
    }
}

/// A `UIRefreshControl` screen: loads more as rows come on screen (no footer control), pull to
/// refresh through `.valueChanged`.
@MainActor
class PullToRefreshViewController: AsyncRefreshable {
    let refreshStatus: RefreshRuntime<TestItem>
    let refreshControl: any ValueChangedHeader
    let listView: TestListView
    let api: TabPagedAPI
    var refreshHeaderControl: (any RefreshHeaderControl)? { refreshControl }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { listView }

    init(rig: ConformanceRig<TestItem>, refreshControl: any ValueChangedHeader) {
        refreshStatus = RefreshRuntime(rig.makeSources())
        self.refreshControl = refreshControl
        listView = rig.listView
        api = TabPagedAPI(loader: rig.loader)
    }

    func viewDidLoad() {
        refreshControl.addAction(TestAction { [weak self] _ in self?.pulled() }, for: .valueChanged)
    }

    /// The header's action: wired in `viewDidLoad()`.
    func pulled() {
        headerRefreshingAction()
    }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        try await api.orders(tab: request.source, page: request.page)
    }
}

/// Wires its pull-to-refresh to the footer's action, a copy-and-paste slip.
final class HeaderWiredToFooterActionController: PullToRefreshViewController {
    override func pulled() {
        footerRefreshingAction()
    }
}

/// Forgets to wire its pull-to-refresh.
final class UnwiredHeaderController: PullToRefreshViewController {
    override func viewDidLoad() {}
}

/// An MJRefresh screen: a header and an auto footer, both wired with their refreshing blocks, in
/// the callback style.
@MainActor
class MJRefreshViewController: Refreshable {
    let refreshStatus: RefreshRuntime<TestItem>
    var header: any RefreshingBlockHeader
    var footer: any RefreshingBlockFooter
    let listView: TestListView
    let loader: TestPageLoader<TestItem>
    var refreshHeaderControl: (any RefreshHeaderControl)? { header }
    var refreshFooterControl: (any RefreshFooterControl)? { footer }
    var refreshListView: (any RefreshListView)? { listView }

    init(rig: ConformanceRig<TestItem>, header: any RefreshingBlockHeader, footer: any RefreshingBlockFooter) {
        refreshStatus = RefreshRuntime(rig.makeSources())
        self.header = header
        self.footer = footer
        listView = rig.listView
        loader = rig.loader
    }

    func viewDidLoad() {
        header.refreshingBlock = { [weak self] in self?.headerRefreshingAction() }
        footer.refreshingBlock = { [weak self] in self?.footerRefreshingAction() }
    }

    func refreshData(isRefresh: Bool) {
        loader.start(refreshRequest, reportingTo: self)
    }
}

/// Wires the header's block to `refresh()`, the app's own entry point, so MJRefresh's late callback
/// of every begin refreshes again.
final class HeaderBlockWiredToRefreshController: MJRefreshViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        header.refreshingBlock = { [weak self] in self?.refresh() }
    }
}

/// Wires the footer's block to the header's action.
final class FooterBlockWiredToHeaderActionController: MJRefreshViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        footer.refreshingBlock = { [weak self] in self?.headerRefreshingAction() }
    }
}

/// A view model that owns its list and publishes its statuses to its output.
@MainActor
final class OrdersListViewModel: AsyncRefreshable {
    struct Output: OutputRefreshProtocol {
        let refreshStatus = RefreshStatusRelay()
    }

    let refreshStatus: RefreshRuntime<TestItem>
    let output = Output()
    let api: TabPagedAPI
    weak var listView: (any RefreshListView)?
    var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { listView }

    init(sources: RefreshSources<TestItem>, api: TabPagedAPI) {
        refreshStatus = RefreshRuntime(sources)
        self.api = api
        refreshStatus.publishStatuses(to: output.refreshStatus)
    }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        try await api.orders(tab: request.source, page: request.page)
    }
}

/// The controller of ``OrdersListViewModel``: subscribes its controls to the output and wires
/// their blocks through the subscription, as the library's docs show.
@MainActor
class OrdersListController {
    let viewModel: OrdersListViewModel
    var header: any RefreshingBlockHeader
    var footer: any RefreshingBlockFooter
    let listView: any RefreshListView
    var subscription: RefreshSubscription?

    init(
        viewModel: OrdersListViewModel, header: any RefreshingBlockHeader, footer: any RefreshingBlockFooter,
        listView: any RefreshListView
    ) {
        self.viewModel = viewModel
        self.header = header
        self.footer = footer
        self.listView = listView
    }

    func viewDidLoad() {
        subscription = viewModel.output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        header.refreshingBlock = subscription?.headerAction { [weak self] in self?.viewModel.refresh() }
        footer.refreshingBlock = subscription?.footerAction { [weak self] in self?.viewModel.loadMore() }
        viewModel.listView = listView
    }
}

/// Forwards MJRefresh's blocks to the view model directly, past the subscription's wrappers: the
/// late callback of every begin refreshes again.
final class UnwrappedBlocksController: OrdersListController {
    override func viewDidLoad() {
        super.viewDidLoad()
        header.refreshingBlock = { [weak self] in self?.viewModel.refresh() }
    }
}

@MainActor
@Suite struct ControllerFrontDoorTests {
    nonisolated static let uiKit = ConformanceConfiguration(headerTiming: .uiRefreshControl)
    nonisolated static let mjRefresh = ConformanceConfiguration(
        headerTiming: .mjRefreshHeader(.turns(2)), footerTiming: .mjRefreshAutoFooter)
    nonisolated static let mjRefreshBackFooter = ConformanceConfiguration(
        headerTiming: .mjRefreshHeader(.turns(3)), footerTiming: .mjRefreshBackFooter(.turns(2)))

    private func controllerFailure<Controller: Refreshable>(
        _ configuration: ConformanceConfiguration,
        _ make: @MainActor (ConformanceRig<TestItem>) -> Controller
    ) async throws -> ConformanceFailure where Controller.Item == TestItem {
        var quick = configuration
        quick.randomizedSteps = 0
        return try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.checkViewController(quick, makeItem: testItem, makeViewController: make)
        }
    }

    // MARK: A view controller through its own wiring

    @Test func aPullToRefreshScreenWiredWithValueChangedKeepsEveryRule() async throws {
        var configuration = Self.uiKit
        configuration.randomizedSteps = 5_000
        let report = try await RefreshableConformance.checkViewController(configuration, makeItem: testItem) { rig in
            let controller = PullToRefreshViewController(rig: rig, refreshControl: rig.header)
            controller.viewDidLoad()
            return controller
        }
        #expect(report.checkedRules.contains(.controlActions))
        #expect(report.randomizedSteps == 5_000)
        // No footer control: nothing of the footer could be checked, and the report says so.
        #expect(report.uncheckedRules.contains(.controlActions))
        #expect(report.unchecked.contains { $0.reason.hasPrefix("the footer's hidden") })
    }

    @Test(arguments: [mjRefresh, mjRefreshBackFooter])
    func anMJRefreshScreenWiredWithRefreshingBlocksKeepsEveryRule(
        configuration: ConformanceConfiguration
    ) async throws {
        var configuration = configuration
        configuration.randomizedSteps = 5_000
        let report = try await RefreshableConformance.checkViewController(configuration, makeItem: testItem) { rig in
            let controller = MJRefreshViewController(rig: rig, header: rig.header, footer: rig.footer)
            controller.viewDidLoad()
            return controller
        }
        #expect(report.unchecked.isEmpty, "\(report)")
    }

    @Test func aHeaderLeftUnwiredIsAWiringProblem() async throws {
        let failure = try await controllerFailure(Self.uiKit) { rig in
            let controller = UnwiredHeaderController(rig: rig, refreshControl: rig.header)
            controller.viewDidLoad()
            return controller
        }
        let violation = try #require(failure.violations.first { $0.rule == .wiring })
        #expect(violation.mismatch == .wiring([.headerNotWired]))
        #expect(violation.observed.contains("rig.header has nothing wired to it"))
    }

    @Test func aPullWiredToTheFooterActionLoadsMoreAndIsCaught() async throws {
        let failure = try await controllerFailure(Self.uiKit) { rig in
            let controller = HeaderWiredToFooterActionController(rig: rig, refreshControl: rig.header)
            controller.viewDidLoad()
            return controller
        }
        #expect(failure.violatedRules == [.controlActions])
        let violation = try #require(failure.violations.first)
        #expect(
            violation.mismatch
                == .loads(expected: [.refresh(source: 0, page: 1)], observed: [.loadMore(source: 0, page: 2)]))
        #expect(violation.steps.contains("the user pulls the header"))
    }

    @Test func anMJRefreshHeaderBlockWiredToRefreshLoadsAgainOnItsLateCallback() async throws {
        let failure = try await controllerFailure(Self.mjRefresh) { rig in
            let controller = HeaderBlockWiredToRefreshController(rig: rig, header: rig.header, footer: rig.footer)
            controller.viewDidLoad()
            return controller
        }
        let violation = try #require(failure.violations.first { $0.rule == .controlActions })
        #expect(violation.mismatch == .loads(expected: [], observed: [.refresh(source: 0, page: 1)]))
        #expect(violation.steps.contains("the controls' begin animations complete: their late callbacks arrive"))
    }

    @Test func anMJRefreshFooterBlockWiredToTheHeaderActionIsCaught() async throws {
        let failure = try await controllerFailure(Self.mjRefresh) { rig in
            let controller = FooterBlockWiredToHeaderActionController(rig: rig, header: rig.header, footer: rig.footer)
            controller.viewDidLoad()
            return controller
        }
        #expect(failure.violatedRules == [.controlActions])
        let violation = try #require(failure.violations.first)
        #expect(violation.mismatch == .loads(expected: [.loadMore(source: 0, page: 2)], observed: []))
        #expect(violation.steps.contains("the user pulls the footer up"))
    }

    // MARK: A view model with its controls

    private static func makeScreen(
        _ rig: ConformanceRig<TestItem>,
        controller: (OrdersListViewModel, ConformanceRig<TestItem>) -> OrdersListController = {
            OrdersListController(viewModel: $0, header: $1.header, footer: $1.footer, listView: $1.listView)
        }
    ) -> (viewModel: OrdersListViewModel, controller: AnyObject) {
        let viewModel = OrdersListViewModel(sources: rig.makeSources(), api: TabPagedAPI(loader: rig.loader))
        let screen = controller(viewModel, rig)
        screen.viewDidLoad()
        return (viewModel, screen)
    }

    @Test(arguments: [uiKit, mjRefresh, mjRefreshBackFooter])
    func aViewModelWithItsControlsKeepsEveryRule(configuration: ConformanceConfiguration) async throws {
        var configuration = configuration
        configuration.randomizedSteps = 5_000
        let report = try await RefreshableConformance.checkViewModel(configuration, makeItem: testItem) {
            Self.makeScreen($0)
        }
        #expect(report.unchecked.isEmpty, "\(report)")
        #expect(report.checkedRules.contains(.controlActions))
    }

    @Test func aViewModelWhoseBlocksSkipTheSubscriptionLoadsAgainOnMJRefreshsLateCallback() async throws {
        var configuration = Self.mjRefresh
        configuration.randomizedSteps = 0
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.checkViewModel(configuration, makeItem: testItem) { rig in
                Self.makeScreen(rig) { viewModel, rig in
                    UnwrappedBlocksController(
                        viewModel: viewModel, header: rig.header, footer: rig.footer, listView: rig.listView)
                }
            }
        }
        // MJRefresh's late callback loads again. Which scenario sees the extra load first depends on
        // where the callback lands among the scenario's turns (under load it can land in another
        // rule's scenario), so the check is that some scenario reports loads nobody asked for.
        let extraLoads = failure.violations.filter { violation in
            guard case .loads(let expected, let observed) = violation.mismatch else { return false }
            return observed.count > expected.count
        }
        #expect(!extraLoads.isEmpty, "\(failure)")
        if let violation = failure.violations.first(where: { $0.rule == .controlActions }) {
            #expect(violation.mismatch == .loads(expected: [], observed: [.refresh(source: 0, page: 1)]))
        }
    }

    /// The suite keeps the controller (and the subscription that drives the controls) with its rig,
    /// and no longer.
    @Test func theViewModelsControllerIsReleasedWithItsRig() async throws {
        weak var controller: OrdersListController?
        var quick = Self.mjRefresh
        quick.randomizedSteps = 200
        try await RefreshableConformance.checkViewModel(quick, makeItem: testItem) { rig in
            let screen = Self.makeScreen(rig)
            controller = screen.controller as? OrdersListController
            return screen
        }
        #expect(controller == nil, "the last rig's controller is released with the rig")
    }
}
