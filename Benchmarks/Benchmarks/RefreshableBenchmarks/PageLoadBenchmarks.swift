import Benchmark
import Refreshable

/// P1: load N pages of 20 items into one list: a refresh, then N - 1 load-mores.
///
/// Every sample starts from an empty list, so a sample's time divided by N × 20 is the cost per
/// item, and it stays flat as N grows only when a load-more costs the page, not the list so far.
func registerPageLoadBenchmarks() {
    for pages in pageCounts {
        registerPageLoads(pages: pages, page: intPage, itemName: "Int")
        registerPageLoads(pages: pages, page: productPage, itemName: "Product")
    }
}

private func registerPageLoads<Item: Sendable>(pages: Int, page: [Item], itemName: String) {
    let configuration = pageLoadConfiguration(pages: pages)
    Benchmark("P1 RefreshSources \(itemName) \(pages) pages", configuration: configuration) { benchmark in
        benchmark.startMeasurement()
        let sources = loadThroughSources(pages: pages, page: page)
        benchmark.stopMeasurement()
        blackHole(sources[0].items.count)
    }
    Benchmark("P1 Array.append \(itemName) \(pages) pages", configuration: configuration) { benchmark in
        benchmark.startMeasurement()
        var items: [Item] = []
        for _ in 0..<pages {
            items.append(contentsOf: page)
        }
        benchmark.stopMeasurement()
        blackHole(items.count)
    }
    // Copying the whole list per page is quadratic by design: 50,000 pages would take minutes.
    if pages <= 10_000 {
        Benchmark("P1 copy-per-page relay \(itemName) \(pages) pages", configuration: configuration) { benchmark in
            let relay = CopyingRelay<[Item]>([])
            benchmark.startMeasurement()
            for _ in 0..<pages {
                relay.accept(relay.value + page)
            }
            benchmark.stopMeasurement()
            blackHole(relay.value.count)
        }
    }
}

/// Loads `pages` pages the way an adopter's state machine does: `begin`, then `succeed`.
func loadThroughSources<Item: Sendable>(pages: Int, page: [Item]) -> RefreshSources<Item> {
    var sources: RefreshSources<Item> = [RefreshState(noMoreTitle: "end")]
    for index in 0..<pages {
        guard case .started(let request, _) = sources.begin(index == 0 ? .refresh : .loadMore, source: 0) else {
            fatalError("load \(index) did not start")
        }
        _ = sources.succeed(request, with: RefreshPage(items: page, hasMore: true))
    }
    return sources
}

/// RxSwift's `BehaviorRelay` pattern for paging, `relay.accept(relay.value + page)`: every page
/// builds a new array from a copy of the list so far.
final class CopyingRelay<Value> {
    private(set) var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func accept(_ value: Value) {
        self.value = value
    }
}
