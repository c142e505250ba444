/** \file
 * The text of runtime/cuda/loom_cuda_rt.h, embedded at build time (cmake/EmbedText.cmake):
 * the CUDA backend pastes it at the top of every generated translation unit, so NVRTC
 * needs no include path into Loom's sources.
 */
#pragma once

#include <string>

namespace loom::cuda {
const std::string &cuda_runtime_text();
} // namespace loom::cuda
