/// When a control double calls its action after `beginRefreshing()`, like MJRefresh's controls,
/// which call it when their begin animation completes (0.25 s on a device), even after
/// `endRefreshing()`.
public enum TestBeginAnimation: Sendable, Hashable {
    /// The action waits until the test calls `finishBeginAnimations()` on the double: for tests
    /// that place the callback before or after an answer exactly.
    case manual
    /// The action runs on its own after this many turns of the main actor (at least one), so
    /// answers that settle within fewer turns come first: a fast answer.
    ///
    /// A double made by a ``ConformanceRig`` counts the turns the rig lets the main actor take
    /// (each yield of its ``ConformanceRig/settle()`` and of its waits), so a check's events meet
    /// the callback at the same place on every run and a reported seed replays exactly. A double
    /// made on its own counts the main actor's turns with a task of its own.
    case turns(Int)
}

/// Runs `body` on the main actor after `turns` of its turns (at least one).
@MainActor
func afterMainActorTurns(_ turns: Int, _ body: @escaping @MainActor () -> Void) {
    Task { @MainActor in
        for _ in 1..<max(turns, 1) {
            await Task.yield()
        }
        body()
    }
}

/// The begin-animation callbacks a control double owes, fired on their own or by hand.
@MainActor
struct PendingBeginCallbacks {
    private(set) var count = 0

    /// Whether turns are counted by ``takeTurn()`` (a rig's doubles) rather than by tasks.
    var countsTurnsByHand = false

    /// The callbacks under ``TestBeginAnimation/turns(_:)`` counted by hand: the turns each still
    /// waits, oldest first.
    private var timed: [(turnsLeft: Int, fire: @MainActor () -> Void)] = []

    /// Notes one more callback and, for ``TestBeginAnimation/turns(_:)``, schedules it.
    mutating func schedule(_ animation: TestBeginAnimation, fire: @escaping @MainActor () -> Void) {
        switch animation {
        case .manual:
            count += 1
        case .turns(let turns) where countsTurnsByHand:
            timed.append((max(turns, 1), fire))
        case .turns(let turns):
            afterMainActorTurns(turns, fire)
        }
    }

    /// Whether a callback counted by hand still waits for its turn.
    var hasTimedCallbacks: Bool { !timed.isEmpty }

    /// Counts one turn; returns the callbacks whose animation completes on it, oldest first, for
    /// the control to call once its own state is updated.
    mutating func takeTurn() -> [@MainActor () -> Void] {
        var due: [@MainActor () -> Void] = []
        var waiting: [(turnsLeft: Int, fire: @MainActor () -> Void)] = []
        for callback in timed {
            if callback.turnsLeft <= 1 {
                due.append(callback.fire)
            } else {
                waiting.append((callback.turnsLeft - 1, callback.fire))
            }
        }
        timed = waiting
        return due
    }

    /// Takes every callback counted by turns, to fire now.
    mutating func takeAllTimed() -> [@MainActor () -> Void] {
        defer { timed.removeAll() }
        return timed.map(\.fire)
    }

    /// Takes every callback owed by hand.
    mutating func takeAll() -> Int {
        defer { count = 0 }
        return count
    }
}

/// A control double whose begin animations a rig can count by its own turns.
@MainActor
protocol TurnCountingDouble: AnyObject {
    /// The begin-animation callbacks the double owes.
    var pendingCallbacks: PendingBeginCallbacks { get set }
}

extension TurnCountingDouble {
    /// Whether a rig counts the double's turns (``takeTurn()``) instead of the main actor's tasks.
    var countsTurnsByHand: Bool {
        get { pendingCallbacks.countsTurnsByHand }
        set { pendingCallbacks.countsTurnsByHand = newValue }
    }

    /// Whether a begin animation still counts the rig's turns.
    var awaitsTurns: Bool { pendingCallbacks.hasTimedCallbacks }

    /// One turn of the main actor, as a rig counts them: calls the action of each begin animation
    /// that completes on it. (End commands apply in a task enqueued when they are called, in the
    /// order of the main queue, as MJRefresh's do.)
    func takeTurn() {
        for fire in pendingCallbacks.takeTurn() {
            fire()
        }
    }
}
