import Refreshable

/// The scenarios for an adopter whose runtime retries failed loads on the rig's clock.
extension AdopterScenario {
    /// Longer than any wait a retry policy makes, so one advance of the clock ends it.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    private static var longerThanAnyWait: Duration { AdopterDriver<Adopter>.longerThanAnyRetryWait }

    /// Waits until a load of the adopter sleeps on the rig's clock; `false` when none does.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    private static func waitForRetryWait(_ t: ScenarioContext<Adopter>) async -> Bool {
        let clock = t.rig.clock
        return await t.rig.loader.waitUntil { clock.sleeperCount > 0 }
    }

    /// The mismatch when no load of `source` waits for its retry on the rig's clock: how many
    /// loads of it were asked for anyway.
    private static func noRetryWait(_ t: ScenarioContext<Adopter>, source: Int) -> ConformanceMismatch {
        .noRetryWait(source: source, askedAgain: t.driver.takeNewLoads().filter { $0.source == source }.count)
    }

    /// Ends the retry wait and expects the load asked again.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    private static func expectRetry(_ t: ScenarioContext<Adopter>, of load: TestLoad) async throws -> TestLoad {
        guard await waitForRetryWait(t) else {
            throw t.stop(.retry, noRetryWait(t, source: load.source))
        }
        t.rig.clock.advance(by: longerThanAnyWait)
        return try await t.expectLoad(source: load.source, page: load.page, kind: load.kind, .retry)
    }

    static var failureShownAfterLastRetry: AdopterScenario {
        AdopterScenario(.retry, "a failure shows only after the last retry", feature: .retry) { t in
            guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
            let s = t.adopter.currentIndex
            var load = try await t.appearAndExpectFirstLoad(source: s)
            for _ in 0..<(t.traits.retries ?? 0) {
                await t.failOnce(load)
                try t.expectLoading(source: s, true, .retry)
                try t.expectPlaceholder(shown: false, .retry)
                try t.expectHeader(refreshing: true, .retry)
                load = try await expectRetry(t, of: load)
            }
            await t.failOnce(load)
            try t.expectLoading(source: s, false, .retry)
            try t.expectPlaceholder(shown: true, .retry)
            try t.expectHeader(refreshing: false, .controlsLeaveRefreshing)
        }
    }

    static var refreshSupersedesRetry: AdopterScenario {
        AdopterScenario(.retry, "a refresh ends the wait of a load-more for its retry", feature: .retry) { t in
            guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            await t.answer(first, itemCount: t.fullPage)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .loadMoreAsksNextPage)
            await t.failOnce(more)
            guard await waitForRetryWait(t) else {
                throw t.stop(.retry, noRetryWait(t, source: s))
            }
            try t.expectNewMessages(0, .retry)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .oneLoadPerSource)
            t.rig.clock.advance(by: longerThanAnyWait)
            await t.driver.settle()
            try await t.expectNoLoad(.retry)
            let fresh = await t.answer(refresh, itemCount: t.fullPage)
            try t.expectItems(source: s, fresh, .retry)
            try t.expectNewMessages(0, .retry)
        }
    }

    static var retryNowRetriesAtOnce: AdopterScenario {
        AdopterScenario(.retry, "retryNow() asks again at once, without waiting", feature: .retry) { t in
            guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .loadMoreAsksNextPage)
            await t.failOnce(more)
            guard await waitForRetryWait(t) else {
                throw t.stop(.retry, noRetryWait(t, source: s))
            }
            t.driver.note("refreshStatus.retryNow()")
            t.adopter.refreshStatus.retryNow()
            await t.driver.settle()
            let retry = try await t.expectLoad(source: s, page: more.page, kind: .loadMore, .retry)
            let b = await t.answer(retry, itemCount: t.fullPage)
            try t.expectItems(source: s, a + b, .retry)
        }
    }

    static var goingOfflineEndsAWaitForARetry: AdopterScenario {
        AdopterScenario(
            .offline, "going offline shows the offline failure on a pull waiting for its retry; online, it asks again",
            feature: .retry
        ) { t in
            guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            await t.failOnce(refresh)
            guard await waitForRetryWait(t) else {
                throw t.stop(.retry, noRetryWait(t, source: s))
            }
            t.driver.perform(.setOnline(false))
            await t.driver.settle()
            try t.expectLoading(source: s, false, .offline)
            try t.expectHeader(refreshing: false, .offline)
            try t.expectItems(source: s, a, .offline)
            t.rig.clock.advance(by: longerThanAnyWait)
            await t.driver.settle()
            try await t.expectNoLoad(.offline)
            t.driver.perform(.setOnline(true))
            await t.driver.settle()
            let again = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .offline)
            let b = await t.answer(again, itemCount: t.fullPage)
            try t.expectItems(source: s, b, .offline)
        }
    }
}

extension ConformanceMismatch.Load {
    /// The load `load` asked for.
    init(_ load: TestLoad) {
        self.init(source: load.source, page: load.page, kind: load.kind)
    }
}
