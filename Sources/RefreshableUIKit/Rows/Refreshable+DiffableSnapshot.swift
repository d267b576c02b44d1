#if canImport(UIKit) && !os(watchOS)
    public import Refreshable
    public import UIKit

    extension Refreshable where Item: Identifiable, Item.ID: Sendable {
        /// The current source's items as a diffable data source snapshot of one section, by id, with
        /// the items whose content `update` may have changed marked to be reconfigured (reloaded
        /// before iOS 15 and tvOS 15).
        ///
        /// `UITableViewDiffableDataSource.applyRefreshUpdate(_:of:section:)` applies it; build
        /// it yourself to add sections of your own. The list needs an identity
        /// (`identity: .id()`), which keeps each item once: a diffable data source stops on an id
        /// given twice. Without one this stops with a message saying so. Should the identity read
        /// another key than `id`, an item repeated under its `id` is shown once.
        /// - Parameters:
        ///   - section: The section that holds the items.
        ///   - update: The change to show, or `nil` to mark nothing. An update of another source
        ///     marks nothing: the snapshot is always the current source's.
        /// - Returns: The snapshot.
        public func refreshSnapshot<Section: Hashable & Sendable>(
            section: Section,
            reconfiguring update: RefreshUpdate? = nil
        ) -> NSDiffableDataSourceSnapshot<Section, Item.ID> {
            guard refreshStatus.identity != nil else {
                fatalError(
                    "refreshSnapshot(section:reconfiguring:) needs a list with an identity, which keeps each item once (a diffable data source stops on an id given twice): create the runtime with identity: .id()."
                )
            }
            let items = currentItems
            var seen = Set<Item.ID>(minimumCapacity: items.count)
            var ids: [Item.ID] = []
            ids.reserveCapacity(items.count)
            for item in items where seen.insert(item.id).inserted {
                ids.append(item.id)
            }
            var snapshot = NSDiffableDataSourceSnapshot<Section, Item.ID>()
            snapshot.appendSections([section])
            snapshot.appendItems(ids, toSection: section)
            guard let update, update.source == currentIndex else { return snapshot }
            let changed = Self.positionsWithNewContent(update, count: items.count)
            var marked = Set<Item.ID>()
            let reconfigured = changed.map { items[$0].id }.filter { marked.insert($0).inserted }
            if !reconfigured.isEmpty {
                if #available(iOS 15, tvOS 15, *) {
                    snapshot.reconfigureItems(reconfigured)
                } else {
                    snapshot.reloadItems(reconfigured)
                }
            }
            return snapshot
        }

        /// The positions, in the list after `update`, of the items that were held before it and may
        /// show other content now: edited in place, replaced by a newer copy, kept through a
        /// refresh or a switch, or pending items the server's copies confirmed (the same id, moved
        /// to the server's row). Other items the update brought are not among them: they are new
        /// rows.
        private static func positionsWithNewContent(_ update: RefreshUpdate, count: Int) -> [Int] {
            var positions = update.replacedInPlace.flatMap { $0 } + update.confirmedCopies
            switch update.change {
            case .edited(let range):
                positions += range
            case .replaced:
                // A refresh keeps the items its difference does not insert; without a difference every
                // item may be new, and none is marked.
                guard let difference = update.difference else { break }
                let inserted = Set(difference.insertions.map(\.offset))
                positions += (0..<count).filter { !inserted.contains($0) }
            case .appended, .prepended, .switchedSource, .reset, .removed, .inserted:
                break
            }
            return positions.filter { $0 >= 0 && $0 < count }
        }
    }
#endif
