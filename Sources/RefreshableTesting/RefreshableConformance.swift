public import Refreshable

/// The conformance suite: runs every rule of Refreshable's behaviour as a named scenario against
/// your adopter, and throws a ``ConformanceFailure`` naming each rule it broke.
///
/// ```swift
/// @Test @MainActor func ordersControllerKeepsTheRules() async throws {
///     try await RefreshableConformance.check(makeItem: { Order(testItem: $0) }) { rig in
///         OrdersController(sources: rig.makeSources(), header: rig.header, footer: rig.footer,
///                          list: rig.listView, api: LoaderOrdersAPI(loader: rig.loader))
///     }
/// }
/// ```
///
/// Each scenario gets a fresh ``ConformanceRig`` and a fresh adopter from your factory. After the
/// scenarios, ``ConformanceConfiguration/randomizedSteps`` random steps are checked against a
/// small reference model of the rules, in episodes of 100 events on fresh adopters; a failure is
/// shrunk to the shortest sequence found and carries the seed that replays it. The suite needs
/// `pageSize` of at least 2, and `maxLoadsWithoutProgress` of at most 16.
///
/// The suite adapts to the adopter: it reads the adopter's own policy (first page, page size,
/// conflict rule) and sends only the end-of-list signals its loader forwards, declared in
/// ``ConformanceConfiguration/endOfListSignals`` or found by probing fresh adopters; scenarios
/// about a signal the loader does not forward do not run. ``ConformanceReport/endOfListSignals``
/// says which were sent.
///
/// A control the adopter does not expose and never drives cannot be observed: the checks that look
/// at it are skipped and listed in the returned ``ConformanceReport``, not passed silently.
///
/// The suite pulls the controls as a user does, through the adopter's wiring of the doubles (MJRefresh's
/// `refreshingBlock`, `addAction(_:for:)` for `.valueChanged`, or `action`; what the adopter
/// leaves unwired is wired to its control actions), and lets MJRefresh's late callbacks arrive.
/// To check a view controller through its own wiring, a view model with its controller, or a
/// SwiftUI list model, see <doc:TestingAViewController>.
public enum RefreshableConformance {
    /// Runs every scenario (or those of `rules`) against adopters made by `makeAdopter`.
    /// - Parameters:
    ///   - configuration: Sources, policy, the doubles' behaviour and the random steps.
    ///   - rules: The rules to check; every rule when `nil`. The random events run either way and
    ///     go past a divergence from a rule left out, which the report lists as not checked.
    ///   - makeItem: Turns the loader's ``TestItem`` values into the adopter's items; equal items only for equal inputs.
    ///   - makeAdopter: Builds the adopter wired to the rig's doubles, loader and sources.
    /// - Returns: What ran, and the checks skipped because the adopter lacks a control or a second source.
    /// - Throws: ``ConformanceFailure`` listing every broken rule.
    @MainActor
    @discardableResult
    public static func check<Item: Equatable, Adopter: Refreshable>(
        _ configuration: ConformanceConfiguration = ConformanceConfiguration(),
        rules: Set<ConformanceRule>? = nil,
        makeItem: @escaping @Sendable (TestItem) -> Item,
        makeAdopter: @MainActor (ConformanceRig<Item>) -> Adopter
    ) async throws(ConformanceFailure) -> ConformanceReport where Adopter.Item == Item {
        let outcome = await run(
            configuration,
            rules: rules,
            makeItem: makeItem,
            makeAdopter: makeAdopter
        )
        return try report(outcome, adopter: String(describing: Adopter.self))
    }

    /// The report of a run, or the failure listing its violations.
    package static func report(
        _ outcome: RunOutcome,
        adopter: String
    ) throws(ConformanceFailure) -> ConformanceReport {
        guard outcome.violations.isEmpty else {
            throw ConformanceFailure(adopter: adopter, violations: outcome.violations, policy: outcome.traits?.policy)
        }
        return ConformanceReport(
            adopter: adopter,
            scenarioCount: outcome.scenarioCount,
            randomizedSteps: outcome.randomizedSteps,
            unchecked: outcome.unchecked,
            endOfListSignals: outcome.traits?.signals ?? [],
            signalsWereFound: outcome.traits?.discovered ?? false,
            checkedRules: outcome.checkedRules,
            policy: outcome.traits?.policy
        )
    }

    /// What a run found.
    package typealias RunOutcome = (
        violations: [ConformanceViolation], unchecked: [ConformanceReport.UncheckedRule], scenarioCount: Int,
        randomizedSteps: Int, traits: AdopterTraits?, checkedRules: Set<ConformanceRule>
    )

    /// Runs every scenario (or those of `rules`) against adopters whose items are ``TestItem`` values.
    /// - Parameters:
    ///   - configuration: Sources, policy, the doubles' behaviour and the random steps.
    ///   - rules: The rules to check; every rule when `nil`. The random events run either way and
    ///     go past a divergence from a rule left out, which the report lists as not checked.
    ///   - makeAdopter: Builds the adopter wired to the rig's doubles, loader and sources.
    /// - Returns: What ran, and the checks skipped because the adopter lacks a control or a second source.
    /// - Throws: ``ConformanceFailure`` listing every broken rule.
    @MainActor
    @discardableResult
    public static func check<Adopter: Refreshable>(
        _ configuration: ConformanceConfiguration = ConformanceConfiguration(),
        rules: Set<ConformanceRule>? = nil,
        makeAdopter: @MainActor (ConformanceRig<TestItem>) -> Adopter
    ) async throws(ConformanceFailure) -> ConformanceReport where Adopter.Item == TestItem {
        try await check(configuration, rules: rules, makeItem: { $0 }, makeAdopter: makeAdopter)
    }

    /// The largest `RefreshPolicy.maxLoadsWithoutProgress` the suite checks: its scenarios for
    /// rule S14 load that many pages of nothing new.
    package static let largestCheckedLoadsWithoutProgress = 16

    /// The names of the scenarios the suite runs for every adopter, for each rule, for
    /// documentation and reports.
    @MainActor
    package static var scenarioNames: [(rule: ConformanceRule, name: String)] {
        AdopterScenario<NeverAdopter>.all.filter { $0.feature == nil }.map { ($0.rule, $0.name) }
    }

    /// The names of the scenarios the suite runs only for an adopter whose list has an identity.
    @MainActor
    package static var identityScenarioNames: [(rule: ConformanceRule, name: String)] {
        AdopterScenario<NeverAdopter>.all.filter { $0.feature == .identity }.map { ($0.rule, $0.name) }
    }

    /// The names of the scenarios the suite runs only for an adopter whose policy pages by cursor.
    @MainActor
    package static var cursorScenarioNames: [(rule: ConformanceRule, name: String)] {
        AdopterScenario<NeverAdopter>.all.filter { $0.feature == .cursors || $0.feature == .previousPagesByCursor }
            .map { ($0.rule, $0.name) }
    }

    /// The names of the scenarios the suite runs only for an adopter whose policy caps the pages held.
    @MainActor
    package static var pageCapScenarioNames: [(rule: ConformanceRule, name: String)] {
        AdopterScenario<NeverAdopter>.all.filter { $0.feature == .pageCap }.map { ($0.rule, $0.name) }
    }

    /// The names of the scenarios the suite runs only for an adopter whose runtime retries.
    @MainActor
    package static var retryScenarioNames: [(rule: ConformanceRule, name: String)] {
        AdopterScenario<NeverAdopter>.all.filter { $0.feature == .retry }.map { ($0.rule, $0.name) }
    }

    /// The names of the scenarios the suite runs only for an adopter whose policy numbers answers
    /// differently from requests.
    @MainActor
    package static var answerNumberingScenarioNames: [(rule: ConformanceRule, name: String)] {
        AdopterScenario<NeverAdopter>.all.filter { $0.feature == .answerNumbering }.map { ($0.rule, $0.name) }
    }

    @MainActor
    package static func run<Adopter: Refreshable>(
        _ configuration: ConformanceConfiguration,
        rules: Set<ConformanceRule>?,
        makeItem: @escaping @Sendable (TestItem) -> Adopter.Item,
        makeAdopter: @MainActor (ConformanceRig<Adopter.Item>) -> Adopter
    ) async -> RunOutcome where Adopter.Item: Equatable {
        if let wiring = wiringViolation(configuration, rules: rules, makeItem: makeItem, makeAdopter: makeAdopter) {
            return ([wiring], [], 0, 0, nil, [])
        }
        let traits = await AdopterTraits.learn(configuration, makeItem: makeItem, makeAdopter: makeAdopter)
        // From here on the rigs carry the adopter's own policy, so that a page size or first page
        // the factory reads from the rig is the list's.
        var configuration = configuration
        configuration.policy = traits.policy
        var found: [ConformanceViolation] = []
        var unchecked: [ConformanceReport.UncheckedRule] = []
        var scenarioCount = 0
        var checkedRules: Set<ConformanceRule> = []
        var randomizedSteps = 0
        if traits.discovered, traits.signals.isEmpty, traits.policy.paging == .pageNumbers {
            let reason =
                "the end of the list by a server signal: probing found none forwarded (hasMore, curPage/pageCount, "
                + "totalCount), so only short and empty pages were checked to end it; declare the signals your "
                + "server sends with ConformanceConfiguration(endOfListSignals:), so that dropping one fails"
            unchecked.append(ConformanceReport.UncheckedRule(rule: .endOfList, reason: reason))
        }
        let budget = WaitBudget()
        for scenario in AdopterScenario<Adopter>.all
        where rules?.contains(scenario.rule) ?? true && scenario.needs.isMet(by: traits.signals)
            && scenario.feature.map({ $0.isUsed(by: traits) }) ?? true
        {
            let rig = ConformanceRig(configuration: configuration, makeItem: makeItem)
            let driver = AdopterDriver(rig: rig, makeAdopter: makeAdopter, budget: budget)
            guard driver.sources.count >= scenario.minimumSources else {
                let entry = ConformanceReport.UncheckedRule(
                    rule: scenario.rule,
                    reason:
                        "the scenario \"\(scenario.name)\" needs \(scenario.minimumSources) sources; the adopter has \(driver.sources.count)"
                )
                unchecked.append(entry)
                continue
            }
            if scenario.feature != .pageCap, scenario.feature != .refreshAroundPosition {
                driver.leaveRoomForAllPages()
            }
            scenarioCount += 1
            checkedRules.insert(scenario.rule)
            let context = ScenarioContext(scenario: scenario.name, driver: driver, traits: traits, rules: rules)
            do {
                try await scenario.body(context)
            } catch let stop as ScenarioStop {
                found.append(stop.violation)
            } catch {
                found.append(
                    ConformanceViolation(
                        rule: scenario.rule,
                        scenario: scenario.name,
                        steps: context.steps,
                        mismatch: .threw(String(describing: error))
                    )
                )
            }
            await context.finish()
            unchecked += context.unchecked.filter { !unchecked.contains($0) }
        }
        if configuration.randomizedSteps > 0 {
            let result = await RefreshableModelCheck.run(
                configuration,
                traits: traits,
                steps: configuration.randomizedSteps,
                rules: rules,
                makeItem: makeItem,
                makeAdopter: makeAdopter
            )
            if let failure = result.failure {
                found.append(failure.violation)
            }
            // The random events go past a divergence from a rule left out, checking the others.
            for (rule, count) in result.leftOut.sorted(by: { $0.key < $1.key }) {
                let reason =
                    "the random events met \(count) divergence(s) from this rule, which rules: left out, and went on past them"
                unchecked.append(ConformanceReport.UncheckedRule(rule: rule, reason: reason))
            }
            randomizedSteps = result.steps
        }
        return (found, unchecked, scenarioCount, randomizedSteps, traits, checkedRules)
    }

    /// The rules whose scenarios edit items by id: an identity over ids of another type than
    /// ``ConformanceConfiguration/itemID`` gives cannot be checked for them, and is refused only
    /// when one of them is asked for.
    package static let rulesThatEditByID: Set<ConformanceRule> = [
        .removalSticks, .serverCopyReplacesEdit, .pendingItemsStay,
    ]

    @MainActor
    private static func wiringViolation<Adopter: Refreshable>(
        _ configuration: ConformanceConfiguration,
        rules: Set<ConformanceRule>?,
        makeItem: @escaping @Sendable (TestItem) -> Adopter.Item,
        makeAdopter: @MainActor (ConformanceRig<Adopter.Item>) -> Adopter
    ) -> ConformanceViolation? {
        let rig = ConformanceRig(configuration: configuration, makeItem: makeItem)
        let adopter = makeAdopter(rig)
        var problems: [ConformanceMismatch.WiringProblem] = []
        if let header = adopter.refreshHeaderControl, header !== rig.header {
            problems.append(.header(String(describing: type(of: header))))
        }
        if let footer = adopter.refreshFooterControl, footer !== rig.footer {
            problems.append(.footer(String(describing: type(of: footer))))
        }
        if let listView = adopter.refreshListView, listView !== rig.listView {
            problems.append(.listView(String(describing: type(of: listView))))
        }
        let pageSize = adopter.refreshStatus.sources.policy.pageSize
        if pageSize < 2 {
            problems.append(.pageSize(pageSize))
        }
        let limit = adopter.refreshStatus.sources.policy.maxLoadsWithoutProgress
        if limit > largestCheckedLoadsWithoutProgress {
            problems.append(.maxLoadsWithoutProgress(limit))
        }
        if let idType = adopter.refreshStatus.sources.identity?.idType, !configuration.itemIDMatches(idType),
            !(rules ?? rulesThatEditByID).isDisjoint(with: rulesThatEditByID)
        {
            problems.append(
                .identityIDType(String(describing: idType), itemID: String(describing: configuration.itemIDType)))
        }
        guard !problems.isEmpty else { return nil }
        return ConformanceViolation(
            rule: .wiring,
            scenario: "the adopter is wired to the rig",
            steps: ["makeAdopter(rig)"],
            mismatch: .wiring(problems)
        )
    }
}

/// A placeholder adopter that lets `RefreshableConformance.scenarioNames` list the scenarios.
@MainActor
final class NeverAdopter: Refreshable {
    let refreshStatus: RefreshRuntime<TestItem> = [RefreshState()]
    var refreshHeaderControl: (any RefreshHeaderControl)? { nil }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { nil }
    func refreshData(isRefresh: Bool) {}
}
