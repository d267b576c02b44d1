import Refreshable

/// The scenarios for rule S14: a direction whose loads stop moving the list stops with a failure,
/// nothing loads there by itself, and each load the user asks for after that costs one request.
extension AdopterScenario {
    static var pagesOfHeldItemsStopLoadingMore: AdopterScenario {
        AdopterScenario(
            .progress, "pages that bring only items held already stop loading more at the policy's limit",
            feature: .identity
        ) { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage, signals: t.openSignals(for: first))
            var held = a
            var load = first
            // Every load of nothing new but the last of the limit applies, and the list goes on.
            for _ in 1..<t.policy.maxLoadsWithoutProgress {
                await t.loadMore()
                load = try await t.expectLoad(
                    source: s, page: load.page + 1, kind: .loadMore, .loadMoreAsksNextPage)
                let copies = await t.answer(load, itemCount: t.fullPage, copies: a, signals: t.openSignals(for: load))
                held = merged(held, copies, takeNewer: t.takesNewer)
                try t.expectItems(source: s, held, .itemsHeldOnce)
                try t.expectEnded(source: s, false, .itemsHeldOnce)
                try t.expectFooter(.idle, .progress)
            }
            await t.loadMore()
            let last = try await t.expectLoad(source: s, page: load.page + 1, kind: .loadMore, .loadMoreAsksNextPage)
            try await expectRefused(t, last, copies: a, held: held)
            // A load the user asks for after that asks for the same page, and is refused at once.
            await t.loadMore()
            let again = try await t.expectLoad(source: s, page: last.page, kind: .loadMore, .progress)
            try await expectRefused(t, again, copies: a, held: held)
            // A page that brings a new row moves the list again.
            await t.loadMore()
            let moving = try await t.expectLoad(source: s, page: last.page, kind: .loadMore, .progress)
            let b = await t.answer(moving, itemCount: t.fullPage, copies: [a[0]], signals: t.openSignals(for: moving))
            try t.expectItems(source: s, merged(held, b, takeNewer: t.takesNewer), .progress)
            try t.expectFooter(.idle, .progress)
        }
    }

    static var aCircleOfCursorsStopsLoadingMore: AdopterScenario {
        AdopterScenario(
            .progress, "a circle of cursors stops loading more at the policy's limit, until a refresh",
            feature: .cursors
        ) { t in
            let s = t.adopter.currentIndex
            let f = t.firstPage
            // The first page, two that lead round, and all but the last of the limit are held.
            t.driver.leaveRoomForAllPages(2 + t.policy.maxLoadsWithoutProgress)
            let first = try await t.appearAndExpectFirstLoad(source: s)
            var held = await t.answer(first, itemCount: t.fullPage, signals: t.cursors(for: first))
            // The server leads the list round: after-p1 → after-p2 → after-p1 → …, each page new.
            var load = first
            for index in 0..<(2 + t.policy.maxLoadsWithoutProgress) {
                let cursor = "after-p\(f + index % 2)"
                await t.loadMore()
                load = try await t.expectLoad(
                    source: s, page: load.page + 1, kind: .loadMore, .loadMoreAsksNextPage)
                try t.expectCursor(load, cursor, .loadMoreAsksNextPage)
                let next = PageSignals(nextCursor: "after-p\(f + (index + 1) % 2)")
                let page = await t.answer(load, itemCount: t.fullPage, signals: next)
                guard index < 1 + t.policy.maxLoadsWithoutProgress else { break }
                held += page
                try t.expectItems(source: s, held, .progress)
                try t.expectFooter(.idle, .progress)
            }
            // The last load of the limit is refused: nothing committed, the footer shows the failure.
            try await t.expectNoLoad(.progress)
            try t.expectItems(source: s, held, .progress)
            try t.expectEnded(source: s, false, .progress)
            try t.expectFooterFailed(.progress)
            await t.loadMore()
            let again = try await t.expectLoad(source: s, page: load.page, kind: .loadMore, .progress)
            try t.expectCursor(again, load.cursor, .progress)
            await t.answer(again, itemCount: t.fullPage, signals: PageSignals(nextCursor: "after-p\(f + 1)"))
            try await t.expectNoLoad(.progress)
            try t.expectItems(source: s, held, .progress)
            try t.expectFooterFailed(.progress)
            // A successful refresh starts afresh: the first page's cursor is followed again.
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: f, kind: .refresh, .refreshAsksFirstPage)
            let fresh = await t.answer(refresh, itemCount: t.fullPage, signals: t.cursors(for: refresh))
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: f + 1, kind: .loadMore, .progress)
            let next = await t.answer(more, itemCount: t.fullPage, signals: t.cursors(for: more))
            try t.expectItems(source: s, fresh + next, .progress)
            try t.expectFooter(.idle, .progress)
        }
    }

    /// Answers `load` with `copies` of held items, which keep the list open and move it nowhere,
    /// and expects the answer refused: the items stay `held`, the list goes on, the footer and a
    /// message show the failure, and nothing loads by itself.
    private static func expectRefused(
        _ t: ScenarioContext<Adopter>,
        _ load: TestLoad,
        copies: [TestItem],
        held: [TestItem]
    ) async throws {
        await t.answer(load, itemCount: t.fullPage, copies: copies, signals: t.openSignals(for: load))
        try await t.expectNoLoad(.progress)
        try t.expectItems(source: load.source, held, .progress)
        try t.expectEnded(source: load.source, false, .progress)
        try t.expectFooterFailed(.progress)
        // How the failure is presented is the failure rule's: a screen may show it its own way.
        try t.expectNewMessages(1, .failureIsShown)
    }
}
