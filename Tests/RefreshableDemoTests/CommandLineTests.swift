import Foundation
import Refreshable
import Testing

@testable import RefreshableDemoKit

@Suite("Command line, URL template and HTTP decoding")
struct CommandLineTests {
    @Test func noArgumentsRunsTheScriptedSession() throws {
        let options = try DemoOptions.parse([])
        #expect(options.mode == .scripted)
        #expect(options.seed == 1)
    }

    @Test func urlRunsTheTourAndInteractiveWinsOverIt() throws {
        let tour = try DemoOptions.parse(["--url", "http://127.0.0.1:8080/list/{page}?tab={tab}"])
        #expect(tour.mode == .httpTour)
        #expect(tour.url?.expand(page: 2, tab: "unpaid") == "http://127.0.0.1:8080/list/2?tab=unpaid")
        let interactive = try DemoOptions.parse(["--url=http://h/{page}", "-i", "--seed", "7", "--timeout", "2.5"])
        #expect(interactive.mode == .interactive)
        #expect(interactive.seed == 7)
        #expect(interactive.timeout == 2.5)
        #expect(interactive.url?.expand(page: 10, tab: "all") == "http://h/10")
    }

    @Test func helpStopsParsing() throws {
        #expect(try DemoOptions.parse(["--seed", "3", "--help", "--bogus"]).mode == .help)
        #expect(try DemoOptions.parse(["-h"]).mode == .help)
        for word in ["--url", "--interactive", "--seed", "--timeout", "{page}", "{tab}", "curPage == pageCount"] {
            #expect(DemoOptions.helpText.contains(word), "help mentions \(word)")
        }
    }

    @Test(arguments: [
        (["--bogus"], "unknown argument"),
        (["--url"], "needs a value"),
        (["--url", "http://127.0.0.1/list"], "{page}"),
        (["--url", "ftp://h/{page}"], "http://"),
        (["--seed", "x"], "whole number"),
        (["--timeout", "0"], "positive"),
    ])
    func badUsageSaysWhatToFix(arguments: [String], fragment: String) {
        #expect {
            try DemoOptions.parse(arguments)
        } throws: { error in
            "\(error)".contains(fragment)
        }
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080/list/{page}?tab={tab} ", "a space at character 44 of", "write it as %20"),
        ("http://127.0.0.1 :8080/list/{page}", "a space at character 17 of", "write it as %20"),
        ("http://h/list/{page}\t", "a tab or line break at character 21", "remove it"),
        (
            "http://h/list/{page}?tab={tabs}", "'{' at character 26",
            "the only placeholders are {page}, {tab}, {after} and {before}"
        ),
        ("http://h/list/{page}?q=a|b", "'|' at character 25", "write it as %7C"),
        ("http://h/list/{page}/é", "'é' at character 22", "write it as %C3%A9"),
        ("http://h/list/{page}?q=%zz", "a '%' that starts no %XX escape at character 24", "write a literal % as %25"),
        ("http:///list/{page}", "--url has no host", "e.g. 'http://127.0.0.1:8080/list/{page}?tab={tab}'"),
        ("http://h:99999/list/{page}", "port 99999", "1...65535"),
        ("http://h:0/list/{page}", "port 0", "1...65535"),
    ])
    func anInvalidURLIsRefusedWhenTheOptionsAreParsed(url: String, what: String, fix: String) {
        #expect {
            try DemoOptions.parse(["--url", url])
        } throws: { error in
            "\(error)".contains(what) && "\(error)".contains(fix)
        }
    }

    @Test func aURLWithEscapesAndReservedCharactersIsAccepted() throws {
        let options = try DemoOptions.parse(["--url", "https://[::1]:8443/a%20b/{page}?tab={tab}&q=x,y;z=(1)!*'~$@:"])
        #expect(options.url?.expand(page: 2, tab: "all") == "https://[::1]:8443/a%20b/2?tab=all&q=x,y;z=(1)!*'~$@:")
    }

    @Test func aURLWithoutTabNamesOneListAndSaysHowToGetTheTabs() throws {
        let single = try URLTemplate("http://127.0.0.1:8080/list/{page}")
        #expect(single.tabs == [.all])
        #expect(single.singleListNote?.contains("the URL has no {tab}") == true)
        let tabbed = try URLTemplate("http://127.0.0.1:8080/list/{page}?tab={tab}")
        #expect(tabbed.tabs == OrderTab.standard)
        #expect(tabbed.singleListNote == nil)
    }

    @MainActor
    @Test func aURLWithASpaceFailsOnceAtStartWithExitTwo() async {
        let transcript = Transcript()
        let url = "http://127.0.0.1:8080/list/{page}?tab={tab} "
        #expect(await DemoCommand.run(arguments: ["--url", url], io: transcript.io()) == 2)
        #expect(
            transcript.lines == [
                "stderr: refreshable-demo: --url has a space at character 44 of '\(url)', which a URL cannot hold; "
                    + "remove it, or write it as %20"
            ], "one message, before any request")
    }

    @MainActor
    @Test func badUsageAndInteractiveWithoutATerminalExitTwo() async {
        let usage = Transcript()
        #expect(await DemoCommand.run(arguments: ["--nope"], io: usage.io()) == 2)
        #expect(usage.lines == ["stderr: refreshable-demo: unknown argument '--nope'; see --help"])

        let interactive = Transcript()
        #expect(await DemoCommand.run(arguments: ["--interactive"], io: interactive.io(stdinIsTerminal: false)) == 2)
        #expect(interactive.text.contains("stdin is not one"))

        let help = Transcript()
        #expect(await DemoCommand.run(arguments: ["--help"], io: help.io()) == 0)
        #expect(help.text.hasPrefix("refreshable-demo:"))
    }

    // MARK: Paging by cursor

    @Test func aURLWithAfterAndBeforePagesByCursorAndCanLoadNewerRows() throws {
        let options = try DemoOptions.parse([
            "--url", "http://127.0.0.1:8080/feed?tab={tab}&after={after}&before={before}",
        ])
        #expect(options.mode == .httpTour)
        let template = try #require(options.url)
        #expect(template.paging == .cursors)
        #expect(template.policy().paging == .cursors)
        #expect(template.canLoadPrevious)
        #expect(template.noPreviousNote == nil)
        #expect(template.tabs == OrderTab.standard)
        let numbered = try URLTemplate("http://127.0.0.1:8080/list/{page}?tab={tab}")
        #expect(numbered.paging == .pageNumbers)
        #expect(numbered.policy(pageSize: 7) == RefreshPolicy(pageSize: 7))
        let withoutBefore = try URLTemplate("http://h/feed?after={after}")
        #expect(!withoutBefore.canLoadPrevious)
        #expect(withoutBefore.noPreviousNote?.contains("Add '&before={before}'") == true)
        #expect(withoutBefore.singleListNote?.contains("'.../feed?tab={tab}&after={after}'") == true)
    }

    @Test func aCursorRequestFillsItsOwnQueryItemAndLeavesOutTheOthers() throws {
        let template = try URLTemplate("http://h:8080/feed?tab={tab}&after={after}&limit=5&before={before}#top")
        let refresh = RefreshRequest(source: 0, page: 1, kind: .refresh, generation: 1)
        #expect(template.expand(refresh, tab: "all") == "http://h:8080/feed?tab=all&limit=5#top")
        let more = RefreshRequest(source: 0, page: 2, kind: .loadMore, generation: 2, cursor: "aWQ6NA==")
        #expect(template.expand(more, tab: "unpaid") == "http://h:8080/feed?tab=unpaid&after=aWQ6NA%3D%3D&limit=5#top")
        let previous = RefreshRequest(source: 0, page: 0, kind: .loadPrevious, generation: 3, cursor: "a+b/c d")
        #expect(template.expand(previous, tab: "all") == "http://h:8080/feed?tab=all&limit=5&before=a%2Bb%2Fc%20d#top")
        let onlyCursors = try URLTemplate("http://h/feed?after={after}")
        #expect(onlyCursors.expand(refresh, tab: "all") == "http://h/feed", "no query left, no '?'")
        let numbered = try URLTemplate("http://h/list/{page}?tab={tab}")
        #expect(numbered.expand(more, tab: "all") == "http://h/list/2?tab=all", "page numbers ignore the cursor")
    }

    @Test(arguments: [
        ("http://h/list/{page}?after={after}", "by number ({page}) or by cursor ({after}, {before}), not both"),
        ("http://h/feed?before={before}", "has {before} but no {after}"),
        ("http://h/feed/{after}", "write it as a query item's whole value, e.g. 'after={after}'"),
        ("http://h/feed?after=x{after}", "write it as a query item's whole value"),
        ("http://h/feed?after={after}&before=v-{before}", "e.g. 'before={before}'"),
        ("http://h/feed?={after}", "write it as a query item's whole value"),
        ("http://h/feed?after={after}#{before}", "{before} where it cannot be left out"),
        ("http://h/feed", "or {after} for a cursor"),
    ])
    func aCursorTemplateThatCannotWorkIsRefusedWhenTheOptionsAreParsed(url: String, fragment: String) {
        #expect {
            try DemoOptions.parse(["--url", url])
        } throws: { error in
            "\(error)".contains(fragment)
        }
    }

    @Test func helpShowsCursorPagingTheShiftingListAndThePreviousPageKeys() {
        for word in [
            "{after}", "{before}", "nextCursor", "previousCursor", "/feed?tab={tab}&after={after}&before={before}",
            "shift=3", "p or k", "load the previous page", "told apart by id",
        ] {
            #expect(DemoOptions.helpText.contains(word), "help mentions \(word)")
        }
    }

    @Test func aCursorPageCarriesItsCursorsAndAnEmptyCursorIsNone() throws {
        let json = #"""
            {"items":[{"id":"all-23","title":"All post #23"}],"nextCursor":"aWQ6MjM=","previousCursor":""}
            """#
        let page = try HTTPOrderLoader.decodeCursorPage(Data(json.utf8), status: 200, path: "/feed")
        #expect(page.items == [Order(id: "all-23", title: "All post #23")])
        #expect(page.nextCursor == "aWQ6MjM=")
        #expect(page.previousCursor == nil)
        let last = try HTTPOrderLoader.decodeCursorPage(
            Data(#"{"items":[],"nextCursor":null}"#.utf8), status: 200, path: "/feed")
        #expect(last.items.isEmpty && last.nextCursor == nil && last.previousCursor == nil)
    }

    @Test(arguments: [
        (
            400, #"{"errorCode":400,"errorMsg":"after is not a cursor of this server: 'x'"}"#,
            "HTTP 400 (after is not a cursor of this server: 'x') for /feed"
        ),
        (200, #"{"items":[{"id":"a","title":"t"}],"nextCurs"#, "malformed JSON for /feed"),
        (200, "", "empty response body for /feed"),
        (200, #"{"errorCode":0,"data":{"curPage":1,"pageCount":1,"datas":[]}}"#, #"no "items" at the top level"#),
    ])
    func aBadCursorAnswerThrowsAnErrorThatSaysWhich(status: Int, body: String, message: String) {
        #expect {
            try HTTPOrderLoader.decodeCursorPage(Data(body.utf8), status: status, path: "/feed")
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func replacingAllReplacesEveryOccurrence() {
        #expect("{page}/{page}?t={tab}".replacingAll("{page}", with: "3") == "3/3?t={tab}")
        #expect("none".replacingAll("{page}", with: "3") == "none")
    }

    // MARK: HTTP decoding

    @Test func aPageCarriesCurPagePageCountAndTotal() throws {
        let json = #"""
            {"errorCode":0,"errorMsg":"","data":{"curPage":2,"pageCount":3,"size":10,"total":23,"over":false,
             "datas":[{"id":"all-11","title":"All order #11"}]}}
            """#
        let page = try HTTPOrderLoader.decodePage(Data(json.utf8), status: 200, path: "/list/2")
        #expect(page.items == [Order(id: "all-11", title: "All order #11")])
        #expect(page.curPage == 2)
        #expect(page.pageCount == 3)
        #expect(page.totalCount == 23)
        #expect(page.hasMore == nil, "the end of the list comes from curPage == pageCount, not `over`")
    }

    @Test(arguments: [
        (500, #"{"errorCode":500,"errorMsg":"injected server error"}"#, "HTTP 500 (injected server error) for /list/1"),
        (200, #"{"errorCode":0,"data":{"curPage":1,"pageCou"#, "malformed JSON for /list/1"),
        (200, "", "empty response body for /list/1"),
        (200, #"{"errorCode":7,"errorMsg":"not logged in"}"#, "server error 7 (not logged in) for /list/1"),
        (200, #"{"errorCode":0,"errorMsg":""}"#, #"the answer for /list/1 has no "data""#),
        (200, #"{"errorCode":0,"data":{"curPage":1,"datas":[]}}"#, #"no "pageCount""#),
    ])
    func aBadAnswerThrowsAnErrorThatSaysWhich(status: Int, body: String, message: String) {
        #expect {
            try HTTPOrderLoader.decodePage(Data(body.utf8), status: status, path: "/list/1")
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test(arguments: [
        (URLError.Code.timedOut, "the request timed out after 2.5 s"),
        (.cannotConnectToHost, "could not connect to 127.0.0.1:8080 (is the server running?)"),
        (.cannotFindHost, "could not find the host 127.0.0.1"),
        (.networkConnectionLost, "the connection to 127.0.0.1:8080 was lost before the answer came"),
        (.notConnectedToInternet, "this machine is not connected to a network"),
        (.badServerResponse, "127.0.0.1:8080 did not answer with valid HTTP"),
        (.secureConnectionFailed, "could not make a secure connection to 127.0.0.1:8080"),
    ])
    func aTransportFailureIsWordedNotNumbered(code: URLError.Code, message: String) throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080/list/1?tab=all"))
        for error in [URLError(code) as any Error, NSError(domain: NSURLErrorDomain, code: code.rawValue)] {
            let text = HTTPOrderLoader.describeTransportError(error, url: url, timeout: 2.5)
            #expect(text == message)
            #expect(!text.contains("\(code.rawValue)"), "no NSURLError code such as -1001")
            #expect(!text.contains("NSURLErrorDomain"))
        }
    }

    @Test func aTransportFailureNamesTheDefaultPortAndWholeSeconds() throws {
        let url = try #require(URL(string: "https://example.test/list/1"))
        #expect(
            HTTPOrderLoader.describeTransportError(URLError(.cannotConnectToHost), url: url, timeout: 10)
                == "could not connect to example.test:443 (is the server running?)")
        #expect(
            HTTPOrderLoader.describeTransportError(URLError(.timedOut), url: url, timeout: 10)
                == "the request timed out after 10 s")
    }
}

@MainActor
@Suite("Interactive mode's keys")
struct InteractiveTests {
    @Test func keysMapToCommands() {
        typealias Command = InteractiveSession.Command
        #expect(Command(line: "r") == .refresh)
        #expect(Command(line: " M ") == .loadMore)
        #expect(Command(line: "j") == .loadMore)
        #expect(Command(line: "p") == .loadPrevious)
        #expect(Command(line: " K ") == .loadPrevious)
        #expect(Command(line: "2") == .tab(1))
        #expect(Command(line: "t") == .retry)
        #expect(Command(line: "f") == .toggleFailures)
        #expect(Command(line: "o") == .toggleOffline)
        #expect(Command(line: "w") == .wake)
        #expect(Command(line: "q") == .quit)
        #expect(Command(line: "") == .nothing)
        #expect(Command(line: "0") == .unknown("0"))
        #expect(Command(line: "zz") == .unknown("zz"))
    }

    @Test func keysDriveTheControllerAndTheFailureSwitch() async {
        let api = EmbeddedOrderAPI(timing: .manual)
        let transcript = Transcript()
        let session = InteractiveSession(loader: api, write: transcript.write)
        let controller = session.controller

        session.start()
        await answerInFlight(api, controller)
        #expect(controller.currentItems.count == 10)
        #expect(session.handle("m"))
        await answerInFlight(api, controller)
        #expect(controller.currentItems.count == 20)

        #expect(session.handle("f"))
        #expect(session.faults.failsEverything)
        #expect(session.handle("3"))
        await answerInFlight(api, controller)
        #expect(controller.currentIndex == 2)
        #expect(controller.listView.placeholder != nil)

        #expect(session.handle("f"))
        #expect(session.handle("t"))
        await answerInFlight(api, controller)
        #expect(controller.listView.placeholder == nil)
        #expect(controller.currentItems.count == 10)

        #expect(session.handle("9"))
        #expect(transcript.text.contains("There is no tab 9"))
        #expect(!session.handle("q"))
    }

    @Test func theOfflineKeyFailsLoadsAtOnceAndReconnectingLoadsWhatFailed() async {
        let api = EmbeddedOrderAPI(timing: .manual)
        let transcript = Transcript()
        let session = InteractiveSession(loader: api, write: transcript.write)
        let controller = session.controller
        session.start()
        await answerInFlight(api, controller)
        #expect(session.handle("o"))
        #expect(controller.refreshStatus.isOffline)
        #expect(transcript.text.contains("o offline ON"))
        #expect(session.handle("m"))
        #expect(controller.requestsInFlight.isEmpty, "a load reached the server while offline")
        #expect(controller.refreshStatus[0].loadMoreFailure?.reason == .offline)
        #expect(transcript.text.contains("the list is offline, so the load failed at once"))
        #expect(controller.currentItems.count == 10)
        #expect(session.handle("o"))
        #expect(!controller.refreshStatus.isOffline)
        #expect(controller.requestsInFlight.map(\.kind) == [.loadMore], "reconnecting did not load what failed")
        await answerInFlight(api, controller)
        #expect(controller.currentItems.count == 20)
    }

    @Test func theSendKeyShowsAnOrderPendingThroughARefreshInFlightUntilARefreshBringsIt() async {
        let api = EmbeddedOrderAPI(timing: .manual)
        let transcript = Transcript()
        let session = InteractiveSession(loader: api, identity: .id(), write: transcript.write)
        let controller = session.controller
        session.start()
        await answerInFlight(api, controller)
        // A refresh asked for before the order is sent: its answer does not have it.
        #expect(session.handle("r"))
        #expect(controller.requestsInFlight.map(\.kind) == [.refresh])
        for request in controller.requestsInFlight {
            await api.waitForArrival(of: request)
        }
        #expect(session.handle("n"))
        #expect(controller.currentItems.first?.id == "all-new-1")
        #expect(transcript.text.contains("all-new-1   All sent from here #1  (sending...)"))
        await answerInFlight(api, controller)
        #expect(controller.currentItems.map(\.id).prefix(2) == ["all-new-1", "all-1"], "the sent order vanished")
        #expect(controller.isPending(id: "all-new-1"))
        // The next refresh brings it: the server's row replaces the pending one, once.
        #expect(session.handle("r"))
        await answerInFlight(api, controller)
        #expect(controller.currentItems.map(\.id).prefix(2) == ["all-new-1", "all-1"])
        #expect(controller.currentItems.filter { $0.id == "all-new-1" }.count == 1)
        #expect(!controller.isPending(id: "all-new-1"))
        #expect(transcript.text.contains("n send"))
    }

    @Test func theWakeKeyRefreshesOnlyAStaleTab() async {
        let api = EmbeddedOrderAPI(timing: .manual)
        let transcript = Transcript()
        let session = InteractiveSession(loader: api, write: transcript.write)
        let controller = session.controller
        session.start()
        await answerInFlight(api, controller)
        #expect(session.handle("w"))
        #expect(controller.requestsInFlight.isEmpty, "a tab that just refreshed refreshed again")
        #expect(transcript.text.contains("less than 30 s"))
    }

    @Test func switchingBackToATabWhoseListHasEndedSaysSoWithoutMentioningLoadMore() async {
        // All has 5 orders: its first page ends its list.
        let api = EmbeddedOrderAPI(orderCounts: ["all": 5, "unpaid": 7, "shipped": 20], timing: .manual)
        let transcript = Transcript()
        let session = InteractiveSession(loader: api, write: transcript.write)
        let controller = session.controller
        session.start()
        await answerInFlight(api, controller)
        #expect(controller.refreshStatus[0].noMoreData)
        #expect(session.handle("2"))
        await answerInFlight(api, controller)

        let before = transcript.lines.count
        #expect(session.handle("1"))
        let switchBack = transcript.lines.dropFirst(before)
        #expect(
            Array(switchBack.prefix(2)) == [
                "   > switchSource(to: 0)  // All",
                #"     nothing requested: All is shown; its list has ended: "No more orders""#,
            ])
        #expect(switchBack.contains { $0.contains("+ footer: No more orders") })
        #expect(!switchBack.contains { $0.contains("load-more") || $0.contains("loadMore") })
    }

    @Test func switchingToATabThatHasLoadedBeforeSaysWhatItShows() async {
        let api = EmbeddedOrderAPI(timing: .manual)
        let session = InteractiveSession(loader: api, write: { _ in })
        let controller = session.controller
        session.start()
        for request in controller.requestsInFlight {
            await api.waitForArrival(of: request)
        }
        #expect(session.narrator.whatASwitchShows(0).hasPrefix("All is already on screen; All page 1 (refresh #"))
        while let delivery = api.deliverNext() {
            await controller.waitUntilSettled(delivery.request)
        }
        #expect(session.narrator.whatASwitchShows(0) == "All is already on screen as it was: 10 orders, page 1")
        #expect(session.narrator.whatASwitchShows(1) == "Unpaid is shown; nothing has loaded yet")
    }

    @Test func withOneListThereIsNoSecondTab() async {
        let api = EmbeddedOrderAPI(timing: .manual)
        let transcript = Transcript()
        let session = InteractiveSession(loader: api, tabs: [.all], write: transcript.write)
        session.start()
        #expect(session.keysLine.contains("| 1 All |"))
        #expect(session.handle("2"))
        #expect(transcript.lines.last == "There is no tab 2; there is only one list.")
        #expect(session.controller.currentIndex == 0)
    }

    @Test func thePreviousPageKeysAreInTheKeyLineAndRefuseOnThePageNumberedFirstPage() async {
        let api = EmbeddedOrderAPI(timing: .manual)
        let transcript = Transcript()
        let session = InteractiveSession(loader: api, write: transcript.write)
        #expect(session.keysLine.contains("| p/k load previous |"))
        session.start()
        await answerInFlight(api, session.controller)
        let before = transcript.lines.count
        #expect(session.handle("p"))
        #expect(
            Array(transcript.lines.dropFirst(before).prefix(2)) == [
                "   > loadPrevious()", "     nothing requested: the first page is on screen; nothing comes before it",
            ])
        #expect(api.pendingCount == 0)
    }

    @Test func thePKeyLoadsNewerMessagesAboveAConversationPagedByCursor() async {
        let api = EmbeddedOrderAPI(timing: .manual)
        let transcript = Transcript()
        let session = InteractiveSession(
            loader: api, tabs: [.messages], policy: RefreshPolicy(pageSize: api.pageSize, paging: .cursors),
            write: transcript.write)
        let controller = session.controller
        session.start()
        await answerInFlight(api, controller)
        #expect(controller.currentItems.first?.id == "messages-23")
        api.publish(2, to: .messages)
        #expect(session.handle("k"))
        await answerInFlight(api, controller)
        #expect(controller.currentItems.prefix(3).map(\.id) == ["messages-25", "messages-24", "messages-23"])
        #expect(transcript.text.contains("Messages cursor newer:23 (loadPrevious #"))
        #expect(transcript.text.contains("applied: +2 messages above, 12 in Messages"))
        #expect(session.handle("p"))
        await answerInFlight(api, controller)
        #expect(transcript.text.contains("applied: nothing newer above; the start of the list until the next refresh"))
        #expect(session.handle("p"))
        #expect(
            transcript.lines.contains { $0.hasPrefix("     nothing requested: nothing comes before the first page") })
    }

    @Test func theCommandRunsInteractiveModeFromATerminal() async {
        let transcript = Transcript()
        let status = await DemoCommand.run(
            arguments: ["--interactive"],
            io: transcript.io(stdinIsTerminal: true, input: ["s", "h", "q"])
        )
        #expect(status == 0)
        #expect(transcript.text.contains("keys: r refresh"))
        #expect(transcript.lines.last == "Bye.")
    }
}
