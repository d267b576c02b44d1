/// Stops with `message` when `condition` is false: for programmer errors only, never for server input.
///
/// Unlike `precondition`, whose message optimized builds drop, `fatalError` keeps the message in
/// release builds too, so the crash report says what to fix.
@usableFromInline
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        fatalError(message())
    }
}
