// Stand-in for Apple's UIKit, for compiling the examples on Linux: NOT UIKit.
//
// Signatures follow Apple's documentation pages, as the SDK imports them into Swift:
//   https://developer.apple.com/documentation/uikit/uiscene ("@MainActor class UIScene")
//   https://developer.apple.com/documentation/uikit/uiscene/willenterforegroundnotification
//     ("class let willEnterForegroundNotification: NSNotification.Name", nonisolated in the SDK)
//   https://developer.apple.com/documentation/uikit/uiapplication/willenterforegroundnotification
//     ("class let willEnterForegroundNotification: NSNotification.Name")
//   https://developer.apple.com/documentation/uikit/uiapplication/didbecomeactivenotification
//     ("class let didBecomeActiveNotification: NSNotification.Name")
//   https://developer.apple.com/documentation/uikit/uiscene/didenterbackgroundnotification
//     ("class let didEnterBackgroundNotification: NSNotification.Name", nonisolated in the SDK)
// Nothing posts the notifications here: the examples subscribe to them, and tests post them.

public import Foundation

/// An object that represents one instance of your app's user interface (UIKit's `UIScene`).
@MainActor
open class UIScene: UIResponder {
    /// A notification that indicates that a scene is about to begin running in the foreground and
    /// become visible to the user.
    public nonisolated static let willEnterForegroundNotification = Notification.Name(
        "UISceneWillEnterForegroundNotification")
    /// A notification that indicates that the scene is running in the background and is no
    /// longer onscreen.
    public nonisolated static let didEnterBackgroundNotification = Notification.Name(
        "UISceneDidEnterBackgroundNotification")
}

/// The centralized point of control and coordination for apps running in iOS (UIKit's
/// `UIApplication`).
@MainActor
open class UIApplication: UIResponder {
    /// A notification that posts shortly before an app leaves the background state on its way to
    /// becoming the active app.
    public nonisolated static let willEnterForegroundNotification = Notification.Name(
        "UIApplicationWillEnterForegroundNotification")
    /// A notification that posts when the app becomes active.
    public nonisolated static let didBecomeActiveNotification = Notification.Name(
        "UIApplicationDidBecomeActiveNotification")
}
