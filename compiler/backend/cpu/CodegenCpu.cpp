/** \file
 * C++ generation for the CPU backend (see CpuBackend.h): one function `loom_entry` per
 * entry point, over the runtime of runtime/cpu/loom_cpu_rt.h (embedded at the top).
 *
 * The sequential code comes from common/CodegenCLike.h (shared with CUDA): every IR
 * variable becomes a C++ local `v<id>`, bodies become blocks, SOACs become loops.  The
 * kernels of passes::find_kernels become `lrt::par_chunks` calls (OpenMP) with
 * per-chunk partial results combined in order.  An array operand is moved (`lrt::mv`)
 * at its last use when nothing else can see it, so `with` updates, scatter and hist run
 * in place on arrays whose reference count is one.
 */
#include "compiler/backend/cpu/CpuBackend.h"
#include "compiler/backend/common/CodegenCLike.h"
#include "compiler/passes/Kernels.h"
#include "runtime/cpu/RuntimeText.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <ios>
#include <map>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace loom::cpu {

namespace {

class Gen : public clike::CLikeGen {
public:
    Gen(const ir::Function &f, const ir::Module *m)
        : CLikeGen(f, "cpu codegen", "std::", true), module_(m) {
        for (const passes::KernelInfo &k : passes::find_kernels(f))
            kernels_[k.stm] = k.name;
    }

    CpuCode run() {
        os_ << cpu_runtime_text() << "\n// ---- generated from the IR of `" << f_.name << "`\n";
        functions();
        os_ << "extern \"C\" int loom_entry(lrt::Ctx *ctx, lrt::Val *args_, lrt::Val *res_) {\n";
        ind_ = 1;
        line("unsigned poll_ = 0;");
        line("(void)poll_;");
        line("try {");
        ind_++;
        size_t k = 0;
        Frame top{&f_.body, 0, true, {}};
        for (const Param &p : f_.size_params) {
            types_[p.var.id] = p.type;
            line("int64_t " + name(p.var) + ";");
            line("std::memcpy(&" + name(p.var) + ", args_[" + std::to_string(k++) +
                 "].data, sizeof(int64_t));");
        }
        for (const Param &p : f_.params) {
            types_[p.var.id] = p.type;
            top.defined.insert(p.var.id);
            std::string i = std::to_string(k++);
            if (p.type.rank() == 0) {
                line(std::string(ctype(p.type.elem)) + " " + name(p.var) + ";");
                line("std::memcpy(&" + name(p.var) + ", args_[" + i + "].data, sizeof " +
                     name(p.var) + ");");
            } else {
                line(val_type(p.type) + " " + name(p.var) + " = lrt::arg<" + stype(p.type.elem) +
                     ", " + std::to_string(p.type.rank()) + ">(args_[" + i + "]);");
            }
        }
        std::vector<Res> rs = body(f_.body, std::move(top));
        for (size_t i = 0; i < rs.size(); i++) {
            const IType &t = f_.ret.at(i);
            std::string e = rs[i].expr;
            if (t.rank() == 0)
                e = "(" + std::string(ctype(t.elem)) + ")(" + e + ")";
            line("lrt::ret(res_[" + std::to_string(i) + "], " + e + ");");
        }
        line("return 0;");
        ind_--;
        line("} catch (lrt::Err &e) {");
        line("    ctx->err = e;");
        line("    return 1;");
        line("} catch (...) {");
        line("    ctx->err = lrt::Err();");
        line("    ctx->err.kind = lrt::E_INTERNAL;");
        line("    ctx->err.msg = \"out of memory\";");
        line("    return 1;");
        line("}");
        os_ << "}\n";
        os_ << "extern \"C\" void loom_release(void *m) { lrt::dec((lrt::Mem *)m); }\n";
        return {os_.str(), locs_};
    }

private:
    const ir::Module *module_; ///< the callees of ApplyExp (may be null: none)

    static std::string fn_name(const std::string &n) { return "fn_" + n; }

    /** The module's other functions (recursive source functions) as C++ functions, run
     * sequentially: `void fn_f(ctx, size params, params, result refs)`.  A thread-local
     * depth counter turns runaway recursion into the interpreter's error. */
    void functions() {
        if (!module_ || module_->functions.size() < 2)
            return;
        os_ << "static thread_local int64_t loom_depth_ = 0;\n";
        auto signature = [&](const ir::Function &g) {
            std::string sig = "static void " + fn_name(g.name) + "(lrt::Ctx *ctx";
            for (const Param &p : g.size_params)
                sig += ", int64_t " + name(p.var);
            for (const Param &p : g.params)
                sig += ", " + val_type(p.type) + " " + name(p.var);
            for (size_t i = 0; i < g.ret.size(); i++)
                sig += ", " + val_type(g.ret[i]) + " &res" + std::to_string(i) + "_";
            return sig + ")";
        };
        for (size_t k = 1; k < module_->functions.size(); k++)
            os_ << signature(module_->functions[k]) << ";\n";
        for (size_t k = 1; k < module_->functions.size(); k++) {
            const ir::Function &g = module_->functions[k];
            os_ << signature(g) << " {\n";
            ind_ = 1;
            line("struct Depth_ { Depth_() { loom_depth_++; } ~Depth_() { loom_depth_--; } } depth_;");
            line("unsigned poll_ = 0;");
            line("(void)poll_;");
            Frame top{&g.body, 0, true, {}};
            for (const Param &p : g.size_params)
                types_[p.var.id] = p.type;
            for (const Param &p : g.params) {
                types_[p.var.id] = p.type;
                top.defined.insert(p.var.id);
            }
            std::vector<Res> rs = body(g.body, std::move(top));
            for (size_t i = 0; i < rs.size(); i++) {
                const IType &t = g.ret.at(i);
                std::string e = rs[i].take();
                if (t.rank() == 0)
                    e = "(" + std::string(ctype(t.elem)) + ")(" + e + ")";
                line("res" + std::to_string(i) + "_ = " + e + ";");
            }
            ind_ = 0;
            os_ << "}\n";
        }
    }

    void call(const Stm &s, const ir::ApplyExp &n) override {
        for (const Param &p : s.pat)
            line(decl(p) + ";");
        line("if (loom_depth_ >= " + std::to_string(ir::ApplyExp::max_depth) + ") lrt::fail(" +
             loc(n.loc) + ", \"Stack overflow: recursion too deep\");");
        std::string args = "ctx";
        for (const SubExp &a : n.args)
            args += ", " + (a.is_const ? literal(a.value) : use(a.var));
        for (const Param &p : s.pat)
            args += ", " + name(p.var);
        line(fn_name(n.fn) + "(" + args + ");");
    }

    /** `#pragma omp simd reduction(...)` for a redomap whose operators are all float `+`
     * or `*` and whose map body is scalar code that cannot fail: reduction operators are
     * associative, so the compiler may reassociate (vectorise) the sum, as it already
     * does for integers.  Empty when it does not apply. */
    std::string simd_reduction(const Soac &q, const std::vector<IType> &pt,
                               const std::vector<std::string> &acc) {
        if (!q.scans.empty() || q.reduces.empty())
            return "";
        std::string clauses;
        size_t k = 0;
        // Operand j of an m-operand operator: statement j combines params j and m + j.
        for (const ScremaOp &op : q.reduces) {
            const Lambda &l = op.lam;
            size_t m = op.neutral.size();
            if (l.params.size() != 2 * m || l.body.stms.size() != m || l.body.result.size() != m)
                return "";
            for (size_t j = 0; j < m; j++) {
                PrimType t = l.params[j].type.elem;
                const Stm &st = l.body.stms[j];
                auto *b = st.exp->as<ir::BinOpExp>();
                if (l.params[j].type.rank() != 0 || (t != PrimType::F32 && t != PrimType::F64) ||
                    !b || b->x.is_const || b->y.is_const || l.body.result[j].is_const ||
                    l.body.result[j].var.id != st.pat.at(0).var.id)
                    return "";
                int px = l.params[j].var.id, py = l.params[m + j].var.id;
                if (!((b->x.var.id == px && b->y.var.id == py) ||
                      (b->x.var.id == py && b->y.var.id == px)))
                    return "";
                if (b->op != ir::BinOpKind::Add && b->op != ir::BinOpKind::Mul)
                    return "";
                clauses += std::string(" reduction(") + (b->op == ir::BinOpKind::Add ? "+" : "*") +
                           ": " + acc[k++] + ")";
            }
        }
        for (size_t j = k; j < pt.size(); j++)
            if (pt[j].rank() > 1)
                return "";
        if (q.map)
            for (const Stm &st : q.map->body.stms) {
                for (const Param &p : st.pat)
                    if (p.type.rank() != 0)
                        return "";
                const Exp &e = *st.exp;
                bool ok = e.kind == ExpKind::UnOp || e.kind == ExpKind::Math ||
                          e.kind == ExpKind::Convert || e.kind == ExpKind::Atom;
                if (auto *b = e.as<ir::BinOpExp>()) {
                    // Arithmetic has its operands' type; comparisons cannot fail.
                    ok = is_float(st.pat.at(0).type.elem) || (b->op != ir::BinOpKind::Div && b->op != ir::BinOpKind::Mod &&
                                         b->op != ir::BinOpKind::Quot && b->op != ir::BinOpKind::Rem &&
                                         b->op != ir::BinOpKind::Pow);
                }
                if (!ok)
                    return "";
            }
        return "#pragma omp simd" + clauses;
    }

    std::string loop_pragma(const SoacPlan &p) override { return simd_reduction(p.q, p.pt, p.acc); }
    /** Failure messages are read by the host after the worker threads' stacks unwound. */
    std::string msg_storage() const override { return "static thread_local char"; }

    /** A kernel's SOAC: chunks run by lrt::par_chunks, the chunks' partial reductions
     * combined in order, and scans fixed up with each chunk's carry-in. */
    void soac_loops(const SoacPlan &p, bool par) override {
        if (!par)
            return CLikeGen::soac_loops(p, par);
        const Stm &s = p.s;
        const std::string &N = p.N, &w = p.w, &i = p.i;
        const size_t nscan = p.nscan, nred = p.nred, nacc = p.nacc();
        const std::vector<IType> &pt = p.pt;
        const std::vector<const ScremaOp *> &ops = p.ops;
        const std::vector<size_t> &op_first = p.op_first;
        const std::vector<std::string> &acc = p.acc, &acc_t = p.acc_t;
        auto op_slice = [&](const std::vector<std::string> &v, size_t o) { return p.op_slice(v, o); };
        std::string c = "c" + N + "_", nc = "nc" + N + "_";
        std::vector<std::string> part(nacc);
        for (size_t k = 0; k < nacc; k++)
            part[k] = "part" + N + "_" + std::to_string(k);
        line("const int64_t " + nc + " = lrt::nchunks(ctx, " + w + ");");
        for (size_t k = 0; k < nacc; k++)
            line("lrt::Vec<" + acc_t[k] + "> " + part[k] + "(" + nc + ");");
        open("lrt::par_chunks(ctx, " + w + ", " + nc + ", [&](int64_t " + c + ", int64_t lo_, int64_t hi_) {");
        line("unsigned poll_ = 0;");
        line("(void)" + c + ";");
        p.declare_accs();
        open_loop(i, "lo_", "hi_", loop_pragma(p));
        p.iteration();
        close_loop();
        for (size_t k = 0; k < nacc; k++)
            line(part[k] + "[" + c + "] = lrt::mv(" + acc[k] + ");");
        close("});");
        // Reductions: the chunks' partial results, combined in order.
        if (nred > 0) {
            open();
            std::vector<std::string> r(nacc);
            for (size_t k = nscan; k < nacc; k++) {
                r[k] = "red" + N + "_" + std::to_string(k);
                line(acc_t[k] + " " + r[k] + " = lrt::mv(" + part[k] + "[0]);");
            }
            open("for (int64_t " + c + " = 1; " + c + " < " + nc + "; " + c + "++) {");
            std::vector<std::string> pc(nacc);
            for (size_t k = 0; k < nacc; k++)
                pc[k] = part[k] + "[" + c + "]";
            for (size_t o = 0; o < ops.size(); o++)
                if (op_first[o] >= nscan)
                    combine(*ops[o], op_slice(r, o), op_slice(pc, o), op_slice(r, o));
            close();
            for (size_t k = nscan; k < nacc; k++)
                line(name(s.pat[k].var) + " = lrt::own(" + r[k] + ");");
            close();
        }
        // Scans: each chunk's carry-in, then a second pass folds it into the chunk.
        if (nscan > 0) {
            open("if (" + nc + " > 1) {");
            std::vector<std::string> carry(nscan), cprev(nscan), pprev(nscan), ccur(nscan);
            for (size_t k = 0; k < nscan; k++) {
                carry[k] = "carry" + N + "_" + std::to_string(k);
                line("lrt::Vec<" + acc_t[k] + "> " + carry[k] + "(" + nc + ");");
                line(carry[k] + "[1] = " + part[k] + "[0];");
                cprev[k] = carry[k] + "[" + c + " - 1]";
                pprev[k] = part[k] + "[" + c + " - 1]";
                ccur[k] = carry[k] + "[" + c + "]";
            }
            open("for (int64_t " + c + " = 2; " + c + " < " + nc + "; " + c + "++) {");
            for (size_t o = 0; o < ops.size(); o++)
                if (op_first[o] < nscan)
                    combine(*ops[o], op_slice(cprev, o), op_slice(pprev, o), op_slice(ccur, o));
            close();
            open("lrt::par_chunks(ctx, " + w + ", " + nc + ", [&](int64_t " + c + ", int64_t lo_, int64_t hi_) {");
            line("if (" + c + " == 0) return;");
            line("unsigned poll_ = 0;");
            // The carry in a local: a load through the Vec could alias the output
            // (same element type) and would keep the loop from vectorising.
            std::vector<std::string> cin(nscan);
            for (size_t k = 0; k < nscan; k++) {
                cin[k] = "cin" + N + "_" + std::to_string(k);
                line("const " + acc_t[k] + " " + cin[k] + " = " + ccur[k] + ";");
            }
            open_loop(i, "lo_", "hi_");
            for (size_t o = 0; o < ops.size(); o++) {
                if (op_first[o] >= nscan)
                    continue;
                std::vector<std::string> xs, outs;
                open();
                for (size_t k = op_first[o]; k < op_first[o] + ops[o]->neutral.size(); k++) {
                    std::string t = "x" + N + "_" + std::to_string(k);
                    line(acc_t[k] + " " + t + " = " + row(name(s.pat[k].var), pt[k], i) + ";");
                    xs.push_back(t);
                }
                outs = xs;
                combine(*ops[o], op_slice(cin, o), xs, outs);
                for (size_t k = op_first[o], j = 0; j < xs.size(); k++, j++)
                    put_row(name(s.pat[k].var), pt[k], i, xs[j]);
                close();
            }
            close_loop();
            close("});");
            close();
        }
    }

    void filter(const Stm &s, const ir::FilterExp &n, bool par) override {
        std::string N = std::to_string(tmp_++);
        std::string w = "w" + N + "_", i = "i" + N + "_", c = "c" + N + "_", nc = "nc" + N + "_";
        std::string keep = "keep" + N + "_", cnt = "cnt" + N + "_";
        for (const Param &p : s.pat)
            line(decl(p) + ";");
        open();
        line("const int64_t " + w + " = " + i64(n.w) + ";");
        line("const int64_t " + nc + " = " + (par ? "lrt::nchunks(ctx, " + w + ")" : "1") + ";");
        line("Arr<bool, 1> " + keep + " = lrt::alloc<bool, 1>({" + w + "});");
        line("lrt::Vec<int64_t> " + cnt + "(" + nc + " + 1);");
        open("lrt::par_chunks(ctx, " + w + ", " + nc + ", [&](int64_t " + c + ", int64_t lo_, int64_t hi_) {");
        line("unsigned poll_ = 0;");
        line("int64_t k_ = 0;");
        open_loop(i, "lo_", "hi_");
        open();
        std::vector<std::string> args;
        for (const Var &v : n.inputs)
            args.push_back(row(name(v), type_of(v), i));
        std::vector<Res> rs = apply(n.lam, args);
        line(keep + ".data[" + i + "] = " + rs.at(0).expr + ";");
        line("k_ += " + rs.at(0).expr + " ? 1 : 0;");
        close();
        close_loop();
        line(cnt + "[" + c + " + 1] = k_;");
        close("});");
        line("for (int64_t c_ = 0; c_ < " + nc + "; c_++) " + cnt + "[c_ + 1] += " + cnt + "[c_];");
        line(name(s.pat[0].var) + " = " + cnt + "[" + nc + "];");
        for (size_t k = 0; k < n.inputs.size(); k++) {
            const IType &t = type_of(n.inputs[k]);
            line(name(s.pat[k + 1].var) + " = lrt::alloc_rows<" + stype(t.elem) + ", " +
                 std::to_string(t.rank()) + ">(" + name(s.pat[0].var) + ", " + name(n.inputs[k]) +
                 ".shape + 1);");
        }
        open("lrt::par_chunks(ctx, " + w + ", " + nc + ", [&](int64_t " + c + ", int64_t lo_, int64_t hi_) {");
        line("int64_t o_ = " + cnt + "[" + c + "];");
        open("for (int64_t " + i + " = lo_; " + i + " < hi_; " + i + "++) {");
        line("if (!" + keep + ".data[" + i + "]) continue;");
        for (size_t k = 0; k < n.inputs.size(); k++)
            line("lrt::copy_row(" + name(s.pat[k + 1].var) + ", o_, " + name(n.inputs[k]) + ", " + i + ");");
        line("o_++;");
        close();
        close("});");
        close();
    }

    void scatter(const Stm &s, const ir::ScatterExp &n, bool par) override {
        std::string N = std::to_string(tmp_++);
        std::string w = "w" + N + "_", i = "i" + N + "_", nc = "nc" + N + "_", d = name(s.pat.at(0).var);
        line(decl(s.pat[0]) + " = " + dest_of(n.dest) + ";");
        open();
        line("const int64_t " + w + " = " + i64(n.w) + ";");
        line("const int64_t " + nc + " = " + (par ? "lrt::nchunks(ctx, " + w + ")" : "1") + ";");
        open("lrt::par_chunks(ctx, " + w + ", " + nc + ", [&](int64_t, int64_t lo_, int64_t hi_) {");
        line("unsigned poll_ = 0;");
        open_loop(i, "lo_", "hi_");
        line("const int64_t ix_ = (int64_t)" + name(n.indices) + ".data[" + i + "];");
        line("if (ix_ >= 0 && ix_ < " + d + ".shape[0]) lrt::copy_row(" + d + ", ix_, " +
             name(n.values) + ", " + i + ");");
        close_loop();
        close("});");
        close();
    }

    void hist(const Stm &s, const ir::HistExp &n, bool par) override {
        std::string N = std::to_string(tmp_++);
        std::string w = "w" + N + "_", i = "i" + N + "_", nc = "nc" + N + "_", d = name(s.pat.at(0).var);
        const IType dt = s.pat[0].type;
        line(decl(s.pat[0]) + " = " + dest_of(n.dest) + ";");
        open();
        line("const int64_t " + w + " = " + i64(n.w) + ";");
        // acc = op(acc, value) on row `slot` of `arr` (a dest-typed array), for value j.
        auto update = [&](const std::string &arr, const std::string &slot, const std::string &val) {
            open();
            std::vector<Res> rs = apply(n.lam, {row(arr, dt, slot), val});
            put_row(arr, dt, slot, rs.at(0).expr);
            close();
        };
        auto sequential = [&] {
            line("unsigned poll_ = 0;");
            open_loop(i, "lo_", "hi_");
            line("const int64_t ix_ = (int64_t)" + in_row(n.indices, i) + ";");
            line("if (ix_ < 0 || ix_ >= " + d + ".shape[0]) continue;");
            update(d, "ix_", in_row(n.values, i));
            close_loop();
        };
        if (par && dt.rank() == 1) {
            std::string pv = "priv" + N + "_";
            line("const int64_t m_ = " + d + ".shape[0];");
            line("int64_t " + nc + " = lrt::nchunks(ctx, " + w + ");");
            line("if (m_ * " + nc + " > " + w + ") " + nc + " = 1;");
            open("if (" + nc + " > 1) {");
            line(arr_type(dt.elem, 2) + " " + pv + " = lrt::alloc<" + stype(dt.elem) + ", 2>({" + nc + ", m_});");
            line("for (int64_t j_ = 0; j_ < " + nc + " * m_; j_++) " + pv + ".data[j_] = " +
                 store(dt.elem, atom(n.neutral)) + ";");
            open("lrt::par_chunks(ctx, " + w + ", " + nc + ", [&](int64_t c_, int64_t lo_, int64_t hi_) {");
            line("unsigned poll_ = 0;");
            line(arr_type(dt.elem, 1) + " h_ = lrt::row(" + pv + ", c_, true);");
            open_loop(i, "lo_", "hi_");
            line("const int64_t ix_ = (int64_t)" + in_row(n.indices, i) + ";");
            line("if (ix_ < 0 || ix_ >= m_) continue;");
            update("h_", "ix_", in_row(n.values, i));
            close_loop();
            close("});");
            open("for (int64_t c_ = 0; c_ < " + nc + "; c_++) {");
            line(arr_type(dt.elem, 1) + " h_ = lrt::row(" + pv + ", c_, true);");
            open("for (int64_t b_ = 0; b_ < m_; b_++) {");
            update(d, "b_", row("h_", dt, "b_"));
            close();
            close();
            close("} else {");
            ind_++;
            line("const int64_t lo_ = 0, hi_ = " + w + ";");
            sequential();
            close();
        } else {
            line("const int64_t lo_ = 0, hi_ = " + w + ";");
            sequential();
        }
        close();
    }
};

} // namespace

CpuCode generate(const ir::Function &f, const ir::Module *m) { return Gen(f, m).run(); }

} // namespace loom::cpu
