#if canImport(UIKit) && !os(watchOS)
    public import Refreshable
    public import UIKit

    extension UITableViewDiffableDataSource {
        /// Shows `list`'s current items in `section`, animating what `update` changed: call it from
        /// the list's `refreshDidUpdate(_:)`, in place of the default reload.
        ///
        /// ```swift
        /// func refreshDidUpdate(_ update: RefreshUpdate) {
        ///     rows.applyRefreshUpdate(update, of: self, section: 0)
        /// }
        /// ```
        ///
        /// Loads and edits are animated, items whose content changed are reconfigured (see
        /// `refreshSnapshot(section:reconfiguring:)`), and a switch of source or a replaced state
        /// reloads the rows without animation (the same id in two tabs may show other content). An
        /// update of another source changes nothing on screen. The cell provider reads the item of
        /// a row with `currentItems[indexPath.row]`.
        /// - Parameters:
        ///   - update: What changed.
        ///   - list: The list whose items the data source shows; it needs an identity.
        ///   - section: The section that holds the items.
        public func applyRefreshUpdate<List: Refreshable>(
            _ update: RefreshUpdate,
            of list: List,
            section: SectionIdentifierType
        ) where List.Item: Identifiable, List.Item.ID == ItemIdentifierType {
            update.draw(list, section: section) { snapshot, animated in
                if !animated, #available(iOS 15, tvOS 15, *) {
                    applySnapshotUsingReloadData(snapshot)
                } else {
                    apply(snapshot, animatingDifferences: animated)
                }
            }
        }
    }

    extension UICollectionViewDiffableDataSource {
        /// Shows `list`'s current items in `section`, animating what `update` changed: call it from
        /// the list's `refreshDidUpdate(_:)`, in place of the default reload. See
        /// `UITableViewDiffableDataSource.applyRefreshUpdate(_:of:section:)`; the cell
        /// provider reads the item of a cell with `currentItems[indexPath.item]`.
        /// - Parameters:
        ///   - update: What changed.
        ///   - list: The list whose items the data source shows; it needs an identity.
        ///   - section: The section that holds the items.
        public func applyRefreshUpdate<List: Refreshable>(
            _ update: RefreshUpdate,
            of list: List,
            section: SectionIdentifierType
        ) where List.Item: Identifiable, List.Item.ID == ItemIdentifierType {
            update.draw(list, section: section) { snapshot, animated in
                if !animated, #available(iOS 15, tvOS 15, *) {
                    applySnapshotUsingReloadData(snapshot)
                } else {
                    apply(snapshot, animatingDifferences: animated)
                }
            }
        }
    }

    extension RefreshUpdate {
        /// Hands `apply` the snapshot of `list`'s current items, animated unless the list shows
        /// other items altogether (a switch of source or a replaced state); an update of another
        /// source draws nothing.
        @MainActor
        fileprivate func draw<List: Refreshable, Section: Hashable & Sendable>(
            _ list: List,
            section: Section,
            apply: (NSDiffableDataSourceSnapshot<Section, List.Item.ID>, _ animated: Bool) -> Void
        ) where List.Item: Identifiable, List.Item.ID: Sendable {
            guard source == list.currentIndex else { return }
            let animated = change != .switchedSource && change != .reset
            apply(list.refreshSnapshot(section: section, reconfiguring: self), animated)
        }
    }
#endif
