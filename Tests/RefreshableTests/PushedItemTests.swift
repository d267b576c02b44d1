import Refreshable
import RefreshableTesting
import Testing

/// A chat message: newest first, ordered by when it was sent.
private struct Message: Identifiable, Sendable, Equatable {
    let id: Int
    var text = ""
    var sentAt: Int

    init(_ id: Int, _ text: String = "", sentAt: Int? = nil) {
        self.id = id
        self.text = text
        self.sentAt = sentAt ?? id * 10
    }
}

/// A chat holding `ids` (newest first), loaded by one refresh, more to come.
private func chat(holding ids: [Int]) throws -> RefreshSources<Message> {
    var sources = RefreshSources<Message>(
        noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 3), identity: .id())
    let request = try started(sources.begin(.refresh, source: 0))
    _ = sources.succeed(request, with: RefreshPage(items: ids.map { Message($0) }, hasMore: true))
    return sources
}

private func ids(_ sources: RefreshSources<Message>) -> [Int] {
    sources[0].items.map(\.id)
}

/// Items the server pushes (a socket) merged by id, as an answer would merge them.
@MainActor
@Suite("Pushed items")
struct PushedItemTests {
    @Test func pushedNewItemsGoAtTheTopNewestFirstAsOneInsertion() throws {
        var sources = try chat(holding: [5, 4, 3])
        let updates = sources.mergePushedItems([Message(7), Message(6)], source: 0)
        #expect(ids(sources) == [7, 6, 5, 4, 3])
        #expect(updates.map(\.change) == [.inserted(0..<2)])
    }

    @Test func aPushedItemAlreadyHeldIsUpdatedInPlace() throws {
        var sources = try chat(holding: [5, 4, 3])
        let updates = sources.mergePushedItems([Message(4, "edited on the web")], source: 0)
        #expect(ids(sources) == [5, 4, 3])
        #expect(sources[0].items[1].text == "edited on the web")
        #expect(updates.map(\.change) == [.edited(1..<2)])
    }

    @Test func pushedItemsGoAtTheirPlaceInTheAppsOrder() throws {
        var sources = try chat(holding: [5, 4, 2, 1])
        let newestFirst = { (a: Message, b: Message) in a.sentAt > b.sentAt }
        let updates = sources.mergePushedItems([Message(3), Message(6), Message(0)], source: 0, by: newestFirst)
        #expect(ids(sources) == [6, 5, 4, 3, 2, 1, 0])
        #expect(updates.map(\.change) == [.inserted(2..<3), .inserted(0..<1), .inserted(6..<7)])
    }

    @Test func findingThePlaceInTheAppsOrderCostsByTheLogarithmOfTheRowsHeld() throws {
        var sources = try chat(holding: Array((1...1_000).reversed()))
        var comparisons = 0
        _ = sources.mergePushedItems([Message(0, sentAt: 5_005)], source: 0) { a, b in
            comparisons += 1
            return a.sentAt > b.sentAt
        }
        #expect(sources[0].items[500].id == 0)
        #expect(comparisons <= 11, "placing one pushed item compared it with \(comparisons) rows")
    }

    @Test func aPushedEchoOfAPendingMessageTakesItsPlace() throws {
        var sources = try chat(holding: [5, 4])
        _ = sources.insertPendingItem(Message(9, "sending…"), at: 0, source: 0)
        _ = sources.mergePushedItems([Message(9, "sent")], source: 0)
        #expect(ids(sources) == [9, 5, 4])
        #expect(sources[0].items[0].text == "sent")
        #expect(!sources.isPending(id: 9, source: 0))
    }

    @Test func aPushedItemRemovedOnThisDeviceStaysOut() throws {
        var sources = try chat(holding: [5, 4, 3])
        _ = sources.removeItem(id: 4, source: 0)
        let updates = sources.mergePushedItems([Message(4, "again")], source: 0)
        #expect(ids(sources) == [5, 3])
        #expect(updates.isEmpty)
    }

    @Test func aRefreshAskedBeforeThePushDoesNotUndoIt() throws {
        var sources = try chat(holding: [5, 4])
        let refresh = try started(sources.begin(.refresh, source: 0))
        _ = sources.mergePushedItems([Message(6), Message(5, "edited")], source: 0)
        _ = sources.succeed(refresh, with: RefreshPage(items: [Message(5), Message(4)], hasMore: true))
        #expect(ids(sources) == [6, 5, 4])
        #expect(sources[0].items[1].text == "edited")
    }

    @Test func aListModelPublishesEachChangeOfItsItems() async throws {
        let loader = TestPageLoader<Message> { Message($0.id + 100) }
        let model = RefreshListModel<Message>(noMoreTitles: ["The end"], identity: .id()) { try await loader.load($0) }
        var updates = model.updates.makeAsyncIterator()
        model.setUp()
        #expect(await loader.waitForLoads(count: 1))
        loader.answer(loader.pending[0], with: RefreshPage(items: [Message(2), Message(1)], hasMore: true))
        await loader.settle()
        model.mergePushedItems([Message(3)])
        #expect(await updates.next()?.change == .replaced(count: 2))
        #expect(await updates.next()?.change == .inserted(0..<1))
        #expect(model.items.map(\.id) == [3, 2, 1])
    }
}
