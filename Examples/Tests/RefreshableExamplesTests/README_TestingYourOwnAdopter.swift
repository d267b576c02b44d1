import Refreshable
import RefreshableTesting
import Testing

@testable import RefreshableExamples

// Mirrors README.md, section "Testing your own adopter": its code block, verbatim, inside a suite
// whose `OrdersController(rig:)` wires a controller to the rig's doubles and loader, so the README's
// test really runs the conformance suite. It lives in this test target because it is a test.
// DocSnippetDriftTests fails when the two drift apart.

extension Order {
    /// Turns the conformance suite's item into an order.
    init(_ item: TestItem) {
        self.init(id: item.description, title: "Order \(item)")
    }
}

@Suite struct READMETestingYourOwnAdopter {
    /// An async-style orders controller with its controls and server injected, as a testable one is.
    @MainActor
    final class OrdersController: AsyncRefreshable {
        let refreshStatus: RefreshRuntime<Order>
        let refreshHeaderControl: (any RefreshHeaderControl)?
        let refreshFooterControl: (any RefreshFooterControl)?
        let refreshListView: (any RefreshListView)?
        let loader: TestPageLoader<Order>

        init(rig: ConformanceRig<Order>) {
            refreshStatus = RefreshRuntime(rig.makeSources())
            refreshHeaderControl = rig.header
            refreshFooterControl = rig.footer
            refreshListView = rig.listView
            loader = rig.loader
        }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            try await loader.load(request)
        }
    }

    @Test func ordersControllerKeepsEveryRule() async throws {
        // makeItem turns the suite's TestItem into your item type; the rig holds the doubles and the loader.
        try await RefreshableConformance.check(makeItem: Order.init) { rig in OrdersController(rig: rig) }
    }
}
