/// What the screen should show besides the rows: header, footer and failure placeholder.
/// "UI = f(state)".
///
/// This is the one place that decides it. ``Refreshable`` derives it from the current source's
/// ``RefreshState`` (``init(state:)``), and ``OutputRefreshProtocol`` folds each published
/// ``RefreshStatus`` into it (``applying(_:)``); both drive the controls to it. Driving to a final
/// state rather than replaying commands is what keeps a late `endRefreshing()` from undoing the end
/// of the list (see <doc:Rules#Driving-the-controls>).
public struct RefreshAppearance: Sendable, Hashable {
    /// The header's state.
    public enum Header: Sendable, Hashable {
        /// Not refreshing.
        case idle
        /// Showing the refreshing state.
        case refreshing
    }

    /// The footer's state, apart from whether it is hidden.
    public enum Footer: Sendable, Hashable {
        /// Ready to load more.
        case idle
        /// Loading more.
        case refreshing
        /// At the end of the list, with the source's text when it has one.
        case noMoreData(title: String?)
        /// Loading more failed; pulling up retries.
        case failed(message: String)
    }

    /// The header's state.
    public var header: Header
    /// The footer's state.
    public var footer: Footer
    /// Whether the footer is hidden: until the first page loads and while the list is empty.
    public var isFooterHidden: Bool
    /// The failure the empty list's placeholder shows, or `nil` when no placeholder is shown.
    public var placeholder: RefreshFailure?
    /// The state of the control that loads previous pages (``RefreshRequest/Kind/loadPrevious``),
    /// a footer-like control above the first row: loading, failed, idle, or at the start of the
    /// list (``Footer/noMoreData(title:)``, the initial state: a list that never loads previous
    /// pages never leaves it). It is hidden with the footer (``isFooterHidden``).
    public var previous: Footer

    /// Creates an appearance.
    /// - Parameters:
    ///   - header: The header's state.
    ///   - footer: The footer's state.
    ///   - isFooterHidden: Whether the footer is hidden.
    ///   - placeholder: The failure the placeholder shows, if any.
    ///   - previous: The state of the control that loads previous pages; by default, at the start
    ///     of the list.
    public init(
        header: Header = .idle,
        footer: Footer = .idle,
        isFooterHidden: Bool = false,
        placeholder: RefreshFailure? = nil,
        previous: Footer = .noMoreData(title: nil)
    ) {
        self.header = header
        self.footer = footer
        self.isFooterHidden = isFooterHidden
        self.placeholder = placeholder
        self.previous = previous
    }

    /// The appearance a source's state calls for.
    ///
    /// The header refreshes exactly while a refresh is in flight. The footer is hidden until the
    /// first page loads and while the source has no items; otherwise it loads while a load-more is
    /// in flight, shows the end of the list when the list has ended, shows a failed load-more, and
    /// is idle otherwise. A failed refresh leaves the footer as it was. An empty list that keeps a
    /// failure (``RefreshState/failure``) shows it in the placeholder while nothing loads. The
    /// control that loads previous pages follows the same rules for its own direction: loading, at the start of
    /// the list (``RefreshState/noPreviousData``), failed, or idle. See <doc:Rules>.
    /// - Parameter state: The source's state.
    public init<Item>(state: RefreshState<Item>) {
        header = state.isRefreshing ? .refreshing : .idle
        isFooterHidden = !state.hasLoaded || state.items.isEmpty
        placeholder = state.items.isEmpty && !state.isLoading ? state.failure : nil
        footer = .toward(
            loading: state.isLoadingMore, ended: state.noMoreData,
            title: state.noMoreTitle.isEmpty ? nil : state.noMoreTitle, failure: state.loadMoreFailure)
        previous = .toward(
            loading: state.isLoadingPrevious, ended: state.noPreviousData, title: nil,
            failure: state.loadPreviousFailure)
    }

    /// The appearance after one more status, by order-safe rules: only ``RefreshStatus/resetNoMoreData``
    /// (or a new ``RefreshStatus/noMoreData``) changes an end-of-list footer, so a late
    /// ``RefreshStatus/endFooterRefresh`` or ``RefreshStatus/beginFooterRefresh`` cannot undo it.
    /// - Parameter status: The status to fold in.
    /// - Returns: The new appearance.
    public func applying(_ status: RefreshStatus) -> RefreshAppearance {
        var next = self
        next.apply(status)
        return next
    }

    /// Folds one more status into this appearance, in place (see ``applying(_:)``).
    mutating func apply(_ status: RefreshStatus) {
        switch status {
        case .none: break
        case .beginHeaderRefresh: header = .refreshing
        case .endHeaderRefresh: header = .idle
        case .beginFooterRefresh: footer.begin()
        case .endFooterRefresh: footer.end()
        case .noMoreData: footer.reachEnd()
        case .resetNoMoreData: footer.reopen()
        case .failed(let message):
            header = .idle
            footer.fail(message: message)
        case .hideFooter: isFooterHidden = true
        case .showFooter: isFooterHidden = false
        case .beginPreviousLoad: previous.begin()
        case .endPreviousLoad: previous.end()
        case .noPreviousData: previous.reachEnd()
        case .resetNoPreviousData: previous.reopen()
        case .previousLoadFailed(let message): previous.fail(message: message)
        }
    }

    /// The statuses that lead from `old` to this appearance, for logging or for bridging a
    /// ``Refreshable`` into a status stream. Folding them into `old` with ``applying(_:)`` gives
    /// this appearance, except for the end-of-list title, which statuses do not carry.
    /// - Parameter old: The previous appearance, or `nil` for a control in its initial state.
    /// - Returns: The statuses, header first.
    public func statuses(from old: RefreshAppearance?) -> [RefreshStatus] {
        let old = old ?? RefreshAppearance()
        var result: [RefreshStatus] = []
        if old.isFooterHidden != isFooterHidden {
            result.append(isFooterHidden ? .hideFooter : .showFooter)
        }
        footer.append(FooterStatuses.footer, from: old.footer, to: &result)
        previous.append(FooterStatuses.previous, from: old.previous, to: &result)
        if old.header != header
            || (footer != old.footer && header == .refreshing && result.contains(where: \.endsHeader))
        {
            result.append(header == .refreshing ? .beginHeaderRefresh : .endHeaderRefresh)
        }
        return result
    }
}

/// The statuses that move one footer-like control: the footer, or the control that loads
/// previous pages.
enum FooterStatuses: Sendable {
    case footer, previous

    var begin: RefreshStatus { self == .footer ? .beginFooterRefresh : .beginPreviousLoad }
    var end: RefreshStatus { self == .footer ? .endFooterRefresh : .endPreviousLoad }
    var reachEnd: RefreshStatus { self == .footer ? .noMoreData : .noPreviousData }
    var reopen: RefreshStatus { self == .footer ? .resetNoMoreData : .resetNoPreviousData }

    func fail(_ message: String) -> RefreshStatus {
        self == .footer ? .failed(message: message) : .previousLoadFailed(message: message)
    }
}

/// The order-safe rules of a footer-like control, shared by the footer and the control that loads
/// previous pages: only a reopen (or a new end) changes an end state, so a late end or begin
/// cannot undo it.
extension RefreshAppearance.Footer {
    /// The state of a control that loads toward one end of the list: loading, at that end (with
    /// `title`), showing the failure of the last load, or idle.
    static func toward(loading: Bool, ended: Bool, title: String?, failure: RefreshFailure?) -> Self {
        if loading {
            return .refreshing
        }
        if ended {
            return .noMoreData(title: title)
        }
        return failure.map { .failed(message: $0.message) } ?? .idle
    }

    mutating func begin() {
        if case .noMoreData = self {
            return
        }
        self = .refreshing
    }

    mutating func end() {
        if self == .refreshing {
            self = .idle
        }
    }

    mutating func reachEnd() {
        if case .noMoreData = self {
            return
        }
        self = .noMoreData(title: nil)
    }

    mutating func reopen() {
        // Leaves the end or a failure; a loading control stays as it is.
        if self != .refreshing {
            self = .idle
        }
    }

    mutating func fail(message: String) {
        if self == .refreshing {
            self = .failed(message: message)
        }
    }

    /// Appends the statuses that lead a control from `old` to this state.
    func append(_ statuses: FooterStatuses, from old: Self, to result: inout [RefreshStatus]) {
        guard old != self else { return }
        // Out of the end or a failure, a control is reopened first.
        let leavesEnd = old != .idle && old != .refreshing
        switch self {
        case .idle:
            result.append(old == .refreshing ? statuses.end : statuses.reopen)
        case .refreshing:
            result += leavesEnd ? [statuses.reopen, statuses.begin] : [statuses.begin]
        case .noMoreData:
            result.append(statuses.reachEnd)
        case .failed(let message):
            if leavesEnd {
                result.append(statuses.reopen)
            }
            if old != .refreshing {
                result.append(statuses.begin)
            }
            result.append(statuses.fail(message))
        }
    }
}

extension RefreshStatus {
    /// Whether folding this status leaves the header idle.
    fileprivate var endsHeader: Bool {
        switch self {
        case .endHeaderRefresh, .failed:
            return true
        default:
            return false
        }
    }
}
