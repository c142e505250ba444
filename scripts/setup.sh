#!/usr/bin/env bash
# Installs what the build needs (only what is missing), then configures and builds Loom
# into build/.  Idempotent: a second run installs nothing and rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the build and the tests need.
packages=(cmake ninja-build g++ doctest-dev nlohmann-json3-dev libedit-dev libssl-dev clang-14 libclang-rt-14-dev tmux)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Python test and benchmark tools (python3 on PATH is its own Python, not Debian's).
python3 -c 'import numpy' 2>/dev/null || python3 -m pip install -q numpy

build_type=${LOOM_BUILD_TYPE:-RelWithDebInfo}
if [ ! -f build/build.ninja ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE="$build_type" >/dev/null
fi
cmake --build build -j "$(nproc)"
