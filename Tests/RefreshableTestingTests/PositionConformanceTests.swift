import Refreshable
import RefreshableTesting
import Testing

/// The suite against capped lists that refresh around the position (rule A), through each front
/// door, and the broken adopter it catches.
@MainActor
@Suite struct PositionConformanceTests {
    private static func policy(_ paging: RefreshPolicy.Paging) -> RefreshPolicy {
        RefreshPolicy(pageSize: 3, paging: paging, maxPages: 3, refreshesAroundPosition: true)
    }

    @Test(arguments: [RefreshPolicy.Paging.pageNumbers, .cursors])
    func aControllerThatRefreshesAroundThePositionKeepsEveryRule(paging: RefreshPolicy.Paging) async throws {
        let configuration = ConformanceConfiguration(policy: Self.policy(paging), endOfListSignals: .all)
        let report = try await RefreshableConformance.check(configuration) { FeedController(rig: $0) }
        #expect(report.checkedRules.contains(.refreshAroundPosition))
        #expect(report.unchecked.isEmpty, "\(report)")
    }

    @Test func aListModelThatRefreshesAroundThePositionKeepsEveryRule() async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let configuration = ConformanceConfiguration(policy: Self.policy(.pageNumbers), endOfListSignals: .all)
        let report = try await RefreshableConformance.checkListModel(configuration, makeItem: testItem) { rig in
            let loader = rig.loader
            return RefreshListModel(RefreshRuntime(rig.makeSources())) { try await loader.load($0) }
        }
        #expect(report.checkedRules.contains(.refreshAroundPosition))
        #expect(report.unchecked.isEmpty, "\(report)")
    }

    @Test func aControllerWhoseRefreshAlwaysLoadsPageOneBreaksRuleA() async throws {
        let configuration = ConformanceConfiguration(
            policy: Self.policy(.pageNumbers), endOfListSignals: .all, randomizedSteps: 0)
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(configuration) { FirstPageRefreshFeed(rig: $0) }
        }
        #expect(failure.violatedRules == [.refreshAroundPosition], "\(failure)")
        let violation = try #require(failure.violations.first)
        #expect(
            violation.scenario == "a capped list scrolled deep refreshes the page the user is on, then loads outward")
        #expect(
            violation.mismatch
                == .loads(expected: [.refresh(source: 0, page: 3)], observed: [.refresh(source: 0, page: 1)]))
    }

    @Test(arguments: [RefreshPolicy.Paging.pageNumbers, .cursors])
    func theRandomEventsCatchARefreshThatAlwaysLoadsPageOne(paging: RefreshPolicy.Paging) async throws {
        let configuration = ConformanceConfiguration(policy: Self.policy(paging), seed: 22)
        let result = await RefreshableModelCheck.run(configuration, steps: 20_000) { FirstPageRefreshFeed(rig: $0) }
        let failure = try #require(result.failure, "a feed that always refreshes page 1 was not caught")
        #expect(failure.rule == .refreshAroundPosition, "\(failure)")
        #expect(failure.events.contains { if case .rowAppears = $0 { true } else { false } }, "\(failure)")
    }

    @Test(arguments: [RefreshPolicy.Paging.pageNumbers, .cursors])
    func theRandomEventsAgreeWithAControllerThatRefreshesAroundThePosition(paging: RefreshPolicy.Paging) async {
        let configuration = ConformanceConfiguration(policy: Self.policy(paging), seed: 2_211)
        let result = await RefreshableModelCheck.run(configuration, steps: 20_000) { FeedController(rig: $0) }
        #expect(result.failure == nil, "\(result.failure.map { "\($0)" } ?? "")")
    }

    @Test func withoutTheSettingTheScenariosOfRuleADoNotRun() async throws {
        let configuration = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, maxPages: 3), endOfListSignals: .all)
        let report = try await RefreshableConformance.check(configuration) { FirstPageRefreshFeed(rig: $0) }
        #expect(!report.checkedRules.contains(.refreshAroundPosition))
        #expect(report.unchecked.isEmpty, "\(report)")
    }
}

/// A: refreshes its first page whatever page the library asks for, as a feed whose API call for a
/// refresh hard-codes page 1: a capped list scrolled deep loses the user's place.
final class FirstPageRefreshFeed: FeedController {
    override func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        guard request.isRefresh else { return try await super.loadPage(request) }
        return try await loader.load(source: request.source, page: refreshStatus.policy.firstPage, kind: .refresh)
    }
}
