import Refreshable
import RefreshableTesting
import Testing

/// A view model's list with an MJRefresh auto footer wired through its subscription, its first
/// page loaded.
@MainActor
private func loadedWithAutoFooter() async -> (CallbackList, TestFooterControl, RefreshSubscription) {
    let model = CallbackList(publishesStatuses: true)
    let footer = TestFooterControl(timing: .mjRefreshAutoFooter)
    let subscription = model.output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
    footer.action = subscription.footerAction { model.loadMore() }
    model.setupRefreshHeader()
    model.answer(model.requests[0])
    await footer.mainQueue.turns(4)
    return (model, footer, subscription)
}

/// A view model's controls wired through the subscription that drives them: MJRefresh's late
/// callback of a begin the subscription sent starts no load, and a user's pull always does.
@MainActor
@Suite("A view model's control actions")
struct ViewModelActionTests {
    @Test func anAppRefreshAnsweredBeforeTheBeginAnimationEndsLoadsOnce() async {
        let model = CallbackList(publishesStatuses: true)
        model.answersAtOnce = true
        let header = TestHeaderControl(timing: .mjRefreshHeader(.manual))
        let subscription = model.output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        header.action = subscription.headerAction { model.refresh() }
        model.refresh()  // the app's own refresh, answered from a cache at once
        await header.mainQueue.turns(4)
        #expect(!header.isRefreshing)
        #expect(header.pendingBeginCallbacks == 1)
        header.finishBeginAnimations()  // the callback of the subscription's own begin, late
        await header.mainQueue.turns(4)
        #expect(model.requests.count == 1, "the late callback loaded again")
        #expect(!header.isRefreshing, "the late callback began a load that never ends")
        subscription.cancel()
    }

    @Test func theHeadersCallbackForARefreshStillRunningLoadsNothing() async {
        // Under latestRefreshWins a second refresh would supersede the first: only the wrapper
        // tells the control's own callback from a pull.
        let model = CallbackList(
            policy: RefreshPolicy(pageSize: 3, conflictRule: .latestRefreshWins), publishesStatuses: true)
        let header = TestHeaderControl(timing: .mjRefreshHeader(.manual))
        let subscription = model.output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        header.action = subscription.headerAction { model.refresh() }
        model.refresh()
        header.finishBeginAnimations()
        #expect(model.requests.count == 1)
        model.answer(model.requests[0])
        await header.mainQueue.turns(4)
        #expect(!header.isRefreshing)
        #expect(model.currentItems.count == 3)
        subscription.cancel()
    }

    @Test func aUserPullOfTheHeaderRefreshesAndEnds() async {
        let model = CallbackList(publishesStatuses: true)
        model.answersAtOnce = true
        let header = TestHeaderControl(timing: .mjRefreshHeader(.manual))
        let subscription = model.output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        header.action = subscription.headerAction { model.refresh() }
        header.pull()
        header.finishBeginAnimations()
        #expect(model.requests.map(\.kind) == [.refresh])
        await header.mainQueue.turns(4)
        #expect(!header.isRefreshing, "the answered pull left the header refreshing")
        header.pull()  // a pull after a refresh the app started and the control's late callback
        header.finishBeginAnimations()
        #expect(model.requests.count == 2, "a user's pull was swallowed")
        subscription.cancel()
    }

    @Test func anAppLoadMoreBeginsTheAutoFooterWhoseCallbackLoadsNothing() async {
        let (model, footer, subscription) = await loadedWithAutoFooter()
        model.loadMore()  // the app's own load-more: the auto footer begins, and calls its action
        await footer.mainQueue.turn()  // on the main queue's next turn
        #expect(footer.actionCount == 1)
        #expect(model.requests.map(\.kind) == [.refresh, .loadMore], "the footer's own callback loaded more")
        model.answer(model.requests[1])
        await footer.mainQueue.turns(4)
        #expect(footer.state == .idle)
        footer.pull()  // the user scrolls to the bottom
        await footer.mainQueue.turn()
        #expect(model.requests.map(\.kind) == [.refresh, .loadMore, .loadMore], "a user's pull was swallowed")
        subscription.cancel()
    }

    @Test func theControlAboveTheFirstRowIgnoresItsLateCallbackAfterItsLoadEnded() async {
        let output = CallbackList.Output()  // statuses written by hand
        let previous = TestFooterControl(timing: .mjRefreshBackFooter(.manual))
        let subscription = output.autoSetRefreshHeaderStatus(header: nil, footer: nil, previous: previous)
        var asked = 0
        previous.action = subscription.previousAction { asked += 1 }
        output.refreshStatus.value = .resetNoPreviousData  // newer items exist above the first row
        output.refreshStatus.value = .beginPreviousLoad
        output.refreshStatus.value = .endPreviousLoad
        await previous.mainQueue.turns(4)
        #expect(previous.pendingBeginCallbacks == 1)
        previous.finishBeginAnimations()
        #expect(asked == 0, "the late callback was taken for a pull")
        previous.pull()
        previous.finishBeginAnimations()
        #expect(asked == 1, "a user's pull was swallowed")
        subscription.cancel()
    }

    @Test func aFooterPullTheListRefusesEndsInsteadOfSpinning() async {
        let (model, footer, subscription) = await loadedWithAutoFooter()
        model.refresh()
        footer.pull()  // refused: the list is refreshing
        await footer.mainQueue.turns(4)
        #expect(model.requests.map(\.kind) == [.refresh, .refresh])
        #expect(footer.state == .idle, "the refused pull left the footer spinning")
        model.answer(model.requests[1])
        await footer.mainQueue.turns(4)
        footer.pull()
        await footer.mainQueue.turn()  // MJRefresh calls the block on the main queue's next turn
        #expect(model.requests.map(\.kind) == [.refresh, .refresh, .loadMore], "a later pull was swallowed")
        #expect(footer.state == .refreshing)
        subscription.cancel()
    }

    @Test func aHeaderPullTheListRefusesEnds() {
        let model = CallbackList(
            policy: RefreshPolicy(pageSize: 3, conflictRule: .inFlightWins), publishesStatuses: true)
        let header = TestHeaderControl()
        let subscription = model.output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        header.action = subscription.headerAction { model.refresh() }
        model.refresh()
        model.answer(model.requests[0])
        model.loadMore()
        header.pull()  // refused: a load-more runs, and the load in flight wins
        #expect(model.requests.map(\.kind) == [.refresh, .loadMore])
        #expect(!header.isRefreshing, "the refused pull left the header spinning")
        subscription.cancel()
    }

    @Test func switchingToATabWhoseLoadMoreFailedShowsTheFailureWithoutBeginningTheFooter() async {
        let (model, footer, subscription) = await loadedWithAutoFooter()
        footer.pull()
        await footer.mainQueue.turn()  // MJRefresh calls the block on the main queue's next turn
        model.loadFailer(ServerError(code: 500), for: model.requests[1])
        model.switchSource(to: 1)
        model.answer(model.requests[2])
        await footer.mainQueue.turns(4)
        #expect(footer.state == .idle)
        footer.reset()
        let actions = footer.actionCount
        model.switchSource(to: 0)
        await footer.mainQueue.turns(4)
        #expect(footer.state == .failed(message: RefreshFailure.genericMessage))
        #expect(!footer.calls.contains(.beginRefreshing), "the switch began the footer on its way to the failure")
        #expect(footer.actionCount == actions, "the auto footer's action ran on a tab switch")
        subscription.cancel()
    }

    @Test func aViewModelGivenTheListShowsAndHidesThePlaceholderOfTheTabOnScreenOnly() {
        let model = CallbackList(publishesStatuses: true)
        let list = TestListView()
        model.listView = list
        model.setupRefreshHeader()
        model.loadFailer(ServerError(code: 500), for: model.requests[0])
        #expect(list.placeholder?.request == model.requests[0])
        #expect(list.tapRetry())
        #expect(list.placeholder == nil, "the retry's load left the placeholder over the list")
        model.answer(model.requests[1])
        #expect(list.placeholder == nil)
        model.refresh()  // tab 0 refreshes slowly; the user moves to tab 1
        model.switchSource(to: 1)
        model.answer(model.requests[3])
        model.loadFailer(ServerError(code: 503), for: model.requests[2])
        #expect(list.placeholder == nil, "tab 0's failure covered tab 1")
        #expect(list.messages.isEmpty, "tab 0's failure was shown on tab 1")
        #expect(model.refreshStatus[0].failure?.request == model.requests[2])
    }

    @Test func aCancelledSubscriptionPassesEveryActionOn() {
        let model = CallbackList(publishesStatuses: true)
        model.answersAtOnce = true
        let header = TestHeaderControl(timing: .mjRefreshHeader(.manual))
        let subscription = model.output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        var asked = 0
        let action = subscription.headerAction { asked += 1 }
        subscription.cancel()
        header.beginRefreshing()  // the app began the control itself; nothing drives it any more
        action()
        #expect(asked == 1)
    }
}
