// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for Refreshable. A separate package so the library itself keeps zero dependencies.
// Run from this folder: `swift package benchmark` (see Scripts/report.sh for the tracked figures).
let package = Package(
    name: "RefreshableBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Refreshable", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "RefreshableBenchmarks",
            dependencies: [
                .product(name: "Refreshable", package: "Refreshable"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            path: "Benchmarks/RefreshableBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
