import Refreshable
import RefreshableTesting

/// One step of a hostile-input fuzz: something a user, the app or a hostile server does.
///
/// Steps name what they act on by position (`pick` modulo how many there are when the step runs),
/// so any subsequence of a sequence is still a valid sequence, which is what lets
/// ``DeltaDebugging`` shrink a failing one. Each step's ``description`` is Swift that builds the
/// step again, so a shrunk case pastes into a test as an array literal.
package enum FuzzStep: Sendable, Hashable, CustomStringConvertible {
    /// `RefreshSources.begin(kind, source:)`, with the source modulo the number of sources.
    /// Only for the state machine; an adopter's loads start from ``user(_:)`` steps.
    case begin(RefreshRequest.Kind, source: Int)
    /// A user (or the app) acts on an adopter's screen.
    case user(FuzzUserAction)
    /// The server answers one load.
    case answer(FuzzPick, FuzzAnswer)
    /// An answer arrives for a request the list never made as such.
    case forgedAnswer(FuzzForgery, FuzzAnswer)
    /// The loader throws for one load.
    case fail(FuzzPick)
    /// `cancel(source:)` / `cancelLoading(source:)`, with the source modulo the number of sources.
    case cancel(source: Int)
    /// A local edit by id of the current source (the pure state machine's source 0).
    case edit(FuzzEdit)
    /// The app changes the policy, the identity or the sources under the loads' feet.
    case change(FuzzChange)

    /// Swift that builds the step again, such as `.answer(.inFlight(0), FuzzAnswer(count: 3))`.
    package var description: String {
        switch self {
        case .begin(let kind, let source):
            return ".begin(.\(kind.swiftName), source: \(source))"
        case .user(let action):
            return ".user(\(action))"
        case .answer(let pick, let answer):
            return ".answer(\(pick), \(answer))"
        case .forgedAnswer(let forgery, let answer):
            return ".forgedAnswer(\(forgery), \(answer))"
        case .fail(let pick):
            return ".fail(\(pick))"
        case .cancel(let source):
            return ".cancel(source: \(source))"
        case .edit(let edit):
            return ".edit(\(edit))"
        case .change(let change):
            return ".change(\(change))"
        }
    }
}

/// Which load an answer or a failure goes to.
package enum FuzzPick: Sendable, Hashable, CustomStringConvertible {
    /// One of the loads in flight (modulo their number); none in flight: nothing happens.
    case inFlight(Int)
    /// One of every load ever asked for, in flight, superseded, cancelled or answered already
    /// (modulo their number): a stale, late or repeated answer.
    case any(Int)

    package var description: String {
        switch self {
        case .inFlight(let pick): return ".inFlight(\(pick))"
        case .any(let pick): return ".any(\(pick))"
        }
    }
}

/// A request no load was made for, built from one that was.
package enum FuzzForgery: Sendable, Hashable, CustomStringConvertible {
    /// A load ever asked for (modulo their number), with its source replaced by this index, which
    /// may name no source at all (`-1`, `Int.max`).
    case source(Int, pick: Int)
    /// A load ever asked for, with a generation no request of the list has.
    case generation(pick: Int)
    /// A load ever asked for, with the page after the one it asked for.
    case page(pick: Int)

    package var description: String {
        switch self {
        case .source(let source, let pick): return ".source(\(swiftInt(source)), pick: \(pick))"
        case .generation(let pick): return ".generation(pick: \(pick))"
        case .page(let pick): return ".page(pick: \(pick))"
        }
    }
}

/// An id a local edit names.
package enum FuzzID: Sendable, Hashable, CustomStringConvertible {
    /// The id of a held item (modulo their number).
    case held(Int)
    /// An id the server sent the source before, held or not (modulo their number).
    case sent(Int)
    /// An id no item ever had: `Int.min`, `-1`, `Int.max`.
    case junk(Int)
    /// A new id, never sent.
    case fresh

    package var description: String {
        switch self {
        case .held(let pick): return ".held(\(pick))"
        case .sent(let pick): return ".sent(\(pick))"
        case .junk(let id): return ".junk(\(swiftInt(id)))"
        case .fresh: return ".fresh"
        }
    }
}

/// A local edit by id: only on a list with an identity (without one it is skipped).
package enum FuzzEdit: Sendable, Hashable, CustomStringConvertible {
    /// `updateItem(_:source:)` with a new copy of the item with this id.
    case update(FuzzID)
    /// `removeItem(id:source:)`.
    case remove(FuzzID)
    /// `insertItem(_:at:source:)` at `position` modulo one more than the number held.
    case insert(FuzzID, position: Int)
    /// `insertPendingItem(_:at:source:)` at `position` modulo one more than the number held; the
    /// server knows the item from then on, so later answers may bring it and confirm it.
    case insertPending(FuzzID, position: Int)

    package var description: String {
        switch self {
        case .update(let id): return ".update(\(id))"
        case .remove(let id): return ".remove(\(id))"
        case .insert(let id, let position): return ".insert(\(id), position: \(position))"
        case .insertPending(let id, let position): return ".insertPending(\(id), position: \(position))"
        }
    }
}

/// What the app changes under the loads' feet.
package enum FuzzChange: Sendable, Hashable, CustomStringConvertible {
    /// `policy.pageSize`.
    case pageSize(Int)
    /// `policy.firstPage`.
    case firstPage(Int)
    /// `policy.curPageOffset`.
    case curPageOffset(Int)
    /// `policy.conflictRule`.
    case conflictRule(RefreshPolicy.ConflictRule)
    /// `policy.maxPages`: the cap on or off.
    case maxPages(Int?)
    /// `policy.paging`.
    case paging(RefreshPolicy.Paging)
    /// `identity`: on with a duplicate rule, or off.
    case identity(RefreshItemIdentity<TestItem>.DuplicateRule?)
    /// A new source at the end.
    case appendSource
    /// A source (modulo their number) put back as new: `sources[i] = RefreshState(...)`.
    case resetSource(Int)
    /// Adopters only: a whole new state with this many sources (a logout, a new filter), after
    /// switching to a tab it has when the current one goes.
    case replaceSources(count: Int)
    /// Adopters only: keeps a copy of the state, to put back later.
    case saveSources
    /// Adopters only: puts the last copy kept back (a saved value restored).
    case restoreSources

    package var description: String {
        switch self {
        case .pageSize(let size): return ".pageSize(\(swiftInt(size)))"
        case .firstPage(let page): return ".firstPage(\(swiftInt(page)))"
        case .curPageOffset(let offset): return ".curPageOffset(\(swiftInt(offset)))"
        case .conflictRule(let rule): return ".conflictRule(.\(rule.swiftName))"
        case .maxPages(let cap): return ".maxPages(\(cap.map(swiftInt) ?? "nil"))"
        case .paging(let paging): return ".paging(.\(paging == .cursors ? "cursors" : "pageNumbers"))"
        case .identity(let rule): return ".identity(\(rule.map { ".\($0.swiftName)" } ?? "nil"))"
        case .appendSource: return ".appendSource"
        case .resetSource(let source): return ".resetSource(\(source))"
        case .replaceSources(let count): return ".replaceSources(count: \(count))"
        case .saveSources: return ".saveSources"
        case .restoreSources: return ".restoreSources"
        }
    }

    /// Whether the reference model follows the change; after any other, a run checks only the
    /// rules that need no model.
    var isModelled: Bool {
        switch self {
        case .pageSize, .firstPage, .curPageOffset, .conflictRule, .appendSource, .resetSource:
            return true
        case .maxPages, .paging, .identity, .replaceSources, .saveSources, .restoreSources:
            return false
        }
    }
}

/// What a user (or the app) does on an adopter's screen.
package enum FuzzUserAction: Sendable, Hashable, CustomStringConvertible {
    /// The screen appears: `setupRefreshHeader()` and `setupRefreshFooter()`, or `setUp()`.
    case appear
    /// `refresh()`; for a list model, `await refresh()` in a task of its own, as `.refreshable` does.
    case refresh
    /// `loadMore()`.
    case loadMore
    /// `loadPrevious()`.
    case loadPrevious
    /// `switchSource(to:)` with the index modulo the number of sources.
    case switchSource(Int)
    /// The failure placeholder's retry, or a list model's `retry()`.
    case retry
    /// `refreshStatus.retryNow()`: loads again each direction of the current source that failed.
    case retryNow
    /// `refreshIfStale(olderThan: .zero)`: the screen comes back to the foreground and refreshes
    /// unless it is loading.
    case refreshIfStale
    /// `setOnline(_:)`: the app says the list is online or offline.
    case setOnline(Bool)
    /// A list model's row at `index` (modulo one more than the number held) comes on screen.
    case rowAppears(Int)
    /// A list model's row at `index` (modulo one more than the number held) leaves the screen.
    case rowDisappears(Int)

    package var description: String {
        switch self {
        case .appear: return ".appear"
        case .refresh: return ".refresh"
        case .loadMore: return ".loadMore"
        case .loadPrevious: return ".loadPrevious"
        case .switchSource(let index): return ".switchSource(\(index))"
        case .retry: return ".retry"
        case .retryNow: return ".retryNow"
        case .refreshIfStale: return ".refreshIfStale"
        case .setOnline(let online): return ".setOnline(\(online))"
        case .rowAppears(let index): return ".rowAppears(\(index))"
        case .rowDisappears(let index): return ".rowDisappears(\(index))"
        }
    }
}

/// An `Int` as Swift spells it: `Int.min` and `Int.max` by name.
func swiftInt(_ value: Int) -> String {
    switch value {
    case .min: return ".min"
    case .max: return ".max"
    default: return String(value)
    }
}

extension RefreshRequest.Kind {
    /// The case's name, as Swift spells it.
    var swiftName: String {
        switch self {
        case .refresh: return "refresh"
        case .loadMore: return "loadMore"
        case .loadPrevious: return "loadPrevious"
        }
    }
}

extension RefreshPolicy.ConflictRule {
    /// The case's name, as Swift spells it.
    var swiftName: String {
        switch self {
        case .refreshWins: return "refreshWins"
        case .latestRefreshWins: return "latestRefreshWins"
        case .inFlightWins: return "inFlightWins"
        }
    }
}

extension RefreshItemIdentity.DuplicateRule {
    /// The case's name, as Swift spells it.
    var swiftName: String { self == .takeNewer ? "takeNewer" : "keepHeld" }
}

extension RefreshPolicy {
    /// Swift that builds the policy, naming only what differs from the defaults.
    var swiftLiteral: String {
        let defaults = RefreshPolicy()
        var parts: [String] = []
        if pageSize != defaults.pageSize { parts.append("pageSize: \(swiftInt(pageSize))") }
        if firstPage != defaults.firstPage { parts.append("firstPage: \(swiftInt(firstPage))") }
        if curPageOffset != 0 { parts.append("curPageOffset: \(swiftInt(curPageOffset))") }
        if paging == .cursors { parts.append("paging: .cursors") }
        if let maxPages { parts.append("maxPages: \(swiftInt(maxPages))") }
        if conflictRule != defaults.conflictRule { parts.append("conflictRule: .\(conflictRule.swiftName)") }
        return "RefreshPolicy(\(parts.joined(separator: ", ")))"
    }
}
