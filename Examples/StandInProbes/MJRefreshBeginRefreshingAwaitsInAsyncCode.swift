// MJRefresh's `-beginRefreshingWithCompletionBlock:` is imported as `beginRefreshing() async` too:
// in an async function, a plain `beginRefreshing()` is that overload, and needs `await`.
// expected-error: expression is 'async' but is not marked with 'await'

import MJRefresh

@MainActor
func probe(_ header: MJRefreshHeader) async {
    header.beginRefreshing()
}
