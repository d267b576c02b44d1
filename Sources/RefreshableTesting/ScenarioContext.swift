import Refreshable

/// Ends a scenario at its first broken expectation.
struct ScenarioStop: Error {
    let violation: ConformanceViolation
}

/// One scenario's adopter, rig and step log, with the actions and expectations scenarios are written in.
@MainActor
final class ScenarioContext<Adopter: Refreshable> where Adopter.Item: Equatable {
    let scenario: String
    let rig: ConformanceRig<Adopter.Item>
    let adopter: Adopter
    private let makeItem: @Sendable (TestItem) -> Adopter.Item
    private let budget: WaitBudget
    private(set) var steps: [String] = []
    /// The checks skipped because the adopter does not expose a control and never drives it.
    private(set) var unchecked: [ConformanceReport.UncheckedRule] = []
    private var examinedLoads = 0
    private var examinedMessages = 0

    init(
        scenario: String,
        rig: ConformanceRig<Adopter.Item>,
        adopter: Adopter,
        budget: WaitBudget,
        makeItem: @escaping @Sendable (TestItem) -> Adopter.Item
    ) {
        self.scenario = scenario
        self.rig = rig
        self.adopter = adopter
        self.budget = budget
        self.makeItem = makeItem
    }

    var policy: RefreshPolicy { adopter.refreshStatus.sources.policy }
    var firstPage: Int { policy.firstPage }
    var fullPage: Int { policy.pageSize }
    var shortPage: Int { policy.pageSize - 1 }
    var sourceCount: Int { adopter.refreshStatus.sources.count }

    /// A control counts as present when the adopter exposes the rig's double or drives it itself.
    var hasHeader: Bool { adopter.refreshHeaderControl === rig.header || !rig.header.calls.isEmpty }
    var hasFooter: Bool { adopter.refreshFooterControl === rig.footer || !rig.footer.calls.isEmpty }
    var hasListView: Bool { adopter.refreshListView === rig.listView || !rig.listView.calls.isEmpty }

    /// An absent control, for reports of what could not be checked.
    enum Absent {
        case header, footer, listView
    }

    /// Records that a check of `rule` was skipped because the control is absent.
    func skip(_ rule: ConformanceRule, _ absent: Absent) {
        let reason: String
        switch absent {
        case .header:
            reason =
                "the header's refreshing state: the adopter's refreshHeaderControl is nil and it never drove rig.header"
        case .footer:
            reason =
                "the footer's hidden, loading and end-of-list states: the adopter's refreshFooterControl is nil and it never drove rig.footer"
        case .listView:
            reason =
                "the failure placeholder, its retry and the failure messages: the adopter's refreshListView is nil and it never called rig.listView"
        }
        let entry = ConformanceReport.UncheckedRule(rule: rule, reason: reason)
        if !unchecked.contains(entry) {
            unchecked.append(entry)
        }
    }

    func stop(_ rule: ConformanceRule, expected: String, observed: String) -> ScenarioStop {
        ScenarioStop(
            violation: ConformanceViolation(
                rule: rule,
                scenario: scenario,
                steps: steps,
                expected: expected,
                observed: observed
            )
        )
    }

    // MARK: Actions

    func note(_ step: String) {
        steps.append(step)
    }

    func appear() async {
        note("setupRefreshHeader(); setupRefreshFooter()")
        adopter.setupRefreshHeader()
        adopter.setupRefreshFooter()
        await rig.settle()
    }

    /// Appears, then expects the first-page refresh of `source` (rule S1) and returns it.
    func appearAndExpectFirstLoad(source: Int) async throws -> TestLoad {
        await appear()
        return try await expectLoad(source: source, page: firstPage, kind: .refresh, .s1)
    }

    func refresh() async {
        note("refresh()")
        adopter.refresh()
        await rig.settle()
    }

    func loadMore() async {
        note("loadMore()")
        adopter.loadMore()
        await rig.settle()
    }

    func switchSource(to index: Int) async {
        note("switchSource(to: \(index))")
        adopter.switchSource(to: index)
        await rig.settle()
    }

    func cancelLoading(source: Int) async {
        note("cancelLoading(source: \(source))")
        adopter.cancelLoading(source: source)
        await rig.settle()
    }

    @discardableResult
    func tapRetry() async -> Bool {
        note("tap the failure placeholder's retry")
        let tapped = rig.listView.tapRetry()
        await rig.settle()
        return tapped
    }

    @discardableResult
    func answer(
        _ load: TestLoad,
        itemCount: Int,
        hasMore: Bool? = nil,
        pageCount: Int? = nil,
        totalCount: Int? = nil
    ) async -> [TestItem] {
        var signals: [String] = []
        if let hasMore { signals.append("hasMore: \(hasMore)") }
        if let pageCount { signals.append("curPage: \(load.page), pageCount: \(pageCount)") }
        if let totalCount { signals.append("totalCount: \(totalCount)") }
        let suffix = signals.isEmpty ? "" : " (\(signals.joined(separator: ", ")))"
        note("answer \(load) with \(itemCount) item(s)\(suffix)")
        let before = adopter.refreshStatus.sources
        let settles = rig.loader.inFlightRequest(answeredBy: load, in: before)
        let items = rig.loader.answer(
            load,
            itemCount: itemCount,
            hasMore: hasMore,
            pageCount: pageCount,
            totalCount: totalCount
        )
        await settle(applying: settles, source: load.source, before: before)
        return items
    }

    func fail(_ load: TestLoad) async {
        note("fail \(load)")
        let before = adopter.refreshStatus.sources
        let settles = rig.loader.inFlightRequest(answeredBy: load, in: before)
        rig.loader.fail(load, with: TestLoadError("conformance failure"))
        await settle(applying: settles, source: load.source, before: before)
    }

    /// After answering or failing the adopter's in-flight `request`, waits until the adopter has
    /// applied it (its answer may come back through other actors), then lets queued work run.
    private func settle(applying request: RefreshRequest?, source: Int, before: RefreshSources<Adopter.Item>) async {
        if let request {
            await budget.waitForReaction(to: request, source: source, before: before, loader: rig.loader) {
                adopter.refreshStatus.sources
            }
        }
        await rig.settle()
    }

    func finish() async {
        rig.loader.abandonPending()
        await rig.settle()
    }

    // MARK: Expectations

    /// Expects exactly these loads to have been asked for since the last expectation about loads.
    ///
    /// Loads the adopter has started (its `refreshStatus` says the source is loading) but the loader
    /// has not recorded yet are waited for, up to ``TestPageLoader/maximumWaitYields`` turns of the
    /// main actor: an adopter whose `loadPage(_:)` first awaits another actor reaches the loader
    /// some turns later. "No new load" is checked after the action's settle, so it is best-effort: a
    /// load that arrives later still is seen by the next expectation.
    ///
    /// A load of the expected source and kind but the wrong page breaks the page rule (S7 for a
    /// refresh, S8 for a load-more, or S9 when `rule` is S9), whatever rule the scenario is about.
    @discardableResult
    func expectLoads(
        _ expected: [(source: Int, page: Int, kind: RefreshRequest.Kind)],
        _ rule: ConformanceRule
    ) async throws -> [TestLoad] {
        let target = examinedLoads + expected.count
        if rig.loader.loads.count < target {
            let arrived = await budget.wait(rig.loader) {
                rig.loader.loads.count >= target
                    || !expected.contains { adopter.refreshStatus.sources[$0.source].isLoading }
            }
            if arrived {
                await rig.settle()
            }
        }
        let fresh = Array(rig.loader.loads.dropFirst(examinedLoads))
        examinedLoads = rig.loader.loads.count
        let sameLoads =
            fresh.count == expected.count
            && zip(fresh, expected).allSatisfy { $0.source == $1.source && $0.kind == $1.kind }
        let matches = sameLoads && zip(fresh, expected).allSatisfy { $0.page == $1.page }
        guard matches else {
            let wanted = expected.map {
                "\($0.kind == .refresh ? "refresh" : "loadMore")(source: \($0.source), page: \($0.page))"
            }
            var rule = rule
            if sameLoads, let wrong = zip(fresh, expected).first(where: { $0.page != $1.page })?.1 {
                rule = wrong.kind == .refresh ? .s7 : rule == .s9 ? .s9 : .s8
            }
            throw stop(
                rule,
                expected: wanted.isEmpty ? "no new load" : "new load(s) \(wanted.joined(separator: ", "))",
                observed: fresh.isEmpty
                    ? "no new load" : "new load(s) \(fresh.map(\.description).joined(separator: ", "))"
            )
        }
        return fresh
    }

    func expectLoad(
        source: Int,
        page: Int,
        kind: RefreshRequest.Kind,
        _ rule: ConformanceRule
    ) async throws -> TestLoad {
        try await expectLoads([(source, page, kind)], rule)[0]
    }

    func expectNoLoad(_ rule: ConformanceRule) async throws {
        try await expectLoads([], rule)
    }

    func expectItems(source: Int, _ items: [TestItem], _ rule: ConformanceRule) throws {
        let held = adopter.refreshStatus.sources[source].items
        guard held == items.map(makeItem) else {
            throw stop(
                rule,
                expected: "source \(source) holds \(items.count) item(s) \(items)",
                observed: "it holds \(held.count) item(s) \(held)"
            )
        }
    }

    func expectHeader(refreshing: Bool, _ rule: ConformanceRule) throws {
        guard hasHeader else { return skip(rule, .header) }
        guard rig.header.isRefreshing != refreshing else { return }
        throw stop(
            rule,
            expected: "the header \(refreshing ? "shows" : "does not show") its refreshing state",
            observed: "header.isRefreshing is \(rig.header.isRefreshing); header calls: \(rig.header.calls)"
        )
    }

    func expectFooter(hidden: Bool, _ rule: ConformanceRule) throws {
        guard hasFooter else { return skip(rule, .footer) }
        guard rig.footer.isHidden != hidden else { return }
        throw stop(
            rule,
            expected: "the footer is \(hidden ? "hidden" : "shown")",
            observed: "footer.isHidden is \(rig.footer.isHidden); footer calls: \(rig.footer.calls)"
        )
    }

    func expectFooter(_ state: TestFooterControl.State, _ rule: ConformanceRule) throws {
        guard hasFooter else { return skip(rule, .footer) }
        guard rig.footer.state != state else { return }
        throw stop(
            rule,
            expected: "the footer shows \(state)",
            observed: "it shows \(rig.footer.state); footer calls: \(rig.footer.calls)"
        )
    }

    func expectFooterNotRefreshing(_ rule: ConformanceRule) throws {
        guard hasFooter else { return skip(rule, .footer) }
        guard rig.footer.isRefreshing else { return }
        throw stop(
            rule,
            expected: "the footer has left its loading state",
            observed: "it still shows refreshing; footer calls: \(rig.footer.calls)"
        )
    }

    func endedFooter(source: Int) -> TestFooterControl.State {
        let title = adopter.refreshStatus.sources[source].noMoreTitle
        return .noMoreData(title: title.isEmpty ? nil : title)
    }

    func expectEnded(source: Int, _ ended: Bool, _ rule: ConformanceRule) throws {
        let state = adopter.refreshStatus.sources[source]
        guard state.noMoreData != ended else { return }
        throw stop(
            rule,
            expected: "refreshStatus[\(source)].noMoreData is \(ended)",
            observed: "it is \(state.noMoreData) (page \(state.page), \(state.items.count) item(s))"
        )
    }

    func expectPlaceholder(shown: Bool, _ rule: ConformanceRule) throws {
        guard hasListView else { return skip(rule, .listView) }
        guard (rig.listView.placeholder != nil) != shown else { return }
        throw stop(
            rule,
            expected: shown ? "the failure placeholder is shown" : "no failure placeholder is shown",
            observed:
                "placeholder: \(rig.listView.placeholder.map(\.description) ?? "none"); list calls: \(rig.listView.calls)"
        )
    }

    /// Expects this many failure messages since the last expectation about messages.
    func expectNewMessages(_ count: Int, _ rule: ConformanceRule) throws {
        guard hasListView else { return skip(rule, .listView) }
        let fresh = rig.listView.messages.dropFirst(examinedMessages)
        examinedMessages = rig.listView.messages.count
        guard fresh.count != count else { return }
        throw stop(
            rule,
            expected: "\(count) new failure message(s)",
            observed: "\(fresh.count) new failure message(s) \(Array(fresh))"
        )
    }

    func expectLoading(source: Int, _ loading: Bool, _ rule: ConformanceRule) throws {
        let state = adopter.refreshStatus.sources[source]
        guard state.isLoading != loading else { return }
        throw stop(
            rule,
            expected: "source \(source) is \(loading ? "" : "not ")loading",
            observed: "refreshStatus[\(source)].inFlight is \(state.inFlight.map(\.description) ?? "nil")"
        )
    }
}
