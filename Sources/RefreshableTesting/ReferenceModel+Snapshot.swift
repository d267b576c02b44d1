import Refreshable

/// Saving and restoring the list in the reference model (rule SN): a restored list replaces the
/// state (rule S13) with the saved items and paging positions, and the position a refresh around
/// it asks for (rule A), nothing in flight and no failure, stale, and refreshes each restored
/// source on its first appearance, around that position when there is one.
extension ReferenceModel {
    /// What a save keeps of each source: its items and where it is in its paging (both ends, the
    /// pages held, the items sent before them), its pending local items still pending, and, when
    /// the list refreshes around the position, the position while its page is held (rule A); a
    /// source that never loaded is kept as a new one holding only its pending items.
    func saved() -> [Source] {
        sources.map { state in
            var kept = Source(title: state.title, page: policy.firstPage - 1, firstLoadedPage: policy.firstPage)
            kept.pendingFront = state.pendingFront
            kept.pendingBack = state.pendingBack
            guard state.hasLoaded else {
                // Only its pending items, still waiting for the server (rule I4).
                kept.items = Array(state.items.prefix(state.pendingFront))
                kept.items += state.items.suffix(state.pendingBack)
                return kept
            }
            kept.hasLoaded = true
            kept.items = state.items
            kept.page = state.page
            kept.ended = state.ended
            kept.nextCursor = state.nextCursor
            kept.firstLoadedPage = state.firstLoadedPage
            kept.noPreviousData = state.noPreviousData
            kept.previousCursor = state.previousCursor
            kept.pages = state.pages
            kept.sentBefore = state.sentBefore
            if refreshesAroundPosition, let position = state.position,
                position.page >= state.firstLoadedPage, position.page <= state.page
            {
                kept.position = position
            }
            return kept
        }
    }

    /// Puts a saved list back in place of the state: every load of the old state is gone (an
    /// answer to one is stale), no failure, no local edit and no progress count is kept, no
    /// source has an age, each source that had loaded is restored, and the saved positions are
    /// where their refreshes ask.
    mutating func restore(_ saved: [Source]) {
        sources = saved.map { source in
            var restored = source
            restored.restored = source.hasLoaded
            return restored
        }
    }
}
