#if canImport(UIKit) && !os(watchOS)
    public import UIKit

    /// What `UITableView` and `UICollectionView` show when a load fails while the list keeps its
    /// items: the failure's message in a dark box near the bottom of the list, for two seconds.
    ///
    /// It goes on the list's superview, so it does not scroll with the rows; a newer message replaces
    /// one still shown. For another presentation, return a list view of your own from
    /// `refreshListView`.
    public final class RefreshToastView: UIView {
        /// The message.
        public let messageLabel = UILabel()
        /// How long a message stays on screen.
        static let displayNanoseconds: UInt64 = 2_000_000_000
        /// The space around the message inside the box, and between the box and the list's edges.
        static let padding: CGFloat = 12

        /// Creates a toast showing `message`.
        /// - Parameter message: The text.
        init(message: String) {
            super.init(frame: .zero)
            backgroundColor = UIColor(white: 0, alpha: 0.8)
            messageLabel.text = message
            messageLabel.numberOfLines = 0
            messageLabel.textAlignment = .center
            messageLabel.textColor = .white
            addSubview(messageLabel)
        }

        /// Not supported: the toast is made in code.
        /// - Parameter coder: An unarchiver.
        public required init?(coder: NSCoder) {
            fatalError("RefreshToastView is made by the list view; init(coder:) is not supported.")
        }

        /// Insets the message by the padding.
        override public func layoutSubviews() {
            super.layoutSubviews()
            let padding = Self.padding
            messageLabel.frame = CGRect(
                x: bounds.minX + padding, y: bounds.minY + padding,
                width: max(bounds.width - 2 * padding, 0), height: max(bounds.height - 2 * padding, 0))
        }

        /// Shows `message` over `list` for two seconds, replacing a toast still shown there.
        /// - Parameters:
        ///   - message: The text.
        ///   - list: The list; the toast goes on its superview (or on the list when it has none).
        static func show(_ message: String, over list: UIView) {
            let host = list.superview ?? list
            // The list's visible area in the host's coordinates: a scroll view's bounds move as it scrolls.
            let area = host === list ? list.bounds : list.frame
            for old in host.subviews where old is RefreshToastView {
                old.removeFromSuperview()
            }
            let toast = RefreshToastView(message: message)
            let width = max(area.width - 2 * padding, 0)
            let text = toast.messageLabel.sizeThatFits(
                CGSize(width: max(width - 2 * padding, 0), height: .greatestFiniteMagnitude))
            let height = min(text.height + 2 * padding, area.height)
            let y = max(area.maxY - height - 3 * padding, area.minY)
            toast.frame = CGRect(x: area.minX + padding, y: y, width: width, height: height)
            host.addSubview(toast)
            Task {
                try? await Task.sleep(nanoseconds: displayNanoseconds)
                toast.removeFromSuperview()
            }
        }
    }
#endif
