@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension RefreshListModel where Item: Identifiable {
    /// Tells the model that `item`'s row came on screen: its `onAppear`. Loads more once per
    /// crossing of the last ``prefetchDistance`` items, and the previous page once per crossing of
    /// the first ones; a row far from both ends costs nothing.
    /// - Parameter item: The row's item.
    public func itemDidAppear(_ item: Item) {
        if let index = indexNearAnEnd(of: item) {
            itemDidAppear(at: index)
        }
    }

    /// Tells the model that `item`'s row left the screen: its `onDisappear`.
    /// - Parameter item: The row's item.
    public func itemDidDisappear(_ item: Item) {
        if let index = indexNearAnEnd(of: item) {
            itemDidDisappear(at: index)
        }
    }

    /// The item's index when it is among the first or last rows, which can matter for loading.
    private func indexNearAnEnd(of item: Item) -> Int? {
        let items = refreshStatus[currentIndex].items
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
