// Unit tests of the CUDA backend's host side without a GPU: the device memory pool over a
// fake allocator (reuse, size classes, out-of-memory retry and message), launch sizes,
// and generated host programs run end to end on a fake device whose "device memory" is
// host memory and whose launches only record their names (so kernel results are garbage,
// but residency -- uploads, downloads, launches -- and error reporting are real); the
// runtime's fill kernels (iota, replicate) are run by the fake, checking their arguments.
#include "CorpusUtil.h"

#include "compiler/Pipeline.h"
#include "compiler/backend/cuda/CudaBackend.h"
#include "runtime/cuda/CudaDevice.h"
#include "runtime/cuda/DevicePool.h"
#include "runtime/cuda/Nvrtc.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <algorithm>
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

TEST_CASE("cuda pool: release_all at the end returns blocks in use and free ones, once") {
    FakeAllocator fa;
    DevicePool pool(fa);
    uint64_t a = pool.alloc(1000), b = pool.alloc(100);
    pool.alloc(5000);
    pool.free(b, 100);
    pool.release_all();
    CHECK(fa.live.empty());
    CHECK(fa.frees == 3);
    CHECK(pool.used_bytes() == 0);
    pool.free(a, 1000); // an owner letting go afterwards: ignored, not freed twice
    CHECK(fa.frees == 3);
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
    std::vector<std::pair<int64_t, int>> grids; ///< each launch's blocks and threads per block
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
    void download(void *dst, uint64_t src, uint64_t n) override {
        log.push_back("down");
        std::memcpy(dst, (void *)src, n);
    }
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
    /** Launches ("k0"), failure-record reads ("err") and downloads ("down"), in order. */
    std::vector<std::string> log;
    void launch(const char *fn, int64_t grid, int block, void **args) override {
        CHECK(grid >= 1);
        CHECK(block >= 1);
        launched.push_back(fn);
        log.push_back(fn);
        grids.push_back({grid, block});
        fill(fn, args);
    }
    /** The fill kernels at the end of loom_cuda_rt.h, as the device runs them. */
    static void fill(const std::string &fn, void **a) {
        auto arg = [&](int i) { return *(int64_t *)a[i]; };
        char *dst = *(char **)a[0];
        int64_t n = arg(1);
        if (fn == "loom_iota_i64") {
            for (int64_t i = 0; i < n; i++)
                ((int64_t *)dst)[i] = i;
        } else if (fn.rfind("loom_fill_rows_", 0) == 0) {
            size_t b = std::stoul(fn.substr(15));
            const char *row = *(const char **)a[2];
            for (int64_t i = 0; i < n; i++)
                std::memcpy(dst + i * b, row + (i % arg(3)) * b, b);
        } else if (fn.rfind("loom_fill_", 0) == 0) {
            size_t b = std::stoul(fn.substr(10));
            for (int64_t i = 0; i < n; i++)
                std::memcpy(dst + i * b, a[2], b); // the low bytes of the bits
        }
    }
    void read_err(runtime::DevErr *e) override {
        log.push_back("err");
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
    auto buf = std::make_shared<Bytes>(reinterpret_cast<const uint8_t *>(xs.data()), xs.size() * 4);
    return Value::prim_array(PrimType::I32, {(int64_t)xs.size()}, buf);
}
Value i64v(int64_t x) { return Value(PrimValue::integer(PrimType::I64, (uint64_t)x)); }

/** Every device block was freed but the copies of arguments the entry keeps for its next
 * call. */
bool only_kept(const Run &r) { return r.dev->live.size() == r.entry->kept_args(); }

std::vector<int32_t> i32s_of(const Value &v) {
    std::vector<int32_t> xs((size_t)v.num_elements());
    std::memcpy(xs.data(), v.data(), xs.size() * 4);
    return xs;
}

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
    CHECK(only_kept(r));
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
        CHECK(only_kept(r)); // every device block was freed but the argument's copy
    }
    SUBCASE("arrays stay on the device across a loop; host reads download") {
        Run r = build("entry main (xs: []i32) =\n"
                      "  loop (ys, s) = (xs, 0) for i < 3 do (map (+1) ys, s + ys[0])");
        r.entry->call({i32s({1, 2, 3, 4})});
        runtime::TransferStats s = r.entry->last_run();
        CHECK(r.dev->launched.size() == 3);
        CHECK(s.uploads == 1);   // xs, before the first kernel
        CHECK(s.downloads == 3); // ys[0] in iterations 2 and 3, the result
        CHECK(only_kept(r));
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
    SUBCASE("a scan is one launch; its status words are zeroed first") {
        Run r = build("entry main (xs: []i32) = scan (+) 0 xs");
        r.entry->call({i32s(std::vector<int32_t>(20000, 1))}); // 3 tiles of 8192 rows (256 x 32)
        CHECK(r.dev->launched == std::vector<std::string>{"k0"});
        CHECK(r.dev->grids == std::vector<std::pair<int64_t, int>>{{3, 256}}); // a block per tile
        REQUIRE(r.dev->zeroed.size() == 1);
        CHECK(r.dev->zeroed[0].second == 3 * 8); // one 64-bit status word per tile
        CHECK(only_kept(r));
    }
    SUBCASE("a scan with a reduction: flags, per-tile values, the result read back") {
        Run r = build("entry main (xs: []i64) = let ys = scan (+) 0 xs in (ys, i64.maximum xs)");
        r.entry->call({Value::prim_array(PrimType::I64, {0})});
        CHECK(r.dev->launched == std::vector<std::string>{"k0"});
        REQUIRE(r.dev->zeroed.size() == 1); // the flags (launch order: no tile counter)
        CHECK(r.dev->zeroed[0].second == 4); // an empty scan still has tile 0: one flag
        CHECK(r.entry->last_run().downloads >= 1); // the reduction's scalar
        CHECK(only_kept(r));
    }
}

TEST_CASE("cuda host program: results keep the program's blocks, their device copies freed") {
    if (!have_nvrtc())
        return;
    Value xs = i32s({1, 2, 3});
    Value r;
    std::shared_ptr<FakeProgram> dev;
    {
        Run run = build("entry main (xs: []i32) = let ys = map (*2) xs in (ys, ys, xs)");
        dev = run.dev;
        r = run.entry->call({xs});
        CHECK(only_kept(run)); // the results' device copies went at the end of the call
        CHECK(run.entry->last_run().downloads == 1);
    } // the entry (and but for the results its shared object) released here
    CHECK(dev->live.empty());
    REQUIRE(r.elems().size() == 3);
    Value a = r.elems()[0], b = r.elems()[1], c = r.elems()[2];
    CHECK(a.num_elements() == 3); // (their values: the fake runs no kernels; the
    CHECK(b.num_elements() == 3); // emulator's corpus checks them)
    CHECK(i32s_of(c) == std::vector<int32_t>{1, 2, 3});
    CHECK(b.buffer()->foreign());  // the host program's block, lent
    CHECK(!a.buffer()->foreign()); // the same block returned twice: copied but once
    CHECK(c.buffer() == xs.buffer()); // an argument returned whole: its storage shared
    r = a = Value();
    b = Value(); // released with no device bound: nothing left to free there
    CHECK(dev->live.empty());
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
    CHECK(only_kept(r));
}

TEST_CASE("cuda host program: kernels' failures are read before host reads and at the end, "
          "not after each launch") {
    if (!have_nvrtc())
        return;
    auto count = [](const std::vector<std::string> &log, const std::string &what) {
        return std::count(log.begin(), log.end(), what);
    };
    SUBCASE("a loop of kernels that can fail: read at the end, and after every 64") {
        Run r = build(
            "entry main (xs: []i64) (n: i32) = loop ys = xs for _i < n do map (\\y -> xs[y]) ys");
        Value xs = Value::prim_array(PrimType::I64, {3});
        r.entry->call({xs, Value(PrimValue::integer(PrimType::I32, 10))});
        CHECK(count(r.dev->log, "k0") == 10);
        CHECK(count(r.dev->log, "err") == 1);
        CHECK(r.dev->log.at(10) == "err"); // after the last launch, before the results go
        r.dev->log.clear();
        r.entry->call({xs, Value(PrimValue::integer(PrimType::I32, 100))});
        CHECK(count(r.dev->log, "k0") == 100);
        CHECK(count(r.dev->log, "err") == 2);
        CHECK(r.dev->log.at(64) == "err");
        // The first kernel fails: its error, after at most 64 launches.
        r.dev->log.clear();
        r.dev->err.set = 1;
        r.dev->err.kind = 0; // E_MSG
        r.dev->err.loc = 0;
        std::strcpy(r.dev->err.msg, "the kernel's failure");
        try {
            r.entry->call({xs, Value(PrimValue::integer(PrimType::I32, 1000))});
            FAIL("expected the kernel's failure");
        } catch (const RuntimeError &e) {
            CHECK(e.message() == "the kernel's failure");
        }
        CHECK(count(r.dev->log, "k0") == 64);
        CHECK(only_kept(r));
    }
    SUBCASE("a host read of a kernel's result reads the failures first") {
        Run r = build(
            "entry main (xs: []i64) (is: []i64) = let ys = map (\\i -> xs[i]) is in ys[0] + 1");
        Value xs = Value::prim_array(PrimType::I64, {3});
        r.entry->call({xs, xs});
        CHECK(r.dev->log == std::vector<std::string>{"k0", "err", "down"});
    }
    SUBCASE(
        "a kernel that failed before a host failure: the kernel's error, as in the interpreter") {
        Run r = build("entry main (xs: []i64) (is: []i64) (j: i64) =\n"
                      "  let ys = map (\\i -> xs[i]) is in (ys, xs[j])");
        r.dev->err.set = 1;
        r.dev->err.kind = 0;
        r.dev->err.loc = 0;
        std::strcpy(r.dev->err.msg, "the kernel's failure");
        Value xs = Value::prim_array(PrimType::I64, {3});
        try {
            r.entry->call({xs, xs, i64v(7)}); // xs[7] fails on the host, after the kernel
            FAIL("expected the kernel's failure");
        } catch (const RuntimeError &e) {
            CHECK(e.message() == "the kernel's failure");
        }
        try { // the failure was read (and cleared): the host's own error now
            r.entry->call({xs, xs, i64v(7)});
            FAIL("expected the host's index error");
        } catch (const RuntimeError &e) {
            CHECK(e.message() == "Index [7] out of bounds for array of shape [3].");
        }
        CHECK(only_kept(r));
    }
    SUBCASE("a kernel with a while loop is launched after the failures are read") {
        Run r = build("entry main (xs: []i64) (is: []i64) (n: i32) =\n"
                      "  loop ys = map (\\i -> xs[i]) is for _i < n do\n"
                      "    map (\\y -> loop y while y > 1 do y - 2) ys");
        Value xs = Value::prim_array(PrimType::I64, {3});
        r.entry->call({xs, xs, Value(PrimValue::integer(PrimType::I32, 2))});
        INFO(doctest::toString(r.dev->log.size()));
        REQUIRE(r.dev->log.size() >= 4);
        CHECK(r.dev->log[0] == "k0");  // the map that can fail
        CHECK(r.dev->log[1] == "err"); // read before the loop's kernel...
        CHECK(r.dev->log[2] != "err");
        CHECK(r.dev->log[3] != "err"); // ... and not again: the while kernel cannot fail
    }
    SUBCASE("a kernel whose loop polls: its interruption is read at the end, and stops the call") {
        // (Note [Stopping a kernel]: a GPU's threads record E_INTERRUPT when the host's
        // flag is set; the fake device's record stands for it.)
        Run r = build("entry main (xs: []i64) = map (\\x -> loop y = x while y > 1 do y - 2) xs");
        Value xs = Value::prim_array(PrimType::I64, {3});
        r.entry->call({xs});
        CHECK(r.dev->log == std::vector<std::string>{"k0", "err", "down"});
        r.dev->log.clear();
        r.dev->err.set = 1;
        r.dev->err.kind = 5; // E_INTERRUPT
        r.dev->err.loc = -1;
        CHECK_THROWS_AS(r.entry->call({xs}), Interrupted);
        r.dev->err.set = 0;
        CHECK(r.entry->call({xs}).num_elements() == 3);
    }
}

TEST_CASE("cuda host program: a stencil loop launches two steps at a time, then the last") {
    if (!have_nvrtc())
        return;
    const char *src = "entry main [n][m] (k: i32) (g: [n][m]i32) = loop g for _i < k do "
                      "tabulate_2d n m (\\i j -> g[i64.max 0 (i - 1), j] + g[i, j] * 2)";
    Run r = build(src);
    Value g = Value::prim_array(PrimType::I32, {3, 4});
    for (int k : {0, 1, 2, 5}) {
        CAPTURE(k);
        r.dev->launched.clear();
        r.entry->call({Value(PrimValue::integer(PrimType::I32, (uint64_t)k)), g});
        std::vector<std::string> want(k / 2, "k0_2");
        if (k % 2)
            want.push_back("k0");
        CHECK(r.dev->launched == want);
    }
    CHECK(only_kept(r));
    // Four a launch when asked: 10 steps are two such launches and two single steps.
    setenv("LOOM_CUDA_STENCIL_STEPS", "4", 1);
    Run four = build(src);
    unsetenv("LOOM_CUDA_STENCIL_STEPS");
    four.entry->call({Value(PrimValue::integer(PrimType::I32, 10)), g});
    CHECK(four.dev->launched == std::vector<std::string>{"k0_4", "k0_4", "k0", "k0"});
    CHECK(only_kept(four));
}

TEST_CASE("cuda host program: a host read of one element downloads only that element") {
    if (!have_nvrtc())
        return;
    // (A map of a few scalar operations would be computed at the read instead: the
    // simplifier's element_of_map.  An `if` keeps it a kernel.)
    Run r = build("entry main (xs: []i32) (i: i64) =\n"
                  "  let ys = map (\\x -> if x > 0 then x + 1 else 0) xs in ys[i]");
    r.entry->call({i32s({1, 2, 3, 4}), i64v(2)});
    runtime::TransferStats s = r.entry->last_run();
    CHECK(r.dev->launched == std::vector<std::string>{"k0"});
    CHECK(s.downloads == 1);
    CHECK(s.download_bytes == 4);
    // The index is checked on the host, from the shape: nothing is downloaded.
    try {
        r.entry->call({i32s({1, 2, 3, 4}), i64v(7)});
        FAIL("expected an index error");
    } catch (const RuntimeError &e) {
        CHECK(e.message() == "Index [7] out of bounds for array of shape [4].");
        CHECK(e.loc().line == 2);
    }
    CHECK(r.entry->last_run().downloads == 0);
    CHECK(only_kept(r));
}

TEST_CASE("cuda host program: a loop over many elements downloads the array after a few") {
    if (!have_nvrtc())
        return;
    Run r = build("entry main (xs: []i32) =\n"
                  "  let ys = map (\\x -> if x > 0 then x + 1 else 0) xs\n"
                  "  in loop s = 0 for i < 20 do s + ys[i]");
    r.entry->call({i32s(std::vector<int32_t>(20, 1))});
    runtime::TransferStats s = r.entry->last_run();
    CHECK(s.downloads == 9);                // 8 single elements, then the whole array
    CHECK(s.download_bytes == 8 * 4 + 128); // blocks are rounded up to 64 bytes
}

TEST_CASE("cuda host program: iotas and replicates that kernels read are filled on the device") {
    if (!have_nvrtc())
        return;
    SUBCASE("replicate of a scalar as a scatter's destination") {
        Run r = build("entry main (n: i64) (x: i32) (is: []i64) = scatter (replicate n x) is (map i32.i64 is)");
        Value v = r.entry->call({i64v(5), Value(PrimValue::integer(PrimType::I32, (uint64_t)-7)),
                                 Value::prim_array(PrimType::I64, {0})});
        CHECK(r.dev->launched.at(0) == "loom_fill_4");
        CHECK(i32s_of(v) == std::vector<int32_t>(5, -7)); // no indices: the fill is the result
        CHECK(r.entry->last_run().uploads == 0);
        CHECK(only_kept(r));
    }
    SUBCASE("replicate of an array row") {
        Run r = build("entry main (n: i64) (xs: [][]i32) (is: []i64) =\n"
                      "  scatter (replicate n (copy xs[0])) is xs");
        Value xs = Value::prim_array(PrimType::I32, {2, 2}, i32s({1, 2, 3, 4}).buffer());
        Value v = r.entry->call({i64v(3), xs, Value::prim_array(PrimType::I64, {2})});
        CHECK(r.dev->launched == std::vector<std::string>{"loom_fill_rows_4", "k0"});
        CHECK(i32s_of(v) == std::vector<int32_t>{1, 2, 1, 2, 1, 2}); // the scatter did not run
        CHECK(r.entry->last_run().uploads == 2); // xs (the row is its first), is
        CHECK(only_kept(r));
    }
    SUBCASE("an iota a kernel reads, also a result") {
        Run r = build("entry main (n: i64) (is: []i64) =\n"
                      "  let a = iota n in (scatter (copy a) is is, a)");
        Value v = r.entry->call({i64v(4), Value::prim_array(PrimType::I64, {0})});
        CHECK(r.dev->launched == std::vector<std::string>{"loom_iota_i64", "k0"});
        std::vector<int64_t> want{0, 1, 2, 3}, got(4);
        for (const Value &x : v.elems()) {
            std::memcpy(got.data(), x.data(), 32);
            CHECK(got == want);
        }
        CHECK(r.entry->last_run().uploads == 0);
    }
    SUBCASE("an iota the kernels compute themselves is not generated; its size is checked") {
        Run r = build("entry main (n: i64) (xs: []i32) = let m = replicate n xs in map i32.sum m");
        r.entry->call({i64v(2), i32s({1, 2})});
        CHECK(std::count(r.dev->launched.begin(), r.dev->launched.end(), "loom_iota_i64") == 0);
        CHECK(r.entry->code.find("// not read") != std::string::npos);
    }
    SUBCASE("a negative size: the interpreter's message, checked on the host") {
        Run r = build("entry main (n: i64) (is: []i64) = scatter (replicate n 1i32) is (map i32.i64 is)");
        try {
            r.entry->call({i64v(-1), Value::prim_array(PrimType::I64, {0})});
            FAIL("expected a size error");
        } catch (const RuntimeError &e) {
            CHECK(e.message() == "replicate: negative size -1");
            CHECK(e.loc().line == 1);
        }
        CHECK(r.dev->launched.empty());
    }
}

TEST_CASE("cuda host program: array arguments stay on the device from one call to the next") {
    if (!have_nvrtc())
        return;
    Run r = build("entry main (xs: []i32) (ys: []i32) = map2 (+) xs ys");
    std::vector<Value> args{i32s({1, 2, 3}), i32s({4, 5, 6})};
    r.entry->call(args);
    CHECK(r.entry->last_run().uploads == 2);
    r.entry->call(args); // the same Values: nothing to upload
    CHECK(r.entry->last_run().uploads == 0);
    CHECK(r.entry->kept_args() == 2);
    CHECK(only_kept(r));
    // The same buffer twice is one copy.
    r.entry->call({args[0], args[0]});
    CHECK(r.entry->last_run().uploads == 0);
    CHECK(r.entry->kept_args() == 1); // ys's copy, unused, was freed
    CHECK(only_kept(r));
    // A value updated in place is copied first (the entry holds its buffer): uploaded again.
    Value a = args[0];
    auto before = a.buffer();
    a.make_unique_storage();
    CHECK(a.buffer() != before);
    std::memset(a.mutable_data(), 0, 12);
    r.entry->call({a, args[1]});
    CHECK(r.entry->last_run().uploads == 2);
    CHECK(r.entry->kept_args() == 2);
    std::weak_ptr<Bytes> held = args[1].buffer();
    args.clear();
    before.reset();
    CHECK(!held.expired()); // ys's buffer is held with its copy...
    r.entry->call({a, i32s({7, 8, 9})});
    CHECK(held.expired()); // ...until a call does not use it
    r.entry.reset();
    CHECK(r.dev->live.empty()); // the entry freed its copies
}

TEST_CASE("cuda arrays: a result pending on the device is downloaded before its copy goes") {
    FakeProgram p;
    runtime::ArgCache c(true);
    const std::vector<int32_t> want{1, 2, 3, 4};
    // A result whose only valid copy is on the device (its host bytes still zeros).
    auto result = [&] {
        uint64_t dev = p.alloc(16);
        p.upload(dev, want.data(), 16);
        auto buf = std::make_shared<Bytes>(16);
        c.adopt(p, buf->raw(), 16, dev, 16, buf);
        buf->defer([&, base = buf->raw()](uint8_t *d, size_t from, size_t n) {
            c.fetch(p, base, (int64_t)from, (int64_t)n, d);
        });
        return buf;
    };
    auto same = [&](const BytesPtr &b) { return std::memcmp(b->raw(), want.data(), 16) == 0; };

    // One element read: of a small result, the whole (one transfer's latency either way).
    BytesPtr small = result();
    int32_t third = 0;
    small->peek(8, 4, reinterpret_cast<uint8_t *>(&third));
    CHECK(third == 3);
    CHECK(!small->pending());
    CHECK(same(small));
    // Of a large one, that element alone: still pending.
    {
        const size_t n = Bytes::peek_above + 64;
        std::vector<uint8_t> bytes(n);
        for (size_t i = 0; i < n; i++)
            bytes[i] = (uint8_t)(i * 7);
        uint64_t dev = p.alloc(n);
        p.upload(dev, bytes.data(), n);
        auto big = std::make_shared<Bytes>(n);
        c.adopt(p, big->raw(), (int64_t)n, dev, (int64_t)n, big);
        big->defer([&, base = big->raw()](uint8_t *d, size_t from, size_t k) {
            c.fetch(p, base, (int64_t)from, (int64_t)k, d);
        });
        uint8_t one = 0;
        big->peek(1000, 1, &one);
        CHECK(one == (uint8_t)(1000 * 7));
        CHECK(big->pending());
        CHECK(big->data()[n - 1] == (uint8_t)((n - 1) * 7));
        CHECK(!big->pending());
    }
    // Offered whole, it stays pending and the call gets its device copy.
    BytesPtr a = result();
    c.begin_call(p);
    c.offer(p, a->raw(), 16, a);
    CHECK(c.pending(a->raw(), 16) != 0);
    CHECK(a->pending());
    // Part of one, offered, is downloaded whole first.
    BytesPtr b = result();
    c.offer(p, b->raw() + 4, 8, b);
    CHECK(!b->pending());
    CHECK(same(b));
    CHECK(c.pending(b->raw() + 4, 8) == 0);
    // Out of memory, the copies the call does not use go, downloaded first while a Value
    // still holds them (a's is in use: it stays).
    BytesPtr d = result();
    CHECK(c.reclaim(p));
    CHECK(!d->pending());
    CHECK(same(d));
    CHECK(a->pending());
    c.end_call(p);
    // Read on the host, the last one is filled from its copy.
    CHECK(std::memcmp(a->data(), want.data(), 16) == 0);
    CHECK(!a->pending());
    // A buffer no Value holds any more is freed without a download.
    BytesPtr e = result();
    std::weak_ptr<Bytes> gone = e;
    e.reset();
    c.clear(p);
    CHECK(gone.expired());
    CHECK(p.live.empty());
}
