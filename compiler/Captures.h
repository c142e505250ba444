/** \file
 * The last step of lowering: the variables a recursive function's body uses from the
 * code that called it (what a function argument it was specialised for captured, Note
 * [Recursive functions] in Lower.cpp) become parameters of that function, passed by
 * every call.
 */
#pragma once

#include "compiler/ir/IR.h"

namespace loom {

/** Drops the functions of `m` no call from the first (the entry) reaches, then gives
 * each other function a parameter for each variable its body uses but does not bind, and
 * every call of it the caller's variable (or, in its own body, that parameter), until no
 * function has such a variable. */
void pass_captured_vars(ir::Module &m);

} // namespace loom
