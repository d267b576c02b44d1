/// Refresh around the position: a capped list whose policy says so
/// (``RefreshPolicy/refreshesAroundPosition``) refreshes the page the user is on rather than the
/// first page (see rule A in <doc:Rules#Rules-of-the-features>).
///
/// The position is the held page of the row that came on screen last, kept as the request that
/// loads it again: its number and, under cursor paging, the cursor that loads it forward (the one
/// a load-more asked for it with, or the next cursor of the page above it). A row on the list's
/// first page forgets it: a refresh then asks for the first page.
extension RefreshSources {
    /// Tells the list that the row at `row` of a source came on screen: a refresh around the
    /// position asks for the page that holds it. Does nothing unless the policy refreshes around
    /// the position and caps the pages (``RefreshPolicy/maxPages``); a row outside the items is
    /// ignored, and so is a pending item's (``insertPendingItem(_:at:source:)``), which belongs to
    /// no page. Costs a walk over the pages held, not the rows.
    /// - Parameters:
    ///   - row: The row's index in the source's items, pending items included.
    ///   - source: The source; out of range stops with a message.
    public mutating func rowDidAppear(at row: Int, source: Int) {
        checkSource(source, in: "rowDidAppear(at:source:)")
        // The pages hold the rows between the runs of pending items: a page's rows count from
        // the first row that is not pending.
        let paged = unpendingPositions(source)
        guard policy.refreshesAroundPosition, policy.maxPages != nil, paged.contains(row),
            !states[source].heldPages.isEmpty
        else { return }
        let position = position(ofRow: row - paged.lowerBound, source: source)
        if states[source].position != position {
            states[source].position = position
        }
    }

    /// The request that loads the held page holding `row` (counted from the first row that is not
    /// pending) again, or `nil` when that page is the list's first (nothing comes before it) or,
    /// under cursors, neither it nor a page after it has a cursor that loads it forward.
    func position(ofRow row: Int, source: Int) -> RefreshPosition? {
        let state = states[source]
        let held = state.heldPages
        var index = 0
        var start = 0
        var page = state.firstLoadedPage
        while index < held.count - 1, row >= start &+ held[index].count {
            start = start &+ held[index].count
            page = page &+ held[index].span
            index += 1
        }
        if index == 0, state.noPreviousData {
            return nil
        }
        guard policy.paging == .cursors else { return RefreshPosition(page: page, cursor: nil) }
        // A page loaded only backward has no cursor that loads it forward: the nearest page
        // below it that has one stands for it, and the load outward brings it back above.
        while index < held.count {
            let above = index > 0 ? held[index - 1].nextCursor : nil
            if let cursor = above ?? held[index].cursor {
                return RefreshPosition(page: page, cursor: cursor)
            }
            page = page &+ held[index].span
            index += 1
        }
        return nil
    }

    /// The position the next refresh of `source` asks for, when the policy refreshes around it.
    @usableFromInline
    func refreshPosition(source: Int) -> (page: Int, cursor: String?)? {
        guard policy.refreshesAroundPosition, policy.maxPages != nil, let position = states[source].position else {
            return nil
        }
        return (position.page, position.cursor)
    }

    /// Records a refresh just issued: whether it asked for the position, and that a restored
    /// source's first refresh has started.
    @usableFromInline
    mutating func noteRefresh(_ request: RefreshRequest, aroundPosition: Bool) {
        states[request.source].restored = false
        let generation: UInt64? = aroundPosition ? request.generation : nil
        if states[request.source].aroundRefresh != generation {
            states[request.source].aroundRefresh = generation
        }
    }

    /// Whether `request` is a refresh this value issued for the position of its source.
    @usableFromInline
    func isAroundPosition(_ request: RefreshRequest) -> Bool {
        guard request.kind == .refresh, request.origin == origin, request.source >= 0, request.source < sourceCount
        else { return false }
        return states[request.source].aroundRefresh == request.generation
    }

    /// How many items the server has before a refresh's page: none before the first page; before
    /// a page around the position, a full page for each page before it.
    @usableFromInline
    func itemsBefore(refresh request: RefreshRequest) -> Int {
        guard isAroundPosition(request), let pages = RefreshPage<Item>.offset(of: request.page, from: policy.firstPage)
        else { return 0 }
        let (count, overflow) = pages.multipliedReportingOverflow(by: policy.pageSize)
        return overflow ? .max : count
    }

    /// Whether a failed refresh around the position is followed at once by a refresh of the first
    /// page, in its place: any failure but one while offline, which asked nobody (a refresh would
    /// fail the same way); a cancellation is no failure. Such a failure forgets the position.
    func fallsBack(_ failure: RefreshFailure) -> Bool {
        isAroundPosition(failure.request) && failure.reason != .offline
    }

    /// A failed refresh around the position is followed by a refresh of the first page in its
    /// place: its failure is not the source's to show, and no failed refresh is left to ask again.
    mutating func fallingBack(from failure: RefreshFailure) {
        let source = failure.request.source
        guard states[source].lastFailure?.failure == failure else { return }
        states[source].lastFailure = nil
        states[source].edges[forward].refreshFailed = false
    }
}

/// Where a refresh around the position asks: a page's number and, under cursor paging, the cursor
/// that loads it forward. A snapshot saves it as `{"page": 28}`, with its `"cursor"` under cursor
/// paging.
struct RefreshPosition: Sendable, Hashable, Codable {
    var page: Int
    var cursor: String?
}
