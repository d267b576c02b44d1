#if canImport(Combine)
    public import Combine
    public import Refreshable

    extension RefreshStatusRelay {
        /// The current status and every later one, as a Combine publisher: a view model's output
        /// for a controller or a view model that already speaks Combine.
        ///
        /// Like a `CurrentValueSubject`, each subscriber receives the latest status first, then every
        /// later one, on the main actor, in the order the relay delivers them:
        ///
        /// ```swift
        /// viewModel.output.refreshStatus.publisher
        ///     .sink { status in print(status) }
        ///     .store(in: &cancellables)
        /// ```
        ///
        /// The relay's observation lasts as long as the publisher or a subscription to it, and
        /// keeps the relay alive no longer than that. The controls themselves are driven with
        /// `autoSetRefreshHeaderStatus(header:footer:)`, which needs no
        /// publisher.
        public var publisher: AnyPublisher<RefreshStatus, Never> {
            let subject = CurrentValueSubject<RefreshStatus, Never>(value)
            // The relay calls the handler at once with the status it delivered last, then with
            // each later one: before any subscriber, `send` only sets the subject's value.
            let subscription = subscribe { subject.send($0) }
            return subject.handleEvents(receiveCancel: { _ = subscription }).eraseToAnyPublisher()
        }
    }
#endif
