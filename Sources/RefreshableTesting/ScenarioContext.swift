import Refreshable

/// Ends a scenario at its first broken expectation.
struct ScenarioStop: Error {
    let violation: ConformanceViolation
}

/// One scenario's driver and what the suite learnt about the adopter, with the actions (each
/// followed by a settle) and the expectations scenarios are written in.
@MainActor
final class ScenarioContext<Adopter: Refreshable> where Adopter.Item: Equatable {
    let scenario: String
    let driver: AdopterDriver<Adopter>
    let traits: AdopterTraits
    /// The checks skipped because the adopter does not expose a control and never drives it.
    private(set) var unchecked: [ConformanceReport.UncheckedRule] = []

    /// The rules asked for; every rule when `nil`.
    let rules: Set<ConformanceRule>?

    init(scenario: String, driver: AdopterDriver<Adopter>, traits: AdopterTraits, rules: Set<ConformanceRule>? = nil) {
        self.scenario = scenario
        self.driver = driver
        self.traits = traits
        self.rules = rules
    }

    var rig: ConformanceRig<Adopter.Item> { driver.rig }
    var adopter: Adopter { driver.adopter }
    var steps: [String] { driver.steps }
    var policy: RefreshPolicy { driver.policy }
    var firstPage: Int { policy.firstPage }
    var fullPage: Int { policy.pageSize }
    var shortPage: Int { policy.pageSize - 1 }
    var sourceCount: Int { driver.sources.count }
    var hasListView: Bool { driver.hasListView }

    /// Whether `source`'s list pages: it is not one of ``ConformanceConfiguration/onePageSources``.
    func pages(_ source: Int) -> Bool {
        !rig.onePageSources.contains(source)
    }

    /// A second source for a scenario that loads more on one of two: the first source after
    /// `source` whose list pages, or the next one when only `source` pages; `nil` when neither
    /// pages.
    func secondSource(besides source: Int) -> Int? {
        let others = (1..<max(sourceCount, 1)).map { (source + $0) % sourceCount }
        return others.first(where: pages) ?? (pages(source) ? others.first : nil)
    }

    /// An absent control, for reports of what could not be checked.
    enum Absent {
        case header, footer, listView
        /// A footer the controller shows but wired nothing to.
        case footerWiring
        /// A source that pages beside the one on screen: both lists are one page.
        case pagingSource
        /// The failure messages of an adopter that shows failures its own way.
        case ownFailureMessages
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
        case .footerWiring:
            reason =
                "a user's pull of the footer: the controller shows rig.footer but wired nothing to it (no refreshingBlock, no action), so load-more was asked with loadMore()"
        case .ownFailureMessages:
            reason =
                "the failure messages: the adopter shows failures its own way (ConformanceConfiguration.showsFailuresItself)"
        case .pagingSource:
            reason =
                "loading more on one of two sources: the source on screen and every other are one page (ConformanceConfiguration.onePageSources)"
        }
        let entry = ConformanceReport.UncheckedRule(rule: rule, reason: reason)
        if !unchecked.contains(entry) {
            unchecked.append(entry)
        }
    }

    func stop(_ rule: ConformanceRule, _ mismatch: ConformanceMismatch) -> ScenarioStop {
        ScenarioStop(
            violation: ConformanceViolation(
                rule: rule, scenario: scenario, steps: steps, mismatch: mismatch,
                recordedFailures: driver.recordedFailures))
    }

    /// Throws a violation of `rule` when there is a mismatch.
    private func require(_ mismatch: ConformanceMismatch?, _ rule: ConformanceRule) throws {
        if let mismatch {
            throw stop(rule, mismatch)
        }
    }

    // MARK: Actions

    private func act(_ action: AdopterDriver<Adopter>.Action) async -> Bool {
        let done = driver.perform(action)
        await driver.settle()
        return done
    }

    func appear() async { _ = await act(.appear) }
    func refresh() async { _ = await act(.refresh) }
    func loadMore() async { _ = await act(.loadMore) }
    func loadPrevious() async { _ = await act(.loadPrevious) }
    /// The row at `row` of the current source comes on screen (and goes, as the user scrolls).
    func rowAppears(_ row: Int) async { _ = await act(.rowAppears(row)) }

    /// The most pages a source holds, under the adopter's policy.
    var maxPages: Int { policy.maxPages ?? .max }

    /// The cursors a server paging by cursor answers `load` with (none under page numbers): the
    /// page after it unless `ending`, the page before it unless it is the first page.
    func cursors(for load: TestLoad, ending: Bool = false) -> PageSignals {
        guard policy.paging == .cursors else { return PageSignals() }
        var signals = PageSignals(
            nextCursor: ending ? nil : "after-p\(load.page)",
            previousCursor: load.page > firstPage ? "before-p\(load.page)" : nil
        )
        signals.explicitCursors = true
        return signals
    }

    /// The signals of a full page that keeps the list open: its cursors under cursor paging, and
    /// `hasMore: true` when the loader forwards it.
    func openSignals(for load: TestLoad) -> PageSignals {
        var signals = cursors(for: load)
        if policy.paging == .pageNumbers, traits.signals.contains(.hasMore) {
            signals.hasMore = true
        }
        return signals
    }

    /// Answers `load` with a full page that keeps the list open, with its cursors under cursor paging.
    @discardableResult
    func answerOpen(_ load: TestLoad) async -> [TestItem] {
        await answer(load, itemCount: fullPage, signals: openSignals(for: load))
    }

    /// Expects `load` to ask with `cursor`, when the adopter passed the library's request to the loader.
    func expectCursor(_ load: TestLoad, _ cursor: String?, _ rule: ConformanceRule) throws {
        guard load.asksByCursor, load.cursor != cursor else { return }
        let asked = ConformanceMismatch.Load(source: load.source, page: load.page, kind: load.kind)
        throw stop(rule, .cursor(load: asked, expected: cursor, observed: load.cursor))
    }
    func switchSource(to index: Int) async { _ = await act(.switchSource(index)) }

    /// The user pulls the header through the adopter's wiring of it; `false` when it could not be
    /// pulled (absent, unwired, or still showing a state a user cannot pull from).
    func pullHeader() async -> Bool { await act(.pullHeader) }

    /// The user pulls the footer up through the adopter's wiring of it; `false` when it could not be pulled.
    func pullFooter() async -> Bool { await act(.pullFooter) }

    /// Lets the controls' begin animations complete: MJRefresh's late callbacks of every
    /// `beginRefreshing()` arrive (nothing for a `UIRefreshControl`).
    func completeBeginAnimations() async {
        let (header, footer) = (rig.header, rig.footer)
        guard
            header.pendingBeginCallbacks > 0 || footer.pendingBeginCallbacks > 0 || header.awaitsTurns
                || footer.awaitsTurns
        else { return }
        driver.note("the controls' begin animations complete: their late callbacks arrive")
        header.completeBeginAnimations()
        footer.completeBeginAnimations()
        await driver.settle()
    }
    func cancelLoading(source: Int) async { _ = await act(.cancel(source: source)) }

    /// Puts a fresh state in place of every source's, as a logout does: the app sets
    /// `refreshStatus.sources` to a copy whose sources never loaded, with their end-of-list texts.
    func replaceState() async {
        var fresh = driver.sources
        for index in fresh.indices {
            fresh[index] = RefreshState(noMoreTitle: fresh[index].noMoreTitle, firstPage: policy.firstPage)
        }
        driver.note("refreshStatus.sources = a fresh state for every source (a logout)")
        adopter.refreshStatus.sources = fresh
        await driver.settle()
    }
    func tapRetry() async -> Bool { await act(.tapRetry) }

    /// Whether the adopter's list keeps the page's copy of an item it holds already.
    var takesNewer: Bool { driver.sources.identity?.duplicates == .takeNewer }

    /// Updates a held item of the current source with a new local copy; returns the copy.
    func update(_ item: TestItem) async -> TestItem {
        let edit = rig.loader.makeLocalEdit(of: item)
        _ = await act(.update(edit))
        return edit
    }

    /// Removes the item with this id from the current source.
    func remove(_ item: TestItem) async {
        _ = await act(.remove(id: item.id))
    }

    /// Inserts a new local item into the current source at `position`; returns it.
    func insert(at position: Int) async -> TestItem {
        let item = rig.loader.makeLocalItem(source: adopter.currentIndex)
        _ = await act(.insert(item, at: position))
        return item
    }

    /// Inserts a new pending item (a message just sent) into the current source at `position`;
    /// returns it.
    func insertPending(at position: Int) async -> TestItem {
        let item = rig.loader.makeLocalItem(source: adopter.currentIndex)
        _ = await act(.insertPending(item, at: position))
        return item
    }

    /// Appears, then expects the first-page refresh of `source` and returns it.
    func appearAndExpectFirstLoad(source: Int) async throws -> TestLoad {
        await appear()
        return try await expectLoad(source: source, page: firstPage, kind: .refresh, .firstAppearanceLoads)
    }

    /// Answers `load` and waits until the adopter has applied it.
    @discardableResult
    func answer(
        _ load: TestLoad,
        itemCount: Int,
        copies: [TestItem] = [],
        signals: PageSignals = PageSignals()
    ) async -> [TestItem] {
        let answered = driver.answer(load, itemCount: itemCount, copies: copies, signals: signals)
        await driver.waitForReaction(answered.settling)
        await driver.settle()
        driver.noteRefusal(answered.settling)
        return answered.items
    }

    /// Answers `load` with a full page whose signal of `kind` says the list ends with it.
    @discardableResult
    func answerEnding(_ load: TestLoad, by kind: EndOfListSignals, heldBefore: Int) async -> [TestItem] {
        let signals = PageSignals.ending(kind, for: load, firstPage: firstPage, heldAfter: heldBefore + fullPage)
        return await answer(load, itemCount: fullPage, signals: signals)
    }

    /// Answers `load` with a full page whose signal of `kind` says more pages follow.
    @discardableResult
    func answerFull(_ load: TestLoad, openBy kind: EndOfListSignals, heldBefore: Int) async -> [TestItem] {
        let signals = PageSignals.keepingOpen(kind, for: load, firstPage: firstPage, heldAfter: heldBefore + fullPage)
        return await answer(load, itemCount: fullPage, signals: signals ?? PageSignals())
    }

    /// Answers `load` with a short page that the strongest signal the adopter forwards keeps open;
    /// `nil` (and no answer) when it forwards none, as a short page then ends the list.
    func answerShortKeepingOpen(_ load: TestLoad, heldBefore: Int) async -> [TestItem]? {
        guard
            let signals = PageSignals.keepingOpen(
                traits.signals, for: load, firstPage: firstPage, heldAfter: heldBefore + shortPage)
        else { return nil }
        return await answer(load, itemCount: shortPage, signals: signals)
    }

    /// Fails `load`, and every retry of it when the adopter's runtime retries on the rig's clock:
    /// a failure, for the general scenarios, is the last attempt's.
    func fail(_ load: TestLoad) async {
        await failOnce(load)
        guard let retries = traits.retries, retries > 0,
            #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
        else { return }
        for _ in 0..<retries {
            guard await rig.loader.waitUntil({ rig.clock.sleeperCount > 0 }) else { break }
            let count = rig.loader.loads.count
            rig.clock.advance(by: AdopterDriver<Adopter>.longerThanAnyRetryWait)
            guard await rig.loader.waitUntil({ rig.loader.loads.count > count }),
                let retry = rig.loader.pending.last(where: { $0.source == load.source && $0.kind == load.kind })
            else { break }
            // Examined now: an unexamined load would count as the adopter's reaction to the next
            // failure, and the last one would not be waited for.
            _ = driver.takeNewLoads()
            await failOnce(retry)
        }
        // The retries are the same load asked again, not new loads.
        _ = driver.takeNewLoads()
    }

    /// Fails one attempt of `load`, and waits until the adopter applied the failure or, when its
    /// runtime retries, the load waits for its retry on the rig's clock (it changes nothing the
    /// adopter's state shows, so waiting for a change would wait out the whole budget).
    func failOnce(_ load: TestLoad) async {
        let waits = driver.retryWaits
        let settling = driver.fail(load)
        if let retries = traits.retries, retries > 0, settling != nil {
            await driver.waitForRetryWaits(waits + 1, or: settling)
        } else {
            await driver.waitForReaction(settling)
        }
        await driver.settle()
    }

    func finish() async {
        await driver.finish()
    }

    // MARK: Expectations

    /// Expects exactly these loads to have been asked for since the last expectation about loads.
    ///
    /// Loads the adopter has started (its `refreshStatus` says the source is loading) but the loader
    /// has not recorded yet are waited for. "No new load" is checked after the action's settle, so
    /// it is best-effort: a load that arrives later still is seen by the next expectation.
    ///
    /// A load of the expected source and kind but the wrong page breaks the page rule (refresh asks
    /// the first page, load-more the next, or a failed load commits nothing when `rule` is that one),
    /// whatever rule the scenario is about.
    @discardableResult
    func expectLoads(_ expected: [ConformanceMismatch.Load], _ rule: ConformanceRule) async throws -> [TestLoad] {
        if await driver.waitForLoads(expected.count, of: expected.map(\.source)) {
            await driver.settle()
        }
        let (fresh, mismatch) = driver.loadsMismatch(expected)
        guard let mismatch else { return fresh }
        var rule = rule
        let sameShape =
            fresh.count == expected.count
            && zip(fresh, expected).allSatisfy { $0.source == $1.source && $0.kind == $1.kind }
        if sameShape, let wrong = zip(fresh, expected).first(where: { $0.page != $1.page })?.1 {
            // A refused or failed load commits nothing: asking past it breaks the rule that says so.
            // A refresh around the position asks for a page of its own.
            let keepsRule = rule == .failedLoadCommitsNoPage || rule == .progress
            if wrong.kind == .refresh {
                rule = rule == .refreshAroundPosition ? rule : .refreshAsksFirstPage
            } else {
                rule = keepsRule || rule == .refreshAroundPosition ? rule : .loadMoreAsksNextPage
            }
        }
        throw stop(rule, mismatch)
    }

    func expectLoad(
        source: Int,
        page: Int,
        kind: RefreshRequest.Kind,
        _ rule: ConformanceRule
    ) async throws -> TestLoad {
        try await expectLoads([ConformanceMismatch.Load(source: source, page: page, kind: kind)], rule)[0]
    }

    func expectNoLoad(_ rule: ConformanceRule) async throws {
        try await expectLoads([], rule)
    }

    func expectItems(source: Int, _ items: [TestItem], _ rule: ConformanceRule) throws {
        try require(driver.itemsMismatch(source: source, expected: items), rule)
    }

    func expectHeader(refreshing: Bool, _ rule: ConformanceRule) throws {
        guard driver.hasHeader else { return skip(rule, .header) }
        try require(driver.headerMismatch(refreshing: refreshing), rule)
    }

    func expectFooter(hidden: Bool, _ rule: ConformanceRule) throws {
        guard driver.hasFooter else { return skip(rule, .footer) }
        try require(driver.footerHiddenMismatch(hidden), rule)
    }

    func expectFooter(_ state: TestFooterControl.State, _ rule: ConformanceRule) throws {
        guard driver.hasFooter else { return skip(rule, .footer) }
        try require(driver.footerMismatch(state, exactly: true), rule)
    }

    /// Expects the footer to show a failure, whatever its message.
    func expectFooterFailed(_ rule: ConformanceRule) throws {
        guard driver.hasFooter else { return skip(rule, .footer) }
        try require(driver.footerMismatch(.failed(message: "<any message>"), exactly: false), rule)
    }

    func expectFooterNotRefreshing(_ rule: ConformanceRule) throws {
        guard driver.hasFooter else { return skip(rule, .footer) }
        try require(rig.footer.isRefreshing ? .footerStillRefreshing : nil, rule)
    }

    func endedFooter(source: Int) -> TestFooterControl.State {
        driver.endedFooter(source: source)
    }

    func expectEnded(source: Int, _ ended: Bool, _ rule: ConformanceRule) throws {
        try require(driver.endOfListMismatch(source: source, expected: ended), rule)
    }

    /// Expects the source's start of the list (nothing before its first loaded page) to be `start`.
    func expectStart(source: Int, _ start: Bool, _ rule: ConformanceRule) throws {
        try require(driver.startOfListMismatch(source: source, expected: start), rule)
    }

    func expectPlaceholder(shown: Bool, _ rule: ConformanceRule) throws {
        guard driver.hasListView else { return skip(rule, .listView) }
        try require(driver.placeholderMismatch(shown: shown), rule)
    }

    /// Expects this many failure messages since the last expectation about messages.
    func expectNewMessages(_ count: Int, _ rule: ConformanceRule) throws {
        guard driver.hasListView else { return skip(rule, .listView) }
        guard !rig.showsFailuresItself else { return skip(.failureIsShown, .ownFailureMessages) }
        // How a failure is presented is the failure rule's, whichever rule's scenario looks.
        guard rules?.contains(.failureIsShown) ?? true else { return }
        try require(driver.messagesMismatch(count), rule)
    }

    func expectLoading(source: Int, _ loading: Bool, _ rule: ConformanceRule) throws {
        try require(driver.loadingMismatch(source: source, expected: loading), rule)
    }
}
