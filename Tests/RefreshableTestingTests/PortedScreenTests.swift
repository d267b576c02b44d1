import Refreshable
import RefreshableTesting
import Testing

// Screens of a real app ported from the articles alone, as an app's developer writes them: each
// controller keeps its server's paging rule where the app keeps it, in the controller, and its
// test API turns the rig's answers into what the server sends.

// MARK: - A forum home: one tab pages, the others answer one page

/// A thread on the forum's home screen.
struct ForumThread: Sendable, Equatable {
    let id: Int
    let title: String
}

/// The threads of the newest-threads tab, one page of them, as the server sends it.
struct LatestThreadsPage: Sendable {
    let threads: [ForumThread]
    let hasMore: Bool
}

@MainActor
protocol ForumAPI {
    /// The newest threads, page by page.
    func latestThreads(page: Int, completion: @escaping @MainActor (Result<LatestThreadsPage, any Error>) -> Void)
    /// The threads a board shows on the home screen (hot, digest, a section): one list, no pages.
    func boardThreads(board: Int, completion: @escaping @MainActor (Result<[ForumThread], any Error>) -> Void)
}

/// A home screen of 13 tabs: the first shows the newest threads page by page, the others each a
/// board's fixed list, which ends with its one page.
@MainActor
final class ForumHomeController: Refreshable {
    static let tabCount = 13
    let refreshStatus: RefreshRuntime<ForumThread>
    var currentIndex = 0
    let refreshHeaderControl: (any RefreshHeaderControl)?
    let refreshFooterControl: (any RefreshFooterControl)?
    let refreshListView: (any RefreshListView)?
    let api: any ForumAPI

    init(
        sources: RefreshSources<ForumThread>,
        header: (any RefreshHeaderControl)?, footer: (any RefreshFooterControl)?,
        list: (any RefreshListView)?, api: any ForumAPI
    ) {
        refreshStatus = RefreshRuntime(sources)
        refreshHeaderControl = header
        refreshFooterControl = footer
        refreshListView = list
        self.api = api
    }

    func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        if request.source == 0 {
            api.latestThreads(page: request.page) { [weak self] result in
                switch result {
                case .success(let page):
                    self?.loadSuccess(RefreshPage(items: page.threads, hasMore: page.hasMore), for: request)
                case .failure(let error):
                    self?.loadFailer(error, for: request)
                }
            }
        } else {
            api.boardThreads(board: request.source) { [weak self] result in
                switch result {
                case .success(let threads):
                    self?.loadSuccess(RefreshPage(items: threads, hasMore: false), for: request)
                case .failure(let error):
                    self?.loadFailer(error, for: request)
                }
            }
        }
    }
}

@MainActor
struct LoaderForumAPI: ForumAPI {
    let loader: TestPageLoader<ForumThread>
    let firstPage: Int
    let pageSize: Int

    func latestThreads(page: Int, completion: @escaping @MainActor (Result<LatestThreadsPage, any Error>) -> Void) {
        loader.start(source: 0, page: page) { result in
            completion(
                result.map { page in
                    LatestThreadsPage(threads: page.items, hasMore: page.hasMore ?? (page.items.count >= pageSize))
                })
        }
    }

    func boardThreads(board: Int, completion: @escaping @MainActor (Result<[ForumThread], any Error>) -> Void) {
        loader.start(source: board, page: firstPage) { result in
            completion(result.map(\.items))
        }
    }
}

extension ForumThread {
    init(_ item: TestItem) { self.init(id: item.id, title: item.description) }
}

@MainActor
func makeForumHome(_ rig: ConformanceRig<ForumThread>) -> ForumHomeController {
    ForumHomeController(
        sources: rig.makeSources(),
        header: rig.header, footer: rig.footer, list: rig.listView,
        api: LoaderForumAPI(loader: rig.loader, firstPage: rig.policy.firstPage, pageSize: rig.policy.pageSize)
    )
}

// MARK: - Favourites: a page count, no current page, one page when absent

/// A saved thread.
struct Favourite: Sendable, Equatable {
    let id: Int
}

/// One page of favourites as the server sends it: the number of pages only when there are
/// several, and never the page it answers.
struct FavouritesResponse: Sendable {
    let list: [Favourite]
    let pageCount: Int?
}

@MainActor
protocol FavouritesAPI {
    func favourites(page: Int, completion: @escaping @MainActor (Result<FavouritesResponse, any Error>) -> Void)
}

@MainActor
final class FavouritesController: Refreshable {
    let refreshStatus: RefreshRuntime<Favourite>
    var currentIndex = 0
    let refreshHeaderControl: (any RefreshHeaderControl)?
    let refreshFooterControl: (any RefreshFooterControl)?
    let refreshListView: (any RefreshListView)?
    let api: any FavouritesAPI

    init(
        sources: RefreshSources<Favourite>,
        header: (any RefreshHeaderControl)?, footer: (any RefreshFooterControl)?,
        list: (any RefreshListView)?, api: any FavouritesAPI
    ) {
        refreshStatus = RefreshRuntime(sources)
        refreshHeaderControl = header
        refreshFooterControl = footer
        refreshListView = list
        self.api = api
    }

    func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        api.favourites(page: request.page) { [weak self] result in
            switch result {
            case .success(let response):
                // The server sends no current page: it is the one asked for. No page count: one page.
                let page = RefreshPage(
                    items: response.list, curPage: request.page, pageCount: response.pageCount ?? 1)
                self?.loadSuccess(page, for: request)
            case .failure(let error):
                self?.loadFailer(error, for: request)
            }
        }
    }
}

@MainActor
struct LoaderFavouritesAPI: FavouritesAPI {
    let loader: TestPageLoader<Favourite>

    func favourites(page: Int, completion: @escaping @MainActor (Result<FavouritesResponse, any Error>) -> Void) {
        loader.start(source: 0, page: page) { result in
            completion(result.map { FavouritesResponse(list: $0.items, pageCount: $0.pageCount) })
        }
    }
}

extension Favourite {
    init(_ item: TestItem) { self.init(id: item.id) }
}

@MainActor
func makeFavourites(_ rig: ConformanceRig<Favourite>) -> FavouritesController {
    FavouritesController(
        sources: rig.makeSources(),
        header: rig.header, footer: rig.footer, list: rig.listView,
        api: LoaderFavouritesAPI(loader: rig.loader)
    )
}

// MARK: - The suite takes each screen's paging as the screen has it

@MainActor
@Suite struct PortedScreenTests {
    @Test func aHomeScreenWhoseOtherTabsAnswerOnePageKeepsEveryRule() async throws {
        let configuration = ConformanceConfiguration(
            sourceCount: ForumHomeController.tabCount, endOfListSignals: .hasMore,
            onePageSources: Set(1..<ForumHomeController.tabCount))
        let report = try await RefreshableConformance.check(configuration, makeItem: ForumThread.init) { rig in
            makeForumHome(rig)
        }
        #expect(report.unchecked.isEmpty, "\(report)")
        #expect(report.randomizedSteps == configuration.randomizedSteps)
    }

    @Test func aHomeScreenOfTwoTabsWhoseSecondAnswersOnePageIsCheckedForEveryRule() async throws {
        // The scenarios that load more on one of two sources load more on the tab that pages.
        var configuration = ConformanceConfiguration(sourceCount: 2, endOfListSignals: .hasMore, onePageSources: [1])
        configuration.randomizedSteps = 0
        let report = try await RefreshableConformance.check(configuration, makeItem: ForumThread.init) { rig in
            makeForumHome(rig)
        }
        #expect(report.unchecked.isEmpty, "\(report)")
        #expect(report.checkedRules.isSuperset(of: [.resultAppliesToRequester, .sourcesKeepOwnState]))
    }

    @Test func aHomeScreenThatLoadsMoreOnAOnePageTabIsCaught() async throws {
        // Declared one page, tab 1 is a list that pages in this controller: the suite expects it
        // to end with its first page.
        let configuration = ConformanceConfiguration(
            sourceCount: 3, endOfListSignals: .hasMore, onePageSources: [1, 2])
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(configuration, makeItem: Order.init) { rig in
                makeController(rig)
            }
        }
        #expect(!failure.violations.isEmpty)
    }

    @Test func aListWhoseServerSendsAPageCountOnlyWhenThereAreSeveralKeepsEveryRule() async throws {
        let configuration = ConformanceConfiguration(
            sourceCount: 1, endOfListSignals: .pageCount, signalInEveryAnswer: true)
        let report = try await RefreshableConformance.check(configuration, makeItem: Favourite.init) { rig in
            makeFavourites(rig)
        }
        // One list: only the scenarios of two sources do not run (reconnecting in every tab, rule O).
        #expect(report.uncheckedRules == [.resultAppliesToRequester, .sourcesKeepOwnState, .offline], "\(report)")
        #expect(report.endOfListSignals == .pageCount)
        #expect(report.randomizedSteps == configuration.randomizedSteps)
    }

    @Test func aListThatEndsOnAnswersWithoutASignalIsCaughtWhenTheServerMayLeaveItOut() async throws {
        // Without `signalInEveryAnswer`, the server may answer a full page with no signal, which
        // the favourites screen reads as its last page: a screen for another server breaks S5.
        var configuration = ConformanceConfiguration(sourceCount: 1, endOfListSignals: .pageCount)
        configuration.randomizedSteps = 0
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(configuration, makeItem: Favourite.init) { rig in
                makeFavourites(rig)
            }
        }
        #expect(failure.violatedRules.contains(.endOfList))
    }
}

// MARK: - A board that shows failures in a HUD of its own

/// The app's own HUD: a message over the screen for a moment, not the list's.
@MainActor
final class HUD {
    private(set) var shown: [String] = []

    func show(_ text: String) {
        shown.append(text)
    }
}

/// The newest-threads tab on its own, with an identity, showing every failure in the app's HUD.
@MainActor
final class HUDBoardController: Refreshable {
    let refreshStatus: RefreshRuntime<ForumThread>
    var currentIndex = 0
    let refreshHeaderControl: (any RefreshHeaderControl)?
    let refreshFooterControl: (any RefreshFooterControl)?
    let refreshListView: (any RefreshListView)?
    let api: any ForumAPI
    let hud = HUD()

    init(
        sources: RefreshSources<ForumThread>,
        header: (any RefreshHeaderControl)?, footer: (any RefreshFooterControl)?,
        list: (any RefreshListView)?, api: any ForumAPI
    ) {
        refreshStatus = RefreshRuntime(sources)
        refreshStatus.identity = RefreshItemIdentity(\.id)
        refreshHeaderControl = header
        refreshFooterControl = footer
        refreshListView = list
        self.api = api
    }

    func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        api.latestThreads(page: request.page) { [weak self] result in
            switch result {
            case .success(let page):
                self?.loadSuccess(RefreshPage(items: page.threads, hasMore: page.hasMore), for: request)
            case .failure(let error):
                self?.loadFailer(error, for: request)
            }
        }
    }

    func presentFailure(_ failure: RefreshFailure) {
        hud.show(failure.message)
    }
}

@MainActor
func makeHUDBoard(_ rig: ConformanceRig<ForumThread>) -> HUDBoardController {
    HUDBoardController(
        sources: rig.makeSources(),
        header: rig.header, footer: rig.footer, list: rig.listView,
        api: LoaderForumAPI(loader: rig.loader, firstPage: rig.policy.firstPage, pageSize: rig.policy.pageSize)
    )
}

/// How a screen shows its failures is its own: the suite checks the rest of every rule without
/// depending on the list's failure messages.
@MainActor
@Suite struct OwnFailurePresentationTests {
    @Test func aScreenThatShowsFailuresInItsOwnHUDKeepsEveryOtherRuleWhenItSaysSo() async throws {
        let configuration = ConformanceConfiguration(
            sourceCount: 1, endOfListSignals: .hasMore, showsFailuresItself: true)
        let report = try await RefreshableConformance.check(configuration, makeItem: ForumThread.init) { rig in
            makeHUDBoard(rig)
        }
        // Only the messages go unchecked (and the scenarios of two sources, for one list).
        #expect(
            report.uncheckedRules == [.failureIsShown, .resultAppliesToRequester, .sourcesKeepOwnState, .offline],
            "\(report)")
        #expect(report.checkedRules.contains(.progress))
        #expect(report.randomizedSteps == configuration.randomizedSteps)
    }

    @Test func aScreenThatShowsFailuresInItsOwnHUDBreaksOnlyTheFailureRule() async throws {
        // Not said, the messages the list never shows break the failure rule, and only it: the
        // progress rule is checked from the state, the footer and the loads.
        let configuration = ConformanceConfiguration(sourceCount: 1, endOfListSignals: .hasMore)
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(configuration, makeItem: ForumThread.init) { rig in
                makeHUDBoard(rig)
            }
        }
        #expect(failure.violatedRules == [.failureIsShown], "\(failure)")
    }

    @Test func leavingTheFailureRuleOutChecksEveryRandomEventForTheOthers() async throws {
        let configuration = ConformanceConfiguration(sourceCount: 1, endOfListSignals: .hasMore)
        var others = Set(ConformanceRule.allCases)
        others.remove(.failureIsShown)
        let report = try await RefreshableConformance.check(configuration, rules: others, makeItem: ForumThread.init) {
            rig in
            makeHUDBoard(rig)
        }
        #expect(report.randomizedSteps == configuration.randomizedSteps, "\(report)")
        let leftOut = try #require(report.unchecked.first { $0.rule == .failureIsShown })
        #expect(leftOut.reason.contains("went on past them"))
    }
}

// MARK: - A chat whose cursors are its messages' ids, with no previous pages

/// A chat message.
struct ChatMessage: Identifiable, Sendable, Equatable {
    let id: Int
    let text: String
}

protocol ChatAPI: Sendable {
    /// The newest messages of a channel, newest first, or those older than the message `before`.
    func messages(channel: Int, before: Int?) async throws -> [ChatMessage]
}

/// A SwiftUI chat: older messages load above by the id of the oldest one shown; newer ones are
/// pushed, so the list has no previous pages.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
func makeChat(api: any ChatAPI, pageSize: Int) -> RefreshListModel<ChatMessage> {
    let sources = RefreshSources<ChatMessage>(
        noMoreTitles: ["The start of the conversation"], policy: RefreshPolicy(pageSize: pageSize, paging: .cursors),
        identity: .id())
    return RefreshListModel(RefreshRuntime(sources)) { request in
        let messages = try await api.messages(channel: request.source, before: request.cursor.flatMap { Int($0) })
        // A short page holds the conversation's first message.
        let oldest = messages.count < pageSize ? nil : messages.last.map { "\($0.id)" }
        return RefreshPage(items: messages, nextCursor: oldest)
    }
}

struct LoaderChatAPI: ChatAPI {
    let loader: TestPageLoader<ChatMessage>

    func messages(channel: Int, before: Int?) async throws -> [ChatMessage] {
        try await loader.load(cursor: before.map { "\($0)" }, source: channel).items
    }
}

extension ChatMessage {
    init(_ item: TestItem) { self.init(id: item.id, text: item.description) }
}

/// The most common cursor API pages by the id of the oldest item held; the suite expects each
/// load-more to ask after the last item answered.
@MainActor
@Suite struct ItemIDCursorTests {
    @Test func aChatWhoseCursorsAreItsMessagesIDsWithNoPreviousPagesKeepsEveryRule() async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let configuration = ConformanceConfiguration(
            sourceCount: 1, endOfListSignals: [], cursorsAreItemIDs: true, hasPreviousPages: false)
        let report = try await RefreshableConformance.checkListModel(configuration, makeItem: ChatMessage.init) {
            rig in
            makeChat(api: LoaderChatAPI(loader: rig.loader), pageSize: rig.policy.pageSize)
        }
        #expect(report.randomizedSteps == configuration.randomizedSteps)
        #expect(report.checkedRules.isSuperset(of: [.progress, .itemsHeldOnce, .loadMoreAsksNextPage]))
        // One list: the scenarios of two sources do not run (reconnecting in every tab, rule O).
        #expect(report.uncheckedRules == [.resultAppliesToRequester, .sourcesKeepOwnState, .offline], "\(report)")
    }

    @Test func aPageWhoseOldestMessageIsHeldAlreadyLeadsToThePageAfterIt() async throws {
        // The loader knows where an id leads: after the newest page that ended with it.
        let rig = ConformanceRig(
            configuration: ConformanceConfiguration(cursorsAreItemIDs: true), makeItem: ChatMessage.init)
        let loader = rig.loader
        async let newest = loader.load(cursor: nil, source: 0)
        _ = await loader.waitForLoads(count: 1)
        let first = try #require(loader.pending.first)
        let held = loader.makePage(for: first, itemCount: 3, nextCursor: "c2").items
        loader.answer(first, with: loader.makePage(for: first, itemCount: 3, copies: held, nextCursor: "c2").page)
        #expect(try await newest.items.map(\.id) == held.map(\.id))
        async let older = loader.load(cursor: "\(held[2].id)", source: 0)
        _ = await loader.waitForLoads(count: 2)
        let second = try #require(loader.pending.first)
        #expect(second.page == 2 && second.kind == .loadMore)
        // The server sends the page's messages again, the newest of the first page last.
        let repeated = [held[1], held[2], held[0]]
        loader.answer(second, with: loader.makePage(for: second, itemCount: 3, copies: repeated, nextCursor: "c3").page)
        #expect(try await older.items.last?.id == held[0].id)
        async let oldest = loader.load(cursor: "\(held[0].id)", source: 0)
        _ = await loader.waitForLoads(count: 3)
        let third = try #require(loader.pending.first)
        #expect(third.page == 3 && third.kind == .loadMore && third.cursor == "\(held[0].id)")
        loader.answer(third, itemCount: 0)
        _ = try await oldest
    }

    @Test func aChatThatDerivesItsCursorFromTheNewestMessageIsCaught() async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        var configuration = ConformanceConfiguration(
            sourceCount: 1, endOfListSignals: [], cursorsAreItemIDs: true, hasPreviousPages: false)
        configuration.randomizedSteps = 0
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.checkListModel(configuration, makeItem: ChatMessage.init) { rig in
                let api = LoaderChatAPI(loader: rig.loader)
                let pageSize = rig.policy.pageSize
                let sources = RefreshSources<ChatMessage>(
                    noMoreTitles: ["Start"], policy: RefreshPolicy(pageSize: pageSize, paging: .cursors),
                    identity: .id())
                return RefreshListModel(RefreshRuntime(sources)) { request in
                    let messages = try await api.messages(
                        channel: request.source, before: request.cursor.flatMap { Int($0) })
                    let newest = messages.count < pageSize ? nil : messages.first.map { "\($0.id)" }
                    return RefreshPage(items: messages, nextCursor: newest)
                }
            }
        }
        #expect(failure.violatedRules.contains(.loadMoreAsksNextPage), "\(failure)")
    }
}
