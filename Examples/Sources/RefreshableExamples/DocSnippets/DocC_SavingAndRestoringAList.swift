import Foundation
import Refreshable
import RefreshableSwiftUI
import RefreshableUIKit
import SwiftUI
import UIKit

// Mirrors Sources/Refreshable/Refreshable.docc/SavingAndRestoringAList.md: its code blocks,
// verbatim, with the example server as `api`. DocSnippetDriftTests fails when they drift apart.

enum DocCSavingAndRestoringAList {
    static let api = OrdersAPI()

    final class SavedOrdersViewController: UIViewController, AsyncRefreshable {
        let api = OrdersAPI()  // your networking
        let tableView = UITableView(frame: .zero, style: .plain)
        let refreshStatus: RefreshRuntime<Order> = [RefreshState(noMoreTitle: "No more orders")]
        var refreshHeaderControl: (any RefreshHeaderControl)? { tableView.refreshControl }
        var refreshFooterControl: (any RefreshFooterControl)? { nil }
        var refreshListView: (any RefreshListView)? { tableView }
        let savedOrders = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("orders.json")
        private var backgroundObserver: (any NSObjectProtocol)?

        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.refreshControl = UIRefreshControl(for: self)
            if let data = try? Data(contentsOf: savedOrders),
                let saved = try? JSONDecoder().decode(RefreshSnapshot<Order>.self, from: data)
            {
                try? refreshStatus.restore(from: saved)  // a refused snapshot leaves an empty list
            }
            setupRefreshHeader()  // the saved rows at once, refreshed behind them
            backgroundObserver = NotificationCenter.default.addObserver(
                forName: UIScene.didEnterBackgroundNotification, object: nil, queue: .main
            ) { [weak self] _ in
                MainActor.assumeIsolated { self?.saveOrders() }
            }
        }

        func saveOrders() {
            guard let data = try? JSONEncoder().encode(refreshStatus.snapshot()) else { return }
            try? data.write(to: savedOrders, options: .atomic)
        }

        func loadPage(_ request: RefreshRequest) async throws -> RefreshPage<Order> {
            let answer = try await api.orders(page: request.page)
            return RefreshPage(items: answer.datas, curPage: answer.curPage, pageCount: answer.pageCount)
        }
    }

    struct SavedOrdersView: View {
        @State private var model = RefreshListModel<Order>(
            noMoreTitles: ["No more orders"], identity: .id()
        ) { request in
            let response = try await api.orders(page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }
        @SceneStorage("orders") private var savedOrders: Data?
        @Environment(\.scenePhase) private var scenePhase

        var body: some View {
            List {
                ForEach(model.items) { order in
                    Text(order.title)
                        .onAppear { model.itemDidAppear(order) }
                }
            }
            .refreshable { [model] in await model.refresh() }
            .task {
                if model.items.isEmpty, let savedOrders,
                    let saved = try? JSONDecoder().decode(RefreshSnapshot<Order>.self, from: savedOrders)
                {
                    try? model.restore(from: saved)
                }
                model.setUp()  // refreshes the restored rows in the background
            }
            .onChange(of: scenePhase) { _, phase in
                if phase == .background {
                    savedOrders = try? JSONEncoder().encode(model.snapshot())
                }
            }
        }
    }

    struct SavedOrdersList: View {
        @State private var model = RefreshListModel<Order>(
            noMoreTitles: ["No more orders"], identity: .id()
        ) { request in
            let response = try await api.orders(page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }
        @State private var isRestored = false
        @SceneStorage("orders") private var savedOrders: Data?
        @Environment(\.scenePhase) private var scenePhase

        var body: some View {
            VStack {
                if isRestored {
                    RefreshList(model) { order in
                        Text(order.title)
                    }
                } else {
                    ProgressView()
                }
            }
            .task {
                if !isRestored, let savedOrders,
                    let saved = try? JSONDecoder().decode(RefreshSnapshot<Order>.self, from: savedOrders)
                {
                    try? model.restore(from: saved)
                }
                isRestored = true  // the list shows now, and RefreshList sets it up: one refresh
            }
            .onChange(of: scenePhase) { _, phase in
                if phase == .background {
                    savedOrders = try? JSONEncoder().encode(model.snapshot())
                }
            }
        }
    }

    struct SavedSearch: Codable {
        var query: SearchQuery
        var results: RefreshSnapshot<Listing>
    }
}
