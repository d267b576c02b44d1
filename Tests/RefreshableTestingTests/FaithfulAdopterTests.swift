import Refreshable
import RefreshableTesting
import Testing

/// A server an adopter is ported against: the end-of-list fields its responses have, and the
/// adopter's own policy when it keeps one.
struct TestServer: Sendable, CustomStringConvertible {
    let description: String
    let fields: EndOfListSignals
    let policy: RefreshPolicy?

    /// A multi-tab order list whose server sends no end-of-list signal: `count < pageSize` decides.
    static let noSignal = TestServer(description: "no signal", fields: [], policy: nil)
    /// A coin-rank list whose server sends `curPage` and `pageCount`.
    static let pageCount = TestServer(description: "curPage/pageCount", fields: .pageCount, policy: nil)
    /// A feed whose server sends `hasMore`.
    static let hasMore = TestServer(description: "hasMore", fields: .hasMore, policy: nil)
    /// A search whose server sends the total number of results.
    static let totalCount = TestServer(description: "totalCount", fields: .totalCount, policy: nil)
    /// A zero-based article list (its own policy: page 0 first, pages of 4) that sends `hasMore`.
    static let zeroBased = TestServer(
        description: "zero-based, hasMore", fields: .hasMore, policy: RefreshPolicy(pageSize: 4, firstPage: 0))

    static let all: [TestServer] = [.noSignal, .pageCount, .hasMore, .totalCount, .zeroBased]
}

/// Faithful ports of real controllers forward only what their server sends; the suite and the
/// model check adapt to that, to the adopter's own first page and page size, and to every control
/// timing, and still catch an adopter that drops a signal it was declared to forward.
@MainActor
@Suite struct FaithfulAdopterTests {
    private func adopter(
        _ server: TestServer, _ delivery: Delivery = .callback
    ) -> @MainActor (ConformanceRig<TestItem>) -> TestAdopter {
        { TestAdopter.make(rig: $0, delivery: delivery, forwards: server.fields, policy: server.policy) }
    }

    @Test(arguments: TestServer.all, Delivery.allCases)
    func aFaithfulAdopterKeepsEveryRuleWithTheSignalsItsServerSends(server: TestServer, delivery: Delivery)
        async throws
    {
        let report = try await RefreshableConformance.check(makeAdopter: adopter(server, delivery))
        #expect(report.endOfListSignals == server.fields)
        #expect(report.signalsWereFound)
        // Probing that finds no signal cannot tell a server that sends none from an adopter that
        // drops them: the report says so, and asks for the signals to be declared.
        #expect(report.uncheckedRules == (server.fields.isEmpty ? [.endOfList] : []), "\(report)")
    }

    @Test func probingThatFindsNoSignalAsksForThemToBeDeclared() async throws {
        let dropping = try await RefreshableConformance.check { TestAdopter(rig: $0, forwards: []) }
        #expect(dropping.uncheckedRules == [.endOfList])
        let reason = try #require(dropping.unchecked.first?.reason)
        #expect(reason.contains("ConformanceConfiguration(endOfListSignals:)"))
        let declared = try await RefreshableConformance.check(ConformanceConfiguration(endOfListSignals: [])) {
            TestAdopter(rig: $0, forwards: [])
        }
        #expect(declared.uncheckedRules.isEmpty, "declaring none says the server sends none")
    }

    @Test(arguments: TestServer.all)
    func declaringTheSignalsTheServerSendsAlsoPasses(server: TestServer) async throws {
        let configuration = ConformanceConfiguration(endOfListSignals: server.fields)
        let report = try await RefreshableConformance.check(configuration, makeAdopter: adopter(server))
        #expect(report.endOfListSignals == server.fields)
        #expect(!report.signalsWereFound)
    }

    @Test(arguments: TestServer.all)
    func aFaithfulAdopterMatchesTheModel(server: TestServer) async {
        let result = await RefreshableModelCheck.run(steps: 20_000, makeAdopter: adopter(server, .callback))
        #expect(result.steps == 20_000)
        if let failure = result.failure {
            Issue.record(failure)
        }
    }

    @Test(arguments: 0..<ControlTimingModelCheckTests.modes.count, [TestServer.noSignal, .pageCount, .zeroBased])
    func aFaithfulAdopterKeepsEveryRuleUnderEachControlTiming(mode: Int, server: TestServer) async throws {
        let configuration = ConformanceConfiguration(
            headerTiming: ControlTimingModelCheckTests.modes[mode].header,
            footerTiming: ControlTimingModelCheckTests.modes[mode].footer
        )
        try await RefreshableConformance.check(configuration, makeAdopter: adopter(server, .async))
    }

    @Test func declaringASignalTheAdopterDoesNotForwardFailsTheEndOfListRule() async throws {
        let configuration = ConformanceConfiguration(endOfListSignals: .hasMore, randomizedSteps: 0)
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(configuration, makeAdopter: adopter(.pageCount))
        }
        #expect(failure.violatedRules == [.endOfList])
        let ending = try #require(failure.violations.first { $0.scenario.hasPrefix("hasMore: false") })
        #expect(ending.mismatch == .endOfList(source: 0, expected: true, observed: false))
        let open = try #require(failure.violations.first { $0.scenario.hasPrefix("the server's signal keeps") })
        #expect(open.mismatch == .endOfList(source: 0, expected: false, observed: true))
    }

    @Test func aZeroBasedAdopterWithoutRequestsIsToldRefreshFromLoadMoreByItsOwnFirstPage() async throws {
        // The configuration says pages start at 1; the adopter's own policy says 0. Its API takes
        // a tab and a page, so the loader infers each load's kind from the adopter's first page.
        let rig = ConformanceRig(configuration: ConformanceConfiguration())
        let controller = TestAdopter(rig: rig, forwards: [], policy: RefreshPolicy(pageSize: 4, firstPage: 0))
        rig.connect(controller)
        controller.setupRefreshHeader()
        let first = try #require(rig.loader.pending.first)
        #expect(first.page == 0 && first.kind == .refresh)
        rig.loader.answer(first, itemCount: 4)
        controller.loadMore()
        let more = try #require(rig.loader.pending.first)
        #expect(more.page == 1 && more.kind == .loadMore)
    }
}
