/// Progress: a list stops loading in a direction whose loads no longer move it (see
/// <doc:Rules#Progress>).
///
/// A load-more or a load of the previous page moves the list when its page brings a row the
/// list does not hold and, under cursor paging, it asked with a cursor not followed before in its
/// direction since the last successful refresh. Each direction counts the loads in a row that did
/// not move it; the one that brings the count to ``RefreshPolicy/maxLoadsWithoutProgress`` is
/// refused with ``RefreshFailure/Reason/noProgress``, unless its page ends the list (or reaches
/// its start), which it then does as any page would.
extension RefreshSources {
    /// Counts a valid load-more or load of the previous page toward its direction's progress,
    /// before its page is applied, and decides whether it is refused for making none.
    ///
    /// Costs one id lookup per page item, whatever the source holds.
    /// - Parameters:
    ///   - request: The load-more or load of the previous page the page answers.
    ///   - page: The server's answer, already validated.
    ///   - heldBefore: How many items the source holds before the page.
    /// - Returns: The failure that refuses the page, or `nil` when it is to be applied.
    @usableFromInline
    mutating func checkProgress(
        of request: RefreshRequest,
        page: RefreshPage<Item>,
        heldBefore: Int
    ) -> RefreshFailure? {
        let source = request.source
        let forward = request.kind == .loadMore
        var followed = false
        if let cursor = request.cursor {
            followed =
                forward
                ? progress[source].forward.followed.contains(cursor)
                : progress[source].backward.followed.contains(cursor)
        }
        // Without an identity every item is a new row.
        let bringsNewRow =
            indexes.isEmpty ? !page.items.isEmpty : addsRows(page.items, source: source, besides: 0..<heldBefore)
        let moves = !followed && bringsNewRow
        let ends = !moves && endsDirection(request, page: page, heldBefore: heldBefore)
        let limit = policy.maxLoadsWithoutProgress
        let refused =
            forward
            ? progress[source].forward.count(moves: moves, ends: ends, cursor: request.cursor, limit: limit)
            : progress[source].backward.count(moves: moves, ends: ends, cursor: request.cursor, limit: limit)
        return refused ? RefreshFailure(request: request, reason: .noProgress) : nil
    }

    /// Whether a page that brings nothing new ends the list in its direction once applied: for a
    /// load-more, the end of the list by its signals, counting what the server sent in it; for a
    /// load of the previous page, the start of the list.
    func endsDirection(_ request: RefreshRequest, page: RefreshPage<Item>, heldBefore: Int) -> Bool {
        guard request.kind == .loadMore else {
            return page.isFirstPage(request: request, policy: policy)
        }
        let source = request.source
        let sent = page.items.count
        let serverCount: Int
        if policy.maxPages != nil {
            // Held pages count what the server sent in them; items held from before the cap was
            // set count as one page of what they hold.
            serverCount =
                serverCountUnderCap(source, adding: sent, madeRoom: false)
                ?? heldBefore &+ states[source]._itemsBefore &+ sent
        } else {
            // Every item of a page that brings nothing new is counted with those left out.
            let unheld = indexes.isEmpty ? 0 : indexes[source].unheld
            serverCount = heldBefore &+ unheld &+ states[source]._itemsBefore &+ sent
        }
        return page.isLastPage(heldAfterApplying: serverCount, request: request, policy: policy)
    }

    /// Forgets the cursors followed toward an end the page cap just dropped pages from, which
    /// loads them again: a load-more dropped the first pages, a load of the previous page the
    /// last ones.
    @usableFromInline
    mutating func forgetCursorsTowardDroppedEnd(after request: RefreshRequest) {
        let source = request.source
        if request.kind == .loadMore {
            progress[source].backward.followed = []
        } else {
            progress[source].forward.followed = []
        }
    }

    /// Starts both directions' progress afresh, after a successful refresh.
    @usableFromInline
    mutating func resetProgress(source: Int) {
        progress[source] = LoadProgress()
    }
}

/// How the loads of each direction of one source moved its list lately.
struct LoadProgress: Sendable, Hashable {
    /// Load-more.
    var forward = DirectionProgress()
    /// Loads of the previous page.
    var backward = DirectionProgress()
}

/// How the loads of one direction moved the list lately.
struct DirectionProgress: Sendable, Hashable {
    /// How many loads in a row did not move the list: the last of them was refused once it reached
    /// ``RefreshPolicy/maxLoadsWithoutProgress``.
    var stalled = 0
    /// The cursors loads in this direction asked with since the last successful refresh (or since
    /// the page cap dropped pages at the end they load toward).
    var followed: Set<String> = []

    /// Counts one more load, before its page is applied: one that moves the list starts the count
    /// again, one that ends the list (or reaches its start) leaves it, any other adds one.
    /// - Parameters:
    ///   - moves: Whether the load moves the list.
    ///   - ends: Whether its page ends the list in this direction.
    ///   - cursor: The cursor it asked with, followed from now on unless the load is refused.
    ///   - limit: The policy's ``RefreshPolicy/maxLoadsWithoutProgress``.
    /// - Returns: Whether the load is refused: the count reached `limit`.
    mutating func count(moves: Bool, ends: Bool, cursor: String?, limit: Int) -> Bool {
        if moves {
            stalled = 0
        } else if !ends {
            stalled = Swift.min(stalled, .max - 1) + 1
            if stalled >= limit {
                return true
            }
        }
        if let cursor {
            followed.insert(cursor)
        }
        return false
    }
}
