// instruction-counts: loads pages one way, for callgrind to count the instructions (see
// Scripts/instruction-counts.sh, which runs each mode with and without loading and prints the
// difference per page load). Instruction counts repeat run to run on a busy machine, where wall
// clock times do not.
//
// Usage: instruction-counts MODE PAGES
//   append    20 Int items a page appended to an array, the floor
//   sources   20 Int items a page through RefreshSources
//   dedup     20 Identifiable items a page through RefreshSources with an identity (.id())
//   adopter   20 Int items a page through a callback-style Refreshable adopter with a header and
//             a footer control, as a UIKit controller would run it
//   cap       20 Int items a page through RefreshSources holding at most 10 pages: from the 11th
//             page on each load-more drops the first page held
//   cap1000   the same with at most 1,000 pages held: what a page load costs must not grow with
//             the cap
//   refresh   a refresh of 20 Identifiable items (2 new, 18 held) on a list with an identity,
//             difference not read: "per page load" is per refresh (it does not grow with the rows
//             held, so the list holds 20)
import Refreshable

#if canImport(Glibc)
    import Glibc
#endif

struct Post: Identifiable, Sendable {
    let id: Int
    let title: Int
}

let itemsPerPage = 20

@inline(never)
func loadArray(pages: Int) -> Int {
    let page = Array(0..<itemsPerPage)
    var items: [Int] = []
    for _ in 0..<pages {
        items.append(contentsOf: page)
    }
    return items.count
}

@inline(never)
func loadSources(pages: Int) -> Int {
    let page = Array(0..<itemsPerPage)
    var sources: RefreshSources<Int> = [RefreshState(noMoreTitle: "end")]
    for index in 0..<pages {
        guard case .started(let request, _) = sources.begin(index == 0 ? .refresh : .loadMore, source: 0) else {
            fatalError("instruction-counts: load \(index) did not start")
        }
        _ = sources.succeed(request, with: RefreshPage(items: page, hasMore: true))
    }
    return sources[0].items.count
}

@inline(never)
func loadCapped(pages: Int, maxPages: Int) -> Int {
    let page = Array(0..<itemsPerPage)
    var sources = RefreshSources<Int>(
        noMoreTitles: ["end"], policy: RefreshPolicy(pageSize: itemsPerPage, maxPages: maxPages))
    for index in 0..<pages {
        guard case .started(let request, _) = sources.begin(index == 0 ? .refresh : .loadMore, source: 0) else {
            fatalError("instruction-counts: load \(index) did not start")
        }
        // A total beyond the pages loaded: each load-more counts what the server sent so far.
        _ = sources.succeed(request, with: RefreshPage(items: page, totalCount: pages * itemsPerPage + 1))
    }
    return sources[0].items.count
}

@inline(never)
func loadDeduplicated(pages: Int) -> Int {
    var sources = RefreshSources<Post>(noMoreTitles: ["end"], policy: RefreshPolicy(pageSize: 20), identity: .id())
    for index in 0..<pages {
        guard case .started(let request, _) = sources.begin(index == 0 ? .refresh : .loadMore, source: 0) else {
            fatalError("instruction-counts: load \(index) did not start")
        }
        let first = index * itemsPerPage
        let page = (first..<(first + itemsPerPage)).map { Post(id: $0, title: $0) }
        _ = sources.succeed(request, with: RefreshPage(items: page, hasMore: true))
    }
    return sources[0].items.count
}

@inline(never)
func refreshDeduplicated(times: Int) -> Int {
    var sources = RefreshSources<Post>(noMoreTitles: ["end"], policy: RefreshPolicy(pageSize: 20), identity: .id())
    let answer = [Post(id: -1, title: 0), Post(id: -2, title: 0)] + (0..<18).map { Post(id: $0, title: $0) }
    for index in 0...times {
        guard case .started(let request, _) = sources.begin(.refresh, source: 0) else {
            fatalError("instruction-counts: refresh \(index) did not start")
        }
        let page = index == 0 ? (0..<itemsPerPage).map { Post(id: $0, title: $0) } : answer
        _ = sources.succeed(request, with: RefreshPage(items: page, hasMore: true))
    }
    return sources[0].items.count
}

@MainActor
final class Header: RefreshHeaderControl {
    var isRefreshing = false
    func beginRefreshing() { isRefreshing = true }
    func endRefreshing() { isRefreshing = false }
}

@MainActor
final class Footer: RefreshFooterControl {
    var isRefreshing = false
    var isHidden = false
    func beginRefreshing() { isRefreshing = true }
    func endRefreshing() { isRefreshing = false }
    func endRefreshingWithNoMoreData() { isRefreshing = false }
    func resetNoMoreData() {}
}

/// A callback-style adopter: each request is answered at once, after `refreshData` returned.
@MainActor
final class Controller: Refreshable {
    let refreshStatus: RefreshRuntime<Int> = [RefreshState(noMoreTitle: "end")]
    let header = Header()
    let footer = Footer()
    var refreshHeaderControl: (any RefreshHeaderControl)? { header }
    var refreshFooterControl: (any RefreshFooterControl)? { footer }
    var refreshListView: (any RefreshListView)? { nil }
    var pending: RefreshRequest?

    func refreshData(isRefresh: Bool) {
        pending = refreshRequest
    }

    func refreshDidUpdate(_ update: RefreshUpdate) {}
}

@MainActor @inline(never)
func loadAdopter(pages: Int) -> Int {
    let page = Array(0..<itemsPerPage)
    let controller = Controller()
    for index in 0..<pages {
        if index == 0 {
            controller.refresh()
        } else {
            controller.loadMore()
        }
        guard let request = controller.pending else { fatalError("instruction-counts: load \(index) did not start") }
        controller.loadSuccess(RefreshPage(items: page, hasMore: true), for: request)
    }
    return controller.currentItems.count
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let pages = Int(arguments[2]), pages >= 0 else {
    print("usage: instruction-counts append|sources|dedup|adopter|cap|cap1000|refresh PAGES")
    exit(2)
}
let held: Int
var expected = pages * itemsPerPage
switch arguments[1] {
case "append": held = loadArray(pages: pages)
case "sources": held = loadSources(pages: pages)
case "dedup": held = loadDeduplicated(pages: pages)
case "adopter": held = MainActor.assumeIsolated { loadAdopter(pages: pages) }
case "refresh":
    held = refreshDeduplicated(times: pages)
    expected = itemsPerPage
case "cap", "cap1000":
    let maxPages = arguments[1] == "cap" ? 10 : 1_000
    held = loadCapped(pages: pages, maxPages: maxPages)
    expected = min(pages, maxPages) * itemsPerPage
default:
    print("unknown mode \(arguments[1]); use append, sources, dedup, adopter, cap, cap1000 or refresh")
    exit(2)
}
guard held == expected else {
    print("instruction-counts: held \(held) items, not \(expected)")
    exit(1)
}
