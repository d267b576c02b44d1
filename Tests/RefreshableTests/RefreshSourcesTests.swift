import Refreshable
import Testing

/// The pure state machine, without any UI: rules S5, S7–S9, S11, S12 and hostile responses.
@Suite("State machine")
struct RefreshSourcesTests {
    /// Sources with one loaded page of three items (page size 3) and more to come.
    private func loadedSources(conflictRule: RefreshPolicy.ConflictRule = .refreshWins) throws -> RefreshSources<String>
    {
        var sources = RefreshSources<String>(
            noMoreTitles: ["a", "b"], policy: RefreshPolicy(pageSize: 3, conflictRule: conflictRule))
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(first, with: RefreshPage(items: items(source: 0, from: 1, count: 3)))
        return sources
    }

    @Test func refreshAsksForTheFirstPageAndLoadMoreForTheNext() throws {
        var sources = try loadedSources()
        let more = try started(sources.begin(.loadMore, source: 0))
        #expect(more.page == 2)
        _ = sources.succeed(more, with: RefreshPage(items: items(source: 0, from: 4, count: 3)))
        let refresh = try started(sources.begin(.refresh, source: 0))
        #expect(refresh.page == 1)
        #expect(refresh.kind == .refresh)
    }

    @Test func zeroBasedPolicyStartsAtPageZero() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2, firstPage: 0))
        let refresh = try started(sources.begin(.refresh, source: 0))
        #expect(refresh.page == 0)
        _ = sources.succeed(refresh, with: RefreshPage(items: ["x", "y"]))
        #expect(try started(sources.begin(.loadMore, source: 0)).page == 1)
    }

    @Test func loadMoreAppendsAndRefreshReplaces() throws {
        var sources = try loadedSources()
        let more = try started(sources.begin(.loadMore, source: 0))
        let appended = sources.succeed(more, with: RefreshPage(items: items(source: 0, from: 4, count: 3)))
        #expect(
            appended == .applied(RefreshUpdate(request: more, source: 0, change: .appended(3..<6), noMoreData: false)))
        #expect(sources[0].items == items(source: 0, from: 1, count: 6))
        let refresh = try started(sources.begin(.refresh, source: 0))
        #expect(sources[0].items.count == 6, "old items stay until the new first page arrives (S3)")
        _ = sources.succeed(refresh, with: RefreshPage(items: ["fresh"]))
        #expect(sources[0].items == ["fresh"])
        #expect(sources[0].page == 1)
    }

    @Test func aSourceIsLoadedEmptyOnlyAfterALoadBroughtNothingAndNoFailureShows() throws {
        var sources = RefreshSources<String>(noMoreTitles: ["No more"], policy: RefreshPolicy(pageSize: 3))
        #expect(!sources[0].isLoadedEmpty, "empty before anything loaded")
        let first = try started(sources.begin(.refresh, source: 0))
        #expect(!sources[0].isLoadedEmpty, "empty while the first load runs")
        _ = sources.succeed(first, with: RefreshPage(items: [], hasMore: false))
        #expect(sources[0].isLoadedEmpty)
        let failing = try started(sources.begin(.refresh, source: 0))
        #expect(sources[0].isLoadedEmpty, "a refresh in flight hid the empty list")
        _ = sources.fail(failing, error: ServerError(code: 500))
        #expect(!sources[0].isLoadedEmpty, "the failure's placeholder takes its place")
        let retried = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(retried, with: RefreshPage(items: [], hasMore: false))
        #expect(sources[0].isLoadedEmpty, "a refresh that brought nothing clears the failure")
        _ = try started(sources.begin(.refresh, source: 0))
        _ = sources.cancel(source: 0)
        #expect(sources[0].failure == nil)
        #expect(sources[0].isLoadedEmpty, "a cancellation records nothing, so the empty list shows")
        let full = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(full, with: RefreshPage(items: ["a"], hasMore: false))
        #expect(!sources[0].isLoadedEmpty)
    }

    @Test func failedLoadMoreCommitsNoPageSoTheNextAsksAgain() throws {
        var sources = try loadedSources()
        let more = try started(sources.begin(.loadMore, source: 0))
        let settled = sources.fail(more, error: ServerError(code: 500))
        guard case .failed(let failure) = settled else {
            Issue.record("expected a failure, got \(settled)")
            return
        }
        #expect(failure.reason == .loaderFailed(RefreshFailure.genericMessage))
        #expect(sources[0].page == 1)
        #expect(sources[0].items.count == 3)
        #expect(try started(sources.begin(.loadMore, source: 0)).page == 2)
    }

    @Test func failedRefreshKeepsPageItemsAndEndFlag() throws {
        var sources = try loadedSources()
        let more = try started(sources.begin(.loadMore, source: 0))
        _ = sources.succeed(more, with: RefreshPage(items: ["last"], hasMore: false))
        let refresh = try started(sources.begin(.refresh, source: 0))
        _ = sources.fail(refresh, error: ServerError(code: 503))
        #expect(sources[0].page == 2, "the seed's page -= 1 would drop to page 1 and duplicate items")
        #expect(sources[0].items.count == 4)
        #expect(sources[0].noMoreData)
    }

    @Test(arguments: [
        (RefreshPage<String>(items: ["x"], hasMore: false), true),
        (RefreshPage<String>(items: ["x", "y", "z"], hasMore: true), false),
        (RefreshPage<String>(items: ["x"], hasMore: true), false),
        (RefreshPage<String>(items: ["x", "y", "z"], curPage: 2, pageCount: 2), true),
        (RefreshPage<String>(items: ["x"], curPage: 2, pageCount: 5), false),
        (RefreshPage<String>(items: ["x", "y", "z"], totalCount: 6), true),
        (RefreshPage<String>(items: ["x"], totalCount: 9), false),
        (RefreshPage<String>(items: ["x", "y"]), true),
        (RefreshPage<String>(items: ["x", "y", "z"]), false),
    ])
    func endOfListComesFromTheStrongestSignal(page: RefreshPage<String>, ends: Bool) throws {
        var sources = try loadedSources()
        let more = try started(sources.begin(.loadMore, source: 0))
        _ = sources.succeed(more, with: page)
        #expect(sources[0].noMoreData == ends)
    }

    @Test func loadMoreCannotTriggerAtTheEnd() throws {
        var sources = try loadedSources()
        let more = try started(sources.begin(.loadMore, source: 0))
        _ = sources.succeed(more, with: RefreshPage(items: ["x"], curPage: 2, pageCount: 2))
        #expect(sources.begin(.loadMore, source: 0) == .ignored(.noMoreData))
    }

    @Test func loadMoreBeforeTheFirstPageIsIgnored() {
        var sources = RefreshSources<String>(noMoreTitles: [""])
        #expect(sources.begin(.loadMore, source: 0) == .ignored(.nothingLoaded))
    }

    @Test func refreshWinsOverAnInFlightLoadMoreWhoseResultIsThenDiscarded() throws {
        var sources = try loadedSources()
        let more = try started(sources.begin(.loadMore, source: 0))
        let outcome = sources.begin(.refresh, source: 0)
        guard case .started(let refresh, let superseded) = outcome else {
            Issue.record("refresh should start, got \(outcome)")
            return
        }
        #expect(superseded == more)
        #expect(sources.succeed(more, with: RefreshPage(items: ["late"])) == .discarded(more))
        #expect(sources[0].items == items(source: 0, from: 1, count: 3))
        #expect(sources[0].inFlight == refresh)
    }

    @Test func loadMoreDuringARefreshIsIgnored() throws {
        var sources = try loadedSources()
        let refresh = try started(sources.begin(.refresh, source: 0))
        #expect(sources.begin(.loadMore, source: 0) == .ignored(.busy(inFlight: refresh)))
        #expect(sources.begin(.refresh, source: 0) == .ignored(.busy(inFlight: refresh)))
    }

    @Test func inFlightWinsIgnoresARefreshDuringLoadMore() throws {
        var sources = try loadedSources(conflictRule: .inFlightWins)
        let more = try started(sources.begin(.loadMore, source: 0))
        #expect(sources.begin(.refresh, source: 0) == .ignored(.busy(inFlight: more)))
    }

    @Test func latestRefreshWinsRestartsARefresh() throws {
        var sources = try loadedSources(conflictRule: .latestRefreshWins)
        let first = try started(sources.begin(.refresh, source: 0))
        let second = try started(sources.begin(.refresh, source: 0))
        #expect(second.generation > first.generation)
        #expect(sources.succeed(first, with: RefreshPage(items: ["old"])) == .discarded(first))
        _ = sources.succeed(second, with: RefreshPage(items: ["new"]))
        #expect(sources[0].items == ["new"])
    }

    @Test func aResultAppliesToTheSourceThatAskedForIt() throws {
        var sources = try loadedSources()
        let other = try started(sources.begin(.refresh, source: 1))
        _ = sources.succeed(other, with: RefreshPage(items: ["b1"], hasMore: false))
        #expect(sources[1].items == ["b1"])
        #expect(sources[1].noMoreData)
        #expect(sources[0].items == items(source: 0, from: 1, count: 3))
        #expect(!sources[0].noMoreData)
    }

    @Test func eachSourceKeepsItsOwnPageLoadingFlagAndTitle() throws {
        var sources = try loadedSources()
        let more = try started(sources.begin(.loadMore, source: 0))
        _ = try started(sources.begin(.refresh, source: 1))
        #expect(sources[0].isLoadingMore)
        #expect(sources[1].isRefreshing)
        _ = sources.succeed(more, with: RefreshPage(items: ["x"], hasMore: false))
        #expect(sources[0].page == 2)
        #expect(sources[1].page == 0)
        #expect(sources[0].noMoreTitle == "a")
        #expect(sources[1].noMoreTitle == "b")
        #expect(sources[1].isLoading)
        #expect(!sources[0].isLoading)
    }

    @Test func aSecondAnswerToTheSameRequestIsDiscarded() throws {
        var sources = try loadedSources()
        let more = try started(sources.begin(.loadMore, source: 0))
        _ = sources.succeed(more, with: RefreshPage(items: ["x", "y", "z"]))
        #expect(sources.succeed(more, with: RefreshPage(items: ["x", "y", "z"])) == .discarded(more))
        #expect(sources.fail(more, error: ServerError(code: 1)) == .discarded(more))
        #expect(sources[0].items.count == 6)
    }

    @Test(arguments: [
        (
            RefreshPage<String>(items: ["x"], curPage: 2, pageCount: 0),
            RefreshFailure.InvalidResponse.nonPositivePageCount(0)
        ),
        (RefreshPage<String>(items: ["x"], curPage: 2, pageCount: -3), .nonPositivePageCount(-3)),
        (
            RefreshPage<String>(items: ["x"], curPage: 2, pageCount: 1),
            .currentPageBeyondPageCount(curPage: 2, pageCount: 1)
        ),
        (RefreshPage<String>(items: ["x"], curPage: 1, pageCount: 4), .pageMismatch(requested: 2, received: 1)),
        (RefreshPage<String>(items: ["x"], totalCount: -1), .negativeTotalCount(-1)),
    ])
    func hostilePagesLeaveAClearErrorAndTheItemsIntact(
        page: RefreshPage<String>, expected: RefreshFailure.InvalidResponse
    ) throws {
        var sources = try loadedSources()
        let before = sources[0].items
        let more = try started(sources.begin(.loadMore, source: 0))
        let settled = sources.succeed(more, with: page)
        #expect(settled == .failed(RefreshFailure(request: more, reason: .invalidResponse(expected))))
        #expect(sources[0].failure?.reason == .invalidResponse(expected))
        #expect(sources[0].items == before)
        #expect(sources[0].page == 1)
        #expect(!sources[0].isLoading)
    }

    @Test(arguments: [
        RefreshPage<String>(items: [], hasMore: true),
        RefreshPage<String>(items: [], curPage: 2, pageCount: 5),
        RefreshPage<String>(items: [], totalCount: 99),
    ])
    func anEmptyPageEndsTheListWhateverItsSignalsClaim(page: RefreshPage<String>) throws {
        var sources = try loadedSources()
        let before = sources[0].items
        let more = try started(sources.begin(.loadMore, source: 0))
        guard case .applied(let update) = sources.succeed(more, with: page) else {
            Issue.record("the empty page was not applied")
            return
        }
        #expect(update.noMoreData)
        #expect(sources[0].items == before)
        #expect(sources[0].failure == nil)
        #expect(sources.begin(.loadMore, source: 0) == .ignored(.noMoreData))
    }

    @Test func anEmptyPageWithoutAClaimOfMoreEndsTheList() throws {
        var sources = try loadedSources()
        let more = try started(sources.begin(.loadMore, source: 0))
        _ = sources.succeed(more, with: RefreshPage(items: []))
        #expect(sources[0].noMoreData)
        #expect(sources[0].items.count == 3)
    }

    @Test func cancellationKeepsTheItemsAndNamesTheRequestsItEnded() throws {
        var sources = try loadedSources()
        let more = try started(sources.begin(.loadMore, source: 0))
        #expect(sources.cancel(source: 0) == [more])
        #expect(sources.succeed(more, with: RefreshPage(items: ["late"])) == .discarded(more))
        #expect(sources[0].items.count == 3)
        #expect(sources.cancel(source: 0).isEmpty)
    }

    @Test func aThrownCancellationErrorEndsTheLoadAsCancelled() throws {
        var sources = try loadedSources()
        let more = try started(sources.begin(.loadMore, source: 0))
        #expect(sources.fail(more, error: CancellationError()) == .cancelled(more))
        #expect(sources.fail(more, error: CancellationError()) == .discarded(more), "it is no longer in flight")
    }

    @Test func failureMessagesSayWhatWentWrong() {
        let request = RefreshRequest(source: 0, page: 3, kind: .loadMore, generation: 7)
        let invalid = RefreshFailure(
            request: request, reason: .invalidResponse(.currentPageBeyondPageCount(curPage: 3, pageCount: 2)))
        #expect(invalid.message == "The server's answer was refused: curPage 3 is beyond pageCount 2.")
        #expect(
            invalid.description
                == "loadMore(source: 0, page: 3, #7): The server's answer was refused: curPage 3 is beyond pageCount 2."
        )
        #expect(RefreshFailure(request: request, reason: .offline).message == "You are offline.")
    }

    @Test func seedTuplesMigrateInOneLine() {
        let sources: RefreshSources<String> = [
            RefreshState((page: 1, isLoading: false, noMoreData: false, noMoreTitle: "No more orders"))
        ]
        #expect(sources[0].noMoreTitle == "No more orders")
        #expect(sources[0].page == 0)
        #expect(!sources[0].isLoading)
        #expect(!sources[0].hasLoaded)
    }
}
