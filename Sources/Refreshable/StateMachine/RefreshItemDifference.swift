/// How a refresh changed the items of a list with an identity, by id: what a table animates as one
/// batch update (see ``RefreshUpdate/difference``).
///
/// It reads as the standard library's `CollectionDifference` does, with moves already associated:
/// ``removals`` are offsets in the list before the refresh, ``insertions`` offsets in the list after
/// it, and iterating gives the removals from the last to the first, then the insertions from the
/// first. An item that moved is one removal and one insertion, each naming the other's offset in
/// `associatedWith`. Items kept at their place are not in it, even when the refresh brought a newer
/// copy of them.
///
/// ```swift
/// guard let difference = update.difference else { return tableView.reloadData() }
/// tableView.performBatchUpdates {
///     for change in difference {
///         switch change {
///         case .remove(let offset, _, _):
///             tableView.deleteRows(at: [IndexPath(row: offset, section: 0)], with: .automatic)
///         case .insert(let offset, _, _):
///             tableView.insertRows(at: [IndexPath(row: offset, section: 0)], with: .automatic)
///         }
///     }
/// }
/// ```
///
/// Ids in both lists keep their place when they form the longest run that keeps its order; every
/// other id is removed from the old list or inserted into the new one. Built in time linear in the
/// lists' length, plus a logarithmic factor for the ids in both.
public struct RefreshItemDifference: Sendable, Hashable, RandomAccessCollection {
    /// One removal or insertion, as the standard library writes it.
    public typealias Change = CollectionDifference<RefreshItemID>.Change

    /// The removals, by ascending offset in the list before the refresh.
    public let removals: [Change]
    /// The insertions, by ascending offset in the list after the refresh.
    public let insertions: [Change]

    /// Always `0`.
    public var startIndex: Int { 0 }
    /// The number of changes: removals and insertions.
    public var endIndex: Int { removals.count + insertions.count }

    /// The removals from the last to the first, then the insertions from the first to the last: the
    /// order that applies them one at a time.
    /// - Parameter position: The change's index, from `0` to ``endIndex``.
    public subscript(position: Int) -> Change {
        position < removals.count ? removals[removals.count - 1 - position] : insertions[position - removals.count]
    }

    /// The same changes as the standard library's type, to apply with `applying(_:)`. Checking them
    /// costs the standard library about a microsecond a change: read ``removals`` and
    /// ``insertions`` for a long list.
    public var collectionDifference: CollectionDifference<RefreshItemID> {
        guard let difference = CollectionDifference(removals + insertions) else {
            // Unreachable: each offset is removed or inserted at most once.
            preconditionFailure("RefreshItemDifference holds an invalid difference")
        }
        return difference
    }

    /// The difference from a list of `old` ids, read by `id`, to `new`, which holds each id once.
    /// `oldPosition` finds an id's first position in the old list: the ids of the old list are read
    /// once each, and only the new ones are looked up.
    init(
        old: Int,
        id: (Int) -> RefreshItemID,
        new: [RefreshItemID],
        oldPosition: (RefreshItemID) -> Int?
    ) {
        // The ids in both lists, in old order.
        var common: [(old: Int, new: Int)] = new.indices.compactMap { position in
            oldPosition(new[position]).map { ($0, position) }
        }
        common.sort { $0.old < $1.old }
        // Indices into `common`, ascending: the ids that keep their place.
        let kept = Self.longestIncreasingRun(common.map(\.new))
        var oldPositionOfNew = [Int?](repeating: nil, count: new.count)
        var keptNew = [Bool](repeating: false, count: new.count)
        for pair in common {
            oldPositionOfNew[pair.new] = pair.old
        }
        for index in kept {
            keptNew[common[index].new] = true
        }
        var removals: [Change] = []
        removals.reserveCapacity(old - kept.count)
        var nextCommon = 0
        var nextKept = 0
        for position in 0..<old {
            var movedTo: Int?
            if nextCommon < common.count, common[nextCommon].old == position {
                let isKept = nextKept < kept.count && kept[nextKept] == nextCommon
                movedTo = common[nextCommon].new
                nextCommon += 1
                if isKept {
                    nextKept += 1
                    continue
                }
            }
            removals.append(.remove(offset: position, element: id(position), associatedWith: movedTo))
        }
        var insertions: [Change] = []
        insertions.reserveCapacity(new.count - kept.count)
        for (position, newID) in new.enumerated() where !keptNew[position] {
            insertions.append(.insert(offset: position, element: newID, associatedWith: oldPositionOfNew[position]))
        }
        self.removals = removals
        self.insertions = insertions
    }

    /// The indices of a longest strictly increasing subsequence of `values` (patience sorting).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        var tails: [Int] = []  // index into values of the smallest tail of each run length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            if low > 0 {
                previous[index] = tails[low - 1]
            }
            if low == tails.count {
                tails.append(index)
            } else {
                tails[low] = index
            }
        }
        var run: [Int] = []
        var index = tails.last ?? -1
        while index >= 0 {
            run.append(index)
            index = previous[index]
        }
        return run.reversed()
    }
}
