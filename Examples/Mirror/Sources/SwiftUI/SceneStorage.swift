// Stand-in for Apple's SwiftUI, for compiling the examples on Linux: NOT SwiftUI.
//
// Signatures follow Apple's documentation pages:
//   https://developer.apple.com/documentation/swiftui/scenestorage ("@frozen @propertyWrapper
//     struct SceneStorage<Value>"; "var wrappedValue: Value { get nonmutating set }")
//   https://developer.apple.com/documentation/swiftui/scenestorage/init(_:)-4stsp ("init(_ key:
//     String) where Value == Data?", in an extension where Value : ExpressibleByNilLiteral)
//   https://developer.apple.com/documentation/swiftui/scenestorage/init(wrappedvalue:_:)-2dr7z
//     ("init(wrappedValue: Value, _ key: String) where Value == Data")
// The stand-in keeps the value in memory; nothing is saved with a scene here.

public import Foundation

/// A property wrapper type that reads and writes to persisted, per-scene storage.
@propertyWrapper
public struct SceneStorage<Value> {
    private final class Storage {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private let storage: Storage

    /// Creates a property that can save and restore data.
    /// - Parameters:
    ///   - wrappedValue: The default value if data is not available for the given key.
    ///   - key: A key used to save and restore the value.
    public init(wrappedValue: Value, _ key: String) where Value == Data {
        storage = Storage(wrappedValue)
    }

    /// The underlying value referenced by the state variable.
    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }
}

extension SceneStorage where Value: ExpressibleByNilLiteral {
    /// Creates a property that can save and restore an optional data, defaulting to `nil`.
    /// - Parameter key: A key used to save and restore the value.
    public init(_ key: String) where Value == Data? {
        storage = Storage(nil)
    }
}
