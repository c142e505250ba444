/** \file
 * `loom bench`: times entry points, excluding parsing, compilation and loading inputs.
 *
 *   loom bench PATH... [--backend B[,B...]]... [--entry NAME] [--runs R] [--warmup W]
 *                      [--min-time S] [--timeout S] [--exclude-case TAG]... [--json FILE]
 *                      [--baseline FILE]
 *
 * runs the datasets of programs' test blocks, as `futhark bench` does (futhark-bench.rst):
 * each `input` (values, a file or `random input`) of an entry point, on each backend
 * named, checked against the expected `output` (or, for `auto output`, the interpreter's
 * results) and then timed: W warmup calls (default 1), then at least R timed calls
 * (default 10) and more until S seconds have passed (default 0.5), at most 1000.  It
 * prints the median and the spread of each, and how much faster or slower than the first
 * backend named and than the same dataset in `--baseline`, the `--json` of an earlier run.
 * Cases tagged `nobench` or `disable` (or any `--exclude-case`), cases that expect an
 * error, and programs without datasets are left out; `compiled` cases are not run by the
 * interpreter.  A program that does not compile, a run-time error, a wrong result or a
 * dataset whose calls on a backend (warmup and timed, or the interpreter's call that gives
 * `auto output`) take more than `--timeout` seconds (futhark bench's; stopped as Ctrl-C
 * would) is reported and the rest go on; the exit status is then 1.
 *
 *   loom bench FILE --input FILE|- [--entry NAME] [--backend B] [--runs R] [--warmup W]
 *                   [--timeout S] [--output FILE]
 *
 * times one call's arguments, read from the file (or stdin) in Futhark's text or binary
 * value format, and prints one JSON object (what benchmarks/run.py reads): `times_ms` (one
 * per run), `median_ms`, `min_ms`, `max_ms`, `compile_ms`, `load_ms`, and for compiled
 * backends the pipeline report (`report`); cuda adds each run's device time
 * (`device_times_ms`, `device_median_ms`) and the last run's transfers.  --output writes
 * the last run's results in the binary format.  Past `--timeout` it fails with status 1.
 */
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace loom {

/** Runs `loom bench` with `args` (after the subcommand) and returns the exit status: 0, 1
 * for a run-time error, bad input or a wrong result, 2 for a usage or compile error of
 * the one-call form (reported on `err`). */
int bench_main(const std::vector<std::string> &args, std::istream &in, std::ostream &out,
               std::ostream &err);

}  // namespace loom
