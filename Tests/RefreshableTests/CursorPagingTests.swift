import Refreshable
import Testing

/// Lists paged by cursor (`RefreshPolicy.paging == .cursors`): each answer carries the key of the
/// page after it.
@Suite("Cursor paging")
struct CursorPagingTests {
    private let byCursor = RefreshPolicy(pageSize: 3, paging: .cursors)

    @Test func loadMoreAsksWithTheLastAnswersCursorUntilAnAnswerCarriesNone() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: byCursor)
        let first = try started(sources.begin(.refresh, source: 0))
        #expect(first.cursor == nil, "a refresh asks for the first page, with no cursor")
        #expect(first.page == 1)
        // A short page with a cursor is not the last: the cursor says more follows.
        _ = sources.succeed(first, with: RefreshPage(items: ["a"], nextCursor: "after-a"))
        #expect(!sources[0].noMoreData)
        #expect(sources[0].nextCursor == "after-a")

        let second = try started(sources.begin(.loadMore, source: 0))
        #expect(second.cursor == "after-a")
        #expect(second.page == 2)
        _ = sources.succeed(second, with: RefreshPage(items: ["b", "c", "d"], nextCursor: "after-d"))
        let third = try started(sources.begin(.loadMore, source: 0))
        #expect(third.cursor == "after-d")
        // A full page with no cursor ends the list.
        _ = sources.succeed(third, with: RefreshPage(items: ["e", "f", "g"]))
        #expect(sources[0].items == ["a", "b", "c", "d", "e", "f", "g"])
        #expect(sources[0].noMoreData)
        #expect(sources[0].nextCursor == nil)
        #expect(sources.begin(.loadMore, source: 0) == .ignored(.noMoreData))
    }

    @Test func aFailedLoadMoreAsksWithTheSameCursorAgain() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: byCursor)
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(first, with: RefreshPage(items: ["a"], nextCursor: "k1"))
        let failing = try started(sources.begin(.loadMore, source: 0))
        _ = sources.fail(failing, error: ServerError(code: 500))
        let retry = try started(sources.begin(.loadMore, source: 0))
        #expect(retry.cursor == "k1")
        #expect(retry.page == failing.page)
        #expect(sources[0].items == ["a"])
    }

    @Test func aRefreshAsksWithNoCursorAndTakesTheNewCursor() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: byCursor)
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(first, with: RefreshPage(items: ["a"], nextCursor: "k1"))
        let more = try started(sources.begin(.loadMore, source: 0))
        _ = sources.succeed(more, with: RefreshPage(items: ["b"]))
        #expect(sources[0].noMoreData)

        let refresh = try started(sources.begin(.refresh, source: 0))
        #expect(refresh.cursor == nil)
        _ = sources.succeed(refresh, with: RefreshPage(items: ["x"], nextCursor: "k9"))
        #expect(sources[0].items == ["x"])
        #expect(!sources[0].noMoreData, "a refresh resets the end of the list")
        #expect(try started(sources.begin(.loadMore, source: 0)).cursor == "k9")
    }

    @Test func aNextCursorEqualToTheRequestsCursorIsRefusedAndKeepsTheItems() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: byCursor)
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(first, with: RefreshPage(items: ["a"], nextCursor: "k1"))
        let more = try started(sources.begin(.loadMore, source: 0))
        let settlement = sources.succeed(more, with: RefreshPage(items: ["a"], nextCursor: "k1"))
        #expect(refused(settlement) == .repeatedCursor("k1"))
        #expect(sources[0].items == ["a"])
        #expect(sources[0].nextCursor == "k1", "the next load-more asks with the same cursor again")
        #expect(sources[0].page == 1)
    }

    @Test func hasMoreFalseEndsTheListEvenWithACursorAndSoDoesAnEmptyPageWithout() throws {
        var sources = RefreshSources<String>(noMoreTitles: ["", "", ""], policy: byCursor)
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(first, with: RefreshPage(items: ["a"], hasMore: false, nextCursor: "k1"))
        #expect(sources[0].noMoreData)
        #expect(sources[0].nextCursor == nil)

        let other = try started(sources.begin(.refresh, source: 1))
        _ = sources.succeed(other, with: RefreshPage(items: ["b"], nextCursor: "k1"))
        let more = try started(sources.begin(.loadMore, source: 1))
        _ = sources.succeed(more, with: RefreshPage(items: [], hasMore: false, nextCursor: "k2"))
        #expect(sources[1].noMoreData, "an empty page that says no more ends the list")
        #expect(sources[1].items == ["b"])

        // An empty page with the cursor it was asked with, or none, ends it too.
        for next in ["k1", nil] {
            let third = try started(sources.begin(.refresh, source: 2))
            _ = sources.succeed(third, with: RefreshPage(items: ["c"], nextCursor: "k1"))
            let empty = try started(sources.begin(.loadMore, source: 2))
            _ = sources.succeed(empty, with: RefreshPage(items: [], nextCursor: next))
            #expect(sources[2].noMoreData, "\(next ?? "no cursor")")
        }
    }

    /// The chat of the report: a page made only of reactions, which the server filters out, comes
    /// back empty with a new cursor. The list goes on with that cursor, as TanStack Query and
    /// Android Paging do, instead of the app looping past such pages by hand.
    @Test func anEmptyPageThatHandsANewCursorDoesNotEndTheList() throws {
        var chat = RefreshSources<String>(noMoreTitles: [""], policy: byCursor)
        _ = chat.succeed(
            try started(chat.begin(.refresh, source: 0)), with: RefreshPage(items: ["a"], nextCursor: "k1"))
        let reactions = try started(chat.begin(.loadMore, source: 0))
        let update = applied(chat.succeed(reactions, with: RefreshPage(items: [], hasMore: true, nextCursor: "k2")))
        #expect(update?.noMoreData == false)
        #expect(!chat[0].noMoreData, "an empty page of filtered rows ended the list")
        #expect(chat[0].nextCursor == "k2")
        let next = try started(chat.begin(.loadMore, source: 0))
        #expect(next.cursor == "k2")
        _ = chat.succeed(next, with: RefreshPage(items: ["b"], nextCursor: "k3"))
        #expect(chat[0].items == ["a", "b"])
        // Without any other signal, the new cursor alone says more follows.
        _ = chat.succeed(
            try started(chat.begin(.loadMore, source: 0)), with: RefreshPage(items: [], nextCursor: "k4"))
        #expect(!chat[0].noMoreData)
    }

    /// A server whose empty pages never bring a row does not loop: the progress rule stops it.
    @Test func emptyPagesThatNeverMoveTheListStopAfterTheProgressLimit() throws {
        var chat = RefreshSources<String>(noMoreTitles: [""], policy: byCursor)
        _ = chat.succeed(
            try started(chat.begin(.refresh, source: 0)), with: RefreshPage(items: ["a"], nextCursor: "k0"))
        for page in 1..<byCursor.maxLoadsWithoutProgress {
            let more = try started(chat.begin(.loadMore, source: 0))
            _ = applied(chat.succeed(more, with: RefreshPage(items: [], nextCursor: "k\(page)")))
        }
        let last = try started(chat.begin(.loadMore, source: 0))
        let settlement = chat.succeed(last, with: RefreshPage(items: [], nextCursor: "k9"))
        #expect(settlement == .failed(RefreshFailure(request: last, reason: .noProgress)))
        #expect(chat[0].loadMoreFailure?.reason == .noProgress, "the footer shows it")
    }

    /// Page numbers keep the rule: the page after is only the number after, so an empty page is
    /// the server's one sure word that nothing follows, whatever `hasMore` says.
    @Test func underPageNumbersAnEmptyPageEndsTheListEvenWhenItSaysMore() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 3))
        _ = sources.succeed(
            try started(sources.begin(.refresh, source: 0)), with: RefreshPage(items: ["a", "b", "c"]))
        _ = sources.succeed(
            try started(sources.begin(.loadMore, source: 0)), with: RefreshPage(items: [], hasMore: true))
        #expect(sources[0].noMoreData)
    }

    @Test func pageNumbersIgnoreCursorsInAnswers() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 3))
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(first, with: RefreshPage(items: ["a", "b", "c"], nextCursor: "k1"))
        #expect(sources[0].nextCursor == nil)
        let more = try started(sources.begin(.loadMore, source: 0))
        #expect(more.cursor == nil)
        #expect(more.page == 2)
        // The `count < pageSize` guess still ends a page-numbered list, cursor or not.
        _ = sources.succeed(more, with: RefreshPage(items: ["d"], nextCursor: "k2"))
        #expect(sources[0].noMoreData)
    }

    @Test func aRequestDescribesItsCursor() {
        let request = RefreshRequest(source: 0, page: 2, kind: .loadMore, generation: 4, cursor: "c2")
        #expect(request.description == #"loadMore(source: 0, page: 2, cursor: "c2", #4)"#)
        #expect(
            RefreshRequest(source: 0, page: 1, kind: .refresh, generation: 3).description
                == "refresh(source: 0, page: 1, #3)")
    }

    @MainActor
    @Test func anAsyncAdopterLoadsEachPageWithItsCursor() async {
        let controller = AsyncController(policy: byCursor)
        controller.setupRefreshHeader()
        await controller.waitForStart(count: 1)
        let first = controller.loads.started[0]
        await controller.resolve(first, .success(RefreshPage(items: ["a", "b", "c"], nextCursor: "next")))
        controller.loadMore()
        await controller.waitForStart(count: 2)
        let second = controller.loads.started[1]
        #expect(second.cursor == "next")
        await controller.resolve(second, .success(RefreshPage(items: ["d"])))
        #expect(controller.refreshStatus[0].items == ["a", "b", "c", "d"])
        #expect(controller.refreshStatus[0].noMoreData)
    }
}
