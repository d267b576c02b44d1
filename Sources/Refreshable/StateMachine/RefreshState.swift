/// The page state of one source (tab): the familiar `(page, isLoading, noMoreData, noMoreTitle)`
/// tuple, plus the items and the last failure.
///
/// Tuple code migrates in one line:
///
/// ```swift
/// // before: var refreshStatus = [(page: 1, isLoading: false, noMoreData: false, noMoreTitle: "No more orders")]
/// let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more orders")]
/// ```
///
/// The state machine in ``RefreshSources`` owns every field but ``noMoreTitle``: read them freely,
/// change them through ``RefreshSources/begin(_:source:)``, ``RefreshSources/succeed(_:with:)``,
/// ``RefreshSources/fail(_:error:describedAs:)`` and ``RefreshSources/cancel(source:)``.
public struct RefreshState<Item: Sendable>: Sendable {
    /// The last page that loaded successfully; before the first success, one less than the
    /// policy's first page (`0` for one-based lists, `-1` for zero-based ones).
    public var page: Int { edges[forward].page }
    /// Under cursor paging (see ``RefreshPolicy/paging``), the cursor the next load-more asks
    /// with: the last loaded page's ``RefreshPage/nextCursor``. `nil` before the first load, at the
    /// end of the list, and under page numbers.
    public var nextCursor: String? { edges[forward].cursor }
    /// Whether the list is known to have ended: load-more cannot trigger and the footer shows ``noMoreTitle``.
    @inlinable public var noMoreData: Bool { edges[forward].ended }
    /// The footer's end-of-list text for this source, such as "No more orders".
    public var noMoreTitle: String
    /// The items of every page loaded since the last successful refresh, in order: read them as an
    /// array's, from `0` (`items[indexPath.row]`); see ``RefreshItems``.
    @inlinable public var items: RefreshItems<Item> { _items }
    @usableFromInline var _items: RefreshItems<Item>
    /// The load in flight for this source, if any (at most one: see <doc:Rules#One-load-per-source>).
    public var inFlight: RefreshRequest? { edges[forward].inFlight }
    /// The last failure, kept until the next success of this source (a cancelled load records none).
    public var failure: RefreshFailure? { lastFailure?.failure }
    @usableFromInline var lastFailure: FailureBox?
    /// The load of the page before the first loaded one in flight for this source, if any: one at
    /// a time, beside ``inFlight`` (see ``RefreshRequest/Kind/loadPrevious``).
    public var previousInFlight: RefreshRequest? { edges[backward].inFlight }
    /// The number of the first page the source holds: the first page after a refresh, a later one
    /// once the page cap dropped pages from the front (see ``RefreshPolicy/maxPages``), an earlier
    /// one after loading previous pages. Under cursor paging, its place counted from the first page.
    public var firstLoadedPage: Int { edges[backward].page }
    /// Whether nothing comes before the first loaded page: loading the previous page cannot
    /// trigger. `true` after a page-numbered refresh (it loads the first page); under cursor paging,
    /// whether the first loaded page came with no ``RefreshPage/previousCursor``.
    public var noPreviousData: Bool { edges[backward].ended }
    /// Under cursor paging, the cursor that loads the page before the first loaded one; `nil` when
    /// ``noPreviousData`` and under page numbers.
    public var previousCursor: String? { edges[backward].cursor }
    /// The failure of the last load of the previous page, until one starts or succeeds, or a
    /// refresh succeeds.
    public var loadPreviousFailure: RefreshFailure? { edges[backward].failure?.failure }
    /// The end after the last page (refresh and load-more) and the end before the first page
    /// (loads of the previous page), at ``forward`` and ``backward``.
    @usableFromInline var edges: [RefreshEdge]
    /// The pages held, front to back, while the policy caps them (see ``RefreshPolicy/maxPages``);
    /// empty otherwise.
    var heldPages: [HeldPage] = []
    /// How many items the server has before the first held item: those it sent in the pages the
    /// cap dropped from the front, for the end of the list by total count.
    @usableFromInline var itemsBefore = 0
    /// The page a refresh around the position asks for: the page of the row that came on screen
    /// last (see ``RefreshPolicy/refreshesAroundPosition``); `nil` for the first page.
    var position: RefreshPosition?
    /// The generation of the last refresh that asked for the position, while it is the last
    /// refresh asked for.
    var aroundRefresh: UInt64?
    /// The local edits of items the page cap dropped, by id, with the items as edited: an answer
    /// asked for before an edit that brings its item again holds the edited item (rule I3).
    var droppedEdits: [RefreshItemID: DroppedEdit<Item>] = [:]
    /// Whether any load of this source has succeeded yet.
    @inlinable public var hasLoaded: Bool { _hasLoaded }
    /// Whether the items were restored from a ``RefreshSnapshot`` and no refresh of this source
    /// has started since: the list shows them as they were saved, and its first appearance
    /// refreshes them (see <doc:Rules#Rules-of-the-features>, rule SN).
    public var isRestored: Bool { restored }
    var restored = false
    /// Whether the source loaded and holds no items, with no failure to show in their place: the
    /// server's list is empty (or every row was removed), so say so ("No orders yet"). `false`
    /// before a load succeeded, and while a failure's placeholder takes the empty list's place
    /// (see ``RefreshAppearance/placeholder``). A load in flight leaves it as it was.
    public var isLoadedEmpty: Bool { _hasLoaded && _items.isEmpty && lastFailure == nil }
    @usableFromInline var _hasLoaded: Bool
    /// Whether a load of this source was cancelled (see ``RefreshSources/cancel(source:)``): no
    /// failure, but a source the app stopped, which an edit of the state that leaves it in place
    /// does not load again, unlike one never asked for.
    var wasCancelled = false
    /// The failure of the last load-more, until a load-more starts or a load succeeds: what the footer
    /// shows, which a failed refresh leaves alone.
    public var loadMoreFailure: RefreshFailure? { edges[forward].failure?.failure }

    /// Creates the state of a source that has not loaded yet.
    ///
    /// In a ``RefreshSources``, ``page`` follows the sources' own policy until the first load, so
    /// `firstPage` only matters for a state used on its own.
    /// - Parameters:
    ///   - noMoreTitle: The footer's end-of-list text for this source.
    ///   - firstPage: The first page's number, not negative; ``page`` starts one below it.
    public init(noMoreTitle: String = "", firstPage: Int = 1) {
        require(
            firstPage >= 0,
            "RefreshState(firstPage:) is \(firstPage); pass the first page's number (1, or 0 for zero-based APIs)."
        )
        self.noMoreTitle = noMoreTitle
        self._items = []
        self._hasLoaded = false
        self.edges = [RefreshEdge(page: firstPage - 1, ended: false), RefreshEdge(page: firstPage, ended: true)]
    }

    /// Creates a state from a `(page, isLoading, noMoreData, noMoreTitle)` tuple, for a one-line migration.
    ///
    /// The tuple's `page` and `noMoreData` only describe a source that has not loaded: the first
    /// load is always a refresh, which asks for the first page and sets both from the response.
    /// - Parameter tuple: The `(page, isLoading, noMoreData, noMoreTitle)` tuple; `isLoading` must
    ///   be `false` and `page` not negative.
    public init(_ tuple: (page: Int, isLoading: Bool, noMoreData: Bool, noMoreTitle: String)) {
        require(
            !tuple.isLoading,
            "A new RefreshState cannot start loading: pass isLoading: false; the state machine sets it when a load starts."
        )
        require(
            tuple.page >= 0,
            "RefreshState((page: \(tuple.page), ...)): the page is \(tuple.page); pass the first page's number (1, or 0 for zero-based APIs)."
        )
        self.init(noMoreTitle: tuple.noMoreTitle, firstPage: tuple.page)
        self.edges[forward].ended = tuple.noMoreData
    }

    /// Whether a load of this source is in flight, in either direction: the tuple's `isLoading`.
    public var isLoading: Bool { inFlight != nil || previousInFlight != nil }

    /// Whether a refresh of this source is in flight.
    public var isRefreshing: Bool { inFlight?.kind == .refresh }

    /// Whether a load-more of this source is in flight.
    public var isLoadingMore: Bool { inFlight?.kind == .loadMore }

    /// Whether a load of the page before the first loaded one is in flight.
    public var isLoadingPrevious: Bool { previousInFlight != nil }

    /// Starts counting progress afresh at both ends (see <doc:Rules#Progress>).
    mutating func forgetProgress() {
        edges[forward].forgetProgress()
        edges[backward].forgetProgress()
    }

    /// After a successful refresh: counts progress afresh at both ends, and no failed refresh is
    /// left for ``RefreshRuntime/retryNow()`` to ask again.
    @usableFromInline
    mutating func refreshSucceeded() {
        forgetProgress()
        edges[forward].refreshFailed = false
    }

    /// Marks this source as unloaded under a policy whose first page is `firstPage`.
    mutating func alignUnloaded(firstPage: Int) {
        edges[forward].page = firstPage - 1  // firstPage >= 0: cannot overflow
        edges[backward].page = firstPage
    }
}

/// The index of the end after the last page in ``RefreshState/edges``: refreshes and load-more.
@inlinable var forward: Int { 0 }
/// The index of the end before the first page in ``RefreshState/edges``: loads of the previous page.
@inlinable var backward: Int { 1 }

extension RefreshRequest.Kind {
    /// The index of the end of the list this kind of load moves in ``RefreshState/edges``: a refresh
    /// starts the list again from the first page, forward.
    @usableFromInline var edge: Int { self == .loadPrevious ? backward : forward }
}

/// One end of a source's list, and the loads toward it.
@usableFromInline
struct RefreshEdge: Sendable, Equatable {
    /// The page at this end: the last page loaded forward, the first page held backward.
    @usableFromInline var page: Int
    /// Whether nothing comes past this end.
    @usableFromInline var ended: Bool
    /// Under cursor paging, the cursor that loads the page past this end; `nil` once it ended.
    @usableFromInline var cursor: String?
    /// The load toward this end in flight; forward, a refresh too.
    @usableFromInline var inFlight: RefreshRequest?
    /// The failure of the last load toward this end (a failed refresh leaves it), until one starts
    /// or a load toward this end succeeds.
    @usableFromInline var failure: FailureBox?
    /// Forward only: whether a refresh failed and none succeeded since (a cancelled one records
    /// nothing); ``RefreshRuntime/retryNow()`` asks for it again (see
    /// <doc:Rules#Rules-of-the-features>).
    var refreshFailed = false
    /// How many loads toward this end in a row did not move the list (see <doc:Rules#Progress>):
    /// the last of them was refused once it reached ``RefreshPolicy/maxLoadsWithoutProgress``.
    var stalled = 0
    /// The cursors loads toward this end asked with since the last successful refresh (or since
    /// the page cap dropped pages at this end).
    var followed: Set<String> = []

    @usableFromInline
    init(page: Int, ended: Bool, cursor: String? = nil) {
        self.page = page
        self.ended = ended
        self.cursor = cursor
    }

    /// Records the page a load toward this end (or a refresh) brought as the page at this end.
    /// - Parameters:
    ///   - cursor: Under cursor paging, the page's cursor past this end.
    ///   - byCursor: Whether the list pages by cursor; otherwise the cursor stays as it was.
    @inlinable
    mutating func commit(page: Int, ended: Bool, cursor: String?, byCursor: Bool) {
        self.page = page
        self.ended = ended
        if byCursor {
            self.cursor = ended ? nil : cursor
        }
        inFlight = nil
        failure = nil
    }

    /// Moves this end back by pages the page cap dropped here: loading toward it asks for them
    /// again, with `cursor` under cursor paging.
    /// - Returns: The load toward this end that was in flight, superseded: it asked past pages
    ///   no longer held.
    mutating func reopen(at page: Int, cursor: String?, byCursor: Bool) -> RefreshRequest? {
        self.page = page
        ended = byCursor && cursor == nil
        self.cursor = byCursor ? cursor : nil
        failure = nil
        followed = []
        return inFlight.take()
    }

    /// Counts one more valid load toward this end, before its page is applied: one that moves the
    /// list starts the count again, one that ends the list (or reaches its start) leaves it, and so
    /// does a poll that found nothing yet, whatever cursor it asked with (it does not follow that
    /// cursor either: a later poll with it may bring what came since); any other adds one.
    /// - Parameters:
    ///   - cursor: The cursor it asked with; a load asking with a cursor followed before does
    ///     not move the list, and the cursor is followed from now on unless the load is refused
    ///     or polls.
    ///   - bringsNewRow: Whether its page brings a row the list does not hold.
    ///   - ends: Whether its page ends the list in this direction.
    ///   - polls: Whether its page is an empty answer to a poll for newer items that keeps the
    ///     start open (see ``RefreshPage/isPoll(request:policy:)``).
    ///   - limit: The policy's ``RefreshPolicy/maxLoadsWithoutProgress``.
    /// - Returns: Whether the load is refused: the count reached `limit`.
    @usableFromInline
    mutating func countLoad(cursor: String?, bringsNewRow: Bool, ends: Bool, polls: Bool, limit: Int) -> Bool {
        // An empty poll brought nothing: no loop to guard against, and each poll is one request
        // the app or the user asked for.
        guard !polls else { return false }
        let followedBefore = cursor.map(followed.contains) ?? false
        if bringsNewRow && !followedBefore {
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

    /// Starts counting progress afresh: after a successful refresh, or in a state put in place.
    mutating func forgetProgress() {
        stalled = 0
        followed = []
    }
}

/// One page a capped source holds (see ``RefreshPolicy/maxPages``); a snapshot saves it as is.
struct HeldPage: Sendable, Hashable, Codable {
    /// How many of the list's items came from this page (after de-duplication and local edits).
    var count: Int
    /// How many items the server sent in this page, held or left out: what a total count compares.
    var sent: Int
    /// The cursor a load-more (or a refresh around the position) asked for the page with: a
    /// load-more asks with it again once the page is dropped. `nil` for the page of a refresh from
    /// the first page or of a load of the previous page, whose cursors lead elsewhere.
    var cursor: String?
    /// The cursor of the page before it, from its answer: loading the previous page asks with it
    /// once the pages before it are dropped.
    var previousCursor: String?
    /// The cursor of the page after it, from its answer: a load-more asks with it once the pages
    /// after it are dropped.
    var nextCursor: String?
    /// How many of the server's pages it stands for: more than one once pages that added no rows
    /// (empty, or only items held already) were folded into it rather than held on their own.
    var span = 1
}

/// A failure held by reference: failures are rare, and a state that holds none of them inline stays
/// small, so the hot paths that clear a failure only check a reference.
@usableFromInline
final class FailureBox: Sendable, Equatable {
    @usableFromInline let failure: RefreshFailure

    @usableFromInline
    init(_ failure: RefreshFailure) {
        self.failure = failure
    }

    @usableFromInline
    static func == (lhs: FailureBox, rhs: FailureBox) -> Bool {
        lhs === rhs || lhs.failure == rhs.failure
    }
}

extension RefreshState: Equatable where Item: Equatable {}
