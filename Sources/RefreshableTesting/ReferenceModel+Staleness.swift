import Refreshable

/// Staleness in the reference model (rule ST): a source's age is the time since its last
/// successful refresh, and `refreshIfStale(olderThan:)` refreshes a source with no age or one at
/// least that old, unless it is loading or the list is offline (rule O); refused offline, it is
/// remembered for the source, and coming back online runs it.
extension ReferenceModel {
    /// Whether `refreshIfStale(olderThan:)` with `maxAge` seconds refreshes the current source.
    /// Offline, a stale source that is not loading remembers the most demanding age limit asked.
    mutating func refreshesIfStale(olderThan maxAge: Int) -> Bool {
        guard !isLoading(source: current) else { return false }
        if let refreshedAt = sources[current].refreshedAt, now - refreshedAt < maxAge {
            return false
        }
        guard !offline else {
            sources[current].staleCheckOnReconnect = min(maxAge, sources[current].staleCheckOnReconnect ?? maxAge)
            return false
        }
        return true
    }

    /// Coming back online: the age limit remembered for the current source, if any; every
    /// source's is forgotten.
    mutating func takeStaleCheckOnReconnect() -> Int? {
        let check = sources[current].staleCheckOnReconnect
        for index in sources.indices {
            sources[index].staleCheckOnReconnect = nil
        }
        return check
    }
}
