// Stand-in for Apple's UIKit, for compiling the examples on Linux: NOT UIKit.
//
// Signatures (names, argument labels, types, optionality, `@MainActor` isolation) follow Apple's
// documentation pages, as the SDK imports them into Swift:
//   https://developer.apple.com/documentation/uikit/uiresponder
//   https://developer.apple.com/documentation/uikit/uiview (init(frame:), init(coder:),
//     isHidden, backgroundColor, subviews, superview, addSubview(_:), removeFromSuperview())
//   https://developer.apple.com/documentation/uikit/uilabel (text, numberOfLines)
//   https://developer.apple.com/documentation/uikit/uicolor (init(white:alpha:))
//   https://developer.apple.com/documentation/uikit/uiimage
// Every UIKit class here is `@MainActor`, as UIKit's are (UIResponder and its subclasses are
// main-actor isolated; `UIColor` and `UIImage` are not). Deviations: the NSObject superclass,
// `@NSCopying` and Objective-C runtime features are left out; `UIView()` is spelled as a
// convenience initializer (in the SDK it comes from NSObject). Bodies are trivial: they keep state
// so tests can look at it, and draw nothing.

// UIKit re-exports Foundation: `import UIKit` alone gives `IndexPath`, `NSCoder`, `CGRect`, ...
@_exported public import Foundation

/// An object that responds to and handles events (UIKit's `UIResponder`).
@MainActor
open class UIResponder {
    /// Creates a responder.
    public init() {}
}

/// A rectangular area on the screen (UIKit's `UIView`).
@MainActor
open class UIView: UIResponder {
    /// The view's frame rectangle, in its superview's coordinates.
    open var frame: CGRect
    /// Whether the view is hidden.
    open var isHidden: Bool = false
    /// The view's background color.
    open var backgroundColor: UIColor?
    private var subviewStorage: [UIView] = []
    private weak var superviewStorage: UIView?

    /// Creates a view with a frame rectangle.
    /// - Parameter frame: The frame rectangle.
    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    /// Creates a view from data in an unarchiver; the stand-in never decodes.
    /// - Parameter coder: An unarchiver.
    public required init?(coder: NSCoder) {
        nil
    }

    /// Creates a view with a zero frame (`UIView()`, inherited from NSObject in the SDK).
    public override convenience init() {
        self.init(frame: .zero)
    }

    /// The view's immediate subviews.
    open var subviews: [UIView] { subviewStorage }

    /// The view's superview, or `nil`.
    open var superview: UIView? { superviewStorage }

    /// Adds a view to the end of the receiver's list of subviews.
    /// - Parameter view: The view to add.
    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviewStorage.append(view)
        view.superviewStorage = self
    }

    /// Unlinks the view from its superview.
    open func removeFromSuperview() {
        superviewStorage?.subviewStorage.removeAll { $0 === self }
        superviewStorage = nil
    }
}

/// A view that displays one or more lines of read-only text (UIKit's `UILabel`).
@MainActor
open class UILabel: UIView {
    /// The text that the label displays.
    open var text: String?
    /// The maximum number of lines for rendering text; 0 means no limit.
    open var numberOfLines: Int = 1
}

/// An object that stores color data (UIKit's `UIColor`).
open class UIColor {
    /// The grayscale and alpha components, as given to ``init(white:alpha:)``.
    public let white: CGFloat
    /// The opacity, from 0 to 1.
    public let alpha: CGFloat

    /// Creates a color from a grayscale value and an opacity.
    /// - Parameters:
    ///   - white: The grayscale value, from 0 (black) to 1 (white).
    ///   - alpha: The opacity, from 0 to 1.
    public init(white: CGFloat, alpha: CGFloat) {
        self.white = white
        self.alpha = alpha
    }
}

/// An object that manages image data (UIKit's `UIImage`); only named by `UIAction`'s initializer here.
open class UIImage {}
