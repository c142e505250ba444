/** \file
 * A slow, obviously-correct evaluator of the core IR on the host, for tests only: lowering
 * and every pass are checked by running the IR here and the source in the interpreter on
 * the same inputs.  Scalars go through the interpreter's PrimOps, so the two agree on
 * every corner of the arithmetic by construction.
 */
#pragma once

#include "compiler/ir/IR.h"
#include "core/Value.h"

#include <string>
#include <vector>

namespace loom::ir {

/** Calls function `name` of `m` with source-level arguments (as Interpreter::call takes
 * them: tuples and records are flattened here, size parameters are read from the arrays'
 * shapes) and regroups the flat results into tuples/records following `source_ret`.
 * Throws RuntimeError for failed run-time checks, InternalError for malformed IR. */
Value eval_function(const Module &m, const std::string &name, const std::vector<Value> &args);

} // namespace loom::ir
