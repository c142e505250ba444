/** \file
 * The on-disk kernel cache (KernelCache.h).  Layout of the directory:
 *
 *   <key>.<ext>             the artifact (key: 64 hex digits of SHA-256)
 *   <key>.<ext>.meta        "loom-cache 1\n<size>\n<sha256 of the artifact>\n"
 *   <key>.<ext>[.meta].tmp-* a write in progress (or left by a crashed process)
 *
 * Writers publish the sidecar first and the artifact second, each by rename, so a reader
 * that sees the artifact also sees a sidecar; a reader that finds an entry whose sidecar
 * does not match (a crash, a disk error, a concurrent clear) removes it and reports a miss,
 * so the worst outcome of a race is a recompilation, never a wrong artifact.  Only files
 * whose names start with a key are ever removed, so a cache directory pointed at a folder
 * holding other files does not lose them.
 */
#include "runtime/KernelCache.h"

#include "core/Files.h"

#define OPENSSL_SUPPRESS_DEPRECATED // SHA256_* (see Sha256)
#include <openssl/sha.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <random>
#include <sstream>
#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace loom::runtime {

namespace fs = std::filesystem;

namespace {

constexpr size_t key_length = 64; // hex digits of a SHA-256 digest
constexpr uint64_t default_limit_mb = 1024;
const char *const meta_magic = "loom-cache 1";

/** SHA-256 over the pieces fed to `add`, as lower-case hex.  OpenSSL's one-algorithm API
 * (deprecated in 3.0, still shipped): the EVP interface's first use loads the providers,
 * 1.3-6 ms, more than a whole cache hit in a fresh process. */
class Sha256 {
public:
    Sha256() { SHA256_Init(&ctx_); }
    void add(std::string_view bytes) { SHA256_Update(&ctx_, bytes.data(), bytes.size()); }
    std::string hex() {
        unsigned char digest[SHA256_DIGEST_LENGTH];
        SHA256_Final(digest, &ctx_);
        static const char digits[] = "0123456789abcdef";
        std::string s;
        for (unsigned char d : digest) {
            s += digits[d >> 4];
            s += digits[d & 15];
        }
        return s;
    }

private:
    SHA256_CTX ctx_;
};

std::string checksum(std::string_view bytes) {
    Sha256 h;
    h.add(bytes);
    return h.hex();
}

bool is_hex_key(std::string_view s) {
    return s.size() == key_length &&
           std::all_of(s.begin(), s.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

/** Whether a directory entry's name belongs to the cache (starts with a key and a dot). */
bool is_cache_file(const std::string &name) {
    return name.size() > key_length && name[key_length] == '.' &&
           is_hex_key(std::string_view(name).substr(0, key_length));
}

bool is_temp(const std::string &name) { return name.find(".tmp-") != std::string::npos; }
bool is_meta(const std::string &name) {
    return name.size() > 5 && name.compare(name.size() - 5, 5, ".meta") == 0;
}

/** Writes `bytes` to a fresh, uniquely named file beside `target` and renames it onto
 * `target` (atomic within one file system).  Returns an error message, empty on success. */
std::string write_atomically(const fs::path &target, std::string_view bytes) {
    static std::atomic<uint64_t> counter{0};
    static const uint64_t salt = std::random_device{}();
    fs::path tmp = target;
    tmp += ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(salt % 1000000) + "-" +
           std::to_string(counter++);
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        f.write(bytes.data(), (std::streamsize)bytes.size());
        f.close();
        if (!f) {
            std::error_code ec;
            fs::remove(tmp, ec);
            return "cannot write `" + tmp.string() + "`";
        }
    }
    std::error_code ec;
    fs::rename(tmp, target, ec);
    if (ec) {
        std::error_code ec2;
        fs::remove(tmp, ec2);
        return "cannot rename into `" + target.string() + "`: " + ec.message();
    }
    return {};
}

std::string meta_text(std::string_view bytes) {
    return std::string(meta_magic) + "\n" + std::to_string(bytes.size()) + "\n" + checksum(bytes) +
           "\n";
}

fs::path meta_path(const fs::path &artifact) {
    fs::path m = artifact;
    m += ".meta";
    return m;
}

/** The default directory: $LOOM_CACHE_DIR, $XDG_CACHE_HOME/loom, ~/.cache/loom; empty
 * when none is set (the cache then stays off). */
fs::path default_dir() {
    auto env = [](const char *name) -> std::string {
        const char *v = std::getenv(name);
        return v ? v : "";
    };
    if (std::string d = env("LOOM_CACHE_DIR"); !d.empty()) return d;
    if (std::string d = env("XDG_CACHE_HOME"); !d.empty()) return fs::path(d) / "loom";
    if (std::string d = env("HOME"); !d.empty()) return fs::path(d) / ".cache" / "loom";
    return {};
}

uint64_t default_limit() {
    uint64_t mb = default_limit_mb;
    if (const char *v = std::getenv("LOOM_CACHE_LIMIT_MB"); v && *v) {
        char *end = nullptr;
        unsigned long long n = std::strtoull(v, &end, 10);
        if (end && *end == '\0') mb = n;
    }
    return mb * 1024 * 1024;
}

/** A temporary file left by a writer that died (live writers rename within seconds). */
bool is_stale_temp(const fs::directory_entry &e) {
    if (!is_temp(e.path().filename().string())) return false;
    std::error_code ec;
    auto t = e.last_write_time(ec);
    return !ec && fs::file_time_type::clock::now() - t > std::chrono::hours(1);
}

/** One artifact on disk with the bytes it occupies (artifact + sidecar). */
struct DiskEntry {
    fs::path artifact;
    uint64_t bytes = 0;
    int64_t used_ns = 0; ///< last use (modification time)
};

/** The entries in `dir` (sidecars and temporary files are counted in their entry's size
 * only when the artifact exists; strays are not entries).  One stat a file: a full
 * cache holds tens of thousands. */
std::vector<DiskEntry> scan(const fs::path &dir) {
    std::vector<DiskEntry> entries;
    std::unordered_map<std::string, uint64_t> sidecars; // artifact path -> sidecar bytes
    std::error_code ec;
    for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator();
         it.increment(ec)) {
        std::string name = it->path().filename().string();
        if (!is_cache_file(name)) continue;
        if (is_temp(name)) {
            std::error_code e2;
            if (is_stale_temp(*it)) fs::remove(it->path(), e2);
            continue;
        }
        struct stat st;
        if (::stat(it->path().c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
        if (is_meta(name)) {
            std::string a = it->path().string();
            sidecars[a.substr(0, a.size() - 5)] = (uint64_t)st.st_size;
            continue;
        }
        entries.push_back({it->path(), (uint64_t)st.st_size,
                           (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec});
    }
    for (DiskEntry &d : entries)
        if (auto s = sidecars.find(d.artifact.string()); s != sidecars.end()) d.bytes += s->second;
    return entries;
}

void remove_entry(const fs::path &artifact) {
    std::error_code ec;
    fs::remove(artifact, ec);
    fs::remove(meta_path(artifact), ec);
}

} // namespace

KernelCache &KernelCache::global() {
    static KernelCache cache(default_dir(), default_limit());
    return cache;
}

KernelCache::KernelCache(fs::path dir, uint64_t limit_bytes)
    : dir_(std::move(dir)), limit_(limit_bytes) {
    counters_.dir = dir_.string();
    counters_.limit_bytes = limit_;
}

std::string KernelCache::key(std::initializer_list<std::string_view> parts) {
    Sha256 h;
    for (std::string_view p : parts) {
        // The length first, as 8 little-endian bytes: ("ab","c") and ("a","bc") differ.
        char len[8];
        for (int i = 0; i < 8; ++i) len[i] = (char)((uint64_t)p.size() >> (8 * i));
        h.add(std::string_view(len, 8));
        h.add(p);
    }
    return h.hex();
}

fs::path KernelCache::path_of(const std::string &key, const std::string &ext) const {
    if (!is_hex_key(key) || ext.empty() ||
        !std::all_of(ext.begin(), ext.end(), [](char c) { return std::isalnum((unsigned char)c); }))
        throw std::invalid_argument("kernel cache: bad key or extension `" + key + "." + ext + "`");
    return dir_ / (key + "." + ext);
}

void KernelCache::warn_unusable(const std::string &why) {
    std::lock_guard lock(mutex_);
    if (warned_) return;
    warned_ = true;
    std::cerr << "loom: warning: the kernel cache is off: " << why
              << " (set LOOM_CACHE_DIR to a writable directory)\n";
}

std::optional<fs::path> KernelCache::lookup(const std::string &key, const std::string &ext) {
    fs::path artifact = path_of(key, ext);
    auto count = [&](bool hit) {
        std::lock_guard lock(mutex_);
        ++(hit ? counters_.disk_hits : counters_.misses);
    };
    std::string bytes, meta;
    std::error_code ec;
    if (dir_.empty() || !fs::is_regular_file(artifact, ec)) {
        count(false);
        return std::nullopt;
    }
    bool ok = read_file(artifact.string(), bytes) && read_file(meta_path(artifact).string(), meta) &&
              meta == meta_text(bytes);
    if (!ok) {
        // Corrupt, truncated or half-removed: drop it so the caller rebuilds and stores anew.
        remove_entry(artifact);
        count(false);
        return std::nullopt;
    }
    fs::last_write_time(artifact, fs::file_time_type::clock::now(), ec); // LRU: recently used
    count(true);
    return artifact;
}

fs::path KernelCache::store(const std::string &key, const std::string &ext, const fs::path &file) {
    fs::path artifact = path_of(key, ext);
    if (dir_.empty()) {
        warn_unusable("no cache directory (neither LOOM_CACHE_DIR, XDG_CACHE_HOME nor HOME is set)");
        return file;
    }
    std::string bytes;
    if (!read_file(file.string(), bytes))
        throw std::runtime_error("kernel cache: cannot read `" + file.string() + "`");
    std::error_code ec;
    fs::create_directories(dir_, ec);
    if (ec) {
        warn_unusable("cannot create `" + dir_.string() + "`: " + ec.message());
        return file;
    }
    const std::string meta = meta_text(bytes);
    std::string problem = write_atomically(meta_path(artifact), meta);
    if (problem.empty()) problem = write_atomically(artifact, bytes);
    if (!problem.empty()) {
        warn_unusable(problem);
        return file;
    }
    evict(artifact, bytes.size() + meta.size());
    return artifact;
}

void KernelCache::evict(const fs::path &keep, uint64_t stored) {
    std::lock_guard lock(evict_mutex_);
    // The directory is listed (a stat a file) when the bytes known to be there may have
    // passed the limit, and every ten minutes for other processes' stores, not at every
    // store: a cache of 12 000 files took 0.5-0.9 s to list, a small kernel 0.3 s to build.
    // The last listing's total is kept beside the entries for the processes that follow
    // (each `loom run` stores once).
    const auto now = std::chrono::steady_clock::now();
    const auto every = std::chrono::minutes(10);
    const fs::path listing = dir_ / "listing";
    if (!listed_) {
        std::error_code ec;
        std::string text;
        auto age = fs::file_time_type::clock::now() - fs::last_write_time(listing, ec);
        if (!ec && age < every && read_file(listing.string(), text)) {
            known_bytes_ = std::strtoull(text.c_str(), nullptr, 10);
            listed_ = true;
            listed_at_ = now - std::chrono::duration_cast<std::chrono::steady_clock::duration>(age);
        }
    }
    known_bytes_ += stored;
    if (listed_ && known_bytes_ <= limit_ && now - listed_at_ < every) return;
    std::vector<DiskEntry> entries = scan(dir_);
    listed_ = true;
    listed_at_ = now;
    uint64_t total = 0;
    for (const DiskEntry &e : entries) total += e.bytes;
    std::sort(entries.begin(), entries.end(),
              [](const DiskEntry &a, const DiskEntry &b) { return a.used_ns < b.used_ns; });
    uint64_t evicted = 0;
    for (const DiskEntry &e : entries) {
        if (total <= limit_) break;
        if (e.artifact == keep) continue; // the entry just stored is about to be used
        remove_entry(e.artifact);
        total -= e.bytes;
        ++evicted;
    }
    known_bytes_ = total;
    write_atomically(listing, std::to_string(total) + "\n"); // none: the next one lists
    std::lock_guard counters_lock(mutex_);
    counters_.evictions += evicted;
}

void KernelCache::note_memory_hit() {
    std::lock_guard lock(mutex_);
    ++counters_.memory_hits;
}

CacheStats KernelCache::stats() const {
    CacheStats s;
    {
        std::lock_guard lock(mutex_);
        s = counters_;
    }
    s.entries = s.bytes = 0;
    if (!dir_.empty())
        for (const DiskEntry &e : scan(dir_)) {
            ++s.entries;
            s.bytes += e.bytes;
        }
    return s;
}

void KernelCache::clear() {
    if (dir_.empty()) return;
    std::lock_guard lock(evict_mutex_);
    std::error_code ec;
    known_bytes_ = 0;
    write_atomically(dir_ / "listing", "0\n"); // for the other processes too
    std::vector<fs::path> doomed;
    for (auto it = fs::directory_iterator(dir_, ec); !ec && it != fs::directory_iterator();
         it.increment(ec))
        if (std::string name = it->path().filename().string();
            is_cache_file(name) && (!is_temp(name) || is_stale_temp(*it)))
            doomed.push_back(it->path()); // a fresh temp file is another process's write
    for (const fs::path &p : doomed) fs::remove(p, ec);
    // Precompiled headers (runtime/cpu/HostCompiler.h), but not one being built.
    doomed.clear();
    for (auto it = fs::directory_iterator(dir_ / "pch", ec); !ec && it != fs::directory_iterator();
         it.increment(ec))
        if (it->path().extension() != ".building") doomed.push_back(it->path());
    for (const fs::path &p : doomed) fs::remove_all(p, ec);
}

namespace {
/** "size mtime" of a file, or "" */
std::string file_stamp(const std::string &path) {
    struct stat st;
    if (path.empty() || ::stat(path.c_str(), &st) != 0) return "";
    return std::to_string((long long)st.st_size) + " " + std::to_string((long long)st.st_mtim.tv_sec) +
           "." + std::to_string((long long)st.st_mtim.tv_nsec);
}
}  // namespace

std::optional<std::string> remembered_version(
    const fs::path &memo, const std::string &request,
    const std::function<std::optional<std::pair<std::string, std::string>>()> &ask) {
    if (!memo.empty()) {
        std::ifstream f(memo);
        std::string req, path, stamp, version;
        if (std::getline(f, req) && std::getline(f, path) && std::getline(f, stamp) &&
            std::getline(f, version) && req == request && !version.empty() && !stamp.empty() &&
            stamp == file_stamp(path))
            return version;
    }
    std::optional<std::pair<std::string, std::string>> got = ask();
    if (!got) return std::nullopt;
    const auto &[path, version] = *got;
    if (std::string stamp = file_stamp(path); !stamp.empty() && !memo.empty()) {
        fs::path tmp = memo;
        tmp += ".tmp-" + std::to_string(::getpid());
        std::error_code ec;
        fs::create_directories(memo.parent_path(), ec);
        {
            std::ofstream f(tmp);
            f << request << "\n" << path << "\n" << stamp << "\n" << version << "\n";
        }
        fs::rename(tmp, memo, ec);
        if (ec) fs::remove(tmp, ec);
    }
    return version;
}

} // namespace loom::runtime
