import Refreshable

/// The scenarios for refreshing around the position (`refreshesAroundPosition` with a cap of three
/// pages or more).
extension AdopterScenario {
    /// Loads the first page and `maxPages` more, each full and open, and brings a row of the page
    /// held second on screen; returns that page's number and the items of the pages held.
    /// After the refresh of `page` answered `around`: the page above loads, then the page below,
    /// and the list holds the three in order.
    private static func expectOutward(
        _ t: ScenarioContext<Adopter>, source s: Int, page: Int, around: [TestItem]
    ) async throws {
        let outward = try await t.expectLoads(
            [
                ConformanceMismatch.Load(source: s, page: page - 1, kind: .loadPrevious),
                ConformanceMismatch.Load(source: s, page: page + 1, kind: .loadMore),
            ], .refreshAroundPosition)
        let above = await t.answerOpen(outward[0])
        let below = await t.answerOpen(outward[1])
        try t.expectItems(source: s, above + around + below, .refreshAroundPosition)
    }

    private static func scrollDeep(_ t: ScenarioContext<Adopter>, source s: Int) async throws -> (
        page: Int, held: [[TestItem]]
    ) {
        var load = try await t.appearAndExpectFirstLoad(source: s)
        var pages = [await t.answerOpen(load)]
        for _ in 0..<t.maxPages {
            await t.loadMore()
            load = try await t.expectLoad(source: s, page: load.page + 1, kind: .loadMore, .loadMoreAsksNextPage)
            pages.append(await t.answerOpen(load))
        }
        // The cap dropped the first page: the second page held sits between two others.
        await t.rowAppears(t.fullPage + 1)
        return (t.firstPage + 2, Array(pages.dropFirst()))
    }

    static var refreshAroundThePosition: AdopterScenario {
        AdopterScenario(
            .refreshAroundPosition, "a capped list scrolled deep refreshes the page the user is on, then loads outward",
            feature: .refreshAroundPosition
        ) { t in
            let s = t.adopter.currentIndex
            let (page, _) = try await scrollDeep(t, source: s)
            await t.refresh()
            let around = try await t.expectLoad(source: s, page: page, kind: .refresh, .refreshAroundPosition)
            try t.expectCursor(
                around, t.policy.paging == .cursors ? "after-p\(page - 1)" : nil, .refreshAroundPosition)
            let r = await t.answerOpen(around)
            try t.expectItems(source: s, r, .refreshAroundPosition)
            try t.expectStart(source: s, false, .refreshAroundPosition)
            try await expectOutward(t, source: s, page: page, around: r)
        }
    }

    /// A and SN: the snapshot of a list scrolled deep keeps the position, so the list restored on
    /// screen refreshes the page the user was on, its saved rows shown meanwhile, then loads outward.
    static var aRestoredDeepListRefreshesWhereTheUserWas: AdopterScenario {
        AdopterScenario(
            .refreshAroundPosition,
            "a restored list scrolled deep refreshes the page the user was on, then loads outward",
            feature: .refreshAroundPosition
        ) { t in
            let s = t.adopter.currentIndex
            let (page, held) = try await scrollDeep(t, source: s)
            let snapshot = t.saveSnapshot()
            await t.restore(from: snapshot)
            let around = try await t.expectLoad(source: s, page: page, kind: .refresh, .refreshAroundPosition)
            try t.expectCursor(
                around, t.policy.paging == .cursors ? "after-p\(page - 1)" : nil, .refreshAroundPosition)
            try t.expectItems(source: s, held.flatMap { $0 }, .restoring)
            let r = await t.answerOpen(around)
            try t.expectItems(source: s, r, .refreshAroundPosition)
            try await expectOutward(t, source: s, page: page, around: r)
        }
    }

    static var aPositionThatIsGoneFallsBackToTheFirstPage: AdopterScenario {
        AdopterScenario(
            .refreshAroundPosition, "a refresh around a position that is gone loads the first page at once",
            feature: .refreshAroundPosition
        ) { t in
            let s = t.adopter.currentIndex
            let (page, held) = try await scrollDeep(t, source: s)
            await t.refresh()
            let around = try await t.expectLoad(source: s, page: page, kind: .refresh, .refreshAroundPosition)
            // The list shrank: the page is empty now. The rows stay, and the first page loads.
            await t.answer(around, itemCount: 0)
            try t.expectItems(source: s, held.flatMap { $0 }, .refreshAroundPosition)
            let first = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAroundPosition)
            try t.expectCursor(first, nil, .refreshAroundPosition)
            let a = await t.answerOpen(first)
            try t.expectItems(source: s, a, .refreshAroundPosition)
            try t.expectStart(source: s, true, .refreshAroundPosition)
        }
    }
}
