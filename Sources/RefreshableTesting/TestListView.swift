public import Refreshable

/// A list that records reloads and failure presentations, and shows the failure placeholder and
/// messages they add up to.
///
/// The class is `@MainActor`, like `RefreshListView`, so it needs no lock. Create one per test.
@MainActor
public final class TestListView: RefreshListView {
    /// One call the list received.
    public enum Call: Sendable, Equatable, CustomStringConvertible {
        /// ``TestListView/reloadData()``.
        case reloadData
        /// ``TestListView/showFailurePlaceholder(_:retry:)``.
        case showFailurePlaceholder(RefreshFailure)
        /// ``TestListView/hideFailurePlaceholder()``.
        case hideFailurePlaceholder
        /// ``TestListView/showFailureMessage(_:)``.
        case showFailureMessage(RefreshFailure)

        /// The call as the list's API spells it.
        public var description: String {
            switch self {
            case .reloadData:
                return "list.reloadData()"
            case .showFailurePlaceholder(let failure):
                return "list.showFailurePlaceholder(\(failure))"
            case .hideFailurePlaceholder:
                return "list.hideFailurePlaceholder()"
            case .showFailureMessage(let failure):
                return "list.showFailureMessage(\(failure))"
            }
        }
    }

    /// Every call received since creation or the last ``reset()``, oldest first.
    public private(set) var calls: [Call] = []

    /// The failure the placeholder shows, or `nil` when no placeholder is shown.
    public private(set) var placeholder: RefreshFailure?

    /// Every failure message shown since creation or the last ``reset()``, oldest first.
    public private(set) var messages: [RefreshFailure] = []

    /// The number of ``reloadData()`` calls since creation or the last ``reset()``.
    public private(set) var reloadCount = 0

    /// The retry action of the placeholder shown, or `nil`: a test can keep it and call it later, as
    /// a cell that kept the closure would; ``tapRetry()`` taps the one shown now.
    public private(set) var retry: (@MainActor () -> Void)?

    /// Creates an empty list with no placeholder.
    public init() {}

    /// Records a reload.
    public func reloadData() {
        calls.append(.reloadData)
        reloadCount += 1
    }

    /// Shows the placeholder, keeps its retry action for ``tapRetry()``, and records the call.
    /// - Parameters:
    ///   - failure: What went wrong.
    ///   - retry: The placeholder's action.
    public func showFailurePlaceholder(_ failure: RefreshFailure, retry: @escaping @MainActor () -> Void) {
        calls.append(.showFailurePlaceholder(failure))
        placeholder = failure
        self.retry = retry
    }

    /// Removes the placeholder and records the call.
    public func hideFailurePlaceholder() {
        calls.append(.hideFailurePlaceholder)
        placeholder = nil
        retry = nil
    }

    /// Shows a message and records the call.
    /// - Parameter failure: What went wrong.
    public func showFailureMessage(_ failure: RefreshFailure) {
        calls.append(.showFailureMessage(failure))
        messages.append(failure)
    }

    /// Taps the placeholder's retry action, as a user would.
    /// - Returns: `false` when no placeholder is shown, so there is nothing to tap.
    @discardableResult
    public func tapRetry() -> Bool {
        guard placeholder != nil, let retry else { return false }
        retry()
        return true
    }

    /// Forgets the recorded calls, messages and reload count; the placeholder stays, as a real list's would.
    public func reset() {
        calls.removeAll()
        messages.removeAll()
        reloadCount = 0
    }

    /// Returns the calls recorded since the last ``popCalls()`` or ``reset()`` and forgets them.
    /// - Returns: The calls, oldest first.
    public func popCalls() -> [Call] {
        defer { calls.removeAll() }
        return calls
    }
}
