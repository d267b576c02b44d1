import Refreshable
import RefreshableTesting
import Testing

/// A feed paged by cursor, as a chat is: a failed load at one end stays on show while the other
/// end loads, and one call asks again for both.
@MainActor
@Suite("SwiftUI list model: each end's failure")
struct ListModelDirectionFailureTests {
    private let loader = TestPageLoader<String> { "\($0)" }
    private let model: RefreshListModel<String>

    init() {
        let loader = self.loader
        model = RefreshListModel(noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 3, paging: .cursors)) {
            try await loader.load($0)
        }
    }

    /// Shows a first page with cursors both ways, then starts a load-more and a load of the
    /// previous page, both pending.
    private func loadedWithBothEndsLoading() async throws -> (loadMore: TestLoad, loadPrevious: TestLoad) {
        model.setUp()
        await loader.settle()
        let refresh = try #require(loader.pending.last)
        let page = loader.makePage(for: refresh, itemCount: 3, nextCursor: "after", previousCursor: "before").page
        loader.answer(refresh, with: page)
        await loader.settle()
        model.loadMore()
        model.loadPrevious()
        await loader.settle()
        let loadMore = try #require(loader.pending.first { $0.kind == .loadMore })
        let loadPrevious = try #require(loader.pending.first { $0.kind == .loadPrevious })
        return (loadMore, loadPrevious)
    }

    @Test func aFailedLoadMoreStaysShownAfterTheLoadOfThePreviousPageSucceeds() async throws {
        let (loadMore, loadPrevious) = try await loadedWithBothEndsLoading()
        loader.fail(loadMore, with: TestLoadError("offline"))
        await loader.settle()
        #expect(model.loadMoreFailure?.request.kind == .loadMore)
        let page = loader.makePage(for: loadPrevious, itemCount: 3, previousCursor: "earlier").page
        loader.answer(loadPrevious, with: page)
        await loader.settle()
        #expect(model.failure == nil, "the source's last failure ends with its next success")
        #expect(model.loadMoreFailure?.request.kind == .loadMore, "the failed load-more was forgotten")
        #expect(model.loadPreviousFailure == nil)
    }

    @Test func aFailedLoadOfThePreviousPageStaysShownAfterALoadMoreSucceedsAndRetryNowAsksBothAgain() async throws {
        let (loadMore, loadPrevious) = try await loadedWithBothEndsLoading()
        loader.fail(loadPrevious, with: TestLoadError("offline"))
        await loader.settle()
        loader.answer(loadMore, with: loader.makePage(for: loadMore, itemCount: 3, nextCursor: "later").page)
        await loader.settle()
        #expect(model.loadPreviousFailure?.request.kind == .loadPrevious, "the failed load at the start was forgotten")
        #expect(model.loadMoreFailure == nil)
        // Both ends fail, then one call asks again for both.
        model.loadMore()
        await loader.settle()
        loader.fail(try #require(loader.pending.last), with: TestLoadError("offline"))
        await loader.settle()
        let asked = loader.loads.count
        #expect(model.retryNow())
        await loader.settle()
        let again = loader.loads.dropFirst(asked).map(\.kind)
        #expect(Set(again) == [.loadMore, .loadPrevious])
        #expect(model.isLoadingMore && model.isLoadingPrevious)
    }
}
