/** \file
 * Values as pictures, as futhark-literate.rst's `:img` reads them: `loom literate`'s
 * directive and the session's `:img` (a PNG for Jupyter, pixels for a terminal).
 */
#pragma once

#include "core/Value.h"

#include <cstdint>
#include <string>
#include <vector>

namespace loom {

/** 8-bit pixels, row-major, `channels` bytes each (1 grey, 3 RGB). */
struct Pixels {
    int width = 0, height = 0, channels = 0;
    std::vector<uint8_t> bytes;
};

/** The pixels of `v` (of type `type`, for messages): [][]i32 and [][]u32 ARGB (the alpha
 * byte ignored), [][]f32 and [][]f64 grey from 0 (black) to 1, [][]u8 grey, [][]bool
 * black and white.  Empty on success, else what is wrong. */
std::string image_of(const Value &v, const std::string &type, Pixels &out);

}  // namespace loom
