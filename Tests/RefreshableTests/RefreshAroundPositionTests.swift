import Refreshable
import RefreshableTesting
import Testing

/// Refresh around the position (`RefreshPolicy.refreshesAroundPosition`): a capped list scrolled
/// deep refreshes the page the user is on, then loads outward, instead of reloading page 1 and
/// losing the user's place (see the Rules article, rule A).
@MainActor
@Suite("Refresh around the position")
struct RefreshAroundPositionTests {
    private let aroundPolicy = RefreshPolicy(pageSize: 3, maxPages: 3, refreshesAroundPosition: true)

    /// A callback-style controller whose list loaded pages 1 to `deepest` by load-more: it holds
    /// the last three (the cap dropped the others from the front).
    private func scrolledDeep(
        to deepest: Int = 8,
        policy: RefreshPolicy? = nil
    ) -> SeedController {
        let controller = SeedController(policy: policy ?? aroundPolicy)
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest)
        for _ in 2...deepest {
            controller.loadMore()
            controller.answer(controller.lastRequest, hasMore: true)
        }
        return controller
    }

    /// The user's problem: a capped list scrolled deep, a refresh, and the rows around the
    /// position are what shows, not page 1.
    @Test func aCappedListScrolledDeepRefreshesThePageTheUserIsOnAndLoadsOutward() {
        let controller = scrolledDeep()
        let state = controller.refreshStatus[0]
        #expect(state.firstLoadedPage == 6)
        #expect(state.items == RefreshItems(items(source: 0, from: 16, count: 9)))
        // The user reads the middle page (page 7: rows 3 to 5 of the held items).
        controller.rowDidAppear(at: 4)

        controller.refresh()
        let refresh = controller.lastRequest
        #expect(refresh.kind == .refresh)
        #expect(refresh.page == 7, "the page the user is on, not page 1")
        controller.answer(refresh, hasMore: true)

        // The page lands, then the list loads outward: the page above and the page below.
        let outward = controller.requests.suffix(2)
        #expect(outward.map(\.kind) == [.loadPrevious, .loadMore])
        #expect(outward.map(\.page) == [6, 8])
        for request in outward {
            controller.answer(request, hasMore: true)
        }
        #expect(controller.refreshStatus[0].items == RefreshItems(items(source: 0, from: 16, count: 9)))
        #expect(controller.refreshStatus[0].firstLoadedPage == 6)
        #expect(!controller.refreshStatus[0].noPreviousData, "pages 1 to 5 are still above")
        #expect(controller.list.messages.isEmpty)
    }

    /// A view model keeps its list in a runtime and publishes statuses: its rows report through
    /// the runtime, and the refresh its output's header asks for goes around them.
    @Test func aViewModelsRuntimeRefreshesAroundTheRowItWasTold() {
        let list = CallbackList(titles: ["The end"], policy: aroundPolicy, publishesStatuses: true)
        list.answersAtOnce = true
        list.setupRefreshHeader()
        for _ in 2...6 {
            list.loadMore()
        }
        #expect(list.refreshStatus[0].firstLoadedPage == 4)
        list.refreshStatus.rowDidAppear(at: 7, source: 0)
        list.answersAtOnce = false
        list.refresh()
        #expect(list.requests.last?.kind == .refresh)
        #expect(list.requests.last?.page == 6)
        #expect(list.output.refreshStatus.value == .beginHeaderRefresh)
    }

    @Test func withoutTheSettingARefreshLoadsTheFirstPage() {
        let controller = scrolledDeep(policy: RefreshPolicy(pageSize: 3, maxPages: 3))
        controller.rowDidAppear(at: 4)
        controller.refresh()
        #expect(controller.lastRequest.page == 1)
    }

    @Test func aRowOnTheListsFirstPageRefreshesTheFirstPage() {
        let controller = SeedController(policy: aroundPolicy)
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest)
        controller.loadMore()
        controller.answer(controller.lastRequest, hasMore: true)
        controller.rowDidAppear(at: 4)
        controller.rowDidAppear(at: 1)
        controller.refresh()
        #expect(controller.lastRequest.page == 1)
    }

    @Test func thePullOnTheHeaderRefreshesAroundThePositionWithoutAppCode() {
        let controller = scrolledDeep()
        controller.rowDidAppear(at: 7)
        controller.header.pull()
        controller.mainQueue.drain()
        #expect(controller.lastRequest.kind == .refresh)
        #expect(controller.lastRequest.page == 8)
        controller.answer(controller.lastRequest, hasMore: false)
        // The last page of the list: only the page above loads outward.
        #expect(controller.lastRequest.kind == .loadPrevious)
        #expect(controller.lastRequest.page == 7)
        #expect(controller.refreshStatus[0].noMoreData)
    }

    /// The page the user was on is gone (the list shrank): the answer is empty, and the list loads
    /// its first page at once, in the same pull, rather than showing an empty list.
    @Test func anEmptyAnswerAroundThePositionFallsBackToTheFirstPageAtOnce() {
        let controller = scrolledDeep()
        controller.rowDidAppear(at: 4)
        controller.refresh()
        let around = controller.lastRequest
        controller.answer(around, count: 0)
        let fallback = controller.lastRequest
        #expect(fallback != around)
        #expect(fallback.kind == .refresh)
        #expect(fallback.page == 1)
        #expect(controller.refreshStatus[0].isRefreshing)
        #expect(controller.list.messages.isEmpty, "the fallback shows no failure")
        #expect(controller.refreshStatus[0].items.count == 9, "the old rows stay meanwhile")
        controller.answer(fallback, hasMore: true)
        #expect(controller.refreshStatus[0].items == RefreshItems(items(source: 0, from: 1, count: 3)))
        #expect(controller.refreshStatus[0].failure == nil)
    }

    /// A cursor the server no longer knows fails the load: the list loads its first page at once.
    @Test func aFailedRefreshAroundThePositionFallsBackToTheFirstPageAtOnce() {
        let controller = scrolledDeep()
        controller.rowDidAppear(at: 4)
        controller.refresh()
        controller.answer(controller.lastRequest, error: ServerError(code: 410))
        #expect(controller.lastRequest.kind == .refresh)
        #expect(controller.lastRequest.page == 1)
        #expect(controller.list.messages.isEmpty)
        // The fallback failing shows as any failed refresh, and the next refresh asks page 1.
        controller.answer(controller.lastRequest, error: ServerError(code: 500))
        #expect(controller.list.messages.count == 1)
        controller.refresh()
        #expect(controller.lastRequest.page == 1)
    }

    @Test func aCancelledRefreshAroundThePositionKeepsThePosition() {
        let controller = scrolledDeep()
        controller.rowDidAppear(at: 4)
        controller.refresh()
        let count = controller.requests.count
        controller.cancelLoading()
        #expect(controller.requests.count == count, "a cancellation loads nothing in its place")
        controller.refresh()
        #expect(controller.lastRequest.page == 7)
    }

    @Test func outwardLoadsStopWhereTheCapHasNoRoom() {
        let controller = scrolledDeep(policy: RefreshPolicy(pageSize: 3, maxPages: 2, refreshesAroundPosition: true))
        controller.rowDidAppear(at: 1)
        controller.refresh()
        #expect(controller.lastRequest.page == 7)
        let count = controller.requests.count
        controller.answer(controller.lastRequest, hasMore: true)
        #expect(controller.requests.count == count + 1)
        #expect(controller.lastRequest.kind == .loadPrevious)
    }

    // MARK: The state machine

    /// Under cursors the held pages remember the cursor that loaded them: the refresh asks with it.
    @Test func underCursorsARefreshAsksWithTheCursorThatLoadedThePage() throws {
        var sources = RefreshSources<String>(
            noMoreTitles: [""],
            policy: RefreshPolicy(pageSize: 2, paging: .cursors, maxPages: 2, refreshesAroundPosition: true))
        var request = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(request, with: RefreshPage(items: ["a", "b"], nextCursor: "c2"))
        for page in 2...4 {
            request = try started(sources.begin(.loadMore, source: 0))
            #expect(request.cursor == "c\(page)")
            _ = sources.succeed(
                request,
                with: RefreshPage(
                    items: ["p\(page)a", "p\(page)b"], nextCursor: "c\(page + 1)", previousCursor: "b\(page)"))
        }
        #expect(sources[0].items == ["p3a", "p3b", "p4a", "p4b"])
        sources.rowDidAppear(at: 1, source: 0)
        let refresh = try started(sources.begin(.refresh, source: 0))
        #expect(refresh.page == 3)
        #expect(refresh.cursor == "c3", "the cursor that loaded page 3")
        let update = applied(
            sources.succeed(refresh, with: RefreshPage(items: ["p3a", "p3b"], nextCursor: "c4", previousCursor: "b3")))
        #expect(update?.change == .replaced(count: 2))
        #expect(sources[0].previousCursor == "b3")
        #expect(!sources[0].noPreviousData)
        #expect(sources[0].nextCursor == "c4")
        // A page loaded above it is refreshed with the next cursor it came with.
        let above = try started(sources.begin(.loadPrevious, source: 0))
        _ = sources.succeed(above, with: RefreshPage(items: ["p2a", "p2b"], nextCursor: "c3", previousCursor: "b2"))
        sources.rowDidAppear(at: 3, source: 0)
        #expect(try started(sources.begin(.refresh, source: 0)).cursor == "c3")
    }

    /// A server without previous cursors: the refreshed page starts the list, as far as it can tell.
    @Test func underCursorsAnAnswerWithoutAPreviousCursorEndsTheStart() throws {
        var sources = RefreshSources<String>(
            noMoreTitles: [""],
            policy: RefreshPolicy(pageSize: 2, paging: .cursors, maxPages: 2, refreshesAroundPosition: true))
        var request = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(request, with: RefreshPage(items: ["a", "b"], nextCursor: "c2"))
        for page in 2...3 {
            request = try started(sources.begin(.loadMore, source: 0))
            _ = sources.succeed(
                request, with: RefreshPage(items: ["p\(page)a", "p\(page)b"], nextCursor: "c\(page + 1)"))
        }
        sources.rowDidAppear(at: 3, source: 0)
        let refresh = try started(sources.begin(.refresh, source: 0))
        #expect(refresh.cursor == "c3")
        _ = sources.succeed(refresh, with: RefreshPage(items: ["p3a", "p3b"], nextCursor: "c4"))
        #expect(sources[0].noPreviousData)
    }

    @Test func anEmptyAnswerAroundThePositionIsRefusedAndTheNextRefreshAsksTheFirstPage() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: aroundPolicy)
        var request = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(request, with: RefreshPage(items: ["1a", "1b", "1c"], hasMore: true))
        for page in 2...5 {
            request = try started(sources.begin(.loadMore, source: 0))
            _ = sources.succeed(request, with: RefreshPage(items: ["\(page)a", "\(page)b", "\(page)c"], hasMore: true))
        }
        sources.rowDidAppear(at: 4, source: 0)
        let around = try started(sources.begin(.refresh, source: 0))
        #expect(around.page == 4)
        let settlement = sources.succeed(around, with: RefreshPage(items: [], hasMore: false))
        #expect(
            settlement == .failed(RefreshFailure(request: around, reason: .invalidResponse(.positionGone(page: 4)))))
        #expect(sources[0].items.count == 9, "the rows stay")
        #expect(try started(sources.begin(.refresh, source: 0)).page == 1)
    }

    /// The user's report: a chat scrolled deep refreshed the wrong page while messages were
    /// sending. Pending items belong to no page: the row on screen is counted from the first row
    /// that is not pending, and a pending row on screen moves the position nowhere.
    @Test func pendingRowsAtTheFrontAreNoPageRowsForThePosition() throws {
        var chat = RefreshSources<Article>(noMoreTitles: [""], policy: aroundPolicy, identity: .id())
        var request = try started(chat.begin(.refresh, source: 0))
        _ = chat.succeed(request, with: RefreshPage(items: articles([1, 2, 3]), hasMore: true))
        for page in 2...5 {
            request = try started(chat.begin(.loadMore, source: 0))
            let ids = (0..<3).map { page * 10 + $0 }
            _ = chat.succeed(request, with: RefreshPage(items: articles(ids), hasMore: true))
        }
        #expect(chat[0].firstLoadedPage == 3, "pages 3 to 5 are held")
        for id in 100..<103 {
            chat.insertPendingItem(Article(id: id, title: "sending"), at: 0, source: 0)
        }
        #expect(chat[0].items.map(\.id).prefix(4) == [102, 101, 100, 30])
        // Row 3 is page 3's first row, the first after the three sending messages.
        chat.rowDidAppear(at: 3, source: 0)
        #expect(try started(chat.begin(.refresh, source: 0)).page == 3, "the page of the row on screen")
        _ = chat.cancel(source: 0)

        // The user reads page 5, then scrolls up to the sending messages: the position stays.
        chat.rowDidAppear(at: 10, source: 0)
        chat.rowDidAppear(at: 1, source: 0)
        #expect(try started(chat.begin(.refresh, source: 0)).page == 5, "a pending row moved the position")
    }

    /// A server whose total counts the items before the page: the list ends where the total says.
    @Test func theTotalCountCountsThePagesBeforeThePosition() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: aroundPolicy)
        var request = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(request, with: RefreshPage(items: ["1a", "1b", "1c"], totalCount: 15))
        for page in 2...5 {
            request = try started(sources.begin(.loadMore, source: 0))
            _ = sources.succeed(
                request, with: RefreshPage(items: ["\(page)a", "\(page)b", "\(page)c"], totalCount: 15))
        }
        sources.rowDidAppear(at: 4, source: 0)
        let around = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(around, with: RefreshPage(items: ["4a", "4b", "4c"], totalCount: 12))
        #expect(sources[0].noMoreData, "3 pages before page 4 and its own make the 12 items")
        #expect(sources[0].firstLoadedPage == 4)
    }
}

/// The SwiftUI front door: rows report themselves, and `.refreshable` refreshes around them.
@MainActor
@Suite("Refresh around the position in a list model")
struct ListModelRefreshAroundPositionTests {
    @Test func aRowThatCameOnScreenIsWhereThePullRefreshes() async {
        let loader = TestPageLoader<String>()
        let model = RefreshListModel<String>(
            noMoreTitles: [""], policy: RefreshPolicy(pageSize: 3, maxPages: 3, refreshesAroundPosition: true)
        ) { request in
            try await loader.load(request)
        }
        model.setUp()
        await loader.settle { loader.pending.count == 1 }
        for page in 1...6 {
            guard let load = loader.pending.last else {
                Issue.record("no load pending")
                return
            }
            #expect(load.page == page)
            loader.answer(load, itemCount: 3, hasMore: true)
            await loader.settle()
            if page < 6 {
                model.loadMore()
                await loader.settle { loader.pending.count == 1 }
            }
        }
        #expect(model.refreshStatus[0].firstLoadedPage == 4)
        model.itemDidAppear(at: 4)
        let refresh = Task { await model.refresh() }
        await loader.settle { loader.pending.count == 1 }
        #expect(loader.pending.last?.request?.page == 5)
        #expect(loader.pending.last?.kind == .refresh)
        if let load = loader.pending.last {
            loader.answer(load, itemCount: 3, hasMore: true)
        }
        await refresh.value
        await loader.settle { loader.pending.count == 2 }
        #expect(loader.pendingRequests.map(\.page).sorted() == [4, 6])
        #expect(model.refreshStatus[0].firstLoadedPage == 5)
    }
}

/// The form of `itemDidAppear` that `RefreshList`, `.refreshListRow` and a row's `.onAppear`
/// use: it finds the row through the id index, wherever it is in the list.
@MainActor
@Suite("Refresh around the position by item")
struct ListModelItemPositionTests {
    /// A list model of five capped pages of three rows, scrolled deep by load-more to page
    /// `deepest`: it holds pages `deepest - 4` to `deepest`.
    private func scrolledDeep(to deepest: Int) async -> (RefreshListModel<TestItem>, TestPageLoader<TestItem>) {
        let loader = TestPageLoader<TestItem>()
        let model = RefreshListModel<TestItem>(
            noMoreTitles: [""],
            policy: RefreshPolicy(pageSize: 3, maxPages: 5, refreshesAroundPosition: true),
            identity: .id()
        ) { try await loader.load($0) }
        model.setUp()
        await loader.waitUntil(limit: 1_000) { loader.pending.count == 1 }
        for page in 1...deepest {
            guard let load = loader.pending.last else { break }
            loader.answer(load, itemCount: 3, hasMore: true)
            await loader.settle()
            if page < deepest {
                model.loadMore()
                await loader.waitUntil(limit: 1_000) { loader.pending.count == 1 }
            }
        }
        return (model, loader)
    }

    @Test func aRowInTheMiddleOfADeepCappedListIsWhereThePullRefreshes() async {
        let (model, loader) = await scrolledDeep(to: 10)
        #expect(model.refreshStatus[0].firstLoadedPage == 6)
        #expect(model.items.count == 15)
        // The user scrolled to the end, then back up to the middle page (page 8: rows 6 to 8).
        model.itemDidAppear(model.items[14])
        await loader.waitUntil(limit: 1_000) { loader.pending.count == 1 }
        if let more = loader.pending.last {
            loader.fail(more)
            await loader.settle()
        }
        model.itemDidAppear(model.items[7])

        let refresh = Task { await model.refresh() }
        await loader.waitUntil(limit: 1_000) { loader.pending.count == 1 }
        #expect(loader.pending.last?.kind == .refresh)
        #expect(loader.pending.last?.request?.page == 8, "the page of the row on screen, not page 1 nor the last")
        if let load = loader.pending.last {
            loader.answer(load, itemCount: 3, hasMore: true)
        }
        await refresh.value
    }
}
