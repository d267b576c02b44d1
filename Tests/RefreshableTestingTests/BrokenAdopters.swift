import Refreshable
import RefreshableTesting

/// S1: never asks its server for a source's first page while the source holds nothing, as if the
/// screen came with that page: setup draws, and no first page ever loads.
final class NoFirstLoadController: TestAdopter {
    override func refreshData(isRefresh: Bool) {
        guard refreshStatus[refreshRequest.source].hasLoaded else { return }
        super.refreshData(isRefresh: isRefresh)
    }
}

/// S3: a refresh appends its first page to the old items instead of replacing them.
final class AppendingRefreshController: TestAdopter {
    override func didLoad(_ page: RefreshPage<TestItem>, for request: RefreshRequest) {
        guard request.isRefresh, refreshStatus.sources.isInFlight(request) else {
            loadSuccess(page, for: request)
            return
        }
        var merged = page
        merged.items = refreshStatus[request.source].items + page.items
        loadSuccess(merged, for: request)
    }
}

/// S4: keeps its own "reached the end" flag per source, never resets it, and re-sends it to the
/// footer after every load of the visible source.
final class StickyNoMoreDataController: TestAdopter {
    private var reachedEnd: [Bool] = []

    override func didLoad(_ page: RefreshPage<TestItem>, for request: RefreshRequest) {
        loadSuccess(page, for: request)
        let source = request.source
        if reachedEnd.count < refreshStatus.count {
            reachedEnd = Array(repeating: false, count: refreshStatus.count)
        }
        if refreshStatus[source].noMoreData {
            reachedEnd[source] = true
        }
        if reachedEnd[source], source == currentIndex {
            footer.endRefreshingWithNoMoreData(title: refreshStatus[source].noMoreTitle)
        }
    }
}

/// S5: ignores the server's end-of-list signals (as an app whose response mapping drops them
/// does): only the `count < pageSize` heuristic is left to decide the end of the list.
final class SignalStrippingController: TestAdopter {
    override func didLoad(_ page: RefreshPage<TestItem>, for request: RefreshRequest) {
        super.didLoad(RefreshPage(items: page.items), for: request)
    }
}

/// S8: asks for the page it derives from the number of items held (`items / pageSize + 1`), which
/// is right only while every page but the last is full: after a short page the server says is not
/// the last, it asks for a page it already has.
final class NextPageFromItemCountController: TestAdopter {
    override func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        let policy = refreshStatus.policy
        let held = refreshStatus[request.source].items.count
        let page = isRefresh ? policy.firstPage : policy.firstPage + held / policy.pageSize
        loader.start(source: request.source, page: page, kind: request.kind) { [weak self] result in
            switch result {
            case .success(let page):
                self?.loadSuccess(page, for: request)
            case .failure(let error):
                self?.loadFailer(error, for: request)
            }
        }
    }
}

/// S6: swallows failures: no message over a list that keeps its items.
final class SilentFailureController: TestAdopter {
    override func presentFailure(_ failure: RefreshFailure) {}
}

/// S9: the seed's own page counter, `page -= 1` on every failure, so a failed refresh drops to page 0.
final class PageMinusOneController: TestAdopter {
    private var pages: [Int] = []

    override func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        let source = request.source
        if pages.count < refreshStatus.count {
            pages = Array(repeating: refreshStatus.policy.firstPage - 1, count: refreshStatus.count)
        }
        pages[source] = isRefresh ? refreshStatus.policy.firstPage : pages[source] + 1
        loader.start(source: source, page: pages[source], kind: request.kind) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let page):
                self.loadSuccess(page, for: request)
            case .failure(let error):
                self.pages[source] -= 1
                self.loadFailer(error, for: request)
            }
        }
    }
}

/// S10: drives its own header (the library gets none) and ends it only when a refresh of the
/// visible source succeeds, never on failure.
final class HeaderEndsOnlyOnSuccessController: TestAdopter {
    override var refreshHeaderControl: (any RefreshHeaderControl)? { nil }

    override func refreshData(isRefresh: Bool) {
        if isRefresh, !header.isRefreshing {
            header.beginRefreshing()
        }
        super.refreshData(isRefresh: isRefresh)
    }

    override func didLoad(_ page: RefreshPage<TestItem>, for request: RefreshRequest) {
        loadSuccess(page, for: request)
        if request.isRefresh, request.source == currentIndex {
            header.endRefreshing()
        }
    }
}

/// S11: load-more wins too: when a refresh supersedes a load-more, it asks its server for that
/// page again at once, so the source loads twice while the refresh runs.
final class LoadMoreWinsController: TestAdopter {
    override func refreshDidCancel(_ request: RefreshRequest) {
        guard request.kind == .loadMore, refreshStatus[request.source].isRefreshing else { return }
        loader.start(source: request.source, page: request.page, kind: request.kind) { [weak self] result in
            if case .success(let page) = result {
                self?.loadSuccess(page, for: request)
            }
        }
    }
}

/// S12: applies every result to the visible source: to its in-flight request, when it has one.
final class CurrentSourceController: TestAdopter {
    override func didLoad(_ page: RefreshPage<TestItem>, for request: RefreshRequest) {
        loadSuccess(page, for: refreshStatus[currentIndex].inFlight ?? request)
    }
}

/// S13: keeps the request it started for each tab and kind (to cancel it later) and reports each
/// answer with the one kept there instead of the one it captured: once the state is replaced (a
/// logout), the old state's late first page is reported with the new state's request, and lands.
final class KeptRequestController: TestAdopter {
    private struct Key: Hashable {
        let source: Int
        let kind: RefreshRequest.Kind
    }
    private var started: [Key: RefreshRequest] = [:]

    override func refreshData(isRefresh: Bool) {
        let key = Key(source: refreshRequest.source, kind: refreshRequest.kind)
        started[key] = refreshRequest
        fetch(tab: key.source, page: refreshRequest.page) { [weak self] result in
            guard let self, let kept = self.started[key] else { return }
            switch result {
            case .success(let page):
                self.didLoad(page.refreshPage, for: kept)
            case .failure(let error):
                self.didFail(error, for: kept)
            }
        }
    }
}

/// S14: loads more again whenever a load-more is refused for bringing nothing new, hoping the next
/// answer brings something: a server that never moves the list is asked again and again, with no
/// user asking.
final class LoadingPastNoProgressController: TestAdopter {
    override func presentFailure(_ failure: RefreshFailure) {
        super.presentFailure(failure)
        if failure.reason == .noProgress, failure.request.kind == .loadMore {
            loadMore()
        }
    }
}

/// W: wired to a header of its own instead of the rig's.
final class MiswiredController: TestAdopter {
    private let ownHeader = TestHeaderControl()
    override var refreshHeaderControl: (any RefreshHeaderControl)? { ownHeader }
}

/// D4: hides its footer itself while the visible list is empty (`footer.isHidden = items.isEmpty`
/// before reporting a refresh, as MJRefresh screens often do), so the library never sees the
/// footer hidden: an auto footer forgets the end of the list when hidden, and the library, whose
/// record says the footer shows it, leaves it idle when the list ends again.
final class OwnFooterHidingController: TestAdopter {
    override func didLoad(_ page: RefreshPage<TestItem>, for request: RefreshRequest) {
        if request.isRefresh, request.source == currentIndex {
            footer.isHidden = page.items.isEmpty
        }
        super.didLoad(page, for: request)
    }
}

/// The library's default status dispatch.
struct DefaultOutput: OutputRefreshProtocol {
    let refreshStatus: RefreshStatusRelay
}

/// D1: replays each status as a command, as seed 001's switch statement did, so a late
/// `endFooterRefresh` undoes `noMoreData` on an MJRefresh-like footer.
struct NaiveReplayOutput: OutputRefreshProtocol {
    let refreshStatus: RefreshStatusRelay

    @MainActor
    func autoSetRefreshHeaderStatus(
        header: (any RefreshHeaderControl)?,
        footer: (any RefreshFooterControl)?
    ) -> RefreshSubscription {
        weak let header = header
        weak let footer = footer
        return refreshStatus.subscribe { status in
            switch status {
            case .none:
                break
            case .beginHeaderRefresh:
                header?.beginRefreshing()
            case .endHeaderRefresh:
                header?.endRefreshing()
            case .beginFooterRefresh:
                footer?.beginRefreshing()
            case .endFooterRefresh:
                footer?.endRefreshing()
            case .noMoreData:
                footer?.endRefreshingWithNoMoreData()
            case .resetNoMoreData:
                footer?.resetNoMoreData()
            case .failed(let message):
                header?.endRefreshing()
                footer?.endRefreshingWithFailure(message: message)
            case .hideFooter:
                footer?.isHidden = true
            case .showFooter:
                footer?.isHidden = false
            case .beginPreviousLoad, .endPreviousLoad, .noPreviousData, .resetNoPreviousData, .previousLoadFailed:
                break  // it drives no control that loads previous pages
            }
        }
    }
}

/// S10 and D2: redraws the header from what the statuses add up to after every status, whichever
/// control the status is about ("UI = f(state)"), so a pull the view model answers without a begin
/// status ends at the first status about the footer, while its request still runs.
struct RedrawsTheHeaderOnEveryStatusOutput: OutputRefreshProtocol {
    let refreshStatus: RefreshStatusRelay

    @MainActor
    func autoSetRefreshHeaderStatus(
        header: (any RefreshHeaderControl)?,
        footer: (any RefreshFooterControl)?
    ) -> RefreshSubscription {
        weak let header = header
        weak let footer = footer
        weak let relay = refreshStatus
        return refreshStatus.subscribe { status in
            guard let appearance = relay?.appearance else { return }
            if let header, header.isRefreshing != (appearance.header == .refreshing) {
                if appearance.header == .refreshing {
                    header.beginRefreshing()
                } else {
                    header.endRefreshing()
                }
            }
            guard let footer else { return }
            switch status {
            case .hideFooter, .showFooter:
                footer.isHidden = appearance.isFooterHidden
            case .beginFooterRefresh, .endFooterRefresh, .noMoreData, .resetNoMoreData, .failed:
                switch appearance.footer {
                case .idle where footer.isRefreshing:
                    footer.endRefreshing()
                case .idle:
                    footer.resetNoMoreData()
                case .refreshing:
                    footer.beginRefreshing()
                case .noMoreData:
                    footer.endRefreshingWithNoMoreData()
                case .failed(let message):
                    footer.endRefreshingWithFailure(message: message)
                }
            case .none, .beginHeaderRefresh, .endHeaderRefresh, .beginPreviousLoad, .endPreviousLoad,
                .noPreviousData, .resetNoPreviousData, .previousLoadFailed:
                break
            }
        }
    }
}

/// D3: keeps every control it was given alive (for "later use"), otherwise the default dispatch.
final class LeakyOutput: OutputRefreshProtocol {
    let refreshStatus: RefreshStatusRelay
    private var retained: [AnyObject] = []

    @MainActor
    init() {
        refreshStatus = RefreshStatusRelay()
    }

    @MainActor
    func autoSetRefreshHeaderStatus(
        header: (any RefreshHeaderControl)?,
        footer: (any RefreshFooterControl)?
    ) -> RefreshSubscription {
        retained += [header as AnyObject?, footer as AnyObject?].compactMap { $0 }
        return DefaultOutput(refreshStatus: refreshStatus).autoSetRefreshHeaderStatus(header: header, footer: footer)
    }
}

/// Correct, but shows failures its own way: it exposes no list view, so the suite cannot see the
/// failure placeholder or messages and must say so.
final class NoListViewController: TestAdopter {
    override var refreshListView: (any RefreshListView)? { nil }
}

/// I1 (under `takeNewer`) and I3: leaves out of each page the items it holds already, by hand,
/// before the library sees them: the page's newer copy never replaces the held one, nor a local edit.
final class HandDeduplicatingController: TestAdopter {
    override func didLoad(_ page: RefreshPage<TestItem>, for request: RefreshRequest) {
        guard !request.isRefresh else {
            loadSuccess(page, for: request)
            return
        }
        let held = Set(refreshStatus[request.source].items.map(\.id))
        var filtered = page
        filtered.items = page.items.filter { !held.contains($0.id) }
        loadSuccess(filtered, for: request)
    }
}

/// I4: rebuilds its rows from a refresh's answer alone, as a screen that assigns `rows = page.items`
/// does: before a refresh lands it takes away the items it sent that the server has not confirmed,
/// so a message sent while the refresh was in flight disappears.
final class WholesaleRefreshController: TestAdopter {
    override func didLoad(_ page: RefreshPage<TestItem>, for request: RefreshRequest) {
        if request.isRefresh, refreshStatus.sources.isInFlight(request) {
            for item in refreshStatus.sources.pendingItems(source: request.source) {
                removeItem(id: item.id, source: request.source)
            }
        }
        loadSuccess(page, for: request)
    }
}

/// I2 and I3: sets its list's identity again before applying each page, as code that configures
/// the list on every load does, which forgets the removals and edits made since.
final class IdentityResettingController: TestAdopter {
    override func didLoad(_ page: RefreshPage<TestItem>, for request: RefreshRequest) {
        let identity = refreshStatus.identity
        refreshStatus.identity = nil
        refreshStatus.identity = identity
        loadSuccess(page, for: request)
    }
}

/// N: maps the server's one-based `curPage` back to the request's numbering itself, although its
/// policy's `curPageOffset` already does: every answer that carries a `curPage` is refused.
final class OffsetArithmeticController: TestAdopter {
    override func didLoad(_ page: RefreshPage<TestItem>, for request: RefreshRequest) {
        var mapped = page
        mapped.curPage = page.curPage.map { $0 - refreshStatus.policy.curPageOffset }
        loadSuccess(mapped, for: request)
    }
}

/// P: takes a failed load of newer items for "nothing newer", as a feed that answers an empty page
/// whenever its request above the list fails: the failure is never recorded, nothing is retried,
/// and the list says it starts where it does not.
final class NewerFailureAsStartFeed: FeedController {
    override func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<TestItem> {
        do {
            return try await super.loadPage(request)
        } catch  where request.kind == .loadPrevious && !(error is CancellationError) {
            return RefreshPage(items: [])
        }
    }
}

/// E1: wires the header's action to `refresh()`, the entry point for refreshes the app starts,
/// instead of `headerRefreshingAction()`: MJRefresh's late callback of the library's own begin
/// then starts another load.
final class RefreshFromHeaderActionController: TestAdopter {
    override init(
        rig: ConformanceRig<TestItem>,
        delivery: Delivery = .callback,
        forwards: EndOfListSignals = .all,
        policy: RefreshPolicy? = nil
    ) {
        super.init(rig: rig, delivery: delivery, forwards: forwards, policy: policy)
        rig.header.action = { [weak self] in self?.refresh() }
    }
}

/// ST: sets its runtime's clock again before applying each page, as code that configures the list
/// on every load does: the time of the last refresh is read on a clock nobody advances, so a list
/// that has grown old never counts as stale.
final class ClockResettingController: TestAdopter {
    override func didLoad(_ page: RefreshPage<TestItem>, for request: RefreshRequest) {
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            refreshStatus.setClock(ContinuousClock())
        }
        loadSuccess(page, for: request)
    }
}

/// O: refreshes whenever a load-more fails offline, hoping for a fresh list: the failed refresh
/// becomes the failure the list asks again for, so coming back online refreshes rather than
/// loading the page that failed, and the user's place past the first page is lost.
final class RefreshingWhenOfflineController: TestAdopter {
    override func presentFailure(_ failure: RefreshFailure) {
        super.presentFailure(failure)
        if failure.reason == .offline, !failure.request.isRefresh {
            refresh()
        }
    }
}

/// SN: starts over whenever its state is replaced while it shows rows, as a screen that "resets
/// on reset" does: a restored list's rows are thrown away for a fresh state, and the screen shows
/// the first load's spinner over an empty list instead of the saved rows.
final class StartsOverOnResetController: TestAdopter {
    override func refreshDidUpdate(_ update: RefreshUpdate) {
        super.refreshDidUpdate(update)
        guard update.change == .reset, !refreshStatus[update.source].items.isEmpty else { return }
        var fresh = refreshStatus.sources
        for index in fresh.indices {
            fresh[index] = RefreshState(noMoreTitle: fresh[index].noMoreTitle)
        }
        refreshStatus.sources = fresh
    }
}

/// I3 under a page cap: the old rule, kept by hand. Each row the cap drops for a load-more's or
/// a previous page's page that the page brings again shows the server's copy, as when the cap
/// forgot the edits of the rows it dropped: a like made while the load ran is undone when that
/// load drops the liked row's page and brings the row again.
final class CapForgetsEditsController: TestAdopter {
    private var lastUpdate: RefreshUpdate?

    override func refreshDidUpdate(_ update: RefreshUpdate) {
        lastUpdate = update
        super.refreshDidUpdate(update)
    }

    override func didLoad(_ page: RefreshPage<TestItem>, for request: RefreshRequest) {
        let source = request.source
        let before = refreshStatus[source].items
        lastUpdate = nil
        loadSuccess(page, for: request)
        guard !request.isRefresh, let update = lastUpdate, update.request == request, let dropped = update.dropped
        else { return }
        let droppedIDs = Set(before[dropped].map(\.id))
        // An id the page holds twice keeps the copy its identity's rule picks: left alone.
        let once = Dictionary(grouping: page.items, by: \.id).filter { $0.value.count == 1 }
        for copy in page.items where droppedIDs.contains(copy.id) && once[copy.id] != nil {
            if let shown = refreshStatus.item(id: copy.id, source: source), shown != copy {
                refreshStatus.updateItem(copy, source: source)
            }
        }
    }
}

/// S5 under cursors: the old rule, kept by hand. A feed that takes every empty page for the end
/// of the list, dropping the new cursor its server hands past a page of filtered rows.
final class EmptyPageEndsFeed: FeedController {
    override func loadAnswer(_ page: RefreshPage<TestItem>, for request: RefreshRequest) async throws
        -> RefreshPage<TestItem>
    {
        guard page.items.isEmpty else { return page }
        var ended = page
        ended.nextCursor = nil
        return ended
    }
}

/// O: loads only the tab on screen, as a screen whose loader reads the visible tab's query does:
/// a load for another tab ends at once as cancelled. Reconnecting asks again for every tab's
/// failure, and the tab opened offline still shows "You are offline" once the network is back.
final class LoadsOnlyTheVisibleTabController: TestAdopter {
    override func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        guard request.source == currentIndex else {
            loadFailer(CancellationError(), for: request)
            return
        }
        super.refreshData(isRefresh: isRefresh)
    }
}
