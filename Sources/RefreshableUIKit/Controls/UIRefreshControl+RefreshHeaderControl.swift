// UIKit's pull-to-refresh control as the list's header. UIRefreshControl does not exist on tvOS, and
// watchOS has no UIKit views.
#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
    public import Refreshable
    public import UIKit

    // Not `@retroactive`: this package owns the protocol, so the conformance is not retroactive (the
    // compiler rejects the attribute here). An app's own adapters of imported types, such as
    // MJRefresh's controls, do need it.

    /// `UIRefreshControl` is a header control as it is: the protocol's requirements are its own
    /// `isRefreshing`, `beginRefreshing()` and `endRefreshing()`. Like UIKit, the library's
    /// `beginRefreshing()` sends no action: only a user's pull sends `.valueChanged`.
    extension UIRefreshControl: RefreshHeaderControl {}

    extension UIRefreshControl {
        /// Creates a refresh control whose pull calls `list`'s `headerRefreshingAction()`, the header
        /// action that refreshes and keeps the control refreshing until the load settles.
        ///
        /// ```swift
        /// tableView.refreshControl = UIRefreshControl(for: self)
        /// ```
        ///
        /// The control holds the list weakly. Name it as the list's header control
        /// (`var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }`).
        /// - Parameter list: The list the control refreshes.
        @available(iOS 14, *)
        public convenience init(for list: some Refreshable) {
            self.init()
            addAction(UIAction { [weak list] _ in list?.headerRefreshingAction() }, for: .valueChanged)
        }
    }
#endif
