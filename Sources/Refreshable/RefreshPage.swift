/// One page a server answered, with whatever end-of-list signals it gave.
///
/// Rule S5 decides the end of the list from the strongest signal present, in this order:
/// ``hasMore``, then ``curPage`` against ``pageCount``, then ``totalCount`` against the number of
/// items held after this page, and only when the server gave none of them, `items.count < pageSize`.
/// An empty page always ends the list; an empty page that a signal says is not the last is refused.
public struct RefreshPage<Item: Sendable>: Sendable {
    /// The page's items, in display order.
    public var items: [Item]
    /// The server's explicit "more pages follow" flag, if it sends one.
    public var hasMore: Bool?
    /// The page number the server says it answered (seed 002's `curPage`), if it sends one.
    public var curPage: Int?
    /// The number of pages the server says the list has (seed 002's `pageCount`), if it sends one.
    public var pageCount: Int?
    /// The number of items the server says the whole list has, if it sends one.
    public var totalCount: Int?

    /// Creates a page.
    /// - Parameters:
    ///   - items: The page's items.
    ///   - hasMore: An explicit "more pages follow" flag.
    ///   - curPage: The page number the server answered.
    ///   - pageCount: The number of pages in the list.
    ///   - totalCount: The number of items in the whole list.
    public init(
        items: [Item],
        hasMore: Bool? = nil,
        curPage: Int? = nil,
        pageCount: Int? = nil,
        totalCount: Int? = nil
    ) {
        self.items = items
        self.hasMore = hasMore
        self.curPage = curPage
        self.pageCount = pageCount
        self.totalCount = totalCount
    }
}

extension RefreshPage: Equatable where Item: Equatable {}

extension RefreshPage {
    /// Checks the page against the request it answers and finds the first hostile signal, if any.
    ///
    /// An empty first page with `pageCount == 0` is an empty list, not a hostile answer: many servers
    /// count the pages of an empty list as zero.
    /// - Parameters:
    ///   - request: The request this page answers.
    ///   - heldBefore: How many items the source holds before this page is applied.
    ///   - firstPage: The policy's first page number, for zero-based servers.
    /// - Returns: What is wrong with the page, or `nil` when it can be applied.
    public func validate(
        against request: RefreshRequest,
        heldBefore: Int,
        firstPage: Int
    ) -> RefreshFailure.InvalidResponse? {
        if let pageCount, pageCount < 0 || (pageCount == 0 && !(items.isEmpty && request.page == firstPage)) {
            return .nonPositivePageCount(pageCount)
        }
        if let totalCount, totalCount < 0 {
            return .negativeTotalCount(totalCount)
        }
        if let curPage {
            if curPage != request.page {
                return .pageMismatch(requested: request.page, received: curPage)
            }
            if let pageCount, pageCount > 0, pageNumber(curPage, firstPage: firstPage) > pageCount {
                return .currentPageBeyondPageCount(curPage: curPage, pageCount: pageCount)
            }
        }
        let held = request.kind == .refresh ? 0 : heldBefore
        if items.isEmpty, claimsMore(request: request, held: held, firstPage: firstPage) {
            return .emptyPageClaimsMore
        }
        return nil
    }

    /// Decides whether the list ends with this page (rule S5).
    /// - Parameters:
    ///   - heldAfterApplying: How many items the source holds once this page is applied.
    ///   - request: The request this page answers.
    ///   - policy: The paging policy: its first page for `curPage`/`pageCount`, its page size for the fallback.
    /// - Returns: `true` when no further page should be asked for.
    public func isLastPage(heldAfterApplying: Int, request: RefreshRequest, policy: RefreshPolicy) -> Bool {
        if items.isEmpty {
            return true
        }
        if let hasMore {
            return !hasMore
        }
        if let pageCount {
            return pageNumber(curPage ?? request.page, firstPage: policy.firstPage) >= pageCount
        }
        if let totalCount {
            return heldAfterApplying >= totalCount
        }
        return items.count < policy.pageSize
    }

    /// The one-based position of a page, whatever number the server gives its first page.
    private func pageNumber(_ page: Int, firstPage: Int) -> Int {
        page - firstPage + 1
    }

    private func claimsMore(request: RefreshRequest, held: Int, firstPage: Int) -> Bool {
        if let hasMore {
            return hasMore
        }
        if let pageCount {
            return pageNumber(curPage ?? request.page, firstPage: firstPage) < pageCount
        }
        if let totalCount {
            return held < totalCount
        }
        return false
    }
}
