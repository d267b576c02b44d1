/// A refresh status a view model publishes for its controller, with the states the
/// <doc:Rules> need.
///
/// ``OutputRefreshProtocol/autoSetRefreshHeaderStatus(header:footer:)`` folds each status into a
/// ``RefreshAppearance`` with ``RefreshAppearance/applying(_:)`` and drives the controls to it.
public enum RefreshStatus: Sendable, Hashable {
    /// Nothing to do; the initial value.
    case none
    /// A refresh started: the header shows its refreshing state.
    case beginHeaderRefresh
    /// The refresh ended, on success or failure: the header leaves its refreshing state.
    case endHeaderRefresh
    /// A load-more started: the footer shows its loading state, unless the list has ended.
    case beginFooterRefresh
    /// The load-more ended: the footer goes idle, unless it shows the end of the list (order-safe).
    case endFooterRefresh
    /// The list ended: the footer shows its end-of-list state and load-more cannot trigger.
    case noMoreData
    /// A successful refresh reopened the list: the footer leaves its end-of-list or failed state.
    case resetNoMoreData
    /// A load failed: the header and the footer leave their refreshing states, and a loading footer
    /// shows the failure. The control above the first row is left alone: see
    /// ``previousLoadFailed(message:)``.
    case failed(message: String)
    /// The footer hides, as it does during the first load and while the list is empty.
    case hideFooter
    /// The footer shows again.
    case showFooter
    /// A load of the previous page started: the control that loads previous pages shows its
    /// loading state, unless nothing comes before the first loaded page.
    case beginPreviousLoad
    /// The load of the previous page ended: the control goes idle, unless it shows that nothing
    /// comes before the first loaded page (order-safe).
    case endPreviousLoad
    /// Nothing comes before the first loaded page: the control that loads previous pages shows its
    /// end state and cannot trigger.
    case noPreviousData
    /// Something comes before the first loaded page again (a refresh under cursor paging, or the
    /// page cap dropped pages from the front): the control leaves its end or failed state.
    case resetNoPreviousData
    /// A load of the previous page failed: a loading control that loads previous pages shows the
    /// failure. The header and footer are left alone.
    case previousLoadFailed(message: String)
}
