import Refreshable
import RefreshableTesting
import Testing

/// A SwiftUI screen that goes away is freed, whatever its list model was waiting for: the task
/// `.refreshable` awaits `refresh()` in is cancelled with the view, and nothing else holds it.
@MainActor
@Suite("A list model that goes away", .timeLimit(.minutes(1)))
struct ListModelLifetimeTests {
    /// The report: a screen dismissed while its pull waited for a retry stayed alive and
    /// kept asking the server.
    @Test func aScreenDismissedWhileItsPullWaitsForARetryIsFreedAndStopsAsking() async {
        let loader = TestPageLoader<String>()
        let clock = TestClock()
        var model: RefreshListModel<String>? = makeListModel(loader)
        model?.refreshStatus.retry = RefreshRetry(
            maxRetries: 3, initialDelay: .seconds(1), maxDelay: .seconds(30), clock: clock)
        await model?.loadFirstPage(from: loader)
        weak let dismissed = model
        // `.refreshable`'s task, which SwiftUI cancels when the view goes away.
        let pull = Task { [model] in await model?.refresh() }
        #expect(await loader.waitForLoads(count: 2))
        loader.fail(loader.pending[0])
        await clock.waitForSleepers(1)

        model = nil
        pull.cancel()
        for _ in 0..<100 where dismissed != nil {
            await Task.yield()
        }
        #expect(dismissed == nil, "the awaited refresh() kept the dismissed screen's model alive")

        clock.advance(by: .seconds(60))
        await loader.settle()
        #expect(loader.loads.count == 2, "the dismissed screen asked the server again")
    }

    @Test func aCancelledPullReturnsAndItsLoadStillLands() async {
        let loader = TestPageLoader<String>()
        let model = makeListModel(loader)
        await model.loadFirstPage(from: loader)
        let pull = Pull(model)
        #expect(await loader.waitForLoads(count: 2))
        pull.task.cancel()
        #expect(await pull.returns(), "the cancelled pull did not return")
        #expect(model.isRefreshing, "cancelling the awaiting task cancelled the load")
        loader.answer(loader.pending[0], itemCount: 2, hasMore: false)
        await loader.settle()
        #expect(!model.isRefreshing)
        #expect(model.noMoreText == "The end")
    }
}

/// A pull's `.refreshable` task, and whether its `refresh()` returned.
@MainActor
final class Pull {
    private(set) var task: Task<Void, Never>!
    private var returned = false

    init(_ model: RefreshListModel<String>) {
        task = Task { [weak self] in
            await model.refresh()
            self?.returned = true
        }
    }

    /// Whether `refresh()` returns within a bounded number of turns of the main actor.
    func returns() async -> Bool {
        for _ in 0..<1_000 where !returned {
            await Task.yield()
        }
        return returned
    }
}
