#if canImport(UIKit) && !os(watchOS)
    public import Refreshable
    public import UIKit

    /// `UICollectionView` is a list view as it is: `reloadData()` is its own, a failure on an empty list
    /// covers it with a ``RefreshFailurePlaceholderView`` as its background view, and a failure over
    /// items shows a ``RefreshToastView``.
    extension UICollectionView: RefreshListView {
        /// Covers the empty list with a ``RefreshFailurePlaceholderView`` whose Retry button calls
        /// `retry`; the collection view's own background view comes back when the placeholder goes.
        /// - Parameters:
        ///   - failure: What went wrong.
        ///   - retry: The library's retry.
        public func showFailurePlaceholder(_ failure: RefreshFailure, retry: @escaping @MainActor () -> Void) {
            coverWithFailurePlaceholder(failure, retry: retry)
        }

        /// Removes the placeholder, if shown, and puts back the background view it covered.
        public func hideFailurePlaceholder() {
            removeFailurePlaceholder()
        }

        /// Shows the failure's message in a ``RefreshToastView`` over the items, which stay.
        /// - Parameter failure: What went wrong.
        public func showFailureMessage(_ failure: RefreshFailure) {
            RefreshToastView.show(failure.message, over: self)
        }
    }
#endif
