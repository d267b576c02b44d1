import Refreshable

/// A header that only tracks its state, so the library sees it show what it was told at once.
@MainActor
final class BenchHeader: RefreshHeaderControl {
    private(set) var isRefreshing = false
    /// Commands received, so every path can be checked to drive the controls alike.
    private(set) var commands = 0

    func beginRefreshing() {
        isRefreshing = true
        commands &+= 1
    }

    func endRefreshing() {
        isRefreshing = false
        commands &+= 1
    }
}

/// A footer that only tracks its state.
@MainActor
final class BenchFooter: RefreshFooterControl {
    private(set) var isRefreshing = false
    private(set) var hasNoMoreData = false
    var isHidden = false
    /// Commands received.
    private(set) var commands = 0

    func beginRefreshing() {
        isRefreshing = true
        commands &+= 1
    }

    func endRefreshing() {
        isRefreshing = false
        commands &+= 1
    }

    func endRefreshingWithNoMoreData() {
        isRefreshing = false
        hasNoMoreData = true
        commands &+= 1
    }

    func resetNoMoreData() {
        hasNoMoreData = false
        commands &+= 1
    }
}
