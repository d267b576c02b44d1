#!/usr/bin/env bash
# Measures how many events per second the randomized model check (RefreshableModelCheck) runs
# against the library's defaults, seed style and async style.
#
# Each style's test in Tests/RefreshableTestingTests/ModelCheckTests.swift is run twice, with
# REFRESHABLE_SOAK_STEPS at two values; the rate is (steps difference) / (wall-time difference), so
# process start-up, test discovery and the build cancel out. The async-style test runs a quarter of
# the steps the variable names.
#
# Usage: Scripts/model-check-rate.sh [debug|release]   (debug by default)
# Environment: SMALL_STEPS (50000), LARGE_STEPS (450000), SCRATCH_PATH (.build-rate-<config>).
set -euo pipefail

config="${1:-debug}"
case "$config" in
debug | release) ;;
*)
    echo "usage: $0 [debug|release]" >&2
    exit 2
    ;;
esac
small="${SMALL_STEPS:-50000}"
large="${LARGE_STEPS:-450000}"
if ((large <= small)); then
    echo "LARGE_STEPS ($large) must exceed SMALL_STEPS ($small)" >&2
    exit 2
fi

cd "$(dirname "${BASH_SOURCE[0]}")/.."
scratch="${SCRATCH_PATH:-.build-rate-$config}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

# Release test builds need testability: the package's other test targets use `@testable import`.
flags=()
if [[ "$config" == release ]]; then
    flags=(-Xswiftc -enable-testing)
fi

echo "building ($config, scratch path $scratch)..."
swift build -c "$config" --scratch-path "$scratch" --build-tests "${flags[@]}" >"$log" 2>&1 || {
    cat "$log" >&2
    exit 1
}

# Runs one test with REFRESHABLE_SOAK_STEPS=$2 and prints its wall time in seconds.
timed_run() {
    local test="$1" steps="$2" start end
    start="$(date +%s.%N)"
    REFRESHABLE_SOAK_STEPS="$steps" swift test -c "$config" --scratch-path "$scratch" --skip-build "${flags[@]}" \
        --filter "RefreshableTestingTests.ModelCheckTests/$test" >"$log" 2>&1 || {
        cat "$log" >&2
        echo "the test failed; no rate measured" >&2
        exit 1
    }
    end="$(date +%s.%N)"
    grep -q "Test run with 1 test" "$log" || {
        cat "$log" >&2
        echo "the filter did not select exactly one test" >&2
        exit 1
    }
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }'
}

# Measures one style: $1 the label, $2 the test, $3 the divisor of the steps the test applies.
measure() {
    local label="$1" test="$2" divisor="$3" t_small t_large
    t_small="$(timed_run "$test" "$small")"
    t_large="$(timed_run "$test" "$large")"
    awk -v label="$label" -v config="$config" -v a="$((small / divisor))" -v b="$((large / divisor))" \
        -v ta="$t_small" -v tb="$t_large" 'BEGIN {
            d = tb - ta
            if (d <= 0) { printf "%s: wall times %.3f s and %.3f s do not grow; raise LARGE_STEPS\n", label, ta, tb; exit 1 }
            printf "%-12s %-7s %8d steps in %7.3f s, %8d steps in %7.3f s -> %8.0f steps/s\n", label, config, a, ta, b, tb, (b - a) / d
        }'
}

measure "seed style" seedStyleDefaultsMatchTheModel 1
measure "async style" asyncStyleDefaultsMatchTheModel 4
