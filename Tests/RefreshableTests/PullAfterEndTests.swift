import Refreshable
import RefreshableTesting
import Testing

/// A user's pull of an MJRefresh header made as soon as the end the library sent applied: the
/// library's record of that queued end must not outlive it and swallow the pull, and an action it
/// cannot judge yet must never leave the header spinning (see <doc:Rules#Control-actions-and-echoes>).
///
/// Each test drives the double's turns itself: `flush()` is MJRefresh's queued end applying, and
/// `mainQueue.turn()` one turn of the main queue, in which the library's check after its end runs.
@MainActor
@Suite("A pull right after the header's end applied")
struct PullAfterEndTests {
    /// A controller whose first page landed: the library began the header for it, its late
    /// callback came while the load ran, and the end the library sent is queued, not applied.
    private func controllerWithItsEndQueued() -> RealTimingController {
        let controller = RealTimingController()
        controller.setupRefreshHeader()
        controller.header.finishBeginAnimations()  // the callback of the library's begin: no load
        controller.answer(controller.lastRequest)
        return controller
    }

    /// A view model's list whose first page landed, its header wired through the subscription
    /// that drives it, with the end the subscription sent queued.
    private func viewModelWithItsEndQueued() -> (CallbackList, TestHeaderControl, RefreshSubscription) {
        let model = CallbackList(publishesStatuses: true)
        let header = TestHeaderControl(timing: .mjRefreshHeader(.manual))
        let subscription = model.output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        header.action = subscription.headerAction { model.refresh() }
        model.setupRefreshHeader()
        header.finishBeginAnimations()
        model.answer(model.requests[0])
        return (model, header, subscription)
    }

    @Test func aControllersPullMadeBeforeTheLibrarysCheckRanIsHeard() async {
        let controller = controllerWithItsEndQueued()
        #expect(controller.header.isRefreshing, "the end applies on the main queue's next turn")
        controller.header.flush()  // MJRefresh applies the end
        controller.header.pull()  // the user pulls at once
        await controller.mainQueue.turn()  // the library's check runs, the header refreshing again
        controller.header.finishBeginAnimations()  // the pull's callback
        #expect(controller.requests.map(\.kind) == [.refresh, .refresh], "the pull was swallowed")
        controller.answer(controller.lastRequest)
        await controller.nextTurns()
        #expect(!controller.header.isRefreshing, "the header spins forever")
    }

    @Test func aControllersPullWhoseCallbackCameBeforeAnyTurnIsHeardAfterIt() async {
        let controller = controllerWithItsEndQueued()
        controller.header.flush()
        controller.header.pull()
        controller.header.finishBeginAnimations()  // the pull's callback, with the end still on record
        await controller.nextTurns()
        #expect(controller.requests.map(\.kind) == [.refresh, .refresh], "the pull was swallowed")
        controller.answer(controller.lastRequest)
        await controller.nextTurns()
        #expect(!controller.header.isRefreshing, "the header spins forever")
    }

    @Test func aViewModelsPullMadeBeforeTheSubscriptionsCheckRanIsHeard() async {
        let (model, header, subscription) = viewModelWithItsEndQueued()
        #expect(header.isRefreshing, "the end applies on the main queue's next turn")
        header.flush()
        header.pull()
        await header.mainQueue.turn()
        header.finishBeginAnimations()
        #expect(model.requests.map(\.kind) == [.refresh, .refresh], "the pull was swallowed")
        model.answer(model.requests[model.requests.count - 1])
        await header.mainQueue.turns(4)
        #expect(!header.isRefreshing, "the header spins forever")
        subscription.cancel()
    }

    @Test func aViewModelsPullWhoseCallbackCameBeforeAnyTurnIsHeardAfterIt() async {
        let (model, header, subscription) = viewModelWithItsEndQueued()
        header.flush()
        header.pull()
        header.finishBeginAnimations()
        await header.mainQueue.turns(4)
        #expect(model.requests.map(\.kind) == [.refresh, .refresh], "the pull was swallowed")
        model.answer(model.requests[model.requests.count - 1])
        await header.mainQueue.turns(4)
        #expect(!header.isRefreshing, "the header spins forever")
        subscription.cancel()
    }

    @Test func theLateCallbackBeforeTheEndAppliedStillLoadsNothing() async {
        // The late callback of the library's begin, arriving while its end is queued: the header
        // shows refreshing until the end applies, and no load starts, on either front door.
        let controller = RealTimingController()
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest)  // faster than the begin animation
        #expect(controller.header.isRefreshing)
        controller.header.finishBeginAnimations()
        await controller.nextTurns()
        #expect(controller.requests.count == 1, "the late callback loaded again")
        #expect(!controller.header.isRefreshing)

        let model = CallbackList(publishesStatuses: true)
        let header = TestHeaderControl(timing: .mjRefreshHeader(.manual))
        let subscription = model.output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        header.action = subscription.headerAction { model.refresh() }
        model.setupRefreshHeader()
        model.answer(model.requests[0])
        #expect(header.isRefreshing)
        header.finishBeginAnimations()
        await header.mainQueue.turns(4)
        #expect(model.requests.count == 1, "the late callback loaded again")
        #expect(!header.isRefreshing)
        subscription.cancel()
    }
}
