// Stand-in for Apple's SwiftUI, for compiling the examples on Linux: NOT SwiftUI.
//
// Signatures follow Apple's documentation pages (declarations as shown there):
//   https://developer.apple.com/documentation/swiftui/view ("@MainActor @preconcurrency protocol
//     View", "associatedtype Body : View", "@ViewBuilder @MainActor @preconcurrency var body:
//     Self.Body { get }")
//   https://developer.apple.com/documentation/swiftui/viewbuilder (buildBlock(), buildBlock(_:),
//     buildBlock<each Content>(_:) -> TupleView, buildIf(_:), buildEither(first:), buildEither(second:),
//     buildExpression(_:))
//   https://developer.apple.com/documentation/swiftui/view/refreshable(action:) ("nonisolated func
//     refreshable(action: @escaping @Sendable () async -> Void) -> some View")
//   https://developer.apple.com/documentation/swiftui/view/task(name:priority:file:line:_:)
//     ("nonisolated func task(name: String? = nil, priority: TaskPriority = .userInitiated, file:
//     String = #fileID, line: Int = #line, _ action: sending @escaping @isolated(any) () async ->
//     Void) -> some View"; before iOS 26.4 the same call was `task(priority:_:)`)
//   https://developer.apple.com/documentation/swiftui/view/onappear(perform:) ("nonisolated func
//     onAppear(perform action: (() -> Void)? = nil) -> some View")
//   https://developer.apple.com/documentation/swiftui/view/overlay(alignment:content:)
//   https://developer.apple.com/documentation/swiftui/list/init(_:rowcontent:) and
//     https://developer.apple.com/documentation/swiftui/list/init(content:)
//   https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)
//   https://developer.apple.com/documentation/swiftui/text/init(_:) (the `StringProtocol` overload),
//     https://developer.apple.com/documentation/swiftui/button/init(_:action:) ("@preconcurrency
//     nonisolated init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S :
//     StringProtocol"), https://developer.apple.com/documentation/swiftui/progressview/init(),
//     https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
//   https://developer.apple.com/documentation/swiftui/state (init(wrappedValue:), wrappedValue)
//   https://developer.apple.com/documentation/swiftui/scenephase (background, inactive, active),
//     https://developer.apple.com/documentation/swiftui/environment (init(_:) with a key path),
//     https://developer.apple.com/documentation/swiftui/environmentvalues/scenephase and
//     https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-4psgg
//     ("nonisolated func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping
//     (V, V) -> Void) -> some View where V : Equatable")
//   https://developer.apple.com/documentation/swiftui/binding and
//     https://developer.apple.com/documentation/swiftui/binding/init(get:set:) ("@preconcurrency
//     init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any)
//     @Sendable (Value) -> Void)"; "A binding conforms to Sendable only if its wrapped value type
//     also conforms to Sendable")
//   https://developer.apple.com/documentation/swiftui/picker/init(_:selection:content:) (the
//     `StringProtocol` title overload), https://developer.apple.com/documentation/swiftui/view/tag(_:includeoptional:)
//     ("nonisolated func tag<V>(_ tag: V, includeOptional: Bool = true) -> some View where V :
//     Hashable"), https://developer.apple.com/documentation/swiftui/view/pickerstyle(_:),
//     https://developer.apple.com/documentation/swiftui/pickerstyle/segmented
//   https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)-(Range<Int>,_) (the
//     `Range<Int>` overload)
// The newest pages spell the builder attribute `@ContentBuilder`; the iOS 17/18 SDKs, and this
// stand-in, spell it `@ViewBuilder`. Localized-string overloads (`LocalizedStringKey`) are left out:
// a literal then picks the `StringProtocol` overload, which compiles the same call. Bodies are
// trivial: modifiers return the view unchanged and nothing is ever rendered. Documentation pages
// hide underscored attributes; the SDK's `task` also marks its action `@_inheritActorContext`
// (which is why `.task { model.load() }` may call main-actor code without `await`), and SwiftUI
// re-exports Foundation (`CGFloat` and its literals need no `import Foundation`).

@_exported public import Foundation

// MARK: - View and its builder

/// A type that represents part of your app's user interface.
@MainActor
@preconcurrency
public protocol View {
    /// The type of view representing the body of this view.
    associatedtype Body: View
    /// The content and behavior of the view.
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    /// Primitive views have no body.
    public var body: Never { fatalError("a primitive view has no body") }
}

extension Optional: View where Wrapped: View {
    /// Primitive views have no body.
    public var body: Never { fatalError("a primitive view has no body") }
}

/// A custom parameter attribute that constructs views from closures.
@resultBuilder
public struct ViewBuilder {
    /// Builds an expression within the builder.
    /// - Parameter content: A view.
    /// - Returns: The view.
    public static func buildExpression<Content: View>(_ content: Content) -> Content {
        content
    }

    /// Builds an empty view from a block containing no statements.
    /// - Returns: An empty view.
    public static func buildBlock() -> EmptyView {
        EmptyView()
    }

    /// Passes a single view written as a child view through unmodified.
    /// - Parameter content: A view.
    /// - Returns: The view.
    public static func buildBlock<Content: View>(_ content: Content) -> Content {
        content
    }

    /// Builds a tuple view from several child views.
    /// - Parameter content: The views.
    /// - Returns: A view holding them.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > {
        TupleView((repeat each content))
    }

    /// Produces an optional view for conditional statements in multi-statement closures that's
    /// only visible when the condition evaluates to true.
    /// - Parameter content: The view, or `nil`.
    /// - Returns: The optional view.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? {
        content
    }

    /// Produces content for a conditional statement when the condition is true.
    /// - Parameter first: The view of the `if` branch.
    /// - Returns: A view that holds either branch.
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }

    /// Produces content for a conditional statement when the condition is false.
    /// - Parameter second: The view of the `else` branch.
    /// - Returns: A view that holds either branch.
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
}

/// A view that doesn't contain any content.
public struct EmptyView {
    /// Creates an empty view.
    public init() {}
}

extension EmptyView: View {
    /// Primitive views have no body.
    public var body: Never { fatalError("a primitive view has no body") }
}

/// A view created from a swift tuple of view values.
public struct TupleView<T> {
    /// The tuple of views.
    public var value: T

    /// Creates a tuple view.
    /// - Parameter value: The tuple of views.
    public init(_ value: T) {
        self.value = value
    }
}

extension TupleView: View {
    /// Primitive views have no body.
    public var body: Never { fatalError("a primitive view has no body") }
}

/// Content that shows one of two views (what `if`/`else` builds).
public struct _ConditionalContent<TrueContent, FalseContent> {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage
}

extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    /// Primitive views have no body.
    public var body: Never { fatalError("a primitive view has no body") }
}

// MARK: - Views

/// A view that displays one or more lines of read-only text.
public struct Text: Equatable, Sendable {
    /// The text.
    public let content: String

    /// Creates a text view that displays a stored string without localization.
    /// - Parameter content: The string.
    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }
}

extension Text: View {
    /// Primitive views have no body.
    public var body: Never { fatalError("a primitive view has no body") }
}

/// A view that shows the progress toward completion of a task.
public struct ProgressView<Label, CurrentValueLabel> {}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// Creates a progress view for showing indeterminate progress, without a label.
    public init() {}
}

extension ProgressView: View where Label: View, CurrentValueLabel: View {
    /// Primitive views have no body.
    public var body: Never { fatalError("a primitive view has no body") }
}

/// A control that initiates an action.
public struct Button<Label> {
    /// The label.
    public let label: Label
    /// The action to perform when the user triggers the button.
    public let action: @MainActor () -> Void
}

extension Button where Label == Text {
    /// Creates a button that generates its label from a string.
    /// - Parameters:
    ///   - title: A string that describes the purpose of the button's action.
    ///   - action: The action to perform when the user triggers the button.
    @preconcurrency
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.init(label: Text(title), action: action)
    }
}

extension Button: View where Label: View {
    /// Primitive views have no body.
    public var body: Never { fatalError("a primitive view has no body") }
}

/// An alignment position along the horizontal axis.
public struct HorizontalAlignment: Equatable, Sendable {
    private let id: Int
    /// A guide that marks the horizontal center of the view.
    public static let center = HorizontalAlignment(id: 0)
}

/// An alignment in both axes.
public struct Alignment: Equatable, Sendable {
    private let id: Int
    /// A guide that marks the center of the view.
    public static let center = Alignment(id: 0)
}

/// A view that arranges its subviews in a vertical line.
public struct VStack<Content> {
    /// The stacked content.
    public let content: Content

    /// Creates an instance with the given spacing and horizontal alignment.
    /// - Parameters:
    ///   - alignment: The guide for aligning the subviews in this stack.
    ///   - spacing: The distance between adjacent subviews, or `nil` for the default.
    ///   - content: A view builder that creates the content of this stack.
    public init(
        alignment: HorizontalAlignment = .center,
        spacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {
        self.content = content()
    }
}

extension VStack: View where Content: View {
    /// Primitive views have no body.
    public var body: Never { fatalError("a primitive view has no body") }
}

/// A structure that computes views on demand from an underlying collection of identified data.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    /// The collection of underlying identified data.
    public var data: Data
    /// A function to create content on demand using the underlying data.
    public var content: (Data.Element) -> Content
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    /// Creates an instance that uniquely identifies and creates views across updates based on the
    /// identity of the underlying data.
    /// - Parameters:
    ///   - data: The identified data.
    ///   - content: The view builder that creates views dynamically.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data: data, content: content)
    }
}

extension ForEach: View where Content: View {
    /// Primitive views have no body.
    public var body: Never { fatalError("a primitive view has no body") }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    /// Creates an instance that computes views on demand over a given constant range.
    /// - Parameters:
    ///   - data: A constant range.
    ///   - content: The view builder that creates views dynamically.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data: data, content: content)
    }
}

/// A control for selecting from a set of mutually exclusive values.
public struct Picker<Label, SelectionValue: Hashable, Content> {
    /// The picker's label.
    public let label: Label
    /// The selected value.
    public let selection: Binding<SelectionValue>
    /// The options, each tagged with its value.
    public let content: Content
}

extension Picker where Label == Text, Content: View {
    /// Creates a picker that generates its label from a string.
    /// - Parameters:
    ///   - title: A string that describes the purpose of selecting an option.
    ///   - selection: A binding to a property that determines the currently-selected option.
    ///   - content: A view that contains the set of options.
    public init<S: StringProtocol>(
        _ title: S,
        selection: Binding<SelectionValue>,
        @ViewBuilder content: () -> Content
    ) {
        self.init(label: Text(title), selection: selection, content: content())
    }
}

extension Picker: View where Label: View, Content: View {
    /// Primitive views have no body.
    public var body: Never { fatalError("a primitive view has no body") }
}

/// A type that specifies the appearance and interaction of all pickers within a view hierarchy.
public protocol PickerStyle {}

/// A picker style that presents the options in a segmented control.
public struct SegmentedPickerStyle: PickerStyle {
    /// Creates a segmented picker style.
    public init() {}
}

extension PickerStyle where Self == SegmentedPickerStyle {
    /// A picker style that presents the options in a segmented control.
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

/// A container that presents rows of data arranged in a single column.
public struct List<SelectionValue: Hashable, Content> {
    /// The list's rows.
    public let content: Content
}

extension List where SelectionValue == Never {
    /// Creates a list that computes its rows on demand from an underlying collection of identifiable data.
    /// - Parameters:
    ///   - data: A collection of identifiable data for computing the list.
    ///   - rowContent: A view builder that creates the view for a single row of the list.
    public init<Data, RowContent>(
        _ data: Data,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    )
    where
        Content == ForEach<Data, Data.Element.ID, RowContent>, Data: RandomAccessCollection, RowContent: View,
        Data.Element: Identifiable
    {
        self.init(content: ForEach(data, content: rowContent))
    }

    /// Creates a list with the given content.
    /// - Parameter content: The content of the list.
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content())
    }
}

extension List: View where Content: View {
    /// Primitive views have no body.
    public var body: Never { fatalError("a primitive view has no body") }
}

// MARK: - Modifiers

extension View {
    /// Adds an asynchronous handler that can update the data the view displays when a person
    /// initiates a request, such as by pulling to refresh.
    /// - Parameter action: An asynchronous handler that SwiftUI executes when a person requests a refresh.
    /// - Returns: A view with a new refresh action in its environment.
    nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> some View {
        self
    }

    /// Adds an asynchronous task to perform before this view appears.
    /// - Parameters:
    ///   - name: Human readable name for the task.
    ///   - priority: The task priority to use when creating the asynchronous task.
    ///   - file: File name used in the default task name.
    ///   - line: Line number used in the default task name.
    ///   - action: A closure that SwiftUI calls as an asynchronous task before the view appears;
    ///     SwiftUI cancels the task when the view disappears.
    /// - Returns: A view that runs the specified action asynchronously before the view appears.
    nonisolated public func task(
        name: String? = nil,
        priority: TaskPriority = .userInitiated,
        file: String = #fileID,
        line: Int = #line,
        @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View {
        self
    }

    /// Adds an action to perform before this view appears.
    /// - Parameter action: The action to perform, or `nil`.
    /// - Returns: A view that triggers `action` before it appears.
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        self
    }

    /// Adds an action to perform after this view disappears.
    /// - Parameter action: The action to perform, or `nil`.
    /// - Returns: A view that triggers `action` after it disappears.
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        self
    }

    /// Sets a unique tag value of this view.
    /// - Parameters:
    ///   - tag: A `Hashable` value to use as the view's tag.
    ///   - includeOptional: Whether the tag also matches an optional selection of the same type.
    /// - Returns: A view with the specified tag set.
    nonisolated public func tag<V: Hashable>(_ tag: V, includeOptional: Bool = true) -> some View {
        self
    }

    /// Sets the style for pickers within this view.
    /// - Parameter style: The style.
    /// - Returns: A view that uses the specified picker style for itself and its child views.
    nonisolated public func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
        self
    }

    /// Marks this view as searchable, which configures the display of a search field.
    /// - Parameters:
    ///   - text: The text to display and edit in the search field.
    ///   - prompt: A `Text` view representing the prompt of the search field.
    /// - Returns: A view with a search field.
    nonisolated public func searchable(text: Binding<String>, prompt: Text? = nil) -> some View {
        self
    }

    /// Layers the views that you specify in front of this view.
    /// - Parameters:
    ///   - alignment: The alignment for the overlay's content.
    ///   - content: A view builder that declares the views to draw in front of this view.
    /// - Returns: A view that uses the specified content as a foreground.
    nonisolated public func overlay<V: View>(
        alignment: Alignment = .center,
        @ViewBuilder content: () -> V
    ) -> some View {
        self
    }
}

// MARK: - Environment

/// An indication of a scene's operational state.
public enum ScenePhase: Comparable, Hashable, Sendable {
    /// The scene isn't currently visible in the UI.
    case background
    /// The scene is in the foreground but should pause its work.
    case inactive
    /// The scene is in the foreground and interactive.
    case active
}

/// A collection of environment values propagated through a view hierarchy.
public struct EnvironmentValues {
    /// The current phase of the scene.
    public var scenePhase: ScenePhase = .active

    /// Creates an environment values instance.
    public init() {}
}

/// A property wrapper that reads a value from a view's environment.
@propertyWrapper
public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    /// Creates an environment property to read the specified key path.
    /// - Parameter keyPath: A key path to a specific resulting value.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    /// The current value of the environment property.
    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

extension View {
    /// Adds a modifier for this view that fires an action when a specific value changes.
    /// - Parameters:
    ///   - value: The value to check against when determining whether to run the closure.
    ///   - initial: Whether the action should be run when this view initially appears.
    ///   - action: A closure to run when the value changes, with the old and the new value.
    /// - Returns: A view that fires an action when the specified value changes.
    nonisolated public func onChange<V: Equatable>(
        of value: V,
        initial: Bool = false,
        _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View {
        self
    }
}

// MARK: - State

/// A property wrapper type that can read and write a value managed by SwiftUI.
@propertyWrapper
public struct State<Value> {
    private final class Storage {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private let storage: Storage

    /// Creates a state property that stores an initial value.
    /// - Parameter value: An initial value to store in the state property.
    public init(wrappedValue value: Value) {
        storage = Storage(value)
    }

    /// The underlying value referenced by the state variable.
    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }
}

/// A property wrapper type that can read and write a value owned by a source of truth.
///
/// The stand-in keeps the two closures and is not a property wrapper: nothing here declares
/// `@Binding`. SwiftUI reads and writes a binding from its views; the stand-in's own `read()` and
/// `write(_:)` do it for tests.
public struct Binding<Value> {
    private let get: @isolated(any) @Sendable () -> Value
    private let set: @isolated(any) @Sendable (Value) -> Void

    /// Creates a binding with closures that read and write the binding value.
    /// - Parameters:
    ///   - get: A closure that retrieves the binding value.
    ///   - set: A closure that sets the binding value.
    @preconcurrency
    public init(
        get: @escaping @isolated(any) @Sendable () -> Value,
        set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {
        self.get = get
        self.set = set
    }
}

/// A binding of a `Sendable` value is `Sendable`: its closures are.
extension Binding: Sendable where Value: Sendable {}

extension Binding where Value: Sendable {
    /// Reads the value through the getter, as a view would (the stand-in's own, not SwiftUI API).
    /// - Returns: The value.
    public func read() async -> Value {
        await get()
    }

    /// Writes the value through the setter, as a control would (the stand-in's own, not SwiftUI API).
    /// - Parameter value: The new value.
    public func write(_ value: Value) async {
        await set(value)
    }
}
