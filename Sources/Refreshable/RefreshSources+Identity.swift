/// Applying pages to sources whose items have an identity: de-duplication and the local edits
/// that stick.
extension RefreshSources {
    /// What a page's merge left out and changed in place.
    @usableFromInline
    struct MergeReport {
        @usableFromInline var duplicates = 0
        @usableFromInline var removals = 0
        @usableFromInline var replacedInPlace: [Range<Int>] = []
        @usableFromInline var difference: CollectionDifference<RefreshItemID>?

        @usableFromInline init() {}
    }

    /// Applies a valid page by id (see ``merge(_:into:for:identity:report:)``) and commits it, out of
    /// line so that the path of a list without an identity stays as short as it was.
    /// - Returns: The update, with what the merge left out and replaced, and a refresh's difference.
    @inlinable @inline(never)
    mutating func succeedByID(_ request: RefreshRequest, with page: RefreshPage<Item>, cap: CapPlan?) -> RefreshUpdate {
        guard let identity else { preconditionFailure("succeedByID without an identity") }
        let source = request.source
        var report = MergeReport()
        let change = merge(page.items, into: source, for: request, identity: identity, report: &report)
        // The end of the list by total count compares what the server sent, held or not.
        var update = commit(
            request,
            page: page,
            change: change,
            serverHeld: states[source].items.count &+ indexes[source].unheld,
            cap: cap
        )
        update.merge = RefreshUpdate.MergeDetails.unlessEmpty(
            report.duplicates,
            report.removals,
            report.replacedInPlace,
            report.difference,
            update.dropped
        )
        return update
    }

    /// Applies a page's items to a source by id: a refresh replaces the items, a load-more appends,
    /// a load of the previous page puts them first; an item held already is not added twice, an
    /// item removed locally is left out.
    ///
    /// Costs one id lookup per page item, whatever the source holds, except for a load of the
    /// previous page, which moves every held item and indexes them again.
    @inlinable
    mutating func merge(
        _ incoming: [Item],
        into source: Int,
        for request: RefreshRequest,
        identity: RefreshItemIdentity<Item>,
        report: inout MergeReport
    ) -> RefreshUpdate.Change {
        if request.kind == .loadPrevious {
            return mergeBefore(incoming, into: source, identity: identity, report: &report)
        }
        let heldBefore: Int
        var oldIDs: [RefreshItemID] = []
        if request.kind == .refresh {
            oldIDs = states[source].items.map(identity.id)
            heldBefore = 0
            states[source]._items.removeAll()
            indexes[source].positions.removeAll()
            indexes[source].edited.removeAll()
            indexes[source].unheld = 0
            // A removal sticks through a refresh asked for before it, and ends with the next one.
            if !indexes[source].removed.isEmpty {
                indexes[source].removed = indexes[source].removed.filter { $0.value >= request.generation }
            }
        } else {
            heldBefore = states[source].items.count
        }
        if request.kind == .refresh {
            // Only here: reserving a little more on every load-more would defeat the array's
            // geometric growth and copy every held item on each page.
            states[source]._items.reserveCapacity(incoming.count)
        }
        var replaced: [Int] = []
        for item in incoming {
            let id = identity.id(item)
            if !indexes[source].removed.isEmpty, indexes[source].removed[id] != nil {
                report.removals += 1
                continue
            }
            // One hash for a new item: it is recorded where it goes, and only a duplicate, which
            // finds a position already there, puts that position back.
            let position = states[source]._items.count
            if let held = indexes[source].positions.updateValue(position, forKey: id) {
                indexes[source].positions[id] = held
                if let kept = keepHeld(item, id: id, at: held, source: source, identity: identity, report: &report),
                    kept < heldBefore
                {
                    replaced.append(kept)
                }
                continue
            }
            states[source]._items.append(item)
        }
        indexes[source].unheld &+= report.duplicates &+ report.removals
        report.replacedInPlace = Self.ranges(of: replaced)
        let count = states[source].items.count
        if request.kind == .refresh {
            report.difference = ItemDifference.between(oldIDs, states[source].items.map(identity.id))
            return .replaced(count: count)
        }
        return .appended(heldBefore..<count)
    }

    /// Decides what becomes of one page item: `nil` when it is left out (removed locally, or a
    /// duplicate that keeps the held copy), its position when it replaced the held copy in place
    /// (or kept it), `-1` when it is new and must be added.
    @inlinable
    mutating func keepIfNew(
        _ item: Item,
        id: RefreshItemID,
        source: Int,
        identity: RefreshItemIdentity<Item>,
        report: inout MergeReport
    ) -> Int? {
        if !indexes[source].removed.isEmpty, indexes[source].removed[id] != nil {
            report.removals += 1
            return nil
        }
        guard let position = indexes[source].positions[id] else { return -1 }
        return keepHeld(item, id: id, at: position, source: source, identity: identity, report: &report)
    }

    /// Settles an incoming item whose id the source holds at `position`: counts the duplicate and
    /// takes the newer copy when the rule says so or the held one was edited locally.
    /// - Returns: `position` when the item replaced the held copy there, `nil` when it was dropped.
    @inlinable
    mutating func keepHeld(
        _ item: Item,
        id: RefreshItemID,
        at position: Int,
        source: Int,
        identity: RefreshItemIdentity<Item>,
        report: inout MergeReport
    ) -> Int? {
        report.duplicates += 1
        // A newer server copy always replaces a local edit.
        let wasEdited = indexes[source].edited.remove(id) != nil
        guard identity.duplicates == .takeNewer || wasEdited else { return nil }
        states[source]._items[position] = item
        return position
    }

    /// Puts a page's new items before the held ones, by id, and indexes the source again.
    @inlinable
    mutating func mergeBefore(
        _ incoming: [Item],
        into source: Int,
        identity: RefreshItemIdentity<Item>,
        report: inout MergeReport
    ) -> RefreshUpdate.Change {
        var front: [Item] = []
        var frontPositions: [RefreshItemID: Int] = [:]
        var replaced: [Int] = []
        for item in incoming {
            let id = identity.id(item)
            if let position = frontPositions[id] {
                // A page that holds an item twice: the later copy is the newer, as on a load-more.
                report.duplicates += 1
                if identity.duplicates == .takeNewer {
                    front[position] = item
                }
                continue
            }
            guard let kept = keepIfNew(item, id: id, source: source, identity: identity, report: &report) else {
                continue
            }
            if kept >= 0 {
                replaced.append(kept)
                continue
            }
            frontPositions[id] = front.count
            front.append(item)
        }
        states[source]._items.insert(contentsOf: front, at: 0)
        indexes[source].unheld &+= report.duplicates &+ report.removals
        reindexPositions(source, identity: identity)
        report.replacedInPlace = Self.ranges(of: replaced.map { $0 + front.count })
        return .prepended(0..<front.count)
    }

    /// Indexes the positions of a source's items again, after items moved, keeping its local
    /// edits and removals.
    @inlinable
    mutating func reindexPositions(_ source: Int, identity: RefreshItemIdentity<Item>) {
        let fresh = ItemIndex(states[source].items, identity: identity)
        indexes[source].positions = fresh.positions
        if !indexes[source].edited.isEmpty {
            indexes[source].edited = indexes[source].edited.filter { fresh.positions[$0] != nil }
        }
    }

    /// The positions as ascending, non-overlapping ranges.
    @usableFromInline
    static func ranges(of positions: [Int]) -> [Range<Int>] {
        guard !positions.isEmpty else { return [] }
        var ranges: [Range<Int>] = []
        for position in positions.sorted() {
            if let last = ranges.last, position < last.upperBound {
                continue
            } else if let last = ranges.last, position == last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<(position + 1)
            } else {
                ranges.append(position..<(position + 1))
            }
        }
        return ranges
    }
}

extension RefreshUpdate {
    /// What a merge by id left out, replaced in place, and how a refresh moved the ids.
    @usableFromInline
    final class MergeDetails: Sendable, Equatable {
        let droppedDuplicates: Int
        let droppedRemovals: Int
        let replacedInPlace: [Range<Int>]
        let difference: CollectionDifference<RefreshItemID>?
        let dropped: Range<Int>?

        init(
            _ droppedDuplicates: Int,
            _ droppedRemovals: Int,
            _ replacedInPlace: [Range<Int>],
            _ difference: CollectionDifference<RefreshItemID>?,
            _ dropped: Range<Int>?
        ) {
            self.droppedDuplicates = droppedDuplicates
            self.droppedRemovals = droppedRemovals
            self.replacedInPlace = replacedInPlace
            self.difference = difference
            self.dropped = dropped
        }

        /// The details, or `nil` when there are none, so that equal updates compare equal.
        @usableFromInline
        static func unlessEmpty(
            _ duplicates: Int,
            _ removals: Int,
            _ replaced: [Range<Int>],
            _ difference: CollectionDifference<RefreshItemID>?,
            _ dropped: Range<Int>?
        ) -> MergeDetails? {
            if duplicates == 0, removals == 0, replaced.isEmpty, difference == nil, dropped == nil {
                return nil
            }
            return MergeDetails(duplicates, removals, replaced, difference, dropped)
        }

        @usableFromInline
        static func == (lhs: MergeDetails, rhs: MergeDetails) -> Bool {
            lhs.droppedDuplicates == rhs.droppedDuplicates && lhs.droppedRemovals == rhs.droppedRemovals
                && lhs.replacedInPlace == rhs.replacedInPlace && lhs.difference == rhs.difference
                && lhs.dropped == rhs.dropped
        }
    }
}
