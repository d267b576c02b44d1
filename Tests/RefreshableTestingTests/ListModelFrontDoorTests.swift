import Refreshable
import RefreshableTesting
import Testing

/// `RefreshListModel` is one more front door to the same runtime: the suite checks it directly,
/// drawing it on the doubles as a SwiftUI view would.
@MainActor
@Suite struct ListModelFrontDoorTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    private static func makeModel(_ rig: ConformanceRig<TestItem>) -> RefreshListModel<TestItem> {
        let loader = rig.loader
        return RefreshListModel(RefreshRuntime(rig.makeSources())) { try await loader.load($0) }
    }

    @Test func theSwiftUIListModelKeepsEveryRuleWithRandomEventsAndCancels() async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let configuration = ConformanceConfiguration(endOfListSignals: .all, randomizedSteps: 20_000, seed: 3_001)
        let report = try await RefreshableConformance.checkListModel(configuration, makeItem: { $0 }) {
            Self.makeModel($0)
        }
        #expect(report.unchecked.isEmpty, "\(report)")
        #expect(report.randomizedSteps == 20_000)
        #expect(report.checkedRules.contains(.controlActions))
    }
}
