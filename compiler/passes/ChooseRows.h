/** \file
 * Rows chosen by index: a reduce or scan whose operator only chooses one of its rows
 * whole (`\a b -> if a[0] >= b[0] then a else b`: the row of the largest first element),
 * reading their elements at any indices, becomes a reduce or scan of the chosen rows'
 * indices in its input (-1 for the neutral row): each read `a[j]` reads `xs[ia, j]` (or
 * the neutral row's element), each choice chooses an index, and the results are gathered
 * from the input (a row, or a map of rows for a scan) afterwards.
 *
 * Why: every backend's kernels combine scalars across threads, while rows as accumulators
 * need memory of their own per thread (the cuda backend ran such operators on the host's
 * cores).  Rows of a few elements of constant size are left to Scalarize, which keeps
 * them in registers; this takes rows of any size.  Runs before fusion, after Scalarize.
 */
#pragma once

#include "compiler/ir/IR.h"

namespace loom::passes {

/** Rewrites every function of `m`; returns the reduces and scans rewritten. */
int choose_rows(ir::Module &m);

} // namespace loom::passes
