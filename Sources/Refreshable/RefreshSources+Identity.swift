/// Applying pages to sources whose items have an identity: de-duplication and the local edits
/// that stick.
extension RefreshSources {
    /// What a page's merge left out and changed in place.
    struct MergeReport {
        var duplicates = 0
        var removals = 0
        var replacedInPlace: [Range<Int>] = []
        var difference: (@Sendable () -> RefreshItemDifference)?
    }

    /// Applies a valid page by id (see ``merge(_:into:for:identity:report:)``) and commits it.
    /// - Returns: The update, with what the merge left out and replaced, and a refresh's difference.
    @usableFromInline
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
    /// Costs one id lookup per page item, whatever the source holds. A refresh keeps the items it
    /// replaced for its difference, which is built only when read.
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
        var replacedItems: [Item] = []
        if request.kind == .refresh {
            swap(&replacedItems, &states[source]._items)
            indexes[source] = indexes[source].refreshed(holding: incoming.count, generation: request.generation)
            // Only here: reserving a little more on every load-more would defeat the array's
            // geometric growth and copy every held item on each page.
            states[source]._items.reserveCapacity(incoming.count)
        }
        let heldBefore = states[source].items.count
        var replaced: [Int] = []
        for item in incoming {
            let id = identity.id(item)
            if isRemoved(id, source: source) {
                report.removals += 1
                continue
            }
            let position = states[source]._items.count
            if let held = indexes[source].add(id, at: position, in: states[source]._items, identity) {
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
        guard request.kind == .refresh else { return .appended(heldBefore..<count) }
        let old = replacedItems
        let new = states[source].items.map(identity.id)
        report.difference = { RefreshItemDifference(from: old.map(identity.id), to: new) }
        return .replaced(count: count)
    }

    /// Whether the item with this id was removed locally and is left out of pages.
    func isRemoved(_ id: RefreshItemID, source: Int) -> Bool {
        !indexes[source].removed.isEmpty && indexes[source].removed[id] != nil
    }

    /// Settles an incoming item whose id the source holds at `position`: counts the duplicate and
    /// takes the newer copy when the rule says so or the held one was edited locally.
    /// - Returns: `position` when the item replaced the held copy there, `nil` when it was dropped.
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

    /// Puts a page's new items before the held ones, by id.
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
            if isRemoved(id, source: source) {
                report.removals += 1
                continue
            }
            if let held = indexes[source].position(of: id, in: states[source]._items, identity) {
                if let kept = keepHeld(item, id: id, at: held, source: source, identity: identity, report: &report) {
                    replaced.append(kept)
                }
                continue
            }
            frontPositions[id] = front.count
            front.append(item)
        }
        states[source]._items.insert(contentsOf: front, at: 0)
        indexes[source].unheld &+= report.duplicates &+ report.removals
        // The held items move down by the items put before them, which take the first positions.
        indexes[source].movePositions(by: front.count)
        for (position, item) in front.enumerated() {
            _ = indexes[source].add(identity.id(item), at: position, in: states[source]._items, identity)
        }
        report.replacedInPlace = Self.ranges(of: replaced.map { $0 + front.count })
        return .prepended(0..<front.count)
    }

    /// Drops the items at `positions`, the first or the last ones, with their ids and local edits.
    mutating func dropItems(_ positions: Range<Int>, source: Int) {
        let atFront = positions.lowerBound == 0
        if let identity, !indexes[source].holdsDuplicates {
            for position in positions {
                let id = identity.id(states[source]._items[position])
                indexes[source].remove(id, at: position)
                if !indexes[source].edited.isEmpty {
                    indexes[source].edited.remove(id)
                }
            }
            if atFront {
                indexes[source].movePositions(by: -positions.count)
            }
        }
        if atFront {
            states[source]._items.removeFirst(positions.count)
        } else {
            states[source]._items.removeLast(positions.count)
        }
        if let identity, indexes[source].holdsDuplicates {
            // An id held twice may now be held only at a place the index did not record.
            reindexPositions(source, identity: identity)
        }
    }

    /// Indexes the positions of a source's items again, keeping its local edits and removals.
    mutating func reindexPositions(_ source: Int, identity: RefreshItemIdentity<Item>) {
        var fresh = ItemIndex(states[source].items, identity: identity)
        fresh.removed = indexes[source].removed
        fresh.unheld = indexes[source].unheld
        fresh.edited = indexes[source].edited.filter {
            fresh.position(of: $0, in: states[source].items, identity) != nil
        }
        indexes[source] = fresh
    }

    /// The positions as ascending, non-overlapping ranges.
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
    /// What a merge by id left out, replaced in place, and how to build a refresh's difference.
    @usableFromInline
    final class MergeDetails: Sendable, Equatable {
        let droppedDuplicates: Int
        let droppedRemovals: Int
        let replacedInPlace: [Range<Int>]
        /// Builds a refresh's difference from the ids it keeps, when read.
        let makeDifference: (@Sendable () -> RefreshItemDifference)?
        let dropped: Range<Int>?

        init(
            _ droppedDuplicates: Int,
            _ droppedRemovals: Int,
            _ replacedInPlace: [Range<Int>],
            _ makeDifference: (@Sendable () -> RefreshItemDifference)?,
            _ dropped: Range<Int>?
        ) {
            self.droppedDuplicates = droppedDuplicates
            self.droppedRemovals = droppedRemovals
            self.replacedInPlace = replacedInPlace
            self.makeDifference = makeDifference
            self.dropped = dropped
        }

        /// The details, or `nil` when there are none, so that equal updates compare equal.
        static func unlessEmpty(
            _ duplicates: Int,
            _ removals: Int,
            _ replaced: [Range<Int>],
            _ makeDifference: (@Sendable () -> RefreshItemDifference)?,
            _ dropped: Range<Int>?
        ) -> MergeDetails? {
            if duplicates == 0, removals == 0, replaced.isEmpty, makeDifference == nil, dropped == nil {
                return nil
            }
            return MergeDetails(duplicates, removals, replaced, makeDifference, dropped)
        }

        /// Equal when everything they report is, their differences included (built to compare).
        @usableFromInline
        static func == (lhs: MergeDetails, rhs: MergeDetails) -> Bool {
            lhs.droppedDuplicates == rhs.droppedDuplicates && lhs.droppedRemovals == rhs.droppedRemovals
                && lhs.replacedInPlace == rhs.replacedInPlace && lhs.dropped == rhs.dropped
                && lhs.makeDifference?() == rhs.makeDifference?()
        }
    }
}
