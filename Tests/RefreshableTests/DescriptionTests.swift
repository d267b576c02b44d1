import Refreshable
import Testing

/// Printing a state, a page, a policy or the sources shows the names a caller reads, never their
/// storage (`_page`, `FailureBox`, `storedPageSize`, `PageCursors`).
@Suite struct DescriptionTests {
    /// Sources with a loaded first page of three items and a refused second page: a refusal with
    /// its reason, held as the source's failure.
    private func sourcesWithARefusedPage() throws -> RefreshSources<String> {
        var sources = RefreshSources<String>(noMoreTitles: ["No more orders"], policy: RefreshPolicy(pageSize: 3))
        let first = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(first, with: RefreshPage(items: ["a", "b", "c"], curPage: 1, pageCount: 4))
        let more = try started(sources.begin(.loadMore, source: 0))
        _ = sources.succeed(more, with: RefreshPage(items: ["d"], curPage: 2, pageCount: 0))
        return sources
    }

    @Test func aStatePrintsItsFieldsByTheirPublicNames() throws {
        let state = try sourcesWithARefusedPage()[0]
        #expect(
            String(describing: state)
                == "RefreshState(page: 1, isLoading: false, noMoreData: false, noMoreTitle: \"No more orders\", "
                + "items: 3, failure: loadMore(source: 0, page: 2, #2): The server's answer was refused: "
                + "pageCount is 0, but a list has at least one page.)")
    }

    @Test func aStatesDebugDescriptionListsItsItems() throws {
        let state = try sourcesWithARefusedPage()[0]
        let text = String(reflecting: state)
        #expect(text.contains("items: [a, b, c]"))
        #expect(text.contains("hasLoaded: true"))
        #expect(text.contains("loadMoreFailure: loadMore(source: 0, page: 2, #2)"))
        #expect(!text.contains("_"))
    }

    @Test func dumpingAStateShowsNoStorage() throws {
        var text = ""
        dump(try sourcesWithARefusedPage()[0], to: &text)
        for name in ["page: 1", "noMoreTitle: \"No more orders\"", "failure:", "nonPositivePageCount: 0"] {
            #expect(text.contains(name), "\(name) missing from:\n\(text)")
        }
        for storage in ["_page", "FailureBox", "_items", "_failure", "describedMessage"] {
            #expect(!text.contains(storage), "\(storage) in:\n\(text)")
        }
    }

    @Test func sourcesPrintThePolicyAndEachSourceOnALine() throws {
        let text = String(describing: try sourcesWithARefusedPage())
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines.first
                == "RefreshSources(RefreshPolicy(pageSize: 3, firstPage: 1, conflictRule: refreshWins), 1 source(s))")
        #expect(lines.last?.hasPrefix("  [0] RefreshState(page: 1,") == true)
        var dumped = ""
        dump(try sourcesWithARefusedPage(), to: &dumped)
        #expect(!dumped.contains("storedPageSize"))
        #expect(!dumped.contains("lastGeneration"))
    }

    @Test func aPolicyPrintsWhatDiffersFromTheDefaults() {
        #expect(
            String(describing: RefreshPolicy(pageSize: 20, firstPage: 0, curPageOffset: 1, maxPages: 5))
                == "RefreshPolicy(pageSize: 20, firstPage: 0, conflictRule: refreshWins, curPageOffset: 1, maxPages: 5)"
        )
    }

    @Test func aPagePrintsItsSignals() {
        let page = RefreshPage(items: ["a", "b"], curPage: 2, pageCount: 5, nextCursor: "c3")
        #expect(String(describing: page) == "RefreshPage(items: 2, curPage: 2, pageCount: 5, nextCursor: \"c3\")")
        var dumped = ""
        dump(page, to: &dumped)
        #expect(!dumped.contains("PageCursors"))
        #expect(dumped.contains("nextCursor: \"c3\""))
    }

    @Test func aRequestDumpsItsCursorNotItsBox() {
        var dumped = ""
        dump(RefreshRequest(source: 1, page: 2, kind: .loadMore, generation: 3, cursor: "c2"), to: &dumped)
        #expect(dumped.contains("cursor: \"c2\""))
        #expect(!dumped.contains("CursorBox"))
    }
}
