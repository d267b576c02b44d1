import Refreshable
import RefreshableTesting
import Testing

/// Rule S14 in the randomized check: the reference model refuses the same loads of nothing new as
/// the library, in each direction, and names the rule when an adopter loads past a refusal.
@MainActor
@Suite struct ProgressModelCheckTests {
    private let identity = ConformanceConfiguration(endOfListSignals: .all, randomizedSteps: 0, duplicates: .keepHeld)

    /// The first page, then `count` load-mores, each answered with copies of items sent before and
    /// `hasMore: true`; with the default limit of 3, the third is refused.
    private func loadsOfNothingNew(_ count: Int) -> [ModelEvent] {
        var events: [ModelEvent] = [.appear, .answer(pick: 0, itemCount: 3, signal: .hasMore(true))]
        for _ in 0..<count {
            events += [.loadMore, .answer(pick: 0, itemCount: 3, signal: .hasMore(true), copies: 3)]
        }
        return events
    }

    @Test func theModelRefusesTheLoadOfNothingNewTheLibraryRefuses() async {
        // Three loads of nothing new, one more asked for by the user, then a page with a new item.
        let events =
            loadsOfNothingNew(4) + [
                .loadMore, .answer(pick: 0, itemCount: 3, signal: .hasMore(true), copies: 1), .loadMore,
            ]
        let violation = await RefreshableModelCheck.replay(events, configuration: identity) { TestAdopter(rig: $0) }
        #expect(violation == nil, "\(violation.map { "\($0)" } ?? "")")
    }

    @Test func anAdopterThatLoadsPastARefusalDivergesFromTheModelOnProgress() async throws {
        let violation = await RefreshableModelCheck.replay(loadsOfNothingNew(3), configuration: identity) {
            LoadingPastNoProgressController(rig: $0)
        }
        let found = try #require(violation)
        #expect(found.rule == .progress)
        #expect(found.mismatch == .loads(expected: [], observed: [.loadMore(source: 0, page: 4)]))
    }

    @Test func loadsOfThePreviousPageCountOnTheirOwn() async {
        let feed = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, paging: .cursors), endOfListSignals: .all, randomizedSteps: 0,
            duplicates: .keepHeld)
        let nothingNewAbove: [ModelEvent] = [
            .loadPrevious, .answer(pick: 0, itemCount: 3, signal: .none, copies: 3, previousCursor: true),
        ]
        let events: [ModelEvent] =
            [.appear, .answer(pick: 0, itemCount: 3, signal: .none, previousCursor: true)]
            + nothingNewAbove + nothingNewAbove
            // Two loads of nothing new at the end do not add to the count above.
            + [.loadMore, .answer(pick: 0, itemCount: 3, signal: .none, copies: 3)]
            + [.loadMore, .answer(pick: 0, itemCount: 3, signal: .none, copies: 3)]
            + nothingNewAbove + nothingNewAbove
        let violation = await RefreshableModelCheck.replay(events, configuration: feed) { FeedController(rig: $0) }
        #expect(violation == nil, "\(violation.map { "\($0)" } ?? "")")
    }
}
