/** \file
 * The CUDA driver (libcuda.so.1), loaded at run time with dlopen: the same Loom binary runs
 * on machines without a GPU and says clearly that the cuda backend cannot run there.
 * Only what the first cut needs: whether a usable device exists, and its architecture
 * (the NVRTC target).  Launching kernels comes with the generated host code.
 */
#pragma once

#include <optional>
#include <string>

namespace loom::runtime {

/** The message of every cuda-backend failure on a machine without the driver. */
inline constexpr const char *k_no_cuda_driver =
    "no CUDA driver (libcuda.so.1) on this machine: the cuda backend cannot run here";

/** Why no CUDA device can be used here (no driver, cuInit failed, no device), or nullopt. */
std::optional<std::string> cuda_unavailable();

/** The NVRTC target: device 0's "sm_XY" when a device is usable, else sm_90. */
std::string cuda_target_arch();

} // namespace loom::runtime
