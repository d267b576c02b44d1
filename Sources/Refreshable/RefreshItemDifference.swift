/// The difference between two lists of ids, in time linear in their length (plus a logarithmic
/// factor for items that moved).
///
/// Ids in both lists keep their place when they form the longest run that keeps its order; every
/// other id is removed from the old list or inserted into the new one, and the moves are
/// associated (`inferringMoves()`). The standard library's `difference(from:)` finds the same kind
/// of answer, but in time that grows with the product of the lists' length and their difference.
@usableFromInline
enum ItemDifference {
    @usableFromInline
    static func between(
        _ old: [RefreshItemID],
        _ new: [RefreshItemID]
    ) -> CollectionDifference<RefreshItemID> {
        var newPositions: [RefreshItemID: Int] = [:]
        newPositions.reserveCapacity(new.count)
        for (position, id) in new.enumerated() where newPositions[id] == nil {
            newPositions[id] = position
        }
        // The old items that are also new, in old order, with their new positions.
        var common: [(old: Int, new: Int)] = []
        var seen: Set<RefreshItemID> = []
        for (position, id) in old.enumerated() {
            if let newPosition = newPositions[id], seen.insert(id).inserted {
                common.append((position, newPosition))
            }
        }
        let kept = longestIncreasingRun(common.map(\.new))
        var keptOld: Set<Int> = []
        var keptNew: Set<Int> = []
        for index in kept {
            keptOld.insert(common[index].old)
            keptNew.insert(common[index].new)
        }
        var changes: [CollectionDifference<RefreshItemID>.Change] = []
        for (position, id) in old.enumerated() where !keptOld.contains(position) {
            changes.append(.remove(offset: position, element: id, associatedWith: nil))
        }
        for (position, id) in new.enumerated() where !keptNew.contains(position) {
            changes.append(.insert(offset: position, element: id, associatedWith: nil))
        }
        guard let difference = CollectionDifference(changes) else {
            // Unreachable: each offset is removed or inserted at most once.
            preconditionFailure("ItemDifference built an invalid difference")
        }
        return difference.inferringMoves()
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
