/// Loads: running a loader, settling its result, cancelling, replacing the state.
extension RefreshRuntime {
    /// Runs a loader for a request in a task that a superseding request cancels, and applies the
    /// result, which the host hears of through its hooks; a result whose request is no longer in
    /// flight is discarded. With a
    /// ``retry`` policy, a thrown error is retried after the policy's wait while the request stays
    /// in flight; `retriesDone` counts the retries before this run.
    func run(_ request: RefreshRequest, loader: @escaping RefreshRuntimeHost<Item>.PageLoader, retriesDone: Int = 0) {
        runCounter &+= 1
        let run = runCounter
        let retry = self.retry
        let task = Task { [weak self] in
            var retriesDone = retriesDone
            while true {
                let result: Result<RefreshPage<Item>, any Error>
                do {
                    result = .success(try await loader())
                } catch {
                    result = .failure(error)
                }
                // Offline, a failure waits for no retry: it shows, and coming back online asks again.
                guard case .failure(let error) = result, let retry, retriesDone < retry.maxRetries,
                    !(error is CancellationError), !Task.isCancelled,
                    self?.state.isInFlight(request) == true, self?.isOffline == false
                else {
                    self?.deliver(result, for: request, run: run)
                    return
                }
                self?.markRun(run, of: request, waitingToRetry: true, retriesDone: retriesDone)
                do {
                    try await retry.wait(retriesDone)
                    // A wait that ended just as retryNow() or going offline cancelled it: the
                    // retry that took over asks, or the offline failure shows, not this one.
                    try Task.checkCancellation()
                } catch {
                    // A newer load cancelled the wait (its result is discarded), or retryNow() did
                    // and runs the next attempt itself.
                    self?.deliver(.failure(error), for: request, run: run)
                    return
                }
                self?.markRun(run, of: request, waitingToRetry: false, retriesDone: retriesDone)
                retriesDone += 1
            }
        }
        tasks[LoadSlot(request)] = RunningLoad(request: request, task: task, run: run, loader: loader)
    }

    private func markRun(_ run: UInt64, of request: RefreshRequest, waitingToRetry: Bool, retriesDone: Int) {
        let slot = LoadSlot(request)
        guard tasks[slot]?.run == run else { return }
        tasks[slot]?.isWaitingToRetry = waitingToRetry
        tasks[slot]?.retriesDone = retriesDone
    }

    /// The loads that ask again for what failed in `source`, one per direction that is not
    /// loading: at the end, a refresh when the last refresh failed and none succeeded since, else a
    /// load-more when the last load-more failed; at the start, a load of the previous page when
    /// the last one failed, unless a refresh is asked again (it loads the first page).
    func kindsToLoadAgain(source index: Int) -> [RefreshRequest.Kind] {
        let source = state[index]
        var kinds: [RefreshRequest.Kind] = []
        if source.inFlight == nil {
            if source.edges[forward].refreshFailed {
                return source.previousInFlight == nil ? [.refresh] : []
            }
            if source.loadMoreFailure != nil {
                kinds.append(.loadMore)
            }
        }
        if source.previousInFlight == nil, source.loadPreviousFailure != nil {
            kinds.append(.loadPrevious)
        }
        return kinds
    }

    private func deliver(_ result: Result<RefreshPage<Item>, any Error>, for request: RefreshRequest, run: UInt64) {
        if let running = tasks[LoadSlot(request)], running.request == request {
            // A retry started by retryNow() took over this request.
            guard running.run == run else { return }
            tasks[LoadSlot(request)] = nil
        }
        guard state.isInFlight(request) else {
            host?.didDiscard(request)
            return
        }
        // Back once: applied here, and the host's hooks told what changed.
        switch result {
        case .success(let page):
            applySuccess(page, for: request)
        case .failure(let error):
            applyFailure(error, for: request)
        }
    }

    /// Applies a page through the state machine and carries out what it decided.
    @discardableResult
    func applySuccess(_ page: RefreshPage<Item>, for request: RefreshRequest) -> RefreshSettlement {
        var (settlement, superseded) = state.apply(request, with: page)
        if case .failed(let refused) = settlement {
            // A refused answer: the user reads it in the runtime's words too.
            let message = failureMessage(refused)
            if message != refused.message {
                settlement = .failed(state.describeFailure(refused, as: message))
            }
        }
        if let superseded {
            // The page cap dropped pages at the end a load in flight was heading to.
            cancelTasks(of: [superseded])
        }
        settle(settlement)
        return settlement
    }

    /// Records a failure through the state machine and carries out what it decided.
    @discardableResult
    func applyFailure(_ error: any Error, for request: RefreshRequest) -> RefreshSettlement {
        // Put in the runtime's words only when the user reads it.
        let isShown = state.isInFlight(request) && !(error is CancellationError)
        let words = isShown ? failureWords(for: error, of: request) : nil
        let settlement = state.fail(request, error: error, describedAs: words)
        settle(settlement)
        return settlement
    }

    /// Cancels a source's loads and draws the screen; nothing is recorded.
    func cancelLoading(source: Int) {
        state.checkSource(source, in: "cancelLoading(source:)")
        let cancelled = state.cancel(source: source)
        guard !cancelled.isEmpty else { return }
        cancelTasks(of: cancelled)
        render()
    }

    func settle(_ settlement: RefreshSettlement) {
        switch settlement {
        case .applied(let update):
            forgetTask(of: update.request)
            if let request = update.request, request.kind == .refresh {
                noteRefreshed(source: request.source)
            }
            host?.didUpdate(update, on: self)
        case .failed(let failure):
            forgetTask(of: failure.request)
            if state.fallsBack(failure) {
                // The page the user was on is gone or cannot load: the first page, at once.
                state.fallingBack(from: failure)
                startLoad(.refresh, source: failure.request.source)
                return
            }
            host?.presentFailure(failure, on: self)
        case .cancelled(let request):
            forgetTask(of: request)
        case .discarded(let request):
            host?.didDiscard(request)
            return
        }
        render()
        if case .applied(let update) = settlement {
            loadOutward(after: update)
        }
    }

    private func forgetTask(of request: RefreshRequest?) {
        guard let request else { return }
        if !handedOver.isEmpty, let index = handedOver.firstIndex(of: request) {
            handedOver.remove(at: index)
        }
        guard tasks[LoadSlot(request)]?.request == request else { return }
        tasks[LoadSlot(request)] = nil
    }

    /// Cancels the tasks of `requests`, which a transition superseded or cancelled, and tells the
    /// host which of them it runs itself are no longer wanted.
    func cancelTasks(of requests: [RefreshRequest]) {
        for request in requests where tasks[LoadSlot(request)]?.request == request {
            tasks.removeValue(forKey: LoadSlot(request))?.task.cancel()
        }
        guard !requests.isEmpty, !handedOver.isEmpty else { return }
        let cancelled = handedOver.filter(requests.contains)
        handedOver.removeAll(where: requests.contains)
        // Told after the bookkeeping: the host may start or answer loads from its hook.
        for request in cancelled {
            host?.didCancel(request)
        }
    }

    /// Cancels the tasks of the loads no longer in flight once the whole state was replaced, and
    /// tells the host which of the requests it runs itself are no longer wanted.
    func cancelTasksNoLongerInFlight() {
        cancelTasks(of: (tasks.values.map(\.request) + handedOver).filter { !state.isInFlight($0) })
    }

    func replace(with newValue: RefreshSources<Item>, refreshedAt times: [Int: LoadTime] = [:]) {
        var next = newValue
        next.adopt(origin: .random(in: 1 ... .max))
        state = next
        // A new state never refreshed: it is stale until it does, unless restored with its age.
        refreshedAt = times
        staleCheckOnReconnect = [:]
        cancelTasksNoLongerInFlight()
        if currentIndex < 0 || currentIndex >= state.count {
            // The source on screen is gone (a new filter with fewer tabs): show the first one.
            currentIndex = 0
        }
        state.checkSource(currentIndex, in: "currentIndex")
        // With no front door to tell yet (a restore before the list is set up), it is told at set-up.
        resetUnreported = host == nil
        reportReset()
        render()
        if isSetUp {
            loadFirstPageIfNeeded()
        }
    }
}
