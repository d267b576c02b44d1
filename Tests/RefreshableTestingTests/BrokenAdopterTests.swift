import Refreshable
import RefreshableTesting
import Testing

/// Each deliberately broken adopter breaks one rule; the suite must name exactly that rule, in the
/// scenarios that exercise it, with the exact mismatch.
@MainActor
@Suite struct BrokenAdopterTests {
    /// Every signal declared, so that an adopter dropping one is caught rather than taken at its word.
    private let scenariosOnly = ConformanceConfiguration(endOfListSignals: .all, randomizedSteps: 0)

    private func failure<Adopter: Refreshable>(
        _ make: @MainActor (ConformanceRig<TestItem>) -> Adopter
    ) async throws -> ConformanceFailure where Adopter.Item == TestItem {
        try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(scenariosOnly, makeAdopter: make)
        }
    }

    /// The violations as (rule, scenario, mismatch), in the order the scenarios ran.
    private func found(_ failure: ConformanceFailure) -> [Found] {
        failure.violations.map { Found($0.rule, $0.scenario, $0.mismatch) }
    }

    private struct Found: Equatable, CustomStringConvertible {
        let rule: ConformanceRule
        let scenario: String
        let mismatch: ConformanceMismatch
        init(_ rule: ConformanceRule, _ scenario: String, _ mismatch: ConformanceMismatch) {
            (self.rule, self.scenario, self.mismatch) = (rule, scenario, mismatch)
        }
        var description: String { "\(rule) \(scenario): \(mismatch)" }
    }

    private func items(_ source: Int, _ page: Int, response: Int, count: Int = 3) -> [TestItem] {
        (0..<count).map { TestItem(source: source, page: page, index: $0, response: response) }
    }

    @Test func forgettingTheFirstLoadBreaksFirstAppearanceInEveryScenario() async throws {
        let failure = try await failure { NoFirstLoadController(rig: $0) }
        #expect(failure.violatedRules == [.firstAppearanceLoads])
        #expect(failure.violations.count == RefreshableConformance.scenarioNames.count)
        for violation in failure.violations {
            #expect(violation.mismatch == .loads(expected: [.refresh(source: 0, page: 1)], observed: []))
        }
    }

    @Test func appendingOnRefreshBreaksRefreshReplacesItems() async throws {
        let failure = try await failure { AppendingRefreshController(rig: $0) }
        #expect(
            found(failure) == [
                Found(
                    .refreshReplacesItems, "footer is hidden during the first load and while the list is empty",
                    .items(source: 0, expected: [], observed: items(0, 1, response: 2))),
                Found(
                    .refreshReplacesItems, "refresh replaces the items, which stay until the first page arrives",
                    .items(
                        source: 0, expected: items(0, 1, response: 3),
                        observed: items(0, 1, response: 1) + items(0, 2, response: 2) + items(0, 1, response: 3))),
                Found(
                    .refreshReplacesItems, "refresh asks for the first page, however far the list has loaded",
                    .items(
                        source: 0, expected: items(0, 1, response: 4),
                        observed: items(0, 1, response: 1) + items(0, 2, response: 2) + items(0, 3, response: 3)
                            + items(0, 1, response: 4))),
                Found(
                    .refreshReplacesItems, "one load per source, by the conflict rule",
                    .items(
                        source: 0, expected: items(0, 1, response: 3),
                        observed: items(0, 1, response: 1) + items(0, 1, response: 3))),
                Found(
                    .refreshReplacesItems,
                    "a footer hidden while the list is empty and shown again shows the end of the list again",
                    .items(source: 0, expected: [], observed: items(0, 1, response: 1, count: 2))),
                Found(
                    .refreshReplacesItems,
                    "a restored list shows its saved rows at once, refreshes behind them, and discards what the old state asked for",
                    .items(
                        source: 0, expected: items(0, 1, response: 3),
                        observed: items(0, 1, response: 1) + items(0, 1, response: 3))),
            ])
    }

    @Test func aStickyNoMoreDataBreaksRefreshResetsEndOfList() async throws {
        let failure = try await failure { StickyNoMoreDataController(rig: $0) }
        #expect(
            found(failure) == [
                Found(
                    .refreshResetsEndOfList, "a successful refresh reopens an ended list",
                    .footer(expected: .idle, observed: .noMoreData(title: "No more in source 0"))),
                // Its own flag outlives a logout too: the new state's footer shows the old end.
                Found(
                    .replacingStateCancelsOldLoads,
                    "replacing the state discards what the old state asked for and loads the new state's first page",
                    .footer(expected: .idle, observed: .noMoreData(title: "No more in source 0"))),
            ])
    }

    @Test func droppingDeclaredSignalsBreaksEndOfList() async throws {
        let failure = try await failure { SignalStrippingController(rig: $0) }
        #expect(
            found(failure) == [
                Found(
                    .endOfList, "hasMore: false ends the list even after a full page",
                    .endOfList(source: 0, expected: true, observed: false)),
                Found(
                    .endOfList, "curPage == pageCount ends the list",
                    .endOfList(source: 0, expected: true, observed: false)),
                Found(
                    .endOfList, "reaching totalCount ends the list",
                    .endOfList(source: 0, expected: true, observed: false)),
                Found(
                    .endOfList, "the server's signal keeps the list open after a short page",
                    .endOfList(source: 0, expected: false, observed: true)),
                Found(
                    .endOfList, "load-more asks for the page after the last one that loaded and appends it",
                    .endOfList(source: 0, expected: false, observed: true)),
            ])
    }

    @Test func anAdopterDroppingEverySignalIsTakenAsForwardingNoneWhenNothingIsDeclared() async throws {
        let report = try await RefreshableConformance.check { SignalStrippingController(rig: $0) }
        #expect(report.endOfListSignals == [])
        #expect(report.signalsWereFound)
        #expect(report.description.contains("end-of-list signals [] (found by probing)"))
    }

    @Test func derivingTheNextPageFromTheItemCountBreaksLoadMoreAsksNextPage() async throws {
        let failure = try await failure { NextPageFromItemCountController(rig: $0) }
        #expect(
            found(failure) == [
                Found(
                    .loadMoreAsksNextPage, "the server's signal keeps the list open after a short page",
                    .loads(expected: [.loadMore(source: 0, page: 2)], observed: [.loadMore(source: 0, page: 1)])),
                Found(
                    .loadMoreAsksNextPage, "load-more asks for the page after the last one that loaded and appends it",
                    .loads(expected: [.loadMore(source: 0, page: 4)], observed: [.loadMore(source: 0, page: 3)])),
            ])
        #expect(failure.violations.last?.steps.last == "loadMore()")
    }

    @Test func swallowingFailuresBreaksFailureIsShown() async throws {
        let failure = try await failure { SilentFailureController(rig: $0) }
        #expect(
            found(failure) == [
                Found(
                    .failureIsShown, "a failure with items shows a message and keeps the items",
                    .failureMessages(expected: 1, observed: 0))
            ])
    }

    @Test func pageMinusOneOnFailureBreaksFailedLoadCommitsNoPage() async throws {
        let failure = try await failure { PageMinusOneController(rig: $0) }
        #expect(
            found(failure) == [
                Found(
                    .failedLoadCommitsNoPage, "a failed load commits no page",
                    .loads(expected: [.loadMore(source: 0, page: 3)], observed: [.loadMore(source: 0, page: 1)])),
                Found(
                    .failedLoadCommitsNoPage,
                    "header and footer leave their refreshing state on success and on failure",
                    .loads(expected: [.loadMore(source: 0, page: 2)], observed: [.loadMore(source: 0, page: 1)])),
                Found(
                    .failedLoadCommitsNoPage, "a result applies to the source that asked; a stale one is discarded",
                    .loads(expected: [.loadMore(source: 1, page: 2)], observed: [.loadMore(source: 1, page: 3)])),
            ])
        let first = try #require(failure.violations.first)
        #expect(first.steps.suffix(3) == ["refresh()", "fail #4 refresh(source: 0, page: 1)", "loadMore()"])
    }

    @Test func endingTheHeaderOnlyOnSuccessBreaksControlsLeaveRefreshing() async throws {
        let failure = try await failure { HeaderEndsOnlyOnSuccessController(rig: $0) }
        #expect(failure.violatedRules == [.controlsLeaveRefreshing])
        #expect(failure.violations.count == 2)
        for violation in failure.violations {
            #expect(violation.mismatch == .headerRefreshing(expected: false, observed: true))
        }
    }

    @Test func lettingLoadMoreWinBreaksOneLoadPerSource() async throws {
        let failure = try await failure { LoadMoreWinsController(rig: $0) }
        #expect(
            found(failure) == [
                Found(
                    .oneLoadPerSource, "one load per source, by the conflict rule",
                    .loads(
                        expected: [.refresh(source: 0, page: 1)],
                        observed: [.loadMore(source: 0, page: 2), .refresh(source: 0, page: 1)]))
            ])
    }

    @Test func applyingResultsToTheCurrentSourceBreaksResultAppliesToRequester() async throws {
        let failure = try await failure { CurrentSourceController(rig: $0) }
        // It also applies the superseded load-more's result to the refresh that cancelled it, which
        // the conflict rule covers ("whose result is then discarded"): one load per source as well.
        #expect(
            found(failure) == [
                Found(
                    .oneLoadPerSource, "one load per source, by the conflict rule",
                    .items(source: 0, expected: items(0, 1, response: 1), observed: items(0, 2, response: 2))),
                Found(
                    .resultAppliesToRequester, "a result applies to the source that asked; a stale one is discarded",
                    .items(source: 0, expected: items(0, 1, response: 1), observed: [])),
                // The old state's late answer lands in the new state's first load.
                Found(
                    .replacingStateCancelsOldLoads,
                    "replacing the state discards what the old state asked for and loads the new state's first page",
                    .items(source: 0, expected: [], observed: items(0, 1, response: 2))),
                // The same through a restore: the old load-more's answer lands in the restored
                // list's background refresh.
                Found(
                    .restoring,
                    "a restored list shows its saved rows at once, refreshes behind them, and discards what the old state asked for",
                    .items(source: 0, expected: items(0, 1, response: 1), observed: items(0, 2, response: 2))),
            ])
        let violation = try #require(failure.violations.first { $0.rule == .resultAppliesToRequester })
        #expect(violation.steps.contains("switchSource(to: 1)"))
    }

    @Test func resettingTheClockOnEveryLoadBreaksStaleness() async throws {
        let failure = try await failure { ClockResettingController(rig: $0) }
        #expect(
            found(failure) == [
                Found(
                    .staleness, "a list refreshes on return to the foreground once it is older than asked",
                    .loads(expected: [.refresh(source: 0, page: 1)], observed: []))
            ])
    }

    @Test func refreshingOnAnOfflineFailureBreaksOffline() async throws {
        let failure = try await failure { RefreshingWhenOfflineController(rig: $0) }
        #expect(
            found(failure) == [
                Found(
                    .offline, "offline, a load fails at once and keeps the items; online, it loads again",
                    .loads(expected: [.loadMore(source: 0, page: 2)], observed: [.refresh(source: 0, page: 1)]))
            ])
    }

    @Test func loadingOnlyTheVisibleTabBreaksOffline() async throws {
        let failure = try await failure { LoadsOnlyTheVisibleTabController(rig: $0) }
        #expect(
            found(failure) == [
                Found(
                    .offline,
                    "online again, every source asks again for what failed; a failed first load loads when shown again",
                    .loads(expected: [.refresh(source: 1, page: 1)], observed: []))
            ])
    }

    @Test func startingOverWhenTheStateIsReplacedBreaksRestoring() async throws {
        let failure = try await failure { StartsOverOnResetController(rig: $0) }
        #expect(failure.violatedRules == [.restoring])
        let violation = try #require(failure.violations.first)
        #expect(
            violation.scenario
                == "a restored list shows its saved rows at once, refreshes behind them, and discards what the old state asked for"
        )
        #expect(violation.mismatch == .items(source: 0, expected: items(0, 1, response: 1), observed: []))
        #expect(violation.steps.contains("try refreshStatus.restore(from: saved)"))
    }

    @Test func reportingWithAKeptRequestInsteadOfTheCapturedOneBreaksReplacingTheState() async throws {
        let failure = try await failure { KeptRequestController(rig: $0) }
        #expect(
            found(failure) == [
                Found(
                    .replacingStateCancelsOldLoads,
                    "replacing the state discards what the old state asked for and loads the new state's first page",
                    .items(source: 0, expected: [], observed: items(0, 1, response: 2)))
            ])
        let violation = try #require(failure.violations.first)
        #expect(violation.steps.contains("refreshStatus.sources = a fresh state for every source (a logout)"))
    }

    @Test func hidingTheFooterBehindTheLibrarysBackBreaksAFooterShownAgainOnAnAutoFooter() async throws {
        let autoFooter = ConformanceConfiguration(
            footerTiming: .mjRefreshAutoFooter, endOfListSignals: .all, randomizedSteps: 0)
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(autoFooter) { OwnFooterHidingController(rig: $0) }
        }
        #expect(
            found(failure) == [
                Found(
                    .footerShownAgainIsDrivenAfresh,
                    "a footer hidden while the list is empty and shown again shows the end of the list again",
                    .footer(expected: .noMoreData(title: "No more in source 0"), observed: .idle))
            ])
        // A footer that does not change itself keeps what the library drove it to.
        try await RefreshableConformance.check(scenariosOnly) { OwnFooterHidingController(rig: $0) }
    }

    @Test func aMiswiredAdopterIsReportedAsWiringOnly() async throws {
        let failure = try await failure { MiswiredController(rig: $0) }
        #expect(
            found(failure) == [
                Found(.wiring, "the adopter is wired to the rig", .wiring([.header("TestHeaderControl")]))
            ])
    }

    @Test func anIdentityThatReadsNoIntegerIsReportedAsWiringBeforeAnyEdit() async throws {
        // Identifies its items by their description, a `String`: the suite, which edits items by
        // their integer id, could reach none of them.
        let failure = try await failure { rig in
            let adopter = TestAdopter(rig: rig)
            adopter.refreshStatus.identity = RefreshItemIdentity(\.description)
            return adopter
        }
        #expect(
            found(failure) == [
                Found(.wiring, "the adopter is wired to the rig", .wiring([.identityIDType("String", itemID: "Int")]))
            ])
        #expect(
            failure.description.contains("pass ConformanceConfiguration(itemID:) the id your makeItem gives the item"))
    }

    @Test func theReportNamesRuleScenarioStepsAndExpectedVersusObserved() async throws {
        let failure = try await failure { PageMinusOneController(rig: $0) }
        let text = failure.description
        #expect(
            text.hasPrefix(
                "PageMinusOneController broke S9 in 3 scenario(s), under its policy RefreshPolicy(pageSize: 3, firstPage: 1, conflictRule: refreshWins):"
            ))
        #expect(text.contains("[S9] A failed load commits no page"))
        // The shortest of the rule's three violations, then how many more there are.
        #expect(text.contains("scenario: header and footer leave their refreshing state on success and on failure"))
        #expect(text.contains("expected: new load(s) loadMore(source: 0, page: 2)"))
        #expect(text.contains("observed: new load(s) loadMore(source: 0, page: 1)"))
        #expect(text.hasSuffix("and 2 more violation(s) of the same rule(s), in the failure's violations"))
        #expect(failure.violations.count == 3)
    }
}
