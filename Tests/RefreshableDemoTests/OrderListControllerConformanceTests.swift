import Refreshable
import RefreshableTesting
import Testing

@testable import RefreshableDemoKit

/// The demo's own server as a test's loader: pages come from the kit's scriptable loader and reach
/// the controller as the demo's servers send them, with `curPage`, `pageCount` and a total, and no
/// `hasMore` (the embedded API and the paged JSON server send none).
struct ScriptedOrderLoader: OrderLoader {
    let loader: TestPageLoader<Order>

    func loadPage(_ request: RefreshRequest, of tab: OrderTab) async throws -> RefreshPage<Order> {
        let page = try await loader.load(request)
        return RefreshPage(
            items: page.items, curPage: page.curPage, pageCount: page.pageCount, totalCount: page.totalCount)
    }
}

extension Order {
    /// An order made from the kit's item: equal orders only for equal items.
    init(_ item: TestItem) {
        self.init(id: item.description, title: "Order \(item)")
    }
}

/// The package runs its own conformance suite against the demo's controller, as a user runs it
/// against theirs: the controller's text controls are replaced by the rig's doubles.
@MainActor
@Suite struct OrderListControllerConformanceTests {
    private func makeController(_ rig: ConformanceRig<Order>) -> OrderListController {
        OrderListController(
            loader: ScriptedOrderLoader(loader: rig.loader),
            pageSize: rig.policy.pageSize,
            controls: .init(header: rig.header, footer: rig.footer, listView: rig.listView)
        )
    }

    @Test func theDemoControllerKeepsEveryRuleWithTheSignalsItsServersSend() async throws {
        let configuration = ConformanceConfiguration(endOfListSignals: [.pageCount, .totalCount])
        let report = try await RefreshableConformance.check(configuration, makeItem: Order.init) {
            makeController($0)
        }
        #expect(report.unchecked.isEmpty, "\(report)")
        // Every scenario but the one about hasMore, and the random events.
        #expect(report.scenarioCount == RefreshableConformance.scenarioNames.count - 1)
        #expect(report.randomizedSteps == configuration.randomizedSteps)
    }

    @Test func probingFindsThatTheDemoControllerForwardsPageCountAndTotalButNotHasMore() async throws {
        let report = try await RefreshableConformance.check(makeItem: Order.init) { makeController($0) }
        #expect(report.endOfListSignals == [.pageCount, .totalCount])
        #expect(report.signalsWereFound)
    }

    @Test(arguments: [
        (TestHeaderControl.Timing.mjRefreshHeader(.turns(2)), TestFooterControl.Timing.mjRefreshAutoFooter),
        (.mjRefreshHeader(.turns(5)), .mjRefreshBackFooter(.turns(3))),
    ])
    func theDemoControllerKeepsEveryRuleWithMJRefreshTiming(
        header: TestHeaderControl.Timing, footer: TestFooterControl.Timing
    ) async throws {
        let configuration = ConformanceConfiguration(headerTiming: header, footerTiming: footer)
        try await RefreshableConformance.check(configuration, makeItem: Order.init) { makeController($0) }
    }
}
