// How the public values print: `print`, string interpolation, `debugPrint` and `dump` show the
// names a caller reads (`page`, `noMoreData`, `failure`, ...), never the storage behind them.

extension RefreshState: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The state in one line, in the order of the familiar tuple, with what is in flight and the
    /// last failure when there are any, such as
    /// `RefreshState(page: 2, isLoading: false, noMoreData: true, noMoreTitle: "No more orders", items: 40)`.
    public var description: String {
        "RefreshState(" + fields(listingItems: false).joined(separator: ", ") + ")"
    }

    /// Like ``description``, with every field and the items themselves (the first 20).
    public var debugDescription: String {
        "RefreshState(" + fields(listingItems: true).joined(separator: ", ") + ")"
    }

    /// The public fields, by name, for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "page": page,
                "isLoading": isLoading,
                "noMoreData": noMoreData,
                "noMoreTitle": noMoreTitle,
                "items": items,
                "inFlight": inFlight as Any,
                "failure": failure as Any,
                "hasLoaded": hasLoaded,
                "loadMoreFailure": loadMoreFailure as Any,
                "nextCursor": nextCursor as Any,
                "firstLoadedPage": firstLoadedPage,
                "noPreviousData": noPreviousData,
                "previousCursor": previousCursor as Any,
                "previousInFlight": previousInFlight as Any,
                "loadPreviousFailure": loadPreviousFailure as Any,
            ],
            displayStyle: .struct
        )
    }

    private func fields(listingItems: Bool) -> [String] {
        var fields = [
            "page: \(page)", "isLoading: \(isLoading)", "noMoreData: \(noMoreData)",
            "noMoreTitle: \(String(reflecting: noMoreTitle))",
        ]
        if listingItems {
            let shown = items.prefix(20).map { String(describing: $0) }
            let more = items.count > 20 ? ", … \(items.count - 20) more" : ""
            fields.append("items: [\(shown.joined(separator: ", "))\(more)]")
        } else {
            fields.append("items: \(items.count)")
        }
        if let inFlight {
            fields.append("inFlight: \(inFlight)")
        }
        if let failure {
            fields.append("failure: \(failure)")
        }
        if let nextCursor {
            fields.append("nextCursor: \(String(reflecting: nextCursor))")
        }
        if listingItems || previousInFlight != nil || loadPreviousFailure != nil || !noPreviousData {
            fields.append("firstLoadedPage: \(firstLoadedPage)")
            fields.append("noPreviousData: \(noPreviousData)")
        }
        if let previousCursor {
            fields.append("previousCursor: \(String(reflecting: previousCursor))")
        }
        if let previousInFlight {
            fields.append("previousInFlight: \(previousInFlight)")
        }
        if let loadPreviousFailure {
            fields.append("loadPreviousFailure: \(loadPreviousFailure)")
        }
        if listingItems {
            fields.append("hasLoaded: \(hasLoaded)")
            if let loadMoreFailure {
                fields.append("loadMoreFailure: \(loadMoreFailure)")
            }
        }
        return fields
    }
}

extension RefreshSources: CustomStringConvertible, CustomReflectable {
    /// The policy, then each source's state on a line of its own.
    public var description: String {
        var lines = ["RefreshSources(\(policy), \(count) source(s)\(identity == nil ? "" : ", with an identity"))"]
        for (index, state) in enumerated() {
            lines.append("  [\(index)] \(state)")
        }
        return lines.joined(separator: "\n")
    }

    /// The policy, the identity and the sources' states, by name, for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["policy": policy, "identity": identity as Any, "states": Array(self)],
            displayStyle: .struct
        )
    }
}

extension RefreshPolicy: CustomStringConvertible, CustomReflectable {
    /// The page size, the first page and the conflict rule, then whatever differs from the
    /// defaults, such as `RefreshPolicy(pageSize: 20, firstPage: 1, conflictRule: refreshWins)`.
    public var description: String {
        var fields = ["pageSize: \(pageSize)", "firstPage: \(firstPage)", "conflictRule: \(conflictRule)"]
        if curPageOffset != 0 {
            fields.append("curPageOffset: \(curPageOffset)")
        }
        if paging != .pageNumbers {
            fields.append("paging: \(paging)")
        }
        if let maxPages {
            fields.append("maxPages: \(maxPages)")
        }
        if refreshesAroundPosition {
            fields.append("refreshesAroundPosition: true")
        }
        return "RefreshPolicy(" + fields.joined(separator: ", ") + ")"
    }

    /// The settings, by name, for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "pageSize": pageSize, "firstPage": firstPage, "conflictRule": conflictRule,
                "curPageOffset": curPageOffset, "paging": paging, "maxPages": maxPages as Any,
                "refreshesAroundPosition": refreshesAroundPosition,
            ],
            displayStyle: .struct
        )
    }
}

extension RefreshPage: CustomStringConvertible, CustomReflectable {
    /// The number of items and the signals the server gave, such as
    /// `RefreshPage(items: 20, curPage: 1, pageCount: 5)`.
    public var description: String {
        var fields = ["items: \(items.count)"]
        if let hasMore {
            fields.append("hasMore: \(hasMore)")
        }
        if let curPage {
            fields.append("curPage: \(curPage)")
        }
        if let pageCount {
            fields.append("pageCount: \(pageCount)")
        }
        if let totalCount {
            fields.append("totalCount: \(totalCount)")
        }
        if let nextCursor {
            fields.append("nextCursor: \(String(reflecting: nextCursor))")
        }
        if let previousCursor {
            fields.append("previousCursor: \(String(reflecting: previousCursor))")
        }
        return "RefreshPage(" + fields.joined(separator: ", ") + ")"
    }

    /// The items and the signals, by name, for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "items": items, "hasMore": hasMore as Any, "curPage": curPage as Any, "pageCount": pageCount as Any,
                "totalCount": totalCount as Any, "nextCursor": nextCursor as Any,
                "previousCursor": previousCursor as Any,
            ],
            displayStyle: .struct
        )
    }
}

extension RefreshRequest: CustomReflectable {
    /// The request's fields, by name, for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "source": source, "page": page, "kind": kind, "cursor": cursor as Any, "generation": generation,
                "origin": origin,
            ],
            displayStyle: .struct
        )
    }
}

extension RefreshFailure: CustomReflectable {
    /// The request, the reason, the message a user reads and the error thrown, for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "request": request, "reason": reason, "message": message, "underlyingError": underlyingError as Any,
            ],
            displayStyle: .struct
        )
    }
}
