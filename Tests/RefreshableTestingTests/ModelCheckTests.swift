import Foundation
import Refreshable
import RefreshableTesting
import Testing

@MainActor
@Suite struct ModelCheckTests {
    /// The number of random events for the seed-style run, shared by its variants (a quarter of it
    /// for the async style);
    /// set REFRESHABLE_SOAK_STEPS for a longer soak. Rates come from `Scripts/model-check-rate.sh`,
    /// never from this test.
    private var steps: Int {
        ProcessInfo.processInfo.environment["REFRESHABLE_SOAK_STEPS"].flatMap(Int.init) ?? 100_000
    }

    private func run<Adopter: Refreshable>(
        steps: Int,
        _ make: @MainActor (ConformanceRig<TestItem>) -> Adopter
    ) async -> ModelCheckResult where Adopter.Item == TestItem {
        await RefreshableModelCheck.run(ConformanceConfiguration(seed: 2_024), steps: steps, makeAdopter: make)
    }

    /// The lists the seed-style run covers, each with its share of the steps: over a third a plain
    /// list, half lists with an identity (so answers bring items again and local edits race the
    /// loads), one of them numbering its answers from one while asking for page 0, a fortieth
    /// a feed paged by cursor with an identity, whose first rows load the previous page (it
    /// delivers asynchronously, so each of its steps costs several of the others), a twentieth
    /// each two capped lists: one page held of a page-numbered list with an identity
    /// that takes newer copies, so every load-more drops the page before and every load of the
    /// previous page the page after; two pages of a cursor feed, and a fortieth each two lists
    /// whose runtime retries failed loads on the rig's clock, so that failures wait for their
    /// retry, waits run out and `retryNow()` ends them: a page-numbered list retrying twice whose
    /// refreshes supersede each other, and a capped cursor feed with an identity retrying once,
    /// whose loads of the previous page retry beside its load-mores.
    enum Variant: String, CaseIterable, CustomStringConvertible {
        case plain
        case keepHeld
        case takeNewerWithOffset
        case cursorFeed
        case cappedPages
        case cappedCursorFeed
        case retrying
        case retryingCappedFeed

        var description: String { rawValue }

        var configuration: ConformanceConfiguration {
            switch self {
            case .plain:
                return ConformanceConfiguration(seed: 2_024)
            case .keepHeld:
                return ConformanceConfiguration(seed: 2_025, duplicates: .keepHeld)
            case .takeNewerWithOffset:
                return ConformanceConfiguration(
                    policy: RefreshPolicy(pageSize: 3, firstPage: 0, curPageOffset: 1), seed: 2_026,
                    duplicates: .takeNewer)
            case .cursorFeed:
                return ConformanceConfiguration(
                    policy: RefreshPolicy(pageSize: 3, paging: .cursors), seed: 2_027, duplicates: .keepHeld)
            case .cappedPages:
                return ConformanceConfiguration(
                    policy: RefreshPolicy(pageSize: 3, maxPages: 1), seed: 2_028, duplicates: .takeNewer)
            case .cappedCursorFeed:
                return ConformanceConfiguration(
                    policy: RefreshPolicy(pageSize: 3, paging: .cursors, maxPages: 2), seed: 2_029,
                    duplicates: .keepHeld)
            case .retrying:
                return ConformanceConfiguration(
                    policy: RefreshPolicy(pageSize: 3, conflictRule: .latestRefreshWins), seed: 2_030)
            case .retryingCappedFeed:
                return ConformanceConfiguration(
                    policy: RefreshPolicy(pageSize: 3, paging: .cursors, maxPages: 2), seed: 2_031,
                    duplicates: .takeNewer)
            }
        }

        func share(of steps: Int) -> Int {
            switch self {
            case .plain: return steps - 2 * (steps / 4) - 3 * (steps / 40) - 2 * (steps / 20)
            case .keepHeld, .takeNewerWithOffset: return steps / 4
            case .cursorFeed, .retrying, .retryingCappedFeed: return steps / 40
            case .cappedPages, .cappedCursorFeed: return steps / 20
            }
        }
    }

    @Test(arguments: Variant.allCases)
    func seedStyleDefaultsMatchTheModel(variant: Variant) async throws {
        let steps = variant.share(of: steps)
        let result: ModelCheckResult
        switch variant {
        case .cursorFeed, .cappedCursorFeed:
            result = await RefreshableModelCheck.run(variant.configuration, steps: steps) { FeedController(rig: $0) }
        case .cappedPages:
            // Loads of the previous page need the request: a callback adopter that hops to the main queue.
            result = await RefreshableModelCheck.run(variant.configuration, steps: steps) {
                TestAdopter(rig: $0, delivery: .mainHop)
            }
        case .plain, .keepHeld, .takeNewerWithOffset:
            result = await RefreshableModelCheck.run(variant.configuration, steps: steps) { TestAdopter(rig: $0) }
        case .retrying, .retryingCappedFeed:
            guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
            if variant == .retrying {
                result = await RefreshableModelCheck.run(variant.configuration, steps: steps) {
                    RetryingController(rig: $0)
                }
            } else {
                result = await RefreshableModelCheck.run(variant.configuration, steps: steps) { RetryingFeed(rig: $0) }
            }
        }
        #expect(result.steps == steps)
        if let failure = result.failure {
            Issue.record(failure)
        }
    }

    @Test func theSeedStyleVariantsShareTheStepsOfOneRun() {
        #expect(Variant.allCases.map { $0.share(of: steps) }.reduce(0, +) == steps)
    }

    @Test func asyncStyleDefaultsMatchTheModel() async throws {
        let result = await run(steps: steps / 4) { AsyncTestAdopter(rig: $0) }
        #expect(result.steps == steps / 4)
        if let failure = result.failure {
            Issue.record(failure)
        }
    }

    @Test func aStaleResultAppliedToTheCurrentSourceIsFoundWithSeedAndShortSequence() async throws {
        let result = await RefreshableModelCheck.run(steps: 20_000) { CurrentSourceController(rig: $0) }
        let failure = try #require(result.failure)
        #expect(failure.rule == .resultAppliesToRequester, "\(failure)")
        #expect(failure.events.count <= 8, "shrunk to \(failure.events)")
        #expect(failure.events.count < failure.originalEventCount)
        #expect(failure.violation.seed == failure.seed)
        #expect(failure.description.contains("seed: \(failure.seed)"))
        let replayed = await RefreshableModelCheck.replay(failure.events) {
            CurrentSourceController(rig: $0)
        }
        #expect(replayed?.rule == .resultAppliesToRequester)
        let unshrunk = ModelEvent.sequence(
            seed: failure.seed, count: failure.originalEventCount, sourceCount: 3, pageSize: 3)
        let again = await RefreshableModelCheck.replay(unshrunk) { CurrentSourceController(rig: $0) }
        #expect(again?.rule == .resultAppliesToRequester, "the seed alone reproduces the failure")
        let rerun = await RefreshableModelCheck.run(ConformanceConfiguration(seed: failure.seed), steps: 100) {
            CurrentSourceController(rig: $0)
        }
        #expect(rerun.failure?.seed == failure.seed, "the reported seed, as the configuration's, fails first")
    }

    @Test(arguments: [
        ("sticky no-more-data", ConformanceRule.refreshResetsEndOfList),
        ("page minus one", ConformanceRule.failedLoadCommitsNoPage),
        ("appending refresh", ConformanceRule.refreshReplacesItems),
    ])
    func brokenAdoptersDivergeFromTheModel(name: String, rule: ConformanceRule) async throws {
        let configuration = ConformanceConfiguration()
        let result: ModelCheckResult
        switch rule {
        case .refreshResetsEndOfList:
            result = await RefreshableModelCheck.run(configuration, steps: 20_000) {
                StickyNoMoreDataController(rig: $0)
            }
        case .failedLoadCommitsNoPage:
            result = await RefreshableModelCheck.run(configuration, steps: 20_000) { PageMinusOneController(rig: $0) }
        default:
            result = await RefreshableModelCheck.run(configuration, steps: 20_000) {
                AppendingRefreshController(rig: $0)
            }
        }
        let failure = try #require(result.failure, "\(name) was not caught")
        #expect(failure.rule == rule, "\(failure)")
        #expect(failure.events.count <= 12, "\(failure)")
    }

    @Test func aHasMoreTheAdopterIgnoresOnARefreshBreaksEndOfListNotTheRefreshRule() async throws {
        // The list ended on a short page; a refresh answers a short page that hasMore keeps open.
        let events: [ModelEvent] = [
            .appear, .answer(pick: 0, itemCount: 2, signal: .none),
            .refresh, .answer(pick: 0, itemCount: 2, signal: .hasMore(true)),
        ]
        let violation = try #require(
            await RefreshableModelCheck.replay(events) { SignalStrippingController(rig: $0) })
        #expect(violation.rule == .endOfList)
        #expect(violation.mismatch == .endOfList(source: 0, expected: false, observed: true))
        let sticky = try #require(
            await RefreshableModelCheck.replay(
                Array(events.prefix(3)) + [.answer(pick: 0, itemCount: 3, signal: .none)]
            ) {
                StickyNoMoreDataController(rig: $0)
            })
        #expect(sticky.rule == .refreshResetsEndOfList)
        #expect(sticky.mismatch == .footer(expected: .idle, observed: .noMoreData(title: "No more in source 0")))
    }
}

/// The random events against capped lists: the reference model drops pages as the library does.
@MainActor
@Suite struct CappedModelCheckTests {
    @Test(arguments: [RefreshPolicy.Paging.pageNumbers, .cursors])
    func aFeedThatLoadsMoreWhenTheCapDropsItsLastPageIsCaughtByTheRandomEvents(
        paging: RefreshPolicy.Paging
    ) async throws {
        let configuration = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, paging: paging, maxPages: 2), seed: 7)
        let result = await RefreshableModelCheck.run(configuration, steps: 20_000) { RefillingFeed(rig: $0) }
        let failure = try #require(result.failure, "a feed that refills past the cap was not caught")
        #expect(failure.rule == .pageCap, "\(failure)")
        #expect(failure.events.count <= 10, "\(failure)")
        #expect(failure.events.contains(.loadPrevious), "the cap drops the last page only for a previous page")
    }

    /// An edit outlasts the cap: the model check catches an adopter that keeps the old rule, where
    /// the cap forgot the edits of the rows it dropped, and the library agrees with the model.
    @Test func anAdopterWhoseCapForgetsEditsIsCaughtByTheRandomEvents() async throws {
        let configuration = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, maxPages: 1), seed: 11, duplicates: .keepHeld)
        let result = await RefreshableModelCheck.run(configuration, steps: 20_000) {
            CapForgetsEditsController(rig: $0, delivery: .mainHop)
        }
        let failure = try #require(result.failure, "an adopter that keeps the old rule was not caught")
        #expect(failure.rule == .serverCopyReplacesEdit, "\(failure)")
        #expect(failure.events.contains(.loadMore) || failure.events.contains(.loadPrevious))
        let library = await RefreshableModelCheck.run(configuration, steps: 20_000) {
            TestAdopter(rig: $0, delivery: .mainHop)
        }
        #expect(library.failure == nil, "\(library.failure.map { "\($0)" } ?? "")")
    }

    /// The issue's sequence: a like made while a capped load-more runs, whose page drops the liked
    /// row's page and brings the row again.
    @Test func aLikeMadeWhileACappedLoadMoreRunsOutlastsTheDropOfItsRow() async throws {
        let events: [ModelEvent] = [
            .appear, .answer(pick: 0, itemCount: 3, signal: .hasMore(true)),
            .loadMore, .update(pick: 1),
            .answer(pick: 0, itemCount: 3, signal: .hasMore(true), copies: 1),
        ]
        let configuration = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, maxPages: 1), duplicates: .keepHeld)
        let library = await RefreshableModelCheck.replay(events, configuration: configuration) {
            TestAdopter(rig: $0, delivery: .mainHop)
        }
        #expect(library == nil, "\(library.map { "\($0)" } ?? "")")
        let old = try #require(
            await RefreshableModelCheck.replay(events, configuration: configuration) {
                CapForgetsEditsController(rig: $0, delivery: .mainHop)
            })
        #expect(old.rule == .serverCopyReplacesEdit, "\(old)")
    }

    @Test func aRefreshAfterTheCapDroppedPagesIsCheckedAgainstItsOwnTotalCount() async throws {
        // The sequence that found a refresh counting the items the cap had dropped before it.
        let events: [ModelEvent] = [
            .refresh, .answer(pick: 0, itemCount: 3, signal: .totalCount(itemsAfter: 1)),
            .loadMore, .answer(pick: 0, itemCount: 2, signal: .none),
            .refresh, .answer(pick: 0, itemCount: 3, signal: .totalCount(itemsAfter: 3)),
            .loadMore,
        ]
        let configuration = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, maxPages: 1), duplicates: .takeNewer)
        let violation = await RefreshableModelCheck.replay(events, configuration: configuration) {
            TestAdopter(rig: $0, delivery: .mainHop)
        }
        #expect(violation == nil, "\(violation.map { "\($0)" } ?? "")")
    }
}

/// The random events against a cursor feed whose server filters its pages: an empty page that
/// hands a new next cursor does not end the list.
@MainActor
@Suite struct FilteredPagesModelCheckTests {
    private let feed = ConformanceConfiguration(
        policy: RefreshPolicy(pageSize: 3, paging: .cursors), endOfListSignals: .all, seed: 1,
        duplicates: .keepHeld)

    @Test func aFeedThatTakesAnEmptyPageForTheEndIsCaughtAndTheLibraryGoesOn() async throws {
        let result = await RefreshableModelCheck.run(feed, steps: 20_000) { EmptyPageEndsFeed(rig: $0) }
        let failure = try #require(result.failure, "a feed that keeps the old rule was not caught")
        #expect(failure.rule == .endOfList, "\(failure)")
        let library = await RefreshableModelCheck.run(feed, steps: 4_000) { FeedController(rig: $0) }
        #expect(library.failure == nil, "\(library.failure.map { "\($0)" } ?? "")")
    }

    /// The chat of the report: a page made only of reactions comes back empty, with more to come.
    @Test func anEmptyPageThatSaysMoreLeavesTheFeedOpen() async throws {
        let events: [ModelEvent] = [
            .appear, .answer(pick: 0, itemCount: 3, signal: .hasMore(true)),
            .loadMore, .answer(pick: 0, itemCount: 0, signal: .hasMore(true)),
            .loadMore, .answer(pick: 0, itemCount: 3, signal: .hasMore(false)),
        ]
        let library = await RefreshableModelCheck.replay(events, configuration: feed) { FeedController(rig: $0) }
        #expect(library == nil, "\(library.map { "\($0)" } ?? "")")
        let old = try #require(
            await RefreshableModelCheck.replay(events, configuration: feed) { EmptyPageEndsFeed(rig: $0) })
        #expect(old.rule == .endOfList, "\(old)")
    }
}
