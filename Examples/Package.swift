// swift-tools-version: 6.0
import PackageDescription

// A consumer of the Refreshable package that compiles the Apple-only glue (UIKit, MJRefresh and
// SwiftUI adoption code, the README's and the DocC articles' snippets) on Linux, where no Apple SDK
// exists, against stand-in modules named `UIKit`, `MJRefresh` and `SwiftUI` that carry the real
// public signatures of what the examples use. CI builds it with warnings as errors and runs its tests
// (`bash .ci/run examples`). It is meant for Linux: on Apple platforms the stand-ins' names clash
// with the SDK's modules.
//
// The stand-ins are built with `packageAccess: false`, so they do not share this package's
// `-package-name`: the compiler then treats them like the SDK modules they stand for, and an
// adapter such as `extension UIRefreshControl: RefreshHeaderControl {}` gets the same
// "add '@retroactive'" warning it gets in an app (modules of one package never warn about
// conformances between each other's types and protocols).

let package = Package(
    name: "RefreshableExamples",
    dependencies: [
        .package(name: "Refreshable", path: "..")
    ],
    targets: [
        // Stand-ins for the Apple SDK and MJRefresh: signatures only, trivial bodies.
        .target(name: "UIKit", packageAccess: false),
        .target(name: "MJRefresh", dependencies: ["UIKit"], packageAccess: false),
        .target(name: "SwiftUI", packageAccess: false),
        // Swift Testing's cross-import overlay for UIKit, which Linux toolchains name but do not ship.
        .target(name: "_Testing_UIKit", packageAccess: false),
        // RefreshableTesting's UIKit surface (`TestHeaderControl.addAction(_: UIAction, for:)`), which
        // the testing kit compiles only where UIKit exists: its one file, linked here, compiled
        // against the stand-in for the tests of a UIKit screen.
        .target(
            name: "RefreshableTestingUIKit",
            dependencies: [.product(name: "RefreshableTesting", package: "Refreshable"), "UIKit"],
            swiftSettings: [.define("REFRESHABLE_TESTING_UIKIT_SURFACE")]
        ),
        // What users copy: the control and list adapters, example screens, and the docs' snippets.
        .target(
            name: "RefreshableExamples",
            dependencies: [
                .product(name: "Refreshable", package: "Refreshable"),
                "UIKit",
                "MJRefresh",
                "SwiftUI",
            ]
        ),
        .testTarget(
            name: "RefreshableExamplesTests",
            dependencies: [
                "RefreshableExamples",
                "UIKit",
                "MJRefresh",
                "_Testing_UIKit",
                "RefreshableTestingUIKit",
                .product(name: "Refreshable", package: "Refreshable"),
                .product(name: "RefreshableTesting", package: "Refreshable"),
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
