import Refreshable
import RefreshableTesting
import Testing

/// The app's own API answers: a create call's copy ends a pending item, a refused edit is rolled
/// back so that the server's next copy shows, and a row is found by id.
@Suite("The app's own answers")
struct AppAnswerTests {
    /// The Tasks port: the create call answers with the server's copy; "saving…" ends at once, on
    /// a list whose pages may not bring the task soon.
    @Test func theCreateAnswersCopyEndsThePendingItemInItsRow() throws {
        var tasks = try loadedArticles([1, 2, 3])
        tasks.insertPendingItem(Article(id: 9, title: "new"), at: 0, source: 0)
        let update = tasks.confirmPendingItem(Article(id: 9, title: "saved"), source: 0)
        #expect(update?.change == .edited(0..<1), "the row stays where it was")
        #expect(tasks.ids == [9, 1, 2, 3])
        #expect(!tasks.isPending(id: 9, source: 0))
        #expect(tasks.item(id: 9, source: 0)?.title == "saved")
        #expect(tasks.confirmPendingItem(Article(id: 9), source: 0) == nil, "it is no longer pending")
    }

    @Test func aConfirmedItemOutlastsARefreshAskedForBeforeIt() throws {
        var tasks = try loadedArticles([1, 2, 3])
        let refresh = try startedRequest(tasks.begin(.refresh, source: 0))
        tasks.insertPendingItem(Article(id: 9, title: "new"), at: 0, source: 0)
        tasks.confirmPendingItem(Article(id: 9, title: "saved"), source: 0)
        // The refresh was asked for before the server had the task: its answer lacks it.
        _ = appliedUpdate(tasks.succeed(refresh, with: RefreshPage(items: articles([1, 2, 3]))))
        #expect(tasks.ids == [9, 1, 2, 3])
        #expect(tasks[0].items[0].title == "saved")
        // A refresh asked for after brings the server's copy.
        _ = try tasks.refresh([1, 9, 2])
        #expect(tasks.ids == [1, 9, 2])
        #expect(tasks[0].items[1].title == "server")
    }

    @Test func aConfirmedItemLeavesItsRunForTheNearestRowOutsideIt() throws {
        var chat = try loadedArticles([1, 2, 3])
        chat.insertPendingItem(Article(id: 8), at: 0, source: 0)
        chat.insertPendingItem(Article(id: 9), at: 1, source: 0)
        let update = chat.confirmPendingItem(Article(id: 8, title: "saved"), source: 0)
        #expect(chat.ids == [9, 8, 1, 2, 3], "9 is still pending, before every other row")
        #expect(update?.change == .edited(0..<2), "the rows whose content changed")
        #expect(chat.pendingItems(source: 0).map(\.id) == [9])
        let back = try loadedArticles([1, 2, 3])
        var feed = back
        feed.insertPendingItem(Article(id: 7), at: 3, source: 0)
        feed.confirmPendingItem(Article(id: 7, title: "saved"), source: 0)
        #expect(feed.ids == [1, 2, 3, 7])
        #expect(feed.pendingItems(source: 0).isEmpty)
    }

    /// A server that gives the task its own id: one row, found by the server's id, where the
    /// pending row was.
    @Test func theServersIDReplacesTheTemporaryOneInTheSameRow() throws {
        var tasks = try loadedArticles([1, 2, 3])
        let refresh = try startedRequest(tasks.begin(.refresh, source: 0))
        tasks.insertPendingItem(Article(id: -1, title: "new"), at: 0, source: 0)
        let update = tasks.confirmPendingItem(Article(id: 50, title: "saved"), replacing: -1, source: 0)
        #expect(update?.change == .edited(0..<1))
        #expect(tasks.ids == [50, 1, 2, 3])
        #expect(tasks.index(id: 50, source: 0) == 0)
        #expect(tasks.index(id: -1, source: 0) == nil, "the temporary id is no longer held")
        #expect(!tasks.isPending(id: 50, source: 0))
        _ = appliedUpdate(tasks.succeed(refresh, with: RefreshPage(items: articles([1, 2, 3]))))
        #expect(tasks.ids == [50, 1, 2, 3], "a refresh asked for before the save does not take it away")
        _ = try tasks.refresh([50, 1, 2])
        #expect(tasks.ids == [50, 1, 2])
    }

    @Test func aServerIDAPageBroughtAlreadyKeepsOneRow() throws {
        var tasks = try loadedArticles([1, 2, 3])
        tasks.insertPendingItem(Article(id: -1, title: "new"), at: 0, source: 0)
        _ = try tasks.refresh([50, 1, 2])
        #expect(tasks.ids == [-1, 50, 1, 2])
        let update = tasks.confirmPendingItem(Article(id: 50, title: "saved"), replacing: -1, source: 0)
        #expect(update?.change == .replaced(count: 3))
        #expect(tasks.ids == [50, 1, 2])
        #expect(tasks[0].items[0].title == "saved")
        #expect(tasks.confirmPendingItem(Article(id: 51), replacing: -1, source: 0) == nil)
    }

    /// The Tasks port: a tick the server refuses is rolled back while a refresh is in flight whose
    /// answer carries a newer title from another device; the answer shows.
    @Test func aRevertedEditLetsTheAnswerInFlightShowTheServersCopy() throws {
        var tasks = try loadedArticles([1, 2, 3])
        let refresh = try startedRequest(tasks.begin(.refresh, source: 0))
        tasks.updateItem(Article(id: 2, title: "ticked"), source: 0)
        let update = tasks.revertItem(Article(id: 2, title: "server"), source: 0)
        #expect(update?.change == .edited(1..<2))
        #expect(tasks[0].items[1].title == "server")
        _ = appliedUpdate(
            tasks.succeed(refresh, with: RefreshPage(items: articles([1, 2, 3], title: "renamed on the laptop"))))
        #expect(tasks[0].items[1].title == "renamed on the laptop")
        #expect(tasks.revertItem(Article(id: 4), source: 0) == nil, "no item with that id is held")
    }

    /// The user's report: after a revert, a load-more asked for before the edit brought the item
    /// and left the reverted copy in place, where a refresh brings the server's.
    @Test func aRevertedEditLetsALoadMoreInFlightBringTheServersCopy() throws {
        var tasks = try loadedArticles([1, 2, 3])
        let more = try startedRequest(tasks.begin(.loadMore, source: 0))
        tasks.updateItem(Article(id: 2, title: "ticked"), source: 0)
        tasks.revertItem(Article(id: 2, title: "server"), source: 0)
        let update = appliedUpdate(
            tasks.succeed(more, with: RefreshPage(items: articles([4, 2, 5], title: "renamed on the laptop"))))
        #expect(tasks.ids == [1, 2, 3, 4, 5], "the item stays where it is held")
        #expect(tasks[0].items[1].title == "renamed on the laptop", "the reverted copy stayed")
        #expect(update?.replacedInPlace == [1..<2])
        // The copy shown is the server's, held as any other: a later page's copy is a duplicate.
        _ = try tasks.loadMore([2, 6, 7], title: "again")
        #expect(tasks[0].items[1].title == "renamed on the laptop")
    }

    @Test func aRevertedUpdateOfAnInsertedItemKeepsTheInsertion() throws {
        var tasks = try loadedArticles([1, 2, 3])
        tasks.insertItem(Article(id: 9, title: "new"), at: 0, source: 0)
        let refresh = try startedRequest(tasks.begin(.refresh, source: 0))
        tasks.updateItem(Article(id: 9, title: "ticked"), source: 0)
        tasks.revertItem(Article(id: 9, title: "new"), source: 0)
        _ = appliedUpdate(tasks.succeed(refresh, with: RefreshPage(items: articles([1, 9, 2]))))
        #expect(tasks.ids == [1, 9, 2])
        #expect(tasks[0].items[1].title == "server", "the insertion predates the refresh: its copy shows")
        var late = try loadedArticles([1, 2, 3])
        let inFlight = try startedRequest(late.begin(.refresh, source: 0))
        late.insertItem(Article(id: 9, title: "new"), at: 0, source: 0)
        late.updateItem(Article(id: 9, title: "ticked"), source: 0)
        late.revertItem(Article(id: 9, title: "new"), source: 0)
        _ = appliedUpdate(late.succeed(inFlight, with: RefreshPage(items: articles([1, 2]))))
        #expect(late.ids == [9, 1, 2], "still inserted after the refresh was asked for")
    }

    @Test func anIndexIsFoundByID() throws {
        var sources = try loadedArticles([1, 2, 3])
        sources.insertPendingItem(Article(id: 9), at: 0, source: 0)
        #expect(sources.index(id: 2, source: 0) == 2)
        #expect(sources.index(id: 9, source: 0) == 0)
        #expect(sources.index(id: 4, source: 0) == nil)
        let plain = RefreshSources<Int>(noMoreTitles: ["only"])
        #expect(plain.index(id: 1, source: 0) == nil, "no identity, no index")
    }

    @MainActor
    @Test func eachFrontDoorConfirmsRevertsAndFindsByID() async throws {
        let controller = SeedController()
        controller.refreshStatus.identity = RefreshItemIdentity(\.self)
        controller.setupRefreshHeader()
        controller.loadSuccess(RefreshPage(items: ["a", "b"]), for: controller.lastRequest)
        controller.insertPendingItem("sent", at: 0)
        #expect(controller.confirmPendingItem("sent").map(\.change) == [.edited(0..<1)])
        #expect(!controller.isPending(id: "sent"))
        controller.insertPendingItem("tmp", at: 0)
        controller.confirmPendingItem("srv", replacing: "tmp")
        #expect(controller.currentItems == ["srv", "sent", "a", "b"])
        #expect(controller.index(id: "a") == 2)
        #expect(controller.revertItem("b").map(\.change) == [.edited(3..<4)])
        #expect(controller.updates.last?.change == .edited(3..<4), "reported like every edit")

        let runtime = controller.refreshStatus
        runtime.insertPendingItem("x", at: 0, source: 0)
        #expect(runtime.confirmPendingItem("x", source: 0) != nil)
        #expect(runtime.index(id: "x", source: 0) == 0)
        #expect(runtime.revertItem("x", source: 0) != nil)

        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            let model = RefreshListModel<Article>(noMoreTitles: ["The end"], identity: .id()) { _ in
                RefreshPage(items: articles([1, 2]))
            }
            await model.refresh()
            model.insertPendingItem(Article(id: -1, title: "new"), at: 0)
            model.confirmPendingItem(Article(id: 50, title: "saved"), replacing: -1)
            #expect(model.items.map(\.id) == [50, 1, 2])
            model.insertPendingItem(Article(id: 60), at: 3)
            #expect(model.confirmPendingItem(Article(id: 60, title: "saved")).count == 1)
            #expect(!model.isPending(id: 60))
            #expect(model.index(id: 2) == 2)
            #expect(model.revertItem(Article(id: 2, title: "old")).map(\.change) == [.edited(2..<3)])
            #expect(model.items[2].title == "old")
        }
    }
}
