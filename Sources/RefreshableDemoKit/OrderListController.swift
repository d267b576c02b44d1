import Refreshable

/// The demo's screen: an order list with tabs, adopting ``AsyncRefreshable``.
///
/// This is all an adopter writes. The controller stores ``refreshStatus`` (one page state per
/// tab) and ``currentIndex``, names its three controls, and answers ``loadPage(_:)`` by asking its
/// loader for page `request.page` of the tab that asked. The library's defaults do the rest: which
/// page to ask for, replacing on refresh and appending on load-more, deciding the end of the list
/// from the strongest signal a page carries (here `curPage == pageCount`), one load per tab,
/// failures, and driving header and footer.
///
/// ```swift
/// let controller = OrderListController(loader: api)
/// controller.setupRefreshHeader()   // first load of "All"
/// controller.header.pull()          // the user pulls down: headerRefreshingAction()
/// controller.loadMore()             // the user scrolls to the bottom
/// controller.switchSource(to: 1)    // the user taps "Unpaid"
/// ```
///
/// The demo also answers the hooks ``refreshDidUpdate(_:)``, ``presentFailure(_:)`` and
/// ``refreshDidDiscard(_:)``, keeping what the defaults do and noting what became of each answer,
/// so that the terminal can show it and tests can wait for it.
@MainActor
final class OrderListController: AsyncRefreshable {
    /// What became of one answer.
    struct Outcome: Sendable {
        /// The request answered.
        let request: RefreshRequest
        /// The tab that asked.
        let tab: OrderTab
        /// What the library did with it: applied, failed, or discarded as stale.
        let settlement: RefreshSettlement
        /// The tab on screen when the answer came.
        let tabOnScreen: Int
        /// The page the loader answered with (`nil` for failures and discarded answers), with the
        /// end-of-list signals it carried.
        let page: RefreshPage<Order>?
        /// How many orders the tab held once the library had settled the answer.
        let heldAfter: Int
    }

    /// The tabs, in tab-bar order; tab `i` is the library's source `i`.
    let tabs: [OrderTab]
    /// One page state per tab: page, loading, end of list, end-of-list text, orders.
    let refreshStatus: RefreshRuntime<Order>
    /// The tab on screen.
    var currentIndex = 0

    /// The pull-to-refresh control.
    let header = TextHeader()
    /// The load-more control.
    let footer = TextFooter()
    /// The control above the first row, which shows loads of the previous page.
    let previous = TextFooter()
    /// The list.
    let listView = TextListView()

    /// Controls to drive instead of the text ones, such as a test's doubles.
    struct Controls {
        /// The pull-to-refresh control.
        let header: any RefreshHeaderControl
        /// The load-more control.
        let footer: any RefreshFooterControl
        /// The list.
        let listView: any RefreshListView
    }

    /// The controls passed to the initializer, which the library drives instead of the text ones.
    private let injected: Controls?

    var refreshHeaderControl: (any RefreshHeaderControl)? { injected?.header ?? header }
    var refreshFooterControl: (any RefreshFooterControl)? { injected?.footer ?? footer }
    var refreshPreviousControl: (any RefreshFooterControl)? { previous }
    var refreshListView: (any RefreshListView)? { injected?.listView ?? listView }

    /// Every answer so far, in the order the library settled them.
    private(set) var outcomes: [Outcome] = []
    /// Called with each answer after the library settled it.
    var onOutcome: (@MainActor (Outcome) -> Void)?

    private let loader: any OrderLoader
    private let settled = GenerationWaiters()
    /// The pages the loader answered whose requests have not settled yet.
    private var answered: [RefreshRequest: RefreshPage<Order>] = [:]

    /// Creates the screen.
    /// - Parameters:
    ///   - tabs: The tabs; by default All / Unpaid / Shipped.
    ///   - loader: Where pages come from: the embedded API or HTTP.
    ///   - pageSize: Orders per full page, for servers that send no `curPage`/`pageCount`.
    ///   - controls: Controls to drive instead of the text ones (a test's doubles); the text
    ///     controls then stay untouched.
    ///   - policy: The paging policy, when not page numbers of `pageSize` (cursors, a page cap).
    ///   - identity: How orders are told apart; `.id()` holds each order once, however many pages
    ///     bring it, and each answer says how many it left out. `nil` (the default) keeps every row.
    init(
        tabs: [OrderTab] = OrderTab.standard,
        loader: any OrderLoader,
        pageSize: Int = 10,
        controls: Controls? = nil,
        policy: RefreshPolicy? = nil,
        identity: RefreshItemIdentity<Order>? = nil
    ) {
        self.tabs = tabs
        self.loader = loader
        self.injected = controls
        self.refreshStatus = RefreshRuntime(
            tabs.map { RefreshState(noMoreTitle: $0.noMoreTitle) },
            policy: policy ?? RefreshPolicy(pageSize: pageSize),
            identity: identity
        )
        header.action = { [weak self] in self?.headerRefreshingAction() }
    }

    /// A screen on an HTTP loader: paged as its URL template says (by number or by cursor), with
    /// orders told apart by id, so a row a later page brings again is shown once.
    /// - Parameters:
    ///   - loader: The HTTP loader.
    ///   - tabs: The tabs; by default those the template names.
    convenience init(http loader: HTTPOrderLoader, tabs: [OrderTab]? = nil) {
        self.init(
            tabs: tabs ?? loader.template.tabs,
            loader: loader,
            policy: loader.template.policy(),
            identity: .id()
        )
    }

    // MARK: Refreshable

    /// The async loader path: the library calls this once per request, in a task it cancels when a
    /// newer request supersedes this one, and applies the result to the tab in `request.source`.
    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
        let page = try await loader.loadPage(request, of: tabs[request.source])
        // Kept for the narration of what the library does with it.
        answered[request] = page
        return page
    }

    /// A page was applied (or the tab, the state or an item changed): the list reloads, and an
    /// answer is noted once the controls show it.
    func refreshDidUpdate(_ update: RefreshUpdate) {
        reloadListIfCurrent(update)
        guard let request = update.request else { return }
        // Drawn now rather than after this hook returns, so that the narration shows the controls
        // as the answer left them.
        refreshFooter()
        note(.applied(update), for: request, page: answered.removeValue(forKey: request))
    }

    /// A load failed, or its answer was refused: the message shows, and the answer is noted once
    /// the controls show it. A cancelled load is no failure: it is noted when its answer comes and
    /// is discarded.
    func presentFailure(_ failure: RefreshFailure) {
        showFailureMessageIfNeeded(failure)
        refreshFooter()
        answered[failure.request] = nil
        note(.failed(failure), for: failure.request)
    }

    /// A superseded or cancelled request's answer came and was dropped: it is noted as discarded.
    func refreshDidDiscard(_ request: RefreshRequest) {
        answered[request] = nil
        note(.discarded(request), for: request)
    }

    // MARK: Observing answers

    /// The requests in flight now: at most a refresh or load-more and a load of the previous page
    /// per tab.
    var requestsInFlight: [RefreshRequest] {
        refreshStatus.sources.flatMap { [$0.inFlight, $0.previousInFlight].compactMap(\.self) }
    }

    /// How many rows the answers applied to a tab left out because the tab held them already,
    /// over the whole session.
    func droppedDuplicates(in source: Int) -> Int {
        outcomes.reduce(0) { total, outcome in
            guard outcome.request.source == source, case .applied(let update) = outcome.settlement else { return total }
            return total + update.droppedDuplicates
        }
    }

    /// What became of a request, once it settled.
    func outcome(of request: RefreshRequest) -> Outcome? {
        outcomes.last { $0.request == request }
    }

    /// Waits until the library has settled a request's answer (applied, failed or discarded), or
    /// the calling task is cancelled.
    func waitUntilSettled(_ request: RefreshRequest) async {
        await settled.wait(for: request.generation)
    }

    private func note(_ settlement: RefreshSettlement, for request: RefreshRequest, page: RefreshPage<Order>? = nil) {
        guard !settled.contains(request.generation) else { return }
        let outcome = Outcome(
            request: request,
            tab: tabs[request.source],
            settlement: settlement,
            tabOnScreen: currentIndex,
            page: page,
            heldAfter: refreshStatus[request.source].items.count
        )
        outcomes.append(outcome)
        settled.signal(request.generation)
        onOutcome?(outcome)
    }
}
