// Unit tests of the kernel cache (runtime/KernelCache.h): round trips, corruption,
// least-recently-used eviction, sharing a directory between cache objects, concurrency,
// and an unusable directory.
#include "core/Files.h"
#include "runtime/KernelCache.h"

#include <doctest/doctest.h>

#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <random>
#include <thread>
#include <vector>

using loom::runtime::KernelCache;
using loom::runtime::remembered_version;
namespace fs = std::filesystem;

namespace {

/** A fresh directory under the system temp dir, removed at the end of the test. */
struct TempDir {
    fs::path path;
    TempDir() {
        path = fs::temp_directory_path() /
               ("loom-cache-test-" + std::to_string(::getpid()) + "-" +
                std::to_string(std::random_device{}()));
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

fs::path write_file(const fs::path &p, const std::string &bytes) {
    std::ofstream(p, std::ios::binary) << bytes;
    return p;
}

std::string contents(const fs::path &p) {
    std::string s;
    loom::read_file(p.string(), s);
    return s;
}

/** Makes `p` look used `age` seconds ago (LRU order without sleeping). */
void age(const fs::path &p, int seconds) {
    fs::last_write_time(p, fs::file_time_type::clock::now() - std::chrono::seconds(seconds));
}

} // namespace

TEST_CASE("cache keys are 128+ bit hex digests of length-prefixed parts") {
    std::string k = KernelCache::key({"ab", "c"});
    CHECK(k.size() == 64);
    CHECK(k.find_first_not_of("0123456789abcdef") == std::string::npos);
    CHECK(k == KernelCache::key({"ab", "c"}));
    CHECK(k != KernelCache::key({"a", "bc"}));
    CHECK(k != KernelCache::key({"abc"}));
    CHECK(KernelCache::key({}) != KernelCache::key({""}));
}

TEST_CASE("store then lookup returns the same bytes; counters follow") {
    TempDir d;
    KernelCache c(d.path / "cache", 1 << 20);
    std::string k = KernelCache::key({"source", "options"});
    CHECK_FALSE(c.lookup(k, "so"));
    fs::path stored = c.store(k, "so", write_file(d.path / "a.so", "artifact bytes"));
    CHECK(stored.parent_path() == d.path / "cache");
    auto found = c.lookup(k, "so");
    REQUIRE(found);
    CHECK(*found == stored);
    CHECK(contents(*found) == "artifact bytes");
    CHECK_FALSE(c.lookup(k, "cubin")); // another extension is another entry
    c.note_memory_hit();
    auto s = c.stats();
    CHECK(s.entries == 1);
    CHECK(s.bytes > 14);
    CHECK(s.disk_hits == 1);
    CHECK(s.misses == 2);
    CHECK(s.memory_hits == 1);
    CHECK(s.limit_bytes == (1 << 20));
    c.clear();
    CHECK(c.stats().entries == 0);
    CHECK_FALSE(c.lookup(k, "so"));
}

TEST_CASE("a corrupt entry is detected, removed and counted as a miss") {
    TempDir d;
    KernelCache c(d.path, 1 << 20);
    std::string k1 = KernelCache::key({"one"}), k2 = KernelCache::key({"two"}),
                k3 = KernelCache::key({"three"});
    fs::path p1 = c.store(k1, "so", write_file(d.path / "in1", "0123456789"));
    fs::path p2 = c.store(k2, "so", write_file(d.path / "in2", "0123456789"));
    fs::path p3 = c.store(k3, "so", write_file(d.path / "in3", "0123456789"));
    write_file(p1, "0123X56789");                               // same size, other bytes
    write_file(p2, "01234");                                    // truncated
    fs::remove(p3.string() + ".meta");                           // sidecar lost
    for (const std::string &k : {k1, k2, k3}) CHECK_FALSE(c.lookup(k, "so"));
    CHECK_FALSE(fs::exists(p1));
    CHECK_FALSE(fs::exists(p1.string() + ".meta"));
    CHECK_FALSE(fs::exists(p2));
    CHECK_FALSE(fs::exists(p3));
    CHECK(c.stats().misses == 3);
    CHECK(c.stats().entries == 0);
    // Storing again repairs it.
    c.store(k1, "so", write_file(d.path / "in1", "0123456789"));
    CHECK(c.lookup(k1, "so"));
}

TEST_CASE("eviction removes least-recently-used entries beyond the limit") {
    TempDir d;
    std::string kb(1000, 'x');
    // Each entry is 1000 bytes plus a sidecar of about 80: three fit in 3500, four do not.
    KernelCache c(d.path / "c", 3500);
    std::vector<std::string> keys;
    for (int i = 0; i < 4; ++i) keys.push_back(KernelCache::key({std::to_string(i)}));
    std::vector<fs::path> paths;
    for (int i = 0; i < 3; ++i) {
        paths.push_back(c.store(keys[(size_t)i], "so", write_file(d.path / "in", kb)));
        age(paths.back(), 100 - i); // 0 oldest, 2 newest
    }
    CHECK(c.lookup(keys[0], "so")); // 0 becomes the most recently used
    c.store(keys[3], "so", write_file(d.path / "in", kb));
    CHECK(c.stats().evictions == 1);
    CHECK(c.stats().entries == 3);
    CHECK_FALSE(fs::exists(paths[1])); // the least recently used
    CHECK(fs::exists(paths[0]));
    CHECK(fs::exists(paths[2]));
    CHECK(c.lookup(keys[3], "so"));
    // An entry larger than the limit is kept (it is about to be used) and evicts the rest.
    KernelCache tiny(d.path / "c", 10);
    fs::path big = tiny.store(KernelCache::key({"big"}), "so", write_file(d.path / "in", kb));
    CHECK(fs::exists(big));
    CHECK(tiny.stats().entries == 1);
}

TEST_CASE("the directory is listed when the known bytes pass the limit, not at every store") {
    TempDir d;
    std::string kb(1000, 'x');
    KernelCache a(d.path, 4000);  // an entry: 1000 bytes and a sidecar of about 80
    a.store(KernelCache::key({"a"}), "so", write_file(d.path / "in", kb));
    CHECK(std::stoull(contents(d.path / "listing")) > 1000);  // the first store lists
    // Another process's entry, older than all: the next stores do not list, so it stays
    // while the bytes this object knows of fit.
    fs::path other = d.path / (KernelCache::key({"other"}) + ".so");
    write_file(other, std::string(3000, 'o'));
    age(other, 1000);
    a.store(KernelCache::key({"b"}), "so", write_file(d.path / "in", kb));
    CHECK(fs::exists(other));
    // A new object starts from the listing left beside the entries (a process that
    // stores once need not list either).
    KernelCache b(d.path, 4000);
    b.store(KernelCache::key({"c"}), "so", write_file(d.path / "in", kb));
    CHECK(fs::exists(other));
    CHECK(b.stats().evictions == 0);
    // Its next store passes the limit as far as it knows (about 2200 + 2100 bytes): it
    // lists, and evicts the oldest entries until the rest fit.
    fs::path last = b.store(KernelCache::key({"d"}), "so", write_file(d.path / "in", kb + kb));
    CHECK_FALSE(fs::exists(other));
    CHECK(fs::exists(last));
    CHECK(b.stats().evictions >= 1);
    CHECK(b.stats().bytes <= 4000);
    CHECK(std::stoull(contents(d.path / "listing")) == b.stats().bytes);
}

TEST_CASE("two cache objects share one directory") {
    TempDir d;
    KernelCache a(d.path, 1 << 20), b(d.path, 1 << 20);
    std::string k = KernelCache::key({"shared"});
    a.store(k, "so", write_file(d.path / "in", "from a"));
    auto found = b.lookup(k, "so");
    REQUIRE(found);
    CHECK(contents(*found) == "from a");
    b.store(k, "so", write_file(d.path / "in", "from b")); // a re-store replaces atomically
    CHECK(contents(*a.lookup(k, "so")) == "from b");
    b.clear();
    CHECK_FALSE(a.lookup(k, "so"));
    CHECK(fs::exists(d.path / "in")); // clear removes only the cache's own files
}

TEST_CASE("concurrent stores and lookups from threads") {
    TempDir d;
    KernelCache c(d.path, 1 << 20);
    constexpr int threads = 8, rounds = 20;
    std::vector<std::thread> pool;
    std::vector<int> bad(threads, 0);
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            for (int r = 0; r < rounds; ++r) {
                // Half the keys are shared between threads: same key, same content.
                std::string name = (r % 2 ? "shared" : "own" + std::to_string(t)) + std::to_string(r);
                std::string k = KernelCache::key({name});
                fs::path in = d.path / ("in-" + std::to_string(t));
                c.store(k, "so", write_file(in, name + std::string(100, '.')));
                auto found = c.lookup(k, "so");
                if (!found || contents(*found) != name + std::string(100, '.')) ++bad[(size_t)t];
            }
        });
    for (std::thread &th : pool) th.join();
    for (int t = 0; t < threads; ++t) CHECK(bad[(size_t)t] == 0);
    auto s = c.stats();
    CHECK(s.entries == threads * rounds / 2 + rounds / 2);
    CHECK(s.disk_hits == threads * rounds);
    for (const auto &e : fs::directory_iterator(d.path)) // no temporary file left behind
        CHECK(e.path().filename().string().find(".tmp-") == std::string::npos);
}

TEST_CASE("an unusable directory degrades to no caching") {
    TempDir d;
    fs::path blocker = write_file(d.path / "file", "not a directory");
    KernelCache c(blocker / "cache", 1 << 20);
    std::string k = KernelCache::key({"x"});
    fs::path in = write_file(d.path / "in", "bytes");
    CHECK(c.store(k, "so", in) == in); // the caller keeps using its own file
    CHECK(c.store(k, "so", in) == in); // (warned once)
    CHECK_FALSE(c.lookup(k, "so"));
    CHECK(c.stats().entries == 0);
    c.clear();
    KernelCache off("", 1 << 20);
    CHECK(off.store(k, "so", in) == in);
    CHECK_FALSE(off.lookup(k, "so"));
}

TEST_CASE("keys and extensions cannot escape the directory") {
    TempDir d;
    KernelCache c(d.path, 1 << 20);
    CHECK_THROWS(c.lookup("../../etc/passwd", "so"));
    CHECK_THROWS(c.lookup(KernelCache::key({"k"}), "so/../x"));
}

TEST_CASE("remembered_version asks the tool once while its file is unchanged") {
    TempDir d;
    fs::path tool = d.path / "tool", memo = d.path / "sub" / "tool.id";
    { std::ofstream(tool) << "v1"; }
    int asked = 0;
    auto ask = [&]() -> std::optional<std::pair<std::string, std::string>> {
        ++asked;
        return std::make_pair(tool.string(), "tool " + std::to_string(asked));
    };
    CHECK(remembered_version(memo, "req", ask) == std::string("tool 1"));
    CHECK(fs::exists(memo));  // its folder made on the way
    CHECK(remembered_version(memo, "req", ask) == std::string("tool 1"));
    CHECK(asked == 1);
    // Another request (another $LOOM_NVRTC, another compiler file) asks again.
    CHECK(remembered_version(memo, "other", ask) == std::string("tool 2"));
    // The tool's file changes (size): asked again.
    { std::ofstream(tool) << "version 2"; }
    CHECK(remembered_version(memo, "other", ask) == std::string("tool 3"));
    CHECK(remembered_version(memo, "other", ask) == std::string("tool 3"));
    // No memo file: always asks; a tool that cannot answer gives nullopt.
    CHECK(remembered_version(fs::path(), "other", ask) == std::string("tool 4"));
    CHECK(!remembered_version(d.path / "x.id", "req",
                                       []() -> std::optional<std::pair<std::string, std::string>> {
                                           return std::nullopt;
                                       }));
    CHECK(!fs::exists(d.path / "x.id"));
}
