/** \file
 * The ABI between the CUDA backend's generated host program and Loom
 * (runtime/cuda/CudaDevice.cpp), and the layout of the kernels' failure record.  Included
 * inside a namespace by the device runtime (loom_cuda_rt.h, compiled by NVRTC), the host
 * runtime (loom_cuda_host_rt.h, compiled by the host compiler) and CudaDevice.h, so the
 * layouts cannot drift apart.  No includes: the includer provides the integer types.
 */

/** The first failure of a kernel (`loom_err` on the device): `set` != 0 once recorded. */
struct DevErr {
    int32_t set, loc, kind, na, nb;
    int64_t extra;
    int64_t nums[64];
    char msg[128];
};

/** What the host program calls, with `self` first.  Every `int` result is 0 on success;
 * on failure Loom keeps the message and the host program stops (lrt::device_failed). */
struct DevApi {
    void *self;
    int (*alloc)(void *self, int64_t bytes, uint64_t *ptr);
    void (*free)(void *self, uint64_t ptr, int64_t bytes);
    int (*upload)(void *self, uint64_t dst, const void *src, int64_t bytes);
    int (*download)(void *self, void *dst, uint64_t src, int64_t bytes);
    int (*copy)(void *self, uint64_t dst, uint64_t src, int64_t bytes);
    /** The launch of kernel `fn` over w rows: its block size (the occupancy calculator's,
     * cached, or `want` when > 0) and enough blocks for w rows but no more than fill the
     * device (at least 1). */
    int (*grid)(void *self, const char *fn, int64_t w, int32_t want, int64_t *grid, int32_t *block);
    int (*launch)(void *self, const char *fn, int64_t grid, int32_t block, void **args);
    /** Copies `loom_err` into *err and clears it on the device when it is set; returns
     * 0 when read (check err->set), else an error. */
    int (*read_err)(void *self, DevErr *err);
    /** Sets `bytes` bytes at dst to 0 (scan status words and tile counters). */
    int (*zero)(void *self, uint64_t dst, int64_t bytes);
    /** The device copy of an entry argument's bytes [host, host + bytes) in *ptr: kept by
     * Loom from an earlier call with the same argument, else uploaded now; Loom frees it,
     * the host program only reads it.  *ptr = 0 when Loom keeps no copies of those bytes
     * (the host program uploads them itself). */
    int (*arg)(void *self, const void *host, int64_t bytes, uint64_t *ptr);
    /** A result's device mirror at dev (a device block of dev_bytes), of the result's
     * bytes [host, host + bytes) at the start of its block, handed to Loom when Loom takes
     * the block as the result Value's storage: kept on the device while the caller keeps
     * the result (a later call taking it as an argument uploads nothing), freed otherwise.
     * host_valid = 0: the host bytes were not written (the kernels made them), Loom
     * downloads them when the host first reads them. */
    void (*keep)(void *self, const void *host, int64_t bytes, uint64_t dev, int64_t dev_bytes,
                 int32_t host_valid);
    /** *ptr = the device copy of an entry argument's bytes [host, host + bytes) when that
     * copy is the only valid one (an earlier call's result the host has not read yet): the
     * host program must download before reading them on the host.  Else *ptr = 0. */
    int (*pending)(void *self, const void *host, int64_t bytes, uint64_t *ptr);
};

/** The radix sort's tiles (the sort kernels of loom_cuda_rt.h, launched by the host's
 * dev_radix_sort_perm): a block of LOOM_SORT_THREADS threads, LOOM_SORT_ITEMS keys a
 * thread. */
#define LOOM_SORT_THREADS 256
#define LOOM_SORT_ITEMS 16
