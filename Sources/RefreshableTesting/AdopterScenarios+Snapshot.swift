import Refreshable

extension AdopterScenario {
    /// SN: restoring a saved list on screen replaces the state as S13 does, but shows the saved
    /// rows at once and refreshes behind them; the old state's late answer lands nowhere.
    static var restoredListRefreshesBehindItsRows: AdopterScenario {
        AdopterScenario(
            .restoring,
            "a restored list shows its saved rows at once, refreshes behind them, and discards what the old state asked for"
        ) { t in
            let s = t.adopter.currentIndex
            // The old state's load is answered after all, as a server that ignores cancellation does.
            t.rig.loader.cancellationBehavior = .ignoresCancellation
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let saved = await t.answerOpen(first)
            let snapshot = t.saveSnapshot()
            await t.loadMore()
            let old = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .loadMoreAsksNextPage)
            await t.restore(from: snapshot)
            // On screen: the restored list refreshes at once, its rows shown meanwhile.
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .restoring)
            try t.expectItems(source: s, saved, .restoring)
            try t.expectFooter(hidden: false, .restoring)
            if t.rig.loader.isPending(old) {
                await t.answer(old, itemCount: t.fullPage)
            }
            try t.expectItems(source: s, saved, .restoring)
            try t.expectLoading(source: s, true, .restoring)
            let fresh = await t.answerOpen(refresh)
            try t.expectItems(source: s, fresh, .refreshReplacesItems)
            try t.expectHeader(refreshing: false, .controlsLeaveRefreshing)
        }
    }
}

extension ScenarioContext {
    /// Takes the adopter's snapshot, as an app does before it goes to the background.
    func saveSnapshot() -> RefreshSnapshot<Adopter.Item> {
        driver.note("let saved = refreshStatus.snapshot()")
        return adopter.refreshStatus.snapshot()
    }

    /// Restores the adopter's list from `snapshot`, as an app does at launch (a refusal is noted:
    /// the scenario's expectations then fail), and lets the adopter settle.
    func restore(from snapshot: RefreshSnapshot<Adopter.Item>) async {
        driver.note("try refreshStatus.restore(from: saved)")
        do {
            try adopter.refreshStatus.restore(from: snapshot)
        } catch {
            driver.note("refused: \(error)")
        }
        await driver.settle()
    }
}
