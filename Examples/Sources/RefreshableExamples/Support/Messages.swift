// The chat of the docs' pending-items snippet: a message row and an in-memory chat server that
// keeps the id the app gives each message it sends.

/// A chat message, newest first in its list.
struct Message: Identifiable, Sendable, Equatable {
    /// The id the app gives the message when it sends it; the server keeps it.
    let id: String
    /// What the message says.
    var text: String
}

/// An in-memory chat server: the messages it received, newest first, a page at a time.
actor MessagesAPI {
    /// The messages received, newest first.
    private var received: [Message] = []
    /// The number of messages on a full page.
    let pageSize = 20

    /// A new id for a message this device sends: unique, so the server's copy has the same.
    nonisolated func newMessageID() -> String {
        "local-\(UInt64.random(in: 0...UInt64.max))"
    }

    /// Receives a message.
    /// - Parameter message: The message, with the id the app gave it.
    func send(_ message: Message) async throws {
        await Task.yield()
        received.insert(message, at: 0)
    }

    /// Loads one page of messages, the newest first.
    /// - Parameter page: The 1-based page.
    /// - Returns: The page's messages.
    func messages(page: Int) async throws -> [Message] {
        await Task.yield()
        let start = min((page - 1) * pageSize, received.count)
        return Array(received[start..<min(start + pageSize, received.count)])
    }
}
