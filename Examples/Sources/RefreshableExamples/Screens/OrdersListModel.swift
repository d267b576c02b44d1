import Observation
import Refreshable

/// A SwiftUI list model: an `@Observable` adopter of `Refreshable` whose header is SwiftUI's own
/// `.refreshable` spinner, whose footer and failure presentation are observable state the view
/// reads, and whose rows come from `currentItems` (observed through `refreshStatus`).
@MainActor
@Observable
final class OrdersListModel: Refreshable {
    var refreshStatus: RefreshSources<Order> = [RefreshState(noMoreTitle: "No more orders")]
    var currentIndex = 0
    /// The failure placeholder to show over the empty list, if any.
    private(set) var placeholder: FailurePlaceholder?
    /// The message of the last failure on a list that kept its items, if any.
    private(set) var toastMessage: String?
    /// The footer row's state, driven by the library.
    let footer = ListFooterState()
    /// How many rows before the end a load-more starts.
    let prefetchDistance = 5
    @ObservationIgnored private let header = RefreshableActionHeader()
    @ObservationIgnored private let api: OrdersAPI

    /// A failure placeholder: the message and the library's retry closure.
    struct FailurePlaceholder {
        /// What went wrong.
        let message: String
        /// Retries the load.
        let retry: @MainActor () -> Void
    }

    init(api: OrdersAPI) {
        self.api = api
    }

    var refreshHeaderControl: (any RefreshHeaderControl)? { header }
    var refreshFooterControl: (any RefreshFooterControl)? { footer }
    var refreshListView: (any RefreshListView)? { self }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
        let response = try await api.orders(tab: request.source, page: request.page)
        return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
    }

    /// The action for `.refreshable`: starts a refresh and returns when it settles. The load runs in
    /// the library's own task, so SwiftUI cancelling the awaiting task (it does when the view's
    /// identity changes) neither cancels the load nor reports it failed.
    func pullToRefresh() async {
        refresh()
        await header.untilRefreshEnds()
    }

    /// Loads more when a row near the end appears (call it from the rows' `onAppear`).
    /// - Parameter order: The row that appeared.
    func rowAppeared(_ order: Order) {
        guard let index = currentItems.firstIndex(of: order), index >= currentItems.count - prefetchDistance else {
            return
        }
        loadMore()
    }
}

extension OrdersListModel: RefreshListView {
    /// Nothing to do: the view observes `refreshStatus`, so SwiftUI re-renders the rows itself.
    func reloadData() {}

    func showFailurePlaceholder(_ failure: RefreshFailure, retry: @escaping @MainActor () -> Void) {
        placeholder = FailurePlaceholder(message: failure.message, retry: retry)
    }

    func hideFailurePlaceholder() {
        placeholder = nil
    }

    func showFailureMessage(_ failure: RefreshFailure) {
        toastMessage = failure.message
    }
}

/// The header behind SwiftUI's `.refreshable`: SwiftUI draws the spinner; this control only tells
/// the awaiting action when the library ends the refresh.
@MainActor
final class RefreshableActionHeader: RefreshHeaderControl {
    private(set) var isRefreshing = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func beginRefreshing() {
        isRefreshing = true
    }

    func endRefreshing() {
        isRefreshing = false
        let resumed = waiters
        waiters = []
        for waiter in resumed {
            waiter.resume()
        }
    }

    /// Returns once the header is not refreshing (at once if it is not now).
    func untilRefreshEnds() async {
        guard isRefreshing else { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}

/// The footer row of a SwiftUI list: an observable load-more control the library drives.
@MainActor
@Observable
final class ListFooterState: RefreshFooterControl {
    /// What the footer row shows.
    enum Look: Equatable {
        /// Ready to load more.
        case idle
        /// Loading more: a spinner.
        case loading
        /// The end of the list, with the source's own text.
        case noMoreData(String)
        /// Loading more failed; scrolling down again retries.
        case failed(String)
    }

    private(set) var look = Look.idle
    var isHidden = true

    var isRefreshing: Bool { look == .loading }

    func beginRefreshing() {
        look = .loading
    }

    func endRefreshing() {
        look = .idle
    }

    func endRefreshingWithNoMoreData() {
        look = .noMoreData("")
    }

    func resetNoMoreData() {
        look = .idle
    }

    func endRefreshingWithNoMoreData(title: String) {
        look = .noMoreData(title)
    }

    func endRefreshingWithFailure(message: String) {
        look = .failed(message)
    }
}
