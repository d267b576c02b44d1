import Refreshable

/// Rule S14 in the reference model, written from the Rules article: a load-more or a load of the
/// previous page moves the list when its page brings a row the list does not hold and, under
/// cursor paging, it asked with a cursor not followed before in its direction since the last
/// successful refresh. The load that brings its direction's count of loads in a row that did not
/// move the list to the policy's `maxLoadsWithoutProgress` is refused, committing nothing, unless
/// its page ends the list (or reaches its start). Under cursors, a poll for newer items that
/// found none yet (an empty previous page that carries a previous cursor) leaves the count as it
/// is and does not make the cursor it asked with followed.
extension ReferenceModel {
    /// Counts a load-more or a load of the previous page whose page was just applied to `source`,
    /// which held `before` until then; when the load is the one the rule refuses, puts `before`
    /// back and records the failure.
    /// - Returns: Whether the answer is refused.
    mutating func countProgress(_ source: Int, flight: Flight, before: Source, items: [TestItem]) -> Bool {
        let forward = flight.kind == .loadMore
        var progress = forward ? before.forward : before.backward
        let followed = flight.cursor.map { progress.followed.contains($0) } ?? false
        // Pending items are not rows of the list's pages: a page that confirms one brings a row (rule I4).
        let heldIDs = Set(before.items.dropFirst(before.pendingFront).dropLast(before.pendingBack).map(\.id))
        let bringsNewRow =
            duplicates == nil
            ? !items.isEmpty
            : items.contains { before.removed[$0.id] == nil && !heldIDs.contains($0.id) }
        let moves = bringsNewRow && !followed
        let ends = forward ? sources[source].ended : sources[source].noPreviousData
        let polls = !forward && policy.paging == .cursors && items.isEmpty && sources[source].previousCursor != nil
        let counted = !moves && !ends && !polls
        if moves {
            progress.stalled = 0
        } else if counted {
            progress.stalled += 1
        }
        let refused = counted && progress.stalled >= policy.maxLoadsWithoutProgress
        if refused {
            // Nothing is committed but the count; the failure shows in the load's direction.
            sources[source] = before
            failInFlight(flight.kind, source: source)
        } else if let cursor = flight.cursor, !polls {
            progress.followed.insert(cursor)
        }
        if forward {
            sources[source].forward = progress
        } else {
            sources[source].backward = progress
        }
        return refused
    }
}
