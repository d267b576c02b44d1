/// A rule of Refreshable's behaviour that the conformance suite checks.
///
/// Each case is one rule of the Rules article of the Refreshable documentation, named for what it
/// requires; ``id`` is the id the article gives it (such as `S9`), the case's description names the
/// article's section that states it, and ``summary`` states it in one sentence. The cases come in
/// the article's order, which is how reports sort them (`S2` before `S10`). The rules of the
/// features close the article: the multi-source rule (`MS`), the wiring check (`W`), the rules for
/// lists with an identity (`I1`–`I4`, from the article "Items with an identity"), for answer
/// numbering (`N`, from `RefreshPolicy.curPageOffset`), previous pages (`P`) and the page cap
/// (`C`, from the article "Cursors, previous pages and the page cap"); their scenarios run only
/// for an adopter that uses the feature: a list with an identity, a policy that numbers answers
/// differently from requests, pages by cursor or caps the pages held. The retry rule (`R`, from
/// `RefreshRetry`) is checked for an adopter whose runtime retries on ``ConformanceRig/clock``; the
/// staleness rule (`ST`) for every adopter, on a clock of the suite's own given to its runtime, and
/// the offline rule (`O`) for every adopter.
public enum ConformanceRule: Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// First appearance loads the first page (id `S1`, under "First appearance").
    case firstAppearanceLoads
    /// The footer stays hidden while there is nothing to show (id `S2`, under "First appearance").
    case footerHiddenWhileEmpty
    /// Refresh replaces the items (id `S3`, under "Refresh").
    case refreshReplacesItems
    /// A refresh reopens an ended list; a failed one keeps it (id `S4`, under "Refresh").
    case refreshResetsEndOfList
    /// The end of the list comes from the server's signal (id `S5`, under "The end of the list").
    case endOfList
    /// Failures are shown (id `S6`, under "Failures").
    case failureIsShown
    /// Refresh asks for the first page (id `S7`, under "Load more").
    case refreshAsksFirstPage
    /// Load-more asks for the next page (id `S8`, under "Load more").
    case loadMoreAsksNextPage
    /// A failed load commits nothing (id `S9`, under "Load more").
    case failedLoadCommitsNoPage
    /// The controls leave their refreshing state (id `S10`, under "The controls end their loads").
    case controlsLeaveRefreshing
    /// One load per source (id `S11`, under "One load per source").
    case oneLoadPerSource
    /// A result applies to the source that asked (id `S12`, under "Results land where they were asked for").
    case resultAppliesToRequester
    /// Replacing the state (a logout, a new filter) cancels every load of the old state: nothing
    /// it asked for lands, the controls are drawn from the new state, and a list on screen loads
    /// the new state's first page (id `S13`, under "Replacing the state").
    case replacingStateCancelsOldLoads
    /// A direction whose loads stop moving the list stops with a failure, and each load the user
    /// asks for after that costs one request (id `S14`, under "Progress"). Its scenarios run for an
    /// adopter whose list has an identity (pages that bring only items held already) or pages by
    /// cursor (a circle of cursors).
    case progress
    /// Status dispatch is order-safe (id `D1`, under "Driving the controls").
    case orderSafeDispatch
    /// A status for one control touches only that control, also when the other is absent (id `D2`,
    /// under "Driving the controls").
    case absentControls
    /// A subscription holds the controls weakly (id `D3`, under "Driving the controls").
    case subscriptionLifetime
    /// A footer shown again after being hidden is driven as if its state were unknown: an
    /// MJRefresh auto footer forgets the end of the list when hidden, and shows it again (id `D4`,
    /// under "Driving the controls"). The forgetting is reproduced by a footer double with the
    /// ``TestFooterControl/Timing/mjRefreshAutoFooter`` timing
    /// (``ConformanceConfiguration/footerTiming``); with another timing the footer remembers, and
    /// the scenario checks only what it shows.
    case footerShownAgainIsDrivenAfresh
    /// A user's pull of a control reaches the list through the controller's own wiring of it, and
    /// the control's own late callback of a `beginRefreshing()` loads nothing (id `E1`, under
    /// "Control actions and echoes").
    case controlActions
    /// Each source keeps its own state (id `MS`, under "Rules of the features").
    case sourcesKeepOwnState
    /// The adopter is wired to the rig (id `W`, under "Rules of the features").
    case wiring
    /// With an identity, an item is held once, whichever pages bring it (id `I1`, in the article
    /// "Items with an identity", under "Duplicates").
    case itemsHeldOnce
    /// A local removal shows at once and sticks until a refresh asked for after it lands (id `I2`,
    /// in the article "Items with an identity", under "Edit items without a refresh").
    case removalSticks
    /// A local update or insertion shows at once and stands until an answer asked for after it
    /// brings the item, whose copy then replaces it in place; an answer asked for before it (a
    /// refresh in flight when it was made, or a load-more whose page makes the page cap drop the
    /// item and brings it again) does not undo it (id `I3`, in the article "Items with an
    /// identity", under "Edit items without a refresh").
    case serverCopyReplacesEdit
    /// A pending local item shows at once, sits at its end of the list and stays through every
    /// load, a refresh in flight included, until an answer brings its id, whose copy then takes its
    /// place once, or the app removes it (id `I4`, in the Rules article, under "Rules of the
    /// features").
    case pendingItemsStay
    /// An answer numbered the server's way (`curPage` is the page asked for plus the policy's
    /// `curPageOffset`) applies, and its `pageCount` ends the list (id `N`).
    case answerNumbering
    /// The page before the first loaded one loads beside a load-more and goes first; a refresh
    /// supersedes it (id `P`, in the article "Cursors, previous pages and the page cap").
    case previousPageLoads
    /// Past the policy's `maxPages` the far end's pages are dropped, a load in flight toward them
    /// is superseded, and scrolling back loads them again (id `C`, in the article "Cursors,
    /// previous pages and the page cap").
    case pageCap
    /// A failed load is retried after the retry policy's wait while it stays in flight, only the
    /// last attempt's failure shows, and a newer load or `retryNow()` ends the wait (id `R`, from
    /// `RefreshRetry`).
    case retry
    /// A source's age is the time since its last successful refresh, on the runtime's clock, and
    /// `refreshIfStale(olderThan:)` refreshes a source with no age or one at least that old, unless
    /// it is loading; refused offline, coming back online runs it (id `ST`).
    case staleness
    /// While the app says the list is offline, a load that starts fails at once with an `offline`
    /// failure without asking the loader, and nothing waits for a retry (going offline shows the
    /// offline failure on a load waiting for one); coming back online refreshes a source whose
    /// `refreshIfStale(olderThan:)` it refused, then asks again for what failed in every source
    /// (id `O`).
    case offline
    /// With `refreshesAroundPosition` and a page cap, a refresh asks for the page of the row that
    /// came on screen last, then loads outward; an empty or failed answer to it loads the first
    /// page at once (id `A`).
    case refreshAroundPosition
    /// Restoring a saved list replaces the state: the saved rows show at once with nothing in
    /// flight, the list refreshes behind them when it appears (at once when on screen), and nothing
    /// the old state asked for lands (id `SN`).
    case restoring

    /// What the rule requires, in one sentence.
    public var summary: String {
        switch self {
        case .firstAppearanceLoads:
            return "First appearance loads the first page with no extra call beyond setup."
        case .footerHiddenWhileEmpty:
            return "The footer is hidden during the first load and while the source has no items."
        case .refreshReplacesItems:
            return "Refresh replaces the items with the first page; the old items stay until it arrives."
        case .refreshResetsEndOfList:
            return "A successful refresh resets no-more-data; a failed refresh keeps the items and the footer."
        case .endOfList:
            return "End of list comes from the server's signal, else count < pageSize; then load-more cannot trigger."
        case .failureIsShown:
            return
                "A failure on an empty source shows a retrying placeholder; with items, a message, and the items stay."
        case .refreshAsksFirstPage:
            return "Refresh asks for the first page."
        case .loadMoreAsksNextPage:
            return "Load-more asks for the page after the last one that loaded, and appends it."
        case .failedLoadCommitsNoPage:
            return "A failed load commits no page: the next load-more asks for the same page again."
        case .controlsLeaveRefreshing:
            return "Header and footer show their refreshing state while loading and leave it on success and failure."
        case .oneLoadPerSource:
            return "One load per source at a time, by the conflict rule (default: refresh wins)."
        case .resultAppliesToRequester:
            return "A result applies to the source that asked for it; a stale result is discarded."
        case .replacingStateCancelsOldLoads:
            return
                "Replacing the state cancels every load of the old state: nothing it asked for lands, the controls are drawn from the new state, and a list on screen loads its first page."
        case .progress:
            return
                "After maxLoadsWithoutProgress loads in a row that bring nothing new (or follow a cursor again), that direction stops with a noProgress failure; nothing loads there by itself, and each load the user asks for costs one request."
        case .sourcesKeepOwnState:
            return "Each source keeps its own state; switching sources re-renders the controls from it."
        case .orderSafeDispatch:
            return "Statuses drive each control to the state they add up to; a late end cannot undo no-more-data."
        case .absentControls:
            return "A status for one control touches only that control, also with the other absent."
        case .subscriptionLifetime:
            return "A cancelled or released subscription stops driving the controls and keeps nothing alive."
        case .footerShownAgainIsDrivenAfresh:
            return
                "A footer shown again after being hidden is driven as if its state were unknown, so an auto footer that forgot the end of the list shows it again."
        case .wiring:
            return "The adopter uses the rig's controls, list view, loader and policy."
        case .itemsHeldOnce:
            return
                "With an identity, a page never adds an item held already: the held copy stays (keepHeld) or the page's copy takes its place (takeNewer); the items left out still count toward the end of the list."
        case .removalSticks:
            return
                "A local removal shows at once and sticks until a refresh asked for after it lands: later pages leave the item out."
        case .serverCopyReplacesEdit:
            return
                "A local update or insertion shows at once and stands until an answer asked for after it brings the item, whose copy then replaces it in place; an answer asked for before it does not undo it."
        case .pendingItemsStay:
            return
                "A pending local item shows at once at its end of the list and stays through every load, a refresh in flight included, until an answer brings its id (its copy then takes the item's place, once) or the app removes it."
        case .answerNumbering:
            return
                "An answer whose curPage is the page asked for plus curPageOffset applies, and its pageCount ends the list."
        case .previousPageLoads:
            return
                "The page before the first loaded one loads beside a load-more and its items go first; a refresh supersedes it."
        case .pageCap:
            return
                "Past maxPages the far end's pages are dropped, a load in flight toward them is superseded, and scrolling back loads them again."
        case .retry:
            return
                "A failed load is asked again after each wait while it stays in flight; only the last attempt's failure shows; a newer load or retryNow() ends the wait, and retryNow() asks again for every failed direction."
        case .staleness:
            return
                "refreshIfStale(olderThan:) refreshes a source that never refreshed or whose last successful refresh is at least that old, on the runtime's clock, unless it is loading; refused offline, coming back online runs it; load-mores leave the age as it was."
        case .offline:
            return
                "While offline, a load that starts fails at once with an offline failure without asking the loader (the items stay), and nothing waits for a retry: going offline shows the offline failure on a load waiting for its retry; coming back online runs a refreshIfStale refused offline, then asks again for every failed direction of every source."
        case .refreshAroundPosition:
            return
                "With refreshesAroundPosition and a page cap, a refresh asks for the page of the row that came on screen last and loads outward; an empty or failed answer to it loads the first page at once."
        case .restoring:
            return
                "Restoring a snapshot replaces the state: its rows show at once with nothing in flight, it refreshes behind them on appearing, and nothing the old state asked for lands."
        case .controlActions:
            return
                "A user's pull loads through the controls' wiring (header: refresh, footer: load-more); a control's own late callback of a begin loads nothing."
        }
    }

    /// The rule's id, such as `S9`: the Rules article's ids, `MS` for the multi-source rules,
    /// `D1`–`D4` for driving the controls, `E1` for control actions, `W` for wiring, `I1`–`I4` for items
    /// with an identity, `N` for answer numbering, `P` for previous pages, `C` for the page cap and
    /// `R` for retries, `ST` for staleness, `O` for offline, `A` for refreshing around the position
    /// and `SN` for restoring a saved list.
    public var id: String {
        switch self {
        case .firstAppearanceLoads: return "S1"
        case .footerHiddenWhileEmpty: return "S2"
        case .refreshReplacesItems: return "S3"
        case .refreshResetsEndOfList: return "S4"
        case .endOfList: return "S5"
        case .failureIsShown: return "S6"
        case .refreshAsksFirstPage: return "S7"
        case .loadMoreAsksNextPage: return "S8"
        case .failedLoadCommitsNoPage: return "S9"
        case .controlsLeaveRefreshing: return "S10"
        case .oneLoadPerSource: return "S11"
        case .resultAppliesToRequester: return "S12"
        case .replacingStateCancelsOldLoads: return "S13"
        case .progress: return "S14"
        case .sourcesKeepOwnState: return "MS"
        case .orderSafeDispatch: return "D1"
        case .absentControls: return "D2"
        case .subscriptionLifetime: return "D3"
        case .footerShownAgainIsDrivenAfresh: return "D4"
        case .wiring: return "W"
        case .itemsHeldOnce: return "I1"
        case .removalSticks: return "I2"
        case .serverCopyReplacesEdit: return "I3"
        case .pendingItemsStay: return "I4"
        case .answerNumbering: return "N"
        case .previousPageLoads: return "P"
        case .pageCap: return "C"
        case .retry: return "R"
        case .staleness: return "ST"
        case .offline: return "O"
        case .refreshAroundPosition: return "A"
        case .restoring: return "SN"
        case .controlActions: return "E1"
        }
    }

    /// Orders rules as the Rules article lists them: `S2` before `S10`, the state rules before the
    /// rules of the controls, the features' rules last.
    /// - Parameters:
    ///   - lhs: A rule.
    ///   - rhs: Another rule.
    public static func < (lhs: ConformanceRule, rhs: ConformanceRule) -> Bool {
        let order = allCases
        return (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
    }

    /// The rule's id, such as `S9`.
    public var description: String { id }
}
