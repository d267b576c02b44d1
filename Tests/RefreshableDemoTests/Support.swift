import Refreshable
import Testing

@testable import RefreshableDemoKit

/// A controller on the embedded API's manual clock, with helpers that act and answer as the
/// scripted session does, without printing.
@MainActor
final class EmbeddedHarness {
    let api: EmbeddedOrderAPI
    let controller: OrderListController

    init(seed: UInt64 = 1, orderCounts: [String: Int] = ["all": 23, "unpaid": 7, "shipped": 20]) {
        api = EmbeddedOrderAPI(seed: seed, orderCounts: orderCounts, timing: .manual)
        controller = OrderListController(loader: api, pageSize: api.pageSize)
    }

    /// Runs a user action and waits until the requests it started reached the API.
    @discardableResult
    func act(_ action: (OrderListController) -> Void) async -> [RefreshRequest] {
        let before = controller.requestsInFlight
        action(controller)
        let started = controller.requestsInFlight.filter { !before.contains($0) }
        for request in started {
            await api.waitForArrival(of: request)
        }
        return started
    }

    /// Lets the API answer everything waiting, earliest due first.
    /// - Returns: The answers, in the order they were settled.
    @discardableResult
    func answerAll() async -> [OrderListController.Outcome] {
        var outcomes: [OrderListController.Outcome] = []
        while let delivery = api.deliverNext() {
            await controller.waitUntilSettled(delivery.request)
            if let outcome = controller.outcome(of: delivery.request) {
                outcomes.append(outcome)
            }
        }
        return outcomes
    }

    func ids(_ tab: Int) -> [String] {
        controller.refreshStatus[tab].items.map(\.id)
    }
}

/// Waits until every request `controller` has in flight reached the embedded API, then lets the API
/// answer everything waiting and waits until each answer is settled.
@MainActor
func answerInFlight(_ api: EmbeddedOrderAPI, _ controller: OrderListController) async {
    for request in controller.requestsInFlight {
        await api.waitForArrival(of: request)
    }
    while let delivery = api.deliverNext() {
        await controller.waitUntilSettled(delivery.request)
    }
}

/// Collects the lines a session writes.
@MainActor
final class Transcript {
    private(set) var lines: [String] = []

    func write(_ line: String) {
        lines.append(line)
    }

    var text: String { lines.joined(separator: "\n") }

    /// A `DemoIO` that writes here and reads the given lines.
    func io(stdinIsTerminal: Bool = false, input: [String] = []) -> DemoIO {
        DemoIO(
            write: { self.write($0) },
            writeError: { self.write("stderr: \($0)") },
            stdinIsTerminal: stdinIsTerminal,
            lines: {
                AsyncStream { continuation in
                    for line in input {
                        continuation.yield(line)
                    }
                    continuation.finish()
                }
            }
        )
    }
}

extension RefreshSettlement {
    var isApplied: Bool {
        if case .applied = self { return true }
        return false
    }

    var isDiscarded: Bool {
        if case .discarded = self { return true }
        return false
    }

    var failure: RefreshFailure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }
}
