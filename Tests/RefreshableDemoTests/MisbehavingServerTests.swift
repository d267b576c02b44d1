import Foundation
import Refreshable
import Testing

@testable import RefreshableDemoKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The demo's HTTP loader against servers that are not HTTP servers at all: one that sends a byte a
/// second and never finishes, one that answers with bytes that are not HTTP.
@Suite(.serialized)
@MainActor
struct MisbehavingServerTests {
    @Test func aServerThatTricklesOneByteAtATimeFailsOnceTheWholeRequestTakesLongerThanTheTimeout() async throws {
        // On Apple platforms URLSession's request timeout only bounds the wait between two bytes,
        // which this server never lets run out; the loader's own deadline bounds the whole request.
        let server = try RawServer.start(.trickle)
        defer { server.stop() }
        let loader = HTTPOrderLoader(template: try URLTemplate("\(server.baseURL)/list/{page}"), timeout: 1)
        let clock = ContinuousClock()
        let start = clock.now
        let error = await #expect(throws: OrderAPIError.self) {
            _ = try await loader.loadPage(
                RefreshRequest(source: 0, page: 1, kind: .refresh, generation: 1), of: OrderTab.all)
        }
        let elapsed = clock.now - start
        #expect(elapsed < .seconds(20), "the request was bounded by the 1 s timeout, not \(elapsed)")
        #expect(elapsed >= .milliseconds(900), "it waited for the timeout, not \(elapsed)")
        #expect(String(describing: error).contains("the request timed out after 1 s"), "\(String(describing: error))")
    }

    @Test func aServerThatAnswersWithoutHTTPIsNamedAsSuch() async throws {
        let server = try RawServer.start(.garbage)
        defer { server.stop() }
        let loader = HTTPOrderLoader(template: try URLTemplate("\(server.baseURL)/list/{page}"), timeout: 5)
        let error = await #expect(throws: OrderAPIError.self) {
            _ = try await loader.loadPage(
                RefreshRequest(source: 0, page: 1, kind: .refresh, generation: 1), of: OrderTab.all)
        }
        let message = String(describing: error)
        #expect(message.contains("did not answer with HTTP"), "\(message)")
        #expect(!message.contains("cannot be requested"), "\(message)")
    }
}

/// A loopback TCP server, in Python's standard library, that misbehaves in one way for every
/// connection; it exits when its stdin closes.
private final class RawServer: @unchecked Sendable {
    enum Behaviour: String {
        /// Sends one byte of an HTTP answer every half second, forever.
        case trickle
        /// Answers with a line that is not HTTP and closes.
        case garbage
    }

    let baseURL: String
    private let process: Process
    private let stdin: Pipe

    private init(baseURL: String, process: Process, stdin: Pipe) {
        self.baseURL = baseURL
        self.process = process
        self.stdin = stdin
    }

    private static let script = """
        import socket, sys, threading, time
        mode = sys.argv[1]
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        print(listener.getsockname()[1], flush=True)
        def serve(conn):
            try:
                conn.recv(65536)
                if mode == "garbage":
                    conn.sendall(b"SSH-2.0-OpenSSH_9.2 not http at all\\r\\n")
                else:
                    for byte in b"HTTP/1.1 200 OK\\r\\n" + b"X" * 100000:
                        conn.sendall(bytes([byte]))
                        time.sleep(0.5)
            except OSError:
                pass
            finally:
                conn.close()
        def accept():
            while True:
                conn, _ = listener.accept()
                threading.Thread(target=serve, args=(conn,), daemon=True).start()
        threading.Thread(target=accept, daemon=True).start()
        sys.stdin.read()
        """

    static func start(_ behaviour: Behaviour) throws -> RawServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, behaviour.rawValue]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        // The first line is the port; the read blocks until Python has bound its socket.
        var line: [UInt8] = []
        while let byte = stdout.fileHandleForReading.readData(ofLength: 1).first, byte != UInt8(ascii: "\n") {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw CocoaError(.fileReadUnknown)
        }
        return RawServer(baseURL: "http://127.0.0.1:\(port)", process: process, stdin: stdin)
    }

    func stop() {
        try? stdin.fileHandleForWriting.close()
        if process.isRunning {
            process.terminate()
        }
        process.waitUntilExit()
    }
}
