/// The defaults of what you provide: no control above the first row, and the current index kept
/// in the runtime.
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

/// The defaults of what you may customise: each calls the helper of the same job, or does nothing.
extension Refreshable {
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

/// The connection between an adopter and its runtime, made by the first call into the library.
extension Refreshable {
    /// The runtime, connected to this adopter.
    var runtime: RefreshRuntime<Item> {
        let runtime = refreshStatus
        // The host through which the runtime calls this adopter, made once per runtime: one that
        // runs loadPage(_:) for an AsyncRefreshable, one that hands requests to
        // refreshData(isRefresh:) otherwise.
        runtime.attach(self) {
            (self as? any AsyncRefreshable).flatMap { makePageLoadingHost(for: $0) as? RefreshRuntimeHost<Item> }
                ?? RefreshableHost(self)
        }
        return runtime
    }
}

/// A host that runs `adopter`'s `loadPage(_:)`; untyped, as the adopter reaches it as an
/// existential whose item type the caller knows to be its own.
@MainActor
private func makePageLoadingHost(for adopter: some AsyncRefreshable) -> AnyObject {
    AsyncRefreshableHost(adopter)
}
