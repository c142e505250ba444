/** \file
 * Building and calling CPU entry points (see CpuBackend.h): the generated source is looked
 * up in this process's loaded objects, then in the kernel cache on disk, and only then
 * compiled by the host compiler; the object is called through the ABI of
 * runtime/cpu/loom_cpu_rt.h (`loom_entry(Ctx *, Val *args, Val *results)`), and failures
 * come back as a location index, a kind and numbers that are turned into the
 * interpreter's exact message here.
 */
#include "compiler/backend/cpu/CpuBackend.h"

#include "compiler/ir/EntryValues.h"
#include "runtime/cpu/Foreign.h"
#include "runtime/cpu/SharedObject.h"

#include <sys/mman.h>

#include <chrono>
#include <cstring>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace loom::cpu {

namespace {

// The ABI of the generated code, the same file loom_cpu_rt.h pastes in.
#include "runtime/cpu/loom_cpu_abi.h"
using EntryFn = int (*)(Ctx *, Val *, Val *);
using ReleaseFn = void (*)(void *);
using LendableFn = int (*)(void *);
using LentFn = void (*)(void *, const void *, int64_t); ///< loom_lent, loom_settle

/** An argument array's bytes as the program sees them: a result that is one of them,
 * whole, shares its storage (no copy, nor a download of an argument still on the GPU). */
struct ArgBytes {
    const uint8_t *data;
    size_t bytes;
    const Value *value;
};

// The messages of its failures, as the interpreter words them.
#include "runtime/cpu/loom_cpu_err.h"

/** Throws the error the generated code reported; one without a location of its own (an
 * allocation) is the entry point's, at `entry`. */
[[noreturn]] void rethrow(const Err &e, const std::vector<SrcLoc> &locs, const SrcLoc &entry) {
    SrcLoc loc = e.loc >= 0 && (size_t)e.loc < locs.size() ? locs[(size_t)e.loc] : entry;
    switch (e.kind) {
    case E_MSG:
    case E_INDEX:
    case E_RANGE:
    case E_SLICE:
    case E_COERCE:
    case E_OOM:
        throw RuntimeError(loc, err_message(e));
    case E_INTERRUPT:
        throw Interrupted();
    default:
        throw InternalError(std::string("cpu backend: ") + (e.msg ? e.msg : "failure"));
    }
}

/** A few large result buffers the caller dropped, reused by the next copied results of
 * similar size (as lrt::BlockCache in the generated code): a fresh buffer costs a page
 * fault per page on first touch, which is more than the copy into it. */
class BufferPool {
public:
    static constexpr size_t min_bytes = (size_t)1 << 20;

    static BufferPool &get() {
        static BufferPool *pool = new BufferPool; // never destroyed: buffers may outlive main
        return *pool;
    }
    /** A copy of n bytes at src (not zero-filled first). */
    BytesPtr copy(const void *src, size_t n) {
        const uint8_t *s = static_cast<const uint8_t *>(src);
        if (n < min_bytes)
            return std::make_shared<Bytes>(s, n);
        Block b{};
        {
            std::lock_guard<std::mutex> lock(mutex_);
            for (size_t i = 0; i < free_.size(); i++)
                if (free_[i].cap >= n && free_[i].cap <= 2 * n) {
                    b = free_[i];
                    free_.erase(free_.begin() + (long)i);
                    break;
                }
        }
        if (!b.p) {
            b.p = static_cast<uint8_t *>(std::malloc(n));
            if (!b.p)
                throw std::bad_alloc();
            b.cap = n;
            advise_huge(b.p, n);
        }
        std::memcpy(b.p, s, n);
        return std::make_shared<Bytes>(b.p, n, [b] { BufferPool::get().put(b); });
    }

private:
    struct Block {
        uint8_t *p = nullptr;
        size_t cap = 0;
    };
    std::mutex mutex_;
    std::vector<Block> free_;

    void put(Block b) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            if (free_.size() < 4) {
                free_.push_back(b);
                return;
            }
        }
        std::free(b.p);
    }
    /** Transparent huge pages for the 2 MiB-aligned part of [p, p + n). */
    static void advise_huge(void *p, size_t n) {
        constexpr uintptr_t huge = (uintptr_t)2 << 20;
        uintptr_t lo = ((uintptr_t)p + huge - 1) & ~(huge - 1);
        uintptr_t hi = ((uintptr_t)p + n) & ~(huge - 1);
        if (lo < hi)
            madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
    }
};

std::string type_text(PrimType t, int rank) {
    std::string s;
    for (int i = 0; i < rank; i++)
        s += "[]";
    return s + prim_name(t);
}

class CpuEntry : public compiler::CompiledEntry {
public:
    CpuEntry(ir::Module m, std::vector<SrcLoc> locs, std::shared_ptr<runtime::SharedObject> so,
             bool device_host)
        : module_(std::move(m)), locs_(std::move(locs)), so_(std::move(so)),
          device_host_(device_host) {
        entry_ = (EntryFn)so_->symbol("loom_entry");
        release_ = (ReleaseFn)so_->symbol("loom_release");
        lendable_ = (LendableFn)so_->symbol("loom_lendable");
        lent_ = (LentFn)so_->symbol("loom_lent");
        settle_ = (LentFn)so_->symbol("loom_settle");
    }

    Value call(const std::vector<Value> &args, const std::atomic<bool> *interrupt) const override {
        const ir::Function &f = module_.functions.at(0);
        // A device backend flattens the arguments itself, before its call.
        std::vector<Value> flat = device_host_ ? args : ir::flatten_arguments(f, args);
        std::unordered_map<int, int64_t> sizes = ir::bind_sizes(f, flat);
        size_t nargs = f.size_params.size() + f.params.size();
        std::vector<Val> in(nargs);
        std::vector<uint64_t> slots(nargs);
        std::vector<std::vector<int64_t>> shapes(nargs);
        size_t k = 0;
        std::vector<ArgBytes> arrays;
        for (const ir::Param &p : f.size_params) {
            int64_t n = sizes[p.var.id];
            std::memcpy(&slots[k], &n, 8);
            in[k].data = &slots[k];
            k++;
        }
        for (size_t i = 0; i < f.params.size(); i++, k++) {
            const ir::Type &t = f.params[i].type;
            const Value &v = flat[i];
            bool ok = t.rank() == 0 ? v.is_prim() && v.prim().type == t.elem
                                    : v.is_prim_array() && v.elem_prim() == t.elem &&
                                          v.rank() == t.rank();
            if (!ok)
                throw InternalError("cpu backend: argument " + std::to_string(i + 1) +
                                    " is not of type " + type_text(t.elem, t.rank()));
            if (t.rank() == 0) {
                put_c_scalar(v.prim(), &slots[k]);
                in[k].data = &slots[k];
            } else {
                shapes[k] = v.shape();
                // A device backend's host program asks Loom where pending bytes are.
                const uint8_t *data = device_host_ ? v.raw_data() : v.data();
                in[k].data = const_cast<uint8_t *>(v.num_elements() ? data : nullptr);
                in[k].shape = shapes[k].data();
                if (v.num_elements())
                    arrays.push_back({data, (size_t)(v.num_elements() * prim_size(v.elem_prim())), &v});
            }
        }
        size_t nres = f.ret.size();
        std::vector<Val> out(nres);
        std::vector<uint64_t> rslots(nres);
        std::vector<std::vector<int64_t>> rshapes(nres);
        for (size_t i = 0; i < nres; i++) {
            rshapes[i].assign((size_t)std::max(1, f.ret[i].rank()), 0);
            out[i] = {&rslots[i], rshapes[i].data(), nullptr};
        }
        Ctx ctx{};
        // Never null: a null test in lrt::poll let GCC split kernel loops in two, of
        // which only one was vectorised (the other ran whenever there was no flag).
        static const std::atomic<bool> never{false};
        ctx.interrupt = reinterpret_cast<const bool *>(interrupt ? interrupt : &never);
        ctx.nthreads = threads();
        if (entry_(&ctx, in.data(), out.data()) != 0)
            rethrow(ctx.err, locs_, f.loc);
        std::vector<Value> res;
        for (size_t i = 0; i < nres; i++) {
            const ir::Type &t = f.ret[i];
            if (t.rank() == 0) {
                res.push_back(Value(get_c_scalar(t.elem, &rslots[i])));
                continue;
            }
            std::vector<int64_t> sh(rshapes[i].begin(), rshapes[i].begin() + t.rank());
            int64_t n = 1;
            for (int64_t d : sh)
                n *= d;
            const size_t bytes = (size_t)(n * prim_size(t.elem));
            const ArgBytes *same = nullptr;
            for (const ArgBytes &a : arrays)
                if (!same && a.data == out[i].data && a.bytes == bytes && a.value->elem_prim() == t.elem)
                    same = &a;
            if (same) {
                if (out[i].mem)
                    release_(out[i].mem);
                res.push_back(Value::prim_array(t.elem, sh, same->value->buffer(), same->value->offset()));
                continue;
            }
            res.push_back(Value::prim_array(t.elem, sh, result_bytes(out[i], bytes)));
        }
        // A device backend regroups them itself, once it has adopted their device copies.
        return device_host_ ? Value::tuple(std::move(res)) : ir::regroup_results(f, res);
    }

private:
    ir::Module module_;
    std::vector<SrcLoc> locs_;
    std::shared_ptr<runtime::SharedObject> so_;
    EntryFn entry_ = nullptr;
    bool device_host_;
    ReleaseFn release_ = nullptr;
    LentFn lent_ = nullptr, settle_ = nullptr;
    LendableFn lendable_ = nullptr;

    /** A result array's bytes: the program's block itself when it may be lent (the
     * release keeps the shared object loaded), else a copy.  Only a block this result
     * holds the sole reference to is lent (`loom_lendable`), so a Value written in place
     * changes no other (a block returned twice is copied for all but the last); a cuda
     * host program's block with its device mirror (`loom_lent`: Loom's from then on, its
     * host bytes maybe still to download), never an argument's.  A copy is made of bytes
     * valid on the host (`loom_settle`).  A result without a block is a borrowed view of
     * an argument: copied. */
    BytesPtr result_bytes(const Val &v, size_t bytes) const {
        if (v.mem && lendable_(v.mem)) {
            lent_(v.mem, v.data, (int64_t)bytes);
            void *mem = v.mem;
            ReleaseFn release = release_;
            return std::make_shared<Bytes>(static_cast<uint8_t *>(v.data), bytes,
                                           [mem, release, keep = so_] { release(mem); });
        }
        if (v.mem)
            settle_(v.mem, v.data, (int64_t)bytes);
        BytesPtr b = BufferPool::get().copy(v.data, bytes);
        if (v.mem)
            release_(v.mem);
        return b;
    }

    static int threads() {
        if (const char *s = std::getenv("LOOM_THREADS"))
            if (int n = std::atoi(s); n > 0)
                return n;
        unsigned n = std::thread::hardware_concurrency();
        return n ? (int)n : 1;
    }
};

} // namespace

std::shared_ptr<compiler::CompiledEntry> load_entry(ir::Module m, std::vector<SrcLoc> locs,
                                                    std::shared_ptr<runtime::SharedObject> so,
                                                    bool device_host) {
    return std::make_shared<CpuEntry>(std::move(m), std::move(locs), std::move(so), device_host);
}

std::shared_ptr<compiler::CompiledEntry> build(compiler::Optimised opt) {
    auto t0 = std::chrono::steady_clock::now();
    const ir::Function &f = opt.module.functions.at(0);
    CpuCode code = generate(f, &opt.module);
    double codegen_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    auto [so, status, compile_ms] = runtime::load_with_foreign(code.source, code.prelude_size, opt.module.foreign);
    auto entry = std::make_shared<CpuEntry>(opt.module, code.locs, so, false);
    entry->report = std::move(opt.report);
    entry->report.backend = "cpu";
    entry->report.codegen_ms = codegen_ms;
    entry->report.compile_ms = compile_ms;
    for (compiler::KernelReport &k : entry->report.kernels) {
        k.cache = status;
        k.compile_ms = compile_ms;
    }
    entry->ir_text = ir::to_string(opt.module);
    entry->code = std::move(code.source);
    return entry;
}

} // namespace loom::cpu
