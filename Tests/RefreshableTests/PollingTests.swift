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

    @Test func aServerThatHandsBackTheSameCursorIsStoppedAndEachPollAfterCostsOneRequest() throws {
        var sources = try openChat()
        // The first poll with "since-b" is new; each later one asks with a cursor followed before.
        #expect(applied(try poll(&sources, answer: [], cursor: "since-b").settlement) != nil)
        #expect(applied(try poll(&sources, answer: [], cursor: "since-b").settlement) != nil)
        #expect(applied(try poll(&sources, answer: [], cursor: "since-b").settlement) != nil)
        let stopped = try poll(&sources, answer: [], cursor: "since-b")
        #expect(isNoProgress(stopped.settlement))
        #expect(sources[0].loadPreviousFailure?.reason == .noProgress)
        #expect(!sources[0].noPreviousData)

        // An explicit poll after that asks once more, and is refused until one moves the list.
        let again = try poll(&sources, answer: [], cursor: "since-b")
        #expect(again.request.cursor == "since-b")
        #expect(isNoProgress(again.settlement))
        #expect(sources[0].items == ["b", "a"])
    }

    @Test func cursorsThatGoRoundACircleOfEmptyPollsAreStopped() throws {
        var sources = try openChat()
        var answered = 0
        var last: RefreshSettlement?
        // since-b → since-x → since-b → …: the polls that ask with a followed cursor count, and the
        // third of them is refused.
        while answered < 10, !(last.map(isNoProgress) ?? false) {
            last = try poll(&sources, answer: [], cursor: answered % 2 == 0 ? "since-x" : "since-b").settlement
            answered += 1
        }
        #expect(last.map(isNoProgress) == true)
        #expect(answered == 2 + sources.policy.maxLoadsWithoutProgress)
    }

    @Test func aRefreshAfterTheRefusalLetsTheChatPollAgain() throws {
        var sources = try openChat()
        for _ in 0...sources.policy.maxLoadsWithoutProgress {
            _ = try poll(&sources, answer: [], cursor: "since-b")
        }
        #expect(sources[0].loadPreviousFailure?.reason == .noProgress)
        let refresh = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(refresh, with: RefreshPage(items: ["c", "b", "a"], previousCursor: "since-c"))
        #expect(sources[0].loadPreviousFailure == nil)
        #expect(applied(try poll(&sources, answer: [], cursor: "since-c").settlement) != nil)
        let fresh = try poll(&sources, answer: ["d"], cursor: "since-d")
        #expect(fresh.request.cursor == "since-c")
        #expect(applied(fresh.settlement)?.change == .prepended(0..<1))
        #expect(sources[0].items == ["d", "c", "b", "a"])
    }
}
