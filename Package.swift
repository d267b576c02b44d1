// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Refreshable",
    platforms: [
        .iOS(.v13),
        .macOS(.v10_15),
        .tvOS(.v13),
        .watchOS(.v6),
        .macCatalyst(.v13),
    ],
    products: [
        .library(name: "Refreshable", targets: ["Refreshable"]),
        .library(name: "RefreshableTesting", targets: ["RefreshableTesting"]),
        // Glue for apps: adapters and helpers for UIKit and SwiftUI. On platforms without those
        // frameworks (Linux) they build as empty modules.
        .library(name: "RefreshableUIKit", targets: ["RefreshableUIKit"]),
        .library(name: "RefreshableSwiftUI", targets: ["RefreshableSwiftUI"]),
        // Combine publishers of the statuses and of a list model's state; empty without Combine.
        .library(name: "RefreshableCombine", targets: ["RefreshableCombine"]),
        .executable(name: "refreshable-demo", targets: ["RefreshableDemo"]),
    ],
    targets: [
        .target(name: "Refreshable"),
        .target(name: "RefreshableTesting", dependencies: ["Refreshable"]),
        .target(name: "RefreshableUIKit", dependencies: ["Refreshable"]),
        .target(name: "RefreshableSwiftUI", dependencies: ["Refreshable"]),
        .target(name: "RefreshableCombine", dependencies: ["Refreshable"]),
        // The demo's controller, embedded API and HTTP loader: a library so tests can drive them.
        .target(name: "RefreshableDemoKit", dependencies: ["Refreshable"]),
        .executableTarget(name: "RefreshableDemo", dependencies: ["RefreshableDemoKit"]),
        // The project's own hostile-input fuzz (its steps, screens and runs), kept out of the
        // RefreshableTesting product so that a test target importing the kit does not compile it.
        // Not a product: the package's tests and the RefreshableFuzz command line use it.
        .target(name: "RefreshableFuzzing", dependencies: ["Refreshable", "RefreshableTesting"]),
        // The hostile-input fuzz's command line: `.ci/run fuzz` and Scripts/fuzz-soak.sh run it in release.
        .executableTarget(
            name: "RefreshableFuzz", dependencies: ["Refreshable", "RefreshableTesting", "RefreshableFuzzing"]),
        .testTarget(name: "RefreshableTests", dependencies: ["Refreshable", "RefreshableTesting"]),
        .testTarget(
            name: "RefreshableTestingTests", dependencies: ["Refreshable", "RefreshableTesting", "RefreshableFuzzing"]),
        .testTarget(
            name: "RefreshableDemoTests", dependencies: ["RefreshableDemoKit", "Refreshable", "RefreshableTesting"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
