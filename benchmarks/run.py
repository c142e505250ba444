#!/usr/bin/env python3
"""Benchmark runner: Loom against hand-written C++ and NumPy (CPU), or against CuPy, PyTorch
and JAX (--gpu), on the same inputs, in one run.

    python3 benchmarks/run.py [--quick] [--gpu] [--runs R] [--bench dot,saxpy] \
        [--impl loom-cpu,cpp,numpy] [--loom build/loom] [--record | --no-record] [--save FILE]

For each benchmark (BENCHMARKS below) it generates the inputs deterministically (NumPy's
generator seeded with --seed and the benchmark's name), writes them once in Futhark's binary
data format, runs every implementation R times after a warm-up run, timing the computation
only (each implementation reports its own per-run times: `loom bench` for Loom, the
harness in baselines/cpp/common.h for C++, time.perf_counter around the call for NumPy and,
after a device synchronisation, for the GPU frameworks; Loom's cuda column takes the device
time of each call, CUDA events around it), checks every result against
NumPy's, and prints a table of medians with min–max spreads and ratios to the C++ baseline
(to Loom's cuda column with --gpu).  A recorded run (the default for full CPU sizes) writes
the raw JSON to benchmarks/results/<date>-<host>.json and its table into docs/benchmarks.md;
a GPU run is saved (--save) on the GPU machine and recorded here with --record-from.

Implementations are entries of IMPLEMENTATIONS, each a class with `available()` (None, or
why it cannot run here: its column is then left out with a note) and `run(bench, data) ->
Timing`.  --gpu also measures the device-to-device copy bandwidth and, for the
bandwidth-bound benchmarks, the bandwidth Loom achieves as a fraction of it.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE / "baselines"))
import numpy_impl  # noqa: E402

f32, i32, i64 = np.float32, np.int32, np.int64

# ----------------------------------------------------------------------------- benchmarks


PRESETS = ("quick", "full", "gpu")  # --quick, the default, --gpu (sizes that fill a GPU)


@dataclass
class Bench:
    name: str
    scale: tuple                   # the size parameter for each of PRESETS
    describe: Callable[[object], str]                  # the size, in words
    inputs: Callable[[np.random.Generator, object], list]  # the entry point's arguments
    rtol: float = 1e-3
    atol: float = 1e-5
    mismatch: float = 0.0  # fraction of elements allowed outside the tolerance
    fused: bool = True     # a pipeline Loom fuses (the NumPy target applies)
    cpu: bool = True       # in the default (CPU) set; --gpu runs every benchmark
    gpu_kind: str | None = None  # the GPU target that applies: map, reduce, scan or pipeline
                                 # (bandwidth: its GB/s shown, no target)

    def size(self, preset: str) -> str:
        return self.describe(self.scale[PRESETS.index(preset)])

    def make_inputs(self, rng, preset: str) -> list:
        return self.inputs(rng, self.scale[PRESETS.index(preset)])


def uniform(rng, n, lo=0.0, hi=1.0):
    return rng.uniform(lo, hi, n).astype(f32)


def kmeans_inputs(rng, n, k=16):
    centres = rng.uniform(-10, 10, (k, 2))
    which = rng.integers(0, k, n)
    pts = (centres[which] + rng.standard_normal((n, 2))).astype(f32)
    start = rng.choice(n, k, replace=False)
    return [pts[:, 0].copy(), pts[:, 1].copy(), pts[start, 0].copy(), pts[start, 1].copy()]


def nbody_inputs(rng, n):
    pos = [uniform(rng, n, -1, 1) for _ in range(3)]
    vel = [(0.01 * rng.standard_normal(n)).astype(f32) for _ in range(3)]
    mass = uniform(rng, n, 0.5, 1.5) / f32(n)
    return [i32(1), f32(0.01), f32(0.05), *pos, mass, *vel]


def spmv_inputs(rng, n):
    lens = rng.integers(0, 21, n).astype(i64)
    nnz = int(lens.sum())
    return [lens, rng.integers(0, n, nnz).astype(i64), uniform(rng, nnz, -1, 1),
            uniform(rng, n, -1, 1)]


def n_elements(n):
    return f"n = {n:,}"


BENCHMARKS = [
    Bench("dot", (10**5, 10**7, 10**8), n_elements,
          lambda rng, n: [uniform(rng, n), uniform(rng, n)], gpu_kind="reduce"),
    Bench("saxpy", (10**5, 10**7, 10**8), n_elements,
          lambda rng, n: [f32(2.5), uniform(rng, n), uniform(rng, n)], gpu_kind="map"),
    # Not in the CPU set (its table predates it); the GPU's saxpy-then-sum pipeline.
    Bench("saxpy_sum", (10**5, 10**7, 10**8), n_elements,
          lambda rng, n: [f32(2.5), uniform(rng, n), uniform(rng, n)], cpu=False,
          gpu_kind="pipeline"),
    Bench("blackscholes", (10**4, 10**6, 10**8), lambda n: f"{n:,} options",
          lambda rng, n: [uniform(rng, n, 5, 30), uniform(rng, n, 1, 100),
                          uniform(rng, n, 0.25, 10), f32(0.02), f32(0.30)],
          atol=1e-3, gpu_kind="pipeline"),
    # Escape counts of pixels on the set's edge may differ by rounding (fused multiply-adds).
    Bench("mandelbrot", (64, 1024, 4096), lambda n: f"{n}×{n}, 100 iterations",
          lambda rng, n: [i64(n), i64(n), i32(100)],
          rtol=0, atol=0, mismatch=1e-3, fused=False, gpu_kind="pipeline"),
    Bench("nbody", (256, 4096, 16384), lambda n: f"{n} bodies, 1 step", nbody_inputs, atol=1e-4),
    Bench("kmeans", (10**4, 10**6, 10**7), lambda n: f"{n:,} points, 16 clusters, 2-D",
          kmeans_inputs),
    Bench("histogram", (10**5, 10**7, 10**8), lambda n: f"{n:,} values, 256 bins",
          lambda rng, n: [i64(256), rng.integers(0, 2**31 - 1, n).astype(i32)],
          rtol=0, atol=0),
    # Means and argmins by key: histograms of tuples (split into atomics, and under locks).
    # 10^7 rows on a GPU too: the NumPy reference sorts (seconds per 10^7 rows).
    Bench("groupby", (10**5, 10**7, 10**7), lambda n: f"{n:,} rows, 256 keys",
          lambda rng, n: [i64(256), rng.integers(0, 2**31 - 1, n).astype(i32), uniform(rng, n)],
          rtol=1e-5, atol=0, fused=False),
    Bench("prefixsum", (10**5, 10**7, 10**8), n_elements,
          lambda rng, n: [rng.integers(0, 100, n).astype(i32)],
          rtol=0, atol=0, fused=False, gpu_kind="scan"),
    Bench("stencil", ((128, 3), (2048, 10), (8192, 10)), lambda s: f"{s[0]}×{s[0]}, {s[1]} steps",
          lambda rng, s: [i32(s[1]), rng.uniform(0, 1, (s[0], s[0])).astype(f32)]),
    # A sparse matrix in compressed rows of 0 to 20 non-zeros (10 on average) times a
    # vector: backpermute and fold_seg, Loom's collective operations.
    Bench("spmv", (10**4, 10**6, 10**7), lambda n: f"{n:,} rows, ~{10 * n:,} non-zeros",
          spmv_inputs, fused=False),
    # 32-bit integers sorted by the prelude's radix sort (4 passes of 8 bits).
    Bench("sort", (10**5, 10**7, 10**8), n_elements,
          lambda rng, n: [rng.integers(-2**31, 2**31 - 1, n).astype(i32)], rtol=0, atol=0,
          fused=False),
    # A foreign C function (docs/language.md) in a map: the C++ is the same loop in place.
    Bench("foreign", (10**5, 10**7, 10**8), n_elements,
          lambda rng, n: [uniform(rng, n, 0.05, 0.95)]),
    # Column sums of scaled rows: bandwidth-bound like a reduction (the matrix read once).
    # Not a pipeline for NumPy: `v @ a` is one BLAS call (sgemv), nothing to fuse away.
    Bench("vecmat", (256, 4096, 16384), lambda n: f"{n}×{n} matrix",
          lambda rng, n: [rng.uniform(0, 1, (n, n)).astype(f32), uniform(rng, n)],
          fused=False, gpu_kind="reduce"),
    # Last, so that a GPU bench stage stopped at its time limit loses these first.
    # Stream compaction: about half of 10^8 floats kept, in order (a count and a scan of
    # the kept values; JAX's jit needs the result's size).  Bandwidth-bound, with no
    # target in the issue: its GB/s is shown.
    Bench("filter", (10**5, 10**7, 10**8), n_elements, lambda rng, n: [uniform(rng, n)],
          rtol=0, atol=0, fused=False, gpu_kind="bandwidth"),
    # A reduction whose operator does not commute as written (the first index of the
    # smallest value): the rows combined in order; GB/s shown, no target.
    Bench("argmin", (10**5, 10**7, 10**8), n_elements, lambda rng, n: [uniform(rng, n)],
          rtol=0, atol=0, fused=False, gpu_kind="bandwidth"),
]

# ----------------------------------------------------------- Futhark's binary data format

_TYPES = {np.dtype(f32): b" f32", np.dtype(np.float64): b" f64", np.dtype(i32): b" i32",
          np.dtype(i64): b" i64", np.dtype(np.int8): b"  i8", np.dtype(np.int16): b" i16",
          np.dtype(np.uint8): b"  u8", np.dtype(np.uint32): b" u32", np.dtype(np.uint64): b" u64",
          np.dtype(np.bool_): b"bool"}
_DTYPES = {v: k for k, v in _TYPES.items()}


def write_value(f, v) -> None:
    a = np.asarray(v)
    f.write(b"b\x02" + bytes([a.ndim]) + _TYPES[a.dtype])
    f.write(np.asarray(a.shape, dtype="<u8").tobytes())
    f.write(np.ascontiguousarray(a).astype(a.dtype.newbyteorder("<")).tobytes())


def read_values(data: bytes) -> list[np.ndarray]:
    vals, pos = [], 0
    while pos < len(data):
        if data[pos:pos + 1].isspace():
            pos += 1
            continue
        if data[pos:pos + 1] != b"b":
            raise ValueError("not in Futhark's binary data format")
        rank, dtype = data[pos + 2], _DTYPES[data[pos + 3:pos + 7]]
        pos += 7
        shape = tuple(int(d) for d in np.frombuffer(data, "<u8", rank, pos))
        pos += 8 * rank
        count = int(np.prod(shape, dtype=np.int64))
        vals.append(np.frombuffer(data, dtype.newbyteorder("<"), count, pos).reshape(shape))
        pos += count * dtype.itemsize
    return vals

# ------------------------------------------------------------------------ implementations


@dataclass
class Timing:
    times_ms: list[float] = field(default_factory=list)
    outputs: list[np.ndarray] | None = None
    error: str | None = None
    extra: dict = field(default_factory=dict)  # e.g. Loom's compile time and kernel report
    skipped: bool = False  # the implementation has no version of this benchmark: no failure


@dataclass
class Data:
    """One benchmark's inputs, in memory and (written on first use) as a file in the
    binary format: at --gpu sizes that is a gigabyte that only Loom and C++ read."""
    values: list
    out_dir: Path
    name: str

    @property
    def path(self) -> Path:
        p = self.out_dir / f"{self.name}.in"
        if not p.exists():
            with open(p, "wb") as f:
                for v in self.values:
                    write_value(f, v)
        return p


class Impl:
    name = "?"
    label = "?"

    def __init__(self, args):
        self.args = args

    def available(self) -> str | None:
        """None when it can run, else why not."""
        return None

    def run(self, bench: Bench, data: Data) -> Timing:
        raise NotImplementedError


def run_json_command(cmd: list[str], out_file: Path, timeout: float,
                     env: dict | None = None) -> Timing:
    """Runs a command that prints one JSON object with `times_ms` and writes its results
    to out_file in the binary format."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return Timing(error=f"timed out after {timeout:.0f} s")
    if p.returncode < 0:
        return Timing(error=f"killed by signal {-p.returncode} ({signal.Signals(-p.returncode).name})")
    if p.returncode != 0:
        msg = (p.stderr.strip() or p.stdout.strip()).splitlines()
        return Timing(error=msg[0] if msg else f"exit status {p.returncode}")
    j = json.loads(p.stdout.strip().splitlines()[-1])
    outputs = read_values(out_file.read_bytes()) if out_file.exists() else None
    times = j.pop("times_ms")
    for k in ("median_ms", "min_ms", "max_ms", "runs", "file", "entry"):
        j.pop(k, None)
    return Timing(times, outputs, extra=j)


class Loom(Impl):
    def __init__(self, args, backend, setting: str | None = None, again: int = 1):
        """setting (--loom-env): `VAR=VALUE,...` or `default`, the environment Loom runs in
        (tuning variables read when it generates code), named in the column, with `#2`...
        when it is there again (a setting timed before and after others shows drift)."""
        super().__init__(args)
        self.backend = backend
        self.name = f"loom-{backend}" + (f"[{setting}]" if setting else "") + \
            (f"#{again}" if again > 1 else "")
        self.label = f"Loom {backend}" + (f" {setting}" if setting else "") + \
            (f" #{again}" if again > 1 else "")
        self.env = None
        if setting and setting != "default":
            self.env = dict(os.environ)
            self.env.update(kv.split("=", 1) for kv in setting.split(","))

    def available(self):
        if not Path(self.args.loom).exists():
            return f"no {self.args.loom} (build it first)"
        return self.probe() if self.backend == "cuda" else None

    def probe(self) -> str | None:
        """Whether the backend can run here at all (a driver, a GPU, a host side): one
        tiny saxpy, so that a machine without them shows a note, not a row of failures."""
        p = subprocess.run([self.args.loom, "bench", str(HERE / "saxpy.fut"), "--backend",
                            self.backend, "--runs", "1", "--input", "-"],
                           input="2f32 [1f32] [2f32]", env=self.env,
                           capture_output=True, text=True, timeout=self.args.timeout)
        if p.returncode == 0:
            return None
        lines = (p.stderr.strip() or p.stdout.strip() or f"exit status {p.returncode}").splitlines()
        return lines[0].removeprefix("loom: ").split("error: ", 1)[-1]  # no location to show

    def run(self, bench, data):
        out = data.out_dir / (re.sub(r"[^\w.=,-]", "_", self.name) + ".out")  # a setting's `/`s
        cmd = [self.args.loom, "bench", str(HERE / f"{bench.name}.fut"), "--backend", self.backend,
               "--runs", str(self.args.runs), "--warmup", str(self.args.warmup),
               "--input", str(data.path), "--output", str(out)]
        t = run_json_command(cmd, out, self.args.timeout, self.env)
        if self.backend == "cuda" and "device_times_ms" in t.extra:
            # The device's time of each call (CUDA events), as the GPU columns time the
            # others' work on the device; the host clock's times stay in the JSON.
            t.extra["host_times_ms"] = t.times_ms
            t.extra.pop("device_median_ms", None)
            t.times_ms = t.extra.pop("device_times_ms")
        return t


class Cpp(Impl):
    name, label = "cpp", "C++ -O3 (OpenMP)"
    # Loom's own flags for generated code (runtime/cpu/HostCompiler.h) but its
    # -ffp-contract=off: nothing reads errno, so loops of square roots vectorise.
    flags = ["-std=c++20", "-O3", "-march=native", "-fopenmp", "-fno-math-errno"]

    def available(self):
        return None if shutil.which(self.args.cxx) else f"no C++ compiler `{self.args.cxx}`"

    def binary(self, bench: Bench) -> Path:
        """Compiles the baseline when its source (or the shared header) is newer."""
        src = HERE / "baselines" / "cpp" / f"{bench.name}.cpp"
        exe = Path(self.args.build_dir) / f"cpp-{bench.name}"
        deps = [src, src.with_name("common.h")]
        used = exe.with_name(exe.name + ".flags")  # built again when the flags change
        if (not exe.exists() or any(d.stat().st_mtime > exe.stat().st_mtime for d in deps)
                or not used.exists() or used.read_text() != " ".join(self.flags)):
            exe.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run([self.args.cxx, *self.flags, str(src), "-o", str(exe)], check=True)
            used.write_text(" ".join(self.flags))
        return exe

    def run(self, bench, data):
        if not (HERE / "baselines" / "cpp" / f"{bench.name}.cpp").exists():
            return Timing(error="no C++ version", skipped=True)
        out = data.out_dir / "cpp.out"
        cmd = [str(self.binary(bench)), str(data.path), "--runs", str(self.args.runs),
               "--warmup", str(self.args.warmup), "--output", str(out)]
        return run_json_command(cmd, out, self.args.timeout)


class NumPy(Impl):
    name, label = "numpy", f"NumPy {np.__version__}"

    def run(self, bench, data):
        fn = getattr(numpy_impl, bench.name)
        for _ in range(self.args.warmup):
            fn(np, *data.values)
        times, out = [], None
        for _ in range(self.args.runs):
            t0 = time.perf_counter()
            out = fn(np, *data.values)
            times.append((time.perf_counter() - t0) * 1e3)
        return Timing(times, [np.asarray(o) for o in out])


# GPU baselines.  Arrays are copied to the device once, before timing (transfers are not
# timed, as Loom's device-resident arrays need none between calls); every timed call is
# followed by a synchronisation, so the host clock measures the device's work including
# the framework's launch overheads; the first (warm-up) call, which compiles for jax.jit
# and torch.compile, is not timed; results are copied back and checked like the others.
# LOOM_BENCH_ALLOW_CPU=1 lets these columns run on the CPU (CuPy's through NumPy): a test
# of this harness on a machine without a GPU, not a measurement.
ALLOW_CPU = os.environ.get("LOOM_BENCH_ALLOW_CPU") == "1"


def first_line(e: BaseException) -> str:
    text = f"{type(e).__name__}: {e}".strip()
    return text.splitlines()[0] if text else type(e).__name__


class GpuImpl(Impl):
    """One timing loop for every GPU framework; subclasses say how to load the framework,
    move values, synchronise and find a benchmark's function."""
    _why: str | None

    def available(self):
        if not hasattr(self, "_why"):
            try:
                self._why = self.setup()
            except ImportError as e:
                self._why = f"no module {e.name or e}"
            except Exception as e:  # a framework without a driver or device raises its own
                self._why = f"no GPU ({first_line(e)})"
        return self._why

    def setup(self) -> str | None:
        """Imports the framework and checks for a device: None, or why it cannot run."""
        raise NotImplementedError

    def function(self, bench: Bench) -> Callable | None:
        raise NotImplementedError

    def to_device(self, v):
        raise NotImplementedError

    def to_host(self, v) -> np.ndarray:
        raise NotImplementedError

    def sync(self, out) -> None:
        raise NotImplementedError

    def release(self) -> None:
        """Gives cached device memory back (Loom's process and the next framework need it)."""

    def run(self, bench, data):
        fn = self.function(bench)
        if fn is None:
            return Timing(error=f"no {self.label} version", skipped=True)
        args, out, times = [self.to_device(v) for v in data.values], None, []
        try:
            for _ in range(max(1, self.args.warmup)):
                out = fn(*args)
                self.sync(out)
            for _ in range(self.args.runs):
                t0 = time.perf_counter()
                out = fn(*args)
                self.sync(out)
                times.append((time.perf_counter() - t0) * 1e3)
            return Timing(times, [self.to_host(o) for o in out])
        except Exception as e:
            return Timing(error=first_line(e))
        finally:
            del args, out
            self.release()


class CuPy(GpuImpl):
    """numpy_impl.py itself with xp = cupy: NumPy's idiomatic whole-array code, eagerly."""
    name, label = "cupy", "CuPy"

    def setup(self):
        try:
            import cupy
            cupy.cuda.runtime.getDeviceCount()
        except Exception:
            if not ALLOW_CPU:
                raise
            cupy = None
        self.xp = cupy or np
        self.label = f"CuPy {cupy.__version__}" if cupy else "CuPy (NumPy on the CPU)"
        return None

    def function(self, bench):
        fn = getattr(numpy_impl, bench.name, None)
        return fn and (lambda *a: fn(self.xp, *a))

    def to_device(self, v):
        return self.xp.asarray(v) if isinstance(v, np.ndarray) else v

    def to_host(self, v):
        return self.xp.asnumpy(v) if self.xp is not np else np.asarray(v)

    def sync(self, out):
        if self.xp is not np:
            self.xp.cuda.Device().synchronize()

    def release(self):
        if self.xp is not np:
            self.xp.get_default_memory_pool().free_all_blocks()


class Torch(GpuImpl):
    """baselines/torch_impl.py, eagerly or (compile=True) through torch.compile."""

    def __init__(self, args, compile=False):
        super().__init__(args)
        self.compile = compile
        self.name = "torch-compile" if compile else "torch"
        self.label = "PyTorch compile" if compile else "PyTorch"
        self.compiled = {}

    def setup(self):
        import torch
        import torch_impl
        self.torch, self.impl = torch, torch_impl
        if not torch.cuda.is_available() and not ALLOW_CPU:
            return "no GPU (torch.cuda.is_available() is false)"
        self.device = "cuda" if torch.cuda.is_available() else "cpu"
        torch_impl.DEVICE = self.device
        self.label = f"{self.label} {torch.__version__.split('+')[0]}" + \
            ("" if self.device == "cuda" else " (CPU)")
        return None

    def function(self, bench):
        fn = getattr(self.impl, bench.name, None)
        if fn is None or not self.compile:
            return fn
        if bench.name not in self.compiled:
            self.compiled[bench.name] = self.torch.compile(fn)
        return self.compiled[bench.name]

    def to_device(self, v):
        if isinstance(v, np.ndarray):
            return self.torch.from_numpy(v).to(self.device)
        return v.item()  # a NumPy scalar: a Python number, as PyTorch code passes them

    def to_host(self, v):
        return v.cpu().numpy()

    def sync(self, out):
        if self.device == "cuda":
            self.torch.cuda.synchronize()

    def release(self):
        if self.device == "cuda":
            self.torch.cuda.empty_cache()


class Jax(GpuImpl):
    """baselines/jax_impl.py: one jax.jit function per benchmark."""
    name, label = "jax", "JAX jit"

    def setup(self):
        # JAX takes 75% of the GPU's memory up front by default; Loom and the others need it.
        os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
        import jax
        try:
            self.device = jax.devices("gpu")[0]
        except RuntimeError:
            if not ALLOW_CPU:
                raise
            self.device = jax.devices("cpu")[0]
        import jax_impl
        self.jax, self.impl = jax, jax_impl
        self.label = f"JAX {jax.__version__} jit" + ("" if self.device.platform == "gpu" else " (CPU)")
        return None

    def function(self, bench):
        return getattr(self.impl, bench.name, None)

    def to_device(self, v):
        return self.jax.device_put(v, self.device) if isinstance(v, np.ndarray) else v

    def to_host(self, v):
        return np.asarray(v)

    def sync(self, out):
        self.jax.block_until_ready(out)


def copy_bandwidth(megabytes: int, runs: int) -> dict:
    """The device-to-device copy bandwidth (bytes read plus bytes written, median of
    `runs` copies of `megabytes` MB): what bandwidth-bound kernels are measured against.
    Through PyTorch, else CuPy; on a machine with neither, a host copy (a stand-in)."""
    n = megabytes * 10**6
    try:
        import torch
        if not torch.cuda.is_available():
            raise ImportError("no GPU")
        src = torch.ones(n, dtype=torch.uint8, device="cuda")
        dst = torch.empty_like(src)
        via, copy, sync = f"PyTorch {torch.__version__.split('+')[0]}", lambda: dst.copy_(src), \
            torch.cuda.synchronize
    except ImportError:
        try:
            import cupy
            cupy.cuda.runtime.getDeviceCount()
            src = cupy.ones(n, dtype=cupy.uint8)
            dst = cupy.empty_like(src)
            rt = cupy.cuda.runtime
            via = f"CuPy {cupy.__version__}"
            copy = lambda: rt.memcpy(dst.data.ptr, src.data.ptr, n, rt.memcpyDeviceToDevice)  # noqa: E731
            sync = cupy.cuda.Device().synchronize
        except Exception:
            src = np.ones(n, dtype=np.uint8)
            dst = np.empty_like(src)
            via, copy, sync = "NumPy host copy (no GPU: a stand-in)", lambda: np.copyto(dst, src), \
                lambda: None
    times = []
    for i in range(runs + 3):  # three warm-ups
        sync()
        t0 = time.perf_counter()
        copy()
        sync()
        if i >= 3:
            times.append((time.perf_counter() - t0) * 1e3)
    del src, dst
    ms = float(np.median(times))
    return {"via": via, "bytes": 2 * n, "median_ms": ms, "gbps": 2 * n / ms / 1e6, "times_ms": times}


IMPLEMENTATIONS: dict[str, Callable[[argparse.Namespace], Impl]] = {
    "loom-cpu": lambda a: Loom(a, "cpu"),
    "loom-interp": lambda a: Loom(a, "interp"),
    "loom-cuda": lambda a: Loom(a, "cuda"),
    "cpp": Cpp,
    "numpy": NumPy,
    "cupy": CuPy,
    "torch": Torch,
    "torch-compile": lambda a: Torch(a, compile=True),
    "jax": Jax,
}
GPU_DEFAULT = "loom-cuda,cupy,torch,jax"  # --gpu; numpy and cpp are slow at its sizes

# ------------------------------------------------------------------------------ checking


def check(bench: Bench, ref: list[np.ndarray], got: list[np.ndarray] | None) -> str | None:
    """None when `got` matches the reference, else what differs."""
    if got is None:
        return "no results"
    if len(got) != len(ref):
        return f"{len(got)} results, expected {len(ref)}"
    for i, (g, r) in enumerate(zip(got, ref)):
        g, r = np.asarray(g), np.asarray(r)
        if g.shape != r.shape:
            return f"result {i + 1}: shape {g.shape}, expected {r.shape}"
        g64, r64 = g.astype(np.float64), r.astype(np.float64)
        bad = ~(np.abs(g64 - r64) <= bench.atol + bench.rtol * np.abs(r64))
        frac = float(bad.mean()) if bad.size else 0.0
        if frac > bench.mismatch:
            j = int(np.argmax(bad.ravel()))
            return (f"result {i + 1}: {frac:.2%} of elements differ "
                    f"(first at {j}: {g64.ravel()[j]!r} vs {r64.ravel()[j]!r})")
    return None

# ------------------------------------------------------------------------------ reporting


def summary(times: list[float]) -> dict:
    return {"median_ms": float(np.median(times)), "min_ms": min(times), "max_ms": max(times),
            "q1_ms": float(np.percentile(times, 25)), "q3_ms": float(np.percentile(times, 75))}


def machine() -> dict:
    model = platform.processor() or platform.machine()
    info = {}
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            k, _, v = line.partition(":")
            info[k.strip()] = v.strip()
        model = info.get("Model name", model)
    except FileNotFoundError:
        pass
    m = {"host": platform.node(), "cpu": model, "logical_cpus": os.cpu_count(),
         "cores": int(info.get("Core(s) per socket", 0) or 0) * int(info.get("Socket(s)", 1) or 1)
         or None, "load_average": list(os.getloadavg()), "os": platform.platform()}
    try:  # the GPU, where there is one
        q = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,memory.total",
                            "--format=csv,noheader"], capture_output=True, text=True, timeout=30)
        if q.returncode == 0 and q.stdout.strip():
            m["gpu"] = q.stdout.strip().splitlines()[0]
    except (OSError, subprocess.TimeoutExpired):
        pass
    return m


def fmt_ms(ms: float) -> str:
    return f"{ms:.3g}" if ms < 100 else f"{ms:.0f}"


def cell(r: dict) -> str:
    if "error" in r:
        return "—"
    return f"{fmt_ms(r['median_ms'])} ({fmt_ms(r['min_ms'])}–{fmt_ms(r['max_ms'])})"


def bytes_moved(values: list, ref: list[np.ndarray]) -> int:
    """The fewest bytes a run must move through memory: each array input read once and each
    result written once (what the achieved bandwidth of a bandwidth-bound benchmark counts)."""
    return sum(np.asarray(v).nbytes for v in values if np.ndim(v) > 0) + \
        sum(np.asarray(o).nbytes for o in ref)


# The GPU targets: a fraction of the measured copy bandwidth for bandwidth-bound kernels;
# for pipelines, faster than CuPy and PyTorch eager and at least even with jax.jit (within
# PIPELINE_EVEN, the spread of repeated GPU timings).
BANDWIDTH_TARGET = {"map": 0.90, "reduce": 0.85, "scan": 0.85}
BANDWIDTH_SHOWN = {*BANDWIDTH_TARGET, "bandwidth"}  # GB/s in the table, a target or not
PIPELINE_EVEN = 1.05


def gpu_target(b: dict, loom: str | None, copy: dict | None) -> str:
    res, kind = b["results"], b.get("gpu_kind")
    if loom is None or "error" in res.get(loom, {"error": 1}):
        return "—"
    if kind in BANDWIDTH_TARGET:
        if not copy:
            return "—"
        return "met" if res[loom]["gbps"] >= BANDWIDTH_TARGET[kind] * copy["gbps"] else "missed"
    if kind == "pipeline":
        if any("error" in res.get(i, {"error": 1}) for i in ("cupy", "torch", "jax")):
            return "—"
        t = res[loom]["median_ms"]
        ok = t < res["cupy"]["median_ms"] and t < res["torch"]["median_ms"] and \
            t <= PIPELINE_EVEN * res["jax"]["median_ms"]
        return "met" if ok else "missed"
    return "—"


def markdown(report: dict) -> str:
    impls = report["implementations"]
    gpu = report.get("preset") == "gpu" or report.get("gpu_mode", False)
    loom = next((i for i in impls if i.startswith("loom-")), None)
    ref = "cpp" if "cpp" in impls else (loom if gpu else None)
    ref_label = "C++" if ref == "cpp" else ref
    ratio_cols = [i for i in impls if i != ref] if ref else []
    copy = report.get("copy_bandwidth")
    m = report["machine"]
    where = f"{m['gpu']}; " if gpu and m.get("gpu") else ""
    lines = [f"### {report['date']} — {where}{m['cpu']}, {m['logical_cpus']} logical CPUs"
             f"{' (quick sizes)' if report['quick'] else ''}", ""]
    lines.append(f"Runs: {report['runs']} timed after {report['warmup']} warm-up; load average at "
                 f"start {m['load_average'][0]:.2f}; seed {report['seed']}; loom `{report['loom_version']}`.")
    if report.get("note"):
        lines.append(f"Note: {report['note']}")
    if copy:
        lines.append(f"Copy bandwidth (device to device, {copy['bytes'] / 2e6:.0f} MB through "
                     f"{copy['via']}, bytes read + written): {copy['gbps']:.0f} GB/s.")
    for i, why in report.get("unavailable", {}).items():
        lines.append(f"Not run: {i}: {why}.")
    text = "Times: median (min–max) in ms of the computation only" + \
        (", inputs already on the device." if gpu else ".")
    if ref:
        text += f" Ratios: median / {ref_label} median" + \
            (" (above 1: Loom faster)." if ref == loom else " (lower is faster).")
    lines.append(text)
    show_gbps = gpu and loom is not None
    if show_gbps:
        lines.append(f"GB/s: bytes moved (inputs read once, results written once) / {loom}'s "
                     "median, for the bandwidth-bound benchmarks.")
    lines.append("")
    head = ["benchmark", "size"] + [report["labels"][i] for i in impls]
    if show_gbps:
        head.append(f"{loom} GB/s (% of copy)")
    head += [f"{i} / {ref_label}" for i in ratio_cols]
    cpu_target = not gpu and loom and "cpp" in impls and "numpy" in impls
    if cpu_target or gpu:
        head.append("target")
    lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for b in report["benchmarks"]:
        res = b["results"]
        row = [b["name"], b["size"]] + [cell(res[i]) for i in impls]
        if show_gbps:
            r = res[loom]
            row.append("—" if "error" in r or b.get("gpu_kind") not in BANDWIDTH_SHOWN else
                       f"{r['gbps']:.0f}" + (f" ({r['gbps'] / copy['gbps']:.0%})" if copy else ""))
        for i in ratio_cols:
            ok = "error" not in res[i] and "error" not in res[ref]
            row.append(f"{res[i]['median_ms'] / res[ref]['median_ms']:.2f}" if ok else "—")
        if cpu_target:
            row.append(target(b, loom))
        elif gpu:
            row.append(gpu_target(b, loom, copy))
        lines.append("| " + " | ".join(row) + " |")
    for title, key in (("Failures", "error"), ("Skipped", "skipped")):
        found = [(b["name"], i, b["results"][i][key]) for b in report["benchmarks"] for i in impls
                 if key in b["results"][i] and (key == "skipped" or "skipped" not in b["results"][i])]
        if found:
            lines += ["", f"{title}:", ""] + [f"- {n}, {i}: {e}" for n, i, e in found]
    return "\n".join(lines) + "\n"


def target(b: dict, loom: str) -> str:
    """The issue's target: within 1.3× of C++, and faster than NumPy on fused pipelines."""
    res = b["results"]
    if any("error" in res[i] for i in (loom, "cpp", "numpy")):
        return "—"
    t = res[loom]["median_ms"]
    ok = t <= 1.3 * res["cpp"]["median_ms"] and (not b["fused"] or t < res["numpy"]["median_ms"])
    return "met" if ok else "missed"


RESULTS_START, RESULTS_END = "<!-- results:start -->", "<!-- results:end -->"


def record(report: dict, md: str) -> None:
    stamp = report["date"].replace(":", "").replace(" ", "-")
    out = HERE / "results" / f"{stamp}-{report['machine']['host']}.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(report, indent=1) + "\n")
    doc = ROOT / "docs" / "benchmarks.md"
    text = doc.read_text() if doc.exists() else f"# Benchmarks\n\n{RESULTS_START}\n{RESULTS_END}\n"
    if RESULTS_START not in text:
        text += f"\n{RESULTS_START}\n{RESULTS_END}\n"
    # The newest table first; older ones stay below it (and in benchmarks/results/).
    text = text.replace(RESULTS_START + "\n", f"{RESULTS_START}\n{md}\n", 1)
    doc.write_text(text)
    print(f"recorded {out.relative_to(ROOT)} and docs/benchmarks.md")

# ----------------------------------------------------------------------------------- main


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    size = p.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="small sizes, 3 runs: a smoke test")
    p.add_argument("--gpu", action="store_true",
                   help=f"GPU sizes (10^8 elements) and implementations ({GPU_DEFAULT}), the copy "
                        "bandwidth, GB/s and the GPU targets; with --quick: quick sizes")
    p.add_argument("--runs", type=int, help="timed runs per implementation (default 10, --gpu 20, "
                                             "quick 3)")
    p.add_argument("--warmup", type=int, default=1, help="untimed runs first (default 1)")
    p.add_argument("--bench", default="all",
                   help="comma-separated benchmark names (default: all; without --gpu, all but "
                        f"{', '.join(b.name for b in BENCHMARKS if not b.cpu)})")
    p.add_argument("--impl", default=None,
                   help=f"comma-separated, of {', '.join(IMPLEMENTATIONS)} (default loom-cpu,cpp,numpy; "
                        f"--gpu: {GPU_DEFAULT})")
    p.add_argument("--loom", default=str(ROOT / "build" / "loom"), help="the loom binary")
    p.add_argument("--cxx", default=os.environ.get("CXX", "g++"))
    p.add_argument("--build-dir", default=None, help="where the C++ baselines are built")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--timeout", type=float, default=600, help="seconds per implementation run")
    p.add_argument("--copy-mb", type=int, default=None,
                   help="megabytes the copy-bandwidth measurement copies (default 1024, quick 64)")
    p.add_argument("--note", default="", help="a remark recorded with the results")
    p.add_argument("--loom-env", action="append", metavar="SETTING",
                   help="time loom-cpu or loom-cuda once per SETTING (repeated), each "
                        "VAR=VALUE,... or `default`: the environment Loom runs in (its tuning "
                        "variables), as columns loom-cuda[SETTING] of one run, so a tuning "
                        "sweep shares the inputs, the reference and the copy measurement")
    p.add_argument("--save", metavar="FILE", help="also write the report (JSON) and its table "
                                                  "(FILE with .md) here, e.g. under $OUT")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--record", dest="record", action="store_true", default=None,
                   help="write benchmarks/results/*.json and docs/benchmarks.md (default: full "
                        "CPU runs)")
    g.add_argument("--no-record", dest="record", action="store_false")
    g.add_argument("--record-from", metavar="FILE",
                   help="record a report saved with --save (e.g. on a GPU machine) and exit")
    a = p.parse_args(argv)
    for setting in a.loom_env or []:
        if setting != "default" and not all("=" in kv and kv.split("=")[0] for kv in setting.split(",")):
            p.error(f"--loom-env {setting}: expected VAR=VALUE,... or default")
    a.preset = "quick" if a.quick else "gpu" if a.gpu else "full"
    a.runs = a.runs or (3 if a.quick else 20 if a.gpu else 10)
    a.impl = a.impl or (GPU_DEFAULT if a.gpu else "loom-cpu,cpp,numpy")
    a.copy_mb = a.copy_mb or (64 if a.quick else 1024)
    # A GPU run's docs page lives on the GPU machine: save it there, record it here.
    a.record = (not a.quick and not a.gpu) if a.record is None else a.record
    a.build_dir = a.build_dir or str(Path(a.loom).resolve().parent / "bench-baselines")
    return a


def run_bench(bench: Bench, impls: list[Impl], args, tmp: Path) -> tuple[dict, bool]:
    """Runs one benchmark on every implementation; returns its report entry and whether an
    implementation that can run here failed."""
    rng = np.random.default_rng([args.seed, zlib.crc32(bench.name.encode())])
    values = bench.make_inputs(rng, args.preset)
    data = Data(values, tmp, bench.name)
    ref = [np.asarray(o) for o in getattr(numpy_impl, bench.name)(np, *values)]
    moved = bytes_moved(values, ref)
    entry = {"name": bench.name, "size": bench.size(args.preset), "fused": bench.fused,
             "gpu_kind": bench.gpu_kind, "bytes_moved": moved, "results": {}}
    failed = False
    for impl in impls:
        t = impl.run(bench, data)
        if t.error is None:
            why = check(bench, ref, t.outputs)
            t.error = why and "wrong result: " + why
        if t.skipped:
            r = {"error": t.error, "skipped": t.error}
        elif t.error:
            r = {"error": t.error}
        else:
            r = summary(t.times_ms)
            r.update(gbps=moved / r["median_ms"] / 1e6, times_ms=t.times_ms)
        r.update(t.extra)
        failed |= bool(t.error) and not t.skipped
        entry["results"][impl.name] = r
        shown = f"error: {t.error}" if t.error else cell(r) + " ms"
        copy = getattr(args, "copy_gbps", None)
        if copy and not t.error and bench.gpu_kind in BANDWIDTH_TARGET:
            shown += f", {r['gbps']:.0f} GB/s, {100 * r['gbps'] / copy:.0f}% of the copy"
        print(f"{bench.name:>13} {impl.name:>13}: {shown}", flush=True)
    (tmp / f"{bench.name}.in").unlink(missing_ok=True)  # gigabytes at --gpu sizes
    return entry, failed


def main(argv=None) -> int:
    args = parse_args(argv)
    if args.record_from:
        report = json.loads(Path(args.record_from).read_text())
        if args.note:  # a remark added once the run's results are read
            report["note"] = args.note
        record(report, markdown(report))
        return 0
    by_name = {b.name: b for b in BENCHMARKS}
    chosen = [b for b in BENCHMARKS if b.cpu or args.gpu] if args.bench == "all" else \
        [by_name[n] for n in args.bench.split(",") if n in by_name]
    unknown = [n for n in args.bench.split(",") if n not in by_name and args.bench != "all"] + \
        [i for i in args.impl.split(",") if i not in IMPLEMENTATIONS]
    if unknown:
        print(f"run.py: unknown benchmark or implementation: {', '.join(unknown)}", file=sys.stderr)
        return 2
    impls, unavailable = [], {}
    def make(name: str) -> list[Impl]:
        if args.loom_env and name in ("loom-cpu", "loom-cuda"):
            return [Loom(args, name.removeprefix("loom-"), s, args.loom_env[:k + 1].count(s))
                    for k, s in enumerate(args.loom_env)]
        return [IMPLEMENTATIONS[name](args)]
    for impl in (x for i in args.impl.split(",") for x in make(i)):
        why = impl.available()
        if why:
            unavailable[impl.name] = why
            print(f"{impl.name}: not run: {why}", flush=True)
        else:
            impls.append(impl)
    try:
        version = subprocess.run([args.loom, "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        version = "?"
    report = {"date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"), "machine": machine(),
              "quick": args.quick, "preset": args.preset, "gpu_mode": args.gpu, "runs": args.runs,
              "warmup": args.warmup, "seed": args.seed, "loom_version": version, "note": args.note,
              "implementations": [i.name for i in impls], "labels": {i.name: i.label for i in impls},
              "unavailable": unavailable, "benchmarks": []}
    if args.gpu:
        report["copy_bandwidth"] = copy_bandwidth(args.copy_mb, args.runs)
        c = report["copy_bandwidth"]
        args.copy_gbps = c["gbps"]
        print(f"copy bandwidth: {c['gbps']:.0f} GB/s ({c['via']})", flush=True)
    def save(final: bool) -> str:
        md = markdown(report)
        if args.save:
            Path(args.save).write_text(json.dumps(report, indent=1) + "\n")
            Path(args.save).with_suffix(".md").write_text(md)
            if final:
                print(f"saved {args.save} and {Path(args.save).with_suffix('.md')}")
        return md

    failed = False
    with tempfile.TemporaryDirectory(prefix="loom-bench-") as tmp:
        for bench in chosen if impls else []:
            entry, bad = run_bench(bench, impls, args, Path(tmp))
            report["benchmarks"].append(entry)
            failed |= bad
            save(False)  # what is measured so far survives a run stopped at a time limit
    md = save(True)
    print()
    print(md)
    if args.record:
        record(report, md)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
