import Refreshable
import Testing

/// `RefreshAppearance`: what a state calls for, how statuses fold, and the statuses between two appearances.
@Suite("Appearance")
struct AppearanceTests {
    private static let footers: [RefreshAppearance.Footer] = [
        .idle, .refreshing, .noMoreData(title: nil), .failed(message: "m"),
    ]

    private static var all: [RefreshAppearance] {
        var result: [RefreshAppearance] = []
        for header in [RefreshAppearance.Header.idle, .refreshing] {
            for footer in footers {
                for hidden in [false, true] {
                    for previous in footers {
                        result.append(
                            RefreshAppearance(
                                header: header, footer: footer, isFooterHidden: hidden, previous: previous))
                    }
                }
            }
        }
        return result
    }

    @Test func statusesBetweenAnyTwoAppearancesFoldIntoTheSecond() {
        for old in Self.all {
            for new in Self.all {
                let folded = new.statuses(from: old).reduce(old) { $0.applying($1) }
                #expect(folded == new, "from \(old) to \(new) via \(new.statuses(from: old))")
            }
        }
    }

    @Test func equalAppearancesNeedNoStatus() {
        for appearance in Self.all {
            #expect(appearance.statuses(from: appearance).isEmpty)
        }
    }

    @Test func aStateWithTitleShowsItsOwnNoMoreText() throws {
        var sources = RefreshSources<Int>(noMoreTitles: ["No more orders"], policy: RefreshPolicy(pageSize: 2))
        guard case .started(let request, _) = sources.begin(.refresh, source: 0) else {
            Issue.record("refresh should start")
            return
        }
        #expect(RefreshAppearance(state: sources[0]) == RefreshAppearance(header: .refreshing, isFooterHidden: true))
        _ = sources.succeed(request, with: RefreshPage(items: [1]))
        let appearance = RefreshAppearance(state: sources[0])
        #expect(appearance == RefreshAppearance(footer: .noMoreData(title: "No more orders")))
    }

    @Test func endFooterRefreshAndBeginFooterRefreshLeaveTheEndOfListAlone() {
        let end = RefreshAppearance(footer: .noMoreData(title: "t"))
        #expect(end.applying(.endFooterRefresh) == end)
        #expect(end.applying(.beginFooterRefresh) == end)
        #expect(end.applying(.noMoreData) == end)
        #expect(end.applying(.resetNoMoreData).footer == .idle)
    }

    @Test func lateStatusesOfTheControlAboveLeaveTheStartOfTheListAlone() {
        let start = RefreshAppearance(previous: .noMoreData(title: nil))
        #expect(start.applying(.endPreviousLoad) == start)
        #expect(start.applying(.beginPreviousLoad) == start)
        #expect(start.applying(.previousLoadFailed(message: "m")) == start)
        #expect(start.applying(.resetNoPreviousData).previous == .idle)
        #expect(start.applying(.resetNoMoreData) == start, "footer statuses leave the control above alone")
    }

    @Test func theControlAboveFollowsTheLoadOfThePreviousPageAndItsFailure() throws {
        var sources = RefreshSources<Int>(noMoreTitles: [""], policy: RefreshPolicy(pageSize: 2, paging: .cursors))
        let refresh = try started(sources.begin(.refresh, source: 0))
        _ = sources.succeed(refresh, with: RefreshPage(items: [1, 2], nextCursor: "n", previousCursor: "p"))
        #expect(RefreshAppearance(state: sources[0]).previous == .idle)
        let previous = try started(sources.begin(.loadPrevious, source: 0))
        #expect(RefreshAppearance(state: sources[0]).previous == .refreshing)
        _ = sources.fail(previous, error: ServerError(code: 500), describedAs: "down")
        let message = try #require(sources[0].loadPreviousFailure?.message)
        #expect(RefreshAppearance(state: sources[0]).previous == .failed(message: message))
        #expect(RefreshAppearance(state: sources[0]).footer == .idle, "the footer shows no failure from above")
        let again = try started(sources.begin(.loadPrevious, source: 0))
        _ = sources.cancel(source: 0)
        #expect(again.kind == .loadPrevious)
        #expect(RefreshAppearance(state: sources[0]).previous == .idle, "a cancelled load above shows no failure")
    }
}
