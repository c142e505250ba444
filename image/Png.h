/** \file
 * PNG through libpng: the writer of the Jupyter kernel's array images and logos and of
 * `loom literate`'s `:img`, and the reader of the session's `$loadimg`.
 */
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace loom {

/** Encodes 8-bit pixels (row-major, `channels` bytes each: 1 gray, 3 RGB, 4 RGBA) as
 * PNG file bytes.  `pixels` holds width * height * channels bytes. */
std::string encode_png(int width, int height, int channels, const std::vector<uint8_t> &pixels);

/** Decodes PNG file bytes (any colour type and depth) into 8-bit RGBA pixels, row-major;
 * sets width and height.  Throws std::runtime_error with libpng's reason for bytes that
 * are not a PNG image. */
std::vector<uint8_t> decode_png(const std::string &bytes, int &width, int &height);

}  // namespace loom
