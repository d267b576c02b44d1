import Benchmark
import OpenCombine
import Refreshable

/// P2: one status to both controls, 1,000 statuses per sample, three ways: the library's relay
/// with `autoSetRefreshHeaderStatus(header:footer:)`, an OpenCombine `CurrentValueSubject` whose
/// `sink` runs seed 001's switch, and that switch called directly.
///
/// The relay folds each status into an appearance and sends only the commands that change
/// something; the switch sends one command per status. With this cycle both send the same four.
func registerStatusBenchmarks() {
    Benchmark("P2 RefreshStatusRelay x1000 dispatches", configuration: perThousandConfiguration) {
        @MainActor benchmark async in
        let header = BenchHeader()
        let footer = BenchFooter()
        let output = BenchOutput()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        let before = header.commands &+ footer.commands
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            output.refreshStatus.value = statusCycle[index & 3]
        }
        benchmark.stopMeasurement()
        subscription.cancel()
        checkOneCommandPerStatus(benchmark, header, footer, before: before)
    }
    Benchmark("P2 OpenCombine x1000 dispatches", configuration: perThousandConfiguration) {
        @MainActor benchmark async in
        let header = BenchHeader()
        let footer = BenchFooter()
        let subject = CurrentValueSubject<RefreshStatus, Never>(.none)
        let cancellable = subject.sink { status in
            drive(status, header: header, footer: footer)
        }
        let before = header.commands &+ footer.commands
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            subject.send(statusCycle[index & 3])
        }
        benchmark.stopMeasurement()
        cancellable.cancel()
        checkOneCommandPerStatus(benchmark, header, footer, before: before)
    }
    Benchmark("P2 direct call x1000 dispatches", configuration: perThousandConfiguration) {
        @MainActor benchmark async in
        let header = BenchHeader()
        let footer = BenchFooter()
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            drive(statusCycle[index & 3], header: header, footer: footer)
        }
        benchmark.stopMeasurement()
        checkOneCommandPerStatus(benchmark, header, footer, before: 0)
    }
}

/// P3: allocations per dispatch when the main actor runs between statuses, as in an app. The relay
/// schedules a `Task` to re-check the controls after an end command; in the tight loops of P2 only
/// the first of a sample gets one, because the main actor never runs the task in between.
/// The direct call with the same `Task.yield()` is the baseline to subtract.
func registerYieldingStatusBenchmarks() {
    Benchmark("P3 RefreshStatusRelay yielding x1000 dispatches", configuration: perThousandConfiguration) {
        @MainActor benchmark async in
        let header = BenchHeader()
        let footer = BenchFooter()
        let output = BenchOutput()
        let subscription = output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        let before = header.commands &+ footer.commands
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            output.refreshStatus.value = statusCycle[index & 3]
            await Task.yield()
        }
        benchmark.stopMeasurement()
        subscription.cancel()
        checkOneCommandPerStatus(benchmark, header, footer, before: before)
    }
    Benchmark("P3 direct call yielding x1000 dispatches", configuration: perThousandConfiguration) {
        @MainActor benchmark async in
        let header = BenchHeader()
        let footer = BenchFooter()
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            drive(statusCycle[index & 3], header: header, footer: footer)
            await Task.yield()
        }
        benchmark.stopMeasurement()
        checkOneCommandPerStatus(benchmark, header, footer, before: 0)
    }
}

/// Fails the benchmark unless the controls received exactly one command per status, so every
/// path is known to do the same work.
@MainActor
private func checkOneCommandPerStatus(
    _ benchmark: Benchmark,
    _ header: BenchHeader,
    _ footer: BenchFooter,
    before: Int
) {
    let sent = header.commands &+ footer.commands &- before
    if sent != benchmark.scaledIterations.count {
        benchmark.error("the controls received \(sent) commands for \(benchmark.scaledIterations.count) statuses")
    }
}

/// A pull, its end, a load-more, its end: every status changes one control.
let statusCycle: [RefreshStatus] = [.beginHeaderRefresh, .endHeaderRefresh, .beginFooterRefresh, .endFooterRefresh]

/// A view model's output, as seed 001 declares it.
struct BenchOutput: OutputRefreshProtocol {
    let refreshStatus = RefreshStatusRelay()
}

/// Seed 001's `autoSetRefreshHeaderStatus` body: one control command per status.
@MainActor
func drive(_ status: RefreshStatus, header: any RefreshHeaderControl, footer: any RefreshFooterControl) {
    switch status {
    case .none:
        break
    case .beginHeaderRefresh:
        header.beginRefreshing()
    case .endHeaderRefresh:
        header.endRefreshing()
    case .beginFooterRefresh:
        footer.beginRefreshing()
    case .endFooterRefresh:
        footer.endRefreshing()
    case .noMoreData:
        footer.endRefreshingWithNoMoreData()
    case .resetNoMoreData:
        footer.resetNoMoreData()
    case .failed(let message):
        header.endRefreshing()
        footer.endRefreshingWithFailure(message: message)
    case .hideFooter:
        footer.isHidden = true
    case .showFooter:
        footer.isHidden = false
    case .beginPreviousLoad, .endPreviousLoad, .noPreviousData, .resetNoPreviousData, .previousLoadFailed:
        break  // no control above the first row in these benchmarks
    }
}
