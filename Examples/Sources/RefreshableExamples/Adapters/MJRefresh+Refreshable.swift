// swift-format-ignore-file: AvoidRetroactiveConformances

import MJRefresh
import Refreshable

// The MJRefresh adapter an app writes (README, "Quick start: MJRefresh"): the package has no
// dependencies, so it cannot ship conformances for MJRefresh's controls. Two conformances; the
// footer's body shows each source's own end-of-list text on MJRefresh's state footers (leave it out,
// `{}`, and they show MJRefresh's own). `UIRefreshControl`, `UITableView` and `UICollectionView` come
// with the RefreshableUIKit product.
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
    /// Ends the list with the source's own text, on the footers that show text.
    public func endRefreshingWithNoMoreData(title: String) {
        (self as? MJRefreshAutoStateFooter)?.setTitle(title, for: .noMoreData)
        (self as? MJRefreshBackStateFooter)?.setTitle(title, for: .noMoreData)
        endRefreshingWithNoMoreData()
    }
}
