import Refreshable
import RefreshableUIKit
import Testing
import UIKit

@testable import RefreshableExamples

/// The favourites screen: a plain `UITableView` animated from updates. After each update the rows
/// are read back from the table, as UIKit keeps them across batch updates (the stand-in stops the
/// test where UIKit would stop the app), and compared to the items.
@MainActor
@Suite struct FavouritesTableScreenTests {
    /// The screen, loaded, its first page shown, failing the test on an update UIKit would refuse.
    func loadedScreen(favourites: Int = 45) async -> FavouritesTableViewController {
        let screen = FavouritesTableViewController(server: FavouritesServer(count: favourites))
        screen.tableView.onInconsistency = { Issue.record("UIKit would stop the app: \($0)") }
        screen.loadViewIfNeeded()
        #expect(await settle { screen.currentItems.count == 10 })
        return screen
    }

    /// The titles the table's rows show.
    func shownTitles(_ table: UITableView) -> [String?] {
        (0..<table.numberOfRows(inSection: 0)).map {
            table.cellForRow(at: IndexPath(row: $0, section: 0))?.textLabel?.text
        }
    }

    /// The cells the table shows now, to tell kept cells from new ones.
    func cells(_ table: UITableView) -> [UITableViewCell?] {
        (0..<table.numberOfRows(inSection: 0)).map { table.cellForRow(at: IndexPath(row: $0, section: 0)) }
    }

    /// Shows the last row, as scrolling does, and waits for the page it loads.
    func scrollToTheEnd(_ screen: FavouritesTableViewController, until count: @escaping @MainActor (Int) -> Bool) async
    {
        let last = IndexPath(row: screen.currentItems.count - 1, section: 0)
        let cell = screen.tableView.cellForRow(at: last) ?? UITableViewCell(style: .default, reuseIdentifier: nil)
        screen.tableView(screen.tableView, willDisplay: cell, forRowAt: last)
        #expect(await settle { count(screen.currentItems.count) && !screen.refreshStatus[0].isLoading })
    }

    @Test func aCappedLoadInsertsTheNewPageAndDeletesTheDroppedOneKeepingTheOtherRows() async {
        let screen = await loadedScreen()
        let table = screen.tableView
        #expect(shownTitles(table) == screen.currentItems.map(\.title))

        await scrollToTheEnd(screen) { $0 == 20 }
        await scrollToTheEnd(screen) { $0 == 30 }
        #expect(shownTitles(table) == screen.currentItems.map(\.title))
        let before = cells(table)

        // The fourth page: the cap of three drops the first.
        await scrollToTheEnd(screen) { _ in screen.currentItems.first?.id == 11 }
        #expect(screen.currentItems.map(\.id) == Array(11...40))
        #expect(shownTitles(table) == screen.currentItems.map(\.title))
        // The rows of pages two and three kept their cells: moved up, not reloaded.
        let after = cells(table)
        #expect(zip(after[0..<20], before[10..<30]).allSatisfy { $0 === $1 })

        // Scrolling back to the first row loads the dropped page above it, and the cap drops the
        // last page: rows inserted at the top, deleted at the bottom, in one batch.
        let first = IndexPath(row: 0, section: 0)
        let cell = table.cellForRow(at: first) ?? UITableViewCell(style: .default, reuseIdentifier: nil)
        screen.tableView(table, willDisplay: cell, forRowAt: first)
        #expect(await settle { screen.currentItems.first?.id == 1 && !screen.refreshStatus[0].isLoading })
        #expect(screen.currentItems.map(\.id) == Array(1...30))
        #expect(shownTitles(table) == screen.currentItems.map(\.title))
        let back = cells(table)
        #expect(zip(back[10..<30], after[0..<20]).allSatisfy { $0 === $1 })
    }

    @Test func aRefreshAnimatesItsDifferenceAndShowsTheNewerCopies() async throws {
        let screen = await loadedScreen()
        let table = screen.tableView
        await scrollToTheEnd(screen) { $0 == 20 }
        let reloadsBefore = table.reloadedRows

        // On the server: a new favourite first, one gone, one renamed.
        screen.server.favourites.removeAll { $0.id == 3 }
        screen.server.favourites[0].title = "Topic 1, renamed"
        screen.server.favourites.insert(Favourite(id: 100, title: "New topic"), at: 0)
        let control = try #require(table.refreshControl)
        control.beginRefreshing()
        control.sendActions(for: .valueChanged)
        #expect(await settle { !control.isRefreshing })

        #expect(screen.currentItems.map(\.id) == [100, 1, 2] + Array(4...10))
        #expect(shownTitles(table) == screen.currentItems.map(\.title))
        #expect(shownTitles(table)[1] == "Topic 1, renamed")
        // A batch: the nine rows kept are reloaded, not the whole table.
        #expect(table.reloadedRows - reloadsBefore == 9)
    }

    @Test func anEditReloadsItsRowAndARemovalDeletesItKeepingTheOthers() async {
        let screen = await loadedScreen()
        let table = screen.tableView
        let before = cells(table)

        screen.rename(screen.currentItems[4], to: "Renamed")
        #expect(shownTitles(table) == screen.currentItems.map(\.title))
        #expect(shownTitles(table)[4] == "Renamed")
        let renamed = cells(table)
        #expect((0..<10).filter { renamed[$0] !== before[$0] } == [4])

        screen.unfavourite(screen.currentItems[2])
        #expect(screen.currentItems.count == 9)
        #expect(shownTitles(table) == screen.currentItems.map(\.title))
        let after = cells(table)
        #expect(after[0] === renamed[0] && after[2] === renamed[3] && after[8] === renamed[9])
    }
}
