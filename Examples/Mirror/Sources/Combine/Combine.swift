// Stand-in for Apple's Combine, for compiling and testing the Combine glue on Linux: NOT Combine.
//
// Declarations as the iPhoneOS 17.4 SDK's Combine.swiftinterface gives them, for what the glue and
// its tests use: the protocols `Cancellable`, `Subscription`, `CustomCombineIdentifierConvertible`,
// `Publisher`, `Subscriber` and `Subject`; `Subscribers.Demand` and `Subscribers.Completion`;
// `AnyCancellable` and `store(in:)`; `CurrentValueSubject`; `AnyPublisher` and
// `eraseToAnyPublisher()`; `handleEvents(...)` (`Publishers.HandleEvents`); `sink(receiveValue:)`.
// The SDK's interface is Swift 5 with no `Sendable` on any of these, as here (this target builds in
// the Swift 5 language mode). The bodies are small working versions: a subject delivers values to
// its subscribers as they ask for them, and a cancelled subscription receives nothing more.

/// A protocol indicating that an activity or action supports cancellation.
public protocol Cancellable {
    /// Cancel the activity.
    func cancel()
}

/// A unique identifier for identifying publisher streams.
public struct CombineIdentifier: Hashable {
    private let id: ObjectIdentifier

    /// Creates a unique identifier from an object.
    public init(_ obj: AnyObject) {
        id = ObjectIdentifier(obj)
    }
}

/// A protocol for uniquely identifying publisher streams.
public protocol CustomCombineIdentifierConvertible {
    /// A unique identifier for identifying publisher streams.
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    /// A unique identifier for identifying publisher streams.
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}

/// A protocol representing the connection of a subscriber to a publisher.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    /// Tells a publisher that it may send more values to the subscriber.
    func request(_ demand: Subscribers.Demand)
}

/// A namespace for types that serve as subscribers.
public enum Subscribers {}

extension Subscribers {
    /// A signal that a publisher doesn't produce additional elements, either due to normal
    /// completion or an error.
    @frozen public enum Completion<Failure> where Failure: Error {
        case finished
        case failure(Failure)
    }

    /// A requested number of items, sent to a publisher from a subscriber through the subscription.
    public struct Demand: Equatable, Hashable {
        let rawValue: UInt

        init(_ rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// A request for as many values as the publisher can produce.
        public static let unlimited = Demand(UInt.max)
        /// A request for no elements from the publisher.
        public static let none = Demand(0)

        /// Creates a demand for the given maximum number of elements.
        public static func max(_ value: Int) -> Subscribers.Demand {
            precondition(value >= 0, "demand cannot be negative")
            return Demand(UInt(value))
        }

        /// Returns the result of adding two demands.
        public static func + (lhs: Subscribers.Demand, rhs: Subscribers.Demand) -> Subscribers.Demand {
            lhs == .unlimited || rhs == .unlimited ? .unlimited : Demand(lhs.rawValue &+ rhs.rawValue)
        }

        /// Returns the number of requested elements, or `nil` if unlimited.
        public var max: Int? { self == .unlimited ? nil : Int(rawValue) }
    }
}

/// Declares that a type can transmit a sequence of values over time.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
    /// Attaches the specified subscriber to this publisher.
    func receive<S>(subscriber: S) where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input
}

/// A protocol that declares a type that can receive input from a publisher.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error
    /// Tells the subscriber that it has successfully subscribed to the publisher.
    func receive(subscription: any Subscription)
    /// Tells the subscriber that the publisher has produced an element.
    func receive(_ input: Self.Input) -> Subscribers.Demand
    /// Tells the subscriber that the publisher has completed publishing.
    func receive(completion: Subscribers.Completion<Self.Failure>)
}

/// A publisher that exposes a method for outside callers to publish elements.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends a value to the subscriber.
    func send(_ value: Self.Output)
    /// Sends a completion signal to the subscriber.
    func send(completion: Subscribers.Completion<Self.Failure>)
    /// Sends a subscription to the subscriber.
    func send(subscription: any Subscription)
}

/// A type-erasing cancellable object that executes a provided closure when canceled.
final public class AnyCancellable: Cancellable, Hashable {
    private var cancelAction: (() -> Void)?

    /// Initializes the cancellable object with the given cancel-time closure.
    public init(_ cancel: @escaping () -> Void) {
        cancelAction = cancel
    }

    /// Initializes the cancellable object with the given cancellable.
    public init<C>(_ canceller: C) where C: Cancellable {
        cancelAction = canceller.cancel
    }

    deinit {
        cancelAction?()
    }

    /// Cancel the activity.
    final public func cancel() {
        let action = cancelAction
        cancelAction = nil
        action?()
    }

    /// Hashes the essential components of this value by feeding them into the given hasher.
    final public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// Returns a Boolean value indicating whether two values are equal.
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }
}

extension AnyCancellable {
    /// Stores this type-erasing cancellable instance in the specified set.
    final public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }
}

/// A namespace for types that serve as publishers.
public enum Publishers {}

/// A subject that wraps a single value and publishes a new element whenever the value changes.
final public class CurrentValueSubject<Output, Failure>: Subject where Failure: Error {
    private final class Conduit: Subscription {
        weak var subject: CurrentValueSubject?
        let receiveValue: (Output) -> Subscribers.Demand
        let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
        var demand = Subscribers.Demand.none
        var hasSentCurrent = false

        init<S: Subscriber>(_ subject: CurrentValueSubject, _ subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            self.subject = subject
            receiveValue = subscriber.receive(_:)
            receiveCompletion = subscriber.receive(completion:)
        }

        func request(_ demand: Subscribers.Demand) {
            self.demand = self.demand + demand
            if !hasSentCurrent, let subject {
                hasSentCurrent = true
                deliver(subject.current)
            }
        }

        func deliver(_ value: Output) {
            guard demand != .none else { return }
            if demand != .unlimited {
                demand = Subscribers.Demand(demand.rawValue - 1)
            }
            demand = demand + receiveValue(value)
        }

        func cancel() {
            subject?.conduits.removeAll { $0 === self }
            subject = nil
        }
    }

    private var current: Output
    private var conduits: [Conduit] = []
    private var completion: Subscribers.Completion<Failure>?

    /// The value wrapped by this subject, published as a new element whenever it changes.
    final public var value: Output {
        get { current }
        set { send(newValue) }
    }

    /// Creates a current value subject with the given initial value.
    public init(_ value: Output) {
        current = value
    }

    /// Sends a subscription to the subscriber.
    final public func send(subscription: any Subscription) {
        subscription.request(.unlimited)
    }

    /// Attaches the specified subscriber to this publisher.
    final public func receive<S>(subscriber: S) where Output == S.Input, Failure == S.Failure, S: Subscriber {
        if let completion {
            subscriber.receive(completion: completion)
            return
        }
        let conduit = Conduit(self, subscriber)
        conduits.append(conduit)
        subscriber.receive(subscription: conduit)
    }

    /// Sends a value to the subscriber.
    final public func send(_ input: Output) {
        guard completion == nil else { return }
        current = input
        for conduit in conduits where conduit.hasSentCurrent {
            conduit.deliver(input)
        }
    }

    /// Sends a completion signal to the subscriber.
    final public func send(completion: Subscribers.Completion<Failure>) {
        guard self.completion == nil else { return }
        self.completion = completion
        let ended = conduits
        conduits = []
        for conduit in ended {
            conduit.receiveCompletion(completion)
        }
    }
}

extension Publishers {
    /// A publisher that performs the specified closures when publisher events occur.
    public struct HandleEvents<Upstream>: Publisher where Upstream: Publisher {
        /// The kind of values published by this publisher.
        public typealias Output = Upstream.Output
        /// The kind of errors this publisher might publish.
        public typealias Failure = Upstream.Failure

        private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
        where Downstream.Input == Output, Downstream.Failure == Failure {
            typealias Input = Output
            let downstream: Downstream
            let receiveCancel: (() -> Void)?
            var upstream: (any Subscription)?

            init(_ downstream: Downstream, receiveCancel: (() -> Void)?) {
                self.downstream = downstream
                self.receiveCancel = receiveCancel
            }

            func receive(subscription: any Subscription) {
                upstream = subscription
                downstream.receive(subscription: self)
            }
            func receive(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }
            func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
            func request(_ demand: Subscribers.Demand) { upstream?.request(demand) }
            func cancel() {
                receiveCancel?()
                upstream?.cancel()
                upstream = nil
            }
        }

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// A closure that executes when the downstream receiver cancels publishing.
        public var receiveCancel: (() -> Void)?

        /// Attaches the specified subscriber to this publisher.
        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            upstream.receive(subscriber: Inner(subscriber, receiveCancel: receiveCancel))
        }
    }
}

extension Publisher {
    /// Performs the specified closures when publisher events occur. (The stand-in runs
    /// `receiveCancel` only; the other closures are accepted and ignored.)
    public func handleEvents(
        receiveSubscription: ((any Subscription) -> Void)? = nil, receiveOutput: ((Self.Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Self.Failure>) -> Void)? = nil, receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(upstream: self, receiveCancel: receiveCancel)
    }

    /// Wraps this publisher with a type eraser.
    public func eraseToAnyPublisher() -> AnyPublisher<Self.Output, Self.Failure> {
        AnyPublisher(self)
    }
}

/// A publisher that performs type erasure by wrapping another publisher.
public struct AnyPublisher<Output, Failure>: CustomStringConvertible where Failure: Error {
    private let subscribe: (AnySubscriberBox<Output, Failure>) -> Void

    /// A textual representation of this instance.
    public var description: String { "AnyPublisher" }

    /// Creates a type-erasing publisher to wrap the provided publisher.
    public init<P>(_ publisher: P) where Output == P.Output, Failure == P.Failure, P: Publisher {
        subscribe = { publisher.receive(subscriber: $0) }
    }
}

extension AnyPublisher: Publisher {
    /// Attaches the specified subscriber to this publisher.
    public func receive<S>(subscriber: S) where Output == S.Input, Failure == S.Failure, S: Subscriber {
        subscribe(AnySubscriberBox(subscriber))
    }
}

/// A subscriber of any type, for ``AnyPublisher``.
final class AnySubscriberBox<Input, Failure: Error>: Subscriber {
    private let onSubscription: (any Subscription) -> Void
    private let onInput: (Input) -> Subscribers.Demand
    private let onCompletion: (Subscribers.Completion<Failure>) -> Void

    init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        onSubscription = subscriber.receive(subscription:)
        onInput = subscriber.receive(_:)
        onCompletion = subscriber.receive(completion:)
    }

    func receive(subscription: any Subscription) { onSubscription(subscription) }
    func receive(_ input: Input) -> Subscribers.Demand { onInput(input) }
    func receive(completion: Subscribers.Completion<Failure>) { onCompletion(completion) }
}

extension Subscribers {
    /// A simple subscriber that requests an unlimited number of values upon subscription.
    final public class Sink<Input, Failure>: Subscriber, Cancellable where Failure: Error {
        /// The closure to execute on receipt of a value.
        final public let receiveValue: (Input) -> Void
        /// The closure to execute on completion.
        final public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
        private var subscription: (any Subscription)?

        /// Initializes a sink with the provided closures.
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        /// Tells the subscriber that it has successfully subscribed to the publisher.
        final public func receive(subscription: any Subscription) {
            self.subscription = subscription
            subscription.request(.unlimited)
        }

        /// Tells the subscriber that the publisher has produced an element.
        final public func receive(_ value: Input) -> Subscribers.Demand {
            receiveValue(value)
            return .none
        }

        /// Tells the subscriber that the publisher has completed publishing.
        final public func receive(completion: Subscribers.Completion<Failure>) {
            receiveCompletion(completion)
            subscription = nil
        }

        /// Cancel the activity.
        final public func cancel() {
            subscription?.cancel()
            subscription = nil
        }
    }
}

extension Publisher where Self.Failure == Never {
    /// Attaches a subscriber with closure-based behavior to a publisher that never fails.
    public func sink(receiveValue: @escaping ((Self.Output) -> Void)) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: { _ in }, receiveValue: receiveValue)
        receive(subscriber: sink)
        return AnyCancellable(sink)
    }
}
