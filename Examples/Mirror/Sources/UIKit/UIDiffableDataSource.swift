// Stand-in for Apple's UIKit, for compiling the examples on Linux: NOT UIKit.
//
// Signatures follow Apple's documentation pages, as the SDK imports them into Swift:
//   https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot-swift.struct
//     ("@preconcurrency struct NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
//     where SectionIdentifierType : Hashable, SectionIdentifierType : Sendable, ItemIdentifierType :
//     Hashable, ItemIdentifierType : Sendable"; init(), numberOfItems, numberOfSections,
//     sectionIdentifiers, itemIdentifiers, itemIdentifiers(inSection:), appendSections(_:),
//     appendItems(_:toSection:), reloadItems(_:), reconfigureItems(_:) (iOS 15),
//     reloadedItemIdentifiers and reconfiguredItemIdentifiers (iOS 15))
//   https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir
//     ("@MainActor @preconcurrency class UITableViewDiffableDataSource<SectionIdentifierType,
//     ItemIdentifierType>", same constraints; init(tableView:cellProvider:), CellProvider,
//     apply(_:animatingDifferences:completion:), applySnapshotUsingReloadData(_:completion:) (iOS 15),
//     snapshot())
//   https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa (the
//     same for collection views: init(collectionView:cellProvider:))
// Like UIKit, a snapshot stops on an item identifier given twice ("Supplied identifiers are not
// unique") and on reloading or reconfiguring an identifier it does not hold, and a diffable data
// source makes itself its view's data source. Deviations: the NSObject superclass is left out;
// `apply` keeps the snapshot as given (UIKit forgets the reload marks once applied) and records each
// call in `appliedSnapshots`, the stand-in's own record, with how it was applied.

public import Foundation

/// A representation of the state of the data in a view at a specific point in time (UIKit's
/// `NSDiffableDataSourceSnapshot`). `@preconcurrency`, as in the SDK: a generic signature that
/// names a snapshot of its own parameters gets no `Sendable` requirement inferred from it.
@preconcurrency
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
where
    SectionIdentifierType: Hashable, SectionIdentifierType: Sendable, ItemIdentifierType: Hashable,
    ItemIdentifierType: Sendable
{
    private var sections: [(id: SectionIdentifierType, items: [ItemIdentifierType])] = []
    private var allItems: Set<ItemIdentifierType> = []
    private var reloaded: [ItemIdentifierType] = []
    private var reconfigured: [ItemIdentifierType] = []

    /// Creates an empty snapshot.
    public init() {}

    /// The number of items in the snapshot.
    public var numberOfItems: Int { allItems.count }

    /// The number of sections in the snapshot.
    public var numberOfSections: Int { sections.count }

    /// The identifiers of all of the sections in the snapshot.
    public var sectionIdentifiers: [SectionIdentifierType] { sections.map(\.id) }

    /// The identifiers of all of the items in the snapshot.
    public var itemIdentifiers: [ItemIdentifierType] { sections.flatMap(\.items) }

    /// The identifiers of the items you reloaded in the snapshot.
    public var reloadedItemIdentifiers: [ItemIdentifierType] { reloaded }

    /// The identifiers of the items you reconfigured in the snapshot.
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { reconfigured }

    /// Returns the identifiers of the items in a specific section of the snapshot.
    /// - Parameter identifier: The section.
    /// - Returns: Its items.
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        sections.first { $0.id == identifier }?.items ?? []
    }

    /// Adds the sections with the specified identifiers to the snapshot.
    /// - Parameter identifiers: The sections.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers {
            precondition(!sections.contains { $0.id == identifier }, "Supplied identifiers are not unique.")
            sections.append((identifier, []))
        }
    }

    /// Adds the items with the specified identifiers to the specified section of the snapshot.
    /// - Parameters:
    ///   - identifiers: The items.
    ///   - sectionIdentifier: The section, or `nil` for the last section.
    public mutating func appendItems(
        _ identifiers: [ItemIdentifierType],
        toSection sectionIdentifier: SectionIdentifierType? = nil
    ) {
        let index =
            sectionIdentifier.flatMap { identifier in sections.firstIndex { $0.id == identifier } }
            ?? sections.indices.last
        guard let index else {
            preconditionFailure("There are currently no sections in the data source. Please add a section first.")
        }
        for identifier in identifiers {
            precondition(allItems.insert(identifier).inserted, "Supplied identifiers are not unique.")
        }
        sections[index].items += identifiers
    }

    /// Reloads the data within the specified items in the snapshot.
    /// - Parameter identifiers: The items.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        precondition(identifiers.allSatisfy(allItems.contains), "Invalid item identifier specified for reload.")
        reloaded += identifiers
    }

    /// Updates the data for the items you specify in the snapshot, preserving the existing cells
    /// for the items.
    /// - Parameter identifiers: The items.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        precondition(identifiers.allSatisfy(allItems.contains), "Invalid item identifier specified for reconfigure.")
        reconfigured += identifiers
    }
}

/// The object you use to manage data and provide cells for a table view (UIKit's
/// `UITableViewDiffableDataSource`).
@MainActor
@preconcurrency
open class UITableViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>: UITableViewDataSource
where
    SectionIdentifierType: Hashable, SectionIdentifierType: Sendable, ItemIdentifierType: Hashable,
    ItemIdentifierType: Sendable
{
    /// A closure that configures and returns a cell for a table view from its diffable data source.
    public typealias CellProvider = (
        _ tableView: UITableView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
    ) -> UITableViewCell?

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// Each applied snapshot and how it was applied (the stand-in's own record).
    public private(set) var appliedSnapshots:
        [(snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, how: SnapshotApplication)]

    /// Creates a diffable data source with the specified cell provider, and connects it to the
    /// specified table view.
    /// - Parameters:
    ///   - tableView: The table view; the data source becomes its `dataSource`.
    ///   - cellProvider: Configures each cell.
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        appliedSnapshots = []
        tableView.dataSource = self
    }

    /// Updates the UI to reflect the state of the data in the snapshot, optionally animating the
    /// UI changes and executing a completion handler.
    /// - Parameters:
    ///   - snapshot: The new state.
    ///   - animatingDifferences: Whether to animate the changes.
    ///   - completion: Called when the changes are applied.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true,
        completion: (() -> Void)? = nil
    ) {
        current = snapshot
        appliedSnapshots.append((snapshot, animatingDifferences ? .animatingDifferences : .withoutAnimation))
        tableView?.reloadData()
        completion?()
    }

    /// Resets the UI to reflect the state of the data in the snapshot without computing a diff or
    /// animating the changes.
    /// - Parameters:
    ///   - snapshot: The new state.
    ///   - completion: Called when the changes are applied.
    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        completion: (() -> Void)? = nil
    ) {
        current = snapshot
        appliedSnapshots.append((snapshot, .usingReloadData))
        tableView?.reloadData()
        completion?()
    }

    /// Returns a representation of the current state of the data in the table view.
    /// - Returns: The snapshot last applied.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        current
    }

    /// The number of items in the section.
    /// - Parameters:
    ///   - tableView: The table view.
    ///   - section: The section.
    /// - Returns: The count.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        let sections = current.sectionIdentifiers
        return sections.indices.contains(section) ? current.itemIdentifiers(inSection: sections[section]).count : 0
    }

    /// The cell of the cell provider.
    /// - Parameters:
    ///   - tableView: The table view.
    ///   - indexPath: The row.
    /// - Returns: The cell.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let item = current.itemIdentifiers(inSection: current.sectionIdentifiers[indexPath.section])[indexPath.row]
        guard let cell = cellProvider(tableView, indexPath, item) else {
            preconditionFailure("The cell provider returned nil.")
        }
        return cell
    }
}

/// The object you use to manage data and provide cells for a collection view (UIKit's
/// `UICollectionViewDiffableDataSource`).
@MainActor
@preconcurrency
open class UICollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>: UICollectionViewDataSource
where
    SectionIdentifierType: Hashable, SectionIdentifierType: Sendable, ItemIdentifierType: Hashable,
    ItemIdentifierType: Sendable
{
    /// A closure that configures and returns a cell for a collection view from its diffable data
    /// source.
    public typealias CellProvider = (
        _ collectionView: UICollectionView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
    ) -> UICollectionViewCell?

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// Each applied snapshot and how it was applied (the stand-in's own record).
    public private(set) var appliedSnapshots:
        [(snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, how: SnapshotApplication)]

    /// Creates a diffable data source with the specified cell provider, and connects it to the
    /// specified collection view.
    /// - Parameters:
    ///   - collectionView: The collection view; the data source becomes its `dataSource`.
    ///   - cellProvider: Configures each cell.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        appliedSnapshots = []
        collectionView.dataSource = self
    }

    /// Updates the UI to reflect the state of the data in the snapshot, optionally animating the
    /// UI changes and executing a completion handler.
    /// - Parameters:
    ///   - snapshot: The new state.
    ///   - animatingDifferences: Whether to animate the changes.
    ///   - completion: Called when the changes are applied.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true,
        completion: (() -> Void)? = nil
    ) {
        current = snapshot
        appliedSnapshots.append((snapshot, animatingDifferences ? .animatingDifferences : .withoutAnimation))
        collectionView?.reloadData()
        completion?()
    }

    /// Resets the UI to reflect the state of the data in the snapshot without computing a diff or
    /// animating the changes.
    /// - Parameters:
    ///   - snapshot: The new state.
    ///   - completion: Called when the changes are applied.
    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        completion: (() -> Void)? = nil
    ) {
        current = snapshot
        appliedSnapshots.append((snapshot, .usingReloadData))
        collectionView?.reloadData()
        completion?()
    }

    /// Returns a representation of the current state of the data in the collection view.
    /// - Returns: The snapshot last applied.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        current
    }

    /// The number of items in the section.
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - section: The section.
    /// - Returns: The count.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        let sections = current.sectionIdentifiers
        return sections.indices.contains(section) ? current.itemIdentifiers(inSection: sections[section]).count : 0
    }

    /// The cell of the cell provider.
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - indexPath: The item.
    /// - Returns: The cell.
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        let item = current.itemIdentifiers(inSection: current.sectionIdentifiers[indexPath.section])[indexPath.item]
        guard let cell = cellProvider(collectionView, indexPath, item) else {
            preconditionFailure("The cell provider returned nil.")
        }
        return cell
    }
}

/// How a diffable data source applied a snapshot (the stand-in's own record, not UIKit API).
public enum SnapshotApplication: Sendable, Equatable {
    /// `apply(_:animatingDifferences: true)`.
    case animatingDifferences
    /// `apply(_:animatingDifferences: false)`.
    case withoutAnimation
    /// `applySnapshotUsingReloadData(_:)`.
    case usingReloadData
}
