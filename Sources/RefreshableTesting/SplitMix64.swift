/// A small, fast, seeded random number generator (Steele, Lea and Flood's SplitMix64), so that a
/// randomized check replays exactly from its seed on every platform.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator.
    /// - Parameter seed: Any value; equal seeds give equal sequences.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    /// - Returns: A random value.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A random value in `0..<bound`, without modulo bias worth caring about for test generation.
    /// - Parameter bound: The exclusive upper bound; must be positive.
    /// - Returns: A value below `bound`.
    package mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "SplitMix64.below(_:): bound is \(bound); pass a positive bound.")
        return Int(next() % UInt64(bound))
    }
}
