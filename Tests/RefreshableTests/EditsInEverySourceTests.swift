import Refreshable
import Testing

/// Edits by id without a source act in whichever source holds the item, the same on every front
/// door: a create call answered after a tab switch ends its "sending…", and hiding an item
/// everywhere (a blocked user) is one call.
@MainActor
@Suite("Edits by id in every source")
struct EditsInEverySourceTests {
    /// A list model of two tabs, each loaded with one page of these articles.
    private func twoTabs(_ first: [Int], _ second: [Int]) async -> RefreshListModel<Article> {
        let model = RefreshListModel<Article>(noMoreTitles: ["Latest", "Hot"], identity: .id()) { request in
            RefreshPage(items: articles(request.source == 0 ? first : second), hasMore: false)
        }
        model.setUp()
        for _ in 0..<1_000 where model.items.isEmpty { await Task.yield() }
        model.switchSource(to: 1)
        for _ in 0..<1_000 where model.items.isEmpty { await Task.yield() }
        model.switchSource(to: 0)
        return model
    }

    /// The report: a message sent from one tab, whose create call is answered after the
    /// user switched tabs, stayed "sending…".
    @Test func aCreateAnsweredAfterATabSwitchEndsItsSending() async {
        let model = await twoTabs([1, 2], [3])
        model.insertPendingItem(Article(id: 9, title: "sending"), at: 0)
        model.switchSource(to: 1)

        let confirmed = model.confirmPendingItem(Article(id: 9, title: "sent"))
        #expect(confirmed.map(\.source) == [0], "the pending item of the other tab was not confirmed")
        #expect(!model.refreshStatus.isPending(id: 9, source: 0))
        #expect(model.refreshStatus[0].items.map(\.title) == ["sent", "server", "server"])
    }

    @Test func aTemporaryIDConfirmedAfterATabSwitchEndsItsSending() async {
        let model = await twoTabs([1, 2], [3])
        model.insertPendingItem(Article(id: -1, title: "sending"), at: 0)
        model.switchSource(to: 1)
        #expect(model.confirmPendingItem(Article(id: 40, title: "sent"), replacing: -1).map(\.source) == [0])
        #expect(model.refreshStatus[0].items.map(\.id) == [40, 1, 2])
    }

    /// The report: an app that hid an item everywhere looped over its tabs by hand.
    @Test func hidingAnItemEverywhereIsOneCallOnTheListModel() async {
        let model = await twoTabs([1, 2], [2, 3])
        let removed = model.removeItem(id: 2)
        #expect(removed.map(\.source) == [0, 1])
        #expect(removed.map(\.change) == [.removed(1..<2), .removed(0..<1)])
        #expect(model.refreshStatus[0].items.map(\.id) == [1])
        #expect(model.refreshStatus[1].items.map(\.id) == [3])
        #expect(model.items.map(\.id) == [1], "the tab on screen shows the removal")
    }

    @Test func anEditOfAnItemInAnotherTabReachesIt() async {
        let model = await twoTabs([1], [2, 3])
        #expect(model.updateItem(Article(id: 3, title: "liked")).map(\.source) == [1])
        #expect(model.refreshStatus[1].items.map(\.title) == ["server", "liked"])
        #expect(model.revertItem(Article(id: 3, title: "server")).map(\.change) == [.edited(1..<2)])
        #expect(model.refreshStatus[1].items.map(\.title) == ["server", "server"])
        #expect(model.updateItem(Article(id: 8)).isEmpty, "no tab holds it")
        #expect(model.updateItem(Article(id: 3, title: "mine"), source: 0) == nil, "the named tab does not hold it")
    }

    /// A removal in a tab that does not hold the item yet sticks there too: its page in flight
    /// leaves the blocked user's post out.
    @Test func aRemovalEverywhereSticksInATabThatDidNotHoldTheItem() throws {
        var sources = RefreshSources<Article>(noMoreTitles: ["Latest", "Hot"], identity: .id())
        let first = try startedRequest(sources.begin(.refresh, source: 0))
        _ = sources.succeed(first, with: RefreshPage(items: articles([1, 2])))
        let other = try startedRequest(sources.begin(.refresh, source: 1))
        #expect(sources.removeItem(id: 2).map(\.source) == [0])
        _ = sources.succeed(other, with: RefreshPage(items: articles([2, 3])))
        #expect(sources[1].items.map(\.id) == [3])
    }

    @Test func theRuntimeAndAControllerEditInEverySourceToo() {
        let controller = SeedController(titles: ["Latest", "Hot"])
        controller.refreshStatus.identity = RefreshItemIdentity(\.self)
        controller.setupRefreshHeader()
        controller.loadSuccess(RefreshPage(items: ["a", "b"]), for: controller.lastRequest)
        controller.switchSource(to: 1)
        controller.loadSuccess(RefreshPage(items: ["b", "c"]), for: controller.lastRequest)
        #expect(controller.removeItem(id: "b").map(\.source) == [0, 1])
        #expect(controller.updates.suffix(2).map(\.source) == [0, 1], "each change reported")
        #expect(controller.refreshStatus[0].items == ["a"])
        #expect(controller.currentItems == ["c"])
        controller.refreshStatus.insertPendingItem("d", at: 0, source: 0)
        #expect(controller.refreshStatus.confirmPendingItem("d").map(\.source) == [0])
        #expect(controller.removeItem(id: "c", source: 0) == nil)
    }
}
