/** \file
 * The CUDA backend's host program (see CudaBackend.h): C++ for the host compiler, over the
 * CPU runtime (arrays, errors, the loom_entry ABI of runtime/cpu/loom_cpu_abi.h) and the
 * host runtime runtime/cuda/loom_cuda_host_rt.h (residency, launches).  The sequential
 * code between kernels comes from the shared generator (common/CodegenCLike.h); this file
 * adds, through its custom_stm hook:
 *  - at each kernel statement, its launches in order (KernelDesc::calls): array inputs made
 *    device-valid, outputs allocated on the device, scratch buffers, one grid per kernel
 *    from the occupancy calculator (scratch buffers marked so, such as scan status words,
 *    zeroed first), scalars read back (reductions, filter counts), and the failure record
 *    read after launches that can fail;
 *  - before every other host statement, the arrays it reads made host-valid (downloaded
 *    once), and after an in-place `with` update, the device mirror marked stale; a read of
 *    one element (`a[i, j]`) checks the index on the host and downloads only that element;
 *  - iotas and replicates filled on the device (fill kernels of loom_cuda_rt.h) when a
 *    kernel may read them, else on the host (kernels read them as arrays: no virtual
 *    arrays at host level).
 */
#include "compiler/backend/common/CodegenCLike.h"
#include "compiler/backend/cuda/CudaBackend.h"
#include "runtime/cpu/RuntimeText.h"
#include "runtime/cuda/RuntimeText.h"

#include <set>

namespace loom::cuda {

namespace {

class HostGen : public clike::CLikeGen {
public:
    HostGen(const ir::Function &f, const CudaCode &code)
        : CLikeGen(f, "cuda host codegen", "std::", true) {
        locs_ = code.locs; // kernels' failures index the same table
        for (size_t i = 0; i < locs_.size(); i++)
            loc_ids_.emplace(locs_[i].str(), (int)i);
        for (const KernelDesc &k : code.kernels)
            kernels_of_[k.stm] = &k;
        find_reads(f.body, true);
    }

    /** The runtime's fill kernels the program launches (loom_cuda_rt.h: LOOM_WANT_<x>). */
    const std::set<std::string> &helpers() const { return helpers_; }

    /** The whole source, and where its generated part starts. */
    std::pair<std::string, size_t> run() {
        os_ << "#define LOOM_MEM_HOOKS 1\n"
            << cpu::cpu_runtime_text() << "\n"
            << cuda_host_runtime_text() << "\n";
        size_t start = (size_t)os_.tellp();
        os_ << "// ---- host program of `" << f_.name << "` (its kernels: the CUDA above)\n";
        entry_function();
        return {os_.str(), start};
    }

    std::vector<SrcLoc> locs() const { return locs_; }

private:
    /** Arguments get a block header of their own, mirrored on the device like any array,
     * with an extra reference so they are never updated in place. */
    void array_argument(const Param &p, const std::string &i) override {
        line(val_type(p.type) + " " + name(p.var) + " = lrt::dev_arg<" + stype(p.type.elem) + ", " +
             std::to_string(p.type.rank()) + ">(args_[" + i + "]);");
        line("lrt::Ref ref" + i + "_(" + name(p.var) + ".mem);");
    }
    /** Host checks fill their messages' numbers in like the CPU backend's. */
    std::string msg_storage() const override { return "static thread_local char"; }
    void entry_succeeded() override { line("lrt::check_kernels();"); }
    void entry_failed(const std::string &e) override { line("    lrt::first_error(" + e + ");"); }

    std::unordered_map<const Stm *, const KernelDesc *> kernels_of_;
    /** Arrays a kernel may read (with what loops, ifs and aliases pass on), arrays host
     * statements read whole (and the function's results), and every array read at all. */
    std::set<int> device_reads_, host_reads_, used_;
    std::set<std::string> helpers_;

    /** Fills the sets above from the statements of b (top: the function's body). */
    void find_reads(const Body &b, bool top) {
        auto mark = [&](std::set<int> &in) {
            return [&](int id) {
                in.insert(id);
                used_.insert(id);
            };
        };
        for (const Stm &s : b.stms) {
            const Exp &e = *s.exp;
            if (auto k = kernels_of_.find(&s); k != kernels_of_.end()) {
                kernel_reads(e, *k->second, mark(device_reads_));
            } else if (auto *n = e.as<ir::LoopExp>()) {
                for (const SubExp &x : n->inits)
                    if (!x.is_const)
                        mark(device_reads_)(x.var.id);
                find_reads(n->cond, false);
                find_reads(n->body, false);
            } else if (auto *n = e.as<ir::IfExp>()) {
                find_reads(n->then_body, false);
                find_reads(n->else_body, false);
            } else if (e.kind == ExpKind::Atom || e.kind == ExpKind::Coerce || views(s)) {
                uses_exp(e, mark(device_reads_)); // aliases, passed on
            } else if (auto *n = e.as<ir::IndexExp>()) {
                used_.insert(n->arr.id); // an element (see element())
            } else {
                uses_exp(e, mark(host_reads_));
            }
        }
        for (const SubExp &x : b.result)
            if (!x.is_const)
                mark(top ? host_reads_ : device_reads_)(x.var.id);
    }
    /** A partial index: a view of the array (an array, not an element), no data read. */
    static bool views(const Stm &s) {
        return s.exp->kind == ExpKind::Index && s.pat.at(0).type.rank() > 0;
    }
    /** What a kernel reads: its launches' array arguments, a scatter's or hist's
     * destination (others, such as iotas, it computes itself). */
    template <typename F> static void kernel_reads(const Exp &e, const KernelDesc &kd, F &&f) {
        for (const Launch &l : kd.calls)
            for (const KernelArg &a : l.args)
                if (a.kind == KernelArg::Kind::Var)
                    f(a.var);
        if (auto *n = e.as<ir::ScatterExp>())
            f(n->dest.id);
        if (auto *n = e.as<ir::HistExp>())
            for (const ir::HistOp &op : n->ops)
                f(op.dest.id);
    }

    bool is_array(int id) const {
        auto it = types_.find(id);
        return it != types_.end() && it->second.rank() > 0;
    }

    bool custom_stm(const Stm &s) override {
        auto k = kernels_of_.find(&s);
        if (k != kernels_of_.end()) {
            kernel(s, *k->second);
            return true;
        }
        const Exp &e = *s.exp;
        switch (e.kind) {
        case ExpKind::Loop:
        case ExpKind::If:      // their bodies' statements say what they need
        case ExpKind::Atom:    // aliases
        case ExpKind::Coerce:  // reads the shape only
            return false;
        case ExpKind::Index: {
            auto *n = e.as<ir::IndexExp>();
            if (views(s))
                return false;
            if (host_reads_.count(n->arr.id))
                break; // downloaded whole anyway
            element(s.pat.at(0), *n);
            return true;
        }
        case ExpKind::Iota:
        case ExpKind::Replicate: {
            int id = s.pat.at(0).var.id;
            if (device_reads_.count(id) || !used_.count(id)) {
                fill(s, device_reads_.count(id));
                return true;
            }
            break;
        }
        default: break;
        }
        std::set<int> ids;
        uses_exp(e, [&](int id) {
            if (is_array(id))
                ids.insert(id);
        });
        for (int id : ids)
            line("lrt::on_host(v" + std::to_string(id) + ");");
        if (e.kind == ExpKind::Iota || e.kind == ExpKind::Replicate) {
            const Param &p = s.pat.at(0);
            std::string rhs = simple(e, p.type); // materialised: not a virtual array
            line(decl(p) + " = " + rhs + ";");
        } else {
            plain_stm(s);
        }
        if (e.kind == ExpKind::Update)
            line("lrt::host_written(" + name(s.pat.at(0).var) + ");");
        return true;
    }

    /** p = arr[i, j, ...] (every index): the index checked on the host from the shape,
     * then only the element read (downloaded alone when arr is not valid on the host). */
    void element(const Param &p, const ir::IndexExp &n) {
        std::string a = name(n.arr);
        if (n.checked) {
            std::string ix = fresh("ix"), list;
            for (const SubExp &i : n.idx)
                list += (list.empty() ? "" : ", ") + i64(i);
            line("const int64_t " + ix + "[] = {" + list + "};");
            line("lrt::check_index(" + loc(n.loc) + ", " + a + ", " + ix + ", " +
                 std::to_string(n.idx.size()) + ");");
        }
        line(decl(p) + " = " +
             load(type_of(n.arr).elem, "lrt::elem(" + a + ", " + flat_offset(a, n.idx) + ")") + ";");
    }

    /** An iota or replicate that kernels read, filled on the device, or one nothing reads
     * (kernels compute its elements themselves): its size checked only.  The size is
     * checked on the host, with the interpreter's message. */
    void fill(const Stm &s, bool on_device) {
        const Exp &e = *s.exp;
        auto *rep = e.as<ir::ReplicateExp>();
        std::string size = checked_size(e);
        if (!on_device) {
            if (size_checked(e))
                line(size + ";");
            line(decl(s.pat.at(0)) + "; // not read");
            return;
        }
        std::string rhs = "lrt::dev_iota(" + size + ")";
        if (!rep)
            helpers_.insert("IOTA");
        if (rep) {
            const IType xt = type_of(rep->x);
            helpers_.insert((xt.rank() == 0 ? "FILL_" : "FILL_ROWS_") + std::to_string(prim_size(xt.elem)));
            rhs = xt.rank() == 0 ? "lrt::dev_replicate<" + std::string(stype(xt.elem)) + ">(" + size +
                                       ", " + store(xt.elem, atom(rep->x)) + ")"
                                 : "lrt::dev_replicate(" + size + ", " + name(rep->x.var) + ")";
        }
        line(decl(s.pat.at(0)) + " = " + rhs + ";");
    }

    static const SubExp &width(const Exp &e) {
        switch (e.kind) {
        case ExpKind::Screma: return e.as<ir::ScremaExp>()->w;
        case ExpKind::Map: return e.as<ir::MapExp>()->w;
        case ExpKind::Reduce: return e.as<ir::ReduceExp>()->w;
        case ExpKind::Scan: return e.as<ir::ScanExp>()->w;
        case ExpKind::Filter: return e.as<ir::FilterExp>()->w;
        case ExpKind::Scatter: return e.as<ir::ScatterExp>()->w;
        case ExpKind::Hist: return e.as<ir::HistExp>()->w;
        default: break;
        }
        throw InternalError("cuda host codegen: not a kernel");
    }

    /** The device allocation of output `p` (pattern index `k`) of kernel statement `s`. */
    std::string output(const Stm &s, size_t k) {
        const Param &p = s.pat[k];
        const Exp &e = *s.exp;
        std::string T = stype(p.type.elem), R = std::to_string(p.type.rank());
        if (auto *n = e.as<ir::FilterExp>())
            return "lrt::dev_alloc_rows<" + T + ", " + R + ">(" + name(s.pat[0].var) + ", " +
                   name(n->inputs.at(k - 1)) + ".shape + 1)";
        const Var *dest = nullptr;
        if (auto *n = e.as<ir::ScatterExp>())
            dest = &n->dest;
        if (auto *n = e.as<ir::HistExp>())
            dest = &n->ops.at(k).dest;
        if (dest)
            return movable(*dest) ? "lrt::dev_take(lrt::mv(" + name(*dest) + "))"
                                  : "lrt::dev_copy(" + name(*dest) + ")";
        if (e.as<ir::ReduceExp>()) // a reduce of rows element by element: the rows' shape
            return "lrt::dev_alloc<" + T + ", " + R + ">({" + dims_list(p.type.dims, 0) + "})";
        if (auto *n = e.as<ir::TransposeExp>()) { // its input's shape, the first two swapped
            std::string dims = "w_, " + name(n->arr) + ".shape[0]";
            for (int d = 2; d < p.type.rank(); d++)
                dims += ", " + name(n->arr) + ".shape[" + std::to_string(d) + "]";
            return "lrt::dev_alloc<" + T + ", " + R + ">({" + dims + "})";
        }
        return "lrt::dev_alloc<" + T + ", " + R + ">({w_" +
               (p.type.rank() > 1 ? ", " + dims_list(p.type.dims, 1) : "") + "})";
    }

    static std::string count_of(char c, int64_t tile) {
        if (c == 'T') // max(1, ceil(w / tile)): an empty scan still has its tile 0
            return "(w_ > 0 ? (w_ + " + std::to_string(tile - 1) + ") / " + std::to_string(tile) +
                   " : (int64_t)1)";
        return c == 'w' ? "w_" : c == 'G' ? "g_.grid" : "(int64_t)1";
    }

    void kernel(const Stm &s, const KernelDesc &kd) {
        line("// kernel " + kd.name + " (" + kd.kind + ")");
        for (const Param &p : s.pat)
            line(decl(p) + ";");
        open();
        // A transpose's rows: its input's columns.
        auto *tr = s.exp->as<ir::TransposeExp>();
        line("const int64_t w_ = " + (tr ? name(tr->arr) + ".shape[1]" : i64(width(*s.exp))) + ";");
        const Launch &main = kd.calls.at(0);
        if (main.grid == GridKind::Tiles) // a block per tile: a scan's, or threads / block
            line("const lrt::Grid g_{" +
                 (kd.threads.empty() ? count_of('T', kd.tile)
                                     : "std::max<int64_t>(1, " + kd.threads + " / " + std::to_string(kd.block) + ")") +
                 ", " + std::to_string(kd.block) + "};");
        else
            line("const lrt::Grid g_ = lrt::grid(\"" + main.fn + "\", " +
                 (kd.threads.empty() ? std::string("w_") : kd.threads) + ", " +
                 (main.grid == GridKind::ScanBlock ? std::to_string(kd.block) : "0") + ");");
        std::set<std::string> scratch;
        for (const Launch &l : kd.calls)
            for (const KernelArg &a : l.args)
                if (a.kind == KernelArg::Kind::Scratch && scratch.insert(a.scratch).second) {
                    line("lrt::Scratch s_" + a.scratch + "(" + count_of(a.count, kd.tile) + " * (int64_t)sizeof(" +
                         a.elem + "));");
                    if (a.zero)
                        line("s_" + a.scratch + ".zero();");
                }
        std::set<int> allocated;
        for (size_t c = 0; c < kd.calls.size(); c++) {
            const Launch &l = kd.calls[c];
            if (l.steps > 1)
                continue; // launched by the one before it (below)
            open();
            std::vector<std::string> ptrs;
            std::vector<const KernelArg *> reads;
            for (size_t i = 0; i < l.args.size(); i++) {
                const KernelArg &a = l.args[i];
                std::string ai = "a" + std::to_string(i) + "_";
                switch (a.kind) {
                case KernelArg::Kind::Var:
                    if (!is_array(a.var)) {
                        ptrs.push_back("lrt::argp(v" + std::to_string(a.var) + ")");
                        continue;
                    }
                    line("const auto " + ai + " = lrt::buf(v" + std::to_string(a.var) + ");");
                    break;
                case KernelArg::Kind::Out:
                    for (size_t k = 0; k < s.pat.size(); k++)
                        if (s.pat[k].var.id == a.var && allocated.insert(a.var).second)
                            line(name(s.pat[k].var) + " = " + output(s, k) + ";");
                    line("const auto " + ai + " = lrt::buf(v" + std::to_string(a.var) + ");");
                    break;
                case KernelArg::Kind::Scratch:
                    line("const auto " + ai + " = s_" + a.scratch + ".as<" + a.elem + ">(" +
                         count_of(a.count, kd.tile) + ");");
                    if (a.var >= 0)
                        reads.push_back(&a);
                    break;
                case KernelArg::Kind::Blocks:
                    line("const int64_t " + ai + " = g_.grid;");
                    break;
                }
                ptrs.push_back("lrt::argp(" + ai + ")");
            }
            std::string list;
            for (const std::string &p : ptrs)
                list += (list.empty() ? "" : ", ") + p;
            line("void *args_[] = {" + (list.empty() ? std::string("nullptr") : list) + "};");
            std::string grid = "g_";
            if (l.grid == GridKind::OneBlock)
                grid = "lrt::grid(\"" + l.fn + "\", 1, 0)";
            else if (l.grid == GridKind::OneThread)
                grid = "lrt::Grid{1, 1}";
            auto launch = [&](const Launch &x) {
                line("lrt::launch(\"" + x.fn + "\", " + grid + ", args_, " + (x.can_fail ? "true" : "false") +
                     (x.bounded ? "" : ", false") + ");");
            };
            const Launch *multi =
                c + 1 < kd.calls.size() && kd.calls[c + 1].steps > 1 ? &kd.calls[c + 1] : nullptr;
            if (multi && !for_loops_.empty() && for_loops_.back().loop == kd.steps_loop) {
                // Several of the loop's iterations at once while that many are left (same
                // arguments).
                const ForLoop &f = for_loops_.back();
                const std::string more = std::to_string(multi->steps - 1);
                open("if (" + f.counter + " + " + more + " < " + f.bound + ") {");
                launch(*multi);
                line(f.counter + " += " + more + ";");
                close("} else {");
                ind_++;
                launch(l);
                close();
            } else {
                launch(l);
            }
            for (const KernelArg *a : reads) {
                const IType &t = type_of(Var{a->var, ""});
                line("v" + std::to_string(a->var) + " = " +
                     load(t.elem, "s_" + a->scratch + ".get<" + a->elem + ">()") + ";");
            }
            close();
        }
        close();
    }

    // Host code never runs these SOACs: every host-level SOAC is a kernel.
    void filter(const Stm &s, const ir::FilterExp &, bool) override { not_kernel(s); }
    void scatter(const Stm &s, const ir::ScatterExp &, bool) override { not_kernel(s); }
    void hist(const Stm &s, const ir::HistExp &, bool) override { not_kernel(s); }
    [[noreturn]] void not_kernel(const Stm &s) const {
        throw InternalError(std::string("cuda host codegen: a host-level ") +
                            exp_kind_name(s.exp->kind) + " that is not a kernel");
    }
};

} // namespace

void generate_host(const ir::Function &f, CudaCode &code) {
    HostGen g(f, code);
    auto [source, start] = g.run();
    code.host_shown = source.substr(start);
    code.host_source = std::move(source);
    code.locs = g.locs();
    // Only the fill kernels launched are compiled (each costs NVRTC tens of milliseconds).
    std::string wanted;
    for (const std::string &h : g.helpers())
        wanted += "#define LOOM_WANT_" + h + " 1\n";
    code.source = wanted + code.source;
}

} // namespace loom::cuda
