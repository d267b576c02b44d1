import Foundation
import Refreshable
import RefreshableTesting
import RefreshableUIKit
import Testing
import UIKit

@testable import RefreshableExamples

/// The forum home: its foreground refresh and its tab reselect, each one line of glue.
@MainActor
@Suite struct ForumHomeScreenTests {
    /// The screen with its first page shown, on a test clock.
    func loadedScreen(clock: TestClock = TestClock()) async -> ForumHomeViewController {
        let screen = ForumHomeViewController()
        screen.api = OrdersAPI(pageSize: 10)
        screen.refreshStatus.setClock(clock)
        screen.tableView.onInconsistency = { Issue.record("UIKit would stop the app: \($0)") }
        screen.loadViewIfNeeded()
        #expect(await settle { screen.currentItems.count == 10 && !screen.refreshStatus[0].isLoading })
        return screen
    }

    func tabs(_ screen: ForumHomeViewController) throws -> RefreshSegmentedControl {
        try #require(screen.navigationItem.titleView as? RefreshSegmentedControl)
    }

    @Test func tappingTheSelectedTabAgainScrollsToTheTopAndRefreshes() async throws {
        let screen = await loadedScreen()
        let tabs = try tabs(screen)
        screen.tableView.contentInset = UIEdgeInsets(top: 88, left: 0, bottom: 0, right: 0)
        screen.tableView.contentOffset = CGPoint(x: 0, y: 900)

        tabs.touchesEnded([UITouch()], with: UIEvent())  // a tap on "Latest", selected already
        #expect(screen.tableView.contentOffset == CGPoint(x: 0, y: -88))
        #expect(screen.refreshStatus[0].isRefreshing)
        #expect(screen.tableView.refreshControl?.isRefreshing == true)
        #expect(await settle { !screen.refreshStatus[0].isLoading })
        #expect(screen.tableView.refreshControl?.isRefreshing == false)
    }

    @Test func aTapOnAnotherTabSwitchesWithoutRefreshingTheOldOne() async throws {
        let screen = await loadedScreen()
        let tabs = try tabs(screen)
        screen.tableView.contentOffset = CGPoint(x: 0, y: 900)
        // UIKit: the touch selects the segment and sends .valueChanged before touchesEnded returns.
        tabs.selectedSegmentIndex = 1
        tabs.sendActions(for: .valueChanged)
        #expect(screen.currentIndex == 1)
        #expect(!screen.refreshStatus[0].isRefreshing)
        #expect(await settle { screen.currentItems.first?.id == "1-1" })
    }

    @Test func comingBackToTheForegroundRefreshesAStaleTabOnlyWhileTheScreenIsInAWindow() async throws {
        let clock = TestClock()
        let screen = await loadedScreen(clock: clock)
        clock.advance(by: .seconds(6 * 60))

        // Off screen (another screen pushed over it): nothing.
        NotificationCenter.default.post(name: UIScene.willEnterForegroundNotification, object: nil)
        #expect(!(await settle { screen.refreshStatus[0].isRefreshing }))

        // On screen: the stale tab refreshes.
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.addSubview(screen.view)
        NotificationCenter.default.post(name: UIScene.willEnterForegroundNotification, object: nil)
        #expect(await settle { screen.refreshStatus[0].isRefreshing })
        #expect(await settle { screen.refreshStatus.age(of: 0) == .zero && !screen.refreshStatus[0].isLoading })
        let rows = (0..<screen.tableView.numberOfRows(inSection: 0)).map {
            screen.tableView.cellForRow(at: IndexPath(row: $0, section: 0))?.textLabel?.text
        }
        #expect(rows == screen.currentItems.map(\.title))
    }
}
