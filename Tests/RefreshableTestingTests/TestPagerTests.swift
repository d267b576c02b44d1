import Refreshable
import RefreshableTesting
import Testing

/// A page-numbered server of `count` items, `pageSize` a page, numbered from 1, as a loader
/// function for a ``TestPager``.
private func numberedServer(
    count: Int, pageSize: Int
) -> @MainActor (RefreshRequest) async throws -> RefreshPage<Int> {
    { request in
        let start = (request.page - 1) * pageSize
        let items = Array(max(start, 0)..<min(max(start, 0) + pageSize, count))
        return RefreshPage(items: items, curPage: request.page, pageCount: (count + pageSize - 1) / pageSize)
    }
}

/// A server that counts what it is asked and fails while told to.
@MainActor
private final class FlakyServer {
    var isFailing = false
    private(set) var asked = 0
    private let pages: @MainActor (RefreshRequest) async throws -> RefreshPage<Int>

    init(_ pages: @escaping @MainActor (RefreshRequest) async throws -> RefreshPage<Int>) {
        self.pages = pages
    }

    func load(_ request: RefreshRequest) async throws -> RefreshPage<Int> {
        asked += 1
        if isFailing { throw TestLoadError() }
        return try await pages(request)
    }
}

@MainActor
@Suite struct TestPagerTests {
    @Test func eachStepAsksTheLoaderForThePageTheListWouldAskFor() async throws {
        let pager = TestPager(
            RefreshSources<Int>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2)),
            loadPage: numberedServer(count: 5, pageSize: 2))

        let first = await pager.refresh()
        #expect(first.page?.items == [0, 1])
        #expect(pager.state.page == 1 && !pager.state.noMoreData)
        await pager.loadMore()
        await pager.loadMore()
        #expect(pager.items == [0, 1, 2, 3, 4])
        #expect(pager.requests.map(\.page) == [1, 2, 3])
        #expect(pager.requests.map(\.kind) == [.refresh, .loadMore, .loadMore])
        #expect(pager.state.noMoreData)
        #expect(pager.pages.map(\.curPage) == [1, 2, 3])
    }

    @Test func aRefreshKeepsOnlyItsOwnPage() async throws {
        let pager = TestPager(
            RefreshSources<Int>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2)),
            loadPage: numberedServer(count: 5, pageSize: 2))
        await pager.refresh()
        await pager.loadMore()

        await pager.refresh()
        #expect(pager.pages.map(\.items) == [[0, 1]])
        #expect(pager.items == [0, 1])
    }

    @Test func aLoadMoreBeforeAnythingLoadedAsksNothing() async throws {
        let server = FlakyServer(numberedServer(count: 10, pageSize: 2))
        let pager = TestPager(RefreshSources<Int>(noMoreTitles: [""]), loadPage: server.load)
        #expect(await pager.loadMore() == .notStarted(.nothingLoaded))
        #expect(server.asked == 0 && pager.requests.isEmpty)
    }

    @Test func aFailedLoadMoreCommitsNothingAndTheNextAsksForTheSamePage() async throws {
        let server = FlakyServer(numberedServer(count: 10, pageSize: 2))
        let pager = TestPager(
            RefreshSources<Int>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2)), loadPage: server.load)
        await pager.refresh()
        server.isFailing = true
        let failed = await pager.loadMore()
        #expect(failed.failure?.request.page == 2)
        #expect(pager.state.loadMoreFailure != nil)
        #expect(pager.items == [0, 1] && pager.pages.count == 1)

        server.isFailing = false
        await pager.loadMore()
        #expect(pager.requests.map(\.page) == [1, 2, 2])
        #expect(pager.items == [0, 1, 2, 3])
    }

    @Test func anAnswerForAnotherPageIsRefusedLikeAFailure() async throws {
        let pager = TestPager(RefreshSources<Int>(noMoreTitles: [""])) { _ in
            RefreshPage(items: [7], curPage: 3, pageCount: 5)
        }
        let result = await pager.refresh()
        #expect(result.failure?.reason == .invalidResponse(.pageMismatch(requested: 1, received: 3)))
        #expect(pager.items.isEmpty && pager.pages.isEmpty)
    }

    @Test func aCancelledLoadChangesNothing() async throws {
        let pager = TestPager(RefreshSources<Int>(noMoreTitles: [""])) { _ in throw CancellationError() }
        let result = await pager.refresh()
        #expect(result == .cancelled(try #require(pager.requests.first)))
        #expect(!pager.state.hasLoaded && pager.state.failure == nil)
    }

    @Test func thePageCapDropsPagesFromTheFarEndAndAPreviousPageLoadsThemBack() async throws {
        let pager = TestPager(
            RefreshSources<Int>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2, maxPages: 2)),
            loadPage: numberedServer(count: 10, pageSize: 2))
        await pager.refresh()
        await pager.loadMore()
        await pager.loadMore()
        #expect(pager.pages.map(\.curPage) == [2, 3])
        #expect(pager.items == [2, 3, 4, 5])

        let previous = await pager.loadPrevious()
        #expect(previous.page?.curPage == 1)
        #expect(pager.pages.map(\.curPage) == [1, 2])
        #expect(pager.items == [0, 1, 2, 3])
    }

    @Test func thePagerDrivesTheSourceItWasGiven() async throws {
        let pager = TestPager(RefreshSources<Int>(noMoreTitles: ["", ""]), source: 1) { request in
            RefreshPage(items: [request.source], hasMore: false)
        }
        await pager.refresh()
        #expect(pager.items == [1])
        #expect(pager.sources[0].items.isEmpty)
    }
}
