// Compiled where UIKit has UIRefreshControl, and, with REFRESHABLE_TESTING_UIKIT_SURFACE, in a
// module of the Examples package against its stand-in UIKit. (Not `canImport(UIKit)`: inside the
// Examples package's build, that depends on whether the stand-in happened to be built first.)
#if os(iOS) || os(tvOS) || os(visionOS) || targetEnvironment(macCatalyst) || REFRESHABLE_TESTING_UIKIT_SURFACE
    public import UIKit
    #if REFRESHABLE_TESTING_UIKIT_SURFACE
        public import RefreshableTesting
    #endif

    // UIRefreshControl's own wiring surface on the header double, so that a controller which wires
    // its pull-to-refresh control with `addAction(_:for:)` runs that very line against the double.
    extension TestHeaderControl {
        /// Adds a `UIAction` for `controlEvents`, as `UIControl.addAction(_:for:)` does: a user's
        /// ``pull()`` sends `.valueChanged`, which runs it through a `UIControl` of its own, as
        /// UIKit runs the action of a `UIRefreshControl`.
        /// - Parameters:
        ///   - action: The action.
        ///   - controlEvents: The events that run it.
        @available(iOS 14, tvOS 14, macCatalyst 14, *)
        public func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
            let relay = UIControl(frame: .zero)
            relay.addAction(action, for: controlEvents)
            addAction(
                TestAction(title: action.title) { _ in relay.sendActions(for: controlEvents) },
                for: Event(rawValue: controlEvents.rawValue)
            )
        }
    }
#endif
