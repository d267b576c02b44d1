// MJRefresh's `stateLabel` is a weak Objective-C property: Swift sees `UILabel?`, even inside
// NS_ASSUME_NONNULL.
// expected-error: value of optional type 'UILabel?' must be unwrapped

import MJRefresh
import UIKit

@MainActor
func probe(_ footer: MJRefreshAutoStateFooter) {
    footer.stateLabel.text = "No more"
}
