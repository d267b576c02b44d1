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
        let report = try await RefreshableConformance.checkListModel(configuration, makeItem: testItem) {
            Self.makeModel($0)
        }
        #expect(report.unchecked.isEmpty, "\(report)")
        #expect(report.randomizedSteps == 20_000)
        #expect(report.checkedRules.contains(.controlActions))
    }
}

/// Random events with cancels, local edits and retries, none of which a list model reaches
/// through `Refreshable`: the suite calls the model itself.
@MainActor
@Suite struct ListModelEventsTests {
    @Test func aListModelWithAnIdentityAndRetriesTakesEveryKindOfRandomEvent() async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let configuration = ConformanceConfiguration(randomizedSteps: 5_000, seed: 21, duplicates: .keepHeld)
        let report = try await RefreshableConformance.checkListModel(configuration, makeItem: testItem) { rig in
            let loader = rig.loader
            let model = RefreshListModel(RefreshRuntime(rig.makeSources())) { try await loader.load($0) }
            model.refreshStatus.retry = RefreshRetry(maxRetries: 1, clock: rig.clock)
            return model
        }
        #expect(report.checkedRules.isSuperset(of: [.itemsHeldOnce, .removalSticks, .serverCopyReplacesEdit, .retry]))
        #expect(report.randomizedSteps == 5_000)
    }

    /// A client that makes a missing `pageCount` 0, as a port onto a response type whose field is
    /// not optional does: the library refuses every answer, and the report says so where it happened.
    @Test func aMissingPageCountMadeZeroIsReportedWithTheRefusalTheLibraryRecorded() async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let configuration = ConformanceConfiguration(endOfListSignals: [], randomizedSteps: 0)
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.checkListModel(configuration, makeItem: testItem) { rig in
                let loader = rig.loader
                return RefreshListModel(RefreshRuntime(rig.makeSources())) { request in
                    let page = try await loader.load(request)
                    return RefreshPage(items: page.items, pageCount: page.pageCount ?? 0)
                }
            }
        }
        let violation = try #require(failure.violations.first)
        #expect(violation.rule == .firstAppearanceLoads)
        let sent = (0..<3).map { TestItem(source: 0, page: 1, index: $0, response: 1) }
        #expect(violation.mismatch == .items(source: 0, expected: sent, observed: []))
        #expect(violation.recordedFailures.map(\.reason) == [.invalidResponse(.nonPositivePageCount(0))])
        #expect(
            violation.steps.contains {
                $0.hasSuffix("→ the library refused it: pageCount is 0, but a list has at least one page.")
            })
        #expect(failure.description.contains("the library recorded:\n    refresh(source: 0, page: 1, #1):"))
    }
}

/// A list model paged by cursor, as a chat screen is: its first rows are also its last while it
/// holds one page, so a scroll to the end reaches the start too. The random events take it
/// offline and online again.
@MainActor
@Suite struct CursorListModelTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    private static func makeModel(_ rig: ConformanceRig<TestItem>, retries: Bool) -> RefreshListModel<TestItem> {
        let loader = rig.loader
        let model = RefreshListModel<TestItem>(noMoreTitles: ["end"], policy: RefreshPolicy(paging: .cursors)) {
            try await loader.load($0)
        }
        if retries {
            model.refreshStatus.retry = RefreshRetry(maxRetries: 1, clock: rig.clock)
        }
        return model
    }

    @Test func aCursorPagedListModelKeepsEveryRuleOfflineWhenItsLastRowIsNearTheStart() async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let configuration = ConformanceConfiguration(randomizedSteps: 10_000, seed: 716_632_666_546_416_052)
        let report = try await RefreshableConformance.checkListModel(configuration, makeItem: testItem) {
            Self.makeModel($0, retries: false)
        }
        #expect(report.checkedRules.isSuperset(of: [.offline, .previousPageLoads]))
        #expect(report.randomizedSteps == 10_000)
    }

    @Test func aCursorPagedListModelWithRetriesKeepsEveryRuleOfflineWhenItsLastRowIsNearTheStart() async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let configuration = ConformanceConfiguration(randomizedSteps: 10_000, seed: 24_301)
        let report = try await RefreshableConformance.checkListModel(configuration, makeItem: testItem) {
            Self.makeModel($0, retries: true)
        }
        #expect(report.checkedRules.isSuperset(of: [.offline, .previousPageLoads, .retry]))
        #expect(report.randomizedSteps == 10_000)
    }
}
