import Refreshable
import SwiftUI

// Mirrors Sources/Refreshable/Refreshable.docc/UsingRefreshableWithSwiftUI.md: its code block,
// verbatim, inside a namespace, with the example server as `api`. DocSnippetDriftTests fails when
// they drift apart.

enum DocCUsingRefreshableWithSwiftUI {
    static let api = OrdersAPI()

    struct OrdersView: View {
        @State private var model = RefreshListModel<Order>(noMoreTitles: ["No more orders"]) { request in
            let response = try await api.orders(page: request.page)
            return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
        }

        var body: some View {
            List {
                ForEach(model.items) { order in
                    Text(order.title).onAppear { model.itemDidAppear(order) }
                }
                if model.isLoadingMore { ProgressView() }
                if let text = model.noMoreText { Text(text) }
            }
            .refreshable { [model] in await model.refresh() }
            .task { model.setUp() }
        }
    }
}
