/// One step of a randomized check: something a user or the server does.
///
/// Events that pick a pending load name it by position (`pick` modulo the number of pending
/// loads at that moment), so any subsequence of a sequence is still a valid sequence: that is
/// what lets ``RefreshableModelCheck`` shrink a failing sequence by removing events.
package enum ModelEvent: Sendable, Hashable, CustomStringConvertible {
    /// The screen appears: `setupRefreshHeader()` and `setupRefreshFooter()`.
    case appear
    /// The user pulls to refresh: `refresh()`.
    case refresh
    /// The user pulls up for more: `loadMore()`.
    case loadMore
    /// The user picks another tab: `switchSource(to:)` with the index modulo the number of sources.
    case switchSource(Int)
    /// The server answers one pending load (possibly a stale one) with a page.
    case answer(pick: Int, itemCount: Int, signal: ModelEndSignal)
    /// The server fails one pending load (possibly a stale one).
    case fail(pick: Int)
    /// The screen cancels a source's load: `cancelLoading(source:)` with the index modulo the number of sources.
    case cancel(source: Int)
    /// The user taps the failure placeholder's retry, when one is shown.
    case tapRetry

    /// A short description such as `answer(pending[2], 3 items, hasMore: false)`.
    package var description: String {
        switch self {
        case .appear:
            return "appear"
        case .refresh:
            return "refresh()"
        case .loadMore:
            return "loadMore()"
        case .switchSource(let index):
            return "switchSource(to: \(index))"
        case .answer(let pick, let count, let signal):
            return "answer(pending[\(pick)], \(count) items\(signal == .none ? "" : ", \(signal)"))"
        case .fail(let pick):
            return "fail(pending[\(pick)])"
        case .cancel(let source):
            return "cancelLoading(source: \(source))"
        case .tapRetry:
            return "tapRetry"
        }
    }
}

/// The end-of-list signal a randomized answer carries (rule S5).
package enum ModelEndSignal: Sendable, Hashable, CustomStringConvertible {
    /// No signal: the `count < pageSize` heuristic decides.
    case none
    /// An explicit `hasMore` flag.
    case hasMore(Bool)
    /// `curPage` equal to the asked page and a `pageCount` that many pages beyond it.
    case pageCount(pagesAfter: Int)
    /// A `totalCount` this many items beyond what the source holds after the page.
    case totalCount(itemsAfter: Int)

    /// A short description.
    package var description: String {
        switch self {
        case .none:
            return "no signal"
        case .hasMore(let more):
            return "hasMore: \(more)"
        case .pageCount(let after):
            return "pageCount: curPage + \(after)"
        case .totalCount(let after):
            return "totalCount: held + \(after)"
        }
    }
}

extension ModelEvent {
    /// Whether the event cancels a load.
    package var isCancel: Bool {
        if case .cancel = self {
            return true
        }
        return false
    }

    /// Generates a sequence of events from a seed.
    /// - Parameters:
    ///   - seed: The seed; equal seeds give equal sequences.
    ///   - count: The number of events; the first is always ``appear``.
    ///   - sourceCount: The number of sources to switch between.
    ///   - pageSize: The policy's page size, for the item counts of answers.
    /// - Returns: The events.
    package static func sequence(seed: UInt64, count: Int, sourceCount: Int, pageSize: Int) -> [ModelEvent] {
        var random = SplitMix64(seed: seed)
        var events: [ModelEvent] = []
        events.reserveCapacity(count)
        for index in 0..<count {
            events.append(index == 0 ? .appear : next(&random, sourceCount: sourceCount, pageSize: pageSize))
        }
        return events
    }

    private static func next(_ random: inout SplitMix64, sourceCount: Int, pageSize: Int) -> ModelEvent {
        let roll = random.below(100)
        switch roll {
        case 0..<12:
            return .refresh
        case 12..<30:
            return .loadMore
        case 30..<38:
            return .switchSource(random.below(sourceCount))
        case 38..<72:
            let countRoll = random.below(20)
            let itemCount = countRoll == 0 ? 0 : countRoll < 6 ? 1 + random.below(max(pageSize - 1, 1)) : pageSize
            return .answer(pick: random.below(4), itemCount: itemCount, signal: signal(&random, itemCount: itemCount))
        case 72..<86:
            return .fail(pick: random.below(4))
        case 86..<92:
            return .cancel(source: random.below(sourceCount))
        case 92..<96:
            return .tapRetry
        default:
            return .appear
        }
    }

    private static func signal(_ random: inout SplitMix64, itemCount: Int) -> ModelEndSignal {
        switch random.below(5) {
        case 0:
            return .hasMore(itemCount > 0 && random.below(2) == 0)
        case 1:
            return .pageCount(pagesAfter: itemCount == 0 ? 0 : random.below(3))
        case 2:
            return .totalCount(itemsAfter: itemCount == 0 || random.below(2) == 0 ? 0 : random.below(6))
        default:
            return .none
        }
    }
}
