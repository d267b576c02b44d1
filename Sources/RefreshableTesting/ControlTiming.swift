/// When a control double calls its action after `beginRefreshing()`, like MJRefresh's controls,
/// which call it when their begin animation completes (0.25 s on a device), even after
/// `endRefreshing()`.
///
/// `MJRefreshHeader.m` (`headerRefreshingAction`) and `MJRefreshBackFooter.m` (`setState:`
/// Refreshing) animate for `fastAnimationDuration` and call `executeRefreshingCallback` in the
/// animation's completion, whatever the state is by then; `executeRefreshingCallback`
/// (`MJRefreshComponent.m`) runs the block on the main queue's next turn.
public enum TestBeginAnimation: Sendable, Hashable {
    /// The action waits until the test calls `finishBeginAnimations()` on the double: for tests
    /// that place the callback before or after an answer exactly. `finishBeginAnimations()` stands
    /// for the animation's completion and the main queue's turn its callback waits for.
    case manual
    /// The action runs after this many turns of the double's ``TestMainQueue`` (at least one), so
    /// answers that settle within fewer turns come first: a fast answer.
    ///
    /// The turns are counted the same way for every double: a ``ConformanceRig``'s doubles count
    /// the turns the rig lets the main actor take (each yield of its ``ConformanceRig/settle()``
    /// and of its waits), and a test that makes its own doubles takes them with
    /// ``TestMainQueue/turn()``. A check's events meet the callback at the same place on every run,
    /// and a reported seed replays exactly.
    case turns(Int)
}

/// The main queue as MJRefresh's controls use it, reproduced for the control doubles, one turn at
/// a time.
///
/// MJRefresh puts its work on the main queue's next turn with `dispatch_async`:
/// - `endRefreshing` (`MJRefreshComponent.m`), `endRefreshingWithNoMoreData` and `resetNoMoreData`
///   (`MJRefreshFooter.m`) set the state there (`MJRefreshDispatchAsyncOnMainQueue`, defined in
///   `MJRefreshConst.h`), so the last command wins;
/// - `executeRefreshingCallback` (`MJRefreshComponent.m`) calls the refreshing block there: at
///   once from `MJRefreshAutoFooter`'s `setState:` Refreshing, after the begin animation for the
///   header and the back footer.
///
/// The doubles queue those here. Each turn (``runTurn()``) applies the end commands queued before
/// it and counts one turn of each begin animation (``TestBeginAnimation/turns(_:)``), calling back
/// the ones it completes, oldest first. A ``ConformanceRig`` takes a turn on every turn it lets the
/// main actor take; a test that makes its own doubles gives them one queue and takes the turns
/// itself, so the callbacks land at the same place on every run:
///
/// ```swift
/// let mainQueue = TestMainQueue()
/// let header = TestHeaderControl(timing: .mjRefreshHeader(.turns(2)), mainQueue: mainQueue)
/// let footer = TestFooterControl(timing: .mjRefreshAutoFooter, mainQueue: mainQueue)
/// model.loadMore()            // the library begins the auto footer
/// await mainQueue.turn()      // its block runs on the next turn, as MJRefresh's does
/// ```
///
/// End commands also apply on the main actor's next turn by themselves (in a task enqueued when
/// they are called, as MJRefresh's block is enqueued), so work the library queues after them sees
/// them applied; the queue's turns apply whatever is still waiting. Begin animations complete only
/// on the queue's turns (or by hand: `finishBeginAnimations()` under ``TestBeginAnimation/manual``).
///
/// The class is `@MainActor`, like the doubles. Create one per test.
@MainActor
public final class TestMainQueue {
    private enum Work {
        /// An end command of a double: applies it (and any queued before it by that double).
        case command(owner: ObjectIdentifier, apply: @MainActor () -> Void)
        /// A begin animation's callback, due after `turnsLeft` more turns.
        case callback(owner: ObjectIdentifier, turnsLeft: Int, fire: @MainActor () -> Void)
    }

    private var work: [Work] = []

    /// Creates an empty queue.
    public init() {}

    /// Whether nothing waits: no end command unapplied, no begin animation uncompleted.
    public var isEmpty: Bool { work.isEmpty }

    /// Takes one turn: in the order they were queued, applies the end commands and counts one
    /// turn of every begin animation, calling back those it completes. Work queued during the turn
    /// (a callback's own commands) waits for the next one.
    public func runTurn() {
        let taken = work
        work.removeAll()
        var waiting: [Work] = []
        for item in taken {
            switch item {
            case .command(_, let apply):
                apply()
            case .callback(let owner, let turnsLeft, let fire):
                if turnsLeft <= 1 {
                    fire()
                } else {
                    waiting.append(.callback(owner: owner, turnsLeft: turnsLeft - 1, fire: fire))
                }
            }
        }
        work = waiting + work
    }

    /// Takes turns until nothing waits, at most `limit` of them; returns how many it took.
    /// - Parameter limit: The most turns to take; a callback that begins its control again queues
    ///   more work each turn.
    /// - Returns: The number of turns taken.
    @discardableResult
    public func drain(limit: Int = 1_000) -> Int {
        var taken = 0
        while !work.isEmpty, taken < limit {
            runTurn()
            taken += 1
        }
        return taken
    }

    /// Lets the main actor run the work queued on it so far (the library's re-checks, tasks the
    /// adopter started), then takes one turn (``runTurn()``): the order in which the real main
    /// queue runs them.
    public func turn() async {
        await Task.yield()
        runTurn()
    }

    /// Takes ``turn()`` `count` times.
    /// - Parameter count: The number of turns.
    public func turns(_ count: Int) async {
        for _ in 0..<count {
            await turn()
        }
    }

    /// Takes turns (``turn()``) until `condition` holds, at most `limit` of them; returns whether
    /// it holds.
    /// - Parameters:
    ///   - limit: The most turns to take.
    ///   - condition: What to wait for.
    /// - Returns: Whether `condition` holds.
    @discardableResult
    public func turns(until condition: () -> Bool, limit: Int = 100) async -> Bool {
        var taken = 0
        while !condition() {
            guard taken < limit else { return false }
            await turn()
            taken += 1
        }
        return true
    }

    /// Queues an end command of `owner`, applied on the next turn unless it applied before.
    func enqueueCommand(of owner: AnyObject, _ apply: @escaping @MainActor () -> Void) {
        work.append(.command(owner: ObjectIdentifier(owner), apply: apply))
    }

    /// Queues a begin animation of `owner` that completes after `turns` turns (at least one).
    func enqueueCallback(of owner: AnyObject, afterTurns turns: Int, _ fire: @escaping @MainActor () -> Void) {
        work.append(.callback(owner: ObjectIdentifier(owner), turnsLeft: max(turns, 1), fire: fire))
    }

    /// Whether a begin animation of `owner` still counts turns.
    func hasCallbacks(of owner: AnyObject) -> Bool {
        let id = ObjectIdentifier(owner)
        return work.contains {
            if case .callback(id, _, _) = $0 { return true }
            return false
        }
    }

    /// Completes every begin animation of `owner` now: calls them back, oldest first.
    func completeCallbacks(of owner: AnyObject) {
        let id = ObjectIdentifier(owner)
        var due: [@MainActor () -> Void] = []
        work.removeAll {
            guard case .callback(id, _, let fire) = $0 else { return false }
            due.append(fire)
            return true
        }
        for fire in due {
            fire()
        }
    }
}

/// The end commands a control double received and has not applied yet, oldest first: each applies
/// on the main actor's next turn, on a turn of the double's ``TestMainQueue``, or at `flush()`,
/// whichever comes first, and those queued before it apply with it.
@MainActor
struct DeferredCommands<State> {
    private var next = 0
    private var queued: [(id: Int, state: State)] = []

    /// Whether a command waits.
    var isEmpty: Bool { queued.isEmpty }

    /// Queues `state`; returns the command's number, to apply it by.
    mutating func append(_ state: State) -> Int {
        next &+= 1
        queued.append((next, state))
        return next
    }

    /// Takes the commands up to and including number `id` (none when it applied already).
    mutating func take(through id: Int) -> [State] {
        guard let end = queued.firstIndex(where: { $0.id == id }) else { return [] }
        defer { queued.removeSubrange(...end) }
        return queued[...end].map(\.state)
    }

    /// Takes every command.
    mutating func takeAll() -> [State] {
        defer { queued.removeAll() }
        return queued.map(\.state)
    }
}
