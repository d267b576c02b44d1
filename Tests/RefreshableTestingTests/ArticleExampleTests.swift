import Foundation
import Refreshable
import RefreshableTesting
import Testing

// The code of the "Testing your adopter" article (RefreshableTesting.docc/TestingYourAdopter.md),
// copied verbatim apart from its import lines, which are gathered above. The controller, the API
// and the test blocks are compiled and run here; the snippets that need a failure or a seed in
// scope are compiled inside functions. The XCTest block is the one block not copied: XCTest does
// not run under Swift Testing. `articleCodeBlocksAreCopiedVerbatim` keeps the two in step.

// MARK: - Wire the controller to the rig

/// One page of orders as the server sends it.
struct OrdersPage: Sendable {
    let orders: [Order]
    let hasMore: Bool
}

@MainActor
protocol OrdersAPI {
    func fetchOrders(
        tab: Int, page: Int,
        completion: @escaping @MainActor (Result<OrdersPage, any Error>) -> Void
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
            case .success(let page):
                self?.loadSuccess(RefreshPage(items: page.orders, hasMore: page.hasMore), for: request)
            case .failure(let error):
                self?.loadFailer(error, for: request)
            }
        }
    }
}

@MainActor
struct LoaderOrdersAPI: OrdersAPI {
    let loader: TestPageLoader<Order>
    let pageSize: Int

    func fetchOrders(
        tab: Int, page: Int,
        completion: @escaping @MainActor (Result<OrdersPage, any Error>) -> Void
    ) {
        loader.start(source: tab, page: page) { result in
            completion(
                result.map { page in
                    OrdersPage(orders: page.items, hasMore: page.hasMore ?? (page.items.count >= pageSize))
                })
        }
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
        api: LoaderOrdersAPI(loader: rig.loader, pageSize: rig.policy.pageSize)
    )
}

// MARK: - Run it with Swift Testing

@Suite struct OrdersControllerConformance {
    let configuration = ConformanceConfiguration(endOfListSignals: .hasMore)

    @Test @MainActor func ordersControllerKeepsEveryRule() async throws {
        try await RefreshableConformance.check(configuration, makeItem: Order.init) { rig in
            makeController(rig)
        }
    }

    @Test @MainActor func ordersControllerMatchesTheModelOverManyEvents() async throws {
        var longer = configuration
        longer.randomizedSteps = 10_000
        try await RefreshableConformance.check(longer, makeItem: Order.init) { rig in
            makeController(rig)
        }
    }
}

/// The item type comes from `makeItem`, so a closure of several statements needs no types.
@Test @MainActor func anAdopterClosureOfSeveralStatementsNeedsNoTypesWithOwnItems() async throws {
    var quick = ConformanceConfiguration(endOfListSignals: .hasMore)
    quick.randomizedSteps = 0
    let report = try await RefreshableConformance.check(quick, makeItem: Order.init) { rig in
        let controller = makeController(rig)
        controller.refreshStatus.retry = nil
        return controller
    }
    let oneStatement = try await RefreshableConformance.check(quick, makeItem: Order.init) { makeController($0) }
    #expect(report.scenarioCount == oneStatement.scenarioCount)
    #expect(report.checkedRules == oneStatement.checkedRules)
}

// MARK: - Know what the suite can observe

@Test @MainActor func aLoadMoreAsksForThePageAfterTheFirst() async throws {
    let rig = ConformanceRig(makeItem: Order.init)
    let controller = makeController(rig)
    rig.connect(controller)
    let first = try #require(await rig.loader.waitForLoad { controller.setupRefreshHeader() })
    rig.loader.answer(first, itemCount: 3)
    await rig.settle()
    let more = try #require(await rig.loader.waitForLoad { controller.loadMore() })
    #expect(more.page == 2 && more.kind == .loadMore)
}

// MARK: - Say how your screen pages and shows failures

@Test @MainActor func theArticlesPagingDeclarationsPassTheScreensPortedFaithfully() async throws {
    // 13 tabs: the newest threads page by page, then 12 boards of one page each.
    let home = ConformanceConfiguration(
        sourceCount: 13, endOfListSignals: .hasMore, onePageSources: Set(1..<13))
    // A page count when there are several pages, no current page: one page when absent.
    let favourites = ConformanceConfiguration(
        sourceCount: 1, endOfListSignals: .pageCount, signalInEveryAnswer: true)
    // A chat asking `before=` the oldest message's id, its newer messages pushed.
    let chat = ConformanceConfiguration(
        sourceCount: 1, endOfListSignals: [], cursorsAreItemIDs: true, hasPreviousPages: false)
    try await RefreshableConformance.check(home, makeItem: ForumThread.init) { makeForumHome($0) }
    try await RefreshableConformance.check(favourites, makeItem: Favourite.init) { makeFavourites($0) }
    guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
    try await RefreshableConformance.checkListModel(chat, makeItem: ChatMessage.init) { rig in
        makeChat(api: LoaderChatAPI(loader: rig.loader), pageSize: rig.policy.pageSize)
    }
}

// MARK: - Read what was not checked

@Test @MainActor func ordersControllerLeavesNothingUncheckedAndSendsOnlyHasMore() async throws {
    let report = try await RefreshableConformance.check(makeItem: Order.init) { rig in
        makeController(rig)
    }
    #expect(report.unchecked.isEmpty, "\(report)")
    #expect(report.endOfListSignals == .hasMore)  // found by probing
}

// MARK: - Match on what went wrong

func matchExample(_ failure: ConformanceFailure) throws {
    let violation = try #require(failure.violations.first)
    #expect(violation.rule == .failedLoadCommitsNoPage)
    #expect(
        violation.mismatch
            == .loads(expected: [.loadMore(source: 0, page: 3)], observed: [.loadMore(source: 0, page: 1)]))
}

@Test @MainActor func theMatchExampleHoldsForARealFailure() async throws {
    let failure = try await #require(throws: ConformanceFailure.self) {
        try await RefreshableConformance.check(ConformanceConfiguration(randomizedSteps: 0)) {
            PageMinusOneController(rig: $0)
        }
    }
    try matchExample(failure)
}

// MARK: - Check a view model output

/// The view model output of the Refreshable module's `OutputRefreshProtocol` example.
struct OrdersOutput: OutputRefreshProtocol {
    let refreshStatus = RefreshStatusRelay()
}
@Test @MainActor func ordersOutputDrivesTheControlsOrderSafely() async throws {
    try await RefreshableConformance.checkOutput { OrdersOutput() }
}

// MARK: - Check the paging features your list uses

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@Test @MainActor func theRetryExampleChecksAFeedThatRetriesOnTheRigsClock() async throws {
    try await RefreshableConformance.check { rig in
        let feed = FeedController(rig: rig)  // an AsyncRefreshable adopter
        feed.refreshStatus.retry = RefreshRetry(maxRetries: 2, clock: rig.clock)
        return feed
    }
}

/// Items whose ids are Strings: `itemID` gives the suite the id `makeItem` makes.
@Test @MainActor func theStringIDExampleChecksEveryRuleOfAListWithAnIdentity() async throws {
    // The server's ids are Strings, such as "order-12".
    let configuration = ConformanceConfiguration(itemID: { "order-\($0)" })
    let makeOrder: @Sendable (TestItem) -> Order = { Order(id: "order-\($0.id)") }
    try await RefreshableConformance.check(configuration, makeItem: makeOrder) { rig in
        let controller = makeController(rig)
        controller.refreshStatus.identity = RefreshItemIdentity(\.id)  // Order.id, a String
        return controller
    }
}

// MARK: - Reproduce a randomized failure

@MainActor
func replayExample(seed: UInt64) async throws {
    let replay = ConformanceConfiguration(endOfListSignals: .hasMore, randomizedSteps: 100, seed: seed)
    try await RefreshableConformance.check(replay, makeItem: Order.init) { rig in
        makeController(rig)
    }
}

@Test @MainActor func theReplayExampleRunsTheCheckFromASeed() async throws {
    try await replayExample(seed: 2_026)
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
    #expect(blocks.count == 13)
    for block in blocks where !block.contains("import XCTest") {
        var wanted = lines(block)
        while wanted.first == "" { wanted.removeFirst() }
        while wanted.last == "" { wanted.removeLast() }  // a block indented in a list item
        let found = file.indices.contains { start in
            file[start...].starts(with: wanted)
        }
        #expect(found, "not copied verbatim into ArticleExampleTests.swift:\n\(block)")
    }
}
