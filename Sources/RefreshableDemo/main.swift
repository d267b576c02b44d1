// The `refreshable-demo` executable: everything lives in RefreshableDemoKit, so tests can drive it.
// Run `swift run refreshable-demo --help` for the options.
import RefreshableDemoKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

let status = await DemoCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
