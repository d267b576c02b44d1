import Refreshable
import RefreshableTesting
import Testing

/// Where each id is held, kept by the page: positions that survive edits, drops and the growth of
/// the index, and a refresh's difference built when it is read.
@Suite("Positions by id")
struct ItemPositionTests {
    @Test func aDifferenceOfEditsThatKeepTheOrderIsTheStandardLibrarys() throws {
        var generator = SplitMix64(seed: 20)
        for _ in 0..<200 {
            let old = Array(0..<Int.random(in: 0...30, using: &generator))
            var new = old.filter { _ in Bool.random(using: &generator) }
            for fresh in 100..<(100 + Int.random(in: 0...10, using: &generator)) {
                new.insert(fresh, at: Int.random(in: 0...new.count, using: &generator))
            }
            var sources = try loadedArticles(old)
            let difference = try #require(try sources.refresh(new)?.difference)
            let expected = itemIDs(new).difference(from: itemIDs(old)).inferringMoves()
            #expect(difference.removals == expected.removals, "old \(old), new \(new)")
            #expect(difference.insertions == expected.insertions, "old \(old), new \(new)")
            #expect(Array(difference) == Array(expected))
        }
    }

    @Test func aDifferenceOfShuffledListsIsAsShortAsTheStandardLibrarysWithEveryMoveAssociated() throws {
        var generator = SplitMix64(seed: 21)
        for _ in 0..<200 {
            let old = Array(
                Set(
                    (0..<Int.random(in: 0...20, using: &generator)).map { _ in Int.random(in: 0..<30, using: &generator)
                    }))
            let new = Array(
                Set(
                    (0..<Int.random(in: 0...20, using: &generator)).map { _ in Int.random(in: 0..<30, using: &generator)
                    })
            )
            .shuffled(using: &generator)
            var sources = try loadedArticles(old)
            let difference = try #require(try sources.refresh(new)?.difference)
            let expected = itemIDs(new).difference(from: itemIDs(old)).inferringMoves()
            #expect(difference.removals.count == expected.removals.count, "old \(old), new \(new)")
            #expect(difference.insertions.count == expected.insertions.count)
            #expect(itemIDs(old).applying(difference.collectionDifference) == itemIDs(new))
            // An id both removed and inserted moved: each names the other's offset.
            let removed = Dictionary(uniqueKeysWithValues: difference.removals.map { (element($0), $0) })
            for insertion in difference.insertions {
                guard case .insert(let to, let id, let from) = insertion else { continue }
                guard let removal = removed[id] else {
                    #expect(from == nil)
                    continue
                }
                guard case .remove(let offset, _, let movedTo) = removal else { continue }
                #expect(from == offset && movedTo == to, "\(id) moved from \(offset) to \(to)")
            }
        }
    }

    @Test func aDifferenceIsBuiltFromTheListsTheRefreshReplacedWhateverCameAfter() throws {
        var sources = try loadedArticles([1, 2, 3])
        let update = try #require(try sources.refresh([3, 4, 5]))
        _ = try sources.loadMore([6, 7])
        sources.removeItem(id: 3, source: 0)
        let difference = try #require(update.difference)
        #expect(itemIDs([1, 2, 3]).applying(difference.collectionDifference) == itemIDs([3, 4, 5]))
        #expect(sources.ids == [4, 5, 6, 7])
    }

    @Test func editsAtEitherEndAndInTheMiddleKeepEveryPosition() throws {
        var sources = try loadedArticles(Array(0..<300))
        var generator = SplitMix64(seed: 22)
        var fresh = 1_000
        for step in 0..<300 {
            let items = sources[0].items
            let position = [0, items.count - 1, items.count / 2, Int.random(in: 0..<items.count, using: &generator)][
                step % 4]
            if step.isMultiple(of: 2) {
                let change = sources.removeItem(id: items[position].id, source: 0)?.change
                #expect(change == .removed(position..<(position + 1)))
            } else {
                let at = position + (step % 3 == 0 ? 1 : 0)
                #expect(sources.insertItem(Article(id: fresh), at: at, source: 0).change == .inserted(at..<(at + 1)))
                fresh += 1
            }
            try expectPositions(of: sources, checking: 8, using: &generator)
        }
        try expectPositions(of: sources, checking: .max, using: &generator)
    }

    @Test func positionsStayRightThroughLoadsDropsAndEditsUnderACap() throws {
        for maxPages in [nil, 3] {
            var sources = RefreshSources<Article>(
                noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 20, maxPages: maxPages), identity: .id())
            var generator = SplitMix64(seed: 23)
            var fresh = 0
            var removed: Set<Int> = []
            /// A page of 20: mostly new ids, some held, some removed locally.
            func page() -> [Article] {
                let held = sources[0].items
                return (0..<20).map { _ in
                    switch Int.random(in: 0..<10, using: &generator) {
                    case 0 where !held.isEmpty: return held[Int.random(in: 0..<held.count, using: &generator)]
                    case 1 where !removed.isEmpty: return Article(id: removed.randomElement(using: &generator)!)
                    default:
                        fresh += 1
                        return Article(id: fresh)
                    }
                }
            }
            let refresh = try startedRequest(sources.begin(.refresh, source: 0))
            _ = sources.succeed(refresh, with: RefreshPage(items: page(), hasMore: true))
            for _ in 0..<400 {
                let items = sources[0].items
                switch Int.random(in: 0..<6, using: &generator) {
                case 0, 1:
                    if case .started(let request, _) = sources.begin(.loadMore, source: 0) {
                        _ = sources.succeed(request, with: RefreshPage(items: page(), hasMore: true))
                    }
                case 2:
                    if case .started(let request, _) = sources.begin(.loadPrevious, source: 0) {
                        _ = sources.succeed(request, with: RefreshPage(items: page(), hasMore: true))
                    }
                case 3 where !items.isEmpty:
                    let id = items[Int.random(in: 0..<items.count, using: &generator)].id
                    sources.removeItem(id: id, source: 0)
                    removed.insert(id)
                case 4:
                    fresh += 1
                    sources.insertItem(
                        Article(id: fresh), at: Int.random(in: 0...items.count, using: &generator), source: 0)
                default:
                    if !items.isEmpty {
                        let item = items[Int.random(in: 0..<items.count, using: &generator)]
                        sources.updateItem(Article(id: item.id, title: "mine"), source: 0)
                    }
                }
                #expect(Set(sources.ids).isDisjoint(with: removed), "a removal sticks until the next refresh")
                try expectPositions(of: sources, checking: 6, using: &generator)
            }
            try expectPositions(of: sources, checking: .max, using: &generator)
        }
    }

    @Test func everyHeldIdIsFoundWhileTheIndexGrows() throws {
        var sources = RefreshSources<Article>(
            noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 20), identity: .id())
        var generator = SplitMix64(seed: 24)
        let refresh = try startedRequest(sources.begin(.refresh, source: 0))
        _ = sources.succeed(refresh, with: RefreshPage(items: articles(Array(0..<20)), hasMore: true))
        for index in 1..<300 {
            // 15 new ids and 5 held ones, anywhere in the list.
            let held = (0..<5).map { _ in sources.ids[Int.random(in: 0..<sources.ids.count, using: &generator)] }
            let ids = Array((index * 15 + 5)..<(index * 15 + 20)) + held
            let update = try sources.loadMore(ids)
            #expect(update?.droppedDuplicates == held.count, "page \(index)")
            if index.isMultiple(of: 7) {
                sources.removeItem(id: sources.ids[Int.random(in: 0..<sources.ids.count, using: &generator)], source: 0)
            }
        }
        try expectPositions(of: sources, checking: .max, using: &generator)
    }

    @Test func anIDHeldTwiceBeforeTheIdentityIsFoundAtItsOtherPlaceOnceTheCapDropsTheFirst() throws {
        var sources = RefreshSources<Article>(
            noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 2, maxPages: 3))
        let refresh = try startedRequest(sources.begin(.refresh, source: 0))
        _ = sources.succeed(refresh, with: RefreshPage(items: articles([1, 2]), hasMore: true))
        _ = try sources.loadMore([3, 1])
        _ = try sources.loadMore([4, 5])
        sources.identity = .id()
        let update = try sources.loadMore([1, 6])
        #expect(update?.dropped == 0..<2, "the first page went to make room")
        #expect(update?.droppedDuplicates == 1, "1 is still held, in the second page")
        #expect(sources.ids == [3, 1, 4, 5, 6])
        #expect(sources.removeItem(id: 1, source: 0)?.change == .removed(1..<2))
    }
}

private func itemIDs(_ values: [Int]) -> [RefreshItemID] {
    values.map { RefreshItemID($0) }
}

private func element(_ change: CollectionDifference<RefreshItemID>.Change) -> RefreshItemID {
    switch change {
    case .remove(_, let element, _), .insert(_, let element, _):
        return element
    }
}

/// Checks, on copies, that removing a held item by id reports the position it has: the first and
/// the last, and `count` others at random (every one for `.max`).
private func expectPositions(
    of sources: RefreshSources<Article>,
    checking count: Int,
    using generator: inout SplitMix64
) throws {
    let ids = sources.ids
    #expect(Set(ids).count == ids.count, "an id is held once")
    guard !ids.isEmpty else { return }
    let positions =
        count >= ids.count
        ? Array(ids.indices)
        : [0, ids.count - 1] + (0..<count).map { _ in Int.random(in: 0..<ids.count, using: &generator) }
    for position in positions {
        var copy = sources
        let change = copy.removeItem(id: ids[position], source: 0)?.change
        #expect(change == .removed(position..<(position + 1)), "id \(ids[position])")
    }
}
