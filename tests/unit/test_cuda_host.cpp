// Unit tests of the CUDA backend's host side without a GPU: the device memory pool over a
// fake allocator (reuse, size classes, out-of-memory retry and message), launch sizes,
// and generated host programs run end to end on a fake device whose "device memory" is
// host memory and whose launches only record their names (so kernel results are garbage,
// but residency -- uploads, downloads, launches -- and error reporting are real).
#include "CorpusUtil.h"

#include "compiler/Pipeline.h"
#include "compiler/backend/cuda/CudaBackend.h"
#include "runtime/cuda/CudaDevice.h"
#include "runtime/cuda/DevicePool.h"
#include "runtime/cuda/Nvrtc.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <cstring>
#include <map>

using namespace loom;
using runtime::DeviceAllocator;
using runtime::DevicePool;

namespace {

/** Hands out fake addresses up to `capacity` bytes in use. */
struct FakeAllocator : DeviceAllocator {
    uint64_t capacity = 1 << 20, in_use = 0, next = 0x1000;
    int allocs = 0, frees = 0;
    bool broken = false;
    std::map<uint64_t, uint64_t> live;
    Status alloc(uint64_t bytes, uint64_t *ptr, std::string *why) override {
        allocs++;
        if (broken) {
            *why = "the fake is broken";
            return Status::Failed;
        }
        if (in_use + bytes > capacity)
            return Status::OutOfMemory;
        in_use += bytes;
        *ptr = next;
        live[next] = bytes;
        next += bytes;
        return Status::Ok;
    }
    void free(uint64_t ptr) override {
        frees++;
        in_use -= live.at(ptr);
        live.erase(ptr);
    }
};

} // namespace

TEST_CASE("cuda pool: size classes, reuse of freed blocks, out-of-memory retry and message") {
    CHECK(DevicePool::size_class(1) == 256);
    CHECK(DevicePool::size_class(256) == 256);
    CHECK(DevicePool::size_class(257) == 512);
    CHECK(DevicePool::size_class(5000) == 8192);
    FakeAllocator fa;
    {
        DevicePool pool(fa);
        CHECK(pool.alloc(0) == 0);
        uint64_t a = pool.alloc(1000); // class 1024
        uint64_t b = pool.alloc(100);  // class 256
        CHECK(fa.allocs == 2);
        pool.free(a, 1000);
        CHECK(pool.alloc(900) == a); // the same class: reused, no device call
        CHECK(fa.allocs == 2);
        pool.free(a, 900);
        uint64_t c = pool.alloc(2000); // another class: a fresh block
        CHECK(c != a);
        CHECK(fa.allocs == 3);
        // Out of memory: the free blocks (1024 + 2048 B) are released and the retry succeeds.
        pool.free(c, 2000);
        CHECK(pool.free_bytes() == 3072);
        fa.capacity = fa.in_use + 1024;
        uint64_t big = pool.alloc(4000); // class 4096: fits only after the release
        CHECK(big != 0);
        CHECK(pool.free_bytes() == 0);
        CHECK(fa.frees == 2);
        // Still out of memory after the retry: a clear error naming the size.
        try {
            pool.alloc(300000000);
            FAIL("expected out of memory");
        } catch (const RuntimeError &e) {
            CHECK(e.message().find("out of GPU memory") != std::string::npos);
            CHECK(e.message().find("300000000 bytes") != std::string::npos);
        }
        fa.broken = true;
        CHECK_THROWS_AS(pool.alloc(1 << 22), InternalError);
        fa.broken = false;
        pool.free(b, 100);
        pool.free(big, 4000);
    }
    CHECK(fa.live.empty()); // the pool's destructor released its free blocks
}

TEST_CASE("cuda launch sizes: enough blocks for the rows, no more than fill the device") {
    using runtime::launch_blocks;
    CHECK(launch_blocks(0, 256, 256 * 132) == 1);
    CHECK(launch_blocks(1, 256, 256 * 132) == 1);
    CHECK(launch_blocks(256, 256, 256 * 132) == 1);
    CHECK(launch_blocks(257, 256, 256 * 132) == 2);
    CHECK(launch_blocks(1 << 30, 256, 256 * 132) == 132);
    CHECK(launch_blocks(1 << 30, 1024, 100) == 1); // a device "smaller than one block"
}

namespace {

/** A device whose memory is host memory; launches are recorded, not run. */
struct FakeProgram : runtime::DeviceProgram {
    std::vector<std::string> launched;
    std::map<uint64_t, uint64_t> live;
    runtime::DevErr err{};  ///< what read_err reports (once)
    uint64_t limit = 1 << 30;
    uint64_t alloc(uint64_t bytes) override {
        if (bytes == 0)
            return 0;
        if (bytes > limit)
            throw RuntimeError({}, "out of GPU memory: cannot allocate " + std::to_string(bytes) + " bytes");
        void *p = std::calloc(1, bytes);
        live[(uint64_t)p] = bytes;
        return (uint64_t)p;
    }
    void free(uint64_t ptr, uint64_t bytes) override {
        CHECK(live.at(ptr) == bytes);
        live.erase(ptr);
        std::free((void *)ptr);
    }
    void upload(uint64_t dst, const void *src, uint64_t n) override { std::memcpy((void *)dst, src, n); }
    void download(void *dst, uint64_t src, uint64_t n) override { std::memcpy(dst, (void *)src, n); }
    void copy(uint64_t dst, uint64_t src, uint64_t n) override { std::memcpy((void *)dst, (void *)src, n); }
    /** The blocks zeroed (address, bytes), in order. */
    std::vector<std::pair<uint64_t, uint64_t>> zeroed;
    void zero(uint64_t dst, uint64_t n) override {
        CHECK(live.count(dst) == 1);
        CHECK(live[dst] >= n);
        std::memset((void *)dst, 0, n);
        zeroed.push_back({dst, n});
    }
    void occupancy(const char *, int want, int *block, int64_t *threads) override {
        *block = want > 0 ? want : 128;
        *threads = *block * 4;
    }
    void launch(const char *fn, int64_t grid, int block, void **) override {
        CHECK(grid >= 1);
        CHECK(block >= 1);
        launched.push_back(fn);
    }
    void read_err(runtime::DevErr *e) override {
        *e = err;
        err.set = 0;
    }
};

struct Run {
    std::shared_ptr<cuda::CudaEntry> entry;
    std::shared_ptr<FakeProgram> dev = std::make_shared<FakeProgram>();
    std::vector<SrcLoc> locs;
};

Run build(const std::string &src) {
    Program p = corpus::checked(src);
    compiler::Optimised o = compiler::optimise(p, "main");
    ir::Module m = o.module;
    Run r;
    cuda::CudaBuild b = cuda::compile(std::move(o));
    r.locs = b.code.locs;
    r.entry = std::make_shared<cuda::CudaEntry>(std::move(b), m, r.dev);
    return r;
}

Value i32s(std::vector<int32_t> xs) {
    auto buf = std::make_shared<std::vector<uint8_t>>(xs.size() * 4);
    std::memcpy(buf->data(), xs.data(), buf->size());
    return Value::prim_array(PrimType::I32, {(int64_t)xs.size()}, buf);
}
Value i64v(int64_t x) { return Value(PrimValue::integer(PrimType::I64, (uint64_t)x)); }

bool have_nvrtc() {
    if (auto why = runtime::nvrtc_unavailable()) {
        MESSAGE("skipped: " << *why);
        return false;
    }
    return true;
}

} // namespace

TEST_CASE("cuda host program: host-only code runs end to end, arguments never uploaded") {
    if (!have_nvrtc())
        return;
    Run r = build("entry main (xs: []i32) (i: i64) = (xs[i] + 1, copy xs with [0] = 5)");
    Value v = r.entry->call({i32s({10, 20, 30}), i64v(2)});
    REQUIRE(v.elems().size() == 2);
    CHECK(v.elems()[0].prim().u == 31);
    CHECK(v.elems()[1].flat_prim(0).u == 5);
    CHECK(v.elems()[1].flat_prim(1).u == 20);
    runtime::TransferStats s = r.entry->last_run();
    CHECK(s.uploads == 0);
    CHECK(s.downloads == 0);
    CHECK(s.launches == 0);
    // The same run-time error, message and location as the other backends.
    try {
        r.entry->call({i32s({10, 20, 30}), i64v(7)});
        FAIL("expected an index error");
    } catch (const RuntimeError &e) {
        CHECK(e.message() == "Index [7] out of bounds for array of shape [3].");
        CHECK(e.loc().line == 1);
    }
    CHECK(r.dev->live.empty());
}

TEST_CASE("cuda host program: residency -- each array is copied only when needed, never twice") {
    if (!have_nvrtc())
        return;
    SUBCASE("a kernel's input is uploaded once, its output downloaded once") {
        Run r = build("entry main (xs: []i32) = let ys = map (+1) xs in (ys, ys[0])");
        r.entry->call({i32s({1, 2, 3, 4})});
        runtime::TransferStats s = r.entry->last_run();
        CHECK(r.dev->launched == std::vector<std::string>{"k0"});
        CHECK(s.uploads == 1);
        CHECK(s.upload_bytes == 16);
        CHECK(s.downloads == 1);
        CHECK(s.download_bytes >= 16); // blocks are rounded up to 64 bytes
        CHECK(s.download_bytes <= 64);
        CHECK(r.dev->live.empty()); // every device block was freed
    }
    SUBCASE("arrays stay on the device across a loop; host reads download") {
        Run r = build("entry main (xs: []i32) =\n"
                      "  loop (ys, s) = (xs, 0) for i < 3 do (map (+1) ys, s + ys[0])");
        r.entry->call({i32s({1, 2, 3, 4})});
        runtime::TransferStats s = r.entry->last_run();
        CHECK(r.dev->launched.size() == 3);
        CHECK(s.uploads == 1);   // xs, before the first kernel
        CHECK(s.downloads == 3); // ys[0] in iterations 2 and 3, the result
        CHECK(r.dev->live.empty());
    }
    SUBCASE("a reduction's result is read back as a scalar") {
        Run r = build("entry main (xs: []i32) = i32.sum xs");
        r.entry->call({i32s({1, 2, 3, 4})});
        runtime::TransferStats s = r.entry->last_run();
        CHECK(r.dev->launched == std::vector<std::string>{"k0", "k0_final"});
        CHECK(s.uploads == 1);
        CHECK(s.downloads == 1);
        CHECK(s.download_bytes == 4); // the scalar only
    }
    SUBCASE("a scan is one launch; its status words and tile counter are zeroed first") {
        Run r = build("entry main (xs: []i32) = scan (+) 0 xs");
        r.entry->call({i32s(std::vector<int32_t>(5000, 1))}); // 3 tiles of 2048 rows
        CHECK(r.dev->launched == std::vector<std::string>{"k0"});
        REQUIRE(r.dev->zeroed.size() == 2);
        CHECK(r.dev->zeroed[0].second == 3 * 8); // one 64-bit status word per tile
        CHECK(r.dev->zeroed[1].second == 8);     // the tile counter
        CHECK(r.dev->live.empty());
    }
    SUBCASE("a scan with a reduction: flags, per-tile values, the result read back") {
        Run r = build("entry main (xs: []i64) = let ys = scan (+) 0 xs in (ys, i64.maximum xs)");
        r.entry->call({Value::prim_array(PrimType::I64, {0})});
        CHECK(r.dev->launched == std::vector<std::string>{"k0"});
        REQUIRE(r.dev->zeroed.size() == 2);
        CHECK(r.dev->zeroed[0].second == 4); // an empty scan still has tile 0: one flag
        CHECK(r.entry->last_run().downloads >= 1); // the reduction's scalar
        CHECK(r.dev->live.empty());
    }
}

TEST_CASE("cuda host program: kernel failures and device errors become the usual errors") {
    if (!have_nvrtc())
        return;
    Run r = build("entry main (xs: []i32) (is: []i64) = map (\\i -> xs[i]) is");
    r.dev->err.set = 1;
    r.dev->err.kind = 1; // E_INDEX
    r.dev->err.loc = 0;
    r.dev->err.na = 1;
    r.dev->err.nb = 1;
    r.dev->err.nums[0] = 9;
    r.dev->err.nums[1] = 3;
    Value is = Value::prim_array(PrimType::I64, {2});
    r.dev->err.set = 1;
    try {
        r.entry->call({i32s({1, 2, 3}), is});
        FAIL("expected the kernel's index error");
    } catch (const RuntimeError &e) {
        CHECK(e.message() == "Index [9] out of bounds for array of shape [3].");
        CHECK(e.loc().str() == r.locs.at(0).str());
    }
    r.dev->limit = 4; // the arrays do not fit: the pool's error, not an internal one
    try {
        r.entry->call({i32s({1, 2, 3}), is});
        FAIL("expected out of memory");
    } catch (const RuntimeError &e) {
        CHECK(e.message().find("out of GPU memory") != std::string::npos);
    }
    CHECK(r.dev->live.empty());
}
