/// The defaults of what you provide: the current index lives in the runtime.
extension Refreshable {
    /// No control loads previous pages.
    public var refreshPreviousControl: (any RefreshFooterControl)? { nil }

    /// The index of the source on screen, kept in ``refreshStatus``. Setting it does not draw or
    /// load: use ``switchSource(to:)``.
    public var currentIndex: Int {
        get { refreshStatus.storedIndex }
        set { refreshStatus.storedIndex = newValue }
    }
}

/// The defaults of what you call: each is a short call into the list's runtime.
extension Refreshable {
    /// Draws the controls and loads the first page if needed.
    public func setupRefreshHeader() {
        runtime.setUp()
    }

    /// Draws the controls and loads the first page if needed.
    public func setupRefreshFooter() {
        runtime.setUp()
    }

    /// Refreshes when the header's action is a user's pull; ignores the control's own late callback.
    public func headerRefreshingAction() {
        runtime.controlAction(.header)
    }

    /// Loads more when the footer's action is a user's pull; ignores the control's own late callback.
    public func footerRefreshingAction() {
        runtime.controlAction(.footer)
    }

    /// The action of ``refreshPreviousControl``: loads the previous page when a user pulled the
    /// control; ignores the control's own late callback of a load the library began.
    public func previousRefreshingAction() {
        runtime.controlAction(.previous)
    }

    /// Starts a refresh of ``currentIndex`` with ``startLoad(_:source:)``.
    public func refresh() {
        startLoad(.refresh, source: currentIndex)
    }

    /// Starts a load-more of ``currentIndex`` with ``startLoad(_:source:)``.
    public func loadMore() {
        startLoad(.loadMore, source: currentIndex)
    }

    /// Starts a load of the page before the first loaded one of ``currentIndex`` (newer items above
    /// a feed, or a page the page cap dropped) with ``startLoad(_:source:)``: call it when the
    /// first rows come on screen. A callback-style loader tells it by ``RefreshRequest/kind``
    /// (``RefreshRequest/Kind/loadPrevious``); `isRefresh` is `false`.
    public func loadPrevious() {
        startLoad(.loadPrevious, source: currentIndex)
    }

    /// Makes `index` current, reports ``RefreshUpdate/Change/switchedSource``, draws, and loads the
    /// new source's first page if needed.
    /// - Parameter index: The new current source; out of range stops with a message.
    public func switchSource(to index: Int) {
        runtime.switchSource(to: index)
    }

    /// Draws the controls and placeholder with ``renderRefreshControls()``.
    public func refreshFooter() {
        renderRefreshControls()
    }

    /// Cancels the loads in flight for one source; the source keeps its items and records a
    /// ``RefreshFailure/Reason/cancelled`` failure, which shows nothing, and the next setup or
    /// switch to it loads again. Other tabs' loads go on: when the screen goes away, cancel each
    /// source (`for source in refreshStatus.sources.indices { cancelLoading(source: source) }`).
    /// - Parameter source: The source, the current one by default.
    public func cancelLoading(source: Int? = nil) {
        runtime.cancelLoading(source: source ?? currentIndex)
    }

    /// The items of the current source.
    public var currentItems: [Item] { refreshStatus[currentIndex].items }
}

/// Local edits by id: each is a short call into the list's runtime, which reports the change to
/// ``Refreshable/refreshDidUpdate(_:)`` and draws the controls. They need an identity
/// (``RefreshRuntime/identity``).
extension Refreshable {
    /// Replaces the held item that has `item`'s id, in place, without a refresh.
    /// - Parameters:
    ///   - item: The new version of a held item.
    ///   - source: The source that holds it, the current one by default.
    /// - Returns: The change, or `nil` when no item with that id is held.
    @discardableResult
    public func updateItem(_ item: Item, source: Int? = nil) -> RefreshUpdate? {
        runtime.updateItem(item, source: source ?? currentIndex)
    }

    /// Removes the held item with this id without a refresh; the removal sticks until a refresh
    /// asked for after it lands.
    /// - Parameters:
    ///   - id: The item's id.
    ///   - source: The source that holds it, the current one by default.
    /// - Returns: The change, or `nil` when no item with that id was held.
    @discardableResult
    public func removeItem(id: some Hashable & Sendable, source: Int? = nil) -> RefreshUpdate? {
        runtime.removeItem(id: id, source: source ?? currentIndex)
    }

    /// Inserts an item at a position without a refresh.
    /// - Parameters:
    ///   - item: The item to insert.
    ///   - position: Where to insert it, from `0` to the number of items held.
    ///   - source: The source to insert it into, the current one by default.
    /// - Returns: The change.
    @discardableResult
    public func insertItem(_ item: Item, at position: Int, source: Int? = nil) -> RefreshUpdate {
        runtime.insertItem(item, at: position, source: source ?? currentIndex)
    }
}

/// The defaults of what you may customise: each calls the helper of the same job.
extension Refreshable {
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

    /// Reloads the list with ``reloadListIfCurrent(_:)``.
    /// - Parameter update: What changed.
    public func refreshDidUpdate(_ update: RefreshUpdate) {
        reloadListIfCurrent(update)
    }

    /// Shows a message with ``showFailureMessageIfNeeded(_:)``.
    /// - Parameter failure: What went wrong.
    public func presentFailure(_ failure: RefreshFailure) {
        showFailureMessageIfNeeded(failure)
    }

    /// Does nothing.
    /// - Parameter request: The request whose result was discarded.
    public func refreshDidDiscard(_ request: RefreshRequest) {}

    /// Does nothing: the request's answer, if it comes, is discarded.
    /// - Parameter request: The request no longer wanted.
    public func refreshDidCancel(_ request: RefreshRequest) {}
}

/// Helpers the defaults call, which replacements of the defaults may call too.
extension Refreshable {
    /// The runtime, connected to this adopter.
    var runtime: RefreshRuntime<Item> {
        let runtime = refreshStatus
        runtime.attach(self) { RefreshableHost(self) }
        return runtime
    }

    /// The request being started, for use inside ``refreshData(isRefresh:)``: capture it and pass
    /// it back with the result. Reading it anywhere else stops with a message.
    public var refreshRequest: RefreshRequest {
        guard let request = refreshStatus.issuing else {
            fatalError(
                "refreshRequest is only available while refreshData(isRefresh:) runs: start loads with refresh(), loadMore(), the controls' actions or setupRefreshHeader(), and capture refreshRequest inside refreshData(isRefresh:)."
            )
        }
        return request
    }

    /// Asks the state machine for a load and, if it starts, cancels the load it supersedes, draws
    /// the controls, and calls ``refreshData(isRefresh:)`` with ``refreshRequest`` set. If it is
    /// ignored, draws the controls.
    /// - Parameters:
    ///   - kind: Refresh or load-more.
    ///   - source: The source to load; out of range stops with a message.
    /// - Returns: What the state machine decided.
    @discardableResult
    public func startLoad(_ kind: RefreshRequest.Kind, source: Int) -> RefreshBegin {
        runtime.startLoad(kind, source: source)
    }

    /// Applies a page through the state machine; on success reports ``refreshDidUpdate(_:)``, on a
    /// refused page ``presentFailure(_:)``; then draws. A stale result changes nothing and goes to
    /// ``refreshDidDiscard(_:)``.
    /// - Parameters:
    ///   - page: The server's answer.
    ///   - request: The request it answers.
    /// - Returns: What the state machine did with the page.
    @discardableResult
    public func applyLoadSuccess(_ page: RefreshPage<Item>, for request: RefreshRequest) -> RefreshSettlement {
        runtime.applySuccess(page, for: request)
    }

    /// Records a failure through the state machine, reports ``presentFailure(_:)`` and draws.
    /// A stale failure changes nothing and goes to ``refreshDidDiscard(_:)``.
    /// - Parameters:
    ///   - error: What went wrong.
    ///   - request: The request that failed.
    /// - Returns: What the state machine did with the failure.
    @discardableResult
    public func applyLoadFailure(_ error: any Error, for request: RefreshRequest) -> RefreshSettlement {
        runtime.applyFailure(error, for: request)
    }

    /// Reloads ``refreshListView`` when the update concerns the current source.
    /// - Parameter update: What changed.
    public func reloadListIfCurrent(_ update: RefreshUpdate) {
        guard update.source == currentIndex else { return }
        refreshListView?.reloadData()
    }

    /// Shows ``RefreshListView/showFailureMessage(_:)`` when the failed source is current and keeps
    /// items. A cancellation shows nothing: it is what the app asked for.
    /// - Parameter failure: What went wrong.
    public func showFailureMessageIfNeeded(_ failure: RefreshFailure) {
        let source = failure.request.source
        guard failure.reason != .cancelled, source == currentIndex, !refreshStatus[source].items.isEmpty else {
            return
        }
        refreshListView?.showFailureMessage(failure)
    }

    /// Drives header, footer and failure placeholder to the current source's state.
    ///
    /// When a control may not show the wanted state yet (MJRefresh applies its commands on the
    /// main queue's next turn), it is checked once more on the main actor then.
    public func renderRefreshControls() {
        runtime.render()
    }

    /// Loads the current source's first page if it never loaded, nothing is in flight, and it did
    /// not fail (a failed first load shows a placeholder whose action retries); a cancelled one
    /// loads again.
    public func loadFirstPageIfNeeded() {
        runtime.loadFirstPageIfNeeded()
    }
}
