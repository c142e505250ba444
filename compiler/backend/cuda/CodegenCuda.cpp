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
 *  - scan/scanomap/screma with scans: one single-pass kernel, tiles in launch order and
 *    decoupled look-back over per-tile status words (scan_kernel below; the host zeroes
 *    the status and the tile counter);
 *  - filter: flags and block counts, `<k>_offsets`, `<k>_write` (scatter of kept rows);
 *  - scatter: one thread per index; hist: a sub-histogram per block in shared memory
 *    when the bins fit (hist_kernel), merged with global atomics, else global atomics
 *    (atomicAdd for `+` on 32/64-bit types, else a CAS loop around the operator).
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
        auto [ix, val] = hist_row(n, i);
        line("const int64_t ix_ = (int64_t)" + ix + ";");
        line("if (ix_ < 0 || ix_ >= " + d + ".shape[0]) continue;");
        open();
        std::vector<Res> rs = apply(n.lam, {row(d, dt, "ix_"), val});
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
        case ExpKind::Hist:
            params_in_lambda(e.as<ir::HistExp>()->lam, f);
            if (e.as<ir::HistExp>()->fused())
                params_in_lambda(e.as<ir::HistExp>()->map_lam, f);
            break;
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

    /** What the kernels of one map/redomap/scanomap/screma share. */
    struct SoacK {
        Ops os;
        size_t nacc = 0, nres = 0;
        std::vector<int> fv;
        std::vector<IType> pt;                        ///< the pattern's types
        std::vector<std::string> acc, acc_t, neutral; ///< per accumulator
        std::vector<KParam> outs;                     ///< scan and map outputs
        std::vector<Param> out_params;
    };

    /** Map, redomap, scanomap and screma kernels.  Every thread takes a contiguous chunk
     * of the rows, so reductions and scans combine in order without commutativity. */
    void soac_kernel(const Stm &s, const Soac &q, const std::string &kname) {
        SoacK k;
        k.os = ops_of(q);
        const Ops &os = k.os;
        k.nacc = os.nscan + os.nred;
        k.nres = s.pat.size();
        k.fv = free_vars(s);
        std::set<int> inside;
        params_in_exp(*s.exp, [&](const Param &p) { inside.insert(p.var.id); });
        for (const Param &p : s.pat)
            k.pt.push_back(p.type);
        for (size_t r = 0; r < k.nres; r++) {
            bool arr_out = r < os.nscan || r >= k.nacc;
            if ((arr_out && k.pt[r].rank() != (r < os.nscan ? 1 : k.pt[r].rank())) ||
                (!arr_out && k.pt[r].rank() != 0) || (r < os.nscan && k.pt[r].rank() != 1))
                limitation(s, "reductions and scans of arrays (an operator on non-scalars)");
            for (size_t d = 1; arr_out && d < k.pt[r].dims.size(); d++)
                if (!k.pt[r].dims[d].is_const && inside.count(k.pt[r].dims[d].var.id))
                    limitation(s, "map results whose row sizes are only known inside the kernel");
        }
        k.acc = names("acc_", k.nacc);
        k.acc_t.resize(k.nacc);
        k.neutral.resize(k.nacc);
        for (size_t o = 0; o < os.ops.size(); o++)
            for (size_t j = 0; j < os.ops[o]->neutral.size(); j++)
                k.neutral[os.first[o] + j] = atom(os.ops[o]->neutral[j]);
        for (size_t a = 0; a < k.nacc; a++)
            k.acc_t[a] = ctype(k.pt[a].elem);
        for (size_t r = 0; r < k.nres; r++)
            if (r < os.nscan || r >= k.nacc) {
                k.outs.push_back(out_arg(s.pat[r]));
                k.out_params.push_back(s.pat[r]);
            }
        if (os.nscan > 0)
            return scan_kernel(s, q, kname, k);
        redomap_kernel(s, q, kname, k);
    }

    /** Scratch buffers `<base><a>` for accumulators [from, to) (as kernel parameters). */
    std::vector<KParam> acc_bufs(const Stm &s, const SoacK &k, const std::string &base, size_t from,
                                 size_t to, char count, const std::string &what) const {
        std::vector<KParam> ps;
        for (size_t a = from; a < to; a++)
            ps.push_back({buf_type(k.pt[a].elem, 1) + " " + base + std::to_string(a),
                          what + " of " + name(s.pat[a].var),
                          scratch(base + std::to_string(a), stype(k.pt[a].elem), count,
                                  base == "res" ? s.pat[a].var.id : -1)});
        return ps;
    }
    static std::vector<KParam> all(std::initializer_list<std::vector<KParam>> ls) {
        std::vector<KParam> r;
        for (const auto &l : ls)
            r.insert(r.end(), l.begin(), l.end());
        return r;
    }

    /** The body of the row loop at row `i`: the map part, the fold into the accumulators,
     * the scan outputs (inclusive within the thread's chunk) and the map outputs. */
    void fold_row(const Stm &s, const Soac &q, const SoacK &k, const std::string &i) {
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
        combine_ops(k.os, [](size_t) { return true; }, k.acc, r, k.acc);
        for (size_t a = 0; a < k.os.nscan; a++)
            put_row(name(s.pat[a].var), k.pt[a], i, k.acc[a]);
        for (size_t a = k.nacc; a < k.nres; a++)
            put_row(name(s.pat[a].var), k.pt[a], i, r[a]);
    }

    /** Map and redomap: a grid-stride map, or per-thread chunks, a block reduction and
     * per-block partials reduced by `<k>_final` (one block). */
    void redomap_kernel(const Stm &s, const Soac &q, const std::string &kname, const SoacK &k) {
        const Ops &os = k.os;
        auto any = [](size_t) { return true; };
        std::vector<KParam> red_parts = acc_bufs(s, k, "part", 0, k.nacc, 'G', "per-block partials");
        begin_kernel(kname, all({args_of(k.fv), k.outs, red_parts}), GridKind::Occupancy);
        bind_types(k.fv, k.out_params);
        line("const int64_t w_ = " + i64(q.w) + ";");
        if (k.nacc == 0) {
            open("for (int64_t i_ = lrt::gtid(); i_ < w_; i_ += lrt::gsize()) {");
        } else {
            line("int64_t lo_, hi_;");
            line("lrt::chunk(w_, lrt::gsize(), lrt::gtid(), lo_, hi_);");
            for (size_t a = 0; a < k.nacc; a++)
                line(k.acc_t[a] + " " + k.acc[a] + " = " + k.neutral[a] + ";");
            open("for (int64_t i_ = lo_; i_ < hi_; i_++) {");
        }
        fold_row(s, q, k, "i_");
        close();
        if (k.nacc == 0) {
            end_kernel();
            return;
        }
        block_reduce(os, any, k.acc, k.acc_t, k.neutral);
        for (size_t a = 0; a < k.nacc; a++)
            line("if (threadIdx.x == 0) part" + std::to_string(a) + ".data[blockIdx.x] = " +
                 store(k.pt[a].elem, k.acc[a]) + ";");
        end_kernel();

        // The block partials, reduced by one block.
        std::vector<KParam> res = acc_bufs(s, k, "res", 0, k.nacc, '1', "1-element result");
        begin_kernel(kname + "_final", all({args_of(k.fv), red_parts, {blocks_arg("nparts_")}, res}),
                     GridKind::OneBlock);
        bind_types(k.fv, {});
        line("int64_t lo_, hi_;");
        line("lrt::chunk(nparts_, blockDim.x, threadIdx.x, lo_, hi_);");
        std::vector<std::string> xs(k.nacc);
        for (size_t a = 0; a < k.nacc; a++) {
            line(k.acc_t[a] + " " + k.acc[a] + " = " + k.neutral[a] + ";");
            xs[a] = load(k.pt[a].elem, "part" + std::to_string(a) + ".data[c_]");
        }
        open("for (int64_t c_ = lo_; c_ < hi_; c_++) {");
        combine_ops(os, any, k.acc, xs, k.acc);
        close();
        block_reduce(os, any, k.acc, k.acc_t, k.neutral);
        for (size_t a = 0; a < k.nacc; a++)
            line("if (threadIdx.x == 0) res" + std::to_string(a) + ".data[0] = " +
                 store(k.pt[a].elem, k.acc[a]) + ";");
        end_kernel();
    }

    /** An inclusive scan of `v` (one variable per accumulator, all ops) across the warp,
     * by shuffles: lane l ends with op(v_0, ..., v_l). */
    void warp_scan(const SoacK &k, const std::vector<std::string> &v) {
        std::vector<std::string> up = names("up" + std::to_string(tmp_++) + "_", k.nacc);
        open("for (int d_ = 1; d_ < 32; d_ <<= 1) {");
        for (size_t a = 0; a < k.nacc; a++)
            line(k.acc_t[a] + " " + up[a] + " = lrt::shfl_up(" + v[a] + ", d_);");
        open("if (lane_ >= (unsigned)d_) {");
        combine_ops(k.os, [](size_t) { return true; }, up, v, v);
        close();
        close();
    }

    /** Single-pass scan (scanomap and screma with scans): tiles of scan_tile rows taken
     * in launch order from an atomic counter (so a tile waits only for tiles already
     * running), each thread folds a contiguous chunk of its tile, the block scans the
     * threads' aggregates (warp shuffles, then the warps' totals), and thread 0 finds the
     * tile's exclusive prefix by decoupled look-back over the tiles' status, publishing
     * the tile's aggregate first and its inclusive prefix after.  Every accumulator rides
     * along (reductions too: the last tile's inclusive prefix is their result).  Status:
     * one 64-bit word per tile (flag and value) for a single accumulator of at most 4
     * bytes; else a flag array and per-accumulator aggregate and prefix arrays, the
     * values written before a fence and the flag. */
    void scan_kernel(const Stm &s, const Soac &q, const std::string &kname, const SoacK &k) {
        const Ops &os = k.os;
        auto any = [](size_t) { return true; };
        auto is_scan = [&](size_t o) { return os.is_scan(o); };
        const bool packed = k.nacc == 1 && prim_size(k.pt[0].elem) <= 4;
        KernelArg counter = scratch("tile", "int64_t", '1');
        counter.zero = true;
        std::vector<KParam> status;
        if (packed) {
            KernelArg st = scratch("status", "uint64_t", 'T');
            st.zero = true;
            status.push_back({"Buf<uint64_t, 1> pstatus_", "tile status words[T]", st});
        } else {
            KernelArg fl = scratch("flag", "int32_t", 'T');
            fl.zero = true;
            status.push_back({"Buf<int32_t, 1> pstatus_", "tile flags[T]", fl});
            for (const auto &v : {acc_bufs(s, k, "agg", 0, k.nacc, 'T', "tile aggregates"),
                                  acc_bufs(s, k, "inc", 0, k.nacc, 'T', "tile inclusive prefixes")})
                status.insert(status.end(), v.begin(), v.end());
        }
        status.push_back({"Buf<int64_t, 1> ptile_", "tile counter", counter});
        std::vector<KParam> res = acc_bufs(s, k, "res", os.nscan, k.nacc, '1', "1-element result");
        begin_kernel(kname, all({args_of(k.fv), k.outs, status, res}), GridKind::ScanBlock);
        bind_types(k.fv, k.out_params);
        line("const int64_t w_ = " + i64(q.w) + ";");
        line("const int64_t ntiles_ = pstatus_.shape[0];");
        line("const unsigned lane_ = threadIdx.x & 31u, warp_ = threadIdx.x >> 5, nw_ = (blockDim.x + 31u) >> 5;");
        line("__shared__ int64_t tile_sh_;");
        std::vector<std::string> wsum = names("wsum_", k.nacc), tpre = names("tpre_", k.nacc);
        for (size_t a = 0; a < k.nacc; a++) {
            line("__shared__ " + k.acc_t[a] + " " + wsum[a] + "[32];");
            line("__shared__ " + k.acc_t[a] + " " + tpre[a] + ";");
        }
        open("for (;;) {");
        line("if (threadIdx.x == 0) tile_sh_ = (int64_t)atomicAdd((unsigned long long *)ptile_.data, 1ull);");
        line("__syncthreads();");
        line("const int64_t tile_ = tile_sh_;");
        line("if (tile_ >= ntiles_) break;");
        line("const int64_t base_ = tile_ * " + std::to_string(scan_tile) + ";");
        line("const int64_t end_ = w_ - base_ < " + std::to_string(scan_tile) + " ? w_ : base_ + " +
             std::to_string(scan_tile) + ";");
        line("int64_t lo_, hi_;");
        line("lrt::chunk(end_ - base_, blockDim.x, threadIdx.x, lo_, hi_);");
        line("lo_ += base_;");
        line("hi_ += base_;");
        for (size_t a = 0; a < k.nacc; a++)
            line(k.acc_t[a] + " " + k.acc[a] + " = " + k.neutral[a] + ";");
        open("for (int64_t i_ = lo_; i_ < hi_; i_++) {");
        fold_row(s, q, k, "i_");
        close();

        // The block's scan of the threads' aggregates: within each warp, then the warps'
        // totals (scanned by warp 0); ex_ is the thread's exclusive prefix in its warp.
        warp_scan(k, k.acc);
        std::vector<std::string> ex = names("ex_", k.nacc);
        for (size_t a = 0; a < k.nacc; a++) {
            line(k.acc_t[a] + " " + ex[a] + " = lrt::shfl_up(" + k.acc[a] + ", 1);");
            line("if (lane_ == 0) " + ex[a] + " = " + k.neutral[a] + ";");
            line("if (lane_ == 31 || threadIdx.x == blockDim.x - 1) " + wsum[a] + "[warp_] = " +
                 k.acc[a] + ";");
        }
        line("__syncthreads();");
        open("if (warp_ == 0) {");
        std::vector<std::string> t = names("t_", k.nacc);
        for (size_t a = 0; a < k.nacc; a++)
            line(k.acc_t[a] + " " + t[a] + " = lane_ < nw_ ? " + wsum[a] + "[lane_] : " + k.neutral[a] + ";");
        warp_scan(k, t);
        for (size_t a = 0; a < k.nacc; a++)
            line("if (lane_ < nw_) " + wsum[a] + "[lane_] = " + t[a] + ";");
        close();
        line("__syncthreads();");

        // Thread 0: the tile's exclusive prefix by look-back.
        open("if (threadIdx.x == 0) {");
        std::vector<std::string> agg = names("agg_", k.nacc), tex = names("tex_", k.nacc),
                                 inc = names("inc_", k.nacc), x = names("x_", k.nacc);
        for (size_t a = 0; a < k.nacc; a++) {
            line(k.acc_t[a] + " " + agg[a] + " = " + wsum[a] + "[nw_ - 1];");
            line(k.acc_t[a] + " " + tex[a] + " = " + k.neutral[a] + ";");
            line(k.acc_t[a] + " " + inc[a] + " = " + agg[a] + ";");
        }
        open("if (tile_ > 0) {");
        publish(k, packed, "lrt::TILE_AGGREGATE", agg);
        line("int64_t p_ = tile_ - 1;");
        open("for (;;) {");
        if (packed) {
            line("uint64_t st_;");
            line("while (lrt::status_flag(st_ = lrt::vload(pstatus_.data + p_)) == lrt::TILE_INVALID) lrt::stop_if_failed();");
            line("const int32_t f_ = lrt::status_flag(st_);");
            line(k.acc_t[0] + " " + x[0] + " = " +
                 load(k.pt[0].elem, "lrt::status_value<" + std::string(stype(k.pt[0].elem)) + ">(st_)") + ";");
        } else {
            line("int32_t f_;");
            line("while ((f_ = lrt::vload(pstatus_.data + p_)) == lrt::TILE_INVALID) lrt::stop_if_failed();");
            line("__threadfence();"); // the values were written before the flag
            for (size_t a = 0; a < k.nacc; a++) {
                std::string A = std::to_string(a);
                line(k.acc_t[a] + " " + x[a] + " = " +
                     load(k.pt[a].elem, "lrt::vload((f_ == lrt::TILE_PREFIX ? inc" + A + " : agg" + A +
                                            ").data + p_)") + ";");
            }
        }
        combine_ops(os, any, x, tex, tex); // the earlier tile on the left
        line("if (f_ == lrt::TILE_PREFIX) break;");
        line("p_--;");
        close();
        combine_ops(os, any, tex, agg, inc);
        close();
        publish(k, packed, "lrt::TILE_PREFIX", inc);
        for (size_t a = 0; a < k.nacc; a++)
            line(tpre[a] + " = " + tex[a] + ";");
        for (size_t a = os.nscan; a < k.nacc; a++)
            line("if (tile_ == ntiles_ - 1) res" + std::to_string(a) + ".data[0] = " +
                 store(k.pt[a].elem, inc[a]) + ";");
        close();
        line("__syncthreads();");

        // Each thread's prefix: the tile's, its warp's, its own in the warp, in order.
        std::vector<std::string> pre = names("pre_", k.nacc);
        for (size_t a = 0; a < k.nacc; a++)
            line(k.acc_t[a] + " " + pre[a] + " = warp_ > 0 ? " + wsum[a] + "[warp_ - 1] : " +
                 k.neutral[a] + ";");
        combine_ops(os, is_scan, pre, ex, pre);
        std::vector<std::string> tp(k.nacc);
        for (size_t a = 0; a < k.nacc; a++) {
            tp[a] = "tp" + std::to_string(a) + "_";
            line(k.acc_t[a] + " " + tp[a] + " = " + tpre[a] + ";");
        }
        combine_ops(os, is_scan, tp, pre, pre);
        fold_prefix(s, os, k.pt, pre, k.acc_t, "lo_", "hi_");
        line("__syncthreads();"); // the shared values are read before the next tile's
        close();
        end_kernel();
    }

    /** Thread 0 publishes its tile's values `v` with `flag` (look-back readers see the
     * values once they see the flag). */
    void publish(const SoacK &k, bool packed, const std::string &flag, const std::vector<std::string> &v) {
        if (packed) {
            line("lrt::vstore(pstatus_.data + tile_, lrt::pack_status(" + flag + ", " +
                 store(k.pt[0].elem, v[0]) + "));");
            return;
        }
        std::string arr = flag == "lrt::TILE_PREFIX" ? "inc" : "agg";
        for (size_t a = 0; a < k.nacc; a++)
            line(arr + std::to_string(a) + ".data[tile_] = " + store(k.pt[a].elem, v[a]) + ";");
        line("__threadfence();");
        line("lrt::vstore(pstatus_.data + tile_, (int32_t)" + flag + ");");
    }

    /** out[i] = op(prefix, out[i]) for the scan outputs over rows [lo, hi). */
    void fold_prefix(const Stm &s, const Ops &os, const std::vector<IType> &pt,
                     const std::vector<std::string> &prefix, const std::vector<std::string> &acc_t,
                     const std::string &lo, const std::string &hi) {
        std::vector<std::string> pre = names("pfx_", os.nscan), x = names("y_", os.nscan);
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

    /** Bytes of the per-block sub-histogram in shared memory: a histogram with at most
     * this many bytes of bins is privatised (allocated statically, so every hist kernel
     * reserves it; 32 KiB leaves room for several blocks per multiprocessor). */
    static constexpr int hist_shared_bytes = 32768;

    /** `*ptr = op(*ptr, val)` atomically: atomicAdd for `+`, else a CAS loop around the
     * operator (`val` is an expression of the compute type). */
    void hist_update(const ir::HistExp &n, PrimType t, const std::string &ptr, const std::string &val) {
        std::string S = stype(t);
        if (is_atomic_add(n, t)) {
            bool wide = t == PrimType::I64 || t == PrimType::U64;
            bool i32 = t == PrimType::I32;
            std::string p = wide ? "(unsigned long long *)(" + ptr + ")" : i32 ? "(int *)(" + ptr + ")" : ptr;
            std::string v = wide ? "(unsigned long long)" + val : i32 ? "(int)" + val : val;
            line("atomicAdd(" + p + ", " + v + ");");
            return;
        }
        open("lrt::atomic_update(" + ptr + ", [&](" + S + " cur_) -> " + S + " {");
        std::vector<Res> rs = apply(n.lam, {load(t, "cur_"), val});
        line("return " + store(t, rs.at(0).expr) + ";");
        close("});");
    }

    /** Hist: when the bins fit in hist_shared_bytes, each block builds a sub-histogram in
     * shared memory (bins start at the neutral element; shared-memory atomics), then adds
     * its bins that differ from the neutral element into the result with global atomics;
     * else global atomics directly.  The operator is commutative (reduce_by_index's rule). */
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
        std::string cap = std::to_string(hist_shared_bytes / prim_size(dt.elem));
        line("const int64_t w_ = " + i64(n.w) + ", nbins_ = " + d + ".shape[0];");
        line("const bool priv_ = nbins_ <= " + cap + ";");
        line("const " + S + " ne_ = " + store(dt.elem, atom(n.neutral)) + ";");
        line("__shared__ __align__(8) " + S + " hsh_[" + cap + "];");
        open("if (priv_) {");
        line("for (int64_t b_ = threadIdx.x; b_ < nbins_; b_ += blockDim.x) hsh_[b_] = ne_;");
        line("__syncthreads();");
        close();
        open("for (int64_t i_ = lrt::gtid(); i_ < w_; i_ += lrt::gsize()) {");
        auto [ix, val] = hist_row(n, "i_");
        line("const int64_t ix_ = (int64_t)" + ix + ";");
        line("if (ix_ < 0 || ix_ >= nbins_) continue;");
        line("const " + T + " val_ = " + val + ";");
        open("if (priv_) {");
        hist_update(n, dt.elem, "hsh_ + ix_", "val_");
        close("} else {");
        ind_++;
        hist_update(n, dt.elem, d + ".data + ix_", "val_");
        close();
        close();
        open("if (priv_) {");
        line("__syncthreads();");
        open("for (int64_t b_ = threadIdx.x; b_ < nbins_; b_ += blockDim.x) {");
        line("const " + S + " bin_ = hsh_[b_];");
        line("if (bin_ == ne_) continue;");
        hist_update(n, dt.elem, d + ".data + b_", load(dt.elem, "bin_"));
        close();
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
