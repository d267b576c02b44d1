import Observation
import Refreshable
import RefreshableSwiftUI
import SwiftUI

// Mirrors Sources/Refreshable/Refreshable.docc/UsingRefreshableWithSwiftUI.md: its code blocks,
// verbatim, with the example server as `api`. DocSnippetDriftTests fails when they drift apart.

enum DocCUsingRefreshableWithSwiftUI {
    static let api = OrdersAPI()

    struct OrdersView: View {
        @State private var model = RefreshListModel<Order>(
            noMoreTitles: ["No more orders"], identity: .id()
        ) { request in
            let response = try await api.orders(page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }

        var body: some View {
            List {
                ForEach(model.items) { order in
                    Text(order.title)
                        .onAppear { model.itemDidAppear(order) }
                        .onDisappear { model.itemDidDisappear(order) }
                }
                if model.isLoadingMore { ProgressView() }
                if let text = model.noMoreText { Text(text) }
            }
            .refreshable { [model] in await model.refresh() }
            .task { model.setUp() }
        }
    }

    struct OrderTabsView: View {
        @State private var model = RefreshListModel<Order>(
            noMoreTitles: ["No more orders", "No more unpaid orders"], identity: .id()
        ) { request in
            let response = try await api.orders(tab: request.source, page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }

        var body: some View {
            VStack {
                Picker("Orders", selection: model.selectedSource) {
                    Text("All").tag(0)
                    Text("Unpaid").tag(1)
                }
                .pickerStyle(.segmented)
                List {
                    ForEach(model.items) { order in
                        Text(order.title)
                            .onAppear { model.itemDidAppear(order) }
                            .onDisappear { model.itemDidDisappear(order) }
                    }
                    if model.isLoadingMore { ProgressView() }
                    if let text = model.noMoreText { Text(text) }
                }
                .refreshable { [model] in await model.refresh() }
                .task { model.setUp() }
            }
        }
    }

    /// "Refresh when stale": a list that refreshes when its scene becomes active again.
    struct StaleRefreshingOrdersView: View {
        @State private var model = RefreshListModel<Order>(noMoreTitles: ["No more orders"], identity: .id()) {
            request in
            let response = try await api.orders(page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }

        var body: some View {
            List {
                ForEach(model.items) { order in
                    Text(order.title)
                }
            }
            .refreshIfStaleOnForeground(model, olderThan: .seconds(5 * 60))
            .task { model.setUp() }
        }
    }

    /// The search endpoint of "Changing the query or filter".
    typealias SearchAPI = any MarketplaceSearchAPI

    @MainActor
    @Observable
    final class SearchModel {
        @ObservationIgnored let results: RefreshListModel<Listing>
        private(set) var query: SearchQuery
        @ObservationIgnored private let asked: QueryBox  // what the loader reads

        init(api: SearchAPI, query: SearchQuery) {
            let asked = QueryBox(query)
            self.asked = asked
            self.query = query
            results = RefreshListModel(
                noMoreTitles: ["No more results"],
                policy: RefreshPolicy(pageSize: 30, paging: .cursors),
                identity: .id()
            ) { request in
                let page = try await api.search(asked.query, after: request.cursor)
                return RefreshPage(items: page.listings, nextCursor: page.nextCursor)
            }
        }

        func apply(_ newQuery: SearchQuery) {
            guard newQuery != query else { return }
            query = newQuery
            asked.query = newQuery  // first what the loader reads,
            results.reset()  // then the list: the new query's first page
        }
    }

    /// The query the loader reads, shared by the model and its loader.
    @MainActor
    final class QueryBox {
        var query: SearchQuery
        init(_ query: SearchQuery) { self.query = query }
    }
}
