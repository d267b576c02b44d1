// The example app's data: an order row and an in-memory paged orders server, so the example
// screens and the docs' snippets have something real to load.

/// An order, the item type of every example list.
struct Order: Identifiable, Sendable, Equatable, Codable {
    /// The order's identifier.
    let id: String
    /// The text a row shows.
    var title: String
}

/// One page of orders as the example server answers it: a common paged JSON shape (`datas`,
/// `curPage`, `pageCount`) plus an `over` flag, as some servers send.
struct OrdersResponse: Sendable {
    /// The page's orders.
    var datas: [Order]
    /// The page the server answered.
    var curPage: Int
    /// The number of pages the list has.
    var pageCount: Int
    /// Whether this is the last page.
    var over: Bool

    /// The page's orders (the DocC overview's name for ``datas``).
    var orders: [Order] { datas }
}

/// What the example server throws when told to fail.
struct OrdersAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    var description: String
}

/// An in-memory paged orders server: `pageCount` pages of `pageSize` orders per tab, answered after
/// a task hop, or failing with ``failure`` when set.
struct OrdersAPI: Sendable {
    /// The number of orders on a full page.
    var pageSize = 20
    /// The number of pages in each tab.
    var pageCount = 3
    /// When set, every request fails with it.
    var failure: OrdersAPIError?

    /// Loads one page (async style).
    /// - Parameters:
    ///   - tab: The tab (source) to load.
    ///   - page: The 1-based page.
    /// - Returns: The page.
    /// - Throws: ``failure``, if set.
    func orders(tab: Int = 0, page: Int) async throws -> OrdersResponse {
        await Task.yield()
        if let failure {
            throw failure
        }
        let first = (page - 1) * pageSize + 1
        let datas = (first..<first + pageSize).map { Order(id: "\(tab)-\($0)", title: "Order #\($0) (tab \(tab))") }
        return OrdersResponse(datas: datas, curPage: page, pageCount: pageCount, over: page >= pageCount)
    }

    /// Loads one page and reports it to a completion handler, as callback-based network code does.
    /// - Parameters:
    ///   - tab: The tab (source) to load.
    ///   - page: The 1-based page.
    ///   - completion: Called on the main actor with the page or the error.
    @MainActor
    func orders(
        tab: Int = 0,
        page: Int,
        completion: @escaping @MainActor (Result<OrdersResponse, any Error>) -> Void
    ) {
        Task {
            do {
                completion(.success(try await orders(tab: tab, page: page)))
            } catch {
                completion(.failure(error))
            }
        }
    }
}
