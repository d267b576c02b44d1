// Shim S5 of Scripts/ios-typecheck.sh, for the check only: Swift Testing is not in the iPhoneOS 17.4
// SDK (Xcode 16 brings it). The script turns `#expect(` and `#require(` into calls of these
// functions, whose shapes follow Swift Testing's macros, so the rest of a test snippet is typechecked
// against the real SDK as written.

func shimExpect(_ condition: Bool, _ comment: @autoclosure () -> String? = nil) {}

func shimRequire<T>(_ optionalValue: T?, _ comment: @autoclosure () -> String? = nil) throws -> T {
    guard let optionalValue else { throw RequirementFailed() }
    return optionalValue
}

func shimRequire(_ condition: Bool, _ comment: @autoclosure () -> String? = nil) throws {}

@discardableResult
func shimRequire<E: Error>(
    throws errorType: E.Type, _ comment: @autoclosure () -> String? = nil,
    performing expression: () async throws -> Void
) async throws -> E {
    do {
        try await expression()
    } catch let error as E {
        return error
    }
    throw RequirementFailed()
}

struct RequirementFailed: Error {}

/// Swift Testing's `Issue.record(_:)`, in the shape the snippets call it.
enum Issue {
    static func record(_ comment: String) {}
}
