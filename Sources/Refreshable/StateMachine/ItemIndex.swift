/// What a source knows about its items' ids: where each one is, and the local edits that stick.
///
/// Where each id is, is a hash table from the id to a key: the item's position plus `base`.
/// Moving `base` moves every position at once, so items dropped or added at the front re-index
/// nothing, and an edit re-keys only the items on its shorter side. The table holds no ids: a slot
/// holds 32 bits of the id's hash and the key, and a match is confirmed by reading the item's id.
/// It grows without one big rehash: the bigger table is zeroed a few slots at a time before it is
/// needed, then takes the old one's entries a few at a time, as items are added.
@usableFromInline
struct ItemIndex: Sendable {
    /// Where each held id is.
    private var table = PositionTable(capacity: 0)
    /// The table before the last growth; its entries move to `table` as items are added.
    private var moving = PositionTable(capacity: 0)
    /// The next slot of `moving` whose entry moves; the slots before it are empty.
    private var nextToMove = 0
    /// The slots of the table to grow into, twice the size of `table`, zeroed a few for each id
    /// added once `table` is half full: zeroed at once, they would hold up one page load for
    /// milliseconds at a million items, as an array of the items growing did (``RefreshItems``
    /// grows by the chunk).
    private var spare: [UInt64] = []
    /// What a key less `base` gives: the item's position.
    private var base: UInt32 = 0
    /// Ids removed locally, each with the newest request generation issued when it was removed: a
    /// removal sticks until a refresh asked for after it lands.
    var removed: [RefreshItemID: UInt64] = [:]
    /// Ids updated or inserted locally since an answer asked for after the edit last brought them,
    /// each with when it was edited: an answer asked for before the edit does not undo it.
    var edited: [RefreshItemID: LocalEdit] = [:]
    /// How many items the server sent since the last refresh beyond those held: the page items left
    /// out and the held items removed, less the items inserted locally. The end of the list by total
    /// count compares the server's count, held items plus this.
    var unheld = 0
    /// How many pending items (see `RefreshSources.insertPendingItem(_:at:source:)`) come first,
    /// before every other item, and last, after them.
    var pendingFront = 0
    var pendingBack = 0
    /// Whether the items held an id twice when they were indexed (items held before the identity
    /// was given): only the first is in the table, so a change that moves items indexes them again.
    private(set) var holdsDuplicates = false

    init() {}

    /// An index of `items`, keeping the first position of an id held twice.
    init<Item>(_ items: RefreshItems<Item>, identity: RefreshItemIdentity<Item>) {
        table = PositionTable(capacity: PositionTable.capacity(for: items.count))
        for position in items.indices {
            if add(identity.id(items[position]), at: position, in: items, identity) != nil {
                holdsDuplicates = true
            }
        }
    }

    /// An index of `items` again, with the same local edits (those of items still held).
    func reindexed<Item>(_ items: RefreshItems<Item>, _ identity: RefreshItemIdentity<Item>) -> ItemIndex {
        var fresh = ItemIndex(items, identity: identity)
        fresh.removed = removed
        fresh.unheld = unheld
        (fresh.pendingFront, fresh.pendingBack) = (pendingFront, pendingBack)
        fresh.edited = edited.filter { fresh.position(of: $0.key, in: items, identity) != nil }
        return fresh
    }

    /// An index for a refresh: no ids yet, room for `count`, and the local removals that outlive the
    /// refresh.
    func refreshed(holding count: Int, generation: UInt64) -> ItemIndex {
        var fresh = ItemIndex()
        fresh.table = PositionTable(capacity: PositionTable.capacity(for: count))
        // A removal sticks through a refresh asked for before it, and ends with the next one.
        fresh.removed = removed.filter { $0.value >= generation }
        return fresh
    }

    /// The position of the item with this id, if it is held.
    func position<Item>(of id: RefreshItemID, in items: RefreshItems<Item>, _ identity: RefreshItemIdentity<Item>)
        -> Int?
    {
        find(id, PositionTable.fingerprint(of: id), in: items, identity)
    }

    /// The position of the item with this id and fingerprint: in the table, or while the index
    /// grows, in the table it grew from.
    private func find<Item>(
        _ id: RefreshItemID,
        _ fingerprint: UInt32,
        in items: RefreshItems<Item>,
        _ identity: RefreshItemIdentity<Item>
    ) -> Int? {
        if let position = find(id, fingerprint, in: table, items, identity) {
            return position
        }
        return moving.count > 0 ? find(id, fingerprint, in: moving, items, identity) : nil
    }

    private func find<Item>(
        _ id: RefreshItemID,
        _ fingerprint: UInt32,
        in table: PositionTable,
        _ items: RefreshItems<Item>,
        _ identity: RefreshItemIdentity<Item>
    ) -> Int? {
        var slot = table.match(fingerprint, from: table.home(of: fingerprint))
        while let found = slot {
            let position = position(ofKey: table.key(at: found))
            if identity.id(items[position]) == id {
                return position
            }
            slot = table.match(fingerprint, from: table.slot(after: found))
        }
        return nil
    }

    /// Records that the item with this id is at `position`, unless the id is held already.
    /// - Returns: The position of the item held with this id, or `nil` when it was added.
    mutating func add<Item>(
        _ id: RefreshItemID,
        at position: Int,
        in items: RefreshItems<Item>,
        _ identity: RefreshItemIdentity<Item>
    ) -> Int? {
        let fingerprint = PositionTable.fingerprint(of: id)
        if let held = find(id, fingerprint, in: items, identity) {
            return held
        }
        if table.isFull {
            grow()
        }
        table.insert(fingerprint, key: key(of: position))
        moveEntries()
        prepareSpare()
        return nil
    }

    /// Forgets that the item with this id is at `position`; an entry for another position of the
    /// same id (an id held twice) stays.
    mutating func remove(_ id: RefreshItemID, at position: Int) {
        let fingerprint = PositionTable.fingerprint(of: id)
        let key = key(of: position)
        if let slot = table.slot(of: fingerprint, key: key) {
            table.remove(at: slot)
        } else if let slot = moving.slot(of: fingerprint, key: key) {
            moving.remove(at: slot)
        }
    }

    /// Moves every position by `offset`: after items were added (`offset` > 0) or dropped at the
    /// front.
    mutating func movePositions(by offset: Int) {
        base = base &- UInt32(truncatingIfNeeded: offset)
    }

    /// Moves the positions of the items after a gap at `position` by `delta`: -1 before the item
    /// there is removed from `items` (which holds `items.count` items until then), its own entry
    /// already forgotten; 1 before an item is inserted there.
    mutating func moveGap<Item>(
        at position: Int,
        by delta: Int,
        in items: RefreshItems<Item>,
        _ identity: RefreshItemIdentity<Item>
    ) {
        if position < items.count - position {
            // Fewer items before it: they move the other way in keys, and every position moves.
            rekey(0..<position, by: -delta, in: items, identity)
            movePositions(by: delta)
        } else {
            // The items after it; on an insertion, the item now there too.
            rekey((delta < 0 ? position + 1 : position)..<items.count, by: delta, in: items, identity)
        }
    }

    /// Adds `offset` to the keys of the items at `positions`: found by id when they are few, by a
    /// pass over the tables' slots when they are many.
    private mutating func rekey<Item>(
        _ positions: Range<Int>,
        by offset: Int,
        in items: RefreshItems<Item>,
        _ identity: RefreshItemIdentity<Item>
    ) {
        guard !positions.isEmpty else { return }
        let delta = UInt32(truncatingIfNeeded: offset)
        let (first, count) = (key(of: positions.lowerBound), UInt32(positions.count))
        if positions.count * 16 > table.capacity + moving.capacity {
            table.rekey(keys: first, count: count, by: delta)
            moving.rekey(keys: first, count: count, by: delta)
            return
        }
        // Keys that go up are changed from the last, keys that go down from the first, so that no
        // key is held twice on the way.
        let (from, to) =
            offset > 0
            ? (positions.upperBound - 1, positions.lowerBound) : (positions.lowerBound, positions.upperBound - 1)
        for position in stride(from: from, through: to, by: offset > 0 ? -1 : 1) {
            let fingerprint = PositionTable.fingerprint(of: identity.id(items[position]))
            let key = key(of: position)
            // An id held twice keeps the entry of its first position.
            if let slot = table.slot(of: fingerprint, key: key) {
                table.setKey(key &+ delta, at: slot)
            } else if let slot = moving.slot(of: fingerprint, key: key) {
                moving.setKey(key &+ delta, at: slot)
            }
        }
    }

    private func key(of position: Int) -> UInt32 {
        base &+ UInt32(truncatingIfNeeded: position)
    }

    private func position(ofKey key: UInt32) -> Int {
        Int(key &- base)
    }

    /// Starts moving the entries into a table twice the size.
    private mutating func grow() {
        // Unreachable: the entries moved for each one added empty the old table first (see
        // moveEntries()). Kept so that the table never fills.
        while moving.count > 0 {
            moveEntries()
        }
        moving = table
        nextToMove = 0
        let capacity = Swift.max(8, table.capacity * 2)
        table = spare.count == capacity ? PositionTable(slots: spare) : PositionTable(capacity: capacity)
        spare = []
    }

    /// Zeroes a few more slots of the table to grow into, once `table` is half full: all of them
    /// before it is three quarters full, sixteen for each id added where a quarter needs eight. A
    /// small table grows into slots zeroed at once, which cost less than a microsecond.
    private mutating func prepareSpare() {
        let capacity = table.capacity * 2
        guard capacity > 4_096, table.count * 2 >= table.capacity, spare.count < capacity else { return }
        if spare.isEmpty {
            // Memory the system hands out untouched: only the slots zeroed are written.
            spare.reserveCapacity(capacity)
        }
        spare.append(contentsOf: repeatElement(0, count: Swift.min(16, capacity - spare.count)))
    }

    /// Moves a few entries from the table before the last growth into the current one. The old
    /// table (capacity C, holding 3/4 C) is empty after C slots are visited, four for each entry
    /// added, so before the new table (capacity 2 C) fills at 3/2 C.
    ///
    /// A run of used slots moves whole: a lookup in the old table stops at an empty slot, which an
    /// entry moved from the middle of a run would leave.
    private mutating func moveEntries() {
        var visited = 0
        while moving.count > 0, visited < 4 || moving.entry(at: nextToMove) != 0 {
            let entry = moving.entry(at: nextToMove)
            if entry != 0 {
                table.insert(PositionTable.fingerprint(ofSlot: entry), key: PositionTable.key(ofSlot: entry))
                moving.clear(nextToMove)
            }
            nextToMove = moving.slot(after: nextToMove)
            visited += 1
        }
        if moving.count == 0, moving.capacity > 0 {
            moving = PositionTable(capacity: 0)
        }
    }
}

extension ItemIndex: Equatable {
    /// Two indexes are equal when their local edits are: where each id is follows from the items,
    /// which the sources compare, whatever the tables' history.
    @usableFromInline
    static func == (lhs: ItemIndex, rhs: ItemIndex) -> Bool {
        lhs.removed == rhs.removed && lhs.edited == rhs.edited && lhs.unheld == rhs.unheld
            && lhs.pendingFront == rhs.pendingFront && lhs.pendingBack == rhs.pendingBack
    }
}

/// A hash table of keys with open addressing and linear probing, which holds no ids.
///
/// A used slot holds an id's fingerprint (32 bits of its hash, the lowest set, so a used slot is
/// never 0) in its high half and a key in its low half. The caller confirms a match by the key.
/// A slot's home is read from its fingerprint, so the table grows without hashing an id again.
/// Keys are 32 bits: a list holds fewer than 2³² items.
struct PositionTable: Sendable {
    private var slots: [UInt64]
    /// How many slots are used: a table's count is not read off its slots.
    private(set) var count = 0

    /// A table of `capacity` slots: 0, or a power of two.
    init(capacity: Int) {
        slots = Array(repeating: 0, count: capacity)
    }

    /// A table of these slots, all 0: a power of two of them.
    init(slots: [UInt64]) {
        self.slots = slots
    }

    /// The capacity that holds `count` entries at most three quarters full.
    static func capacity(for count: Int) -> Int {
        var capacity = 8
        while capacity * 3 < count * 4 {
            capacity *= 2
        }
        return capacity
    }

    static func fingerprint(of id: RefreshItemID) -> UInt32 {
        UInt32(truncatingIfNeeded: id.hashValue) | 1
    }

    static func fingerprint(ofSlot slot: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: slot >> 32)
    }

    static func key(ofSlot slot: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: slot)
    }

    var capacity: Int { slots.count }

    /// Whether one more entry would fill the table past three quarters.
    var isFull: Bool { (count + 1) * 4 > capacity * 3 }

    func entry(at slot: Int) -> UInt64 {
        slots[slot]
    }

    func key(at slot: Int) -> UInt32 {
        Self.key(ofSlot: slots[slot])
    }

    mutating func setKey(_ key: UInt32, at slot: Int) {
        slots[slot] = slots[slot] & 0xFFFF_FFFF_0000_0000 | UInt64(key)
    }

    /// The first slot to look at for an entry with this fingerprint.
    func home(of fingerprint: UInt32) -> Int {
        Int(fingerprint >> 1) & (capacity - 1)
    }

    /// The slot looked at after `slot`.
    func slot(after slot: Int) -> Int {
        (slot + 1) & (capacity - 1)
    }

    /// From `slot` on, the first slot whose entry has this fingerprint, or `nil` when an empty slot
    /// comes first: the caller confirms the match by its key.
    func match(_ fingerprint: UInt32, from slot: Int) -> Int? {
        guard count > 0 else { return nil }
        var slot = slot
        while slots[slot] != 0 {
            if Self.fingerprint(ofSlot: slots[slot]) == fingerprint {
                return slot
            }
            slot = self.slot(after: slot)
        }
        return nil
    }

    /// The slot of the entry with this fingerprint and key.
    func slot(of fingerprint: UInt32, key: UInt32) -> Int? {
        var slot = match(fingerprint, from: home(of: fingerprint))
        while let found = slot, self.key(at: found) != key {
            slot = match(fingerprint, from: self.slot(after: found))
        }
        return slot
    }

    /// Adds an entry; the table must have room (see ``isFull``).
    mutating func insert(_ fingerprint: UInt32, key: UInt32) {
        var slot = home(of: fingerprint)
        while slots[slot] != 0 {
            slot = self.slot(after: slot)
        }
        slots[slot] = UInt64(fingerprint) << 32 | UInt64(key)
        count += 1
    }

    /// Empties a slot, moving back the entries after it that would no longer be found.
    mutating func remove(at slot: Int) {
        let mask = capacity - 1
        var hole = slot
        var next = (slot + 1) & mask
        while slots[next] != 0 {
            let home = home(of: Self.fingerprint(ofSlot: slots[next]))
            // The entry stays unless the hole lies between its home and its slot.
            if (next &- home) & mask >= (next &- hole) & mask {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = 0
        count -= 1
    }

    /// Empties a slot and leaves the entries after it where they are, which only a table being
    /// emptied from its first slot may do (see `ItemIndex.moveEntries()`).
    mutating func clear(_ slot: Int) {
        slots[slot] = 0
        count -= 1
    }

    /// Adds `delta` to every key from `first` on, `count` of them, in one pass over the slots.
    mutating func rekey(keys first: UInt32, count: UInt32, by delta: UInt32) {
        guard self.count > 0 else { return }
        for slot in slots.indices where slots[slot] != 0 {
            let key = Self.key(ofSlot: slots[slot])
            if key &- first < count {
                setKey(key &+ delta, at: slot)
            }
        }
    }
}
