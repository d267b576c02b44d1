/// The pull-to-refresh control at the top of a list.
///
/// The requirements are `UIRefreshControl`'s and `MJRefreshHeader`'s own: the `RefreshableUIKit`
/// product makes `UIRefreshControl` one, and MJRefresh's adapter is an empty extension in the app:
///
/// ```swift
/// extension MJRefreshHeader: @retroactive RefreshHeaderControl {}
/// ```
///
/// The library calls ``beginRefreshing()`` only when the control is not refreshing yet, and
/// ``endRefreshing()`` only for a refresh it began (or a user's pull it refused), so it never ends
/// a pull whose action has not arrived. Wire the control's action to
/// ``Refreshable/headerRefreshingAction()``: MJRefresh calls it after every `beginRefreshing()`,
/// also the library's own, and those late callbacks load nothing (see
/// <doc:Rules#Control-actions-and-echoes>).
@MainActor
public protocol RefreshHeaderControl: AnyObject {
    /// Whether the control shows its refreshing state.
    var isRefreshing: Bool { get }
    /// Shows the refreshing state.
    func beginRefreshing()
    /// Leaves the refreshing state.
    func endRefreshing()
}

/// The load-more control at the bottom of a list.
///
/// The requirements are `MJRefreshFooter`'s own, so
/// `extension MJRefreshFooter: @retroactive RefreshFooterControl {}` is the whole adapter. Two
/// requirements have defaults that controls with richer states can replace:
/// ``endRefreshingWithNoMoreData(title:)`` and ``endRefreshingWithFailure(message:)``. Replace the
/// second on a footer that can show text, so that a failed load-more shows on the footer as well
/// as in the passing message: the default shows nothing of it (the README's MJRefresh adapter
/// replaces both).
///
/// MJRefresh applies `endRefreshing()`, `endRefreshingWithNoMoreData()` and `resetNoMoreData()`
/// asynchronously, so the last call wins. The library therefore never sends a command that would
/// undo the state it wants: the last command a footer receives always matches the final state.
@MainActor
public protocol RefreshFooterControl: AnyObject {
    /// Whether the control shows its loading state.
    var isRefreshing: Bool { get }
    /// Whether the control is hidden.
    var isHidden: Bool { get set }
    /// Shows the loading state.
    func beginRefreshing()
    /// Leaves the loading state for the idle, ready-to-load-more state.
    func endRefreshing()
    /// Leaves the loading state for the end-of-list state, where pulling up loads nothing.
    func endRefreshingWithNoMoreData()
    /// Leaves the end-of-list state for the idle state.
    func resetNoMoreData()
    /// Shows the end-of-list state with a source's own text.
    /// - Parameter title: The text, such as "No more orders".
    func endRefreshingWithNoMoreData(title: String)
    /// Shows that loading more failed; pulling up again retries the same page.
    /// - Parameter message: What went wrong, for display.
    func endRefreshingWithFailure(message: String)
}

extension RefreshFooterControl {
    /// Shows the end-of-list state; the default ignores the title and calls ``endRefreshingWithNoMoreData()``.
    /// - Parameter title: The end-of-list text, unused by default.
    public func endRefreshingWithNoMoreData(title: String) {
        endRefreshingWithNoMoreData()
    }

    /// Shows a load-more failure; the default calls ``endRefreshing()``, which leaves the footer
    /// ready for the pull that retries.
    /// - Parameter message: What went wrong, unused by default.
    public func endRefreshingWithFailure(message: String) {
        endRefreshing()
    }
}

/// The list itself, for the parts of the screen besides the controls: reloading rows and
/// showing a failure.
///
/// `reloadData()` is `UITableView`'s and `UICollectionView`'s own; the `RefreshableUIKit` product
/// makes both list views, adding the two failure presentations (see <doc:Rules#Failures>).
@MainActor
public protocol RefreshListView: AnyObject {
    /// Reloads every row from the current source's items.
    func reloadData()
    /// Covers the empty list with a failure placeholder whose action retries.
    /// - Parameters:
    ///   - failure: What went wrong.
    ///   - retry: Call it when the user taps the placeholder's action.
    func showFailurePlaceholder(_ failure: RefreshFailure, retry: @escaping @MainActor () -> Void)
    /// Removes the failure placeholder, if shown.
    func hideFailurePlaceholder()
    /// Shows a passing message (a toast) over a list that keeps its items.
    /// - Parameter failure: What went wrong.
    func showFailureMessage(_ failure: RefreshFailure)
}
