import Refreshable
import Testing

/// A chat that polls for newer messages above its first page (a load of the previous page under
/// cursor paging): an empty answer that carries a cursor keeps the start open, so the next poll can
/// bring what came since (see the Rules article, Progress).
@Suite("Polling for newer items")
struct PollingTests {
    private let chat = RefreshPolicy(pageSize: 20, paging: .cursors)

    /// A chat whose first page holds two messages and says newer ones are asked for with "since-b".
    private func openChat() throws -> RefreshSources<String> {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: chat)
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(first, with: RefreshPage(items: ["b", "a"], nextCursor: nil, previousCursor: "since-b"))
        return sources
    }

    /// Polls once and answers with `items` and `cursor`; returns the request and its settlement.
    private func poll(
        _ sources: inout RefreshSources<String>,
        answer items: [String],
        cursor: String?
    ) throws -> (request: RefreshRequest, settlement: RefreshSettlement) {
        let request = try started(sources.begin(.loadPrevious, source: 0))
        return (request, sources.succeed(request, with: RefreshPage(items: items, previousCursor: cursor)))
    }

    private func isNoProgress(_ settlement: RefreshSettlement) -> Bool {
        guard case .failed(let failure) = settlement else { return false }
        return failure.reason == .noProgress
    }

    @Test func aChatPollsAgainAfterAnEmptyAnswerAndALaterPollBringsTheNewMessages() throws {
        var sources = try openChat()
        let empty = try poll(&sources, answer: [], cursor: "since-b-2")
        #expect(empty.request.cursor == "since-b")
        #expect(applied(empty.settlement)?.change == .prepended(0..<0))
        #expect(!sources[0].noPreviousData, "an empty answer with a cursor found nothing yet")
        #expect(sources[0].previousCursor == "since-b-2")
        #expect(sources[0].loadPreviousFailure == nil)

        let later = try poll(&sources, answer: ["c"], cursor: "since-c")
        #expect(later.request.cursor == "since-b-2", "the next poll asks with the empty answer's cursor")
        #expect(applied(later.settlement)?.change == .prepended(0..<1))
        #expect(sources[0].items == ["c", "b", "a"])
        #expect(sources[0].previousCursor == "since-c")
        #expect(!sources[0].noPreviousData)
    }

    @Test func emptyPollsWithANewCursorEachTimeAreNeverRefused() throws {
        var sources = try openChat()
        #expect(sources.policy.maxLoadsWithoutProgress == 3)
        for round in 1...10 {
            let empty = try poll(&sources, answer: [], cursor: "since-b-\(round)")
            #expect(applied(empty.settlement) != nil, "poll \(round) is no load without progress")
        }
        #expect(!sources[0].noPreviousData)
        let later = try poll(&sources, answer: ["c"], cursor: "since-c")
        #expect(later.request.cursor == "since-b-10")
        #expect(sources[0].items == ["c", "b", "a"])
    }

    /// A chat server that answers "nothing since" with the cursor it was asked with: every poll
    /// is one request the app asked for, and none may shut polling for good.
    @Test func aChatPollingWithTheSameCursorKeepsPollingAndTheLaterPollBringsTheNewMessage() throws {
        var sources = try openChat()
        #expect(sources.policy.maxLoadsWithoutProgress == 3)
        for round in 1...10 {
            let empty = try poll(&sources, answer: [], cursor: "since-b")
            #expect(empty.request.cursor == "since-b")
            #expect(applied(empty.settlement) != nil, "poll \(round) found nothing yet: no load without progress")
        }
        #expect(sources[0].loadPreviousFailure == nil)
        #expect(!sources[0].noPreviousData)
        let later = try poll(&sources, answer: ["c"], cursor: "since-c")
        #expect(later.request.cursor == "since-b")
        #expect(applied(later.settlement)?.change == .prepended(0..<1))
        #expect(sources[0].items == ["c", "b", "a"])
    }

    @Test func aCircleOfEmptyPollsCostsOneRequestPerPollAndNeverStopsPolling() throws {
        var sources = try openChat()
        for round in 0..<10 {
            let empty = try poll(&sources, answer: [], cursor: round % 2 == 0 ? "since-x" : "since-b")
            #expect(applied(empty.settlement) != nil)
        }
        let later = try poll(&sources, answer: ["c"], cursor: "since-c")
        #expect(applied(later.settlement) != nil)
        #expect(sources[0].items == ["c", "b", "a"])
    }

    /// The start keeps the protection against a server that leads its cursors round a circle while
    /// its pages bring rows: polls that bring rows with a cursor followed before count.
    @Test func pollsThatBringRowsRoundACircleOfCursorsAreStopped() throws {
        var sources = try openChat()
        // since-b → since-x → since-b → …: each answer brings a row, but from the third poll on
        // each asks with a cursor followed before.
        var answered = 0
        var last: RefreshSettlement?
        while answered < 12, !(last.map(isNoProgress) ?? false) {
            last = try poll(&sources, answer: ["m\(answered)"], cursor: answered % 2 == 0 ? "since-x" : "since-b")
                .settlement
            answered += 1
        }
        #expect(last.map(isNoProgress) == true)
        #expect(answered == 2 + sources.policy.maxLoadsWithoutProgress)
        #expect(sources[0].loadPreviousFailure?.reason == .noProgress)
        // An empty poll after the refusal is no load without progress either: the start stays
        // open, and a poll with a cursor not followed before moves the list again.
        let empty = try poll(&sources, answer: [], cursor: "since-new")
        #expect(applied(empty.settlement) != nil)
        let fresh = try poll(&sources, answer: ["n"], cursor: "since-n")
        #expect(fresh.request.cursor == "since-new")
        #expect(applied(fresh.settlement)?.change == .prepended(0..<1))
    }

    @Test func aRefreshAfterTheRefusalLetsTheChatPollAgain() throws {
        var sources = try openChat()
        for answered in 0...(sources.policy.maxLoadsWithoutProgress + 1) {
            _ = try poll(&sources, answer: ["m\(answered)"], cursor: answered % 2 == 0 ? "since-x" : "since-b")
        }
        #expect(sources[0].loadPreviousFailure?.reason == .noProgress)
        let refresh = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(refresh, with: RefreshPage(items: ["c", "b", "a"], previousCursor: "since-c"))
        #expect(sources[0].loadPreviousFailure == nil)
        #expect(applied(try poll(&sources, answer: [], cursor: "since-c").settlement) != nil)
        let fresh = try poll(&sources, answer: ["d"], cursor: "since-d")
        #expect(fresh.request.cursor == "since-c")
        #expect(applied(fresh.settlement)?.change == .prepended(0..<1))
        #expect(sources[0].items.first == "d")
    }

    /// An empty chat: its first refresh finds no messages yet, and says newer ones are asked for
    /// with a cursor. The start stays open, so the chat polls for its first messages.
    @Test func anEmptyRefreshAnswerThatCarriesAPreviousCursorKeepsNewerItemsLoadable() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: chat)
        let refresh = try started(sources.begin(.refresh, source: 0))
        let update = applied(sources.succeed(refresh, with: RefreshPage(items: [], previousCursor: "since-start")))
        #expect(update?.change == .replaced(count: 0))
        #expect(sources[0].noMoreData, "nothing older: the end of the list")
        #expect(!sources[0].noPreviousData, "an empty answer with a cursor found nothing newer yet")
        #expect(sources[0].previousCursor == "since-start")

        let empty = try poll(&sources, answer: [], cursor: "since-start")
        #expect(empty.request.cursor == "since-start")
        #expect(applied(empty.settlement) != nil)
        let first = try poll(&sources, answer: ["a"], cursor: "since-a")
        #expect(first.request.cursor == "since-start")
        #expect(applied(first.settlement)?.change == .prepended(0..<1))
        #expect(sources[0].items == ["a"])
    }

    @Test func anEmptyRefreshAnswerWithoutAPreviousCursorStillEndsTheStart() throws {
        var sources = RefreshSources<String>(noMoreTitles: [""], policy: chat)
        let refresh = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(refresh, with: RefreshPage(items: []))
        #expect(sources[0].noPreviousData)
        #expect(sources.begin(.loadPrevious, source: 0) == .ignored(.nothingLoaded))
    }
}
