/** \file
 * Reading and writing values in Futhark's formats: the textual value format
 * (`[1i32, 2i32]`, `1.5f32`, `empty([0]i64)`, as `futhark run` prints them),
 * Futhark's binary data format (binary-data-format.rst), and NumPy `.npy`.
 *
 * The text reader keeps each value's literal tree, so a caller that knows the
 * expected element type (an entry point's parameter, a test's actual output)
 * can re-type an unsuffixed literal (`1` as i64, `2.5` as f32) with adapt_value.
 *
 * Malformed input throws CompileError located in the input text.
 */
#pragma once

#include "core/Diagnostic.h"
#include "core/Value.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace loom {

struct ValueLiteral;  ///< parse tree of one textual value (opaque)

/** One value read from input. */
struct ReadValue {
    Value value;   ///< with default types for unsuffixed literals (i32, f64)
    /** True when the element type was given explicitly (a suffix on some element,
     * `empty(...)`, binary or npy input); false for e.g. `[1, 2]` or `2.5`. */
    bool typed = true;
    std::shared_ptr<const ValueLiteral> literal;  ///< text input only
    SrcLoc loc;                                   ///< where the value starts (text input)
};

/** Reads all values in `input` (text, binary, .npy files' bytes, or a mix; binary
 * values start with 'b', .npy ones with their magic string).
 * `name` names the input in error messages.  Throws CompileError. */
std::vector<ReadValue> read_values(std::string_view input, const std::string &name = "<input>");

/** The value read again with `elem` as the element type of its unsuffixed literals
 * (an integer literal may become any numeric type, a decimal one any float type).
 * Typed values are returned unchanged.  Throws CompileError when a literal does not
 * fit `elem` (e.g. `1.5` as i32, `true` as f32). */
Value adapt_value(const ReadValue &v, PrimType elem);

/** A value in Futhark's textual format: `1i32`, `-0.0f32`, `f64.nan`, `[1i32, 2i32]`,
 * `empty([3][0]i32)`.  Tuples, records, sums and functions (not part of Futhark's value
 * format) print as `(a, b)`, `{x = a}`, `#c a`, `<function>`. */
std::string value_to_string(const Value &v);

/** Takes the text of a value piece by piece (write_value_text); returns false to stop. */
using TextSink = std::function<bool(std::string_view piece)>;
/** What write_value_text wrote: all of the text, or the pieces up to a stop; `prims`: the
 * primitive values (elements, fields) those pieces hold. */
struct WrittenText {
    bool complete = true;
    int64_t prims = 0;
};
/** value_to_string(v) handed to `sink` in pieces of about `piece` bytes as it is built, so
 * that a front end shows a large value as it goes, or stops (Ctrl-C, a size limit) without
 * building the rest: the sink returns false to stop after the piece it was given. */
WrittenText write_value_text(const Value &v, const TextSink &sink, size_t piece = 1 << 16);
/** How many primitive values `v` holds (what WrittenText::prims counts). */
int64_t count_prims(const Value &v);
std::string prim_to_string(const PrimValue &p);
/** A float as Haskell's `show` prints it (shortest round-trip digits; exponent form
 * outside 0.1 <= |x| < 10^7): `1.0`, `0.1`, `1.0e-2`, `1.2345678e7`.  No suffix;
 * nan/inf print as `nan`, `inf`, `-inf`. */
std::string show_float(double v, PrimType t);

/** Appends `v` (a scalar or an array of primitives) in Futhark's binary format.
 * Throws RuntimeError for other values. */
void write_binary_value(const Value &v, std::string &out);

/** Reads a NumPy .npy file's bytes (any version; C or Fortran order; either byte
 * order).  Throws CompileError naming `name`. */
Value read_npy(std::string_view bytes, const std::string &name = "<npy>");
/** Reads the .npy file that `bytes` starts with, setting `used` to its length; errors
 * are located at `loc`. */
Value read_npy_at(std::string_view bytes, const SrcLoc &loc, size_t &used);
/** A NumPy .npy v1.0 file holding `v` (scalar or primitive array), little-endian,
 * C order.  Throws RuntimeError for other values. */
std::string write_npy(const Value &v);

}  // namespace loom
