import Refreshable
import Testing

@testable import RefreshableDemoKit

@MainActor
@Suite("The scripted session (swift run refreshable-demo)")
struct ScriptedSessionTests {
    @Test func everyCheckOfTheStoryHolds() async {
        let transcript = Transcript()
        let session = ScriptedSession(seed: 1, write: transcript.write)
        let succeeded = await session.run()
        #expect(succeeded)
        #expect(session.failedChecks.isEmpty)
        #expect(transcript.text.contains("All 13 checks held."))
    }

    @Test func eachTabEndsWithItsOwnNoMoreText() async {
        let transcript = Transcript()
        _ = await ScriptedSession(seed: 1, write: transcript.write).run()
        for title in ["No more orders", "No more unpaid orders", "No more shipped orders"] {
            #expect(transcript.lines.contains { $0.contains("+ footer: \(title)") }, "footer shows \(title)")
        }
        #expect(transcript.text.contains("nothing requested: the list has ended"))
    }

    @Test func eachEndOfListNamesTheSignalThatEndedIt() async {
        let transcript = Transcript()
        _ = await ScriptedSession(seed: 1, write: transcript.write).run()
        let ends = transcript.lines.filter { $0.contains("end of list") && $0.contains("< after") }
        #expect(ends.contains { $0.contains("All page 3") && $0.hasSuffix("end of list: curPage 3 == pageCount 3") })
        #expect(
            ends.contains {
                $0.contains("Shipped page 2") && $0.contains("+10 orders, 20 in Shipped")
                    && $0.hasSuffix("end of list: curPage 2 == pageCount 2 (a full page)")
            }, "Shipped's full last page is ended by curPage == pageCount, not by its length")
        #expect(ends.contains { $0.contains("Unpaid page 1") && $0.hasSuffix("end of list: curPage 1 == pageCount 1") })
    }

    @Test func showsTheFailurePlaceholderTheRetryAndTheToast() async {
        let transcript = Transcript()
        _ = await ScriptedSession(seed: 1, write: transcript.write).run()
        let text = transcript.text
        #expect(text.contains("(placeholder) [ Tap to retry ]"))
        #expect(text.contains("> tap [ Tap to retry ]"))
        #expect(text.contains("toast: the order service is unavailable"))
        #expect(text.contains("Couldn't load more. Pull up to retry."))
        #expect(text.contains("it lands in All while Unpaid is on screen"))
        #expect(text.contains("discarded: a newer request superseded it"))
    }

    @Test func theSameSeedPrintsTheSameSessionAndAnotherSeedOnlyOtherLatencies() async {
        let first = Transcript()
        let second = Transcript()
        let other = Transcript()
        _ = await ScriptedSession(seed: 1, write: first.write).run()
        _ = await ScriptedSession(seed: 1, write: second.write).run()
        let otherSucceeded = await ScriptedSession(seed: 99, write: other.write).run()
        #expect(first.lines == second.lines)
        #expect(otherSucceeded)
        #expect(first.lines != other.lines)
        #expect(first.lines.count == other.lines.count)
    }

    @Test func everyStepHasAHeadingAndPrintsStatuses() async {
        let transcript = Transcript()
        _ = await ScriptedSession(seed: 1, write: transcript.write).run()
        let headings = transcript.lines.filter { $0.first?.isNumber == true }
        #expect(headings.count == 9)
        #expect(headings.last == "9. Refresh where the user is")
        #expect(headings.first == "1. First load")
        #expect(headings.dropFirst().first == "2. Pull to refresh")
        #expect(transcript.lines.contains("     status: hideFooter, beginHeaderRefresh"))
        #expect(transcript.lines.contains("     status: noMoreData"))
    }

    @Test func theConversationPagesByCursorLoadsNewerMessagesAboveAndDropsPagesPastTheCap() async throws {
        let transcript = Transcript()
        let session = ScriptedSession(seed: 1, write: transcript.write)
        _ = await session.run()
        let answers = transcript.lines.filter { $0.contains("< after") && $0.contains("Messages") }
        let expected = [
            "Messages newest page (refresh #1) applied",
            "Messages cursor older:14 (loadMore #2) applied",
            "Messages cursor older:4 (loadMore #3) applied",
            "Messages cursor newer:13 (loadPrevious #4) applied",
            "Messages cursor newer:23 (loadPrevious #5) applied",
        ]
        try #require(answers.count == expected.count)
        for (line, what) in zip(answers, expected) {
            #expect(line.contains(what))
        }
        #expect(answers[2].hasSuffix("10 dropped at the other end (maxPages); end of list: no next cursor"))
        #expect(answers[4].contains("+4 messages above, 14 in Messages; 10 dropped at the other end"))
        let conversation = session.chat.refreshStatus[0]
        #expect(conversation.items.map(\.id) == (14...27).reversed().map { "messages-\($0)" })
        #expect(!conversation.noMoreData)
        #expect(conversation.nextCursor == "older:14", "a load-more would ask for the dropped messages again")
    }

    @Test func theControlAboveTheConversationShowsItsLoadsAndOnlyThere() async throws {
        let transcript = Transcript()
        _ = await ScriptedSession(seed: 1, write: transcript.write).run()
        let lines = transcript.lines
        let conversation = try #require(lines.firstIndex(of: "8. A conversation paged by cursor"))
        #expect(
            !lines[..<conversation].contains { $0.contains("+ above:") || $0.contains("Previous") },
            "page-numbered tabs keep the control above at the start of the list, unseen")
        let after = lines[conversation...]
        #expect(after.contains("     status: beginPreviousLoad"))
        #expect(after.contains("     status: endPreviousLoad"))
        #expect(after.contains("   + above: Scroll up for newer"))
    }

    @Test func theCommandRunsTheSessionAndExitsZero() async {
        let transcript = Transcript()
        let status = await DemoCommand.run(arguments: [], io: transcript.io())
        #expect(status == 0)
        #expect(transcript.lines.first?.hasPrefix("Refreshable demo:") == true)
    }
}
