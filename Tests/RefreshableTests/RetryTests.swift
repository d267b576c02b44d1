import Refreshable
import RefreshableTesting
import Testing

/// A list model over the kit's loader whose retries wait on a clock the test advances.
@MainActor
private struct RetryRig {
    let loader = TestPageLoader<String> { "\($0)" }
    let clock = TestClock()
    let model: RefreshListModel<String>

    init(maxRetries: Int = 2) {
        let loader = self.loader
        model = RefreshListModel(noMoreTitles: ["No more"], policy: RefreshPolicy(pageSize: 3)) { request in
            try await loader.load(request)
        }
        model.refreshStatus.retry = RefreshRetry(
            maxRetries: maxRetries,
            initialDelay: .seconds(1),
            maxDelay: .seconds(30),
            clock: clock
        )
    }

    /// Sets the model up and answers its first page with a full page.
    func loadFirstPage() async {
        model.setUp()
        #expect(await loader.waitForLoads(count: 1))
        loader.answer(loader.pending[0], itemCount: 3, hasMore: true)
        await loader.settle()
    }

    /// Fails the newest pending load and waits until the runtime sleeps on the clock for its retry.
    func failAndWaitForRetry() async {
        guard let load = loader.pending.last else {
            Issue.record("no pending load")
            return
        }
        loader.fail(load)
        await clock.waitForSleepers(1)
    }

    /// Advances the clock by `seconds` and waits until the loader holds `count` loads in all.
    func advance(seconds: Int, untilLoads count: Int) async {
        clock.advance(by: .seconds(seconds))
        #expect(await loader.waitForLoads(count: count), "no retry after \(seconds) s")
    }
}

@MainActor
@Suite("Retrying failed loads", .timeLimit(.minutes(1)))
struct RetryTests {
    @Test func aFailedLoadIsAskedAgainAfterEachWaitAndOnlyTheLastFailureIsShown() async {
        let rig = RetryRig(maxRetries: 2)
        rig.model.setUp()
        #expect(await rig.loader.waitForLoads(count: 1))
        await rig.failAndWaitForRetry()
        #expect(rig.model.failure == nil, "a failure was shown before the last attempt")
        #expect(rig.model.isRefreshing, "the header stopped while a retry waits")
        await rig.advance(seconds: 1, untilLoads: 2)
        await rig.failAndWaitForRetry()
        #expect(rig.model.failure == nil)
        // The second wait is twice the first: one second is not enough.
        rig.clock.advance(by: .seconds(1))
        #expect(rig.loader.pending.isEmpty)
        await rig.advance(seconds: 1, untilLoads: 3)
        rig.loader.fail(rig.loader.pending[0])
        await rig.loader.settle()
        #expect(rig.clock.sleeperCount == 0, "a third retry was scheduled though maxRetries is 2")
        #expect(rig.model.failure != nil)
        #expect(!rig.model.isRefreshing)
    }

    @Test func aRetryThatSucceedsAppliesItsPageAndShowsNoFailure() async {
        let rig = RetryRig()
        rig.model.setUp()
        #expect(await rig.loader.waitForLoads(count: 1))
        await rig.failAndWaitForRetry()
        await rig.advance(seconds: 1, untilLoads: 2)
        rig.loader.answer(rig.loader.pending[0], itemCount: 3, hasMore: true)
        await rig.loader.settle()
        #expect(rig.model.items.count == 3)
        #expect(rig.model.failure == nil)
        #expect(rig.loader.loads.allSatisfy { $0.request?.page == 1 })
    }

    @Test func aRefreshDuringALoadMoresWaitSupersedesItsRetry() async {
        let rig = RetryRig()
        await rig.loadFirstPage()
        rig.model.loadMore()
        #expect(await rig.loader.waitForLoads(count: 2))
        await rig.failAndWaitForRetry()
        #expect(rig.model.isLoadingMore, "the footer stopped while a retry waits")
        async let refreshed: Void = rig.model.refresh()
        #expect(await rig.loader.waitForLoads(count: 3))
        #expect(rig.clock.sleeperCount == 0, "the superseded retry still waits")
        rig.loader.answer(rig.loader.pending[0], itemCount: 2, hasMore: false)
        await refreshed
        rig.clock.advance(by: .seconds(60))
        await rig.loader.settle()
        #expect(rig.loader.loads.count == 3, "the superseded load-more asked again")
        #expect(rig.model.items.count == 2)
        #expect(rig.model.failure == nil)
        #expect(rig.model.noMoreText == "No more")
    }

    @Test func replacingTheStateEndsTheWaitWithoutARetry() async {
        let rig = RetryRig()
        rig.model.setUp()
        #expect(await rig.loader.waitForLoads(count: 1))
        await rig.failAndWaitForRetry()
        rig.model.refreshStatus.sources = RefreshSources(noMoreTitles: ["Another account"])
        #expect(await rig.loader.waitForLoads(count: 2), "the new state did not load its first page")
        #expect(rig.clock.sleeperCount == 0, "the old state's retry still waits")
        rig.clock.advance(by: .seconds(60))
        await rig.loader.settle()
        #expect(rig.loader.loads.count == 2, "the old state's load was asked again")
    }

    @Test func retryNowEndsTheWaitAtOnceAndCountsTheAttempt() async {
        let rig = RetryRig(maxRetries: 1)
        rig.model.setUp()
        #expect(await rig.loader.waitForLoads(count: 1))
        await rig.failAndWaitForRetry()
        #expect(rig.model.refreshStatus.retryNow())
        #expect(await rig.loader.waitForLoads(count: 2), "retryNow() did not ask again")
        rig.loader.fail(rig.loader.pending[0])
        await rig.loader.settle()
        #expect(rig.clock.sleeperCount == 0, "retryNow() did not count as a retry")
        #expect(rig.model.failure != nil)
    }

    @Test func retryNowJustAsAWaitEndsAsksOnce() async {
        let rig = RetryRig(maxRetries: 2)
        rig.model.setUp()
        #expect(await rig.loader.waitForLoads(count: 1))
        await rig.failAndWaitForRetry()
        // The wait ends, and before its task runs again the network comes back.
        rig.clock.advance(by: .seconds(60))
        #expect(rig.model.refreshStatus.retryNow())
        await rig.loader.settle()
        #expect(rig.loader.loads.count == 2, "the retry was asked twice: by retryNow() and by the wait that ended")
    }

    @Test func retryNowAfterTheLastFailureLoadsTheFailedPageAgain() async {
        let rig = RetryRig(maxRetries: 0)
        rig.model.setUp()
        #expect(await rig.loader.waitForLoads(count: 1))
        rig.loader.fail(rig.loader.pending[0])
        await rig.loader.settle()
        #expect(rig.model.failure != nil)
        #expect(rig.model.refreshStatus.retryNow())
        #expect(await rig.loader.waitForLoads(count: 2))
        #expect(rig.loader.pending.map(\.request?.kind) == [.refresh])
    }

    @Test func retryNowWithNothingFailedStartsNothing() async {
        let rig = RetryRig()
        await rig.loadFirstPage()
        #expect(!rig.model.refreshStatus.retryNow())
        await rig.loader.settle()
        #expect(rig.loader.loads.count == 1)
    }

    @Test func theBackoffDoublesUpToItsCapAndNeverOverflows() {
        let first = Duration.seconds(1)
        let cap = Duration.seconds(30)
        let delays = (0..<7).map { RefreshRetry.delay(beforeRetry: $0, initialDelay: first, maxDelay: cap) }
        #expect(delays == [1, 2, 4, 8, 16, 30, 30].map { Duration.seconds($0) })
        #expect(RefreshRetry.delay(beforeRetry: .max, initialDelay: first, maxDelay: cap) == cap)
        let huge = Duration.seconds(Int64.max)
        #expect(RefreshRetry.delay(beforeRetry: .max, initialDelay: .nanoseconds(1), maxDelay: huge) == huge)
        #expect(RefreshRetry.delay(beforeRetry: .max, initialDelay: .zero, maxDelay: cap) == .zero)
    }

    @Test func aNegativeRetryCountStopsWithAMessage() async {
        await #expect(processExitsWith: .failure) {
            _ = RefreshRetry(maxRetries: -1)
        }
    }
}
