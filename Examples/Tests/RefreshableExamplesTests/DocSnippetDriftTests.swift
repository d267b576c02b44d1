import Foundation
import Testing

// Every ```swift block of the README and of the Refreshable DocC articles must be compiled code:
// it must appear verbatim in the examples (Examples/Sources/RefreshableExamples) or, for test
// snippets, in a test file that Scripts/ios-typecheck/snippet-test-files.txt names.
// "Verbatim" means line by line after removing the block's common indentation (the copy may sit at
// any uniform indentation, inside a type or a function) and trailing whitespace; the block's
// `import` lines are left out, because a file gathers its imports at the top, in lint order.
// Blank lines at the block's ends do not count.

/// A fenced ```swift block of a doc.
struct DocBlock: CustomStringConvertible {
    /// The doc, relative to the repository root.
    let file: String
    /// The line of the block's first line of code, in the doc.
    let line: Int
    /// The block's lines, normalized with ``SnippetMatcher/normalize(_:)``.
    let lines: [String]

    /// The first line of code: with the file, what names the block in a report.
    var firstLine: String { lines.first ?? "" }

    var description: String { "\(file):\(line): \(firstLine)" }
}

/// Finds doc blocks and looks for them in sources.
enum SnippetMatcher {
    /// Blocks that cannot be compiled as written. Each one is reported as a known issue while it
    /// is missing; once it is found (or gone), the test fails until its entry is removed.
    static let knownUncompilable: [KnownUncompilable] = []

    /// The repository's root directory (this file is Examples/Tests/RefreshableExamplesTests/<file>).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The docs whose blocks must be compiled: the README, every Refreshable DocC article, and the
    /// testing kit's article on view controllers (the kit's other article is checked by
    /// Tests/RefreshableTestingTests/ArticleExampleTests.swift).
    static func docFiles() throws -> [String] {
        let catalog = "Sources/Refreshable/Refreshable.docc"
        let articles = try FileManager.default.contentsOfDirectory(atPath: path(catalog))
            .filter { $0.hasSuffix(".md") }
            .sorted()
            .map { "\(catalog)/\($0)" }
        return ["README.md"] + articles
            + ["Sources/RefreshableTesting/RefreshableTesting.docc/TestingAViewController.md"]
    }

    /// The Swift files that may hold the blocks, relative to the repository root: the example app's
    /// sources, and the test files Scripts/ios-typecheck/snippet-test-files.txt names (the ones
    /// Scripts/ios-typecheck.sh typechecks against the real iPhoneOS SDK), so that a snippet found
    /// here is a snippet Xcode's compiler has seen.
    static func sourceFiles() throws -> [String] {
        let root = "Examples/Sources/RefreshableExamples"
        guard let walker = FileManager.default.enumerator(atPath: path(root)) else {
            throw SnippetError("cannot list \(root)")
        }
        var files: [String] = []
        for case let name as String in walker where name.hasSuffix(".swift") {
            files.append("\(root)/\(name)")
        }
        let testFiles = try lines(of: "Scripts/ios-typecheck/snippet-test-files.txt")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") && !$0.hasPrefix("+") }
        return files.sorted() + testFiles
    }

    /// The absolute path of a repository-relative path.
    static func path(_ relative: String) -> String {
        repositoryRoot.appendingPathComponent(relative).path
    }

    /// The lines of a repository file.
    static func lines(of relative: String) throws -> [String] {
        try String(contentsOfFile: path(relative), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    /// The ```swift blocks of a markdown text.
    static func blocks(in text: [String], file: String) -> [DocBlock] {
        var blocks: [DocBlock] = []
        var index = 0
        while index < text.count {
            let fence = text[index].trimmingCharacters(in: .whitespaces)
            guard fence == "```swift" else {
                index += 1
                continue
            }
            let start = index
            index += 1
            var body: [String] = []
            while index < text.count, text[index].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(text[index])
                index += 1
            }
            index += 1
            let lines = normalize(body)
            let offset = body.firstIndex { !lines.isEmpty && $0.hasSuffix(lines[0]) } ?? 0
            blocks.append(DocBlock(file: file, line: start + 2 + offset, lines: lines))
        }
        return blocks
    }

    /// Drops `import` lines and trailing whitespace, trims blank lines at both ends, and removes
    /// the common indentation.
    static func normalize(_ lines: [String]) -> [String] {
        var result = lines.map(trimmingTrailingWhitespace).filter { !isImport($0) }
        while result.first?.isEmpty == true { result.removeFirst() }
        while result.last?.isEmpty == true { result.removeLast() }
        let indent = result.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return result.map { $0.isEmpty ? $0 : String($0.dropFirst(indent)) }
    }

    /// Whether `source` holds `block` as consecutive lines at one uniform indentation.
    static func contains(_ source: [String], _ block: [String]) -> Bool {
        guard let first = block.first, !first.isEmpty, block.count <= source.count else { return block.isEmpty }
        let source = source.map(trimmingTrailingWhitespace)
        for start in 0...(source.count - block.count) where source[start].hasSuffix(first) {
            let indent = String(source[start].dropLast(first.count))
            guard indent.allSatisfy({ $0 == " " }) else { continue }
            let matches = zip(block, source[start...]).allSatisfy { wanted, line in
                wanted.isEmpty ? line.isEmpty : line == indent + wanted
            }
            if matches {
                return true
            }
        }
        return false
    }

    private static func trimmingTrailingWhitespace(_ line: String) -> String {
        var line = Substring(line)
        while line.last == " " || line.last == "\t" || line.last == "\r" { line.removeLast() }
        return String(line)
    }

    private static func isImport(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        guard let importWord = words.firstIndex(of: "import") else { return false }
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
        return words[..<importWord].allSatisfy { $0.hasPrefix("@") || modifiers.contains($0) }
    }
}

/// A doc block that cannot be compiled as written, and why.
struct KnownUncompilable {
    /// The doc, relative to the repository root.
    let file: String
    /// The block's first line of code.
    let firstLine: String
    /// Why it cannot be compiled, and where the examples hold its parts instead.
    let reason: String
}

/// A problem reading the repository.
struct SnippetError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@Suite struct DocSnippetDriftTests {
    @Test func everyDocSnippetIsCompiledCode() throws {
        let sources = try SnippetMatcher.sourceFiles().map { try SnippetMatcher.lines(of: $0) }
        let blocks = try SnippetMatcher.docFiles().flatMap { file in
            SnippetMatcher.blocks(in: try SnippetMatcher.lines(of: file), file: file)
        }
        #expect(!blocks.isEmpty, "no ```swift blocks found: is the parser or the path wrong?")
        var knownLeft = SnippetMatcher.knownUncompilable
        for block in blocks where !sources.contains(where: { SnippetMatcher.contains($0, block.lines) }) {
            if let known = knownLeft.firstIndex(where: { $0.file == block.file && $0.firstLine == block.firstLine }) {
                let reason = knownLeft.remove(at: known).reason
                print("known missing doc snippet: \(block)")
                withKnownIssue(Comment(rawValue: reason)) {
                    Issue.record("doc snippet not compiled: \(block)")
                }
            } else {
                print("missing doc snippet: \(block)")
                Issue.record(
                    """
                    doc snippet not found verbatim in the examples: \(block)
                    Copy the block into Examples/Sources/RefreshableExamples/DocSnippets (one file per doc \
                    section) with what it needs to compile, or fix the doc.
                    """
                )
            }
        }
        for stale in knownLeft {
            Issue.record(
                "SnippetMatcher.knownUncompilable lists \(stale.file): \(stale.firstLine), now compiled or gone: remove it"
            )
        }
    }

    @Test func aBlockMatchesAtAnyUniformIndentation() {
        let block = SnippetMatcher.normalize(["import Refreshable", "", "  func f() {", "      g()  ", "  }", ""])
        #expect(block == ["func f() {", "    g()", "}"])
        #expect(SnippetMatcher.contains(["enum A {", "    func f() {", "        g()", "    }", "}"], block))
        #expect(!SnippetMatcher.contains(["    func f() {", "      g()", "    }"], block))
        #expect(!SnippetMatcher.contains(["func f() {", "    g()"], block))
    }

    @Test func blankLinesMustStayBlank() {
        let block = ["a()", "", "b()"]
        #expect(SnippetMatcher.contains(["    a()", "", "    b()"], block))
        #expect(!SnippetMatcher.contains(["    a()", "    c()", "    b()"], block))
    }

    @Test func fencesOtherThanSwiftAreIgnored() {
        let text = ["```sh", "swift test", "```", "```swift", "  let x = 1", "```", "```", "output", "```"]
        let blocks = SnippetMatcher.blocks(in: text, file: "README.md")
        #expect(blocks.map(\.lines) == [["let x = 1"]])
        #expect(blocks.first?.line == 5)
    }
}
