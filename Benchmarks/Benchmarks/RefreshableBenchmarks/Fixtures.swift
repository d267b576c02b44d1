import Benchmark
import Refreshable

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Items per page in every page-load benchmark.
let itemsPerPage = 20

/// A small list item: what an order or product row holds.
struct Product: Sendable {
    var id: Int
    /// Short enough to be a small (inline) string, so copying a product retains nothing.
    var title: String
    var price: Int
}

/// One page of `Int` items, reused for every load: copying costs the same whatever the values are.
let intPage: [Int] = Array(0..<itemsPerPage)

/// One page of products, reused for every load.
let productPage: [Product] = (0..<itemsPerPage).map { Product(id: $0, title: "Product \($0)", price: 100 * $0) }

/// The page counts of the page-load benchmarks (P1), limited by `REFRESHABLE_BENCH_MAX_PAGES`.
///
/// The library copies the held items on every load-more today, so 50,000 pages take minutes;
/// `REFRESHABLE_BENCH_MAX_PAGES=10000` skips them until that is fixed.
let pageCounts: [Int] = [100, 1_000, 10_000, 50_000].filter { $0 <= maxPages }

/// The largest page count to run, from `REFRESHABLE_BENCH_MAX_PAGES` (no limit when unset).
let maxPages: Int = {
    guard let raw = getenv("REFRESHABLE_BENCH_MAX_PAGES"), let value = Int(String(cString: raw)) else {
        return .max
    }
    return value
}()

/// The list sizes of the cost benchmarks (P6), limited by `REFRESHABLE_BENCH_MAX_ROWS`.
let rowCounts: [Int] = [1_000, 10_000, 100_000, 1_000_000].filter { $0 <= maxRows }

/// The largest list to build, from `REFRESHABLE_BENCH_MAX_ROWS` (no limit when unset).
let maxRows: Int = {
    guard let raw = getenv("REFRESHABLE_BENCH_MAX_ROWS"), let value = Int(String(cString: raw)) else {
        return .max
    }
    return value
}()

/// Settings for one benchmark whose every sample loads `pages` pages: fewer samples as it grows,
/// and enough time for a few of them while a load-more copies the held items (seconds each).
func pageLoadConfiguration(pages: Int) -> Benchmark.Configuration {
    let (iterations, seconds): (Int, Int64) =
        switch pages {
        case ..<1_000: (1_000, 1)
        case ..<10_000: (200, 2)
        case ..<50_000: (25, 20)
        default: (10, 30)
        }
    return Benchmark.Configuration(
        metrics: trackedMetrics,
        timeUnits: .nanoseconds,
        units: rawCounts,
        warmupIterations: 1,
        maxDuration: .seconds(seconds),
        maxIterations: iterations
    )
}

/// Settings for benchmarks whose every sample runs 1,000 small operations (``Benchmark/scaledIterations``).
var perThousandConfiguration: Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: trackedMetrics,
        timeUnits: .nanoseconds,
        units: rawCounts,
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(1),
        maxIterations: 1_000
    )
}

/// Times and allocations: what Scripts/report.sh reads.
var trackedMetrics: [BenchmarkMetric] { [.wallClock, .cpuTotal, .mallocCountTotal] }

/// Keeps the allocation counts raw, so the exported samples are exact counts, not thousands.
var rawCounts: [BenchmarkMetric: BenchmarkUnits] { [.mallocCountTotal: .count] }

/// The CPU time this thread has used, in nanoseconds.
func threadCPUTime() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}
