import Foundation
import Refreshable
import RefreshableFuzzing
import RefreshableTesting

/// The command line: which targets to fuzz, for how many steps, from which seed; or one episode
/// to replay.
@MainActor
struct FuzzCommand {
    static let usage = """
        usage: RefreshableFuzz [--target sources|adopter|asyncAdopter|listModel|all] [--steps N] [--seed S]
                               [--episode-length L] [--known-bug NAME]...
               RefreshableFuzz --replay TARGET:SEED:LENGTH [--known-bug NAME]...
        known bugs (left out unless named): \(FuzzKnownBug.allCases.map(\.rawValue).joined(separator: ", "))
        """

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    private var targets = FuzzTarget.allCases
    private var steps = 1_000_000
    private var seed: UInt64 = 0xF022_0019
    private var episodeLength: Int?
    private var replay: (target: FuzzTarget, seed: UInt64, length: Int)?
    private var knownBugs: Set<FuzzKnownBug> = []

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
            switch flag {
            case "--target":
                targets = value == "all" ? FuzzTarget.allCases : [try Self.target(value)]
            case "--steps":
                guard let count = Int(value), count > 0 else { throw UsageError(description: "bad --steps \(value)") }
                steps = count
            case "--seed":
                seed = try Self.seed(value)
            case "--episode-length":
                guard let length = Int(value), length > 0 else {
                    throw UsageError(description: "bad --episode-length \(value)")
                }
                episodeLength = length
            case "--known-bug":
                guard let bug = FuzzKnownBug(rawValue: value) else {
                    throw UsageError(description: "unknown known bug \(value)")
                }
                knownBugs.insert(bug)
            case "--replay":
                let parts = value.split(separator: ":").map(String.init)
                guard parts.count == 3, let length = Int(parts[2]), length > 0 else {
                    throw UsageError(description: "--replay takes TARGET:SEED:LENGTH, such as sources:0x2a:200")
                }
                replay = (try Self.target(parts[0]), try Self.seed(parts[1]), length)
            default:
                throw UsageError(description: "unknown option \(flag)")
            }
        }
    }

    /// Runs the fuzz or the replay; returns the exit code.
    func run() async -> Int32 {
        TrapReport.install()
        if let replay {
            return await replayEpisode(replay.target, seed: replay.seed, length: replay.length)
        }
        let shares = Self.shares(of: steps, among: targets)
        var failed = false
        for (target, count) in zip(targets, shares) where count > 0 {
            let start = Date()
            let result = await Fuzz.run(
                target, seed: seed, steps: count, episodeLength: episodeLength, including: knownBugs
            ) {
                TrapReport.episode(target, seed: $0, length: $1)
            }
            let seconds = Date().timeIntervalSince(start)
            let rate = seconds > 0 ? Int(Double(result.steps) / seconds) : 0
            print(
                "\(target): \(result.steps) steps in \(result.episodes) episodes, "
                    + String(format: "%.1f s (%d steps/s)", seconds, rate))
            if let failure = result.failure {
                print(failure)
                failed = true
            }
        }
        return failed ? 1 : 0
    }

    /// Replays one episode, printing each step's calls before the next step runs, so that a trap
    /// shows the calls that led to it: each prefix of the steps replays on a fresh list.
    private func replayEpisode(_ target: FuzzTarget, seed: UInt64, length: Int) async -> Int32 {
        let (configuration, steps) = Fuzz.episode(target, seed: seed, length: length)
        TrapReport.episode(target, seed: seed, length: length)
        print("let configuration = \(configuration)")
        var printed = 0
        for count in 1...steps.count {
            print("// step \(count): \(steps[count - 1])")
            fflush(nil)
            let outcome = await Fuzz.replay(
                target, Array(steps.prefix(count)), configuration: configuration, including: knownBugs)
            for line in outcome.transcript.dropFirst(printed) {
                print(line)
            }
            printed = outcome.transcript.count
            if let violation = outcome.violation {
                print("step \(outcome.executed): \(violation)")
                return 1
            }
        }
        print("\(target) episode \(seed) (\(length) steps): every invariant held")
        return 0
    }

    /// Splits the steps: the state machine's steps are cheap, an adopter's each wait for the main
    /// actor's queue, so the state machine takes the largest share.
    static func shares(of steps: Int, among targets: [FuzzTarget]) -> [Int] {
        let weights = targets.map { target -> Int in
            switch target {
            case .sources: return 8
            case .adopter, .asyncAdopter, .listModel: return 1
            }
        }
        let total = weights.reduce(0, +)
        var shares = weights.map { steps / total * $0 }
        shares[0] += steps - shares.reduce(0, +)
        return shares
    }

    private static func target(_ name: String) throws -> FuzzTarget {
        guard let target = FuzzTarget(rawValue: name) else {
            throw UsageError(description: "unknown target \(name); targets: \(FuzzTarget.allCases)")
        }
        return target
    }

    private static func seed(_ text: String) throws -> UInt64 {
        let value = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        guard let value else { throw UsageError(description: "bad seed \(text)") }
        return value
    }
}
