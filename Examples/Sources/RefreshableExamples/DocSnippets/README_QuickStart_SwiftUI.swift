import Refreshable
import RefreshableSwiftUI
import SwiftUI

// Mirrors README.md, section "Quick start: SwiftUI": its code blocks, verbatim, indented inside a
// namespace so the other docs' types can coexist. DocSnippetDriftTests fails when they drift apart.

extension READMEQuickStarts {
    struct OrdersView: View {
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
                RefreshList(model) { order in
                    Text(order.title)
                }
            }
        }
    }

    /// The list of "Quick start: SwiftUI" built by hand, with the two modifiers.
    struct OwnOrdersList: View {
        let model: RefreshListModel<Order>

        var body: some View {
            List {
                ForEach(model.items) { order in
                    Text(order.title)
                        .refreshListRow(order, in: model)
                }
                if model.isLoadingMore { ProgressView() }
                if let text = model.noMoreText { Text(text) }
            }
            .refreshable(model)
        }
    }
}
