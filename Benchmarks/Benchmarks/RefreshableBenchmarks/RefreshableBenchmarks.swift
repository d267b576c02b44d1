import Benchmark

// Refreshable's benchmarks. Names say what one sample covers ("1000 pages" of 20 items,
// "x1000 dispatches"); Scripts/report.sh divides by it. Run from Benchmarks/:
//     swift package benchmark
//     REFRESHABLE_BENCH_MAX_PAGES=10000 swift package benchmark   # without the 50,000-page runs
//     REFRESHABLE_BENCH_MAX_ROWS=100000 swift package benchmark   # P6 without the 1M-row lists
let benchmarks: @Sendable () -> Void = {
    registerPageLoadBenchmarks()
    registerAdopterBenchmarks()
    registerStatusBenchmarks()
    registerYieldingStatusBenchmarks()
    registerSourceCountBenchmarks()
    registerPagingBenchmarks()
    registerCostBenchmarks()
    registerSnapshotBenchmarks()
    registerReadBenchmarks()
}
