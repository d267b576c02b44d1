/// Shrinks a failing sequence of steps to a short one that still fails the same way.
///
/// Delta debugging: removes chunks of steps, halving the chunk size, while the sequence still
/// fails; each time it fails, the sequence is cut after the failing step. Steps must name what
/// they act on so that any subsequence is still a valid sequence (an answer names a pending load
/// by position, modulo how many there are), as ``ModelEvent`` and the fuzz's steps do.
package enum DeltaDebugging {
    /// The most replays one shrink runs: enough for sequences of a few hundred steps.
    package static var replayLimit: Int { 5_000 }

    /// Shrinks `steps`.
    /// - Parameters:
    ///   - steps: A sequence that fails.
    ///   - isolation: The caller's actor, on which the replays run.
    ///   - stillFails: Replays a candidate; returns how many of its steps ran up to and including
    ///     the failing one when it fails the same way, or `nil` when it passes (or fails otherwise).
    /// - Returns: The shortest failing sequence found; `steps` itself when no shorter one fails.
    package static func shrink<Step: Sendable>(
        _ steps: [Step],
        isolation: isolated (any Actor)? = #isolation,
        stillFails: ([Step]) async -> Int?
    ) async -> [Step] {
        var current = steps
        var chunk = max(current.count / 2, 1)
        var replays = 0
        while replays < replayLimit {
            var start = 0
            var removedAny = false
            while start < current.count, replays < replayLimit {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                replays += 1
                if let executed = await stillFails(candidate) {
                    current = Array(candidate.prefix(executed))
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny {
                if chunk == 1 {
                    break
                }
                chunk /= 2
            }
        }
        return current
    }
}
