/** \file
 * The runtime of the C++ the CPU backend generates (compiler/backend/cpu): embedded as
 * text at the top of every generated translation unit, never compiled into Loom itself.
 *
 * - Arrays are `Arr<T, R>`: a dense row-major view (data pointer + shape) into a
 *   reference-counted block (`Mem`).  `mem == nullptr` marks a borrowed view (a SOAC row,
 *   an entry argument): it is never written and never outlives its owner.  Counts are
 *   atomic because kernel threads take views of shared arrays.
 * - f16 is computed in float and rounded after every operation (`rh`), stored as bits.
 * - Run-time failures throw `Err` (a location index into CpuCode::locs, a kind, numbers);
 *   the host formats the message exactly as the interpreter does.
 * - Kernels run chunks of their index space on OpenMP threads (`par_chunks`); the error of
 *   the lowest failing chunk wins, which is the one a sequential run reports first.
 * Keep the includes minimal: every generated program compiles this text.
 */
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <omp.h>
#include <pthread.h>
#include <sys/mman.h>
#include <time.h> // not <chrono>: it doubles the precompiled runtime (22 -> 45 MB) and each compile's load of it

namespace lrt {

// ------------------------------------------------------------------ the ABI with the host
#include "loom_cpu_abi.h"

/** The lowest address the calling thread's frames may reach before a recursive call
 * fails (a quarter of its stack, at most 1 MiB, above its end), or null where the stack
 * is not known. */
inline const char *stack_floor() {
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return nullptr;
    void *addr = nullptr;
    size_t size = 0;
    const char *floor = nullptr;
    if (pthread_attr_getstack(&attr, &addr, &size) == 0)
        floor = (const char *)addr + (size / 4 < ((size_t)1 << 20) ? size / 4 : (size_t)1 << 20);
    pthread_attr_destroy(&attr);
    return floor;
}
/** Whether a recursive call would come close to overflowing the thread's stack (a worker
 * thread's is smaller than the entry's): it then fails as the interpreter's does. */
inline bool stack_exhausted() {
    static thread_local const char *floor = stack_floor();
    char probe;
    return floor && &probe < floor;
}

[[noreturn]] inline void fail(int loc, const char *msg) {
    Err e;
    e.loc = loc;
    e.msg = msg;
    throw e;
}
[[noreturn]] inline void fail_nums(int loc, int kind, const int64_t *a, int na, const int64_t *b,
                                   int nb, int64_t extra = 0) {
    Err e;
    e.loc = loc;
    e.kind = kind;
    e.na = na < 96 ? na : 96;
    e.nb = nb < 128 - e.na ? nb : 128 - e.na;
    e.extra = extra;
    for (int i = 0; i < e.na; i++) e.nums[i] = a[i];
    for (int i = 0; i < e.nb; i++) e.nums[e.na + i] = b[i];
    throw e;
}
inline void poll(Ctx *ctx) {
    if (__atomic_load_n(ctx->interrupt, __ATOMIC_RELAXED)) {
        Err e;
        e.kind = E_INTERRUPT;
        throw e;
    }
}
#define LOOM_POLL() \
    do { if (((++poll_) & 1023u) == 0) lrt::poll(ctx); } while (0)

// ------------------------------------------------------------------ memory
struct Mem {
    int64_t rc;
    int64_t cap;    // bytes after the header
    int64_t pad[6]; // data starts 64 bytes in
};
/** A few recently freed large blocks, reused by the next allocations of similar size:
 * loops that rebuild big arrays every iteration would otherwise page-fault fresh
 * memory from the kernel each time. */
struct BlockCache {
    static constexpr int slots = 4;
    static constexpr int64_t min_bytes = (int64_t)1 << 20;
    Mem *blocks[slots] = {};
    int lock = 0;
    void acquire() {
        while (__atomic_exchange_n(&lock, 1, __ATOMIC_ACQUIRE)) {
        }
    }
    void release() { __atomic_store_n(&lock, 0, __ATOMIC_RELEASE); }
    Mem *take(int64_t bytes) {
        Mem *m = nullptr;
        acquire();
        for (int i = 0; i < slots; i++)
            if (blocks[i] && blocks[i]->cap >= bytes && blocks[i]->cap <= 2 * bytes) {
                m = blocks[i];
                blocks[i] = nullptr;
                break;
            }
        release();
        return m;
    }
    bool put(Mem *m) {
        bool kept = false;
        acquire();
        for (int i = 0; i < slots && !kept; i++)
            if (!blocks[i]) {
                blocks[i] = m;
                kept = true;
            }
        release();
        return kept;
    }
    ~BlockCache() { // blocks lent to the host may still come back (put) after this
        for (Mem *&m : blocks) {
            std::free(m);
            m = nullptr;
        }
    }
};
inline BlockCache block_cache;

/** Whether two scalars have the same bits (floats' == takes -0 for 0 and NaN for
 * nothing): where a scan's carry stops changing its elements (CpuGen.h). */
template <class T> inline bool same_bits(const T &a, const T &b) {
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// A host program that mirrors blocks on a device (the cuda backend's,
// runtime/cuda/loom_cuda_host_rt.h) defines LOOM_MEM_HOOKS and these.
#ifdef LOOM_MEM_HOOKS
void mem_born(Mem *m, int64_t bytes);
void mem_dying(Mem *m);
bool mem_lendable(const Mem *m);
void mem_lent(Mem *m, const void *data, int64_t bytes);
void mem_settle(Mem *m, const void *data, int64_t bytes);
#endif

inline void inc(Mem *m) {
    if (m) __atomic_add_fetch(&m->rc, 1, __ATOMIC_RELAXED);
}
inline void dec(Mem *m) {
    if (m && __atomic_sub_fetch(&m->rc, 1, __ATOMIC_ACQ_REL) == 0) {
#ifdef LOOM_MEM_HOOKS
        mem_dying(m);
#endif
        if (m->cap >= BlockCache::min_bytes && block_cache.put(m)) return;
        std::free(m);
    }
}
/** Blocks of 4 MiB and more are 2 MiB-aligned and advised onto transparent huge pages:
 * first-touch faults on 4 KiB pages cost more than a memory-bound kernel itself. */
inline Mem *raw_alloc(int64_t bytes) {
    constexpr size_t huge = (size_t)2 << 20;
    size_t n = (size_t)bytes + sizeof(Mem);
    if (n < 2 * huge) {
        Mem *m = (Mem *)std::aligned_alloc(64, n);
        if (m) m->cap = bytes;
        return m;
    }
    n = (n + huge - 1) / huge * huge;
    Mem *m = (Mem *)std::aligned_alloc(huge, n);
    if (!m) return nullptr;
    madvise(m, n, MADV_HUGEPAGE);
    m->cap = (int64_t)(n - sizeof(Mem));
    return m;
}
/** Whether a result's block may become the caller's storage (CpuEntry.cpp lends it rather
 * than copying it): it holds the only reference, and the hooks have no objection (a
 * device mirror still to free, bytes that are not the block's own). */
inline bool lendable(const Mem *m) {
    if (__atomic_load_n(&m->rc, __ATOMIC_ACQUIRE) != 1) return false;
#ifdef LOOM_MEM_HOOKS
    if (!mem_lendable(m)) return false;
#endif
    return true;
}
/** The caller takes a lendable result's block as the storage of its bytes [data, data +
 * bytes) (a device mirror goes with it: loom_cuda_host_rt.h). */
inline void lent(Mem *m, const void *data, int64_t bytes) {
#ifdef LOOM_MEM_HOOKS
    mem_lent(m, data, bytes);
#else
    (void)m, (void)data, (void)bytes;
#endif
}
/** The caller copies a result's bytes [data, data + bytes) out of its block: they must
 * be valid on the host. */
inline void settle(Mem *m, const void *data, int64_t bytes) {
#ifdef LOOM_MEM_HOOKS
    mem_settle(m, data, bytes);
#else
    (void)m, (void)data, (void)bytes;
#endif
}
inline Mem *mem_alloc(int64_t bytes) {
    bytes = bytes < 0 ? 0 : (bytes + 63) & ~(int64_t)63;
    Mem *m = bytes >= BlockCache::min_bytes ? block_cache.take(bytes) : nullptr;
    if (!m) {
        m = raw_alloc(bytes);
        if (!m) fail_nums(-1, E_OOM, &bytes, 1, nullptr, 0);
    }
    m->rc = 1;
#ifdef LOOM_MEM_HOOKS
    mem_born(m, bytes);
#endif
    return m;
}

template <class T, int R> struct Arr {
    Mem *mem = nullptr;
    T *data = nullptr;
    int64_t shape[R];
    Arr() {
        for (int k = 0; k < R; k++) shape[k] = 0;
    }
    Arr(const Arr &o) : mem(o.mem), data(o.data) {
        for (int k = 0; k < R; k++) shape[k] = o.shape[k];
        inc(mem);
    }
    Arr(Arr &&o) noexcept : mem(o.mem), data(o.data) {
        for (int k = 0; k < R; k++) shape[k] = o.shape[k];
        o.mem = nullptr;
        o.data = nullptr;
    }
    Arr &operator=(const Arr &o) {
        inc(o.mem);
        dec(mem);
        mem = o.mem;
        data = o.data;
        for (int k = 0; k < R; k++) shape[k] = o.shape[k];
        return *this;
    }
    Arr &operator=(Arr &&o) noexcept {
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
    ~Arr() { dec(mem); }
    int64_t inner(int from) const {
        int64_t n = 1;
        for (int k = from; k < R; k++) n *= shape[k];
        return n;
    }
    int64_t size() const { return inner(0); }
    bool unique() const { return mem && __atomic_load_n(&mem->rc, __ATOMIC_ACQUIRE) == 1; }
};

template <class T> inline T &&mv(T &x) { return static_cast<T &&>(x); }

/** The bytes of an array of r dims (a negative one counts as 0) of elements of `size`
 * bytes, failing with E_OOM past 2^62 (a product that wrapped around allocated a few
 * bytes for a huge array). */
inline int64_t array_bytes(int64_t size, const int64_t *dims, int r) {
    for (int k = 0; k < r; k++)
        if (dims[k] <= 0) return 0;
    int64_t n = size;
    for (int k = 0; k < r; k++) {
        if (n > ((int64_t)1 << 62) / dims[k]) {
            Err e;
            e.kind = E_OOM;
            e.extra = 1;
            throw e;
        }
        n *= dims[k];
    }
    return n;
}
template <class T, int R> Arr<T, R> alloc(const int64_t (&sh)[R]) {
    Arr<T, R> a;
    for (int k = 0; k < R; k++) a.shape[k] = sh[k] < 0 ? 0 : sh[k];
    a.mem = mem_alloc(array_bytes((int64_t)sizeof(T), a.shape, R));
    a.data = (T *)(a.mem + 1);
    return a;
}
/** An array of the given shape (outer size first, then a row's shape). */
template <class T, int R> Arr<T, R> alloc_rows(int64_t n, const int64_t *row_shape) {
    int64_t sh[R];
    sh[0] = n;
    for (int k = 1; k < R; k++) sh[k] = row_shape[k - 1];
    return alloc<T, R>(sh);
}
template <class T, int R> Arr<T, R> copy(const Arr<T, R> &a) {
    Arr<T, R> c = alloc<T, R>(a.shape);
    int64_t n = a.size();
    if (n > 0) std::memcpy(c.data, a.data, (size_t)n * sizeof(T));
    return c;
}
/** `a` itself when it may be written in place (the only reference), else a copy. */
template <class T, int R> Arr<T, R> take(Arr<T, R> &&a) {
    if (a.unique()) return mv(a);
    return copy(a);
}
/** A kernel's free variable as its chunks capture it: arrays as borrowed views (the
 * owner outlives the kernel; copies of a view touch no reference count, so chunks on
 * several threads may make them), anything else as itself. */
template <class T> const T &borrowed(const T &x) { return x; }
template <class T, int R> Arr<T, R> borrowed(const Arr<T, R> &a) {
    Arr<T, R> v;
    v.data = a.data;
    for (int k = 0; k < R; k++) v.shape[k] = a.shape[k];
    return v;
}

/** A SOAC result that may hold a borrowed view: made owning. */
template <class T, int R> Arr<T, R> own(const Arr<T, R> &a) {
    if (a.mem) return a;
    return copy(a);
}
template <class T> inline T own(const T &x) { return x; }

[[noreturn]] inline void internal(const char *msg) {
    Err e;
    e.kind = E_INTERNAL;
    e.msg = msg;
    throw e;
}
inline void move_bytes(void *dst, const void *src, int64_t n) {
    if (n > 0 && dst != src) std::memmove(dst, src, (size_t)n);
}
template <class T> inline void copy_elems(T *dst, const T *src, int64_t n) {
    if (n > 0) std::memcpy(dst, src, (size_t)n * sizeof(T));
}
#include "../common/loom_array_rt.h"

/** Entry arguments: borrowed views of the host's buffers. */
template <class T, int R> Arr<T, R> arg(const Val &v) {
    Arr<T, R> a;
    a.data = (T *)v.data;
    for (int k = 0; k < R; k++) a.shape[k] = v.shape[k];
    return a;
}
template <class T, int R> void ret(Val &v, const Arr<T, R> &a) {
    v.data = a.data;
    for (int k = 0; k < R; k++) v.shape[k] = a.shape[k];
    v.mem = a.mem;
    inc(a.mem);
}
template <class T> void ret(Val &v, T x) { std::memcpy(v.data, &x, sizeof(T)); }

/** Per-chunk storage of a parallel SOAC (partials, carries, counts). */
template <class T> struct Vec {
    T *p;
    explicit Vec(int64_t n) : p(new T[n > 0 ? n : 1]()) {}
    Vec(const Vec &) = delete;
    ~Vec() { delete[] p; }
    T &operator[](int64_t i) { return p[i]; }
};

// ------------------------------------------------------------------ split loops
/** The first i in [0, w] from which a <= i + c: where max(a, i + c) is i + c. */
inline int64_t peel_from(int64_t a, int64_t c, int64_t w) {
    __int128 r = (__int128)a - c;
    return r < 0 ? 0 : r > w ? w : (int64_t)r;
}
/** The end in [0, w] of the i with i + c <= b: where min(b, i + c) is i + c. */
inline int64_t peel_to(int64_t b, int64_t c, int64_t w) {
    __int128 r = (__int128)b - c + 1;
    return r < 0 ? 0 : r > w ? w : (int64_t)r;
}

// ------------------------------------------------------------------ parallelism
/** An iteration's work when not known before the kernel starts (a while loop, a size
 * made in the iteration): worth a thread even when there are few of them. */
constexpr double heavy = HUGE_VAL;
/** How many chunks a kernel of w iterations, each of about `per` element operations, is
 * split into (1: run sequentially): at least 4096 operations in all and about 1024 a
 * chunk.  More chunks than threads even out iterations of uneven cost. */
inline int64_t nchunks(Ctx *ctx, int64_t w, double per = 1) {
    double total = (double)w * per;
    if (w < 2 || total < 4096 || ctx->nthreads <= 1) return 1;
    int64_t c = (int64_t)ctx->nthreads * (per > 1 ? 16 : 4);
    if (total / 1024 < (double)c) c = (int64_t)(total / 1024);
    if (c > w) c = w;
    return c < 1 ? 1 : c;
}
/** Chunk c's first iteration when [0, w) is split into nc chunks. */
inline int64_t chunk_start(int64_t w, int64_t nc, int64_t c) {
    return w / nc * c + (c < w % nc ? c : w % nc);
}
/** Runs f(chunk, lo, hi) for every chunk of [0, w) from chunk `from` on, in parallel when
 * more than one is left.  A failure is rethrown after all chunks finished: the lowest
 * failing chunk's. */
template <class F> void par_chunks(Ctx *ctx, int64_t w, int64_t nc, F &&f, int64_t from = 0) {
    if (nc <= 1) {
        f((int64_t)0, (int64_t)0, w);
        return;
    }
    if (from == nc - 1) {
        f(from, chunk_start(w, nc, from), w);
        return;
    }
    int64_t bad = -1;
    Err err;
    // Every thread, like the C++ baseline (omp_set_dynamic would read the load average,
    // which counts this very computation, and run it on half the cores).
#pragma omp parallel for schedule(dynamic, 1) num_threads(ctx->nthreads)
    for (int64_t c = from; c < nc; c++) {
        int64_t lo = chunk_start(w, nc, c), hi = chunk_start(w, nc, c + 1);
        try {
            f(c, lo, hi);
        } catch (Err &e) {
#pragma omp critical(lrt_err)
            if (bad < 0 || c < bad) {
                bad = c;
                err = e;
            }
        } catch (...) {
#pragma omp critical(lrt_err)
            if (bad < 0 || c < bad) {
                bad = c;
                err = Err();
                err.kind = E_OOM;  // what else a chunk can throw: std::bad_alloc
            }
        }
    }
    if (bad >= 0) throw err;
}
/** Monotonic nanoseconds. */
inline int64_t now_ns() {
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}
/** par_chunks for iterations of unknown cost (a while loop, a size made in the
 * iteration): chunks run on this thread, in order, until they have taken 200 us, and the
 * rest in parallel.  A few short rows so stay on this thread (waking threads that sleep
 * between a REPL's inputs takes milliseconds), and parallelism lost is at most 200 us
 * however the cost is spread (Mandelbrot's first rows are quick).  A failure is the
 * lowest chunk's, as in par_chunks. */
template <class F> void par_chunks_probed(Ctx *ctx, int64_t w, int64_t nc, F &&f) {
    if (nc <= 1)
        return par_chunks(ctx, w, nc, f);
    const int64_t t0 = now_ns();
    for (int64_t c = 0; c < nc; c++) {
        if (c > 0 && now_ns() - t0 > 200000)
            return par_chunks(ctx, w, nc, f, c);
        f(c, chunk_start(w, nc, c), chunk_start(w, nc, c + 1));
    }
}

// ------------------------------------------------------------------ scalars
// The scalar semantics are shared with the CUDA runtime (runtime/common/loom_scalar_rt.h,
// included below); the bit casts are the host's.
inline uint64_t bits_of(double x) { uint64_t u; std::memcpy(&u, &x, 8); return u; }
inline uint32_t bits_of(float x) { uint32_t u; std::memcpy(&u, &x, 4); return u; }
inline double f64_of_bits(uint64_t u) { double d; std::memcpy(&d, &u, 8); return d; }
inline float f32_of_bits(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }

/** `f32.min` and `f32.max` as glibc's fmin and fmax compute them, the interpreter's (a
 * NaN gives the other operand, equal ones the second), inline: std::fmin is a call into
 * libm, which keeps a loop of them from being vectorised (f32.minimum ran 3x slower). */
template <class F> inline F fmin_f(F a, F b) { return (a < b || b != b) ? a : b; }
template <class F> inline F fmax_f(F a, F b) { return (a > b || b != b) ? a : b; }

} // namespace lrt

// Reductions by f32.min and f32.max in SIMD lanes (CpuGen's simd_reduction): each lane
// starts from NaN, which both ignore, so a lane with no number adds nothing.
#pragma omp declare reduction(lrt_fmin : float, double : omp_out = lrt::fmin_f(omp_out, omp_in)) \
    initializer(omp_priv = __builtin_nan(""))
#pragma omp declare reduction(lrt_fmax : float, double : omp_out = lrt::fmax_f(omp_out, omp_in)) \
    initializer(omp_priv = __builtin_nan(""))

#include "../common/loom_scalar_rt.h"

namespace lrt {

/** A divisor that stays the same through a kernel's loop (CpuGen.h declares one before
 * the kernel): x / d and x % d by two multiplications where x and d are in [0, 2^32)
 * and d > 1 (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019:
 * m = ceil(2^64 / d) is exact there), as sizes and indices mostly are; otherwise
 * divmod.  A division takes 20 to 40 cycles; a histogram's `% bins` ran 2.5x faster.
 *
 * Signed x of either sign (keys hashed into bins): floor division and modulo by d are
 * x + bias's, bias a multiple k d of d from 2^32 on, less k for the quotient; x + bias
 * is in [0, 2^33) for x in [-2^32, 2^32 - d), where m is exact for d up to 2^31 (the
 * paper's condition: 33 + log2 d <= 64).  A test of x's sign instead mispredicted half
 * the time on keys of both signs mixed at random (a histogram 4x slower). */
template <class T> struct Divisor {
    T d;
    uint64_t m;        // 0: no fast path
    uint64_t bias, k;  // bias = k d; 0: none (unsigned T, d above 2^31)
};
template <class T> inline Divisor<T> divisor(T d) {
    uint64_t u = (uint64_t)(int64_t)d; // a negative or 64-bit d gets no fast path
    if constexpr (!is_signed_v<T>) u = (uint64_t)d;
    Divisor<T> r{d, u > 1 && (u >> 32) == 0 ? UINT64_MAX / u + 1 : 0, 0, 0};
    if constexpr (is_signed_v<T>) {
        if (r.m && u <= (1ull << 31)) {
            r.k = ((1ull << 32) + u - 1) / u;
            r.bias = r.k * u;
        }
    }
    return r;
}
template <class T> inline T divmod(int loc, T x, const Divisor<T> &y, int kind) {
    if constexpr (is_signed_v<T>) {
        if (kind < 2 && y.bias) { // floor: `/` and `%`
            uint64_t v = (uint64_t)(int64_t)x + y.bias;
            if ((v >> 33) == 0) {
                if (kind == 0) return (T)(int64_t)((uint64_t)(((unsigned __int128)y.m * v) >> 64) - y.k);
                return (T)(uint64_t)(((unsigned __int128)(y.m * v) * (uint64_t)y.d) >> 64);
            }
            return divmod(loc, x, y.d, kind);
        }
    }
    uint64_t u = (uint64_t)(int64_t)x; // negative: no fast path
    if constexpr (!is_signed_v<T>) u = (uint64_t)x;
    if (y.m && (u >> 32) == 0) { // floor and truncation agree
        if (kind == 0 || kind == 2) return (T)(uint64_t)(((unsigned __int128)y.m * u) >> 64);
        return (T)(uint64_t)(((unsigned __int128)(y.m * u) * (uint64_t)y.d) >> 64);
    }
    return divmod(loc, x, y.d, kind);
}

// ------------------------------------------------------------------ sorting
/** The passes of radix_sort_perm over the unsigned keys k[0, n): 8 bits a pass, least
 * significant first; a pass whose digit every key shares is left out (one read of the
 * keys counts every pass's digits first).  Each of nc chunks counts its digits, the
 * counts give every (digit, chunk) its first place, and each chunk moves its elements
 * there in order: stable.  Values ride along as V: the payload's (`first`), else the
 * indices (u32 while n allows); the last pass writes them to `out`. */
template <class UK, class V, class O>
void radix_passes(Ctx *ctx, const UK *keys, int64_t n, int nbits, const V *first, O *out) {
    const int passes = (nbits + 7) / 8;
    const int64_t nc = ctx->nthreads > 1 && n >= 65536 ? ctx->nthreads : 1;
    unsigned mask[8];
    for (int p = 0; p < passes; p++) mask[p] = radix_digit_mask(nbits, p);
    const int64_t ncnt = nc * 256 * (passes > 0 ? passes : 1);
    Vec<int64_t> cnt(ncnt);
    // cnt[(c * np + q) * 256 + digit]: chunk c's count of the keys of src with that digit
    // in pass p0 + q (counted in a table on the thread's stack, then stored).
    auto count = [&](const UK *src, int p0, int np) {
#pragma omp parallel for schedule(static) num_threads(ctx->nthreads) if (nc > 1)
        for (int64_t c = 0; c < nc; c++) {
            uint32_t h[8][256];
            for (int q = 0; q < np; q++)
                for (int d = 0; d < 256; d++) h[q][d] = 0;
            const int64_t lo = chunk_start(n, nc, c), hi = chunk_start(n, nc, c + 1);
            if (np == 1) {
                const int shift = p0 * 8;
                const unsigned m = mask[p0];
                for (int64_t i = lo; i < hi; i++) h[0][(src[i] >> shift) & m]++;
            } else {
                for (int64_t i = lo; i < hi; i++)
                    for (int q = 0; q < np; q++) h[q][(src[i] >> ((p0 + q) * 8)) & mask[p0 + q]]++;
            }
            for (int q = 0; q < np; q++)
                for (int d = 0; d < 256; d++) cnt[(c * np + q) * 256 + d] = h[q][d];
        }
    };
    // Which passes move anything: not those whose digit all n keys share.
    count(keys, 0, passes);
    int todo[8], ntodo = 0;
    for (int p = 0; p < passes; p++) {
        bool moves = true;
        for (int d = 0; d < 256 && moves; d++) {
            int64_t t = 0;
            for (int64_t c = 0; c < nc; c++) t += cnt[(c * passes + p) * 256 + d];
            moves = t != n;
        }
        if (moves) todo[ntodo++] = p;
    }
    if (ntodo == 0) {
        for (int64_t i = 0; i < n; i++) out[i] = first ? (O)first[i] : (O)i;
        return;
    }
    // The last pass writes only `out`; alloc's blocks are reused from call to call (the
    // pages of fresh ones fault in as they are first written).
    const int64_t nk = ntodo > 1 ? n : 0, nk2 = ntodo > 2 ? n : 0;
    Arr<UK, 1> kb[2] = {alloc<UK, 1>({nk}), alloc<UK, 1>({nk2})};
    Arr<V, 1> vb[2] = {alloc<V, 1>({nk}), alloc<V, 1>({nk2})};
    const UK *ksrc = keys;
    const V *vsrc = first; // none: the first pass's indices are the elements' own
    for (int t = 0; t < ntodo; t++) {
        poll(ctx);
        const int p = todo[t], shift = p * 8;
        const unsigned m = mask[p];
        const bool last = t + 1 == ntodo;
        UK *kdst = kb[t % 2].data;
        V *vdst = vb[t % 2].data;
        if (t > 0) // the first pass's counts are the ones made above
            count(ksrc, p, 1);
        int64_t run = 0; // cnt becomes each (chunk, digit)'s first place
        for (int d = 0; d < 256; d++)
            for (int64_t c = 0; c < nc; c++) {
                int64_t &x = cnt[t > 0 ? c * 256 + d : (c * passes + p) * 256 + d], k = x;
                x = run;
                run += k;
            }
#pragma omp parallel for schedule(static) num_threads(ctx->nthreads) if (nc > 1)
        for (int64_t c = 0; c < nc; c++) {
            int64_t *at = &cnt[t > 0 ? c * 256 : (c * passes + p) * 256];
            for (int64_t i = chunk_start(n, nc, c), e = chunk_start(n, nc, c + 1); i < e; i++) {
                const UK k = ksrc[i];
                const int64_t j = at[(k >> shift) & m]++;
                const int64_t v = vsrc ? (int64_t)vsrc[i] : i;
                if (last) {
                    out[j] = (O)v;
                } else {
                    kdst[j] = k;
                    vdst[j] = (V)v;
                }
            }
        }
        ksrc = kdst;
        vsrc = vdst;
    }
}
/** `radix_sort_perm bits keys` (the prelude's): the stable permutation that sorts keys by
 * their low `bits` bits as unsigned numbers. */
template <class K> Arr<int64_t, 1> radix_sort_perm(Ctx *ctx, const Arr<K, 1> &keys, int32_t bits) {
    using UK = typename U<K>::t;
    const int64_t n = keys.shape[0];
    const int width = (int)sizeof(K) * 8, nbits = bits < 0 ? 0 : bits > width ? width : bits;
    Arr<int64_t, 1> out = alloc<int64_t, 1>({n});
    const UK *k = (const UK *)keys.data;
    if (n <= 0xffffffffll)
        radix_passes<UK, uint32_t, int64_t>(ctx, k, n, nbits, nullptr, out.data);
    else
        radix_passes<UK, int64_t, int64_t>(ctx, k, n, nbits, nullptr, out.data);
    return out;
}
template <int S> struct BitsOf;
template <> struct BitsOf<4> { using t = uint32_t; };
template <> struct BitsOf<8> { using t = uint64_t; };
/** `radix_sort_with bits keys xs` for xs of 4- or 8-byte numbers: xs in the order of
 * radix_sort_perm, its elements (as their bits) carried through the passes. */
template <class K, class P> Arr<P, 1> radix_sort_with(Ctx *ctx, const Arr<K, 1> &keys, int32_t bits, const Arr<P, 1> &xs) {
    using UK = typename U<K>::t;
    using B = typename BitsOf<(int)sizeof(P)>::t;
    const int64_t n = keys.shape[0];
    const int width = (int)sizeof(K) * 8, nbits = bits < 0 ? 0 : bits > width ? width : bits;
    Arr<P, 1> out = alloc<P, 1>({n});
    radix_passes<UK, B, B>(ctx, (const UK *)keys.data, n, nbits, (const B *)xs.data, (B *)out.data);
    return out;
}

} // namespace lrt

using lrt::Arr;
