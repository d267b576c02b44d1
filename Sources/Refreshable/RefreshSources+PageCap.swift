/// The page cap: at most ``RefreshPolicy/maxPages`` pages held per source.
///
/// A capped source keeps the item count and cursors of each page it holds. A page applied past the
/// cap drops pages from the other end: a load-more drops the first pages, a load of the previous
/// page the last ones. The end that lost pages can load them again: the first page held no longer
/// is the first, or the list no longer ends.
extension RefreshSources {
    /// Records the page just applied among the held pages and drops the pages past the cap.
    /// - Returns: The update, its change in the positions after the drop, with the positions dropped.
    @inlinable @inline(never)
    mutating func holdUnderCap(
        _ request: RefreshRequest,
        page: RefreshPage<Item>,
        change: RefreshUpdate.Change
    ) -> RefreshUpdate {
        let source = request.source
        let held = HeldPage(
            count: 0,
            sent: page.items.count,
            cursor: request.kind == .loadMore ? request.cursor : nil,
            previousCursor: page.previousCursor,
            nextCursor: page.nextCursor
        )
        var change = change
        var dropped: Range<Int>?
        switch change {
        case .replaced(let count):
            states[source]._heldPages = [with(held, count: count)]
        case .appended(let range):
            holdUnpagedItems(source, count: range.lowerBound)
            states[source]._heldPages.append(with(held, count: range.count))
            if let count = dropFront(source) {
                dropped = 0..<count
                change = .appended((range.lowerBound - count)..<(range.upperBound - count))
            }
        case .prepended(let range):
            holdUnpagedItems(source, count: states[source].items.count - range.count)
            states[source]._heldPages.insert(with(held, count: range.count), at: 0)
            if let count = dropBack(source) {
                let heldBefore = states[source].items.count + count - range.count
                dropped = (heldBefore - count)..<heldBefore
            }
        case .switchedSource, .reset, .edited, .removed, .inserted:
            break
        }
        var update = RefreshUpdate(
            request: request,
            source: source,
            change: change,
            noMoreData: states[source].noMoreData
        )
        update.dropped = dropped
        return update
    }

    @inlinable
    func with(_ page: HeldPage, count: Int) -> HeldPage {
        var page = page
        page.count = count
        return page
    }

    /// Counts items held from before the cap was set as one page.
    @inlinable
    mutating func holdUnpagedItems(_ source: Int, count: Int) {
        if states[source]._heldPages.isEmpty, count > 0 {
            states[source]._heldPages = [
                HeldPage(
                    count: count,
                    sent: count,
                    cursor: nil,
                    previousCursor: states[source].previousCursor,
                    nextCursor: states[source].nextCursor
                )
            ]
        }
    }

    /// Drops pages from the front while the source holds more than the cap allows.
    /// - Returns: How many items were dropped, or `nil` when none were.
    @inlinable
    mutating func dropFront(_ source: Int) -> Int? {
        guard let maxPages = policy.maxPages, states[source]._heldPages.count > maxPages else { return nil }
        let pageCount = states[source]._heldPages.count - maxPages
        let (count, sent) = heldTotals(source, pages: 0..<pageCount)
        states[source]._heldPages.removeFirst(pageCount)
        states[source]._items.removeFirst(count)
        states[source]._firstLoadedPage = states[source].firstLoadedPage &+ pageCount
        states[source]._itemsBefore = states[source]._itemsBefore &+ sent
        let previousCursor = states[source]._heldPages.first?.previousCursor
        switch policy.paging {
        case .pageNumbers:
            states[source]._noPreviousData = false
            states[source]._previousCursor = nil
        case .cursors:
            states[source]._noPreviousData = previousCursor == nil
            states[source]._previousCursor = previousCursor
        }
        // A load of the previous page asked for a page that is no longer before the first one.
        states[source]._previousInFlight = nil
        states[source]._loadPreviousFailure = nil
        forgetDropped(source)
        return count
    }

    /// Drops pages from the back while the source holds more than the cap allows.
    /// - Returns: How many items were dropped, or `nil` when none were.
    @inlinable
    mutating func dropBack(_ source: Int) -> Int? {
        guard let maxPages = policy.maxPages, states[source]._heldPages.count > maxPages else { return nil }
        let pageCount = states[source]._heldPages.count - maxPages
        let kept = states[source]._heldPages.count - pageCount
        let count = heldTotals(source, pages: kept..<states[source]._heldPages.count).count
        // What the last page kept says follows it, or what the first page dropped was asked with.
        let nextCursor = states[source]._heldPages[kept - 1].nextCursor ?? states[source]._heldPages[kept].cursor
        states[source]._heldPages.removeLast(pageCount)
        states[source]._items.removeLast(count)
        states[source]._page = states[source].page &- pageCount
        states[source]._noMoreData = policy.paging == .cursors && nextCursor == nil
        states[source]._nextCursor = policy.paging == .cursors ? nextCursor : nil
        // A load-more asked for a page that no longer comes after the last one.
        if states[source].isLoadingMore {
            states[source]._inFlight = nil
        }
        states[source]._loadMoreFailure = nil
        forgetDropped(source)
        return count
    }

    /// How many items some of a capped source's held pages hold, and how many the server sent in
    /// them. Reads the pages in place: a slice kept while the pages change would copy them all.
    @inlinable
    func heldTotals(_ source: Int, pages: Range<Int>) -> (count: Int, sent: Int) {
        var count = 0
        var sent = 0
        for index in pages {
            count += states[source]._heldPages[index].count
            sent = sent &+ states[source]._heldPages[index].sent
        }
        return (count, sent)
    }

    /// How many items the server has up to the end of a page about to be held after the pages a
    /// capped source holds, held or left out: the items before the first page held, those the
    /// held pages were sent, and the page's own. `nil` before any page is held (a cap set on a
    /// source loaded without one), where the items held and those left out tell.
    @inlinable
    func serverCountUnderCap(_ source: Int, adding page: Int) -> Int? {
        guard !states[source]._heldPages.isEmpty else { return nil }
        return states[source]._heldPages.reduce(states[source]._itemsBefore &+ page) { $0 &+ $1.sent }
    }

    /// Indexes a source's items again after the cap dropped some of them.
    @inlinable
    mutating func forgetDropped(_ source: Int) {
        if let identity {
            reindexPositions(source, identity: identity)
        }
    }

    /// Keeps a capped source's page counts in step with a local edit that inserted (`delta` 1) or
    /// removed (`delta` -1) the item at `position`.
    mutating func adjustHeldPage(_ source: Int, at position: Int, by delta: Int) {
        guard !states[source]._heldPages.isEmpty else { return }
        var start = 0
        for index in states[source]._heldPages.indices {
            let end = start + states[source]._heldPages[index].count
            let isLast = index == states[source]._heldPages.count - 1
            if position < end || (delta > 0 && position == end && isLast) {
                states[source]._heldPages[index].count += delta
                return
            }
            start = end
        }
    }
}
