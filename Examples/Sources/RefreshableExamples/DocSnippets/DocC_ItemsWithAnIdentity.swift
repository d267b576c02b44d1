import Refreshable

// Mirrors Sources/Refreshable/Refreshable.docc/ItemsWithAnIdentity.md ("Items with an identity"):
// its code blocks, verbatim. DocSnippetDriftTests fails when they drift apart.

@MainActor
enum DocCItemsWithAnIdentity {
    /// "Overview": a list that holds each order once.
    static func makeRuntime() -> RefreshRuntime<Order> {
        let refreshStatus = RefreshRuntime<Order>(noMoreTitles: ["No more orders"], identity: .id())
        return refreshStatus
    }
}
