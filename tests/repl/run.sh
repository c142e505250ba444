#!/usr/bin/env bash
# Transcript tests of the REPL: each tests/repl/NAME.in is piped to
# `loom --run - [ARGS]` (ARGS from NAME.args if present) in this folder; stdout and
# stderr together, plus a final `[exit N]` line, must equal NAME.out.  Timing
# numbers on `-- time:`/`-- bench:` lines are replaced by N, and the wording of
# located diagnostics (owned by the parser, checker and interpreter, tested in
# tests/errors) by `...`, except `Unknown name`, which shows the session's state.
# Usage: tests/repl/run.sh path/to/loom [--update]
set -u
LOOM=$(realpath "${1:?usage: run.sh path/to/loom [--update]}")
UPDATE=${2:-}
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE" || exit 2
pass=0
fail=0
for in in *.in; do
    name=${in%.in}
    args=()
    [[ -f $name.args ]] && read -r -a args <"$name.args"
    actual=$("$LOOM" --run - "${args[@]}" <"$in" 2>&1; echo "[exit $?]")
    actual=$(sed -E -e '/^-- (time|bench):/ s/[0-9]+(\.[0-9]+)?/N/g' \
        -e '/: (runtime )?error: Unknown name/! s/^([^ ]+:[0-9]+:[0-9]+: (runtime )?error: ).*/\1.../' \
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
if command -v python3 >/dev/null; then
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
