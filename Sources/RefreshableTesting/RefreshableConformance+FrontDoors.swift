public import Refreshable

extension RefreshableConformance {
    /// Runs every scenario (or those of `rules`) and the random events against a view controller
    /// that wires the rig's doubles itself, as it wires its real controls: MJRefresh's
    /// ``TestHeaderControl/refreshingBlock``, or `addAction(_:for:)` for `.valueChanged`.
    ///
    /// ```swift
    /// try await RefreshableConformance.checkViewController(makeItem: Order.init) { rig in
    ///     let controller = OrdersViewController(
    ///         service: LoaderOrdersService(loader: rig.loader),
    ///         refreshControl: rig.header,
    ///         failureView: rig.listView
    ///     )
    ///     controller.loadViewIfNeeded()  // viewDidLoad() wires the control
    ///     return controller
    /// }
    /// ```
    ///
    /// Nothing is wired for the controller: a user's pull, and MJRefresh's late callback of each
    /// `beginRefreshing()`, go through the controller's own wiring, so a header wired to the wrong
    /// call, or left unwired, fails (``ConformanceRule/controlActions``, ``ConformanceRule/wiring``).
    /// Everything else is as in ``check(_:rules:makeItem:makeAdopter:)``; see
    /// <doc:TestingAViewController>.
    /// - Parameters:
    ///   - configuration: Sources, policy, the doubles' timing and the random steps.
    ///   - rules: The rules to check; every rule when `nil`.
    ///   - makeItem: Turns the loader's ``TestItem`` values into the controller's items.
    ///   - makeViewController: Builds the controller with the rig's doubles and loader, its view
    ///     loaded, so its controls are wired.
    /// - Returns: What ran, and what was not checked.
    /// - Throws: ``ConformanceFailure`` listing every broken rule.
    @MainActor
    @discardableResult
    public static func checkViewController<Item: Equatable, Controller: Refreshable>(
        _ configuration: ConformanceConfiguration = ConformanceConfiguration(),
        rules: Set<ConformanceRule>? = nil,
        makeItem: @escaping @Sendable (TestItem) -> Item,
        makeViewController: @MainActor (ConformanceRig<Item>) -> Controller
    ) async throws(ConformanceFailure) -> ConformanceReport where Controller.Item == Item {
        var configuration = configuration
        configuration.frontDoor = .ownWiring
        let outcome = await run(configuration, rules: rules, makeItem: makeItem, makeAdopter: makeViewController)
        return try report(outcome, adopter: String(describing: Controller.self))
    }

    /// Runs every scenario (or those of `rules`) and the random events against a view model that
    /// owns its list, with the controller that subscribes the rig's doubles to its output.
    ///
    /// The view model adopts `Refreshable` (or `AsyncRefreshable`) and publishes its statuses to an
    /// `OutputRefreshProtocol` output (`refreshStatus.publishStatuses(to:)`); the controller
    /// subscribes the doubles with `autoSetRefreshHeaderStatus(header:footer:)` and wires their
    /// actions through the subscription's `headerAction(_:)` and `footerAction(_:)`:
    ///
    /// ```swift
    /// try await RefreshableConformance.checkViewModel(makeItem: Order.init) { rig in
    ///     let viewModel = OrdersViewModel(service: LoaderOrdersService(loader: rig.loader))
    ///     let controller = OrdersViewModelController(
    ///         viewModel: viewModel, header: rig.header, footer: rig.footer, failureView: rig.listView)
    ///     controller.loadViewIfNeeded()
    ///     return (viewModel, controller)
    /// }
    /// ```
    ///
    /// The suite keeps the controller (and its subscription) as long as the view model, drives
    /// the view model, and reads the controls the statuses drove. As for a view controller,
    /// nothing is wired for the controller. A view model that writes its statuses by hand, with no
    /// list of the library's, is checked with ``checkOutput(_:makeOutput:)``.
    /// - Parameters:
    ///   - configuration: Sources, policy, the doubles' timing and the random steps.
    ///   - rules: The rules to check; every rule when `nil`.
    ///   - makeItem: Turns the loader's ``TestItem`` values into the view model's items.
    ///   - makeScreen: Builds the view model with the rig's loader and list double, and the
    ///     controller that subscribes and wires the rig's controls.
    /// - Returns: What ran, and what was not checked.
    /// - Throws: ``ConformanceFailure`` listing every broken rule.
    @MainActor
    @discardableResult
    public static func checkViewModel<Item: Equatable, ViewModel: Refreshable>(
        _ configuration: ConformanceConfiguration = ConformanceConfiguration(),
        rules: Set<ConformanceRule>? = nil,
        makeItem: @escaping @Sendable (TestItem) -> Item,
        makeScreen: @MainActor (ConformanceRig<Item>) -> (viewModel: ViewModel, controller: AnyObject)
    ) async throws(ConformanceFailure) -> ConformanceReport where ViewModel.Item == Item {
        var configuration = configuration
        configuration.frontDoor = .ownWiring
        let outcome = await run(configuration, rules: rules, makeItem: makeItem) { rig -> ViewModel in
            let screen = makeScreen(rig)
            rig.retained.append(screen.controller)
            return screen.viewModel
        }
        return try report(outcome, adopter: String(describing: ViewModel.self))
    }

    /// Runs every scenario (or those of `rules`) and the random events against a SwiftUI list
    /// model, with no `Refreshable` wrapper: the model made by your factory, over the rig's loader.
    ///
    /// ```swift
    /// try await RefreshableConformance.checkListModel(makeItem: Order.init) { rig in
    ///     makeOrdersList(service: LoaderOrdersService(loader: rig.loader))
    /// }
    /// ```
    ///
    /// The suite draws the model on the rig's doubles as a view draws it, and redraws it when
    /// Observation says it changed: the header from `isRefreshing` (a pull runs
    /// `.refreshable { await model.refresh() }`), the footer row from `isLoadingMore`, `noMoreText`
    /// and `loadMoreFailure` (its button calls `loadMore()`), the placeholder from `placeholder`
    /// (its button calls `retry()`), an alert for each failure of a list with items (`failure`,
    /// `loadMoreFailure`, `loadPreviousFailure`). A scroll to the last row loads more; in a list
    /// no longer than `prefetchDistance`, whose last row is also near the start, the suite calls
    /// `loadMore()` instead, as that scroll loads the previous page too. It calls
    /// the model's own API for everything else: `setUp()`, `switchSource(to:)`, `cancelLoading()`
    /// (the source on screen, as `.onDisappear` does), the edits by id, and `refreshStatus.retryNow()`.
    /// The doubles keep `UIRefreshControl`'s timing: SwiftUI's views have no late callbacks.
    /// - Parameters:
    ///   - configuration: Sources, policy and the random steps; the doubles' timing is ignored.
    ///   - rules: The rules to check; every rule when `nil`.
    ///   - makeItem: Turns the loader's ``TestItem`` values into the model's items.
    ///   - makeModel: Builds the model over the rig's loader: the sources from
    ///     `rig.makeSources()` or your own, and a loader that reaches
    ///     ``ConformanceRig/loader`` the way your app's reaches its server.
    /// - Returns: What ran, and what was not checked.
    /// - Throws: ``ConformanceFailure`` listing every broken rule.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    @discardableResult
    public static func checkListModel<Item: Equatable>(
        _ configuration: ConformanceConfiguration = ConformanceConfiguration(),
        rules: Set<ConformanceRule>? = nil,
        makeItem: @escaping @Sendable (TestItem) -> Item,
        makeModel: @MainActor (ConformanceRig<Item>) -> RefreshListModel<Item>
    ) async throws(ConformanceFailure) -> ConformanceReport {
        var configuration = configuration
        configuration.frontDoor = .listModel
        configuration.headerTiming = .uiRefreshControl
        configuration.footerTiming = .immediate
        let outcome = await run(configuration, rules: rules, makeItem: makeItem) { rig in
            ListModelScreen(model: makeModel(rig), rig: rig)
        }
        return try report(outcome, adopter: "RefreshListModel<\(Item.self)>")
    }
}
