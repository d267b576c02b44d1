import Refreshable
import Testing

/// Looking a row up by its id through the id index (marking a notification read), on the state
/// machine and each front door.
@Suite("Item lookup by id")
struct ItemLookupTests {
    @Test func anItemIsFoundByItsIdAcrossPagesAndEdits() throws {
        var sources = try loadedArticles([1, 2, 3])
        let more = try startedRequest(sources.begin(.loadMore, source: 0))
        _ = sources.succeed(more, with: RefreshPage(items: articles([4, 5, 6])))
        #expect(sources.item(id: 5, source: 0) == Article(id: 5))
        #expect(sources.item(id: 9, source: 0) == nil)
        sources.updateItem(Article(id: 5, title: "read"), source: 0)
        #expect(sources.item(id: 5, source: 0)?.title == "read")
        sources.removeItem(id: 5, source: 0)
        #expect(sources.item(id: 5, source: 0) == nil)
        sources.insertPendingItem(Article(id: 100, title: "sending"), at: 0, source: 0)
        #expect(sources.item(id: 100, source: 0)?.title == "sending")
        // A refresh replaces the rows: the index follows.
        _ = try sources.refresh([7, 1])
        #expect(sources.item(id: 7, source: 0) == Article(id: 7))
        #expect(sources.item(id: 4, source: 0) == nil)
    }

    @Test func aListWithoutAnIdentityFindsNothing() throws {
        let sources = try loadedArticles([1, 2, 3], identity: nil)
        #expect(sources.item(id: 1, source: 0) == nil)
    }

    @MainActor
    @Test func theRuntimeAndTheListModelFindAnItemById() async {
        let model = RefreshListModel<Article>(noMoreTitles: ["The end"], identity: .id()) { _ in
            RefreshPage(items: articles([1, 2, 3]), hasMore: false)
        }
        model.setUp()
        for _ in 0..<1_000 where model.items.isEmpty { await Task.yield() }
        #expect(model.item(id: 2) == Article(id: 2))
        #expect(model.refreshStatus.item(id: 3, source: 0) == Article(id: 3))
        #expect(model.item(id: 4) == nil)
        // Marking read: look up, change, put back.
        if var read = model.item(id: 2) {
            read.title = "read"
            model.updateItem(read)
        }
        #expect(model.items.map(\.title) == ["server", "read", "server"])
    }
}

/// A callback-style inbox whose rows have an identity.
@MainActor
private final class ArticleInbox: Refreshable {
    let refreshStatus = RefreshRuntime<Article>(noMoreTitles: ["The end"], identity: .id())
    var currentIndex = 0
    var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { nil }

    func refreshData(isRefresh: Bool) {
        loadSuccess(RefreshPage(items: articles([1, 2, 3]), hasMore: false), for: refreshRequest)
    }
}

@MainActor
@Suite("Item lookup by id on a Refreshable adopter")
struct AdopterItemLookupTests {
    @Test func anAdopterFindsAnItemByIdInTheCurrentSource() {
        let inbox = ArticleInbox()
        inbox.setupRefreshHeader()
        #expect(inbox.item(id: 2) == Article(id: 2))
        #expect(inbox.item(id: 2, source: 0) == Article(id: 2))
        #expect(inbox.item(id: 9) == nil)
    }
}
