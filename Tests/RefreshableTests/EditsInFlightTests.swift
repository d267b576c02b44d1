import Refreshable
import Testing

/// Local edits made while a load is in flight: the load's answer was asked for before them, so it
/// does not undo them (rule I3); an answer asked for after them has the last word.
@Suite("Local edits made while a load is in flight")
struct EditsInFlightTests {
    @Test func anUpdateMadeWhileARefreshIsInFlightStaysWhenItsAnswerBringsTheItem() throws {
        var sources = try loadedArticles([1, 2, 3])
        let refresh = try startedRequest(sources.begin(.refresh, source: 0))
        sources.updateItem(Article(id: 2, title: "read"), source: 0)
        let update = appliedUpdate(sources.succeed(refresh, with: RefreshPage(items: articles([3, 2, 4]))))
        #expect(sources.ids == [3, 2, 4], "at the place the answer gives it")
        #expect(sources[0].items.map(\.title) == ["server", "read", "server"])
        #expect(update?.change == .replaced(count: 3))
        // The edit still stands: the next answer asked for after it has the last word.
        _ = try sources.loadMore([2, 5], title: "newer")
        #expect(sources[0].items[1].title == "newer")
    }

    @Test func aRefreshAskedForAfterAnUpdateReplacesIt() throws {
        var sources = try loadedArticles([1, 2, 3])
        sources.updateItem(Article(id: 2, title: "read"), source: 0)
        _ = try sources.refresh([3, 2, 4], title: "newer")
        #expect(sources[0].items.map(\.title) == ["newer", "newer", "newer"])
        // Nothing of the edit is left: a later page's copy is a duplicate like any other.
        _ = try sources.loadMore([2, 5], title: "newest")
        #expect(sources[0].items[1].title == "newer")
    }

    @Test func anUpdatedItemTheRefreshInFlightDoesNotBringLeavesWithTheOldRows() throws {
        var sources = try loadedArticles([1, 2, 3])
        let refresh = try startedRequest(sources.begin(.refresh, source: 0))
        sources.updateItem(Article(id: 2, title: "read"), source: 0)
        _ = sources.succeed(refresh, with: RefreshPage(items: articles([4, 5, 6])))
        #expect(sources.ids == [4, 5, 6])
        // Only its content was the user's: a later page brings the server's copy as a new row.
        _ = try sources.loadMore([2])
        #expect(sources[0].items.map(\.title) == ["server", "server", "server", "server"])
    }

    @Test func itemsInsertedWhileARefreshIsInFlightStayAtTheirPositionsWhenItsAnswerLacksThem() throws {
        var sources = try loadedArticles([1, 2, 3], totalCount: 3)
        let refresh = try startedRequest(sources.begin(.refresh, source: 0))
        sources.insertItem(Article(id: 8, title: "draft"), at: 1, source: 0)
        sources.insertItem(Article(id: 9, title: "draft"), at: 4, source: 0)
        #expect(sources.ids == [1, 8, 2, 3, 9])
        let update = appliedUpdate(
            sources.succeed(refresh, with: RefreshPage(items: articles([5, 6]), totalCount: 4)))
        // 8 keeps its position; 9's is past the new rows, so it goes last, in the order they were.
        #expect(sources.ids == [5, 8, 6, 9])
        #expect(update?.change == .replaced(count: 4))
        let difference = try #require(update?.difference)
        let moved = difference.map { change -> RefreshItemID in
            switch change {
            case .insert(_, let id, _), .remove(_, let id, _): return id
            }
        }
        #expect(!moved.contains(RefreshItemID(8)), "the row of 8 stays where it was")
        // The drafts are not the server's: its total of 4 is not reached by the 4 rows held.
        #expect(update?.noMoreData == false)
        // A refresh asked for after them has the last word.
        _ = try sources.refresh([5, 6])
        #expect(sources.ids == [5, 6])
    }

    @Test func anItemInsertedWhileARefreshIsInFlightThatItsAnswerBringsIsHeldThereAsInserted() throws {
        var sources = try loadedArticles([1, 2, 3])
        let refresh = try startedRequest(sources.begin(.refresh, source: 0))
        sources.insertItem(Article(id: 9, title: "draft"), at: 0, source: 0)
        _ = sources.succeed(refresh, with: RefreshPage(items: articles([4, 9, 5])))
        #expect(sources.ids == [4, 9, 5])
        #expect(sources[0].items[1].title == "draft")
    }

    @Test func anItemInsertedBeforeTheRefreshWasAskedForLeavesWhenItsAnswerLacksIt() throws {
        var sources = try loadedArticles([1, 2, 3])
        sources.insertItem(Article(id: 9, title: "draft"), at: 0, source: 0)
        let refresh = try startedRequest(sources.begin(.refresh, source: 0))
        // Edited again while the refresh is in flight: the insertion is still older than the ask.
        sources.updateItem(Article(id: 9, title: "draft 2"), source: 0)
        _ = sources.succeed(refresh, with: RefreshPage(items: articles([4, 5])))
        #expect(sources.ids == [4, 5])
    }

    @Test func anItemInsertedWhileARefreshIsInFlightStaysOutsideThePendingItems() throws {
        var sources = try loadedArticles([1, 2, 3])
        sources.insertPendingItem(Article(id: 7, title: "sending"), at: 0, source: 0)
        let refresh = try startedRequest(sources.begin(.refresh, source: 0))
        sources.insertItem(Article(id: 9, title: "draft"), at: 1, source: 0)
        #expect(sources.ids == [7, 9, 1, 2, 3])
        // The answer confirms the pending item: the run at the front is empty, and 9 keeps its row.
        _ = sources.succeed(refresh, with: RefreshPage(items: articles([4, 7])))
        #expect(sources.ids == [4, 9, 7])
        #expect(sources.pendingItems(source: 0).isEmpty)
        #expect(sources.item(id: 9, source: 0)?.title == "draft")
    }

    @Test func aPageAskedForBeforeAnUpdateDoesNotUndoItAndOneAskedForAfterDoes() throws {
        var sources = try loadedArticles([1, 2, 3], identity: .id(duplicates: .takeNewer))
        let more = try startedRequest(sources.begin(.loadMore, source: 0))
        sources.updateItem(Article(id: 2, title: "read"), source: 0)
        let update = appliedUpdate(sources.succeed(more, with: RefreshPage(items: articles([2, 4, 6]))))
        #expect(sources.ids == [1, 2, 3, 4, 6])
        #expect(sources[0].items[1].title == "read", "not even under takeNewer")
        #expect(update?.replacedInPlace == [])
        let later = try sources.loadMore([2, 5, 7], title: "newer")
        #expect(sources[0].items[1].title == "newer")
        #expect(later?.replacedInPlace == [1..<2])
    }

    @Test func aPreviousPageAskedForBeforeAnUpdateDoesNotUndoIt() throws {
        var sources = RefreshSources<Article>(
            noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2, paging: .cursors), identity: .id())
        let first = try startedRequest(sources.begin(.refresh, source: 0))
        _ = sources.succeed(
            first, with: RefreshPage(items: articles([1, 2]), nextCursor: "older", previousCursor: "newer"))
        let newer = try startedRequest(sources.begin(.loadPrevious, source: 0))
        sources.updateItem(Article(id: 1, title: "read"), source: 0)
        _ = sources.succeed(newer, with: RefreshPage(items: articles([0, 1]), previousCursor: nil))
        #expect(sources.ids == [0, 1, 2])
        #expect(sources[0].items[1].title == "read")
    }
}
