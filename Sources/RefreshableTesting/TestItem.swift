/// An item a ``TestPageLoader`` makes for a page, which says where it came from.
///
/// Every page a loader answers carries items with a new ``response`` number, so two answers for the
/// same page never hold equal items: a duplicated, lost or stale item is visible in a plain
/// comparison of item lists.
public struct TestItem: Sendable, Hashable, CustomStringConvertible {
    /// The source (tab) of the load that answered it.
    public let source: Int
    /// The page that answered it.
    public let page: Int
    /// Its position within that page, from `0`.
    public let index: Int
    /// The number of the answer that carried it, unique within one loader, from `1`.
    public let response: Int

    /// Creates an item.
    /// - Parameters:
    ///   - source: The source of the load that answered it.
    ///   - page: The page that answered it.
    ///   - index: Its position within the page.
    ///   - response: The number of the answer that carried it.
    public init(source: Int, page: Int, index: Int, response: Int) {
        self.source = source
        self.page = page
        self.index = index
        self.response = response
    }

    /// A short description such as `s0p2[1]@r7`: source 0, page 2, position 1, answer 7.
    public var description: String { "s\(source)p\(page)[\(index)]@r\(response)" }
}

/// The error a ``TestPageLoader`` fails a load with unless the test passes its own.
public struct TestLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the fake server says went wrong.
    public let message: String

    /// Creates an error.
    /// - Parameter message: What went wrong; "server error" by default.
    public init(_ message: String = "server error") {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
