import Benchmark
import Refreshable

/// P5: de-duplication by id and the page cap keep loading linear.
///
/// Each loads N pages of 20 `Int` items into one list (a refresh, then N - 1 load-mores), like P1:
/// - dedup: the list has an identity, and each page repeats the last 5 items of the page before
///   (offset paging on a list that grew by 5 between two loads), so 15 items are new;
/// - cap: at most 10 pages are held, so from the 11th page on each load-more drops the first page.
func registerPagingBenchmarks() {
    for pages in pageCounts where pages >= 1_000 && pages <= 10_000 {
        let configuration = pageLoadConfiguration(pages: pages)
        let overlapping = overlappingPages(count: pages)
        for rule in [RefreshItemIdentity<Int>.DuplicateRule.keepHeld, .takeNewer] {
            let name = rule == .keepHeld ? "dedup" : "dedup takeNewer"
            Benchmark("P5 RefreshSources \(name) Int \(pages) pages", configuration: configuration) { benchmark in
                benchmark.startMeasurement()
                let sources = load(overlapping, identity: RefreshItemIdentity(\.self, duplicates: rule))
                benchmark.stopMeasurement()
                blackHole(sources[0].items.count)
            }
        }
        let distinct = (0..<pages).map { Array(($0 * itemsPerPage)..<(($0 + 1) * itemsPerPage)) }
        Benchmark("P5 RefreshSources cap 10 Int \(pages) pages", configuration: configuration) { benchmark in
            benchmark.startMeasurement()
            let sources = load(distinct, maxPages: 10)
            benchmark.stopMeasurement()
            blackHole(sources[0].items.count)
        }
    }
}

/// Pages of 20 ids in which each page starts with the last 5 ids of the page before.
private func overlappingPages(count: Int) -> [[Int]] {
    let fresh = itemsPerPage - 5
    return (0..<count).map { Array(($0 * fresh)..<($0 * fresh + itemsPerPage)) }
}

/// Loads the pages through `begin` and `succeed`, as an adopter's state machine does.
private func load(
    _ pages: [[Int]],
    identity: RefreshItemIdentity<Int>? = nil,
    maxPages: Int? = nil
) -> RefreshSources<Int> {
    var sources = RefreshSources<Int>(
        [RefreshState(noMoreTitle: "end")],
        policy: RefreshPolicy(pageSize: itemsPerPage, maxPages: maxPages),
        identity: identity
    )
    for (index, page) in pages.enumerated() {
        guard case .started(let request, _) = sources.begin(index == 0 ? .refresh : .loadMore, source: 0) else {
            fatalError("load \(index) did not start")
        }
        _ = sources.succeed(request, with: RefreshPage(items: page, hasMore: true))
    }
    return sources
}
