import Refreshable
import Testing

private struct Output: OutputRefreshProtocol {
    let refreshStatus = RefreshStatusRelay()
}

/// `OutputRefreshProtocol`: every status's effect on the controls, order safety, and the subscription's lifetime.
@MainActor
@Suite("Status dispatch")
struct StatusDispatchTests {
    private let queue = MainQueueMirror()
    private let output = Output()

    private func send(_ statuses: RefreshStatus...) {
        for status in statuses {
            output.refreshStatus.value = status
        }
        queue.drain()
    }

    @Test func beginAndEndHeaderRefreshDriveTheHeader() {
        let header = UIRefreshControl()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        send(.beginHeaderRefresh)
        #expect(header.isRefreshing)
        send(.endHeaderRefresh)
        #expect(!header.isRefreshing)
        #expect(header.beginCount == 1)
        #expect(header.endCount == 1)
        subscription.cancel()
    }

    @Test func beginAndEndFooterRefreshDriveTheFooter() {
        let footer = MJRefreshFooter(mainQueue: queue)
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
        send(.beginFooterRefresh)
        #expect(footer.state == .refreshing)
        send(.endFooterRefresh)
        #expect(footer.state == .idle)
        subscription.cancel()
    }

    @Test func noMoreDataShowsTheEndAndResetReopensIt() {
        let footer = MJRefreshFooter(mainQueue: queue)
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
        send(.beginFooterRefresh, .noMoreData)
        #expect(footer.state == .noMoreData)
        send(.resetNoMoreData)
        #expect(footer.state == .idle)
        subscription.cancel()
    }

    @Test func aLateEndFooterRefreshNeverUndoesNoMoreData() {
        let footer = MJRefreshFooter(mainQueue: queue)
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
        // The seed's replaying switch sends endRefreshing() after endRefreshingWithNoMoreData(), and
        // MJRefresh applies the last call: the footer would be idle again.
        output.refreshStatus.value = .beginFooterRefresh
        output.refreshStatus.value = .noMoreData
        output.refreshStatus.value = .endFooterRefresh
        output.refreshStatus.value = .beginFooterRefresh
        output.refreshStatus.value = .endFooterRefresh
        queue.drain()
        #expect(footer.state == .noMoreData)
        subscription.cancel()
    }

    @Test func failedEndsBothControlsAndShowsTheFooterFailure() {
        let header = UIRefreshControl()
        let footer = RecordingFooter()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        send(.beginHeaderRefresh, .failed(message: "offline"))
        #expect(!header.isRefreshing)
        #expect(footer.commands.isEmpty, "a failed refresh leaves an idle footer alone")
        send(.beginFooterRefresh, .failed(message: "offline"))
        #expect(footer.commands == ["begin", "failure(offline)"])
        send(.resetNoMoreData)
        #expect(footer.commands.last == "reset")
        subscription.cancel()
    }

    @Test func hideAndShowFooterToggleItsVisibilityOnly() {
        let footer = MJRefreshFooter(mainQueue: queue)
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
        send(.noMoreData, .hideFooter)
        #expect(footer.isHidden)
        send(.showFooter)
        #expect(!footer.isHidden)
        #expect(footer.state == .noMoreData)
        subscription.cancel()
    }

    @Test func noneChangesNothing() {
        let footer = RecordingFooter()
        let header = UIRefreshControl()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        send(.none, .none)
        #expect(footer.commands.isEmpty)
        #expect(header.beginCount == 0 && header.endCount == 0)
        subscription.cancel()
    }

    @Test func eitherControlMayBeAbsent() {
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: nil)
        send(.beginHeaderRefresh, .noMoreData, .failed(message: "x"))
        #expect(output.refreshStatus.observerCount == 1)
        subscription.cancel()
    }

    @Test func cancelledSubscriptionStopsDrivingAndLeavesNoObserver() {
        let header = UIRefreshControl()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        subscription.cancel()
        subscription.cancel()
        send(.beginHeaderRefresh)
        #expect(!header.isRefreshing)
        #expect(output.refreshStatus.observerCount == 0)
        #expect(subscription.isCancelled)
    }

    @Test func releasedSubscriptionStopsDriving() {
        let header = UIRefreshControl()
        _ = output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        send(.beginHeaderRefresh)
        #expect(!header.isRefreshing)
        #expect(output.refreshStatus.observerCount == 0)
    }

    @Test func subscriptionHoldsTheControlsWeakly() {
        weak var weakHeader: UIRefreshControl?
        var subscriptions = Set<RefreshSubscription>()
        do {
            let header = UIRefreshControl()
            weakHeader = header
            output.autoSetRefreshHeaderStatus(header: header, footer: nil).store(in: &subscriptions)
        }
        #expect(weakHeader == nil)
        send(.beginHeaderRefresh)
        #expect(subscriptions.count == 1)
    }

    @Test func aNewSubscriberFirstReceivesTheCurrentStatus() {
        output.refreshStatus.value = .beginHeaderRefresh
        let header = UIRefreshControl()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        #expect(header.isRefreshing)
        subscription.cancel()
    }

    @Test func valuesStreamsTheCurrentAndLaterStatuses() async {
        let stream = output.refreshStatus.values
        output.refreshStatus.send(.beginFooterRefresh)
        output.refreshStatus.send(.noMoreData)
        var received: [RefreshStatus] = []
        for await status in stream {
            received.append(status)
            if received.count == 3 {
                break
            }
        }
        #expect(received == [.none, .beginFooterRefresh, .noMoreData])
    }

    @Test func aFinishedStreamUnregistersItself() async {
        do {
            var iterator = output.refreshStatus.values.makeAsyncIterator()
            _ = await iterator.next()
        }
        for _ in 0..<100 where output.refreshStatus.observerCount > 0 {
            await Task.yield()
        }
        #expect(output.refreshStatus.observerCount == 0)
    }
}

/// A footer that records the commands it receives, by name.
@MainActor
final class RecordingFooter: RefreshFooterControl {
    private(set) var commands: [String] = []
    private(set) var isRefreshing = false
    var isHidden = false

    func beginRefreshing() {
        commands.append("begin")
        isRefreshing = true
    }

    func endRefreshing() {
        commands.append("end")
        isRefreshing = false
    }

    func endRefreshingWithNoMoreData() {
        commands.append("noMore")
        isRefreshing = false
    }

    func resetNoMoreData() {
        commands.append("reset")
    }

    func endRefreshingWithNoMoreData(title: String) {
        commands.append("noMore(\(title))")
        isRefreshing = false
    }

    func endRefreshingWithFailure(message: String) {
        commands.append("failure(\(message))")
        isRefreshing = false
    }
}
