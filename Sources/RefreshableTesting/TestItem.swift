/// An item a ``TestPageLoader`` makes for a page, which says where it came from.
///
/// Every page a loader answers carries items with a new ``response`` number, so two answers for the
/// same page never hold equal items: a duplicated, lost or stale item is visible in a plain
/// comparison of item lists.
///
/// Each item also has an ``id``, for lists with an identity (`RefreshItemIdentity`): a new item gets
/// an id of its own, and a page may bring an item again, as a copy with the same id and a new
/// ``response``. Give your items the same id (`RefreshItemIdentity(\.id)` on ``TestItem`` values,
/// or the `id` your `makeItem` closure copies into your own type) and the suite checks that each
/// item is held once.
public struct TestItem: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The item's id: items with equal ids are the same item, in whichever answer they came.
    public let id: Int
    /// The source (tab) of the load that answered it.
    public let source: Int
    /// The page that answered it.
    public let page: Int
    /// Its position within that page, from `0`.
    public let index: Int
    /// The number of the answer that carried it, unique within one loader, from `1`. A local edit
    /// made by the suite gets a number of its own too.
    public let response: Int

    /// Creates a new item, whose id is its own (see ``newID(response:index:)``).
    /// - Parameters:
    ///   - source: The source of the load that answered it.
    ///   - page: The page that answered it.
    ///   - index: Its position within the page.
    ///   - response: The number of the answer that carried it.
    public init(source: Int, page: Int, index: Int, response: Int) {
        self.init(
            id: Self.newID(response: response, index: index), source: source, page: page, index: index,
            response: response)
    }

    /// Creates an item with a given id: a copy of an item another answer carried, or a local edit of one.
    /// - Parameters:
    ///   - id: The id of the item it is a copy of.
    ///   - source: The source of the load that answered it.
    ///   - page: The page that answered it.
    ///   - index: Its position within the page.
    ///   - response: The number of the answer (or local edit) that carried it.
    public init(id: Int, source: Int, page: Int, index: Int, response: Int) {
        self.id = id
        self.source = source
        self.page = page
        self.index = index
        self.response = response
    }

    /// The id of a new item: the one at `index` of answer `response`, unique for positions below 2²⁰.
    /// - Parameters:
    ///   - response: The number of the answer that first carried the item.
    ///   - index: Its position within that answer.
    /// - Returns: The id.
    public static func newID(response: Int, index: Int) -> Int {
        response &* 1_048_576 &+ index
    }

    /// Whether the item is a copy of one an earlier answer (or a local insertion) carried first.
    public var isCopy: Bool { id != Self.newID(response: response, index: index) }

    /// A short description such as `s0p2[1]@r7`: source 0, page 2, position 1, answer 7. A copy
    /// adds the item it copies, such as `s0p3[0]@r9=r7[1]`; an item no page brought (a local
    /// insertion) reads `s0local@r8`.
    public var description: String {
        let place = page == .min ? "local" : "p\(page)[\(index)]"
        let base = "s\(source)\(place)@r\(response)"
        guard isCopy else { return base }
        return base + "=r\(id >> 20)[\(id & 1_048_575)]"
    }
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
