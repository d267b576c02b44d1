import Refreshable
import RefreshableTesting
import Testing

/// A list model over `loader` whose end-of-list text is "The end", two rows a page by default.
@MainActor
func makeListModel(
    _ loader: TestPageLoader<String>, policy: RefreshPolicy = RefreshPolicy(pageSize: 2)
) -> RefreshListModel<String> {
    RefreshListModel<String>(noMoreTitles: ["The end"], policy: policy) { try await loader.load($0) }
}

extension RefreshListModel where Item == String {
    /// Appears, as the view's `.task` makes it, and answers the first page with `page` (two rows
    /// and more to come by default).
    func loadFirstPage(
        from loader: TestPageLoader<String>, page: RefreshPage<String>? = nil
    ) async {
        setUp()
        #expect(await loader.waitForLoads(count: loader.loads.count + 1))
        if let page {
            loader.answer(loader.pending[0], with: page)
        } else {
            loader.answer(loader.pending[0], itemCount: 2, hasMore: true)
        }
        await loader.settle()
    }

    /// Starts a load with `start` (`loadMore`, `loadPrevious`), fails it, and waits until the
    /// failure landed.
    func startAndFail(_ start: () -> Void, _ loader: TestPageLoader<String>) async {
        let count = loader.loads.count
        start()
        #expect(await loader.waitForLoads(count: count + 1))
        loader.fail(loader.pending[0])
        await loader.settle()
    }

    /// Starts a refresh, fails it, and waits until the failure landed.
    func refreshAndFail(_ loader: TestPageLoader<String>) async {
        let count = loader.loads.count
        async let refreshed: Void = refresh()
        #expect(await loader.waitForLoads(count: count + 1))
        loader.fail(loader.pending[0])
        await refreshed
        await loader.settle()
    }
}
