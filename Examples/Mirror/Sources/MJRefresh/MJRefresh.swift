// Stand-in for MJRefresh (CoderMJLee/MJRefresh), for compiling the examples on Linux: NOT MJRefresh.
//
// The signatures are MJRefresh's Objective-C headers as Swift imports them, read from the
// repository's stored copies (commit in brackets):
//   MJRefresh/Base/MJRefreshComponent.h [f918e338]: `typedef NS_ENUM(NSInteger, MJRefreshState)
//     { MJRefreshStateIdle = 1, Pulling, Refreshing, WillRefresh, NoMoreData }`,
//     `typedef void (^MJRefreshComponentAction)(void)`, `@interface MJRefreshComponent : UIView`,
//     `@property (copy, nonatomic, nullable) MJRefreshComponentAction refreshingBlock`,
//     `- (void)beginRefreshing`, `- (void)endRefreshing`,
//     `@property (assign, nonatomic, readonly, getter=isRefreshing) BOOL refreshing`,
//     `@property (assign, nonatomic) MJRefreshState state` (all inside NS_ASSUME_NONNULL),
//     `- (void)beginRefreshingWithCompletionBlock:(void (^)(void))completionBlock` and
//     `- (void)endRefreshingWithCompletionBlock:(void (^)(void))completionBlock`, which Swift also
//     imports as `beginRefreshing() async` and `endRefreshing() async`: an async caller's plain
//     `beginRefreshing()` is the async one
//   MJRefresh/Base/MJRefreshHeader.h [7c7e9889]: `+ (instancetype)headerWithRefreshingBlock:
//     (MJRefreshComponentAction)refreshingBlock`
//   MJRefresh/Base/MJRefreshFooter.h [f918e338]: `+ (instancetype)footerWithRefreshingBlock:
//     (MJRefreshComponentAction)refreshingBlock`, `- (void)endRefreshingWithNoMoreData`,
//     `- (void)resetNoMoreData`
//   MJRefresh/Base/MJRefreshAutoFooter.h [9cfe0261]: `@interface MJRefreshAutoFooter : MJRefreshFooter`
//   MJRefresh/Base/MJRefreshBackFooter.h [270f411e]: `@interface MJRefreshBackFooter : MJRefreshFooter`
//   MJRefresh/Custom/Header/MJRefreshStateHeader.h [06a7da5d]: `@interface MJRefreshStateHeader : MJRefreshHeader`
//   MJRefresh/Custom/Header/MJRefreshNormalHeader.h [270f411e]: `: MJRefreshStateHeader`
//   MJRefresh/Custom/Footer/Auto/MJRefreshAutoStateFooter.h [9cfe0261]: `- (instancetype)setTitle:
//     (NSString *)title forState:(MJRefreshState)state`, `@property (weak, nonatomic, readonly)
//     UILabel *stateLabel`; its .m sets the label's text to the state's title in `setState:` and
//     `setTitle:forState:`
//   MJRefresh/Custom/Footer/Back/MJRefreshBackStateFooter.h [f918e338]: `- (void)setTitle:
//     (NSString *)title forState:(MJRefreshState)state`, `- (NSString *)titleForState:
//     (MJRefreshState)state`, `@property (weak, nonatomic, readonly) UILabel *stateLabel` (a weak
//     property: Swift imports it as `UILabel?` even inside NS_ASSUME_NONNULL)
//   MJRefresh/Custom/Footer/Auto/MJRefreshAutoNormalFooter.h [9cfe0261]: `: MJRefreshAutoStateFooter`
//   MJRefresh/Custom/Footer/Back/MJRefreshBackNormalFooter.h [33bdde4f]: `: MJRefreshBackStateFooter`
//   MJRefresh/UIScrollView+MJRefresh.h (3.5+, inside NS_ASSUME_NONNULL): `@property (strong,
//     nonatomic, nullable) MJRefreshHeader *mj_header;` and `... MJRefreshFooter *mj_footer;`
//     (older copies without NULLABILITY annotations import them as `MJRefreshHeader!`)
// How they import: the class factories `headerWithRefreshingBlock:` / `footerWithRefreshingBlock:`
// become `convenience init(refreshingBlock:)`, inherited by the subclasses; the `isRefreshing`
// getter names the property; an `instancetype` method returns `Self` and, being Objective-C, may
// be called without using the result; everything below UIView is `@MainActor` because UIView is.
//
// The module re-exports UIKit, as MJRefresh's module map (`export *`) does for its
// `#import <UIKit/UIKit.h>`. Bodies only keep state: MJRefresh's asynchronous timing (the begin
// callback after the 0.25 s animation, end commands on the main queue's next turn) is not modelled
// here; RefreshableTesting's doubles model it for the library's own tests.

@_exported public import UIKit

/// The callback type of MJRefresh's components (`MJRefreshComponentAction`).
public typealias MJRefreshComponentAction = () -> Void

/// The state of a refresh component (`MJRefreshState`).
public enum MJRefreshState: Int, Sendable {
    /// The idle state.
    case idle = 1
    /// Pulled far enough: releasing refreshes.
    case pulling
    /// Refreshing.
    case refreshing
    /// About to refresh (begun while not in a window).
    case willRefresh
    /// Every page is loaded: there is no more data.
    case noMoreData
}

/// The base class of MJRefresh's controls (`MJRefreshComponent`).
@MainActor
open class MJRefreshComponent: UIView {
    /// The callback run when the control enters its refreshing state.
    open var refreshingBlock: MJRefreshComponentAction?
    /// The control's state.
    open var state: MJRefreshState = .idle

    /// Whether the control is refreshing (state refreshing or will-refresh).
    open var isRefreshing: Bool { state == .refreshing || state == .willRefresh }

    /// Enters the refreshing state.
    open func beginRefreshing() {
        state = .refreshing
    }

    /// Leaves the refreshing state.
    open func endRefreshing() {
        state = .idle
    }

    /// Enters the refreshing state, then runs `completionBlock`
    /// (`-beginRefreshingWithCompletionBlock:`).
    /// - Parameter completionBlock: Run once the control refreshes.
    open func beginRefreshing(completionBlock: @escaping () -> Void) {
        beginRefreshing()
        completionBlock()
    }

    /// `-beginRefreshingWithCompletionBlock:` as Swift imports it for callers that await: in an
    /// `async` context, a plain `beginRefreshing()` call picks this overload, as it does with the
    /// real headers, and needs `await`.
    open func beginRefreshing() async {
        await withCheckedContinuation { continuation in
            beginRefreshing(completionBlock: { continuation.resume() })
        }
    }

    /// Leaves the refreshing state, then runs `completionBlock`
    /// (`-endRefreshingWithCompletionBlock:`).
    /// - Parameter completionBlock: Run once the control is idle.
    open func endRefreshing(completionBlock: @escaping () -> Void) {
        endRefreshing()
        completionBlock()
    }

    /// `-endRefreshingWithCompletionBlock:` as Swift imports it for callers that await: in an `async`
    /// context, a plain `endRefreshing()` call picks this overload and needs `await`.
    open func endRefreshing() async {
        await withCheckedContinuation { continuation in
            endRefreshing(completionBlock: { continuation.resume() })
        }
    }
}

/// The pull-down refresh control (`MJRefreshHeader`).
@MainActor
open class MJRefreshHeader: MJRefreshComponent {
    /// Creates a header (`+headerWithRefreshingBlock:`).
    /// - Parameter refreshingBlock: The callback run when the header refreshes.
    public convenience init(refreshingBlock: @escaping MJRefreshComponentAction) {
        self.init(frame: .zero)
        self.refreshingBlock = refreshingBlock
    }
}

/// A header with a state label (`MJRefreshStateHeader`).
@MainActor
open class MJRefreshStateHeader: MJRefreshHeader {}

/// The default header, with an arrow and a spinner (`MJRefreshNormalHeader`).
@MainActor
open class MJRefreshNormalHeader: MJRefreshStateHeader {}

/// The pull-up load-more control (`MJRefreshFooter`).
@MainActor
open class MJRefreshFooter: MJRefreshComponent {
    /// Creates a footer (`+footerWithRefreshingBlock:`).
    /// - Parameter refreshingBlock: The callback run when the footer loads more.
    public convenience init(refreshingBlock: @escaping MJRefreshComponentAction) {
        self.init(frame: .zero)
        self.refreshingBlock = refreshingBlock
    }

    /// Shows that there is no more data.
    open func endRefreshingWithNoMoreData() {
        state = .noMoreData
    }

    /// Leaves the no-more-data state.
    open func resetNoMoreData() {
        state = .idle
    }
}

/// A footer that loads more when it scrolls into view (`MJRefreshAutoFooter`).
@MainActor
open class MJRefreshAutoFooter: MJRefreshFooter {}

/// An automatic footer with a state label (`MJRefreshAutoStateFooter`).
@MainActor
open class MJRefreshAutoStateFooter: MJRefreshAutoFooter {
    private var titles: [MJRefreshState: String] = [:]

    private let label = UILabel()

    /// The label that shows the text set for the current state. Optional, as Swift imports the
    /// header's `weak` property: `footer.stateLabel?.text`.
    public var stateLabel: UILabel? { label }

    /// The control's state; the label follows it.
    override open var state: MJRefreshState {
        didSet { label.text = titles[state] }
    }

    /// Sets the label's text for a state.
    /// - Parameters:
    ///   - title: The text.
    ///   - state: The state that shows it.
    /// - Returns: The footer, for chaining.
    @discardableResult
    open func setTitle(_ title: String, for state: MJRefreshState) -> Self {
        titles[state] = title
        label.text = titles[self.state]
        return self
    }
}

/// The default automatic footer, with a spinner (`MJRefreshAutoNormalFooter`).
@MainActor
open class MJRefreshAutoNormalFooter: MJRefreshAutoStateFooter {}

/// A footer that loads more when pulled up past the content's end (`MJRefreshBackFooter`).
@MainActor
open class MJRefreshBackFooter: MJRefreshFooter {}

/// A back footer with a state label (`MJRefreshBackStateFooter`).
@MainActor
open class MJRefreshBackStateFooter: MJRefreshBackFooter {
    private var titles: [MJRefreshState: String] = [:]

    private let label = UILabel()

    /// The label that shows the text set for the current state. Optional, as Swift imports the
    /// header's `weak` property: `footer.stateLabel?.text`.
    public var stateLabel: UILabel? { label }

    /// The control's state; the label follows it.
    override open var state: MJRefreshState {
        didSet { label.text = titles[state] }
    }

    /// Sets the label's text for a state.
    /// - Parameters:
    ///   - title: The text.
    ///   - state: The state that shows it.
    open func setTitle(_ title: String, for state: MJRefreshState) {
        titles[state] = title
        label.text = titles[self.state]
    }

    /// The label's text for a state.
    /// - Parameter state: The state.
    /// - Returns: The text set for it, or `nil`.
    open func title(for state: MJRefreshState) -> String? {
        titles[state]
    }
}

/// The default back footer, with an arrow and a spinner (`MJRefreshBackNormalFooter`).
@MainActor
open class MJRefreshBackNormalFooter: MJRefreshBackStateFooter {}

/// Where a scroll view's MJRefresh controls are kept; MJRefresh keeps them as associated objects.
@MainActor
private var attachedControls: [ObjectIdentifier: AttachedControls] = [:]

@MainActor
private struct AttachedControls {
    weak var scrollView: UIScrollView?
    var header: MJRefreshHeader?
    var footer: MJRefreshFooter?
}

extension UIScrollView {
    private var attached: AttachedControls {
        get {
            guard let entry = attachedControls[ObjectIdentifier(self)], entry.scrollView === self else {
                return AttachedControls(scrollView: self)
            }
            return entry
        }
        set {
            attachedControls[ObjectIdentifier(self)] = newValue
        }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The pull-down refresh control (`UIScrollView+MJRefresh`).
    public var mj_header: MJRefreshHeader? {
        get { attached.header }
        set { attached.header = newValue }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The pull-up load-more control (`UIScrollView+MJRefresh`).
    public var mj_footer: MJRefreshFooter? {
        get { attached.footer }
        set { attached.footer = newValue }
    }
}
