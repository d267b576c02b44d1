// Stand-in for Apple's UIKit, for compiling the examples on Linux: NOT UIKit.
//
// Signatures follow Apple's documentation pages, as the SDK imports them into Swift:
//   https://developer.apple.com/documentation/uikit/uicontrol (addAction(_:for:): "func addAction(
//     _ action: UIAction, for controlEvents: UIControl.Event)", sendActions(for:))
//   https://developer.apple.com/documentation/uikit/uicontrol/event (valueChanged = 1 << 12,
//     primaryActionTriggered = 1 << 13)
//   https://developer.apple.com/documentation/uikit/uicontrol/state (normal = 0)
//   https://developer.apple.com/documentation/uikit/uiaction and
//   https://developer.apple.com/documentation/uikit/uiaction/init(title:image:identifier:discoverabilitytitle:attributes:state:handler:)
//     ("@MainActor @preconcurrency convenience init(title: String = "", image: UIImage? = nil,
//     identifier: UIAction.Identifier? = nil, discoverabilityTitle: String? = nil, attributes:
//     UIMenuElement.Attributes = [], state: UIMenuElement.State = .off, handler: @escaping
//     UIActionHandler)")
//   https://developer.apple.com/documentation/uikit/uiactionhandler ("typealias UIActionHandler =
//     (UIAction) -> Void")
//   https://developer.apple.com/documentation/uikit/uibutton/init(type:) ("convenience init(type
//     buttonType: UIButton.ButtonType)"),
//   https://developer.apple.com/documentation/uikit/uibutton/init(type:primaryaction:) and
//   https://developer.apple.com/documentation/uikit/uibutton/settitle(_:for:)
//   https://developer.apple.com/documentation/uikit/uirefreshcontrol (init(), isRefreshing { get },
//     beginRefreshing(), endRefreshing())
//   https://developer.apple.com/documentation/uikit/uisegmentedcontrol (init(items:),
//     selectedSegmentIndex, numberOfSegments, titleForSegment(at:), noSegment = -1; setting
//     selectedSegmentIndex sends no action: only a user's tap sends .valueChanged)
// `addTarget(_:action:for:)` and `#selector` need the Objective-C runtime, which Linux lacks, so the
// examples use `UIAction`, as iOS 14+ code can. Like UIKit, `beginRefreshing()` sends no action:
// only a user's pull sends `.valueChanged`.

public import Foundation

/// The base class for controls such as buttons (UIKit's `UIControl`).
@MainActor
open class UIControl: UIView {
    /// Constants describing the types of events possible for controls.
    public struct Event: OptionSet, Sendable {
        /// The raw bit mask.
        public let rawValue: UInt
        /// Creates an event mask.
        /// - Parameter rawValue: The bit mask.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A touch dragging or otherwise manipulating a control, causing it to emit a series of different values.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// A semantic action triggered by buttons.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }

    /// Constants describing the state of a control.
    public struct State: OptionSet, Sendable {
        /// The raw bit mask.
        public let rawValue: UInt
        /// Creates a state mask.
        /// - Parameter rawValue: The bit mask.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The normal, or default, state of a control.
        public static let normal: State = []
    }

    private var actions: [(action: UIAction, events: Event)] = []

    /// Adds the action to a given event.
    /// - Parameters:
    ///   - action: The action to perform.
    ///   - controlEvents: The events that trigger it.
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        actions.append((action, controlEvents))
    }

    /// Calls the action methods associated with the specified events.
    /// - Parameter controlEvents: The events whose actions run.
    open func sendActions(for controlEvents: UIControl.Event) {
        for entry in actions where !entry.events.isDisjoint(with: controlEvents) {
            entry.action.handler(entry.action)
        }
    }
}

/// A closure that handles an action (UIKit's `UIActionHandler`).
public typealias UIActionHandler = (UIAction) -> Void

/// An object representing a menu, submenu, or action (UIKit's `UIMenuElement`).
@MainActor
open class UIMenuElement {
    /// Attributes that determine the style of the menu element.
    public struct Attributes: OptionSet, Sendable {
        /// The raw bit mask.
        public let rawValue: UInt
        /// Creates an attribute mask.
        /// - Parameter rawValue: The bit mask.
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }

    /// Constants that indicate the state of an action- or command-based menu element.
    public enum State: Int, Sendable {
        /// The menu element is in the off state.
        case off = 0
        /// The menu element is in the on state.
        case on = 1
        /// The menu element is in the mixed state.
        case mixed = 2
    }

    /// Creates a menu element.
    public init() {}
}

/// A menu element that performs its action in a closure (UIKit's `UIAction`).
@MainActor
open class UIAction: UIMenuElement {
    /// A type that represents an action identifier.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        /// The identifier's string.
        public let rawValue: String
        /// Creates an identifier.
        /// - Parameter rawValue: The identifier's string.
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// The action's title.
    open var title: String
    let handler: UIActionHandler

    private init(title: String, handler: @escaping UIActionHandler) {
        self.title = title
        self.handler = handler
        super.init()
    }

    /// Creates an action with the specified title, image, identifier, discoverability title, attributes,
    /// state, and handler.
    /// - Parameters:
    ///   - title: The title to display for the action.
    ///   - image: The image to display next to the title.
    ///   - identifier: The action's unique identifier.
    ///   - discoverabilityTitle: An elaborated title that explains the purpose of the action.
    ///   - attributes: The attributes indicating the style of the action.
    ///   - state: The initial state of the action.
    ///   - handler: The handler to invoke.
    public convenience init(
        title: String = "",
        image: UIImage? = nil,
        identifier: UIAction.Identifier? = nil,
        discoverabilityTitle: String? = nil,
        attributes: UIMenuElement.Attributes = [],
        state: UIMenuElement.State = .off,
        handler: @escaping UIActionHandler
    ) {
        self.init(title: title, handler: handler)
    }
}

/// A control that executes your custom code in response to user interactions (UIKit's `UIButton`).
@MainActor
open class UIButton: UIControl {
    /// Specifies the style of a button.
    public enum ButtonType: Int, Sendable {
        /// A system style button, such as those shown in navigation bars and toolbars.
        case system = 1
    }

    private var titles: [UInt: String] = [:]

    /// Creates and returns a new button of the specified type.
    /// - Parameter buttonType: The button type.
    public convenience init(type buttonType: UIButton.ButtonType) {
        self.init(frame: .zero)
    }

    /// Creates a button of the specified type and registers the primary action event.
    /// - Parameters:
    ///   - buttonType: The button type.
    ///   - primaryAction: The action for `.primaryActionTriggered`; its title becomes the button's title.
    public convenience init(type buttonType: UIButton.ButtonType = .system, primaryAction: UIAction?) {
        self.init(frame: .zero)
        if let primaryAction {
            setTitle(primaryAction.title, for: .normal)
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    /// Sets the title to use for the specified state.
    /// - Parameters:
    ///   - title: The title, or `nil`.
    ///   - state: The state that uses the title.
    open func setTitle(_ title: String?, for state: UIControl.State) {
        titles[state.rawValue] = title
    }

    /// Returns the title associated with the specified state.
    /// - Parameter state: The state.
    /// - Returns: The title, or `nil`.
    open func title(for state: UIControl.State) -> String? {
        titles[state.rawValue]
    }

    /// The size of the normal title, 8 points a character plus margins, 44 points high (the
    /// stand-in's measure: no fonts here).
    /// - Parameter size: The size for which the view should calculate its best-fitting size.
    /// - Returns: The button's size.
    override open func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: CGFloat((title(for: .normal) ?? "").count) * 8 + 16, height: 44)
    }
}

/// A horizontal control that consists of multiple segments, each segment functioning as a discrete
/// button (UIKit's `UISegmentedControl`).
@MainActor
open class UISegmentedControl: UIControl {
    /// A segment index value that indicates that there's no selected segment.
    public static let noSegment = -1

    private var titles: [String?]

    /// Initializes and returns a segmented control with segments having the given titles or images.
    /// - Parameter items: The segments' titles (`String`) or images; the stand-in keeps the titles.
    public init(items: [Any]?) {
        titles = (items ?? []).map { $0 as? String }
        super.init(frame: .zero)
    }

    /// Creates a segmented control from data in an unarchiver; the stand-in never decodes.
    /// - Parameter coder: An unarchiver.
    public required init?(coder: NSCoder) {
        nil
    }

    /// The index that identifies the selected segment, or ``noSegment``.
    open var selectedSegmentIndex: Int = UISegmentedControl.noSegment

    /// The number of segments the control has.
    open var numberOfSegments: Int { titles.count }

    /// Returns the title of the specified segment.
    /// - Parameter segment: The segment's index.
    /// - Returns: Its title, or `nil`.
    open func titleForSegment(at segment: Int) -> String? {
        titles.indices.contains(segment) ? titles[segment] : nil
    }
}

/// A standard control that can initiate the refreshing of a scroll view's contents (UIKit's `UIRefreshControl`).
@MainActor
open class UIRefreshControl: UIControl {
    private var refreshing = false

    /// Creates a refresh control.
    public init() {
        super.init(frame: .zero)
    }

    /// Creates a refresh control from data in an unarchiver; the stand-in never decodes.
    /// - Parameter coder: An unarchiver.
    public required init?(coder: NSCoder) {
        nil
    }

    /// Whether a refresh operation has been triggered and is in progress.
    open var isRefreshing: Bool { refreshing }

    /// Tells the control that a refresh operation was started programmatically; sends no action.
    open func beginRefreshing() {
        refreshing = true
    }

    /// Tells the control that a refresh operation has ended.
    open func endRefreshing() {
        refreshing = false
    }
}
