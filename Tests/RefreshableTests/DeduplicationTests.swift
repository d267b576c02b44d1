import Refreshable
import Testing

/// An item with a server id and a title that tells copies of one item apart.
struct Article: Identifiable, Sendable, Equatable {
    var id: Int
    var title = "server"
}

/// Articles with the given ids and title.
func articles(_ ids: [Int], title: String = "server") -> [Article] {
    ids.map { Article(id: $0, title: title) }
}

/// Sources of `Article` with one loaded page `first`, page size 3.
func loadedArticles(
    _ first: [Int],
    identity: RefreshItemIdentity<Article>? = .id(),
    totalCount: Int? = nil
) throws -> RefreshSources<Article> {
    var sources = RefreshSources<Article>(
        noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 3), identity: identity)
    let refresh = try startedRequest(sources.begin(.refresh, source: 0))
    _ = sources.succeed(refresh, with: RefreshPage(items: articles(first), totalCount: totalCount))
    return sources
}

func startedRequest(_ outcome: RefreshBegin) throws -> RefreshRequest {
    guard case .started(let request, _) = outcome else {
        Issue.record("expected a started load, got \(outcome)")
        throw ServerError(code: -1)
    }
    return request
}

func appliedUpdate(_ settlement: RefreshSettlement) -> RefreshUpdate? {
    guard case .applied(let update) = settlement else {
        Issue.record("expected an applied page, got \(settlement)")
        return nil
    }
    return update
}

extension RefreshSources where Item == Article {
    /// Loads the next page of source 0 with these ids and returns the update.
    mutating func loadMore(_ ids: [Int], title: String = "server", totalCount: Int? = nil) throws -> RefreshUpdate? {
        let request = try startedRequest(begin(.loadMore, source: 0))
        return appliedUpdate(
            succeed(request, with: RefreshPage(items: articles(ids, title: title), totalCount: totalCount)))
    }

    /// Refreshes source 0 with these ids and returns the update.
    mutating func refresh(_ ids: [Int], title: String = "server") throws -> RefreshUpdate? {
        let request = try startedRequest(begin(.refresh, source: 0))
        return appliedUpdate(succeed(request, with: RefreshPage(items: articles(ids, title: title))))
    }

    var ids: [Int] { self[0].items.map(\.id) }
}

@Suite("De-duplication by id")
struct DeduplicationTests {
    @Test func withoutAnIdentityEveryItemIsKept() throws {
        var sources = try loadedArticles([1, 2, 3], identity: nil)
        let update = try sources.loadMore([3, 4, 5])
        #expect(sources.ids == [1, 2, 3, 3, 4, 5])
        #expect(update?.droppedDuplicates == 0)
    }

    @Test func anItemHeldAlreadyIsNotAppendedAgainAndIsCounted() throws {
        var sources = try loadedArticles([1, 2, 3])
        let update = try sources.loadMore([3, 4, 5], title: "newer")
        #expect(sources.ids == [1, 2, 3, 4, 5])
        #expect(update?.change == .appended(3..<5))
        #expect(update?.droppedDuplicates == 1)
        #expect(update?.replacedInPlace == [])
        #expect(sources[0].items[2].title == "server", "the held copy stays")
    }

    @Test func takeNewerPutsThePagesCopyInTheHeldPlace() throws {
        var sources = try loadedArticles([1, 2, 3], identity: .id(duplicates: .takeNewer))
        let update = try sources.loadMore([2, 3, 4], title: "newer")
        #expect(sources.ids == [1, 2, 3, 4])
        #expect(sources[0].items.map(\.title) == ["server", "newer", "newer", "newer"])
        #expect(update?.change == .appended(3..<4))
        #expect(update?.replacedInPlace == [1..<3])
        #expect(update?.droppedDuplicates == 2)
    }

    @Test func duplicatesWithinOnePageAreDroppedToo() throws {
        var sources = try loadedArticles([1, 1, 2])
        #expect(sources.ids == [1, 2])
        let update = try sources.loadMore([4, 4, 5])
        #expect(sources.ids == [1, 2, 4, 5])
        #expect(update?.droppedDuplicates == 1)
    }

    @Test func aRefreshStartsOverSoItsItemsAreNoDuplicates() throws {
        var sources = try loadedArticles([1, 2, 3])
        _ = try sources.loadMore([4, 5, 6])
        let update = try sources.refresh([1, 2, 3], title: "fresh")
        #expect(sources.ids == [1, 2, 3])
        #expect(update?.change == .replaced(count: 3))
        #expect(update?.droppedDuplicates == 0)
        #expect(sources[0].items.allSatisfy { $0.title == "fresh" })
        _ = try sources.loadMore([3, 4, 5])
        #expect(sources.ids == [1, 2, 3, 4, 5], "ids held before the refresh are forgotten, those after it kept")
    }

    @Test func aDuplicateOnThePageThatEndsTheListStillEndsIt() throws {
        var sources = try loadedArticles([1, 2, 3], totalCount: 6)
        let update = try sources.loadMore([3, 4, 5], totalCount: 6)
        #expect(sources.ids == [1, 2, 3, 4, 5])
        #expect(update?.noMoreData == true, "the server sent all 6 of its items; one was a duplicate")
        #expect(sources[0].noMoreData)
    }

    @Test func aFullPageOfDuplicatesDoesNotEndTheList() throws {
        var sources = try loadedArticles([1, 2, 3])
        let update = try sources.loadMore([1, 2, 3])
        #expect(update?.change == .appended(3..<3))
        #expect(update?.droppedDuplicates == 3)
        #expect(update?.noMoreData == false, "a full page means more may follow")
        #expect(try startedRequest(sources.begin(.loadMore, source: 0)).page == 3)
    }

    @Test func anIdentityGivenLaterIndexesTheItemsHeld() throws {
        var sources = try loadedArticles([1, 2, 3], identity: nil)
        sources.identity = .id()
        _ = try sources.loadMore([2, 4])
        #expect(sources.ids == [1, 2, 3, 4])
    }

    @Test func aKeyPathIdentifiesItemsThatAreNotIdentifiable() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], identity: RefreshItemIdentity(\.self))
        let refresh = try startedRequest(sources.begin(.refresh, source: 0))
        _ = sources.succeed(refresh, with: RefreshPage(items: ["a", "b", "a"], hasMore: true))
        #expect(sources[0].items == ["a", "b"])
        #expect(RefreshItemIdentity<Article>.id() == .id())
        #expect(RefreshItemIdentity(\Article.id) == RefreshItemIdentity(\Article.id))
        #expect(RefreshItemIdentity(\Article.id) != RefreshItemIdentity(\Article.id, duplicates: .takeNewer))
    }

    @MainActor
    @Test func aSeedStyleAdopterShowsEachItemOnce() {
        let controller = SeedController()
        controller.refreshStatus.identity = RefreshItemIdentity(\.self)
        controller.setupRefreshHeader()
        controller.loadSuccess(RefreshPage(items: ["a", "b", "c"]), for: controller.lastRequest)
        controller.loadMore()
        controller.loadSuccess(RefreshPage(items: ["c", "d", "e"]), for: controller.lastRequest)
        #expect(controller.currentItems == ["a", "b", "c", "d", "e"])
        #expect(controller.updates.last?.droppedDuplicates == 1)
        #expect(controller.updates.last?.change == .appended(3..<5))
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test func theListModelShowsEachItemOnce() async {
        let pages = [1: [1, 2, 3], 2: [3, 4, 5]]
        let model = RefreshListModel<Article>(
            noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 3), identity: .id()
        ) { request in
            RefreshPage(items: articles(pages[request.page] ?? []))
        }
        model.setUp()
        for _ in 0..<1_000 where model.items.isEmpty { await Task.yield() }
        model.loadMore()
        for _ in 0..<1_000 where model.items.count < 5 { await Task.yield() }
        #expect(model.items.map(\.id) == [1, 2, 3, 4, 5])
    }

    @Test func loadMoreGrowsTheHeldItemsGeometricallyNotOnePageAtATime() throws {
        // A load-more that reserved room for exactly one more page would reallocate, and copy
        // every held item, on each page: the capacity would change on every load.
        var sources = RefreshSources<Int>(
            noMoreTitles: [""], policy: RefreshPolicy(pageSize: 20), identity: RefreshItemIdentity(\.self))
        var capacities: Set<Int> = []
        for page in 0..<200 {
            let kind: RefreshRequest.Kind = page == 0 ? .refresh : .loadMore
            let request = try started(sources.begin(kind, source: 0))
            _ = sources.succeed(request, with: RefreshPage(items: Array((page * 20)..<(page * 20 + 20)), hasMore: true))
            capacities.insert(sources[0].items.capacity)
        }
        #expect(sources[0].items.count == 4_000)
        #expect(capacities.count < 20, "the capacity changed \(capacities.count) times in 200 loads")
    }

    @Test func integerIdsOfAnyWidthAndStringIdsCompareByValue() {
        #expect(RefreshItemID(7) == RefreshItemID(Int64(7)))
        #expect(RefreshItemID(UInt8(7)) == RefreshItemID(7))
        #expect(RefreshItemID(7) != RefreshItemID("7"))
        #expect(RefreshItemID("a") == RefreshItemID("a"))
        #expect(RefreshItemID(7).value == AnyHashable(7))
        #expect(RefreshItemID(UInt64.max).value == AnyHashable(UInt64.max), "too wide for Int: kept as it is")
        #expect(RefreshItemID("a").description == "a")
    }

    @Test func idsOfAnotherTypeCompareHashAndDeduplicateByTheirValue() throws {
        struct Key: Hashable, Sendable {
            let shop: String
            let number: Int
        }
        struct Row: Sendable {
            let key: Key
            let text: String
        }
        #expect(RefreshItemID(Key(shop: "a", number: 1)) == RefreshItemID(Key(shop: "a", number: 1)))
        #expect(RefreshItemID(Key(shop: "a", number: 1)) != RefreshItemID(Key(shop: "b", number: 1)))
        #expect(Set([RefreshItemID(Key(shop: "a", number: 1)), RefreshItemID(Key(shop: "a", number: 1))]).count == 1)
        #expect(RefreshItemID(Key(shop: "a", number: 1)).value == AnyHashable(Key(shop: "a", number: 1)))

        var sources = RefreshSources<Row>(
            noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2), identity: RefreshItemIdentity(\Row.key))
        let refresh = try started(sources.begin(.refresh, source: 0))
        let first = [Row(key: Key(shop: "a", number: 1), text: "1"), Row(key: Key(shop: "a", number: 2), text: "2")]
        _ = sources.succeed(refresh, with: RefreshPage(items: first))
        let more = try started(sources.begin(.loadMore, source: 0))
        let second = [
            Row(key: Key(shop: "a", number: 2), text: "2 again"), Row(key: Key(shop: "b", number: 1), text: "3"),
        ]
        let update = applied(sources.succeed(more, with: RefreshPage(items: second)))
        #expect(sources[0].items.map(\.text) == ["1", "2", "3"])
        #expect(update?.droppedDuplicates == 1)
    }

    @Test func twoIdentitiesOfIdentifiableItemsAreEqualWhenTheyKeepTheSameCopy() {
        #expect(RefreshItemIdentity<Article>.id() == .id())
        #expect(RefreshItemIdentity<Article>.id(duplicates: .takeNewer) != .id())
    }
}
