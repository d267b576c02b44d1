extension RefreshPolicy {
    /// Whether a list restored from a ``RefreshSnapshot`` refreshes on its first appearance (see
    /// ``RefreshPolicy/refreshesRestoredList``).
    public struct RestoredListRefresh: Sendable, Hashable {
        /// The youngest age at which a restored source refreshes; `nil` for always.
        let limit: LoadTime?

        /// A restored source refreshes on its first appearance, however young its rows: the
        /// default.
        public static let always = RestoredListRefresh(limit: nil)

        /// A restored source refreshes on its first appearance only when it has no age, or its
        /// age is at least `maxAge`; a younger one shows its rows as they were saved, and its age
        /// goes on from the saved one (``RefreshRuntime/age(of:)``), so
        /// ``RefreshRuntime/refreshIfStale(olderThan:)`` decides from it later. A restored source
        /// has an age only when the app gave the wall clock both when it saved the snapshot
        /// (``RefreshRuntime/snapshot(wallClock:)``) and when it restored it
        /// (``RefreshRuntime/restore(from:wallClock:)``).
        /// - Parameter maxAge: How old a restored list may be without refreshing; a negative one
        ///   counts as zero.
        /// - Returns: The setting.
        @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
        public static func ifOlderThan(_ maxAge: Duration) -> RestoredListRefresh {
            let limit = max(maxAge, .zero).components
            return RestoredListRefresh(limit: LoadTime(seconds: limit.seconds, attoseconds: limit.attoseconds))
        }

        /// The age a restored source may reach without refreshing on its first appearance; `nil`
        /// when it always refreshes.
        @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
        public var maxAge: Duration? { limit?.duration }
    }
}
