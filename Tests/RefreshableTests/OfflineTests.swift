import Refreshable
import RefreshableTesting
import Testing

/// The app tells the list it is offline or online: loads started offline fail at once without
/// asking the loader, retries wait while offline and run at once on reconnect.
@MainActor
@Suite("Offline and online", .timeLimit(.minutes(1)))
struct OfflineTests {
    private func model(
        _ loader: TestPageLoader<String>, clock: TestClock? = nil, maxRetries: Int = 3
    ) -> RefreshListModel<String> {
        let model = makeListModel(loader)
        if let clock {
            model.refreshStatus.retry = RefreshRetry(
                maxRetries: maxRetries, initialDelay: .seconds(1), maxDelay: .seconds(30), clock: clock)
        }
        return model
    }

    /// The report: retries kept waiting and firing while the app knew it was offline.
    /// Now nothing waits offline: the load-more shows the offline failure, and reconnecting asks
    /// again at once.
    @Test func aLoadMoreWaitingForItsRetryFailsOfflineAndRunsAtOnceOnReconnect() async {
        let loader = TestPageLoader<String>()
        let clock = TestClock()
        let model = model(loader, clock: clock)
        await model.loadFirstPage(from: loader)
        model.loadMore()
        #expect(await loader.waitForLoads(count: 2))
        loader.fail(loader.pending[0])
        await clock.waitForSleepers(1)
        model.setOnline(false)
        #expect(model.isOffline)
        #expect(!model.isLoadingMore, "the load-more kept waiting for its retry while offline")
        #expect(model.loadMoreFailure?.reason == .offline)
        for _ in 0..<4 {
            clock.advance(by: .seconds(60))
            await loader.settle()
        }
        #expect(loader.loads.count == 2, "a retry fired while the app said it was offline")

        model.setOnline(true)
        #expect(await loader.waitForLoads(count: 3), "reconnecting did not ask again at once")
        #expect(loader.pendingRequests.map(\.kind) == [.loadMore])
        loader.answer(loader.pending[0], itemCount: 2, hasMore: true)
        await loader.settle()
        #expect(model.items.count == 4)
    }

    /// The report: a pull whose load failed and waited for its retry spun with no message
    /// for an hour offline, where a pull made offline failed at once with "You are offline".
    @Test func aPullWaitingForItsRetryShowsTheOfflineFailureWhenTheListGoesOffline() async {
        let loader = TestPageLoader<String>()
        let clock = TestClock()
        let model = model(loader, clock: clock)
        await model.loadFirstPage(from: loader)
        let pull = Pull(model)
        #expect(await loader.waitForLoads(count: 2))
        loader.fail(loader.pending[0])
        await clock.waitForSleepers(1)
        #expect(model.isRefreshing)

        model.setOnline(false)
        #expect(!model.isRefreshing, "the pull kept spinning offline")
        #expect(model.failure?.reason == .offline)
        #expect(model.failure?.message == "You are offline.")
        #expect(await pull.returns(), "the pull's refresh() did not return")
        clock.advance(by: .seconds(3600))
        await loader.settle()
        #expect(loader.loads.count == 2, "the pull asked the server while offline")

        model.setOnline(true)
        #expect(await loader.waitForLoads(count: 3), "reconnecting did not run the pull's retry")
        #expect(loader.pendingRequests.map(\.kind) == [.refresh])
    }

    /// The report: a tab opened offline still said "You are offline" after reconnecting,
    /// until the user tapped Retry; reconnecting retried only the tab on screen.
    @Test func reconnectingAsksAgainForWhatFailedInEveryTab() async {
        let loader = TestPageLoader<String>()
        let model = RefreshListModel<String>(noMoreTitles: ["A", "B"], policy: RefreshPolicy(pageSize: 2)) {
            try await loader.load($0)
        }
        await model.loadFirstPage(from: loader)
        model.setOnline(false)
        model.switchSource(to: 1)
        #expect(model.placeholder?.reason == .offline)
        model.switchSource(to: 0)
        model.loadMore()
        #expect(model.loadMoreFailure?.reason == .offline)
        #expect(loader.loads.count == 1)

        model.setOnline(true)
        #expect(await loader.waitForLoads(count: 3), "reconnecting did not ask again for every tab")
        let asked = loader.pendingRequests.map { "\($0.source) \($0.kind)" }.sorted()
        #expect(asked == ["0 loadMore", "1 refresh"])
        for load in loader.pending where load.source == 1 {
            loader.answer(load, itemCount: 2, hasMore: false)
        }
        await loader.settle()
        model.switchSource(to: 1)
        #expect(model.placeholder == nil)
        #expect(model.items.count == 2)
    }

    @Test func aTabWhoseFirstLoadFailedLoadsAgainWhenShownAgain() async {
        let loader = TestPageLoader<String>()
        let model = RefreshListModel<String>(noMoreTitles: ["A", "B"], policy: RefreshPolicy(pageSize: 2)) {
            try await loader.load($0)
        }
        await model.loadFirstPage(from: loader)
        model.switchSource(to: 1)
        #expect(await loader.waitForLoads(count: 2))
        loader.fail(loader.pending[0])
        await loader.settle()
        #expect(model.placeholder != nil)
        model.switchSource(to: 0)
        model.switchSource(to: 1)
        #expect(await loader.waitForLoads(count: 3), "the tab shown again kept its failed first load")
        #expect(loader.pendingRequests.map { "\($0.source) \($0.kind)" } == ["1 refresh"])
    }

    @Test func aLoadStartedOfflineFailsAtOnceWithoutAskingTheLoaderAndKeepsTheItems() async {
        let loader = TestPageLoader<String>()
        let model = model(loader)
        await model.loadFirstPage(from: loader)
        let items = model.items
        model.setOnline(false)
        model.loadMore()
        await loader.settle()
        #expect(loader.loads.count == 1, "the loader was asked while offline")
        #expect(model.refreshStatus[0].loadMoreFailure?.reason == .offline)
        #expect(model.failure?.message == "You are offline.")
        #expect(!model.isLoadingMore)
        #expect(model.items == items)
        await model.refresh()
        #expect(model.failure?.reason == .offline)
        #expect(model.items == items)
        #expect(loader.loads.count == 1)
    }

    @Test func aFirstAppearanceOfflineShowsThePlaceholderAndReconnectingLoads() async {
        let loader = TestPageLoader<String>()
        let model = model(loader)
        model.setOnline(false)
        model.setUp()
        await loader.settle()
        #expect(model.placeholder?.reason == .offline)
        #expect(loader.loads.isEmpty)
        model.setOnline(true)
        #expect(await loader.waitForLoads(count: 1))
        loader.answer(loader.pending[0], itemCount: 2, hasMore: true)
        await loader.settle()
        #expect(model.placeholder == nil)
        #expect(model.items.count == 2)
    }

    @Test func aLoadInFlightGoesOnWhenTheListGoesOffline() async {
        let loader = TestPageLoader<String>()
        let model = model(loader)
        await model.loadFirstPage(from: loader)
        model.loadMore()
        #expect(await loader.waitForLoads(count: 2))
        model.setOnline(false)
        loader.answer(loader.pending[0], itemCount: 2, hasMore: true)
        await loader.settle()
        #expect(model.items.count == 4)
    }

    @Test func retryNowWhileOfflineAsksNobody() async {
        let loader = TestPageLoader<String>()
        let clock = TestClock()
        let model = model(loader, clock: clock)
        model.setUp()
        #expect(await loader.waitForLoads(count: 1))
        loader.fail(loader.pending[0])
        await clock.waitForSleepers(1)
        model.setOnline(false)
        #expect(model.placeholder?.reason == .offline)
        model.refreshStatus.retryNow()
        await loader.settle()
        #expect(loader.loads.count == 1, "retryNow() asked the loader while offline")
        #expect(model.placeholder?.reason == .offline)
    }

    /// From a port of a chat screen: each time the last row came on screen again offline, the
    /// model started a load that failed at once, a new failure (and alert) per scroll.
    @Test func rowsComingOnScreenAgainOfflineDoNotFailAgain() async throws {
        let loader = TestPageLoader<String>()
        let model = model(loader)
        await model.loadFirstPage(from: loader)
        model.setOnline(false)
        model.itemDidAppear(at: 1)
        let failure = try #require(model.refreshStatus[0].loadMoreFailure)
        #expect(failure.reason == .offline)
        for _ in 0..<3 {
            model.itemDidDisappear(at: 1)
            model.itemDidAppear(at: 1)
        }
        #expect(model.refreshStatus[0].loadMoreFailure == failure, "a row coming on screen failed again offline")
        model.setOnline(true)
        model.itemDidDisappear(at: 1)
        model.itemDidAppear(at: 1)
        #expect(await loader.waitForLoads(count: 2), "back online, the last row did not load more")
    }

    @Test func aStaleListDoesNotRefreshOffline() async {
        let loader = TestPageLoader<String>()
        let model = model(loader)
        await model.loadFirstPage(from: loader)
        model.setOnline(false)
        #expect(!model.refreshIfStale(olderThan: .zero))
        #expect(model.failure == nil)
    }

    /// The inbox review's report: back after ten minutes, in a tunnel, the stale list stayed stale
    /// after the network came back, until the next foreground.
    @Test func aStaleListRefusedOfflineRefreshesOnReconnect() async {
        let loader = TestPageLoader<String>()
        let model = model(loader)
        await model.loadFirstPage(from: loader)
        model.setOnline(false)
        #expect(!model.refreshIfStale(olderThan: .zero))
        model.setOnline(true)
        #expect(await loader.waitForLoads(count: 2), "the stale list did not refresh on reconnect")
        #expect(loader.pendingRequests.map(\.kind) == [.refresh])
        loader.answer(loader.pending[0], itemCount: 2, hasMore: false)
        await loader.settle()
        model.setOnline(false)
        model.setOnline(true)
        await loader.settle()
        #expect(loader.loads.count == 2, "a remembered refreshIfStale ran twice")
    }

    @Test func aFreshListRefusedOfflineLoadsNothingOnReconnect() async {
        let loader = TestPageLoader<String>()
        let model = model(loader)
        await model.loadFirstPage(from: loader)
        model.setOnline(false)
        #expect(!model.refreshIfStale(olderThan: .seconds(3600)))
        model.setOnline(true)
        await loader.settle()
        #expect(loader.loads.count == 1)
    }

    @Test func aCallbackStyleAdopterRefreshesAStaleListOnReconnect() {
        let list = CallbackList.loaded()
        list.setOnline(false)
        #expect(!list.refreshIfStale(olderThan: .zero))
        #expect(list.requests.count == 1)
        list.setOnline(true)
        #expect(list.requests.map(\.kind) == [.refresh, .refresh])
    }

    @Test func aCallbackStyleAdopterIsNotAskedWhileOffline() {
        let list = CallbackList.loaded()
        list.setOnline(false)
        list.loadMore()
        list.refresh()
        #expect(list.requests.count == 1)
        #expect(list.refreshStatus[0].failure?.reason == .offline)
        #expect(list.refreshStatus[0].items.count == 3)
        list.setOnline(true)
        #expect(list.requests.map(\.kind) == [.refresh, .refresh])
    }
}
