import Refreshable

/// One named scenario of the ``Refreshable`` conformance suite.
@MainActor
struct AdopterScenario<Adopter: Refreshable> where Adopter.Item: Equatable {
    let rule: ConformanceRule
    let name: String
    let minimumSources: Int
    /// The end-of-list signals the adopter's loader must forward for the scenario to run.
    let needs: SignalNeed
    /// The paging feature the scenario is about, if any: it runs only for an adopter that uses it.
    let feature: PagingFeature?
    let body: @MainActor (ScenarioContext<Adopter>) async throws -> Void

    init(
        _ rule: ConformanceRule,
        _ name: String,
        minimumSources: Int = 1,
        needs: SignalNeed = .nothing,
        feature: PagingFeature? = nil,
        body: @escaping @MainActor (ScenarioContext<Adopter>) async throws -> Void
    ) {
        self.rule = rule
        self.name = name
        self.minimumSources = minimumSources
        self.needs = needs
        self.feature = feature
        self.body = body
    }
}

/// A paging feature some scenarios are about; they run only for adopters that use it.
enum PagingFeature: Sendable {
    /// The list has an identity: de-duplication and local edits by id.
    case identity
    /// The policy numbers answers differently from requests (`curPageOffset`).
    case answerNumbering
    /// The policy pages by cursor, and the adopter hands the loader's cursors through.
    case cursors
    /// The policy pages by cursor, and the list loads pages before its first.
    case previousPagesByCursor
    /// The policy caps the pages held (`maxPages`).
    case pageCap
    /// The runtime retries failed loads (`RefreshRetry`).
    case retry
    /// The policy refreshes around the position (`refreshesAroundPosition`) and holds three pages
    /// or more, so that a row sits on a page between two others.
    case refreshAroundPosition

    /// Whether an adopter with `traits` uses the feature.
    func isUsed(by traits: AdopterTraits) -> Bool {
        switch self {
        case .identity: return traits.hasIdentity
        case .answerNumbering: return traits.policy.curPageOffset != 0
        case .cursors: return traits.policy.paging == .cursors && !traits.cursorsAreItemIDs
        case .previousPagesByCursor: return traits.policy.paging == .cursors && traits.hasPreviousPages
        case .pageCap: return traits.policy.maxPages != nil
        case .retry: return (traits.retries ?? 0) > 0
        case .refreshAroundPosition:
            return traits.policy.refreshesAroundPosition && (traits.policy.maxPages ?? 0) >= 3
        }
    }
}

/// The end-of-list signals a scenario needs the adopter's loader to forward.
enum SignalNeed: Sendable {
    case nothing
    case every(EndOfListSignals)
    case anySignal

    /// Whether an adopter forwarding `signals` can run the scenario.
    func isMet(by signals: EndOfListSignals) -> Bool {
        switch self {
        case .nothing: return true
        case .every(let needed): return signals.isSuperset(of: needed)
        case .anySignal: return !signals.isEmpty
        }
    }
}

extension AdopterScenario {
    /// Every scenario, in the order the Rules article lists the rules.
    static var all: [AdopterScenario] {
        [
            firstAppearance, footerHidden, refreshReplaces, refreshResetsNoMoreData, failedRefreshKeepsState,
            endByHasMore, endByPageCount, endByTotalCount, endByShortPage, signalKeepsShortPageOpen,
            failureOnEmptySource, failureWithItems, refreshAsksFirstPage, loadMoreAsksNextPage,
            failedLoadCommitsNoPage, controlsLeaveRefreshing, oneLoadPerSource, resultAppliesToRequester,
            replacingTheStateDiscardsItsLoads, sourcesKeepOwnState, itemsHeldOnce, duplicateOnTheLastPage,
            removalSticks, removalDuringRefresh, serverCopyReplacesEdit, editsDuringRefresh, pendingItemsStay,
            answerNumbering,
            cursorsAskForTheNextPage,
            refreshSupersedesPreviousPage, aChatPollsAgainAfterAnEmptyAnswer, capDropsAndScrollingBackReloads,
            capSupersedesLoadMoreInFlight, refreshAroundThePosition, aPositionThatIsGoneFallsBackToTheFirstPage,
            aRestoredDeepListRefreshesWhereTheUserWas,
            failureShownAfterLastRetry, refreshSupersedesRetry, retryNowRetriesAtOnce, pagesOfHeldItemsStopLoadingMore,
            aCircleOfCursorsStopsLoadingMore, aFooterShownAgainShowsTheEnd, pullsGoThroughTheWiring,
            staleListRefreshesOnReturn, offlineLoadsFailAtOnce, reconnectingAsksAgainInEverySource,
            goingOfflineEndsAWaitForARetry, restoredListRefreshesBehindItsRows,
        ]
    }

    static var firstAppearance: AdopterScenario {
        AdopterScenario(.firstAppearanceLoads, "first appearance loads the first page once") { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let items = await t.answer(first, itemCount: t.fullPage)
            try t.expectItems(source: s, items, .firstAppearanceLoads)
            await t.appear()
            try await t.expectNoLoad(.firstAppearanceLoads)
        }
    }

    static var footerHidden: AdopterScenario {
        AdopterScenario(.footerHiddenWhileEmpty, "footer is hidden during the first load and while the list is empty") {
            t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            try t.expectFooter(hidden: true, .footerHiddenWhileEmpty)
            await t.answer(first, itemCount: 0)
            try t.expectFooter(hidden: true, .footerHiddenWhileEmpty)
            await t.refresh()
            let second = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            let full = await t.answer(second, itemCount: t.fullPage)
            try t.expectItems(source: s, full, .refreshReplacesItems)
            try t.expectFooter(hidden: false, .footerHiddenWhileEmpty)
            await t.refresh()
            let third = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            await t.answer(third, itemCount: 0)
            try t.expectItems(source: s, [], .refreshReplacesItems)
            try t.expectFooter(hidden: true, .footerHiddenWhileEmpty)
        }
    }

    static var refreshReplaces: AdopterScenario {
        AdopterScenario(.refreshReplacesItems, "refresh replaces the items, which stay until the first page arrives") {
            t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .loadMoreAsksNextPage)
            let b = await t.answer(more, itemCount: t.fullPage)
            try t.expectItems(source: s, a + b, .loadMoreAsksNextPage)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshReplacesItems)
            try t.expectItems(source: s, a + b, .refreshReplacesItems)
            try t.expectPlaceholder(shown: false, .refreshReplacesItems)
            let c = await t.answer(refresh, itemCount: t.fullPage)
            try t.expectItems(source: s, c, .refreshReplacesItems)
        }
    }

    static var refreshResetsNoMoreData: AdopterScenario {
        AdopterScenario(.refreshResetsEndOfList, "a successful refresh reopens an ended list") { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            await t.answer(first, itemCount: t.shortPage)
            try t.expectEnded(source: s, true, .endOfList)
            try t.expectFooter(t.endedFooter(source: s), .endOfList)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            await t.answer(refresh, itemCount: t.fullPage)
            try t.expectEnded(source: s, false, .refreshResetsEndOfList)
            try t.expectFooter(.idle, .refreshResetsEndOfList)
            try t.expectFooter(hidden: false, .refreshResetsEndOfList)
            await t.loadMore()
            _ = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .refreshResetsEndOfList)
        }
    }

    static var failedRefreshKeepsState: AdopterScenario {
        AdopterScenario(.refreshResetsEndOfList, "a failed refresh keeps the items and the ended footer") { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .loadMoreAsksNextPage)
            let b = await t.answer(more, itemCount: t.shortPage)
            try t.expectFooter(t.endedFooter(source: s), .endOfList)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            await t.fail(refresh)
            try t.expectItems(source: s, a + b, .refreshResetsEndOfList)
            try t.expectEnded(source: s, true, .refreshResetsEndOfList)
            try t.expectFooter(t.endedFooter(source: s), .refreshResetsEndOfList)
            try t.expectFooter(hidden: false, .refreshResetsEndOfList)
            await t.loadMore()
            try await t.expectNoLoad(.refreshResetsEndOfList)
        }
    }

    /// A scenario that answers the first page, then possibly a second, and expects the list to end
    /// exactly at the last answer. It runs only against adopters that forward `signal`.
    private static func endOfList(
        _ name: String,
        requires signal: EndOfListSignals = [],
        answers:
            @escaping @MainActor (_ t: ScenarioContext<Adopter>, _ load: TestLoad, _ index: Int, _ isLast: Bool)
            async -> Void,
        pages: Int
    ) -> AdopterScenario {
        AdopterScenario(.endOfList, name, needs: .every(signal)) { t in
            let s = t.adopter.currentIndex
            var load = try await t.appearAndExpectFirstLoad(source: s)
            for index in 0..<pages {
                let isLast = index == pages - 1
                await answers(t, load, index, isLast)
                try t.expectEnded(source: s, isLast, .endOfList)
                await t.loadMore()
                if isLast {
                    try t.expectFooter(t.endedFooter(source: s), .endOfList)
                    try await t.expectNoLoad(.endOfList)
                } else {
                    try t.expectFooter(.refreshing, .controlsLeaveRefreshing)
                    load = try await t.expectLoad(source: s, page: load.page + 1, kind: .loadMore, .endOfList)
                }
            }
        }
    }

    /// A scenario in which the server's `signal` keeps the list open after the first full page and
    /// ends it with the last.
    private static func endBySignal(_ name: String, _ signal: EndOfListSignals, pages: Int) -> AdopterScenario {
        endOfList(
            name, requires: signal,
            answers: { t, load, index, isLast in
                let held = index * t.fullPage
                if isLast {
                    await t.answerEnding(load, by: signal, heldBefore: held)
                } else {
                    await t.answerFull(load, openBy: signal, heldBefore: held)
                }
            }, pages: pages)
    }

    static var endByHasMore: AdopterScenario {
        endBySignal("hasMore: false ends the list even after a full page", .hasMore, pages: 1)
    }

    static var endByPageCount: AdopterScenario {
        endBySignal("curPage == pageCount ends the list", .pageCount, pages: 2)
    }

    static var endByTotalCount: AdopterScenario {
        endBySignal("reaching totalCount ends the list", .totalCount, pages: 2)
    }

    static var endByShortPage: AdopterScenario {
        endOfList(
            "without a server signal, a short page ends the list",
            answers: { t, load, _, isLast in
                await t.answer(load, itemCount: isLast ? t.shortPage : t.fullPage)
            }, pages: 2)
    }

    static var signalKeepsShortPageOpen: AdopterScenario {
        AdopterScenario(.endOfList, "the server's signal keeps the list open after a short page", needs: .anySignal) {
            t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            _ = await t.answerShortKeepingOpen(first, heldBefore: 0)
            try t.expectEnded(source: s, false, .endOfList)
            try t.expectFooter(.idle, .endOfList)
            await t.loadMore()
            _ = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .endOfList)
        }
    }

    static var failureOnEmptySource: AdopterScenario {
        AdopterScenario(.failureIsShown, "a failure on an empty source shows a placeholder whose action retries") { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            await t.fail(first)
            try t.expectPlaceholder(shown: true, .failureIsShown)
            try t.expectHeader(refreshing: false, .controlsLeaveRefreshing)
            try t.expectItems(source: s, [], .failureIsShown)
            guard t.hasListView else { return t.skip(.failureIsShown, .listView) }
            guard await t.tapRetry() else {
                throw t.stop(.failureIsShown, .noRetryAction)
            }
            let retry = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .failureIsShown)
            let a = await t.answer(retry, itemCount: t.fullPage)
            try t.expectPlaceholder(shown: false, .failureIsShown)
            try t.expectItems(source: s, a, .failureIsShown)
        }
    }

    static var failureWithItems: AdopterScenario {
        AdopterScenario(.failureIsShown, "a failure with items shows a message and keeps the items") { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            try t.expectNewMessages(0, .failureIsShown)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .loadMoreAsksNextPage)
            await t.fail(more)
            try t.expectNewMessages(1, .failureIsShown)
            try t.expectItems(source: s, a, .failureIsShown)
            try t.expectPlaceholder(shown: false, .failureIsShown)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            await t.fail(refresh)
            try t.expectNewMessages(1, .failureIsShown)
            try t.expectItems(source: s, a, .failureIsShown)
            try t.expectPlaceholder(shown: false, .failureIsShown)
        }
    }

    static var refreshAsksFirstPage: AdopterScenario {
        AdopterScenario(.refreshAsksFirstPage, "refresh asks for the first page, however far the list has loaded") {
            t in
            let s = t.adopter.currentIndex
            var load = try await t.appearAndExpectFirstLoad(source: s)
            await t.answer(load, itemCount: t.fullPage)
            for _ in 0..<2 {
                await t.loadMore()
                load = try await t.expectLoad(source: s, page: load.page + 1, kind: .loadMore, .loadMoreAsksNextPage)
                await t.answer(load, itemCount: t.fullPage)
            }
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            let fresh = await t.answer(refresh, itemCount: t.fullPage)
            try t.expectItems(source: s, fresh, .refreshReplacesItems)
        }
    }

    static var loadMoreAsksNextPage: AdopterScenario {
        AdopterScenario(
            .loadMoreAsksNextPage, "load-more asks for the page after the last one that loaded and appends it"
        ) { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            var held = await t.answer(first, itemCount: t.fullPage)
            for offset in 1...3 {
                await t.loadMore()
                let more = try await t.expectLoad(
                    source: s, page: t.firstPage + offset, kind: .loadMore, .loadMoreAsksNextPage)
                // The second load-more gets a short page the server says is not the last (when the
                // adopter forwards a signal that can say so): the page after it is still the next
                // page number, not one derived from the item count.
                if offset == 2, let short = await t.answerShortKeepingOpen(more, heldBefore: held.count) {
                    held += short
                    try t.expectEnded(source: s, false, .endOfList)
                } else {
                    held += await t.answer(more, itemCount: t.fullPage)
                }
                try t.expectItems(source: s, held, .loadMoreAsksNextPage)
            }
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            await t.answer(refresh, itemCount: t.fullPage)
            await t.loadMore()
            _ = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .loadMoreAsksNextPage)
        }
    }

    static var failedLoadCommitsNoPage: AdopterScenario {
        AdopterScenario(.failedLoadCommitsNoPage, "a failed load commits no page") { t in
            let s = t.adopter.currentIndex
            let f = t.firstPage
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            await t.loadMore()
            let failing = try await t.expectLoad(source: s, page: f + 1, kind: .loadMore, .loadMoreAsksNextPage)
            await t.fail(failing)
            await t.loadMore()
            let again = try await t.expectLoad(source: s, page: f + 1, kind: .loadMore, .failedLoadCommitsNoPage)
            let b = await t.answer(again, itemCount: t.fullPage)
            await t.loadMore()
            let third = try await t.expectLoad(source: s, page: f + 2, kind: .loadMore, .loadMoreAsksNextPage)
            await t.fail(third)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: f, kind: .refresh, .refreshAsksFirstPage)
            await t.fail(refresh)
            try t.expectItems(source: s, a + b, .failedLoadCommitsNoPage)
            await t.loadMore()
            let retry = try await t.expectLoad(source: s, page: f + 2, kind: .loadMore, .failedLoadCommitsNoPage)
            let c = await t.answer(retry, itemCount: t.fullPage)
            try t.expectItems(source: s, a + b + c, .failedLoadCommitsNoPage)
        }
    }

    static var controlsLeaveRefreshing: AdopterScenario {
        AdopterScenario(
            .controlsLeaveRefreshing, "header and footer leave their refreshing state on success and on failure"
        ) { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            try t.expectHeader(refreshing: true, .controlsLeaveRefreshing)
            await t.answer(first, itemCount: t.fullPage)
            try t.expectHeader(refreshing: false, .controlsLeaveRefreshing)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            try t.expectHeader(refreshing: true, .controlsLeaveRefreshing)
            await t.fail(refresh)
            try t.expectHeader(refreshing: false, .controlsLeaveRefreshing)
            await t.loadMore()
            let more = try await t.expectLoad(
                source: s, page: t.firstPage + 1, kind: .loadMore, .failedLoadCommitsNoPage)
            try t.expectFooter(.refreshing, .controlsLeaveRefreshing)
            await t.answer(more, itemCount: t.fullPage)
            try t.expectFooter(.idle, .controlsLeaveRefreshing)
            await t.loadMore()
            let failing = try await t.expectLoad(
                source: s, page: t.firstPage + 2, kind: .loadMore, .loadMoreAsksNextPage)
            try t.expectFooter(.refreshing, .controlsLeaveRefreshing)
            await t.fail(failing)
            try t.expectFooterNotRefreshing(.controlsLeaveRefreshing)
            try t.expectHeader(refreshing: false, .controlsLeaveRefreshing)
        }
    }

    static var oneLoadPerSource: AdopterScenario {
        AdopterScenario(.oneLoadPerSource, "one load per source, by the conflict rule") { t in
            let s = t.adopter.currentIndex
            let f = t.firstPage
            let rule = t.policy.conflictRule
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: f + 1, kind: .loadMore, .loadMoreAsksNextPage)
            await t.loadMore()
            try await t.expectNoLoad(.oneLoadPerSource)
            await t.refresh()
            var held: [TestItem]
            switch rule {
            case .refreshWins, .latestRefreshWins:
                let refresh = try await t.expectLoad(source: s, page: f, kind: .refresh, .oneLoadPerSource)
                try t.expectFooterNotRefreshing(.oneLoadPerSource)
                try t.expectHeader(refreshing: true, .oneLoadPerSource)
                if t.rig.loader.isPending(more) {
                    await t.answer(more, itemCount: t.fullPage)
                }
                // The superseded load-more's result is discarded: part of the conflict rule (S11).
                try t.expectItems(source: s, a, .oneLoadPerSource)
                held = await t.answer(refresh, itemCount: t.fullPage)
                try t.expectItems(source: s, held, .refreshReplacesItems)
            case .inFlightWins:
                try await t.expectNoLoad(.oneLoadPerSource)
                held = a + (await t.answer(more, itemCount: t.fullPage))
                try t.expectItems(source: s, held, .loadMoreAsksNextPage)
            }
            await t.refresh()
            let second = try await t.expectLoad(source: s, page: f, kind: .refresh, .refreshAsksFirstPage)
            await t.loadMore()
            try await t.expectNoLoad(.oneLoadPerSource)
            await t.refresh()
            switch rule {
            case .latestRefreshWins:
                let third = try await t.expectLoad(source: s, page: f, kind: .refresh, .oneLoadPerSource)
                if t.rig.loader.isPending(second) {
                    await t.answer(second, itemCount: t.fullPage)
                }
                // So is the superseded refresh's, under latestRefreshWins.
                try t.expectItems(source: s, held, .oneLoadPerSource)
                held = await t.answer(third, itemCount: t.fullPage)
            case .refreshWins, .inFlightWins:
                try await t.expectNoLoad(.oneLoadPerSource)
                held = await t.answer(second, itemCount: t.fullPage)
            }
            try t.expectItems(source: s, held, .refreshReplacesItems)
        }
    }

    static var resultAppliesToRequester: AdopterScenario {
        AdopterScenario(
            .resultAppliesToRequester, "a result applies to the source that asked; a stale one is discarded",
            minimumSources: 2
        ) {
            t in
            let s = t.adopter.currentIndex
            guard let o = t.secondSource(besides: s) else { return t.skip(.resultAppliesToRequester, .pagingSource) }
            let f = t.firstPage
            let first = try await t.appearAndExpectFirstLoad(source: s)
            await t.switchSource(to: o)
            let other = try await t.expectLoad(source: o, page: f, kind: .refresh, .sourcesKeepOwnState)
            let a = await t.answer(first, itemCount: t.fullPage)
            try t.expectItems(source: s, a, .resultAppliesToRequester)
            try t.expectItems(source: o, [], .resultAppliesToRequester)
            try t.expectLoading(source: o, true, .resultAppliesToRequester)
            try t.expectHeader(refreshing: true, .sourcesKeepOwnState)
            try t.expectFooter(hidden: true, .sourcesKeepOwnState)
            let b = await t.answer(other, itemCount: t.fullPage)
            try t.expectItems(source: o, b, .resultAppliesToRequester)
            try t.expectItems(source: s, a, .resultAppliesToRequester)

            // The load-mores run on the second source, or on the first when the second is one page.
            let (p, q) = t.pages(o) ? (o, s) : (s, o)
            if p != o {
                await t.switchSource(to: p)
                try await t.expectNoLoad(.sourcesKeepOwnState)
            }
            let held = p == o ? b : a
            t.rig.loader.cancellationBehavior = .ignoresCancellation
            await t.loadMore()
            let cancelled = try await t.expectLoad(source: p, page: f + 1, kind: .loadMore, .loadMoreAsksNextPage)
            await t.cancelLoading(source: p)
            await t.answer(cancelled, itemCount: t.fullPage)
            try t.expectItems(source: p, held, .resultAppliesToRequester)
            await t.loadMore()
            let retry = try await t.expectLoad(source: p, page: f + 1, kind: .loadMore, .failedLoadCommitsNoPage)
            let c = await t.answer(retry, itemCount: t.fullPage)
            try t.expectItems(source: p, held + c, .resultAppliesToRequester)

            await t.loadMore()
            let background = try await t.expectLoad(source: p, page: f + 2, kind: .loadMore, .loadMoreAsksNextPage)
            await t.switchSource(to: q)
            try await t.expectNoLoad(.sourcesKeepOwnState)
            let d = await t.answer(background, itemCount: t.fullPage)
            try t.expectItems(source: p, held + c + d, .resultAppliesToRequester)
            try t.expectItems(source: q, p == o ? a : b, .resultAppliesToRequester)
            try t.expectFooter(t.pages(q) ? .idle : t.endedFooter(source: q), .sourcesKeepOwnState)
            try t.expectHeader(refreshing: false, .sourcesKeepOwnState)
        }
    }

    static var sourcesKeepOwnState: AdopterScenario {
        AdopterScenario(
            .sourcesKeepOwnState, "each source keeps its own state; switching re-renders", minimumSources: 2
        ) { t in
            let s = t.adopter.currentIndex
            guard let o = t.secondSource(besides: s) else { return t.skip(.sourcesKeepOwnState, .pagingSource) }
            let f = t.firstPage
            // One source ends and the other stays open: the first ends by a short page, unless the
            // second is one page, which ends by any answer.
            let ended = t.pages(o) ? s : o
            let footer = { (source: Int) in source == ended ? t.endedFooter(source: source) : .idle }
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: ended == s ? t.shortPage : t.fullPage)
            try t.expectFooter(footer(s), ended == s ? .endOfList : .sourcesKeepOwnState)
            await t.switchSource(to: o)
            let other = try await t.expectLoad(source: o, page: f, kind: .refresh, .sourcesKeepOwnState)
            try t.expectFooter(hidden: true, .sourcesKeepOwnState)
            try t.expectHeader(refreshing: true, .sourcesKeepOwnState)
            let b = await t.answer(other, itemCount: t.fullPage)
            try t.expectFooter(footer(o), .sourcesKeepOwnState)
            try t.expectFooter(hidden: false, .sourcesKeepOwnState)
            try t.expectHeader(refreshing: false, .sourcesKeepOwnState)
            await t.switchSource(to: s)
            try await t.expectNoLoad(.sourcesKeepOwnState)
            try t.expectFooter(footer(s), .sourcesKeepOwnState)
            try t.expectFooter(hidden: false, .sourcesKeepOwnState)
            try t.expectItems(source: s, a, .sourcesKeepOwnState)
            try t.expectItems(source: o, b, .sourcesKeepOwnState)
            await t.loadMore()
            if ended == s {
                try await t.expectNoLoad(.sourcesKeepOwnState)
            } else {
                _ = try await t.expectLoad(source: s, page: f + 1, kind: .loadMore, .sourcesKeepOwnState)
            }
            await t.switchSource(to: o)
            try await t.expectNoLoad(.sourcesKeepOwnState)
            try t.expectFooter(footer(o), .sourcesKeepOwnState)
            await t.loadMore()
            if ended == o {
                try await t.expectNoLoad(.sourcesKeepOwnState)
            } else {
                _ = try await t.expectLoad(source: o, page: f + 1, kind: .loadMore, .sourcesKeepOwnState)
            }
        }
    }
}
