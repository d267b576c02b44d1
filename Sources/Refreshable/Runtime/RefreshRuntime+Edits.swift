/// Local edits by id, carried out on the list's state and shown on screen.
extension RefreshRuntime {
    /// Replaces the held item that has `item`'s id, in place, without a refresh, reports the
    /// change to the list's front door (a ``Refreshable/Refreshable`` adopter's
    /// ``Refreshable/Refreshable/refreshDidUpdate(_:)``, a ``RefreshListModel``'s `items`), and
    /// draws the screen. See ``RefreshSources/updateItem(_:source:)``.
    /// - Parameters:
    ///   - item: The new version of a held item.
    ///   - source: The source that holds it.
    /// - Returns: The change, or `nil` when no item with that id is held.
    @discardableResult
    public func updateItem(_ item: Item, source: Int) -> RefreshUpdate? {
        state.updateItem(item, source: source).map(report)
    }

    /// Removes the held item with this id without a refresh, reports the change and draws the
    /// screen; the removal sticks until a refresh asked for after it lands. See
    /// ``RefreshSources/removeItem(id:source:)``.
    /// - Parameters:
    ///   - id: The item's id.
    ///   - source: The source that holds it.
    /// - Returns: The change, or `nil` when no item with that id was held.
    @discardableResult
    public func removeItem(id: some Hashable & Sendable, source: Int) -> RefreshUpdate? {
        state.removeItem(id: id, source: source).map(report)
    }

    /// Inserts an item at a position without a refresh, reports the change and draws the screen.
    /// See ``RefreshSources/insertItem(_:at:source:)``.
    /// - Parameters:
    ///   - item: The item to insert.
    ///   - position: Where to insert it, from `0` to the number of items held.
    ///   - source: The source to insert it into.
    /// - Returns: The change.
    @discardableResult
    public func insertItem(_ item: Item, at position: Int, source: Int) -> RefreshUpdate {
        report(state.insertItem(item, at: position, source: source))
    }

    /// Inserts an item marked pending without a refresh (a message just sent), reports the change
    /// and draws the screen. It stays through loads until an answer brings its id, whose copy then
    /// replaces it, or until ``removeItem(id:source:)`` takes it away. See
    /// ``RefreshSources/insertPendingItem(_:at:source:)``.
    /// - Parameters:
    ///   - item: The item, with the id the server will give its copy.
    ///   - position: `0` to put it first, the number of items held to put it last.
    ///   - source: The source to insert it into.
    /// - Returns: The change.
    @discardableResult
    public func insertPendingItem(_ item: Item, at position: Int, source: Int) -> RefreshUpdate {
        report(state.insertPendingItem(item, at: position, source: source))
    }

    /// Ends a pending item with the server's copy from the app's own create call, without a
    /// refresh, reports the change and draws the screen. See
    /// ``RefreshSources/confirmPendingItem(_:source:)``.
    /// - Parameters:
    ///   - serverCopy: The server's copy, with the pending item's id.
    ///   - source: The source that holds it.
    /// - Returns: The change, or `nil` when no pending item has that id.
    @discardableResult
    public func confirmPendingItem(_ serverCopy: Item, source: Int) -> RefreshUpdate? {
        state.confirmPendingItem(serverCopy, source: source).map(report)
    }

    /// Ends a pending item inserted under a temporary id with the server's copy, which has the id
    /// the server gave it, reports the change and draws the screen. See
    /// ``RefreshSources/confirmPendingItem(_:replacing:source:)``.
    /// - Parameters:
    ///   - serverCopy: The server's copy, with the server's id.
    ///   - temporaryID: The id the pending item was inserted with.
    ///   - source: The source that holds it.
    /// - Returns: The change, or `nil` when no pending item has the temporary id.
    @discardableResult
    public func confirmPendingItem(
        _ serverCopy: Item, replacing temporaryID: some Hashable & Sendable, source: Int
    ) -> RefreshUpdate? {
        state.confirmPendingItem(serverCopy, replacing: temporaryID, source: source).map(report)
    }

    /// Puts the held item back as `original` and forgets its local edit (the rollback of an edit
    /// the server refused), reports the change and draws the screen: the next answer that brings
    /// the item shows the server's copy. See ``RefreshSources/revertItem(_:source:)``.
    /// - Parameters:
    ///   - original: The item as it was before the refused edit.
    ///   - source: The source that holds it.
    /// - Returns: The change, or `nil` when no item with that id is held.
    @discardableResult
    public func revertItem(_ original: Item, source: Int) -> RefreshUpdate? {
        state.revertItem(original, source: source).map(report)
    }

    /// The position of the item with this id, through the id index, without a scan of the rows.
    /// See ``RefreshSources/index(id:source:)``.
    /// - Parameters:
    ///   - id: The item's id.
    ///   - source: The source that holds it.
    /// - Returns: Its index in the source's items, or `nil` when none with that id is held or the
    ///   list has no identity.
    public func index(id: some Hashable & Sendable, source: Int) -> Int? {
        state.index(id: id, source: source)
    }

    /// Whether the item with this id is pending: inserted with
    /// ``insertPendingItem(_:at:source:)`` and not yet brought by an answer nor removed. See
    /// ``RefreshSources/isPending(id:source:)``.
    /// - Parameters:
    ///   - id: The item's id.
    ///   - source: The source that holds it.
    /// - Returns: Whether it is pending.
    public func isPending(id: some Hashable & Sendable, source: Int) -> Bool {
        state.isPending(id: id, source: source)
    }

    /// The item with this id, through the id index, without a scan of the rows: mark a row read
    /// with `item(id:source:)` and ``updateItem(_:source:)``. See
    /// ``RefreshSources/item(id:source:)``.
    /// - Parameters:
    ///   - id: The item's id.
    ///   - source: The source that holds it.
    /// - Returns: The item, or `nil` when none with that id is held or the list has no identity.
    public func item(id: some Hashable & Sendable, source: Int) -> Item? {
        state.item(id: id, source: source)
    }

    /// The source's pending items, front to back: those inserted with
    /// ``insertPendingItem(_:at:source:)`` and not yet brought by an answer nor removed. After a
    /// restore (``restore(from:)``), send them again: the library sends nothing itself. See
    /// ``RefreshSources/pendingItems(source:)``.
    /// - Parameter source: The source; out of range stops with a message.
    /// - Returns: The pending items, in the order the list holds them; none without an identity.
    public func pendingItems(source: Int) -> [Item] {
        state.pendingItems(source: source)
    }

    /// Merges items the server pushed into a source by id, newest first, reports each change to
    /// the list's front door, so the screen animates it, and draws the screen once. See
    /// ``RefreshSources/mergePushedItems(_:source:)``.
    /// - Parameters:
    ///   - items: The pushed items, in the order the list shows them (the newest first).
    ///   - source: The source to merge them into.
    /// - Returns: The changes, in the order they were made.
    @discardableResult
    public func mergePushedItems(_ items: some Sequence<Item>, source: Int) -> [RefreshUpdate] {
        reportAll(state.mergePushedItems(items, source: source))
    }

    /// Merges items the server pushed into a source by id, each new one at its place in the
    /// app's order, reports each change and draws the screen once. See
    /// ``RefreshSources/mergePushedItems(_:source:by:)``.
    /// - Parameters:
    ///   - items: The pushed items, in any order.
    ///   - source: The source to merge them into.
    ///   - areInIncreasingOrder: Whether the first item comes before the second in the list.
    /// - Returns: The changes, in the order they were made.
    @discardableResult
    public func mergePushedItems(
        _ items: some Sequence<Item>, source: Int, by areInIncreasingOrder: (Item, Item) -> Bool
    ) -> [RefreshUpdate] {
        reportAll(state.mergePushedItems(items, source: source, by: areInIncreasingOrder))
    }

    private func reportAll(_ updates: [RefreshUpdate]) -> [RefreshUpdate] {
        for update in updates {
            host?.didUpdate(update, on: self)
        }
        if !updates.isEmpty {
            render()
        }
        return updates
    }

    // MARK: In every source

    /// Replaces the item that has `item`'s id in every source that holds it, reports each change
    /// and draws the screen. See ``RefreshSources/updateItem(_:)``.
    /// - Parameter item: The new version of a held item.
    /// - Returns: The change of each source that holds it, in source order.
    @discardableResult
    public func updateItem(_ item: Item) -> [RefreshUpdate] {
        state.indices.compactMap { updateItem(item, source: $0) }
    }

    /// Removes the item with this id from every source (a blocked user's posts in every tab),
    /// reports each change and draws the screen. See ``RefreshSources/removeItem(id:)``.
    /// - Parameter id: The item's id.
    /// - Returns: The change of each source that held it, in source order.
    @discardableResult
    public func removeItem(id: some Hashable & Sendable) -> [RefreshUpdate] {
        state.indices.compactMap { removeItem(id: id, source: $0) }
    }

    /// Puts the item back as `original` in every source that holds it, reports each change and
    /// draws the screen. See ``RefreshSources/revertItem(_:)``.
    /// - Parameter original: The item as it was before the refused edit.
    /// - Returns: The change of each source that holds it, in source order.
    @discardableResult
    public func revertItem(_ original: Item) -> [RefreshUpdate] {
        state.indices.compactMap { revertItem(original, source: $0) }
    }

    /// Ends the pending item with the server copy's id in every source where it is pending,
    /// reports each change and draws the screen. See ``RefreshSources/confirmPendingItem(_:)``.
    /// - Parameter serverCopy: The server's copy, with the pending item's id.
    /// - Returns: The change of each source where it was pending, in source order.
    @discardableResult
    public func confirmPendingItem(_ serverCopy: Item) -> [RefreshUpdate] {
        state.indices.compactMap { confirmPendingItem(serverCopy, source: $0) }
    }

    /// Ends the pending item inserted under a temporary id in every source where it is pending,
    /// reports each change and draws the screen. See
    /// ``RefreshSources/confirmPendingItem(_:replacing:)``.
    /// - Parameters:
    ///   - serverCopy: The server's copy, with the server's id.
    ///   - temporaryID: The id the pending item was inserted with.
    /// - Returns: The change of each source where it was pending, in source order.
    @discardableResult
    public func confirmPendingItem(_ serverCopy: Item, replacing temporaryID: some Hashable & Sendable)
        -> [RefreshUpdate]
    {
        state.indices.compactMap { confirmPendingItem(serverCopy, replacing: temporaryID, source: $0) }
    }

    private func report(_ update: RefreshUpdate) -> RefreshUpdate {
        host?.didUpdate(update, on: self)
        render()
        return update
    }
}
