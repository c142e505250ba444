/** \file
 * The kernel cache of DESIGN.md §5, shared by every backend: compiled artifacts (CPU
 * shared objects, CUDA cubins) stored on disk under $LOOM_CACHE_DIR, else
 * $XDG_CACHE_HOME/loom, else ~/.cache/loom, keyed by a hash of everything that determines
 * them (generated source, compile options, target, compiler version).  Writes are atomic
 * (temp file + rename), entries are verified on load (size and checksum in a sidecar;
 * a corrupt entry is removed and reported as a miss), several processes may share the
 * directory, and the total size is bounded ($LOOM_CACHE_LIMIT_MB, default 1024) with
 * least-recently-used eviction.  The in-memory level (loaded objects) belongs to each
 * backend, which reports its hits here so `stats()` covers both.
 */
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace loom::runtime {

/** A tool's version text for cache keys without asking the tool (running `g++ --version`,
 * loading NVRTC: milliseconds, more than a whole cache hit) when `memo`, a file beside the
 * cache, records it for `request` and the tool's file (path, size, modification time) is
 * unchanged since; else `ask()` gives {the tool's file, its version}, recorded in the memo
 * (atomically; a failure to write is ignored).  An empty `memo` is neither read nor
 * written.  nullopt when ask() gives nullopt. */
std::optional<std::string> remembered_version(
    const std::filesystem::path &memo, const std::string &request,
    const std::function<std::optional<std::pair<std::string, std::string>>()> &ask);

struct CacheStats {
    std::string dir;
    uint64_t entries = 0, bytes = 0, limit_bytes = 0; ///< on disk now
    // This process so far:
    uint64_t memory_hits = 0, disk_hits = 0, misses = 0, evictions = 0;
};

class KernelCache {
public:
    /** The process-wide cache in the default directory (created on first use). */
    static KernelCache &global();
    KernelCache(std::filesystem::path dir, uint64_t limit_bytes);

    /** A hex digest of all the parts (in order, length-prefixed so parts cannot blur). */
    static std::string key(std::initializer_list<std::string_view> parts);

    /** The verified artifact stored under key with extension ext ("so", "cubin"), marked
     * as recently used; nullopt when absent or corrupt.  Counts a disk hit or a miss. */
    std::optional<std::filesystem::path> lookup(const std::string &key, const std::string &ext);

    /** Stores the contents of `file` under key atomically and returns the stored path
     * (which stays valid until evicted); evicts least-recently-used entries beyond the
     * limit.  If the directory is unusable, returns `file` itself and warns once. */
    std::filesystem::path store(const std::string &key, const std::string &ext,
                                const std::filesystem::path &file);

    void note_memory_hit(); ///< a backend found the artifact already loaded
    CacheStats stats() const;
    void clear(); ///< removes every entry (of this and other processes) and `pch/`
    const std::filesystem::path &dir() const { return dir_; }
    /** dir_/name for a small file kept beside the entries (remembered_version's memos,
     * which stats, eviction and clear leave alone); empty without a directory. */
    std::filesystem::path beside(const std::string &name) const {
        return dir_.empty() ? std::filesystem::path() : dir_ / name;
    }

private:
    /** dir_/<key>.<ext>, after checking both are plain (hex key, alphanumeric ext). */
    std::filesystem::path path_of(const std::string &key, const std::string &ext) const;
    /** After storing `stored` bytes: LRU down to the limit, never `keep`. */
    void evict(const std::filesystem::path &keep, uint64_t stored);
    void warn_unusable(const std::string &why);    ///< once per cache object, on stderr

    std::filesystem::path dir_;
    uint64_t limit_;
    mutable std::mutex mutex_; ///< guards counters_ and warned_
    std::mutex evict_mutex_;   ///< one eviction or clear at a time in this process
    // Guarded by evict_mutex_: the bytes on disk at the last listing, plus this object's
    // stores since, and when that listing was.
    uint64_t known_bytes_ = 0;
    bool listed_ = false;
    std::chrono::steady_clock::time_point listed_at_;
    CacheStats counters_;
    bool warned_ = false;
};

} // namespace loom::runtime
