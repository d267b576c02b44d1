import Foundation
import Refreshable
import RefreshableTesting
import Testing

/// The suite and the model check against lists with an identity (de-duplication and local edits
/// by id) and against servers that number their answers differently from their requests.
@MainActor
@Suite struct IdentityConformanceTests {
    @Test(arguments: [RefreshItemIdentity<TestItem>.DuplicateRule.keepHeld, .takeNewer])
    func theDefaultsKeepTheIdentityRulesInEveryScenario(duplicates: RefreshItemIdentity<TestItem>.DuplicateRule)
        async throws
    {
        let configuration = ConformanceConfiguration(randomizedSteps: 0, duplicates: duplicates)
        let report = try await RefreshableConformance.check(configuration) { AsyncTestAdopter(rig: $0) }
        let identityScenarios = RefreshableConformance.identityScenarioNames
        #expect(
            Set(identityScenarios.map(\.rule)) == [
                .itemsHeldOnce, .removalSticks, .serverCopyReplacesEdit, .pendingItemsStay, .progress,
            ])
        #expect(report.scenarioCount == RefreshableConformance.scenarioNames.count + identityScenarios.count)
        #expect(report.unchecked.isEmpty, "\(report)")
    }

    @Test func anIdentityOverStringIdsKeepsEveryRuleThatEditsNothingByID() async throws {
        // Most servers send String ids: without `itemID`, the suite cannot edit such items by id, but
        // with the rules that do left out, it checks the rest, de-duplication and random events
        // included.
        let rules = Set(ConformanceRule.allCases).subtracting([
            .removalSticks, .serverCopyReplacesEdit, .pendingItemsStay,
        ])
        let configuration = ConformanceConfiguration(randomizedSteps: 2_000)
        let report = try await RefreshableConformance.check(configuration, rules: rules) { rig in
            let adopter = AsyncTestAdopter(rig: rig)
            adopter.refreshStatus.identity = RefreshItemIdentity(\.stringID)
            return adopter
        }
        #expect(report.checkedRules.contains(.itemsHeldOnce))
        #expect(report.checkedRules.contains(.progress))
        #expect(report.checkedRules.isDisjoint(with: [.removalSticks, .serverCopyReplacesEdit, .pendingItemsStay]))
        #expect(report.randomizedSteps == 2_000)
    }

    @Test func anIdentityOverStringIdsIsRefusedWhenARuleThatEditsByIDIsAskedFor() async throws {
        await #expect(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(rules: [.removalSticks]) { rig in
                let adopter = AsyncTestAdopter(rig: rig)
                adopter.refreshStatus.identity = RefreshItemIdentity(\.stringID)
                return adopter
            }
        }
    }

    @Test func identityScenariosDoNotRunForAListWithoutAnIdentity() async throws {
        let report = try await RefreshableConformance.check(ConformanceConfiguration(randomizedSteps: 0)) {
            TestAdopter(rig: $0)
        }
        #expect(report.scenarioCount == RefreshableConformance.scenarioNames.count)
    }

    @Test func anOffsetPolicyRunsTheNumberingScenarioAndKeepsEveryRule() async throws {
        let configuration = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, firstPage: 0, curPageOffset: 1), randomizedSteps: 2_000)
        let report = try await RefreshableConformance.check(configuration) { AsyncTestAdopter(rig: $0) }
        #expect(RefreshableConformance.answerNumberingScenarioNames.map(\.rule) == [.answerNumbering])
        #expect(report.scenarioCount == RefreshableConformance.scenarioNames.count + 1)
        #expect(report.randomizedSteps == 2_000)
    }

    @Test func editsOfAnAdopterWithItsOwnItemTypeGoByTheTestItemsID() async throws {
        // An app's own item type, identified by the id its makeItem closure copies from the TestItem.
        let configuration = ConformanceConfiguration(randomizedSteps: 2_000, duplicates: .keepHeld)
        let report = try await RefreshableConformance.check(configuration, makeItem: Post.init) { rig in
            PostsController(rig: rig)
        }
        #expect(report.scenarioCount == RefreshableConformance.scenarioNames.count + 8)
    }
}

/// An app's own item, whose id is the server's: made from the kit's item by copying its id.
struct Post: Identifiable, Sendable, Equatable {
    let id: Int
    let body: String

    init(_ item: TestItem) {
        id = item.id
        body = item.description
    }
}

/// An async-style controller of posts whose list has an identity, taken from the rig.
@MainActor
final class PostsController: AsyncRefreshable {
    let refreshStatus: RefreshRuntime<Post>
    let refreshHeaderControl: (any RefreshHeaderControl)?
    let refreshFooterControl: (any RefreshFooterControl)?
    let refreshListView: (any RefreshListView)?
    private let loader: TestPageLoader<Post>

    init(rig: ConformanceRig<Post>) {
        refreshStatus = RefreshRuntime(rig.makeSources())
        refreshHeaderControl = rig.header
        refreshFooterControl = rig.footer
        refreshListView = rig.listView
        loader = rig.loader
    }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Post> {
        try await loader.load(request)
    }
}

extension TestItem {
    /// The item's id as a server that sends `String` ids would: one string per id.
    fileprivate var stringID: String { "item-\(id)" }
}
