import Refreshable
import RefreshableTesting
import Testing

@MainActor
@Suite struct DoubleTests {
    @Test func aUIRefreshControlHeaderCallsItsActionOnlyForAUsersPull() {
        let header = TestHeaderControl()
        var actions = 0
        header.action = { actions += 1 }
        header.beginRefreshing()
        #expect(header.isRefreshing)
        header.endRefreshing()
        #expect(!header.isRefreshing)
        #expect(actions == 0, "UIRefreshControl sends no .valueChanged from beginRefreshing()")
        header.pull()
        #expect(header.isRefreshing)
        #expect(actions == 1)
        #expect(header.calls == [.beginRefreshing, .endRefreshing])
        #expect(header.popCalls().map(\.description) == ["header.beginRefreshing()", "header.endRefreshing()"])
        #expect(header.calls.isEmpty)
    }

    // MJRefreshHeader.m: setState: Refreshing -> headerRefreshingAction, whose animation completion
    // calls executeRefreshingCallback unconditionally; MJRefreshComponent.m: endRefreshing dispatches
    // `self.state = MJRefreshStateIdle` to the main queue.
    @Test func anMJRefreshHeaderCallsItsActionAfterTheAnimationEvenWhenEndedMeanwhile() async {
        let header = TestHeaderControl(timing: .mjRefreshHeader(.manual))
        var actions = 0
        header.action = { actions += 1 }
        header.beginRefreshing()
        header.endRefreshing()
        #expect(header.isRefreshing, "the end waits for the main queue's next turn")
        await header.mainQueue.turn()
        #expect(!header.isRefreshing)
        #expect(actions == 0)
        header.finishBeginAnimations()
        #expect(actions == 1, "the animation's completion calls the action although the header ended")
    }

    @Test func anMJRefreshHeaderBeganTwiceOwesOneCallback() {
        let header = TestHeaderControl(timing: .mjRefreshHeader(.manual))
        header.beginRefreshing()
        header.beginRefreshing()
        header.pull()
        #expect(header.pendingBeginCallbacks == 1)
    }

    @Test func anMJRefreshHeaderWithATimedAnimationCallsBackOnItsOwnAfterItsTurns() async {
        let header = TestHeaderControl(timing: .mjRefreshHeader(.turns(3)))
        var actions = 0
        header.action = { actions += 1 }
        header.pull()
        await header.mainQueue.turns(2)
        #expect(actions == 0, "the begin animation completes on the third turn")
        await header.mainQueue.turn()
        #expect(actions == 1)
        await header.mainQueue.turns(5)
        #expect(actions == 1)
        #expect(header.mainQueue.isEmpty)
    }

    // MJRefreshHeader.m: the animation's completion calls executeRefreshingCallback whatever the
    // state is by then, so a begin ended before its animation completes still calls back.
    @Test func aTimedHeaderEndedBeforeItsAnimationCompletesStillCallsBackAfterTheEnd() {
        let mainQueue = TestMainQueue()
        let header = TestHeaderControl(timing: .mjRefreshHeader(.turns(2)), mainQueue: mainQueue)
        var refreshingWhenCalled: [Bool] = []
        header.action = { [unowned header] in refreshingWhenCalled.append(header.isRefreshing) }
        header.beginRefreshing()
        header.endRefreshing()
        mainQueue.runTurn()
        #expect(!header.isRefreshing, "the end applies on the main queue's next turn")
        #expect(refreshingWhenCalled.isEmpty)
        mainQueue.runTurn()
        #expect(refreshingWhenCalled == [false], "the late callback arrives after the end")
    }

    // MJRefreshAutoFooter.m: setHidden: YES sets the state to Idle.
    @Test func anMJRefreshAutoFooterForgetsTheEndOfTheListWhenHidden() {
        let footer = TestFooterControl(timing: .mjRefreshAutoFooter)
        var actions = 0
        footer.action = { actions += 1 }
        footer.endRefreshingWithNoMoreData(title: "The end")
        footer.flush()
        #expect(footer.state == .noMoreData(title: "The end"))
        footer.isHidden = true
        #expect(footer.state == .idle)
        footer.isHidden = false
        footer.beginRefreshing()
        footer.mainQueue.runTurn()
        #expect(actions == 1, "an auto footer calls its action once it begins")
    }

    // MJRefreshAutoFooter.m: setState: Refreshing calls executeRefreshingCallback, which
    // (MJRefreshComponent.m) dispatches the block to the main queue: it runs on the next turn.
    @Test func anMJRefreshAutoFooterCallsItsActionOnTheMainQueuesNextTurnNotFromBeginRefreshing() async {
        let footer = TestFooterControl(timing: .mjRefreshAutoFooter)
        var actions = 0
        footer.action = { actions += 1 }
        footer.beginRefreshing()
        footer.beginRefreshing()  // the state it shows already: nothing more owed
        #expect(footer.isRefreshing)
        #expect(actions == 0, "MJRefresh dispatches the block to the main queue's next turn")
        await footer.mainQueue.turn()
        #expect(actions == 1)
        footer.endRefreshing()
        await footer.mainQueue.turn()
        footer.pull()  // the user scrolls to the bottom
        #expect(actions == 1)
        await footer.mainQueue.turn()
        #expect(actions == 2)
        #expect(footer.mainQueue.isEmpty)
    }

    // A rig's doubles share its main queue, whose turns the rig takes as it settles: the callbacks
    // land in the order they were queued, as on the one real main queue.
    @Test func aRigsDoublesCallBackOnTheTurnsOfItsMainQueueInTheOrderTheyWereQueued() async {
        let rig = ConformanceRig(
            configuration: ConformanceConfiguration(
                headerTiming: .mjRefreshHeader(.turns(2)), footerTiming: .mjRefreshAutoFooter))
        var called: [String] = []
        rig.header.action = { called.append("header") }
        rig.footer.action = { called.append("footer") }
        rig.header.pull()
        rig.footer.pull()
        #expect(called.isEmpty)
        rig.mainQueue.runTurn()
        #expect(called == ["footer"], "the auto footer calls back on the next turn, the header's animation runs on")
        await rig.settle()
        #expect(called == ["footer", "header"])
        #expect(rig.mainQueue.isEmpty)
    }

    // The wiring surface of the real controls: UIControl's addAction(_:for:) for .valueChanged,
    // MJRefresh's refreshingBlock.
    @Test func aUsersPullSendsValueChangedToTheHeadersActionsButBeginRefreshingSendsNothing() {
        let header = TestHeaderControl()
        var pulled: [String] = []
        let pull = TestAction(title: "pull") { pulled.append($0.title) }
        header.addAction(pull, for: .valueChanged)
        header.addAction(TestAction { _ in pulled.append("tap") }, for: .primaryActionTriggered)
        header.beginRefreshing()
        header.endRefreshing()
        #expect(pulled.isEmpty, "UIRefreshControl sends no .valueChanged from beginRefreshing()")
        header.pull()
        #expect(pulled == ["pull"])
        header.endRefreshing()
        header.removeAction(pull, for: .valueChanged)
        header.pull()
        #expect(pulled == ["pull"])
        header.sendActions(for: .primaryActionTriggered)
        #expect(pulled == ["pull", "tap"])
    }

    @Test func anMJRefreshHeadersBlockRunsAfterEveryBeginsAnimation() {
        let header = TestHeaderControl(timing: .mjRefreshHeader(.manual))
        var blocks = 0
        header.refreshingBlock = { blocks += 1 }
        header.beginRefreshing()
        #expect(blocks == 0)
        header.finishBeginAnimations()
        #expect(blocks == 1, "the library's own begin calls the block too: its late callback")
        header.endRefreshing()
        header.flush()
        header.pull()
        header.finishBeginAnimations()
        #expect(blocks == 2)
    }

    @Test func anMJRefreshFootersBlockRunsForAPullAndForAnAutoFootersBegin() {
        let back = TestFooterControl(timing: .mjRefreshBackFooter(.manual))
        var blocks = 0
        back.refreshingBlock = { blocks += 1 }
        back.pull()
        back.finishBeginAnimations()
        #expect(blocks == 1)
        let auto = TestFooterControl(timing: .mjRefreshAutoFooter)
        auto.refreshingBlock = { blocks += 1 }
        auto.beginRefreshing()
        auto.mainQueue.runTurn()
        #expect(blocks == 2)
    }

    @Test func anMJRefreshBackFooterCallsItsActionAfterTheAnimation() {
        let footer = TestFooterControl(timing: .mjRefreshBackFooter(.manual))
        var actions = 0
        footer.action = { actions += 1 }
        footer.pull()
        #expect(footer.isRefreshing)
        #expect(actions == 0)
        footer.finishBeginAnimations()
        #expect(actions == 1)
    }

    @Test func footerLetsTheLastCallWinLikeMJRefresh() {
        let footer = TestFooterControl()
        footer.beginRefreshing()
        footer.endRefreshingWithNoMoreData(title: "The end")
        #expect(footer.state == .noMoreData(title: "The end"))
        footer.endRefreshing()
        #expect(footer.state == .idle, "a late endRefreshing() undoes the end of the list, as in MJRefresh")
        footer.isHidden = true
        #expect(
            footer.calls == [
                .beginRefreshing, .endRefreshingWithNoMoreData(title: "The end"), .endRefreshing, .setHidden(true),
            ]
        )
        footer.reset()
        #expect(footer.calls.isEmpty)
        #expect(footer.isHidden)
    }

    @Test func aLastCallWinsFooterAppliesEndCommandsOnTheNextTurn() async {
        let footer = TestFooterControl(timing: .lastCallWins)
        footer.beginRefreshing()
        footer.endRefreshingWithNoMoreData()
        footer.endRefreshing()
        #expect(footer.isRefreshing, "end commands wait for the main queue's next turn")
        #expect(footer.hasDeferredCommands)
        await Task.yield()
        #expect(footer.state == .idle)
        #expect(!footer.hasDeferredCommands)
        footer.endRefreshingWithFailure(message: "offline")
        footer.flush()
        #expect(footer.state == .failed(message: "offline"))
    }

    @Test func listViewShowsPlaceholderRetriesAndCollectsMessages() {
        let list = TestListView()
        let failure = RefreshFailure(
            request: RefreshRequest(source: 0, page: 1, kind: .refresh, generation: 1),
            reason: .loaderFailed("offline")
        )
        #expect(!list.tapRetry())
        var retries = 0
        list.showFailurePlaceholder(failure) { retries += 1 }
        #expect(list.placeholder == failure)
        #expect(list.tapRetry())
        #expect(retries == 1)
        list.hideFailurePlaceholder()
        #expect(list.placeholder == nil)
        #expect(!list.tapRetry())
        list.showFailureMessage(failure)
        list.reloadData()
        #expect(list.messages == [failure])
        #expect(list.reloadCount == 1)
        #expect(list.calls.count == 4)
        list.reset()
        #expect(list.calls.isEmpty && list.messages.isEmpty && list.reloadCount == 0)
    }

    @Test func splitMixAndEventSequencesReplayFromTheirSeed() {
        var a = SplitMix64(seed: 42)
        var b = SplitMix64(seed: 42)
        var c = SplitMix64(seed: 43)
        let first = (0..<8).map { _ in a.next() }
        #expect(first == (0..<8).map { _ in b.next() })
        #expect(first != (0..<8).map { _ in c.next() })
        let events = ModelEvent.sequence(seed: 7, count: 500, sourceCount: 3, pageSize: 4)
        #expect(events == ModelEvent.sequence(seed: 7, count: 500, sourceCount: 3, pageSize: 4))
        #expect(events.first == .appear)
        #expect(events.contains(.refresh) && events.contains(.loadMore) && events.contains(.tapRetry))
        #expect(events.contains { if case .answer = $0 { return true } else { return false } })
        #expect(events.contains { if case .cancel = $0 { return true } else { return false } })
    }
}
