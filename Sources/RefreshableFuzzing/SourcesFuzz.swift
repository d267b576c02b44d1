import Refreshable
import RefreshableTesting

/// The state machine a ``SourcesFuzz`` drives: `RefreshSources` itself (``PlainStateMachine``),
/// or a wrapper that changes one transition, to show the fuzz catches it.
///
/// Each transition forwards to ``sources`` by default; the fuzz changes the policy, the identity
/// and the sources through ``sources`` directly.
package protocol FuzzedStateMachine {
    /// Wraps `sources`.
    init(_ sources: RefreshSources<TestItem>)
    /// The state.
    var sources: RefreshSources<TestItem> { get set }
    /// `RefreshSources.begin(_:source:)`.
    mutating func begin(_ kind: RefreshRequest.Kind, source: Int) -> RefreshBegin
    /// `RefreshSources.succeed(_:with:)`.
    mutating func succeed(_ request: RefreshRequest, with page: RefreshPage<TestItem>) -> RefreshSettlement
    /// `RefreshSources.fail(_:error:describedAs:)`.
    mutating func fail(_ request: RefreshRequest, error: any Error) -> RefreshSettlement
    /// `RefreshSources.cancel(source:)`.
    mutating func cancel(source: Int) -> [RefreshRequest]
}

/// The library's transitions, unchanged.
extension FuzzedStateMachine {
    package mutating func begin(_ kind: RefreshRequest.Kind, source: Int) -> RefreshBegin {
        sources.begin(kind, source: source)
    }

    package mutating func succeed(_ request: RefreshRequest, with page: RefreshPage<TestItem>) -> RefreshSettlement {
        sources.succeed(request, with: page)
    }

    package mutating func fail(_ request: RefreshRequest, error: any Error) -> RefreshSettlement {
        sources.fail(request, error: error)
    }

    package mutating func cancel(source: Int) -> [RefreshRequest] {
        sources.cancel(source: source)
    }
}

/// `RefreshSources` as the library has it.
package struct PlainStateMachine: FuzzedStateMachine {
    package var sources: RefreshSources<TestItem>

    package init(_ sources: RefreshSources<TestItem>) {
        self.sources = sources
    }
}

/// The hostile-input fuzz of `RefreshSources`: every transition with hostile answers, stale and
/// forged requests, local edits with junk ids, and the policy, identity and sources changed
/// between loads. After each step it checks the rules that need no adopter
/// (see ``FuzzInvariant``), and the whole state against the reference model until a step the
/// model does not follow (a change of the cap, the paging or the identity).
package enum SourcesFuzz {
    /// Runs `steps` steps from `seed` against `machine`.
    package static func run<Machine: FuzzedStateMachine>(
        _ machine: Machine.Type = PlainStateMachine.self,
        seed: UInt64,
        steps: Int,
        episodeLength: Int = 200
    ) async -> FuzzResult {
        await Fuzz.run(.sources, seed: seed, steps: steps, episodeLength: episodeLength) { configuration, steps in
            replay(steps, configuration: configuration, machine: machine)
        }
    }

    /// Replays `steps` on a fresh list and stops at the first violation.
    package static func replay<Machine: FuzzedStateMachine>(
        _ steps: [FuzzStep],
        configuration: FuzzConfiguration,
        machine: Machine.Type = PlainStateMachine.self
    ) -> FuzzOutcome {
        var run = SourcesFuzzRun<Machine>(configuration)
        var executed = 0
        for step in steps {
            executed += 1
            if let violation = run.perform(step) {
                run.note("// broke \"\(violation.invariant)\"")
                return FuzzOutcome(executed: executed, violation: violation, transcript: run.transcript)
            }
        }
        return FuzzOutcome(executed: executed, violation: nil, transcript: run.transcript)
    }
}

/// One episode of ``SourcesFuzz``: the machine, the model beside it, and the hostile server.
struct SourcesFuzzRun<Machine: FuzzedStateMachine> {
    private var machine: Machine
    /// The reference model, until a step it does not follow.
    private var model: ReferenceModel?
    private var server = FuzzServer()
    /// Every request the machine issued, in order.
    private var issued: [RefreshRequest] = []
    /// Per source, whether each id is held once: after a refresh under an identity, or when an
    /// identity is set on items that are all different.
    private var deduplicated: [Bool]
    private(set) var transcript: [String]

    init(_ configuration: FuzzConfiguration) {
        let titles = FuzzConfiguration.titles(configuration.sourceCount)
        machine = Machine(
            RefreshSources(noMoreTitles: titles, policy: configuration.policy, identity: configuration.identity))
        model = ReferenceModel(
            titles: titles,
            policy: configuration.policy,
            current: 0,
            duplicates: configuration.duplicates.map { $0 == .takeNewer ? .takeNewer : .keepHeld }
        )
        deduplicated = Array(repeating: true, count: configuration.sourceCount)
        let identity = configuration.duplicates.map { ", identity: .id(duplicates: .\($0.swiftName))" } ?? ""
        transcript = [
            "func item(_ id: Int, _ version: Int) -> TestItem { TestItem(id: id, source: 0, page: 0, index: 0, response: version) }",
            "var sources = RefreshSources<TestItem>(noMoreTitles: \(titles), policy: \(configuration.policy.swiftLiteral)\(identity))",
        ]
    }

    private var sources: RefreshSources<TestItem> { machine.sources }

    mutating func note(_ line: String) {
        transcript.append(line)
    }

    mutating func perform(_ step: FuzzStep) -> FuzzViolation? {
        let violation: FuzzViolation?
        switch step {
        case .begin(let kind, let source):
            violation = begin(kind, source: source % sources.count)
        case .answer(let pick, let answer):
            guard let request = request(pick) else {
                note("// \(step): no load to answer")
                return nil
            }
            violation = deliver(answer, to: request, as: "r\(request.generation)")
        case .forgedAnswer(let forgery, let answer):
            guard let request = forged(forgery) else {
                note("// \(step): no load to forge")
                return nil
            }
            violation = deliver(answer, to: request, as: request.swiftLiteral)
        case .fail(let pick):
            guard let request = request(pick) else {
                note("// \(step): no load to fail")
                return nil
            }
            violation = fail(request)
        case .cancel(let source):
            violation = cancel(source: source % sources.count)
        case .edit(let edit):
            violation = self.edit(edit)
        case .change(let change):
            violation = self.change(change)
        case .user:
            note("// \(step): no screen")
            violation = nil
        }
        return violation ?? checkState()
    }

    // MARK: Steps

    private mutating func begin(_ kind: RefreshRequest.Kind, source: Int) -> FuzzViolation? {
        let before = sources[source]
        let outcome = machine.begin(kind, source: source)
        let expected = model?.begin(kind, source: source)
        switch outcome {
        case .started(let request, let superseded):
            note(
                "guard case .started(let r\(request.generation), _) = sources.begin(.\(kind.swiftName), source: \(source)) else { return }"
            )
            issued.append(request)
            model?.record(TestLoad(request, id: issued.count))
            // A refresh replaces the load of the previous page too; the other loads run beside it.
            let replaced: RefreshRequest?
            switch kind {
            case .refresh: replaced = before.inFlight ?? before.previousInFlight
            case .loadMore: replaced = before.inFlight
            case .loadPrevious: replaced = before.previousInFlight
            }
            if let replaced, superseded == nil {
                return FuzzViolation(
                    .oneLoadPerDirection, expected: "\(request) to name the load it supersedes, \(replaced)",
                    observed: "no superseded load")
            }
            if let expected, expected != .starts(source: source, page: request.page, kind: kind) {
                return FuzzViolation(.stateFollowsRules, expected: "\(expected)", observed: "started \(request)")
            }
        case .ignored(let reason):
            note("_ = sources.begin(.\(kind.swiftName), source: \(source))  // ignored: \(reason)")
            if let expected, case .starts = expected {
                return FuzzViolation(.stateFollowsRules, expected: "\(expected)", observed: "ignored: \(reason)")
            }
        }
        return nil
    }

    private mutating func deliver(_ answer: FuzzAnswer, to request: RefreshRequest, as name: String) -> FuzzViolation? {
        let before = sources
        let held = before.indices.contains(request.source) ? before[request.source].items.count : 0
        let page = server.page(answer, for: request, policy: before.policy, heldBefore: held)
        let settlement = machine.succeed(request, with: page)
        note("_ = sources.succeed(\(name), with: \(page.swiftLiteral))  // \(settlement.summary)")
        guard before.isInFlight(request) else {
            return expectDiscarded(request, settlement, before: before)
        }
        let hostility = ReferenceModel.hostility(
            of: page, askedPage: request.page, kind: request.kind, cursor: request.cursor, policy: before.policy)
        let load = TestLoad(request, id: issued.firstIndex(of: request).map { $0 + 1 } ?? 0)
        if let hostility {
            _ = model?.fail(load)
            guard case .failed(let failure) = settlement, case .invalidResponse = failure.reason else {
                return FuzzViolation(
                    .hostileAnswerRefused, expected: "\(request) refused (\(hostility))", observed: settlement.summary)
            }
            return expectKept(request, failure, before: before)
        }
        let modelled = model?.answer(load, items: page.items, page: page, response: page.items.first?.response ?? 0)
        // The last of the loads in a row that did not move the list is refused (S14).
        if case .failed(let failure) = settlement, failure.reason == .noProgress {
            if let modelled, modelled != .refused {
                return FuzzViolation(.stateFollowsRules, expected: "\(request) applied", observed: settlement.summary)
            }
            return expectKept(request, failure, before: before)
        }
        if modelled == .refused {
            return FuzzViolation(
                .stateFollowsRules, expected: "\(request) refused: the loads in a row before it did not move the list",
                observed: settlement.summary)
        }
        guard case .applied(let update) = settlement, update.request == request else {
            return FuzzViolation(.validAnswerApplied, expected: "\(request) applied", observed: settlement.summary)
        }
        if request.kind == .refresh, sources.identity != nil {
            deduplicated[request.source] = true
        }
        return nil
    }

    private mutating func fail(_ request: RefreshRequest) -> FuzzViolation? {
        let before = sources
        let settlement = machine.fail(request, error: TestLoadError())
        note("_ = sources.fail(r\(request.generation), error: TestLoadError())  // \(settlement.summary)")
        guard before.isInFlight(request) else {
            return expectDiscarded(request, settlement, before: before)
        }
        _ = model?.fail(TestLoad(request, id: issued.firstIndex(of: request).map { $0 + 1 } ?? 0))
        guard case .failed(let failure) = settlement, case .loaderFailed = failure.reason else {
            return FuzzViolation(
                .failureKeepsState, expected: "\(request) failed with the loader's error", observed: settlement.summary)
        }
        return expectKept(request, failure, before: before)
    }

    private mutating func cancel(source: Int) -> FuzzViolation? {
        let before = sources
        let cancelled = machine.cancel(source: source)
        let names = cancelled.map { "r\($0.generation)" }.joined(separator: ", ")
        let outcome = cancelled.isEmpty ? "nothing in flight" : "cancelled \(names)"
        note("_ = sources.cancel(source: \(source))  // \(outcome)")
        _ = model?.cancel(source: source)
        let inFlight = [before[source].previousInFlight, before[source].inFlight].compactMap { $0 }
        guard let request = inFlight.last else {
            return cancelled.isEmpty && sources == before
                ? nil
                : FuzzViolation(
                    .staleAnswerDiscarded, expected: "nothing to cancel, nothing changed",
                    observed: cancelled.isEmpty ? "the state changed" : "cancelled \(names)")
        }
        guard cancelled == inFlight, !sources[source].isLoading else {
            return FuzzViolation(
                .failureKeepsState, expected: "\(inFlight) cancelled, nothing in flight",
                observed: "cancelled [\(names)], loading: \(sources[source].isLoading)")
        }
        // A cancellation records nothing: the failures the source kept stay.
        return expectKept(request, before[source].failure, before: before)
    }

    private mutating func edit(_ edit: FuzzEdit) -> FuzzViolation? {
        guard sources.identity != nil else {
            note("// .edit(\(edit)): no identity")
            return nil
        }
        switch edit {
        case .update(let id):
            guard let id = resolve(id) else { return nil }
            let item = server.item(id: id)
            note("sources.updateItem(\(item.fuzzLiteral), source: 0)")
            machine.sources.updateItem(item, source: 0)
            model?.update(item, source: 0)
        case .remove(let id):
            guard let id = resolve(id) else { return nil }
            note("sources.removeItem(id: \(swiftInt(id)), source: 0)")
            machine.sources.removeItem(id: id, source: 0)
            model?.remove(id: id, source: 0)
        case .insert(let id, let position):
            let item = server.item(id: id == .fresh ? nil : resolve(id))
            let at = position % (sources[0].items.count + 1)
            note("sources.insertItem(\(item.fuzzLiteral), at: \(at), source: 0)")
            machine.sources.insertItem(item, at: at, source: 0)
            model?.insert(item, at: at, source: 0)
        case .insertPending(let id, let position):
            let item = server.item(id: id == .fresh ? nil : resolve(id))
            let at = position % (sources[0].items.count + 1)
            note("sources.insertPendingItem(\(item.fuzzLiteral), at: \(at), source: 0)")
            machine.sources.insertPendingItem(item, at: at, source: 0)
            model?.insertPending(item, at: at, source: 0)
            server.receive(item.id, source: 0)
        }
        return nil
    }

    private mutating func change(_ change: FuzzChange) -> FuzzViolation? {
        if !change.isModelled, model != nil {
            note("// the reference model stops here: it does not follow \(change)")
            model = nil
        }
        switch change {
        case .pageSize(let size):
            note("sources.policy.pageSize = \(swiftInt(size))")
            machine.sources.policy.pageSize = size
            model?.policy.pageSize = size
        case .firstPage(let page):
            note("sources.policy.firstPage = \(swiftInt(page))")
            machine.sources.policy.firstPage = page
            model?.setFirstPage(page)
        case .curPageOffset(let offset):
            note("sources.policy.curPageOffset = \(swiftInt(offset))")
            machine.sources.policy.curPageOffset = offset
            model?.policy.curPageOffset = offset
        case .conflictRule(let rule):
            note("sources.policy.conflictRule = .\(rule.swiftName)")
            machine.sources.policy.conflictRule = rule
            model?.policy.conflictRule = rule
        case .maxPages(let cap):
            note("sources.policy.maxPages = \(cap.map(swiftInt) ?? "nil")")
            machine.sources.policy.maxPages = cap
        case .paging(let paging):
            note("sources.policy.paging = .\(paging == .cursors ? "cursors" : "pageNumbers")")
            machine.sources.policy.paging = paging
        case .identity(let rule):
            note("sources.identity = \(rule.map { ".id(duplicates: .\($0.swiftName))" } ?? "nil")")
            let wasOff = sources.identity == nil
            machine.sources.identity = rule.map { .id(duplicates: $0) }
            if wasOff, rule != nil {
                deduplicated = sources.map { $0.items.map(\.id).hasNoRepeats }
            }
        case .appendSource:
            let title = "s\(sources.count)"
            note("sources.append(RefreshState(noMoreTitle: \(swiftString(title))))")
            machine.sources.append(RefreshState(noMoreTitle: title))
            model?.appendSource(title: title)
            deduplicated.append(true)
        case .resetSource(let pick):
            let source = pick % sources.count
            let title = sources[source].noMoreTitle
            note("sources[\(source)] = RefreshState(noMoreTitle: \(swiftString(title)))")
            machine.sources[source] = RefreshState(noMoreTitle: title)
            model?.resetSource(source, title: title)
            deduplicated[source] = true
        case .replaceSources, .saveSources, .restoreSources:
            note("// .change(\(change)): only a runtime replaces its state")
        }
        return nil
    }

    // MARK: Picking

    /// The request a pick names: one in flight now, or any ever issued.
    private func request(_ pick: FuzzPick) -> RefreshRequest? {
        switch pick {
        case .inFlight(let index):
            let flying = sources.flatMap { [$0.inFlight, $0.previousInFlight].compactMap { $0 } }
            return flying.isEmpty ? nil : flying[index % flying.count]
        case .any(let index):
            return issued.isEmpty ? nil : issued[issued.count - 1 - index % issued.count]
        }
    }

    private func forged(_ forgery: FuzzForgery) -> RefreshRequest? {
        guard !issued.isEmpty else { return nil }
        let base: RefreshRequest
        let pick: Int
        switch forgery {
        case .source(_, let index), .generation(let index), .page(let index):
            pick = index
        }
        base = issued[issued.count - 1 - pick % issued.count]
        var source = base.source
        var page = base.page
        var generation = base.generation
        switch forgery {
        case .source(let index, _): source = index
        case .generation: generation &+= 1_000_000
        case .page: page &+= 1
        }
        return RefreshRequest(
            source: source, page: page, kind: base.kind, generation: generation, origin: base.origin,
            cursor: base.cursor)
    }

    private mutating func resolve(_ id: FuzzID) -> Int? {
        switch id {
        case .held(let pick):
            let held = sources[0].items
            guard !held.isEmpty else {
                note("// no item held to name")
                return nil
            }
            return held[pick % held.count].id
        case .sent(let pick):
            let sent = server.sent(to: 0)
            guard !sent.isEmpty else {
                note("// no item sent to name")
                return nil
            }
            return sent[pick % sent.count]
        case .junk(let id):
            return id
        case .fresh:
            return server.item(id: nil).id
        }
    }

    // MARK: Checks

    private func expectDiscarded(
        _ request: RefreshRequest,
        _ settlement: RefreshSettlement,
        before: RefreshSources<TestItem>
    ) -> FuzzViolation? {
        guard settlement == .discarded(request) else {
            return FuzzViolation(
                .staleAnswerDiscarded, expected: "\(request) discarded (not in flight)", observed: settlement.summary)
        }
        guard sources == before else {
            return FuzzViolation(
                .staleAnswerDiscarded, expected: "nothing changed by \(request)",
                observed: Self.difference(before, sources) ?? "the state changed")
        }
        return nil
    }

    /// A refused, failed or cancelled load: the source keeps its items, page and ends of the list,
    /// holds the typed failure (a cancelled one, the failure it held before), and no longer loads
    /// in that direction; other sources are untouched.
    private func expectKept(
        _ request: RefreshRequest,
        _ failure: RefreshFailure?,
        before: RefreshSources<TestItem>
    ) -> FuzzViolation? {
        let source = request.source
        let (old, now) = (before[source], sources[source])
        let kept: [(String, Bool)] = [
            ("items", old.items == now.items),
            ("page", old.page == now.page),
            ("noMoreData", old.noMoreData == now.noMoreData),
            ("nextCursor", old.nextCursor == now.nextCursor),
            ("firstLoadedPage", old.firstLoadedPage == now.firstLoadedPage),
            ("noPreviousData", old.noPreviousData == now.noPreviousData),
            ("hasLoaded", old.hasLoaded == now.hasLoaded),
            ("failure", now.failure == failure),
            ("in flight", request.kind == .loadPrevious ? now.previousInFlight == nil : now.inFlight == nil),
        ]
        if let (field, _) = kept.first(where: { !$0.1 }) {
            return FuzzViolation(
                .failureKeepsState,
                expected: "\(field) of source \(source) kept after \(failure.map { "\($0)" } ?? "\(request) ended")",
                observed: "\(field) changed: \(Self.describe(old)) -> \(Self.describe(now))")
        }
        for other in before.indices where other != source && before[other] != sources[other] {
            return FuzzViolation(
                .failureKeepsState, expected: "source \(other) untouched by \(request)",
                observed: "\(Self.describe(before[other])) -> \(Self.describe(sources[other]))")
        }
        return nil
    }

    /// After every step: each id held once where the list de-duplicates, and the model's state.
    private func checkState() -> FuzzViolation? {
        if sources.identity != nil {
            for source in sources.indices where deduplicated[source] {
                let ids = sources[source].items.map(\.id)
                if !ids.hasNoRepeats {
                    return FuzzViolation(
                        .itemsHeldOnce, expected: "source \(source) to hold each id once",
                        observed: "ids \(ids)")
                }
            }
        }
        guard let model else { return nil }
        for source in sources.indices {
            if let (field, expected, observed) = Self.firstDifference(model, sources, source: source) {
                return FuzzViolation(
                    .stateFollowsRules, expected: "source \(source) \(field) \(expected)",
                    observed: "\(field) \(observed)")
            }
        }
        return nil
    }

    /// The first field of `source` whose value differs from the model's: its name, the model's
    /// value and the state's.
    static func firstDifference(
        _ model: ReferenceModel,
        _ sources: RefreshSources<TestItem>,
        source: Int
    ) -> (String, String, String)? {
        let (wanted, state) = (model.sources[source], sources[source])
        func differs<Value: Equatable>(_ field: String, _ expected: Value, _ observed: Value) -> (
            String, String, String
        )? {
            expected == observed ? nil : (field, "\(expected)", "\(observed)")
        }
        if wanted.items != state.items {
            return ("items", "\(wanted.items.map(\.fuzzLiteral))", "\(state.items.map(\.fuzzLiteral))")
        }
        return differs("page", wanted.page, state.page)
            ?? differs("noMoreData", wanted.ended, state.noMoreData)
            ?? differs("hasLoaded", wanted.hasLoaded, state.hasLoaded)
            ?? differs("isLoading", model.isLoading(source: source), state.isLoading)
            ?? differs("isLoadingPrevious", wanted.previousInFlight != nil, state.isLoadingPrevious)
            ?? differs("noPreviousData", wanted.noPreviousData, state.noPreviousData)
            ?? differs("firstLoadedPage", wanted.firstLoadedPage, state.firstLoadedPage)
            ?? differs("loadPreviousFailure", wanted.loadPreviousFailed, state.loadPreviousFailure != nil)
    }

    static func describe(_ state: RefreshState<TestItem>) -> String {
        "(items: \(state.items.map(\.fuzzLiteral)), page: \(state.page), noMoreData: \(state.noMoreData), "
            + "loading: \(state.isLoading), failure: \(state.failure.map { "\($0.reason)" } ?? "nil"))"
    }

    static func difference(_ before: RefreshSources<TestItem>, _ after: RefreshSources<TestItem>) -> String? {
        guard before.count == after.count else { return "\(before.count) source(s) -> \(after.count)" }
        for source in before.indices where before[source] != after[source] {
            return "source \(source): \(describe(before[source])) -> \(describe(after[source]))"
        }
        return nil
    }
}

extension TestLoad {
    /// The load a fuzz's reference model knows `request` by.
    init(_ request: RefreshRequest, id: Int) {
        self.init(id: id, source: request.source, page: request.page, kind: request.kind, request: request)
    }
}

extension RefreshSettlement {
    /// A short description for a transcript's comments.
    var summary: String {
        switch self {
        case .applied(let update):
            let dropped = update.dropped.map { ", dropped \($0)" } ?? ""
            return "applied: \(update.change)\(dropped), noMoreData: \(update.noMoreData)"
        case .failed(let failure):
            return "failed: \(failure.reason)"
        case .discarded:
            return "discarded"
        case .cancelled:
            return "cancelled"
        }
    }
}

extension Array where Element: Hashable {
    /// Whether no element appears twice.
    var hasNoRepeats: Bool { Set(self).count == count }
}
