import Foundation
import Refreshable
import RefreshableUIKit
import UIKit

// A synced to-do app's "Tasks" screen (think Todoist or Things): a table of one project's tasks from a
// server, pull to refresh (UIRefreshControl), more tasks as the last rows come on screen, rows by id
// through a diffable data source, and local edits: add a task at the top (shown before the server
// has it), toggle done, rename, swipe to delete, each sent to the API in the background and
// reverted when the API refuses it. Callback-style networking (`Refreshable`). Written from the
// public docs only (README, AdoptingRefreshable, ItemsWithAnIdentity, Rules I1-I4,
// TestingAViewController). The stand-in UIKit has no UITableViewController: the screen is a
// UIViewController whose view is its table, as OrderTabsViewController is.

/// The task server: a callback-style list, and async edits.
@MainActor
protocol TodoTasksAPI: AnyObject {
    func tasks(project: String, page: Int, completion: @escaping @MainActor (Result<TodoTasksPage, any Error>) -> Void)
    /// Creates the task with the app's id; returns the server's copy.
    func create(_ task: TodoTask, project: String) async throws -> TodoTask
    func setDone(_ isDone: Bool, taskID: String) async throws -> TodoTask
    func rename(taskID: String, to title: String) async throws -> TodoTask
    func delete(taskID: String) async throws
}

/// What the screen needs of its pull-to-refresh control: `UIRefreshControl`'s own members, which
/// the testing kit's `TestHeaderControl` has too (TestingAViewController, "Let the controller take
/// its controls").
@MainActor
protocol TasksPullToRefreshControl: RefreshHeaderControl {
    func addAction(_ action: UIAction, for controlEvents: UIControl.Event)
}

extension UIRefreshControl: TasksPullToRefreshControl {}

final class TasksTableViewController: UIViewController, Refreshable, UITableViewDelegate {
    static let noMoreTitle = "No more tasks"

    let api: any TodoTasksAPI
    private(set) var project: String
    let tableView = UITableView(frame: .zero, style: .plain)
    let pullControl: any TasksPullToRefreshControl
    let failureView: (any RefreshListView)?
    let refreshStatus: RefreshRuntime<TodoTask>
    var refreshHeaderControl: (any RefreshHeaderControl)? { pullControl }
    var refreshFooterControl: (any RefreshFooterControl)? { nil }
    var refreshListView: (any RefreshListView)? { failureView ?? tableView }
    /// Bumped on every project switch: an edit's API answer for the old project must not touch the
    /// new project's list (the docs say nothing about edits in flight across a replaced state).
    private var generation = 0

    lazy var rows = UITableViewDiffableDataSource<Int, TodoTask.ID>(tableView: tableView) {
        [unowned self] table, at, _ in
        let cell = table.dequeueReusableCell(withIdentifier: "task", for: at)
        cell.textLabel?.text = text(of: currentItems[at.row])
        return cell
    }

    init(
        api: any TodoTasksAPI,
        project: String,
        pageSize: Int = 20,
        pullControl: any TasksPullToRefreshControl = UIRefreshControl(),
        failureView: (any RefreshListView)? = nil
    ) {
        self.api = api
        self.project = project
        self.pullControl = pullControl
        self.failureView = failureView
        refreshStatus = RefreshRuntime(
            noMoreTitles: [Self.noMoreTitle], policy: RefreshPolicy(pageSize: pageSize), identity: .id())
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func loadView() { view = tableView }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "task")
        tableView.delegate = self
        tableView.refreshControl = pullControl as? UIRefreshControl
        pullControl.addAction(UIAction { [weak self] _ in self?.headerRefreshingAction() }, for: .valueChanged)
        _ = rows  // the data source before the first update
        setupRefreshHeader()
    }

    // MARK: Loading

    func refreshData(isRefresh: Bool) {
        let request = refreshRequest
        api.tasks(project: project, page: request.page) { [weak self] result in
            switch result {
            case .success(let page):
                self?.loadSuccess(
                    RefreshPage(items: page.tasks, curPage: page.curPage, pageCount: page.pageCount), for: request)
            case .failure(let error):
                self?.loadFailer(error, for: request)
            }
        }
    }

    func refreshDidUpdate(_ update: RefreshUpdate) {
        rows.applyRefreshUpdate(update, of: self, section: 0)
    }

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        loadMoreIfNeeded(forRowAt: indexPath)
    }

    // MARK: What the user sees

    /// A row's text: a check box, the title, and "(saving…)" while the server has not got it.
    func text(of task: TodoTask) -> String {
        let box = task.isDone ? "[x]" : "[ ]"
        return isPending(id: task.id) ? "\(box) \(task.title) (saving…)" : "\(box) \(task.title)"
    }

    /// The rows on screen, as the table's data source draws them.
    var visibleRows: [String] {
        (0..<rows.tableView(tableView, numberOfRowsInSection: 0)).map { row in
            rows.tableView(tableView, cellForRowAt: IndexPath(row: row, section: 0)).textLabel?.text ?? ""
        }
    }

    // MARK: Local edits

    /// The add field: the task shows at once, first, pending until an answer brings its id.
    func addTask(title: String, id: String = UUID().uuidString) {
        let task = TodoTask(id: id, title: title, isDone: false)
        let generation = generation
        insertPendingItem(task, at: 0)
        Task {
            do {
                let saved = try await api.create(task, project: project)
                guard generation == self.generation, let held = item(id: task.id), isPending(id: task.id)
                else { return }
                // The copy was asked for before any edit the user made since (a tick): it must not
                // undo that edit, so the row keeps the held content where it differs from what was
                // sent. Confirming ends "saving…" without a refresh, which would take the user
                // back to page 1.
                let copy = held == task ? saved : TodoTask(id: saved.id, title: held.title, isDone: held.isDone)
                if saved.id == task.id {
                    confirmPendingItem(copy)
                } else {
                    // A server that gives its own id (Todoist's temp_id mapping): the server's copy
                    // takes the pending row, found by the server's id from then on.
                    confirmPendingItem(copy, replacing: task.id)
                }
            } catch {
                guard generation == self.generation else { return }
                removeItem(id: task.id)  // the docs' "the app gives up"
            }
        }
    }

    /// A tap on the check box: shown at once, sent in the background, reverted when refused.
    func toggleDone(id: String) {
        guard var task = item(id: id) else { return }
        task.isDone.toggle()
        let wanted = task.isDone
        let generation = generation
        updateItem(task)
        Task {
            do {
                _ = try await api.setDone(wanted, taskID: id)
            } catch {
                guard generation == self.generation else { return }
                // Revert only what this edit changed, on the copy held now. A revert is not an
                // edit: a refresh in flight shows the server's copy, which may be newer.
                guard var held = item(id: id), held.isDone == wanted else { return }
                held.isDone = !wanted
                revertItem(held)
            }
        }
    }

    /// The edit sheet's Save.
    func rename(id: String, to title: String) {
        guard var task = item(id: id) else { return }
        let before = task.title
        task.title = title
        let generation = generation
        updateItem(task)
        Task {
            do {
                _ = try await api.rename(taskID: id, to: title)
            } catch {
                guard generation == self.generation else { return }
                guard var held = item(id: id), held.title == title else { return }
                held.title = before
                revertItem(held)
            }
        }
    }

    /// A swipe's Delete: the row goes at once; a refused delete puts it back where it was.
    func deleteTask(id: String) {
        // The removal's update names the row it left, for the revert.
        guard let task = item(id: id), let removal = removeItem(id: id, source: currentIndex),
            case .removed(let rows) = removal.change
        else { return }
        let row = rows.lowerBound
        let generation = generation
        Task {
            do {
                try await api.delete(taskID: id)
                // A refresh asked after the swipe but answered before the server deleted the task
                // brought it back ("an answer asked for after it has the last word"): now the
                // server has deleted it, take it away again.
                guard generation == self.generation, item(id: id) != nil else { return }
                removeItem(id: id)
            } catch {
                guard generation == self.generation, item(id: id) == nil else { return }
                insertItem(task, at: min(row, currentItems.count))
            }
        }
    }

    // MARK: Logout and project switch

    /// Another project (or, after a logout, another account's): the list empties and loads the new
    /// project; nothing the old one asked for lands (AdoptingRefreshable: "To start over (a logout,
    /// a new filter), set `RefreshRuntime.sources` to a new value").
    func switchProject(to project: String) {
        self.project = project
        generation += 1
        refreshStatus.sources = RefreshSources(
            noMoreTitles: [Self.noMoreTitle], policy: refreshStatus.sources.policy, identity: .id())
    }
}
