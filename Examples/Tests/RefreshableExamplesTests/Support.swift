import MJRefresh
import Refreshable

// Helpers for the example tests.

/// Lets queued main-actor work run until `condition` holds, up to a budget of yields.
/// - Parameter condition: What to wait for.
/// - Returns: Whether it held within the budget.
@MainActor
func settle(until condition: @MainActor () -> Bool) async -> Bool {
    for _ in 0..<10_000 {
        if condition() {
            return true
        }
        await Task.yield()
    }
    return condition()
}

/// A load of source 0 that failed while offline, for showing a failure presentation directly.
/// - Parameters:
///   - kind: Refresh or load-more.
///   - page: The page that was asked for.
/// - Returns: The failure.
func offlineFailure(_ kind: RefreshRequest.Kind, page: Int) -> RefreshFailure {
    RefreshFailure(request: RefreshRequest(source: 0, page: page, kind: kind, generation: 0), reason: .offline)
}

/// What MJRefresh does when the user pulls a control: it begins refreshing, then calls its block.
/// A synchronous function, so that `beginRefreshing()` is MJRefresh's synchronous call: in async
/// code Swift picks the `beginRefreshing() async` it imports from `-beginRefreshingWithCompletionBlock:`.
/// - Parameter control: The header or footer the user pulls.
@MainActor
func pullAsMJRefreshDoes(_ control: MJRefreshComponent) {
    control.beginRefreshing()
    control.refreshingBlock?()
}
