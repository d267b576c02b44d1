import Foundation
import Refreshable
import Testing

@testable import RefreshableDemoKit

/// `--state-file`: the interactive demo saves its list on quitting and shows it again at once at
/// the next start, refreshing it behind the rows.
@MainActor
@Suite("The demo's --state-file", .timeLimit(.minutes(1)))
struct StateFileTests {
    private func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("refreshable-demo-\(UUID().uuidString).json").path
    }

    @Test func theOptionNeedsInteractiveAndAPath() throws {
        #expect(try DemoOptions.parse(["-i", "--state-file", "orders.json"]).stateFile == "orders.json")
        #expect(try DemoOptions.parse(["--interactive", "--state-file=orders.json"]).stateFile == "orders.json")
        #expect(throws: DemoOptions.UsageError.self) { try DemoOptions.parse(["--state-file", "orders.json"]) }
        #expect(throws: DemoOptions.UsageError.self) { try DemoOptions.parse(["-i", "--state-file", ""]) }
        #expect(DemoOptions.helpText.contains("--state-file PATH"))
    }

    @Test func aSavedListShowsAtOnceAtTheNextStartAndRefreshesBehindItsRows() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }

        // The first run: load two pages, quit.
        let api = EmbeddedOrderAPI(timing: .manual)
        let first = InteractiveSession(loader: api, write: Transcript().write)
        first.stateFile = StateFile(path: path)
        first.start()
        await answerInFlight(api, first.controller)
        #expect(first.handle("m"))
        await answerInFlight(api, first.controller)
        #expect(first.controller.currentItems.count == 20)
        let (lines, input) = AsyncStream<String>.makeStream()
        input.yield("q")
        input.finish()
        await first.run(lines: lines)  // starts again (loaded already: no load), then quits and saves
        #expect(FileManager.default.fileExists(atPath: path))

        // The next run: the 20 rows before any answer, and a refresh behind them.
        let nextAPI = EmbeddedOrderAPI(timing: .manual)
        let transcript = Transcript()
        let next = InteractiveSession(loader: nextAPI, write: transcript.write)
        next.stateFile = StateFile(path: path)
        next.start()
        #expect(next.controller.currentItems.count == 20, "the restored rows are not on the first screen")
        #expect(transcript.text.contains("Restored 20 row(s) from \(path)"))
        #expect(next.controller.requestsInFlight.map(\.kind) == [.refresh])
        #expect(next.controller.refreshStatus[0].page == 2, "the saved position was lost")
        await answerInFlight(nextAPI, next.controller)
        #expect(next.controller.currentItems.count == 10)
    }

    @Test func aDamagedStateFileIsRefusedWithItsReasonAndTheListLoadsAfresh() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"{"formatVersion": 99}"#.utf8).write(to: URL(fileURLWithPath: path))
        let api = EmbeddedOrderAPI(timing: .manual)
        let transcript = Transcript()
        let session = InteractiveSession(loader: api, write: transcript.write)
        session.stateFile = StateFile(path: path)
        session.start()
        #expect(transcript.text.contains("was refused: The saved list is in format 99"))
        #expect(session.controller.currentItems.isEmpty)
        await answerInFlight(api, session.controller)
        #expect(session.controller.currentItems.count == 10)
    }
}
