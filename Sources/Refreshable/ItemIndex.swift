/// What a source knows about its items' ids: where each one is, and the local edits that stick.
///
/// Where each id is, is a hash table from the id to a key: the item's position plus `base`.
/// Moving `base` moves every position at once, so items dropped or added at the front re-index
/// nothing, and an edit re-keys only the items on its shorter side. The table holds no ids: a slot
/// holds 32 bits of the id's hash and the key, and a match is confirmed by reading the item's id.
/// It grows without one big rehash: the bigger table takes the old one's entries a few at a time,
/// as items are added.
@usableFromInline
struct ItemIndex: Sendable {
    /// Where each held id is.
    private var table = PositionTable(capacity: 0)
    /// The table before the last growth; its entries move to `table` as items are added.
    private var moving = PositionTable(capacity: 0)
    /// The next slot of `moving` whose entry moves; the slots before it are empty.
    private var nextToMove = 0
    /// What a key less `base` gives: the item's position.
    private var base: UInt32 = 0
    /// Ids removed locally, each with the newest request generation issued when it was removed: a
    /// removal sticks until a refresh asked for after it lands.
    var removed: [RefreshItemID: UInt64] = [:]
    /// Ids updated or inserted locally since the server last sent them.
    var edited: Set<RefreshItemID> = []
    /// How many items the server sent since the last refresh beyond those held: the page items left
    /// out and the held items removed, less the items inserted locally. The end of the list by total
    /// count compares the server's count, held items plus this.
    var unheld = 0
    /// Whether the items held an id twice when they were indexed (items held before the identity
    /// was given): only the first is in the table, so a change that moves items indexes them again.
    private(set) var holdsDuplicates = false

    init() {}

    /// An index of `items`, keeping the first position of an id held twice.
    init<Item>(_ items: [Item], identity: RefreshItemIdentity<Item>) {
        table = PositionTable(capacity: PositionTable.capacity(for: items.count))
        for (position, item) in items.enumerated() {
            if add(identity.id(item), at: position, in: items, identity) != nil {
                holdsDuplicates = true
            }
        }
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
    func position<Item>(of id: RefreshItemID, in items: [Item], _ identity: RefreshItemIdentity<Item>) -> Int? {
        let fingerprint = PositionTable.fingerprint(of: id)
        let isHeld = { (key: UInt32) in identity.id(items[self.position(ofKey: key)]) == id }
        if let slot = table.slot(of: fingerprint, where: isHeld) {
            return position(ofKey: table.key(at: slot))
        }
        if moving.count > 0, let slot = moving.slot(of: fingerprint, where: isHeld) {
            return position(ofKey: moving.key(at: slot))
        }
        return nil
    }

    /// Records that the item with this id is at `position`, unless the id is held already.
    /// - Returns: The position of the item held with this id, or `nil` when it was added.
    mutating func add<Item>(
        _ id: RefreshItemID,
        at position: Int,
        in items: [Item],
        _ identity: RefreshItemIdentity<Item>
    ) -> Int? {
        if let held = self.position(of: id, in: items, identity) {
            return held
        }
        if table.isFull {
            grow()
        }
        table.insert(PositionTable.fingerprint(of: id), key: key(of: position))
        moveEntries()
        return nil
    }

    /// Forgets that the item with this id is at `position`; an entry for another position of the
    /// same id (an id held twice) stays.
    mutating func remove(_ id: RefreshItemID, at position: Int) {
        let fingerprint = PositionTable.fingerprint(of: id)
        let key = key(of: position)
        if let slot = table.slot(of: fingerprint, where: { $0 == key }) {
            table.remove(at: slot)
        } else if moving.count > 0, let slot = moving.slot(of: fingerprint, where: { $0 == key }) {
            moving.remove(at: slot)
        }
    }

    /// Moves every position by `offset`: after items were added (`offset` > 0) or dropped at the
    /// front.
    mutating func movePositions(by offset: Int) {
        base = base &- UInt32(truncatingIfNeeded: offset)
    }

    /// Moves the positions after `position` down by one, before the item there is removed from
    /// `items` (which holds `items.count` items until then), its own entry already forgotten.
    mutating func closeGap<Item>(at position: Int, in items: [Item], _ identity: RefreshItemIdentity<Item>) {
        if position < items.count - position {
            // Fewer items before it: they move up in keys, and every position moves down.
            rekey(0..<position, by: 1, in: items, identity)
            movePositions(by: -1)
        } else {
            rekey((position + 1)..<items.count, by: -1, in: items, identity)
        }
    }

    /// Moves the positions from `position` on up by one, before an item is inserted there into
    /// `items`.
    mutating func openGap<Item>(at position: Int, in items: [Item], _ identity: RefreshItemIdentity<Item>) {
        if position < items.count - position {
            rekey(0..<position, by: -1, in: items, identity)
            movePositions(by: 1)
        } else {
            rekey(position..<items.count, by: 1, in: items, identity)
        }
    }

    /// Adds `offset` to the keys of the items at `positions`: found by id when they are few, by a
    /// pass over the tables' slots when they are many.
    private mutating func rekey<Item>(
        _ positions: Range<Int>,
        by offset: Int,
        in items: [Item],
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
            if let slot = table.slot(of: fingerprint, where: { $0 == key }) {
                table.setKey(key &+ delta, at: slot)
            } else if moving.count > 0, let slot = moving.slot(of: fingerprint, where: { $0 == key }) {
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
        // Unreachable while entries move two for each one added (see moveEntries()); kept so that
        // the table never fills.
        while moving.count > 0 {
            moveEntries()
        }
        moving = table
        nextToMove = 0
        table = PositionTable(capacity: Swift.max(8, table.capacity * 2))
    }

    /// Moves a few entries from the table before the last growth into the current one: the old
    /// table (capacity C, holding 3/4 C) is empty after 7/8 C slots visited or entries moved, four
    /// for each entry added, before the new table (capacity 2 C) fills at 3/2 C.
    private mutating func moveEntries() {
        var steps = 4
        while moving.count > 0, steps > 0 {
            steps -= 1
            let slot = moving.entry(at: nextToMove)
            guard slot != 0 else {
                nextToMove += 1
                continue
            }
            table.insert(PositionTable.fingerprint(ofSlot: slot), key: PositionTable.key(ofSlot: slot))
            // A later entry may move back into this slot: it is visited again.
            moving.remove(at: nextToMove)
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

    /// The slot of an entry with this fingerprint whose key `isMatch` accepts.
    func slot(of fingerprint: UInt32, where isMatch: (UInt32) -> Bool) -> Int? {
        guard count > 0 else { return nil }
        var slot = home(of: fingerprint)
        while slots[slot] != 0 {
            if Self.fingerprint(ofSlot: slots[slot]) == fingerprint, isMatch(key(at: slot)) {
                return slot
            }
            slot = (slot + 1) & (capacity - 1)
        }
        return nil
    }

    /// Adds an entry; the table must have room (see ``isFull``).
    mutating func insert(_ fingerprint: UInt32, key: UInt32) {
        var slot = home(of: fingerprint)
        while slots[slot] != 0 {
            slot = (slot + 1) & (capacity - 1)
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

    private func home(of fingerprint: UInt32) -> Int {
        Int(fingerprint >> 1) & (capacity - 1)
    }
}
