/// Saving the list to a ``RefreshSnapshot`` and restoring it (see <doc:SavingAndRestoringAList>),
/// and resetting it for a new query.
extension RefreshRuntime {
    /// A snapshot of every source: its items and paging position, nothing in flight and no
    /// failure. Encode it with the encoder your app uses and keep it where it chooses.
    /// - Returns: The snapshot.
    public func snapshot() -> RefreshSnapshot<Item> {
        state.snapshot()
    }

    /// Puts a saved list back: the rows show at once, and the list refreshes in the background
    /// when it first appears.
    ///
    /// Restoring replaces the state (see <doc:Rules#Replacing-the-state>): every load of the old
    /// state is cancelled and its answer discarded, the controls and placeholder are drawn from
    /// the restored state, and no load runs until the list appears. The list's
    /// ``Refreshable/refreshDidUpdate(_:)`` hears of the restored rows once, as a
    /// ``RefreshUpdate/Change/reset``: at once when its front door already used the runtime (a
    /// list set up, a list model), else when it is set up, before its refresh starts, so that a
    /// diffable data source shows them on the first frame. Each source that had loaded
    /// is ``RefreshState/isRestored`` and stale (it has no ``age(of:)``, so
    /// ``refreshIfStale(olderThan:)`` refreshes it; ``restore(from:wallClock:)`` keeps its age
    /// instead, and ``RefreshPolicy/refreshesRestoredList`` may keep a young one): the first appearance of the list (or of
    /// that source, on switching to it) refreshes it, with its rows on screen meanwhile, around
    /// the saved position under ``RefreshPolicy/refreshesAroundPosition``. A list already on
    /// screen refreshes the current source at once. The policy, the identity and the
    /// end-of-list texts stay the list's own.
    ///
    /// A snapshot of another format, another number of sources, another paging or first page, or
    /// a damaged one is refused: the list is left empty and unloaded, as a new list is (a list on
    /// screen loads its first page), and the error says why.
    ///
    /// ```swift
    /// if let data = try? Data(contentsOf: url),
    ///     let saved = try? JSONDecoder().decode(RefreshSnapshot<Order>.self, from: data) {
    ///     try? refreshStatus.restore(from: saved)
    /// }
    /// ```
    /// - Parameter snapshot: A snapshot taken with ``snapshot()``, possibly decoded from storage.
    /// - Throws: ``RefreshSnapshotError``.
    public func restore(from snapshot: RefreshSnapshot<Item>) throws(RefreshSnapshotError) {
        try restore(from: snapshot, wallClock: nil)
    }

    /// A snapshot of every source, as ``snapshot()`` takes, that also keeps when each source last
    /// refreshed, so that a restored list can keep its age (see
    /// ``RefreshPolicy/refreshesRestoredList``).
    ///
    /// The runtime's clock (``setClock(_:)``) counts from the app's launch and its moments mean
    /// nothing after a relaunch; a wall clock's do. The snapshot keeps, for each source with an
    /// ``age(of:)``, the moment of its last refresh on the wall clock you give: `wallClock` less
    /// the age.
    ///
    /// ```swift
    /// let saved = refreshStatus.snapshot(wallClock: Date().timeIntervalSince1970)
    /// ```
    /// - Parameter wallClock: Now, in seconds on a clock that survives a relaunch, such as
    ///   `Date().timeIntervalSince1970`; give the same clock to ``restore(from:wallClock:)``.
    /// - Returns: The snapshot.
    public func snapshot(wallClock: Double) -> RefreshSnapshot<Item> {
        var saved = state.snapshot()
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return saved }
        for source in saved.sources.indices {
            guard let age = age(of: source) else { continue }
            let refreshedAt = wallClock - (Double(age.components.seconds) + Double(age.components.attoseconds) * 1e-18)
            // A wall clock that is no number is kept as no age, never written as one.
            saved.sources[source].refreshedAt = refreshedAt.isFinite ? refreshedAt : nil
        }
        return saved
    }

    /// Puts a saved list back, as ``restore(from:)`` does, keeping the age of each source saved
    /// with ``snapshot(wallClock:)``: the time from its last refresh to `wallClock`. Each such
    /// source counts as that old (``age(of:)``), and a young one need not refresh on its first
    /// appearance (``RefreshPolicy/refreshesRestoredList``).
    ///
    /// A source saved without a time (a snapshot from ``snapshot()``, or from an earlier version),
    /// or whose time is after `wallClock` (the wall clock was set back) or absurdly far before it,
    /// has no age: it is stale, as with ``restore(from:)``. Set the runtime's clock
    /// (``setClock(_:)``) before restoring: setting it forgets every age.
    ///
    /// ```swift
    /// try? refreshStatus.restore(from: saved, wallClock: Date().timeIntervalSince1970)
    /// ```
    /// - Parameters:
    ///   - snapshot: A snapshot taken with ``snapshot(wallClock:)`` or ``snapshot()``.
    ///   - wallClock: Now, in seconds on the clock given to ``snapshot(wallClock:)``; `nil`
    ///     restores every source without an age.
    /// - Throws: ``RefreshSnapshotError``.
    public func restore(from snapshot: RefreshSnapshot<Item>, wallClock: Double?) throws(RefreshSnapshotError) {
        var next = state
        var times: [Int: LoadTime] = [:]
        // Restored, or left empty when refused: either way it replaces the state, before the
        // refusal is thrown.
        defer { replace(with: next, refreshedAt: times) }
        try next.restore(from: snapshot)
        if let wallClock, #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            times = refreshTimes(of: snapshot, wallClock: wallClock)
        }
    }

    /// The moment, on the runtime's clock, each saved source last refreshed, from its time on the
    /// wall clock; a time that gives no sensible age is left out.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    private func refreshTimes(of snapshot: RefreshSnapshot<Item>, wallClock: Double) -> [Int: LoadTime] {
        if readClock == nil {
            setClock(ContinuousClock())
        }
        guard let now = readClock?() else { return [:] }
        var times: [Int: LoadTime] = [:]
        for (source, saved) in snapshot.sources.enumerated() where saved.hasLoaded {
            guard let refreshedAt = saved.refreshedAt else { continue }
            let age = wallClock - refreshedAt
            // Not a number, a clock set back, or older than any list: no age.
            guard age.isFinite, age >= 0, age < Self.longestRestoredAge else { continue }
            let then = (now.duration - .seconds(age)).components
            times[source] = LoadTime(seconds: then.seconds, attoseconds: then.attoseconds)
        }
        return times
    }

    /// The oldest age a restored source keeps, in seconds (about 3,000 years): a time further
    /// back is damaged, and converting it could overflow.
    private static var longestRestoredAge: Double { 1e11 }

    /// Whether a restored source is younger than the policy lets it be without refreshing.
    func isYoungEnoughToKeep(source: Int) -> Bool {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *),
            let limit = policy.refreshesRestoredList.maxAge, let age = age(of: source)
        else { return false }
        return age < limit
    }

    /// Puts every source back to unloaded, keeping the policy, the identity and each source's
    /// end-of-list text: call it when the query or filter the loader reads changes, after the
    /// change, so that the first page asked for is the new query's.
    ///
    /// Resetting replaces the state (see <doc:Rules#Replacing-the-state>): every load of the old
    /// state is cancelled and its answer discarded, so a late page of the old query never shows;
    /// the rows (pending local items too), failures and paging go, the front door hears of the
    /// empty list as one ``RefreshUpdate/Change/reset``, and a list on screen (set up) loads the
    /// current source's first page again. A list not on screen yet loads it when it is set up.
    /// See ``RefreshSources/reset()``.
    ///
    /// ```swift
    /// query = newQuery        // what the loader reads
    /// refreshStatus.reset()   // the new query's first page
    /// ```
    public func reset() {
        var next = state
        next.reset()
        replace(with: next)
    }
}
