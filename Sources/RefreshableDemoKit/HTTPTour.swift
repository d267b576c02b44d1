import Dispatch
import Refreshable

/// `--url` without `--interactive`: the same controller, on the HTTP loader (the library's async
/// loader path), loads every tab to its end and prints each step as the scripted session does.
/// Paged by cursor with `{before}`, it then asks once for newer rows above the first page.
/// Rows are told apart by id, and each answer says how many rows it left out as held already.
/// Real servers cannot be told to fail on cue, so the tour shows failures only when they happen; a
/// tab whose pages stop moving the list (a server that sends rows the list holds) stops loading,
/// and the tour then asks once more, as a user scrolling down again does.
@MainActor
final class HTTPTour {
    /// The screen, on the HTTP loader.
    let controller: OrderListController
    /// Prints the tour.
    let narrator: Narrator
    /// The most pages the tour loads per tab, so an endless list still ends the tour.
    let maxPagesPerTab: Int
    private let template: URLTemplate
    private let write: (String) -> Void
    private var startTimes: [UInt64: UInt64] = [:]

    /// Creates a tour.
    /// - Parameters:
    ///   - loader: The HTTP loader.
    ///   - maxPagesPerTab: The most pages loaded per tab.
    ///   - write: Where each line goes.
    init(loader: HTTPOrderLoader, maxPagesPerTab: Int = 50, write: @escaping (String) -> Void) {
        controller = OrderListController(http: loader)
        narrator = Narrator(controller: controller, write: write)
        template = loader.template
        self.maxPagesPerTab = maxPagesPerTab
        self.write = write
    }

    /// Runs the tour.
    /// - Returns: Whether every load succeeded.
    func run() async -> Bool {
        write("Refreshable demo over HTTP: \(template)")
        let byCursor = template.paging == .cursors
        let end =
            byCursor
            ? "paged by cursor ({after}); a list ends where an answer has no nextCursor."
            : "the end of a list is where curPage == pageCount."
        if let note = template.singleListNote {
            write(note)
            write("One list; \(end)")
        } else {
            write("Tabs All / Unpaid / Shipped ({tab} = all, unpaid, shipped); \(end)")
        }
        if let note = template.noPreviousNote {
            write(note)
        }
        write("Rows are told apart by id: a row a later page brings again is left out, and the answer says so.")
        write("Legend:  > the user acts   < the server answers   status: what the header/footer were driven to")

        let first = byCursor ? "the newest page" : "page 1"
        narrator.step(1, "First load", "setupRefreshHeader() loads \(first) of the tab on screen.")
        await act("setupRefreshHeader()") { $0.setupRefreshHeader() }
        narrator.show()

        narrator.step(
            2, "Pull to refresh",
            "The header's action, headerRefreshingAction(), asks for \(first) again; the old rows stay until the answer comes."
        )
        await act("header.pull()  // the user pulls down") { $0.header.pull() }
        narrator.show()

        for (index, tab) in controller.tabs.enumerated() {
            if index > 0 {
                narrator.step(
                    2 + index * 2, "Switch to \(tab.label)", "switchSource(to: \(index)) loads the tab's first page.")
                await act("switchSource(to: \(index))  // the user taps \"\(tab.label)\"") {
                    $0.switchSource(to: index)
                }
                narrator.show()
            }
            narrator.step(
                3 + index * 2, "Scroll \(tab.label) to the end",
                byCursor
                    ? "loadMore() with each answer's nextCursor until none comes."
                    : "loadMore() until curPage == pageCount.")
            var pages = 1
            while canLoadMore(index), pages < maxPagesPerTab {
                pages += 1
                await act("loadMore()  // the user scrolls to the bottom") { $0.loadMore() }
            }
            if controller.refreshStatus[index].loadMoreFailure?.reason == .noProgress {
                // The server's pages stopped moving the list: nothing loads by itself any more,
                // and each time the user asks, one request goes out.
                let note = "The last pages brought nothing new: loading stopped. Scrolling down asks once more."
                write("\(TextRenderer.indent)\(note)")
                await act("loadMore()  // the user scrolls to the bottom again") { $0.loadMore() }
            }
            narrator.show()
        }
        if byCursor, template.canLoadPrevious {
            let tab = controller.tabs[controller.currentIndex]
            narrator.step(
                2 + controller.tabs.count * 2, "Newer rows above \(tab.label)'s first page",
                "loadPrevious() asks with the first page's previousCursor ({before}); an empty answer says nothing newer came."
            )
            await act("loadPrevious()  // the user scrolls to the top") { $0.loadPrevious() }
            narrator.show()
        }
        narrator.summary()
        let failures = controller.outcomes.filter {
            if case .failed = $0.settlement { return true }
            return false
        }
        if failures.isEmpty {
            write("\(TextRenderer.indent)Every load succeeded.")
        } else {
            write("\(TextRenderer.indent)\(failures.count) load(s) FAILED; the first: \(describeFailure(failures[0]))")
        }
        return failures.isEmpty
    }

    private func canLoadMore(_ index: Int) -> Bool {
        let state = controller.refreshStatus[index]
        return state.hasLoaded && !state.items.isEmpty && !state.noMoreData && state.failure == nil
    }

    /// Performs an action and waits for the answers to the requests it started, printing each.
    private func act(_ label: String, _ action: (OrderListController) -> Void) async {
        let started = narrator.act(label, action)
        let now = DispatchTime.now().uptimeNanoseconds
        for request in started {
            startTimes[request.generation] = now
        }
        for request in started {
            await controller.waitUntilSettled(request)
            guard let outcome = controller.outcome(of: request) else { continue }
            let began = startTimes.removeValue(forKey: request.generation) ?? now
            let elapsed = Int((DispatchTime.now().uptimeNanoseconds - began) / 1_000_000)
            narrator.report(outcome, milliseconds: elapsed)
        }
    }

    private func describeFailure(_ outcome: OrderListController.Outcome) -> String {
        if case .failed(let failure) = outcome.settlement {
            return "\(narrator.describe(outcome.request)): \(failure.message)"
        }
        return narrator.describe(outcome.request)
    }
}
