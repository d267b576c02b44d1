import Refreshable

/// The default run: a user's session with the order list, played against the embedded API on
/// its virtual clock, printed step by step. The same seed prints the same session, byte for byte.
///
/// Each step prints what the user does (`>`), each answer and what the library made of it (`<`),
/// the statuses the header and footer were driven through (`status:`), and the screen.
/// The session also checks that the list ends where the story says; ``run()`` reports whether
/// every check held.
@MainActor
final class ScriptedSession {
    /// The embedded API, on manual timing.
    let api: EmbeddedOrderAPI
    /// The screen under demonstration.
    let controller: OrderListController
    /// Prints the session.
    let narrator: Narrator
    /// The second screen: a conversation paged by cursor, newest first, holding two pages at most.
    let chat: OrderListController
    /// The third screen: the orders again, holding two pages at most, refreshed where the user is.
    let deep: OrderListController
    /// The screen the next steps act on, with its narrator.
    private var onScreen: (controller: OrderListController, narrator: Narrator)
    /// The checks that did not hold, in order.
    private(set) var failedChecks: [String] = []
    private var checkCount = 0
    private let write: (String) -> Void
    private let indent = TextRenderer.indent

    /// Creates a session.
    /// - Parameters:
    ///   - seed: The seed of the API's latencies.
    ///   - write: Where each line of the transcript goes.
    init(seed: UInt64 = 1, write: @escaping (String) -> Void) {
        api = EmbeddedOrderAPI(seed: seed, timing: .manual)
        controller = OrderListController(loader: api, pageSize: api.pageSize)
        narrator = Narrator(controller: controller, write: write)
        chat = OrderListController(
            tabs: [.messages],
            loader: api,
            policy: RefreshPolicy(pageSize: api.pageSize, paging: .cursors, maxPages: 2)
        )
        deep = OrderListController(
            tabs: [.all],
            loader: api,
            policy: RefreshPolicy(pageSize: api.pageSize, maxPages: 2, refreshesAroundPosition: true)
        )
        onScreen = (controller, narrator)
        self.write = write
    }

    /// Plays the session.
    /// - Returns: Whether every check of the story held.
    func run() async -> Bool {
        write("Refreshable demo: an order list with tabs All / Unpaid / Shipped, 10 orders a page, on an")
        write(
            "embedded paged API (All has 23 orders, Unpaid 7, Shipped 20; simulated latencies from seed \(api.seed))."
        )
        write("Legend:  > the user acts   < the API answers   status: what the header/footer were driven to")

        step(1, "First load", "The screen appears: setupRefreshHeader() loads page 1 of the tab on screen.")
        await act("setupRefreshHeader()") { $0.setupRefreshHeader() }
        await answer()
        show()
        check(items(0) == 10 && footerIs(.idle), "All shows its first 10 orders and can load more")

        step(
            2, "Pull to refresh",
            "The header's action, headerRefreshingAction(), asks for page 1 again; the old rows stay until the answer comes."
        )
        await act("header.pull()  // the user pulls down") { $0.header.pull() }
        show()
        check(items(0) == 10 && controller.header.isRefreshing, "the rows stay on screen while refreshing")
        await answer()
        show()

        step(
            3, "Scroll to the end",
            "loadMore() asks for the page after the last one that loaded, until curPage == pageCount.")
        var pulls = 0
        while !controller.refreshStatus[0].noMoreData, pulls < 10 {
            pulls += 1
            await act("loadMore()  // the user scrolls to the bottom") { $0.loadMore() }
            await answer()
        }
        show()
        await act("loadMore()", ignored: "the list has ended, so load-more cannot trigger") { $0.loadMore() }
        check(items(0) == 23 && footerIs(.noMoreData(title: "No more orders")), "All ends with \"No more orders\"")

        step(
            4, "A failure on an empty tab, then a retry",
            "Shipped's first load fails: the empty list shows a placeholder.")
        api.failNext(.shipped)
        await act("switchSource(to: 2)  // the user taps \"Shipped\"") { $0.switchSource(to: 2) }
        await answer()
        show()
        check(
            controller.listView.placeholder != nil && controller.footer.isHidden, "empty Shipped shows the placeholder")
        await act("tap [ Tap to retry ]") { $0.listView.tapRetry() }
        await answer()
        show()
        check(items(2) == 10 && controller.listView.placeholder == nil, "the retry loads Shipped")

        step(
            5, "A failure with orders on screen, then a full last page",
            "Loading more fails: the orders stay, a toast says why. The last page is full: curPage == pageCount ends it."
        )
        api.failNext(.shipped)
        await act("loadMore()") { $0.loadMore() }
        await answer()
        show()
        check(items(2) == 10 && controller.listView.toasts.count == 1, "the orders stay and a toast is shown")
        await act("loadMore()  // pulling up again retries the same page") { $0.loadMore() }
        await answer()
        show()
        check(
            items(2) == 20 && footerIs(.noMoreData(title: "No more shipped orders")),
            "Shipped ends on its full last page with \"No more shipped orders\""
        )

        step(
            6, "Switch tabs while a load is in flight", "All's refresh is slow; the user taps Unpaid before it answers."
        )
        await act("switchSource(to: 0)  // the user taps \"All\"", ignored: "All has loaded before") {
            $0.switchSource(to: 0)
        }
        api.delayNext(.all, milliseconds: 900)
        await act("refresh()  // slow this time") { $0.refresh() }
        await act("switchSource(to: 1)  // the user taps \"Unpaid\"") { $0.switchSource(to: 1) }
        await answer()
        show()
        check(
            items(1) == 7 && footerIs(.noMoreData(title: "No more unpaid orders")),
            "Unpaid shows its 7 orders and \"No more unpaid orders\""
        )
        check(
            items(0) == 10 && !controller.refreshStatus[0].noMoreData,
            "All's refresh landed in All and reopened its list"
        )
        await act("switchSource(to: 0)  // back to \"All\"", ignored: "All has loaded before") {
            $0.switchSource(to: 0)
        }
        show()

        step(
            7, "Refresh while loading more", "A refresh cancels the load-more in flight; its late answer is discarded.")
        api.delayNext(.all, milliseconds: 900)
        await act("loadMore()  // slow this time") { $0.loadMore() }
        let slowLoadMore = controller.refreshStatus[0].inFlight
        await act("header.pull()  // the user pulls down before it answers") { $0.header.pull() }
        await answer()
        show()
        let discarded: Bool
        if let slowLoadMore, case .discarded = controller.outcome(of: slowLoadMore)?.settlement {
            discarded = true
        } else {
            discarded = false
        }
        check(discarded && items(0) == 10, "the superseded load-more is never applied")

        await playChat()
        await playRefreshAroundThePosition()

        narrator.summary()
        if failedChecks.isEmpty {
            write("\(indent)All \(checkCount) checks held.")
        } else {
            write("\(indent)\(failedChecks.count) of \(checkCount) checks FAILED:")
            for failure in failedChecks {
                write("\(indent)  - \(failure)")
            }
        }
        return failedChecks.isEmpty
    }

    /// Step 8: a conversation paged by cursor, newest first, with newer messages loaded above and
    /// at most two pages held.
    private func playChat() async {
        onScreen = (chat, Narrator(controller: chat, write: write))
        defer { onScreen = (controller, narrator) }
        step(
            8, "A conversation paged by cursor",
            "Messages come newest first, 10 a page, by cursor; at most 2 pages are held (maxPages: 2).")
        await act("setupRefreshHeader()  // the conversation opens") { $0.setupRefreshHeader() }
        await answer()
        await act("loadMore()  // older messages, with the answer's nextCursor") { $0.loadMore() }
        await answer()
        await act("loadMore()  // a third page: the newest page is dropped") { $0.loadMore() }
        await answer()
        show()
        let conversation = chat.refreshStatus[0]
        check(
            conversation.items.first?.id == "messages-13" && conversation.items.last?.id == "messages-1"
                && conversation.noMoreData && !conversation.noPreviousData,
            "two pages held, messages #13 to #1, the start reached, the dropped page loadable again"
        )
        api.publish(4, to: .messages)
        await act("loadPrevious()  // scrolling back up reloads the dropped page") { $0.loadPrevious() }
        await answer()
        await act("loadPrevious()  // and then the 4 messages sent meanwhile") { $0.loadPrevious() }
        await answer()
        show()
        let newest = chat.refreshStatus[0]
        check(
            newest.items.first?.id == "messages-27" && newest.items.last?.id == "messages-14"
                && newest.items.count == 14 && !newest.noMoreData,
            "newer messages #27 to #14 above, the oldest pages dropped and loadable again"
        )
    }

    /// Step 9: a capped list scrolled deep keeps the user's place through a pull to refresh.
    private func playRefreshAroundThePosition() async {
        onScreen = (deep, Narrator(controller: deep, write: write))
        defer { onScreen = (controller, narrator) }
        step(
            9, "Refresh where the user is",
            "All again, at most 2 pages held (maxPages: 2) and refreshesAroundPosition: a pull reloads the page of the row on screen, then the page above it."
        )
        await act("setupRefreshHeader()") { $0.setupRefreshHeader() }
        await answer()
        await act("loadMore()") { $0.loadMore() }
        await answer()
        await act("loadMore()  // page 3: page 1 is dropped") { $0.loadMore() }
        await answer()
        await act(
            "rowDidAppear(at: 4)  // the user reads an order of page 2",
            ignored: "the row tells the list where the user is"
        ) { $0.rowDidAppear(at: 4) }
        await act("header.pull()  // refreshes page 2, not page 1") { $0.header.pull() }
        await answer()
        // Once page 2 landed, the list loads outward: the page above it.
        if let above = deep.refreshStatus[0].previousInFlight {
            await api.waitForArrival(of: above)
            await answer()
        }
        show()
        let list = deep.refreshStatus[0]
        check(
            list.firstLoadedPage == 1 && list.page == 2 && list.items.count == 20,
            "the pull reloaded page 2, where the user was, and then page 1 above it"
        )
    }

    // MARK: Steps

    private func step(_ number: Int, _ title: String, _ explanation: String) {
        narrator.step(number, title, explanation)
    }

    /// Performs a user action, prints it, and waits until the requests it started have reached the API.
    private func act(_ label: String, ignored: String? = nil, _ action: (OrderListController) -> Void) async {
        for request in onScreen.narrator.act(label, ignored: ignored, action) {
            await api.waitForArrival(of: request)
        }
    }

    /// Lets the API answer everything in flight, earliest due first, printing each answer.
    private func answer() async {
        while let delivery = api.deliverNext() {
            await onScreen.controller.waitUntilSettled(delivery.request)
            if let outcome = onScreen.controller.outcome(of: delivery.request) {
                onScreen.narrator.report(outcome, milliseconds: delivery.latency)
            }
        }
    }

    private func show() {
        onScreen.narrator.show()
    }

    private func check(_ condition: Bool, _ what: String) {
        checkCount += 1
        if !condition {
            failedChecks.append(what)
            write("\(indent)CHECK FAILED: \(what)")
        }
    }

    private func items(_ tab: Int) -> Int {
        controller.refreshStatus[tab].items.count
    }

    private func footerIs(_ state: TextFooter.State) -> Bool {
        !controller.footer.isHidden && controller.footer.state == state
    }
}
