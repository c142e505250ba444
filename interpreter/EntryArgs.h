/** \file
 * The size check of an entry point's arguments, done once when the entry is called
 * from outside (Interpreter::call, and the compiled backends through
 * ir::flatten_arguments), so that every backend reports a mismatch the same way:
 * up front, at the entry's location, naming the parameters, as Futhark does.
 */
#pragma once

#include "core/Value.h"
#include "frontend/AST.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace loom {

/** How messages name a parameter: `xs` for `xs` or `(xs: t)`, `(a, b)` for a tuple
 * pattern, `_` for a wildcard. */
std::string param_display_name(const Pat &p);

/** Checks that `args` have the sizes the parameter types say: each size variable has
 * one value across all arguments (or the value of the parameter it names), and each
 * constant size matches.  Compares the dimensions the values have (a value of another
 * shape is a type error, not checked here; of a sum, the held constructor's payload).
 * Throws RuntimeError at `loc`, e.g. "entry point `main`: argument `ys` has size 2 in
 * dimension 1, but `n` = 3 from dimension 1 of `xs`".  Returns each size variable's
 * value. */
std::unordered_map<std::string, int64_t>
check_entry_sizes(const std::string &entry, const SrcLoc &loc,
                  const std::vector<std::string> &param_names,
                  const std::vector<TypePtr> &param_types, const std::vector<Value> &args);

}  // namespace loom
