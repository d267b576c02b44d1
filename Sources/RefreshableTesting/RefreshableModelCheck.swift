import Refreshable

/// A randomized, model-based check: seeded sequences of user and server events run against your
/// adopter and against a small reference model of the library's rules (the Rules article of the Refreshable documentation), compared after every event.
///
/// After each event it checks that
/// - the loads asked for are the ones the rules call for, and the page asked for next is the one
///   after the last loaded page (S7, S8, S9, S11);
/// - every source holds exactly the items of the pages the server gave it, none lost or duplicated,
///   and never an item of a stale answer (S3, S8, S12);
/// - each source's page, end-of-list flag and loading flag match the model's (S5, S9, S11);
/// - the controls, placeholder and messages show what the state says (S2, S5, S6, S10), also when
///   the user pulls them through the adopter's own wiring and MJRefresh's late callbacks arrive (E1);
/// - for a list with an identity, answers that bring items sent before and local edits racing the
///   loads leave each item held once, removals sticking and the server's copies replacing edits
///   (I1–I3); answers are numbered by the adopter's `curPageOffset` (N);
/// - for a list paged by cursor, loads of the previous page run beside a load-more and put their
///   items first, a refresh supersedes them, and each source's start-of-list flag, loading of the
///   previous page and its failure match the model's (P);
/// - for a capped list, past `maxPages` the first pages go after a load-more and the last ones after
///   a load of the previous page, the load in flight toward the end that lost them is superseded,
///   and scrolling back loads them again, with the start and end of the list, the page and the
///   total count as they were (C);
/// - for a list with an identity, answers that bring only items held already are counted in each
///   direction, and the one that reaches the policy's `maxLoadsWithoutProgress` is refused and shown
///   as a failure, committing nothing (S14);
/// - for an adopter whose runtime retries failed loads (`RefreshRetry` on the rig's clock), a
///   failure leaves the load in flight and shows nothing until its last retry failed, each wait
///   that runs out (the clock advanced past it) or `retryNow()` asks again for the same page, a
///   newer load or a cancellation ends the wait for good, and `retryNow()` also loads again each
///   direction of the current source whose last load failed (R);
/// - for every adopter, time passes on a clock the check gives its runtime and the screen comes back
///   to the foreground (`refreshIfStale(olderThan:)`), which refreshes only a list with no age or
///   one at least that old, never one that is loading (ST); and the list goes offline and online
///   again: offline, a load that starts fails at once without reaching the loader and retries wait;
///   online, a stale list whose `refreshIfStale(olderThan:)` was refused offline refreshes, and
///   every waiting retry and failed direction is asked again at once (O).
///
/// A divergence is reported with the seed of the sequence and the shortest failing sequence found
/// by removing events (delta debugging). Replay it with ``replay(_:configuration:makeItem:makeAdopter:)``
/// and ``ModelEvent/sequence(seed:count:sourceCount:pageSize:identity:previousPages:retries:rowsAppear:)``.
///
/// The check runs in episodes: each starts a fresh rig and adopter, so lists stay short and the
/// first appearance is exercised often.
package enum RefreshableModelCheck {
    /// Runs `steps` random events in episodes of `episodeLength`, from ``ConformanceConfiguration/seed``.
    /// - Parameters:
    ///   - configuration: Sources, policy, the doubles' behaviour and the seed.
    ///   - traits: The adopter's policy and signals when already learnt; found when `nil`.
    ///   - steps: How many events to run in all.
    ///   - episodeLength: How many events each fresh adopter gets.
    ///   - cancels: Whether the events include `cancelLoading(source:)`.
    ///   - rules: The rules to check; every rule when `nil`. A divergence from another rule is
    ///     counted in ``ModelCheckResult/leftOut``, and the events go on: against the same adopter
    ///     when only its screen diverged, else against a fresh one.
    ///   - makeItem: Turns ``TestItem`` values into the adopter's items; equal items only for equal inputs.
    ///   - makeAdopter: Builds the adopter wired to the rig.
    /// - Returns: How many events ran, and the first failure, shrunk.
    @MainActor
    package static func run<Adopter: Refreshable>(
        _ configuration: ConformanceConfiguration = ConformanceConfiguration(),
        traits known: AdopterTraits? = nil,
        steps: Int,
        episodeLength: Int = 100,
        cancels: Bool = true,
        rules: Set<ConformanceRule>? = nil,
        makeItem: @escaping @Sendable (TestItem) -> Adopter.Item,
        makeAdopter: @MainActor (ConformanceRig<Adopter.Item>) -> Adopter
    ) async -> ModelCheckResult where Adopter.Item: Equatable {
        precondition(episodeLength > 0, "RefreshableModelCheck.run: episodeLength is \(episodeLength); pass 1 or more.")
        var traits = known
        if traits == nil {
            traits = await AdopterTraits.learn(configuration, makeItem: makeItem, makeAdopter: makeAdopter)
        }
        let signals = traits?.signals ?? .all
        let pageSize = traits?.policy.pageSize ?? configuration.policy.pageSize
        let identity = traits?.hasIdentity ?? false
        // A list paged by cursor has pages before its first; a capped one once the cap dropped some.
        let policy = traits?.policy ?? configuration.policy
        let previousPages = (policy.paging == .cursors && (traits?.hasPreviousPages ?? true)) || policy.maxPages != nil
        let retries = (traits?.retries ?? 0) > 0
        let budget = WaitBudget()
        // The first episode plays the configuration's seed itself, so a reported seed replays as
        // `ConformanceConfiguration(seed:)`.
        var seeds = SplitMix64(seed: configuration.seed)
        var seed = configuration.seed
        var done = 0
        var episodes = 0
        var leftOut: [ConformanceRule: Int] = [:]
        while done < steps {
            if episodes > 0 {
                seed = seeds.next()
            }
            // A front door with no way to cancel a load (a SwiftUI list model) gets no cancel events.
            let events = ModelEvent.sequence(
                seed: seed,
                count: min(episodeLength, steps - done),
                sourceCount: configuration.sourceCount,
                pageSize: pageSize,
                identity: identity,
                previousPages: previousPages,
                retries: retries,
                rowsAppear: policy.refreshesAroundPosition && policy.maxPages != nil
            ).filter { (cancels || !$0.isCancel) && (traits?.editsByID ?? true || !$0.editsByID) }
            let outcome = await replayEvents(
                events, configuration, budget, signals: signals, rules: rules, makeItem: makeItem,
                makeAdopter: makeAdopter)
            done += outcome.executed
            episodes += 1
            leftOut.merge(outcome.leftOut, uniquingKeysWith: +)
            if let divergence = outcome.divergence {
                let failing = Array(events.prefix(outcome.executed))
                let shrunk = await shrink(
                    failing,
                    rule: divergence.rule,
                    configuration,
                    budget,
                    signals: signals,
                    rules: rules,
                    makeItem: makeItem,
                    makeAdopter: makeAdopter
                )
                let final = await replayEvents(
                    shrunk, configuration, budget, signals: signals, rules: rules, makeItem: makeItem,
                    makeAdopter: makeAdopter)
                let report = final.divergence ?? divergence
                let failure = ModelCheckFailure(
                    rule: report.rule,
                    seed: seed,
                    originalEventCount: failing.count,
                    events: final.divergence == nil ? failing : shrunk,
                    steps: final.divergence == nil ? outcome.log : final.log,
                    mismatch: report.mismatch,
                    recordedFailures: final.divergence == nil ? outcome.recorded : final.recorded
                )
                return ModelCheckResult(steps: done, episodes: episodes, failure: failure, leftOut: leftOut)
            }
        }
        return ModelCheckResult(steps: done, episodes: episodes, failure: nil, leftOut: leftOut)
    }

    /// Runs `steps` random events against adopters whose items are ``TestItem`` values.
    /// - Parameters:
    ///   - configuration: Sources, policy, the doubles' behaviour and the seed.
    ///   - steps: How many events to run in all.
    ///   - episodeLength: How many events each fresh adopter gets.
    ///   - makeAdopter: Builds the adopter wired to the rig.
    /// - Returns: How many events ran, and the first failure, shrunk.
    @MainActor
    package static func run<Adopter: Refreshable>(
        _ configuration: ConformanceConfiguration = ConformanceConfiguration(),
        steps: Int,
        episodeLength: Int = 100,
        makeAdopter: @MainActor (ConformanceRig<TestItem>) -> Adopter
    ) async -> ModelCheckResult where Adopter.Item == TestItem {
        await run(configuration, steps: steps, episodeLength: episodeLength, makeItem: { $0 }, makeAdopter: makeAdopter)
    }

    /// Replays one sequence of events against a fresh adopter and stops at the first divergence.
    /// - Parameters:
    ///   - events: The events, such as ``ModelCheckFailure/events``.
    ///   - configuration: Sources, policy and the doubles' behaviour.
    ///   - makeItem: Turns ``TestItem`` values into the adopter's items.
    ///   - makeAdopter: Builds the adopter wired to the rig.
    /// - Returns: The divergence as a violation, or `nil` when the adopter kept every rule.
    @MainActor
    package static func replay<Adopter: Refreshable>(
        _ events: [ModelEvent],
        configuration: ConformanceConfiguration = ConformanceConfiguration(),
        makeItem: @escaping @Sendable (TestItem) -> Adopter.Item,
        makeAdopter: @MainActor (ConformanceRig<Adopter.Item>) -> Adopter
    ) async -> ConformanceViolation? where Adopter.Item: Equatable {
        let outcome = await replayEvents(
            events, configuration, WaitBudget(), signals: configuration.endOfListSignals ?? .all,
            makeItem: makeItem, makeAdopter: makeAdopter)
        guard let divergence = outcome.divergence else { return nil }
        return ConformanceViolation(
            rule: divergence.rule,
            scenario: "replay of \(events.count) event(s)",
            steps: outcome.log,
            mismatch: divergence.mismatch,
            recordedFailures: outcome.recorded
        )
    }

    /// Replays one sequence of events against a fresh adopter whose items are ``TestItem`` values.
    /// - Parameters:
    ///   - events: The events, such as ``ModelCheckFailure/events``.
    ///   - configuration: Sources, policy and the doubles' behaviour.
    ///   - makeAdopter: Builds the adopter wired to the rig.
    /// - Returns: The divergence as a violation, or `nil` when the adopter kept every rule.
    @MainActor
    package static func replay<Adopter: Refreshable>(
        _ events: [ModelEvent],
        configuration: ConformanceConfiguration = ConformanceConfiguration(),
        makeAdopter: @MainActor (ConformanceRig<TestItem>) -> Adopter
    ) async -> ConformanceViolation? where Adopter.Item == TestItem {
        await replay(events, configuration: configuration, makeItem: { $0 }, makeAdopter: makeAdopter)
    }

    // MARK: Internals

    /// Replays `events` against a fresh adopter until the first divergence from one of `rules`
    /// (every rule when `nil`). A divergence from another rule is counted in `leftOut`; the
    /// events go on after it when only the screen diverged, and end without a divergence when
    /// the state did, which the model no longer matches.
    @MainActor
    static func replayEvents<Adopter: Refreshable>(
        _ events: [ModelEvent],
        _ configuration: ConformanceConfiguration,
        _ budget: WaitBudget,
        signals: EndOfListSignals,
        rules: Set<ConformanceRule>? = nil,
        makeItem: @escaping @Sendable (TestItem) -> Adopter.Item,
        makeAdopter: @MainActor (ConformanceRig<Adopter.Item>) -> Adopter
    ) async -> (
        executed: Int, divergence: Divergence?, log: [String], recorded: [RefreshFailure],
        leftOut: [ConformanceRule: Int]
    )
    where Adopter.Item: Equatable {
        let driver = AdopterDriver(
            rig: ConformanceRig(configuration: configuration, makeItem: makeItem),
            makeAdopter: makeAdopter, budget: budget)
        let run = ModelRun(driver: driver, signals: signals)
        var executed = 0
        var divergence: Divergence?
        var leftOut: [ConformanceRule: Int] = [:]
        for event in events {
            executed += 1
            divergence = await run.perform(event)
            guard let found = divergence else { continue }
            guard let rules, !rules.contains(found.rule) else { break }
            leftOut[found.rule, default: 0] += 1
            divergence = nil
            if !found.onScreen {
                break
            }
        }
        let recorded = divergence == nil ? [] : run.recordedFailures
        await driver.finish()
        return (executed, divergence, run.log, recorded, leftOut)
    }

    /// Shrinks a failing sequence (see ``DeltaDebugging``) while it still breaks the same rule.
    @MainActor
    static func shrink<Adopter: Refreshable>(
        _ events: [ModelEvent],
        rule: ConformanceRule,
        _ configuration: ConformanceConfiguration,
        _ budget: WaitBudget,
        signals: EndOfListSignals,
        rules: Set<ConformanceRule>? = nil,
        makeItem: @escaping @Sendable (TestItem) -> Adopter.Item,
        makeAdopter: @MainActor (ConformanceRig<Adopter.Item>) -> Adopter
    ) async -> [ModelEvent] where Adopter.Item: Equatable {
        await DeltaDebugging.shrink(events) { candidate in
            let outcome = await replayEvents(
                candidate, configuration, budget, signals: signals, rules: rules, makeItem: makeItem,
                makeAdopter: makeAdopter)
            return outcome.divergence?.rule == rule ? outcome.executed : nil
        }
    }
}

/// What ``RefreshableModelCheck/run(_:steps:episodeLength:makeItem:makeAdopter:)`` found.
package struct ModelCheckResult: Sendable {
    /// How many events ran, including the failing one.
    package let steps: Int
    /// How many fresh adopters the events ran against.
    package let episodes: Int
    /// The first divergence, shrunk; `nil` when the adopter kept every rule.
    package let failure: ModelCheckFailure?
    /// How many divergences from each rule left out of the check the events met and went past.
    package var leftOut: [ConformanceRule: Int] = [:]
}

/// A divergence between an adopter and the reference model, with the seed and the shortest
/// failing sequence found.
package struct ModelCheckFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule the divergence breaks.
    package let rule: ConformanceRule
    /// The seed of the episode that failed: ``ModelEvent/sequence(seed:count:sourceCount:pageSize:identity:previousPages:retries:rowsAppear:)``
    /// with it and ``originalEventCount`` gives the unshrunk sequence.
    package let seed: UInt64
    /// The length of the failing episode, up to and including the failing event.
    package let originalEventCount: Int
    /// The shortest failing sequence found.
    package let events: [ModelEvent]
    /// What happened at each event of ``events`` when it was replayed.
    package let steps: [String]
    /// What the adopter did instead of what the model expected at the failing event.
    package let mismatch: ConformanceMismatch
    /// What the library recorded at the failing event: the failures the adopter's sources held.
    package var recordedFailures: [RefreshFailure] = []

    /// The failure as a violation of ``rule``, for ``ConformanceFailure``.
    package var violation: ConformanceViolation {
        ConformanceViolation(
            rule: rule,
            scenario: "randomized check (\(originalEventCount) event(s) shrunk to \(events.count))",
            steps: steps,
            mismatch: mismatch,
            seed: seed,
            recordedFailures: recordedFailures
        )
    }

    /// A report with the seed, the shrunk events, and expected versus observed.
    package var description: String { violation.description }
}
