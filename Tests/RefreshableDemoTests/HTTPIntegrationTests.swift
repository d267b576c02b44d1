import Foundation
import Refreshable
import Testing

@testable import RefreshableDemoKit

/// The demo's controller on the HTTP loader, against `Tools/paged-server` on a loopback port.
/// Each test starts its own server and stops it afterwards. No timing assertions: waits are for
/// events (an answer settled), with generous limits for slow machines.
@MainActor
@Suite("HTTP integration with the local paged server", .serialized, .timeLimit(.minutes(2)))
struct HTTPIntegrationTests {
    /// A controller on the HTTP loader.
    private func controller(_ server: PagedServer, query: String = "") throws -> OrderListController {
        OrderListController(loader: HTTPOrderLoader(template: try URLTemplate(server.template(query)), timeout: 30))
    }

    /// Runs an action and waits until every request it started has settled.
    @discardableResult
    private func act(
        _ controller: OrderListController,
        _ action: (OrderListController) -> Void
    ) async -> [OrderListController.Outcome] {
        let before = controller.requestsInFlight
        action(controller)
        let started = controller.requestsInFlight.filter { !before.contains($0) }
        var outcomes: [OrderListController.Outcome] = []
        for request in started {
            await controller.waitUntilSettled(request)
            if let outcome = controller.outcome(of: request) {
                outcomes.append(outcome)
            }
        }
        return outcomes
    }

    @Test func pagesArriveInOrderAndTheListEndsWhereCurPageEqualsPageCount() async throws {
        // 20 orders, 10 a page, and `omit=total,over`: the server sends no total (and no `over`),
        // and the last page is full, so neither the total nor count < pageSize can end the list.
        // Only curPage == pageCount can.
        try await withPagedServer(items: 20, pageSize: 10) { server in
            let controller = try controller(server, query: "omit=total,over")
            let first = await act(controller) { $0.setupRefreshHeader() }
            #expect(first.map(\.settlement.isApplied) == [true])
            #expect(controller.currentItems.map(\.id) == (1...10).map { "all-\($0)" })
            #expect(!controller.refreshStatus[0].noMoreData)

            let second = await act(controller) { $0.loadMore() }
            #expect(second.map(\.request.page) == [2])
            let page = try #require(second.first?.page)
            #expect(page.totalCount == nil, "no total: it cannot end the list")
            #expect(page.hasMore == nil)
            #expect(
                page.items.count == controller.refreshStatus.policy.pageSize, "a full page: its length cannot either")
            #expect((page.curPage, page.pageCount) == (2, 2))
            #expect(controller.currentItems.map(\.id) == (1...20).map { "all-\($0)" })
            #expect(controller.refreshStatus[0].noMoreData, "curPage 2 == pageCount 2 ends the list")
            let outcome = try #require(second.first)
            #expect(
                TextRenderer().describe(outcome, controller: controller).hasSuffix(
                    "end of list: curPage 2 == pageCount 2 (a full page)"))
            #expect(controller.footer.state == .noMoreData(title: "No more orders"))
            #expect(!controller.footer.isHidden)

            let none = await act(controller) { $0.loadMore() }
            #expect(none.isEmpty, "no request after the end of the list")

            let unpaid = await act(controller) { $0.switchSource(to: 1) }
            #expect(unpaid.map(\.request.source) == [1])
            #expect(controller.currentItems.first?.id == "unpaid-1")
            #expect(try await server.stats().lastPages == [1, 2, 1])
        }
    }

    @Test func a500KeepsThePreviousItemsAndSaysWhy() async throws {
        try await withPagedServer { server in
            let controller = try controller(server)
            await act(controller) { $0.setupRefreshHeader() }
            let before = controller.currentItems

            try await server.control(#"{"failNext": 1, "fault": "500"}"#)
            let failed = await act(controller) { $0.loadMore() }
            let failure = try #require(failed.first?.settlement.failure)
            #expect(failure.message.contains("HTTP 500"))
            #expect(failure.message.contains("injected server error"))
            #expect(controller.currentItems == before)
            #expect(controller.listView.toasts == [failure.message])
            #expect(controller.footer.state == .failed(message: failure.message))

            try await server.control(#"{"failNext": 1, "fault": "500"}"#)
            let failedRefresh = await act(controller) { $0.refresh() }
            #expect(failedRefresh.first?.settlement.failure != nil)
            #expect(controller.currentItems == before, "a failed refresh keeps the rows")
            #expect(!controller.header.isRefreshing)

            let retried = await act(controller) { $0.loadMore() }
            #expect(retried.map(\.request.page) == [2], "the failed page is asked for again")
            #expect(controller.currentItems.count == 20)
            #expect(try await server.stats().lastPages == [1, 2, 1, 2])
        }
    }

    @Test func malformedJSONKeepsThePreviousItemsAndSaysWhy() async throws {
        try await withPagedServer { server in
            let controller = try controller(server)
            await act(controller) { $0.setupRefreshHeader() }
            let before = controller.currentItems
            #expect(before.count == 10)

            for fault in ["malformed", "empty"] {
                try await server.control(#"{"failNext": 1, "fault": "\#(fault)"}"#)
                let failed = await act(controller) { $0.loadMore() }
                let failure = try #require(failed.first?.settlement.failure)
                #expect(
                    failure.message.contains(
                        fault == "malformed" ? "malformed JSON for /list/2" : "empty response body"),
                    "\(failure.message)"
                )
                #expect(controller.currentItems == before)
                #expect(controller.refreshStatus[0].page == 1)
            }
        }
    }

    @Test func aFailedFirstLoadShowsThePlaceholderAndTheRetrySucceeds() async throws {
        try await withPagedServer { server in
            let controller = try controller(server)
            try await server.control(#"{"failNext": 1, "fault": "500"}"#)
            await act(controller) { $0.setupRefreshHeader() }
            let placeholder = try #require(controller.listView.placeholder)
            #expect(placeholder.message.contains("HTTP 500"))
            #expect(controller.footer.isHidden)

            await act(controller) { _ = $0.listView.tapRetry() }
            #expect(controller.listView.placeholder == nil)
            #expect(controller.currentItems.count == 10)
        }
    }

    @Test func aHostilePageIsRefused() async throws {
        try await withPagedServer { server in
            let controller = try controller(server)
            await act(controller) { $0.setupRefreshHeader() }
            try await server.control(#"{"failNext": 1, "fault": "hostile"}"#)
            let refused = await act(controller) { $0.loadMore() }
            let failure = try #require(refused.first?.settlement.failure)
            #expect(failure.message.contains("refused"))
            #expect(controller.currentItems.count == 10)
        }
    }

    @Test func aSlowResponseSupersededByARefreshIsNeverApplied() async throws {
        // `holdPage=2`: the server holds every page-2 request (and only those) until released, so
        // the load-more is certainly at the server, unanswered, when the refresh starts.
        try await withPagedServer { server in
            let controller = try controller(server, query: "holdPage=2")
            await act(controller) { $0.setupRefreshHeader() }

            let slowMore = await startOnly(controller) { $0.loadMore() }
            #expect(slowMore.map(\.page) == [2])
            let held = try await server.waitForStats { $0.held == 1 }
            #expect(held.inFlightPages == [2], "the page-2 request reached the server and is held there")

            let refresh = await act(controller) { $0.refresh() }
            #expect(refresh.map(\.settlement.isApplied) == [true])
            #expect(refresh.map(\.request.page) == [1])
            for request in slowMore {
                await controller.waitUntilSettled(request)
                #expect(controller.outcome(of: request)?.settlement.isDiscarded == true)
            }
            // The refresh cancelled the load-more's task, which cancelled its HTTP request; the
            // held answer, released now, goes nowhere.
            try await server.release()
            try await server.waitForStats { $0.held == 0 && $0.inFlightPages.isEmpty }
            #expect(try await server.stats().lastPages == [1, 2, 1], "the server saw page 2 before the refresh")
            #expect(controller.outcomes.count == 3)
            #expect(controller.currentItems.map(\.id) == (1...10).map { "all-\($0)" })
            #expect(controller.refreshStatus[0].page == 1)
            #expect(!controller.refreshStatus[0].isLoading)
        }
    }

    @Test func aSlowResponseThatArrivesAfterARefreshIsDiscarded() async throws {
        // The same, with a loader that ignores cancellation, so the stale page 2 really comes back:
        // the server holds it until the refresh has been applied, then releases it.
        try await withPagedServer { server in
            let http = HTTPOrderLoader(template: try URLTemplate(server.template("holdPage=2")), timeout: 30)
            let loader = ArrivesAnyway(base: http)
            let controller = OrderListController(loader: loader)
            await act(controller) { $0.setupRefreshHeader() }

            let slowMore = await startOnly(controller) { $0.loadMore() }
            #expect(slowMore.map(\.page) == [2])
            try await server.waitForStats { $0.held == 1 && $0.inFlightPages == [2] }
            let refresh = await act(controller) { $0.refresh() }
            #expect(refresh.map(\.settlement.isApplied) == [true])
            #expect(loader.pagesReturned == 2, "page 2 has not come back yet")

            try await server.release()
            for request in slowMore {
                await controller.waitUntilSettled(request)
                #expect(controller.outcome(of: request)?.settlement.isDiscarded == true)
            }
            #expect(loader.pagesReturned == 3, "the stale page 2 did arrive, after the refresh")
            #expect(try await server.stats().lastPages == [1, 2, 1])
            #expect(controller.currentItems.map(\.id) == (1...10).map { "all-\($0)" })
            #expect(controller.refreshStatus[0].page == 1)
        }
    }

    @Test func aTimeoutSaysTheRequestTimedOutNotMinus1001() async throws {
        // `holdPage=1` keeps page 1 at the server past the loader's one-second timeout.
        try await withPagedServer { server in
            let loader = HTTPOrderLoader(template: try URLTemplate(server.template("holdPage=1")), timeout: 1)
            let controller = OrderListController(loader: loader)
            let outcomes = await act(controller) { $0.setupRefreshHeader() }
            let failure = try #require(outcomes.first?.settlement.failure)
            #expect(
                failure.message.contains("no answer for /list/1?tab=all&holdPage=1: the request timed out after 1 s"))
            #expect(!failure.message.contains("-1001"), "\(failure.message)")
            #expect(controller.listView.placeholder?.message == failure.message)
            try await server.release()
        }
    }

    @Test func aSubSecondTimeoutWaitsAWholeSecondInsteadOfFailingAtOnce() async throws {
        // swift-corelibs-foundation truncates the request timeout to whole seconds: 0.5 became 0
        // and every request failed at once. The loader rounds it up.
        try await withPagedServer { server in
            let loader = HTTPOrderLoader(template: try URLTemplate(server.template("holdPage=1")), timeout: 0.5)
            #if canImport(FoundationNetworking)
                #expect(loader.timeout == 1)
            #else
                #expect(loader.timeout == 0.5)
            #endif
            let controller = OrderListController(loader: loader)
            let clock = ContinuousClock()
            let start = clock.now
            let outcomes = await act(controller) { $0.setupRefreshHeader() }
            let elapsed = clock.now - start
            let failure = try #require(outcomes.first?.settlement.failure)
            #expect(failure.message.contains("the request timed out after \(loader.timeout == 1 ? "1" : "0.5") s"))
            #expect(elapsed >= .milliseconds(450), "it waited for the timeout, not \(elapsed)")
            try await server.release()
        }
    }

    @Test func aServerThatIsNotRunningSaysCouldNotConnect() async throws {
        // A port nothing listens on: a server's, once it has stopped.
        let stopped = try await PagedServer.start(items: 5, pageSize: 10)
        #expect(await stopped.stop())
        let controller = try controller(stopped)
        let outcomes = await act(controller) { $0.setupRefreshHeader() }
        let failure = try #require(outcomes.first?.settlement.failure)
        #expect(failure.message.contains("could not connect to 127.0.0.1:\(stopped.port)"), "\(failure.message)")
        #expect(!failure.message.contains("-1004"))
        #expect(!failure.message.contains("NSURLErrorDomain"))
    }

    @Test func theTourOverHTTPLoadsEveryTabToItsEndAndExitsZero() async throws {
        try await withPagedServer { server in
            let transcript = Transcript()
            let status = await DemoCommand.run(arguments: ["--url", server.template()], io: transcript.io())
            #expect(status == 0)
            for title in ["No more orders", "No more unpaid orders", "No more shipped orders"] {
                #expect(transcript.text.contains("+ footer: \(title)"))
            }
            #expect(transcript.text.contains("Every load succeeded."))
        }
    }

    @Test func theTourOfAURLWithoutTabShowsOneListAndAsksForEachPageOnce() async throws {
        // Before, a URL without {tab} gave three tabs that all loaded the same list.
        try await withPagedServer { server in
            let transcript = Transcript()
            let url = "\(server.baseURL)/list/{page}"
            let status = await DemoCommand.run(arguments: ["--url", url], io: transcript.io())
            #expect(status == 0)
            #expect(transcript.lines.contains { $0.hasPrefix("One list, no tabs: the URL has no {tab}.") })
            let tabBars = transcript.lines.filter { $0.hasPrefix("   + [") }
            #expect(!tabBars.isEmpty)
            #expect(tabBars.allSatisfy { $0.hasPrefix("   + [All]  ") && !$0.contains("Unpaid") })
            #expect(!transcript.text.contains("switchSource"))
            #expect(transcript.text.contains("+ footer: No more orders"))
            let summary = try #require(transcript.lines.firstIndex(of: "Summary"))
            #expect(
                transcript.lines[(summary + 1)...].prefix(2) == [
                    #"   All  23 orders, page 3, end of list: "No more orders""#, "   Every load succeeded.",
                ], "one list in the summary")
            // First load, refresh, then pages 2 and 3: one list, each page asked for once.
            let pages = try await server.stats().lastPages
            #expect(pages == [1, 1, 2, 3])
        }
    }

    @Test func theServerIsGoneAfterItStops() async throws {
        let server = try await PagedServer.start(items: 5, pageSize: 10)
        #expect(await server.answersHealthCheck())
        #expect(await server.stop())
        #expect(!server.isRunning)
        #expect(await !server.answersHealthCheck(), "nothing listens on port \(server.port) any more")
    }

    @Test func theHarnessServerExitsWhenItsStdinPipeClosesWithoutASignal() async throws {
        // The harness passes --exit-on-stdin-eof: a server started by hand no longer reads stdin,
        // and this is what keeps one from outliving a test run that dies before stop().
        let server = try await PagedServer.start(items: 5, pageSize: 10)
        #expect(await server.answersHealthCheck())
        server.closeStdin()
        #expect(await server.waitForExit(timeoutSeconds: 15), "the server exits on stdin EOF, no SIGTERM needed")
        #expect(await server.stop())
        #expect(await !server.answersHealthCheck(), "nothing listens on port \(server.port) any more")
    }

    // MARK: Paging by cursor and de-duplication by id

    /// A controller paged as the template says, with orders told apart by id, as `--url` makes it.
    private func httpController(_ template: String) throws -> OrderListController {
        OrderListController(http: HTTPOrderLoader(template: try URLTemplate(template), timeout: 30))
    }

    @Test func theFeedIsWalkedToItsOldestItemByCursorAndEndsWhereNoNextCursorComes() async throws {
        // 23 items, 10 a page, newest first: 23...14, 13...4, 3...1; the last answer has no nextCursor.
        try await withPagedServer(items: 23, pageSize: 10) { server in
            let controller = try httpController(server.feedTemplate())
            #expect(controller.refreshStatus.policy.paging == .cursors)
            let first = await act(controller) { $0.setupRefreshHeader() }
            #expect(first.map(\.request.cursor) == [nil], "the first page is asked for with no cursor")
            #expect(controller.currentItems.map(\.id) == (14...23).reversed().map { "all-\($0)" })
            let firstCursor = try #require(first.first?.page?.nextCursor)

            var cursorsAskedWith: [String?] = []
            var pulls = 0
            while !controller.refreshStatus[0].noMoreData, pulls < 10 {
                pulls += 1
                let outcomes = await act(controller) { $0.loadMore() }
                #expect(outcomes.map(\.settlement.isApplied) == [true])
                cursorsAskedWith += outcomes.map(\.request.cursor)
            }
            #expect(pulls == 2)
            #expect(cursorsAskedWith.first == firstCursor, "load-more asks with the answer's nextCursor")
            #expect(Set(cursorsAskedWith.compactMap(\.self)).count == 2, "each page with its own cursor")
            #expect(controller.currentItems.map(\.id) == (1...23).reversed().map { "all-\($0)" })
            #expect(controller.refreshStatus[0].nextCursor == nil)
            #expect(controller.footer.state == .noMoreData(title: "No more orders"))
            let last = try #require(controller.outcomes.last)
            #expect(last.page?.nextCursor == nil)
            #expect(TextRenderer().describe(last, controller: controller).hasSuffix("end of list: no next cursor"))

            let none = await act(controller) { $0.loadMore() }
            #expect(none.isEmpty, "no request after the end of the list")
        }
    }

    @Test func itemsPublishedAfterTheFirstPageLoadAboveItPageByPageWithLoadPrevious() async throws {
        try await withPagedServer(items: 23, pageSize: 10) { server in
            let controller = try httpController(server.feedTemplate())
            await act(controller) { $0.setupRefreshHeader() }
            #expect(!controller.refreshStatus[0].noPreviousData, "the newest page has a previousCursor")

            // 12 newer items: the page just above the first one holds 24...33, the next 34...35.
            try await server.control(#"{"publish": 12}"#)
            let above = await act(controller) { $0.loadPrevious() }
            #expect(above.map(\.request.kind) == [.loadPrevious])
            #expect(above.first?.request.cursor != nil, "asked with the first page's previousCursor")
            guard case .applied(let update)? = above.first?.settlement else {
                Issue.record("the load of the previous page was not applied: \(above)")
                return
            }
            #expect(update.change == .prepended(0..<10))
            #expect(controller.currentItems.map(\.id) == (14...33).reversed().map { "all-\($0)" })

            let top = await act(controller) { $0.loadPrevious() }
            #expect(top.map(\.settlement.isApplied) == [true])
            #expect(controller.currentItems.map(\.id) == (14...35).reversed().map { "all-\($0)" })

            // Nothing newer now: an empty answer, after which nothing comes before until a refresh.
            let nothing = await act(controller) { $0.loadPrevious() }
            let emptyAnswer = try #require(nothing.first)
            #expect(emptyAnswer.page?.items == [])
            #expect(
                TextRenderer().describe(emptyAnswer, controller: controller).hasSuffix(
                    "applied: nothing newer above; the start of the list until the next refresh"))
            #expect(controller.refreshStatus[0].noPreviousData)
            #expect(controller.currentItems.count == 22)
            let refused = await act(controller) { $0.loadPrevious() }
            #expect(refused.isEmpty)
            #expect(!controller.refreshStatus[0].noMoreData, "the older pages are still to load")
        }
    }

    @Test func withoutBeforeInTheURLNoNewerRowsAreAskedFor() async throws {
        try await withPagedServer { server in
            let template = try URLTemplate(server.feedTemplate(before: false))
            #expect(!template.canLoadPrevious)
            #expect(template.noPreviousNote?.contains("the URL has no {before}") == true)
            let controller = OrderListController(http: HTTPOrderLoader(template: template, timeout: 30))
            await act(controller) { $0.setupRefreshHeader() }
            #expect(controller.currentItems.count == 10)
            #expect(controller.refreshStatus[0].noPreviousData, "the loader passes no previousCursor")
            try await server.control(#"{"publish": 3}"#)
            let none = await act(controller) { $0.loadPrevious() }
            #expect(none.isEmpty)
        }
    }

    @Test func aFeedCursorThatPointsBackAtItsOwnPageIsRefusedAndTheRowsStay() async throws {
        // fault=hostile: the answer's nextCursor is the cursor it was asked with, so following it
        // would load the same page forever.
        try await withPagedServer { server in
            let controller = try httpController(server.feedTemplate())
            await act(controller) { $0.setupRefreshHeader() }
            let before = controller.currentItems
            let cursor = try #require(controller.refreshStatus[0].nextCursor)

            try await server.control(#"{"failNext": 1, "fault": "hostile"}"#)
            let looped = await act(controller) { $0.loadMore() }
            let failure = try #require(looped.first?.settlement.failure)
            #expect(failure.reason == .invalidResponse(.repeatedCursor(cursor)))
            #expect(
                failure.message
                    == "The server's answer was refused: the answer names \"\(cursor)\" as the page to ask for "
                    + "next, the cursor this page was asked with: it would load the same page again."
            )
            #expect(controller.currentItems == before, "nothing of the looping page is applied")
            #expect(controller.listView.toasts == [failure.message])
            #expect(controller.refreshStatus[0].nextCursor == cursor)

            let retried = await act(controller) { $0.loadMore() }
            #expect(retried.map(\.request.cursor) == [cursor], "the same cursor is asked for again")
            #expect(retried.map(\.settlement.isApplied) == [true])
            #expect(controller.currentItems.count == 20)
        }
    }

    @Test func aListThatGrowsAtItsHeadIsShownOnceWithTheDuplicatesCounted() async throws {
        // shift=3: each page starts with the last 3 orders of the page before (23 orders, 10 a page:
        // 1...10, 8...17, 15...23).
        try await withPagedServer(items: 23, pageSize: 10) { server in
            let plain = try controller(server, query: "shift=3")
            await act(plain) { $0.setupRefreshHeader() }
            await act(plain) { $0.loadMore() }
            await act(plain) { $0.loadMore() }
            #expect(plain.currentItems.count == 29, "without an identity the repeated orders show twice")

            let controller = try httpController(server.template("shift=3"))
            var outcomes = await act(controller) { $0.setupRefreshHeader() }
            while !controller.refreshStatus[0].noMoreData, outcomes.count < 10 {
                outcomes += await act(controller) { $0.loadMore() }
            }
            #expect(controller.currentItems.map(\.id) == (1...23).map { "all-\($0)" })
            let dropped = outcomes.map { outcome -> Int in
                guard case .applied(let update) = outcome.settlement else { return -1 }
                return update.droppedDuplicates
            }
            #expect(dropped == [0, 3, 3])
            #expect(controller.droppedDuplicates(in: 0) == 6)
            let line = TextRenderer().describe(outcomes[1], controller: controller)
            #expect(line.contains("applied: +7 orders, "), "\(line)")
            #expect(line.hasSuffix("; 3 duplicates left out (held already, same id)"), "\(line)")
        }
    }

    /// Loads the first page, then more until a load fails (or ten went out); returns the
    /// outcomes of the load-mores.
    private func loadUntilAFailure(_ controller: OrderListController) async -> [OrderListController.Outcome] {
        await act(controller) { $0.setupRefreshHeader() }
        var outcomes: [OrderListController.Outcome] = []
        while controller.refreshStatus[0].failure == nil, outcomes.count < 10 {
            outcomes += await act(controller) { $0.loadMore() }
        }
        return outcomes
    }

    @Test func aServerThatRepeatsItsOrdersStopsTheListAfterThreePagesOfNothingNew() async throws {
        // repeat=1: every page after the first brings page 1's orders again and says more follow.
        try await withPagedServer(items: 23, pageSize: 10) { server in
            let controller = try httpController(server.template("repeat=1"))
            let outcomes = await loadUntilAFailure(controller)
            #expect(outcomes.map(\.request.page) == [2, 3, 4])
            #expect(outcomes.map(\.settlement.isApplied) == [true, true, false])
            let failure = try #require(outcomes.last?.settlement.failure)
            #expect(failure.reason == .noProgress)
            #expect(controller.currentItems.map(\.id) == (1...10).map { "all-\($0)" })
            #expect(!controller.refreshStatus[0].noMoreData, "the server says more follow")
            #expect(controller.footer.state == .failed(message: "Loading stopped: the last pages brought nothing new."))
            #expect(controller.listView.toasts == [failure.message])
            #expect(try await server.stats().lastPages == [1, 2, 3, 4])

            // Nothing loads by itself; the user asking again costs one request, refused at once.
            let again = await act(controller) { $0.loadMore() }
            #expect(again.map(\.request.page) == [4])
            #expect(again.first?.settlement.failure?.reason == .noProgress)
            #expect(try await server.stats().lastPages == [1, 2, 3, 4, 4])
        }
    }

    @Test func aFeedWhoseCursorsGoRoundACircleStopsWhereItWouldFollowThemAgain() async throws {
        // loop=1: 23 items, 10 a page: 23...14 (next a), 13...4 (next b), 3...1 (next a again).
        try await withPagedServer(items: 23, pageSize: 10) { server in
            let controller = try httpController(server.feedTemplate("loop=1"))
            let outcomes = await loadUntilAFailure(controller)
            let cursors = outcomes.map(\.request.cursor)
            try #require(cursors.count == 5, "two pages that move the list, then three that follow a cursor again")
            #expect(cursors[0] == cursors[2] && cursors[1] == cursors[3] && cursors[0] == cursors[4], "a, b, a, b, a")
            #expect(outcomes.map(\.settlement.isApplied) == [true, true, true, true, false])
            #expect(outcomes.last?.settlement.failure?.reason == .noProgress)
            #expect(controller.currentItems.map(\.id) == (1...23).reversed().map { "all-\($0)" })
        }
    }

    @Test func theTourOfAServerThatNeverMovesTheListShowsTheFailureAndAsksOnceMorePerTab() async throws {
        try await withPagedServer(items: 23, pageSize: 10) { server in
            let transcript = Transcript()
            let status = await DemoCommand.run(arguments: ["--url", server.template("repeat=1")], io: transcript.io())
            #expect(status == 1, "a load failed")
            let stops = transcript.text.components(separatedBy: "loading stopped. Scrolling down asks once more.")
            #expect(stops.count == 4, "each of the three tabs stops")
            #expect(transcript.text.contains("Loading stopped: the last pages brought nothing new."))
            #expect(transcript.text.contains("load(s) FAILED"))
            // Per tab: the first page, two pages of nothing new, the refused one, and the one asked again;
            // All's first page is asked twice (the first load and the pull to refresh).
            let pages = try await server.stats().lastPages
            #expect(pages == [1, 1, 2, 3, 4, 4, 1, 2, 3, 4, 4, 1, 2, 3, 4, 4])
        }
    }

    @Test func theTourOfAFeedWalksEachTabByCursorThenAsksForNewerRows() async throws {
        try await withPagedServer { server in
            let transcript = Transcript()
            let status = await DemoCommand.run(arguments: ["--url", server.feedTemplate()], io: transcript.io())
            #expect(status == 0)
            #expect(
                transcript.text.contains("paged by cursor ({after}); a list ends where an answer has no nextCursor."))
            #expect(transcript.text.components(separatedBy: "end of list: no next cursor").count == 4, "three tabs")
            #expect(transcript.text.contains("8. Newer rows above Shipped's first page"))
            #expect(transcript.text.contains("nothing newer above"))
            #expect(!transcript.text.contains("FAILED"))
            #expect(transcript.text.contains("Every load succeeded."))
        }
    }

    @Test func theTourOfAShiftingListSaysHowManyDuplicatesItLeftOut() async throws {
        try await withPagedServer { server in
            let transcript = Transcript()
            let status = await DemoCommand.run(arguments: ["--url", server.template("shift=3")], io: transcript.io())
            #expect(status == 0)
            #expect(
                transcript.text.contains(
                    "All page 2 (loadMore #3) applied: +7 orders, 17 in All; 3 duplicates left out"))
            let summary = try #require(transcript.lines.firstIndex(of: "Summary"))
            #expect(
                transcript.lines[(summary + 1)...].prefix(4) == [
                    #"   All      23 orders, page 3, end of list: "No more orders", 6 duplicates left out"#,
                    #"   Unpaid   23 orders, page 3, end of list: "No more unpaid orders", 6 duplicates left out"#,
                    #"   Shipped  23 orders, page 3, end of list: "No more shipped orders", 6 duplicates left out"#,
                    "   Every load succeeded.",
                ])
        }
    }

    @Test func theInteractivePKeyLoadsRowsPublishedAboveTheFirstPageOverHTTP() async throws {
        try await withPagedServer { server in
            let template = try URLTemplate(server.feedTemplate())
            let transcript = Transcript()
            let session = InteractiveSession(
                loader: HTTPOrderLoader(template: template, timeout: 30), tabs: template.tabs,
                policy: template.policy(), identity: .id(), write: transcript.write)
            let controller = session.controller
            @MainActor func settle() async {
                for request in controller.requestsInFlight {
                    await controller.waitUntilSettled(request)
                }
            }
            session.start()
            await settle()
            #expect(controller.currentItems.first?.id == "all-23")
            try await server.control(#"{"publish": 2}"#)
            #expect(session.handle("p"))
            #expect(transcript.lines.contains("   > loadPrevious()"))
            await settle()
            #expect(controller.currentItems.prefix(3).map(\.id) == ["all-25", "all-24", "all-23"])
            #expect(transcript.text.contains("applied: +2 orders above, 12 in All"))
            #expect(session.handle("k"))
            await settle()
            #expect(transcript.text.contains("nothing newer above"))
            #expect(session.handle("k"))
            #expect(transcript.text.contains("nothing requested: nothing comes before the first page"))
        }
    }

    /// Starts an action's requests without waiting for them to settle.
    private func startOnly(
        _ controller: OrderListController,
        _ action: (OrderListController) -> Void
    ) async -> [RefreshRequest] {
        let before = controller.requestsInFlight
        action(controller)
        return controller.requestsInFlight.filter { !before.contains($0) }
    }
}

/// Wraps a loader so that cancelling the caller does not cancel the load: the answer arrives anyway.
@MainActor
private final class ArrivesAnyway: OrderLoader {
    let base: any OrderLoader
    private(set) var pagesReturned = 0

    init(base: any OrderLoader) {
        self.base = base
    }

    func loadPage(_ request: RefreshRequest, of tab: OrderTab) async throws -> RefreshPage<Order> {
        let base = self.base
        let page = try await Task.detached { try await base.loadPage(request, of: tab) }.value
        pagesReturned += 1
        return page
    }
}
