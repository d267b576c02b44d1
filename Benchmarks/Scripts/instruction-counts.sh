#!/usr/bin/env bash
# Counts the instructions one page load costs, with callgrind: each mode of the instruction-counts
# product loads PAGES pages and then 0 pages, and the difference divided by PAGES is printed, so
# start-up costs cancel out. Instruction counts repeat on a busy machine, where times do not.
#
# Usage: Benchmarks/Scripts/instruction-counts.sh [PAGES]   (default 1000)
#   MODES="cap cap1000" limits the modes counted (default: all of them).
# Needs valgrind. Scratch path: Benchmarks/.build-counts (release build).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
pages="${1:-1000}"
scratch=.build-counts
mkdir -p "$scratch"
if ! swift build -c release --scratch-path "$scratch" --product instruction-counts >"$scratch/build.log" 2>&1; then
    tail -n 30 "$scratch/build.log" >&2
    exit 1
fi
binary="$scratch/release/instruction-counts"
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
echo "instructions per page load of 20 items (refresh: per refresh; callgrind, $pages pages less 0 pages)"
for mode in ${MODES:-append sources dedup adopter cap cap1000 refresh}; do
    loaded="$(count "$mode" "$pages")"
    empty="$(count "$mode" 0)"
    echo "  $mode: $(( (loaded - empty) / pages ))"
done
