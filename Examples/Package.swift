// swift-tools-version: 6.0
import PackageDescription

// An app of the Refreshable package, on Linux, where no Apple SDK exists: its UIKit, MJRefresh and
// SwiftUI screens, the MJRefresh adapter an app writes, and every snippet of the README and the DocC
// articles, compiled against stand-in modules named `UIKit`, `MJRefresh`, `SwiftUI` and `Combine`
// that carry the real public signatures of what they use. CI builds it with warnings as errors and runs its
// tests (`bash .ci/run examples`). It is meant for Linux: on Apple platforms the stand-ins' names
// clash with the SDK's modules.
//
// It depends on the package in `Mirror/`: the repository's own library targets (symbolic links to
// `../Sources/<Target>`), the glue products `RefreshableUIKit` and `RefreshableSwiftUI` among them,
// built there against the stand-ins; see the comment in `Mirror/Package.swift` for why a package of
// its own. Like an app, this package is another package than the one that declares Refreshable's
// protocols and the stand-ins: an adapter such as `extension MJRefreshHeader: RefreshHeaderControl {}`
// gets the same "add '@retroactive'" warning here as in an app, and fails the build.

let package = Package(
    name: "RefreshableExamples",
    // The deployment target the example screens need, as an app declares it: `RefreshListModel` and
    // the SwiftUI glue are iOS 17 (Observation). Scripts/ios-typecheck.sh checks the screens and the
    // docs' snippets at this target against the real SDK, and the snippets offered to any app at the
    // library's minimum.
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [
        .package(path: "Mirror")
    ],
    targets: [
        // RefreshableTesting's UIKit surface (`TestHeaderControl.addAction(_: UIAction, for:)`), which
        // the testing kit compiles only where UIKit exists: its one file, linked here, compiled
        // against the stand-in for the tests of a UIKit screen.
        .target(
            name: "RefreshableTestingUIKit",
            dependencies: [
                .product(name: "RefreshableTesting", package: "Mirror"),
                .product(name: "UIKit", package: "Mirror"),
            ],
            swiftSettings: [.define("REFRESHABLE_TESTING_UIKIT_SURFACE")]
        ),
        // What an app writes: the example screens, the MJRefresh adapter, and the docs' snippets.
        .target(
            name: "RefreshableExamples",
            dependencies: [
                .product(name: "Refreshable", package: "Mirror"),
                .product(name: "RefreshableUIKit", package: "Mirror"),
                .product(name: "RefreshableSwiftUI", package: "Mirror"),
                .product(name: "UIKit", package: "Mirror"),
                .product(name: "MJRefresh", package: "Mirror"),
                .product(name: "SwiftUI", package: "Mirror"),
                .product(name: "RefreshableCombine", package: "Mirror"),
                .product(name: "Combine", package: "Mirror"),
            ]
        ),
        // The screens' and the glue's tests, and the doc-snippet drift test.
        .testTarget(
            name: "RefreshableExamplesTests",
            dependencies: [
                "RefreshableExamples",
                "RefreshableTestingUIKit",
                .product(name: "Refreshable", package: "Mirror"),
                .product(name: "RefreshableTesting", package: "Mirror"),
                .product(name: "RefreshableUIKit", package: "Mirror"),
                .product(name: "RefreshableSwiftUI", package: "Mirror"),
                .product(name: "UIKit", package: "Mirror"),
                .product(name: "MJRefresh", package: "Mirror"),
                .product(name: "SwiftUI", package: "Mirror"),
                .product(name: "RefreshableCombine", package: "Mirror"),
                .product(name: "Combine", package: "Mirror"),
                .product(name: "_Testing_UIKit", package: "Mirror"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
