#if canImport(UIKit) && !os(watchOS)
    public import Refreshable
    public import UIKit

    extension UITableView {
        /// Animates what `update` changed in `list`'s rows, in one `performBatchUpdates(_:completion:)`,
        /// for a table whose data source reads the rows from the list (`currentItems.count` rows in
        /// `section`, the item of a row at `currentItems[indexPath.row]`): call it from the list's
        /// `refreshDidUpdate(_:)`, in place of the default reload.
        ///
        /// ```swift
        /// func refreshDidUpdate(_ update: RefreshUpdate) {
        ///     tableView.applyRefreshUpdate(update, of: self)
        /// }
        /// ```
        ///
        /// Appended and prepended pages are inserted, the rows the page cap dropped and the pending
        /// items the answer confirmed deleted, and the rows a newer copy replaced in place reloaded;
        /// an edit reloads, a removal deletes and an insertion inserts its rows. A refresh of a list
        /// with an identity deletes and inserts its difference and reloads the rows it kept, which
        /// may show newer copies; without an identity, a refresh reloads the table. So do a switch of
        /// source and a replaced state, and a table whose row count is not the one the update started
        /// from (rows the table never loaded, or an update not shown): the batch would not add up.
        /// An update of another source changes nothing on screen.
        /// - Parameters:
        ///   - update: What changed.
        ///   - list: The list whose current items the data source shows.
        ///   - section: The section that holds the items.
        ///   - animation: How the rows come and go.
        public func applyRefreshUpdate(
            _ update: RefreshUpdate,
            of list: some Refreshable,
            section: Int = 0,
            with animation: UITableView.RowAnimation = .automatic
        ) {
            guard update.source == list.currentIndex else { return }
            let count = list.refreshStatus[list.currentIndex].items.count
            guard let batch = RowBatch(update, count: count), batch.countBefore == numberOfRows(inSection: section)
            else { return reloadData() }
            performBatchUpdates {
                self.deleteRows(at: batch.deleted.indexPaths(section), with: animation)
                self.reloadRows(at: batch.reloaded.indexPaths(section), with: animation)
                self.insertRows(at: batch.inserted.indexPaths(section), with: animation)
            }
        }
    }

    extension UICollectionView {
        /// Animates what `update` changed in `list`'s items, in one `performBatchUpdates(_:completion:)`,
        /// for a collection view whose data source reads the items from the list
        /// (`currentItems.count` items in `section`, the item of a cell at
        /// `currentItems[indexPath.item]`): call it from the list's `refreshDidUpdate(_:)`, in place
        /// of the default reload. See `UITableView.applyRefreshUpdate(_:of:section:with:)` for what
        /// each update does.
        /// - Parameters:
        ///   - update: What changed.
        ///   - list: The list whose current items the data source shows.
        ///   - section: The section that holds the items.
        public func applyRefreshUpdate(_ update: RefreshUpdate, of list: some Refreshable, section: Int = 0) {
            guard update.source == list.currentIndex else { return }
            let count = list.refreshStatus[list.currentIndex].items.count
            guard let batch = RowBatch(update, count: count), batch.countBefore == numberOfItems(inSection: section)
            else { return reloadData() }
            performBatchUpdates {
                self.deleteItems(at: batch.deleted.indexPaths(section))
                self.reloadItems(at: batch.reloaded.indexPaths(section))
                self.insertItems(at: batch.inserted.indexPaths(section))
            }
        }
    }

    extension [Int] {
        /// The rows as index paths of `section`.
        fileprivate func indexPaths(_ section: Int) -> [IndexPath] {
            map { IndexPath(row: $0, section: section) }
        }
    }
#endif
