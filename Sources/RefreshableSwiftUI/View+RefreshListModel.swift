#if canImport(SwiftUI)
    public import Refreshable
    public import SwiftUI

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension View {
        /// Tells `model` when this row comes on screen and when it leaves it, so rows near the end
        /// load the next page (and rows near the start the previous one): put it on each row of a
        /// list over `model.items`.
        ///
        /// ```swift
        /// ForEach(model.items) { order in
        ///     Text(order.title)
        ///         .refreshListRow(order, in: model)
        /// }
        /// ```
        ///
        /// It calls `itemDidAppear(_:)` from `onAppear` and `itemDidDisappear(_:)` from
        /// `onDisappear`: without the second, the model cannot tell that rows left, and scrolling
        /// back to the end after a failed load-more would not retry.
        /// - Parameters:
        ///   - item: The row's item.
        ///   - model: The list's model.
        /// - Returns: The row, reporting to the model.
        @MainActor
        public func refreshListRow<Item: Identifiable & Sendable>(
            _ item: Item,
            in model: RefreshListModel<Item>
        ) -> some View {
            onAppear { model.itemDidAppear(item) }
                .onDisappear { model.itemDidDisappear(item) }
        }

        /// Makes the list pull to refresh through `model`, and loads its first page when it
        /// appears.
        ///
        /// ```swift
        /// List { ... }
        ///     .refreshable(model)
        /// ```
        ///
        /// It is `.refreshable { await model.refresh() }`, whose spinner stays until the refresh
        /// settles (and whose load lands even when SwiftUI cancels the pull's task), with
        /// `.task { model.setUp() }`, which loads the current source's first page if it never
        /// loaded. A switch of source shows the new source at once: pass `model.selectedSource` to a
        /// `Picker`.
        /// - Parameter model: The list's model.
        /// - Returns: The list, refreshing through the model.
        @MainActor
        public func refreshable<Item: Sendable>(_ model: RefreshListModel<Item>) -> some View {
            refreshable { await model.refresh() }
                .task { model.setUp() }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension RefreshListModel {
        /// The source on screen as a binding, for a `Picker` of tabs: setting it switches source with
        /// `switchSource(to:)`, which loads the new source's first page if it never loaded.
        ///
        /// ```swift
        /// Picker("Orders", selection: model.selectedSource) {
        ///     Text("All").tag(0)
        ///     Text("Unpaid").tag(1)
        /// }
        /// ```
        public var selectedSource: Binding<Int> {
            Binding(
                get: { @MainActor [self] in currentIndex },
                set: { @MainActor [self] index in
                    if index != currentIndex {
                        switchSource(to: index)
                    }
                }
            )
        }
    }
#endif
