import Refreshable

/// Rule A in the reference model, written from the Rules article: with `refreshesAroundPosition`
/// and a page cap, a source keeps the page of the row that came on screen last, and a refresh asks
/// for it; its answer replaces the items and the list loads outward; an empty answer or a failure
/// loads the first page at once.
extension ReferenceModel {
    /// Whether the policy refreshes around the position: the setting, and a cap.
    var refreshesAroundPosition: Bool { policy.refreshesAroundPosition && policy.maxPages != nil }

    /// The row at `row` of `source` came on screen: the source keeps the page holding it, or
    /// forgets its position when that page is the first held and nothing comes before it.
    mutating func rowAppeared(_ row: Int, source: Int) {
        let state = sources[source]
        guard refreshesAroundPosition, row >= 0, row < state.items.count, !state.pages.isEmpty else { return }
        // The page holding the row; rows past every page's count (none, in a consistent state)
        // belong to the last.
        var index = 0
        var end = state.pages[0].held
        var page = state.firstLoadedPage
        while row >= end, index < state.pages.count - 1 {
            page += state.pages[index].span
            index += 1
            end += state.pages[index].held
        }
        if index == 0, state.noPreviousData {
            sources[source].position = nil
            return
        }
        guard policy.paging == .cursors else {
            sources[source].position = Position(page: page, cursor: nil)
            return
        }
        // The cursor that loads it forward: the next cursor of the page above it, or the one a
        // load-more asked for it with; else the nearest page below that has one; else none.
        while index < state.pages.count {
            let above = index > 0 ? state.pages[index - 1].nextCursor : nil
            if let cursor = above ?? state.pages[index].askedWith {
                sources[source].position = Position(page: page, cursor: cursor)
                return
            }
            page += state.pages[index].span
            index += 1
        }
        sources[source].position = nil
    }

    /// The page and cursor a refresh of `source` asks for: the position, or the first page.
    func refreshTarget(source: Int) -> (page: Int, cursor: String?, around: Bool) {
        guard refreshesAroundPosition, let position = sources[source].position else {
            return (policy.firstPage, nil, false)
        }
        return (position.page, position.cursor, true)
    }

    /// Whether a flight is a refresh that asked for the position.
    func isAroundPosition(_ flight: Flight) -> Bool {
        flight.kind == .refresh && flight.around
    }

    /// Whether the load is the source's refresh around the position in flight.
    func isAroundPosition(_ load: TestLoad) -> Bool {
        guard isInFlight(load), let flight = flight(load.kind, source: load.source) else { return false }
        return isAroundPosition(flight)
    }

    /// An empty answer to a refresh around the position, or its failure (not a cancellation, not
    /// offline): the position goes, and nothing shows; the caller starts the refresh of the first
    /// page that takes its place.
    mutating func fallBack(source: Int) {
        failInFlight(.refresh, source: source)
        forgetFallenBack(source: source)
    }

    /// After a refresh around the position failed or was refused: the position goes, and its
    /// failure is not the source's (nothing shows, and reconnecting or `retryNow()` does not ask
    /// for it again: the refresh of the first page in its place does).
    mutating func forgetFallenBack(source: Int) {
        sources[source].position = nil
        sources[source].failure = nil
        sources[source].refreshFailed = false
    }

    /// What the server holds before a refresh's page: nothing before the first page, a full page
    /// for each page before a page around the position.
    func sentBefore(refresh flight: Flight) -> Int {
        guard isAroundPosition(flight), flight.page > policy.firstPage else { return 0 }
        return (flight.page - policy.firstPage) * policy.pageSize
    }

    /// After a refresh around the position landed: the loads outward, the previous page while the
    /// start is open, then a load-more while the list goes on, as far as the cap has room beside
    /// the page refreshed.
    func loadsOutward(source: Int) -> [RefreshRequest.Kind] {
        guard refreshesAroundPosition, let maxPages = policy.maxPages else { return [] }
        var room = maxPages - 1
        var kinds: [RefreshRequest.Kind] = []
        if room > 0, !sources[source].noPreviousData {
            kinds.append(.loadPrevious)
            room -= 1
        }
        if room > 0, !sources[source].ended {
            kinds.append(.loadMore)
        }
        return kinds
    }
}

extension ReferenceModel {
    /// Where a refresh around the position asks: a page's number and, under cursors, its cursor.
    struct Position: Sendable, Equatable {
        var page: Int
        var cursor: String?
    }
}
