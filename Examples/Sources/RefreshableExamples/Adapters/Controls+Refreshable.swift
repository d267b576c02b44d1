// swift-format-ignore-file: AvoidRetroactiveConformances

import MJRefresh
import Refreshable
import UIKit

// The control adapters to copy into an app: nearly empty extensions, because the protocols'
// requirements are the controls' own members (`isHidden` comes from UIView). The footer's adds the
// end-of-list text of the source on screen (each tab may have its own), shown by the footers that
// show text; it is declared on the class that conforms, so that every footer uses it.
//
// `@retroactive` is required: both the control and the protocol come from other modules, and
// without it Swift 6 warns "extension declares a conformance of imported type 'UIRefreshControl' to
// imported protocol 'RefreshHeaderControl'; this will not behave correctly if the owners of 'UIKit'
// introduce this conformance in the future". This package's CI builds with warnings as errors, so a
// missing `@retroactive` fails it (the stand-ins are built as modules of their own, like the SDK).
// The lint rule AvoidRetroactiveConformances guards the library itself; here the retroactive
// conformances are the point, so it is silenced for this file.

extension UIRefreshControl: @retroactive RefreshHeaderControl {}
extension MJRefreshHeader: @retroactive RefreshHeaderControl {}
extension MJRefreshFooter: @retroactive RefreshFooterControl {
    /// Ends the list with the source's own text, on the footers that show text.
    public func endRefreshingWithNoMoreData(title: String) {
        (self as? MJRefreshAutoStateFooter)?.setTitle(title, for: .noMoreData)
        (self as? MJRefreshBackStateFooter)?.setTitle(title, for: .noMoreData)
        endRefreshingWithNoMoreData()
    }
}
