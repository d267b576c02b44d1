/// Saving the list to a ``RefreshSnapshot`` and restoring it (see <doc:SavingAndRestoringAList>),
/// and resetting it for a new query.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension RefreshListModel {
    /// A snapshot of every source: its items and paging position, nothing in flight and no
    /// failure. See ``RefreshRuntime/snapshot()``.
    /// - Returns: The snapshot.
    public func snapshot() -> RefreshSnapshot<Item> {
        refreshStatus.snapshot()
    }

    /// Puts a saved list back: ``items`` holds its rows at once, with no refresh in flight, and the
    /// list refreshes in the background on its first appearance (``setUp()``, or a row's
    /// ``itemDidAppear(_:)``), its rows on screen meanwhile, around the saved position under
    /// ``RefreshPolicy/refreshesAroundPosition`` (or the row that came on screen since). Call it
    /// before the list is set up: where the model is made, or in the view's `.task` before
    /// ``setUp()``. `RefreshList` and `.refreshable(model)` set the list up from a `.task` of their
    /// own, which may run first: show the list once the model is restored (see
    /// <doc:SavingAndRestoringAList#Save-with-SceneStorage-in-SwiftUI>). A restore after set-up
    /// still shows the saved rows and refreshes them, but the first page asked for meanwhile is
    /// cancelled, a request wasted. Every load of the old state is cancelled and a ``refresh()``
    /// awaiting one returns. A refused snapshot leaves the list empty and unloaded; see
    /// ``RefreshRuntime/restore(from:)``.
    /// - Parameter snapshot: A snapshot taken with ``snapshot()``, possibly decoded from storage.
    /// - Throws: ``RefreshSnapshotError``.
    public func restore(from snapshot: RefreshSnapshot<Item>) throws(RefreshSnapshotError) {
        try runtime.restore(from: snapshot)
    }

    /// A snapshot of every source that also keeps when each last refreshed, on the wall clock you
    /// give, so that a restored list keeps its age. See ``RefreshRuntime/snapshot(wallClock:)``.
    /// - Parameter wallClock: Now, in seconds on a clock that survives a relaunch, such as
    ///   `Date().timeIntervalSince1970`.
    /// - Returns: The snapshot.
    public func snapshot(wallClock: Double) -> RefreshSnapshot<Item> {
        refreshStatus.snapshot(wallClock: wallClock)
    }

    /// Puts a saved list back, as ``restore(from:)`` does, keeping each source's age from the
    /// time ``snapshot(wallClock:)`` saved: under ``RefreshPolicy/refreshesRestoredList`` a young
    /// list shows its rows without refreshing on its first appearance. See
    /// ``RefreshRuntime/restore(from:wallClock:)``.
    /// - Parameters:
    ///   - snapshot: A snapshot taken with ``snapshot(wallClock:)`` or ``snapshot()``.
    ///   - wallClock: Now, in seconds on the clock given to ``snapshot(wallClock:)``.
    /// - Throws: ``RefreshSnapshotError``.
    public func restore(from snapshot: RefreshSnapshot<Item>, wallClock: Double?) throws(RefreshSnapshotError) {
        try runtime.restore(from: snapshot, wallClock: wallClock)
    }

    /// Empties the list for a new query or filter: every source goes back to unloaded, keeping the
    /// policy, the identity and each source's end-of-list text, and a list on screen loads the
    /// current source's first page again. Set the query your loader reads first, then call it.
    ///
    /// Every load of the old state is cancelled and its answer discarded, so a late page of the
    /// old query never shows, and a ``refresh()`` awaiting one returns. ``items`` is empty and
    /// ``isRefreshing`` is `true` while the first page loads; the old query's failures go. See
    /// ``RefreshRuntime/reset()`` and <doc:UsingRefreshableWithSwiftUI#Changing-the-query-or-filter>.
    ///
    /// ```swift
    /// func search(_ text: String) {
    ///     query = text      // what the loader reads
    ///     results.reset()   // the first page of `text`
    /// }
    /// ```
    public func reset() {
        runtime.reset()
    }
}
