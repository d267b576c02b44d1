/// What the controls were last driven to, and which controls those were.
struct RenderedControls: Sendable {
    var appearance: RefreshAppearance
    var header: ObjectIdentifier?
    var footer: ObjectIdentifier?
    var placeholder: RefreshFailure?
    /// The library called the header's `beginRefreshing()`; a control that sends its action from it
    /// (MJRefresh) will call `refresh()` once more, and that call is not a user's pull.
    var headerEchoPending = false
    /// The same for the footer and `loadMore()`.
    var footerEchoPending = false
    /// A re-render is scheduled to check the controls once their queued commands ran.
    var recheckScheduled = false
}

/// Drives header and footer controls from one appearance to the next with as few commands as
/// the change needs.
///
/// It reads the controls' own `isRefreshing` and `isHidden`, so a control the user pulled, or a
/// control swapped in by the adopter (`old == nil`), is still brought to the wanted state. It never
/// sends a command that would undo the wanted state: with MJRefresh's asynchronous, last-call-wins
/// commands, the last command a control receives matches `new`.
@MainActor
enum ControlDriver {
    /// Called just before the driver calls a control's `beginRefreshing()`.
    enum Control {
        case header, footer
    }

    /// Brings the header to `new`; `old` is what it was last driven to, `nil` when unknown.
    /// Returns whether it sent `endRefreshing()`, which a control may apply later.
    @discardableResult
    static func drive(
        _ header: (any RefreshHeaderControl)?,
        from old: RefreshAppearance.Header?,
        to new: RefreshAppearance.Header,
        willBegin: (Control) -> Void = { _ in }
    ) -> Bool {
        guard let header else { return false }
        switch new {
        case .refreshing:
            if !header.isRefreshing {
                willBegin(.header)
                header.beginRefreshing()
            }
            return false
        case .idle:
            guard header.isRefreshing || old == .refreshing else { return false }
            header.endRefreshing()
            return true
        }
    }

    /// Brings the footer to `new`; `old` is what it was last driven to, `nil` when unknown, in which
    /// case the command for `new` is sent whatever the control shows (resetting a fresh control is harmless).
    /// Returns whether it sent a command other than `beginRefreshing()`, which a control may apply later.
    @discardableResult
    static func drive(
        _ footer: (any RefreshFooterControl)?,
        from old: RefreshAppearance?,
        to new: RefreshAppearance,
        willBegin: (Control) -> Void = { _ in }
    ) -> Bool {
        guard let footer else { return false }
        let oldFooter = old?.footer
        if footer.isHidden != new.isFooterHidden {
            footer.isHidden = new.isFooterHidden
        }
        switch new.footer {
        case .refreshing:
            // No resetNoMoreData() first: MJRefresh applies it asynchronously, after the begin.
            if !footer.isRefreshing {
                willBegin(.footer)
                footer.beginRefreshing()
            }
            return false
        case .idle:
            var sent = false
            if footer.isRefreshing || oldFooter == .refreshing {
                footer.endRefreshing()
                sent = true
            }
            if oldFooter != .idle && oldFooter != .refreshing {
                footer.resetNoMoreData()
                sent = true
            }
            return sent
        case .noMoreData(let title):
            guard oldFooter != new.footer || footer.isRefreshing else { return false }
            if let title {
                footer.endRefreshingWithNoMoreData(title: title)
            } else {
                footer.endRefreshingWithNoMoreData()
            }
            return true
        case .failed(let message):
            guard oldFooter != new.footer || footer.isRefreshing else { return false }
            footer.endRefreshingWithFailure(message: message)
            return true
        }
    }

    /// Drives both controls and returns what they were driven to, and whether the controls need
    /// checking again once the main actor's queue ran: a control may apply an end command after a
    /// later, synchronous `beginRefreshing()` (MJRefresh does), or not show the wanted state yet.
    static func render(
        _ new: RefreshAppearance,
        header: (any RefreshHeaderControl)?,
        footer: (any RefreshFooterControl)?,
        previous: RenderedControls?,
        willBegin: (Control) -> Void = { _ in }
    ) -> (rendered: RenderedControls, needsRecheck: Bool) {
        let headerID = header.map { ObjectIdentifier($0) }
        let footerID = footer.map { ObjectIdentifier($0) }
        let oldHeader = previous?.header == headerID ? previous?.appearance.header : nil
        let oldFooter = previous?.footer == footerID ? previous?.appearance : nil
        let footerSentEnd = drive(footer, from: oldFooter, to: new, willBegin: willBegin)
        let headerSentEnd = drive(header, from: oldHeader, to: new.header, willBegin: willBegin)
        var rendered = previous ?? RenderedControls(appearance: new)
        rendered.appearance = new
        rendered.header = headerID
        rendered.footer = footerID
        let needsRecheck = footerSentEnd || headerSentEnd || lagsBehind(new, header: header, footer: footer)
        return (rendered, needsRecheck)
    }

    /// Whether a control does not show yet what it was driven to, as MJRefresh's controls do until
    /// their queued commands run: a later render must check them again.
    static func lagsBehind(
        _ appearance: RefreshAppearance,
        header: (any RefreshHeaderControl)?,
        footer: (any RefreshFooterControl)?
    ) -> Bool {
        if let header, header.isRefreshing != (appearance.header == .refreshing) {
            return true
        }
        if let footer, footer.isRefreshing != (appearance.footer == .refreshing) {
            return true
        }
        return false
    }
}
