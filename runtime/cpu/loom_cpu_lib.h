/** \file
 * The runtime of the C API of a library `loom compile --emit library` writes
 * (compiler/backend/cpu/CpuLibrary.cpp): pasted after the generated code's runtime
 * (loom_cpu_rt.h), before the entry points and the `extern "C"` functions generated for
 * them, which are thin: they check and unpack their arguments and call these.
 *
 * - A context holds the thread count and the last failure's message.
 * - The C API's context (`struct <prefix>_context`) is a `lib::Context`, and each of its
 *   array types (`struct <prefix>_i32_1d`, ...) a `lib::Array`: its elements either in a
 *   block of the generated code's (a result: the reference it returned) or in a copy of
 *   the caller's (`new`); freed with its own `free`.  The functions below make the derived
 *   C types (template parameter C or A).
 */
#include <string>
#include <thread>

namespace lrt {
// Failures worded as the interpreter words them.
#include "loom_cpu_err.h"
} // namespace lrt

namespace lib {

struct Context {
    int threads;
    std::string error; ///< the last failure's message
    bool failed = false;
};

/** A context's threads unless set: one per hardware thread. */
inline int default_threads() {
    unsigned n = std::thread::hardware_concurrency();
    return n ? (int)n : 1;
}

template <class C> C *context_new() {
    C *c = new (std::nothrow) C;
    if (c)
        c->threads = default_threads();
    return c;
}

/** Records `message` as ctx's failure; 1, what a failing C function returns. */
inline int fail(Context *ctx, const std::string &message) {
    if (ctx) {
        ctx->error = message;
        ctx->failed = true;
    }
    return 1;
}

/** A failure the generated code reported, at its location: `prefix[loc]` is
 * "file:line:col", `suffix[loc]` the source line and caret under it (what Loom's
 * diagnostics show), both rendered when the library was generated; `prefix[nlocs]` is the
 * entry point's own, for failures without one (an allocation). */
inline int failed(Context *ctx, const lrt::Err &e, const char *const *prefix, const char *const *suffix,
                  int nlocs) {
    int at = e.loc >= 0 && e.loc < nlocs ? e.loc : nlocs;
    std::string where = prefix[at];
    std::string source = suffix[at];
    const char *kind = e.kind == lrt::E_INTERNAL ? "error" : "runtime error";
    return fail(ctx, where + ": " + kind + ": " + lrt::err_message(e) + source);
}

struct Array {
    void *data = nullptr;
    int64_t shape[8] = {};
    lrt::Mem *mem = nullptr; ///< the generated code's block holding data, or null: data is ours
};

/** The dimensions of an array for messages: `3 x 4`. */
inline std::string dims_text(const int64_t *shape, int rank) {
    std::string s;
    for (int k = 0; k < rank; k++)
        s += (k ? " x " : "") + std::to_string(shape[k]);
    return s;
}

/** A new array of `rank` dimensions holding a copy of the n elements at `data`.  A
 * negative dimension, or 2^63 bytes or more, is a failure. */
template <class A> A *array_new(Context *ctx, const void *data, const int64_t *shape, int rank, int64_t elem_bytes) {
    int64_t n = 1;
    bool empty = false;
    for (int k = 0; k < rank; k++) {
        if (shape[k] < 0) {
            fail(ctx, "a dimension of a new array is negative (" + std::to_string(shape[k]) + ")");
            return nullptr;
        }
        empty = empty || shape[k] == 0;
    }
    bool overflow = false;
    for (int k = 0; k < rank && !empty; k++)
        overflow = overflow || __builtin_mul_overflow(n, shape[k], &n);
    if (empty)
        n = 0;
    int64_t bytes = 0;
    if (overflow || __builtin_mul_overflow(n, elem_bytes, &bytes)) {
        fail(ctx, "a new array of " + dims_text(shape, rank) + " elements of " +
                      std::to_string(elem_bytes) + " bytes: 2^63 bytes or more");
        return nullptr;
    }
    if (!data && n > 0) {
        fail(ctx, "a new array of " + std::to_string(n) + " elements from a null pointer");
        return nullptr;
    }
    A *a = new (std::nothrow) A;
    if (!a) {
        fail(ctx, "out of memory");
        return nullptr;
    }
    for (int k = 0; k < rank; k++)
        a->shape[k] = shape[k];
    if (n > 0) {
        a->data = std::malloc((size_t)bytes);
        if (!a->data) {
            delete a;
            fail(ctx, "out of memory allocating " + std::to_string(bytes) + " bytes");
            return nullptr;
        }
        if (data)
            std::memcpy(a->data, data, (size_t)bytes);
    }
    return a;
}

inline int64_t array_count(const Array *a, int rank) {
    int64_t n = 1;
    for (int k = 0; k < rank; k++)
        n *= a->shape[k];
    return n;
}

template <class A> void array_free(A *a) {
    if (!a)
        return;
    if (a->mem)
        lrt::dec(a->mem);
    else
        std::free(a->data);
    delete a;
}

/** An argument's descriptor for the generated entry (a borrowed view: never written). */
inline lrt::Val arg(const Array *a) { return lrt::Val{a->data, const_cast<int64_t *>(a->shape), nullptr}; }

/** The array of a result the generated entry gave: its block, or (a view of an argument,
 * which has none) a copy. */
template <class A> A *result(Context *ctx, const lrt::Val &v, int rank, int64_t elem_bytes) {
    if (!v.mem)
        return array_new<A>(ctx, v.data, v.shape, rank, elem_bytes);
    A *a = new (std::nothrow) A;
    if (!a) {
        lrt::dec((lrt::Mem *)v.mem);
        fail(ctx, "out of memory");
        return nullptr;
    }
    a->data = v.data;
    a->mem = (lrt::Mem *)v.mem;
    for (int k = 0; k < rank; k++)
        a->shape[k] = v.shape[k];
    return a;
}

/** Calls a generated entry with ctx's thread count; 0, or 1 with the failure recorded. */
inline int call(Context *ctx, int (*entry)(lrt::Ctx *, lrt::Val *, lrt::Val *), lrt::Val *args,
                lrt::Val *res, const char *const *prefix, const char *const *suffix, int nlocs) {
    static const bool never = false;
    lrt::Ctx c{};
    c.interrupt = &never;
    c.nthreads = ctx->threads;
    if (entry(&c, args, res) != 0)
        return failed(ctx, c.err, prefix, suffix, nlocs);
    ctx->failed = false;
    return 0;
}

} // namespace lib
