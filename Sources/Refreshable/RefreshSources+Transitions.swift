/// What ``RefreshSources/begin(_:source:)`` decided.
public enum RefreshBegin: Sendable, Equatable {
    /// A load was started; `superseded` is the in-flight request it replaced, whose result will be discarded.
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
    /// continue from.
    case nothingLoaded
}

/// What a settled load changed.
public struct RefreshUpdate: Sendable, Equatable {
    /// How the items changed.
    public enum Change: Sendable, Equatable {
        /// A refresh replaced every item; the source now holds `count` items.
        case replaced(count: Int)
        /// A load-more appended the items at these positions.
        case appended(Range<Int>)
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
        get { merge?.droppedDuplicates ?? 0 }
        set { merge = MergeDetails.unlessEmpty(newValue, droppedRemovals, replacedInPlace, difference) }
    }
    /// How many of the page's items were left out because they were removed locally since the last
    /// refresh (see ``RefreshSources/removeItem(id:source:)``).
    public var droppedRemovals: Int {
        get { merge?.droppedRemovals ?? 0 }
        set { merge = MergeDetails.unlessEmpty(droppedDuplicates, newValue, replacedInPlace, difference) }
    }
    /// The positions, before this change's own range, of held items that a newer copy replaced in
    /// place: the page's copy under ``RefreshItemIdentity/DuplicateRule/takeNewer``, or the
    /// server's copy of an item edited locally. Ascending and non-overlapping.
    public var replacedInPlace: [Range<Int>] {
        get { merge?.replacedInPlace ?? [] }
        set { merge = MergeDetails.unlessEmpty(droppedDuplicates, droppedRemovals, newValue, difference) }
    }
    /// For a refresh of a list with an ``RefreshSources/identity``, how the ids of the items went
    /// from the list before it to the list after it: offsets of removals in the old list, of
    /// insertions in the new one, moves associated. A table animates it as a batch update (see
    /// the article "Items with an identity"). Items kept at their place are not in it, even when
    /// the refresh brought a newer copy of them. `nil` for other changes and without an identity.
    public var difference: CollectionDifference<RefreshItemID>? { merge?.difference }

    /// What a merge by id did, kept out of line so that a list without an identity pays one
    /// pointer for it.
    @usableFromInline var merge: MergeDetails?

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
    /// The result was stale (its request is not the source's in-flight one) and was discarded
    /// (see <doc:Rules#Results-land-where-they-were-asked-for>).
    case discarded(RefreshRequest)
}

extension RefreshSources {
    /// Asks for a load of one source and decides whether it starts: the page to ask for, the end
    /// of the list and the conflict rule (see <doc:Rules>).
    /// - Parameters:
    ///   - kind: Refresh or load-more.
    ///   - source: The source that asks.
    /// - Returns: The started request (and the one it superseded), or why nothing started.
    @inlinable
    public mutating func begin(_ kind: RefreshRequest.Kind, source: Int) -> RefreshBegin {
        checkSource(source, in: "begin(_:source:)")
        let state = states[source]
        if let inFlight = state.inFlight, !supersedes(kind, inFlight: inFlight.kind) {
            return .ignored(.busy(inFlight: inFlight))
        }
        let page: Int
        var cursor: String?
        switch kind {
        case .refresh:
            page = policy.firstPage
        case .loadMore:
            guard state.hasLoaded, !state.items.isEmpty else { return .ignored(.nothingLoaded) }
            guard !state.noMoreData else { return .ignored(.noMoreData) }
            let (next, overflow) = state.page.addingReportingOverflow(1)
            guard !overflow else { return .ignored(.noMoreData) }
            page = next
            if policy.paging == .cursors {
                guard let next = state.nextCursor else { return .ignored(.noMoreData) }
                cursor = next
            }
        }
        lastGeneration &+= 1
        revision &+= 1
        let request = RefreshRequest(
            source: source,
            page: page,
            kind: kind,
            generation: lastGeneration,
            origin: origin,
            cursor: cursor
        )
        states[source]._inFlight = request
        if kind == .loadMore {
            states[source]._loadMoreFailure = nil
        }
        return .started(request, superseded: state.inFlight)
    }

    /// Applies a page to the source that asked for it, unless the result is stale or hostile.
    ///
    /// A refresh replaces the items and resets the end of the list from the page; a load-more
    /// appends, in place; the end of the list comes from the strongest signal the page carries
    /// (see <doc:Rules#The-end-of-the-list>). A hostile page (see
    /// ``RefreshPage/validate(against:heldBefore:firstPage:curPageOffset:)``) is refused like a failure: items,
    /// page and end of the list stay.
    /// - Parameters:
    ///   - request: The request the page answers.
    ///   - page: The server's answer.
    /// - Returns: What was done with the page.
    @inlinable
    public mutating func succeed(_ request: RefreshRequest, with page: RefreshPage<Item>) -> RefreshSettlement {
        guard isInFlight(request) else { return .discarded(request) }
        let source = request.source
        let heldBefore = states[source].items.count
        if let invalid = page.validate(
            against: request,
            heldBefore: heldBefore,
            firstPage: policy.firstPage,
            curPageOffset: policy.curPageOffset
        ) {
            return settleFailure(RefreshFailure(request: request, reason: .invalidResponse(invalid)))
        }
        revision &+= 1
        if !indexes.isEmpty {
            return .applied(succeedByID(request, with: page))
        }
        // Every change goes through states[source] itself: a local copy of the state would hold a
        // second reference to the items and make each append copy all of them.
        let change: RefreshUpdate.Change
        switch request.kind {
        case .refresh:
            states[source]._items = page.items
            change = .replaced(count: page.items.count)
        case .loadMore:
            states[source]._items.append(contentsOf: page.items)
            change = .appended(heldBefore..<states[source].items.count)
        }
        let noMoreData = page.isLastPage(
            heldAfterApplying: states[source].items.count,
            request: request,
            policy: policy
        )
        commit(request, noMoreData: noMoreData, nextCursor: page.nextCursor)
        return .applied(RefreshUpdate(request: request, source: source, change: change, noMoreData: noMoreData))
    }

    /// Records a page's success in its source: its page number, the end of the list, the cursor
    /// of the next page (under cursor paging), no failure, nothing in flight.
    @inlinable
    mutating func commit(_ request: RefreshRequest, noMoreData: Bool, nextCursor: String?) {
        let source = request.source
        states[source]._noMoreData = noMoreData
        states[source]._nextCursor = policy.paging == .cursors && !noMoreData ? nextCursor : nil
        states[source]._page = request.page
        states[source]._hasLoaded = true
        states[source]._failure = nil
        states[source]._loadMoreFailure = nil
        states[source]._inFlight = nil
    }

    /// Records a failed load for the source that asked for it, unless the result is stale.
    ///
    /// Nothing is committed: the items, the page and the end of the list stay, so the next
    /// load-more asks for the same page again and a failed refresh keeps the old list (see
    /// <doc:Rules#Failures>).
    /// - Parameters:
    ///   - request: The request that failed.
    ///   - error: What the loader threw; wrapped by ``RefreshFailure/init(wrapping:for:describedAs:)``.
    ///   - description: The error in words fit for the user; `String(describing: error)` by default.
    /// - Returns: ``RefreshSettlement/failed(_:)`` or, for a stale request, ``RefreshSettlement/discarded(_:)``.
    @inlinable
    public mutating func fail(
        _ request: RefreshRequest,
        error: any Error,
        describedAs description: String? = nil
    ) -> RefreshSettlement {
        guard isInFlight(request) else { return .discarded(request) }
        let text = description ?? String(describing: error)
        return settleFailure(RefreshFailure(wrapping: error, for: request, describedAs: text))
    }

    /// Cancels the source's in-flight load, if any, and records a ``RefreshFailure/Reason/cancelled`` failure.
    /// The loader's own answer, when it comes, is then stale and discarded.
    /// - Parameter source: The source to cancel.
    /// - Returns: The settlement of the cancelled request, or `nil` when nothing was in flight.
    @inlinable
    public mutating func cancel(source: Int) -> RefreshSettlement? {
        checkSource(source, in: "cancel(source:)")
        guard let request = states[source].inFlight else { return nil }
        return settleFailure(RefreshFailure(request: request, reason: .cancelled))
    }

    /// Whether `request` is the in-flight request of its source, that is, whether its result would be applied.
    /// - Parameter request: The request to check.
    @inlinable
    public func isInFlight(_ request: RefreshRequest) -> Bool {
        states.indices.contains(request.source) && states[request.source].inFlight == request
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
        for index in states.indices where states[index].inFlight != nil {
            states[index]._inFlight = nil
        }
    }

    @usableFromInline
    func supersedes(_ kind: RefreshRequest.Kind, inFlight: RefreshRequest.Kind) -> Bool {
        switch (policy.conflictRule, kind, inFlight) {
        case (.inFlightWins, _, _), (_, .loadMore, _), (.refreshWins, .refresh, .refresh):
            return false
        case (.refreshWins, .refresh, .loadMore), (.latestRefreshWins, .refresh, _):
            return true
        }
    }

    @usableFromInline
    mutating func settleFailure(_ failure: RefreshFailure) -> RefreshSettlement {
        let source = failure.request.source
        revision &+= 1
        states[source]._inFlight = nil
        states[source]._failure = failure
        if failure.request.kind == .loadMore {
            states[source]._loadMoreFailure = failure
        }
        return .failed(failure)
    }
}
