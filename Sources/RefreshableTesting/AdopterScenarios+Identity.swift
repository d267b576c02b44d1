import Refreshable

/// The scenarios for lists with an identity (de-duplication and local edits by id) and for
/// servers that number their answers differently from their requests.
extension AdopterScenario {
    /// `held` after a page brought `page`'s items: an id held already stays once (the page's copy
    /// in its place when `takeNewer` or when the held copy is in `edited`), a new one is appended.
    static func merged(_ held: [TestItem], _ page: [TestItem], takeNewer: Bool, edited: Set<Int> = []) -> [TestItem] {
        var items = held
        for item in page {
            if let position = items.firstIndex(where: { $0.id == item.id }) {
                if takeNewer || edited.contains(item.id) {
                    items[position] = item
                }
            } else {
                items.append(item)
            }
        }
        return items
    }

    static var itemsHeldOnce: AdopterScenario {
        AdopterScenario(
            .itemsHeldOnce, "a page that brings held items again adds only the new ones", feature: .identity
        ) { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .loadMoreAsksNextPage)
            let b = await t.answer(more, itemCount: t.fullPage, copies: [a[a.count - 1], a[0]])
            let held = merged(a, b, takeNewer: t.takesNewer)
            try t.expectItems(source: s, held, .itemsHeldOnce)
            try t.expectEnded(source: s, false, .itemsHeldOnce)
            // A full page of items held already adds nothing and does not end the list.
            await t.loadMore()
            let again = try await t.expectLoad(
                source: s, page: t.firstPage + 2, kind: .loadMore, .loadMoreAsksNextPage)
            let c = await t.answer(again, itemCount: t.fullPage, copies: Array(held.suffix(t.fullPage)))
            try t.expectItems(source: s, merged(held, c, takeNewer: t.takesNewer), .itemsHeldOnce)
            try t.expectEnded(source: s, false, .itemsHeldOnce)
        }
    }

    static var duplicateOnTheLastPage: AdopterScenario {
        AdopterScenario(
            .itemsHeldOnce, "a page that ends the list by total count ends it though it brings an item again",
            needs: .every(.totalCount), feature: .identity
        ) { t in
            let s = t.adopter.currentIndex
            let total = 2 * t.fullPage
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage, signals: PageSignals(totalCount: total))
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .loadMoreAsksNextPage)
            // The server counts the item it sends again: it has sent all of its items now.
            let b = await t.answer(
                more, itemCount: t.fullPage, copies: [a[a.count - 1]], signals: PageSignals(totalCount: total))
            try t.expectItems(source: s, merged(a, b, takeNewer: t.takesNewer), .itemsHeldOnce)
            try t.expectEnded(source: s, true, .itemsHeldOnce)
            try t.expectFooter(t.endedFooter(source: s), .itemsHeldOnce)
        }
    }

    static var removalSticks: AdopterScenario {
        AdopterScenario(
            .removalSticks, "a removal sticks until a refresh asked for after it lands", feature: .identity
        ) { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            let gone = a[1]
            await t.remove(gone)
            var held = a.filter { $0.id != gone.id }
            try t.expectItems(source: s, held, .removalSticks)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .loadMoreAsksNextPage)
            let b = await t.answer(more, itemCount: t.fullPage, copies: [gone])
            held = merged(held, b.filter { $0.id != gone.id }, takeNewer: t.takesNewer)
            try t.expectItems(source: s, held, .removalSticks)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            let c = await t.answer(refresh, itemCount: t.fullPage, copies: [gone])
            try t.expectItems(source: s, c, .removalSticks)
        }
    }

    static var removalDuringRefresh: AdopterScenario {
        AdopterScenario(
            .removalSticks, "a removal sticks through a refresh asked for before it", feature: .identity
        ) { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            let gone = a[0]
            await t.remove(gone)
            try t.expectItems(source: s, Array(a.dropFirst()), .removalSticks)
            let b = await t.answer(refresh, itemCount: t.fullPage, copies: [gone])
            try t.expectItems(source: s, Array(b.dropFirst()), .removalSticks)
            await t.refresh()
            let again = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            let c = await t.answer(again, itemCount: t.fullPage, copies: [gone])
            try t.expectItems(source: s, c, .removalSticks)
        }
    }

    static var serverCopyReplacesEdit: AdopterScenario {
        AdopterScenario(
            .serverCopyReplacesEdit, "a local edit shows at once and gives way to the server's next copy",
            feature: .identity
        ) { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            let edit = await t.update(a[a.count - 1])
            var held = Array(a.dropLast()) + [edit]
            try t.expectItems(source: s, held, .serverCopyReplacesEdit)
            let draft = await t.insert(at: 0)
            held.insert(draft, at: 0)
            try t.expectItems(source: s, held, .serverCopyReplacesEdit)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .loadMoreAsksNextPage)
            let b = await t.answer(more, itemCount: t.fullPage, copies: [edit, draft])
            held = merged(held, b, takeNewer: t.takesNewer, edited: [edit.id, draft.id])
            try t.expectItems(source: s, held, .serverCopyReplacesEdit)
            // Once replaced, the server's copy is held as any other.
            await t.loadMore()
            let again = try await t.expectLoad(
                source: s, page: t.firstPage + 2, kind: .loadMore, .loadMoreAsksNextPage)
            let c = await t.answer(again, itemCount: t.fullPage, copies: [edit])
            try t.expectItems(source: s, merged(held, c, takeNewer: t.takesNewer), .serverCopyReplacesEdit)
        }
    }

    static var editsDuringRefresh: AdopterScenario {
        AdopterScenario(
            .serverCopyReplacesEdit, "an update and an insertion made while a refresh is in flight outlast its answer",
            feature: .identity
        ) { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            let edit = await t.update(a[0])
            let draft = await t.insert(at: 1)
            try t.expectItems(source: s, [edit, draft] + a.dropFirst(), .serverCopyReplacesEdit)
            // The answer was made before the edits: it brings the first item as it was, and not the
            // draft. The edited item is held at the answer's place, the draft where it was.
            let b = await t.answer(refresh, itemCount: t.fullPage, copies: [a[0]])
            try t.expectItems(source: s, [edit, draft] + b.dropFirst(), .serverCopyReplacesEdit)
            // A refresh asked for after the edits has the last word.
            await t.refresh()
            let again = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            let c = await t.answer(again, itemCount: t.fullPage, copies: [a[0]])
            try t.expectItems(source: s, c, .serverCopyReplacesEdit)
        }
    }

    static var pendingItemsStay: AdopterScenario {
        AdopterScenario(
            .pendingItemsStay,
            "a message sent while a refresh is in flight stays through it and through a load-more, until an answer brings it",
            feature: .identity
        ) { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage)
            await t.refresh()
            let refresh = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            let sent = await t.insertPending(at: 0)
            try t.expectItems(source: s, [sent] + a, .pendingItemsStay)
            // The refresh was asked for before the message was sent: its answer does not have it.
            let b = await t.answer(refresh, itemCount: t.fullPage)
            try t.expectItems(source: s, [sent] + b, .pendingItemsStay)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .loadMoreAsksNextPage)
            let c = await t.answer(more, itemCount: t.fullPage)
            try t.expectItems(source: s, [sent] + merged(b, c, takeNewer: t.takesNewer), .pendingItemsStay)
            // The server has it now: its copy takes the pending item's place, once.
            await t.refresh()
            let again = try await t.expectLoad(source: s, page: t.firstPage, kind: .refresh, .refreshAsksFirstPage)
            let d = await t.answer(again, itemCount: t.fullPage, copies: [sent])
            try t.expectItems(source: s, d, .pendingItemsStay)
        }
    }

    static var answerNumbering: AdopterScenario {
        AdopterScenario(
            .answerNumbering, "answers numbered the server's way apply and end the list at pageCount",
            needs: .every(.pageCount), feature: .answerNumbering
        ) { t in
            let s = t.adopter.currentIndex
            let first = try await t.appearAndExpectFirstLoad(source: s)
            let a = await t.answer(first, itemCount: t.fullPage, signals: PageSignals(pageCount: 2))
            try t.expectItems(source: s, a, .answerNumbering)
            try t.expectEnded(source: s, false, .answerNumbering)
            await t.loadMore()
            let more = try await t.expectLoad(source: s, page: t.firstPage + 1, kind: .loadMore, .loadMoreAsksNextPage)
            let b = await t.answer(more, itemCount: t.fullPage, signals: PageSignals(pageCount: 2))
            try t.expectItems(source: s, a + b, .answerNumbering)
            try t.expectEnded(source: s, true, .answerNumbering)
        }
    }
}
