// Stand-in for Apple's UIKit, for compiling the examples on Linux: NOT UIKit.
//
// Signatures follow Apple's documentation pages, as the SDK imports them into Swift:
//   https://developer.apple.com/documentation/uikit/uiviewcontroller (init(nibName:bundle:),
//     init(coder:), "var view: UIView!", loadView(), viewDidLoad(), viewWillAppear(_:),
//     viewDidDisappear(_:), loadViewIfNeeded(), isViewLoaded, viewIfLoaded,
//     "var navigationItem: UINavigationItem { get }")
//   https://developer.apple.com/documentation/uikit/uinavigationitem (init(title:), title, titleView)
// Like UIKit, reading `view` loads it (`loadView()`, then `viewDidLoad()`) the first time.
// `UIViewController()` is spelled as a convenience initializer (in the SDK it comes from NSObject
// and calls `init(nibName: nil, bundle: nil)`).

public import Foundation

/// An object that manages a view hierarchy (UIKit's `UIViewController`).
@MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    private lazy var ownNavigationItem = UINavigationItem(title: "")

    /// Creates a view controller with the nib file in the specified bundle.
    /// - Parameters:
    ///   - nibNameOrNil: The nib file's name, or `nil`.
    ///   - nibBundleOrNil: The bundle holding the nib file, or `nil`.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// Creates a view controller from data in an unarchiver; the stand-in never decodes.
    /// - Parameter coder: An unarchiver.
    public required init?(coder: NSCoder) {
        nil
    }

    /// Creates a view controller without a nib (`UIViewController()`).
    public override convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// The view that the controller manages; reading it loads it if needed.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView = newValue
        }
    }

    /// The navigation item used to represent the view controller in a parent's navigation bar.
    open var navigationItem: UINavigationItem { ownNavigationItem }

    /// Whether the view is currently loaded into memory.
    open var isViewLoaded: Bool { loadedView != nil }

    /// The view controller's view, or `nil` if the view is not yet loaded.
    open var viewIfLoaded: UIView? { loadedView }

    /// Creates the view that the controller manages.
    open func loadView() {
        loadedView = UIView(frame: .zero)
    }

    /// Called after the controller's view is loaded into memory.
    open func viewDidLoad() {}

    /// Notifies the view controller that its view is about to be added to a view hierarchy.
    /// - Parameter animated: Whether the view is added with an animation.
    open func viewWillAppear(_ animated: Bool) {}

    /// Notifies the view controller that its view was removed from a view hierarchy.
    /// - Parameter animated: Whether the view was removed with an animation.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Loads the view controller's view if it has not yet been loaded.
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil {
            loadedView = UIView(frame: .zero)
        }
        viewDidLoad()
    }
}

/// The items that a navigation bar displays when the associated view controller is visible
/// (UIKit's `UINavigationItem`).
@MainActor
open class UINavigationItem {
    /// The navigation item's title that displays in the navigation bar.
    open var title: String?
    /// A custom view that displays in the center of the navigation bar, in place of the title.
    open var titleView: UIView?

    /// Creates a navigation item with the specified title.
    /// - Parameter title: The title.
    public init(title: String) {
        self.title = title
    }
}
