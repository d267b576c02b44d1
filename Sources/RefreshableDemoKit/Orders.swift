import Refreshable

/// One row of the order list, as the server sends it: `{"id": "all-1", "title": "All order #1"}`.
///
/// Rows are `Identifiable` by the server's id, so a list given an identity (`.id()`) holds each
/// row once, however many pages bring it.
struct Order: Sendable, Equatable, Codable, Identifiable {
    /// The server's id, such as `all-1`.
    let id: String
    /// The text the row shows.
    let title: String
}

/// One tab (one source, in the library's terms) of the order list: its name in URLs, its label
/// on screen, and its own end-of-list text (each source keeps its own `noMoreTitle`).
struct OrderTab: Sendable, Equatable {
    /// The name the server knows the tab by, substituted for `{tab}` in URLs.
    let name: String
    /// The label on the tab bar.
    let label: String
    /// The footer's text once this tab's list has ended.
    let noMoreTitle: String

    /// Every order.
    static let all = OrderTab(name: "all", label: "All", noMoreTitle: "No more orders")
    /// Orders waiting for payment.
    static let unpaid = OrderTab(name: "unpaid", label: "Unpaid", noMoreTitle: "No more unpaid orders")
    /// Orders on their way.
    static let shipped = OrderTab(name: "shipped", label: "Shipped", noMoreTitle: "No more shipped orders")

    /// A conversation about an order, paged by cursor, newest message first: load-more reads older
    /// messages, loading the previous page reads newer ones.
    static let messages = OrderTab(name: "messages", label: "Messages", noMoreTitle: "Start of the conversation")

    /// Whether the tab is a conversation, paged by cursor.
    var isConversation: Bool { self == .messages }

    /// What the tab's rows are called: "orders", or "messages" in a conversation.
    var noun: String { isConversation ? "messages" : "orders" }

    /// The demo's tab bar: All / Unpaid / Shipped, as in a typical order-list screen.
    static let standard: [OrderTab] = [.all, .unpaid, .shipped]
}

/// Anything that can answer "page N of this tab": the embedded API or the HTTP loader.
///
/// The controller's `loadPage(_:)` forwards to one of these, so the same controller runs
/// in-process or over the network.
protocol OrderLoader: Sendable {
    /// Loads one page of one tab.
    /// - Parameters:
    ///   - request: The library's request: page number, refresh or load-more, and its generation.
    ///   - tab: The tab that asked.
    /// - Returns: The page, with the server's `curPage`, `pageCount` and `total`.
    func loadPage(_ request: RefreshRequest, of tab: OrderTab) async throws -> RefreshPage<Order>
}

/// Why a page could not be loaded, worded for the footer, the toast and the placeholder.
enum OrderAPIError: Error, Equatable, CustomStringConvertible {
    /// The server answered with a non-2xx HTTP status.
    case httpStatus(Int, message: String?, path: String)
    /// The body was not the JSON the demo expects (truncated, not JSON, wrong shape).
    case malformedJSON(path: String, detail: String)
    /// The body was empty.
    case emptyBody(path: String)
    /// The envelope's `errorCode` was not 0.
    case serverError(code: Int, message: String, path: String)
    /// The envelope had no `data`.
    case missingData(path: String)
    /// The request never got an HTTP answer (connection refused, timeout, ...).
    case transport(path: String, detail: String)
    /// The embedded API was told to fail this request.
    case simulated(tab: String, page: Int)

    var description: String {
        switch self {
        case .httpStatus(let code, let message, let path):
            return "HTTP \(code)\(message.map { " (\($0))" } ?? "") for \(path)"
        case .malformedJSON(let path, let detail):
            return "malformed JSON for \(path): \(detail)"
        case .emptyBody(let path):
            return "empty response body for \(path)"
        case .serverError(let code, let message, let path):
            return "server error \(code) (\(message)) for \(path)"
        case .missingData(let path):
            return "the answer for \(path) has no \"data\""
        case .transport(let path, let detail):
            return "no answer for \(path): \(detail)"
        case .simulated(let tab, let page):
            return "the order service is unavailable (simulated, \(tab) page \(page))"
        }
    }
}

/// Wraps a loader and, while ``failsEverything`` is on, turns each of its answers into a failure:
/// interactive mode's `f` key, for both the embedded API and HTTP.
@MainActor
final class FaultSwitchLoader: OrderLoader {
    /// The loader that really answers.
    let base: any OrderLoader
    /// Whether every answer becomes a failure.
    var failsEverything = false

    /// Wraps a loader.
    init(base: any OrderLoader) {
        self.base = base
    }

    func loadPage(_ request: RefreshRequest, of tab: OrderTab) async throws -> RefreshPage<Order> {
        let failing = failsEverything
        let page = try await base.loadPage(request, of: tab)
        if failing {
            throw OrderAPIError.simulated(tab: tab.name, page: request.page)
        }
        return page
    }
}
