import Refreshable
import RefreshableTesting
import Testing

// The view model as RxSwift adopters write it, ported unchanged: the header's refreshing block
// feeds an input, each input sends a request, and the output publishes only the end of each load
// (`.endHeaderRefresh`, `.endFooterRefresh`, `.noMoreData`), never a begin status first.

/// The smallest stand-in for RxSwift's `PublishRelay`: it passes each value to its subscribers.
@MainActor
private final class PublishRelay<Element> {
    private var handlers: [(Element) -> Void] = []

    func accept(_ element: Element) {
        for handler in handlers {
            handler(element)
        }
    }

    func subscribe(onNext handler: @escaping (Element) -> Void) {
        handlers.append(handler)
    }
}

/// How the service answers a request.
enum ServiceSpeed: Sendable, CustomTestStringConvertible {
    /// At once, inside the request, as a cache does.
    case fromCache
    /// Later, when the test calls ``PageService/answerFromTheNetwork()``: the answer is built
    /// off the main actor and comes back to it.
    case fromTheNetwork

    var testDescription: String {
        switch self {
        case .fromCache: return "answered from a cache"
        case .fromTheNetwork: return "answered later, from a background service"
        }
    }
}

/// One page of the service's answer.
struct ServicePage: Sendable {
    var items: [String]
    var isLast: Bool
}

/// A paged service of `pageCount` pages: it records every page asked for and answers at the speed
/// it was made with.
@MainActor
private final class PageService {
    let speed: ServiceSpeed
    let pageCount: Int
    private(set) var requestedPages: [Int] = []
    private var waiting: [(page: Int, completion: @MainActor (ServicePage) -> Void)] = []

    init(speed: ServiceSpeed, pageCount: Int = 2) {
        self.speed = speed
        self.pageCount = pageCount
    }

    /// How many requests wait for their answer.
    var waitingCount: Int { waiting.count }

    func request(page: Int, completion: @escaping @MainActor (ServicePage) -> Void) {
        requestedPages.append(page)
        switch speed {
        case .fromCache:
            completion(Self.page(page, of: pageCount))
        case .fromTheNetwork:
            waiting.append((page, completion))
        }
    }

    /// Answers every waiting request: each answer is built on a background task and hops back to
    /// the main actor, where its completion runs; returns once they all ran.
    func answerFromTheNetwork() async {
        let answering = waiting
        waiting.removeAll()
        for (page, completion) in answering {
            let pageCount = pageCount
            let answer = await Task.detached { Self.page(page, of: pageCount) }.value
            completion(answer)
        }
    }

    private nonisolated static func page(_ page: Int, of pageCount: Int) -> ServicePage {
        ServicePage(items: (1...3).map { "\(page).\($0)" }, isLast: page >= pageCount)
    }
}

/// A view model written the common way: inputs the controls' blocks feed, one request per input,
/// and an output that publishes only the end of each load.
@MainActor
private final class LiveViewModel {
    @MainActor
    struct Input {
        let headerRefreshing = PublishRelay<Void>()
        let footerRefreshing = PublishRelay<Void>()
        let previousRefreshing = PublishRelay<Void>()
    }

    struct Output: OutputRefreshProtocol {
        let refreshStatus = RefreshStatusRelay()
    }

    let input = Input()
    let output = Output()
    private(set) var items: [String] = []
    private var page = 1

    init(service: PageService) {
        input.headerRefreshing.subscribe(onNext: { [unowned self] in
            service.request(page: 1) { [unowned self] answer in
                items = answer.items
                page = 1
                output.refreshStatus.value = .endHeaderRefresh
                if answer.isLast {
                    output.refreshStatus.value = .noMoreData
                }
            }
        })
        input.footerRefreshing.subscribe(onNext: { [unowned self] in
            service.request(page: page + 1) { [unowned self] answer in
                items += answer.items
                page += 1
                output.refreshStatus.value = answer.isLast ? .noMoreData : .endFooterRefresh
            }
        })
        input.previousRefreshing.subscribe(onNext: { [unowned self] in
            service.request(page: 0) { [unowned self] answer in
                items = answer.items + items
                output.refreshStatus.value = .noPreviousData
            }
        })
    }
}

extension TestHeaderControl {
    /// Completes a begin animation, by hand or by the turns of its main queue, until the action
    /// ran `count` times in all; a `UIRefreshControl` calls it at once.
    fileprivate func finishBeginAnimation(untilActions count: Int) async {
        finishBeginAnimations()
        await mainQueue.turns(until: { actionCount >= count }, limit: 50)
    }
}

extension TestFooterControl {
    /// Completes a begin animation, by hand or by the turns of its main queue, until the action
    /// ran `count` times in all.
    fileprivate func finishBeginAnimation(untilActions count: Int) async {
        finishBeginAnimations()
        await mainQueue.turns(until: { actionCount >= count }, limit: 50)
    }
}

/// MJRefresh's header: the only header that calls its action for a `beginRefreshing()`.
private let mjRefreshHeaderTimings: [TestHeaderControl.Timing] = [
    .mjRefreshHeader(.manual), .mjRefreshHeader(.turns(1)), .mjRefreshHeader(.turns(4)),
]

private let headerTimings: [TestHeaderControl.Timing] = [.uiRefreshControl] + mjRefreshHeaderTimings

private let footerTimings: [TestFooterControl.Timing] = [
    .immediate, .lastCallWins, .mjRefreshAutoFooter, .mjRefreshBackFooter(.manual), .mjRefreshBackFooter(.turns(1)),
    .mjRefreshBackFooter(.turns(4)),
]

private let speeds: [ServiceSpeed] = [.fromCache, .fromTheNetwork]

/// A view model that publishes only the end of each load, ported from the RxSwift pattern: a pull
/// spins until the view model publishes its end, MJRefresh's late callback never loads twice, and
/// a pull is never swallowed, under every control's timing and whatever the answer's speed.
@MainActor
@Suite("A view model written the common way")
struct CommonViewModelPatternTests {
    @Test(arguments: headerTimings, speeds)
    func aPulledHeaderSpinsUntilTheViewModelPublishesItsEnd(
        timing: TestHeaderControl.Timing, speed: ServiceSpeed
    ) async {
        let service = PageService(speed: speed)
        let viewModel = LiveViewModel(service: service)
        let header = TestHeaderControl(timing: timing)
        let subscription = viewModel.output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        header.action = subscription.headerAction { viewModel.input.headerRefreshing.accept(()) }

        header.pull()
        await header.finishBeginAnimation(untilActions: 1)
        #expect(service.requestedPages == [1])
        if speed == .fromTheNetwork {
            await header.mainQueue.turns(6)
            #expect(header.isRefreshing, "the spinner vanished while the request runs")
            #expect(header.calls.isEmpty, "the pull was ended before the view model answered")
            await service.answerFromTheNetwork()
        }
        await header.mainQueue.turns(until: { !header.isRefreshing })
        #expect(!header.isRefreshing, "the end the view model published left the header spinning")
        #expect(viewModel.items == ["1.1", "1.2", "1.3"])

        await header.mainQueue.turns(6)
        #expect(service.requestedPages == [1], "a callback of the control loaded again")
        header.pull()  // the user pulls again: never swallowed
        await header.finishBeginAnimation(untilActions: 2)
        #expect(service.requestedPages == [1, 1], "a user's second pull was swallowed")
        await service.answerFromTheNetwork()
        await header.mainQueue.turns(until: { !header.isRefreshing })
        #expect(!header.isRefreshing)
        subscription.cancel()
    }

    @Test(arguments: footerTimings, speeds)
    func aPulledFooterLoadsUntilTheViewModelPublishesTheEndOfTheList(
        timing: TestFooterControl.Timing, speed: ServiceSpeed
    ) async {
        let service = PageService(speed: speed, pageCount: 3)
        let viewModel = LiveViewModel(service: service)
        let footer = TestFooterControl(timing: timing)
        let subscription = viewModel.output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
        footer.action = subscription.footerAction { viewModel.input.footerRefreshing.accept(()) }

        for (pull, page) in [(1, 2), (2, 3)] {
            await footer.mainQueue.turns(6)
            footer.pull()
            await footer.finishBeginAnimation(untilActions: pull)
            #expect(service.requestedPages.last == page, "a user's pull was swallowed")
            if speed == .fromTheNetwork {
                await footer.mainQueue.turns(6)
                #expect(footer.state == .refreshing, "the footer stopped loading while the request runs")
                await service.answerFromTheNetwork()
            }
            await footer.mainQueue.turns(until: { !footer.isRefreshing && !footer.hasDeferredCommands })
        }
        #expect(service.requestedPages == [2, 3])
        #expect(footer.state == .noMoreData(title: nil), "the end of the list the view model published is not shown")
        await footer.mainQueue.turns(6)
        footer.finishBeginAnimations()
        await footer.mainQueue.turns(6)
        #expect(service.requestedPages == [2, 3], "a callback of the footer loaded again")
        subscription.cancel()
    }

    @Test(arguments: footerTimings, speeds)
    func aPulledControlAboveTheFirstRowLoadsUntilTheViewModelPublishesItsEnd(
        timing: TestFooterControl.Timing, speed: ServiceSpeed
    ) async {
        let service = PageService(speed: speed)
        let viewModel = LiveViewModel(service: service)
        let previous = TestFooterControl(timing: timing)
        let subscription = viewModel.output.autoSetRefreshHeaderStatus(header: nil, footer: nil, previous: previous)
        previous.action = subscription.previousAction { viewModel.input.previousRefreshing.accept(()) }
        viewModel.output.refreshStatus.value = .resetNoPreviousData  // newer items exist above
        await previous.mainQueue.turns(until: { previous.state == .idle && !previous.hasDeferredCommands })

        previous.pull()
        await previous.finishBeginAnimation(untilActions: 1)
        #expect(service.requestedPages == [0])
        if speed == .fromTheNetwork {
            await previous.mainQueue.turns(6)
            #expect(previous.state == .refreshing, "the control stopped loading while the request runs")
            await service.answerFromTheNetwork()
        }
        await previous.mainQueue.turns(until: { !previous.isRefreshing && !previous.hasDeferredCommands })
        #expect(previous.state == .noMoreData(title: nil))
        subscription.cancel()
    }

    @Test(arguments: mjRefreshHeaderTimings, speeds)
    func theFirstLoadBegunThroughTheHeaderLoadsOnceAndEnds(
        timing: TestHeaderControl.Timing, speed: ServiceSpeed
    ) async {
        let service = PageService(speed: speed)
        let viewModel = LiveViewModel(service: service)
        let header = TestHeaderControl(timing: timing)
        let subscription = viewModel.output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        header.action = subscription.headerAction { viewModel.input.headerRefreshing.accept(()) }

        header.beginRefreshing()  // the classic MJRefresh first load: the block sends the request
        await header.finishBeginAnimation(untilActions: 1)
        #expect(service.requestedPages == [1])
        if speed == .fromTheNetwork {
            await header.mainQueue.turns(6)
            #expect(header.isRefreshing, "the spinner vanished while the first request runs")
            await service.answerFromTheNetwork()
        }
        await header.mainQueue.turns(until: { !header.isRefreshing })
        #expect(!header.isRefreshing)
        await header.mainQueue.turns(6)
        #expect(service.requestedPages == [1], "the first load ran twice")
        subscription.cancel()
    }

    @Test(arguments: headerTimings, [true, false])
    func anAppRefreshShownWithABeginStatusLoadsOnceWhateverTheAnswersSpeed(
        timing: TestHeaderControl.Timing, answersFirst: Bool
    ) async {
        // The view model shows its own refresh (a new filter) with a begin status, and answers
        // before or after MJRefresh's begin animation completes (`answersFirst` asks for the
        // answer first; under `.manual` it lands first): the control's callback is no pull.
        let service = PageService(speed: .fromTheNetwork)
        let viewModel = LiveViewModel(service: service)
        let header = TestHeaderControl(timing: timing)
        let subscription = viewModel.output.autoSetRefreshHeaderStatus(header: header, footer: nil)
        header.action = subscription.headerAction { viewModel.input.headerRefreshing.accept(()) }

        viewModel.output.refreshStatus.value = .beginHeaderRefresh
        viewModel.input.headerRefreshing.accept(())
        #expect(header.isRefreshing)
        if answersFirst {
            await service.answerFromTheNetwork()
            await header.finishBeginAnimation(untilActions: timing == .uiRefreshControl ? 0 : 1)
        } else {
            await header.finishBeginAnimation(untilActions: timing == .uiRefreshControl ? 0 : 1)
            #expect(header.isRefreshing, "the refresh's own callback ended it")
            await service.answerFromTheNetwork()
        }
        await header.mainQueue.turns(until: { !header.isRefreshing })
        await header.mainQueue.turns(6)
        #expect(!header.isRefreshing)
        #expect(service.requestedPages == [1], "MJRefresh's late callback loaded again")
        header.pull()
        await header.finishBeginAnimation(untilActions: timing == .uiRefreshControl ? 1 : 2)
        #expect(service.requestedPages == [1, 1], "a user's pull was swallowed")
        subscription.cancel()
    }

    @Test(arguments: footerTimings)
    func aViewModelRefusesAFooterPullByPublishingItsEnd(timing: TestFooterControl.Timing) async {
        // A view model that runs one load at a time says no to a pull by publishing that
        // control's end status at once: the footer ends, the header's pull keeps spinning.
        let service = PageService(speed: .fromTheNetwork)
        let viewModel = LiveViewModel(service: service)
        let header = TestHeaderControl()
        let footer = TestFooterControl(timing: timing)
        let subscription = viewModel.output.autoSetRefreshHeaderStatus(header: header, footer: footer)
        header.action = subscription.headerAction { viewModel.input.headerRefreshing.accept(()) }
        footer.action = subscription.footerAction {
            guard service.waitingCount == 0 else {
                viewModel.output.refreshStatus.value = .endFooterRefresh  // busy: refused
                return
            }
            viewModel.input.footerRefreshing.accept(())
        }
        header.pull()
        footer.pull()
        await footer.finishBeginAnimation(untilActions: 1)
        await footer.mainQueue.turns(until: { !footer.isRefreshing && !footer.hasDeferredCommands })
        #expect(footer.state == .idle, "the refused pull left the footer spinning")
        #expect(header.isRefreshing, "the footer's end ended the header's pull")
        #expect(service.requestedPages == [1])
        await service.answerFromTheNetwork()
        await footer.mainQueue.turns(until: { !header.isRefreshing })
        #expect(!header.isRefreshing)
        subscription.cancel()
    }

    @Test func aRefusedLoadTheAppAskedForLeavesAPullWhoseActionIsOnItsWay() async {
        // A list that publishes its statuses ends a pull it refuses; a load the app asked for that
        // it refuses ends no pull whose action has not arrived yet, which asks again itself.
        let model = CallbackList(publishesStatuses: true)
        let footer = TestFooterControl(timing: .mjRefreshBackFooter(.manual))
        let subscription = model.output.autoSetRefreshHeaderStatus(header: nil, footer: footer)
        footer.action = subscription.footerAction { model.loadMore() }
        model.setupRefreshHeader()
        model.answer(model.requests[0])
        await footer.mainQueue.turns(4)
        model.refresh()
        footer.pull()  // the user pulls; the action comes when the begin animation completes
        model.loadMore()  // the app asks too, and the running refresh refuses it
        await footer.mainQueue.turns(4)
        #expect(footer.isRefreshing, "a refusal of the app's load ended the user's pull")
        model.answer(model.requests[1])
        footer.finishBeginAnimations()
        #expect(model.requests.map(\.kind) == [.refresh, .refresh, .loadMore], "the user's pull was swallowed")
        #expect(footer.isRefreshing)
        subscription.cancel()
    }
}
