/** \file
 * NVRTC, loaded at run time with dlopen (no link-time dependency on the CUDA toolkit):
 * compiles a CUDA C++ translation unit to a cubin for one GPU architecture.  Tried, in
 * order: $LOOM_NVRTC, libnvrtc.so, libnvrtc.so.13, libnvrtc.so.12,
 * /usr/local/cuda/lib64/libnvrtc.so.  NVRTC works without a GPU, so the CUDA backend's
 * generated code is compile-checked everywhere the toolkit is installed.
 */
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace loom::runtime {

/** Why NVRTC cannot be used here, or nullopt when it loaded. */
std::optional<std::string> nvrtc_unavailable();

/** "nvrtc 13.0" (part of cache keys); empty when NVRTC is unavailable. */
const std::string &nvrtc_version();

/** nvrtc_version() for a cache lookup, through runtime::remembered_version (KernelCache.h)
 * with the memo file `memo`: NVRTC is loaded (5 ms warm, 130 ms cold on a GPU machine)
 * only when the memo does not hold for the library file it names and $LOOM_NVRTC.
 * nullopt when NVRTC is unavailable.  A newer NVRTC installed as another file earlier in
 * the search keeps the recorded version until a cache miss loads the library again. */
std::optional<std::string> nvrtc_identity(const std::filesystem::path &memo);

struct NvrtcResult {
    bool ok = false;
    std::string cubin; ///< the binary, when ok
    std::string log;   ///< the compiler's messages (errors when !ok)
    double ms = 0;
};

/** Compiles `source` for `arch` ("sm_90") with Loom's fixed options (nvrtc_options),
 * then `extra` (tests only: the cache keys hold the fixed options alone).  Never throws:
 * a missing NVRTC is reported in the log. */
NvrtcResult nvrtc_compile(const std::string &source, const std::string &arch,
                          const std::string &name = "loom.cu",
                          const std::vector<std::string> &extra = {});

/** NVRTC's (major, minor) version; (0, 0) when it is unavailable. */
std::pair<int, int> nvrtc_version_numbers();

/** The options every compile uses (after --gpu-architecture), as one string for keys. */
std::string nvrtc_options();

} // namespace loom::runtime
