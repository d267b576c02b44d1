// load-more-spikes: where the slowest single load-more of a long list goes.
//
// Loads ROWS rows (default 1,000,000) 20 at a time, several times, in three ways: appending to a
// plain `[Row]`, through `RefreshSources` without an identity, and with one. For each it prints the
// slowest single load-more (wall clock and the thread's CPU time, fastest of the runs) and the five
// slowest loads of the last run with the rows held before each, so that a spike can be matched to
// what grows at that size (an array doubling at a power of two, the id table at 3/4 full).
//
// Usage: Benchmarks/Scripts/load-more-spikes.sh [ROWS] [RUNS]
import Refreshable

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A 16-byte row with an `Int` id, as in P6.
struct Row: Identifiable, Sendable {
    let id: Int
    let value: Int
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let rows = arguments.first ?? 1_000_000
let runs = arguments.dropFirst().first ?? 5
let itemsPerPage = 20
let pages = rows / itemsPerPage

func threadCPUTime() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

func wallTime() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

func rowPage(_ index: Int) -> [Row] {
    (index * itemsPerPage..<(index + 1) * itemsPerPage).map { Row(id: $0, value: 0) }
}

/// One timed load: (wall ns, cpu ns, rows held before it).
typealias Load = (wall: Int, cpu: Int, heldBefore: Int)

/// Loads every page with `load`, timing each but the first, and returns every timing.
func timeLoads(_ load: (Int) -> Int) -> [Load] {
    var loads: [Load] = []
    loads.reserveCapacity(pages)
    _ = load(0)
    for index in 1..<pages {
        let (wall, cpu) = (wallTime(), threadCPUTime())
        let held = load(index)
        let cpuAfter = threadCPUTime()
        loads.append((wallTime() - wall, cpuAfter - cpu, held))
    }
    return loads
}

func plainArray() -> [Load] {
    var items: [Row] = []
    let prepared = (0..<pages).map(rowPage)
    return timeLoads { index in
        let held = items.count
        items.append(contentsOf: prepared[index])
        return held
    }
}

func sources(identity: Bool) -> [Load] {
    var sources = RefreshSources<Row>(
        noMoreTitles: ["end"],
        policy: RefreshPolicy(pageSize: itemsPerPage),
        identity: identity ? .id() : nil
    )
    let prepared = (0..<pages).map(rowPage)
    return timeLoads { index in
        let held = sources[0].items.count
        guard case .started(let request, _) = sources.begin(index == 0 ? .refresh : .loadMore, source: 0),
            case .applied = sources.succeed(request, with: RefreshPage(items: prepared[index], hasMore: true))
        else { fatalError("load \(index) did not apply") }
        return held
    }
}

func format(_ ns: Int) -> String {
    ns >= 1_000_000
        ? "\(Double(ns / 1_000) / 1_000) ms" : ns >= 1_000 ? "\(Double(ns / 10) / 100) µs" : "\(ns) ns"
}

print("rows: \(rows) in pages of \(itemsPerPage); runs: \(runs) (the fastest slowest load of the runs)")
let variants: [(String, () -> [Load])] = [
    ("[Row].append", { plainArray() }),
    ("RefreshSources", { sources(identity: false) }),
    ("RefreshSources identity", { sources(identity: true) }),
]
for (name, run) in variants {
    var slowestWall = Int.max
    var slowestCPU = Int.max
    var last: [Load] = []
    for _ in 0..<runs {
        last = run()
        slowestWall = min(slowestWall, last.map(\.wall).max() ?? 0)
        slowestCPU = min(slowestCPU, last.map(\.cpu).max() ?? 0)
    }
    let total = last.reduce(0) { $0 + $1.cpu }
    print(
        "\n\(name): slowest load-more \(format(slowestWall)) wall, \(format(slowestCPU)) CPU; all loads \(format(total)) CPU"
    )
    for load in last.sorted(by: { $0.cpu > $1.cpu }).prefix(6) {
        print("  \(format(load.cpu)) CPU (\(format(load.wall)) wall) at \(load.heldBefore) rows held")
    }
}
