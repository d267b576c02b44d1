import Refreshable

/// One named scenario of the ``Refreshable`` conformance suite.
@MainActor
struct AdopterScenario<Adopter: Refreshable> where Adopter.Item: Equatable {
    let rule: ConformanceRule
    let name: String
    let minimumSources: Int
    let body: @MainActor (ScenarioContext<Adopter>) async throws -> Void

    init(
        _ rule: ConformanceRule,
        _ name: String,
        minimumSources: Int = 1,
        body: @escaping @MainActor (ScenarioContext<Adopter>) async throws -> Void
    ) {
        self.rule = rule
        self.name = name
        self.minimumSources = minimumSources
        self.body = body
    }
}

extension AdopterScenario {
    /// Every scenario, in the order the Rules article lists the rules.
    static var all: [AdopterScenario] {
        [
            firstAppearance, footerHidden, refreshReplaces, refreshResetsNoMoreData, failedRefreshKeepsState,
            endByHasMore, endByPageCount, endByTotalCount, endByShortPage, hasMoreKeepsShortPageOpen,
            failureOnEmptySource, failureWithItems, refreshAsksFirstPage, loadMoreAsksNextPage,
            failedLoadCommitsNoPage, controlsLeaveRefreshing, oneLoadPerSource, resultAppliesToRequester,
            sourcesKeepOwnState,
        ]
    }

    static var firstAppearance: AdopterScenario {
        AdopterScenario(.s1, "first appearance loads the first page once") { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let items = await t.answer(first, itemCount: t.fullPage)
            try t.expectItems(source: s, items, .s1)
            await t.appear()
            try await t.expectNoLoad(.s1)
        }
    }

    static var footerHidden: AdopterScenario {
        AdopterScenario(.s2, "footer is hidden during the first load and while the list is empty") { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            try t.expectFooter(hidden: true, .s2)
            await t.answer(first, itemCount: 0)
            try t.expectFooter(hidden: true, .s2)
            await t.refresh()
            let second = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .s7)
            let full = await t.answer(second, itemCount: t.fullPage)
            try t.expectItems(source: s, full, .s3)
            try t.expectFooter(hidden: false, .s2)
            await t.refresh()
            let third = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .s7)
            await t.answer(third, itemCount: 0)
            try t.expectItems(source: s, [], .s3)
            try t.expectFooter(hidden: true, .s2)
        }
    }

    static var refreshReplaces: AdopterScenario {
        AdopterScenario(.s3, "refresh replaces the items, which stay until the first page arrives") { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .s8)
            let b = await t.answer(more, itemCount: t.fullPage)
            try t.expectItems(source: s, a + b, .s8)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .s3)
            try t.expectItems(source: s, a + b, .s3)
            try t.expectPlaceholder(shown: false, .s3)
            let c = await t.answer(refresh, itemCount: t.fullPage)
            try t.expectItems(source: s, c, .s3)
        }
    }

    static var refreshResetsNoMoreData: AdopterScenario {
        AdopterScenario(.s4, "a successful refresh reopens an ended list") { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            await t.answer(first, itemCount: t.shortPage)
            try t.expectEnded(source: s, true, .s5)
            try t.expectFooter(t.endedFooter(source: s), .s5)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .s7)
            await t.answer(refresh, itemCount: t.fullPage)
            try t.expectEnded(source: s, false, .s4)
            try t.expectFooter(.idle, .s4)
            try t.expectFooter(hidden: false, .s4)
            await t.loadMore()
            _ = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .s4)
        }
    }

    static var failedRefreshKeepsState: AdopterScenario {
        AdopterScenario(.s4, "a failed refresh keeps the items and the ended footer") { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .s8)
            let b = await t.answer(more, itemCount: t.shortPage)
            try t.expectFooter(t.endedFooter(source: s), .s5)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .s7)
            await t.fail(refresh)
            try t.expectItems(source: s, a + b, .s4)
            try t.expectEnded(source: s, true, .s4)
            try t.expectFooter(t.endedFooter(source: s), .s4)
            try t.expectFooter(hidden: false, .s4)
            await t.loadMore()
            try await t.expectNoLoad(.s4)
        }
    }

    /// A scenario that answers the first page, then possibly a second, with a server signal, and
    /// expects the list to end exactly at the last answer.
    private static func endOfList(
        _ name: String,
        answers: @escaping @MainActor (_ t: ScenarioContext<Adopter>, _ load: TestLoad, _ isLast: Bool) async -> Void,
        pages: Int
    ) -> AdopterScenario {
        AdopterScenario(.s5, name) { t in
            let s = t.adopter.currentIndex
            var load = try await t.appearAndExpectFirstLoad(source: s)
            for index in 0..<pages {
                let isLast = index == pages - 1
                await answers(t, load, isLast)
                try t.expectEnded(source: s, isLast, .s5)
                await t.loadMore()
                if isLast {
                    try t.expectFooter(t.endedFooter(source: s), .s5)
                    try await t.expectNoLoad(.s5)
                } else {
                    try t.expectFooter(.refreshing, .s10)
                    load = try await t.expectLoad(source: s, page: load.page + 1, kind: .loadMore, .s5)
                }
            }
        }
    }

    static var endByHasMore: AdopterScenario {
        endOfList(
            "hasMore: false ends the list even after a full page",
            answers: { t, load, _ in
                await t.answer(load, itemCount: t.fullPage, hasMore: false)
            }, pages: 1)
    }

    static var endByPageCount: AdopterScenario {
        endOfList(
            "curPage == pageCount ends the list",
            answers: { t, load, _ in
                await t.answer(load, itemCount: t.fullPage, pageCount: 2)
            }, pages: 2)
    }

    static var endByTotalCount: AdopterScenario {
        endOfList(
            "reaching totalCount ends the list",
            answers: { t, load, _ in
                await t.answer(load, itemCount: t.fullPage, totalCount: 2 * t.fullPage)
            }, pages: 2)
    }

    static var endByShortPage: AdopterScenario {
        endOfList(
            "without a server signal, a short page ends the list",
            answers: { t, load, isLast in
                await t.answer(load, itemCount: isLast ? t.shortPage : t.fullPage)
            }, pages: 2)
    }

    static var hasMoreKeepsShortPageOpen: AdopterScenario {
        AdopterScenario(.s5, "hasMore: true keeps the list open after a short page") { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            await t.answer(first, itemCount: t.shortPage, hasMore: true)
            try t.expectEnded(source: s, false, .s5)
            try t.expectFooter(.idle, .s5)
            await t.loadMore()
            _ = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .s5)
        }
    }

    static var failureOnEmptySource: AdopterScenario {
        AdopterScenario(.s6, "a failure on an empty source shows a placeholder whose action retries") { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            await t.fail(first)
            try t.expectPlaceholder(shown: true, .s6)
            try t.expectHeader(refreshing: false, .s10)
            try t.expectItems(source: s, [], .s6)
            guard t.hasListView else { return t.skip(.s6, .listView) }
            guard await t.tapRetry() else {
                throw t.stop(.s6, expected: "a placeholder whose action retries", observed: "no placeholder to tap")
            }
            let retry = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .s6)
            let a = await t.answer(retry, itemCount: t.fullPage)
            try t.expectPlaceholder(shown: false, .s6)
            try t.expectItems(source: s, a, .s6)
        }
    }

    static var failureWithItems: AdopterScenario {
        AdopterScenario(.s6, "a failure with items shows a message and keeps the items") { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            try t.expectNewMessages(0, .s6)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .s8)
            await t.fail(more)
            try t.expectNewMessages(1, .s6)
            try t.expectItems(source: s, a, .s6)
            try t.expectPlaceholder(shown: false, .s6)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .s7)
            await t.fail(refresh)
            try t.expectNewMessages(1, .s6)
            try t.expectItems(source: s, a, .s6)
            try t.expectPlaceholder(shown: false, .s6)
        }
    }

    static var refreshAsksFirstPage: AdopterScenario {
        AdopterScenario(.s7, "refresh asks for the first page, however far the list has loaded") { t in
            let s = t.adopter.currentIndex
            var load = try await t.appearAndExpectFirstLoad(source: s)
            await t.answer(load, itemCount: t.fullPage)
            for _ in 0..<2 {
                await t.loadMore()
                load = try await t.expectLoad(source: s, page: load.page + 1, kind: .loadMore, .s8)
                await t.answer(load, itemCount: t.fullPage)
            }
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .s7)
            let fresh = await t.answer(refresh, itemCount: t.fullPage)
            try t.expectItems(source: s, fresh, .s3)
        }
    }

    static var loadMoreAsksNextPage: AdopterScenario {
        AdopterScenario(.s8, "load-more asks for the page after the last one that loaded and appends it") { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            var held = await t.answer(first, itemCount: t.fullPage)
            for offset in 1...3 {
                await t.loadMore()
                let more = try await t.expectLoad(source: s, page: t.firstPage + offset, kind: .loadMore, .s8)
                // The second load-more gets a short page the server says is not the last: the page
                // after it is still the next page number, not one derived from the item count.
                if offset == 2 {
                    held += await t.answer(more, itemCount: t.shortPage, hasMore: true)
                    try t.expectEnded(source: s, false, .s5)
                } else {
                    held += await t.answer(more, itemCount: t.fullPage)
                }
                try t.expectItems(source: s, held, .s8)
            }
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .s7)
            await t.answer(refresh, itemCount: t.fullPage)
            await t.loadMore()
            _ = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .s8)
        }
    }

    static var failedLoadCommitsNoPage: AdopterScenario {
        AdopterScenario(.s9, "a failed load commits no page") { t in
            let s = t.adopter.currentIndex
            let f = t.firstPage
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            await t.loadMore()
            let failing = try await t.expectLoad(source: s, page: f + 1, kind: .loadMore, .s8)
            await t.fail(failing)
            await t.loadMore()
            let again = try await t.expectLoad(source: s, page: f + 1, kind: .loadMore, .s9)
            let b = await t.answer(again, itemCount: t.fullPage)
            await t.loadMore()
            let third = try await t.expectLoad(source: s, page: f + 2, kind: .loadMore, .s8)
            await t.fail(third)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: f, kind: .refresh, .s7)
            await t.fail(refresh)
            try t.expectItems(source: s, a + b, .s9)
            await t.loadMore()
            let retry = try await t.expectLoad(source: s, page: f + 2, kind: .loadMore, .s9)
            let c = await t.answer(retry, itemCount: t.fullPage)
            try t.expectItems(source: s, a + b + c, .s9)
        }
    }

    static var controlsLeaveRefreshing: AdopterScenario {
        AdopterScenario(.s10, "header and footer leave their refreshing state on success and on failure") { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            try t.expectHeader(refreshing: true, .s10)
            await t.answer(first, itemCount: t.fullPage)
            try t.expectHeader(refreshing: false, .s10)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .s7)
            try t.expectHeader(refreshing: true, .s10)
            await t.fail(refresh)
            try t.expectHeader(refreshing: false, .s10)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .s9)
            try t.expectFooter(.refreshing, .s10)
            await t.answer(more, itemCount: t.fullPage)
            try t.expectFooter(.idle, .s10)
            await t.loadMore()
            let failing = try await t.expectLoad(source: s, page: t.firstPage + 2, kind: .loadMore, .s8)
            try t.expectFooter(.refreshing, .s10)
            await t.fail(failing)
            try t.expectFooterNotRefreshing(.s10)
            try t.expectHeader(refreshing: false, .s10)
        }
    }

    static var oneLoadPerSource: AdopterScenario {
        AdopterScenario(.s11, "one load per source, by the conflict rule") { t in
            let s = t.adopter.currentIndex
            let f = t.firstPage
            let rule = t.policy.conflictRule
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: f + 1, kind: .loadMore, .s8)
            await t.loadMore()
            try await t.expectNoLoad(.s11)
            await t.refresh()
            var held: [TestItem]
            switch rule {
            case .refreshWins, .latestRefreshWins:
                let refresh = try await t.expectLoad(source: s, page: f, kind: .refresh, .s11)
                try t.expectFooterNotRefreshing(.s11)
                try t.expectHeader(refreshing: true, .s11)
                if t.rig.loader.isPending(more) {
                    await t.answer(more, itemCount: t.fullPage)
                }
                // The superseded load-more's result is discarded: part of the conflict rule (S11).
                try t.expectItems(source: s, a, .s11)
                held = await t.answer(refresh, itemCount: t.fullPage)
                try t.expectItems(source: s, held, .s3)
            case .inFlightWins:
                try await t.expectNoLoad(.s11)
                held = a + (await t.answer(more, itemCount: t.fullPage))
                try t.expectItems(source: s, held, .s8)
            }
            await t.refresh()
            let second = try await t.expectLoad(source: s, page: f, kind: .refresh, .s7)
            await t.loadMore()
            try await t.expectNoLoad(.s11)
            await t.refresh()
            switch rule {
            case .latestRefreshWins:
                let third = try await t.expectLoad(source: s, page: f, kind: .refresh, .s11)
                if t.rig.loader.isPending(second) {
                    await t.answer(second, itemCount: t.fullPage)
                }
                // So is the superseded refresh's, under latestRefreshWins.
                try t.expectItems(source: s, held, .s11)
                held = await t.answer(third, itemCount: t.fullPage)
            case .refreshWins, .inFlightWins:
                try await t.expectNoLoad(.s11)
                held = await t.answer(second, itemCount: t.fullPage)
            }
            try t.expectItems(source: s, held, .s3)
        }
    }

    static var resultAppliesToRequester: AdopterScenario {
        AdopterScenario(.s12, "a result applies to the source that asked; a stale one is discarded", minimumSources: 2)
        {
            t in
            let s = t.adopter.currentIndex
            let o = (s + 1) % t.sourceCount
            let f = t.firstPage
            let first = try await t.appearAndExpectFirstLoad(source: s)
            await t.switchSource(to: o)
            let other = try await t.expectLoad(source: o, page: f, kind: .refresh, .multiSource)
            let a = await t.answer(first, itemCount: t.fullPage)
            try t.expectItems(source: s, a, .s12)
            try t.expectItems(source: o, [], .s12)
            try t.expectLoading(source: o, true, .s12)
            try t.expectHeader(refreshing: true, .multiSource)
            try t.expectFooter(hidden: true, .multiSource)
            let b = await t.answer(other, itemCount: t.fullPage)
            try t.expectItems(source: o, b, .s12)
            try t.expectItems(source: s, a, .s12)

            t.rig.loader.cancellationBehavior = .ignoresCancellation
            await t.loadMore()
            let cancelled = try await t.expectLoad(source: o, page: f + 1, kind: .loadMore, .s8)
            await t.cancelLoading(source: o)
            await t.answer(cancelled, itemCount: t.fullPage)
            try t.expectItems(source: o, b, .s12)
            await t.loadMore()
            let retry = try await t.expectLoad(source: o, page: f + 1, kind: .loadMore, .s9)
            let c = await t.answer(retry, itemCount: t.fullPage)
            try t.expectItems(source: o, b + c, .s12)

            await t.loadMore()
            let background = try await t.expectLoad(source: o, page: f + 2, kind: .loadMore, .s8)
            await t.switchSource(to: s)
            try await t.expectNoLoad(.multiSource)
            let d = await t.answer(background, itemCount: t.fullPage)
            try t.expectItems(source: o, b + c + d, .s12)
            try t.expectItems(source: s, a, .s12)
            try t.expectFooter(.idle, .multiSource)
            try t.expectHeader(refreshing: false, .multiSource)
        }
    }

    static var sourcesKeepOwnState: AdopterScenario {
        AdopterScenario(.multiSource, "each source keeps its own state; switching re-renders", minimumSources: 2) { t in
            let s = t.adopter.currentIndex
            let o = (s + 1) % t.sourceCount
            let f = t.firstPage
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.shortPage)
            try t.expectFooter(t.endedFooter(source: s), .s5)
            await t.switchSource(to: o)
            let other = try await t.expectLoad(source: o, page: f, kind: .refresh, .multiSource)
            try t.expectFooter(hidden: true, .multiSource)
            try t.expectHeader(refreshing: true, .multiSource)
            let b = await t.answer(other, itemCount: t.fullPage)
            try t.expectFooter(.idle, .multiSource)
            try t.expectFooter(hidden: false, .multiSource)
            try t.expectHeader(refreshing: false, .multiSource)
            await t.switchSource(to: s)
            try await t.expectNoLoad(.multiSource)
            try t.expectFooter(t.endedFooter(source: s), .multiSource)
            try t.expectFooter(hidden: false, .multiSource)
            try t.expectItems(source: s, a, .multiSource)
            try t.expectItems(source: o, b, .multiSource)
            await t.loadMore()
            try await t.expectNoLoad(.multiSource)
            await t.switchSource(to: o)
            try await t.expectNoLoad(.multiSource)
            try t.expectFooter(.idle, .multiSource)
            await t.loadMore()
            _ = try await t.expectLoad(source: o, page: f + 1, kind: .loadMore, .multiSource)
        }
    }
}
