/** \file
 * Entry points and their data, shared by `loom run`, `loom test` and `loom bench`: an
 * entry point built for a compiled backend, its arguments from the values read for it,
 * and a test case's dataset (its input, as values, a file or random values, and the
 * results it expects), compared with the results of a call.
 */
#pragma once

#include "compiler/Pipeline.h"
#include "core/ValueIO.h"
#include "driver/TestSpec.h"
#include "frontend/AST.h"

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace loom {

/** Relative tolerance for floats in expected results: values a and b match when
 * |a-b| <= tol * max(1, |a|, |b|) (NaN matches NaN, infinities match exactly), or
 * where futhark test's rule matches them (values_match_expected). */
constexpr double test_float_tolerance = 1e-3;

/** Values that do not suit an entry point, or a data file that cannot be read: the
 * message names which (no source location: the values have their own). */
struct DataError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/** The program `text` (of the file `path`) parsed and type-checked; throws CompileError. */
Program load_program(const std::string &path, const std::string &text);

/** The last declaration of function `name` (`local` ones included), or null. */
FunDefPtr find_function(const Program &prog, const std::string &name);

/** Why function fn cannot be called with values as an entry point (it is polymorphic,
 * takes or returns a function), or empty.  A `def` may be called as one (`--entry`,
 * `entry:`), as Futhark's `entry` functions are. */
std::string not_an_entry(const FunDef &fn);

/** Whether case `c` runs on backend b (futhark-test.rst): not a FutharkScript input
 * (not supported), not `compiled` on the interpreter, not tagged `no_<b>` (`no_cpu`). */
bool runs_on(const TestCase &c, compiler::Backend b);

/** An entry point built for a compiled backend, or why it could not be. */
struct CompiledSlot {
    std::shared_ptr<compiler::CompiledEntry> entry;
    std::optional<SrcLoc> limitation_loc; ///< set for a CompilerLimitation
    std::string problem;                  ///< the limitation's message, or any other failure
};

/** Builds `entry` of `prog` for compiled backend b into `slot`; never throws. */
void compile_slot(const Program &prog, const std::string &entry, compiler::Backend b, CompiledSlot &slot);

/** The values read for an entry point as its arguments: unsuffixed literals take the
 * parameter's element type; counts, element types and ranks are checked (sizes by the
 * call).  Throws DataError. */
std::vector<Value> entry_arguments(const FunDef &fn, const std::vector<ReadValue> &vals);

/** A result as the values it prints as: a tuple's components, or the one value. */
std::vector<Value> result_values(const Value &r);

/** Values text that stands at `loc` in the file `name`, read so that errors in it point
 * into that file. */
std::vector<ReadValue> read_located(const std::string &text, const SrcLoc &loc, const std::string &name);

/** A case's arguments for `fn` and the results it expects: `expected` is empty unless
 * the case has `output` (values or a file); `auto output` is the caller's to compute. */
struct CaseData {
    std::vector<Value> args;
    std::vector<ReadValue> expected;
};

/** Reads case `c` of the program at `path` (files named by the case are beside it;
 * random values are drawn as `loom test` draws them).  Throws CompileError for values
 * that do not read, DataError for the rest. */
CaseData load_case(const std::string &path, const FunDef &fn, const TestCase &c);

/** load_case into `out`; what went wrong as a message instead of an exception (empty
 * when nothing did). */
std::string try_load_case(const std::string &path, const FunDef &fn, const TestCase &c, CaseData &out);

/** Empty when `actual` (a call's result values) matches `expected` (floats within the
 * tests' tolerance); else what differs, with both values abbreviated. */
std::string compare_results(const std::vector<ReadValue> &expected, const std::vector<Value> &actual);

/** `expected` as values read (for comparing with compare_results). */
std::vector<ReadValue> as_read(const std::vector<Value> &expected);

/** A case's dataset as `futhark bench` names it: the case's name, a data file's path,
 * random input's types, or `#N ("the input")`, the input abbreviated and N the case's
 * number in its block from 0 (index counts from 1). */
std::string dataset_name(const TestCase &c, int index);

/** `s` cut to `n` characters, ` ...` marking a cut. */
std::string abbreviate(const std::string &s, size_t n = 400);

}  // namespace loom
