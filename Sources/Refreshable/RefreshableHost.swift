/// Connects a ``RefreshRuntime`` to the ``Refreshable`` adopter that owns it, holding it weakly.
@MainActor
final class RefreshableHost<Adopter: Refreshable>: RefreshRuntimeHost<Adopter.Item> {
    private weak var adopter: Adopter?

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
    override var header: (any RefreshHeaderControl)? { adopter?.refreshHeaderControl }
    override var footer: (any RefreshFooterControl)? { adopter?.refreshFooterControl }
    override var previous: (any RefreshFooterControl)? { adopter?.refreshPreviousControl }
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

    override func start(_ request: RefreshRequest, on runtime: RefreshRuntime<Adopter.Item>) {
        adopter?.refreshData(isRefresh: request.isRefresh)
    }

    override func succeeded(
        _ page: RefreshPage<Adopter.Item>,
        for request: RefreshRequest,
        on runtime: RefreshRuntime<Adopter.Item>
    ) {
        adopter?.loadSuccess(page, for: request)
    }

    override func failed(_ error: any Error, for request: RefreshRequest, on runtime: RefreshRuntime<Adopter.Item>) {
        adopter?.loadFailer(error, for: request)
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
