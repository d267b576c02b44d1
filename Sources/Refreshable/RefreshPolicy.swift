/// How the state machine pages and resolves conflicting loads.
public struct RefreshPolicy: Sendable, Hashable {
    /// What happens when a load is asked for while another load of the same source is in flight (rule S11).
    public enum ConflictRule: Sendable, Hashable {
        /// The default: a refresh cancels an in-flight load-more (its result is then discarded);
        /// a load-more during a refresh is ignored; a second refresh during a refresh is ignored.
        case refreshWins
        /// Like ``refreshWins``, but a refresh during a refresh restarts it: the newer refresh
        /// supersedes the older one, whose result is then discarded.
        case latestRefreshWins
        /// Whatever is in flight finishes; every new request for that source is ignored until it settles.
        case inFlightWins
    }

    /// The number of items a full page holds. Used for the `count < pageSize` end-of-list fallback (rule S5).
    public var pageSize: Int
    /// The number of the first page, `1` for most servers, `0` for zero-based APIs.
    public var firstPage: Int
    /// What happens when a new load is asked for while one is in flight.
    public var conflictRule: ConflictRule
    /// Whether the header and footer send their action from `beginRefreshing()`, as MJRefresh's
    /// controls do. When `true`, ``Refreshable/refresh()`` and ``Refreshable/loadMore()`` ignore the
    /// one call that follows each `beginRefreshing()` the library sends, so a refresh started from
    /// code never loads twice. Leave it `false` for `UIRefreshControl`, which sends no action: then
    /// every call is taken as a real request.
    public var beginRefreshingSendsAction: Bool

    /// Creates a policy.
    /// - Parameters:
    ///   - pageSize: Items per full page; must be positive.
    ///   - firstPage: The first page's number; must not be negative.
    ///   - conflictRule: The rule for overlapping loads of one source.
    ///   - beginRefreshingSendsAction: Whether the controls call their action from `beginRefreshing()` (MJRefresh).
    public init(
        pageSize: Int = 20,
        firstPage: Int = 1,
        conflictRule: ConflictRule = .refreshWins,
        beginRefreshingSendsAction: Bool = false
    ) {
        precondition(
            pageSize > 0,
            "RefreshPolicy.pageSize is \(pageSize); pass the number of items a full page holds (at least 1)."
        )
        precondition(
            firstPage >= 0,
            "RefreshPolicy.firstPage is \(firstPage); pass the first page's number (1, or 0 for zero-based APIs)."
        )
        self.pageSize = pageSize
        self.firstPage = firstPage
        self.conflictRule = conflictRule
        self.beginRefreshingSendsAction = beginRefreshingSendsAction
    }
}
