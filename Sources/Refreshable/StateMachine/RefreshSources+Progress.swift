/// Progress: a list stops loading in a direction whose loads no longer move it (see
/// <doc:Rules#Progress>).
///
/// A load-more or a load of the previous page moves the list when its page brings a row the
/// list does not hold and, under cursor paging, it asked with a cursor not followed before in its
/// direction since the last successful refresh. Each direction counts the loads in a row that did
/// not move it; the one that brings the count to ``RefreshPolicy/maxLoadsWithoutProgress`` is
/// refused with ``RefreshFailure/Reason/noProgress``, unless its page ends the list (or reaches
/// its start), which it then does as any page would. A poll for newer items that finds none yet
/// (an empty previous page with a cursor) leaves the count as it is and follows no cursor.
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
    @inlinable
    mutating func checkProgress(
        of request: RefreshRequest,
        page: RefreshPage<Item>,
        heldBefore: Int
    ) -> RefreshFailure? {
        let source = request.source
        // Without an identity every item is a new row.
        let bringsNewRow =
            indexes.isEmpty
            ? !page.items.isEmpty : addsRows(page.items, source: source, besides: unpendingPositions(source))
        // Whether the page ends the list only counts for a load that does not move it: not one
        // without a cursor that brings a row.
        let ends =
            bringsNewRow && request.cursor == nil ? false : endsDirection(request, page: page, heldBefore: heldBefore)
        let refused = states[source].edges[request.kind.edge].countLoad(
            cursor: request.cursor,
            bringsNewRow: bringsNewRow,
            ends: ends,
            polls: page.isPoll(request: request, policy: policy),
            limit: policy.maxLoadsWithoutProgress
        )
        return refused ? RefreshFailure(request: request, reason: .noProgress) : nil
    }

    /// Whether a page that brings nothing new ends the list in its direction once applied: for a
    /// load-more, the end of the list by its signals, counting what the server sent in it; for a
    /// load of the previous page, the start of the list.
    @usableFromInline
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
                ?? heldBefore &+ states[source].itemsBefore &+ sent
        } else {
            // Every item of a page that brings nothing new is counted with those left out.
            let unheld = indexes.isEmpty ? 0 : indexes[source].unheld
            serverCount = heldBefore &+ unheld &+ states[source].itemsBefore &+ sent
        }
        return page.isLastPage(heldAfterApplying: serverCount, request: request, policy: policy)
    }
}
