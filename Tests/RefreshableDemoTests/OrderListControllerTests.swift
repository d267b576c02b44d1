import Refreshable
import Testing

@testable import RefreshableDemoKit

@MainActor
@Suite("The demo controller on the embedded API")
struct OrderListControllerTests {
    @Test func firstLoadHidesTheFooterThenShowsTheFirstPage() async {
        let harness = EmbeddedHarness()
        let renderer = TextRenderer()
        let started = await harness.act { $0.setupRefreshHeader() }
        #expect(started.map(\.page) == [1])
        #expect(harness.controller.header.isRefreshing)
        #expect(harness.controller.footer.isHidden)
        #expect(renderer.dispatchedStatuses(harness.controller) == [.hideFooter, .beginHeaderRefresh])

        await harness.answerAll()
        #expect(harness.ids(0) == (1...10).map { "all-\($0)" })
        #expect(!harness.controller.header.isRefreshing)
        #expect(!harness.controller.footer.isHidden)
        #expect(harness.controller.footer.state == .idle)
        #expect(renderer.dispatchedStatuses(harness.controller) == [.showFooter, .endHeaderRefresh])
    }

    @Test(arguments: [(0, 23, "No more orders"), (1, 7, "No more unpaid orders"), (2, 20, "No more shipped orders")])
    func loadingMoreReachesEachTabsOwnEndOfList(tab: Int, count: Int, title: String) async {
        let harness = EmbeddedHarness()
        await harness.act { $0.switchSource(to: tab) }
        await harness.answerAll()
        var pulls = 0
        while !harness.controller.refreshStatus[tab].noMoreData, pulls < 10 {
            pulls += 1
            await harness.act { $0.loadMore() }
            await harness.answerAll()
        }
        let prefix = OrderTab.standard[tab].name
        #expect(harness.ids(tab) == (1...count).map { "\(prefix)-\($0)" })
        #expect(harness.controller.footer.state == .noMoreData(title: title))
        #expect(harness.controller.footer.commands.last == "endRefreshingWithNoMoreData(title: \"\(title)\")")
        let more = await harness.act { $0.loadMore() }
        #expect(more.isEmpty, "load-more cannot trigger at the end of the list")
    }

    @Test func shippedEndsOnAFullPageWhereCurPageEqualsPageCount() async throws {
        let harness = EmbeddedHarness()
        await harness.act { $0.switchSource(to: 2) }
        await harness.answerAll()
        #expect(!harness.controller.refreshStatus[2].noMoreData)
        await harness.act { $0.loadMore() }
        let last = try #require(await harness.answerAll().last)
        let page = try #require(last.page)
        #expect(page.items.count == harness.api.pageSize, "a full last page: its length says nothing")
        #expect((page.curPage, page.pageCount) == (2, 2))
        #expect(harness.controller.refreshStatus[2].noMoreData)
        #expect(
            TextRenderer().describe(last, controller: harness.controller)
                == "Shipped page 2 (loadMore #2) applied: +10 orders, 20 in Shipped; "
                + "end of list: curPage 2 == pageCount 2 (a full page)"
        )
    }

    @Test func theEndOfListReasonIsTheStrongestSignalThePageCarried() {
        let policy = RefreshPolicy(pageSize: 10)
        let request = RefreshRequest(source: 0, page: 2, kind: .loadMore, generation: 1)
        let full = (11...20).map { Order(id: "all-\($0)", title: "All order #\($0)") }
        let short = Array(full.prefix(3))
        func reason(_ page: RefreshPage<Order>, heldAfter: Int = 20) -> String? {
            TextRenderer.endOfListReason(page, request: request, heldAfter: heldAfter, policy: policy)
        }
        #expect(reason(RefreshPage(items: [])) == "empty page")
        #expect(
            reason(RefreshPage(items: full, hasMore: false, curPage: 2, pageCount: 5)) == "hasMore: false (a full page)"
        )
        #expect(reason(RefreshPage(items: short, hasMore: true, curPage: 2, pageCount: 2)) == nil)
        #expect(
            reason(RefreshPage(items: full, curPage: 2, pageCount: 2, totalCount: 99))
                == "curPage 2 == pageCount 2 (a full page)")
        #expect(reason(RefreshPage(items: short, curPage: 2, pageCount: 3, totalCount: 13), heldAfter: 13) == nil)
        #expect(reason(RefreshPage(items: full, totalCount: 20)) == "total 20 reached (a full page)")
        #expect(reason(RefreshPage(items: full, totalCount: 30)) == nil)
        #expect(reason(RefreshPage(items: short), heldAfter: 13) == "short page (3 < 10)")
        #expect(reason(RefreshPage(items: full)) == nil)
    }

    @Test func aFailedFirstLoadShowsThePlaceholderAndItsRetryLoads() async {
        let harness = EmbeddedHarness()
        harness.api.failNext(.all)
        await harness.act { $0.setupRefreshHeader() }
        let failed = await harness.answerAll()
        #expect(failed.first?.settlement.failure != nil)
        #expect(harness.controller.listView.placeholder?.request.page == 1)
        #expect(harness.controller.footer.isHidden)
        #expect(!harness.controller.header.isRefreshing)

        let retry = await harness.act { _ = $0.listView.tapRetry() }
        #expect(retry.map(\.page) == [1])
        await harness.answerAll()
        #expect(harness.controller.listView.placeholder == nil)
        #expect(harness.ids(0).count == 10)
        #expect(!harness.controller.footer.isHidden)
    }

    @Test func aFailedLoadMoreKeepsTheOrdersShowsAToastAndRetriesTheSamePage() async {
        let harness = EmbeddedHarness()
        await harness.act { $0.setupRefreshHeader() }
        await harness.answerAll()
        harness.api.failNext(.all)
        let first = await harness.act { $0.loadMore() }
        await harness.answerAll()
        #expect(harness.ids(0) == (1...10).map { "all-\($0)" })
        #expect(harness.controller.listView.toasts.count == 1)
        #expect(harness.controller.listView.placeholder == nil)
        if case .failed = harness.controller.footer.state {
        } else {
            Issue.record("the footer shows the failure, got \(harness.controller.footer.state)")
        }

        let again = await harness.act { $0.loadMore() }
        #expect(first.map(\.page) == [2])
        #expect(again.map(\.page) == [2], "a failed page is asked for again (rule S9)")
        await harness.answerAll()
        #expect(harness.ids(0).count == 20)
    }

    @Test func aResultLandsInTheTabThatAskedAfterATabSwitch() async {
        let harness = EmbeddedHarness()
        await harness.act { $0.setupRefreshHeader() }
        await harness.answerAll()
        harness.api.delayNext(.all, milliseconds: 5_000)
        let loadMore = await harness.act { $0.loadMore() }
        let unpaid = await harness.act { $0.switchSource(to: 1) }
        #expect(loadMore.map(\.source) == [0])
        #expect(unpaid.map(\.source) == [1])

        let outcomes = await harness.answerAll()
        #expect(outcomes.map(\.request) == unpaid + loadMore, "Unpaid answers first, All's slow page later")
        #expect(outcomes.last?.tabOnScreen == 1)
        #expect(harness.controller.currentIndex == 1)
        #expect(harness.ids(1).count == 7)
        #expect(harness.ids(0).count == 20, "All's page 2 was appended to All")
        #expect(harness.controller.footer.state == .noMoreData(title: "No more unpaid orders"))

        await harness.act { $0.switchSource(to: 0) }
        #expect(harness.controller.footer.state == .idle)
        #expect(harness.controller.currentItems.count == 20)
    }

    @Test func aLoadMoreSupersededByARefreshIsDiscarded() async {
        let harness = EmbeddedHarness()
        await harness.act { $0.setupRefreshHeader() }
        await harness.answerAll()
        harness.api.delayNext(.all, milliseconds: 5_000)
        let slow = await harness.act { $0.loadMore() }
        let refresh = await harness.act { $0.refresh() }
        #expect(harness.controller.requestsInFlight == refresh)

        let outcomes = await harness.answerAll()
        #expect(outcomes.map(\.request) == refresh + slow)
        #expect(outcomes.first?.settlement.isApplied == true)
        #expect(outcomes.last?.settlement.isDiscarded == true)
        #expect(harness.ids(0).count == 10)
        #expect(harness.controller.refreshStatus[0].page == 1)
    }

    @Test func theEmbeddedAPIAnswersLikeThePagedServer() async throws {
        let api = EmbeddedOrderAPI(orderCounts: ["all": 23], timing: .realTime)
        let request = RefreshRequest(source: 0, page: 3, kind: .loadMore, generation: 1)
        let page = try await api.loadPage(request, of: .all)
        #expect(page.items.map(\.id) == ["all-21", "all-22", "all-23"])
        #expect(page.items.first?.title == "All order #21")
        #expect(page.curPage == 3)
        #expect(page.pageCount == 3)
        #expect(page.totalCount == 23)
    }

    @Test func latenciesComeFromTheSeedAndTheGeneration() {
        let api = EmbeddedOrderAPI(seed: 1)
        let other = EmbeddedOrderAPI(seed: 2)
        let requests = (1...20).map { RefreshRequest(source: 0, page: 1, kind: .refresh, generation: UInt64($0)) }
        let latencies = requests.map(api.seededLatency)
        #expect(latencies == requests.map(api.seededLatency))
        #expect(latencies != requests.map(other.seededLatency))
        #expect(latencies.allSatisfy { (80...400).contains($0) })
    }
}
