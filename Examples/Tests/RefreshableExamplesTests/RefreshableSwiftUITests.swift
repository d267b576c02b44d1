import Observation
import Refreshable
import SwiftUI
import Synchronization
import Testing

@testable import RefreshableExamples
@testable import RefreshableSwiftUI

// The RefreshableSwiftUI product against the SwiftUI stand-in, which renders nothing: the binding of
// the source on screen, and which failure `RefreshList` shows beside the items.

@MainActor
@Suite struct RefreshableSwiftUITests {
    typealias Loader = @MainActor (RefreshRequest) async throws -> RefreshPage<Order>

    /// A two-tab model over `loader`, with an identity.
    private func model(_ loader: @escaping Loader) -> RefreshListModel<Order> {
        RefreshListModel(noMoreTitles: ["No more orders", "No more unpaid orders"], identity: .id(), loader: loader)
    }

    /// The example server's pages, failing from page `failingFrom` on.
    private func orders(pageSize: Int = 5, failingFrom: Int = .max) -> Loader {
        { request in
            if request.page >= failingFrom {
                throw OrdersAPIError(description: "offline")
            }
            let response = try await OrdersAPI(pageSize: pageSize).orders(tab: request.source, page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }
    }

    @Test func theSelectedSourceSwitchesTabsAndLoadsTheNewOne() async {
        let model = model(orders())
        model.setUp()
        let selection = model.selectedSource
        #expect(await selection.read() == 0)
        await selection.write(1)
        #expect(model.currentIndex == 1)
        #expect(await selection.read() == 1)
        #expect(await settle { model.items.first?.id == "1-1" })
    }

    @Test func selectingTheSourceOnScreenChangesNothing() async {
        let model = model(orders())
        model.setUp()
        #expect(await settle { model.items.count == 5 })
        let changed = Flag()
        withObservationTracking {
            _ = model.items
        } onChange: {
            changed.raise()
        }
        await model.selectedSource.write(0)
        #expect(!changed.isRaised)
        await model.selectedSource.write(1)
        #expect(changed.isRaised)
    }

    @Test func aFailedLoadMoreIsShownBelowTheItemsUntilALoadSucceeds() async {
        let model = model(orders(failingFrom: 2))
        model.setUp()
        #expect(await settle { model.items.count == 5 })
        #expect(model.failureOverItems(of: .loadMore) == nil)
        model.loadMore()
        #expect(await settle { model.failure != nil })
        #expect(model.failureOverItems(of: .loadMore)?.message == "offline")
        #expect(model.failureOverItems(of: .refresh) == nil)

        await model.refresh()
        #expect(model.failureOverItems(of: .loadMore) == nil)
    }

    @Test func aFailedRefreshOverItemsIsShownAndAFailedFirstLoadIsNot() async {
        let server = FailingSwitch()
        let model = model { request in
            if server.isFailing {
                throw OrdersAPIError(description: "offline")
            }
            let response = try await OrdersAPI(pageSize: 5).orders(tab: request.source, page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }
        model.setUp()
        #expect(await settle { model.items.count == 5 })
        server.isFailing = true
        await model.refresh()
        #expect(model.failureOverItems(of: .refresh)?.message == "offline")

        // The second tab's first load fails: the placeholder shows it, not the list.
        model.switchSource(to: 1)
        #expect(await settle { model.placeholder != nil })
        #expect(model.failureOverItems(of: .refresh) == nil)
    }

    /// A chat's feed, paged by cursor: older messages below (load-more), newer ones above (the
    /// previous page). Cursors `after-<n>` and `before-<n>` move one page down or up from page `n`;
    /// a cursor in `failing` fails.
    private func feed(failing: Set<String>) -> Loader {
        { request in
            let cursor = request.cursor ?? "after-0"
            if failing.contains(cursor) {
                throw OrdersAPIError(description: "offline")
            }
            let step = cursor.hasPrefix("before-") ? -1 : 1
            let page = (Int(cursor.split(separator: "-").last ?? "") ?? 0) + (request.isRefresh ? 1 : step)
            return RefreshPage(
                items: (0..<5).map { Order(id: "\(page)-\($0)", title: "message \($0) of page \(page)") },
                nextCursor: "after-\(page)", previousCursor: "before-\(page)")
        }
    }

    private func cursorModel(failing: Set<String>) -> RefreshListModel<Order> {
        RefreshListModel(
            noMoreTitles: ["No older messages"], policy: RefreshPolicy(pageSize: 5, paging: .cursors), identity: .id(),
            loader: feed(failing: failing))
    }

    @Test func aFailedLoadMoreStaysBelowTheItemsWithItsRetryAfterTheLoadOfThePreviousPageSucceeds() async {
        let model = cursorModel(failing: ["after-1"])
        model.setUp()
        #expect(await settle { model.items.count == 5 })
        model.loadMore()
        #expect(await settle { model.loadMoreFailure != nil })
        model.loadPrevious()
        #expect(await settle { model.items.count == 10 })
        #expect(model.failureOverItems(of: .loadMore)?.message == "offline")
        #expect(model.failureOverItems(of: .loadPrevious) == nil)
    }

    @Test func aFailedLoadOfThePreviousPageStaysAboveTheItemsAfterALoadMoreSucceeds() async {
        let model = cursorModel(failing: ["before-1"])
        model.setUp()
        #expect(await settle { model.items.count == 5 })
        model.loadPrevious()
        #expect(await settle { model.loadPreviousFailure != nil })
        model.loadMore()
        #expect(await settle { model.items.count == 10 })
        #expect(model.failureOverItems(of: .loadPrevious)?.message == "offline")
        #expect(model.failureOverItems(of: .loadMore) == nil)
        #expect(model.failureOverItems(of: .refresh) == nil)
    }

    @Test func aFailedLoadMoreStaysBelowTheItemsAfterTheLoadOfThePreviousPageFailsToo() async {
        let model = cursorModel(failing: ["after-1", "before-1"])
        model.setUp()
        #expect(await settle { model.items.count == 5 })
        model.loadMore()
        #expect(await settle { model.loadMoreFailure != nil })
        model.loadPrevious()
        #expect(await settle { model.loadPreviousFailure != nil })
        #expect(model.failureOverItems(of: .loadMore)?.request.kind == .loadMore)
        #expect(model.failureOverItems(of: .loadPrevious)?.request.kind == .loadPrevious)
    }

    @Test func aCancelledLoadShowsNothing() async {
        let model = model(orders())
        model.setUp()
        #expect(await settle { model.items.count == 5 })
        model.loadMore()
        model.cancelLoading()
        #expect(model.failure == nil)
        #expect(model.failureOverItems(of: .loadMore) == nil)
    }
}

/// A flag raised from any thread, such as Observation's change handler.
private final class Flag: Sendable {
    private let raised = Mutex(false)

    var isRaised: Bool { raised.withLock { $0 } }

    func raise() {
        raised.withLock { $0 = true }
    }
}

/// Whether a test's server fails, switched by the test.
@MainActor
private final class FailingSwitch {
    var isFailing = false
}
