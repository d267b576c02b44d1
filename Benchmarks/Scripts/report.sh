#!/usr/bin/env bash
# Runs Refreshable's benchmarks once (release build) and prints the figures the project tracks,
# every one of them from that single run: min and median per item / per dispatch / per page load,
# allocations, and the ratios (see report.py).
#
# Usage: Benchmarks/Scripts/report.sh [swift package benchmark options...]
#   e.g. Benchmarks/Scripts/report.sh --filter 'P2 .*'
# Environment:
#   REFRESHABLE_BENCH_MAX_PAGES  largest page count to run; 10000 skips the 50,000-page loads,
#                                which take minutes while load-more copies the held items
#   REPORT_DIR                   where the exported samples go (default .build-report/<time>,
#                                inside Benchmarks/, gitignored); report.txt is written there too
#
# To print the report of an earlier run again: python3 Benchmarks/Scripts/report.py DIR
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
out="${REPORT_DIR:-.build-report/$(date +%Y%m%d-%H%M%S)}"
mkdir -p "$out"

library_state() {
    local rev dirty=""
    rev="$(git -C .. rev-parse --short HEAD 2>/dev/null || echo unknown)"
    if [[ -n "$(git -C .. status --porcelain -- Sources 2>/dev/null)" ]]; then
        dirty=" + uncommitted changes in Sources/"
    fi
    echo "$rev$dirty"
}
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "library: $(library_state)"
    echo "swift: $(swift --version 2>/dev/null | head -n 1)"
    echo "cpus: $(getconf _NPROCESSORS_ONLN); load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo n/a)"
    echo "REFRESHABLE_BENCH_MAX_PAGES: ${REFRESHABLE_BENCH_MAX_PAGES:-unset (all page counts)}"
    if [[ $# -gt 0 ]]; then echo "options: $*"; fi
} >"$out/run-info.txt"

echo "running the benchmarks (release); samples go to Benchmarks/$out" >&2
# histogramSamples writes every recorded sample of every benchmark and metric to its own TSV file:
# raw nanoseconds and raw allocation counts (the benchmarks fix their units), before any scaling.
if ! swift package --allow-writing-to-package-directory benchmark run \
    --format histogramSamples --path "$out" --no-progress "$@" >"$out/run.log" 2>&1; then
    tail -n 40 "$out/run.log" >&2
    echo "error: the benchmark run failed; full log: Benchmarks/$out/run.log" >&2
    exit 1
fi

echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo n/a)" >>"$out/run-info.txt"

python3 Scripts/report.py "$out" | tee "$out/report.txt"
