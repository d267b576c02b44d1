import Refreshable
import RefreshableSwiftUI
import SwiftUI

/// A complete SwiftUI screen with RefreshableSwiftUI: two tabs in a segmented picker, pull to
/// refresh, rows near the end load more (and report leaving the screen, so scrolling back retries a
/// failed load-more), the end-of-list text, and a failed first load's message with a Retry button.
struct OrdersListView: View {
    @State private var model: RefreshListModel<Order>

    init(api: OrdersAPI) {
        _model = State(
            wrappedValue: RefreshListModel(noMoreTitles: ["No more orders", "No more unpaid orders"], identity: .id()) {
                request in
                let response = try await api.orders(tab: request.source, page: request.page)
                return RefreshPage(items: response.datas, curPage: response.curPage, pageCount: response.pageCount)
            }
        )
    }

    var body: some View {
        VStack {
            Picker("Orders", selection: model.selectedSource) {
                Text("All").tag(0)
                Text("Unpaid").tag(1)
            }
            .pickerStyle(.segmented)
            RefreshList(model) { order in
                Text(order.title)
            }
        }
    }
}
