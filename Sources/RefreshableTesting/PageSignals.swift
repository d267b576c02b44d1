import Refreshable

/// The end-of-list signals one answer carries.
struct PageSignals: Sendable, Equatable, CustomStringConvertible {
    var hasMore: Bool?
    var pageCount: Int?
    var totalCount: Int?
    var nextCursor: String?
    var previousCursor: String?
    /// Whether the cursors are the scenario's own; otherwise a list paged by cursor gets a next
    /// cursor exactly when the page would not end a page-numbered list (see ``forCursorPaging(itemCount:pageSize:page:)``).
    var explicitCursors = false

    init(
        hasMore: Bool? = nil,
        pageCount: Int? = nil,
        totalCount: Int? = nil,
        nextCursor: String? = nil,
        previousCursor: String? = nil
    ) {
        self.hasMore = hasMore
        self.pageCount = pageCount
        self.totalCount = totalCount
        self.nextCursor = nextCursor
        self.previousCursor = previousCursor
        explicitCursors = nextCursor != nil || previousCursor != nil
    }

    /// The signals for an answer of `itemCount` items to a list paged by cursor: unless the
    /// cursors are explicit, a next cursor unless the page is short with no other signal, so that
    /// the end of a cursor list falls where it falls for a page-numbered one, or is empty. An
    /// empty page that says `hasMore == true` gets one too: a server that filtered that page,
    /// whose list goes on under cursors (rule S5).
    func forCursorPaging(itemCount: Int, pageSize: Int, page: Int) -> PageSignals {
        guard !explicitCursors else { return self }
        var signals = self
        let unsignalled = hasMore == nil && pageCount == nil && totalCount == nil
        if itemCount > 0 ? !(unsignalled && itemCount < pageSize) : hasMore == true {
            signals.nextCursor = "after-p\(page)"
        }
        return signals
    }

    /// What the library sees of any answer on a source whose list is one page: the adopter ends
    /// the list there, whatever the server sends.
    static var onePage: PageSignals { PageSignals(hasMore: false) }

    /// The signals the adopter's server sends for the answer to `load` these signals describe:
    /// from a server that sends one of `signalsInEveryAnswer` in every answer, the strongest of
    /// them on an unsignalled page of a load-more or a refresh, saying what the page's size says
    /// (the list goes on after a full page). A load of the previous page carries what it carries:
    /// the signals speak of the end.
    func sent(
        for load: TestLoad,
        itemCount: Int,
        pageSize: Int,
        signalsInEveryAnswer: EndOfListSignals,
        firstPage: Int,
        heldAfter: Int
    ) -> PageSignals {
        let unsignalled = hasMore == nil && pageCount == nil && totalCount == nil
        guard unsignalled, !signalsInEveryAnswer.isEmpty, load.kind != .loadPrevious, load.page >= firstPage else {
            return self
        }
        var sent =
            itemCount >= pageSize
            ? PageSignals.keepingOpen(signalsInEveryAnswer, for: load, firstPage: firstPage, heldAfter: heldAfter)
                ?? self
            : PageSignals.ending(signalsInEveryAnswer, for: load, firstPage: firstPage, heldAfter: heldAfter)
        sent.nextCursor = nextCursor
        sent.previousCursor = previousCursor
        sent.explicitCursors = explicitCursors
        return sent
    }

    /// The signals of a random answer to `load`, which leaves `heldAfter` items in its source.
    init(_ signal: ModelEndSignal, for load: TestLoad, firstPage: Int, heldAfter: Int) {
        self.init()
        switch signal {
        case .none:
            break
        case .hasMore(let more):
            hasMore = more
        case .pageCount(let after):
            pageCount = load.page - firstPage + 1 + after
        case .totalCount(let after):
            totalCount = heldAfter + after
        }
    }

    /// The signals that say the list ends with an answer to `load`, which leaves `heldAfter` items.
    static func ending(_ signal: EndOfListSignals, for load: TestLoad, firstPage: Int, heldAfter: Int) -> PageSignals {
        PageSignals(ModelEndSignal(ending: signal), for: load, firstPage: firstPage, heldAfter: heldAfter)
    }

    /// The signals that keep the list open after an answer to `load`: the strongest of `available`,
    /// or `nil` when the adopter forwards none.
    static func keepingOpen(
        _ available: EndOfListSignals, for load: TestLoad, firstPage: Int, heldAfter: Int
    ) -> PageSignals? {
        let signal: ModelEndSignal
        if available.contains(.hasMore) {
            signal = .hasMore(true)
        } else if available.contains(.pageCount) {
            signal = .pageCount(pagesAfter: 1)
        } else if available.contains(.totalCount) {
            signal = .totalCount(itemsAfter: 1)
        } else {
            return nil
        }
        return PageSignals(signal, for: load, firstPage: firstPage, heldAfter: heldAfter)
    }

    /// Such as ` (hasMore: false, curPage: 2, pageCount: 2)`, or nothing without a signal.
    var description: String {
        var parts: [String] = []
        if let hasMore { parts.append("hasMore: \(hasMore)") }
        if let pageCount { parts.append("pageCount: \(pageCount)") }
        if let totalCount { parts.append("totalCount: \(totalCount)") }
        if let nextCursor { parts.append("nextCursor: \"\(nextCursor)\"") }
        if let previousCursor { parts.append("previousCursor: \"\(previousCursor)\"") }
        return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
    }
}

extension ModelEndSignal {
    /// The signal of `kind` that says the list ends here.
    init(ending kind: EndOfListSignals) {
        if kind.contains(.hasMore) {
            self = .hasMore(false)
        } else if kind.contains(.pageCount) {
            self = .pageCount(pagesAfter: 0)
        } else if kind.contains(.totalCount) {
            self = .totalCount(itemsAfter: 0)
        } else {
            self = .none
        }
    }

    /// Whether the signal is a page count.
    var isPageCount: Bool {
        if case .pageCount = self {
            return true
        }
        return false
    }

    /// Whether an adopter forwarding `signals` can carry this signal to the library.
    func isCarried(by signals: EndOfListSignals) -> Bool {
        switch self {
        case .none: return true
        case .hasMore: return signals.contains(.hasMore)
        case .pageCount: return signals.contains(.pageCount)
        case .totalCount: return signals.contains(.totalCount)
        }
    }
}
