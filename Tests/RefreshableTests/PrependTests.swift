import Refreshable
import Testing

/// Loading the page before the first loaded one (`RefreshRequest.Kind.loadPrevious`): newer items
/// above a feed, by cursor or by page number.
@Suite("Loading the previous page")
struct PrependTests {
    private let feed = RefreshPolicy(pageSize: 2, paging: .cursors)

    /// A cursor feed whose first page says newer items can be asked for with "newer-than-a".
    private func loadedFeed(policy: RefreshPolicy? = nil) throws -> RefreshSources<String> {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: policy ?? feed)
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(
            first,
            with: RefreshPage(items: ["a", "b"], nextCursor: "older-than-b", previousCursor: "newer-than-a")
        )
        return sources
    }

    @Test func aPageNumberedRefreshHasNothingBeforeIt() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2))
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(first, with: RefreshPage(items: ["a", "b"], hasMore: true))
        #expect(sources[0].noPreviousData)
        #expect(sources[0].firstLoadedPage == 1)
        #expect(sources.begin(.loadPrevious, source: 0) == .ignored(.noPreviousData))
    }

    @Test func nothingBeforeTheFirstLoadIsAskedFor() {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: feed)
        #expect(sources.begin(.loadPrevious, source: 0) == .ignored(.nothingLoaded))
    }

    @Test func newerItemsLoadAboveWithThePreviousCursorUntilNoneComesBack() throws {
        var sources = try loadedFeed()
        #expect(!sources[0].noPreviousData)
        let newer = try started(sources.begin(.loadPrevious, source: 0))
        #expect(newer.kind == .loadPrevious)
        #expect(newer.cursor == "newer-than-a")
        #expect(newer.page == 0)
        #expect(!newer.isRefresh)
        #expect(sources[0].isLoadingPrevious)
        #expect(sources[0].isLoading)
        let update = applied(
            sources.succeed(newer, with: RefreshPage(items: ["y", "z"], previousCursor: "newer-than-y"))
        )
        #expect(update?.change == .prepended(0..<2))
        #expect(sources[0].items == ["y", "z", "a", "b"])
        #expect(sources[0].firstLoadedPage == 0)
        #expect(sources[0].previousCursor == "newer-than-y")
        #expect(!sources[0].isLoadingPrevious)

        let newest = try started(sources.begin(.loadPrevious, source: 0))
        #expect(newest.cursor == "newer-than-y")
        _ = sources.succeed(newest, with: RefreshPage(items: ["x"]))
        #expect(sources[0].items == ["x", "y", "z", "a", "b"])
        #expect(sources[0].noPreviousData, "an answer with no previous cursor is the start")
        #expect(sources.begin(.loadPrevious, source: 0) == .ignored(.noPreviousData))
        #expect(try started(sources.begin(.loadMore, source: 0)).cursor == "older-than-b", "the end is untouched")
    }

    @Test func theEndOfTheListAndTheStartAreKeptApart() throws {
        var sources = try loadedFeed()
        let more = try started(sources.begin(.loadMore, source: 0))
        _ = sources.succeed(more, with: RefreshPage(items: ["c"], previousCursor: "ignored"))
        #expect(sources[0].noMoreData)
        #expect(sources[0].previousCursor == "newer-than-a", "a load-more leaves the start alone")
        let newer = try started(sources.begin(.loadPrevious, source: 0))
        _ = sources.succeed(newer, with: RefreshPage(items: ["z"], hasMore: false, previousCursor: "newer-than-z"))
        #expect(sources[0].noMoreData, "a load of the previous page leaves the end alone")
        #expect(!sources[0].noPreviousData, "hasMore speaks of the end, not the start")
    }

    @Test func anEmptyPreviousPageWithoutACursorIsTheStart() throws {
        var sources = try loadedFeed()
        let newer = try started(sources.begin(.loadPrevious, source: 0))
        _ = sources.succeed(newer, with: RefreshPage(items: []))
        #expect(sources[0].noPreviousData)
        #expect(sources[0].previousCursor == nil)
        #expect(sources[0].items == ["a", "b"])
        #expect(sources.begin(.loadPrevious, source: 0) == .ignored(.noPreviousData))
    }

    @Test func anEmptyPreviousPageUnderPageNumbersIsTheStart() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2))
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(first, with: RefreshPage(items: ["a", "b"], hasMore: true))
        // Page numbers have no previous cursor: the refresh's first page is the start.
        #expect(sources[0].noPreviousData)
    }

    @Test func aLoadOfThePreviousPageRunsBesideALoadMore() throws {
        var sources = try loadedFeed()
        let more = try started(sources.begin(.loadMore, source: 0))
        let newer = try started(sources.begin(.loadPrevious, source: 0))
        #expect(sources.isInFlight(more))
        #expect(sources.isInFlight(newer))
        #expect(sources.begin(.loadPrevious, source: 0) == .ignored(.busy(inFlight: newer)))
        #expect(sources.begin(.loadMore, source: 0) == .ignored(.busy(inFlight: more)))
        _ = sources.succeed(more, with: RefreshPage(items: ["c", "d"], nextCursor: "older-than-d"))
        _ = sources.succeed(newer, with: RefreshPage(items: ["z"]))
        #expect(sources[0].items == ["z", "a", "b", "c", "d"])
    }

    @Test func aRefreshSupersedesBothDirections() throws {
        var sources = try loadedFeed()
        let more = try started(sources.begin(.loadMore, source: 0))
        let newer = try started(sources.begin(.loadPrevious, source: 0))
        guard case .started(let refresh, let superseded) = sources.begin(.refresh, source: 0) else {
            Issue.record("the refresh did not start")
            return
        }
        #expect(superseded == more)
        #expect(!sources.isInFlight(newer))
        #expect(sources.succeed(newer, with: RefreshPage(items: ["z"])) == .discarded(newer))
        #expect(sources.succeed(more, with: RefreshPage(items: ["c"])) == .discarded(more))
        _ = sources.succeed(refresh, with: RefreshPage(items: ["n"], nextCursor: "k", previousCursor: "p"))
        #expect(sources[0].items == ["n"])
    }

    @Test func aRefreshAloneSupersedesTheLoadOfThePreviousPage() throws {
        var sources = try loadedFeed()
        let newer = try started(sources.begin(.loadPrevious, source: 0))
        #expect(try started(sources.begin(.refresh, source: 0)).kind == .refresh)
        #expect(sources.succeed(newer, with: RefreshPage(items: ["z"])) == .discarded(newer))
    }

    @Test func noLoadOfThePreviousPageStartsDuringARefresh() throws {
        var sources = try loadedFeed()
        let refresh = try started(sources.begin(.refresh, source: 0))
        #expect(sources.begin(.loadPrevious, source: 0) == .ignored(.busy(inFlight: refresh)))
    }

    @Test func underInFlightWinsARefreshWaitsForTheLoadOfThePreviousPage() throws {
        var policy = feed
        policy.conflictRule = .inFlightWins
        var sources = try loadedFeed(policy: policy)
        let newer = try started(sources.begin(.loadPrevious, source: 0))
        #expect(sources.begin(.refresh, source: 0) == .ignored(.busy(inFlight: newer)))
    }

    @Test func aFailedLoadOfThePreviousPageCommitsNothingAndAsksTheSameCursorAgain() throws {
        var sources = try loadedFeed()
        let newer = try started(sources.begin(.loadPrevious, source: 0))
        guard case .failed(let failure) = sources.fail(newer, error: ServerError(code: 503)) else {
            Issue.record("the failure was not recorded")
            return
        }
        #expect(sources[0].loadPreviousFailure == failure)
        #expect(sources[0].loadMoreFailure == nil, "the footer does not show a failure above the list")
        #expect(sources[0].items == ["a", "b"])
        let again = try started(sources.begin(.loadPrevious, source: 0))
        #expect(again.cursor == "newer-than-a")
        #expect(sources[0].loadPreviousFailure == nil)
    }

    @Test(arguments: [nil, RefreshItemIdentity<String>(\.self)])
    func aSuccessfulRefreshClearsTheFailuresOfBothDirections(identity: RefreshItemIdentity<String>?) throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: feed, identity: identity)
        let first = try started(sources.begin(.refresh, source: 0))
        let feedPage = RefreshPage(items: ["a", "b"], nextCursor: "older-than-b", previousCursor: "newer-than-a")
        _ = sources.succeed(first, with: feedPage)
        _ = sources.fail(try started(sources.begin(.loadMore, source: 0)), error: ServerError(code: 503))
        _ = sources.fail(try started(sources.begin(.loadPrevious, source: 0)), error: ServerError(code: 503))
        let failed = RefreshAppearance(state: sources[0])
        guard case .failed = failed.previous, case .failed = failed.footer else {
            Issue.record("both controls should show their failure: \(failed)")
            return
        }
        let refresh = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(refresh, with: feedPage)
        #expect(sources[0].loadPreviousFailure == nil, "the control above the first row still shows the failure")
        #expect(sources[0].loadMoreFailure == nil)
        #expect(sources[0].failure == nil)
        let shown = RefreshAppearance(state: sources[0])
        #expect(shown.previous == .idle)
        #expect(shown.footer == .idle)
    }

    @Test func aPreviousCursorEqualToTheRequestsIsRefused() throws {
        var sources = try loadedFeed()
        let newer = try started(sources.begin(.loadPrevious, source: 0))
        let settlement = sources.succeed(newer, with: RefreshPage(items: ["z"], previousCursor: "newer-than-a"))
        guard case .failed(let failure) = settlement else {
            Issue.record("expected a refused answer, got \(settlement)")
            return
        }
        #expect(failure.reason == .invalidResponse(.repeatedCursor("newer-than-a")))
        #expect(sources[0].items == ["a", "b"])
    }

    @Test func cancellingASourceCancelsBothDirections() throws {
        var sources = try loadedFeed()
        let more = try started(sources.begin(.loadMore, source: 0))
        let newer = try started(sources.begin(.loadPrevious, source: 0))
        #expect(sources.cancel(source: 0) == [newer, more])
        #expect(!sources.isInFlight(newer))
        #expect(!sources.isInFlight(more))
        #expect(!sources[0].isLoading)
    }

    @Test func aPreviousPageDropsItemsHeldAlreadyAndKeepsRemovalsOut() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: feed, identity: RefreshItemIdentity(\.self))
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(first, with: RefreshPage(items: ["a", "b", "c"], previousCursor: "p1"))
        _ = sources.removeItem(id: "r", source: 0)
        let newer = try started(sources.begin(.loadPrevious, source: 0))
        let update = applied(
            sources.succeed(newer, with: RefreshPage(items: ["y", "r", "a", "y", "z"], previousCursor: "p2"))
        )
        #expect(sources[0].items == ["y", "z", "a", "b", "c"])
        #expect(update?.change == .prepended(0..<2))
        #expect(update?.droppedDuplicates == 2)
        #expect(update?.droppedRemovals == 1)
        // The index follows the move: an edit by id finds each item where it now is.
        #expect(sources.updateItem("b", source: 0)?.change == .edited(3..<4))
        #expect(sources.removeItem(id: "z", source: 0)?.change == .removed(1..<2))
    }

    @Test func aNewerCopyOnAPreviousPageReplacesTheHeldOneWhereItNowStands() throws {
        struct Message: Identifiable, Equatable {
            var id: Int
            var text: String
        }
        var sources = RefreshSources<Message>(
            noMoreTitles: [""], policy: feed, identity: .id(duplicates: .takeNewer))
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(
            first,
            with: RefreshPage(items: [Message(id: 1, text: "a"), Message(id: 2, text: "b")], previousCursor: "p"))
        let newer = try started(sources.begin(.loadPrevious, source: 0))
        let update = applied(
            sources.succeed(
                newer, with: RefreshPage(items: [Message(id: 0, text: "new"), Message(id: 2, text: "b, edited")]))
        )
        #expect(sources[0].items.map(\.text) == ["new", "a", "b, edited"])
        #expect(update?.replacedInPlace == [2..<3], "positions in the list after the change")
    }

    @Test func aPreviousPageThatHoldsAnItemTwiceKeepsTheCopyTheDuplicateRuleNames() throws {
        for rule in [RefreshItemIdentity<Article>.DuplicateRule.keepHeld, .takeNewer] {
            var sources = RefreshSources<Article>(
                noMoreTitles: [""], policy: feed, identity: .id(duplicates: rule))
            _ = sources.succeed(
                try started(sources.begin(.refresh, source: 0)),
                with: RefreshPage(items: articles([5]), nextCursor: "n", previousCursor: "p"))
            let newer = try started(sources.begin(.loadPrevious, source: 0))
            let page = [Article(id: 1, title: "first copy"), Article(id: 2), Article(id: 1, title: "second copy")]
            let update = applied(sources.succeed(newer, with: RefreshPage(items: page)))
            // As on a load-more: the later copy is the newer one.
            let kept = rule == .takeNewer ? "second copy" : "first copy"
            #expect(sources[0].items == [Article(id: 1, title: kept), Article(id: 2), Article(id: 5)], "\(rule)")
            #expect(update?.change == .prepended(0..<2))
            #expect(update?.droppedDuplicates == 1)
            let more = try started(sources.begin(.loadMore, source: 0))
            _ = sources.succeed(more, with: RefreshPage(items: [Article(id: 6, title: "first copy"), Article(id: 6)]))
            #expect(sources[0].items.last?.title == (rule == .takeNewer ? "server" : "first copy"), "\(rule)")
        }
    }
}
