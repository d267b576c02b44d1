import Refreshable

/// Staleness in the reference model (rule ST): a source's age is the time since its last
/// successful refresh, and `refreshIfStale(olderThan:)` refreshes a source with no age or one at
/// least that old, unless it is loading or the list is offline (rule O).
extension ReferenceModel {
    /// Whether `refreshIfStale(olderThan:)` with `maxAge` seconds refreshes the current source.
    func refreshesIfStale(olderThan maxAge: Int) -> Bool {
        guard !offline, !isLoading(source: current) else { return false }
        guard let refreshedAt = sources[current].refreshedAt else { return true }
        return now - refreshedAt >= maxAge
    }
}
