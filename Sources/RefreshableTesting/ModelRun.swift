import Refreshable

/// A divergence between the adopter and the reference model at one event.
struct Divergence: Sendable, Equatable {
    let rule: ConformanceRule
    let expected: String
    let observed: String
}

/// One adopter, its rig and the reference model, stepped through events together.
@MainActor
final class ModelRun<Adopter: Refreshable> where Adopter.Item: Equatable {
    private let rig: ConformanceRig<Adopter.Item>
    private let adopter: Adopter
    private let makeItem: @Sendable (TestItem) -> Adopter.Item
    private var model: ReferenceModel
    private var minted: [TestItem] = []
    private var examinedLoads = 0
    private var examinedMessages = 0
    private let budget: WaitBudget
    private(set) var log: [String] = []

    init(
        rig: ConformanceRig<Adopter.Item>,
        adopter: Adopter,
        budget: WaitBudget,
        makeItem: @escaping @Sendable (TestItem) -> Adopter.Item
    ) {
        self.rig = rig
        self.adopter = adopter
        self.budget = budget
        self.makeItem = makeItem
        model = ReferenceModel(
            titles: adopter.refreshStatus.sources.map(\.noMoreTitle),
            policy: adopter.refreshStatus.sources.policy,
            current: adopter.currentIndex
        )
    }

    private var sourceCount: Int { model.sources.count }
    private var hasHeader: Bool { adopter.refreshHeaderControl === rig.header || !rig.header.calls.isEmpty }
    private var hasFooter: Bool { adopter.refreshFooterControl === rig.footer || !rig.footer.calls.isEmpty }
    private var hasListView: Bool { adopter.refreshListView === rig.listView || !rig.listView.calls.isEmpty }

    /// What the event should do, filled in while performing it.
    private struct Expectation {
        var loads: [(source: Int, page: Int, kind: RefreshRequest.Kind)] = []
        var supersedes = false
        var refusals: [(kind: RefreshRequest.Kind, refusal: ReferenceModel.Refusal)] = []
        var messages = 0
        var answered: TestLoad?
        var failedSource: Int?
        /// The adopter's in-flight request that the event's answer or failure settles, its source,
        /// and the adopter's sources just before the answer.
        var settles: (request: RefreshRequest, source: Int, before: RefreshSources<Adopter.Item>)?
    }

    func perform(_ event: ModelEvent) async -> Divergence? {
        var expect = Expectation()
        switch event {
        case .appear:
            log.append("setupRefreshHeader(); setupRefreshFooter()")
            if model.needsFirstLoad(model.current) {
                begin(.refresh, source: model.current, &expect)
            }
            adopter.setupRefreshHeader()
            adopter.setupRefreshFooter()
        case .refresh:
            log.append("refresh()")
            begin(.refresh, source: model.current, &expect)
            adopter.refresh()
        case .loadMore:
            log.append("loadMore()")
            begin(.loadMore, source: model.current, &expect)
            adopter.loadMore()
        case .switchSource(let index):
            let target = index % sourceCount
            log.append("switchSource(to: \(target))")
            model.current = target
            if model.needsFirstLoad(target) {
                begin(.refresh, source: target, &expect)
            }
            adopter.switchSource(to: target)
        case .answer(let pick, let itemCount, let signal):
            let pending = rig.loader.pending
            guard !pending.isEmpty else {
                log.append("answer: nothing pending")
                break
            }
            let load = pending[pick % pending.count]
            answer(load, itemCount: itemCount, signal: signal, &expect)
        case .fail(let pick):
            let pending = rig.loader.pending
            guard !pending.isEmpty else {
                log.append("fail: nothing pending")
                break
            }
            let load = pending[pick % pending.count]
            expect.settles = settledRequest(load)
            let applied = model.fail(load)
            log.append("fail \(load)\(applied ? "" : " (stale)")")
            if applied {
                expect.failedSource = load.source
                if model.failureShowsMessage(source: load.source) {
                    expect.messages += 1
                }
            }
            rig.loader.fail(load, with: TestLoadError("random failure"))
        case .cancel(let index):
            let source = index % sourceCount
            log.append("cancelLoading(source: \(source))")
            if model.cancel(source: source) {
                expect.failedSource = source
            }
            adopter.cancelLoading(source: source)
        case .tapRetry:
            guard model.placeholderShown, hasListView else {
                log.append("tapRetry: no placeholder")
                break
            }
            log.append("tap the failure placeholder's retry")
            begin(.refresh, source: model.current, &expect)
            rig.listView.tapRetry()
        }
        let settled = await settle(expect)
        let marks = (examinedLoads, examinedMessages)
        let divergence = check(event, expect)
        guard divergence != nil, !settled else { return divergence }
        // Never report a divergence without letting queued work run: the adopter may deliver later
        // than the last event suggested (a completion that hops to the main actor, a second hop).
        (examinedLoads, examinedMessages) = marks
        await rig.settle()
        stepsSinceSettle = 0
        return check(event, expect)
    }

    private func check(_ event: ModelEvent, _ expect: Expectation) -> Divergence? {
        checkLoads(event, expect) ?? checkSources(event, expect) ?? checkScreen(expect)
    }

    /// Whether the adopter starts its loads synchronously (callback style), learnt from the first
    /// event that should start one. For such an adopter a passing check needs no trip through the
    /// main queue after most events; a failing one always gets it before it is reported.
    private var startsLoadsSynchronously: Bool?
    private var stepsSinceSettle = 0

    /// Waits for what the event must lead to and the adopter has visibly started, then lets queued
    /// work run unless the adopter is known to work synchronously. Returns whether it let queued work run.
    ///
    /// Correctness does not depend on the adopter's delivery style: a load the adopter's state says it
    /// issued is waited for until the loader records it, an answer to the adopter's in-flight request
    /// until the adopter has applied it (both up to ``TestPageLoader/maximumWaitYields`` turns), and a
    /// check that fails is repeated after a full settle before it is reported.
    private func settle(_ expect: Expectation) async -> Bool {
        if startsLoadsSynchronously == nil, !expect.loads.isEmpty {
            startsLoadsSynchronously = rig.loader.loads.count > examinedLoads && rig.footer.timing == .immediate
        }
        var waited = false
        let wanted = examinedLoads + expect.loads.count
        if rig.loader.loads.count < wanted {
            waited = true
            await budget.wait(rig.loader) {
                rig.loader.loads.count >= wanted
                    || !expect.loads.contains { adopter.refreshStatus.sources[$0.source].isLoading }
            }
        }
        if let settles = expect.settles, adopter.refreshStatus.sources[settles.source].inFlight == settles.request {
            waited = true
            await budget.waitForReaction(
                to: settles.request,
                source: settles.source,
                before: settles.before,
                loader: rig.loader
            ) { adopter.refreshStatus.sources }
        }
        stepsSinceSettle += 1
        if startsLoadsSynchronously == true, !waited, stepsSinceSettle < 64 {
            return false
        }
        stepsSinceSettle = 0
        await rig.settle()
        return true
    }

    /// The adopter's in-flight request that answering or failing `load` settles, if any.
    private func settledRequest(
        _ load: TestLoad
    ) -> (request: RefreshRequest, source: Int, before: RefreshSources<Adopter.Item>)? {
        let before = adopter.refreshStatus.sources
        return rig.loader.inFlightRequest(answeredBy: load, in: before).map { ($0, load.source, before) }
    }

    private func begin(_ kind: RefreshRequest.Kind, source: Int, _ expect: inout Expectation) {
        if model.sources[source].inFlight != nil {
            expect.supersedes = true
        }
        switch model.begin(kind, source: source) {
        case .starts(let source, let page, let kind):
            expect.loads.append((source, page, kind))
        case .refused(let refusal):
            expect.refusals.append((kind, refusal))
        }
    }

    private func answer(_ load: TestLoad, itemCount: Int, signal: ModelEndSignal, _ expect: inout Expectation) {
        var hasMore: Bool?
        var pageCount: Int?
        var totalCount: Int?
        switch signal {
        case .none:
            break
        case .hasMore(let more):
            hasMore = more
        case .pageCount(let after):
            pageCount = load.page - model.policy.firstPage + 1 + after
        case .totalCount(let after):
            let state = model.sources[load.source]
            let held = (load.kind == .refresh ? 0 : state.items.count) + itemCount
            totalCount = held + after
        }
        let made = rig.loader.makePage(
            for: load,
            itemCount: itemCount,
            hasMore: hasMore,
            pageCount: pageCount,
            totalCount: totalCount
        )
        minted += made.items
        let testPage = RefreshPage(
            items: made.items,
            hasMore: hasMore,
            curPage: made.page.curPage,
            pageCount: pageCount,
            totalCount: totalCount
        )
        expect.settles = settledRequest(load)
        let response = made.items.first?.response ?? 0
        let applied = model.answer(load, items: made.items, page: testPage, response: response)
        var signals: [String] = []
        if let hasMore { signals.append("hasMore: \(hasMore)") }
        if let pageCount { signals.append("curPage: \(load.page), pageCount: \(pageCount)") }
        if let totalCount { signals.append("totalCount: \(totalCount)") }
        let suffix = signals.isEmpty ? "" : ", " + signals.joined(separator: ", ")
        log.append("answer \(load) with \(itemCount) item(s)\(suffix)\(applied ? "" : " (stale)")")
        if applied {
            expect.answered = load
        }
        rig.loader.answer(load, with: made.page)
    }

    // MARK: Checks

    private func checkLoads(_ event: ModelEvent, _ expect: Expectation) -> Divergence? {
        let fresh = Array(rig.loader.loads.dropFirst(examinedLoads))
        examinedLoads = rig.loader.loads.count
        let matches =
            fresh.count == expect.loads.count
            && zip(fresh, expect.loads).allSatisfy {
                $0.source == $1.source && $0.page == $1.page && $0.kind == $1.kind
            }
        if matches {
            for load in fresh {
                model.sources[load.source].inFlight?.loadID = load.id
            }
            return nil
        }
        let wanted = expect.loads.map {
            "\($0.kind == .refresh ? "refresh" : "loadMore")(source: \($0.source), page: \($0.page))"
        }
        var expected = wanted.isEmpty ? "no new load" : "new load(s) \(wanted.joined(separator: ", "))"
        if let refusal = expect.refusals.first {
            expected += " (\(refusal.kind == .refresh ? "refresh" : "load-more") refused: \(refusal.refusal))"
        }
        let observed = fresh.isEmpty ? "no new load" : "new load(s) \(fresh.map(\.description).joined(separator: ", "))"
        return Divergence(rule: loadRule(event, expect, fresh), expected: expected, observed: observed)
    }

    private func loadRule(_ event: ModelEvent, _ expect: Expectation, _ fresh: [TestLoad]) -> ConformanceRule {
        if expect.supersedes, !expect.loads.isEmpty {
            return .s11
        }
        if let wanted = expect.loads.first, let got = fresh.first, got.source == wanted.source {
            if wanted.kind == .refresh {
                return .s7
            }
            return model.sources[wanted.source].failedSinceSuccess ? .s9 : .s8
        }
        if let wanted = expect.loads.first, fresh.first != nil {
            return wanted.source == model.current ? .s12 : .multiSource
        }
        if let refusal = expect.refusals.first {
            switch refusal.refusal {
            case .busy:
                return .s11
            case .ended:
                return .s5
            case .nothingLoaded:
                return .s2
            }
        }
        switch event {
        case .appear:
            return .s1
        case .switchSource:
            return fresh.isEmpty ? .s1 : .multiSource
        case .tapRetry:
            return .s6
        case .refresh:
            return .s7
        case .loadMore:
            return .s8
        case .answer, .fail, .cancel:
            return .s11
        }
    }

    private func checkSources(_ event: ModelEvent, _ expect: Expectation) -> Divergence? {
        for source in 0..<sourceCount {
            let state = adopter.refreshStatus.sources[source]
            let wanted = model.sources[source]
            if state.items != wanted.items.map(makeItem) {
                return Divergence(
                    rule: itemsRule(source: source, held: state.items, expect),
                    expected: "source \(source) holds \(wanted.items.count) item(s) \(wanted.items)",
                    observed: "it holds \(state.items.count) item(s) \(describe(state.items))"
                )
            }
            if state.noMoreData != wanted.ended {
                let rule: ConformanceRule =
                    expect.answered?.source == source && expect.answered?.kind == .refresh && !wanted.ended ? .s4 : .s5
                return Divergence(
                    rule: rule,
                    expected: "refreshStatus[\(source)].noMoreData is \(wanted.ended)",
                    observed: "it is \(state.noMoreData)"
                )
            }
            if state.page != wanted.page {
                return Divergence(
                    rule: wanted.failedSinceSuccess ? .s9 : .s8,
                    expected: "refreshStatus[\(source)].page is \(wanted.page), the last page that loaded",
                    observed: "it is \(state.page)"
                )
            }
            if state.isLoading != (wanted.inFlight != nil) {
                return Divergence(
                    rule: .s11,
                    expected: "source \(source) is \(wanted.inFlight == nil ? "not loading" : "loading")",
                    observed: "refreshStatus[\(source)].inFlight is \(state.inFlight.map(\.description) ?? "nil")"
                )
            }
        }
        return nil
    }

    private func itemsRule(source: Int, held: [Adopter.Item], _ expect: Expectation) -> ConformanceRule {
        let origins = held.map { item in minted.first { makeItem($0) == item } }
        if origins.contains(where: { $0.map { model.staleResponses.contains($0.response) } ?? false }) {
            return .s12
        }
        if origins.contains(where: { $0.map { $0.source != source } ?? false }) {
            return .s12
        }
        if let failed = expect.failedSource, failed == source {
            return model.sources[source].failure?.kind == .refresh ? .s4 : .s9
        }
        if let answered = expect.answered, answered.source == source {
            return answered.kind == .refresh ? .s3 : .s8
        }
        return .s12
    }

    private func describe(_ items: [Adopter.Item]) -> String {
        let named = items.map { item in minted.first { makeItem($0) == item }?.description ?? "\(item)" }
        return "[\(named.joined(separator: ", "))]"
    }

    private func checkScreen(_ expect: Expectation) -> Divergence? {
        let current = model.current
        if hasHeader, rig.header.isRefreshing != model.headerRefreshing {
            return Divergence(
                rule: .s10,
                expected:
                    "the header \(model.headerRefreshing ? "shows" : "does not show") refreshing (source \(current))",
                observed: "header.isRefreshing is \(rig.header.isRefreshing)"
            )
        }
        if hasFooter {
            if rig.footer.isHidden != model.footerHidden {
                return Divergence(
                    rule: .s2,
                    expected: "the footer is \(model.footerHidden ? "hidden" : "shown") (source \(current))",
                    observed: "footer.isHidden is \(rig.footer.isHidden)"
                )
            }
            let shown = rig.footer.state
            let wanted = model.footer
            if !model.footerHidden, !shown.hasSameShape(as: wanted) {
                return Divergence(
                    rule: footerRule(wanted: wanted, shown: shown),
                    expected: "the footer shows \(wanted) (source \(current))",
                    observed: "it shows \(shown); last footer calls: \(rig.footer.calls.suffix(4))"
                )
            }
        }
        if hasListView {
            let shown = rig.listView.placeholder != nil
            if shown != model.placeholderShown {
                return Divergence(
                    rule: .s6,
                    expected: model.placeholderShown ? "the failure placeholder is shown" : "no failure placeholder",
                    observed: "placeholder: \(rig.listView.placeholder.map(\.description) ?? "none")"
                )
            }
            let messages = rig.listView.messages.count - examinedMessages
            examinedMessages = rig.listView.messages.count
            if messages != expect.messages {
                return Divergence(
                    rule: .s6,
                    expected: "\(expect.messages) new failure message(s)",
                    observed: "\(messages) new failure message(s)"
                )
            }
        }
        return nil
    }

    private func footerRule(wanted: TestFooterControl.State, shown: TestFooterControl.State) -> ConformanceRule {
        switch (wanted, shown) {
        case (.refreshing, _), (_, .refreshing):
            return .s10
        case (.noMoreData, _):
            return .s5
        case (_, .noMoreData):
            return .s4
        default:
            return .s6
        }
    }
}
