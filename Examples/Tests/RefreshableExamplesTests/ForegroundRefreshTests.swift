import Foundation
import Refreshable
import RefreshableSwiftUI
import RefreshableTesting
import RefreshableUIKit
import SwiftUI
import Testing
import UIKit

@testable import RefreshableExamples

/// "Refresh if older than N" on return to the foreground, in one line: the UIKit glue's
/// notifications and the SwiftUI glue's scene phase.
@MainActor
@Suite struct ForegroundRefreshTests {
    func enterForeground() {
        NotificationCenter.default.post(name: UIScene.willEnterForegroundNotification, object: nil)
    }

    @Test func aReturnToTheForegroundRefreshesTheListOnlyOnceItIsStale() async {
        let clock = TestClock()
        let list = OrdersList(api: OrdersAPI(pageSize: 10))
        list.refreshStatus.setClock(clock)
        list.refreshIfStaleOnForeground(olderThan: .seconds(5 * 60))
        await list.loadFirstPage()

        clock.advance(by: .seconds(4 * 60))
        enterForeground()
        #expect(!(await settle { list.refreshStatus[0].isRefreshing }))

        clock.advance(by: .seconds(2 * 60))
        enterForeground()
        #expect(await settle { list.refreshStatus[0].isRefreshing })
        #expect(await settle { list.refreshStatus.age(of: 0) == .zero && !list.refreshStatus[0].isLoading })

        // An app without scenes gets the app's notification.
        clock.advance(by: .seconds(6 * 60))
        NotificationCenter.default.post(name: UIApplication.willEnterForegroundNotification, object: nil)
        #expect(await settle { list.refreshStatus[0].isRefreshing })
        #expect(await settle { !list.refreshStatus[0].isLoading })
    }

    @Test func theObserversHoldTheListWeakly() async {
        weak var gone: OrdersList?
        do {
            let list = OrdersList(api: OrdersAPI(pageSize: 10))
            list.refreshIfStaleOnForeground(olderThan: .seconds(60))
            gone = list
        }
        #expect(gone == nil)
        enterForeground()  // finds the list gone and removes the observers
        enterForeground()
    }

    @Test func aModelRefreshesWhenTheSceneComesBackFromTheBackgroundAndIsStale() async {
        let clock = TestClock()
        let model = RefreshListModel<Order>(noMoreTitles: ["No more orders"], identity: .id()) { request in
            let response = try await OrdersAPI(pageSize: 10).orders(page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }
        model.refreshStatus.setClock(clock)
        model.setUp()
        #expect(await settle { model.items.count == 10 && !model.isRefreshing })

        clock.advance(by: .seconds(10 * 60))
        // Inactive and back: the scene never left the foreground.
        #expect(!model.scenePhaseDidChange(from: .active, to: .inactive, olderThan: .seconds(5 * 60)))
        #expect(!model.scenePhaseDidChange(from: .inactive, to: .active, olderThan: .seconds(5 * 60)))
        #expect(!model.isRefreshing)
        // Back from the background: stale, so it refreshes.
        #expect(model.scenePhaseDidChange(from: .background, to: .inactive, olderThan: .seconds(5 * 60)))
        #expect(model.isRefreshing)
        #expect(await settle { !model.isRefreshing })
        // Back again at once: fresh, so nothing.
        #expect(!model.scenePhaseDidChange(from: .background, to: .active, olderThan: .seconds(5 * 60)))
    }
}
