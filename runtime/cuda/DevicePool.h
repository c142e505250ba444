/** \file
 * Device memory through a pool (DESIGN.md §5): blocks come in size classes (256 B, then
 * powers of two), freed blocks are kept per class and handed out again, and when the
 * device is out of memory the pool releases every free block and tries once more before
 * it gives up with an error naming the size asked for.  The pool talks to the device
 * through DeviceAllocator (the CUDA driver in CudaDevice.cpp, a fake in the unit tests).
 * Not thread-safe: the owner serialises calls.
 */
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace loom::runtime {

/** Raw device allocation: what the pool needs from a device. */
class DeviceAllocator {
public:
    virtual ~DeviceAllocator() = default;
    enum class Status { Ok, OutOfMemory, Failed };
    /** Allocates `bytes` (> 0) into *ptr; on Failed, *why says what went wrong. */
    virtual Status alloc(uint64_t bytes, uint64_t *ptr, std::string *why) = 0;
    virtual void free(uint64_t ptr) = 0;
};

class DevicePool {
public:
    static constexpr uint64_t min_class = 256;

    explicit DevicePool(DeviceAllocator &a) : alloc_(a) {}
    ~DevicePool() { trim(); }
    DevicePool(const DevicePool &) = delete;
    DevicePool &operator=(const DevicePool &) = delete;

    /** The size class of a request: 256 B, or the next power of two. */
    static uint64_t size_class(uint64_t bytes);

    /** A block of at least `bytes` (0 for bytes == 0).  Throws RuntimeError when the device
     * has no memory left even after trim(), naming `bytes`; InternalError when the driver
     * fails otherwise. */
    uint64_t alloc(uint64_t bytes);
    /** Returns a block from alloc() of the same `bytes` to the pool. */
    void free(uint64_t ptr, uint64_t bytes);
    /** Releases every free block to the device. */
    void trim();
    /** At the process's end: releases every block, free or in use, to the device (so a
     * leak checker sees none); blocks freed after this are ignored. */
    void release_all();

    uint64_t free_bytes() const { return free_bytes_; }
    uint64_t used_bytes() const { return used_bytes_; }
    uint64_t device_allocs() const { return device_allocs_; } ///< calls to the allocator

private:
    DeviceAllocator &alloc_;
    std::map<uint64_t, std::vector<uint64_t>> free_; ///< size class -> free blocks
    std::map<uint64_t, uint64_t> used_;               ///< block -> size class, in use
    bool closed_ = false;                             ///< after release_all()
    uint64_t free_bytes_ = 0, used_bytes_ = 0, device_allocs_ = 0;
};

/** "1.5 GiB", "256 B": sizes in error messages. */
std::string byte_size_text(uint64_t bytes);

} // namespace loom::runtime
