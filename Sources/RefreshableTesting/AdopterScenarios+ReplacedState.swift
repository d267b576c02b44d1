import Refreshable

extension AdopterScenario {
    /// S13: replacing the state (a logout) cancels the old state's loads, whose late answers land
    /// nowhere, draws the controls from the new state, and loads its first page.
    static var replacingTheStateDiscardsItsLoads: AdopterScenario {
        AdopterScenario(
            .replacingStateCancelsOldLoads,
            "replacing the state discards what the old state asked for and loads the new state's first page"
        ) { t in
            let s = t.adopter.currentIndex
            // The old state's load is answered after all, as a server that ignores cancellation does.
            t.rig.loader.cancellationBehavior = .ignoresCancellation
            let first = try await t.appearAndExpectFirstLoad(source: s)
            await t.answer(first, itemCount: t.shortPage)
            try t.expectFooter(t.endedFooter(source: s), .endOfList)
            await t.refresh()
            let old = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            await t.replaceState()
            let fresh = try await t.expectLoad(
                source: s, page: t.firstPage, kind: .refresh, .replacingStateCancelsOldLoads)
            try t.expectItems(source: s, [], .replacingStateCancelsOldLoads)
            try t.expectEnded(source: s, false, .replacingStateCancelsOldLoads)
            try t.expectFooter(hidden: true, .replacingStateCancelsOldLoads)
            if t.rig.loader.isPending(old) {
                await t.answer(old, itemCount: t.fullPage)
            }
            try t.expectItems(source: s, [], .replacingStateCancelsOldLoads)
            try t.expectLoading(source: s, true, .replacingStateCancelsOldLoads)
            let items = await t.answer(fresh, itemCount: t.fullPage)
            try t.expectItems(source: s, items, .replacingStateCancelsOldLoads)
            try t.expectHeader(refreshing: false, .controlsLeaveRefreshing)
            try t.expectFooter(.idle, .replacingStateCancelsOldLoads)
            try t.expectFooter(hidden: false, .replacingStateCancelsOldLoads)
        }
    }
}
