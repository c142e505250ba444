// The emulated device (see EmuDevice.h): host memory with checked transfers, a fixed
// small occupancy, and launches through the kernels' object.
#include "runtime/cuda/EmuDevice.h"

#include "core/Diagnostic.h"
#include "runtime/cpu/SharedObject.h"
#include "runtime/cuda/RuntimeText.h"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

namespace loom::runtime {

bool cuda_emulated() {
    const char *v = std::getenv("LOOM_CUDA_EMULATE");
    return v && std::string(v) == "1";
}

std::string emu_prelude() { return "#define LOOM_CUDA_EMU 1\n" + cuda::cuda_emu_text() + "\n"; }

size_t emu_shared_size(const std::string &cuda) {
    const size_t at = cuda::cuda_runtime_wanted_at();
    return emu_prelude().size() + (cuda.compare(0, at, cuda::cuda_runtime_text(), 0, at) == 0 ? at : 0);
}

std::string emu_compiler_opt() {
    const char *v = std::getenv("LOOM_CUDA_EMULATE_CXXFLAGS");
    return v && *v ? v : "-O1";
}

namespace {

/** Block size when the launch does not ask for one: 64 (two warps), or
 * $LOOM_CUDA_EMULATE_BLOCK when it is a multiple of 32 up to 1024 (smaller blocks take
 * small inputs through multi-block paths). */
int emu_block() {
    const char *v = std::getenv("LOOM_CUDA_EMULATE_BLOCK");
    int b = v ? std::atoi(v) : 0;
    return b >= 32 && b <= 1024 && b % 32 == 0 ? b : 64;
}
/** Blocks that fill the emulated device. */
constexpr int emu_blocks = 4;
/** Seconds a launch may run: 60, or $LOOM_CUDA_EMULATE_TIMEOUT. */
double emu_timeout() {
    const char *v = std::getenv("LOOM_CUDA_EMULATE_TIMEOUT");
    double s = v ? std::atof(v) : 0;
    return s > 0 ? s : 60;
}

/** The kernels' objects keep their scheduler state and `loom_err` in globals.  Recursive:
 * a program may be destroyed (its last result's bytes freed) during another's call. */
std::recursive_mutex emu_mutex;

/** The emulated device's memory, one for every program as a GPU's is (arrays kept for
 * all entries, ArgCache, move between programs): live allocations, address -> bytes.
 * Used under emu_mutex (a call) or by one thread (tests).  Never destroyed: kept copies
 * may be freed by entries that outlive main. */
std::map<uint64_t, uint64_t> &emu_blocks_live() {
    static auto *m = new std::map<uint64_t, uint64_t>;
    return *m;
}
ArgCache &emu_arrays() {
    static auto *c = new ArgCache(true);
    return *c;
}

using LaunchFn = int (*)(void (*)(void **), int64_t, int, void **, double, const bool *, char *, int);
using KernelFn = void (*)(void **);
using ReleaseFn = void (*)();

/** The module whose threads' stacks are mapped (loom_emu_release; under emu_mutex): one at
 * a time, as a launch keeps them for the next. */
ReleaseFn stacks_held = nullptr;

[[noreturn]] void fail(const std::string &msg) { throw RuntimeError({}, "cuda emulator: " + msg); }

class EmuProgram : public DeviceProgram {
public:
    explicit EmuProgram(std::shared_ptr<SharedObject> so) : so_(std::move(so)) {
        launch_ = reinterpret_cast<LaunchFn>(so_->symbol("loom_emu_launch"));
        release_ = reinterpret_cast<ReleaseFn>(so_->symbol("loom_emu_release"));
        err_ = static_cast<DevErr *>(so_->symbol("loom_err"));
    }
    ~EmuProgram() override {
        std::lock_guard<std::recursive_mutex> lock(emu_mutex);
        if (stacks_held == release_) { // the module may go with it
            release_();
            stacks_held = nullptr;
        }
    }

    uint64_t alloc(uint64_t bytes) override {
        if (bytes == 0)
            return 0;
        void *p = std::aligned_alloc(256, (bytes + 255) / 256 * 256);
        if (!p)
            fail("out of memory allocating " + std::to_string(bytes) + " bytes");
        std::memset(p, 0xa5, bytes); // device memory starts as garbage: reading it unset shows
        blocks_[reinterpret_cast<uint64_t>(p)] = bytes;
        return reinterpret_cast<uint64_t>(p);
    }
    void free(uint64_t ptr, uint64_t bytes) override {
        if (!ptr)
            return;
        auto it = blocks_.find(ptr);
        if (it == blocks_.end())
            fail("free of an address that is not a live allocation");
        if (it->second != bytes)
            fail("free of " + std::to_string(bytes) + " bytes of an allocation of " +
                 std::to_string(it->second));
        std::free(reinterpret_cast<void *>(ptr));
        blocks_.erase(it);
    }
    ArgCache *shared_arrays() override { return &emu_arrays(); }
    void upload(uint64_t dst, const void *src, uint64_t bytes) override {
        std::memcpy(at(dst, bytes, "upload"), src, bytes);
    }
    void download(void *dst, uint64_t src, uint64_t bytes) override {
        std::memcpy(dst, at(src, bytes, "download"), bytes);
    }
    void copy(uint64_t dst, uint64_t src, uint64_t bytes) override {
        std::memmove(at(dst, bytes, "copy"), at(src, bytes, "copy"), bytes);
    }
    void zero(uint64_t dst, uint64_t bytes) override { std::memset(at(dst, bytes, "zero"), 0, bytes); }
    void occupancy(const char *, int want, int *block, int64_t *threads) override {
        *block = want > 0 ? want : emu_block();
        *threads = (int64_t)emu_blocks * *block;
    }
    void launch(const char *fn, int64_t grid, int block, void **args) override {
        auto it = fns_.find(fn);
        if (it == fns_.end())
            it = fns_.emplace(fn, reinterpret_cast<KernelFn>(so_->symbol(std::string(fn) + "__emu"))).first;
        if (stacks_held != release_) {
            if (stacks_held) stacks_held();
            stacks_held = release_;
        }
        char err[512];
        auto t0 = std::chrono::steady_clock::now();
        // The flag read as a bool, as the cpu runtime reads it (lrt::poll).
        int rc = launch_(it->second, grid, block, args, emu_timeout(),
                         reinterpret_cast<const bool *>(interrupt_), err, sizeof err);
        ms_ += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        if (rc == 2)
            throw Interrupted();
        if (rc != 0)
            fail("kernel `" + std::string(fn) + "`: " + err);
    }
    void read_err(DevErr *err) override {
        std::memcpy(err, err_, sizeof *err);
        if (err->set)
            std::memset(err_, 0, sizeof *err_);
    }
    void begin_call() override {
        lock_ = std::unique_lock<std::recursive_mutex>(emu_mutex);
        ms_ = 0;
    }
    double end_call() override {
        interrupt_ = nullptr;
        lock_ = {};
        return ms_;
    }
    void set_interrupt(const std::atomic<bool> *flag) override { interrupt_ = flag; }

private:
    std::shared_ptr<SharedObject> so_;
    LaunchFn launch_ = nullptr;
    ReleaseFn release_ = nullptr;
    DevErr *err_ = nullptr;
    std::map<uint64_t, uint64_t> &blocks_ = emu_blocks_live();
    std::map<std::string, KernelFn> fns_;
    std::unique_lock<std::recursive_mutex> lock_;
    double ms_ = 0; ///< the current call's time in kernels
    const std::atomic<bool> *interrupt_ = nullptr; ///< the current call's (set_interrupt)

    /** The host address of [p, p + bytes), which must lie inside one live allocation
     * (a transfer outside them would fault on a GPU: a host-program bug). */
    void *at(uint64_t p, uint64_t bytes, const char *what) const {
        if (bytes == 0)
            return reinterpret_cast<void *>(p);
        auto it = blocks_.upper_bound(p);
        if (it == blocks_.begin() || p + bytes > std::prev(it)->first + std::prev(it)->second)
            fail(std::string(what) + " of " + std::to_string(bytes) +
                 " bytes outside every live allocation");
        return reinterpret_cast<void *>(p);
    }
};

} // namespace

std::atomic<bool> emu_used{false};

std::shared_ptr<DeviceProgram> emu_program(std::shared_ptr<SharedObject> kernels) {
    emu_used = true;
    return std::make_shared<EmuProgram>(std::move(kernels));
}

std::optional<KeptArrays> emu_kept_arrays() {
    if (!emu_used)
        return std::nullopt;
    std::lock_guard<std::recursive_mutex> lock(emu_mutex);
    KeptArrays a = emu_arrays().live();
    a.emulated = true;
    return a;
}

} // namespace loom::runtime
