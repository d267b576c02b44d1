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
    private struct Observer {
        weak var subscription: RefreshSubscription?
    }

    private var observers: [Observer] = []
    private var continuations: [UInt64: AsyncStream<RefreshStatus>.Continuation] = [:]
    private var nextStreamID: UInt64 = 0
    private var undelivered: [RefreshStatus] = []
    private var isDelivering = false
    private var hasReleasedObservers = false
    /// The appearance the statuses a runtime is publishing lead to, title included.
    private var pendingTarget: RefreshAppearance?
    /// The status delivered last, or being delivered now: what a new observer receives first.
    private var delivered: RefreshStatus

    /// The current status. Setting it notifies every observer and every stream of ``values``.
    public var value: RefreshStatus {
        didSet { deliver(value) }
    }

    /// What every status delivered so far adds up to, folded with ``RefreshAppearance/applying(_:)``.
    public private(set) var appearance: RefreshAppearance

    /// Creates a relay.
    /// - Parameter value: The initial status, ``RefreshStatus/none`` by default.
    public nonisolated init(_ value: RefreshStatus = .none) {
        self.value = value
        self.delivered = value
        self.appearance = RefreshAppearance().applying(value)
    }

    /// Publishes a status; the same as setting ``value``.
    /// - Parameter status: The new status.
    public func send(_ status: RefreshStatus) {
        value = status
    }

    /// The number of live observers and streams; a cancelled or released subscription does not count.
    public var observerCount: Int {
        observers.filter { $0.subscription?.isCancelled == false }.count + continuations.count
    }

    /// Calls `handler` with the current value now and with every later value, until the returned
    /// subscription is cancelled or released.
    ///
    /// Keep the subscription: releasing it ends the observation and frees the handler, as Combine's
    /// `AnyCancellable` does.
    /// - Parameter handler: Called on the main actor with each status.
    /// - Returns: The subscription that ends the observation.
    public func subscribe(_ handler: @escaping @MainActor (RefreshStatus) -> Void) -> RefreshSubscription {
        let subscription = RefreshSubscription()
        subscription.handler = { status, _ in
            if let status {
                handler(status)
            }
        }
        observers.append(Observer(subscription: subscription))
        handler(delivered)
        return subscription
    }

    /// Calls `handler` with `nil` and ``appearance`` now, then with each later status and the
    /// appearance it leads to, until the returned subscription is cancelled or released.
    func subscribeToAppearance(
        _ handler: @escaping @MainActor (RefreshStatus?, RefreshAppearance) -> Void
    ) -> RefreshSubscription {
        let subscription = RefreshSubscription()
        subscription.handler = handler
        observers.append(Observer(subscription: subscription))
        handler(nil, appearance)
        return subscription
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
    /// ``appearance``: observers receive each status, and controls are driven to `target` itself,
    /// which carries what statuses cannot (the end-of-list title).
    func publish(_ statuses: [RefreshStatus], reaching target: RefreshAppearance) {
        guard !statuses.isEmpty else { return }
        pendingTarget = target
        for status in statuses {
            value = status
        }
        pendingTarget = nil
        appearance = target
    }

    private func deliver(_ status: RefreshStatus) {
        guard !isDelivering else {
            undelivered.append(status)
            return
        }
        isDelivering = true
        defer { isDelivering = false }
        notify(status)
        while !undelivered.isEmpty {
            notify(undelivered.removeFirst())
        }
        if hasReleasedObservers {
            hasReleasedObservers = false
            observers.removeAll { $0.subscription?.isCancelled != false }
        }
    }

    private func notify(_ status: RefreshStatus) {
        delivered = status
        appearance.apply(status)
        // A published end of the list carries its title, which a status cannot.
        if let target = pendingTarget, case .noMoreData = appearance.footer, case .noMoreData = target.footer {
            appearance.footer = target.footer
        }
        // By index, over the observers present now: one added meanwhile got this status already.
        let count = observers.count
        var index = 0
        while index < count {
            // Checked at each call: an earlier observer may have cancelled this one.
            if let subscription = observers[index].subscription, let handler = subscription.handler {
                handler(status, appearance)
            } else {
                hasReleasedObservers = true
            }
            index += 1
        }
        if !continuations.isEmpty {
            for continuation in continuations.values {
                continuation.yield(status)
            }
        }
    }

    deinit {
        for continuation in continuations.values {
            continuation.finish()
        }
    }
}

/// The handle of one observation of a ``RefreshStatusRelay``: cancel it, or release it, to stop.
///
/// The subscription owns the observer's handler and the relay holds the subscription weakly, so
/// releasing it frees the handler and everything the handler captured at once.
@MainActor
public final class RefreshSubscription: Hashable {
    fileprivate var handler: (@MainActor (RefreshStatus?, RefreshAppearance) -> Void)?

    /// Creates a subscription that observes nothing; relays make the real ones.
    public nonisolated init() {}

    /// Whether ``cancel()`` was called.
    public private(set) var isCancelled = false

    /// Ends the observation and frees its handler. Calling it again does nothing.
    public func cancel() {
        isCancelled = true
        handler = nil
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
