import Foundation
import Refreshable

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads pages over HTTP with `URLSession`, from a server that answers paged JSON like WanAndroid's (a public
/// developer-community API that many paging tutorials use):
///
/// ```json
/// {"errorCode": 0, "errorMsg": "",
///  "data": {"curPage": 1, "pageCount": 3, "size": 10, "total": 23, "over": false,
///           "datas": [{"id": "all-1", "title": "All order #1"}]}}
/// ```
///
/// The page's `curPage`, `pageCount` and `total` (which may be missing) go into the ``RefreshPage``;
/// `pageCount` outranks `total`, so the library ends the list where `curPage == pageCount`.
///
/// A template with `{after}` pages by cursor instead, from a server that answers like
/// `Tools/paged-server`'s `/feed`:
///
/// ```json
/// {"items": [{"id": "all-23", "title": "All post #23"}], "nextCursor": "aWQ6MTQ=", "previousCursor": "aWQ6MjM="}
/// ```
///
/// `nextCursor` (older items; `null` or missing at the end) and `previousCursor` (newer items
/// above) go into the page; an empty cursor counts as none. Without `{before}` in the template the
/// previous cursor is left out, so the library never asks for newer items the URL cannot name.
///
/// Any failure (a non-2xx status, a body that is not that JSON, a non-zero `errorCode`, no answer)
/// throws an ``OrderAPIError`` that says which. Cancelling the calling task cancels the HTTP request.
struct HTTPOrderLoader: OrderLoader {
    /// The page URL template, with `{page}` or `{after}`, and maybe `{before}` and `{tab}`.
    let template: URLTemplate
    /// The session; one per loader, without a cache.
    let session: URLSession
    /// Seconds to wait for an answer before failing: the timeout asked for, rounded up to whole
    /// seconds where Foundation's URLSession is swift-corelibs-foundation (Linux, Windows).
    let timeout: Double

    /// Creates a loader.
    /// - Parameters:
    ///   - template: The page URL template.
    ///   - timeout: Seconds to wait for an answer before failing.
    init(template: URLTemplate, timeout: Double = 10) {
        self.template = template
        #if canImport(FoundationNetworking)
            // swift-corelibs-foundation drops the fraction of a request timeout (1.5 waits 1 s), so
            // one under a second fails every request at once with "timed out". Round up instead.
            self.timeout = max(1, timeout.rounded(.up))
        #else
            self.timeout = timeout
        #endif
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = self.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        self.session = URLSession(configuration: configuration)
    }

    func loadPage(_ request: RefreshRequest, of tab: OrderTab) async throws -> RefreshPage<Order> {
        let text = template.expand(request, tab: tab.name)
        guard let url = URL(string: text) else {
            throw OrderAPIError.transport(path: text, detail: "not a valid URL")
        }
        let (data, status) = try await fetch(url)
        let path = Self.shortPath(of: url)
        switch template.paging {
        case .pageNumbers:
            return try Self.decodePage(data, status: status, path: path)
        case .cursors:
            let page = try Self.decodeCursorPage(data, status: status, path: path)
            guard template.canLoadPrevious else {
                return RefreshPage(items: page.items, nextCursor: page.nextCursor)
            }
            return page
        }
    }

    /// Decodes a successful HTTP answer's body, or throws the ``OrderAPIError`` that says what is
    /// wrong: an error status (with the server's `errorMsg` when it sent one), an empty body, or JSON
    /// that is not a `Body`.
    /// - Parameters:
    ///   - type: What the body holds.
    ///   - data: The body.
    ///   - status: The HTTP status code.
    ///   - path: The URL's path and query, for messages.
    static func decodeBody<Body: Decodable>(_ type: Body.Type, from data: Data, status: Int, path: String) throws
        -> Body
    {
        guard (200..<300).contains(status) else {
            let envelope = try? JSONDecoder().decode(ErrorEnvelope.self, from: data)
            throw OrderAPIError.httpStatus(status, message: envelope?.errorMsg, path: path)
        }
        guard !data.isEmpty else {
            throw OrderAPIError.emptyBody(path: path)
        }
        do {
            return try JSONDecoder().decode(Body.self, from: data)
        } catch {
            throw OrderAPIError.malformedJSON(path: path, detail: describe(error))
        }
    }

    /// Turns an HTTP answer of a server paged by cursor into a page, or throws the
    /// ``OrderAPIError`` that says what is wrong.
    /// - Parameters:
    ///   - data: The body: `{"items": [...], "nextCursor": "...", "previousCursor": "..."}`.
    ///   - status: The HTTP status code.
    ///   - path: The URL's path and query, for messages.
    static func decodeCursorPage(_ data: Data, status: Int, path: String) throws -> RefreshPage<Order> {
        let page = try decodeBody(CursorPage.self, from: data, status: status, path: path)
        let cursor: (String?) -> String? = { $0?.isEmpty == false ? $0 : nil }
        return RefreshPage(
            items: page.items, nextCursor: cursor(page.nextCursor), previousCursor: cursor(page.previousCursor))
    }

    /// Turns an HTTP answer into a page, or throws the ``OrderAPIError`` that says what is wrong.
    /// - Parameters:
    ///   - data: The body.
    ///   - status: The HTTP status code.
    ///   - path: The URL's path and query, for messages.
    static func decodePage(_ data: Data, status: Int, path: String) throws -> RefreshPage<Order> {
        let envelope = try decodeBody(PageEnvelope.self, from: data, status: status, path: path)
        guard envelope.errorCode == 0 else {
            throw OrderAPIError.serverError(code: envelope.errorCode, message: envelope.errorMsg ?? "", path: path)
        }
        guard let page = envelope.data else {
            throw OrderAPIError.missingData(path: path)
        }
        // `over` is deliberately not used: the end of the list comes from curPage == pageCount.
        return RefreshPage(items: page.datas, curPage: page.curPage, pageCount: page.pageCount, totalCount: page.total)
    }

    /// `/list/2?tab=all` for `http://127.0.0.1:8080/list/2?tab=all`.
    static func shortPath(of url: URL) -> String {
        let query = url.query.map { "?\($0)" } ?? ""
        let path = url.path.isEmpty ? "/" : url.path
        return path + query
    }

    /// Fetches `url` within ``timeout`` for the whole request. On Apple platforms URLSession's request
    /// timeout only bounds the wait between two bytes, so a server that sends one byte a second
    /// would hold a request for as long as it likes; this deadline holds on every platform.
    private func fetch(_ url: URL) async throws -> (Data, Int) {
        let path = Self.shortPath(of: url)
        let timeout = self.timeout
        return try await withThrowingTaskGroup(of: (Data, Int).self) { group in
            group.addTask { try await fetchWithoutDeadline(url) }
            group.addTask {
                // At most a year: any longer is no deadline, and the nanoseconds stay in range.
                try await Task.sleep(nanoseconds: UInt64(min(timeout, 31_536_000) * 1_000_000_000))
                throw OrderAPIError.transport(
                    path: path, detail: "the request timed out after \(Self.seconds(timeout))")
            }
            // The first to finish wins; leaving the group cancels the other (the data task with it).
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }

    private func fetchWithoutDeadline(_ url: URL) async throws -> (Data, Int) {
        let path = Self.shortPath(of: url)
        let handle = DataTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, Int), any Error>) in
                let task = session.dataTask(with: url) { data, response, error in
                    if let error {
                        if (error as? URLError)?.code == .cancelled {
                            continuation.resume(throwing: CancellationError())
                        } else {
                            let detail = Self.describeTransportError(error, url: url, timeout: timeout)
                            continuation.resume(throwing: OrderAPIError.transport(path: path, detail: detail))
                        }
                        return
                    }
                    guard let response = response as? HTTPURLResponse else {
                        continuation.resume(throwing: OrderAPIError.transport(path: path, detail: "not an HTTP answer"))
                        return
                    }
                    continuation.resume(returning: (data ?? Data(), response.statusCode))
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }

    /// Why a request got no HTTP answer, in words: `the request timed out after 10 s`, `could not
    /// connect to 127.0.0.1:8080 (is the server running?)`. Foundation's own `localizedDescription`
    /// is no help here: on Linux it reads `The operation could not be completed. (NSURLErrorDomain
    /// error -1001.)`.
    /// - Parameters:
    ///   - error: What the data task failed with.
    ///   - url: The URL it asked for, for the host and port.
    ///   - timeout: The request timeout, in seconds.
    static func describeTransportError(_ error: any Error, url: URL, timeout: Double) -> String {
        let host = url.host ?? "the server"
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        let server = "\(shownHost):\(port)"
        guard let code = urlErrorCode(of: error) else {
            return "the request failed: \(error.localizedDescription)"
        }
        switch code {
        case .timedOut:
            return "the request timed out after \(seconds(timeout))"
        case .cannotConnectToHost:
            return "could not connect to \(server) (is the server running?)"
        case .cannotFindHost, .dnsLookupFailed:
            return "could not find the host \(shownHost)"
        case .networkConnectionLost:
            return "the connection to \(server) was lost before the answer came"
        case .notConnectedToInternet:
            return "this machine is not connected to a network"
        case .badServerResponse, .cannotParseResponse:
            return "\(server) did not answer with valid HTTP"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired:
            return "could not make a secure connection to \(server)"
        case .httpTooManyRedirects:
            return "\(server) redirected too many times"
        case .redirectToNonExistentLocation:
            return "\(server) redirected to a location that does not exist"
        case .userAuthenticationRequired, .userCancelledAuthentication:
            return "\(server) asks for a login, which the demo cannot give"
        case .unsupportedURL where ["http", "https"].contains(url.scheme?.lowercased()):
            // curl (under Foundation on Linux) reports an answer that is not HTTP at all this way.
            return "\(server) did not answer with HTTP"
        case .unsupportedURL, .badURL:
            return "the URL \(url.absoluteString) cannot be requested"
        case .dataLengthExceedsMaximum:
            return "the answer from \(server) is too large"
        default:
            return "the request to \(server) failed (URL error \(code.rawValue))"
        }
    }

    /// The `URLError` code of a data task's error, whether it comes as a `URLError` or as an
    /// `NSError` in `NSURLErrorDomain`.
    private static func urlErrorCode(of error: any Error) -> URLError.Code? {
        if let urlError = error as? URLError {
            return urlError.code
        }
        let nsError = error as NSError
        return nsError.domain == NSURLErrorDomain ? URLError.Code(rawValue: nsError.code) : nil
    }

    /// `10 s`, `0.5 s`.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value)) s" : "\(value) s"
    }

    private static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .dataCorrupted(let context):
            return context.underlyingError.map { "not JSON (\($0.localizedDescription))" } ?? context.debugDescription
        case .keyNotFound(let key, let context):
            return "no \"\(key.stringValue)\" at \(codingPath(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(context.debugDescription) at \(codingPath(context))"
        @unknown default:
            return "\(error)"
        }
    }

    private static func codingPath(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return path.isEmpty ? "the top level" : path
    }

    private struct PageEnvelope: Decodable {
        let errorCode: Int
        let errorMsg: String?
        let data: PageData?
    }

    private struct PageData: Decodable {
        let curPage: Int
        let pageCount: Int
        let total: Int?
        let datas: [Order]
    }

    private struct CursorPage: Decodable {
        let items: [Order]
        let nextCursor: String?
        let previousCursor: String?
    }

    private struct ErrorEnvelope: Decodable {
        let errorMsg: String?
    }
}

/// A data task that may be cancelled before or after it starts, from any thread.
private final class DataTaskHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelled = isCancelled
        lock.unlock()
        if cancelled {
            task.cancel()
        }
        task.resume()
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        let task = task
        lock.unlock()
        task?.cancel()
    }
}
