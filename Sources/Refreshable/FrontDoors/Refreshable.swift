/// A list controller with one or more sources (tabs), each with its own page state, whose
/// pull-to-refresh and load-more bookkeeping the library does.
///
/// An adopter stores a ``RefreshRuntime`` as ``refreshStatus``, names its controls, and starts
/// requests in ``refreshData(isRefresh:)`` (the callback style), or adopts ``AsyncRefreshable``
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
/// change, the last row coming on screen). The rules the library keeps are in <doc:Rules>.
///
/// The requirements are only what the library asks of you: what you provide, and the hooks it
/// calls. What you call (``refresh()``, ``loadMore()``, ``loadSuccess(_:for:)``, ...) are
/// extension methods, so a method of your own with the same name, such as a `refresh()` a button
/// calls, never changes what the library or a control's action does.
///
/// ## Implementation requirements
/// - Adopt ``AsyncRefreshable`` and implement ``AsyncRefreshable/loadPage(_:)``, or implement
///   ``refreshData(isRefresh:)``: the compiler asks for one of them. An ``AsyncRefreshable``'s
///   loads all go to `loadPage(_:)`; a `refreshData(isRefresh:)` of its own is never called.
/// - In the callback style, capture ``refreshRequest`` inside ``refreshData(isRefresh:)`` and pass it
///   to ``loadSuccess(_:for:)`` or ``loadFailer(_:for:)`` once, when the request ends. Results of
///   superseded requests are discarded, so late callbacks are safe.
/// - Start loads with the calls below, never by calling ``refreshData(isRefresh:)`` yourself.
///
/// ## Implementation guidance
/// A hook you implement replaces its default; to keep the default's behaviour too, call the
/// helper it uses: ``reloadListIfCurrent(_:)`` from ``refreshDidUpdate(_:)``,
/// ``showFailureMessageIfNeeded(_:)`` from ``presentFailure(_:)``. A method of yours that starts
/// loads its own way (analytics around a load-more, a load of another tab) calls
/// ``startLoad(_:source:)``. To log an answer before the library applies it, do it in your
/// request's completion, before ``loadSuccess(_:for:)``: a method of yours named `loadSuccess`
/// hides the library's from your own calls.
///
/// ## Topics
///
/// ### What you provide
/// - ``Item``
/// - ``refreshStatus``
/// - ``currentIndex``
/// - ``refreshHeaderControl``
/// - ``refreshFooterControl``
/// - ``refreshPreviousControl``
/// - ``refreshListView``
/// - ``refreshData(isRefresh:)``
///
/// ### What you may customise
/// - ``refreshDidUpdate(_:)``
/// - ``presentFailure(_:)``
/// - ``refreshDidDiscard(_:)``
/// - ``refreshDidCancel(_:)``
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
/// - ``refreshIfStale(olderThan:)``
/// - ``setOnline(_:)``
///
/// ### What you call in the callback style
/// - ``refreshRequest``
/// - ``loadSuccess(_:for:)``
/// - ``loadFailer(_:for:)``
///
/// ### Editing items without a refresh
/// - ``updateItem(_:)``
/// - ``updateItem(_:source:)``
/// - ``removeItem(id:)``
/// - ``removeItem(id:source:)``
/// - ``revertItem(_:)``
/// - ``revertItem(_:source:)``
/// - ``confirmPendingItem(_:)``
/// - ``confirmPendingItem(_:source:)``
/// - ``confirmPendingItem(_:replacing:)``
/// - ``confirmPendingItem(_:replacing:source:)``
/// - ``insertItem(_:at:source:)``
/// - ``insertPendingItem(_:at:source:)``
/// - ``isPending(id:source:)``
/// - ``item(id:source:)``
///
/// ### What an override reuses
/// - ``reloadListIfCurrent(_:)``
/// - ``showFailureMessageIfNeeded(_:)``
/// - ``startLoad(_:source:)``
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

    /// Starts the request for ``refreshRequest`` (the callback style): the library calls it for
    /// every load it starts. Capture ``refreshRequest`` here and report the request's end with
    /// ``loadSuccess(_:for:)`` or ``loadFailer(_:for:)``. An ``AsyncRefreshable`` needs none: the
    /// library calls its ``AsyncRefreshable/loadPage(_:)`` instead.
    /// - Parameter isRefresh: `true` for a refresh (first page), `false` for a load-more or a load
    ///   of the previous page (``RefreshRequest/kind`` tells them apart).
    func refreshData(isRefresh: Bool)

    // MARK: What you may customise

    /// Called after a page was applied, an item was edited, the current source changed, or the
    /// state was replaced. The default is ``reloadListIfCurrent(_:)``.
    /// - Parameter update: What changed.
    func refreshDidUpdate(_ update: RefreshUpdate)

    /// Called after a load failed, or the library refused a server's answer. The default is
    /// ``showFailureMessageIfNeeded(_:)``; an empty source's placeholder is drawn with the controls.
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
/// The library calls ``loadPage(_:)`` once per request, with the request, in a task that a
/// newer request of the same source cancels, and applies what it returns or throws to the source
/// that asked, however late it comes; ``Refreshable/refreshDidUpdate(_:)`` and
/// ``Refreshable/presentFailure(_:)`` then tell you what changed.
///
/// ## Implementation requirements
/// Every load goes to ``loadPage(_:)``: to load some sources another way (a cache, a callback
/// API), do it inside `loadPage(_:)`, wrapping a callback in `withCheckedThrowingContinuation`.
/// A `refreshData(isRefresh:)` of your own is never called, and ``Refreshable/loadSuccess(_:for:)``
/// and ``Refreshable/loadFailer(_:for:)`` are not needed: return the page or throw.
///
/// ## Topics
///
/// ### What you provide
/// - ``loadPage(_:)``
@MainActor
public protocol AsyncRefreshable: Refreshable {
    /// Loads one page.
    /// - Parameter request: The source, page (or cursor) and kind to load.
    /// - Returns: The page, with whatever end-of-list signals the server gave.
    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Item>
}

extension AsyncRefreshable {
    /// Satisfies the callback style's requirement: the library never calls it for an
    /// `AsyncRefreshable`, whose loads go to ``loadPage(_:)``. Calling it stops with a message:
    /// start loads with ``Refreshable/refresh()``, ``Refreshable/loadMore()`` or the controls' actions.
    /// - Parameter isRefresh: Unused.
    public func refreshData(isRefresh: Bool) {
        require(
            false,
            "refreshData(isRefresh:) of \(type(of: self)) was called, but an AsyncRefreshable loads every page with loadPage(_:): start loads with refresh(), loadMore(), the controls' actions or setupRefreshHeader()."
        )
    }
}
