import Refreshable
import RefreshableTesting
import Testing

/// The suite's verdict must not depend on how an adopter delivers its loads and results.
@MainActor
@Suite struct DeliveryStyleTests {
    @Test func aSeedStyleAdopterWhoseCompletionHopsToTheMainActorKeepsEveryRule() async throws {
        try await RefreshableConformance.check { TestAdopter(rig: $0, delivery: .mainHop) }
    }

    @Test func aSeedStyleAdopterWhoseCompletionHopsToTheMainActorMatchesTheModel() async throws {
        let result = await RefreshableModelCheck.run(steps: 20_000) { TestAdopter(rig: $0, delivery: .mainHop) }
        if let failure = result.failure {
            Issue.record(failure)
        }
        #expect(result.steps == 20_000)
    }

    @Test func anAdopterWhoseLoadPageAwaitsAnotherActorKeepsEveryRule() async throws {
        try await RefreshableConformance.check { AsyncTestAdopter(rig: $0, delivery: .actorClient) }
    }
}
