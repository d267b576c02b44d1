#!/usr/bin/env bash
# A long soak of the hostile-input fuzz with new random seeds (CI's `fuzz` stage runs fixed ones).
#
# Builds RefreshableFuzz in release and runs it again and again, each run from a new seed drawn
# from /dev/urandom, until the time is up. Every run that fails is printed with its seed, the
# episode that failed and the command that replays it (a trap prints its episode's seed too); the
# soak goes on with the next seed and exits 1 at the end when any run failed.
#
# Usage: Scripts/fuzz-soak.sh [minutes]      (10 by default)
# Environment: STEPS (steps per run, 500000), TARGET (all, or one of sources, adopter,
#   asyncAdopter, listModel), KNOWN_BUGS (space-separated known bugs to include, see
#   FuzzKnownBug), SCRATCH_PATH (.build-fuzz, gitignored), LOG_DIR (where failing runs' output is
#   kept; a new temporary folder by default).
set -euo pipefail

minutes="${1:-10}"
steps="${STEPS:-500000}"
target="${TARGET:-all}"
scratch="${SCRATCH_PATH:-.build-fuzz}"
if ! [[ "$minutes" =~ ^[0-9]+$ ]] || ((minutes < 1)); then
    echo "usage: $0 [minutes]" >&2
    exit 2
fi

cd "$(dirname "${BASH_SOURCE[0]}")/.."
log_dir="${LOG_DIR:-$(mktemp -d -t fuzz-soak.XXXXXX)}"
mkdir -p "$log_dir"

echo "building RefreshableFuzz (release, scratch path $scratch)..."
swift build -c release --scratch-path "$scratch" --product RefreshableFuzz >"$log_dir/build.log" 2>&1 || {
    cat "$log_dir/build.log" >&2
    exit 1
}
fuzz="$scratch/release/RefreshableFuzz"

known=()
for bug in ${KNOWN_BUGS:-}; do
    known+=(--known-bug "$bug")
done

deadline=$(($(date +%s) + minutes * 60))
runs=0
failures=()
while (($(date +%s) < deadline)); do
    seed="0x$(od -An -N8 -tx8 /dev/urandom | tr -d ' \n')"
    runs=$((runs + 1))
    out="$log_dir/run-$runs-$seed.txt"
    if "$fuzz" --target "$target" --steps "$steps" --seed "$seed" "${known[@]}" >"$out" 2>&1; then
        printf 'run %d, seed %s: ok (%s)\n' "$runs" "$seed" "$(grep -c ' steps in ' "$out") target(s)"
        rm -f "$out"
    else
        failures+=("$seed")
        printf '\nrun %d, seed %s: FAILED (output kept in %s)\n' "$runs" "$seed" "$out"
        # The failing episode's report: its seed, shrunk steps, calls and replay command; or the trap's.
        grep -v ' steps in .* episodes, ' "$out" | tail -n 60
        printf 'Run it again: %s --target %s --steps %s --seed %s %s\n\n' "$fuzz" "$target" "$steps" "$seed" "${known[*]}"
    fi
done

printf '\n%d run(s) of %s steps, %d failed\n' "$runs" "$steps" "${#failures[@]}"
if ((${#failures[@]} > 0)); then
    printf 'failing seed: %s\n' "${failures[@]}"
    exit 1
fi
