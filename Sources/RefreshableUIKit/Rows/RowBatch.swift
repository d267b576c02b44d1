#if canImport(UIKit) && !os(watchOS)
    internal import Refreshable

    /// The rows a batch update of a table or collection view deletes, reloads and inserts to show a
    /// ``RefreshUpdate``: deletions and reloads count rows before the update, insertions rows after
    /// it, as `performBatchUpdates(_:completion:)` reads them. Each is ascending, and costs about the
    /// rows it names.
    struct RowBatch: Equatable {
        /// The rows that leave, before the update.
        var deleted: [Int] = []
        /// The rows that stay and may show other content, before the update.
        var reloaded: [Int] = []
        /// The rows that arrive, after the update.
        var inserted: [Int] = []
        /// The number of rows after the update.
        let countAfter: Int

        /// The number of rows before the update.
        var countBefore: Int { countAfter - inserted.count + deleted.count }

        /// The batch that shows `update` for a list that holds `count` items after it, or `nil` when
        /// the rows must be reloaded: a switch of source, a replaced state, a refresh without a
        /// difference, or positions that do not fit the list.
        init?(_ update: RefreshUpdate, count: Int) {
            countAfter = count
            switch update.change {
            case .switchedSource, .reset:
                return nil
            case .appended(let range), .prepended(let range):
                deleted = Set(Array(update.dropped ?? 0..<0) + update.confirmed).sorted()
                inserted = Array(range)
                reloaded = oldPositions(ofKept: update.replacedInPlace.flatMap { $0 })
            case .edited(let range):
                reloaded = Array(range)
            case .removed(let range):
                deleted = Array(range)
            case .inserted(let range):
                inserted = Array(range)
            case .replaced:
                guard let difference = update.difference else { return nil }
                deleted = difference.removals.map(\.offset)
                inserted = difference.insertions.map(\.offset)
                reloaded = keptPositions()
            }
            guard isValid else { return nil }
        }

        /// Whether every row is in range and named once: a batch that does not add up would stop
        /// the app.
        private var isValid: Bool {
            let before = countBefore
            return countAfter >= 0 && before >= 0
                && Set(deleted + reloaded).count == deleted.count + reloaded.count
                && Set(inserted).count == inserted.count
                && (deleted + reloaded).allSatisfy { (0..<before).contains($0) }
                && inserted.allSatisfy { (0..<countAfter).contains($0) }
        }

        /// The positions before the update of the rows it keeps: in order, each row neither deleted
        /// nor inserted, before and after.
        private func keptPositions() -> [Int] {
            var kept: [Int] = []
            var deletions = deleted.makeIterator()
            var nextDeleted = deletions.next()
            var row = 0
            while kept.count < countAfter - inserted.count {
                if row == nextDeleted {
                    nextDeleted = deletions.next()
                } else {
                    kept.append(row)
                }
                row += 1
            }
            return kept
        }

        /// The positions before the update of kept rows named by their positions after it: a row's
        /// rank among the rows not inserted is its rank among the rows not deleted. Positions of
        /// inserted rows, or out of range, are left out.
        private func oldPositions(ofKept positions: [Int]) -> [Int] {
            var result: [Int] = []
            var insertedBefore = 0
            var deletedBefore = 0
            for position in positions.sorted() where position >= 0 && position < countAfter {
                while insertedBefore < inserted.count, inserted[insertedBefore] < position {
                    insertedBefore += 1
                }
                if insertedBefore < inserted.count, inserted[insertedBefore] == position {
                    continue
                }
                // The rank among the kept rows, then the old row of that rank.
                let rank = position - insertedBefore
                while deletedBefore < deleted.count, deleted[deletedBefore] <= rank + deletedBefore {
                    deletedBefore += 1
                }
                result.append(rank + deletedBefore)
            }
            return result
        }
    }

    extension CollectionDifference.Change {
        /// The change's offset: in the old list for a removal, in the new one for an insertion.
        var offset: Int {
            switch self {
            case .insert(let offset, _, _), .remove(let offset, _, _): offset
            }
        }
    }
#endif
