public import Refreshable

extension RefreshableConformance {
    /// Checks an `OutputRefreshProtocol` adopter: that the statuses it publishes drive
    /// the control doubles to the state they add up to, order-safely (D1), with either control
    /// absent (D2), that a user's pull answered without a begin status keeps refreshing until the
    /// view model publishes its end (S10) and a status about the other control leaves it alone
    /// (D2), and that its subscription stops and keeps nothing alive (D3).
    ///
    /// ```swift
    /// try await RefreshableConformance.checkOutput { OrdersOutput() }
    /// ```
    /// - Parameters:
    ///   - configuration: The control doubles' timings, the number of random statuses (``ConformanceConfiguration/randomizedSteps``) and their seed.
    ///   - makeOutput: Builds a fresh output; called once per scenario.
    /// - Throws: ``ConformanceFailure`` listing every broken rule.
    @MainActor
    public static func checkOutput<Output: OutputRefreshProtocol>(
        _ configuration: ConformanceConfiguration = ConformanceConfiguration(),
        makeOutput: @MainActor () -> Output
    ) async throws(ConformanceFailure) {
        var found: [ConformanceViolation] = []
        for scenario in OutputScenario.all(configuration) {
            if let violation = scenario.run(makeOutput(), configuration.footerTiming) {
                found.append(violation)
            }
        }
        for scenario in OutputPullScenario.all {
            if let violation = scenario.run(makeOutput(), configuration) {
                found.append(violation)
            }
        }
        if let violation = lifetimeViolation(configuration, makeOutput: makeOutput) {
            found.append(violation)
        }
        guard found.isEmpty else {
            throw ConformanceFailure(adopter: String(describing: Output.self), violations: found)
        }
    }

    @MainActor
    private static func lifetimeViolation<Output: OutputRefreshProtocol>(
        _ configuration: ConformanceConfiguration,
        makeOutput: @MainActor () -> Output
    ) -> ConformanceViolation? {
        let output = makeOutput()
        let relay = output.refreshStatus
        let observersBefore = relay.observerCount
        var steps = ["subscription = autoSetRefreshHeaderStatus(header: header, footer: footer)"]
        func violation(_ mismatch: ConformanceMismatch) -> ConformanceViolation {
            ConformanceViolation(
                rule: .subscriptionLifetime,
                scenario: "a cancelled or released subscription stops and keeps nothing alive",
                steps: steps,
                mismatch: mismatch
            )
        }
        let header = TestHeaderControl()
        let footer = TestFooterControl(timing: configuration.footerTiming)
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        steps.append("refreshStatus.value = .beginHeaderRefresh")
        relay.send(.beginHeaderRefresh)
        footer.flush()
        guard header.isRefreshing else {
            return violation(.headerRefreshing(expected: true, observed: false))
        }
        steps.append("subscription.cancel()")
        subscription.cancel()
        header.reset()
        footer.reset()
        steps.append("refreshStatus.value = .endHeaderRefresh; .beginFooterRefresh")
        relay.send(.endHeaderRefresh)
        relay.send(.beginFooterRefresh)
        footer.flush()
        guard header.calls.isEmpty, footer.calls.isEmpty else {
            return violation(.commandsAfterCancel(header: header.calls, footer: footer.calls))
        }
        guard relay.observerCount == observersBefore else {
            return violation(.observers(expected: observersBefore, observed: relay.observerCount))
        }
        steps = ["subscribe with a header and a footer, keep the subscription, release the controls"]
        weak var releasedHeader: TestHeaderControl?
        weak var releasedFooter: TestFooterControl?
        var kept: RefreshSubscription?
        do {
            let header = TestHeaderControl()
            let footer = TestFooterControl()
            releasedHeader = header
            releasedFooter = footer
            kept = output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        }
        relay.send(.beginHeaderRefresh)
        guard releasedHeader == nil, releasedFooter == nil else {
            return violation(.controlsRetained)
        }
        steps.append("release the subscription")
        kept = nil
        _ = kept
        relay.send(.endHeaderRefresh)
        guard relay.observerCount == observersBefore else {
            return violation(.observers(expected: observersBefore, observed: relay.observerCount))
        }
        return nil
    }
}

/// One sequence of statuses and what the controls must show after each.
@MainActor
struct OutputScenario {
    let rule: ConformanceRule
    let name: String
    let statuses: [RefreshStatus]
    let header: Bool
    let footer: Bool

    static func all(_ configuration: ConformanceConfiguration) -> [OutputScenario] {
        var random = SplitMix64(seed: configuration.seed)
        let pool: [RefreshStatus] = [
            .none, .beginHeaderRefresh, .endHeaderRefresh, .beginFooterRefresh, .endFooterRefresh, .noMoreData,
            .resetNoMoreData, .failed(message: "offline"), .hideFooter, .showFooter,
        ]
        let randomStatuses = (0..<max(configuration.randomizedSteps, 0)).map { _ in pool[random.below(pool.count)] }
        return [
            OutputScenario(
                rule: .orderSafeDispatch,
                name: "a late endFooterRefresh cannot undo noMoreData",
                statuses: [.showFooter, .beginFooterRefresh, .noMoreData, .endFooterRefresh],
                header: true,
                footer: true
            ),
            OutputScenario(
                rule: .orderSafeDispatch,
                name: "beginFooterRefresh at the end of the list keeps the end",
                statuses: [.showFooter, .beginFooterRefresh, .noMoreData, .beginFooterRefresh, .endFooterRefresh],
                header: true,
                footer: true
            ),
            OutputScenario(
                rule: .orderSafeDispatch,
                name: "resetNoMoreData reopens the list",
                statuses: [.noMoreData, .resetNoMoreData, .beginFooterRefresh, .endFooterRefresh],
                header: true,
                footer: true
            ),
            OutputScenario(
                rule: .orderSafeDispatch,
                name: "a refresh begins and ends the header; a failure ends both controls",
                statuses: [
                    .beginHeaderRefresh, .endHeaderRefresh, .beginHeaderRefresh, .beginFooterRefresh,
                    .failed(message: "offline"), .beginFooterRefresh, .endFooterRefresh,
                ],
                header: true,
                footer: true
            ),
            OutputScenario(
                rule: .orderSafeDispatch,
                name: "hideFooter and showFooter hide and show the footer",
                statuses: [.hideFooter, .beginHeaderRefresh, .endHeaderRefresh, .showFooter, .hideFooter],
                header: true,
                footer: true
            ),
            OutputScenario(
                rule: .orderSafeDispatch,
                name: "random statuses drive the controls to the state they add up to",
                statuses: randomStatuses,
                header: true,
                footer: true
            ),
            OutputScenario(
                rule: .absentControls,
                name: "without a header, the footer is still driven",
                statuses: [
                    .showFooter, .beginHeaderRefresh, .beginFooterRefresh, .endFooterRefresh, .noMoreData,
                    .endHeaderRefresh,
                ],
                header: false,
                footer: true
            ),
            OutputScenario(
                rule: .absentControls,
                name: "without a footer, the header is still driven",
                statuses: [.beginFooterRefresh, .beginHeaderRefresh, .endHeaderRefresh, .noMoreData],
                header: true,
                footer: false
            ),
        ]
    }

    func run<Output: OutputRefreshProtocol>(_ output: Output, _ timing: TestFooterControl.Timing)
        -> ConformanceViolation?
    {
        let headerDouble = header ? TestHeaderControl() : nil
        let footerDouble = footer ? TestFooterControl(timing: timing) : nil
        var steps = [
            "autoSetRefreshHeaderStatus(header: \(header ? "header" : "nil"), footer: \(footer ? "footer" : "nil"))"
        ]
        let subscription = output.autoSetRefreshHeaderStatus(header: headerDouble, footer: footerDouble)
        defer { subscription.cancel() }
        var model = StatusFold(isFooterHidden: footerDouble?.isHidden ?? false)
        for status in statuses {
            steps.append("refreshStatus.value = .\(status)")
            output.refreshStatus.send(status)
            footerDouble?.flush()
            model.apply(status)
            var problems: [ConformanceMismatch] = []
            if let headerDouble, headerDouble.isRefreshing != model.headerRefreshing {
                problems.append(
                    .headerRefreshing(expected: model.headerRefreshing, observed: headerDouble.isRefreshing))
            }
            if let footerDouble, footerDouble.state != model.footer {
                problems.append(.footer(expected: model.footer, observed: footerDouble.state))
            }
            if let footerDouble, footerDouble.isHidden != model.isFooterHidden {
                problems.append(.footerHidden(expected: model.isFooterHidden, observed: footerDouble.isHidden))
            }
            if let problem = problems.first {
                return ConformanceViolation(
                    rule: rule,
                    scenario: name,
                    steps: statuses.count > 40 ? Array(steps.suffix(12)) : steps,
                    mismatch: problem
                )
            }
        }
        return nil
    }
}

/// The order-safe meaning of statuses, written out on its own: only `resetNoMoreData` (or a new
/// `noMoreData`) changes an ended footer, so a late `endFooterRefresh` cannot undo the end.
struct StatusFold {
    var headerRefreshing = false
    var footer: TestFooterControl.State = .idle
    var isFooterHidden: Bool
    /// The control that loads previous pages: at the start of the list until a status says otherwise.
    var previous: TestFooterControl.State = .noMoreData(title: nil)

    mutating func apply(_ status: RefreshStatus) {
        switch status {
        case .none:
            break
        case .beginHeaderRefresh:
            headerRefreshing = true
        case .endHeaderRefresh:
            headerRefreshing = false
        case .beginFooterRefresh:
            footer.begin()
        case .endFooterRefresh:
            footer.end()
        case .noMoreData:
            footer = .noMoreData(title: nil)
        case .resetNoMoreData:
            footer.reopen()
        case .failed(let message):
            headerRefreshing = false
            footer.fail(message)
        case .hideFooter:
            isFooterHidden = true
        case .showFooter:
            isFooterHidden = false
        case .beginPreviousLoad:
            previous.begin()
        case .endPreviousLoad:
            previous.end()
        case .noPreviousData:
            previous = .noMoreData(title: nil)
        case .resetNoPreviousData:
            previous.reopen()
        case .previousLoadFailed(let message):
            previous.fail(message)
        }
    }
}

/// One footer-like control under the order-safe rules: the footer, or the control above the first row.
extension TestFooterControl.State {
    fileprivate mutating func begin() {
        if case .noMoreData = self {
            return
        }
        self = .refreshing
    }

    fileprivate mutating func end() {
        if self == .refreshing {
            self = .idle
        }
    }

    fileprivate mutating func reopen() {
        switch self {
        case .noMoreData, .failed:
            self = .idle
        case .idle, .refreshing:
            break
        }
    }

    fileprivate mutating func fail(_ message: String) {
        if self == .refreshing {
            self = .failed(message: message)
        }
    }
}
