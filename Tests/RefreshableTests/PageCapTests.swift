import Refreshable
import Testing

/// The page cap (`RefreshPolicy.maxPages`): past it the far end's page is dropped and reported,
/// and scrolling back loads it again.
@Suite("Page cap")
struct PageCapTests {
    /// Page-numbered sources of 3 items a page, at most 2 pages held, each page numbered in its items.
    private func capped(maxPages: Int = 2, identity: RefreshItemIdentity<String>? = nil) -> RefreshSources<String> {
        RefreshSources(
            noMoreTitles: [""],
            policy: RefreshPolicy(pageSize: 3, maxPages: maxPages),
            identity: identity
        )
    }

    private func page(_ number: Int) -> RefreshPage<String> {
        RefreshPage(items: ["\(number)a", "\(number)b", "\(number)c"], hasMore: true)
    }

    /// Loads pages 1, 2 and 3; the cap of two keeps pages 2 and 3.
    private func loadThreePages(_ sources: inout RefreshSources<String>) throws -> RefreshUpdate? {
        _ = sources.succeed(try started(sources.begin(.refresh, source: 0)), with: page(1))
        _ = sources.succeed(try started(sources.begin(.loadMore, source: 0)), with: page(2))
        return applied(sources.succeed(try started(sources.begin(.loadMore, source: 0)), with: page(3)))
    }

    @Test func aLoadMorePastTheCapDropsTheFirstPageAndReportsIt() throws {
        var sources = capped()
        let update = try loadThreePages(&sources)
        #expect(sources[0].items == ["2a", "2b", "2c", "3a", "3b", "3c"])
        #expect(update?.dropped == 0..<3, "positions in the list before the change")
        #expect(update?.change == .appended(3..<6), "positions in the list after the change")
        #expect(sources[0].firstLoadedPage == 2)
        #expect(sources[0].page == 3)
        #expect(!sources[0].noPreviousData, "the dropped page can be loaded again")
    }

    @Test func aRefreshAfterTheCapDroppedPagesEndsTheListByItsOwnTotalCount() throws {
        var sources = capped(maxPages: 1)
        _ = sources.succeed(try started(sources.begin(.refresh, source: 0)), with: page(1))
        // The cap drops page 1: three items before the page held.
        _ = sources.succeed(try started(sources.begin(.loadMore, source: 0)), with: page(2))
        let refresh = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(refresh, with: RefreshPage(items: ["1a", "1b", "1c"], totalCount: 6))
        #expect(!sources[0].noMoreData, "3 of 6 items: the dropped page no longer counts after a refresh")
        #expect(try started(sources.begin(.loadMore, source: 0)).page == 2)
    }

    @Test func underTheCapNothingIsDropped() throws {
        var sources = capped(maxPages: 3)
        let update = try loadThreePages(&sources)
        #expect(update?.dropped == nil)
        #expect(sources[0].items.count == 9)
        #expect(sources[0].noPreviousData)
    }

    @Test func scrollingBackLoadsTheDroppedPageAgainAndDropsTheLastOne() throws {
        var sources = capped()
        _ = try loadThreePages(&sources)
        let back = try started(sources.begin(.loadPrevious, source: 0))
        #expect(back.page == 1)
        let update = applied(sources.succeed(back, with: page(1)))
        #expect(update?.change == .prepended(0..<3))
        #expect(update?.dropped == 3..<6)
        #expect(sources[0].items == ["1a", "1b", "1c", "2a", "2b", "2c"])
        #expect(sources[0].noPreviousData, "page 1 is the first page")
        #expect(sources[0].page == 2)
        #expect(!sources[0].noMoreData)
        #expect(try started(sources.begin(.loadMore, source: 0)).page == 3, "page 3 loads again")
    }

    @Test func aLoadMoreInFlightIsSupersededWhenTheCapDropsTheLastPage() throws {
        var sources = capped()
        _ = try loadThreePages(&sources)
        let more = try started(sources.begin(.loadMore, source: 0))
        #expect(more.page == 4)
        let back = try started(sources.begin(.loadPrevious, source: 0))
        _ = sources.succeed(back, with: page(1))
        #expect(!sources.isInFlight(more))
        #expect(sources.succeed(more, with: page(4)) == .discarded(more))
        #expect(sources[0].items == ["1a", "1b", "1c", "2a", "2b", "2c"])
        #expect(try started(sources.begin(.loadMore, source: 0)).page == 3)
    }

    @Test func aLoadOfThePreviousPageInFlightIsSupersededWhenTheCapDropsTheFirstPage() throws {
        var sources = capped()
        _ = try loadThreePages(&sources)
        let back = try started(sources.begin(.loadPrevious, source: 0))
        _ = sources.succeed(try started(sources.begin(.loadMore, source: 0)), with: page(4))
        #expect(sources[0].firstLoadedPage == 3)
        #expect(sources.succeed(back, with: page(1)) == .discarded(back))
        #expect(try started(sources.begin(.loadPrevious, source: 0)).page == 2)
    }

    @Test func theEndOfTheListByTotalCountCountsTheDroppedItems() throws {
        var sources = capped()
        _ = sources.succeed(
            try started(sources.begin(.refresh, source: 0)), with: RefreshPage(items: ["a", "b", "c"], totalCount: 9))
        _ = sources.succeed(
            try started(sources.begin(.loadMore, source: 0)), with: RefreshPage(items: ["d", "e", "f"], totalCount: 9))
        _ = sources.succeed(
            try started(sources.begin(.loadMore, source: 0)), with: RefreshPage(items: ["g", "h", "i"], totalCount: 9))
        #expect(sources[0].items.count == 6)
        #expect(sources[0].noMoreData, "9 of 9 items were loaded, 3 of them dropped")
    }

    @Test func aPageWithADuplicateDroppedAndLoadedAgainCountsItsItemsOnceTowardTheTotal() throws {
        var sources = capped(maxPages: 1, identity: RefreshItemIdentity(\.self))
        _ = sources.succeed(try started(sources.begin(.refresh, source: 0)), with: page(1))
        // Page 2 brings "1c" again: 3 items sent, 2 held. The cap drops page 1.
        let second = RefreshPage(items: ["1c", "2a", "2b"], totalCount: 7)
        _ = sources.succeed(try started(sources.begin(.loadMore, source: 0)), with: second)
        // Scrolling back loads page 1 again and drops page 2, which then loads again.
        _ = sources.succeed(try started(sources.begin(.loadPrevious, source: 0)), with: page(1))
        #expect(sources[0].items == ["1a", "1b", "1c"])
        _ = sources.succeed(try started(sources.begin(.loadMore, source: 0)), with: second)
        #expect(sources[0].items == ["1c", "2a", "2b"], "page 1 went before page 2 came: its 1c is no duplicate")
        #expect(!sources[0].noMoreData, "6 of 7 items sent, page 2's counted once")
        _ = sources.succeed(try started(sources.begin(.loadMore, source: 0)), with: RefreshPage(items: ["3a"]))
        #expect(sources[0].noMoreData)
    }

    @Test func aLocalRemovalShrinksItsPageSoTheRightItemsAreDropped() throws {
        var sources = capped(identity: RefreshItemIdentity(\.self))
        _ = sources.succeed(try started(sources.begin(.refresh, source: 0)), with: page(1))
        _ = sources.succeed(try started(sources.begin(.loadMore, source: 0)), with: page(2))
        _ = sources.removeItem(id: "1b", source: 0)
        _ = sources.insertItem("2x", at: 5, source: 0)
        let update = applied(sources.succeed(try started(sources.begin(.loadMore, source: 0)), with: page(3)))
        #expect(update?.dropped == 0..<2)
        #expect(sources[0].items == ["2a", "2b", "2c", "2x", "3a", "3b", "3c"])
    }

    @Test(arguments: [RefreshItemIdentity<String>.DuplicateRule.keepHeld, .takeNewer])
    func anItemHeldOnThePageTheCapDropsForANewPageIsShownAgain(rule: RefreshItemIdentity<String>.DuplicateRule) throws {
        var sources = capped(maxPages: 1, identity: RefreshItemIdentity(\.self, duplicates: rule))
        _ = sources.succeed(try started(sources.begin(.refresh, source: 0)), with: page(1))
        // Offset paging's repeat: 1c comes again on page 2, whose arrival drops page 1.
        let more = try started(sources.begin(.loadMore, source: 0))
        let update = applied(sources.succeed(more, with: RefreshPage(items: ["1c", "2a", "2b"], hasMore: true)))
        #expect(sources[0].items == ["1c", "2a", "2b"])
        #expect(update?.droppedDuplicates == 0, "page 1 went before page 2 was merged")
        #expect(update?.dropped == 0..<3)
        #expect(update?.change == .appended(0..<3))
        #expect(update?.replacedInPlace == [], "no row of the list after the change was replaced")
        // Page 1 comes back before it, and page 2 goes.
        let back = try started(sources.begin(.loadPrevious, source: 0))
        _ = sources.succeed(back, with: page(1))
        #expect(sources[0].items == ["1a", "1b", "1c"])
        #expect(sources.updateItem("1c", source: 0)?.change == .edited(2..<3))
    }

    /// The user's report: a like made while a capped load-more was in flight was undone when that
    /// load dropped the liked row's page and brought the row again. The edit outlasts the cap as it
    /// outlasts loads: an answer asked for before it does not undo it.
    @Test(arguments: [RefreshRequest.Kind.loadMore, .loadPrevious])
    func anEditOutlastsTheCapThatDropsItsRowForAnAnswerAskedBeforeIt(kind: RefreshRequest.Kind) throws {
        var feed = RefreshSources<Article>(
            noMoreTitles: [""], policy: RefreshPolicy(pageSize: 3, maxPages: 1), identity: .id())
        _ = feed.succeed(try started(feed.begin(.refresh, source: 0)), with: RefreshPage(items: articles([1, 2, 3])))
        _ = feed.succeed(
            try started(feed.begin(.loadMore, source: 0)), with: RefreshPage(items: articles([4, 5, 6]), hasMore: true))
        // Page 2 is held; the load toward either end goes past the cap and drops it.
        let load = try started(feed.begin(kind, source: 0))
        feed.updateItem(Article(id: 5, title: "liked"), source: 0)
        let brought = kind == .loadMore ? [7, 5, 8] : [1, 5, 2]
        let update = applied(feed.succeed(load, with: RefreshPage(items: articles(brought), hasMore: true)))
        #expect(update?.dropped == 0..<3, "page 2 went before the page was merged")
        #expect(feed.ids == brought)
        #expect(feed[0].items[1].title == "liked", "the answer asked for before the like undid it")
        // The edit still stands as any other: the next answer asked for after it brings the server's copy.
        _ = feed.succeed(try started(feed.begin(.refresh, source: 0)), with: RefreshPage(items: articles([5, 9])))
        #expect(feed[0].items[0].title == "server")
    }

    /// Under `takeNewer` a page that brings the dropped row twice still holds the edited row: the
    /// later copy is newer than the first, not than the edit.
    @Test(arguments: [RefreshRequest.Kind.loadMore, .loadPrevious])
    func aRowTheCapDroppedWhileEditedAndBroughtTwiceStaysEdited(kind: RefreshRequest.Kind) throws {
        var feed = RefreshSources<Article>(
            noMoreTitles: [""], policy: RefreshPolicy(pageSize: 3, maxPages: 1),
            identity: .id(duplicates: .takeNewer))
        _ = feed.succeed(try started(feed.begin(.refresh, source: 0)), with: RefreshPage(items: articles([1, 2, 3])))
        _ = feed.succeed(
            try started(feed.begin(.loadMore, source: 0)), with: RefreshPage(items: articles([4, 5, 6]), hasMore: true))
        let load = try started(feed.begin(kind, source: 0))
        feed.updateItem(Article(id: 5, title: "liked"), source: 0)
        let page = [Article(id: 5, title: "first"), Article(id: 7), Article(id: 5, title: "second")]
        _ = applied(feed.succeed(load, with: RefreshPage(items: page, hasMore: true)))
        #expect(feed.ids == [5, 7])
        #expect(feed[0].items[0].title == "liked")
    }

    @Test func anAnswerAskedForAfterAnEditBringsTheServersCopyOfTheRowTheCapDropped() throws {
        var feed = RefreshSources<Article>(
            noMoreTitles: [""], policy: RefreshPolicy(pageSize: 3, maxPages: 1), identity: .id())
        _ = feed.succeed(try started(feed.begin(.refresh, source: 0)), with: RefreshPage(items: articles([1, 2, 3])))
        let more = try started(feed.begin(.loadMore, source: 0))
        feed.updateItem(Article(id: 2, title: "liked"), source: 0)
        _ = feed.succeed(more, with: RefreshPage(items: articles([4, 5, 6]), hasMore: true))
        #expect(feed.ids == [4, 5, 6], "the liked row's page went")
        // Scrolling back, asked for after the like: the server's copy, which has the like by now.
        let back = try started(feed.begin(.loadPrevious, source: 0))
        _ = feed.succeed(back, with: RefreshPage(items: articles([1, 2, 3], title: "liked on the server")))
        #expect(feed[0].items[1].title == "liked on the server")
    }

    @Test func anEmptyPreviousPageUnderTheCapDropsNothingAndStartsTheList() throws {
        var sources = RefreshSources<String>(
            noMoreTitles: [""], policy: RefreshPolicy(pageSize: 3, paging: .cursors, maxPages: 2))
        _ = sources.succeed(
            try started(sources.begin(.refresh, source: 0)),
            with: RefreshPage(items: ["a", "b", "c"], nextCursor: "after-c", previousCursor: "before-a"))
        _ = sources.succeed(
            try started(sources.begin(.loadMore, source: 0)),
            with: RefreshPage(items: ["d", "e", "f"], nextCursor: "after-f"))
        // Polling for newer items: none yet.
        let poll = try started(sources.begin(.loadPrevious, source: 0))
        let update = applied(sources.succeed(poll, with: RefreshPage(items: [])))
        #expect(update?.dropped == nil)
        #expect(update?.change == .prepended(0..<0))
        #expect(sources[0].items == ["a", "b", "c", "d", "e", "f"])
        #expect(sources[0].noPreviousData)
        #expect(try started(sources.begin(.loadMore, source: 0)).cursor == "after-f", "the end kept its cursor")
    }

    @Test func aPageOfHeldItemsUnderTheCapDropsNothing() throws {
        var sources = capped(identity: RefreshItemIdentity(\.self))
        _ = sources.succeed(try started(sources.begin(.refresh, source: 0)), with: page(1))
        _ = sources.succeed(try started(sources.begin(.loadMore, source: 0)), with: page(2))
        let more = try started(sources.begin(.loadMore, source: 0))
        let update = applied(sources.succeed(more, with: RefreshPage(items: ["2b", "2c"], hasMore: true)))
        #expect(update?.dropped == nil)
        #expect(update?.droppedDuplicates == 2)
        #expect(sources[0].items == ["1a", "1b", "1c", "2a", "2b", "2c"])
        #expect(sources[0].page == 3, "the page was loaded, folded into page 2")
        // Page 4 adds rows: it drops page 1, not the folded pages 2 and 3.
        _ = sources.succeed(try started(sources.begin(.loadMore, source: 0)), with: page(4))
        #expect(sources[0].items == ["2a", "2b", "2c", "4a", "4b", "4c"])
        #expect(sources[0].firstLoadedPage == 2)
    }

    @Test func theEmptyPageThatEndsACappedListGoesWithThePageBeforeIt() throws {
        var sources = capped()
        _ = try loadThreePages(&sources)
        let end = try started(sources.begin(.loadMore, source: 0))
        let update = applied(sources.succeed(end, with: RefreshPage(items: [])))
        #expect(update?.dropped == nil, "an empty page adds no rows, so it makes no room")
        #expect(sources[0].items == ["2a", "2b", "2c", "3a", "3b", "3c"])
        #expect(sources[0].noMoreData)
        // Scrolling back drops page 3 with the empty page 4 folded into it: the end is no longer held.
        _ = sources.succeed(try started(sources.begin(.loadPrevious, source: 0)), with: page(1))
        #expect(sources[0].items == ["1a", "1b", "1c", "2a", "2b", "2c"])
        #expect(!sources[0].noMoreData)
        #expect(try started(sources.begin(.loadMore, source: 0)).page == 3, "pages 3 and 4 went together")
    }

    @Test func aFirstPageKeptWithoutAPreviousCursorStartsTheList() throws {
        var sources = RefreshSources<String>(
            noMoreTitles: [""], policy: RefreshPolicy(pageSize: 1, paging: .cursors, maxPages: 2))
        _ = sources.succeed(
            try started(sources.begin(.refresh, source: 0)), with: RefreshPage(items: ["a"], nextCursor: "to-b"))
        _ = sources.succeed(
            try started(sources.begin(.loadMore, source: 0)), with: RefreshPage(items: ["b"], nextCursor: "to-c"))
        // Page a goes; page b, the first kept, came without a previous cursor.
        _ = sources.succeed(
            try started(sources.begin(.loadMore, source: 0)),
            with: RefreshPage(items: ["c"], nextCursor: "to-d", previousCursor: "to-b"))
        #expect(sources[0].items == ["b", "c"])
        #expect(sources[0].noPreviousData)
        #expect(sources[0].previousCursor == nil, "c's previous cursor leads to b, which is held")
    }

    @Test func aPreviousPageFoldedIntoALoadedMorePageTakesAwayItsLoadMoreCursor() throws {
        var sources = RefreshSources<String>(
            noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2, paging: .cursors, maxPages: 2),
            identity: RefreshItemIdentity(\.self))
        _ = sources.succeed(
            try started(sources.begin(.refresh, source: 0)), with: RefreshPage(items: ["a1", "a2"], nextCursor: "to-b"))
        _ = sources.succeed(
            try started(sources.begin(.loadMore, source: 0)),
            with: RefreshPage(items: ["b1", "b2"], nextCursor: "to-c", previousCursor: "to-a"))
        _ = sources.succeed(
            try started(sources.begin(.loadMore, source: 0)),
            with: RefreshPage(items: ["c1", "c2"], nextCursor: "to-d", previousCursor: "to-b"))
        // Page 1 comes back holding only b1, held already: it folds into page 2, asked for with "to-b".
        _ = sources.succeed(
            try started(sources.begin(.loadPrevious, source: 0)),
            with: RefreshPage(items: ["b1"], previousCursor: "to-z"))
        _ = sources.succeed(
            try started(sources.begin(.loadPrevious, source: 0)),
            with: RefreshPage(items: ["z1", "z2"], previousCursor: "to-y"))
        _ = sources.succeed(
            try started(sources.begin(.loadPrevious, source: 0)), with: RefreshPage(items: ["y1", "y2"]))
        #expect(sources[0].items == ["y1", "y2", "z1", "z2"])
        // Pages 1 and 2 went together: "to-b" leads to page 2, not to page 1, so the list ends there.
        #expect(sources[0].noMoreData)
        #expect(sources.begin(.loadMore, source: 0) == .ignored(.noMoreData))
    }

    @Test func aCapTurnedOffAndOnAgainCountsTheItemsHeldAsOnePage() throws {
        var sources = capped()
        _ = sources.succeed(try started(sources.begin(.refresh, source: 0)), with: page(1))
        _ = sources.succeed(try started(sources.begin(.loadMore, source: 0)), with: page(2))
        sources.policy.maxPages = nil
        _ = sources.succeed(
            try started(sources.begin(.refresh, source: 0)), with: RefreshPage(items: ["x"], hasMore: true))
        sources.policy.maxPages = 1
        let update = applied(
            sources.succeed(
                try started(sources.begin(.loadMore, source: 0)), with: RefreshPage(items: ["y"], hasMore: true)))
        #expect(sources[0].items == ["y"])
        #expect(update?.dropped == 0..<1)
    }

    @Test func itemsHeldBeforeTheCapWasSetStandForEveryPageTheyCameIn() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 1))
        _ = sources.succeed(
            try started(sources.begin(.refresh, source: 0)), with: RefreshPage(items: ["1"], hasMore: true))
        _ = sources.succeed(
            try started(sources.begin(.loadMore, source: 0)), with: RefreshPage(items: ["2"], hasMore: true))
        _ = sources.succeed(
            try started(sources.begin(.loadMore, source: 0)), with: RefreshPage(items: ["3"], hasMore: true))
        sources.policy.maxPages = 1
        _ = sources.succeed(
            try started(sources.begin(.loadMore, source: 0)), with: RefreshPage(items: ["4"], hasMore: true))
        #expect(sources[0].items == ["4"])
        #expect(sources[0].firstLoadedPage == 4)
        #expect(try started(sources.begin(.loadPrevious, source: 0)).page == 3)
    }

    @Test func aTotalCountCountsWhatTheDroppedPagesWereSentNotTheirLocalInsertions() throws {
        var sources = capped(maxPages: 1, identity: RefreshItemIdentity(\.self, duplicates: .takeNewer))
        _ = sources.succeed(try started(sources.begin(.refresh, source: 0)), with: page(1))
        let more = try started(sources.begin(.loadMore, source: 0))
        _ = sources.insertItem("local", at: 0, source: 0)
        // Page 1 (3 sent, 4 held) goes to make room; page 2 sends 2, one of them twice.
        _ = sources.succeed(more, with: RefreshPage(items: ["1b", "1b"], totalCount: 5))
        #expect(sources[0].items == ["1b"])
        #expect(sources[0].noMoreData, "3 + 2 of 5 sent")
    }

    @Test func droppingAPageWhoseItemsWereAllRemovedReportsAnEmptyRange() throws {
        var sources = capped(identity: RefreshItemIdentity(\.self))
        _ = sources.succeed(try started(sources.begin(.refresh, source: 0)), with: page(1))
        _ = sources.succeed(try started(sources.begin(.loadMore, source: 0)), with: page(2))
        for id in ["1a", "1b", "1c"] {
            _ = sources.removeItem(id: id, source: 0)
        }
        let update = applied(sources.succeed(try started(sources.begin(.loadMore, source: 0)), with: page(3)))
        #expect(update?.dropped == 0..<0, "page 1 went, holding no rows")
        #expect(sources[0].items == ["2a", "2b", "2c", "3a", "3b", "3c"])
        #expect(sources[0].firstLoadedPage == 2)
    }

    @Test func aCursorListReloadsEachDroppedEndWithTheCursorsItsNeighboursGave() throws {
        var sources = RefreshSources<String>(
            noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2, paging: .cursors, maxPages: 2))
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(first, with: RefreshPage(items: ["a"], nextCursor: "after-a"))
        _ = sources.succeed(
            try started(sources.begin(.loadMore, source: 0)),
            with: RefreshPage(items: ["b"], nextCursor: "after-b", previousCursor: "before-b"))
        _ = sources.succeed(
            try started(sources.begin(.loadMore, source: 0)),
            with: RefreshPage(items: ["c"], nextCursor: "after-c", previousCursor: "before-c"))
        #expect(sources[0].items == ["b", "c"])
        #expect(sources[0].previousCursor == "before-b", "the first page kept says what comes before it")
        let back = try started(sources.begin(.loadPrevious, source: 0))
        #expect(back.cursor == "before-b")
        _ = sources.succeed(back, with: RefreshPage(items: ["a"], nextCursor: "after-a"))
        #expect(sources[0].items == ["a", "b"])
        #expect(sources[0].noPreviousData)
        #expect(sources[0].nextCursor == "after-b", "the last page kept says what follows it")
        #expect(try started(sources.begin(.loadMore, source: 0)).cursor == "after-b")
    }

    @Test func aPageDroppedFromTheBackLoadsAgainWithTheCursorALoadMoreAskedForItWith() throws {
        var sources = RefreshSources<String>(
            noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2, paging: .cursors, maxPages: 1))
        _ = sources.succeed(
            try started(sources.begin(.refresh, source: 0)), with: RefreshPage(items: ["c"], nextCursor: "after-c"))
        _ = sources.succeed(
            try started(sources.begin(.loadMore, source: 0)),
            with: RefreshPage(items: ["d"], nextCursor: "after-d", previousCursor: "before-d"))
        // The page before comes with no cursor to what follows it; the page it drops was asked
        // for by a load-more with "after-c", which asks for it again.
        _ = sources.succeed(try started(sources.begin(.loadPrevious, source: 0)), with: RefreshPage(items: ["c"]))
        #expect(sources[0].items == ["c"])
        #expect(!sources[0].noMoreData)
        #expect(try started(sources.begin(.loadMore, source: 0)).cursor == "after-c")
    }

    @Test func aPageOfAnotherDirectionDroppedFromTheBackLeavesNoCursorToLoadItAgain() throws {
        var sources = RefreshSources<String>(
            noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2, paging: .cursors, maxPages: 1))
        _ = sources.succeed(
            try started(sources.begin(.refresh, source: 0)),
            with: RefreshPage(items: ["c"], nextCursor: "after-c", previousCursor: "before-c"))
        _ = sources.succeed(
            try started(sources.begin(.loadPrevious, source: 0)),
            with: RefreshPage(items: ["b"], nextCursor: "after-b", previousCursor: "before-b"))
        #expect(sources[0].items == ["b"])
        // The page before "b" comes with no cursor to what follows it, and "b" was asked for with
        // "before-c", which asks for what comes before "c": not a cursor a load-more can use.
        _ = sources.succeed(try started(sources.begin(.loadPrevious, source: 0)), with: RefreshPage(items: ["a"]))
        #expect(sources[0].items == ["a"])
        #expect(sources[0].noMoreData, "nothing asks for the dropped page; a refresh shows it again")
        #expect(sources.begin(.loadMore, source: 0) == .ignored(.noMoreData))
    }

    @Test func aCapSetWhileItemsAreHeldCountsThemAsOnePage() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 3))
        _ = try loadThreePages(&sources)
        sources.policy.maxPages = 1
        let update = applied(sources.succeed(try started(sources.begin(.loadMore, source: 0)), with: page(4)))
        #expect(update?.dropped == 0..<9)
        #expect(sources[0].items == ["4a", "4b", "4c"])
    }

    @Test func aCapBelowOneStopsWithAMessageNamingTheFix() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RefreshPolicy(maxPages: 0)
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("RefreshPolicy.maxPages is 0; pass the most pages a source may hold (at least 1)"))
    }
}
