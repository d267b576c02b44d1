import Refreshable
import RefreshableTesting
import Testing

/// Pending local items: inserted on this device, kept through loads until an answer brings their id.
@Suite("Pending local items")
struct PendingItemTests {
    /// The user's report: "A message the user just sent disappears when a refresh that was in
    /// flight lands."
    @Test func aSentMessageStaysWhenARefreshInFlightLands() throws {
        var chat = try loadedArticles([1, 2, 3])
        let refresh = try startedRequest(chat.begin(.refresh, source: 0))
        let sent = chat.insertPendingItem(Article(id: 100, title: "hello"), at: 0, source: 0)
        #expect(sent.change == .inserted(0..<1))
        // The refresh was asked for before the message was sent: its answer does not have it.
        let update = appliedUpdate(chat.succeed(refresh, with: RefreshPage(items: articles([4, 1, 2]))))
        #expect(chat.ids == [100, 4, 1, 2], "the sent message is still on screen, at the newest end")
        #expect(chat[0].items[0].title == "hello")
        #expect(chat.isPending(id: 100, source: 0))
        #expect(update?.change == .replaced(count: 4))
        #expect(update?.confirmed == [])
    }

    @Test func theServersCopyReplacesThePendingItemAtTheServersPositionOnce() throws {
        var chat = try loadedArticles([1, 2, 3])
        chat.insertPendingItem(Article(id: 100, title: "sending"), at: 0, source: 0)
        let update = try chat.refresh([5, 100, 1])
        #expect(chat.ids == [5, 100, 1], "one copy, where the server put it")
        #expect(chat[0].items[1].title == "server")
        #expect(!chat.isPending(id: 100, source: 0))
        #expect(update?.confirmed == [0])
        #expect(update?.confirmedCopies == [1], "the row whose content a diffable data source reconfigures")
        #expect(update?.droppedDuplicates == 0, "a confirmation is not a duplicate")
        let difference = try #require(update?.difference)
        // From [100, 1, 2, 3] to [5, 100, 1]: 2 and 3 go, 5 comes; 100 and 1 keep their order.
        #expect(Array(difference.collectionDifference.removals.map(pendingOffset)) == [2, 3])
        #expect(Array(difference.collectionDifference.insertions.map(pendingOffset)) == [0])
        _ = try chat.refresh([5, 100, 1])
        #expect(chat.ids == [5, 100, 1], "once confirmed, it is held as any other item")
    }

    @Test func aLoadMoreThatBringsThePendingIdMovesItToTheServersRow() throws {
        var sources = try loadedArticles([1, 2, 3])
        sources.insertPendingItem(Article(id: 9, title: "mine"), at: 0, source: 0)
        let update = try sources.loadMore([4, 9, 5])
        #expect(sources.ids == [1, 2, 3, 4, 9, 5])
        #expect(update?.confirmed == [0], "the table deletes the pending row")
        #expect(update?.confirmedCopies == [4])
        #expect(update?.change == .appended(3..<6), "and inserts the page's rows, the server's copy among them")
        #expect(update?.droppedDuplicates == 0)
        #expect(sources.pendingItems(source: 0).isEmpty)
    }

    /// The Tasks port: a task just added, ticked while the refresh that confirms it is in flight.
    /// The refresh was asked for before the tick: its copy ends "saving…" but does not untick.
    @Test func anUpdateMadeAfterTheConfirmingRefreshWasAskedForStands() throws {
        var tasks = try loadedArticles([1, 2])
        tasks.insertPendingItem(Article(id: 9, title: "new"), at: 0, source: 0)
        let refresh = try startedRequest(tasks.begin(.refresh, source: 0))
        tasks.updateItem(Article(id: 9, title: "ticked"), source: 0)
        let update = appliedUpdate(tasks.succeed(refresh, with: RefreshPage(items: articles([9, 1, 2]))))
        #expect(tasks.ids == [9, 1, 2], "one row, where the server put it")
        #expect(!tasks.isPending(id: 9, source: 0), "the copy confirms it")
        #expect(tasks[0].items[0].title == "ticked", "the tick, made after the refresh was asked for, stands")
        #expect(update?.confirmed == [0])
        // The edit stands like any other: an answer asked for after it brings the server's copy.
        _ = try tasks.refresh([9, 1, 2])
        #expect(tasks[0].items[0].title == "server")
    }

    @Test func anUpdateMadeAfterTheConfirmingLoadMoreWasAskedForStands() throws {
        var tasks = try loadedArticles([1, 2, 3])
        tasks.insertPendingItem(Article(id: 9, title: "new"), at: 0, source: 0)
        let more = try startedRequest(tasks.begin(.loadMore, source: 0))
        tasks.updateItem(Article(id: 9, title: "ticked"), source: 0)
        let update = appliedUpdate(tasks.succeed(more, with: RefreshPage(items: articles([4, 9]))))
        #expect(tasks.ids == [1, 2, 3, 4, 9])
        #expect(!tasks.isPending(id: 9, source: 0))
        #expect(tasks[0].items[4].title == "ticked")
        #expect(update?.confirmedCopies == [4])
    }

    @Test func anUpdateMadeBeforeTheConfirmingLoadWasAskedForGivesWay() throws {
        var tasks = try loadedArticles([1, 2])
        tasks.insertPendingItem(Article(id: 9, title: "new"), at: 0, source: 0)
        tasks.updateItem(Article(id: 9, title: "ticked"), source: 0)
        _ = try tasks.refresh([9, 1, 2])
        #expect(tasks[0].items[0].title == "server", "the server had the tick when it answered")
        #expect(!tasks.isPending(id: 9, source: 0))
    }

    @Test func pendingItemsStayThroughLoadMoresAndPreviousPages() throws {
        var sources = RefreshSources<Article>(
            noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 2, paging: .cursors), identity: .id())
        let refresh = try startedRequest(sources.begin(.refresh, source: 0))
        _ = sources.succeed(
            refresh, with: RefreshPage(items: articles([3, 4]), nextCursor: "after-4", previousCursor: "before-3"))
        sources.insertPendingItem(Article(id: 100), at: 0, source: 0)
        sources.insertPendingItem(Article(id: 200), at: 3, source: 0)
        #expect(sources.ids == [100, 3, 4, 200])
        let more = try startedRequest(sources.begin(.loadMore, source: 0))
        let appended = appliedUpdate(
            sources.succeed(more, with: RefreshPage(items: articles([5, 6]), nextCursor: "after-6")))
        #expect(sources.ids == [100, 3, 4, 5, 6, 200], "a load-more's rows go before the pending items at the back")
        #expect(appended?.change == .appended(3..<5))
        let previous = try startedRequest(sources.begin(.loadPrevious, source: 0))
        let prepended = appliedUpdate(
            sources.succeed(previous, with: RefreshPage(items: articles([1, 2]), previousCursor: "before-1")))
        #expect(sources.ids == [100, 1, 2, 3, 4, 5, 6, 200], "a previous page's rows go after those at the front")
        #expect(prepended?.change == .prepended(1..<3))
        #expect(sources.pendingItems(source: 0).map(\.id) == [100, 200])
        _ = try sources.refresh([3, 4])
        #expect(sources.ids == [100, 3, 4, 200], "a refresh puts each back at its end")
    }

    @Test func aPositionPicksTheNearestEndAndThePlaceAmongItsPendingItems() throws {
        var sources = try loadedArticles([1, 2, 3, 4, 5])
        #expect(sources.insertPendingItem(Article(id: 10), at: 1, source: 0).change == .inserted(0..<1))
        #expect(sources.insertPendingItem(Article(id: 11), at: 0, source: 0).change == .inserted(0..<1))
        #expect(sources.insertPendingItem(Article(id: 12), at: 4, source: 0).change == .inserted(7..<8))
        #expect(sources.ids == [11, 10, 1, 2, 3, 4, 5, 12])
        // A plain insertion never goes among the pending items.
        #expect(sources.insertItem(Article(id: 20), at: 0, source: 0).change == .inserted(2..<3))
        #expect(sources.ids == [11, 10, 20, 1, 2, 3, 4, 5, 12])
    }

    @Test func removingAPendingItemTakesItAwayForGood() throws {
        var sources = try loadedArticles([1, 2, 3])
        sources.insertPendingItem(Article(id: 9), at: 0, source: 0)
        let removal = sources.removeItem(id: 9, source: 0)
        #expect(removal?.change == .removed(0..<1))
        #expect(!sources.isPending(id: 9, source: 0))
        _ = try sources.refresh([1, 2, 3])
        #expect(sources.ids == [1, 2, 3], "the app gave up sending: the refresh does not bring it back")
    }

    @Test func aPendingItemIsNeverShownTwice() throws {
        var sources = try loadedArticles([1, 2, 3])
        sources.insertPendingItem(Article(id: 9), at: 3, source: 0)
        // A page that holds the id twice: the first copy confirms, the second is a duplicate.
        let update = try sources.loadMore([9, 4, 9])
        #expect(sources.ids == [1, 2, 3, 9, 4])
        #expect(update?.droppedDuplicates == 1)
        #expect(update?.confirmed == [3])
        let again = sources.insertPendingItem(Article(id: 4, title: "again"), at: 0, source: 0)
        #expect(again.change == .edited(4..<5), "a held id is updated, not inserted twice")
        #expect(!sources.isPending(id: 4, source: 0))
    }

    @Test func thePageCapNeverDropsNorCountsAPendingItem() throws {
        var sources = RefreshSources<Article>(
            noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 2, maxPages: 2), identity: .id())
        _ = try sources.refresh([1, 2])
        sources.insertPendingItem(Article(id: 100), at: 0, source: 0)
        sources.insertPendingItem(Article(id: 200), at: 3, source: 0)
        _ = try sources.loadMore([3, 4])
        let capped = try sources.loadMore([5, 6])
        #expect(sources.ids == [100, 3, 4, 5, 6, 200], "the first page went, the pending items stayed")
        #expect(capped?.dropped == 1..<3, "in the list before the page: the rows after the pending one")
        #expect(capped?.change == .appended(3..<5))
        #expect(sources[0].firstLoadedPage == 2)
        let back = try startedRequest(sources.begin(.loadPrevious, source: 0))
        let previous = appliedUpdate(sources.succeed(back, with: RefreshPage(items: articles([1, 2]), curPage: 1)))
        #expect(
            sources.ids == [100, 1, 2, 3, 4, 200], "loading the front back drops the last page, not a pending item")
        #expect(previous?.dropped == 3..<5)
        #expect(previous?.change == .prepended(1..<3))
    }

    @Test func aConfirmationUnderTheCapReportsPositionsBeforeTheDrop() throws {
        var sources = RefreshSources<Article>(
            noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 2, maxPages: 1), identity: .id())
        _ = try sources.refresh([1, 2])
        sources.insertPendingItem(Article(id: 9), at: 2, source: 0)
        let update = try sources.loadMore([9, 3])
        #expect(sources.ids == [9, 3])
        #expect(update?.dropped == 0..<2)
        #expect(update?.confirmed == [2], "where it was before the page's first row went")
        #expect(update?.change == .appended(0..<2))
    }

    @Test func aLoadThatOnlyConfirmsAPendingItemCountsAsProgress() throws {
        var sources = RefreshSources<Article>(
            noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 1, maxLoadsWithoutProgress: 1),
            identity: .id())
        _ = try sources.refresh([1])
        sources.insertPendingItem(Article(id: 2), at: 1, source: 0)
        let update = try sources.loadMore([2])
        #expect(update?.change == .appended(1..<2), "the server's row is new to the list")
        #expect(sources.ids == [1, 2])
    }

    @Test func aPendingItemWithoutAnIdentityStops() async {
        await #expect(processExitsWith: .failure) {
            var sources = RefreshSources<Int>(noMoreTitles: ["only"])
            _ = sources.insertPendingItem(1, at: 0, source: 0)
        }
    }

    @Test func aPendingPositionOutsideTheItemsStops() async {
        await #expect(processExitsWith: .failure) {
            var sources = RefreshSources<Int>(noMoreTitles: ["only"], identity: RefreshItemIdentity(\.self))
            _ = sources.insertPendingItem(1, at: 1, source: 0)
        }
    }

    @MainActor
    @Test func anAdopterKeepsASentMessageThroughARefreshInFlight() {
        let controller = SeedController()
        controller.refreshStatus.identity = RefreshItemIdentity(\.self)
        controller.setupRefreshHeader()
        controller.loadSuccess(RefreshPage(items: ["a", "b"]), for: controller.lastRequest)
        controller.refresh()
        let refresh = controller.lastRequest
        controller.insertPendingItem("sent", at: 0)
        #expect(controller.updates.last?.change == .inserted(0..<1))
        controller.loadSuccess(RefreshPage(items: ["c", "a"]), for: refresh)
        #expect(controller.currentItems == ["sent", "c", "a"])
        #expect(controller.isPending(id: "sent"))
        controller.refresh()
        controller.loadSuccess(RefreshPage(items: ["sent", "c"]), for: controller.lastRequest)
        #expect(controller.currentItems == ["sent", "c"])
        #expect(!controller.isPending(id: "sent"))
    }

    /// From a chat screen's port: after a relaunch the app sends again what is still pending, and
    /// only the state alone (`RefreshSources`) could list it; each front door now does.
    @MainActor
    @Test func eachFrontDoorListsThePendingMessagesToSendAgainAfterARestore() throws {
        let chat = SeedController()
        chat.refreshStatus.identity = RefreshItemIdentity(\.self)
        chat.setupRefreshHeader()
        chat.loadSuccess(RefreshPage(items: ["a", "b"], hasMore: true), for: chat.lastRequest)
        chat.insertPendingItem("sent", at: 0)
        chat.insertPendingItem("queued", at: 3)
        #expect(chat.pendingItems() == ["sent", "queued"])
        let saved = chat.refreshStatus.snapshot()

        let relaunched = SeedController()
        relaunched.refreshStatus.identity = RefreshItemIdentity(\.self)
        try relaunched.refreshStatus.restore(from: saved)
        #expect(relaunched.refreshStatus.pendingItems(source: 0) == ["sent", "queued"])
        #expect(relaunched.pendingItems() == ["sent", "queued"])
        #expect(relaunched.pendingItems(source: 0) == ["sent", "queued"])
        relaunched.setupRefreshHeader()
        relaunched.loadSuccess(RefreshPage(items: ["sent", "a"], hasMore: true), for: relaunched.lastRequest)
        #expect(relaunched.pendingItems() == ["queued"], "a confirmed message is still listed to send again")
    }

    @MainActor
    @Test func aListWithoutAnIdentityHasNoPendingItems() {
        let controller = SeedController()
        controller.setupRefreshHeader()
        controller.loadSuccess(RefreshPage(items: ["a"], hasMore: true), for: controller.lastRequest)
        #expect(controller.pendingItems().isEmpty)
        #expect(controller.refreshStatus.pendingItems(source: 0).isEmpty)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test func theListModelListsThePendingMessagesOfItsCurrentSource() async throws {
        let server = PendingChatServer()
        let model = RefreshListModel<Article>(noMoreTitles: ["A", "B"], identity: .id()) { _ in await server.page() }
        await model.refresh()
        model.insertPendingItem(Article(id: 100, title: "hello"), at: 0)
        #expect(model.pendingItems().map(\.id) == [100])
        let relaunched = RefreshListModel<Article>(noMoreTitles: ["A", "B"], identity: .id()) { _ in
            await server.page()
        }
        try relaunched.restore(from: model.snapshot())
        #expect(relaunched.pendingItems().map(\.id) == [100])
        relaunched.switchSource(to: 1)
        #expect(relaunched.pendingItems().isEmpty, "another source's pending messages were listed")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test func theListModelKeepsASentMessageThroughARefreshInFlight() async {
        let server = PendingChatServer()
        let model = RefreshListModel<Article>(noMoreTitles: ["The end"], identity: .id()) { _ in
            await server.page()
        }
        await model.refresh()
        #expect(model.items.map(\.id) == [1, 2])
        await server.hold()
        let refreshing = Task { await model.refresh() }
        for _ in 0..<1_000 where !model.isRefreshing { await Task.yield() }
        model.insertPendingItem(Article(id: 100, title: "hello"), at: 0)
        #expect(model.isPending(id: 100))
        await server.release()
        await refreshing.value
        #expect(model.items.map(\.id) == [100, 1, 2])
        #expect(model.isPending(id: 100))
        await server.confirm(100)
        await model.refresh()
        #expect(model.items.map(\.id) == [100, 1, 2])
        #expect(!model.isPending(id: 100))
    }
}

/// A change's offset: in the old list for a removal, in the new one for an insertion.
private func pendingOffset(_ change: RefreshItemDifference.Change) -> Int {
    switch change {
    case .insert(let offset, _, _), .remove(let offset, _, _): offset
    }
}

/// A chat server whose answer can be held back, and that learns of messages sent.
private actor PendingChatServer {
    private var ids = [1, 2]
    private var gate: CheckedContinuation<Void, Never>?
    private var holding = false

    func page() async -> RefreshPage<Article> {
        let answer = articles(ids)
        if holding {
            await withCheckedContinuation { gate = $0 }
        }
        return RefreshPage(items: answer, hasMore: false)
    }

    func hold() { holding = true }

    func release() {
        holding = false
        gate?.resume()
        gate = nil
    }

    func confirm(_ id: Int) { ids.insert(id, at: 0) }
}
