import Refreshable

/// A small, independent implementation of the library's rules that a randomized check runs beside
/// the adopter. It shares no code with the library's state machine.
package struct ReferenceModel: Sendable {
    package struct Flight: Sendable, Equatable {
        var kind: RefreshRequest.Kind
        var page: Int
        var loadID: Int?
        /// When it was asked for, counted in loads started: a removal made after a refresh was asked
        /// for sticks through it.
        var generation: Int
        /// How many times it was asked again after a failure (rule R).
        var retriesDone = 0
        /// Whether its last attempt failed and it waits for its retry, still in flight (rule R).
        var waitsForRetry = false
        /// Under cursor paging, the cursor it asks with: `nil` for a refresh (rule S14 counts it).
        var cursor: String?
        /// Whether it is a refresh that asked for the position (rule A).
        var around = false
    }

    /// When an item was updated or inserted locally, counted in loads started: an answer to a load
    /// started by then was asked for before the edit and does not undo it (rule I3).
    struct Edit: Sendable, Equatable {
        /// When it was last updated or inserted.
        var generation: Int
        /// When it was inserted, for an item inserted locally.
        var inserted: Int?
    }

    /// An item the page cap dropped while edited, as edited, and its edit (rule I3).
    struct DroppedEdit: Sendable, Equatable {
        var item: TestItem
        var edit: Edit
    }

    /// Which copy of an item a page brings again stays, when the list has an identity.
    package enum Duplicates: Sendable, Equatable {
        case keepHeld
        case takeNewer
    }

    package struct Source: Sendable {
        var title: String
        package var items: [TestItem] = []
        package var page: Int
        package var ended = false
        package var hasLoaded = false
        var inFlight: Flight?
        /// The load of the page before the first loaded one, which runs beside a load-more.
        package var previousInFlight: Flight?
        /// The number of the first page held: the refresh's, then each previous page's.
        package var firstLoadedPage: Int
        /// Whether nothing comes before the first page held: until a page says otherwise.
        package var noPreviousData = true
        /// Whether the last load of the previous page failed, until one starts or succeeds. A
        /// cancelled load records nothing (rule S6).
        package var loadPreviousFailed = false
        /// The kind of the last failure since the last success; a cancellation is none.
        var failure: RefreshRequest.Kind?
        /// Whether the last load-more failed, until a load-more starts or a load succeeds.
        var loadMoreFailed = false
        /// Whether a refresh failed and none succeeded since (rule R).
        var refreshFailed = false
        /// Whether a load ended without a page (it failed or was cancelled) since the last success.
        var endedWithoutPage = false
        /// The pages held since the last refresh, front to back; the cap counts them.
        var pages: [HeldPage] = []
        /// How many items the server sent in the pages before the first one held, which the cap dropped.
        var sentBefore = 0
        /// Ids removed locally, each with the number of loads started when it was removed.
        var removed: [Int: Int] = [:]
        /// Ids updated or inserted locally, and when (rule I3).
        var edited: [Int: Edit] = [:]
        /// The items the page cap dropped while edited, as edited, with their edits: an edit
        /// outlasts the cap as it outlasts loads (rule I3).
        var droppedEdits: [Int: DroppedEdit] = [:]
        /// Under cursor paging, the cursors the next load-more and the next load of the previous
        /// page ask with.
        var nextCursor: String?
        var previousCursor: String?
        /// How the loads of each direction moved the list lately (rule S14).
        var forward = Progress()
        var backward = Progress()
        /// When its last successful refresh landed, on ``ReferenceModel/now`` (rule ST).
        var refreshedAt: Int?
        /// The age limit of a `refreshIfStale(olderThan:)` refused offline while it was stale,
        /// which coming back online runs; a successful refresh forgets it (rules ST and O).
        var staleCheckOnReconnect: Int?
        /// The page of the row that came on screen last, which a refresh asks for (rule A).
        var position: Position?
        /// How many of `items` are pending items at the front, and at the back (rule I4).
        var pendingFront = 0
        var pendingBack = 0
        /// Whether it was restored from a saved list and no refresh of it started since (rule SN).
        var restored = false
    }

    /// How the loads of one direction moved the list since the last successful refresh (rule S14).
    struct Progress: Sendable, Equatable {
        /// How many loads in a row did not move it.
        var stalled = 0
        /// The cursors its loads asked with.
        var followed: Set<String> = []
    }

    /// One page a source holds: how many of its items the source holds (after de-duplication and
    /// local edits) and how many the server sent, the cursors it came with to what lies before and
    /// after it, and the cursor a load-more asked for it with (which asks for it again).
    struct HeldPage: Sendable, Equatable {
        var held: Int
        var sent: Int
        var previousCursor: String?
        var nextCursor: String?
        var askedWith: String?
        /// How many server pages it stands for: pages that added no rows fold into their neighbour.
        var span = 1
    }

    /// Why a load that was asked for did not start.
    package enum Refusal: Sendable, Equatable {
        case busy
        case ended
        case nothingLoaded
        case noPreviousData
    }

    package enum Begin: Sendable, Equatable {
        case starts(source: Int, page: Int, kind: RefreshRequest.Kind)
        case refused(Refusal)
    }

    /// The paging rules: a hostile-input fuzz changes the page size, the first page, the answer
    /// numbering and the conflict rule between loads, as an app may.
    package var policy: RefreshPolicy
    /// Whether the list has an identity, and which copy it keeps; `nil` keeps every item.
    let duplicates: Duplicates?
    /// How many times the runtime asks again for a failed load before its failure shows; 0 when it
    /// does not retry.
    let maxRetries: Int
    package var sources: [Source]
    /// How many loads were started, across sources.
    var generation = 0
    var current: Int
    /// Responses whose items must never appear: answers to loads that were not in flight.
    var staleResponses: Set<Int> = []
    /// The time on the runtime's clock, in seconds (rule ST).
    var now = 0
    /// Whether the app said the list is offline (rule O).
    var offline = false
    /// Whether the last answer applied made the cap drop pages.
    private(set) var dropped = false

    package init(
        titles: [String], policy: RefreshPolicy, current: Int, duplicates: Duplicates? = nil, maxRetries: Int = 0
    ) {
        self.policy = policy
        self.duplicates = duplicates
        self.maxRetries = maxRetries
        self.sources = titles.map {
            Source(title: $0, page: policy.firstPage - 1, firstLoadedPage: policy.firstPage)
        }
        self.current = current
    }

    /// Starts (or refuses) a load, by rules S5, S7, S8, S11 and P.
    package mutating func begin(_ kind: RefreshRequest.Kind, source: Int) -> Begin {
        if kind == .loadPrevious {
            return beginPrevious(source: source)
        }
        let state = sources[source]
        if let flight = state.inFlight {
            let supersedes: Bool
            switch policy.conflictRule {
            case .inFlightWins:
                supersedes = false
            case .refreshWins:
                supersedes = kind == .refresh && flight.kind == .loadMore
            case .latestRefreshWins:
                supersedes = kind == .refresh
            }
            guard supersedes else { return .refused(.busy) }
        }
        // Under inFlightWins a refresh waits for the load of the previous page too.
        if kind == .refresh, policy.conflictRule == .inFlightWins, state.previousInFlight != nil {
            return .refused(.busy)
        }
        if kind == .loadMore {
            guard state.hasLoaded, !state.items.isEmpty else { return .refused(.nothingLoaded) }
            // No page comes after the page numbered `Int.max`.
            guard !state.ended, state.page < .max else { return .refused(.ended) }
        }
        let target = refreshTarget(source: source)
        let page = kind == .refresh ? target.page : state.page + 1
        generation += 1
        sources[source].inFlight = Flight(
            kind: kind, page: page, loadID: nil, generation: generation,
            cursor: kind == .refresh ? target.cursor : state.nextCursor,
            around: kind == .refresh && target.around)
        if kind == .loadMore {
            sources[source].loadMoreFailed = false
        } else {
            // The refresh a restored source owes has started (rule SN).
            sources[source].restored = false
            // A refresh supersedes the load of the previous page: its answer is stale.
            sources[source].previousInFlight = nil
        }
        return .starts(source: source, page: page, kind: kind)
    }

    /// Starts (or refuses) a load of the page before the first loaded one (rule P): beside a
    /// load-more, never beside a refresh or another one, and only while something comes before.
    private mutating func beginPrevious(source: Int) -> Begin {
        let state = sources[source]
        if state.previousInFlight != nil || state.inFlight?.kind == .refresh {
            return .refused(.busy)
        }
        // An empty list whose start is open polls for newer items (rule S14).
        guard state.hasLoaded, !state.items.isEmpty || !state.noPreviousData else { return .refused(.nothingLoaded) }
        guard !state.noPreviousData, state.firstLoadedPage > .min else { return .refused(.noPreviousData) }
        let page = state.firstLoadedPage - 1
        if policy.paging == .pageNumbers, page < policy.firstPage {
            return .refused(.noPreviousData)
        }
        generation += 1
        sources[source].previousInFlight = Flight(
            kind: .loadPrevious, page: page, loadID: nil, generation: generation, cursor: state.previousCursor)
        sources[source].loadPreviousFailed = false
        return .starts(source: source, page: page, kind: .loadPrevious)
    }

    /// The source's load of this kind in flight: the load of the previous page or the other one.
    func flight(_ kind: RefreshRequest.Kind, source: Int) -> Flight? {
        kind == .loadPrevious ? sources[source].previousInFlight : sources[source].inFlight
    }

    /// Records which load of the loader a started flight is.
    package mutating func record(_ load: TestLoad) {
        if load.kind == .loadPrevious {
            sources[load.source].previousInFlight?.loadID = load.id
        } else {
            sources[load.source].inFlight?.loadID = load.id
        }
    }

    /// Whether the source has any load in flight, in either direction.
    package func isLoading(source: Int) -> Bool {
        sources[source].inFlight != nil || sources[source].previousInFlight != nil
    }

    /// Whether switching to (or appearing on) a source loads its first page (rule S1). A source whose
    /// first load failed waits for the placeholder's retry; one whose first load was cancelled
    /// recorded nothing and loads again (rule S6).
    func needsFirstLoad(_ source: Int) -> Bool {
        let state = sources[source]
        let idle = state.inFlight == nil && state.previousInFlight == nil
        // A restored source refreshes on its first appearance, its rows on screen (rule SN).
        if state.restored {
            return idle
        }
        return !state.hasLoaded && idle && state.failure == nil
    }

    /// Whether switching to a source loads its first page (rule S1): one that never loaded, its
    /// first load failed included.
    func loadsOnSwitch(_ source: Int) -> Bool {
        needsFirstLoad(source) || (!sources[source].hasLoaded && !isLoading(source: source))
    }

    func isInFlight(_ load: TestLoad) -> Bool {
        sources.indices.contains(load.source) && flight(load.kind, source: load.source)?.loadID == load.id
    }

    /// What became of an answer.
    package enum Answering: Sendable, Equatable {
        /// The load was not in flight: the answer changes nothing.
        case stale
        /// The page was applied.
        case applied
        /// The answer was refused because its direction's loads stopped moving the list (rule
        /// S14): a failure, committing nothing.
        case refused
        /// The answer to a refresh around the position was empty (rule A): refused, showing
        /// nothing; a refresh of the first page starts in its place.
        case fallsBack
    }

    /// Applies an answer, or records it as stale (rules S3, S4, S5, S8, S12, P), or refuses it when
    /// it is the last of the loads in a row that did not move the list (rule S14).
    package mutating func answer(
        _ load: TestLoad,
        items: [TestItem],
        page: RefreshPage<TestItem>,
        response: Int
    ) -> Answering {
        dropped = false
        guard isInFlight(load), let flight = flight(load.kind, source: load.source) else {
            staleResponses.insert(response)
            return .stale
        }
        let before = sources[load.source]
        if isAroundPosition(flight), items.isEmpty {
            fallBack(source: load.source)
            return .fallsBack
        }
        // The edits a refresh asked for before them does not undo (rule I3), read before the
        // pending items step out: their positions are in the whole list.
        let kept = flight.kind == .refresh ? sources[load.source].editsOutlasting(flight.generation) : []
        // The pending items step out while the page is applied to the other rows, and come back at
        // their ends, less those the page confirms (rule I4).
        let pending = sources[load.source].takeOutPending(
            confirmedBy: duplicates == nil ? [] : items, asked: flight.generation)
        if flight.kind == .loadPrevious {
            answerPrevious(load.source, flight: flight, items: items, page: page)
        } else {
            answerForward(load.source, flight: flight, items: items, page: page)
        }
        sources[load.source].putBack(pending)
        sources[load.source].keep(kept, asked: flight.generation)
        sources[load.source].keepStanding(pending.standing)
        guard flight.kind != .refresh else {
            sources[load.source].forward = Progress()
            sources[load.source].backward = Progress()
            return .applied
        }
        guard countProgress(load.source, flight: flight, before: before, items: items) else { return .applied }
        dropped = false
        return .refused
    }

    /// Applies a refresh's or load-more's page.
    private mutating func answerForward(
        _ source: Int,
        flight: Flight,
        items: [TestItem],
        page: RefreshPage<TestItem>
    ) {
        var state = sources[source]
        if flight.kind == .refresh {
            state.items = []
            state.pages = []
            state.sentBefore = sentBefore(refresh: flight)
            state.edited = [:]
            // A removal made after the refresh was asked for sticks through it.
            state.removed = state.removed.filter { $0.value >= flight.generation }
        }
        // Under a cap, a page that adds rows makes room first; one that adds none folds.
        var folds = false
        if flight.kind == .loadMore {
            (folds, dropped) = state.makeRoom(forward: true, for: page, policy, identity: duplicates != nil)
        }
        let heldBefore = state.items.count
        if duplicates == nil {
            state.items += items
        } else {
            for item in items {
                state.merge(item, takeNewer: duplicates == .takeNewer, asked: flight.generation)
            }
        }
        if flight.kind == .refresh {
            // The edits of dropped items the refresh did not bring are over (rule I3).
            state.droppedEdits = [:]
        }
        let held = HeldPage(page, held: state.items.count - heldBefore, askedWith: flight.cursor)
        if folds, let last = state.pages.indices.last {
            state.fold(held, into: last)
            state.pages[last].nextCursor = held.nextCursor
        } else {
            state.pages.append(held)
        }
        state.ended = Self.isLast(page, held: state.serverCount, asked: flight, policy: policy)
        state.page = flight.page
        if policy.paging == .cursors {
            state.nextCursor = state.ended ? nil : page.nextCursor
        }
        if flight.kind == .refresh {
            state.firstLoadedPage = flight.page
            state.noPreviousData = isFirst(page, askedPage: flight.page)
            if policy.paging == .cursors {
                state.previousCursor = state.noPreviousData ? nil : page.previousCursor
            }
            // A successful refresh clears the failure of both directions (rule S4).
            state.loadPreviousFailed = false
            state.refreshFailed = false
            state.refreshedAt = now
            state.staleCheckOnReconnect = nil
        }
        state.hasLoaded = true
        state.inFlight = nil
        state.failure = nil
        state.loadMoreFailed = false
        state.endedWithoutPage = false
        sources[source] = state
    }

    /// Puts a previous page's items before the others (rule P): with an identity, an item held
    /// already stays where it is (its newer copy replaces it there under `takeNewer` or over a local
    /// edit), and a removed one stays out. The end of the list and the page stay.
    private mutating func answerPrevious(
        _ source: Int,
        flight: Flight,
        items: [TestItem],
        page: RefreshPage<TestItem>
    ) {
        var state = sources[source]
        let folds: Bool
        (folds, dropped) = state.makeRoom(forward: false, for: page, policy, identity: duplicates != nil)
        let heldBefore = state.items.count
        if duplicates == nil {
            state.items.insert(contentsOf: items, at: 0)
        } else {
            var held = state.items
            var fresh: [TestItem] = []
            for item in items where state.removed[item.id] == nil {
                if let position = held.firstIndex(where: { $0.id == item.id }) {
                    if state.takesCopy(of: item.id, takeNewer: duplicates == .takeNewer, asked: flight.generation) {
                        held[position] = item
                    }
                } else if let position = fresh.firstIndex(where: { $0.id == item.id }) {
                    // A later copy in the page is the newer, unless the first stands for an edit
                    // the cap dropped that the answer does not undo (rule I3).
                    if duplicates == .takeNewer, state.edited[item.id] == nil {
                        fresh[position] = item
                    }
                } else {
                    fresh.append(state.editedCopy(of: item, asked: flight.generation))
                }
            }
            state.items = fresh + held
        }
        // The page loads again what the cap dropped before the first page held, if anything.
        state.sentBefore -= min(state.sentBefore, items.count)
        let held = HeldPage(page, held: state.items.count - heldBefore, askedWith: nil)
        if folds, !state.pages.isEmpty {
            state.fold(held, into: 0)
            state.pages[0].previousCursor = held.previousCursor
            state.pages[0].askedWith = nil
        } else {
            state.pages.insert(held, at: 0)
        }
        state.firstLoadedPage = flight.page
        state.noPreviousData = isFirst(page, askedPage: flight.page)
        if policy.paging == .cursors {
            state.previousCursor = state.noPreviousData ? nil : page.previousCursor
        }
        state.hasLoaded = true
        state.previousInFlight = nil
        state.failure = nil
        state.loadPreviousFailed = false
        sources[source] = state
    }

    /// Whether nothing comes before a page once it is the first one held: an empty page, the
    /// policy's first page under page numbers, a page with no previous cursor under cursors. Under
    /// cursors, an empty answer to a load of the previous page or to a refresh that carries a
    /// previous cursor is a poll that found nothing yet: the start stays open (rule S14).
    func isFirst(_ page: RefreshPage<TestItem>, askedPage: Int) -> Bool {
        if askedPage == .min {
            return true
        }
        if page.items.isEmpty {
            return !(policy.paging == .cursors && page.previousCursor != nil)
        }
        switch policy.paging {
        case .pageNumbers:
            return askedPage <= policy.firstPage
        case .cursors:
            return page.previousCursor == nil
        }
    }

    /// What a failure of a load did.
    package enum Failing: Sendable, Equatable {
        /// The load was no longer in flight: nothing changes.
        case stale
        /// The load stays in flight and waits for its retry (rule R).
        case waitsForRetry
        /// The failure shows: the load is no longer in flight.
        case shown
    }

    /// Records a failure of the in-flight load, committing nothing (rules S4, S9): while retries are
    /// left, the load waits for its retry instead, still in flight, and nothing shows (rule R),
    /// unless the list is offline, where nothing waits for a retry (rule O).
    package mutating func fail(_ load: TestLoad) -> Failing {
        guard isInFlight(load), let flight = flight(load.kind, source: load.source) else { return .stale }
        if flight.retriesDone < maxRetries, !offline {
            updateFlight(load.kind, source: load.source) {
                $0.waitsForRetry = true
                // Its attempt ended: the next one is another load of the loader.
                $0.loadID = nil
            }
            return .waitsForRetry
        }
        failInFlight(load.kind, source: load.source)
        return .shown
    }

    /// Cancels a source's in-flight loads, if any, in both directions: they end, and nothing is
    /// recorded (rule S6): the failures the source kept stay as they were.
    package mutating func cancel(source: Int) -> Bool {
        guard isLoading(source: source) else { return false }
        sources[source].previousInFlight = nil
        sources[source].inFlight = nil
        sources[source].endedWithoutPage = true
        return true
    }

    /// Records the failure of the source's load in flight in `direction`: the load of the previous
    /// page for ``RefreshRequest/Kind/loadPrevious``, the refresh or load-more otherwise.
    mutating func failInFlight(_ direction: RefreshRequest.Kind, source: Int) {
        if direction == .loadPrevious {
            guard sources[source].previousInFlight != nil else { return }
            sources[source].failure = .loadPrevious
            sources[source].loadPreviousFailed = true
            sources[source].previousInFlight = nil
            return
        }
        guard let kind = sources[source].inFlight?.kind else { return }
        sources[source].failure = kind
        if kind == .loadMore {
            sources[source].loadMoreFailed = true
        } else {
            sources[source].refreshFailed = true
        }
        sources[source].endedWithoutPage = true
        sources[source].inFlight = nil
    }

    /// Rule S5, written out on its own: the page numbered `Int.max` ends the list (none can follow
    /// it); under cursors, so does a page with no next cursor. An empty page ends it, but under
    /// cursors an empty answer to a load-more whose next cursor is not the one it asked with: the
    /// server filtered that page, and the signals decide as for any page. Otherwise the strongest
    /// server signal decides (`pageCount` counts pages from the policy's first page), else, under
    /// page numbers, `count < pageSize`: under cursors a short page with a cursor does not end the
    /// list.
    static func isLast(_ page: RefreshPage<TestItem>, held: Int, asked: Flight, policy: RefreshPolicy) -> Bool {
        let askedPage = asked.page
        let byCursor = policy.paging == .cursors
        if askedPage == .max {
            return true
        }
        let filtered =
            byCursor && asked.kind == .loadMore && page.nextCursor != nil && page.nextCursor != asked.cursor
        if page.items.isEmpty, !filtered {
            return true
        }
        if byCursor, page.nextCursor == nil {
            return true
        }
        if let hasMore = page.hasMore {
            return !hasMore
        }
        if let pageCount = page.pageCount {
            // An accepted answer's curPage names the page asked for; a page before the first
            // (a cursor list's previous pages) is never the last one counted.
            guard let offset = offsetFromFirstPage(askedPage, policy: policy) else { return false }
            return offset >= pageCount - 1
        }
        if let total = page.totalCount {
            return held >= total
        }
        return !byCursor && page.items.count < policy.pageSize
    }

    /// How many pages `page` comes after the policy's first page; `nil` for a page before it.
    package static func offsetFromFirstPage(_ page: Int, policy: RefreshPolicy) -> Int? {
        // The first page is never negative: a page at or after it is at most `Int.max` past it.
        page < policy.firstPage ? nil : page - policy.firstPage
    }

    // MARK: Local edits by id

    /// Replaces the held item with `item`'s id, which then stands until an answer asked for after
    /// the update brings it (rule I3). Returns whether one was held.
    @discardableResult
    package mutating func update(_ item: TestItem, source: Int) -> Bool {
        guard let position = sources[source].items.firstIndex(where: { $0.id == item.id }) else { return false }
        sources[source].items[position] = item
        sources[source].edited[item.id, default: Edit(generation: generation)].generation = generation
        return true
    }

    /// Removes the item with this id, held or not: pages leave it out until a refresh asked for after
    /// the removal lands. A pending item leaves its run (rule I4).
    package mutating func remove(id: Int, source: Int) {
        sources[source].removed[id] = generation
        sources[source].edited[id] = nil
        sources[source].droppedEdits[id] = nil
        if let position = sources[source].items.firstIndex(where: { $0.id == id }) {
            let state = sources[source]
            if position < state.pendingFront {
                sources[source].pendingFront -= 1
            } else if position >= state.items.count - state.pendingBack {
                sources[source].pendingBack -= 1
            } else {
                sources[source].countEdit(at: position - state.pendingFront, by: -1)
            }
            sources[source].items.remove(at: position)
        }
    }

    /// Inserts `item` at `position`, moved out of the runs of pending items (rule I4), or updates
    /// the held item with its id in place; either way its id is no longer removed.
    package mutating func insert(_ item: TestItem, at position: Int, source: Int) {
        sources[source].removed[item.id] = nil
        if update(item, source: source) {
            return
        }
        sources[source].droppedEdits[item.id] = nil
        let state = sources[source]
        let place = min(max(position, state.pendingFront), state.items.count - state.pendingBack)
        sources[source].items.insert(item, at: place)
        sources[source].countEdit(at: place - state.pendingFront, by: 1)
        sources[source].edited[item.id] = Edit(generation: generation, inserted: generation)
    }

    /// Inserts a pending item (rule I4): into the run of the end nearest to `position`, at the
    /// place in it nearest to `position`; a held id is updated in place instead.
    package mutating func insertPending(_ item: TestItem, at position: Int, source: Int) {
        sources[source].removed[item.id] = nil
        if update(item, source: source) {
            return
        }
        sources[source].droppedEdits[item.id] = nil
        let state = sources[source]
        let count = state.items.count
        if position <= count - position {
            sources[source].items.insert(item, at: min(position, state.pendingFront))
            sources[source].pendingFront += 1
        } else {
            sources[source].items.insert(item, at: max(position, count - state.pendingBack))
            sources[source].pendingBack += 1
        }
    }

    /// The ids of the source's pending items, front to back.
    func pendingIDs(source: Int) -> [Int] {
        let state = sources[source]
        return (state.items.prefix(state.pendingFront) + state.items.suffix(state.pendingBack)).map(\.id)
    }

    // MARK: What the screen should show (UI = f(state))

    var headerRefreshing: Bool { sources[current].inFlight?.kind == .refresh }

    var footerHidden: Bool { !sources[current].hasLoaded || sources[current].items.isEmpty }

    /// The footer the state calls for. The model does not predict failure texts: compare with
    /// ``TestFooterControl/State/hasSameShape(as:)``.
    var footer: TestFooterControl.State {
        let state = sources[current]
        if state.inFlight?.kind == .loadMore {
            return .refreshing
        }
        if state.ended {
            return .noMoreData(title: state.title.isEmpty ? nil : state.title)
        }
        if state.loadMoreFailed {
            return .failed(message: "<any message>")
        }
        return .idle
    }

    var placeholderShown: Bool {
        let state = sources[current]
        return state.items.isEmpty && !isLoading(source: current) && state.failure != nil
    }

    /// Whether a failure of `source` now shows a message (rule S6).
    func failureShowsMessage(source: Int) -> Bool {
        source == current && !sources[source].items.isEmpty
    }
}

extension ReferenceModel.Source {
    /// A confirmed item whose update stands in place of the answer's copy, with its edit.
    typealias Standing = (item: TestItem, edit: ReferenceModel.Edit)

    /// Takes the runs of pending items out of `items`, leaving the other rows, and forgets those
    /// whose ids `page`, the answer to the load started `asked`-th, brings: they are confirmed,
    /// and the page's copies are merged as new rows. A confirmed item updated after that load was
    /// asked for is returned as standing: its update stands in place of the page's copy (rule I3).
    mutating func takeOutPending(confirmedBy page: [TestItem], asked: Int) -> (
        front: [TestItem], back: [TestItem], standing: [Standing]
    ) {
        let brought = Set(page.map(\.id))
        let front = items.prefix(pendingFront).filter { !brought.contains($0.id) }
        let back = items.suffix(pendingBack).filter { !brought.contains($0.id) }
        var standing: [Standing] = []
        // Once confirmed, the item is held as any other: an update made after the answer's load was
        // asked for stands as an edit of the server's item, an older one is over.
        for item in items.prefix(pendingFront) + items.suffix(pendingBack) where brought.contains(item.id) {
            if let edit = edited[item.id], edit.generation >= asked {
                standing.append((item, edit))
            }
            edited[item.id] = nil
        }
        items = Array(items.dropFirst(pendingFront).dropLast(pendingBack))
        (pendingFront, pendingBack) = (0, 0)
        return (front, back, standing)
    }

    /// Puts the confirmed items whose updates stand in place of the copies the answer brought,
    /// where the answer put them, with their edits (rule I3).
    mutating func keepStanding(_ standing: [Standing]) {
        for (item, edit) in standing {
            guard let held = items.firstIndex(where: { $0.id == item.id }) else { continue }
            items[held] = item
            edited[item.id] = edit
        }
    }

    /// Puts the runs of pending items back at their ends.
    mutating func putBack(_ pending: (front: [TestItem], back: [TestItem], standing: [Standing])) {
        items = pending.front + items + pending.back
        (pendingFront, pendingBack) = (pending.front.count, pending.back.count)
    }

    /// Applies one page item by id, of an answer to the load started `asked`-th: a removed id is
    /// left out; an id held already stays once, and the page's copy takes its place as
    /// ``takesCopy(of:takeNewer:asked:)`` says.
    mutating func merge(_ item: TestItem, takeNewer: Bool, asked: Int) {
        if removed[item.id] != nil {
            return
        }
        guard let position = items.firstIndex(where: { $0.id == item.id }) else {
            items.append(editedCopy(of: item, asked: asked))
            return
        }
        if takesCopy(of: item.id, takeNewer: takeNewer, asked: asked) {
            items[position] = item
        }
    }

    /// The copy of an item an answer to the load started `asked`-th brings that is not held: the
    /// item as edited when the cap dropped it while edited and the edit was made after the load
    /// was asked for (the edit stands, rule I3), else the answer's copy (the edit is over).
    mutating func editedCopy(of item: TestItem, asked: Int) -> TestItem {
        guard let dropped = droppedEdits.removeValue(forKey: item.id), dropped.edit.generation >= asked else {
            return item
        }
        edited[item.id] = dropped.edit
        return dropped.item
    }

    /// Whether an answer's copy of a held item takes its place (rules I1, I3): a local edit made
    /// after the answer's load was asked for stays; an older one gives way to the copy, and is
    /// forgotten; an item not edited takes the copy under `takeNewer`.
    mutating func takesCopy(of id: Int, takeNewer: Bool, asked: Int) -> Bool {
        guard let edit = edited[id] else { return takeNewer }
        if edit.generation >= asked {
            return false
        }
        edited[id] = nil
        return true
    }

    /// The local edits a refresh asked for as the `asked`-th load does not undo (rule I3): those
    /// made after, of items held (pending ones included), with their items and positions, in order.
    func editsOutlasting(_ asked: Int) -> [(position: Int, item: TestItem, edit: ReferenceModel.Edit)] {
        items.indices.compactMap { position in
            guard let edit = edited[items[position].id], edit.generation >= asked else { return nil }
            return (position, items[position], edit)
        }
    }

    /// After a refresh asked for as the `asked`-th load landed: keeps the edits it does not undo
    /// (rule I3). An edited item the answer brought is held as edited where the answer put it; an
    /// item inserted after the refresh was asked for that it did not bring stays at its position,
    /// or the nearest one outside the runs of pending items, in the order they were.
    mutating func keep(_ kept: [(position: Int, item: TestItem, edit: ReferenceModel.Edit)], asked: Int) {
        var last = -1
        for (position, item, edit) in kept {
            if let held = items.firstIndex(where: { $0.id == item.id }) {
                items[held] = item
            } else if let inserted = edit.inserted, inserted >= asked {
                let place = max(min(max(position, pendingFront), items.count - pendingBack), last + 1)
                items.insert(item, at: place)
                countEdit(at: place - pendingFront, by: 1)
                last = place
            } else {
                continue
            }
            edited[item.id] = edit
        }
    }
}
