#!/usr/bin/env bash
# Installs what the build needs (only what is missing), then configures and builds Loom
# into build/.  Idempotent: a second run installs nothing and rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the build and the tests need.
# gnuplot-nox draws `:plot2d` and `:gnuplot`; libgif-dev writes `:video`'s GIFs and
# libsndfile1-dev `:audio`'s sounds (REPL, Jupyter, loom literate).
packages=(cmake ninja-build g++ doctest-dev nlohmann-json3-dev libedit-dev libssl-dev clang-14 libclang-rt-14-dev tmux xeus-dev libpng-dev zlib1g-dev gnuplot-nox libgif-dev libsndfile1-dev)
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
python3_pkgs=(numpy jupyter_client jupyter_kernel_test nbclient nbformat jupyter_console)
missing_py=$(python3 -c 'import importlib.util, sys
print(" ".join(p for p in sys.argv[1:] if importlib.util.find_spec(p) is None))' "${python3_pkgs[@]}")
[ -z "$missing_py" ] || python3 -m pip install -q $missing_py

build_type=${LOOM_BUILD_TYPE:-RelWithDebInfo}
if [ ! -f build/build.ninja ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE="$build_type" >/dev/null
fi
cmake --build build -j "$(nproc)"

# The Jupyter kernel spec for this build, for the user (`jupyter console --kernel loom`,
# notebooks); rewritten each time, so it always points at this checkout's build.
if [ -x build/loom-kernel ]; then
  ./build/loom-kernel install --user
fi
