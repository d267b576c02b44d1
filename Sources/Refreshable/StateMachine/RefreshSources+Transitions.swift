/// What ``RefreshSources/begin(_:source:)`` decided.
public enum RefreshBegin: Sendable, Equatable {
    /// A load was started; `superseded` is the in-flight request it replaced, whose result will be
    /// discarded. A refresh that supersedes both a load-more and a load of the previous page names
    /// the load-more; the other is discarded all the same.
    case started(RefreshRequest, superseded: RefreshRequest?)
    /// Nothing was started.
    case ignored(RefreshIgnoreReason)
}

/// Why a requested load was not started.
public enum RefreshIgnoreReason: Sendable, Equatable {
    /// A load of this source is in flight and the conflict rule keeps it
    /// (see <doc:Rules#One-load-per-source>).
    case busy(inFlight: RefreshRequest)
    /// The list has ended; load-more cannot trigger (see <doc:Rules#The-end-of-the-list>).
    case noMoreData
    /// Load-more before the first page loaded, or while the source is empty: there is nothing to
    /// continue from. A load of the previous page of an empty source starts while its start is
    /// open (an empty chat polling for its first messages).
    case nothingLoaded
    /// Nothing comes before the first loaded page (see ``RefreshState/noPreviousData``).
    case noPreviousData
}

/// What a settled load changed.
public struct RefreshUpdate: Sendable, Equatable {
    /// How the items changed.
    public enum Change: Sendable, Equatable {
        /// A refresh replaced every item; the source now holds `count` items.
        case replaced(count: Int)
        /// A load-more appended the items at these positions: after the others, before any pending
        /// items at the back (see ``RefreshSources/insertPendingItem(_:at:source:)``).
        case appended(Range<Int>)
        /// A load of the previous page put the items at these positions before the others, after
        /// any pending items at the front.
        case prepended(Range<Int>)
        /// The current source changed; the list shows another source's items.
        case switchedSource
        /// The whole state was replaced (a logout, a new filter); the source holds other items.
        case reset
        /// A local edit replaced the item at these positions (see ``RefreshSources/updateItem(_:source:)``).
        case edited(Range<Int>)
        /// A local edit removed the items that were at these positions
        /// (see ``RefreshSources/removeItem(id:source:)``).
        case removed(Range<Int>)
        /// A local edit inserted the items now at these positions
        /// (see ``RefreshSources/insertItem(_:at:source:)``).
        case inserted(Range<Int>)
    }

    /// The request that settled; `nil` for a switch, a reset and a local edit.
    public let request: RefreshRequest?
    /// The source whose items changed.
    public let source: Int
    /// How they changed.
    public let change: Change
    /// Whether the source's list has ended after this change.
    public let noMoreData: Bool
    /// How many of the page's items were left out because an item with the same id was held
    /// already (or came earlier in the same page); `0` without a ``RefreshSources/identity``.
    public var droppedDuplicates: Int {
        get { details.droppedDuplicates }
        set { details.droppedDuplicates = newValue }
    }
    /// How many of the page's items were left out because they were removed locally since the last
    /// refresh (see ``RefreshSources/removeItem(id:source:)``).
    public var droppedRemovals: Int {
        get { details.droppedRemovals }
        set { details.droppedRemovals = newValue }
    }
    /// The positions, outside this change's own range and in the list after it, of held items
    /// that a newer copy replaced in place: the page's copy under
    /// ``RefreshItemIdentity/DuplicateRule/takeNewer``, or the server's copy of an item edited
    /// locally. Ascending and non-overlapping.
    public var replacedInPlace: [Range<Int>] {
        get { details.replacedInPlace }
        set { details.replacedInPlace = newValue }
    }
    /// The positions, in the list before this change, of the items the page cap dropped from the
    /// other end (see ``RefreshPolicy/maxPages``); `nil` when no page was dropped, empty when the
    /// pages dropped held no rows (their items were all removed locally). A table deletes these
    /// rows and inserts the change's own range in one batch update.
    public var dropped: Range<Int>? {
        get { details.dropped }
        set { details.dropped = newValue }
    }
    /// The positions, in the list before this change, of the pending items (see
    /// ``RefreshSources/insertPendingItem(_:at:source:)``) whose ids the answer brought, ascending:
    /// the server's copies are among the change's own rows, so a table deletes these rows, as it
    /// deletes ``dropped``, and inserts the change's range in one batch update. A refresh's
    /// ``difference`` moves them already. Empty when the answer confirmed none.
    public var confirmed: [Int] { details.confirmed }
    /// Where the server's copies of the confirmed items are, in the list after this change: rows
    /// whose content changed, which a diffable data source reconfigures.
    package var confirmedCopies: [Int] { details.confirmedCopies }
    /// For a refresh of a list with an ``RefreshSources/identity``, how the ids of the items went
    /// from the list before it to the list after it: offsets of removals in the old list, of
    /// insertions in the new one, moves associated. A table animates it as a batch update (see
    /// the article "Items with an identity"). Items kept at their place are not in it, even when
    /// the refresh brought a newer copy of them. `nil` for other changes and without an identity.
    ///
    /// Built each time it is read, from the items the refresh replaced (the update keeps them) and
    /// the ids of those it holds: reading it costs about the rows it names, and a refresh whose
    /// difference nobody reads costs only its page. Read it once per update.
    public var difference: RefreshItemDifference? { details.makeDifference?() }

    /// What a merge by id or the page cap did, kept out of line so that a plain list pays one
    /// pointer for it.
    @usableFromInline var merge: MergeBox?
    /// What ``merge`` holds; setting details that report nothing holds none, so that equal updates
    /// compare equal.
    var details: MergeDetails {
        get { merge?.details ?? MergeDetails() }
        set { merge = newValue.isEmpty ? nil : MergeBox(newValue) }
    }

    /// Creates an update.
    /// - Parameters:
    ///   - request: The request that settled, if any.
    ///   - source: The source whose items changed.
    ///   - change: How they changed.
    ///   - noMoreData: Whether the list has ended.
    public init(request: RefreshRequest?, source: Int, change: Change, noMoreData: Bool) {
        self.request = request
        self.source = source
        self.change = change
        self.noMoreData = noMoreData
    }
}

/// What ``RefreshSources/succeed(_:with:)`` or ``RefreshSources/fail(_:error:describedAs:)`` did with a result.
public enum RefreshSettlement: Sendable, Equatable {
    /// The page was applied to the source that asked for it.
    case applied(RefreshUpdate)
    /// The load failed, or its answer was refused; the items and committed page are unchanged.
    case failed(RefreshFailure)
    /// The loader threw `CancellationError`: the load ended without a result and nothing was
    /// recorded; the items, the page, the end of the list and the failures are as they were.
    case cancelled(RefreshRequest)
    /// The result was stale (its request is not the source's in-flight one) and was discarded
    /// (see <doc:Rules#Results-land-where-they-were-asked-for>).
    case discarded(RefreshRequest)
}

extension RefreshSources {
    /// Asks for a load of one source and decides whether it starts: the page to ask for, the end
    /// of the list and the conflict rule (see <doc:Rules>).
    ///
    /// A load of the previous page (``RefreshRequest/Kind/loadPrevious``) runs beside a load-more;
    /// a refresh supersedes both, except under ``RefreshPolicy/ConflictRule/inFlightWins``, where
    /// it waits for both. A refresh of a capped list whose policy refreshes around the position
    /// asks for the page of the row that came on screen last (see ``rowDidAppear(at:source:)``).
    /// - Parameters:
    ///   - kind: Refresh, load-more, or a load of the previous page.
    ///   - source: The source that asks.
    /// - Returns: The started request (and the one it superseded), or why nothing started.
    @inlinable
    public mutating func begin(_ kind: RefreshRequest.Kind, source: Int) -> RefreshBegin {
        start(kind, source: source).outcome
    }

    /// Decides whether a load starts, as ``begin(_:source:)`` does.
    /// - Returns: The decision, and every request the started load superseded (a refresh may
    ///   supersede a load toward each end), whose answers will be discarded.
    @inlinable
    mutating func start(
        _ kind: RefreshRequest.Kind,
        source: Int
    ) -> (outcome: RefreshBegin, superseded: [RefreshRequest]) {
        checkSource(source, in: "begin(_:source:)")
        let edge = kind.edge
        if let busy = blocking(kind, source: source) {
            return (.ignored(.busy(inFlight: busy)), [])
        }
        var page = policy.firstPage
        var cursor: String?
        let position = kind == .refresh ? refreshPosition(source: source) : nil
        if let position {
            (page, cursor) = (position.page, position.cursor)
        } else if kind != .refresh {
            let ended: RefreshIgnoreReason = edge == forward ? .noMoreData : .noPreviousData
            // An empty list polls for newer items above it while its start is open (an empty chat).
            let polls = edge == backward && !states[source].edges[backward].ended
            guard states[source].hasLoaded, polls || !states[source].items.isEmpty else {
                return (.ignored(.nothingLoaded), [])
            }
            guard !states[source].edges[edge].ended else { return (.ignored(ended), []) }
            let (next, overflow) = states[source].edges[edge].page.addingReportingOverflow(edge == forward ? 1 : -1)
            guard !overflow else { return (.ignored(ended), []) }
            page = next
            if policy.paging == .cursors {
                guard let next = states[source].edges[edge].cursor else { return (.ignored(ended), []) }
                cursor = next
            } else if edge == backward, page < policy.firstPage {
                return (.ignored(ended), [])
            }
        }
        // A new generation, from this value's origin.
        lastGeneration &+= 1
        revision &+= 1
        let request = RefreshRequest(
            source: source, page: page, kind: kind, generation: lastGeneration, origin: origin, cursor: cursor)
        var superseded: [RefreshRequest] = []
        if kind == .refresh {
            noteRefresh(request, aroundPosition: position != nil)
            // A refresh supersedes the loads toward both ends: their answers are discarded.
            superseded = (forward...backward).compactMap { states[source].edges[$0].inFlight.take() }
        } else {
            states[source].edges[edge].failure = nil
        }
        states[source].edges[edge].inFlight = request
        return (.started(request, superseded: superseded.first), superseded)
    }

    /// The load in flight that keeps a load of `kind` from starting, if any: loads toward the same
    /// end, or a refresh and a load of the previous page, run one at a time unless the conflict
    /// rule lets the new one supersede the other.
    @inlinable
    func blocking(_ kind: RefreshRequest.Kind, source: Int) -> RefreshRequest? {
        // Read once: where this code runs unspecialised, each read of the state copies it.
        let edges = states[source].edges
        if let own = edges[kind.edge].inFlight, !supersedes(kind, inFlight: own.kind) {
            return own
        }
        if let other = edges[1 - kind.edge].inFlight, kind == .refresh || other.kind == .refresh,
            !supersedes(kind, inFlight: other.kind)
        {
            return other
        }
        return nil
    }

    /// Applies a page to the source that asked for it, unless the result is stale or hostile.
    ///
    /// A refresh replaces the items and resets the end of the list from the page; a load-more
    /// appends, in place; a load of the previous page puts its items first. The end of the list
    /// comes from the strongest signal the page carries (see <doc:Rules#The-end-of-the-list>).
    /// Past the policy's ``RefreshPolicy/maxPages``, the page at the other end is dropped
    /// (``RefreshUpdate/dropped``). A hostile page (see
    /// ``RefreshPage/validate(against:heldBefore:firstPage:curPageOffset:)``) is refused like a
    /// failure: items, page and end of the list stay. So is the last of
    /// ``RefreshPolicy/maxLoadsWithoutProgress`` loads in a row in one direction that did not move
    /// the list, with ``RefreshFailure/Reason/noProgress`` (see <doc:Rules#Progress>), and an
    /// empty answer to a refresh around the position, with
    /// ``RefreshFailure/InvalidResponse/positionGone(page:)``: the next refresh loads the first page.
    /// - Parameters:
    ///   - request: The request the page answers.
    ///   - page: The server's answer.
    /// - Returns: What was done with the page.
    @inlinable
    public mutating func succeed(_ request: RefreshRequest, with page: RefreshPage<Item>) -> RefreshSettlement {
        apply(request, with: page).settlement
    }

    /// Applies a page as ``succeed(_:with:)`` does.
    /// - Returns: What was done with the page, and the load the page cap superseded, if any: one
    ///   toward the end it dropped pages from.
    @inlinable
    mutating func apply(
        _ request: RefreshRequest,
        with page: RefreshPage<Item>
    ) -> (settlement: RefreshSettlement, superseded: RefreshRequest?) {
        guard isInFlight(request) else { return (.discarded(request), nil) }
        let source = request.source
        let heldBefore = states[source].items.count
        if let invalid = page.validate(
            against: request,
            heldBefore: heldBefore,
            firstPage: policy.firstPage,
            curPageOffset: policy.curPageOffset
        ) {
            return (settleFailure(RefreshFailure(request: request, reason: .invalidResponse(invalid))), nil)
        }
        if request.kind == .refresh, page.items.isEmpty, isAroundPosition(request) {
            // The page the user was on is gone: refused, so the list is not emptied.
            let gone = RefreshFailure(request: request, reason: .invalidResponse(.positionGone(page: request.page)))
            return (settleFailure(gone), nil)
        }
        if request.kind != .refresh, let stalled = checkProgress(of: request, page: page, heldBefore: heldBefore) {
            return (settleFailure(stalled), nil)
        }
        revision &+= 1
        let cap = policy.maxPages != nil && request.kind != .refresh ? makeRoom(for: request, page: page) : nil
        // Read again only when the cap dropped items: each read of a state copies it in an
        // adopter's runtime, which is not specialised for its items.
        let start = cap?.madeRoom == true ? states[source].items.count : heldBefore
        if !indexes.isEmpty {
            return (.applied(succeedByID(request, with: page, cap: cap)), cap?.superseded)
        }
        // Every change goes through states[source] itself: a local copy of the state would hold a
        // second reference to the items and make each append copy all of them.
        let change: RefreshUpdate.Change
        switch request.kind {
        case .refresh:
            states[source]._items = RefreshItems(page.items)
            change = .replaced(count: page.items.count)
        case .loadMore:
            states[source]._items.append(contentsOf: page.items)
            change = .appended(start..<states[source].items.count)
        case .loadPrevious:
            states[source]._items.insert(contentsOf: page.items, at: 0)
            change = .prepended(0..<page.items.count)
        }
        let update = commit(request, page: page, change: change, serverHeld: states[source].items.count, cap: cap)
        return (.applied(update), cap?.superseded)
    }

    /// Records a page's success in its source (the page at its end, whether the list ends there,
    /// the cursor past it, no failure, nothing in flight toward it; both ends for a refresh),
    /// holds it under the page cap, and describes the change.
    /// - Parameters:
    ///   - serverHeld: How many of the server's items the source has passed since the last
    ///     refresh, held or left out, for the end of the list by total count.
    ///   - cap: What the page cap did to make room for the page, when the policy has one.
    @inlinable @inline(__always)
    mutating func commit(
        _ request: RefreshRequest,
        page: RefreshPage<Item>,
        change: RefreshUpdate.Change,
        serverHeld: Int,
        cap: CapPlan?
    ) -> RefreshUpdate {
        let source = request.source
        let byCursor = policy.paging == .cursors
        states[source]._hasLoaded = true
        states[source].lastFailure = nil
        if request.kind == .refresh {
            // What comes before a refresh's page: nothing, or the pages before the position.
            states[source].itemsBefore = itemsBefore(refresh: request)
            states[source].refreshSucceeded()
        }
        if request.kind == .loadPrevious {
            states[source].itemsBefore -= Swift.min(states[source].itemsBefore, page.items.count)
        } else {
            // Under a cap, a load-more counts what the server sent in the pages held, since what
            // the dropped pages left out is no longer among the items.
            let capped = request.kind == .loadMore && cap != nil
            let serverCount =
                (capped ? serverCountUnderCap(source, adding: page.items.count, madeRoom: cap?.madeRoom == true) : nil)
                ?? serverHeld &+ states[source].itemsBefore
            let ended = page.isLastPage(heldAfterApplying: serverCount, request: request, policy: policy)
            states[source].edges[forward].commit(
                page: request.page, ended: ended, cursor: page.nextCursor, byCursor: byCursor)
        }
        if request.kind != .loadMore {
            // The page is the first one held now: whether anything comes before it.
            let ended = page.isFirstPage(request: request, policy: policy)
            states[source].edges[backward].commit(
                page: request.page, ended: ended, cursor: page.previousCursor, byCursor: byCursor)
        }
        guard policy.maxPages != nil else {
            return RefreshUpdate(
                request: request, source: source, change: change, noMoreData: states[source].noMoreData)
        }
        return holdUnderCap(request, page: page, change: change, plan: cap)
    }

    /// Records a failed load for the source that asked for it, unless the result is stale.
    ///
    /// Nothing is committed: the items, the page and the end of the list stay, so the next
    /// load-more asks for the same page again and a failed refresh keeps the old list (see
    /// <doc:Rules#Failures>). A `CancellationError` is no failure: the load ends as
    /// ``cancel(source:)`` ends it, and nothing is recorded.
    /// - Parameters:
    ///   - request: The request that failed.
    ///   - error: What the loader threw; wrapped by ``RefreshFailure/init(wrapping:for:describedAs:)``.
    ///   - description: The message the user reads for the error;
    ///     ``RefreshFailure/defaultDescription(of:)`` by default.
    /// - Returns: ``RefreshSettlement/failed(_:)``, ``RefreshSettlement/cancelled(_:)`` for a
    ///   `CancellationError`, or, for a stale request, ``RefreshSettlement/discarded(_:)``.
    public mutating func fail(
        _ request: RefreshRequest,
        error: any Error,
        describedAs description: String? = nil
    ) -> RefreshSettlement {
        guard isInFlight(request) else { return .discarded(request) }
        if error is CancellationError {
            end(request)
            return .cancelled(request)
        }
        let text = description ?? RefreshFailure.defaultDescription(of: error)
        return settleFailure(RefreshFailure(wrapping: error, for: request, describedAs: text))
    }

    /// Cancels the source's in-flight loads, if any: they end without a result, and nothing is
    /// recorded (the failures the source kept stay as they were). The loader's own answers, when
    /// they come, are then stale and discarded.
    /// - Parameter source: The source to cancel.
    /// - Returns: The requests cancelled, whose work to stop: the load of the previous page first,
    ///   then the refresh or load-more; empty when nothing was in flight.
    @discardableResult
    public mutating func cancel(source: Int) -> [RefreshRequest] {
        checkSource(source, in: "cancel(source:)")
        let cancelled = [backward, forward].compactMap { states[source].edges[$0].inFlight }
        for request in cancelled {
            end(request)
        }
        return cancelled
    }

    /// Ends an in-flight request without a result: no failure is recorded.
    private mutating func end(_ request: RefreshRequest) {
        revision &+= 1
        states[request.source].edges[request.kind.edge].inFlight = nil
        states[request.source].wasCancelled = true
    }

    /// Whether `request` is the in-flight request of its source, that is, whether its result would be applied.
    /// - Parameter request: The request to check.
    @inlinable @inline(__always)
    public func isInFlight(_ request: RefreshRequest) -> Bool {
        guard request.source >= 0, request.source < sourceCount else { return false }
        return states[request.source].edges[request.kind.edge].inFlight == request
    }

    /// Whether this value is an edited copy of `other`, as opposed to an older or unrelated value:
    /// both come from the same adopted value and no transition ran since they parted.
    func isEditedCopy(of other: RefreshSources) -> Bool {
        origin == other.origin && revision == other.revision
    }

    /// Makes this value the state of a runtime under a new identity: every request it holds in
    /// flight is forgotten (no answer to one may ever land), and requests it issues from now on
    /// never equal one issued before.
    mutating func adopt(origin newOrigin: UInt64) {
        origin = newOrigin
        revision &+= 1
        for index in states.indices where states[index].isLoading {
            states[index].edges[forward].inFlight = nil
            states[index].edges[backward].inFlight = nil
        }
    }

    @usableFromInline
    func supersedes(_ kind: RefreshRequest.Kind, inFlight: RefreshRequest.Kind) -> Bool {
        switch (policy.conflictRule, kind, inFlight) {
        case (.inFlightWins, _, _), (_, .loadMore, _), (_, .loadPrevious, _), (.refreshWins, .refresh, .refresh):
            return false
        case (.refreshWins, .refresh, .loadMore), (.refreshWins, .refresh, .loadPrevious),
            (.latestRefreshWins, .refresh, _):
            return true
        }
    }

    /// Replaces a failure the source keeps with the same failure read as `message`.
    /// - Returns: The failure as it now reads.
    mutating func describeFailure(_ failure: RefreshFailure, as message: String) -> RefreshFailure {
        let described = failure.described(as: message)
        let source = failure.request.source
        let box = FailureBox(described)
        if states[source].lastFailure?.failure == failure {
            states[source].lastFailure = box
        }
        for edge in forward...backward where states[source].edges[edge].failure?.failure == failure {
            states[source].edges[edge].failure = box
        }
        return described
    }

    @usableFromInline
    mutating func settleFailure(_ failure: RefreshFailure) -> RefreshSettlement {
        let source = failure.request.source
        revision &+= 1
        let box = FailureBox(failure)
        states[source].lastFailure = box
        let edge = failure.request.kind.edge
        states[source].edges[edge].inFlight = nil
        // A failed refresh leaves the failure a load-more showed in the footer, and stays to be
        // asked again until a refresh succeeds.
        if failure.request.kind != .refresh {
            states[source].edges[edge].failure = box
        } else {
            states[source].edges[forward].refreshFailed = true
            if fallsBack(failure) {
                // The next refresh loads the first page.
                states[source].position = nil
            }
        }
        return .failed(failure)
    }
}
