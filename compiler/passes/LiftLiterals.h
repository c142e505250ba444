/** \file
 * Array literals as arguments: every array literal of constant scalars in the entry
 * function (`[1, 2, 3]`, at any depth: loops, branches, SOAC lambdas) becomes a parameter
 * of the entry, after its own and the constants' (Optimised::constant_args), and its
 * value one of the values the compiled entry passes itself (CompiledEntry::call).
 *
 * Why: a compiled expression's cache key is its generated code.  With the literal's
 * elements in the code, the REPL's `sq [1, 2, 4]` after `sq [1, 2, 3]` compiled again
 * (a host compile or NVRTC, 0.1-1 s); with them passed, it is a memory hit.  The sizes
 * stay in the types, so a literal of another length compiles anew.  Runs last, so the
 * simplifier and the row passes still see literals they fold or take apart.
 */
#pragma once

#include "compiler/ir/IR.h"
#include "core/Value.h"

#include <vector>

namespace loom::passes {

/** Rewrites m's entry (its first function); returns the lifted literals' values, in the
 * order of the parameters added. */
std::vector<Value> lift_literals(ir::Module &m);

} // namespace loom::passes
