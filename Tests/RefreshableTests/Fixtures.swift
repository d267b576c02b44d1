import Refreshable
import RefreshableTesting
import Testing

struct ServerError: Error, Equatable {
    var code: Int
}

/// Items named after their source and position, so lost or duplicated items are visible: "0:1", "0:2", ...
func items(source: Int, from first: Int, count: Int) -> [String] {
    (first..<(first + count)).map { "\(source):\($0)" }
}

/// A seed-style adopter: `refreshData(isRefresh:)` records the request; the test answers it with
/// `answer(_:with:)` or `answer(_:error:)`, in any order, as a network callback would. Its controls
/// are the testing kit's MJRefresh header and auto footer, whose commands and callbacks wait on
/// `mainQueue` until the test drains it.
@MainActor
final class SeedController: Refreshable {
    let refreshStatus: RefreshRuntime<String>
    var currentIndex = 0
    let mainQueue = TestMainQueue()
    let header: TestHeaderControl
    let footer: TestFooterControl
    let list = TestListView()
    var hasHeader = true
    var hasFooter = true
    private(set) var requests: [RefreshRequest] = []
    private(set) var updates: [RefreshUpdate] = []
    private(set) var discarded: [RefreshRequest] = []

    /// MJRefresh's controls send their action from `beginRefreshing()` too: wired to the actions,
    /// the library tells those callbacks from a user's pull.
    init(titles: [String] = ["No more orders"], policy: RefreshPolicy = RefreshPolicy(pageSize: 3)) {
        refreshStatus = RefreshRuntime(noMoreTitles: titles, policy: policy)
        header = TestHeaderControl(timing: .mjRefreshHeader(.turns(1)), mainQueue: mainQueue)
        footer = TestFooterControl(timing: .mjRefreshAutoFooter, mainQueue: mainQueue)
        header.action = { [weak self] in self?.headerRefreshingAction() }
        footer.action = { [weak self] in self?.footerRefreshingAction() }
    }

    var refreshHeaderControl: (any RefreshHeaderControl)? { hasHeader ? header : nil }
    var refreshFooterControl: (any RefreshFooterControl)? { hasFooter ? footer : nil }
    var refreshListView: (any RefreshListView)? { list }

    func refreshData(isRefresh: Bool) {
        requests.append(refreshRequest)
    }

    func refreshDidDiscard(_ request: RefreshRequest) {
        discarded.append(request)
    }

    func refreshDidUpdate(_ update: RefreshUpdate) {
        updates.append(update)
        if update.source == currentIndex {
            list.reloadData()
        }
    }

    var lastRequest: RefreshRequest {
        requests[requests.count - 1]
    }

    /// Answers a request with a page of `count` items numbered after what the source holds for a
    /// load-more (or from 1 for a refresh), and the given end signals.
    func answer(
        _ request: RefreshRequest,
        count: Int = 3,
        hasMore: Bool? = nil,
        curPage: Int? = nil,
        pageCount: Int? = nil
    ) {
        mainQueue.drain()  // MJRefresh's begin animation (and its action echo) ends before the network answers.
        let first = (request.page - 1) * refreshStatus.policy.pageSize + 1
        let page = RefreshPage(
            items: items(source: request.source, from: first, count: count),
            hasMore: hasMore,
            curPage: curPage,
            pageCount: pageCount
        )
        loadSuccess(page, for: request)
        mainQueue.drain()
    }

    func answer(_ request: RefreshRequest, error: any Error) {
        mainQueue.drain()
        loadFailer(error, for: request)
        mainQueue.drain()
    }

    /// The state the footer shows once MJRefresh's queued commands ran.
    var footerState: TestFooterControl.State {
        mainQueue.drain()
        return footer.state
    }
}

/// The testing kit's loader, for tests that make their own pages and answer by request.
extension TestPageLoader where Item == String {
    /// A loader whose pages the tests make themselves.
    convenience init() {
        self.init { "\($0)" }
    }

    /// The requests asked for, oldest first.
    var started: [RefreshRequest] { loads.compactMap(\.request) }

    /// The requests still waiting for the test, oldest first.
    var pendingRequests: [RefreshRequest] { pending.compactMap(\.request) }

    /// Answers or fails the pending load of `request`; does nothing when it is not pending.
    func resume(_ request: RefreshRequest, with result: Result<RefreshPage<String>, any Error>) {
        guard let load = pending.first(where: { $0.request == request }) else { return }
        switch result {
        case .success(let page):
            answer(load, with: page)
        case .failure(let error):
            fail(load, with: error)
        }
    }

    /// Lets tasks run until `condition` holds; gives up after a bounded number of turns.
    func settle(until condition: () -> Bool) async {
        await waitUntil(limit: 1_000, condition)
    }
}

/// An async-style adopter: `loadPage(_:)` waits on the kit's `TestPageLoader`, which the library runs.
@MainActor
final class AsyncController: AsyncRefreshable {
    let refreshStatus: RefreshRuntime<String>
    var currentIndex = 0
    let header = TestHeaderControl()
    let mainQueue = TestMainQueue()
    let footer: TestFooterControl
    let list = TestListView()
    let loads = TestPageLoader<String>()
    private(set) var discarded: [RefreshRequest] = []
    /// What the library reported as no longer wanted; never anything for an async adopter.
    private(set) var cancelled: [RefreshRequest] = []

    init(titles: [String] = ["The end"], policy: RefreshPolicy = RefreshPolicy(pageSize: 3)) {
        refreshStatus = RefreshRuntime(noMoreTitles: titles, policy: policy)
        footer = TestFooterControl(timing: .mjRefreshAutoFooter, mainQueue: mainQueue)
        loads.takesTurns(of: mainQueue)
    }

    var refreshHeaderControl: (any RefreshHeaderControl)? { header }
    var refreshFooterControl: (any RefreshFooterControl)? { footer }
    var refreshListView: (any RefreshListView)? { list }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<String> {
        try await loads.load(request)
    }

    func refreshDidDiscard(_ request: RefreshRequest) {
        discarded.append(request)
    }

    func refreshDidCancel(_ request: RefreshRequest) {
        cancelled.append(request)
    }

    /// Resolves a pending request and waits until the controller has settled it.
    func resolve(_ request: RefreshRequest, _ result: Result<RefreshPage<String>, any Error>) async {
        loads.resume(request, with: result)
        await loads.settle { !refreshStatus.sources.isInFlight(request) }
        mainQueue.drain()
    }

    func waitForStart(count: Int) async {
        await loads.settle { loads.started.count >= count }
    }
}

/// A callback-style list with no controls, as a view model keeps one: it starts its requests
/// itself, records them and what the library says of them, and can publish its statuses.
@MainActor
final class CallbackList: Refreshable {
    /// The output a view model publishes its statuses to.
    struct Output: OutputRefreshProtocol {
        let refreshStatus = RefreshStatusRelay()
    }

    let refreshStatus: RefreshRuntime<String>
    var currentIndex = 0
    let output = Output()
    /// Answers each request inside `refreshData(isRefresh:)`, as a cache would; otherwise
    /// ``answer(_:)`` does.
    var answersAtOnce = false
    /// Run from `refreshDidCancel(_:)`, as an adopter's cancellation that reports at once would.
    var onCancel: ((RefreshRequest) -> Void)?
    private(set) var requests: [RefreshRequest] = []
    private(set) var cancelled: [RefreshRequest] = []
    private(set) var discarded: [RefreshRequest] = []

    init(
        titles: [String] = ["The end", "The end of B"],
        policy: RefreshPolicy = RefreshPolicy(pageSize: 3),
        publishesStatuses: Bool = false,
        failureMessage: @escaping @MainActor (RefreshFailure) -> String = { $0.message }
    ) {
        refreshStatus = RefreshRuntime(noMoreTitles: titles, policy: policy, failureMessage: failureMessage)
        if publishesStatuses {
            refreshStatus.publishStatuses(to: output.refreshStatus)
        }
    }

    var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    /// The list a view model's controller hands over, as the view-model article shows.
    weak var listView: (any RefreshListView)?
    var refreshListView: (any RefreshListView)? { listView }

    func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        requests.append(request)
        if answersAtOnce {
            answer(request)
        }
    }

    func refreshDidCancel(_ request: RefreshRequest) {
        cancelled.append(request)
        onCancel?(request)
    }

    func refreshDidDiscard(_ request: RefreshRequest) {
        discarded.append(request)
    }

    /// Answers with three items and more to load.
    func answer(_ request: RefreshRequest) {
        loadSuccess(RefreshPage(items: (1...3).map { "\(request.page).\($0)" }, hasMore: true), for: request)
    }

    /// A list that loaded its first page.
    static func loaded() -> CallbackList {
        let list = CallbackList()
        list.setupRefreshHeader()
        list.answer(list.requests[0])
        return list
    }
}

/// Starts a load and returns its request, or records why it did not start.
func started(_ outcome: RefreshBegin, sourceLocation: SourceLocation = #_sourceLocation) throws -> RefreshRequest {
    guard case .started(let request, _) = outcome else {
        Issue.record("expected a started load, got \(outcome)", sourceLocation: sourceLocation)
        throw ServerError(code: -1)
    }
    return request
}

/// The update a settlement applied, or `nil` with an issue recorded.
func applied(_ settlement: RefreshSettlement, sourceLocation: SourceLocation = #_sourceLocation) -> RefreshUpdate? {
    guard case .applied(let update) = settlement else {
        Issue.record("expected an applied page, got \(settlement)", sourceLocation: sourceLocation)
        return nil
    }
    return update
}

/// What was wrong with a refused answer, or `nil` with an issue recorded.
func refused(
    _ settlement: RefreshSettlement,
    sourceLocation: SourceLocation = #_sourceLocation
) -> RefreshFailure.InvalidResponse? {
    guard case .failed(let failure) = settlement, case .invalidResponse(let invalid) = failure.reason else {
        Issue.record("expected a refused answer, got \(settlement)", sourceLocation: sourceLocation)
        return nil
    }
    return invalid
}

/// Takes turns of `queue` until MJRefresh's queued commands and callbacks ran, and the main-actor
/// tasks the library scheduled (its re-check after asynchronous control commands) ran after them,
/// as the real main queue runs them, in order.
@MainActor
func settle(_ queue: TestMainQueue) async {
    for _ in 0..<5 {
        queue.drain()
        await queue.turns(10)
    }
    queue.drain()
}
