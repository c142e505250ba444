/** \file
 * The device runtime of the CUDA the CUDA backend generates (compiler/backend/cuda):
 * embedded as text at the top of every generated translation unit and compiled by NVRTC
 * (no includes: NVRTC's built-ins only; the `#include`s below are pasted in by
 * cmake/EmbedText.cmake).  It gives device code the same `lrt::` API as
 * runtime/cpu/loom_cpu_rt.h, with the same scalar semantics (the interpreter's, shared in
 * runtime/common/loom_scalar_rt.h: wrap-around integers, floor division, f16 computed in
 * float and rounded after every operation, NaN-safe conversions), so the code inside
 * kernels is generated the same way.
 *
 * - Arrays inside a kernel are `Arr<T, R>`: a view (data + shape) of a kernel argument
 *   (`mem == nullptr`, never freed) or a thread-private block from the device heap
 *   (`malloc`), reference counted without atomics (only its thread sees it).
 * - Kernel arguments are `Buf<T, R>` (trivially copyable: pointer + shape).
 * - A failed check records the first error in `loom_err` (location index, kind, numbers,
 *   message) and ends the thread (PTX `exit`); the host reads it after the kernel.
 * - Block-level helpers: contiguous per-thread chunks (reductions and scans need not be
 *   commutative), warp shuffles of any primitive, CAS-loop atomics of any size.
 */
#ifndef LOOM_CUDA_EMU // the emulator (loom_cuda_emu.h) compiles this as host C++ after <cstdint>
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
#define INT64_MAX 9223372036854775807LL
#define INT64_MIN (-INT64_MAX - 1)
#define UINT64_MAX 18446744073709551615ULL
/** A kernel's dynamic shared memory (a scan's staging past 40 KiB): its size at launch is
 * the module's `loom_dsmem_<kernel>` (the emulator's is a static buffer). */
#define LOOM_DYN_SHARED(name) extern __shared__ __align__(16) unsigned char name[]
#endif
#ifndef NAN
#define NAN __int_as_float(0x7fc00000)
#endif
#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#endif
// A loop in a kernel polls for Ctrl-C every 1024 iterations (`poll_`: a counter the kernel
// declares where it loops): Note [Stopping a kernel], runtime/cuda/CudaDevice.cpp.
#ifdef LOOM_CUDA_EMU
#define LOOM_POLL() do { if ((++poll_ & 1023u) == 0) loom_emu_poll(); } while (0)
#else
#define LOOM_POLL() do { if ((++poll_ & 1023u) == 0 && loom_halt && *loom_halt) lrt::halt(); } while (0)
#endif
#define LOOM_SCAN_BLOCK 256

namespace lrt {

// ------------------------------------------------------------------ errors
enum ErrKind : int32_t { E_MSG = 0, E_INDEX, E_RANGE, E_SLICE, E_COERCE, E_INTERRUPT, E_INTERNAL };
// The failure record's layout, shared with the host (the include is pasted in too).
#include "loom_cuda_host_abi.h"
typedef DevErr Err;
} // namespace lrt

/** The first failure of the kernels since the host last read it (reading clears it): kernels
 * run in order, so it is the earliest failing kernel's. */
__device__ lrt::Err loom_err;
/** The host's "stop" (Ctrl-C) while kernels run: a flag in mapped host memory, set by the
 * host when it loads the module (null: it has none; the emulator polls its own). */
__device__ const volatile bool *loom_halt;

namespace lrt {

/** Claims `loom_err` for this failure (false: another thread's came first) and fills in
 * all but its na + nb numbers, which the caller copies (fail_nums: inline, so that a
 * pointer to its index tuples and shapes never goes to a call, which would keep them in
 * local memory, stored on every element, not only when a check fails). */
__device__ __noinline__ bool claim(int loc, int kind, const char *msg, int na, int nb, int64_t extra) {
    if (atomicCAS(&loom_err.set, 0, 1) != 0) return false;
    loom_err.loc = loc;
    loom_err.kind = kind;
    loom_err.na = na;
    loom_err.nb = nb;
    loom_err.extra = extra;
    int n = 0;
    for (; msg && msg[n] && n < 127; n++) loom_err.msg[n] = msg[n];
    loom_err.msg[n] = 0;
    return true;
}
[[noreturn]] __device__ inline void stop() {
#ifdef LOOM_CUDA_EMU
    loom_emu_exit();
#else
    asm volatile("exit;");
    __builtin_unreachable();
#endif
}
[[noreturn]] __device__ inline void fail(int loc, const char *msg) {
    if (claim(loc, E_MSG, msg, 0, 0, 0)) __threadfence();
    stop();
}
[[noreturn]] __device__ inline void fail_nums(int loc, int kind, const int64_t *a, int na,
                                              const int64_t *b, int nb, int64_t extra = 0) {
    na = na < 32 ? na : 32;
    nb = nb < 64 - na ? nb : 64 - na;
    if (claim(loc, kind, nullptr, na, nb, extra)) {
        for (int i = 0; i < na; i++) loom_err.nums[i] = a[i];
        for (int i = 0; i < nb; i++) loom_err.nums[na + i] = b[i];
        __threadfence();
    }
    stop();
}
/** Ends the thread for the host's stop (LOOM_POLL), recorded as the call's failure: the
 * host program reads it and the call is interrupted. */
[[noreturn]] __device__ __noinline__ void halt() {
    if (claim(-1, E_INTERRUPT, nullptr, 0, 0, 0)) __threadfence();
    stop();
}
[[noreturn]] __device__ inline void internal(const char *msg) {
    if (claim(-1, E_INTERNAL, msg, 0, 0, 0)) __threadfence();
    stop();
}

// ------------------------------------------------------------------ memory
struct Mem {
    int64_t rc;
    int64_t pad;
};
__device__ inline void inc(Mem *m) { if (m) m->rc++; }
__device__ inline void dec(Mem *m) { if (m && --m->rc == 0) free(m); }
__device__ inline Mem *mem_alloc(int64_t bytes) {
    if (bytes < 0) bytes = 0;
    Mem *m = (Mem *)malloc((size_t)bytes + sizeof(Mem));
    if (!m) fail(-1, "out of memory (device heap)");
    m->rc = 1;
    return m;
}
__device__ inline void move_bytes(void *dst, const void *src, int64_t n) {
    char *d = (char *)dst;
    const char *s = (const char *)src;
    if (d == s || n <= 0) return;
    if (d < s) for (int64_t i = 0; i < n; i++) d[i] = s[i];
    else for (int64_t i = n; i-- > 0;) d[i] = s[i];
}

/** A kernel argument: a device buffer and its shape. */
template <class T, int R> struct Buf {
    T *data;
    int64_t shape[R];
};

template <class T, int R> struct Arr {
    Mem *mem = nullptr;
    T *data = nullptr;
    int64_t shape[R];
    __device__ Arr() { for (int k = 0; k < R; k++) shape[k] = 0; }
    __device__ Arr(const Arr &o) : mem(o.mem), data(o.data) {
        for (int k = 0; k < R; k++) shape[k] = o.shape[k];
        inc(mem);
    }
    __device__ Arr(Arr &&o) noexcept : mem(o.mem), data(o.data) {
        for (int k = 0; k < R; k++) shape[k] = o.shape[k];
        o.mem = nullptr;
        o.data = nullptr;
    }
    __device__ Arr &operator=(const Arr &o) {
        inc(o.mem);
        dec(mem);
        mem = o.mem;
        data = o.data;
        for (int k = 0; k < R; k++) shape[k] = o.shape[k];
        return *this;
    }
    __device__ Arr &operator=(Arr &&o) noexcept {
        if (this != &o) {
            dec(mem);
            mem = o.mem;
            data = o.data;
            for (int k = 0; k < R; k++) shape[k] = o.shape[k];
            o.mem = nullptr;
            o.data = nullptr;
        }
        return *this;
    }
    __device__ ~Arr() { dec(mem); }
    __device__ int64_t inner(int from) const {
        int64_t n = 1;
        for (int k = from; k < R; k++) n *= shape[k];
        return n;
    }
    __device__ int64_t size() const { return inner(0); }
    __device__ bool unique() const { return mem && mem->rc == 1; }
};

template <class T> __device__ inline T &&mv(T &x) { return static_cast<T &&>(x); }

/** A borrowed view of a kernel argument. */
template <class T, int R> __device__ Arr<T, R> view(const Buf<T, R> &b) {
    Arr<T, R> a;
    a.data = b.data;
    for (int k = 0; k < R; k++) a.shape[k] = b.shape[k];
    return a;
}
template <class T, int R> __device__ Arr<T, R> alloc(const int64_t (&sh)[R]) {
    Arr<T, R> a;
    int64_t n = (int64_t)sizeof(T);
    bool empty = false;
    for (int k = 0; k < R; k++) {
        a.shape[k] = sh[k] < 0 ? 0 : sh[k];
        empty = empty || a.shape[k] == 0;
    }
    for (int k = 0; k < R && !empty; k++) {
        // A product that wrapped around would allocate a few bytes for a huge array.
        if (n > ((int64_t)1 << 62) / a.shape[k]) fail(-1, "out of memory (device heap)");
        n *= a.shape[k];
    }
    a.mem = mem_alloc(empty ? 0 : n);
    a.data = (T *)(a.mem + 1);
    return a;
}
template <class T, int R> __device__ Arr<T, R> alloc_rows(int64_t n, const int64_t *row_shape) {
    int64_t sh[R];
    sh[0] = n;
    for (int k = 1; k < R; k++) sh[k] = row_shape[k - 1];
    return alloc<T, R>(sh);
}
template <class T, int R> __device__ Arr<T, R> copy(const Arr<T, R> &a) {
    Arr<T, R> c = alloc<T, R>(a.shape);
    int64_t n = a.size();
    for (int64_t i = 0; i < n; i++) c.data[i] = a.data[i];
    return c;
}
template <class T, int R> __device__ Arr<T, R> take(Arr<T, R> &&a) {
    if (a.unique()) return mv(a);
    return copy(a);
}
template <class T, int R> __device__ Arr<T, R> own(const Arr<T, R> &a) {
    if (a.mem) return a;
    return copy(a);
}
template <class T> __device__ inline T own(const T &x) { return x; }

template <class T> __device__ inline void copy_elems(T *dst, const T *src, int64_t n) {
    for (int64_t i = 0; i < n; i++) dst[i] = src[i];
}
#include "../common/loom_array_rt.h"

// ------------------------------------------------------------------ scalars
// The scalar semantics are shared with the CPU runtime (runtime/common/loom_scalar_rt.h,
// included at the end); the bit casts are the device's.
__device__ inline uint64_t bits_of(double x) { return (uint64_t)__double_as_longlong(x); }
__device__ inline uint32_t bits_of(float x) { return (uint32_t)__float_as_uint(x); }
__device__ inline double f64_of_bits(uint64_t u) { return __longlong_as_double((long long)u); }
__device__ inline float f32_of_bits(uint32_t u) { return __uint_as_float(u); }

// ------------------------------------------------------------------ kernels
__device__ inline int64_t gtid() { return (int64_t)blockIdx.x * blockDim.x + threadIdx.x; }
__device__ inline int64_t gsize() { return (int64_t)gridDim.x * blockDim.x; }
/** Part p of np contiguous parts of [0, w): reductions and scans keep their order. */
__device__ inline void chunk(int64_t w, int64_t np, int64_t p, int64_t &lo, int64_t &hi) {
    int64_t q = w / np, r = w % np;
    lo = q * p + (p < r ? p : r);
    hi = lo + q + (p < r ? 1 : 0);
}
/** Index e of a tile staged in shared memory, one padding element every 32, so that the
 * threads of a warp reading consecutive runs of 8 hit different banks. */
template <class I> __host__ __device__ constexpr I padded(I e) { return e + (e >> 5); }
/** Index e of a tile of 4-byte elements staged in shared memory without padding, so that
 * 16-byte accesses at multiples of 4 stay aligned: the 16-byte pieces of each run of 32
 * elements are permuted (XOR) by the run's number.  A 16-byte access is served 8 threads
 * at a time; those 8 hit 8 different piece slots (banks) when they take the same piece of
 * 8 consecutive runs (threads' own rows, 32 a thread), pieces of 4 runs (16 a thread, 8:
 * 2 runs), or 8 consecutive pieces (a warp's coalesced stripe); 64 rows a thread put 2 in
 * a slot (checked by simulating the banks for 8 to 64 rows). */
template <class I> __host__ __device__ constexpr I swizzled(I e) { return e ^ (((e >> 5) & 7) << 2); }
/** 16 bytes copied from global to shared memory without passing through registers
 * (cp.async, sm_80 on; a plain copy before): they land once the thread waits for their
 * group (copy_wait), which copy_commit closes. */
__device__ inline void copy_async16(void *dst, const void *src) {
#if defined(LOOM_CUDA_EMU)
    loom_emu_copy_async16(dst, src);
#elif __CUDA_ARCH__ >= 800
    asm volatile("{ .reg .u64 a; .reg .u32 s; cvta.to.shared.u64 a, %0; cvt.u32.u64 s, a;\n"
                 "  cp.async.cg.shared.global [s], [%1], 16; }"
                 :: "l"(dst), "l"(src) : "memory");
#else
    *(int4 *)dst = *(const int4 *)src;
#endif
}
__device__ inline void copy_commit() {
#if defined(LOOM_CUDA_EMU)
    loom_emu_copy_commit();
#elif __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}
/** Waits for the copies of every group this thread committed but the `Pending` latest. */
template <int Pending> __device__ inline void copy_wait() {
#if defined(LOOM_CUDA_EMU)
    loom_emu_copy_wait(Pending);
#elif __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;" :: "n"(Pending) : "memory");
#endif
}
/** Bytes rounded up to a multiple of 16 (arrays carved out of dynamic shared memory). */
__host__ __device__ constexpr unsigned long long align16(unsigned long long b) { return (b + 15) & ~15ull; }
/** Lane d below of a primitive value (small types travel as int). */
template <class T> __device__ inline T shfl_down(T x, int d) {
    if constexpr (sizeof(T) < 4) return (T)__shfl_down_sync(0xffffffffu, (int)x, d);
    else return __shfl_down_sync(0xffffffffu, x, d);
}
__device__ inline bool shfl_down(bool x, int d) { return __shfl_down_sync(0xffffffffu, (int)x, d) != 0; }
/** Lane d above (for warp scans). */
/** Lane `src`'s value (small types travel as int). */
template <class T> __device__ inline T shfl_idx(T x, int src) {
    if constexpr (sizeof(T) < 4) return (T)__shfl_sync(0xffffffffu, (int)x, src);
    else return __shfl_sync(0xffffffffu, x, src);
}
__device__ inline bool shfl_idx(bool x, int src) { return __shfl_sync(0xffffffffu, (int)x, src) != 0; }
template <class T> __device__ inline T shfl_up(T x, int d) {
    if constexpr (sizeof(T) < 4) return (T)__shfl_up_sync(0xffffffffu, (int)x, d);
    else return __shfl_up_sync(0xffffffffu, x, d);
}
__device__ inline bool shfl_up(bool x, int d) { return __shfl_up_sync(0xffffffffu, (int)x, d) != 0; }

// ------------------------------------------------------------------ single-pass scans
// Decoupled look-back (Merrill & Garland): each tile publishes its aggregate, then its
// inclusive prefix, for the tiles after it.  Status flags:
enum : int32_t { TILE_INVALID = 0, TILE_AGGREGATE = 1, TILE_PREFIX = 2 };
/** A load or store that bypasses the (non-coherent) L1: other blocks write these. */
template <class T> __device__ inline T vload(const T *p) { return *(const volatile T *)p; }
template <class T> __device__ inline void vstore(T *p, T x) { *(volatile T *)p = x; }
/** A one-word status: the flag in the high half, a value of at most 4 bytes in the low. */
template <class S> __device__ inline uint64_t pack_status(int32_t flag, S v) {
    static_assert(sizeof(S) <= 4, "packed status: at most 4 bytes");
    uint32_t b = 0;
    memcpy(&b, &v, sizeof(S));
    return ((uint64_t)(uint32_t)flag << 32) | b;
}
template <class S> __device__ inline S status_value(uint64_t w) {
    uint32_t b = (uint32_t)w;
    S v;
    memcpy(&v, &b, sizeof(S));
    return v;
}
__device__ inline int32_t status_flag(uint64_t w) { return (int32_t)(w >> 32); }
/** Whether a kernel launched before this one failed (its record not read yet): every
 * kernel then returns at once.  Its inputs may be outputs the failing kernel's threads
 * never wrote, and an index proven in bounds from such values (a bin computed in range
 * by that kernel) is not; the host reports the first failure, as before. */
__device__ inline bool failed_earlier() { return vload(&loom_err.set) != 0; }

/** Ends the thread when another thread recorded a failure (a spinning look-back would
 * otherwise wait for a tile that never comes). */
__device__ inline void stop_if_failed() {
    if (vload(&loom_err.set) != 0) stop();
#ifdef LOOM_CUDA_EMU
    loom_emu_spin(); // the caller spins: the emulator runs the other threads first
#endif
}

/** Sleeps about ns nanoseconds (a thread waiting on other blocks, off the memory system
 * meanwhile); nothing in the emulator, whose spins yield to the other threads. */
__device__ inline void pause(unsigned ns) {
#ifdef LOOM_CUDA_EMU
    (void)ns;
#else
    __nanosleep(ns);
#endif
}

/** For a thread waiting on a flag: whether another thread recorded a failure (the flag
 * may then never come).  Unlike stop_if_failed, the caller decides when to stop, so a
 * warp can stop as a whole. */
__device__ inline bool spin_failed() {
#ifdef LOOM_CUDA_EMU
    loom_emu_spin();
#endif
    return vload(&loom_err.set) != 0;
}

/** The block's sum of v (every thread gets it); for counts. */
__device__ inline int64_t block_sum(int64_t v) {
    __shared__ int64_t sh[32];
    for (int d = 16; d > 0; d >>= 1) v += __shfl_down_sync(0xffffffffu, v, d);
    __syncthreads();
    if ((threadIdx.x & 31) == 0) sh[threadIdx.x >> 5] = v;
    __syncthreads();
    int64_t s = 0;
    for (unsigned k = 0; k < (blockDim.x + 31) / 32; k++) s += sh[k];
    __syncthreads();
    return s;
}
/** The sum of v over the threads before this one in the block (exclusive scan). */
__device__ inline int64_t block_exscan_sum(int64_t v) {
    __shared__ int64_t sh[1024];
    sh[threadIdx.x] = v;
    __syncthreads();
    for (unsigned d = 1; d < blockDim.x; d <<= 1) {
        int64_t o = threadIdx.x >= d ? sh[threadIdx.x - d] : 0;
        __syncthreads();
        sh[threadIdx.x] += o;
        __syncthreads();
    }
    int64_t r = sh[threadIdx.x] - v;
    __syncthreads();
    return r;
}

/** *p = f(*p) atomically, for any element size (CAS on the aligned word holding it). */
template <class T, class F> __device__ inline void atomic_update(T *p, F f) {
    if constexpr (sizeof(T) == 8) {
        unsigned long long *q = (unsigned long long *)p, old = *q, assumed;
        do {
            assumed = old;
            T cur;
            memcpy(&cur, &assumed, 8);
            T nv = f(cur);
            unsigned long long nb;
            memcpy(&nb, &nv, 8);
            old = atomicCAS(q, assumed, nb);
        } while (old != assumed);
    } else {
        unsigned long long addr = (unsigned long long)p;
        unsigned *q = (unsigned *)(addr & ~3ull);
        unsigned shift = (unsigned)(addr & 3ull) * 8, old = *q, assumed;
        unsigned mask = sizeof(T) == 4 ? 0xffffffffu : ((1u << (sizeof(T) * 8)) - 1u) << shift;
        do {
            assumed = old;
            unsigned bits = (assumed & mask) >> shift;
            T cur;
            memcpy(&cur, &bits, sizeof(T));
            T nv = f(cur);
            unsigned nb = 0;
            memcpy(&nb, &nv, sizeof(T));
            old = atomicCAS(q, assumed, (assumed & ~mask) | ((nb << shift) & mask));
        } while (old != assumed);
    }
}

/** Runs f() holding the lock *l (0 free, 1 held): an update of several words no atomic
 * covers (a bin of a histogram of tuples; f reads them with vload).  The fences make the
 * last holder's writes visible to the next (`Global`: for global memory, else within the
 * block).  A waiting thread stops when another recorded a failure (the holder may have
 * failed in f and exited, still holding the lock).  Spinning threads of the holder's warp do not
 * stop it from going on: sm_70 and later schedule a warp's threads independently. */
template <bool Global, class F> __device__ inline void locked(int32_t *l, F f) {
    // A holder whose operator failed exited holding the lock: the others stop too.
    while (atomicCAS(l, 0, 1) != 0)
        stop_if_failed();
    if (Global)
        __threadfence();
    else
        __threadfence_block();
    f();
    if (Global)
        __threadfence();
    else
        __threadfence_block();
    atomicExch(l, 0);
}

} // namespace lrt

#include "../common/loom_scalar_rt.h"

using lrt::Arr;
using lrt::Buf;

// Everything above is the same text for every program (the emulator precompiles it).
// LOOM_WANT_<name> of the kernels below that the program launches, defined next:
// ================================================================== host-level fills
// Iotas and replicates that kernels read, generated on the device by the host program
// (runtime/cuda/loom_cuda_host_rt.h: dev_iota, dev_replicate) rather than on the host and
// uploaded: grid-stride loops over n elements, each compiled only where the generated code
// defines LOOM_WANT_<name> (the host program launches it).  Values travel as their bits,
// rows as device addresses; each has an emulator wrapper taking the launch's argument
// array.
#ifdef LOOM_WANT_IOTA
extern "C" __global__ void loom_iota_i64(int64_t *dst, int64_t n) {
    for (int64_t i = lrt::gtid(); i < n; i += lrt::gsize()) dst[i] = i;
}
#ifdef LOOM_CUDA_EMU
extern "C" void loom_iota_i64__emu(void **a) { loom_iota_i64(*(int64_t **)a[0], *(int64_t *)a[1]); }
#endif
#endif
/** dst[0, n) = the low bytes of `bits`, and dst[0, n) = row[i % row_n] (replicate of an
 * array: n is the total element count). */
#define LOOM_FILL(B, T)                                                                      \
    extern "C" __global__ void loom_fill_##B(T *dst, int64_t n, uint64_t bits) {             \
        T x = (T)bits;                                                                       \
        for (int64_t i = lrt::gtid(); i < n; i += lrt::gsize()) dst[i] = x;                  \
    }                                                                                        \
    LOOM_FILL_EMU(loom_fill_##B(*(T **)a[0], *(int64_t *)a[1], *(uint64_t *)a[2]), loom_fill_##B)
#define LOOM_FILL_ROWS(B, T)                                                                 \
    extern "C" __global__ void loom_fill_rows_##B(T *dst, int64_t n, const T *row, int64_t row_n) { \
        for (int64_t i = lrt::gtid(); i < n; i += lrt::gsize()) dst[i] = row[i % row_n];     \
    }                                                                                        \
    LOOM_FILL_EMU(loom_fill_rows_##B(*(T **)a[0], *(int64_t *)a[1], *(const T **)a[2],       \
                                     *(int64_t *)a[3]), loom_fill_rows_##B)
#ifdef LOOM_CUDA_EMU
#define LOOM_FILL_EMU(CALL, F) extern "C" void F##__emu(void **a) { CALL; }
#else
#define LOOM_FILL_EMU(CALL, F)
#endif
#ifdef LOOM_WANT_FILL_1
LOOM_FILL(1, uint8_t)
#endif
#ifdef LOOM_WANT_FILL_2
LOOM_FILL(2, uint16_t)
#endif
#ifdef LOOM_WANT_FILL_4
LOOM_FILL(4, uint32_t)
#endif
#ifdef LOOM_WANT_FILL_8
LOOM_FILL(8, uint64_t)
#endif
#ifdef LOOM_WANT_FILL_ROWS_1
LOOM_FILL_ROWS(1, uint8_t)
#endif
#ifdef LOOM_WANT_FILL_ROWS_2
LOOM_FILL_ROWS(2, uint16_t)
#endif
#ifdef LOOM_WANT_FILL_ROWS_4
LOOM_FILL_ROWS(4, uint32_t)
#endif
#ifdef LOOM_WANT_FILL_ROWS_8
LOOM_FILL_ROWS(8, uint64_t)
#endif
#undef LOOM_FILL
#undef LOOM_FILL_ROWS
#undef LOOM_FILL_EMU

// ================================================================== radix sort
// `radix_sort_perm bits keys` and `radix_sort_with bits keys xs` (the prelude's) on the
// device, launched by the host program's lrt::dev_radix_passes (loom_cuda_host_rt.h): 8
// bits a pass, least
// significant first, of unsigned keys of B bytes (LOOM_WANT_SORT_<B>).  Before the passes,
// loom_sort_hist_B counts every pass's digits over all keys (a pass whose digit all keys
// share is left out; the host makes each digit's first place from the counts).  A pass is
// three kernels; in two of them each of nb blocks (of LOOM_SORT_THREADS threads, about
// enough to fill the device) takes `per` consecutive tiles of LOOM_SORT_TILE keys:
// loom_sort_count_B counts the block's digits, loom_sort_scan turns each digit's counts
// (a block a digit, the blocks' counts in order) into each block's first place for the
// digit, and loom_sort_scatter_B_V_W moves the block's keys and values there, a tile at
// a time, stably: each warp takes a contiguous 32 * LOOM_SORT_ITEMS of the tile, 32 a
// round, and ranks a round's keys by their digit with eight votes (lanes below with the
// same digit), onto the counts of its rounds before; the warps' counts, in warp order,
// then place each warp, the tile's keys (then its values) go to their order in shared
// memory and from there to the digits' runs, and the tile's counts move the block's
// places on.  The values
// are a payload's bits (V = W, 4 or 8 bytes), else the indices: V (u32 while n allows)
// in the passes and W (i64) in the last one's result.
#define LOOM_SORT_TILE (LOOM_SORT_THREADS * LOOM_SORT_ITEMS)
#if defined(LOOM_WANT_SORT_1) || defined(LOOM_WANT_SORT_2) || defined(LOOM_WANT_SORT_4) || defined(LOOM_WANT_SORT_8)
namespace lrt {
/** hist[p * 256 + d] += how many keys have digit d in pass p (hist zeroed by the host). */
template <class K> __device__ void sort_hist(const K *keys, int64_t n, int nbits, unsigned long long *hist) {
    __shared__ unsigned h[8 * 256];
    const int passes = (nbits + 7) / 8;
    for (int i = threadIdx.x; i < passes * 256; i += blockDim.x) h[i] = 0;
    __syncthreads();
    for (int64_t i = gtid(); i < n; i += gsize()) {
        const K k = keys[i];
        for (int p = 0; p < passes; p++) atomicAdd(&h[p * 256 + ((k >> (p * 8)) & radix_digit_mask(nbits, p))], 1u);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < passes * 256; i += blockDim.x)
        if (h[i]) atomicAdd(&hist[i], (unsigned long long)h[i]);
}
/** Block b's keys: those of tiles [b * per, (b + 1) * per), n at most. */
__device__ inline void sort_range(int64_t n, int64_t per, int64_t &lo, int64_t &hi) {
    lo = (int64_t)blockIdx.x * per * LOOM_SORT_TILE;
    hi = lo + per * LOOM_SORT_TILE < n ? lo + per * LOOM_SORT_TILE : n;
}
/** offs[d * nb + b] = how many of block b's keys have digit d. */
template <class K> __device__ void sort_count(const K *keys, int64_t n, int shift, unsigned mask, int64_t *offs,
                                              int64_t nb, int64_t per) {
    __shared__ unsigned h[256];
    int64_t lo, hi;
    sort_range(n, per, lo, hi);
    h[threadIdx.x] = 0;
    __syncthreads();
    for (int64_t i = lo + threadIdx.x; i < hi; i += LOOM_SORT_THREADS) atomicAdd(&h[(keys[i] >> shift) & mask], 1u);
    __syncthreads();
    offs[threadIdx.x * nb + blockIdx.x] = h[threadIdx.x];
}
/** The word a tile's keys and values are staged in, in shared memory: 8 bytes where
 * either needs them. */
template <bool Wide> struct SortStage { typedef uint32_t T; };
template <> struct SortStage<true> { typedef uint64_t T; };
/** Moves block b's keys (kout: none in the last pass) and values (vin: the payload, or
 * none in the first pass: the keys' indices) to their places, a tile at a time in
 * order: offs[d * nb + b] is the block's first place for digit d.  A tile's keys are
 * ranked (the warps' votes), put in their order in shared memory, and written from
 * there, consecutive threads to consecutive places (a digit's run of the tile), then
 * its values the same way: a warp's store touches a few runs, not 32 scattered places. */
template <class K, class V, class W>
__device__ void sort_scatter(const K *kin, const V *vin, K *kout, W *vout, int64_t n, int shift, unsigned mask,
                             const int64_t *offs, int64_t nb, int64_t per) {
    typedef typename SortStage<(sizeof(K) > 4 || sizeof(W) > 4)>::T S;
    constexpr int warps = LOOM_SORT_THREADS / 32;
    __shared__ unsigned wc[warps][256];
    __shared__ int64_t first[256];  // the block's next place for each digit
    __shared__ unsigned start[256];  // each digit's first place in the tile
    __shared__ unsigned wsum[warps];
    __shared__ S stage[LOOM_SORT_TILE];         // the tile's keys, then its values, in order
    __shared__ uint8_t digit[LOOM_SORT_TILE];   // the digit of each place of the tile
    const int lane = threadIdx.x % 32, w = threadIdx.x / 32;
    int64_t lo, hi;
    sort_range(n, per, lo, hi);
    first[threadIdx.x] = offs[threadIdx.x * nb + blockIdx.x];
    for (int64_t tile = lo; tile < hi; tile += LOOM_SORT_TILE) {
        for (int i = threadIdx.x; i < warps * 256; i += LOOM_SORT_THREADS) (&wc[0][0])[i] = 0;
        __syncthreads();
        K k[LOOM_SORT_ITEMS];
        unsigned rank[LOOM_SORT_ITEMS];
        const int64_t base = tile + (int64_t)w * 32 * LOOM_SORT_ITEMS;
#pragma unroll
        for (int it = 0; it < LOOM_SORT_ITEMS; it++) {
            const int64_t i = base + it * 32 + lane;
            const bool ok = i < hi;
            k[it] = ok ? kin[i] : (K)0;
            const unsigned d = ((unsigned)(k[it] >> shift)) & mask;
            unsigned peers = __ballot_sync(0xffffffffu, ok);
            for (int bit = 0; bit < 8; bit++) {
                const unsigned set = __ballot_sync(0xffffffffu, (d >> bit) & 1);
                peers &= (d >> bit) & 1 ? set : ~set;
            }
            const unsigned below = __popc(peers & ((1u << lane) - 1));
            const unsigned before = wc[w][d];
            __syncwarp();
            if (ok && below == 0) wc[w][d] = before + __popc(peers);
            __syncwarp();
            rank[it] = before + below;
        }
        __syncthreads();
        // Thread d, for digit d: wc becomes each warp's first place among the tile's keys
        // of digit d, in warp order, and `total` their count.
        unsigned total = 0;
        for (int x = 0; x < warps; x++) {
            const unsigned c = wc[x][threadIdx.x];
            wc[x][threadIdx.x] = total;
            total += c;
        }
        // The digits' first places in the tile: an exclusive scan of the counts.
        unsigned inc = total;
        for (int off = 1; off < 32; off *= 2) {
            const unsigned y = __shfl_up_sync(0xffffffffu, inc, off);
            if (lane >= off) inc += y;
        }
        if (lane == 31) wsum[w] = inc;
        __syncthreads();
        for (int x = 0; x < w; x++) inc += wsum[x];
        start[threadIdx.x] = inc - total;
        __syncthreads();
        const int count = hi - tile < LOOM_SORT_TILE ? (int)(hi - tile) : LOOM_SORT_TILE;
#pragma unroll
        for (int it = 0; it < LOOM_SORT_ITEMS; it++) {
            if (base + it * 32 + lane < hi) {
                const unsigned d = ((unsigned)(k[it] >> shift)) & mask;
                rank[it] += start[d] + wc[w][d]; // the key's place in the tile
                digit[rank[it]] = (uint8_t)d;
                if (kout) stage[rank[it]] = (S)k[it];
            }
        }
        __syncthreads();
        if (kout) {
            for (int p = threadIdx.x; p < count; p += LOOM_SORT_THREADS) {
                const unsigned d = digit[p];
                kout[first[d] + p - start[d]] = (K)stage[p];
            }
            __syncthreads();
        }
#pragma unroll
        for (int it = 0; it < LOOM_SORT_ITEMS; it++) {
            const int64_t i = base + it * 32 + lane;
            if (i < hi) stage[rank[it]] = (S)(vin ? (W)vin[i] : (W)i);
        }
        __syncthreads();
        for (int p = threadIdx.x; p < count; p += LOOM_SORT_THREADS) {
            const unsigned d = digit[p];
            vout[first[d] + p - start[d]] = (W)stage[p];
        }
        __syncthreads();
        first[threadIdx.x] += total; // the next tile's keys come after this one's
    }
}
} // namespace lrt
/** Each digit's (block's) counts, of the blocks of the count kernel in order, become
 * their first places: bases[d] (the digit's first place in the pass) plus the counts of
 * the blocks before. */
extern "C" __global__ void __launch_bounds__(LOOM_SORT_THREADS) loom_sort_scan(int64_t *offs, int64_t nt, const int64_t *bases) {
    __shared__ int64_t s[LOOM_SORT_THREADS];
    int64_t *row = offs + (int64_t)blockIdx.x * nt, carry = bases[blockIdx.x];
    const int t = threadIdx.x;
    for (int64_t c0 = 0; c0 < nt; c0 += LOOM_SORT_THREADS) {
        const int64_t i = c0 + t, x = i < nt ? row[i] : 0;
        s[t] = x;
        __syncthreads();
        for (int off = 1; off < LOOM_SORT_THREADS; off *= 2) {
            const int64_t y = t >= off ? s[t - off] : 0;
            __syncthreads();
            s[t] += y;
            __syncthreads();
        }
        if (i < nt) row[i] = carry + s[t] - x;
        carry += s[LOOM_SORT_THREADS - 1];
        __syncthreads();
    }
}
#ifdef LOOM_CUDA_EMU
extern "C" void loom_sort_scan__emu(void **a) { loom_sort_scan(*(int64_t **)a[0], *(int64_t *)a[1], *(const int64_t **)a[2]); }
#define LOOM_SORT_EMU(CALL, F) extern "C" void F##__emu(void **a) { CALL; }
#else
#define LOOM_SORT_EMU(CALL, F)
#endif
#define LOOM_SORT_SCATTER(B, K, VN, V, WN, W)                                                              \
    extern "C" __global__ void __launch_bounds__(LOOM_SORT_THREADS, (B) == 8 ? 2 : 3) loom_sort_scatter_##B##_##VN##_##WN(\
        const K *kin, const V *vin, K *kout, W *vout, int64_t n, int32_t shift, uint32_t mask,             \
        const int64_t *offs, int64_t nb, int64_t per) {                                                    \
        lrt::sort_scatter<K, V, W>(kin, vin, kout, vout, n, shift, mask, offs, nb, per);                   \
    }                                                                                                      \
    LOOM_SORT_EMU(loom_sort_scatter_##B##_##VN##_##WN(*(const K **)a[0], *(const V **)a[1], *(K **)a[2],   \
                                                      *(W **)a[3], *(int64_t *)a[4], *(int32_t *)a[5],     \
                                                      *(uint32_t *)a[6], *(const int64_t **)a[7],          \
                                                      *(int64_t *)a[8], *(int64_t *)a[9]),                 \
                  loom_sort_scatter_##B##_##VN##_##WN)
#define LOOM_SORT(B, K)                                                                                    \
    extern "C" __global__ void __launch_bounds__(LOOM_SORT_THREADS) loom_sort_hist_##B(                   \
        const K *keys, int64_t n, int32_t nbits, unsigned long long *hist) {                               \
        lrt::sort_hist<K>(keys, n, nbits, hist);                                                           \
    }                                                                                                      \
    LOOM_SORT_EMU(loom_sort_hist_##B(*(const K **)a[0], *(int64_t *)a[1], *(int32_t *)a[2],                \
                                     *(unsigned long long **)a[3]),                                        \
                  loom_sort_hist_##B)                                                                      \
    extern "C" __global__ void __launch_bounds__(LOOM_SORT_THREADS) loom_sort_count_##B(                  \
        const K *keys, int64_t n, int32_t shift, uint32_t mask, int64_t *offs, int64_t nb, int64_t per) {  \
        lrt::sort_count<K>(keys, n, shift, mask, offs, nb, per);                                           \
    }                                                                                                      \
    LOOM_SORT_EMU(loom_sort_count_##B(*(const K **)a[0], *(int64_t *)a[1], *(int32_t *)a[2],               \
                                      *(uint32_t *)a[3], *(int64_t **)a[4], *(int64_t *)a[5],              \
                                      *(int64_t *)a[6]),                                                   \
                  loom_sort_count_##B)                                                                     \
    LOOM_SORT_SCATTER(B, K, 32, uint32_t, 32, uint32_t)                                                    \
    LOOM_SORT_SCATTER(B, K, 32, uint32_t, 64, int64_t)                                                     \
    LOOM_SORT_SCATTER(B, K, 64, int64_t, 64, int64_t)
#ifdef LOOM_WANT_SORT_1
LOOM_SORT(1, uint8_t)
#endif
#ifdef LOOM_WANT_SORT_2
LOOM_SORT(2, uint16_t)
#endif
#ifdef LOOM_WANT_SORT_4
LOOM_SORT(4, uint32_t)
#endif
#ifdef LOOM_WANT_SORT_8
LOOM_SORT(8, uint64_t)
#endif
#undef LOOM_SORT
#undef LOOM_SORT_SCATTER
#undef LOOM_SORT_EMU
#endif
