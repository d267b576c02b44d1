/// One step of a randomized check: something a user or the server does.
///
/// Events that pick a pending load name it by position (`pick` modulo the number of pending
/// loads at that moment), so any subsequence of a sequence is still a valid sequence: that is
/// what lets ``RefreshableModelCheck`` shrink a failing sequence by removing events.
package enum ModelEvent: Sendable, Hashable, CustomStringConvertible {
    /// The screen appears: `setupRefreshHeader()` and `setupRefreshFooter()`.
    case appear
    /// The user pulls to refresh: every other one pulls the header through the adopter's wiring of
    /// it (when a user could pull it), the others call `refresh()`.
    case refresh
    /// The user pulls up for more: every other one pulls the footer through the adopter's wiring of
    /// it (or brings a list model's last row on screen), the others call `loadMore()`.
    case loadMore
    /// The first rows come on screen: `loadPrevious()`. Only for lists paged by cursor or capped.
    case loadPrevious
    /// The user picks another tab: `switchSource(to:)` with the index modulo the number of sources.
    case switchSource(Int)
    /// The server answers one pending load (possibly a stale one) with a page whose first `copies`
    /// items are copies (same id, new answer) of items the server sent that source before. Under
    /// cursor paging, an answer to a refresh or to a load of the previous page carries a previous
    /// cursor when `previousCursor` is `true` (something comes before it), and so does every answer
    /// to a load-more of a capped list; an answer to a load of the previous page carries no
    /// end-of-list signal: those speak of the end of the list.
    case answer(pick: Int, itemCount: Int, signal: ModelEndSignal, copies: Int = 0, previousCursor: Bool = false)
    /// The server fails one pending load (possibly a stale one).
    case fail(pick: Int)
    /// The screen cancels a source's load: `cancelLoading(source:)` with the index modulo the number of sources.
    case cancel(source: Int)
    /// The user taps the failure placeholder's retry, when one is shown.
    case tapRetry
    /// The app edits one held item of the current source in place: `updateItem(_:source:)` with a
    /// new copy of the item at `pick` modulo the number held. Only for lists with an identity.
    case update(pick: Int)
    /// The app removes an item of the current source by id: `removeItem(id:source:)` with the id of
    /// the item at `pick` modulo the number of candidates, the items held then the items the server
    /// sent that are not held. Only for lists with an identity.
    case remove(pick: Int)
    /// The app inserts a new item into the current source at `position` modulo one more than the
    /// number held: `insertItem(_:at:source:)`. Only for lists with an identity.
    case insert(position: Int)
    /// The app sends a new item from this device into the current source at `position` modulo one
    /// more than the number held: `insertPendingItem(_:at:source:)`. The server knows it from then
    /// on: later answers may bring it, which confirms it. Only for lists with an identity.
    case insertPending(position: Int)
    /// Every wait for a retry runs out: the rig's clock advances past the longest wait, so each
    /// failed load waiting for its retry is asked again. Only for adopters whose runtime retries.
    case retryWaitEnds
    /// The network comes back: `refreshStatus.retryNow()`, which asks again at once for every load
    /// waiting for its retry, and loads again each direction of the current source whose last load
    /// failed.
    /// Only for adopters whose runtime retries.
    case retryNow
    /// Time passes: the clock the run gave the adopter's runtime (`setClock(_:)`) advances by this
    /// many minutes.
    case timePasses(minutes: Int)
    /// The screen comes back to the foreground: `refreshIfStale(olderThan:)` with this many minutes.
    case refreshIfStale(minutes: Int)
    /// The app says the list is offline (`setOnline(false)`), or online again (`setOnline(true)`).
    case setOnline(Bool)
    /// A row of the current source comes on screen and goes: `rowDidAppear(at:)` (a list model's
    /// `itemDidAppear(at:)`) with the row at `pick` modulo the rows held. Only for lists that
    /// refresh around the position (rule A).
    case rowAppears(pick: Int)
    /// The app saves the list: `refreshStatus.snapshot()` (rule SN).
    case save
    /// The app puts the last saved list back: `refreshStatus.restore(from:)` (rule SN); nothing
    /// when nothing was saved yet.
    case restore

    /// A short description such as `answer(pending[2], 3 items, hasMore: false)`.
    package var description: String {
        switch self {
        case .appear:
            return "appear"
        case .refresh:
            return "refresh()"
        case .loadMore:
            return "loadMore()"
        case .loadPrevious:
            return "loadPrevious()"
        case .switchSource(let index):
            return "switchSource(to: \(index))"
        case .answer(let pick, let count, let signal, let copies, let previousCursor):
            let repeated = copies == 0 ? "" : ", \(copies) sent before"
            let previous = previousCursor ? ", previous cursor" : ""
            return
                "answer(pending[\(pick)], \(count) items\(repeated)\(signal == .none ? "" : ", \(signal)")\(previous))"
        case .fail(let pick):
            return "fail(pending[\(pick)])"
        case .cancel(let source):
            return "cancelLoading(source: \(source))"
        case .tapRetry:
            return "tapRetry"
        case .update(let pick):
            return "updateItem(held[\(pick)])"
        case .remove(let pick):
            return "removeItem(id: candidates[\(pick)])"
        case .insert(let position):
            return "insertItem(new, at: \(position))"
        case .insertPending(let position):
            return "insertPendingItem(new, at: \(position))"
        case .retryWaitEnds:
            return "the waits for a retry run out"
        case .retryNow:
            return "retryNow()"
        case .timePasses(let minutes):
            return "\(minutes) min pass"
        case .refreshIfStale(let minutes):
            return "refreshIfStale(olderThan: \(minutes) min)"
        case .setOnline(let online):
            return "setOnline(\(online))"
        case .rowAppears(let pick):
            return "rowDidAppear(at: held[\(pick)])"
        case .save:
            return "save"
        case .restore:
            return "restore"
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
    /// Whether the event edits the list by id (an update, a removal, an insert): the suite names
    /// items by the ids ``ConformanceConfiguration/itemID`` gives, which only an identity over ids
    /// of that type reads.
    package var editsByID: Bool {
        switch self {
        case .update, .remove, .insert, .insertPending: return true
        default: return false
        }
    }

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
    ///   - identity: Whether the list has an identity: then answers bring items sent before again,
    ///     and the app edits, removes and inserts items. Without it the sequence is as it always was.
    ///   - previousPages: Whether pages before the first one can load (the list is paged by cursor,
    ///     or capped, so that the cap drops first pages): then the first rows come on screen
    ///     (``loadPrevious``) and answers say whether something comes before them. Without it the
    ///     sequence is as it always was.
    ///   - retries: Whether the adopter's runtime retries failed loads: then the waits for a retry
    ///     run out (``retryWaitEnds``) and the app calls ``retryNow``. Without it the sequence is as
    ///     it always was.
    ///   - rowsAppear: Whether the list refreshes around the position: then rows come on screen
    ///     (``rowAppears(pick:)``), from a stream of their own. Without it the sequence is as it
    ///     always was.
    /// - Returns: The events.
    package static func sequence(
        seed: UInt64,
        count: Int,
        sourceCount: Int,
        pageSize: Int,
        identity: Bool = false,
        previousPages: Bool = false,
        retries: Bool = false,
        rowsAppear: Bool = false
    ) -> [ModelEvent] {
        var random = SplitMix64(seed: seed)
        var rows = SplitMix64(seed: seed ^ 0x0A40_4D0_5171_0000)
        // The app's lifecycle events come from a stream of their own, so the other events keep
        // the order they always had, with these among them.
        var lifecycle = SplitMix64(seed: seed ^ 0x5157_A1E0_0FF1_1E00)
        // So do the items sent from this device, for a list with an identity.
        var sending = SplitMix64(seed: seed ^ 0x5E4D_1CE0_0A11_7E55)
        var events: [ModelEvent] = []
        events.reserveCapacity(count)
        for index in 0..<count {
            if index > 0, let event = lifecycleEvent(&lifecycle) {
                events.append(event)
            }
            // One event in ten brings a row on screen, before a refresh would ask for its page.
            if index > 0, rowsAppear, rows.below(10) == 0 {
                events.append(.rowAppears(pick: rows.below(64)))
            }
            // Four in a hundred events of a list with an identity send an item (rule I4).
            if index > 0, identity, sending.below(100) < 4 {
                events.append(.insertPending(position: sending.below(8)))
            }
            if index == 0 {
                events.append(.appear)
            } else if retries, let event = retryEvent(&random) {
                events.append(event)
            } else if previousPages {
                events.append(
                    nextWithPreviousPages(&random, sourceCount: sourceCount, pageSize: pageSize, identity: identity))
            } else if identity {
                events.append(nextWithIdentity(&random, sourceCount: sourceCount, pageSize: pageSize))
            } else {
                events.append(next(&random, sourceCount: sourceCount, pageSize: pageSize))
            }
        }
        return Array(events.prefix(count))
    }

    /// The app's lifecycle, for every adopter: in a hundred events, three let minutes pass, three
    /// bring the screen back to the foreground (rule ST), three say the list is offline or
    /// online again, online twice as often (rule O), one saves the list and one restores the last
    /// saved list (rule SN); `nil` for the others.
    private static func lifecycleEvent(_ random: inout SplitMix64) -> ModelEvent? {
        switch random.below(100) {
        case 0..<3:
            return .timePasses(minutes: 1 + random.below(8))
        case 3..<6:
            return .refreshIfStale(minutes: [0, 5, 10][random.below(3)])
        case 6:
            return .setOnline(false)
        case 7..<9:
            return .setOnline(true)
        case 9:
            return .save
        case 10:
            return .restore
        default:
            return nil
        }
    }

    /// For an adopter whose runtime retries: seven events in a hundred let the waits for a retry run
    /// out, three call `retryNow()`; `nil` for the others, which are drawn as for any adopter.
    private static func retryEvent(_ random: inout SplitMix64) -> ModelEvent? {
        switch random.below(100) {
        case 0..<7:
            return .retryWaitEnds
        case 7..<10:
            return .retryNow
        default:
            return nil
        }
    }

    /// An event for a list with pages before its first: one in ten brings the first rows on
    /// screen, and two answers in three say that something comes before them.
    private static func nextWithPreviousPages(
        _ random: inout SplitMix64,
        sourceCount: Int,
        pageSize: Int,
        identity: Bool
    ) -> ModelEvent {
        if random.below(10) == 0 {
            return .loadPrevious
        }
        let event =
            identity
            ? nextWithIdentity(&random, sourceCount: sourceCount, pageSize: pageSize)
            : next(&random, sourceCount: sourceCount, pageSize: pageSize)
        guard case .answer(let pick, let itemCount, let signal, let copies, _) = event else { return event }
        return .answer(
            pick: pick, itemCount: itemCount, signal: signal, copies: copies, previousCursor: random.below(3) != 0)
    }

    /// An event for a list with an identity: one in six is a local edit racing the loads, and one
    /// answer in three brings items the server sent before.
    private static func nextWithIdentity(_ random: inout SplitMix64, sourceCount: Int, pageSize: Int) -> ModelEvent {
        switch random.below(100) {
        case 0..<6:
            return .update(pick: random.below(8))
        case 6..<12:
            return .remove(pick: random.below(12))
        case 12..<16:
            return .insert(position: random.below(8))
        default:
            let event = next(&random, sourceCount: sourceCount, pageSize: pageSize)
            guard case .answer(let pick, let itemCount, let signal, _, _) = event, itemCount > 0,
                random.below(3) == 0
            else { return event }
            return .answer(pick: pick, itemCount: itemCount, signal: signal, copies: 1 + random.below(itemCount))
        }
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
            // An empty page says more: a server that filtered the page (rule S5).
            return .hasMore(itemCount == 0 || random.below(2) == 0)
        case 1:
            return .pageCount(pagesAfter: itemCount == 0 ? 0 : random.below(3))
        case 2:
            return .totalCount(itemsAfter: itemCount == 0 || random.below(2) == 0 ? 0 : random.below(6))
        default:
            return .none
        }
    }
}
