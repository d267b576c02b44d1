import MJRefresh
import UIKit

/// The forum client's own load-more footer: an `MJRefreshAutoFooter` subclass with a label of its
/// own, which MJRefresh's state footers' titles do not reach. It adopts the adapter's
/// `NoMoreDataTitled`, so each tab's end-of-list text reaches it.
final class TopicsFooter: MJRefreshAutoFooter, NoMoreDataTitled {
    /// The footer's label.
    let label = UILabel()
    /// The text shown at the end of the list: the tab's own, set by the adapter.
    var noMoreDataTitle = "The end" {
        didSet { showState() }
    }

    /// The state; the label follows it.
    override var state: MJRefreshState {
        didSet { showState() }
    }

    private func showState() {
        switch state {
        case .noMoreData: label.text = noMoreDataTitle
        case .refreshing, .willRefresh: label.text = "Loading topics…"
        default: label.text = nil
        }
    }
}
