/// Loads: running a loader, settling its result, cancelling, replacing the state.
extension RefreshRuntime {
    /// Runs a loader for a request in a task that a superseding request cancels, and reports the
    /// result to the host; a result whose request is no longer in flight is discarded.
    func run(_ request: RefreshRequest, loader: @escaping @MainActor () async throws -> RefreshPage<Item>) {
        let task = Task { [weak self] in
            let result: Result<RefreshPage<Item>, any Error>
            do {
                result = .success(try await loader())
            } catch {
                result = .failure(error)
            }
            self?.deliver(result, for: request)
        }
        tasks[request.source] = RunningLoad(request: request, task: task)
    }

    private func deliver(_ result: Result<RefreshPage<Item>, any Error>, for request: RefreshRequest) {
        if tasks[request.source]?.request == request {
            tasks[request.source] = nil
        }
        guard state.isInFlight(request) else {
            host?.didDiscard(request)
            return
        }
        switch result {
        case .success(let page):
            if let host {
                host.succeeded(page, for: request, on: self)
            } else {
                applySuccess(page, for: request)
            }
        case .failure(let error):
            if let host {
                host.failed(error, for: request, on: self)
            } else {
                applyFailure(error, for: request)
            }
        }
    }

    /// Applies a page through the state machine and carries out what it decided.
    @discardableResult
    func applySuccess(_ page: RefreshPage<Item>, for request: RefreshRequest) -> RefreshSettlement {
        let settlement = state.succeed(request, with: page)
        settle(settlement)
        return settlement
    }

    /// Records a failure through the state machine and carries out what it decided.
    @discardableResult
    func applyFailure(_ error: any Error, for request: RefreshRequest) -> RefreshSettlement {
        let settlement =
            state.isInFlight(request)
            ? state.fail(request, error: error, describedAs: describeError(error))
            : .discarded(request)
        settle(settlement)
        return settlement
    }

    /// Cancels a source's load, records a cancellation, and draws the screen.
    func cancelLoading(source: Int) {
        state.checkSource(source, in: "cancelLoading(source:)")
        if let running = tasks.removeValue(forKey: source) {
            running.task.cancel()
        }
        guard let settlement = state.cancel(source: source) else { return }
        settle(settlement)
    }

    func settle(_ settlement: RefreshSettlement) {
        switch settlement {
        case .applied(let update):
            forgetTask(of: update.request)
            host?.didUpdate(update, on: self)
        case .failed(let failure):
            forgetTask(of: failure.request)
            host?.presentFailure(failure, on: self)
        case .discarded(let request):
            host?.didDiscard(request)
            return
        }
        render()
    }

    private func forgetTask(of request: RefreshRequest?) {
        guard let request, tasks[request.source]?.request == request else { return }
        tasks[request.source] = nil
    }

    func cancelTask(of request: RefreshRequest) {
        guard tasks[request.source]?.request == request else { return }
        tasks.removeValue(forKey: request.source)?.task.cancel()
    }

    func cancelTasksNoLongerInFlight() {
        for (source, running) in tasks where !state.isInFlight(running.request) {
            tasks[source] = nil
            running.task.cancel()
        }
    }

    func replace(with newValue: RefreshSources<Item>) {
        var next = newValue
        next.adopt(origin: .random(in: 1 ... .max))
        state = next
        cancelTasksNoLongerInFlight()
        let index = currentIndex
        state.checkSource(index, in: "currentIndex")
        host?.didUpdate(
            RefreshUpdate(request: nil, source: index, change: .reset, noMoreData: state[index].noMoreData),
            on: self
        )
        render()
        if isSetUp {
            loadFirstPageIfNeeded()
        }
    }
}
