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
    @inlinable public var page: Int { _page }
    @usableFromInline var _page: Int
    /// Under cursor paging (see ``RefreshPolicy/paging``), the cursor the next load-more asks
    /// with: the last loaded page's ``RefreshPage/nextCursor``. `nil` before the first load, at the
    /// end of the list, and under page numbers.
    @inlinable public var nextCursor: String? { _nextCursor }
    @usableFromInline var _nextCursor: String?
    /// Whether the list is known to have ended: load-more cannot trigger and the footer shows ``noMoreTitle``.
    @inlinable public var noMoreData: Bool { _noMoreData }
    @usableFromInline var _noMoreData: Bool
    /// The footer's end-of-list text for this source, such as "No more orders".
    public var noMoreTitle: String
    /// The items of every page loaded since the last successful refresh, in order: read them as an
    /// array's, from `0` (`items[indexPath.row]`); see ``RefreshItems``.
    @inlinable public var items: RefreshItems<Item> { _items }
    @usableFromInline var _items: RefreshItems<Item>
    /// The load in flight for this source, if any (at most one: see <doc:Rules#One-load-per-source>).
    @inlinable public var inFlight: RefreshRequest? { _inFlight }
    @usableFromInline var _inFlight: RefreshRequest?
    /// The last failure, kept until the next success of this source.
    @inlinable public var failure: RefreshFailure? { _failure?.failure }
    @usableFromInline var _failure: FailureBox?
    /// The load of the page before the first loaded one in flight for this source, if any: one at
    /// a time, beside ``inFlight`` (see ``RefreshRequest/Kind/loadPrevious``).
    @inlinable public var previousInFlight: RefreshRequest? { _previousInFlight }
    @usableFromInline var _previousInFlight: RefreshRequest?
    /// The number of the first page the source holds: the first page after a refresh, a later one
    /// once the page cap dropped pages from the front (see ``RefreshPolicy/maxPages``), an earlier
    /// one after loading previous pages. Under cursor paging, its place counted from the first page.
    @inlinable public var firstLoadedPage: Int { _firstLoadedPage }
    @usableFromInline var _firstLoadedPage: Int
    /// Whether nothing comes before the first loaded page: loading the previous page cannot
    /// trigger. `true` after a page-numbered refresh (it loads the first page); under cursor paging,
    /// whether the first loaded page came with no ``RefreshPage/previousCursor``.
    @inlinable public var noPreviousData: Bool { _noPreviousData }
    @usableFromInline var _noPreviousData: Bool
    /// Under cursor paging, the cursor that loads the page before the first loaded one; `nil` when
    /// ``noPreviousData`` and under page numbers.
    @inlinable public var previousCursor: String? { _previousCursor }
    @usableFromInline var _previousCursor: String?
    /// The failure of the last load of the previous page, until one starts or succeeds, or a
    /// refresh succeeds.
    @inlinable public var loadPreviousFailure: RefreshFailure? { _loadPreviousFailure?.failure }
    @usableFromInline var _loadPreviousFailure: FailureBox?
    /// The pages held, front to back, while the policy caps them (see ``RefreshPolicy/maxPages``);
    /// empty otherwise.
    @usableFromInline var _heldPages: [HeldPage]
    /// How many items the server has before the first held item: those it sent in the pages the
    /// cap dropped from the front, for the end of the list by total count.
    @usableFromInline var _itemsBefore: Int
    /// Whether any load of this source has succeeded yet.
    @inlinable public var hasLoaded: Bool { _hasLoaded }
    /// Whether the source loaded and holds no items, with no failure to show in their place: the
    /// server's list is empty (or every row was removed), so say so ("No orders yet"). `false`
    /// before a load succeeded, and while a failure's placeholder takes the empty list's place
    /// (see ``RefreshAppearance/placeholder``). A load in flight leaves it as it was.
    @inlinable public var isLoadedEmpty: Bool {
        guard _hasLoaded, _items.isEmpty else { return false }
        guard let failure else { return true }
        return failure.reason == .cancelled
    }
    @usableFromInline var _hasLoaded: Bool
    /// The failure of the last load-more, until a load-more starts or a load succeeds: what the footer
    /// shows, which a failed refresh leaves alone.
    @inlinable public var loadMoreFailure: RefreshFailure? { _loadMoreFailure?.failure }
    @usableFromInline var _loadMoreFailure: FailureBox?

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
        self._page = firstPage - 1
        self._nextCursor = nil
        self._noMoreData = false
        self.noMoreTitle = noMoreTitle
        self._items = []
        self._inFlight = nil
        self._failure = nil
        self._hasLoaded = false
        self._loadMoreFailure = nil
        self._previousInFlight = nil
        self._firstLoadedPage = firstPage
        self._noPreviousData = true
        self._previousCursor = nil
        self._loadPreviousFailure = nil
        self._heldPages = []
        self._itemsBefore = 0
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
        self._noMoreData = tuple.noMoreData
    }

    /// Whether a load of this source is in flight, in either direction: the tuple's `isLoading`.
    @inlinable public var isLoading: Bool { _inFlight != nil || _previousInFlight != nil }

    /// Whether a refresh of this source is in flight.
    @inlinable public var isRefreshing: Bool { _inFlight?.kind == .refresh }

    /// Whether a load-more of this source is in flight.
    @inlinable public var isLoadingMore: Bool { _inFlight?.kind == .loadMore }

    /// Whether a load of the page before the first loaded one is in flight.
    @inlinable public var isLoadingPrevious: Bool { _previousInFlight != nil }
}

/// One page a capped source holds (see ``RefreshPolicy/maxPages``).
@usableFromInline
struct HeldPage: Sendable, Hashable {
    /// How many of the list's items came from this page (after de-duplication and local edits).
    @usableFromInline var count: Int
    /// How many items the server sent in this page, held or left out: what a total count compares.
    @usableFromInline var sent: Int
    /// The cursor a load-more asked for the page with: a load-more asks with it again once the page
    /// is dropped. `nil` for the page of a refresh or of a load of the previous page, whose cursors
    /// lead elsewhere.
    @usableFromInline var cursor: String?
    /// The cursor of the page before it, from its answer: loading the previous page asks with it
    /// once the pages before it are dropped.
    @usableFromInline var previousCursor: String?
    /// The cursor of the page after it, from its answer: a load-more asks with it once the pages
    /// after it are dropped.
    @usableFromInline var nextCursor: String?
    /// How many of the server's pages it stands for: more than one once pages that added no rows
    /// (empty, or only items held already) were folded into it rather than held on their own.
    @usableFromInline var span = 1

    @usableFromInline
    init(count: Int, sent: Int, cursor: String?, previousCursor: String?, nextCursor: String?) {
        self.count = count
        self.sent = sent
        self.cursor = cursor
        self.previousCursor = previousCursor
        self.nextCursor = nextCursor
    }
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
