import Refreshable
import RefreshableTesting

/// A hostile server's answer, described relative to the load it answers so that it means the same
/// whatever load a shrunk sequence gives it to; ``FuzzServer`` makes the page.
package struct FuzzAnswer: Sendable, Hashable, CustomStringConvertible {
    /// How many items the page holds.
    package var count: Int
    /// How many of the first items carry ids the server sent the source before (a page that
    /// brings rows again).
    package var copies: Int
    /// How many of the last items repeat the ids of the page's first items (one page holding an
    /// item twice).
    package var twins: Int
    /// The explicit "more pages follow" flag.
    package var hasMore: Bool?
    /// `curPage`; relative to the page asked for, in the server's numbering.
    package var curPage: FuzzNumber?
    /// `pageCount`; relative to the place of the page asked for among the pages (counted from one),
    /// so `.relative(0)` says it is the last page and `.relative(-1)` that it lies past the end.
    package var pageCount: FuzzNumber?
    /// `totalCount`; relative to the items held once the page is applied.
    package var totalCount: FuzzNumber?
    /// The cursor to the page after this one.
    package var nextCursor: FuzzCursor?
    /// The cursor to the page before this one.
    package var previousCursor: FuzzCursor?

    /// Creates an answer; every signal is absent by default.
    package init(
        count: Int,
        copies: Int = 0,
        twins: Int = 0,
        hasMore: Bool? = nil,
        curPage: FuzzNumber? = nil,
        pageCount: FuzzNumber? = nil,
        totalCount: FuzzNumber? = nil,
        nextCursor: FuzzCursor? = nil,
        previousCursor: FuzzCursor? = nil
    ) {
        self.count = count
        self.copies = copies
        self.twins = twins
        self.hasMore = hasMore
        self.curPage = curPage
        self.pageCount = pageCount
        self.totalCount = totalCount
        self.nextCursor = nextCursor
        self.previousCursor = previousCursor
    }

    /// Swift that builds the answer again, naming only what is set.
    package var description: String {
        var parts = ["count: \(count)"]
        if copies != 0 { parts.append("copies: \(copies)") }
        if twins != 0 { parts.append("twins: \(twins)") }
        if let hasMore { parts.append("hasMore: \(hasMore)") }
        if let curPage { parts.append("curPage: \(curPage)") }
        if let pageCount { parts.append("pageCount: \(pageCount)") }
        if let totalCount { parts.append("totalCount: \(totalCount)") }
        if let nextCursor { parts.append("nextCursor: \(nextCursor)") }
        if let previousCursor { parts.append("previousCursor: \(previousCursor)") }
        return "FuzzAnswer(\(parts.joined(separator: ", ")))"
    }
}

/// A count or page number a hostile server sends.
package enum FuzzNumber: Sendable, Hashable, CustomStringConvertible {
    /// This value, whatever the load: `Int.min`, `-1`, `0`, `Int.max`.
    case exactly(Int)
    /// This far from the value that fits the load (see each field of ``FuzzAnswer``).
    case relative(Int)

    package var description: String {
        switch self {
        case .exactly(let value): return ".exactly(\(swiftInt(value)))"
        case .relative(let delta): return ".relative(\(delta))"
        }
    }

    func resolved(fitting value: Int) -> Int {
        switch self {
        case .exactly(let value): return value
        case .relative(let delta): return value &+ delta
        }
    }
}

/// A cursor a hostile server sends.
package enum FuzzCursor: Sendable, Hashable, CustomStringConvertible {
    /// A cursor never sent before.
    case fresh
    /// The cursor the load was asked with (none for a refresh): the same page forever.
    case asked
    /// A cursor the server sent the source before, counted back from the latest: a cycle.
    case earlier(Int)
    /// The empty string.
    case empty

    package var description: String {
        switch self {
        case .fresh: return ".fresh"
        case .asked: return ".asked"
        case .earlier(let back): return ".earlier(\(back))"
        case .empty: return ".empty"
        }
    }
}

/// The hostile server of a fuzz: makes the pages of ``FuzzAnswer`` values and the items of local
/// edits, and remembers the ids and cursors it sent each source so later answers can repeat them.
package struct FuzzServer: Sendable {
    private var nextID = 1
    private var nextVersion = 1
    private var nextCursor = 1
    /// The ids sent to each source, most recent last (at most 16 per source).
    private(set) var sentIDs: [Int: [Int]] = [:]
    private var sentCursors: [Int: [String]] = [:]

    package init() {}

    /// The page for `answer` to `request`, whose source holds `heldBefore` items under `policy`.
    mutating func page(
        _ answer: FuzzAnswer,
        for request: RefreshRequest,
        policy: RefreshPolicy,
        heldBefore: Int
    ) -> RefreshPage<TestItem> {
        page(
            answer, source: request.source, page: request.page, cursor: request.cursor, policy: policy,
            heldBefore: heldBefore)
    }

    /// The page for `answer` to a load of `source` that asked for `page` with `cursor`, whose
    /// source holds `heldBefore` items under `policy`.
    mutating func page(
        _ answer: FuzzAnswer,
        source: Int,
        page asked: Int,
        cursor asker: String?,
        policy: RefreshPolicy,
        heldBefore: Int
    ) -> RefreshPage<TestItem> {
        let count = max(answer.count, 0)
        let sent = sentIDs[source] ?? []
        let copies = sent.isEmpty ? 0 : min(answer.copies, count)
        let firstTwin = count - min(answer.twins, max(count - 1, 0))
        var ids: [Int] = []
        for index in 0..<count {
            if index < copies {
                ids.append(sent[sent.count - 1 - (index &* 3 &+ nextVersion) % sent.count])
            } else if index >= firstTwin {
                ids.append(ids[index - firstTwin])
            } else {
                ids.append(nextID)
                nextID += 1
            }
        }
        var items: [TestItem] = []
        for id in ids {
            items.append(makeItem(id: id))
        }
        remember(ids, source: source)
        let offset = ReferenceModel.offsetFromFirstPage(asked, policy: policy) ?? 0
        let place = offset == .max ? offset : offset + 1
        var page = RefreshPage(
            items: items,
            hasMore: answer.hasMore,
            curPage: answer.curPage?.resolved(fitting: asked &+ policy.curPageOffset),
            pageCount: answer.pageCount?.resolved(fitting: place),
            totalCount: answer.totalCount?.resolved(fitting: heldBefore &+ count)
        )
        if let next = answer.nextCursor {
            page.nextCursor = cursor(next, asked: asker, source: source)
        }
        if let previous = answer.previousCursor {
            page.previousCursor = cursor(previous, asked: asker, source: source)
        }
        return page
    }

    /// A new version of the item with `id`, or a new item when `id` is `nil`.
    mutating func item(id: Int?) -> TestItem {
        if let id {
            return makeItem(id: id)
        }
        defer { nextID += 1 }
        return makeItem(id: nextID)
    }

    /// Every id sent to `source`, most recent last.
    func sent(to source: Int) -> [Int] {
        sentIDs[source] ?? []
    }

    /// Forgets what was sent to the sources from `source` on, when a state replaces them.
    mutating func forget(from source: Int) {
        sentIDs = sentIDs.filter { $0.key < source }
        sentCursors = sentCursors.filter { $0.key < source }
    }

    private mutating func makeItem(id: Int) -> TestItem {
        defer { nextVersion += 1 }
        return TestItem(id: id, source: 0, page: 0, index: 0, response: nextVersion)
    }

    /// Records an item sent from this device as one the server has: later answers may bring it.
    mutating func receive(_ id: Int, source: Int) {
        remember([id], source: source)
    }

    private mutating func remember(_ ids: [Int], source: Int) {
        sentIDs[source] = Array(((sentIDs[source] ?? []) + ids).suffix(16))
    }

    private mutating func cursor(_ cursor: FuzzCursor, asked: String?, source: Int) -> String? {
        let made: String?
        switch cursor {
        case .fresh:
            made = "c\(nextCursor)"
            nextCursor += 1
        case .asked:
            made = asked
        case .earlier(let back):
            let sent = sentCursors[source] ?? []
            made = sent.isEmpty ? "c0" : sent[sent.count - 1 - back % sent.count]
        case .empty:
            made = ""
        }
        if let made {
            sentCursors[source] = Array(((sentCursors[source] ?? []) + [made]).suffix(8))
        }
        return made
    }
}

extension TestItem {
    /// The item as a fuzz transcript writes it: `item(id, version)`.
    var fuzzLiteral: String { "item(\(id), \(response))" }
}

extension RefreshPage where Item == TestItem {
    /// Swift that builds the page, items written as `item(id, version)`.
    var swiftLiteral: String {
        var parts = ["items: [\(items.map(\.fuzzLiteral).joined(separator: ", "))]"]
        if let hasMore { parts.append("hasMore: \(hasMore)") }
        if let curPage { parts.append("curPage: \(swiftInt(curPage))") }
        if let pageCount { parts.append("pageCount: \(swiftInt(pageCount))") }
        if let totalCount { parts.append("totalCount: \(swiftInt(totalCount))") }
        if let nextCursor { parts.append("nextCursor: \(swiftString(nextCursor))") }
        if let previousCursor { parts.append("previousCursor: \(swiftString(previousCursor))") }
        return "RefreshPage(\(parts.joined(separator: ", ")))"
    }
}

extension RefreshRequest {
    /// Swift that builds the request again (`origin` aside).
    var swiftLiteral: String {
        let cursor = self.cursor.map { ", cursor: \(swiftString($0))" } ?? ""
        return
            "RefreshRequest(source: \(swiftInt(source)), page: \(swiftInt(page)), kind: .\(kind.swiftName), generation: \(generation)\(cursor))"
    }
}

/// A string literal for `value`, a cursor the fuzz made (letters and digits only).
func swiftString(_ value: String) -> String {
    "\"\(value)\""
}
