import Refreshable
import RefreshableTesting

/// Each target's fuzz behind one entry point, for the fuzz's command line and tests.
extension Fuzz {
    /// The episode length a target runs by default: the state machine's episodes are long, so its
    /// lists grow and shrink through many pages; an adopter's are shorter.
    package static func defaultEpisodeLength(_ target: FuzzTarget) -> Int {
        target == .sources ? 200 : 100
    }

    /// Runs `steps` steps of `target` from `seed`.
    /// - Parameters:
    ///   - target: What the steps run against.
    ///   - seed: The first episode's seed.
    ///   - steps: How many steps to run in all.
    ///   - episodeLength: How many steps each fresh list gets; the target's default when `nil`.
    ///   - knownBugs: The known bugs whose checks and steps to include.
    ///   - episodeStarts: Told each episode's seed and length before it runs.
    /// - Returns: How many steps ran, and the first failure, shrunk.
    @MainActor
    package static func run(
        _ target: FuzzTarget,
        seed: UInt64,
        steps: Int,
        episodeLength: Int? = nil,
        including knownBugs: Set<FuzzKnownBug> = [],
        episodeStarts: (UInt64, Int) -> Void = { _, _ in }
    ) async -> FuzzResult {
        let length = episodeLength ?? defaultEpisodeLength(target)
        return await run(target, seed: seed, steps: steps, episodeLength: length, episodeStarts: episodeStarts) {
            await replay(target, $1, configuration: $0, including: knownBugs)
        }
    }

    /// Replays `steps` of `target` on a fresh list and stops at the first violation.
    @MainActor
    package static func replay(
        _ target: FuzzTarget,
        _ steps: [FuzzStep],
        configuration: FuzzConfiguration,
        including knownBugs: Set<FuzzKnownBug> = []
    ) async -> FuzzOutcome {
        switch target {
        case .sources:
            return SourcesFuzz.replay(steps, configuration: configuration)
        case .adopter, .asyncAdopter, .listModel:
            return await AdopterFuzz.replay(target, steps, configuration: configuration, including: knownBugs)
        }
    }
}
