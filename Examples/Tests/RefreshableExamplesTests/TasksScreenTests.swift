import Foundation
import Refreshable
import RefreshableTesting
import RefreshableTestingUIKit
import Testing
import UIKit

@testable import RefreshableExamples

// What a user of the synced "Tasks" screen does, each a test, checked on what the table's diffable
// data source draws. Written from the docs only (TestingAViewController, "Drive the screen
// yourself"; ItemsWithAnIdentity; Rules I1-I4).

extension TestHeaderControl: TasksPullToRefreshControl {}

struct TasksAPIError: Error {}

/// The task server: the list backed by the rig's loader (callback style), the edits held until the
/// test answers them.
@MainActor
final class FakeTasksAPI: TodoTasksAPI {
    let loader: TestPageLoader<TodoTask>
    /// The project of each list request, in order.
    private(set) var listedProjects: [String] = []
    /// The edits sent, in order ("done t2 true", "delete t2", ...).
    private(set) var sent: [String] = []
    private var waiting: [String: CheckedContinuation<TodoTask?, any Error>] = [:]

    init(loader: TestPageLoader<TodoTask>) {
        self.loader = loader
    }

    func tasks(project: String, page: Int, completion: @escaping @MainActor (Result<TodoTasksPage, any Error>) -> Void)
    {
        listedProjects.append(project)
        loader.start(source: 0, page: page) { result in
            completion(result.map { TodoTasksPage(tasks: $0.items, curPage: $0.curPage, pageCount: $0.pageCount) })
        }
    }

    private func call(_ name: String) async throws -> TodoTask? {
        sent.append(name)
        return try await withCheckedThrowingContinuation { waiting[name] = $0 }
    }

    func create(_ task: TodoTask, project: String) async throws -> TodoTask {
        try await call("create \(task.id)") ?? task
    }

    func setDone(_ isDone: Bool, taskID: String) async throws -> TodoTask {
        try await call("done \(taskID) \(isDone)") ?? TodoTask(id: taskID, title: "", isDone: isDone)
    }

    func rename(taskID: String, to title: String) async throws -> TodoTask {
        try await call("rename \(taskID) \(title)") ?? TodoTask(id: taskID, title: title, isDone: false)
    }

    func delete(taskID: String) async throws {
        _ = try await call("delete \(taskID)")
    }

    /// The server accepts the edit (with its copy, for a create).
    func succeed(_ name: String, with copy: TodoTask? = nil) {
        waiting.removeValue(forKey: name)!.resume(returning: copy)
    }

    /// The server refuses the edit.
    func fail(_ name: String) {
        waiting.removeValue(forKey: name)!.resume(throwing: TasksAPIError())
    }

    var waitingCalls: Set<String> { Set(waiting.keys) }
}

@Sendable func makeTodoTask(_ item: TestItem) -> TodoTask {
    TodoTask(id: "t\(item.id)", title: "task \(item.id)", isDone: false)
}

func task(_ id: String, _ title: String? = nil, done: Bool = false) -> TodoTask {
    TodoTask(id: id, title: title ?? id, isDone: done)
}

/// A diffable data source that remembers what a real table shows in each cell: a cell is drawn
/// when its row is new, reconfigured or reloaded, or when the snapshot is applied with
/// `applySnapshotUsingReloadData`; otherwise UIKit keeps the cell as it was, whatever the item
/// holds now.
@MainActor
final class CellTrackingDataSource: UITableViewDiffableDataSource<Int, String> {
    /// The text of each row's cell as last drawn.
    private(set) var drawn: [String: String] = [:]
    /// The text the controller would draw for an id now.
    var draw: (String) -> String = { $0 }

    override func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<Int, String>, animatingDifferences: Bool = true,
        completion: (() -> Void)? = nil
    ) {
        let old = Set(self.snapshot().itemIdentifiers)
        super.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
        let redrawn = Set(snapshot.reconfiguredItemIdentifiers + snapshot.reloadedItemIdentifiers)
        record(snapshot) { !old.contains($0) || redrawn.contains($0) }
    }

    override func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<Int, String>, completion: (() -> Void)? = nil
    ) {
        super.applySnapshotUsingReloadData(snapshot, completion: completion)
        record(snapshot) { _ in true }
    }

    private func record(_ snapshot: NSDiffableDataSourceSnapshot<Int, String>, redraws: (String) -> Bool) {
        var drawn: [String: String] = [:]
        for id in snapshot.itemIdentifiers {
            drawn[id] = redraws(id) ? draw(id) : (self.drawn[id] ?? "<never drawn>")
        }
        self.drawn = drawn
    }

    /// The rows as a real table shows them.
    var shownRows: [String] { snapshot().itemIdentifiers.map { drawn[$0] ?? "<never drawn>" } }
}

/// One launch of the Tasks screen on the rig's doubles.
@MainActor
final class TasksScreen {
    let rig: ConformanceRig<TodoTask>
    let api: FakeTasksAPI
    let controller: TasksTableViewController
    let cells: CellTrackingDataSource
    var loader: TestPageLoader<TodoTask> { rig.loader }

    init(pageSize: Int = 3) {
        rig = ConformanceRig(
            configuration: ConformanceConfiguration(sourceCount: 1, policy: RefreshPolicy(pageSize: pageSize)),
            makeItem: makeTodoTask)
        api = FakeTasksAPI(loader: rig.loader)
        let controller = TasksTableViewController(
            api: api, project: "Home", pageSize: pageSize, pullControl: rig.header, failureView: rig.listView)
        let cells = CellTrackingDataSource(tableView: controller.tableView) { [unowned controller] table, at, _ in
            let cell = table.dequeueReusableCell(withIdentifier: "task", for: at)
            cell.textLabel?.text = controller.text(of: controller.currentItems[at.row])
            return cell
        }
        cells.draw = { [unowned controller] id in controller.item(id: id).map(controller.text(of:)) ?? "<gone>" }
        controller.rows = cells
        self.controller = controller
        self.cells = cells
        controller.loadViewIfNeeded()  // wires the pull and asks for page 1
        rig.connect(controller)
    }

    /// The rows as the user sees them: what a real table's cells show. When the library did not
    /// mark a changed row for redrawing, this differs from `controller.visibleRows`.
    var rows: [String] {
        #expect(cells.shownRows == controller.visibleRows, "a cell shows stale content")
        return cells.shownRows
    }

    /// The oldest load still waiting for the server.
    func pendingLoad(_ kind: RefreshRequest.Kind? = nil) throws -> TestLoad {
        try #require(loader.pending.first { kind == nil || $0.kind == kind })
    }

    /// The server answers the oldest waiting load (of that kind) with these tasks.
    func answer(_ kind: RefreshRequest.Kind? = nil, _ tasks: [TodoTask], pageCount: Int) async throws {
        let load = try pendingLoad(kind)
        loader.answer(load, with: RefreshPage(items: tasks, curPage: load.page, pageCount: pageCount))
        await rig.settle()
    }

    /// The screen as loaded: page 1 of 3 holds a, b, c.
    static func loaded() async throws -> TasksScreen {
        let screen = TasksScreen()
        await screen.loader.waitForLoads(count: 1)
        try await screen.answer(.refresh, [task("a"), task("b"), task("c")], pageCount: 3)
        return screen
    }

    func pull() async {
        let count = loader.loads.count
        rig.header.pull()
        await loader.waitForLoads(count: count + 1)
    }

    /// The user scrolls to the last row: the table shows it.
    func scrollToBottom() async {
        let count = loader.loads.count
        let last = controller.currentItems.count - 1
        controller.tableView(
            controller.tableView, willDisplay: UITableViewCell(style: .default, reuseIdentifier: nil),
            forRowAt: IndexPath(row: last, section: 0))
        await loader.waitForLoads(count: count + 1)
    }

    /// Lets the edit's background task reach the API.
    func edit(_ action: () -> Void) async {
        let sent = api.sent.count
        action()
        for _ in 0..<100 where api.sent.count == sent { await Task.yield() }
    }

    func serverAnswers(_ call: () -> Void) async {
        call()
        for _ in 0..<20 { await Task.yield() }
        await rig.settle()
    }
}

@Suite("Tasks screen") @MainActor
struct TasksScreenTests {
    @Test func firstLoadPullAndLoadMoreShowTheProjectsTasks() async throws {
        let screen = try await TasksScreen.loaded()
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c"])
        await screen.scrollToBottom()
        try await screen.answer(.loadMore, [task("d"), task("e"), task("f")], pageCount: 2)
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c", "[ ] d", "[ ] e", "[ ] f"])
        #expect(screen.controller.refreshStatus[0].noMoreData)
        await screen.pull()
        try await screen.answer(.refresh, [task("a"), task("c")], pageCount: 1)
        #expect(screen.rows == ["[ ] a", "[ ] c"])
    }

    // MARK: Edits while a load is in flight

    @Test func aTaskTickedDuringASlowRefreshStaysTicked() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.pull()  // asked before the tick
        await screen.edit { screen.controller.toggleDone(id: "b") }
        #expect(screen.rows == ["[ ] a", "[x] b", "[ ] c"])
        // The refresh, asked before the tick, lands after it with b not done, and a new task z.
        try await screen.answer(.refresh, [task("z"), task("a"), task("b"), task("c")], pageCount: 2)
        #expect(screen.rows == ["[ ] z", "[ ] a", "[x] b", "[ ] c"])
        await screen.serverAnswers { screen.api.succeed("done b true") }
        #expect(screen.rows == ["[ ] z", "[ ] a", "[x] b", "[ ] c"])
        // A refresh asked after the tick has the last word: another device unticked b.
        await screen.pull()
        try await screen.answer(.refresh, [task("z"), task("a"), task("b", done: false)], pageCount: 1)
        #expect(screen.rows == ["[ ] z", "[ ] a", "[ ] b"])
    }

    @Test func aTaskTickedDuringALoadMoreStaysTickedAndShowsOnce() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.scrollToBottom()
        await screen.edit { screen.controller.toggleDone(id: "c") }
        // Page 2 starts with c again (a task added on the server pushed it down), not done.
        try await screen.answer(.loadMore, [task("c"), task("d"), task("e")], pageCount: 3)
        #expect(screen.rows == ["[ ] a", "[ ] b", "[x] c", "[ ] d", "[ ] e"])
    }

    @Test func aTaskRenamedDuringARefreshKeepsItsNewTitle() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.pull()
        await screen.edit { screen.controller.rename(id: "a", to: "Buy oat milk") }
        try await screen.answer(.refresh, [task("a", "Buy milk"), task("b")], pageCount: 1)
        #expect(screen.rows == ["[ ] Buy oat milk", "[ ] b"])
    }

    @Test func aTaskDeletedDuringARefreshStaysDeleted() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.pull()
        await screen.edit { screen.controller.deleteTask(id: "b") }
        #expect(screen.rows == ["[ ] a", "[ ] c"])
        try await screen.answer(.refresh, [task("a"), task("b"), task("c")], pageCount: 2)
        #expect(screen.rows == ["[ ] a", "[ ] c"])
        await screen.serverAnswers { screen.api.succeed("delete b") }
        // Hostile server: page 2 still carries the deleted task, and a task of page 1 again.
        await screen.scrollToBottom()
        try await screen.answer(.loadMore, [task("b"), task("c"), task("d")], pageCount: 2)
        #expect(screen.rows == ["[ ] a", "[ ] c", "[ ] d"])
    }

    @Test func aTaskAddedDuringARefreshStaysFirstUntilTheServerHasIt() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.pull()
        await screen.edit { screen.controller.addTask(title: "Call mom", id: "new1") }
        #expect(screen.rows == ["[ ] Call mom (saving…)", "[ ] a", "[ ] b", "[ ] c"])
        // The refresh asked before the add does not have it.
        try await screen.answer(.refresh, [task("a"), task("b")], pageCount: 1)
        #expect(screen.rows == ["[ ] Call mom (saving…)", "[ ] a", "[ ] b"])
        // A refresh asked after brings the server's copy, which takes its place once.
        await screen.serverAnswers { screen.api.succeed("create new1", with: task("new1", "Call Mom")) }
        await screen.pull()
        try await screen.answer(.refresh, [task("a"), task("new1", "Call Mom"), task("b")], pageCount: 1)
        #expect(screen.rows == ["[ ] a", "[ ] Call Mom", "[ ] b"])
    }

    /// The create's answer is the server's copy: `confirmPendingItem` ends "saving…" at once,
    /// without a refresh that would take a scrolled list back to page 1.
    @Test func theServersCopyFromTheCreateAnswerEndsSaving() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.edit { screen.controller.addTask(title: "Call mom", id: "new1") }
        await screen.serverAnswers { screen.api.succeed("create new1", with: task("new1", "Call Mom")) }
        #expect(screen.rows.first == "[ ] Call Mom")
    }

    /// A server that gives a task its own id (the app's id was only a temporary one): the row takes
    /// the server's id, and a refresh asked before that does not bring it keeps it (rule I3).
    @Test func anAddWhoseServerIDDiffersKeepsOneRow() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.edit { screen.controller.addTask(title: "Call mom", id: "tmp1") }
        await screen.pull()
        await screen.serverAnswers { screen.api.succeed("create tmp1", with: task("srv1", "Call mom")) }
        #expect(screen.rows == ["[ ] Call mom", "[ ] a", "[ ] b", "[ ] c"])
        try await screen.answer(.refresh, [task("a"), task("b"), task("c")], pageCount: 1)
        #expect(screen.rows == ["[ ] Call mom", "[ ] a", "[ ] b", "[ ] c"])
        await screen.pull()
        try await screen.answer(.refresh, [task("srv1", "Call mom"), task("a"), task("b"), task("c")], pageCount: 1)
        #expect(screen.rows == ["[ ] Call mom", "[ ] a", "[ ] b", "[ ] c"])
    }

    /// The user adds a task and ticks it at once; the create's answer (the server's copy, not done:
    /// asked before the tick) comes after the tick. The app must not let its own API's echo undo
    /// the tick, as the library does not let a load's answer.
    @Test func aNewTaskTickedBeforeTheServerSavedItStaysTicked() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.edit { screen.controller.addTask(title: "Call mom", id: "new1") }
        await screen.edit { screen.controller.toggleDone(id: "new1") }
        await screen.serverAnswers { screen.api.succeed("create new1", with: task("new1", "Call mom")) }
        #expect(screen.rows.first == "[x] Call mom", "saved, and still ticked")
    }

    @Test func anAddTheServerRefusesLeavesTheList() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.pull()
        await screen.edit { screen.controller.addTask(title: "Call mom", id: "new1") }
        await screen.serverAnswers { screen.api.fail("create new1") }
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c"])
        try await screen.answer(.refresh, [task("a"), task("b"), task("c")], pageCount: 1)
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c"])
    }

    /// The user adds a task, the server saves it (its create answer still on the way), the user
    /// pulls, and ticks the new task while that refresh (asked after the save, before the tick) is
    /// in flight. Its answer brings the task, not done: it ends "saving…", and the tick stands
    /// (rule I3 holds for pending items); the late create answer changes nothing.
    @Test func aNewTaskTickedDuringTheRefreshThatConfirmsItStaysTicked() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.edit { screen.controller.addTask(title: "Call mom", id: "new1") }
        await screen.pull()  // asked after the save: its answer brings new1
        await screen.edit { screen.controller.toggleDone(id: "new1") }
        #expect(screen.rows.first == "[x] Call mom (saving…)")
        try await screen.answer(.refresh, [task("new1", "Call mom"), task("a"), task("b")], pageCount: 1)
        #expect(screen.rows == ["[x] Call mom", "[ ] a", "[ ] b"])
        await screen.serverAnswers { screen.api.succeed("create new1") }
        await screen.serverAnswers { screen.api.succeed("done new1 true") }
        #expect(screen.rows.first == "[x] Call mom")
    }

    @Test func aTaskAddedDuringALoadMoreStaysFirst() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.scrollToBottom()
        await screen.edit { screen.controller.addTask(title: "Call mom", id: "new1") }
        try await screen.answer(.loadMore, [task("d"), task("e"), task("f")], pageCount: 3)
        #expect(screen.rows == ["[ ] Call mom (saving…)", "[ ] a", "[ ] b", "[ ] c", "[ ] d", "[ ] e", "[ ] f"])
        // Hostile: the server puts the new task on page 3 before its create answer arrives; the
        // page confirms it there, once, and the late create answer changes nothing.
        await screen.scrollToBottom()
        try await screen.answer(.loadMore, [task("new1", "Call mom"), task("g")], pageCount: 3)
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c", "[ ] d", "[ ] e", "[ ] f", "[ ] Call mom", "[ ] g"])
        await screen.serverAnswers { screen.api.succeed("create new1") }
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c", "[ ] d", "[ ] e", "[ ] f", "[ ] Call mom", "[ ] g"])
    }

    @Test func aTaskDeletedDuringALoadMoreIsLeftOutOfItsPage() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.scrollToBottom()
        await screen.edit { screen.controller.deleteTask(id: "c") }
        try await screen.answer(.loadMore, [task("c"), task("d")], pageCount: 3)
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] d"])
    }

    /// The user deletes b, pulls while the delete is on its way, and the refresh (asked after the
    /// swipe) comes back before the server deleted b: b shows again, as the rules say. Once the
    /// server confirms the delete, the screen removes it again.
    @Test func aDeleteConfirmedAfterARefreshBroughtTheTaskBackRemovesItAgain() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.edit { screen.controller.deleteTask(id: "b") }
        await screen.pull()
        try await screen.answer(.refresh, [task("a"), task("b"), task("c")], pageCount: 1)
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c"])
        await screen.serverAnswers { screen.api.succeed("delete b") }
        #expect(screen.rows == ["[ ] a", "[ ] c"])
    }

    @Test func aRefreshShowsAnotherDevicesRename() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.pull()
        try await screen.answer(
            .refresh, [task("a"), task("b", "b, renamed on the laptop", done: true), task("c")], pageCount: 1)
        #expect(screen.rows == ["[ ] a", "[x] b, renamed on the laptop", "[ ] c"])
    }

    @Test func tickedThenUntickedDuringARefreshEndsUnticked() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.pull()
        await screen.edit { screen.controller.toggleDone(id: "b") }
        await screen.edit { screen.controller.toggleDone(id: "b") }
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c"])
        try await screen.answer(.refresh, [task("a"), task("b", done: true), task("c")], pageCount: 1)
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c"])
        await screen.serverAnswers { screen.api.succeed("done b true") }
        await screen.serverAnswers { screen.api.succeed("done b false") }
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c"])
    }

    @Test func aTaskAddedBeforeTheFirstPageStaysOverAnEmptyProject() async throws {
        let screen = TasksScreen()
        await screen.loader.waitForLoads(count: 1)
        await screen.edit { screen.controller.addTask(title: "Call mom", id: "new1") }
        try await screen.answer(.refresh, [], pageCount: 1)
        #expect(screen.rows == ["[ ] Call mom (saving…)"])
        #expect(!screen.controller.refreshStatus[0].isLoadedEmpty)  // no "No tasks yet" over it
    }

    /// The first load fails: the placeholder with Retry covers the empty list. The user adds a
    /// task anyway: the row shows, and the placeholder, made for an empty list, should go.
    @Test func aTaskAddedOverTheFailurePlaceholderHidesIt() async throws {
        let screen = TasksScreen()
        await screen.loader.waitForLoads(count: 1)
        screen.loader.fail(try screen.pendingLoad())
        await screen.rig.settle()
        #expect(screen.rig.listView.placeholder != nil)
        await screen.edit { screen.controller.addTask(title: "Call mom", id: "new1") }
        #expect(screen.rows == ["[ ] Call mom (saving…)"])
        #expect(screen.rig.listView.placeholder == nil)
    }

    @Test func deletingEveryTaskShowsTheEmptyProject() async throws {
        let screen = TasksScreen()
        await screen.loader.waitForLoads(count: 1)
        try await screen.answer(.refresh, [task("a")], pageCount: 1)
        await screen.edit { screen.controller.deleteTask(id: "a") }
        #expect(screen.rows == [])
        #expect(screen.controller.refreshStatus[0].isLoadedEmpty)
    }

    // MARK: Edits the API refuses

    @Test func aTickTheServerRefusesIsUndone() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.pull()
        await screen.edit { screen.controller.toggleDone(id: "b") }
        await screen.serverAnswers { screen.api.fail("done b true") }
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c"])
        try await screen.answer(.refresh, [task("a"), task("b"), task("c")], pageCount: 1)
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c"])
    }

    /// The revert (`revertItem`) is not an edit of its own: the refresh in flight shows its copy
    /// of b, renamed on another device.
    @Test func afterARefusedTickTheRefreshInFlightShowsTheServersCopy() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.pull()
        await screen.edit { screen.controller.toggleDone(id: "b") }
        await screen.serverAnswers { screen.api.fail("done b true") }
        try await screen.answer(.refresh, [task("a"), task("b", "b, renamed on the laptop"), task("c")], pageCount: 1)
        #expect(screen.rows == ["[ ] a", "[ ] b, renamed on the laptop", "[ ] c"])
    }

    @Test func aRenameTheServerRefusesIsUndone() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.scrollToBottom()
        await screen.edit { screen.controller.rename(id: "a", to: "Buy oat milk") }
        await screen.serverAnswers { screen.api.fail("rename a Buy oat milk") }
        try await screen.answer(.loadMore, [task("d")], pageCount: 2)
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c", "[ ] d"])
    }

    @Test func aDeleteTheServerRefusesPutsTheRowBack() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.edit { screen.controller.deleteTask(id: "b") }
        await screen.serverAnswers { screen.api.fail("delete b") }
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c"])
        // Page 2 brings b again (the server pushed it down): still once.
        await screen.scrollToBottom()
        try await screen.answer(.loadMore, [task("b"), task("d")], pageCount: 2)
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c", "[ ] d"])
    }

    /// The delete is refused while the refresh asked before it is in flight: the row comes back
    /// (inserted again), and the refresh, which brings it, must keep it. Rule I2 ("a refresh that
    /// was already in flight when the item was removed" leaves it out) and rule I3 (an insertion
    /// "the refresh brings is held at the refresh's place") disagree here.
    @Test func aDeleteRefusedDuringARefreshKeepsTheRowWhenTheRefreshLands() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.pull()
        await screen.edit { screen.controller.deleteTask(id: "b") }
        await screen.serverAnswers { screen.api.fail("delete b") }
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c"])
        try await screen.answer(.refresh, [task("a"), task("b"), task("c")], pageCount: 1)
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c"])
    }

    /// The same during a load-more asked before the delete, whose page brings b.
    @Test func aDeleteRefusedDuringALoadMoreKeepsTheRow() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.scrollToBottom()
        await screen.edit { screen.controller.deleteTask(id: "c") }
        await screen.serverAnswers { screen.api.fail("delete c") }
        try await screen.answer(.loadMore, [task("c"), task("d")], pageCount: 2)
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c", "[ ] d"])
    }

    // MARK: Hostile server

    @Test func duplicateIDsAcrossPagesShowOnce() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.scrollToBottom()
        try await screen.answer(.loadMore, [task("a"), task("b", "b again"), task("d")], pageCount: 5)
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c", "[ ] d"])
        // A page of nothing but duplicates does not end the list, nor loop forever.
        await screen.scrollToBottom()
        try await screen.answer(.loadMore, [task("c"), task("d")], pageCount: 5)
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] c", "[ ] d"])
        #expect(!screen.controller.refreshStatus[0].noMoreData)
    }

    @Test func aTickDuringARefreshThatBringsTheTaskTwiceShowsItOnceTicked() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.pull()
        await screen.edit { screen.controller.toggleDone(id: "b") }
        try await screen.answer(.refresh, [task("b", "b first"), task("a"), task("b", "b second")], pageCount: 1)
        #expect(screen.rows == ["[x] b", "[ ] a"])
    }

    @Test func aPageNumberedPastTheEndIsRefusedAndTheTasksStay() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.edit { screen.controller.toggleDone(id: "a") }
        await screen.scrollToBottom()
        let load = try screen.pendingLoad(.loadMore)
        screen.loader.answer(load, with: RefreshPage(items: [task("d")], curPage: 7, pageCount: 3))
        await screen.rig.settle()
        #expect(screen.rows == ["[x] a", "[ ] b", "[ ] c"])
        #expect(screen.rig.listView.messages.count == 1)
    }

    @Test func duplicateIDsWithinOnePageShowOnce() async throws {
        let screen = TasksScreen()
        await screen.loader.waitForLoads(count: 1)
        try await screen.answer(.refresh, [task("a"), task("b"), task("a", "a again")], pageCount: 3)
        #expect(screen.rows == ["[ ] a", "[ ] b"])
        await screen.scrollToBottom()
        try await screen.answer(.loadMore, [task("d"), task("d"), task("e")], pageCount: 3)
        #expect(screen.rows == ["[ ] a", "[ ] b", "[ ] d", "[ ] e"])
    }

    // MARK: Project switch and logout

    @Test func switchingProjectEmptiesTheListAndLoadsTheNewOne() async throws {
        let screen = try await TasksScreen.loaded()
        await screen.pull()  // Home's refresh, still in flight
        await screen.edit { screen.controller.toggleDone(id: "a") }
        await screen.edit { screen.controller.deleteTask(id: "b") }
        let loads = screen.loader.loads.count
        screen.controller.switchProject(to: "Work")
        await screen.loader.waitForLoads(count: loads + 1)
        #expect(screen.rows == [])
        #expect(screen.api.listedProjects.last == "Work")
        // Home's late answer and its refused edits land nowhere.
        let home = try #require(screen.loader.loads.dropLast().last)
        screen.loader.answer(home, with: RefreshPage(items: [task("a"), task("b")], curPage: 1, pageCount: 1))
        await screen.rig.settle()
        #expect(screen.rows == [])
        await screen.serverAnswers { screen.api.fail("done a true") }
        await screen.serverAnswers { screen.api.fail("delete b") }
        #expect(screen.rows == [])
        try await screen.answer(.refresh, [task("w1"), task("w2")], pageCount: 1)
        #expect(screen.rows == ["[ ] w1", "[ ] w2"])
    }

    // MARK: The library's own checks

    /// The docs' conformance suite for a view controller: the tasks' ids are the server's Strings,
    /// which `itemID` gives the suite for each `TestItem.id`, as `makeTodoTask` makes them.
    @Test func tasksControllerKeepsEveryRule() async throws {
        let configuration = ConformanceConfiguration(itemID: { "t\($0)" })
        try await RefreshableConformance.checkViewController(configuration, makeItem: makeTodoTask) { rig in
            let controller = TasksTableViewController(
                api: FakeTasksAPI(loader: rig.loader), project: "Home", pullControl: rig.header,
                failureView: rig.listView)
            controller.loadViewIfNeeded()
            return controller
        }
    }

    @Test func insertingAnIDTheListHoldsKeepsItOnce() {
        var sources = RefreshSources<TodoTask>(noMoreTitles: [""], identity: .id())
        _ = sources.insertItem(task("a"), at: 0, source: 0)
        _ = sources.insertItem(task("a", "a again"), at: 0, source: 0)
        #expect(sources[0].items.map(\.id) == ["a"])
    }
}
