/** \file
 * The structure of an optimised program, as `structure { Screma 1 }` test blocks check it
 * (Futhark's `futhark test -s`): every statement's expression counted under its path of
 * enclosing constructs, such as `/Loop/Screma/BinOp` for a BinOp in a Screma's lambda
 * inside a loop.  A key counts the paths it ends: `Screma` every Screma, `Screma/BinOp`
 * a BinOp directly inside one, `/Screma` the outermost ones only.
 */
#pragma once

#include "compiler/ir/IR.h"

#include <map>
#include <string>

namespace loom::passes {

/** How many statements there are at each path, over every function of `m`. */
std::map<std::string, int> structure_paths(const ir::Module &m);

/** How many of `paths` the key matches. */
int structure_count(const std::map<std::string, int> &paths, const std::string &key);

}  // namespace loom::passes
