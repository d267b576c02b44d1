@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension RefreshListModel where Item: Identifiable {
    /// Tells the model that `item`'s row came on screen: its `onAppear`. Does what
    /// ``itemDidAppear(at:)`` does for the row's index: loads more once per crossing of the last
    /// ``prefetchDistance`` items, and the previous page once per crossing of the first ones, and
    /// makes the row where a refresh around the position reloads, wherever it is in the list.
    ///
    /// With an identity (`identity: .id()`), the row is found through the id index, at a cost
    /// that does not grow with the rows held; without one, only the rows near either end are
    /// looked through, and a row far from both ends is ignored.
    /// - Parameter item: The row's item.
    public func itemDidAppear(_ item: Item) {
        if let index = index(of: item) {
            itemDidAppear(at: index)
        }
    }

    /// Tells the model that `item`'s row left the screen: its `onDisappear`.
    /// - Parameter item: The row's item.
    public func itemDidDisappear(_ item: Item) {
        if let index = index(of: item) {
            itemDidDisappear(at: index)
        }
    }

    /// The item's index: through the id index when the list has an identity, else when it is
    /// among the first or last rows, which can matter for loading.
    private func index(of item: Item) -> Int? {
        let source = currentIndex
        if refreshStatus.identity != nil {
            return refreshStatus.state.index(of: item, source: source)
        }
        let items = refreshStatus[source].items
        let window = nearEndWindow
        let start = max(items.count - window, 0)
        return items[start...].lastIndex { $0.id == item.id } ?? items.prefix(window).firstIndex { $0.id == item.id }
    }
}

/// Connects a ``RefreshRuntime`` to the ``RefreshListModel`` that owns it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class ModelHost<Item: Sendable>: RefreshRuntimeHost<Item> {
    private weak var model: RefreshListModel<Item>?

    init(_ model: RefreshListModel<Item>) {
        self.model = model
    }

    override func represents(_ object: AnyObject) -> Bool { model === object }
    override var isAlive: Bool { model != nil }
    override var currentIndex: Int? { model?.index }

    override func setCurrentIndex(_ index: Int) -> Bool {
        guard let model else { return false }
        model.setIndex(index)
        return true
    }

    override func loader(for request: RefreshRequest) -> PageLoader? {
        guard let loader = model?.loader else { return nil }
        return { try await loader(request) }
    }

    override func didUpdate(_ update: RefreshUpdate, on runtime: RefreshRuntime<Item>) {
        model?.itemsChanged(update)
    }

    override func didRender(_ appearance: RefreshAppearance) {
        model?.didRender()
    }
}
