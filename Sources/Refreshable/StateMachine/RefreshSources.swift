/// The page state of every source of one list, and the pure state machine over it.
///
/// A list's ``RefreshRuntime`` holds one of these and reads like an array of
/// `(page, isLoading, noMoreData, noMoreTitle)` tuples (`refreshStatus[currentIndex].page`).
/// The transitions every rule of the library goes through are plain functions of the state and
/// their arguments that return what they decided: no UI, no tasks, no clock.
///
/// ```swift
/// var sources: RefreshSources<String> = [RefreshState(noMoreTitle: "The end")]
/// guard case .started(let request, _) = sources.begin(.refresh, source: 0) else { return }
/// _ = sources.succeed(request, with: RefreshPage(items: ["a", "b"], curPage: 1, pageCount: 1))
/// // sources[0].items == ["a", "b"], sources[0].noMoreData == true
/// ```
///
/// Two values are equal when everything they hold is, including the counters that identify their
/// requests, so a copy equals its original until either changes.
public struct RefreshSources<Item: Sendable>: Sendable {
    /// Paging and conflict rules shared by every source. A source that has not loaded yet follows
    /// a change of the first page (its ``RefreshState/page`` stays one below it).
    public var policy: RefreshPolicy {
        didSet {
            if policy.maxPages != oldValue.maxPages {
                // A new cap forgets the pages held: pages loaded without a cap were never recorded,
                // so the items held count as one page at the next capped load.
                for index in states.indices where !states[index].heldPages.isEmpty {
                    states[index].heldPages = []
                }
            }
            guard policy.firstPage != oldValue.firstPage else { return }
            alignUnloadedPages()
        }
    }
    /// How items are told apart, for de-duplication and local edits by id; `nil`, the default,
    /// keeps every item a page brings. Setting it indexes the items held; they are not
    /// de-duplicated until the next refresh.
    public var identity: RefreshItemIdentity<Item>? {
        didSet {
            guard identity != oldValue else { return }
            for index in states.indices {
                reindex(index)
            }
        }
    }
    @usableFromInline var states: [RefreshState<Item>]
    /// How many sources there are, kept beside `states` (which only `init` and `append(_:)` resize):
    /// where this code runs unspecialised (inside the runtime), reading an array's count looks the
    /// element type's metadata up, about 1,800 instructions per page load of an adopter.
    @usableFromInline var sourceCount: Int
    /// Each source's item index, beside `states` so that a list without an identity carries none;
    /// empty without an ``identity``.
    @usableFromInline var indexes: [ItemIndex] = []
    /// The generation of the newest request this value issued.
    @usableFromInline var lastGeneration: UInt64 = 0
    /// Tells this value's requests from those of a value it replaced (see ``RefreshRequest/origin``);
    /// `0` until a ``RefreshRuntime`` adopts the value.
    @usableFromInline var origin: UInt64 = 0
    /// Counts the transitions, so a runtime tells an edited copy of its state from an older value.
    @usableFromInline var revision: UInt64 = 0

    /// Creates the sources.
    /// - Parameters:
    ///   - states: One state per source, in tab order; at least one.
    ///   - policy: Paging and conflict rules.
    ///   - identity: How items are told apart, for de-duplication and local edits; `nil` keeps
    ///     every item.
    public init(
        _ states: [RefreshState<Item>],
        policy: RefreshPolicy = RefreshPolicy(),
        identity: RefreshItemIdentity<Item>? = nil
    ) {
        require(
            !states.isEmpty,
            "RefreshSources needs at least one source: pass one RefreshState per tab, e.g. [RefreshState(noMoreTitle: \"No more\")]."
        )
        self.policy = policy
        self.states = states
        self.sourceCount = states.count
        self.identity = identity
        alignUnloadedPages()
        for index in states.indices {
            reindex(index)
        }
    }

    /// Creates sources that each start unloaded, one per end-of-list text.
    /// - Parameters:
    ///   - noMoreTitles: Each source's footer text at the end of its list; at least one.
    ///   - policy: Paging and conflict rules.
    ///   - identity: How items are told apart, for de-duplication and local edits; `nil` keeps
    ///     every item.
    public init(
        noMoreTitles: [String],
        policy: RefreshPolicy = RefreshPolicy(),
        identity: RefreshItemIdentity<Item>? = nil
    ) {
        self.init(noMoreTitles.map { RefreshState(noMoreTitle: $0) }, policy: policy, identity: identity)
    }

    /// Adds a source at the end, for lists whose tabs are known only later.
    /// - Parameter state: The new source's state.
    public mutating func append(_ state: RefreshState<Item>) {
        states.append(state)
        states[states.count - 1].forgetProgress()
        sourceCount = states.count
        alignUnloadedPages()
        reindex(states.count - 1)
    }

    /// Indexes one source's items under the current identity, forgetting its local edits.
    private mutating func reindex(_ source: Int) {
        guard let identity else {
            indexes = []
            return
        }
        if indexes.count < states.count {
            indexes.append(contentsOf: repeatElement(ItemIndex(), count: states.count - indexes.count))
        }
        indexes[source] = ItemIndex(states[source].items, identity: identity)
    }

    /// Stops with a message that says what to fix when `source` is not a valid index.
    /// - Parameters:
    ///   - source: The index to check.
    ///   - caller: The name of the API that received the index, for the message.
    @inlinable
    public func checkSource(_ source: Int, in caller: @autoclosure () -> String = "refreshStatus") {
        if source < 0 || source >= sourceCount {
            sourceOutOfRange(source, in: caller())
        }
    }

    @usableFromInline
    func sourceOutOfRange(_ source: Int, in caller: String) -> Never {
        fatalError(
            "\(caller): source index \(source) is out of range; this list has \(states.count) source(s) (0..<\(states.count)). Add one RefreshState per tab, or keep currentIndex within them."
        )
    }

    /// Unloaded sources read one page below the first page, whatever first page their state was made with.
    private mutating func alignUnloadedPages() {
        for index in states.indices where !states[index].hasLoaded && states[index].page != policy.firstPage - 1 {
            states[index].alignUnloaded(firstPage: policy.firstPage)
        }
    }
}

extension RefreshSources: Equatable where Item: Equatable {}

extension RefreshSources: ExpressibleByArrayLiteral {
    /// Creates sources from a literal list of states, with the default policy.
    /// - Parameter elements: One state per source.
    public init(arrayLiteral elements: RefreshState<Item>...) {
        self.init(elements)
    }
}

extension RefreshSources: RandomAccessCollection, MutableCollection {
    /// Always `0`.
    public var startIndex: Int { 0 }
    /// The number of sources.
    public var endIndex: Int { states.count }

    /// The state of one source. An out-of-range index stops with a message saying what to fix.
    ///
    /// Replacing a source's whole state through a ``RefreshRuntime`` cancels that source's load; the
    /// new state's items are indexed under the ``identity``, and its local edits are forgotten.
    /// - Parameter source: The source's index.
    public subscript(source: Int) -> RefreshState<Item> {
        get {
            checkSource(source)
            return states[source]
        }
        set {
            checkSource(source)
            states[source] = newValue
            states[source].forgetProgress()
            if !newValue.hasLoaded {
                states[source].alignUnloaded(firstPage: policy.firstPage)
            }
            reindex(source)
        }
    }
}
