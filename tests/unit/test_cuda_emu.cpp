// Unit tests of the CUDA emulator (runtime/cuda/EmuDevice.h, loom_cuda_emu.h): hand-written
// kernels over the device runtime, built as host C++ and run on the emulated device --
// shared memory and __syncthreads across several blocks, warp shuffle reductions and
// scans, threads that exit early, atomics, deadlocks and invalid accesses reported as
// errors (not hangs or crashes) -- and a Loom program on the cuda backend with
// $LOOM_CUDA_EMULATE=1.
#include "CorpusUtil.h"

#include "compiler/Pipeline.h"
#include "compiler/backend/cpu/CpuBackend.h"
#include "compiler/backend/cuda/CudaBackend.h"
#include "core/Diagnostic.h"
#include "interpreter/Interpreter.h"
#include "runtime/cuda/EmuDevice.h"
#include "runtime/cuda/RuntimeText.h"
#include "session/Session.h"

#include "ScopedEnv.h"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <numeric>
#include <thread>
#include <vector>

using namespace loom;

namespace {

const char *kernels = R"(
// Each block reverses its 64 elements through shared memory.
extern "C" __global__ void reverse(Buf<int32_t, 1> in, Buf<int32_t, 1> out) {
    __shared__ int32_t sh[64];
    const int64_t i = lrt::gtid();
    sh[threadIdx.x] = in.data[i];
    __syncthreads();
    out.data[i] = sh[blockDim.x - 1 - threadIdx.x];
}
#ifdef LOOM_CUDA_EMU
extern "C" void reverse__emu(void **a) { reverse(*(Buf<int32_t, 1> *)a[0], *(Buf<int32_t, 1> *)a[1]); }
#endif

// Per warp: the sum (shuffle down, of 8-byte and 2-byte values) and an inclusive scan
// (shuffle up) of the threads' values.
extern "C" __global__ void warps(Buf<double, 1> sums, Buf<int16_t, 1> small, Buf<int64_t, 1> scan) {
    const unsigned lane = threadIdx.x & 31u;
    double v = (double)lrt::gtid();
    int16_t s = (int16_t)1;
    for (int d = 16; d > 0; d >>= 1) {
        v += lrt::shfl_down(v, d);
        s = (int16_t)(s + lrt::shfl_down(s, d));
    }
    if (lane == 0) {
        sums.data[lrt::gtid() / 32] = v;
        small.data[lrt::gtid() / 32] = s;
    }
    int64_t x = lrt::gtid();
    for (int d = 1; d < 32; d <<= 1) {
        int64_t up = lrt::shfl_up(x, d);
        if (lane >= (unsigned)d) x += up;
    }
    scan.data[lrt::gtid()] = x;
}
#ifdef LOOM_CUDA_EMU
extern "C" void warps__emu(void **a) {
    warps(*(Buf<double, 1> *)a[0], *(Buf<int16_t, 1> *)a[1], *(Buf<int64_t, 1> *)a[2]);
}
#endif

// Every third thread records a failure and exits before the barrier; the others are not
// held up by it and count themselves atomically (in shared memory, then globally).
extern "C" __global__ void early_exit(Buf<int32_t, 1> count) {
    __shared__ int32_t n;
    if (threadIdx.x == 0) n = 0;
    __syncthreads();
    if (threadIdx.x % 3 == 1) lrt::fail(7, "early");
    atomicAdd(&n, 1);
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd((int *)count.data, n);
}
#ifdef LOOM_CUDA_EMU
extern "C" void early_exit__emu(void **a) { early_exit(*(Buf<int32_t, 1> *)a[0]); }
#endif

// Half of each warp waits at __syncthreads, the other half at a shuffle.
extern "C" __global__ void mismatch() {
    if (threadIdx.x & 1) __syncthreads();
    else lrt::shfl_down((int32_t)threadIdx.x, 1);
}
#ifdef LOOM_CUDA_EMU
extern "C" void mismatch__emu(void **) { mismatch(); }
#endif

// Every thread but 0 waits for a flag that thread 0 never sets (it waits at a barrier).
extern "C" __global__ void spin(Buf<int32_t, 1> flag) {
    if (threadIdx.x == 0) __syncthreads();
    else while (lrt::vload(flag.data) == 0) lrt::stop_if_failed();
}
#ifdef LOOM_CUDA_EMU
extern "C" void spin__emu(void **a) { spin(*(Buf<int32_t, 1> *)a[0]); }
#endif
// The threads loop through a barrier without end.
extern "C" __global__ void livelock() {
    for (;;) __syncthreads();
}
#ifdef LOOM_CUDA_EMU
extern "C" void livelock__emu(void **) { livelock(); }
#endif

// The threads loop without end, polling as the generated loops do (LOOM_POLL).
extern "C" __global__ void endless(Buf<int64_t, 1> out) {
    unsigned poll_ = 0;
    int64_t x = threadIdx.x;
    while (x >= 0) {
        LOOM_POLL();
        x ^= 1;
    }
    out.data[threadIdx.x] = x;
}
#ifdef LOOM_CUDA_EMU
extern "C" void endless__emu(void **a) { endless(*(Buf<int64_t, 1> *)a[0]); }
#endif

// Thread 5 writes through a wild pointer.
extern "C" __global__ void wild(Buf<int32_t, 1> bad, Buf<int32_t, 1> out) {
    if (threadIdx.x == 5) bad.data[0] = 1;
    out.data[threadIdx.x] = 1;
}
#ifdef LOOM_CUDA_EMU
extern "C" void wild__emu(void **a) { wild(*(Buf<int32_t, 1> *)a[0], *(Buf<int32_t, 1> *)a[1]); }
#endif
)";

/** The kernels above on a fresh emulated device. */
std::shared_ptr<runtime::DeviceProgram> device() {
    const std::string cuda = cuda::cuda_runtime_text() + kernels;
    return runtime::emu_program(cpu::load_object(runtime::emu_prelude() + cuda, runtime::emu_shared_size(cuda), {},
                                                       runtime::emu_compiler_opt())
                                         .so);
}

/** A device buffer of n elements of T with its Buf (data pointer and shape). */
template <class T> struct DevBuf {
    struct {
        uint64_t data;
        int64_t shape[1];
    } buf;
    runtime::DeviceProgram &dev;
    DevBuf(runtime::DeviceProgram &d, int64_t n) : dev(d) {
        buf.data = dev.alloc((uint64_t)n * sizeof(T));
        buf.shape[0] = n;
        dev.zero(buf.data, (uint64_t)n * sizeof(T));
    }
    ~DevBuf() { dev.free(buf.data, (uint64_t)buf.shape[0] * sizeof(T)); }
    std::vector<T> get() const {
        std::vector<T> v((size_t)buf.shape[0]);
        dev.download(v.data(), buf.data, v.size() * sizeof(T));
        return v;
    }
};

} // namespace

TEST_CASE("cuda emulator: shared memory and __syncthreads, blocks one after another") {
    auto dev = device();
    dev->begin_call();
    DevBuf<int32_t> in(*dev, 256), out(*dev, 256);
    std::vector<int32_t> x(256);
    std::iota(x.begin(), x.end(), 0);
    dev->upload(in.buf.data, x.data(), 256 * 4);
    void *args[] = {&in.buf, &out.buf};
    dev->launch("reverse", 4, 64, args);
    std::vector<int32_t> r = out.get();
    for (int i = 0; i < 256; i++)
        CHECK(r[(size_t)i] == (i / 64) * 64 + 63 - i % 64);
    dev->end_call();
}

TEST_CASE("cuda emulator: warp shuffles reduce and scan values of any size") {
    auto dev = device();
    dev->begin_call();
    // 2 blocks of 48 threads: the second warp of each block has 16 threads.
    DevBuf<double> sums(*dev, 3);
    DevBuf<int16_t> small(*dev, 3);
    DevBuf<int64_t> scan(*dev, 96);
    void *args[] = {&sums.buf, &small.buf, &scan.buf};
    dev->launch("warps", 2, 48, args);
    // lanes of a warp: gtid / 32 names the warp's first row only for full warps
    std::vector<double> s = sums.get();
    CHECK(s[0] == 31 * 32 / 2);
    std::vector<int64_t> sc = scan.get();
    for (int b = 0; b < 2; b++)
        for (int t = 0; t < 48; t++) {
            int64_t g = b * 48 + t, first = b * 48 + (t / 32) * 32, want = 0;
            for (int64_t k = first; k <= g; k++)
                want += k;
            CHECK(sc[(size_t)g] == want);
        }
    CHECK(small.get()[0] == 32);
    dev->end_call();
}

TEST_CASE("cuda emulator: exited threads are not waited for; their failure is recorded") {
    auto dev = device();
    dev->begin_call();
    DevBuf<int32_t> count(*dev, 1);
    void *args[] = {&count.buf};
    dev->launch("early_exit", 3, 64, args);
    CHECK(count.get()[0] == 3 * (64 - 21)); // threads 1, 4, ..., 61 exit
    runtime::DevErr e{};
    dev->read_err(&e);
    CHECK(e.set == 1);
    CHECK(e.loc == 7);
    CHECK(std::string(e.msg) == "early");
    dev->read_err(&e); // read once, then cleared
    CHECK(e.set == 0);
    dev->end_call();
}

TEST_CASE("cuda emulator: a deadlock or a livelock is an error naming the kernel, not a hang") {
    auto dev = device();
    dev->begin_call();
    CHECK_THROWS_WITH_AS(dev->launch("mismatch", 1, 64, nullptr),
                         doctest::Contains("kernel `mismatch`: deadlock in block 0 of 64 threads (64 "
                                           "live); at __syncthreads: threads 1, 3, 5"),
                         RuntimeError);
    DevBuf<int32_t> flag(*dev, 1);
    void *args[] = {&flag.buf};
    CHECK_THROWS_WITH_AS(dev->launch("spin", 2, 64, args),
                         doctest::Contains("kernel `spin`: deadlock in block 0: a thread spins"),
                         RuntimeError);
    setenv("LOOM_CUDA_EMULATE_TIMEOUT", "0.2", 1);
    CHECK_THROWS_WITH_AS(dev->launch("livelock", 1, 64, nullptr),
                         doctest::Contains("kernel `livelock`: still running at its time limit"),
                         RuntimeError);
    unsetenv("LOOM_CUDA_EMULATE_TIMEOUT");
    // The device is usable after a deadlock.
    DevBuf<int32_t> in(*dev, 64), out(*dev, 64);
    void *rargs[] = {&in.buf, &out.buf};
    dev->launch("reverse", 1, 64, rargs);
    dev->end_call();
}

TEST_CASE("cuda emulator: a loop without end stops at its poll, at the time limit or at Ctrl-C") {
    auto dev = device();
    dev->begin_call();
    DevBuf<int64_t> out(*dev, 32);
    void *args[] = {&out.buf};
    setenv("LOOM_CUDA_EMULATE_TIMEOUT", "0.2", 1);
    CHECK_THROWS_WITH_AS(dev->launch("endless", 1, 32, args),
                         doctest::Contains("kernel `endless`: still running at its time limit"),
                         RuntimeError);
    unsetenv("LOOM_CUDA_EMULATE_TIMEOUT");
    // The flag set while thread 0 loops (it never comes back to the scheduler on its own).
    std::atomic<bool> stop{false};
    dev->set_interrupt(&stop);
    std::thread ctrl_c([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        stop = true;
    });
    CHECK_THROWS_AS(dev->launch("endless", 1, 32, args), Interrupted);
    ctrl_c.join();
    dev->end_call();
}

TEST_CASE("cuda emulator: a fault in a thread is an error, not a crash") {
    auto dev = device();
    dev->begin_call();
    DevBuf<int32_t> out(*dev, 64);
    struct {
        uint64_t data;
        int64_t shape[1];
    } bad{8, {1}};
    void *args[] = {&bad, &out.buf};
    CHECK_THROWS_WITH_AS(dev->launch("wild", 1, 64, args),
                         doctest::Contains("kernel `wild`: invalid memory access in thread 5 of block 0"),
                         RuntimeError);
    void *ok[] = {&out.buf, &out.buf};
    dev->launch("reverse", 1, 64, ok); // usable after the fault
    dev->end_call();
}

TEST_CASE("cuda emulator: transfers outside live allocations and bad frees are errors") {
    auto dev = device();
    dev->begin_call();
    uint64_t p = dev->alloc(100);
    char buf[200] = {};
    CHECK_NOTHROW(dev->upload(p, buf, 100));
    CHECK_THROWS_WITH_AS(dev->upload(p, buf, 101), doctest::Contains("outside every live allocation"),
                         RuntimeError);
    CHECK_THROWS_AS(dev->free(p, 50), RuntimeError);
    dev->free(p, 100);
    CHECK_THROWS_AS(dev->download(buf, p, 4), RuntimeError);
    dev->end_call();
}

TEST_CASE("cuda emulator: a program on the cuda backend under LOOM_CUDA_EMULATE=1") {
    test::ScopedEnv emulate("LOOM_CUDA_EMULATE", "1");
    // Several scan tiles (look-back), several blocks of partials, a filter and a hist.
    Program p = corpus::checked(R"(
entry main (n: i64) =
  let xs = map (\i -> i % 7 - 3) (iota n)
  let s = scan (+) 0 xs
  let t = reduce (+) 0 (map (* 2) xs)
  let f = filter (> 0) s
  let h = hist (+) 0 5 (map (\x -> x % 5) (iota n)) xs
  in (s[n - 1], t, length f, h[0], h[4]))");
    auto entry = compiler::compile_entry(p, "main", compiler::Backend::Cuda);
    auto interp = [](int64_t n) {
        int64_t s = 0, t = 0, f = 0, h0 = 0, h4 = 0;
        for (int64_t i = 0; i < n; i++) {
            int64_t x = i % 7 - 3;
            s += x;
            t += 2 * x;
            f += s > 0;
            if (i % 5 == 0)
                h0 += x;
            if (i % 5 == 4)
                h4 += x;
        }
        return std::vector<int64_t>{s, t, f, h0, h4};
    };
    for (int64_t n : {1, 100, 10000}) {
        Value r = entry->call({PrimValue::integer(PrimType::I64, (uint64_t)n)});
        std::vector<int64_t> want = interp(n);
        for (size_t k = 0; k < want.size(); k++)
            CHECK(r.elems().at(k).prim().i == want[k]);
    }
}

TEST_CASE("cuda emulator: Ctrl-C stops a kernel between its threads, and the entry runs again") {
    test::ScopedEnv emulate("LOOM_CUDA_EMULATE", "1");
    // The loop is the kernel's: the host program has none that would poll the flag.
    Program p = corpus::checked(R"(
entry main (n: i64) = map (\i -> loop s = 0 for j < 1000 do s + i * j) (iota n))");
    auto entry = compiler::compile_entry(p, "main", compiler::Backend::Cuda);
    std::atomic<bool> stop{true};
    Value n = PrimValue::integer(PrimType::I64, 100000);
    CHECK_THROWS_AS(entry->call({n}, &stop), Interrupted);
    stop = false;
    Value r = entry->call({n}, &stop);
    CHECK(r.num_elements() == 100000);
    CHECK(r.flat_prim(3).i == 3 * 999 * 1000 / 2);
}

TEST_CASE("cuda emulator: Ctrl-C stops a kernel whose loop has no end, and the entry runs again") {
    test::ScopedEnv emulate("LOOM_CUDA_EMULATE", "1");
    // `y ^ 1` keeps y >= 0: each thread loops until its poll finds the flag set.
    Program p = corpus::checked(R"(
entry main (n: i64) = map (\x -> loop y = x while y >= 0 do y ^ 1) (iota n))");
    auto entry = compiler::compile_entry(p, "main", compiler::Backend::Cuda);
    std::atomic<bool> stop{false};
    std::thread ctrl_c([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        stop = true;
    });
    CHECK_THROWS_AS(entry->call({PrimValue::integer(PrimType::I64, 3)}, &stop), Interrupted);
    ctrl_c.join();
    stop = false;
    CHECK(entry->call({PrimValue::integer(PrimType::I64, 0)}, &stop).num_elements() == 0);
}

TEST_CASE("cuda emulator: arrays of tuples and sums in and out, zipped lazily from columns") {
    test::ScopedEnv emulate("LOOM_CUDA_EMULATE", "1");
    // Elements are made from the device's results when read, after the call (a read
    // during it was an internal error) and with the device's values (not the host's
    // unwritten bytes); the next entry takes the columns they were zipped from.
    Program p = corpus::checked(R"(
type opt = #some (i64, [2]f32) | #none
entry pairs (n: i64) = zip (map (* 3) (iota n)) (map (\i -> (f32.i64 i, replicate 2 (i % 2 == 0))) (iota n))
entry use_pairs (ps: [](i64, (f32, [2]bool))) = map (\(a, (b, c)) -> if c[0] then f32.i64 a + b else b) ps
entry opts (n: i64) : []opt =
  map (\i -> if i % 3 == 0 then #none else #some (i, [f32.i64 i, 0.5])) (iota n)
entry use_opts (os: []opt) (o: opt) : ([]f32, opt) =
  (map (\x -> match x case #some (_, v) -> v[0] + v[1] case #none -> -1) os,
   match o case #some (k, v) -> #some (k + 1, v) case #none -> #none))");
    Interpreter in;
    in.load(p);
    auto i64 = [](int64_t x) { return Value(PrimValue::integer(PrimType::I64, (uint64_t)x)); };
    const Value none = Value::sum("none", {}), some = in.call("opts", {i64(3)}).flat_boxed(2);
    struct Case {
        const char *make, *use;
        std::vector<Value> more; // the use's other arguments
    };
    for (const Case &c : {Case{"pairs", "use_pairs", {}}, Case{"opts", "use_opts", {none}},
                          Case{"opts", "use_opts", {some}}}) {
        CAPTURE(c.use);
        auto make = compiler::compile_entry(p, c.make, compiler::Backend::Cuda);
        auto use = compiler::compile_entry(p, c.use, compiler::Backend::Cuda);
        for (int64_t n : {0, 3, 5001}) {
            CAPTURE(n);
            Value want = in.call(c.make, {i64(n)}), got = make->call({i64(n)});
            CHECK(values_equal(want, got));
            auto args = [&](const Value &a) {
                std::vector<Value> v{a};
                v.insert(v.end(), c.more.begin(), c.more.end());
                return v;
            };
            CHECK(values_equal(in.call(c.use, args(want)), use->call(args(got))));
            // Taken as the columns it was zipped from, which the device still has.
            REQUIRE(got.columns());
            CHECK(use->last_transfers().uploads == 0);
            // The interpreter's array is unzipped once: its columns are kept with it, and
            // the device's copies of them with those.
            CHECK(want.columns() == nullptr);
            Value first = use->call(args(want));
            CHECK(want.columns() != nullptr);
            CHECK(values_equal(use->call(args(want)), first));
            CHECK(use->last_transfers().uploads == 0);
        }
    }
}

TEST_CASE("cuda emulator: arrays stay on the device between entries while their Values live") {
    test::ScopedEnv emulate("LOOM_CUDA_EMULATE", "1");
    Program p = corpus::checked(R"(
entry make (n: i64) = map (\i -> i * 3) (iota n)
entry sum (xs: []i64) = i64.sum xs
entry twice (xs: []i64) = (i64.sum xs, map (+1) xs)
entry cat (xs: []i64) = concat xs xs
entry at (xs: []i64) (i: i64) = xs[i]
entry tailof (n: i64) = let ys = map (*3) (iota n) in ys[1:])");
    auto make = compiler::compile_entry(p, "make", compiler::Backend::Cuda);
    auto sum = compiler::compile_entry(p, "sum", compiler::Backend::Cuda);
    auto twice = compiler::compile_entry(p, "twice", compiler::Backend::Cuda);
    auto cat = compiler::compile_entry(p, "cat", compiler::Backend::Cuda);
    auto at = compiler::compile_entry(p, "at", compiler::Backend::Cuda);
    auto tailof = compiler::compile_entry(p, "tailof", compiler::Backend::Cuda);
    auto *cuda_sum = dynamic_cast<cuda::CudaEntry *>(sum.get());
    REQUIRE(cuda_sum);
    auto i64 = [](int64_t x) { return Value(PrimValue::integer(PrimType::I64, (uint64_t)x)); };
    const int64_t n = 5001, total = 3 * n * (n - 1) / 2; // not a multiple of 64 bytes

    // A result computed on the device stays there, not downloaded until the host reads
    // it: a later entry taking it as an argument uploads nothing.
    Value xs = make->call({i64(n)});
    CHECK(make->last_transfers().downloads == 0);
    CHECK(xs.buffer()->pending());
    // Shown abbreviated, only the elements shown come down.
    CHECK(format_value_abbrev(xs) ==
          "[0i64, 3i64, 6i64, ..., 14994i64, 14997i64, 15000i64]  -- shape [5001]; :print shows it all");
    CHECK(xs.buffer()->pending());
    const size_t kept = cuda_sum->kept_args();
    CHECK(sum->call({xs}).prim().i == total);
    CHECK(sum->last_transfers().uploads == 0);
    CHECK(xs.buffer()->pending());
    // A host program that reads it on the host downloads it there (and the host reads
    // the Value right after, through its own download).
    Value both = cat->call({xs});
    CHECK(cat->last_transfers().uploads == 0);
    CHECK(cat->last_transfers().downloads == 1);
    CHECK(both.flat_prim(2 * n - 1).i == 3 * (n - 1));
    CHECK(at->call({xs, i64(n - 2)}).prim().i == 3 * (n - 2));
    // Read element by element on the host: the first few alone, then all of it.
    CHECK(xs.flat_prim(n - 1).i == 3 * (n - 1));
    CHECK(xs.buffer()->pending());
    int64_t first = 0;
    for (int64_t i = 0; i < Bytes::peeks; i++)
        first += xs.flat_prim(i).i;
    CHECK(first == 3 * Bytes::peeks * (Bytes::peeks - 1) / 2);
    CHECK(!xs.buffer()->pending());
    // Part of a pending result, passed alone, is downloaded whole first (only whole
    // buffers' device copies are kept).
    Value zs = make->call({i64(n)});
    REQUIRE(zs.buffer()->pending());
    Value tail = Value::prim_array(PrimType::I64, {n - 1}, zs.buffer(), 1);
    CHECK(sum->call({tail}).prim().i == total);
    CHECK(!zs.buffer()->pending());
    CHECK(zs.flat_prim(1).i == 3);
    // A result that is part of a device block: downloaded, right, and usable again.
    Value part = tailof->call({i64(n)});
    CHECK(part.flat_prim(0).i == 3);
    CHECK(sum->call({part}).prim().i == total);
    // A host array is uploaded by its first use only, whichever entry uses it next.
    Value ys = Value::prim_array(PrimType::I64, {n});
    for (int64_t i = 0; i < n; i++)
        store_prim(PrimType::I64, ys.mutable_data(), i, PrimValue::integer(PrimType::I64, (uint64_t)i));
    CHECK(sum->call({ys}).prim().i == n * (n - 1) / 2);
    CHECK(sum->last_transfers().uploads == 1);
    Value r = twice->call({ys});
    CHECK(twice->last_transfers().uploads == 0);
    CHECK(r.elems().at(0).prim().i == n * (n - 1) / 2);
    // ... and the result of that call stays too.
    CHECK(sum->call({r.elems().at(1)}).prim().i == n * (n - 1) / 2 + n);
    CHECK(sum->last_transfers().uploads == 0);

    // Writing a Value held by the cache copies it first: the device copy stays right.
    Value w = xs;
    w.make_unique_storage();
    store_prim(PrimType::I64, w.mutable_data(), 0, PrimValue::integer(PrimType::I64, 1000));
    CHECK(sum->call({w}).prim().i == total + 1000);
    CHECK(sum->call({xs}).prim().i == total);

    // When the Values go, so do their device copies (at the end of the next call).
    CHECK(cuda_sum->kept_args() >= kept + 3);
    xs = Value();
    ys = Value();
    r = Value();
    w = Value();
    both = Value();
    zs = Value();
    tail = Value();
    part = Value();
    Value one = Value::prim_array(PrimType::I64, {1});
    store_prim(PrimType::I64, one.mutable_data(), 0, PrimValue::integer(PrimType::I64, 7));
    CHECK(sum->call({one}).prim().i == 7);
    CHECK(cuda_sum->kept_args() == kept);  // `one`'s copy in, make's result's gone
    one = Value();
}
