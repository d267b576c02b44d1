import Foundation
import Refreshable
import RefreshableTesting
import Testing

/// A restored list keeps the age it was saved with, on the wall clock the app gives, and a young
/// one need not refresh on its first appearance.
@MainActor
@Suite("The age of a restored list", .timeLimit(.minutes(1)))
struct RestoredAgeTests {
    /// The wall clock, in seconds, when the list was saved.
    private let savedAt = 1_800_000_000.0

    private func policy(keepingYoungerThan maxAge: Duration? = nil) -> RefreshPolicy {
        var policy = RefreshPolicy(pageSize: 2)
        if let maxAge {
            policy.refreshesRestoredList = .ifOlderThan(maxAge)
        }
        return policy
    }

    /// A list loaded then left `age` old on its own clock, saved with the wall clock at `savedAt`.
    private func savedList(age: Duration) async -> RefreshSnapshot<String> {
        let loader = TestPageLoader<String>()
        let clock = TestClock()
        let model = makeListModel(loader)
        model.refreshStatus.setClock(clock)
        await model.loadFirstPage(from: loader)
        clock.advance(by: age)
        return model.snapshot(wallClock: savedAt)
    }

    /// A new list (a relaunch: a clock of its own) restored from `saved` at `restoredAt`.
    private func restoredList(
        _ saved: RefreshSnapshot<String>, at restoredAt: Double?, policy: RefreshPolicy
    ) throws -> (RefreshListModel<String>, TestPageLoader<String>) {
        let loader = TestPageLoader<String>()
        let model = makeListModel(loader, policy: policy)
        model.refreshStatus.setClock(TestClock())
        try model.restore(from: saved, wallClock: restoredAt)
        return (model, loader)
    }

    @Test func aListSavedSecondsAgoShowsItsRowsWithoutRefreshingWhenThePolicyKeepsYoungLists() async throws {
        let saved = await savedList(age: .seconds(30))
        let (model, loader) = try restoredList(
            saved, at: savedAt + 60, policy: policy(keepingYoungerThan: .seconds(5 * 60)))
        #expect(model.refreshStatus.age(of: 0) == .seconds(90))
        model.setUp()
        await loader.settle()
        #expect(loader.loads.isEmpty, "a list saved 90 seconds ago refreshed on its first appearance")
        #expect(Array(model.items) == saved.items(of: 0))
        #expect(!model.refreshIfStale(olderThan: .seconds(5 * 60)))
    }

    @Test func aRestoredListOlderThanTheLimitRefreshesOnItsFirstAppearance() async throws {
        let saved = await savedList(age: .seconds(30))
        let (model, loader) = try restoredList(
            saved, at: savedAt + 400, policy: policy(keepingYoungerThan: .seconds(5 * 60)))
        #expect(model.refreshStatus.age(of: 0) == .seconds(430))
        model.setUp()
        #expect(await loader.waitForLoads(count: 1))
        #expect(loader.pendingRequests.map(\.kind) == [.refresh])
    }

    @Test func byDefaultARestoredListRefreshesHoweverYoungAndKeepsItsAge() async throws {
        let saved = await savedList(age: .seconds(30))
        let (model, loader) = try restoredList(saved, at: savedAt + 10, policy: policy())
        #expect(model.refreshStatus.age(of: 0) == .seconds(40))
        model.setUp()
        #expect(await loader.waitForLoads(count: 1))
        #expect(loader.pendingRequests.map(\.kind) == [.refresh])
    }

    @Test func aSnapshotSavedWithoutTheTimeStillDecodesAndItsListRefreshes() async throws {
        let saved = await savedList(age: .seconds(30))
        let data = try JSONEncoder().encode(saved)
        #expect(String(decoding: data, as: UTF8.self).contains("refreshedAt"))
        // As an earlier version wrote it: no time of the last refresh.
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var sources = try #require(json["sources"] as? [[String: Any]])
        sources[0]["refreshedAt"] = nil
        json["sources"] = sources
        let old = try JSONDecoder().decode(
            RefreshSnapshot<String>.self, from: JSONSerialization.data(withJSONObject: json))
        let (model, loader) = try restoredList(old, at: savedAt + 10, policy: policy(keepingYoungerThan: .seconds(300)))
        #expect(model.refreshStatus.age(of: 0) == nil)
        #expect(Array(model.items) == saved.items(of: 0))
        model.setUp()
        #expect(await loader.waitForLoads(count: 1))
    }

    @Test func aWallClockSetBackOrADamagedTimeLeavesTheListWithoutAnAge() async throws {
        let saved = await savedList(age: .seconds(30))
        let young = policy(keepingYoungerThan: .seconds(300))
        let (setBack, _) = try restoredList(saved, at: savedAt - 3_600, policy: young)
        #expect(setBack.refreshStatus.age(of: 0) == nil)
        let (notGiven, _) = try restoredList(saved, at: nil, policy: young)
        #expect(notGiven.refreshStatus.age(of: 0) == nil)

        let data = try JSONEncoder().encode(saved)
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var sources = try #require(json["sources"] as? [[String: Any]])
        sources[0]["refreshedAt"] = -1e300
        json["sources"] = sources
        let damaged = try JSONDecoder().decode(
            RefreshSnapshot<String>.self, from: JSONSerialization.data(withJSONObject: json))
        let (model, loader) = try restoredList(damaged, at: savedAt, policy: young)
        #expect(model.refreshStatus.age(of: 0) == nil)
        model.setUp()
        #expect(await loader.waitForLoads(count: 1), "a damaged time kept the list from refreshing")
    }

    @Test func aWallClockThatIsNoNumberSavesNoTime() async throws {
        let loader = TestPageLoader<String>()
        let model = makeListModel(loader)
        model.refreshStatus.setClock(TestClock())
        await model.loadFirstPage(from: loader)
        let saved = model.snapshot(wallClock: .nan)
        let data = try JSONEncoder().encode(saved)
        #expect(!String(decoding: data, as: UTF8.self).contains("refreshedAt"))
    }
}
