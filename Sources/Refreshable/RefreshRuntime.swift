/// The state of one list and everything about it that lives in time: its loads, the controls,
/// the failure placeholder.
///
/// Each list owns one. A ``Refreshable`` adopter stores it as ``Refreshable/refreshStatus`` and
/// reads it like an array of `(page, isLoading, noMoreData, noMoreTitle)` tuples:
///
/// ```swift
/// let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more orders")]
/// // refreshStatus[currentIndex].page, .isLoading, .noMoreData, .noMoreTitle, .items
/// ```
///
/// The page state itself is a plain value, ``sources``, which only the state machine's transitions
/// change. The runtime carries out what they decide: it starts and cancels the loader's tasks,
/// tells a control's own late callback from a user's pull, drives the controls and the placeholder
/// to what the state says, and checks them again when they apply commands late.
///
/// Replacing ``sources`` (a logout, a new filter, a saved value put back) cancels every load of the
/// old state; nothing the old state asked for ever lands, and the screen is drawn again from the
/// new state (see <doc:Rules#Replacing-the-state>).
@MainActor
public final class RefreshRuntime<Item: Sendable> {
    /// The state: the single source of truth, changed only by the state machine's transitions.
    var state: RefreshSources<Item>
    /// The front door that owns the runtime, once one has used it.
    var host: RefreshRuntimeHost<Item>?
    /// The current source of a front door that keeps none of its own.
    var storedIndex = 0
    /// Whether the list was set up (its screen appeared): a replaced state then loads its first page.
    private(set) var isSetUp = false
    /// The request being handed to the host's `start`, readable as ``Refreshable/refreshRequest``.
    var issuing: RefreshRequest?

    private var tasks: [Int: RunningLoad] = [:]
    private let headerRecord = ControlRecord()
    private let footerRecord = ControlRecord()
    private var shownPlaceholder: (list: ObjectIdentifier, failure: RefreshFailure?)?
    private var isRendering = false
    private var renderAgain = false
    /// Identifies the newest scheduled re-check; an older one that runs finds a newer one pending and does nothing.
    private var recheckToken: UInt = 0

    deinit {
        for running in tasks.values {
            running.task.cancel()
        }
    }

    private struct RunningLoad {
        let request: RefreshRequest
        let task: Task<Void, Never>
    }

    /// Creates a runtime for the given sources.
    /// - Parameter sources: The sources' states and policy.
    public nonisolated init(_ sources: RefreshSources<Item>) {
        var state = sources
        state.adopt(origin: .random(in: 1 ... .max))
        self.state = state
    }

    /// Creates a runtime for one source per state.
    /// - Parameters:
    ///   - states: One state per source (tab), in order; at least one.
    ///   - policy: Paging and conflict rules.
    public nonisolated convenience init(_ states: [RefreshState<Item>], policy: RefreshPolicy = RefreshPolicy()) {
        self.init(RefreshSources(states, policy: policy))
    }

    /// Creates a runtime whose sources each start unloaded, one per end-of-list text.
    /// - Parameters:
    ///   - noMoreTitles: Each source's footer text at the end of its list; at least one.
    ///   - policy: Paging and conflict rules.
    public nonisolated convenience init(noMoreTitles: [String], policy: RefreshPolicy = RefreshPolicy()) {
        self.init(RefreshSources(noMoreTitles: noMoreTitles, policy: policy))
    }

    /// The page state of every source.
    ///
    /// Reading it gives a copy. Setting an edited copy (a changed end-of-list text, policy, or an
    /// added source) keeps the loads in flight; setting any other value replaces the state: every
    /// load of the old state is cancelled and its answer discarded, the controls and placeholder are
    /// drawn from the new state, and a list already on screen loads its first page again.
    public var sources: RefreshSources<Item> {
        get { state }
        set {
            if newValue.isEditedCopy(of: state) {
                state = newValue
                cancelTasksNoLongerInFlight()
                render()
            } else {
                replace(with: newValue)
            }
        }
    }

    /// Turns an error a loader threw into the words a user reads in ``RefreshFailure/message``.
    ///
    /// The default is `String(describing:)`, which reads well for your own error types. With
    /// Foundation, `{ $0.localizedDescription }` reads well for `URLError` and other system errors.
    public var describeError: @MainActor (any Error) -> String = { String(describing: $0) }

    /// The state of one source. An out-of-range index stops with a message saying what to fix.
    /// - Parameter source: The source's index.
    public subscript(source: Int) -> RefreshState<Item> {
        state[source]
    }

    /// The number of sources.
    public var count: Int { state.count }

    /// Paging and conflict rules shared by every source.
    public var policy: RefreshPolicy {
        get { state.policy }
        set { state.policy = newValue }
    }

    /// The current source: the host's own index when it keeps one.
    var currentIndex: Int {
        get { host?.currentIndex ?? storedIndex }
        set {
            if host?.setCurrentIndex(newValue) != true {
                storedIndex = newValue
            }
        }
    }

    // MARK: Front doors

    /// Makes `host` the owner of this runtime unless it already is.
    func attach(_ object: AnyObject, makeHost: () -> RefreshRuntimeHost<Item>) {
        if let host, host.represents(object) {
            return
        }
        require(
            host?.isAlive != true,
            "This RefreshRuntime already belongs to another \(host.map { "\(type(of: $0))" } ?? "list"); give every list (\(type(of: object))) its own RefreshRuntime."
        )
        host = makeHost()
    }

    /// Draws the screen and loads the current source's first page if it never loaded.
    func setUp() {
        isSetUp = true
        render()
        loadFirstPageIfNeeded()
    }

    /// Asks the state machine for a load and carries out its decision: cancels the load it
    /// supersedes, draws the screen, and hands the request to the host.
    @discardableResult
    func startLoad(_ kind: RefreshRequest.Kind, source: Int) -> RefreshBegin {
        let outcome = state.begin(kind, source: source)
        guard case .started(let request, let superseded) = outcome else {
            render()
            return outcome
        }
        if let superseded {
            cancelTask(of: superseded)
        }
        render()
        // A control that called back while being drawn may have superseded the request.
        guard state.isInFlight(request) else { return outcome }
        let outer = issuing
        issuing = request
        host?.start(request, on: self)
        issuing = outer
        return outcome
    }

    /// A control's action: a load when a user (or the app, through the control) began the control,
    /// nothing when it is the late callback of a `beginRefreshing()` the library sent
    /// (see <doc:Rules#Control-actions-and-echoes>).
    func controlAction(_ role: RefreshControlRole) {
        let index = currentIndex
        state.checkSource(index, in: "currentIndex")
        let source = state[index]
        let kind: RefreshRequest.Kind
        let record: ControlRecord
        let control: AnyObject?
        let isRefreshing: Bool
        switch role {
        case .header:
            let header = host?.header
            kind = .refresh
            record = headerRecord
            control = header
            isRefreshing = header?.isRefreshing ?? true
        case .footer:
            let footer = host?.footer
            kind = .loadMore
            record = footerRecord
            control = footer
            isRefreshing = footer?.isRefreshing ?? true
        }
        if control != nil {
            record.track(control)
            let ownLoadRunning = source.inFlight?.kind == kind && record.shown == .refreshing
            // Our own begin's callback, a callback after we ended the control (at once, or with the
            // end still queued), or a second callback for a load already running: not a request.
            if ownLoadRunning || !isRefreshing || record.endPending {
                return
            }
        }
        if case .ignored = startLoad(kind, source: index) {
            record.releasePull = true
            render()
        }
    }

    /// Makes another source current, draws it, and loads its first page if it never loaded.
    func switchSource(to index: Int) {
        state.checkSource(index, in: "switchSource(to:)")
        currentIndex = index
        host?.didUpdate(
            RefreshUpdate(request: nil, source: index, change: .switchedSource, noMoreData: state[index].noMoreData),
            on: self
        )
        render()
        loadFirstPageIfNeeded()
    }

    /// Loads the current source's first page if it never loaded, nothing is in flight, and its last
    /// load did not fail (a failed first load shows a placeholder whose action retries); a cancelled
    /// one loads again.
    func loadFirstPageIfNeeded() {
        let index = currentIndex
        state.checkSource(index, in: "currentIndex")
        let source = state[index]
        guard !source.hasLoaded, !source.isLoading else { return }
        if let failure = source.failure, failure.reason != .cancelled {
            return
        }
        startLoad(.refresh, source: index)
    }

    // MARK: Loads

    /// Runs a loader for a request in a task that a superseding request cancels, and reports the
    /// result to the host; a result whose request is no longer in flight is discarded.
    func run(_ request: RefreshRequest, loader: @escaping @MainActor () async throws -> RefreshPage<Item>) {
        let task = Task { [weak self] in
            let result: Result<RefreshPage<Item>, any Error>
            do {
                result = .success(try await loader())
            } catch {
                result = .failure(error)
            }
            self?.deliver(result, for: request)
        }
        tasks[request.source] = RunningLoad(request: request, task: task)
    }

    private func deliver(_ result: Result<RefreshPage<Item>, any Error>, for request: RefreshRequest) {
        if tasks[request.source]?.request == request {
            tasks[request.source] = nil
        }
        guard state.isInFlight(request) else {
            host?.didDiscard(request)
            return
        }
        switch result {
        case .success(let page):
            if let host {
                host.succeeded(page, for: request, on: self)
            } else {
                applySuccess(page, for: request)
            }
        case .failure(let error):
            if let host {
                host.failed(error, for: request, on: self)
            } else {
                applyFailure(error, for: request)
            }
        }
    }

    /// Applies a page through the state machine and carries out what it decided.
    @discardableResult
    func applySuccess(_ page: RefreshPage<Item>, for request: RefreshRequest) -> RefreshSettlement {
        let settlement = state.succeed(request, with: page)
        settle(settlement)
        return settlement
    }

    /// Records a failure through the state machine and carries out what it decided.
    @discardableResult
    func applyFailure(_ error: any Error, for request: RefreshRequest) -> RefreshSettlement {
        let settlement =
            state.isInFlight(request)
            ? state.fail(request, error: error, describedAs: describeError(error))
            : .discarded(request)
        settle(settlement)
        return settlement
    }

    /// Cancels a source's load, records a cancellation, and draws the screen.
    func cancelLoading(source: Int) {
        state.checkSource(source, in: "cancelLoading(source:)")
        if let running = tasks.removeValue(forKey: source) {
            running.task.cancel()
        }
        guard let settlement = state.cancel(source: source) else { return }
        settle(settlement)
    }

    private func settle(_ settlement: RefreshSettlement) {
        switch settlement {
        case .applied(let update):
            forgetTask(of: update.request)
            host?.didUpdate(update, on: self)
        case .failed(let failure):
            forgetTask(of: failure.request)
            host?.presentFailure(failure, on: self)
        case .discarded(let request):
            host?.didDiscard(request)
            return
        }
        render()
    }

    private func forgetTask(of request: RefreshRequest?) {
        guard let request, tasks[request.source]?.request == request else { return }
        tasks[request.source] = nil
    }

    private func cancelTask(of request: RefreshRequest) {
        guard tasks[request.source]?.request == request else { return }
        tasks.removeValue(forKey: request.source)?.task.cancel()
    }

    private func cancelTasksNoLongerInFlight() {
        for (source, running) in tasks where !state.isInFlight(running.request) {
            tasks[source] = nil
            running.task.cancel()
        }
    }

    private func replace(with newValue: RefreshSources<Item>) {
        var next = newValue
        next.adopt(origin: .random(in: 1 ... .max))
        state = next
        cancelTasksNoLongerInFlight()
        let index = currentIndex
        state.checkSource(index, in: "currentIndex")
        host?.didUpdate(
            RefreshUpdate(request: nil, source: index, change: .reset, noMoreData: state[index].noMoreData),
            on: self
        )
        render()
        if isSetUp {
            loadFirstPageIfNeeded()
        }
    }

    // MARK: Drawing

    /// Drives header, footer and placeholder to what the current source's state calls for.
    ///
    /// A render asked for while one runs (a placeholder's retry tapped from inside
    /// `showFailurePlaceholder`, a control's action sent from `beginRefreshing()`) runs after it,
    /// from the state as it is then. When a control may not show the wanted state yet (MJRefresh
    /// applies commands on the main queue's next turn), one more render runs on the main actor then.
    func render() {
        draw(allowingRecheck: true)
    }

    private func draw(allowingRecheck: Bool) {
        if isRendering {
            renderAgain = true
            return
        }
        isRendering = true
        defer { isRendering = false }
        var lags = false
        var passes = 0
        repeat {
            renderAgain = false
            lags = drawOnce()
            passes += 1
        } while renderAgain && passes < 16
        if allowingRecheck, lags {
            // Scheduled after this draw's commands, so it runs once the controls applied them.
            recheckToken &+= 1
            let token = recheckToken
            Task { [weak self] in
                guard let self, self.recheckToken == token else { return }
                self.draw(allowingRecheck: false)
            }
        }
    }

    /// One pass; returns whether a control may not show its wanted state yet.
    private func drawOnce() -> Bool {
        let index = currentIndex
        state.checkSource(index, in: "currentIndex")
        let appearance = RefreshAppearance(state: state[index])
        let footerLags = ControlDriver.drive(host?.footer, record: footerRecord, to: appearance)
        let headerLags = ControlDriver.drive(host?.header, record: headerRecord, to: appearance.header)
        drawPlaceholder(appearance.placeholder, source: index)
        host?.didRender(appearance)
        return footerLags || headerLags
    }

    private func drawPlaceholder(_ placeholder: RefreshFailure?, source: Int) {
        guard let listView = host?.listView else {
            shownPlaceholder = nil
            return
        }
        let id = ObjectIdentifier(listView)
        if let shown = shownPlaceholder, shown.list == id, shown.failure == placeholder {
            return
        }
        let known = shownPlaceholder?.list == id
        // Recorded before the call: a retry tapped from inside it renders from this record.
        shownPlaceholder = (id, placeholder)
        if let placeholder {
            listView.showFailurePlaceholder(placeholder) { [weak self] in
                self?.startLoad(.refresh, source: source)
            }
        } else if known {
            listView.hideFailurePlaceholder()
        }
    }
}

extension RefreshRuntime: ExpressibleByArrayLiteral {
    /// Creates a runtime from a literal list of states, with the default policy.
    /// - Parameter elements: One state per source.
    public nonisolated convenience init(arrayLiteral elements: RefreshState<Item>...) {
        self.init(RefreshSources(elements))
    }
}
