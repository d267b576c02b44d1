import Refreshable
import RefreshableTesting
import Testing

/// Offline, a list shorter than the screen asks for no more rows on its own: the load would only
/// fail at once with "You are offline" over the failure the screen shows (found by the fuzz soak).
@MainActor
@Suite struct OfflineFillTests {
    private func item(_ id: Int, _ version: Int) -> TestItem {
        TestItem(id: id, source: 0, page: 0, index: 0, response: version)
    }

    @Test func offlineARefusedPreviousPageKeepsItsFailureAndNoFillLoadReplacesIt() async throws {
        let rig = ConformanceRig(
            configuration: ConformanceConfiguration(
                sourceCount: 2,
                policy: RefreshPolicy(
                    pageSize: 3, curPageOffset: -1, paging: .cursors, conflictRule: .latestRefreshWins),
                footerTiming: .immediate, duplicates: .keepHeld))
        let loader = rig.loader
        let model = RefreshListModel(RefreshRuntime(rig.makeSources())) { try await loader.load($0) }
        model.refreshIfStale(olderThan: .zero)
        await loader.settle()
        loader.answer(
            try #require(loader.pending.first),
            with: RefreshPage(items: [item(1, 1)], curPage: 0, nextCursor: "", previousCursor: "c1"))
        await loader.settle()
        model.itemDidAppear(at: 0)
        await loader.settle()
        loader.answer(
            try #require(loader.pending.first),
            with: RefreshPage(items: [item(2, 2)], hasMore: true, nextCursor: "c2", previousCursor: "c3"))
        await loader.settle()
        model.setOnline(false)
        // The load of the page above the first row, asked before going offline, is refused.
        let previous = try #require(loader.pending.first { $0.request?.kind == .loadPrevious })
        loader.answer(
            previous,
            with: RefreshPage(
                items: [item(1, 3)], hasMore: true, curPage: -1, pageCount: 2, nextCursor: "c4", previousCursor: "c1"))
        await loader.settle()
        #expect(model.loadPreviousFailure != nil, "the refused page's failure shows")
        #expect(
            model.loadMoreFailure == nil, "no load-more started offline: \(String(describing: model.loadMoreFailure))")
        #expect(!model.isLoadingMore)
    }
}
