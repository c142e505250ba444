/** \file
 * Fusion (seed 002's graph method, Futhark's producer-consumer fusion).
 *
 * Turns Map/Reduce/Scan into ScremaExp and fuses them:
 *  - vertical: map into map, map into reduce (redomap), map into scan (scanomap), filter
 *    into reduce (the predicate selects the element or the neutral element);
 *  - a producer with several consumers is fused into all of them in one Screma whose map
 *    lambda computes the producer once (no duplicated work), when the consumers are
 *    siblings over the same input;
 *  - horizontal: sibling SOACs over the same outer size with no dependency between them
 *    become one Screma;
 *  - index functions: a SOAC over `reverse xs` reads xs at w-1-i, over a row slice
 *    `xs[k.., a:b:s]` (any stride, constant or not) reads xs[k.., a + i*s] (a defaults to
 *    0 for s > 0, to the last row for s < 0), over `transpose a`
 *    reads a[j, i] wherever its lambda indexes the column or runs a SOAC over it, and over
 *    `replicate n x` takes x, all through an iota input (the code generators read an
 *    `iota w` input as the index).  The copies left unused are dropped; a slice or size
 *    coercion that can fail leaves its check, with the original one run only where the
 *    bounds fail (same message).  Slices of rows with several ranges and coerced arrays
 *    of arrays are still copied.
 * A producer is never fused into a consumer inside a loop body (that would repeat work),
 * never past an in-place update of one of its inputs, and two statements that can both
 * fail at run time are never combined or moved past each other (the first error reported
 * stays the interpreter's).  Results are bit-identical to the unfused program except for
 * the reassociation every reduce already allows.
 */
#pragma once

#include "compiler/ir/IR.h"

namespace loom::passes {

struct FusionStats {
    int vertical = 0;   ///< producer-consumer fusions
    int horizontal = 0; ///< sibling fusions
};

FusionStats fuse(ir::Module &m);

} // namespace loom::passes
