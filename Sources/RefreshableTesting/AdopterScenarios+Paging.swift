import Refreshable

/// The scenarios for lists paged by cursor, loads of the previous page, and the page cap.
extension AdopterScenario {
    static var cursorsAskForTheNextPage: AdopterScenario {
        AdopterScenario(
            .loadMoreAsksNextPage, "a cursor list asks with each answer's cursor until an answer carries none",
            feature: .cursors
        ) { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            try t.expectCursor(first, nil, .refreshAsksFirstPage)
            // A short page with a cursor does not end the list.
            let a = await t.answer(first, itemCount: t.shortPage, signals: t.cursors(for: first))
            try t.expectEnded(source: s, false, .endOfList)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .loadMoreAsksNextPage)
            try t.expectCursor(more, "after-p\(first.page)", .loadMoreAsksNextPage)
            // Nor does an empty page that hands a new cursor: the server filtered that page's rows.
            await t.answer(more, itemCount: 0, signals: t.cursors(for: more))
            try t.expectEnded(source: s, false, .endOfList)
            await t.loadMore()
            let next = try await t.expectLoad(source: s, page: t.firstPage + 2, kind: .loadMore, .endOfList)
            try t.expectCursor(next, "after-p\(more.page)", .loadMoreAsksNextPage)
            // A failed load-more asks with the same cursor again.
            await t.fail(next)
            await t.loadMore()
            let retry = try await t.expectLoad(
                source: s, page: t.firstPage + 2, kind: .loadMore, .failedLoadCommitsNoPage)
            try t.expectCursor(retry, "after-p\(more.page)", .failedLoadCommitsNoPage)
            // A full page without a cursor ends the list.
            let b = await t.answer(retry, itemCount: t.fullPage, signals: t.cursors(for: retry, ending: true))
            try t.expectItems(source: s, a + b, .loadMoreAsksNextPage)
            try t.expectEnded(source: s, true, .endOfList)
            await t.loadMore()
            try await t.expectNoLoad(.endOfList)
        }
    }

    static var refreshSupersedesPreviousPage: AdopterScenario {
        AdopterScenario(
            .previousPageLoads, "the previous page loads beside a load-more; a refresh supersedes it",
            feature: .previousPagesByCursor
        ) { t in
            let s = t.adopter.currentIndex
            let f = t.firstPage
            let newer = PageSignals(nextCursor: "after-p\(f)", previousCursor: "newer-than-p\(f)")
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage, signals: newer)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: f + 1, kind: .loadMore, .loadMoreAsksNextPage)
            await t.loadPrevious()
            let previous = try await t.expectLoad(source: s, page: f - 1, kind: .loadPrevious, .previousPageLoads)
            try t.expectCursor(previous, "newer-than-p\(f)", .previousPageLoads)
            try t.expectLoading(source: s, true, .previousPageLoads)
            let p = await t.answer(previous, itemCount: t.shortPage)
            try t.expectItems(source: s, p + a, .previousPageLoads)
            let m = await t.answer(more, itemCount: t.fullPage, signals: t.cursors(for: more))
            try t.expectItems(source: s, p + a + m, .previousPageLoads)
            await t.loadPrevious()
            try await t.expectNoLoad(.previousPageLoads)

            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: f, kind: .refresh, .refreshAsksFirstPage)
            let r = await t.answer(refresh, itemCount: t.fullPage, signals: newer)
            await t.loadPrevious()
            let stale = try await t.expectLoad(source: s, page: f - 1, kind: .loadPrevious, .previousPageLoads)
            await t.refresh()
            let again = try await t.expectLoad(source: s, page: f, kind: .refresh, .previousPageLoads)
            await t.answer(stale, itemCount: t.shortPage)
            try t.expectItems(source: s, r, .previousPageLoads)
            let r2 = await t.answer(again, itemCount: t.fullPage, signals: t.cursors(for: again))
            try t.expectItems(source: s, r2, .previousPageLoads)
            try t.expectLoading(source: s, false, .previousPageLoads)
        }
    }

    static var aChatPollsAgainAfterAnEmptyAnswer: AdopterScenario {
        AdopterScenario(
            .previousPageLoads, "a chat polls again for newer items after an empty answer that carries a cursor",
            feature: .previousPagesByCursor
        ) { t in
            let s = t.adopter.currentIndex
            let f = t.firstPage
            let newer = PageSignals(nextCursor: "after-p\(f)", previousCursor: "newer-than-p\(f)")
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage, signals: newer)
            // Nothing newer yet, but the answer says where to ask next time: the start stays open.
            await t.loadPrevious()
            let poll = try await t.expectLoad(source: s, page: f - 1, kind: .loadPrevious, .previousPageLoads)
            try t.expectCursor(poll, "newer-than-p\(f)", .previousPageLoads)
            await t.answer(poll, itemCount: 0, signals: PageSignals(previousCursor: "poll-p\(f - 1)"))
            try t.expectItems(source: s, a, .previousPageLoads)
            try t.expectStart(source: s, false, .previousPageLoads)
            // The next poll asks with that cursor and brings the new messages.
            await t.loadPrevious()
            let later = try await t.expectLoad(source: s, page: f - 2, kind: .loadPrevious, .previousPageLoads)
            try t.expectCursor(later, "poll-p\(f - 1)", .previousPageLoads)
            let p = await t.answer(later, itemCount: t.shortPage)
            try t.expectItems(source: s, p + a, .previousPageLoads)
            // An answer without a previous cursor is the start.
            try t.expectStart(source: s, true, .previousPageLoads)
            await t.loadPrevious()
            try await t.expectNoLoad(.previousPageLoads)
        }
    }

    /// Loads the first page and `maxPages` more, each full and open; returns the pages' items and
    /// the last load.
    private static func loadPastTheCap(_ t: ScenarioContext<Adopter>, source s: Int) async throws -> (
        pages: [[TestItem]], last: TestLoad
    ) {
        var load = try await t.appearAndExpectFirstLoad(source: s)
        var pages = [await t.answerOpen(load)]
        for _ in 0..<t.maxPages {
            await t.loadMore()
            load = try await t.expectLoad(source: s, page: load.page + 1, kind: .loadMore, .loadMoreAsksNextPage)
            pages.append(await t.answerOpen(load))
        }
        return (pages, load)
    }

    static var capDropsAndScrollingBackReloads: AdopterScenario {
        AdopterScenario(
            .pageCap, "past the cap the first page is dropped, and scrolling back loads it again", feature: .pageCap
        ) { t in
            let s = t.adopter.currentIndex
            let f = t.firstPage
            let (pages, last) = try await loadPastTheCap(t, source: s)
            try t.expectItems(source: s, pages.dropFirst().flatMap { $0 }, .pageCap)
            await t.loadPrevious()
            let back = try await t.expectLoad(source: s, page: f, kind: .loadPrevious, .pageCap)
            try t.expectCursor(back, t.policy.paging == .cursors ? "before-p\(f + 1)" : nil, .pageCap)
            let again = await t.answer(back, itemCount: t.fullPage, signals: t.cursors(for: back))
            // The last page goes to make room, and loads again with a load-more.
            try t.expectItems(source: s, again + pages[1..<t.maxPages].flatMap { $0 }, .pageCap)
            try t.expectEnded(source: s, false, .pageCap)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: last.page, kind: .loadMore, .pageCap)
            try t.expectCursor(more, t.policy.paging == .cursors ? "after-p\(last.page - 1)" : nil, .pageCap)
        }
    }

    static var capSupersedesLoadMoreInFlight: AdopterScenario {
        AdopterScenario(
            .pageCap, "a load-more in flight is superseded when the cap drops the last page", feature: .pageCap
        ) { t in
            let s = t.adopter.currentIndex
            let f = t.firstPage
            let (pages, last) = try await loadPastTheCap(t, source: s)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: last.page + 1, kind: .loadMore, .loadMoreAsksNextPage)
            await t.loadPrevious()
            let back = try await t.expectLoad(source: s, page: f, kind: .loadPrevious, .previousPageLoads)
            let again = await t.answer(back, itemCount: t.fullPage, signals: t.cursors(for: back))
            let held = again + pages[1..<t.maxPages].flatMap { $0 }
            try t.expectItems(source: s, held, .pageCap)
            try t.expectLoading(source: s, false, .pageCap)
            await t.answer(more, itemCount: t.fullPage, signals: t.cursors(for: more))
            try t.expectItems(source: s, held, .pageCap)
            await t.loadMore()
            _ = try await t.expectLoad(source: s, page: last.page, kind: .loadMore, .pageCap)
        }
    }
}
