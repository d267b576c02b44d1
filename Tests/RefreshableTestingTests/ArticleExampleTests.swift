import Foundation
import Refreshable
import RefreshableTesting
import Testing

// The code of the "Testing your adopter" article (RefreshableTesting.docc/TestingYourAdopter.md),
// copied verbatim apart from its import lines, which are gathered above. The controller, the API
// and the test blocks are compiled and run here; the replay snippet, which needs a failure in
// scope, is compiled inside a function. The XCTest block is the one block not copied: XCTest does
// not run under Swift Testing. `articleCodeBlocksAreCopiedVerbatim` keeps the two in step.

// MARK: - Wire the controller to the rig

@MainActor
protocol OrdersAPI {
    func fetchOrders(
        tab: Int, page: Int,
        completion: @escaping @MainActor (Result<RefreshPage<Order>, any Error>) -> Void
    )
}

@MainActor
final class OrdersController: Refreshable {
    let refreshStatus: RefreshRuntime<Order>
    var currentIndex = 0
    let refreshHeaderControl: (any RefreshHeaderControl)?
    let refreshFooterControl: (any RefreshFooterControl)?
    let refreshListView: (any RefreshListView)?
    let api: any OrdersAPI

    init(
        sources: RefreshSources<Order>,
        header: (any RefreshHeaderControl)?, footer: (any RefreshFooterControl)?,
        list: (any RefreshListView)?, api: any OrdersAPI
    ) {
        refreshStatus = RefreshRuntime(sources)
        refreshHeaderControl = header
        refreshFooterControl = footer
        refreshListView = list
        self.api = api
    }

    func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        api.fetchOrders(tab: request.source, page: request.page) { [weak self] result in
            switch result {
            case .success(let page): self?.loadSuccess(page, for: request)
            case .failure(let error): self?.loadFailer(error, for: request)
            }
        }
    }
}

@MainActor
struct LoaderOrdersAPI: OrdersAPI {
    let loader: TestPageLoader<Order>

    func fetchOrders(
        tab: Int, page: Int,
        completion: @escaping @MainActor (Result<RefreshPage<Order>, any Error>) -> Void
    ) {
        loader.start(source: tab, page: page, completion: completion)
    }
}

extension Order {
    init(_ item: TestItem) { self.init(id: item.description) }
}

@MainActor
func makeController(_ rig: ConformanceRig<Order>) -> OrdersController {
    OrdersController(
        sources: rig.makeSources(),
        header: rig.header, footer: rig.footer, list: rig.listView,
        api: LoaderOrdersAPI(loader: rig.loader)
    )
}

// MARK: - Run it with Swift Testing

@Suite struct OrdersControllerConformance {
    @Test @MainActor func ordersControllerKeepsEveryRule() async throws {
        try await RefreshableConformance.check(makeItem: Order.init) { rig in
            makeController(rig)
        }
    }

    @Test @MainActor func ordersControllerMatchesTheModelOverManyEvents() async throws {
        let result = await RefreshableModelCheck.run(steps: 10_000, makeItem: Order.init) { rig in
            makeController(rig)
        }
        if let failure = result.failure {
            Issue.record(failure)  // names the rule, the seed and the shortest failing events
        }
    }
}

// MARK: - Read what was not checked

@Test @MainActor func ordersControllerLeavesNothingUnchecked() async throws {
    let report = try await RefreshableConformance.check(makeItem: Order.init) { rig in
        makeController(rig)
    }
    #expect(report.unchecked.isEmpty, "\(report)")
}

// MARK: - Check a view model output

/// The view model output of the Refreshable module's `OutputRefreshProtocol` example.
struct OrdersOutput: OutputRefreshProtocol {
    let refreshStatus = RefreshStatusRelay()
}

@Test @MainActor func ordersOutputDrivesTheControlsOrderSafely() async throws {
    try await RefreshableConformance.checkOutput { OrdersOutput() }
}

// MARK: - Reproduce a randomized failure

@MainActor
func replayExample(_ failure: ModelCheckFailure) async -> ConformanceViolation? {
    let violation = await RefreshableModelCheck.replay(failure.events, makeItem: Order.init) { rig in
        makeController(rig)
    }
    return violation
}

// MARK: - Drive the doubles yourself

@Test @MainActor func aLateLoadMoreAfterARefreshIsDiscarded() async throws {
    let rig = ConformanceRig(makeItem: Order.init)
    let controller = makeController(rig)
    controller.setupRefreshHeader()
    rig.loader.answer(try #require(rig.loader.pending.first), itemCount: 3)
    controller.loadMore()
    let loadMore = try #require(rig.loader.pending.first)
    controller.refresh()  // refresh wins
    rig.loader.answer(loadMore, itemCount: 3)  // the late answer is stale
    #expect(controller.currentItems.count == 3)
    #expect(rig.footer.state == .idle)
}

// MARK: - The article and this file agree

@Test func articleCodeBlocksAreCopiedVerbatim() throws {
    let here = URL(fileURLWithPath: #filePath)
    let article = here.deletingLastPathComponent().appendingPathComponent(
        "../../Sources/RefreshableTesting/RefreshableTesting.docc/TestingYourAdopter.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
    // Compared line by line without leading spaces, so a snippet may sit inside a function.
    func lines(_ code: Substring) -> [String] {
        code.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.drop { $0 == " " }) }
            .filter { !$0.hasPrefix("import ") }
    }
    let file = lines(source[...])
    let blocks = text.components(separatedBy: "```swift\n").dropFirst().map {
        $0.components(separatedBy: "```")[0].dropLast()
    }
    #expect(blocks.count == 8)
    for block in blocks where !block.contains("import XCTest") {
        var wanted = lines(block)
        while wanted.first == "" { wanted.removeFirst() }
        let found = file.indices.contains { start in
            file[start...].starts(with: wanted)
        }
        #expect(found, "not copied verbatim into ArticleExampleTests.swift:\n\(block)")
    }
}
