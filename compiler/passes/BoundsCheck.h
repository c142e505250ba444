/** \file
 * Bounds-check elimination and hoisting (seed 002's certificates).
 *
 * An Index/Update whose every index is proven in [0, dim) becomes unchecked
 * (`checked = false`).  Facts (`a < b`, `x >= 0`, `x != 0` on i64 atoms) come from loop
 * ranges (`for i < n`), SOAC structure (a parameter of a map, filter or screma lambda bound
 * to a row of `iota n`, as `indices xs` and `tabulate` lower), the conditions of enclosing
 * `if`s in either branch (`i < n`, `0 <= i`, `i == 0`, `&&`, `||`, `!`, also as lowered to
 * ifs) and earlier assertions.  An index proven from them may be a constant, `x + c`,
 * `x - c`, `min`/`max` of provable parts, or an element of an ascending `a..<b` range;
 * sizes are never negative, and no proof relies on arithmetic that could wrap.
 *
 * A checked Index that cannot be proven, at the top of a `for` loop body or map-like lambda
 * (no statement before it there can fail), whose array and indices come from outside, is
 * hoisted: an equivalent check goes before the loop, under `if 0 < bound` (the loop's own
 * test), and the inner access becomes unchecked.  It then fails exactly when and where the
 * first iteration would have.  Other passes must not move such an unchecked access (one
 * whose operands are all defined outside its loop or lambda) out of that loop or lambda.
 */
#pragma once

#include "compiler/ir/IR.h"

namespace loom::passes {

struct BoundsStats {
    int removed = 0; ///< checks proven safe and dropped
    int hoisted = 0; ///< checks moved out of a loop or lambda
    int kept = 0;    ///< checks that remain where they were
};

BoundsStats eliminate_bounds_checks(ir::Module &m);

/** Counts the checked Index/Update/Slice nodes left in a function (for stats). */
int count_bounds_checks(const ir::Function &f);

} // namespace loom::passes
