/// A rule of Refreshable's behaviour that the conformance suite checks, named as the Rules article of the Refreshable documentation names it.
public enum ConformanceRule: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// First appearance loads the first page with no extra call beyond setup.
    case s1
    /// The footer is hidden during the first load and while the source has no items.
    case s2
    /// Refresh replaces the source's items with the first page; the old items stay until it arrives.
    case s3
    /// A successful refresh resets no-more-data; a failed refresh keeps items and footer.
    case s4
    /// End of list comes from the server's signal, else `count < pageSize`; then load-more cannot trigger.
    case s5
    /// A failure on an empty source shows a retrying placeholder; with items, a message, and the items stay.
    case s6
    /// Refresh asks for the first page.
    case s7
    /// Load-more asks for the page after the last one that loaded, and appends it.
    case s8
    /// A failed load commits no page: the next load-more asks for the same page again.
    case s9
    /// Header and footer leave their refreshing state on success and on failure, and show it while loading.
    case s10
    /// One load per source at a time, by the policy's conflict rule.
    case s11
    /// A result applies to the source that asked for it; a stale result is discarded.
    case s12
    /// Each source keeps its own state; switching sources re-renders the controls from it.
    case multiSource
    /// Status dispatch drives each control to the state the statuses add up to (order-safe).
    case orderSafeDispatch
    /// Status dispatch works with either control absent.
    case absentControls
    /// A cancelled or released subscription stops driving the controls and keeps nothing alive.
    case subscriptionLifetime
    /// The adopter is wired to the rig's doubles and policy, as the suite needs.
    case wiring

    /// What the rule requires, in one sentence.
    public var summary: String {
        switch self {
        case .s1:
            return "First appearance loads the first page with no extra call beyond setup."
        case .s2:
            return "The footer is hidden during the first load and while the source has no items."
        case .s3:
            return "Refresh replaces the items with the first page; the old items stay until it arrives."
        case .s4:
            return "A successful refresh resets no-more-data; a failed refresh keeps the items and the footer."
        case .s5:
            return "End of list comes from the server's signal, else count < pageSize; then load-more cannot trigger."
        case .s6:
            return
                "A failure on an empty source shows a retrying placeholder; with items, a message, and the items stay."
        case .s7:
            return "Refresh asks for the first page."
        case .s8:
            return "Load-more asks for the page after the last one that loaded, and appends it."
        case .s9:
            return "A failed load commits no page: the next load-more asks for the same page again."
        case .s10:
            return "Header and footer show their refreshing state while loading and leave it on success and failure."
        case .s11:
            return "One load per source at a time, by the conflict rule (default: refresh wins)."
        case .s12:
            return "A result applies to the source that asked for it; a stale result is discarded."
        case .multiSource:
            return "Each source keeps its own state; switching sources re-renders the controls from it."
        case .orderSafeDispatch:
            return "Statuses drive each control to the state they add up to; a late end cannot undo no-more-data."
        case .absentControls:
            return "Status dispatch works with the header or the footer absent."
        case .subscriptionLifetime:
            return "A cancelled or released subscription stops driving the controls and keeps nothing alive."
        case .wiring:
            return "The adopter uses the rig's controls, list view, loader and policy."
        }
    }

    /// The rule's id, such as `S9`: the Rules article's ids, `MS` for the multi-source rules,
    /// `D1`–`D3` for status dispatch and `W` for wiring.
    public var id: String {
        switch self {
        case .s1: return "S1"
        case .s2: return "S2"
        case .s3: return "S3"
        case .s4: return "S4"
        case .s5: return "S5"
        case .s6: return "S6"
        case .s7: return "S7"
        case .s8: return "S8"
        case .s9: return "S9"
        case .s10: return "S10"
        case .s11: return "S11"
        case .s12: return "S12"
        case .multiSource: return "MS"
        case .orderSafeDispatch: return "D1"
        case .absentControls: return "D2"
        case .subscriptionLifetime: return "D3"
        case .wiring: return "W"
        }
    }

    /// The rule's id, such as `S9`.
    public var description: String { id }
}
