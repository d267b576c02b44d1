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
        #expect(RefreshableConformance.cursorScenarioNames.count == 2)
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
}
