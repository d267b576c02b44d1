import Refreshable

// ios-typecheck: iOS 13
// Mirrors Sources/Refreshable/Refreshable.docc/CursorsPreviousPagesAndThePageCap.md ("Cursors,
// previous pages and the page cap"): its code blocks, verbatim. DocSnippetDriftTests fails when
// they drift apart.

enum DocCCursorsPreviousPagesAndThePageCap {
    /// A post of a cursor-paged feed.
    struct Post: Identifiable, Sendable, Equatable {
        let id: Int
    }

    /// One answer of a cursor-paged API, as GraphQL connections send it.
    struct PostsAnswer: Sendable {
        var posts: [Post]
        var endCursor: String?
    }

    /// A cursor-paged feed of 45 posts, 20 a page.
    struct PostsAPI: Sendable {
        func posts(after cursor: String?) async throws -> PostsAnswer {
            let start = cursor.flatMap(Int.init) ?? 0
            let end = min(start + 20, 45)
            return PostsAnswer(posts: (start..<end).map(Post.init), endCursor: end < 45 ? "\(end)" : nil)
        }
    }

    /// A feed's loader, paged by cursor.
    @MainActor
    final class FeedController {
        let api = PostsAPI()

        // "Paging by cursor".
        let refreshStatus = RefreshRuntime<Post>(
            noMoreTitles: ["You're all caught up"],
            policy: RefreshPolicy(paging: .cursors)
        )

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Post> {
            let answer = try await api.posts(after: request.cursor)  // nil: the first page
            return RefreshPage(items: answer.posts, nextCursor: answer.endCursor)
        }

        // "Capping the pages held".
        func cappedPolicy() -> RefreshPolicy {
            let policy = RefreshPolicy(pageSize: 20, maxPages: 10)  // at most 200 rows
            return policy
        }

        // "Refreshing around the position".
        func aroundPolicy() -> RefreshPolicy {
            let policy = RefreshPolicy(pageSize: 20, maxPages: 10, refreshesAroundPosition: true)
            return policy
        }
    }
}
