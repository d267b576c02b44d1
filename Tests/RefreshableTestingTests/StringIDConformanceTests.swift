import Refreshable
import RefreshableTesting
import Testing

/// Lists whose identity reads `String` ids, as most servers send them, checked with
/// ``ConformanceConfiguration/itemID`` giving the id the identity reads for each `TestItem.id`.
@MainActor
@Suite struct StringIDConformanceTests {
    /// The id a server that sends `String` ids gives the item made from a `TestItem`.
    private static let itemID: @Sendable (Int) -> any Hashable & Sendable = { "item-\($0)" }

    private func stringIDs<Adopter: TestAdopter>(_ adopter: Adopter) -> Adopter {
        adopter.refreshStatus.identity = RefreshItemIdentity(\.serverID)
        return adopter
    }

    @Test func aStringIdListKeepsEveryRuleGivenTheIDItsIdentityReads() async throws {
        let configuration = ConformanceConfiguration(randomizedSteps: 2_000, itemID: Self.itemID)
        let report = try await RefreshableConformance.check(configuration) { stringIDs(AsyncTestAdopter(rig: $0)) }
        #expect(report.checkedRules.isSuperset(of: RefreshableConformance.rulesThatEditByID))
        #expect(report.scenarioCount == RefreshableConformance.scenarioNames.count + 8)
        #expect(report.randomizedSteps == 2_000)
        #expect(report.unchecked.isEmpty, "\(report)")
    }

    @Test func aStringIdListThatForgetsItsRemovalsIsCaughtGivenTheIDItsIdentityReads() async throws {
        // Setting the identity again on each page forgets removals, edits and pending items.
        let configuration = ConformanceConfiguration(endOfListSignals: .all, randomizedSteps: 0, itemID: Self.itemID)
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(configuration) { stringIDs(IdentityResettingController(rig: $0)) }
        }
        #expect(failure.violatedRules == [.removalSticks, .serverCopyReplacesEdit, .pendingItemsStay])
        let removal = try #require(failure.violations.first)
        #expect(removal.scenario == "a removal sticks until a refresh asked for after it lands")
        #expect(removal.steps.contains { $0.hasPrefix("removeItem(id: ") }, "\(removal)")
    }

    @Test func theRandomEventsEditAStringIdListByIDOnlyGivenTheIDItsIdentityReads() async throws {
        // Only the first appearance is asked for, so the scenarios edit nothing: a divergence the
        // random events find by editing is reported as a rule they could not check.
        func unchecked(_ configuration: ConformanceConfiguration) async throws -> Set<ConformanceRule> {
            let report = try await RefreshableConformance.check(configuration, rules: [.firstAppearanceLoads]) {
                stringIDs(IdentityResettingController(rig: $0))
            }
            return Set(report.unchecked.map(\.rule))
        }
        let withoutTheID = try await unchecked(ConformanceConfiguration(randomizedSteps: 2_000))
        #expect(withoutTheID.isDisjoint(with: RefreshableConformance.rulesThatEditByID))
        let withTheID = try await unchecked(ConformanceConfiguration(randomizedSteps: 2_000, itemID: Self.itemID))
        #expect(!withTheID.isDisjoint(with: RefreshableConformance.rulesThatEditByID), "\(withTheID)")
    }

    @Test func anIDOfAnotherTypeThanTheIdentityReadsIsAWiringProblemThatSaysWhatToPass() async throws {
        // The identity reads `TestItem.id`, an Int; the configuration gives a String for it.
        let configuration = ConformanceConfiguration(randomizedSteps: 0, duplicates: .keepHeld, itemID: Self.itemID)
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(configuration) { AsyncTestAdopter(rig: $0) }
        }
        #expect(failure.violations.map(\.mismatch) == [.wiring([.identityIDType("Int", itemID: "String")])])
        #expect(
            failure.description.contains(
                "reads ids of type Int, but ConformanceConfiguration.itemID gives String for a TestItem.id: pass ConformanceConfiguration(itemID:)"
            ), "\(failure)")
    }

    @Test func anIntegerIDOfAnotherWidthMatchesAnIntegerIdentity() async throws {
        // The list compares integer ids as numbers, so an Int64 reaches an identity over Int.
        let configuration = ConformanceConfiguration(
            randomizedSteps: 0, duplicates: .keepHeld, itemID: { Int64($0) })
        let report = try await RefreshableConformance.check(configuration, rules: [.removalSticks]) {
            AsyncTestAdopter(rig: $0)
        }
        #expect(report.checkedRules == [.removalSticks])
    }
}

extension TestItem {
    /// The item's id as a server that sends `String` ids would send it.
    fileprivate var serverID: String { "item-\(id)" }
}
