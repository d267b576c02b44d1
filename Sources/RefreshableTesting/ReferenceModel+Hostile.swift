import Refreshable

/// Hostile answers in the reference model: the Rules article's "hostile answer is refused like a
/// failure", written from its list of what makes an answer hostile.
extension ReferenceModel {
    /// What makes an answer hostile.
    package enum Hostility: Sendable, Equatable {
        /// `pageCount` or `totalCount` below zero.
        case negativeCount
        /// A `pageCount` of zero on a page with items: a list with items has a page.
        case itemsOnNoPage
        /// `curPage` names another page than the one asked for, in the server's numbering.
        case otherPage
        /// The page asked for lies past `pageCount` (`curPage > pageCount`), with items.
        case pastPageCount
        /// Under cursors, the answer names the cursor it was asked with as the way on, with items:
        /// following it would load the same page forever.
        case repeatedCursor
    }

    /// Why the rules refuse `page` as the answer to a load of `kind` that asked for `askedPage`
    /// with `cursor` under `policy`, or `nil` when they accept it.
    package static func hostility(
        of page: RefreshPage<TestItem>,
        askedPage: Int,
        kind: RefreshRequest.Kind,
        cursor: String?,
        policy: RefreshPolicy
    ) -> Hostility? {
        if page.pageCount.map({ $0 < 0 }) == true || page.totalCount.map({ $0 < 0 }) == true {
            return .negativeCount
        }
        if page.pageCount == 0, !page.items.isEmpty {
            return .itemsOnNoPage
        }
        if let curPage = page.curPage {
            // The server numbers the page asked for as `askedPage + curPageOffset`.
            let (answered, overflow) = curPage.subtractingReportingOverflow(policy.curPageOffset)
            if overflow || answered != askedPage {
                return .otherPage
            }
        }
        // The page's place among the pages, counted from one, is its offset plus one.
        if let pageCount = page.pageCount, !page.items.isEmpty,
            let offset = offsetFromFirstPage(askedPage, policy: policy), offset >= pageCount
        {
            return .pastPageCount
        }
        let onward = kind == .loadPrevious ? page.previousCursor : page.nextCursor
        if let cursor, !page.items.isEmpty, onward == cursor {
            return .repeatedCursor
        }
        return nil
    }
}

/// The state an app changes under the model's feet: sources added or put back as new, the first
/// page and the paging rules.
extension ReferenceModel {
    /// A new source at the end, that has not loaded.
    package mutating func appendSource(title: String) {
        sources.append(Source(title: title, page: policy.firstPage - 1, firstLoadedPage: policy.firstPage))
    }

    /// Puts a source back as new: nothing loaded, nothing in flight, no failure, no local edit.
    package mutating func resetSource(_ source: Int, title: String) {
        sources[source] = Source(title: title, page: policy.firstPage - 1, firstLoadedPage: policy.firstPage)
    }

    /// Changes the policy's first page: a source that has not loaded follows it.
    package mutating func setFirstPage(_ firstPage: Int) {
        policy.firstPage = firstPage
        for index in sources.indices where !sources[index].hasLoaded {
            sources[index].page = firstPage - 1
            sources[index].firstLoadedPage = firstPage
        }
    }
}
