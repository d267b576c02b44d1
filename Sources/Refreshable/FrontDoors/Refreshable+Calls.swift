/// What you call: each is a short call into the list's runtime. They are not requirements, so a
/// method of your own with the same name (a `refresh()` a button calls) changes nothing the
/// library or a control's action does.
extension Refreshable {
    /// Draws the controls and loads the current source's first page if it never loaded; call it
    /// when the screen appears.
    public func setupRefreshHeader() {
        runtime.setUp()
    }

    /// Draws the controls (the footer stays hidden until the first page loads) and loads the
    /// current source's first page if it never loaded. The same as ``setupRefreshHeader()``:
    /// calling both loads once.
    public func setupRefreshFooter() {
        runtime.setUp()
    }

    /// The header's action: wire `UIRefreshControl`'s `.valueChanged` or MJRefresh's refreshing
    /// block to it. It refreshes when the user pulled, and ignores the control's late callback of a
    /// refresh the library began (see <doc:Rules#Control-actions-and-echoes>).
    public func headerRefreshingAction() {
        runtime.controlAction(.header)
    }

    /// The footer's action: wire MJRefresh's refreshing block to it. It loads more when the user
    /// pulled, and ignores the control's late callback of a load the library began.
    public func footerRefreshingAction() {
        runtime.controlAction(.footer)
    }

    /// The action of ``refreshPreviousControl``: loads the previous page when a user pulled the
    /// control; ignores the control's own late callback of a load the library began.
    public func previousRefreshingAction() {
        runtime.controlAction(.previous)
    }

    /// Refreshes the current source because the app asks (a button): asks for the first page and
    /// shows the header refreshing, the rows on screen meanwhile. For a new query or filter, see
    /// ``reset()``. Not for a control's action: see ``headerRefreshingAction()``.
    public func refresh() {
        runtime.startLoad(.refresh, source: currentIndex)
    }

    /// Loads the next page of the current source because the app asks (the last row came on
    /// screen): shows the footer loading. Not for a control's action: see ``footerRefreshingAction()``.
    public func loadMore() {
        runtime.startLoad(.loadMore, source: currentIndex)
    }

    /// Loads the page before the first loaded one of the current source (newer items above a feed,
    /// or a page the page cap dropped): call it when the first rows come on screen. A
    /// callback-style loader tells it by ``RefreshRequest/kind`` (``RefreshRequest/Kind/loadPrevious``);
    /// `isRefresh` is `false`.
    public func loadPrevious() {
        runtime.startLoad(.loadPrevious, source: currentIndex)
    }

    /// Makes another source current, reports ``RefreshUpdate/Change/switchedSource``, draws its
    /// state, and loads its first page if it never loaded (a first load that failed included).
    /// - Parameter index: The new current source; out of range stops with a message.
    public func switchSource(to index: Int) {
        runtime.switchSource(to: index)
    }

    /// Empties the list for a new query or filter: every source goes back to unloaded, keeping the
    /// policy, the identity and each source's end-of-list text. Set the query your loader reads
    /// first, then call it: every load of the old state is cancelled and its answer discarded (a
    /// late page of the old query never shows), ``refreshDidUpdate(_:)`` hears of the empty list
    /// as a ``RefreshUpdate/Change/reset``, and a list set up loads the current source's first page
    /// again. See ``RefreshRuntime/reset()``.
    public func reset() {
        runtime.reset()
    }

    /// Draws the controls and placeholder from the current source's state.
    public func refreshFooter() {
        runtime.render()
    }

    /// Cancels the loads in flight for one source; they end without a result, the controls stop
    /// refreshing, and nothing is recorded or shown: the source keeps its items and the failures it
    /// kept, and the next setup or switch to a source that never loaded loads it again. Other tabs' loads go on: when the screen goes away, cancel each
    /// source (`for source in refreshStatus.sources.indices { cancelLoading(source: source) }`).
    /// - Parameter source: The source, the current one by default.
    public func cancelLoading(source: Int? = nil) {
        runtime.cancelLoading(source: source ?? currentIndex)
    }

    /// Tells the list that the row at `row` of the current source came on screen: with
    /// ``RefreshPolicy/refreshesAroundPosition`` and a page cap, a refresh reloads the page of the
    /// row that came on screen last, so the user keeps their place. `loadMoreIfNeeded(forRowAt:)`
    /// of `RefreshableUIKit` calls it for you. See ``RefreshRuntime/rowDidAppear(at:source:)``.
    /// - Parameter row: The row's index in ``currentItems``.
    public func rowDidAppear(at row: Int) {
        runtime.rowDidAppear(at: row, source: currentIndex)
    }

    /// The items of the current source.
    public var currentItems: RefreshItems<Item> { refreshStatus[currentIndex].items }

    /// Tells the list whether the device is online: while offline, a load that starts fails at
    /// once with ``RefreshFailure/Reason/offline`` without calling ``refreshData(isRefresh:)`` or
    /// ``AsyncRefreshable/loadPage(_:)`` (the items stay), and retries wait; coming back online
    /// runs a ``refreshIfStale(olderThan:)`` refused offline, then asks again at once for what
    /// failed. See ``RefreshRuntime/setOnline(_:)``.
    /// - Parameter isOnline: Whether the device can reach the server.
    public func setOnline(_ isOnline: Bool) {
        runtime.setOnline(isOnline)
    }

    /// Refreshes the current source if it never refreshed or its last successful refresh is at
    /// least `maxAge` old, on the runtime's clock (``RefreshRuntime/setClock(_:)``), unless it is
    /// loading: call it when the screen comes back to the foreground. Offline it starts nothing,
    /// and ``setOnline(_:)`` runs it when the list is online again. See
    /// ``RefreshRuntime/refreshIfStale(olderThan:)``.
    /// - Parameter maxAge: How old the list may be before it refreshes.
    /// - Returns: Whether a refresh started.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @discardableResult
    public func refreshIfStale(olderThan maxAge: Duration) -> Bool {
        runtime.refreshIfStale(olderThan: maxAge)
    }
}

/// What you call in the callback style, from ``Refreshable/refreshData(isRefresh:)`` and the
/// completion of the request it starts.
extension Refreshable {
    /// The request being started, for use inside ``refreshData(isRefresh:)``: capture it and pass
    /// it back with the result. Reading it anywhere else stops with a message.
    public var refreshRequest: RefreshRequest {
        guard let request = refreshStatus.issuing else {
            fatalError(
                "refreshRequest is only available while refreshData(isRefresh:) runs: start loads with refresh(), loadMore(), the controls' actions or setupRefreshHeader(), and capture refreshRequest inside refreshData(isRefresh:)."
            )
        }
        return request
    }

    /// Reports a page for a request: applies it to the source that asked, reports
    /// ``refreshDidUpdate(_:)`` (or, for an answer the library refuses, ``presentFailure(_:)``), and
    /// draws. The answer of a request no longer in flight changes nothing and goes to
    /// ``refreshDidDiscard(_:)``.
    /// - Parameters:
    ///   - page: The server's answer.
    ///   - request: The request it answers, captured from ``refreshRequest``.
    public func loadSuccess(_ page: RefreshPage<Item>, for request: RefreshRequest) {
        runtime.applySuccess(page, for: request)
    }

    /// Reports a failed request: records the failure, reports ``presentFailure(_:)`` and draws.
    /// The failure of a request no longer in flight changes nothing and goes to
    /// ``refreshDidDiscard(_:)``.
    /// - Parameters:
    ///   - error: What went wrong.
    ///   - request: The request that failed, captured from ``refreshRequest``.
    public func loadFailer(_ error: any Error, for request: RefreshRequest) {
        runtime.applyFailure(error, for: request)
    }
}

/// Local edits by id: each is a short call into the list's runtime, which reports the change to
/// ``Refreshable/refreshDidUpdate(_:)`` and draws the controls. They need an identity
/// (``RefreshRuntime/identity``).
extension Refreshable {
    /// Replaces the item that has `item`'s id, in place, in every source that holds it, without a
    /// refresh. See ``RefreshSources/updateItem(_:)``.
    /// - Parameter item: The new version of a held item.
    /// - Returns: The change of each source that holds it, in source order; empty when none does.
    @discardableResult
    public func updateItem(_ item: Item) -> [RefreshUpdate] {
        runtime.updateItem(item)
    }

    /// Replaces the held item of one source that has `item`'s id, in place, without a refresh.
    /// - Parameters:
    ///   - item: The new version of a held item.
    ///   - source: The source that holds it.
    /// - Returns: The change, or `nil` when no item with that id is held there.
    @discardableResult
    public func updateItem(_ item: Item, source: Int) -> RefreshUpdate? {
        runtime.updateItem(item, source: source)
    }

    /// Removes the item with this id from every source without a refresh (a swipe to delete, a
    /// blocked user's posts in every tab); the removal sticks in each until a refresh of it asked
    /// for after it lands. See ``RefreshSources/removeItem(id:)``.
    /// - Parameter id: The item's id.
    /// - Returns: The change of each source that held it, in source order; empty when none did.
    @discardableResult
    public func removeItem(id: some Hashable & Sendable) -> [RefreshUpdate] {
        runtime.removeItem(id: id)
    }

    /// Removes one source's item with this id without a refresh; the removal sticks until a
    /// refresh asked for after it lands.
    /// - Parameters:
    ///   - id: The item's id.
    ///   - source: The source that holds it.
    /// - Returns: The change, or `nil` when no item with that id was held there.
    @discardableResult
    public func removeItem(id: some Hashable & Sendable, source: Int) -> RefreshUpdate? {
        runtime.removeItem(id: id, source: source)
    }

    /// Inserts an item at a position without a refresh.
    /// - Parameters:
    ///   - item: The item to insert.
    ///   - position: Where to insert it, from `0` to the number of items held.
    ///   - source: The source to insert it into, the current one by default.
    /// - Returns: The change.
    @discardableResult
    public func insertItem(_ item: Item, at position: Int, source: Int? = nil) -> RefreshUpdate {
        runtime.insertItem(item, at: position, source: source ?? currentIndex)
    }

    /// Merges items the server pushed (a message over a socket) by id, as an answer would: an
    /// item held already is updated in place, the new ones go at the top, newest first; each
    /// change reaches ``Refreshable/refreshDidUpdate(_:)``, so the list animates it. See
    /// ``RefreshSources/mergePushedItems(_:source:)``.
    /// - Parameters:
    ///   - items: The pushed items, in the order the list shows them (the newest first).
    ///   - source: The source to merge them into, the current one by default.
    /// - Returns: The changes, in the order they were made.
    @discardableResult
    public func mergePushedItems(_ items: some Sequence<Item>, source: Int? = nil) -> [RefreshUpdate] {
        runtime.mergePushedItems(items, source: source ?? currentIndex)
    }

    /// Merges items the server pushed by id, each new one at its place in your order (the held
    /// items must be in it). See ``RefreshSources/mergePushedItems(_:source:by:)``.
    /// - Parameters:
    ///   - items: The pushed items, in any order.
    ///   - source: The source to merge them into, the current one by default.
    ///   - areInIncreasingOrder: Whether the first item comes before the second in the list.
    /// - Returns: The changes, in the order they were made.
    @discardableResult
    public func mergePushedItems(
        _ items: some Sequence<Item>, source: Int? = nil, by areInIncreasingOrder: (Item, Item) -> Bool
    ) -> [RefreshUpdate] {
        runtime.mergePushedItems(items, source: source ?? currentIndex, by: areInIncreasingOrder)
    }

    /// Inserts an item marked pending without a refresh (a message just sent): it stays through
    /// loads until an answer brings its id, whose copy then replaces it, or until
    /// ``removeItem(id:source:)`` takes it away. See
    /// ``RefreshSources/insertPendingItem(_:at:source:)``.
    /// - Parameters:
    ///   - item: The item, with the id the server will give its copy.
    ///   - position: `0` to put it first, the number of items held to put it last.
    ///   - source: The source to insert it into, the current one by default.
    /// - Returns: The change.
    @discardableResult
    public func insertPendingItem(_ item: Item, at position: Int, source: Int? = nil) -> RefreshUpdate {
        runtime.insertPendingItem(item, at: position, source: source ?? currentIndex)
    }

    /// Ends a pending item with the server's copy from the app's own create call, without a
    /// refresh, in whichever source it is pending: a call answered after the user switched tabs
    /// ends its "sending…" all the same. See ``RefreshSources/confirmPendingItem(_:source:)``.
    /// - Parameter serverCopy: The server's copy, with the pending item's id.
    /// - Returns: The change of each source where it was pending, in source order; empty when none.
    @discardableResult
    public func confirmPendingItem(_ serverCopy: Item) -> [RefreshUpdate] {
        runtime.confirmPendingItem(serverCopy)
    }

    /// Ends a pending item of one source with the server's copy, without a refresh.
    /// - Parameters:
    ///   - serverCopy: The server's copy, with the pending item's id.
    ///   - source: The source where it is pending.
    /// - Returns: The change, or `nil` when no pending item has that id there.
    @discardableResult
    public func confirmPendingItem(_ serverCopy: Item, source: Int) -> RefreshUpdate? {
        runtime.confirmPendingItem(serverCopy, source: source)
    }

    /// Ends a pending item inserted under a temporary id with the server's copy, which has the id
    /// the server gave it, without a refresh, in whichever source it is pending. See
    /// ``RefreshSources/confirmPendingItem(_:replacing:source:)``.
    /// - Parameters:
    ///   - serverCopy: The server's copy, with the server's id.
    ///   - temporaryID: The id the pending item was inserted with.
    /// - Returns: The change of each source where it was pending, in source order; empty when none.
    @discardableResult
    public func confirmPendingItem(_ serverCopy: Item, replacing temporaryID: some Hashable & Sendable)
        -> [RefreshUpdate]
    {
        runtime.confirmPendingItem(serverCopy, replacing: temporaryID)
    }

    /// Ends a pending item of one source inserted under a temporary id with the server's copy,
    /// without a refresh.
    /// - Parameters:
    ///   - serverCopy: The server's copy, with the server's id.
    ///   - temporaryID: The id the pending item was inserted with.
    ///   - source: The source where it is pending.
    /// - Returns: The change, or `nil` when no pending item has the temporary id there.
    @discardableResult
    public func confirmPendingItem(
        _ serverCopy: Item, replacing temporaryID: some Hashable & Sendable, source: Int
    ) -> RefreshUpdate? {
        runtime.confirmPendingItem(serverCopy, replacing: temporaryID, source: source)
    }

    /// Puts the held item back as `original` and forgets its local edit in every source that
    /// holds it, without a refresh: the rollback of an edit the server refused, after which the
    /// next answer that brings the item shows the server's copy. See
    /// ``RefreshSources/revertItem(_:source:)``.
    /// - Parameter original: The item as it was before the refused edit.
    /// - Returns: The change of each source that holds it, in source order; empty when none does.
    @discardableResult
    public func revertItem(_ original: Item) -> [RefreshUpdate] {
        runtime.revertItem(original)
    }

    /// Puts one source's held item back as `original` and forgets its local edit, without a
    /// refresh.
    /// - Parameters:
    ///   - original: The item as it was before the refused edit.
    ///   - source: The source that holds it.
    /// - Returns: The change, or `nil` when no item with that id is held there.
    @discardableResult
    public func revertItem(_ original: Item, source: Int) -> RefreshUpdate? {
        runtime.revertItem(original, source: source)
    }

    /// The position of the item with this id, through the id index, without a scan of the rows.
    /// See ``RefreshSources/index(id:source:)``.
    /// - Parameters:
    ///   - id: The item's id.
    ///   - source: The source that holds it, the current one by default.
    /// - Returns: Its index in the source's items, or `nil` when none with that id is held or the
    ///   list has no identity.
    public func index(id: some Hashable & Sendable, source: Int? = nil) -> Int? {
        runtime.index(id: id, source: source ?? currentIndex)
    }

    /// Whether the item with this id is pending: inserted with
    /// ``insertPendingItem(_:at:source:)`` and not yet brought by an answer nor removed.
    /// - Parameters:
    ///   - id: The item's id.
    ///   - source: The source that holds it, the current one by default.
    /// - Returns: Whether it is pending.
    public func isPending(id: some Hashable & Sendable, source: Int? = nil) -> Bool {
        runtime.isPending(id: id, source: source ?? currentIndex)
    }

    /// The item with this id, through the id index, without a scan of the rows. See
    /// ``RefreshSources/item(id:source:)``.
    /// - Parameters:
    ///   - id: The item's id.
    ///   - source: The source that holds it, the current one by default.
    /// - Returns: The item, or `nil` when none with that id is held or the list has no identity.
    public func item(id: some Hashable & Sendable, source: Int? = nil) -> Item? {
        runtime.item(id: id, source: source ?? currentIndex)
    }

    /// The pending items, front to back: those inserted with ``insertPendingItem(_:at:source:)``
    /// and not yet brought by an answer nor removed; after a relaunch that restored the list,
    /// the messages to send again. See ``RefreshSources/pendingItems(source:)``.
    /// - Parameter source: The source that holds them, the current one by default.
    /// - Returns: The pending items, in the order the list holds them; none without an identity.
    public func pendingItems(source: Int? = nil) -> [Item] {
        runtime.pendingItems(source: source ?? currentIndex)
    }
}

/// What an override reuses: the behaviour of a default, for a hook you implement, and the calls
/// behind the load entry points, for a method of yours that starts loads its own way.
extension Refreshable {
    /// Reloads ``refreshListView`` when the update concerns the current source: the default
    /// ``refreshDidUpdate(_:)``.
    /// - Parameter update: What changed.
    public func reloadListIfCurrent(_ update: RefreshUpdate) {
        guard update.source == currentIndex else { return }
        refreshListView?.reloadData()
    }

    /// Shows ``RefreshListView/showFailureMessage(_:)`` when the failed source is current and keeps
    /// items: the default ``presentFailure(_:)``.
    /// - Parameter failure: What went wrong.
    public func showFailureMessageIfNeeded(_ failure: RefreshFailure) {
        let source = failure.request.source
        guard source == currentIndex, !refreshStatus[source].items.isEmpty else {
            return
        }
        refreshListView?.showFailureMessage(failure)
    }

    /// Asks the state machine for a load and, if it starts, cancels the load it supersedes, draws
    /// the controls, and starts the request: ``AsyncRefreshable/loadPage(_:)`` in a task, or
    /// ``refreshData(isRefresh:)`` with ``refreshRequest`` set. If it is ignored, draws the controls.
    /// What ``refresh()``, ``loadMore()`` and ``loadPrevious()`` call, for any source.
    /// - Parameters:
    ///   - kind: Refresh, load-more or a load of the previous page.
    ///   - source: The source to load; out of range stops with a message.
    /// - Returns: What the state machine decided.
    @discardableResult
    public func startLoad(_ kind: RefreshRequest.Kind, source: Int) -> RefreshBegin {
        runtime.startLoad(kind, source: source)
    }

    /// Loads the current source's first page if it never loaded, nothing is in flight, and it did
    /// not fail (a failed first load shows a placeholder whose action retries); a cancelled one
    /// recorded nothing and loads again. What ``setupRefreshHeader()`` calls after drawing.
    public func loadFirstPageIfNeeded() {
        runtime.loadFirstPageIfNeeded()
    }
}
