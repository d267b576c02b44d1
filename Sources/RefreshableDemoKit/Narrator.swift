import Refreshable

/// Prints a session with the order list: each user action (`>`) with the requests it started,
/// each answer (`<`) with what the library made of it, the statuses the header and footer were
/// driven to, toasts, and the screen. Shared by the scripted session, the HTTP tour and the
/// interactive mode.
@MainActor
final class Narrator {
    /// The screen being narrated.
    let controller: OrderListController
    /// Draws the screen and the statuses.
    let renderer: TextRenderer
    /// Where each line goes.
    let write: (String) -> Void
    private let indent = TextRenderer.indent

    /// Creates a narrator.
    init(controller: OrderListController, renderer: TextRenderer = TextRenderer(), write: @escaping (String) -> Void) {
        self.controller = controller
        self.renderer = renderer
        self.write = write
    }

    /// Performs a user action and prints what it asked for and the statuses it dispatched.
    /// - Parameters:
    ///   - label: What the user did, such as `loadMore()`.
    ///   - ignored: Why, if the action starts no request.
    ///   - action: The action.
    /// - Returns: The requests the action started.
    @discardableResult
    func act(_ label: String, ignored: String? = nil, _ action: (OrderListController) -> Void) -> [RefreshRequest] {
        let before = controller.requestsInFlight
        action(controller)
        let after = controller.requestsInFlight
        let started = after.filter { !before.contains($0) }
        let cancelled = before.filter { !after.contains($0) && controller.outcome(of: $0) == nil }
        write("\(indent)> \(label)")
        if started.isEmpty {
            write("\(indent)  nothing requested: \(ignored ?? whyNothingStarted())")
        } else {
            let cancelling = cancelled.map { ", cancelling \(describe($0))" }.joined()
            write("\(indent)  asks for " + started.map(describe).joined(separator: ", ") + cancelling)
        }
        write(renderer.statusLine(controller))
        return started
    }

    /// Switches to a tab and prints what that asked for, as ``act(_:ignored:_:)`` does. A switch
    /// to a tab that has loaded before asks for nothing: it shows the tab as it was, so that is
    /// what gets printed (say, `All is shown; its list has ended: "No more orders"`), not a
    /// reason why a load-more was refused: the user asked for no load-more.
    /// - Parameters:
    ///   - index: The tab to switch to.
    ///   - label: What the user did, such as `switchSource(to: 0)  // All`.
    /// - Returns: The requests the switch started.
    @discardableResult
    func switchSource(to index: Int, label: String) -> [RefreshRequest] {
        act(label, ignored: whatASwitchShows(index)) { $0.switchSource(to: index) }
    }

    /// What a tab that is switched to without a request shows, in words.
    func whatASwitchShows(_ index: Int) -> String {
        let tab = controller.tabs[index]
        let state = controller.refreshStatus[index]
        let shown = index == controller.currentIndex ? "\(tab.label) is already on screen" : "\(tab.label) is shown"
        if let inFlight = state.inFlight {
            return "\(shown); \(describe(inFlight)) is still in flight"
        }
        if !state.hasLoaded {
            return state.failure == nil ? "\(shown); nothing has loaded yet" : "\(shown); its first load failed"
        }
        if state.noMoreData {
            return state.items.isEmpty
                ? "\(shown); it has no orders" : "\(shown); its list has ended: \"\(state.noMoreTitle)\""
        }
        return "\(shown) as it was: \(state.items.count) orders, page \(state.page)"
    }

    /// Prints one answer, the statuses it dispatched and any toast.
    /// - Parameters:
    ///   - outcome: What the library made of the answer.
    ///   - milliseconds: How long the answer took, when known.
    func report(_ outcome: OrderListController.Outcome, milliseconds: Int?) {
        let after = milliseconds.map { "after \($0) ms: " } ?? ""
        write("\(indent)< \(after)\(renderer.describe(outcome, controller: controller))")
        write(renderer.statusLine(controller))
        for toast in renderer.newToasts(controller) {
            write(toast)
        }
    }

    /// Prints the screen.
    func show() {
        for line in renderer.screen(controller) {
            write(line)
        }
    }

    /// Prints a step's heading.
    func step(_ number: Int, _ title: String, _ explanation: String) {
        write("")
        write("\(number). \(title)")
        write("\(indent)\(explanation)")
    }

    /// Prints how many orders each tab holds and where its list stands.
    func summary() {
        write("")
        write("Summary")
        let width = controller.tabs.map(\.label.count).max() ?? 0
        for (index, tab) in controller.tabs.enumerated() {
            let state = controller.refreshStatus[index]
            let end: String
            if !state.hasLoaded {
                end = state.failure.map { "not loaded: \($0.message)" } ?? "not loaded"
            } else {
                end = state.noMoreData ? "end of list: \"\(state.noMoreTitle)\"" : "more to load"
            }
            let count = String(state.items.count)
            let paddedCount = String(repeating: " ", count: max(0, 3 - count.count)) + count
            let duplicates = controller.droppedDuplicates(in: index)
            let left = duplicates > 0 ? ", \(duplicates) duplicate\(duplicates == 1 ? "" : "s") left out" : ""
            write("\(indent)\(tab.label.padding(width)) \(paddedCount) orders, page \(state.page), \(end)\(left)")
        }
    }

    /// `All page 2 (loadMore #4)`.
    func describe(_ request: RefreshRequest) -> String {
        TextRenderer.describe(
            request, tab: controller.tabs[request.source], byCursor: controller.refreshStatus.policy.paging == .cursors)
    }

    /// Why a load of the previous page (newer rows above the first one) would start nothing now,
    /// or `nil` when it would start.
    func whyNoPrevious() -> String? {
        let state = controller.refreshStatus[controller.currentIndex]
        if let inFlight = state.previousInFlight {
            return "\(describe(inFlight)) is in flight"
        }
        if state.isRefreshing, let inFlight = state.inFlight {
            return "\(describe(inFlight)) is in flight"
        }
        if !state.hasLoaded || state.items.isEmpty {
            return "nothing has loaded yet"
        }
        guard state.noPreviousData else { return nil }
        if controller.refreshStatus.policy.paging == .pageNumbers {
            return "the first page is on screen; nothing comes before it"
        }
        return "nothing comes before the first page (its answer had no previousCursor, or the last "
            + "load above found nothing newer); refresh to look again"
    }

    private func whyNothingStarted() -> String {
        let state = controller.refreshStatus[controller.currentIndex]
        if controller.refreshStatus.isOffline, !state.isLoading {
            return "the list is offline, so the load failed at once without asking the server"
        }
        if let inFlight = state.inFlight {
            return "\(describe(inFlight)) is in flight"
        }
        if state.noMoreData {
            return "the list has ended, so load-more cannot trigger"
        }
        if !state.hasLoaded || state.items.isEmpty {
            return state.failure == nil ? "nothing has loaded yet" : "nothing has loaded yet; refresh or tap retry"
        }
        return "the tab has loaded before"
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
