import Observation
import Refreshable
import RefreshableTesting
import Testing

/// Local edits by id (update, remove, insert) and how they meet later loads.
@Suite("Local edits by id")
struct LocalEditTests {
    @Test func anUpdateReplacesTheItemInPlaceWithoutARefresh() throws {
        var sources = try loadedArticles([1, 2, 3])
        let update = sources.updateItem(Article(id: 2, title: "mine"), source: 0)
        #expect(update == RefreshUpdate(request: nil, source: 0, change: .edited(1..<2), noMoreData: false))
        #expect(sources[0].items.map(\.title) == ["server", "mine", "server"])
        #expect(sources[0].inFlight == nil)
    }

    @Test func editingAnItemThatIsNotHeldChangesNothing() throws {
        var sources = try loadedArticles([1, 2, 3])
        let before = sources
        #expect(sources.updateItem(Article(id: 9), source: 0) == nil)
        #expect(sources[0].items == before[0].items)
        #expect(sources.removeItem(id: 9, source: 0) == nil)
        #expect(sources.ids == [1, 2, 3])
    }

    @Test func aNewerServerCopyReplacesALocalUpdate() throws {
        var sources = try loadedArticles([1, 2, 3])
        sources.updateItem(Article(id: 3, title: "mine"), source: 0)
        let update = try sources.loadMore([3, 4, 5], title: "newer")
        #expect(sources[0].items[2].title == "newer", "the held copy was kept, but a local edit gives way")
        #expect(update?.replacedInPlace == [2..<3])
        #expect(update?.change == .appended(3..<5))
        _ = try sources.loadMore([3, 6], title: "newest")
        #expect(sources[0].items[2].title == "newer", "once replaced, the server's copy is held as any other")
    }

    @Test func aRemovalSticksUntilTheNextRefresh() throws {
        var sources = try loadedArticles([1, 2, 3])
        let removal = sources.removeItem(id: 2, source: 0)
        #expect(removal?.change == .removed(1..<2))
        #expect(sources.ids == [1, 3])
        let more = try sources.loadMore([2, 4, 5])
        #expect(sources.ids == [1, 3, 4, 5], "a later page does not bring it back")
        #expect(more?.droppedRemovals == 1)
        #expect(more?.change == .appended(2..<4))
        _ = try sources.refresh([1, 2, 3])
        #expect(sources.ids == [1, 2, 3], "a refresh shows the server's list again")
    }

    @Test func aRemovalDuringARefreshInFlightSticksThroughIt() throws {
        var sources = try loadedArticles([1, 2, 3])
        let refresh = try startedRequest(sources.begin(.refresh, source: 0))
        sources.removeItem(id: 2, source: 0)
        let update = appliedUpdate(sources.succeed(refresh, with: RefreshPage(items: articles([1, 2, 3]))))
        #expect(sources.ids == [1, 3], "that refresh was asked for before the removal")
        #expect(update?.droppedRemovals == 1)
        _ = try sources.refresh([1, 2, 3])
        #expect(sources.ids == [1, 2, 3])
    }

    @Test func aRemovalOfAnItemNotYetLoadedKeepsItOut() throws {
        var sources = try loadedArticles([1, 2, 3])
        #expect(sources.removeItem(id: 4, source: 0) == nil)
        _ = try sources.loadMore([4, 5, 6])
        #expect(sources.ids == [1, 2, 3, 5, 6])
    }

    @Test func editsRacingALoadMoreApplyBeforeItsPageAndOutlastIt() throws {
        var sources = try loadedArticles([1, 2, 3])
        let more = try startedRequest(sources.begin(.loadMore, source: 0))
        sources.removeItem(id: 1, source: 0)
        sources.insertItem(Article(id: 9, title: "draft"), at: 0, source: 0)
        let page = RefreshPage(items: articles([3, 4, 9]))
        let update = appliedUpdate(sources.succeed(more, with: page))
        #expect(sources.ids == [9, 2, 3, 4])
        #expect(sources[0].items[0].title == "draft", "the page was asked for before the draft was inserted")
        #expect(update?.change == .appended(3..<4))
        #expect(update?.droppedDuplicates == 2)
        #expect(update?.replacedInPlace == [])
        #expect(sources[0].page == 2, "the page still commits")
    }

    @Test func insertingAHeldIdUpdatesItInPlace() throws {
        var sources = try loadedArticles([1, 2, 3])
        let update = sources.insertItem(Article(id: 3, title: "mine"), at: 0, source: 0)
        #expect(update.change == .edited(2..<3))
        #expect(sources.ids == [1, 2, 3])
        #expect(sources[0].items[2].title == "mine")
    }

    @Test func insertingARemovedIdLetsPagesBringItAgain() throws {
        var sources = try loadedArticles([1, 2, 3])
        sources.removeItem(id: 2, source: 0)
        sources.insertItem(Article(id: 2, title: "restored"), at: 2, source: 0)
        #expect(sources.ids == [1, 3, 2])
        _ = try sources.loadMore([2, 4])
        #expect(sources.ids == [1, 3, 2, 4])
        #expect(sources[0].items[2].title == "server")
    }

    @Test func positionsFollowRemovalsAndInsertions() throws {
        var sources = try loadedArticles([1, 2, 3])
        _ = try sources.loadMore([4, 5, 6])
        sources.removeItem(id: 2, source: 0)
        sources.insertItem(Article(id: 7), at: 0, source: 0)
        sources.removeItem(id: 4, source: 0)
        #expect(sources.ids == [7, 1, 3, 5, 6])
        let update = sources.updateItem(Article(id: 5, title: "mine"), source: 0)
        #expect(update?.change == .edited(3..<4))
        #expect(sources.removeItem(id: 6, source: 0)?.change == .removed(4..<5))
    }

    @Test func theEndOfTheListByTotalCountCountsRemovedItems() throws {
        var sources = try loadedArticles([1, 2, 3], totalCount: 6)
        sources.removeItem(id: 2, source: 0)
        let update = try sources.loadMore([4, 5, 6], totalCount: 6)
        #expect(sources.ids == [1, 3, 4, 5, 6])
        #expect(update?.noMoreData == true)
    }

    @Test func editsWithoutAnIdentityStopWithAMessageNamingTheFix() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var sources = RefreshSources<Int>(noMoreTitles: ["only"])
            _ = sources.removeItem(id: 1, source: 0)
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("removeItem(id:source:) edits items by id, but this list has no identity"))
    }

    @Test func aRemovalByAnIdOfAnotherTypeStopsWithAMessageNamingBothTypes() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var sources = RefreshSources<String>(noMoreTitles: ["only"], identity: RefreshItemIdentity(\.self))
            _ = sources.removeItem(id: 1, source: 0)
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("got an id of type Int, but this list's identity reads ids of type String"))
    }

    @Test func aRemovalByAnIntegerOfAnotherWidthFindsTheItem() throws {
        var sources = try loadedArticles([1, 2, 3])
        let update = sources.removeItem(id: Int32(2), source: 0)
        #expect(update?.change == .removed(1..<2))
        #expect(sources.ids == [1, 3])
    }

    @Test func anInsertPositionOutsideTheItemsStops() async {
        await #expect(processExitsWith: .failure) {
            var sources = RefreshSources<Int>(noMoreTitles: ["only"], identity: RefreshItemIdentity(\.self))
            _ = sources.insertItem(1, at: 1, source: 0)
        }
    }

    @MainActor
    @Test func anAdopterSeesEachEditAsAnUpdateAndReloads() {
        let controller = SeedController()
        controller.refreshStatus.identity = RefreshItemIdentity(\.self)
        controller.setupRefreshHeader()
        controller.loadSuccess(RefreshPage(items: ["a", "b", "c"]), for: controller.lastRequest)
        let reloads = controller.list.reloadCount
        controller.removeItem(id: "b")
        controller.insertItem("z", at: 0)
        #expect(controller.currentItems == ["z", "a", "c"])
        #expect(controller.updates.suffix(2).map(\.change) == [.removed(1..<2), .inserted(0..<1)])
        #expect(controller.list.reloadCount == reloads + 2)
        controller.loadMore()
        controller.loadSuccess(RefreshPage(items: ["b", "d"]), for: controller.lastRequest)
        #expect(controller.currentItems == ["z", "a", "c", "d"])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test func theListModelPublishesEachEdit() async {
        let model = RefreshListModel<Article>(noMoreTitles: ["The end"], identity: .id()) { _ in
            RefreshPage(items: articles([1, 2, 3]), hasMore: false)
        }
        model.setUp()
        for _ in 0..<1_000 where model.items.isEmpty { await Task.yield() }
        let items = ChangeRecorder()
        items.track { _ = model.items }
        model.updateItem(Article(id: 1, title: "mine"))
        for _ in 0..<1_000 where items.changes == 0 { await Task.yield() }
        #expect(items.changes == 1)
        model.removeItem(id: 2)
        #expect(model.items.map(\.id) == [1, 3])
        #expect(model.items[0].title == "mine")
        #expect(model.noMoreText == "The end")
    }
}
