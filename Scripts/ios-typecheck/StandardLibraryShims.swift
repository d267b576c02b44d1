// Shims for Scripts/ios-typecheck.sh only: never compiled into the package.
//
// The iPhoneOS 17.4 SDK carries the Swift 5.10 standard library. A current Xcode (Swift 6) ships a
// newer one whose members the package uses; each shim below declares one of those members, with the
// signature of the Swift 6 standard library, so that the check reports only real errors. Each
// member is back-deployed (`@_alwaysEmitIntoClient`) in Swift 6, so an app built with Xcode 16 at
// any deployment target has it.

extension Optional {
    /// `Optional.take()` (SE-0437, Swift 6.0 standard library, emitted into the client).
    @usableFromInline
    mutating func take() -> Wrapped? {
        let value = self
        self = nil
        return value
    }
}
