/** \file
 * Lowering of a type-checked program to the core IR (compiler/ir/IR.h).
 *
 * Everything is inlined into the entry point: user functions, local functions, prelude
 * definitions written in Loom, lambdas and operator sections (defunctionalisation by
 * inlining, so the IR is first-order).  Tuples and records are flattened into several
 * vars; an array of tuples becomes one array per component.  SOAC intrinsics become IR
 * SOACs whose lambdas are the inlined function arguments.
 *
 * A value of a sum type is its tag plus the payloads of every constructor (zeros for
 * the constructors it does not hold); `match` is a chain of If on the patterns' tests.
 * `==` on arrays, tuples and sums compares shapes, then elements (a reduce of a map);
 * flatten/unflatten/split/rep are gathers and slices; updates of slices are loops of
 * Updates.  Run-time checks fail with the interpreter's messages and locations (a size
 * only known at run time prints as `?` in the rare messages that quote one).
 *
 * Constructs the compiler does not handle (an array of sums whose payloads differ in
 * size, ...) throw CompilerLimitation with the construct's location; the `auto` backend
 * then runs the code on the interpreter.
 */
#pragma once

#include "compiler/ir/IR.h"
#include "frontend/AST.h"

#include <functional>
#include <string>
#include <vector>

namespace loom {

/** Top-level constants the entry takes as arguments instead of computing them: the
 * REPL's values, computed once when defined and passed to every later evaluation.
 * `pass` chooses them; lowering gives the entry one more source parameter for each one
 * it uses (after its own, in order of first use) and lists their definitions in `used`.
 * A constant used inside a recursive function is still computed there. */
struct ConstantArgs {
    std::function<bool(const FunDef &)> pass;
    std::vector<FunDefPtr> used;
};

/** Whether values of type t cross an entry's boundary: scalars, and arrays, tuples,
 * records and sums of them (ir/EntryValues unzips and zips arrays of tuples and sums, and
 * gives a sum's tag and every constructor's payload); not functions, nor arrays of values
 * that hold no data (holds_no_data) as arguments, or in a sum.  As `results`, an array of
 * values that hold no data crosses as its sizes (Note [Results of no data]). */
bool crosses_entry(const TypePtr &t, bool results = false);

/** Lowers entry point `entry` of the checked program `prog` (whose definitions come after
 * the prelude's) into a Module with one Function named `entry`.  Throws
 * CompilerLimitation for unsupported constructs. */
ir::Module lower_program(const Program &prog, const std::string &entry,
                         ConstantArgs *constants = nullptr);

} // namespace loom
