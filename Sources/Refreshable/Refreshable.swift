/// The controller side of refreshing (seed 004): a list with one or more sources (tabs), each
/// with its own page state, whose pull-to-refresh and load-more bookkeeping the defaults do.
///
/// An adopter stores ``refreshStatus`` and ``currentIndex``, names its controls, and either starts
/// requests in ``refreshData(isRefresh:)`` (seed style) or answers ``loadPage(_:)`` (async style):
///
/// ```swift
/// final class OrdersController: Refreshable {
///     var refreshStatus: RefreshSources<Order> = [RefreshState(noMoreTitle: "No more orders")]
///     var currentIndex = 0
///     let refreshHeaderControl: (any RefreshHeaderControl)? = UIRefreshControl()
///     let refreshFooterControl: (any RefreshFooterControl)? = nil
///     let refreshListView: (any RefreshListView)? = nil
///
///     func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
///         try await api.orders(page: request.page)
///     }
/// }
/// controller.setupRefreshHeader()   // loads the first page (rule S1)
/// controller.refresh()              // from the header's pull
/// controller.loadMore()             // from the footer's pull
/// ```
///
/// ## Implementation requirements
/// - Implement either ``refreshData(isRefresh:)`` or ``loadPage(_:)``. The default of the first
///   runs the second; the default of the second stops with a message naming both.
/// - In seed style, capture ``refreshRequest`` inside ``refreshData(isRefresh:)`` and pass it to
///   ``loadSuccess(_:for:)`` or ``loadFailer(_:for:)`` exactly once when the request ends.
///   Results of superseded requests are discarded, so late callbacks are safe.
/// - Start loads with ``refresh()``, ``loadMore()``, ``setupRefreshHeader()`` or
///   ``switchSource(to:)``, not by calling ``refreshData(isRefresh:)`` directly.
///
/// ## Implementation guidance
/// Every default is a requirement, so an adopter may replace any of them. A replacement that
/// wants the default's behaviour too calls the helper the default uses: ``startLoad(_:source:)``,
/// ``applyLoadSuccess(_:for:)``, ``applyLoadFailure(_:for:)``, ``renderRefreshControls()``,
/// ``runLoadPage(for:)``.
///
/// For MJRefresh controls, which call their action from `beginRefreshing()`, set
/// ``RefreshPolicy/beginRefreshingSendsAction`` so the action the library's own `beginRefreshing()`
/// causes is not taken for a second request.
@MainActor
public protocol Refreshable: AnyObject {
    /// The type of the list's items.
    associatedtype Item: Sendable

    /// The page state of every source: the seed's array of `(page, isLoading, noMoreData, noMoreTitle)`.
    var refreshStatus: RefreshSources<Item> { get set }

    /// The index of the source on screen. Change it with ``switchSource(to:)``, which re-renders the controls.
    var currentIndex: Int { get set }

    /// The pull-to-refresh control, or `nil` when the list has none.
    var refreshHeaderControl: (any RefreshHeaderControl)? { get }

    /// The load-more control, or `nil` when the list has none.
    var refreshFooterControl: (any RefreshFooterControl)? { get }

    /// The list, for reloading rows and showing failures, or `nil` when the adopter handles both
    /// in ``refreshDidUpdate(_:)`` and ``presentFailure(_:)``.
    var refreshListView: (any RefreshListView)? { get }

    /// Starts the request for ``refreshRequest`` (seed style). The default runs ``loadPage(_:)``.
    /// - Parameter isRefresh: `true` for a refresh (first page), `false` for a load-more.
    func refreshData(isRefresh: Bool)

    /// Loads one page (async style). The default stops with a message: implement this or
    /// ``refreshData(isRefresh:)``.
    /// - Parameter request: The source, page and kind to load.
    /// - Returns: The page, with whatever end-of-list signals the server gave.
    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Item>

    /// Refreshes the current source: asks for the first page (rules S3, S7, S11).
    func refresh()

    /// Loads the next page of the current source (rules S5, S8, S11).
    func loadMore()

    /// Makes another source current, re-renders the controls from its state, and loads its first
    /// page if it never loaded (rule S1 per source).
    /// - Parameter index: The new current source.
    func switchSource(to index: Int)

    /// Renders the header and loads the current source's first page if it never loaded (rule S1).
    func setupRefreshHeader()

    /// Renders the footer (hidden until the first page loads, rule S2) and loads the current
    /// source's first page if it never loaded (rule S1).
    func setupRefreshFooter()

    /// Reports a page for a request (seed style). The default applies it with ``applyLoadSuccess(_:for:)``.
    /// - Parameters:
    ///   - page: The server's answer.
    ///   - request: The request it answers, captured from ``refreshRequest``.
    func loadSuccess(_ page: RefreshPage<Item>, for request: RefreshRequest)

    /// Reports a failed request (seed style). The default applies it with ``applyLoadFailure(_:for:)``.
    /// - Parameters:
    ///   - error: What went wrong.
    ///   - request: The request that failed, captured from ``refreshRequest``.
    func loadFailer(_ error: any Error, for request: RefreshRequest)

    /// Drives the footer to the current source's state (the seed's `refreshFooter()`).
    func refreshFooter()

    /// Called after a page was applied or the current source changed. The default reloads
    /// ``refreshListView`` when the change concerns the current source.
    /// - Parameter update: What changed.
    func refreshDidUpdate(_ update: RefreshUpdate)

    /// Called after a load failed (rule S6). The default shows ``RefreshListView/showFailureMessage(_:)``
    /// when the failed source is current and has items; an empty source's placeholder is part of
    /// ``renderRefreshControls()``.
    /// - Parameter failure: What went wrong, and for which request.
    func presentFailure(_ failure: RefreshFailure)

    /// Called when a result was discarded because its request had been superseded or cancelled
    /// (rule S12), for logging or for tests that wait for every answer. The default does nothing.
    /// - Parameter request: The request whose result was discarded.
    func refreshDidDiscard(_ request: RefreshRequest)
}

// MARK: - Defaults

/// The defaults, each ending in real behaviour.
extension Refreshable {
    /// Runs ``loadPage(_:)`` for ``refreshRequest`` with ``runLoadPage(for:)``.
    /// - Parameter isRefresh: Unused: the request carries its kind.
    public func refreshData(isRefresh: Bool) {
        runLoadPage(for: refreshRequest)
    }

    /// Stops: an adopter must implement ``loadPage(_:)`` or ``refreshData(isRefresh:)``.
    /// - Parameter request: The request that could not be loaded.
    /// - Returns: Never.
    public func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Item> {
        preconditionFailure(
            "\(Self.self) adopts Refreshable but implements neither loadPage(_:) (async style) nor refreshData(isRefresh:) (seed style); implement one of them."
        )
    }

    /// Starts a refresh of ``currentIndex`` with ``startLoad(_:source:)``, unless the call is the
    /// header's echo of the library's own `beginRefreshing()` (see ``RefreshPolicy/beginRefreshingSendsAction``).
    public func refresh() {
        guard !refreshStatus.consumeEcho(of: .header) else { return }
        startLoad(.refresh, source: currentIndex)
    }

    /// Starts a load-more of ``currentIndex`` with ``startLoad(_:source:)``, unless the call is the
    /// footer's echo of the library's own `beginRefreshing()`.
    public func loadMore() {
        guard !refreshStatus.consumeEcho(of: .footer) else { return }
        startLoad(.loadMore, source: currentIndex)
    }

    /// Sets ``currentIndex``, reports ``RefreshUpdate/Change/switchedSource``, renders, and loads
    /// the new source's first page if needed.
    /// - Parameter index: The new current source; out of range stops with a message.
    public func switchSource(to index: Int) {
        refreshStatus.checkSource(index, in: "switchSource(to:)")
        currentIndex = index
        refreshDidUpdate(
            RefreshUpdate(
                request: nil,
                source: index,
                change: .switchedSource,
                noMoreData: refreshStatus[index].noMoreData
            )
        )
        renderRefreshControls()
        loadFirstPageIfNeeded()
    }

    /// Renders the controls and loads the first page if needed.
    public func setupRefreshHeader() {
        renderRefreshControls()
        loadFirstPageIfNeeded()
    }

    /// Renders the controls and loads the first page if needed.
    public func setupRefreshFooter() {
        renderRefreshControls()
        loadFirstPageIfNeeded()
    }

    /// Applies the page with ``applyLoadSuccess(_:for:)``.
    /// - Parameters:
    ///   - page: The server's answer.
    ///   - request: The request it answers.
    public func loadSuccess(_ page: RefreshPage<Item>, for request: RefreshRequest) {
        applyLoadSuccess(page, for: request)
    }

    /// Applies the failure with ``applyLoadFailure(_:for:)``.
    /// - Parameters:
    ///   - error: What went wrong.
    ///   - request: The request that failed.
    public func loadFailer(_ error: any Error, for request: RefreshRequest) {
        applyLoadFailure(error, for: request)
    }

    /// Drives the footer, with the header and placeholder, to the current source's state, using
    /// ``renderRefreshControls()``.
    public func refreshFooter() {
        renderRefreshControls()
    }

    /// Reloads ``refreshListView`` when the update concerns the current source.
    /// - Parameter update: What changed.
    public func refreshDidUpdate(_ update: RefreshUpdate) {
        guard update.source == currentIndex else { return }
        refreshListView?.reloadData()
    }

    /// Does nothing.
    /// - Parameter request: The request whose result was discarded.
    public func refreshDidDiscard(_ request: RefreshRequest) {}

    /// Shows a message on ``refreshListView`` when the failed source is current and keeps items.
    /// A cancellation shows nothing: it is what the app asked for, not something that went wrong.
    /// - Parameter failure: What went wrong.
    public func presentFailure(_ failure: RefreshFailure) {
        let source = failure.request.source
        guard failure.reason != .cancelled, source == currentIndex, !refreshStatus[source].items.isEmpty else {
            return
        }
        refreshListView?.showFailureMessage(failure)
    }
}

// MARK: - Helpers the defaults use

/// Helpers that the defaults call and that replacements of the defaults may call too.
extension Refreshable {
    /// The request being started, for use inside ``refreshData(isRefresh:)``: capture it and pass it back
    /// with the result. Reading it anywhere else stops with a message.
    public var refreshRequest: RefreshRequest {
        guard let request = refreshStatus.issuing else {
            preconditionFailure(
                "refreshRequest is only available while refreshData(isRefresh:) runs: start loads with refresh(), loadMore() or setupRefreshHeader(), and capture refreshRequest inside refreshData(isRefresh:)."
            )
        }
        return request
    }

    /// Runs ``loadPage(_:)`` for a request in a task that a superseding request cancels, and reports
    /// the result with ``loadSuccess(_:for:)`` or ``loadFailer(_:for:)``; a result that arrives after
    /// the request was superseded or cancelled goes to ``refreshDidDiscard(_:)`` instead.
    ///
    /// The default ``refreshData(isRefresh:)`` calls it; an adopter that overrides `refreshData` to
    /// load some sources its own way can call it for the others. The task keeps the adopter alive
    /// until the loader returns, as a network callback holding `self` would.
    /// - Parameter request: The request to load, as captured from ``refreshRequest``.
    public func runLoadPage(for request: RefreshRequest) {
        let task = Task { [weak self] in
            guard let self else { return }
            let result: Result<RefreshPage<Item>, any Error>
            do {
                result = .success(try await self.loadPage(request))
            } catch {
                result = .failure(error)
            }
            guard self.refreshStatus.isInFlight(request) else {
                self.refreshDidDiscard(request)
                return
            }
            switch result {
            case .success(let page):
                self.loadSuccess(page, for: request)
            case .failure(let error):
                self.loadFailer(error, for: request)
            }
        }
        refreshStatus.tasks[request.source] = (request, task)
    }

    /// The items of the current source.
    public var currentItems: [Item] { refreshStatus[currentIndex].items }

    /// Asks the state machine for a load and, if it starts, cancels the load it supersedes,
    /// renders the controls, and calls ``refreshData(isRefresh:)`` with ``refreshRequest`` set.
    /// If it is ignored, renders the controls, so a control the user pulled returns to the state's look.
    /// - Parameters:
    ///   - kind: Refresh or load-more.
    ///   - source: The source to load; out of range stops with a message.
    /// - Returns: What the state machine decided.
    @discardableResult
    public func startLoad(_ kind: RefreshRequest.Kind, source: Int) -> RefreshBegin {
        let outcome = refreshStatus.begin(kind, source: source)
        guard case .started(let request, let superseded) = outcome else {
            // A pulled control whose load was ignored goes back to what the state says.
            renderRefreshControls()
            return outcome
        }
        if superseded != nil, let running = refreshStatus.tasks.removeValue(forKey: source) {
            running.task.cancel()
        }
        renderRefreshControls()
        // A control that called back into the library while being rendered may have superseded it.
        guard refreshStatus.isInFlight(request) else { return outcome }
        let outer = refreshStatus.issuing
        refreshStatus.issuing = request
        refreshData(isRefresh: request.isRefresh)
        refreshStatus.issuing = outer
        return outcome
    }

    /// Applies a page through the state machine; on success reports ``refreshDidUpdate(_:)``, on a
    /// refused page ``presentFailure(_:)``; then renders. A stale result changes nothing.
    /// - Parameters:
    ///   - page: The server's answer.
    ///   - request: The request it answers.
    /// - Returns: What the state machine did with the page.
    @discardableResult
    public func applyLoadSuccess(_ page: RefreshPage<Item>, for request: RefreshRequest) -> RefreshSettlement {
        let settlement = refreshStatus.succeed(request, with: page)
        handle(settlement)
        return settlement
    }

    /// Records a failure through the state machine, reports ``presentFailure(_:)`` and renders.
    /// A stale failure changes nothing.
    /// - Parameters:
    ///   - error: What went wrong.
    ///   - request: The request that failed.
    /// - Returns: What the state machine did with the failure.
    @discardableResult
    public func applyLoadFailure(_ error: any Error, for request: RefreshRequest) -> RefreshSettlement {
        let settlement = refreshStatus.fail(request, error: error)
        handle(settlement)
        return settlement
    }

    /// Cancels the load in flight for a source (for example when the screen goes away); the
    /// source keeps its items and records a ``RefreshFailure/Reason/cancelled`` failure.
    /// - Parameter source: The source, the current one by default.
    public func cancelLoading(source: Int? = nil) {
        let source = source ?? currentIndex
        if let running = refreshStatus.tasks.removeValue(forKey: source) {
            running.task.cancel()
        }
        guard let settlement = refreshStatus.cancel(source: source) else { return }
        handle(settlement)
    }

    /// Drives header, footer and failure placeholder to the current source's state.
    ///
    /// When a control does not show the wanted state yet (MJRefresh applies its end commands
    /// asynchronously), one more render is scheduled on the main actor to check it again.
    public func renderRefreshControls() {
        render(allowingRecheck: true)
    }

    /// Loads the current source's first page if it never loaded, nothing is in flight, and it did not
    /// fail (a failed first load shows a placeholder whose action retries); a cancelled one loads again.
    public func loadFirstPageIfNeeded() {
        let state = refreshStatus[currentIndex]
        guard !state.hasLoaded, !state.isLoading else { return }
        if let failure = state.failure, failure.reason != .cancelled {
            return
        }
        startLoad(.refresh, source: currentIndex)
    }

    private func render(allowingRecheck: Bool) {
        refreshStatus.checkSource(currentIndex, in: "currentIndex")
        let state = refreshStatus[currentIndex]
        let appearance = RefreshAppearance(state: state)
        let header = refreshHeaderControl
        let footer = refreshFooterControl
        var (rendered, needsRecheck) = ControlDriver.render(
            appearance,
            header: header,
            footer: footer,
            previous: refreshStatus.rendered
        ) { [self] control in
            // Recorded before the call, so an action sent synchronously from it is already recognised.
            if refreshStatus.policy.beginRefreshingSendsAction {
                refreshStatus.expectEcho(of: control)
            }
        }
        rendered.headerEchoPending = refreshStatus.rendered?.headerEchoPending ?? false
        rendered.footerEchoPending = refreshStatus.rendered?.footerEchoPending ?? false
        rendered.recheckScheduled = refreshStatus.rendered?.recheckScheduled ?? false
        // A control that left its refreshing state can no longer send the echo of an earlier begin.
        if header?.isRefreshing != true {
            rendered.headerEchoPending = false
        }
        if footer?.isRefreshing != true {
            rendered.footerEchoPending = false
        }
        let placeholder =
            state.items.isEmpty && !state.isLoading && state.failure?.reason != .cancelled ? state.failure : nil
        if rendered.placeholder != placeholder, let listView = refreshListView {
            if let placeholder {
                let source = currentIndex
                listView.showFailurePlaceholder(placeholder) { [weak self] in
                    self?.startLoad(.refresh, source: source)
                }
            } else {
                listView.hideFailurePlaceholder()
            }
        }
        rendered.placeholder = placeholder
        if allowingRecheck, needsRecheck, !rendered.recheckScheduled {
            rendered.recheckScheduled = true
            Task { [weak self] in
                guard let self else { return }
                self.refreshStatus.rendered?.recheckScheduled = false
                self.render(allowingRecheck: false)
            }
        }
        refreshStatus.rendered = rendered
    }

    private func handle(_ settlement: RefreshSettlement) {
        switch settlement {
        case .applied(let update):
            refreshDidUpdate(update)
        case .failed(let failure):
            presentFailure(failure)
        case .discarded(let request):
            refreshDidDiscard(request)
            return
        }
        renderRefreshControls()
    }
}
