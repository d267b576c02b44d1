import Refreshable
import RefreshableTesting
import Testing

/// An adopter whose runtime retries failed loads twice, on the rig's clock, async style.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
class RetryingController: AsyncTestAdopter {
    init(rig: ConformanceRig<TestItem>) {
        super.init(rig: rig)
        refreshStatus.retry = RefreshRetry(maxRetries: 2, clock: rig.clock)
    }
}

/// R: retries on the rig's clock but turns every error into an empty page, as `try?` around the
/// request does: a failure never reaches the runtime, so nothing is retried and the list ends.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class SwallowingErrorsController: RetryingController {
    override func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        (try? await super.loadPage(request)) ?? RefreshPage(items: [])
    }
}

/// A cursor feed whose runtime retries a failed load once, on the rig's clock.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class RetryingFeed: FeedController {
    override init(rig: ConformanceRig<TestItem>) {
        super.init(rig: rig)
        refreshStatus.retry = RefreshRetry(maxRetries: 1, clock: rig.clock)
    }
}

/// R: sets a retry policy but loads callback style, reporting its own results: the runtime cannot
/// ask again for it, so a failure shows after the first attempt.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class CallbackRetryController: TestAdopter {
    init(rig: ConformanceRig<TestItem>) {
        super.init(rig: rig, delivery: .callback)
        refreshStatus.retry = RefreshRetry(maxRetries: 2, clock: rig.clock)
    }
}

/// R: keeps a hand-written retry in its `loadPage(_:)` on top of the runtime's: a failed load is
/// asked again at once, without waiting.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class ImpatientRetryController: RetryingController {
    override func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        do {
            return try await super.loadPage(request)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return try await super.loadPage(request)
        }
    }
}

/// The retry scenarios, run on the rig's clock in virtual time.
@MainActor
@Suite struct RetryConformanceTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func aRetryingAdopterKeepsTheRetryRule() async throws {
        let configuration = ConformanceConfiguration()
        let report = try await RefreshableConformance.check(configuration) { RetryingController(rig: $0) }
        #expect(RefreshableConformance.retryScenarioNames.count == 4)
        #expect(report.scenarioCount == RefreshableConformance.scenarioNames.count + 4)
        #expect(report.uncheckedRules.isEmpty, "\(report.unchecked)")
        #expect(report.randomizedSteps == configuration.randomizedSteps, "the random events run for a retrying list")
        #expect(report.checkedRules.contains(.retry), "\(report)")
        #expect(report.description.contains(" R)") || report.description.contains(" R "), "\(report)")
    }

    @Test func aListThatDoesNotRetryIsNotReportedAsCheckedForRetries() async throws {
        let report = try await RefreshableConformance.check { TestAdopter(rig: $0) }
        #expect(!report.checkedRules.contains(.retry))
        #expect(report.checkedRules.contains(.endOfList))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(arguments: 0..<8)
    func aRetryingAdopterWhoseLoaderAwaitsAnActorKeepsEveryRule(run: Int) async throws {
        // The suite waits for each failure to land before it looks: the last one too, which an
        // actor hop delays (the retries asked for before it once counted as the reaction to it).
        let configuration = ConformanceConfiguration(seed: 41 + UInt64(run))
        let report = try await RefreshableConformance.check(configuration) { rig in
            let controller = AsyncTestAdopter(rig: rig, delivery: .actorClient)
            controller.refreshStatus.retry = RefreshRetry(maxRetries: 2, clock: rig.clock)
            return controller
        }
        #expect(report.uncheckedRules.isEmpty)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
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

/// The random events against adopters whose runtime retries: the reference model retries as the
/// library does, and catches a broken retry without the retry scenarios.
@MainActor
@Suite struct RetryModelCheckTests {
    /// The random events' failure for a broken retrying adopter: rule R, shrunk to three events at most.
    private func shortRetryFailure<Adopter: Refreshable>(
        _ makeAdopter: @MainActor (ConformanceRig<TestItem>) -> Adopter
    ) async throws -> ModelCheckFailure where Adopter.Item == TestItem {
        let result = await RefreshableModelCheck.run(steps: 2_000, makeAdopter: makeAdopter)
        let failure = try #require(result.failure, "the broken retry was not caught")
        #expect(failure.rule == .retry, "\(failure)")
        #expect(failure.events.count <= 3, "\(failure)")
        return failure
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func aCallbackAdopterWithARetryPolicyShowsTheFailureAtOnceAndTheRandomEventsCatchIt() async throws {
        let failure = try await shortRetryFailure { CallbackRetryController(rig: $0) }
        #expect(failure.events.last.map { if case .fail = $0 { true } else { false } } == true, "\(failure)")
        guard case .loading(_, expected: true, observed: false) = failure.mismatch else {
            Issue.record("the failure did not keep the source loading: \(failure)")
            return
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func anAdopterThatAsksAgainWithoutWaitingIsCaughtByTheRandomEvents() async throws {
        let failure = try await shortRetryFailure { ImpatientRetryController(rig: $0) }
        guard case .loads(let expected, let observed) = failure.mismatch else {
            Issue.record("\(failure)")
            return
        }
        #expect(expected.isEmpty && observed.count == 1, "\(failure)")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func aLoadFailedUntilItsLastRetryShowsItsFailureAndRetryNowLoadsItAgain() async throws {
        // Two retries: the first ends when its wait runs out, the second with retryNow(); the third
        // failure shows, and retryNow() with nothing waiting loads the failed source again.
        let events: [ModelEvent] = [
            .appear, .answer(pick: 0, itemCount: 3, signal: .none), .loadMore,
            .fail(pick: 0), .retryWaitEnds, .fail(pick: 0), .retryNow, .fail(pick: 0), .retryNow,
            .answer(pick: 0, itemCount: 3, signal: .none),
        ]
        let violation = await RefreshableModelCheck.replay(events) { RetryingController(rig: $0) }
        #expect(violation == nil, "\(violation.map { "\($0)" } ?? "")")
        let late = await RefreshableModelCheck.replay(events) { CallbackRetryController(rig: $0) }
        #expect(late?.rule == .retry)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func aRefreshOrACancelEndsTheWaitForARetryForGood() async throws {
        // A load-more waits for its retry; a refresh supersedes it, and the wait running out asks
        // for nothing. Then the refresh waits, is cancelled, and retryNow() finds nothing to load.
        let events: [ModelEvent] = [
            .appear, .answer(pick: 0, itemCount: 3, signal: .none), .loadMore, .fail(pick: 0),
            .refresh, .retryWaitEnds, .fail(pick: 0), .cancel(source: 0), .retryWaitEnds, .retryNow,
        ]
        let violation = await RefreshableModelCheck.replay(events) { RetryingController(rig: $0) }
        #expect(violation == nil, "\(violation.map { "\($0)" } ?? "")")
    }
}
