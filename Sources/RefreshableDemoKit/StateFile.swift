import Foundation
import Refreshable

/// `--state-file`: the interactive list saved as a JSON `RefreshSnapshot` on exit, and restored
/// from it at start.
struct StateFile {
    /// The file's path.
    let path: String

    /// Restores the list from the file when it exists.
    /// - Returns: What happened, to print; `nil` when there is no file yet.
    @MainActor
    func restore(into runtime: RefreshRuntime<Order>) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let snapshot: RefreshSnapshot<Order>
        do {
            snapshot = try JSONDecoder().decode(RefreshSnapshot<Order>.self, from: data)
        } catch {
            return "Could not read the saved list in \(path) (\(error)); loading afresh."
        }
        do {
            try runtime.restore(from: snapshot)
        } catch {
            return "The saved list in \(path) was refused: \(error) Loading afresh."
        }
        let rows = (0..<runtime.count).map { runtime[$0].items.count }.reduce(0, +)
        return "Restored \(rows) row(s) from \(path): shown at once, refreshed in the background."
    }

    /// Saves the list to the file, replacing it.
    /// - Returns: What happened, to print.
    @MainActor
    func save(_ runtime: RefreshRuntime<Order>) -> String {
        let snapshot = runtime.snapshot()
        do {
            let data = try JSONEncoder().encode(snapshot)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            return "Could not save the list to \(path): \(error)"
        }
        let rows = (0..<snapshot.sourceCount).map { snapshot.items(of: $0).count }.reduce(0, +)
        return "Saved \(rows) row(s) to \(path)."
    }
}
