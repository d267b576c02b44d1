public import Refreshable

/// Drives your own `loadPage(_:)` step by step, without controls or a screen: a refresh, a
/// load-more, a load of the previous page, each awaited to its end, with the pages held and the
/// source's state to read after each step.
///
/// Give it the function your app loads a page with (your API client, talking to a stub server in
/// the test) and the sources your list is made with, so that their policy (first page, page size,
/// cursors, page cap) and identity are the app's own. Each step asks the library's state machine
/// for the request, as a list would, awaits your function, and applies its answer or its error by
/// the same rules (the Rules article of the Refreshable documentation):
///
/// ```swift
/// let pager = TestPager(RefreshSources<Order>(noMoreTitles: ["No more orders"])) { request in
///     try await client.orders(page: request.page)
/// }
/// await pager.refresh()
/// #expect(pager.items.map(\.id) == ["o1", "o2"])
/// ```
///
/// A step that cannot start (the list has ended, a load-more before anything loaded) asks your
/// function nothing and says why in its ``TestPagerResult``. One pager drives one source; make one
/// per tab to check several.
@MainActor
public final class TestPager<Item: Sendable> {
    /// The state of every source, as the pager left it after the last step.
    public private(set) var sources: RefreshSources<Item>
    /// The source the pager drives.
    public let source: Int
    /// The pages the source holds, in list order: a refresh keeps only its own, a load-more adds
    /// one at the end, a load of the previous page one at the start, and the page cap
    /// (the policy's `maxPages`) drops them from the far end as it drops their items. The pages
    /// are the loader's answers as they came, before any de-duplication by id; ``items`` is what the
    /// list shows.
    public private(set) var pages: [RefreshPage<Item>] = []
    /// Every request the pager sent to the loader, oldest first.
    public private(set) var requests: [RefreshRequest] = []

    private let loadPage: @MainActor (RefreshRequest) async throws -> RefreshPage<Item>

    /// Creates a pager for one source of your sources.
    /// - Parameters:
    ///   - sources: The sources as your list creates them, with your policy and identity; one
    ///     unloaded source by default.
    ///   - source: The source to drive; `0` by default.
    ///   - loadPage: Your app's function that loads the page a request asks for.
    public init(
        _ sources: RefreshSources<Item> = RefreshSources(noMoreTitles: [""]),
        source: Int = 0,
        loadPage: @escaping @MainActor (RefreshRequest) async throws -> RefreshPage<Item>
    ) {
        sources.checkSource(source, in: "TestPager(_:source:loadPage:)")
        self.sources = sources
        self.source = source
        self.loadPage = loadPage
    }

    /// The driven source's state after the last step: its page, end of the list, failures.
    public var state: RefreshState<Item> { sources[source] }

    /// The items the driven source holds, in list order.
    public var items: [Item] { Array(sources[source].items) }

    /// Refreshes: loads the first page and, when it lands, replaces the items.
    /// - Returns: What the step did.
    @discardableResult
    public func refresh() async -> TestPagerResult<Item> {
        await step(.refresh)
    }

    /// Loads the page after the last one held and appends it.
    /// - Returns: What the step did.
    @discardableResult
    public func loadMore() async -> TestPagerResult<Item> {
        await step(.loadMore)
    }

    /// Loads the page before the first one held and puts it before the items.
    /// - Returns: What the step did.
    @discardableResult
    public func loadPrevious() async -> TestPagerResult<Item> {
        await step(.loadPrevious)
    }

    private func step(_ kind: RefreshRequest.Kind) async -> TestPagerResult<Item> {
        let request: RefreshRequest
        switch sources.begin(kind, source: source) {
        case .ignored(let reason):
            return .notStarted(reason)
        case .started(let started, _):
            request = started
        }
        requests.append(request)
        let page: RefreshPage<Item>
        do {
            page = try await loadPage(request)
        } catch {
            return result(of: sources.fail(request, error: error), request: request, page: nil)
        }
        return result(of: sources.succeed(request, with: page), request: request, page: page)
    }

    private func result(
        of settlement: RefreshSettlement, request: RefreshRequest, page: RefreshPage<Item>?
    ) -> TestPagerResult<Item> {
        switch settlement {
        case .applied(let update):
            // Only an answer applies; a thrown error never does.
            guard let page else { return .discarded(request) }
            hold(page, after: update)
            return .page(page, update)
        case .failed(let failure): return .failure(failure)
        case .cancelled(let request): return .cancelled(request)
        case .discarded(let request): return .discarded(request)
        }
    }

    /// Keeps `pages` in step with the items after an applied answer.
    private func hold(_ page: RefreshPage<Item>, after update: RefreshUpdate) {
        switch update.change {
        case .appended:
            pages.append(page)
            if update.dropped != nil { dropPages(fromStart: true) }
        case .prepended:
            pages.insert(page, at: 0)
            if update.dropped != nil { dropPages(fromStart: false) }
        default:
            pages = [page]
        }
    }

    /// Drops the pages the cap dropped, from the end the load did not add to.
    private func dropPages(fromStart: Bool) {
        let excess = min(max(pages.count - (sources.policy.maxPages ?? pages.count), 0), pages.count - 1)
        if fromStart {
            pages.removeFirst(excess)
        } else {
            pages.removeLast(excess)
        }
    }
}

/// What one step of a ``TestPager`` did.
public enum TestPagerResult<Item: Sendable>: Sendable {
    /// The loader answered with the page, and the source applied it as the update says.
    case page(RefreshPage<Item>, RefreshUpdate)
    /// The loader threw, or the rules refused its answer: nothing was committed, and the failure
    /// is what the list shows.
    case failure(RefreshFailure)
    /// The loader threw `CancellationError` for the request: nothing changed.
    case cancelled(RefreshRequest)
    /// Another step replaced the request while the loader worked (steps run at the same time):
    /// its answer was discarded.
    case discarded(RefreshRequest)
    /// The step asked the loader nothing, for the reason given.
    case notStarted(RefreshIgnoreReason)

    /// The page the loader answered, when the step applied one.
    public var page: RefreshPage<Item>? {
        guard case .page(let page, _) = self else { return nil }
        return page
    }

    /// The failure the step ended with, if any.
    public var failure: RefreshFailure? {
        guard case .failure(let failure) = self else { return nil }
        return failure
    }
}

extension TestPagerResult: Equatable where Item: Equatable {}
