import Refreshable
import RefreshableTesting
import Testing

/// Servers that number their answers differently from their requests (`RefreshPolicy.curPageOffset`).
@Suite("Answer numbering")
struct PageNumberingTests {
    /// WanAndroid's article list: asked for page 0, it answers `curPage` 1 of a one-based `pageCount`.
    private let wanAndroid = RefreshPolicy(pageSize: 2, firstPage: 0, curPageOffset: 1)

    @Test func zeroBasedRequestsWithOneBasedAnswersApplyUntilTheLastPage() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: wanAndroid)
        let first = try started(sources.begin(.refresh, source: 0))
        #expect(first.page == 0)
        let applied = sources.succeed(first, with: RefreshPage(items: ["a", "b"], curPage: 1, pageCount: 2))
        #expect(
            applied
                == .applied(RefreshUpdate(request: first, source: 0, change: .replaced(count: 2), noMoreData: false)))
        let more = try started(sources.begin(.loadMore, source: 0))
        #expect(more.page == 1)
        _ = sources.succeed(more, with: RefreshPage(items: ["c", "d"], curPage: 2, pageCount: 2))
        #expect(sources[0].items == ["a", "b", "c", "d"])
        #expect(sources[0].page == 1, "the state keeps the request's numbering")
        #expect(sources[0].noMoreData, "curPage 2 of pageCount 2 is the last page")
    }

    @Test func anAnswerOutsideTheMappingIsRefusedInTheRequestsNumbering() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: wanAndroid)
        let first = try started(sources.begin(.refresh, source: 0))
        let settlement = sources.succeed(first, with: RefreshPage(items: ["a"], curPage: 0, pageCount: 1))
        #expect(refused(settlement) == .pageMismatch(requested: 0, received: -1))
        #expect(sources[0].items.isEmpty)
        #expect(!sources[0].hasLoaded)
    }

    @Test func aPageBeyondPageCountIsReportedWithTheServersCurPage() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: wanAndroid)
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(first, with: RefreshPage(items: ["a", "b"], curPage: 1, pageCount: 3))
        let more = try started(sources.begin(.loadMore, source: 0))
        let settlement = sources.succeed(more, with: RefreshPage(items: ["c"], curPage: 2, pageCount: 1))
        #expect(refused(settlement) == .currentPageBeyondPageCount(curPage: 2, pageCount: 1))
        #expect(sources[0].items == ["a", "b"])
        #expect(sources[0].page == 0)
    }

    @Test func hostileOffsetsAndCurPagesNeverTrapAndKeepTheItems() throws {
        for (offset, curPage) in [(Int.max, Int.min), (Int.min, 1), (1, Int.min)] {
            var sources = RefreshSources<String>(
                noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2, curPageOffset: offset))
            let first = try started(sources.begin(.refresh, source: 0))
            _ = sources.succeed(first, with: RefreshPage(items: ["kept"], curPage: nil))
            let refresh = try started(sources.begin(.refresh, source: 0))
            let settlement = sources.succeed(refresh, with: RefreshPage(items: ["x"], curPage: curPage, pageCount: 1))
            #expect(refused(settlement) == .curPageOutOfRange(curPage: curPage, curPageOffset: offset))
            #expect(sources[0].items == ["kept"])
        }
    }

    /// What `RefreshPage.validate` documents for an empty page: refused for a negative count or
    /// another page, like any page; accepted past `pageCount`, with zero pages, and with the cursor
    /// it was asked with.
    @Test func anEmptyPageIsRefusedOnlyForWhatNoListCanHave() throws {
        let loadMore = RefreshRequest(source: 0, page: 3, kind: .loadMore, generation: 1, cursor: "c3")
        let refusedPages: [(RefreshPage<String>, RefreshFailure.InvalidResponse)] = [
            (RefreshPage(items: [], pageCount: -1), .nonPositivePageCount(-1)),
            (RefreshPage(items: [], totalCount: -1), .negativeTotalCount(-1)),
            (RefreshPage(items: [], curPage: 2), .pageMismatch(requested: 3, received: 2)),
        ]
        for (page, invalid) in refusedPages {
            #expect(page.validate(against: loadMore, heldBefore: 4, firstPage: 1) == invalid)
        }
        let acceptedPages: [RefreshPage<String>] = [
            RefreshPage(items: [], curPage: 3, pageCount: 2),
            RefreshPage(items: [], pageCount: 0),
            RefreshPage(items: [], totalCount: 0),
            RefreshPage(items: [], nextCursor: "c3"),
        ]
        for page in acceptedPages {
            #expect(page.validate(against: loadMore, heldBefore: 4, firstPage: 1) == nil, "\(page)")
            #expect(page.isLastPage(heldAfterApplying: 4, request: loadMore, policy: RefreshPolicy()))
        }
    }

    @Test func anOffsetThatOverflowsTheRequestsPageRefusesEveryCurPage() throws {
        var sources = RefreshSources<String>(
            noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2, curPageOffset: .max))
        let first = try started(sources.begin(.refresh, source: 0))
        let settlement = sources.succeed(first, with: RefreshPage(items: ["x"], curPage: 5, pageCount: 9))
        #expect(refused(settlement) == .pageMismatch(requested: 1, received: 5 - .max))
        let failure = RefreshFailure(
            request: first, reason: .invalidResponse(.curPageOutOfRange(curPage: 3, curPageOffset: 7)))
        #expect(failure.message.contains("curPage 3"))
    }

    @MainActor
    @Test func aSeedStyleAdopterPassesTheServersNumbersThrough() {
        let controller = SeedController(policy: wanAndroid)
        controller.setupRefreshHeader()
        let first = controller.lastRequest
        #expect(first.page == 0)
        controller.loadSuccess(RefreshPage(items: ["a", "b"], curPage: 1, pageCount: 2), for: first)
        controller.loadMore()
        let more = controller.lastRequest
        #expect(more.page == 1)
        controller.loadSuccess(RefreshPage(items: ["c"], curPage: 2, pageCount: 2), for: more)
        #expect(controller.currentItems == ["a", "b", "c"])
        #expect(controller.refreshStatus[0].failure == nil)
        #expect(controller.footerState == .noMoreData(title: "No more orders"))
    }
}
