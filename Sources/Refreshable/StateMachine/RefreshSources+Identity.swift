/// Applying pages to sources whose items have an identity: de-duplication and the local edits
/// that stick.
///
/// The work on a source's items goes through its ``ItemIndex`` with the items passed `inout`: where
/// this code runs unspecialised (in an adopter's runtime), each read of `states[source]` copies the
/// whole state, which an `inout` access does not.
extension RefreshSources {
    /// Applies a valid page by id (see ``merge(_:into:for:identity:report:)``) and commits it.
    /// - Returns: The update, with what the merge left out and replaced, and a refresh's difference.
    @usableFromInline
    mutating func succeedByID(_ request: RefreshRequest, with page: RefreshPage<Item>, cap: CapPlan?) -> RefreshUpdate {
        guard let identity else { preconditionFailure("succeedByID without an identity") }
        if request.kind != .refresh, pendingCounts(request.source) != (0, 0) {
            return succeedConfirming(request, with: page, cap: cap, identity: identity)
        }
        var report = MergeReport()
        let change = merge(page.items, into: request.source, for: request, identity: identity, report: &report)
        return commit(request, page: page, change: change, report: report, cap: cap, identity: identity)
    }

    /// Applies a load-more's or a previous page's items to a source that holds pending items: those
    /// the page brings make way for the server's copies, or, where updated after the request was
    /// asked for, stand in their place (rule I3).
    private mutating func succeedConfirming(
        _ request: RefreshRequest, with page: RefreshPage<Item>, cap: CapPlan?, identity: RefreshItemIdentity<Item>
    ) -> RefreshUpdate {
        let source = request.source
        var report = MergeReport()
        // Their positions are reported in the list before the page cap dropped rows, which lay
        // before those at the back.
        let front = pendingCounts(source).front
        let dropped = cap?.dropped?.count ?? 0
        let confirmed = confirmPending(page.items, source: source, asked: request.generation, identity: identity)
        report.confirmed = confirmed.positions.map { $0 < front ? $0 : $0 + dropped }
        report.confirmedIDs = confirmed.ids
        let change = merge(page.items, into: source, for: request, identity: identity, report: &report)
        keepStanding(confirmed.standing, source: source, identity: identity)
        return commit(request, page: page, change: change, report: report, cap: cap, identity: identity)
    }

    /// Commits a page merged by id, with what the merge reported.
    private mutating func commit(
        _ request: RefreshRequest,
        page: RefreshPage<Item>,
        change: RefreshUpdate.Change,
        report: MergeReport,
        cap: CapPlan?,
        identity: RefreshItemIdentity<Item>
    ) -> RefreshUpdate {
        let source = request.source
        // Where the server's copies of the confirmed items landed, for a table that reconfigures
        // the rows whose content changed.
        let landed = report.confirmedIDs.compactMap {
            indexes[source].position(of: $0, in: states[source].items, identity)
        }
        // The end of the list by total count compares what the server sent, held or not.
        var update = commit(
            request,
            page: page,
            change: change,
            serverHeld: states[source].items.count &+ indexes[source].unheld,
            cap: cap
        )
        update.details = RefreshUpdate.MergeDetails(
            droppedDuplicates: report.duplicates,
            droppedRemovals: report.removals,
            replacedInPlace: report.replacedInPlace,
            makeDifference: report.difference,
            dropped: update.dropped,
            confirmed: report.confirmed,
            confirmedCopies: landed.sorted()
        )
        return update
    }

    /// Applies a page's items to a source by id: a refresh replaces the items, a load-more appends,
    /// a load of the previous page puts them first; an item held already is not added twice, an
    /// item removed locally is left out, and a local edit made after the request was asked for
    /// stays (see ``keepEdits(_:of:asked:source:identity:)``), that of an item the page cap
    /// dropped included.
    ///
    /// Costs one id lookup per page item and per local edit, whatever the source holds. A refresh
    /// keeps the items it replaced for its difference, which is built only when read.
    mutating func merge(
        _ incoming: [Item],
        into source: Int,
        for request: RefreshRequest,
        identity: RefreshItemIdentity<Item>,
        report: inout MergeReport
    ) -> RefreshUpdate.Change {
        let change = mergeItems(incoming, into: source, for: request, identity: identity, report: &report)
        restoreEditsDropped(
            source: source, asked: request.generation, refresh: request.kind == .refresh, identity: identity)
        return change
    }

    /// Applies a page's items to a source by id, as ``merge(_:into:for:identity:report:)`` says,
    /// but for the edits of items the page cap dropped.
    private mutating func mergeItems(
        _ incoming: [Item],
        into source: Int,
        for request: RefreshRequest,
        identity: RefreshItemIdentity<Item>,
        report: inout MergeReport
    ) -> RefreshUpdate.Change {
        switch request.kind {
        case .loadMore:
            // The page's rows go before the pending items at the back.
            let pending = indexes[source].takeOutPending(atFront: false, from: &states[source]._items, identity)
            let range = indexes[source].append(
                incoming, to: &states[source]._items, identity, asked: request.generation, report: &report)
            indexes[source].putBackPending(pending, atFront: false, into: &states[source]._items, identity)
            return .appended(range)
        case .loadPrevious:
            // The page's rows go after the pending items at the front.
            let pending = indexes[source].takeOutPending(atFront: true, from: &states[source]._items, identity)
            let range = indexes[source].prepend(
                incoming, to: &states[source]._items, identity, asked: request.generation, report: &report)
            indexes[source].putBackPending(pending, atFront: true, into: &states[source]._items, identity)
            report.replacedInPlace = report.replacedInPlace.map {
                ($0.lowerBound + pending.count)..<($0.upperBound + pending.count)
            }
            return .prepended((range.lowerBound + pending.count)..<(range.upperBound + pending.count))
        case .refresh:
            // The items and index replaced are kept for the difference, built when read.
            var old = RefreshItems<Item>()
            swap(&old, &states[source]._items)
            let oldIndex = indexes[source]
            let (front, back) = (oldIndex.pendingFront, oldIndex.pendingBack)
            let confirmed = front + back > 0 ? oldIndex.pendingConfirmed(by: incoming, in: old, identity) : []
            let edits =
                oldIndex.edited.isEmpty ? [] : oldIndex.edits(outlasting: request.generation, in: old, identity)
            report.confirmed = confirmed
            report.confirmedIDs = confirmed.map { identity.id(old[$0]) }
            indexes[source] = oldIndex.refreshed(holding: incoming.count + front + back, generation: request.generation)
            // The pending items the page does not bring stay at their ends, around its rows.
            let confirmedSet = Set(confirmed)
            let unconfirmed = { (positions: Range<Int>) in positions.filter { !confirmedSet.contains($0) } }
            indexes[source].keepPending(
                unconfirmed(0..<front), of: old, in: &states[source]._items, identity, atFront: true)
            // The new ids as the page is merged: the items held change with the next load, and
            // holding them here would make it copy them.
            report.keptIDs = []
            report.keptIDs?.reserveCapacity(incoming.count)
            let range = indexes[source].append(
                incoming, to: &states[source]._items, identity, asked: request.generation, report: &report)
            indexes[source].keepPending(
                unconfirmed((old.count - back)..<old.count), of: old, in: &states[source]._items, identity,
                atFront: false)
            // The new ids: the pending items kept before and after the page's, read back (a few),
            // or, when edits made after the refresh was asked for stayed, every id read back.
            var new = report.keptIDs ?? []
            let stayed =
                edits.isEmpty
                ? 0 : keepEdits(edits, of: old, asked: request.generation, source: source, identity: identity)
            if stayed > 0 {
                new = states[source].items.map(identity.id)
            } else if front + back > 0 {
                let items = states[source].items
                let (kept, keptBack) = (indexes[source].pendingFront, indexes[source].pendingBack)
                new = (0..<kept).map { identity.id(items[$0]) } + new
                new += ((items.count - keptBack)..<items.count).map { identity.id(items[$0]) }
            }
            report.difference = { [old, new] in
                // The old ids are read in order, a chunk at a time.
                var chunk = (items: ContiguousArray<Item>(), start: 0)
                return RefreshItemDifference(
                    old: old.count,
                    id: { position in
                        if position < chunk.start || position >= chunk.start + chunk.items.count {
                            chunk = old.chunk(holding: position)
                        }
                        return identity.id(chunk.items[position - chunk.start])
                    },
                    new: new,
                    oldPosition: { oldIndex.position(of: $0, in: old, identity) }
                )
            }
            return .replaced(count: range.count + stayed + indexes[source].pendingFront + indexes[source].pendingBack)
        }
    }

    /// After a refresh's rows and pending items are held: keeps the local edits made after the
    /// refresh was asked for, which its answer does not undo (rule I3 in
    /// <doc:Rules#Rules-of-the-features>). An edited item the answer brings is held at the answer's
    /// place, as edited; an item inserted locally that it does not bring stays at its position, or
    /// the nearest one outside the runs of pending items. Costs one id lookup per edit, and, when
    /// an inserted item stays, one pass over the rows held.
    /// - Parameters:
    ///   - edits: The edits the refresh does not undo, by their items' positions in `old`, ascending.
    ///   - old: The items the refresh replaced.
    ///   - asked: The refresh's generation.
    /// - Returns: How many inserted items stayed, which moved the rows after them.
    mutating func keepEdits(
        _ edits: [(position: Int, edit: LocalEdit)],
        of old: RefreshItems<Item>,
        asked: UInt64,
        source: Int,
        identity: RefreshItemIdentity<Item>
    ) -> Int {
        var staying: [Int] = []
        for (position, edit) in edits {
            let id = identity.id(old[position])
            if let held = indexes[source].position(of: id, in: states[source].items, identity) {
                states[source]._items[held] = old[position]
            } else if let inserted = edit.inserted, inserted >= asked {
                staying.append(position)
            } else {
                continue
            }
            indexes[source].edited[id] = edit
        }
        guard !staying.isEmpty else { return 0 }
        // Each item staying goes before the row at its position, in one pass: they are in order.
        let items = states[source].items
        let (front, back) = pendingCounts(source)
        var merged = ContiguousArray(items[0..<front])
        merged.reserveCapacity(items.count + staying.count)
        var next = 0
        for position in front..<(items.count - back) {
            while next < staying.count, staying[next] <= merged.count {
                merged.append(old[staying[next]])
                next += 1
            }
            merged.append(items[position])
        }
        merged += staying[next...].map { old[$0] }
        merged += items[(items.count - back)...]
        states[source]._items = RefreshItems(merged)
        indexes[source] = indexes[source].reindexed(states[source].items, identity)
        // They are not the server's items.
        indexes[source].unheld &-= staying.count
        return staying.count
    }

    /// Drops the items at `positions`, the first or the last ones, with their ids and local edits.
    mutating func dropItems(_ positions: Range<Int>, source: Int) {
        if let identity {
            // The pending items next to the rows dropped step aside, so that the rows are at an end:
            // those at the front when the rows follow them, else those at the back (if any).
            let front = pendingCounts(source).front
            let atFront = front > 0 && positions.lowerBound == front
            keepEditsDropped(positions, source: source, identity: identity)
            let taken = indexes[source].takeOutPending(atFront: atFront, from: &states[source]._items, identity)
            let dropped = atFront ? 0..<positions.count : positions
            indexes[source].drop(dropped, from: &states[source]._items, identity)
            indexes[source].putBackPending(taken, atFront: atFront, into: &states[source]._items, identity)
        } else if positions.lowerBound == 0 {
            states[source]._items.removeFirst(positions.count)
        } else {
            states[source]._items.removeLast(positions.count)
        }
    }
}

/// What a page's merge by id left out and changed in place.
struct MergeReport {
    var duplicates = 0
    var removals = 0
    var replacedInPlace: [Range<Int>] = []
    var difference: (@Sendable () -> RefreshItemDifference)?
    /// The positions, in the list before the page, of the pending items it confirmed.
    var confirmed: [Int] = []
    var confirmedIDs: [RefreshItemID] = []
    /// The ids of the items a merge added, in order, when not `nil`: a refresh's new ids.
    var keptIDs: [RefreshItemID]?
}

extension ItemIndex {
    /// Appends the page's items that are new to `items`, for an answer to a request of generation
    /// `asked`; an item held already is not added again (the newer copy replaces it in place when
    /// the identity's rule or a local edit says so, see ``takesNewer(_:_:asked:report:)``), an
    /// item removed locally is left out.
    /// - Returns: The positions of the items appended.
    mutating func append<Item>(
        _ incoming: [Item],
        to items: inout RefreshItems<Item>,
        _ identity: RefreshItemIdentity<Item>,
        asked: UInt64,
        report: inout MergeReport
    ) -> Range<Int> {
        let heldBefore = items.count
        var replaced: [Int] = []
        // The whole page is appended at once, then the items left out are closed up: appended one
        // at a time, each item would look up the chunks' type here, where the code is not
        // specialised for the items. The index holds only the positions before `kept`, which
        // hold the items kept.
        incoming.withUnsafeBufferPointer { items.append(buffer: $0) }
        var kept = heldBefore
        // By index: iterating an array of items not known here looks its type up on every step.
        for index in incoming.indices {
            let item = incoming[index]
            let id = identity.id(item)
            if isRemoved(id) {
                report.removals += 1
                continue
            }
            guard let held = add(id, at: kept, in: items, identity) else {
                if kept != heldBefore + index {
                    items[kept] = item
                }
                report.keptIDs?.append(id)
                kept += 1
                continue
            }
            if takesNewer(id, identity, asked: asked, report: &report) {
                items[held] = item
                // A copy earlier in the same page is part of the appended range.
                if held < heldBefore {
                    replaced.append(held)
                }
            }
        }
        if kept < items.count {
            items.removeLast(items.count - kept)
        }
        unheld &+= report.duplicates &+ report.removals
        report.replacedInPlace = Self.ranges(of: replaced)
        return heldBefore..<kept
    }

    /// Puts the page's items that are new before the held ones, as
    /// ``append(_:to:_:asked:report:)`` decides which are new.
    /// - Returns: The positions of the items put first.
    mutating func prepend<Item>(
        _ incoming: [Item],
        to items: inout RefreshItems<Item>,
        _ identity: RefreshItemIdentity<Item>,
        asked: UInt64,
        report: inout MergeReport
    ) -> Range<Int> {
        var front: [Item] = []
        var frontPositions: [RefreshItemID: Int] = [:]
        var replaced: [Int] = []
        for index in incoming.indices {
            let item = incoming[index]
            let id = identity.id(item)
            if let position = frontPositions[id] {
                // A page that holds an item twice: the later copy is the newer, as on a load-more.
                report.duplicates += 1
                if identity.duplicates == .takeNewer {
                    front[position] = item
                }
                continue
            }
            if isRemoved(id) {
                report.removals += 1
                continue
            }
            if let held = position(of: id, in: items, identity) {
                if takesNewer(id, identity, asked: asked, report: &report) {
                    items[held] = item
                    replaced.append(held)
                }
                continue
            }
            frontPositions[id] = front.count
            front.append(item)
        }
        items.insert(contentsOf: front, at: 0)
        unheld &+= report.duplicates &+ report.removals
        // The held items move down by the items put before them, which take the first positions.
        movePositions(by: front.count)
        for position in front.indices {
            _ = add(identity.id(front[position]), at: position, in: items, identity)
        }
        report.replacedInPlace = Self.ranges(of: replaced.map { $0 + front.count })
        return 0..<front.count
    }

    /// Drops the items at `positions`, the first or the last ones, with their ids and local edits.
    mutating func drop<Item>(
        _ positions: Range<Int>, from items: inout RefreshItems<Item>, _ identity: RefreshItemIdentity<Item>
    ) {
        let atFront = positions.lowerBound == 0
        if !holdsDuplicates {
            for position in positions {
                let id = identity.id(items[position])
                remove(id, at: position)
                if !edited.isEmpty {
                    edited[id] = nil
                }
            }
        }
        if atFront {
            items.removeFirst(positions.count)
            movePositions(by: -positions.count)
        } else {
            items.removeLast(positions.count)
        }
        if holdsDuplicates {
            // An id held twice may now be held only at a place the index did not record.
            self = reindexed(items, identity)
        }
    }

    /// Whether the item with this id was removed locally and is left out of pages.
    func isRemoved(_ id: RefreshItemID) -> Bool {
        !removed.isEmpty && removed[id] != nil
    }

    /// Counts a page item whose id is held, and says whether it replaces the held copy, for an
    /// answer to a request of generation `asked`: a local edit made after the request was asked
    /// for stays; otherwise the server's copy replaces a local edit, and the page's copy replaces
    /// the held one under ``RefreshItemIdentity/DuplicateRule/takeNewer``.
    mutating func takesNewer<Item>(
        _ id: RefreshItemID,
        _ identity: RefreshItemIdentity<Item>,
        asked: UInt64,
        report: inout MergeReport
    ) -> Bool {
        report.duplicates += 1
        guard !edited.isEmpty, let edit = edited[id] else { return identity.duplicates == .takeNewer }
        if edit.outlasts(asked) {
            return false
        }
        edited[id] = nil
        return true
    }

    /// The local edits that an answer to a request of generation `asked` does not undo, by their
    /// items' positions in `items`, ascending; those of pending items included, whose updates
    /// stand in place of the copies that confirm them.
    func edits<Item>(outlasting asked: UInt64, in items: RefreshItems<Item>, _ identity: RefreshItemIdentity<Item>)
        -> [(position: Int, edit: LocalEdit)]
    {
        guard !edited.isEmpty else { return [] }
        var edits: [(position: Int, edit: LocalEdit)] = []
        for (id, edit) in edited where edit.outlasts(asked) {
            if let position = position(of: id, in: items, identity) {
                edits.append((position, edit))
            }
        }
        return edits.sorted { $0.position < $1.position }
    }

    /// The positions as ascending, non-overlapping ranges.
    static func ranges(of positions: [Int]) -> [Range<Int>] {
        guard !positions.isEmpty else { return [] }
        var ranges: [Range<Int>] = []
        for position in positions.sorted() {
            if let last = ranges.last, position <= last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<Swift.max(last.upperBound, position + 1)
            } else {
                ranges.append(position..<(position + 1))
            }
        }
        return ranges
    }
}

extension RefreshUpdate {
    /// What a merge by id left out, replaced in place and confirmed, what the page cap dropped,
    /// and how to build a refresh's difference.
    struct MergeDetails: Sendable, Equatable {
        var droppedDuplicates = 0
        var droppedRemovals = 0
        var replacedInPlace: [Range<Int>] = []
        /// Builds a refresh's difference from the ids it keeps, when read.
        var makeDifference: (@Sendable () -> RefreshItemDifference)?
        var dropped: Range<Int>?
        /// Where the confirmed pending items were, and where their server copies landed.
        var confirmed: [Int] = []
        var confirmedCopies: [Int] = []

        /// Whether they report nothing: an update then holds none.
        var isEmpty: Bool {
            droppedDuplicates == 0 && droppedRemovals == 0 && replacedInPlace.isEmpty && makeDifference == nil
                && dropped == nil && confirmed.isEmpty
        }

        /// Equal when everything they report is, their differences included (built to compare).
        static func == (lhs: MergeDetails, rhs: MergeDetails) -> Bool {
            lhs.droppedDuplicates == rhs.droppedDuplicates && lhs.droppedRemovals == rhs.droppedRemovals
                && lhs.replacedInPlace == rhs.replacedInPlace && lhs.dropped == rhs.dropped
                && lhs.confirmed == rhs.confirmed && lhs.confirmedCopies == rhs.confirmedCopies
                && lhs.makeDifference?() == rhs.makeDifference?()
        }
    }

    /// The details of a merge, held by reference.
    @usableFromInline
    final class MergeBox: Sendable, Equatable {
        let details: MergeDetails

        init(_ details: MergeDetails) {
            self.details = details
        }

        @usableFromInline
        static func == (lhs: MergeBox, rhs: MergeBox) -> Bool {
            lhs.details == rhs.details
        }
    }
}
