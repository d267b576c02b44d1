import Refreshable
import Testing

/// Sixteen `Int`s: 128 bytes.
private typealias Sixteen = (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)

private let zeros: Sixteen = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

/// An item of over 1 KiB: 16 of them fill a chunk of about 16 KiB, so a few dozen items span many
/// chunks.
private struct Wide: Equatable, Sendable, CustomStringConvertible {
    var value: Int
    var padding = (zeros, zeros, zeros, zeros, zeros, zeros, zeros, zeros)

    init(_ value: Int) {
        self.value = value
    }

    static func == (lhs: Wide, rhs: Wide) -> Bool {
        lhs.value == rhs.value
    }

    var description: String { "\(value)" }
}

/// A small random generator with a fixed seed, so a failure repeats (SplitMix64).
private struct Seeded: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct RefreshItemsTests {
    @Test func readsWritesAndComparesLikeAnArrayFromZero() {
        var items: RefreshItems<Int> = [1, 2, 3]
        #expect(items.count == 3)
        #expect(items[0] == 1 && items[2] == 3)
        #expect(items.startIndex == 0 && items.endIndex == 3)
        items[1] = 20
        #expect(items == [1, 20, 3])
        #expect([1, 20, 3] == items)
        #expect(items != [1, 2, 3])
        #expect([1, 2, 3] != items)
        #expect(items == RefreshItems([1, 20, 3]))
        #expect(items.map { $0 * 2 } == [2, 40, 6])
        #expect(Array(items) == [1, 20, 3])
        #expect(items.description == "[1, 20, 3]")
        #expect(RefreshItems<Int>().isEmpty)
    }

    @Test func everyEditMatchesTheSameEditOfAnArrayAcrossManyChunks() {
        var generator = Seeded(state: 20)
        var next = 0
        func fresh(_ count: Int) -> [Wide] {
            defer { next += count }
            return (next..<(next + count)).map(Wide.init)
        }
        var items = RefreshItems<Wide>()
        var array: [Wide] = []
        for step in 0..<3_000 {
            let count = array.count
            switch Int.random(in: 0..<9, using: &generator) {
            case 0:
                let page = fresh(Int.random(in: 0...40, using: &generator))
                items.append(contentsOf: page)
                array.append(contentsOf: page)
            case 1:
                let page = fresh(Int.random(in: 0...40, using: &generator))
                items.insert(contentsOf: page, at: 0)
                array.insert(contentsOf: page, at: 0)
            case 2:
                let k = Int.random(in: 0...min(count, 40), using: &generator)
                items.removeFirst(k)
                array.removeFirst(k)
            case 3:
                let k = Int.random(in: 0...min(count, 40), using: &generator)
                items.removeLast(k)
                array.removeLast(k)
            case 4:
                let position = Int.random(in: 0...count, using: &generator)
                let item = fresh(1)[0]
                items.insert(item, at: position)
                array.insert(item, at: position)
            case 5 where count > 0:
                let position = Int.random(in: 0..<count, using: &generator)
                #expect(items.remove(at: position) == array.remove(at: position))
            case 6 where count > 0:
                let position = Int.random(in: 0..<count, using: &generator)
                let item = fresh(1)[0]
                items[position] = item
                array[position] = item
            case 7:
                let lower = Int.random(in: 0...count, using: &generator)
                let upper = Int.random(in: lower...count, using: &generator)
                let page = fresh(Int.random(in: 0...20, using: &generator))
                items.replaceSubrange(lower..<upper, with: page)
                array.replaceSubrange(lower..<upper, with: page)
            default:
                let item = fresh(1)[0]
                items.append(item)
                array.append(item)
            }
            #expect(items.count == array.count, "step \(step)")
            #expect(items == array, "step \(step)")
            if items != array { return }
        }
        items.removeAll()
        #expect(items.isEmpty && items == [])
    }

    @Test func aCopyKeepsItsItemsWhileTheOriginalChanges() {
        var items = RefreshItems((0..<100).map(Wide.init))
        let copy = items
        items.append(contentsOf: (100..<120).map(Wide.init))
        items.removeFirst(30)
        items[0] = Wide(-1)
        #expect(copy == (0..<100).map(Wide.init))
        #expect(items.count == 90 && items[0] == Wide(-1) && items[1] == Wide(31))
    }

    @Test func appendingAllocatesByTheChunkNotByCopyingTheItemsHeld() {
        var items = RefreshItems<Wide>()
        var capacities: [Int] = []
        for page in 0..<10 {
            items.append(contentsOf: (page * 20..<(page * 20 + 20)).map(Wide.init))
            capacities.append(items.capacity)
            #expect(items.capacity >= items.count)
        }
        // 16 wide items per chunk: the room left after 200 of them is the rest of the 13th chunk.
        #expect(MemoryLayout<Wide>.stride > 1_024)
        #expect(capacities.last == 13 * 16)
    }
}
