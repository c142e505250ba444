#!/usr/bin/env python3
"""Benchmark runner: Loom against hand-written C++ and NumPy on the same inputs, in one run.

    python3 benchmarks/run.py [--quick] [--runs R] [--bench dot,saxpy] \
        [--impl loom-cpu,cpp,numpy] [--loom build/loom] [--record | --no-record]

For each benchmark (BENCHMARKS below) it generates the inputs deterministically (NumPy's
generator seeded with --seed and the benchmark's name), writes them once in Futhark's binary
data format, runs every implementation R times after a warm-up run, timing the computation
only (each implementation reports its own per-run times: `loom bench` for Loom, the
harness in baselines/cpp/common.h for C++, time.perf_counter around the call for NumPy),
checks every result against NumPy's, and prints a table of medians with min–max spreads and
ratios to the C++ baseline.  A recorded run (the default for full sizes) writes the raw JSON
to benchmarks/results/<date>-<host>.json and its table into docs/benchmarks.md.

Implementations are entries of IMPLEMENTATIONS, each a class with `available()` and
`run(bench, data) -> Timing`; a GPU column (`loom-cuda`) and GPU baselines (CuPy reusing
baselines/numpy_impl.py with xp=cupy, JAX, PyTorch) are further entries of that table.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
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


@dataclass
class Bench:
    name: str
    size: Callable[[bool], str]                       # the size, in words, full or quick
    inputs: Callable[[np.random.Generator, bool], list]  # the entry point's arguments
    rtol: float = 1e-3
    atol: float = 1e-5
    mismatch: float = 0.0  # fraction of elements allowed outside the tolerance
    fused: bool = True     # a pipeline Loom fuses (the NumPy target applies)


def uniform(rng, n, lo=0.0, hi=1.0):
    return rng.uniform(lo, hi, n).astype(f32)


def kmeans_inputs(rng, quick):
    n, k = (10_000, 16) if quick else (1_000_000, 16)
    centres = rng.uniform(-10, 10, (k, 2))
    which = rng.integers(0, k, n)
    pts = (centres[which] + rng.standard_normal((n, 2))).astype(f32)
    start = rng.choice(n, k, replace=False)
    return [pts[:, 0].copy(), pts[:, 1].copy(), pts[start, 0].copy(), pts[start, 1].copy()]


def nbody_inputs(rng, quick):
    n = 256 if quick else 4096
    pos = [uniform(rng, n, -1, 1) for _ in range(3)]
    vel = [(0.01 * rng.standard_normal(n)).astype(f32) for _ in range(3)]
    mass = uniform(rng, n, 0.5, 1.5) / f32(n)
    return [i32(1), f32(0.01), f32(0.05), *pos, mass, *vel]


BENCHMARKS = [
    Bench("dot", lambda q: f"n = {10**5 if q else 10**7:,}",
          lambda rng, q: [uniform(rng, 10**5 if q else 10**7), uniform(rng, 10**5 if q else 10**7)]),
    Bench("saxpy", lambda q: f"n = {10**5 if q else 10**7:,}",
          lambda rng, q: [f32(2.5), uniform(rng, 10**5 if q else 10**7),
                          uniform(rng, 10**5 if q else 10**7)]),
    Bench("blackscholes", lambda q: f"{10**4 if q else 10**6:,} options",
          lambda rng, q: [uniform(rng, 10**4 if q else 10**6, 5, 30),
                          uniform(rng, 10**4 if q else 10**6, 1, 100),
                          uniform(rng, 10**4 if q else 10**6, 0.25, 10), f32(0.02), f32(0.30)],
          atol=1e-3),
    # Escape counts of pixels on the set's edge may differ by rounding (fused multiply-adds).
    Bench("mandelbrot", lambda q: "64×64, 100 iterations" if q else "1024×1024, 100 iterations",
          lambda rng, q: [i64(64), i64(64), i32(100)] if q else [i64(1024), i64(1024), i32(100)],
          rtol=0, atol=0, mismatch=1e-3, fused=False),
    Bench("nbody", lambda q: f"{256 if q else 4096} bodies, 1 step", nbody_inputs, atol=1e-4),
    Bench("kmeans", lambda q: f"{10**4 if q else 10**6:,} points, 16 clusters, 2-D", kmeans_inputs),
    Bench("histogram", lambda q: f"{10**5 if q else 10**7:,} values, 256 bins",
          lambda rng, q: [i64(256), rng.integers(0, 2**31 - 1, 10**5 if q else 10**7).astype(i32)],
          rtol=0, atol=0),
    Bench("prefixsum", lambda q: f"n = {10**5 if q else 10**7:,}",
          lambda rng, q: [rng.integers(0, 100, 10**5 if q else 10**7).astype(i32)],
          rtol=0, atol=0, fused=False),
    Bench("stencil", lambda q: "128×128, 3 steps" if q else "2048×2048, 10 steps",
          lambda rng, q: [i32(3), rng.uniform(0, 1, (128, 128)).astype(f32)] if q
          else [i32(10), rng.uniform(0, 1, (2048, 2048)).astype(f32)]),
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


@dataclass
class Data:
    """One benchmark's inputs, in memory and as a file in the binary format."""
    values: list
    path: Path
    out_dir: Path


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


def run_json_command(cmd: list[str], out_file: Path, timeout: float) -> Timing:
    """Runs a command that prints one JSON object with `times_ms` and writes its results
    to out_file in the binary format."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
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
    def __init__(self, args, backend):
        super().__init__(args)
        self.backend = backend
        self.name = f"loom-{backend}"
        self.label = f"Loom {backend}"

    def available(self):
        return None if Path(self.args.loom).exists() else f"no {self.args.loom} (build it first)"

    def run(self, bench, data):
        out = data.out_dir / f"{self.name}.out"
        cmd = [self.args.loom, "bench", str(HERE / f"{bench.name}.fut"), "--backend", self.backend,
               "--runs", str(self.args.runs), "--warmup", str(self.args.warmup),
               "--input", str(data.path), "--output", str(out)]
        return run_json_command(cmd, out, self.args.timeout)


class Cpp(Impl):
    name, label = "cpp", "C++ -O3 (OpenMP)"
    flags = ["-std=c++20", "-O3", "-march=native", "-fopenmp"]

    def available(self):
        return None if shutil.which(self.args.cxx) else f"no C++ compiler `{self.args.cxx}`"

    def binary(self, bench: Bench) -> Path:
        """Compiles the baseline when its source (or the shared header) is newer."""
        src = HERE / "baselines" / "cpp" / f"{bench.name}.cpp"
        exe = Path(self.args.build_dir) / f"cpp-{bench.name}"
        deps = [src, src.with_name("common.h")]
        if not exe.exists() or any(d.stat().st_mtime > exe.stat().st_mtime for d in deps):
            exe.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run([self.args.cxx, *self.flags, str(src), "-o", str(exe)], check=True)
        return exe

    def run(self, bench, data):
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


IMPLEMENTATIONS: dict[str, Callable[[argparse.Namespace], Impl]] = {
    "loom-cpu": lambda a: Loom(a, "cpu"),
    "loom-interp": lambda a: Loom(a, "interp"),
    "loom-cuda": lambda a: Loom(a, "cuda"),
    "cpp": Cpp,
    "numpy": NumPy,
}

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
    return {"host": platform.node(), "cpu": model, "logical_cpus": os.cpu_count(),
            "cores": int(info.get("Core(s) per socket", 0) or 0) * int(info.get("Socket(s)", 1) or 1)
            or None, "load_average": list(os.getloadavg()), "os": platform.platform()}


def fmt_ms(ms: float) -> str:
    return f"{ms:.3g}" if ms < 100 else f"{ms:.0f}"


def cell(r: dict) -> str:
    if "error" in r:
        return "—"
    return f"{fmt_ms(r['median_ms'])} ({fmt_ms(r['min_ms'])}–{fmt_ms(r['max_ms'])})"


def markdown(report: dict) -> str:
    impls = report["implementations"]
    loom = next((i for i in impls if i.startswith("loom-")), None)
    ratio_cols = [i for i in impls if i != "cpp"] if "cpp" in impls else []
    m = report["machine"]
    lines = [f"### {report['date']} — {m['cpu']}, {m['logical_cpus']} logical CPUs"
             f"{' (quick sizes)' if report['quick'] else ''}", ""]
    lines.append(f"Runs: {report['runs']} timed after {report['warmup']} warm-up; load average at "
                 f"start {m['load_average'][0]:.2f}; seed {report['seed']}; loom `{report['loom_version']}`.")
    if report.get("note"):
        lines.append(f"Note: {report['note']}")
    lines.append("Times: median (min–max) in ms of the computation only. Ratios: median / C++ "
                 "median (lower is faster).")
    lines.append("")
    head = ["benchmark", "size"] + [report["labels"][i] for i in impls] + \
        [f"{i} / C++" for i in ratio_cols]
    if loom and "cpp" in impls and "numpy" in impls:
        head.append("target")
    lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for b in report["benchmarks"]:
        res = b["results"]
        row = [b["name"], b["size"]] + [cell(res[i]) for i in impls]
        for i in ratio_cols:
            ok = "error" not in res[i] and "error" not in res["cpp"]
            row.append(f"{res[i]['median_ms'] / res['cpp']['median_ms']:.2f}" if ok else "—")
        if len(head) > len(row):
            row.append(target(b, loom))
        lines.append("| " + " | ".join(row) + " |")
    errors = [(b["name"], i, b["results"][i]["error"]) for b in report["benchmarks"] for i in impls
              if "error" in b["results"][i]]
    if errors:
        lines += ["", "Failures:", ""] + [f"- {n}, {i}: {e}" for n, i, e in errors]
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
    p.add_argument("--quick", action="store_true", help="small sizes, 3 runs: a smoke test")
    p.add_argument("--runs", type=int, help="timed runs per implementation (default 10, quick 3)")
    p.add_argument("--warmup", type=int, default=1, help="untimed runs first (default 1)")
    p.add_argument("--bench", default="all", help="comma-separated benchmark names")
    p.add_argument("--impl", default="loom-cpu,cpp,numpy",
                   help=f"comma-separated, of {', '.join(IMPLEMENTATIONS)}")
    p.add_argument("--loom", default=str(ROOT / "build" / "loom"), help="the loom binary")
    p.add_argument("--cxx", default=os.environ.get("CXX", "g++"))
    p.add_argument("--build-dir", default=None, help="where the C++ baselines are built")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--timeout", type=float, default=600, help="seconds per implementation run")
    p.add_argument("--note", default="", help="a remark recorded with the results")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--record", dest="record", action="store_true", default=None,
                   help="write benchmarks/results/*.json and docs/benchmarks.md (default: full runs)")
    g.add_argument("--no-record", dest="record", action="store_false")
    a = p.parse_args(argv)
    a.runs = a.runs or (3 if a.quick else 10)
    a.record = (not a.quick) if a.record is None else a.record
    a.build_dir = a.build_dir or str(Path(a.loom).resolve().parent / "bench-baselines")
    return a


def main(argv=None) -> int:
    args = parse_args(argv)
    names = [b.name for b in BENCHMARKS]
    chosen = names if args.bench == "all" else args.bench.split(",")
    unknown = [n for n in chosen if n not in names] + \
        [i for i in args.impl.split(",") if i not in IMPLEMENTATIONS]
    if unknown:
        print(f"run.py: unknown benchmark or implementation: {', '.join(unknown)}", file=sys.stderr)
        return 2
    impls = [IMPLEMENTATIONS[i](args) for i in args.impl.split(",")]
    try:
        version = subprocess.run([args.loom, "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        version = "?"
    report = {"date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"), "machine": machine(),
              "quick": args.quick, "runs": args.runs, "warmup": args.warmup, "seed": args.seed,
              "loom_version": version, "note": args.note,
              "implementations": [i.name for i in impls], "labels": {i.name: i.label for i in impls},
              "benchmarks": []}
    failed = False
    with tempfile.TemporaryDirectory(prefix="loom-bench-") as tmp:
        for bench in (b for b in BENCHMARKS if b.name in chosen):
            rng = np.random.default_rng([args.seed, zlib.crc32(bench.name.encode())])
            values = bench.inputs(rng, args.quick)
            data = Data(values, Path(tmp) / f"{bench.name}.in", Path(tmp))
            with open(data.path, "wb") as f:
                for v in values:
                    write_value(f, v)
            ref = [np.asarray(o) for o in numpy_impl.__dict__[bench.name](np, *values)]
            entry = {"name": bench.name, "size": bench.size(args.quick), "fused": bench.fused,
                     "results": {}}
            for impl in impls:
                why = impl.available()
                t = Timing(error=why) if why else impl.run(bench, data)
                if t.error is None:
                    t.error = check(bench, ref, t.outputs) and "wrong result: " + \
                        check(bench, ref, t.outputs)
                r = {"error": t.error} if t.error else {**summary(t.times_ms), "times_ms": t.times_ms}
                r.update(t.extra)
                failed |= bool(t.error) and why is None
                entry["results"][impl.name] = r
                shown = f"error: {t.error}" if t.error else cell(r) + " ms"
                print(f"{bench.name:>13} {impl.name:>12}: {shown}", flush=True)
            report["benchmarks"].append(entry)
    md = markdown(report)
    print()
    print(md)
    if args.record:
        record(report, md)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
