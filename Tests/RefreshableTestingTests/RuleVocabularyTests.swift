import Foundation
import Refreshable
import RefreshableTesting
import Testing

/// Every id a report prints is a rule of the Rules article, and reports list rules in its order.
@Suite struct RuleVocabularyTests {
    /// The Rules article's ids, in the order it states them.
    static let articleIDs: [String] = {
        let article = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Refreshable/Refreshable.docc/Rules.md")
        let text = (try? String(contentsOf: article, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("- term "), let colon = line.firstIndex(of: ":") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 7)..<colon])
        }
    }()

    @Test func everyRuleTheKitReportsIsDefinedInTheRulesArticle() {
        let undefined = ConformanceRule.allCases.map(\.id).filter { !Self.articleIDs.contains($0) }
        #expect(undefined.isEmpty, "ids reports print that the Rules article does not define: \(undefined)")
    }

    @Test func rulesSortInTheArticlesOrderNotAsText() {
        let sorted = ConformanceRule.allCases.shuffled().sorted().map(\.id)
        #expect(sorted == Self.articleIDs.filter(sorted.contains))
        #expect(ConformanceRule.footerHiddenWhileEmpty < .controlsLeaveRefreshing, "S2 comes before S10")
    }

    @Test func theArticleStatesTheStateRulesInNumberOrder() {
        let numbers = Self.articleIDs.filter { $0.hasPrefix("S") }.compactMap { Int($0.dropFirst()) }
        #expect(numbers == Array(1...14))
    }
}
