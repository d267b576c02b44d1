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
    /// ``refreshIfStale(olderThan:)`` refreshes it): the first appearance of the list (or of
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
        var next = state
        // Restored, or left empty when refused: either way it replaces the state, before the
        // refusal is thrown.
        defer { replace(with: next) }
        try next.restore(from: snapshot)
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
