/** \file
 * Animated GIF through giflib: the frames of `:video` (loom literate, and Jupyter).
 */
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace loom {

/** An animated GIF of `frames`, each width * height pixels of `channels` bytes (1 grey, 3
 * RGB), row-major, shown `fps` frames a second (GIF counts delays in hundredths of a
 * second), looping forever or played once.  Grey frames keep their 256 levels exactly,
 * and so do RGB frames of at most 256 colours; a frame of more takes 256 chosen for it
 * (giflib's median cut).  Throws
 * std::runtime_error with giflib's reason. */
std::string encode_gif(int width, int height, int channels, const std::vector<std::vector<uint8_t>> &frames,
                       int fps, bool loop);

}  // namespace loom
