// The to-do list's model types, shared by the Tasks screen and the docs' snippets about it.

/// One task as the server sends it. Its id is a String the server keeps (the app makes the id of a
/// task it creates, as the docs' pending items ask: "with the id the server will give its copy").
struct TodoTask: Identifiable, Sendable, Equatable {
    let id: String
    var title: String
    var isDone: Bool
}

/// One page of a project's tasks as the client decodes it.
struct TodoTasksPage: Sendable {
    var tasks: [TodoTask]
    var curPage: Int?
    var pageCount: Int?
}
