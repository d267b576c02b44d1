import Refreshable
import RefreshableTesting
import Testing

private struct Output: OutputRefreshProtocol {
    let refreshStatus = RefreshStatusRelay()
}

/// `OutputRefreshProtocol`: every status's effect on the controls, order safety, and the subscription's lifetime.
@MainActor
@Suite("Status dispatch")
struct StatusDispatchTests {
    private let queue = TestMainQueue()
    private let output = Output()

    private func send(_ statuses: RefreshStatus...) async {
        for status in statuses {
            output.refreshStatus.value = status
        }
        await settle(queue)
    }

    @Test func beginAndEndHeaderRefreshDriveTheHeader() async {
        let header = TestHeaderControl()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        await send(.beginHeaderRefresh)
        #expect(header.isRefreshing)
        await send(.endHeaderRefresh)
        #expect(!header.isRefreshing)
        #expect(header.calls == [.beginRefreshing, .endRefreshing])
        subscription.cancel()
    }

    @Test func beginAndEndFooterRefreshDriveTheFooter() async {
        let footer = TestFooterControl(timing: .mjRefreshAutoFooter, mainQueue: queue)
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
        await send(.beginFooterRefresh)
        #expect(footer.state == .refreshing)
        await send(.endFooterRefresh)
        #expect(footer.state == .idle)
        subscription.cancel()
    }

    @Test func noMoreDataShowsTheEndAndResetReopensIt() async {
        let footer = TestFooterControl(timing: .mjRefreshAutoFooter, mainQueue: queue)
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
        await send(.beginFooterRefresh, .noMoreData)
        #expect(footer.state == .noMoreData(title: nil))
        await send(.resetNoMoreData)
        #expect(footer.state == .idle)
        subscription.cancel()
    }

    @Test func aLateEndFooterRefreshNeverUndoesNoMoreData() async {
        let footer = TestFooterControl(timing: .mjRefreshAutoFooter, mainQueue: queue)
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
        // The seed's replaying switch sends endRefreshing() after endRefreshingWithNoMoreData(), and
        // MJRefresh applies the last call: the footer would be idle again.
        output.refreshStatus.value = .beginFooterRefresh
        output.refreshStatus.value = .noMoreData
        output.refreshStatus.value = .endFooterRefresh
        output.refreshStatus.value = .beginFooterRefresh
        output.refreshStatus.value = .endFooterRefresh
        queue.drain()
        #expect(footer.state == .noMoreData(title: nil))
        subscription.cancel()
    }

    @Test func failedEndsBothControlsAndShowsTheFooterFailure() async {
        let header = TestHeaderControl()
        let footer = TestFooterControl()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        #expect(footer.calls == [.resetNoMoreData], "a newly subscribed footer is driven to the relay's state")
        footer.reset()
        await send(.beginHeaderRefresh, .failed(message: "offline"))
        #expect(!header.isRefreshing)
        #expect(footer.calls.isEmpty, "a failed refresh leaves an idle footer alone")
        await send(.beginFooterRefresh, .failed(message: "offline"))
        #expect(footer.calls == [.beginRefreshing, .endRefreshingWithFailure(message: "offline")])
        await send(.resetNoMoreData)
        #expect(footer.calls.last == .resetNoMoreData)
        subscription.cancel()
    }

    @Test func hideAndShowFooterToggleItsVisibilityOnly() async {
        let footer = TestFooterControl(timing: .mjRefreshAutoFooter, mainQueue: queue)
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
        await send(.noMoreData, .hideFooter)
        #expect(footer.isHidden)
        await send(.showFooter)
        #expect(!footer.isHidden)
        #expect(footer.state == .noMoreData(title: nil))
        subscription.cancel()
    }

    @Test func noneChangesNothing() async {
        let footer = TestFooterControl()
        let header = TestHeaderControl()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        footer.reset()
        await send(.none, .none)
        #expect(footer.calls.isEmpty)
        #expect(header.calls.isEmpty)
        subscription.cancel()
    }

    @Test func eitherControlMayBeAbsent() async {
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: nil)
        await send(.beginHeaderRefresh, .noMoreData, .failed(message: "x"))
        #expect(output.refreshStatus.observerCount == 1)
        subscription.cancel()
    }

    @Test func cancelledSubscriptionStopsDrivingAndLeavesNoObserver() async {
        let header = TestHeaderControl()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        subscription.cancel()
        subscription.cancel()
        await send(.beginHeaderRefresh)
        #expect(!header.isRefreshing)
        #expect(output.refreshStatus.observerCount == 0)
        #expect(subscription.isCancelled)
    }

    @Test func releasedSubscriptionStopsDriving() async {
        let header = TestHeaderControl()
        _ = output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        await send(.beginHeaderRefresh)
        #expect(!header.isRefreshing)
        #expect(output.refreshStatus.observerCount == 0)
    }

    @Test func subscriptionHoldsTheControlsWeakly() async {
        weak var weakHeader: TestHeaderControl?
        var subscriptions = Set<RefreshSubscription>()
        do {
            let header = TestHeaderControl()
            weakHeader = header
            output.autoSetRefreshHeaderStatus(header: header, footer: nil).store(in: &subscriptions)
        }
        #expect(weakHeader == nil)
        await send(.beginHeaderRefresh)
        #expect(subscriptions.count == 1)
    }

    @Test func aNewSubscriberFirstReceivesTheCurrentStatus() async {
        output.refreshStatus.value = .beginHeaderRefresh
        let header = TestHeaderControl()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        #expect(header.isRefreshing)
        subscription.cancel()
    }

    @Test func aFooterSubscribedAgainMidRefreshKeepsShowingIt() async {
        let header = TestHeaderControl()
        var subscription = output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        await send(.beginHeaderRefresh, .hideFooter)
        subscription.cancel()
        subscription = output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        #expect(header.isRefreshing, "the relay replays what the statuses add up to, not just the last one")
        subscription.cancel()
    }

    @Test func beginFooterRefreshAfterAFailureLeavesAnMJFooterLoading() async {
        let footer = TestFooterControl(timing: .mjRefreshAutoFooter, mainQueue: queue)
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
        await send(.beginFooterRefresh, .failed(message: "offline"))
        await send(.beginFooterRefresh)
        #expect(footer.state == .refreshing)
        subscription.cancel()
    }

    @Test func anEndAndABeginInOneTurnLeaveAnMJFooterLoading() async {
        let footer = TestFooterControl(timing: .mjRefreshAutoFooter, mainQueue: queue)
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
        let footer = TestFooterControl()
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
        #expect(footer.calls.last == .resetNoMoreData, "the footer was driven to \(footer.calls)")
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
