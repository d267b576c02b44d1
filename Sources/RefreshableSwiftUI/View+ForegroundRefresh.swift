#if canImport(SwiftUI)
    public import Refreshable
    public import SwiftUI

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension View {
        /// Calls `model.refreshIfStale(olderThan:)` each time the scene comes back from the
        /// background while this view is on screen: "refresh if older than N" in one line.
        ///
        /// ```swift
        /// List { ... }
        ///     .refreshable(model)
        ///     .refreshIfStaleOnForeground(model, olderThan: .seconds(5 * 60))
        /// ```
        ///
        /// It watches the environment's `scenePhase`; SwiftUI drops the watch with the view.
        /// - Parameters:
        ///   - model: The list's model.
        ///   - maxAge: How old the list may be before coming back refreshes it.
        /// - Returns: The view, refreshing a stale list on return to the foreground.
        @MainActor
        public func refreshIfStaleOnForeground<Item: Sendable>(
            _ model: RefreshListModel<Item>,
            olderThan maxAge: Duration
        ) -> some View {
            ForegroundRefreshView(content: self, model: model, maxAge: maxAge)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension RefreshListModel {
        /// Refreshes the list if it is at least `maxAge` old when the scene comes back from the
        /// background (from `.background` to `.inactive` or `.active`), as
        /// `refreshIfStaleOnForeground(_:olderThan:)` does from `onChange(of: scenePhase)`.
        /// - Parameters:
        ///   - oldPhase: The scene's phase before.
        ///   - newPhase: Its phase now.
        ///   - maxAge: How old the list may be before coming back refreshes it.
        /// - Returns: Whether a refresh started.
        @discardableResult
        public func scenePhaseDidChange(from oldPhase: ScenePhase, to newPhase: ScenePhase, olderThan maxAge: Duration)
            -> Bool
        {
            guard oldPhase == .background, newPhase != .background else { return false }
            return refreshIfStale(olderThan: maxAge)
        }
    }

    /// A view that refreshes a stale list when its scene comes back from the background.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct ForegroundRefreshView<Content: View, Item: Sendable>: View {
        @Environment(\.scenePhase) private var scenePhase
        let content: Content
        let model: RefreshListModel<Item>
        let maxAge: Duration

        var body: some View {
            content.onChange(of: scenePhase) { oldPhase, newPhase in
                model.scenePhaseDidChange(from: oldPhase, to: newPhase, olderThan: maxAge)
            }
        }
    }
#endif
