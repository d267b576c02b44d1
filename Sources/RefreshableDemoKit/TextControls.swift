import Refreshable

/// A pull-to-refresh control drawn as text. It has `UIRefreshControl`'s three members, which is
/// all ``RefreshHeaderControl`` asks for, and records every command it receives.
@MainActor
final class TextHeader: RefreshHeaderControl {
    /// Whether the header shows its spinner.
    private(set) var isRefreshing = false
    /// Every command received, oldest first, such as `beginRefreshing()`.
    private(set) var commands: [String] = []
    /// The control's action, as `UIRefreshControl`'s `.valueChanged` target.
    var action: (@MainActor () -> Void)?

    func beginRefreshing() {
        isRefreshing = true
        commands.append("beginRefreshing()")
    }

    /// A user's pull, as `UIRefreshControl` has it: the spinner shows and the action runs at once.
    /// Pulling a header that refreshes already does nothing.
    func pull() {
        guard !isRefreshing else { return }
        isRefreshing = true
        action?()
    }

    func endRefreshing() {
        isRefreshing = false
        commands.append("endRefreshing()")
    }
}

/// A load-more control drawn as text, with `MJRefreshFooter`'s members plus the two richer states
/// (its own end-of-list title, a failure message). Records every command it receives.
@MainActor
final class TextFooter: RefreshFooterControl {
    /// What the footer shows, apart from being hidden.
    enum State: Equatable {
        /// "Pull up to load more".
        case idle
        /// "Loading more...".
        case refreshing
        /// The end of the list, with the tab's own text when the library passed one.
        case noMoreData(title: String?)
        /// A failed load-more; pulling up again retries.
        case failed(message: String)
    }

    /// What the footer shows.
    private(set) var state: State = .idle
    /// Every command received, oldest first.
    private(set) var commands: [String] = []
    /// Whether the footer is hidden. Like MJRefresh's footers it starts visible; the library hides it.
    var isHidden = false {
        didSet {
            if oldValue != isHidden {
                commands.append("isHidden = \(isHidden)")
            }
        }
    }

    var isRefreshing: Bool { state == .refreshing }

    func beginRefreshing() {
        state = .refreshing
        commands.append("beginRefreshing()")
    }

    func endRefreshing() {
        state = .idle
        commands.append("endRefreshing()")
    }

    func endRefreshingWithNoMoreData() {
        state = .noMoreData(title: nil)
        commands.append("endRefreshingWithNoMoreData()")
    }

    func endRefreshingWithNoMoreData(title: String) {
        state = .noMoreData(title: title)
        commands.append("endRefreshingWithNoMoreData(title: \"\(title)\")")
    }

    func resetNoMoreData() {
        state = .idle
        commands.append("resetNoMoreData()")
    }

    func endRefreshingWithFailure(message: String) {
        state = .failed(message: message)
        commands.append("endRefreshingWithFailure(message:)")
    }
}

/// The list itself, drawn as text: counts reloads, holds the failure placeholder (with its retry
/// action) and the toasts shown over a list that keeps its rows.
@MainActor
final class TextListView: RefreshListView {
    /// How many times the library asked for a reload.
    private(set) var reloadCount = 0
    /// The failure the placeholder shows, when the placeholder is up.
    private(set) var placeholder: RefreshFailure?
    /// Every toast shown, oldest first.
    private(set) var toasts: [String] = []
    private var retryAction: (@MainActor () -> Void)?

    func reloadData() {
        reloadCount += 1
    }

    func showFailurePlaceholder(_ failure: RefreshFailure, retry: @escaping @MainActor () -> Void) {
        placeholder = failure
        retryAction = retry
    }

    func hideFailurePlaceholder() {
        placeholder = nil
        retryAction = nil
    }

    func showFailureMessage(_ failure: RefreshFailure) {
        toasts.append(failure.message)
    }

    /// Taps the placeholder's retry button, as a user would.
    /// - Returns: `false` when no placeholder is up.
    @discardableResult
    func tapRetry() -> Bool {
        guard let retryAction else { return false }
        retryAction()
        return true
    }
}

extension RefreshAppearance {
    /// What the text controls visibly show, in the library's terms, so the renderer can print the
    /// statuses that led there with ``RefreshAppearance/statuses(from:)``.
    @MainActor
    init(showing header: TextHeader, _ footer: TextFooter, above previous: TextFooter) {
        self.init(
            header: header.isRefreshing ? .refreshing : .idle,
            footer: Footer(footer.state),
            isFooterHidden: footer.isHidden,
            previous: Footer(previous.state)
        )
    }
}

extension RefreshAppearance.Footer {
    /// A text control's state in the library's terms.
    init(_ state: TextFooter.State) {
        switch state {
        case .idle:
            self = .idle
        case .refreshing:
            self = .refreshing
        case .noMoreData(let title):
            self = .noMoreData(title: title)
        case .failed(let message):
            self = .failed(message: message)
        }
    }
}
