/// One load that the state machine issued for one source.
///
/// A request is the token that ties a result to the source that asked for it (see <doc:Rules#Results-land-where-they-were-asked-for>).
/// Capture it when the load starts (``Refreshable/refreshRequest`` inside
/// ``Refreshable/refreshData(isRefresh:)``, or the argument of ``AsyncRefreshable/loadPage(_:)``)
/// and hand it back with the result. A result whose request is no longer the source's
/// in-flight request is stale and is discarded.
public struct RefreshRequest: Sendable, Hashable, CustomStringConvertible {
    /// Whether a load replaces the source's items, appends to them, or puts a page before them.
    public enum Kind: Sendable, Hashable {
        /// Pull to refresh: asks for the first page and replaces the items (see <doc:Rules#Refresh>);
        /// with ``RefreshPolicy/refreshesAroundPosition``, the page the user is on.
        case refresh
        /// Load more: asks for the page after the last one that loaded and appends (see <doc:Rules#Load-more>).
        case loadMore
        /// Load the page before the first loaded one (newer items above a feed or a chat, or a page
        /// the page cap dropped) and put its items before the others. Runs beside a load-more; a
        /// refresh supersedes it.
        case loadPrevious
    }

    /// The index of the source (tab) that issued the request.
    public let source: Int
    /// The page number to ask the server for. Under cursor paging (see ``RefreshPolicy/paging``),
    /// the page's place in the list, counted from ``RefreshPolicy/firstPage``.
    public let page: Int
    /// The cursor to ask the server with, under cursor paging: `nil` for a refresh, which asks for
    /// the first page, the ``RefreshPage/nextCursor`` of the last page that loaded for a
    /// load-more, and the ``RefreshPage/previousCursor`` of the first one for a load of the
    /// previous page. A refresh around the position (``RefreshPolicy/refreshesAroundPosition``)
    /// asks with the cursor that loaded the user's page forward: answer it as a load-more with
    /// that cursor. Always `nil` under page numbers.
    @inlinable public var cursor: String? { _cursor?.value }
    /// The cursor, boxed: a request without one copies as plain numbers and a nil reference.
    @usableFromInline let _cursor: CursorBox?
    /// Whether this load refreshes or loads more.
    public let kind: Kind
    /// A number unique among all requests of one ``RefreshSources`` value; newer requests have larger numbers.
    public let generation: UInt64
    /// A random number identifying the ``RefreshSources`` value that issued the request, so a request
    /// issued before `refreshStatus` was replaced (a logout, a new filter) never matches one issued after.
    public let origin: UInt64

    /// Creates a request. The state machine makes requests; tests and custom adopters may make their own.
    /// - Parameters:
    ///   - source: The index of the source that issued the request.
    ///   - page: The page number to load.
    ///   - kind: Whether the load refreshes or loads more.
    ///   - generation: A number unique among requests of the same ``RefreshSources``.
    ///   - origin: The identity of the ``RefreshSources`` value that issued the request.
    ///   - cursor: The cursor to ask the server with, under cursor paging.
    @inlinable
    public init(source: Int, page: Int, kind: Kind, generation: UInt64, origin: UInt64 = 0, cursor: String? = nil) {
        self.source = source
        self.page = page
        self._cursor = cursor.map(CursorBox.init)
        self.kind = kind
        self.generation = generation
        self.origin = origin
    }

    /// Two requests are equal when every field is; the generation, which tells most requests
    /// apart, is compared first.
    @inlinable
    public static func == (lhs: RefreshRequest, rhs: RefreshRequest) -> Bool {
        lhs.generation == rhs.generation && lhs.origin == rhs.origin && lhs.source == rhs.source
            && lhs.page == rhs.page && lhs.kind == rhs.kind
            && (lhs._cursor === rhs._cursor || lhs.cursor == rhs.cursor)
    }

    /// Hashes what equality compares.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(generation)
        hasher.combine(origin)
        hasher.combine(source)
        hasher.combine(page)
        hasher.combine(kind)
        hasher.combine(cursor)
    }

    /// `true` for a refresh, `false` for a load-more or a load of the previous page: the `isRefresh`
    /// flag of `refreshData(isRefresh:)`.
    public var isRefresh: Bool { kind == .refresh }

    /// A short description such as `refresh(source: 0, page: 1, #3)` or, with a cursor,
    /// `loadMore(source: 0, page: 2, cursor: "c2", #4)`.
    public var description: String {
        let key = cursor.map { ", cursor: \"\($0)\"" } ?? ""
        return "\(kind)(source: \(source), page: \(page)\(key), #\(generation))"
    }
}

/// A cursor held by reference, so that requests and pages without one stay cheap to copy.
@usableFromInline
final class CursorBox: Sendable {
    @usableFromInline let value: String

    @usableFromInline
    init(_ value: String) {
        self.value = value
    }
}
