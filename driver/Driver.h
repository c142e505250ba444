/** \file
 * The `loom` command line (DESIGN.md §3): `run`, `check`, `test`, `compile`, `cache`,
 * `bench` (Bench.h), `--help`, `--version`.  `--backend` takes interp, cpu and cuda (the
 * compiler pipeline, compiler/Pipeline.h) and auto (cuda with a GPU, else cpu).
 *
 * Exit statuses: 0 success; 1 a run-time error, bad input values, or failed tests;
 * 2 a program that does not parse or type-check, or a usage error (unknown
 * subcommand or option, unavailable backend); 3 an internal error, or a compiler
 * limitation: a construct a compiled backend does not handle yet (not the user's
 * error, printed located like a diagnostic; the interpreter runs the program).
 * `loom test` reports such entry points as "skipped on cpu" instead of failing.
 */
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace loom {

/** Runs the command line `args` (without the program name), reading stdin from `in`
 * and writing to `out`/`err`; returns the exit status. */
int driver_main(const std::vector<std::string> &args, std::istream &in, std::ostream &out,
                std::ostream &err);

}  // namespace loom
