/// A small observable holding the current ``RefreshStatus``: what seed 001 kept in an RxSwift
/// `Variable`, without RxSwift.
///
/// Set ``value`` (or call ``send(_:)``) from the view model; observe with ``subscribe(_:)`` or
/// iterate ``values``. Like a behaviour subject, a new observer first receives the current value.
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
        weak var token: RefreshSubscription?
        let handler: @MainActor (RefreshStatus) -> Void
    }

    private var observers: [ObjectIdentifier: Observer] = [:]
    private var continuations: [UInt64: AsyncStream<RefreshStatus>.Continuation] = [:]
    private var nextStreamID: UInt64 = 0

    /// The current status. Setting it notifies every observer and every stream of ``values``.
    public var value: RefreshStatus {
        didSet { publish(value) }
    }

    /// Creates a relay.
    /// - Parameter value: The initial status, ``RefreshStatus/none`` by default.
    public nonisolated init(_ value: RefreshStatus = .none) {
        self.value = value
    }

    /// Publishes a status; the same as setting ``value``.
    /// - Parameter status: The new status.
    public func send(_ status: RefreshStatus) {
        value = status
    }

    /// The number of live observers and streams; a cancelled or released subscription does not count.
    public var observerCount: Int {
        observers.values.filter { $0.token != nil }.count + continuations.count
    }

    /// Calls `handler` with the current value now and with every later value, until the returned
    /// subscription is cancelled or released.
    ///
    /// Keep the subscription: releasing it ends the observation, as Combine's `AnyCancellable` does.
    /// - Parameter handler: Called on the main actor with each status.
    /// - Returns: The subscription that ends the observation.
    public func subscribe(_ handler: @escaping @MainActor (RefreshStatus) -> Void) -> RefreshSubscription {
        let token = RefreshSubscription()
        let id = ObjectIdentifier(token)
        observers[id] = Observer(token: token, handler: handler)
        token.onCancel = { [weak self] in
            self?.observers[id] = nil
        }
        handler(value)
        return token
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
        continuation.yield(value)
        return stream
    }

    private func publish(_ status: RefreshStatus) {
        for (id, observer) in observers {
            if observer.token == nil {
                observers[id] = nil
            } else {
                observer.handler(status)
            }
        }
        for continuation in continuations.values {
            continuation.yield(status)
        }
    }

    deinit {
        for continuation in continuations.values {
            continuation.finish()
        }
    }
}

/// The handle of one observation of a ``RefreshStatusRelay``: cancel it, or release it, to stop.
@MainActor
public final class RefreshSubscription: Hashable {
    fileprivate var onCancel: (@MainActor () -> Void)?

    /// Creates a subscription that cancels nothing; relays make the real ones.
    public nonisolated init() {}

    /// Whether ``cancel()`` was called.
    public private(set) var isCancelled = false

    /// Ends the observation. Calling it again does nothing.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        onCancel?()
        onCancel = nil
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
