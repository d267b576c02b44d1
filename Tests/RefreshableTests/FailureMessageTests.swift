import Refreshable
import RefreshableTesting
import Testing

/// An app's error with no words of its own: its value is no sentence for a user.
private enum APIError: Error {
    case failed(String)
}

/// An app's error that describes itself.
private struct DescribedError: Error, CustomStringConvertible {
    var description: String { "网络错误" }
}

/// The words a user reads for a failure: the error's own, never a dump of its value, and the
/// app's own where it makes the list.
@MainActor
@Suite("Failure messages")
struct FailureMessageTests {
    @Test func anErrorWithoutWordsOfItsOwnReadsAsASentenceNotAsItsValue() {
        let request = RefreshRequest(source: 0, page: 1, kind: .refresh, generation: 1)
        let failure = RefreshFailure(wrapping: APIError.failed("网络错误"), for: request)
        #expect(failure.message == RefreshFailure.genericMessage)
        #expect(!failure.message.contains("failed("))
    }

    @Test func anErrorThatDescribesItselfReadsAsItsDescription() {
        let request = RefreshRequest(source: 0, page: 1, kind: .refresh, generation: 1)
        #expect(RefreshFailure(wrapping: DescribedError(), for: request).message == "网络错误")
        #expect(RefreshFailure.defaultDescription(of: DescribedError()) == "网络错误")
    }

    @Test func aRefreshableAdopterShowsTheErrorsOwnWordsOnThePlaceholder() {
        let controller = SeedController()
        controller.setupRefreshHeader()
        controller.answer(controller.lastRequest, error: DescribedError())
        #expect(controller.list.placeholder?.message == "网络错误")
    }

    @Test func aViewModelsRuntimeMadeWithTheAppsWordsPublishesThemToTheFooter() {
        let model = CallbackList(publishesStatuses: true) { _ in "加载失败，请上拉重试" }
        model.setupRefreshHeader()
        model.answer(model.requests[0])
        model.loadMore()
        model.loadFailer(APIError.failed("网络错误"), for: model.requests[1])
        #expect(model.output.refreshStatus.appearance.footer == .failed(message: "加载失败，请上拉重试"))
    }

    @Test func aListModelMadeWithTheAppsWordsShowsThemForAThrownError() async {
        let loader = TestPageLoader<String> { "\($0)" }
        let model = RefreshListModel<String>(
            noMoreTitles: ["The end"], failureMessage: { _ in "加载失败，请下拉重试" },
            loader: { try await loader.load($0) })
        model.setUp()
        #expect(await loader.waitForLoads(count: 1))
        loader.fail(loader.pending[0], with: APIError.failed("网络错误"))
        await loader.settle()
        #expect(model.placeholder?.message == "加载失败，请下拉重试")
        #expect(model.placeholder?.underlyingError is APIError)
    }

    @Test func aListModelMadeWithTheAppsWordsShowsThemForARefusedAnswer() async {
        let loader = TestPageLoader<String> { "\($0)" }
        let model = RefreshListModel<String>(
            noMoreTitles: ["The end"], failureMessage: { _ in "服务器返回异常" }, loader: { try await loader.load($0) })
        model.setUp()
        #expect(await loader.waitForLoads(count: 1))
        loader.answer(loader.pending[0], with: RefreshPage(items: ["x"], curPage: 5, pageCount: 2))
        await loader.settle()
        #expect(model.placeholder?.message == "服务器返回异常")
    }
}
