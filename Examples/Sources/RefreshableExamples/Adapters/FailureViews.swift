import Refreshable
import UIKit

// The two failure presentations the list adapters use (rule S6): a placeholder that covers an
// empty list and retries, and a passing message over a list that keeps its items.

/// Covers an empty list after a failed load: the failure's message and a Retry button.
final class RefreshFailurePlaceholderView: UIView {
    /// The failure's message.
    let messageLabel = UILabel()
    /// Retries the load; its primary action calls the library's retry closure.
    let retryButton: UIButton

    /// Creates the placeholder.
    /// - Parameters:
    ///   - failure: What went wrong.
    ///   - retry: The library's retry closure, called when the button is tapped.
    init(failure: RefreshFailure, retry: @escaping @MainActor () -> Void) {
        retryButton = UIButton(type: .system, primaryAction: UIAction(title: "Retry") { _ in retry() })
        super.init(frame: .zero)
        messageLabel.text = failure.message
        messageLabel.numberOfLines = 0
        addSubview(messageLabel)
        addSubview(retryButton)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }
}

/// A short message shown over a list that keeps its items, removed after a while.
final class RefreshToastView: UILabel {
    /// Shows a message over a view for `duration`.
    /// - Parameters:
    ///   - message: The message.
    ///   - view: The list; the toast goes on its superview, so it does not scroll with the rows.
    ///   - duration: How long the toast stays.
    static func show(_ message: String, over view: UIView, for duration: Duration = .seconds(2)) {
        let toast = RefreshToastView(frame: .zero)
        toast.text = message
        toast.numberOfLines = 0
        toast.backgroundColor = UIColor(white: 0, alpha: 0.8)
        (view.superview ?? view).addSubview(toast)
        Task {
            try? await Task.sleep(for: duration)
            toast.removeFromSuperview()
        }
    }
}
