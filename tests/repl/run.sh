#!/usr/bin/env bash
# Transcript tests of the REPL: each NAME.in (or NAME.loom) in DIR (default: this
# folder) is piped to
# `loom --run - [ARGS]` (ARGS from NAME.args if present) in this folder; stdout and
# stderr together, plus a final `[exit N]` line, must equal NAME.out.  Timing
# numbers on `-- time:`/`-- bench:` lines are replaced by N (durations on the compiled
# backends' `-- cpu:` summary lines by `N ms`, the kernel cache's file count by N), and the wording of
# located diagnostics (owned by the parser, checker and interpreter, tested in
# tests/errors) by `...`, except `Unknown name`, which shows the session's state, and the
# prelude's line and column in the note of a failure inside a prelude function by L:C.
# Usage: tests/repl/run.sh path/to/loom [--dir DIR] [--update]
set -u
LOOM=$(realpath "${1:?usage: run.sh path/to/loom [--dir DIR] [--update]}")
shift
HERE=$(cd "$(dirname "$0")" && pwd)
DIR=$HERE
UPDATE=
while [[ $# -gt 0 ]]; do
    case $1 in
    --dir) DIR=$(realpath "$2"); shift ;;
    --update) UPDATE=--update ;;
    esac
    shift
done
cd "$DIR" || exit 2
# A fresh kernel cache, so the cache status in transcripts (compiled, then memory
# hits) does not depend on earlier runs.
LOOM_CACHE_DIR=$(mktemp -d)
export LOOM_CACHE_DIR
trap 'rm -rf "$LOOM_CACHE_DIR"' EXIT
pass=0
fail=0
shopt -s nullglob
for in in *.in *.loom; do
    name=${in%.*}
    args=()
    [[ -f $name.args ]] && read -r -a args <"$name.args"
    actual=$("$LOOM" --run - "${args[@]}" <"$in" 2>&1; echo "[exit $?]")
    actual=$(sed -E -e '/^-- (time|bench):/ s/[0-9]+(\.[0-9]+)?/N/g' \
        -e '/^-- (time|bench):/ s/N s\b/N ms/g' \
        -e '/^-- (cpu|cuda):/ s/[0-9]+(\.[0-9]+)? (ms|s)\b/N ms/g' \
        -e 's/^kernel cache: .*/kernel cache: DIR/' \
        -e '/^ \*   [a-z0-9_]+: / s/[0-9]+ registers/N registers/' \
        -e '/^  on disk:/ s/[0-9]+(\.[0-9]+)? MiB of/N MiB of/' \
        -e '/^  on disk:/ s/[0-9]+ entries/N entries/' \
        -e '/: (runtime )?error: Unknown name/! s/^([^ ]+:[0-9]+:[0-9]+: (runtime )?error: ).*/\1.../' \
        -e 's/^(  in `[^`]+`, at prelude\.fut:)[0-9]+:[0-9]+/\1L:C/' \
        <<<"$actual")
    if [[ $UPDATE == --update ]]; then
        printf '%s\n' "$actual" >"$name.out"
    fi
    if [[ -f $name.out && "$actual" == "$(cat "$name.out")" ]]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name:"
        diff <(printf '%s\n' "$actual") "$name.out" | sed 's/^/  /'
    fi
done
# The interactive session through a pseudo-terminal (counts as one test).
if [[ $DIR == "$HERE" ]] && command -v python3 >/dev/null; then
    if out=$(python3 "$HERE/interactive.py" "$LOOM" 2>&1); then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL interactive:"
        sed 's/^/  /' <<<"$out"
    fi
fi
echo "$pass passed, $fail failed"
[[ $fail == 0 ]]
