import Refreshable
import RefreshableTesting
import Testing

@MainActor
@Suite struct ConformanceSuiteTests {
    @Test func seedStyleDefaultsKeepEveryRule() async throws {
        try await RefreshableConformance.check { SeedStyleController(rig: $0) }
    }

    @Test func asyncStyleDefaultsKeepEveryRule() async throws {
        try await RefreshableConformance.check { AsyncStyleController(rig: $0) }
    }

    @Test func asyncStyleKeepsEveryRuleWhenTheServerIgnoresCancellation() async throws {
        let configuration = ConformanceConfiguration(cancellationBehavior: .ignoresCancellation)
        try await RefreshableConformance.check(configuration) { AsyncStyleController(rig: $0) }
    }

    @Test func anAdopterOverridingDefaultsCorrectlyKeepsEveryRule() async throws {
        try await RefreshableConformance.check(makeItem: Order.init) { CustomizedOrdersController(rig: $0) }
    }

    @Test func inFlightWinsIsCheckedAgainstItsOwnMeaning() async throws {
        let configuration = ConformanceConfiguration(policy: RefreshPolicy(pageSize: 3, conflictRule: .inFlightWins))
        try await RefreshableConformance.check(configuration) { SeedStyleController(rig: $0) }
        try await RefreshableConformance.check(configuration) { AsyncStyleController(rig: $0) }
    }

    @Test func latestRefreshWinsIsCheckedAgainstItsOwnMeaning() async throws {
        let configuration = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, conflictRule: .latestRefreshWins))
        try await RefreshableConformance.check(configuration) { SeedStyleController(rig: $0) }
        try await RefreshableConformance.check(configuration) { AsyncStyleController(rig: $0) }
    }

    @Test func zeroBasedPagesWithOneSourceAndAnMJRefreshTimedFooterKeepEveryRule() async throws {
        let configuration = ConformanceConfiguration(
            sourceCount: 1,
            policy: RefreshPolicy(pageSize: 2, firstPage: 0),
            footerTiming: .lastCallWins
        )
        try await RefreshableConformance.check(configuration) { AsyncStyleController(rig: $0) }
    }

    @Test func aFullyWiredAdopterLeavesNothingUnchecked() async throws {
        let report = try await RefreshableConformance.check { SeedStyleController(rig: $0) }
        #expect(report.unchecked.isEmpty, "\(report)")
        #expect(report.scenarioCount == RefreshableConformance.scenarioNames.count)
        #expect(report.randomizedSteps == 2_000)
        #expect(report.description.hasSuffix("nothing was left unchecked."))
    }

    @Test func anAdopterWithoutAListViewIsReportedAsLeavingS6PartlyUnchecked() async throws {
        let report = try await RefreshableConformance.check { NoListViewController(rig: $0) }
        #expect(report.uncheckedRules == [.s6, .s3])
        let entry = try #require(report.unchecked.first { $0.rule == .s6 })
        #expect(entry.reason.contains("refreshListView is nil"))
        #expect(report.description.contains("not checked:\n  S"))
    }

    @Test func aSingleSourceAdopterIsReportedAsSkippingTheMultiSourceScenarios() async throws {
        let report = try await RefreshableConformance.check(ConformanceConfiguration(sourceCount: 1)) {
            SeedStyleController(rig: $0)
        }
        #expect(report.uncheckedRules == [.s12, .multiSource])
        #expect(report.scenarioCount == RefreshableConformance.scenarioNames.count - 2)
    }

    @Test func aMiswiredAdopterIsReportedAsWiringOnly() async throws {
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check { MiswiredController(rig: $0) }
        }
        #expect(failure.violatedRules == [.wiring])
        #expect(failure.description.contains("refreshHeaderControl is TestHeaderControl, not rig.header"))
    }

    @Test func everyRuleOfDesignHasAScenario() {
        let covered = Set(RefreshableConformance.scenarioNames.map(\.rule))
        let designRules: Set<ConformanceRule> = [
            .s1, .s2, .s3, .s4, .s5, .s6, .s7, .s8, .s9, .s10, .s11, .s12, .multiSource,
        ]
        #expect(covered == designRules)
        #expect(RefreshableConformance.scenarioNames.count >= 19)
    }
}
