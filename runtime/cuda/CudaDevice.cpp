// The host program's device (see CudaDevice.h): the DevApi trampolines, and the CUDA
// driver's implementation with its pool, cached occupancy and events.
#include "runtime/cuda/CudaDevice.h"

#include "core/Diagnostic.h"
#include "core/Files.h"
#include "runtime/cuda/CudaDriver.h"
#include "runtime/cuda/DevicePool.h"
#include "runtime/cuda/EmuDevice.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <future>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

namespace loom::runtime {

int64_t launch_blocks(int64_t w, int64_t block, int64_t threads) {
    if (block < 1)
        block = 1;
    int64_t need = (w + block - 1) / block, full = threads / block;
    if (full < 1)
        full = 1;
    int64_t g = need < full ? need : full;
    return g < 1 ? 1 : g;
}

namespace {

DeviceCall &call_of(void *self) { return *static_cast<DeviceCall *>(self); }

/** Runs f, turning an exception into a kept error and the result 1. */
template <typename F> int guarded(void *self, F &&f) {
    DeviceCall &c = call_of(self);
    try {
        f(c);
        return 0;
    } catch (...) {
        if (!c.error)
            c.error = std::current_exception();
        return 1;
    }
}

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace

void DeviceCall::upload(uint64_t dst, const void *src, int64_t bytes) {
    auto t0 = std::chrono::steady_clock::now();
    program.upload(dst, src, (uint64_t)bytes);
    stats.transfer_ms += ms_since(t0);
    stats.uploads++;
    stats.upload_bytes += bytes;
}

void DeviceCall::download(void *dst, uint64_t src, int64_t bytes) {
    auto t0 = std::chrono::steady_clock::now();
    program.download(dst, src, (uint64_t)bytes);
    stats.transfer_ms += ms_since(t0);
    stats.downloads++;
    stats.download_bytes += bytes;
}

DeviceCall::DeviceCall(DeviceProgram &p, ArgCache *a) : program(p), args(a) {
    api_.self = this;
    api_.alloc = [](void *self, int64_t bytes, uint64_t *ptr) {
        return guarded(self, [&](DeviceCall &c) { *ptr = c.program.alloc((uint64_t)bytes); });
    };
    api_.free = [](void *self, uint64_t ptr, int64_t bytes) {
        guarded(self, [&](DeviceCall &c) { c.program.free(ptr, (uint64_t)bytes); });
    };
    api_.upload = [](void *self, uint64_t dst, const void *src, int64_t bytes) {
        return guarded(self, [&](DeviceCall &c) { c.upload(dst, src, bytes); });
    };
    api_.download = [](void *self, void *dst, uint64_t src, int64_t bytes) {
        return guarded(self, [&](DeviceCall &c) { c.download(dst, src, bytes); });
    };
    api_.copy = [](void *self, uint64_t dst, uint64_t src, int64_t bytes) {
        return guarded(self, [&](DeviceCall &c) {
            c.program.copy(dst, src, (uint64_t)bytes);
            c.stats.device_copies++;
        });
    };
    api_.grid = [](void *self, const char *fn, int64_t w, int32_t want, int64_t *grid,
                   int32_t *block) {
        return guarded(self, [&](DeviceCall &c) {
            int b = 0;
            int64_t threads = 0;
            c.program.occupancy(fn, want, &b, &threads);
            *block = b;
            *grid = launch_blocks(w, b, threads);
        });
    };
    api_.launch = [](void *self, const char *fn, int64_t grid, int32_t block, void **args) {
        return guarded(self, [&](DeviceCall &c) {
            c.program.launch(fn, grid, block, args);
            c.stats.launches++;
        });
    };
    api_.read_err = [](void *self, DevErr *err) {
        return guarded(self, [&](DeviceCall &c) { c.program.read_err(err); });
    };
    api_.zero = [](void *self, uint64_t dst, int64_t bytes) {
        return guarded(self, [&](DeviceCall &c) { c.program.zero(dst, (uint64_t)bytes); });
    };
    api_.keep = [](void *self, const void *host, int64_t bytes, uint64_t dev, int64_t dev_bytes,
                   int32_t host_valid) {
        guarded(self, [&](DeviceCall &c) {
            try {
                c.results.push_back({host, bytes, dev, dev_bytes, host_valid != 0});
            } catch (...) {
                c.program.free(dev, (uint64_t)dev_bytes);
                throw;
            }
        });
    };
    api_.arg = [](void *self, const void *host, int64_t bytes, uint64_t *ptr) {
        return guarded(self, [&](DeviceCall &c) {
            *ptr = c.args ? c.args->get(c, host, bytes) : 0;
        });
    };
    api_.pending = [](void *self, const void *host, int64_t bytes, uint64_t *ptr) {
        return guarded(self, [&](DeviceCall &c) {
            *ptr = c.args ? c.args->pending(host, bytes) : 0;
        });
    };
}

namespace {
/** Whether [host, host + bytes) is the whole of buffer b. */
bool whole(const Bytes &b, const void *host, int64_t bytes) {
    return host == b.raw() && (size_t)bytes == b.size();
}
} // namespace

void ArgCache::offer(DeviceProgram &p, const void *host, int64_t bytes, BytesPtr keep) {
    if (!host || bytes <= 0)
        return;
    if (keep->pending() && !whole(*keep, host, bytes))
        for (const Copy &k : kept_)
            if (k.keep == keep)
                settle(p, k);
    offered_.push_back({host, bytes, std::move(keep), 0, 0, false});
}

void ArgCache::settle(DeviceProgram &p, const Copy &k) {
    if (k.keep->pending() && whole(*k.keep, k.host, k.bytes)) {
        p.download(k.keep->raw(), k.dev, (uint64_t)k.bytes);
        k.keep->settled();
    }
}

bool ArgCache::fetch(DeviceProgram &p, const void *base, int64_t from, int64_t n, void *dst) {
    for (const Copy &k : kept_)
        if (k.host == base && whole(*k.keep, k.host, k.bytes) && from >= 0 && from + n <= k.bytes) {
            p.download(dst, k.dev + (uint64_t)from, (uint64_t)n);
            return true;
        }
    return false;
}

uint64_t ArgCache::pending(const void *host, int64_t bytes) {
    for (const Copy &o : offered_)
        if (o.host == host && o.bytes == bytes && o.keep->pending())
            for (Copy &k : kept_)
                if (k.host == host && k.bytes == bytes) {
                    k.used = true;
                    return k.dev;
                }
    return 0;
}

uint64_t ArgCache::get(DeviceCall &c, const void *host, int64_t bytes) {
    auto same = [&](const Copy &x) { return x.host == host && x.bytes == bytes; };
    for (Copy &k : kept_)
        if (same(k)) {
            k.used = true;
            return k.dev;
        }
    for (const Copy &o : offered_)
        if (same(o)) {
            Copy k = o;
            k.dev = c.program.alloc((uint64_t)bytes);
            k.dev_bytes = bytes;
            try {
                c.upload(k.dev, host, bytes);
            } catch (...) {
                c.program.free(k.dev, (uint64_t)bytes);
                throw;
            }
            k.used = true;
            kept_.push_back(std::move(k));
            return kept_.back().dev;
        }
    return 0;
}

void ArgCache::adopt(DeviceProgram &p, const void *host, int64_t bytes, uint64_t dev,
                     int64_t dev_bytes, BytesPtr keep) {
    for (const Copy &k : kept_)
        if (k.host == host && k.bytes == bytes) { // already kept (not expected): one copy
            p.free(dev, (uint64_t)dev_bytes);
            return;
        }
    kept_.push_back({host, bytes, std::move(keep), dev, dev_bytes, false});
}

template <typename Gone> size_t ArgCache::free_if(DeviceProgram &p, Gone gone) {
    std::vector<char> go(kept_.size());
    for (size_t i = 0; i < kept_.size(); i++)
        go[i] = gone(kept_[i]);
    for (size_t i = 0; i < kept_.size(); i++) // first, as a download may fail
        if (go[i] && held(kept_[i]))
            settle(p, kept_[i]);
    std::vector<Copy> still;
    for (size_t i = 0; i < kept_.size(); i++) {
        if (go[i])
            p.free(kept_[i].dev, (uint64_t)kept_[i].dev_bytes);
        else
            still.push_back(std::move(kept_[i]));
    }
    size_t freed = kept_.size() - still.size();
    kept_ = std::move(still);
    return freed;
}

void ArgCache::sweep(DeviceProgram &p, bool end) {
    // Shared: only the cache holds these bytes.
    free_if(p, [&](const Copy &k) { return shared_ ? !held(k) : end && !k.used; });
    if (end)
        for (Copy &k : kept_)
            k.used = false;
}

bool ArgCache::held(const Copy &k) const {
    // Beside the cache's own references: several copies (parts of one buffer) or offers.
    long own = 0;
    for (const std::vector<Copy> *v : {&kept_, &offered_})
        for (const Copy &x : *v)
            own += x.keep == k.keep;
    return k.keep.use_count() > own;
}

void ArgCache::begin_call(DeviceProgram &p) { sweep(p, false); }

void ArgCache::end_call(DeviceProgram &p) {
    offered_.clear();
    sweep(p, true);
}

bool ArgCache::reclaim(DeviceProgram &p) {
    return free_if(p, [](const Copy &k) { return !k.used; }) > 0;
}

void ArgCache::clear(DeviceProgram &p) {
    free_if(p, [](const Copy &) { return true; });
    offered_.clear();
}

KeptArrays ArgCache::live() const {
    KeptArrays a;
    for (const Copy &k : kept_)
        if (held(k)) {
            a.count++;
            a.bytes += k.bytes;
        }
    return a;
}

namespace {

class DriverContext;
/** The context once made (kept_arrays looks without making it). */
std::atomic<DriverContext *> driver_context{nullptr};

/** The process's context and memory pool (device 0's primary context). */
class DriverContext : public DeviceAllocator {
public:
    static DriverContext &get() {
        static std::once_flag once;
        static DriverContext *ctx = nullptr;
        std::call_once(once, [] {
            ctx = new DriverContext; // never destroyed: entries may outlive main
            driver_context = ctx;
            // ...but its device memory goes back at the end (leak checkers look).
            std::atexit([] {
                std::unique_lock<std::mutex> lock(ctx->mutex, std::try_to_lock);
                if (lock.owns_lock() && ctx->cu.cuCtxSetCurrent(ctx->ctx) == 0)
                    ctx->pool.release_all();
            });
        });
        return *ctx;
    }
    const CudaApi &cu;
    CuHandle ctx = nullptr;
    int sms = 1;
    DevicePool pool{*this};
    ArgCache arrays{true}; ///< arrays kept on the device for every entry
    std::mutex mutex; ///< one call on the device at a time

    void make_current() const { cuda_check(cu.cuCtxSetCurrent(ctx), "cuCtxSetCurrent"); }

    // Note [Stopping a kernel]: a GPU runs a kernel to its end, and the host thread waits
    // for it inside the driver, so Ctrl-C (the call's interrupt flag) alone would stop a
    // call only between kernels: a kernel that loops without end would hold the REPL for
    // good.  Kernels' loops poll instead (LOOM_POLL, every 1024 iterations) a flag in
    // pinned host memory mapped into the device (the module's `loom_halt` points at it),
    // and a thread that finds it set records E_INTERRUPT and exits.  While a call runs, a
    // watcher thread copies the call's interrupt flag into it (every 5 ms); the call's
    // end clears it.  The host program reads the record after a polling kernel, at the
    // call's end and before it reads device memory (lrt::polled), and the call ends as
    // interrupted.  Without the mapped flag (a driver that refuses it), kernels never
    // find it set.
    volatile bool *halt_host = nullptr;
    CuDevPtr halt_dev = 0;

    /** The flag the watcher copies into halt_host until the next watch (null: none,
     * and halt_host is cleared). */
    void watch(const std::atomic<bool> *flag) {
        if (!halt_host)
            return;
        std::lock_guard<std::mutex> lock(watch_mutex);
        watched = flag;
        *halt_host = false;
        if (flag && !watcher) {
            watcher = true;
            std::thread([this] { watch_loop(); }).detach();
        }
        watch_cv.notify_all();
    }

    Status alloc(uint64_t bytes, uint64_t *ptr, std::string *why) override {
        int rc = cu.cuMemAlloc_v2(ptr, bytes);
        if (rc == 0)
            return Status::Ok;
        if (rc == 2) // CUDA_ERROR_OUT_OF_MEMORY
            return Status::OutOfMemory;
        *why = "cuMemAlloc_v2: " + cuda_error_text(rc);
        return Status::Failed;
    }
    void free(uint64_t ptr) override { cu.cuMemFree_v2(ptr); }

private:
    std::mutex watch_mutex;
    std::condition_variable watch_cv;
    const std::atomic<bool> *watched = nullptr;
    bool watcher = false; ///< its thread started (it runs until the process ends)

    void watch_loop() {
        std::unique_lock<std::mutex> lock(watch_mutex);
        for (;;) {
            watch_cv.wait(lock, [this] { return watched != nullptr; });
            if (watched->load())
                *halt_host = true;
            watch_cv.wait_for(lock, std::chrono::milliseconds(5));
        }
    }

    DriverContext() : cu(api()) {
        int dev = cuda_device();
        cuda_check(cu.cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
        make_current();
        // Note [Stopping a kernel]: portable (every context), mapped into the device.
        void *halt = nullptr;
        if (cu.cuMemHostAlloc(&halt, 64, 0x01 | 0x02) == 0 &&
            cu.cuMemHostGetDevicePointer_v2(&halt_dev, halt, 0) == 0) {
            halt_host = static_cast<volatile bool *>(halt);
            *halt_host = false;
        }
        cu.cuDeviceGetAttribute(&sms, 16, dev); // CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT
        // Kernels allocate per-thread arrays on the device heap (8 MiB by default); a
        // device that cannot spare 1 GiB keeps its default.
        cu.cuCtxSetLimit(0x02, (size_t)1 << 30); // CU_LIMIT_MALLOC_HEAP_SIZE
    }
    static const CudaApi &api() {
        const CudaApi *a = cuda_api();
        if (!a)
            throw RuntimeError({}, *cuda_unavailable());
        return *a;
    }
};

class DriverProgram : public DeviceProgram {
public:
    explicit DriverProgram(const std::string &cubin_path) : c_(DriverContext::get()), cu_(c_.cu) {
        std::string image;
        if (!read_file(cubin_path, image) || image.empty())
            throw RuntimeError({}, "cuda: cannot read the compiled kernels " + cubin_path);
        std::lock_guard<std::mutex> lock(c_.mutex);
        c_.make_current();
        cuda_check(cu_.cuModuleLoadData(&module_, image.data()), "cuModuleLoadData");
        // The cubin's names (its ELF string table), so that only the kernels that have a
        // `loom_dsmem_<fn>` are asked for it: a lookup of one that is not there is an
        // error compute-sanitizer's memcheck reports.  An image whose names cannot be
        // read so (not even `loom_err`) is asked for every kernel's.
        if (image.find(std::string("\0loom_err\0", 10)) != std::string::npos)
            image_ = std::move(image);
        size_t bytes = 0;
        cuda_check(cu_.cuModuleGetGlobal_v2(&err_, &bytes, module_, "loom_err"),
                   "cuModuleGetGlobal_v2(loom_err)");
        // Its loops' stop flag (Note [Stopping a kernel]), where it has loops that poll.
        CuDevPtr halt = 0;
        if (c_.halt_dev && (image_.empty() || image_.find(std::string("\0loom_halt\0", 11)) != std::string::npos) &&
            cu_.cuModuleGetGlobal_v2(&halt, &bytes, module_, "loom_halt") == 0 && bytes == sizeof c_.halt_dev)
            cuda_check(cu_.cuMemcpyHtoD_v2(halt, &c_.halt_dev, sizeof c_.halt_dev), "cuMemcpyHtoD_v2(loom_halt)");
        cuda_check(cu_.cuEventCreate(&start_, 0), "cuEventCreate");
        cuda_check(cu_.cuEventCreate(&stop_, 0), "cuEventCreate");
    }
    ~DriverProgram() override {
        std::lock_guard<std::mutex> lock(c_.mutex);
        cu_.cuCtxSetCurrent(c_.ctx);
        cu_.cuEventDestroy_v2(start_);
        cu_.cuEventDestroy_v2(stop_);
        cu_.cuModuleUnload(module_);
    }

    uint64_t alloc(uint64_t bytes) override {
        try {
            return c_.pool.alloc(bytes);
        } catch (const RuntimeError &) { // out of memory: the kept arrays not in use go first
            if (!c_.arrays.reclaim(*this))
                throw;
            return c_.pool.alloc(bytes);
        }
    }
    ArgCache *shared_arrays() override { return &c_.arrays; }
    void set_interrupt(const std::atomic<bool> *flag) override { c_.watch(flag); }
    void free(uint64_t ptr, uint64_t bytes) override { c_.pool.free(ptr, bytes); }
    void upload(uint64_t dst, const void *src, uint64_t bytes) override {
        cuda_check(cu_.cuMemcpyHtoD_v2(dst, src, bytes), "cuMemcpyHtoD_v2");
    }
    void download(void *dst, uint64_t src, uint64_t bytes) override {
        cuda_check(cu_.cuMemcpyDtoH_v2(dst, src, bytes), "cuMemcpyDtoH_v2");
    }
    void copy(uint64_t dst, uint64_t src, uint64_t bytes) override {
        cuda_check(cu_.cuMemcpyDtoD_v2(dst, src, bytes), "cuMemcpyDtoD_v2");
    }
    void zero(uint64_t dst, uint64_t bytes) override {
        cuda_check(cu_.cuMemsetD8_v2(dst, 0, bytes), "cuMemsetD8_v2");
    }
    void occupancy(const char *fn, int want, int *block, int64_t *threads) override {
        auto it = occ_.find({fn, want});
        if (it == occ_.end()) {
            const Kernel &k = kernel(fn);
            int min_grid = 0, b = 0;
            if (want > 0) {
                int per_sm = 0;
                cuda_check(cu_.cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k.f, want,
                                                                           k.dynamic_shared),
                           "cuOccupancyMaxActiveBlocksPerMultiprocessor", fn);
                b = want;
                min_grid = (per_sm > 0 ? per_sm : 1) * c_.sms;
            } else {
                cuda_check(cu_.cuOccupancyMaxPotentialBlockSize(&min_grid, &b, k.f, nullptr,
                                                                k.dynamic_shared, 1024),
                           "cuOccupancyMaxPotentialBlockSize", fn);
            }
            it = occ_.emplace(std::make_pair(std::string(fn), want),
                              std::make_pair(b, (int64_t)min_grid * b)).first;
        }
        *block = it->second.first;
        *threads = it->second.second;
    }
    void launch(const char *fn, int64_t grid, int block, void **args) override {
        const Kernel &k = kernel(fn); // loaded (first launch) before the call's timing starts
        if (grid > 0x7fffffff)
            grid = 0x7fffffff;
        if (!launched_)
            cuda_check(cu_.cuEventRecord(start_, nullptr), "cuEventRecord");
        launched_ = true;
        cuda_check(cu_.cuLaunchKernel(k.f, (unsigned)grid, 1, 1, (unsigned)block, 1, 1,
                                      k.dynamic_shared, nullptr, args, nullptr),
                   "cuLaunchKernel", fn);
        cuda_check(cu_.cuEventRecord(stop_, nullptr), "cuEventRecord");
    }
    void read_err(DevErr *err) override {
        cuda_check(cu_.cuMemcpyDtoH_v2(&err->set, err_, sizeof err->set),
                   "cuMemcpyDtoH_v2(loom_err)");
        if (!err->set)
            return;
        cuda_check(cu_.cuMemcpyDtoH_v2(err, err_, sizeof *err), "cuMemcpyDtoH_v2(loom_err)");
        cuda_check(cu_.cuMemsetD8_v2(err_, 0, sizeof *err), "cuMemsetD8_v2(loom_err)");
    }
    void begin_call() override {
        lock_ = std::unique_lock<std::mutex>(c_.mutex);
        c_.make_current();
        launched_ = false;
    }
    /** The device time from the start of the call's first kernel to the end of its last
     * (what the GPU computed, with any transfers between kernels; not the uploads before
     * nor the download of the results after: they are counted as transfers). */
    double end_call() override {
        float ms = 0;
        int rc = 0;
        if (launched_)
            rc = cu_.cuEventSynchronize(stop_);
        if (launched_ && rc == 0)
            rc = cu_.cuEventElapsedTime(&ms, start_, stop_);
        c_.watch(nullptr); // its kernels are done (Note [Stopping a kernel])
        lock_ = {};
        cuda_check(rc, "cuEventSynchronize/cuEventElapsedTime");
        return ms;
    }

private:
    DriverContext &c_;
    const CudaApi &cu_;
    CuHandle module_ = nullptr, start_ = nullptr, stop_ = nullptr;
    CuDevPtr err_ = 0;
    std::string image_; ///< the cubin, where its names can be read (else empty)
    /** A loaded kernel and the dynamic shared memory each launch gives it. */
    struct Kernel {
        CuHandle f = nullptr;
        unsigned dynamic_shared = 0;
    };
    std::map<std::string, Kernel> fns_;
    std::map<std::pair<std::string, int>, std::pair<int, int64_t>> occ_;
    std::unique_lock<std::mutex> lock_;
    bool launched_ = false; ///< this call launched a kernel (start_ is recorded)

    /** Kernel fn, loaded once, with its dynamic shared memory set up. */
    const Kernel &kernel(const char *fn) {
        auto it = fns_.find(fn);
        if (it != fns_.end())
            return it->second;
        CuHandle f = nullptr;
        cuda_check(cu_.cuModuleGetFunction(&f, module_, fn), "cuModuleGetFunction", fn);
        // A kernel staging more than static shared memory holds says how much it takes
        // in `loom_dsmem_<fn>` (CodegenCuda.cpp, scan_kernel); past 48 KiB the function
        // must be allowed it first.
        CuDevPtr at = 0;
        size_t bytes = 0;
        int32_t dyn = 0;
        const std::string global = "loom_dsmem_" + std::string(fn);
        bool named = image_.empty() || image_.find('\0' + global + '\0') != std::string::npos;
        if (named && cu_.cuModuleGetGlobal_v2(&at, &bytes, module_, global.c_str()) == 0 &&
            bytes == sizeof dyn) {
            cuda_check(cu_.cuMemcpyDtoH_v2(&dyn, at, sizeof dyn), "cuMemcpyDtoH_v2(loom_dsmem)", fn);
            cuda_check(cu_.cuFuncSetAttribute(f, 8 /* CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES */, dyn),
                       "cuFuncSetAttribute(max dynamic shared memory)", fn);
            // All of the SM's L1 that can be shared memory, so that as many blocks stay
            // resident as the occupancy calculator counted (the persistent async scan's
            // grid); a hint, so a driver that declines it is no error.
            (void)cu_.cuFuncSetAttribute(f, 9 /* CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT */, 100);
        }
        return fns_[fn] = {f, (unsigned)dyn};
    }
};

} // namespace

namespace {
std::mutex late_mutex;
LateDownloads late;
} // namespace

LateDownloads late_downloads() {
    std::lock_guard<std::mutex> lock(late_mutex);
    return late;
}

void note_late_download(int64_t bytes, double ms) {
    std::lock_guard<std::mutex> lock(late_mutex);
    late.count++;
    late.bytes += bytes;
    late.ms += ms;
}

std::optional<KeptArrays> kept_arrays() {
    if (DriverContext *c = driver_context.load()) {
        std::lock_guard<std::mutex> lock(c->mutex);
        return c->arrays.live();
    }
    return emu_kept_arrays();
}

std::shared_ptr<DeviceProgram> driver_program(const std::string &cubin_path) {
    if (auto why = cuda_unavailable())
        throw RuntimeError({}, *why);
    return std::make_shared<DriverProgram>(cubin_path);
}

namespace {
std::mutex start_mutex;
std::shared_future<void> &started() {
    static auto *f = new std::shared_future<void>; // never destroyed: no wait at exit
    return *f;
}
} // namespace

void cuda_prestart() {
    if (cuda_emulated() || cuda_unavailable())
        return;
    std::lock_guard<std::mutex> lock(start_mutex);
    if (started().valid())
        return;
    started() = std::async(std::launch::async, [] {
                    try {
                        DriverContext::get();
                    } catch (...) { // thrown again where the context is used
                    }
                }).share();
    // A process ending while the context is made would tear the driver down under that
    // thread: exit waits for it instead (at most the ~200 ms it takes).
    std::atexit([] {
        std::shared_future<void> f;
        {
            std::lock_guard<std::mutex> lock(start_mutex);
            f = started();
        }
        if (f.valid())
            f.wait();
    });
}

double cuda_wait_started() {
    cuda_prestart();
    std::shared_future<void> f;
    {
        std::lock_guard<std::mutex> lock(start_mutex);
        f = started();
    }
    if (!f.valid() || f.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
        return 0;
    auto t0 = std::chrono::steady_clock::now();
    f.wait();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace loom::runtime
