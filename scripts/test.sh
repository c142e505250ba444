#!/usr/bin/env bash
# Runs every test: unit tests, the test programs on the interpreter, the CLI tests,
# and a short fuzzing run of the parser and type checker.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
status=0
ctest --test-dir build --output-on-failure -j "$(nproc)" || status=1
./scripts/fuzz.sh "${LOOM_FUZZ_SECONDS:-60}" || status=1
exit $status
