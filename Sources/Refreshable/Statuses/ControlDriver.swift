/// What the driver knows about one control: what it last drove it to, and what it cannot see yet.
///
/// A class, so that a control calling back into the library while it is being driven (an
/// MJRefresh footer calls its action from `beginRefreshing()`) reads what the driver just wrote.
@MainActor
final class ControlRecord {
    // Read and written between calls into controls, never across one, so the runtime's
    // exclusivity checks would only cost time on every status.
    /// The state the driver last drove the control to; `nil` when unknown (never driven, swapped,
    /// or shown again after being hidden: an auto footer resets itself when hidden).
    @exclusivity(unchecked) var shown: RefreshAppearance.Footer?
    /// The driver sent an end command and the control still showed refreshing: a control that
    /// applies its commands on the main queue's next turn (MJRefresh) has not applied it yet. Once
    /// that turn ran it has: ``track(_:afterQueueRan:)`` after it clears this, so that a user's
    /// pull made as soon as the end applied is not taken for the end still queued.
    @exclusivity(unchecked) var endPending = false
    /// How many end commands the driver sent while the control still showed refreshing, wrapping:
    /// tells an end sent after an action from the one the action met.
    @exclusivity(unchecked) private var queuedEnds: UInt = 0
    /// A user's pull of this control was refused (the load was ignored): the next drive ends it,
    /// although the driver did not begin it.
    @exclusivity(unchecked) var releasePull = false
    /// A user's pull of this control was handed on to the load it asks for, and nothing has driven
    /// the control since: it refreshes for that load until a status ends it, or the load is refused.
    @exclusivity(unchecked) var pullHandedOn = false
    @exclusivity(unchecked) private var identity: ObjectIdentifier?

    /// Forgets everything when the control identified by `id` is not the one the record describes.
    /// - Parameter afterQueueRan: The main queue ran since the driver's last end command: the
    ///   control applied it (MJRefresh applies its commands on the next turn).
    func track(_ id: ObjectIdentifier?, afterQueueRan: Bool = false) {
        if afterQueueRan {
            endPending = false
        }
        guard id != identity else { return }
        identity = id
        shown = nil
        endPending = false
        releasePull = false
        pullHandedOn = false
    }

    /// Notes that the driver sent an end command, which the control may not have applied yet.
    /// - Parameter stillShowing: Whether the control still shows refreshing after the command.
    func sentEnd(stillShowing: Bool) {
        endPending = stillShowing
        if stillShowing {
            queuedEnds &+= 1
        }
    }

    /// Notes that the driver drives the control to `state`: no pull of it is pending any more.
    func drive(to state: RefreshAppearance.Footer) {
        shown = state
        releasePull = false
        pullHandedOn = false
    }

    /// Whether a control that shows refreshing is showing it because of the driver: it began it,
    /// or was asked to end a pull. Otherwise a user pulled it (or the app began it) and its action
    /// is on the way; ending it now would swallow that pull.
    func owns(endingPulls: Bool) -> Bool {
        shown == .refreshing || releasePull || endingPulls
    }

    /// Whether an action of the control is the control's own callback rather than a request (see
    /// <doc:Rules#Control-actions-and-echoes>): the callback of a begin the driver sent for a load
    /// still running, one after the driver ended the control (it no longer refreshes, or the end
    /// is still queued), or a second one for that load. A control refreshing by itself was pulled.
    ///
    /// When it is taken for a callback only because the driver's end is still queued while the
    /// control shows refreshing (the late callback of a begin before that end applies, or a user's
    /// pull made as soon as it applied), `judgeAgain` runs once the main queue ran, unless the
    /// driver sent another end since, which settles the control itself: the end applied then, and
    /// the control refreshes only if a user pulled it, so the action is judged again rather than
    /// dropped with the control left spinning.
    /// - Parameters:
    ///   - isRefreshing: Whether the control shows refreshing now.
    ///   - loadRunning: Whether the load the control stands for is running.
    ///   - judgeAgain: Judges the action again once the end applied.
    func isOwnCallback(
        isRefreshing: Bool, loadRunning: Bool, judgeAgain: @escaping @MainActor () -> Void
    ) -> Bool {
        let beganForLoad = loadRunning && shown == .refreshing
        guard beganForLoad || !isRefreshing || endPending else { return false }
        if endPending, isRefreshing, !beganForLoad {
            let ends = queuedEnds
            Task { [self] in
                guard queuedEnds == ends else { return }
                endPending = false
                judgeAgain()
            }
        }
        return true
    }
}

/// The records of the three controls a driver drives, one per role.
@MainActor
struct ControlRecords {
    let header = ControlRecord()
    let footer = ControlRecord()
    let previous = ControlRecord()

    subscript(role: RefreshControlRole) -> ControlRecord {
        role == .header ? header : role == .footer ? footer : previous
    }

    /// The record of the control in `role` among `controls`, tracking that control, and whether
    /// the control refreshes now; `nil` when there is no such control.
    func tracked(_ role: RefreshControlRole, in controls: Controls) -> (record: ControlRecord, isRefreshing: Bool)? {
        guard let control = controls.control(role) else { return nil }
        self[role].track(ObjectIdentifier(control.object))
        return (self[role], control.isRefreshing)
    }
}

/// Drives header and footer controls to an appearance, one control at a time.
///
/// The driver never replays commands: it brings each control to its wanted state, so the last
/// command a control receives matches that state even with MJRefresh's asynchronous, last-call-wins
/// commands. It ends only what it began (a control the user pulled keeps refreshing until its
/// action arrives), and treats a footer shown again after being hidden as unknown. Each function
/// returns whether the control may not show the wanted state yet, so that the caller checks again
/// once the main actor's queue ran.
@MainActor
enum ControlDriver {
    /// Brings the header to `wanted`. `afterQueueRan` says the call is the check scheduled after
    /// the driver's commands: the main queue ran since, so the ends sent before it applied.
    ///
    /// The control is consumed and bound by a pattern: a weakly held control comes in retained
    /// once, and an `if let` would retain it again (a slow, atomic retain, because a weakly
    /// referenced object counts references in a side table).
    static func drive(
        _ header: consuming (any RefreshHeaderControl)?,
        record: ControlRecord,
        to wanted: RefreshAppearance.Header,
        endingPulls: Bool = false,
        afterQueueRan: Bool = false
    ) -> Bool {
        guard case .some(let header) = consume header else {
            record.track(nil)
            return false
        }
        record.track(ObjectIdentifier(header), afterQueueRan: afterQueueRan)
        // Read once: each read is a call into the control.
        let isRefreshing = header.isRefreshing
        if record.endPending, !isRefreshing {
            record.endPending = false
        }
        switch wanted {
        case .refreshing:
            record.drive(to: .refreshing)
            if !isRefreshing {
                header.beginRefreshing()
                return !header.isRefreshing
            }
            // Refreshing already: a user's pull this load answers, or our own end still queued,
            // which will undo it; then the check after the queue ran begins it again.
            return record.endPending
        case .idle:
            guard isRefreshing, !record.endPending,
                record.owns(endingPulls: endingPulls)
            else {
                if !isRefreshing {
                    record.shown = .idle
                }
                return record.endPending
            }
            record.drive(to: .idle)
            header.endRefreshing()
            record.sentEnd(stillShowing: header.isRefreshing)
            return record.endPending
        }
    }

    /// Brings the footer to `wanted`, hidden or shown (`afterQueueRan` as for the header).
    static func drive(
        _ footer: consuming (any RefreshFooterControl)?,
        record: ControlRecord,
        to wanted: RefreshAppearance.Footer,
        hidden: Bool,
        endingPulls: Bool = false,
        afterQueueRan: Bool = false
    ) -> Bool {
        guard case .some(let footer) = consume footer else {
            record.track(nil)
            return false
        }
        record.track(ObjectIdentifier(footer), afterQueueRan: afterQueueRan)
        var endingPulls = endingPulls
        if footer.isHidden != hidden {
            footer.isHidden = hidden
            // An auto footer resets itself to idle when hidden: what it shows is unknown from now on,
            // and whatever it shows is no user's pull.
            record.shown = nil
            endingPulls = true
        }
        // Read once (after a hide, which may reset it): each read is a call into the control.
        let wasRefreshing = footer.isRefreshing
        if record.endPending, !wasRefreshing {
            record.endPending = false
        }
        if wanted == .refreshing {
            record.drive(to: .refreshing)
            if !wasRefreshing {
                footer.beginRefreshing()
                return !footer.isRefreshing
            }
            return record.endPending
        }
        let ownsRefreshing = !record.endPending && record.owns(endingPulls: endingPulls)
        if wasRefreshing, !ownsRefreshing, wanted == .idle || record.shown == wanted {
            // A user's pull awaiting its action, or our own end still queued: leave it.
            return record.endPending
        }
        guard record.shown != wanted || (wasRefreshing && ownsRefreshing) else {
            return record.endPending
        }
        record.drive(to: wanted)
        switch wanted {
        case .idle:
            if wasRefreshing {
                footer.endRefreshing()
            } else {
                footer.resetNoMoreData()
            }
        case .noMoreData(let title):
            if let title {
                footer.endRefreshingWithNoMoreData(title: title)
            } else {
                footer.endRefreshingWithNoMoreData()
            }
        case .failed(let message):
            footer.endRefreshingWithFailure(message: message)
        case .refreshing:
            break
        }
        record.sentEnd(stillShowing: footer.isRefreshing)
        // A command sent to a footer that was not refreshing may still be queued (MJRefresh applies
        // it on the main queue's next turn) without showing in `isRefreshing`: check once more then,
        // so that a `beginRefreshing()` in this same turn is not undone by it.
        return record.endPending || !wasRefreshing
    }
}
