import Benchmark
import Foundation
import Refreshable

/// P7: restoring a saved list of 10,000 rows (16-byte rows, `Int` ids, an identity set) from
/// JSON, beside decoding the same rows into an `Array` from JSON, in the same run. Restoring
/// decodes the snapshot and puts it in place of a new list's state (checking it and building the
/// id index); it should cost at most twice the decoding.
func registerSnapshotBenchmarks() {
    let rows = 10_000
    var saved = RefreshSources<SavedRow>(noMoreTitles: ["The end"], identity: .id())
    if case .started(let request, _) = saved.begin(.refresh, source: 0) {
        let items = (0..<rows).map { SavedRow(id: $0, value: $0) }
        _ = saved.succeed(request, with: RefreshPage(items: items, hasMore: true))
    }
    precondition(saved[0].items.count == rows, "P7: the list to save holds \(saved[0].items.count) rows")
    guard let snapshotJSON = try? JSONEncoder().encode(saved.snapshot()),
        let rowsJSON = try? JSONEncoder().encode(Array(saved[0].items))
    else {
        fatalError("P7: the rows could not be encoded as JSON")
    }
    let configuration = Benchmark.Configuration(
        metrics: trackedMetrics,
        timeUnits: .nanoseconds,
        units: rawCounts,
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 200
    )

    Benchmark("P7 restore snapshot from JSON \(rows) rows x1 restores", configuration: configuration) { benchmark in
        var sources = RefreshSources<SavedRow>(noMoreTitles: ["The end"], identity: .id())
        benchmark.startMeasurement()
        let snapshot = try JSONDecoder().decode(RefreshSnapshot<SavedRow>.self, from: snapshotJSON)
        try sources.restore(from: snapshot)
        benchmark.stopMeasurement()
        precondition(sources[0].items.count == rows)
        blackHole(sources)
    }
    Benchmark("P7 JSON decode [Row] \(rows) rows x1 restores", configuration: configuration) { benchmark in
        benchmark.startMeasurement()
        let items = try JSONDecoder().decode([SavedRow].self, from: rowsJSON)
        benchmark.stopMeasurement()
        precondition(items.count == rows)
        blackHole(items)
    }
}

/// A 16-byte row with an `Int` id, as an app saves it.
struct SavedRow: Codable, Identifiable, Sendable {
    let id: Int
    let value: Int
}
