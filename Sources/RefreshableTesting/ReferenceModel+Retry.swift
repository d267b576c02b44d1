import Refreshable

/// Retries in the reference model (rule R): a failed load waits for its retry while it stays in
/// flight, and asks again when the wait runs out or `retryNow()` ends it.
extension ReferenceModel {
    /// One load waiting for its retry: its source and direction.
    struct Waiting: Sendable, Equatable {
        let source: Int
        let kind: RefreshRequest.Kind
    }

    /// The loads waiting for their retry, source by source, the load of the previous page after
    /// the other one.
    var waitingForRetry: [Waiting] {
        sources.indices.flatMap { source -> [Waiting] in
            [sources[source].inFlight, sources[source].previousInFlight].compactMap { flight in
                guard let flight, flight.waitsForRetry else { return nil }
                return Waiting(source: source, kind: flight.kind)
            }
        }
    }

    /// Going offline ends every wait for a retry with the offline failure, which shows (rule O).
    /// - Returns: The loads that failed.
    mutating func failWaitingOffline() -> [Waiting] {
        let waiting = waitingForRetry
        for load in waiting {
            failInFlight(load.kind, source: load.source)
        }
        return waiting
    }

    /// Ends every wait for a retry: each load waiting asks again for the same page, one retry more.
    /// Offline, none is asked again (rule O).
    /// - Returns: The loads asked again.
    mutating func retryWaiting() -> [Begin] {
        guard !offline else { return [] }
        return waitingForRetry.map { waiting in
            updateFlight(waiting.kind, source: waiting.source) {
                $0.waitsForRetry = false
                $0.retriesDone += 1
            }
            let page = flight(waiting.kind, source: waiting.source)?.page ?? policy.firstPage
            return .starts(source: waiting.source, page: page, kind: waiting.kind)
        }
    }

    /// The loads `retryNow()` starts again on `source`, by rule R: in each direction that is not
    /// loading and whose last load failed (a cancelled load records nothing). At the end, a
    /// refresh when a refresh failed and none succeeded since, whatever loaded or failed after it (and
    /// nothing loads at the start: the refresh loads the first page), else a load-more when the last load-more failed; at the start, a
    /// load of the previous page when the last one failed.
    func kindsToLoadAgain(source: Int) -> [RefreshRequest.Kind] {
        let state = sources[source]
        var kinds: [RefreshRequest.Kind] = []
        if state.inFlight == nil {
            if state.refreshFailed {
                return state.previousInFlight == nil ? [.refresh] : []
            }
            if state.loadMoreFailed {
                kinds.append(.loadMore)
            }
        }
        if state.previousInFlight == nil, state.loadPreviousFailed {
            kinds.append(.loadPrevious)
        }
        return kinds
    }

    /// Changes the source's flight in `direction`: the load of the previous page for
    /// ``RefreshRequest/Kind/loadPrevious``, the refresh or load-more otherwise.
    mutating func updateFlight(_ direction: RefreshRequest.Kind, source: Int, _ change: (inout Flight) -> Void) {
        if direction == .loadPrevious {
            if var flight = sources[source].previousInFlight {
                change(&flight)
                sources[source].previousInFlight = flight
            }
        } else if var flight = sources[source].inFlight {
            change(&flight)
            sources[source].inFlight = flight
        }
    }
}
