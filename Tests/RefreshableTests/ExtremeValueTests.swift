import Refreshable
import RefreshableTesting
import Testing

/// The numbers every sweep passes in each numeric argument.
private let extremes = [Int.min, -1, 0, 1, Int.max]
/// The same, and no value, for the signals a server may leave out.
private let signals: [Int?] = [nil] + extremes.map { $0 }

/// No public function traps on any `Int` a server or a caller can pass: each sweep calls one
/// group of public functions with `Int.min`, `-1`, `0`, `1` and `Int.max` in every numeric
/// argument, in every combination. An arithmetic trap stops the test process, so a sweep fails by
/// crashing; what it checks beside that is that the answers stay sane. Numbers a function
/// documents as programmer errors are swept in ``ProgrammerErrorTests``.
@Suite("Extreme values")
struct ExtremeValueTests {
    /// Every page a server can send, as far as its numbers go: each signal absent or extreme, with
    /// and without items.
    private static let pages: [RefreshPage<Int>] = signals.flatMap { curPage in
        signals.flatMap { pageCount in
            signals.flatMap { totalCount in
                [[], [7]].flatMap { items in
                    [nil, true, false].map { hasMore in
                        RefreshPage(
                            items: items, hasMore: hasMore, curPage: curPage, pageCount: pageCount,
                            totalCount: totalCount, nextCursor: hasMore == false ? nil : "next",
                            previousCursor: hasMore == true ? nil : "previous")
                    }
                }
            }
        }
    }

    /// Every valid policy with extreme numbers (page size and first page at their bounds, any
    /// offset), under both pagings.
    private static let policies: [RefreshPolicy] = [1, Int.max].flatMap { pageSize in
        [0, 1, Int.max].flatMap { firstPage in
            extremes.flatMap { offset in
                [RefreshPolicy.Paging.pageNumbers, .cursors].map { paging in
                    RefreshPolicy(pageSize: pageSize, firstPage: firstPage, curPageOffset: offset, paging: paging)
                }
            }
        }
    }

    private static let kinds: [RefreshRequest.Kind] = [.refresh, .loadMore, .loadPrevious]

    @Test func checkingAnyAnswerAgainstAnyRequestNeverTraps() {
        var refusals = 0
        for page in Self.pages where page.hasMore == nil {
            for kind in Self.kinds {
                for number in extremes {
                    let request = RefreshRequest(
                        source: number, page: number, kind: kind, generation: 0, cursor: page.nextCursor)
                    for heldBefore in extremes {
                        for firstPage in extremes {
                            for offset in extremes {
                                let invalid = page.validate(
                                    against: request, heldBefore: heldBefore, firstPage: firstPage,
                                    curPageOffset: offset)
                                if let invalid {
                                    refusals += 1
                                    #expect(!invalid.explanation.isEmpty)
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(refusals > 0, "no answer was refused: the sweep checked nothing")
    }

    /// The library refuses such an answer before it asks `isLastPage`; an adopter that asks on
    /// the raw answer gets an answer too: no page follows a list of no pages.
    @Test func theEndOfARawAnswerWithTheSmallestPageCountIsTheEndOfTheList() {
        let request = RefreshRequest(source: 0, page: 1, kind: .refresh, generation: 1)
        let page = RefreshPage(items: ["a"], pageCount: .min)
        #expect(page.validate(against: request, heldBefore: 0, firstPage: 1) == .nonPositivePageCount(.min))
        #expect(page.isLastPage(heldAfterApplying: 1, request: request, policy: RefreshPolicy()))
        #expect(
            RefreshPage(items: ["a"], pageCount: 0).isLastPage(
                heldAfterApplying: 1, request: request, policy: RefreshPolicy()))
        #expect(
            !RefreshPage(items: ["a"], pageCount: 2).isLastPage(
                heldAfterApplying: 1, request: request, policy: RefreshPolicy()))
    }

    @Test func decidingTheEndsOfAnyAnswerNeverTraps() {
        var ends = 0
        var calls = 0
        for page in Self.pages {
            for kind in Self.kinds {
                for number in extremes {
                    let request = RefreshRequest(source: number, page: number, kind: kind, generation: 0)
                    for policy in Self.policies {
                        calls += 1 + extremes.count
                        if page.isFirstPage(request: request, policy: policy) {
                            ends += 1
                        }
                        for held in extremes
                        where page.isLastPage(heldAfterApplying: held, request: request, policy: policy) {
                            ends += 1
                        }
                    }
                }
            }
        }
        #expect(ends > 0 && ends < calls, "every answer decided the same: the sweep checked nothing")
    }

    /// The library's own path: every answer applied to every kind of load, under every policy,
    /// from a list whose pages reach the extremes. An answer is applied or refused, never a trap.
    @Test func theStateMachineAppliesOrRefusesAnyAnswerUnderAnyPolicy() throws {
        var outcomes: [String: Int] = [:]
        for policy in Self.policies {
            for identity in [nil, RefreshItemIdentity<Int>(\.self)] {
                for page in Self.pages {
                    var sources = RefreshSources<Int>(noMoreTitles: [""], policy: policy, identity: identity)
                    for kind in Self.kinds {
                        let begin = sources.begin(kind, source: 0)
                        guard case .started(let request, _) = begin else {
                            outcomes["ignored", default: 0] += 1
                            continue
                        }
                        switch sources.succeed(request, with: page) {
                        case .applied: outcomes["applied", default: 0] += 1
                        case .failed: outcomes["refused", default: 0] += 1
                        case .discarded, .cancelled: Issue.record("an answer to the request in flight was \(begin)")
                        }
                        #expect(!sources[0].isLoading)
                    }
                }
            }
        }
        #expect(outcomes["applied", default: 0] > 0 && outcomes["refused", default: 0] > 0, "\(outcomes)")
    }

    @Test func requestsFailuresAndUpdatesDescribeAnyNumber() {
        for number in extremes {
            for generation in [0, 1, UInt64.max] {
                let request = RefreshRequest(
                    source: number, page: number, kind: .loadMore, generation: generation, origin: generation,
                    cursor: "c")
                #expect(request.description.contains(String(number)))
                #expect(request == request && request.hashValue == request.hashValue)
                let reasons: [RefreshFailure.Reason] = extremes.flatMap { other in
                    [
                        .invalidResponse(.nonPositivePageCount(number)),
                        .invalidResponse(.currentPageBeyondPageCount(curPage: number, pageCount: other)),
                        .invalidResponse(.pageMismatch(requested: number, received: other)),
                        .invalidResponse(.negativeTotalCount(number)),
                        .invalidResponse(.curPageOutOfRange(curPage: number, curPageOffset: other)),
                    ]
                }
                for reason in reasons {
                    let failure = RefreshFailure(request: request, reason: reason)
                    #expect(failure.description.contains(failure.message))
                }
                for other in extremes {
                    var update = RefreshUpdate(
                        request: request, source: number, change: .replaced(count: other), noMoreData: true)
                    update.droppedDuplicates = number
                    update.droppedRemovals = other
                    #expect(update.droppedDuplicates == number && update.droppedRemovals == other)
                }
            }
        }
    }

    @Test func anyIntegerIsAnItemID() {
        let ids: [any Hashable & Sendable] = extremes + [UInt64.max, UInt.max, Int8.min, Int64.min, UInt8.max]
        for id in ids {
            #expect(!RefreshItemID(id).description.isEmpty)
        }
        #expect(RefreshItemID(UInt64.max) != RefreshItemID(-1), "a number that fits no Int is another id")
        #expect(RefreshItemID(Int8.min) == RefreshItemID(-128), "integers of any width compare as numbers")
    }

    @Test func everyValidExtremeMakesAStateAPolicyAndARetry() {
        for firstPage in [0, 1, Int.max] {
            #expect(RefreshState<Int>(firstPage: firstPage).page == firstPage - 1)
            #expect(
                RefreshState<Int>((page: firstPage, isLoading: false, noMoreData: true, noMoreTitle: "")).noMoreData)
            var policy = RefreshPolicy(pageSize: Int.max, firstPage: firstPage, curPageOffset: .min, maxPages: .max)
            policy.pageSize = 1
            policy.maxPages = 1
            policy.curPageOffset = .max
            var sources = RefreshSources<Int>([RefreshState(firstPage: firstPage)], policy: policy)
            sources.policy.firstPage = firstPage == 0 ? Int.max : 0
            #expect(sources[0].page == sources.policy.firstPage - 1)
        }
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            for retries in [0, 1, Int.max] {
                #expect(RefreshRetry(maxRetries: retries).maxRetries == retries)
            }
            let durations: [Duration] = [.zero, .nanoseconds(1), .seconds(1), .seconds(Int64.max), .seconds(Int64.min)]
            for retry in extremes {
                for initial in durations {
                    for longest in durations {
                        let delay = RefreshRetry.delay(beforeRetry: retry, initialDelay: initial, maxDelay: longest)
                        #expect(delay <= max(initial, longest))
                    }
                }
            }
        }
    }

    @Test func everyPositionAnItemCanTakeIsInsertedAndEveryIDIsEdited() {
        for position in [0, 1, 2] {
            var sources = RefreshSources<Int>(noMoreTitles: [""], identity: RefreshItemIdentity(\.self))
            if case .started(let request, _) = sources.begin(.refresh, source: 0) {
                _ = sources.succeed(request, with: RefreshPage(items: [10, 20]))
            }
            #expect(sources.insertItem(.max, at: position, source: 0).change == .inserted(position..<(position + 1)))
            #expect(sources.insertItem(.min, at: sources[0].items.count, source: 0).change == .inserted(3..<4))
            for id in extremes {
                _ = sources.updateItem(id, source: 0)
                _ = sources.removeItem(id: id, source: 0)
            }
            #expect(sources[0].items == [10, 20])
        }
    }

    /// Rows reported at any index while pages come before the items and the page cap drops
    /// some: the rows on screen shift with them.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    @Test func aListModelTakesAnyRowIndexAndAnyPrefetchDistance() async {
        for pageSize in [1, Int.max] {
            for (distance, cap) in signals.flatMap({ distance in [nil, 2].map { (distance, $0) } }) {
                var answers = 0
                let policy = RefreshPolicy(pageSize: pageSize, paging: .cursors, maxPages: cap)
                let model = RefreshListModel<Int>(noMoreTitles: [""], policy: policy) { request in
                    answers += 1
                    return RefreshPage(
                        items: [answers], nextCursor: answers < 6 ? "older" : nil,
                        previousCursor: answers < 6 ? "newer" : nil)
                }
                model.prefetchDistance = distance
                model.setUp()
                await model.refresh()
                for _ in 0..<3 {
                    for index in extremes {
                        model.itemDidAppear(at: index)
                    }
                    for _ in 0..<10 { await Task.yield() }
                    for index in extremes {
                        model.itemDidDisappear(at: index)
                    }
                }
                #expect(answers > 1, "no row reported loaded anything")
                #expect(!model.items.isEmpty)
            }
        }
    }
}

/// One public call given a number its documentation calls a programmer error.
struct NumberMisuse: Codable, Sendable, CustomTestStringConvertible {
    enum Call: String, Codable, Sendable, CaseIterable {
        case policyPageSize, policyPageSizeProperty, policyFirstPage, policyFirstPageProperty
        case policyMaxPages, policyMaxPagesProperty, stateFirstPage, stateTuplePage, retryCount
        case sourcesSubscript, sourcesBegin, sourcesCancel, sourcesUpdateItem, sourcesRemoveItem
        case sourcesInsertItemSource, sourcesInsertItemPosition, runtimeSubscript, runtimeInsertItemPosition
        case adopterSwitchSource, adopterStartLoad, adopterCancelLoading, adopterCurrentIndex
        case modelSwitchSource, modelInsertItemPosition
    }

    let call: Call
    let number: Int

    var testDescription: String { "\(call.rawValue)(\(number))" }

    /// The numbers the call's documentation refuses, among the swept extremes.
    static var all: [NumberMisuse] {
        Call.allCases.flatMap { call in
            let refused: [Int]
            switch call {
            case .policyPageSize, .policyPageSizeProperty, .policyMaxPages, .policyMaxPagesProperty:
                refused = [.min, -1, 0]
            case .policyFirstPage, .policyFirstPageProperty, .stateFirstPage, .stateTuplePage, .retryCount:
                refused = [.min, -1]
            default:
                // Source indexes of a one-source list, and positions in an empty list.
                refused = [.min, -1, 1, .max]
            }
            return refused.map { NumberMisuse(call: call, number: $0) }
        }
    }

    /// What the message that stops the app must say.
    var message: String {
        let n = number
        switch call {
        case .policyPageSize, .policyPageSizeProperty:
            return "RefreshPolicy.pageSize is \(n); pass the number of items a full page holds (at least 1)."
        case .policyFirstPage, .policyFirstPageProperty:
            return "RefreshPolicy.firstPage is \(n); pass the first page's number (1, or 0 for zero-based APIs)."
        case .policyMaxPages, .policyMaxPagesProperty:
            return "RefreshPolicy.maxPages is \(n); pass the most pages a source may hold (at least 1), or nil"
        case .stateFirstPage:
            return "RefreshState(firstPage:) is \(n); pass the first page's number"
        case .stateTuplePage:
            return "RefreshState((page: \(n), ...)): the page is \(n); pass the first page's number"
        case .retryCount:
            return "RefreshRetry(maxRetries: \(n)): the retry count must be zero or more."
        case .sourcesInsertItemPosition, .runtimeInsertItemPosition, .modelInsertItemPosition:
            return "position \(n) is outside 0...0, the positions source 0 can take an item at"
        case .sourcesSubscript, .sourcesBegin, .sourcesCancel, .sourcesUpdateItem, .sourcesRemoveItem,
            .sourcesInsertItemSource, .runtimeSubscript, .adopterSwitchSource, .adopterStartLoad,
            .adopterCancelLoading, .adopterCurrentIndex, .modelSwitchSource:
            return "source index \(n) is out of range; this list has 1 source(s) (0..<1)."
        }
    }

    /// Makes the call; returns only if the number was accepted.
    @MainActor
    func run() {
        let n = number
        var sources = RefreshSources<Int>(noMoreTitles: [""], identity: RefreshItemIdentity(\.self))
        var policy = RefreshPolicy()
        switch call {
        case .policyPageSize: _ = RefreshPolicy(pageSize: n)
        case .policyPageSizeProperty: policy.pageSize = n
        case .policyFirstPage: _ = RefreshPolicy(firstPage: n)
        case .policyFirstPageProperty: policy.firstPage = n
        case .policyMaxPages: _ = RefreshPolicy(maxPages: n)
        case .policyMaxPagesProperty: policy.maxPages = n
        case .stateFirstPage: _ = RefreshState<Int>(firstPage: n)
        case .stateTuplePage: _ = RefreshState<Int>((page: n, isLoading: false, noMoreData: false, noMoreTitle: ""))
        case .retryCount:
            if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) { _ = RefreshRetry(maxRetries: n) }
        case .sourcesSubscript: _ = sources[n]
        case .sourcesBegin: _ = sources.begin(.refresh, source: n)
        case .sourcesCancel: _ = sources.cancel(source: n)
        case .sourcesUpdateItem: _ = sources.updateItem(1, source: n)
        case .sourcesRemoveItem: _ = sources.removeItem(id: 1, source: n)
        case .sourcesInsertItemSource: _ = sources.insertItem(1, at: 0, source: n)
        case .sourcesInsertItemPosition: _ = sources.insertItem(1, at: n, source: 0)
        case .runtimeSubscript: _ = RefreshRuntime(sources)[n]
        case .runtimeInsertItemPosition: _ = RefreshRuntime(sources).insertItem(1, at: n, source: 0)
        case .adopterSwitchSource: CallbackList(titles: ["only"]).switchSource(to: n)
        case .adopterStartLoad: CallbackList(titles: ["only"]).startLoad(.refresh, source: n)
        case .adopterCancelLoading: CallbackList(titles: ["only"]).cancelLoading(source: n)
        case .adopterCurrentIndex:
            let list = CallbackList(titles: ["only"])
            list.currentIndex = n
            list.setupRefreshHeader()
        case .modelSwitchSource, .modelInsertItemPosition:
            if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
                let model = RefreshListModel<Int>(RefreshRuntime(sources)) { _ in RefreshPage(items: []) }
                if call == .modelSwitchSource {
                    model.switchSource(to: n)
                } else {
                    model.insertItem(1, at: n)
                }
            }
        }
    }
}

/// Numbers a function documents as a programmer error stop the app with a message that says
/// what to fix, never with an arithmetic trap: each refused extreme of ``ExtremeValueTests``.
@Suite("Extreme values: programmer errors")
struct ProgrammerErrorTests {
    @Test(arguments: NumberMisuse.all)
    func aRefusedNumberStopsWithAMessageSayingWhatToFix(_ misuse: NumberMisuse) async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [misuse] in
            await MainActor.run { misuse.run() }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains(misuse.message), "\(message)")
        #expect(!message.contains("arithmetic overflow"))
    }
}
