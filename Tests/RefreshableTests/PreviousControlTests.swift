import Refreshable
import RefreshableTesting
import Testing

/// A cursor feed with a control above the first row that loads previous pages: an MJRefresh-like
/// auto footer placed at the top, which calls its action on the main queue's turn after
/// `beginRefreshing()`. The loader's waits take the controls' turns.
@MainActor
private final class FeedController: AsyncRefreshable {
    let refreshStatus = RefreshRuntime<String>(
        noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 2, paging: .cursors))
    let mainQueue = TestMainQueue()
    let header: TestHeaderControl
    let footer: TestFooterControl
    let previous: TestFooterControl
    let loads = TestPageLoader<String>()

    var refreshHeaderControl: (any RefreshHeaderControl)? { header }
    var refreshFooterControl: (any RefreshFooterControl)? { footer }
    var refreshPreviousControl: (any RefreshFooterControl)? { previous }
    var refreshListView: (any RefreshListView)? { nil }

    init(previousTiming: TestFooterControl.Timing) {
        header = TestHeaderControl(mainQueue: mainQueue)
        footer = TestFooterControl(timing: .mjRefreshAutoFooter, mainQueue: mainQueue)
        previous = TestFooterControl(timing: previousTiming, mainQueue: mainQueue)
        loads.takesTurns(of: mainQueue)
        header.action = { [unowned self] in headerRefreshingAction() }
        footer.action = { [unowned self] in footerRefreshingAction() }
        previous.action = { [unowned self] in previousRefreshingAction() }
    }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<String> {
        try await loads.load(request)
    }

    func resolve(_ request: RefreshRequest, _ result: Result<RefreshPage<String>, any Error>) async {
        loads.resume(request, with: result)
        await loads.settle { !refreshStatus.sources.isInFlight(request) }
        previous.flush()
        footer.flush()
        await loads.settle()  // lets the check after the controls applied their commands run
    }

    func waitForStart(count: Int) async {
        await loads.settle { loads.started.count >= count }
    }

    /// Loads the first page: newer items above it (`previousCursor`), older below.
    static func loaded(previousTiming: TestFooterControl.Timing = .mjRefreshAutoFooter) async -> FeedController {
        let controller = FeedController(previousTiming: previousTiming)
        controller.setupRefreshHeader()
        await controller.waitForStart(count: 1)
        await controller.resolve(
            controller.loads.started[0],
            .success(RefreshPage(items: ["b", "c"], nextCursor: "older", previousCursor: "newer"))
        )
        return controller
    }
}

/// The control that loads previous pages, driven by a ``Refreshable`` adopter and by a view
/// model's statuses: it shows its own direction's load, end and failure, and its action is a load
/// of the previous page, never a second one for the library's own begin.
@MainActor
@Suite("The control that loads previous pages", .timeLimit(.minutes(1)))
struct PreviousControlTests {
    @Test func theControlAboveIsIdleWhileNewerItemsExistAndAtTheStartAfterAPageNumberedRefresh() async throws {
        let controller = await FeedController.loaded()
        #expect(controller.previous.state == .idle, "a cursor page with a previousCursor leaves the control ready")
        #expect(!controller.previous.isHidden)

        var sources = RefreshSources<Int>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2))
        let refresh = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(refresh, with: RefreshPage(items: [1, 2]))
        #expect(RefreshAppearance(state: sources[0]).previous == .noMoreData(title: nil))
    }

    @Test func loadPreviousShowsOnTheControlAboveAndItsOwnCallbackLoadsNothingMore() async {
        let controller = await FeedController.loaded()
        controller.loadPrevious()
        await controller.waitForStart(count: 2)
        #expect(controller.previous.state == .refreshing)
        #expect(controller.previous.actionCount == 1, "the auto footer called its action once it began")
        #expect(controller.loads.started.count == 2, "that callback started no second load")
        #expect(controller.footer.state == .idle, "the footer shows nothing of a load above the list")
        #expect(!controller.header.isRefreshing)

        await controller.resolve(controller.loads.started[1], .success(RefreshPage(items: ["a"])))
        #expect(controller.currentItems == ["a", "b", "c"])
        #expect(controller.previous.state == .noMoreData(title: nil), "no previousCursor: the start of the list")
        #expect(controller.footer.state == .idle)
    }

    @Test func aLateCallbackOfTheControlAboveAfterItsLoadEndedLoadsNothing() async {
        let controller = await FeedController.loaded(previousTiming: .mjRefreshBackFooter(.manual))
        controller.loadPrevious()
        await controller.waitForStart(count: 2)
        await controller.resolve(
            controller.loads.started[1], .success(RefreshPage(items: ["a"], nextCursor: nil, previousCursor: "newest")))
        #expect(controller.previous.state == .idle, "newer items still exist above")
        #expect(controller.previous.pendingBeginCallbacks == 1)
        controller.previous.finishBeginAnimations()  // the callback of the library's own begin, late
        await controller.loads.settle()
        #expect(controller.loads.started.count == 2, "a late callback is no user's pull")
    }

    @Test func aUserPullOfTheControlAboveLoadsThePreviousPage() async {
        let controller = await FeedController.loaded()
        controller.previous.pull()
        await controller.waitForStart(count: 2)
        let request = controller.loads.started[1]
        #expect(request.kind == .loadPrevious)
        #expect(request.cursor == "newer")
        await controller.resolve(
            request, .success(RefreshPage(items: ["a"], nextCursor: nil, previousCursor: "newest")))
        #expect(controller.previous.state == .idle, "newer items still exist above")
    }

    @Test func aChatPollsAgainFromTheControlAboveAfterAnEmptyAnswerThatCarriesACursor() async {
        let controller = await FeedController.loaded()
        controller.loadPrevious()
        await controller.waitForStart(count: 2)
        await controller.resolve(
            controller.loads.started[1], .success(RefreshPage(items: [], nextCursor: nil, previousCursor: "newer-2")))
        #expect(controller.currentItems == ["b", "c"])
        #expect(controller.previous.state == .idle, "nothing newer yet: the control above stays ready")
        await controller.loads.settle()
        #expect(controller.loads.started.count == 2, "the auto control above polls nothing by itself")

        controller.previous.pull()
        await controller.waitForStart(count: 3)
        let poll = controller.loads.started[2]
        #expect(poll.kind == .loadPrevious)
        #expect(poll.cursor == "newer-2", "the poll asks with the empty answer's cursor")
        await controller.resolve(poll, .success(RefreshPage(items: ["a"], nextCursor: nil, previousCursor: "newer-3")))
        #expect(controller.currentItems == ["a", "b", "c"])
        #expect(controller.previous.state == .idle)
    }

    @Test func aFailedLoadOfThePreviousPageShowsOnTheControlAboveOnly() async {
        let controller = await FeedController.loaded()
        controller.loadPrevious()
        await controller.waitForStart(count: 2)
        await controller.resolve(controller.loads.started[1], .failure(ServerError(code: 503)))
        guard case .failed = controller.previous.state else {
            Issue.record("the control above shows the failure, not \(controller.previous.state)")
            return
        }
        #expect(controller.footer.state == .idle, "the footer shows no failure of a load above the list")
        #expect(controller.currentItems == ["b", "c"])
        controller.previous.pull()
        await controller.waitForStart(count: 3)
        #expect(controller.loads.started.last?.cursor == "newer", "pulling again retries the same cursor")
        #expect(controller.loads.started.count == 3)
    }

    @Test func aRefreshEndsTheLoadAboveAndTheControlFollowsTheNewFirstPage() async {
        let controller = await FeedController.loaded()
        controller.loadPrevious()
        await controller.waitForStart(count: 2)
        controller.refresh()
        await controller.waitForStart(count: 3)
        controller.previous.flush()
        #expect(controller.previous.state == .idle, "the superseded load above ended with the refresh")
        await controller.resolve(controller.loads.started[2], .success(RefreshPage(items: ["n"], nextCursor: "k")))
        #expect(controller.previous.state == .noMoreData(title: nil), "the new first page has nothing above it")
    }

    @Test func aViewModelsStatusesDriveTheControlAboveAndHeaderStatusesLeaveItAlone() {
        let relay = RefreshStatusRelay()
        let output = RelayOutput(refreshStatus: relay)
        let header = TestHeaderControl()
        let footer = TestFooterControl()
        let previous = TestFooterControl()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: footer, previous: previous)
        defer { subscription.cancel() }
        #expect(previous.state == .noMoreData(title: nil), "a control starts at the start of the list")

        relay.send(.resetNoPreviousData)
        #expect(previous.state == .idle)
        relay.send(.beginPreviousLoad)
        #expect(previous.state == .refreshing)
        relay.send(.beginHeaderRefresh)
        relay.send(.endHeaderRefresh)
        #expect(previous.state == .refreshing, "header statuses never end the control above")
        relay.send(.previousLoadFailed(message: "offline"))
        #expect(previous.state == .failed(message: "offline"))
        #expect(footer.state == .idle, "a failure above the list leaves the footer alone")
        relay.send(.beginPreviousLoad)
        relay.send(.noPreviousData)
        relay.send(.endPreviousLoad)
        #expect(previous.state == .noMoreData(title: nil), "a late end cannot undo the start of the list")
        relay.send(.hideFooter)
        #expect(previous.isHidden, "the control above hides with the footer")
    }
}

/// A view model's output holding its relay.
private struct RelayOutput: OutputRefreshProtocol {
    let refreshStatus: RefreshStatusRelay
}
