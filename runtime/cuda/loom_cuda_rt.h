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
#ifndef NAN
#define NAN __int_as_float(0x7fc00000)
#endif
#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#endif
#define LOOM_POLL() do { } while (0)
#define LOOM_SCAN_BLOCK 256

namespace lrt {

// ------------------------------------------------------------------ errors
enum ErrKind : int32_t { E_MSG = 0, E_INDEX, E_RANGE, E_SLICE, E_COERCE, E_INTERRUPT, E_INTERNAL };
// The failure record's layout, shared with the host (the include is pasted in too).
#include "loom_cuda_host_abi.h"
typedef DevErr Err;
} // namespace lrt

/** The first failure of the running kernel (zeroed by the host before each launch). */
__device__ lrt::Err loom_err;

namespace lrt {

__device__ __noinline__ void record(int loc, int kind, const char *msg, const int64_t *a, int na,
                                    const int64_t *b, int nb, int64_t extra) {
    if (atomicCAS(&loom_err.set, 0, 1) != 0) return;
    loom_err.loc = loc;
    loom_err.kind = kind;
    loom_err.na = na < 32 ? na : 32;
    loom_err.nb = nb < 64 - loom_err.na ? nb : 64 - loom_err.na;
    loom_err.extra = extra;
    for (int i = 0; i < loom_err.na; i++) loom_err.nums[i] = a[i];
    for (int i = 0; i < loom_err.nb; i++) loom_err.nums[loom_err.na + i] = b[i];
    int n = 0;
    for (; msg && msg[n] && n < 127; n++) loom_err.msg[n] = msg[n];
    loom_err.msg[n] = 0;
    __threadfence();
}
[[noreturn]] __device__ inline void stop() {
    asm volatile("exit;");
    __builtin_unreachable();
}
[[noreturn]] __device__ inline void fail(int loc, const char *msg) {
    record(loc, E_MSG, msg, nullptr, 0, nullptr, 0, 0);
    stop();
}
[[noreturn]] __device__ inline void fail_nums(int loc, int kind, const int64_t *a, int na,
                                              const int64_t *b, int nb, int64_t extra = 0) {
    record(loc, kind, nullptr, a, na, b, nb, extra);
    stop();
}
[[noreturn]] __device__ inline void internal(const char *msg) {
    record(-1, E_INTERNAL, msg, nullptr, 0, nullptr, 0, 0);
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
    int64_t n = 1;
    for (int k = 0; k < R; k++) {
        a.shape[k] = sh[k] < 0 ? 0 : sh[k];
        n *= a.shape[k];
    }
    a.mem = mem_alloc(n * (int64_t)sizeof(T));
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

template <class T, int R> __device__ Arr<T, R - 1> row(const Arr<T, R> &a, int64_t i, bool borrowed) {
    Arr<T, R - 1> r;
    for (int k = 1; k < R; k++) r.shape[k - 1] = a.shape[k];
    r.data = a.data + i * r.size();
    if (!borrowed) {
        r.mem = a.mem;
        inc(r.mem);
    }
    return r;
}
template <int RO, class T, int R> __device__ Arr<T, RO> sub(const Arr<T, R> &a, const int64_t *idx, int k) {
    Arr<T, RO> r;
    int64_t off = 0;
    for (int j = 0; j < k; j++) off = off * a.shape[j] + idx[j];
    for (int j = k; j < R; j++) r.shape[j - k] = a.shape[j];
    r.data = a.data + off * r.size();
    r.mem = a.mem;
    inc(r.mem);
    return r;
}
template <class T, int R> __device__ int64_t offset(const Arr<T, R> &a, const int64_t *idx, int k) {
    int64_t off = 0;
    for (int j = 0; j < k; j++) off = off * a.shape[j] + idx[j];
    return off * a.inner(k);
}
template <class T, int R>
__device__ inline void check_index(int loc, const Arr<T, R> &a, const int64_t *idx, int k) {
    for (int j = 0; j < k; j++)
        if ((uint64_t)idx[j] >= (uint64_t)a.shape[j]) fail_nums(loc, E_INDEX, idx, k, a.shape, R);
}
template <class T, int R, int R2>
__device__ bool same_shape(const Arr<T, R> &a, int from, const Arr<T, R2> &b) {
    for (int k = 0; k < R2; k++)
        if (a.shape[from + k] != b.shape[k]) return false;
    return true;
}
template <class T, int R, int R2>
__device__ void put_block(Arr<T, R> &a, int from, int64_t off, const Arr<T, R2> &v) {
    if (!same_shape(a, from, v)) internal("rows of different shapes");
    move_bytes(a.data + off, v.data, v.size() * (int64_t)sizeof(T));
}
template <class T, int R>
__device__ inline void copy_row(Arr<T, R> &o, int64_t oi, const Arr<T, R> &a, int64_t ai) {
    int64_t n = a.inner(1);
    for (int64_t k = 0; k < n; k++) o.data[oi * n + k] = a.data[ai * n + k];
}
template <class T, int R> __device__ Arr<T, R + 1> replicate(int64_t n, const Arr<T, R> &v) {
    Arr<T, R + 1> a = alloc_rows<T, R + 1>(n, v.shape);
    int64_t m = v.size();
    for (int64_t i = 0; i < a.shape[0]; i++)
        for (int64_t k = 0; k < m; k++) a.data[i * m + k] = v.data[k];
    return a;
}
template <class T> __device__ Arr<T, 1> replicate(int64_t n, T v) {
    Arr<T, 1> a = alloc<T, 1>({n});
    for (int64_t i = 0; i < a.shape[0]; i++) a.data[i] = v;
    return a;
}
template <class T, int R> __device__ Arr<T, R> concat(const Arr<T, R> &x, const Arr<T, R> &y) {
    for (int k = 1; k < R; k++)
        if (x.shape[k] != y.shape[k]) internal("rows of different shapes");
    Arr<T, R> a = alloc_rows<T, R>(x.shape[0] + y.shape[0], x.shape + 1);
    int64_t nx = x.size(), ny = y.size();
    for (int64_t i = 0; i < nx; i++) a.data[i] = x.data[i];
    for (int64_t i = 0; i < ny; i++) a.data[nx + i] = y.data[i];
    return a;
}
template <class T, int R> __device__ Arr<T, R> transpose(const Arr<T, R> &a) {
    int64_t sh[R];
    for (int k = 0; k < R; k++) sh[k] = a.shape[k];
    sh[0] = a.shape[1];
    sh[1] = a.shape[0];
    Arr<T, R> o = alloc<T, R>(sh);
    int64_t n = a.shape[0], m = a.shape[1], in = a.inner(2);
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < m; j++)
            for (int64_t k = 0; k < in; k++) o.data[(j * n + i) * in + k] = a.data[(i * m + j) * in + k];
    return o;
}
template <class T, int R>
__device__ void check_shape(int loc, const Arr<T, R> &a, const int64_t (&want)[R]) {
    for (int k = 0; k < R; k++)
        if (a.shape[k] != want[k]) fail_nums(loc, E_COERCE, a.shape, R, want, R);
}
__device__ inline int64_t check_size(int loc, int64_t n, const char *what) {
    if (n < 0) fail(loc, what);
    return n;
}
__device__ inline int64_t range_count(int loc, int64_t start, bool has_second, int64_t second,
                                      int64_t end, int kind, int64_t *stride) {
    int64_t st = has_second ? second - start : (kind == 2 ? -1 : 1);
    bool ok = st != 0;
    int64_t count = 0;
    if (ok) {
        if (kind == 0) {
            ok = (st > 0 && start <= end) || (st < 0 && start >= end);
            if (ok) count = (st > 0 ? (end - start) / st : (start - end) / -st) + 1;
        } else if (kind == 1) {
            ok = st > 0 && start <= end;
            if (ok) count = (end - start + st - 1) / st;
        } else {
            ok = st < 0 && start >= end;
            if (ok) count = (start - end + (-st) - 1) / (-st);
        }
    }
    if (!ok) {
        int64_t nums[4] = {start, has_second, second, end};
        fail_nums(loc, E_RANGE, nums, 4, nullptr, 0, kind);
    }
    *stride = st;
    return count;
}
struct Spec {
    int64_t is_range, has_start, has_end, has_stride, start, end, stride;
};
template <int RO, class T, int R>
__device__ Arr<T, RO> slice(int loc, const Arr<T, R> &a, const Spec *sp, int ns) {
    int64_t start[R], stride[R], count[R];
    bool ok = ns <= R;
    for (int k = 0; ok && k < ns; k++) {
        const Spec &s = sp[k];
        int64_t n = a.shape[k];
        if (!s.is_range) {
            start[k] = s.start;
            stride[k] = 0;
            count[k] = 1;
            ok = s.start >= 0 && s.start < n;
            continue;
        }
        int64_t st = s.has_stride ? s.stride : 1;
        if (st == 0) { ok = false; break; }
        int64_t i = s.has_start ? s.start : (st > 0 ? 0 : n - 1);
        int64_t j = s.has_end ? s.end : (st > 0 ? n : -1);
        if (st > 0) {
            ok = 0 <= i && i <= j && j <= n;
            count[k] = ok ? (j - i + st - 1) / st : 0;
        } else {
            ok = i == j ? (-1 <= i && i <= n) : (-1 <= j && j < i && i <= n - 1);
            count[k] = ok ? (i - j + (-st) - 1) / (-st) : 0;
        }
        start[k] = i;
        stride[k] = st;
    }
    if (!ok) fail_nums(loc, E_SLICE, (const int64_t *)sp, ns * 7, a.shape, R);
    int64_t sh[RO > 0 ? RO : 1];
    int o = 0;
    for (int k = 0; k < ns; k++)
        if (sp[k].is_range) sh[o++] = count[k];
    for (int k = ns; k < R; k++) sh[o++] = a.shape[k];
    Arr<T, RO> r = alloc<T, RO>(*(const int64_t(*)[RO])sh);
    int64_t inner = a.inner(ns), total = 1;
    for (int k = 0; k < ns; k++) total *= count[k];
    int64_t src_stride[R], pos[R];
    for (int k = 0; k < ns; k++) src_stride[k] = a.inner(k + 1), pos[k] = 0;
    for (int64_t b = 0; b < total; b++) {
        int64_t off = 0;
        for (int k = 0; k < ns; k++) off += (start[k] + pos[k] * stride[k]) * src_stride[k];
        for (int64_t e = 0; e < inner; e++) r.data[b * inner + e] = a.data[off + e];
        for (int k = ns - 1; k >= 0; k--) {
            if (++pos[k] < count[k]) break;
            pos[k] = 0;
        }
    }
    return r;
}

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
/** Lane d below of a primitive value (small types travel as int). */
template <class T> __device__ inline T shfl_down(T x, int d) {
    if constexpr (sizeof(T) < 4) return (T)__shfl_down_sync(0xffffffffu, (int)x, d);
    else return __shfl_down_sync(0xffffffffu, x, d);
}
__device__ inline bool shfl_down(bool x, int d) { return __shfl_down_sync(0xffffffffu, (int)x, d) != 0; }
/** Lane d above (for warp scans). */
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
/** Ends the thread when another thread recorded a failure (a spinning look-back would
 * otherwise wait for a tile that never comes). */
__device__ inline void stop_if_failed() {
    if (vload(&loom_err.set) != 0) stop();
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

} // namespace lrt

#include "../common/loom_scalar_rt.h"

using lrt::Arr;
using lrt::Buf;
