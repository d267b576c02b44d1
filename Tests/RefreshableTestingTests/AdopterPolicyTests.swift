import Refreshable
import RefreshableTesting
import Testing

/// A controller with a policy of its own (20 items a page) whose API, as in many ports, decides
/// `hasMore` from the page size it is given: the test hands it `rig.policy.pageSize`.
@MainActor
final class OwnPolicyController: Refreshable {
    let refreshStatus: RefreshRuntime<TestItem>
    let refreshHeaderControl: (any RefreshHeaderControl)?
    let refreshFooterControl: (any RefreshFooterControl)?
    let refreshListView: (any RefreshListView)?
    let loader: TestPageLoader<TestItem>
    let pageSize: Int

    init(rig: ConformanceRig<TestItem>) {
        refreshStatus = RefreshRuntime(noMoreTitles: rig.noMoreTitles, policy: RefreshPolicy(pageSize: 20))
        refreshHeaderControl = rig.header
        refreshFooterControl = rig.footer
        refreshListView = rig.listView
        loader = rig.loader
        pageSize = rig.policy.pageSize
    }

    func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        let pageSize = pageSize
        loader.start(source: request.source, page: request.page) { [weak self] result in
            switch result {
            case .success(let page):
                let hasMore = page.hasMore ?? (page.items.count >= pageSize)
                self?.loadSuccess(RefreshPage(items: page.items, hasMore: hasMore), for: request)
            case .failure(let error):
                self?.loadFailer(error, for: request)
            }
        }
    }
}

@MainActor
@Suite struct AdopterPolicyTests {
    /// The suite reads the controller's policy first; the rigs it then hands the factory carry it,
    /// so `rig.policy.pageSize` is the controller's 20, not the configuration's 3.
    @Test func theRigsCarryTheAdoptersOwnPolicy() async throws {
        let report = try await RefreshableConformance.check(ConformanceConfiguration(endOfListSignals: .hasMore)) {
            OwnPolicyController(rig: $0)
        }
        #expect(report.policy == RefreshPolicy(pageSize: 20))
        #expect(report.description.contains("under its policy RefreshPolicy(pageSize: 20, firstPage: 1"))
    }

    @Test func aFailureNamesTheAdoptersPolicy() async throws {
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(ConformanceConfiguration(randomizedSteps: 0)) {
                PageMinusOneController(rig: $0)
            }
        }
        #expect(failure.policy == RefreshPolicy(pageSize: 3))
    }

    /// An answer the library refuses shows, in the steps, where it was answered, with the reason,
    /// and the violation lists the failure the library recorded.
    @Test func aRefusedAnswerIsNamedInTheStepThatAnsweredIt() async throws {
        let failure = try await #require(throws: ConformanceFailure.self) {
            try await RefreshableConformance.check(ConformanceConfiguration(randomizedSteps: 0)) {
                ZeroPageCountController(rig: $0)
            }
        }
        let violation = try #require(failure.violations.first)
        #expect(violation.rule == .firstAppearanceLoads)
        #expect(violation.recordedFailures.map(\.reason) == [.invalidResponse(.nonPositivePageCount(0))])
        #expect(
            violation.steps.contains {
                $0.hasPrefix("answer #0 refresh(source: 0, page: 1) with 3 item(s)")
                    && $0.hasSuffix(" → the library refused it: pageCount is 0, but a list has at least one page.")
            }, "\(violation.steps)")
    }

    @Test func aRandomDivergenceListsWhatTheLibraryRecorded() async throws {
        let result = await RefreshableModelCheck.run(ConformanceConfiguration(), steps: 500) {
            ZeroPageCountController(rig: $0)
        }
        let failure = try #require(result.failure)
        #expect(failure.recordedFailures.contains { $0.reason == .invalidResponse(.nonPositivePageCount(0)) })
        #expect(failure.description.contains("the library recorded:"))
        #expect(failure.steps.contains { $0.contains("→ the library refused it: pageCount is 0") })
    }
}

/// Hands the library a `pageCount` of 0 when the server sent none, as a client whose response
/// type makes the field an `Int` with a default does.
final class ZeroPageCountController: TestAdopter {
    override func didLoad(_ page: RefreshPage<TestItem>, for request: RefreshRequest) {
        var page = page
        page.pageCount = page.pageCount ?? 0
        super.didLoad(page, for: request)
    }
}
