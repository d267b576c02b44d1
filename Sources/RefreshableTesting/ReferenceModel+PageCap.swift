import Refreshable

/// The page cap in the reference model: past `maxPages` the far end's pages go, and the end that
/// lost them can load them again.
extension ReferenceModel.HeldPage {
    /// The page an answer brings, of which the source holds `held` items; `askedWith` is the cursor
    /// a load-more asked for it with.
    init(_ page: RefreshPage<TestItem>, held: Int, askedWith: String?) {
        self.init(
            held: held,
            sent: page.items.count,
            previousCursor: page.previousCursor,
            nextCursor: page.nextCursor,
            askedWith: askedWith
        )
    }
}

extension ReferenceModel.Source {
    /// How many items the server has up to the end of the last page held, held or not: what a
    /// total count compares.
    var serverCount: Int {
        pages.reduce(sentBefore) { $0 + $1.sent }
    }

    /// Before a load-more (`forward`) or a load of the previous page is merged under a cap: a page
    /// that adds no rows when only the pages that stay are held folds into the page next to it;
    /// one that adds rows first drops the far end's pages that holding it would push past the cap.
    /// - Returns: Whether the page folds, and whether pages were dropped.
    mutating func makeRoom(
        forward: Bool,
        for page: RefreshPage<TestItem>,
        _ policy: RefreshPolicy,
        identity: Bool
    ) -> (folds: Bool, dropped: Bool) {
        guard let maxPages = policy.maxPages else { return (false, false) }
        let goneCount = max(0, pages.count + 1 - maxPages)
        let goneRows = (forward ? pages.prefix(goneCount) : pages.suffix(goneCount)).reduce(0) { $0 + $1.held }
        let staying = forward ? items.dropFirst(goneRows) : items.dropLast(goneRows)
        let addsRows: Bool
        if !identity {
            addsRows = !page.items.isEmpty
        } else {
            let stayingIDs = Set(staying.map(\.id))
            addsRows = page.items.contains { removed[$0.id] == nil && !stayingIDs.contains($0.id) }
        }
        if !pages.isEmpty, !addsRows {
            return (true, false)
        }
        guard goneCount > 0 else { return (false, false) }
        if forward {
            dropFront(goneCount, before: page, policy)
        } else {
            dropBack(goneCount, after: page, policy)
        }
        return (false, true)
    }

    /// Drops the first `count` pages for a page a load-more brought. What comes before the first
    /// page held is then there to load again (under cursors, when that page, or the incoming one
    /// once every page goes, came with a cursor to it), and a load of the previous page in flight
    /// asked for a page that is no longer the one before: its answer is stale.
    private mutating func dropFront(_ count: Int, before incoming: RefreshPage<TestItem>, _ policy: RefreshPolicy) {
        let gone = pages.prefix(count)
        pages.removeFirst(gone.count)
        keepEditsDropped(items.prefix(gone.reduce(0) { $0 + $1.held }))
        items.removeFirst(gone.reduce(0) { $0 + $1.held })
        sentBefore += gone.reduce(0) { $0 + $1.sent }
        firstLoadedPage += gone.reduce(0) { $0 + $1.span }
        switch policy.paging {
        case .pageNumbers:
            noPreviousData = false
        case .cursors:
            previousCursor = pages.isEmpty ? incoming.previousCursor : pages[0].previousCursor
            noPreviousData = previousCursor == nil
            // Loading the pages dropped again follows their cursors again (rule S14).
            backward.followed = []
        }
        previousInFlight = nil
        loadPreviousFailed = false
    }

    /// Drops the last `count` pages for a page a load of the previous page brought. The list no
    /// longer ends there, and a load-more in flight asked for a page that no longer comes next.
    /// Under cursors a load-more needs a cursor to the first page dropped: the last page kept (the
    /// incoming one once every page goes) came with one, or a load-more asked for the dropped page
    /// with one; else the list ends there.
    private mutating func dropBack(_ count: Int, after incoming: RefreshPage<TestItem>, _ policy: RefreshPolicy) {
        let gone = pages.suffix(count)
        pages.removeLast(gone.count)
        keepEditsDropped(items.suffix(gone.reduce(0) { $0 + $1.held }))
        items.removeLast(gone.reduce(0) { $0 + $1.held })
        page -= gone.reduce(0) { $0 + $1.span }
        switch policy.paging {
        case .pageNumbers:
            ended = false
        case .cursors:
            let lastKept = pages.isEmpty ? incoming.nextCursor : pages[pages.count - 1].nextCursor
            nextCursor = lastKept ?? gone.first?.askedWith
            ended = nextCursor == nil
            // Loading the pages dropped again follows their cursors again (rule S14).
            forward.followed = []
        }
        if inFlight?.kind == .loadMore {
            inFlight = nil
        }
        loadMoreFailed = false
    }

    /// Counts a page that added no rows with the held page at `index`; the caller takes the
    /// cursor of the end it extends.
    mutating func fold(_ page: ReferenceModel.HeldPage, into index: Int) {
        pages[index].sent += page.sent
        pages[index].span += 1
    }

    /// A local edit outlasts the cap (rule I3): the edited items among the `gone` ones are kept as
    /// edited, for an answer asked for before the edit that brings the item again. Removals stay
    /// until the next refresh.
    private mutating func keepEditsDropped(_ gone: ArraySlice<TestItem>) {
        for item in gone {
            if let edit = edited.removeValue(forKey: item.id) {
                droppedEdits[item.id] = ReferenceModel.DroppedEdit(item: item, edit: edit)
            }
        }
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
