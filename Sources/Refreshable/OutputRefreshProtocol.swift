/// The view-model side of refreshing (seed 001): an output that publishes a ``RefreshStatus``,
/// and a default that drives the header and footer controls from it.
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
/// ``RefreshStatus/noMoreData``.
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
    /// ``RefreshStatusRelay/appearance``: at once, so a control subscribed mid-refresh shows it,
    /// and after every status.
    /// - Parameters:
    ///   - header: The pull-to-refresh control, or `nil`.
    ///   - footer: The load-more control, or `nil`.
    /// - Returns: The subscription.
    @MainActor
    public func autoSetRefreshHeaderStatus(
        header: (any RefreshHeaderControl)?,
        footer: (any RefreshFooterControl)?
    ) -> RefreshSubscription {
        let driver = StatusDriver(header: header, footer: footer)
        return refreshStatus.subscribeToAppearance { appearance in
            driver.render(appearance, allowingRecheck: true)
        }
    }
}

/// Drives one pair of controls for a status subscription; holds them weakly.
@MainActor
private final class StatusDriver {
    weak var header: (any RefreshHeaderControl)?
    weak var footer: (any RefreshFooterControl)?
    private var rendered: RenderedControls?

    init(header: (any RefreshHeaderControl)?, footer: (any RefreshFooterControl)?) {
        self.header = header
        self.footer = footer
    }

    /// Drives the controls; when one does not show the wanted state yet (MJRefresh's queued
    /// commands), checks once more after the main actor's queue ran.
    func render(_ appearance: RefreshAppearance, allowingRecheck: Bool) {
        let (next, needsRecheck) = ControlDriver.render(appearance, header: header, footer: footer, previous: rendered)
        rendered = next
        guard allowingRecheck, needsRecheck, !next.recheckScheduled else { return }
        rendered?.recheckScheduled = true
        Task { [weak self] in
            guard let self, let current = self.rendered else { return }
            self.rendered?.recheckScheduled = false
            self.render(current.appearance, allowingRecheck: false)
        }
    }
}
