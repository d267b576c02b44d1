import Refreshable
import RefreshableTesting
import Testing

@MainActor
@Suite struct ConformanceSuiteTests {
    @Test func seedStyleDefaultsKeepEveryRule() async throws {
        try await RefreshableConformance.check { TestAdopter(rig: $0) }
    }

    @Test func asyncStyleDefaultsKeepEveryRule() async throws {
        try await RefreshableConformance.check { AsyncTestAdopter(rig: $0) }
    }

    @Test func asyncStyleKeepsEveryRuleWhenTheServerIgnoresCancellation() async throws {
        let configuration = ConformanceConfiguration(cancellationBehavior: .ignoresCancellation)
        try await RefreshableConformance.check(configuration) { AsyncTestAdopter(rig: $0) }
    }

    @Test func anAdopterOverridingDefaultsCorrectlyKeepsEveryRule() async throws {
        try await RefreshableConformance.check(makeItem: Order.init) { CustomizedOrdersController(rig: $0) }
    }

    @Test func inFlightWinsIsCheckedAgainstItsOwnMeaning() async throws {
        let configuration = ConformanceConfiguration(policy: RefreshPolicy(pageSize: 3, conflictRule: .inFlightWins))
        try await RefreshableConformance.check(configuration) { TestAdopter(rig: $0) }
        try await RefreshableConformance.check(configuration) { AsyncTestAdopter(rig: $0) }
    }

    @Test func latestRefreshWinsIsCheckedAgainstItsOwnMeaning() async throws {
        let configuration = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, conflictRule: .latestRefreshWins))
        try await RefreshableConformance.check(configuration) { TestAdopter(rig: $0) }
        try await RefreshableConformance.check(configuration) { AsyncTestAdopter(rig: $0) }
    }

    @Test func zeroBasedPagesWithOneSourceAndAnMJRefreshTimedFooterKeepEveryRule() async throws {
        let configuration = ConformanceConfiguration(
            sourceCount: 1,
            policy: RefreshPolicy(pageSize: 2, firstPage: 0),
            footerTiming: .lastCallWins
        )
        try await RefreshableConformance.check(configuration) { AsyncTestAdopter(rig: $0) }
    }

    @Test func aFullyWiredAdopterLeavesNothingUnchecked() async throws {
        let report = try await RefreshableConformance.check { TestAdopter(rig: $0) }
        #expect(report.unchecked.isEmpty, "\(report)")
        #expect(report.scenarioCount == RefreshableConformance.scenarioNames.count)
        #expect(report.randomizedSteps == 2_000)
        #expect(report.description.hasSuffix("nothing was left unchecked."))
    }

    @Test func anAdopterWithoutAListViewIsReportedAsLeavingS6PartlyUnchecked() async throws {
        let report = try await RefreshableConformance.check { NoListViewController(rig: $0) }
        #expect(report.uncheckedRules == [.failureIsShown, .refreshReplacesItems])
        let entry = try #require(report.unchecked.first { $0.rule == .failureIsShown })
        #expect(entry.reason.contains("refreshListView is nil"))
        #expect(report.description.contains("not checked:\n  S"))
    }

    @Test func aSingleSourceAdopterIsReportedAsSkippingTheMultiSourceScenarios() async throws {
        let report = try await RefreshableConformance.check(ConformanceConfiguration(sourceCount: 1)) {
            TestAdopter(rig: $0)
        }
        #expect(report.uncheckedRules == [.resultAppliesToRequester, .sourcesKeepOwnState, .offline])
        #expect(report.scenarioCount == RefreshableConformance.scenarioNames.count - 3)
    }

    @Test func aRulesSubsetRunsItsScenariosAndTheRandomEvents() async throws {
        let report = try await RefreshableConformance.check(rules: [.failedLoadCommitsNoPage]) {
            TestAdopter(rig: $0)
        }
        #expect(report.scenarioCount == 1)
        #expect(report.randomizedSteps == 2_000)
        #expect(report.unchecked.isEmpty)
    }

    @Test func theRandomEventsGoPastADivergenceFromARuleLeftOutAndReportItAsUnchecked() async throws {
        let report = try await RefreshableConformance.check(rules: [.failedLoadCommitsNoPage]) {
            LoadMoreWinsController(rig: $0)
        }
        #expect(report.randomizedSteps == 2_000)
        #expect(report.uncheckedRules == [.oneLoadPerSource])
    }

    @Test func everyRuleOfDesignHasAScenario() {
        let covered = Set(RefreshableConformance.scenarioNames.map(\.rule))
        let designRules: Set<ConformanceRule> = [
            .firstAppearanceLoads, .footerHiddenWhileEmpty, .refreshReplacesItems, .refreshResetsEndOfList, .endOfList,
            .failureIsShown, .refreshAsksFirstPage, .loadMoreAsksNextPage, .failedLoadCommitsNoPage,
            .controlsLeaveRefreshing, .oneLoadPerSource, .resultAppliesToRequester, .replacingStateCancelsOldLoads,
            .sourcesKeepOwnState, .footerShownAgainIsDrivenAfresh, .controlActions, .staleness, .offline, .restoring,
        ]
        #expect(covered == designRules)
        #expect(RefreshableConformance.scenarioNames.count >= 19)
    }
}
