/// What the driver knows about one control: what it last drove it to, and what it cannot see yet.
///
/// A class, so that a control calling back into the library while it is being driven (an
/// MJRefresh footer calls its action from `beginRefreshing()`) reads what the driver just wrote.
@MainActor
final class ControlRecord {
    /// The state the driver last drove the control to; `nil` when unknown (never driven, swapped,
    /// or shown again after being hidden: an auto footer resets itself when hidden).
    var shown: RefreshAppearance.Footer?
    /// The driver sent an end command and the control still showed refreshing: a control that
    /// applies its commands on the main queue's next turn (MJRefresh) has not applied it yet.
    var endPending = false
    /// A user's pull of this control was refused (the load was ignored): the next drive ends it,
    /// although the driver did not begin it.
    var releasePull = false
    private var identity: ObjectIdentifier?

    /// Forgets everything when `control` is not the control the record describes.
    func track(_ control: AnyObject?) {
        let id = control.map(ObjectIdentifier.init)
        guard id != identity else { return }
        identity = id
        shown = nil
        endPending = false
        releasePull = false
    }

    /// Whether a control that shows refreshing is showing it because of the driver: it began it,
    /// or was asked to end a pull. Otherwise a user pulled it (or the app began it) and its action
    /// is on the way; ending it now would swallow that pull.
    func owns(endingPulls: Bool) -> Bool {
        shown == .refreshing || releasePull || endingPulls
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
    /// Brings the header to `wanted`.
    static func drive(
        _ header: (any RefreshHeaderControl)?,
        record: ControlRecord,
        to wanted: RefreshAppearance.Header,
        endingPulls: Bool = false
    ) -> Bool {
        record.track(header)
        guard let header else { return false }
        if record.endPending, !header.isRefreshing {
            record.endPending = false
        }
        switch wanted {
        case .refreshing:
            record.releasePull = false
            record.shown = .refreshing
            if !header.isRefreshing {
                header.beginRefreshing()
                return !header.isRefreshing
            }
            // Refreshing already: a user's pull this load answers, or our own end still queued,
            // which will undo it; then the check after the queue ran begins it again.
            return record.endPending
        case .idle:
            guard header.isRefreshing, !record.endPending,
                record.owns(endingPulls: endingPulls)
            else {
                if !header.isRefreshing {
                    record.shown = .idle
                }
                return record.endPending
            }
            record.shown = .idle
            record.releasePull = false
            header.endRefreshing()
            record.endPending = header.isRefreshing
            return record.endPending
        }
    }

    /// Brings the footer to `appearance`'s footer state and visibility.
    static func drive(
        _ footer: (any RefreshFooterControl)?,
        record: ControlRecord,
        to appearance: RefreshAppearance,
        endingPulls: Bool = false
    ) -> Bool {
        record.track(footer)
        guard let footer else { return false }
        if record.endPending, !footer.isRefreshing {
            record.endPending = false
        }
        var endingPulls = endingPulls
        if footer.isHidden != appearance.isFooterHidden {
            footer.isHidden = appearance.isFooterHidden
            // An auto footer resets itself to idle when hidden: what it shows is unknown from now on,
            // and whatever it shows is no user's pull.
            record.shown = nil
            endingPulls = true
        }
        let wanted = appearance.footer
        if wanted == .refreshing {
            record.releasePull = false
            record.shown = .refreshing
            if !footer.isRefreshing {
                footer.beginRefreshing()
                return !footer.isRefreshing
            }
            return record.endPending
        }
        let ownsRefreshing = !record.endPending && record.owns(endingPulls: endingPulls)
        if footer.isRefreshing, !ownsRefreshing, wanted == .idle || record.shown == wanted {
            // A user's pull awaiting its action, or our own end still queued: leave it.
            return record.endPending
        }
        guard record.shown != wanted || (footer.isRefreshing && ownsRefreshing) else {
            return record.endPending
        }
        let wasRefreshing = footer.isRefreshing
        record.shown = wanted
        record.releasePull = false
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
        record.endPending = footer.isRefreshing
        // A command sent to a footer that was not refreshing may still be queued (MJRefresh applies
        // it on the main queue's next turn) without showing in `isRefreshing`: check once more then,
        // so that a `beginRefreshing()` in this same turn is not undone by it.
        return record.endPending || !wasRefreshing
    }
}
