import Refreshable
import UIKit

// The list adapter for UITableView, to copy into an app. `reloadData()` is UIKit's own; the
// failure presentations use the views in FailureViews.swift.

// swift-format-ignore: AvoidRetroactiveConformances
extension UITableView: @retroactive RefreshListView {
    /// Covers the empty list with a placeholder whose Retry button calls `retry`.
    /// - Parameters:
    ///   - failure: What went wrong.
    ///   - retry: The library's retry closure.
    public func showFailurePlaceholder(_ failure: RefreshFailure, retry: @escaping @MainActor () -> Void) {
        backgroundView = RefreshFailurePlaceholderView(failure: failure, retry: retry)
    }

    /// Removes the placeholder, leaving any other background view alone.
    public func hideFailurePlaceholder() {
        if backgroundView is RefreshFailurePlaceholderView {
            backgroundView = nil
        }
    }

    /// Shows the failure's message as a toast over the rows, which stay.
    /// - Parameter failure: What went wrong.
    public func showFailureMessage(_ failure: RefreshFailure) {
        RefreshToastView.show(failure.message, over: self)
    }
}
