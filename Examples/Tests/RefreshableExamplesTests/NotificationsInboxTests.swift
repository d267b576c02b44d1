import Foundation
import MJRefresh
import Refreshable
import RefreshableTesting
import Testing
import UIKit

@testable import RefreshableExamples

// What a user of the "Notifications" inbox does, each a test, checked on the MJRefresh doubles as
// the user sees the controls. Written from the docs only (TestingAViewController: "A view model and
// its controller", "Drive the screen yourself").

extension TestHeaderControl: InboxRefreshingHeader {}
extension TestFooterControl: InboxRefreshingFooter {}

/// The inbox endpoint backed by a test loader (one account's server).
struct LoaderInboxService: InboxService {
    let loader: TestPageLoader<InboxNotification>

    func notifications(page: Int) async throws -> InboxPage {
        let answer = try await loader.load(source: 0, page: page)
        return InboxPage(notifications: answer.items, curPage: answer.curPage, pageCount: answer.pageCount)
    }
}

@Sendable func makeNotification(_ item: TestItem) -> InboxNotification {
    InboxNotification(id: item.id, title: "\(item)", isRead: false)
}

/// Another account's notifications: ids of their own.
@Sendable func makeOtherAccountNotification(_ item: TestItem) -> InboxNotification {
    InboxNotification(id: 500_000_000 + item.id, title: "other \(item)", isRead: false)
}

/// One launch of the inbox screen on MJRefresh doubles.
@MainActor
final class InboxScreen {
    let rig: ConformanceRig<InboxNotification>
    let viewModel: NotificationsInboxViewModel
    let controller: NotificationsInboxViewController
    var header: TestHeaderControl { rig.header }
    var footer: TestFooterControl { rig.footer }
    var loader: TestPageLoader<InboxNotification> { rig.loader }
    var listView: TestListView { rig.listView }

    /// Builds the screen; `prepare` runs on the view model before the view loads (a restore, a clock).
    init(
        cancellation: TestLoadCancellation = .throwsCancellationError,
        headerTiming: TestHeaderControl.Timing = .mjRefreshHeader(.turns(2)),
        otherIDs: Bool = false,
        prepare: (NotificationsInboxViewModel) -> Void = { _ in }
    ) {
        rig = ConformanceRig(
            configuration: ConformanceConfiguration(
                sourceCount: 1,
                policy: RefreshPolicy(pageSize: 20),
                cancellationBehavior: cancellation,
                headerTiming: headerTiming,
                footerTiming: .mjRefreshAutoFooter
            ),
            makeItem: otherIDs ? makeOtherAccountNotification : makeNotification
        )
        viewModel = NotificationsInboxViewModel(service: LoaderInboxService(loader: rig.loader))
        controller = NotificationsInboxViewController(
            viewModel: viewModel, header: rig.header, footer: rig.footer, failureView: rig.listView)
        prepare(viewModel)
    }

    /// The screen appears: viewDidLoad wires the controls and sets the list up.
    func appear() {
        controller.loadViewIfNeeded()
        rig.connect(viewModel)
    }

    /// How many loads of each loader the test has looked at.
    private var seen: [ObjectIdentifier: Int] = [:]

    /// Waits for the next load the test has not looked at yet and returns it.
    func nextLoad(_ loader: TestPageLoader<InboxNotification>? = nil) async throws -> TestLoad {
        let loader = loader ?? self.loader
        let next = seen[ObjectIdentifier(loader), default: 0] + 1
        #expect(await loader.waitForLoads(count: next), "no load came")
        #expect(loader.loads.count == next, "more loads than expected: \(loader.loads)")
        seen[ObjectIdentifier(loader)] = next
        return try #require(loader.loads.count >= next ? loader.loads[next - 1] : nil)
    }

    /// Lets every queued end command and callback land, as a few main-queue turns do.
    func settle() async {
        await rig.settle()
        await rig.mainQueue.turns(4)
        header.flush()
        footer.flush()
        await rig.settle()
    }

    /// Answers `load` with a full page of 20 and settles.
    @discardableResult
    func answer(_ load: TestLoad, pageCount: Int, copies: [TestItem] = []) async -> [TestItem] {
        let items = loader.answer(load, itemCount: 20, copies: copies, pageCount: pageCount)
        await settle()
        return items
    }

    /// Cold launch with no saved inbox: page 1 of `pageCount` shows.
    @discardableResult
    func loadFirstPage(pageCount: Int = 5) async throws -> [TestItem] {
        appear()
        let first = try await nextLoad()
        #expect(first.kind == .refresh && first.page == 1)
        return await answer(first, pageCount: pageCount)
    }

    /// The user scrolls to the bottom: the auto footer begins by itself.
    func scrollToBottom() async {
        footer.pull()
        await rig.mainQueue.turns(2)
        await rig.settle()
    }

    /// The user pulls the header down.
    func pullToRefresh() async {
        header.pull()
        await rig.mainQueue.turns(3)
        await rig.settle()
    }

    var rowIDs: [Int] { viewModel.currentItems.map(\.id) }
}

@MainActor
@Suite struct NotificationsInboxTests {
    @Test func theInboxKeepsEveryRuleOfTheConformanceSuite() async throws {
        let mjRefresh = ConformanceConfiguration(
            headerTiming: .mjRefreshHeader(.turns(2)),
            footerTiming: .mjRefreshAutoFooter
        )
        let report = try await RefreshableConformance.checkViewModel(mjRefresh, makeItem: makeNotification) { rig in
            let viewModel = NotificationsInboxViewModel(service: LoaderInboxService(loader: rig.loader))
            let controller = NotificationsInboxViewController(
                viewModel: viewModel, header: rig.header, footer: rig.footer, failureView: rig.listView)
            controller.loadViewIfNeeded()
            return (viewModel, controller)
        }
        print("conformance report:", report)
        #expect(report.scenarioCount > 0)
    }

    /// The first page lands; the user pulls at once (before the main actor takes another turn).
    static func pullRightAfterTheFirstPage(
        header timing: TestHeaderControl.Timing, yields: Int
    ) async throws -> (heard: Bool, stuck: Bool) {
        let screen = InboxScreen(headerTiming: timing)
        screen.appear()
        #expect(await screen.loader.waitForLoads(count: 1))
        screen.loader.answer(try #require(screen.loader.pending.first), itemCount: 20, pageCount: 5)
        await screen.rig.settle()
        #expect(!screen.header.isRefreshing)
        #expect(!screen.header.hasQueuedCommands)
        for _ in 0..<yields { await Task.yield() }
        screen.header.pull()
        let heard = await screen.loader.waitForLoads(count: 2)
        await screen.rig.mainQueue.turns(10)
        guard heard else { return (false, screen.header.isRefreshing) }
        // The pull's refresh lands: the header stops (it is never left spinning).
        screen.loader.answer(try #require(screen.loader.pending.first), itemCount: 20, pageCount: 5)
        await screen.rig.settle()
        screen.header.flush()
        return (true, screen.header.isRefreshing)
    }

    @Test func aPullRightAfterTheFirstPageLandsIsHeard() async throws {
        // The MJRefresh header shows idle (its end applied, nothing queued, no callback owed) before
        // the library's check after its end ran; the user pulls at once: the pull is heard, with or
        // without a yield first, whatever the header's timing.
        let mj = try await Self.pullRightAfterTheFirstPage(header: .mjRefreshHeader(.turns(2)), yields: 0)
        #expect(mj.heard)
        #expect(!mj.stuck)
        let afterAYield = try await Self.pullRightAfterTheFirstPage(header: .mjRefreshHeader(.turns(2)), yields: 1)
        #expect(afterAYield.heard)
        #expect(!afterAYield.stuck)
        let uiRefreshControl = try await Self.pullRightAfterTheFirstPage(header: .uiRefreshControl, yields: 0)
        #expect(uiRefreshControl.heard)
        #expect(!uiRefreshControl.stuck)
    }

    @Test func aPullRightAfterTheFirstPageLandsIsHeardByAControllerFrontDoor() async throws {
        // The same user, on the docs' MJRefresh view controller (TestingAViewController.md), to
        // tell whether the view model's front door is the one that swallows the pull.
        let rig = ConformanceRig(
            configuration: ConformanceConfiguration(
                sourceCount: 2, headerTiming: .mjRefreshHeader(.turns(2)), footerTiming: .mjRefreshAutoFooter),
            makeItem: Order.init)
        let controller = ArticleTestingAViewController.OrdersMJRefreshController(
            service: ArticleTestingAViewController.LoaderOrdersService(loader: rig.loader), header: rig.header,
            footer: rig.footer,
            failureView: rig.listView)
        controller.loadViewIfNeeded()
        rig.connect(controller)
        #expect(await rig.loader.waitForLoads(count: 1))
        rig.loader.answer(try #require(rig.loader.pending.first), itemCount: 20, pageCount: 5)
        await rig.settle()
        #expect(!rig.header.isRefreshing)
        rig.header.pull()
        let heard = await rig.loader.waitForLoads(count: 2)
        await rig.mainQueue.turns(10)
        #expect(heard)
        rig.loader.answer(try #require(rig.loader.pending.first), itemCount: 20, pageCount: 5)
        await rig.settle()
        rig.header.flush()
        #expect(!rig.header.isRefreshing)  // the pull's refresh ends the spinner
    }

    @Test func scrollingToTheBottomRightAfterAPageLandsLoadsMore() async throws {
        let screen = InboxScreen()
        screen.appear()
        #expect(await screen.loader.waitForLoads(count: 1))
        screen.loader.answer(try #require(screen.loader.pending.first), itemCount: 20, pageCount: 5)
        await screen.rig.settle()
        screen.footer.pull()
        let heard = await screen.loader.waitForLoads(count: 2)
        await screen.rig.mainQueue.turns(10)
        #expect(heard)
        screen.loader.answer(try #require(screen.loader.pending.first), itemCount: 20, pageCount: 5)
        await screen.rig.settle()
        screen.footer.flush()
        #expect(!screen.footer.isRefreshing)  // the page lands and the footer stops
    }

    @Test func aPullRightAfterAPulledRefreshLandsIsHeard() async throws {
        let screen = InboxScreen()
        try await screen.loadFirstPage()
        await screen.pullToRefresh()
        let refresh = try await screen.nextLoad()
        screen.loader.answer(refresh, itemCount: 20, pageCount: 5)
        await screen.rig.settle()
        #expect(!screen.header.isRefreshing)
        screen.header.pull()
        let heard = await screen.loader.waitForLoads(count: 3)
        await screen.rig.mainQueue.turns(10)
        #expect(heard)
        screen.loader.answer(try #require(screen.loader.pending.first), itemCount: 20, pageCount: 5)
        await screen.rig.settle()
        screen.header.flush()
        #expect(!screen.header.isRefreshing)  // the pull's refresh ends the spinner
    }

    // MARK: The controls, as a user sees them

    /// TestingAViewController, "Drive the screen yourself": the MJRefresh doubles' turns.
    @Test func aPullOnTheMJRefreshHeaderDoubleNeedsItsTurnsAsTheArticleSays() async throws {
        let screen = InboxScreen()
        try await screen.loadFirstPage()
        let rig = screen.rig
        rig.header.pull()
        await rig.mainQueue.turns(3)  // the begin animation's two turns, and the library's re-check
        await rig.loader.waitForLoads(count: 2)
        rig.loader.answer(try #require(rig.loader.pending.first), itemCount: 3, pageCount: 2)
        await rig.settle()
        rig.header.flush()  // applies the queued endRefreshing() now
        #expect(!rig.header.isRefreshing)
        #expect(screen.viewModel.currentItems.count == 3)
    }

    @Test func coldLaunchWithoutSavedInboxShowsPageOneAndTheSpinnerStops() async throws {
        let screen = InboxScreen()
        screen.appear()
        #expect(screen.header.isRefreshing)  // the first load shows on the header
        #expect(screen.footer.isHidden)  // S2: no footer over an empty list
        let first = try await screen.nextLoad()
        await screen.answer(first, pageCount: 5)
        #expect(screen.viewModel.currentItems.count == 20)
        #expect(!screen.header.isRefreshing)
        #expect(!screen.footer.isHidden)
        #expect(screen.footer.state == .idle)
        // MJRefresh's late begin-animation callback never loads again.
        await screen.rig.mainQueue.turns(5)
        #expect(screen.loader.loads.count == 1)
    }

    @Test func theLastPageShowsNoMoreDataAndKeepsItWhenTheFooterIsHiddenAndShownAgain() async throws {
        let screen = InboxScreen()
        try await screen.loadFirstPage(pageCount: 2)
        await screen.scrollToBottom()
        #expect(screen.footer.isRefreshing)
        let more = try await screen.nextLoad()
        #expect(more.kind == .loadMore && more.page == 2)
        await screen.answer(more, pageCount: 2)
        #expect(screen.viewModel.currentItems.count == 40)
        #expect(screen.footer.state == .noMoreData(title: NotificationsInboxViewModel.noMoreTitle))
        // A pull on the header refreshes; the end of the list is reached again on page 1 of 1:
        // the footer must not be left idle by a late endRefreshing.
        await screen.pullToRefresh()
        let refresh = try await screen.nextLoad()
        #expect(refresh.kind == .refresh)
        await screen.answer(refresh, pageCount: 1)
        #expect(!screen.header.isRefreshing)
        #expect(screen.footer.state == .noMoreData(title: NotificationsInboxViewModel.noMoreTitle))
        // A refresh that comes back empty hides the footer (no rows), the next one shows it
        // again: an MJRefresh auto footer forgets the end of the list when hidden (D4).
        await screen.pullToRefresh()
        let empty = try await screen.nextLoad()
        _ = screen.loader.answer(empty, with: RefreshPage(items: [], curPage: 1, pageCount: 1))
        await screen.settle()
        #expect(screen.viewModel.currentItems.isEmpty)
        #expect(screen.footer.isHidden)
        await screen.pullToRefresh()
        let again = try await screen.nextLoad()
        await screen.answer(again, pageCount: 1)
        #expect(!screen.footer.isHidden)
        #expect(screen.footer.state == .noMoreData(title: NotificationsInboxViewModel.noMoreTitle))
        // And the user cannot load more from there.
        let loads = screen.loader.loads.count
        await screen.scrollToBottom()
        #expect(screen.loader.loads.count == loads)
    }

    // MARK: 1. Cold launch with a saved inbox

    /// A previous launch that loaded two pages and saved at the background.
    static func savedInbox(pageCount: Int = 5) async throws -> (data: Data, ids: [Int]) {
        let previous = InboxScreen()
        try await previous.loadFirstPage(pageCount: pageCount)
        await previous.scrollToBottom()
        let more = try await previous.nextLoad()
        await previous.answer(more, pageCount: pageCount)
        #expect(previous.viewModel.currentItems.count == 40)
        let data = try #require(previous.viewModel.savedData())
        if ProcessInfo.processInfo.environment["INBOX_PRINT_SNAPSHOT"] != nil {
            print("snapshot bytes:", data.count, String(decoding: data.prefix(600), as: UTF8.self))
        }
        return (data, previous.rowIDs)
    }

    @Test func coldLaunchShowsTheSavedRowsOnTheFirstFrameAndRefreshesBehindThem() async throws {
        let saved = try await Self.savedInbox()
        let screen = InboxScreen { viewModel in
            #expect(viewModel.restore(from: saved.data))
        }
        screen.appear()
        // First frame: the saved rows, reported to the table once as a reset, before any load.
        #expect(screen.rowIDs == saved.ids)
        #expect(screen.viewModel.updates.first?.change == .reset)
        #expect(screen.listView.placeholder == nil)
        #expect(!screen.footer.isHidden)
        // The refresh behind them, shown on the header.
        let refresh = try await screen.nextLoad()
        #expect(refresh.kind == .refresh && refresh.page == 1)
        #expect(screen.header.isRefreshing)
        #expect(screen.rowIDs == saved.ids)  // rows stay meanwhile (S3)
        await screen.answer(refresh, pageCount: 5)
        #expect(!screen.header.isRefreshing)
        #expect(screen.viewModel.currentItems.count == 20)  // a refresh replaces the list
        #expect(screen.viewModel.refreshStatus.age(of: 0) != nil)
        // The next load-more continues after the refreshed page.
        await screen.scrollToBottom()
        let more = try await screen.nextLoad()
        #expect(more.kind == .loadMore && more.page == 2)
    }

    @Test func coldLaunchOfflineKeepsTheSavedRowsAndLoadMoreContinuesFromTheSavedPages() async throws {
        let saved = try await Self.savedInbox()
        // The server's later pages carry notifications the saved inbox does not hold.
        let screen = InboxScreen(otherIDs: true) { viewModel in
            #expect(viewModel.restore(from: saved.data))
            viewModel.connectivityChanged(isOnline: false)
        }
        screen.appear()
        await screen.settle()
        #expect(screen.rowIDs == saved.ids)
        #expect(!screen.header.isRefreshing)
        #expect(screen.loader.loads.isEmpty)  // offline: the loader is not asked
        #expect(screen.listView.placeholder == nil)  // rows stay, no placeholder over them
        // Back online: the failed refresh runs again.
        screen.viewModel.connectivityChanged(isOnline: true)
        let refresh = try await screen.nextLoad()
        #expect(refresh.kind == .refresh && refresh.page == 1)
        screen.loader.fail(refresh)
        await screen.settle()
        #expect(screen.rowIDs == saved.ids)
        // The user scrolls on while the refresh failed: load-more asks for the page after the
        // saved ones, page 3.
        await screen.scrollToBottom()
        let more = try await screen.nextLoad()
        #expect(more.kind == .loadMore && more.page == 3)
        await screen.answer(more, pageCount: 5)
        #expect(screen.viewModel.currentItems.count == 60)
    }

    @Test func aLoadMoreDuringTheBackgroundRefreshOfARestoredInboxEndsTheFooter() async throws {
        let saved = try await Self.savedInbox()
        let screen = InboxScreen { viewModel in
            #expect(viewModel.restore(from: saved.data))
        }
        screen.appear()
        let refresh = try await screen.nextLoad()
        #expect(refresh.kind == .refresh)
        // The user is already at the bottom of the saved rows and scrolls: refreshWins, so the
        // load-more is refused; the footer must not spin forever.
        await screen.scrollToBottom()
        await screen.settle()
        #expect(screen.loader.loads.count == 1)
        #expect(!screen.footer.isRefreshing)
        await screen.answer(refresh, pageCount: 5)
        #expect(screen.footer.state == .idle)
    }

    @Test func aDamagedSavedFileLoadsAfresh() async throws {
        let screen = InboxScreen { viewModel in
            #expect(!viewModel.restore(from: Data("{\"not\": \"a snapshot\"}".utf8)))
        }
        screen.appear()
        let first = try await screen.nextLoad()
        #expect(first.kind == .refresh && first.page == 1)
        await screen.answer(first, pageCount: 5)
        #expect(screen.viewModel.currentItems.count == 20)
    }

    // MARK: 2. Background and foreground

    @Test func comingBackAfterTenMinutesRefreshesAStaleInboxButNotAfterTwo() async throws {
        let clock = TestClock()
        let screen = InboxScreen { $0.refreshStatus.setClock(clock) }
        try await screen.loadFirstPage()
        // Background (the inbox is saved), back two minutes later: fresh, nothing loads.
        _ = screen.viewModel.savedData()
        clock.advance(by: .seconds(120))
        #expect(!screen.viewModel.didEnterForeground())
        await screen.settle()
        #expect(screen.loader.loads.count == 1)
        #expect(!screen.header.isRefreshing)
        // Background again, back ten minutes (in all) later: stale, refreshes, shown on the header.
        clock.advance(by: .seconds(480))
        #expect(screen.viewModel.didEnterForeground())
        let refresh = try await screen.nextLoad()
        #expect(refresh.kind == .refresh && refresh.page == 1)
        #expect(screen.header.isRefreshing)
        await screen.answer(refresh, pageCount: 5)
        #expect(!screen.header.isRefreshing)
        #expect(screen.viewModel.refreshStatus.age(of: 0) == .zero)
        // A load-more does not make the inbox fresh: ten minutes later it is stale again.
        clock.advance(by: .seconds(290))
        await screen.scrollToBottom()
        let more = try await screen.nextLoad()
        await screen.answer(more, pageCount: 5)
        clock.advance(by: .seconds(20))
        #expect(screen.viewModel.didEnterForeground())
    }

    @Test func aRestoredInboxIsStaleOnItsFirstForeground() async throws {
        let saved = try await Self.savedInbox()
        let clock = TestClock()
        let screen = InboxScreen { viewModel in
            viewModel.refreshStatus.setClock(clock)
            #expect(viewModel.restore(from: saved.data))
        }
        #expect(screen.viewModel.refreshStatus.age(of: 0) == nil)
        screen.appear()
        let refresh = try await screen.nextLoad()
        // The background refresh is in flight: a foreground now never starts a second one.
        #expect(!screen.viewModel.didEnterForeground())
        await screen.answer(refresh, pageCount: 5)
        #expect(!screen.viewModel.didEnterForeground())
    }

    // MARK: 3. Offline

    @Test func scrollingToTheBottomOfflineShowsAnOfflineFooterAndRetriesOnceBackOnline() async throws {
        let screen = InboxScreen()
        try await screen.loadFirstPage()
        screen.viewModel.connectivityChanged(isOnline: false)
        await screen.scrollToBottom()
        await screen.settle()
        #expect(screen.loader.loads.count == 1)  // the loader was not asked
        guard case .failed(let message) = screen.footer.state else {
            Issue.record("the footer shows \(screen.footer.state), not the offline failure")
            return
        }
        #expect(screen.viewModel.refreshStatus[0].loadMoreFailure?.reason == .offline)
        #expect(!message.isEmpty)
        #expect(screen.viewModel.currentItems.count == 20)
        // Back online: the load-more retries by itself, and the footer shows it loading.
        screen.viewModel.connectivityChanged(isOnline: true)
        let more = try await screen.nextLoad()
        #expect(more.kind == .loadMore && more.page == 2)
        await screen.rig.mainQueue.turns(2)
        #expect(screen.footer.isRefreshing)
        await screen.answer(more, pageCount: 5)
        #expect(screen.viewModel.currentItems.count == 40)
        #expect(screen.footer.state == .idle)
    }

    @Test func aFailedRefreshAndAFailedLoadMoreBothRecoverWithOneRetry() async throws {
        let screen = InboxScreen()
        try await screen.loadFirstPage()
        // The load-more fails...
        await screen.scrollToBottom()
        let more = try await screen.nextLoad()
        screen.loader.fail(more, with: TestLoadError("The Internet connection appears to be offline."))
        await screen.settle()
        guard case .failed = screen.footer.state else {
            Issue.record("the footer shows \(screen.footer.state) after a failed load-more")
            return
        }
        // ...then the user pulls to refresh, which fails too.
        await screen.pullToRefresh()
        let refresh = try await screen.nextLoad()
        #expect(refresh.kind == .refresh)
        screen.loader.fail(refresh, with: TestLoadError("The Internet connection appears to be offline."))
        await screen.settle()
        #expect(!screen.header.isRefreshing)
        // A passing message over the rows for the refresh (the load-more's went to the footer, and
        // to a toast too: see aFailedLoadMoreShowsOnTheFooterNotAsAToast).
        #expect(screen.listView.messages.last?.request.kind == .refresh)
        #expect(screen.viewModel.currentItems.count == 20)
        // One Retry: the refresh runs again (rule R), and when it lands both ends are clear.
        #expect(screen.viewModel.retry())
        let retried = try await screen.nextLoad()
        #expect(retried.kind == .refresh && retried.page == 1)
        #expect(screen.header.isRefreshing)
        await screen.answer(retried, pageCount: 5)
        #expect(!screen.header.isRefreshing)
        #expect(screen.footer.state == .idle)
        #expect(screen.viewModel.refreshStatus[0].loadMoreFailure == nil)
        #expect(screen.viewModel.refreshStatus[0].failure == nil)
        // The footer loads page 2 again when the user scrolls.
        await screen.scrollToBottom()
        let next = try await screen.nextLoad()
        #expect(next.kind == .loadMore && next.page == 2)
    }

    @Test func aFailedLoadMoreShowsOnTheFooterAndAsAPassingMessage() async throws {
        let screen = InboxScreen()
        try await screen.loadFirstPage()
        await screen.scrollToBottom()
        let more = try await screen.nextLoad()
        screen.loader.fail(more)
        await screen.settle()
        guard case .failed = screen.footer.state else {
            Issue.record("the footer shows \(screen.footer.state)")
            return
        }
        // Rules, "Failures": with items, a failure shows a passing message; the footer shows it
        // too, through the statuses (DrivingControlsFromAViewModel.md).
        #expect(screen.listView.messages.count == 1)
    }

    @Test func scrollingOfflineShowsTheOfflineFailureAsAPassingMessage() async throws {
        let screen = InboxScreen()
        try await screen.loadFirstPage()
        screen.viewModel.connectivityChanged(isOnline: false)
        await screen.scrollToBottom()
        await screen.settle()
        #expect(screen.listView.messages.map(\.reason) == [.offline])
    }

    @Test func aFailedFirstLoadShowsAPlaceholderWhoseRetryLoadsPageOne() async throws {
        let screen = InboxScreen()
        screen.appear()
        let first = try await screen.nextLoad()
        screen.loader.fail(first)
        await screen.settle()
        #expect(!screen.header.isRefreshing)
        #expect(screen.listView.placeholder != nil)
        #expect(screen.footer.isHidden)
        #expect(screen.viewModel.retry())
        let again = try await screen.nextLoad()
        #expect(again.kind == .refresh && again.page == 1)
        #expect(screen.listView.placeholder == nil)
        await screen.answer(again, pageCount: 5)
        #expect(screen.viewModel.currentItems.count == 20)
    }

    @Test func pullingToRefreshOfflineStopsTheSpinnerAndKeepsTheRows() async throws {
        let screen = InboxScreen()
        try await screen.loadFirstPage()
        let before = screen.rowIDs
        screen.viewModel.connectivityChanged(isOnline: false)
        await screen.pullToRefresh()
        await screen.settle()
        #expect(screen.loader.loads.count == 1)
        #expect(!screen.header.isRefreshing)
        #expect(screen.rowIDs == before)
        #expect(screen.listView.messages.last?.reason == .offline)
        #expect(screen.footer.state == .idle)  // a failed refresh keeps the footer as it was (S4)
        // Back online: the refresh runs again by itself.
        screen.viewModel.connectivityChanged(isOnline: true)
        let refresh = try await screen.nextLoad()
        #expect(refresh.kind == .refresh)
    }

    @Test func comingBackOnlineWithNothingFailedLoadsNothing() async throws {
        let screen = InboxScreen()
        try await screen.loadFirstPage()
        screen.viewModel.connectivityChanged(isOnline: false)
        screen.viewModel.connectivityChanged(isOnline: true)
        await screen.settle()
        #expect(screen.loader.loads.count == 1)
    }

    @Test func aForegroundWhileOfflineRefreshesTheStaleInboxOnceBackOnline() async throws {
        let clock = TestClock()
        let screen = InboxScreen { $0.refreshStatus.setClock(clock) }
        try await screen.loadFirstPage()
        // The app comes back ten minutes later, in a tunnel: nothing can load.
        clock.advance(by: .seconds(600))
        screen.viewModel.connectivityChanged(isOnline: false)
        #expect(!screen.viewModel.didEnterForeground())
        await screen.settle()
        #expect(screen.loader.loads.count == 1)
        // Out of the tunnel a few seconds later: the inbox is still ten minutes old, and the
        // foreground's refresh runs now (refetch on reconnect), shown on the header.
        screen.viewModel.connectivityChanged(isOnline: true)
        let refresh = try await screen.nextLoad()
        #expect(refresh.kind == .refresh && refresh.page == 1)
        await screen.rig.mainQueue.turns(2)
        #expect(screen.header.isRefreshing)
        await screen.answer(refresh, pageCount: 5)
        #expect(!screen.header.isRefreshing)
        #expect(screen.viewModel.refreshStatus.age(of: 0) == .zero)
        // Once only: offline and online again, nothing more loads.
        screen.viewModel.connectivityChanged(isOnline: false)
        screen.viewModel.connectivityChanged(isOnline: true)
        await screen.settle()
        #expect(screen.loader.loads.count == 2)
    }

    @Test func aRefreshWhileOfflineLandingBeforeReconnectForgetsTheForegroundsRefresh() async throws {
        let clock = TestClock()
        let screen = InboxScreen { $0.refreshStatus.setClock(clock) }
        try await screen.loadFirstPage()
        clock.advance(by: .seconds(600))
        // A pull starts just before the tunnel; the foreground in the tunnel is refused.
        await screen.pullToRefresh()
        let pulled = try await screen.nextLoad()
        screen.viewModel.connectivityChanged(isOnline: false)
        #expect(!screen.viewModel.didEnterForeground())
        // The pull lands (the request had gone out): the inbox is fresh.
        await screen.answer(pulled, pageCount: 5)
        screen.viewModel.connectivityChanged(isOnline: true)
        await screen.settle()
        #expect(screen.loader.loads.count == 2)
    }

    @Test func aForegroundWhileOfflineOnAFreshInboxLoadsNothingOnReconnect() async throws {
        let clock = TestClock()
        let screen = InboxScreen { $0.refreshStatus.setClock(clock) }
        try await screen.loadFirstPage()
        clock.advance(by: .seconds(120))
        screen.viewModel.connectivityChanged(isOnline: false)
        #expect(!screen.viewModel.didEnterForeground())
        screen.viewModel.connectivityChanged(isOnline: true)
        await screen.settle()
        #expect(screen.loader.loads.count == 1)
    }

    @Test func aNewAccountWithNoNotificationsShowsAnEmptyInboxNotAnError() async throws {
        // Many servers page an empty result as page 1 of 0 (pageCount = ceil(0 / 20)).
        let screen = InboxScreen()
        screen.appear()
        let first = try await screen.nextLoad()
        _ = screen.loader.answer(first, with: RefreshPage(items: [], curPage: 1, pageCount: 0))
        await screen.settle()
        #expect(!screen.header.isRefreshing)
        #expect(screen.viewModel.currentItems.isEmpty)
        #expect(screen.footer.isHidden)
        #expect(screen.listView.placeholder == nil)
        #expect(screen.viewModel.refreshStatus[0].failure == nil)
    }

    @Test func anEmptyInboxWithoutPageCountIsEmptyNotAnError() async throws {
        let screen = InboxScreen()
        screen.appear()
        let first = try await screen.nextLoad()
        _ = screen.loader.answer(first, with: RefreshPage(items: [], curPage: 1, pageCount: 1))
        await screen.settle()
        #expect(screen.listView.placeholder == nil)
        #expect(screen.viewModel.refreshStatus[0].failure == nil)
        #expect(screen.viewModel.refreshStatus[0].noMoreData)
    }

    @Test func onTheRealMJRefreshFooterAnOfflineLoadMoreShowsItsFailure() async throws {
        // The screen as shipped: MJRefreshNormalHeader, MJRefreshAutoNormalFooter and the README's
        // adapter (Examples/Sources/RefreshableExamples/Adapters/MJRefresh+Refreshable.swift).
        let loader = TestPageLoader<InboxNotification>(makeItem: makeNotification)
        let viewModel = NotificationsInboxViewModel(service: LoaderInboxService(loader: loader))
        loader.watch(viewModel.refreshStatus)
        let list = TestListView()
        let controller = NotificationsInboxViewController(viewModel: viewModel, failureView: list)
        controller.loadViewIfNeeded()
        #expect(await loader.waitForLoads(count: 1))
        loader.answer(try #require(loader.pending.first), itemCount: 20, pageCount: 5)
        await loader.settle()
        let footer = try #require(controller.footer as? MJRefreshAutoNormalFooter)
        viewModel.connectivityChanged(isOnline: false)
        // The user scrolls to the bottom: the auto footer begins and calls its block.
        pullAsMJRefreshDoes(footer)
        await loader.settle()
        #expect(loader.loads.count == 1)
        #expect(viewModel.refreshStatus[0].loadMoreFailure?.reason == .offline)
        // The footer is back to idle, ready for the pull that retries, and the README's adapter
        // says why in its label, beside the passing message.
        await loader.settle()
        #expect(footer.state == .idle)
        #expect(
            footer.stateLabel?.text?.contains("offline") == true,
            "the footer says \(footer.stateLabel?.text ?? "nothing")")
        #expect(list.messages.last?.reason == .offline)
    }

    // MARK: 4. Marking read (an edit by id)

    @Test func markingReadDuringALoadMoreSurvivesThePage() async throws {
        let screen = InboxScreen()
        let firstPage = try await screen.loadFirstPage()
        await screen.scrollToBottom()
        let more = try await screen.nextLoad()
        let id = firstPage[3].id
        #expect(screen.viewModel.markRead(id: id))
        // The page brings that notification again (it moved down on the server), unread: it was
        // asked for before the tap, so it does not undo it.
        await screen.answer(more, pageCount: 5, copies: [firstPage[3]])
        let row = try #require(screen.viewModel.currentItems.first { $0.id == id })
        #expect(row.isRead)
        #expect(screen.viewModel.currentItems.filter { $0.id == id }.count == 1)
    }

    @Test func markingReadWhileARefreshIsInFlightStaysRead() async throws {
        let screen = InboxScreen()
        let firstPage = try await screen.loadFirstPage()
        await screen.pullToRefresh()
        let refresh = try await screen.nextLoad()
        let id = firstPage[0].id
        #expect(screen.viewModel.markRead(id: id))
        // The refresh's answer was made before the tap and brings the notification unread.
        await screen.answer(refresh, pageCount: 5, copies: [firstPage[0]])
        #expect(screen.viewModel.currentItems.first { $0.id == id }?.isRead == true)
        // A refresh asked for after the tap has the last word: the server says it is unread.
        await screen.pullToRefresh()
        let again = try await screen.nextLoad()
        await screen.answer(again, pageCount: 5, copies: [firstPage[0]])
        #expect(screen.viewModel.currentItems.first { $0.id == id }?.isRead == false)
    }

    @Test func markingReadSurvivesSavingAndRestoring() async throws {
        let screen = InboxScreen()
        let firstPage = try await screen.loadFirstPage()
        #expect(screen.viewModel.markRead(id: firstPage[5].id))
        let data = try #require(screen.viewModel.savedData())
        let next = InboxScreen { #expect($0.restore(from: data)) }
        next.appear()
        #expect(next.viewModel.currentItems.first { $0.id == firstPage[5].id }?.isRead == true)
    }

    @Test func tappingANotificationOnTheFirstFrameOfAColdLaunchKeepsItRead() async throws {
        // The common case of a refresh in flight: the saved rows show, the background refresh is
        // in flight, and the user taps the first notification at once.
        let saved = try await Self.savedInbox()
        let screen = InboxScreen { #expect($0.restore(from: saved.data)) }
        screen.appear()
        let refresh = try await screen.nextLoad()
        let id = saved.ids[0]
        #expect(screen.viewModel.markRead(id: id))
        // The server's page 1 still has it unread: the refresh was asked before the tap.
        let copy = TestItem(id: id, source: 0, page: 1, index: 0, response: 99)
        await screen.answer(refresh, pageCount: 5, copies: [copy])
        #expect(screen.viewModel.currentItems.first { $0.id == id }?.isRead == true)
    }

    @Test func loggingOutWhileOfflineShowsTheOfflinePlaceholderThenLoadsTheNewAccountOnline() async throws {
        let screen = InboxScreen()
        try await screen.loadFirstPage()
        screen.viewModel.connectivityChanged(isOnline: false)
        let newAccount = TestPageLoader<InboxNotification>(makeItem: makeOtherAccountNotification)
        newAccount.takesTurns(of: screen.rig.mainQueue)
        newAccount.watch(screen.viewModel.refreshStatus)
        screen.viewModel.switchAccount(to: LoaderInboxService(loader: newAccount))
        await screen.settle()
        #expect(screen.viewModel.currentItems.isEmpty)
        #expect(screen.listView.placeholder?.reason == .offline)
        #expect(!screen.header.isRefreshing)
        #expect(newAccount.loads.isEmpty)
        screen.viewModel.connectivityChanged(isOnline: true)
        let first = try await screen.nextLoad(newAccount)
        #expect(first.kind == .refresh && first.page == 1)
        #expect(screen.listView.placeholder == nil)
        newAccount.answer(first, itemCount: 20, pageCount: 2)
        await screen.settle()
        #expect(screen.viewModel.currentItems.count == 20)
    }

    // MARK: 5. A hostile server

    /// Loads page 1 of 5, asks for page 2, answers it with `page`; returns the failure shown.
    static func loadMoreAnswered(
        with page: (TestLoad, TestPageLoader<InboxNotification>) -> RefreshPage<InboxNotification>
    )
        async throws -> (screen: InboxScreen, before: [Int])
    {
        let screen = InboxScreen()
        try await screen.loadFirstPage()
        let before = screen.rowIDs
        await screen.scrollToBottom()
        let more = try await screen.nextLoad()
        #expect(more.page == 2)
        _ = screen.loader.answer(more, with: page(more, screen.loader))
        await screen.settle()
        return (screen, before)
    }

    static func freshItems(_ load: TestLoad, _ loader: TestPageLoader<InboxNotification>) -> [InboxNotification] {
        loader.makePage(for: load, itemCount: 20).page.items
    }

    @Test func aNegativePageCountIsRefusedTheRowsStayAndTheFooterSaysWhy() async throws {
        let (screen, before) = try await Self.loadMoreAnswered { load, loader in
            RefreshPage(items: Self.freshItems(load, loader), curPage: 2, pageCount: -3)
        }
        #expect(screen.rowIDs == before)
        #expect(
            screen.viewModel.refreshStatus[0].loadMoreFailure?.reason
                == .invalidResponse(.nonPositivePageCount(-3)))
        guard case .failed(let message) = screen.footer.state else {
            Issue.record("the footer shows \(screen.footer.state)")
            return
        }
        #expect(message.contains("pageCount"))
        // Retry asks for page 2 again (S9).
        #expect(screen.viewModel.retry())
        let again = try await screen.nextLoad()
        #expect(again.kind == .loadMore && again.page == 2)
    }

    @Test func curPageBeyondPageCountIsRefused() async throws {
        let (screen, before) = try await Self.loadMoreAnswered { load, loader in
            // The server says there is one page, and answers page 2.
            RefreshPage(items: Self.freshItems(load, loader), curPage: 2, pageCount: 1)
        }
        #expect(screen.rowIDs == before)
        #expect(
            screen.viewModel.refreshStatus[0].loadMoreFailure?.reason
                == .invalidResponse(.currentPageBeyondPageCount(curPage: 2, pageCount: 1)))
        guard case .failed = screen.footer.state else {
            Issue.record("the footer shows \(screen.footer.state)")
            return
        }
    }

    @Test func aDuplicatePageNumberIsRefused() async throws {
        // Asked for page 2, the server answers page 1 again.
        let (screen, before) = try await Self.loadMoreAnswered { load, loader in
            RefreshPage(items: Self.freshItems(load, loader), curPage: 1, pageCount: 5)
        }
        #expect(screen.rowIDs == before)
        #expect(
            screen.viewModel.refreshStatus[0].loadMoreFailure?.reason
                == .invalidResponse(.pageMismatch(requested: 2, received: 1)))
        guard case .failed = screen.footer.state else {
            Issue.record("the footer shows \(screen.footer.state)")
            return
        }
    }

    @Test func aPageOfDuplicateRowsShowsNoErrorUntilTheThirdInARow() async throws {
        // Page 2 carries page 1's notifications again, numbered 2: a duplicate page by content.
        let screen = InboxScreen()
        let firstPage = try await screen.loadFirstPage()
        let before = screen.rowIDs
        for attempt in 1...3 {
            await screen.scrollToBottom()
            let more = try await screen.nextLoad()
            // Offset paging: a page of rows held already still counts as loaded.
            #expect(more.page == 1 + attempt)
            await screen.answer(more, pageCount: 5, copies: firstPage)
            #expect(screen.rowIDs == before)
            if attempt < 3 {
                // No error yet: the footer is idle and the same page is asked again.
                #expect(screen.footer.state == .idle)
            } else {
                #expect(screen.viewModel.refreshStatus[0].loadMoreFailure?.reason == .noProgress)
                guard case .failed = screen.footer.state else {
                    Issue.record("the footer shows \(screen.footer.state)")
                    return
                }
            }
        }
    }

    @Test func aHostileRefreshKeepsTheRowsStopsTheSpinnerAndShowsAMessage() async throws {
        let screen = InboxScreen()
        try await screen.loadFirstPage()
        let before = screen.rowIDs
        await screen.pullToRefresh()
        let refresh = try await screen.nextLoad()
        _ = screen.loader.answer(
            refresh, with: RefreshPage(items: Self.freshItems(refresh, screen.loader), curPage: 1, pageCount: -1))
        await screen.settle()
        #expect(screen.rowIDs == before)
        #expect(!screen.header.isRefreshing)
        #expect(screen.footer.state == .idle)
        let message = try #require(screen.listView.messages.last)
        #expect(message.reason == .invalidResponse(.nonPositivePageCount(-1)))
        #expect(!screen.viewModel.refreshStatus.failureMessage(message).isEmpty)
    }

    // MARK: 6. Logout

    @Test func loggingOutReplacesTheInboxAndNoLateAnswerOfTheOldAccountLands() async throws {
        let screen = InboxScreen(cancellation: .ignoresCancellation)
        try await screen.loadFirstPage()
        let oldIDs = Set(screen.rowIDs)
        // A refresh and then the user logs out while it is in flight.
        await screen.pullToRefresh()
        let oldRefresh = try await screen.nextLoad()
        let newAccount = TestPageLoader<InboxNotification>(makeItem: makeOtherAccountNotification)
        newAccount.takesTurns(of: screen.rig.mainQueue)
        newAccount.watch(screen.viewModel.refreshStatus)
        screen.viewModel.switchAccount(to: LoaderInboxService(loader: newAccount))
        // At once: nothing of the old account on screen.
        #expect(screen.viewModel.currentItems.isEmpty)
        print("logout update:", screen.viewModel.updates.last.map { "\($0.change)" } ?? "none")
        // The new account's first page loads.
        let first = try await screen.nextLoad(newAccount)
        #expect(first.kind == .refresh && first.page == 1)
        #expect(screen.header.isRefreshing)
        // The old account's server answers late.
        _ = screen.loader.answer(oldRefresh, itemCount: 20, pageCount: 5)
        await screen.settle()
        #expect(screen.viewModel.currentItems.isEmpty)
        newAccount.answer(first, itemCount: 20, pageCount: 1)
        await newAccount.settle()
        await screen.settle()
        #expect(screen.viewModel.currentItems.count == 20)
        #expect(Set(screen.rowIDs).isDisjoint(with: oldIDs))
        #expect(!screen.header.isRefreshing)
        #expect(screen.footer.state == .noMoreData(title: NotificationsInboxViewModel.noMoreTitle))
        #expect(screen.viewModel.refreshStatus.age(of: 0) != nil)
    }

    @Test func loggingOutDuringALoadMoreDropsItsLateAnswerAndTheFooterStops() async throws {
        let screen = InboxScreen(cancellation: .ignoresCancellation)
        try await screen.loadFirstPage()
        await screen.scrollToBottom()
        let oldMore = try await screen.nextLoad()
        #expect(screen.footer.isRefreshing)
        let newAccount = TestPageLoader<InboxNotification>(makeItem: makeOtherAccountNotification)
        newAccount.takesTurns(of: screen.rig.mainQueue)
        newAccount.watch(screen.viewModel.refreshStatus)
        screen.viewModel.switchAccount(to: LoaderInboxService(loader: newAccount))
        let first = try await screen.nextLoad(newAccount)
        _ = screen.loader.answer(oldMore, itemCount: 20, pageCount: 5)
        await screen.settle()
        #expect(screen.viewModel.currentItems.isEmpty)
        #expect(!screen.footer.isRefreshing)
        newAccount.answer(first, itemCount: 20, pageCount: 3)
        await screen.settle()
        #expect(screen.viewModel.currentItems.count == 20)
        #expect(screen.footer.state == .idle)
        #expect(!screen.footer.isHidden)
    }
}
