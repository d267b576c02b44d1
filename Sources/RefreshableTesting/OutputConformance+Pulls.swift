import Refreshable

/// A user's pull answered the way most view models answer it: the control's action, wrapped by the
/// subscription, asks the view model for a load, and the view model publishes only the end of that
/// load, with no begin status first. The pulled control must keep refreshing until that end
/// (S10), and a status about the other control must leave it alone (D2).
@MainActor
struct OutputPullScenario {
    /// One thing that happens, and what the controls must show after it.
    fileprivate struct Step {
        let description: String
        let act:
            @MainActor (_ relay: RefreshStatusRelay, _ header: TestHeaderControl, _ footer: TestFooterControl) -> Void
        /// The header's refreshing state wanted afterwards and the rule that wants it, or `nil`.
        var header: (refreshing: Bool, rule: ConformanceRule)?
        /// The footer's state wanted afterwards and the rule that wants it, or `nil`.
        var footer: (state: TestFooterControl.State, rule: ConformanceRule)?
    }

    let name: String
    private let steps: [Step]

    static let all: [OutputPullScenario] = [
        OutputPullScenario(
            name: "a pull answered without a begin status spins until the view model publishes its end",
            steps: [
                .publish(.showFooter),
                .pullHeader(),
                .pullFooter(),
                .publish(
                    .noMoreData, header: (true, .absentControls),
                    footer: (.noMoreData(title: nil), .orderSafeDispatch)),
                .publish(.endHeaderRefresh, header: (false, .controlsLeaveRefreshing)),
            ]
        ),
        OutputPullScenario(
            name: "a view model turns a pull down by publishing the control's end status",
            steps: [
                .publish(.showFooter),
                .pullFooter(),
                .publish(.endFooterRefresh, footer: (.idle, .controlsLeaveRefreshing)),
            ]
        ),
    ]

    /// Runs the scenario on a fresh output; returns the first broken rule.
    func run<Output: OutputRefreshProtocol>(_ output: Output, _ configuration: ConformanceConfiguration)
        -> ConformanceViolation?
    {
        // Begin animations complete when the scenario says, on the queue's turns.
        let mainQueue = TestMainQueue()
        let header = TestHeaderControl(timing: configuration.headerTiming, mainQueue: mainQueue)
        let footer = TestFooterControl(timing: configuration.footerTiming, mainQueue: mainQueue)
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        defer { subscription.cancel() }
        header.action = subscription.headerAction {}
        footer.action = subscription.footerAction {}
        var done = [
            "subscription = autoSetRefreshHeaderStatus(header: header, footer: footer)",
            "header.action = subscription.headerAction { viewModel.refresh() }",
            "footer.action = subscription.footerAction { viewModel.loadMore() }",
        ]
        for step in steps {
            done.append(step.description)
            step.act(output.refreshStatus, header, footer)
            header.flush()
            footer.flush()
            if let wanted = step.header, header.isRefreshing != wanted.refreshing {
                return ConformanceViolation(
                    rule: wanted.rule, scenario: name, steps: done,
                    mismatch: .headerRefreshing(expected: wanted.refreshing, observed: header.isRefreshing))
            }
            if let wanted = step.footer, footer.state != wanted.state {
                return ConformanceViolation(
                    rule: wanted.rule, scenario: name, steps: done,
                    mismatch: .footer(expected: wanted.state, observed: footer.state))
            }
        }
        return nil
    }
}

extension OutputPullScenario.Step {
    /// The view model publishes `status`; the controls must then show `header` and `footer`.
    fileprivate static func publish(
        _ status: RefreshStatus,
        header: (refreshing: Bool, rule: ConformanceRule)? = nil,
        footer: (state: TestFooterControl.State, rule: ConformanceRule)? = nil
    ) -> Self {
        Self(
            description: "refreshStatus.value = .\(status)",
            act: { relay, _, _ in relay.send(status) },
            header: header,
            footer: footer
        )
    }

    /// The user pulls the header, and its action asks the view model for a refresh, which
    /// publishes nothing yet: the header keeps refreshing.
    fileprivate static func pullHeader() -> Self {
        Self(
            description: "the user pulls the header; the view model sends its request and publishes nothing yet",
            act: { _, header, _ in
                header.pull()
                header.finishBeginAnimations()
                while header.awaitsTurns {
                    header.mainQueue.runTurn()
                }
            },
            header: (true, .controlsLeaveRefreshing)
        )
    }

    /// The user pulls the footer, and its action asks the view model for a load-more, which
    /// publishes nothing yet: the footer keeps loading.
    fileprivate static func pullFooter() -> Self {
        Self(
            description: "the user pulls the footer; the view model sends its request and publishes nothing yet",
            act: { _, _, footer in
                footer.pull()
                footer.finishBeginAnimations()
                while footer.awaitsTurns {
                    footer.mainQueue.runTurn()
                }
            },
            footer: (.refreshing, .controlsLeaveRefreshing)
        )
    }
}
