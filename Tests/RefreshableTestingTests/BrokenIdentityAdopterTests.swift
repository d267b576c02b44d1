import Refreshable
import RefreshableTesting
import Testing

/// Adopters that break the rules for lists with an identity, or for answer numbering: the
/// scenarios and the model check must each name the rule, with the items that show it.
@MainActor
@Suite struct BrokenIdentityAdopterTests {
    private func failure(
        _ configuration: ConformanceConfiguration,
        _ make: @MainActor (ConformanceRig<TestItem>) -> TestAdopter
    ) async throws -> ConformanceFailure {
        try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(configuration, makeAdopter: make)
        }
    }

    private func scenarios(_ duplicates: RefreshItemIdentity<TestItem>.DuplicateRule) -> ConformanceConfiguration {
        ConformanceConfiguration(endOfListSignals: .all, randomizedSteps: 0, duplicates: duplicates)
    }

    @Test func deduplicatingByHandUnderTakeNewerBreaksItemsHeldOnce() async throws {
        let failure = try await failure(scenarios(.takeNewer)) { HandDeduplicatingController(rig: $0) }
        // It also keeps a local edit over the server's copy, which the edit scenario names.
        #expect(failure.violatedRules == [.itemsHeldOnce, .serverCopyReplacesEdit])
        let first = try #require(failure.violations.first)
        #expect(first.scenario == "a page that brings held items again adds only the new ones")
        guard case .items(_, let expected, let observed) = first.mismatch else {
            Issue.record("expected an items mismatch, got \(first.mismatch)")
            return
        }
        #expect(expected.count == observed.count, "the same ids, another copy of them")
        #expect(expected.map(\.id) == observed.map { $0?.id })
        #expect(expected.filter(\.isCopy).count == 2, "the page's copies should have taken the held places")
        #expect(first.description.contains("=r1[2]"), "the report names the item a copy repeats: \(first)")
    }

    @Test func deduplicatingByHandUnderKeepHeldKeepsALocalEditAndEndsTheListEarly() async throws {
        let failure = try await failure(scenarios(.keepHeld)) { HandDeduplicatingController(rig: $0) }
        #expect(failure.violatedRules == [.itemsHeldOnce, .serverCopyReplacesEdit])
        let edit = try #require(failure.violations.first { $0.rule == .serverCopyReplacesEdit })
        #expect(edit.scenario == "a local edit shows at once and gives way to the server's next copy")
        // A page it shortened by hand ends the list by its size, although the server said nothing.
        let short = try #require(failure.violations.first { $0.rule == .itemsHeldOnce })
        #expect(short.mismatch == .endOfList(source: 0, expected: false, observed: true))
    }

    @Test func loadingMoreAgainAfterALoadOfNothingNewWasRefusedBreaksProgress() async throws {
        let failure = try await failure(scenarios(.keepHeld)) { LoadingPastNoProgressController(rig: $0) }
        #expect(failure.violatedRules == [.progress])
        #expect(
            failure.violations.map(\.scenario) == [
                "pages that bring only items held already stop loading more at the policy's limit"
            ])
        // Pages 2 and 3 brought nothing new, page 4 was refused, and the adopter asked for it again.
        #expect(failure.violations.first?.mismatch == .loads(expected: [], observed: [.loadMore(source: 0, page: 4)]))
    }

    @Test func settingTheIdentityAgainOnEachPageForgetsRemovalsEditsAndPendingItems() async throws {
        let failure = try await failure(scenarios(.keepHeld)) { IdentityResettingController(rig: $0) }
        // Setting the identity again also forgets which items are pending: the refresh drops them.
        #expect(failure.violatedRules == [.removalSticks, .serverCopyReplacesEdit, .pendingItemsStay])
        #expect(
            failure.violations.map(\.scenario) == [
                "a removal sticks until a refresh asked for after it lands",
                "a removal sticks through a refresh asked for before it",
                "a local edit shows at once and gives way to the server's next copy",
                "an update and an insertion made while a refresh is in flight outlast its answer",
                "a message sent while a refresh is in flight stays through it and through a load-more, until an answer brings it",
            ])
        let removal = try #require(failure.violations.first)
        guard case .items(_, let expected, let observed) = removal.mismatch else {
            Issue.record("expected an items mismatch, got \(removal.mismatch)")
            return
        }
        #expect(observed.count == expected.count + 1, "the removed item came back")
    }

    @Test func mappingCurPageByHandOnTopOfThePolicyBreaksAnswerNumbering() async throws {
        let configuration = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, firstPage: 0, curPageOffset: 1), endOfListSignals: .all,
            randomizedSteps: 0)
        let failure = try await failure(configuration) { OffsetArithmeticController(rig: $0) }
        #expect(failure.violatedRules.contains(.answerNumbering))
        let numbering = try #require(failure.violations.first { $0.rule == .answerNumbering })
        #expect(
            numbering.mismatch
                == .items(
                    source: 0,
                    expected: (0..<3).map {
                        TestItem(source: 0, page: 0, index: $0, response: 1)
                    }, observed: []))
    }

    @Test(arguments: [
        ("hand de-duplication, takeNewer", ConformanceRule.itemsHeldOnce),
        ("hand de-duplication, keepHeld", ConformanceRule.itemsHeldOnce),
        ("identity set again", ConformanceRule.removalSticks),
    ])
    func theModelCheckFindsEachBrokenAdopterWithAShortSequence(name: String, rule: ConformanceRule) async throws {
        let configuration = ConformanceConfiguration(
            duplicates: name.hasSuffix("takeNewer") ? .takeNewer : .keepHeld)
        let result: ModelCheckResult
        switch rule {
        case .removalSticks:
            result = await RefreshableModelCheck.run(configuration, steps: 20_000) {
                IdentityResettingController(rig: $0)
            }
        default:
            result = await RefreshableModelCheck.run(configuration, steps: 20_000) {
                HandDeduplicatingController(rig: $0)
            }
        }
        let failure = try #require(result.failure, "\(name) was not caught")
        if rule == .removalSticks {
            #expect([.removalSticks, .serverCopyReplacesEdit, .pendingItemsStay].contains(failure.rule), "\(failure)")
        } else {
            #expect(failure.rule == rule, "\(failure)")
        }
        #expect(failure.events.count <= 12, "\(failure)")
    }
}

/// An adopter that loses the items it sent when a refresh lands: the suite's scenario and the model
/// check name rule I4.
@MainActor
@Suite struct BrokenPendingAdopterTests {
    @Test func rebuildingTheRowsFromARefreshLosesTheSentMessage() async throws {
        let configuration = ConformanceConfiguration(endOfListSignals: .all, randomizedSteps: 0, duplicates: .keepHeld)
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(configuration) { WholesaleRefreshController(rig: $0) }
        }
        #expect(failure.violatedRules == [.pendingItemsStay])
        let violation = try #require(failure.violations.first)
        #expect(
            violation.scenario
                == "a message sent while a refresh is in flight stays through it and through a load-more, until an answer brings it"
        )
        guard case .items(_, let expected, let observed) = violation.mismatch else {
            Issue.record("expected an items mismatch, got \(violation.mismatch)")
            return
        }
        #expect(expected.count == observed.count + 1, "the sent message is missing")
        #expect(expected.first?.page == .min, "it is the item made on this device")
    }

    @Test func theModelCheckFindsTheLostMessageWithAShortSequence() async throws {
        let result = await RefreshableModelCheck.run(ConformanceConfiguration(duplicates: .keepHeld), steps: 20_000) {
            WholesaleRefreshController(rig: $0)
        }
        let failure = try #require(result.failure, "the lost message was not caught")
        #expect(failure.rule == .pendingItemsStay, "\(failure)")
        #expect(failure.events.contains { if case .insertPending = $0 { true } else { false } })
        #expect(failure.events.count <= 12, "\(failure)")
    }

    @Test func theDefaultsKeepSentMessagesThroughARandomizedRun() async throws {
        let result = await RefreshableModelCheck.run(ConformanceConfiguration(duplicates: .takeNewer), steps: 20_000) {
            AsyncTestAdopter(rig: $0)
        }
        #expect(result.failure == nil, "\(String(describing: result.failure))")
    }
}
