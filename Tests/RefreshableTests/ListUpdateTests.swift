import Refreshable
import RefreshableTesting
import Testing

/// What each applied change tells a table: index ranges, and a refresh's difference by id.
@Suite("List updates")
struct ListUpdateTests {
    private func ids(_ values: [Int]) -> [RefreshItemID] {
        values.map { RefreshItemID($0) }
    }

    @Test func aRefreshDescribesItsChangeAsADifferenceOfIDs() throws {
        var sources = try loadedArticles([1, 2, 3])
        let update = try sources.refresh([0, 1, 3])
        let difference = try #require(update?.difference)
        #expect(difference.removals.map(offset) == [1])
        #expect(difference.insertions.map(offset) == [0])
        #expect(ids([1, 2, 3]).applying(difference.collectionDifference) == ids([0, 1, 3]))
    }

    @Test func anItemThatMovedIsOneRemovalAndOneInsertionAssociated() throws {
        var sources = try loadedArticles([1, 2, 3])
        let update = try sources.refresh([3, 1, 2])
        let difference = try #require(update?.difference)
        #expect(difference.count == 2)
        guard case .remove(let from, let element, let movedTo) = difference.removals.first else {
            Issue.record("expected one removal")
            return
        }
        #expect((from, element, movedTo) == (2, RefreshItemID(3), 0))
    }

    @Test func theFirstRefreshInsertsEveryItem() throws {
        var fresh = RefreshSources<Article>(noMoreTitles: [""], identity: .id())
        let request = try startedRequest(fresh.begin(.refresh, source: 0))
        let update = appliedUpdate(fresh.succeed(request, with: RefreshPage(items: articles([5, 6]))))
        #expect(update?.difference?.insertions.map(offset) == [0, 1])
        #expect(update?.difference?.removals.isEmpty == true)
    }

    @Test func aDifferenceAppliedToTheOldIDsGivesTheNewOnesForShuffledLists() throws {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<200 {
            let old = Array(
                Set(
                    (0..<Int.random(in: 0...12, using: &generator)).map { _ in Int.random(in: 0..<20, using: &generator)
                    }))
            let new = Array(
                Set(
                    (0..<Int.random(in: 0...12, using: &generator)).map { _ in Int.random(in: 0..<20, using: &generator)
                    })
            )
            .shuffled(using: &generator)
            var sources = try loadedArticles(old)
            let update = try sources.refresh(new)
            let difference = try #require(update?.difference)
            #expect(ids(sources.ids) == ids(new))
            #expect(ids(old).applying(difference.collectionDifference) == ids(new), "old \(old), new \(new)")
            let kept = old.count - difference.removals.count
            #expect(kept <= Set(old).intersection(new).count)
        }
    }

    @Test func aRefreshOfALongListKeepsItsCommonTail() throws {
        let old = Array(1...10_000)
        var sources = try loadedArticles(old)
        let update = try sources.refresh(Array(9_981...10_000))
        let difference = try #require(update?.difference)
        #expect(difference.insertions.isEmpty)
        #expect(difference.removals.count == 9_980)
    }

    @Test func withoutAnIdentityARefreshHasNoDifference() throws {
        var sources = try loadedArticles([1, 2, 3], identity: nil)
        let update = try sources.refresh([3])
        #expect(update?.difference == nil)
        #expect(update?.change == .replaced(count: 1))
    }

    @Test func loadMoreAndEditsDescribeThemselvesAsRanges() throws {
        var sources = try loadedArticles([1, 2, 3], identity: .id(duplicates: .takeNewer))
        let more = try sources.loadMore([1, 4, 5])
        #expect(more?.change == .appended(3..<5))
        #expect(more?.replacedInPlace == [0..<1])
        #expect(more?.difference == nil)
        #expect(sources.removeItem(id: 4, source: 0)?.change == .removed(3..<4))
        #expect(sources.insertItem(Article(id: 8), at: 1, source: 0).change == .inserted(1..<2))
        #expect(sources.updateItem(Article(id: 5, title: "mine"), source: 0)?.change == .edited(4..<5))
    }
}

/// The offset of a change: in the old list for a removal, in the new one for an insertion.
func offset(_ change: CollectionDifference<RefreshItemID>.Change) -> Int {
    switch change {
    case .remove(let offset, _, _), .insert(let offset, _, _):
        return offset
    }
}
