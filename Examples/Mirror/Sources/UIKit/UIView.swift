// Stand-in for Apple's UIKit, for compiling the examples on Linux: NOT UIKit.
//
// Signatures (names, argument labels, types, optionality, `@MainActor` isolation) follow Apple's
// documentation pages, as the SDK imports them into Swift:
//   https://developer.apple.com/documentation/uikit/uiresponder (touchesEnded(_:with:))
//   https://developer.apple.com/documentation/uikit/uitouch, https://developer.apple.com/documentation/uikit/uievent
//   https://developer.apple.com/documentation/uikit/uiwindow (init(frame:), inherited)
//   https://developer.apple.com/documentation/uikit/uiview (init(frame:), init(coder:),
//     isHidden, backgroundColor, subviews, superview, window, addSubview(_:), removeFromSuperview(), bounds,
//     layoutSubviews(), setNeedsLayout(), layoutIfNeeded(), sizeThatFits(_:))
//   https://developer.apple.com/documentation/uikit/uilabel (text, numberOfLines, textAlignment,
//     "var textColor: UIColor!")
//   https://developer.apple.com/documentation/uikit/nstextalignment (left = 0, center = 1,
//     right = 2, justified = 3, natural = 4 on iOS)
//   https://developer.apple.com/documentation/uikit/uicolor (init(white:alpha:), "class var white:
//     UIColor { get }")
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

    /// Tells the responder when one or more fingers are raised from a view or window (here:
    /// called by tests, in place of a finger; the stand-in's controls track no touches).
    /// - Parameters:
    ///   - touches: The touches that ended.
    ///   - event: The event they belong to.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

/// An object that represents the location, size, movement, and force of a touch on the screen
/// (UIKit's `UITouch`; `Hashable` by identity, as an `NSObject` is).
@MainActor
open class UITouch: Hashable {
    /// Creates a touch.
    public init() {}

    /// Whether two touches are the same object.
    public nonisolated static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }

    /// Hashes the touch's identity.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// An object that describes a single user interaction with your app (UIKit's `UIEvent`).
@MainActor
open class UIEvent {
    /// Creates an event.
    public init() {}
}

/// The backdrop for your app's user interface and the object that dispatches events to your views
/// (UIKit's `UIWindow`).
@MainActor
open class UIWindow: UIView {}

/// A rectangular area on the screen (UIKit's `UIView`).
@MainActor
open class UIView: UIResponder {
    /// The view's frame rectangle, in its superview's coordinates.
    open var frame: CGRect
    /// The view's bounds rectangle, in its own coordinates: the frame's size at an origin that a
    /// scroll view moves as it scrolls.
    open var bounds: CGRect {
        get { CGRect(origin: boundsOrigin, size: frame.size) }
        set {
            boundsOrigin = newValue.origin
            frame.size = newValue.size
        }
    }
    /// Whether the view is hidden.
    open var isHidden: Bool = false
    /// The view's background color.
    open var backgroundColor: UIColor?
    private var boundsOrigin = CGPoint.zero
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

    /// The view's window, or `nil` if it is not in one: the window among itself and its
    /// superviews.
    open var window: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow {
                return window
            }
            view = current.superview
        }
        return nil
    }

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

    /// Lays out subviews; subclasses override it to set their subviews' frames.
    open func layoutSubviews() {}

    /// Invalidates the current layout of the receiver (the stand-in lays out only on
    /// ``layoutIfNeeded()``).
    open func setNeedsLayout() {}

    /// Lays out the subviews immediately (here: calls ``layoutSubviews()``).
    open func layoutIfNeeded() {
        layoutSubviews()
    }

    /// Asks the view to calculate and return the size that best fits the specified size.
    /// - Parameter size: The size for which the view should calculate its best-fitting size.
    /// - Returns: The view's current size (a view with content returns its content's size).
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        bounds.size
    }
}

/// A view that displays one or more lines of read-only text (UIKit's `UILabel`).
@MainActor
open class UILabel: UIView {
    /// The text that the label displays.
    open var text: String?
    /// The maximum number of lines for rendering text; 0 means no limit.
    open var numberOfLines: Int = 1
    /// The technique for aligning the text.
    open var textAlignment: NSTextAlignment = .natural
    /// The color of the text; `nil` resets it to the default.
    open var textColor: UIColor!

    /// The size of the text, 8 points a character on lines 20 points high, wrapped at `size.width`
    /// when ``numberOfLines`` allows (the stand-in's measure: no fonts here).
    /// - Parameter size: The size for which the view should calculate its best-fitting size.
    /// - Returns: The text's size.
    override open func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = CGFloat((text ?? "").count) * 8
        guard width > 0 else { return .zero }
        guard numberOfLines != 1, size.width > 0, width > size.width else { return CGSize(width: width, height: 20) }
        var lines = (width / size.width).rounded(.up)
        if numberOfLines > 1 {
            lines = min(lines, CGFloat(numberOfLines))
        }
        return CGSize(width: size.width, height: 20 * lines)
    }
}

/// Constants that specify text alignment (UIKit's `NSTextAlignment`).
public enum NSTextAlignment: Int, Sendable {
    /// Text is visually left aligned.
    case left = 0
    /// Text is visually center aligned.
    case center = 1
    /// Text is visually right aligned.
    case right = 2
    /// Text is justified.
    case justified = 3
    /// Text uses the default alignment for the current localization of the app.
    case natural = 4
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

    /// A color object with a grayscale value of 1.0 and an alpha value of 1.0.
    open class var white: UIColor { UIColor(white: 1, alpha: 1) }
}

/// An object that manages image data (UIKit's `UIImage`); only named by `UIAction`'s initializer here.
open class UIImage {}
