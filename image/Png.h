/** \file
 * A minimal PNG writer (libpng): the Jupyter kernel's array images and logos, and
 * `loom literate`'s `:img`.
 */
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace loom {

/** Encodes 8-bit pixels (row-major, `channels` bytes each: 1 gray, 3 RGB, 4 RGBA) as
 * PNG file bytes.  `pixels` holds width * height * channels bytes. */
std::string encode_png(int width, int height, int channels, const std::vector<uint8_t> &pixels);

}  // namespace loom
