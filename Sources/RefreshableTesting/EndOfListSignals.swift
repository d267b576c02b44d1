import Refreshable

/// The end-of-list signals an adopter's loader forwards from its server to `RefreshPage`.
///
/// No real server sends all three: one sends `hasMore`, another `curPage` and `pageCount`, a third
/// a total, and many send nothing, leaving `count < pageSize` to decide. The conformance suite
/// sends only the signals your adopter forwards, so a faithful port of your loader passes; declare
/// them in ``ConformanceConfiguration/endOfListSignals`` and the suite also fails an adopter that
/// drops one of them. Answers may always carry no signal at all.
public struct EndOfListSignals: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The signals' bits.
    public let rawValue: Int

    /// Creates a set from its bits.
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// An explicit "more pages follow" flag (`RefreshPage.hasMore`).
    public static let hasMore = EndOfListSignals(rawValue: 1 << 0)
    /// The page answered and the number of pages (`RefreshPage.curPage` and `pageCount`).
    public static let pageCount = EndOfListSignals(rawValue: 1 << 1)
    /// The number of items in the whole list (`RefreshPage.totalCount`).
    public static let totalCount = EndOfListSignals(rawValue: 1 << 2)
    /// Every signal.
    public static let all: EndOfListSignals = [.hasMore, .pageCount, .totalCount]

    /// The signals by name, strongest first, such as `[hasMore, totalCount]`; `[]` for none.
    public var description: String {
        let names = [(Self.hasMore, "hasMore"), (Self.pageCount, "curPage/pageCount"), (Self.totalCount, "totalCount")]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}

/// What the suite and the model check learn about an adopter before they run: its own policy
/// (first page, page size, conflict rule) and the end-of-list signals its loader forwards.
package struct AdopterTraits: Sendable, Equatable {
    package var policy: RefreshPolicy
    package var signals: EndOfListSignals
    /// Whether ``signals`` were found by probing rather than declared.
    package var discovered: Bool
    /// Whether the adopter's list has an identity (de-duplication and local edits by id).
    package var hasIdentity: Bool
    /// Whether the identity reads ids of the type ``ConformanceConfiguration/itemID`` gives, which
    /// the suite's edits by id can name; with other ids, items are still de-duplicated, but the
    /// random events edit nothing by id.
    package var editsByID: Bool
    /// How many times the adopter's runtime retries a failed load, when it has a retry policy.
    package var retries: Int?
    /// Whether the adopter makes its cursors from its items' ids (see
    /// ``ConformanceConfiguration/cursorsAreItemIDs``).
    package var cursorsAreItemIDs = false
    /// Whether the list loads pages before its first (see ``ConformanceConfiguration/hasPreviousPages``).
    package var hasPreviousPages = true

    package init(
        policy: RefreshPolicy,
        signals: EndOfListSignals,
        discovered: Bool,
        hasIdentity: Bool = false,
        editsByID: Bool = true,
        retries: Int? = nil
    ) {
        self.policy = policy
        self.signals = signals
        self.discovered = discovered
        self.hasIdentity = hasIdentity
        self.editsByID = editsByID
        self.retries = retries
    }

    /// Reads the policy from a fresh adopter and takes the declared signals, or finds them: for each
    /// signal, a fresh adopter's first page is answered full, with that signal saying the list ends;
    /// the signal is forwarded when the adopter's list ends.
    @MainActor
    package static func learn<Adopter: Refreshable>(
        _ configuration: ConformanceConfiguration,
        makeItem: @escaping @Sendable (TestItem) -> Adopter.Item,
        makeAdopter: @MainActor (ConformanceRig<Adopter.Item>) -> Adopter
    ) async -> AdopterTraits where Adopter.Item: Equatable {
        let rig = ConformanceRig(configuration: configuration, makeItem: makeItem)
        let runtime = makeAdopter(rig).refreshStatus
        let sources = runtime.sources
        let policy = sources.policy
        let hasIdentity = sources.identity != nil
        let editsByID = sources.identity.map { configuration.itemIDMatches($0.idType) } ?? true
        let retries = runtime.retry?.maxRetries
        if let declared = configuration.endOfListSignals {
            var traits = AdopterTraits(
                policy: policy, signals: declared, discovered: false, hasIdentity: hasIdentity, editsByID: editsByID,
                retries: retries)
            traits.cursorsAreItemIDs = configuration.cursorsAreItemIDs
            traits.hasPreviousPages = configuration.hasPreviousPages
            return traits
        }
        var found: EndOfListSignals = []
        let budget = WaitBudget()
        for signal in [EndOfListSignals.hasMore, .pageCount, .totalCount] {
            let driver = AdopterDriver(
                rig: ConformanceRig(configuration: configuration, makeItem: makeItem),
                makeAdopter: makeAdopter, budget: budget)
            driver.perform(.appear)
            await driver.settle()
            let source = driver.adopter.currentIndex
            await driver.waitForLoads(1, of: [source])
            if let load = driver.takeNewLoads().first, load.kind == .refresh {
                let signals = PageSignals.ending(
                    signal, for: load, firstPage: policy.firstPage, heldAfter: policy.pageSize)
                let answered = driver.answer(load, itemCount: policy.pageSize, signals: signals)
                await driver.waitForReaction(answered.settling)
                await driver.settle()
                if driver.sources[load.source].noMoreData {
                    found.insert(signal)
                }
            }
            await driver.finish()
        }
        var traits = AdopterTraits(
            policy: policy, signals: found, discovered: true, hasIdentity: hasIdentity, editsByID: editsByID,
            retries: retries)
        traits.cursorsAreItemIDs = configuration.cursorsAreItemIDs
        traits.hasPreviousPages = configuration.hasPreviousPages
        return traits
    }
}
