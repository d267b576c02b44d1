import Foundation
import Refreshable
import RefreshableTesting
import Testing

@MainActor
@Suite struct ModelCheckTests {
    /// The number of random events for the seed-style run (a quarter of it for the async style);
    /// set REFRESHABLE_SOAK_STEPS for a longer soak. Rates come from `Scripts/model-check-rate.sh`,
    /// never from this test.
    private var steps: Int {
        ProcessInfo.processInfo.environment["REFRESHABLE_SOAK_STEPS"].flatMap(Int.init) ?? 100_000
    }

    private func run<Adopter: Refreshable>(
        steps: Int,
        _ make: @MainActor (ConformanceRig<TestItem>) -> Adopter
    ) async -> ModelCheckResult where Adopter.Item == TestItem {
        await RefreshableModelCheck.run(ConformanceConfiguration(seed: 2_024), steps: steps, makeAdopter: make)
    }

    @Test func seedStyleDefaultsMatchTheModel() async throws {
        let result = await run(steps: steps) { SeedStyleController(rig: $0) }
        #expect(result.steps == steps)
        if let failure = result.failure {
            Issue.record(failure)
        }
    }

    @Test func asyncStyleDefaultsMatchTheModel() async throws {
        let result = await run(steps: steps / 4) { AsyncStyleController(rig: $0) }
        #expect(result.steps == steps / 4)
        if let failure = result.failure {
            Issue.record(failure)
        }
    }

    @Test func aStaleResultAppliedToTheCurrentSourceIsFoundWithSeedAndShortSequence() async throws {
        let result = await RefreshableModelCheck.run(steps: 20_000) { CurrentSourceController(rig: $0) }
        let failure = try #require(result.failure)
        #expect(failure.rule == .s12)
        #expect(failure.events.count <= 8, "shrunk to \(failure.events)")
        #expect(failure.events.count < failure.originalEventCount)
        #expect(failure.violation.seed == failure.seed)
        #expect(failure.description.contains("seed: \(failure.seed)"))
        let replayed = await RefreshableModelCheck.replay(failure.events) {
            CurrentSourceController(rig: $0)
        }
        #expect(replayed?.rule == .s12)
        let unshrunk = ModelEvent.sequence(
            seed: failure.seed, count: failure.originalEventCount, sourceCount: 3, pageSize: 3)
        let again = await RefreshableModelCheck.replay(unshrunk) { CurrentSourceController(rig: $0) }
        #expect(again?.rule == .s12, "the seed alone reproduces the failure")
    }

    @Test(arguments: [
        ("sticky no-more-data", ConformanceRule.s4),
        ("page minus one", ConformanceRule.s9),
        ("appending refresh", ConformanceRule.s3),
    ])
    func brokenAdoptersDivergeFromTheModel(name: String, rule: ConformanceRule) async throws {
        let configuration = ConformanceConfiguration()
        let result: ModelCheckResult
        switch rule {
        case .s4:
            result = await RefreshableModelCheck.run(configuration, steps: 20_000) {
                StickyNoMoreDataController(rig: $0)
            }
        case .s9:
            result = await RefreshableModelCheck.run(configuration, steps: 20_000) { PageMinusOneController(rig: $0) }
        default:
            result = await RefreshableModelCheck.run(configuration, steps: 20_000) {
                AppendingRefreshController(rig: $0)
            }
        }
        let failure = try #require(result.failure, "\(name) was not caught")
        #expect(failure.rule == rule, "\(failure)")
        #expect(failure.events.count <= 12, "\(failure)")
    }
}
