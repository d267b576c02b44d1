/// Refresh around the position, carried out in time: a refresh around the position that lands
/// loads outward, and one that fails loads the first page at once (see rule A in
/// <doc:Rules#Rules-of-the-features>).
extension RefreshRuntime {
    /// Tells the list that the row at `row` of a source came on screen: with
    /// ``RefreshPolicy/refreshesAroundPosition`` and a page cap, the next refresh reloads the page
    /// that holds the row that came on screen last, so the user keeps their place. Call it from
    /// where rows come on screen (a view model's `willDisplay`); ``RefreshListModel`` and
    /// ``Refreshable/rowDidAppear(at:)`` call it for you. Does nothing without the setting.
    /// - Parameters:
    ///   - row: The row's index in the source's items.
    ///   - source: The source; out of range stops with a message.
    public func rowDidAppear(at row: Int, source: Int) {
        state.rowDidAppear(at: row, source: source)
    }

    /// After a refresh around the position landed: loads outward, a load of the previous page
    /// above it while something comes before it, then a load-more below it while the list goes
    /// on, as far as the page cap has room for without dropping the page just refreshed.
    func loadOutward(after update: RefreshUpdate) {
        // A state the host put in place from its hook (a logout) has loads of its own to decide: a
        // refresh of another state is none around the position of this one.
        guard let request = update.request, state.isAroundPosition(request), let maxPages = policy.maxPages
        else { return }
        let source = request.source
        var room = maxPages - 1
        if room > 0, !state[source].noPreviousData, case .started = startLoad(.loadPrevious, source: source) {
            room -= 1
        }
        if room > 0, !state[source].noMoreData, !state[source].isLoadingMore {
            startLoad(.loadMore, source: source)
        }
    }
}
