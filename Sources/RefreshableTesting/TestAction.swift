/// An action for a control double, as `UIAction` is for a `UIControl`: a title and a handler, added
/// with ``TestHeaderControl/addAction(_:for:)``.
///
/// ```swift
/// header.addAction(TestAction { [weak controller] _ in controller?.headerRefreshingAction() }, for: .valueChanged)
/// ```
@MainActor
public final class TestAction {
    /// The action's title.
    public var title: String
    /// What the action does; it receives the action, as a `UIActionHandler` does.
    public let handler: @MainActor (TestAction) -> Void

    /// Creates an action.
    /// - Parameters:
    ///   - title: The title, empty by default.
    ///   - handler: What the action does.
    public init(title: String = "", handler: @escaping @MainActor (TestAction) -> Void) {
        self.title = title
        self.handler = handler
    }
}
