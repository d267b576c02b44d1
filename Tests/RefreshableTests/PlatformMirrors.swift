import Refreshable

// Test classes that mirror the public signatures of UIKit's and MJRefresh's controls, so the
// empty-extension adapters the README promises are proven to compile against the protocols.
// MJRefresh applies `endRefreshing()`, `endRefreshingWithNoMoreData()` and `resetNoMoreData()` by
// dispatching to the main queue, so the last call wins; `MainQueueMirror` reproduces that.

/// A stand-in for `DispatchQueue.main`: blocks queued by the MJRefresh mirrors, run by `drain()`.
@MainActor
final class MainQueueMirror {
    private var blocks: [@MainActor () -> Void] = []

    func async(_ block: @escaping @MainActor () -> Void) {
        blocks.append(block)
    }

    /// Runs queued blocks, including ones they queue, in order.
    func drain() {
        while !blocks.isEmpty {
            let block = blocks.removeFirst()
            block()
        }
    }
}

/// Mirrors `UIRefreshControl`: `beginRefreshing()`, `endRefreshing()`, `isRefreshing { get }`.
/// Like UIKit, `beginRefreshing()` does not send the value-changed action.
@MainActor
final class UIRefreshControl {
    private(set) var isRefreshing = false
    private(set) var beginCount = 0
    private(set) var endCount = 0

    func beginRefreshing() {
        beginCount += 1
        isRefreshing = true
    }

    func endRefreshing() {
        endCount += 1
        isRefreshing = false
    }
}

/// Mirrors `MJRefreshState`.
enum MJRefreshState {
    case idle, pulling, refreshing, willRefresh, noMoreData
}

/// Mirrors `MJRefreshComponent`: `state`, `isRefreshing`, `refreshingBlock`, `beginRefreshing()`,
/// `endRefreshing()` (applied asynchronously on the main queue).
@MainActor
class MJRefreshComponent {
    let mainQueue: MainQueueMirror
    var state: MJRefreshState = .idle
    var refreshingBlock: (@MainActor () -> Void)?
    var isHidden = false

    init(mainQueue: MainQueueMirror) {
        self.mainQueue = mainQueue
    }

    var isRefreshing: Bool { state == .refreshing || state == .willRefresh }

    func beginRefreshing() {
        state = .refreshing
        let block = refreshingBlock
        mainQueue.async { block?() }
    }

    func endRefreshing() {
        mainQueue.async { self.state = .idle }
    }
}

/// Mirrors `MJRefreshHeader`.
@MainActor
final class MJRefreshHeader: MJRefreshComponent {}

/// Mirrors `MJRefreshFooter`: adds `endRefreshingWithNoMoreData()` and `resetNoMoreData()`.
@MainActor
final class MJRefreshFooter: MJRefreshComponent {
    func endRefreshingWithNoMoreData() {
        mainQueue.async { self.state = .noMoreData }
    }

    func resetNoMoreData() {
        mainQueue.async { self.state = .idle }
    }
}

// The whole adapters: empty extensions.
extension UIRefreshControl: RefreshHeaderControl {}
extension MJRefreshHeader: RefreshHeaderControl {}
extension MJRefreshFooter: RefreshFooterControl {}

/// A list that records reloads and failure presentations.
@MainActor
final class ListMirror: RefreshListView {
    private(set) var reloadCount = 0
    private(set) var placeholder: RefreshFailure?
    private(set) var retry: (@MainActor () -> Void)?
    private(set) var messages: [RefreshFailure] = []

    func reloadData() {
        reloadCount += 1
    }

    func showFailurePlaceholder(_ failure: RefreshFailure, retry: @escaping @MainActor () -> Void) {
        placeholder = failure
        self.retry = retry
    }

    func hideFailurePlaceholder() {
        placeholder = nil
        retry = nil
    }

    func showFailureMessage(_ failure: RefreshFailure) {
        messages.append(failure)
    }
}
