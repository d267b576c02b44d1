import Refreshable
import RefreshableTesting
import Testing

/// A callback-style controller that already had methods named like the library's entry points
/// before it adopted `Refreshable`, each doing something else: a navigation bar button's
/// `refresh()` that reloads a banner, its own `loadMore()`, `setupRefreshHeader()` and
/// `headerRefreshingAction()`. They count their calls and start no load.
@MainActor
private final class ButtonRefreshController: Refreshable {
    let refreshStatus = RefreshRuntime<String>(noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 3))
    let header = TestHeaderControl()
    private(set) var requests: [RefreshRequest] = []
    private(set) var ownCalls: [String] = []

    var refreshHeaderControl: (any RefreshHeaderControl)? { header }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { nil }

    func refreshData(isRefresh: Bool) {
        requests.append(refreshRequest)
    }

    func refresh() { ownCalls.append("refresh()") }
    func loadMore() { ownCalls.append("loadMore()") }
    func setupRefreshHeader() { ownCalls.append("setupRefreshHeader()") }
    func headerRefreshingAction() { ownCalls.append("headerRefreshingAction()") }

    /// Answers a request with a full page.
    func answer(_ request: RefreshRequest) {
        loadSuccess(RefreshPage(items: ["\(request.page).1", "\(request.page).2", "\(request.page).3"]), for: request)
    }
}

/// What glue code and the testing kit do with any adopter: wire a control's action to the header
/// action, as `UIRefreshControl(for:)` does, and call the entry points through the protocol.
@MainActor
private enum AnyAdopter {
    static func wireHeader(_ header: TestHeaderControl, to list: some Refreshable) {
        header.action = { [weak list] in list?.headerRefreshingAction() }
    }

    static func appear(_ list: some Refreshable) {
        list.setupRefreshHeader()
    }

    static func refresh(_ list: some Refreshable) {
        list.refresh()
    }

    static func loadMore(_ list: some Refreshable) {
        list.loadMore()
    }
}

/// An async controller that records every call of its loader, and has a `refreshData(isRefresh:)`
/// of its own, which the library never calls.
@MainActor
private final class RecordingAsyncController: AsyncRefreshable {
    let refreshStatus = RefreshRuntime<String>(noMoreTitles: ["A", "B"], policy: RefreshPolicy(pageSize: 3))
    var currentIndex = 0
    let loads = TestPageLoader<String>()
    private(set) var loadPageCalls: [RefreshRequest] = []
    /// The request in flight for the source when `loadPage(_:)` was called with it.
    private(set) var inFlightAtCall: [RefreshRequest?] = []
    private(set) var ownRefreshDataCalls = 0
    private(set) var appliedUpdates: [RefreshUpdate] = []

    var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { nil }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<String> {
        loadPageCalls.append(request)
        let state = refreshStatus[request.source]
        inFlightAtCall.append(request.kind == .loadPrevious ? state.previousInFlight : state.inFlight)
        return try await loads.load(request)
    }

    func refreshData(isRefresh: Bool) {
        ownRefreshDataCalls += 1
    }

    func refreshDidUpdate(_ update: RefreshUpdate) {
        if update.request != nil {
            appliedUpdates.append(update)
        }
    }

    /// Answers a pending request with a full page and waits until the library applied it.
    func answer(_ request: RefreshRequest) async {
        loads.resume(request, with: .success(RefreshPage(items: ["\(request.source).\(request.page)"], hasMore: true)))
        await loads.settle { !refreshStatus.sources.isInFlight(request) }
    }

    func waitForLoads(_ count: Int) async {
        await loads.settle { loads.started.count >= count }
    }
}

/// The front door: the library's entry points cannot be replaced by an adopter's methods of the
/// same names, and an async load goes out once, with its request, and comes back once.
@MainActor
@Suite("The front door")
struct FrontDoorTests {
    @Test func anAdoptersOwnMethodsNamedLikeEntryPointsDoNotReplaceTheLibrarys() throws {
        let controller = ButtonRefreshController()
        AnyAdopter.wireHeader(controller.header, to: controller)

        AnyAdopter.appear(controller)
        #expect(controller.requests.map(\.kind) == [.refresh], "the library's setup loads the first page")
        controller.answer(try #require(controller.requests.last))

        // The user pulls: the control sends its action.
        controller.header.pull()
        #expect(controller.requests.map(\.kind) == [.refresh, .refresh], "the pull refreshes through the library")
        controller.answer(try #require(controller.requests.last))

        AnyAdopter.loadMore(controller)
        #expect(controller.requests.map(\.kind) == [.refresh, .refresh, .loadMore])
        controller.answer(try #require(controller.requests.last))

        AnyAdopter.refresh(controller)
        #expect(controller.requests.map(\.kind) == [.refresh, .refresh, .loadMore, .refresh])
        #expect(controller.ownCalls.isEmpty, "the library called \(controller.ownCalls)")

        // The controller's own code still reaches its own methods, which start nothing.
        controller.refresh()
        #expect(controller.ownCalls == ["refresh()"])
        #expect(controller.requests.count == 4)
    }

    @Test func anAsyncLoadCallsLoadPageOncePerRequestWithTheRequest() async throws {
        let controller = RecordingAsyncController()
        controller.setupRefreshHeader()
        await controller.waitForLoads(1)
        await controller.answer(try #require(controller.loads.started.last))

        controller.loadMore()
        await controller.waitForLoads(2)
        // A refresh supersedes the load-more: its task is cancelled, and the refresh loads once.
        controller.refresh()
        await controller.waitForLoads(3)
        await controller.answer(try #require(controller.loads.started.last))

        controller.switchSource(to: 1)
        await controller.waitForLoads(4)
        await controller.answer(try #require(controller.loads.started.last))

        let started = controller.loads.started
        try #require(started.map(\.kind) == [.refresh, .loadMore, .refresh, .refresh])
        #expect(controller.loadPageCalls == started, "one call per request, with the request the library issued")
        #expect(controller.inFlightAtCall == started.map(Optional.some), "each was the source's request in flight")
        #expect(Set(started.map(\.generation)).count == started.count)
        #expect(controller.ownRefreshDataCalls == 0, "an AsyncRefreshable's loads all go to loadPage(_:)")
        #expect(
            controller.appliedUpdates.map(\.request) == [started[0], started[2], started[3]],
            "each answer comes back once, and the superseded load-more's never")
    }

    @Test func callingRefreshDataOfAnAsyncRefreshableStopsWithAMessage() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                AsyncController().refreshData(isRefresh: true)
            }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("an AsyncRefreshable loads every page with loadPage(_:)"))
    }
}
