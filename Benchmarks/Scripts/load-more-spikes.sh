#!/usr/bin/env bash
# Where the slowest single load-more of a long list goes: builds the load-more-spikes product
# (release; the library and one file) and runs it. It loads ROWS rows 20 at a time into a plain
# array, through RefreshSources, and through RefreshSources with an identity, and prints for each
# the slowest single load-more and the rows held before the slowest loads.
#
# Usage: Benchmarks/Scripts/load-more-spikes.sh [ROWS] [RUNS]   (default 1000000 5)
# Scratch path: Benchmarks/.build-spikes (release build).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scratch=.build-spikes
mkdir -p "$scratch"
if ! swift build -c release --scratch-path "$scratch" --product load-more-spikes >"$scratch/build.log" 2>&1; then
    tail -n 30 "$scratch/build.log" >&2
    exit 1
fi
"$scratch/release/load-more-spikes" "$@"
