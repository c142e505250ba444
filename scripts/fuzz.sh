#!/usr/bin/env bash
# Fuzzes parse + type-check, and the value reader, with libFuzzer for a fixed time
# (default 60 s); fails on any crash, sanitizer report or hang (an input taking over 10 s).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
if [ ! -f build-fuzz/build.ninja ]; then
  CXX=clang++-14 cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DLOOM_BUILD_TESTS=OFF -DLOOM_BUILD_FUZZER=ON >/dev/null
fi
cmake --build build-fuzz --target loom_fuzz_frontend >/dev/null
mkdir -p build-fuzz/corpus
# Seed with our own test programs so the fuzzer starts from real syntax.
find tests/programs tests/errors examples -name '*.fut' -exec cp {} build-fuzz/corpus/ \; 2>/dev/null || true
# And with values in each format `loom run` reads: text, binary ([2]i32), .npy ([2]i16).
printf '[1, -2] 3.5f32 empty([0][2]i64) true [[1u8], [2u8]]' >build-fuzz/corpus/values.txt
printf 'b\x02\x01 i32\x02\0\0\0\0\0\0\0\x01\0\0\0\x02\0\0\0' >build-fuzz/corpus/values.bin
printf "\x93NUMPY\x01\x00\x3a\x00{'descr': '<i2', 'fortran_order': False, 'shape': (2,), }\n\x01\0\x02\0" >build-fuzz/corpus/values.npy
# A fixed seed makes the run reproducible: CI replays a prefix of what was run here.
./build-fuzz/loom_fuzz_frontend -seed="${LOOM_FUZZ_SEED:-1}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
  -max_len=4096 -print_final_stats=1 build-fuzz/corpus 2>build-fuzz/fuzz.log || {
  tail -40 build-fuzz/fuzz.log; echo "fuzz: FAILED"; exit 1; }
grep -E 'stat::number_of_executed_units' build-fuzz/fuzz.log || true
echo "fuzz: no crash or hang in ${seconds}s"
