import Refreshable
import RefreshableTesting
import Testing

/// The random events against feeds paged by cursor, whose first rows load the previous page.
@MainActor
@Suite struct PreviousPageModelCheckTests {
    private let feed = ConformanceConfiguration(policy: RefreshPolicy(pageSize: 3, paging: .cursors))

    /// A first page with something before it; newer items load above while a load-more runs below,
    /// then the start of the list; a second first page whose load of newer items fails.
    private let newerItems: [ModelEvent] = [
        .appear, .answer(pick: 0, itemCount: 3, signal: .hasMore(true), previousCursor: true),
        .loadPrevious, .loadMore, .loadPrevious,
        .answer(pick: 1, itemCount: 3, signal: .hasMore(true)),
        .answer(pick: 0, itemCount: 2, signal: .none, previousCursor: true),
        .loadPrevious, .answer(pick: 0, itemCount: 1, signal: .none),
        .loadPrevious,
        .refresh, .answer(pick: 0, itemCount: 3, signal: .none, previousCursor: true),
        .loadPrevious, .fail(pick: 0), .loadPrevious,
    ]

    @Test func aFeedMatchesTheModelWhileNewerItemsLoadAbove() async throws {
        let violation = await RefreshableModelCheck.replay(newerItems, configuration: feed) {
            FeedController(rig: $0)
        }
        #expect(violation == nil, "\(violation.map(String.init(describing:)) ?? "")")
    }

    @Test func aFeedWithAnIdentityMatchesTheModelWhenAPreviousPageBringsItemsAgain() async throws {
        var configuration = feed
        configuration.duplicates = .keepHeld
        let events: [ModelEvent] = [
            .appear, .answer(pick: 0, itemCount: 3, signal: .hasMore(true), previousCursor: true),
            .loadPrevious, .answer(pick: 0, itemCount: 3, signal: .none, copies: 2, previousCursor: true),
            .refresh, .loadPrevious,
        ]
        let violation = await RefreshableModelCheck.replay(events, configuration: configuration) {
            FeedController(rig: $0)
        }
        #expect(violation == nil, "\(violation.map(String.init(describing:)) ?? "")")
    }

    @Test func underInFlightWinsARefreshWaitsForTheLoadOfThePreviousPage() async throws {
        var configuration = feed
        configuration.policy.conflictRule = .inFlightWins
        let events: [ModelEvent] = [
            .appear, .answer(pick: 0, itemCount: 3, signal: .hasMore(true), previousCursor: true),
            .loadPrevious, .refresh, .answer(pick: 0, itemCount: 3, signal: .none, previousCursor: true),
            .refresh, .loadPrevious, .answer(pick: 0, itemCount: 3, signal: .hasMore(true)), .loadPrevious,
        ]
        let violation = await RefreshableModelCheck.replay(events, configuration: configuration) {
            FeedController(rig: $0)
        }
        #expect(violation == nil, "\(violation.map(String.init(describing:)) ?? "")")
    }

    @Test func randomEventsOnAPageNumberedListNeverLoadThePreviousPage() {
        let events = ModelEvent.sequence(seed: 7, count: 2_000, sourceCount: 3, pageSize: 3, identity: true)
        #expect(!events.contains(.loadPrevious))
        let feedEvents = ModelEvent.sequence(seed: 7, count: 2_000, sourceCount: 3, pageSize: 3, previousPages: true)
        #expect(feedEvents.contains(.loadPrevious))
    }

    @Test func aFeedThatTakesAFailedLoadOfNewerItemsForTheStartIsCaught() async throws {
        let replayed = try #require(
            await RefreshableModelCheck.replay(newerItems, configuration: feed) { NewerFailureAsStartFeed(rig: $0) })
        #expect(replayed.rule == .previousPageLoads)
        #expect(replayed.mismatch == .startOfList(source: 0, expected: false, observed: true))

        let result = await RefreshableModelCheck.run(feed, steps: 20_000) { NewerFailureAsStartFeed(rig: $0) }
        let failure = try #require(result.failure, "the broken feed was not caught")
        #expect(failure.rule == .previousPageLoads, "\(failure)")
        #expect(failure.events.count <= 8, "\(failure)")
    }
}
