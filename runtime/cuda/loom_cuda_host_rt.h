/** \file
 * The runtime of the CUDA backend's generated host program (compiler/backend/cuda): pasted
 * after runtime/cpu/loom_cpu_rt.h (whose arrays, errors and ABI the host program uses; the
 * generator defines LOOM_MEM_HOOKS first) into a C++ file the host compiler builds.  The
 * device is reached only through the DevApi table bound for each call (loom_cuda_bind),
 * so the shared object has no link dependency on the CUDA driver.
 *
 * Residency (DESIGN.md §5): every block (`Mem`) may have a device mirror, recorded in the
 * block header's spare words: device address, bytes, host address of the block's first
 * byte, and where the contents are valid (ON_HOST, ON_DEV or both).  Kernel inputs are made
 * device-valid (`on_dev`, uploading once), kernel outputs are device-only blocks
 * (`dev_alloc`), host statements make what they read host-valid (`on_host`, downloading
 * once) and what they write host-only (`host_written`).  A block's mirror is freed with it;
 * a result's goes to Loom with the block when Loom takes it as the result's storage
 * (`mem_lent`), still unwritten on the host if only the device wrote it: Loom downloads it
 * when the host first reads it, so a result that only kernels read again never leaves the
 * device.  A result Loom copies instead is downloaded first (`mem_settle`).
 * A host read of one element (`elem`) downloads only that element (after a few such reads
 * of one block, the whole block).  Entry arguments (the caller's buffers) get a block header of their
 * own (`dev_arg`) with an extra reference, so they are mirrored like any array and never
 * written in place; their device copies come from Loom (DevApi::arg), which keeps them
 * from one call to the next, and an argument that is an earlier call's result not yet
 * downloaded starts valid only on the device (DevApi::pending).  Iotas and replicates that kernels read are generated on the
 * device (`dev_iota`, `dev_replicate`: the fill kernels at the end of loom_cuda_rt.h).
 */

namespace lrt {

#include "loom_cuda_host_abi.h"

/** The device of the current call (bound by loom_cuda_bind on the calling thread). */
inline thread_local const DevApi *dev = nullptr;

/** A device call failed: Loom holds the message (CudaEntry reports it). */
[[noreturn]] inline void device_failed() {
    Err e;
    e.kind = E_INTERNAL;
    e.msg = "a CUDA driver call failed";
    throw e;
}
inline void ok(int rc) {
    if (rc != 0) device_failed();
}
inline thread_local char err_msg[128];
/** Launches of kernels that can fail whose failure record is not read yet: it is read
 * before the host reads anything from the device, at the end of the call and after every
 * `unchecked_most` such launches (a loop of failing kernels ends soon), not after each
 * launch, which would make the host wait for every kernel and leave the GPU idle between
 * them.  A kernel after a failed one returns at once (lrt::failed_earlier: its inputs may
 * hold what the failed threads never wrote), and look-back waits give up
 * (lrt::spin_failed). */
inline thread_local int unchecked = 0;
inline constexpr int unchecked_most = 64;
/** A kernel whose loops poll for the host's stop ran since the record was read (Note
 * [Stopping a kernel], runtime/cuda/CudaDevice.cpp): its interruption is read with the
 * failures, but a kernel of data-bound loops need not wait for it (after an interruption
 * it returns at once, or stops at its own poll). */
inline thread_local bool polled = false;
/** Turns the kernels' failure record, when set, into the host's error. */
inline void check_kernels() {
    if (unchecked == 0 && !polled) return;
    unchecked = 0;
    polled = false;
    DevErr e;
    ok(dev->read_err(dev->self, &e));
    if (!e.set) return;
    Err h;
    h.loc = e.loc;
    h.kind = e.kind;
    h.na = e.na < 0 ? 0 : e.na;
    h.nb = e.nb < 0 ? 0 : e.nb;
    if (h.na + h.nb > 64) h.nb = 64 - h.na;
    h.extra = e.extra;
    for (int i = 0; i < h.na + h.nb; i++) h.nums[i] = e.nums[i];
    std::memcpy(err_msg, e.msg, sizeof err_msg);
    err_msg[sizeof err_msg - 1] = 0;
    h.msg = err_msg[0] ? err_msg : nullptr;
    throw h;
}
/** The error an entry reports when `e` stops it: a kernel's failure not yet read came
 * first. */
inline void first_error(Err &e) {
    try {
        check_kernels();
    } catch (Err &k) {
        e = k;
    } catch (...) {
    }
    unchecked = 0;
    polled = false;
}
/** Copies device bytes to the host, the kernels' failures read first (what a failed
 * kernel left is never read). */
inline void download(void *dst, uint64_t src, int64_t bytes) {
    check_kernels();
    ok(dev->download(dev->self, dst, src, bytes));
}

// Mem::pad words of the device mirror: its address, bytes, the host address of the
// block's first byte, where the contents are valid, how many single elements the host
// read from the device, and whether the block is an entry argument's (ARG_BLOCK) whose
// device copy is Loom's (ARG_KEPT: Loom frees it, not the block).
enum : int64_t { ON_HOST = 1, ON_DEV = 2 };
enum : int64_t { ARG_BLOCK = 1, ARG_KEPT = 2 };
enum { M_DEV = 0, M_BYTES = 1, M_HOST = 2, M_VALID = 3, M_READS = 4, M_ARG = 5 };

void mem_born(Mem *m, int64_t bytes) {
    m->pad[M_DEV] = 0;
    m->pad[M_BYTES] = bytes;
    m->pad[M_HOST] = (int64_t)(intptr_t)(m + 1);
    m->pad[M_VALID] = ON_HOST;
    m->pad[M_READS] = 0;
    m->pad[M_ARG] = 0;
}
/** Frees m's device mirror (the call's device must be bound). */
inline void free_mirror(Mem *m) {
    dev->free(dev->self, (uint64_t)m->pad[M_DEV], m->pad[M_BYTES]);
    m->pad[M_DEV] = 0;
}
void mem_dying(Mem *m) {
    if (m->pad[M_DEV] && m->pad[M_ARG] != ARG_KEPT && dev)
        free_mirror(m);
    m->pad[M_DEV] = 0;
}
/** A result's block may outlive the call (the caller keeps it as the Value's storage)
 * when its bytes are its own (not an argument's header); its mirror goes to Loom with it
 * (mem_lent), so the block is released where no device is bound with no mirror left. */
bool mem_lendable(const Mem *m) { return m->pad[M_ARG] == 0 && m->cap > 0; }
inline void dev_block(Mem *m) {
    if (m->pad[M_DEV] || m->pad[M_BYTES] <= 0) return;
    uint64_t p = 0;
    ok(dev->alloc(dev->self, m->pad[M_BYTES], &p));
    m->pad[M_DEV] = (int64_t)p;
}
/** The device address of host address p inside block m (0 for an empty block). */
inline uint64_t dev_addr(const Mem *m, const void *p) {
    if (!m->pad[M_DEV]) return 0;
    return (uint64_t)m->pad[M_DEV] + (uint64_t)((const char *)p - (const char *)(intptr_t)m->pad[M_HOST]);
}

/** Makes a's block valid on the device (uploading it once); a's device address. */
template <class T, int R> uint64_t on_dev(const Arr<T, R> &a) {
    Mem *m = a.mem;
    if (!m) {
        if (a.size() == 0) return 0;
        Err e;
        e.kind = E_INTERNAL;
        e.msg = "cuda host program: a kernel input without a block";
        throw e;
    }
    if (!(m->pad[M_VALID] & ON_DEV)) {
        const void *host = (const void *)(intptr_t)m->pad[M_HOST];
        uint64_t kept = 0; // Loom's copy of an argument's bytes
        if (m->pad[M_ARG] == ARG_BLOCK && m->pad[M_BYTES] > 0) {
            ok(dev->arg(dev->self, host, m->pad[M_BYTES], &kept));
            if (kept) {
                m->pad[M_DEV] = (int64_t)kept;
                m->pad[M_ARG] = ARG_KEPT;
            }
        }
        // Else uploaded, into the block's mirror when it has one (stale: the host wrote
        // the block since the device last did, host_written).
        if (!kept) {
            dev_block(m);
            if (m->pad[M_BYTES] > 0)
                ok(dev->upload(dev->self, (uint64_t)m->pad[M_DEV], host, m->pad[M_BYTES]));
        }
        m->pad[M_VALID] |= ON_DEV;
    }
    return dev_addr(m, a.data);
}
/** Whether [data, data + bytes) is all of m's bytes (mem_alloc rounds a block's up to 64). */
inline bool whole(const Mem *m, const void *data, int64_t bytes) {
    return data == (const void *)(intptr_t)m->pad[M_HOST] && bytes <= m->pad[M_BYTES] &&
           m->pad[M_BYTES] - bytes < 64;
}
/** Makes m valid on the host (downloading it once). */
inline void on_host(Mem *m) {
    if (!m || (m->pad[M_VALID] & ON_HOST)) return;
    if (m->pad[M_BYTES] > 0)
        download((void *)(intptr_t)m->pad[M_HOST], (uint64_t)m->pad[M_DEV], m->pad[M_BYTES]);
    m->pad[M_VALID] |= ON_HOST;
}
template <class T, int R> void on_host(const Arr<T, R> &a) { on_host(a.mem); }
template <class T> inline void on_host(const T &) {}
/** Loom takes result block m as the storage of a Value's bytes [data, data + bytes)
 * (called while the call's device is bound): its device mirror, if still valid, goes to
 * Loom (DevApi::keep), with whether the host bytes are written; a Value of part of the
 * block is downloaded now and the mirror freed; an argument's block keeps its own
 * (Loom's, or freed with it). */
void mem_lent(Mem *m, const void *data, int64_t bytes) {
    if (!m->pad[M_DEV] || m->pad[M_ARG] != 0) return;
    if (!(m->pad[M_VALID] & ON_DEV)) { // the host wrote it since: a stale mirror
        free_mirror(m);
        return;
    }
    if (!whole(m, data, bytes)) { // a view of part of it: Loom keeps copies of whole Values
        on_host(m);
        free_mirror(m);
        m->pad[M_VALID] = ON_HOST;
        return;
    }
    dev->keep(dev->self, data, bytes, (uint64_t)m->pad[M_DEV], m->pad[M_BYTES],
              (m->pad[M_VALID] & ON_HOST) != 0);
    m->pad[M_DEV] = 0;
    m->pad[M_VALID] = ON_HOST; // Loom's from now on, the host bytes included
}
/** Loom copies a result's bytes [data, data + bytes) out of block m: downloaded first
 * when needed (the block stays as valid as it was). */
void mem_settle(Mem *m, const void *data, int64_t bytes) {
    if (!m || (m->pad[M_VALID] & ON_HOST) || bytes <= 0) return;
    if (whole(m, data, bytes))
        return on_host(m); // all of it, valid for a later lending of the block too
    // Those bytes alone (a view's: `take 5 xs` of a large xs still on the device).
    download(const_cast<void *>(data), dev_addr(m, data), bytes);
}
/** Single elements read from a block's device contents before the block is downloaded
 * whole (a loop over its elements would otherwise pay one transfer per element). */
inline constexpr int64_t elem_reads = 8;
/** Element `off` of a (the host checked the index): downloaded alone when the block is
 * valid only on the device. */
template <class T, int R> T elem(const Arr<T, R> &a, int64_t off) {
    Mem *m = a.mem;
    if (m && !(m->pad[M_VALID] & ON_HOST)) {
        if (++m->pad[M_READS] > elem_reads) {
            on_host(a);
        } else {
            T x;
            download(&x, dev_addr(m, a.data + off), (int64_t)sizeof(T));
            return x;
        }
    }
    return a.data[off];
}
/** The host wrote a's block (in place): the device mirror is stale (and a mirror that is
 * Loom's copy of an argument is no longer this block's). */
template <class T, int R> void host_written(const Arr<T, R> &a) {
    Mem *m = a.mem;
    if (!m) return;
    m->pad[M_VALID] = ON_HOST;
    if (m->pad[M_ARG] == ARG_KEPT) m->pad[M_DEV] = 0;
    m->pad[M_ARG] = 0;
}

/** A fresh array valid only on the device (its host block is allocated, not touched). */
template <class T, int R> Arr<T, R> dev_alloc(const int64_t (&sh)[R]) {
    Arr<T, R> a = alloc<T, R>(sh);
    dev_block(a.mem);
    a.mem->pad[M_VALID] = ON_DEV;
    return a;
}
template <class T, int R> Arr<T, R> dev_alloc_rows(int64_t n, const int64_t *row_shape) {
    int64_t sh[R];
    sh[0] = n;
    for (int k = 1; k < R; k++) sh[k] = row_shape[k - 1];
    return dev_alloc<T, R>(sh);
}
/** A device-only copy of a (a scatter or hist destination that is used again). */
template <class T, int R> Arr<T, R> dev_copy(const Arr<T, R> &a) {
    uint64_t src = on_dev(a);
    Arr<T, R> c = dev_alloc<T, R>(a.shape);
    int64_t n = a.size() * (int64_t)sizeof(T);
    if (n > 0) ok(dev->copy(dev->self, dev_addr(c.mem, c.data), src, n));
    return c;
}
/** a itself when nothing else holds it (written in place on the device), else a copy. */
template <class T, int R> Arr<T, R> dev_take(Arr<T, R> &&a) {
    if (!a.unique()) return dev_copy(a);
    on_dev(a);
    a.mem->pad[M_VALID] = ON_DEV;
    a.mem->pad[M_READS] = 0; // new contents: read elements one by one again
    return mv(a);
}

/** Entry arguments: the caller's buffer in a block header of its own, with one extra
 * reference (dropped by a Ref at the end of the call) so it is never written in place;
 * its device copy is asked of Loom first (DevApi::pending now, DevApi::arg when a kernel
 * reads it). */
template <class T, int R> Arr<T, R> dev_arg(const Val &v) {
    Arr<T, R> a = arg<T, R>(v);
    Mem *m = (Mem *)std::malloc(sizeof(Mem));
    if (!m) fail(-1, "out of memory");
    m->rc = 2;
    m->cap = 0;
    mem_born(m, a.size() * (int64_t)sizeof(T));
    m->pad[M_HOST] = (int64_t)(intptr_t)a.data;
    m->pad[M_ARG] = ARG_BLOCK;
    a.mem = m;
    if (m->pad[M_BYTES] > 0) {
        uint64_t p = 0;
        ok(dev->pending(dev->self, a.data, m->pad[M_BYTES], &p));
        if (p) {
            m->pad[M_DEV] = (int64_t)p;
            m->pad[M_ARG] = ARG_KEPT;
            m->pad[M_VALID] = ON_DEV;
        }
    }
    return a;
}
struct Ref {
    Mem *m;
    explicit Ref(Mem *x) : m(x) {}
    Ref(const Ref &) = delete;
    ~Ref() { dec(m); }
};

// ------------------------------------------------------------------ kernels
/** A kernel argument (the device's Buf<T, R>): device address and shape. */
template <class T, int R> struct Buf {
    uint64_t data;
    int64_t shape[R];
};
template <class T, int R> Buf<T, R> buf(const Arr<T, R> &a) {
    Buf<T, R> b;
    b.data = on_dev(a);
    for (int k = 0; k < R; k++) b.shape[k] = a.shape[k];
    return b;
}
/** A scalar kernel argument's address (cuLaunchKernel copies the value). */
template <class T> void *argp(const T &x) { return const_cast<T *>(&x); }
/** A kernel's temporary device buffer (partials, flags, counts), freed at scope exit. */
struct Scratch {
    uint64_t ptr = 0;
    int64_t bytes = 0;
    explicit Scratch(int64_t n) : bytes(n) {
        if (n > 0) ok(dev->alloc(dev->self, n, &ptr));
    }
    Scratch(const Scratch &) = delete;
    ~Scratch() {
        if (ptr) dev->free(dev->self, ptr, bytes);
    }
    template <class T> Buf<T, 1> as(int64_t count) const { return Buf<T, 1>{ptr, {count}}; }
    void zero() const {
        if (ptr) ok(dev->zero(dev->self, ptr, bytes));
    }
    template <class T> T get() const {
        T x{};
        download(&x, ptr, (int64_t)sizeof(T));
        return x;
    }
};
struct Grid {
    int64_t grid;
    int32_t block;
};
/** Blocks of the kernel's occupancy size (or `want` threads) for w rows. */
inline Grid grid(const char *fn, int64_t w, int32_t want) {
    Grid g{1, 1};
    ok(dev->grid(dev->self, fn, w, want, &g.grid, &g.block));
    return g;
}
/** Launches fn; `check`: it can fail, so its failure record is read (see unchecked);
 * not `bounded`: its threads' work depends on what they read (a while loop), so earlier
 * kernels' failures are read first; `polls`: its loops poll for the host's stop (see
 * polled). */
inline void launch(const char *fn, const Grid &g, void **args, bool check, bool bounded = true,
                   bool polls = false) {
    if (!bounded && unchecked > 0) check_kernels();
    ok(dev->launch(dev->self, fn, g.grid, g.block, args));
    polled = polled || polls;
    if (check && ++unchecked >= unchecked_most) check_kernels();
}

// ------------------------------------------------------------------ fills
/** Runs fill kernel fn (loom_cuda_rt.h, at the end) over n elements. */
inline void fill(const char *fn, int64_t n, void **args) {
    if (n > 0) launch(fn, grid(fn, n, 0), args, false);
}
/** The fill kernel for elements of T: one value (loom_fill_N) or a row (loom_fill_rows_N). */
template <class T> constexpr const char *fill_fn(bool rows) {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8);
    switch (sizeof(T)) {
    case 1: return rows ? "loom_fill_rows_1" : "loom_fill_1";
    case 2: return rows ? "loom_fill_rows_2" : "loom_fill_2";
    case 4: return rows ? "loom_fill_rows_4" : "loom_fill_4";
    default: return rows ? "loom_fill_rows_8" : "loom_fill_8";
    }
}
/** iota n on the device (n checked by the caller). */
inline Arr<int64_t, 1> dev_iota(int64_t n) {
    Arr<int64_t, 1> a = dev_alloc<int64_t, 1>({n});
    uint64_t p = dev_addr(a.mem, a.data);
    void *args[] = {&p, &n};
    fill("loom_iota_i64", n, args);
    return a;
}
/** replicate n x on the device, for a scalar x (in its storage type). */
template <class T> Arr<T, 1> dev_replicate(int64_t n, T x) {
    Arr<T, 1> a = dev_alloc<T, 1>({n});
    uint64_t p = dev_addr(a.mem, a.data), bits = 0;
    std::memcpy(&bits, &x, sizeof(T));
    void *args[] = {&p, &n, &bits};
    fill(fill_fn<T>(false), n, args);
    return a;
}
/** replicate n row on the device: the row is made device-valid and copied n times. */
template <class T, int R> Arr<T, R + 1> dev_replicate(int64_t n, const Arr<T, R> &row) {
    Arr<T, R + 1> a = dev_alloc_rows<T, R + 1>(n, row.shape);
    int64_t m = row.size(), total = a.size();
    if (total == 0) return a;
    uint64_t p = dev_addr(a.mem, a.data), src = on_dev(row);
    void *args[] = {&p, &total, &src, &m};
    fill(fill_fn<T>(true), total, args);
    return a;
}

// ------------------------------------------------------------------ sorting
/** The passes of `radix_sort_perm bits keys` on the device, into `out` (n elements): the
 * indices (i64), or with `pbytes` 4 or 8 the payload at device address `payload` in the
 * sorted order.  The sort kernels at the end of loom_cuda_rt.h (LOOM_WANT_SORT_<bytes of
 * K>) say how. */
template <class K> void dev_radix_passes(const Arr<K, 1> &keys, int32_t bits, uint64_t payload, int pbytes, uint64_t out) {
    constexpr int B = (int)sizeof(K), width = B * 8;
    static const char *const hist_fn[] = {"loom_sort_hist_1", "loom_sort_hist_2", "", "loom_sort_hist_4", "",
                                          "", "", "loom_sort_hist_8"};
    static const char *const count_fn[] = {"loom_sort_count_1", "loom_sort_count_2", "", "loom_sort_count_4", "",
                                           "", "", "loom_sort_count_8"};
    static const char *const scatter_fn[][3] = {
        {"loom_sort_scatter_1_32_32", "loom_sort_scatter_1_32_64", "loom_sort_scatter_1_64_64"},
        {"loom_sort_scatter_2_32_32", "loom_sort_scatter_2_32_64", "loom_sort_scatter_2_64_64"},
        {}, {"loom_sort_scatter_4_32_32", "loom_sort_scatter_4_32_64", "loom_sort_scatter_4_64_64"},
        {}, {}, {}, {"loom_sort_scatter_8_32_32", "loom_sort_scatter_8_32_64", "loom_sort_scatter_8_64_64"}};
    int64_t n = keys.shape[0];
    const int nbits = bits < 0 ? 0 : bits > width ? width : bits, passes = (nbits + 7) / 8;
    auto unmoved = [&] { // the payload as it is, or the indices
        if (payload) {
            if (n > 0) ok(dev->copy(dev->self, out, payload, n * pbytes));
        } else {
            void *args[] = {&out, &n};
            fill("loom_iota_i64", n, args);
        }
    };
    if (n <= 1 || passes == 0)
        return unmoved();
    uint64_t pk = on_dev(keys);
    // Every pass's digit counts: which passes move anything, and each digit's first place.
    Scratch hist((int64_t)passes * 256 * 8);
    hist.zero();
    {
        int32_t nb = nbits;
        void *args[] = {&pk, &n, &nb, &hist.ptr};
        launch(hist_fn[B - 1], grid(hist_fn[B - 1], n, LOOM_SORT_THREADS), args, false);
    }
    uint64_t counts[8 * 256];
    download(counts, hist.ptr, (int64_t)passes * 256 * 8);
    int todo[8], ntodo = 0;
    int64_t firsts[8 * 256]; // of the passes to do, in order
    for (int p = 0; p < passes; p++) {
        bool moves = true;
        for (int d = 0; d < 256 && moves; d++) moves = (int64_t)counts[p * 256 + d] != n;
        if (!moves) continue;
        int64_t run = 0;
        for (int d = 0; d < 256; d++) {
            firsts[ntodo * 256 + d] = run;
            run += (int64_t)counts[p * 256 + d];
        }
        todo[ntodo++] = p;
    }
    if (ntodo == 0)
        return unmoved();
    Scratch bases((int64_t)ntodo * 256 * 8);
    ok(dev->upload(dev->self, bases.ptr, firsts, (int64_t)ntodo * 256 * 8));
    // What rides along: the payload's bits (4 or 8 bytes throughout), else the indices
    // (u32 while n allows, the last pass's i64).
    const bool narrow = payload ? pbytes == 4 : n <= 0xffffffffll;
    const int64_t vb = narrow ? 4 : 8, tile = LOOM_SORT_THREADS * LOOM_SORT_ITEMS;
    const char *pass_fn = scatter_fn[B - 1][narrow ? 0 : 2],
               *last_fn = scatter_fn[B - 1][!narrow ? 2 : payload ? 0 : 1];
    // Blocks that fill the device, each taking `per` consecutive tiles (fewer than 2^20,
    // so that a block's digit counts fit in 32 bits: more blocks then).
    const int64_t nt = (n + tile - 1) / tile, fill = grid(last_fn, n, LOOM_SORT_THREADS).grid;
    int64_t per = (nt + fill - 1) / fill;
    per = per < ((int64_t)1 << 20) ? per : ((int64_t)1 << 20) - 1;
    int64_t nb = (nt + per - 1) / per;
    Scratch offs(nb * 256 * 8);
    // The last pass writes only `out`: buffers for the passes before it.
    Scratch kb0(ntodo > 1 ? n * B : 0), kb1(ntodo > 2 ? n * B : 0), vb0(ntodo > 1 ? n * vb : 0),
        vb1(ntodo > 2 ? n * vb : 0);
    uint64_t kin = pk, vin = payload;
    const Grid blocks{nb, LOOM_SORT_THREADS}, digits{256, LOOM_SORT_THREADS};
    for (int t = 0; t < ntodo; t++) {
        const bool last = t + 1 == ntodo;
        int32_t shift = todo[t] * 8;
        uint32_t mask = radix_digit_mask(nbits, todo[t]);
        uint64_t kout = last ? 0 : (t % 2 ? kb1.ptr : kb0.ptr), vout = last ? out : (t % 2 ? vb1.ptr : vb0.ptr);
        uint64_t base = bases.ptr + (uint64_t)t * 256 * 8;
        {
            void *args[] = {&kin, &n, &shift, &mask, &offs.ptr, &nb, &per};
            launch(count_fn[B - 1], blocks, args, false);
        }
        {
            void *args[] = {&offs.ptr, &nb, &base};
            launch("loom_sort_scan", digits, args, false);
        }
        {
            void *args[] = {&kin, &vin, &kout, &vout, &n, &shift, &mask, &offs.ptr, &nb, &per};
            launch(last ? last_fn : pass_fn, blocks, args, false);
        }
        kin = kout;
        vin = vout;
    }
}
/** `radix_sort_perm bits keys` on the device. */
template <class K> Arr<int64_t, 1> dev_radix_sort_perm(const Arr<K, 1> &keys, int32_t bits) {
    Arr<int64_t, 1> out = dev_alloc<int64_t, 1>({keys.shape[0]});
    dev_radix_passes(keys, bits, 0, 8, dev_addr(out.mem, out.data));
    return out;
}
/** `radix_sort_with bits keys xs` on the device, for xs of 4- or 8-byte numbers. */
template <class K, class P> Arr<P, 1> dev_radix_sort_with(const Arr<K, 1> &keys, int32_t bits, const Arr<P, 1> &xs) {
    static_assert(sizeof(P) == 4 || sizeof(P) == 8, "a payload of 4 or 8 bytes");
    Arr<P, 1> out = dev_alloc<P, 1>({keys.shape[0]});
    uint64_t p = on_dev(xs);
    dev_radix_passes(keys, bits, p, (int)sizeof(P), dev_addr(out.mem, out.data));
    return out;
}

} // namespace lrt

extern "C" void loom_cuda_bind(const lrt::DevApi *api) { lrt::dev = api; }
