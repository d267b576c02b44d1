/// The view-model side of refreshing: an output that publishes a ``RefreshStatus``, and a default
/// that drives the header and footer controls from it.
///
/// ```swift
/// struct OrdersOutput: OutputRefreshProtocol {
///     let refreshStatus = RefreshStatusRelay()
/// }
///
/// // In the controller:
/// subscription = output.autoSetRefreshHeaderStatus(header: refreshControl, footer: footer)
/// // In the view model, as loads start and end:
/// output.refreshStatus.value = .beginHeaderRefresh
/// output.refreshStatus.value = .endHeaderRefresh
/// ```
///
/// The controls are driven to the state the statuses add up to (see ``RefreshAppearance/applying(_:)``),
/// never by replaying commands, so a late ``RefreshStatus/endFooterRefresh`` cannot undo a
/// ``RefreshStatus/noMoreData``. A status drives only the control it is about: a header status
/// never ends a footer the user just pulled, and subscribing never ends a control that is
/// refreshing already (see <doc:Rules#Driving-the-controls>).
public protocol OutputRefreshProtocol {
    /// The status the view model publishes.
    var refreshStatus: RefreshStatusRelay { get }

    /// Drives the controls from ``refreshStatus`` until the returned subscription is cancelled or released.
    ///
    /// - Parameters:
    ///   - header: The pull-to-refresh control, or `nil` when there is none.
    ///   - footer: The load-more control, or `nil` when there is none.
    /// - Returns: The subscription; the controls are held weakly, so it keeps nothing alive.
    @MainActor
    func autoSetRefreshHeaderStatus(
        header: (any RefreshHeaderControl)?,
        footer: (any RefreshFooterControl)?
    ) -> RefreshSubscription
}

extension OutputRefreshProtocol {
    /// Subscribes to ``refreshStatus`` and drives each present control to the relay's
    /// ``RefreshStatusRelay/appearance``: at once, so a control subscribed mid-refresh shows it
    /// (without ending a control that already refreshes), and after every status, the control it
    /// is about.
    /// - Parameters:
    ///   - header: The pull-to-refresh control, or `nil`.
    ///   - footer: The load-more control, or `nil`.
    /// - Returns: The subscription.
    @MainActor
    public func autoSetRefreshHeaderStatus(
        header: (any RefreshHeaderControl)?,
        footer: (any RefreshFooterControl)?
    ) -> RefreshSubscription {
        autoSetRefreshHeaderStatus(header: header, footer: footer, previous: nil)
    }

    /// Drives the header, the footer and the control that loads previous pages from
    /// ``refreshStatus``, like ``autoSetRefreshHeaderStatus(header:footer:)``: the control above
    /// the first row follows ``RefreshStatus/beginPreviousLoad``, ``RefreshStatus/endPreviousLoad``,
    /// ``RefreshStatus/noPreviousData``, ``RefreshStatus/resetNoPreviousData`` and
    /// ``RefreshStatus/previousLoadFailed(message:)``, and hides with the footer.
    /// - Parameters:
    ///   - header: The pull-to-refresh control, or `nil`.
    ///   - footer: The load-more control, or `nil`.
    ///   - previous: The control that loads previous pages, or `nil`.
    /// - Returns: The subscription; the controls are held weakly, so it keeps nothing alive.
    @MainActor
    public func autoSetRefreshHeaderStatus(
        header: (any RefreshHeaderControl)?,
        footer: (any RefreshFooterControl)?,
        previous: (any RefreshFooterControl)?
    ) -> RefreshSubscription {
        refreshStatus.observe(with: StatusDriver(header: header, footer: footer, previous: previous))
    }
}

extension RefreshStatus {
    /// Which controls a status is about: `(header, footer, previous)`; hiding the footer hides the
    /// control that loads previous pages too.
    var addressedControls: (header: Bool, footer: Bool, previous: Bool) {
        switch self {
        case .none: return (false, false, false)
        case .beginHeaderRefresh, .endHeaderRefresh: return (true, false, false)
        case .beginFooterRefresh, .endFooterRefresh, .noMoreData, .resetNoMoreData: return (false, true, false)
        case .hideFooter, .showFooter: return (false, true, true)
        case .failed: return (true, true, false)
        case .beginPreviousLoad, .endPreviousLoad, .noPreviousData, .resetNoPreviousData, .previousLoadFailed:
            return (false, false, true)
        }
    }
}

/// Drives one pair of controls for a status subscription; holds them weakly.
@MainActor
private final class StatusDriver: RefreshObservation {
    weak var header: (any RefreshHeaderControl)?
    weak var footer: (any RefreshFooterControl)?
    weak var previous: (any RefreshFooterControl)?
    private let records = ControlRecords()
    @exclusivity(unchecked) private var recheckToken: UInt = 0
    /// The controls the statuses of a change being published were about, driven when it ends.
    private var batchAddressed: (header: Bool, footer: Bool, previous: Bool)?

    init(
        header: (any RefreshHeaderControl)?, footer: (any RefreshFooterControl)?, previous: (any RefreshFooterControl)?
    ) {
        self.header = header
        self.footer = footer
        self.previous = previous
    }

    /// Drives the controls a status is about (all of them, without ending what refreshes already, for the
    /// first appearance, `status == nil`); within a change being published, notes them and drives
    /// them once when it ends, to where its statuses lead.
    override func receive(_ status: RefreshStatus?, from relay: RefreshStatusRelay) {
        if let status, relay.isPublishingBatch {
            let addressed = status.addressedControls
            let pending = batchAddressed ?? (false, false, false)
            batchAddressed = (
                pending.header || addressed.header, pending.footer || addressed.footer,
                pending.previous || addressed.previous
            )
            return
        }
        recheck(if: drive(status?.addressedControls, relay: relay), relay: relay)
    }

    /// Drives the controls of one change once, to where its statuses lead.
    override func batchEnded(from relay: RefreshStatusRelay) {
        guard let addressed = batchAddressed else { return }
        batchAddressed = nil
        recheck(if: drive(addressed, relay: relay), relay: relay)
    }

    /// Drives the controls `addressed` names (all of them, without ending what refreshes already,
    /// when `nil`: the first appearance, or a check once the controls applied their commands) to
    /// the relay's appearance.
    /// `afterQueueRan` marks the check once the controls applied their commands: the ends sent before
    /// it applied.
    /// - Returns: Whether one may not show the wanted state yet (MJRefresh's queued commands).
    private func drive(
        _ addressed: (header: Bool, footer: Bool, previous: Bool)?, relay: RefreshStatusRelay,
        afterQueueRan: Bool = false
    ) -> Bool {
        let all = addressed ?? (true, true, true)
        let endingPulls = addressed != nil
        let footerLags =
            all.footer
            && ControlDriver.drive(
                footer, record: records.footer, to: relay.appearance.footer, hidden: relay.appearance.isFooterHidden,
                endingPulls: endingPulls, afterQueueRan: afterQueueRan)
        let headerLags =
            all.header
            && ControlDriver.drive(
                header, record: records.header, to: relay.appearance.header, endingPulls: endingPulls,
                afterQueueRan: afterQueueRan)
        let previousLags =
            all.previous
            && ControlDriver.drive(
                previous, record: records.previous, to: relay.appearance.previous,
                hidden: relay.appearance.isFooterHidden, endingPulls: endingPulls, afterQueueRan: afterQueueRan)
        return footerLags || headerLags || previousLags
    }

    /// When a control may not show the wanted state yet, drives them all once more after the main
    /// actor's queue ran.
    private func recheck(if lags: Bool, relay: RefreshStatusRelay) {
        guard lags else { return }
        // Scheduled after this status's commands, so it runs once the controls applied them, and
        // drives to the relay's appearance then, whatever came meanwhile. It holds the driver and
        // the relay for that one turn: a weak reference would slow every later status down.
        recheckToken &+= 1
        let token = recheckToken
        Task { [self, relay] in
            guard !isCancelled, recheckToken == token else { return }
            _ = drive(nil, relay: relay, afterQueueRan: true)
        }
    }

    /// The record of the control in `role`, tracking that control, and whether the control
    /// refreshes now; `nil` when there is no such control.
    private func tracked(_ role: RefreshControlRole) -> (record: ControlRecord, isRefreshing: Bool)? {
        records.tracked(role, in: Controls(header: header, footer: footer, previous: previous))
    }

    /// The control's own callback (see ``ControlRecord/isOwnCallback(isRefreshing:loadRunning:judgeAgain:)``):
    /// the statuses' load is running whenever the driver shows the control refreshing. An action
    /// judged again finds the observation live and the control there still.
    override func isOwnCallback(of role: RefreshControlRole, judgeAgain: @escaping @MainActor () -> Void) -> Bool {
        guard let (record, isRefreshing) = tracked(role) else { return false }
        return record.isOwnCallback(isRefreshing: isRefreshing, loadRunning: true) { [self] in
            if !isCancelled, tracked(role) != nil {
                judgeAgain()
            }
        }
    }

    /// Notes that a user's pull of the control in `role` was handed on: it keeps refreshing for
    /// that load until a status ends it, with or without a begin status first.
    override func pullHandedOn(of role: RefreshControlRole) {
        tracked(role)?.record.pullHandedOn = true
    }

    /// Ends a control whose pull was handed on when the list refused the load it asked for: the
    /// list publishes no status for a load it did not start, and nothing else would end the
    /// control. A pull whose action has not arrived yet is left alone: its own action asks again.
    override func loadRefused(_ role: RefreshControlRole, from relay: RefreshStatusRelay) {
        guard let (record, isRefreshing) = tracked(role), record.pullHandedOn, record.shown != .refreshing,
            isRefreshing
        else { return }
        record.releasePull = true
        recheck(if: drive((role == .header, role == .footer, role == .previous), relay: relay), relay: relay)
    }

    override func cancel() {
        header = nil
        footer = nil
        previous = nil
        super.cancel()
    }
}
