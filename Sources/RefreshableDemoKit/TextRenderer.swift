import Refreshable

/// Draws the order list as text: the tab bar, a window onto the rows, the header and footer as
/// the controls show them, and the statuses that took the controls there.
@MainActor
final class TextRenderer {
    /// Indentation of every line inside a step.
    static let indent = "   "
    /// Rows shown at most; longer lists show their first and last rows around a gap.
    let windowRows: Int

    private var shownAppearance: RefreshAppearance?
    private var toastsShown = 0

    /// Creates a renderer.
    /// - Parameter windowRows: Rows shown at most.
    init(windowRows: Int = 4) {
        self.windowRows = windowRows
    }

    /// The statuses dispatched to the controls since the last call: what the library drove the
    /// visible header and footer through, as ``RefreshStatus`` values.
    func dispatchedStatuses(_ controller: OrderListController) -> [RefreshStatus] {
        let now = RefreshAppearance(showing: controller.header, controller.footer, above: controller.previous)
        defer { shownAppearance = now }
        return now.statuses(from: shownAppearance)
    }

    /// `status: beginHeaderRefresh, hideFooter`, for the statuses dispatched since the last call.
    func statusLine(_ controller: OrderListController) -> String {
        let statuses = dispatchedStatuses(controller)
        let text = statuses.isEmpty ? "(no change)" : statuses.map(Self.describe).joined(separator: ", ")
        return "\(Self.indent)  status: \(text)"
    }

    /// Toasts shown since the last call, one line each.
    func newToasts(_ controller: OrderListController) -> [String] {
        let toasts = controller.listView.toasts
        defer { toastsShown = toasts.count }
        return toasts.dropFirst(toastsShown).map { "\(Self.indent)  toast: \($0)" }
    }

    /// The screen: tab bar and header, the rows (or the failure placeholder), and the footer.
    func screen(_ controller: OrderListController) -> [String] {
        let i = Self.indent
        let tabBar = controller.tabs.enumerated()
            .map { index, tab in index == controller.currentIndex ? "[\(tab.label)]" : " \(tab.label) " }
            .joined(separator: " ")
        let header = controller.header.isRefreshing ? "refreshing..." : "idle"
        var lines = ["\(i)+ \(pad(tabBar, to: 30)) header: \(header)"]
        if let above = aboveText(controller.previous) {
            lines.append("\(i)+ above: \(above)")
        }
        let state = controller.refreshStatus[controller.currentIndex]
        let orders = state.items
        if let failure = controller.listView.placeholder {
            lines.append("\(i)|  (placeholder) Couldn't load these orders. \(failure.message)")
            lines.append("\(i)|  (placeholder) [ Tap to retry ]")
        } else if orders.isEmpty {
            lines.append("\(i)|  \(state.isLoading ? "(loading...)" : "(no orders)")")
        } else if orders.count <= windowRows {
            lines += orders.map { row($0, controller) }
        } else {
            let head = windowRows / 2
            let tail = windowRows - head
            lines += orders.prefix(head).map { row($0, controller) }
            lines.append("\(i)|  ... \(orders.count - head - tail) more ...")
            lines += orders.suffix(tail).map { row($0, controller) }
        }
        let loaded = state.hasLoaded ? "\(orders.count) loaded, page \(state.page)" : "not loaded"
        lines.append("\(i)+ footer: \(pad(footerText(controller.footer), to: 22)) \(loaded)")
        return lines
    }

    /// What a text footer shows, in words.
    func footerText(_ footer: TextFooter) -> String {
        guard !footer.isHidden else { return "(hidden)" }
        switch footer.state {
        case .idle:
            return "Pull up to load more"
        case .refreshing:
            return "Loading more..."
        case .noMoreData(let title):
            return title ?? "No more data"
        case .failed:
            return "Couldn't load more. Pull up to retry."
        }
    }

    /// What the control above the first row shows, in words; `nil` while it is hidden or at the
    /// start of the list, where a list that never loads previous pages keeps it.
    func aboveText(_ previous: TextFooter) -> String? {
        guard !previous.isHidden else { return nil }
        switch previous.state {
        case .idle:
            return "Scroll up for newer"
        case .refreshing:
            return "Loading newer..."
        case .noMoreData:
            return nil
        case .failed:
            return "Couldn't load newer. Scroll up to retry."
        }
    }

    /// A status, short: `failed("...")` instead of `failed(message: "...")`.
    static func describe(_ status: RefreshStatus) -> String {
        if case .failed(let message) = status {
            return "failed(\"\(message)\")"
        }
        return "\(status)"
    }

    /// `All page 2 (loadMore #4)`; a refresh of a list paged by cursor asks for the newest page.
    static func describe(_ request: RefreshRequest, tab: OrderTab, byCursor: Bool = false) -> String {
        let kind: String
        switch request.kind {
        case .refresh: kind = "refresh"
        case .loadMore: kind = "loadMore"
        case .loadPrevious: kind = "loadPrevious"
        }
        let which: String
        if let cursor = request.cursor {
            which = "cursor \(cursor)"
        } else if tab.isConversation || byCursor {
            which = "newest page"
        } else {
            which = "page \(request.page)"
        }
        return "\(tab.label) \(which) (\(kind) #\(request.generation))"
    }

    /// One line saying what became of an answer.
    func describe(_ outcome: OrderListController.Outcome, controller: OrderListController) -> String {
        let request = outcome.request
        let what = Self.describe(
            request, tab: outcome.tab, byCursor: controller.refreshStatus.policy.paging == .cursors)
        var text: String
        switch outcome.settlement {
        case .applied(let update):
            let held = controller.refreshStatus[request.source].items.count
            switch update.change {
            case .replaced(let count):
                text = "applied: \(count) \(outcome.tab.noun) replace the list"
            case .appended(let range):
                text = "applied: +\(range.count) \(outcome.tab.noun), \(held) in \(outcome.tab.label)"
            case .prepended(let range) where range.isEmpty && update.droppedDuplicates == 0:
                text = "applied: nothing newer above; the start of the list until the next refresh"
            case .prepended(let range):
                text = "applied: +\(range.count) \(outcome.tab.noun) above, \(held) in \(outcome.tab.label)"
            case .switchedSource, .reset, .edited, .removed, .inserted:
                text = "applied"
            }
            if update.droppedDuplicates > 0 {
                let count = update.droppedDuplicates
                text += "; \(count) duplicate\(count == 1 ? "" : "s") left out (held already, same id)"
            }
            if let dropped = update.dropped {
                text += "; \(dropped.count) dropped at the other end (maxPages)"
            }
            if update.noMoreData, request.kind != .loadPrevious {
                let reason = outcome.page.flatMap {
                    Self.endOfListReason(
                        $0, request: request, heldAfter: outcome.heldAfter, policy: controller.refreshStatus.policy)
                }
                text += "; end of list" + (reason.map { ": \($0)" } ?? "")
            }
        case .failed(let failure):
            let held = controller.refreshStatus[request.source].items.count
            text = "FAILED: \(failure.message) (\(held) \(outcome.tab.noun) kept)"
        case .discarded:
            text = "discarded: a newer request superseded it, so it is never applied"
        case .cancelled:
            text = "cancelled: it ended without a result, and nothing was recorded"
        }
        if outcome.tabOnScreen != request.source, case .discarded = outcome.settlement {
        } else if outcome.tabOnScreen != request.source {
            text +=
                " -- it lands in \(outcome.tab.label) while \(controller.tabs[outcome.tabOnScreen].label) is on screen"
        }
        return "\(what) \(text)"
    }

    /// Why a page ends its list, in words, from the strongest end-of-list signal the page carried,
    /// in the order the library ranks them: an empty page, then `hasMore`, then
    /// `curPage`/`pageCount`, then the total, and only without any of them, a short page.
    /// - Parameters:
    ///   - page: The page that was applied.
    ///   - request: The request it answered.
    ///   - heldAfter: How many items the tab held once it was applied.
    ///   - policy: The paging policy (page size, first page number).
    /// - Returns: `curPage 2 == pageCount 2`, `hasMore: false`, `total 20 reached`,
    ///   `short page (3 < 10)` or `empty page`; `nil` when the strongest signal says more follow.
    static func endOfListReason(
        _ page: RefreshPage<Order>,
        request: RefreshRequest,
        heldAfter: Int,
        policy: RefreshPolicy
    ) -> String? {
        if page.items.isEmpty {
            return "empty page"
        }
        let full = page.items.count >= policy.pageSize ? " (a full page)" : ""
        if policy.paging == .cursors, page.nextCursor == nil {
            return "no next cursor"
        }
        if let hasMore = page.hasMore {
            return hasMore ? nil : "hasMore: false\(full)"
        }
        if let pageCount = page.pageCount {
            let curPage = page.curPage ?? request.page
            guard curPage - policy.firstPage + 1 >= pageCount else { return nil }
            let signal =
                policy.firstPage == 1
                ? "curPage \(curPage) == pageCount \(pageCount)"
                : "curPage \(curPage) is the last of pageCount \(pageCount)"
            return signal + full
        }
        if let total = page.totalCount {
            return heldAfter >= total ? "total \(total) reached\(full)" : nil
        }
        return page.items.count < policy.pageSize ? "short page (\(page.items.count) < \(policy.pageSize))" : nil
    }

    /// A row; an order sent from this device that the server has not confirmed yet says so.
    private func row(_ order: Order, _ controller: OrderListController) -> String {
        let pending = controller.refreshStatus.identity != nil && controller.isPending(id: order.id)
        return "\(Self.indent)|  \(pad(order.id, to: 11)) \(order.title)\(pending ? "  (sending...)" : "")"
    }

    private func pad(_ text: String, to width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
