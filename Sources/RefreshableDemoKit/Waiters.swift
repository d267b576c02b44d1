/// Tasks waiting for something to happen to a request (it reached the API, it settled), by the
/// request's generation. A waiting task that is cancelled stops waiting, so a test with a time
/// limit never hangs on an event that does not come.
@MainActor
final class GenerationWaiters {
    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private var happened: Set<UInt64> = []
    private var waiters: [UInt64: [Waiter]] = [:]
    private var nextID = 0

    /// Whether the event happened for this generation.
    func contains(_ generation: UInt64) -> Bool {
        happened.contains(generation)
    }

    /// Records the event and resumes everyone waiting for it.
    func signal(_ generation: UInt64) {
        happened.insert(generation)
        for waiter in waiters.removeValue(forKey: generation) ?? [] {
            waiter.continuation.resume()
        }
    }

    /// Waits until the event happened for this generation, or the calling task is cancelled.
    func wait(for generation: UInt64) async {
        guard !happened.contains(generation) else { return }
        let id = nextID
        nextID += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume()
                } else {
                    waiters[generation, default: []].append(Waiter(id: id, continuation: continuation))
                }
            }
        } onCancel: {
            Task { @MainActor in
                self.cancel(id, generation)
            }
        }
    }

    private func cancel(_ id: Int, _ generation: UInt64) {
        guard let index = waiters[generation]?.firstIndex(where: { $0.id == id }) else { return }
        let waiter = waiters[generation]?.remove(at: index)
        waiter?.continuation.resume()
    }
}
