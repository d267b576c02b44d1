// swift-tools-version: 6.0
import PackageDescription

// The Refreshable package as an Apple platform builds it, on Linux: its library targets, whose
// folders are symbolic links to the repository's own `Sources/<Target>`, beside stand-ins for the
// modules they import there (`UIKit`, `SwiftUI`, `Combine`) and for MJRefresh. On Linux the root
// package compiles `RefreshableUIKit`, `RefreshableSwiftUI` and `RefreshableCombine` to empty
// modules (`#if canImport(UIKit)` is false); here the same files see the stand-ins and compile in
// full. The Examples package depends on this one, so `bash .ci/run examples` builds the glue with
// warnings as errors and tests it.
//
// Why a package of its own rather than targets of the Examples package:
// - A package graph may not hold two targets of one name: the Examples package cannot depend on the
//   root package (which declares `RefreshableUIKit`) and declare a `RefreshableUIKit` of its own.
// - The glue must be compiled in the same package as `Refreshable`, as in the root package: there
//   `extension UIRefreshControl: RefreshHeaderControl {}` is not retroactive (the compiler rejects
//   `@retroactive` on it), while in an app (the Examples package), where both sides are imported,
//   a conformance needs `@retroactive` or it warns. Symbolic links give both at once.
//
// The targets' settings repeat the root manifest's (Swift 6 language mode, ExistentialAny,
// MemberImportVisibility): keep them in step. The stand-ins are built with `packageAccess: false`, so
// they do not share this package's `-package-name`: the compiler treats them like the SDK modules
// they stand for. On Apple platforms the stand-ins' names clash with the SDK's modules: this package
// is for Linux.

let package = Package(
    name: "Mirror",
    products: [
        .library(name: "Refreshable", targets: ["Refreshable"]),
        .library(name: "RefreshableTesting", targets: ["RefreshableTesting"]),
        .library(name: "RefreshableUIKit", targets: ["RefreshableUIKit"]),
        .library(name: "RefreshableSwiftUI", targets: ["RefreshableSwiftUI"]),
        .library(name: "RefreshableCombine", targets: ["RefreshableCombine"]),
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "SwiftUI", targets: ["SwiftUI"]),
        .library(name: "MJRefresh", targets: ["MJRefresh"]),
        .library(name: "Combine", targets: ["Combine"]),
        .library(name: "_Testing_UIKit", targets: ["_Testing_UIKit"]),
    ],
    targets: [
        // The repository's own targets (symbolic links to ../../Sources/<Target>).
        .target(name: "Refreshable"),
        .target(name: "RefreshableTesting", dependencies: ["Refreshable"]),
        .target(name: "RefreshableUIKit", dependencies: ["Refreshable", "UIKit"]),
        .target(name: "RefreshableSwiftUI", dependencies: ["Refreshable", "SwiftUI"]),
        .target(name: "RefreshableCombine", dependencies: ["Refreshable", "Combine"]),
        // Stand-ins for the Apple SDK and MJRefresh: signatures only, trivial bodies, declared as
        // the SDK declares them where a client can tell (`@preconcurrency`, optionality, `async`
        // overloads; Examples/StandInProbes checks it), and built in the Swift 5 language mode, as
        // the SDK's module interfaces are (`-swift-version 5`).
        .target(name: "UIKit", packageAccess: false, swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "Combine", packageAccess: false, swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(
            name: "MJRefresh", dependencies: ["UIKit"], packageAccess: false,
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // SwiftUI stays in the Swift 6 mode: in the Swift 5 mode, Swift 6.3.1 crashes in IRGen on
        // the glue's `.task` closures (a reabstraction thunk for an `isolated` parameter).
        .target(name: "SwiftUI", packageAccess: false),
        // Swift Testing's cross-import overlay for UIKit, which Linux toolchains name but do not ship.
        .target(name: "_Testing_UIKit", packageAccess: false),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
