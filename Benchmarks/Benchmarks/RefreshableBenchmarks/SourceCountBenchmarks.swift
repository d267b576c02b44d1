import Benchmark
import Refreshable

/// P4: one page load (a refresh of one source with a 20-item page) in a list of 10 and of
/// 10,000 sources, each holding one page; 1,000 loads per sample, spread over the sources.
func registerSourceCountBenchmarks() {
    for sourceCount in [10, 10_000] {
        let name = "P4 RefreshSources \(sourceCount) sources x1000 page loads"
        Benchmark(name, configuration: perThousandConfiguration) { benchmark in
            var sources = loadedSources(count: sourceCount)
            let stride = max(1, sourceCount / benchmark.scaledIterations.count)
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                let source = (index &* stride) % sourceCount
                guard case .started(let request, _) = sources.begin(.refresh, source: source) else {
                    fatalError("refresh of source \(source) did not start")
                }
                _ = sources.succeed(request, with: RefreshPage(items: intPage, hasMore: true))
            }
            benchmark.stopMeasurement()
            blackHole(sources.count)
        }
    }
}

/// `count` sources, each with one loaded page.
private func loadedSources(count: Int) -> RefreshSources<Int> {
    var sources = RefreshSources<Int>(noMoreTitles: Array(repeating: "end", count: count))
    for source in 0..<count {
        guard case .started(let request, _) = sources.begin(.refresh, source: source) else {
            fatalError("refresh of source \(source) did not start")
        }
        _ = sources.succeed(request, with: RefreshPage(items: intPage, hasMore: true))
    }
    return sources
}
