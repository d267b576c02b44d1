// swift-format-ignore-file: AvoidRetroactiveConformances

import MJRefresh
import Refreshable
import UIKit

// The control adapters to copy into an app: empty extensions, because the protocols' requirements
// are the controls' own members (`isHidden` comes from UIView).
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
extension MJRefreshFooter: @retroactive RefreshFooterControl {}
