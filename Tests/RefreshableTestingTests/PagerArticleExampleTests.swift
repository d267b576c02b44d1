import Foundation
import Refreshable
import RefreshableTesting
import Testing

// The code of the "Stepping through your loader" article
// (RefreshableTesting.docc/SteppingThroughYourLoader.md), copied verbatim apart from its import
// lines, which are gathered above. `pagerArticleCodeBlocksAreCopiedVerbatim` keeps the two in step.

/// What the stub server of the article's tests throws.
enum StubServerError: Error, Equatable {
    case notFound(String)
    case unavailable
}

// MARK: - Your API client over a transport the test replaces

/// The app's feed client; `get` is the network in the app and a stub server in tests.
struct FeedClient: Sendable {
    struct Answer: Decodable {
        let posts: [String]
        let next: String?
        let previous: String?
    }

    let get: @Sendable (String) async throws -> Data

    func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<String> {
        let path = request.cursor.map { "/feed?cursor=\($0)" } ?? "/feed"
        let answer = try JSONDecoder().decode(Answer.self, from: try await get(path))
        return RefreshPage(items: answer.posts, nextCursor: answer.next, previousCursor: answer.previous)
    }
}

// MARK: - Step through it

@Test @MainActor func theFeedPagesBothWaysFromTheMiddle() async throws {
    let server: [String: String] = [
        "/feed": #"{"posts": ["c", "d"], "next": "p3", "previous": "p1"}"#,
        "/feed?cursor=p3": #"{"posts": ["e"], "next": null, "previous": "p2"}"#,
        "/feed?cursor=p1": #"{"posts": ["a", "b"], "next": "p2", "previous": null}"#,
    ]
    let client = FeedClient { path in
        guard let body = server[path] else { throw StubServerError.notFound(path) }
        return Data(body.utf8)
    }
    let sources = RefreshSources<String>(noMoreTitles: ["No more posts"], policy: RefreshPolicy(paging: .cursors))
    let pager = TestPager(sources, loadPage: client.loadPage)

    await pager.refresh()
    #expect(pager.items == ["c", "d"])
    #expect(!pager.state.noMoreData && !pager.state.noPreviousData)

    await pager.loadMore()
    #expect(pager.items == ["c", "d", "e"])
    #expect(pager.state.noMoreData)  // no `next`: the list has ended

    await pager.loadPrevious()
    #expect(pager.pages.map(\.items) == [["a", "b"], ["c", "d"], ["e"]])
    #expect(pager.state.noPreviousData)
    #expect(await pager.loadMore() == .notStarted(.noMoreData))  // asks the server nothing
}

@Test @MainActor func aServerErrorCommitsNothing() async throws {
    let client = FeedClient { _ in throw StubServerError.unavailable }
    let pager = TestPager(RefreshSources<String>(noMoreTitles: [""]), loadPage: client.loadPage)

    let result = await pager.refresh()
    #expect(result.failure?.underlyingError as? StubServerError == .unavailable)
    #expect(pager.items.isEmpty && !pager.state.hasLoaded)
}

// MARK: - The article and this file agree

@Test func pagerArticleCodeBlocksAreCopiedVerbatim() throws {
    let here = URL(fileURLWithPath: #filePath)
    let article = here.deletingLastPathComponent().appendingPathComponent(
        "../../Sources/RefreshableTesting/RefreshableTesting.docc/SteppingThroughYourLoader.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    let file = try String(contentsOf: here, encoding: .utf8)
    let blocks = text.components(separatedBy: "```swift\n").dropFirst().map {
        String($0.components(separatedBy: "```")[0])
    }
    #expect(blocks.count == 3)
    for block in blocks {
        #expect(file.contains(block), "not copied verbatim into PagerArticleExampleTests.swift:\n\(block)")
    }
}
