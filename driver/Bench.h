/** \file
 * `loom bench`: times calls of one entry point, excluding parsing, compilation and input
 * loading, and prints the times as JSON (what benchmarks/run.py reads).
 *
 *   loom bench FILE [--entry NAME] [--backend B] [--runs R] [--warmup W]
 *                   [--input FILE] [--output FILE]
 *
 * The arguments are read from --input (or stdin) in Futhark's text or binary value format;
 * --output writes the last run's results in the binary format.  The JSON object has
 * `times_ms` (one per run), `median_ms`, `min_ms`, `max_ms`, `compile_ms`, `load_ms`, and
 * for compiled backends the pipeline report (`report`).
 */
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace loom {

/** Runs `loom bench` with `args` (after the subcommand) and returns the exit status: 0, 1
 * for a run-time error or bad input, 2 for a usage or compile error (reported on `err`). */
int bench_main(const std::vector<std::string> &args, std::istream &in, std::ostream &out,
               std::ostream &err);

}  // namespace loom
