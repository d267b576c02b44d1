/// A list controller with one or more sources (tabs), each with its own page state, whose
/// pull-to-refresh and load-more bookkeeping the defaults do.
///
/// An adopter stores a ``RefreshRuntime`` as ``refreshStatus``, names its controls, and starts
/// requests in ``refreshData(isRefresh:)`` (the callback style) — or adopts ``AsyncRefreshable``
/// and answers ``AsyncRefreshable/loadPage(_:)``:
///
/// ```swift
/// final class OrdersController: AsyncRefreshable {
///     let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more orders")]
///     let refreshHeaderControl: (any RefreshHeaderControl)? = nil
///     let refreshFooterControl: (any RefreshFooterControl)? = nil
///     let refreshListView: (any RefreshListView)? = nil
///
///     func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
///         try await api.orders(page: request.page)
///     }
/// }
/// ```
///
/// Then call ``setupRefreshHeader()`` when the screen appears (it loads the first page), wire the
/// header's action to ``headerRefreshingAction()`` and the footer's to ``footerRefreshingAction()``,
/// and call ``refresh()`` or ``loadMore()`` for loads the app itself starts (a button, a filter
/// change, the last row coming on screen). The rules the defaults keep are in <doc:Rules>.
///
/// ## Implementation requirements
/// - Adopt ``AsyncRefreshable`` and implement ``AsyncRefreshable/loadPage(_:)``, or implement
///   ``refreshData(isRefresh:)``: the compiler asks for one of them.
/// - In the callback style, capture ``refreshRequest`` inside ``refreshData(isRefresh:)`` and pass it
///   to ``loadSuccess(_:for:)`` or ``loadFailer(_:for:)`` once, when the request ends. Results of
///   superseded requests are discarded, so late callbacks are safe.
/// - Start loads with the calls below, never by calling ``refreshData(isRefresh:)`` yourself.
///
/// ## Implementation guidance
/// Every default is a requirement, so an adopter may replace any of them. A replacement that
/// wants the default's behaviour too calls the helper the default uses: ``applyLoadSuccess(_:for:)``,
/// ``applyLoadFailure(_:for:)``, ``reloadListIfCurrent(_:)``, ``showFailureMessageIfNeeded(_:)``,
/// ``startLoad(_:source:)``, ``renderRefreshControls()``, ``AsyncRefreshable/runLoadPage(for:)``.
///
/// ## Topics
///
/// ### What you provide
/// - ``refreshStatus``
/// - ``currentIndex``
/// - ``refreshHeaderControl``
/// - ``refreshFooterControl``
/// - ``refreshPreviousControl``
/// - ``refreshListView``
/// - ``refreshData(isRefresh:)``
///
/// ### What you call
/// - ``setupRefreshHeader()``
/// - ``setupRefreshFooter()``
/// - ``headerRefreshingAction()``
/// - ``footerRefreshingAction()``
/// - ``previousRefreshingAction()``
/// - ``refresh()``
/// - ``loadMore()``
/// - ``loadPrevious()``
/// - ``switchSource(to:)``
/// - ``refreshFooter()``
/// - ``cancelLoading(source:)``
/// - ``currentItems``
///
/// ### What you may customise
/// - ``loadSuccess(_:for:)``
/// - ``loadFailer(_:for:)``
/// - ``refreshDidUpdate(_:)``
/// - ``presentFailure(_:)``
/// - ``refreshDidDiscard(_:)``
///
/// ### What an override reuses
/// - ``refreshRequest``
/// - ``AsyncRefreshable/runLoadPage(for:)``
/// - ``applyLoadSuccess(_:for:)``
/// - ``applyLoadFailure(_:for:)``
/// - ``reloadListIfCurrent(_:)``
/// - ``showFailureMessageIfNeeded(_:)``
/// - ``startLoad(_:source:)``
/// - ``renderRefreshControls()``
/// - ``loadFirstPageIfNeeded()``
@MainActor
public protocol Refreshable: AnyObject {
    /// The type of the list's items.
    associatedtype Item: Sendable

    // MARK: What you provide

    /// The list's runtime: the page state of every source, read like an array of
    /// `(page, isLoading, noMoreData, noMoreTitle)` tuples (`refreshStatus[currentIndex].page`).
    /// Store one per list: `let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more orders")]`.
    var refreshStatus: RefreshRuntime<Item> { get }

    /// The index of the source on screen. The default keeps it in ``refreshStatus``; change it
    /// with ``switchSource(to:)``, which draws the new source and loads it if needed.
    var currentIndex: Int { get set }

    /// The pull-to-refresh control, or `nil` when the list has none.
    var refreshHeaderControl: (any RefreshHeaderControl)? { get }

    /// The load-more control, or `nil` when the list has none.
    var refreshFooterControl: (any RefreshFooterControl)? { get }

    /// The control above the first row that loads previous pages (``loadPrevious()``): newer items
    /// above a feed, older messages above a chat, pages the page cap dropped. Any footer-like
    /// control works (an MJRefresh auto footer placed at the top, a spinner row); the default is
    /// `nil`, no such control.
    var refreshPreviousControl: (any RefreshFooterControl)? { get }

    /// The list, for reloading rows and showing failures, or `nil` when the adopter handles both
    /// in ``refreshDidUpdate(_:)`` and ``presentFailure(_:)``.
    var refreshListView: (any RefreshListView)? { get }

    /// Starts the request for ``refreshRequest`` (the callback style); ``AsyncRefreshable``
    /// implements it by running ``AsyncRefreshable/loadPage(_:)``.
    /// - Parameter isRefresh: `true` for a refresh (first page), `false` for a load-more.
    func refreshData(isRefresh: Bool)

    // MARK: What you call

    /// Draws the controls and loads the current source's first page if it never loaded; call it
    /// when the screen appears.
    func setupRefreshHeader()

    /// Draws the controls (the footer stays hidden until the first page loads) and loads the
    /// current source's first page if it never loaded.
    func setupRefreshFooter()

    /// The header's action: wire `UIRefreshControl`'s `.valueChanged` or MJRefresh's refreshing
    /// block to it. It refreshes when the user pulled, and ignores the control's late callback of a
    /// refresh the library began (see <doc:Rules#Control-actions-and-echoes>).
    func headerRefreshingAction()

    /// The footer's action: wire MJRefresh's refreshing block to it. It loads more when the user
    /// pulled, and ignores the control's late callback of a load the library began.
    func footerRefreshingAction()

    /// Refreshes the current source because the app asks (a button, a new filter): asks for the
    /// first page and shows the header refreshing. Not for a control's action: see
    /// ``headerRefreshingAction()``.
    func refresh()

    /// Loads the next page of the current source because the app asks (the last row came on
    /// screen): shows the footer loading. Not for a control's action: see ``footerRefreshingAction()``.
    func loadMore()

    /// Makes another source current, draws its state, and loads its first page if it never loaded.
    /// - Parameter index: The new current source.
    func switchSource(to index: Int)

    /// Draws the controls and placeholder from the current source's state.
    func refreshFooter()

    // MARK: What you may customise

    /// Reports a page for a request (the callback style). The default applies it with
    /// ``applyLoadSuccess(_:for:)``.
    /// - Parameters:
    ///   - page: The server's answer.
    ///   - request: The request it answers, captured from ``refreshRequest``.
    func loadSuccess(_ page: RefreshPage<Item>, for request: RefreshRequest)

    /// Reports a failed request (the callback style). The default applies it with
    /// ``applyLoadFailure(_:for:)``.
    /// - Parameters:
    ///   - error: What went wrong.
    ///   - request: The request that failed, captured from ``refreshRequest``.
    func loadFailer(_ error: any Error, for request: RefreshRequest)

    /// Called after a page was applied, the current source changed, or the state was replaced.
    /// The default is ``reloadListIfCurrent(_:)``.
    /// - Parameter update: What changed.
    func refreshDidUpdate(_ update: RefreshUpdate)

    /// Called after a load failed. The default is ``showFailureMessageIfNeeded(_:)``; an empty
    /// source's placeholder is drawn with the controls.
    /// - Parameter failure: What went wrong, and for which request.
    func presentFailure(_ failure: RefreshFailure)

    /// Called when a result was discarded because its request had been superseded or cancelled,
    /// for logging or for tests that wait for every answer. The default does nothing.
    /// - Parameter request: The request whose result was discarded.
    func refreshDidDiscard(_ request: RefreshRequest)

    /// Called when a request started in ``refreshData(isRefresh:)`` is no longer wanted, before
    /// its answer came: a newer load superseded it (a refresh supersedes a load-more), the page
    /// cap dropped the end it loads toward, ``cancelLoading(source:)`` cancelled it, or the state
    /// was replaced. Cancel its network task here; an answer that still comes changes nothing and
    /// goes to ``refreshDidDiscard(_:)``. The loads of an ``AsyncRefreshable`` adopter are
    /// cancelled by the library, and never come here. The default does nothing.
    /// - Parameter request: The request no longer wanted.
    func refreshDidCancel(_ request: RefreshRequest)
}

/// A ``Refreshable`` list that loads each page with an async function.
///
/// ```swift
/// func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
///     let page = try await api.orders(page: request.page)
///     return RefreshPage(items: page.datas, curPage: page.curPage, pageCount: page.pageCount)
/// }
/// ```
///
/// The library runs it in a task that a newer request of the same source cancels, and applies
/// its result to the source that asked, however late it comes.
@MainActor
public protocol AsyncRefreshable: Refreshable {
    /// Loads one page.
    /// - Parameter request: The source, page and kind to load.
    /// - Returns: The page, with whatever end-of-list signals the server gave.
    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Item>
}

extension AsyncRefreshable {
    /// Runs ``loadPage(_:)`` for ``Refreshable/refreshRequest`` with ``runLoadPage(for:)``.
    /// - Parameter isRefresh: Unused: the request carries its kind.
    public func refreshData(isRefresh: Bool) {
        runLoadPage(for: refreshRequest)
    }

    /// Runs ``loadPage(_:)`` for a request in a task that a superseding request cancels, and
    /// reports the result with ``Refreshable/loadSuccess(_:for:)`` or ``Refreshable/loadFailer(_:for:)``;
    /// a result that arrives after the request was superseded or cancelled goes to
    /// ``Refreshable/refreshDidDiscard(_:)`` instead.
    ///
    /// The default ``Refreshable/refreshData(isRefresh:)`` calls it; an adopter that replaces `refreshData` to
    /// load some sources its own way can call it for the others. The task keeps the adopter alive
    /// until the loader returns, as a network callback holding `self` would.
    /// - Parameter request: The request to load, as captured from ``Refreshable/refreshRequest``.
    public func runLoadPage(for request: RefreshRequest) {
        runtime.run(request) { [weak self] in
            guard let self else { throw CancellationError() }
            return try await self.loadPage(request)
        }
    }
}
