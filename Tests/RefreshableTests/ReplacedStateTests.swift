import Refreshable
import RefreshableTesting
import Testing

/// A list model with three tabs over the kit's loader.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
private struct TabsRig {
    let loader = TestPageLoader<String> { "\($0)" }
    let model: RefreshListModel<String>

    init() {
        let loader = self.loader
        model = RefreshListModel(noMoreTitles: ["A", "B", "C"], policy: RefreshPolicy(pageSize: 3)) { request in
            try await loader.load(request)
        }
    }

    /// Answers the newest pending load with a full page, more to come, and lets it land.
    func answerNewest() async {
        guard let load = loader.pending.last else {
            Issue.record("no pending load")
            return
        }
        loader.answer(load, itemCount: 3, hasMore: true)
        await loader.settle()
    }

    /// Loads tab 1, then `tab`, and starts an awaited refresh there, as `.refreshable` does.
    /// - Returns: The task awaiting the refresh; the refresh is the loader's third load.
    func refreshing(tab: Int) async -> Task<Void, Never> {
        model.setUp()
        #expect(await loader.waitForLoads(count: 1))
        await answerNewest()
        model.switchSource(to: tab)
        #expect(await loader.waitForLoads(count: 2))
        await answerNewest()
        let model = self.model
        let refresh = Task { await model.refresh() }
        #expect(await loader.waitForLoads(count: 3))
        return refresh
    }
}

/// Replacing the state while the list is on screen: every load, waiter and index of the old state
/// ends cleanly, whatever its shape and from any front door, and the tab on screen loads again
/// (see the Rules article, "Replacing the state").
@MainActor
@Suite("Replacing the state", .timeLimit(.minutes(1)))
struct ReplacedStateTests {
    // MARK: Sources that go away

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func anAwaitedRefreshOfATabTheNewStateNoLongerHasReturns() async {
        let rig = TabsRig()
        let refreshing = await rig.refreshing(tab: 2)  // tab 3 of 3
        let tabThreeRefresh = rig.loader.loads[2]
        rig.model.switchSource(to: 0)
        rig.model.refreshStatus.sources = RefreshSources(noMoreTitles: ["Filtered"])  // a new filter, one tab
        await refreshing.value
        await rig.loader.settle()
        #expect(rig.loader.outcomes[tabThreeRefresh.id] == .cancelled)
        #expect(rig.model.isRefreshing, "the new filter's first page does not load")
        await rig.answerNewest()
        #expect(rig.model.items.count == 3)
        #expect(!rig.model.isRefreshing)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aModelOnATabTheNewStateNoLongerHasShowsItsFirstTab() async {
        let rig = TabsRig()
        let refreshing = await rig.refreshing(tab: 2)
        rig.model.refreshStatus.sources = RefreshSources(noMoreTitles: ["Filtered"])
        await refreshing.value
        #expect(rig.model.currentIndex == 0)
        #expect(rig.model.items.isEmpty)
        #expect(rig.model.isRefreshing)
        await rig.answerNewest()
        #expect(rig.model.items.count == 3)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func anAwaitedRefreshReturnsWhenAnEditedCopyReplacesItsTabAndAddsOne() async {
        let rig = TabsRig()
        let refreshing = await rig.refreshing(tab: 2)
        var edited = rig.model.refreshStatus.sources
        edited[2] = RefreshState(noMoreTitle: "C")
        edited.append(RefreshState(noMoreTitle: "D"))
        rig.model.refreshStatus.sources = edited
        await refreshing.value
        #expect(rig.model.refreshStatus.count == 4)
        #expect(rig.model.items.isEmpty)
        #expect(rig.model.isRefreshing, "the tab on screen does not load its first page again")
        rig.model.switchSource(to: 3)
        #expect(rig.model.isRefreshing, "the added tab does not load")
    }

    @Test func aCallbackListsRequestsOfTabsTheNewStateNoLongerHasAreCancelledAndDiscarded() {
        let list = CallbackList(titles: ["A", "B", "C"])
        list.setupRefreshHeader()
        list.answer(list.requests[0])
        list.switchSource(to: 2)
        list.answer(list.requests[1])
        list.refresh()
        let tabThreeRefresh = list.requests[2]
        list.switchSource(to: 0)
        list.refreshStatus.sources = RefreshSources(noMoreTitles: ["Filtered"])
        #expect(list.cancelled == [tabThreeRefresh])
        list.answer(tabThreeRefresh)  // the network answered before it saw the cancellation
        #expect(list.discarded == [tabThreeRefresh])
        #expect(list.refreshStatus[0].items.isEmpty, "the old tab's answer landed in the new state")
        #expect(list.requests.count == 4)
        #expect(list.requests.last?.source == 0)
        #expect(list.refreshStatus[0].isRefreshing, "the new filter's first page does not load")
    }

    @Test func aCallbackListOnATabTheNewStateNoLongerHasShowsItsFirstTab() {
        let list = CallbackList(titles: ["A", "B", "C"])
        list.setupRefreshHeader()
        list.answer(list.requests[0])
        list.switchSource(to: 2)
        list.refreshStatus.sources = RefreshSources(noMoreTitles: ["Filtered"])
        #expect(list.currentIndex == 0)
        #expect(list.requests.last?.source == 0)
        #expect(list.refreshStatus[0].isRefreshing)
    }

    @Test func anAsyncListsRetryOfATabTheNewStateNoLongerHasNeverRuns() async {
        let controller = AsyncController(titles: ["A", "B", "C"])
        let clock = TestClock()
        controller.refreshStatus.retry = RefreshRetry(maxRetries: 2, clock: clock)
        controller.setupRefreshHeader()
        await controller.waitForStart(count: 1)
        await controller.resolve(
            controller.loads.started[0], .success(RefreshPage(items: ["a", "b", "c"], hasMore: true)))
        controller.switchSource(to: 2)
        await controller.waitForStart(count: 2)
        let tabThreeLoad = controller.loads.started[1]
        controller.loads.resume(tabThreeLoad, with: .failure(ServerError(code: 503)))
        await clock.waitForSleepers(1)  // tab 3's first load waits for its retry
        controller.switchSource(to: 0)
        controller.refreshStatus.sources = RefreshSources(noMoreTitles: ["Filtered"])
        await controller.waitForStart(count: 3)
        #expect(controller.refreshStatus.retryNow() == false, "a retry of the old state ran")
        clock.advance(by: .seconds(60))
        await controller.loads.settle { controller.discarded.contains(tabThreeLoad) }
        #expect(controller.discarded == [tabThreeLoad])
        #expect(clock.sleeperCount == 0)
        #expect(controller.loads.started.map(\.source) == [0, 2, 0])
        #expect(controller.refreshStatus[0].isRefreshing)
    }

    @Test func aViewModelsControlsAreDrawnFromTheNewStateWhenTheTabItRefreshedIsGone() {
        let list = CallbackList(titles: ["A", "B", "C"], publishesStatuses: true)
        let header = TestHeaderControl()
        let footer = TestFooterControl()
        let subscription = list.output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        list.setupRefreshHeader()
        list.answer(list.requests[0])
        list.switchSource(to: 2)
        list.answer(list.requests[1])
        list.refresh()
        #expect(header.isRefreshing)
        list.switchSource(to: 0)
        #expect(!header.isRefreshing)
        list.refreshStatus.sources = RefreshSources(noMoreTitles: ["Filtered"])
        #expect(header.isRefreshing, "the new filter's first load is not shown")
        #expect(footer.isHidden)
        list.answer(list.requests[2])  // tab 3's late answer
        #expect(header.isRefreshing)
        list.answer(list.requests[3])
        #expect(!header.isRefreshing)
        #expect(!footer.isHidden)
        #expect(list.output.refreshStatus.appearance == RefreshAppearance(state: list.refreshStatus[0]))
        subscription.cancel()
    }

    // MARK: A way forward, whatever the old state was

    enum OldState: CaseIterable, Sendable {
        case loaded, loading, failedFirstLoad, cancelledFirstLoad, neverStarted
    }

    enum Replacement: CaseIterable, Sendable {
        /// The tab's state in an edited copy of the sources.
        case editedCopy
        /// A whole new value.
        case wholeValue
    }

    /// Puts tab B, on screen, in `old`: tab A loaded first.
    private func controllerOnTabB(_ old: OldState) -> SeedController {
        let controller = SeedController(titles: ["A", "B"])
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest)
        switch old {
        case .loaded:
            controller.switchSource(to: 1)
            controller.answer(controller.lastRequest)
        case .loading:
            controller.switchSource(to: 1)
        case .failedFirstLoad:
            controller.switchSource(to: 1)
            controller.answer(controller.lastRequest, error: ServerError(code: 503))
            #expect(controller.list.placeholder != nil)
        case .cancelledFirstLoad:
            controller.switchSource(to: 1)
            controller.cancelLoading()
        case .neverStarted:
            controller.currentIndex = 1
            controller.refreshFooter()
        }
        return controller
    }

    @Test(arguments: OldState.allCases, Replacement.allCases)
    func aFreshStateForTheTabOnScreenLoadsItsFirstPage(old: OldState, replacement: Replacement) async {
        let controller = controllerOnTabB(old)
        let asked = controller.requests.count
        switch replacement {
        case .editedCopy:
            var edited = controller.refreshStatus.sources
            edited[1] = RefreshState(noMoreTitle: "B")
            controller.refreshStatus.sources = edited
        case .wholeValue:
            controller.refreshStatus.sources = RefreshSources(noMoreTitles: ["A", "B"])
        }
        #expect(controller.requests.count == asked + 1, "nothing loads: a blank screen")
        #expect(controller.lastRequest.source == 1 && controller.lastRequest.isRefresh)
        await settle(controller.mainQueue)  // MJRefresh applies commands, and the library checks them, later
        #expect(controller.header.isRefreshing)
        #expect(controller.list.placeholder == nil)
        controller.answer(controller.lastRequest)
        #expect(controller.refreshStatus[1].items.count == 3)
        #expect(!controller.footer.isHidden)
    }

    @Test(arguments: [OldState.failedFirstLoad, .cancelledFirstLoad])
    func editingATabsEndOfListTextLoadsNothing(old: OldState) {
        let controller = controllerOnTabB(old)
        let asked = controller.requests.count
        let placeholder = controller.list.placeholder
        var edited = controller.refreshStatus.sources
        edited[1].noMoreTitle = "The end of B"
        controller.refreshStatus.sources = edited
        #expect(controller.requests.count == asked, "an edit that replaced nothing loaded")
        #expect(controller.list.placeholder == placeholder)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aListModelWhoseFirstLoadFailedLoadsAFreshStatePutInForIt() async {
        let rig = TabsRig()
        rig.model.setUp()
        #expect(await rig.loader.waitForLoads(count: 1))
        if let load = rig.loader.pending.last {
            rig.loader.fail(load, with: TestLoadError("offline"))
        }
        await rig.loader.settle()
        #expect(rig.model.placeholder != nil)
        var edited = rig.model.refreshStatus.sources
        edited[0] = RefreshState(noMoreTitle: "A")
        rig.model.refreshStatus.sources = edited
        #expect(rig.model.placeholder == nil)
        #expect(rig.model.isRefreshing, "the placeholder hid and nothing loads")
        #expect(await rig.loader.waitForLoads(count: 2))
    }

    /// The placeholder's retry of a tab the new state no longer has does nothing: its failure is
    /// no longer shown.
    @Test func aPlaceholderRetryTappedAfterItsTabWentAwayLoadsNothing() throws {
        let controller = SeedController(titles: ["A", "B", "C"])
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest)
        controller.switchSource(to: 2)
        controller.answer(controller.lastRequest, error: ServerError(code: 503))
        let retry = try #require(controller.list.retry)
        controller.switchSource(to: 0)
        controller.refreshStatus.sources = RefreshSources(noMoreTitles: ["Filtered"])
        let asked = controller.requests.count
        retry()
        #expect(controller.requests.count == asked)
    }
}
