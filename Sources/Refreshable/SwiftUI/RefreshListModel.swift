public import Observation

/// A paged list for SwiftUI: an observable model that loads, refreshes and loads more, keeping
/// the <doc:Rules>.
///
/// ```swift
/// @State private var model = RefreshListModel<Order>(noMoreTitles: ["No more orders"], identity: .id()) { request in
///     try await api.orders(page: request.page)
/// }
///
/// var body: some View {
///     List {
///         ForEach(model.items) { order in
///             OrderRow(order)
///                 .onAppear { model.itemDidAppear(order) }
///                 .onDisappear { model.itemDidDisappear(order) }
///         }
///         if model.isLoadingMore { ProgressView() }
///         if let text = model.noMoreText { Text(text) }
///     }
///     .refreshable { await model.refresh() }
///     .task { model.setUp() }
/// }
/// ```
///
/// Every property a view reads is observable (Observation), so the view updates when it changes.
/// ``refresh()`` returns when the refresh settles, as `.refreshable` expects, and its load does not
/// depend on the awaiting task: SwiftUI cancels that task when the view's identity changes, the
/// cancelled call returns at once, and the load still lands. Rows call ``itemDidAppear(_:)`` and ``itemDidDisappear(_:)`` (or the
/// index forms): the model loads more once the last ``prefetchDistance`` items come on screen,
/// keeps loading while the rows already on screen reach that far, which fills a screen taller than
/// the content, and loads again once those rows left the screen and came back (after a failure, or
/// scrolling back to pages a cap dropped). Loads that stop moving the list (a server that sends
/// rows the list holds and says more follow) stop after a few with a ``failure`` (see
/// <doc:Rules#Progress>), rather than loading for as long as the rows stay on screen. An identity
/// (`identity: .id()`) keeps each item once, which `ForEach` needs, and allows edits by id.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public final class RefreshListModel<Item: Sendable>: Observable {
    /// The list's runtime: the page state of every source, read like
    /// `model.refreshStatus[model.currentIndex].page`. Reads through it are not observed: a view
    /// reads the model's own properties. Settings and calls through it (its clock, ``RefreshRuntime/retry``)
    /// reach the view as the model's own do; a new query is ``reset()``.
    public let refreshStatus: RefreshRuntime<Item>

    /// How many items before the end a row coming on screen loads the next page; `nil`, the
    /// default, is one page (the policy's page size). With the default, every row of a one-page
    /// list is that close to the end, so the second page is asked for as soon as the first shows;
    /// set `1` to load when the last row appears.
    public var prefetchDistance: Int?

    private let registrar = ObservationRegistrar()
    /// Loads one page; the runtime runs it in a task of its own.
    let loader: @MainActor (RefreshRequest) async throws -> RefreshPage<Item>
    private(set) var index = 0
    private var shown = Snapshot()
    /// The ``refresh()`` calls awaiting a refresh, by the source it refreshes, in the state that
    /// issued it (its origin): a replaced state has no refresh of theirs in flight.
    private var refreshWaiters: [RefreshWaiter] = []
    /// Counts the ``refresh()`` calls that waited, so that each waiter has its own id.
    private var waiterCounter: UInt64 = 0
    /// The indexes of the rows on screen near either end (the others do not matter for loading).
    private var visible: Set<Int> = []
    /// The page at each end (``forward``: the last loaded; ``backward``: the first) when the rows
    /// near that end last asked for a load past it: once per crossing. It is cleared when those
    /// rows leave the screen, so a failed load is asked again by scrolling back, and a new page
    /// held lets the next crossing load the one after it.
    private var triggered: [Int?] = [nil, nil]

    /// The streams handed out by ``updates``, by their number, until their consumers stop.
    private var updateContinuations: [Int: AsyncStream<RefreshUpdate>.Continuation] = [:]
    private var nextUpdateStream = 0

    private struct RefreshWaiter {
        let id: UInt64
        let source: Int
        let origin: UInt64
        let continuation: CheckedContinuation<Void, Never>
    }

    /// The observable values besides the items, as shown: each is compared after each change, so
    /// that a view is told only about what changed.
    private struct Snapshot {
        var isRefreshing = false
        var isLoadingMore = false
        var isLoadingPrevious = false
        var previousPageState: RefreshAppearance.Footer = .noMoreData(title: nil)
        var noMoreText: String?
        var failure: RefreshFailure?
        var loadMoreFailure: RefreshFailure?
        var loadPreviousFailure: RefreshFailure?
        var placeholder: RefreshFailure?
        var isLoadedEmpty = false
    }

    deinit {
        for continuation in updateContinuations.values {
            continuation.finish()
        }
    }

    /// Creates a model over a runtime.
    /// - Parameters:
    ///   - refreshStatus: The list's runtime, with one state per source.
    ///   - loader: Loads one page; it runs in a task of the model's own, which a newer request of
    ///     the same source cancels.
    public nonisolated init(
        _ refreshStatus: RefreshRuntime<Item>,
        loader: @escaping @MainActor (RefreshRequest) async throws -> RefreshPage<Item>
    ) {
        self.refreshStatus = refreshStatus
        self.loader = loader
    }

    /// Creates a model whose sources each start unloaded, one per end-of-list text.
    /// - Parameters:
    ///   - noMoreTitles: Each source's end-of-list text; at least one.
    ///   - policy: Paging and conflict rules.
    ///   - identity: How items are told apart, for de-duplication and local edits; `nil` keeps
    ///     every item.
    ///   - failureMessage: The words a user reads for a failure (``failure``'s
    ///     ``RefreshFailure/message``; see ``RefreshRuntime/failureMessage``); by default, the
    ///     error's own description.
    ///   - loader: Loads one page.
    public nonisolated convenience init(
        noMoreTitles: [String],
        policy: RefreshPolicy = RefreshPolicy(),
        identity: RefreshItemIdentity<Item>? = nil,
        failureMessage: @escaping @MainActor (RefreshFailure) -> String = { $0.message },
        loader: @escaping @MainActor (RefreshRequest) async throws -> RefreshPage<Item>
    ) {
        self.init(
            RefreshRuntime(
                noMoreTitles: noMoreTitles, policy: policy, identity: identity, failureMessage: failureMessage),
            loader: loader)
    }

    // MARK: What a view reads

    /// Every later change of the items, of any source, as the ``RefreshUpdate`` that says what
    /// changed: a page appended or prepended, pages dropped under a cap, a refresh's replacement
    /// (with its difference), local edits, pushed items. Each access makes a new stream; it ends
    /// when the model is released, and stops being fed when the iterating task stops.
    ///
    /// A chat keeps its place when older rows load above it: on a
    /// ``RefreshUpdate/Change/prepended(_:)``, scroll to the row that was first before it
    /// (`proxy` is a `ScrollViewReader`'s).
    ///
    /// ```swift
    /// .task {
    ///     for await update in model.updates {
    ///         if case .prepended(let rows) = update.change, rows.upperBound < model.items.count {
    ///             proxy.scrollTo(model.items[rows.upperBound].id, anchor: .top)
    ///         }
    ///     }
    /// }
    /// ```
    public var updates: AsyncStream<RefreshUpdate> {
        let (stream, continuation) = AsyncStream<RefreshUpdate>.makeStream()
        let id = nextUpdateStream
        nextUpdateStream += 1
        updateContinuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in
                self?.updateContinuations[id] = nil
            }
        }
        return stream
    }

    /// The items of the current source.
    public var items: RefreshItems<Item> {
        registrar.access(self, keyPath: \.items)
        return refreshStatus[index].items
    }

    /// The index of the source on screen; change it with ``switchSource(to:)``.
    public var currentIndex: Int {
        registrar.access(self, keyPath: \.currentIndex)
        return index
    }

    /// Whether a refresh of the current source is in flight.
    public var isRefreshing: Bool { observed(\.isRefreshing, \.isRefreshing) }

    /// Whether a load-more of the current source is in flight: show a progress row.
    public var isLoadingMore: Bool { observed(\.isLoadingMore, \.isLoadingMore) }

    /// Whether a load of the page before the first loaded one is in flight: show a progress row
    /// above the items.
    public var isLoadingPrevious: Bool { observed(\.isLoadingPrevious, \.isLoadingPrevious) }

    /// What a row above the items shows for loads of the previous page: loading, a failure to
    /// retry with ``loadPrevious()``, idle while something comes before the first row, or the
    /// start of the list (``RefreshAppearance/Footer/noMoreData(title:)``), where a list that never
    /// loads previous pages stays.
    public var previousPageState: RefreshAppearance.Footer { observed(\.previousPageState, \.previousPageState) }

    /// The current source's end-of-list text once its list has ended (and it has items), else `nil`.
    public var noMoreText: String? { observed(\.noMoreText, \.noMoreText) }

    /// The current source's last failure, until its next success.
    public var failure: RefreshFailure? { observed(\.failure, \.failure) }

    /// The current source's failed load-more, until a load-more starts or a load succeeds: show
    /// its message and a Retry button calling ``loadMore()`` below the rows. A failure at the
    /// start or a failed refresh leaves it alone, unlike ``failure``. See
    /// ``RefreshState/loadMoreFailure``.
    public var loadMoreFailure: RefreshFailure? { observed(\.loadMoreFailure, \.loadMoreFailure) }

    /// The current source's failed load of the previous page, until one starts or succeeds, or a
    /// refresh succeeds: show its message and a Retry button calling ``loadPrevious()`` above the
    /// rows. A failed load-more leaves it alone, unlike ``failure``. See
    /// ``RefreshState/loadPreviousFailure``.
    public var loadPreviousFailure: RefreshFailure? { observed(\.loadPreviousFailure, \.loadPreviousFailure) }

    /// The failure to show in place of an empty list, with a retry button calling ``retry()``;
    /// `nil` when the list has items or nothing failed.
    public var placeholder: RefreshFailure? { observed(\.placeholder, \.placeholder) }

    /// Whether the current source loaded and holds no items, with no failure to show instead: show
    /// your empty view ("No orders yet"); see ``RefreshState/isLoadedEmpty``.
    public var isLoadedEmpty: Bool { observed(\.isLoadedEmpty, \.isLoadedEmpty) }

    /// Whether the app said the list is offline (``setOnline(_:)``): show a banner.
    public var isOffline: Bool {
        registrar.access(self, keyPath: \.isOffline)
        return refreshStatus.isOffline
    }

    // MARK: What a view calls

    /// Loads the current source's first page if it never loaded; call it when the list appears.
    public func setUp() {
        runtime.setUp()
    }

    /// The runtime, connected to this model.
    var runtime: RefreshRuntime<Item> {
        refreshStatus.attach(self) { ModelHost(self) }
        return refreshStatus
    }

    var distance: Int { max(prefetchDistance ?? refreshStatus.policy.pageSize, 1) }

    /// Refreshes the current source and returns when that refresh has settled (applied, failed,
    /// cancelled, or discarded for a newer one or a replaced state; under
    /// ``RefreshPolicy/ConflictRule/latestRefreshWins`` a superseded pull returns when the newest
    /// refresh settles): the action of `.refreshable`.
    ///
    /// Cancelling the awaiting task ends the wait at once, but not the load: it lands when it
    /// comes. A screen dismissed while its pull waits (for a slow server, or for a retry) is freed
    /// at once: nothing awaiting its refresh holds it.
    public func refresh() async {
        let source = index
        runtime.startLoad(.refresh, source: source)
        guard refreshStatus[source].isRefreshing, !Task.isCancelled else { return }
        let origin = refreshStatus.state.origin
        waiterCounter &+= 1
        let id = waiterCounter
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Entering the handler may suspend: the refresh can have settled meanwhile, with
                // no waiter to resume yet.
                guard refreshStatus.state.origin == origin, refreshStatus[source].isRefreshing else {
                    continuation.resume()
                    return
                }
                refreshWaiters.append(RefreshWaiter(id: id, source: source, origin: origin, continuation: continuation))
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.endWait(id) }
        }
    }

    /// Ends the wait of the ``refresh()`` call `id`, whose task was cancelled.
    private func endWait(_ id: UInt64) {
        guard let position = refreshWaiters.firstIndex(where: { $0.id == id }) else { return }
        refreshWaiters.remove(at: position).continuation.resume()
    }

    /// Refreshes the current source if it never refreshed or its last successful refresh is at
    /// least `maxAge` old, on the runtime's clock (``RefreshRuntime/setClock(_:)``), unless it is
    /// loading: call it when the scene becomes active again (`scenePhase`). Offline it starts
    /// nothing, and ``setOnline(_:)`` runs it when the list is online again. See
    /// ``RefreshRuntime/refreshIfStale(olderThan:)``.
    /// - Parameter maxAge: How old the list may be before it refreshes.
    /// - Returns: Whether a refresh started.
    @discardableResult
    public func refreshIfStale(olderThan maxAge: Duration) -> Bool {
        runtime.refreshIfStale(olderThan: maxAge)
    }

    /// Tells the list whether the device is online. While offline, a load that starts fails at
    /// once with ``RefreshFailure/Reason/offline`` without asking the loader (the items stay), and
    /// nothing waits for a retry: going offline shows the offline failure on a load waiting for
    /// its retry (a pull stops spinning). Coming back online runs a
    /// ``refreshIfStale(olderThan:)`` refused offline, then asks again at once for what failed in
    /// every source. See ``RefreshRuntime/setOnline(_:)``.
    /// - Parameter isOnline: Whether the device can reach the server.
    public func setOnline(_ isOnline: Bool) {
        guard refreshStatus.isOffline == isOnline else { return }
        registrar.withMutation(of: self, keyPath: \.isOffline) {}
        runtime.setOnline(isOnline)
    }

    /// Loads the next page of the current source, unless the list ended or a load is in flight.
    public func loadMore() {
        runtime.startLoad(.loadMore, source: index)
    }

    /// Loads the page before the first loaded one of the current source (newer items above a feed,
    /// or a page the page cap dropped), unless nothing comes before it or such a load is in flight.
    public func loadPrevious() {
        runtime.startLoad(.loadPrevious, source: index)
    }

    /// Cancels the current source's loads, as a screen that goes away does (`.onDisappear`): the
    /// items stay, a cancellation shows nothing, a ``refresh()`` awaiting returns, and the next
    /// ``setUp()`` loads the first page again if it never loaded.
    public func cancelLoading() {
        // Rows still on screen have asked already: a screen that goes away must not load again on
        // its own. They ask again once the user scrolls back to an end.
        if !visible.isEmpty {
            triggered = refreshStatus[index].edges.map(\.page)
        }
        runtime.cancelLoading(source: index)
    }

    /// Asks again for everything of the current source that failed, at once: the failed
    /// load-more and the failed load of the previous page together (or the failed refresh), and
    /// each load waiting for its retry. One "Retry" button for the whole list; see
    /// ``RefreshRuntime/retryNow()``.
    /// - Returns: Whether a load started.
    @discardableResult
    public func retryNow() -> Bool {
        runtime.retryNow()
    }

    /// Retries the failed first load of an empty list: the placeholder's button.
    public func retry() {
        runtime.startLoad(.refresh, source: index)
    }

    /// Makes another source current (a tab) and loads its first page if it never loaded (a first
    /// load that failed included).
    /// - Parameter index: The new current source.
    public func switchSource(to index: Int) {
        runtime.switchSource(to: index)
    }

    /// Replaces the item that has `item`'s id, in place, in every source that holds it, without a
    /// refresh. Needs an identity (``RefreshRuntime/identity``). See
    /// ``RefreshSources/updateItem(_:)``.
    /// - Parameter item: The new version of a held item.
    /// - Returns: The change of each source that holds it, in source order; empty when none does.
    @discardableResult
    public func updateItem(_ item: Item) -> [RefreshUpdate] {
        runtime.updateItem(item)
    }

    /// Replaces the held item of one source that has `item`'s id, in place, without a refresh.
    /// - Parameters:
    ///   - item: The new version of a held item.
    ///   - source: The source that holds it.
    /// - Returns: The change, or `nil` when no item with that id is held there.
    @discardableResult
    public func updateItem(_ item: Item, source: Int) -> RefreshUpdate? {
        runtime.updateItem(item, source: source)
    }

    /// Removes the item with this id from every source without a refresh (a swipe to delete, a
    /// blocked user's posts in every tab); the removal sticks in each until a refresh of it asked
    /// for after it lands. See ``RefreshSources/removeItem(id:)``.
    /// - Parameter id: The item's id.
    /// - Returns: The change of each source that held it, in source order; empty when none did.
    @discardableResult
    public func removeItem(id: some Hashable & Sendable) -> [RefreshUpdate] {
        runtime.removeItem(id: id)
    }

    /// Removes one source's item with this id without a refresh; the removal sticks until a
    /// refresh asked for after it lands.
    /// - Parameters:
    ///   - id: The item's id.
    ///   - source: The source that holds it.
    /// - Returns: The change, or `nil` when no item with that id was held there.
    @discardableResult
    public func removeItem(id: some Hashable & Sendable, source: Int) -> RefreshUpdate? {
        runtime.removeItem(id: id, source: source)
    }

    /// Inserts an item into the current source without a refresh.
    /// - Parameters:
    ///   - item: The item to insert.
    ///   - position: Where to insert it, from `0` to the number of items held.
    /// - Returns: The change.
    @discardableResult
    public func insertItem(_ item: Item, at position: Int) -> RefreshUpdate {
        runtime.insertItem(item, at: position, source: index)
    }

    /// Merges items the server pushed (a message over a socket) into the current source by id,
    /// as an answer would: an item held already is updated in place, the new ones go at the top,
    /// newest first. Each change reaches ``updates``. Needs an identity. See
    /// ``RefreshSources/mergePushedItems(_:source:)``.
    /// - Parameter items: The pushed items, in the order the list shows them (the newest first).
    /// - Returns: The changes, in the order they were made.
    @discardableResult
    public func mergePushedItems(_ items: some Sequence<Item>) -> [RefreshUpdate] {
        runtime.mergePushedItems(items, source: index)
    }

    /// Merges items the server pushed into the current source by id, each new one at its place
    /// in your order (the held items must be in it). See
    /// ``RefreshSources/mergePushedItems(_:source:by:)``.
    /// - Parameters:
    ///   - items: The pushed items, in any order.
    ///   - areInIncreasingOrder: Whether the first item comes before the second in the list.
    /// - Returns: The changes, in the order they were made.
    @discardableResult
    public func mergePushedItems(
        _ items: some Sequence<Item>, by areInIncreasingOrder: (Item, Item) -> Bool
    ) -> [RefreshUpdate] {
        runtime.mergePushedItems(items, source: index, by: areInIncreasingOrder)
    }

    /// Inserts an item marked pending into the current source without a refresh (a message just
    /// sent): it stays through loads until an answer brings its id, whose copy then replaces it, or
    /// until ``removeItem(id:)`` takes it away. Needs an identity (``RefreshRuntime/identity``).
    /// See ``RefreshSources/insertPendingItem(_:at:source:)``.
    /// - Parameters:
    ///   - item: The item, with the id the server will give its copy.
    ///   - position: `0` to put it first, the number of items held to put it last.
    /// - Returns: The change.
    @discardableResult
    public func insertPendingItem(_ item: Item, at position: Int) -> RefreshUpdate {
        runtime.insertPendingItem(item, at: position, source: index)
    }

    /// Ends a pending item with the server's copy from the app's own create call, without a
    /// refresh, in whichever source it is pending: a call answered after the user switched tabs
    /// ends its "sending…" all the same. See ``RefreshSources/confirmPendingItem(_:source:)``.
    /// - Parameter serverCopy: The server's copy, with the pending item's id.
    /// - Returns: The change of each source where it was pending, in source order; empty when none.
    @discardableResult
    public func confirmPendingItem(_ serverCopy: Item) -> [RefreshUpdate] {
        runtime.confirmPendingItem(serverCopy)
    }

    /// Ends a pending item of one source with the server's copy, without a refresh.
    /// - Parameters:
    ///   - serverCopy: The server's copy, with the pending item's id.
    ///   - source: The source where it is pending.
    /// - Returns: The change, or `nil` when no pending item has that id there.
    @discardableResult
    public func confirmPendingItem(_ serverCopy: Item, source: Int) -> RefreshUpdate? {
        runtime.confirmPendingItem(serverCopy, source: source)
    }

    /// Ends a pending item inserted under a temporary id with the server's copy, which has the id
    /// the server gave it, without a refresh, in whichever source it is pending. See
    /// ``RefreshSources/confirmPendingItem(_:replacing:source:)``.
    /// - Parameters:
    ///   - serverCopy: The server's copy, with the server's id.
    ///   - temporaryID: The id the pending item was inserted with.
    /// - Returns: The change of each source where it was pending, in source order; empty when none.
    @discardableResult
    public func confirmPendingItem(_ serverCopy: Item, replacing temporaryID: some Hashable & Sendable)
        -> [RefreshUpdate]
    {
        runtime.confirmPendingItem(serverCopy, replacing: temporaryID)
    }

    /// Ends a pending item of one source inserted under a temporary id with the server's copy,
    /// without a refresh.
    /// - Parameters:
    ///   - serverCopy: The server's copy, with the server's id.
    ///   - temporaryID: The id the pending item was inserted with.
    ///   - source: The source where it is pending.
    /// - Returns: The change, or `nil` when no pending item has the temporary id there.
    @discardableResult
    public func confirmPendingItem(
        _ serverCopy: Item, replacing temporaryID: some Hashable & Sendable, source: Int
    ) -> RefreshUpdate? {
        runtime.confirmPendingItem(serverCopy, replacing: temporaryID, source: source)
    }

    /// Puts the held item back as `original` and forgets its local edit in every source that
    /// holds it, without a refresh: the rollback of an edit the server refused, after which the
    /// next answer that brings the item shows the server's copy. See
    /// ``RefreshSources/revertItem(_:source:)``.
    /// - Parameter original: The item as it was before the refused edit.
    /// - Returns: The change of each source that holds it, in source order; empty when none does.
    @discardableResult
    public func revertItem(_ original: Item) -> [RefreshUpdate] {
        runtime.revertItem(original)
    }

    /// Puts one source's held item back as `original` and forgets its local edit, without a
    /// refresh.
    /// - Parameters:
    ///   - original: The item as it was before the refused edit.
    ///   - source: The source that holds it.
    /// - Returns: The change, or `nil` when no item with that id is held there.
    @discardableResult
    public func revertItem(_ original: Item, source: Int) -> RefreshUpdate? {
        runtime.revertItem(original, source: source)
    }

    /// The position of the current source's item with this id, through the id index, without a
    /// scan of the rows. Reading it in a view's body tracks ``items``. See
    /// ``RefreshSources/index(id:source:)``.
    /// - Parameter id: The item's id.
    /// - Returns: Its index in ``items``, or `nil` when none with that id is held or the list has
    ///   no identity.
    public func index(id: some Hashable & Sendable) -> Int? {
        registrar.access(self, keyPath: \.items)
        return runtime.index(id: id, source: index)
    }

    /// Whether the current source's item with this id is pending: inserted with
    /// ``insertPendingItem(_:at:)`` and not yet brought by an answer nor removed. Reading it in a
    /// view's body tracks ``items``, which every change of it goes with.
    /// - Parameter id: The item's id.
    /// - Returns: Whether it is pending.
    public func isPending(id: some Hashable & Sendable) -> Bool {
        registrar.access(self, keyPath: \.items)
        return runtime.isPending(id: id, source: index)
    }

    /// The current source's item with this id, through the id index, without a scan of the rows.
    /// Reading it in a view's body tracks ``items``. See ``RefreshSources/item(id:source:)``.
    /// - Parameter id: The item's id.
    /// - Returns: The item, or `nil` when none with that id is held or the list has no identity.
    public func item(id: some Hashable & Sendable) -> Item? {
        registrar.access(self, keyPath: \.items)
        return runtime.item(id: id, source: index)
    }

    /// The current source's pending items, front to back: those inserted with
    /// ``insertPendingItem(_:at:)`` and not yet brought by an answer nor removed; after a
    /// ``restore(from:)``, the messages to send again. Reading it in a view's body tracks
    /// ``items``, which every change of it goes with. See ``RefreshSources/pendingItems(source:)``.
    /// - Returns: The pending items, in the order the list holds them; none without an identity.
    public func pendingItems() -> [Item] {
        registrar.access(self, keyPath: \.items)
        return runtime.pendingItems(source: index)
    }

    /// Tells the model that the row at `index` came on screen: its `onAppear`. Loads more once per
    /// crossing of the last ``prefetchDistance`` items, and loads the previous page once per
    /// crossing of the first ones when something comes before them. While the list is offline, an
    /// end whose load failed for that is not asked again (coming online asks again). The row that
    /// came on screen last is where a refresh around the position reloads (see
    /// ``RefreshPolicy/refreshesAroundPosition``). An index outside ``items`` names no row and is
    /// ignored.
    /// - Parameter index: The row's index in ``items``.
    public func itemDidAppear(at index: Int) {
        guard index >= 0, index < refreshStatus[self.index].items.count else { return }
        runtime.rowDidAppear(at: index, source: self.index)
        if refreshStatus[self.index].isRestored {
            // A restored list's first row on screen is its first appearance: it refreshes.
            runtime.setUp()
        }
        visible.insert(index)
        loadIfNear(forward)
        loadIfNear(backward)
    }

    /// Tells the model that the row at `index` left the screen: its `onDisappear`.
    /// - Parameter index: The row's index in ``items``.
    public func itemDidDisappear(at index: Int) {
        visible.remove(index)
        // The rows near an end left the screen: the next crossing of that end loads again.
        for end in forward...backward where !rowsOnScreenNear(end) {
            triggered[end] = nil
        }
    }

    /// How many rows at each end count as near it: rows beyond them never start a load.
    var nearEndWindow: Int {
        let (window, overflow) = max(distance, refreshStatus.policy.pageSize).multipliedReportingOverflow(by: 2)
        return overflow ? .max : window
    }

    /// Whether a row on screen is among the ``prefetchDistance`` rows nearest `end` (``forward``:
    /// the last ones; ``backward``: the first ones).
    private func rowsOnScreenNear(_ end: Int) -> Bool {
        guard let row = end == forward ? visible.max() : visible.min() else { return false }
        return end == forward ? row >= refreshStatus[index].items.count - distance : row < distance
    }

    /// Loads past `end` (more at ``forward``, the previous page at ``backward``) once per crossing
    /// of the rows near it, while the list holds items (``forward``) or something comes before
    /// its first row (``backward``).
    private func loadIfNear(_ end: Int) {
        let state = refreshStatus[index]
        let edge = state.edges[end]
        guard end == forward ? !state.items.isEmpty : !edge.ended, rowsOnScreenNear(end) else { return }
        guard triggered[end] != edge.page, !failedOffline(edge.failure?.failure) else { return }
        triggered[end] = edge.page
        runtime.startLoad(end == forward ? .loadMore : .loadPrevious, source: index)
    }

    /// Whether a row coming on screen would only fail again: the end already failed offline and
    /// the list is still offline.
    private func failedOffline(_ failure: RefreshFailure?) -> Bool {
        refreshStatus.isOffline && failure?.reason == .offline
    }

    // MARK: Keeping the observable values current

    func setIndex(_ newValue: Int) {
        guard newValue != index else { return }
        registrar.withMutation(of: self, keyPath: \.currentIndex) {
            index = newValue
        }
        visible.removeAll()
        triggered = [nil, nil]
    }

    func itemsChanged(_ update: RefreshUpdate) {
        for continuation in updateContinuations.values {
            continuation.yield(update)
        }
        guard update.source == index else { return }
        registrar.withMutation(of: self, keyPath: \.items) {}
        // The rows on screen keep their items; their indexes move with what came or went before them.
        var shift = 0
        switch update.change {
        case .replaced, .reset:
            triggered = [nil, nil]
        case .prepended(let range):
            shift = range.count
        default:
            break
        }
        let state = refreshStatus[index]
        if let dropped = update.dropped {
            if dropped.lowerBound == 0 {
                shift -= dropped.count
                // The rows now near the start wait for the user to scroll there before they load
                // back what was just dropped: a small cap would otherwise go back and forth.
                triggered[backward] = state.firstLoadedPage
            } else {
                triggered[forward] = state.page
            }
        }
        // Rows no longer near an end (or gone) cannot start a load; a row that left the screen
        // from the middle of the list is never reported, so it goes now.
        let count = state.items.count
        let window = nearEndWindow
        let keeps = { (index: Int) in index >= 0 && index < count && (index < window || index >= count - window) }
        if shift != 0 || !visible.allSatisfy(keeps) {
            visible = Set(visible.lazy.map { $0 + shift }.filter(keeps))
        }
    }

    func didRender() {
        let state = refreshStatus[index]
        let appearance = RefreshAppearance(state: state)
        var noMoreText: String?
        if !appearance.isFooterHidden, case .noMoreData(let title) = appearance.footer {
            noMoreText = title ?? ""
        }
        publish(\.isRefreshing, \.isRefreshing, state.isRefreshing)
        publish(\.isLoadingMore, \.isLoadingMore, state.isLoadingMore)
        publish(\.isLoadingPrevious, \.isLoadingPrevious, state.isLoadingPrevious)
        publish(\.previousPageState, \.previousPageState, appearance.previous)
        publish(\.noMoreText, \.noMoreText, noMoreText)
        publish(\.failure, \.failure, state.failure)
        publish(\.loadMoreFailure, \.loadMoreFailure, state.loadMoreFailure)
        publish(\.loadPreviousFailure, \.loadPreviousFailure, state.loadPreviousFailure)
        publish(\.placeholder, \.placeholder, appearance.placeholder)
        publish(\.isLoadedEmpty, \.isLoadedEmpty, state.isLoadedEmpty)
        resumeSettledRefreshes()
        if !state.isLoading, !refreshStatus.isOffline {
            // The rows on screen reach the end still: the content is shorter than the screen.
            // Offline nothing asks: the load would only fail at once, over the failure the screen
            // shows; coming online draws again and asks then.
            loadIfNear(forward)
        }
    }

    /// Reads a value a view observes.
    private func observed<Value>(_ property: KeyPath<RefreshListModel, Value>, _ field: KeyPath<Snapshot, Value>)
        -> Value
    {
        registrar.access(self, keyPath: property)
        return shown[keyPath: field]
    }

    /// Shows `value` in place of the one shown, telling only the views that observe it, and only
    /// when it changed.
    private func publish<Value: Equatable>(
        _ property: KeyPath<RefreshListModel, Value>,
        _ field: WritableKeyPath<Snapshot, Value>,
        _ value: Value
    ) {
        guard shown[keyPath: field] != value else { return }
        registrar.withMutation(of: self, keyPath: property) { shown[keyPath: field] = value }
    }

    private func resumeSettledRefreshes() {
        guard !refreshWaiters.isEmpty else { return }
        let state = refreshStatus.state
        var waiting: [RefreshWaiter] = []
        for waiter in refreshWaiters {
            // A refresh of a replaced state, or of a source it no longer has, was discarded.
            let isLive = waiter.origin == state.origin && waiter.source >= 0 && waiter.source < state.count
            if isLive, state[waiter.source].isRefreshing {
                waiting.append(waiter)
            } else {
                waiter.continuation.resume()
            }
        }
        refreshWaiters = waiting
    }
}
