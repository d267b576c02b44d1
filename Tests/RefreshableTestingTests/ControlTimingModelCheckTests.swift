import Foundation
import Refreshable
import RefreshableTesting
import Testing

/// The model check with doubles that reproduce each real control's timing: MJRefresh's late
/// begin-animation callbacks, auto footers that call back from `beginRefreshing()` and forget the
/// end of the list when hidden, and end commands applied on the next turn. The library ignores the
/// late callbacks, so the reference model, which knows nothing of them, must still hold.
@MainActor
@Suite struct ControlTimingModelCheckTests {
    /// Random events per mode; set REFRESHABLE_SOAK_STEPS for a longer soak.
    private var steps: Int {
        ProcessInfo.processInfo.environment["REFRESHABLE_SOAK_STEPS"].flatMap(Int.init) ?? 100_000
    }

    nonisolated static let modes: [(header: TestHeaderControl.Timing, footer: TestFooterControl.Timing)] = [
        (.uiRefreshControl, .immediate),
        (.mjRefreshHeader(.turns(2)), .mjRefreshAutoFooter),
        (.mjRefreshHeader(.turns(5)), .mjRefreshBackFooter(.turns(3))),
    ]

    @Test(arguments: 0..<modes.count)
    func callbackStyleDefaultsMatchTheModelWithRealControlTiming(mode: Int) async {
        let configuration = ConformanceConfiguration(
            headerTiming: Self.modes[mode].header,
            footerTiming: Self.modes[mode].footer,
            seed: 7_001 + UInt64(mode)
        )
        let result = await RefreshableModelCheck.run(configuration, steps: steps) { TestAdopter(rig: $0) }
        #expect(result.steps == steps)
        if let failure = result.failure {
            Issue.record(failure)
        }
    }

    @Test(arguments: 0..<modes.count)
    func asyncStyleDefaultsMatchTheModelWithRealControlTiming(mode: Int) async {
        let configuration = ConformanceConfiguration(
            headerTiming: Self.modes[mode].header,
            footerTiming: Self.modes[mode].footer,
            seed: 8_001 + UInt64(mode)
        )
        let result = await RefreshableModelCheck.run(configuration, steps: steps / 4) {
            AsyncTestAdopter(rig: $0)
        }
        #expect(result.steps == steps / 4)
        if let failure = result.failure {
            Issue.record(failure)
        }
    }

    private static let headerWiredToRefresh = ConformanceConfiguration(
        headerTiming: .mjRefreshHeader(.turns(2)), footerTiming: .mjRefreshAutoFooter, seed: 9_501)

    /// The failure the random events find for a header action wired to `refresh()`.
    private func headerWiredToRefreshFailure() async throws -> ModelCheckFailure {
        let result = await RefreshableModelCheck.run(Self.headerWiredToRefresh, steps: 20_000) {
            RefreshFromHeaderActionController(rig: $0)
        }
        return try #require(result.failure, "a header action wired to refresh() was not caught")
    }

    @Test func aHeaderActionWiredToRefreshIsCaughtThroughTheAdoptersOwnWiring() async throws {
        let failure = try await headerWiredToRefreshFailure()
        #expect(failure.events.count <= 12, "\(failure)")
    }

    /// The late callback completes on a turn the rig counts, not on a task's own yields, whose
    /// order against the rig's differs from run to run: so the shrunk failure replays every time.
    @Test func aFailureFoundWithTimedBeginAnimationsReplaysEveryTime() async throws {
        let failure = try await headerWiredToRefreshFailure()
        let configuration = Self.headerWiredToRefresh
        var replays: [ConformanceRule?] = []
        for _ in 0..<50 {
            let violation = await RefreshableModelCheck.replay(failure.events, configuration: configuration) {
                RefreshFromHeaderActionController(rig: $0)
            }
            replays.append(violation?.rule)
        }
        #expect(replays.allSatisfy { $0 == failure.rule }, "\(replays)")
    }

    @Test(arguments: 0..<modes.count, TestServer.all)
    func aFaithfulAdopterMatchesTheModelWithRealControlTiming(mode: Int, server: TestServer) async {
        let configuration = ConformanceConfiguration(
            headerTiming: Self.modes[mode].header,
            footerTiming: Self.modes[mode].footer,
            seed: 9_001 + UInt64(mode)
        )
        let result = await RefreshableModelCheck.run(configuration, steps: steps / 10) {
            TestAdopter(rig: $0, delivery: .mainHop, forwards: server.fields, policy: server.policy)
        }
        #expect(result.steps == steps / 10)
        if let failure = result.failure {
            Issue.record(failure)
        }
    }
}
