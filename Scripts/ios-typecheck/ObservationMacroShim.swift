// Shim S6 of Scripts/ios-typecheck.sh, for the check only. Linux's swiftc expands `@Observable` with
// its own (Swift 6.3) ObservationMacros plugin, which adds a member, `shouldNotifyObservers`, that
// the iPhoneOS 17.4 SDK's declaration of the macro (Xcode 15.3) does not name, so every `@Observable`
// class fails there with "declaration name 'shouldNotifyObservers' is not covered by macro". Xcode
// pairs each SDK with its own plugin and never sees this. This declaration is the SDK's, with that
// one name added; the module that passes it uses it in place of Observation's.

import Observation

@available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
@attached(
    member, names: named(_$observationRegistrar), named(access), named(withMutation), named(shouldNotifyObservers))
@attached(memberAttribute)
@attached(extension, conformances: Observation.Observable)
macro Observable() = #externalMacro(module: "ObservationMacros", type: "ObservableMacro")
