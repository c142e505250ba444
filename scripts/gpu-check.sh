#!/usr/bin/env bash
# The GPU checks of docs/gpu.md, in one script run from the repository root on the GPU
# machine: the test corpus on the interpreter and the cuda backend, compute-sanitizer
# (memcheck, racecheck) over a selection of programs run with `loom run --backend cuda`,
# the GPU benchmarks (benchmarks/run.py --gpu) and the JIT/cache timings
# (benchmarks/jit.py).  Logs and reports go to $OUT (the device tool's folder) or
# out/gpu-check; a short summary is printed last.
#
#   scripts/gpu-check.sh pack                 # HERE, before: build-gpu/ to carry (see below)
#   scripts/gpu-check.sh [STAGE...]           # THERE: env test repl bench jit sanitize (default all;
#                                             #   repl: a REPL session and Ctrl-C on a kernel)
#                                             #   and sweep, profile, sortprof (only when named:
#                                             #   tuning settings; Nsight Compute on the scan,
#                                             #   on every kernel of the radix sort)
#
# The GPU machine has no network and may lack the build's libraries (libedit, nlohmann-json,
# doctest), so the binary is built here and carried: `pack` puts a stripped build/loom
# (or $LOOM_BUILD/loom) and the shared libraries it needs beyond glibc and libstdc++ into
# build-gpu/, which .gitignore already ignores; name build-gpu in the run tool's `carry`.
# There, the loom used is $LOOM, else build-gpu/loom, else build/loom, else one built now.
set -uo pipefail
cd "$(dirname "$0")/.."

stages=("$@")
[ ${#stages[@]} -gt 0 ] || stages=(all)

if [ "${stages[0]}" = pack ]; then
  set -e
  src=${LOOM_BUILD:-build}
  [ -f "$src/build.ninja" ] || cmake -S . -B "$src" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  ninja -C "$src" loom
  rm -rf build-gpu && mkdir -p build-gpu/lib
  strip -o build-gpu/loom "$src/loom"
  # Everything but the C library and the C++ runtime, which the GPU machine has (newer).
  ldd "$src/loom" | awk '$3 ~ /^\// {print $3}' |
    grep -Ev '/(libc|libm|libgcc_s|libstdc\+\+|ld-linux[^/]*)\.so' |
    while read -r lib; do cp -L "$lib" build-gpu/lib/; done
  du -sh build-gpu
  echo "pack: now run, with carry [\"build-gpu\"]: scripts/gpu-check.sh"
  exit 0
fi

OUT=${OUT:-out/gpu-check}
mkdir -p "$OUT"
summary="$OUT/summary.txt"
: >"$summary"
note() { echo "$*" | tee -a "$summary"; }
want() { for s in "${stages[@]}"; do [ "$s" = "$1" ] || { [ "$s" = all ] && [ "$1" != sweep ] && [ "$1" != profile ] && [ "$1" != sortprof ]; } && return 0; done; return 1; }

# ---------------------------------------------------------------- the loom binary
LOOM=${LOOM:-}
if [ -z "$LOOM" ]; then
  for c in build-gpu/loom build/loom; do [ -x "$c" ] && { LOOM=$c; break; }; done
fi
if [ -z "$LOOM" ]; then
  echo "gpu-check: no carried loom: building build/ (needs nlohmann-json, libedit, doctest)"
  { cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null && ninja -C build loom; } ||
    { note "build: FAILED (carry build-gpu made by \`scripts/gpu-check.sh pack\` instead)"; exit 2; }
  LOOM=build/loom
fi
LOOM=$(realpath "$LOOM")
# Only the libraries this machine lacks come from build-gpu/lib (a private folder of
# links), so Python and the frameworks keep the system's own.
missing=$(ldd "$LOOM" | awk '/not found/ {print $1}')
if [ -n "$missing" ]; then
  mkdir -p /tmp/loom-libs
  for lib in $missing; do
    [ -e "build-gpu/lib/$lib" ] && ln -sf "$(realpath "build-gpu/lib/$lib")" /tmp/loom-libs/
  done
  export LD_LIBRARY_PATH=/tmp/loom-libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
"$LOOM" --version >/dev/null || { note "loom: $LOOM does not start (ldd: $(ldd "$LOOM" | grep 'not found' | tr '\n' ' '))"; exit 2; }
export PYTHONUNBUFFERED=1
# The host compiler for the generated host programs, and NVRTC, where loom's defaults miss.
if [ -z "${LOOM_CXX:-}" ] && ! command -v g++ >/dev/null; then
  for c in c++ clang++; do command -v $c >/dev/null && { export LOOM_CXX=$c; break; }; done
fi
if [ -z "${LOOM_NVRTC:-}" ] && ! ldconfig -p 2>/dev/null | grep -q 'libnvrtc\.so' &&
   [ ! -e /usr/local/cuda/lib64/libnvrtc.so ]; then
  nvrtc=$(find / -xdev -name 'libnvrtc.so*' -not -name '*builtins*' 2>/dev/null | head -1)
  [ -n "$nvrtc" ] && export LOOM_NVRTC=$nvrtc
fi

# ---------------------------------------------------------------- stages
if want env; then
  note "== env"
  note "loom: $LOOM ($("$LOOM" --version)); host compiler ${LOOM_CXX:-g++}; nvrtc ${LOOM_NVRTC:-default}"
  note "gpu: $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | head -1)"
  note "nvcc: $(nvcc --version 2>/dev/null | tail -1)"
  note "python: $(python3 -c 'import sys, numpy; print(sys.version.split()[0], "numpy", numpy.__version__)' 2>&1)"
  for m in cupy torch jax; do
    note "$m: $(python3 -c "import $m; print($m.__version__)" 2>&1 | tail -1)"
  done
fi

if want test; then
  paths=${TEST_PATHS:-tests/programs tests/errors examples}
  jobs=${TEST_JOBS:-$(nproc)}
  note "== test: loom test --backend interp,cuda $(echo "$paths" | cut -c1-200) ($jobs processes)"
  # The files dealt out, largest first, to $jobs processes sharing the GPU and the kernel
  # cache (NVRTC and the host compiler are the corpus's time on a fresh machine: one
  # process did not end in 200 s on an H200).  -v: each file's line as it ends, so a
  # shard stopped at its limit shows how far it got.
  rm -f "$OUT"/test.*.log
  # shellcheck disable=SC2086 # the paths are words
  # (a .loom file is a test only with a test block, as `loom test DIR` takes them)
  { find $paths -type f -name '*.fut'
    find $paths -type f -name '*.loom' -exec grep -lE '^--[[:space:]]*==[[:space:]]*$' {} +
  } | xargs -r stat -c '%s %n' | sort -rn |
    awk -v n="$jobs" -v d="$OUT" '{ print $2 > (d "/test.files." (NR - 1) % n) }'
  shards=0
  for list in "$OUT"/test.files.*; do
    shards=$((shards + 1))
    # shellcheck disable=SC2046 # one word a file
    timeout "${TEST_TIMEOUT:-500}" "$LOOM" test -v --backend interp,cuda $(cat "$list") \
      >"$OUT/test.${list##*.}.log" 2>&1 &
  done
  wait
  # A process stopped at its limit: its files that did not end (one of them hung, or
  # was slow; a process runs its files' calls on the GPU one at a time).
  for list in "$OUT"/test.files.*; do
    log="$OUT/test.${list##*.}.log"
    grep -qE '^[0-9]+ passed' "$log" && continue
    grep -q 'compiled their entry points' "$log" ||
      { note "  stopped while compiling $(wc -l <"$list") files' entry points"; continue; }
    left=$(while read -r f; do grep -qF "] $f: " "$log" || echo "$f"; done <"$list")
    note "  stopped with $(echo "$left" | wc -l) files not ended, the largest: $(echo "$left" | head -3 | tr '\n' ' ')"
  done
  rm -f "$OUT"/test.files.*
  cat "$OUT"/test.[0-9]*.log >"$OUT/test.log" && rm -f "$OUT"/test.[0-9]*.log
  ended=$(grep -cE '^[0-9]+ passed' "$OUT/test.log")
  note "$(grep -hE '^[0-9]+ passed, [0-9]+ failed' "$OUT/test.log" |
    awk '{ p += $1; f += $3 } END { printf "%d passed, %d failed", p, f }') ($ended of $shards processes ended)"
  [ "$ended" = "$shards" ] ||
    note "  stopped at its limit: $(grep -cE '^\[.*(passed|failed)' "$OUT/test.log") files ended"
  grep -E '^\[.*: [0-9]+ passed, [1-9][0-9]* failed' "$OUT/test.log" | sed 's/^/  failed: /' | tee -a "$summary"
fi

# A REPL session on the cuda backend (benchmarks/residency.loom): every evaluation's
# summary line, with its uploads and downloads; after the definitions, nothing goes up.
if want repl; then
  note "== repl: loom --run benchmarks/residency.loom (cuda)"
  timeout "${REPL_TIMEOUT:-120}" "$LOOM" --run benchmarks/residency.loom >"$OUT/repl.log" 2>&1
  note "exit $?"
  grep -E '^-- cuda|arrays kept' "$OUT/repl.log" | sed 's/^/  /' | tee -a "$summary"
  # Ctrl-C on a kernel that loops without end, in the REPL on a pseudo-terminal (Note
  # [Stopping a kernel], runtime/cuda/CudaDevice.cpp): it stops, and the device goes on.
  note "== repl: Ctrl-C on a kernel that loops without end (tests/repl/interactive.py --kernel-stop)"
  timeout 180 python3 tests/repl/interactive.py "$LOOM" --kernel-stop >"$OUT/kernel-stop.log" 2>&1
  note "exit $?: $(tail -1 "$OUT/kernel-stop.log")"
  grep -A12 '^FAIL' "$OUT/kernel-stop.log" | head -40 | sed 's/^/  /' | tee -a "$summary"
fi

sanitize() {
  local max=${SANITIZE_MAX:-40}
  note "== sanitize: $SAN memcheck, racecheck; loom run --backend cuda (at most $max programs)"
  log="$OUT/sanitize.log"
  : >"$log"
  declare -A count=()
  input=$(mktemp)
  local deadline=$(( SECONDS + ${SANITIZE_SECONDS:-1800} ))
  # SANITIZE_FILES: the programs to check, in place of the default selection.
  for f in $(printf "%s\n" ${SANITIZE_FILES:-benchmarks/*.fut tests/programs/fusion/*.fut tests/programs/algorithms/*.fut} | head -n "$max"); do
    [ $SECONDS -lt $deadline ] || { echo "stopped: SANITIZE_SECONDS spent" >>"$log"; break; }
    # The first `-- input { ... }` of the file's test block: its arguments.
    python3 - "$f" >"$input" <<'EOF' || continue
import re, sys
text = "\n".join(l[2:].strip() for l in open(sys.argv[1]) if l.startswith("--"))
m = re.search(r"\binput\s*\{", text)
if not m or re.search(r"^\s*entry:", text, re.M):
    sys.exit(1)
depth, i = 1, m.end()
while depth and i < len(text):
    depth += {"{": 1, "}": -1}.get(text[i], 0)
    i += 1
print(text[m.end():i - 1])
EOF
    for tool in memcheck racecheck; do
      extra=(); [ $tool = memcheck ] && extra=(--leak-check full)
      timeout 120 "$SAN" --tool $tool --error-exitcode 99 "${extra[@]}" \
        "$LOOM" run "$f" --backend cuda <"$input" >"$input.out" 2>&1
      rc=$?
      case $rc in
        0) r=clean ;;
        # Warnings alone: hazards racecheck cannot rule out, such as shared memory
        # guarded by a lock of atomics (a histogram of tuples): it sees no barrier.
        99) r=ERRORS; grep -q 'RACECHECK SUMMARY: .*(0 errors' "$input.out" && r=warnings ;;
        124) r=timeout ;;
        *) r="did-not-run(exit-$rc)"
           # The program's own error (a test of error reporting), checked to the end.
           grep -qE 'ERROR SUMMARY: 0 errors|RACECHECK SUMMARY: 0 hazards' "$input.out" && r=clean ;;
      esac
      count[$tool-$r]=$(( ${count[$tool-$r]:-0} + 1 ))
      echo "$tool $r $f$([ $rc != 0 ] && [ $r = clean ] && echo " (exit $rc: the program's own error)")" >>"$log"
      [ $r = clean ] || sed 's/^/    /' "$input.out" | head -40 >>"$log"
    done
  done
  rm -f "$input" "$input.out"
  note "$(for k in "${!count[@]}"; do echo "$k: ${count[$k]}"; done | sort | tr '\n' ' ')"
}

if want bench; then
  note "== bench: benchmarks/run.py --gpu"
  timeout "${BENCH_TIMEOUT:-3000}" python3 benchmarks/run.py --gpu --loom "$LOOM" --save "$OUT/bench.json" ${BENCH_ARGS:-} 2>&1 |
    grep -v '^saved ' >"$OUT/bench.log"
  note "exit ${PIPESTATUS[0]}"
  [ -f "$OUT/bench.md" ] && cat "$OUT/bench.md" >>"$summary" && cat "$OUT/bench.md"
fi

if want jit; then
  note "== jit: benchmarks/jit.py --backend cuda"
  # shellcheck disable=SC2086 # JIT_ARGS are words
  timeout "${JIT_TIMEOUT:-600}" python3 benchmarks/jit.py --backend cuda --loom "$LOOM" --save "$OUT/jit.json" ${JIT_ARGS:-} >"$OUT/jit.log" 2>&1
  note "exit $?"
  sed -n '/^cold compile/,$p' "$OUT/jit.log" | tee -a "$summary"
fi

if want sanitize; then
  SAN=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
  if [ -x "$SAN" ]; then sanitize; else note "== sanitize: no compute-sanitizer on this machine"; fi
fi

# Tuning settings, each a comma-separated list of VAR=VALUE (or `default`), timed on
# SWEEP_BENCH (default prefixsum) alone; each notes its median and spread in ms and, for
# the bandwidth-bound ones, its GB/s and fraction of the copy.  Its files stay in /tmp
# ($OUT returns 8).
# SWEEP_ARGS: more options for run.py (`--quick --runs 2`: a check of the stage itself,
# emulated: LOOM_CUDA_EMULATE=1 LOOM_BENCH_ALLOW_CPU=1).
if want sweep; then
  # Each setting: VAR=value,... or default, for $SWEEP_BENCH; BENCH:setting for another.
  # The fused pipelines again with each operation rounded alone (NVRTC's --fmad=false
  # since the thirty-eighth session; Black-Scholes took 0.597 ms and Mandelbrot 0.352
  # contracted), then the scan (73-77% of the H200's copy by default; rows loaded ahead
  # into registers by persistent blocks, shorter and no look-back sleeps, and streaming
  # hints were all slower there): first its next tile copied ahead into shared memory by
  # cp.async (LOOM_CUDA_SCAN_ASYNC, thirty-ninth session: 256 threads of 32 rows, 3
  # blocks an SM by their 64 KiB; of 16 rows, 6 blocks; 128 threads of 32, 6 blocks;
  # the first with half the look-back's sleeps, its loads being in flight meanwhile),
  # then tiles of 16384 rows in dynamic shared memory (512 threads of 32 rows, 2 blocks
  # an SM; 256 of 64 in registers, 2 blocks), 3 blocks of the default shape and the
  # atomic tile order alone (none spills: `--emit stats`); last, the sort's scatters
  # loading two rows a thread before storing (the default since the thirty-ninth
  # session) against one.
  k=LOOM_CUDA_SCAN_SHARED_KB=64 a=LOOM_CUDA_SCAN_ASYNC=1
  settings=${SWEEP:-saxpy:default blackscholes:default mandelbrot:default saxpy_sum:default default $a $a,LOOM_CUDA_SCAN_ITEMS=16,LOOM_CUDA_SCAN_MIN_BLOCKS=6 $a,LOOM_CUDA_SCAN_THREADS=128,LOOM_CUDA_SCAN_MIN_BLOCKS=6 $k,LOOM_CUDA_SCAN_THREADS=512 $k,LOOM_CUDA_SCAN_ITEMS=64,LOOM_CUDA_SCAN_MIN_BLOCKS=2 $a,LOOM_CUDA_SCAN_WAIT_NS=600,LOOM_CUDA_SCAN_POLL_NS=300 LOOM_CUDA_SCAN_MIN_BLOCKS=3 LOOM_CUDA_SCAN_ORDER=atomic default sort:default sort:LOOM_CUDA_MAP_UNROLL=1}
  note "== sweep: loom-cuda, 10 runs a setting"
  # One run.py a benchmark, its settings as columns (--loom-env): the inputs, the NumPy
  # reference and the copy are made once; a setting then costs its compile and runs.
  declare -A group=() count=()
  order=()
  for setting in $settings; do
    bench=${SWEEP_BENCH:-prefixsum}
    case $setting in *:*) bench=${setting%%:*}; setting=${setting#*:} ;; esac
    [ -n "${group[$bench]+x}" ] || order+=("$bench")
    group[$bench]+=" --loom-env $setting"
    count[$bench]=$(( ${count[$bench]:-0} + 1 ))
  done
  for bench in "${order[@]}"; do
    rm -rf /tmp/loom-sweep && mkdir -p /tmp/loom-sweep
    # shellcheck disable=SC2086 # the group's words are its --loom-env options
    # Each setting's loom run stops at SWEEP_TIMEOUT (run.py --timeout), so one that hangs
    # fails alone; the inputs, reference and copy take the last minute.
    timeout $(( ${SWEEP_TIMEOUT:-120} * ${count[$bench]} + 60 )) python3 benchmarks/run.py --gpu \
      --loom "$LOOM" --bench "$bench" --impl loom-cuda --runs 10 --timeout "${SWEEP_TIMEOUT:-120}" \
      ${SWEEP_ARGS:-} ${group[$bench]} \
      >/tmp/loom-sweep/log 2>&1
    # "  prefixsum loom-cuda[SETTING]: 0.263 (...) ms, 3040 GB/s, 74% of the copy", and
    # [SETTING]#2 where a setting comes again.
    declare -A seen=()
    for setting in ${group[$bench]}; do
      [ "$setting" = --loom-env ] && continue
      seen[$setting]=$(( ${seen[$setting]:-0} + 1 ))
      again=; [ "${seen[$setting]}" -gt 1 ] && again="#${seen[$setting]}"
      line=$(grep -m1 -F "loom-cuda[$setting]$again: " /tmp/loom-sweep/log | sed 's/^[^:]*: //')
      note "$setting ($bench): ${line:-no result}"
    done
    unset seen
  done
  # The async scan's results on a GPU (cp.async is emulated elsewhere): the kernels'
  # tests and the SOACs' scans in tiles of 512 rows, so that each spans several.
  out=$(LOOM_CUDA_SCAN_ASYNC=1 LOOM_CUDA_SCAN_ITEMS=8 LOOM_CUDA_SCAN_THREADS=64 \
        timeout "${SWEEP_TEST_TIMEOUT:-90}" "$LOOM" test --backend cuda tests/programs/kernels \
        tests/programs/soacs/scan_*.fut 2>&1 | tail -1)
  note "LOOM_CUDA_SCAN_ASYNC=1 (tests, tiles of 512 rows): ${out:-no result}"
fi
# Nsight Compute on a scan (only when named: `profile`): one launch of prefixsum's k0 at
# 10^8 rows for each setting in $PROFILE (VAR=VALUE,... or default; by default the
# default scan and the async one): speed of light, memory, warp states, occupancy and the
# launch, as CSV in $OUT/ncu-N.csv, the headline numbers in the summary.  Clocks left
# alone (the device notes: --clock-control none).
if want profile; then
  NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
  note "== profile: $NCU"
  in=/tmp/loom-profile.in
  python3 -c "import sys; sys.path.insert(0, 'benchmarks'); import numpy as np, run
with open('$in', 'wb') as f: run.write_value(f, np.random.default_rng(1).integers(0, 100, 10**8).astype(np.int32))" ||
    note "profile: no input"
  n=0
  for setting in ${PROFILE:-default LOOM_CUDA_SCAN_ASYNC=1}; do
    n=$((n + 1))
    vars=(); [ "$setting" = default ] || IFS=, read -r -a vars <<<"$setting"
    env "${vars[@]}" timeout "${PROFILE_TIMEOUT:-120}" "$NCU" --clock-control none -k regex:'^k0$' \
      --launch-skip 2 --launch-count 1 --section SpeedOfLight --section MemoryWorkloadAnalysis \
      --section WarpStateStats --section Occupancy --section LaunchStats --csv --page details \
      "$LOOM" bench benchmarks/prefixsum.fut --backend cuda --input "$in" --runs 2 \
      >"$OUT/ncu-$n.csv" 2>"$OUT/ncu-$n.err"
    note "profile $setting (ncu-$n.csv, exit $?): $(grep -E '"(Duration|DRAM Throughput|Memory Throughput|Achieved Occupancy|Registers Per Thread)"' "$OUT/ncu-$n.csv" 2>/dev/null | awk -F'","' '{printf "%s %s %s; ", $(NF-2), $(NF-1), $NF}' | tr -d '"')"
  done
  rm -f "$in"
fi

# Nsight Compute on every kernel of one radix sort of 10^8 random i32 (benchmarks/sort.fut,
# only when named: `sortprof`): the keys' map, the digit counts, and each pass's count,
# scan and scatter kernels, as CSV in $OUT/ncu-sort.csv; each kernel's duration, DRAM
# and compute throughput and occupancy in the summary.
if want sortprof; then
  NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
  note "== sortprof: $NCU"
  in=/tmp/loom-sortprof.in
  python3 -c "import sys; sys.path.insert(0, 'benchmarks'); import numpy as np, run
with open('$in', 'wb') as f: run.write_value(f, np.random.default_rng(1).integers(-2**31, 2**31 - 1, 10**8).astype(np.int32))" ||
    note "sortprof: no input"
  timeout "${PROFILE_TIMEOUT:-240}" "$NCU" --clock-control none -k regex:'^(k[0-9]+|loom_sort_.*)$' \
    --launch-count "${SORTPROF_LAUNCHES:-16}" --section SpeedOfLight --section MemoryWorkloadAnalysis \
    --section WarpStateStats --section Occupancy --section LaunchStats --csv --page details \
    "$LOOM" bench benchmarks/sort.fut --backend cuda --input "$in" --runs 1 --warmup 0 \
    >"$OUT/ncu-sort.csv" 2>"$OUT/ncu-sort.err"
  note "sortprof (ncu-sort.csv, exit $?):"
  python3 - "$OUT/ncu-sort.csv" <<'PY' | tee -a "$summary"
import csv, sys
rows = {}
with open(sys.argv[1]) as f:
    for r in csv.reader(l for l in f if l.startswith('"')):
        if r[0] == "ID":
            head = {k: i for i, k in enumerate(r)}
            continue
        k = rows.setdefault(r[0], {"name": r[head["Kernel Name"]], "grid": r[head["Grid Size"]]})
        k[r[head["Metric Name"]]] = r[head["Metric Value"]] + " " + r[head["Metric Unit"]]
for i, k in rows.items():
    print(f"  sort kernel {i} {k['name']} grid {k['grid']}: " + ", ".join(
        f"{m} {k.get(m, '?')}" for m in ("Duration", "DRAM Throughput", "Compute (SM) Throughput",
                                          "Achieved Occupancy", "L2 Hit Rate")))
PY
  rm -f "$in"
fi

echo
echo "== summary ($summary)"
grep -E '^(==|exit|loom:|gpu:|memcheck|racecheck|cold|disk|memory|default|LOOM_|profile|sortprof|  sort kernel|  -- cuda|  GPU|  stopped|  failed|[0-9]+ passed|  \[)' "$summary"
