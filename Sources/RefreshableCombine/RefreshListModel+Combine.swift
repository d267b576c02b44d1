#if canImport(Combine)
    public import Combine
    import Observation
    public import Refreshable

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension RefreshListModel {
        /// A property of the list's state now and after every change, as a Combine publisher: the
        /// items, `isRefreshing`, `isLoadingMore`, `noMoreText`, `failure`, any property a view
        /// reads.
        ///
        /// ```swift
        /// model.publisher(for: \.isRefreshing)
        ///     .sink { refreshing in spinner.isHidden = !refreshing }
        ///     .store(in: &cancellables)
        /// ```
        ///
        /// Each subscriber receives the value now first; after a change, the new value comes on
        /// the main actor's next turn (the model is observed as SwiftUI observes it), once for
        /// changes made in one turn. The publisher holds the model weakly.
        /// - Parameter keyPath: The property to publish.
        /// - Returns: A publisher of the property's values.
        public func publisher<Value>(for keyPath: KeyPath<RefreshListModel, Value>) -> AnyPublisher<Value, Never> {
            let tracker = ListModelTracker(self, keyPath)
            return tracker.subject.handleEvents(receiveCancel: { _ = tracker }).eraseToAnyPublisher()
        }
    }

    /// Follows one property of a list model with Observation and sends its values to a subject.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    private final class ListModelTracker<Item: Sendable, Value> {
        let subject: CurrentValueSubject<Value, Never>
        private weak var model: RefreshListModel<Item>?
        private let keyPath: KeyPath<RefreshListModel<Item>, Value>

        init(_ model: RefreshListModel<Item>, _ keyPath: KeyPath<RefreshListModel<Item>, Value>) {
            self.model = model
            self.keyPath = keyPath
            subject = CurrentValueSubject(model[keyPath: keyPath])
            track(sending: false)
        }

        /// Reads the property under observation, so that its next change calls this again, and
        /// sends the value read unless `sending` is false.
        private func track(sending: Bool = true) {
            guard let model else { return }
            let value = withObservationTracking {
                model[keyPath: keyPath]
            } onChange: { [weak self] in
                // Called before the change lands: read the value on the main actor's next turn.
                Task { @MainActor in self?.track() }
            }
            if sending {
                subject.send(value)
            }
        }
    }
#endif
