import Foundation
import Refreshable

/// The command line of `refreshable-demo`, parsed by hand (the package has no dependencies).
struct DemoOptions: Equatable {
    /// What to run.
    enum Mode: Equatable {
        /// Print ``DemoOptions/helpText`` and exit 0.
        case help
        /// The scripted session on the embedded API.
        case scripted
        /// A tour of an HTTP endpoint (`--url` without `--interactive`).
        case httpTour
        /// Keys drive the list (`--interactive`), on the embedded API or `--url`.
        case interactive
    }

    /// What to run.
    var mode: Mode = .scripted
    /// The `--url` template, with `{page}` or `{after}` (and maybe `{before}`), and maybe `{tab}`.
    var url: URLTemplate?
    /// The seed of the embedded API's latencies.
    var seed: UInt64 = 1
    /// The HTTP request timeout, in seconds.
    var timeout: Double = 10
    /// `--state-file`: where the interactive list is saved on exit and restored from at start.
    var stateFile: String?

    /// A usage error, with a message that says what to fix.
    struct UsageError: Error, Equatable, CustomStringConvertible {
        /// What was wrong.
        let message: String
        var description: String { message }
    }

    /// Parses the arguments that follow the program name.
    /// - Throws: ``UsageError`` for an unknown option, a missing or bad value.
    static func parse(_ arguments: [String]) throws(UsageError) -> DemoOptions {
        var options = DemoOptions()
        var interactive = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue {
                    return inlineValue
                }
                guard let next = remaining.popFirst() else {
                    throw UsageError(message: "\(name) needs a value; see --help")
                }
                return next
            }
            switch name {
            case "-h", "--help":
                return DemoOptions(mode: .help)
            case "-i", "--interactive":
                interactive = true
            case "--url":
                options.url = try URLTemplate(try value())
            case "--seed":
                let text = try value()
                guard let seed = UInt64(text) else {
                    throw UsageError(message: "--seed needs a whole number, got '\(text)'")
                }
                options.seed = seed
            case "--timeout":
                let text = try value()
                guard let timeout = Double(text), timeout > 0, timeout.isFinite else {
                    throw UsageError(message: "--timeout needs a positive number of seconds, got '\(text)'")
                }
                options.timeout = timeout
            case "--state-file":
                let path = try value()
                guard !path.isEmpty else {
                    throw UsageError(message: "--state-file needs a file's path, e.g. --state-file orders.json")
                }
                options.stateFile = path
            default:
                throw UsageError(message: "unknown argument '\(argument)'; see --help")
            }
        }
        if options.stateFile != nil, !interactive {
            throw UsageError(
                message: "--state-file saves and restores the list you drive: add --interactive, or drop --state-file")
        }
        options.mode = interactive ? .interactive : (options.url == nil ? .scripted : .httpTour)
        return options
    }

    /// The `--help` text.
    static let helpText = """
        refreshable-demo: a paged order list with tabs, driven by the Refreshable library and drawn as text.

        USAGE
          swift run refreshable-demo [--seed N]
          swift run refreshable-demo --url URL [--timeout SECONDS]
          swift run refreshable-demo --interactive [--url URL] [--seed N] [--state-file PATH]

        With no options, the demo plays a scripted session on an embedded, in-process paged API
        (All has 23 orders, Unpaid 7, Shipped 20, 10 a page; latencies come from the seed, so every
        run prints the same thing, in well under a second): first load, pull to refresh, loading
        more until the footer says there is no more, a failure on an empty tab and its retry, a
        failure with orders on screen, a tab switch while a load is in flight, a refresh that
        supersedes a load-more, and a conversation paged by cursor, at most two pages held, that
        loads newer messages above its first page. Each step prints what the user did (>), each
        answer (<) with the signal that ended the list when one did (Shipped's last page is full,
        so only the server's curPage == pageCount can end it), the statuses the header and footer
        were driven to, and the screen.

        OPTIONS
          --url URL          Load the pages over HTTP instead. In URL, {page} becomes the page number
                             (1, 2, ...) and {tab} the tab's name (all, unpaid, shipped). The server
                             answers with paged JSON in the shape of WanAndroid's public
                             API, which many paging tutorials use:
                               {"errorCode": 0, "errorMsg": "", "data": {"curPage": 1, "pageCount": 3,
                                "total": 23, "datas": [{"id": "all-1", "title": "All order #1"}]}}
                             Without {tab} the URL names a single list, and the demo shows just
                             that list. The end of a list is where curPage == pageCount. Rows are
                             told apart by id: a row a later page brings again (a list that grew at
                             its head between two pages) is shown once, and the demo says how many
                             it left out. Without --interactive the demo loads every tab to its end
                             and exits (1 if a load failed).
                             A local server for trying it (Python 3, standard library only):
                               python3 Tools/paged-server/paged_server.py --port 8080
                               swift run refreshable-demo --url 'http://127.0.0.1:8080/list/{page}?tab={tab}'
                             and a list that gains 3 rows at its head before each page:
                               swift run refreshable-demo --url 'http://127.0.0.1:8080/list/{page}?tab={tab}&shift=3'
                             and a server that never moves the list (each page after the first
                             brings page 1's orders again and says more follow): the list stops
                             after 3 such pages with "Loading stopped: the last pages brought
                             nothing new.", a pull asks once more, and the tour exits 1:
                               swift run refreshable-demo --url 'http://127.0.0.1:8080/list/{page}?tab={tab}&repeat=1'
                             Paged by cursor instead of {page}: {after} becomes the cursor of the
                             older rows (load-more) and {before}, optional, that of the newer rows
                             above the first page (load previous); each must be a query item's
                             whole value, left out when there is no cursor (the first page). The
                             server answers with {"items": [...], "nextCursor": "...",
                             "previousCursor": "..."}; no nextCursor ends the list, and a page whose
                             nextCursor is the cursor it was asked with is refused. For example:
                               swift run refreshable-demo --url 'http://127.0.0.1:8080/feed?tab={tab}&after={after}&before={before}'
                             With &loop=1 the feed's cursors go round a circle (a -> b -> a), and
                             the list stops where it would follow a cursor a second time.
                             Without --interactive, the tour then also asks once for newer rows
                             above the first page.
          -i, --interactive  Drive the list yourself; stdin must be a terminal. Type a key, then Return:
                               r  pull to refresh          m or j  scroll to the bottom (load more)
                               p or k  scroll to the top (load the previous page: newer rows, with
                                       a --url that has {before})
                               1 2 3  switch tab           t  tap the failure placeholder's retry
                               f  toggle failures (every request fails while on)
                               o  toggle offline (setOnline: loads fail at once without asking
                                  the server; back online, what failed loads again)
                               w  back in the foreground (refreshIfStale: refreshes the tab if it
                                  last refreshed 30 s ago or more)
                               n  send an order from here (insertPendingItem): shown at once as
                                  "(sending...)", kept through loads until a refresh brings it
                               s  show the screen again    h  help        q  quit
          --state-file PATH  With --interactive: save the list (a RefreshSnapshot, as JSON) to PATH
                             on quitting, and restore it from PATH at start when the file exists:
                             the saved rows show at once, then refresh in the background. A file
                             that does not fit the list (another --url's paging, a damaged one) is
                             refused with the reason, and the list loads afresh.
          --seed N           Seed of the embedded API's latencies (default 1).
          --timeout SECONDS  The longest one HTTP request may take, from asking to the last byte
                             of the answer (default 10). On Linux it counts whole seconds, so a
                             fraction rounds up.
          -h, --help         Show this help.

        EXIT STATUS
          0 the session ran as described, 1 a load or a check failed, 2 bad usage.
        """
}

/// A URL with the placeholders that say how to ask for a page: `{page}` for a page number, or
/// `{after}` (and optionally `{before}`) for cursors; `{tab}` is optional in both.
struct URLTemplate: Equatable, CustomStringConvertible {
    /// The template as given.
    let text: String

    /// The placeholders a template may hold.
    static let placeholders = ["{page}", "{tab}", "{after}", "{before}"]
    /// The placeholders that stand for a cursor, each the whole value of a query item.
    static let cursorPlaceholders = ["{after}", "{before}"]

    /// Checks and keeps a template. Everything that would make every request fail is caught here,
    /// once, when the options are parsed, rather than on each request.
    /// - Throws: ``DemoOptions/UsageError`` when neither `{page}` nor `{after}` is there, or both
    ///   are, `{before}` comes without `{after}`, a cursor placeholder is not a query item's whole
    ///   value, the scheme is not http(s), a character cannot be in a URL (a space, a stray brace,
    ///   a bad `%` escape, ...), or the URL has no host or a bad port.
    init(_ text: String) throws(DemoOptions.UsageError) {
        let byNumber = text.contains("{page}")
        let byCursor = text.contains("{after}")
        guard !text.contains("{before}") || byCursor else {
            throw DemoOptions.UsageError(
                message:
                    "--url has {before} but no {after}: {before} takes the cursor of the newer rows, and the demo "
                    + "pages by cursor only with {after}, the cursor of the older ones; add '&after={after}', got '\(text)'"
            )
        }
        guard byNumber || byCursor else {
            throw DemoOptions.UsageError(
                message:
                    "--url needs a {page} placeholder for the page number, e.g. 'http://127.0.0.1:8080/list/{page}?tab={tab}', "
                    + "or {after} for a cursor, e.g. 'http://127.0.0.1:8080/feed?tab={tab}&after={after}&before={before}'"
            )
        }
        guard !(byNumber && byCursor) else {
            throw DemoOptions.UsageError(
                message:
                    "--url pages by number ({page}) or by cursor ({after}, {before}), not both; drop one, got '\(text)'"
            )
        }
        let lowercased = text.lowercased()
        guard lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://") else {
            throw DemoOptions.UsageError(message: "--url must start with http:// or https://, got '\(text)'")
        }
        try Self.checkCharacters(of: text)
        try Self.checkCursorPlaceholders(of: text)
        try Self.checkParts(of: text)
        self.text = text
    }

    /// Refuses a cursor placeholder anywhere but as the whole value of a query item
    /// (`after={after}`): the first page has no cursor, and its URL leaves that item out, which only
    /// works for a whole query item.
    private static func checkCursorPlaceholders(of text: String) throws(DemoOptions.UsageError) {
        let parts = URLParts(text)
        for placeholder in cursorPlaceholders where text.contains(placeholder) {
            let name = placeholder.dropFirst().dropLast()
            let inQuery = parts.queryItems.filter { $0.text.contains(placeholder) }
            let elsewhere = parts.beforeQuery.contains(placeholder) || (parts.fragment?.contains(placeholder) ?? false)
            guard !elsewhere, inQuery.allSatisfy({ $0.value.map(String.init) == placeholder && !$0.name.isEmpty })
            else {
                throw DemoOptions.UsageError(
                    message:
                        "--url has \(placeholder) where it cannot be left out; write it as a query item's whole value, "
                        + "e.g. '\(name)=\(placeholder)', since the first page has no cursor: got '\(text)'")
            }
        }
    }

    /// Refuses a character a URL cannot hold as is. Foundation would quietly percent-encode some
    /// (so a trailing space became `tab=all%20`, which the server refuses) and reject others (a
    /// space in the host), on every request.
    private static func checkCharacters(of text: String) throws(DemoOptions.UsageError) {
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            if let placeholder = placeholders.first(where: { characters[index...].starts(with: $0) }) {
                index += placeholder.count
                continue
            }
            let character = characters[index]
            let position = "at character \(index + 1) of '\(text)'"
            if character == "%" {
                let escape = characters.dropFirst(index + 1).prefix(2)
                guard escape.count == 2, escape.allSatisfy(\.isHexDigit) else {
                    throw DemoOptions.UsageError(
                        message: "--url has a '%' that starts no %XX escape \(position); write a literal % as %25")
                }
            } else if !isAllowedInURL(character) {
                let what: String
                let fix: String
                switch character {
                case " ":
                    (what, fix) = ("a space", "remove it, or write it as %20")
                case "{", "}":
                    (what, fix) = ("'\(character)'", "the only placeholders are {page}, {tab}, {after} and {before}")
                case _ where character.isWhitespace:
                    (what, fix) = ("a tab or line break", "remove it")
                default:
                    (what, fix) = ("'\(character)'", "write it as \(percentEncoded(character))")
                }
                throw DemoOptions.UsageError(
                    message: "--url has \(what) \(position), which a URL cannot hold; \(fix)")
            }
            index += 1
        }
    }

    /// Refuses a template whose URL has no host or a port out of range.
    private static func checkParts(of text: String) throws(DemoOptions.UsageError) {
        let sample = text.replacingAll("{page}", with: "1").replacingAll("{tab}", with: "all")
            .replacingAll("{after}", with: "cursor").replacingAll("{before}", with: "cursor")
        guard let components = URLComponents(string: sample), URL(string: sample) != nil else {
            throw DemoOptions.UsageError(message: "--url is not a valid URL: '\(text)'")
        }
        guard let host = components.host, !host.isEmpty else {
            throw DemoOptions.UsageError(
                message: "--url has no host, e.g. 'http://127.0.0.1:8080/list/{page}?tab={tab}', got '\(text)'")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw DemoOptions.UsageError(message: "--url has port \(port), but a port is 1...65535: '\(text)'")
        }
    }

    /// RFC 3986's unreserved and reserved characters (`%` is checked on its own).
    private static func isAllowedInURL(_ character: Character) -> Bool {
        guard character.isASCII, let ascii = character.asciiValue else { return false }
        return character.isLetter || character.isNumber || "-._~:/?#[]@!$&'()*+,;=".utf8.contains(ascii)
    }

    /// `%20` for a space, `%C3%A9` for `é`.
    private static func percentEncoded(_ character: Character) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(character).utf8.map { "%\(digits[Int($0 >> 4)])\(digits[Int($0 & 0xF)])" }.joined()
    }

    /// Whether the template has a `{tab}` placeholder.
    var hasTabPlaceholder: Bool { text.contains("{tab}") }

    /// The tabs the demo shows for this template: All / Unpaid / Shipped with `{tab}`, and one
    /// list (a single All tab) without it.
    ///
    /// A URL without `{tab}` names one list. Showing it as three tabs filled every tab with the
    /// same orders, which looks like a bug in the library. Refusing the URL would turn away the
    /// endpoints that really have a single list, which a user pointing the demo at their own
    /// server expects to just work. So the demo shows what the URL names, one list, and says on
    /// start that adding `{tab}` gives the three tabs, for the user who only forgot it.
    var tabs: [OrderTab] { hasTabPlaceholder ? OrderTab.standard : [.all] }

    /// One line for the start of a session that says why there is a single list, or `nil` when the
    /// template has `{tab}`.
    var singleListNote: String? {
        hasTabPlaceholder
            ? nil
            : "One list, no tabs: the URL has no {tab}. Put {tab} where your server takes a tab's name "
                + "(all, unpaid, shipped) for the three tabs, e.g. '"
                + (paging == .cursors ? ".../feed?tab={tab}&after={after}" : ".../list/{page}?tab={tab}") + "'."
    }

    /// How the template asks for pages: by number with `{page}`, by cursor with `{after}`.
    var paging: RefreshPolicy.Paging { text.contains("{after}") ? .cursors : .pageNumbers }

    /// Whether the template can ask for the items above the first page (`{before}`).
    var canLoadPrevious: Bool { text.contains("{before}") }

    /// One line for the start of a session that says newer items cannot be loaded above the
    /// first page, or `nil` when they can or the template pages by number.
    var noPreviousNote: String? {
        paging == .cursors && !canLoadPrevious
            ? "No newer items above the first page: the URL has no {before}. Add '&before={before}' where "
                + "your server takes the cursor of the newer items."
            : nil
    }

    /// The policy of a list paged through this template: page numbers of `pageSize`, or cursors.
    func policy(pageSize: Int = 10) -> RefreshPolicy {
        RefreshPolicy(pageSize: pageSize, paging: paging)
    }

    /// The URL of one page of one tab, as text.
    func expand(page: Int, tab: String) -> String {
        text.replacingAll("{page}", with: String(page)).replacingAll("{tab}", with: tab)
    }

    /// The URL a request asks for, as text: its page number in `{page}`; or, paged by cursor, its
    /// cursor in `{after}` (a load-more) or `{before}` (a load of the previous page). A query item
    /// whose cursor the request does not have (a refresh has none) is left out, and a cursor is
    /// percent-encoded.
    func expand(_ request: RefreshRequest, tab: String) -> String {
        guard paging == .cursors else { return expand(page: request.page, tab: tab) }
        let after = request.kind == .loadMore ? request.cursor : nil
        let before = request.kind == .loadPrevious ? request.cursor : nil
        let values = [
            "{after}": after.map(Self.percentEncodedQueryValue), "{before}": before.map(Self.percentEncodedQueryValue),
        ]
        let parts = URLParts(text)
        var query: [String] = []
        for item in parts.queryItems {
            if let placeholder = Self.cursorPlaceholders.first(where: { $0 == item.value.map(String.init) }) {
                guard let value = values[placeholder] ?? nil else { continue }
                query.append("\(item.name)=\(value)")
            } else {
                query.append(item.text)
            }
        }
        var url = parts.beforeQuery
        if !query.isEmpty {
            url += "?" + query.joined(separator: "&")
        }
        if let fragment = parts.fragment {
            url += "#" + fragment
        }
        return url.replacingAll("{tab}", with: tab)
    }

    /// A cursor as a query value: everything but RFC 3986's unreserved characters percent-encoded,
    /// so a base64 cursor's `=`, `+` and `/` reach the server as sent.
    static func percentEncodedQueryValue(_ value: String) -> String {
        var result = ""
        for character in value {
            if character.isASCII, character.isLetter || character.isNumber || "-._~".contains(character) {
                result.append(character)
            } else {
                result += percentEncoded(character)
            }
        }
        return result
    }

    var description: String { text }
}

/// A URL template cut at its `?` and `#`: what comes before the query, the query's items, the
/// fragment.
struct URLParts {
    /// One `name=value` item of the query.
    struct QueryItem {
        /// The item as written.
        let text: String
        /// What comes before the first `=`.
        var name: Substring { text.prefix { $0 != "=" } }
        /// What comes after the first `=`, or `nil` without one.
        var value: Substring? { text.firstIndex(of: "=").map { text[text.index(after: $0)...] } }
    }

    /// The scheme, host and path.
    let beforeQuery: String
    /// The query's items, in order, empty ones included.
    let queryItems: [QueryItem]
    /// What follows `#`, when there is a `#`.
    let fragment: String?

    /// Cuts a URL template.
    init(_ text: String) {
        let hash = text.firstIndex(of: "#")
        fragment = hash.map { String(text[text.index(after: $0)...]) }
        let beforeFragment = text[..<(hash ?? text.endIndex)]
        if let question = beforeFragment.firstIndex(of: "?") {
            beforeQuery = String(beforeFragment[..<question])
            queryItems = beforeFragment[beforeFragment.index(after: question)...]
                .split(separator: "&", omittingEmptySubsequences: false)
                .map { QueryItem(text: String($0)) }
        } else {
            beforeQuery = String(beforeFragment)
            queryItems = []
        }
    }
}

extension String {
    /// The string with every occurrence of `target` replaced (no Foundation needed).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
