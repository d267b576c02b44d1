import Combine
import Refreshable
import RefreshableCombine

// ios-typecheck: iOS 13
// Mirrors the Combine block of Sources/Refreshable/Refreshable.docc/DrivingControlsFromAViewModel.md,
// verbatim. DocSnippetDriftTests fails when they drift apart.

enum DocCDrivingControlsFromAViewModelCombine {
    struct OrdersOutput: OutputRefreshProtocol {
        let refreshStatus = RefreshStatusRelay()
    }

    @MainActor
    final class OrdersStatusLabel {
        private(set) var text = ""
        private var cancellables: Set<AnyCancellable> = []

        init(output: OrdersOutput) {
            output.refreshStatus.publisher
                .sink { [weak self] status in self?.text = status == .noMoreData ? "All orders shown" : "" }
                .store(in: &cancellables)
        }
    }
}
