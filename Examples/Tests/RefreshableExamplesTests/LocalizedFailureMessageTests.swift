import Foundation
import Refreshable
import RefreshableTesting
import RefreshableUIKit
import Testing

// The glue's words for a failure: Foundation's `LocalizedError` first, given where the list is made.

/// An app's error that carries its localised words.
private struct TranslatedError: LocalizedError {
    var errorDescription: String? { "网络错误，请稍后重试" }
}

/// An app's error with no words of its own.
private enum BareError: Error {
    case failed(String)
}

@MainActor
@Suite("Localized failure messages")
struct LocalizedFailureMessageTests {
    private let request = RefreshRequest(source: 0, page: 1, kind: .refresh, generation: 1)

    @Test func aLocalizedErrorReadsAsItsErrorDescription() {
        let failure = RefreshFailure(wrapping: TranslatedError(), for: request)
        #expect(RefreshFailure.localizedMessage(for: failure) == "网络错误，请稍后重试")
    }

    @Test func anNSErrorReadsAsItsLocalizedDescription() {
        let error = NSError(domain: "Forum", code: 503, userInfo: [NSLocalizedDescriptionKey: "服务器开小差了"])
        let failure = RefreshFailure(wrapping: error, for: request)
        #expect(RefreshFailure.localizedMessage(for: failure) == "服务器开小差了")
    }

    @Test func anErrorWithoutWordsReadsAsThePlainSentenceNotAsItsValue() {
        let failure = RefreshFailure(wrapping: BareError.failed("网络错误"), for: request)
        #expect(RefreshFailure.localizedMessage(for: failure) == RefreshFailure.genericMessage)
    }

    @Test func aRefusedAnswerKeepsItsOwnMessage() {
        let failure = RefreshFailure(request: request, reason: .invalidResponse(.nonPositivePageCount(0)))
        #expect(RefreshFailure.localizedMessage(for: failure) == failure.message)
    }

    @Test func aListModelGivenTheGluesWordsShowsTheLocalizedDescription() async {
        let loader = TestPageLoader<String> { "\($0)" }
        let model = RefreshListModel<String>(
            noMoreTitles: ["The end"], failureMessage: RefreshFailure.localizedMessage(for:),
            loader: { try await loader.load($0) })
        model.setUp()
        #expect(await loader.waitForLoads(count: 1))
        loader.fail(loader.pending[0], with: TranslatedError())
        await loader.settle()
        #expect(model.placeholder?.message == "网络错误，请稍后重试")
    }
}
