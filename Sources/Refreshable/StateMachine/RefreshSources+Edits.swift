/// Local edits by id: update, remove and insert items without a refresh.
///
/// Each needs the sources' ``RefreshSources/identity``. An edit is kept across later loads as the
/// article "Items with an identity" describes: an answer asked for before an edit does not undo
/// it. A removal sticks until a refresh asked for after it lands; the copy of an edited item that
/// an answer asked for after the edit brings replaces the edit.
extension RefreshSources {
    /// Replaces the held item that has `item`'s id with `item`, in place, without a refresh.
    ///
    /// The edit stands until an answer asked for after it brings that item: the server's copy,
    /// from a later page or a refresh, then replaces it. An answer asked for before the edit (a
    /// refresh or a page in flight when it was made) does not undo it: where it brings the item,
    /// the edited item is held at the place the answer gives it. The edit outlasts the page cap
    /// (``RefreshPolicy/maxPages``) too: an item the cap drops is kept as edited, and held so
    /// again when such an answer brings it back.
    /// - Parameters:
    ///   - item: The new version of a held item.
    ///   - source: The source that holds it.
    /// - Returns: The change (``RefreshUpdate/Change/edited(_:)``), or `nil` when no item with that
    ///   id is held.
    @discardableResult
    public mutating func updateItem(_ item: Item, source: Int) -> RefreshUpdate? {
        let identity = requireIdentity(in: "updateItem(_:source:)", source: source)
        guard
            let position = indexes[source].update(
                item, in: &states[source]._items, identity, generation: lastGeneration)
        else { return nil }
        revision &+= 1
        return localUpdate(source: source, change: .edited(position..<(position + 1)))
    }

    /// Puts the held item back as `original`, in place, and forgets the local edit of it, without
    /// a refresh: the rollback of an edit the server refused.
    ///
    /// Unlike ``updateItem(_:source:)``, the rollback is not an edit of its own: the next answer
    /// that brings the item, a load in flight since before the edit included, replaces it with the
    /// server's copy, which may be newer than `original` (renamed on another device). An item
    /// inserted locally stays an insertion (rule I3 in <doc:Rules#Rules-of-the-features>), with
    /// its later updates forgotten; a pending item stays pending. An edit of an item the page cap
    /// dropped is rolled back too: the item is not held, so nothing changes on screen, and its
    /// next copy shows the server's.
    ///
    /// ```swift
    /// updateItem(ticked)
    /// do { try await api.setDone(ticked) } catch { revertItem(original) }
    /// ```
    /// - Parameters:
    ///   - original: The item as it was before the refused edit, with its id.
    ///   - source: The source that holds it.
    /// - Returns: The change (``RefreshUpdate/Change/edited(_:)``), or `nil` when no item with that
    ///   id is held.
    @discardableResult
    public mutating func revertItem(_ original: Item, source: Int) -> RefreshUpdate? {
        let identity = requireIdentity(in: "revertItem(_:source:)", source: source)
        let id = identity.id(original)
        guard let position = indexes[source].position(of: id, in: states[source].items, identity) else {
            // The edit of an item the cap dropped is rolled back too: its next copy shows.
            forgetEditDropped(id, source: source)
            return nil
        }
        states[source]._items[position] = original
        // An insertion stays one; otherwise the held copy gives way to the next answer's, a
        // load-more's or a previous page's included, which would keep a held item under rule I1.
        indexes[source].edited[id] =
            indexes[source].edited[id]?.inserted.map { LocalEdit(generation: $0, inserted: $0) } ?? .reverted
        revision &+= 1
        return localUpdate(source: source, change: .edited(position..<(position + 1)))
    }

    /// Removes the held item with this id, without a refresh.
    ///
    /// The removal sticks until a refresh asked for after it lands: a later page that brings the
    /// item back leaves it out (counted in ``RefreshUpdate/droppedRemovals``), and so does a
    /// refresh that was already in flight. An id that is not held is remembered all the same, so a
    /// page still to come does not bring the item in.
    ///
    /// For an ``identity`` that reads integer or string ids, an id of the other kind (a `String`
    /// for a list of integer ids) could never be held: it stops the app with a message that names
    /// both types. Integers of any width compare as numbers.
    /// - Parameters:
    ///   - id: The item's id, of the type the ``identity`` reads.
    ///   - source: The source that holds it.
    /// - Returns: The change (``RefreshUpdate/Change/removed(_:)``), or `nil` when no item with that
    ///   id was held.
    @discardableResult
    public mutating func removeItem(id: some Hashable & Sendable, source: Int) -> RefreshUpdate? {
        let identity = requireIdentity(in: "removeItem(id:source:)", source: source)
        identity.checkIDType(of: id, in: "removeItem(id:source:)")
        revision &+= 1
        let generation = lastGeneration
        let heldBefore = states[source].items.count
        forgetEditDropped(RefreshItemID(id), source: source)
        guard
            let position = indexes[source].remove(
                RefreshItemID(id), from: &states[source]._items, identity, generation: generation)
        else { return nil }
        if !indexes[source].forgetPending(at: position, heldBefore: heldBefore) {
            adjustHeldPage(source, at: position, by: -1)
        }
        return localUpdate(source: source, change: .removed(position..<(position + 1)))
    }

    /// Inserts an item at a position, without a refresh: a new item made on this device, for
    /// example, before the server has it.
    ///
    /// The server's own copy, when an answer asked for after the insertion brings it, replaces the
    /// inserted one in place. An answer asked for before it does not undo it: a refresh that was
    /// in flight keeps the item where it is (the nearest position its new items have), or, when
    /// it brings the item, holds the inserted one at the place it gives the item. An item
    /// whose id is held already is not inserted twice: the held item is updated in its place, as
    /// ``updateItem(_:source:)`` does, and an id removed locally is no longer left out of pages.
    /// It goes after the pending items at the front and before those at the back (see
    /// ``insertPendingItem(_:at:source:)``): a position among them is moved to the nearest one
    /// outside them.
    /// - Parameters:
    ///   - item: The item to insert.
    ///   - position: Where to insert it, from `0` to the number of items held.
    ///   - source: The source to insert it into.
    /// - Returns: The change: ``RefreshUpdate/Change/inserted(_:)``, or
    ///   ``RefreshUpdate/Change/edited(_:)`` for an id held already.
    @discardableResult
    public mutating func insertItem(_ item: Item, at position: Int, source: Int) -> RefreshUpdate {
        let identity = requireIdentity(in: "insertItem(_:at:source:)", source: source)
        let count = states[source].items.count
        require(
            (0...count).contains(position),
            "insertItem(_:at:source:): position \(position) is outside 0...\(count), the positions source \(source) can take an item at; pass an index into its items or their count to append."
        )
        let id = identity.id(item)
        indexes[source].removed[id] = nil
        if let update = updateItem(item, source: source) {
            return update
        }
        forgetEditDropped(id, source: source)
        revision &+= 1
        let unpending = unpendingPositions(source)
        let place = Swift.min(Swift.max(position, unpending.lowerBound), unpending.upperBound)
        indexes[source].insert(item, at: place, into: &states[source]._items, identity, generation: lastGeneration)
        adjustHeldPage(source, at: place, by: 1)
        return localUpdate(source: source, change: .inserted(place..<(place + 1)))
    }

    func requireIdentity(in caller: String, source: Int) -> RefreshItemIdentity<Item> {
        checkSource(source, in: caller)
        guard let identity else {
            fatalError(
                "\(caller) edits items by id, but this list has no identity: pass identity: .id() (Identifiable items) or RefreshItemIdentity(\\.yourID) when you create it, or set its identity."
            )
        }
        return identity
    }

    func localUpdate(source: Int, change: RefreshUpdate.Change) -> RefreshUpdate {
        RefreshUpdate(request: nil, source: source, change: change, noMoreData: states[source].noMoreData)
    }
}

/// When an item was edited locally, in request generations: the newest generation issued then. A
/// request of that generation or an older one was asked for before the edit, and its answer does
/// not undo it.
struct LocalEdit: Sendable, Equatable {
    /// When the item was last updated or inserted.
    var generation: UInt64
    /// When it was inserted, for an item inserted locally rather than sent by the server.
    var inserted: UInt64?

    /// Whether an answer to a request of this generation was asked for before the edit.
    func outlasts(_ asked: UInt64) -> Bool {
        generation >= asked
    }

    /// An edit rolled back: it outlasts no answer (request generations start at 1), so the next
    /// answer that brings the item replaces the held copy with the server's, as it replaces an
    /// edit, whatever the identity's duplicate rule.
    static let reverted = LocalEdit(generation: 0)
}

/// A local edit of an item the page cap dropped, with the item as edited: it outlasts the cap as
/// it outlasts loads (rule I3). Not nested in the generic `RefreshSources`, whose nested types are
/// generic too.
struct DroppedEdit<Item: Sendable>: Sendable {
    var item: Item
    var edit: LocalEdit
}

extension DroppedEdit: Equatable where Item: Equatable {}

extension RefreshSources {
    /// Keeps the local edits of the items at `positions`, which the page cap is about to drop,
    /// with the items as edited. Costs one id lookup per edit.
    mutating func keepEditsDropped(_ positions: Range<Int>, source: Int, identity: RefreshItemIdentity<Item>) {
        guard !indexes[source].edited.isEmpty else { return }
        for (id, edit) in indexes[source].edited {
            if let position = indexes[source].position(of: id, in: states[source].items, identity),
                positions.contains(position)
            {
                states[source].droppedEdits[id] = DroppedEdit(item: states[source].items[position], edit: edit)
            }
        }
    }

    /// After an answer to a request of generation `asked` was merged: an item the cap dropped
    /// while edited that the answer brought again is held as edited, and its edit stands, when
    /// the answer was asked for before the edit; otherwise the answer's copy stays and the edit is
    /// over. A refresh forgets every other edit of a dropped item. Costs one id lookup per edit.
    mutating func restoreEditsDropped(source: Int, asked: UInt64, refresh: Bool, identity: RefreshItemIdentity<Item>) {
        guard !states[source].droppedEdits.isEmpty else { return }
        for (id, dropped) in states[source].droppedEdits {
            guard let position = indexes[source].position(of: id, in: states[source].items, identity) else { continue }
            states[source].droppedEdits[id] = nil
            if dropped.edit.outlasts(asked) {
                states[source]._items[position] = dropped.item
                indexes[source].edited[id] = dropped.edit
            }
        }
        if refresh {
            states[source].droppedEdits = [:]
        }
    }

    /// Forgets the edit of a dropped item with this id: a later local edit of the id replaces it.
    mutating func forgetEditDropped(_ id: RefreshItemID, source: Int) {
        if !states[source].droppedEdits.isEmpty {
            states[source].droppedEdits[id] = nil
        }
    }
}

extension ItemIndex {
    /// Replaces the held item that has `item`'s id with `item`, and records the edit, made when
    /// `generation` was the newest request generation issued.
    /// - Returns: Its position, or `nil` when no item with that id is held.
    mutating func update<Item>(
        _ item: Item, in items: inout RefreshItems<Item>, _ identity: RefreshItemIdentity<Item>, generation: UInt64
    ) -> Int? {
        let id = identity.id(item)
        guard let position = position(of: id, in: items, identity) else { return nil }
        items[position] = item
        edited[id, default: LocalEdit(generation: generation)].generation = generation
        return position
    }

    /// Removes the held item with this id, and records the removal with the newest generation
    /// issued (held or not, so that a page still to come leaves the item out).
    /// - Returns: Its position, or `nil` when no item with that id was held.
    mutating func remove<Item>(
        _ id: RefreshItemID,
        from items: inout RefreshItems<Item>,
        _ identity: RefreshItemIdentity<Item>,
        generation: UInt64
    ) -> Int? {
        removed[id] = generation
        edited[id] = nil
        guard let position = position(of: id, in: items, identity) else { return nil }
        remove(id, at: position)
        moveGap(at: position, by: -1, in: items, identity)
        items.remove(at: position)
        unheld &+= 1
        return position
    }

    /// Inserts an item whose id is not held at `position`, and records the edit, made when
    /// `generation` was the newest request generation issued.
    mutating func insert<Item>(
        _ item: Item,
        at position: Int,
        into items: inout RefreshItems<Item>,
        _ identity: RefreshItemIdentity<Item>,
        generation: UInt64
    ) {
        let id = identity.id(item)
        moveGap(at: position, by: 1, in: items, identity)
        items.insert(item, at: position)
        _ = add(id, at: position, in: items, identity)
        edited[id] = LocalEdit(generation: generation, inserted: generation)
        unheld &-= 1
    }
}
