#if canImport(UIKit) && !os(watchOS)
    public import Refreshable
    public import UIKit

    /// The tabs of a list, as `UISegmentedControl(titles:switching:)` makes them, that also scroll
    /// the list to the top and refresh it when the user taps the selected tab again.
    ///
    /// ```swift
    /// navigationItem.titleView = RefreshSegmentedControl(
    ///     titles: ["Latest", "Hot", "Following"], switching: self, scrollingToTop: tableView)
    /// ```
    ///
    /// A tap on another tab switches the source, as with `UISegmentedControl(titles:switching:)`. A
    /// tap on the selected one scrolls `scrollView` to its top and calls `refresh()`, which shows
    /// the header refreshing and, like a pull, leaves a refresh in flight alone. The control holds
    /// the list and the scroll view weakly.
    @available(iOS 14, tvOS 14, *)
    public final class RefreshSegmentedControl: UISegmentedControl {
        /// What a tap on the selected segment does.
        private var reselect: (@MainActor () -> Void)?

        /// Creates the tabs of `list`, whose selected tab tapped again scrolls `scrollView` to the
        /// top and refreshes.
        /// - Parameters:
        ///   - titles: Each source's title, in order; a count other than the list's count of
        ///     sources stops with a message.
        ///   - list: The list whose source the control switches and refreshes.
        ///   - scrollView: The table or collection view that shows the list.
        public convenience init(
            titles: [String], switching list: some Refreshable, scrollingToTop scrollView: UIScrollView
        ) {
            self.init(titles: titles, switching: list)
            reselect = { [weak list, weak scrollView] in
                if let scrollView {
                    let top = CGPoint(x: scrollView.contentOffset.x, y: -scrollView.adjustedContentInset.top)
                    scrollView.setContentOffset(top, animated: true)
                }
                list?.refresh()
            }
        }

        /// Runs the reselect action when the touch leaves the selection as it was: a tap on the
        /// selected segment, which sends no `.valueChanged`.
        /// - Parameters:
        ///   - touches: The touches that ended.
        ///   - event: The event they belong to.
        public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            let selected = selectedSegmentIndex
            super.touchesEnded(touches, with: event)
            if selectedSegmentIndex == selected, selected != UISegmentedControl.noSegment {
                reselect?()
            }
        }
    }
#endif
