// The CUDA driver through dlopen (see CudaDriver.h): cuInit, the device count and device
// 0's compute capability, looked up once per process.
#include "runtime/cuda/CudaDriver.h"

#include <dlfcn.h>

namespace loom::runtime {

namespace {

struct Device {
    std::string why; ///< empty when usable
    int major = 0, minor = 0;
};

const Device &device() {
    static Device d = [] {
        Device r;
        void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!lib) {
            r.why = k_no_cuda_driver;
            return r;
        }
        using Init = int (*)(unsigned);
        using Count = int (*)(int *);
        using Get = int (*)(int *, int);
        using Attr = int (*)(int *, int, int);
        auto init = reinterpret_cast<Init>(dlsym(lib, "cuInit"));
        auto count = reinterpret_cast<Count>(dlsym(lib, "cuDeviceGetCount"));
        auto get = reinterpret_cast<Get>(dlsym(lib, "cuDeviceGet"));
        auto attr = reinterpret_cast<Attr>(dlsym(lib, "cuDeviceGetAttribute"));
        if (!init || !count || !get || !attr) {
            r.why = "the CUDA driver (libcuda.so.1) lacks an entry point Loom needs";
            return r;
        }
        int n = 0, dev = 0;
        if (int rc = init(0); rc != 0) {
            r.why = "the CUDA driver failed to initialise (cuInit error " + std::to_string(rc) +
                    "): the cuda backend cannot run here";
            return r;
        }
        if (count(&n) != 0 || n == 0 || get(&dev, 0) != 0) {
            r.why = "no CUDA device on this machine: the cuda backend cannot run here";
            return r;
        }
        // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR / _MINOR
        attr(&r.major, 75, dev);
        attr(&r.minor, 76, dev);
        return r;
    }();
    return d;
}

} // namespace

std::optional<std::string> cuda_unavailable() {
    const Device &d = device();
    if (d.why.empty())
        return std::nullopt;
    return d.why;
}

std::string cuda_target_arch() {
    const Device &d = device();
    if (!d.why.empty() || d.major == 0)
        return "sm_90";
    return "sm_" + std::to_string(d.major) + std::to_string(d.minor);
}

} // namespace loom::runtime
