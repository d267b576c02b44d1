/// A clock whose time moves only when a test advances it, for testing retries without sleeping.
///
/// Give it to `RefreshRetry` and advance it past each wait:
///
/// ```swift
/// let clock = TestClock()
/// controller.refreshStatus.retry = RefreshRetry(maxRetries: 2, clock: clock)
/// // ... the first load fails; the runtime now waits on the clock
/// await clock.waitForSleepers(1)
/// clock.advance(by: .seconds(1))   // the first retry runs
/// ```
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class TestClock: Clock, Sendable {
    /// A point in the clock's time: how far it is from the clock's start.
    public struct Instant: InstantProtocol, Sendable {
        /// The time since the clock's start.
        public var offset: Duration

        /// Creates an instant.
        /// - Parameter offset: The time since the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        /// - Parameter duration: How much later.
        /// - Returns: The instant.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        /// - Parameter other: The later instant.
        /// - Returns: The time between them.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        /// - Parameters:
        ///   - lhs: An instant.
        ///   - rhs: Another instant.
        /// - Returns: Whether `lhs` is earlier.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper: Sendable {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State: Sendable {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID: UInt64 = 0
        /// Tasks in ``waitForSleepers(_:)``: how many sleepers each waits for.
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// Removes and returns the watchers whose count the sleepers reach.
        mutating func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
            let count = sleepers.count
            let satisfied = watchers.filter { $0.count <= count }.map(\.continuation)
            watchers.removeAll { $0.count <= count }
            return satisfied
        }
    }

    private let state = PthreadLocked(State())

    /// Creates a clock at its start.
    public init() {}

    /// The clock's current time; it moves only with ``advance(by:)``.
    public var now: Instant {
        state.withLock { $0.now }
    }

    /// The clock has no resolution limit.
    public var minimumResolution: Duration { .zero }

    /// How many tasks sleep on the clock now.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Suspends until the clock reaches `deadline`, or throws `CancellationError` when the task is
    /// cancelled first.
    /// - Parameters:
    ///   - deadline: The instant to wake at.
    ///   - tolerance: Ignored.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            state.nextID &+= 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Checked under the lock that the cancellation handler takes too: a cancellation
                // either finds the sleeper or is seen here.
                let (outcome, watchers) = state.withLock {
                    state -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
                    if Task.isCancelled {
                        return (.failure(CancellationError()), [])
                    }
                    if deadline <= state.now {
                        return (.success(()), [])
                    }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (nil, state.satisfiedWatchers())
                }
                if let outcome {
                    continuation.resume(with: outcome)
                }
                for watcher in watchers {
                    watcher.resume()
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward and wakes every sleeper whose deadline it reaches.
    /// - Parameter duration: How far; zero or more.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: max(duration, .zero))
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due {
            sleeper.continuation.resume()
        }
    }

    /// Returns once at least `count` tasks sleep on the clock: at once if they do already,
    /// otherwise when enough of them went to sleep.
    /// - Parameter count: How many sleepers to wait for.
    public func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.sleepers.count >= count {
                    return true
                }
                state.watchers.append((count, continuation))
                return false
            }
            if ready {
                continuation.resume()
            }
        }
    }
}
