/// Retrying a failed load with bounded exponential backoff before the failure is shown.
///
/// Set it on a list's runtime (``RefreshRuntime/retry``). A load the runtime runs (an
/// ``AsyncRefreshable`` adopter's ``AsyncRefreshable/loadPage(_:)``, a ``RefreshListModel``'s
/// loader) that throws is asked again, up to ``maxRetries`` times, after `initialDelay × 2ⁿ` capped
/// at `maxDelay` (1 s, 2 s, 4 s by default). Meanwhile the load stays in flight: the control keeps
/// refreshing and nothing about the failure is shown; only the last attempt's failure is. Any newer
/// load of the source (a pull that supersedes it, ``Refreshable/cancelLoading(source:)``, a
/// replaced state) cancels the wait, and ``RefreshRuntime/retryNow()`` ends it at once. Nothing
/// waits while the list is offline (``RefreshRuntime/setOnline(_:)``): going offline ends the wait
/// with the offline failure, and coming back online asks again.
///
/// A cancellation (`CancellationError`) is never retried, and neither is an answer the state
/// machine refuses (a hostile page): asking again would get the same answer. Callback-style
/// adopters report their own results, so the runtime cannot ask again for them; they retry in
/// ``Refreshable/refreshData(isRefresh:)`` if they want to.
///
/// ```swift
/// refreshStatus.retry = RefreshRetry()                                   // 3 retries: 1 s, 2 s, 4 s
/// refreshStatus.retry = RefreshRetry(maxRetries: 5, clock: testClock)    // in tests, virtual time
/// ```
public struct RefreshRetry: Sendable {
    /// How many times a failed load is asked again before its failure is shown.
    public let maxRetries: Int
    /// Waits before retry `n` (0 for the first), on the retry's clock.
    let wait: @Sendable (_ retry: Int) async throws -> Void

    /// Creates a retry policy whose waits run on `clock`.
    ///
    /// - Parameters:
    ///   - maxRetries: How many times a failed load is asked again; 3 by default, zero or more.
    ///   - initialDelay: The wait before the first retry; 1 second by default, zero or more.
    ///   - maxDelay: The longest wait; 30 seconds by default, at least `initialDelay`.
    ///   - clock: The clock the waits run on: `ContinuousClock()` in an app, a clock you advance in
    ///     tests (such as `TestClock` from `RefreshableTesting`).
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public init<C: Clock>(
        maxRetries: Int = 3,
        initialDelay: Duration = .seconds(1),
        maxDelay: Duration = .seconds(30),
        clock: C
    ) where C.Duration == Duration {
        require(maxRetries >= 0, "RefreshRetry(maxRetries: \(maxRetries)): the retry count must be zero or more.")
        require(
            initialDelay >= .zero && maxDelay >= initialDelay,
            "RefreshRetry(initialDelay: \(initialDelay), maxDelay: \(maxDelay)): the delays must be zero or more, "
                + "and maxDelay at least initialDelay."
        )
        self.maxRetries = maxRetries
        wait = { retry in
            try await clock.sleep(
                for: Self.delay(beforeRetry: retry, initialDelay: initialDelay, maxDelay: maxDelay),
                tolerance: nil
            )
        }
    }

    /// Creates a retry policy whose waits run on the system's continuous clock.
    ///
    /// - Parameters:
    ///   - maxRetries: How many times a failed load is asked again; 3 by default, zero or more.
    ///   - initialDelay: The wait before the first retry; 1 second by default, zero or more.
    ///   - maxDelay: The longest wait; 30 seconds by default, at least `initialDelay`.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public init(maxRetries: Int = 3, initialDelay: Duration = .seconds(1), maxDelay: Duration = .seconds(30)) {
        self.init(maxRetries: maxRetries, initialDelay: initialDelay, maxDelay: maxDelay, clock: ContinuousClock())
    }

    /// The wait before retry `retry` (0 for the first): `initialDelay × 2^retry`, at most `maxDelay`.
    /// Never overflows, however many retries.
    ///
    /// - Parameters:
    ///   - retry: Which retry, from 0.
    ///   - initialDelay: The wait before the first retry.
    ///   - maxDelay: The longest wait.
    /// - Returns: The wait.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public static func delay(beforeRetry retry: Int, initialDelay: Duration, maxDelay: Duration) -> Duration {
        var delay = min(initialDelay, maxDelay)
        var doublings = 0
        while (doublings < retry) && (delay > .zero) && (delay < maxDelay) {
            // Halving the cap rather than doubling the delay: no product can overflow.
            delay = delay > maxDelay / 2 ? maxDelay : delay * 2
            doublings += 1
        }
        return delay
    }
}
