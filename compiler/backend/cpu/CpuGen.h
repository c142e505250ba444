/** \file
 * The CPU backend's C++ generator (see CpuBackend.h): one function `loom_entry` per
 * entry point, over the runtime of runtime/cpu/loom_cpu_rt.h (embedded at the top).
 *
 * The sequential code comes from common/CodegenCLike.h (shared with CUDA): every IR
 * variable becomes a C++ local `v<id>`, bodies become blocks, SOACs become loops.  The
 * kernels of passes::find_kernels become `lrt::par_chunks` calls (OpenMP) with
 * per-chunk partial results combined in order.  An array operand is moved (`lrt::mv`)
 * at its last use when nothing else can see it, so `with` updates, scatter and hist run
 * in place on arrays whose reference count is one.
 *
 * The cuda backend's host program (cuda/CodegenCudaHost.cpp) is a CpuGen too: what it
 * runs on the host (the module's recursive functions, a kernel that calls one) is
 * generated as here.
 */
#pragma once

#include "compiler/backend/common/CodegenCLike.h"
#include "compiler/backend/cpu/CpuBackend.h"
#include "compiler/passes/Kernels.h"
#include "runtime/cpu/RuntimeText.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <ios>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace loom::cpu {

class CpuGen : public clike::CLikeGen {
public:
    /** `who` names the generator in its internal errors. */
    CpuGen(const ir::Function &f, const ir::Module *m, const char *who = "cpu codegen")
        : CLikeGen(f, who, "std::", true), module_(m) {
        for (const passes::KernelInfo &k : passes::find_kernels(f))
            kernels_[k.stm] = k.name;
    }

    CpuCode run() {
        os_ << cpu_runtime_text() << "\n";
        size_t prelude = (size_t)os_.tellp();
        if (module_)
            os_ << foreign_code(module_->foreign, false);
        os_ << "// ---- generated from the IR of `" << f_.name << "`\n";
        functions();
        entry_function();
        return {os_.str(), locs_, prelude};
    }

    /** The entry and its functions alone, in namespace `ns`, its `loom_entry` not
     * exported: one of the entry points of a C library, after the runtime text
     * (CpuLibrary.cpp). */
    CpuCode run_in_namespace(const std::string &ns) {
        os_ << "// ---- generated from the IR of `" << f_.name << "`\nnamespace " << ns << " {\n";
        exported_ = false;
        functions();
        entry_function();
        os_ << "} // namespace " << ns << "\n";
        return {os_.str(), locs_, 0};
    }

protected:
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
        line("if (loom_depth_ >= " + std::to_string(ir::ApplyExp::max_depth) +
             " || lrt::stack_exhausted()) lrt::fail(" + loc(n.loc) +
             ", \"Stack overflow: recursion too deep\");");
        std::string args = "ctx";
        for (const SubExp &a : n.args)
            args += ", " + (a.is_const ? literal(a.value) : use(a.var));
        for (const Param &p : s.pat)
            args += ", " + name(p.var);
        line(fn_name(n.fn) + "(" + args + ");");
    }

    /** `#pragma omp simd reduction(...)` for a redomap whose operators are all float `+`,
     * `*`, `min` or `max` (loom_cpu_rt.h's lrt_fmin and lrt_fmax) and whose map body is
     * scalar code that cannot fail: reduction operators are associative, so the compiler
     * may reassociate (vectorise) the sum, as it already does for integers (a min of a
     * +0 and a -0 may then give either).  Empty when it does not apply. */
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
                auto *mf = st.exp->as<ir::MathExp>();
                if (mf && (mf->args.size() != 2 || (mf->fn != interp::MathFn::Min && mf->fn != interp::MathFn::Max)))
                    mf = nullptr;
                if (l.params[j].type.rank() != 0 || (t != PrimType::F32 && t != PrimType::F64) ||
                    (!b && !mf) || l.body.result[j].is_const || l.body.result[j].var.id != st.pat.at(0).var.id)
                    return "";
                const SubExp &x = b ? b->x : mf->args[0], &y = b ? b->y : mf->args[1];
                int px = l.params[j].var.id, py = l.params[m + j].var.id;
                if (x.is_const || y.is_const ||
                    !((x.var.id == px && y.var.id == py) || (x.var.id == py && y.var.id == px)))
                    return "";
                if (b && b->op != ir::BinOpKind::Add && b->op != ir::BinOpKind::Mul)
                    return "";
                const char *how = mf ? (mf->fn == interp::MathFn::Min ? "lrt_fmin" : "lrt_fmax")
                                     : b->op == ir::BinOpKind::Add ? "+" : "*";
                clauses += std::string(" reduction(") + how + ": " + acc[k++] + ")";
            }
        }
        for (size_t j = k; j < pt.size(); j++)
            if (pt[j].rank() > 1)
                return "";
        if (q.map && !scalar_body(*q.map))
            return "";
        return "#pragma omp simd" + clauses;
    }

    /** Whether a SOAC's map body is scalar code that cannot fail (arithmetic, unchecked
     * reads of single elements): its iterations may run in SIMD lanes. */
    bool scalar_body(const Lambda &l) {
        for (const Stm &st : l.body.stms) {
            for (const Param &p : st.pat)
                if (p.type.rank() != 0)
                    return false;
            const Exp &e = *st.exp;
            auto *ff = e.as<ir::ForeignExp>();
            bool ok = e.kind == ExpKind::UnOp || e.kind == ExpKind::Math || (ff && ff->fn->scalar()) ||
                      e.kind == ExpKind::Convert || e.kind == ExpKind::Atom;
            if (auto *b = e.as<ir::BinOpExp>()) {
                // Arithmetic has its operands' type; comparisons cannot fail.
                ok = is_float(st.pat.at(0).type.elem) || (b->op != ir::BinOpKind::Div && b->op != ir::BinOpKind::Mod &&
                                     b->op != ir::BinOpKind::Quot && b->op != ir::BinOpKind::Rem &&
                                     b->op != ir::BinOpKind::Pow);
            }
            if (auto *x = e.as<ir::IndexExp>()) {
                // The array: a row parameter of l (not bound yet: asked before l's loop
                // is generated) or a variable from outside.
                auto p = std::find_if(l.params.begin(), l.params.end(),
                                      [&](const Param &q) { return q.var == x->arr; });
                const int rank = p != l.params.end() ? p->type.rank() : type_of(x->arr).rank();
                ok = !x->checked && (int)x->idx.size() == rank;
            }
            if (!ok)
                return false;
        }
        return true;
    }

    /** Inline, as glibc computes them (loom_cpu_rt.h): a loop of them vectorises. */
    std::string float_min_max(bool is_max, const std::string &x, const std::string &y) const override {
        return std::string(is_max ? "lrt::fmax_f(" : "lrt::fmin_f(") + x + ", " + y + ")";
    }

    std::string unroll_pragma(int64_t trips) override {
        return "#pragma GCC unroll " + std::to_string(trips);
    }
    /** A map of scalar code writing one element per iteration: `omp simd` (its output
     * arrays are fresh, so no iteration reads what another writes). */
    std::string loop_pragma(const SoacPlan &p) override {
        if (p.q.map && p.q.scans.empty() && p.q.reduces.empty()) {
            for (const IType &t : p.pt)
                if (t.rank() != 1)
                    return "";
            return scalar_body(*p.q.map) ? "#pragma omp simd" : "";
        }
        return simd_reduction(p.q, p.pt, p.acc);
    }

    /** `y = max(a, i + c)` or `y = min(a, i + c)` in a map body over index i (an iota
     * input), with `a` the same in every iteration: the identity y = i + c on a middle
     * range of iterations. */
    struct Clamp {
        int y;
        bool is_max;
        std::string a, i; // the bound and the index parameter (C++ expressions)
        int64_t c;
    };
    std::vector<Clamp> clamps(const Soac &q) {
        std::vector<Clamp> out;
        const Lambda *l = q.map;
        if (!l || l->params.size() != q.inputs.size() || !scalar_body(*l))
            return out;
        std::unordered_set<int> inner; // bound in the body: not the same in every iteration
        std::unordered_map<int, std::pair<std::string, int64_t>> offs; // var: i + c
        for (size_t j = 0; j < l->params.size(); j++) {
            inner.insert(l->params[j].var.id);
            auto v = virt_.find(q.inputs[j].id);
            if (v != virt_.end() && v->second == "(int64_t)(@)")
                offs[l->params[j].var.id] = {name(l->params[j].var), 0};
        }
        const int64_t small = (int64_t)1 << 31; // i + c cannot overflow
        for (const Stm &st : l->body.stms) {
            for (const Param &p : st.pat)
                inner.insert(p.var.id);
            if (st.pat.size() != 1 || st.pat[0].type.elem != PrimType::I64)
                continue;
            if (auto *b = st.exp->as<ir::BinOpExp>();
                b && (b->op == ir::BinOpKind::Add || b->op == ir::BinOpKind::Sub)) {
                const SubExp &v = b->x.is_const ? b->y : b->x, &k = b->x.is_const ? b->x : b->y;
                if (v.is_const || !k.is_const || !offs.count(v.var.id) ||
                    (b->op == ir::BinOpKind::Sub && b->x.is_const))
                    continue;
                int64_t c = k.value.as_i64();
                if (c <= -small || c >= small)
                    continue;
                auto base = offs[v.var.id];
                offs[st.pat[0].var.id] = {base.first, base.second + (b->op == ir::BinOpKind::Sub ? -c : c)};
            } else if (auto *m = st.exp->as<ir::MathExp>();
                       m && (m->fn == ir::MathFn::Max || m->fn == ir::MathFn::Min) && m->args.size() == 2) {
                for (int side = 0; side < 2; side++) {
                    const SubExp &x = m->args[(size_t)side], &a = m->args[(size_t)(1 - side)];
                    if (x.is_const || !offs.count(x.var.id) || (!a.is_const && inner.count(a.var.id)))
                        continue;
                    auto o = offs[x.var.id];
                    out.push_back({st.pat[0].var.id, m->fn == ir::MathFn::Max, i64(a), o.first, o.second});
                    break;
                }
            }
        }
        return out;
    }
    /** While the middle range of a split loop is emitted: clamps there that are i + c. */
    std::unordered_map<int, std::string> identity_;
    bool custom_stm(const Stm &s) override {
        if (kernels_.count(&s) && divisors_.empty() && declare_divisors(s)) {
            plain_stm(s);
            divisors_.clear();
            return true;
        }
        if (s.pat.size() != 1)
            return false;
        auto it = identity_.find(s.pat[0].var.id);
        if (it == identity_.end())
            return false;
        line(decl(s.pat[0]) + " = " + it->second + ";");
        return true;
    }

    /** An lrt::Divisor, before kernel s, for each integer variable that s divides by
     * (/, %, //, %%) and does not bind: a multiplication in place of a divide each time
     * (loom_cpu_rt.h).  False when there is none. */
    bool declare_divisors(const Stm &s) {
        std::unordered_set<int> inner;
        passes::for_each_binder(*s.exp, [&](const Param &p) { inner.insert(p.var.id); });
        for (const Body *b : passes::nested_bodies(*s.exp))
            passes::for_each_stm(*b, [&](const Stm &t) {
                auto *n = t.exp->as<ir::BinOpExp>();
                using K = ir::BinOpKind;
                if (!n || n->y.is_const || inner.count(n->y.var.id) || divisors_.count(n->y.var.id) ||
                    !(n->op == K::Div || n->op == K::Mod || n->op == K::Quot || n->op == K::Rem))
                    return;
                auto ty = types_.find(n->y.var.id);
                if (ty == types_.end() || !is_int(ty->second.elem))
                    return;
                PrimType t_ = ty->second.elem;
                std::string d = fresh("dv");
                line(std::string("const lrt::Divisor<") + ctype(t_) + "> " + d + " = lrt::divisor(" + atom(n->y) + ");");
                divisors_[n->y.var.id] = d;
            });
        return !divisors_.empty();
    }

    /** A sequential SOAC whose body clamps the index (neighbour reads at an edge, as
     * `max 0 (i - 1)`): three loops, the middle one without the clamps, so that its reads
     * are of consecutive elements (vectorised without gathers).  Same order as one loop. */
    void split_loops(const SoacPlan &p, const std::vector<Clamp> &cs) {
        std::string lo = "plo" + p.N + "_", hi = "phi" + p.N + "_";
        line("int64_t " + lo + " = 0, " + hi + " = " + p.w + ";");
        for (const Clamp &c : cs)
            line(c.is_max ? lo + " = lrt::max_i(" + lo + ", lrt::peel_from(" + c.a + ", " +
                                std::to_string(c.c) + ", " + p.w + "));"
                          : hi + " = lrt::min_i(" + hi + ", lrt::peel_to(" + c.a + ", " +
                                std::to_string(c.c) + ", " + p.w + "));");
        line(hi + " = lrt::max_i(" + lo + ", " + hi + ");");
        std::string pragma = loop_pragma(p);
        const std::string bounds[4] = {"0", lo, hi, p.w};
        for (int part = 0; part < 3; part++) {
            if (part == 1)
                for (const Clamp &c : cs)
                    identity_[c.y] = "(" + c.i + " + (int64_t)" + std::to_string(c.c) + ")";
            open_loop(p.i, bounds[part], bounds[part + 1], pragma);
            p.iteration();
            close_loop();
            identity_.clear();
        }
    }
    /** Failure messages are read by the host after the worker threads' stacks unwound. */
    std::string msg_storage() const override { return "static thread_local char"; }
    bool static_tables() const override { return true; }
    bool predictable_choices() const override { return true; }
    /** Four rows at a time: each element of the accumulator is loaded and stored once for
     * the four, and four rows stream in at once (vecmat's column sums ran 1.5x faster). */
    int jam_rows() const override { return 4; }
    /** The rows are inputs, never the accumulator (an owned copy): iterations are
     * independent, and may run in SIMD lanes where an element is scalar code. */
    std::string jam_pragma(const Lambda &row) override { return scalar_body(row) ? "#pragma omp simd" : ""; }

    /** Whether one iteration of a kernel with this body has a loop, inner parallel work
     * or a call: worth parallelising over few iterations. */
    static bool costly(const Body &b) {
        for (const Stm &st : b.stms) {
            switch (st.exp->kind) {
            case ExpKind::Loop: case ExpKind::Map: case ExpKind::Reduce: case ExpKind::Scan:
            case ExpKind::Filter: case ExpKind::Scatter: case ExpKind::Hist:
            case ExpKind::Screma: case ExpKind::Apply:
                return true;
            case ExpKind::If: {
                auto *n = st.exp->as<ir::IfExp>();
                if (costly(n->then_body) || costly(n->else_body))
                    return true;
                break;
            }
            default:
                break;
            }
        }
        return false;
    }

    /** The work of one run of `b`, as a C++ expression of type double counting elements
     * of nested SOACs and loop trips (scalar statements count nothing: every iteration
     * counts one), or "" where it depends on a value made in the iteration (`inner`: the
     * vars bound there), a while loop or a call. */
    std::string work(const Body &b, const std::unordered_set<int> &inner) const {
        std::string sum;
        auto add = [&](const std::string &t) { sum += (sum.empty() ? "" : " + ") + t; };
        auto times = [&](const SubExp &n, const std::vector<const Body *> &bodies) {
            if (!n.is_const && (inner.count(n.var.id) || !known(n)))
                return false;
            std::string in = "1.0";
            for (const Body *x : bodies) {
                std::string t = work(*x, inner);
                if (t.empty())
                    return false;
                if (t != "0.0")
                    in += " + " + t;
            }
            add("(double)" + i64(n) + (in == "1.0" ? "" : " * (" + in + ")"));
            return true;
        };
        for (const Stm &st : b.stms) {
            const ir::Exp &e = *st.exp;
            switch (e.kind) {
            case ExpKind::Loop: {
                auto *n = e.as<ir::LoopExp>();
                if (n->form != ir::LoopExp::Form::For || !times(n->bound, {&n->body}))
                    return "";
                break;
            }
            case ExpKind::Map: case ExpKind::Reduce: case ExpKind::Scan: case ExpKind::Filter:
            case ExpKind::Scatter: case ExpKind::Hist: case ExpKind::Screma: {
                std::vector<const Body *> bodies;
                for (const Lambda *l : passes::nested_lambdas(e))
                    bodies.push_back(&l->body);
                if (!times(passes::soac_width(e), bodies))
                    return "";
                break;
            }
            case ExpKind::If: {
                auto *n = e.as<ir::IfExp>();
                for (const Body *x : {&n->then_body, &n->else_body}) {
                    std::string t = work(*x, inner);
                    if (t.empty())
                        return "";
                    if (t != "0.0")
                        add(t);
                }
                break;
            }
            case ExpKind::Apply:
                return "";
            default:
                break;
            }
        }
        return sum.empty() ? "0.0" : sum;
    }

    /** How a parallel kernel of w iterations of `map` (null: a plain one) is split: the
     * number of chunks, by its work where the sizes of its nested SOACs and loops are
     * known before it starts (a small 2-D map stays sequential), else as heavy; and
     * whether its work is unknown, so that its chunks run on the calling thread until
     * they have taken 200 us (lrt::par_chunks_probed: three short rows stay there). */
    struct Chunking {
        std::string nc;
        bool probe = false;
        /** The function that runs its chunks. */
        std::string run() const { return probe ? "lrt::par_chunks_probed" : "lrt::par_chunks"; }
    };
    Chunking chunking(const std::string &w, const Lambda *map) const {
        if (!map || !costly(map->body))
            return {"lrt::nchunks(ctx, " + w + ")"};
        std::unordered_set<int> inner;
        for (const Param &q : map->params)
            inner.insert(q.var.id);
        passes::for_each_stm(map->body, [&](const Stm &t) {
            for (const Param &q : t.pat)
                inner.insert(q.var.id);
            passes::for_each_binder(*t.exp, [&](const Param &q) { inner.insert(q.var.id); });
        });
        std::string per = work(map->body, inner);
        return {"lrt::nchunks(ctx, " + w + ", " + (per.empty() ? "lrt::heavy" : "1.0 + " + per) + ")",
                per.empty()};
    }

    /** Parts of a chunk that interleaved_loops folds side by side. */
    static constexpr int kParts = 4;
    /** Whether a kernel's reduction folds its chunk as kParts interleaved parts: only
     * reductions of scalars by operators of more than one statement (an argmin's compare
     * and selects; the host compiler vectorises single operators itself) after a map
     * part of scalar code (its code is written kParts times), where nothing can fail
     * (the parts' order would change which failure comes first). */
    bool interleaved(const SoacPlan &p) {
        if (p.nscan > 0 || p.nred == 0 || !loop_pragma(p).empty() ||
            (p.q.map && !scalar_body(*p.q.map)))
            return false;
        for (size_t k = 0; k < p.nacc(); k++)
            if (p.pt[k].rank() != 0)
                return false;
        bool compound = false;
        for (const ScremaOp *op : p.ops) {
            if (passes::can_fail(op->lam.body))
                return false;
            compound |= op->lam.body.stms.size() > op->neutral.size();
        }
        return compound;
    }
    /** A chunk's rows jam_rows() at a time (SoacPlan::jam_at), then the rest one by one. */
    void jammed_loops(const SoacPlan &p) {
        const std::string t = "t" + p.N + "_", end = "jend" + p.N + "_", J = std::to_string(jam_rows());
        line("const int64_t " + end + " = lo_ + (hi_ - lo_) / " + J + " * " + J + ";");
        open("for (int64_t " + t + " = lo_; " + t + " < " + end + "; " + t + " += " + J + ") {");
        line("LOOM_POLL();");
        std::vector<std::string> rows;
        for (int r = 0; r < jam_rows(); r++)
            rows.push_back("(" + t + " + " + std::to_string(r) + ")");
        p.jam_at(rows);
        close();
        open_loop(p.i, end, "hi_");
        p.iteration();
        close_loop();
    }
    /** A chunk's rows as kParts contiguous parts, folded side by side from the neutral
     * elements (independent dependency chains: an argmin's compare and select take
     * several cycles, and a part's row can start before the last part's is done), then
     * combined in order: the operators need only be associative. */
    void interleaved_loops(const SoacPlan &p) {
        const std::string len = "len" + p.N + "_", t = "t" + p.N + "_";
        std::vector<std::vector<std::string>> accs(kParts, p.acc);
        for (int j = 1; j < kParts; j++)
            for (size_t k = 0; k < p.nacc(); k++) {
                accs[(size_t)j][k] = p.acc[k] + "p" + std::to_string(j);
                line(p.acc_t[k] + " " + accs[(size_t)j][k] + " = " + p.neutral[k] + ";");
            }
        line("const int64_t " + len + " = (hi_ - lo_) / " + std::to_string(kParts) + ";");
        open_loop(t, "0", len);
        for (int j = 0; j < kParts; j++) {
            const std::string at = p.i + "p" + std::to_string(j);
            line("const int64_t " + at + " = lo_ + " + std::to_string(j) + " * " + len + " + " + t + ";");
            p.iteration_at(accs[(size_t)j], at);
        }
        close_loop();
        // The last part's rows past kParts * len, then the parts in order.
        open_loop(p.i, "lo_ + " + std::to_string(kParts) + " * " + len, "hi_");
        p.iteration_at(accs.back(), p.i);
        close_loop();
        for (int j = 1; j < kParts; j++)
            for (size_t o = 0; o < p.ops.size(); o++)
                combine(*p.ops[o], p.op_slice(p.acc, o), p.op_slice(accs[(size_t)j], o),
                        p.op_slice(p.acc, o));
    }

    /** A kernel's SOAC: chunks run by lrt::par_chunks, the chunks' partial reductions
     * combined in order, and scans fixed up with each chunk's carry-in. */
    void soac_loops(const SoacPlan &p, bool par) override {
        if (!par) {
            std::vector<Clamp> cs = clamps(p.q);
            if (cs.empty())
                return CLikeGen::soac_loops(p, par);
            p.declare_accs();
            split_loops(p, cs);
            for (size_t k = p.nscan; k < p.nacc(); k++)
                line(name(p.s.pat[k].var) + " = lrt::own(" + p.acc[k] + ");");
            return;
        }
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
        const Chunking how = chunking(w, p.q.map);
        line("const int64_t " + nc + " = " + how.nc + ";");
        for (size_t k = 0; k < nacc; k++)
            line("lrt::Vec<" + acc_t[k] + "> " + part[k] + "(" + nc + ");");
        // The arrays the chunks write (scan and map outputs, allocated by now).
        std::vector<std::string> written;
        for (size_t k = 0; k < s.pat.size(); k++)
            if ((k < nscan || k >= nacc) && s.pat[k].type.rank() > 0)
                written.push_back(name(s.pat[k].var));
        ChunkCaptures cc = chunk_captures(s, written);
        if (reduce_then_scan(p))
            return scan_twice(p, cc, part);
        open(how.run() + "(ctx, " + w + ", " + nc + ", " + cc.list + "](int64_t " + c +
             ", int64_t lo_, int64_t hi_) {");
        for (const std::string &l : cc.locals)
            line(l);
        line("unsigned poll_ = 0;");
        line("(void)" + c + ";");
        p.declare_accs();
        if (p.jam_at) {
            jammed_loops(p);
        } else if (interleaved(p)) {
            interleaved_loops(p);
        } else {
            open_loop(i, "lo_", "hi_", loop_pragma(p));
            p.iteration();
            close_loop();
        }
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
            chunk_carries(p, part);
            open("lrt::par_chunks(ctx, " + w + ", " + nc + ", [&](int64_t " + c + ", int64_t lo_, int64_t hi_) {");
            line("if (" + c + " == 0) return;");
            line("unsigned poll_ = 0;");
            // The carry in a local: a load through the Vec could alias the output
            // (same element type) and would keep the loop from vectorising.
            std::vector<std::string> cin(nscan);
            for (size_t k = 0; k < nscan; k++) {
                cin[k] = "cin" + N + "_" + std::to_string(k);
                line("const " + acc_t[k] + " " + cin[k] + " = " + part[k] + "[" + c + " - 1];");
            }
            open_blocks("lo_", "hi_");
            carry_stop(p, cin);
            open_block_loop(i);
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

    /** A scan's second pass stops at the first block whose first element the carry
     * leaves as it is: by associativity (y_j = op(y_i, z)) it leaves every later one too.
     * A segmented scan's carry so touches only the chunk's first segment.  Bits, not ==:
     * a sum's 0 + -0 is not -0.  Scalar accumulators only (rows would cost a pass). */
    void carry_stop(const SoacPlan &p, const std::vector<std::string> &cin) {
        for (size_t k = 0; k < p.nscan; k++)
            if (p.s.pat[k].type.rank() != 1)
                return;
        open();
        std::string same;
        for (size_t o = 0; o < p.ops.size(); o++) {
            if (p.op_first[o] >= p.nscan)
                continue;
            std::vector<std::string> ys, outs;
            for (size_t k = p.op_first[o]; k < p.op_first[o] + p.ops[o]->neutral.size(); k++) {
                std::string y = "y" + p.N + "_" + std::to_string(k), z = "z" + p.N + "_" + std::to_string(k);
                line("const " + p.acc_t[k] + " " + y + " = " + row(name(p.s.pat[k].var), p.pt[k], "blk_") + ";");
                line(p.acc_t[k] + " " + z + ";");
                ys.push_back(y);
                outs.push_back(z);
                same += std::string(same.empty() ? "" : " && ") + "lrt::same_bits(" + y + ", " + z + ")";
            }
            combine(*p.ops[o], p.op_slice(cin, o), ys, outs);
        }
        line("if (" + same + ") break;");
        close();
    }

    void filter(const Stm &s, const ir::FilterExp &n, bool par) override {
        std::string N = std::to_string(tmp_++);
        std::string w = "w" + N + "_", i = "i" + N + "_", c = "c" + N + "_", nc = "nc" + N + "_";
        std::string keep = "keep" + N + "_", cnt = "cnt" + N + "_";
        for (const Param &p : s.pat)
            line(decl(p) + ";");
        open();
        line("const int64_t " + w + " = " + i64(n.w) + ";");
        const Chunking how = par ? chunking(w, &n.lam) : Chunking{"1"};
        line("const int64_t " + nc + " = " + how.nc + ";");
        line("Arr<bool, 1> " + keep + " = lrt::alloc<bool, 1>({" + w + "});");
        line("lrt::Vec<int64_t> " + cnt + "(" + nc + " + 1);");
        open(how.run() + "(ctx, " + w + ", " + nc + ", [&](int64_t " + c + ", int64_t lo_, int64_t hi_) {");
        line("unsigned poll_ = 0;");
        line("int64_t k_ = 0;");
        open_loop(i, "lo_", "hi_");
        line("k_ += " + filter_keep(n, keep, i) + " ? 1 : 0;");
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
        open(how.run() + "(ctx, " + w + ", " + nc + ", [&](int64_t " + c + ", int64_t lo_, int64_t hi_) {");
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

    /** A parallel chunk lambda's captures over statement s: its free variables (scalars,
     * arrays as borrowed views) by value, then copied into locals of the same names, and
     * the arrays it writes (`written`, by name) alike.  GCC keeps locals, not the closure's
     * members, in registers, where it reloaded them in the `omp simd` loop and fell back to
     * a scalar loop or gathers (dot: 8.4 -> 6 ms at 10^7 on the 2-core VM by value; the
     * locals then let saxpy-then-sum vectorise); a store through a written view's data
     * pointer cannot then be mistaken to change the views (a scatter reloaded them for
     * every element). */
    struct ChunkCaptures {
        std::string list; ///< `[&, ...` (the caller closes it)
        std::vector<std::string> locals;
    };
    ChunkCaptures chunk_captures(const Stm &s, const std::vector<std::string> &written) {
        ChunkCaptures r{"[&", {}};
        std::set<int> used, bound;
        uses_exp(*s.exp, [&](int id) { used.insert(id); });
        params_in_exp(*s.exp, [&](const Param &prm) { bound.insert(prm.var.id); });
        for (const Param &prm : s.pat)
            bound.insert(prm.var.id);
        auto by_value = [&](const std::string &v, bool w) {
            r.list += ", " + v + "c_ = lrt::borrowed(" + v + ")";
            r.locals.push_back(std::string(w ? "auto " : "const auto ") + v + " = " + v + "c_;");
        };
        for (int id : used)
            if (!bound.count(id) && !virt_.count(id)) // virtual arrays are not declared
                by_value(name(Var{id, ""}), false);
        for (const std::string &v : written)
            by_value(v, true);
        for (const auto &[id, d] : divisors_)
            by_value(d, false);
        return r;
    }

    /** Whether a kernel that only scans reads less memory by reading its inputs twice
     * (each chunk's total, then the scan from each chunk's carry) than by writing its
     * outputs twice (each chunk's scan, then the carry folded in: scan_twice and the
     * default).  Not when the map part is costly or gathers (done twice), nor for an
     * operator with a condition (a segmented scan's carry stops early: carry_stop). */
    bool reduce_then_scan(const SoacPlan &p) {
        if (p.nscan == 0 || p.nred > 0 || p.s.pat.size() != p.nscan)
            return false;
        int64_t out = 0, in = 0;
        for (size_t k = 0; k < p.nscan; k++) {
            if (p.pt[k].rank() != 1)
                return false;
            out += prim_size(p.pt[k].elem);
        }
        for (const ScremaOp *op : p.ops)
            for (const Stm &t : op->lam.body.stms)
                if (t.exp->kind != ExpKind::BinOp && t.exp->kind != ExpKind::Math &&
                    t.exp->kind != ExpKind::Convert)
                    return false;
        if (p.q.map) {
            if (costly(p.q.map->body))
                return false;
            bool gathers = false;
            passes::for_each_stm(p.q.map->body, [&](const Stm &t) {
                gathers = gathers || t.exp->kind == ExpKind::Index;
            });
            if (gathers)
                return false;
        }
        for (const ir::Var &x : p.q.inputs) {
            if (virt_.count(x.id))
                continue; // computed from the index (iota)
            const IType &t = types_.at(x.id);
            if (t.rank() != 1)
                return false;
            in += prim_size(t.elem);
        }
        return in < 2 * out;
    }

    /** A scan by reduce_then_scan: each chunk's total but the last's (no writes), the
     * carries in order, then each chunk scans from its carry and writes its outputs.
     * One chunk: the second pass alone. */
    void scan_twice(const SoacPlan &p, const ChunkCaptures &cc, const std::vector<std::string> &part) {
        const std::string &N = p.N, &w = p.w, &i = p.i;
        std::string c = "c" + N + "_", nc = "nc" + N + "_";
        auto chunks = [&](bool totals) {
            open("lrt::par_chunks(ctx, " + w + ", " + nc + ", " + cc.list + "](int64_t " + c +
                 ", int64_t lo_, int64_t hi_) {");
            if (totals)
                line("if (" + c + " == " + nc + " - 1) return;");
            for (const std::string &l : cc.locals)
                line(l);
            line("unsigned poll_ = 0;");
            p.declare_accs();
            if (!totals)
                for (size_t k = 0; k < p.nscan; k++)
                    line("if (" + c + " > 0) " + p.acc[k] + " = " + part[k] + "[" + c + " - 1];");
            fold_scans_only_ = totals;
            open_loop(i, "lo_", "hi_");
            p.iteration();
            close_loop();
            fold_scans_only_ = false;
            if (totals)
                for (size_t k = 0; k < p.nscan; k++)
                    line(part[k] + "[" + c + "] = " + p.acc[k] + ";");
            close("});");
        };
        open("if (" + nc + " > 1) {");
        chunks(true);
        chunk_carries(p, part);
        close();
        chunks(false);
    }

    /** The scans' carries, in order: part[k][c], chunk c's total of scan accumulator k,
     * becomes the scan's value at the chunk's end (chunk c + 1's carry), for every chunk
     * but the last. */
    void chunk_carries(const SoacPlan &p, const std::vector<std::string> &part) {
        std::string c = "c" + p.N + "_", nc = "nc" + p.N + "_";
        open("for (int64_t " + c + " = 1; " + c + " < " + nc + " - 1; " + c + "++) {");
        std::vector<std::string> prev(p.nscan), cur(p.nscan);
        for (size_t k = 0; k < p.nscan; k++) {
            prev[k] = part[k] + "[" + c + " - 1]";
            cur[k] = part[k] + "[" + c + "]";
        }
        for (size_t o = 0; o < p.ops.size(); o++)
            if (p.op_first[o] < p.nscan)
                combine(*p.ops[o], p.op_slice(prev, o), p.op_slice(cur, o), p.op_slice(cur, o));
        close();
    }

    void scatter(const Stm &s, const ir::ScatterExp &n, bool par) override {
        std::string N = std::to_string(tmp_++);
        std::string w = "w" + N + "_", i = "i" + N + "_", nc = "nc" + N + "_", d = name(s.pat.at(0).var);
        line(decl(s.pat[0]) + " = " + dest_of(n.dest) + ";");
        open();
        line("const int64_t " + w + " = " + i64(n.w) + ";");
        const Chunking how = par ? chunking(w, n.fused() ? &n.map_lam : nullptr) : Chunking{"1"};
        line("const int64_t " + nc + " = " + how.nc + ";");
        ChunkCaptures cc = chunk_captures(s, {d});
        open(how.run() + "(ctx, " + w + ", " + nc + ", " + cc.list + "](int64_t, int64_t lo_, int64_t hi_) {");
        for (const std::string &l : cc.locals)
            line(l);
        line("unsigned poll_ = 0;");
        if (!n.fused()) {
            open_loop(i, "lo_", "hi_");
            scatter_row_into(n, d, s.pat[0].type, i);
            close_loop();
        } else {
            // A block's indices and values first, in a loop the host compiler vectorises,
            // then its writes (one loop of both was not vectorised: a radix sort of 10^7
            // i32 took 960 ms, against 510-630 split so and 595-625 unfused).
            const PrimType t = s.pat[0].type.elem;
            open("for (int64_t blk_ = lo_; blk_ < hi_; blk_ += 1024) {");
            line("lrt::poll(ctx);");
            line("const int64_t end_ = blk_ + 1024 < hi_ ? blk_ + 1024 : hi_;");
            line("int64_t ixs_[1024];");
            line(std::string(stype(t)) + " vals_[1024];");
            open("for (int64_t " + i + " = blk_; " + i + " < end_; " + i + "++) {");
            auto [ix, v] = scatter_fused_row(n, s.pat[0].type, i);
            line("ixs_[" + i + " - blk_] = " + ix + ";");
            line("vals_[" + i + " - blk_] = " + v + ";");
            close();
            open("for (int64_t j_ = 0; j_ < end_ - blk_; j_++) {");
            line("if (const int64_t ix_ = ixs_[j_]; ix_ >= 0 && ix_ < " + d + ".shape[0]) " + d +
                 ".data[ix_] = vals_[j_];");
            close();
            close();
        }
        close("});");
        close();
    }

    /** Hist: one pass over the rows updating the destinations of every op.  In parallel,
     * when all bins (times the chunks) are fewer than the rows, each chunk fills private
     * histograms (bins at the neutral element) that are merged into the destinations in
     * chunk order; else one sequential pass.  Rows of bins (vector operators) alike; an op
     * of several destinations (a histogram of tuples) updates a bin of each at once. */
    void hist(const Stm &s, const ir::HistExp &n, bool par) override {
        std::string N = std::to_string(tmp_++);
        std::string w = "w" + N + "_", i = "i" + N + "_", nc = "nc" + N + "_";
        const HistLayout l = hist_layout(n);
        std::vector<std::string> ds = hist_dests(s, n);
        std::vector<SubExp> ne; // each destination's neutral element
        for (const ir::HistOp &op : n.ops)
            ne.insert(ne.end(), op.neutral.begin(), op.neutral.end());
        open();
        line("const int64_t " + w + " = " + i64(n.w) + ";");
        // Rows lo_..hi_ into the histograms hs (one per destination).
        auto rows = [&](const std::vector<std::string> &hs) {
            line("unsigned poll_ = 0;");
            open_loop(i, "lo_", "hi_");
            hist_row_into(s, n, hs, i);
            close_loop();
        };
        if (!par) {
            line("const int64_t lo_ = 0, hi_ = " + w + ";");
            rows(ds);
            close();
            return;
        }
        std::string bins;
        for (const std::string &d : ds)
            bins += (bins.empty() ? "" : " + ") + d + ".size()";
        line("int64_t " + nc + " = lrt::nchunks(ctx, " + w + ");");
        line("if ((" + bins + ") * " + nc + " > " + w + ") " + nc + " = 1;");
        open("if (" + nc + " > 1) {");
        std::vector<std::string> pvs, hs;
        for (size_t d = 0; d < ds.size(); d++) {
            const IType &dt = s.pat[d].type;
            std::string pv = "priv" + N + "_" + std::to_string(d), S = stype(dt.elem);
            pvs.push_back(pv);
            hs.push_back("h" + std::to_string(d) + "_");
            line(arr_type(dt.elem, dt.rank() + 1) + " " + pv + " = lrt::alloc_rows<" + S + ", " +
                 std::to_string(dt.rank() + 1) + ">(" + nc + ", " + ds[d] + ".shape);");
            std::string fill = dt.rank() == 1 ? pv + ".data[j_] = " + store(dt.elem, atom(ne[d]))
                                              : "lrt::put_block(" + pv + ", 2, j_ * " + pv +
                                                    ".inner(2), " + atom(ne[d]) + ")";
            line("for (int64_t j_ = 0; j_ < " + nc + " * " + ds[d] + ".shape[0]; j_++) " + fill +
                 ";");
        }
        auto chunk_views = [&](const std::string &c) {
            for (size_t d = 0; d < ds.size(); d++)
                line(arr_type(s.pat[d].type.elem, s.pat[d].type.rank()) + " " + hs[d] +
                     " = lrt::row(" + pvs[d] + ", " + c + ", true);");
        };
        ChunkCaptures cc = chunk_captures(s, {});
        open("lrt::par_chunks(ctx, " + w + ", " + nc + ", " + cc.list + "](int64_t c_, int64_t lo_, int64_t hi_) {");
        for (const std::string &cl : cc.locals)
            line(cl);
        chunk_views("c_");
        rows(hs);
        close("});");
        open("for (int64_t c_ = 0; c_ < " + nc + "; c_++) {");
        chunk_views("c_");
        for (size_t k = 0; k < n.ops.size(); k++) {
            open("for (int64_t b_ = 0; b_ < " + ds[l.first[k]] + ".shape[0]; b_++) {");
            std::vector<std::string> bins;
            for (size_t c = 0; c < n.ops[k].width(); c++)
                bins.push_back(row(hs[l.first[k] + c], s.pat[l.first[k] + c].type, "b_"));
            hist_update_bins(s, n, l, k, ds, "b_", bins);
            close();
        }
        close();
        close("} else {");
        ind_++;
        line("const int64_t lo_ = 0, hi_ = " + w + ";");
        rows(ds);
        close();
        close();
    }
};

} // namespace loom::cpu
