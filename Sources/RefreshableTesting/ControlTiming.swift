/// When a control double calls its action after `beginRefreshing()`, like MJRefresh's controls,
/// which call it when their begin animation completes (0.25 s on a device), even after
/// `endRefreshing()`.
public enum TestBeginAnimation: Sendable, Hashable {
    /// The action waits until the test calls `finishBeginAnimations()` on the double: for tests
    /// that place the callback before or after an answer exactly.
    case manual
    /// The action runs on its own after this many turns of the main actor (at least one), so
    /// answers that settle within fewer turns come first: a fast answer.
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

    /// Notes one more callback and, for ``TestBeginAnimation/turns(_:)``, schedules it.
    mutating func schedule(_ animation: TestBeginAnimation, fire: @escaping @MainActor () -> Void) -> Bool {
        switch animation {
        case .manual:
            count += 1
            return true
        case .turns(let turns):
            afterMainActorTurns(turns, fire)
            return false
        }
    }

    /// Takes every callback owed by hand.
    mutating func takeAll() -> Int {
        defer { count = 0 }
        return count
    }
}
