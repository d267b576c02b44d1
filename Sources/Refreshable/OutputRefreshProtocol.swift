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
    /// Subscribes to ``refreshStatus``, folds every status into a ``RefreshAppearance`` and drives
    /// each present control to it.
    /// - Parameters:
    ///   - header: The pull-to-refresh control, or `nil`.
    ///   - footer: The load-more control, or `nil`.
    /// - Returns: The subscription.
    @MainActor
    public func autoSetRefreshHeaderStatus(
        header: (any RefreshHeaderControl)?,
        footer: (any RefreshFooterControl)?
    ) -> RefreshSubscription {
        weak let header = header
        weak let footer = footer
        var appearance = RefreshAppearance(isFooterHidden: footer?.isHidden ?? false)
        var rendered: RenderedControls?
        return refreshStatus.subscribe { status in
            appearance = appearance.applying(status)
            rendered = ControlDriver.render(appearance, header: header, footer: footer, previous: rendered)
        }
    }
}
