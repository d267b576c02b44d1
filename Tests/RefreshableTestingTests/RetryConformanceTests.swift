import Refreshable
import RefreshableTesting
import Testing

/// An async-style adopter whose runtime retries failed loads twice, on the rig's clock.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class RetryingController: TestAdopter {
    init(rig: ConformanceRig<TestItem>) {
        super.init(rig: rig, delivery: .async)
        refreshStatus.retry = RefreshRetry(maxRetries: 2, clock: rig.clock)
    }
}

/// R: retries on the rig's clock but turns every error into an empty page, as `try?` around the
/// request does: a failure never reaches the runtime, so nothing is retried and the list ends.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class SwallowingErrorsController: TestAdopter {
    init(rig: ConformanceRig<TestItem>) {
        super.init(rig: rig, delivery: .async)
        refreshStatus.retry = RefreshRetry(maxRetries: 2, clock: rig.clock)
    }

    override func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        (try? await super.loadPage(request)) ?? RefreshPage(items: [])
    }
}

/// The retry scenarios, run on the rig's clock in virtual time.
@MainActor
@Suite struct RetryConformanceTests {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aRetryingAdopterKeepsTheRetryRule() async throws {
        let report = try await RefreshableConformance.check { RetryingController(rig: $0) }
        #expect(RefreshableConformance.retryScenarioNames.count == 3)
        #expect(report.scenarioCount == RefreshableConformance.scenarioNames.count + 3)
        #expect(report.uncheckedRules == [.retry], "the random events do not run against a retrying list")
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func anAdopterThatSwallowsErrorsBreaksTheRetryRule() async throws {
        let configuration = ConformanceConfiguration(endOfListSignals: .all, randomizedSteps: 0)
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(configuration, rules: [.retry]) {
                SwallowingErrorsController(rig: $0)
            }
        }
        #expect(failure.violatedRules == [.retry])
        let first = try #require(failure.violations.first)
        #expect(first.scenario == "a failure shows only after the last retry")
        #expect(first.mismatch == .loading(source: 0, expected: true, observed: false))
    }
}
