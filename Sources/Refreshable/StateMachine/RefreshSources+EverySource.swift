/// Edits by id in whichever source holds the item: an app that hides an item everywhere (a
/// blocked user, an ignored topic), or whose create call is answered after the user switched tabs,
/// makes one call and names no source.
///
/// Each acts on every source as its form with a source does (``removeItem(id:source:)`` and the
/// others), in source order, and returns the change of each source it changed. It costs one id
/// lookup per source, whatever the rows held.
extension RefreshSources {
    /// Replaces the item that has `item`'s id, in place, in every source that holds it, without a
    /// refresh. See ``updateItem(_:source:)``.
    /// - Parameter item: The new version of a held item.
    /// - Returns: The change of each source that holds it, in source order; empty when none does.
    @discardableResult
    public mutating func updateItem(_ item: Item) -> [RefreshUpdate] {
        inEverySource { $0.updateItem(item, source: $1) }
    }

    /// Removes the item with this id from every source, without a refresh: the removal sticks in
    /// each until a refresh of it asked for after the removal lands, in a source that did not
    /// hold it too, so that a page still to come leaves it out. See ``removeItem(id:source:)``.
    /// - Parameter id: The item's id, of the type the ``identity`` reads.
    /// - Returns: The change of each source that held it, in source order; empty when none did.
    @discardableResult
    public mutating func removeItem(id: some Hashable & Sendable) -> [RefreshUpdate] {
        inEverySource { $0.removeItem(id: id, source: $1) }
    }

    /// Puts the item back as `original` and forgets its local edit in every source that holds it,
    /// without a refresh. See ``revertItem(_:source:)``.
    /// - Parameter original: The item as it was before the refused edit.
    /// - Returns: The change of each source that holds it, in source order; empty when none does.
    @discardableResult
    public mutating func revertItem(_ original: Item) -> [RefreshUpdate] {
        inEverySource { $0.revertItem(original, source: $1) }
    }

    /// Ends the pending item with the server copy's id in every source where it is pending,
    /// without a refresh: a create call answered after the user switched tabs ends its "sending…"
    /// all the same. See ``confirmPendingItem(_:source:)``.
    /// - Parameter serverCopy: The server's copy, with the pending item's id.
    /// - Returns: The change of each source where it was pending, in source order; empty when none.
    @discardableResult
    public mutating func confirmPendingItem(_ serverCopy: Item) -> [RefreshUpdate] {
        inEverySource { $0.confirmPendingItem(serverCopy, source: $1) }
    }

    /// Ends the pending item inserted under a temporary id with the server's copy in every source
    /// where it is pending, without a refresh. See ``confirmPendingItem(_:replacing:source:)``.
    /// - Parameters:
    ///   - serverCopy: The server's copy, with the server's id.
    ///   - temporaryID: The id the pending item was inserted with.
    /// - Returns: The change of each source where it was pending, in source order; empty when none.
    @discardableResult
    public mutating func confirmPendingItem(
        _ serverCopy: Item, replacing temporaryID: some Hashable & Sendable
    ) -> [RefreshUpdate] {
        inEverySource { $0.confirmPendingItem(serverCopy, replacing: temporaryID, source: $1) }
    }

    /// Makes an edit in each source, in order, and keeps the changes it made.
    private mutating func inEverySource(_ edit: (inout Self, Int) -> RefreshUpdate?) -> [RefreshUpdate] {
        var updates: [RefreshUpdate] = []
        for source in indices {
            if let update = edit(&self, source) {
                updates.append(update)
            }
        }
        return updates
    }
}
