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

/** SplitMix64: small, fast, the same numbers on every platform (unlike the standard
 * library's distributions). */
struct SplitMix64 {
    uint64_t state;
    uint64_t next() {
        uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    /** Uniform in [0, n) for n > 0 (the tiny bias of a modulus does not matter here). */
    uint64_t below(uint64_t n) { return next() % n; }
};

/** The values `spec` (the text inside the braces, which starts at `loc` in the test
 * file `name`) describes, drawn with `seed`.  Throws CompileError at the faulty word. */
std::vector<ReadValue> random_inputs(const std::string &spec, const SrcLoc &loc, const std::string &name,
                                     uint64_t seed);

/** A seed for a case: the same for the same words at the same line. */
uint64_t random_input_seed(const std::string &spec, int line);

}  // namespace loom
