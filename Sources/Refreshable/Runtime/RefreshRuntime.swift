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
    /// Whether the state was replaced (a restore) before any front door used the runtime: set-up
    /// then reports the replaced rows, so that the screen shows them on its first frame.
    var resetUnreported = false
    /// The request being handed to the host's `start` (a callback-style adopter's
    /// `refreshData(isRefresh:)`), readable there as ``Refreshable/refreshRequest``. Loads the
    /// runtime runs itself are given their request and never read it.
    var issuing: RefreshRequest?

    /// The loads the runtime runs, one per source and direction.
    var tasks: [LoadSlot: RunningLoad] = [:]
    /// The requests handed to the host and not answered yet that it runs itself (a callback-style
    /// adopter's `refreshData(isRefresh:)`), at most one per source and direction: the host is
    /// told when one is no longer wanted. Each is added as it is handed over and removed when it
    /// settles. An array, not keyed by ``LoadSlot``: a key type nested in this generic class
    /// costs a metadata lookup on every use.
    var handedOver: [RefreshRequest] = []
    let records = ControlRecords()
    var shownPlaceholder: (list: ObjectIdentifier, failure: RefreshFailure?)?
    var isRendering = false
    var renderAgain = false
    /// Identifies the newest scheduled re-check; an older one that runs finds a newer one pending and does nothing.
    var recheckToken: UInt = 0
    /// The relay statuses are published to, and the appearance last published to it.
    var statusOutput: (relay: RefreshStatusRelay, published: RefreshAppearance)?
    /// Whether the app said the list is offline (see ``setOnline(_:)``).
    public private(set) var isOffline = false
    /// Reads the clock loads are timed on (see ``setClock(_:)``); `nil` until one is set or needed.
    var readClock: (() -> LoadTime)?
    /// When each source of the current state last refreshed successfully, on ``readClock``.
    var refreshedAt: [Int: LoadTime] = [:]
    /// The age limit of a ``refreshIfStale(olderThan:)`` refused because the list was offline,
    /// by the source it concerned: coming back online runs it (see ``setOnline(_:)``).
    var staleCheckOnReconnect: [Int: LoadTime] = [:]

    deinit {
        for running in tasks.values {
            running.task.cancel()
        }
    }

    /// Where a load runs: its source, and whether it loads the previous page, which runs beside a
    /// refresh or load-more of the same source.
    struct LoadSlot: Hashable {
        let source: Int
        let isPrevious: Bool

        init(_ request: RefreshRequest) {
            source = request.source
            isPrevious = request.kind == .loadPrevious
        }
    }

    struct RunningLoad {
        let request: RefreshRequest
        let task: Task<Void, Never>
        /// Tells this run from a retry that took over the same request.
        let run: UInt64
        let loader: RefreshRuntimeHost<Item>.PageLoader
        var retriesDone = 0
        var isWaitingToRetry = false
    }

    /// Counts runs, so that each has its own number.
    var runCounter: UInt64 = 0

    /// Creates a runtime for the given sources.
    /// - Parameters:
    ///   - sources: The sources' states and policy.
    ///   - failureMessage: The words a user reads for a failure (see ``failureMessage``); by
    ///     default, ``RefreshFailure/message``.
    public nonisolated init(
        _ sources: RefreshSources<Item>,
        failureMessage: @escaping @MainActor (RefreshFailure) -> String = { $0.message }
    ) {
        var state = sources
        state.adopt(origin: .random(in: 1 ... .max))
        self.state = state
        self.failureMessage = failureMessage
    }

    /// Creates a runtime for one source per state.
    /// - Parameters:
    ///   - states: One state per source (tab), in order; at least one.
    ///   - policy: Paging and conflict rules.
    ///   - identity: How items are told apart, for de-duplication and local edits; `nil` keeps
    ///     every item.
    ///   - failureMessage: The words a user reads for a failure (see ``failureMessage``); by
    ///     default, ``RefreshFailure/message``.
    public nonisolated convenience init(
        _ states: [RefreshState<Item>],
        policy: RefreshPolicy = RefreshPolicy(),
        identity: RefreshItemIdentity<Item>? = nil,
        failureMessage: @escaping @MainActor (RefreshFailure) -> String = { $0.message }
    ) {
        self.init(RefreshSources(states, policy: policy, identity: identity), failureMessage: failureMessage)
    }

    /// Creates a runtime whose sources each start unloaded, one per end-of-list text.
    /// - Parameters:
    ///   - noMoreTitles: Each source's footer text at the end of its list; at least one.
    ///   - policy: Paging and conflict rules.
    ///   - identity: How items are told apart, for de-duplication and local edits; `nil` keeps
    ///     every item.
    ///   - failureMessage: The words a user reads for a failure (see ``failureMessage``); by
    ///     default, ``RefreshFailure/message``.
    public nonisolated convenience init(
        noMoreTitles: [String],
        policy: RefreshPolicy = RefreshPolicy(),
        identity: RefreshItemIdentity<Item>? = nil,
        failureMessage: @escaping @MainActor (RefreshFailure) -> String = { $0.message }
    ) {
        self.init(
            RefreshSources(noMoreTitles: noMoreTitles, policy: policy, identity: identity),
            failureMessage: failureMessage)
    }

    /// The page state of every source.
    ///
    /// Reading it gives a copy. Setting an edited copy (a changed end-of-list text, policy, or an
    /// added source) keeps the loads in flight, except those of a source whose whole state it
    /// replaced; setting any other value replaces the state: every load of the old state is
    /// cancelled and its answer discarded, and when the new value has no source at the current
    /// index, the first source becomes current. Either way the controls and placeholder are drawn
    /// from the new state, a ``RefreshListModel/refresh()`` awaiting a cancelled load returns, and
    /// a list already on screen loads its first page again when the current source's state was
    /// replaced with one that never loaded and shows no failure of its own, whatever the old state
    /// was (loaded, loading, or a first load that failed or was cancelled).
    public var sources: RefreshSources<Item> {
        get { state }
        set {
            if newValue.isEditedCopy(of: state) {
                let index = currentIndex
                let wasStarted = state.indices.contains(index) && (state[index].hasLoaded || state[index].isLoading)
                state = newValue
                cancelTasksNoLongerInFlight()
                render()
                guard isSetUp, state.indices.contains(index), !state[index].hasLoaded else { return }
                // The current source holds a state that never loaded: a new one (nothing failed
                // or was cancelled in it yet), or one put in place of a state that had started.
                // Left alone, the screen would stay blank, with no placeholder to retry from.
                if wasStarted || (state[index].failure == nil && !state[index].wasCancelled) {
                    loadFirstPageIfNeeded()
                }
            } else {
                replace(with: newValue)
            }
        }
    }

    /// Turns a failure into the message a user reads: ``RefreshFailure/message``, on the footer,
    /// the placeholder and the toast. Give it where you make the list (the `failureMessage:`
    /// parameter of each initializer, of ``RefreshListModel``'s too), or set it before the list
    /// first loads.
    ///
    /// It receives the failure as the library words it: a thrown error (its
    /// ``RefreshFailure/underlyingError``, with ``RefreshFailure/Reason/loaderFailed(_:)``), a
    /// server answer the library refused (``RefreshFailure/Reason/invalidResponse(_:)``), loads
    /// that stopped moving the list, or an offline list. The default, ``RefreshFailure/message``,
    /// reads an error's own description (``RefreshFailure/defaultDescription(of:)``); with
    /// Foundation, the glue products' `RefreshFailure.localizedMessage(for:)` reads
    /// `LocalizedError.errorDescription` and the system's words for `URLError` first. Your words
    /// replace the whole message, so it can be localised:
    ///
    /// ```swift
    /// let refreshStatus = RefreshRuntime<Order>(noMoreTitles: ["No more orders"]) { failure in
    ///     failure.reason == .offline ? "离线" : "加载失败，请重试"
    /// }
    /// ```
    ///
    /// A cancellation is no failure and is never described.
    public var failureMessage: @MainActor (RefreshFailure) -> String

    /// The words ``failureMessage`` gives for `error`, thrown by the loader of `request`; `nil`
    /// when they are the default's.
    func failureWords(for error: any Error, of request: RefreshRequest) -> String? {
        let failure = RefreshFailure(wrapping: error, for: request)
        let words = failureMessage(failure)
        return words == failure.message ? nil : words
    }

    /// Retrying loads that throw, with bounded exponential backoff; `nil` (the default) shows a
    /// failure at once. Applies to the loads the runtime runs (async loaders); see ``RefreshRetry``.
    ///
    /// ```swift
    /// refreshStatus.retry = RefreshRetry()   // 3 retries after 1 s, 2 s and 4 s
    /// ```
    public var retry: RefreshRetry?

    /// Asks again for everything that failed: ends every wait for a retry at once and asks again,
    /// and loads again each direction of the current source whose last load failed and that is
    /// not loading: call it from a "Retry" button. Telling the list the network came back with
    /// ``setOnline(_:)`` does the same for every source. While offline, nothing waits for a retry,
    /// and the failed directions fail again at once.
    ///
    /// At the end of the list, a failed refresh is asked again (until a refresh succeeds, whatever
    /// loaded or failed since), else a failed load-more (``RefreshState/loadMoreFailure``); at
    /// the start, a failed load of the previous page (``RefreshState/loadPreviousFailure``), beside
    /// the load-more. So after a failed load-more and a failed load of the previous page, one call
    /// asks again for both. A refresh asked again loads the first page, and the previous page's
    /// failure is left to it. A cancelled load records nothing, so it is not asked again (what
    /// failed before it still is), and a load in flight is never interrupted (see rule R in
    /// <doc:Rules#Rules-of-the-features>).
    /// - Returns: Whether a load started.
    @discardableResult
    public func retryNow() -> Bool {
        let index = currentIndex
        state.checkSource(index, in: "currentIndex")
        let retried = retryWaiting()
        let loaded = loadAgain(sources: [index])
        return retried || loaded
    }

    /// Ends every wait for a retry at once and asks again. Returns whether one waited.
    private func retryWaiting() -> Bool {
        let waiting = tasks.values.filter(\.isWaitingToRetry)
        for load in waiting {
            load.task.cancel()
            run(load.request, loader: load.loader, retriesDone: load.retriesDone + 1)
        }
        return !waiting.isEmpty
    }

    /// Loads again each direction of `sources` whose last load failed and that is not loading.
    /// Returns whether a load started.
    @discardableResult
    private func loadAgain(sources: some Sequence<Int>) -> Bool {
        var started = false
        for index in sources {
            for kind in kindsToLoadAgain(source: index) {
                if case .started = startLoad(kind, source: index) {
                    started = true
                }
            }
        }
        return started
    }

    /// Tells the list whether the device is online, as the app learns it (`NWPathMonitor`, a
    /// failed request's `URLError.notConnectedToInternet`).
    ///
    /// While offline, a load that starts (a pull, a load-more, a first appearance) fails at once
    /// with ``RefreshFailure/Reason/offline``, without asking the loader, and shows as any failure
    /// does: the items stay. A load in flight goes on, but nothing waits for a retry
    /// (``retry``): going offline ends every wait with the offline failure, shown at once (a pull
    /// stops spinning and says "You are offline"), and a load that fails offline shows its
    /// failure at once. ``refreshIfStale(olderThan:)`` starts nothing but is remembered. Coming
    /// back online first runs the remembered ``refreshIfStale(olderThan:)`` of the current source
    /// (a list that went stale while offline refreshes, as TanStack Query's `refetchOnReconnect`
    /// does, unless a refresh succeeded meanwhile), then asks again for everything that failed,
    /// in every source: each failed direction that is not loading loads again, a tab whose first
    /// load failed included (see rules ST and O in <doc:Rules#Rules-of-the-features>).
    ///
    /// ```swift
    /// refreshStatus.setOnline(path.status == .satisfied)
    /// ```
    /// - Parameter isOnline: Whether the device can reach the server.
    public func setOnline(_ isOnline: Bool) {
        guard isOnline == isOffline else { return }
        isOffline = !isOnline
        guard isOnline else {
            failWaitingOffline()
            return
        }
        let staleCheck = staleCheckOnReconnect[currentIndex]
        staleCheckOnReconnect = [:]
        if let staleCheck, #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            refreshIfStale(olderThan: staleCheck.duration)
        }
        loadAgain(sources: state.indices)
    }

    /// Ends every wait for a retry with the offline failure, source by source, the load of the
    /// previous page after the other one: the list just went offline.
    private func failWaitingOffline() {
        let waiting = tasks.values.filter(\.isWaitingToRetry).map(\.request).sorted {
            ($0.source, $0.kind == .loadPrevious ? 1 : 0) < ($1.source, $1.kind == .loadPrevious ? 1 : 0)
        }
        cancelTasks(of: waiting)
        for request in waiting {
            applyFailure(RefreshFailure(request: request, reason: .offline), for: request)
        }
    }

    /// Publishes the screen's state to a view model's output as ``RefreshStatus`` values, so the
    /// controller's ``OutputRefreshProtocol/autoSetRefreshHeaderStatus(header:footer:)`` drives its
    /// controls without a hand-written status, the end-of-list title included.
    ///
    /// ```swift
    /// refreshStatus.publishStatuses(to: output.refreshStatus)
    /// ```
    /// - Parameter relay: The output's relay; held strongly until ``stopPublishingStatuses()``.
    public func publishStatuses(to relay: RefreshStatusRelay) {
        statusOutput = (relay, relay.appearance)
        render(allowingRecheck: false)
    }

    /// Stops publishing statuses to the relay given to ``publishStatuses(to:)``.
    public func stopPublishingStatuses() {
        statusOutput = nil
    }

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

    /// How items are told apart, for de-duplication and local edits by id (see
    /// ``RefreshSources/identity``).
    public var identity: RefreshItemIdentity<Item>? {
        get { state.identity }
        set { state.identity = newValue }
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

    /// Reports a state replaced before a front door used the runtime (a restore before set-up),
    /// draws the screen, and loads the current source's first page if it never loaded (or
    /// refreshes a restored one).
    func setUp() {
        isSetUp = true
        if resetUnreported {
            resetUnreported = false
            reportReset()
        }
        render()
        loadFirstPageIfNeeded()
    }

    /// Tells the host that the current source's items were replaced as a whole.
    func reportReset() {
        let index = currentIndex
        host?.didUpdate(
            RefreshUpdate(request: nil, source: index, change: .reset, noMoreData: state[index].noMoreData),
            on: self
        )
    }

    /// Asks the state machine for a load and carries out its decision: cancels the load it
    /// supersedes, draws the screen, and hands the request to the host.
    @discardableResult
    func startLoad(_ kind: RefreshRequest.Kind, source: Int) -> RefreshBegin {
        let (outcome, superseded) = state.start(kind, source: source)
        guard case .started(let request, _) = outcome else {
            render()
            // A refused load publishes no status: a view model's control pulled for it ends.
            statusOutput?.relay.loadRefused(kind)
            return outcome
        }
        // A refresh may supersede a load-more and a load of the previous page at once.
        cancelTasks(of: superseded)
        render()
        // A control that called back while being drawn may have superseded the request.
        guard state.isInFlight(request) else { return outcome }
        if isOffline {
            // Fails at once, as a cache that answers inside the call would: nobody is asked.
            applyFailure(RefreshFailure(request: request, reason: .offline), for: request)
            return outcome
        }
        if let loader = host?.loader(for: request) {
            // Out once, with the request; the result comes back to `deliver`, and nothing is handed
            // over: the runtime cancels the task itself.
            run(request, loader: loader)
            return outcome
        }
        // Handed over until it settles: the host is told when it is no longer wanted.
        handedOver.append(request)
        let outer = issuing
        issuing = request
        host?.start(request)
        issuing = outer
        return outcome
    }

    /// A control's action: a load when a user (or the app, through the control) began the control,
    /// nothing when it is the late callback of a `beginRefreshing()` the library sent
    /// (see <doc:Rules#Control-actions-and-echoes>).
    func controlAction(_ role: RefreshControlRole) {
        let index = currentIndex
        state.checkSource(index, in: "currentIndex")
        let kind = role.kind
        if let (record, isRefreshing) = records.tracked(role, in: host?.controls ?? Controls()),
            record.isOwnCallback(
                isRefreshing: isRefreshing, loadRunning: state[index].edges[kind.edge].inFlight?.kind == kind,
                // Judged again once a queued end applied: a control still refreshing then was pulled.
                judgeAgain: { [weak self] in self?.controlAction(role) })
        {
            return
        }
        if case .ignored = startLoad(kind, source: index) {
            records[role].releasePull = true
            render()
        }
    }

    /// Makes another source current, draws it, and loads its first page if it never loaded, or if
    /// its first load failed.
    func switchSource(to index: Int) {
        state.checkSource(index, in: "switchSource(to:)")
        currentIndex = index
        host?.didUpdate(
            RefreshUpdate(request: nil, source: index, change: .switchedSource, noMoreData: state[index].noMoreData),
            on: self
        )
        render()
        let source = state[index]
        if !source.hasLoaded, !source.isLoading, source.failure != nil {
            // A tab whose first load failed (offline, say) is shown again: it asks again.
            startLoad(.refresh, source: index)
        } else {
            loadFirstPageIfNeeded()
        }
    }

    /// Loads the current source's first page if it never loaded, nothing is in flight, and no load
    /// of it failed (a failed first load shows a placeholder whose action retries); a cancelled one
    /// recorded nothing and loads again. Refreshes a source restored from a snapshot that no
    /// refresh started for yet, its rows on screen meanwhile, unless the policy keeps it for its
    /// age (``RefreshPolicy/refreshesRestoredList``).
    func loadFirstPageIfNeeded() {
        let index = currentIndex
        state.checkSource(index, in: "currentIndex")
        let source = state[index]
        guard !source.isLoading, source.isRestored || (!source.hasLoaded && source.failure == nil) else { return }
        if source.isRestored, isYoungEnoughToKeep(source: index) {
            state.keepRestoredRows(source: index)
            return
        }
        startLoad(.refresh, source: index)
    }
}

extension RefreshRuntime: ExpressibleByArrayLiteral {
    /// Creates a runtime from a literal list of states, with the default policy.
    /// - Parameter elements: One state per source.
    public nonisolated convenience init(arrayLiteral elements: RefreshState<Item>...) {
        self.init(RefreshSources(elements))
    }
}
