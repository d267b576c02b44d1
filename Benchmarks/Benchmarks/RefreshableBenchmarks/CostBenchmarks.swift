import Benchmark
import Refreshable

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// P6: what each main-thread operation on a big list costs, with an identity, at 1k to 1M rows
/// held: it should cost by the page, not by the rows held.
///
/// Rows are 16 bytes with `Int` ids. Names end in what one sample covers ("x10 edits"); a sample
/// builds its list before its measured part, which covers only the operation named:
/// - refresh: a refresh answering 20 rows (2 new, then the first 18 held), difference not read;
///   with an identity, also with 8 pending items held at the front (items sent from this device),
///   and with its update dropped (which frees the items and id index the refresh replaced);
/// - read difference: reading that refresh's ``RefreshUpdate/difference`` (it names every row
///   removed or inserted: the rows held less 18, plus 2);
/// - removeItem/insertItem top: removing the first row by id, inserting a new row at 0, beside
///   the same `Array` edit;
/// - cap: load-mores into a list that loaded the rows and holds its last 10 or 1,000 pages, each
///   dropping the first page once the cap is reached;
/// - slowest load-more: loading the rows 20 at a time, the slowest single load-more (custom
///   metrics, in nanoseconds of wall clock and of the thread's CPU time) beside the whole load;
/// - memory: the bytes a list of the rows holds (requested, not freed, while it was built).
func registerCostBenchmarks() {
    for rows in rowCounts {
        registerRefreshes(rows: rows)
        registerEdits(rows: rows)
        registerGrowth(rows: rows)
        registerCaps(rows: rows)
    }
}

/// Load-mores into a list that loaded `rows` rows and holds its last 10 or 1,000 pages (all of them
/// when it has fewer), each dropping the first page once the cap is reached.
private func registerCaps(rows: Int) {
    for maxPages in [10, 1_000] {
        for identity in [false, true] {
            let name = "P6 cap \(maxPages)\(identity ? " identity" : "") \(rows) rows x1000 page loads"
            Benchmark(name, configuration: costConfiguration(rows: rows)) { benchmark in
                let pages = rows / itemsPerPage
                var sources = loadedPages(pages, identity: identity, maxPages: maxPages)
                benchmark.startMeasurement()
                for index in pages..<(pages + 1_000) {
                    loadMore(&sources, page: rowPage(index))
                }
                benchmark.stopMeasurement()
                blackHole(sources[0].items.count)
            }
        }
    }
}

/// A 16-byte row with an `Int` id.
struct Row: Identifiable, Sendable {
    let id: Int
    let value: Int
}

private func registerRefreshes(rows: Int) {
    let configuration = costConfiguration(rows: rows)
    // 2 new rows, then the first 18 held: a pull to refresh of a feed that got 2 rows.
    let answer = [Row(id: -1, value: 0), Row(id: -2, value: 0)] + (0..<18).map { Row(id: $0, value: 0) }
    for identity in [false, true] {
        let name = "P6 refresh\(identity ? " identity" : "") \(rows) rows x1 refreshes"
        Benchmark(name, configuration: configuration) { benchmark in
            var sources = heldList(rows: rows, identity: identity)
            benchmark.startMeasurement()
            let update = refresh(&sources, with: answer)
            blackHole(update.change)
            benchmark.stopMeasurement()
        }
    }
    // The same refresh, with the update dropped in the measured part, as an app drops it once
    // applied: that frees the items and id index it replaced, kept for its difference.
    Benchmark("P6 refresh identity update dropped \(rows) rows x1 refreshes", configuration: configuration) {
        benchmark in
        var sources = heldList(rows: rows, identity: true)
        benchmark.startMeasurement()
        blackHole(refresh(&sources, with: answer).change)
        benchmark.stopMeasurement()
    }
    // What the same refresh costs a hand-written list: an `Array` of the rows and a `Dictionary`
    // from id to position, both replaced by the answer's, which frees the old ones. The baseline
    // for the line above: freeing the memory of a long list is the allocator's work.
    Benchmark("P6 Array and Dictionary replaced \(rows) rows x1 refreshes", configuration: configuration) {
        benchmark in
        var held = (0..<rows).map { Row(id: $0, value: 0) }
        var positions = Dictionary(uniqueKeysWithValues: held.enumerated().map { ($1.id, $0) })
        benchmark.startMeasurement()
        held = answer
        positions = Dictionary(uniqueKeysWithValues: answer.enumerated().map { ($1.id, $0) })
        benchmark.stopMeasurement()
        blackHole(held.count + positions.count)
    }
    // The same refresh with 8 messages sent from this device still pending, at the front: it puts
    // them back around its rows, which should cost by the page and the pending items.
    Benchmark("P6 refresh identity 8 pending \(rows) rows x1 refreshes", configuration: configuration) { benchmark in
        var sources = heldList(rows: rows, identity: true)
        for sent in 0..<8 {
            sources.insertPendingItem(Row(id: -100 - sent, value: 0), at: 0, source: 0)
        }
        benchmark.startMeasurement()
        let update = refresh(&sources, with: answer)
        blackHole(update.change)
        benchmark.stopMeasurement()
    }
    Benchmark("P6 read difference \(rows) rows x1 reads", configuration: configuration) { benchmark in
        var sources = heldList(rows: rows, identity: true)
        let update = refresh(&sources, with: answer)
        benchmark.startMeasurement()
        guard let difference = update.difference, difference.count == rows - 16 else {
            fatalError("the difference names \(update.difference?.count ?? 0) rows, not \(rows - 16)")
        }
        benchmark.stopMeasurement()
        blackHole(difference)
    }
}

private func registerEdits(rows: Int) {
    let configuration = costConfiguration(rows: rows)
    let edits = 10
    Benchmark("P6 removeItem(id:) top \(rows) rows x\(edits) edits", configuration: configuration) { benchmark in
        var sources = heldList(rows: rows, identity: true)
        benchmark.startMeasurement()
        for id in 0..<edits {
            blackHole(sources.removeItem(id: id, source: 0))
        }
        benchmark.stopMeasurement()
    }
    Benchmark("P6 Array.remove(at:) top \(rows) rows x\(edits) edits", configuration: configuration) { benchmark in
        var items = (0..<rows).map { Row(id: $0, value: 0) }
        benchmark.startMeasurement()
        for _ in 0..<edits {
            blackHole(items.remove(at: 0))
        }
        benchmark.stopMeasurement()
    }
    Benchmark("P6 insertItem(at:) top \(rows) rows x\(edits) edits", configuration: configuration) { benchmark in
        var sources = heldList(rows: rows, identity: true)
        benchmark.startMeasurement()
        for id in rows..<(rows + edits) {
            blackHole(sources.insertItem(Row(id: id, value: 0), at: 0, source: 0))
        }
        benchmark.stopMeasurement()
    }
    Benchmark("P6 Array.insert(at:) top \(rows) rows x\(edits) edits", configuration: configuration) { benchmark in
        var items = (0..<rows).map { Row(id: $0, value: 0) }
        benchmark.startMeasurement()
        for id in rows..<(rows + edits) {
            items.insert(Row(id: id, value: 0), at: 0)
        }
        benchmark.stopMeasurement()
        blackHole(items.count)
    }
}

private func registerGrowth(rows: Int) {
    let configuration = costConfiguration(rows: rows)
    let pages = rows / itemsPerPage
    for identity in [false, true] {
        let label = identity ? " identity" : ""
        var growth = configuration
        growth.metrics = [.wallClock, slowestLoadMore, slowestLoadMoreCPU]
        let name = "P6 slowest load-more\(label) \(rows) rows x\(pages) page loads"
        Benchmark(name, configuration: growth) { benchmark in
            let clock = ContinuousClock()
            var sources = emptyList(identity: identity, maxPages: nil)
            refresh(&sources, with: rowPage(0))
            var slowest = Duration.zero
            var slowestCPU = 0
            for index in 1..<pages {
                let page = rowPage(index)
                let (start, startCPU) = (clock.now, threadCPUTime())
                loadMore(&sources, page: page)
                slowestCPU = max(slowestCPU, threadCPUTime() - startCPU)
                slowest = max(slowest, start.duration(to: clock.now))
            }
            benchmark.measurement(slowestLoadMore, Int(slowest / .nanoseconds(1)))
            benchmark.measurement(slowestLoadMoreCPU, slowestCPU)
            blackHole(sources[0].items.count)
        }
        var memory = configuration
        memory.metrics = [.wallClock, .memoryLeakedBytes]
        Benchmark("P6 memory\(label) \(rows) rows x\(rows) rows", configuration: memory) { benchmark in
            benchmark.startMeasurement()
            let sources = loadedPages(pages, identity: identity, maxPages: nil)
            benchmark.stopMeasurement()
            blackHole(sources[0].items.count)
        }
    }
    var memory = configuration
    memory.metrics = [.wallClock, .memoryLeakedBytes]
    Benchmark("P6 memory [Row] \(rows) rows x\(rows) rows", configuration: memory) { benchmark in
        benchmark.startMeasurement()
        var items: [Row] = []
        for index in 0..<pages {
            items.append(contentsOf: rowPage(index))
        }
        benchmark.stopMeasurement()
        blackHole(items.count)
    }
}

/// The slowest single load-more of a sample, in nanoseconds.
private let slowestLoadMore = BenchmarkMetric.custom("slowestLoadMore", useScalingFactor: false)

/// The slowest single load-more of a sample in the thread's CPU time, in nanoseconds: on a busy
/// machine the wall clock of one load also holds the time other processes ran.
private let slowestLoadMoreCPU = BenchmarkMetric.custom("slowestLoadMoreCPU", useScalingFactor: false)

/// Fewer samples for bigger lists: a sample builds its list first.
private func costConfiguration(rows: Int) -> Benchmark.Configuration {
    let (iterations, seconds): (Int, Int64) =
        switch rows {
        case ..<10_000: (200, 1)
        case ..<100_000: (100, 2)
        case ..<1_000_000: (25, 5)
        default: (8, 20)
        }
    return Benchmark.Configuration(
        metrics: trackedMetrics,
        timeUnits: .nanoseconds,
        units: rawCounts.merging(
            [.memoryLeakedBytes: .count, slowestLoadMore: .count, slowestLoadMoreCPU: .count]
        ) { $1 },
        warmupIterations: 1,
        maxDuration: .seconds(seconds),
        maxIterations: iterations
    )
}

/// Page `index` of 20 rows, ids from `index * 20`.
private func rowPage(_ index: Int) -> [Row] {
    (index * itemsPerPage..<(index + 1) * itemsPerPage).map { Row(id: $0, value: 0) }
}

private func emptyList(identity: Bool, maxPages: Int?) -> RefreshSources<Row> {
    RefreshSources<Row>(
        noMoreTitles: ["end"],
        policy: RefreshPolicy(pageSize: itemsPerPage, maxPages: maxPages),
        identity: identity ? .id() : nil
    )
}

/// A list holding `rows` rows, ids `0..<rows`, loaded by one refresh.
private func heldList(rows: Int, identity: Bool) -> RefreshSources<Row> {
    var sources = emptyList(identity: identity, maxPages: nil)
    refresh(&sources, with: (0..<rows).map { Row(id: $0, value: 0) })
    return sources
}

/// A list that loaded `pages` pages of 20 rows: a refresh, then load-mores.
private func loadedPages(_ pages: Int, identity: Bool, maxPages: Int?) -> RefreshSources<Row> {
    var sources = emptyList(identity: identity, maxPages: maxPages)
    refresh(&sources, with: rowPage(0))
    for index in 1..<max(pages, 1) {
        loadMore(&sources, page: rowPage(index))
    }
    return sources
}

@discardableResult
private func refresh(_ sources: inout RefreshSources<Row>, with rows: [Row]) -> RefreshUpdate {
    guard case .started(let request, _) = sources.begin(.refresh, source: 0),
        case .applied(let update) = sources.succeed(request, with: RefreshPage(items: rows, hasMore: true))
    else { fatalError("the refresh did not apply") }
    return update
}

private func loadMore(_ sources: inout RefreshSources<Row>, page: [Row]) {
    guard case .started(let request, _) = sources.begin(.loadMore, source: 0),
        case .applied = sources.succeed(request, with: RefreshPage(items: page, hasMore: true))
    else { fatalError("the load-more did not apply") }
}
