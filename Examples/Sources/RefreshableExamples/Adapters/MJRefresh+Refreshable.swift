// swift-format-ignore-file: AvoidRetroactiveConformances

import Dispatch
import MJRefresh
import Refreshable

// ios-typecheck: iOS 13
// The MJRefresh adapter an app writes (README, "Quick start: MJRefresh"): the package has no
// dependencies, so it cannot ship conformances for MJRefresh's controls. Two conformances; the
// footer's body shows each source's own end-of-list text on every footer (MJRefresh's state
// footers, and an app's own footer through `NoMoreDataTitled`, as `TopicsFooter` does) and a failed
// load-more's message on the state footers (leave it out, `{}`, and every footer shows its own end
// text, and a failed load-more only ends the spinner under the passing message). `UIRefreshControl`,
// `UITableView` and `UICollectionView` come with the RefreshableUIKit product.
//
// `@retroactive` is required: both the control and the protocol come from other modules, and
// without it Swift 6 warns "extension declares a conformance of imported type 'MJRefreshHeader' to
// imported protocol 'RefreshHeaderControl'; this will not behave correctly if the owners of
// 'MJRefresh' introduce this conformance in the future". This package's CI builds with warnings as
// errors, so a missing `@retroactive` fails it. The lint rule AvoidRetroactiveConformances guards
// the library itself; here the retroactive conformances are the point, so it is silenced for this
// file.

extension MJRefreshHeader: @retroactive RefreshHeaderControl {}
extension MJRefreshFooter: @retroactive RefreshFooterControl {
    /// Ends the list with the source's own text: on MJRefresh's state footers, and on a footer of
    /// your own that adopts `NoMoreDataTitled`.
    public func endRefreshingWithNoMoreData(title: String) {
        (self as? MJRefreshAutoStateFooter)?.setTitle(title, for: .noMoreData)
        (self as? MJRefreshBackStateFooter)?.setTitle(title, for: .noMoreData)
        (self as? any NoMoreDataTitled)?.noMoreDataTitle = title
        endRefreshingWithNoMoreData()
    }

    /// Shows a failed load-more on the footers that show text: back to idle (a pull up or, on an
    /// auto footer, a tap on the label retries), with the failure's message in the label until
    /// the footer's next state, which sets its own title again. MJRefresh applies
    /// `endRefreshing()` on the main queue's next turn, so the message goes in after it.
    public func endRefreshingWithFailure(message: String) {
        endRefreshing()
        DispatchQueue.main.async {
            guard self.state == .idle else { return }
            (self as? MJRefreshAutoStateFooter)?.stateLabel?.text = message
            (self as? MJRefreshBackStateFooter)?.stateLabel?.text = message
        }
    }
}

/// A footer of your own (a subclass of `MJRefreshAutoFooter` or `MJRefreshBackFooter`) that shows
/// `noMoreDataTitle`, the tab's own end-of-list text, in its `.noMoreData` state.
protocol NoMoreDataTitled: MJRefreshFooter {
    var noMoreDataTitle: String { get set }
}
