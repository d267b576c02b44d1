import Refreshable

/// How long the suite waits for an adopter that delivers later than the event that caused it: once
/// a wait ran into ``TestPageLoader/maximumWaitYields`` the adopter is broken, and later waits of
/// the same check (its other scenarios, or the replays that shrink a failing sequence) are cut short,
/// so a broken adopter pays the full cap once, not once per replay.
@MainActor
final class WaitBudget {
    /// The cap on the turns of one wait after a wait ran out.
    static let afterTimeout = 64
    private(set) var timedOut = false

    /// Waits with the loader's cap, or a short one after a wait ran out; returns whether `condition` holds.
    @discardableResult
    func wait<Item>(_ loader: TestPageLoader<Item>, until condition: () -> Bool) async -> Bool {
        let held = await loader.waitUntil(
            limit: timedOut ? min(Self.afterTimeout, loader.maximumWaitYields) : nil,
            condition
        )
        if !held {
            timedOut = true
        }
        return held
    }

    /// Notes a wait that ran out elsewhere (the loader's wait for an answer to be applied).
    func noteTimeout() {
        timedOut = true
    }

    /// Waits until the adopter has applied the answer or failure of `request` of `source`, or has
    /// changed its sources in any other way (a broken adopter may apply it elsewhere): after the
    /// answer nothing else can change them, so the first change is the adopter's reaction.
    func waitForReaction<Item: Equatable>(
        to request: RefreshRequest,
        source: Int,
        before: RefreshSources<Item>,
        loader: TestPageLoader<Item>,
        sources: () -> RefreshSources<Item>
    ) async {
        await wait(loader) {
            let now = sources()
            return !now.isInFlight(request) || now != before
        }
    }
}
