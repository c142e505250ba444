/** \file
 * The array operations shared by the CPU and CUDA runtimes: rows and sub-arrays as views,
 * index checks, replicate, concat, transpose, ranges and slices with the interpreter's
 * checks and messages.  Pasted (cmake/EmbedText.cmake) where runtime/cpu/loom_cpu_rt.h and
 * runtime/cuda/loom_cuda_rt.h include it, after each runtime's `Arr`, `alloc`, `copy`,
 * `inc`, `fail`, `fail_nums`, `internal`, `move_bytes` (memmove) and `copy_elems` (a
 * non-overlapping copy of n elements): memcpy on the host, a loop on the device.
 */
#ifndef LOOM_HD
#ifdef __CUDACC__
#define LOOM_HD __device__
#else
#define LOOM_HD
#endif
#endif

/** Row i as a view (borrowed when the owner outlives it: SOAC inputs). */
template <class T, int R> LOOM_HD Arr<T, R - 1> row(const Arr<T, R> &a, int64_t i, bool borrowed) {
    Arr<T, R - 1> r;
    for (int k = 1; k < R; k++) r.shape[k - 1] = a.shape[k];
    r.data = a.data + i * r.size();
    if (!borrowed) {
        r.mem = a.mem;
        inc(r.mem);
    }
    return r;
}
/** The sub-array at index prefix idx[0..k). */
template <int RO, class T, int R>
LOOM_HD Arr<T, RO> sub(const Arr<T, R> &a, const int64_t *idx, int k) {
    Arr<T, RO> r;
    int64_t off = 0;
    for (int j = 0; j < k; j++) off = off * a.shape[j] + idx[j];
    for (int j = k; j < R; j++) r.shape[j - k] = a.shape[j];
    r.data = a.data + off * r.size();
    r.mem = a.mem;
    inc(r.mem);
    return r;
}
template <class T, int R> LOOM_HD int64_t offset(const Arr<T, R> &a, const int64_t *idx, int k) {
    int64_t off = 0;
    for (int j = 0; j < k; j++) off = off * a.shape[j] + idx[j];
    return off * a.inner(k);
}
template <class T, int R>
LOOM_HD inline void check_index(int loc, const Arr<T, R> &a, const int64_t *idx, int k) {
    for (int j = 0; j < k; j++)
        if ((uint64_t)idx[j] >= (uint64_t)a.shape[j])
            fail_nums(loc, E_INDEX, idx, k, a.shape, R);
}
template <class T, int R, int R2>
LOOM_HD bool same_shape(const Arr<T, R> &a, int from, const Arr<T, R2> &b) {
    for (int k = 0; k < R2; k++)
        if (a.shape[from + k] != b.shape[k]) return false;
    return true;
}
/** Copies `v` into the block of `a` starting at element offset off (v's shape must be the
 * trailing shape of a from dimension `from`). */
template <class T, int R, int R2>
LOOM_HD void put_block(Arr<T, R> &a, int from, int64_t off, const Arr<T, R2> &v) {
    if (!same_shape(a, from, v)) internal("rows of different shapes");
    move_bytes(a.data + off, v.data, v.size() * (int64_t)sizeof(T));
}
/** o[oi] = a[ai] (rows of equal shape). */
template <class T, int R>
LOOM_HD inline void copy_row(Arr<T, R> &o, int64_t oi, const Arr<T, R> &a, int64_t ai) {
    if constexpr (R == 1) {
        o.data[oi] = a.data[ai];
    } else {
        int64_t n = a.inner(1);
        copy_elems(o.data + oi * n, a.data + ai * n, n);
    }
}
/** A fresh array of n rows, each a copy of v. */
template <class T, int R> LOOM_HD Arr<T, R + 1> replicate(int64_t n, const Arr<T, R> &v) {
    Arr<T, R + 1> a = alloc_rows<T, R + 1>(n, v.shape);
    int64_t m = v.size();
    for (int64_t i = 0; i < a.shape[0]; i++)
        copy_elems(a.data + i * m, v.data, m);
    return a;
}
template <class T> LOOM_HD Arr<T, 1> replicate(int64_t n, T v) {
    Arr<T, 1> a = alloc<T, 1>({n});
    for (int64_t i = 0; i < a.shape[0]; i++) a.data[i] = v;
    return a;
}
template <class T, int R> LOOM_HD Arr<T, R> concat(const Arr<T, R> &x, const Arr<T, R> &y) {
    for (int k = 1; k < R; k++)
        if (x.shape[k] != y.shape[k]) internal("rows of different shapes");
    Arr<T, R> a = alloc_rows<T, R>(x.shape[0] + y.shape[0], x.shape + 1);
    int64_t nx = x.size(), ny = y.size();
    copy_elems(a.data, x.data, nx);
    copy_elems(a.data + nx, y.data, ny);
    return a;
}
template <class T, int R> LOOM_HD Arr<T, R> transpose(const Arr<T, R> &a) {
    int64_t sh[R];
    for (int k = 0; k < R; k++) sh[k] = a.shape[k];
    sh[0] = a.shape[1];
    sh[1] = a.shape[0];
    Arr<T, R> o = alloc<T, R>(sh);
    int64_t n = a.shape[0], m = a.shape[1], in = a.inner(2);
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < m; j++)
            for (int64_t k = 0; k < in; k++)
                o.data[(j * n + i) * in + k] = a.data[(i * m + j) * in + k];
    return o;
}
template <class T, int R>
LOOM_HD void check_shape(int loc, const Arr<T, R> &a, const int64_t (&want)[R]) {
    for (int k = 0; k < R; k++)
        if (a.shape[k] != want[k]) fail_nums(loc, E_COERCE, a.shape, R, want, R);
}
LOOM_HD inline int64_t check_size(int loc, int64_t n, const char *what) {
    if (n < 0) fail(loc, what);
    return n;
}

/** Futhark's ranges (interp::range_length): the count, and the stride in *stride. */
LOOM_HD inline int64_t range_count(int loc, int64_t start, bool has_second, int64_t second,
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
/** `iota n`'s size, failing as the range `0..1..<n` it is (the interpreter's message). */
LOOM_HD inline int64_t check_iota_size(int loc, int64_t n) {
    int64_t stride;
    return range_count(loc, 0, true, 1, n, 1, &stride);
}

/** One slice entry, as interp::SliceSpec. */
struct Spec {
    int64_t is_range, has_start, has_end, has_stride, start, end, stride;
};
/** The bounds of `a[specs]` as interp::resolve_slice (failing as it does): each entry's
 * start, stride and count, and the slice's shape in sh. */
template <class T, int R>
LOOM_HD void slice_bounds(int loc, const Arr<T, R> &a, const Spec *sp, int ns, int64_t *start, int64_t *stride,
                          int64_t *count, int64_t *sh) {
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
    int o = 0;
    for (int k = 0; k < ns; k++)
        if (sp[k].is_range) sh[o++] = count[k];
    for (int k = ns; k < R; k++) sh[o++] = a.shape[k];
}
/** The shape of `a[specs]`, its bounds checked, without the elements (an update's slice). */
template <int RO, class T, int R>
LOOM_HD void slice_shape(int loc, const Arr<T, R> &a, const Spec *sp, int ns, int64_t *sh) {
    int64_t start[R], stride[R], count[R];
    slice_bounds(loc, a, sp, ns, start, stride, count, sh);
}
/** `a[specs]` as interp::resolve_slice + gather_slice: a fresh contiguous array. */
template <int RO, class T, int R>
LOOM_HD Arr<T, RO> slice(int loc, const Arr<T, R> &a, const Spec *sp, int ns) {
    int64_t start[R], stride[R], count[R], sh[RO > 0 ? RO : 1];
    slice_bounds(loc, a, sp, ns, start, stride, count, sh);
    Arr<T, RO> r = alloc<T, RO>(*(const int64_t(*)[RO]) sh);
    int64_t inner = a.inner(ns), total = 1;
    for (int k = 0; k < ns; k++) total *= count[k];
    int64_t src_stride[R];
    for (int k = 0; k < ns; k++) src_stride[k] = a.inner(k + 1);
    int64_t pos[R];
    for (int k = 0; k < ns; k++) pos[k] = 0;
    for (int64_t b = 0; b < total; b++) {
        int64_t off = 0;
        for (int k = 0; k < ns; k++) off += (start[k] + pos[k] * stride[k]) * src_stride[k];
        copy_elems(r.data + b * inner, a.data + off, inner);
        for (int k = ns - 1; k >= 0; k--) {
            if (++pos[k] < count[k]) break;
            pos[k] = 0;
        }
    }
    return r;
}
