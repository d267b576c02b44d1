import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Tools/paged-server/paged_server.py`, started on a free loopback port for one test and stopped
/// (and checked to be gone) afterwards. Use ``withPagedServer(items:pageSize:_:)``.
// Immutable after start; Process and Pipe are thread-safe for the calls made here.
final class PagedServer: @unchecked Sendable {
    enum Failure: Error, CustomStringConvertible {
        case python3NotFound(path: String)
        case scriptNotFound(String)
        case didNotStart(String)
        case badAnswer(String)

        var description: String {
            switch self {
            case .python3NotFound(let path):
                return "python3 was not found on PATH (\(path)). The HTTP integration tests run the local paged "
                    + "server Tools/paged-server/paged_server.py with it; install Python 3 or put it on PATH."
            case .scriptNotFound(let path):
                return "the paged server script is missing at \(path)"
            case .didNotStart(let detail):
                return "the paged server did not start: \(detail)"
            case .badAnswer(let detail):
                return "the paged server answered unexpectedly: \(detail)"
            }
        }
    }

    /// `http://127.0.0.1:<port>`.
    let baseURL: String
    /// The port it listens on.
    let port: Int
    private let process: Process
    private let stdin: Pipe
    private let logPath: String

    private init(baseURL: String, port: Int, process: Process, stdin: Pipe, logPath: String) {
        self.baseURL = baseURL
        self.port = port
        self.process = process
        self.stdin = stdin
        self.logPath = logPath
    }

    /// Whether the server process is still running.
    var isRunning: Bool { process.isRunning }

    /// The page URL template for the demo's loader, with extra query items.
    func template(_ query: String = "") -> String {
        "\(baseURL)/list/{page}?tab={tab}\(query.isEmpty ? "" : "&\(query)")"
    }

    /// The cursor-paged feed's URL template for the demo's loader: `/feed`, with `{after}` and,
    /// unless `before` is false, `{before}`.
    func feedTemplate(before: Bool = true, _ query: String = "") -> String {
        "\(baseURL)/feed?tab={tab}&after={after}\(before ? "&before={before}" : "")\(query.isEmpty ? "" : "&\(query)")"
    }

    /// Starts a server and waits (up to 30 s) for its `LISTENING` line.
    static func start(items: Int, pageSize: Int) async throws -> PagedServer {
        let python = try findPython3()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let script = root.appendingPathComponent("Tools/paged-server/paged_server.py").path
        guard FileManager.default.fileExists(atPath: script) else { throw Failure.scriptNotFound(script) }

        let logPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("paged-server-\(UUID().uuidString).log").path
        guard FileManager.default.createFile(atPath: logPath, contents: nil) else {
            throw Failure.didNotStart("cannot create the log file \(logPath)")
        }
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        // A server started by hand runs until interrupted and never reads stdin; this one must not
        // outlive the tests, so it exits when its stdin pipe closes (``stop()``, or this process
        // dying), after 2 idle minutes, or after 10 minutes in any case.
        process.arguments = [
            script, "--port", "0", "--items", String(items), "--page-size", String(pageSize),
            "--exit-on-stdin-eof", "--idle-timeout", "120", "--max-lifetime", "600",
        ]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = log
        try process.run()
        try? log.close()

        let line: String?
        do {
            line = try await firstLine(of: stdout.fileHandleForReading, timeoutSeconds: 30) {
                process.terminate()
            }
        } catch {
            process.terminate()
            throw Failure.didNotStart("\(error); log: \(tail(of: logPath))")
        }
        guard let line, line.hasPrefix("LISTENING "),
            let port = line.split(separator: ":").last.flatMap({ Int($0) })
        else {
            process.terminate()
            throw Failure.didNotStart(
                "first line was \(line.map { "'\($0)'" } ?? "nothing"); log: \(tail(of: logPath))")
        }
        let baseURL = String(line.dropFirst("LISTENING ".count))
        return PagedServer(baseURL: baseURL, port: port, process: process, stdin: stdin, logPath: logPath)
    }

    /// Stops the server: closes its stdin (it exits on EOF), sends SIGTERM, waits up to 15 s,
    /// then SIGKILL. Returns whether it is gone.
    @discardableResult
    func stop() async -> Bool {
        closeStdin()
        if process.isRunning {
            process.terminate()
        }
        await waitForExit(timeoutSeconds: 15)
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            for _ in 0..<100 where process.isRunning {
                try? await Task.sleep(nanoseconds: 50_000_000)
            }
        }
        try? FileManager.default.removeItem(atPath: logPath)
        return !process.isRunning
    }

    /// Closes the server's stdin pipe, which `--exit-on-stdin-eof` makes it take as "exit now".
    func closeStdin() {
        try? stdin.fileHandleForWriting.close()
    }

    /// Waits until the process has exited, for at most `timeoutSeconds`.
    /// - Returns: Whether it has exited.
    @discardableResult
    func waitForExit(timeoutSeconds: Double) async -> Bool {
        for _ in 0..<Int(timeoutSeconds * 20) where process.isRunning {
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return !process.isRunning
    }

    /// `POST /control` with a JSON body, such as `{"failNext": 1, "fault": "500"}`.
    func control(_ json: String) async throws {
        var request = URLRequest(url: URL(string: "\(baseURL)/control")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(json.utf8)
        let (data, status) = try await Self.send(request)
        guard status == 200 else {
            throw Failure.badAnswer("POST /control \(json): \(status) \(String(decoding: data, as: UTF8.self))")
        }
    }

    /// What `GET /stats` says.
    struct Stats: Decodable {
        /// The page numbers of the last `/list` requests, oldest first.
        let lastPages: [Int]
        /// Requests being answered now, this `/stats` call included.
        let inFlight: Int
        /// The page numbers of the `/list` requests being answered now.
        let inFlightPages: [Int]
        /// How many `/list` requests `holdPage` is holding until ``release()``.
        let held: Int
    }

    /// Polls `GET /stats` until `condition` holds, for at most `timeoutSeconds` (a generous bound for
    /// slow machines, not a timing assertion).
    /// - Returns: The stats that satisfied the condition.
    /// - Throws: ``Failure/badAnswer(_:)`` with the last stats when the condition never held.
    @discardableResult
    func waitForStats(
        timeoutSeconds: Double = 30,
        until condition: @Sendable (Stats) -> Bool
    ) async throws -> Stats {
        let polls = Int(timeoutSeconds * 50)
        var last = try await stats()
        for _ in 0..<polls where !condition(last) {
            try await Task.sleep(nanoseconds: 20_000_000)
            last = try await stats()
        }
        guard condition(last) else {
            throw Failure.badAnswer("the stats never matched within \(timeoutSeconds) s; last: \(last)")
        }
        return last
    }

    /// `POST /control {"release": true}`: answers the requests held by `holdPage`.
    func release() async throws {
        try await control(#"{"release": true}"#)
    }

    /// `GET /stats`.
    func stats() async throws -> Stats {
        let (data, status) = try await Self.send(URLRequest(url: URL(string: "\(baseURL)/stats")!))
        guard status == 200 else { throw Failure.badAnswer("GET /stats: \(status)") }
        return try JSONDecoder().decode(Stats.self, from: data)
    }

    /// Whether anything answers `GET /health` on the server's port.
    func answersHealthCheck() async -> Bool {
        var request = URLRequest(url: URL(string: "\(baseURL)/health")!)
        request.timeoutInterval = 5
        return (try? await Self.send(request))?.1 == 200
    }

    private static func send(_ request: URLRequest) async throws -> (Data, Int) {
        try await withCheckedThrowingContinuation { continuation in
            URLSession.shared.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: (data ?? Data(), (response as? HTTPURLResponse)?.statusCode ?? 0))
                }
            }.resume()
        }
    }

    private static func findPython3() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/python3"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        throw Failure.python3NotFound(path: path)
    }

    private static func tail(of path: String) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return String(text.suffix(800))
    }

    /// Reads the first line of a pipe on its own thread (the read blocks), giving up after a timeout.
    private static func firstLine(
        of handle: FileHandle,
        timeoutSeconds: Double,
        onTimeout: @escaping @Sendable () -> Void
    ) async throws -> String? {
        let once = ResumeOnce()
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String?, any Error>) in
            once.set(continuation)
            Thread {
                var bytes: [UInt8] = []
                while true {
                    let chunk = handle.readData(ofLength: 1)
                    guard let byte = chunk.first else { break }
                    if byte == UInt8(ascii: "\n") { break }
                    bytes.append(byte)
                }
                once.resume(with: .success(bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)))
            }.start()
            Thread {
                Thread.sleep(forTimeInterval: timeoutSeconds)
                if once.resume(with: .failure(Failure.didNotStart("no LISTENING line within \(timeoutSeconds) s"))) {
                    onTimeout()
                }
            }.start()
        }
    }
}

/// Resumes a continuation once, whichever of several threads gets there first.
private final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<String?, any Error>?

    func set(_ continuation: CheckedContinuation<String?, any Error>) {
        lock.lock()
        self.continuation = continuation
        lock.unlock()
    }

    @discardableResult
    func resume(with result: Result<String?, any Error>) -> Bool {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        lock.unlock()
        continuation?.resume(with: result)
        return continuation != nil
    }
}

/// Runs `body` with a fresh paged server and always stops it afterwards, checking that it is gone
/// (the process has exited and nothing answers on its port), whether `body` returned or threw.
@MainActor
func withPagedServer(
    items: Int = 23,
    pageSize: Int = 10,
    _ body: (PagedServer) async throws -> Void
) async throws {
    let server = try await PagedServer.start(items: items, pageSize: pageSize)
    let result: Result<Void, any Error>
    do {
        try await body(server)
        result = .success(())
    } catch {
        result = .failure(error)
    }
    let stopped = await server.stop()
    #expect(stopped, "the paged server process has exited")
    #expect(!server.isRunning)
    #expect(await !server.answersHealthCheck(), "nothing listens on port \(server.port) any more")
    try result.get()
}
