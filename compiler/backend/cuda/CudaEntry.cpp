// Compiling the generated CUDA with NVRTC through the kernel cache (see CudaBackend.h).
#include "compiler/backend/cuda/CudaBackend.h"
#include "compiler/ir/IR.h"
#include "runtime/KernelCache.h"
#include "runtime/cuda/CudaDriver.h"
#include "runtime/cuda/Nvrtc.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>

#include <unistd.h>

namespace loom::cuda {

namespace fs = std::filesystem;

namespace {

/** Cubins compiled or loaded by this process, by cache key (the in-memory level). */
std::map<std::string, fs::path> &loaded() {
    static std::map<std::string, fs::path> m;
    return m;
}
std::mutex loaded_mutex;

/** Stores a fresh cubin in the cache; returns its path there (or a private file when the
 * cache is unusable). */
fs::path store(const std::string &key, const std::string &cubin) {
    fs::path tmp = fs::temp_directory_path() /
                   ("loom-" + key.substr(0, 16) + "-" + std::to_string(::getpid()) + ".cubin");
    {
        std::ofstream f(tmp, std::ios::binary);
        f << cubin;
    }
    fs::path stored = runtime::KernelCache::global().store(key, "cubin", tmp);
    if (stored != tmp) {
        std::error_code ec;
        fs::remove(tmp, ec);
    }
    return stored;
}

} // namespace

CudaBuild compile(compiler::Optimised opt) {
    CudaBuild b;
    auto t0 = std::chrono::steady_clock::now();
    b.code = generate_code(opt.module.functions.at(0));
    opt.report.backend = "cuda";
    opt.report.codegen_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (auto why = runtime::nvrtc_unavailable())
        throw CompileError({}, *why);
    b.arch = runtime::cuda_target_arch();
    std::string key = runtime::KernelCache::key(
        {b.code.source, runtime::nvrtc_options(), b.arch, runtime::nvrtc_version()});
    std::string status;
    double ms = 0;
    {
        std::lock_guard<std::mutex> lock(loaded_mutex);
        auto it = loaded().find(key);
        if (it != loaded().end() && fs::exists(it->second)) {
            runtime::KernelCache::global().note_memory_hit();
            b.cubin = it->second.string();
            status = "memory";
        }
    }
    if (status.empty()) {
        if (auto p = runtime::KernelCache::global().lookup(key, "cubin")) {
            b.cubin = p->string();
            status = "disk";
        } else {
            runtime::NvrtcResult r = runtime::nvrtc_compile(b.code.source, b.arch,
                                                            opt.report.entry + ".cu");
            if (!r.ok)
                throw CompileError({}, "NVRTC failed to compile the generated CUDA of `" +
                                           opt.report.entry + "`:\n" + r.log);
            b.cubin = store(key, r.cubin).string();
            status = "compiled";
            ms = r.ms;
        }
        std::lock_guard<std::mutex> lock(loaded_mutex);
        loaded()[key] = b.cubin;
    }
    opt.report.compile_ms = ms;
    for (compiler::KernelReport &k : opt.report.kernels) {
        k.cache = status;
        k.compile_ms = ms;
    }
    b.report = std::move(opt.report);
    return b;
}

std::shared_ptr<compiler::CompiledEntry> build(compiler::Optimised opt) {
    CudaBuild b = compile(std::move(opt));
    if (auto why = runtime::cuda_unavailable())
        throw CompileError({}, *why);
    throw CompileError({}, "the cuda backend compiled `" + b.report.entry + "` for " + b.arch +
                               " but cannot run it yet: its host side is not generated");
}

} // namespace loom::cuda
