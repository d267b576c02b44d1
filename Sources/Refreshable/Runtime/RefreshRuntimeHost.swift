/// Which control an action came from.
enum RefreshControlRole: Sendable {
    case header, footer, previous

    /// The control that shows a load of `kind`.
    init(_ kind: RefreshRequest.Kind) {
        self = kind == .refresh ? .header : kind == .loadMore ? .footer : .previous
    }

    /// The load the control's action asks for.
    var kind: RefreshRequest.Kind { self == .header ? .refresh : self == .footer ? .loadMore : .loadPrevious }
}

/// The controls a render drives.
@MainActor
struct Controls {
    var header: (any RefreshHeaderControl)?
    var footer: (any RefreshFooterControl)?
    var previous: (any RefreshFooterControl)?

    /// The control in `role`, and whether it refreshes now; `nil` when there is none.
    func control(_ role: RefreshControlRole) -> (object: AnyObject, isRefreshing: Bool)? {
        switch role {
        case .header: header.map { ($0, $0.isRefreshing) }
        case .footer: footer.map { ($0, $0.isRefreshing) }
        case .previous: previous.map { ($0, $0.isRefreshing) }
        }
    }
}

/// What a ``RefreshRuntime`` calls back: the front door that owns it (a ``Refreshable`` adopter,
/// a view model, a SwiftUI list model). The base class is a host with no controls and no hooks;
/// each front door subclasses it.
@MainActor
class RefreshRuntimeHost<Item: Sendable> {
    /// Whether this host stands for `object`.
    func represents(_ object: AnyObject) -> Bool { false }
    /// Whether the object the host stands for still exists.
    var isAlive: Bool { false }
    /// The current source, when the front door keeps its own; `nil` to use the runtime's.
    var currentIndex: Int? { nil }
    /// Makes `index` current when the front door keeps its own index; returns whether it does.
    func setCurrentIndex(_ index: Int) -> Bool { false }
    /// The controls to drive: the header, the footer and the control that loads previous pages.
    var controls: Controls { Controls() }
    /// The list, for reloads and failures.
    var listView: (any RefreshListView)? { nil }
    /// A loader the runtime runs in a task of its own.
    typealias PageLoader = @MainActor () async throws -> RefreshPage<Item>
    /// The loader the runtime runs for a request it issued, in a task it cancels itself (an async
    /// front door: an ``AsyncRefreshable``'s `loadPage(_:)`, a list model's loader), or `nil` when
    /// the host starts the request itself with ``start(_:)``.
    func loader(for request: RefreshRequest) -> PageLoader? { nil }
    /// Starts a request the runtime issued and the host runs itself (a ``Refreshable``'s
    /// `refreshData(isRefresh:)`), which answers through the runtime.
    func start(_ request: RefreshRequest) {}
    /// Called after items changed or the current source changed.
    func didUpdate(_ update: RefreshUpdate, on runtime: RefreshRuntime<Item>) {}
    /// Called after a load failed.
    func presentFailure(_ failure: RefreshFailure, on runtime: RefreshRuntime<Item>) {}
    /// Called when a stale result was discarded.
    func didDiscard(_ request: RefreshRequest) {}
    /// Called when a request handed to ``start(_:)`` is no longer wanted.
    func didCancel(_ request: RefreshRequest) {}
    /// Called after every render, with what the screen now shows.
    func didRender(_ appearance: RefreshAppearance) {}
}
