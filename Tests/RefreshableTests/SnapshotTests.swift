import Foundation
import Refreshable
import RefreshableTesting
import Testing

/// A row as an app would save it: an id and a title.
struct SavedRow: Codable, Hashable, Identifiable, Sendable {
    var id: Int
    var title: String
}

/// Sources loaded through the state machine alone: `pages` pages of `pageSize` rows, with more to come.
private func loadedSources(
    pages: Int,
    pageSize: Int = 3,
    policy: RefreshPolicy = RefreshPolicy(pageSize: 3),
    identity: RefreshItemIdentity<SavedRow>? = .id()
) -> RefreshSources<SavedRow> {
    var sources = RefreshSources<SavedRow>(noMoreTitles: ["The end"], policy: policy, identity: identity)
    for number in 0..<pages {
        guard case .started(let request, _) = sources.begin(number == 0 ? .refresh : .loadMore, source: 0) else {
            Issue.record("load \(number) did not start")
            return sources
        }
        let rows = (0..<pageSize).map { SavedRow(id: number * pageSize + $0, title: "row \(number * pageSize + $0)") }
        let cursor = policy.paging == .cursors ? "after-\(number)" : nil
        _ = sources.succeed(request, with: RefreshPage(items: rows, hasMore: true, nextCursor: cursor))
    }
    return sources
}

private func json<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
}

private func decode(_ text: String) throws -> RefreshSnapshot<SavedRow> {
    try JSONDecoder().decode(RefreshSnapshot<SavedRow>.self, from: Data(text.utf8))
}

/// Saving a list and putting it back at the next launch: the rows at once, stale, refreshed on
/// the first appearance; nothing the old state asked for lands; a damaged or foreign snapshot is
/// refused with a typed error and an empty list.
@MainActor
@Suite("Saving and restoring a list", .timeLimit(.minutes(1)))
struct SnapshotTests {
    // MARK: Round trips

    @Test func aSnapshotRoundTripsEqualThroughJSON() throws {
        let sources = loadedSources(pages: 3)
        let snapshot = sources.snapshot()
        let decoded = try JSONDecoder().decode(RefreshSnapshot<SavedRow>.self, from: JSONEncoder().encode(snapshot))
        #expect(decoded == snapshot)
        #expect(decoded.items(of: 0).count == 9)
    }

    /// Found by the model check: a capped list holding a message sent from this device refused
    /// its own snapshot (its held pages did not add up to the rows), and the message was no
    /// longer pending after a restore.
    @Test func aPendingItemIsSavedAndRestoredPendingInACappedList() throws {
        let policy = RefreshPolicy(pageSize: 3, maxPages: 2)
        var sources = loadedSources(pages: 2, policy: policy)
        let sent = SavedRow(id: 100, title: "sent from here")
        _ = sources.insertPendingItem(sent, at: 0, source: 0)
        var restored = RefreshSources<SavedRow>(noMoreTitles: ["The end"], policy: policy, identity: .id())
        try restored.restore(from: try decode(try json(sources.snapshot())))
        #expect(restored[0].items.map(\.id) == [100, 0, 1, 2, 3, 4, 5])
        #expect(restored.isPending(id: 100, source: 0))
        guard case .started(let more, _) = restored.begin(.loadMore, source: 0) else {
            Issue.record("the restored list did not load more")
            return
        }
        let page = (6..<9).map { SavedRow(id: $0, title: "row \($0)") }
        _ = restored.succeed(more, with: RefreshPage(items: page, hasMore: true))
        #expect(restored[0].items.map(\.id) == [100, 3, 4, 5, 6, 7, 8], "the cap dropped the pending item")
    }

    /// From a port of a chat screen: a message sent before the chat ever loaded (offline at
    /// launch) was saved as nothing, and gone after a relaunch.
    @Test func aMessageSentBeforeTheFirstLoadIsSavedAndRestoredPending() throws {
        var sources = RefreshSources<SavedRow>(noMoreTitles: ["The end"], identity: .id())
        _ = sources.insertPendingItem(SavedRow(id: 100, title: "sent offline"), at: 0, source: 0)
        _ = sources.insertItem(SavedRow(id: 101, title: "a local row"), at: 1, source: 0)
        var restored = RefreshSources<SavedRow>(noMoreTitles: ["The end"], identity: .id())
        try restored.restore(from: try decode(try json(sources.snapshot())))
        #expect(restored[0].items.map(\.id) == [100], "the pending message was not saved, or the plain row was")
        #expect(restored.isPending(id: 100, source: 0))
        #expect(!restored[0].hasLoaded)
        guard case .started(let refresh, _) = restored.begin(.refresh, source: 0) else {
            Issue.record("the restored list did not load its first page")
            return
        }
        _ = restored.succeed(refresh, with: RefreshPage(items: [SavedRow(id: 1, title: "row 1")], hasMore: true))
        #expect(restored[0].items.map(\.id) == [100, 1], "the first load lost the pending message")
    }

    @Test func aCappedCursorSnapshotRoundTripsAndRestoresItsPositionAndHeldPages() throws {
        let policy = RefreshPolicy(pageSize: 3, paging: .cursors, maxPages: 2)
        let sources = loadedSources(pages: 4, policy: policy)
        #expect(sources[0].items.map(\.id) == Array(6..<12), "the cap did not drop the first pages")
        let decoded = try decode(try json(sources.snapshot()))
        #expect(decoded == sources.snapshot())

        var restored = RefreshSources<SavedRow>(noMoreTitles: ["Saved"], policy: policy, identity: .id())
        try restored.restore(from: decoded)
        #expect(restored[0].items == sources[0].items)
        #expect(restored[0].nextCursor == "after-3")
        #expect(restored[0].firstLoadedPage == sources[0].firstLoadedPage)
        #expect(restored[0].previousCursor == sources[0].previousCursor)
        #expect(restored[0].noMoreTitle == "Saved", "the list's own end-of-list text was replaced")
        #expect(restored.snapshot() == sources.snapshot(), "restoring lost part of the position")
        // Loading more asks with the saved cursor; the cap drops the first held page again.
        guard case .started(let more, _) = restored.begin(.loadMore, source: 0) else {
            Issue.record("a restored list did not load more")
            return
        }
        #expect(more.cursor == "after-3")
        let rows = (12..<15).map { SavedRow(id: $0, title: "") }
        guard case .applied(let update) = restored.succeed(more, with: RefreshPage(items: rows, nextCursor: "after-4"))
        else {
            Issue.record("the next page did not apply")
            return
        }
        #expect(update.dropped == 0..<3, "the restored held pages did not drive the cap")
    }

    // MARK: Another page cap

    /// The user's report: an app update lowered `maxPages`, and every saved list was refused as
    /// damaged; the screen came up empty. A snapshot taken under a bigger cap keeps its items.
    @Test func aSnapshotTakenUnderABiggerCapRestoresUnderASmallerOne() throws {
        let saved = loadedSources(pages: 4, policy: RefreshPolicy(pageSize: 3, maxPages: 4)).snapshot()
        let runtime = RefreshRuntime<SavedRow>(
            noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 3, maxPages: 2), identity: .id())
        try runtime.restore(from: decode(try json(saved)))
        #expect(runtime[0].items.map(\.id) == Array(0..<12), "the saved rows were thrown away")
        #expect(runtime[0].page == 4)
        #expect(runtime[0].failure == nil)
    }

    /// A snapshot restored under another cap counts its rows as one page on the next capped load,
    /// as a change of the cap does: its own per-page bookkeeping no longer drives the cap.
    @Test(arguments: [(saved: 4, restored: 2), (saved: 2, restored: 3)])
    func aSnapshotRestoredUnderAnotherCapCountsItsRowsAsOnePage(caps: (saved: Int, restored: Int)) throws {
        let saved = loadedSources(pages: caps.saved, policy: RefreshPolicy(pageSize: 3, maxPages: caps.saved))
        var sources = RefreshSources<SavedRow>(
            noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 3, maxPages: caps.restored), identity: .id())
        try sources.restore(from: decode(try json(saved.snapshot())))
        let restoredRows = sources[0].items.count
        // Loads more until the held pages reach the cap: the restored rows are one page of them.
        var next = caps.saved * 3
        for load in 1..<caps.restored {
            let more = try started(sources.begin(.loadMore, source: 0))
            let rows = (next..<next + 3).map { SavedRow(id: $0, title: "") }
            next += 3
            let update = applied(sources.succeed(more, with: RefreshPage(items: rows, hasMore: true)))
            #expect(update?.dropped == nil, "load \(load) dropped rows: the saved pages counted one by one")
        }
        #expect(sources[0].items.count == restoredRows + (caps.restored - 1) * 3)
        // One more page goes past the cap: the restored rows, one page, go at once.
        let more = try started(sources.begin(.loadMore, source: 0))
        let rows = (next..<next + 3).map { SavedRow(id: $0, title: "") }
        let update = applied(sources.succeed(more, with: RefreshPage(items: rows, hasMore: true)))
        #expect(update?.dropped == 0..<restoredRows, "the restored rows were not dropped as one page")
        #expect(sources[0].firstLoadedPage == caps.saved + 1)
    }

    // MARK: The position of a refresh around it

    /// The news feed port's report: a feed 8 pages deep, the user on page 7, saved and relaunched,
    /// refreshed page 1 and lost the saved pages. Its snapshot now keeps the page the user was on.
    @Test(arguments: [RefreshPolicy.Paging.pageNumbers, .cursors])
    func aRestoredDeepListRefreshesThePageTheUserWasOn(paging: RefreshPolicy.Paging) throws {
        let policy = RefreshPolicy(pageSize: 3, paging: paging, maxPages: 3, refreshesAroundPosition: true)
        var sources = loadedSources(pages: 8, policy: policy)
        #expect(sources[0].firstLoadedPage == 6)
        sources.rowDidAppear(at: 4, source: 0)  // page 7, asked for with the cursor page 6 gave
        var restored = RefreshSources<SavedRow>(noMoreTitles: ["The end"], policy: policy, identity: .id())
        try restored.restore(from: try decode(try json(sources.snapshot())))
        #expect(restored.snapshot() == sources.snapshot(), "restoring lost the position")
        let refresh = try started(restored.begin(.refresh, source: 0))
        #expect(refresh.page == 7, "the restored list refreshed page \(refresh.page), not the page the user was on")
        #expect(refresh.cursor == (paging == .cursors ? "after-5" : nil))
    }

    /// A list's own snapshot always restores: a position whose page the cap dropped since the row
    /// came on screen is not saved, and the restored list refreshes its first page.
    @Test func aPositionWhosePageTheCapDroppedIsNotSavedAndTheSnapshotRestores() throws {
        let policy = RefreshPolicy(pageSize: 3, maxPages: 2, refreshesAroundPosition: true)
        var sources = loadedSources(pages: 3, policy: policy)
        sources.rowDidAppear(at: 0, source: 0)  // page 2
        for _ in 0..<2 {
            let more = try started(sources.begin(.loadMore, source: 0))
            let rows = (0..<3).map { SavedRow(id: more.page * 10 + $0, title: "") }
            _ = sources.succeed(more, with: RefreshPage(items: rows, hasMore: true))
        }
        #expect(sources[0].firstLoadedPage == 4, "the cap did not drop page 2")
        var restored = RefreshSources<SavedRow>(noMoreTitles: ["The end"], policy: policy, identity: .id())
        try restored.restore(from: try decode(try json(sources.snapshot())))
        #expect(try started(restored.begin(.refresh, source: 0)).page == 1)
    }

    /// A snapshot saved before the position was kept (format 1, no `position`) restores, with none.
    @Test func aSnapshotWithoutAPositionRestoresAndRefreshesTheFirstPage() throws {
        let held = #"[{"count":2,"sent":2,"span":1},{"count":2,"sent":2,"span":1}]"#
        var restored = RefreshSources<SavedRow>(
            noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 2, maxPages: 3, refreshesAroundPosition: true),
            identity: .id())
        try restored.restore(from: decode(savedJSON(heldPages: held)))
        #expect(restored[0].items.map(\.id) == [1, 2, 3, 4])
        #expect(try started(restored.begin(.refresh, source: 0)).page == 1)
    }

    @Test func aSavedPositionIsWrittenAsItsPageAndCursorOnly() throws {
        let policy = RefreshPolicy(pageSize: 3, maxPages: 3, refreshesAroundPosition: true)
        var sources = loadedSources(pages: 4, policy: policy)
        sources.rowDidAppear(at: 8, source: 0)  // page 4
        #expect(try json(sources.snapshot()).contains(#""position":{"page":4}"#))
    }

    @Test func aSavedPositionOutsideThePagesHeldIsRefused() throws {
        let held = #"[{"count":2,"sent":2,"span":1},{"count":2,"sent":2,"span":1}]"#
        let capped = RefreshPolicy(pageSize: 2, maxPages: 3, refreshesAroundPosition: true)
        for page in [0, 3, Int.max, Int.min] {
            try expectRefused(
                savedJSON(heldPages: held, position: #"{"page":\#(page)}"#), .corrupt(source: 0, .pageOutOfRange),
                policy: capped)
        }
        let unloaded = savedJSON(ids: [], position: #"{"page":1}"#)
            .replacingOccurrences(of: #""hasLoaded":true"#, with: #""hasLoaded":false"#)
        try expectRefused(unloaded, .corrupt(source: 0, .pageOutOfRange), policy: capped)
    }

    @Test func aSavedPositionWhoseCursorDoesNotFitThePagingIsRefused() throws {
        let held = #"[{"count":2,"sent":2,"span":1},{"count":2,"sent":2,"span":1}]"#
        try expectRefused(
            savedJSON(heldPages: held, position: #"{"page":2,"cursor":"c"}"#), .corrupt(source: 0, .cursorMismatch),
            policy: RefreshPolicy(pageSize: 2, maxPages: 3, refreshesAroundPosition: true))
        let byCursor = savedJSON(paging: "cursors", nextCursor: "n", heldPages: held, position: #"{"page":2}"#)
        try expectRefused(
            byCursor, .corrupt(source: 0, .cursorMismatch),
            policy: RefreshPolicy(pageSize: 2, paging: .cursors, maxPages: 3, refreshesAroundPosition: true))
    }

    // MARK: The state machine

    @Test func restoringReplacesTheStateSoAnAnswerToTheOldStateIsDiscarded() throws {
        var sources = loadedSources(pages: 1)
        guard case .started(let old, _) = sources.begin(.loadMore, source: 0) else {
            Issue.record("no load-more")
            return
        }
        let saved = loadedSources(pages: 2).snapshot()
        try sources.restore(from: saved)
        #expect(!sources[0].isLoading, "a restored source holds a load in flight")
        #expect(sources[0].failure == nil)
        #expect(sources[0].isRestored)
        let late = RefreshPage(items: [SavedRow(id: 99, title: "late")], hasMore: true)
        #expect(sources.succeed(old, with: late) == .discarded(old))
        #expect(sources[0].items.map(\.id) == Array(0..<6))
    }

    @Test func aRestoredSourceStaysRestoredUntilARefreshStarts() throws {
        var sources = RefreshSources<SavedRow>(
            noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 3), identity: .id())
        try sources.restore(from: loadedSources(pages: 2).snapshot())
        guard case .started(let more, _) = sources.begin(.loadMore, source: 0) else {
            Issue.record("no load-more")
            return
        }
        #expect(more.page == 3, "a restored list did not continue after its last saved page")
        #expect(sources[0].isRestored, "a load-more is not the refresh a restored list owes")
        guard case .started = sources.begin(.refresh, source: 0) else {
            Issue.record("no refresh")
            return
        }
        #expect(!sources[0].isRestored)
    }

    /// Found by the model check: an item inserted locally before the first load made the list's
    /// own snapshot one that restoring refused (items in a source that never loaded).
    @Test func aSourceThatNeverLoadedIsSavedAsANewOneEvenWithALocalInsertion() throws {
        var sources = RefreshSources<SavedRow>(noMoreTitles: ["The end"], identity: .id())
        _ = sources.insertItem(SavedRow(id: 1, title: "local"), at: 0, source: 0)
        let snapshot = sources.snapshot()
        #expect(snapshot.items(of: 0).isEmpty)
        try sources.restore(from: snapshot)
        #expect(!sources[0].hasLoaded)
        #expect(!sources[0].isRestored)
    }

    // MARK: Refused snapshots

    /// A page-numbered snapshot of one loaded source, with its fields open to damage.
    private func savedJSON(
        version: Int = 1,
        paging: String = "pageNumbers",
        page: Int = 2,
        firstLoadedPage: Int = 1,
        ids: [Int] = [1, 2, 3, 4],
        nextCursor: String? = nil,
        heldPages: String? = nil,
        itemsBefore: Int = 0,
        position: String? = nil,
        maxPages: Int? = nil
    ) -> String {
        let items = ids.map { #"{"id":\#($0),"title":"t"}"# }.joined(separator: ",")
        let cursor = nextCursor.map { #","nextCursor":"\#($0)""# } ?? ""
        let held = heldPages.map { #","heldPages":\#($0)"# } ?? ""
        let saved = position.map { #","position":\#($0)"# } ?? ""
        let cap = maxPages.map { #","maxPages":\#($0)"# } ?? ""
        return #"""
            {"formatVersion":\#(version),"paging":"\#(paging)","firstPage":1\#(cap),"sources":[{"items":[\#(items)],
            "hasLoaded":true,"page":\#(page),"noMoreData":false\#(cursor),"firstLoadedPage":\#(firstLoadedPage),
            "noPreviousData":true,"itemsBefore":\#(itemsBefore),"unheld":0\#(held)\#(saved)}]}
            """#
    }

    /// Restores `text` into a loaded list model and checks that it is refused with `expected` and
    /// leaves the list empty and unloaded, with nothing in flight.
    private func expectRefused(
        _ text: String,
        _ expected: RefreshSnapshotError,
        policy: RefreshPolicy = RefreshPolicy(pageSize: 2),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let runtime = RefreshRuntime<SavedRow>(noMoreTitles: ["The end"], policy: policy, identity: .id())
        var loaded = runtime.sources
        guard case .started(let request, _) = loaded.begin(.refresh, source: 0) else { return }
        _ = loaded.succeed(request, with: RefreshPage(items: [SavedRow(id: 7, title: "")], hasMore: true))
        runtime.sources = loaded
        let snapshot = try decode(text)
        #expect(throws: expected, sourceLocation: sourceLocation) { try runtime.restore(from: snapshot) }
        #expect(runtime[0].items.isEmpty, "a refused snapshot left items", sourceLocation: sourceLocation)
        #expect(!runtime[0].hasLoaded, sourceLocation: sourceLocation)
        #expect(!runtime[0].isRestored, sourceLocation: sourceLocation)
        #expect(runtime[0].noMoreTitle == "The end", sourceLocation: sourceLocation)
    }

    @Test func aValidHandWrittenSnapshotRestores() throws {
        let runtime = RefreshRuntime<SavedRow>(
            noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 2), identity: .id())
        try runtime.restore(from: decode(savedJSON()))
        #expect(runtime[0].items.map(\.id) == [1, 2, 3, 4])
        #expect(runtime[0].page == 2)
    }

    @Test func aSnapshotOfAnotherFormatVersionIsRefused() throws {
        // A later format may change everything after the version: it decodes, and is refused.
        let later = #"{"formatVersion":2,"rows":"something else"}"#
        try expectRefused(later, .incompatibleVersion(found: 2, supported: 1))
        try expectRefused(savedJSON(version: 0), .incompatibleVersion(found: 0, supported: 1))
    }

    @Test func aNegativePageIsRefused() throws {
        try expectRefused(savedJSON(page: -3, firstLoadedPage: -5), .corrupt(source: 0, .pageOutOfRange))
    }

    @Test func aLastPageBeforeTheFirstHeldPageIsRefused() throws {
        try expectRefused(savedJSON(page: 1, firstLoadedPage: 4), .corrupt(source: 0, .pageOutOfRange))
    }

    @Test func heldPagesThatDoNotAddUpToTheItemsAreRefused() throws {
        let held = #"[{"count":2,"sent":2,"span":1},{"count":3,"sent":2,"span":1}]"#
        try expectRefused(
            savedJSON(heldPages: held), .corrupt(source: 0, .heldPagesMismatch),
            policy: RefreshPolicy(pageSize: 2, maxPages: 3))
    }

    @Test func moreHeldPagesThanTheSnapshotsOwnCapAllowsAreRefused() throws {
        let held = #"[{"count":2,"sent":2,"span":1},{"count":2,"sent":2,"span":1}]"#
        try expectRefused(
            savedJSON(heldPages: held, maxPages: 1), .corrupt(source: 0, .heldPagesMismatch),
            policy: RefreshPolicy(pageSize: 2, maxPages: 3))
    }

    @Test func hugeCountsAreRefusedWithoutOverflowing() throws {
        let max = Int.max
        let held = #"[{"count":\#(max),"sent":\#(max),"span":1},{"count":\#(max),"sent":\#(max),"span":1}]"#
        try expectRefused(
            savedJSON(heldPages: held), .corrupt(source: 0, .invalidCount),
            policy: RefreshPolicy(pageSize: 2, maxPages: 3))
        try expectRefused(savedJSON(itemsBefore: -1), .corrupt(source: 0, .invalidCount))
    }

    @Test func theLargestPageNumberRestoresAndEndsLoadingMoreInsteadOfOverflowing() throws {
        let runtime = RefreshRuntime<SavedRow>(
            noMoreTitles: ["The end"], policy: RefreshPolicy(pageSize: 2), identity: .id())
        try runtime.restore(from: decode(savedJSON(page: .max, firstLoadedPage: .max)))
        var sources = runtime.sources
        #expect(sources.begin(.loadMore, source: 0) == .ignored(.noMoreData))
    }

    @Test func duplicateIdsUnderAnIdentityAreRefused() throws {
        try expectRefused(savedJSON(ids: [1, 2, 3, 2]), .corrupt(source: 0, .duplicateID(position: 3)))
    }

    @Test func aCursorUnderPageNumbersOrAnOpenEndWithoutACursorIsRefused() throws {
        try expectRefused(savedJSON(nextCursor: "abc"), .corrupt(source: 0, .cursorMismatch))
        try expectRefused(
            savedJSON(paging: "cursors"), .corrupt(source: 0, .cursorMismatch),
            policy: RefreshPolicy(pageSize: 2, paging: .cursors))
    }

    @Test func aSnapshotOfAnotherPagingOrNumberOfSourcesIsRefused() throws {
        try expectRefused(savedJSON(paging: "cursors"), .policyMismatch)
        let twoSources = loadedSources(pages: 1).snapshot()
        let runtime = RefreshRuntime<SavedRow>(noMoreTitles: ["A", "B"], identity: .id())
        #expect(throws: RefreshSnapshotError.sourceCountMismatch(snapshot: 1, list: 2)) {
            try runtime.restore(from: twoSources)
        }
    }

    @Test func itemsInASourceThatNeverLoadedAreRefused() throws {
        let text = savedJSON().replacingOccurrences(of: #""hasLoaded":true"#, with: #""hasLoaded":false"#)
        try expectRefused(text, .corrupt(source: 0, .itemsWithoutLoad))
    }

    @Test func theRefusalSaysWhyInEnglish() {
        let error = RefreshSnapshotError.incompatibleVersion(found: 2, supported: 1)
        #expect(error.description == "The saved list is in format 2; this version reads format 1.")
    }
}
