import Refreshable
import RefreshableTesting
import Testing

/// A feed controller that hands the library's request to the loader and the loader's page back
/// whole, cursors included, as an adopter of a cursor API does.
@MainActor
class FeedController: AsyncRefreshable {
    let refreshStatus: RefreshRuntime<TestItem>
    let refreshHeaderControl: (any RefreshHeaderControl)?
    let refreshFooterControl: (any RefreshFooterControl)?
    let refreshListView: (any RefreshListView)?
    let loader: TestPageLoader<TestItem>

    init(rig: ConformanceRig<TestItem>) {
        refreshStatus = RefreshRuntime(rig.makeSources())
        refreshHeaderControl = rig.header
        refreshFooterControl = rig.footer
        refreshListView = rig.listView
        loader = rig.loader
    }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        try await loadAnswer(try await loader.load(request), for: request)
    }

    /// The default, spelled out so that a broken subclass can replace it.
    func refreshDidUpdate(_ update: RefreshUpdate) {
        reloadListIfCurrent(update)
    }

    /// What the feed does with an answer before the library sees it: nothing, unless a subclass breaks it.
    func loadAnswer(_ page: RefreshPage<TestItem>, for request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        page
    }
}

/// A feed whose API takes a cursor, not the library's request: its stand-in asks the rig's loader
/// by cursor, as the article's `LoaderBackedMessagesAPI` does.
class CursorAPIFeed: FeedController {
    override func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        try await loader.load(cursor: cursor(for: request), source: request.source)
    }

    /// The cursor the feed's API is called with.
    func cursor(for request: RefreshRequest) -> String? {
        request.cursor
    }
}

/// S8: remembers the list's last cursor itself and asks a load-more with the one before it, as a
/// feed that reads its cursor before the previous answer lands does.
final class StaleCursorFeed: CursorAPIFeed {
    private var cursors: [String] = []

    override func cursor(for request: RefreshRequest) -> String? {
        guard let cursor = request.cursor, request.kind == .loadMore else { return request.cursor }
        cursors.append(cursor)
        return cursors.count > 1 ? cursors[cursors.count - 2] : cursor
    }
}

/// P: pages by cursor but drops the answer's previous cursor, as a response mapping that only
/// reads `next` does: nothing comes before the first page, so newer items never load.
final class NoPreviousCursorFeed: FeedController {
    override func loadAnswer(_ page: RefreshPage<TestItem>, for request: RefreshRequest) async throws
        -> RefreshPage<TestItem>
    {
        var page = page
        page.previousCursor = nil
        return page
    }
}

/// P: takes an empty answer to a load of newer items for the start of the list and drops its
/// cursor, as a chat that stops polling once a poll finds nothing: the next poll never asks.
final class EmptyPollAsStartFeed: FeedController {
    override func loadAnswer(_ page: RefreshPage<TestItem>, for request: RefreshRequest) async throws
        -> RefreshPage<TestItem>
    {
        guard request.kind == .loadPrevious, page.items.isEmpty else { return page }
        var page = page
        page.previousCursor = nil
        return page
    }
}

/// C: loads more as soon as the cap drops the last page, to keep the list full: the load-more the
/// cap superseded starts again, and the cap drops the page the user scrolled back to.
final class RefillingFeed: FeedController {
    override func refreshDidUpdate(_ update: RefreshUpdate) {
        super.refreshDidUpdate(update)
        if update.dropped != nil, case .prepended = update.change {
            loadMore()
        }
    }
}

/// The suite against lists paged by cursor, loading previous pages, and capping the pages held.
@MainActor
@Suite struct PagingConformanceTests {
    @Test(arguments: [RefreshPolicy.Paging.pageNumbers, .cursors])
    func theDefaultsKeepTheCursorPreviousPageAndCapRules(paging: RefreshPolicy.Paging) async throws {
        // The cap's own scenarios go past four pages.
        let configuration = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, paging: paging, maxPages: 4), endOfListSignals: .all)
        let report = try await RefreshableConformance.check(configuration) { FeedController(rig: $0) }
        let extra =
            RefreshableConformance.pageCapScenarioNames.count
            + (paging == .cursors ? RefreshableConformance.cursorScenarioNames.count : 0)
        #expect(RefreshableConformance.pageCapScenarioNames.count == 2)
        #expect(RefreshableConformance.cursorScenarioNames.count == 4)
        #expect(report.scenarioCount == RefreshableConformance.scenarioNames.count + extra)
        #expect(report.unchecked.isEmpty, "the random events run against a capped list: \(report)")
        #expect(report.randomizedSteps == configuration.randomizedSteps)
    }

    /// The general scenarios load four pages and expect them held: for them the suite raises a
    /// smaller cap, so a feed whose cap is one or two pages is checked, not failed for its cap.
    @Test(arguments: [1, 2, 3], [RefreshPolicy.Paging.pageNumbers, .cursors])
    func aFeedWithASmallCapKeepsEveryRule(maxPages: Int, paging: RefreshPolicy.Paging) async throws {
        let configuration = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, paging: paging, maxPages: maxPages), endOfListSignals: .all)
        let report = try await RefreshableConformance.check(configuration) { FeedController(rig: $0) }
        #expect(report.checkedRules.contains(.pageCap))
        #expect(report.unchecked.isEmpty, "\(report)")
        #expect(report.randomizedSteps == configuration.randomizedSteps)
    }

    /// The loader knows where each cursor it handed out leads, so an API that takes only a cursor
    /// is checked as one that takes the request, the cursor each load asks with included.
    @Test(arguments: [nil, 2])
    func aFeedWhoseAPITakesOnlyACursorKeepsEveryRule(maxPages: Int?) async throws {
        let configuration = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, paging: .cursors, maxPages: maxPages), endOfListSignals: .all)
        let report = try await RefreshableConformance.check(configuration) { CursorAPIFeed(rig: $0) }
        #expect(report.unchecked.isEmpty, "\(report)")
        #expect(report.randomizedSteps == configuration.randomizedSteps)
    }

    @Test func aFeedWhoseAPIIsAskedWithAStaleCursorIsCaught() async throws {
        let configuration = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, paging: .cursors), endOfListSignals: .all, randomizedSteps: 0)
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(configuration) { StaleCursorFeed(rig: $0) }
        }
        #expect(failure.violatedRules == [.loadMoreAsksNextPage])
        let violation = try #require(
            failure.violations.first {
                $0.scenario == "refresh asks for the first page, however far the list has loaded"
            })
        // The stale cursor leads to page 2 again, and the step names the cursor asked with.
        #expect(
            violation.mismatch
                == .loads(expected: [.loadMore(source: 0, page: 3)], observed: [.loadMore(source: 0, page: 2)]))
        #expect(violation.steps.contains { $0.contains("loadMore(source: 0, page: 2, cursor: \"after-p1\")") })
    }

    @Test func aLoadByACursorTheLoaderNeverHandedOutAsksForNoPageAScenarioExpects() async throws {
        let rig = ConformanceRig(makeItem: { $0 })
        let task = Task { try await rig.loader.load(cursor: "made-up", source: 0) }
        #expect(await rig.loader.waitForLoads(count: 1))
        let load = try #require(rig.loader.loads.first)
        #expect(load.page == TestPageLoader<TestItem>.unknownCursorPage)
        #expect(load.cursor == "made-up")
        #expect(load.asksByCursor)
        rig.loader.abandonPending()
        _ = await task.result
    }

    @Test func aCursorListWithoutACapRunsTheRandomEventsToo() async throws {
        let configuration = ConformanceConfiguration(policy: RefreshPolicy(pageSize: 3, paging: .cursors))
        let report = try await RefreshableConformance.check(configuration) { FeedController(rig: $0) }
        #expect(report.randomizedSteps == 2_000)
        #expect(report.unchecked.isEmpty, "\(report)")
    }

    @Test func aFeedThatLoadsMoreWhenTheCapDropsItsLastPageBreaksThePageCapRule() async throws {
        let configuration = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, maxPages: 4), endOfListSignals: .all, randomizedSteps: 0)
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(configuration) { RefillingFeed(rig: $0) }
        }
        #expect(failure.violatedRules == [.pageCap])
        let violation = try #require(failure.violations.first)
        #expect(violation.scenario == "a load-more in flight is superseded when the cap drops the last page")
        #expect(violation.mismatch == .loading(source: 0, expected: false, observed: true))
    }

    @Test func aFeedThatDropsThePreviousCursorBreaksThePreviousPageRule() async throws {
        let configuration = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, paging: .cursors), endOfListSignals: .all, randomizedSteps: 0)
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(configuration) { NoPreviousCursorFeed(rig: $0) }
        }
        #expect(failure.violatedRules == [.previousPageLoads])
        let violation = try #require(failure.violations.first)
        #expect(violation.mismatch == .loads(expected: [.loadPrevious(source: 0, page: 0)], observed: []))
    }

    /// The old rule kept by hand: a feed that takes a page of filtered rows (empty, with a new
    /// cursor) for the end of the list.
    @Test func aFeedThatTakesAnEmptyPageWithANewCursorForTheEndIsCaught() async throws {
        let configuration = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, paging: .cursors), endOfListSignals: .all, randomizedSteps: 0)
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(configuration) { EmptyPageEndsFeed(rig: $0) }
        }
        #expect(failure.violatedRules == [.endOfList])
        let violation = try #require(failure.violations.first)
        #expect(violation.scenario == "a cursor list asks with each answer's cursor until an answer carries none")
        #expect(violation.mismatch == .endOfList(source: 0, expected: false, observed: true))
    }

    @Test func aChatThatStopsPollingAfterAnEmptyAnswerIsCaught() async throws {
        let configuration = ConformanceConfiguration(
            policy: RefreshPolicy(pageSize: 3, paging: .cursors), endOfListSignals: .all, randomizedSteps: 0)
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(configuration) { EmptyPollAsStartFeed(rig: $0) }
        }
        #expect(failure.violatedRules == [.previousPageLoads])
        let violation = try #require(failure.violations.first)
        #expect(violation.scenario == "a chat polls again for newer items after an empty answer that carries a cursor")
        #expect(violation.mismatch == .startOfList(source: 0, expected: false, observed: true))
    }
}
