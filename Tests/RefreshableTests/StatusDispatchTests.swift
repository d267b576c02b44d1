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

    private func send(_ statuses: RefreshStatus...) async {
        for status in statuses {
            output.refreshStatus.value = status
        }
        await settle(queue)
    }

    @Test func beginAndEndHeaderRefreshDriveTheHeader() async {
        let header = UIRefreshControl()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        await send(.beginHeaderRefresh)
        #expect(header.isRefreshing)
        await send(.endHeaderRefresh)
        #expect(!header.isRefreshing)
        #expect(header.beginCount == 1)
        #expect(header.endCount == 1)
        subscription.cancel()
    }

    @Test func beginAndEndFooterRefreshDriveTheFooter() async {
        let footer = MJRefreshFooter(mainQueue: queue)
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
        await send(.beginFooterRefresh)
        #expect(footer.state == .refreshing)
        await send(.endFooterRefresh)
        #expect(footer.state == .idle)
        subscription.cancel()
    }

    @Test func noMoreDataShowsTheEndAndResetReopensIt() async {
        let footer = MJRefreshFooter(mainQueue: queue)
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
        await send(.beginFooterRefresh, .noMoreData)
        #expect(footer.state == .noMoreData)
        await send(.resetNoMoreData)
        #expect(footer.state == .idle)
        subscription.cancel()
    }

    @Test func aLateEndFooterRefreshNeverUndoesNoMoreData() async {
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

    @Test func failedEndsBothControlsAndShowsTheFooterFailure() async {
        let header = UIRefreshControl()
        let footer = RecordingFooter()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        #expect(footer.commands == ["reset"], "a newly subscribed footer is driven to the relay's state")
        footer.commands.removeAll()
        await send(.beginHeaderRefresh, .failed(message: "offline"))
        #expect(!header.isRefreshing)
        #expect(footer.commands.isEmpty, "a failed refresh leaves an idle footer alone")
        await send(.beginFooterRefresh, .failed(message: "offline"))
        #expect(footer.commands == ["begin", "failure(offline)"])
        await send(.resetNoMoreData)
        #expect(footer.commands.last == "reset")
        subscription.cancel()
    }

    @Test func hideAndShowFooterToggleItsVisibilityOnly() async {
        let footer = MJRefreshFooter(mainQueue: queue)
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
        await send(.noMoreData, .hideFooter)
        #expect(footer.isHidden)
        await send(.showFooter)
        #expect(!footer.isHidden)
        #expect(footer.state == .noMoreData)
        subscription.cancel()
    }

    @Test func noneChangesNothing() async {
        let footer = RecordingFooter()
        let header = UIRefreshControl()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        footer.commands.removeAll()
        await send(.none, .none)
        #expect(footer.commands.isEmpty)
        #expect(header.beginCount == 0 && header.endCount == 0)
        subscription.cancel()
    }

    @Test func eitherControlMayBeAbsent() async {
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: nil)
        await send(.beginHeaderRefresh, .noMoreData, .failed(message: "x"))
        #expect(output.refreshStatus.observerCount == 1)
        subscription.cancel()
    }

    @Test func cancelledSubscriptionStopsDrivingAndLeavesNoObserver() async {
        let header = UIRefreshControl()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        subscription.cancel()
        subscription.cancel()
        await send(.beginHeaderRefresh)
        #expect(!header.isRefreshing)
        #expect(output.refreshStatus.observerCount == 0)
        #expect(subscription.isCancelled)
    }

    @Test func releasedSubscriptionStopsDriving() async {
        let header = UIRefreshControl()
        _ = output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        await send(.beginHeaderRefresh)
        #expect(!header.isRefreshing)
        #expect(output.refreshStatus.observerCount == 0)
    }

    @Test func subscriptionHoldsTheControlsWeakly() async {
        weak var weakHeader: UIRefreshControl?
        var subscriptions = Set<RefreshSubscription>()
        do {
            let header = UIRefreshControl()
            weakHeader = header
            output.autoSetRefreshHeaderStatus(header: header, footer: nil).store(in: &subscriptions)
        }
        #expect(weakHeader == nil)
        await send(.beginHeaderRefresh)
        #expect(subscriptions.count == 1)
    }

    @Test func aNewSubscriberFirstReceivesTheCurrentStatus() async {
        output.refreshStatus.value = .beginHeaderRefresh
        let header = UIRefreshControl()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        #expect(header.isRefreshing)
        subscription.cancel()
    }

    @Test func aFooterSubscribedAgainMidRefreshKeepsShowingIt() async {
        let header = UIRefreshControl()
        var subscription = output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        await send(.beginHeaderRefresh, .hideFooter)
        subscription.cancel()
        subscription = output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        #expect(header.isRefreshing, "the relay replays what the statuses add up to, not just the last one")
        subscription.cancel()
    }

    @Test func beginFooterRefreshAfterAFailureLeavesAnMJFooterLoading() async {
        let footer = MJRefreshFooter(mainQueue: queue)
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
        await send(.beginFooterRefresh, .failed(message: "offline"))
        await send(.beginFooterRefresh)
        #expect(footer.state == .refreshing)
        subscription.cancel()
    }

    @Test func anEndAndABeginInOneTurnLeaveAnMJFooterLoading() async {
        let footer = MJRefreshFooter(mainQueue: queue)
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
        await send(.beginFooterRefresh)
        await send(.endFooterRefresh, .beginFooterRefresh)
        #expect(footer.state == .refreshing)
        subscription.cancel()
    }

    /// Statuses a handler sets while one is delivered queue up and go out first in, first out:
    /// to every observer, every stream, and the controls, whose final state depends on it.
    @Test func statusesSetInsideAHandlerAreDeliveredInTheOrderTheyWereSet() async {
        let relay = output.refreshStatus
        let stream = relay.values
        let setter = relay.subscribe { status in
            switch status {
            case .beginFooterRefresh:
                relay.value = .endFooterRefresh
                relay.value = .noMoreData
            case .beginHeaderRefresh:
                relay.value = .noMoreData
                relay.value = .resetNoMoreData
                relay.value = .endHeaderRefresh
            default:
                break
            }
        }
        var seen: [RefreshStatus] = []
        let recorder = relay.subscribe { seen.append($0) }
        let footer = RecordingFooter()
        let driver = output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
        relay.value = .beginFooterRefresh
        #expect(seen == [.none, .beginFooterRefresh, .endFooterRefresh, .noMoreData])
        #expect(relay.appearance.footer == .noMoreData(title: nil))
        relay.value = .beginHeaderRefresh
        let expected: [RefreshStatus] = [
            .none, .beginFooterRefresh, .endFooterRefresh, .noMoreData,
            .beginHeaderRefresh, .noMoreData, .resetNoMoreData, .endHeaderRefresh,
        ]
        #expect(seen == expected)
        #expect(relay.appearance.footer == .idle, "a reset set after the end of the list was overtaken by it")
        #expect(footer.commands.last == "reset", "the footer was driven to \(footer.commands)")
        var streamed: [RefreshStatus] = []
        for await status in stream {
            streamed.append(status)
            if streamed.count == expected.count {
                break
            }
        }
        #expect(streamed == expected)
        for subscription in [setter, recorder, driver] {
            subscription.cancel()
        }
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
    var commands: [String] = []
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

/// Runs the MJRefresh mirrors' queued commands, then lets main-actor tasks the library scheduled
/// (its re-check after asynchronous control commands) run, as the real main queue would, in order.
@MainActor
func settle(_ queue: MainQueueMirror) async {
    for _ in 0..<5 {
        queue.drain()
        for _ in 0..<10 {
            await Task.yield()
        }
    }
    queue.drain()
}
