import Foundation
import RefreshableFuzzing
import RefreshableTesting

/// Prints the seed of the episode that was running when the process traps (a `fatalError`, a
/// failed precondition, an overflow), with the command that replays it: a trap cannot be caught,
/// so the fuzz cannot shrink it, but the episode replays exactly from its seed.
enum TrapReport {
    private static let capacity = 512
    // Written on the main actor before each episode, read only by the signal handler, which runs
    // on the thread that trapped: the main thread, whose episode write finished before it ran.
    nonisolated(unsafe) private static let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
    nonisolated(unsafe) private static var length = 0

    /// Installs the handler for the signals a trap raises.
    static func install() {
        for signal in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS] {
            Foundation.signal(signal, handle)
        }
    }

    /// Records the episode about to run, for the report.
    static func episode(_ target: FuzzTarget, seed: UInt64, length: Int) {
        let seedText = "0x" + String(seed, radix: 16)
        let text =
            Array(
                "\nRefreshableFuzz: trapped in the \(target) episode of seed \(seedText) (\(length) steps).\n"
                    .utf8CString.dropLast())
            + Array(
                "Replay: swift run -c release RefreshableFuzz --replay \(target):\(seedText):\(length)\n".utf8CString)
        let count = min(text.count - 1, capacity)
        text.withUnsafeBufferPointer { source in
            buffer.update(from: source.baseAddress!, count: count)
        }
        Self.length = count
    }

    private static let handle: @convention(c) (Int32) -> Void = { signal in
        _ = write(2, TrapReport.buffer, TrapReport.length)
        Foundation.signal(signal, SIG_DFL)
        raise(signal)
    }
}
