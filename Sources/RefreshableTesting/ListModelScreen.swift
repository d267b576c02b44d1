import Observation
import Refreshable

/// A SwiftUI screen over a `RefreshListModel`, drawn on the rig's doubles as a view draws the
/// model: the header's refreshing state from `isRefreshing`, the footer row from `isLoadingMore`,
/// `noMoreText` and `loadMoreFailure`, the placeholder with its retry button from `placeholder`,
/// and an alert for each failure (`failure`, `loadMoreFailure`, `loadPreviousFailure`) of a list
/// with items while its tab is on screen. It draws again
/// on the turn after the model changes, as Observation makes a view do, so a value the model does
/// not publish shows stale.
///
/// The suite drives it as a front door of its own: every action goes to the model (`setUp()`,
/// `.refreshable`'s `refresh()`, `loadMore()`, `cancelLoading()`, ...), whose runtime loads and
/// settles; it adopts `Refreshable` only as the suite's handle and is never set up as one.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class ListModelScreen<Item: Sendable & Equatable>: Refreshable, RoutedFrontDoor {
    let model: RefreshListModel<Item>
    private let rig: ConformanceRig<Item>
    private var alerted: Set<RefreshFailure> = []

    /// Switches tabs: a failure the tabs held before the switch comes on screen with it and is
    /// old news, not an alert; one of a load the switch starts (a restored tab's refresh that
    /// fails at once offline) is new.
    private func switchSource(to index: Int) {
        for state in model.refreshStatus.sources {
            for failure in [state.failure, state.loadMoreFailure, state.loadPreviousFailure].compactMap({ $0 }) {
                alerted.insert(failure)
            }
        }
        model.switchSource(to: index)
    }

    init(model: RefreshListModel<Item>, rig: ConformanceRig<Item>) {
        self.model = model
        self.rig = rig
        // `.refreshable { await model.refresh() }`; the footer is a row drawn from the model, which
        // loads more when the last rows come on screen, not a control a user pulls.
        rig.header.action = { [weak self] in self?.pullToRefresh() }
        redrawOnChange()
    }

    var refreshStatus: RefreshRuntime<Item> { model.refreshStatus }
    var currentIndex: Int {
        get { model.currentIndex }
        set { switchSource(to: newValue) }
    }
    // The screen draws the doubles itself; the model drives no control.
    var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { nil }
    /// The model's loader loads; nothing starts a load through the protocol.
    func refreshData(isRefresh: Bool) {}

    var cancelsOnlyTheCurrentSource: Bool { true }
    var drawsHeader: Bool { true }
    var drawsFooter: Bool { true }
    var drawsListView: Bool { true }

    func route(_ action: AdopterAction) -> Bool {
        switch action {
        case .appear:
            // `.task { model.setUp() }`
            model.setUp()
        case .refresh:
            pullToRefresh()
        case .loadMore:
            model.loadMore()
        case .loadPrevious:
            model.loadPrevious()
        case .switchSource(let index):
            switchSource(to: index)
        case .cancel:
            // `.onDisappear { model.cancelLoading() }`: the source on screen.
            model.cancelLoading()
        case .update(let item):
            model.updateItem(rig.loader.makeItems([item])[0], source: model.currentIndex)
        case .remove(let id):
            model.removeItem(id: rig.itemID(id), source: model.currentIndex)
        case .insert(let item, let position):
            model.insertItem(rig.loader.makeItems([item])[0], at: position)
        case .insertPending(let item, let position):
            model.insertPendingItem(rig.loader.makeItems([item])[0], at: position)
        case .pullFooter:
            // The user scrolls the last row on screen and away again: its `onAppear` and
            // `onDisappear`, which load more once per crossing.
            let last = model.items.count - 1
            guard last >= 0 else { return true }
            // In a list no longer than the rows near the start (`prefetchDistance`, one page by
            // default), the last row is one of the first: its crossing loads the previous page
            // too when something comes before it, as the model documents, which a load-more does
            // not ask for. That event calls `loadMore()` instead.
            let nearStart = max(model.prefetchDistance ?? model.refreshStatus.policy.pageSize, 1)
            guard last >= nearStart || model.refreshStatus[model.currentIndex].noPreviousData else { return false }
            // Offline, the last row coming on screen again after its load-more failed offline
            // starts nothing, as the model documents; a load-more asked for fails again.
            let failure = model.refreshStatus[model.currentIndex].loadMoreFailure
            guard !model.refreshStatus.isOffline || failure?.reason != .offline else { return false }
            model.itemDidAppear(at: last)
            model.itemDidDisappear(at: last)
        case .refreshIfStale(let minutes):
            model.refreshIfStale(olderThan: .seconds(minutes * 60))
        case .setOnline(let online):
            model.setOnline(online)
        case .rowAppears(let row):
            // The row's `onAppear` and `onDisappear`, as the user scrolls past it.
            model.itemDidAppear(at: row)
            model.itemDidDisappear(at: row)
        case .tapRetry, .retryNow, .pullHeader:
            return false
        }
        return true
    }

    /// `.refreshable { await model.refresh() }`, which SwiftUI runs in a task of its own, showing
    /// the refresh indicator until the action returns.
    private func pullToRefresh() {
        Task { [weak self] in
            guard let model = self?.model else { return }
            await model.refresh()
            self?.draw()
        }
    }

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
        let index = model.currentIndex
        // The footer row shows once the list loaded and while it has items (a row inserted before
        // the first page came does not show it).
        let footerHidden = items.isEmpty || !model.refreshStatus[index].hasLoaded
        if footer.isHidden != footerHidden {
            footer.isHidden = footerHidden
        }
        // The footer row shows the failed load-more, whatever failed at the start since.
        let wanted: TestFooterControl.State =
            model.isLoadingMore
            ? .refreshing
            : model.noMoreText.map { .noMoreData(title: $0) }
                ?? (model.loadMoreFailure.map { .failed(message: $0.message) } ?? .idle)
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
        // A failure first seen over an empty list is the placeholder's: rows that come later
        // (a local insertion) do not turn it into a message. Each direction's failure is its own
        // alert: two that fail in one turn (a retry of both ends offline) are both shown.
        let failures = [model.failure, model.loadMoreFailure, model.loadPreviousFailure].compactMap { $0 }
        for failure in failures where alerted.insert(failure).inserted {
            if !items.isEmpty {
                list.showFailureMessage(failure)
            }
        }
    }
}
