/** \file
 * CUDA generation for the CUDA backend (see CudaBackend.h): one translation unit per entry
 * point, over the device runtime of runtime/cuda/loom_cuda_rt.h (embedded at the top),
 * with one or more `extern "C" __global__` functions per kernel of passes::find_kernels.
 *
 * The code inside a kernel (its lambdas: scalar code, loops, ifs, nested SOACs run
 * sequentially by one thread, arrays on the device heap) comes from the generator the
 * CPU backend also uses (common/CodegenCLike.h), over the same `lrt::` API, so both
 * backends share semantics.  Kernel arguments are the host variables the statement reads (arrays as
 * `Buf<T, R>`), then its outputs, then scratch buffers.  Kernel shapes:
 *  - map: one thread per row, grid-stride loop;
 *  - redomap: contiguous per-thread chunks folded in order, a block reduction (warp
 *    shuffles, then shared memory), per-block partials, and `<k>_final` (one block);
 *  - scan/scanomap/screma: the same chunks and a Hillis-Steele scan of the threads'
 *    aggregates per block, `<k>_carry` scans the block sums, `<k>_add` adds them;
 *  - filter: flags and block counts, `<k>_offsets`, `<k>_write` (scatter of kept rows);
 *  - scatter: one thread per index; hist: global atomics (atomicAdd for `+` on
 *    32/64-bit types, else a CAS loop around the operator).
 * The host program that launches them is C++ (CodegenCudaHost.cpp); the end of the CUDA
 * source summarises it in a comment.
 */
#include "compiler/backend/cuda/CudaBackend.h"
#include "compiler/backend/common/CodegenCLike.h"
#include "compiler/passes/Kernels.h"
#include "runtime/cuda/RuntimeText.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <ios>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace loom::cuda {

namespace {

class Gen : public clike::CLikeGen {
public:
    explicit Gen(const ir::Function &f) : CLikeGen(f, "cuda codegen", "", false) {
        for (const Param &p : f.size_params)
            all_types_[p.var.id] = p.type;
        for (const Param &p : f.params)
            all_types_[p.var.id] = p.type;
        for (const Stm &s : f.body.stms)
            collect_types(s);
    }

    CudaCode run() {
        os_ << cuda_runtime_text() << "\n// ---- kernels generated from the IR of `" << f_.name
            << "`\n";
        for (const passes::KernelInfo &k : passes::find_kernels(f_)) {
            code_.kernels.push_back({k.name, k.kind, {}, {}, k.stm});
            kernel(*k.stm, k.name);
        }
        host_plan();
        code_.source = os_.str();
        code_.locs = locs_;
        return std::move(code_);
    }

private:
    /** The type of every variable of the function (kernel arguments come from it). */
    std::unordered_map<int, IType> all_types_;
    CudaCode code_;
    std::streampos kernel_text_ = 0;   ///< where its text begins in os_

    // ------------------------------------------------ SOACs inside a kernel (sequential)

    void filter(const Stm &s, const ir::FilterExp &n, bool) override {
        std::string N = std::to_string(tmp_++);
        std::string w = "w" + N + "_", i = "i" + N + "_", keep = "keep" + N + "_", o = "o" + N + "_";
        for (const Param &p : s.pat)
            line(decl(p) + ";");
        open();
        line("const int64_t " + w + " = " + i64(n.w) + ";");
        line("Arr<bool, 1> " + keep + " = lrt::alloc<bool, 1>({" + w + "});");
        line(name(s.pat[0].var) + " = 0;");
        open_loop(i, "0", w);
        open();
        std::vector<std::string> args;
        for (const Var &v : n.inputs)
            args.push_back(row(name(v), type_of(v), i));
        std::vector<Res> rs = apply(n.lam, args);
        line(keep + ".data[" + i + "] = " + rs.at(0).expr + ";");
        line(name(s.pat[0].var) + " += " + rs.at(0).expr + " ? 1 : 0;");
        close();
        close_loop();
        for (size_t k = 0; k < n.inputs.size(); k++) {
            const IType &t = type_of(n.inputs[k]);
            line(name(s.pat[k + 1].var) + " = lrt::alloc_rows<" + stype(t.elem) + ", " +
                 std::to_string(t.rank()) + ">(" + name(s.pat[0].var) + ", " + name(n.inputs[k]) +
                 ".shape + 1);");
        }
        line("int64_t " + o + " = 0;");
        open("for (int64_t " + i + " = 0; " + i + " < " + w + "; " + i + "++) {");
        line("if (!" + keep + ".data[" + i + "]) continue;");
        for (size_t k = 0; k < n.inputs.size(); k++)
            line("lrt::copy_row(" + name(s.pat[k + 1].var) + ", " + o + ", " + name(n.inputs[k]) +
                 ", " + i + ");");
        line(o + "++;");
        close();
        close();
    }

    /** `dest[ix] = op(dest[ix], v)` for the indices in range, in order. */
    void scatter(const Stm &s, const ir::ScatterExp &n, bool) override {
        std::string i = fresh("i"), d = name(s.pat.at(0).var);
        line(decl(s.pat[0]) + " = " + dest_of(n.dest) + ";");
        open("for (int64_t " + i + " = 0; " + i + " < " + i64(n.w) + "; " + i + "++) {");
        line("const int64_t ix_ = (int64_t)" + in_row(n.indices, i) + ";");
        line("if (ix_ >= 0 && ix_ < " + d + ".shape[0]) lrt::copy_row(" + d + ", ix_, " +
             name(n.values) + ", " + i + ");");
        close();
    }

    void hist(const Stm &s, const ir::HistExp &n, bool) override {
        std::string i = fresh("i"), d = name(s.pat.at(0).var);
        const IType dt = s.pat[0].type;
        line(decl(s.pat[0]) + " = " + dest_of(n.dest) + ";");
        open("for (int64_t " + i + " = 0; " + i + " < " + i64(n.w) + "; " + i + "++) {");
        line("const int64_t ix_ = (int64_t)" + in_row(n.indices, i) + ";");
        line("if (ix_ < 0 || ix_ >= " + d + ".shape[0]) continue;");
        open();
        std::vector<Res> rs = apply(n.lam, {row(d, dt, "ix_"), in_row(n.values, i)});
        put_row(d, dt, "ix_", rs.at(0).expr);
        close();
        close();
    }

    // ------------------------------------------------ types and free variables

    template <typename F> static void params_in_body(const Body &b, F &&f) {
        for (const Stm &s : b.stms) {
            for (const Param &p : s.pat)
                f(p);
            params_in_exp(*s.exp, f);
        }
    }
    template <typename F> static void params_in_lambda(const Lambda &l, F &&f) {
        for (const Param &p : l.params)
            f(p);
        params_in_body(l.body, f);
    }
    /** Every variable bound inside `e` (not its statement's pattern). */
    template <typename F> static void params_in_exp(const Exp &e, F &&f) {
        switch (e.kind) {
        case ExpKind::If:
            params_in_body(e.as<ir::IfExp>()->then_body, f);
            params_in_body(e.as<ir::IfExp>()->else_body, f);
            break;
        case ExpKind::Loop: {
            auto *n = e.as<ir::LoopExp>();
            for (const Param &p : n->params)
                f(p);
            if (n->form == ir::LoopExp::Form::For)
                f(n->index);
            params_in_body(n->cond, f);
            params_in_body(n->body, f);
            break;
        }
        case ExpKind::Map: params_in_lambda(e.as<ir::MapExp>()->lam, f); break;
        case ExpKind::Reduce: params_in_lambda(e.as<ir::ReduceExp>()->lam, f); break;
        case ExpKind::Scan: params_in_lambda(e.as<ir::ScanExp>()->lam, f); break;
        case ExpKind::Filter: params_in_lambda(e.as<ir::FilterExp>()->lam, f); break;
        case ExpKind::Hist: params_in_lambda(e.as<ir::HistExp>()->lam, f); break;
        case ExpKind::Screma: {
            auto *n = e.as<ir::ScremaExp>();
            params_in_lambda(n->map_lam, f);
            for (const auto *ops : {&n->scans, &n->reduces})
                for (const ScremaOp &op : *ops)
                    params_in_lambda(op.lam, f);
            break;
        }
        default: break;
        }
    }
    void collect_types(const Stm &s) {
        auto add = [&](const Param &p) { all_types_[p.var.id] = p.type; };
        for (const Param &p : s.pat)
            add(p);
        params_in_exp(*s.exp, add);
    }

    /** The host variables a kernel statement reads (its arguments), by id: the vars it
     * uses and the sizes in the types of what it binds, less what it binds itself. */
    std::vector<int> free_vars(const Stm &s) const {
        std::set<int> used, bound;
        uses_exp(*s.exp, [&](int id) { used.insert(id); });
        params_in_exp(*s.exp, [&](const Param &p) {
            bound.insert(p.var.id);
            for (const SubExp &d : p.type.dims)
                if (!d.is_const)
                    used.insert(d.var.id);
        });
        for (const Param &p : s.pat)
            bound.insert(p.var.id);
        std::vector<int> r;
        for (int id : used)
            if (!bound.count(id))
                r.push_back(id);
        return r;
    }

    // ------------------------------------------------ kernels

    struct KParam {
        std::string decl; ///< in the kernel's parameter list
        std::string what; ///< for the launch summary
        KernelArg arg;    ///< for the host program
    };
    static KParam blocks_arg(const std::string &pname) {
        return {"int64_t " + pname, "G", KernelArg::of(KernelArg::Kind::Blocks)};
    }
    static KernelArg scratch(const std::string &name, const std::string &elem, char count, int var = -1) {
        KernelArg a = KernelArg::of(KernelArg::Kind::Scratch);
        a.scratch = name;
        a.elem = elem;
        a.count = count;
        a.var = var;
        return a;
    }
    std::string buf_type(PrimType e, int rank) const {
        return "Buf<" + std::string(stype(e)) + ", " + std::to_string(rank) + ">";
    }
    /** Arguments for the free variables `ids` (arrays as Buf views), then `extra`. */
    std::vector<KParam> args_of(const std::vector<int> &ids) const {
        std::vector<KParam> ps;
        for (int id : ids) {
            const IType &t = all_types_.at(id);
            std::string v = "v" + std::to_string(id);
            KernelArg a = KernelArg::of(KernelArg::Kind::Var, id);
            if (t.rank() == 0)
                ps.push_back({std::string(ctype(t.elem)) + " " + v, v, a});
            else
                ps.push_back({buf_type(t.elem, t.rank()) + " p" + std::to_string(id), v, a});
        }
        return ps;
    }
    KParam out_arg(const Param &p) const {
        return {buf_type(p.type.elem, p.type.rank()) + " p" + std::to_string(p.var.id),
                "out " + name(p.var), KernelArg::of(KernelArg::Kind::Out, p.var.id)};
    }
    /** Opens `extern "C" __global__ void name(params)` and binds the array arguments. */
    void begin_kernel(const std::string &kname, const std::vector<KParam> &ps, GridKind grid) {
        types_.clear();
        virt_.clear();
        frames_.clear();
        cur_ = nullptr;
        kernel_text_ = os_.tellp();
        std::string list, whats;
        Launch l{kname, grid, {}, false};
        for (const KParam &p : ps) {
            list += (list.empty() ? "" : ", ") + p.decl;
            whats += (whats.empty() ? "" : ", ") + p.what;
            l.args.push_back(p.arg);
        }
        KernelDesc &kd = code_.kernels.back();
        const char *shapes[] = {"G blocks of B", "G blocks of LOOM_SCAN_BLOCK", "1 block of B",
                                "1 block of 1 thread", ""};
        std::string launch = grid == GridKind::Same ? "the grid of " + kd.name : shapes[(int)grid];
        kd.launches.push_back(kname + "<<<" + launch + ">>>(" + whats + ")");
        kd.calls.push_back(std::move(l));
        os_ << "\nextern \"C\" __global__ void __launch_bounds__(1024) " << kname << "(" << list
            << ") {\n";
        ind_ = 1;
        for (const KParam &p : ps) {
            if (p.decl.rfind("Buf<", 0) != 0)
                continue;
            std::string pn = p.decl.substr(p.decl.rfind(' ') + 1);
            if (pn.size() < 2 || pn[0] != 'p' || !std::isdigit((unsigned char)pn[1]))
                continue; // scratch buffers are used as Bufs
            std::string v = "v" + pn.substr(1);
            line("Arr" + p.decl.substr(3, p.decl.rfind(' ') - 3) + " " + v + " = lrt::view(" + pn + ");");
        }
    }
    void end_kernel() {
        ind_ = 0;
        line("}");
        std::string text = os_.str().substr((size_t)kernel_text_);
        // The runtime functions that can record a failure (a check, or the device heap).
        bool fails = false;
        for (const char *f : {"lrt::fail", "lrt::check_", "lrt::range_count", "lrt::slice",
                              "lrt::divmod", "lrt::ipow", "lrt::internal", "lrt::alloc",
                              "lrt::copy(", "lrt::replicate", "lrt::concat", "lrt::transpose",
                              "lrt::take", "lrt::put_block", "lrt::own"})
            fails = fails || text.find(f) != std::string::npos;
        code_.kernels.back().calls.back().can_fail = fails;
    }
    /** Registers the types of the kernel's free vars and outputs (what the body sees). */
    void bind_types(const std::vector<int> &ids, const std::vector<Param> &outs) {
        for (int id : ids)
            types_[id] = all_types_.at(id);
        for (const Param &p : outs)
            types_[p.var.id] = p.type;
    }
    [[noreturn]] void limitation(const Stm &s, const std::string &what) const {
        throw CompilerLimitation(s.exp->loc, "the cuda backend does not handle " + what + " yet");
    }

    void kernel(const Stm &s, const std::string &kname) {
        const Exp &e = *s.exp;
        switch (e.kind) {
        case ExpKind::Screma: {
            auto *n = e.as<ir::ScremaExp>();
            return soac_kernel(s, Soac{n->w, n->inputs, &n->map_lam, n->scans, n->reduces}, kname);
        }
        case ExpKind::Map: {
            auto *n = e.as<ir::MapExp>();
            return soac_kernel(s, Soac{n->w, n->inputs, &n->lam, {}, {}}, kname);
        }
        case ExpKind::Reduce: {
            auto *n = e.as<ir::ReduceExp>();
            return soac_kernel(s, Soac{n->w, n->inputs, nullptr, {}, {ScremaOp{n->lam, n->neutral}}},
                               kname);
        }
        case ExpKind::Scan: {
            auto *n = e.as<ir::ScanExp>();
            return soac_kernel(s, Soac{n->w, n->inputs, nullptr, {ScremaOp{n->lam, n->neutral}}, {}},
                               kname);
        }
        case ExpKind::Filter: return filter_kernel(s, *e.as<ir::FilterExp>(), kname);
        case ExpKind::Scatter: return scatter_kernel(s, *e.as<ir::ScatterExp>(), kname);
        case ExpKind::Hist: return hist_kernel(s, *e.as<ir::HistExp>(), kname);
        default: break;
        }
        throw InternalError(std::string("cuda codegen: not a kernel: ") + exp_kind_name(e.kind));
    }

    /** The operators of a SOAC with the first operand (= pattern index) of each. */
    struct Ops {
        std::vector<const ScremaOp *> ops;
        std::vector<size_t> first;
        size_t nscan = 0, nred = 0;
        std::vector<std::string> slice(const std::vector<std::string> &v, size_t o) const {
            return {v.begin() + (long)first[o], v.begin() + (long)(first[o] + ops[o]->neutral.size())};
        }
        bool is_scan(size_t o) const { return first[o] < nscan; }
    };
    static Ops ops_of(const Soac &q) {
        Ops r;
        size_t k = 0;
        for (const auto *list : {&q.scans, &q.reduces})
            for (const ScremaOp &op : *list) {
                r.ops.push_back(&op);
                r.first.push_back(k);
                k += op.neutral.size();
                (list == &q.scans ? r.nscan : r.nred) += op.neutral.size();
            }
        return r;
    }
    /** Applies the ops selected by `which` (accumulators `acc`, operands `xs`, into `out`). */
    template <typename P>
    void combine_ops(const Ops &os, P &&which, const std::vector<std::string> &acc,
                     const std::vector<std::string> &xs, const std::vector<std::string> &out) {
        for (size_t o = 0; o < os.ops.size(); o++)
            if (which(o))
                combine(*os.ops[o], os.slice(acc, o), os.slice(xs, o), os.slice(out, o));
    }
    std::vector<std::string> names(const std::string &base, size_t n) {
        std::vector<std::string> r;
        for (size_t k = 0; k < n; k++)
            r.push_back(base + std::to_string(k) + "_");
        return r;
    }

    /** Reduces the accumulators of the ops selected by `which` across the block (warp
     * shuffles, then one value per warp in shared memory); thread 0 ends with the
     * block's result, combined in thread order. */
    template <typename P>
    void block_reduce(const Ops &os, P &&which, const std::vector<std::string> &acc,
                      const std::vector<std::string> &acc_t, const std::vector<std::string> &neutral) {
        std::string N = std::to_string(tmp_++);
        std::vector<size_t> ks;
        for (size_t o = 0; o < os.ops.size(); o++)
            if (which(o))
                for (size_t k = os.first[o]; k < os.first[o] + os.ops[o]->neutral.size(); k++)
                    ks.push_back(k);
        std::vector<std::string> other = names("oth" + N + "_", acc.size());
        open();
        line("const unsigned lane_ = threadIdx.x & 31u, warp_ = threadIdx.x >> 5, nw_ = (blockDim.x + 31u) >> 5;");
        for (size_t k : ks)
            line("__shared__ " + acc_t[k] + " sh" + N + "_" + std::to_string(k) + "[32];");
        auto warp_reduce = [&] {
            open("for (int d_ = 1; d_ < 32; d_ <<= 1) {");
            for (size_t k : ks)
                line(acc_t[k] + " " + other[k] + " = lrt::shfl_down(" + acc[k] + ", d_);");
            open("if ((lane_ & (2 * d_ - 1)) == 0 && lane_ + d_ < 32) {");
            combine_ops(os, which, acc, other, acc);
            close();
            close();
        };
        warp_reduce();
        line("__syncthreads();");
        for (size_t k : ks)
            line("if (lane_ == 0) sh" + N + "_" + std::to_string(k) + "[warp_] = " + acc[k] + ";");
        line("__syncthreads();");
        open("if (warp_ == 0) {");
        for (size_t k : ks)
            line(acc[k] + " = lane_ < nw_ ? sh" + N + "_" + std::to_string(k) + "[lane_] : " +
                 neutral[k] + ";");
        warp_reduce();
        close();
        close();
    }

    /** Map, redomap, scanomap and screma kernels.  Every thread takes a contiguous chunk
     * of the rows, so reductions and scans combine in order without commutativity. */
    void soac_kernel(const Stm &s, const Soac &q, const std::string &kname) {
        Ops os = ops_of(q);
        size_t nacc = os.nscan + os.nred, nres = s.pat.size();
        std::vector<int> fv = free_vars(s);
        std::set<int> inside;
        params_in_exp(*s.exp, [&](const Param &p) { inside.insert(p.var.id); });
        std::vector<IType> pt;
        for (const Param &p : s.pat)
            pt.push_back(p.type);
        for (size_t k = 0; k < nres; k++) {
            bool arr_out = k < os.nscan || k >= nacc;
            if ((arr_out && pt[k].rank() != (k < os.nscan ? 1 : pt[k].rank())) ||
                (!arr_out && pt[k].rank() != 0) || (k < os.nscan && pt[k].rank() != 1))
                limitation(s, "reductions and scans of arrays (an operator on non-scalars)");
            for (size_t d = 1; arr_out && d < pt[k].dims.size(); d++)
                if (!pt[k].dims[d].is_const && inside.count(pt[k].dims[d].var.id))
                    limitation(s, "map results whose row sizes are only known inside the kernel");
        }
        std::vector<std::string> acc = names("acc_", nacc), acc_t(nacc), neutral(nacc);
        for (size_t o = 0; o < os.ops.size(); o++)
            for (size_t j = 0; j < os.ops[o]->neutral.size(); j++)
                neutral[os.first[o] + j] = atom(os.ops[o]->neutral[j]);
        for (size_t k = 0; k < nacc; k++)
            acc_t[k] = ctype(pt[k].elem);
        std::vector<KParam> outs;
        std::vector<Param> out_params;
        for (size_t k = 0; k < nres; k++)
            if (k < os.nscan || k >= nacc) {
                outs.push_back(out_arg(s.pat[k]));
                out_params.push_back(s.pat[k]);
            }
        auto parts = [&](const std::string &base, size_t from, size_t to, const std::string &what) {
            std::vector<KParam> ps;
            for (size_t k = from; k < to; k++)
                ps.push_back({buf_type(pt[k].elem, 1) + " " + base + std::to_string(k),
                              what + " of " + name(s.pat[k].var),
                              scratch(base + std::to_string(k), stype(pt[k].elem),
                                      base == "res" ? '1' : 'G', base == "res" ? s.pat[k].var.id : -1)});
            return ps;
        };
        auto all = [](std::initializer_list<std::vector<KParam>> ls) {
            std::vector<KParam> r;
            for (const auto &l : ls)
                r.insert(r.end(), l.begin(), l.end());
            return r;
        };
        std::vector<KParam> red_parts = parts("part", os.nscan, nacc, "per-block partials");
        std::vector<KParam> bsums = parts("bsum", 0, os.nscan, "per-block sums");
        bool scan = os.nscan > 0, red = os.nred > 0;
        auto is_red = [&](size_t o) { return !os.is_scan(o); };
        auto is_scan = [&](size_t o) { return os.is_scan(o); };
        auto any = [](size_t) { return true; };
        GridKind grid = scan ? GridKind::ScanBlock : GridKind::Occupancy;

        // Phase 1: the rows (map part), per-thread folds, block results.
        begin_kernel(kname, all({args_of(fv), outs, red_parts, bsums}), grid);
        bind_types(fv, out_params);
        std::string i = "i_";
        line("const int64_t w_ = " + i64(q.w) + ";");
        if (nacc == 0) {
            open("for (int64_t " + i + " = lrt::gtid(); " + i + " < w_; " + i + " += lrt::gsize()) {");
        } else {
            line("int64_t lo_, hi_;");
            line("lrt::chunk(w_, lrt::gsize(), lrt::gtid(), lo_, hi_);");
            for (size_t k = 0; k < nacc; k++)
                line(acc_t[k] + " " + acc[k] + " = " + neutral[k] + ";");
            open("for (int64_t " + i + " = lo_; " + i + " < hi_; " + i + "++) {");
        }
        {
            std::vector<std::string> r;
            if (q.map) {
                std::vector<std::string> args;
                for (const Var &v : q.inputs)
                    args.push_back(in_row(v, i));
                for (const Res &x : apply(*q.map, args))
                    r.push_back(x.expr);
            } else {
                for (const Var &v : q.inputs)
                    r.push_back(in_row(v, i));
            }
            combine_ops(os, any, acc, r, acc);
            for (size_t k = 0; k < os.nscan; k++)
                put_row(name(s.pat[k].var), pt[k], i, acc[k]);
            for (size_t k = nacc; k < nres; k++)
                put_row(name(s.pat[k].var), pt[k], i, r[k]);
        }
        close();
        if (scan) {
            // Inclusive scan of the threads' aggregates in shared memory (Hillis-Steele),
            // then each thread folds its exclusive prefix into its chunk.
            std::vector<std::string> sh = names("shs_", os.nscan), o = names("prev_", os.nscan),
                                     cur = names("cur_", os.nscan);
            std::vector<std::string> shx(os.nscan), shp(os.nscan);
            for (size_t k = 0; k < os.nscan; k++) {
                line("__shared__ " + acc_t[k] + " " + sh[k] + "[LOOM_SCAN_BLOCK];");
                line(sh[k] + "[threadIdx.x] = " + acc[k] + ";");
                shx[k] = sh[k] + "[threadIdx.x]";
                shp[k] = sh[k] + "[threadIdx.x - 1]";
            }
            line("__syncthreads();");
            open("for (unsigned d_ = 1; d_ < blockDim.x; d_ <<= 1) {");
            line("const bool has_ = threadIdx.x >= d_;");
            for (size_t k = 0; k < os.nscan; k++)
                line(acc_t[k] + " " + o[k] + " = has_ ? " + sh[k] + "[threadIdx.x - d_] : " + acc[k] + ";");
            line("__syncthreads();");
            open("if (has_) {");
            for (size_t k = 0; k < os.nscan; k++)
                line(acc_t[k] + " " + cur[k] + " = " + shx[k] + ";");
            combine_ops(os, is_scan, o, cur, cur);
            for (size_t k = 0; k < os.nscan; k++)
                line(shx[k] + " = " + cur[k] + ";");
            close();
            line("__syncthreads();");
            close();
            open("if (threadIdx.x > 0) {");
            fold_prefix(s, os, pt, shp, acc_t, "lo_", "hi_");
            close();
            for (size_t k = 0; k < os.nscan; k++)
                line("if (threadIdx.x == blockDim.x - 1) bsum" + std::to_string(k) +
                     ".data[blockIdx.x] = " + store(pt[k].elem, shx[k]) + ";");
        }
        if (red) {
            block_reduce(os, is_red, acc, acc_t, neutral);
            for (size_t k = os.nscan; k < nacc; k++)
                line("if (threadIdx.x == 0) part" + std::to_string(k) + ".data[blockIdx.x] = " +
                     store(pt[k].elem, acc[k]) + ";");
        }
        end_kernel();

        if (red) {
            // The block partials, reduced by one block.
            std::vector<KParam> res = parts("res", os.nscan, nacc, "1-element result");
            begin_kernel(kname + "_final",
                         all({args_of(fv), red_parts, {blocks_arg("nparts_")}, res}),
                         GridKind::OneBlock);
            bind_types(fv, {});
            line("int64_t lo_, hi_;");
            line("lrt::chunk(nparts_, blockDim.x, threadIdx.x, lo_, hi_);");
            std::vector<std::string> xs(nacc);
            for (size_t k = 0; k < nacc; k++) {
                line(acc_t[k] + " " + acc[k] + " = " + neutral[k] + ";");
                xs[k] = load(pt[k].elem, "part" + std::to_string(k) + ".data[c_]");
            }
            open("for (int64_t c_ = lo_; c_ < hi_; c_++) {");
            combine_ops(os, is_red, acc, xs, acc);
            close();
            block_reduce(os, is_red, acc, acc_t, neutral);
            for (size_t k = os.nscan; k < nacc; k++)
                line("if (threadIdx.x == 0) res" + std::to_string(k) + ".data[0] = " +
                     store(pt[k].elem, acc[k]) + ";");
            end_kernel();
        }
        if (scan) {
            // The blocks' sums scanned in order (few: one thread), then added to the blocks.
            begin_kernel(kname + "_carry", all({args_of(fv), bsums, {blocks_arg("nblocks_")}}),
                         GridKind::OneThread);
            bind_types(fv, {});
            open("for (int64_t b_ = 1; b_ < nblocks_; b_++) {");
            std::vector<std::string> prev(os.nscan), x = names("x_", os.nscan);
            for (size_t k = 0; k < os.nscan; k++) {
                prev[k] = "pv" + std::to_string(k) + "_";
                line(acc_t[k] + " " + prev[k] + " = " +
                     load(pt[k].elem, "bsum" + std::to_string(k) + ".data[b_ - 1]") + ";");
                line(acc_t[k] + " " + x[k] + " = " +
                     load(pt[k].elem, "bsum" + std::to_string(k) + ".data[b_]") + ";");
            }
            combine_ops(os, is_scan, prev, x, x);
            for (size_t k = 0; k < os.nscan; k++)
                line("bsum" + std::to_string(k) + ".data[b_] = " + store(pt[k].elem, x[k]) + ";");
            close();
            end_kernel();

            std::vector<KParam> scan_outs(outs.begin(), outs.begin() + (long)os.nscan);
            std::vector<Param> scan_params(out_params.begin(), out_params.begin() + (long)os.nscan);
            begin_kernel(kname + "_add", all({args_of(fv), scan_outs, bsums}), GridKind::Same);
            bind_types(fv, scan_params);
            line("if (blockIdx.x == 0) return;");
            line("const int64_t w_ = " + i64(q.w) + ";");
            line("int64_t lo_, hi_;");
            line("lrt::chunk(w_, lrt::gsize(), lrt::gtid(), lo_, hi_);");
            std::vector<std::string> carry(os.nscan);
            for (size_t k = 0; k < os.nscan; k++) {
                carry[k] = "carry" + std::to_string(k) + "_";
                line(acc_t[k] + " " + carry[k] + " = " +
                     load(pt[k].elem, "bsum" + std::to_string(k) + ".data[blockIdx.x - 1]") + ";");
            }
            fold_prefix(s, os, pt, carry, acc_t, "lo_", "hi_");
            end_kernel();
        }
    }

    /** out[i] = op(prefix, out[i]) for the scan outputs over rows [lo, hi). */
    void fold_prefix(const Stm &s, const Ops &os, const std::vector<IType> &pt,
                     const std::vector<std::string> &prefix, const std::vector<std::string> &acc_t,
                     const std::string &lo, const std::string &hi) {
        std::vector<std::string> pre = names("pre_", os.nscan), x = names("x_", os.nscan);
        for (size_t k = 0; k < os.nscan; k++)
            line("const " + acc_t[k] + " " + pre[k] + " = " + prefix[k] + ";");
        open("for (int64_t j_ = " + lo + "; j_ < " + hi + "; j_++) {");
        for (size_t k = 0; k < os.nscan; k++)
            line(acc_t[k] + " " + x[k] + " = " + row(name(s.pat[k].var), pt[k], "j_") + ";");
        combine_ops(os, [&](size_t o) { return os.is_scan(o); }, pre, x, x);
        for (size_t k = 0; k < os.nscan; k++)
            put_row(name(s.pat[k].var), pt[k], "j_", x[k]);
        close();
    }

    /** Filter: flags and per-block counts, the blocks' offsets (one thread), then each
     * thread copies its kept rows at its block's offset plus the counts before it. */
    void filter_kernel(const Stm &s, const ir::FilterExp &n, const std::string &kname) {
        std::vector<int> fv = free_vars(s);
        std::vector<KParam> flags{{"Buf<bool, 1> pkeep_", "flags[w]", scratch("keep", "bool", 'w')},
                                  {"Buf<int64_t, 1> pcnt_", "per-block counts[G]",
                                   scratch("cnt", "int64_t", 'G')}};
        auto with = [](std::vector<KParam> a, const std::vector<KParam> &b) {
            a.insert(a.end(), b.begin(), b.end());
            return a;
        };
        begin_kernel(kname, with(args_of(fv), flags), GridKind::Occupancy);
        bind_types(fv, {});
        line("Arr<bool, 1> keep_ = lrt::view(pkeep_);");
        line("const int64_t w_ = " + i64(n.w) + ";");
        line("int64_t lo_, hi_, c_ = 0;");
        line("lrt::chunk(w_, lrt::gsize(), lrt::gtid(), lo_, hi_);");
        open("for (int64_t i_ = lo_; i_ < hi_; i_++) {");
        std::vector<std::string> args;
        for (const Var &v : n.inputs)
            args.push_back(row(name(v), type_of(v), "i_"));
        std::vector<Res> rs = apply(n.lam, args);
        line("keep_.data[i_] = " + rs.at(0).expr + ";");
        line("c_ += " + rs.at(0).expr + " ? 1 : 0;");
        close();
        line("const int64_t t_ = lrt::block_sum(c_);");
        line("if (threadIdx.x == 0) pcnt_.data[blockIdx.x] = t_;");
        end_kernel();

        begin_kernel(kname + "_offsets",
                     {flags[1], blocks_arg("nblocks_"),
                      {"Buf<int64_t, 1> pcount_", "1-element count (read back: " + name(s.pat[0].var) + ")",
                       scratch("count", "int64_t", '1', s.pat[0].var.id)}},
                     GridKind::OneThread);
        line("int64_t t_ = 0;");
        open("for (int64_t b_ = 0; b_ < nblocks_; b_++) {");
        line("const int64_t c_ = pcnt_.data[b_];");
        line("pcnt_.data[b_] = t_;");
        line("t_ += c_;");
        close();
        line("pcount_.data[0] = t_;");
        end_kernel();

        std::vector<KParam> outs;
        std::vector<Param> out_params(s.pat.begin() + 1, s.pat.end());
        for (const Param &p : out_params)
            outs.push_back(out_arg(p));
        begin_kernel(kname + "_write", with(with(args_of(fv), flags), outs), GridKind::Same);
        bind_types(fv, out_params);
        line("Arr<bool, 1> keep_ = lrt::view(pkeep_);");
        line("const int64_t w_ = " + i64(n.w) + ";");
        line("int64_t lo_, hi_, c_ = 0;");
        line("lrt::chunk(w_, lrt::gsize(), lrt::gtid(), lo_, hi_);");
        line("for (int64_t i_ = lo_; i_ < hi_; i_++) c_ += keep_.data[i_] ? 1 : 0;");
        line("int64_t o_ = pcnt_.data[blockIdx.x] + lrt::block_exscan_sum(c_);");
        open("for (int64_t i_ = lo_; i_ < hi_; i_++) {");
        line("if (!keep_.data[i_]) continue;");
        for (size_t k = 0; k < n.inputs.size(); k++)
            line("lrt::copy_row(" + name(out_params[k].var) + ", o_, " + name(n.inputs[k]) + ", i_);");
        line("o_++;");
        close();
        end_kernel();
    }

    /** Scatter: one thread per (index, value); the host first copies dest to the output
     * (or hands it over when dest is dead). */
    void scatter_kernel(const Stm &s, const ir::ScatterExp &n, const std::string &kname) {
        std::vector<int> fv = free_vars(s);
        std::vector<KParam> ps = args_of(fv);
        ps.push_back(out_arg(s.pat.at(0)));
        begin_kernel(kname, ps, GridKind::Occupancy);
        bind_types(fv, s.pat);
        std::string d = name(s.pat[0].var);
        line("const int64_t w_ = " + i64(n.w) + ";");
        open("for (int64_t i_ = lrt::gtid(); i_ < w_; i_ += lrt::gsize()) {");
        line("const int64_t ix_ = (int64_t)" + in_row(n.indices, "i_") + ";");
        line("if (ix_ >= 0 && ix_ < " + d + ".shape[0]) lrt::copy_row(" + d + ", ix_, " +
             name(n.values) + ", i_);");
        close();
        end_kernel();
    }

    /** Whether a hist operator is `+` on its two params, for a type with atomicAdd. */
    static bool is_atomic_add(const ir::HistExp &n, PrimType t) {
        const Lambda &l = n.lam;
        if (l.body.stms.size() != 1 || l.params.size() != 2 || l.body.result.size() != 1)
            return false;
        auto *b = l.body.stms[0].exp->as<ir::BinOpExp>();
        if (!b || b->op != ir::BinOpKind::Add || b->x.is_const || b->y.is_const)
            return false;
        const Var &r = l.body.stms[0].pat.at(0).var;
        bool params = (b->x.var == l.params[0].var && b->y.var == l.params[1].var) ||
                      (b->x.var == l.params[1].var && b->y.var == l.params[0].var);
        bool ok_type = t == PrimType::I32 || t == PrimType::U32 || t == PrimType::I64 ||
                       t == PrimType::U64 || t == PrimType::F32 || t == PrimType::F64;
        return params && ok_type && !l.body.result[0].is_const && l.body.result[0].var == r;
    }

    /** Hist with global atomics: atomicAdd for `+`, else a CAS loop around the operator. */
    void hist_kernel(const Stm &s, const ir::HistExp &n, const std::string &kname) {
        const IType dt = s.pat.at(0).type;
        if (dt.rank() != 1)
            limitation(s, "reduce_by_index into arrays of rank above 1");
        std::vector<int> fv = free_vars(s);
        std::vector<KParam> ps = args_of(fv);
        ps.push_back(out_arg(s.pat.at(0)));
        begin_kernel(kname, ps, GridKind::Occupancy);
        bind_types(fv, s.pat);
        std::string d = name(s.pat[0].var), T = ctype(dt.elem), S = stype(dt.elem);
        line("const int64_t w_ = " + i64(n.w) + ";");
        open("for (int64_t i_ = lrt::gtid(); i_ < w_; i_ += lrt::gsize()) {");
        line("const int64_t ix_ = (int64_t)" + in_row(n.indices, "i_") + ";");
        line("if (ix_ < 0 || ix_ >= " + d + ".shape[0]) continue;");
        line("const " + T + " val_ = " + in_row(n.values, "i_") + ";");
        if (is_atomic_add(n, dt.elem)) {
            bool wide = dt.elem == PrimType::I64 || dt.elem == PrimType::U64;
            bool i32 = dt.elem == PrimType::I32;
            std::string ptr = wide  ? "(unsigned long long *)(" + d + ".data + ix_)"
                              : i32 ? "(int *)(" + d + ".data + ix_)"
                                    : d + ".data + ix_";
            std::string v = wide ? "(unsigned long long)val_" : i32 ? "(int)val_" : "val_";
            line("atomicAdd(" + ptr + ", " + v + ");");
        } else {
            open("lrt::atomic_update(" + d + ".data + ix_, [&](" + S + " cur_) -> " + S + " {");
            std::vector<Res> rs = apply(n.lam, {load(dt.elem, "cur_"), "val_"});
            line("return " + store(dt.elem, rs.at(0).expr) + ";");
            close("});");
        }
        close();
        end_kernel();
    }

    // ------------------------------------------------ the host program's summary

    /** What the host program does, in order, as a comment (`:cuda` readers see the
     * launches next to the kernels). */
    void host_plan() {
        std::map<const Stm *, size_t> index;
        std::vector<passes::KernelInfo> ks = passes::find_kernels(f_);
        for (size_t k = 0; k < ks.size(); k++)
            index[ks[k].stm] = k;
        os_ << "\n/* Host program of `" << f_.name << "` (a summary; the host program is generated C++).\n"
            << " * Launch with blocks of B threads, B from the occupancy calculator; G blocks.\n"
            << " * After each launch, read `loom_err`: `set` != 0 is a failed check at locs[loc].\n";
        std::function<void(const Body &, int)> walk = [&](const Body &b, int depth) {
            std::string pad(2 + 2 * (size_t)depth, ' ');
            for (const Stm &s : b.stms) {
                std::string pat;
                for (const Param &p : s.pat)
                    pat += (pat.empty() ? "" : ", ") + name(p.var);
                auto it = index.find(&s);
                if (it != index.end()) {
                    const KernelDesc &kd = code_.kernels[it->second];
                    os_ << " *" << pad << pat << " = kernel " << kd.name << " (" << kd.kind << "):\n";
                    for (const std::string &l : kd.launches)
                        os_ << " *" << pad << "  " << l << "\n";
                    continue;
                }
                os_ << " *" << pad << pat << " = host " << exp_kind_name(s.exp->kind) << "\n";
                if (auto *n = s.exp->as<ir::LoopExp>())
                    walk(n->body, depth + 1);
                if (auto *n = s.exp->as<ir::IfExp>()) {
                    walk(n->then_body, depth + 1);
                    os_ << " *" << pad << "  else\n";
                    walk(n->else_body, depth + 1);
                }
            }
        };
        walk(f_.body, 0);
        os_ << " */\n";
    }
};

} // namespace

CudaCode generate_code(const ir::Function &f) {
    CudaCode c = Gen(f).run();
    generate_host(f, c);
    return c;
}

std::string generate(const ir::Function &f) {
    CudaCode c = generate_code(f);
    return c.source + "\n// ==== the host program (C++, built by the host compiler after the runtime texts\n" +
           "// runtime/cpu/loom_cpu_rt.h and runtime/cuda/loom_cuda_host_rt.h)\n" + c.host_shown;
}

} // namespace loom::cuda
