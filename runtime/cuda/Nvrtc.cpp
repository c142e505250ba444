// NVRTC through dlopen (see Nvrtc.h): the handful of entry points Loom calls, declared
// here with their C signatures so no CUDA header is needed to build Loom.
#include "runtime/cuda/Nvrtc.h"

#include "runtime/KernelCache.h"

#include <chrono>
#include <cstdlib>
#include <mutex>
#include <vector>

#include <dlfcn.h>
#include <link.h>

namespace loom::runtime {

namespace {

using Prog = void *;
struct Api {
    void *lib = nullptr;
    std::string why; ///< set when unusable
    int (*version)(int *, int *) = nullptr;
    int (*create)(Prog *, const char *, const char *, int, const char *const *,
                  const char *const *) = nullptr;
    int (*compile)(Prog, int, const char *const *) = nullptr;
    int (*log_size)(Prog, size_t *) = nullptr;
    int (*log)(Prog, char *) = nullptr;
    int (*cubin_size)(Prog, size_t *) = nullptr;
    int (*cubin)(Prog, char *) = nullptr;
    int (*destroy)(Prog *) = nullptr;
    const char *(*error_string)(int) = nullptr;
    std::string version_text;
    int major = 0, minor = 0;
    std::string path; ///< the file loaded
};

template <typename F> bool sym(void *lib, const char *name, F &f) {
    f = reinterpret_cast<F>(dlsym(lib, name));
    return f != nullptr;
}

const Api &api() {
    static Api a = [] {
        Api r;
        std::vector<std::string> names;
        if (const char *e = std::getenv("LOOM_NVRTC"))
            names.push_back(e);
        for (const char *n : {"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12",
                              "/usr/local/cuda/lib64/libnvrtc.so"})
            names.push_back(n);
        for (const std::string &n : names)
            if ((r.lib = dlopen(n.c_str(), RTLD_NOW | RTLD_LOCAL)))
                break;
        if (!r.lib) {
            r.why = "NVRTC (libnvrtc.so) not found: install the CUDA toolkit or set LOOM_NVRTC";
            return r;
        }
        bool ok = sym(r.lib, "nvrtcVersion", r.version) &&
                  sym(r.lib, "nvrtcCreateProgram", r.create) &&
                  sym(r.lib, "nvrtcCompileProgram", r.compile) &&
                  sym(r.lib, "nvrtcGetProgramLogSize", r.log_size) &&
                  sym(r.lib, "nvrtcGetProgramLog", r.log) &&
                  sym(r.lib, "nvrtcGetCUBINSize", r.cubin_size) &&
                  sym(r.lib, "nvrtcGetCUBIN", r.cubin) &&
                  sym(r.lib, "nvrtcDestroyProgram", r.destroy) &&
                  sym(r.lib, "nvrtcGetErrorString", r.error_string);
        if (!ok) {
            r.why = "the NVRTC library found lacks an entry point Loom needs";
            return r;
        }
        r.version(&r.major, &r.minor);
        r.version_text = "nvrtc " + std::to_string(r.major) + "." + std::to_string(r.minor);
        struct link_map *lm = nullptr;
        if (dlinfo(r.lib, RTLD_DI_LINKMAP, &lm) == 0 && lm && lm->l_name)
            r.path = lm->l_name;
        return r;
    }();
    return a;
}

} // namespace

std::optional<std::string> nvrtc_unavailable() {
    const Api &a = api();
    if (a.why.empty())
        return std::nullopt;
    return a.why;
}

const std::string &nvrtc_version() { return api().version_text; }

std::pair<int, int> nvrtc_version_numbers() { return {api().major, api().minor}; }

std::optional<std::string> nvrtc_identity(const std::filesystem::path &memo) {
    const char *e = std::getenv("LOOM_NVRTC");
    return remembered_version(memo, e ? e : "", []() -> std::optional<std::pair<std::string, std::string>> {
        const Api &a = api();
        if (!a.why.empty())
            return std::nullopt;
        return std::make_pair(a.path, a.version_text);
    });
}

/** Fixed options: C++17, functions default to __device__, line info for profilers, and no
 * multiply-add contraction (--fmad=false; the CPU backend's -ffp-contract=off): each
 * operation rounds as the interpreter's does.  Contracted, `a * b - c * d` with equal
 * products gives the first one's rounding error instead of 0, and quickhull's
 * cross products of a point with itself came out negative, so it never ended on an H200.
 * No --use_fast_math either. */
const char *const k_options[] = {"--std=c++17", "-default-device", "-lineinfo", "--fmad=false"};

std::string nvrtc_options() {
    std::string s;
    for (const char *o : k_options)
        s += std::string(s.empty() ? "" : " ") + o;
    return s;
}

NvrtcResult nvrtc_compile(const std::string &source, const std::string &arch,
                          const std::string &name, const std::vector<std::string> &extra) {
    NvrtcResult r;
    const Api &a = api();
    if (!a.why.empty()) {
        r.log = a.why;
        return r;
    }
    auto t0 = std::chrono::steady_clock::now();
    Prog p = nullptr;
    // The C headers a foreign function's file may include (core/Foreign.h): NVRTC has no
    // system headers, but its maths functions are built in and the runtime text defines
    // the fixed-width integers.
    static const char *const header_text[] = {"", "", "", "#ifndef NULL\n#define NULL 0\n#endif\n"};
    static const char *const header_names[] = {"math.h", "stdint.h", "stdbool.h", "stddef.h"};
    int rc = a.create(&p, source.c_str(), name.c_str(), 4, header_text, header_names);
    if (rc != 0) {
        r.log = std::string("nvrtcCreateProgram: ") + a.error_string(rc);
        return r;
    }
    std::string arch_opt = "--gpu-architecture=" + arch;
    std::vector<const char *> opts{arch_opt.c_str()};
    for (const char *o : k_options)
        opts.push_back(o);
    for (const std::string &o : extra)
        opts.push_back(o.c_str());
    rc = a.compile(p, (int)opts.size(), opts.data());
    size_t n = 0;
    if (a.log_size(p, &n) == 0 && n > 1) {
        r.log.resize(n);
        a.log(p, r.log.data());
        r.log.resize(n - 1);
    }
    if (rc == 0 && a.cubin_size(p, &n) == 0) {
        r.cubin.resize(n);
        r.ok = a.cubin(p, r.cubin.data()) == 0;
    } else if (r.log.empty()) {
        r.log = std::string("nvrtcCompileProgram: ") + a.error_string(rc);
    }
    a.destroy(&p);
    r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

} // namespace loom::runtime
