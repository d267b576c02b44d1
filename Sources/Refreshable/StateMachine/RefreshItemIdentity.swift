/// How a list tells its items apart, for de-duplication and local edits by id.
///
/// Give a list an identity and it never holds an item twice: a page that brings an item already
/// held does not append it again, and ``RefreshUpdate/droppedDuplicates`` says how many it left
/// out. ``DuplicateRule`` chooses which copy stays: the one held, or the newer one from the page,
/// put in the held item's place. The identity also lets you edit, remove and insert items by id
/// without a refresh.
///
/// ```swift
/// let refreshStatus = RefreshRuntime<Article>(noMoreTitles: ["No more articles"], identity: .id())
/// ```
///
/// Items held before an identity is given stay as they are; the next refresh de-duplicates them.
public struct RefreshItemIdentity<Item: Sendable>: Sendable, Hashable {
    /// Which copy stays when a page brings an item already held.
    public enum DuplicateRule: Sendable, Hashable {
        /// The held item stays where and as it is; the page's copy is left out.
        case keepHeld
        /// The page's copy replaces the held item in its place (reported in
        /// ``RefreshUpdate/replacedInPlace``); nothing is appended for it.
        case takeNewer
    }

    /// Which copy stays when a page brings an item already held.
    public var duplicates: DuplicateRule
    /// The key path the ids are read through; it identifies the identity in comparisons.
    @usableFromInline let keyPath: any AnyKeyPath & Sendable
    /// Reads an item's id.
    @usableFromInline let id: @Sendable (Item) -> RefreshItemID

    /// Identifies items by the value at a key path, such as a server's `articleID`.
    /// - Parameters:
    ///   - keyPath: The item's id; items with equal ids are the same item.
    ///   - duplicates: Which copy stays when a page brings an item already held.
    @inlinable
    public init<ID: Hashable & Sendable>(
        _ keyPath: any KeyPath<Item, ID> & Sendable,
        duplicates: DuplicateRule = .keepHeld
    ) {
        self.init(keyPath: keyPath, id: { RefreshItemID($0[keyPath: keyPath]) }, duplicates: duplicates)
    }

    /// An identity that reads ids with `id`, which must read what `keyPath` reads: a direct read
    /// costs a field access, where a key path is applied through the runtime.
    @inlinable
    init(
        keyPath: any AnyKeyPath & Sendable,
        id: @escaping @Sendable (Item) -> RefreshItemID,
        duplicates: DuplicateRule
    ) {
        self.keyPath = keyPath
        self.id = id
        self.duplicates = duplicates
    }

    /// The type of the ids the identity reads.
    package var idType: Any.Type { type(of: keyPath).valueType }

    /// Stops with a message when the identity reads integer or string ids and `id` is not of the
    /// same kind, so no item could match it; integers of any width compare as numbers. Ids of other
    /// types are not checked.
    func checkIDType(of id: some Hashable & Sendable, in caller: String) {
        let expected = idType
        let isInteger = expected is any BinaryInteger.Type
        guard isInteger || expected == String.self else { return }
        let value: Any = id
        let matches = isInteger ? value is any BinaryInteger : value is String
        require(
            matches,
            "\(caller) got an id of type \(type(of: value)), but this list's identity reads ids of type \(expected): pass the item's id as the identity reads it."
        )
    }

    /// Two identities are equal when they read the same key path and keep the same copy.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.duplicates == rhs.duplicates && (lhs.keyPath as AnyKeyPath) == (rhs.keyPath as AnyKeyPath)
    }

    /// Hashes the key path and the duplicate rule, the parts equality compares.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(keyPath as AnyKeyPath)
        hasher.combine(duplicates)
    }
}

extension RefreshItemIdentity where Item: Identifiable, Item.ID: Sendable {
    /// Identifies `Identifiable` items by their `id`.
    /// - Parameter duplicates: Which copy stays when a page brings an item already held.
    /// - Returns: The identity.
    @inlinable
    public static func id(duplicates: DuplicateRule = .keepHeld) -> Self {
        Self(keyPath: \Item.id, id: { RefreshItemID($0.id) }, duplicates: duplicates)
    }
}

/// An item's id as the list keeps it: any `Hashable` and `Sendable` value, compared as
/// `AnyHashable` compares (an integer id equals the same number of another integer type).
///
/// Integer and string ids, the common ones, are kept as themselves, so hashing and comparing them
/// costs what it costs for an `Int` or a `String`; other ids go through `AnyHashable`.
public struct RefreshItemID: Hashable, @unchecked Sendable, CustomStringConvertible {
    // Safe to send: `other` only ever wraps a value whose type is `Sendable` (see the initializer).
    @usableFromInline enum Storage: Hashable {
        case int(Int)
        case string(String)
        case other(OtherID)
    }

    /// An id of another type, boxed: `AnyHashable`'s layout is opaque outside the standard library,
    /// so held inline it would make every copy of every id, an `Int` too, a call through its value
    /// witnesses.
    @usableFromInline
    final class OtherID: Hashable, @unchecked Sendable {
        @usableFromInline let value: AnyHashable

        @usableFromInline
        init(_ value: AnyHashable) {
            self.value = value
        }

        @usableFromInline
        static func == (lhs: OtherID, rhs: OtherID) -> Bool {
            lhs.value == rhs.value
        }

        @usableFromInline
        func hash(into hasher: inout Hasher) {
            hasher.combine(value)
        }
    }

    @usableFromInline let storage: Storage

    /// Wraps an id.
    /// - Parameter id: The id.
    @inlinable
    public init(_ id: some Hashable & Sendable) {
        if let id = id as? Int {
            storage = .int(id)
        } else if let id = id as? String {
            storage = .string(id)
        } else if let id = id as? any BinaryInteger, let number = Int(exactly: id) {
            storage = .int(number)
        } else {
            storage = .other(OtherID(AnyHashable(id)))
        }
    }

    /// The id, type-erased; an integer id that fits in an `Int` reads as an `Int`.
    public var value: AnyHashable {
        switch storage {
        case .int(let id): AnyHashable(id)
        case .string(let id): AnyHashable(id)
        case .other(let id): id.value
        }
    }

    /// The id's own description.
    public var description: String {
        switch storage {
        case .int(let id): String(id)
        case .string(let id): id
        case .other(let id): String(describing: id.value.base)
        }
    }
}
