// Stand-in for Apple's UIKit, for compiling the examples on Linux: NOT UIKit.
//
// Signatures follow Apple's documentation pages, as the SDK imports them into Swift:
//   https://developer.apple.com/documentation/uikit/uiscrollview/refreshcontrol ("var refreshControl:
//     UIRefreshControl? { get set }"), contentOffset, setContentOffset(_:animated:),
//     contentInset, adjustedContentInset ("var adjustedContentInset: UIEdgeInsets { get }"),
//     https://developer.apple.com/documentation/uikit/uiedgeinsets
//   https://developer.apple.com/documentation/uikit/uitableview (init(frame:style:), dataSource,
//     delegate, backgroundView, reloadData(), numberOfRows(inSection:),
//     register(_:forCellReuseIdentifier:), dequeueReusableCell(withIdentifier:for:),
//     insertRows(at:with:), deleteRows(at:with:), reloadRows(at:with:), moveRow(at:to:),
//     cellForRow(at:), indexPathsForVisibleRows)
//   https://developer.apple.com/documentation/uikit/uitableview/performbatchupdates(_:completion:)
//     ("func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil)")
//   https://developer.apple.com/documentation/uikit/uitableviewcell (init(style:reuseIdentifier:), textLabel)
//   https://developer.apple.com/documentation/uikit/uitableviewdatasource,
//   https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:willdisplay:forrowat:)
//   https://developer.apple.com/documentation/uikit/uitableviewdatasourceprefetching
//     (tableView(_:prefetchRowsAt:), optional tableView(_:cancelPrefetchingForRowsAt:)) and
//     UITableView's "weak var prefetchDataSource: (any UITableViewDataSourcePrefetching)?"
//   https://developer.apple.com/documentation/uikit/uicollectionviewcell (init(frame:))
//   https://developer.apple.com/documentation/uikit/uicollectionviewdatasource
//     (collectionView(_:numberOfItemsInSection:), collectionView(_:cellForItemAt:)) and
//     UICollectionView's "weak var dataSource: (any UICollectionViewDataSource)?"
//   https://developer.apple.com/documentation/uikit/uicollectionview (init(frame:collectionViewLayout:),
//     backgroundView, reloadData(), numberOfItems(inSection:), cellForItem(at:),
//     performBatchUpdates(_:completion:), insertItems(at:), deleteItems(at:), reloadItems(at:),
//     moveItem(at:to:))
// Batch updates keep the rows as UIKit does: see StandInRows.swift.
//   https://developer.apple.com/documentation/foundation/indexpath/init(row:section:) (`row`,
//     `item`, `section`, `init(row:section:)` and `init(item:section:)` are UIKit's additions to
//     Foundation's `IndexPath`, so they live here: swift-corelibs-foundation has no such members)
// The protocols' `optional` Objective-C requirements are modelled as requirements with empty default
// implementations, and their `NSObjectProtocol` refinement as `AnyObject`.

public import Foundation

/// A view that allows the scrolling and zooming of its contained views (UIKit's `UIScrollView`).
@MainActor
open class UIScrollView: UIView {
    /// The refresh control associated with the scroll view.
    open var refreshControl: UIRefreshControl?
    /// The point at which the origin of the content view is offset from the origin of the scroll
    /// view.
    open var contentOffset: CGPoint = .zero
    /// The custom distance that the content view is inset from the safe area or scroll view edges.
    open var contentInset: UIEdgeInsets = .zero
    /// The insets derived from the content insets and the safe area of the scroll view (here: the
    /// content insets; the stand-in has no safe area).
    open var adjustedContentInset: UIEdgeInsets { contentInset }

    /// Sets the offset from the content view's origin that corresponds to the receiver's origin.
    /// - Parameters:
    ///   - contentOffset: The new offset.
    ///   - animated: Whether to animate the scroll.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        self.contentOffset = contentOffset
    }
}

/// The inset distances for views (UIKit's `UIEdgeInsets`).
public struct UIEdgeInsets: Equatable, Sendable {
    /// The top inset.
    public var top: CGFloat
    /// The left inset.
    public var left: CGFloat
    /// The bottom inset.
    public var bottom: CGFloat
    /// The right inset.
    public var right: CGFloat

    /// Creates an edge inset for a button or view.
    /// - Parameters:
    ///   - top: The top inset.
    ///   - left: The left inset.
    ///   - bottom: The bottom inset.
    ///   - right: The right inset.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    /// An edge insets struct whose top, left, bottom, and right fields are all set to 0.
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A view that presents data using rows in a single column (UIKit's `UITableView`).
@MainActor
open class UITableView: UIScrollView {
    /// Constants for the table view styles.
    public enum Style: Int, Sendable {
        /// A plain table view.
        case plain = 0
    }

    /// The type of animation to use when inserting or deleting rows.
    public enum RowAnimation: Int, Sendable {
        /// The table view chooses an appropriate animation style for you.
        case automatic = 100
    }

    /// The object that acts as the data source of the table view.
    open weak var dataSource: (any UITableViewDataSource)?
    /// The object that acts as the delegate of the table view.
    open weak var delegate: (any UITableViewDelegate)?
    /// The object that acts as the prefetching data source for the table view.
    open weak var prefetchDataSource: (any UITableViewDataSourcePrefetching)?
    /// The background view of the table view.
    open var backgroundView: UIView?
    private var cellClasses: [String: UITableViewCell.Type] = [:]

    /// Creates a table view with the specified frame and style.
    /// - Parameters:
    ///   - frame: The frame rectangle.
    ///   - style: The style of the table view.
    public init(frame: CGRect, style: UITableView.Style) {
        super.init(frame: frame)
    }

    /// Creates a table view from data in an unarchiver; the stand-in never decodes.
    /// - Parameter coder: An unarchiver.
    public required init?(coder: NSCoder) {
        nil
    }

    /// Reloads the rows and sections of the table view (here: asks the data source for the row
    /// count, and forgets every cell).
    open func reloadData() {
        rows.reload()
    }

    /// Returns the number of rows in a section, as of the last reload or update.
    /// - Parameter section: The section.
    /// - Returns: The number of rows.
    open func numberOfRows(inSection section: Int) -> Int {
        section == 0 ? rows.rowCount : 0
    }

    /// Returns the table cell at the index path you specify (here every row is visible: a row
    /// without a cell gets one from the data source).
    /// - Parameter indexPath: The row.
    /// - Returns: The cell, or `nil` for a row out of range.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        indexPath.section == 0 ? rows.cell(at: indexPath.row) : nil
    }

    /// Called, when set, with the reason UIKit would stop the app for an inconsistent update, in
    /// place of stopping the process (the stand-in's own hook; see `StandInRows`).
    public var onInconsistency: ((String) -> Void)? {
        get { rows.onInconsistency }
        set { rows.onInconsistency = newValue }
    }

    private lazy var rows = StandInRows<UITableViewCell>(
        count: { [unowned self] in dataSource?.tableView(self, numberOfRowsInSection: 0) ?? 0 },
        cell: { [unowned self] in dataSource?.tableView(self, cellForRowAt: IndexPath(row: $0, section: 0)) }
    )

    /// Registers a class to use in creating new table cells.
    /// - Parameters:
    ///   - cellClass: The class of a cell, or `nil` to unregister.
    ///   - identifier: The reuse identifier.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        cellClasses[identifier] = cellClass as? UITableViewCell.Type
    }

    /// Dequeues a reusable table-view cell object for the specified reuse identifier.
    /// - Parameters:
    ///   - identifier: The reuse identifier.
    ///   - indexPath: The index path of the cell.
    /// - Returns: A cell (always a new one here).
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        let cellClass = cellClasses[identifier] ?? UITableViewCell.self
        return cellClass.init(style: .default, reuseIdentifier: identifier)
    }

    /// Animates multiple insert, delete, reload, and move operations as a group (here: checks
    /// them against the data source's new count, as UIKit does, and moves the rows' cells).
    /// - Parameters:
    ///   - updates: The block that performs the operations.
    ///   - completion: Called when the operations are finished, with whether the animations completed.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        rows.performBatch(updates)
        completion?(true)
    }

    /// Inserts rows in the table view at the locations that an array of index paths identifies.
    /// - Parameters:
    ///   - indexPaths: The rows to insert, as they are after the update.
    ///   - animation: The kind of animation.
    open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        rows.insert(indexPaths)
    }

    /// Deletes the rows that an array of index paths identifies.
    /// - Parameters:
    ///   - indexPaths: The rows to delete, as they were before the update.
    ///   - animation: The kind of animation.
    open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        rows.delete(indexPaths)
    }

    /// Reloads the specified rows using an animation effect.
    /// - Parameters:
    ///   - indexPaths: The rows to reload, as they were before the update.
    ///   - animation: The kind of animation.
    open func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        reloadedRows += indexPaths.count
        rows.reload(indexPaths)
    }

    /// Moves the row at a specified location to a destination location.
    /// - Parameters:
    ///   - indexPath: The row to move, as it was before the update.
    ///   - newIndexPath: Where it goes, as it is after the update.
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        rows.move(indexPath, to: newIndexPath)
    }

    /// The number of rows reloaded with ``reloadRows(at:with:)`` (the stand-in's own record).
    public private(set) var reloadedRows = 0

    /// The index paths of the visible rows (the stand-in shows none).
    open var indexPathsForVisibleRows: [IndexPath]? { nil }
}

/// The visual representation of a single row in a table view (UIKit's `UITableViewCell`).
@MainActor
open class UITableViewCell: UIView {
    /// An enumeration for the various styles of cells.
    public enum CellStyle: Int, Sendable {
        /// A simple style for a cell with a text label.
        case `default` = 0
    }

    /// A string used to identify a cell that is reusable.
    public let reuseIdentifier: String?
    private let label = UILabel()

    /// Creates a table cell with a style and a reuse identifier.
    /// - Parameters:
    ///   - style: The cell's style.
    ///   - reuseIdentifier: The reuse identifier.
    public required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
    }

    /// Creates a cell from data in an unarchiver; the stand-in never decodes.
    /// - Parameter coder: An unarchiver.
    public required init?(coder: NSCoder) {
        nil
    }

    /// The label used for the main textual content of the table cell.
    open var textLabel: UILabel? { label }
}

/// The methods that an object adopts to manage data and provide cells for a table view.
@MainActor
public protocol UITableViewDataSource: AnyObject {
    /// Tells the data source to return the number of rows in a given section of a table view.
    /// - Parameters:
    ///   - tableView: The table view.
    ///   - section: The section.
    /// - Returns: The number of rows.
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// Asks the data source for a cell to insert in a particular location of the table view.
    /// - Parameters:
    ///   - tableView: The table view.
    ///   - indexPath: The row's index path.
    /// - Returns: The cell.
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

/// Methods for managing selections, configuring section headers and footers, deleting and
/// reordering cells, and performing other actions in a table view.
@MainActor
public protocol UITableViewDelegate: AnyObject {
    /// Tells the delegate the table view is about to draw a cell for a particular row.
    /// - Parameters:
    ///   - tableView: The table view.
    ///   - cell: The cell about to be displayed.
    ///   - indexPath: The row's index path.
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    /// An `optional` requirement in UIKit: does nothing unless implemented.
    /// - Parameters:
    ///   - tableView: The table view.
    ///   - cell: The cell about to be displayed.
    ///   - indexPath: The row's index path.
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
}

/// A protocol that provides advance warning of the data requirements for a table view, allowing you
/// to start potentially long-running data operations early.
@MainActor
public protocol UITableViewDataSourcePrefetching: AnyObject {
    /// Instructs your prefetch data source object to begin preparing data for the cells at the
    /// supplied index paths.
    /// - Parameters:
    ///   - tableView: The table view issuing the prefetch request.
    ///   - indexPaths: The index paths of the rows to prefetch.
    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
    /// Cancels a previously triggered data prefetch request.
    /// - Parameters:
    ///   - tableView: The table view issuing the cancellation.
    ///   - indexPaths: The index paths of the rows no longer needed.
    func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension UITableViewDataSourcePrefetching {
    /// An `optional` requirement in UIKit: does nothing unless implemented.
    /// - Parameters:
    ///   - tableView: The table view issuing the cancellation.
    ///   - indexPaths: The index paths of the rows no longer needed.
    public func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}

/// An object that manages an ordered collection of data items and presents them using
/// customizable layouts (UIKit's `UICollectionView`).
@MainActor
open class UICollectionView: UIScrollView {
    /// The view that provides the background appearance.
    open var backgroundView: UIView?
    /// The object that provides the data for the collection view.
    open weak var dataSource: (any UICollectionViewDataSource)?
    /// The layout used to organize the collection view's items.
    open var collectionViewLayout: UICollectionViewLayout

    /// Creates a collection view with the specified frame and layout.
    /// - Parameters:
    ///   - frame: The frame rectangle.
    ///   - layout: The layout object.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
    }

    /// Creates a collection view from data in an unarchiver; the stand-in never decodes.
    /// - Parameter coder: An unarchiver.
    public required init?(coder: NSCoder) {
        nil
    }

    /// Reloads all of the data for the collection view (here: asks the data source for the item
    /// count, and forgets every cell).
    open func reloadData() {
        items.reload()
    }

    /// Returns the number of items in the specified section, as of the last reload or update.
    /// - Parameter section: The section.
    /// - Returns: The number of items.
    open func numberOfItems(inSection section: Int) -> Int {
        section == 0 ? items.rowCount : 0
    }

    /// Returns the visible cell object at the specified index path (here every item is visible:
    /// an item without a cell gets one from the data source).
    /// - Parameter indexPath: The item.
    /// - Returns: The cell, or `nil` for an item out of range.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        indexPath.section == 0 ? items.cell(at: indexPath.item) : nil
    }

    /// Animates multiple insert, delete, reload, and move operations as a group (here: checks
    /// them against the data source's new count, as UIKit does, and moves the items' cells).
    /// - Parameters:
    ///   - updates: The block that performs the operations.
    ///   - completion: Called when the operations are finished, with whether they completed.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        items.performBatch(updates)
        completion?(true)
    }

    /// Inserts new items at the specified index paths.
    /// - Parameter indexPaths: The items to insert, as they are after the update.
    open func insertItems(at indexPaths: [IndexPath]) {
        items.insert(indexPaths)
    }

    /// Deletes the items at the specified index paths.
    /// - Parameter indexPaths: The items to delete, as they were before the update.
    open func deleteItems(at indexPaths: [IndexPath]) {
        items.delete(indexPaths)
    }

    /// Reloads just the items at the specified index paths.
    /// - Parameter indexPaths: The items to reload, as they were before the update.
    open func reloadItems(at indexPaths: [IndexPath]) {
        items.reload(indexPaths)
    }

    /// Moves an item from one location to another in the collection view.
    /// - Parameters:
    ///   - indexPath: The item to move, as it was before the update.
    ///   - newIndexPath: Where it goes, as it is after the update.
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        items.move(indexPath, to: newIndexPath)
    }

    /// Called, when set, with the reason UIKit would stop the app for an inconsistent update, in
    /// place of stopping the process (the stand-in's own hook; see `StandInRows`).
    public var onInconsistency: ((String) -> Void)? {
        get { items.onInconsistency }
        set { items.onInconsistency = newValue }
    }

    private lazy var items = StandInRows<UICollectionViewCell>(
        count: { [unowned self] in dataSource?.collectionView(self, numberOfItemsInSection: 0) ?? 0 },
        cell: { [unowned self] in dataSource?.collectionView(self, cellForItemAt: IndexPath(item: $0, section: 0)) }
    )
}

/// The methods adopted by the object you use to manage data and provide cells for a collection view.
@MainActor
public protocol UICollectionViewDataSource: AnyObject {
    /// Asks your data source object for the number of items in the specified section.
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - section: The section.
    /// - Returns: The number of items.
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// Asks your data source object for the cell that corresponds to the specified item.
    /// - Parameters:
    ///   - collectionView: The collection view.
    ///   - indexPath: The item's index path.
    /// - Returns: The cell.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}

/// A single data item when that item is within the collection view's visible bounds (UIKit's
/// `UICollectionViewCell`).
@MainActor
open class UICollectionViewCell: UIView {}

/// An abstract base class for generating layout information for a collection view.
@MainActor
open class UICollectionViewLayout {
    /// Creates a layout.
    public init() {}
}

/// A layout object that organizes items into a grid with optional header and footer views for each section.
@MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {}

extension IndexPath {
    /// Creates an index path for a row in a table view section (UIKit's addition to `IndexPath`).
    /// - Parameters:
    ///   - row: The row.
    ///   - section: The section.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The index of the section.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The index of the row in the section.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// Creates an index path for an item in a collection view section (UIKit's addition to `IndexPath`).
    /// - Parameters:
    ///   - item: The item.
    ///   - section: The section.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The index of the item in the section.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
