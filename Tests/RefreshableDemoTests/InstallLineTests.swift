import Foundation
import Testing

/// The README's installation lines, as a newcomer pastes them: they must resolve against a fresh
/// clone of this repository (its committed `HEAD`, on a `main` branch as a clone of the repository
/// has it), with no tag that only a local machine has.
@Suite("Installation line")
struct InstallLineTests {
    /// The repository's root (this file is Tests/RefreshableDemoTests/<file>).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The README's `.package(...)` line and its `.product(...)` lines, in the order they appear.
    static func installLines() throws -> (package: String, products: [String]) {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let package = try #require(lines.first { $0.hasPrefix(".package(url:") }, "the README has no .package line")
        let products = lines.filter { $0.hasPrefix(".product(name:") }.map { line in
            // Each product line ends with a comment saying what the product is for.
            String(line.prefix { $0 != "/" }).trimmingCharacters(in: .whitespaces)
        }
        return (package, products)
    }

    @Test func theReadmesPackageLineResolvesAgainstAFreshClone() throws {
        let (packageLine, products) = try Self.installLines()
        #expect(products.count >= 4, "the README lists the products: \(products)")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("install-line-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        // `package:` is the last part of the URL: the clone is named as the README says.
        let clone = work.appendingPathComponent("Refreshable")
        try run(["git", "clone", "--quiet", Self.repositoryRoot.path, clone.path], in: work, creating: true)
        try run(["git", "checkout", "--quiet", "-B", "main"], in: clone)

        let app = work.appendingPathComponent("App")
        let url = "<this repository's URL>"
        #expect(packageLine.contains(url), "the README's line names the URL as \(url): \(packageLine)")
        let dependency = packageLine.replacingOccurrences(of: url, with: clone.absoluteString)
        let productList = products.map { $0.hasSuffix(",") ? $0 : $0 + "," }.joined(separator: "\n                ")
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "App",
                platforms: [.iOS(.v17), .macOS(.v14)],
                dependencies: [
                    \(dependency)
                ],
                targets: [
                    .target(
                        name: "App",
                        dependencies: [
                            \(productList)
                        ]
                    )
                ]
            )
            """
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try manifest.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "import Refreshable\n".write(
            to: app.appendingPathComponent("Sources/App/App.swift"), atomically: true, encoding: .utf8)
        // Loading the graph resolves the line and finds every product the README names.
        let output = try run(
            ["swift", "package", "--scratch-path", work.appendingPathComponent("scratch").path, "show-dependencies"],
            in: app)
        #expect(output.contains("refreshable"), "the app depends on the package: \(output)")
    }

    /// Runs a command in `directory` and returns what it printed; throws with its output when it
    /// fails.
    @discardableResult
    private func run(_ arguments: [String], in directory: URL, creating: Bool = false) throws -> String {
        if creating {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw CommandFailed(description: "\(arguments.joined(separator: " ")) failed:\n\(output)")
        }
        return output
    }
}

/// A command of the test that failed, with what it printed.
struct CommandFailed: Error, CustomStringConvertible {
    let description: String
}
