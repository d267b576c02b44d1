#if canImport(UIKit)
    public import UIKit

    // UIRefreshControl's own wiring surface on the header double, so that a controller which wires
    // its pull-to-refresh control with `addAction(_:for:)` runs that very line against the double.
    // (The Examples package compiles this file against its stand-in UIKit.)
    extension TestHeaderControl {
        /// Adds a `UIAction` for `controlEvents`, as `UIControl.addAction(_:for:)` does: a user's
        /// ``pull()`` sends `.valueChanged`, which runs it through a `UIControl` of its own, as
        /// UIKit runs the action of a `UIRefreshControl`.
        /// - Parameters:
        ///   - action: The action.
        ///   - controlEvents: The events that run it.
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
