#!/usr/bin/env bash
# Typechecks everything of this repository that runs on Apple platforms against a real iPhoneOS SDK
# and MJRefresh's real Objective-C headers, with Linux's swiftc. Linux's own builds check no
# availability and compile the glue against stand-ins; this is what Xcode would say.
#
#   Scripts/ios-typecheck.sh            exit 0: no error, no warning; 1: findings; 3: skipped (no SDK)
#
# What it checks, each unit with warnings counted as errors (the package builds with
# -warnings-as-errors):
#   1. The five library products (Refreshable, RefreshableUIKit, RefreshableSwiftUI,
#      RefreshableCombine, RefreshableTesting) at the package's declared minimum iOS (read from
#      Package.swift).
#   2. The Examples package's app target, RefreshableExamples (every example screen, the MJRefresh
#      adapter, and the README's and DocC articles' snippets), at the iOS the Examples package
#      declares, as an app does.
#   3. The files of (2) that hold snippets offered to any app, each at the iOS its doc gives (the
#      package's minimum unless the doc names another): such a file says it with the line
#      `// ios-typecheck: iOS N`.
#   4. The test files that hold the docs' test snippets (listed in
#      Scripts/ios-typecheck/snippet-test-files.txt, which the doc-snippet drift test reads too),
#      at the Examples package's iOS, through the Swift Testing shim below.
#   5. The stand-in probes (Examples/StandInProbes): code the SDK refuses, which the Linux stand-ins
#      must refuse too; here each must fail with the error it names.
#
# Where the SDK and MJRefresh come from (nothing of them enters the repository):
#   IOS_SDK        a folder laid out by prepare-sdk.sh; else IOS_SDK_CACHE_DIR/iPhoneOS.sdk (default
#                  ~/.cache/refreshable-ios), laid out on first use from IOS_SDK_GIT (default: a
#                  fetched snapshot of github:danpashin/sdks at /work/.mirror/danpashin+sdks/repo)
#   MJREFRESH_DIR  a folder holding MJRefresh's `MJRefresh/` sources; else laid out in the cache from
#                  MJREFRESH_GIT (default /work/.mirror/CoderMJLee+MJRefresh/repo)
#   IOS_SDK_TOOLS  prepare-sdk.sh and ios-swiftc (default: ../shared/tools/ios-sdk beside the repository)
# Without an SDK it prints "skipped" and exits 3: never a pass.
#
# Shims: the SDK's Swift standard library is 5.10 (Xcode 15.3); the package needs Xcode 16 (Swift 6).
# Each shim below stands for one Swift 6 feature a current Xcode has at every deployment target, and
# is used for nothing else; the check prints the list.
#   S1 `Optional.take()`: Scripts/ios-typecheck/StandardLibraryShims.swift declares it (Swift 6.0
#      library, emitted into the client).
#   S2 `#isolation`: a file passed with RefreshableTesting declares the macro as the Swift 6 library
#      does (`Builtin.IsolationMacro`, with -enable-builtin-module).
#   S3 `isolated deinit` (RefreshStatusRelay): its main-actor entry point, back-deployed by Swift 6.2,
#      is not in the 5.10 library. The typecheck (1) compiles the file as written; only the module
#      emitted for the next units (no bodies but inlinable ones) takes the file's Swift 6.1 branch.
#   S4 Typed throws in a function body crash Swift 6.3.1's code generation against the 5.10 library
#      (`restore(from:)`'s rethrow): the emitted modules skip bodies that are not inlinable; every
#      body is still typechecked in (1).
#   S5 Swift Testing is not in the 17.4 SDK (Xcode 16 brings it): the test snippet files of (4) are
#      checked with `@Test`/`@Suite` removed and `#expect`/`#require` turned into calls of
#      Scripts/ios-typecheck/TestingShims.swift's functions of the same shape. Their
#      `import RefreshableTestingUIKit` goes too: that module is the Linux Examples package's build
#      of a file RefreshableTesting itself compiles on iOS (typechecked in 1).
#   S6 `@Observable` in the examples: Linux's Swift 6.3 macro plugin adds a member the 17.4 SDK's
#      declaration of the macro does not name; Scripts/ios-typecheck/ObservationMacroShim.swift
#      declares it with that name added (Xcode pairs each SDK with its own plugin).
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"
shim_dir="$repo_root/Scripts/ios-typecheck"

tools=${IOS_SDK_TOOLS:-$repo_root/../shared/tools/ios-sdk}
cache=${IOS_SDK_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/refreshable-ios}
sdk=${IOS_SDK:-$cache/iPhoneOS.sdk}
sdk_git=${IOS_SDK_GIT:-/work/.mirror/danpashin+sdks/repo}
mj_git=${MJREFRESH_GIT:-/work/.mirror/CoderMJLee+MJRefresh/repo}
mj_dir=${MJREFRESH_DIR:-$cache/MJRefresh}

skip() {
    echo "ios-typecheck: skipped: $*"
    echo "ios-typecheck: nothing was typechecked against the iPhoneOS SDK (see the header of $0)"
    exit 3
}

[[ -x "$tools/ios-swiftc" && -f "$tools/prepare-sdk.sh" ]] || skip "no ios-sdk tools at $tools (IOS_SDK_TOOLS)"
if [[ ! -f "$sdk/SDKSettings.json" ]]; then
    [[ -z "${IOS_SDK:-}" ]] || skip "IOS_SDK=$IOS_SDK is not a laid-out SDK"
    [[ -d "$sdk_git" ]] || skip "no iPhoneOS SDK: set IOS_SDK, or fetch github:danpashin/sdks (IOS_SDK_GIT)"
    echo "ios-typecheck: laying out the SDK from $sdk_git in $sdk"
    bash "$tools/prepare-sdk.sh" "$sdk_git" "$sdk" | tail -n 2
fi
if [[ ! -f "$mj_dir/MJRefresh/MJRefresh.h" ]]; then
    [[ -z "${MJREFRESH_DIR:-}" ]] || skip "MJREFRESH_DIR=$MJREFRESH_DIR holds no MJRefresh/MJRefresh.h"
    [[ -d "$mj_git" ]] || skip "no MJRefresh headers: set MJREFRESH_DIR, or fetch github:CoderMJLee/MJRefresh (MJREFRESH_GIT)"
    mkdir -p "$mj_dir"
    git -C "$mj_git" archive HEAD MJRefresh | tar -x -C "$mj_dir"
fi
# A module map beside MJRefresh's headers, as CocoaPods and SwiftPM make one (framework-less).
mj_include="$mj_dir/MJRefresh/include"
if [[ ! -f "$mj_include/module.modulemap" ]]; then
    printf 'module MJRefresh {\n    umbrella header "MJRefresh.h"\n    export *\n}\n' >"$mj_include/module.modulemap"
fi

export IOS_SDK="$sdk"
export IOS_SWIFTC_CACHE="${IOS_SWIFTC_CACHE:-$cache/module-cache}"
export IOS_SWIFTC_RESOURCES="${IOS_SWIFTC_RESOURCES:-$cache/resources}"

# The package's minimum iOS, from Package.swift (`.iOS(.v13)`), and the Examples package's.
ios_version() {
    local v
    v=$(grep -oE '\.iOS\(\.v[0-9_]+\)' "$1" | head -n 1 | grep -oE '[0-9_]+' | tr _ .)
    [[ -n "$v" ]] || { echo "error: no .iOS(.vN) platform in $1" >&2; exit 1; }
    [[ "$v" == *.* ]] || v="$v.0"
    echo "$v"
}
minimum=$(ios_version Package.swift)
examples_ios=$(ios_version Examples/Package.swift)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
modules="$work/modules"
mkdir -p "$modules"

common=(-parse-as-library -swift-version 6 -enable-upcoming-feature ExistentialAny
    -enable-upcoming-feature MemberImportVisibility -I "$modules" -I "$mj_include")
findings=0
report=()

# Runs ios-swiftc, prints its diagnostics, and counts the errors and warnings in them.
check() {
    local label=$1 deployment=$2
    shift 2
    local log="$work/log" n
    "$tools/ios-swiftc" --deployment "$deployment" "${common[@]}" "$@" >"$log" 2>&1 || true
    # One finding per diagnostic (the compiler repeats each one in its excerpt of the source).
    n=$({ grep -E '^[^ |].*(error|warning): ' "$log" || true; } | sort -u | wc -l)
    if [[ $n -gt 0 ]]; then
        grep -E '^[^ |].*(error|warning): ' "$log" | sort -u >&2
    elif grep -qE '(error|warning): ' "$log"; then
        cat "$log" >&2
        n=1
    fi
    report+=("$(printf '%-52s iOS %-5s %3s errors and warnings' "$label" "$deployment" "$n")")
    findings=$((findings + n))
}

swift_files() { find "$@" -name '*.swift' | sort; }

echo "ios-typecheck: SDK $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["CanonicalName"])' "$sdk/SDKSettings.json"), MJRefresh from $mj_dir"
echo "ios-typecheck: package minimum iOS $minimum, Examples iOS $examples_ios"

# --- 1. The libraries at the package's minimum -----------------------------------------------------
isolation_shim="$work/IsolationMacroShim.swift"
printf 'import Builtin\n\n@freestanding(expression)\nmacro isolation<T>() -> T = Builtin.IsolationMacro\n' >"$isolation_shim"
patched="$work/patched"
for target in Refreshable RefreshableUIKit RefreshableSwiftUI RefreshableCombine RefreshableTesting; do
    shims=("$shim_dir/StandardLibraryShims.swift")
    flags=()
    if [[ $target == RefreshableTesting ]]; then
        shims+=("$isolation_shim")
        flags+=(-Xfrontend -enable-builtin-module)
    fi
    # shellcheck disable=SC2046
    check "$target (typecheck, every body)" "$minimum" -typecheck -module-name "$target" \
        -package-name refreshable "${flags[@]}" $(swift_files "Sources/$target") "${shims[@]}"
    # The module the next units import (shims S3 and S4).
    rm -rf "$patched" && mkdir -p "$patched" && cp -R "Sources/$target" "$patched/"
    if [[ -f "$patched/$target/Statuses/RefreshStatusRelay.swift" ]]; then
        sed -i 's/^    #if compiler(>=6.2)$/    #if false  \/\/ ios-typecheck shim S3/' \
            "$patched/$target/Statuses/RefreshStatusRelay.swift"
    fi
    # shellcheck disable=SC2046
    "$tools/ios-swiftc" --deployment "$minimum" "${common[@]}" -wmo -emit-module \
        -Xfrontend -experimental-skip-non-inlinable-function-bodies -module-name "$target" \
        -package-name refreshable "${flags[@]}" $(swift_files "$patched/$target") "${shims[@]}" \
        -emit-module-path "$modules/$target.swiftmodule" >"$work/emit.log" 2>&1 \
        || { cat "$work/emit.log" >&2; echo "error: emitting $target's module failed" >&2; exit 1; }
done

# --- 2. The example app at its own deployment target ------------------------------------------------
examples=Examples/Sources/RefreshableExamples
# shellcheck disable=SC2046
check "RefreshableExamples (screens, adapter, doc snippets)" "$examples_ios" -typecheck \
    -module-name RefreshableExamples $(swift_files "$examples") "$shim_dir/ObservationMacroShim.swift"

# --- 3. Snippets offered to any app, at the iOS their docs give ----------------------------------
# A file whose snippets the docs offer to any app says at which iOS they compile with a line
# `// ios-typecheck: iOS N` (the package's minimum, or the version its doc names); it is checked at
# that version, with the example app's support files it may use.
mapfile -t marked < <(grep -rlE '^// ios-typecheck: iOS [0-9.]+$' "$examples" | sort)
[[ ${#marked[@]} -gt 0 ]] || { echo "error: no file in $examples says '// ios-typecheck: iOS N'" >&2; exit 1; }
for file in "${marked[@]}"; do
    version=$(grep -oE '^// ios-typecheck: iOS [0-9.]+$' "$file" | grep -oE '[0-9.]+$')
    [[ "$version" == *.* ]] || version="$version.0"
    # shellcheck disable=SC2046
    check "$(basename "$file")" "$version" -typecheck -module-name AnyApp \
        $(swift_files "$file" "$examples/Support" "$examples/Adapters" | sort -u)
done

# --- 4. The docs' test snippets ------------------------------------------------------------------------
# The example app's module, for the test files that import it.
# shellcheck disable=SC2046
"$tools/ios-swiftc" --deployment "$examples_ios" "${common[@]}" -wmo -emit-module -enable-testing \
    -package-name refreshableexamples \
    -Xfrontend -experimental-skip-non-inlinable-function-bodies -module-name RefreshableExamples \
    $(swift_files "$examples") "$shim_dir/ObservationMacroShim.swift" \
    -emit-module-path "$modules/RefreshableExamples.swiftmodule" \
    >"$work/emit.log" 2>&1 || { cat "$work/emit.log" >&2; echo "error: emitting RefreshableExamples failed" >&2; exit 1; }
# One unit per test target (the folder of its files), each file through shim S5.
mapfile -t listed < <(grep -vE '^[[:space:]]*(#|$)' "$shim_dir/snippet-test-files.txt" | sed -E 's/^\+[[:space:]]+//')
mapfile -t targets < <(for file in "${listed[@]}"; do dirname "$file"; done | sort -u)
for target in "${targets[@]}"; do
    unit="$work/tests/$(basename "$target")"
    mkdir -p "$unit"
    for file in "${listed[@]}"; do
        [[ "$(dirname "$file")" == "$target" ]] || continue
        sed -E -e 's/^([[:space:]]*)@(Test|Suite)(\([^)]*\))?[[:space:]]*$/\1/' \
            -e 's/@(Test|Suite)(\([^)]*\))? //g' -e 's/#expect\(/shimExpect(/g' -e 's/#require\(/shimRequire(/g' \
            -e 's/^import (Testing|RefreshableTestingUIKit)$//' "$file" >"$unit/$(basename "$file")"
    done
    # A test target is in the same package as what it tests.
    package=(-package-name refreshable)
    [[ $target != Examples/* ]] || package=(-package-name refreshableexamples)
    check "test snippets of $(basename "$target") (shim S5)" "$examples_ios" -typecheck \
        -module-name "$(basename "$target")" "${package[@]}" "$unit"/*.swift "$shim_dir/TestingShims.swift" \
        "$shim_dir/ObservationMacroShim.swift"
done

# --- 5. The stand-in probes: what the SDK refuses -----------------------------------------------------
# Each probe of Examples/StandInProbes must fail here with its expected error (the Examples tests
# check that the Linux stand-ins refuse it too).
for probe in Examples/StandInProbes/*.swift; do
    expected=$(sed -nE 's|^// expected-error: (.*)$|\1|p' "$probe")
    label="probe $(basename "$probe" .swift)"
    "$tools/ios-swiftc" --deployment "$examples_ios" "${common[@]}" -typecheck "$probe" >"$work/log" 2>&1 && {
        echo "$probe: compiles against the SDK, but says Xcode rejects it" >&2
        report+=("$(printf '%-52s iOS %-5s untrue: it compiles' "$label" "$examples_ios")")
        findings=$((findings + 1))
        continue
    }
    if [[ -z "$expected" ]] || ! grep -qF "error: $expected" "$work/log"; then
        cat "$work/log" >&2
        echo "$probe: the SDK refuses it, but not with \"$expected\"" >&2
        report+=("$(printf '%-52s iOS %-5s untrue: another error' "$label" "$examples_ios")")
        findings=$((findings + 1))
        continue
    fi
    report+=("$(printf '%-52s iOS %-5s refused, as it says' "$label" "$examples_ios")")
done

echo
echo "ios-typecheck: shims used: S1 Optional.take(), S2 #isolation, S3 isolated deinit (emitted module only),"
echo "               S4 bodies skipped in emitted modules (typechecked in full above), S5 Swift Testing,"
echo "               S6 @Observable's declaration for Linux's macro plugin"
printf '    %s\n' "${report[@]}"
if [[ $findings -gt 0 ]]; then
    echo "ios-typecheck: $findings errors and warnings against the real SDK" >&2
    exit 1
fi
echo "ios-typecheck: 0 errors, 0 warnings"
