/** \file
 * Lowering of a type-checked program to the core IR (compiler/ir/IR.h).
 *
 * Everything is inlined into the entry point: user functions, local functions, prelude
 * definitions written in Loom, lambdas and operator sections (defunctionalisation by
 * inlining, so the IR is first-order).  Tuples and records are flattened into several
 * vars; an array of tuples becomes one array per component.  SOAC intrinsics become IR
 * SOACs whose lambdas are the inlined function arguments.
 *
 * Constructs outside the supported subset (sum types, match, updates of slices,
 * recursion, functions chosen at run time, sizes that change across loop iterations,
 * ...) throw CompilerLimitation with the construct's source location.
 */
#pragma once

#include "compiler/ir/IR.h"
#include "frontend/AST.h"

#include <string>

namespace loom {

/** Lowers entry point `entry` of the checked program `prog` (whose definitions come after
 * the prelude's) into a Module with one Function named `entry`.  Throws
 * CompilerLimitation for unsupported constructs. */
ir::Module lower_program(const Program &prog, const std::string &entry);

} // namespace loom
