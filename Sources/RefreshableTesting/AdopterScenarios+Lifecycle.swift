import Refreshable

/// The scenarios of the app's lifecycle: returning to the foreground (rule ST), going offline and
/// online again (rule O).
extension AdopterScenario {
    /// `refreshIfStale(olderThan:)` with `minutes`, as an app does on returning to the foreground.
    private static func returnToForeground(_ t: ScenarioContext<Adopter>, olderThan minutes: Int) async {
        t.driver.perform(.refreshIfStale(minutes: minutes))
        await t.driver.settle()
    }

    static var staleListRefreshesOnReturn: AdopterScenario {
        AdopterScenario(.staleness, "a list refreshes on return to the foreground once it is older than asked") { t in
            guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
            let clock = TestClock()
            t.driver.note("refreshStatus.setClock(clock)")
            t.adopter.refreshStatus.setClock(clock)
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            await t.answerOpen(first)
            t.driver.note("4 min pass")
            clock.advance(by: .seconds(4 * 60))
            await returnToForeground(t, olderThan: 5)
            try await t.expectNoLoad(.staleness)
            t.driver.note("1 min passes")
            clock.advance(by: .seconds(60))
            await returnToForeground(t, olderThan: 5)
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .staleness)
            await t.answerOpen(refresh)
            await returnToForeground(t, olderThan: 5)
            try await t.expectNoLoad(.staleness)
        }
    }

    /// `setOnline(_:)`, as an app does when the network goes or comes back.
    private static func setOnline(_ t: ScenarioContext<Adopter>, _ online: Bool) async {
        t.driver.perform(.setOnline(online))
        await t.driver.settle()
    }

    static var offlineLoadsFailAtOnce: AdopterScenario {
        AdopterScenario(.offline, "offline, a load fails at once and keeps the items; online, it loads again") { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answerOpen(first)
            await setOnline(t, false)
            await t.loadMore()
            try await t.expectNoLoad(.offline)
            try t.expectLoading(source: s, false, .offline)
            try t.expectItems(source: s, a, .offline)
            await setOnline(t, true)
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .offline)
            let b = await t.answerOpen(more)
            try t.expectItems(source: s, a + b, .offline)
        }
    }

    static var reconnectingAsksAgainInEverySource: AdopterScenario {
        AdopterScenario(
            .offline,
            "online again, every source asks again for what failed; a failed first load loads when shown again",
            minimumSources: 2
        ) { t in
            let s = t.adopter.currentIndex
            let o = (s + 1) % t.sourceCount
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answerOpen(first)
            await setOnline(t, false)
            await t.switchSource(to: o)
            try await t.expectNoLoad(.offline)
            await t.switchSource(to: s)
            try await t.expectNoLoad(.offline)
            await setOnline(t, true)
            let other = try await t.expectLoad(source: o, page: t.firstPage, kind: .refresh, .offline)
            await t.fail(other)
            try t.expectItems(source: s, a, .sourcesKeepOwnState)
            await t.switchSource(to: o)
            let again = try await t.expectLoad(source: o, page: t.firstPage, kind: .refresh, .firstAppearanceLoads)
            let b = await t.answerOpen(again)
            try t.expectItems(source: o, b, .firstAppearanceLoads)
        }
    }
}
