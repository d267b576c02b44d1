#if canImport(Foundation)
    internal import Foundation
    public import Refreshable

    extension RefreshFailure {
        /// The words a user reads for a failure, Foundation's first: a thrown error's
        /// `LocalizedError.errorDescription` when it has one, the system's localised words for a
        /// system error (`URLError`, `CocoaError`, an `NSError`: "The Internet connection appears
        /// to be offline."), else the failure's own ``Refreshable/RefreshFailure/message`` (an error's
        /// own description, or a plain sentence).
        ///
        /// Give it to any list where you make it:
        ///
        /// ```swift
        /// let refreshStatus = RefreshRuntime<Order>(
        ///     noMoreTitles: ["No more orders"], failureMessage: RefreshFailure.localizedMessage(for:))
        /// ```
        /// - Parameter failure: The failure to word.
        /// - Returns: The message.
        public static func localizedMessage(for failure: RefreshFailure) -> String {
            guard case .loaderFailed = failure.reason, let error = failure.underlyingError else {
                return failure.message
            }
            if let described = (error as? any LocalizedError)?.errorDescription, !described.isEmpty {
                return described
            }
            // The system's errors: bridged ones (`URLError`, `CocoaError`) and `NSError`s from
            // Objective-C, whose own description is a developer's.
            if error is any CustomNSError || type(of: error) is NSError.Type {
                return error.localizedDescription
            }
            return failure.message
        }
    }
#endif
