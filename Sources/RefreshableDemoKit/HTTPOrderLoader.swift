import Foundation
import Refreshable

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads pages over HTTP with `URLSession`, from a server that answers like seed 002's API:
///
/// ```json
/// {"errorCode": 0, "errorMsg": "",
///  "data": {"curPage": 1, "pageCount": 3, "size": 10, "total": 23, "over": false,
///           "datas": [{"id": "all-1", "title": "All order #1"}]}}
/// ```
///
/// The page's `curPage`, `pageCount` and `total` (which may be missing) go into the ``RefreshPage``;
/// `pageCount` outranks `total`, so the library ends the list where `curPage == pageCount`. Any failure (a non-2xx status, a body that is not that
/// JSON, a non-zero `errorCode`, no answer) throws an ``OrderAPIError`` that says which.
/// Cancelling the calling task cancels the HTTP request.
struct HTTPOrderLoader: OrderLoader {
    /// The page URL template, with `{page}` and maybe `{tab}`.
    let template: URLTemplate
    /// The session; one per loader, without a cache.
    let session: URLSession

    /// Creates a loader.
    /// - Parameters:
    ///   - template: The page URL template.
    ///   - timeout: Seconds to wait for an answer before failing.
    init(template: URLTemplate, timeout: Double = 10) {
        self.template = template
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        self.session = URLSession(configuration: configuration)
    }

    func loadPage(_ request: RefreshRequest, of tab: OrderTab) async throws -> RefreshPage<Order> {
        let text = template.expand(page: request.page, tab: tab.name)
        guard let url = URL(string: text) else {
            throw OrderAPIError.transport(path: text, detail: "not a valid URL")
        }
        let (data, status) = try await fetch(url)
        return try Self.decodePage(data, status: status, path: Self.shortPath(of: url))
    }

    /// Turns an HTTP answer into a page, or throws the ``OrderAPIError`` that says what is wrong.
    /// - Parameters:
    ///   - data: The body.
    ///   - status: The HTTP status code.
    ///   - path: The URL's path and query, for messages.
    static func decodePage(_ data: Data, status: Int, path: String) throws -> RefreshPage<Order> {
        guard (200..<300).contains(status) else {
            let envelope = try? JSONDecoder().decode(ErrorEnvelope.self, from: data)
            throw OrderAPIError.httpStatus(status, message: envelope?.errorMsg, path: path)
        }
        guard !data.isEmpty else {
            throw OrderAPIError.emptyBody(path: path)
        }
        let envelope: PageEnvelope
        do {
            envelope = try JSONDecoder().decode(PageEnvelope.self, from: data)
        } catch {
            throw OrderAPIError.malformedJSON(path: path, detail: describe(error))
        }
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

    private func fetch(_ url: URL) async throws -> (Data, Int) {
        let path = Self.shortPath(of: url)
        let handle = DataTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, Int), any Error>) in
                let task = session.dataTask(with: url) { data, response, error in
                    if let error {
                        if (error as? URLError)?.code == .cancelled {
                            continuation.resume(throwing: CancellationError())
                        } else {
                            continuation.resume(
                                throwing: OrderAPIError.transport(path: path, detail: error.localizedDescription)
                            )
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
