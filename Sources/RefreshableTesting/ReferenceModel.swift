import Refreshable

/// A small, independent implementation of the library's rules that a randomized check runs beside
/// the adopter. It shares no code with the library's state machine.
struct ReferenceModel: Sendable {
    struct Flight: Sendable, Equatable {
        var kind: RefreshRequest.Kind
        var page: Int
        var loadID: Int?
    }

    struct Source: Sendable {
        var title: String
        var items: [TestItem] = []
        var page: Int
        var ended = false
        var hasLoaded = false
        var inFlight: Flight?
        /// The last failure since the last success: its kind, and whether it was a cancellation.
        var failure: (kind: RefreshRequest.Kind, cancelled: Bool)?
        /// Whether the last load-more failed (not cancelled), until a load-more starts or a load succeeds.
        var loadMoreFailed = false
        var failedSinceSuccess = false
    }

    /// Why a load that was asked for did not start.
    enum Refusal: Sendable, Equatable {
        case busy
        case ended
        case nothingLoaded
    }

    enum Begin: Sendable, Equatable {
        case starts(source: Int, page: Int, kind: RefreshRequest.Kind)
        case refused(Refusal)
    }

    let policy: RefreshPolicy
    var sources: [Source]
    var current: Int
    /// Responses whose items must never appear: answers to loads that were not in flight.
    var staleResponses: Set<Int> = []

    init(titles: [String], policy: RefreshPolicy, current: Int) {
        self.policy = policy
        self.sources = titles.map { Source(title: $0, page: policy.firstPage - 1) }
        self.current = current
    }

    /// Starts (or refuses) a load, by rules S5, S7, S8, S11.
    mutating func begin(_ kind: RefreshRequest.Kind, source: Int) -> Begin {
        let state = sources[source]
        if let flight = state.inFlight {
            let supersedes: Bool
            switch policy.conflictRule {
            case .inFlightWins:
                supersedes = false
            case .refreshWins:
                supersedes = kind == .refresh && flight.kind == .loadMore
            case .latestRefreshWins:
                supersedes = kind == .refresh
            }
            guard supersedes else { return .refused(.busy) }
        }
        if kind == .loadMore {
            guard state.hasLoaded, !state.items.isEmpty else { return .refused(.nothingLoaded) }
            guard !state.ended else { return .refused(.ended) }
        }
        let page = kind == .refresh ? policy.firstPage : state.page + 1
        sources[source].inFlight = Flight(kind: kind, page: page, loadID: nil)
        if kind == .loadMore {
            sources[source].loadMoreFailed = false
        }
        return .starts(source: source, page: page, kind: kind)
    }

    /// Whether switching to (or appearing on) a source loads its first page (rule S1). A source whose
    /// first load failed waits for the placeholder's retry; one whose first load was cancelled loads again.
    func needsFirstLoad(_ source: Int) -> Bool {
        let state = sources[source]
        return !state.hasLoaded && state.inFlight == nil && (state.failure == nil || state.failure?.cancelled == true)
    }

    func isInFlight(_ load: TestLoad) -> Bool {
        sources.indices.contains(load.source) && sources[load.source].inFlight?.loadID == load.id
    }

    /// Applies an answer, or records it as stale (rules S3, S4, S5, S8, S12).
    mutating func answer(_ load: TestLoad, items: [TestItem], page: RefreshPage<TestItem>, response: Int) -> Bool {
        guard isInFlight(load), let flight = sources[load.source].inFlight else {
            staleResponses.insert(response)
            return false
        }
        var state = sources[load.source]
        if flight.kind == .refresh {
            state.items = items
        } else {
            state.items += items
        }
        state.ended = Self.isLast(page, held: state.items.count, askedPage: flight.page, policy: policy)
        state.page = flight.page
        state.hasLoaded = true
        state.inFlight = nil
        state.failure = nil
        state.loadMoreFailed = false
        state.failedSinceSuccess = false
        sources[load.source] = state
        return true
    }

    /// Records a failure of the in-flight load, committing nothing (rules S4, S9).
    mutating func fail(_ load: TestLoad) -> Bool {
        guard isInFlight(load) else { return false }
        failInFlight(source: load.source, cancelled: false)
        return true
    }

    /// Cancels a source's in-flight load, if any.
    mutating func cancel(source: Int) -> Bool {
        guard sources[source].inFlight != nil else { return false }
        failInFlight(source: source, cancelled: true)
        return true
    }

    private mutating func failInFlight(source: Int, cancelled: Bool) {
        guard let kind = sources[source].inFlight?.kind else { return }
        sources[source].failure = (kind, cancelled)
        if kind == .loadMore, !cancelled {
            sources[source].loadMoreFailed = true
        }
        sources[source].failedSinceSuccess = true
        sources[source].inFlight = nil
    }

    /// Rule S5, written out on its own: an empty page ends the list; otherwise the strongest server
    /// signal decides (`pageCount` counts pages from the policy's first page), else `count < pageSize`.
    static func isLast(_ page: RefreshPage<TestItem>, held: Int, askedPage: Int, policy: RefreshPolicy) -> Bool {
        if page.items.isEmpty {
            return true
        }
        if let hasMore = page.hasMore {
            return !hasMore
        }
        if let pageCount = page.pageCount {
            return (page.curPage ?? askedPage) - policy.firstPage + 1 >= pageCount
        }
        if let total = page.totalCount {
            return held >= total
        }
        return page.items.count < policy.pageSize
    }

    // MARK: What the screen should show (UI = f(state))

    var headerRefreshing: Bool { sources[current].inFlight?.kind == .refresh }

    var footerHidden: Bool { !sources[current].hasLoaded || sources[current].items.isEmpty }

    /// The footer the state calls for. The model does not predict failure texts: compare with
    /// ``TestFooterControl/State/hasSameShape(as:)``.
    var footer: TestFooterControl.State {
        let state = sources[current]
        if state.inFlight?.kind == .loadMore {
            return .refreshing
        }
        if state.ended {
            return .noMoreData(title: state.title.isEmpty ? nil : state.title)
        }
        if state.loadMoreFailed {
            return .failed(message: "<any message>")
        }
        return .idle
    }

    var placeholderShown: Bool {
        let state = sources[current]
        return state.items.isEmpty && state.inFlight == nil && state.failure.map { !$0.cancelled } ?? false
    }

    /// Whether a failure (not a cancellation) of `source` now shows a message (rule S6).
    func failureShowsMessage(source: Int) -> Bool {
        source == current && !sources[source].items.isEmpty
    }
}
