/** \file
 * The CUDA driver (libcuda.so.1), loaded at run time with dlopen: the same Loom binary runs
 * on machines without a GPU and says clearly that the cuda backend cannot run there.
 * CudaApi holds the entry points Loom calls, with cuda.h's signatures over opaque handles
 * (no CUDA header is needed to build Loom); CudaDevice.h builds on them.
 */
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace loom::runtime {

/** The message of every cuda-backend failure on a machine without the driver. */
inline constexpr const char *k_no_cuda_driver =
    "no CUDA driver (libcuda.so.1) on this machine: the cuda backend cannot run here";

/** Why no CUDA device can be used here (no driver, cuInit failed, no device), or nullopt
 * (always under $LOOM_CUDA_EMULATE=1: runtime/cuda/EmuDevice.h). */
std::optional<std::string> cuda_unavailable();

/** The NVRTC target: device 0's "sm_XY" when a device is usable, else sm_90. */
std::string cuda_target_arch();

using CuHandle = void *; ///< CUcontext, CUmodule, CUfunction, CUevent, CUstream
using CuDevPtr = uint64_t;

/** The driver entry points (each returns a CUresult, 0 = CUDA_SUCCESS). */
struct CudaApi {
    int (*cuInit)(unsigned);
    int (*cuDeviceGetCount)(int *);
    int (*cuDeviceGet)(int *, int);
    int (*cuDeviceGetAttribute)(int *, int, int);
    int (*cuDevicePrimaryCtxRetain)(CuHandle *, int);
    int (*cuCtxSetCurrent)(CuHandle);
    int (*cuCtxSynchronize)();
    int (*cuCtxSetLimit)(int, size_t);
    int (*cuMemAlloc_v2)(CuDevPtr *, size_t);
    int (*cuMemFree_v2)(CuDevPtr);
    int (*cuMemcpyHtoD_v2)(CuDevPtr, const void *, size_t);
    int (*cuMemcpyDtoH_v2)(void *, CuDevPtr, size_t);
    int (*cuMemcpyDtoD_v2)(CuDevPtr, CuDevPtr, size_t);
    int (*cuMemsetD8_v2)(CuDevPtr, unsigned char, size_t);
    int (*cuMemHostAlloc)(void **, size_t, unsigned);
    int (*cuMemHostGetDevicePointer_v2)(CuDevPtr *, void *, unsigned);
    int (*cuModuleLoadData)(CuHandle *, const void *);
    int (*cuModuleUnload)(CuHandle);
    int (*cuModuleGetFunction)(CuHandle *, CuHandle, const char *);
    int (*cuModuleGetGlobal_v2)(CuDevPtr *, size_t *, CuHandle, const char *);
    int (*cuFuncSetAttribute)(CuHandle, int, int);
    int (*cuLaunchKernel)(CuHandle, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                          unsigned, CuHandle, void **, void **);
    int (*cuOccupancyMaxPotentialBlockSize)(int *, int *, CuHandle, size_t (*)(int), size_t, int);
    int (*cuOccupancyMaxActiveBlocksPerMultiprocessor)(int *, CuHandle, int, size_t);
    int (*cuEventCreate)(CuHandle *, unsigned);
    int (*cuEventRecord)(CuHandle, CuHandle);
    int (*cuEventSynchronize)(CuHandle);
    int (*cuEventElapsedTime)(float *, CuHandle, CuHandle);
    int (*cuEventDestroy_v2)(CuHandle);
    int (*cuGetErrorName)(int, const char **);
    int (*cuGetErrorString)(int, const char **);
};

/** The loaded driver with device 0 usable, or nullptr (see cuda_unavailable). */
const CudaApi *cuda_api();

/** Device 0 (valid when cuda_api() is not null). */
int cuda_device();

/** "CUDA_ERROR_OUT_OF_MEMORY: out of memory" for a driver result. */
std::string cuda_error_text(int rc);

/** Throws RuntimeError "CUDA driver call <call> failed[ for kernel `k`]: <text>" when
 * rc != 0. */
void cuda_check(int rc, const char *call, const std::string &kernel = "");

} // namespace loom::runtime
