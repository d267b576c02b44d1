public import Refreshable

/// What an adopter did instead of what a rule required, as a value a test can match on.
///
/// Its ``description`` is the report's prose; ``expected`` and ``observed`` are its two halves.
public enum ConformanceMismatch: Sendable, Hashable, CustomStringConvertible {
    /// One load a source asked for: which source, which page, refresh or load-more.
    public struct Load: Sendable, Hashable, CustomStringConvertible {
        /// The source (tab).
        public let source: Int
        /// The page asked for.
        public let page: Int
        /// Whether it refreshes or loads more.
        public let kind: RefreshRequest.Kind

        /// Creates a load.
        /// - Parameters:
        ///   - source: The source.
        ///   - page: The page.
        ///   - kind: Refresh or load-more.
        public init(source: Int, page: Int, kind: RefreshRequest.Kind) {
            self.source = source
            self.page = page
            self.kind = kind
        }

        /// A refresh of `source` asking for `page`.
        /// - Parameters:
        ///   - source: The source.
        ///   - page: The page.
        /// - Returns: The load.
        public static func refresh(source: Int, page: Int) -> Load { Load(source: source, page: page, kind: .refresh) }

        /// A load-more of `source` asking for `page`.
        /// - Parameters:
        ///   - source: The source.
        ///   - page: The page.
        /// - Returns: The load.
        public static func loadMore(source: Int, page: Int) -> Load {
            Load(source: source, page: page, kind: .loadMore)
        }

        /// A load of the page before the first loaded one of `source`, asking for `page`.
        /// - Parameters:
        ///   - source: The source.
        ///   - page: The page.
        /// - Returns: The load.
        public static func loadPrevious(source: Int, page: Int) -> Load {
            Load(source: source, page: page, kind: .loadPrevious)
        }

        /// A short description such as `loadMore(source: 0, page: 3)`.
        public var description: String {
            "\(Self.name(of: kind))(source: \(source), page: \(page))"
        }

        /// The name of a kind of load, as the library's calls spell it.
        static func name(of kind: RefreshRequest.Kind) -> String {
            switch kind {
            case .refresh: return "refresh"
            case .loadMore: return "loadMore"
            case .loadPrevious: return "loadPrevious"
            }
        }
    }

    /// Why the adopter is not wired as the suite needs.
    public enum WiringProblem: Sendable, Hashable, CustomStringConvertible {
        /// `refreshHeaderControl` is a control of this type, not the rig's header.
        case header(String)
        /// `refreshFooterControl` is a control of this type, not the rig's footer.
        case footer(String)
        /// `refreshListView` is a list of this type, not the rig's list view.
        case listView(String)
        /// The adopter's policy has this page size; the suite needs 2 or more.
        case pageSize(Int)
        /// The adopter's identity reads ids of the first type, but ``ConformanceConfiguration/itemID``
        /// gives ids of the second (an `Int`, the ``TestItem/id`` itself, by default): the suite
        /// could edit or remove no item by id. Reported only when a rule that edits by id is checked.
        case identityIDType(String, itemID: String)
        /// The adopter's policy lets this many loads in a row bring nothing new; the suite checks
        /// limits up to 16.
        case maxLoadsWithoutProgress(Int)
        /// The controller shows the header double but wired nothing to it (no
        /// ``TestHeaderControl/refreshingBlock``, no action for `.valueChanged`, no
        /// ``TestHeaderControl/action``): a user's pull would do nothing.
        case headerNotWired

        /// The problem in words.
        public var description: String {
            switch self {
            case .header(let type): return "refreshHeaderControl is \(type), not rig.header"
            case .footer(let type): return "refreshFooterControl is \(type), not rig.footer"
            case .listView(let type): return "refreshListView is \(type), not rig.listView"
            case .pageSize(let size): return "refreshStatus.policy.pageSize is \(size); the suite needs 2 or more"
            case .maxLoadsWithoutProgress(let limit):
                return
                    "refreshStatus.policy.maxLoadsWithoutProgress is \(limit); the suite loads that many pages of nothing new and needs \(RefreshableConformance.largestCheckedLoadsWithoutProgress) or fewer"
            case .identityIDType(let type, let itemID):
                return
                    "refreshStatus.sources.identity reads ids of type \(type), but ConformanceConfiguration.itemID gives \(itemID) for a TestItem.id: pass ConformanceConfiguration(itemID:) the id your makeItem gives the item (for Listing(id: \"L\\(item.id)\"), itemID: { \"L\\($0)\" }), or leave out the rules that edit by id (removalSticks, serverCopyReplacesEdit, pendingItemsStay) with rules:"
            case .headerNotWired:
                return
                    "rig.header has nothing wired to it (no refreshingBlock, no action for .valueChanged, no action): wire it as your controller wires its real header"
            }
        }
    }

    /// The loads asked for since the last look are not the loads the rules call for.
    case loads(expected: [Load], observed: [Load])
    /// A source holds other items than the pages it was given; an observed item is `nil` when no
    /// answer carried it.
    case items(source: Int, expected: [TestItem], observed: [TestItem?])
    /// A source's end-of-list flag (`noMoreData`) is not what its pages call for.
    case endOfList(source: Int, expected: Bool, observed: Bool)
    /// A source's page is not the last page that loaded.
    case page(source: Int, expected: Int, observed: Int)
    /// A source is loading when it should not be, or the other way round.
    case loading(source: Int, expected: Bool, observed: Bool)
    /// After a failed attempt, no load of the source waits for its retry on the rig's clock;
    /// `askedAgain` loads of it were asked for anyway, without waiting.
    case noRetryWait(source: Int, askedAgain: Int)
    /// A source is loading its previous page (`isLoadingPrevious`) when it should not be, or the
    /// other way round.
    case loadingPrevious(source: Int, expected: Bool, observed: Bool)
    /// A source's start-of-list flag (`noPreviousData`) is not what its first page calls for.
    case startOfList(source: Int, expected: Bool, observed: Bool)
    /// A source records a failed load of its previous page (`loadPreviousFailure`) when it should
    /// not, or the other way round.
    case previousPageFailure(source: Int, expected: Bool, observed: Bool)
    /// The header shows its refreshing state when it should not, or the other way round.
    case headerRefreshing(expected: Bool, observed: Bool)
    /// The footer is hidden when it should be shown, or the other way round.
    case footerHidden(expected: Bool, observed: Bool)
    /// The footer shows another state (a failure's text is not compared).
    case footer(expected: TestFooterControl.State, observed: TestFooterControl.State)
    /// The footer still shows its loading state after the load ended.
    case footerStillRefreshing
    /// The failure placeholder is shown when it should not be, or the other way round.
    case placeholderShown(expected: Bool, observed: Bool)
    /// A failure on an empty source left no placeholder whose action retries.
    case noRetryAction
    /// Another number of failure messages than the failures call for.
    case failureMessages(expected: Int, observed: Int)
    /// A control received commands after its subscription was cancelled.
    case commandsAfterCancel(header: [TestHeaderControl.Call], footer: [TestFooterControl.Call])
    /// The status relay has another number of observers than it had before the subscription.
    case observers(expected: Int, observed: Int)
    /// The subscription keeps the controls it drives alive.
    case controlsRetained
    /// The adopter is not wired to the rig's doubles and policy.
    case wiring([WiringProblem])
    /// Something the scenario called threw this error.
    case threw(String)
    /// A load asked with another cursor than the one the rules call for (under cursor paging).
    case cursor(load: Load, expected: String?, observed: String?)

    /// What the rule required.
    public var expected: String {
        switch self {
        case .loads(let expected, _):
            return expected.isEmpty ? "no new load" : "new load(s) \(Self.list(expected))"
        case .items(let source, let expected, _):
            return "source \(source) holds \(expected.count) item(s) \(expected)"
        case .endOfList(let source, let expected, _):
            return "refreshStatus[\(source)].noMoreData is \(expected)"
        case .page(let source, let expected, _):
            return "refreshStatus[\(source)].page is \(expected), the last page that loaded"
        case .loading(let source, let expected, _):
            return "source \(source) is \(expected ? "" : "not ")loading"
        case .noRetryWait(let source, _):
            return "a load of source \(source) waits for its retry on rig.clock"
        case .loadingPrevious(let source, let expected, _):
            return "source \(source) is \(expected ? "" : "not ")loading its previous page"
        case .startOfList(let source, let expected, _):
            return "refreshStatus[\(source)].noPreviousData is \(expected)"
        case .previousPageFailure(let source, let expected, _):
            return "refreshStatus[\(source)].loadPreviousFailure is \(expected ? "set" : "nil")"
        case .headerRefreshing(let expected, _):
            return "the header \(expected ? "shows" : "does not show") its refreshing state"
        case .footerHidden(let expected, _):
            return "the footer is \(expected ? "hidden" : "shown")"
        case .footer(let expected, _):
            return "the footer shows \(expected)"
        case .footerStillRefreshing:
            return "the footer has left its loading state"
        case .placeholderShown(let expected, _):
            return expected ? "the failure placeholder is shown" : "no failure placeholder is shown"
        case .noRetryAction:
            return "a placeholder whose action retries"
        case .failureMessages(let expected, _):
            return "\(expected) new failure message(s) shown with refreshListView's showFailureMessage(_:)"
        case .commandsAfterCancel:
            return "no control receives a command after cancel()"
        case .observers(let expected, _):
            return "the relay has \(expected) observer(s) again"
        case .controlsRetained:
            return "the subscription holds the controls weakly"
        case .wiring:
            return
                "the adopter's controls and list view are the rig's doubles (or nil) and wired as the real ones, its pageSize is 2 or more and its maxLoadsWithoutProgress \(RefreshableConformance.largestCheckedLoadsWithoutProgress) or fewer"
        case .threw:
            return "the scenario runs to its end"
        case .cursor(let load, let expected, _):
            return "\(load) asks with cursor \(expected.map { "\"\($0)\"" } ?? "nil")"
        }
    }

    /// What the adopter did instead.
    public var observed: String {
        switch self {
        case .loads(_, let observed):
            return observed.isEmpty ? "no new load" : "new load(s) \(Self.list(observed))"
        case .items(_, _, let observed):
            let named = observed.map { $0?.description ?? "an item no answer carried" }
            return "it holds \(observed.count) item(s) [\(named.joined(separator: ", "))]"
        case .endOfList(_, _, let observed):
            return "it is \(observed)"
        case .page(_, _, let observed):
            return "it is \(observed)"
        case .loading(let source, _, let observed):
            return "refreshStatus[\(source)].isLoading is \(observed)"
        case .noRetryWait(_, let askedAgain):
            if askedAgain > 0 {
                return "it was asked again \(askedAgain) time(s) without waiting: does loadPage(_:) retry by itself?"
            }
            return "nothing waits on rig.clock: is the RefreshRetry made with clock: rig.clock?"
        case .loadingPrevious(let source, _, let observed):
            return "refreshStatus[\(source)].isLoadingPrevious is \(observed)"
        case .startOfList(_, _, let observed):
            return "it is \(observed)"
        case .previousPageFailure(_, _, let observed):
            return "it is \(observed ? "set" : "nil")"
        case .headerRefreshing(_, let observed):
            return "header.isRefreshing is \(observed)"
        case .footerHidden(_, let observed):
            return "footer.isHidden is \(observed)"
        case .footer(_, let observed):
            return "it shows \(observed)"
        case .footerStillRefreshing:
            return "it still shows refreshing"
        case .placeholderShown(_, let observed):
            return observed ? "a placeholder is shown" : "no placeholder is shown"
        case .noRetryAction:
            return "no placeholder to tap"
        case .failureMessages(_, let observed):
            if observed == 0 {
                return "0 new failure message(s) (a presentFailure(_:) of your own that shows them another way "
                    + "cannot be seen here: call showFailureMessageIfNeeded(_:) from it, or leave this rule out with rules:)"
            }
            return "\(observed) new failure message(s)"
        case .commandsAfterCancel(let header, let footer):
            return "header calls \(header), footer calls \(footer)"
        case .observers(_, let observed):
            return "it has \(observed)"
        case .controlsRetained:
            return "the controls are still alive"
        case .wiring(let problems):
            return problems.map(\.description).joined(separator: "; ")
        case .threw(let error):
            return "it threw \(error)"
        case .cursor(_, _, let observed):
            return "it asks with \(observed.map { "\"\($0)\"" } ?? "nil")"
        }
    }

    /// Whether the mismatch is about how a failure is presented (a placeholder, messages), not
    /// about the list's state.
    var isPresentation: Bool {
        switch self {
        case .placeholderShown, .failureMessages: return true
        default: return false
        }
    }

    /// Expected versus observed, on one line.
    public var description: String { "expected \(expected); observed \(observed)" }

    private static func list(_ loads: [Load]) -> String {
        loads.map(\.description).joined(separator: ", ")
    }
}
