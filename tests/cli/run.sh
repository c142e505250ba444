#!/usr/bin/env bash
# Shell tests of the `loom` command-line contract (DESIGN.md §3).
# Usage: tests/cli/run.sh path/to/loom
set -u
LOOM=${1:?usage: run.sh path/to/loom}
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0

# expect NAME WANT_RC WANT_STDOUT STDIN -- CMD...: checks exit status and exact stdout
# ('*' accepts any stdout; STDIN '@FILE' reads stdin from FILE).
expect() {
    local name=$1 want_rc=$2 want_out=$3 input=$4
    shift 5
    local out rc
    if [[ "$input" == @* ]]; then
        out=$("$@" <"${input#@}" 2>"$TMP/err")
    else
        out=$(printf '%s' "$input" | "$@" 2>"$TMP/err")
    fi
    rc=$?
    if [[ $rc == "$want_rc" && ( "$want_out" == '*' || "$out" == "$want_out" ) ]]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name: exit $rc (wanted $want_rc)"
        echo "  stdout: $out"
        [[ "$want_out" != '*' ]] && echo "  wanted: $want_out"
        sed 's/^/  stderr: /' "$TMP/err"
    fi
}

# expect_err NAME PATTERN: the last command's stderr matches PATTERN (grep -E).
expect_err() {
    if grep -Eq "$2" "$TMP/err"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $1: stderr does not match /$2/:"
        sed 's/^/  stderr: /' "$TMP/err"
    fi
}

# --- meta
expect version 0 '*' '' -- "$LOOM" --version
expect help 0 '*' '' -- "$LOOM" --help
expect unknown-command 2 '' '' -- "$LOOM" frobnicate
expect_err unknown-command-msg 'unknown command'

# --- loom run
expect run-tuple 0 $'6i32\n3i64' '[1, 2, 3]' -- "$LOOM" run "$HERE/sum.fut"
expect run-empty 0 $'0i32\n0i64' 'empty([0]i32)' -- "$LOOM" run "$HERE/sum.fut"
expect run-entry 0 '1.25f32' '2.5' -- "$LOOM" run "$HERE/sum.fut" --entry halve
expect run-backend 0 '1.25f32' '2.5f32' -- "$LOOM" run "$HERE/sum.fut" --entry halve --backend interp
printf 'b\x02\x00 f32\x00\x00\x40\x40' >"$TMP/bin.in"  # 3.0f32 in the binary format
expect run-binary-in 0 '1.5f32' "@$TMP/bin.in" -- "$LOOM" run "$HERE/sum.fut" --entry halve
expect run-runtime-error 1 '' '[1, 2] 7i64' -- "$LOOM" run "$HERE/index.fut"
expect_err run-runtime-error-loc 'index\.fut:[0-9]+:[0-9]+: runtime error'
expect run-compile-error 2 '' '1' -- "$LOOM" run "$HERE/bad_type.fut"
expect_err run-compile-error-loc 'bad_type\.fut:4:[0-9]+: error'
expect run-bad-input 1 '' '[1, 2' -- "$LOOM" run "$HERE/sum.fut"
expect run-wrong-arity 1 '' '[1] [2]' -- "$LOOM" run "$HERE/sum.fut"
expect run-wrong-type 1 '' '[1.5]' -- "$LOOM" run "$HERE/sum.fut"
expect run-no-entry 2 '' '' -- "$LOOM" run "$HERE/sum.fut" --entry nope
expect run-missing-file 2 '' '' -- "$LOOM" run "$HERE/does-not-exist.fut"
expect run-cpu-unavailable 2 '' '1' -- "$LOOM" run "$HERE/sum.fut" --backend cpu
expect_err run-cpu-msg 'backend `cpu` is not available'

# --- loom check
expect check-ok 0 '' '' -- "$LOOM" check "$HERE/sum.fut"
expect check-bad 2 '' '' -- "$LOOM" check "$HERE/bad_type.fut"
expect_err check-bad-caret '\^'

# --- loom test
expect test-pass 0 '2 passed, 0 failed' '' -- "$LOOM" test "$HERE/sum.fut"
expect test-error-cases 0 '2 passed, 0 failed' '' -- "$LOOM" test "$HERE/index.fut"
expect test-compile-error 0 '1 passed, 0 failed' '' -- "$LOOM" test "$HERE/bad_type.fut"
expect test-failing 1 '*' '' -- "$LOOM" test "$HERE/failing.fut"
out=$("$LOOM" test "$HERE/failing.fut" 2>&1)
if [[ "$out" == *"failing.fut"* && "$out" == *"7i32"* && "$out" == *"6i32"* &&
      "$(tail -n1 <<<"$out")" == "0 passed, 1 failed" ]]; then
    pass=$((pass + 1))
else
    fail=$((fail + 1)); echo "FAIL test-failing-report:"; echo "$out" | sed 's/^/  /'
fi
expect test-directory 1 '*' '' -- "$LOOM" test "$HERE"
out=$("$LOOM" test "$HERE" 2>&1)
if [[ "$(tail -n1 <<<"$out")" == "5 passed, 1 failed" ]]; then
    pass=$((pass + 1))
else
    fail=$((fail + 1)); echo "FAIL test-directory-count:"; echo "$out" | sed 's/^/  /'
fi
expect test-usage 2 '' '' -- "$LOOM" test
# In a folder, a .loom file without a test block is a REPL script, not a test.
mkdir -p "$TMP/mixed"
cp "$HERE/sum.fut" "$TMP/mixed/prog.loom"
printf '1 + 2\n' >"$TMP/mixed/script.loom"
expect test-loom-script-skipped 0 '2 passed, 0 failed' '' -- "$LOOM" test "$TMP/mixed"
expect test-bad-backend 2 '' '' -- "$LOOM" test --backend nope "$HERE/sum.fut"

echo "$pass passed, $fail failed"
[[ $fail == 0 ]]
