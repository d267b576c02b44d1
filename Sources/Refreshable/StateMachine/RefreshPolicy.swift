/// How the state machine pages and resolves conflicting loads.
///
/// Its invariants hold however it is set: a page size below 1, a negative first page, a cap below 1
/// or a limit of loads without progress below 1 stops with a message that says what to pass,
/// whether it comes through the initializer or a property.
public struct RefreshPolicy: Sendable, Hashable {
    /// What happens when a load is asked for while another load of the same source is in flight
    /// (see <doc:Rules#One-load-per-source>).
    public enum ConflictRule: Sendable, Hashable {
        /// The default: a refresh cancels an in-flight load-more (its result is then discarded);
        /// a load-more during a refresh is ignored; a second refresh during a refresh is ignored.
        case refreshWins
        /// Like ``refreshWins``, but a refresh during a refresh restarts it: the newer refresh
        /// supersedes the older one, whose result is then discarded.
        case latestRefreshWins
        /// Whatever is in flight finishes; every new request for that source is ignored until it settles.
        case inFlightWins
    }

    /// How the pages of a list are asked for.
    public enum Paging: Sendable, Hashable {
        /// The default: pages by number, from ``RefreshPolicy/firstPage`` on; load-more asks for the
        /// page after the last one that loaded.
        case pageNumbers
        /// Pages by cursor: a refresh asks with no cursor, each answer carries the cursor of the
        /// page after it (``RefreshPage/nextCursor``) and load-more asks with it
        /// (``RefreshRequest/cursor``); the list ends when an answer carries none.
        case cursors
    }

    /// The number of items a full page holds, at least 1. Used for the `count < pageSize`
    /// end-of-list fallback (see <doc:Rules#The-end-of-the-list>).
    public var pageSize: Int {
        didSet { check() }
    }

    /// The number of the first page, `1` for most servers, `0` for zero-based APIs; never negative.
    public var firstPage: Int {
        didSet { check() }
    }

    /// What happens when a new load is asked for while one is in flight.
    public var conflictRule: ConflictRule

    /// How the page number a server answers (``RefreshPage/curPage``) relates to the page number
    /// asked for: a page is accepted when `curPage == request.page + curPageOffset`. `0`, the
    /// default, for servers that answer the number they were asked for.
    ///
    /// A server that is asked for zero-based pages but numbers its answers from one takes
    /// `RefreshPolicy(firstPage: 0, curPageOffset: 1)`: WanAndroid's article list (a public
    /// developer-community API that many paging tutorials use) is asked for page 0 and answers
    /// `curPage` 1, with a one-based `pageCount`. Such a server's answers apply as they come, with no
    /// arithmetic in the loader. Any value is accepted; an answer whose `curPage` cannot be mapped
    /// back to a page number is refused with ``RefreshFailure/InvalidResponse/curPageOutOfRange(curPage:curPageOffset:)``.
    public var curPageOffset: Int

    /// How pages are asked for: by number (the default) or by cursor.
    ///
    /// Under ``Paging/cursors`` an answer with no ``RefreshPage/nextCursor`` ends the list, whatever
    /// else it says, and the `count < pageSize` guess is not made: a short page with a cursor is
    /// not the last. ``RefreshState/page`` still counts the pages loaded from ``firstPage`` on, so a
    /// server that also sends `curPage` or `pageCount` is checked as under page numbers.
    public var paging: Paging

    /// The most pages a source holds, or `nil` (the default) for no limit: for long sessions whose
    /// memory must stay bounded. At least 1.
    ///
    /// Past the cap, a load-more drops the first page held and a load of the previous page drops
    /// the last one, before the new page is merged; a page that adds no rows (empty, or only items
    /// held already) drops nothing and counts with the page next to it. The update reports the
    /// positions dropped (``RefreshUpdate/dropped``), and
    /// scrolling back loads a dropped page again: the previous page with
    /// ``RefreshRequest/Kind/loadPrevious``, the next with a load-more. A load in flight toward
    /// the end the cap just dropped is superseded. Under cursor paging, scrolling back to the front
    /// needs the server's ``RefreshPage/previousCursor``. A cap set while items are held counts them
    /// as one page until the next refresh.
    public var maxPages: Int? {
        didSet { check() }
    }

    /// Whether a refresh of a capped list reloads the page the user is on, rather than the first
    /// page; `false` by default. Needs ``maxPages``: only a capped list keeps which page each row
    /// came in.
    ///
    /// The list learns where the user is from the rows that come on screen (the row the front door
    /// heard of last: ``RefreshListModel/itemDidAppear(at:)``, ``Refreshable/rowDidAppear(at:)``,
    /// ``RefreshRuntime/rowDidAppear(at:source:)``). A refresh then asks for the page that holds
    /// that row, by its number under page numbers, with the cursor that loaded it under cursors,
    /// replaces the items with it, and loads outward: the previous page above it and the next one
    /// below, as far as the cap has room. A refresh whose answer is empty, or that fails, loads the
    /// first page at once instead. See rule A in <doc:Rules#Rules-of-the-features> and
    /// <doc:CursorsPreviousPagesAndThePageCap> for what a server must do for it.
    public var refreshesAroundPosition: Bool

    /// The most loads in a row, in one direction, that may leave the list where it was: the answer
    /// to the last of them is refused with ``RefreshFailure/Reason/noProgress``, and nothing loads
    /// in that direction by itself until one moves the list again (see <doc:Rules#Progress>). 3 by
    /// default; at least 1.
    ///
    /// A load moves the list when its page brings a row the list does not hold and, under cursor
    /// paging, it asked with a cursor not followed before in that direction since the last
    /// successful refresh. A server that never moves the list so costs at most this many requests
    /// in each direction after a refresh, and one for each load the user asks for after that (a
    /// pull on the footer, ``RefreshRuntime/retryNow()``). An empty page that hands a new next
    /// cursor (a server that filters its pages) goes on but does not move the list: raise the
    /// limit for a server that may send several such pages in a row.
    public var maxLoadsWithoutProgress: Int {
        didSet { check() }
    }

    /// Whether a list restored from a ``RefreshSnapshot`` refreshes on its first appearance:
    /// ``RestoredListRefresh/always`` (the default), or ``RestoredListRefresh/ifOlderThan(_:)``
    /// its age, so that a list saved seconds ago shows its rows without asking the server again
    /// (see rule SN in <doc:Rules#Rules-of-the-features>).
    ///
    /// ```swift
    /// policy.refreshesRestoredList = .ifOlderThan(.seconds(5 * 60))
    /// ```
    public var refreshesRestoredList: RestoredListRefresh = .always

    /// Creates a policy.
    /// - Parameters:
    ///   - pageSize: Items per full page; must be positive.
    ///   - firstPage: The first page's number; must not be negative.
    ///   - curPageOffset: How the `curPage` a server answers relates to the page asked for
    ///     (see ``curPageOffset``); `0` by default.
    ///   - paging: Whether pages are asked for by number or by cursor (see ``paging``).
    ///   - maxPages: The most pages a source holds, at least 1; `nil` for no limit (see ``maxPages``).
    ///   - refreshesAroundPosition: Whether a refresh of a capped list reloads the page the user is
    ///     on (see ``refreshesAroundPosition``); `false` by default.
    ///   - maxLoadsWithoutProgress: The most loads in a row, in one direction, that may leave the
    ///     list where it was, at least 1 (see ``maxLoadsWithoutProgress``).
    ///   - conflictRule: The rule for overlapping loads of one source.
    public init(
        pageSize: Int = 20,
        firstPage: Int = 1,
        curPageOffset: Int = 0,
        paging: Paging = .pageNumbers,
        maxPages: Int? = nil,
        refreshesAroundPosition: Bool = false,
        maxLoadsWithoutProgress: Int = 3,
        conflictRule: ConflictRule = .refreshWins
    ) {
        self.maxPages = maxPages
        self.refreshesAroundPosition = refreshesAroundPosition
        self.maxLoadsWithoutProgress = maxLoadsWithoutProgress
        self.pageSize = pageSize
        self.firstPage = firstPage
        self.curPageOffset = curPageOffset
        self.paging = paging
        self.conflictRule = conflictRule
        check()
    }

    /// Stops with a message that says what to pass when a setting is out of its range.
    private func check() {
        require(
            pageSize > 0,
            "RefreshPolicy.pageSize is \(pageSize); pass the number of items a full page holds (at least 1)."
        )
        require(
            firstPage >= 0,
            "RefreshPolicy.firstPage is \(firstPage); pass the first page's number (1, or 0 for zero-based APIs)."
        )
        if let maxPages {
            require(
                maxPages >= 1,
                "RefreshPolicy.maxPages is \(maxPages); pass the most pages a source may hold (at least 1), or nil for no limit."
            )
        }
        require(
            maxLoadsWithoutProgress >= 1,
            "RefreshPolicy.maxLoadsWithoutProgress is \(maxLoadsWithoutProgress); pass how many loads in a row may bring nothing new before loading stops (at least 1; 3 by default)."
        )
    }
}
