// Compiling the generated CUDA with NVRTC and the host program with the host compiler,
// both through the kernel cache, and calling the host program on a device (see
// CudaBackend.h), with device copies of arrays kept between calls (runtime::ArgCache):
// arguments once uploaded and results' mirrors, while their Values live.
#include "compiler/backend/cpu/CpuBackend.h"
#include "compiler/backend/cuda/CudaBackend.h"
#include "compiler/ir/EntryValues.h"
#include "compiler/ir/IR.h"
#include "core/Files.h"
#include "runtime/KernelCache.h"
#include "runtime/cpu/Foreign.h"
#include "runtime/cpu/SharedObject.h"
#include "runtime/cuda/CubinInfo.h"
#include "runtime/cuda/CudaDriver.h"
#include "runtime/cuda/EmuDevice.h"
#include "runtime/cuda/Nvrtc.h"

#include <algorithm>
#include <chrono>
#include <cstring>
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

/** Builds the host program (under emulation with the emulated kernels' flags: all of it
 * is a test device then) and completes the report: the kernels were `status` (memory |
 * disk | compiled) in `ms`. */
CudaBuild finish(CudaBuild b, compiler::EntryReport report, const std::string &status, double ms,
                 const std::vector<std::shared_ptr<const ForeignFn>> &foreign) {
    cpu::LoadedObject host = runtime::load_with_foreign(
        b.code.host_source, b.code.host_source.size() - b.code.host_shown.size(), foreign,
        runtime::cuda_emulated() ? runtime::emu_compiler_opt() : std::string());
    b.host = host.so;
    report.compile_ms = ms + host.compile_ms;
    for (compiler::KernelReport &k : report.kernels) { // those on the host are its code
        k.cache = k.on_host.empty() ? status : host.status;
        k.compile_ms = k.on_host.empty() ? ms : host.compile_ms;
    }
    b.report = std::move(report);
    return b;
}

/** A cubin in the kernel cache, how it was found (memory | disk | compiled) and NVRTC's
 * time when compiled now. */
struct Cubin {
    std::string path, status, arch;
    double ms = 0;
};

/** The cubin of `code`: from the cache, else compiled by NVRTC and stored.  Throws
 * CompileError when NVRTC is unavailable or fails. */
Cubin cubin_for(const CudaCode &code, const std::string &entry) {
    Cubin c;
    // NVRTC itself is loaded only on a miss (its version comes from a memo on a hit).
    std::optional<std::string> nvrtc =
        runtime::nvrtc_identity(runtime::KernelCache::global().beside("nvrtc.id"));
    if (!nvrtc)
        throw CompileError({}, *runtime::nvrtc_unavailable());
    c.arch = runtime::cuda_target_arch();
    std::string key =
        runtime::KernelCache::key({code.source, runtime::nvrtc_options(), c.arch, *nvrtc});
    {
        std::lock_guard<std::mutex> lock(loaded_mutex);
        auto it = loaded().find(key);
        if (it != loaded().end() && fs::exists(it->second)) {
            runtime::KernelCache::global().note_memory_hit();
            c.path = it->second.string();
            c.status = "memory";
            return c;
        }
    }
    if (auto p = runtime::KernelCache::global().lookup(key, "cubin")) {
        c.path = p->string();
        c.status = "disk";
    } else {
        runtime::NvrtcResult r = runtime::nvrtc_compile(code.source, c.arch, entry + ".cu");
        if (!r.ok)
            throw CompileError({}, "NVRTC failed to compile the generated CUDA of `" + entry +
                                       "`:\n" + r.log);
        c.path = store(key, r.cubin).string();
        c.status = "compiled";
        c.ms = r.ms;
    }
    std::lock_guard<std::mutex> lock(loaded_mutex);
    loaded()[key] = c.path;
    return c;
}

/** What the cubin's functions use. */
std::vector<runtime::KernelUse> read_usage(const std::string &cubin) {
    std::string bytes;
    read_file(cubin, bytes);  // none: no usage to report
    return runtime::cubin_usage(bytes);
}
/** Whether GPU function `fn` is one of kernel `kernel`'s (k0's: k0, k0_final, k0_2, ...),
 * not one of the runtime's (loom_fill_4, ...). */
bool of_kernel(const std::string &fn, const std::string &kernel) {
    return fn == kernel || fn.rfind(kernel + "_", 0) == 0;
}
/** Gives each kernel's report the use of its functions. */
void attach_usage(compiler::EntryReport &report, const std::string &cubin) {
    for (runtime::KernelUse &u : read_usage(cubin))
        for (compiler::KernelReport &k : report.kernels)
            if (of_kernel(u.name, k.name))
                k.functions.push_back(u);
}

} // namespace

CudaBuild compile(compiler::Optimised opt) {
    CudaBuild b;
    auto t0 = std::chrono::steady_clock::now();
    b.code = generate_code(opt.module);
    opt.report.kernels = b.code.found; // those generated: a screma may have become two
    for (compiler::KernelReport &k : opt.report.kernels)
        if (auto h = b.code.on_host.find(k.name); h != b.code.on_host.end())
            k.on_host = h->second;
    opt.report.backend = "cuda";
    opt.report.codegen_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (runtime::cuda_emulated()) {
        cpu::LoadedObject k;
        try {
            std::string pre = runtime::emu_prelude();
            k = cpu::load_object(pre + b.code.source + "\n" + b.code.emu_wrappers,
                                 runtime::emu_shared_size(b.code.source), {}, runtime::emu_compiler_opt());
        } catch (const InternalError &e) { // its message blames the cpu backend
            throw InternalError(std::string("cuda emulator: the generated CUDA does not compile as C++: ") +
                                e.what());
        }
        b.arch = "emu";
        b.emulated = k.so;
        return finish(std::move(b), std::move(opt.report), k.status, k.compile_ms, opt.module.foreign);
    }
    Cubin c = cubin_for(b.code, opt.report.entry);
    b.arch = c.arch;
    b.cubin = c.path;
    attach_usage(opt.report, c.path);
    return finish(std::move(b), std::move(opt.report), c.status, c.ms, opt.module.foreign);
}

std::vector<runtime::KernelUse> kernel_usage(const CudaCode &code, const std::string &entry) {
    std::vector<runtime::KernelUse> out;
    for (runtime::KernelUse &u : read_usage(cubin_for(code, entry).path))
        for (const KernelDesc &k : code.kernels)
            if (of_kernel(u.name, k.name)) {
                out.push_back(u);
                break;
            }
    return out;
}

CudaEntry::CudaEntry(CudaBuild b, const ir::Module &m, std::shared_ptr<runtime::DeviceProgram> dev)
    : dev_(std::move(dev)), signature_(m.functions.at(0)),
      host_(cpu::load_entry(m, b.code.locs, b.host, true)), so_(b.host) {
    signature_.body = {};
    bind_ = (void (*)(const runtime::DevApi *))so_->symbol("loom_cuda_bind");
    report = std::move(b.report);
    ir_text = ir::to_string(m);
    code = b.code.source + "\n// ==== the host program\n" + b.code.host_shown;
}

CudaEntry::~CudaEntry() {
    std::lock_guard<std::mutex> lock(mutex_);
    try {
        dev_->begin_call(); // the device's memory is used by one call at a time
        args_.clear(*dev_);
        dev_->end_call();
    } catch (...) {
    }
}

namespace {

/** Calls f(address, bytes, buffer) for every non-empty primitive array in v (tuples and
 * records flattened), its bytes pending or not. */
template <typename F> void each_array(const Value &v, F &&f) {
    if (v.is_prim_array()) {
        if (v.num_elements() > 0)
            f(v.raw_data(), v.num_elements() * (int64_t)prim_size(v.elem_prim()), v.buffer());
        return;
    }
    if (v.kind() == Value::Kind::Tuple || v.kind() == Value::Kind::Record)
        for (const Value &x : v.elems())
            each_array(x, f);
}

/** Set while this thread runs a call: a pending buffer filled then would wait for the
 * device this thread holds. */
thread_local bool in_call = false;

/** n bytes from offset `from` of pending result bytes at base, into dst, from the device
 * copy the device's arrays keep (none: the bytes were settled meanwhile, by the holder of
 * the device, and are read from base). */
void fetch(const std::shared_ptr<runtime::DeviceProgram> &dev, const uint8_t *base, size_t from,
           size_t n, uint8_t *dst) {
    if (in_call)
        throw InternalError("cuda: a result still on the device was read during a call");
    auto t0 = std::chrono::steady_clock::now();
    dev->begin_call();
    bool fetched = false;
    try {
        fetched = dev->shared_arrays()->fetch(*dev, base, (int64_t)from, (int64_t)n, dst);
    } catch (...) {
        dev->end_call();
        throw;
    }
    dev->end_call();
    if (fetched)
        runtime::note_late_download((int64_t)n, std::chrono::duration<double, std::milli>(
                                                    std::chrono::steady_clock::now() - t0).count());
    if (!fetched && dst != base + from)
        std::memcpy(dst, base + from, n);
}

/** The results' device mirrors the call handed over: each kept with the result Value
 * whose bytes it holds (the host program's block lent to the Value), the others freed.
 * A mirror whose host bytes were not written is downloaded when the host first reads
 * the Value (Bytes::defer) where the device keeps arrays for every entry; else now. */
void adopt_results(runtime::DeviceCall &dc, runtime::ArgCache &c, const Value *v,
                   const std::shared_ptr<runtime::DeviceProgram> &dev) {
    for (const runtime::DeviceCall::Mirror &m : dc.results) {
        bool kept = false;
        if (v)
            each_array(*v, [&](const uint8_t *data, int64_t bytes, const BytesPtr &buf) {
                if (kept || data != m.host || bytes != m.bytes)
                    return;
                kept = true;
                if (!m.host_valid && !dev->shared_arrays())
                    dc.download(buf->raw(), m.dev, m.bytes);
                c.adopt(dc.program, m.host, m.bytes, m.dev, m.dev_bytes, buf);
                if (!m.host_valid && dev->shared_arrays())
                    buf->defer([dev, base = buf->raw()](uint8_t *dst, size_t from, size_t n) {
                        fetch(dev, base, from, n, dst);
                    });
            });
        if (!kept)
            dc.program.free(m.dev, (uint64_t)m.dev_bytes);
    }
    dc.results.clear();
}

/** Marks this thread as running a call while it lives. */
struct InCall {
    InCall() { in_call = true; }
    ~InCall() { in_call = false; }
};

} // namespace

Value CudaEntry::call(const std::vector<Value> &args, const std::atomic<bool> *interrupt) const {
    // Flattened before the call and grouped after it: an argument zipped from a result the
    // device still holds is read to check its elements' sizes (its columns are passed),
    // and grouping reads a sum's tags.
    std::vector<Value> flat = ir::flatten_arguments(signature_, args);
    return ir::regroup_results(signature_, call_flat(flat, interrupt).elems());
}

Value CudaEntry::call_flat(const std::vector<Value> &args,
                           const std::atomic<bool> *interrupt) const {
    std::lock_guard<std::mutex> lock(mutex_); // one call at a time on this entry's device state
    runtime::ArgCache &cache = arrays();
    runtime::DeviceCall dc(*dev_, &cache);
    dev_->begin_call();
    dev_->set_interrupt(interrupt);
    InCall in;
    Value v;
    try {
        for (const Value &a : args)
            each_array(a, [&](const uint8_t *data, int64_t bytes, const BytesPtr &buf) {
                cache.offer(*dev_, data, bytes, buf);
            });
        bind_(dc.api());
        cache.begin_call(*dev_);
        v = host_->call(args, interrupt);
    } catch (...) {
        bind_(nullptr);
        try {
            adopt_results(dc, cache, nullptr, dev_);
            cache.end_call(*dev_);
            dev_->end_call();
        } catch (...) {
        }
        last_ = dc.stats;
        if (dc.error) // a device call failed: its error, not the host program's echo of it
            std::rethrow_exception(dc.error);
        throw;
    }
    bind_(nullptr);
    adopt_results(dc, cache, &v, dev_);
    cache.end_call(*dev_);
    dc.stats.device_ms = dev_->end_call();
    last_ = dc.stats;
    if (dc.error)
        std::rethrow_exception(dc.error); // e.g. a failed free while releasing results
    return v;
}

runtime::TransferStats CudaEntry::last_run() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return last_;
}

size_t CudaEntry::kept_args() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return arrays().size();
}

compiler::CompiledEntry::Transfers CudaEntry::last_transfers() const {
    runtime::TransferStats s = last_run();
    return {s.uploads, s.upload_bytes, s.downloads, s.download_bytes, s.transfer_ms, s.device_ms};
}

std::shared_ptr<compiler::CompiledEntry> build(compiler::Optimised opt) {
    runtime::cuda_prestart(); // the context starts while the code is made
    ir::Module m = opt.module;
    CudaBuild b = compile(std::move(opt));
    std::shared_ptr<runtime::DeviceProgram> dev;
    if (b.emulated) {
        dev = runtime::emu_program(b.emulated);
    } else {
        if (auto why = runtime::cuda_unavailable())
            throw CompileError({}, *why);
        b.report.device_start_ms = runtime::cuda_wait_started();
        dev = runtime::driver_program(b.cubin);
    }
    return std::make_shared<CudaEntry>(std::move(b), m, std::move(dev));
}

} // namespace loom::cuda
