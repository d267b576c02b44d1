import Refreshable

/// A divergence between the adopter and the reference model at one event.
struct Divergence: Sendable, Equatable {
    var rule: ConformanceRule
    let mismatch: ConformanceMismatch
    /// Whether only the screen diverged: the loads and the sources matched the model's, so the
    /// events can go on against the same adopter.
    var onScreen = false
}

/// One adopter (through its driver) and the reference model, stepped through events together.
@MainActor
final class ModelRun<Adopter: Refreshable> where Adopter.Item: Equatable {
    private let driver: AdopterDriver<Adopter>
    private let signals: EndOfListSignals
    private var model: ReferenceModel
    /// The items the server sent each source most recently (at most 8), for pages that bring
    /// items again and removals of items not held.
    private var sent: [[TestItem]]
    /// The answers of the local edits and insertions made, to tell them from the server's copies.
    private var localResponses: Set<Int> = []
    /// The ``TestClock`` the run gave the adopter's runtime to time its loads on (rule ST), boxed:
    /// a stored property cannot be limited to the OS versions the clock needs.
    private let staleClock: (any Sendable)?
    /// The list the app saved last: the adopter's snapshot, and the model's sources then (rule SN).
    private var saved: (snapshot: RefreshSnapshot<Adopter.Item>, sources: [ReferenceModel.Source])?

    init(driver: AdopterDriver<Adopter>, signals: EndOfListSignals) {
        self.driver = driver
        self.signals = signals
        let duplicates = driver.sources.identity.map {
            $0.duplicates == .takeNewer ? ReferenceModel.Duplicates.takeNewer : .keepHeld
        }
        model = ReferenceModel(
            titles: driver.sources.map(\.noMoreTitle),
            policy: driver.policy,
            current: driver.adopter.currentIndex,
            duplicates: duplicates,
            maxRetries: driver.adopter.refreshStatus.retry?.maxRetries ?? 0
        )
        sent = Array(repeating: [], count: driver.sources.count)
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            let clock = TestClock()
            driver.adopter.refreshStatus.setClock(clock)
            staleClock = clock
        } else {
            staleClock = nil
        }
    }

    /// Whether the list was set up (`appear`): a restored list on screen refreshes at once (rule SN).
    private var appeared = false

    /// How many refreshes and load-mores the run asked for: every other one is a user's pull.
    private var refreshes = 0
    private var loadMores = 0

    /// Whether the adopter's list has an identity, so that the run edits items and sends copies.
    var hasIdentity: Bool { model.duplicates != nil }

    var log: [String] { driver.steps }
    private var rig: ConformanceRig<Adopter.Item> { driver.rig }
    private var sourceCount: Int { model.sources.count }

    /// What the event should do, filled in while performing it.
    private struct Expectation {
        var loads: [ConformanceMismatch.Load] = []
        var supersedes = false
        var refusals: [ReferenceModel.Refusal] = []
        var messages = 0
        var answered: TestLoad?
        /// The page of an applied answer, and whether its source had ended before it.
        var answeredPage: RefreshPage<TestItem>?
        var endedBefore = false
        var failedSource: Int?
        var settling: AdopterDriver<Adopter>.Settling?
        /// The local edit the event made, if any.
        var edit: ConformanceRule?
        /// Whether the answer brought items sent before.
        var copies = false
        /// Whether the answer made the cap drop pages.
        var dropped = false
        /// Whether the event is about retries: a failure that waits for its retry, a wait for a
        /// retry running out, `retryNow()`. Whatever it leads to wrongly breaks the retry rule.
        var retry = false
        /// How many loads wait for their retry after a failure that waits for its own, and what
        /// that failure would settle if the adopter showed it instead.
        var retryWaits: (count: Int, settling: AdopterDriver<Adopter>.Settling?)?
        /// The source whose load failed its last retry: still loading there breaks the retry rule.
        var lastAttempt: Int?
        /// Whether the loads may come in any order: retries that wake together.
        var unorderedLoads = false
        /// Whether the answer is the last of its direction's loads in a row that did not move the
        /// list, for the model or for the adopter: whatever it leads to wrongly breaks rule S14.
        var progress = false
        /// How many waits for a retry the event ended, the model's or not: each asks again, so a
        /// wait the model does not know of shows as a load at this event.
        var wokenWaits = 0
        /// Whether the event asks to refresh a stale list: whatever it leads to wrongly breaks the
        /// staleness rule.
        var staleness = false
        /// Whether the event answered a load no longer in flight: whatever that answer changes
        /// breaks the rule that a superseded request's result is discarded (S12).
        var staleAnswer = false
        /// Whether the event started a load while the list was offline, or brought it online:
        /// whatever it leads to wrongly breaks the offline rule.
        var offline = false
        /// Whether the event settled a refresh around the position: whatever it leads to wrongly
        /// breaks rule A.
        var around = false
        /// Whether the event restored a saved list: whatever it leads to wrongly breaks rule SN.
        var restoring = false
    }

    func perform(_ event: ModelEvent) async -> Divergence? {
        var expect = Expectation()
        switch event {
        case .appear:
            appeared = true
            if model.needsFirstLoad(model.current) {
                begin(.refresh, source: model.current, &expect)
            }
            driver.perform(.appear)
        case .refresh:
            begin(.refresh, source: model.current, &expect)
            // Every other refresh is a user's pull through the adopter's wiring, when the header
            // can be pulled; the others are the app's own call.
            refreshes += 1
            if refreshes % 2 == 0 || !driver.perform(.pullHeader) {
                driver.perform(.refresh)
            }
        case .loadMore:
            begin(.loadMore, source: model.current, &expect)
            loadMores += 1
            let last = model.sources[model.current].items.count - 1
            if loadMores % 2 == 0 || !driver.perform(.pullFooter) {
                driver.perform(.loadMore)
            } else if driver.cancelsOnlyTheCurrentSource {
                // A list model's last row came on screen: where a refresh around the position asks.
                model.rowAppeared(last, source: model.current)
            }
        case .rowAppears(let pick):
            let count = model.sources[model.current].items.count
            // A list model loads when a row near either end comes on screen: only rows between them.
            let margin = driver.cancelsOnlyTheCurrentSource ? max(model.policy.pageSize, 1) : 0
            guard count > 2 * margin else {
                driver.note("rowDidAppear: no row away from the ends")
                break
            }
            let row = margin + pick % (count - 2 * margin)
            model.rowAppeared(row, source: model.current)
            driver.perform(.rowAppears(row))
        case .loadPrevious:
            begin(.loadPrevious, source: model.current, &expect)
            driver.perform(.loadPrevious)
        case .switchSource(let index):
            let target = index % sourceCount
            model.current = target
            if model.loadsOnSwitch(target) {
                begin(.refresh, source: target, &expect)
            }
            driver.perform(.switchSource(target))
        case .answer(let pick, let itemCount, let signal, let copies, let previousCursor):
            let pending = rig.loader.pending
            guard !pending.isEmpty else {
                driver.note("answer: nothing pending")
                break
            }
            answer(
                pending[pick % pending.count], itemCount: itemCount, signal: signal, copies: copies,
                previousCursor: previousCursor, &expect)
        case .fail(let pick):
            let pending = rig.loader.pending
            guard !pending.isEmpty else {
                driver.note("fail: nothing pending")
                break
            }
            let load = pending[pick % pending.count]
            let around = model.isAroundPosition(load)
            switch model.fail(load) {
            case .stale:
                expect.settling = driver.fail(load, remark: " (stale)")
            case .waitsForRetry:
                expect.retry = true
                let settling = driver.fail(load, remark: " (it waits for its retry)")
                expect.retryWaits = (model.waitingForRetry.count, settling)
            case .shown where around:
                // A refresh around the position that failed loads the first page at once (rule A).
                expect.around = true
                model.forgetFallenBack(source: load.source)
                expect.settling = driver.fail(load, remark: " (a refresh around the position)")
                begin(.refresh, source: load.source, &expect)
            case .shown:
                expect.failedSource = load.source
                if model.failureShowsMessage(source: load.source) {
                    expect.messages += 1
                }
                if model.maxRetries > 0 {
                    expect.lastAttempt = load.source
                }
                expect.settling = driver.fail(load, remark: model.maxRetries > 0 ? " (its last retry)" : "")
            }
        case .cancel(let index):
            // A list model cancels only the source on screen.
            let source = driver.cancelsOnlyTheCurrentSource ? model.current : index % sourceCount
            if model.cancel(source: source) {
                expect.failedSource = source
            }
            driver.perform(.cancel(source: source))
        case .tapRetry:
            guard model.placeholderShown, driver.hasListView else {
                driver.note("tapRetry: no placeholder")
                break
            }
            begin(.refresh, source: model.current, &expect)
            driver.perform(.tapRetry)
        case .update(let pick):
            let held = model.sources[model.current].items
            guard hasIdentity, !held.isEmpty else {
                driver.note("updateItem: nothing held")
                break
            }
            let edit = rig.loader.makeLocalEdit(of: held[pick % held.count])
            localResponses.insert(edit.response)
            model.update(edit, source: model.current)
            expect.edit = .serverCopyReplacesEdit
            driver.perform(.update(edit))
        case .remove(let pick):
            let held = model.sources[model.current].items
            let heldIDs = Set(held.map(\.id))
            let candidates = held.map(\.id) + sent[model.current].map(\.id).filter { !heldIDs.contains($0) }
            guard hasIdentity, !candidates.isEmpty else {
                driver.note("removeItem: no candidate")
                break
            }
            let id = candidates[pick % candidates.count]
            model.remove(id: id, source: model.current)
            expect.edit = .removalSticks
            driver.perform(.remove(id: id))
        case .insert(let position):
            guard hasIdentity else {
                driver.note("insertItem: no identity")
                break
            }
            let item = rig.loader.makeLocalItem(source: model.current)
            localResponses.insert(item.response)
            let at = position % (model.sources[model.current].items.count + 1)
            model.insert(item, at: at, source: model.current)
            expect.edit = .serverCopyReplacesEdit
            driver.perform(.insert(item, at: at))
        case .insertPending(let position):
            // An app sends into a list it shows: a source that never loaded holds no conversation.
            // (A list model drawn on the doubles shows no message for a failure that lands as it
            // switches to a source, which only a local item could have made non-empty.)
            guard hasIdentity, model.sources[model.current].hasLoaded else {
                driver.note("insertPendingItem: nothing loaded")
                break
            }
            let item = rig.loader.makeLocalItem(source: model.current)
            localResponses.insert(item.response)
            let at = position % (model.sources[model.current].items.count + 1)
            model.insertPending(item, at: at, source: model.current)
            expect.edit = .pendingItemsStay
            driver.perform(.insertPending(item, at: at))
            // The server has it from now on: a later answer may bring it, which confirms it.
            sent[model.current] = Array((sent[model.current] + [item]).suffix(8))
        case .retryWaitEnds:
            expect.retry = true
            expect.unorderedLoads = true
            // A load goes to sleep on the clock a turn or more after its failure.
            await driver.waitForRetryWaits(model.waitingForRetry.count)
            expect.wokenWaits = driver.retryWaits
            for retry in model.retryWaiting() {
                expectBegin(retry, &expect)
            }
            driver.endRetryWaits()
        case .retryNow:
            expect.retry = true
            expect.unorderedLoads = true
            await driver.waitForRetryWaits(model.waitingForRetry.count)
            expect.wokenWaits = model.offline ? 0 : driver.retryWaits
            for retry in model.retryWaiting() {
                expectBegin(retry, &expect)
            }
            for kind in model.kindsToLoadAgain(source: model.current) {
                begin(kind, source: model.current, &expect)
            }
            driver.perform(.retryNow)
        case .setOnline(false):
            guard !model.offline else {
                driver.perform(.setOnline(false))
                break
            }
            // Going offline ends every wait for a retry with the offline failure (rule O).
            model.offline = true
            expect.offline = true
            await driver.waitForRetryWaits(model.waitingForRetry.count)
            for failed in model.failWaitingOffline() {
                expect.failedSource = failed.source
                if model.failureShowsMessage(source: failed.source) {
                    expect.messages += 1
                }
            }
            driver.perform(.setOnline(false))
        case .setOnline(true):
            guard model.offline else {
                driver.perform(.setOnline(true))
                break
            }
            // Coming back online runs the current source's refreshIfStale refused offline (rule
            // ST).
            model.offline = false
            expect.offline = true
            expect.unorderedLoads = true
            if let maxAge = model.takeStaleCheckOnReconnect(), model.refreshesIfStale(olderThan: maxAge) {
                expect.staleness = true
                begin(.refresh, source: model.current, &expect)
            }
            // Then asks again for everything that failed, in every source (rule O).
            for source in model.sources.indices {
                for kind in model.kindsToLoadAgain(source: source) {
                    begin(kind, source: source, &expect)
                }
            }
            driver.perform(.setOnline(true))
        case .save:
            saved = (driver.adopter.refreshStatus.snapshot(), model.saved())
            driver.note("let saved = refreshStatus.snapshot()")
        case .restore:
            guard let saved else {
                driver.note("nothing saved yet: no restore")
                break
            }
            // Restoring replaces the state; the list is on screen, so a restored source (or a
            // new one) on screen loads at once (rules SN and S13).
            expect.restoring = true
            model.restore(saved.sources)
            if appeared, model.needsFirstLoad(model.current) {
                begin(.refresh, source: model.current, &expect)
            }
            driver.note("try refreshStatus.restore(from: saved)")
            do {
                try driver.adopter.refreshStatus.restore(from: saved.snapshot)
            } catch {
                driver.note("refused: \(error)")
            }
        case .timePasses(let minutes):
            model.now += minutes * 60
            driver.note("\(minutes) min pass on the runtime's clock")
            if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *), let clock = staleClock as? TestClock {
                clock.advance(by: .seconds(minutes * 60))
            }
        case .refreshIfStale(let minutes):
            expect.staleness = true
            if model.refreshesIfStale(olderThan: minutes * 60) {
                begin(.refresh, source: model.current, &expect)
            }
            driver.perform(.refreshIfStale(minutes: minutes))
        }
        let settled = await settle(expect)
        driver.noteRefusal(expect.settling)
        let marks = driver.marks
        let divergence = check(event, expect)
        guard divergence != nil else { return nil }
        // A load the adopter marked as started during the settle (from a task of its own) has not
        // been waited for yet.
        let lateLoads =
            rig.loader.loads.count < marks.loads + expect.loads.count
            && expect.loads.contains {
                $0.kind == .loadPrevious
                    ? driver.sources[$0.source].isLoadingPrevious : driver.sources[$0.source].isLoading
            }
        guard !settled || lateLoads else { return divergence }
        // Never report a divergence without letting queued work run: the adopter may deliver later
        // than the last event suggested (a completion that hops to the main actor, a second hop).
        // A load started a turn later is waited for now that the adopter's state says it is loading.
        driver.marks = marks
        await driver.settle()
        if await driver.waitForLoads(expect.loads.count, of: expect.loads.map(\.source)) {
            await driver.settle()
        }
        stepsSinceSettle = 0
        return check(event, expect)
    }

    /// What the library recorded at a divergence: the failures the adopter's sources hold.
    var recordedFailures: [RefreshFailure] { driver.recordedFailures }

    private func check(_ event: ModelEvent, _ expect: Expectation) -> Divergence? {
        let state = checkLoads(event, expect) ?? checkSources(expect)
        guard var divergence = state ?? checkScreen(expect) else {
            return nil
        }
        divergence.onScreen = state == nil
        // Whatever a restore leads to wrongly breaks rule SN.
        if expect.restoring {
            divergence.rule = .restoring
            return divergence
        }
        // A stale answer that changed a load in flight was applied to a request it does not answer.
        if expect.staleAnswer, divergence.rule == .oneLoadPerSource {
            divergence.rule = .resultAppliesToRequester
        }
        // An answer the model refused for making no progress, or the adopter did, breaks rule S14
        // whatever it does wrongly, apart from how the failure is presented (a message, a
        // placeholder), which an adopter may do its own way.
        let refusedByAdopter = expect.settling.map {
            driver.sources[$0.source].failure == RefreshFailure(request: $0.request, reason: .noProgress)
        }
        if expect.progress || refusedByAdopter == true, !divergence.mismatch.isPresentation {
            divergence.rule = .progress
        }
        return divergence
    }

    /// Whether the adopter starts its loads synchronously (callback style), learnt from the first
    /// event that should start one. For such an adopter a passing check needs no trip through the
    /// main queue after most events; a failing one always gets it before it is reported.
    private var startsLoadsSynchronously: Bool?
    private var stepsSinceSettle = 0

    /// Waits for what the event must lead to and the adopter has visibly started, then lets queued
    /// work run unless the adopter is known to work synchronously. Returns whether it let queued work run.
    private func settle(_ expect: Expectation) async -> Bool {
        if startsLoadsSynchronously == nil, !expect.loads.isEmpty {
            startsLoadsSynchronously =
                rig.loader.loads.count > driver.marks.loads && rig.footer.timing == .immediate
        }
        var waited = await driver.waitForLoads(expect.loads.count, of: expect.loads.map(\.source))
        if await driver.waitForReaction(expect.settling) {
            waited = true
        }
        if let waits = expect.retryWaits, await driver.waitForRetryWaits(waits.count, or: waits.settling) {
            waited = true
        }
        if expect.wokenWaits > expect.loads.count, await driver.waitForLoads(expect.wokenWaits) {
            waited = true
        }
        stepsSinceSettle += 1
        // A begin animation completes on the turns of a settle, so none is skipped while one runs.
        let controlsWait = rig.header.awaitsTurns || rig.footer.awaitsTurns
        if startsLoadsSynchronously == true, !waited, !controlsWait, stepsSinceSettle < 64 {
            return false
        }
        stepsSinceSettle = 0
        await driver.settle()
        return true
    }

    private func begin(_ kind: RefreshRequest.Kind, source: Int, _ expect: inout Expectation) {
        if kind != .loadPrevious, model.sources[source].inFlight != nil {
            expect.supersedes = true
        }
        if kind == .refresh, model.sources[source].previousInFlight != nil {
            expect.supersedes = true
        }
        let outcome = model.begin(kind, source: source)
        if model.offline, case .starts(let source, _, let kind) = outcome {
            // Offline, the load fails at once without reaching the loader (rule O).
            expect.offline = true
            expect.failedSource = source
            model.failInFlight(kind, source: source)
            if model.failureShowsMessage(source: source) {
                expect.messages += 1
            }
            return
        }
        expectBegin(outcome, &expect)
    }

    /// Expects the load the model started, or records why it refused it.
    private func expectBegin(_ begin: ReferenceModel.Begin, _ expect: inout Expectation) {
        switch begin {
        case .starts(let source, let page, let kind):
            expect.loads.append(ConformanceMismatch.Load(source: source, page: page, kind: kind))
        case .refused(let refusal):
            expect.refusals.append(refusal)
        }
    }

    private func answer(
        _ load: TestLoad,
        itemCount: Int,
        signal: ModelEndSignal,
        copies: Int,
        previousCursor: Bool,
        _ expect: inout Expectation
    ) {
        // A signal the adopter's loader cannot carry is sent as no signal, and so is one on a
        // previous page: the end-of-list signals speak of the end.
        // Nor is a page count for a page numbered before the first (a cursor list's pages before
        // its first refresh's): it would count less than one page, which the library refuses.
        let countable = load.page >= model.policy.firstPage || !signal.isPageCount
        let carried = signal.isCarried(by: signals) && load.kind != .loadPrevious && countable ? signal : .none
        let state = model.sources[load.source]
        // The total count the server gives counts every item it sent, held or not.
        let heldAfter = (load.kind == .refresh ? 0 : state.serverCount) + itemCount
        var signals = PageSignals(carried, for: load, firstPage: model.policy.firstPage, heldAfter: heldAfter)
        // Something comes before a page that follows another: under a cap, where the front may be
        // dropped, its answer says so.
        let follows = load.kind == .loadMore && model.policy.maxPages != nil
        if model.policy.paging == .cursors, previousCursor && load.kind != .loadMore || follows {
            // A cursor of its own, never the one the load asked with.
            signals.previousCursor = "before-l\(load.id)"
        }
        let stale = !model.isInFlight(load)
        expect.staleAnswer = stale
        let earlier = sent.indices.contains(load.source) ? sent[load.source] : []
        let repeated =
            earlier.isEmpty
            ? [] : (0..<min(copies, itemCount)).map { earlier[earlier.count - 1 - ($0 * 3 + load.id) % earlier.count] }
        expect.copies = !repeated.isEmpty
        let answered = driver.answer(
            load, itemCount: itemCount, copies: repeated, signals: signals, heldAfter: heldAfter,
            remark: stale ? " (stale)" : "")
        expect.settling = answered.settling
        if sent.indices.contains(load.source) {
            sent[load.source] = Array((sent[load.source] + answered.items.filter { !$0.isCopy }).suffix(8))
        }
        // What the driver sent: the answer as the adopter's server sends it, under cursor paging
        // with a next cursor where the list goes on.
        let sentSignals = answered.sent
        let page = RefreshPage(
            items: answered.items,
            hasMore: sentSignals.hasMore,
            curPage: sentSignals.pageCount == nil ? nil : load.page + model.policy.curPageOffset,
            pageCount: sentSignals.pageCount,
            totalCount: sentSignals.totalCount,
            nextCursor: sentSignals.nextCursor,
            previousCursor: sentSignals.previousCursor
        )
        expect.endedBefore = state.ended
        let around = model.isAroundPosition(load)
        switch model.answer(load, items: answered.items, page: page, response: answered.items.first?.response ?? 0) {
        case .applied:
            expect.answered = load
            expect.answeredPage = page
            expect.dropped = model.dropped
            if around {
                // Landed: the list loads outward (rule A).
                expect.around = true
                for kind in model.loadsOutward(source: load.source) {
                    begin(kind, source: load.source, &expect)
                }
            }
        case .fallsBack:
            // Gone: the first page loads at once, in its place (rule A).
            expect.around = true
            begin(.refresh, source: load.source, &expect)
        case .refused:
            expect.progress = true
            expect.failedSource = load.source
            if model.failureShowsMessage(source: load.source) {
                expect.messages += 1
            }
        case .stale:
            break
        }
    }

    // MARK: Checks

    private func checkLoads(_ event: ModelEvent, _ expect: Expectation) -> Divergence? {
        let (fresh, mismatch) = driver.loadsMismatch(expect.loads, unordered: expect.unorderedLoads)
        guard let mismatch else {
            for load in fresh {
                model.record(load)
            }
            return nil
        }
        return Divergence(rule: loadRule(event, expect, fresh), mismatch: mismatch)
    }

    private func loadRule(_ event: ModelEvent, _ expect: Expectation, _ fresh: [TestLoad]) -> ConformanceRule {
        // A load that reached the loader offline, or none asked again online, breaks the offline rule.
        if expect.offline {
            return .offline
        }
        // A refresh that should have asked for the position, or a load around it, breaks rule A.
        let aroundPosition = expect.loads.contains {
            $0.kind == .refresh && model.sources.indices.contains($0.source)
                && model.sources[$0.source].inFlight.map(model.isAroundPosition) == true
        }
        if expect.around || aroundPosition {
            return .refreshAroundPosition
        }
        // A load asked again too soon, too late, too often or never breaks the retry rule.
        if expect.retry || expect.lastAttempt != nil {
            return .retry
        }
        // A refresh of a list that is not stale, or none of one that is, breaks the staleness rule.
        if expect.staleness {
            return .staleness
        }
        // A load started or refused after an answer the cap dropped pages for breaks the cap's rule.
        if expect.dropped {
            return .pageCap
        }
        if expect.supersedes, !expect.loads.isEmpty {
            return .oneLoadPerSource
        }
        if let wanted = expect.loads.first, let got = fresh.first, got.source == wanted.source {
            if wanted.kind == .refresh {
                return .refreshAsksFirstPage
            }
            if wanted.kind == .loadPrevious || got.kind == .loadPrevious {
                return .previousPageLoads
            }
            return model.sources[wanted.source].endedWithoutPage ? .failedLoadCommitsNoPage : .loadMoreAsksNextPage
        }
        if let wanted = expect.loads.first, fresh.first != nil {
            return wanted.source == model.current ? .resultAppliesToRequester : .sourcesKeepOwnState
        }
        if let refusal = expect.refusals.first {
            switch refusal {
            case .busy:
                return .oneLoadPerSource
            case .ended:
                return .endOfList
            case .nothingLoaded:
                return .footerHiddenWhileEmpty
            case .noPreviousData:
                return .previousPageLoads
            }
        }
        switch event {
        case .appear:
            return .firstAppearanceLoads
        case .switchSource:
            return fresh.isEmpty ? .firstAppearanceLoads : .sourcesKeepOwnState
        case .tapRetry:
            return .failureIsShown
        case .refresh:
            return .refreshAsksFirstPage
        case .loadMore:
            return .loadMoreAsksNextPage
        case .loadPrevious:
            return .previousPageLoads
        case .answer, .fail, .cancel:
            return .oneLoadPerSource
        case .update, .insert:
            return .serverCopyReplacesEdit
        case .insertPending:
            return .pendingItemsStay
        case .remove:
            return .removalSticks
        case .retryWaitEnds, .retryNow:
            return .retry
        case .timePasses, .refreshIfStale:
            return .staleness
        case .setOnline:
            return .offline
        case .rowAppears:
            return .refreshAroundPosition
        case .save, .restore:
            return .restoring
        }
    }

    private func checkSources(_ expect: Expectation) -> Divergence? {
        for source in 0..<sourceCount {
            guard let divergence = check(source: source, expect) else { continue }
            // A load started offline fails at once and keeps the items (rule O).
            if expect.offline {
                return Divergence(rule: .offline, mismatch: divergence.mismatch)
            }
            // A failure that should wait for its retry, or a retry, changes nothing a source shows.
            if expect.retry {
                return Divergence(rule: .retry, mismatch: divergence.mismatch)
            }
            // Whatever the answer should have left in its source, it broke the cap's rule when the
            // cap dropped pages, unless it held an item twice, brought a removed one back or undid
            // a local edit (an edit outlasts the cap, rule I3).
            if expect.dropped, source == expect.answered?.source,
                ![.itemsHeldOnce, .removalSticks, .serverCopyReplacesEdit].contains(divergence.rule)
            {
                return Divergence(rule: .pageCap, mismatch: divergence.mismatch)
            }
            return divergence
        }
        return nil
    }

    private func check(source: Int, _ expect: Expectation) -> Divergence? {
        let wanted = model.sources[source]
        if let mismatch = driver.itemsMismatch(source: source, expected: wanted.items) {
            return Divergence(rule: itemsRule(source: source, mismatch, expect), mismatch: mismatch)
        }
        if let mismatch = driver.endOfListMismatch(source: source, expected: wanted.ended) {
            return Divergence(rule: endOfListRule(source: source, expect), mismatch: mismatch)
        }
        if let mismatch = driver.pageMismatch(source: source, expected: wanted.page) {
            let rule: ConformanceRule =
                wanted.endedWithoutPage ? .failedLoadCommitsNoPage : .loadMoreAsksNextPage
            return Divergence(rule: rule, mismatch: mismatch)
        }
        if let mismatch = driver.loadingMismatch(source: source, expected: model.isLoading(source: source)) {
            return Divergence(rule: loadingRule(source: source, expect), mismatch: mismatch)
        }
        if let mismatch = driver.loadingPreviousMismatch(source: source, expected: wanted.previousInFlight != nil) {
            return Divergence(rule: .previousPageLoads, mismatch: mismatch)
        }
        if let mismatch = driver.startOfListMismatch(source: source, expected: wanted.noPreviousData) {
            return Divergence(rule: .previousPageLoads, mismatch: mismatch)
        }
        if let mismatch = driver.previousPageFailureMismatch(source: source, expected: wanted.loadPreviousFailed) {
            return Divergence(rule: .previousPageLoads, mismatch: mismatch)
        }
        return nil
    }

    /// A source loading when it should not (or the other way round) breaks the previous-page rule
    /// when the event settled or started a load of the previous page, else the one-load rule.
    private func loadingRule(source: Int, _ expect: Expectation) -> ConformanceRule {
        // Still loading after the last retry failed: asked again once too often.
        if expect.lastAttempt == source {
            return .retry
        }
        if expect.answered?.kind == .loadPrevious || expect.settling?.request.kind == .loadPrevious
            || expect.loads.contains(where: { $0.kind == .loadPrevious })
        {
            return .previousPageLoads
        }
        return .oneLoadPerSource
    }

    /// A wrong end-of-list flag breaks the refresh rule only when a refresh should have reopened a
    /// list that had ended and the page carried no signal the adopter could have misread; otherwise
    /// it breaks the end-of-list rule.
    private func endOfListRule(source: Int, _ expect: Expectation) -> ConformanceRule {
        // Items a page brought again, left out, still count: a page of them ends nothing by its size.
        if hasIdentity, expect.copies, expect.answered?.source == source {
            return .itemsHeldOnce
        }
        guard let answered = expect.answered, answered.source == source, answered.kind == .refresh,
            expect.endedBefore, !model.sources[source].ended, let page = expect.answeredPage
        else { return .endOfList }
        let carriesSignal = page.hasMore != nil || page.pageCount != nil || page.totalCount != nil
        return carriesSignal ? .endOfList : .refreshResetsEndOfList
    }

    private func itemsRule(source: Int, _ mismatch: ConformanceMismatch, _ expect: Expectation) -> ConformanceRule {
        guard case .items(_, let expected, let origins) = mismatch else { return .resultAppliesToRequester }
        if let rule = identityRule(source: source, expected: expected, observed: origins, expect) {
            return rule
        }
        if origins.contains(where: { $0.map { model.staleResponses.contains($0.response) } ?? false }) {
            return .resultAppliesToRequester
        }
        if origins.contains(where: { $0.map { $0.source != source } ?? false }) {
            return .resultAppliesToRequester
        }
        if let failed = expect.failedSource, failed == source {
            switch model.sources[source].failure {
            case .refresh: return .refreshResetsEndOfList
            case .loadPrevious: return .previousPageLoads
            default: return .failedLoadCommitsNoPage
            }
        }
        if let answered = expect.answered, answered.source == source {
            if model.policy.curPageOffset != 0, expect.answeredPage?.curPage != nil {
                return .answerNumbering
            }
            switch answered.kind {
            case .refresh: return .refreshReplacesItems
            case .loadMore: return .loadMoreAsksNextPage
            case .loadPrevious: return .previousPageLoads
            }
        }
        return .resultAppliesToRequester
    }

    /// The rule for items a list with an identity holds wrongly: an id held twice, a removed id
    /// back, a local edit kept over the server's copy or not shown, the wrong copy of a duplicate.
    private func identityRule(
        source: Int,
        expected: [TestItem],
        observed: [TestItem?],
        _ expect: Expectation
    ) -> ConformanceRule? {
        guard hasIdentity, !observed.contains(where: { $0 == nil }) else { return nil }
        let held = observed.compactMap { $0 }
        let ids = held.map(\.id)
        if Set(ids).count < ids.count {
            return .itemsHeldOnce
        }
        if ids.contains(where: { model.sources[source].removed[$0] != nil }) {
            return .removalSticks
        }
        // A pending item missing, moved, or shown where the server's copy should be (rule I4).
        let pending = model.pendingIDs(source: source)
        let shownPending = Set(pending).intersection(ids)
        let wantedPositions = pending.map { id in expected.firstIndex { $0.id == id } }
        let shownPositions = pending.map { id in ids.firstIndex(of: id) }
        if shownPending.count < pending.count {
            return .pendingItemsStay
        }
        // After an answer, a local edit undone or kept against the rule (rule I3), which moves the
        // pending items after it too.
        let local = { (items: [TestItem]) in
            Set(items.filter { self.localResponses.contains($0.response) && !pending.contains($0.id) }.map(\.id))
        }
        if expect.edit == nil, local(expected) != local(held) {
            return .serverCopyReplacesEdit
        }
        if wantedPositions != shownPositions {
            return .pendingItemsStay
        }
        if let edit = expect.edit, source == model.current {
            return edit
        }
        for (wanted, shown) in zip(expected, held) where wanted.id == shown.id && wanted != shown {
            if localResponses.contains(shown.response) || localResponses.contains(wanted.response) {
                return .serverCopyReplacesEdit
            }
            return .itemsHeldOnce
        }
        if expect.copies, Set(expected.map(\.id)) != Set(ids) {
            return .itemsHeldOnce
        }
        return nil
    }

    private func checkScreen(_ expect: Expectation) -> Divergence? {
        guard let divergence = screenDivergence(expect) else { return nil }
        // A failure that should wait for its retry shows nothing; a retry ends nothing. Neither
        // hides or shows the footer: a sequence shrunk to start before the screen appeared has
        // never drawn it, whatever the events.
        guard expect.retry, divergence.rule != .footerHiddenWhileEmpty else { return divergence }
        return Divergence(rule: .retry, mismatch: divergence.mismatch)
    }

    /// Whether the adopter shows failures its own way, so that the failure messages are not
    /// counted (``ConformanceConfiguration/showsFailuresItself``).
    private var countsMessages: Bool { !rig.showsFailuresItself }

    private func screenDivergence(_ expect: Expectation) -> Divergence? {
        if driver.hasHeader, let mismatch = driver.headerMismatch(refreshing: model.headerRefreshing) {
            return Divergence(rule: .controlsLeaveRefreshing, mismatch: mismatch)
        }
        if driver.hasFooter {
            if let mismatch = driver.footerHiddenMismatch(model.footerHidden) {
                return Divergence(rule: .footerHiddenWhileEmpty, mismatch: mismatch)
            }
            if !model.footerHidden, let mismatch = driver.footerMismatch(model.footer, exactly: false) {
                return Divergence(rule: footerRule(wanted: model.footer, shown: rig.footer.state), mismatch: mismatch)
            }
        }
        if driver.hasListView {
            if let mismatch = driver.placeholderMismatch(shown: model.placeholderShown) {
                return Divergence(rule: .failureIsShown, mismatch: mismatch)
            }
            if countsMessages, let mismatch = driver.messagesMismatch(expect.messages) {
                return Divergence(rule: .failureIsShown, mismatch: mismatch)
            }
        }
        return nil
    }

    private func footerRule(wanted: TestFooterControl.State, shown: TestFooterControl.State) -> ConformanceRule {
        switch (wanted, shown) {
        case (.refreshing, _), (_, .refreshing):
            return .controlsLeaveRefreshing
        case (.noMoreData, _):
            return .endOfList
        case (_, .noMoreData):
            return .refreshResetsEndOfList
        default:
            return .failureIsShown
        }
    }
}
