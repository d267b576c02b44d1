/// Why a load failed: the error value a source keeps after a failure (see
/// <doc:Rules#Failures>).
///
/// A failure never changes the source's items or committed page; the source keeps it in
/// ``RefreshState/failure`` until the next success.
public struct RefreshFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The loader threw; the payload is what the user reads for the error: by default the
        /// error's own description (``RefreshFailure/defaultDescription(of:)``), or the words of
        /// ``RefreshRuntime/failureMessage``.
        case loaderFailed(String)
        /// The server answered, but the answer contradicts itself or the request.
        case invalidResponse(InvalidResponse)
        /// The answer was refused because the loads in its direction stopped moving the list: it
        /// was the last of ``RefreshPolicy/maxLoadsWithoutProgress`` loads in a row that brought no
        /// row the list does not hold, or asked with a cursor the list had followed already (see
        /// <doc:Rules#Progress>). Nothing loads in that direction by itself until the user asks
        /// again (a pull on the footer, ``RefreshRuntime/retryNow()``, a refresh).
        case noProgress
        /// The load started while the app had said the list is offline
        /// (``RefreshRuntime/setOnline(_:)``): it failed at once, without asking the loader, and
        /// the items stay. Coming back online asks again (see <doc:Rules#Rules-of-the-features>,
        /// rule O).
        case offline
    }

    /// A hostile or inconsistent server answer that is refused rather than applied.
    public enum InvalidResponse: Sendable, Hashable {
        /// `pageCount` was zero or negative.
        case nonPositivePageCount(Int)
        /// `curPage` was greater than `pageCount`.
        case currentPageBeyondPageCount(curPage: Int, pageCount: Int)
        /// The server answered a different page than the one asked for (a duplicate page, for example).
        case pageMismatch(requested: Int, received: Int)
        /// The total item count was negative.
        case negativeTotalCount(Int)
        /// `curPage` maps to no page number: subtracting the policy's
        /// ``RefreshPolicy/curPageOffset`` from it does not fit in an `Int`.
        case curPageOutOfRange(curPage: Int, curPageOffset: Int)
        /// Under cursor paging, the cursor a page gave to continue with (``RefreshPage/nextCursor``,
        /// or ``RefreshPage/previousCursor`` for a load of the previous page) was the cursor it was
        /// asked with: following it would load the same page forever.
        case repeatedCursor(String)
        /// A refresh around the position (see ``RefreshPolicy/refreshesAroundPosition``) asked for
        /// this page, and it came back empty: the page the user was on is gone (the list shrank,
        /// or the server no longer knows the cursor). The list loads its first page instead.
        case positionGone(page: Int)
    }

    /// The request that failed.
    public let request: RefreshRequest
    /// What went wrong.
    public let reason: Reason
    /// The error the loader threw, when there was one. Not part of equality.
    public let underlyingError: (any Error)?
    /// The words ``RefreshRuntime/failureMessage`` gave for a failure whose reason carries none
    /// (a refused answer); `nil` for the default message. Not part of equality.
    let describedMessage: String?

    /// Creates a failure.
    /// - Parameters:
    ///   - request: The request that failed.
    ///   - reason: What went wrong.
    ///   - underlyingError: The thrown error, if any.
    public init(request: RefreshRequest, reason: Reason, underlyingError: (any Error)? = nil) {
        self.init(request: request, reason: reason, underlyingError: underlyingError, describedMessage: nil)
    }

    init(request: RefreshRequest, reason: Reason, underlyingError: (any Error)?, describedMessage: String?) {
        self.request = request
        self.reason = reason
        self.underlyingError = underlyingError
        self.describedMessage = describedMessage
    }

    /// The same failure, read as `message`.
    func described(as message: String) -> RefreshFailure {
        RefreshFailure(request: request, reason: reason, underlyingError: underlyingError, describedMessage: message)
    }

    /// Wraps an error thrown by a loader: a ``RefreshFailure`` keeps its reason, anything else
    /// becomes ``Reason/loaderFailed(_:)`` with ``defaultDescription(of:)``. A `CancellationError`
    /// is no failure: ``RefreshSources/fail(_:error:describedAs:)`` ends the load without one.
    /// - Parameters:
    ///   - error: The thrown error.
    ///   - request: The request that failed.
    public init(wrapping error: any Error, for request: RefreshRequest) {
        self.init(wrapping: error, for: request, describedAs: Self.defaultDescription(of: error))
    }

    /// What a user reads for an error unless told otherwise: a ``RefreshFailure``'s own
    /// ``message``; the error's own `description` when it has one (it conforms to
    /// `CustomStringConvertible`, so `"网络错误"` reads as it is written); else
    /// ``genericMessage``, never a dump of the error's value. The glue products put
    /// `LocalizedError.errorDescription` first (`RefreshFailure.localizedMessage(for:)`), and any
    /// front door takes your own words where you make it (``RefreshRuntime/failureMessage``).
    /// - Parameter error: The thrown error.
    /// - Returns: The message.
    public static func defaultDescription(of error: any Error) -> String {
        if let failure = error as? RefreshFailure {
            return failure.message
        }
        if let described = (error as? any CustomStringConvertible)?.description, !described.isEmpty {
            return described
        }
        return genericMessage
    }

    /// What a user reads for a thrown error that has no words of its own: "Loading failed.
    /// Please try again."
    public static let genericMessage = "Loading failed. Please try again."

    /// Wraps an error thrown by a loader, as ``init(wrapping:for:)`` does, with the text a user
    /// reads for it (see ``RefreshRuntime/failureMessage``).
    /// - Parameters:
    ///   - error: The thrown error.
    ///   - request: The request that failed.
    ///   - description: The whole message the user reads for the error (``message``).
    public init(wrapping error: any Error, for request: RefreshRequest, describedAs description: String) {
        if let failure = error as? RefreshFailure {
            self.init(
                request: request, reason: failure.reason, underlyingError: failure.underlyingError,
                describedMessage: description == failure.message ? failure.describedMessage : description)
        } else {
            self.init(request: request, reason: .loaderFailed(description), underlyingError: error)
        }
    }

    /// A one-line message fit to show a user or a log: the words of ``RefreshRuntime/failureMessage``
    /// when a runtime recorded the failure, else the default for its reason (for a thrown error,
    /// ``defaultDescription(of:)``).
    public var message: String {
        if let describedMessage {
            return describedMessage
        }
        switch reason {
        case .loaderFailed(let text):
            return text
        case .invalidResponse(let invalid):
            return "The server's answer was refused: \(invalid.explanation)"
        case .noProgress:
            return "Loading stopped: the last pages brought nothing new."
        case .offline:
            return "You are offline."
        }
    }

    /// The request and the message.
    public var description: String { "\(request): \(message)" }

    /// Two failures are equal when their requests and reasons are; the underlying error is not compared.
    public static func == (lhs: RefreshFailure, rhs: RefreshFailure) -> Bool {
        lhs.request == rhs.request && lhs.reason == rhs.reason
    }

    /// Hashes the request and the reason, the parts that equality compares.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(request)
        hasher.combine(reason)
    }
}

extension RefreshFailure.InvalidResponse {
    /// A sentence saying what the server got wrong.
    public var explanation: String {
        switch self {
        case .nonPositivePageCount(let count):
            return "pageCount is \(count), but a list has at least one page."
        case .currentPageBeyondPageCount(let curPage, let pageCount):
            return "curPage \(curPage) is beyond pageCount \(pageCount)."
        case .pageMismatch(let requested, let received):
            return "page \(requested) was asked for, but page \(received) came back."
        case .negativeTotalCount(let total):
            return "the total count is \(total)."
        case .curPageOutOfRange(let curPage, let offset):
            return
                "curPage \(curPage) is no page of this list (its pages are answered as the page asked for plus \(offset))."
        case .repeatedCursor(let cursor):
            return "the answer names \"\(cursor)\" as the page to ask for next, the cursor this page was "
                + "asked with: it would load the same page again."
        case .positionGone(let page):
            return "page \(page), the page the list was refreshed around, came back empty."
        }
    }
}
