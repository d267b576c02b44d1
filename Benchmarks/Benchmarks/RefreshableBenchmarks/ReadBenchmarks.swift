import Benchmark
import Refreshable

// P8: an app reading the items of a loaded list from its own module, beside the same reads of an
// Array: by position in a loop (`items[i]`, as a table's cells do), with `for ... in`, and from
// code that is not specialised for the item type, as SwiftUI's `ForEach` reads a collection.

func registerReadBenchmarks() {
    let rows = 100_000
    let configuration = Benchmark.Configuration(
        metrics: trackedMetrics,
        timeUnits: .nanoseconds,
        units: rawCounts,
        warmupIterations: 3,
        maxDuration: .seconds(1),
        maxIterations: 200
    )
    let name = { (kind: String, what: String) in "P8 \(kind) \(what) \(rows) rows x\(rows) reads" }
    Benchmark(name("RefreshItems", "items[i]"), configuration: configuration) { benchmark in
        let items = readSources[0].items
        benchmark.startMeasurement()
        var sum = 0
        for index in 0..<items.count {
            sum &+= items[index].value
        }
        benchmark.stopMeasurement()
        blackHole(sum)
    }
    Benchmark(name("Array", "items[i]"), configuration: configuration) { benchmark in
        let items = readArray
        benchmark.startMeasurement()
        var sum = 0
        for index in 0..<items.count {
            sum &+= items[index].value
        }
        benchmark.stopMeasurement()
        blackHole(sum)
    }
    Benchmark(name("RefreshItems", "for-in"), configuration: configuration) { benchmark in
        let items = readSources[0].items
        benchmark.startMeasurement()
        var sum = 0
        for row in items {
            sum &+= row.value
        }
        benchmark.stopMeasurement()
        blackHole(sum)
    }
    Benchmark(name("Array", "for-in"), configuration: configuration) { benchmark in
        let items = readArray
        benchmark.startMeasurement()
        var sum = 0
        for row in items {
            sum &+= row.value
        }
        benchmark.stopMeasurement()
        blackHole(sum)
    }
    Benchmark(name("RefreshItems", "unspecialised"), configuration: configuration) { benchmark in
        let items = readSources[0].items
        benchmark.startMeasurement()
        blackHole(sumUnspecialised(items))
        benchmark.stopMeasurement()
    }
    Benchmark(name("Array", "unspecialised"), configuration: configuration) { benchmark in
        let items = readArray
        benchmark.startMeasurement()
        blackHole(sumUnspecialised(items))
        benchmark.stopMeasurement()
    }
}

/// A list of 100,000 rows, loaded 20 at a time as an app loads it.
private let readSources: RefreshSources<Row> = {
    var sources = RefreshSources<Row>(noMoreTitles: ["end"], policy: RefreshPolicy(pageSize: itemsPerPage))
    for index in 0..<5_000 {
        guard case .started(let request, _) = sources.begin(index == 0 ? .refresh : .loadMore, source: 0) else {
            fatalError("load \(index) did not start")
        }
        let page = (index * itemsPerPage..<(index + 1) * itemsPerPage).map { Row(id: $0, value: $0) }
        _ = sources.succeed(request, with: RefreshPage(items: page, hasMore: true))
    }
    return sources
}()

/// The same rows in an array.
private let readArray: [Row] = Array(readSources[0].items)

/// Reads every item through the collection's protocol witnesses, as a generic view (SwiftUI's
/// `ForEach`) in another module does: by index, from `startIndex` to `endIndex`.
@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
private func sumUnspecialised<C: RandomAccessCollection>(_ items: C) -> Int where C.Element == Row {
    var sum = 0
    var index = items.startIndex
    while index != items.endIndex {
        sum &+= items[index].value
        index = items.index(after: index)
    }
    return sum
}
