#!/usr/bin/env bash
# Quick scaling check of page loads, for CI (stage `scaling` of .ci/run) and by hand.
#
# Builds Benchmarks/Sources/ScalingCheck (product `scaling-check`: the library and one file; of the
# benchmark packages SwiftPM builds only the plugin's small code generator) in release and runs
# it. It loads 1,000 and 10,000 pages of 20 Int items through RefreshSources and exits 1 when an
# item costs more than 1.5 times as much at 10,000 pages as at 1,000: a load-more must cost the
# page it appends, not the list so far.
#
# Usage: Scripts/scaling-check.sh
# Environment: SCRATCH_PATH (.build-scaling, gitignored).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
scratch="${SCRATCH_PATH:-.build-scaling}"

echo "building scaling-check (release, scratch path $scratch)..."
swift build -c release --package-path Benchmarks --scratch-path "$scratch" --product scaling-check
# Built, not run, so it keeps compiling (Benchmarks/Scripts/instruction-counts.sh runs it under callgrind).
swift build -c release --package-path Benchmarks --scratch-path "$scratch" --product instruction-counts
"$scratch/release/scaling-check"
