public import Refreshable

/// A load-more control that records every command it receives and shows the state they add up to.
///
/// It models `MJRefreshFooter`: each command moves the footer to one state, whatever it showed
/// before, so the last command wins. ``endRefreshing()`` after ``endRefreshingWithNoMoreData()``
/// leaves the footer idle, which is exactly MJRefresh's most reported bug, and what an adopter that
/// replays commands naively shows in ``state``.
///
/// Its ``Timing`` picks how real the timing is:
/// - ``Timing/immediate``: every command takes effect at once; only a user's ``pull()`` calls the
///   action.
/// - ``Timing/lastCallWins``: end commands wait for the main actor's next turn (or ``flush()``), as
///   MJRefresh's wait for the main queue's; ``isRefreshing`` reads the state shown so far.
/// - ``Timing/mjRefreshAutoFooter``: as `MJRefreshAutoFooter`, end commands wait for the next turn,
///   `beginRefreshing()` calls the action on the next turn of the ``mainQueue``, and hiding the
///   footer resets it to idle, so it forgets the end of the list.
/// - ``Timing/mjRefreshBackFooter(_:)``: as `MJRefreshBackFooter`, end commands wait for the next
///   turn and every begin calls the action when its begin animation completes, even after an end.
///
/// What it reproduces, from MJRefresh's sources (`MJRefresh/Base/`):
/// - `MJRefreshFooter.m`: `endRefreshingWithNoMoreData` and `resetNoMoreData` set the state on the
///   main queue's next turn (`MJRefreshDispatchAsyncOnMainQueue`, `MJRefreshConst.h`), as
///   `endRefreshing` does (`MJRefreshComponent.m`): the last command wins, and `endRefreshing`
///   after `endRefreshingWithNoMoreData` leaves the footer idle.
/// - `MJRefreshAutoFooter.m`: `setState:` Refreshing calls `executeRefreshingCallback`, which
///   (`MJRefreshComponent.m`) runs the block with `dispatch_async` on the main queue: on its next
///   turn, not from `beginRefreshing()` itself. `setHidden:` YES sets the state Idle, so a footer
///   hidden and shown again forgets the end of the list.
/// - `MJRefreshBackFooter.m`: `setState:` Refreshing animates for `fastAnimationDuration` (0.25 s)
///   and calls `executeRefreshingCallback` in the completion, unconditionally.
/// - `MJRefreshConst.h`: `MJRefreshCheckState` returns from `setState:` when the state does not
///   change, so a begin while loading owes no second callback.
///
/// The queued commands and the callbacks wait on the double's ``mainQueue``: a rig takes its
/// turns, and a test that makes its own double takes them with ``TestMainQueue/turn()``.
///
/// It offers MJRefresh's wiring surface, ``refreshingBlock``, so a controller's own wiring code
/// runs against it; a user's ``pull()`` (and an MJRefresh footer's begin) calls it and ``action``.
///
/// The class is `@MainActor`, like the protocol it adopts, so it needs no lock. Create one per test.
@MainActor
public final class TestFooterControl: RefreshFooterControl {
    /// What the footer shows, apart from whether it is hidden.
    public enum State: Sendable, Hashable, CustomStringConvertible {
        /// Ready to load more.
        case idle
        /// Loading more.
        case refreshing
        /// At the end of the list; `title` is `nil` when the plain ``TestFooterControl/endRefreshingWithNoMoreData()`` was called.
        case noMoreData(title: String?)
        /// Loading more failed.
        case failed(message: String)

        /// Whether two states are the same apart from a failure's message text.
        func hasSameShape(as other: State) -> Bool {
            switch (self, other) {
            case (.failed, .failed):
                return true
            default:
                return self == other
            }
        }

        /// A short description such as `noMoreData("No more")`.
        public var description: String {
            switch self {
            case .idle:
                return "idle"
            case .refreshing:
                return "refreshing"
            case .noMoreData(let title):
                return title.map { "noMoreData(\"\($0)\")" } ?? "noMoreData"
            case .failed(let message):
                return "failed(\"\(message)\")"
            }
        }
    }

    /// One command the control received.
    public enum Call: Sendable, Hashable, CustomStringConvertible {
        /// ``TestFooterControl/beginRefreshing()``.
        case beginRefreshing
        /// ``TestFooterControl/endRefreshing()``.
        case endRefreshing
        /// ``TestFooterControl/endRefreshingWithNoMoreData()`` (`title` is `nil`) or
        /// ``TestFooterControl/endRefreshingWithNoMoreData(title:)``.
        case endRefreshingWithNoMoreData(title: String?)
        /// ``TestFooterControl/resetNoMoreData()``.
        case resetNoMoreData
        /// ``TestFooterControl/endRefreshingWithFailure(message:)``.
        case endRefreshingWithFailure(message: String)
        /// A change of ``TestFooterControl/isHidden``.
        case setHidden(Bool)

        /// The command as the control's API spells it.
        public var description: String {
            switch self {
            case .beginRefreshing:
                return "footer.beginRefreshing()"
            case .endRefreshing:
                return "footer.endRefreshing()"
            case .endRefreshingWithNoMoreData(let title):
                return title.map { "footer.endRefreshingWithNoMoreData(title: \"\($0)\")" }
                    ?? "footer.endRefreshingWithNoMoreData()"
            case .resetNoMoreData:
                return "footer.resetNoMoreData()"
            case .endRefreshingWithFailure(let message):
                return "footer.endRefreshingWithFailure(message: \"\(message)\")"
            case .setHidden(let hidden):
                return "footer.isHidden = \(hidden)"
            }
        }
    }

    /// Which real control the double reproduces.
    public enum Timing: Sendable, Hashable {
        /// Every command takes effect at once.
        case immediate
        /// `endRefreshing`, `endRefreshingWithNoMoreData`, `resetNoMoreData` and
        /// `endRefreshingWithFailure` take effect in order on the main actor's next turn (or at
        /// ``TestFooterControl/flush()``), as MJRefresh applies them on the main queue's next turn;
        /// `beginRefreshing` takes effect at once.
        case lastCallWins
        /// `MJRefreshAutoFooter`: ``lastCallWins``, plus the action called on the next turn of the
        /// footer's ``TestFooterControl/mainQueue`` after `beginRefreshing()` (MJRefresh dispatches
        /// it to the main queue), and a reset to idle whenever the footer is hidden.
        case mjRefreshAutoFooter
        /// `MJRefreshBackFooter`: ``lastCallWins``, plus the action called when each begin's
        /// animation completes, even after an end.
        case mjRefreshBackFooter(TestBeginAnimation)

        var defersEndCommands: Bool { self != .immediate }
    }

    /// Every command received since creation or the last ``reset()``, oldest first.
    public private(set) var calls: [Call] = []

    /// What the footer shows now.
    public private(set) var state: State = .idle

    /// When the end commands take effect.
    public let timing: Timing

    private var deferred = DeferredCommands<State>()

    /// The main queue the footer's queued commands and begin callbacks wait on.
    public let mainQueue: TestMainQueue

    /// Begin animations under ``TestBeginAnimation/manual`` not completed yet.
    private var manualCallbacks = 0

    /// Whether the footer is hidden. Setting it records ``Call/setHidden(_:)``; hiding an
    /// ``Timing/mjRefreshAutoFooter`` resets it to idle.
    public var isHidden: Bool = false {
        didSet {
            calls.append(.setHidden(isHidden))
            if isHidden, timing == .mjRefreshAutoFooter {
                state = .idle
            }
        }
    }

    /// The control's action, as its refreshing block: wire it to `footerRefreshingAction()`.
    public var action: (@MainActor () -> Void)?

    /// MJRefresh's refreshing block (`MJRefreshComponent.refreshingBlock`), with its type: called
    /// like ``action``, so a controller that assigns its MJRefresh footer's block can assign this one.
    public var refreshingBlock: (() -> Void)?

    /// Whether anything is wired to the footer: ``action`` or ``refreshingBlock``.
    package var isWired: Bool { action != nil || refreshingBlock != nil }

    /// Whether a user could pull the footer now: it is shown, idle or failed, with no command
    /// waiting to apply.
    package var canBePulled: Bool { !isHidden && state != .refreshing && !isShowingNoMoreData && deferred.isEmpty }

    /// A user's pull whose begin animation completes before anything else happens: the footer
    /// begins loading and calls its wiring at once, whatever its timing. Returns whether the footer
    /// could be pulled.
    package func pullAndRelease() -> Bool {
        guard canBePulled else { return false }
        state = .refreshing
        callAction()
        return true
    }

    /// Completes every begin animation now, counted by hand or not: the late callbacks arrive.
    package func completeBeginAnimations() {
        mainQueue.completeCallbacks(of: self)
        finishBeginAnimations()
    }

    /// How many times the control called its wiring (``action``, ``refreshingBlock`` and the rest).
    public private(set) var actionCount = 0

    /// How many begin-animation callbacks wait for ``finishBeginAnimations()``.
    public var pendingBeginCallbacks: Int { manualCallbacks }

    /// Whether a begin callback still counts turns of the ``mainQueue``.
    var awaitsTurns: Bool { mainQueue.hasCallbacks(of: self) }

    /// Whether the footer shows its loading state.
    public var isRefreshing: Bool { state == .refreshing }

    /// Whether the footer shows the end of the list.
    public var isShowingNoMoreData: Bool {
        if case .noMoreData = state {
            return true
        }
        return false
    }

    /// Whether end commands are waiting for ``flush()``.
    public var hasDeferredCommands: Bool { !deferred.isEmpty }

    /// Creates an idle, visible footer.
    /// - Parameters:
    ///   - timing: When the end commands take effect; at once by default.
    ///   - mainQueue: The main queue its queued commands and begin callbacks wait on; give the
    ///     doubles of one test the same one. A queue of its own by default.
    public init(timing: Timing = .immediate, mainQueue: TestMainQueue? = nil) {
        self.timing = timing
        self.mainQueue = mainQueue ?? TestMainQueue()
    }

    /// Shows the loading state at once and records the call; as MJRefresh, owes the action.
    public func beginRefreshing() {
        calls.append(.beginRefreshing)
        begin()
    }

    /// A user's pull (or, for an auto footer, scrolling to the bottom): the footer begins loading by
    /// itself and calls its action (at once, or when a back footer's begin animation completes).
    /// Pulling a footer that is hidden, loading or at the end of the list does nothing, as on a device.
    public func pull() {
        guard !isHidden, state != .refreshing, !isShowingNoMoreData else { return }
        switch timing {
        case .immediate, .lastCallWins:
            state = .refreshing
            callAction()
        case .mjRefreshAutoFooter, .mjRefreshBackFooter:
            begin()
        }
    }

    /// Calls every begin-animation callback owed under ``TestBeginAnimation/manual``, now.
    public func finishBeginAnimations() {
        let owed = manualCallbacks
        manualCallbacks = 0
        for _ in 0..<owed {
            callAction()
        }
    }

    private func begin() {
        switch timing {
        case .immediate, .lastCallWins:
            state = .refreshing
        case .mjRefreshAutoFooter:
            // Setting the state it already shows does nothing in MJRefresh (MJRefreshCheckState).
            // Entering it calls the block on the main queue's next turn: executeRefreshingCallback
            // dispatches it.
            guard state != .refreshing else { return }
            state = .refreshing
            mainQueue.enqueueCallback(of: self, afterTurns: 1) { [weak self] in self?.callAction() }
        case .mjRefreshBackFooter(let animation):
            guard state != .refreshing else { return }
            state = .refreshing
            switch animation {
            case .manual:
                manualCallbacks += 1
            case .turns(let turns):
                mainQueue.enqueueCallback(of: self, afterTurns: turns) { [weak self] in self?.callAction() }
            }
        }
    }

    private func callAction() {
        actionCount += 1
        action?()
        refreshingBlock?()
    }

    /// Moves to the idle state (even from the end of the list, as MJRefresh does) and records the call.
    public func endRefreshing() {
        calls.append(.endRefreshing)
        apply(.idle)
    }

    /// Moves to the end-of-list state without a title and records the call.
    public func endRefreshingWithNoMoreData() {
        calls.append(.endRefreshingWithNoMoreData(title: nil))
        apply(.noMoreData(title: nil))
    }

    /// Moves to the end-of-list state with a title and records the call.
    /// - Parameter title: The end-of-list text.
    public func endRefreshingWithNoMoreData(title: String) {
        calls.append(.endRefreshingWithNoMoreData(title: title))
        apply(.noMoreData(title: title))
    }

    /// Moves to the idle state and records the call.
    public func resetNoMoreData() {
        calls.append(.resetNoMoreData)
        apply(.idle)
    }

    /// Moves to the failed state and records the call.
    /// - Parameter message: What went wrong.
    public func endRefreshingWithFailure(message: String) {
        calls.append(.endRefreshingWithFailure(message: message))
        apply(.failed(message: message))
    }

    /// Applies the deferred end commands in order now; with ``Timing/immediate`` there are none.
    /// They also apply by themselves on the main actor's next turn and on the ``mainQueue``'s, in
    /// the order MJRefresh's would.
    public func flush() {
        for next in deferred.takeAll() {
            state = next
        }
    }

    /// Forgets the recorded calls; the visible state and deferred commands stay, as a real control's would.
    public func reset() {
        calls.removeAll()
    }

    /// Returns the calls recorded since the last ``popCalls()`` or ``reset()`` and forgets them.
    /// - Returns: The calls, oldest first.
    public func popCalls() -> [Call] {
        defer { calls.removeAll() }
        return calls
    }

    private func apply(_ next: State) {
        guard timing.defersEndCommands else {
            state = next
            return
        }
        let id = deferred.append(next)
        mainQueue.enqueueCommand(of: self) { [weak self] in self?.applyDeferred(through: id) }
        Task { [weak self] in self?.applyDeferred(through: id) }
    }

    private func applyDeferred(through id: Int) {
        for next in deferred.take(through: id) {
            state = next
        }
    }
}
