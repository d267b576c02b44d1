/// Saving the sources to a ``RefreshSnapshot``, restoring them from one, and resetting them.
extension RefreshSources {
    /// A snapshot of every source: its items and paging position, nothing in flight and no
    /// failure (see ``RefreshSnapshot``).
    /// - Returns: The snapshot, to encode and keep.
    public func snapshot() -> RefreshSnapshot<Item> {
        let byCursor = policy.paging == .cursors
        let sources = states.indices.map { index -> SourceSnapshot<Item> in
            let state = states[index]
            let (front, back) = indexes.isEmpty ? (0, 0) : (indexes[index].pendingFront, indexes[index].pendingBack)
            // A source that never loaded is saved as a new one, with its pending items only: other
            // items inserted locally before its first load are no server state, and its first load
            // replaces them anyway; a message sent meanwhile still waits for the server.
            let saved = state.hasLoaded ? state : RefreshState(firstPage: policy.firstPage)
            return SourceSnapshot(
                items: state.hasLoaded
                    ? Array(state.items) : Array(state.items.prefix(front)) + Array(state.items.suffix(back)),
                hasLoaded: state.hasLoaded,
                page: saved.page,
                noMoreData: saved.noMoreData,
                nextCursor: byCursor ? saved.nextCursor : nil,
                firstLoadedPage: saved.firstLoadedPage,
                noPreviousData: saved.noPreviousData,
                previousCursor: byCursor ? saved.previousCursor : nil,
                heldPages: policy.maxPages == nil ? [] : saved.heldPages,
                itemsBefore: saved.itemsBefore,
                unheld: indexes.isEmpty || !state.hasLoaded ? 0 : indexes[index].unheld,
                pendingFront: front,
                pendingBack: back,
                position: savedPosition(of: saved)
            )
        }
        return RefreshSnapshot(
            formatVersion: RefreshSnapshot<Item>.currentFormatVersion, paging: policy.paging,
            firstPage: policy.firstPage, maxPages: policy.maxPages, sources: sources)
    }

    /// The position a refresh of a loaded source asks for (rule A), when the policy refreshes
    /// around it and its page is held: the one a restore accepts.
    private func savedPosition(of state: RefreshState<Item>) -> RefreshPosition? {
        guard policy.refreshesAroundPosition, policy.maxPages != nil, let position = state.position,
            Self.corruption(of: position, first: state.firstLoadedPage, last: state.page, paging: policy.paging) == nil
        else { return nil }
        return position
    }

    /// Replaces every source's items and paging position with a snapshot's, keeping the policy,
    /// the identity and each source's end-of-list text.
    ///
    /// Nothing is in flight afterwards and no failure is kept: an answer to a request of the old
    /// state is discarded (see <doc:Rules#Replacing-the-state>). Each source that had loaded is
    /// ``RefreshState/isRestored`` until a refresh of it starts, and a refresh around the position
    /// (``RefreshPolicy/refreshesAroundPosition``) asks for the saved one. The id index is built
    /// again from the items; pending local items (``insertPendingItem(_:at:source:)``) are restored
    /// pending, still waiting for an answer that brings them. A snapshot taken under a page cap
    /// other than the policy's keeps its items, and the next capped load counts them as one page,
    /// as a change of the cap does.
    ///
    /// A snapshot of another format, another number of sources, another paging or first page, or
    /// whose contents contradict each other (see ``RefreshSnapshotError/Corruption``) is refused:
    /// every source is left empty and unloaded, as a new list is, and the error says why.
    /// - Parameter snapshot: A snapshot taken with ``snapshot()``, possibly decoded from storage.
    /// - Throws: ``RefreshSnapshotError``.
    public mutating func restore(from snapshot: RefreshSnapshot<Item>) throws(RefreshSnapshotError) {
        revision &+= 1
        do {
            try checkFits(snapshot)
            var restored: [RefreshState<Item>] = []
            for index in states.indices {
                restored.append(try restoredState(snapshot.sources[index], source: index, savedCap: snapshot.maxPages))
            }
            try replaceStates(with: restored, saved: snapshot.sources)
        } catch {
            reset()
            throw error
        }
    }

    /// Keeps a restored source's rows without refreshing them: its first appearance found them
    /// young enough (see ``RefreshPolicy/refreshesRestoredList``).
    mutating func keepRestoredRows(source: Int) {
        states[source].restored = false
    }

    /// Puts every source back to unloaded, as a new list is, keeping the policy, the identity and
    /// each source's end-of-list text: for a new query or filter, whose first page replaces the
    /// old list.
    ///
    /// Every item goes, pending local items (``insertPendingItem(_:at:source:)``) too, with every
    /// failure and both ends' paging; nothing is in flight afterwards, so an answer to a request
    /// asked for before the reset is discarded (see <doc:Rules#Replacing-the-state>). Through a
    /// ``RefreshRuntime`` (``RefreshRuntime/reset()``), the loads of the old state are cancelled and
    /// a list on screen loads its first page again.
    ///
    /// ```swift
    /// var sources = RefreshSources<Order>(noMoreTitles: ["No more orders"], policy: policy, identity: .id())
    /// // ... loads ...
    /// sources.reset()  // sources[0].hasLoaded == false, sources.policy == policy
    /// ```
    public mutating func reset() {
        revision &+= 1
        replaceStates(with: states.map { RefreshState(noMoreTitle: $0.noMoreTitle, firstPage: policy.firstPage) })
    }

    /// Refuses a snapshot of another format, number of sources, paging or first page.
    private func checkFits(_ snapshot: RefreshSnapshot<Item>) throws(RefreshSnapshotError) {
        guard snapshot.formatVersion == RefreshSnapshot<Item>.currentFormatVersion else {
            throw .incompatibleVersion(
                found: snapshot.formatVersion, supported: RefreshSnapshot<Item>.currentFormatVersion)
        }
        guard snapshot.sources.count == states.count else {
            throw .sourceCountMismatch(snapshot: snapshot.sources.count, list: states.count)
        }
        guard snapshot.paging == policy.paging, snapshot.firstPage == policy.firstPage else {
            throw .policyMismatch
        }
    }

    /// The state a source's snapshot describes, once checked.
    private func restoredState(
        _ saved: SourceSnapshot<Item>,
        source: Int,
        savedCap: Int?
    ) throws(RefreshSnapshotError) -> RefreshState<Item> {
        var state = RefreshState<Item>(noMoreTitle: states[source].noMoreTitle, firstPage: policy.firstPage)
        guard saved.hasLoaded else {
            // Only pending items, still waiting for the server, may precede the first load.
            let (pending, overflow) = saved.pendingFront.addingReportingOverflow(saved.pendingBack)
            guard saved.pendingFront >= 0, saved.pendingBack >= 0, !overflow, saved.items.count == pending else {
                throw .corrupt(source: source, .itemsWithoutLoad)
            }
            // No page is held, so no position can be inside one.
            guard saved.position == nil else { throw .corrupt(source: source, .pageOutOfRange) }
            state._items = RefreshItems(saved.items)
            return state
        }
        if let corruption = Self.corruption(in: saved, policy: policy, savedCap: savedCap) {
            throw .corrupt(source: source, corruption)
        }
        state._items = RefreshItems(saved.items)
        state._hasLoaded = true
        state.restored = true
        state.edges = [
            RefreshEdge(page: saved.page, ended: saved.noMoreData, cursor: saved.nextCursor),
            RefreshEdge(page: saved.firstLoadedPage, ended: saved.noPreviousData, cursor: saved.previousCursor),
        ]
        // Under another cap the held pages mean another bookkeeping: the rows count as one page.
        state.heldPages = savedCap == policy.maxPages ? saved.heldPages : []
        state.itemsBefore = saved.itemsBefore
        state.position = saved.position
        return state
    }

    /// What contradicts itself in a loaded source's snapshot, if anything: its held pages are
    /// checked against the cap it was saved under (`savedCap`), which may differ from the
    /// policy's. Every sum is checked for overflow: the values come from storage the app does not
    /// control.
    private static func corruption(
        in saved: SourceSnapshot<Item>,
        policy: RefreshPolicy,
        savedCap: Int?
    ) -> RefreshSnapshotError.Corruption? {
        guard saved.page >= saved.firstLoadedPage else { return .pageOutOfRange }
        switch policy.paging {
        case .pageNumbers:
            guard saved.firstLoadedPage >= policy.firstPage else { return .pageOutOfRange }
            guard saved.nextCursor == nil, saved.previousCursor == nil else { return .cursorMismatch }
        case .cursors:
            guard saved.noMoreData == (saved.nextCursor == nil), saved.noPreviousData == (saved.previousCursor == nil)
            else { return .cursorMismatch }
        }
        if let position = saved.position,
            let corruption = corruption(
                of: position, first: saved.firstLoadedPage, last: saved.page, paging: policy.paging)
        {
            return corruption
        }
        guard saved.itemsBefore >= 0, saved.pendingFront >= 0, saved.pendingBack >= 0 else { return .invalidCount }
        let (pending, pendingOverflow) = saved.pendingFront.addingReportingOverflow(saved.pendingBack)
        guard !pendingOverflow, pending <= saved.items.count else { return .invalidCount }
        guard !saved.heldPages.isEmpty else { return nil }
        var held = pending
        var sent = saved.itemsBefore
        for page in saved.heldPages {
            guard page.count >= 0, page.sent >= 0, page.span >= 1 else { return .invalidCount }
            let (heldSum, heldOverflow) = held.addingReportingOverflow(page.count)
            let (sentSum, sentOverflow) = sent.addingReportingOverflow(page.sent)
            guard !heldOverflow, !sentOverflow else { return .invalidCount }
            (held, sent) = (heldSum, sentSum)
        }
        guard held == saved.items.count, saved.heldPages.count <= savedCap ?? .max else {
            return .heldPagesMismatch
        }
        return nil
    }

    /// What does not fit in a position: a page outside `first...last` (the pages held), or, under
    /// cursor paging, no cursor, and under page numbers, one. Compares only: the values come from
    /// storage.
    private static func corruption(
        of position: RefreshPosition,
        first: Int,
        last: Int,
        paging: RefreshPolicy.Paging
    ) -> RefreshSnapshotError.Corruption? {
        guard position.page >= first, position.page <= last else { return .pageOutOfRange }
        guard (position.cursor != nil) == (paging == .cursors) else { return .cursorMismatch }
        return nil
    }

    /// Puts `restored` in place of every source's state, indexed under the identity with the
    /// saved counts beside the items; refuses items that hold an id twice (the caller then
    /// replaces what was put in place).
    private mutating func replaceStates(
        with restored: [RefreshState<Item>],
        saved: [SourceSnapshot<Item>]
    ) throws(RefreshSnapshotError) {
        replaceStates(with: restored)
        guard let identity else { return }
        for (source, state) in restored.enumerated() {
            if indexes[source].holdsDuplicates {
                throw .corrupt(source: source, .duplicateID(position: Self.secondOccurrence(in: state.items, identity)))
            }
            indexes[source].unheld = saved[source].unheld
            indexes[source].pendingFront = saved[source].pendingFront
            indexes[source].pendingBack = saved[source].pendingBack
        }
    }

    /// Puts `restored` in place of every source's state, indexed under the identity.
    private mutating func replaceStates(with restored: [RefreshState<Item>]) {
        states = restored
        indexes = identity.map { identity in restored.map { ItemIndex($0.items, identity: identity) } } ?? []
    }

    /// The position of the first item whose id an earlier item has: read only to report it.
    private static func secondOccurrence(in items: RefreshItems<Item>, _ identity: RefreshItemIdentity<Item>) -> Int {
        var seen: Set<RefreshItemID> = []
        for (position, item) in items.enumerated() where !seen.insert(identity.id(item)).inserted {
            return position
        }
        return items.count
    }
}
