/// The page cap: at most ``RefreshPolicy/maxPages`` pages held per source.
///
/// A capped source keeps the item count and cursors of each page it holds. A page that adds rows
/// past the cap drops pages from the other end before it is merged: a load-more drops the first
/// pages, a load of the previous page the last ones, so an item the page brings again while its
/// held copy goes with a dropped page is shown again. A page that adds no rows (empty, or only
/// items held already or removed) drops nothing: it is folded into the page next to it. The end
/// that lost pages can load them again: the first page held no longer is the first, or the list
/// no longer ends.
extension RefreshSources {
    /// Before a load-more or a load of the previous page is merged into a capped source: folds a
    /// page that adds no rows, or drops the pages at the other end that holding it would push
    /// past the cap.
    /// - Returns: What was dropped, and whether the page folds.
    @usableFromInline
    mutating func makeRoom(for request: RefreshRequest, page: RefreshPage<Item>) -> CapPlan {
        let source = request.source
        // A load-more drops pages at the front, a load of the previous page at the back.
        let end = request.kind == .loadMore ? backward : forward
        // Pending items belong to no page, and are never dropped: the pages are the rows between them.
        let rows = unpendingPositions(source)
        holdUnpagedItems(source, count: rows.count)
        let heldPages = states[source].heldPages.count
        let pageCount = Swift.max(0, heldPages - (policy.maxPages ?? heldPages) + 1)
        let pages = end == backward ? 0..<pageCount : (heldPages - pageCount)..<heldPages
        let gone = heldTotals(source, pages: pages)
        let dropped =
            end == backward
            ? rows.lowerBound..<(rows.lowerBound + gone.count) : (rows.upperBound - gone.count)..<rows.upperBound
        let staying = end == backward ? dropped.upperBound..<rows.upperBound : rows.lowerBound..<dropped.lowerBound
        if heldPages > 0, !addsRows(page.items, source: source, besides: staying) {
            return CapPlan(folds: true)
        }
        guard pageCount > 0 else { return CapPlan() }
        let superseded = drop(pages, at: end, holding: gone, items: dropped, source: source, beside: page)
        return CapPlan(dropped: dropped, superseded: superseded)
    }

    /// Whether merging `incoming` adds a row when only the items at `staying` are held: without an
    /// identity whenever it holds an item; with one when an item is neither removed locally nor
    /// held at `staying`.
    @usableFromInline
    func addsRows(_ incoming: [Item], source: Int, besides staying: Range<Int>) -> Bool {
        guard let identity else { return !incoming.isEmpty }
        let (index, items) = (indexes[source], states[source].items)
        return incoming.contains { item in
            let id = identity.id(item)
            guard !index.isRemoved(id) else { return false }
            guard let position = index.position(of: id, in: items, identity) else { return true }
            return !staying.contains(position)
        }
    }

    /// Records the page just applied among the held pages, or folds it into the page next to it.
    /// - Returns: The update, with the positions dropped to make room for the page.
    @usableFromInline
    mutating func holdUnderCap(
        _ request: RefreshRequest,
        page: RefreshPage<Item>,
        change: RefreshUpdate.Change,
        plan: CapPlan?
    ) -> RefreshUpdate {
        let source = request.source
        var held = HeldPage(
            count: 0,
            sent: page.items.count,
            cursor: request.kind == .loadPrevious ? nil : request.cursor,
            previousCursor: page.previousCursor,
            nextCursor: page.nextCursor
        )
        switch change {
        case .replaced(let count):
            let pending = pendingCounts(source)
            held.count = count - pending.front - pending.back
            states[source].heldPages = [held]
        case .appended(let range), .prepended(let range):
            let atFront = request.kind == .loadPrevious
            if plan?.folds == true, !states[source].heldPages.isEmpty {
                fold(held, atFront: atFront, source: source)
            } else {
                held.count = range.count
                if atFront {
                    states[source].heldPages.insert(held, at: 0)
                } else {
                    states[source].heldPages.append(held)
                }
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
        update.dropped = plan?.dropped
        return update
    }

    /// Counts a page that added no rows with the held page at its end (the first or the last): what
    /// the server sent in it, one more page, and its cursor past that end.
    mutating func fold(_ page: HeldPage, atFront: Bool, source: Int) {
        let index = atFront ? 0 : states[source].heldPages.count - 1
        states[source].heldPages[index].sent &+= page.sent
        states[source].heldPages[index].span &+= 1
        if atFront {
            states[source].heldPages[0].previousCursor = page.previousCursor
            // The cursor a load-more asked for the page with no longer leads to the first page it
            // stands for.
            states[source].heldPages[0].cursor = nil
        } else {
            states[source].heldPages[index].nextCursor = page.nextCursor
        }
    }

    /// Counts items held from before the cap was set as one page, standing for every page they
    /// came in.
    mutating func holdUnpagedItems(_ source: Int, count: Int) {
        if states[source].heldPages.isEmpty, count > 0 {
            var held = HeldPage(
                count: count,
                sent: count,
                cursor: nil,
                previousCursor: states[source].previousCursor,
                nextCursor: states[source].nextCursor
            )
            let (pages, overflow) = states[source].page.subtractingReportingOverflow(states[source].firstLoadedPage)
            held.span = overflow ? 1 : Swift.max(1, pages &+ 1)
            states[source].heldPages = [held]
        }
    }

    /// Drops the held `pages` at one end, which hold `gone` and the items at `items`, to make room
    /// for `incoming` at the other end: loading toward the end that lost them asks for them again.
    /// - Parameter end: The end the pages go from: ``backward`` (the first pages) or ``forward``.
    /// - Returns: The load toward that end that was in flight, superseded: it asked for a page
    ///   next to a page no longer held.
    mutating func drop(
        _ pages: Range<Int>,
        at end: Int,
        holding gone: (count: Int, sent: Int, span: Int),
        items: Range<Int>,
        source: Int,
        beside incoming: RefreshPage<Item>
    ) -> RefreshRequest? {
        let held = states[source].heldPages.count
        let cursor: String?
        let page: Int
        // The cursors are read in place before the pages go: a copy kept while they are removed
        // would copy them all.
        if end == backward {
            // What the first page kept (the incoming one when every held page goes) says comes before it.
            cursor =
                pages.upperBound < held
                ? states[source].heldPages[pages.upperBound].previousCursor : incoming.previousCursor
            states[source].heldPages.removeFirst(pages.count)
            page = states[source].firstLoadedPage &+ gone.span
            states[source].itemsBefore = states[source].itemsBefore &+ gone.sent
        } else {
            // What the last page kept (the incoming one when every held page goes) says follows
            // it, or what the first page dropped was asked with.
            let lastKept =
                pages.lowerBound > 0 ? states[source].heldPages[pages.lowerBound - 1].nextCursor : incoming.nextCursor
            cursor = lastKept ?? states[source].heldPages[pages.lowerBound].cursor
            states[source].heldPages.removeLast(pages.count)
            page = states[source].page &- gone.span
        }
        dropItems(items, source: source)
        return states[source].edges[end].reopen(at: page, cursor: cursor, byCursor: policy.paging == .cursors)
    }

    /// How many items some of a capped source's held pages hold, how many the server sent in them,
    /// and how many of its pages they stand for. Reads the pages in place: a slice kept while the
    /// pages change would copy them all.
    func heldTotals(_ source: Int, pages: Range<Int>) -> (count: Int, sent: Int, span: Int) {
        var count = 0
        var sent = 0
        var span = 0
        for index in pages {
            count += states[source].heldPages[index].count
            sent = sent &+ states[source].heldPages[index].sent
            span = span &+ states[source].heldPages[index].span
        }
        return (count, sent, span)
    }

    /// How many items the server has up to the end of a page about to be held after the pages a
    /// capped source holds, held or left out: the items before the first page held, those the
    /// held pages were sent, and the page's own. `nil` when no page is held and none was dropped to
    /// make room (a cap set on a source that holds nothing), where the items held and those left
    /// out tell.
    @usableFromInline
    func serverCountUnderCap(_ source: Int, adding page: Int, madeRoom: Bool) -> Int? {
        guard !states[source].heldPages.isEmpty || madeRoom else { return nil }
        return states[source].heldPages.reduce(states[source].itemsBefore &+ page) { $0 &+ $1.sent }
    }

    /// Keeps a capped source's page counts in step with a local edit that inserted (`delta` 1) or
    /// removed (`delta` -1) the item at `position`: the page that holds it, or the last page when an
    /// item is inserted after every item.
    mutating func adjustHeldPage(_ source: Int, at position: Int, by delta: Int) {
        // Pending items belong to no page: positions count from the first item that is not one.
        let position = position - pendingCounts(source).front
        var start = 0
        for index in states[source].heldPages.indices {
            let end = start + states[source].heldPages[index].count
            if position < end || (delta > 0 && position == end && index == states[source].heldPages.count - 1) {
                states[source].heldPages[index].count += delta
                return
            }
            start = end
        }
    }
}

/// What the page cap does with a page about to be applied, decided before it is merged. Not nested
/// in the generic `RefreshSources`, whose nested types are generic too and cost a metadata lookup
/// on every load.
@usableFromInline
struct CapPlan {
    /// The positions, in the list before the page, of the items dropped for it: empty when the
    /// pages dropped held no rows, `nil` when no page was dropped.
    var dropped: Range<Int>?
    /// Whether the page adds no rows and is folded into the page next to it.
    var folds = false
    /// The load toward the end pages were dropped from that was in flight, superseded.
    @usableFromInline var superseded: RefreshRequest?

    /// Whether pages were dropped for it, holding rows or not.
    @usableFromInline var madeRoom: Bool { dropped != nil }
}
