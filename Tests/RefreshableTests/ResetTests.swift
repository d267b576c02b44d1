import Refreshable
import RefreshableTesting
import Testing

/// A search: the query the loader reads, and a list model over the kit's loader with cursor paging
/// and an identity, as a search screen makes it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
private final class SearchRig {
    let loader = TestPageLoader(makeItem: { $0 })
    var query = "lamp"
    /// The query each load asked with, by the load's id.
    private(set) var queries: [Int: String] = [:]
    private(set) var model: RefreshListModel<TestItem>!

    static let policy = RefreshPolicy(pageSize: 3, paging: .cursors)

    init() {
        model = RefreshListModel(
            noMoreTitles: ["No more results"], policy: Self.policy, identity: RefreshItemIdentity(\.id)
        ) {
            [unowned self] request in
            queries[loader.loads.count] = query  // the id the load is about to get
            return try await loader.load(cursor: request.cursor)
        }
    }

    /// The load the model asks for next, once it reached the loader.
    func nextLoad(after count: Int) async throws -> TestLoad {
        #expect(await loader.waitForLoads(count: count + 1))
        return try #require(loader.loads.dropFirst(count).first)
    }

    /// The query a load asked with.
    func query(of load: TestLoad) -> String? { queries[load.id] }

    /// Sets the list up and lands the first page of "lamp" (three rows, more to come), then asks
    /// for its second page, which stays in flight.
    /// - Returns: The second page's load and the first page's items.
    func lampWithPageTwoInFlight() async throws -> (pageTwo: TestLoad, firstPage: [TestItem]) {
        model.setUp()
        let first = try await nextLoad(after: 0)
        let (page, items) = loader.makePage(for: first, itemCount: 3, nextCursor: "lamp-2")
        loader.answer(first, with: page)
        await loader.settle()
        model.loadMore()
        let pageTwo = try await nextLoad(after: 1)
        #expect(pageTwo.cursor == "lamp-2")
        return (pageTwo, items)
    }
}

/// Changing the query or filter: `reset()` empties the list, keeps what is code (policy,
/// identity, end-of-list texts), and asks for the new query's first page; nothing the old query
/// asked for lands (see the Rules article, "Replacing the state").
@MainActor
@Suite("Resetting for a new query", .timeLimit(.minutes(1)))
struct ResetTests {
    // MARK: The state machine

    @Test func resettingTheSourcesKeepsThePolicyTheIdentityAndTheEndOfListTexts() throws {
        let policy = RefreshPolicy(pageSize: 2, firstPage: 0, paging: .cursors)
        let identity = RefreshItemIdentity<String>(\.self)
        var sources = RefreshSources<String>(
            noMoreTitles: ["No more A", "No more B"], policy: policy, identity: identity)
        let request = try started(sources.begin(.refresh, source: 1))
        _ = sources.succeed(request, with: RefreshPage(items: ["a", "b"], nextCursor: "c2"))
        #expect(sources[1].hasLoaded)

        sources.reset()

        #expect(sources.policy == policy)
        #expect(sources.identity == identity)
        #expect(sources.map(\.noMoreTitle) == ["No more A", "No more B"])
        #expect(sources.allSatisfy { !$0.hasLoaded && $0.items.isEmpty && $0.failure == nil && $0.nextCursor == nil })
        #expect(sources[1].page == policy.firstPage - 1)
    }

    @Test func anAnswerToARequestAskedBeforeTheResetIsDiscarded() throws {
        var sources = RefreshSources<String>(noMoreTitles: ["The end"])
        let old = try started(sources.begin(.refresh, source: 0))
        sources.reset()
        #expect(!sources.isInFlight(old))
        #expect(sources.succeed(old, with: RefreshPage(items: ["stale"], hasMore: false)) == .discarded(old))
        #expect(sources[0].items.isEmpty)
        let new = try started(sources.begin(.refresh, source: 0))
        #expect(new != old)
    }

    @Test func aResetDropsPendingItemsAndFailures() throws {
        var sources = RefreshSources<String>(noMoreTitles: ["The end"], identity: RefreshItemIdentity(\.self))
        let request = try started(sources.begin(.refresh, source: 0))
        _ = sources.fail(request, error: ServerError(code: 500))
        _ = sources.insertPendingItem("draft", at: 0, source: 0)
        sources.reset()
        #expect(sources[0].failure == nil)
        #expect(sources[0].items.isEmpty)
        #expect(sources.pendingItems(source: 0).isEmpty)
    }

    // MARK: A list model

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aLateAnswerToTheOldQueryNeverLandsAfterAReset() async throws {
        let rig = SearchRig()
        let (pageTwo, _) = try await rig.lampWithPageTwoInFlight()
        rig.query = "lamps"
        rig.model.reset()
        let lamps = try await rig.nextLoad(after: 2)
        #expect(rig.query(of: lamps) == "lamps")
        #expect(rig.model.items.isEmpty)
        #expect(rig.model.isRefreshing)

        // "lamp"'s second page comes late, then "lamps"'s first.
        rig.loader.answer(
            pageTwo,
            with: RefreshPage(items: [TestItem(source: 0, page: 2, index: 0, response: 99)], nextCursor: "lamp-3"))
        await rig.loader.settle()
        #expect(rig.model.items.isEmpty)
        let (page, fresh) = rig.loader.makePage(for: lamps, itemCount: 2, nextCursor: nil)
        rig.loader.answer(lamps, with: page)
        await rig.loader.settle()
        #expect(Array(rig.model.items) == fresh)
        #expect(rig.model.noMoreText == "No more results")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aResetAsksForTheFirstPageAgainWithTheSamePolicyAndIdentity() async throws {
        let rig = SearchRig()
        let (pageTwo, lampItems) = try await rig.lampWithPageTwoInFlight()
        rig.model.reset()
        let again = try await rig.nextLoad(after: 2)
        #expect(again.kind == .refresh && again.cursor == nil)
        #expect(rig.loader.outcomes[pageTwo.id] == .cancelled)
        #expect(rig.model.refreshStatus.policy == SearchRig.policy)
        #expect(rig.model.refreshStatus.identity != nil)
        // Cursors still page the list, and the identity still keeps each item once.
        let (page, items) = rig.loader.makePage(
            for: again, itemCount: 3, copies: [lampItems[0], lampItems[0]], nextCursor: "n2")
        rig.loader.answer(again, with: page)
        await rig.loader.settle()
        #expect(rig.model.items.count == 2)
        #expect(Array(rig.model.items) == [items[0], items[2]])
        rig.model.loadMore()
        let next = try await rig.nextLoad(after: 3)
        #expect(next.kind == .loadMore && next.cursor == "n2")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func anAwaitedPullReturnsWhenTheQueryIsReset() async throws {
        let rig = SearchRig()
        _ = try await rig.lampWithPageTwoInFlight()
        let model = rig.model!
        let pull = Task { await model.refresh() }
        let pulled = try await rig.nextLoad(after: 2)
        #expect(pulled.kind == .refresh)
        model.reset()
        await pull.value
        let again = try await rig.nextLoad(after: 3)
        #expect(again.kind == .refresh)
        #expect(!rig.loader.isPending(pulled))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aResetBeforeTheListIsOnScreenLoadsNothingUntilItIsSetUp() async throws {
        let rig = SearchRig()
        rig.query = "chair"
        rig.model.reset()
        await rig.loader.settle()
        #expect(rig.loader.loads.isEmpty)
        rig.model.setUp()
        let first = try await rig.nextLoad(after: 0)
        #expect(rig.query(of: first) == "chair")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aResetClearsTheOldQuerysFailedFirstPage() async throws {
        let rig = SearchRig()
        rig.model.setUp()
        let first = try await rig.nextLoad(after: 0)
        rig.loader.fail(first)
        await rig.loader.settle()
        #expect(rig.model.placeholder != nil)
        rig.model.reset()
        #expect(rig.model.placeholder == nil)
        let again = try await rig.nextLoad(after: 1)
        #expect(again.kind == .refresh)
    }

    // MARK: A Refreshable adopter

    @Test func anAdopterHearsOfTheEmptyListAndAsksForTheFirstPageAgain() throws {
        let controller = SeedController()
        controller.setupRefreshHeader()
        let first = controller.lastRequest
        controller.answer(first, count: 3, hasMore: true)
        controller.loadMore()
        let pageTwo = controller.lastRequest
        #expect(pageTwo.kind == .loadMore)

        controller.reset()

        #expect(controller.updates.last?.change == .reset)
        #expect(controller.currentItems.isEmpty)
        let again = controller.lastRequest
        #expect(again.kind == .refresh && again != first)
        #expect(controller.refreshStatus[0].noMoreTitle == "No more orders")
        #expect(controller.refreshStatus.policy.pageSize == 3)
        controller.answer(pageTwo, count: 3)  // the old list's late page
        #expect(controller.currentItems.isEmpty)
        #expect(controller.discarded.contains(pageTwo))
        controller.answer(again, count: 2, hasMore: false)
        #expect(controller.currentItems.count == 2)
    }

    @Test func aViewModelsPublishedStatusesShowTheNewQueryLoadingAndItsOldRequestIsCancelled() {
        let list = CallbackList(titles: ["The end"], publishesStatuses: true)
        list.setupRefreshHeader()
        list.answer(list.requests[0])
        list.loadMore()
        let pageTwo = list.requests[1]
        #expect(list.output.refreshStatus.appearance.footer == .refreshing)

        list.refreshStatus.reset()  // a view model resets its runtime

        let appearance = list.output.refreshStatus.appearance
        #expect(appearance.header == .refreshing)
        #expect(appearance.footer != .refreshing)
        #expect(list.cancelled == [pageTwo], "the callback-style request is no longer wanted")
        #expect(list.requests.count == 3 && list.requests[2].kind == .refresh)
        list.answer(pageTwo)
        #expect(list.currentItems.isEmpty)
    }

    @Test func aRuntimeResetOfAListNotSetUpStartsNothing() {
        let controller = SeedController()
        controller.refreshStatus.reset()
        #expect(controller.requests.isEmpty)
        controller.setupRefreshHeader()
        #expect(controller.requests.count == 1)
    }
}
