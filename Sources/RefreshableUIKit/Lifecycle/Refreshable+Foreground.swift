#if canImport(UIKit) && !os(watchOS)
    public import Refreshable
    internal import Foundation
    internal import UIKit

    extension Refreshable {
        /// Calls `refreshIfStale(olderThan:)` each time the app comes back to the foreground, while
        /// the list is on screen: the one line a screen needs for "refresh if older than N". Call
        /// it once, in `viewDidLoad()`.
        ///
        /// ```swift
        /// refreshIfStaleOnForeground(olderThan: .seconds(5 * 60))
        /// ```
        ///
        /// It observes the scene's `willEnterForegroundNotification`, and the app's for an app
        /// without scenes (where both come, the second finds the list loading and starts nothing).
        /// A list that is a view controller refreshes only while its view is in a window, so a
        /// screen under another one is not reloaded behind the user's back; check it when the
        /// screen appears with `refreshIfStale(olderThan:)` itself. The observers hold the list
        /// weakly: once the list is gone, the next notification removes them and does nothing else. Staleness needs iOS 16 or tvOS 16
        /// (`Duration`).
        /// - Parameter maxAge: How old the list may be before coming back refreshes it.
        @available(iOS 16, tvOS 16, *)
        public func refreshIfStaleOnForeground(olderThan maxAge: Duration) {
            ForegroundRefresh(list: self, maxAge: maxAge).start()
        }
    }

    /// Refreshes a stale list when the app comes back to the foreground, until the list is gone.
    @available(iOS 16, tvOS 16, *)
    @MainActor
    final class ForegroundRefresh<List: Refreshable> {
        private weak var list: List?
        private let maxAge: Duration
        private var observers: [any NSObjectProtocol] = []

        init(list: List, maxAge: Duration) {
            self.list = list
            self.maxAge = maxAge
        }

        /// Observes the notifications; they keep this object until the list is gone.
        func start() {
            let names = [UIScene.willEnterForegroundNotification, UIApplication.willEnterForegroundNotification]
            observers = names.map { name in
                // Run on the main actor's next turn, from whatever thread posts.
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [self] _ in
                    Task { @MainActor in appWillEnterForeground() }
                }
            }
        }

        private func appWillEnterForeground() {
            guard let list else {
                observers.forEach(NotificationCenter.default.removeObserver)
                observers = []
                return
            }
            if let screen = list as? UIViewController, screen.viewIfLoaded?.window == nil {
                return
            }
            _ = list.refreshIfStale(olderThan: maxAge)
        }
    }
#endif
