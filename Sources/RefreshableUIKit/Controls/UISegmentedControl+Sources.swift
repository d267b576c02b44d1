#if canImport(UIKit) && !os(watchOS)
    public import Refreshable
    public import UIKit

    extension UISegmentedControl {
        /// Creates a segmented control with one segment per source of `list`, the current one
        /// selected, whose taps switch the source with `switchSource(to:)`: the tabs of a list.
        ///
        /// ```swift
        /// navigationItem.titleView = UISegmentedControl(titles: ["All", "Unpaid", "Shipped"], switching: self)
        /// ```
        ///
        /// A source shown for the first time loads its first page; one shown before keeps its items,
        /// page and end of list. The control holds the list weakly. A count of titles other than the
        /// list's count of sources stops with a message.
        /// - Parameters:
        ///   - titles: Each source's title, in order.
        ///   - list: The list whose source the control switches.
        @available(iOS 14, tvOS 14, *)
        public convenience init(titles: [String], switching list: some Refreshable) {
            let sources = list.refreshStatus.count
            guard titles.count == sources else {
                fatalError(
                    "UISegmentedControl(titles:switching:) got \(titles.count) titles for a list of \(sources) sources: give one title per source."
                )
            }
            self.init(items: titles)
            selectedSegmentIndex = list.currentIndex
            addAction(
                UIAction { [weak list, unowned self] _ in list?.switchSource(to: selectedSegmentIndex) },
                for: .valueChanged
            )
        }
    }
#endif
