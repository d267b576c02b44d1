import Foundation
import Testing

/// The stand-in UIKit and MJRefresh refuse what Xcode refuses: each probe of Examples/StandInProbes
/// (code the real SDK rejects, checked there by Scripts/ios-typecheck.sh) is typechecked against the
/// stand-in modules this package built, and must fail with the error it names. A stand-in kinder
/// than the SDK (a non-optional `stateLabel`, a snapshot that lends its `Sendable` requirements to a
/// signature) makes a probe compile, and this test fail.
@Suite struct StandInFidelityTests {
    /// The probes, with the error each one names.
    static func probes() throws -> [(file: URL, expected: String)] {
        let folder = SnippetMatcher.repositoryRoot.appendingPathComponent("Examples/StandInProbes")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }
            .sorted()
        return try names.map { name in
            let file = folder.appendingPathComponent(name)
            let prefix = "// expected-error: "
            let line = try String(contentsOf: file, encoding: .utf8)
                .split(separator: "\n")
                .first { $0.hasPrefix(prefix) }
            return (file, String(try #require(line, "\(name) names no expected error").dropFirst(prefix.count)))
        }
    }

    /// The folder of the modules this package's build made (the stand-ins among them), found from
    /// the running test bundle: `<scratch>/<triple>/debug/`.
    static func modulesFolder() throws -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let modules = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: modules.appendingPathComponent("UIKit.swiftmodule").path) {
                return modules
            }
            folder.deleteLastPathComponent()
        }
        throw SnippetError("no Modules folder with the stand-in UIKit above \(CommandLine.arguments[0])")
    }

    @Test func everyProbeTheSDKRefusesIsRefusedByTheStandIns() throws {
        let probes = try Self.probes()
        #expect(probes.count >= 3, "the probes: \(probes.map(\.file.lastPathComponent))")
        let modules = try Self.modulesFolder()
        for probe in probes {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, probe.file.path,
            ]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(
                process.terminationStatus != 0,
                "\(probe.file.lastPathComponent) compiles against the stand-ins, but Xcode refuses it: a stand-in is kinder than the SDK"
            )
            #expect(
                output.contains("error: \(probe.expected)"),
                "\(probe.file.lastPathComponent): expected \"\(probe.expected)\", got:\n\(output)")
        }
    }
}
