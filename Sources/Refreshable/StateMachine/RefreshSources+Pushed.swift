/// Items the server pushed (a message over a socket), merged by id as an answer would merge them.
extension RefreshSources {
    /// Merges items the server pushed into a source by id, as an answer would, newest first: an
    /// item already held is updated in its place, and the new ones go at the top of the list,
    /// after the pending items there, in the order given.
    ///
    /// Each item is the server's copy. One that ends a pending item
    /// (``insertPendingItem(_:at:source:)``, a message sent from this device) takes its place, as
    /// ``confirmPendingItem(_:source:)`` does; one whose id was removed locally stays out, as it
    /// would from a page, until a refresh; one held already replaces it in place, and an answer
    /// asked for before the push never undoes it (as with ``updateItem(_:source:)``); a new one is
    /// inserted, and an answer asked for before the push keeps it (rules I2, I3 and I4 in
    /// <doc:Rules#Rules-of-the-features>). It costs by the items pushed, not by the rows held.
    /// - Parameters:
    ///   - items: The pushed items, in the order the list shows them (the newest first).
    ///   - source: The source to merge them into.
    /// - Returns: The changes, in the order they were made: each held item updated
    ///   (``RefreshUpdate/Change/edited(_:)``), and the new items at the top as one
    ///   ``RefreshUpdate/Change/inserted(_:)`` where they are in a row. Empty when nothing changed.
    public mutating func mergePushedItems(_ items: some Sequence<Item>, source: Int) -> [RefreshUpdate] {
        let identity = requireIdentity(in: "mergePushedItems(_:source:)", source: source)
        var inserted = 0
        return mergePushed(items, source: source, identity: identity) { sources, _ in
            defer { inserted += 1 }
            return sources.unpendingPositions(source).lowerBound + inserted
        }
    }

    /// Merges items the server pushed into a source by id, as ``mergePushedItems(_:source:)``
    /// does, each new one at its place in the app's order: after the held items that do not come
    /// after it. The held items (pending ones aside) must be in that order, as a list sorted by
    /// the server is; the place is found by a binary search, so it costs by the logarithm of the
    /// rows held, not by the rows.
    ///
    /// ```swift
    /// sources.mergePushedItems(messages, source: 0, by: { $0.sentAt > $1.sentAt })  // newest first
    /// ```
    /// - Parameters:
    ///   - items: The pushed items, in any order.
    ///   - source: The source to merge them into.
    ///   - areInIncreasingOrder: Whether the first item comes before the second in the list.
    /// - Returns: The changes, in the order they were made; empty when nothing changed.
    public mutating func mergePushedItems(
        _ items: some Sequence<Item>,
        source: Int,
        by areInIncreasingOrder: (Item, Item) -> Bool
    ) -> [RefreshUpdate] {
        let identity = requireIdentity(in: "mergePushedItems(_:source:by:)", source: source)
        return mergePushed(items, source: source, identity: identity) { sources, item in
            sources.place(of: item, in: source, by: areInIncreasingOrder)
        }
    }

    /// Merges each pushed item, inserting a new one at the position `place` gives.
    private mutating func mergePushed(
        _ items: some Sequence<Item>,
        source: Int,
        identity: RefreshItemIdentity<Item>,
        place: (Self, Item) -> Int
    ) -> [RefreshUpdate] {
        var updates: [RefreshUpdate] = []
        for item in items {
            let update: RefreshUpdate?
            if indexes[source].removed[identity.id(item)] != nil {
                // Removed on this device: a page would leave it out too, until a refresh.
                update = nil
            } else if let confirmed = confirmPendingItem(item, source: source) {
                update = confirmed
            } else if let edited = updateItem(item, source: source) {
                update = edited
            } else {
                update = insertItem(item, at: place(self, item), source: source)
            }
            guard let update else { continue }
            if let last = updates.last, let joined = last.joined(with: update) {
                updates[updates.count - 1] = joined
            } else {
                updates.append(update)
            }
        }
        return updates
    }

    /// The first position, among the source's items that are not pending, whose item comes after
    /// `item` in the order: where it goes.
    private func place(of item: Item, in source: Int, by areInIncreasingOrder: (Item, Item) -> Bool) -> Int {
        let held = states[source].items
        var range = unpendingPositions(source)
        while !range.isEmpty {
            let middle = range.lowerBound + range.count / 2
            if areInIncreasingOrder(item, held[middle]) {
                range = range.lowerBound..<middle
            } else {
                range = (middle + 1)..<range.upperBound
            }
        }
        return range.lowerBound
    }
}

extension RefreshUpdate {
    /// This insertion and `next` as one, when `next` inserts right after it in the same source.
    fileprivate func joined(with next: RefreshUpdate) -> RefreshUpdate? {
        guard source == next.source, case .inserted(let first) = change, case .inserted(let second) = next.change,
            second.lowerBound == first.upperBound
        else { return nil }
        return RefreshUpdate(
            request: nil, source: source, change: .inserted(first.lowerBound..<second.upperBound),
            noMoreData: next.noMoreData)
    }
}
