import Refreshable
import RefreshableTesting
import Testing

@MainActor
@Suite struct OutputConformanceTests {
    @Test func theDefaultStatusDispatchKeepsEveryRule() async throws {
        try await RefreshableConformance.checkOutput { DefaultOutput(refreshStatus: RefreshStatusRelay()) }
    }

    @Test func theDefaultStatusDispatchKeepsEveryRuleWithAnMJRefreshTimedFooter() async throws {
        try await RefreshableConformance.checkOutput(ConformanceConfiguration(footerTiming: .lastCallWins)) {
            DefaultOutput(refreshStatus: RefreshStatusRelay())
        }
    }

    @Test(arguments: [
        ConformanceConfiguration(headerTiming: .mjRefreshHeader(.manual), footerTiming: .mjRefreshAutoFooter),
        ConformanceConfiguration(
            headerTiming: .mjRefreshHeader(.turns(3)), footerTiming: .mjRefreshBackFooter(.turns(3))),
        ConformanceConfiguration(headerTiming: .uiRefreshControl, footerTiming: .mjRefreshBackFooter(.manual)),
    ])
    func theDefaultStatusDispatchKeepsEveryRuleUnderMJRefreshTimings(configuration: ConformanceConfiguration)
        async throws
    {
        try await RefreshableConformance.checkOutput(configuration) {
            DefaultOutput(refreshStatus: RefreshStatusRelay())
        }
    }

    @Test func redrawingTheHeaderOnEveryStatusIsCaughtEndingAPullWhileItsRequestRuns() async throws {
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.checkOutput {
                RedrawsTheHeaderOnEveryStatusOutput(refreshStatus: RefreshStatusRelay())
            }
        }
        #expect(failure.violatedRules == [.absentControls])
        let ended = try #require(failure.violations.first)
        #expect(ended.scenario == "a pull answered without a begin status spins until the view model publishes its end")
        #expect(ended.steps.last == "refreshStatus.value = .noMoreData")
        #expect(ended.mismatch == .headerRefreshing(expected: true, observed: false))
    }

    @Test func replayingStatusesAsCommandsIsCaughtAsOrderUnsafe() async throws {
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.checkOutput { NaiveReplayOutput(refreshStatus: RefreshStatusRelay()) }
        }
        #expect(failure.violatedRules == [.orderSafeDispatch])
        let late = try #require(failure.violations.first)
        #expect(late.scenario == "a late endFooterRefresh cannot undo noMoreData")
        #expect(late.steps.last == "refreshStatus.value = .endFooterRefresh")
        #expect(late.mismatch == .footer(expected: .noMoreData(title: nil), observed: .idle))
    }

    @Test func holdingTheControlsStronglyIsCaughtAsALeak() async throws {
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.checkOutput { LeakyOutput() }
        }
        #expect(failure.violatedRules == [.subscriptionLifetime])
        #expect(failure.violations.map(\.mismatch) == [.controlsRetained])
    }
}
