import Refreshable
import RefreshableTesting
import Testing

/// Counts the requests an instant loader answered.
@MainActor
private final class RequestLog {
    private(set) var requests: [RefreshRequest] = []

    func record(_ request: RefreshRequest) {
        requests.append(request)
    }

    func count(_ kind: RefreshRequest.Kind) -> Int {
        requests.filter { $0.kind == kind }.count
    }
}

/// The main-actor turns the outside fuzz ran the loop for.
private let turns = 2_000

/// Runs the main actor for `turns` turns under a screen tall enough to show every row: each row
/// the model holds comes on screen (its `onAppear`) once, as it does in a SwiftUI list.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
private func runWithEveryRowOnScreen(_ model: RefreshListModel<String>, turns: Int = turns) async {
    var shown = Set<Int>()
    for _ in 0..<turns {
        for row in model.items.indices where shown.insert(row).inserted {
            model.itemDidAppear(at: row)
        }
        await Task.yield()
    }
}

/// A list whose loads stop moving it stops loading in that direction with a typed failure, and
/// loads again when the user asks (rule S14, "Progress").
@Suite("Progress")
struct ProgressTests {
    private let keepsHeld = RefreshItemIdentity<String>(\.self)

    // MARK: The loop the outside fuzz found

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test func aListModelStopsLoadingWhenTheServerRepeatsHeldRowsWithHasMore() async {
        let log = RequestLog()
        let model = RefreshListModel<String>(
            noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 3), identity: keepsHeld
        ) { request in
            log.record(request)
            return RefreshPage(items: ["a", "b", "c"], hasMore: true)
        }
        model.setUp()
        await runWithEveryRowOnScreen(model)
        #expect(log.count(.refresh) == 1)
        #expect(log.count(.loadMore) == 3, "RefreshPolicy.maxLoadsWithoutProgress, 3 by default")
        #expect(model.failure?.reason == .noProgress)
        #expect(model.failure?.request.kind == .loadMore)
        #expect(model.items == ["a", "b", "c"])
        #expect(model.noMoreText == nil, "the list has not ended: the user may ask again")

        // A user's load asks once more, and stops at once while the server still repeats itself.
        model.loadMore()
        await runWithEveryRowOnScreen(model)
        #expect(log.count(.loadMore) == 4)
        #expect(model.failure?.reason == .noProgress)
        #expect(!model.isLoadingMore)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test func aListModelStopsLoadingWhenTheServerCyclesItsCursors() async {
        let log = RequestLog()
        // a → b → a: the first page leads to "a", "a" to "b", and "b" back to "a".
        let pages: [String?: RefreshPage<String>] = [
            nil: RefreshPage(items: ["1", "2", "3"], nextCursor: "a"),
            "a": RefreshPage(items: ["4", "5", "6"], nextCursor: "b"),
            "b": RefreshPage(items: ["7", "8", "9"], nextCursor: "a"),
        ]
        let model = RefreshListModel<String>(
            noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 3, paging: .cursors), identity: keepsHeld
        ) { request in
            log.record(request)
            return pages[request.cursor] ?? RefreshPage(items: [])
        }
        model.setUp()
        await runWithEveryRowOnScreen(model)
        #expect(model.items == ["1", "2", "3", "4", "5", "6", "7", "8", "9"])
        // "a" and "b" moved the list; "a", "b" and "a" again did not, and the third is refused.
        let asked = log.requests.filter { $0.kind == .loadMore }.map(\.cursor)
        #expect(asked.count == 5)
        #expect(asked.prefix(6) == ["a", "b", "a", "b", "a"])
        #expect(model.failure?.reason == .noProgress)
        #expect(model.refreshStatus[0].nextCursor == "a", "the refused answer committed nothing")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test func aListModelStopsLoadingNewerPagesWhenTheServerCyclesItsPreviousCursors() async {
        let log = RequestLog()
        // Newer items above the feed, each page new to the list, but the cursors go newer-1 →
        // newer-2 → newer-1: the server leads the list round in a circle.
        let model = RefreshListModel<String>(
            noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 3, paging: .cursors)
        ) { request in
            log.record(request)
            switch request.kind {
            case .refresh:
                return RefreshPage(items: ["a", "b", "c"], nextCursor: "older", previousCursor: "newer-1")
            case .loadPrevious:
                let next = request.cursor == "newer-1" ? "newer-2" : "newer-1"
                return RefreshPage(items: ["new-\(request.generation)"], previousCursor: next)
            case .loadMore:
                return RefreshPage(items: [])
            }
        }
        model.setUp()
        // The top of the list is on screen: each row a page puts above the others comes on it.
        var top: String?
        for _ in 0..<turns {
            if let first = model.items.first, first != top {
                top = first
                model.itemDidAppear(at: 0)
            }
            await Task.yield()
        }
        let asked = log.requests.filter { $0.kind == .loadPrevious }.map(\.cursor)
        #expect(asked.count == 5)
        #expect(asked.prefix(6) == ["newer-1", "newer-2", "newer-1", "newer-2", "newer-1"])
        #expect(model.failure?.reason == .noProgress)
        #expect(model.failure?.request.kind == .loadPrevious)
        #expect(model.previousPageState == .failed(message: "Loading stopped: the last pages brought nothing new."))
    }
}

/// The state machine's side of rule S14: what a load that does not move the list counts, when the
/// count refuses an answer, and what starts it again.
@Suite("Progress in the state machine")
struct ProgressTransitionTests {
    private let keepsHeld = RefreshItemIdentity<String>(\.self)

    /// A list with an identity whose first page holds a, b and c, and says more follows.
    private func loaded(_ policy: RefreshPolicy = RefreshPolicy(pageSize: 3)) throws -> RefreshSources<String> {
        var sources = RefreshSources<String>(noMoreTitles: ["The end"], policy: policy, identity: keepsHeld)
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(first, with: RefreshPage(items: ["a", "b", "c"], hasMore: true, nextCursor: "c1"))
        return sources
    }

    /// Loads more and answers with `items`; returns the settlement.
    private func loadMore(
        _ sources: inout RefreshSources<String>,
        _ items: [String],
        hasMore: Bool? = true,
        nextCursor: String? = nil
    ) throws -> RefreshSettlement {
        let request = try started(sources.begin(.loadMore, source: 0))
        return sources.succeed(request, with: RefreshPage(items: items, hasMore: hasMore, nextCursor: nextCursor))
    }

    private func isNoProgress(_ settlement: RefreshSettlement) -> Bool {
        guard case .failed(let failure) = settlement else { return false }
        return failure.reason == .noProgress
    }

    @Test func theThirdLoadMoreInARowThatBringsNothingNewIsRefusedAndCommitsNothing() throws {
        var sources = try loaded()
        #expect(sources.policy.maxLoadsWithoutProgress == 3)
        #expect(applied(try loadMore(&sources, ["a", "b"]))?.change == .appended(3..<3))
        #expect(applied(try loadMore(&sources, ["c"]))?.change == .appended(3..<3))
        #expect(sources[0].page == 3)
        let before = sources[0]
        let refused = try loadMore(&sources, ["b", "c", "a"])
        #expect(isNoProgress(refused))
        #expect(sources[0].items == before.items)
        #expect(sources[0].page == 3, "nothing is committed: the next load-more asks for the same page again")
        #expect(!sources[0].noMoreData)
        #expect(sources[0].loadMoreFailure?.reason == .noProgress)
        #expect(sources[0].failure?.reason == .noProgress)
        #expect(
            RefreshAppearance(state: sources[0]).footer
                == .failed(message: "Loading stopped: the last pages brought nothing new."))

        // Asked again, a page that still brings nothing new is refused at once.
        let again = try started(sources.begin(.loadMore, source: 0))
        #expect(again.page == 4)
        #expect(isNoProgress(sources.succeed(again, with: RefreshPage(items: ["a"], hasMore: true))))
        // One new row moves the list and starts the count again: two more go before a refusal.
        #expect(applied(try loadMore(&sources, ["c", "d"]))?.change == .appended(3..<4))
        #expect(sources[0].failure == nil)
        #expect(applied(try loadMore(&sources, ["d"])) != nil)
        #expect(applied(try loadMore(&sources, ["a"])) != nil)
        #expect(isNoProgress(try loadMore(&sources, ["d"])))
    }

    @Test func itemsRemovedLocallyAreNothingNew() throws {
        var sources = try loaded(RefreshPolicy(pageSize: 3, maxLoadsWithoutProgress: 1))
        _ = sources.removeItem(id: "x", source: 0)
        #expect(isNoProgress(try loadMore(&sources, ["x", "a"])))
    }

    @Test func aCursorFollowedAgainCountsEvenWhenItsPageBringsNewRows() throws {
        // Without an identity every row is new: only the cursors tell the circle a → b → a.
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 3, paging: .cursors))
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(first, with: RefreshPage(items: ["1"], nextCursor: "a"))
        var asked: [String?] = []
        var settlements: [RefreshSettlement] = []
        for round in 0..<6 {
            let request = try started(sources.begin(.loadMore, source: 0))
            asked.append(request.cursor)
            let next = request.cursor == "a" ? "b" : "a"
            settlements.append(sources.succeed(request, with: RefreshPage(items: ["r\(round)"], nextCursor: next)))
        }
        #expect(asked == ["a", "b", "a", "b", "a", "a"])
        #expect(settlements.map(isNoProgress) == [false, false, false, false, true, true])
        #expect(sources[0].items == ["1", "r0", "r1", "r2", "r3"])
    }

    @Test func aPageThatEndsTheListIsAppliedWhateverTheCount() throws {
        for ending in [
            RefreshPage<String>(items: ["a"], hasMore: false),
            // The server has sent 3 + 1 + 1 + 3 items: all of them.
            RefreshPage(items: ["a", "b", "c"], totalCount: 8),
            RefreshPage(items: []),
        ] {
            var sources = try loaded()
            _ = try loadMore(&sources, ["a"])
            _ = try loadMore(&sources, ["b"])
            let request = try started(sources.begin(.loadMore, source: 0))
            let update = applied(sources.succeed(request, with: ending))
            #expect(update?.noMoreData == true, "\(ending)")
            #expect(sources[0].failure == nil)
        }
        // One more item on the server: the list goes on, and the third load of nothing new is refused.
        var sources = try loaded()
        _ = try loadMore(&sources, ["a"])
        _ = try loadMore(&sources, ["b"])
        let request = try started(sources.begin(.loadMore, source: 0))
        #expect(isNoProgress(sources.succeed(request, with: RefreshPage(items: ["a", "b", "c"], totalCount: 9))))
    }

    @Test func aFailedLoadNeitherCountsNorStartsTheCountAgain() throws {
        var sources = try loaded()
        _ = try loadMore(&sources, ["a"])
        let failing = try started(sources.begin(.loadMore, source: 0))
        _ = sources.fail(failing, error: ServerError(code: 500))
        _ = try loadMore(&sources, ["b"])
        #expect(isNoProgress(try loadMore(&sources, ["c"])))
    }

    @Test func aSuccessfulRefreshStartsTheCountAndTheCursorsAfresh() throws {
        var sources = try loaded(RefreshPolicy(pageSize: 3, paging: .cursors, maxLoadsWithoutProgress: 2))
        // c1 → c2 → c1: new rows, but the second time round the cursors were followed already.
        _ = try loadMore(&sources, ["d"], nextCursor: "c2")
        _ = try loadMore(&sources, ["e"], nextCursor: "c1")
        #expect(applied(try loadMore(&sources, ["f"], nextCursor: "c2")) != nil)
        #expect(isNoProgress(try loadMore(&sources, ["g"], nextCursor: "c1")))
        let failedRefresh = try started(sources.begin(.refresh, source: 0))
        _ = sources.fail(failedRefresh, error: ServerError(code: 500))
        #expect(isNoProgress(try loadMore(&sources, ["g"], nextCursor: "c1")), "a failed refresh starts nothing again")

        let refresh = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(refresh, with: RefreshPage(items: ["a", "b", "c"], nextCursor: "c1"))
        #expect(applied(try loadMore(&sources, ["d"], nextCursor: "c2")) != nil, "c1 is followed for the first time")
        #expect(applied(try loadMore(&sources, ["a"], nextCursor: "c3")) != nil, "one load in a row brought nothing")
        #expect(isNoProgress(try loadMore(&sources, ["b"], nextCursor: "c4")))
    }

    @Test func aSourceStatePutInAgainStartsItsCountAfresh() throws {
        var sources = try loaded(RefreshPolicy(pageSize: 3, maxLoadsWithoutProgress: 2))
        _ = try loadMore(&sources, ["a"])
        // A saved state put back, as an app does after a logout: a new list as far as loads go.
        let saved = sources[0]
        sources[0] = saved
        #expect(applied(try loadMore(&sources, ["b"])) != nil)
        #expect(isNoProgress(try loadMore(&sources, ["c"])))
        // A source added later starts with a count of its own.
        sources.append(RefreshState(noMoreTitle: "Other"))
        let other = try started(sources.begin(.refresh, source: 1))
        _ = sources.succeed(other, with: RefreshPage(items: ["x"], hasMore: true))
        let more = try started(sources.begin(.loadMore, source: 1))
        #expect(applied(sources.succeed(more, with: RefreshPage(items: ["x"], hasMore: true))) != nil)
    }

    @Test func eachDirectionCountsItsOwnLoads() throws {
        var sources = RefreshSources<String>(
            noMoreTitles: [""], policy: RefreshPolicy(pageSize: 3, paging: .cursors, maxLoadsWithoutProgress: 2),
            identity: keepsHeld)
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(
            first, with: RefreshPage(items: ["a", "b", "c"], nextCursor: "older-1", previousCursor: "newer-1"))
        func loadPrevious(_ items: [String], previous: String) throws -> RefreshSettlement {
            let request = try started(sources.begin(.loadPrevious, source: 0))
            return sources.succeed(request, with: RefreshPage(items: items, previousCursor: previous))
        }
        #expect(applied(try loadPrevious(["a"], previous: "newer-2")) != nil)
        #expect(applied(try loadMore(&sources, ["c"], nextCursor: "older-2")) != nil)
        #expect(isNoProgress(try loadPrevious(["b"], previous: "newer-3")))
        #expect(sources[0].loadPreviousFailure?.reason == .noProgress)
        #expect(sources[0].loadMoreFailure == nil)
        #expect(sources[0].previousCursor == "newer-2")
        #expect(isNoProgress(try loadMore(&sources, ["b"], nextCursor: "older-3")))
        #expect(sources[0].nextCursor == "older-2")
    }

    @Test func aServerThatRepeatsTheOnlyPageACapHoldsStillStops() throws {
        // The cap drops the held page to make room, and the page brings its rows back: they are
        // shown again, but the list did not move.
        var sources = try loaded(RefreshPolicy(pageSize: 3, maxPages: 1))
        #expect(applied(try loadMore(&sources, ["a", "b", "c"])) != nil)
        #expect(applied(try loadMore(&sources, ["a", "b", "c"])) != nil)
        #expect(isNoProgress(try loadMore(&sources, ["a", "b", "c"])))
        #expect(sources[0].items == ["a", "b", "c"])
    }

    @Test func aCursorTowardAnEndTheCapDroppedIsFollowedAgainFreely() throws {
        // Scrolling back drops the last page; scrolling down again follows its cursor once more.
        var sources = RefreshSources<String>(
            noMoreTitles: [""],
            policy: RefreshPolicy(pageSize: 3, paging: .cursors, maxPages: 2, maxLoadsWithoutProgress: 1))
        func load(_ kind: RefreshRequest.Kind, _ item: String, next: String?, previous: String?) throws
            -> RefreshRequest
        {
            let request = try started(sources.begin(kind, source: 0))
            let page = RefreshPage(items: [item], nextCursor: next, previousCursor: previous)
            _ = applied(sources.succeed(request, with: page))
            return request
        }
        _ = try load(.refresh, "1", next: "to-2", previous: nil)
        _ = try load(.loadMore, "2", next: "to-3", previous: "to-1")
        _ = try load(.loadMore, "3", next: "to-4", previous: "to-2")
        #expect(sources[0].items == ["2", "3"])
        _ = try load(.loadPrevious, "1", next: "to-2", previous: nil)
        #expect(sources[0].items == ["1", "2"])
        let down = try load(.loadMore, "3", next: "to-4", previous: "to-2")
        #expect(down.cursor == "to-3")
        #expect(sources[0].items == ["2", "3"])
    }

    @Test func aLimitBelowOneStopsWithAMessageNamingTheFix() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var policy = RefreshPolicy()
            policy.maxLoadsWithoutProgress = 0
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("RefreshPolicy.maxLoadsWithoutProgress is 0; pass how many loads in a row"))
    }
}

/// A feed whose table asks for more each time its last row comes on screen again: after every
/// reload, as a `tableView(_:willDisplay:forRowAt:)` that calls `loadMore()` does. Its loader
/// answers at once, with whatever `answer` says.
@MainActor
private final class AutoLoadingFeed: AsyncRefreshable {
    let refreshStatus: RefreshRuntime<String>
    var currentIndex = 0
    let footer = TestFooterControl(timing: .mjRefreshAutoFooter)
    let list = TestListView()
    private(set) var requests: [RefreshRequest] = []
    private let answer: (RefreshRequest) -> RefreshPage<String>

    init(policy: RefreshPolicy, answer: @escaping (RefreshRequest) -> RefreshPage<String>) {
        refreshStatus = RefreshRuntime(noMoreTitles: ["The end"], policy: policy, identity: RefreshItemIdentity(\.self))
        self.answer = answer
        footer.action = { [weak self] in self?.footerRefreshingAction() }
    }

    var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
    var refreshFooterControl: (any RefreshFooterControl)? { footer }
    var refreshListView: (any RefreshListView)? { list }

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<String> {
        requests.append(request)
        return answer(request)
    }

    func refreshDidUpdate(_ update: RefreshUpdate) {
        reloadListIfCurrent(update)
        Task { @MainActor [weak self] in self?.loadMore() }
    }

    func loads(_ kind: RefreshRequest.Kind) -> Int {
        requests.filter { $0.kind == kind }.count
    }

    /// Takes turns of the footer's main queue: its callbacks, the loads and the reloads run.
    func run(turns: Int = 2_000) async {
        await footer.mainQueue.turns(turns)
    }
}

/// Rule S14 for a ``Refreshable`` adopter: what a server that never moves the list costs per
/// action of the user's.
@MainActor
@Suite("Progress for a Refreshable adopter")
struct ProgressAdopterTests {
    @Test func aFeedThatAsksForMoreAfterEveryReloadStopsAndEachUserActionCostsOneRequest() async {
        let feed = AutoLoadingFeed(policy: RefreshPolicy(pageSize: 3)) { _ in
            RefreshPage(items: ["a", "b", "c"], hasMore: true)
        }
        feed.setupRefreshHeader()
        await feed.run()
        #expect(feed.loads(.refresh) == 1)
        #expect(feed.loads(.loadMore) == 3)
        #expect(feed.footer.state == .failed(message: "Loading stopped: the last pages brought nothing new."))
        #expect(feed.list.messages.map(\.reason) == [.noProgress])

        // The user pulls the footer: one request, refused at once.
        feed.footer.pull()
        await feed.run()
        #expect(feed.loads(.loadMore) == 4)
        #expect(feed.footer.state == .failed(message: "Loading stopped: the last pages brought nothing new."))
        // The network comes back: one request again.
        #expect(feed.refreshStatus.retryNow())
        await feed.run()
        #expect(feed.loads(.loadMore) == 5)
        // A refresh starts the count again: the refresh and three more.
        feed.refresh()
        await feed.run()
        #expect(feed.loads(.refresh) == 2)
        #expect(feed.loads(.loadMore) == 8)
        #expect(feed.refreshStatus[0].items == ["a", "b", "c"])
    }

    @Test func aFeedWhoseServerMovesAgainLoadsOnByItself() async {
        var moving = false
        let feed = AutoLoadingFeed(policy: RefreshPolicy(pageSize: 3)) { request in
            guard moving, request.kind == .loadMore else { return RefreshPage(items: ["a"], hasMore: true) }
            return RefreshPage(items: ["p\(request.page)"], hasMore: request.page < 8)
        }
        feed.setupRefreshHeader()
        await feed.run()
        #expect(feed.loads(.loadMore) == 3)
        moving = true
        feed.footer.pull()
        await feed.run()
        #expect(feed.refreshStatus[0].items == ["a", "p4", "p5", "p6", "p7", "p8"])
        #expect(feed.footer.state == .noMoreData(title: "The end"))
    }
}
