import Observation
import Refreshable
import RefreshableTesting
import Testing

/// A SwiftUI screen over `RefreshListModel`, as a view would draw it, with the rig's doubles in
/// place of the views: the header's refreshing state from `isRefreshing`, the footer row from
/// `isLoadingMore`, `noMoreText` and a failed load-more, the placeholder with its retry button,
/// and an alert for each failure over a list with items that happens while its tab is on screen. It redraws on the next turn after the
/// model changes, as Observation makes a view do.
///
/// It adopts `Refreshable` only as the driver's handle: every call goes to the model, whose own
/// runtime loads and settles; the protocol's defaults are never reached.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class ListModelScreen: Refreshable {
    let model: RefreshListModel<TestItem>
    private let rig: ConformanceRig<TestItem>
    private var alerted: Set<RefreshFailure> = []
    /// The failures drawn so far, and the tabs whose footer shows a failed load-more until the
    /// next load-more or success, as a footer row that keeps its "tap to retry" would.
    private var seen: Set<RefreshFailure> = []
    private var footerFailed: Set<Int> = []
    /// The tab drawn last: a failure that comes on screen with a tab switch is old news, not an alert.
    private var drawnIndex = 0

    init(rig: ConformanceRig<TestItem>) {
        self.rig = rig
        let loader = rig.loader
        model = RefreshListModel(RefreshRuntime(rig.makeSources())) { request in
            try await loader.load(request)
        }
        redrawOnChange()
    }

    var refreshStatus: RefreshRuntime<TestItem> { model.refreshStatus }
    var currentIndex: Int {
        get { model.currentIndex }
        set { model.switchSource(to: newValue) }
    }
    // The screen draws the doubles itself; the model drives no control.
    var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { nil }

    /// `.task { model.setUp() }`
    func setupRefreshHeader() { model.setUp() }
    func setupRefreshFooter() { model.setUp() }
    /// `.refreshable { await model.refresh() }`, which SwiftUI runs in a task of its own.
    func refresh() {
        let model = model
        Task { await model.refresh() }
    }
    func headerRefreshingAction() { refresh() }
    func loadMore() { model.loadMore() }
    func footerRefreshingAction() { model.loadMore() }
    func switchSource(to index: Int) { model.switchSource(to: index) }
    func refreshFooter() { draw() }
    /// The model's loader loads; nothing starts a load through the protocol.
    func refreshData(isRefresh: Bool) {}

    private func redrawOnChange() {
        withObservationTracking {
            draw()
        } onChange: {
            Task { @MainActor [weak self] in self?.redrawOnChange() }
        }
    }

    /// Draws what a view would show for the model's observable values.
    private func draw() {
        let (header, footer, list) = (rig.header, rig.footer, rig.listView)
        if model.isRefreshing != header.isRefreshing {
            model.isRefreshing ? header.beginRefreshing() : header.endRefreshing()
        }
        let items = model.items
        if footer.isHidden != items.isEmpty {
            footer.isHidden = items.isEmpty
        }
        let failure = model.failure
        let index = model.currentIndex
        if let failure, seen.insert(failure).inserted, failure.request.kind == .loadMore, failure.reason != .cancelled {
            footerFailed.insert(index)
        }
        if model.isLoadingMore || failure == nil {
            footerFailed.remove(index)
        }
        let loadMoreFailed = footerFailed.contains(index)
        let wanted: TestFooterControl.State =
            model.isLoadingMore
            ? .refreshing
            : model.noMoreText.map { .noMoreData(title: $0) }
                ?? (loadMoreFailed ? .failed(message: failure?.message ?? "") : .idle)
        if footer.state != wanted {
            switch wanted {
            case .refreshing: footer.beginRefreshing()
            case .noMoreData(let title): footer.endRefreshingWithNoMoreData(title: title ?? "")
            case .failed(let message): footer.endRefreshingWithFailure(message: message)
            case .idle: footer.endRefreshing()
            }
        }
        if let placeholder = model.placeholder {
            if list.placeholder != placeholder {
                let model = model
                list.showFailurePlaceholder(placeholder) { model.retry() }
            }
        } else if list.placeholder != nil {
            list.hideFailurePlaceholder()
        }
        let switched = drawnIndex != model.currentIndex
        drawnIndex = model.currentIndex
        if let failure, failure.reason != .cancelled, !items.isEmpty, alerted.insert(failure).inserted, !switched {
            list.showFailureMessage(failure)
        }
    }
}

/// `RefreshListModel` is one more front door to the same runtime: the model check runs against it
/// through a screen that draws it as a SwiftUI view would.
@MainActor
@Suite struct ListModelFrontDoorTests {
    @Test(
        .disabled(
            "Refreshable's entry points (setupRefreshHeader(), refresh(), loadMore(), ...) are no longer requirements, so a wrapper's methods of those names cannot route the suite's calls to a model; the testing kit's own check of a RefreshListModel takes this test's place"
        ))
    func theSwiftUIListModelMatchesTheModel() async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let configuration = ConformanceConfiguration(endOfListSignals: .all, seed: 3_001)
        // The model has no way to cancel a load, so the events include no cancel.
        let result = await RefreshableModelCheck.run(
            configuration, steps: 20_000, cancels: false, makeItem: { $0 }, makeAdopter: { ListModelScreen(rig: $0) })
        #expect(result.steps == 20_000)
        if let failure = result.failure {
            Issue.record(failure)
        }
    }
}
