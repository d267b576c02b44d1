import Refreshable
import RefreshableUIKit
import Testing
import UIKit

@testable import RefreshableExamples

/// A collection view cell that shows an order's title.
final class OrderCell: UICollectionViewCell {
    var title: String?
}

/// A data source that reads an orders list's current items, for a collection view.
@MainActor
final class OrdersCollectionDataSource: UICollectionViewDataSource {
    let list: OrdersList

    init(list: OrdersList) {
        self.list = list
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        list.currentItems.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    {
        let cell = OrderCell(frame: .zero)
        cell.title = list.currentItems[indexPath.item].title
        return cell
    }
}

/// `applyRefreshUpdate(_:of:)` on a plain collection view and on a table out of step with the list.
@MainActor
@Suite struct RefreshUpdateBatchTests {
    func titles(_ collection: UICollectionView) -> [String?] {
        (0..<collection.numberOfItems(inSection: 0)).map {
            (collection.cellForItem(at: IndexPath(item: $0, section: 0)) as? OrderCell)?.title
        }
    }

    @Test func aCollectionViewInsertsPagesAndDeletesRemovedItemsKeepingItsCells() async throws {
        let list = OrdersList(api: OrdersAPI(pageSize: 10))
        let collection = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        collection.onInconsistency = { Issue.record("UIKit would stop the app: \($0)") }
        let dataSource = OrdersCollectionDataSource(list: list)
        collection.dataSource = dataSource
        list.onUpdate = { collection.applyRefreshUpdate($0, of: list) }
        await list.loadFirstPage()
        #expect(titles(collection) == list.currentItems.map(\.title))
        let first = collection.cellForItem(at: IndexPath(item: 0, section: 0))

        list.loadMore()
        #expect(await settle { list.currentItems.count == 20 })
        #expect(titles(collection) == list.currentItems.map(\.title))
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0)) === first)

        list.removeItem(id: "0-1")
        #expect(titles(collection) == list.currentItems.map(\.title))
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0)) !== first)
    }

    @Test func aTableOutOfStepWithTheUpdateReloadsInsteadOfABatchThatWouldNotAddUp() async throws {
        let list = OrdersList(api: OrdersAPI(pageSize: 10))
        let dataSource = OrdersTableDataSource(list: list)
        list.tableView.dataSource = dataSource
        list.tableView.onInconsistency = { Issue.record("UIKit would stop the app: \($0)") }
        var shown = 0
        list.onUpdate = { update in
            // The first update is not shown: the table never loaded its rows.
            shown += 1
            if shown > 1 { list.tableView.applyRefreshUpdate(update, of: list) }
        }
        await list.loadFirstPage()
        list.loadMore()
        #expect(await settle { list.currentItems.count == 20 })
        #expect(list.tableView.numberOfRows(inSection: 0) == 20)
        let titles = (0..<20).map { list.tableView.cellForRow(at: IndexPath(row: $0, section: 0))?.textLabel?.text }
        #expect(titles == list.currentItems.map(\.title))
    }

    @Test func anUpdateOfAnotherSourceLeavesTheRowsAsTheyAre() async throws {
        let list = OrdersList(api: OrdersAPI(pageSize: 10), tabs: 2)
        let dataSource = OrdersTableDataSource(list: list)
        list.tableView.dataSource = dataSource
        list.tableView.onInconsistency = { Issue.record("UIKit would stop the app: \($0)") }
        list.onUpdate = { list.tableView.applyRefreshUpdate($0, of: list) }
        await list.loadFirstPage()
        list.switchSource(to: 1)
        #expect(await settle { list.refreshStatus[1].hasLoaded })
        list.switchSource(to: 0)
        let first = list.tableView.cellForRow(at: IndexPath(row: 0, section: 0))
        #expect(list.updateItem(Order(id: "1-1", title: "Not shown"), source: 1) != nil)
        #expect(list.removeItem(id: "1-2", source: 1) != nil)
        #expect(list.tableView.cellForRow(at: IndexPath(row: 0, section: 0)) === first)
        #expect(list.tableView.numberOfRows(inSection: 0) == 10)
    }
}

/// A data source that reads an orders list's current items, for a table.
@MainActor
final class OrdersTableDataSource: UITableViewDataSource {
    let list: OrdersList

    init(list: OrdersList) {
        self.list = list
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        list.currentItems.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = list.currentItems[indexPath.row].title
        return cell
    }
}

/// The stand-in table keeps rows as UIKit does, so that the tests above can trust what they read.
@MainActor
@Suite struct StandInBatchUpdateTests {
    @Test func aBatchThatDoesNotAddUpIsRefusedAsUIKitRefusesIt() async {
        let list = OrdersList(api: OrdersAPI(pageSize: 10))
        let dataSource = OrdersTableDataSource(list: list)
        list.tableView.dataSource = dataSource
        await list.loadFirstPage()
        list.tableView.reloadData()
        var refusals: [String] = []
        list.tableView.onInconsistency = { refusals.append($0) }
        // The data source still has 10 rows: inserting one is refused.
        list.tableView.performBatchUpdates {
            list.tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        }
        #expect(refusals.count == 1)
        #expect(refusals.first?.hasPrefix("Invalid update: invalid number of rows in section 0") == true)
        // Deleting a row past the end is refused too.
        list.tableView.deleteRows(at: [IndexPath(row: 10, section: 0)], with: .automatic)
        #expect(refusals.count == 2)
    }

    @Test func rowsABatchDoesNotTouchKeepTheirCellsAtTheirNewPlace() async {
        let list = OrdersList(api: OrdersAPI(pageSize: 10))
        let dataSource = OrdersTableDataSource(list: list)
        list.tableView.dataSource = dataSource
        list.tableView.onInconsistency = { Issue.record("refused: \($0)") }
        await list.loadFirstPage()
        list.tableView.reloadData()
        let table = list.tableView
        let cells = (0..<10).map { table.cellForRow(at: IndexPath(row: $0, section: 0)) }
        list.onUpdate = { _ in }
        list.removeItem(id: "0-2")
        list.removeItem(id: "0-3")
        table.performBatchUpdates {
            table.deleteRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)], with: .automatic)
            table.reloadRows(at: [IndexPath(row: 5, section: 0)], with: .automatic)
            table.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 7, section: 0))
        }
        let after = (0..<8).map { table.cellForRow(at: IndexPath(row: $0, section: 0)) }
        #expect(after[7] === cells[0])
        #expect(after[0] === cells[3] && after[1] === cells[4] && after[3] === cells[6])
        #expect(after[2] !== cells[5])
    }
}
