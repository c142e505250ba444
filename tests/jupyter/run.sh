#!/usr/bin/env bash
# The Jupyter kernel tests (ctest `jupyter`): installs the `loom` kernel spec of the
# given build into a temporary prefix (never the user's Jupyter folders), then runs
# the protocol tests (test_*.py, unittest) and executes the example notebooks
# (run_notebooks.py), each with a fresh kernel cache.
# Usage: tests/jupyter/run.sh BUILD_DIR   (the folder holding loom-kernel)
set -u
BUILD=$(realpath "${1:?usage: run.sh BUILD_DIR}")
HERE=$(cd "$(dirname "$0")" && pwd)
KERNEL=$BUILD/loom-kernel
[[ -x $KERNEL ]] || { echo "run.sh: no kernel at $KERNEL"; exit 2; }
if ! python3 -c 'import jupyter_client, jupyter_kernel_test, nbclient, nbformat' 2>/dev/null; then
    echo "run.sh: missing Python packages (jupyter_client, jupyter_kernel_test, nbclient," \
         "nbformat); scripts/setup.sh installs them"
    exit 2
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"$KERNEL" install --prefix "$TMP/prefix" >/dev/null || { echo "run.sh: kernel install failed"; exit 1; }
export JUPYTER_PATH=$TMP/prefix/share/jupyter
# Keep Jupyter's runtime files (connection files) and config out of the user's home.
export JUPYTER_RUNTIME_DIR=$TMP/runtime JUPYTER_CONFIG_DIR=$TMP/config
export LOOM_CACHE_DIR=$TMP/cache
export PYTHONDONTWRITEBYTECODE=1  # nothing written into the source tree
status=0
python3 -m unittest discover -s "$HERE" -p 'test_*.py' 2>&1 || status=1
python3 "$HERE/run_notebooks.py" || status=1
exit $status
