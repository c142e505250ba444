/** \file
 * What the CUDA backend's host program runs on.  DeviceProgram is one entry's kernels on
 * a device: memory (through the DevicePool), copies, occupancy-based launch sizes, launches
 * and the kernels' failure record.  driver_program() gives the real one (the CUDA driver,
 * one context and pool per process); tests give fakes whose "device memory" is host memory.
 * DeviceCall turns a DeviceProgram into the DevApi table the generated code calls
 * (runtime/cuda/loom_cuda_host_abi.h), counting transfers; a C++ exception thrown inside
 * is kept and rethrown by the caller once the host program has stopped.  ArgCache keeps
 * device copies of arrays between calls: a device's copies of the Values still alive (the
 * driver and the emulator), or an entry's of its last call's arguments (fake devices).
 */
#pragma once

#include "core/Value.h"

#include <atomic>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom::runtime {

namespace devabi {
#include "runtime/cuda/loom_cuda_host_abi.h"
} // namespace devabi
using devabi::DevApi;
using devabi::DevErr;

class ArgCache;

class DeviceProgram {
public:
    virtual ~DeviceProgram() = default;
    virtual uint64_t alloc(uint64_t bytes) = 0; ///< 0 for 0 bytes; throws when out of memory
    virtual void free(uint64_t ptr, uint64_t bytes) = 0;
    virtual void upload(uint64_t dst, const void *src, uint64_t bytes) = 0;
    virtual void download(void *dst, uint64_t src, uint64_t bytes) = 0;
    virtual void copy(uint64_t dst, uint64_t src, uint64_t bytes) = 0;
    virtual void zero(uint64_t dst, uint64_t bytes) = 0;
    /** Kernel fn's block size (`want` when > 0, else the occupancy calculator's) and how
     * many threads of that size fill the device. */
    virtual void occupancy(const char *fn, int want, int *block, int64_t *threads) = 0;
    virtual void launch(const char *fn, int64_t grid, int block, void **args) = 0;
    /** Reads `loom_err`, clearing it on the device when set. */
    virtual void read_err(DevErr *err) = 0;
    /** Around a call: makes the device current and starts the timer / stops it and
     * returns the device time of the call in ms (CUDA events from its first kernel to its
     * last; 0 without kernels). */
    virtual void begin_call() {}
    virtual double end_call() { return 0; }
    /** The flag that stops the current call's kernels when it becomes true (Ctrl-C), until
     * end_call: their loops poll it (Note [Stopping a kernel], CudaDevice.cpp), the
     * emulator's between its threads too, and the host program stops between kernels. */
    virtual void set_interrupt(const std::atomic<bool> *) {}
    /** The device's copies of arrays kept for every entry on it (ArgCache, shared), or
     * null: each entry keeps its own arguments' copies. */
    virtual ArgCache *shared_arrays() { return nullptr; }
};

/** Blocks for a launch over w rows: enough for w threads, at most what fills the device
 * (`threads` at this block size), at least 1. */
int64_t launch_blocks(int64_t w, int64_t block, int64_t threads);

/** Host-device traffic and launches of one call. */
struct TransferStats {
    int64_t uploads = 0, upload_bytes = 0, downloads = 0, download_bytes = 0;
    int64_t device_copies = 0, launches = 0;
    double transfer_ms = 0; ///< host-side time in uploads and downloads
    double device_ms = 0;   ///< the call's kernels on the device (CUDA events)
};

/** One call's DevApi over `p`; argument copies from `args` when given. */
class DeviceCall {
public:
    explicit DeviceCall(DeviceProgram &p, ArgCache *args = nullptr);
    const DevApi *api() const { return &api_; }
    /** A counted, timed upload. */
    void upload(uint64_t dst, const void *src, int64_t bytes);
    /** A counted, timed download. */
    void download(void *dst, uint64_t src, int64_t bytes);
    TransferStats stats;
    std::exception_ptr error; ///< what a DevApi function threw (it then returned 1)
    DeviceProgram &program;
    ArgCache *args;
    /** Results' device mirrors the host program handed over (DevApi::keep): the caller
     * gives each to `args` with its result's Value (ArgCache::adopt) or frees it. */
    struct Mirror {
        const void *host;
        int64_t bytes;
        uint64_t dev;
        int64_t dev_bytes; ///< the device block's size (at least bytes)
        bool host_valid;   ///< else only the device's copy holds the bytes
    };
    std::vector<Mirror> results;

private:
    DevApi api_;
};

/** Arrays kept on a device: how many, their bytes, whether the device is emulated. */
struct KeptArrays {
    size_t count = 0;
    int64_t bytes = 0;
    bool emulated = false;
};

/** Device copies of arrays, kept from one call to the next so that a call taking the
 * same array uploads nothing (DevApi::arg).  Host bytes are known by address and size;
 * each copy holds `keep`, the Value's buffer holding them, so while it is kept that
 * buffer is neither freed (no other bytes can come to that address) nor changed (its
 * owner copies a shared buffer before writing it: core/Value.h, make_unique_storage).
 *
 * Shared (a device's, for every entry on it): a copy lives while some Value (not the
 * cache) still holds its buffer, so arrays stay on the device where they were last
 * used: a result's device mirror is adopted with its Value, and an argument uploaded
 * once serves every later call; when the device runs out of memory, the copies the
 * current call is not using go first (reclaim).  A result's buffer may be pending (only
 * the copy holds its bytes: Bytes::defer, filled by `fetch`): such a copy is downloaded
 * before it is freed while a Value still holds it.  Not shared (an entry's own): a copy
 * lives until a call does not use it.  Not thread-safe: calls on a device are
 * serialised. */
class ArgCache {
public:
    explicit ArgCache(bool shared = false) : shared_(shared) {}
    /** Bytes the current call may read as an argument, pinned by `keep` (part of a
     * pending buffer is downloaded now: only whole buffers' bytes may stay pending). */
    void offer(DeviceProgram &p, const void *host, int64_t bytes, BytesPtr keep);
    /** The device copy of [host, host + bytes) for the current call: kept from before, or
     * uploaded now through c; 0 when those bytes were not offered. */
    uint64_t get(DeviceCall &c, const void *host, int64_t bytes);
    /** The device copy of offered bytes [host, host + bytes) whose buffer is pending (the
     * copy is the only valid one), else 0. */
    uint64_t pending(const void *host, int64_t bytes);
    /** Takes over dev, a device block of dev_bytes whose first bytes hold the same as
     * [host, host + bytes) of the buffer `keep` (a result's mirror). */
    void adopt(DeviceProgram &p, const void *host, int64_t bytes, uint64_t dev, int64_t dev_bytes,
               BytesPtr keep);
    /** Downloads n bytes from offset `from` of the kept copy of the whole buffer at base
     * into dst, if there is one (a pending buffer's fill or peek; the caller holds the
     * device).  Whether there was. */
    bool fetch(DeviceProgram &p, const void *base, int64_t from, int64_t n, void *dst);
    /** Before a call: frees the copies whose Values are gone (shared), so the call can
     * use their memory. */
    void begin_call(DeviceProgram &p);
    /** After a call: forgets the offers, frees the copies no longer wanted (shared: whose
     * Values are gone; else: those the call did not use). */
    void end_call(DeviceProgram &p);
    /** Frees the copies the current call has not used; whether there were any. */
    bool reclaim(DeviceProgram &p);
    /** Frees every copy. */
    void clear(DeviceProgram &p);
    size_t size() const { return kept_.size(); }
    /** The copies some Value still holds (the others go at the next call), and their
     * bytes. */
    KeptArrays live() const;

private:
    struct Copy {
        const void *host;
        int64_t bytes;
        BytesPtr keep;
        uint64_t dev = 0;
        int64_t dev_bytes = 0; ///< the device block's size (at least bytes)
        bool used = false;
    };
    bool shared_;
    std::vector<Copy> kept_, offered_;
    void sweep(DeviceProgram &p, bool end);
    /** Frees the copies `gone` picks (downloading those whose buffers are pending and
     * still held); how many. */
    template <typename Gone> size_t free_if(DeviceProgram &p, Gone gone);
    /** Whether a Value (not the cache) holds k's buffer. */
    bool held(const Copy &k) const;
    /** Downloads copy k into its buffer, if that is pending and k is all of it. */
    void settle(DeviceProgram &p, const Copy &k);
};

/** The arrays a device keeps for every entry (ArgCache, shared): how many, their bytes,
 * and whether the device is the emulator.  Nothing before this process used a device. */
std::optional<KeptArrays> kept_arrays();

/** Results' bytes downloaded after their calls (pending Values read on the host, see
 * ArgCache), in this process so far: how many downloads, their bytes and host time.
 * Sessions count those an evaluation made with its other transfers. */
struct LateDownloads {
    int64_t count = 0, bytes = 0;
    double ms = 0;
};
LateDownloads late_downloads();
void note_late_download(int64_t bytes, double ms);

/** The real device: `cubin` loaded into the process's context.  Throws RuntimeError when
 * no driver or device is usable. */
std::shared_ptr<DeviceProgram> driver_program(const std::string &cubin_path);

/** Creates the process's CUDA context in the background, once (about 200 ms on an H100,
 * most of what a fresh process pays before its first kernel), so that it is ready, or
 * nearly, when the first kernel needs it: sessions call this when they start on a GPU,
 * builds when they begin (overlapping code generation and NVRTC).  Does nothing where no
 * device is usable or under the emulator. */
void cuda_prestart();
/** Waits for the context cuda_prestart began (starting it first if need be): the
 * milliseconds waited, 0 when it was ready.  A failure to create it is thrown by the
 * first use (driver_program), in the caller's thread. */
double cuda_wait_started();

} // namespace loom::runtime
