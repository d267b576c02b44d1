import Refreshable
import RefreshableTesting
import Testing

/// Each deliberately broken adopter breaks one rule; the suite must name exactly that rule.
@MainActor
@Suite struct BrokenAdopterTests {
    private let scenariosOnly = ConformanceConfiguration(randomizedSteps: 0)

    private func violatedRules<Adopter: Refreshable>(
        _ make: @MainActor (ConformanceRig<TestItem>) -> Adopter
    ) async throws -> ConformanceFailure where Adopter.Item == TestItem {
        try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(scenariosOnly, makeAdopter: make)
        }
    }

    @Test func forgettingTheFirstLoadBreaksS1() async throws {
        let failure = try await violatedRules { NoFirstLoadController(rig: $0) }
        #expect(failure.violatedRules == [.s1])
    }

    @Test func appendingOnRefreshBreaksS3() async throws {
        let failure = try await violatedRules { AppendingRefreshController(rig: $0) }
        #expect(failure.violatedRules == [.s3])
    }

    @Test func aStickyNoMoreDataBreaksS4() async throws {
        let failure = try await violatedRules { StickyNoMoreDataController(rig: $0) }
        #expect(failure.violatedRules == [.s4])
        let violation = try #require(failure.violations.first)
        #expect(violation.scenario == "a successful refresh reopens an ended list")
        #expect(violation.expected == "the footer shows idle")
        #expect(violation.observed.hasPrefix("it shows noMoreData(\"No more in source 0\")"))
    }

    @Test func ignoringTheServersEndSignalsBreaksS5() async throws {
        let failure = try await violatedRules { SignalStrippingController(rig: $0) }
        #expect(failure.violatedRules == [.s5])
        let scenarios = Set(failure.violations.map(\.scenario))
        #expect(
            scenarios == [
                "hasMore: false ends the list even after a full page",
                "curPage == pageCount ends the list",
                "reaching totalCount ends the list",
                "hasMore: true keeps the list open after a short page",
                "load-more asks for the page after the last one that loaded and appends it",
            ])
        let violation = try #require(failure.violations.first { $0.scenario.hasPrefix("hasMore: false") })
        #expect(violation.expected == "refreshStatus[0].noMoreData is true")
    }

    @Test func derivingTheNextPageFromTheItemCountBreaksS8() async throws {
        let failure = try await violatedRules { NextPageFromItemCountController(rig: $0) }
        #expect(failure.violatedRules == [.s8])
        let violation = try #require(failure.violations.first { $0.scenario.hasPrefix("load-more asks") })
        #expect(violation.expected == "new load(s) loadMore(source: 0, page: 4)")
        #expect(violation.observed == "new load(s) #3 loadMore(source: 0, page: 3)")
        #expect(violation.steps.last == "loadMore()")
    }

    @Test func swallowingFailuresBreaksS6() async throws {
        let failure = try await violatedRules { SilentFailureController(rig: $0) }
        #expect(failure.violatedRules == [.s6])
    }

    @Test func pageMinusOneOnFailureBreaksS9() async throws {
        let failure = try await violatedRules { PageMinusOneController(rig: $0) }
        #expect(failure.violatedRules == [.s9])
        let violation = try #require(failure.violations.first { $0.scenario == "a failed load commits no page" })
        #expect(violation.expected == "new load(s) loadMore(source: 0, page: 3)")
        #expect(violation.observed.contains("loadMore(source: 0, page: 1)"))
        #expect(violation.steps.suffix(3) == ["refresh()", "fail #4 refresh(source: 0, page: 1)", "loadMore()"])
    }

    @Test func endingTheHeaderOnlyOnSuccessBreaksS10() async throws {
        let failure = try await violatedRules { HeaderEndsOnlyOnSuccessController(rig: $0) }
        #expect(failure.violatedRules == [.s10])
    }

    @Test func lettingLoadMoreWinBreaksS11() async throws {
        let failure = try await violatedRules { LoadMoreWinsController(rig: $0) }
        #expect(failure.violatedRules == [.s11])
    }

    @Test func applyingResultsToTheCurrentSourceBreaksS12() async throws {
        let failure = try await violatedRules { CurrentSourceController(rig: $0) }
        // It also applies the superseded load-more's result to the refresh that cancelled it, which
        // DESIGN puts under the conflict rule ("whose result is then discarded"): S11 as well.
        #expect(failure.violatedRules == [.s11, .s12])
        let conflict = try #require(failure.violations.first { $0.rule == .s11 })
        #expect(conflict.scenario == "one load per source, by the conflict rule")
        let violation = try #require(failure.violations.first { $0.scenario.hasPrefix("a result applies") })
        #expect(violation.steps.contains("switchSource(to: 1)"))
        #expect(violation.expected.hasPrefix("source 0 holds 3 item(s)"))
        #expect(violation.observed == "it holds 0 item(s) []")
    }

    @Test func theReportNamesRuleScenarioStepsAndExpectedVersusObserved() async throws {
        let failure = try await violatedRules { PageMinusOneController(rig: $0) }
        let text = failure.description
        #expect(text.hasPrefix("PageMinusOneController broke S9 in "))
        #expect(text.contains("[S9] A failed load commits no page"))
        #expect(text.contains("scenario: a failed load commits no page"))
        #expect(text.contains("expected: new load(s) loadMore(source: 0, page: 3)"))
        #expect(text.contains("observed: new load(s) #5 loadMore(source: 0, page: 1)"))
    }
}
