import Refreshable

/// The kind of front door the suite checks, which decides how it reaches the controls' actions.
package enum FrontDoor: Sendable, Hashable {
    /// A `Refreshable` adopter: the rig wires the doubles' actions it left unset to
    /// `headerRefreshingAction()` and `footerRefreshingAction()`.
    case adopter
    /// A view controller, or the controller of a view model, that wires the doubles itself as it
    /// wires the real controls: nothing is wired for it, and a header it leaves unwired is a
    /// wiring problem.
    case ownWiring
    /// A `RefreshListModel`, drawn on the doubles as a SwiftUI view draws it.
    case listModel
}

/// Something the user or the app does to the front door under test.
enum AdopterAction {
    case appear
    case refresh
    case loadMore
    case loadPrevious
    case switchSource(Int)
    case cancel(source: Int)
    case tapRetry
    case update(TestItem)
    case remove(id: Int)
    case insert(TestItem, at: Int)
    /// `insertPendingItem(_:at:)`: a message just sent, pending until an answer brings its id.
    case insertPending(TestItem, at: Int)
    /// `refreshStatus.retryNow()`, as an app does when the network comes back.
    case retryNow
    /// `refreshIfStale(olderThan:)` with this many minutes, as an app does on returning to the
    /// foreground.
    case refreshIfStale(minutes: Int)
    /// `setOnline(_:)`: the app says the list is online or offline.
    case setOnline(Bool)
    /// The user pulls the header, through the controller's own wiring of it.
    case pullHeader
    /// The user pulls the footer up, through the controller's own wiring of it.
    case pullFooter
    /// The row at this index of the current source comes on screen and goes: the front door
    /// hears of it (`rowDidAppear(at:)`, a list model's `itemDidAppear(at:)`).
    case rowAppears(Int)
}

/// A front door the suite drives through calls of its own rather than through `Refreshable`'s
/// (whose extension methods would claim the runtime for a host it does not have): a list model,
/// drawn on the doubles as a view draws it.
@MainActor
protocol RoutedFrontDoor: AnyObject {
    /// Performs `action`; returns `false` for an action it leaves to the driver.
    func route(_ action: AdopterAction) -> Bool
    /// Whether it cancels only the source on screen (a list model's `cancelLoading()`).
    var cancelsOnlyTheCurrentSource: Bool { get }
    /// Whether it draws the header, the footer and the list double, as a screen on the doubles.
    var drawsHeader: Bool { get }
    var drawsFooter: Bool { get }
    var drawsListView: Bool { get }
}
