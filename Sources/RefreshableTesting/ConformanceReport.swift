public import Refreshable

/// What a conformance run checked, and what it could not check with the adopter's wiring.
///
/// ``RefreshableConformance/check(_:rules:makeItem:makeAdopter:)`` returns it when every checked rule
/// held. A control the adopter does not expose and never drives cannot be observed, so the checks
/// that look at it are skipped and listed in ``unchecked``, never passed silently:
///
/// ```swift
/// let report = try await RefreshableConformance.check { rig in makeController(rig) }
/// #expect(report.unchecked.isEmpty, "\(report)")   // when the screen has all three
/// ```
public struct ConformanceReport: Sendable, Hashable, CustomStringConvertible {
    /// One kind of check the suite skipped for a rule, and why.
    public struct UncheckedRule: Sendable, Hashable, CustomStringConvertible {
        /// The rule whose check was skipped (the rest of the rule's scenarios still ran).
        public let rule: ConformanceRule
        /// What was not checked, and why, such as "the failure placeholder and messages: the
        /// adopter's refreshListView is nil and it never called rig.listView".
        public let reason: String

        package init(rule: ConformanceRule, reason: String) {
            self.rule = rule
            self.reason = reason
        }

        /// The entry as one line, such as `S6: the failure placeholder …`.
        public var description: String { "\(rule.id): \(reason)" }
    }

    /// The adopter's type name.
    public let adopter: String
    /// The number of scenarios that ran.
    public let scenarioCount: Int
    /// The number of random events checked against the reference model.
    public let randomizedSteps: Int
    /// The checks that were skipped, one entry per rule and reason, in the order they were first met.
    public let unchecked: [UncheckedRule]

    /// The end-of-list signals the scenarios and the random answers sent: those declared in
    /// ``ConformanceConfiguration/endOfListSignals``, or those the adopter was found to forward.
    public let endOfListSignals: EndOfListSignals
    /// Whether ``endOfListSignals`` were found by probing the adopter rather than declared.
    public let signalsWereFound: Bool
    /// The rules whose scenarios ran: the general rules, and those of the features the adopter
    /// uses (``ConformanceRule/itemsHeldOnce`` with an identity, ``ConformanceRule/pageCap`` under a
    /// cap, ``ConformanceRule/retry`` with a retry policy, and so on).
    public let checkedRules: Set<ConformanceRule>
    /// The adopter's own policy (page size, first page, paging, conflict rule), which the scenarios
    /// and the random events followed, and which the rigs handed to your factory carried once the
    /// suite had read it.
    public let policy: RefreshPolicy?

    package init(
        adopter: String,
        scenarioCount: Int,
        randomizedSteps: Int,
        unchecked: [UncheckedRule],
        endOfListSignals: EndOfListSignals = .all,
        signalsWereFound: Bool = false,
        checkedRules: Set<ConformanceRule> = [],
        policy: RefreshPolicy? = nil
    ) {
        self.adopter = adopter
        self.scenarioCount = scenarioCount
        self.randomizedSteps = randomizedSteps
        self.unchecked = unchecked
        self.endOfListSignals = endOfListSignals
        self.signalsWereFound = signalsWereFound
        self.checkedRules = checkedRules
        self.policy = policy
    }

    /// The rules with at least one skipped check.
    public var uncheckedRules: Set<ConformanceRule> { Set(unchecked.map(\.rule)) }

    /// A summary, then one line per skipped check.
    public var description: String {
        let under = policy.map { ", under its policy \($0)" } ?? ""
        let signals =
            "end-of-list signals \(endOfListSignals) (\(signalsWereFound ? "found by probing" : "declared"))\(under)"
        let rules = checkedRules.sorted().map(\.id).joined(separator: " ")
        let summary =
            "\(adopter) kept every checked rule (\(rules)) in \(scenarioCount) scenario(s) and \(randomizedSteps) random event(s), with \(signals)"
        guard !unchecked.isEmpty else { return summary + "; nothing was left unchecked." }
        return ([summary + "; not checked:"] + unchecked.map { "  \($0)" }).joined(separator: "\n")
    }
}
