/// The page state of every source of one list, and the pure state machine over it.
///
/// This is the one stored property a ``Refreshable`` adopter declares (``Refreshable/refreshStatus``).
/// It reads like the seed's array of tuples (`refreshStatus[currentIndex].page`) and adds the
/// transitions every rule of the library goes through. Each transition is a plain function of the
/// state and its arguments: no UI, no clock, no concurrency.
///
/// ```swift
/// var sources: RefreshSources<String> = [RefreshState(noMoreTitle: "The end")]
/// guard case .started(let request, _) = sources.begin(.refresh, source: 0) else { return }
/// _ = sources.succeed(request, with: RefreshPage(items: ["a", "b"], curPage: 1, pageCount: 1))
/// // sources[0].items == ["a", "b"], sources[0].noMoreData == true
/// ```
public struct RefreshSources<Item: Sendable>: Sendable {
    /// Paging and conflict rules shared by every source.
    public var policy: RefreshPolicy
    private var states: [RefreshState<Item>]
    private var lastGeneration: UInt64 = 0
    /// Tells this value's requests from those of a value it replaced (see ``RefreshRequest/origin``).
    private let origin = UInt64.random(in: 1...UInt64.max)
    /// Async loader tasks, by source. Cancelled when their request is superseded.
    var tasks: [Int: (request: RefreshRequest, task: Task<Void, Never>)] = [:]
    /// What the controls were last driven to, so a re-render issues only the commands that change something.
    var rendered: RenderedControls?
    /// The request being handed to `refreshData(isRefresh:)` right now.
    var issuing: RefreshRequest?

    /// Creates the sources.
    /// - Parameters:
    ///   - states: One state per source, in tab order; at least one.
    ///   - policy: Paging and conflict rules.
    public init(_ states: [RefreshState<Item>], policy: RefreshPolicy = RefreshPolicy()) {
        precondition(
            !states.isEmpty,
            "RefreshSources needs at least one source: pass one RefreshState per tab, e.g. [RefreshState(noMoreTitle: \"No more\")]."
        )
        self.policy = policy
        self.states = states
    }

    /// Creates sources that each start unloaded, one per end-of-list text.
    /// - Parameters:
    ///   - noMoreTitles: Each source's footer text at the end of its list.
    ///   - policy: Paging and conflict rules.
    public init(noMoreTitles: [String], policy: RefreshPolicy = RefreshPolicy()) {
        self.init(noMoreTitles.map { RefreshState(noMoreTitle: $0, firstPage: policy.firstPage) }, policy: policy)
    }

    /// Adds a source at the end, for lists whose tabs are known only later.
    /// - Parameter state: The new source's state.
    public mutating func append(_ state: RefreshState<Item>) {
        states.append(state)
    }

    /// Stops with a message that says what to fix when `source` is not a valid index.
    /// - Parameters:
    ///   - source: The index to check.
    ///   - caller: The name of the API that received the index, for the message.
    public func checkSource(_ source: Int, in caller: String = "refreshStatus") {
        precondition(
            states.indices.contains(source),
            "\(caller): source index \(source) is out of range; this list has \(states.count) source(s) (0..<\(states.count)). Add one RefreshState per tab to refreshStatus, or keep currentIndex within it."
        )
    }
}

extension RefreshSources {
    /// Notes that the library is about to call a control's `beginRefreshing()`.
    mutating func expectEcho(of control: ControlDriver.Control) {
        if rendered == nil {
            rendered = RenderedControls(appearance: RefreshAppearance())
        }
        switch control {
        case .header:
            rendered?.headerEchoPending = true
        case .footer:
            rendered?.footerEchoPending = true
        }
    }

    /// Whether a call from a control is the echo of the library's own `beginRefreshing()`; consumes it.
    mutating func consumeEcho(of control: ControlDriver.Control) -> Bool {
        switch control {
        case .header:
            guard rendered?.headerEchoPending == true else { return false }
            rendered?.headerEchoPending = false
        case .footer:
            guard rendered?.footerEchoPending == true else { return false }
            rendered?.footerEchoPending = false
        }
        return true
    }
}

extension RefreshSources: ExpressibleByArrayLiteral {
    /// Creates sources from a literal list of states, with the default policy.
    /// - Parameter elements: One state per source.
    public init(arrayLiteral elements: RefreshState<Item>...) {
        self.init(elements)
    }
}

extension RefreshSources: RandomAccessCollection, MutableCollection {
    /// Always `0`.
    public var startIndex: Int { 0 }
    /// The number of sources.
    public var endIndex: Int { states.count }

    /// The state of one source. An out-of-range index stops with a message saying what to fix.
    /// - Parameter source: The source's index.
    public subscript(source: Int) -> RefreshState<Item> {
        get {
            checkSource(source)
            return states[source]
        }
        set {
            checkSource(source)
            states[source] = newValue
        }
    }
}

extension RefreshSources: Equatable where Item: Equatable {
    /// Two values are equal when their policies and states are; tasks and rendering bookkeeping are not compared.
    public static func == (lhs: RefreshSources, rhs: RefreshSources) -> Bool {
        lhs.policy == rhs.policy && lhs.states == rhs.states
    }
}

// MARK: - Transitions

/// What ``RefreshSources/begin(_:source:)`` decided.
public enum RefreshBegin: Sendable, Equatable {
    /// A load was started; `superseded` is the in-flight request it replaced, whose result will be discarded.
    case started(RefreshRequest, superseded: RefreshRequest?)
    /// Nothing was started.
    case ignored(RefreshIgnoreReason)
}

/// Why a requested load was not started.
public enum RefreshIgnoreReason: Sendable, Equatable {
    /// A load of this source is in flight and the conflict rule keeps it (rule S11).
    case busy(inFlight: RefreshRequest)
    /// The list has ended; load-more cannot trigger (rule S5).
    case noMoreData
    /// Load-more before the first page loaded: there is nothing to continue from (rule S2).
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
    }

    /// The request that settled (for ``Change/switchedSource``, `nil`).
    public let request: RefreshRequest?
    /// The source whose items changed.
    public let source: Int
    /// How they changed.
    public let change: Change
    /// Whether the source's list has ended after this change.
    public let noMoreData: Bool

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

/// What ``RefreshSources/succeed(_:with:)`` or ``RefreshSources/fail(_:error:)`` did with a result.
public enum RefreshSettlement: Sendable, Equatable {
    /// The page was applied to the source that asked for it.
    case applied(RefreshUpdate)
    /// The load failed, or its answer was refused; the items and committed page are unchanged.
    case failed(RefreshFailure)
    /// The result was stale (its request is not the source's in-flight one) and was discarded (rule S12).
    case discarded(RefreshRequest)
}

extension RefreshSources {
    /// Asks for a load of one source and decides, by rules S5, S7, S8 and S11, whether it starts.
    /// - Parameters:
    ///   - kind: Refresh or load-more.
    ///   - source: The source that asks.
    /// - Returns: The started request (and the one it superseded), or why nothing started.
    public mutating func begin(_ kind: RefreshRequest.Kind, source: Int) -> RefreshBegin {
        checkSource(source, in: "begin(_:source:)")
        let state = states[source]
        if let inFlight = state.inFlight {
            let supersede: Bool
            switch (policy.conflictRule, kind, inFlight.kind) {
            case (.inFlightWins, _, _), (_, .loadMore, _), (.refreshWins, .refresh, .refresh):
                supersede = false
            case (.refreshWins, .refresh, .loadMore), (.latestRefreshWins, .refresh, _):
                supersede = true
            }
            guard supersede else { return .ignored(.busy(inFlight: inFlight)) }
        }
        if kind == .loadMore {
            guard state.hasLoaded, !state.items.isEmpty else { return .ignored(.nothingLoaded) }
            guard !state.noMoreData else { return .ignored(.noMoreData) }
        }
        lastGeneration += 1
        let page = kind == .refresh ? policy.firstPage : state.page + 1
        let request = RefreshRequest(
            source: source,
            page: page,
            kind: kind,
            generation: lastGeneration,
            origin: origin
        )
        let superseded = state.inFlight
        states[source].inFlight = request
        if kind == .loadMore {
            states[source].loadMoreFailure = nil
        }
        return .started(request, superseded: superseded)
    }

    /// Applies a page to the source that asked for it, unless the result is stale or hostile.
    ///
    /// A refresh replaces the items and resets the end-of-list flag from the page (rules S3, S4);
    /// a load-more appends (rule S8); the end of the list is decided by rule S5. A hostile page
    /// (see ``RefreshPage/validate(against:heldBefore:firstPage:)``) is refused like a failure: items,
    /// page and end flag stay.
    /// - Parameters:
    ///   - request: The request the page answers.
    ///   - page: The server's answer.
    /// - Returns: What was done with the page.
    public mutating func succeed(_ request: RefreshRequest, with page: RefreshPage<Item>) -> RefreshSettlement {
        guard isInFlight(request) else { return .discarded(request) }
        let heldBefore = states[request.source].items.count
        if let invalid = page.validate(against: request, heldBefore: heldBefore, firstPage: policy.firstPage) {
            return settleFailure(RefreshFailure(request: request, reason: .invalidResponse(invalid)))
        }
        var state = states[request.source]
        let change: RefreshUpdate.Change
        switch request.kind {
        case .refresh:
            state.items = page.items
            change = .replaced(count: page.items.count)
        case .loadMore:
            let start = state.items.count
            state.items.append(contentsOf: page.items)
            change = .appended(start..<state.items.count)
        }
        state.noMoreData = page.isLastPage(
            heldAfterApplying: state.items.count,
            request: request,
            policy: policy
        )
        state.page = request.page
        state.hasLoaded = true
        state.failure = nil
        state.loadMoreFailure = nil
        state.inFlight = nil
        states[request.source] = state
        tasks[request.source] = nil
        return .applied(
            RefreshUpdate(request: request, source: request.source, change: change, noMoreData: state.noMoreData))
    }

    /// Records a failed load for the source that asked for it, unless the result is stale.
    ///
    /// Nothing is committed (rule S9): the items, the page and the end-of-list flag stay, so the
    /// next load-more asks for the same page again and a failed refresh keeps the old list (rule S4).
    /// - Parameters:
    ///   - request: The request that failed.
    ///   - error: What the loader threw; wrapped by ``RefreshFailure/init(wrapping:for:)``.
    /// - Returns: ``RefreshSettlement/failed(_:)`` or, for a stale request, ``RefreshSettlement/discarded(_:)``.
    public mutating func fail(_ request: RefreshRequest, error: any Error) -> RefreshSettlement {
        guard isInFlight(request) else { return .discarded(request) }
        return settleFailure(RefreshFailure(wrapping: error, for: request))
    }

    /// Cancels the source's in-flight load, if any, and records a ``RefreshFailure/Reason/cancelled`` failure.
    /// The loader's own answer, when it comes, is then stale and discarded.
    /// - Parameter source: The source to cancel.
    /// - Returns: The settlement of the cancelled request, or `nil` when nothing was in flight.
    public mutating func cancel(source: Int) -> RefreshSettlement? {
        checkSource(source, in: "cancel(source:)")
        guard let request = states[source].inFlight else { return nil }
        return settleFailure(RefreshFailure(request: request, reason: .cancelled))
    }

    /// Whether `request` is the in-flight request of its source, that is, whether its result would be applied.
    /// - Parameter request: The request to check.
    public func isInFlight(_ request: RefreshRequest) -> Bool {
        states.indices.contains(request.source) && states[request.source].inFlight == request
    }

    private mutating func settleFailure(_ failure: RefreshFailure) -> RefreshSettlement {
        let source = failure.request.source
        states[source].inFlight = nil
        states[source].failure = failure
        if failure.request.kind == .loadMore {
            states[source].loadMoreFailure = failure
        }
        tasks[source] = nil
        return .failed(failure)
    }
}
