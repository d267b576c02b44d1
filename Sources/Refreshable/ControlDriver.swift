/// What the controls were last driven to, and which controls those were.
struct RenderedControls: Sendable {
    var appearance: RefreshAppearance
    var header: ObjectIdentifier?
    var footer: ObjectIdentifier?
    var placeholder: RefreshFailure?
}

/// Drives header and footer controls from one appearance to the next with as few commands as
/// the change needs, reading the controls' own `isRefreshing` and `isHidden` so that a control
/// changed by the user (a pull) or replaced by the adopter is still brought to the wanted state.
@MainActor
enum ControlDriver {
    /// Brings the header to `new`; `old` is what it was last driven to, `nil` when unknown.
    static func drive(
        _ header: (any RefreshHeaderControl)?, from old: RefreshAppearance.Header?, to new: RefreshAppearance.Header
    ) {
        guard let header else { return }
        switch new {
        case .refreshing:
            if !header.isRefreshing {
                header.beginRefreshing()
            }
        case .idle:
            if header.isRefreshing || old == .refreshing {
                header.endRefreshing()
            }
        }
    }

    /// Brings the footer to `new`; `old` is what it was last driven to, `nil` when unknown
    /// (taken as a control in its initial, idle state).
    ///
    /// The last command sent always matches `new`, so with MJRefresh's asynchronous, last-call-wins
    /// commands the footer still ends where the state says.
    static func drive(_ footer: (any RefreshFooterControl)?, from old: RefreshAppearance?, to new: RefreshAppearance) {
        guard let footer else { return }
        let oldFooter = old?.footer ?? .idle
        if footer.isHidden != new.isFooterHidden {
            footer.isHidden = new.isFooterHidden
        }
        switch new.footer {
        case .refreshing:
            if !footer.isRefreshing {
                if oldFooter != .idle && oldFooter != .refreshing {
                    footer.resetNoMoreData()
                }
                footer.beginRefreshing()
            }
        case .idle:
            switch oldFooter {
            case .refreshing:
                footer.endRefreshing()
            case .noMoreData, .failed:
                footer.resetNoMoreData()
            case .idle:
                if footer.isRefreshing {
                    footer.endRefreshing()
                }
            }
        case .noMoreData(let title):
            if oldFooter != new.footer || footer.isRefreshing {
                if let title {
                    footer.endRefreshingWithNoMoreData(title: title)
                } else {
                    footer.endRefreshingWithNoMoreData()
                }
            }
        case .failed(let message):
            if oldFooter != new.footer || footer.isRefreshing {
                footer.endRefreshingWithFailure(message: message)
            }
        }
    }

    /// Drives both controls and returns what they were driven to.
    static func render(
        _ new: RefreshAppearance,
        header: (any RefreshHeaderControl)?,
        footer: (any RefreshFooterControl)?,
        previous: RenderedControls?
    ) -> RenderedControls {
        let headerID = header.map { ObjectIdentifier($0) }
        let footerID = footer.map { ObjectIdentifier($0) }
        let oldHeader = previous?.header == headerID ? previous?.appearance.header : nil
        let oldFooter = previous?.footer == footerID ? previous?.appearance : nil
        drive(footer, from: oldFooter, to: new)
        drive(header, from: oldHeader, to: new.header)
        return RenderedControls(appearance: new, header: headerID, footer: footerID, placeholder: previous?.placeholder)
    }
}
