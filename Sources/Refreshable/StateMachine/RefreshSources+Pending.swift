/// Pending local items: an item made on this device (a message just sent, a post just written),
/// shown at once and kept through loads until the server confirms it.
///
/// A source's pending items sit at its ends, in two runs: those at the front before every other
/// item, those at the back after them. Loads never take them away: a refresh puts them back at
/// their end around the rows it brings, a load-more adds its rows before the pending items at the
/// back, a load of the previous page after those at the front, and the page cap neither drops nor
/// counts them. An answer that brings a pending item's id confirms it: the server's copy takes its
/// place among the server's rows, once, and the item is no longer pending (see
/// <doc:Rules#Rules-of-the-features> (rule I4)).
extension RefreshSources {
    /// Inserts an item marked pending, without a refresh: a message just sent, shown at once and
    /// kept through refreshes, load-mores and loads of the previous page (a refresh already in
    /// flight included) until an answer brings its id, or until you remove it with
    /// ``removeItem(id:source:)`` (the app gave up sending it).
    ///
    /// Pending items sit at the ends of the list: `position` picks the end nearest to it (the
    /// front when it is at most half the items) and the place among that end's pending items.
    /// `0` puts the item first (a chat's newest message, a feed's new post), the number of items
    /// held puts it last; a position in between puts it at its end, next to the pending items
    /// already there. When an answer brings the id, the server's copy replaces the pending item at
    /// the server's position, once (``RefreshUpdate/confirmed``), and the item is no longer
    /// pending.
    ///
    /// An item whose id is held already is not inserted twice: the held item is updated in its
    /// place, as ``updateItem(_:source:)`` does, and stays pending or not as it was.
    ///
    /// ```swift
    /// let message = Message(id: clientID, text: text)
    /// _ = sources.insertPendingItem(message, at: 0, source: 0)
    /// // sources.isPending(id: clientID, source: 0) == true, until a page brings clientID
    /// ```
    /// - Parameters:
    ///   - item: The item, with the id the server will give its copy (a client-generated id).
    ///   - position: Where to insert it, from `0` to the number of items held: it picks an end.
    ///   - source: The source to insert it into.
    /// - Returns: The change: ``RefreshUpdate/Change/inserted(_:)`` at the position the item took,
    ///   or ``RefreshUpdate/Change/edited(_:)`` for an id held already.
    @discardableResult
    public mutating func insertPendingItem(_ item: Item, at position: Int, source: Int) -> RefreshUpdate {
        let identity = requireIdentity(in: "insertPendingItem(_:at:source:)", source: source)
        let count = states[source].items.count
        require(
            (0...count).contains(position),
            "insertPendingItem(_:at:source:): position \(position) is outside 0...\(count), the positions source \(source) can take an item at; pass 0 to put it first or the number of items to put it last."
        )
        if let update = updateItem(item, source: source) {
            return update
        }
        let id = identity.id(item)
        indexes[source].removed[id] = nil
        forgetEditDropped(id, source: source)
        let (front, back) = (indexes[source].pendingFront, indexes[source].pendingBack)
        let atFront = position <= count - position
        let place = atFront ? Swift.min(position, front) : Swift.max(position, count - back)
        revision &+= 1
        indexes[source].insert(item, at: place, into: &states[source]._items, identity, generation: lastGeneration)
        // A pending item is not an edit the server's copy replaces in place: it is confirmed.
        indexes[source].edited[id] = nil
        if atFront {
            indexes[source].pendingFront += 1
        } else {
            indexes[source].pendingBack += 1
        }
        return localUpdate(source: source, change: .inserted(place..<(place + 1)))
    }

    /// Ends a pending item with the server's copy the app already has, without a refresh: the
    /// answer to the app's own create call, which ends "sending…" at once on a list whose pages
    /// may not bring the item soon.
    ///
    /// The copy takes the pending item's row. It is no longer pending: it leaves its run, to the
    /// nearest position outside the runs of pending items (the row stays where it is when it was
    /// the run's innermost, as a lone pending item is). From then on it stands as a local
    /// insertion (rule I3 in <doc:Rules#Rules-of-the-features>): a load in flight since before
    /// this call does not take it away nor undo it; an answer asked for after it brings the
    /// server's next copy.
    ///
    /// ```swift
    /// let saved = try await api.create(task)   // the server's copy, same id
    /// sources.confirmPendingItem(saved, source: 0)
    /// ```
    /// - Parameters:
    ///   - serverCopy: The server's copy of a pending item, with the pending item's id.
    ///   - source: The source that holds it.
    /// - Returns: The change (``RefreshUpdate/Change/edited(_:)``, the rows from where the item
    ///   was to where it is), or `nil` when no pending item has that id (an answer confirmed it
    ///   already, or the app removed it).
    @discardableResult
    public mutating func confirmPendingItem(_ serverCopy: Item, source: Int) -> RefreshUpdate? {
        let identity = requireIdentity(in: "confirmPendingItem(_:source:)", source: source)
        return confirmPending(identity.id(serverCopy), with: serverCopy, source: source, identity: identity)
    }

    /// Ends a pending item inserted under a temporary id with the server's copy, which has the id
    /// the server gave it, without a refresh: the answer to the app's own create call, for a
    /// server that assigns ids.
    ///
    /// The copy takes the pending item's row, as ``confirmPendingItem(_:source:)`` does: one row,
    /// found from then on by the server's id; the temporary id is no longer held. When a page
    /// brought the server's id already, the copy updates that row and the pending row leaves
    /// (the change is then ``RefreshUpdate/Change/replaced(count:)``).
    ///
    /// ```swift
    /// let saved = try await api.create(draft)   // the server's copy, with the server's id
    /// sources.confirmPendingItem(saved, replacing: draft.id, source: 0)
    /// ```
    /// - Parameters:
    ///   - serverCopy: The server's copy, with the server's id.
    ///   - temporaryID: The id the pending item was inserted with.
    ///   - source: The source that holds it.
    /// - Returns: The change, or `nil` when no pending item has the temporary id.
    @discardableResult
    public mutating func confirmPendingItem(
        _ serverCopy: Item, replacing temporaryID: some Hashable & Sendable, source: Int
    ) -> RefreshUpdate? {
        let caller = "confirmPendingItem(_:replacing:source:)"
        let identity = requireIdentity(in: caller, source: source)
        identity.checkIDType(of: temporaryID, in: caller)
        let temporary = RefreshItemID(temporaryID)
        let id = identity.id(serverCopy)
        let items = states[source].items
        guard id != temporary, let held = indexes[source].position(of: id, in: items, identity) else {
            return confirmPending(temporary, with: serverCopy, source: source, identity: identity)
        }
        // A page brought the server's id already: that row takes the copy, the pending row leaves.
        guard let position = indexes[source].position(of: temporary, in: items, identity),
            indexes[source].isPending(at: position, count: items.count)
        else { return nil }
        if indexes[source].isPending(at: held, count: items.count) {
            confirmPendingItem(serverCopy, source: source)
        } else {
            updateItem(serverCopy, source: source)
        }
        takeOutPendingItem(temporary, source: source, identity: identity)
        revision &+= 1
        return localUpdate(source: source, change: .replaced(count: states[source].items.count))
    }

    /// Puts `copy` in place of the pending item with this id, as a local insertion outside the
    /// runs of pending items.
    private mutating func confirmPending(
        _ id: RefreshItemID, with copy: Item, source: Int, identity: RefreshItemIdentity<Item>
    ) -> RefreshUpdate? {
        guard let (position, atFront) = takeOutPendingItem(id, source: source, identity: identity) else {
            return nil
        }
        indexes[source].removed[identity.id(copy)] = nil
        let (front, back) = pendingCounts(source)
        let place = atFront ? front : states[source].items.count - back
        indexes[source].insert(copy, at: place, into: &states[source]._items, identity, generation: lastGeneration)
        adjustHeldPage(source, at: place, by: 1)
        revision &+= 1
        let rows = Swift.min(position, place)..<(Swift.max(position, place) + 1)
        return localUpdate(source: source, change: .edited(rows))
    }

    /// Takes the pending item with this id out of the source, its edit forgotten, as if it had
    /// never been inserted.
    /// - Returns: Where it was, and whether in the run at the front; `nil` when no pending item
    ///   has that id.
    @discardableResult
    private mutating func takeOutPendingItem(
        _ id: RefreshItemID, source: Int, identity: RefreshItemIdentity<Item>
    ) -> (position: Int, atFront: Bool)? {
        let items = states[source].items
        guard let position = indexes[source].position(of: id, in: items, identity),
            indexes[source].isPending(at: position, count: items.count)
        else { return nil }
        let atFront = position < indexes[source].pendingFront
        // No request is asked for after the newest generation: the item's edit goes with it.
        indexes[source].confirm(at: position, in: &states[source]._items, identity, asked: .max)
        return (position, atFront)
    }

    /// Whether the item with this id is pending: inserted with
    /// ``insertPendingItem(_:at:source:)`` and not yet brought by an answer nor removed.
    ///
    /// Replacing a source's whole state, or the ``identity``, forgets which items are pending.
    /// - Parameters:
    ///   - id: The item's id, of the type the ``identity`` reads.
    ///   - source: The source that holds it.
    /// - Returns: `false` when no item with that id is held, or the list has no identity.
    public func isPending(id: some Hashable & Sendable, source: Int) -> Bool {
        checkSource(source, in: "isPending(id:source:)")
        guard let identity else { return false }
        identity.checkIDType(of: id, in: "isPending(id:source:)")
        let items = states[source].items
        guard let position = indexes[source].position(of: RefreshItemID(id), in: items, identity) else {
            return false
        }
        return indexes[source].isPending(at: position, count: items.count)
    }

    /// The item with this id, found through the id index: the cost does not grow with the rows
    /// held (no scan of the items), so a screen can look a row up on every tap.
    /// - Parameters:
    ///   - id: The item's id, of the type the ``identity`` reads.
    ///   - source: The source that holds it.
    /// - Returns: The item, or `nil` when no item with that id is held or the list has no identity.
    public func item(id: some Hashable & Sendable, source: Int) -> Item? {
        checkSource(source, in: "item(id:source:)")
        guard let identity else { return nil }
        identity.checkIDType(of: id, in: "item(id:source:)")
        let items = states[source].items
        return indexes[source].position(of: RefreshItemID(id), in: items, identity).map { items[$0] }
    }

    /// The position of the item with this id, found through the id index: the cost does not grow
    /// with the rows held (no scan of the items), so a screen can find a row on every tap.
    /// - Parameters:
    ///   - id: The item's id, of the type the ``identity`` reads.
    ///   - source: The source that holds it.
    /// - Returns: Its index in the source's items, or `nil` when no item with that id is held or
    ///   the list has no identity.
    public func index(id: some Hashable & Sendable, source: Int) -> Int? {
        checkSource(source, in: "index(id:source:)")
        guard let identity else { return nil }
        identity.checkIDType(of: id, in: "index(id:source:)")
        return indexes[source].position(of: RefreshItemID(id), in: states[source].items, identity)
    }

    /// The position of the held item with `item`'s id, found through the id index, at a cost that
    /// does not grow with the rows held; `nil` when none is held or the list has no identity.
    func index(of item: Item, source: Int) -> Int? {
        guard let identity else { return nil }
        return indexes[source].position(of: identity.id(item), in: states[source].items, identity)
    }

    /// The source's pending items, front to back: those not yet brought by an answer nor removed.
    /// Costs about the number of pending items.
    /// - Parameter source: The source.
    /// - Returns: The pending items, in the order the list holds them.
    public func pendingItems(source: Int) -> [Item] {
        checkSource(source, in: "pendingItems(source:)")
        guard !indexes.isEmpty else { return [] }
        let items = states[source].items
        let (front, back) = (indexes[source].pendingFront, indexes[source].pendingBack)
        return Array(items[0..<front]) + Array(items[(items.count - back)..<items.count])
    }

    /// How many pending items sit before the server's rows and after them; `(0, 0)` without an
    /// identity.
    func pendingCounts(_ source: Int) -> (front: Int, back: Int) {
        indexes.isEmpty ? (0, 0) : (indexes[source].pendingFront, indexes[source].pendingBack)
    }

    /// The positions of the source's items that are not pending: the server's rows and local
    /// edits, between the two runs of pending items.
    @usableFromInline
    func unpendingPositions(_ source: Int) -> Range<Int> {
        let (front, back) = pendingCounts(source)
        return front..<(states[source].items.count - back)
    }

    /// Takes the pending items whose ids the page brings out of the source: the server's copies
    /// take their place when the page is merged, except where a local update made after the
    /// request of generation `asked` was asked for stands (rule I3).
    /// - Returns: Their positions before they were taken out, ascending, their ids, and the
    ///   updated items that stand in place of the server's copies.
    mutating func confirmPending(
        _ incoming: [Item],
        source: Int,
        asked: UInt64,
        identity: RefreshItemIdentity<Item>
    ) -> (positions: [Int], ids: [RefreshItemID], standing: [Item]) {
        let (front, back) = pendingCounts(source)
        guard front + back > 0 else { return ([], [], []) }
        let confirmed = indexes[source].pendingConfirmed(by: incoming, in: states[source].items, identity)
        let ids = confirmed.map { identity.id(states[source].items[$0]) }
        var standing: [Item] = []
        // From the last, so that each position is still where it was.
        for position in confirmed.reversed() {
            if let item = indexes[source].confirm(at: position, in: &states[source]._items, identity, asked: asked) {
                standing.append(item)
            }
        }
        return (confirmed, ids, standing)
    }

    /// Puts the updated items that stand in place of the server's copies that confirmed them where
    /// those copies landed.
    mutating func keepStanding(_ standing: [Item], source: Int, identity: RefreshItemIdentity<Item>) {
        guard !standing.isEmpty else { return }
        for item in standing {
            let id = identity.id(item)
            if let position = indexes[source].position(of: id, in: states[source].items, identity) {
                states[source]._items[position] = item
            } else {
                indexes[source].edited[id] = nil
            }
        }
    }
}

extension ItemIndex {
    /// Whether the item at `position`, of `count` held, is pending.
    func isPending(at position: Int, count: Int) -> Bool {
        position < pendingFront || position >= count - pendingBack
    }

    /// The positions of the pending items among `items` whose ids `incoming` brings, ascending.
    /// Costs one id lookup per page item.
    func pendingConfirmed<Item>(
        by incoming: [Item], in items: RefreshItems<Item>, _ identity: RefreshItemIdentity<Item>
    )
        -> [Int]
    {
        var confirmed = Set<Int>()
        for index in incoming.indices {
            if let position = position(of: identity.id(incoming[index]), in: items, identity),
                isPending(at: position, count: items.count)
            {
                confirmed.insert(position)
            }
        }
        return confirmed.sorted()
    }

    /// After a refresh emptied the index: adds the pending items at `positions` of the list it
    /// replaced after the items held, as the pending items at the front or at the back.
    mutating func keepPending<Item>(
        _ positions: [Int],
        of old: RefreshItems<Item>,
        in items: inout RefreshItems<Item>,
        _ identity: RefreshItemIdentity<Item>,
        atFront: Bool
    ) {
        for position in positions {
            items.append(old[position])
            _ = add(identity.id(old[position]), at: items.count - 1, in: items, identity)
        }
        if atFront {
            pendingFront = positions.count
        } else {
            pendingBack = positions.count
        }
        // They are not the server's items.
        unheld &-= positions.count
    }

    /// Forgets that the item at `position` of the `count` held before its removal was pending.
    /// - Returns: Whether it was.
    mutating func forgetPending(at position: Int, heldBefore count: Int) -> Bool {
        if position < pendingFront {
            pendingFront -= 1
            return true
        }
        if position >= count - pendingBack {
            pendingBack -= 1
            return true
        }
        return false
    }

    /// Removes the pending item at `position`, which an answer to a request of generation
    /// `asked` confirmed: its server copy comes with the answer, so the item counts as the
    /// server's again.
    /// - Returns: The item, when it was updated after that request was asked for: the update
    ///   stands in place of the server's copy, as an edit of the server's item (rule I3).
    @discardableResult
    mutating func confirm<Item>(
        at position: Int, in items: inout RefreshItems<Item>, _ identity: RefreshItemIdentity<Item>, asked: UInt64
    ) -> Item? {
        let id = identity.id(items[position])
        _ = forgetPending(at: position, heldBefore: items.count)
        let item = items[position]
        let stands = edited[id].map { $0.outlasts(asked) } ?? false
        if !stands {
            edited[id] = nil
        }
        remove(id, at: position)
        moveGap(at: position, by: -1, in: items, identity)
        items.remove(at: position)
        unheld &+= 1
        return stands ? item : nil
    }

    /// Takes the pending items at one end out of `items` and the index, while a page goes in
    /// next to them.
    mutating func takeOutPending<Item>(
        atFront: Bool,
        from items: inout RefreshItems<Item>,
        _ identity: RefreshItemIdentity<Item>
    ) -> ContiguousArray<Item> {
        let count = atFront ? pendingFront : pendingBack
        guard count > 0 else { return [] }
        let start = atFront ? 0 : items.count - count
        let taken = ContiguousArray(items[start..<(start + count)])
        for offset in taken.indices {
            remove(identity.id(taken[offset]), at: start + offset)
        }
        if atFront {
            items.removeFirst(count)
            movePositions(by: -count)
            pendingFront = 0
        } else {
            items.removeLast(count)
            pendingBack = 0
        }
        return taken
    }

    /// Puts the pending items taken out by ``takeOutPending(atFront:from:_:)`` back at their end.
    mutating func putBackPending<Item>(
        _ taken: ContiguousArray<Item>,
        atFront: Bool,
        into items: inout RefreshItems<Item>,
        _ identity: RefreshItemIdentity<Item>
    ) {
        guard !taken.isEmpty else { return }
        let start = atFront ? 0 : items.count
        if atFront {
            items.insert(contentsOf: taken, at: 0)
            movePositions(by: taken.count)
            pendingFront = taken.count
        } else {
            items.append(contentsOf: taken)
            pendingBack = taken.count
        }
        for offset in taken.indices {
            _ = add(identity.id(taken[offset]), at: start + offset, in: items, identity)
        }
    }
}
