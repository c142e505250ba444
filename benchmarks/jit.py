#!/usr/bin/env python3
"""Loom's JIT and kernel-cache timings against the issue's targets: a cold compile of a
typical kernel under 300 ms (NVRTC, for the cuda backend), a disk-cache hit under 5 ms,
a memory hit under 0.1 ms.

    python3 benchmarks/jit.py [--backend cuda] [--loom build/loom] [--repeat 5] [--programs A,B]
                              [--save FILE]

Two ways to measure, both in a fresh cache directory ($LOOM_CACHE_DIR):
- `repl` (in-process, exact): the REPL's summary line after each compiled evaluation gives
  the kernels' cache status and the whole compile's time (lowering, passes, code generation
  and the cache lookup or the compiler).  One process evaluates the same expression 1 + R
  times (a cold compile, then R memory hits); R more processes evaluate it once each (disk
  hits).  Needs `:backend B` in the REPL (cpu today; cuda once its host side exists).
- `cli` (works wherever NVRTC does, GPU or not): `loom compile FILE --backend B --emit
  stats` per benchmark program: a cold compile's time is the report's compile time (for
  cuda: NVRTC and the host program's C++), and the kernels' own (`kernel_list` compile_ms:
  NVRTC alone), which the cold target is about; a disk hit's report says `disk` with no
  time, so its cost is bounded from above by
  the process's wall time less that of `--emit ir` (the same parsing, checking and passes,
  no code generation and no lookup).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TARGETS_MS = {"cold": 300.0, "disk": 5.0, "memory": 0.1}

# Typical kernels for the REPL method: (file to :load or None, expression).
EXPRESSIONS = {
    "saxpy_sum": (None, "f32.sum (map2 (\\x y -> 2.5f32 * x + y) (map f32.i64 (iota 1000)) "
                        "(map f32.i64 (iota 1000)))"),
    "blackscholes": ("blackscholes.fut", "f32.sum (main (replicate 1000 100f32) (replicate 1000 90f32) "
                                         "(replicate 1000 1f32) 0.02f32 0.30f32)"),
    "mandelbrot": ("mandelbrot.fut", "i32.sum (flatten (main 64 48 100i32))"),
}
SUMMARY = re.compile(r"^-- (\w+): \d+ kernels? \((.*)\), compile ([0-9.]+) (ms|s)\b")


def median(xs):
    return statistics.median(xs) if xs else None


def repl(loom: str, backend: str, name: str, evals: int, env: dict) -> list[tuple[str, float]]:
    """(cache status, compile ms) of each evaluation of EXPRESSIONS[name] in one REPL."""
    file, expr = EXPRESSIONS[name]
    script = f":backend {backend}\n" + (f":load {HERE / file}\n" if file else "") + \
        (expr + "\n") * evals
    p = subprocess.run([loom, "--run", "-"], input=script, capture_output=True, text=True,
                       env=env, timeout=600)
    out = []
    for line in (p.stdout + p.stderr).splitlines():
        m = SUMMARY.match(line)
        if m and m.group(1) == backend:
            statuses = set(re.findall(r", (compiled|memory|disk|none)(?=;|$)", m.group(2)))
            ms = float(m.group(3)) * (1000 if m.group(4) == "s" else 1)  # over a second: "1.89 s"
            out.append(("+".join(sorted(statuses)), ms))
    if len(out) != evals:
        why = next((l for l in (p.stdout + p.stderr).splitlines() if "error" in l.lower()),
                   f"{len(out)} of {evals} evaluations compiled")
        raise RuntimeError(why.strip())
    return out


def measure_repl(loom, backend, repeat) -> dict:
    res = {}
    for name in EXPRESSIONS:
        with tempfile.TemporaryDirectory(prefix="loom-jit-") as cache:
            env = {**os.environ, "LOOM_CACHE_DIR": cache}
            try:
                first = repl(loom, backend, name, 1 + repeat, env)
                disk = [repl(loom, backend, name, 1, env)[0] for _ in range(repeat)]
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                return {"error": str(e)}
        res[name] = {"cold": [first[0]], "memory": first[1:], "disk": disk}
    return res


def wall(cmd, env) -> tuple[float, subprocess.CompletedProcess]:
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    return (time.perf_counter() - t0) * 1e3, p


def measure_cli(loom, backend, repeat, programs=None) -> dict:
    res = {}
    with tempfile.TemporaryDirectory(prefix="loom-jit-") as cache:
        env = {**os.environ, "LOOM_CACHE_DIR": cache}
        for fut in sorted(HERE.glob("*.fut")):
            if programs and fut.stem not in programs:
                continue
            stats = [loom, "compile", str(fut), "--backend", backend, "--emit", "stats"]
            ms, p = wall(stats, env)
            if p.returncode != 0:
                res[fut.stem] = {"error": (p.stderr.strip() or p.stdout.strip()).splitlines()[0]}
                continue
            reports = [json.loads(l) for l in p.stdout.splitlines() if l.startswith("{")]
            cold = sum(r["timings_ms"]["compile"] for r in reports)
            # The kernels' own compiler (NVRTC for cuda; one translation unit per entry),
            # without the host program's C++ compile that `compile` also counts.
            kernels = sum(max((k["compile_ms"] for k in r["kernel_list"]), default=0.0)
                          for r in reports)
            statuses = {k["cache"] for r in reports for k in r["kernel_list"]}
            hits, bases, hit_status = [], [], set()
            for _ in range(repeat):  # interleaved, so load changes touch both alike
                ms_hit, p = wall(stats, env)
                hit_status |= {k["cache"] for l in p.stdout.splitlines() if l.startswith("{")
                               for k in json.loads(l)["kernel_list"]}
                hits.append(ms_hit)
                bases.append(wall([loom, "compile", str(fut), "--backend", backend, "--emit", "ir"],
                                  env)[0])
            res[fut.stem] = {"cold_status": sorted(statuses), "cold_compile_ms": cold,
                             "cold_kernels_ms": kernels,
                             "cold_wall_ms": ms, "hit_status": sorted(hit_status),
                             "hit_wall_ms": hits, "ir_wall_ms": bases,
                             "disk_upper_ms": median(hits) - median(bases)}
    return res


def verdict(ms, what) -> str:
    if ms is None:
        return "not measured"
    return f"{ms:.3g} ms ({'met' if ms < TARGETS_MS[what] else 'missed'}: < {TARGETS_MS[what]:g} ms)"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--backend", default="cuda")
    p.add_argument("--loom", default=str(ROOT / "build" / "loom"))
    p.add_argument("--repeat", type=int, default=5, help="memory and disk hits per program")
    p.add_argument("--programs", metavar="A,B", help="only these benchmarks/*.fut in the cli "
                   "method (default: all; each costs 1 + 2 * repeat processes)")
    p.add_argument("--save", metavar="FILE", help="write the measurements (JSON) here")
    a = p.parse_args(argv)
    report = {"backend": a.backend, "loom": a.loom, "targets_ms": TARGETS_MS,
              "repl": measure_repl(a.loom, a.backend, a.repeat),
              "cli": measure_cli(a.loom, a.backend, a.repeat,
                                 set(a.programs.split(",")) if a.programs else None)}

    print(f"JIT and cache timings, backend {a.backend} (ms; median over programs)\n")
    r = report["repl"]
    if "error" in r:
        print(f"repl: not measured: {r['error']}")
        cold = disk = memory = None
    else:
        for name, m in r.items():
            print(f"repl {name:>13}: cold {m['cold'][0][1]:.3g} ({m['cold'][0][0]}), "
                  f"memory {median([t for _, t in m['memory']]):.3g} "
                  f"({'/'.join(sorted({s for s, _ in m['memory']}))}), "
                  f"disk {median([t for _, t in m['disk']]):.3g} ({'/'.join(sorted({s for s, _ in m['disk']}))})")
        cold = median([m["cold"][0][1] for m in r.values()])
        memory = median([median([t for _, t in m["memory"]]) for m in r.values()])
        disk = median([median([t for _, t in m["disk"]]) for m in r.values()])
    c = {k: v for k, v in report["cli"].items() if "error" not in v}
    for name, v in report["cli"].items():
        if "error" in v:
            print(f"cli  {name:>13}: {v['error']}")
        else:
            print(f"cli  {name:>13}: cold compile {v['cold_compile_ms']:.3g} ({'/'.join(v['cold_status'])}; "
                  f"kernels {v['cold_kernels_ms']:.3g}), "
                  f"wall {v['cold_wall_ms']:.0f}; hit ({'/'.join(v['hit_status'])}) costs at most "
                  f"{v['disk_upper_ms']:.3g}")
    if c:
        cold = cold if cold is not None else median([v["cold_compile_ms"] for v in c.values()])
        disk = disk if disk is not None else median([v["disk_upper_ms"] for v in c.values()])
    # The target is NVRTC's compile of a typical kernel: the kernels' compiler alone.
    kernels = median([v["cold_kernels_ms"] for v in c.values()]) if c else None
    report["summary_ms"] = {"cold": cold, "cold_kernels": kernels, "disk": disk, "memory": memory}
    print(f"\ncold compile:   {verdict(kernels, 'cold')} (the kernels' compiler alone; "
          f"with lowering and the host program: {cold:.3g} ms)" if kernels is not None and cold is not None
          else f"\ncold compile:   {verdict(cold, 'cold')}")
    print(f"disk-cache hit: {verdict(disk, 'disk')}\nmemory hit:     {verdict(memory, 'memory')}")
    if a.save:
        Path(a.save).write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
