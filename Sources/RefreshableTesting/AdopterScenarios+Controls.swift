import Refreshable

extension AdopterScenario {
    /// E1: a user's pull goes through the adopter's own wiring of the control, and the control's
    /// late callback of the library's own begin (MJRefresh's) loads nothing.
    static var pullsGoThroughTheWiring: AdopterScenario {
        AdopterScenario(
            .controlActions, "a user's pull loads through the controls' wiring; their late callbacks load nothing"
        ) { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            await t.answerOpen(first)
            await t.completeBeginAnimations()
            try await t.expectNoLoad(.controlActions)
            if t.driver.hasHeader {
                guard t.rig.header.isWired else {
                    throw t.stop(.wiring, .wiring([.headerNotWired]))
                }
                guard await t.pullHeader() else {
                    throw t.stop(.controlsLeaveRefreshing, .headerRefreshing(expected: false, observed: true))
                }
                let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .controlActions)
                try t.expectHeader(refreshing: true, .controlActions)
                await t.answerOpen(refresh)
                try t.expectHeader(refreshing: false, .controlsLeaveRefreshing)
                await t.completeBeginAnimations()
                try await t.expectNoLoad(.controlActions)
            } else {
                t.skip(.controlActions, .header)
            }
            guard t.driver.hasFooter else {
                return t.skip(.controlActions, .footer)
            }
            guard t.driver.footerTakesPulls else {
                return t.skip(.controlActions, .footerWiring)
            }
            guard await t.pullFooter() else {
                try t.expectFooter(hidden: false, .footerHiddenWhileEmpty)
                throw t.stop(.controlsLeaveRefreshing, .footer(expected: .idle, observed: t.rig.footer.state))
            }
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .controlActions)
            try t.expectFooter(.refreshing, .controlActions)
            await t.answerOpen(more)
            try t.expectFooter(.idle, .controlsLeaveRefreshing)
            await t.completeBeginAnimations()
            try await t.expectNoLoad(.controlActions)
        }
    }

    /// D4: a footer hidden while the list is empty and shown again shows the end of the list
    /// again, though an MJRefresh auto footer forgets it when hidden.
    static var aFooterShownAgainShowsTheEnd: AdopterScenario {
        AdopterScenario(
            .footerShownAgainIsDrivenAfresh,
            "a footer hidden while the list is empty and shown again shows the end of the list again"
        ) { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            await t.answer(first, itemCount: t.shortPage)
            try t.expectFooter(t.endedFooter(source: s), .endOfList)
            await t.refresh()
            let emptying = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            await t.answer(emptying, itemCount: 0)
            try t.expectItems(source: s, [], .refreshReplacesItems)
            try t.expectFooter(hidden: true, .footerHiddenWhileEmpty)
            await t.refresh()
            let refilling = try await t.expectLoad(
                source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            let items = await t.answer(refilling, itemCount: t.shortPage)
            try t.expectItems(source: s, items, .refreshReplacesItems)
            try t.expectEnded(source: s, true, .endOfList)
            try t.expectFooter(hidden: false, .footerHiddenWhileEmpty)
            try t.expectFooter(t.endedFooter(source: s), .footerShownAgainIsDrivenAfresh)
        }
    }
}
