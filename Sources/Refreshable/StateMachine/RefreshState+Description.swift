// How the public values print: `print`, string interpolation, `debugPrint` and `dump` show the
// names a caller reads (`page`, `noMoreData`, `failure`, ...), never the storage behind them.

/// A field a value prints and mirrors: its public name and its value; `nil` leaves it out of the
/// printed line.
private typealias PrintedField = (label: String, value: Any?)

/// `name(label: value, ...)`, without the fields whose value is `nil`; a string shows quoted.
private func printed(_ name: String, _ fields: [PrintedField]) -> String {
    let shown = fields.compactMap { label, value in
        value.map { "\(label): \($0 is String ? String(reflecting: $0) : String(describing: $0))" }
    }
    return name + "(" + shown.joined(separator: ", ") + ")"
}

/// The mirror of `subject` whose children are `fields`, by name, for `dump` and debuggers.
private func mirrored(_ subject: Any, _ fields: [PrintedField]) -> Mirror {
    Mirror(subject, children: fields.map { (label: $0.label, value: $0.value as Any) }, displayStyle: .struct)
}

/// Text printed as it is, where a string would show quoted.
private struct Verbatim: CustomStringConvertible {
    let description: String
}

extension RefreshState: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The state in one line, in the order of the familiar tuple, with what is in flight and the
    /// last failure when there are any, such as
    /// `RefreshState(page: 2, isLoading: false, noMoreData: true, noMoreTitle: "No more orders", items: 40)`.
    public var description: String { printed("RefreshState", fields(listingItems: false)) }

    /// Like ``description``, with every field and the items themselves (the first 20).
    public var debugDescription: String { printed("RefreshState", fields(listingItems: true)) }

    /// The public fields, by name, for `dump` and debuggers.
    public var customMirror: Mirror { mirrored(self, fields(listingItems: true, items: items)) }

    /// The fields; every one when `listingItems`, else those that say something. The items show
    /// as `items`, or as their count or their first 20.
    private func fields(listingItems all: Bool, items shownItems: Any? = nil) -> [PrintedField] {
        let listed = items.prefix(all ? 20 : 0).map { String(describing: $0) }.joined(separator: ", ")
        let more = items.count > 20 ? ", … \(items.count - 20) more" : ""
        let start = all || previousInFlight != nil || loadPreviousFailure != nil || !noPreviousData
        return [
            ("page", page), ("isLoading", isLoading), ("noMoreData", noMoreData), ("noMoreTitle", noMoreTitle),
            ("items", shownItems ?? (all ? Verbatim(description: "[\(listed)\(more)]") : items.count)),
            ("inFlight", inFlight), ("failure", failure), ("nextCursor", nextCursor),
            ("firstLoadedPage", start ? firstLoadedPage : nil), ("noPreviousData", start ? noPreviousData : nil),
            ("previousCursor", previousCursor), ("previousInFlight", previousInFlight),
            ("loadPreviousFailure", loadPreviousFailure), ("hasLoaded", all ? hasLoaded : nil),
            ("loadMoreFailure", all ? loadMoreFailure : nil),
        ]
    }
}

extension RefreshSources: CustomStringConvertible, CustomReflectable {
    /// The policy, then each source's state on a line of its own.
    public var description: String {
        let header = "RefreshSources(\(policy), \(count) source(s)\(identity == nil ? "" : ", with an identity"))"
        return ([header] + enumerated().map { "  [\($0)] \($1)" }).joined(separator: "\n")
    }

    /// The policy, the identity and the sources' states, by name, for `dump` and debuggers.
    public var customMirror: Mirror {
        mirrored(self, [("policy", policy), ("identity", identity), ("states", Array(self))])
    }
}

extension RefreshPolicy: CustomStringConvertible, CustomReflectable {
    /// The page size, the first page and the conflict rule, then whatever differs from the
    /// defaults, such as `RefreshPolicy(pageSize: 20, firstPage: 1, conflictRule: refreshWins)`.
    public var description: String { printed("RefreshPolicy", fields(all: false)) }

    /// The settings, by name, for `dump` and debuggers.
    public var customMirror: Mirror { mirrored(self, fields(all: true)) }

    private func fields(all: Bool) -> [PrintedField] {
        [
            ("pageSize", pageSize), ("firstPage", firstPage), ("conflictRule", conflictRule),
            ("curPageOffset", all || curPageOffset != 0 ? curPageOffset : nil),
            ("paging", all || paging != .pageNumbers ? paging : nil), ("maxPages", maxPages),
            ("refreshesAroundPosition", all || refreshesAroundPosition ? refreshesAroundPosition : nil),
        ]
    }
}

extension RefreshPage: CustomStringConvertible, CustomReflectable {
    /// The number of items and the signals the server gave, such as
    /// `RefreshPage(items: 20, curPage: 1, pageCount: 5)`.
    public var description: String { printed("RefreshPage", fields(items: items.count)) }

    /// The items and the signals, by name, for `dump` and debuggers.
    public var customMirror: Mirror { mirrored(self, fields(items: items)) }

    private func fields(items: Any) -> [PrintedField] {
        [
            ("items", items), ("hasMore", hasMore), ("curPage", curPage), ("pageCount", pageCount),
            ("totalCount", totalCount), ("nextCursor", nextCursor), ("previousCursor", previousCursor),
        ]
    }
}

extension RefreshRequest: CustomReflectable {
    /// The request's fields, by name, for `dump` and debuggers.
    public var customMirror: Mirror {
        mirrored(
            self,
            [
                ("source", source), ("page", page), ("kind", kind), ("cursor", cursor), ("generation", generation),
                ("origin", origin),
            ])
    }
}

extension RefreshFailure: CustomReflectable {
    /// The request, the reason, the message a user reads and the error thrown, for `dump` and debuggers.
    public var customMirror: Mirror {
        mirrored(
            self,
            [("request", request), ("reason", reason), ("message", message), ("underlyingError", underlyingError)])
    }
}
