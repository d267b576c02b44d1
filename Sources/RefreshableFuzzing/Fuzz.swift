import Refreshable
import RefreshableTesting

/// A hostile-input fuzz of the state machine and of the adopters: seeded episodes of
/// ``FuzzStep`` values, the rules that need no adopter checked after every step, and a failing
/// episode shrunk (``DeltaDebugging``) to the steps a developer can paste into a test.
///
/// A run is deterministic: the same seed, step count and episode length give the same episodes.
/// Each episode draws its own configuration (sources, policy, identity, whether the app changes
/// them under the loads' feet) and steps from its seed; the first episode's seed is the run's.
package enum Fuzz {
    /// Runs `steps` steps in episodes of `episodeLength` from `seed`, stopping at the first failure.
    /// - Parameters:
    ///   - target: What the steps run against.
    ///   - seed: The first episode's seed; the others follow from it.
    ///   - steps: How many steps to run in all.
    ///   - episodeLength: How many steps each fresh list gets.
    ///   - isolation: The caller's actor, on which the episodes run.
    ///   - episodeStarts: Told each episode's seed and length before it runs.
    ///   - replay: Runs one episode and checks it.
    /// - Returns: How many steps ran, and the first failure, shrunk.
    package static func run(
        _ target: FuzzTarget,
        seed: UInt64,
        steps: Int,
        episodeLength: Int,
        isolation: isolated (any Actor)? = #isolation,
        episodeStarts: (UInt64, Int) -> Void = { _, _ in },
        replay: (FuzzConfiguration, [FuzzStep]) async -> FuzzOutcome
    ) async -> FuzzResult {
        precondition(episodeLength > 0, "Fuzz.run: episodeLength is \(episodeLength); pass 1 or more.")
        var seeds = SplitMix64(seed: seed)
        var episodeSeed = seed
        var done = 0
        var episodes = 0
        while done < steps {
            if episodes > 0 {
                episodeSeed = seeds.next()
            }
            let length = min(episodeLength, steps - done)
            let (configuration, sequence) = episode(target, seed: episodeSeed, length: length)
            episodeStarts(episodeSeed, length)
            let outcome = await replay(configuration, sequence)
            done += outcome.executed
            episodes += 1
            if let violation = outcome.violation {
                let failing = Array(sequence.prefix(outcome.executed))
                let failure = await shrink(
                    failing, configuration: configuration, violation: violation, replay: replay)
                return FuzzResult(
                    steps: done, episodes: episodes,
                    failure: FuzzFailure(target: target, seed: episodeSeed, originalStepCount: length, failure))
            }
        }
        return FuzzResult(steps: done, episodes: episodes, failure: nil)
    }

    /// The configuration and steps of the episode `seed` starts, `length` steps long.
    package static func episode(
        _ target: FuzzTarget,
        seed: UInt64,
        length: Int
    ) -> (FuzzConfiguration, [FuzzStep]) {
        var random = SplitMix64(seed: seed)
        let configuration = FuzzConfiguration.random(&random, target: target)
        return (configuration, FuzzStep.sequence(count: length, target: target, configuration: configuration, &random))
    }

    /// Shrinks a failing episode while it breaks the same invariant, and replays the result for its
    /// transcript.
    static func shrink(
        _ steps: [FuzzStep],
        configuration: FuzzConfiguration,
        violation: FuzzViolation,
        isolation: isolated (any Actor)? = #isolation,
        replay: (FuzzConfiguration, [FuzzStep]) async -> FuzzOutcome
    ) async -> ShrunkCase {
        let shrunk = await DeltaDebugging.shrink(steps) { candidate in
            let outcome = await replay(configuration, candidate)
            return outcome.violation?.invariant == violation.invariant ? outcome.executed : nil
        }
        let final = await replay(configuration, shrunk)
        guard let shown = final.violation else {
            // A failure that did not come back on replay: report the unshrunk steps.
            let again = await replay(configuration, steps)
            return ShrunkCase(
                configuration: configuration, originalSteps: steps.count, steps: steps, transcript: again.transcript,
                violation: again.violation ?? violation)
        }
        return ShrunkCase(
            configuration: configuration, originalSteps: steps.count, steps: shrunk, transcript: final.transcript,
            violation: shown)
    }
}

/// What a fuzz runs against.
package enum FuzzTarget: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `RefreshSources`, the pure state machine.
    case sources
    /// A `Refreshable` adopter on the kit's doubles, reporting answers through its callbacks.
    case adopter
    /// An `AsyncRefreshable` adopter on the kit's doubles, whose runtime runs the loads.
    case asyncAdopter
    /// A `RefreshListModel`, whose runtime runs the loads.
    case listModel

    package var description: String { rawValue }
}

/// The list an episode starts with: its sources, policy and identity, and whether the app changes
/// them during the episode.
package struct FuzzConfiguration: Sendable, Hashable, CustomStringConvertible {
    /// How many sources (tabs) the list starts with.
    package var sourceCount: Int
    /// The paging rules.
    package var policy: RefreshPolicy
    /// The identity's duplicate rule; `nil` for a list without an identity.
    package var duplicates: RefreshItemIdentity<TestItem>.DuplicateRule?
    /// Whether the episode changes the policy, the identity and the sources (``FuzzChange``).
    package var changes: Bool

    /// Creates a configuration.
    package init(
        sourceCount: Int = 2,
        policy: RefreshPolicy = RefreshPolicy(pageSize: 3),
        duplicates: RefreshItemIdentity<TestItem>.DuplicateRule? = nil,
        changes: Bool = false
    ) {
        precondition(sourceCount >= 1, "FuzzConfiguration.sourceCount is \(sourceCount); pass 1 or more.")
        self.sourceCount = sourceCount
        self.policy = policy
        self.duplicates = duplicates
        self.changes = changes
    }

    /// The identity the configuration asks for.
    var identity: RefreshItemIdentity<TestItem>? {
        duplicates.map { .id(duplicates: $0) }
    }

    /// The end-of-list texts of `count` sources from `start`: `"s0"`, `"s1"`, ...
    static func titles(_ count: Int, from start: Int = 0) -> [String] {
        (start..<(start + count)).map { "s\($0)" }
    }

    /// Swift that builds the configuration again.
    package var description: String {
        var parts = ["sourceCount: \(sourceCount)", "policy: \(policy.swiftLiteral)"]
        if let duplicates { parts.append("duplicates: .\(duplicates.swiftName)") }
        if changes { parts.append("changes: true") }
        return "FuzzConfiguration(\(parts.joined(separator: ", ")))"
    }

    static func random(_ random: inout SplitMix64, target: FuzzTarget) -> FuzzConfiguration {
        let pageSize = [1, 2, 3, 3, 5][random.below(5)]
        let firstPage = [0, 1, 1, 3][random.below(4)]
        let offset = [0, 0, 0, 1, -1][random.below(5)]
        let paging: RefreshPolicy.Paging = random.below(3) == 0 ? .cursors : .pageNumbers
        let maxPages = [nil, nil, nil, 1, 2, 3][random.below(6)]
        let rule: RefreshPolicy.ConflictRule = [.refreshWins, .refreshWins, .latestRefreshWins, .inFlightWins][
            random.below(4)]
        let policy = RefreshPolicy(
            pageSize: pageSize, firstPage: firstPage, curPageOffset: offset, paging: paging, maxPages: maxPages,
            conflictRule: rule)
        return FuzzConfiguration(
            sourceCount: 1 + random.below(3),
            policy: policy,
            duplicates: [nil, .keepHeld, .takeNewer][random.below(3)],
            changes: random.below(2) == 0
        )
    }
}

/// A rule a fuzz checks after every step, from the Rules article of the Refreshable documentation
/// and the articles it links.
package enum FuzzInvariant: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A hostile answer (a negative count, a page other than the one asked for, `curPage` past
    /// `pageCount`, a repeated cursor) is refused with a typed ``RefreshFailure/Reason/invalidResponse(_:)``.
    case hostileAnswerRefused
    /// An answer the rules find nothing wrong with is applied.
    case validAnswerApplied
    /// A refused, failed or cancelled load leaves the items, the committed page and the end of
    /// the list as they were; a refused or failed one keeps a typed failure, a cancelled one none.
    case failureKeepsState
    /// A superseded, cancelled, repeated or forged answer is discarded and changes nothing.
    case staleAnswerDiscarded
    /// At most one load of a source is in flight in each direction, and a load that replaces one
    /// says so.
    case oneLoadPerDirection
    /// With an identity, no two held items share an id.
    case itemsHeldOnce
    /// Items, pages, ends of the list and loads follow the rules, as the reference model has them.
    case stateFollowsRules
    /// An awaited `refresh()` returns once its refresh settles or is discarded.
    case awaitedRefreshReturns
    /// A list on screen whose current source has not loaded is loading it, or shows why not.
    case currentSourceNotBlank
    /// One user action costs a bounded number of requests.
    case requestsPerActionBounded

    package var description: String {
        switch self {
        case .hostileAnswerRefused: return "a hostile answer is refused with a typed failure"
        case .validAnswerApplied: return "an answer the rules accept is applied"
        case .failureKeepsState: return "a refused, failed or cancelled load keeps the items, page and end of the list"
        case .staleAnswerDiscarded: return "a stale or forged answer is discarded and changes nothing"
        case .oneLoadPerDirection: return "at most one load per source and direction"
        case .itemsHeldOnce: return "with an identity, each id is held once"
        case .stateFollowsRules: return "the state follows the rules (reference model)"
        case .awaitedRefreshReturns: return "an awaited refresh() returns once its refresh settles"
        case .currentSourceNotBlank: return "a list on screen is never left blank with no way forward"
        case .requestsPerActionBounded: return "a user action costs a bounded number of requests"
        }
    }
}

/// An invariant broken at one step, with what the rules called for and what happened.
package struct FuzzViolation: Sendable, Hashable, CustomStringConvertible {
    /// The invariant broken.
    package let invariant: FuzzInvariant
    /// What the rules called for.
    package let expected: String
    /// What happened instead.
    package let observed: String

    package init(_ invariant: FuzzInvariant, expected: String, observed: String) {
        self.invariant = invariant
        self.expected = expected
        self.observed = observed
    }

    package var description: String {
        "broke \"\(invariant)\": expected \(expected); observed \(observed)"
    }
}

/// One episode replayed: how many steps ran (up to and including the failing one), the first
/// violation, and the calls made, as Swift.
package struct FuzzOutcome: Sendable {
    package let executed: Int
    package let violation: FuzzViolation?
    package let transcript: [String]
}

/// A failing episode after shrinking.
struct ShrunkCase: Sendable {
    let configuration: FuzzConfiguration
    let originalSteps: Int
    let steps: [FuzzStep]
    let transcript: [String]
    let violation: FuzzViolation
}

/// What ``Fuzz/run(_:seed:steps:episodeLength:replay:)`` found.
package struct FuzzResult: Sendable {
    /// How many steps ran, including the failing one.
    package let steps: Int
    /// How many fresh lists the steps ran against.
    package let episodes: Int
    /// The first failure, shrunk; `nil` when every invariant held.
    package let failure: FuzzFailure?
}

/// A failing episode: its seed, the shrunk steps and the calls they make, and the invariant broken.
package struct FuzzFailure: Error, Sendable, CustomStringConvertible {
    /// What the steps ran against.
    package let target: FuzzTarget
    /// The episode's seed: ``Fuzz/episode(_:seed:length:)`` with it and ``episodeLength`` gives the
    /// unshrunk episode.
    package let seed: UInt64
    /// The length of the failing episode as drawn.
    package let episodeLength: Int
    /// The steps up to the failing one, before shrinking.
    package let originalStepCount: Int
    /// The episode's list.
    package let configuration: FuzzConfiguration
    /// The shortest failing sequence found.
    package let steps: [FuzzStep]
    /// The calls ``steps`` make, as Swift, with what each returned.
    package let transcript: [String]
    /// The invariant broken, with expected and observed.
    package let violation: FuzzViolation

    init(target: FuzzTarget, seed: UInt64, originalStepCount length: Int, _ shrunk: ShrunkCase) {
        self.target = target
        self.seed = seed
        episodeLength = length
        originalStepCount = shrunk.originalSteps
        configuration = shrunk.configuration
        steps = shrunk.steps
        transcript = shrunk.transcript
        violation = shrunk.violation
    }

    /// The invariant broken.
    package var invariant: FuzzInvariant { violation.invariant }

    /// The seed as the fuzz's command line takes it.
    package var seedText: String { "0x" + String(seed, radix: 16) }

    /// A report: the seed and how to replay it, the steps as an array literal, the calls they make,
    /// and expected versus observed.
    package var description: String {
        var lines = [
            "fuzz (\(target)) broke \"\(violation.invariant)\" in the episode of seed \(seedText): "
                + "\(originalStepCount) step(s) shrunk to \(steps.count).",
            "Replay: swift run -c release RefreshableFuzz --replay \(target):\(seedText):\(episodeLength)",
            "Steps (for Fuzz replays):",
            "    let configuration = \(configuration)",
            "    let steps: [FuzzStep] = [",
        ]
        lines += steps.map { "        \($0)," }
        lines.append("    ]")
        lines.append("As calls:")
        lines += transcript.map { "    " + $0 }
        lines.append("Expected: \(violation.expected)")
        lines.append("Observed: \(violation.observed)")
        return lines.joined(separator: "\n")
    }
}
