import Refreshable
import SwiftUI

/// A complete SwiftUI screen on `RefreshListModel`: `.refreshable` awaits the refresh, rows near
/// the end load more as they appear, a footer row shows loading and the end of the list, and a
/// failed first load shows an overlay with a Retry button.
struct OrdersListView: View {
    @State private var model: RefreshListModel<Order>

    init(api: OrdersAPI) {
        _model = State(
            wrappedValue: RefreshListModel(noMoreTitles: ["No more orders"]) { request in
                let response = try await api.orders(page: request.page)
                return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
            }
        )
    }

    var body: some View {
        List {
            ForEach(model.items) { order in
                Text(order.title)
                    .onAppear { model.itemDidAppear(order) }
            }
            if model.isLoadingMore {
                ProgressView()
            }
            if let text = model.noMoreText {
                Text(text)
            }
        }
        .overlay {
            if let failure = model.placeholder {
                VStack(spacing: 12) {
                    Text(failure.message)
                    Button("Retry") { model.retry() }
                }
            }
        }
        .refreshable { [model] in
            await model.refresh()
        }
        .task {
            model.setUp()  // loads the first page
        }
    }
}
