/// A small observable holding the current ``RefreshStatus``, like an RxSwift `BehaviorRelay` or a
/// Combine `CurrentValueSubject`, without either.
///
/// Set ``value`` (or call ``send(_:)``) from the view model; observe with ``subscribe(_:)`` or
/// iterate ``values``. Like a behaviour subject, a new observer first receives the current value.
/// Because statuses are changes, the relay also keeps what they add up to, ``appearance``, which
/// ``OutputRefreshProtocol/autoSetRefreshHeaderStatus(header:footer:)`` drives a newly subscribed
/// control to.
///
/// Statuses reach observers in the order they were set, also when an observer sets one while it
/// is being notified; an observer added meanwhile first receives the status being delivered, then
/// every later one.
///
/// ```swift
/// let relay = RefreshStatusRelay()
/// let subscription = relay.subscribe { print($0) }   // prints none
/// relay.value = .beginHeaderRefresh                     // prints beginHeaderRefresh
/// subscription.cancel()
/// ```
@MainActor
public final class RefreshStatusRelay {
    // The delivery path reads and writes these between calls into observers, never across one, so
    // the runtime's exclusivity checks would only cost time on every status.
    @exclusivity(unchecked) private var observers: [RefreshObservation] = []
    @exclusivity(unchecked) private var continuations: [UInt64: AsyncStream<RefreshStatus>.Continuation] = [:] {
        didSet { streamCount = continuations.count }
    }
    /// How many streams of ``values`` are open, read on every status without touching the dictionary.
    @exclusivity(unchecked) private var streamCount = 0
    private var nextStreamID: UInt64 = 0
    @exclusivity(unchecked) private var undelivered: [RefreshStatus] = []
    @exclusivity(unchecked) private var isDelivering = false
    @exclusivity(unchecked) private var hasCancelledObservers = false
    /// While a runtime publishes: whether the appearance it publishes ends the list, and its title.
    @exclusivity(unchecked) private var isPublishingEnd = false
    @exclusivity(unchecked) private var publishedEndTitle: String?
    /// The status being delivered when it is no longer ``value`` (an observer set a newer one),
    /// which a new observer receives first.
    @exclusivity(unchecked) private var deliveringQueued: RefreshStatus?
    /// Set while ``publish(_:reaching:)`` delivers the statuses of one change: controls are driven
    /// once, to where they lead, when it ends.
    @exclusivity(unchecked) private(set) var isPublishingBatch = false

    /// The status delivered last, or being delivered now: what a new observer receives first.
    fileprivate var delivered: RefreshStatus {
        deliveringQueued ?? value
    }

    /// The current status. Setting it notifies every observer and every stream of ``values``.
    @exclusivity(unchecked) public var value: RefreshStatus {
        willSet {
            // Set by an observer while a status is delivered: remember that status for observers
            // added meanwhile (the outer delivery keeps it; only the first nested set records it).
            if isDelivering, deliveringQueued == nil {
                deliveringQueued = value
            }
        }
        didSet { deliver(value) }
    }

    /// What every status delivered so far adds up to, folded with ``RefreshAppearance/applying(_:)``.
    @exclusivity(unchecked) public private(set) var appearance: RefreshAppearance

    /// Creates a relay.
    /// - Parameter value: The initial status, ``RefreshStatus/none`` by default.
    public nonisolated init(_ value: RefreshStatus = .none) {
        self.value = value
        self.appearance = RefreshAppearance().applying(value)
    }

    /// Publishes a status; the same as setting ``value``.
    /// - Parameter status: The new status.
    public func send(_ status: RefreshStatus) {
        value = status
    }

    /// The number of live observers and streams; a cancelled or released subscription does not count.
    public var observerCount: Int {
        observers.filter { !$0.isCancelled }.count + continuations.count
    }

    /// Calls `handler` with the current value now and with every later value, until the returned
    /// subscription is cancelled or released.
    ///
    /// Keep the subscription: releasing it ends the observation and frees the handler, as Combine's
    /// `AnyCancellable` does.
    /// - Parameter handler: Called on the main actor with each status.
    /// - Returns: The subscription that ends the observation.
    public func subscribe(_ handler: @escaping @MainActor (RefreshStatus) -> Void) -> RefreshSubscription {
        observe(with: HandlerObservation(handler))
    }

    /// Adds `observation`, which receives `nil` now, then each later status, until the returned
    /// subscription is cancelled or released; it reads what they lead to from ``appearance``.
    func observe(with observation: RefreshObservation) -> RefreshSubscription {
        observers.append(observation)
        observation.receive(nil, from: self)
        return RefreshSubscription(observation)
    }

    /// The current value and every later one, as an `AsyncSequence`. The stream ends when the
    /// relay is released; the observation ends when the iterating task stops or is cancelled.
    public var values: AsyncStream<RefreshStatus> {
        let (stream, continuation) = AsyncStream<RefreshStatus>.makeStream()
        let id = nextStreamID
        nextStreamID += 1
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in
                self?.continuations[id] = nil
            }
        }
        continuation.yield(delivered)
        return stream
    }

    /// Publishes the statuses that lead to `target`, then makes `target` the relay's
    /// ``appearance``: observers receive each status, and controls are driven once, to `target`
    /// itself, which carries what statuses cannot (the end-of-list title) and never passes through
    /// a state on the way (a footer that shows a failure is not begun first).
    func publish(_ statuses: [RefreshStatus], reaching target: RefreshAppearance) {
        guard !statuses.isEmpty else { return }
        if case .noMoreData(let title) = target.footer {
            isPublishingEnd = true
            publishedEndTitle = title
        }
        let outer = isPublishingBatch
        isPublishingBatch = true
        for status in statuses {
            value = status
        }
        isPublishingBatch = outer
        isPublishingEnd = false
        publishedEndTitle = nil
        appearance = target
        guard !outer else { return }
        forEachObserver { $0.batchEnded(from: self) }
    }

    /// Tells the observers that the list publishing here refused to start a load of `kind`, which
    /// publishes no status: a user's pull that asked for it ends, rather than spinning until a
    /// status that never comes.
    func loadRefused(_ kind: RefreshRequest.Kind) {
        forEachObserver { $0.loadRefused(RefreshControlRole(kind), from: self) }
    }

    private func deliver(_ status: RefreshStatus) {
        guard !isDelivering else {
            undelivered.append(status)
            return
        }
        isDelivering = true
        defer { isDelivering = false }
        notify(status)
        if !undelivered.isEmpty {
            while !undelivered.isEmpty {
                let queued = undelivered.removeFirst()
                deliveringQueued = queued
                notify(queued)
            }
            deliveringQueued = nil
        }
        if hasCancelledObservers {
            hasCancelledObservers = false
            observers.removeAll { $0.isCancelled }
        }
    }

    private func notify(_ status: RefreshStatus) {
        appearance.apply(status)
        // A published end of the list carries its title, which a status cannot.
        if isPublishingEnd, case .noMoreData = appearance.footer {
            appearance.footer = .noMoreData(title: publishedEndTitle)
        }
        // Over the observers present now: one added meanwhile got this status already.
        forEachObserver { $0.receive(status, from: self) }
        if streamCount > 0 {
            for continuation in continuations.values {
                continuation.yield(status)
            }
        }
    }

    /// Calls `body` with each observer present now that is not cancelled, by index: one added
    /// meanwhile is left out. Checked at each call: an earlier observer may have cancelled this one.
    private func forEachObserver(_ body: (RefreshObservation) -> Void) {
        let count = observers.count
        var index = 0
        while index < count {
            let observation = observers[index]
            if observation.isCancelled {
                hasCancelledObservers = true
            } else {
                body(observation)
            }
            index += 1
        }
    }

    deinit {
        for continuation in continuations.values {
            continuation.finish()
        }
    }
}

/// One observer of a relay: the relay holds it strongly and calls ``receive(_:from:)`` with each
/// status; a cancelled one is skipped and dropped. Subclasses say what observing does.
@MainActor
class RefreshObservation {
    /// Set by ``cancel()``; read by the relay before each call.
    @exclusivity(unchecked) final var isCancelled = false

    nonisolated init() {}

    /// Receives a status, or `nil` for the appearance a new observer starts from; `relay`'s
    /// ``RefreshStatusRelay/appearance`` already includes it.
    func receive(_ status: RefreshStatus?, from relay: RefreshStatusRelay) {}

    /// Ends the observation. Overrides free what they hold and call `super`.
    func cancel() {
        isCancelled = true
    }

    /// Called when the statuses of one change were all delivered (see
    /// ``RefreshStatusRelay/publish(_:reaching:)``), with the relay's appearance at their end.
    func batchEnded(from relay: RefreshStatusRelay) {}

    /// Whether an action of the control in `role` is that control's own callback of a command the
    /// observation sent, rather than a user's pull; `false` for an observation that drives no control.
    /// `judgeAgain` judges the action again once an end the observation sent and the control had
    /// not applied yet applied (see ``ControlRecord/isOwnCallback(isRefreshing:loadRunning:judgeAgain:)``).
    func isOwnCallback(of role: RefreshControlRole, judgeAgain: @escaping @MainActor () -> Void) -> Bool { false }

    /// Called when a user's pull of the control in `role` is handed on to the load it asks for,
    /// before that load is asked for: the control keeps refreshing until a status ends it, or
    /// until ``loadRefused(_:from:)`` says the load was not started. Nothing for an observation
    /// that drives no control.
    func pullHandedOn(of role: RefreshControlRole) {}

    /// Called when the list publishing to `relay` refused to start a load of the control in
    /// `role` (one was running already, or there is nothing to load): ends a pull of that control
    /// handed on and not answered yet, which no status will end. Nothing for an observation that
    /// drives no control.
    func loadRefused(_ role: RefreshControlRole, from relay: RefreshStatusRelay) {}
}

/// An observation that calls a closure with each status.
@MainActor
private final class HandlerObservation: RefreshObservation {
    private var handler: (@MainActor (RefreshStatus) -> Void)?

    init(_ handler: @escaping @MainActor (RefreshStatus) -> Void) {
        self.handler = handler
    }

    /// Calls the handler with each status, and first with the status delivered last.
    override func receive(_ status: RefreshStatus?, from relay: RefreshStatusRelay) {
        handler?(status ?? relay.delivered)
    }

    override func cancel() {
        handler = nil
        super.cancel()
    }
}

/// The handle of one observation of a ``RefreshStatusRelay``: cancel it, or release it, to stop.
///
/// The relay holds the observation; the subscription ends it when cancelled or released, which
/// frees the observer's handler and everything the handler captured at once.
@MainActor
public final class RefreshSubscription: Hashable {
    private let observation: RefreshObservation?

    /// Creates a subscription that observes nothing; relays make the real ones.
    public nonisolated init() {
        observation = nil
    }

    init(_ observation: RefreshObservation) {
        self.observation = observation
    }

    /// Whether ``cancel()`` was called.
    public private(set) var isCancelled = false

    /// Ends the observation and frees its handler. Calling it again does nothing.
    public func cancel() {
        isCancelled = true
        observation?.cancel()
    }

    #if compiler(>=6.2)
        // Runs on the main actor: at once when released there (the usual case), else on its next turn.
        isolated deinit {
            observation?.cancel()
        }
    #else
        deinit {
            if let observation {
                Task { @MainActor in observation.cancel() }
            }
        }
    #endif

    /// Wraps the header's action for a list kept in a view model: the returned closure calls `load`
    /// when a user pulled the header (or the app began it), and does nothing when it is the header's
    /// late callback of a `beginRefreshing()` this subscription sent.
    ///
    /// MJRefresh calls a control's action when its begin animation completes, even when the load
    /// ended first; forwarding that callback to the view model would start the load again. Wire the
    /// control's action through the subscription that drives it (see
    /// <doc:Rules#Control-actions-and-echoes>):
    ///
    /// ```swift
    /// subscription = viewModel.output.autoSetRefreshHeaderStatus(header: header, footer: footer)
    /// header.refreshingBlock = subscription?.headerAction { [weak self] in self?.viewModel.refresh() }
    /// footer.refreshingBlock = subscription?.footerAction { [weak self] in self?.viewModel.loadMore() }
    /// ```
    ///
    /// The pulled header keeps refreshing until the view model publishes the end of its load
    /// (``RefreshStatus/endHeaderRefresh`` or ``RefreshStatus/failed(message:)``), whenever that
    /// comes, with or without a ``RefreshStatus/beginHeaderRefresh`` first. A view model that
    /// refuses the pull (a load is running already) publishes that same end status at once. A
    /// ``RefreshRuntime`` that publishes the statuses (``RefreshRuntime/publishStatuses(to:)``)
    /// ends a pull it refuses by itself. Once the subscription is cancelled it drives no control,
    /// and the closure calls `load` for every action.
    /// - Parameter load: What a user's pull of the header starts, such as the view model's refresh.
    /// - Returns: The closure to give the header as its action.
    public func headerAction(_ load: @escaping @MainActor () -> Void) -> @MainActor () -> Void {
        action(of: .header, load)
    }

    /// Wraps the footer's action for a list kept in a view model, as ``headerAction(_:)`` does the
    /// header's: the returned closure calls `load` for a user's pull, and nothing for the footer's
    /// own callback of a `beginRefreshing()` this subscription sent.
    ///
    /// The pulled footer keeps loading until the view model publishes the end of its load:
    /// ``RefreshStatus/endFooterRefresh``, ``RefreshStatus/noMoreData`` or
    /// ``RefreshStatus/failed(message:)``.
    /// - Parameter load: What a user's pull of the footer starts, such as the view model's load-more.
    /// - Returns: The closure to give the footer as its action.
    public func footerAction(_ load: @escaping @MainActor () -> Void) -> @MainActor () -> Void {
        action(of: .footer, load)
    }

    /// Wraps the action of the control that loads previous pages, as ``headerAction(_:)`` does the
    /// header's. The pulled control keeps loading until the view model publishes the end of its
    /// load: ``RefreshStatus/endPreviousLoad``, ``RefreshStatus/noPreviousData`` or
    /// ``RefreshStatus/previousLoadFailed(message:)``.
    /// - Parameter load: What a user's pull of the control starts, such as the view model's
    ///   load of the previous page.
    /// - Returns: The closure to give the control as its action.
    public func previousAction(_ load: @escaping @MainActor () -> Void) -> @MainActor () -> Void {
        action(of: .previous, load)
    }

    private func action(
        of role: RefreshControlRole, _ load: @escaping @MainActor () -> Void
    ) -> @MainActor () -> Void {
        let observation = observation
        @MainActor func act() {
            // Judged again once a queued end applied: a control still refreshing then was pulled.
            if observation?.isOwnCallback(of: role, judgeAgain: act) != true {
                // Noted first: `load` may answer, or be refused, before it returns.
                observation?.pullHandedOn(of: role)
                load()
            }
        }
        return act
    }

    /// Keeps the subscription alive in a set, as Combine's `store(in:)` does.
    /// - Parameter set: The set that owns the subscription.
    public func store(in set: inout Set<RefreshSubscription>) {
        set.insert(self)
    }

    /// Subscriptions are equal only to themselves.
    public nonisolated static func == (lhs: RefreshSubscription, rhs: RefreshSubscription) -> Bool {
        lhs === rhs
    }

    /// Hashes the subscription's identity.
    /// - Parameter hasher: The hasher.
    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
