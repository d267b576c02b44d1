import Benchmark
import Refreshable

// P1 (d): pages loaded through a whole callback-style `Refreshable` adopter (the runtime, the host
// calls and rendering), with and without controls.

func registerAdopterBenchmarks() {
    for pages in [1_000, 10_000, 50_000] where pages <= maxPages {
        let configuration = pageLoadConfiguration(pages: pages)
        for withControls in [false, true] {
            let name = "P1 adopter\(withControls ? "+controls" : "") Int \(pages) pages"
            Benchmark(name, configuration: configuration) { @MainActor benchmark async in
                let adopter = BenchAdopter(withControls: withControls)
                benchmark.startMeasurement()
                adopter.load(pages: pages, page: intPage)
                benchmark.stopMeasurement()
                blackHole(adopter.currentItems.count)
            }
        }
    }
}

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
