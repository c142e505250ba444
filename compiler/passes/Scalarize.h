/** \file
 * Small rows as scalars: a reduce or scan whose operator works on rows of a few elements
 * (constant sizes, up to 16 elements, rows of rows too) only through constant indices,
 * and makes its result row as an array literal (`\a b -> [a[0] * b[0] + a[1] * b[2],
 * ...]`, or `[[..], [..]]`: products of 2x2 matrices) or chooses one of its rows whole
 * (`\a b -> if a[0] < b[0] then b else a`: an `if` over their elements), in its body or
 * nested loops and `if`s, becomes a reduce or scan of that many scalars per row: its
 * inputs' rows
 * split into columns by a map, its neutral row into elements, and its results put back
 * together as rows (an array literal, or a map making rows), which fusion then joins with
 * what makes and reads them (so `map (\q -> q[1]) (scan ...)` never makes a row).
 *
 * Why: every backend's kernels keep scalar accumulators in registers and combine them
 * across threads, while rows as accumulators need memory of their own per thread (the
 * cuda backend ran such operators on the host's cores).  Runs before fusion.
 */
#pragma once

#include "compiler/ir/IR.h"

namespace loom::passes {

/** Rewrites every function of `m`; returns the reduces and scans rewritten. */
int scalarize_rows(ir::Module &m);

} // namespace loom::passes
