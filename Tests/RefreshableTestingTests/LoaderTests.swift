import Refreshable
import RefreshableTesting
import Testing

@MainActor
@Suite struct LoaderTests {
    private func request(_ source: Int, _ page: Int, _ kind: RefreshRequest.Kind, _ generation: UInt64)
        -> RefreshRequest
    {
        RefreshRequest(source: source, page: page, kind: kind, generation: generation)
    }

    @Test func seedStyleLoadsStayPendingUntilResolvedInAnyOrder() {
        let loader = TestPageLoader()
        var results: [String] = []
        for (index, kind) in [RefreshRequest.Kind.refresh, .loadMore, .loadMore].enumerated() {
            loader.start(request(index, index + 1, kind, UInt64(index + 1))) { result in
                switch result {
                case .success(let page):
                    results.append("\(index): \(page.items.count) items")
                case .failure(let error):
                    results.append("\(index): \(error)")
                }
            }
        }
        #expect(loader.pending.map(\.source) == [0, 1, 2])
        #expect(loader.loads.map(\.kind) == [.refresh, .loadMore, .loadMore])
        let (first, second, third) = (loader.loads[0], loader.loads[1], loader.loads[2])
        let items = loader.answer(third, itemCount: 2, hasMore: false)
        #expect(loader.fail(first, with: TestLoadError("offline")))
        #expect(results == ["2: 2 items", "0: offline"])
        #expect(
            items == [
                TestItem(source: 2, page: 3, index: 0, response: 1),
                TestItem(source: 2, page: 3, index: 1, response: 1),
            ])
        #expect(loader.pending == [second], "the second load hangs until the test resolves it")
        #expect(!loader.answer(first, with: RefreshPage(items: [])), "a load resolves once")
        #expect(loader.outcomes[first.id] == .failed("offline"))
        #expect(loader.outcomes[second.id] == .pending)
        #expect(loader.outcomes[third.id] == .answered(itemCount: 2))
    }

    @Test func startReportingToAnAdopterAppliesAnswersAndFailures() throws {
        let rig = ConformanceRig()
        let adopter = TestAdopter(rig: rig)
        adopter.setupRefreshHeader()
        let first = try #require(rig.loader.pending.first)
        let item = TestItem(source: 0, page: 1, index: 0, response: 0)
        #expect(rig.loader.answer(first, with: RefreshPage(items: [item], hasMore: true)))
        #expect(adopter.refreshStatus[0].items == [item])
        adopter.loadMore()
        let more = try #require(rig.loader.pending.first)
        #expect(rig.loader.fail(more, with: TestLoadError("offline")))
        #expect(adopter.refreshStatus[0].failure?.request.kind == .loadMore)
        #expect(adopter.refreshStatus[0].items == [item])
    }

    @Test func anAnswerWithANextCursorEndsNothingAndLeadsTheNextLoadByThatCursorToTheNextPage() async throws {
        let loader = TestPageLoader()
        async let first = loader.load(cursor: nil)
        #expect(await loader.waitForLoads(count: 1))
        loader.answer(loader.loads[0], itemCount: 2, nextCursor: "c2")
        let page = try await first
        #expect(page.nextCursor == "c2")
        async let second = loader.load(cursor: "c2")
        #expect(await loader.waitForLoads(count: 2))
        #expect(loader.loads[1].page == 2 && loader.loads[1].kind == .loadMore)
        loader.answer(loader.loads[1], itemCount: 1, previousCursor: "c1")
        #expect(try await second.previousCursor == "c1")
    }

    @Test func waitingForTheLoadAnActionMadeFindsOneRecordedDuringTheAction() async {
        let rig = ConformanceRig()
        let adopter = TestAdopter(rig: rig)
        rig.loader.maximumWaitYields = 5
        // The callback-style adopter records its load inside setupRefreshHeader(): counting the
        // loads after the action would wait for a second one.
        let load = await rig.loader.waitForLoad { adopter.setupRefreshHeader() }
        #expect(load != nil && load == rig.loader.loads.first)
        #expect(load?.kind == .refresh)
        #expect(await rig.loader.waitForLoad {} == nil, "no load: nil after the cap")
    }

    @Test func waitingForMoreLoadsCountsFromBeforeTheActionNotFromTheLoadersStart() async throws {
        let loader = TestPageLoader()
        loader.maximumWaitYields = 50
        loader.start(source: 0, page: 1) { _ in }  // the first appearance's load, answered long ago
        // An action whose two loads reach the loader from other tasks, a few turns later.
        let loads = try #require(
            await loader.waitForLoads(more: 2) {
                for page in [2, 3] {
                    Task { @MainActor in
                        await Task.yield()
                        loader.start(source: 0, page: page) { _ in }
                    }
                }
            })
        #expect(loads.map(\.page).sorted() == [2, 3])
        #expect(loader.loads.count == 3)
        // No load: nil after the cap.
        #expect(await loader.waitForLoads(more: 1) {} == nil)
        #expect(try #require(await loader.waitForLoads(more: 0) {}).isEmpty)
    }

    @Test func loadsWithoutARequestInferTheirKindFromTheFirstPage() {
        let loader = TestPageLoader(firstPage: 0)
        loader.start(source: 1, page: 0) { _ in }
        loader.start(source: 1, page: 1) { _ in }
        #expect(loader.loads.map(\.kind) == [.refresh, .loadMore])
        #expect(loader.loads.map(\.request) == [nil, nil])
        #expect(loader.loads[1].description == "#1 loadMore(source: 1, page: 1)")
        loader.abandonPending()
        #expect(loader.pending.isEmpty)
        #expect(loader.outcomes.values.allSatisfy { $0 == .cancelled })
    }

    @Test func anAsyncLoadEndsWithCancellationErrorWhenItsTaskIsCancelled() async {
        let loader = TestPageLoader()
        let task = Task { try await loader.load(request(0, 1, .refresh, 1)) }
        await loader.settle()
        #expect(loader.pending.count == 1)
        task.cancel()
        await loader.settle()
        #expect(loader.pending.isEmpty)
        #expect(loader.outcomes[0] == .cancelled)
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func anAsyncLoadOfAServerIgnoringCancellationWaitsForTheTest() async throws {
        let loader = TestPageLoader(cancellationBehavior: .ignoresCancellation)
        let task = Task { try await loader.load(request(0, 1, .refresh, 1)) }
        await loader.settle()
        task.cancel()
        await loader.settle()
        let load = try #require(loader.pending.first)
        let items = loader.answer(load, itemCount: 3)
        let page = try await task.value
        #expect(page.items == items)
    }

    @Test func pagesCarryTheSignalsAskedForAndNewItemsEachTime() {
        let loader = TestPageLoader()
        loader.start(request(0, 2, .loadMore, 1)) { _ in }
        let load = loader.loads[0]
        let first = loader.makePage(for: load, itemCount: 2, pageCount: 5, totalCount: 9)
        let second = loader.makePage(for: load, itemCount: 2)
        #expect(first.page.curPage == 2 && first.page.pageCount == 5 && first.page.totalCount == 9)
        #expect(first.page.hasMore == nil && second.page.curPage == nil)
        #expect(Set(first.items).isDisjoint(with: second.items))
        loader.abandonPending()
    }
}
