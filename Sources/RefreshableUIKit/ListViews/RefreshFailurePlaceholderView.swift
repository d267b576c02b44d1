#if canImport(UIKit) && !os(watchOS)
    internal import Refreshable
    public import UIKit

    /// What `UITableView` and `UICollectionView` show as their background view when the first load
    /// of an empty list fails: the failure's message, centred, and a Retry button that loads again.
    ///
    /// The list views add it through `RefreshListView`'s `showFailurePlaceholder(_:retry:)` and
    /// remove it once the list loads, putting back the background view it covered. Style it through
    /// its labels (or `UIAppearance`, `UILabel.appearance(whenContainedInInstancesOf:)`); for another
    /// presentation, return a list view of your own from `refreshListView`.
    public final class RefreshFailurePlaceholderView: UIView {
        /// The failure's message.
        public let messageLabel = UILabel()
        /// Loads again; hidden before iOS 14 and tvOS 14 (where pulling the list retries).
        public let retryButton: UIButton
        /// The background view the placeholder covers, put back when it goes.
        let coveredBackgroundView: UIView?

        /// Creates a placeholder.
        /// - Parameters:
        ///   - failure: What went wrong; its message is shown.
        ///   - retry: Called when the Retry button is tapped.
        ///   - covered: The background view the placeholder replaces.
        init(failure: RefreshFailure, retry: @escaping @MainActor () -> Void, covering covered: UIView?) {
            if #available(iOS 14, tvOS 14, *) {
                retryButton = UIButton(type: .system, primaryAction: UIAction(title: "Retry") { _ in retry() })
            } else {
                retryButton = UIButton(type: .system)
                retryButton.isHidden = true
            }
            coveredBackgroundView = covered
            super.init(frame: .zero)
            messageLabel.text = failure.message
            messageLabel.numberOfLines = 0
            messageLabel.textAlignment = .center
            addSubview(messageLabel)
            addSubview(retryButton)
        }

        /// Not supported: the placeholder is made in code.
        /// - Parameter coder: An unarchiver.
        public required init?(coder: NSCoder) {
            fatalError("RefreshFailurePlaceholderView is made by the list view; init(coder:) is not supported.")
        }

        /// Centres the message, at most the width less a margin, with the button below it.
        override public func layoutSubviews() {
            super.layoutSubviews()
            let margin: CGFloat = 20
            let spacing: CGFloat = 12
            let width = max(bounds.width - 2 * margin, 0)
            let message = messageLabel.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude))
            let messageSize = CGSize(width: min(message.width, width), height: message.height)
            let buttonSize = retryButton.isHidden ? .zero : retryButton.sizeThatFits(bounds.size)
            let height = messageSize.height + (retryButton.isHidden ? 0 : spacing + buttonSize.height)
            var y = bounds.minY + max((bounds.height - height) / 2, 0)
            messageLabel.frame = CGRect(
                x: bounds.midX - messageSize.width / 2, y: y, width: messageSize.width, height: messageSize.height)
            y += messageSize.height + spacing
            retryButton.frame = CGRect(
                x: bounds.midX - buttonSize.width / 2, y: y, width: buttonSize.width, height: buttonSize.height)
        }
    }

    /// A list view whose background view can hold the failure placeholder: `UITableView` and
    /// `UICollectionView`.
    @MainActor
    protocol FailurePlaceholderHost: AnyObject {
        var backgroundView: UIView? { get set }
    }

    extension UITableView: FailurePlaceholderHost {}
    extension UICollectionView: FailurePlaceholderHost {}

    extension FailurePlaceholderHost {
        /// Covers the background view with a placeholder, keeping the app's own background view to
        /// put back (also when a placeholder is shown already).
        func coverWithFailurePlaceholder(_ failure: RefreshFailure, retry: @escaping @MainActor () -> Void) {
            let covered = (backgroundView as? RefreshFailurePlaceholderView)?.coveredBackgroundView ?? backgroundView
            backgroundView = RefreshFailurePlaceholderView(failure: failure, retry: retry, covering: covered)
        }

        /// Removes the placeholder, if shown, and puts back the background view it covered.
        func removeFailurePlaceholder() {
            if let placeholder = backgroundView as? RefreshFailurePlaceholderView {
                backgroundView = placeholder.coveredBackgroundView
            }
        }
    }
#endif
