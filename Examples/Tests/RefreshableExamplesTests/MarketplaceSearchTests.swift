import Foundation
import Observation
import Refreshable
import RefreshableTesting
import Synchronization
import Testing

@testable import RefreshableExamples

// The marketplace search screen driven as a user would: typing, sorting, scrolling, pulling,
// leaving, going offline, a hostile server, and a relaunch. The server is the testing kit's
// TestPageLoader, behind the app's own `MarketplaceSearchAPI`; each load also records the query it
// was asked with.

extension Listing {
    /// A listing made from the testing kit's item.
    init(_ item: TestItem) {
        self.init(id: "L\(item.id)", title: "\(item)", priceCents: 100 * item.index)
    }
}

/// The fake marketplace: the kit's loader, and the query of each load by the load's id.
@MainActor
final class FakeMarketplace {
    let loader = TestPageLoader(makeItem: Listing.init)
    private(set) var queries: [Int: SearchQuery] = [:]
    /// How many loads the test has taken with `nextLoad()`.
    var taken = 0

    func search(_ query: SearchQuery, after cursor: String?) async throws -> SearchResultsPage {
        queries[loader.loads.count] = query  // the id load(cursor:) is about to record
        let page = try await loader.load(cursor: cursor)
        return SearchResultsPage(listings: page.items, nextCursor: page.nextCursor)
    }

    /// The query a load asked with.
    func query(of load: TestLoad) -> SearchQuery? { queries[load.id] }

    /// Answers a load with `count` new listings and a next cursor.
    @discardableResult
    func answer(_ load: TestLoad, count: Int = MarketplaceSearchModel.pageSize, copies: [TestItem] = [], next: String?)
        -> [TestItem]
    {
        let (page, items) = loader.makePage(for: load, itemCount: count, copies: copies, nextCursor: next)
        _ = loader.answer(load, with: page)
        return items
    }
}

struct FakeMarketplaceAPI: MarketplaceSearchAPI {
    let server: FakeMarketplace
    func search(_ query: SearchQuery, after cursor: String?) async throws -> SearchResultsPage {
        try await server.search(query, after: cursor)
    }
}

@MainActor
@Suite struct MarketplaceSearchTests {
    let server = FakeMarketplace()
    let clock = TestClock()

    private func makeModel() -> MarketplaceSearchModel {
        let model = MarketplaceSearchModel(api: FakeMarketplaceAPI(server: server), clock: clock)
        server.loader.watch(model.results.refreshStatus)
        return model
    }

    /// The next load, once the model reached the loader.
    private func nextLoad() async throws -> TestLoad {
        #expect(await server.loader.waitForLoads(count: server.taken + 1))
        let load = try #require(server.loader.loads.dropFirst(server.taken).first)
        server.taken += 1
        return load
    }

    /// Types `text` and lets the debounce run out.
    private func type(_ text: String, _ model: MarketplaceSearchModel) async {
        model.searchTextDidChange(text)
        await clock.waitForSleepers(1)
        clock.advance(by: MarketplaceSearchModel.debounce)
        // The debounce's task applies the query on a later turn; offline, no load follows it for
        // settle() to wait on, so wait for the query itself.
        var turns = 0
        while model.query.text != text, turns < 10_000 {
            await Task.yield()
            turns += 1
        }
        #expect(model.query.text == text, "the debounce never applied '\(text)'")
        await server.loader.settle()
    }

    /// The user scrolls to the last row.
    private func scrollToEnd(_ model: MarketplaceSearchModel) {
        let results = model.results
        for index in results.items.indices.suffix(3) {
            results.itemDidAppear(at: index)
        }
    }

    /// The screen appears with the results of "lamp": one full page, more to come.
    private func lampOnScreen() async throws -> MarketplaceSearchModel {
        let model = makeModel()
        model.results.setUp()
        let first = try await nextLoad()
        #expect(server.query(of: first)?.text == "")
        server.answer(first, next: "all-2")
        await server.loader.settle()
        await type("lamp", model)
        let lamp = try await nextLoad()
        #expect(server.query(of: lamp) == SearchQuery(text: "lamp", sort: .newest))
        #expect(lamp.kind == .refresh && lamp.cursor == nil)
        server.answer(lamp, next: "lamp-2")
        await server.loader.settle()
        #expect(model.results.items.count == 30)
        return model
    }

    // MARK: Paging

    @Test func scrollingToTheEndLoadsTheNextPageByItsCursorUntilTheServerSendsNone() async throws {
        let model = try await lampOnScreen()
        scrollToEnd(model)
        let page2 = try await nextLoad()
        #expect(page2.kind == .loadMore && page2.cursor == "lamp-2")
        #expect(model.results.isLoadingMore)
        server.answer(page2, count: 7, next: nil)
        await server.loader.settle()
        #expect(model.results.items.count == 37)
        #expect(model.results.noMoreText == "No more results")
        #expect(!model.results.isLoadingMore)
    }

    // MARK: Query changes

    @Test func typingWaitsForThePauseThenAsksForTheNewQueryOnly() async throws {
        let model = try await lampOnScreen()
        let before = server.loader.loads.count
        model.searchTextDidChange("lamps")
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(100))
        model.searchTextDidChange("lamps b")
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(200))
        await server.loader.settle()
        #expect(server.loader.loads.count == before)  // still typing
        clock.advance(by: .milliseconds(100))
        let load = try await nextLoad()
        #expect(server.query(of: load)?.text == "lamps b")
        #expect(server.loader.loads.count == before + 1)
    }

    @Test func aLateSecondPageOfTheOldQueryNeverShows() async throws {
        let model = try await lampOnScreen()
        scrollToEnd(model)
        let lampPage2 = try await nextLoad()
        #expect(server.query(of: lampPage2)?.text == "lamp")

        await type("lamps", model)
        let lamps = try await nextLoad()
        #expect(server.query(of: lamps)?.text == "lamps")
        #expect(lamps.kind == .refresh)
        // The new query's list shows none of the old query's rows while it loads.
        #expect(model.results.items.isEmpty)
        #expect(model.results.isRefreshing)
        #expect(model.emptyText == nil)

        let lampsItems = server.answer(lamps, count: 4, next: nil)
        await server.loader.settle()
        // "lamp"'s page 2 arrives late.
        server.answer(lampPage2, next: "lamp-3")
        await server.loader.settle()
        #expect(model.results.items.map(\.id) == lampsItems.map { "L\($0.id)" })
        #expect(model.results.noMoreText == "No more results")
    }

    @Test func aLateFirstPageOfTheOldQueryNeverShowsEvenBeforeTheNewOneLands() async throws {
        let model = try await lampOnScreen()
        await type("chair", model)
        let chair = try await nextLoad()
        await type("table", model)
        let table = try await nextLoad()
        #expect(server.query(of: table)?.text == "table")
        server.answer(chair, next: "chair-2")  // late, for a query no longer on screen
        await server.loader.settle()
        #expect(model.results.items.isEmpty)
        #expect(model.results.isRefreshing)
        server.answer(table, count: 2, next: nil)
        await server.loader.settle()
        #expect(model.results.items.count == 2)
    }

    @Test func theSortPickerAsksForTheSameTextSortedAndDropsTheOtherSortsAnswers() async throws {
        let model = try await lampOnScreen()
        scrollToEnd(model)
        let newestPage2 = try await nextLoad()
        model.sortDidChange(.price)
        let byPrice = try await nextLoad()
        #expect(server.query(of: byPrice) == SearchQuery(text: "lamp", sort: .price))
        server.answer(newestPage2, next: nil)
        await server.loader.settle()
        #expect(model.results.items.isEmpty)
        server.answer(byPrice, count: 3, next: nil)
        await server.loader.settle()
        #expect(model.results.items.count == 3)
        // Typing keeps the sort.
        await type("lamp shade", model)
        let shade = try await nextLoad()
        #expect(server.query(of: shade) == SearchQuery(text: "lamp shade", sort: .price))
    }

    @Test func aQueryWithNoResultsShowsItsOwnEmptyState() async throws {
        let model = try await lampOnScreen()
        await type("xyzzy", model)
        let load = try await nextLoad()
        #expect(model.emptyText == nil)  // loading, not empty
        server.answer(load, count: 0, next: nil)
        await server.loader.settle()
        #expect(model.emptyText == "No results for 'xyzzy'")
        #expect(model.results.placeholder == nil)
        #expect(model.results.noMoreText == nil)
        await type("lamp", model)
        #expect(model.emptyText == nil)
    }

    // MARK: Failures

    @Test func aFailedFirstPageShowsAnErrorWithRetry() async throws {
        let model = try await lampOnScreen()
        await type("sofa", model)
        let sofa = try await nextLoad()
        _ = server.loader.fail(sofa, with: TestLoadError("503"))
        await server.loader.settle()
        #expect(model.results.placeholder?.message == "503")
        #expect(model.emptyText == nil)
        model.results.retry()
        let again = try await nextLoad()
        #expect(again.kind == .refresh && again.cursor == nil)
        #expect(server.query(of: again)?.text == "sofa")
        server.answer(again, count: 5, next: nil)
        await server.loader.settle()
        #expect(model.results.placeholder == nil)
        #expect(model.results.items.count == 5)
    }

    @Test func aFailedLoadMoreShowsAFooterErrorWhoseRetryAsksForTheSameCursor() async throws {
        let model = try await lampOnScreen()
        scrollToEnd(model)
        let page2 = try await nextLoad()
        _ = server.loader.fail(page2, with: TestLoadError("timeout"))
        await server.loader.settle()
        #expect(model.results.loadMoreFailure?.message == "timeout")
        #expect(model.results.placeholder == nil)
        #expect(model.results.items.count == 30)
        model.results.loadMore()  // the footer's Retry
        let again = try await nextLoad()
        #expect(again.kind == .loadMore && again.cursor == "lamp-2")
        #expect(model.results.loadMoreFailure == nil)
        server.answer(again, count: 30, next: "lamp-3")
        await server.loader.settle()
        #expect(model.results.items.count == 60)
    }

    // MARK: New listings check

    @Test func theNewListingsCheckRefreshesAStaleFirstPageEvery30Seconds() async throws {
        let model = try await lampOnScreen()
        let before = server.loader.loads.count
        let check = Task { await model.checkForNewListings() }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(30))
        let poll = try await nextLoad()
        #expect(poll.kind == .refresh && poll.cursor == nil)
        #expect(server.query(of: poll)?.text == "lamp")
        server.answer(poll, count: 30, next: "lamp-2b")
        await server.loader.settle()
        #expect(server.loader.loads.count == before + 1)

        // The screen disappears: the check stops.
        check.cancel()
        await check.value
        clock.advance(by: .seconds(120))
        await server.loader.settle()
        #expect(server.loader.loads.count == before + 1)
    }

    @Test func theNewListingsCheckNeverFightsTheUsersPull() async throws {
        let model = try await lampOnScreen()
        let check = Task { await model.checkForNewListings() }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(29))
        let pull = Task { await model.results.refresh() }  // the user pulls at 29 s
        let pulled = try await nextLoad()
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))  // the check at 30 s: the pull is in flight
        await server.loader.settle()
        #expect(server.loader.pending == [pulled])
        server.answer(pulled, next: "lamp-2")
        await pull.value
        #expect(model.results.items.count == 30)

        // The check at 60 s: the pull landed 31 s ago, so the list is stale again.
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(30))
        let poll = try await nextLoad()
        #expect(poll.kind == .refresh)
        // The user pulls while the check's refresh is in flight: one request, and the spinner
        // stays until it lands.
        let pull2 = Task { await model.results.refresh() }
        await server.loader.settle()
        #expect(server.loader.pending == [poll])
        server.answer(poll, next: "lamp-2")
        await pull2.value
        #expect(!model.results.isRefreshing)
        check.cancel()
        await check.value
    }

    @Test func aCheckThatFailsShowsNoPlaceholderOverTheRows() async throws {
        let model = try await lampOnScreen()
        let check = Task { await model.checkForNewListings() }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(30))
        let poll = try await nextLoad()
        _ = server.loader.fail(poll)
        await server.loader.settle()
        #expect(model.results.items.count == 30)
        #expect(model.results.placeholder == nil)
        check.cancel()
        await check.value
    }

    // MARK: Offline

    @Test func offlineAPullFailsWithoutAskingAndComingBackOnlineAsksAgain() async throws {
        let model = try await lampOnScreen()
        let before = server.loader.loads.count
        model.results.setOnline(false)
        #expect(model.results.isOffline)
        await model.results.refresh()
        #expect(server.loader.loads.count == before)
        #expect(model.results.items.count == 30)
        #expect(model.results.failure?.reason == .offline)
        #expect(model.results.placeholder == nil)
        model.results.setOnline(true)
        let again = try await nextLoad()
        #expect(again.kind == .refresh)
        #expect(server.query(of: again)?.text == "lamp")
    }

    @Test func aQueryTypedOfflineLoadsWhenBackOnline() async throws {
        let model = try await lampOnScreen()
        let before = server.loader.loads.count
        model.results.setOnline(false)
        await type("desk", model)
        #expect(server.loader.loads.count == before)
        #expect(model.results.placeholder?.reason == .offline)  // an empty list: the error state
        model.results.setOnline(true)
        let desk = try await nextLoad()
        #expect(server.query(of: desk)?.text == "desk")
        server.answer(desk, count: 2, next: nil)
        await server.loader.settle()
        #expect(model.results.items.count == 2)
    }

    // MARK: Leaving the screen

    @Test func leavingMidLoadMoreCancelsItAndShowsNoError() async throws {
        let model = try await lampOnScreen()
        scrollToEnd(model)
        let page2 = try await nextLoad()
        model.screenDidDisappear()
        await server.loader.settle()
        #expect(!server.loader.isPending(page2))
        #expect(!model.results.isLoadingMore)
        #expect(model.results.loadMoreFailure == nil)
        #expect(model.results.failure == nil)
        #expect(model.results.items.count == 30)
        // Coming back: the rows near the end come on screen again and load the same page.
        model.results.setUp()
        for index in model.results.items.indices.suffix(3) {
            model.results.itemDidDisappear(at: index)
        }
        scrollToEnd(model)
        let again = try await nextLoad()
        #expect(again.kind == .loadMore && again.cursor == "lamp-2")
    }

    @Test func leavingWhileTheQueryIsDebouncedAsksForNothing() async throws {
        let model = try await lampOnScreen()
        let before = server.loader.loads.count
        model.searchTextDidChange("vase")
        await clock.waitForSleepers(1)
        model.screenDidDisappear()
        clock.advance(by: .seconds(1))
        await server.loader.settle()
        #expect(server.loader.loads.count == before)
        // Back on screen: the field says "vase", so the results follow it.
        model.screenDidAppear()
        let vase = try await nextLoad()
        #expect(server.query(of: vase)?.text == "vase")
    }

    @Test func leavingDuringTheFirstLoadOfAQueryLoadsItAgainOnReturn() async throws {
        let model = try await lampOnScreen()
        await type("rug", model)
        let rug = try await nextLoad()
        model.screenDidDisappear()
        await server.loader.settle()
        #expect(!server.loader.isPending(rug))
        #expect(model.results.placeholder == nil)
        model.results.setUp()  // the screen appears again
        let again = try await nextLoad()
        #expect(again.kind == .refresh && server.query(of: again)?.text == "rug")
    }

    // MARK: A hostile server

    @Test func aRepeatedCursorIsRefusedAndTheRowsStay() async throws {
        let model = try await lampOnScreen()
        scrollToEnd(model)
        let page2 = try await nextLoad()
        server.answer(page2, next: "lamp-2")  // the cursor it was asked with
        await server.loader.settle()
        #expect(model.results.items.count == 30)
        #expect(model.results.loadMoreFailure != nil)
        let reason = try #require(model.results.loadMoreFailure?.reason)
        #expect(reason == .invalidResponse(.repeatedCursor("lamp-2")))
    }

    /// A page whose listings the server filtered out (sold, hidden) comes back empty with a new
    /// cursor: the list goes on with it; an empty page without one ends the list.
    @Test func anEmptyPageThatSendsANewCursorGoesOnAndOneWithoutEndsTheList() async throws {
        let model = try await lampOnScreen()
        scrollToEnd(model)
        let page2 = try await nextLoad()
        server.answer(page2, count: 0, next: "lamp-3")
        await server.loader.settle()
        #expect(model.results.items.count == 30)
        #expect(model.results.noMoreText == nil, "a page of filtered listings ended the results")
        scrollToEnd(model)
        let page3 = try await nextLoad()
        #expect(page3.cursor == "lamp-3")
        server.answer(page3, count: 0, next: nil)
        await server.loader.settle()
        #expect(model.results.noMoreText == "No more results")
        let before = server.loader.loads.count
        scrollToEnd(model)
        await server.loader.settle()
        #expect(server.loader.loads.count == before)
    }

    @Test func aListingOnTwoPagesIsShownOnce() async throws {
        let model = makeModel()
        model.results.setUp()
        let first = try await nextLoad()
        let page1 = server.answer(first, next: "c2")
        await server.loader.settle()
        scrollToEnd(model)
        let second = try await nextLoad()
        server.answer(second, count: 30, copies: Array(page1.suffix(5)), next: "c3")
        await server.loader.settle()
        #expect(model.results.items.count == 55)
        #expect(Set(model.results.items.map(\.id)).count == 55)
    }

    @Test func aServerThatOnlyRepeatsListingsIsStopped() async throws {
        let model = makeModel()
        model.results.setUp()
        let first = try await nextLoad()
        let page1 = server.answer(first, next: "c1")
        await server.loader.settle()
        scrollToEnd(model)  // and the rows stay on screen: the model keeps loading by itself
        for step in 2...8 {
            guard await server.loader.waitForLoads(count: server.taken + 1) else { break }
            let load = try await nextLoad()
            server.answer(load, count: 30, copies: page1, next: "c\(step)")
            await server.loader.settle()
        }
        #expect(server.loader.loads.count == 1 + RefreshPolicy().maxLoadsWithoutProgress)
        #expect(model.results.loadMoreFailure?.reason == .noProgress)
        #expect(model.results.items.count == 30)
    }

    // MARK: Probes: what a user would see around a query change

    @Test func theFirstRowOnScreenAlreadyLoadsPageTwoWithTheDefaultPrefetchDistance() async throws {
        let model = try await lampOnScreen()
        model.results.prefetchDistance = nil  // the default (the screen sets 1)
        let before = server.loader.loads.count
        model.results.itemDidAppear(at: 0)  // the top of the list, as it first shows
        await server.loader.settle()
        // One page (30) before the end is every row of a 30-row page.
        #expect(server.loader.loads.count == before + 1)
        #expect(server.loader.loads.last?.kind == .loadMore)
    }

    @Test func aPullDuringAQueryChangeReturns() async throws {
        let model = try await lampOnScreen()
        let pull = Task { await model.results.refresh() }
        let pulled = try await nextLoad()
        model.sortDidChange(.price)
        await pull.value  // the spinner goes
        let byPrice = try await nextLoad()
        #expect(server.query(of: byPrice)?.sort == .price)
        #expect(!server.loader.isPending(pulled))
    }

    @Test func rowsOfTheOldQueryLeavingTheScreenDoNotLoadTheNewQuerysSecondPage() async throws {
        let model = try await lampOnScreen()
        let lampRows = Array(model.results.items.suffix(3))
        for row in lampRows { model.results.itemDidAppear(row) }  // at the end of "lamp"
        let lampPage2 = try await nextLoad()
        server.answer(lampPage2, count: 3, next: nil)  // "lamp" ends
        await server.loader.settle()
        let before = server.loader.loads.count

        await type("lamps", model)
        let lamps = try await nextLoad()
        // SwiftUI removes the old rows: their onDisappear comes after the items changed.
        for row in lampRows { model.results.itemDidDisappear(row) }
        for row in model.results.items { _ = row }
        server.answer(lamps, count: 30, next: "lamps-2")
        await server.loader.settle()
        // The new list shows from its top.
        for index in 0..<10 { model.results.itemDidAppear(at: index) }
        await server.loader.settle()
        #expect(server.loader.loads.count == before + 1, "only the new query's first page")
    }

    @Test func rowsOfTheOldQueryThatNeverReportLeavingDoNotLoadTheNewQuerysSecondPage() async throws {
        let model = try await lampOnScreen()
        for index in model.results.items.indices.suffix(3) { model.results.itemDidAppear(at: index) }
        let lampPage2 = try await nextLoad()
        server.answer(lampPage2, count: 3, next: nil)
        await server.loader.settle()
        let before = server.loader.loads.count
        await type("lamps", model)
        let lamps = try await nextLoad()
        server.answer(lamps, count: 30, next: "lamps-2")
        await server.loader.settle()
        for index in 0..<10 { model.results.itemDidAppear(at: index) }
        await server.loader.settle()
        #expect(server.loader.loads.count == before + 1, "only the new query's first page")
    }

    @Test func theNewListingsCheckLeavesAScrolledListAloneUntilTheUserIsBackAtTheTop() async throws {
        let model = try await lampOnScreen()
        scrollToEnd(model)
        let page2 = try await nextLoad()
        server.answer(page2, next: "lamp-3")
        await server.loader.settle()
        #expect(model.results.items.count == 60)
        model.rowDidDisappear(model.results.items[0])  // the user scrolled down
        let before = server.loader.loads.count
        let check = Task { await model.checkForNewListings() }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(30))
        await clock.waitForSleepers(1)
        await server.loader.settle()
        // A refresh would replace the 60 rows the user scrolled through with the first 30.
        #expect(server.loader.loads.count == before)
        #expect(model.results.items.count == 60)
        model.rowDidAppear(model.results.items[0])  // back at the top
        clock.advance(by: .seconds(30))
        let poll = try await nextLoad()
        #expect(poll.kind == .refresh && poll.cursor == nil)
        check.cancel()
        await check.value
    }

    @Test func restoringAfterTheGlueAlreadySetTheListUpAsksTwice() async throws {
        // `.refreshable(model)` carries its own `.task { model.setUp() }`; the SceneStorage article
        // restores in the view's `.task`. If the glue's task runs first:
        let saved = try await lampOnScreen().save()
        let relaunched = MarketplaceSearchTests()
        let next = relaunched.makeModel()
        next.results.setUp()
        let wasted = try await relaunched.nextLoad()
        next.restore(saved)
        next.results.setUp()
        let refresh = try await relaunched.nextLoad()
        #expect(relaunched.server.query(of: refresh)?.text == "lamp")
        #expect(!relaunched.server.loader.isPending(wasted))
        #expect(next.results.items.count == 30)
    }

    @Test func anEmptyFirstPageThatStillSendsACursorIsTheEmptyState() async throws {
        let model = try await lampOnScreen()
        await type("qwerty", model)
        let load = try await nextLoad()
        server.answer(load, count: 0, next: "qwerty-2")
        await server.loader.settle()
        #expect(model.emptyText == "No results for 'qwerty'")
        #expect(model.results.placeholder == nil)
    }

    @Test func aListingTwiceOnOnePageIsShownOnce() async throws {
        let model = try await lampOnScreen()
        await type("mirror", model)
        let load = try await nextLoad()
        let a = Listing(id: "A", title: "a", priceCents: 1)
        let b = Listing(id: "B", title: "b", priceCents: 2)
        _ = server.loader.answer(load, with: RefreshPage(items: [a, b, a], nextCursor: nil))
        await server.loader.settle()
        #expect(model.results.items.map(\.id) == ["A", "B"])
    }

    @Test func theOldQuerysFailuresGoWithIt() async throws {
        let model = try await lampOnScreen()
        scrollToEnd(model)
        let page2 = try await nextLoad()
        _ = server.loader.fail(page2)
        await server.loader.settle()
        #expect(model.results.loadMoreFailure != nil)
        await type("lamps", model)
        let lamps = try await nextLoad()
        #expect(model.results.loadMoreFailure == nil)
        #expect(model.results.failure == nil)
        _ = server.loader.fail(lamps)
        await server.loader.settle()
        #expect(model.results.placeholder != nil)
        await type("lampshade", model)
        _ = try await nextLoad()
        #expect(model.results.placeholder == nil)
    }

    @Test func cursorsThatGoRoundACircleStopLoading() async throws {
        let model = try await lampOnScreen()
        scrollToEnd(model)
        var cursors = ["lamp-3", "lamp-2", "lamp-3", "lamp-2", "lamp-3", "lamp-2"]
        while !cursors.isEmpty, await server.loader.waitForLoads(count: server.taken + 1) {
            let load = try await nextLoad()
            server.answer(load, count: 30, next: cursors.removeFirst())
            await server.loader.settle()
            scrollToEnd(model)  // the user keeps scrolling down
        }
        // "", lamp; lamp-2, lamp-3; then the circle
        #expect(server.taken == 2 + 2 + RefreshPolicy().maxLoadsWithoutProgress)
        #expect(model.results.loadMoreFailure?.reason == .noProgress)
    }

    @Test func aCheckRefusedOfflineRunsWhenBackOnlineAndTheNextCheckWaits() async throws {
        let model = try await lampOnScreen()
        let before = server.loader.loads.count
        let check = Task { await model.checkForNewListings() }
        model.results.setOnline(false)
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(30))  // the check, offline: nothing asked
        await server.loader.settle()
        #expect(server.loader.loads.count == before)
        #expect(model.results.failure == nil)
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(15))
        model.results.setOnline(true)  // refetch on reconnect
        let poll = try await nextLoad()
        #expect(poll.kind == .refresh)
        server.answer(poll, next: "lamp-2")
        await server.loader.settle()
        clock.advance(by: .seconds(15))  // the check at 60 s: 15 s old
        await server.loader.settle()
        #expect(server.loader.loads.count == before + 1)
        check.cancel()
        await check.value
    }

    @Test func aSortChangeRightAfterARestoreLoadsTheNewSortOnAppearance() async throws {
        let saved = try await lampOnScreen().save()
        let relaunched = MarketplaceSearchTests()
        let next = relaunched.makeModel()
        next.restore(saved)
        next.sortDidChange(.price)
        #expect(next.results.items.isEmpty)
        #expect(relaunched.server.loader.loads.isEmpty)
        next.results.setUp()
        let load = try await relaunched.nextLoad()
        #expect(relaunched.server.query(of: load) == SearchQuery(text: "lamp", sort: .price))
        #expect(load.kind == .refresh)
    }

    @Test func aPullWhoseTaskSwiftUICancelsStillLands() async throws {
        let model = try await lampOnScreen()
        let pull = Task { await model.results.refresh() }
        let pulled = try await nextLoad()
        pull.cancel()  // the view's identity changed
        await pull.value  // a cancelled pull returns at once; its load goes on
        #expect(server.loader.isPending(pulled))
        server.answer(pulled, count: 5, next: nil)
        await server.loader.settle()
        #expect(model.results.items.count == 5)
    }

    @Test func aFailedNewListingsCheckOverAnEmptyResultReplacesTheEmptyStateWithAnError() async throws {
        let model = try await lampOnScreen()
        await type("unicorn", model)
        let unicorn = try await nextLoad()
        server.answer(unicorn, count: 0, next: nil)
        await server.loader.settle()
        #expect(model.emptyText == "No results for 'unicorn'")
        let check = Task { await model.checkForNewListings() }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(30))
        let poll = try await nextLoad()
        _ = server.loader.fail(poll)
        await server.loader.settle()
        // A background check the user never asked for puts the error state with Retry in place of
        // "No results for 'unicorn'" (rule S6: a failure while the source is empty).
        #expect(model.emptyText == nil)
        #expect(model.results.placeholder != nil)
        check.cancel()
        await check.value
    }

    /// URLSession's async API throws `URLError(.cancelled)` (NSURLErrorCancelled, -999) when its
    /// task is cancelled, not `CancellationError`.
    struct URLErrorCancelled: Error, CustomStringConvertible {
        var description: String { "cancelled" }
    }

    /// An endpoint that answers after `latency` on `clock`, and throws as URLSession does when
    /// cancelled.
    struct SlowURLSessionAPI: MarketplaceSearchAPI {
        let clock: TestClock
        func search(_ query: SearchQuery, after cursor: String?) async throws -> SearchResultsPage {
            do {
                try await clock.sleep(for: .seconds(10))
            } catch is CancellationError {
                throw URLErrorCancelled()
            }
            let listings = (0..<30).map { Listing(id: "\(query.text)-\(cursor ?? "")-\($0)", title: "", priceCents: 0) }
            return SearchResultsPage(listings: listings, nextCursor: "\(cursor ?? "")x")
        }
    }

    @Test func leavingMidFirstLoadOverURLSessionShowsNoError() async throws {
        let network = TestClock()
        let model = MarketplaceSearchModel(api: SlowURLSessionAPI(clock: network), clock: clock)
        model.screenDidAppear()
        await network.waitForSleepers(1)
        model.screenDidDisappear()
        #expect(await settle { network.sleeperCount == 0 })
        await server.loader.settle()
        #expect(model.results.placeholder == nil)
        #expect(model.results.failure == nil)
        // Back on screen: the first page loads again.
        model.screenDidAppear()
        await network.waitForSleepers(1)
        network.advance(by: .seconds(10))
        #expect(await settle { model.results.items.count == 30 })
    }

    @Test func leavingMidLoadMoreOverURLSessionShowsNoFooterError() async throws {
        let network = TestClock()
        let model = MarketplaceSearchModel(api: SlowURLSessionAPI(clock: network), clock: clock)
        model.screenDidAppear()
        await network.waitForSleepers(1)
        network.advance(by: .seconds(10))
        #expect(await settle { model.results.items.count == 30 })
        scrollToEnd(model)
        await network.waitForSleepers(1)
        model.screenDidDisappear()
        #expect(await settle { network.sleeperCount == 0 })
        await server.loader.settle()
        #expect(model.results.loadMoreFailure == nil)
        #expect(model.results.failure == nil)
    }

    @Test func typingFastOverURLSessionShowsNoErrorForTheQueriesLeftBehind() async throws {
        let network = TestClock()
        let model = MarketplaceSearchModel(api: SlowURLSessionAPI(clock: network), clock: clock)
        model.screenDidAppear()
        await network.waitForSleepers(1)
        await type("l", model)
        await type("la", model)
        await type("lam", model)
        await network.waitForSleepers(1)
        #expect(await settle { network.sleeperCount == 1 })
        #expect(model.results.failure == nil)
        #expect(model.results.placeholder == nil)
        network.advance(by: .seconds(10))
        #expect(await settle { model.results.items.count == 30 })
        #expect(model.results.items.first?.id.hasPrefix("lam-") == true)
    }

    /// The other way the docs allow for a new query: replacing source 0's whole state through the
    /// runtime's `sources` ("except those of a source whose whole state it replaced",
    /// RefreshRuntime.sources), which keeps the policy and the identity.
    @Test func replacingOnlyTheSourcesStateAlsoDropsTheOldQuerysLatePage() async throws {
        let model = try await lampOnScreen()
        scrollToEnd(model)
        let lampPage2 = try await nextLoad()
        let runtime = model.results.refreshStatus
        runtime.sources[0] = RefreshState(noMoreTitle: "No more results")
        let again = try await nextLoad()
        #expect(again.kind == .refresh && again.cursor == nil)
        server.answer(lampPage2, next: "lamp-3")
        await server.loader.settle()
        #expect(model.results.items.isEmpty)
        #expect(runtime.policy.paging == .cursors)
        let fresh = server.answer(again, count: 3, next: nil)
        await server.loader.settle()
        #expect(model.results.items.map(\.id) == fresh.map { "L\($0.id)" })
    }

    // MARK: Observation: what SwiftUI redraws

    /// Whether reading `read` in a view's body would redraw it after `change`.
    private func redraws(_ read: @escaping @MainActor () -> Void, after change: () async -> Void) async -> Bool {
        let flag = ObservedFlag()
        withObservationTracking {
            read()
        } onChange: {
            flag.raise()
        }
        await change()
        return flag.isRaised
    }

    @Test func aNewQueryRedrawsTheRowsTheEmptyStateAndTheSpinner() async throws {
        let model = try await lampOnScreen()
        let results = model.results
        #expect(await redraws({ _ = results.items.count }, after: { model.sortDidChange(.price) }))
        _ = try await nextLoad()
        await type("nothing", model)
        let nothing = try await nextLoad()
        #expect(
            await redraws(
                { _ = model.emptyText },
                after: {
                    server.answer(nothing, count: 0, next: nil)
                    await server.loader.settle()
                }))
        #expect(model.emptyText == "No results for 'nothing'")
        #expect(await redraws({ _ = results.isRefreshing }, after: { await type("lamp", model) }))
    }

    @Test func aRestoreRedrawsTheRows() async throws {
        let saved = try await lampOnScreen().save()
        let relaunched = MarketplaceSearchTests()
        let next = relaunched.makeModel()
        let results = next.results
        #expect(await redraws({ _ = results.items.count }, after: { next.restore(saved) }))
        #expect(await redraws({ _ = next.query }, after: { next.sortDidChange(.price) }))
    }

    // MARK: Relaunch

    @Test func aRelaunchShowsTheSavedQueryAndRowsThenRefreshesThem() async throws {
        let model = try await lampOnScreen()
        model.sortDidChange(.price)
        let byPrice = try await nextLoad()
        server.answer(byPrice, count: 30, next: "p2")
        await server.loader.settle()
        let data = try JSONEncoder().encode(model.save())

        // The next launch.
        let relaunched = MarketplaceSearchTests()
        let next = relaunched.makeModel()
        next.restore(try JSONDecoder().decode(SavedSearch.self, from: data))
        #expect(next.query == SearchQuery(text: "lamp", sort: .price))
        #expect(next.searchText == "lamp")
        #expect(next.results.items.map(\.id) == model.results.items.map(\.id))
        #expect(relaunched.server.loader.loads.isEmpty)
        next.results.setUp()
        let refresh = try await relaunched.nextLoad()
        #expect(refresh.kind == .refresh)
        #expect(relaunched.server.query(of: refresh) == SearchQuery(text: "lamp", sort: .price))
        #expect(next.results.items.count == 30)  // shown meanwhile
        relaunched.server.answer(refresh, count: 12, next: nil)
        await relaunched.server.loader.settle()
        #expect(next.results.items.count == 12)
    }
}

/// The search endpoint over a conformance rig's loader.
struct RigSearchAPI: MarketplaceSearchAPI {
    let loader: TestPageLoader<Listing>
    func search(_ query: SearchQuery, after cursor: String?) async throws -> SearchResultsPage {
        let page = try await loader.load(cursor: cursor)
        return SearchResultsPage(listings: page.items, nextCursor: page.nextCursor)
    }
}

@MainActor
@Suite struct MarketplaceSearchConformanceTests {
    /// The screen's own list model, as it ships (String ids, `identity: .id()`): `itemID` gives the
    /// suite the listing id `Listing.init` makes from each `TestItem.id`, so the rules that edit by
    /// id are checked too. The search API sends no previous cursor (a search has no page before its
    /// first), and the suite's cursor scenarios expect one handed through: that rule is left out.
    @Test func theSearchResultsListKeepsEveryRuleButPreviousPages() async throws {
        let rules = Set(ConformanceRule.allCases).subtracting([.previousPageLoads])
        let configuration = ConformanceConfiguration(itemID: { "L\($0)" })
        let report = try await RefreshableConformance.checkListModel(
            configuration, rules: rules, makeItem: Listing.init
        ) { rig in
            MarketplaceSearchModel(api: RigSearchAPI(loader: rig.loader), clock: TestClock()).results
        }
        let editsByID: Set<ConformanceRule> = [.removalSticks, .serverCopyReplacesEdit, .pendingItemsStay]
        #expect(report.checkedRules.isSuperset(of: editsByID.union([.itemsHeldOnce])))
    }

    /// The screen's configuration (cursors, 30 a page, load more at the last row, an identity) on
    /// the kit's own items, which the suite can check.
    @Test func theSearchConfigurationKeepsEveryRule() async throws {
        let sameItem: @Sendable (TestItem) -> TestItem = { $0 }
        try await RefreshableConformance.checkListModel(makeItem: sameItem) { rig in
            let model = RefreshListModel<TestItem>(
                noMoreTitles: ["No more results"],
                policy: RefreshPolicy(pageSize: MarketplaceSearchModel.pageSize, paging: .cursors),
                identity: RefreshItemIdentity(\.id)
            ) { request in try await rig.loader.load(request) }
            model.prefetchDistance = 1
            return model
        }
    }
}

/// A flag Observation's `onChange` raises from any thread.
final class ObservedFlag: Sendable {
    private let raised = Mutex(false)
    func raise() { raised.withLock { $0 = true } }
    var isRaised: Bool { raised.withLock { $0 } }
}
