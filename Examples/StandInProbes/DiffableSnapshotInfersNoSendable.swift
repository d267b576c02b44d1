// A generic signature that names a diffable snapshot of its own parameters gets no `Sendable`
// requirement from it: UIKit declares the snapshot `@preconcurrency`, in a Swift 5 module interface.
// expected-error: type 'ItemID' does not conform to the 'Sendable' protocol

import UIKit

func needsSendable<T: Sendable>(_: T.Type) {}

func probe<Section: Hashable & Sendable, ItemID: Hashable>(
    _ snapshot: NSDiffableDataSourceSnapshot<Section, ItemID>
) {
    needsSendable(ItemID.self)
}
