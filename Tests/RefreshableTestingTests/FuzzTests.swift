import Refreshable
import RefreshableFuzzing
import RefreshableTesting
import Testing

/// The hostile-input fuzz keeps every rule on short runs of the library, and catches (and shrinks)
/// state machines and adopters broken on purpose. CI's `fuzz` stage runs a million steps in
/// release; these runs stay short so `swift test` does not slow down.
@MainActor
@Suite struct FuzzTests {
    @Test func theLibrarysStateMachineKeepsEveryRuleOnAShortRun() async {
        let result = await SourcesFuzz.run(seed: 19, steps: 20_000)
        #expect(result.steps == 20_000)
        #expect(result.failure == nil, "\(result.failure.map(String.init(describing:)) ?? "")")
    }

    @Test(arguments: [FuzzTarget.adopter, .asyncAdopter, .listModel])
    func theLibrarysAdoptersKeepEveryRuleOnAShortRun(target: FuzzTarget) async {
        let result = await Fuzz.run(target, seed: 19, steps: 2_000)
        #expect(result.steps == 2_000)
        #expect(result.failure == nil, "\(result.failure.map(String.init(describing:)) ?? "")")
    }

    @Test func aStateMachineThatAppliesStaleAnswersIsCaughtAndShrunk() async throws {
        let result = await SourcesFuzz.run(StaleApplyingMachine.self, seed: 19, steps: 20_000)
        let failure = try #require(result.failure, "a machine that applies stale answers was not caught")
        #expect(failure.invariant == .staleAnswerDiscarded, "\(failure)")
        #expect(failure.steps.count <= 6, "\(failure)")
        #expect(failure.steps.count < failure.originalStepCount)
        let replayed = SourcesFuzz.replay(
            failure.steps, configuration: failure.configuration, machine: StaleApplyingMachine.self)
        #expect(replayed.violation?.invariant == .staleAnswerDiscarded, "the shrunk steps fail on their own")
        #expect(failure.transcript.contains { $0.hasPrefix("_ = sources.succeed(r") }, "\(failure.transcript)")
    }

    @Test func aStateMachineThatDropsItemsOnFailureIsCaughtAndShrunk() async throws {
        let result = await SourcesFuzz.run(ItemDroppingMachine.self, seed: 19, steps: 20_000)
        let failure = try #require(result.failure, "a machine that drops items on failure was not caught")
        #expect(failure.invariant == .failureKeepsState, "\(failure)")
        #expect(failure.steps.count <= 6, "\(failure)")
    }

    @Test func aStateMachineThatAcceptsHostileCountsIsCaughtAndShrunk() async throws {
        let result = await SourcesFuzz.run(SignalStrippingMachine.self, seed: 19, steps: 20_000)
        let failure = try #require(result.failure, "a machine that applies hostile answers was not caught")
        #expect(failure.invariant == .hostileAnswerRefused, "\(failure)")
        #expect(failure.steps.count <= 4, "\(failure)")
    }

    @Test func theSameSeedFindsTheSameFailure() async throws {
        let first = try #require(await SourcesFuzz.run(ItemDroppingMachine.self, seed: 7, steps: 20_000).failure)
        let second = try #require(await SourcesFuzz.run(ItemDroppingMachine.self, seed: 7, steps: 20_000).failure)
        #expect(first.seed == second.seed)
        #expect(first.steps == second.steps)
        #expect(first.transcript == second.transcript)
        let (configuration, steps) = Fuzz.episode(.sources, seed: first.seed, length: first.episodeLength)
        #expect(configuration == first.configuration)
        let unshrunk = SourcesFuzz.replay(steps, configuration: configuration, machine: ItemDroppingMachine.self)
        #expect(unshrunk.violation?.invariant == first.invariant, "the episode's seed alone reproduces it")
        #expect(first.description.contains("--replay sources:\(first.seedText):\(first.episodeLength)"))
    }

    @Test func anAdopterThatAppliesStaleAnswersIsCaughtAndShrunk() async throws {
        let result = await AdopterFuzz.run(seed: 19, steps: 5_000, settlesAtOnce: true) {
            StaleApplyingAdopter(rig: $0)
        }
        let failure = try #require(result.failure, "an adopter that applies stale answers was not caught")
        #expect(failure.invariant == .staleAnswerDiscarded, "\(failure)")
        #expect(failure.steps.count <= 8, "\(failure)")
        #expect(failure.transcript.contains("let adopter = StaleApplyingAdopter(rig: rig)"), "\(failure.transcript)")
    }

    @Test func anAdopterThatDropsItemsOnFailureIsCaughtAndShrunk() async throws {
        let result = await AdopterFuzz.run(seed: 19, steps: 5_000, settlesAtOnce: true) {
            ItemDroppingAdopter(rig: $0)
        }
        let failure = try #require(result.failure, "an adopter that drops items on failure was not caught")
        #expect(failure.invariant == .failureKeepsState, "\(failure)")
        #expect(failure.steps.count <= 8, "\(failure)")
    }
}

/// The bugs the fuzz found, each reproduced by the steps that find it: a disabled test is a known
/// bug the fuzz leaves out of its runs (`FuzzKnownBug`); enable it when its fix lands, and name the
/// bug no longer there.
@MainActor
@Suite struct FuzzFoundBugTests {
    /// A server that sends only rows the list holds, with `hasMore: true`, while the last row is on
    /// screen: every answer starts the next load.
    @Test
    func aServerThatNeverMovesTheListCostsBoundedRequests() async {
        var steps: [FuzzStep] = [
            .user(.appear), .answer(.inFlight(0), FuzzAnswer(count: 3, hasMore: true)), .user(.rowAppears(2)),
        ]
        steps += Array(repeating: .answer(.inFlight(0), FuzzAnswer(count: 3, copies: 3, hasMore: true)), count: 20)
        let outcome = await AdopterFuzz.replay(
            .listModel, steps, configuration: FuzzConfiguration(sourceCount: 1, duplicates: .keepHeld))
        #expect(outcome.violation == nil, "\(outcome.violation.map(String.init(describing:)) ?? "")")
    }

    @Test
    func aStateWithFewerSourcesLetsAnAwaitedRefreshOfADroppedSourceReturn() async {
        let steps: [FuzzStep] = [
            .user(.appear), .user(.switchSource(2)), .user(.refresh), .user(.switchSource(0)),
            .change(.replaceSources(count: 1)),
        ]
        let outcome = await AdopterFuzz.replay(
            .listModel, steps, configuration: FuzzConfiguration(sourceCount: 3), )
        #expect(outcome.violation == nil, "\(outcome.violation.map(String.init(describing:)) ?? "")")
    }

    @Test
    func aFreshStateForATabWhoseFirstLoadFailedLoadsItsFirstPage() async {
        let steps: [FuzzStep] = [.user(.appear), .fail(.inFlight(0)), .change(.resetSource(0))]
        let outcome = await AdopterFuzz.replay(
            .adopter, steps, configuration: FuzzConfiguration(sourceCount: 1))
        #expect(outcome.violation == nil, "\(outcome.violation.map(String.init(describing:)) ?? "")")
    }

    /// The steps the fuzz found and shrunk (seed 0xf10943756843727f of the list model's episodes).
    @Test
    func aListModelLoadsNothingAfterItsLoadsAreCancelled() async {
        let configuration = FuzzConfiguration(
            sourceCount: 2, policy: RefreshPolicy(pageSize: 3, firstPage: 3, paging: .cursors), duplicates: .takeNewer)
        let steps: [FuzzStep] = [
            .user(.switchSource(0)),
            .answer(
                .inFlight(2),
                FuzzAnswer(count: 1, copies: 1, curPage: .relative(0), nextCursor: .fresh, previousCursor: .empty)),
            .user(.loadPrevious),
            .answer(
                .any(14),
                FuzzAnswer(
                    count: 3, hasMore: true, pageCount: .relative(2), nextCursor: .fresh, previousCursor: .earlier(3))),
            .user(.rowAppears(20)),
            .edit(.remove(.sent(1))),
            .cancel(source: 1),
        ]
        let outcome = await AdopterFuzz.replay(
            .listModel, steps, configuration: configuration)
        #expect(outcome.violation == nil, "\(outcome.violation.map(String.init(describing:)) ?? "")")
    }

    @Test
    func aListModelTakesAnyPageSize() async {
        let steps: [FuzzStep] = [
            .user(.appear), .change(.pageSize(.max)), .answer(.inFlight(0), FuzzAnswer(count: 3)),
        ]
        let outcome = await AdopterFuzz.replay(
            .listModel, steps, configuration: FuzzConfiguration(sourceCount: 1))
        #expect(outcome.violation == nil, "\(outcome.violation.map(String.init(describing:)) ?? "")")
    }
}

// MARK: - Broken on purpose

/// Applies an answer whose request is no longer in flight: asks again and applies it to the new request.
struct StaleApplyingMachine: FuzzedStateMachine {
    var sources: RefreshSources<TestItem>

    init(_ sources: RefreshSources<TestItem>) {
        self.sources = sources
    }

    mutating func succeed(_ request: RefreshRequest, with page: RefreshPage<TestItem>) -> RefreshSettlement {
        guard !sources.isInFlight(request), sources.indices.contains(request.source),
            case .started(let again, _) = sources.begin(request.kind, source: request.source)
        else { return sources.succeed(request, with: page) }
        return sources.succeed(again, with: page)
    }
}

/// Forgets a source's items when one of its loads fails.
struct ItemDroppingMachine: FuzzedStateMachine {
    var sources: RefreshSources<TestItem>

    init(_ sources: RefreshSources<TestItem>) {
        self.sources = sources
    }

    mutating func fail(_ request: RefreshRequest, error: any Error) -> RefreshSettlement {
        let settlement = sources.fail(request, error: error)
        if case .failed = settlement {
            sources[request.source] = RefreshState(noMoreTitle: sources[request.source].noMoreTitle)
        }
        return settlement
    }
}

/// Passes only the items and cursors on, as a mapping that drops the server's counts does: a
/// hostile count is never seen.
struct SignalStrippingMachine: FuzzedStateMachine {
    var sources: RefreshSources<TestItem>

    init(_ sources: RefreshSources<TestItem>) {
        self.sources = sources
    }

    mutating func succeed(_ request: RefreshRequest, with page: RefreshPage<TestItem>) -> RefreshSettlement {
        sources.succeed(
            request,
            with: RefreshPage(
                items: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor,
                previousCursor: page.previousCursor))
    }
}

/// A callback adopter on the rig's doubles that reports each answer with its request.
@MainActor
class CallbackFuzzAdopter: Refreshable {
    let refreshStatus: RefreshRuntime<TestItem>
    var currentIndex = 0
    let rig: ConformanceRig<TestItem>
    var refreshHeaderControl: (any RefreshHeaderControl)? { rig.header }
    var refreshFooterControl: (any RefreshFooterControl)? { rig.footer }
    var refreshListView: (any RefreshListView)? { rig.listView }

    init(rig: ConformanceRig<TestItem>) {
        self.rig = rig
        refreshStatus = RefreshRuntime(rig.makeSources())
    }

    func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        rig.loader.start(request) { [weak self] result in
            switch result {
            case .success(let page):
                self?.didLoad(page, for: request)
            case .failure(let error):
                self?.didFail(error, for: request)
            }
        }
    }

    // What the completion above does with an answer, spelled out so that broken subclasses can
    // replace one of them: the library's own calls when not replaced.

    func didLoad(_ page: RefreshPage<TestItem>, for request: RefreshRequest) {
        loadSuccess(page, for: request)
    }

    func didFail(_ error: any Error, for request: RefreshRequest) {
        loadFailer(error, for: request)
    }
}

/// Applies a late answer to the load its source asks for now.
final class StaleApplyingAdopter: CallbackFuzzAdopter {
    override func didLoad(_ page: RefreshPage<TestItem>, for request: RefreshRequest) {
        let source = request.source
        guard !refreshStatus.sources.isInFlight(request), refreshStatus.sources.indices.contains(source),
            let now = request.kind == .loadPrevious
                ? refreshStatus[source].previousInFlight : refreshStatus[source].inFlight
        else {
            loadSuccess(page, for: request)
            return
        }
        loadSuccess(page, for: now)
    }
}

/// Puts a fresh state in for a source whose load failed, dropping its items.
final class ItemDroppingAdopter: CallbackFuzzAdopter {
    override func didFail(_ error: any Error, for request: RefreshRequest) {
        loadFailer(error, for: request)
        var sources = refreshStatus.sources
        guard sources.indices.contains(request.source), !sources[request.source].items.isEmpty else { return }
        sources[request.source] = RefreshState(noMoreTitle: sources[request.source].noMoreTitle)
        refreshStatus.sources = sources
    }
}
