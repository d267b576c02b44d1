// The forum client's favourites: a topic row and an in-memory server whose list the app (or a test)
// changes between loads, so that a refresh brings a difference.

/// A favourite topic.
struct Favourite: Identifiable, Sendable, Equatable {
    /// The topic's identifier.
    let id: Int
    /// The text a row shows.
    var title: String
}

/// An in-memory favourites server: pages of ``favourites``, answered after a task hop.
@MainActor
final class FavouritesServer {
    /// Every favourite, newest first.
    var favourites: [Favourite]

    /// Creates a server holding `count` favourites, numbered from 1.
    /// - Parameter count: How many favourites the server holds.
    init(count: Int) {
        favourites = (1...max(count, 1)).map { Favourite(id: $0, title: "Topic \($0)") }
    }

    /// Loads one page.
    /// - Parameters:
    ///   - page: The 1-based page.
    ///   - pageSize: How many favourites a full page holds.
    /// - Returns: The page's favourites; none past the end.
    func favourites(page: Int, pageSize: Int) async -> [Favourite] {
        await Task.yield()
        let start = min(max(page - 1, 0) * pageSize, favourites.count)
        return Array(favourites[start..<min(start + pageSize, favourites.count)])
    }
}
