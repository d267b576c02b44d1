// Stand-in for Apple's UIKit, for compiling the examples on Linux: NOT UIKit.
//
// The rows a table or collection view shows, as UIKit keeps them across batch updates
// (https://developer.apple.com/documentation/uikit/uitableview/performbatchupdates(_:completion:)
// and "Batch Insertion, Deletion, and Reloading of Rows and Sections" in Apple's Table View
// Programming Guide): in a batch, deletions, reloads and the sources of moves name rows as they were
// before it, insertions and the destinations of moves rows as they are after it. When the batch
// ends, UIKit asks the data source for the new count and stops the app
// (NSInternalInconsistencyException, "Invalid update: invalid number of rows in section 0") unless it
// equals the count before plus the insertions minus the deletions; it stops too on a row out of
// range or named twice. A row the batch does not touch keeps its cell, content and all, at its new
// position; inserted and reloaded rows get new cells from the data source. Like UIKit, a view that
// never loaded its rows loads them (the data source's count, already the new one) when a batch or
// `numberOfRows(inSection:)` first needs them. Stand-in only: every row is on screen (its cell is
// made when first read), one section is modelled, and `onInconsistency`, when set, is called in place
// of stopping the process, so a test can see the inconsistency UIKit would crash on.

/// The rows of section 0 of a table or collection view, and the batch being recorded.
@MainActor
final class StandInRows<Cell: AnyObject> {
    /// Each row's cell, `nil` until read (or since an insertion or reload).
    private var cells: [Cell?] = []
    /// Whether the rows were loaded from the data source.
    private var loaded = false
    /// The batch being recorded, if `performBatchUpdates` is running.
    private var batch: Batch?
    /// How deep `performBatchUpdates` calls are nested.
    private var depth = 0
    /// The data source's row count.
    private let count: () -> Int
    /// The data source's cell for a row.
    private let cell: (Int) -> Cell?
    /// Called with UIKit's message instead of stopping the process, when set.
    var onInconsistency: ((String) -> Void)?

    private struct Batch {
        var deleted: [Int] = []
        var inserted: [Int] = []
        var reloaded: [Int] = []
        var moved: [(from: Int, to: Int)] = []
    }

    init(count: @escaping () -> Int, cell: @escaping (Int) -> Cell?) {
        self.count = count
        self.cell = cell
    }

    /// The number of rows, as of the last reload or batch.
    var rowCount: Int {
        loadIfNeeded()
        return cells.count
    }

    /// Asks the data source for the count again and forgets every cell.
    func reload() {
        loaded = true
        cells = Array(repeating: nil, count: max(count(), 0))
    }

    /// The cell shown at `row`, made by the data source if the row has none yet.
    func cell(at row: Int) -> Cell? {
        loadIfNeeded()
        guard cells.indices.contains(row) else { return nil }
        if cells[row] == nil {
            cells[row] = cell(row)
        }
        return cells[row]
    }

    /// Runs `updates` as one batch, nested batches joining the outer one.
    func performBatch(_ updates: (() -> Void)?) {
        loadIfNeeded()
        depth += 1
        if batch == nil {
            batch = Batch()
        }
        updates?()
        depth -= 1
        if depth == 0, let done = batch {
            batch = nil
            commit(done)
        }
    }

    func delete(_ rows: [IndexPath]) { record { $0.deleted += self.rows(rows) } }
    func insert(_ rows: [IndexPath]) { record { $0.inserted += self.rows(rows) } }
    func reload(_ rows: [IndexPath]) { record { $0.reloaded += self.rows(rows) } }
    func move(_ from: IndexPath, to: IndexPath) { record { $0.moved.append((self.row(from), self.row(to))) } }

    private func loadIfNeeded() {
        if !loaded {
            reload()
        }
    }

    /// Records an operation in the running batch, or as a batch of its own outside one.
    private func record(_ operation: @escaping (inout Batch) -> Void) {
        performBatch {
            operation(&self.batch!)
        }
    }

    private func rows(_ indexPaths: [IndexPath]) -> [Int] { indexPaths.map(row) }

    /// The row of an index path; a section other than 0 reads as a row out of range.
    private func row(_ indexPath: IndexPath) -> Int { indexPath.section == 0 ? indexPath.row : -1 }

    private func commit(_ batch: Batch) {
        let before = cells.count
        let after = count()
        let expected = before + batch.inserted.count - batch.deleted.count
        let old = batch.deleted + batch.reloaded + batch.moved.map(\.from)
        let new = batch.inserted + batch.moved.map(\.to)
        if let invalid = old.first(where: { !(0..<before).contains($0) }) {
            return fail(
                "attempt to delete, reload or move row \(invalid) from section 0 which only contains \(before) rows before the update"
            )
        }
        if let invalid = new.first(where: { !(0..<after).contains($0) }) {
            return fail(
                "attempt to insert or move row \(invalid) into section 0, but there are only \(after) rows in section 0 after the update"
            )
        }
        guard Set(old).count == old.count, Set(new).count == new.count else {
            return fail("a row is deleted, reloaded, inserted or moved more than once in one update")
        }
        guard after == expected else {
            return fail(
                "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (\(after)) must be equal to the number of rows contained in that section before the update (\(before)), plus or minus the number of rows inserted or deleted from that section (\(batch.inserted.count) inserted, \(batch.deleted.count) deleted)"
            )
        }
        var next = [Cell?](repeating: nil, count: after)
        var taken = Set(new)
        for move in batch.moved {
            next[move.to] = cells[move.from]
        }
        let gone = Set(batch.deleted + batch.moved.map(\.from))
        let reloaded = Set(batch.reloaded)
        var position = 0
        for row in 0..<before where !gone.contains(row) {
            while taken.contains(position) {
                position += 1
            }
            next[position] = reloaded.contains(row) ? nil : cells[row]
            taken.insert(position)
        }
        cells = next
    }

    private func fail(_ message: String) {
        guard let onInconsistency else {
            fatalError(
                "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '\(message)'"
            )
        }
        onInconsistency(message)
        reload()
    }
}
