import Refreshable
import RefreshableTesting
import Testing

/// When each source last refreshed, on a clock the test advances, and refreshing a list that is
/// older than the app allows, as an app does on returning to the foreground.
@MainActor
@Suite("Refreshing a stale list", .timeLimit(.minutes(1)))
struct StalenessTests {
    private let fiveMinutes = Duration.seconds(5 * 60)

    private func model(_ loader: TestPageLoader<String>, clock: TestClock) -> RefreshListModel<String> {
        let model = makeListModel(loader)
        model.refreshStatus.setClock(clock)
        return model
    }

    /// The issue's report: an app could not say "refresh on return to the foreground if older than
    /// five minutes".
    @Test func aListOlderThanFiveMinutesRefreshesOnReturnAndAYoungerOneDoesNot() async {
        let loader = TestPageLoader<String>()
        let clock = TestClock()
        let model = model(loader, clock: clock)
        await model.loadFirstPage(from: loader)
        #expect(model.refreshStatus.age(of: 0) == .zero)

        clock.advance(by: .seconds(4 * 60))
        #expect(model.refreshStatus.age(of: 0) == .seconds(4 * 60))
        #expect(!model.refreshIfStale(olderThan: fiveMinutes), "a list four minutes old refreshed")
        await loader.settle()
        #expect(loader.loads.count == 1)

        clock.advance(by: .seconds(60))
        #expect(model.refreshIfStale(olderThan: fiveMinutes))
        #expect(await loader.waitForLoads(count: 2))
        #expect(loader.pendingRequests.map(\.kind) == [.refresh])
        loader.answer(loader.pending[0], itemCount: 2, hasMore: true)
        await loader.settle()
        #expect(model.refreshStatus.age(of: 0) == .zero, "the refresh did not make the list fresh")
        #expect(!model.refreshIfStale(olderThan: fiveMinutes))
    }

    @Test func aLoadMoreLeavesTheAgeAsItWas() async {
        let loader = TestPageLoader<String>()
        let clock = TestClock()
        let model = model(loader, clock: clock)
        await model.loadFirstPage(from: loader)
        clock.advance(by: .seconds(6 * 60))
        model.loadMore()
        #expect(await loader.waitForLoads(count: 2))
        loader.answer(loader.pending[0], itemCount: 2, hasMore: true)
        await loader.settle()
        #expect(model.refreshStatus.age(of: 0) == .seconds(6 * 60))
        #expect(model.refreshIfStale(olderThan: fiveMinutes))
    }

    @Test func aListNeverLoadedCountsAsStale() async {
        let loader = TestPageLoader<String>()
        let model = model(loader, clock: TestClock())
        #expect(model.refreshStatus.age(of: 0) == nil)
        #expect(model.refreshIfStale(olderThan: fiveMinutes))
        #expect(await loader.waitForLoads(count: 1))
        model.setUp()
        await loader.settle()
        #expect(loader.loads.count == 1, "setting up loaded the first page a second time")
    }

    @Test func aLoadInFlightIsNotInterrupted() async {
        let loader = TestPageLoader<String>()
        let clock = TestClock()
        let model = model(loader, clock: clock)
        await model.loadFirstPage(from: loader)
        clock.advance(by: .seconds(10 * 60))
        model.loadMore()
        #expect(await loader.waitForLoads(count: 2))
        #expect(!model.refreshIfStale(olderThan: fiveMinutes))
        await loader.settle()
        #expect(loader.pending.map(\.kind) == [.loadMore], "the stale refresh superseded the load-more")
    }

    @Test func aFailedRefreshLeavesTheListStale() async {
        let loader = TestPageLoader<String>()
        let clock = TestClock()
        let model = model(loader, clock: clock)
        await model.loadFirstPage(from: loader)
        clock.advance(by: .seconds(6 * 60))
        #expect(model.refreshIfStale(olderThan: fiveMinutes))
        #expect(await loader.waitForLoads(count: 2))
        loader.fail(loader.pending[0])
        await loader.settle()
        #expect(model.refreshStatus.age(of: 0) == .seconds(6 * 60))
        #expect(model.refreshIfStale(olderThan: fiveMinutes))
    }

    @Test func aReplacedStateIsStale() async {
        let loader = TestPageLoader<String>()
        let model = model(loader, clock: TestClock())
        await model.loadFirstPage(from: loader)
        model.refreshStatus.sources = RefreshSources(noMoreTitles: ["Another account"])
        #expect(model.refreshStatus.age(of: 0) == nil)
    }

    @Test func aControllerRefreshesWhenStaleThroughItsRuntimesClock() {
        let clock = TestClock()
        let list = CallbackList()
        list.refreshStatus.setClock(clock)
        list.setupRefreshHeader()
        list.answer(list.requests[0])
        clock.advance(by: .seconds(30))
        #expect(!list.refreshIfStale(olderThan: .seconds(60)))
        clock.advance(by: .seconds(30))
        #expect(list.refreshIfStale(olderThan: .seconds(60)))
        #expect(list.requests.map(\.kind) == [.refresh, .refresh])
    }
}
