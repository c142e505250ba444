/** \file
 * The simplifier: constant folding (with the interpreter's scalar semantics, never
 * folding an operation that would fail at run time), copy propagation, common
 * subexpression elimination, dead-code elimination, algebraic identities (x+0, x*1, x*0 on
 * integers only, x-x on integers, not not x, ...), hoisting of loop-invariant
 * statements out of `loop` bodies and SOAC lambdas, and loops made smaller: one of a
 * single iteration is its body, a loop value every iteration gives back unchanged is its
 * initial value, and one that adds the same integer each iteration a multiplication.
 * Repeated to a fixed point.
 *
 * Never removes or reorders a statement that can fail at run time (checked Index,
 * Slice, Update, Range, Coerce, Assert, integer division, ...: passes::can_fail in
 * Rewrite.h) past another one that can fail, so the first error reported stays the
 * interpreter's; a failing statement that is dead is kept, and one is shared (CSE) only
 * with an identical earlier statement, which dominates it.  Hoisting moves only statements
 * that cannot fail, and never an unchecked access whose operands all come from outside
 * it: bounds-check elimination may have made it safe by a check before the loop that only
 * runs when the loop does.  Float identities are only those exact under IEEE (x*1, x/1,
 * x-0; not x*0, x+0, x-x).
 */
#pragma once

#include "compiler/ir/IR.h"

namespace loom::passes {

struct SimplifyStats {
    int folded = 0;  ///< constants folded, identities and constant ifs applied
    int cse = 0;     ///< statements replaced by an earlier equal one
    int dead = 0;    ///< statements removed
    int hoisted = 0; ///< statements moved out of loops and lambdas
    int rounds = 0;  ///< fixed-point iterations
};

/** Simplifies every function of `m` in place (fresh vars from m.next_var_id). */
SimplifyStats simplify(ir::Module &m);

} // namespace loom::passes
