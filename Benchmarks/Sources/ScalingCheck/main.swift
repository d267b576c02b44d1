// scaling-check: fails when loading a page through RefreshSources costs more the longer the list.
//
// Loads 1,000 and 10,000 pages of 20 Int items through `RefreshSources` (a refresh, then
// load-mores), several times each, interleaved, and keeps the fastest time of each on a monotonic
// clock. A load-more should cost the page it appends, not the list so far: the per-item cost at
// 10,000 pages must stay within `limit` times the per-item cost at 1,000 pages. A library that
// copies the held items on every load-more is quadratic and fails by a wide margin.
//
// Built and run by Scripts/scaling-check.sh (CI stage `scaling`). Needs nothing but the library
// (and Foundation, for the exit status).
import Foundation
import Refreshable

#if canImport(Glibc)
    import Glibc

    /// Keeps freed memory in the process. By default glibc hands large freed blocks back to the
    /// kernel, so every 10,000-page load grows its array into fresh pages, and those page faults
    /// (a few ns per item, for any growing array) would count against the library, while at 1,000
    /// pages the memory is reused. The check is about what a load-more copies, not the allocator.
    /// `mallopt` is looked up at run time: <malloc.h> is not part of the Glibc module.
    func keepFreedMemory() {
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD; 32 MiB is glibc's largest
        let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(trimThreshold, 512 << 20)
    }
#else
    func keepFreedMemory() {}
#endif

let itemsPerPage = 20
let limit = 1.5
let page = Array(0..<itemsPerPage)

/// Loads `pages` pages into one source and returns how many items it holds.
func load(pages: Int) -> Int {
    var sources: RefreshSources<Int> = [RefreshState(noMoreTitle: "end")]
    for index in 0..<pages {
        guard case .started(let request, _) = sources.begin(index == 0 ? .refresh : .loadMore, source: 0) else {
            fatalError("scaling-check: load \(index) of \(pages) did not start")
        }
        _ = sources.succeed(request, with: RefreshPage(items: page, hasMore: true))
    }
    return sources[0].items.count
}

/// One size of the check: how many pages, how many loads per timed repetition, the best time.
struct Case {
    let pages: Int
    let loadsPerRepetition: Int
    var best = Duration.seconds(Int64.max)

    var itemsPerRepetition: Int { pages * itemsPerPage * loadsPerRepetition }

    var nanosecondsPerItem: Double {
        let (seconds, attoseconds) = best.components
        return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(itemsPerRepetition)
    }

    mutating func measure(with clock: ContinuousClock) {
        let start = clock.now
        var held = 0
        for _ in 0..<loadsPerRepetition {
            held &+= load(pages: pages)
        }
        let elapsed = start.duration(to: clock.now)
        guard held == itemsPerRepetition else {
            let each = held / loadsPerRepetition
            fatalError("scaling-check: \(pages) pages held \(each) items, not \(pages * itemsPerPage)")
        }
        best = min(best, elapsed)
    }
}

func formatted(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

keepFreedMemory()
let repetitions = 7
let clock = ContinuousClock()
var small = Case(pages: 1_000, loadsPerRepetition: 10)
var large = Case(pages: 10_000, loadsPerRepetition: 1)
// Warm up, then interleave the two sizes so a busy moment of the machine hits both alike.
_ = load(pages: small.pages)
_ = load(pages: large.pages)
for _ in 0..<repetitions {
    small.measure(with: clock)
    large.measure(with: clock)
}

let ratio = large.nanosecondsPerItem / small.nanosecondsPerItem
print("scaling-check: \(itemsPerPage) Int items per page through RefreshSources, best of \(repetitions)")
print("   1,000 pages: \(formatted(small.nanosecondsPerItem)) ns per item")
print("  10,000 pages: \(formatted(large.nanosecondsPerItem)) ns per item")
print("  per-item cost at 10,000 pages / at 1,000 pages: \(formatted(ratio)) (limit \(formatted(limit)))")
if ratio > limit {
    print(
        """
        FAIL: an item costs \(formatted(ratio))x as much at 10,000 pages as at 1,000 pages (limit \(formatted(limit))x).
        Loading a page costs more the more items the list already holds: a load-more copies the held
        items instead of appending in place (see RefreshSources.succeed(_:with:)). Loading N pages is
        then quadratic in N.
        """
    )
    exit(1)
}
print("ok: loading a page costs the same per item at 1,000 and at 10,000 pages")
