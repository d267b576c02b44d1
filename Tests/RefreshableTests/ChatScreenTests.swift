import Foundation
import Observation
import Refreshable
import Testing

// A port of a real chat screen (review-chat): a SwiftUI conversation over a cursor-paged message API,
// newest at the bottom. The list model holds the messages newest FIRST (`items[0]` is the newest,
// the SwiftUI `List` is drawn flipped so it sits at the bottom): the library's "previous page"
// (`loadPrevious()`, above the first page) is where newer messages arrive, and its load-more is the
// older history the user reaches by scrolling up.

// MARK: - The app's types

struct ChatMessage: Identifiable, Codable, Sendable, Equatable {
    let id: String
    let text: String
}

/// The fake server: messages in the order they were posted (oldest first); cursors are
/// "before:<seq>" (older history) and "after:<seq>" (newer messages, the poll).
@MainActor
final class ChatServer {
    private(set) var messages: [ChatMessage] = []
    var pageSize = 20
    var isReachable = true
    /// Polls answer at most a page, the oldest new messages.
    var pollPaged = false
    /// Poll pages also carry the cursor of the history below them.
    var pollGivesNextCursor = false
    /// Whether an empty poll answer carries a cursor (the one asked with).
    var emptyPollCursor = true
    private(set) var requests: [RefreshRequest] = []
    /// When set, the next request waits until `releaseHeld()`.
    var holdNext = false
    private var held: [CheckedContinuation<Void, Never>] = []
    var heldCount: Int { held.count }

    func post(_ message: ChatMessage) { messages.append(message) }

    func releaseHeld() {
        let waiting = held
        held = []
        for continuation in waiting { continuation.resume() }
    }

    struct Unreachable: Error {}

    /// Answers with the state at the moment it is ASKED (as a real server does: the answer is built
    /// when the request arrives); a held request then comes back later with that answer.
    func answer(_ request: RefreshRequest) async throws -> RefreshPage<ChatMessage> {
        requests.append(request)
        guard isReachable else { throw Unreachable() }
        let page = build(request)
        if holdNext {
            holdNext = false
            await withCheckedContinuation { held.append($0) }
        }
        return page
    }

    private func build(_ request: RefreshRequest) -> RefreshPage<ChatMessage> {
        let count = messages.count
        switch request.cursor {
        case .some(let cursor) where cursor.hasPrefix("after:"):
            // Newer than seq: newest first; the previous cursor keeps polling from the newest.
            let seq = Int(cursor.dropFirst(6))!
            let end = pollPaged ? min(count, seq + pageSize) : count
            let newer = Array(messages[min(seq, end)..<end].reversed())
            let oldestInPage = min(seq, end)
            return RefreshPage(
                items: newer,
                nextCursor: pollGivesNextCursor && !newer.isEmpty && oldestInPage > 0 ? "before:\(oldestInPage)" : nil,
                previousCursor: newer.isEmpty && !emptyPollCursor ? nil : "after:\(max(seq, end))")
        case .some(let cursor) where cursor.hasPrefix("before:"):
            let seq = Int(cursor.dropFirst(7))!
            let start = max(0, seq - pageSize)
            let older = Array(messages[start..<seq].reversed())
            return RefreshPage(
                items: older, nextCursor: start > 0 ? "before:\(start)" : nil, previousCursor: nil)
        default:
            // The newest page.
            let start = max(0, count - pageSize)
            let newest = Array(messages[start..<count].reversed())
            return RefreshPage(
                items: newest, nextCursor: start > 0 ? "before:\(start)" : nil,
                previousCursor: "after:\(count)")
        }
    }
}

// MARK: - The screen's view model (what the app's SwiftUI view talks to)

@MainActor
@Observable
final class ChatViewModel {
    let list: RefreshListModel<ChatMessage>
    @ObservationIgnored let server: ChatServer
    @ObservationIgnored private var idCounter = 0
    @ObservationIgnored let deviceID: String
    /// Messages the server has not accepted yet (offline sends), resent on reconnect.
    @ObservationIgnored private(set) var unsent: [ChatMessage] = []

    init(server: ChatServer, deviceID: String = "dev", maxPages: Int? = nil) {
        self.server = server
        self.deviceID = deviceID
        list = RefreshListModel(
            noMoreTitles: ["Beginning of the conversation"],
            policy: RefreshPolicy(pageSize: server.pageSize, paging: .cursors, maxPages: maxPages),
            identity: .id()
        ) { [server] request in
            try await server.answer(request)
        }
    }

    /// The rows as the user sees them, top to bottom (oldest first, newest at the bottom).
    var screen: [String] {
        list.items.reversed().map { list.isPending(id: $0.id) ? "\($0.text) (sending…)" : $0.text }
    }

    // The view's `.task`.
    func appear() { list.setUp() }
    /// The timer, every few seconds.
    func poll() { list.loadPrevious() }
    /// The topmost (oldest) row came on screen: the row at the end of the newest-first items.
    func oldestRowAppeared() { list.itemDidAppear(at: list.items.count - 1) }

    func send(_ text: String) async {
        idCounter += 1
        let message = ChatMessage(id: "\(deviceID)-\(idCounter)", text: text)
        _ = list.insertPendingItem(message, at: 0)
        await deliver(message)
    }

    private func deliver(_ message: ChatMessage) async {
        guard server.isReachable, !list.isOffline else {
            unsent.append(message)
            return
        }
        server.post(message)
    }

    /// NWPathMonitor's handler.
    func pathChanged(online: Bool) async {
        list.setOnline(online)
        guard online else { return }
        let waiting = unsent
        unsent = []
        for message in waiting { await deliver(message) }
    }

    // Kill and relaunch.
    func save() throws -> Data { try JSONEncoder().encode(list.snapshot()) }

    func restore(_ data: Data) throws {
        let snapshot = try JSONDecoder().decode(RefreshSnapshot<ChatMessage>.self, from: data)
        try list.restore(from: snapshot)
        // Messages still pending after a relaunch may never have reached the server: the app has to
        // resend them.
        unsent = list.pendingItems()
    }
}

// MARK: - Helpers

@MainActor
func settle(_ condition: () -> Bool = { false }, spins: Int = 200) async {
    for _ in 0..<spins {
        if condition() { return }
        await Task.yield()
    }
}

@MainActor
func messages(_ range: ClosedRange<Int>, by author: String = "bob") -> [ChatMessage] {
    range.map { ChatMessage(id: "\(author)-\($0)", text: "\(author) \($0)") }
}

// MARK: - Tests

@MainActor
@Suite struct ChatScreenTests {
    func openedChat(history: Int = 30) async -> (ChatServer, ChatViewModel) {
        let server = ChatServer()
        for message in messages(1...history) { server.post(message) }
        let chat = ChatViewModel(server: server)
        chat.appear()
        await settle { !chat.list.items.isEmpty && !chat.list.isRefreshing }
        return (server, chat)
    }

    @Test func opensAtNewestAndScrollingUpLoadsOlder() async {
        let (_, chat) = await openedChat(history: 30)
        #expect(chat.screen.count == 20)
        #expect(chat.screen.last == "bob 30")
        #expect(chat.screen.first == "bob 11")
        chat.oldestRowAppeared()
        await settle { chat.list.items.count == 30 && !chat.list.isLoadingMore }
        #expect(chat.screen.first == "bob 1")
        #expect(chat.screen.last == "bob 30")
        #expect(chat.list.noMoreText == "Beginning of the conversation")
    }

    @Test func sendWhileAPollIsInFlight() async {
        let (server, chat) = await openedChat()
        // Bob writes; the poll is asked and its answer (bob 31) is on the wire.
        server.post(ChatMessage(id: "bob-31", text: "bob 31"))
        server.holdNext = true
        chat.poll()
        await settle { server.heldCount == 1 }
        #expect(chat.list.isLoadingPrevious)
        // The user sends meanwhile: it shows at once, at the bottom.
        await chat.send("hello")
        #expect(chat.screen.last == "hello (sending…)")
        // The poll lands with bob 31 (asked before the send reached the server).
        server.releaseHeld()
        await settle { !chat.list.isLoadingPrevious }
        #expect(chat.screen.suffix(2) == ["bob 31", "hello (sending…)"])
        #expect(chat.list.failure == nil)
        // The next poll brings the echo: sent once, no longer pending.
        chat.poll()
        await settle { !chat.list.isPending(id: "dev-1") }
        await settle { !chat.list.isLoadingPrevious }
        #expect(chat.screen.suffix(2) == ["bob 31", "hello"])
        #expect(chat.list.items.filter { $0.id == "dev-1" }.count == 1)
    }

    @Test func sendWhileAPollIsInFlightWhoseAnswerAlreadyHasTheEcho() async {
        let (server, chat) = await openedChat()
        // The poll is held; the user's message reaches the server before the poll's answer is built
        // in a real network; here: send first, then a poll whose answer carries it, held in flight.
        await chat.send("hello")
        server.post(ChatMessage(id: "bob-31", text: "bob 31"))
        server.holdNext = true
        chat.poll()
        await settle { server.heldCount == 1 }
        #expect(chat.screen.last == "hello (sending…)")
        server.releaseHeld()
        await settle { !chat.list.isLoadingPrevious }
        #expect(chat.screen.suffix(2) == ["hello", "bob 31"])
        #expect(!chat.list.isPending(id: "dev-1"))
        #expect(chat.list.items.count == 22)
    }

    @Test func sendThenEchoArrivesThroughPoll() async {
        let (_, chat) = await openedChat()
        await chat.send("one")
        await chat.send("two")
        #expect(chat.screen.suffix(2) == ["one (sending…)", "two (sending…)"])
        chat.poll()
        await settle { !chat.list.isLoadingPrevious && !chat.list.isPending(id: "dev-2") }
        #expect(chat.screen.suffix(3) == ["bob 30", "one", "two"])
        #expect(chat.list.items.count == 22)
        // Further polls and a refresh keep them once.
        chat.poll()
        await settle { !chat.list.isLoadingPrevious }
        await chat.list.refresh()
        #expect(chat.screen.suffix(3) == ["bob 30", "one", "two"])
        #expect(Set(chat.list.items.map(\.id)).count == chat.list.items.count)
    }

    @Test func sendThenARefreshBeforeTheEcho() async {
        let (server, chat) = await openedChat()
        server.isReachable = false  // the send did not arrive yet: it is queued by the app
        await chat.send("hello")
        server.isReachable = true
        await chat.list.refresh()
        #expect(chat.screen.last == "hello (sending…)")
        #expect(chat.list.items.count == 21)
    }

    @Test func offlineSendThenReconnect() async {
        let (server, chat) = await openedChat()
        server.isReachable = false
        await chat.pathChanged(online: false)
        #expect(chat.list.isOffline)
        await chat.send("from the tunnel")
        #expect(chat.screen.last == "from the tunnel (sending…)")
        // The poll timer keeps firing offline: it fails at once without asking the server.
        let asked = server.requests.count
        chat.poll()
        await settle()
        #expect(server.requests.count == asked)
        #expect(chat.list.loadPreviousFailure?.reason == .offline)
        #expect(chat.screen.count == 21)
        #expect(chat.screen.last == "from the tunnel (sending…)")
        // Back online: the app resends, the library asks again for the failed poll at once.
        server.isReachable = true
        await chat.pathChanged(online: true)
        await settle { !chat.list.isPending(id: "dev-1") && !chat.list.isLoadingPrevious }
        #expect(chat.screen.last == "from the tunnel")
        #expect(chat.list.loadPreviousFailure == nil)
        #expect(chat.list.failure == nil)
        #expect(server.messages.filter { $0.id == "dev-1" }.count == 1)
    }

    @Test func killAndRelaunchWithAPendingMessage() async throws {
        let (server, chat) = await openedChat()
        server.isReachable = false  // killed before the send reached the server
        await chat.send("last words")
        let data = try chat.save()

        // Relaunch.
        server.isReachable = true
        let relaunched = ChatViewModel(server: server)
        try relaunched.restore(data)
        // First frame: the saved conversation, the message still sending.
        #expect(relaunched.screen.count == 21)
        #expect(relaunched.screen.last == "last words (sending…)")
        #expect(relaunched.list.isPending(id: "dev-1"))
        #expect(relaunched.unsent.map(\.id) == ["dev-1"])
        // It appears: refreshes behind the rows; the app resends.
        relaunched.appear()
        #expect(relaunched.list.isRefreshing)
        #expect(relaunched.screen.last == "last words (sending…)")
        await settle { !relaunched.list.isRefreshing }
        #expect(relaunched.screen.last == "last words (sending…)")
        await relaunched.pathChanged(online: true)  // the app's resend path
        relaunched.poll()
        await settle { !relaunched.list.isPending(id: "dev-1") && !relaunched.list.isLoadingPrevious }
        #expect(relaunched.screen.last == "last words")
        #expect(relaunched.list.items.filter { $0.id == "dev-1" }.count == 1)
    }

    @Test func relaunchedPendingMessageThatTheServerHadGetsConfirmedByTheRefresh() async throws {
        let (_, chat) = await openedChat()
        await chat.send("made it")  // reached the server, killed before the echo
        let data = try chat.save()
        let relaunched = ChatViewModel(server: chat.server)
        try relaunched.restore(data)
        #expect(relaunched.list.isPending(id: "dev-1"))
        relaunched.appear()
        await settle { !relaunched.list.isRefreshing }
        #expect(!relaunched.list.isPending(id: "dev-1"))
        #expect(relaunched.screen.suffix(2) == ["bob 30", "made it"])
        #expect(relaunched.list.items.count == 20)
    }

    @Test func relaunchedListStillPolls() async throws {
        let (server, chat) = await openedChat()
        let data = try chat.save()
        let relaunched = ChatViewModel(server: server)
        try relaunched.restore(data)
        // The poll timer fires before the view's task ran setUp.
        server.post(ChatMessage(id: "bob-31", text: "bob 31"))
        relaunched.poll()
        await settle { !relaunched.list.isLoadingPrevious }
        relaunched.appear()
        await settle { !relaunched.list.isRefreshing }
        #expect(relaunched.screen.last == "bob 31")
    }

    @Test func longQuietThenANewMessage() async {
        let (server, chat) = await openedChat()
        for _ in 0..<50 {
            chat.poll()
            await settle { !chat.list.isLoadingPrevious }
            #expect(chat.list.failure == nil)
        }
        #expect(!chat.list.refreshStatus[0].noPreviousData)
        let asked = server.requests.count
        server.post(ChatMessage(id: "bob-31", text: "bob 31"))
        chat.poll()
        await settle { !chat.list.isLoadingPrevious }
        #expect(server.requests.count == asked + 1)
        #expect(chat.screen.last == "bob 31")
        #expect(chat.list.failure == nil)
    }

    @Test func longQuietWithAPendingMessageThenItsEcho() async {
        let (server, chat) = await openedChat()
        server.isReachable = false
        await chat.send("slow")  // queued by the app
        server.isReachable = true
        for _ in 0..<10 {
            chat.poll()
            await settle { !chat.list.isLoadingPrevious }
        }
        #expect(chat.list.loadPreviousFailure == nil)
        #expect(chat.screen.last == "slow (sending…)")
        server.post(ChatMessage(id: "dev-1", text: "slow"))
        chat.poll()
        await settle { !chat.list.isLoadingPrevious }
        #expect(chat.screen.last == "slow")
        #expect(chat.list.items.count == 21)
    }

    @Test func emptyChatPollsForTheFirstMessage() async {
        let server = ChatServer()
        let chat = ChatViewModel(server: server)
        chat.appear()
        await settle { !chat.list.isRefreshing && chat.list.isLoadedEmpty }
        #expect(chat.list.isLoadedEmpty)
        for _ in 0..<5 {
            chat.poll()
            await settle { !chat.list.isLoadingPrevious }
        }
        server.post(ChatMessage(id: "bob-1", text: "hi"))
        chat.poll()
        await settle { !chat.list.isLoadingPrevious }
        #expect(chat.screen == ["hi"])
    }
}

// MARK: - Edge cases a chat user hits

@MainActor
@Suite struct ChatScreenEdgeTests {
    func openedChat(history: Int = 30) async -> (ChatServer, ChatViewModel) {
        let server = ChatServer()
        for message in messages(1...history) { server.post(message) }
        let chat = ChatViewModel(server: server)
        chat.appear()
        await settle { !chat.list.items.isEmpty && !chat.list.isRefreshing }
        return (server, chat)
    }

    /// The user chats alone: each poll brings back only the echo of the message they just sent.
    @Test func pollsThatOnlyBringEchoesKeepPolling() async {
        let (server, chat) = await openedChat()
        for n in 1...6 {
            await chat.send("mine \(n)")
            chat.poll()
            await settle { !chat.list.isLoadingPrevious }
            #expect(chat.list.loadPreviousFailure == nil, "poll after send \(n)")
            #expect(!chat.list.isPending(id: "dev-\(n)"), "send \(n)")
        }
        server.post(ChatMessage(id: "bob-31", text: "bob 31"))
        chat.poll()
        await settle { !chat.list.isLoadingPrevious }
        #expect(chat.screen.last == "bob 31")
    }

    /// The server echoes the message with its own fields (here: a normalised text).
    @Test func echoWithServerChangesReplacesTheLocalCopy() async {
        let (server, chat) = await openedChat()
        server.isReachable = false
        await chat.send("hello  ")
        server.isReachable = true
        server.post(ChatMessage(id: "dev-1", text: "hello"))
        chat.poll()
        await settle { !chat.list.isLoadingPrevious }
        #expect(chat.screen.last == "hello")
        #expect(chat.list.items.count == 21)
    }

    /// A long time offline: the poll timer fires many times; coming back asks once.
    @Test func longOfflineThenReconnectAsksOnce() async {
        let (server, chat) = await openedChat()
        await chat.pathChanged(online: false)
        let asked = server.requests.count
        for _ in 0..<30 {
            chat.poll()
            await settle()
        }
        #expect(server.requests.count == asked)
        #expect(chat.screen.count == 20)
        server.post(ChatMessage(id: "bob-31", text: "bob 31"))
        await chat.pathChanged(online: true)
        await settle { !chat.list.isLoadingPrevious }
        #expect(server.requests.count == asked + 1)
        #expect(chat.screen.last == "bob 31")
        #expect(chat.list.failure == nil)
    }

    /// Relaunch while offline: the saved rows show, the background refresh fails offline, and the
    /// list refreshes when the network comes back.
    @Test func relaunchOfflineThenReconnect() async throws {
        let (server, chat) = await openedChat()
        server.isReachable = false
        await chat.send("queued")
        let data = try chat.save()
        let relaunched = ChatViewModel(server: server)
        try relaunched.restore(data)
        await relaunched.pathChanged(online: false)
        relaunched.appear()
        await settle()
        #expect(relaunched.screen.count == 21)
        #expect(relaunched.screen.last == "queued (sending…)")
        #expect(relaunched.list.placeholder == nil)
        server.isReachable = true
        server.post(ChatMessage(id: "bob-31", text: "bob 31"))
        await relaunched.pathChanged(online: true)
        await settle { !relaunched.list.isRefreshing && !relaunched.list.isPending(id: "dev-1") }
        #expect(relaunched.screen.suffix(2) == ["bob 31", "queued"])
        #expect(!relaunched.list.refreshStatus[0].isRestored)
    }

    /// Killed while a poll was in flight: the snapshot holds nothing in flight; the relaunched list
    /// polls from the saved cursor.
    @Test func killedDuringAPoll() async throws {
        let (server, chat) = await openedChat()
        server.post(ChatMessage(id: "bob-31", text: "bob 31"))
        server.holdNext = true
        chat.poll()
        await settle { server.heldCount == 1 }
        let data = try chat.save()
        let relaunched = ChatViewModel(server: server)
        try relaunched.restore(data)
        relaunched.poll()
        await settle { !relaunched.list.isLoadingPrevious }
        #expect(relaunched.screen.last == "bob 31")
        server.releaseHeld()
        await settle()
    }

    /// A pending message survives the snapshot twice (relaunch, then relaunch again before any
    /// network).
    @Test func pendingSurvivesTwoRelaunches() async throws {
        let (server, chat) = await openedChat()
        server.isReachable = false
        await chat.send("sticky")
        let first = ChatViewModel(server: server)
        try first.restore(try chat.save())
        let second = ChatViewModel(server: server)
        try second.restore(try first.save())
        #expect(second.list.isPending(id: "dev-1"))
        #expect(second.screen.last == "sticky (sending…)")
    }

    /// The user sends while the chat's first load (a cold open, no snapshot) is still in flight.
    @Test func sendDuringTheFirstLoad() async {
        let server = ChatServer()
        for message in messages(1...30) { server.post(message) }
        let chat = ChatViewModel(server: server)
        server.holdNext = true
        chat.appear()
        await settle { server.heldCount == 1 }
        await chat.send("early")
        #expect(chat.screen == ["early (sending…)"])
        server.releaseHeld()
        await settle { !chat.list.isRefreshing }
        #expect(chat.screen.count == 21)
        #expect(chat.screen.last == "early (sending…)")
        chat.poll()
        await settle { !chat.list.isLoadingPrevious }
        #expect(chat.screen.last == "early")
        #expect(chat.list.items.count == 21)
    }

    /// A pull to refresh while a poll is in flight, with a pending message.
    @Test func pullWhilePollInFlightWithPending() async {
        let (server, chat) = await openedChat()
        server.isReachable = false
        await chat.send("p")
        server.isReachable = true
        server.holdNext = true
        chat.poll()
        await settle { server.heldCount == 1 }
        await chat.list.refresh()
        server.releaseHeld()
        await settle()
        #expect(chat.screen.last == "p (sending…)")
        #expect(chat.list.items.count == 21)
        #expect(chat.list.failure == nil)
        // Polling still works after the pull.
        server.post(ChatMessage(id: "bob-31", text: "bob 31"))
        chat.poll()
        await settle { !chat.list.isLoadingPrevious }
        #expect(chat.screen.suffix(2) == ["bob 31", "p (sending…)"])
    }
}

@MainActor
@Suite struct ChatScreenProbeTests {
    func openedChat(history: Int = 30, pageSize: Int = 20, maxPages: Int? = nil) async -> (ChatServer, ChatViewModel) {
        let server = ChatServer()
        server.pageSize = pageSize
        for message in messages(1...history) { server.post(message) }
        let chat = ChatViewModel(server: server, maxPages: maxPages)
        chat.appear()
        await settle { !chat.list.items.isEmpty && !chat.list.isRefreshing }
        return (server, chat)
    }

    @Test func emptyChatWithASentMessageIsNotEmpty() async {
        let server = ChatServer()
        let chat = ChatViewModel(server: server)
        chat.appear()
        await settle { chat.list.isLoadedEmpty }
        server.isReachable = false
        await chat.send("first!")
        #expect(chat.screen == ["first! (sending…)"])
        #expect(!chat.list.isLoadedEmpty, "the empty-state view would cover the message just sent")
    }

    @Test func coldOpenOfflineThenSendShowsTheMessageNotThePlaceholder() async {
        let server = ChatServer()
        let chat = ChatViewModel(server: server)
        await chat.pathChanged(online: false)
        chat.appear()
        await settle()
        #expect(chat.list.placeholder?.reason == .offline)
        await chat.send("hi")
        #expect(chat.screen == ["hi (sending…)"])
        #expect(chat.list.placeholder == nil, "RefreshList shows the placeholder in place of the rows")
    }

    @Test func confirmationWithAnIdenticalEchoNotifiesTheView() async {
        let (_, chat) = await openedChat()
        await chat.send("same")
        final class Flag: @unchecked Sendable { var value = false }
        let flag = Flag()
        withObservationTracking {
            _ = chat.screen
        } onChange: {
            flag.value = true
        }
        chat.poll()
        await settle { !chat.list.isLoadingPrevious && !chat.list.isPending(id: "dev-1") }
        #expect(!chat.list.isPending(id: "dev-1"))
        #expect(flag.value, "the '(sending…)' label would stay on screen")
    }

    @Test(arguments: [false, true])
    func longSessionUnderAPageCapKeepsPendingAndScrollsBack(pollGivesNextCursor: Bool) async {
        let (server, chat) = await openedChat(history: 10, pageSize: 5, maxPages: 2)
        server.pollGivesNextCursor = pollGivesNextCursor
        #expect(chat.screen.count == 5)
        server.isReachable = false
        await chat.send("pending")
        server.isReachable = true
        // Four bursts of 3 messages each, one poll each: pages past the cap drop older ones.
        var next = 11
        for _ in 0..<4 {
            for message in messages(next...(next + 2)) { server.post(message) }
            next += 3
            chat.poll()
            await settle { !chat.list.isLoadingPrevious }
            #expect(chat.list.failure == nil)
        }
        #expect(chat.screen.last == "pending (sending…)")
        #expect(chat.screen.dropLast().last == "bob 22")
        #expect(chat.list.items.count <= 2 * 5 + 1)
        // Scroll up: the dropped history loads again.
        for _ in 0..<10 {
            let top = chat.list.items.count - 1
            chat.list.itemDidAppear(at: top)
            await settle { !chat.list.isLoadingMore }
            chat.list.itemDidDisappear(at: top)
        }
        #expect(chat.list.failure == nil)
        print(
            "CAPPED after scrolling up (pollGivesNextCursor: \(pollGivesNextCursor)):", chat.screen, "noMoreText:",
            chat.list.noMoreText ?? "nil")
        if pollGivesNextCursor {
            #expect(chat.screen.first == "bob 1")
        } else {
            // Documented (CursorsPreviousPagesAndThePageCap.md:116-120) but a trap for a chat: the
            // poll endpoint ("messages after X") rarely returns a "before" cursor, and the user
            // who scrolls up after a long session reads "Beginning of the conversation" above
            // bob 17, with bob 1...16 unreachable until a refresh.
            withKnownIssue("hazard: capped chat whose poll pages carry no next cursor ends its history early") {
                #expect(chat.screen.first == "bob 1")
                #expect(chat.list.noMoreText == nil)
            }
        }
        #expect(chat.screen.last == "pending (sending…)")
    }

    @Test func pollBurstLargerThanAPage() async {
        // A server that answers a poll with at most a page, the oldest new ones first, and a cursor
        // past them: the app polls again at once while the page was full.
        let (server, chat) = await openedChat(history: 10, pageSize: 5)
        server.pollPaged = true
        for message in messages(11...23) { server.post(message) }
        for _ in 0..<4 {
            chat.poll()
            await settle { !chat.list.isLoadingPrevious }
        }
        #expect(chat.screen.suffix(3) == ["bob 21", "bob 22", "bob 23"])
        #expect(Set(chat.list.items.map(\.id)).count == chat.list.items.count)
    }

    @Test func snapshotJSONShape() async throws {
        let (server, chat) = await openedChat(history: 2)
        server.isReachable = false
        await chat.send("x")
        let json = String(decoding: try chat.save(), as: UTF8.self)
        print("SNAPSHOT JSON:", json)
        #expect(json.contains("dev-1"))
    }
}

@MainActor
@Suite struct ChatScreenRowTests {
    func openedChat(history: Int = 30) async -> (ChatServer, ChatViewModel) {
        let server = ChatServer()
        for message in messages(1...history) { server.post(message) }
        let chat = ChatViewModel(server: server)
        chat.appear()
        await settle { !chat.list.items.isEmpty && !chat.list.isRefreshing }
        return (server, chat)
    }

    /// The user sits at the bottom of the chat: the newest rows are on screen (their onAppear ran
    /// through `.refreshListRow`). The model must not poll in a loop by itself.
    @Test func sittingAtTheBottomDoesNotPollInALoop() async {
        let (server, chat) = await openedChat(history: 100)
        let asked = server.requests.count
        for index in 0..<12 { chat.list.itemDidAppear(at: index) }
        await settle(spins: 2000)
        let extra = server.requests.count - asked
        print("REQUESTS while the bottom rows stay on screen:", extra, server.requests.map { $0.cursor ?? "nil" })
        // One history page (the default prefetch distance is a page) and one poll; no loop.
        #expect(extra <= 2)
        #expect(server.requests.filter { $0.cursor?.hasPrefix("after:") == true }.count <= 1)
    }

    /// Polls whose server answers "nothing new" with no cursor at all.
    @Test func emptyPollWithoutACursorStopsPolling() async {
        let (server, chat) = await openedChat()
        server.emptyPollCursor = false
        chat.poll()
        await settle { !chat.list.isLoadingPrevious }
        let asked = server.requests.count
        server.post(ChatMessage(id: "bob-31", text: "bob 31"))
        chat.poll()
        await settle { !chat.list.isLoadingPrevious }
        withKnownIssue(
            "hazard: one empty poll answered without a cursor stops the timer's polls silently until a refresh"
        ) {
            #expect(server.requests.count == asked + 1)
            #expect(chat.screen.last == "bob 31")
        }
        #expect(chat.list.refreshStatus[0].noPreviousData)
    }

    /// A poll fails once (500); the next timer poll asks again and clears the failure.
    @Test func aFailedPollIsAskedAgainByTheNextTick() async {
        let (server, chat) = await openedChat()
        await chat.send("mine")
        server.isReachable = false
        chat.poll()
        await settle { !chat.list.isLoadingPrevious }
        #expect(chat.list.loadPreviousFailure != nil)
        #expect(chat.screen.last == "mine (sending…)")
        server.isReachable = true
        chat.poll()
        await settle { !chat.list.isLoadingPrevious }
        #expect(chat.list.loadPreviousFailure == nil)
        #expect(chat.list.failure == nil)
        #expect(chat.screen.last == "mine")
    }

    /// The user gives up on a message that the server did receive; a later poll brings it.
    @Test func removedPendingMessageThatTheServerGot() async {
        let (server, chat) = await openedChat()
        await chat.send("oops")
        _ = chat.list.removeItem(id: "dev-1")
        server.post(ChatMessage(id: "bob-31", text: "bob 31"))
        chat.poll()
        await settle { !chat.list.isLoadingPrevious }
        print("AFTER removing a delivered pending message and polling:", chat.screen.suffix(3))
        #expect(chat.screen.last == "bob 31")
    }
}

@MainActor
@Suite struct ChatScreenMoreTests {
    /// First launch with no network: the user writes, the app is killed, relaunched online.
    @Test func neverLoadedChatWithAPendingMessageRelaunches() async throws {
        let server = ChatServer()
        for message in messages(1...3) { server.post(message) }
        server.isReachable = false
        let chat = ChatViewModel(server: server)
        await chat.pathChanged(online: false)
        chat.appear()
        await settle()
        await chat.send("offline hello")
        #expect(chat.screen == ["offline hello (sending…)"])
        let data = try chat.save()
        // The snapshot of a list that never loaded holds its pending items: the message the
        // user wrote comes back at the relaunch, still waiting for the server.
        server.isReachable = true
        let relaunched = ChatViewModel(server: server)
        try relaunched.restore(data)
        #expect(relaunched.screen == ["offline hello (sending…)"])
        #expect(relaunched.unsent.map(\.id) == ["dev-1"])
        relaunched.appear()
        await settle { !relaunched.list.isRefreshing }
        #expect(relaunched.screen == ["bob 1", "bob 2", "bob 3", "offline hello (sending…)"])
    }

    /// Two sends; the server interleaves another participant's message; echoes come one at a time.
    @Test func twoSendsInterleavedEchoes() async {
        let server = ChatServer()
        for message in messages(1...3) { server.post(message) }
        let chat = ChatViewModel(server: server)
        chat.appear()
        await settle { !chat.list.isRefreshing }
        server.isReachable = false
        await chat.send("A")
        await chat.send("B")
        server.isReachable = true
        #expect(chat.screen == ["bob 1", "bob 2", "bob 3", "A (sending…)", "B (sending…)"])
        server.post(ChatMessage(id: "dev-1", text: "A"))
        server.post(ChatMessage(id: "bob-4", text: "bob 4"))
        chat.poll()
        await settle { !chat.list.isLoadingPrevious }
        #expect(chat.screen == ["bob 1", "bob 2", "bob 3", "A", "bob 4", "B (sending…)"])
        server.post(ChatMessage(id: "dev-2", text: "B"))
        chat.poll()
        await settle { !chat.list.isLoadingPrevious }
        #expect(chat.screen == ["bob 1", "bob 2", "bob 3", "A", "bob 4", "B"])
        await chat.list.refresh()
        #expect(chat.screen == ["bob 1", "bob 2", "bob 3", "A", "bob 4", "B"])
    }
}

@MainActor
@Suite struct ChatScreenTimerTests {
    /// The poll timer starts before the view's `.task` ran `setUp()`.
    @Test func pollBeforeTheFirstLoad() async {
        let server = ChatServer()
        for message in messages(1...3) { server.post(message) }
        let chat = ChatViewModel(server: server)
        chat.poll()
        await settle { !chat.list.isLoadingPrevious }
        print("POLL BEFORE SETUP asked:", server.requests.map { "\($0.kind) \($0.cursor ?? "nil")" }, chat.screen)
        chat.appear()
        await settle { !chat.list.isRefreshing }
        #expect(chat.screen == ["bob 1", "bob 2", "bob 3"])
        #expect(chat.list.failure == nil)
    }

    /// A poll fired while the pull's refresh is in flight.
    @Test func pollDuringARefresh() async {
        let server = ChatServer()
        for message in messages(1...3) { server.post(message) }
        let chat = ChatViewModel(server: server)
        chat.appear()
        await settle { !chat.list.isRefreshing }
        server.holdNext = true
        Task { await chat.list.refresh() }
        await settle { server.heldCount == 1 }
        server.post(ChatMessage(id: "bob-4", text: "bob 4"))
        chat.poll()
        await settle()
        server.releaseHeld()
        await settle { !chat.list.isRefreshing && !chat.list.isLoadingPrevious }
        chat.poll()
        await settle { !chat.list.isLoadingPrevious }
        #expect(chat.screen == ["bob 1", "bob 2", "bob 3", "bob 4"])
        #expect(chat.list.failure == nil)
    }
}

@MainActor
@Suite struct ChatScreenFirstLoadFailedTests {
    /// Online, but the first load fails (a 500): the user writes anyway, the app is killed.
    @Test func firstLoadFailedThenSendThenKill() async throws {
        let server = ChatServer()
        server.isReachable = false  // the server errors; the device is online
        let chat = ChatViewModel(server: server)
        chat.appear()
        await settle { !chat.list.isRefreshing }
        #expect(chat.list.placeholder != nil)
        await chat.send("still here?")
        #expect(chat.screen == ["still here? (sending…)"])
        let relaunched = ChatViewModel(server: server)
        try relaunched.restore(try chat.save())
        #expect(relaunched.screen == ["still here? (sending…)"])
    }
}
