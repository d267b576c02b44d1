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
                    result.append(RefreshAppearance(header: header, footer: footer, isFooterHidden: hidden))
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
}
