import Refreshable

/// `--interactive`: a person drives the list with keys, one per line; answers land whenever the
/// loader answers (the embedded API in real time, or HTTP), and each one is printed as it lands.
@MainActor
final class InteractiveSession {
    /// One key's meaning.
    enum Command: Equatable {
        /// `r`: pull to refresh.
        case refresh
        /// `m` or `j`: scroll to the bottom.
        case loadMore
        /// `p` or `k`: scroll to the top, loading the page before the first one (newer rows).
        case loadPrevious
        /// `1`, `2`, `3`, ...: tap a tab (zero-based index).
        case tab(Int)
        /// `t`: tap the placeholder's retry button.
        case retry
        /// `n`: send a new order from this device, shown pending until a refresh brings it.
        case send
        /// `f`: toggle failures.
        case toggleFailures
        /// `o`: toggle offline (`setOnline(_:)`).
        case toggleOffline
        /// `w`: the app returns to the foreground (`refreshIfStale(olderThan:)`, 30 seconds).
        case wake
        /// `s`: show the screen again.
        case show
        /// `h` or `?`: show the keys.
        case help
        /// `q`: quit.
        case quit
        /// An empty line: nothing.
        case nothing
        /// Anything else.
        case unknown(String)

        /// Reads one line of input.
        init(line: String) {
            let key = line.trimmingSpaces().lowercased()
            switch key {
            case "r":
                self = .refresh
            case "m", "j":
                self = .loadMore
            case "p", "k":
                self = .loadPrevious
            case "n":
                self = .send
            case "t":
                self = .retry
            case "f":
                self = .toggleFailures
            case "o":
                self = .toggleOffline
            case "w":
                self = .wake
            case "s":
                self = .show
            case "h", "?", "help":
                self = .help
            case "q", "quit", "exit":
                self = .quit
            case "":
                self = .nothing
            default:
                if let number = Int(key), number >= 1 {
                    self = .tab(number - 1)
                } else {
                    self = .unknown(key)
                }
            }
        }
    }

    /// The screen.
    let controller: OrderListController
    /// Prints the session.
    let narrator: Narrator
    /// The failure switch around the loader.
    let faults: FaultSwitchLoader
    private let write: (String) -> Void
    /// How many orders this device sent.
    private var sentCount = 0

    /// Creates a session.
    /// - Parameters:
    ///   - loader: The loader (embedded API in real time, or HTTP).
    ///   - tabs: The tabs; one for a `--url` without `{tab}`.
    ///   - policy: The paging policy: cursors for a `--url` with `{after}`; page numbers by default.
    ///   - identity: How orders are told apart (`.id()` over HTTP); `nil` keeps every row.
    ///   - write: Where each line goes.
    init(
        loader: any OrderLoader,
        tabs: [OrderTab] = OrderTab.standard,
        policy: RefreshPolicy? = nil,
        identity: RefreshItemIdentity<Order>? = nil,
        write: @escaping (String) -> Void
    ) {
        faults = FaultSwitchLoader(base: loader)
        controller = OrderListController(tabs: tabs, loader: faults, policy: policy, identity: identity)
        narrator = Narrator(controller: controller, write: write)
        self.write = write
        controller.onOutcome = { [weak self] outcome in
            self?.landed(outcome)
        }
    }

    /// The key list.
    var keysLine: String {
        let tabs = controller.tabs.enumerated().map { "\($0.offset + 1) \($0.element.label)" }.joined(separator: ", ")
        return
            "keys: r refresh | m/j load more | p/k load previous | \(tabs) | n send | t retry | f failures \(faults.failsEverything ? "ON" : "off") | o offline \(controller.refreshStatus.isOffline ? "ON" : "off") | w wake | s show | q quit"
    }

    /// `--state-file`: where the list is restored from at start and saved to on exit.
    var stateFile: StateFile?

    /// Shows the screen and loads the first page; with a state file, restores the saved list
    /// first, whose rows show at once and refresh in the background.
    func start() {
        write("Interactive: type a key, then Return.")
        if let stateFile, let line = stateFile.restore(into: controller.refreshStatus) {
            write(line)
            narrator.show()
        }
        narrator.act("setupRefreshHeader()") { $0.setupRefreshHeader() }
        narrator.show()
        write(keysLine)
    }

    /// Handles one line of input.
    /// - Returns: `false` when the session should end.
    @discardableResult
    func handle(_ line: String) -> Bool {
        let command = Command(line: line)
        switch command {
        case .refresh:
            let refreshing = controller.header.isRefreshing ? "the header is refreshing already" : nil
            narrator.act("header.pull()", ignored: refreshing) { $0.header.pull() }
        case .loadMore:
            narrator.act("loadMore()") { $0.loadMore() }
        case .loadPrevious:
            narrator.act("loadPrevious()", ignored: narrator.whyNoPrevious()) { $0.loadPrevious() }
        case .tab(let index):
            guard controller.tabs.indices.contains(index) else {
                write(
                    controller.tabs.count == 1
                        ? "There is no tab \(index + 1); there is only one list."
                        : "There is no tab \(index + 1); the tabs are 1...\(controller.tabs.count).")
                return true
            }
            narrator.switchSource(to: index, label: "switchSource(to: \(index))  // \(controller.tabs[index].label)")
        case .retry:
            let tapped = controller.listView.placeholder != nil
            narrator.act("tap [ Tap to retry ]", ignored: tapped ? nil : "no placeholder is up") {
                $0.listView.tapRetry()
            }
        case .send:
            guard controller.refreshStatus.identity != nil else {
                write("Sending needs a list whose orders have an identity.")
                return true
            }
            sentCount += 1
            let tab = controller.tabs[controller.currentIndex]
            let order = Order(id: "\(tab.name)-new-\(sentCount)", title: "\(tab.label) sent from here #\(sentCount)")
            narrator.act("insertPendingItem(\(order.id), at: 0)  // shown at once, pending") {
                $0.insertPendingItem(order, at: 0)
            }
            if let api = faults.base as? EmbeddedOrderAPI {
                api.receive(order, on: tab)
                write("The server has it now: the next refresh brings it and confirms the row.")
            } else {
                write("This server takes no orders: the row stays pending until a refresh that brings its id.")
            }
        case .toggleFailures:
            faults.failsEverything.toggle()
            write("Failures are \(faults.failsEverything ? "ON: every answer from now on fails" : "off").")
            write(keysLine)
            return true
        case .toggleOffline:
            let online = controller.refreshStatus.isOffline
            narrator.act("setOnline(\(online))", ignored: online ? "nothing had failed" : "loads now fail at once") {
                $0.setOnline(online)
            }
            write(keysLine)
        case .wake:
            guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return true }
            let state = controller.refreshStatus[controller.currentIndex]
            let age = controller.refreshStatus.age(of: controller.currentIndex)
            let fresh = age.map { "the tab refreshed \($0.components.seconds) s ago, less than 30 s" }
            narrator.act(
                "refreshIfStale(olderThan: .seconds(30))  // back in the foreground",
                ignored: controller.refreshStatus.isOffline ? "the list is offline" : state.isLoading ? nil : fresh
            ) { _ = $0.refreshIfStale(olderThan: .seconds(30)) }
        case .show:
            break
        case .help:
            write(keysLine)
            return true
        case .quit:
            return false
        case .nothing:
            return true
        case .unknown(let key):
            write("Unknown key '\(key)'.")
            write(keysLine)
            return true
        }
        narrator.show()
        return true
    }

    /// Starts, then handles lines until `q` or the end of input.
    func run(lines: AsyncStream<String>) async {
        start()
        for await line in lines {
            guard handle(line) else { break }
        }
        if let stateFile {
            write(stateFile.save(controller.refreshStatus))
        }
        write("Bye.")
    }

    private func landed(_ outcome: OrderListController.Outcome) {
        narrator.report(outcome, milliseconds: nil)
        narrator.show()
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line ends (no Foundation needed).
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
