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
    mutating func succeedByID(_ request: RefreshRequest, with page: RefreshPage<Item>) -> RefreshUpdate {
        guard let identity else { preconditionFailure("succeedByID without an identity") }
        let source = request.source
        var report = MergeReport()
        let change = merge(page.items, into: source, for: request, identity: identity, report: &report)
        // The end of the list by total count compares what the server sent, held or not.
        let noMoreData = page.isLastPage(
            heldAfterApplying: states[source].items.count &+ indexes[source].unheld,
            request: request,
            policy: policy
        )
        commit(request, noMoreData: noMoreData, nextCursor: page.nextCursor)
        var update = RefreshUpdate(request: request, source: source, change: change, noMoreData: noMoreData)
        update.merge = RefreshUpdate.MergeDetails.unlessEmpty(
            report.duplicates,
            report.removals,
            report.replacedInPlace,
            report.difference
        )
        return update
    }

    /// Applies a page's items to a source by id: a refresh replaces the items, a load-more appends;
    /// an item held already is not added twice, an item removed locally is left out.
    ///
    /// Costs one id lookup per page item, whatever the source holds.
    @inlinable
    mutating func merge(
        _ incoming: [Item],
        into source: Int,
        for request: RefreshRequest,
        identity: RefreshItemIdentity<Item>,
        report: inout MergeReport
    ) -> RefreshUpdate.Change {
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
        states[source]._items.reserveCapacity(heldBefore + incoming.count)
        let takeNewer = identity.duplicates == .takeNewer
        let hasRemovals = !indexes[source].removed.isEmpty
        var replaced: [Int] = []
        for item in incoming {
            let id = identity.id(item)
            if hasRemovals, indexes[source].removed[id] != nil {
                report.removals += 1
                continue
            }
            if let position = indexes[source].positions[id] {
                report.duplicates += 1
                // A newer server copy always replaces a local edit.
                let wasEdited = indexes[source].edited.remove(id) != nil
                if takeNewer || wasEdited {
                    states[source]._items[position] = item
                    if position < heldBefore {
                        replaced.append(position)
                    }
                }
                continue
            }
            indexes[source].positions[id] = states[source]._items.count
            states[source]._items.append(item)
        }
        indexes[source].unheld &+= report.duplicates &+ report.removals
        report.replacedInPlace = Self.ranges(of: replaced)
        let count = states[source].items.count
        if request.kind == .refresh {
            report.difference = ItemDifference.between(oldIDs, states[source].items.map(identity.id))
        }
        return request.kind == .refresh ? .replaced(count: count) : .appended(heldBefore..<count)
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

        init(
            _ droppedDuplicates: Int,
            _ droppedRemovals: Int,
            _ replacedInPlace: [Range<Int>],
            _ difference: CollectionDifference<RefreshItemID>?
        ) {
            self.droppedDuplicates = droppedDuplicates
            self.droppedRemovals = droppedRemovals
            self.replacedInPlace = replacedInPlace
            self.difference = difference
        }

        /// The details, or `nil` when there are none, so that equal updates compare equal.
        @usableFromInline
        static func unlessEmpty(
            _ duplicates: Int,
            _ removals: Int,
            _ replaced: [Range<Int>],
            _ difference: CollectionDifference<RefreshItemID>?
        ) -> MergeDetails? {
            if duplicates == 0, removals == 0, replaced.isEmpty, difference == nil {
                return nil
            }
            return MergeDetails(duplicates, removals, replaced, difference)
        }

        @usableFromInline
        static func == (lhs: MergeDetails, rhs: MergeDetails) -> Bool {
            lhs.droppedDuplicates == rhs.droppedDuplicates && lhs.droppedRemovals == rhs.droppedRemovals
                && lhs.replacedInPlace == rhs.replacedInPlace && lhs.difference == rhs.difference
        }
    }
}
