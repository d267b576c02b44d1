public import Refreshable

/// One load a ``TestPageLoader`` was asked for: which source, which page, and whether it refreshes.
public struct TestLoad: Sendable, Hashable, CustomStringConvertible {
    /// The number of the load within its loader, in the order the loads were asked for, from `0`.
    public let id: Int
    /// The source (tab) the load is for.
    public let source: Int
    /// The page asked for.
    public let page: Int
    /// Whether the load refreshes or loads more. When the adopter started the load without a
    /// `RefreshRequest`, this is inferred: the loader's first page means a refresh.
    public let kind: RefreshRequest.Kind
    /// The request the adopter passed, when it passed one.
    public let request: RefreshRequest?
    /// The cursor the load asked with: the request's, or the one given to
    /// ``TestPageLoader/load(cursor:source:)``; `nil` when it asked with none, or was made with
    /// neither a request nor a cursor (see ``asksByCursor``).
    public let cursor: String?
    /// Whether the load told the cursor it asks with: it came with a request, or through
    /// ``TestPageLoader/load(cursor:source:)``.
    public let asksByCursor: Bool

    package init(
        id: Int,
        source: Int,
        page: Int,
        kind: RefreshRequest.Kind,
        request: RefreshRequest?,
        cursor: String? = nil,
        asksByCursor: Bool = false
    ) {
        self.id = id
        self.source = source
        self.page = page
        self.kind = kind
        self.request = request
        self.cursor = request?.cursor ?? cursor
        self.asksByCursor = request != nil || asksByCursor
    }

    /// A short description such as `#3 loadMore(source: 1, page: 2)`, with the cursor it asked
    /// with when it has one: `#4 loadMore(source: 0, page: 3, cursor: "after-p2")`.
    public var description: String {
        let cursor = cursor.map { ", cursor: \"\($0)\"" } ?? ""
        return "#\(id) \(ConformanceMismatch.Load.name(of: kind))(source: \(source), page: \(page)\(cursor))"
    }
}

/// How a load a ``TestPageLoader`` was asked for ended, or that it has not.
public enum TestLoadOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The test has not resolved the load yet: it hangs.
    case pending
    /// The test answered the load with a page of this many items.
    case answered(itemCount: Int)
    /// The test failed the load with an error described so.
    case failed(String)
    /// The task awaiting the load was cancelled and the loader threw `CancellationError`.
    case cancelled

    /// A short description.
    public var description: String {
        switch self {
        case .pending:
            return "pending"
        case .answered(let count):
            return "answered with \(count) item(s)"
        case .failed(let message):
            return "failed (\(message))"
        case .cancelled:
            return "cancelled"
        }
    }
}

/// What a task awaiting ``TestPageLoader/load(_:)`` gets when it is cancelled.
public enum TestLoadCancellation: Sendable, Hashable {
    /// The load ends at once with `CancellationError`, as a loader that awaits `Task.sleep` or
    /// calls `Task.checkCancellation()` does. `URLSession`'s async methods throw
    /// `URLError(.cancelled)` instead; a load the library cancelled shows no failure either way,
    /// since it no longer waits for that load's result. To run the `URLError` path, have your own
    /// double catch `CancellationError` and throw your error.
    case throwsCancellationError
    /// The load stays pending until the test answers it, like a server that ignores
    /// cancellation; the answer then reaches a cancelled task.
    case ignoresCancellation
}
