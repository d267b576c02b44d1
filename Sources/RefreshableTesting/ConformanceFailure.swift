public import Refreshable

/// One broken rule: which rule, in which scenario, after which steps, and what was expected versus seen.
public struct ConformanceViolation: Sendable, Hashable, CustomStringConvertible {
    /// The rule that broke.
    public let rule: ConformanceRule
    /// The name of the scenario that found it.
    public let scenario: String
    /// The steps that led there, oldest first, such as `loadMore()` or `answer #2 loadMore(source: 0, page: 2) with 3 item(s)`.
    public let steps: [String]
    /// What the adopter did instead of what the rule required.
    public let mismatch: ConformanceMismatch
    /// For a randomized check, the seed that replays it: set ``ConformanceConfiguration/seed`` to
    /// it and the first random episode plays the same events.
    public let seed: UInt64?
    /// What the library recorded when the rule broke: every failure the adopter's sources held,
    /// oldest source first. An answer the library refused shows here with its reason
    /// (`RefreshFailure.Reason.invalidResponse`), such as a `pageCount` of 0 that a client made of
    /// a missing field; a list that holds no items although answers came often has one.
    public let recordedFailures: [RefreshFailure]

    /// What the rule required, in words.
    public var expected: String { mismatch.expected }
    /// What the adopter did instead, in words.
    public var observed: String { mismatch.observed }

    package init(
        rule: ConformanceRule,
        scenario: String,
        steps: [String],
        mismatch: ConformanceMismatch,
        seed: UInt64? = nil,
        recordedFailures: [RefreshFailure] = []
    ) {
        self.rule = rule
        self.scenario = scenario
        self.steps = steps
        self.mismatch = mismatch
        self.seed = seed
        self.recordedFailures = recordedFailures
    }

    /// A multi-line report naming the rule, the scenario, the steps, and expected versus observed.
    public var description: String {
        var lines = ["[\(rule.id)] \(rule.summary)", "  scenario: \(scenario)"]
        if let seed {
            lines.append("  seed: \(seed)")
        }
        lines.append("  steps:")
        if steps.isEmpty {
            lines.append("    (none)")
        }
        for (number, step) in steps.enumerated() {
            lines.append("    \(number + 1). \(step)")
        }
        lines.append("  expected: \(expected)")
        lines.append("  observed: \(observed)")
        if !recordedFailures.isEmpty {
            lines.append("  the library recorded:")
            lines += recordedFailures.map { "    \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}

/// The error the conformance suite throws when an adopter breaks one or more rules.
///
/// Thrown from an `async throws` function, it fails a Swift Testing test and an XCTest test alike,
/// and its ``description`` names every broken rule with the steps that led there.
public struct ConformanceFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The adopter's type name.
    public let adopter: String
    /// Every violation found, one per failing scenario, in the order the scenarios ran.
    public let violations: [ConformanceViolation]
    /// The adopter's own policy (page size, first page, paging, conflict rule), which the
    /// scenarios followed; `nil` when the suite stopped before reading it.
    public let policy: RefreshPolicy?

    package init(adopter: String, violations: [ConformanceViolation], policy: RefreshPolicy? = nil) {
        self.adopter = adopter
        self.violations = violations
        self.policy = policy
    }

    /// The rules that broke, without repeats.
    public var violatedRules: Set<ConformanceRule> { Set(violations.map(\.rule)) }

    /// The ids of the rules that broke, in the Rules article's order, such as `["S9", "S12"]`.
    public var violatedRuleIDs: [String] { violatedRules.sorted().map(\.id) }

    /// A report of the violations: for each broken rule, the one with the fewest steps, then how
    /// many more there are (all of them are in ``violations``).
    public var description: String {
        let under = policy.map { ", under its policy \($0)" } ?? ""
        let header =
            "\(adopter) broke \(violatedRuleIDs.joined(separator: ", ")) in \(violations.count) scenario(s)\(under):"
        var shortest: [ConformanceRule: ConformanceViolation] = [:]
        for violation in violations where violation.steps.count < (shortest[violation.rule]?.steps.count ?? .max) {
            shortest[violation.rule] = violation
        }
        let shown = shortest.values.sorted { $0.rule < $1.rule }
        var parts = [header] + shown.map(\.description)
        if violations.count > shown.count {
            parts.append(
                "and \(violations.count - shown.count) more violation(s) of the same rule(s), in the failure's violations"
            )
        }
        return parts.joined(separator: "\n\n")
    }
}
