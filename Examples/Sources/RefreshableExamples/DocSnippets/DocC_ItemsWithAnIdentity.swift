import MJRefresh
import Refreshable
import RefreshableUIKit
import UIKit

// ios-typecheck: iOS 13
// Mirrors Sources/Refreshable/Refreshable.docc/ItemsWithAnIdentity.md ("Items with an identity"):
// its code blocks, verbatim, inside one controller. DocSnippetDriftTests fails when they drift apart.

enum DocCItemsWithAnIdentity {
    /// A controller whose list holds each order once and edits orders by id.
    final class OrdersController: UIViewController, AsyncRefreshable {
        let tableView = UITableView(frame: .zero, style: .plain)
        let api = OrdersAPI()

        // "Overview".
        let refreshStatus = RefreshRuntime<Order>(noMoreTitles: ["No more orders"], identity: .id())

        var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
        var refreshFooterControl: (any RefreshFooterControl)? { tableView.mj_footer }
        var refreshListView: (any RefreshListView)? { tableView }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            let response = try await api.orders(tab: request.source, page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }

        // "Edit items without a refresh".
        func orderWasCancelled(_ order: Order) {
            removeItem(id: order.id)
        }

        func orderWasRenamed(_ order: Order) {
            updateItem(order)
        }

        // "Animate the changes".
        func refreshDidUpdate(_ update: RefreshUpdate) {
            tableView.applyRefreshUpdate(update, of: self)
        }
    }

    /// A chat whose messages sent from this device show at once, pending until the server has them.
    final class ChatController: UIViewController, AsyncRefreshable {
        let tableView = UITableView(frame: .zero, style: .plain)
        let api = MessagesAPI()
        let refreshStatus = RefreshRuntime<Message>(noMoreTitles: ["The start of the chat"], identity: .id())

        var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
        var refreshFooterControl: (any RefreshFooterControl)? { tableView.mj_footer }
        var refreshListView: (any RefreshListView)? { tableView }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Message> {
            RefreshPage(items: try await api.messages(page: request.page))
        }

        // "Pending local items".
        func send(_ text: String) {
            let message = Message(id: api.newMessageID(), text: text)
            insertPendingItem(message, at: 0)
            Task {
                do {
                    try await api.send(message)
                    refresh()
                } catch {
                    // The app gives up: the message leaves the list.
                    removeItem(id: message.id)
                }
            }
        }

        func configure(_ cell: UITableViewCell, with message: Message) {
            cell.textLabel?.text = isPending(id: message.id) ? "\(message.text) (sending…)" : message.text
        }
    }
}

extension DocCItemsWithAnIdentity {
    /// A to-do server for the snippets below: it saves under its own ids and may refuse an edit.
    actor TodoAPI {
        private var nextID = 1

        func tasks(project: String, page: Int) async throws -> [TodoTask] { [] }

        func create(_ draft: TodoTask) async throws -> TodoTask {
            nextID += 1
            return TodoTask(id: "srv\(nextID)", title: draft.title, isDone: draft.isDone)
        }

        func setDone(_ isDone: Bool, id: String) async throws {}

        func delete(_ id: String) async throws {}
    }

    /// A to-do list that adds, ticks and deletes tasks by id, and switches projects.
    final class TasksController: UIViewController, AsyncRefreshable {
        let tableView = UITableView(frame: .zero, style: .plain)
        let api = TodoAPI()
        let refreshStatus = RefreshRuntime<TodoTask>(noMoreTitles: ["No more tasks"], identity: .id())
        var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
        var refreshFooterControl: (any RefreshFooterControl)? { tableView.mj_footer }
        var refreshListView: (any RefreshListView)? { tableView }
        private(set) var project = "Inbox"
        private(set) var generation = 0

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<TodoTask> {
            RefreshPage(items: try await api.tasks(project: project, page: request.page))
        }

        // "Roll back an edit the server refused".
        func toggleDone(_ task: TodoTask) {
            var ticked = task
            ticked.isDone.toggle()
            updateItem(ticked)
            Task {
                do { try await api.setDone(ticked.isDone, id: task.id) } catch { revertItem(task) }
            }
        }

        // "Pending local items", for a server that gives its own ids.
        func add(_ draft: TodoTask) {
            insertPendingItem(draft, at: 0)  // draft.id is temporary
            Task {
                do {
                    let saved = try await api.create(draft)
                    confirmPendingItem(saved, replacing: draft.id)
                } catch {
                    removeItem(id: draft.id)
                }
            }
        }

        // AdoptingRefreshable.md, "Change the query or filter".
        func switchProject(to project: String) {
            self.project = project
            generation += 1  // what each API call's completion compares
            reset()
        }

        func delete(_ task: TodoTask, at row: Int) {
            let generation = generation
            removeItem(id: task.id)
            Task {
                do { try await api.delete(task.id) } catch {
                    guard generation == self.generation else { return }  // another list now
                    insertItem(task, at: row)
                }
            }
        }
    }
}
