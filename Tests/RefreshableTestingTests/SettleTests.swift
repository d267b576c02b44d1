import Refreshable
import RefreshableTesting
import Testing

/// A service whose requests run off the main actor, as an app's `nonisolated` network layer does:
/// each answer comes back through the global executor before the adopter applies it.
struct NonisolatedOrdersService: Sendable {
    let loader: TestPageLoader<TestItem>

    nonisolated func fetch(_ request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        let page = try await loader.load(request)
        // Work off the main actor before the answer goes back, as decoding does.
        return RefreshPage(items: page.items.map { $0 }, hasMore: page.hasMore)
    }
}

/// An adopter whose loads go through ``NonisolatedOrdersService``.
@MainActor
final class ServiceBackedController: AsyncRefreshable {
    let refreshStatus: RefreshRuntime<TestItem>
    let refreshHeaderControl: (any RefreshHeaderControl)?
    let refreshFooterControl: (any RefreshFooterControl)?
    let refreshListView: (any RefreshListView)?
    let service: NonisolatedOrdersService

    init(rig: ConformanceRig<TestItem>) {
        refreshStatus = RefreshRuntime(rig.makeSources())
        refreshHeaderControl = rig.header
        refreshFooterControl = rig.footer
        refreshListView = rig.listView
        service = NonisolatedOrdersService(loader: rig.loader)
    }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        try await service.fetch(request)
    }
}

/// The waits return only once an answer is applied, however it travels back to the adopter.
@MainActor
@Suite struct SettleTests {
    @Test func settleReturnsOnlyOnceAnAnswerThroughANonisolatedServiceIsApplied() async throws {
        var early = 0
        for _ in 0..<300 {
            let rig = ConformanceRig()
            let controller = ServiceBackedController(rig: rig)
            rig.connect(controller)
            controller.setupRefreshHeader()
            await rig.loader.waitForLoads(count: 1)
            let first = try #require(rig.loader.pending.first)
            rig.loader.answer(first, itemCount: 3)
            await rig.settle()
            if controller.currentItems.count != 3 || rig.header.isRefreshing {
                early += 1
            }
            rig.loader.abandonPending()
        }
        #expect(early == 0, "settle() returned before the answer was applied in \(early) of 300 runs")
    }

    @Test func settleReturnsOnlyOnceAFailureThroughANonisolatedServiceIsApplied() async throws {
        var early = 0
        for _ in 0..<300 {
            let rig = ConformanceRig()
            let controller = ServiceBackedController(rig: rig)
            rig.connect(controller)
            controller.setupRefreshHeader()
            await rig.loader.waitForLoads(count: 1)
            rig.loader.fail(try #require(rig.loader.pending.first))
            await rig.settle()
            if controller.refreshStatus[0].failure == nil || rig.listView.placeholder == nil {
                early += 1
            }
        }
        #expect(early == 0, "settle() returned before the failure was applied in \(early) of 300 runs")
    }
}
