// The device memory pool (see DevicePool.h).
#include "runtime/cuda/DevicePool.h"

#include "core/Diagnostic.h"

#include <cstdio>

namespace loom::runtime {

uint64_t DevicePool::size_class(uint64_t bytes) {
    uint64_t c = min_class;
    while (c < bytes)
        c <<= 1;
    return c;
}

uint64_t DevicePool::alloc(uint64_t bytes) {
    if (bytes == 0)
        return 0;
    uint64_t c = size_class(bytes);
    auto it = free_.find(c);
    if (it != free_.end() && !it->second.empty()) {
        uint64_t p = it->second.back();
        it->second.pop_back();
        free_bytes_ -= c;
        used_bytes_ += c;
        used_[p] = c;
        return p;
    }
    for (int attempt = 0;; attempt++) {
        uint64_t p = 0;
        std::string why;
        device_allocs_++;
        DeviceAllocator::Status s = alloc_.alloc(c, &p, &why);
        if (s == DeviceAllocator::Status::Ok) {
            used_bytes_ += c;
            used_[p] = c;
            return p;
        }
        if (s == DeviceAllocator::Status::Failed)
            throw InternalError("cuda: allocating " + byte_size_text(bytes) +
                                " of device memory failed: " + why);
        if (attempt == 1 || free_bytes_ == 0)
            throw RuntimeError({}, "out of GPU memory: cannot allocate " + byte_size_text(bytes) +
                                       " (" + byte_size_text(used_bytes_) +
                                       " already in use by this program)");
        trim();
    }
}

void DevicePool::free(uint64_t ptr, uint64_t bytes) {
    if (ptr == 0 || bytes == 0 || closed_)
        return;
    uint64_t c = size_class(bytes);
    used_.erase(ptr);
    free_[c].push_back(ptr);
    free_bytes_ += c;
    used_bytes_ -= c;
}

void DevicePool::trim() {
    for (auto &[c, blocks] : free_)
        for (uint64_t p : blocks)
            alloc_.free(p);
    free_.clear();
    free_bytes_ = 0;
}

void DevicePool::release_all() {
    trim();
    for (auto &[p, c] : used_)
        alloc_.free(p);
    used_.clear();
    used_bytes_ = 0;
    closed_ = true;
}

std::string byte_size_text(uint64_t bytes) {
    const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = (double)bytes;
    int u = 0;
    while (v >= 1024 && u < 4) {
        v /= 1024;
        u++;
    }
    char buf[64];
    if (u == 0)
        std::snprintf(buf, sizeof buf, "%llu B", (unsigned long long)bytes);
    else
        std::snprintf(buf, sizeof buf, "%.1f %s (%llu bytes)", v, units[u], (unsigned long long)bytes);
    return buf;
}

} // namespace loom::runtime
