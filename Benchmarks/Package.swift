// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for Refreshable. A separate package so the library itself keeps zero dependencies.
// Run from this folder: `swift package benchmark` (see Scripts/report.sh for the tracked figures).
let package = Package(
    name: "RefreshableBenchmarks",
    platforms: [.macOS(.v13)],
    products: [
        // A quick scaling check for CI that needs only the library: Scripts/scaling-check.sh.
        // It lives in Sources/: the benchmark plugin runs every executable target whose folder sits
        // in a folder named Benchmarks as a benchmark, and this package's own folder is one.
        .executable(name: "scaling-check", targets: ["ScalingCheck"]),
        // Instructions per page load, counted by callgrind: Scripts/instruction-counts.sh.
        .executable(name: "instruction-counts", targets: ["InstructionCounts"]),
        // The slowest single load-more of a long list and the rows held when it happens:
        // Scripts/load-more-spikes.sh.
        .executable(name: "load-more-spikes", targets: ["LoadMoreSpikes"]),
    ],
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
        ),
        .executableTarget(
            name: "ScalingCheck",
            dependencies: [.product(name: "Refreshable", package: "Refreshable")]
        ),
        .executableTarget(
            name: "InstructionCounts",
            dependencies: [.product(name: "Refreshable", package: "Refreshable")]
        ),
        .executableTarget(
            name: "LoadMoreSpikes",
            dependencies: [.product(name: "Refreshable", package: "Refreshable")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
