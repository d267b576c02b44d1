/// Staleness: when each source last refreshed, on a clock the app chooses, and refreshing a list
/// that is older than the app allows (see <doc:Rules#Rules-of-the-features>, rule ST).
extension RefreshRuntime {
    /// Times the loads on `clock`: the ``age(of:)`` of each source and ``refreshIfStale(olderThan:)``
    /// read it. The default is `ContinuousClock()`, which keeps counting while the device sleeps;
    /// in tests, a clock you advance (such as `TestClock` from `RefreshableTesting`).
    ///
    /// Set it before the first load: times read on another clock mean nothing on this one, so
    /// setting a clock forgets when each source refreshed, and every source counts as stale until
    /// it refreshes again.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// model.refreshStatus.setClock(clock)
    /// ```
    /// - Parameter clock: The clock.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public func setClock<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        readClock = {
            let elapsed = start.duration(to: clock.now).components
            return LoadTime(seconds: elapsed.seconds, attoseconds: elapsed.attoseconds)
        }
        refreshedAt = [:]
    }

    /// How long ago the source last refreshed successfully, on the runtime's clock (see
    /// ``setClock(_:)``); `nil` when it never did: it never loaded, its state was replaced since,
    /// or the clock was set since. A load-more or a load of the previous page adds rows but leaves
    /// the age as it was: the rows above are as old as the refresh that brought them.
    /// - Parameter source: The source's index; out of range stops with a message.
    /// - Returns: The time since its last successful refresh.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public func age(of source: Int) -> Duration? {
        state.checkSource(source, in: "age(of:)")
        guard state[source].hasLoaded, let then = refreshedAt[source], let now = readClock?() else { return nil }
        return now.duration - then.duration
    }

    /// Refreshes the current source if it is stale: it never refreshed successfully (see
    /// ``age(of:)``), or its last successful refresh is at least `maxAge` old. A source loading
    /// in either direction is left alone (a load in flight is never interrupted), and so is a list
    /// that no front door uses yet (its first appearance loads it).
    ///
    /// A list that is offline (see ``setOnline(_:)``) starts nothing, but remembers the call for
    /// the source it concerned when that source is stale: coming back online runs it again, so a
    /// list that went stale while the app was away refreshes as soon as it can (a successful
    /// refresh of the source meanwhile forgets it; coming back online runs only the call
    /// remembered for the source on screen then, and forgets the others).
    ///
    /// Its refresh is a refresh as any other: its answer replaces the rows, so a list the user
    /// scrolled three pages down goes back to its first page, and over an empty list a failure
    /// takes the place of the empty state (rule S6 in <doc:Rules#Failures>), though the user asked
    /// for nothing. Called on a timer while the list is on screen (a "new items" check), it would
    /// cut a scrolled list back each time: check only while the first rows are on screen, or
    /// refresh around the position (``RefreshPolicy/refreshesAroundPosition`` with
    /// ``RefreshPolicy/maxPages``).
    ///
    /// Call it when the screen comes back to the foreground:
    ///
    /// ```swift
    /// refreshStatus.refreshIfStale(olderThan: .seconds(5 * 60))
    /// ```
    /// - Parameter maxAge: How old the list may be before it refreshes; `.zero` refreshes any list
    ///   that is not loading.
    /// - Returns: Whether a refresh started.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @discardableResult
    public func refreshIfStale(olderThan maxAge: Duration) -> Bool {
        guard host?.isAlive == true else { return false }
        let index = currentIndex
        state.checkSource(index, in: "currentIndex")
        guard !state[index].isLoading else { return false }
        if let age = age(of: index), age < maxAge {
            return false
        }
        guard !isOffline else {
            // Asked again on reconnect (rule ST): the most demanding limit of the calls refused.
            let limit = maxAge.components
            let earlier = staleCheckOnReconnect[index]?.duration ?? maxAge
            if maxAge <= earlier {
                staleCheckOnReconnect[index] = LoadTime(seconds: limit.seconds, attoseconds: limit.attoseconds)
            }
            return false
        }
        guard case .started = startLoad(.refresh, source: index) else { return false }
        return true
    }

    /// Notes that a refresh of `source` succeeded now, on the runtime's clock (the continuous
    /// clock until the app sets one, where there is one).
    func noteRefreshed(source: Int) {
        if readClock == nil, #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            setClock(ContinuousClock())
        }
        staleCheckOnReconnect[source] = nil
        guard let now = readClock?() else { return }
        refreshedAt[source] = now
    }
}

/// A moment on a runtime's clock: the time since the clock was set, as a `Duration`'s components,
/// so that the runtime can hold it on systems that have no `Duration`.
struct LoadTime: Sendable, Hashable {
    let seconds: Int64
    let attoseconds: Int64

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    var duration: Duration { Duration(secondsComponent: seconds, attosecondsComponent: attoseconds) }
}
