/** \file
 * The values of a test case's `random input { [100]i32 [10][3]f32 10i64 }`
 * (futhark-test.rst): an array or scalar of random elements for each type, and each
 * constant as written.  Integers are drawn from their type's whole range, floats from
 * [0, 1), booleans either way with equal odds (futhark-dataset's defaults).  The values
 * depend only on the seed, so every run and every backend sees the same ones.
 */
#pragma once

#include "core/ValueIO.h"

#include <cstdint>
#include <string>
#include <vector>

namespace loom {

/** The values `spec` (the text inside the braces, which starts at `loc` in the test
 * file `name`) describes, drawn with `seed`.  Throws CompileError at the faulty word. */
std::vector<ReadValue> random_inputs(const std::string &spec, const SrcLoc &loc, const std::string &name,
                                     uint64_t seed);

/** A seed for a case: the same for the same words at the same line. */
uint64_t random_input_seed(const std::string &spec, int line);

}  // namespace loom
