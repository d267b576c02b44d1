/// A saved list: what a list holds and where each source is in its paging, to show the list again
/// at once at the next launch (see <doc:SavingAndRestoringAList>).
///
/// Take one with ``RefreshRuntime/snapshot()`` (or ``RefreshSources/snapshot()``,
/// ``RefreshListModel/snapshot()``), encode it with the encoder your app uses (it is `Codable`
/// when the items are), and put it back with ``RefreshRuntime/restore(from:)``:
///
/// ```swift
/// let data = try JSONEncoder().encode(refreshStatus.snapshot())
/// // at the next launch
/// try? refreshStatus.restore(from: JSONDecoder().decode(RefreshSnapshot<Order>.self, from: data))
/// ```
///
/// A snapshot holds each source's items and its paging position: the last page loaded and the
/// first one held (or the cursors past each end), whether each end was reached, the pages held
/// under a page cap, and the policy settings those numbers depend on (page numbers or cursors,
/// the first page's number, the cap). Under ``RefreshPolicy/refreshesAroundPosition`` it also
/// holds the page a refresh asks for (the page of the row on screen last), while that page is
/// held, so that the restored list refreshes where the user was. It holds nothing in flight and
/// no failure: a restored list loads afresh. It holds no id index either: restoring builds it again from the items, which
/// costs less than decoding one. Local edits are saved as the items they left, and a local
/// removal no longer holds back a later page that brings the item again.
public struct RefreshSnapshot<Item: Sendable>: Sendable {
    /// The format this version of the library writes and reads. A snapshot written in another
    /// format is refused with ``RefreshSnapshotError/incompatibleVersion(found:supported:)``.
    ///
    /// The saved position of a refresh around the position is an optional entry of format 1: a
    /// snapshot without it (saved by an earlier version) restores with no position, so its
    /// refresh asks for the first page, and an earlier version reading a snapshot with it
    /// restores everything else. So is the time of each source's last refresh: a snapshot without it
    /// restores with no age, so its list refreshes on its first appearance.
    public static var currentFormatVersion: Int { 1 }

    /// The format the snapshot was written in.
    public let formatVersion: Int
    /// Page numbers or cursors, when the snapshot was taken.
    var paging: RefreshPolicy.Paging
    /// The policy's first page, when the snapshot was taken.
    var firstPage: Int
    /// The policy's page cap, when the snapshot was taken.
    var maxPages: Int?
    /// One entry per source, in order.
    var sources: [SourceSnapshot<Item>]

    /// The number of sources saved.
    public var sourceCount: Int { sources.count }

    /// The items saved for one source, in order.
    /// - Parameter source: The source's index; out of range stops with a message.
    /// - Returns: The source's items.
    public func items(of source: Int) -> [Item] {
        require(
            source >= 0 && source < sources.count,
            "RefreshSnapshot.items(of:): source index \(source) is out of range; the snapshot has \(sources.count) source(s)."
        )
        return sources[source].items
    }
}

/// One source of a ``RefreshSnapshot``. Not nested in the generic snapshot, so its coding keys
/// stay plain.
struct SourceSnapshot<Item: Sendable>: Sendable {
    var items: [Item]
    /// Whether a load of the source had succeeded; an unloaded source is restored unloaded.
    var hasLoaded: Bool
    /// The last page loaded (forward), its end, and the cursor a load-more asks with.
    var page: Int
    var noMoreData: Bool
    var nextCursor: String?
    /// The first page held (backward), its end, and the cursor a load of the previous page asks with.
    var firstLoadedPage: Int
    var noPreviousData: Bool
    var previousCursor: String?
    /// The pages held under a page cap, front to back; empty without one.
    var heldPages: [HeldPage]
    /// How many items the server sent before the first page held (pages the cap dropped).
    var itemsBefore: Int
    /// With an identity: how many items the server sent beyond those held (see `ItemIndex.unheld`).
    var unheld: Int
    /// With an identity: how many of the first and of the last items are pending local items,
    /// still waiting for an answer that brings them.
    var pendingFront = 0
    var pendingBack = 0
    /// Under ``RefreshPolicy/refreshesAroundPosition``, the page a refresh asks for, inside the
    /// pages held; `nil` for the first page (and in snapshots saved before it was kept).
    var position: RefreshPosition?
    /// When the source last refreshed successfully, in seconds on the wall clock the app gave
    /// ``RefreshRuntime/snapshot(wallClock:)``; `nil` when it gave none, when the source never
    /// refreshed on the runtime's clock, and in snapshots saved before it was kept.
    var refreshedAt: Double?
}

extension RefreshSnapshot: Equatable where Item: Equatable {}
extension SourceSnapshot: Equatable where Item: Equatable {}

/// Why a ``RefreshSnapshot`` was refused. The list that refused it is left empty and unloaded,
/// as a new list is: its first appearance loads the first page.
public enum RefreshSnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The snapshot was written in another format (``RefreshSnapshot/formatVersion``) than this
    /// version of the library reads (``RefreshSnapshot/currentFormatVersion``).
    case incompatibleVersion(found: Int, supported: Int)
    /// The snapshot has another number of sources than the list.
    case sourceCountMismatch(snapshot: Int, list: Int)
    /// The snapshot was taken under another paging (page numbers or cursors) or another first
    /// page than the list's policy: its page numbers mean something else.
    case policyMismatch
    /// The snapshot's contents contradict each other: edited or damaged after it was saved.
    case corrupt(source: Int, Corruption)

    /// What is wrong in a corrupt snapshot.
    public enum Corruption: Sendable, Hashable {
        /// A page number below the policy's first page, a last page loaded before the first
        /// page held, or a saved position (see ``RefreshPolicy/refreshesAroundPosition``) outside
        /// the pages held: before the first, after the last, or in a source that never loaded.
        case pageOutOfRange
        /// Under cursor paging, an end that is open without a cursor or ended with one, or a saved
        /// position without a cursor; under page numbers, any cursor.
        case cursorMismatch
        /// A count that is negative, that added to the others would overflow, or more pending
        /// local items than items.
        case invalidCount
        /// The pages held do not add up to the items (less the pending local items), or are more
        /// than the cap the snapshot was taken under allows. A snapshot taken under another cap
        /// than the list's is no mismatch: it keeps its items.
        case heldPagesMismatch
        /// A source that never loaded holds items other than pending local items.
        case itemsWithoutLoad
        /// Two items have the same id under the list's identity; `position` is the second.
        case duplicateID(position: Int)
    }

    /// What went wrong, in English.
    public var description: String {
        switch self {
        case .incompatibleVersion(let found, let supported):
            return "The saved list is in format \(found); this version reads format \(supported)."
        case .sourceCountMismatch(let snapshot, let list):
            return "The saved list has \(snapshot) source(s); this list has \(list)."
        case .policyMismatch:
            return "The saved list was paged differently (page numbers or cursors, or the first page)."
        case .corrupt(let source, let corruption):
            return "The saved list is damaged (source \(source): \(corruption))."
        }
    }
}

// MARK: Coding

extension RefreshSnapshot {
    enum CodingKeys: String, CodingKey {
        case formatVersion, paging, firstPage, maxPages, sources
    }
}

extension RefreshSnapshot: Encodable where Item: Encodable {
    /// Encodes the snapshot; the items with their own `Encodable` conformance.
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formatVersion, forKey: .formatVersion)
        try container.encode(paging == .cursors ? "cursors" : "pageNumbers", forKey: .paging)
        try container.encode(firstPage, forKey: .firstPage)
        try container.encodeIfPresent(maxPages, forKey: .maxPages)
        try container.encode(sources, forKey: .sources)
    }
}

extension RefreshSnapshot: Decodable where Item: Decodable {
    /// Decodes a snapshot. The format version is read first: a snapshot in another format decodes
    /// without its contents, and restoring it throws
    /// ``RefreshSnapshotError/incompatibleVersion(found:supported:)``. Whether the contents
    /// agree is checked when the snapshot is restored.
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        formatVersion = try container.decode(Int.self, forKey: .formatVersion)
        guard formatVersion == Self.currentFormatVersion else {
            (paging, firstPage, maxPages, sources) = (.pageNumbers, 1, nil, [])
            return
        }
        switch try container.decode(String.self, forKey: .paging) {
        case "cursors":
            paging = .cursors
        case "pageNumbers":
            paging = .pageNumbers
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .paging, in: container, debugDescription: "paging is \"pageNumbers\" or \"cursors\"")
        }
        firstPage = try container.decode(Int.self, forKey: .firstPage)
        maxPages = try container.decodeIfPresent(Int.self, forKey: .maxPages)
        sources = try container.decode([SourceSnapshot<Item>].self, forKey: .sources)
    }
}

extension SourceSnapshot: Encodable where Item: Encodable {}

/// Decodes a source; the held pages, the pending counts, the position and the time of the last
/// refresh may be left out (a snapshot written by hand, or before they were kept).
extension SourceSnapshot: Decodable where Item: Decodable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([Item].self, forKey: .items)
        hasLoaded = try container.decode(Bool.self, forKey: .hasLoaded)
        page = try container.decode(Int.self, forKey: .page)
        noMoreData = try container.decode(Bool.self, forKey: .noMoreData)
        nextCursor = try container.decodeIfPresent(String.self, forKey: .nextCursor)
        firstLoadedPage = try container.decode(Int.self, forKey: .firstLoadedPage)
        noPreviousData = try container.decode(Bool.self, forKey: .noPreviousData)
        previousCursor = try container.decodeIfPresent(String.self, forKey: .previousCursor)
        heldPages = try container.decodeIfPresent([HeldPage].self, forKey: .heldPages) ?? []
        itemsBefore = try container.decode(Int.self, forKey: .itemsBefore)
        unheld = try container.decode(Int.self, forKey: .unheld)
        pendingFront = try container.decodeIfPresent(Int.self, forKey: .pendingFront) ?? 0
        pendingBack = try container.decodeIfPresent(Int.self, forKey: .pendingBack) ?? 0
        position = try container.decodeIfPresent(RefreshPosition.self, forKey: .position)
        refreshedAt = try container.decodeIfPresent(Double.self, forKey: .refreshedAt)
    }
}
