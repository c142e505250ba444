/** \file
 * The text of runtime/cuda/loom_cuda_rt.h, embedded at build time (cmake/EmbedText.cmake):
 * the CUDA backend pastes it at the top of every generated translation unit, so NVRTC
 * needs no include path into Loom's sources.
 */
#pragma once

#include <string>

namespace loom::cuda {
const std::string &cuda_runtime_text();

/** Where in cuda_runtime_text() the generated code defines the LOOM_WANT_<name> of the
 * runtime's kernels it launches (fills, sorts: each compiled only where wanted): after
 * the line that says so.  The text before is the same for every program. */
inline size_t cuda_runtime_wanted_at() {
    static const size_t at = [] {
        const std::string &rt = cuda_runtime_text();
        size_t line = rt.find("// LOOM_WANT_<name> of the kernels below");
        return line == std::string::npos ? 0 : rt.find('\n', line) + 1;
    }();
    return at;
}
} // namespace loom::cuda

namespace loom::cuda {
/** The text of runtime/cuda/loom_cuda_host_rt.h: the host program's runtime, pasted after
 * the CPU runtime's text (cpu_runtime_text). */
const std::string &cuda_host_runtime_text();
} // namespace loom::cuda

namespace loom::cuda {
/** The text of runtime/cuda/loom_cuda_emu.h: the CUDA emulator, pasted before the device
 * runtime when the CUDA is compiled as host C++ (runtime/cuda/EmuDevice.h). */
const std::string &cuda_emu_text();
} // namespace loom::cuda
