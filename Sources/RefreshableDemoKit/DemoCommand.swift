import Foundation
import Refreshable

/// The `refreshable-demo` command: parses the arguments and runs the scripted session, the HTTP
/// tour or the interactive mode. `main.swift` is one call to ``run(arguments:)``.
public enum DemoCommand {
    /// Runs the demo with the process's standard input, output and error.
    /// - Parameter arguments: The arguments after the program name.
    /// - Returns: The exit status: 0 success, 1 a load or check failed, 2 bad usage.
    @MainActor
    public static func run(arguments: [String]) async -> Int32 {
        await run(arguments: arguments, io: .standard)
    }

    /// Runs the demo with the given input and output.
    @MainActor
    static func run(arguments: [String], io: DemoIO) async -> Int32 {
        let options: DemoOptions
        do {
            options = try DemoOptions.parse(arguments)
        } catch {
            io.writeError("refreshable-demo: \(error)")
            return 2
        }
        switch options.mode {
        case .help:
            io.write(DemoOptions.helpText)
            return 0
        case .scripted:
            let session = ScriptedSession(seed: options.seed, write: io.write)
            // The session runs in well under a second. Should an answer never settle (a bug),
            // cancelling ends every wait, the checks fail and the demo exits 1 instead of hanging.
            let run = Task { await session.run() }
            let watchdog = Task {
                try await Task.sleep(nanoseconds: 60 * 1_000_000_000)
                io.writeError("refreshable-demo: the scripted session did not finish within 60 s; stopping it.")
                run.cancel()
            }
            let succeeded = await run.value
            watchdog.cancel()
            return succeeded ? 0 : 1
        case .httpTour:
            guard let template = options.url else { return 2 }
            let tour = HTTPTour(loader: HTTPOrderLoader(template: template, timeout: options.timeout), write: io.write)
            return await tour.run() ? 0 : 1
        case .interactive:
            guard io.stdinIsTerminal else {
                io.writeError(
                    "refreshable-demo: --interactive reads keys from a terminal, but stdin is not one. "
                        + "Run it in a terminal, or drop --interactive for the scripted session (see --help)."
                )
                return 2
            }
            let session: InteractiveSession
            if let template = options.url {
                io.write("Interactive, over HTTP: \(template)")
                for note in [template.singleListNote, template.noPreviousNote].compactMap(\.self) {
                    io.write(note)
                }
                session = InteractiveSession(
                    loader: HTTPOrderLoader(template: template, timeout: options.timeout),
                    tabs: template.tabs,
                    policy: template.policy(),
                    identity: .id(),
                    write: io.write
                )
            } else {
                io.write(
                    "Interactive, on the embedded API (All 23 orders, Unpaid 7, Shipped 20; real latencies of 80-400 ms)."
                )
                session = InteractiveSession(
                    loader: EmbeddedOrderAPI(seed: options.seed, timing: .realTime), identity: .id(), write: io.write)
            }
            session.stateFile = options.stateFile.map(StateFile.init(path:))
            await session.run(lines: io.lines())
            return 0
        }
    }
}

/// Where the demo reads and writes: the process's standard streams, or a test's.
struct DemoIO {
    /// Writes a line to the output.
    let write: (String) -> Void
    /// Writes a line to the error output.
    let writeError: (String) -> Void
    /// Whether input comes from a terminal (interactive mode needs one).
    let stdinIsTerminal: Bool
    /// The lines of input, read off the main actor.
    let lines: () -> AsyncStream<String>

    /// The process's standard streams.
    static var standard: DemoIO {
        DemoIO(
            // Unbuffered writes: output shows at once even when piped, and never waits on a lock
            // that readLine() holds on stdin (as fflush(NULL) would).
            write: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) },
            writeError: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) },
            stdinIsTerminal: isatty(STDIN_FILENO) != 0,
            lines: {
                let (stream, continuation) = AsyncStream<String>.makeStream()
                // readLine() blocks, so it runs on its own thread, never on the main actor or the pool.
                let reader = Thread {
                    while let line = readLine() {
                        continuation.yield(line)
                    }
                    continuation.finish()
                }
                reader.start()
                return stream
            }
        )
    }
}
