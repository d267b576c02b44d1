import Refreshable

/// The page cap in the reference model: past `maxPages` the far end's pages go, and the end that
/// lost them can load them again.
extension ReferenceModel.HeldPage {
    /// The page an answer brings, of which the source holds `held` items; `askedForward` when a
    /// load-more asked for it.
    init(_ page: RefreshPage<TestItem>, held: Int, askedForward: Bool) {
        self.init(
            held: held,
            sent: page.items.count,
            hasPreviousCursor: page.previousCursor != nil,
            hasNextCursor: page.nextCursor != nil,
            askedForward: askedForward
        )
    }
}

extension ReferenceModel.Source {
    /// How many items the server has up to the end of the last page held, held or not: what a
    /// total count compares.
    var serverCount: Int {
        pages.reduce(sentBefore) { $0 + $1.sent }
    }

    /// After a refresh or load-more: drops the first pages while more than the cap are held. What
    /// comes before the first page held is then there to load again (under cursors, when that page
    /// came with a cursor to it), and a load of the previous page in flight asked for a page that
    /// is no longer the one before: its answer is stale.
    /// - Returns: Whether pages were dropped.
    mutating func dropFront(_ policy: RefreshPolicy) -> Bool {
        guard let maxPages = policy.maxPages, pages.count > maxPages else { return false }
        let gone = pages.prefix(pages.count - maxPages)
        pages.removeFirst(gone.count)
        items.removeFirst(gone.reduce(0) { $0 + $1.held })
        sentBefore += gone.reduce(0) { $0 + $1.sent }
        firstLoadedPage += gone.count
        switch policy.paging {
        case .pageNumbers:
            noPreviousData = false
        case .cursors:
            noPreviousData = pages.first?.hasPreviousCursor != true
        }
        previousInFlight = nil
        loadPreviousFailed = false
        forgetEditsDropped()
        return true
    }

    /// After a load of the previous page: drops the last pages while more than the cap are held.
    /// The list no longer ends there, and a load-more in flight asked for a page that no longer
    /// comes next. Under cursors a load-more needs a cursor to the first page dropped: the last
    /// page kept came with one, or a load-more asked for the dropped page with one; else the list
    /// ends there.
    /// - Returns: Whether pages were dropped.
    mutating func dropBack(_ policy: RefreshPolicy) -> Bool {
        guard let maxPages = policy.maxPages, pages.count > maxPages else { return false }
        let gone = pages.suffix(pages.count - maxPages)
        pages.removeLast(gone.count)
        items.removeLast(gone.reduce(0) { $0 + $1.held })
        page -= gone.count
        let forward = pages.last?.hasNextCursor == true || gone.first?.askedForward == true
        ended = policy.paging == .cursors && !forward
        if inFlight?.kind == .loadMore {
            inFlight = nil
        }
        loadMoreFailed = false
        forgetEditsDropped()
        return true
    }

    /// A local edit goes with the item the cap dropped: a page that brings the item again brings
    /// it as the server has it. Removals stay until the next refresh.
    private mutating func forgetEditsDropped() {
        let held = Set(items.map(\.id))
        edited = edited.filter { held.contains($0) }
    }

    /// Counts a local insertion (`delta` 1) or removal (`delta` -1) at `position` in the page that
    /// holds that position; an item inserted after the last one belongs to the last page.
    mutating func countEdit(at position: Int, by delta: Int) {
        var end = 0
        for index in pages.indices {
            end += pages[index].held
            if position < end || (delta > 0 && position == end && index == pages.count - 1) {
                pages[index].held += delta
                return
            }
        }
    }
}
