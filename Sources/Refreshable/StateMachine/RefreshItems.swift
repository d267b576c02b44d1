/// The items a source holds, in order: what ``RefreshState/items`` gives.
///
/// It reads like an array, indexed from `0`: `items[indexPath.row]`, `items.count`,
/// `ForEach(items)`, `items.map { ... }`, `Array(items)`; and it compares with an array both ways
/// (`state.items == [order]`).
///
/// It stores the items in chunks of about 16 KiB rather than in one block, so that loading a
/// page, dropping pages under the page cap (see ``RefreshPolicy/maxPages``) and loading the page
/// before the first one cost about the page, whatever the list holds: an array doubles and copies
/// every item now and then, which at a million rows holds up one load-more for milliseconds.
/// Reading an item by its position costs about what an array's read does.
public struct RefreshItems<Item: Sendable>: Sendable {
    /// The items, in chunks of at most ``chunkCapacity``: the first chunk holds the first items and
    /// the last one the last items, every chunk between them is full, and none is empty.
    @usableFromInline var chunks: ContiguousArray<ContiguousArray<Item>>
    /// How many items the chunks hold.
    @usableFromInline var _count: Int

    /// The items in one chunk, a power of two: about 16 KiB of them, at least 16. Bigger chunks
    /// cost more to move when a page goes at the front, smaller ones more to free when a refresh
    /// replaces a long list (one `free` each).
    @usableFromInline static var chunkShift: Int {
        // The largest power of two of items that fits in 16 KiB, read off the highest bit set,
        // without a loop: an unspecialised read of an item computes it on every access.
        let fitting = 16_384 / Swift.max(1, MemoryLayout<Item>.stride)
        return Swift.max(4, Int.bitWidth - 1 - fitting.leadingZeroBitCount)
    }

    @usableFromInline static var chunkCapacity: Int { 1 << chunkShift }

    /// Creates an empty collection.
    public init() {
        chunks = []
        _count = 0
    }

    /// Creates a collection of the items of a sequence, in its order.
    /// - Parameter items: The items.
    public init<S: Sequence>(_ items: S) where S.Element == Item {
        self.init()
        append(contentsOf: items)
    }

    /// The chunk and the place in it of the item at `position`, which must be held.
    @inlinable
    func locate(_ position: Int) -> (chunk: Int, slot: Int) {
        require(position >= 0 && position < count, "Index \(position) out of range 0..<\(count) of RefreshItems")
        let first = chunks[0].count
        if position < first {
            return (0, position)
        }
        let rest = position - first
        return (1 + rest >> Self.chunkShift, rest & (Self.chunkCapacity - 1))
    }

    /// Adds an empty chunk at the end: with room for a full one after the first, which grows as it
    /// fills, so that a short list holds no more than an array would.
    @inlinable
    mutating func addChunk() {
        var chunk = ContiguousArray<Item>()
        if !chunks.isEmpty {
            chunk.reserveCapacity(Self.chunkCapacity)
        }
        chunks.append(chunk)
    }

    /// Appends the items of a buffer, filling the last chunk, then new ones.
    @inlinable
    mutating func append(buffer: UnsafeBufferPointer<Item>) {
        let capacity = Self.chunkCapacity
        var start = 0
        while start < buffer.count {
            if chunks.isEmpty || chunks[chunks.count - 1].count == capacity {
                addChunk()
            }
            let end = Swift.min(buffer.count, start + capacity - chunks[chunks.count - 1].count)
            chunks[chunks.count - 1].append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<end]))
            start = end
        }
        _count += buffer.count
    }

    /// Puts `items` before the held ones: first in the room the first chunk has, then in new chunks
    /// before it, the first of them holding what is left over from full ones.
    mutating func prepend(_ items: ContiguousArray<Item>) {
        guard !chunks.isEmpty else {
            append(contentsOf: items)
            return
        }
        let capacity = Self.chunkCapacity
        var end = items.count
        let intoFirst = Swift.min(capacity - chunks[0].count, end)
        chunks[0].insert(contentsOf: items[(end - intoFirst)..<end], at: 0)
        end -= intoFirst
        var front = ContiguousArray<ContiguousArray<Item>>()
        var start = 0
        while start < end {
            let chunkEnd = start == 0 && end % capacity != 0 ? end % capacity : start + capacity
            var chunk = ContiguousArray<Item>()
            chunk.reserveCapacity(capacity)
            chunk.append(contentsOf: items[start..<chunkEnd])
            front.append(chunk)
            start = chunkEnd
        }
        chunks.insert(contentsOf: front, at: 0)
        _count += items.count
    }

    /// The chunk that holds the item at `position`, and the position of its first item: code that
    /// is not specialised for the items reads a run of them faster from the chunk than one by one.
    func chunk(holding position: Int) -> (items: ContiguousArray<Item>, start: Int) {
        let (chunk, slot) = locate(position)
        return (chunks[chunk], position - slot)
    }

    /// The items at `range`, copied a chunk at a time.
    func copy(_ range: Range<Int>) -> ContiguousArray<Item> {
        var copy = ContiguousArray<Item>()
        copy.reserveCapacity(range.count)
        var position = range.lowerBound
        while position < range.upperBound {
            let (chunk, slot) = locate(position)
            let end = Swift.min(chunks[chunk].count, slot + range.upperBound - position)
            copy.append(contentsOf: chunks[chunk][slot..<end])
            position += end - slot
        }
        return copy
    }
}

extension RefreshItems: RandomAccessCollection, MutableCollection {
    /// How many items the collection holds.
    @inlinable public var count: Int { _count }

    /// How many items it holds before appending one allocates memory: the items, and the room left
    /// in the last chunk. It grows by a chunk, never by copying the items held.
    public var capacity: Int {
        chunks.isEmpty ? 0 : count + Self.chunkCapacity - chunks[chunks.count - 1].count
    }

    /// The position of the first item: always `0`.
    public var startIndex: Int { 0 }

    /// The position after the last item: ``count``.
    @inlinable public var endIndex: Int { count }

    // Written out: code not specialised for the items (SwiftUI's `ForEach`) reads twice as fast
    // as through the standard library's default (Benchmarks/Results, P8).
    /// The position after `position`: `position + 1`.
    public func index(after position: Int) -> Int { position + 1 }

    /// The item at `position`, which must be from `0` to ``count`` less one.
    @inlinable
    public subscript(position: Int) -> Item {
        get {
            let (chunk, slot) = locate(position)
            return chunks[chunk][slot]
        }
        set {
            let (chunk, slot) = locate(position)
            chunks[chunk][slot] = newValue
        }
    }
}

extension RefreshItems: RangeReplaceableCollection {
    /// Adds an item at the end.
    /// - Parameter item: The item.
    public mutating func append(_ item: Item) {
        if chunks.isEmpty || chunks[chunks.count - 1].count == Self.chunkCapacity {
            addChunk()
        }
        chunks[chunks.count - 1].append(item)
        _count += 1
    }

    /// Adds the items of a sequence at the end, in its order; from an array, a chunk at a time.
    /// - Parameter newItems: The items.
    @inlinable
    public mutating func append<S: Sequence>(contentsOf newItems: S) where S.Element == Item {
        let copied: Void? = newItems.withContiguousStorageIfAvailable { append(buffer: $0) }
        if copied == nil {
            for item in newItems {
                append(item)
            }
        }
    }

    /// Inserts the items of a collection before the item at `position`, moving the items on the
    /// shorter side of it: at `0` or ``count``, only the new ones.
    /// - Parameters:
    ///   - newItems: The items.
    ///   - position: Where to insert them, from `0` to ``count``.
    public mutating func insert<C: Collection>(contentsOf newItems: C, at position: Int) where C.Element == Item {
        replaceSubrange(position..<position, with: newItems)
    }

    /// Removes the first `k` items, dropping whole chunks: costs about the items removed.
    /// - Parameter k: How many, from `0` to ``count``.
    public mutating func removeFirst(_ k: Int) {
        require(k >= 0 && k <= count, "RefreshItems.removeFirst(\(k)): it holds \(count) items")
        _count -= k
        var left = k
        var dropped = 0
        while left > 0, left >= chunks[dropped].count {
            left -= chunks[dropped].count
            dropped += 1
        }
        chunks.removeFirst(dropped)
        if left > 0 {
            chunks[0].removeFirst(left)
        }
    }

    /// Removes the last `k` items, dropping whole chunks: costs about the items removed.
    /// - Parameter k: How many, from `0` to ``count``.
    public mutating func removeLast(_ k: Int) {
        require(k >= 0 && k <= count, "RefreshItems.removeLast(\(k)): it holds \(count) items")
        _count -= k
        var left = k
        var dropped = 0
        while left > 0, left >= chunks[chunks.count - 1 - dropped].count {
            left -= chunks[chunks.count - 1 - dropped].count
            dropped += 1
        }
        chunks.removeLast(dropped)
        if left > 0 {
            chunks[chunks.count - 1].removeLast(left)
        }
    }

    /// Removes every item.
    /// - Parameter keepCapacity: Whether to keep room for as many chunks.
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        chunks.removeAll(keepingCapacity: keepCapacity)
        _count = 0
    }

    /// Makes room for `minimumCapacity` items in the list of chunks, whose growth then copies
    /// nothing of the items.
    /// - Parameter minimumCapacity: How many items.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        chunks.reserveCapacity((Swift.max(0, minimumCapacity) >> Self.chunkShift) + 2)
    }

    /// Replaces the items at `range` with those of a collection, moving the items on the shorter
    /// side of it: at the start or the end, only the items removed and added.
    /// - Parameters:
    ///   - range: The positions replaced, within `0...count`.
    ///   - newItems: The items that take their place.
    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newItems: C)
    where C.Element == Item {
        require(
            range.lowerBound >= 0 && range.upperBound <= count,
            "RefreshItems.replaceSubrange(\(range)): it holds \(count) items"
        )
        if range.upperBound == count {
            removeLast(range.count)
            append(contentsOf: newItems)
        } else if range.lowerBound == 0 {
            removeFirst(range.count)
            prepend(ContiguousArray(newItems))
        } else if range.lowerBound < count - range.upperBound {
            var front = copy(0..<range.lowerBound)
            front.append(contentsOf: newItems)
            removeFirst(range.upperBound)
            prepend(front)
        } else {
            var back = ContiguousArray(newItems)
            back.append(contentsOf: copy(range.upperBound..<count))
            removeLast(count - range.lowerBound)
            append(contentsOf: back)
        }
    }
}

extension RefreshItems: ExpressibleByArrayLiteral {
    /// Creates a collection of the items listed: `let items: RefreshItems<Order> = [first, second]`.
    /// - Parameter elements: The items.
    public init(arrayLiteral elements: Item...) {
        self.init(elements)
    }
}

extension RefreshItems: Equatable where Item: Equatable {
    /// Whether two collections hold equal items in the same order.
    public static func == (lhs: RefreshItems, rhs: RefreshItems) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    /// Whether the collection holds the array's items, in its order.
    public static func == (lhs: RefreshItems, rhs: [Item]) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    /// Whether the array holds the collection's items, in its order.
    public static func == (lhs: [Item], rhs: RefreshItems) -> Bool {
        rhs == lhs
    }

    /// Whether the collection holds other items than the array, or in another order.
    public static func != (lhs: RefreshItems, rhs: [Item]) -> Bool {
        !(lhs == rhs)
    }

    /// Whether the array holds other items than the collection, or in another order.
    public static func != (lhs: [Item], rhs: RefreshItems) -> Bool {
        !(rhs == lhs)
    }
}

extension RefreshItems: CustomStringConvertible {
    /// The items, written as an array's are: `[1, 2, 3]`.
    public var description: String {
        Array(self).description
    }
}
