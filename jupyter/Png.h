/** \file
 * A minimal PNG writer (libpng) for the Jupyter kernel: array images and the
 * kernel-spec logos.
 */
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace loom::jupyter {

/** Encodes 8-bit pixels (row-major, `channels` bytes each: 1 gray, 3 RGB, 4 RGBA) as
 * PNG file bytes.  `pixels` holds width * height * channels bytes. */
std::string encode_png(int width, int height, int channels, const std::vector<uint8_t> &pixels);

}  // namespace loom::jupyter
