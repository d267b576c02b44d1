import Benchmark
import Refreshable

// P1 (d): pages loaded through a whole callback-style `Refreshable` adopter (the runtime, the host
// calls and rendering), with and without controls.

func registerAdopterBenchmarks() {
    for pages in [1_000, 10_000, 50_000] where pages <= maxPages {
        var configuration = pageLoadConfiguration(pages: pages)
        configuration.metrics.append(threadCPU)
        configuration.units[threadCPU] = .count
        for withControls in [false, true] {
            let name = "P1 adopter\(withControls ? "+controls" : "") Int \(pages) pages"
            Benchmark(name, configuration: configuration) { @MainActor benchmark async in
                let adopter = BenchAdopter(withControls: withControls)
                benchmark.startMeasurement()
                let start = threadCPUTime()
                adopter.load(pages: pages, page: intPage)
                let used = threadCPUTime() - start
                benchmark.stopMeasurement()
                benchmark.measurement(threadCPU, used)
                blackHole(adopter.currentItems.count)
            }
        }
    }
}

/// A sample's CPU time on its own thread, in nanoseconds. A 10,000-page sample runs 35 ms: on a
/// machine where other processes run, every such sample is preempted, so its wall clock (min
/// included) holds their time too, while the 3.5 ms samples of 1,000 pages find quiet gaps.
let threadCPU = BenchmarkMetric.custom("threadCPU", useScalingFactor: false)

/// A callback-style adopter: `refreshData(isRefresh:)` keeps the request; the benchmark answers it at once.
@MainActor
final class BenchAdopter: Refreshable {
    let refreshStatus: RefreshRuntime<Int> = [RefreshState(noMoreTitle: "end")]
    let refreshHeaderControl: (any RefreshHeaderControl)?
    let refreshFooterControl: (any RefreshFooterControl)?
    let refreshListView: (any RefreshListView)? = nil
    private var pending: RefreshRequest?

    init(withControls: Bool) {
        refreshHeaderControl = withControls ? BenchHeader() : nil
        refreshFooterControl = withControls ? BenchFooter() : nil
    }

    func refreshData(isRefresh: Bool) {
        pending = refreshRequest
    }

    /// A refresh, then load-mores, each answered with `page` and "more pages follow".
    func load(pages: Int, page: [Int]) {
        for index in 0..<pages {
            if index == 0 {
                refresh()
            } else {
                loadMore()
            }
            guard let request = pending else { fatalError("load \(index) did not start") }
            pending = nil
            loadSuccess(RefreshPage(items: page, hasMore: true), for: request)
        }
    }
}
