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
# The kernel cache of these runs: never the user's.
export LOOM_CACHE_DIR="$TMP/cache"

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

# check_output NAME PYTHON CMD...: runs CMD (exit 0) and checks its stdout with a Python
# expression over `lines` (stdout's non-empty lines) and `out` (all of it).
check_output() {
    local name=$1 check=$2
    shift 2
    local out
    if out=$("$@" 2>"$TMP/err") &&
       python3 -c "import json, sys; out = sys.stdin.read(); lines = [l for l in out.splitlines() if l]; sys.exit(0 if ($check) else 1)" <<<"$out"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1)); echo "FAIL $name:"; echo "$out" | sed 's/^/  stdout: /'; sed 's/^/  stderr: /' "$TMP/err"
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
# NumPy: arguments as .npy files' bytes (np.save to a stream, mixed with text), and
# results the same way (--npy), which np.load reads back one after another.
python3 -c "import numpy as np, sys; np.save(sys.stdout.buffer, np.array([1, 2, 3], dtype=np.int32))" >"$TMP/in.npy"
expect run-npy-in 0 $'6i32\n3i64' "@$TMP/in.npy" -- "$LOOM" run "$HERE/sum.fut"
{ printf '[4, 5] '; python3 -c "import numpy as np, sys; np.save(sys.stdout.buffer, np.float64(2.5))"; } >"$TMP/mixed.in"
printf 'def main (xs: []i32) (s: f64) = (map (*2) xs, s * 2, [[true], [false]])\nentry pairs (xs: []i32) = zip xs xs\n' >"$TMP/npy.fut"
"$LOOM" run "$TMP/npy.fut" --npy <"$TMP/mixed.in" >"$TMP/out.npy" 2>"$TMP/err"
check_output run-npy-out "lines == ['[ 8 10] int32', '5.0 float64', '[[ True] [False]] bool']" \
    python3 -c "import io, numpy as np; f = io.BytesIO(open('$TMP/out.npy', 'rb').read()); n = len(f.getvalue())
while f.tell() < n: a = np.load(f); print(str(a).replace(chr(10), ''), a.dtype)"
for b in interp cpu; do
    printf '[1, 2] 1.0' | "$LOOM" run "$TMP/npy.fut" --npy --backend $b >"$TMP/out-$b.npy"
done
expect run-npy-backends 0 '' '' -- cmp "$TMP/out-interp.npy" "$TMP/out-cpu.npy"
expect run-npy-not-array 1 '' '[1, 2]' -- "$LOOM" run "$TMP/npy.fut" --entry pairs --npy
expect_err run-npy-not-array-msg 'result 1 of 1 is not a scalar or an array of scalars'
printf '\x93NUMPY\x01\x00\x10\x00{bad header   }\n' >"$TMP/bad.npy"
expect run-npy-bad 1 '' "@$TMP/bad.npy" -- "$LOOM" run "$HERE/sum.fut"
expect_err run-npy-bad-msg "<stdin>:1:1: error: not a valid .npy file: header lacks 'descr'"
expect run-runtime-error 1 '' '[1, 2] 7i64' -- "$LOOM" run "$HERE/index.fut"
expect_err run-runtime-error-loc 'index\.fut:[0-9]+:[0-9]+: runtime error'
expect run-compile-error 2 '' '1' -- "$LOOM" run "$HERE/bad_type.fut"
expect_err run-compile-error-loc 'bad_type\.fut:4:[0-9]+: error'
expect run-bad-input 1 '' '[1, 2' -- "$LOOM" run "$HERE/sum.fut"
expect run-wrong-arity 1 '' '[1] [2]' -- "$LOOM" run "$HERE/sum.fut"
expect run-wrong-type 1 '' '[1.5]' -- "$LOOM" run "$HERE/sum.fut"
expect run-no-entry 2 '' '' -- "$LOOM" run "$HERE/sum.fut" --entry nope
expect run-missing-file 2 '' '' -- "$LOOM" run "$HERE/does-not-exist.fut"
expect run-cpu 0 $'6i32\n3i64' '[1, 2, 3]' -- "$LOOM" run "$HERE/sum.fut" --backend cpu
expect run-cpu-entry 0 '1.25f32' '2.5' -- "$LOOM" run "$HERE/sum.fut" --entry halve --backend=cpu
expect run-cpu-runtime-error 1 '' '[1, 2] 7i64' -- "$LOOM" run "$HERE/index.fut" --backend cpu
expect_err run-cpu-runtime-error-loc 'index\.fut:[0-9]+:[0-9]+: runtime error'
expect run-auto 0 $'6i32\n3i64' '[1, 2, 3]' -- "$LOOM" run "$HERE/sum.fut" --backend auto
# cuda: NVRTC compiles the kernels, then running needs the driver (and the host side).
expect run-cuda-unavailable 2 '' '[1, 2, 3]' -- "$LOOM" run "$HERE/sum.fut" --backend cuda
expect_err run-cuda-msg 'no CUDA driver \(libcuda\.so\.1\) on this machine|NVRTC|host side is not generated'
expect run-bad-backend 2 '' '1' -- "$LOOM" run "$HERE/sum.fut" --backend nope
expect_err run-bad-backend-msg 'unknown backend `nope`'
# A construct the compiler does not handle yet (a map whose rows' size is known only
# after each call): located, exit 3; the interpreter runs it, and so does `auto` (falling
# back to it).
cat >"$TMP/limit.fut" <<'FUT'
-- ==
-- input { 5i64 } output { 10i64 }
def main (n: i64) : i64 = i64.sum (flatten (map (\i -> filter (>= 0) [i, -i - 1]) (iota n)))
FUT
expect run-cpu-limitation 3 '' '5i64' -- "$LOOM" run "$TMP/limit.fut" --backend cpu
expect_err run-cpu-limitation-msg 'limit\.fut:[0-9]+:[0-9]+: compiler limitation: '
expect run-auto-fallback 0 '10i64' '5i64' -- "$LOOM" run "$TMP/limit.fut"
expect run-interp-limitation 0 '10i64' '5i64' -- "$LOOM" run "$TMP/limit.fut" --backend interp

# --- loom check
expect check-ok 0 '' '' -- "$LOOM" check "$HERE/sum.fut"
expect check-bad 2 '' '' -- "$LOOM" check "$HERE/bad_type.fut"
expect_err check-bad-caret '\^'
expect check-hole 0 '' '' -- "$LOOM" check "$HERE/hole.fut"
expect_err check-hole-warning 'hole.fut:2:31: warning: Hole of type: i32'
expect run-hole 1 '' '5' -- "$LOOM" run --backend cpu "$HERE/hole.fut"
expect_err run-hole-error 'runtime error: Evaluated a typed hole \(`\?\?\?`\) of type i32'
# Traces: on stderr, in order (each row's `double` before its `elem`), the whole result last.
expect run-trace 0 '[3i32, 5i32]' '[1, 2]' -- "$LOOM" run "$HERE/trace.fut"
check_output run-trace-lines "lines == ['trace.fut:3:33: 2i32', 'elem: 3i32', 'trace.fut:3:33: 4i32', 'elem: 5i32', 'trace.fut:4:26: [3i32, 5i32]']" \
  sh -c "cd '$HERE' && echo '[1, 2]' | '$LOOM' run --backend interp trace.fut 2>&1 >/dev/null"
# What was traced before a failure is printed before its error.
expect run-trace-fail 1 '' '0' -- "$LOOM" run --entry fails "$HERE/trace.fut"
expect_err run-trace-fail-first 'trace.fut:5:42: 1i32'
expect_err run-trace-fail-error 'division by zero'
# A named compiled backend leaves them out.
expect run-trace-cpu 0 '[3i32, 5i32]' '[1, 2]' -- "$LOOM" run --backend cpu "$HERE/trace.fut"
check_output run-trace-cpu-quiet "lines == []" sh -c "echo '[1, 2]' | '$LOOM' run --backend cpu '$HERE/trace.fut' 2>&1 >/dev/null"
# loom literate: the document, its images (PNG, of the size of the array), exit 0.
expect literate 0 "wrote $TMP/lit.md" '' -- "$LOOM" literate "$HERE/literate.fut" -o "$TMP/lit.md"
check_output literate-md "out.rstrip() == open('$HERE/literate.md.expected').read().rstrip()" cat "$TMP/lit.md"
check_output literate-png "lines == ['4 4', '5 5', '2 1', '500 500', '300 200', '640 480']" python3 -c "
import struct
for f in ['img1.png', 'ramp.png', 'img3.png', 'plot1.png', 'plot2.png', 'plot3.png']:
    d = open('$TMP/lit-img/' + f, 'rb').read()
    assert d[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
    print(*struct.unpack('>II', d[16:24]))"
check_output literate-media "lines == ['GIF89a 8 8 4', 'RIFF WAVE 3 1 8000 800']" python3 -c "
import struct
g = open('$TMP/lit-img/video1.gif', 'rb').read()
print(g[:6].decode(), *struct.unpack('<HH', g[6:10]), g.count(b'\\x21\\xf9\\x04'))
w = open('$TMP/lit-img/audio1.wav', 'rb').read()
fmt, ch, rate = struct.unpack('<HHI', w[20:28])
print(w[:4].decode(), w[8:12].decode(), fmt, ch, rate, (len(w) - w.find(b'data') - 8) // 4)"
# Failing directives: each a **FAILED** block (and on stderr); exit 1; the rest still run.
expect literate-fail 1 "wrote $TMP/fail.md" '' -- "$LOOM" literate "$HERE/literate_fail.fut" -o "$TMP/fail.md"
expect_err literate-fail-type 'literate_fail.fut:4:9: error'
expect_err literate-fail-video 'literate_fail.fut:6: `:video`: `format: webm`: Loom writes videos as animated GIFs'
expect_err literate-fail-plot 'literate_fail.fut:9: `:plot2d` takes a pair of one-dimensional arrays .* not `\(\[3\]i64, \[4\]i64\)`'
expect_err literate-fail-gnuplot 'script line 1: undefined variable: nope'
expect_err literate-fail-img 'not \[3\]i32'
expect_err literate-fail-audio 'literate_fail.fut:16: `:audio` takes \[n\]t or \[channels\]\[n\]t samples.* not \[1\]bool'
check_output literate-fail-md "out.count('**FAILED**') == 6 and '9i32' in out" cat "$TMP/fail.md"
expect literate-stop 1 '' '' -- "$LOOM" literate "$HERE/literate_fail.fut" -o "$TMP/stop.md" --stop-on-error
check_output literate-stop-nothing "lines == ['absent']" sh -c "test -e '$TMP/stop.md' || echo absent"
expect literate-bad-program 2 '' '' -- "$LOOM" literate "$HERE/bad_type.fut" -o "$TMP/bad.md"

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
# A FutharkScript case is skipped, and said to be, once whatever the backends.
printf -- '-- ==\n-- script input { main [1, 2] }\n-- output { 2i64 }\n-- input { [1u8] } output { 1i64 }\nentry main (s: []u8) = length s\n' >"$TMP/script.fut"
expect test-script-input 0 "$TMP"$'/script.fut: main, case 1 (line 2): skipped: FutharkScript inputs (`script input`) are not supported\n2 passed, 0 failed, 2 skipped' '' -- "$LOOM" test --backend interp,cpu "$TMP/script.fut"
expect test-bad-backend 2 '' '' -- "$LOOM" test --backend nope "$HERE/sum.fut"
expect test-cuda-backend 2 '' '' -- "$LOOM" test --backend interp,cuda "$HERE/sum.fut"
# Each case on each backend; repeated --backend and comma lists combine.
expect test-two-backends 0 '4 passed, 0 failed' '' -- "$LOOM" test --backend interp,cpu "$HERE/sum.fut"
# -v: a line a step (loading, compiling, each file's counts), each with its time.
check_output test-verbose 'len(lines) == 4 and lines[0].endswith("] loaded 1 file(s)") and lines[1].endswith("] compiled their entry points for cpu") and lines[2].startswith("[") and lines[2].endswith("/sum.fut: 4 passed, 0 failed") and lines[3] == "4 passed, 0 failed"' "$LOOM" test -v --backend interp,cpu "$HERE/sum.fut"
expect test-repeated-backend 0 '4 passed, 0 failed' '' -- "$LOOM" test --backend cpu --backend interp "$HERE/sum.fut"
expect test-cpu-errors 0 '2 passed, 0 failed' '' -- "$LOOM" test --backend cpu "$HERE/index.fut"
expect test-cpu-compile-error 0 '1 passed, 0 failed' '' -- "$LOOM" test --backend interp,cpu "$HERE/bad_type.fut"
# `structure { .. }`: counts of the optimised IR's constructs, with a compiled backend
# (-s: alone); a wrong count lists what the IR has; Futhark's qualified blocks are skipped.
printf -- '-- ==\n-- input { [1, 2] } output { 10 }\n-- structure { Screma 1 Map 1 }\n-- structure gpu { SegRed 1 }\ndef main (xs: []i32) = i32.sum (map (*2) (map (+1) xs))\n' >"$TMP/structure.fut"
expect test-structure-wrong 1 $'FAIL '"$TMP"$'/structure.fut: structure (line 3)\n    Map: 1 expected, 0 found\n    the optimised IR (`loom compile --emit ir`) has:\n      /Screma 1\n      /Screma/BinOp 3\n2 passed, 1 failed, 1 skipped' '' -- "$LOOM" test --backend interp,cpu "$TMP/structure.fut"
expect test-structure-interp-only 0 '1 passed, 0 failed' '' -- "$LOOM" test --backend interp "$TMP/structure.fut"
sed -i 's/Map 1/Map 0/' "$TMP/structure.fut"
expect test-structure-alone 0 '1 passed, 0 failed, 1 skipped' '' -- "$LOOM" test -s "$TMP/structure.fut"
printf -- '-- ==\n-- structure { Screma }\ndef main (xs: []i32) = xs\n' >"$TMP/structure_bad.fut"
expect test-structure-malformed 1 '*' '' -- "$LOOM" test -s "$TMP/structure_bad.fut"
out=$("$LOOM" test --backend interp,cpu "$HERE/failing.fut" 2>&1)
if [[ "$out" == *"on cpu"* && "$out" == *"on interp"* && "$(tail -n1 <<<"$out")" == "0 passed, 2 failed" ]]; then
    pass=$((pass + 1))
else
    fail=$((fail + 1)); echo "FAIL test-failing-backends:"; echo "$out" | sed 's/^/  /'
fi
# A compiler limitation on cpu is its own category, reported before the last line.
check_output test-cpu-limitation '"limit.fut: main: skipped on cpu: compiler limitation at 3:" in out and lines[-2:] == ["1 skipped on cpu (compiler limitations)", "1 passed, 0 failed"]' \
    "$LOOM" test --backend interp,cpu "$TMP/limit.fut"
# `random input` and `auto output`: the interpreter's results are the expected ones.  A
# foreign function with a CUDA body of its own makes the cuda backend (emulated: the
# emulator's LOOM_CUDA_EMU in place of NVRTC's __CUDACC_RTC__) differ.
mkdir -p "$TMP/auto"
cat >"$TMP/auto/differs.h" <<'H'
#if defined(__CUDACC_RTC__) || defined(LOOM_CUDA_EMU)
static int32_t nudge(int32_t x) { return x + 1; }
#else
static int32_t nudge(int32_t x) { return x; }
#endif
H
cat >"$TMP/auto/auto.fut" <<'F'
-- ==
-- random input { [100]i32 } auto output
foreign "differs.h" def nudge (x: i32): i32
def main (xs: []i32) = map nudge xs
F
check_output test-auto-output 'lines[-1] == "2 passed, 0 failed"' "$LOOM" test --backend interp,cpu "$TMP/auto/auto.fut"
out=$(LOOM_CUDA_EMULATE=1 "$LOOM" test --backend cuda "$TMP/auto/auto.fut" 2>&1)
if [[ "$out" == *"case 1 (line 2) on cuda"* && "$out" == *"value 1 differs"* && "$(tail -n1 <<<"$out")" == "0 passed, 1 failed" ]]; then
    pass=$((pass + 1))
else
    fail=$((fail + 1)); echo "FAIL test-auto-output-differs:"; echo "$out" | sed 's/^/  /'
fi
printf -- '-- ==\n-- random input { [10]i32 } auto output\ndef main (xs: []i32) = xs[20]\n' >"$TMP/auto/fails.fut"
out=$("$LOOM" test --backend cpu "$TMP/auto/fails.fut" 2>&1)
if [[ "$out" == *"auto output: the interpreter, whose results are the expected ones, failed"* &&
      "$out" == *"out of bounds"* && "$(tail -n1 <<<"$out")" == "0 passed, 1 failed" ]]; then
    pass=$((pass + 1))
else
    fail=$((fail + 1)); echo "FAIL test-auto-output-interp-fails:"; echo "$out" | sed 's/^/  /'
fi
printf -- '-- ==\n-- random input { [10]i33 } auto output\ndef main (xs: []i32) = xs\n' >"$TMP/auto/bad.fut"
out=$("$LOOM" test "$TMP/auto/bad.fut" 2>&1)
if [[ "$out" == *"bad.fut:2:19: error: random input: unknown element type \`i33\`"* && "$(tail -n1 <<<"$out")" == "0 passed, 1 failed" ]]; then
    pass=$((pass + 1))
else
    fail=$((fail + 1)); echo "FAIL test-random-input-bad-type:"; echo "$out" | sed 's/^/  /'
fi
# Tags: `no_cpu` cases skip cpu, `notest` ones are loom bench's alone (a wrong output in
# them would fail).
printf -- '-- ==\n-- no_cpu input { 1 } output { 2 }\n-- notest input { 1 } output { 5 }\n-- input { 2 } output { 3 }\ndef main (x: i32) = x + 1\n' >"$TMP/tags.fut"
expect test-tags 0 '3 passed, 0 failed, 3 skipped' '' -- "$LOOM" test --backend interp,cpu "$TMP/tags.fut"
# A program's tags hold for its cases (`notest`, `no_cpu`); `--exclude TAG` leaves out the
# cases tagged TAG; words no `input` follows and a case name used twice are errors.
printf -- '-- ==\n-- tags { no_cpu }\n-- input { 1 } output { 2 }\n-- slow input { 1 } output { 9 }\nentry main (x: i32) = x + 1\n' >"$TMP/program_tags.fut"
expect test-program-tags 0 '1 passed, 0 failed, 1 skipped' '' -- "$LOOM" test --backend interp,cpu --exclude slow "$TMP/program_tags.fut"
expect test-exclude-missing 1 '*' '' -- "$LOOM" test --backend interp "$TMP/program_tags.fut"
printf -- '-- ==\n-- input { 1 } output { 2 } nobench\nentry main (x: i32) = x + 1\n' >"$TMP/stray.fut"
check_output test-stray-words '"stray.fut:2:29: error: `nobench` in test block: a case\x27s name and tags come before its `input`" in out and lines[-1] == "0 passed, 1 failed"' \
    sh -c '"$0" test --backend interp "$1" 2>&1; true' "$LOOM" "$TMP/stray.fut"
printf -- '-- ==\n-- "a" input { 1 } output { 2 }\n-- "a" input { 2 } output { 3 }\nentry main (x: i32) = x + 1\n' >"$TMP/dupname.fut"
check_output test-duplicate-name '"is used twice for `main` (first at line 2)" in out' \
    sh -c '"$0" test --backend interp "$1" 2>&1; true' "$LOOM" "$TMP/dupname.fut"
# Gzipped data files, as futhark test reads them; a broken one says so.
mkdir -p "$TMP/gz"
printf '[1, 2, 3] 2i64' | gzip >"$TMP/gz/in.txt.gz"
printf '[2, 4, 6]' | gzip >"$TMP/gz/out.txt.gz"
printf -- '-- ==\n-- input @ in.txt.gz output @ out.txt.gz\nentry main (xs: []i32) (k: i64) = map (* i32.i64 k) xs\n' >"$TMP/gz/gz.fut"
expect test-gzip-data 0 '2 passed, 0 failed' '' -- "$LOOM" test --backend interp,cpu "$TMP/gz/gz.fut"
head -c 20 "$TMP/gz/in.txt.gz" >"$TMP/gz/cut.txt.gz"
printf -- '-- ==\n-- input @ cut.txt.gz output { [1] }\nentry main (xs: []i32) (k: i64) = map (* i32.i64 k) xs\n' >"$TMP/gz/cut.fut"
check_output test-gzip-truncated '"cannot decompress" in out and "cut.txt.gz" in out and lines[-1] == "0 passed, 1 failed"' \
    sh -c '"$0" test --backend interp "$1" 2>&1; true' "$LOOM" "$TMP/gz/cut.fut"
# A file of several gzip members (`cat a.gz b.gz`, as pigz and bgzip write them) reads as
# their contents one after another, as `gzip -d` reads it: here values cut mid-array across
# three members, an empty one among them, and the binary format across two; zero bytes
# after the last member are padding gzip ignores.  Trailing garbage, a member cut short
# and an empty file are errors that name the file.
printf '[1, 2' | gzip >"$TMP/gz/m1.gz"; printf '' | gzip >"$TMP/gz/m2.gz"; printf ', 3] 2i64' | gzip >"$TMP/gz/m3.gz"
cat "$TMP/gz/m1.gz" "$TMP/gz/m2.gz" "$TMP/gz/m3.gz" >"$TMP/gz/multi.txt.gz"
printf 'b\x02\x01 i32\x03\x00\x00\x00\x00\x00\x00\x00\x02\x00\x00\x00' | gzip >"$TMP/gz/b1.gz"
printf '\x04\x00\x00\x00\x06\x00\x00\x00' | gzip >"$TMP/gz/b2.gz"
{ cat "$TMP/gz/b1.gz" "$TMP/gz/b2.gz"; printf '\0\0\0\0'; } >"$TMP/gz/multi_out.bin.gz"
printf -- '-- ==\n-- input @ multi.txt.gz output @ multi_out.bin.gz\nentry main (xs: []i32) (k: i64) = map (* i32.i64 k) xs\n' >"$TMP/gz/multi.fut"
expect test-gzip-members 0 '2 passed, 0 failed' '' -- "$LOOM" test --backend interp,cpu "$TMP/gz/multi.fut"
expect run-gzip-members-gunzip 0 '[1, 2, 3] 2i64' '' -- gzip -dc "$TMP/gz/multi.txt.gz"
{ cat "$TMP/gz/in.txt.gz"; printf 'junk'; } >"$TMP/gz/junk.txt.gz"
head -c 25 "$TMP/gz/m3.gz" >"$TMP/gz/m3cut.gz"
cat "$TMP/gz/m1.gz" "$TMP/gz/m3cut.gz" >"$TMP/gz/cut2.txt.gz"
: >"$TMP/gz/empty.txt.gz"
for bad in junk cut2 empty; do
    printf -- '-- ==\n-- input @ %s.txt.gz output { [1] }\nentry main (xs: []i32) (k: i64) = map (* i32.i64 k) xs\n' $bad >"$TMP/gz/$bad.fut"
done
check_output test-gzip-trailing-garbage '"cannot decompress `" + "'"$TMP"'/gz/junk.txt.gz`: trailing garbage after gzip member 1 (at byte " in out and lines[-1] == "0 passed, 1 failed"' \
    sh -c '"$0" test --backend interp "$1" 2>&1; true' "$LOOM" "$TMP/gz/junk.fut"
check_output test-gzip-member-truncated '"cannot decompress `" + "'"$TMP"'/gz/cut2.txt.gz`: the file ends inside gzip member 2 (from byte " in out and "it is truncated" in out and lines[-1] == "0 passed, 1 failed"' \
    sh -c '"$0" test --backend interp "$1" 2>&1; true' "$LOOM" "$TMP/gz/cut2.fut"
check_output test-gzip-empty '"cannot decompress `" + "'"$TMP"'/gz/empty.txt.gz`: the file is empty" in out and lines[-1] == "0 passed, 1 failed"' \
    sh -c '"$0" test --backend interp "$1" 2>&1; true' "$LOOM" "$TMP/gz/empty.fut"
# A `def` may be called as an entry point, unless Futhark's rules for entry points forbid it.
printf "def hof (f: i32 -> i32) (x: i32) = f x\\ndef id 't (x: t) = x\\ndef twice (x: i32) = 2 * x\\n" >"$TMP/defs.fut"
expect run-def-entry 0 '8i32' '' -- sh -c 'echo 4 | "$0" run "$1" --entry twice --backend interp' "$LOOM" "$TMP/defs.fut"
expect run-def-higher-order 2 '' 'loom: `hof` takes a function: it cannot be called as an entry point' -- sh -c 'echo 4 | "$0" run "$1" --entry hof' "$LOOM" "$TMP/defs.fut"
expect run-def-polymorphic 2 '' 'loom: `id` is polymorphic: it cannot be called as an entry point' -- sh -c 'echo 4 | "$0" run "$1" --entry id' "$LOOM" "$TMP/defs.fut"
# Floats match as futhark test compares them (within 0.2% of the value's largest float,
# at least 0.002) or within 1e-3 relative: [1000, 0.5] passes for [1000, 0], 0.0025
# does not for 0.
printf -- '-- ==\n-- input { 0f32 } output { 0.001f32 }\n-- input { 100f32 } output { 100.15f32 }\n-- input { -1000f32 } output { -1000.5f32 }\n-- input { 0f32 } output { 0.0025f32 }\nentry main (x: f32) = x\n-- ==\n-- entry: arr\n-- input { [1000f32, 0f32] } output { [1000f32, 0.5f32] }\n-- input { [1000f32, 0f32] } output { [1000f32, 2.5f32] }\nentry arr (xs: []f32) = xs\n' >"$TMP/tolerance.fut"
check_output test-float-tolerance 'lines[-1] == "4 passed, 2 failed" and "case 4 (line 5)" in out and "case 2 (line 10)" in out' sh -c '"$0" test --backend interp "$1" 2>&1; true' "$LOOM" "$TMP/tolerance.fut"
# `--help` after any subcommand prints the usage, which names every subcommand.
check_output bench-help '"loom bench PATH..." in out and "loom test" in out' "$LOOM" bench --help
# `loom bench` on test blocks' datasets: timed on each backend and checked first (the
# differing cuda body above is a wrong result, not a time); nothing to time is a usage
# error.
check_output bench-datasets 'lines[0].endswith("sum.fut:main") and lines[1].strip() == "#0 (\"[1, 2, 3]\")" and lines[2].split()[0] == "interp" and lines[3].split()[0] == "cpu" and " than interp" in lines[3] and len(lines) == 7' \
    "$LOOM" bench "$HERE/sum.fut" --backend interp,cpu --runs 2 --min-time 0
out=$(LOOM_CUDA_EMULATE=1 "$LOOM" bench "$TMP/auto/auto.fut" --backend cpu,cuda --runs 1 --min-time 0 2>&1)
rc=$?
if [[ $rc == 1 && "$out" == *'FAIL '*'auto.fut:main [100]i32 on cuda'* && "$out" == *"wrong result: value 1 differs"* &&
      "$out" == *"    cpu "*" runs)"* ]]; then
    pass=$((pass + 1))
else
    fail=$((fail + 1)); echo "FAIL bench-wrong-result (exit $rc):"; echo "$out" | sed 's/^/  /'
fi
# As futhark bench: a program that does not compile stops the bench before anything is
# timed (the diagnostic on stderr, `loom run`'s status: 2 a compile error, 3 a compiler
# limitation or an internal error); a dataset whose run fails is a FAIL, the rest go on,
# --json leaves it out and the status is 1.
mkdir -p "$TMP/bench"
printf -- '-- ==\n-- input { 1 } output { 2 }\ndef main (x: i32) = x + 1\n' >"$TMP/bench/a_ok.fut"
printf -- '-- ==\n-- input { 1 } output { 2 }\ndef main (x: i32) = x + true\n' >"$TMP/bench/b_bad.fut"
expect bench-compile-error 2 '' '' -- "$LOOM" bench "$TMP/bench" --backend interp --runs 1 --min-time 0
expect_err bench-compile-error-loc 'b_bad\.fut:3:25: error: Cannot unify'
expect_err bench-compile-error-stop 'loom: bench stopped: `[^`]*b_bad\.fut` does not compile$'
# (A file without datasets is not a benchmark: it is not compiled, as for futhark bench.)
printf -- '-- ==\n-- input { 1 } output { 2 }\ndef main (x: i32) = (x + 1\n' >"$TMP/parse_bad.fut"
expect bench-parse-error 2 '' '' -- "$LOOM" bench "$TMP/bench/a_ok.fut" "$HERE/bad_type.fut" "$TMP/parse_bad.fut" --backend interp
expect_err bench-parse-error-loc 'parse_bad\.fut:[34]:[0-9]+: error'
rm "$TMP/bench/b_bad.fut"
expect bench-limitation 3 '' '' -- "$LOOM" bench "$TMP/bench" "$TMP/limit.fut" --backend interp,cpu --runs 1 --min-time 0
expect_err bench-limitation-loc 'limit\.fut:3:[0-9]+: compiler limitation: '
expect_err bench-limitation-stop 'bench stopped: `[^`]*limit\.fut:main` does not compile for cpu \(a compiler limitation; `--backend interp` runs it\)'
check_output bench-limitation-interp '"limit.fut:main on interp" in out and "#0 (\"5i64\"):" in out' \
    "$LOOM" bench "$TMP/limit.fut" --backend interp --runs 1 --min-time 0
echo 5i64 >"$TMP/limit.in"
expect bench-input-limitation 3 '' '' -- "$LOOM" bench "$TMP/limit.fut" --input "$TMP/limit.in" --backend cpu
expect_err bench-input-limitation-loc 'limit\.fut:3:[0-9]+: compiler limitation: '
# A host compiler that fails (a cold cache): the cpu backend's internal error, as for `loom run`.
expect bench-backend-fails 3 '' '' -- env LOOM_CACHE_DIR="$TMP/bench-cold" LOOM_CXX=/bin/false \
    "$LOOM" bench "$TMP/bench/a_ok.fut" --backend interp,cpu --runs 1 --min-time 0
expect_err bench-backend-fails-stop 'bench stopped: `[^`]*a_ok\.fut:main` does not compile for cpu$'
printf -- '-- ==\n-- input { [1, 2] 0i64 } output { 1 }\n-- input { [1, 2] 5i64 } output { 1 }\n-- input { [1, 2] 1i64 } output { 2 }\ndef main (xs: []i32) (i: i64) = xs[i]\n' >"$TMP/bench/c_runfail.fut"
out=$("$LOOM" bench "$TMP/bench" --backend interp,cpu --runs 1 --min-time 0 --json "$TMP/bench.json" 2>&1)
rc=$?
if [[ $rc == 1 && "$out" == *"FAIL $TMP/bench/c_runfail.fut:main #1 (\"[1, 2] 5i64\") on interp"*"run-time error:"*"Index [5] out of bounds"* &&
      "$out" == *'FAIL '*'#1 ("[1, 2] 5i64") on cpu'* && "$out" == *'#2 ("[1, 2] 1i64")'*"cpu "*" runs)"* &&
      "$out" == *"a_ok.fut:main"* ]] &&
   python3 -c "import json, sys; r = json.load(open('$TMP/bench.json'))['results']; sys.exit(0 if sorted((x['dataset'][:2], x['backend']) for x in r) == [('#0', 'cpu'), ('#0', 'cpu'), ('#0', 'interp'), ('#0', 'interp'), ('#2', 'cpu'), ('#2', 'interp')] else 1)"; then
    pass=$((pass + 1))
else
    fail=$((fail + 1)); echo "FAIL bench-run-failure (exit $rc):"; echo "$out" | sed 's/^/  /'
fi
expect bench-missing-path 2 '' '' -- "$LOOM" bench "$TMP/bench/a_ok.fut" "$TMP/bench/nope.fut" --backend interp
expect_err bench-missing-path-msg 'no such file or directory: `[^`]*nope\.fut`'
expect bench-malformed-block 2 '' '' -- "$LOOM" bench "$TMP/stray.fut" --backend interp
expect_err bench-malformed-block-msg 'stray\.fut:2:29: error: .*bench stopped|bench stopped: `[^`]*stray\.fut` has a malformed test block'
printf -- '-- ==\n-- random input { [10]i32 } auto output\ndef bad : i32 = [1][3]\ndef main (xs: []i32) = map (+bad) xs\n' >"$TMP/topfail.fut"
out=$("$LOOM" bench "$TMP/topfail.fut" --backend cpu --runs 1 --min-time 0 2>&1)
rc=$?
if [[ $rc == 1 && "$out" == *"auto output: the interpreter, whose results are the expected ones, failed:"*"evaluating top-level definitions failed"* ]]; then
    pass=$((pass + 1))
else
    fail=$((fail + 1)); echo "FAIL bench-auto-output-interp-fails (exit $rc):"; echo "$out" | sed 's/^/  /'
fi
expect bench-nothing 2 '' '' -- "$LOOM" bench "$HERE/sum.fut" --entry halve
expect_err bench-nothing-msg 'nothing to benchmark: no datasets .* for entry `halve`'
# benchmarks/run.py's tuning columns (--loom-env, gpu-check's sweep): each setting is a
# column of one run, timed and checked in its own environment (here a host compiler that
# fails, with a cold cache: that column alone fails), a setting given twice a column each.
out=$(python3 "$HERE/../../benchmarks/run.py" --quick --bench dot --impl loom-cpu --runs 1 --no-record \
      --loom "$LOOM" --loom-env default --loom-env "LOOM_CACHE_DIR=$TMP/bench-cache,LOOM_CXX=/bin/false" \
      --loom-env default 2>&1)
rc=$?
if [[ $rc == 1 && "$out" == *"dot loom-cpu[default]: "*" ms"* && "$out" == *"dot loom-cpu[default]#2: "*" ms"* &&
      "$out" == *"dot loom-cpu[LOOM_CACHE_DIR=$TMP/bench-cache,LOOM_CXX=/bin/false]: error: "* ]]; then
    pass=$((pass + 1))
else
    fail=$((fail + 1)); echo "FAIL bench-harness-settings (exit $rc):"; echo "$out" | sed 's/^/  /'
fi
# Properties: a counterexample is shrunk and reported; the same seed finds it again.
cat >"$TMP/props.fut" <<'F'
-- ==
-- property: all_small pair_sum not_bool no_attr record_param

#[prop]
entry all_small (xs: []i32) = all (< 1) xs

#[prop]
entry pair_sum [n] (xs: [n]i32) (ys: [n]i32) = i32.sum (map2 (+) xs ys) < 10

#[prop]
entry not_bool (xs: []i32) = length xs

entry no_attr (xs: []i32) = true

#[prop]
entry record_param (r: {a: i32}) = r.a == r.a
F
out=$("$LOOM" test --seed 7 --backend interp,cpu "$TMP/props.fut" 2>&1)
want_all_small=$'property `all_small` is false for
      xs = [1i32]'
want_pair_sum=$'property `pair_sum` is false for
      xs = [0i32]
      ys = [10i32]'
if [[ "$out" == *"$want_all_small"* && "$out" == *"$want_pair_sum"* && "$out" == *'`loom test --seed 7` draws the same candidates'* &&
      "$out" == *'property `not_bool` must return a bool'* &&
      "$out" == *'`no_attr` is not a property: mark it `#[prop] entry no_attr ...`'* &&
      "$out" == *'parameter `r` has type `{a: i32}`, of which loom test makes no candidates'* &&
      "$out" == *'props.fut: property `all_small` on cpu'* && "$(tail -n1 <<<"$out")" == "0 passed, 10 failed" ]]; then
    pass=$((pass + 1))
else
    fail=$((fail + 1)); echo "FAIL test-properties:"; echo "$out" | sed 's/^/  /'
fi
expect test-bad-seed 2 '' '' -- "$LOOM" test --seed x "$TMP/props.fut"
# --- loom compile
expect compile-code 0 '*' '' -- "$LOOM" compile "$HERE/sum.fut" --backend cpu --entry main --emit code
expect compile-ir 0 '*' '' -- "$LOOM" compile "$HERE/sum.fut" --entry main --emit ir
expect compile-bad-emit 2 '' '' -- "$LOOM" compile "$HERE/sum.fut" --emit nope
expect compile-interp 2 '' '' -- "$LOOM" compile "$HERE/sum.fut" --backend interp
check_output compile-cuda-code '"__global__" in out and "Host program of `main`" in out' \
    "$LOOM" compile "$HERE/sum.fut" --backend cuda --entry main --emit code
check_output compile-cuda-stats 'json.loads(lines[0])["backend"] == "cuda" and json.loads(lines[0])["kernel_list"][0]["cache"] in ("compiled", "disk")' \
    "$LOOM" compile "$HERE/sum.fut" --backend cuda --entry main --emit stats
expect compile-no-entry 2 '' '' -- "$LOOM" compile "$HERE/sum.fut" --entry nope
expect compile-bad-program 2 '' '' -- "$LOOM" compile "$HERE/bad_type.fut"
expect compile-limitation 3 '' '' -- "$LOOM" compile "$TMP/limit.fut" --emit ir
expect_err compile-limitation-msg 'limit\.fut:[0-9]+:[0-9]+: compiler limitation: '
check_output compile-code-text 'len(out) > 100' "$LOOM" compile "$HERE/sum.fut" --entry main
check_output compile-ir-text '"main" in out' "$LOOM" compile "$HERE/sum.fut" --entry main --emit ir
# Without --entry: every entry point (here `halve`, the only `entry`), one JSON line each.
check_output compile-stats-all '[json.loads(l)["entry"] for l in lines] == ["halve"]' \
    "$LOOM" compile "$HERE/sum.fut" --backend cpu --emit stats
"$LOOM" cache --clear >/dev/null
check_output compile-stats-json 'len(lines) == 1 and json.loads(lines[0])["entry"] == "main" and json.loads(lines[0])["backend"] == "cpu" and all(k["cache"] == "compiled" for k in json.loads(lines[0])["kernel_list"])' \
    "$LOOM" compile "$HERE/sum.fut" --backend cpu --entry main --emit stats
# A second process finds the compiled code on disk.
check_output compile-stats-cache-hit 'json.loads(lines[0])["kernels"] > 0 and all(k["cache"] == "disk" for k in json.loads(lines[0])["kernel_list"])' \
    "$LOOM" compile "$HERE/sum.fut" --backend cpu --entry main --emit stats
# Two processes filling one cache at once; a third finds a sound entry.
LOOM_CACHE_DIR="$TMP/shared" "$LOOM" compile "$HERE/sum.fut" --entry main --emit stats >/dev/null 2>"$TMP/p1" & p1=$!
LOOM_CACHE_DIR="$TMP/shared" "$LOOM" compile "$HERE/sum.fut" --entry main --emit stats >/dev/null 2>"$TMP/p2" & p2=$!
if wait $p1 && wait $p2 && [[ ! -s "$TMP/p1" && ! -s "$TMP/p2" ]]; then
    pass=$((pass + 1))
else
    fail=$((fail + 1)); echo "FAIL cache-two-processes:"; cat "$TMP/p1" "$TMP/p2"
fi
check_output cache-two-processes-hit 'json.loads(lines[0])["kernels"] > 0 and all(k["cache"] == "disk" for k in json.loads(lines[0])["kernel_list"])' \
    env LOOM_CACHE_DIR="$TMP/shared" "$LOOM" compile "$HERE/sum.fut" --entry main --emit stats
expect compile-out-dir 0 '' '' -- "$LOOM" compile "$HERE/sum.fut" --entry main --emit ir -o "$TMP/out"
check_output compile-out-files 'out.split() == ["main.cpp", "main.ir", "main.json"]' \
    bash -c "'$LOOM' compile '$HERE/sum.fut' --entry main -o '$TMP/out' && '$LOOM' compile '$HERE/sum.fut' --entry main --emit stats -o '$TMP/out' && ls '$TMP/out'"

# --- loom compile --emit library: a C library, used by a C program
expect library-build 0 'wrote lib/stats.h, lib/stats.cpp and lib/libstats.so (entry points: dot summary scale pick three same sorted ones; prefix stats_)' '' \
    -- bash -c 'cd "$1" && cp "$2"/stats.fut . && "$0" compile stats.fut --emit library -o lib' "$LOOM" "$TMP" "$HERE/library"
expect library-use 0 "dot 32
stats.fut:4:7: runtime error: entry point \`dot\`: argument \`ys\` has size 2 in dimension 1, but \`n\` = 3 from dimension 1 of \`xs\`
  entry dot [n] (xs: [n]f32) (ys: [n]f32) : f32 = f32.sum (map2 (*) xs ys)
        ^^^
a failure leaves the output: 32
min -2 max 9 sums 5 3 12 13 (4)
sorted -2 1 5 9
scaled 2x3: 0.5 1 1.5 2 2.5 3
pick 30, no error: 1
stats.fut:14:41: runtime error: Index [7] out of bounds for array of shape [3].
  entry pick (xs: []i64) (i: i64) : i64 = xs[i]
                                          ^^^^^
stats.fut:16:7: runtime error: entry point \`three\`: argument \`xs\` has size 4 in dimension 1, but its type says 3
  entry three (xs: [3]u8) : [3]u8 = reverse xs
        ^^^^^
three 3 2 1
same 1 0 1
a new array of 2 elements from a null pointer
a new array of 1099511627776 x 1099511627776 elements of 8 bytes: 2^63 bytes or more
a new array of 2305843009213693952 elements of 8 bytes: 2^63 bytes or more
empty: 0 elements
stats_values_i32_1d: a null pointer argument
stats_shape_i32_1d: a null pointer argument
stats.fut:24:7: runtime error: out of memory allocating more than 4611686018427387904 bytes
  entry ones (n: i64) : []i64 = map (+1) (replicate n 0)
        ^^^^
a failure leaves the output: NULL
dot 32" '' \
    -- bash -c 'cc -Wall -Wextra -Werror -std=c11 "$1" -I"$0"/lib -L"$0"/lib -lstats -Wl,-rpath,"$0"/lib -o "$0"/use && "$0"/use' "$TMP" "$HERE/library/use_stats.c"
# No leak and no invalid access (valgrind: a library built without -march=native, whose
# vector instructions valgrind may not know).
if command -v valgrind >/dev/null; then
    expect library-valgrind 0 '*' '' -- bash -c 'cd "$0" && LOOM_CPU_CXXFLAGS="-O1 -g" "$1" compile stats.fut --emit library -o vg >/dev/null &&
        cc -std=c11 "$2" -Ivg -Lvg -lstats -Wl,-rpath,"$0"/vg -o vg/use &&
        valgrind -q --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite vg/use' "$TMP" "$LOOM" "$HERE/library/use_stats.c"
else
    echo "skipped library-valgrind: valgrind is not installed"
fi
# docs/library.md's example, as it is there, built as it says.
awk '/^```c$/ { keep = 1; next } /^```$/ { keep = 0 } keep' "$HERE/../../docs/library.md" >"$TMP/doc_example.c"
expect library-doc-example 0 'dot 32' '' -- bash -c 'cd "$0" && cc -std=c11 -Wall -Wextra -Werror doc_example.c -Ilib -Llib -lstats -Wl,-rpath,$PWD/lib -o use && ./use' "$TMP"
# The header in C++, warnings as errors: const arrays read as C's are (values, shape).
expect library-cxx 0 '' '' -- g++ -std=c++17 -fsyntax-only -Wall -Wextra -Werror -I"$TMP/lib" "$HERE/library/use_stats.cpp"
# Only the C API is exported (4 context functions, 4 for each of the 6 array types, 8
# entry points): a program may link several Loom libraries, whose runtimes and entries
# have the same C++ names (docs/library.md).
check_output library-exports 'len(lines) == 36 and all(l.split()[-1].startswith("stats_") for l in lines) and "stats_entry_dot" in out' \
    nm -D --defined-only "$TMP/lib/libstats.so"
# Two libraries of two programs in one program, linked in either order, and statically
# (both sources compiled into it): each calls its own code.
two_out="stats dot 32
geom norm2 25
geom diffs 3 5 7 (3)
stats pick 20
geom: geom.fut:12:39: runtime error: Index [5] out of bounds for array of shape [2].
  entry at (xs: []f64) (i: i64) : f64 = xs[i]
                                        ^^^^^"
expect library-two-build 0 '*' '' -- bash -c 'cd "$1" && cp "$2"/geom.fut . && "$0" compile geom.fut --emit library -o lib' "$LOOM" "$TMP" "$HERE/library"
for order in "-lstats -lgeom" "-lgeom -lstats"; do
    expect "library-two $order" 0 "$two_out" '' -- bash -c 'cc -Wall -Wextra -Werror -std=c11 "$1" -I"$0"/lib -L"$0"/lib $2 -Wl,-rpath,"$0"/lib -o "$0"/two && "$0"/two' "$TMP" "$HERE/library/use_two.c" "$order"
done
expect library-two-static 0 "$two_out" '' -- bash -c 'cd "$0"/lib && for p in stats geom; do g++ -std=c++20 -O1 -fopenmp -c $p.cpp -o $p.o || exit; done &&
    cc -std=c11 -I. -c "$1" -o two.o && g++ -fopenmp two.o geom.o stats.o -o two-static && ./two-static' "$TMP" "$HERE/library/use_two.c"
# --entry, several times: a library of those entry points; --prefix: its C names.
expect library-entries 0 'wrote lib2/st.h, lib2/st.cpp and lib2/libst.so (entry points: pick dot; prefix st_)' '' \
    -- bash -c 'cd "$1" && "$0" compile stats.fut --emit library -o lib2 --entry pick --entry dot --entry pick --prefix st' "$LOOM" "$TMP"
check_output library-entries-exports 'sorted(l.split()[-1] for l in lines if "_entry_" in l) == ["st_entry_dot", "st_entry_pick"]' \
    nm -D --defined-only "$TMP/lib2/libst.so"
expect library-bad-prefix 2 '' '' -- "$LOOM" compile "$TMP/stats.fut" --emit library -o "$TMP/lib2" --prefix 2x
expect_err library-bad-prefix-msg 'a prefix is a C identifier'
# The interpreter words the same failure the same way.
expect library-same-message 1 '' '[1f32, 2f32, 3f32] [4f32, 5f32]' -- bash -c 'cd "$0" && "$1" run stats.fut --entry dot --backend interp' "$TMP" "$LOOM"
expect_err library-same-message-text '^stats\.fut:4:7: runtime error: entry point `dot`: argument `ys` has size 2 in dimension 1, but `n` = 3 from dimension 1 of `xs`$'
expect library-no-dir 2 '' '' -- "$LOOM" compile "$HERE/sum.fut" --emit library
expect library-cuda 2 '' '' -- "$LOOM" compile "$HERE/sum.fut" --emit library --backend cuda -o "$TMP/nolib"
printf 'entry pairs (ps: [](i32, i32)) : i32 = i32.sum (map (.0) ps)\n' >"$TMP/pairs.fut"
expect library-unsupported 3 '' '' -- "$LOOM" compile "$TMP/pairs.fut" --emit library -o "$TMP/nolib"
expect_err library-unsupported-msg 'pairs\.fut:1:7: compiler limitation: entry point `pairs` has no C API: its parameter `ps` is of type `\[d₀\]\(i32, i32\)`'
printf 'entry nested (x: i32) : (i32, (i32, i32)) = (x, (x, x))\n' >"$TMP/nested.fut"
expect library-nested-tuple 3 '' '' -- "$LOOM" compile "$TMP/nested.fut" --emit library -o "$TMP/nolib"
expect_err library-nested-tuple-msg 'nested\.fut:1:7: compiler limitation: entry point `nested` has no C API: its result is of type `\(i32, \(i32, i32\)\)` \(its element `\(i32, i32\)`'

# --- foreign functions: C that does not compile is an error at the declaration, on every
# backend (before any kernel is built); foreign code goes into C libraries and CUDA
mkdir -p "$TMP/ffi"
printf 'static int twice(int x) { return 2 * x; }\n' >"$TMP/ffi/twice.h"
printf 'foreign "twice.h" def twice (x: i32): i32\nforeign "twice.h" def thrice (x: i32): i32\nentry main (xs: []i32) = map thrice xs\n' >"$TMP/ffi/bad.fut"
for b in interp cpu; do
    expect "foreign-bad-c-$b" 2 '' '[1, 2]' -- "$LOOM" run "$TMP/ffi/bad.fut" --backend $b
    expect_err "foreign-bad-c-$b-msg" '^.*bad\.fut:2:9: error: the C code of foreign function `thrice` does not compile or link:$'
    expect_err "foreign-bad-c-$b-why" 'thrice.* was not declared'
done
# A function of a compiled library, named after the header: linked (with a run path) on
# every backend; its kernel runs on the host on the cuda backend.  A library that is not
# there, and a symbol no library defines, are errors at the declaration.
mkdir -p "$TMP/ffi/lib"
printf 'int triple(int x) { return 3 * x; }\n' >"$TMP/ffi/lib/triple.c"
cc -shared -fPIC -o "$TMP/ffi/lib/libtriple.so" "$TMP/ffi/lib/triple.c"
printf '#ifdef __cplusplus\nextern "C"\n#endif\nint triple(int x);\n' >"$TMP/ffi/triple.h"
printf 'foreign "triple.h" "-Llib -ltriple" def triple (x: i32): i32\nentry main (xs: []i32) = map triple xs\n' >"$TMP/ffi/lib.fut"
for b in interp cpu; do
    expect "foreign-library-$b" 0 '[3i32, 6i32]' '[1, 2]' -- "$LOOM" run "$TMP/ffi/lib.fut" --backend $b
done
check_output foreign-library-cuda-host 'json.loads(lines[0])["kernel_list"][0]["on_host"].startswith("it calls a foreign function that runs on the host")' \
    "$LOOM" compile "$TMP/ffi/lib.fut" --backend cuda --emit stats
printf 'foreign "triple.h" "-lno_such_library_here" def triple (x: i32): i32\nentry main (xs: []i32) = map triple xs\n' >"$TMP/ffi/nolib.fut"
expect foreign-no-library 2 '' '[1, 2]' -- "$LOOM" run "$TMP/ffi/nolib.fut" --backend interp
expect_err foreign-no-library-msg 'cannot find -lno_such_library_here'
printf 'foreign "triple.h" def triple (x: i32): i32\nentry main (xs: []i32) = map triple xs\n' >"$TMP/ffi/unlinked.fut"
expect foreign-unlinked 2 '' '[1, 2]' -- "$LOOM" run "$TMP/ffi/unlinked.fut" --backend cpu
expect_err foreign-unlinked-msg 'unlinked\.fut:1:9: error: foreign function `triple` does not load: .*undefined symbol: triple'
printf 'foreign "triple.h" "triple" def triple (x: i32): i32\nentry main (xs: []i32) = map triple xs\n' >"$TMP/ffi/badlib.fut"
expect foreign-bad-library-word 2 '' '' -- "$LOOM" check "$TMP/ffi/badlib.fut"
expect_err foreign-bad-library-word-msg 'badlib\.fut:1:20: error: `triple` is not a library: write `-lname`, `-Ldir` or a library file'
# Two files defining one name: the cpu backend's one translation unit refuses them.
printf 'static int twice(int x) { return x + x; }\nstatic int thrice(int x) { return 3 * x; }\n' >"$TMP/ffi/other.h"
printf 'foreign "twice.h" def twice (x: i32): i32\nforeign "other.h" def thrice (x: i32): i32\nentry main (xs: []i32) = map (\\x -> twice (thrice x)) xs\n' >"$TMP/ffi/clash.fut"
expect foreign-clash-cpu 2 '' '[1, 2]' -- "$LOOM" run "$TMP/ffi/clash.fut" --backend cpu
expect_err foreign-clash-cpu-msg "^.*clash\.fut:1:9: error: the program's foreign C does not compile with the code Loom generates"
expect_err foreign-clash-cpu-why "other\.h:1:12: error: redefinition of 'int twice\(int\)'"
printf 'foreign "twice.h" def twice (x: i32): i32\nentry main (xs: []i32) = map twice xs\n' >"$TMP/ffi/good.fut"
expect foreign-library 0 '*' '' -- "$LOOM" compile "$TMP/ffi/good.fut" --emit library -o "$TMP/ffi/lib"
check_output foreign-library-code '"static int twice(int x)" in out' cat "$TMP/ffi/lib/good.cpp"
check_output foreign-cuda-code '"#line 1 \"twice.h\"" in out and "(int32_t)twice((int32_t)" in out' \
    "$LOOM" compile "$TMP/ffi/good.fut" --backend cuda --emit code

# --- loom cache
check_output cache-stats 'out.startswith("directory: ") and "entries:" in out and "limit:" in out' \
    "$LOOM" cache --stats
check_output cache-stats-json 'json.loads(out)["entries"] >= 1 and json.loads(out)["dir"].endswith("/cache")' \
    "$LOOM" cache --stats --json
expect cache-clear 0 '*' '' -- "$LOOM" cache --clear
check_output cache-cleared 'json.loads(out)["entries"] == 0' "$LOOM" cache --stats --json
expect cache-bad-arg 2 '' '' -- "$LOOM" cache --frobnicate
check_output cache-limit 'json.loads(out)["limit_bytes"] == 7 * 1024 * 1024' \
    env LOOM_CACHE_LIMIT_MB=7 "$LOOM" cache --stats --json
# An unusable cache directory: a warning, and the program still runs.
expect cache-unusable 0 $'6i32\n3i64' '[1, 2, 3]' -- env LOOM_CACHE_DIR=/dev/null/cache "$LOOM" run "$HERE/sum.fut" --backend cpu
expect_err cache-unusable-warning 'warning: the kernel cache is off'

# `loom FILE.fut`: the REPL with FILE loaded (a script when stdin is not a terminal).
# (`auto` compiles main's kernels: the summary line's times vary, so it is cut.)
expect "loom FILE.fut loads FILE" 0 "loaded $HERE/../../examples/tour.fut (4 definitions)
(14i32, [1i32, 2i32, 3i32], [1i64])
-- cpu: 2 kernels" 'main [1, 2, 3]
' -- bash -c '"$0" "$1" | sed -E "s/^(-- cpu: [0-9]+ kernels).*/\1/"' "$LOOM" "$HERE/../../examples/tour.fut"
expect "loom FILE.fut: an error in the input" 1 '*' 'nope
' -- "$LOOM" "$HERE/../../examples/tour.fut"
expect_err "loom FILE.fut: error location" '^<stdin>:1:1: error: Unknown name `nope`'

echo "$pass passed, $fail failed"
[[ $fail == 0 ]]
