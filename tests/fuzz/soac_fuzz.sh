#!/usr/bin/env bash
# Differential fuzzing of the compiled backends: random SOAC programs
# (tests/fuzz/soac_programs.py), the interpreter's results as their expected outputs,
# checked on cpu and cuda (LOOM_CUDA_EMULATE=1 where there is no GPU).
#
#   tests/fuzz/soac_fuzz.sh [LOOM [SEED [COUNT [OUT [TYPE]]]]]
#   # defaults: build/loom 1 30 /tmp/soac-fuzz-SEED.fut i32 (TYPE: i32, i64, f32 or f64)
set -euo pipefail
here=$(dirname "$0")
loom=${1:-build/loom}
seed=${2:-1}
count=${3:-30}
out=${4:-/tmp/soac-fuzz-$seed.fut}
type=${5:-i32}
python3 "$here/soac_programs.py" --seed "$seed" --count "$count" --depth 4 --type "$type" --out "$out" --loom "$loom"
"$loom" test --backend cpu,cuda "$out"
