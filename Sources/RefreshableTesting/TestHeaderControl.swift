public import Refreshable

/// A pull-to-refresh control that records every command it receives.
///
/// It has exactly the requirements of `RefreshHeaderControl` (the ones `UIRefreshControl`
/// and `MJRefreshHeader` have), and applies each command at once, as `UIRefreshControl` does.
///
/// The class is `@MainActor`, like the protocol it adopts, so it needs no lock: every command and
/// every query happens on the main actor. Create one per test.
///
/// ```swift
/// let header = TestHeaderControl()
/// header.beginRefreshing()
/// header.endRefreshing()
/// // header.calls == [.beginRefreshing, .endRefreshing], header.isRefreshing == false
/// ```
@MainActor
public final class TestHeaderControl: RefreshHeaderControl {
    /// One command the control received.
    public enum Call: Sendable, Hashable, CustomStringConvertible {
        /// ``TestHeaderControl/beginRefreshing()``.
        case beginRefreshing
        /// ``TestHeaderControl/endRefreshing()``.
        case endRefreshing

        /// The command's name, as the control's API spells it.
        public var description: String {
            switch self {
            case .beginRefreshing:
                return "header.beginRefreshing()"
            case .endRefreshing:
                return "header.endRefreshing()"
            }
        }
    }

    /// Every command received since creation or the last ``reset()``, oldest first.
    public private(set) var calls: [Call] = []

    /// Whether the control shows its refreshing state.
    public private(set) var isRefreshing = false

    /// Called after ``beginRefreshing()``, the way `MJRefreshHeader` fires its refreshing block when
    /// refreshing begins. `nil` by default, like `UIRefreshControl`, which fires only on a user's pull.
    public var onBeginRefreshing: (@MainActor () -> Void)?

    /// Creates an idle control.
    public init() {}

    /// Shows the refreshing state and records the call.
    public func beginRefreshing() {
        calls.append(.beginRefreshing)
        isRefreshing = true
        onBeginRefreshing?()
    }

    /// Leaves the refreshing state and records the call.
    public func endRefreshing() {
        calls.append(.endRefreshing)
        isRefreshing = false
    }

    /// Forgets the recorded calls; the visible state stays, as a real control's would.
    public func reset() {
        calls.removeAll()
    }

    /// Returns the calls recorded since the last ``popCalls()`` or ``reset()`` and forgets them.
    /// - Returns: The calls, oldest first.
    public func popCalls() -> [Call] {
        defer { calls.removeAll() }
        return calls
    }
}
