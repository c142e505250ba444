/** \file
 * Source-level values in and out of an IR function, shared by IREval and the compiled
 * backends: tuples and records are flattened into the function's flat parameters, size
 * parameters are read from the arrays' shapes (and checked to agree), and the flat
 * results are regrouped into tuples/records following `source_ret`.
 */
#pragma once

#include "compiler/ir/IR.h"
#include "core/Value.h"

#include <unordered_map>
#include <vector>

namespace loom::ir {

/** The flat arguments of `f` (one per f.params), after checking the source arguments'
 * sizes against an entry's source parameter types (check_entry_sizes, so that every
 * backend reports a mismatch as the interpreter does).  InternalError on a count
 * mismatch. */
std::vector<Value> flatten_arguments(const Function &f, const std::vector<Value> &args);

/** The value of every size variable in the params' types, from the flat arguments'
 * shapes; size params no argument mentions are 0.  RuntimeError when two arguments
 * disagree on a size or an argument's shape differs from a constant size (only for a
 * function without source parameter types: flatten_arguments checks the others). */
std::unordered_map<int, int64_t> bind_sizes(const Function &f, const std::vector<Value> &flat);

/** The flat results grouped as f.source_ret says (a tuple for several; an array of tuples
 * zipped from its components' arrays). */
Value regroup_results(const Function &f, const std::vector<Value> &flat);
Value regroup_results(const TypePtr &source_ret, const std::vector<Value> &flat);

} // namespace loom::ir
