import Combine
import Refreshable
import RefreshableCombine
import Testing

// The RefreshableCombine product against the Combine stand-in: a relay's statuses and a list
// model's state as publishers.

@MainActor
@Suite struct RefreshableCombineTests {
    @Test func aRelaysPublisherSendsTheCurrentStatusThenEveryLaterOne() {
        let relay = RefreshStatusRelay()
        relay.value = .beginHeaderRefresh
        var received: [RefreshStatus] = []
        let cancellable = relay.publisher.sink { received.append($0) }
        relay.value = .endHeaderRefresh
        relay.value = .noMoreData
        #expect(received == [.beginHeaderRefresh, .endHeaderRefresh, .noMoreData])
        cancellable.cancel()
    }

    @Test func cancellingTheSubscriptionEndsTheRelaysObservation() {
        let relay = RefreshStatusRelay()
        var received: [RefreshStatus] = []
        let cancellable = relay.publisher.sink { received.append($0) }
        #expect(relay.observerCount == 1)
        cancellable.cancel()
        relay.value = .endHeaderRefresh
        #expect(relay.observerCount == 0)
        #expect(received == [.none])
    }

    @Test func aListModelsPublisherSendsEachChangeOfItsState() async {
        let model = RefreshListModel(noMoreTitles: ["No more"]) { request in
            RefreshPage(items: [request.page * 10, request.page * 10 + 1], hasMore: request.page < 2)
        }
        var counts: [Int] = []
        var ends: [String?] = []
        var cancellables: Set<AnyCancellable> = []
        model.publisher(for: \.items.count).sink { counts.append($0) }.store(in: &cancellables)
        model.publisher(for: \.noMoreText).sink { ends.append($0) }.store(in: &cancellables)
        #expect(counts == [0])
        model.setUp()
        #expect(await settle { counts.last == 2 })
        model.loadMore()
        #expect(await settle { counts.last == 4 })
        #expect(await settle { ends.last == "No more" })
        #expect(counts.first == 0 && counts.contains(2))
        #expect(ends.first == .some(nil))
    }

    @Test func aListModelsPublisherHoldsTheModelWeakly() async {
        weak var released: RefreshListModel<Int>?
        var cancellables: Set<AnyCancellable> = []
        do {
            let model = RefreshListModel<Int>(noMoreTitles: [""]) { _ in RefreshPage(items: []) }
            released = model
            model.publisher(for: \.isRefreshing).sink { _ in }.store(in: &cancellables)
        }
        #expect(released == nil)
        #expect(cancellables.count == 1)
    }
}
