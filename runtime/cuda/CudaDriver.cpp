// The CUDA driver through dlopen (see CudaDriver.h): every entry point Loom calls, looked
// up once per process together with cuInit, the device count and device 0.
#include "runtime/cuda/CudaDriver.h"

#include "core/Diagnostic.h"
#include "runtime/cuda/EmuDevice.h"

#include <dlfcn.h>

namespace loom::runtime {

namespace {

struct Driver {
    std::string why; ///< empty when usable
    CudaApi api{};
    int dev = 0, major = 0, minor = 0;
};

template <typename F> bool sym(void *lib, const char *name, F &f) {
    f = reinterpret_cast<F>(dlsym(lib, name));
    return f != nullptr;
}

bool load(void *lib, CudaApi &a) {
    return sym(lib, "cuInit", a.cuInit) && sym(lib, "cuDeviceGetCount", a.cuDeviceGetCount) &&
           sym(lib, "cuDeviceGet", a.cuDeviceGet) &&
           sym(lib, "cuDeviceGetAttribute", a.cuDeviceGetAttribute) &&
           sym(lib, "cuDevicePrimaryCtxRetain", a.cuDevicePrimaryCtxRetain) &&
           sym(lib, "cuCtxSetCurrent", a.cuCtxSetCurrent) &&
           sym(lib, "cuCtxSynchronize", a.cuCtxSynchronize) &&
           sym(lib, "cuCtxSetLimit", a.cuCtxSetLimit) &&
           sym(lib, "cuMemAlloc_v2", a.cuMemAlloc_v2) && sym(lib, "cuMemFree_v2", a.cuMemFree_v2) &&
           sym(lib, "cuMemcpyHtoD_v2", a.cuMemcpyHtoD_v2) &&
           sym(lib, "cuMemcpyDtoH_v2", a.cuMemcpyDtoH_v2) &&
           sym(lib, "cuMemcpyDtoD_v2", a.cuMemcpyDtoD_v2) &&
           sym(lib, "cuMemsetD8_v2", a.cuMemsetD8_v2) &&
           sym(lib, "cuMemHostAlloc", a.cuMemHostAlloc) &&
           sym(lib, "cuMemHostGetDevicePointer_v2", a.cuMemHostGetDevicePointer_v2) &&
           sym(lib, "cuModuleLoadData", a.cuModuleLoadData) &&
           sym(lib, "cuModuleUnload", a.cuModuleUnload) &&
           sym(lib, "cuModuleGetFunction", a.cuModuleGetFunction) &&
           sym(lib, "cuModuleGetGlobal_v2", a.cuModuleGetGlobal_v2) &&
           sym(lib, "cuFuncSetAttribute", a.cuFuncSetAttribute) &&
           sym(lib, "cuLaunchKernel", a.cuLaunchKernel) &&
           sym(lib, "cuOccupancyMaxPotentialBlockSize", a.cuOccupancyMaxPotentialBlockSize) &&
           sym(lib, "cuOccupancyMaxActiveBlocksPerMultiprocessor",
               a.cuOccupancyMaxActiveBlocksPerMultiprocessor) &&
           sym(lib, "cuEventCreate", a.cuEventCreate) && sym(lib, "cuEventRecord", a.cuEventRecord) &&
           sym(lib, "cuEventSynchronize", a.cuEventSynchronize) &&
           sym(lib, "cuEventElapsedTime", a.cuEventElapsedTime) &&
           sym(lib, "cuEventDestroy_v2", a.cuEventDestroy_v2) &&
           sym(lib, "cuGetErrorName", a.cuGetErrorName) &&
           sym(lib, "cuGetErrorString", a.cuGetErrorString);
}

std::string error_text(const CudaApi *a, int rc) {
    const char *name = nullptr, *text = nullptr;
    if (a) {
        a->cuGetErrorName(rc, &name);
        a->cuGetErrorString(rc, &text);
    }
    std::string r = name ? name : "CUDA error " + std::to_string(rc);
    return text ? r + ": " + text : r;
}

const Driver &driver() {
    static Driver d = [] {
        Driver r;
        void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!lib) {
            r.why = k_no_cuda_driver;
            return r;
        }
        if (!load(lib, r.api)) {
            r.why = "the CUDA driver (libcuda.so.1) lacks an entry point Loom needs";
            return r;
        }
        int n = 0;
        if (int rc = r.api.cuInit(0); rc != 0) {
            r.why = "the CUDA driver failed to initialise (cuInit: " + error_text(&r.api, rc) +
                    "): the cuda backend cannot run here";
            return r;
        }
        if (r.api.cuDeviceGetCount(&n) != 0 || n == 0 || r.api.cuDeviceGet(&r.dev, 0) != 0) {
            r.why = "no CUDA device on this machine: the cuda backend cannot run here";
            return r;
        }
        // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR / _MINOR
        r.api.cuDeviceGetAttribute(&r.major, 75, r.dev);
        r.api.cuDeviceGetAttribute(&r.minor, 76, r.dev);
        return r;
    }();
    return d;
}

} // namespace

std::optional<std::string> cuda_unavailable() {
    if (cuda_emulated())
        return std::nullopt; // the cuda backend runs on the emulated device
    const Driver &d = driver();
    if (d.why.empty())
        return std::nullopt;
    return d.why;
}

std::string cuda_target_arch() {
    const Driver &d = driver();
    if (!d.why.empty() || d.major == 0)
        return "sm_90";
    return "sm_" + std::to_string(d.major) + std::to_string(d.minor);
}

const CudaApi *cuda_api() {
    const Driver &d = driver();
    return d.why.empty() ? &d.api : nullptr;
}

int cuda_device() { return driver().dev; }

std::string cuda_error_text(int rc) { return error_text(cuda_api(), rc); }

void cuda_check(int rc, const char *call, const std::string &kernel) {
    if (rc == 0)
        return;
    throw RuntimeError({}, std::string("CUDA driver call ") + call + " failed" +
                               (kernel.empty() ? "" : " for kernel `" + kernel + "`") + ": " +
                               cuda_error_text(rc));
}

} // namespace loom::runtime
