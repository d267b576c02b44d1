import Foundation
import Refreshable
import RefreshableTesting
import RefreshableUIKit
import Testing
import UIKit

@testable import RefreshableExamples

/// A feed server of numbered pages of 20 posts; `edition` changes every post's title, as news
/// that changed since; `pageCount` can shrink, so that a deep page is gone.
actor FakeFeedServer: FeedService {
    var pageCount: Int
    var edition = 1
    private(set) var asked: [Int] = []

    init(pageCount: Int) { self.pageCount = pageCount }

    func setEdition(_ edition: Int) { self.edition = edition }
    func setPageCount(_ count: Int) { pageCount = count }
    func clearAsked() { asked = [] }

    func feed(page: Int) async throws -> FeedPage {
        asked.append(page)
        guard page >= 1, page <= pageCount else { return FeedPage(posts: [], page: page, pageCount: pageCount) }
        let posts = (0..<20).map { FeedPost(id: "p\(page)-\($0)", title: "page \(page) post \($0) ed\(edition)") }
        return FeedPage(posts: posts, page: page, pageCount: pageCount)
    }
}

@MainActor
@Suite(.serialized) struct NewsFeedScreenTests {
    func makeFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID().uuidString).json")
    }

    /// The pages the screen holds, by the ids of its rows (`p<page>-<i>`).
    func pagesShown(_ screen: NewsFeedViewController) -> [Int] {
        var pages: [Int] = []
        for post in screen.currentItems {
            let page = Int(post.id.dropFirst().prefix { $0 != "-" })!
            if pages.last != page { pages.append(page) }
        }
        return pages
    }

    /// What the table shows: the diffable data source's rows.
    func tableIDs(_ screen: NewsFeedViewController) -> [String] { screen.rows.snapshot().itemIdentifiers }

    /// The row comes on screen, as the table does it: only a row the table has.
    func display(_ screen: NewsFeedViewController, row: Int) {
        guard row < tableIDs(screen).count else {
            Issue.record("row \(row) is not in the table, which has \(tableIDs(screen).count) rows")
            return
        }
        let path = IndexPath(row: row, section: 0)
        let cell = screen.rows.tableView(screen.tableView, cellForRowAt: path)
        screen.tableView(screen.tableView, willDisplay: cell, forRowAt: path)
    }

    func idle(_ screen: NewsFeedViewController) async -> Bool {
        await settle {
            let state = screen.refreshStatus[0]
            return !state.isRefreshing && !state.isLoadingMore && !state.isLoadingPrevious
        }
    }

    /// The user scrolls down until page `deep` is the last page held.
    func scrollDown(_ screen: NewsFeedViewController, to deep: Int) async throws {
        while screen.refreshStatus[0].page < deep {
            let before = screen.refreshStatus[0].page
            display(screen, row: screen.currentItems.count - 1)
            try #require(
                await settle { screen.refreshStatus[0].page > before && !screen.refreshStatus[0].isLoadingMore })
        }
    }

    /// Launches the screen and scrolls 30 pages deep: pages 26...30 held under the cap of 5.
    func deepScreen(_ server: FakeFeedServer, file: URL, clock: TestClock? = nil) async throws -> NewsFeedViewController
    {
        let screen = NewsFeedViewController(service: server, savedFeed: file, clock: clock, notificationQueue: nil)
        screen.loadViewIfNeeded()
        screen.viewWillAppear(false)
        try #require(await settle { screen.currentItems.count == 20 })
        try await scrollDown(screen, to: 30)
        try #require(pagesShown(screen) == [26, 27, 28, 29, 30])
        try #require(tableIDs(screen) == screen.currentItems.map(\.id))
        return screen
    }

    func pull(_ screen: NewsFeedViewController) throws {
        let control = try #require(screen.tableView.refreshControl)
        control.beginRefreshing()
        control.sendActions(for: .valueChanged)
    }

    // MARK: Pull to refresh deep in the feed

    @Test func aPullDeepInTheFeedReloadsTheRowsAroundTheUserAndLoadsOutward() async throws {
        let server = FakeFeedServer(pageCount: 100)
        let screen = try await deepScreen(server, file: makeFile())
        // The user reads row 50 of what is held: post 10 of page 28.
        display(screen, row: 50)
        let reading = screen.currentItems[50].id
        #expect(reading == "p28-10")

        await server.setEdition(2)
        await server.clearAsked()
        try pull(screen)
        #expect(await idle(screen))
        #expect(screen.tableView.refreshControl?.isRefreshing == false)
        // The page read, then one page above and one below, with today's titles.
        #expect(await server.asked == [28, 27, 29])
        #expect(pagesShown(screen) == [27, 28, 29])
        #expect(tableIDs(screen) == screen.currentItems.map(\.id))
        let row = try #require(screen.currentItems.firstIndex { $0.id == reading })
        #expect(screen.currentItems[row].title == "page 28 post 10 ed2")
        // The rows around the one read are its neighbours.
        #expect(screen.currentItems[row - 1].id == "p28-9")
        #expect(screen.currentItems[row + 1].id == "p28-11")

        // Scrolling up loads page 26 above, scrolling down loads page 30 below, then 31.
        display(screen, row: 0)
        #expect(await settle { self.pagesShown(screen).first == 26 })
        #expect(await idle(screen))
        display(screen, row: screen.currentItems.count - 1)
        #expect(await settle { self.pagesShown(screen).last == 30 })
        #expect(await idle(screen))
        display(screen, row: screen.currentItems.count - 1)
        #expect(await settle { self.pagesShown(screen).last == 31 })
        #expect(await idle(screen))
        #expect(pagesShown(screen) == [27, 28, 29, 30, 31])
        #expect(tableIDs(screen) == screen.currentItems.map(\.id))
        #expect(screen.currentItems.allSatisfy { $0.title.hasSuffix("ed2") })
    }

    /// What the table goes through during the pull: the refresh lands alone (20 rows, the user's
    /// row 50 no longer exists), then the page above is put in front (its rows push the row read
    /// down by 20), then the page below. Nothing in the update names the row to keep on screen.
    @Test func aPullDeepInTheFeedShowsThePageAloneBeforeTheOnesAroundIt() async throws {
        let server = FakeFeedServer(pageCount: 100)
        let screen = try await deepScreen(server, file: makeFile())
        display(screen, row: 50)
        let before = screen.rows.appliedSnapshots.count
        try pull(screen)
        #expect(await idle(screen))
        let counts = screen.rows.appliedSnapshots.dropFirst(before).map(\.snapshot.numberOfItems)
        #expect(counts == [20, 40, 60])
        let rowOfRead = screen.rows.appliedSnapshots.dropFirst(before).map {
            $0.snapshot.itemIdentifiers.firstIndex(of: "p28-10")
        }
        #expect(rowOfRead == [10, 30, 30])
    }

    /// The row read is on page 26 near the top, and page 25 loaded above it since: the refresh
    /// still reloads page 26 (the position is a page, not a row index) and loads 25 and 27.
    @Test func aPullOnTheFirstPageHeldReloadsItAndLoadsTheOnesAroundIt() async throws {
        let server = FakeFeedServer(pageCount: 100)
        let screen = try await deepScreen(server, file: makeFile())
        display(screen, row: 5)  // near the top: page 25 loads above, the cap drops page 30
        #expect(await idle(screen))
        let heldBeforePull = pagesShown(screen)
        #expect(heldBeforePull == [25, 26, 27, 28, 29])
        await server.clearAsked()
        try pull(screen)
        #expect(await idle(screen))
        let asked = await server.asked
        #expect(asked == [26, 25, 27], "held \(heldBeforePull)")
        #expect(pagesShown(screen) == [25, 26, 27])
    }

    /// The same pull while the page above is still loading (the row read came on screen near the
    /// top, which prefetched page 25): the refresh supersedes that load and reloads page 26.
    @Test func aPullWhileThePageAboveLoadsReloadsThePageRead() async throws {
        let server = FakeFeedServer(pageCount: 100)
        let screen = try await deepScreen(server, file: makeFile())
        await server.clearAsked()
        display(screen, row: 5)  // page 26, which starts loading page 25 above
        #expect(screen.refreshStatus[0].isLoadingPrevious)
        try pull(screen)
        #expect(await idle(screen))
        let asked = await server.asked
        #expect(pagesShown(screen) == [25, 26, 27], "asked \(asked)")
        #expect(asked.contains(26), "asked \(asked)")
    }

    // MARK: The page the user was on is gone

    @Test func aPullOnAPageTheServerNoLongerHasFallsBackToTheFirstPage() async throws {
        let server = FakeFeedServer(pageCount: 100)
        let screen = try await deepScreen(server, file: makeFile())
        display(screen, row: 50)  // page 28
        await server.setPageCount(10)  // the feed shrank: page 28 is gone
        await server.setEdition(2)
        await server.clearAsked()
        try pull(screen)
        #expect(await idle(screen))
        #expect(await server.asked.prefix(2) == [28, 1])
        #expect(pagesShown(screen).first == 1)
        #expect(screen.currentItems.first?.title == "page 1 post 0 ed2")
        #expect(screen.refreshStatus[0].failure == nil)  // the fallback's success shows no failure
        #expect(screen.tableView.backgroundView == nil)
        #expect(tableIDs(screen) == screen.currentItems.map(\.id))
        // Scrolling down from there goes on from page 2; nothing comes before page 1.
        display(screen, row: screen.currentItems.count - 1)
        #expect(await settle { self.pagesShown(screen).last == 2 })
        #expect(await idle(screen))
        display(screen, row: 0)
        #expect(await idle(screen))
        #expect(pagesShown(screen) == [1, 2])
        #expect(await server.asked.contains(0) == false)
    }

    // MARK: Return to the foreground

    @Test func aReturnToTheForegroundAfterFiveMinutesRefreshesAroundTheUser() async throws {
        let server = FakeFeedServer(pageCount: 100)
        let clock = TestClock()
        let screen = try await deepScreen(server, file: makeFile(), clock: clock)
        display(screen, row: 50)  // page 28
        await server.setEdition(2)
        await server.clearAsked()

        // Four minutes: nothing.
        clock.advance(by: .seconds(4 * 60))
        NotificationCenter.default.post(name: UIScene.willEnterForegroundNotification, object: nil)
        #expect(!screen.refreshStatus[0].isRefreshing)
        #expect(await server.asked == [])

        // Six minutes since the last refresh: it refreshes, around the row read.
        clock.advance(by: .seconds(2 * 60))
        NotificationCenter.default.post(name: UIScene.willEnterForegroundNotification, object: nil)
        #expect(screen.refreshStatus[0].isRefreshing)
        #expect(await idle(screen))
        #expect(await server.asked == [28, 27, 29])
        #expect(pagesShown(screen) == [27, 28, 29])
        #expect(screen.currentItems.contains { $0.id == "p28-10" && $0.title.hasSuffix("ed2") })
        #expect(screen.refreshStatus.age(of: 0) == .zero)
        screen.viewDidDisappear(false)
    }

    // MARK: Relaunch from a saved file mid-feed

    /// Saves the feed 30 pages deep, the user on post 10 of page 28 (the scene goes to the
    /// background), then launches a new screen on the same file, the server's news changed since.
    func relaunchDeep(_ server: FakeFeedServer, workarounds: Bool = false) async throws -> NewsFeedViewController {
        let file = makeFile()
        let first = NewsFeedViewController(
            service: server, savedFeed: file, notificationQueue: nil, workarounds: workarounds)
        first.loadViewIfNeeded()
        try #require(await settle { first.currentItems.count == 20 })
        try await scrollDown(first, to: 30)
        display(first, row: 50)  // page 28, post 10
        try #require(first.currentItems[50].id == "p28-10")
        NotificationCenter.default.post(name: UIScene.didEnterBackgroundNotification, object: nil)
        try #require(FileManager.default.fileExists(atPath: file.path))

        await server.setEdition(2)
        await server.clearAsked()
        let second = NewsFeedViewController(
            service: server, savedFeed: file, notificationQueue: nil, workarounds: workarounds)
        second.loadViewIfNeeded()
        return second
    }

    /// "the next launch shows the saved rows on its first frame" (SavingAndRestoringAList.md): a
    /// diffable data source applied from `refreshDidUpdate(_:)`, as the README says, hears of the
    /// restored rows when the screen sets the list up, once, before the background refresh.
    @Test func aRelaunchShowsTheSavedRowsOnItsFirstFrame() async throws {
        let server = FakeFeedServer(pageCount: 100)
        let screen = try await relaunchDeep(server)
        #expect(pagesShown(screen) == [26, 27, 28, 29, 30])
        #expect(screen.refreshStatus[0].firstLoadedPage == 26)
        #expect(screen.refreshStatus[0].page == 30)
        #expect(tableIDs(screen) == screen.currentItems.map(\.id))
        #expect(tableIDs(screen).count == 100)
        #expect(screen.rows.appliedSnapshots.map(\.how) == [.usingReloadData])
        #expect(screen.refreshStatus[0].isRefreshing, "the background refresh did not start behind the rows")
        #expect(await idle(screen))
    }

    /// Restoring into a screen already on screen reaches the data source at once (a reset update),
    /// and the refresh "at once for a list already on screen" (Rules, SN) asks for the saved
    /// position (the last row the deep screen showed, on page 29) and loads outward.
    @Test func aRestoreIntoAScreenOnScreenShowsTheRowsAtOnce() async throws {
        let server = FakeFeedServer(pageCount: 100)
        let deep = try await deepScreen(server, file: makeFile())
        let saved = deep.refreshStatus.snapshot()
        let other = NewsFeedViewController(service: server, savedFeed: makeFile(), notificationQueue: nil)
        other.loadViewIfNeeded()
        #expect(await idle(other))
        #expect(pagesShown(other) == [1])
        await server.clearAsked()
        try other.refreshStatus.restore(from: saved)
        #expect(pagesShown(other) == [26, 27, 28, 29, 30])
        #expect(tableIDs(other) == other.currentItems.map(\.id))
        #expect(await idle(other))
        #expect(await server.asked == [29, 28, 30])
        #expect(pagesShown(other) == [28, 29, 30])
        #expect(tableIDs(other) == other.currentItems.map(\.id))
    }

    /// The saved feed was 30 pages deep, the user on page 28, with `refreshesAroundPosition` on:
    /// the snapshot keeps that page, so the background refresh reloads it with today's news and
    /// loads outward, and the user is where they were.
    @Test func aRelaunchedDeepFeedRefreshesWhereTheUserWas() async throws {
        let server = FakeFeedServer(pageCount: 100)
        let screen = try await relaunchDeep(server)
        #expect(await idle(screen))
        #expect(await server.asked == [28, 27, 29])
        #expect(pagesShown(screen) == [27, 28, 29])
        #expect(screen.currentItems.contains { $0.id == "p28-10" && $0.title.hasSuffix("ed2") })
        #expect(tableIDs(screen) == screen.currentItems.map(\.id))
    }

    /// The docs' recipe as written: after the relaunch the feed is around page 28; the user
    /// scrolls both ways from there (the cap of 5 holds 25...29, then drops 25 for 30).
    @Test func aRelaunchedFeedScrollsBothWaysFromWhereItLands() async throws {
        let server = FakeFeedServer(pageCount: 100)
        let screen = try await relaunchDeep(server)
        #expect(await idle(screen))
        #expect(pagesShown(screen) == [27, 28, 29])
        display(screen, row: 0)
        #expect(await settle { self.pagesShown(screen).first == 26 })
        #expect(await idle(screen))
        display(screen, row: 0)
        #expect(await settle { self.pagesShown(screen).first == 25 })
        #expect(await idle(screen))
        #expect(pagesShown(screen) == [25, 26, 27, 28, 29])
        display(screen, row: screen.currentItems.count - 1)
        #expect(await settle { self.pagesShown(screen).last == 30 })
        #expect(await idle(screen))
        #expect(pagesShown(screen) == [26, 27, 28, 29, 30])
        #expect(tableIDs(screen) == screen.currentItems.map(\.id))
        #expect(screen.currentItems.allSatisfy { $0.title.hasSuffix("ed2") })
    }

    /// With the workarounds earlier versions needed (the app applies the restored rows itself and
    /// saves the row read beside the snapshot, then calls `rowDidAppear(at:)` before
    /// `setupRefreshHeader()`): still harmless, the same relaunch as without them.
    @Test func aRelaunchWithTheWorkaroundsKeepsThePlaceAndScrollsBothWays() async throws {
        let server = FakeFeedServer(pageCount: 100)
        let screen = try await relaunchDeep(server, workarounds: true)
        #expect(tableIDs(screen) == screen.currentItems.map(\.id))
        #expect(tableIDs(screen).count == 100)
        #expect(await idle(screen))
        #expect(await server.asked == [28, 27, 29])
        #expect(pagesShown(screen) == [27, 28, 29])
        #expect(screen.currentItems.contains { $0.id == "p28-10" && $0.title.hasSuffix("ed2") })
        // Up: page 26, then 25; down: page 30 (the cap of 5 holds 25...29, then drops 25 for 30).
        display(screen, row: 0)
        #expect(await settle { self.pagesShown(screen).first == 26 })
        #expect(await idle(screen))
        display(screen, row: 0)
        #expect(await settle { self.pagesShown(screen).first == 25 })
        #expect(await idle(screen))
        #expect(pagesShown(screen) == [25, 26, 27, 28, 29])
        display(screen, row: screen.currentItems.count - 1)
        #expect(await settle { self.pagesShown(screen).last == 30 })
        #expect(await idle(screen))
        #expect(pagesShown(screen) == [26, 27, 28, 29, 30])
        #expect(tableIDs(screen) == screen.currentItems.map(\.id))
        #expect(screen.currentItems.allSatisfy { $0.title.hasSuffix("ed2") })
    }
}
