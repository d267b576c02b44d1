import Refreshable
import RefreshableTesting

/// Bugs a fuzz finds that are known and being fixed: the check or step that finds each is left
/// out of a run unless named, so that a run stays green until the fix lands. None today: the last
/// one, a list whose server never moves it loading without end, was fixed by rule S14 of the
/// Rules article, and ``FuzzInvariant/requestsPerActionBounded`` is checked on every run.
///
/// With no case, it spells out what a `String` raw type gives; give it that raw type back with its
/// next case.
package enum FuzzKnownBug: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The bug a command line names, if any.
    package init?(rawValue: String) {
        return nil
    }

    /// The name a command line gives the bug.
    package var rawValue: String {
        switch self {}
    }

    package var description: String { rawValue }
}

/// The hostile-input fuzz of an adopter: user actions, hostile answers and failures through the
/// rig's loader, forged completions, cancellations, local edits with junk ids, and the policy,
/// identity and state changed or replaced under the loads' feet. After each step (and the turns
/// it takes to land) it checks the rules that need no model (see ``FuzzInvariant``).
package enum AdopterFuzz {
    /// The number of loads one user action may cost, counting the loads the answers to them start
    /// by themselves, before ``FuzzInvariant/requestsPerActionBounded`` breaks.
    package static var loadsPerActionLimit: Int { 12 }

    /// Runs `steps` steps from `seed` against adopters `makeAdopter` builds on each episode's rig.
    /// - Parameters:
    ///   - settlesAtOnce: Whether the adopter applies answers as the loader gives them, with no turn
    ///     of the main actor; `false` lets queued work run after every step.
    @MainActor
    package static func run<Adopter: Refreshable>(
        seed: UInt64,
        steps: Int,
        episodeLength: Int = 100,
        settlesAtOnce: Bool = false,
        including knownBugs: Set<FuzzKnownBug> = [],
        makeAdopter: @escaping @MainActor (ConformanceRig<TestItem>) -> Adopter
    ) async -> FuzzResult where Adopter.Item == TestItem {
        await Fuzz.run(.adopter, seed: seed, steps: steps, episodeLength: episodeLength) { configuration, steps in
            let rig = makeRig(configuration)
            let screen = AdopterScreen(makeAdopter(rig), rig: rig, settlesAtOnce: settlesAtOnce)
            return await replay(steps, on: screen, rig: rig, configuration: configuration, including: knownBugs)
        }
    }

    /// Replays `steps` of `target` on a fresh screen of the kit's and stops at the first violation.
    @MainActor
    package static func replay(
        _ target: FuzzTarget,
        _ steps: [FuzzStep],
        configuration: FuzzConfiguration,
        including knownBugs: Set<FuzzKnownBug> = []
    ) async -> FuzzOutcome {
        let rig = makeRig(configuration)
        let screen: any FuzzScreen
        switch target {
        case .sources, .adopter:
            screen = AdopterScreen(FuzzAdopter(rig: rig), rig: rig, settlesAtOnce: true)
        case .asyncAdopter:
            screen = AdopterScreen(AsyncFuzzAdopter(rig: rig), rig: rig, settlesAtOnce: false)
        case .listModel:
            guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else {
                return FuzzOutcome(executed: steps.count, violation: nil, transcript: ["// no RefreshListModel here"])
            }
            screen = ListModelFuzzScreen(rig: rig)
        }
        return await replay(steps, on: screen, rig: rig, configuration: configuration, including: knownBugs)
    }

    @MainActor
    static func replay(
        _ steps: [FuzzStep],
        on screen: any FuzzScreen,
        rig: ConformanceRig<TestItem>,
        configuration: FuzzConfiguration,
        including knownBugs: Set<FuzzKnownBug>
    ) async -> FuzzOutcome {
        // A load the runtime starts from a task of its own (an awaited refresh's) reaches the
        // loader a few turns later, and so does the cancellation of a load's task.
        rig.loader.minimumSettleYields = screen.settlesAtOnce ? 1 : 4
        let run = AdopterFuzzRun(screen: screen, rig: rig, configuration: configuration, knownBugs: knownBugs)
        var executed = 0
        var violation: FuzzViolation?
        for step in steps {
            executed += 1
            violation = await run.perform(step)
            if let violation {
                run.note("// broke \"\(violation.invariant)\"")
                break
            }
        }
        rig.loader.abandonPending()
        await rig.settle()
        return FuzzOutcome(executed: executed, violation: violation, transcript: run.transcript)
    }

    /// The rig of an episode: immediate footer, a header that ends at once (`UIRefreshControl`).
    @MainActor
    static func makeRig(_ configuration: FuzzConfiguration) -> ConformanceRig<TestItem> {
        ConformanceRig(configuration: rigConfiguration(configuration))
    }

    static func rigConfiguration(_ configuration: FuzzConfiguration) -> ConformanceConfiguration {
        ConformanceConfiguration(
            sourceCount: configuration.sourceCount,
            policy: configuration.policy,
            footerTiming: .immediate,
            duplicates: configuration.duplicates
        )
    }
}

/// One episode of an ``AdopterFuzz``.
@MainActor
final class AdopterFuzzRun {
    private let screen: any FuzzScreen
    private let rig: ConformanceRig<TestItem>
    private let knownBugs: Set<FuzzKnownBug>
    private var server = FuzzServer()
    /// Per source, whether each id is held once (see ``SourcesFuzzRun``).
    private var deduplicated: [Bool]
    private var saved: (sources: RefreshSources<TestItem>, deduplicated: [Bool])?
    private var appeared = false
    /// The sources the app cancelled before a load of theirs settled: blank, with nothing recorded,
    /// until the next setup or switch loads them (rule S6), or their state is put back.
    private var blankByCancel: Set<Int> = []
    /// Loads started since the last user action.
    private var loadsSinceAction = 0
    private(set) var transcript: [String]

    init(
        screen: any FuzzScreen, rig: ConformanceRig<TestItem>, configuration: FuzzConfiguration,
        knownBugs: Set<FuzzKnownBug>
    ) {
        self.screen = screen
        self.rig = rig
        self.knownBugs = knownBugs
        deduplicated = Array(repeating: true, count: configuration.sourceCount)
        let made: String
        switch screen {
        case is AdopterScreen<FuzzAdopter>:
            made = "let adopter = FuzzAdopter(rig: rig)"
        case is AdopterScreen<AsyncFuzzAdopter>:
            made = "let adopter = AsyncFuzzAdopter(rig: rig)"
        case let adopter as any AdopterScreenNaming:
            made = "let adopter = \(adopter.adopterType)(rig: rig)"
        default:
            made = "let model = RefreshListModel(RefreshRuntime(rig.makeSources())) { try await loader.load($0) }"
        }
        transcript = [
            "func item(_ id: Int, _ version: Int) -> TestItem { TestItem(id: id, source: 0, page: 0, index: 0, response: version) }",
            "let rig = ConformanceRig(configuration: ConformanceConfiguration(sourceCount: \(configuration.sourceCount), "
                + "policy: \(configuration.policy.swiftLiteral), footerTiming: .immediate"
                + "\(configuration.duplicates.map { ", duplicates: .\($0.swiftName)" } ?? "")))",
            "let loader = rig.loader",
            made,
        ]
    }

    private var runtime: RefreshRuntime<TestItem> { screen.runtime }
    private var sources: RefreshSources<TestItem> { screen.runtime.sources }

    func note(_ line: String) {
        transcript.append(line)
    }

    func perform(_ step: FuzzStep) async -> FuzzViolation? {
        let loadsBefore = rig.loader.loads.count
        var check: ((RefreshSources<TestItem>) -> FuzzViolation?)?
        let before = sources
        switch step {
        case .begin:
            note("// \(step): only the state machine begins loads itself")
        case .user(let action):
            loadsSinceAction = 0
            if let call = screen.act(action) {
                note(call)
                appeared = appeared || action == .appear
            } else {
                note("// \(step): not on this screen")
            }
        case .answer(let pick, let answer):
            check = self.answer(pick, answer)
        case .forgedAnswer(let forgery, let answer):
            check = forge(forgery, answer)
        case .fail(let pick):
            check = fail(pick)
        case .cancel(let source):
            let (cancelled, call) = screen.cancel(source: source % runtime.count)
            note(call)
            blankByCancel.insert(cancelled)
            check = { [unowned self] _ in cancelKept(cancelled, before: before) }
        case .edit(let edit):
            self.edit(edit)
        case .change(let change):
            self.change(change)
        }
        if !screen.settlesAtOnce {
            await rig.settle()
        }
        loadsSinceAction += rig.loader.loads.count - loadsBefore
        let violation = check?(before) ?? checkScreen()
        guard violation != nil, !screen.settlesAtOnce else { return violation }
        // Never report a violation without letting queued work run: a task's cancellation, an
        // awaited refresh's return, reach the main actor some turns after the step.
        await rig.loader.waitUntil(limit: 256) { (check?(before) ?? checkScreen()) == nil }
        return check?(before) ?? checkScreen()
    }

    // MARK: The server

    /// The loads a pick chooses from: those whose request is in flight, or every load not answered yet.
    private func load(_ pick: FuzzPick) -> (load: TestLoad, index: Int, request: RefreshRequest?)? {
        let pending = rig.loader.pending
        let candidates: [Int]
        let pickIndex: Int
        switch pick {
        case .inFlight(let index):
            candidates = pending.indices.filter {
                rig.loader.inFlightRequest(answeredBy: pending[$0], in: sources) != nil
            }
            pickIndex = index
        case .any(let index):
            candidates = Array(pending.indices)
            pickIndex = index
        }
        guard !candidates.isEmpty else { return nil }
        let index = candidates[pickIndex % candidates.count]
        let load = pending[index]
        return (load, index, rig.loader.inFlightRequest(answeredBy: load, in: sources))
    }

    private func answer(_ pick: FuzzPick, _ answer: FuzzAnswer) -> ((RefreshSources<TestItem>) -> FuzzViolation?)? {
        guard let (load, index, request) = self.load(pick) else {
            note("// .answer(\(pick), ...): no load to answer")
            return nil
        }
        let held = sources.indices.contains(load.source) ? sources[load.source].items.count : 0
        let policy = sources.policy
        let page = server.page(
            answer, source: load.source, page: load.page, cursor: load.cursor, policy: policy, heldBefore: held)
        note("loader.answer(loader.pending[\(index)], with: \(page.swiftLiteral))  // \(load)")
        rig.loader.answer(load, with: page)
        guard let request else {
            return { [unowned self] before in itemsUnchanged(before, by: "the answer to \(load), not in flight") }
        }
        let hostility = ReferenceModel.hostility(
            of: page, askedPage: request.page, kind: request.kind, cursor: request.cursor, policy: policy)
        return { [unowned self] before in
            if let hostility {
                return failureKept(request, before: before) { failure in
                    guard case .invalidResponse = failure.reason else { return "refused (\(hostility))" }
                    return nil
                }
            }
            guard sources.indices.contains(request.source) else { return nil }
            if let failure = sources[request.source].failure, failure.request == request {
                // The last of the loads in a row that did not move the list is refused (S14); the
                // requests it saves are checked by the loads each action costs.
                guard failure.reason == .noProgress else {
                    return FuzzViolation(.validAnswerApplied, expected: "\(request) applied", observed: "\(failure)")
                }
                return failureKept(request, before: before) { _ in nil }
            }
            if request.kind == .refresh, sources.identity != nil {
                deduplicated[request.source] = true
            }
            return nil
        }
    }

    private func forge(_ forgery: FuzzForgery, _ answer: FuzzAnswer) -> ((RefreshSources<TestItem>) -> FuzzViolation?)?
    {
        let asked = rig.loader.loads.compactMap(\.request)
        guard !asked.isEmpty else {
            note("// .forgedAnswer(\(forgery), ...): no request to forge")
            return nil
        }
        let request = forged(forgery, from: asked)
        guard !sources.isInFlight(request) else {
            note("// .forgedAnswer(\(forgery), ...): the forgery is the request in flight")
            return nil
        }
        let held = sources.indices.contains(request.source) ? sources[request.source].items.count : 0
        let page = server.page(answer, for: request, policy: sources.policy, heldBefore: held)
        guard let call = screen.deliver(page, for: request) else {
            note("// .forgedAnswer(\(forgery), ...): this screen reports no answers itself")
            return nil
        }
        note(call)
        return { [unowned self] before in itemsUnchanged(before, by: "the forged answer to \(request)") }
    }

    private func forged(_ forgery: FuzzForgery, from asked: [RefreshRequest]) -> RefreshRequest {
        let base: RefreshRequest
        switch forgery {
        case .source(_, let pick), .generation(let pick), .page(let pick):
            base = asked[asked.count - 1 - pick % asked.count]
        }
        var (source, page, generation) = (base.source, base.page, base.generation)
        switch forgery {
        case .source(let index, _): source = index
        case .generation: generation &+= 1_000_000
        case .page: page &+= 1
        }
        return RefreshRequest(
            source: source, page: page, kind: base.kind, generation: generation, origin: base.origin,
            cursor: base.cursor)
    }

    private func fail(_ pick: FuzzPick) -> ((RefreshSources<TestItem>) -> FuzzViolation?)? {
        guard let (load, index, request) = self.load(pick) else {
            note("// .fail(\(pick)): no load to fail")
            return nil
        }
        note("loader.fail(loader.pending[\(index)])  // \(load)")
        rig.loader.fail(load)
        guard let request else {
            return { [unowned self] before in itemsUnchanged(before, by: "the failure of \(load), not in flight") }
        }
        return { [unowned self] before in
            failureKept(request, before: before) { failure in
                guard case .loaderFailed = failure.reason else { return "failed with the loader's error" }
                return nil
            }
        }
    }

    // MARK: The app

    private func edit(_ edit: FuzzEdit) {
        guard sources.identity != nil else {
            note("// .edit(\(edit)): no identity")
            return
        }
        switch edit {
        case .update(let id):
            guard let id = resolve(id) else { return }
            note(screen.update(server.item(id: id)))
        case .remove(let id):
            guard let id = resolve(id) else { return }
            note(screen.remove(id: id))
        case .insert(let id, let position):
            let item = server.item(id: id == .fresh ? nil : resolve(id))
            note(screen.insert(item, at: position % (sources[screen.current].items.count + 1)))
        case .insertPending(let id, let position):
            let item = server.item(id: id == .fresh ? nil : resolve(id))
            note(screen.insertPending(item, at: position % (sources[screen.current].items.count + 1)))
            server.receive(item.id, source: screen.current)
        }
    }

    private func resolve(_ id: FuzzID) -> Int? {
        let source = screen.current
        switch id {
        case .held(let pick):
            let held = sources[source].items
            return held.isEmpty ? nil : held[pick % held.count].id
        case .sent(let pick):
            let sent = server.sent(to: source)
            return sent.isEmpty ? nil : sent[pick % sent.count]
        case .junk(let id):
            return id
        case .fresh:
            return server.item(id: nil).id
        }
    }

    private func change(_ change: FuzzChange) {
        let runtime = self.runtime
        switch change {
        case .pageSize(let size):
            runtime.policy.pageSize = size
            note("\(screen.name).refreshStatus.policy.pageSize = \(swiftInt(size))")
        case .firstPage(let page):
            runtime.policy.firstPage = page
            note("\(screen.name).refreshStatus.policy.firstPage = \(swiftInt(page))")
        case .curPageOffset(let offset):
            runtime.policy.curPageOffset = offset
            note("\(screen.name).refreshStatus.policy.curPageOffset = \(swiftInt(offset))")
        case .conflictRule(let rule):
            runtime.policy.conflictRule = rule
            note("\(screen.name).refreshStatus.policy.conflictRule = .\(rule.swiftName)")
        case .maxPages(let cap):
            runtime.policy.maxPages = cap
            note("\(screen.name).refreshStatus.policy.maxPages = \(cap.map(swiftInt) ?? "nil")")
        case .paging(let paging):
            runtime.policy.paging = paging
            note("\(screen.name).refreshStatus.policy.paging = .\(paging == .cursors ? "cursors" : "pageNumbers")")
        case .identity(let rule):
            let wasOff = runtime.identity == nil
            runtime.identity = rule.map { .id(duplicates: $0) }
            note("\(screen.name).refreshStatus.identity = \(rule.map { ".id(duplicates: .\($0.swiftName))" } ?? "nil")")
            if wasOff, rule != nil {
                deduplicated = sources.map { $0.items.map(\.id).hasNoRepeats }
            }
        case .appendSource:
            var edited = sources
            edited.append(RefreshState(noMoreTitle: "s\(edited.count)"))
            runtime.sources = edited
            deduplicated.append(true)
            note("\(screen.name).refreshStatus.sources.append(RefreshState(noMoreTitle: \"s\(edited.count - 1)\"))")
        case .resetSource(let pick):
            var edited = sources
            let source = pick % edited.count
            edited[source] = RefreshState(noMoreTitle: edited[source].noMoreTitle)
            runtime.sources = edited
            deduplicated[source] = true
            // A source put back as new is no longer one the app stopped.
            blankByCancel.remove(source)
            note(
                "\(screen.name).refreshStatus.sources[\(source)] = RefreshState(noMoreTitle: \"\(edited[source].noMoreTitle)\")"
            )
        case .replaceSources(let count):
            let policy = runtime.policy
            let identity = runtime.identity
            let titles = FuzzConfiguration.titles(count)
            put(
                RefreshSources(noMoreTitles: titles, policy: policy, identity: identity),
                "RefreshSources(noMoreTitles: \(titles), policy: \(policy.swiftLiteral)\(identity.map { ", identity: .id(duplicates: .\($0.duplicates.swiftName))" } ?? ""))"
            )
            deduplicated = Array(repeating: true, count: count)
            blankByCancel = []
        case .saveSources:
            saved = (sources, deduplicated)
            note("let saved = \(screen.name).refreshStatus.sources")
        case .restoreSources:
            guard let saved else {
                note("// .restoreSources: nothing saved")
                return
            }
            put(saved.sources, "saved")
            deduplicated = saved.deduplicated
        }
    }

    /// Puts a whole new state in, after switching to a tab it has when the current one goes.
    private func put(_ replacement: RefreshSources<TestItem>, _ spelled: String) {
        let count = replacement.count
        if screen.current >= count, let call = screen.act(.switchSource(0)) {
            note(call)
        }
        runtime.sources = replacement
        note("\(screen.name).refreshStatus.sources = \(spelled)")
    }

    // MARK: Checks

    private func itemsUnchanged(_ before: RefreshSources<TestItem>, by what: String) -> FuzzViolation? {
        let now = sources
        for source in before.indices where now.indices.contains(source) && before[source].items != now[source].items {
            return FuzzViolation(
                .staleAnswerDiscarded, expected: "source \(source)'s items unchanged by \(what)",
                observed: "\(before[source].items.map(\.fuzzLiteral)) -> \(now[source].items.map(\.fuzzLiteral))")
        }
        return nil
    }

    /// A refused or failed load keeps its source's items, page and end of the list, and the
    /// failure the source keeps is the load's own, of the kind `reason` accepts.
    private func failureKept(
        _ request: RefreshRequest,
        before: RefreshSources<TestItem>,
        reason: (RefreshFailure) -> String?
    ) -> FuzzViolation? {
        let source = request.source
        guard sources.indices.contains(source), before.indices.contains(source) else { return nil }
        let (old, now) = (before[source], sources[source])
        guard let failure = now.failure, failure.request == request else {
            return FuzzViolation(
                .failureKeepsState, expected: "source \(source) to keep the failure of \(request)",
                observed: "failure: \(now.failure.map { "\($0)" } ?? "nil")")
        }
        if let wanted = reason(failure) {
            return FuzzViolation(.hostileAnswerRefused, expected: "\(request) \(wanted)", observed: "\(failure.reason)")
        }
        if old.items != now.items || old.page != now.page || old.noMoreData != now.noMoreData
            || old.hasLoaded != now.hasLoaded
        {
            return FuzzViolation(
                .failureKeepsState, expected: "source \(source) kept after \(failure)",
                observed:
                    "\(SourcesFuzzRun<PlainStateMachine>.describe(old)) -> \(SourcesFuzzRun<PlainStateMachine>.describe(now))"
            )
        }
        return nil
    }

    /// A cancellation ends the source's loads in both directions and records nothing: it keeps
    /// the source's items, page, end of the list and failures; nothing loads there after it
    /// (unless a list model fills its screen again, a known bug).
    private func cancelKept(_ source: Int, before: RefreshSources<TestItem>) -> FuzzViolation? {
        guard before.indices.contains(source), sources.indices.contains(source) else { return nil }
        let (old, now) = (before[source], sources[source])
        let cancelled = [old.inFlight, old.previousInFlight].compactMap { $0 }
        guard !cancelled.isEmpty else { return nil }
        if cancelled.contains(where: sources.isInFlight) || now.isLoading
            || now.failure != old.failure || now.loadMoreFailure != old.loadMoreFailure
            || now.loadPreviousFailure != old.loadPreviousFailure || old.items != now.items || old.page != now.page
            || old.noMoreData != now.noMoreData
        {
            return FuzzViolation(
                .failureKeepsState, expected: "source \(source) cancelled, nothing in flight, items and failures kept",
                observed:
                    "\(SourcesFuzzRun<PlainStateMachine>.describe(old)) -> \(SourcesFuzzRun<PlainStateMachine>.describe(now))"
            )
        }
        return nil
    }

    /// After every step: ids held once, one load per request in flight and none for a request
    /// that is not, awaited refreshes that return, a screen with a way forward, loads per action.
    private func checkScreen() -> FuzzViolation? {
        let sources = self.sources
        if sources.identity != nil {
            for source in sources.indices where deduplicated.indices.contains(source) && deduplicated[source] {
                let ids = sources[source].items.map(\.id)
                if !ids.hasNoRepeats {
                    return FuzzViolation(
                        .itemsHeldOnce, expected: "source \(source) to hold each id once", observed: "ids \(ids)")
                }
            }
        }
        if let violation = checkLoads(sources) {
            return violation
        }
        // A task that has not had its first turn asked for nothing yet: it cannot have hung.
        for awaited in screen.awaitedRefreshes where awaited.started && !awaited.returned {
            let refreshing = sources.indices.contains(awaited.source) && sources[awaited.source].isRefreshing
            if !refreshing {
                return FuzzViolation(
                    .awaitedRefreshReturns,
                    expected: "the awaited refresh of source \(awaited.source) to have returned",
                    observed: "still waiting, nothing refreshing there")
            }
        }
        blankByCancel = blankByCancel.filter { source in
            guard sources.indices.contains(source) else { return false }
            return !sources[source].hasLoaded && !sources[source].isLoading && sources[source].failure == nil
        }
        if appeared, !blankByCancel.contains(screen.current) {
            let state = sources[screen.current]
            if !state.hasLoaded, !state.isLoading, state.failure == nil {
                return FuzzViolation(
                    .currentSourceNotBlank, expected: "source \(screen.current) on screen loading its first page",
                    observed: "not loaded, not loading, no failure to show")
            }
        }
        if loadsSinceAction > AdopterFuzz.loadsPerActionLimit {
            return FuzzViolation(
                .requestsPerActionBounded,
                expected: "at most \(AdopterFuzz.loadsPerActionLimit) loads since the last user action",
                observed: "\(loadsSinceAction) loads")
        }
        return nil
    }

    /// Each request in flight has one load at the loader; a screen whose loads the runtime runs
    /// (it cancels their tasks) has none for a request that is no longer in flight.
    private func checkLoads(_ sources: RefreshSources<TestItem>) -> FuzzViolation? {
        var answering: [RefreshRequest: Int] = [:]
        for load in rig.loader.pending {
            guard let request = rig.loader.inFlightRequest(answeredBy: load, in: sources) else {
                if !screen.settlesAtOnce, load.request != nil {
                    return FuzzViolation(
                        .oneLoadPerDirection, expected: "no load left running for a request no longer in flight",
                        observed: "\(load) still pending")
                }
                continue
            }
            answering[request, default: 0] += 1
        }
        for source in sources.indices {
            for request in [sources[source].inFlight, sources[source].previousInFlight].compactMap({ $0 })
            where answering[request] != 1 {
                return FuzzViolation(
                    .oneLoadPerDirection, expected: "one load at the loader for \(request)",
                    observed: "\(answering[request] ?? 0)")
            }
        }
        return nil
    }
}

/// A screen of an adopter the kit does not know, named by its type in a transcript.
@MainActor
protocol AdopterScreenNaming {
    var adopterType: String { get }
}

extension AdopterScreen: AdopterScreenNaming {
    var adopterType: String { "\(Adopter.self)" }
}
