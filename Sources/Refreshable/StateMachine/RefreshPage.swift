/// One page a server answered, with whatever end-of-list signals it gave.
///
/// The end of the list is decided from the strongest signal present, in this order: ``hasMore``,
/// then ``curPage`` against ``pageCount``, then ``totalCount`` against the number of items held
/// after this page, and only when the server gave none of them, `items.count < pageSize`. An empty
/// page always ends the list (see <doc:Rules#The-end-of-the-list>).
public struct RefreshPage<Item: Sendable>: Sendable {
    /// The page's items, in display order.
    public var items: [Item]
    /// The server's explicit "more pages follow" flag, if it sends one.
    public var hasMore: Bool?
    /// The page number the server says it answered (`curPage`), if it sends one.
    public var curPage: Int?
    /// The number of pages the server says the list has (`pageCount`), if it sends one.
    public var pageCount: Int?
    /// The number of items the server says the whole list has, if it sends one.
    public var totalCount: Int?
    /// Under cursor paging (see ``RefreshPolicy/paging``), the cursor that asks for the page after
    /// this one; `nil` ends the list. Ignored under page numbers.
    @inlinable public var nextCursor: String? {
        get { _cursors?.next }
        set { _cursors = PageCursors.unlessEmpty(next: newValue, previous: previousCursor) }
    }
    /// Under cursor paging, the cursor that asks for the page before this one (newer items above a
    /// feed); `nil` when nothing comes before it. Ignored under page numbers.
    @inlinable public var previousCursor: String? {
        get { _cursors?.previous }
        set { _cursors = PageCursors.unlessEmpty(next: nextCursor, previous: newValue) }
    }
    /// The cursors, boxed: a page without any copies with a nil reference.
    @usableFromInline var _cursors: PageCursors?

    /// Creates a page.
    /// - Parameters:
    ///   - items: The page's items.
    ///   - hasMore: An explicit "more pages follow" flag.
    ///   - curPage: The page number the server answered.
    ///   - pageCount: The number of pages in the list.
    ///   - totalCount: The number of items in the whole list.
    ///   - nextCursor: Under cursor paging, the cursor of the page after this one; `nil` at the end.
    ///   - previousCursor: Under cursor paging, the cursor of the page before this one; `nil` at
    ///     the start.
    @inlinable
    public init(
        items: [Item],
        hasMore: Bool? = nil,
        curPage: Int? = nil,
        pageCount: Int? = nil,
        totalCount: Int? = nil,
        nextCursor: String? = nil,
        previousCursor: String? = nil
    ) {
        self.items = items
        self.hasMore = hasMore
        self.curPage = curPage
        self.pageCount = pageCount
        self.totalCount = totalCount
        self._cursors = PageCursors.unlessEmpty(next: nextCursor, previous: previousCursor)
    }
}

extension RefreshPage: Equatable where Item: Equatable {
    /// Two pages are equal when their items and signals are.
    public static func == (lhs: RefreshPage, rhs: RefreshPage) -> Bool {
        lhs.items == rhs.items && lhs.hasMore == rhs.hasMore && lhs.curPage == rhs.curPage
            && lhs.pageCount == rhs.pageCount && lhs.totalCount == rhs.totalCount
            && lhs.nextCursor == rhs.nextCursor && lhs.previousCursor == rhs.previousCursor
    }
}

/// A page's cursors, held by reference.
@usableFromInline
final class PageCursors: Sendable {
    @usableFromInline let next: String?
    @usableFromInline let previous: String?

    @usableFromInline
    init(next: String?, previous: String?) {
        self.next = next
        self.previous = previous
    }

    /// The cursors, or `nil` when there are none.
    @inlinable
    static func unlessEmpty(next: String?, previous: String?) -> PageCursors? {
        next == nil && previous == nil ? nil : PageCursors(next: next, previous: previous)
    }
}

extension RefreshPage {
    /// Checks the page against the request it answers and finds the first hostile signal, if any.
    ///
    /// An empty page is refused, like any other, for what no list can have: a negative `pageCount`
    /// or `totalCount`, or a `curPage` other than the page asked for. It is never refused for
    /// coming past `pageCount`: it ends the list, so a list that shrank between loads ends instead
    /// of asking for the same page forever. An empty page with `pageCount == 0` is an empty list
    /// (many servers count an empty list's pages as zero), and an empty page that names the cursor
    /// it was asked with as the next one ends the list too. No arithmetic here can overflow,
    /// whatever the server or the policy sends.
    /// - Parameters:
    ///   - request: The request this page answers.
    ///   - heldBefore: How many items the source holds before this page is applied.
    ///   - firstPage: The policy's first page number, for zero-based servers.
    ///   - curPageOffset: How the answered `curPage` relates to the page asked for
    ///     (see ``RefreshPolicy/curPageOffset``); `0` by default.
    /// - Returns: What is wrong with the page, or `nil` when it can be applied. A page other than
    ///   the one asked for is reported in the request's numbering.
    @inlinable
    public func validate(
        against request: RefreshRequest,
        heldBefore: Int,
        firstPage: Int,
        curPageOffset: Int = 0
    ) -> RefreshFailure.InvalidResponse? {
        if let pageCount, pageCount < 0 || (pageCount == 0 && !items.isEmpty) {
            return .nonPositivePageCount(pageCount)
        }
        if let totalCount, totalCount < 0 {
            return .negativeTotalCount(totalCount)
        }
        if let cursor = request.cursor, !items.isEmpty,
            cursor == (request.kind == .loadPrevious ? previousCursor : nextCursor)
        {
            return .repeatedCursor(cursor)
        }
        if let curPage {
            let (answered, overflow) = curPage.subtractingReportingOverflow(curPageOffset)
            if overflow {
                return .curPageOutOfRange(curPage: curPage, curPageOffset: curPageOffset)
            }
            if answered != request.page {
                return .pageMismatch(requested: request.page, received: answered)
            }
        }
        if !items.isEmpty, let pageCount, let offset = Self.offset(of: request.page, from: firstPage),
            offset >= pageCount
        {
            let (implied, overflow) = request.page.addingReportingOverflow(curPageOffset)
            return .currentPageBeyondPageCount(
                curPage: curPage ?? (overflow ? request.page : implied), pageCount: pageCount)
        }
        return nil
    }

    /// Decides whether the list ends with this page (see <doc:Rules#The-end-of-the-list>).
    ///
    /// A page numbered `Int.max` (no next page can be asked for) always ends it; under cursor
    /// paging, so does a page with no ``nextCursor``. An empty page ends it too, unless, under
    /// cursor paging, it answers a load-more and hands a next cursor other than the one it was
    /// asked with: a server that filters its pages (a page made only of hidden rows) goes on, and
    /// its other signals decide as for any page. It answers for any numbers,
    /// also those of a page ``validate(against:heldBefore:firstPage:curPageOffset:)`` refuses (a
    /// `pageCount` of one or less ends the list): no arithmetic here can overflow.
    /// - Parameters:
    ///   - heldAfterApplying: How many items the source holds once this page is applied.
    ///   - request: The request this page answers.
    ///   - policy: The paging policy: its first page for `curPage`/`pageCount`, its page size for the fallback.
    /// - Returns: `true` when no further page should be asked for.
    @inlinable
    public func isLastPage(heldAfterApplying: Int, request: RefreshRequest, policy: RefreshPolicy) -> Bool {
        let byCursor = policy.paging == .cursors
        if request.page == .max {
            return true
        }
        // An empty page past which the server hands a new cursor goes on (a filtered page).
        let handsNewCursor = byCursor && request.kind == .loadMore && nextCursor != nil && nextCursor != request.cursor
        if items.isEmpty, !handsNewCursor {
            return true
        }
        if byCursor, nextCursor == nil {
            return true
        }
        if let hasMore {
            return !hasMore
        }
        if let pageCount {
            // The page's zero-based offset reaches the last one; an offset below zero never does.
            // A valid page's curPage is the request's page in the server's numbering, so the
            // request's own number gives the offset. A count of one page or fewer (a refused
            // answer's zero or negative count included) ends the list at once, before
            // `pageCount - 1` could overflow.
            guard let offset = Self.offset(of: request.page, from: policy.firstPage) else { return false }
            return pageCount <= 1 || offset >= pageCount - 1
        }
        if let totalCount {
            return heldAfterApplying >= totalCount
        }
        return !byCursor && items.count < policy.pageSize
    }

    /// Decides whether nothing comes before this page, once it is the first loaded page: loading
    /// the previous page cannot trigger then.
    ///
    /// An empty page, a page numbered `Int.min`, the policy's first page (under page numbers) and a
    /// page with no ``previousCursor`` (under cursor paging) have nothing before them. Under cursor
    /// paging, an empty answer to a load of the previous page or to a refresh that carries a
    /// ``previousCursor`` found nothing newer yet, and does not: a chat polls again with its cursor
    /// (see <doc:Rules#Progress>).
    /// - Parameters:
    ///   - request: The request this page answers.
    ///   - policy: The paging policy.
    /// - Returns: `true` when no previous page should be asked for.
    @inlinable
    public func isFirstPage(request: RefreshRequest, policy: RefreshPolicy) -> Bool {
        if request.page == .min {
            return true
        }
        if items.isEmpty {
            return !isPoll(request: request, policy: policy)
        }
        switch policy.paging {
        case .pageNumbers:
            return request.page <= policy.firstPage
        case .cursors:
            return previousCursor == nil
        }
    }

    /// Whether this page answers a poll for newer items that found none yet: under cursor paging,
    /// an empty answer to a load of the previous page (or to a refresh: an empty chat) that
    /// carries a ``previousCursor``. The start of the list stays open with that cursor.
    @inlinable
    func isPoll(request: RefreshRequest, policy: RefreshPolicy) -> Bool {
        items.isEmpty && previousCursor != nil && request.kind != .loadMore && policy.paging == .cursors
    }

    /// How many pages `page` comes after the first page, or `nil` when it comes before it or the
    /// difference does not fit in an `Int`.
    @usableFromInline
    static func offset(of page: Int, from firstPage: Int) -> Int? {
        let (offset, overflow) = page.subtractingReportingOverflow(firstPage)
        return overflow || offset < 0 ? nil : offset
    }
}
