/// Connects a ``RefreshRuntime`` to the ``Refreshable`` adopter that owns it, holding it weakly:
/// what the adopter provides, its hooks, and, in the callback style, the requests handed to its
/// ``Refreshable/refreshData(isRefresh:)``.
@MainActor
class RefreshableHost<Adopter: Refreshable>: RefreshRuntimeHost<Adopter.Item> {
    fileprivate weak var adopter: Adopter?

    init(_ adopter: Adopter) {
        self.adopter = adopter
    }

    override func represents(_ object: AnyObject) -> Bool { adopter === object }
    override var isAlive: Bool { adopter != nil }
    override var currentIndex: Int? { adopter?.currentIndex }
    override func setCurrentIndex(_ index: Int) -> Bool {
        guard let adopter else { return false }
        adopter.currentIndex = index
        return true
    }
    override var controls: Controls {
        // One load of the weak reference (an atomic retain through its side table), not three.
        guard let adopter else { return Controls() }
        return Controls(
            header: adopter.refreshHeaderControl,
            footer: adopter.refreshFooterControl,
            previous: adopter.refreshPreviousControl
        )
    }
    override var listView: (any RefreshListView)? { adopter?.refreshListView }

    override func start(_ request: RefreshRequest) {
        adopter?.refreshData(isRefresh: request.isRefresh)
    }

    override func didUpdate(_ update: RefreshUpdate, on runtime: RefreshRuntime<Adopter.Item>) {
        adopter?.refreshDidUpdate(update)
    }

    override func presentFailure(_ failure: RefreshFailure, on runtime: RefreshRuntime<Adopter.Item>) {
        adopter?.presentFailure(failure)
    }

    override func didDiscard(_ request: RefreshRequest) {
        adopter?.refreshDidDiscard(request)
    }

    override func didCancel(_ request: RefreshRequest) {
        adopter?.refreshDidCancel(request)
    }
}

/// Connects a ``RefreshRuntime`` to an ``AsyncRefreshable`` adopter: each request goes out once,
/// to ``AsyncRefreshable/loadPage(_:)`` with the request, and what it returns or throws comes back
/// once, to the runtime, which applies it and tells the adopter's hooks.
@MainActor
final class AsyncRefreshableHost<Adopter: AsyncRefreshable>: RefreshableHost<Adopter> {
    override func loader(for request: RefreshRequest) -> PageLoader? {
        // The task keeps the adopter alive until its loader returns, as a network callback holding
        // `self` would; an adopter already gone loads nothing.
        { [weak adopter] in
            guard let adopter else { throw CancellationError() }
            return try await adopter.loadPage(request)
        }
    }
}
