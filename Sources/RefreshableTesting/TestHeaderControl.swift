public import Refreshable

/// A pull-to-refresh control that records every command it receives and behaves like a real one.
///
/// Its ``Timing`` picks which real control it reproduces:
/// - ``Timing/uiRefreshControl``: `beginRefreshing()` and `endRefreshing()` take effect at once and
///   never call the action; a user's ``pull()`` calls it at once (UIKit's `.valueChanged`).
/// - ``Timing/mjRefreshHeader(_:)``: `beginRefreshing()` shows refreshing at once and calls the
///   action when its begin animation completes, even if `endRefreshing()` came meanwhile;
///   `endRefreshing()` takes effect on the main actor's next turn (MJRefresh dispatches it to the
///   main queue), so ``isRefreshing`` stays `true` until then; a second `beginRefreshing()` while
///   refreshing does nothing. A user's ``pull()`` begins the same way.
///
/// What it reproduces, from MJRefresh's sources (`MJRefresh/Base/`):
/// - `MJRefreshHeader.m`: `setState:` Refreshing runs `headerRefreshingAction`, which animates for
///   `fastAnimationDuration` (0.25 s) and calls `executeRefreshingCallback` in the completion,
///   unconditionally: the action follows every begin, even one ended meanwhile.
/// - `MJRefreshComponent.m`: `executeRefreshingCallback` runs the block with `dispatch_async` on
///   the main queue; `endRefreshing` sets the state Idle there too (`MJRefreshDispatchAsyncOnMainQueue`),
///   so the end applies on the next turn and the last command wins; `beginRefreshing` sets the state
///   Refreshing at once, and `isRefreshing` reads that state.
/// - `MJRefreshConst.h`: `MJRefreshCheckState` returns from `setState:` when the state does not
///   change, so a begin while refreshing owes no second callback.
///
/// `UIRefreshControl` sends `.valueChanged` for a user's pull only, never from `beginRefreshing()`
/// (UIKit's documentation of the control).
///
/// Both the callbacks and the queued ends wait on the double's ``mainQueue``: a rig takes its
/// turns, and a test that makes its own double takes them with ``TestMainQueue/turn()``.
///
/// It offers the real controls' wiring surface, so a controller's own wiring code runs against it:
/// MJRefresh's ``refreshingBlock``, and `UIControl`'s ``addAction(_:for:)`` for
/// ``Event/valueChanged`` (with a `UIAction` too, on platforms with UIKit). A user's ``pull()``, and
/// under MJRefresh's timing the completion of every begin animation, calls them all, and
/// ``action``:
///
/// ```swift
/// let header = TestHeaderControl(timing: .mjRefreshHeader(.manual))
/// header.refreshingBlock = { [weak controller] in controller?.headerRefreshingAction() }
/// header.pull()                  // the user pulls: refreshing, the block is owed
/// header.finishBeginAnimations() // the animation completes: the block runs
/// ```
///
/// The class is `@MainActor`, like the protocol it adopts, so it needs no lock. Create one per test.
@MainActor
public final class TestHeaderControl: RefreshHeaderControl {
    /// One command the control received.
    public enum Call: Sendable, Hashable, CustomStringConvertible {
        /// ``TestHeaderControl/beginRefreshing()``.
        case beginRefreshing
        /// ``TestHeaderControl/endRefreshing()``.
        case endRefreshing

        /// The command's name, as the control's API spells it.
        public var description: String {
            switch self {
            case .beginRefreshing:
                return "header.beginRefreshing()"
            case .endRefreshing:
                return "header.endRefreshing()"
            }
        }
    }

    /// Which real control the double reproduces.
    public enum Timing: Sendable, Hashable {
        /// `UIRefreshControl`: commands take effect at once; only a user's pull calls the action.
        case uiRefreshControl
        /// `MJRefreshHeader`: the action follows every begin when the animation completes; the end
        /// takes effect on the main actor's next turn.
        case mjRefreshHeader(TestBeginAnimation)
    }

    /// Every command received since creation or the last ``reset()``, oldest first.
    public private(set) var calls: [Call] = []

    /// How many times the control called its wiring (``action``, ``refreshingBlock`` and the rest).
    public private(set) var actionCount = 0

    /// Whether the control shows its refreshing state.
    public private(set) var isRefreshing = false

    /// Which real control the double reproduces.
    public let timing: Timing

    /// The control's action, as its target or refreshing block: wire it to
    /// `headerRefreshingAction()`.
    public var action: (@MainActor () -> Void)?

    /// MJRefresh's refreshing block (`MJRefreshComponent.refreshingBlock`), with its type: called
    /// like ``action``, so a controller that assigns its MJRefresh header's block can assign this one.
    public var refreshingBlock: (() -> Void)?

    /// Events of the control, as `UIControl.Event` names them.
    public struct Event: OptionSet, Sendable, Hashable {
        /// The bit mask, `UIControl.Event`'s.
        public let rawValue: UInt

        /// Creates an event mask.
        /// - Parameter rawValue: The bit mask.
        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// A user's pull of a `UIRefreshControl` (`UIControl.Event.valueChanged`).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// A control's primary action (`UIControl.Event.primaryActionTriggered`).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }

    private var controlActions: [(action: TestAction, events: Event)] = []

    /// The main queue the control's queued ends and timed begin animations wait on.
    public let mainQueue: TestMainQueue

    /// Begin animations under ``TestBeginAnimation/manual`` not completed yet.
    private var manualCallbacks = 0
    private var queuedEnds = DeferredCommands<Void>()

    /// Creates an idle control.
    /// - Parameters:
    ///   - timing: Which real control to reproduce; `UIRefreshControl` by default.
    ///   - mainQueue: The main queue its queued ends and timed begin animations wait on; give the
    ///     doubles of one test the same one. A queue of its own by default.
    public init(timing: Timing = .uiRefreshControl, mainQueue: TestMainQueue? = nil) {
        self.timing = timing
        self.mainQueue = mainQueue ?? TestMainQueue()
    }

    /// Whether end commands wait for the main actor's next turn (or ``flush()``).
    public var hasQueuedCommands: Bool { !queuedEnds.isEmpty }

    /// How many begin-animation callbacks wait for ``finishBeginAnimations()``.
    public var pendingBeginCallbacks: Int { manualCallbacks }

    /// Whether a begin animation still counts turns of the ``mainQueue``.
    var awaitsTurns: Bool { mainQueue.hasCallbacks(of: self) }

    /// Shows the refreshing state and records the call; as MJRefresh, owes the action.
    public func beginRefreshing() {
        calls.append(.beginRefreshing)
        begin()
    }

    /// Leaves the refreshing state (on the next turn, as MJRefresh) and records the call.
    public func endRefreshing() {
        calls.append(.endRefreshing)
        switch timing {
        case .uiRefreshControl:
            isRefreshing = false
        case .mjRefreshHeader:
            let id = queuedEnds.append(())
            mainQueue.enqueueCommand(of: self) { [weak self] in self?.applyQueuedEnds(through: id) }
            Task { [weak self] in self?.applyQueuedEnds(through: id) }
        }
    }

    /// A user's pull: the control begins refreshing by itself and calls its wiring (at once for
    /// `UIRefreshControl`, sending ``Event/valueChanged``; when the begin animation completes for
    /// MJRefresh). Pulling a control that is refreshing already does nothing, as on a device.
    public func pull() {
        guard !isRefreshing else { return }
        switch timing {
        case .uiRefreshControl:
            isRefreshing = true
            callAction()
        case .mjRefreshHeader:
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

    /// Adds an action for `controlEvents`, as `UIControl.addAction(_:for:)` does: a user's ``pull()``
    /// sends ``Event/valueChanged``.
    /// - Parameters:
    ///   - action: The action.
    ///   - controlEvents: The events that run it.
    public func addAction(_ action: TestAction, for controlEvents: Event) {
        controlActions.append((action, controlEvents))
    }

    /// Removes an action added for `controlEvents`, as `UIControl.removeAction(_:for:)` does.
    /// - Parameters:
    ///   - action: The action added before.
    ///   - controlEvents: The events it should no longer run for.
    public func removeAction(_ action: TestAction, for controlEvents: Event) {
        controlActions = controlActions.compactMap { entry in
            guard entry.action === action else { return entry }
            let left = entry.events.subtracting(controlEvents)
            return left.isEmpty ? nil : (entry.action, left)
        }
    }

    /// Runs the actions added for `controlEvents`, as `UIControl.sendActions(for:)` does.
    /// - Parameter controlEvents: The events whose actions run.
    public func sendActions(for controlEvents: Event) {
        for entry in controlActions where !entry.events.isDisjoint(with: controlEvents) {
            entry.action.handler(entry.action)
        }
    }

    /// Whether anything is wired to the control: ``action``, ``refreshingBlock``, or an action for
    /// ``Event/valueChanged``.
    package var isWired: Bool {
        action != nil || refreshingBlock != nil || controlActions.contains { $0.events.contains(.valueChanged) }
    }

    /// Whether a user could pull the control now: it shows no refreshing state and has no end
    /// command waiting to apply.
    package var canBePulled: Bool { !isRefreshing && queuedEnds.isEmpty }

    /// A user's pull whose begin animation completes before anything else happens: the control
    /// begins refreshing and calls its wiring at once, whatever its timing. Returns whether the
    /// control could be pulled.
    package func pullAndRelease() -> Bool {
        guard canBePulled else { return false }
        isRefreshing = true
        callAction()
        return true
    }

    /// Completes every begin animation now, counted by hand or not: the late callbacks arrive.
    package func completeBeginAnimations() {
        mainQueue.completeCallbacks(of: self)
        finishBeginAnimations()
    }

    /// Applies the queued end commands now; they also apply by themselves on the main actor's next
    /// turn and on the ``mainQueue``'s.
    public func flush() {
        if !queuedEnds.takeAll().isEmpty {
            isRefreshing = false
        }
    }

    /// Forgets the recorded calls; the visible state and queued commands stay, as a real control's would.
    public func reset() {
        calls.removeAll()
    }

    /// Returns the calls recorded since the last ``popCalls()`` or ``reset()`` and forgets them.
    /// - Returns: The calls, oldest first.
    public func popCalls() -> [Call] {
        defer { calls.removeAll() }
        return calls
    }

    private func begin() {
        guard case .mjRefreshHeader(let animation) = timing else {
            isRefreshing = true
            return
        }
        // Setting the state it already shows does nothing in MJRefresh (MJRefreshCheckState),
        // even with an end queued.
        guard !isRefreshing else { return }
        isRefreshing = true
        switch animation {
        case .manual:
            manualCallbacks += 1
        case .turns(let turns):
            mainQueue.enqueueCallback(of: self, afterTurns: turns) { [weak self] in self?.callAction() }
        }
    }

    private func applyQueuedEnds(through id: Int) {
        if !queuedEnds.take(through: id).isEmpty {
            isRefreshing = false
        }
    }

    private func callAction() {
        actionCount += 1
        action?()
        refreshingBlock?()
        sendActions(for: .valueChanged)
    }
}
