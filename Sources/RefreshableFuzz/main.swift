// The hostile-input fuzz of Refreshable, for CI (stage `fuzz` of .ci/run), Scripts/fuzz-soak.sh
// and replays by hand. Build it in release: `swift build -c release --product RefreshableFuzz`.
//
//   RefreshableFuzz [--target sources|adopter|asyncAdopter|listModel|all] [--steps N] [--seed S]
//                   [--episode-length L] [--known-bug NAME]...
//   RefreshableFuzz --replay TARGET:SEED:LENGTH [--known-bug NAME]...
//
// A known bug (FuzzKnownBug) is left out of a run unless named: its check or the steps that
// trigger it are skipped, so CI stays green until its fix lands.
//
// Exits 1 and prints the shrunk failing case when an invariant breaks. A trap (a crash in the
// library) cannot be caught: the episode's seed is printed first, with the command that replays it.
import Foundation
import RefreshableFuzzing
import RefreshableTesting

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    let command = try FuzzCommand(arguments)
    exit(await command.run())
} catch {
    FileHandle.standardError.write(Data("RefreshableFuzz: \(error)\n\(FuzzCommand.usage)\n".utf8))
    exit(2)
}
