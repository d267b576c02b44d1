import Refreshable

/// An in-process paged order API with the same answers as `Tools/paged-server` (`curPage`,
/// `pageCount`, `total`, ids like `all-1`), whose latencies come from a seed so every run is the same.
///
/// Two clocks:
/// - ``Timing/manual`` (the scripted session and the tests): an answer waits until ``deliverNext()``
///   releases it, earliest due first, on a virtual clock. Nothing really sleeps, so the whole
///   session runs in milliseconds and always prints the same thing.
/// - ``Timing/realTime`` (interactive mode): an answer comes after really waiting its latency.
@MainActor
final class EmbeddedOrderAPI: OrderLoader {
    /// How answers are timed.
    enum Timing: Sendable {
        /// Answers wait for ``EmbeddedOrderAPI/deliverNext()``.
        case manual
        /// Answers come after sleeping their latency.
        case realTime
    }

    /// One answer released by ``deliverNext()``.
    struct Delivery: Sendable {
        /// The request answered.
        let request: RefreshRequest
        /// The tab that asked.
        let tab: OrderTab
        /// How long the answer took, in virtual milliseconds.
        let latency: Int
        /// Whether the answer was a failure.
        let failed: Bool
    }

    private struct Pending {
        let request: RefreshRequest
        let tab: OrderTab
        let due: Int
        let latency: Int
        let result: Result<RefreshPage<Order>, OrderAPIError>
        let continuation: CheckedContinuation<RefreshPage<Order>, any Error>
    }

    /// The seed of the latencies.
    let seed: UInt64
    /// Orders per page.
    let pageSize: Int
    /// How answers are timed.
    let timing: Timing
    /// The virtual time in milliseconds (manual timing): the due time of the last delivered answer.
    private(set) var now = 0
    /// How many orders each tab has, by tab name. Tabs not listed have none.
    var orderCounts: [String: Int]
    /// How many messages each conversation has, by tab name: these tabs are paged by cursor,
    /// newest first, as `Tools/paged-server`'s `/feed` is.
    var messageCounts: [String: Int] = ["messages": 23]

    private var pending: [Pending] = []
    /// The orders and messages this device sent, by tab name, newest first: a refresh's answer
    /// brings them first, with the ids the device gave them.
    private var received: [String: [Order]] = [:]
    private let arrivals = GenerationWaiters()
    private var scriptedFailures: [String: Int] = [:]
    private var scriptedLatencies: [String: Int] = [:]

    /// Creates an API.
    /// - Parameters:
    ///   - seed: The seed of the latencies (80...400 ms each).
    ///   - orderCounts: Orders per tab name; the default gives All 23, Unpaid 7, Shipped 20. All and
    ///     Unpaid end on a short page; Shipped ends on a full one, where only `curPage == pageCount`
    ///     (or the total), never the page's length, can say that the list has ended.
    ///   - pageSize: Orders per page.
    ///   - timing: Manual (virtual clock) or real time.
    init(
        seed: UInt64 = 1,
        orderCounts: [String: Int] = ["all": 23, "unpaid": 7, "shipped": 20],
        pageSize: Int = 10,
        timing: Timing = .manual
    ) {
        self.seed = seed
        self.orderCounts = orderCounts
        self.pageSize = pageSize
        self.timing = timing
    }

    /// Makes the next `times` requests of a tab fail.
    func failNext(_ tab: OrderTab, times: Int = 1) {
        scriptedFailures[tab.name, default: 0] += times
    }

    /// Adds `count` newer messages to a conversation, as if they had just been sent.
    func publish(_ count: Int, to tab: OrderTab) {
        messageCounts[tab.name, default: 0] += count
    }

    /// Receives an order (or a message) sent from this device: from now on, a refresh's answer of
    /// the tab brings it first, with its id, which confirms the pending row.
    func receive(_ order: Order, on tab: OrderTab) {
        received[tab.name, default: []].insert(order, at: 0)
    }

    /// Gives the next request of a tab this latency instead of the seeded one.
    func delayNext(_ tab: OrderTab, milliseconds: Int) {
        scriptedLatencies[tab.name] = milliseconds
    }

    /// The number of answers waiting for ``deliverNext()``.
    var pendingCount: Int { pending.count }

    /// The seeded latency of a request: a pure function of the seed and the request's generation,
    /// so it does not depend on the order requests arrive in.
    func seededLatency(for request: RefreshRequest) -> Int {
        var generator = SplitMix64(seed: seed &+ request.generation &* 0x9E37_79B9_7F4A_7C15)
        return 80 + Int(generator.next() % 321)
    }

    func loadPage(_ request: RefreshRequest, of tab: OrderTab) async throws -> RefreshPage<Order> {
        let latency = scriptedLatencies.removeValue(forKey: tab.name) ?? seededLatency(for: request)
        let result = answer(request, of: tab)
        switch timing {
        case .realTime:
            try await Task.sleep(nanoseconds: UInt64(latency) * 1_000_000)
            return try result.get()
        case .manual:
            return try await withCheckedThrowingContinuation { continuation in
                pending.append(
                    Pending(
                        request: request,
                        tab: tab,
                        due: now + latency,
                        latency: latency,
                        result: result,
                        continuation: continuation
                    )
                )
                arrivals.signal(Self.arrivalKey(request))
            }
        }
    }

    /// Waits until a request has reached the API (its loader task has started), so that the
    /// answer can be delivered. Returns at once if it already has, and when the caller is cancelled.
    func waitForArrival(of request: RefreshRequest) async {
        await arrivals.wait(for: Self.arrivalKey(request))
    }

    /// Tells a request from those of another screen on the same API: generations count per list.
    private static func arrivalKey(_ request: RefreshRequest) -> UInt64 {
        request.origin ^ request.generation
    }

    /// Releases the earliest-due answer (manual timing) and moves the virtual clock to its due time.
    /// - Returns: What was released, or `nil` when nothing is waiting.
    @discardableResult
    func deliverNext() -> Delivery? {
        guard let index = pending.indices.min(by: { pending[$0].due < pending[$1].due }) else { return nil }
        let answer = pending.remove(at: index)
        now = max(now, answer.due)
        let failed: Bool
        switch answer.result {
        case .success(let page):
            failed = false
            answer.continuation.resume(returning: page)
        case .failure(let error):
            failed = true
            answer.continuation.resume(throwing: error)
        }
        return Delivery(request: answer.request, tab: answer.tab, latency: answer.latency, failed: failed)
    }

    private func answer(_ request: RefreshRequest, of tab: OrderTab) -> Result<RefreshPage<Order>, OrderAPIError> {
        if let remaining = scriptedFailures[tab.name], remaining > 0 {
            scriptedFailures[tab.name] = remaining - 1
            return .failure(.simulated(tab: tab.name, page: request.page))
        }
        // What this device sent comes first in the newest page, as the server's newest rows.
        let sent = request.kind == .refresh ? received[tab.name] ?? [] : []
        if let newest = messageCounts[tab.name] {
            var page = messages(of: tab, newest: newest, for: request)
            page.items = sent + page.items
            return .success(page)
        }
        let total = orderCounts[tab.name] ?? 0
        let pageCount = max(1, (total + pageSize - 1) / pageSize)
        let first = (request.page - 1) * pageSize + 1
        let last = min(total, first + pageSize - 1)
        let orders =
            first <= last
            ? (first...last).map { Order(id: "\(tab.name)-\($0)", title: "\(tab.label) order #\($0)") } : []
        let held = received[tab.name]?.count ?? 0
        return .success(
            RefreshPage(items: sent + orders, curPage: request.page, pageCount: pageCount, totalCount: total + held))
    }
}

extension EmbeddedOrderAPI {
    /// A page of a conversation whose messages are numbered 1...newest, newest first: the newest
    /// page for a refresh, the older messages below a cursor `older:N` for a load-more, the newer
    /// ones above a cursor `newer:N` for a load of the previous page.
    func messages(of tab: OrderTab, newest: Int, for request: RefreshRequest) -> RefreshPage<Order> {
        let numbers: [Int]
        switch (request.kind, request.cursor.flatMap(Self.messageNumber)) {
        case (.loadPrevious, let newer?):
            numbers = newer < newest ? Array((newer + 1...min(newest, newer + pageSize)).reversed()) : []
        case (.loadMore, let older?):
            numbers = Array(stride(from: older - 1, to: max(0, older - 1 - pageSize), by: -1))
        default:
            numbers = Array(stride(from: newest, to: max(0, newest - pageSize), by: -1))
        }
        let messages = numbers.map { Order(id: "\(tab.name)-\($0)", title: "\(tab.label) message #\($0)") }
        return RefreshPage(
            items: messages,
            nextCursor: numbers.last.flatMap { $0 > 1 ? "older:\($0)" : nil },
            previousCursor: numbers.first.map { "newer:\($0)" }
        )
    }

    /// The message number in a cursor `older:N` or `newer:N`.
    private static func messageNumber(_ cursor: String) -> Int? {
        guard let colon = cursor.firstIndex(of: ":") else { return nil }
        return Int(cursor[cursor.index(after: colon)...])
    }
}

/// A tiny seeded random number generator (SplitMix64), so latencies are the same on every machine.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator.
    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
