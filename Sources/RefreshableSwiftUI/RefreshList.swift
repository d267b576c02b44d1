#if canImport(SwiftUI)
    public import Refreshable
    public import SwiftUI

    /// A `List` over a `RefreshListModel`'s current source: its rows, pull to refresh,
    /// the first load, load-more as the last rows come on screen, the end of the list and failures.
    ///
    /// ```swift
    /// RefreshList(model) { order in
    ///     Text(order.title)
    /// }
    /// ```
    ///
    /// Below the rows it shows a progress row while the next page loads, a failed load-more's
    /// message with a Retry button (whatever loaded or failed above the rows since), or the source's
    /// end-of-list text; above them a progress row while the previous page loads, a failed load of
    /// the previous page's message with a Retry button (whatever happened below), and a failed
    /// refresh's message while the list keeps its items.
    /// A failed first load covers the empty list with the message and a Retry button. The model needs
    /// an identity (`identity: .id()`), so `ForEach` never sees one id twice. Tabs: switch the model's
    /// source (`Picker(selection: model.selectedSource)`) and the list follows. For rows of your own
    /// around the items, build the `List` yourself with `refreshListRow(_:in:)` and `refreshable(_:)`.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    public struct RefreshList<Item: Identifiable & Sendable, Row: View>: View {
        private let model: RefreshListModel<Item>
        private let row: (Item) -> Row

        /// Creates a list over `model`'s items.
        /// - Parameters:
        ///   - model: The list's model.
        ///   - row: The view of one item.
        public init(_ model: RefreshListModel<Item>, @ViewBuilder row: @escaping (Item) -> Row) {
            self.model = model
            self.row = row
        }

        /// The list.
        public var body: some View {
            List {
                if model.isLoadingPrevious {
                    ProgressView()
                } else if let failure = model.failureOverItems(of: .loadPrevious) {
                    VStack(spacing: 8) {
                        Text(failure.message)
                        Button("Retry") { model.loadPrevious() }
                    }
                }
                if let failure = model.failureOverItems(of: .refresh) {
                    Text(failure.message)
                }
                ForEach(model.items) { item in
                    row(item)
                        .refreshListRow(item, in: model)
                }
                if model.isLoadingMore {
                    ProgressView()
                } else if let failure = model.failureOverItems(of: .loadMore) {
                    VStack(spacing: 8) {
                        Text(failure.message)
                        Button("Retry") { model.loadMore() }
                    }
                } else if let text = model.noMoreText {
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
            .refreshable(model)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension RefreshListModel {
        /// The failure a list shows beside its items after a load of `kind` failed, read from that
        /// direction's own failure, so a load at the other end does not hide it: the failed
        /// load-more (``RefreshListModel/loadMoreFailure``) below the rows until a load-more starts
        /// or a load succeeds, the failed load of the previous page
        /// (``RefreshListModel/loadPreviousFailure``) above them, and a failed refresh while it is
        /// the source's last failure. `nil` while the list is empty (the placeholder shows it).
        func failureOverItems(of kind: RefreshRequest.Kind) -> RefreshFailure? {
            let failure: RefreshFailure?
            switch kind {
            case .loadMore: failure = loadMoreFailure
            case .loadPrevious: failure = loadPreviousFailure
            case .refresh: failure = self.failure.flatMap { $0.request.kind == .refresh ? $0 : nil }
            }
            guard let failure, placeholder == nil, !items.isEmpty else { return nil }
            return failure
        }
    }
#endif
