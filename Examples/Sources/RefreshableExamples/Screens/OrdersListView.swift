import Refreshable
import SwiftUI

/// A complete SwiftUI screen: `.refreshable` awaits the refresh, rows near the end load more as
/// they appear, the footer row shows loading and the end of the list, and a failed first load
/// shows an overlay with a Retry button.
struct OrdersListView: View {
    @State private var model: OrdersListModel

    init(api: OrdersAPI) {
        _model = State(wrappedValue: OrdersListModel(api: api))
    }

    var body: some View {
        List {
            ForEach(model.currentItems) { order in
                Text(order.title)
                    .onAppear { model.rowAppeared(order) }
            }
            if !model.footer.isHidden {
                footerRow
            }
        }
        .overlay {
            if let placeholder = model.placeholder {
                VStack(spacing: 12) {
                    Text(placeholder.message)
                    Button("Retry") { placeholder.retry() }
                }
            }
        }
        .refreshable { [model] in
            await model.pullToRefresh()
        }
        .task {
            model.setupRefreshHeader()  // loads the first page
        }
    }

    @ViewBuilder private var footerRow: some View {
        switch model.footer.look {
        case .idle:
            EmptyView()
        case .loading:
            ProgressView()
        case .noMoreData(let text), .failed(let text):
            Text(text)
        }
    }
}
