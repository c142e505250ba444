/** \file
 * The sequential C-like code generation shared by the CPU (C++) and CUDA backends:
 * scalars, statements, ifs, loops, array operations and SOACs run as loops, over the
 * `lrt::` runtime API that both runtimes provide.  CLikeGen holds that generator; each
 * backend derives from it, adds its entry point or kernels, and supplies the few
 * differences: the name in internal errors, the prefix of math functions, whether loops
 * poll for interrupts, SIMD pragmas, and filter/scatter/hist (the CPU runs these in
 * parallel chunks).
 *
 * Every IR variable becomes a local `v<id>` (ids are unique in a module): a scalar of its
 * C type, or an `Arr<storage, rank>`.  An array operand is moved (`lrt::mv`) at its last
 * use when nothing else can see it, so `with` updates, scatter and hist run in place on
 * arrays whose reference count is one.
 */
#pragma once

#include "compiler/Pipeline.h"
#include "compiler/ir/IR.h"
#include "compiler/passes/Rewrite.h"
#include "interpreter/PrimOps.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <ios>
#include <map>
#include <sstream>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace loom::clike {

/** The sequential generator; see the file comment. */
class CLikeGen {
public:
    virtual ~CLikeGen() = default;

    /** The C type of a scalar of type t in generated code (f16 computed as float). */
    static const char *ctype(PrimType t) { return c_type_name(t); }

protected:
    // The IR's names, here so that derived generators see them too (a using-directive
    // would clash with frontend/AST.h's loom::Exp etc.).
    using Body = ir::Body;
    using Exp = ir::Exp;
    using ExpKind = ir::ExpKind;
    using Lambda = ir::Lambda;
    using Param = ir::Param;
    using ScremaOp = ir::ScremaOp;
    using Stm = ir::Stm;
    using SubExp = ir::SubExp;
    using Var = ir::Var;
    using IType = ir::Type;

    /** The element type in memory (f16 is stored as its bits). */
    static const char *stype(PrimType t) { return t == PrimType::F16 ? "uint16_t" : ctype(t); }

    static std::string name(const Var &v) { return "v" + std::to_string(v.id); }
    static std::string arr_type(PrimType e, int rank) {
        return "Arr<" + std::string(stype(e)) + ", " + std::to_string(rank) + ">";
    }
    static std::string val_type(const IType &t) {
        return t.rank() == 0 ? std::string(ctype(t.elem)) : arr_type(t.elem, t.rank());
    }
    /** A scalar read from / written to storage. */
    static std::string load(PrimType t, const std::string &e) {
        return t == PrimType::F16 ? "lrt::h2f(" + e + ")" : e;
    }
    static std::string store(PrimType t, const std::string &e) {
        return t == PrimType::F16 ? "lrt::f2h(" + e + ")" : e;
    }

    static uint64_t bits64(double d) {
        uint64_t u;
        std::memcpy(&u, &d, 8);
        return u;
    }

    static std::string literal(const PrimValue &p) {
        switch (p.type) {
        case PrimType::Bool:
            return p.b ? "true" : "false";
        case PrimType::F16:
        case PrimType::F32:
        case PrimType::F64: {
            bool f64 = p.type == PrimType::F64;
            if (std::isfinite(p.f)) {
                std::ostringstream os;
                os << std::hexfloat << (f64 ? p.f : (double)(float)p.f) << (f64 ? "" : "f");
                return "(" + os.str() + ")";
            }
            if (f64)
                return "lrt::f64_of_bits(" + std::to_string(bits64(p.f)) + "ull)";
            float f = (float)p.f;
            uint32_t u;
            std::memcpy(&u, &f, 4);
            return "lrt::f32_of_bits(" + std::to_string(u) + "u)";
        }
        default:
            return "((" + std::string(ctype(p.type)) + ")" + std::to_string(p.u) + "ull)";
        }
    }

    static std::string c_string(const std::string &s) {
        std::string r = "\"";
        for (unsigned char c : s) {
            if (c == '"' || c == '\\')
                r += '\\', r += (char)c;
            else if (c < 32 || c >= 127) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\%03o", c);
                r += buf;
            } else
                r += (char)c;
        }
        return r + "\"";
    }

    // ---------------------------------------------------------------- variables bound

    /** Every variable bound inside a body: its statements' patterns and what their
     * expressions bind. */
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
            for (const ir::HistOp &op : e.as<ir::HistExp>()->ops)
                params_in_lambda(op.lam, f);
            if (e.as<ir::HistExp>()->fused())
                params_in_lambda(e.as<ir::HistExp>()->map_lam, f);
            break;
        case ExpKind::Scatter:
            if (e.as<ir::ScatterExp>()->fused())
                params_in_lambda(e.as<ir::ScatterExp>()->map_lam, f);
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

    // ---------------------------------------------------------------- variable uses

    template <typename F> static void uses_lambda(const Lambda &l, F &&f) { uses_body(l.body, f); }

    template <typename F> static void uses_exp(const Exp &e, F &&f) {
        auto a = [&](const SubExp &s) {
            if (!s.is_const)
                f(s.var.id);
        };
        auto v = [&](const Var &x) { f(x.id); };
        switch (e.kind) {
        case ExpKind::Atom: a(e.as<ir::AtomExp>()->x); break;
        case ExpKind::UnOp: a(e.as<ir::UnOpExp>()->x); break;
        case ExpKind::BinOp: a(e.as<ir::BinOpExp>()->x), a(e.as<ir::BinOpExp>()->y); break;
        case ExpKind::Math:
            for (const SubExp &x : e.as<ir::MathExp>()->args)
                a(x);
            break;
        case ExpKind::Convert: a(e.as<ir::ConvertExp>()->x); break;
        case ExpKind::Foreign:
            for (const SubExp &x : e.as<ir::ForeignExp>()->sizes)
                a(x);
            for (const SubExp &x : e.as<ir::ForeignExp>()->args)
                a(x);
            break;
        case ExpKind::If: {
            auto *n = e.as<ir::IfExp>();
            a(n->cond);
            uses_body(n->then_body, f);
            uses_body(n->else_body, f);
            break;
        }
        case ExpKind::Loop: {
            auto *n = e.as<ir::LoopExp>();
            for (const SubExp &x : n->inits)
                a(x);
            a(n->bound);
            uses_body(n->cond, f);
            uses_body(n->body, f);
            break;
        }
        case ExpKind::Assert:
            a(e.as<ir::AssertExp>()->cond);
            for (const SubExp &x : e.as<ir::AssertExp>()->args)
                a(x);
            break;
        case ExpKind::Iota: a(e.as<ir::IotaExp>()->n); break;
        case ExpKind::Range: {
            auto *n = e.as<ir::RangeExp>();
            a(n->start), a(n->end);
            if (n->has_second)
                a(n->second);
            break;
        }
        case ExpKind::Replicate: a(e.as<ir::ReplicateExp>()->n), a(e.as<ir::ReplicateExp>()->x); break;
        case ExpKind::ArrayLit:
            for (const SubExp &x : e.as<ir::ArrayLitExp>()->elems)
                a(x);
            break;
        case ExpKind::Index: {
            auto *n = e.as<ir::IndexExp>();
            v(n->arr);
            for (const SubExp &x : n->idx)
                a(x);
            break;
        }
        case ExpKind::Slice: {
            auto *n = e.as<ir::SliceExp>();
            v(n->arr);
            for (const ir::SliceEntry &en : n->entries) {
                if (en.has_start || !en.is_range)
                    a(en.start);
                if (en.has_end)
                    a(en.end);
                if (en.has_stride)
                    a(en.stride);
            }
            break;
        }
        case ExpKind::Update: {
            auto *n = e.as<ir::UpdateExp>();
            v(n->arr);
            for (const SubExp &x : n->idx)
                a(x);
            a(n->value);
            break;
        }
        case ExpKind::Concat: v(e.as<ir::ConcatExp>()->x), v(e.as<ir::ConcatExp>()->y); break;
        case ExpKind::Coerce: {
            auto *n = e.as<ir::CoerceExp>();
            v(n->arr);
            for (const SubExp &x : n->dims)
                a(x);
            break;
        }
        case ExpKind::Transpose: v(e.as<ir::TransposeExp>()->arr); break;
        case ExpKind::Sort: {
            auto *n = e.as<ir::SortExp>();
            v(n->keys), a(n->bits);
            if (n->payload)
                v(*n->payload);
            break;
        }
        case ExpKind::Map: {
            auto *n = e.as<ir::MapExp>();
            a(n->w);
            uses_lambda(n->lam, f);
            for (const Var &x : n->inputs)
                v(x);
            break;
        }
        case ExpKind::Reduce:
        case ExpKind::Scan: {
            bool red = e.kind == ExpKind::Reduce;
            auto *r = e.as<ir::ReduceExp>();
            auto *s = e.as<ir::ScanExp>();
            a(red ? r->w : s->w);
            uses_lambda(red ? r->lam : s->lam, f);
            for (const SubExp &x : red ? r->neutral : s->neutral)
                a(x);
            for (const Var &x : red ? r->inputs : s->inputs)
                v(x);
            break;
        }
        case ExpKind::Filter: {
            auto *n = e.as<ir::FilterExp>();
            a(n->w);
            uses_lambda(n->lam, f);
            for (const Var &x : n->inputs)
                v(x);
            break;
        }
        case ExpKind::Scatter: {
            auto *n = e.as<ir::ScatterExp>();
            a(n->w), v(n->dest);
            for (const Var &x : n->inputs)
                v(x);
            if (n->fused())
                uses_lambda(n->map_lam, f);
            break;
        }
        case ExpKind::Hist: {
            auto *n = e.as<ir::HistExp>();
            a(n->w);
            for (const ir::HistOp &op : n->ops) {
                for (const Var &d : op.dests)
                    v(d);
                for (const SubExp &x : op.neutral)
                    a(x);
                uses_lambda(op.lam, f);
            }
            for (const Var &x : n->inputs)
                v(x);
            if (n->fused())
                uses_lambda(n->map_lam, f);
            break;
        }
        case ExpKind::Apply:
            for (const SubExp &x : e.as<ir::ApplyExp>()->args)
                a(x);
            break;
        case ExpKind::Screma: {
            auto *n = e.as<ir::ScremaExp>();
            a(n->w);
            for (const Var &x : n->inputs)
                v(x);
            for (const auto *ops : {&n->scans, &n->reduces})
                for (const ScremaOp &op : *ops) {
                    uses_lambda(op.lam, f);
                    for (const SubExp &x : op.neutral)
                        a(x);
                }
            uses_lambda(n->map_lam, f);
            break;
        }
        }
    }

    template <typename F> static void uses_body(const Body &b, F &&f) {
        for (const Stm &s : b.stms)
            uses_exp(*s.exp, f);
        for (const SubExp &x : b.result)
            if (!x.is_const)
                f(x.var.id);
    }

    /** A SOAC in Screma form: Map, Reduce and Scan are Scremas without some parts. */
    struct Soac {
        SubExp w;
        std::vector<Var> inputs;
        const Lambda *map = nullptr; ///< null: the operands are the input rows
        std::vector<ScremaOp> scans, reduces;
    };

    /** One result of a body: the C++ name, and whether it may be moved out (bound in the
     * body and not mentioned twice in the results). */
    struct Res {
        std::string expr;
        bool movable = false;
        std::string take() const { return movable ? "lrt::mv(" + expr + ")" : expr; }
    };

    /** `who` names the backend in internal errors, `math_ns` prefixes math functions
     * ("std::" or ""), `poll` makes loops poll for interrupts once per block. */
    CLikeGen(const ir::Function &f, std::string who, std::string math_ns, bool poll)
        : f_(f), who_(std::move(who)), math_(std::move(math_ns)), poll_(poll) {}

    struct Frame {
        const Body *body;
        size_t pos;
        bool barrier; ///< a loop body or lambda: outer arrays may not be moved from inside
        std::unordered_set<int> defined;
    };

    const ir::Function &f_;
    std::ostringstream os_;
    int ind_ = 0;
    int tmp_ = 0;
    /** Above 0 while emitting code whose Ifs keep their jumps (see hist_update_bins). */
    int keep_jumps_ = 0;
    std::vector<SrcLoc> locs_;
    std::map<std::string, int> loc_ids_;
    std::unordered_map<int, IType> types_;
    std::unordered_map<const Stm *, std::string> kernels_;
    std::vector<Frame> frames_;
    std::unordered_map<const Body *, std::unordered_map<int, size_t>> last_use_;
    const Stm *cur_ = nullptr;
    /** Iotas and replicated scalars that are never materialised: var id -> the C++ of
     * their element at index `@` (see virtual_array). */
    std::unordered_map<int, std::string> virt_;
    /** Rows a kernel's thread loaded ahead (CUDA's unrolled row loops): var id -> the outer
     * row's index and the C++ holding that row.  Only that index reads the held row; an
     * inner SOAC over the same array (at its own index) loads as usual. */
    std::unordered_map<int, std::pair<std::string, std::string>> held_;
    /** Arrays a map lambda returns as row i of its output: the SOAC that binds one writes
     * straight into that row (var id -> the row view and its type), saving an allocation
     * and a copy per row. */
    std::unordered_map<int, std::pair<std::string, IType>> dest_;
    /** Registers in dest_ the results [from, pt.size()) of map lambda `map` that are rows
     * of rows (and not `lazy`: made before their output's shape is known) as row `i` of
     * their outputs (s's pattern); the ids registered, for drop_dests after the body. */
    std::vector<int> row_dests(const Stm &s, const Lambda &map, size_t from,
                               const std::vector<IType> &pt, const std::string &i,
                               const std::vector<bool> &lazy = {}) {
        std::vector<int> ids;
        for (size_t k = from; k < pt.size() && k < map.body.result.size(); k++) {
            const SubExp &x = map.body.result[k];
            if ((k < lazy.size() && lazy[k]) || pt[k].rank() <= 1 || x.is_const)
                continue;
            if (dest_
                    .emplace(x.var.id,
                             std::make_pair("lrt::row(" + name(s.pat[k].var) + ", " + i + ", true)",
                                            pt[k].row()))
                    .second)
                ids.push_back(x.var.id);
        }
        return ids;
    }
    void drop_dests(const std::vector<int> &ids) {
        for (int id : ids)
            dest_.erase(id);
    }
    /** Rows a map lambda makes only to have them folded into an accumulator element by
     * element (see soac): the SOAC that binds one folds each element straight into the
     * accumulator instead (var id -> the accumulator and the scalar operator), so the
     * row is never made. */
    std::unordered_map<int, std::pair<std::string, const Lambda *>> fold_;
    /** Rows a map lambda makes only to have them folded into an accumulator, while the
     * rows of several iterations are folded together (SoacPlan::jam_at): the map that
     * makes one defines a C++ function of the element's index instead (var id -> its
     * name), called in the loop that folds them all. */
    std::unordered_map<int, std::string> jam_;
    const std::string who_, math_;
    const bool poll_;
    /** Sequential loops that may run long poll for the host's stop (LOOM_POLL). */
    bool loop_polls_ = true;

    void line(const std::string &s) { os_ << std::string((size_t)ind_ * 4, ' ') << s << "\n"; }
    void open(const std::string &s = "{") {
        line(s);
        ind_++;
    }
    void close(const std::string &s = "}") {
        ind_--;
        line(s);
    }
    /** The divisors that stay the same through the kernel being emitted, as a backend
     * declared them (CpuGen: an lrt::Divisor each): var id -> that declaration's name. */
    std::map<int, std::string> divisors_;
    /** While a backend emits a pass that only folds a scan (its chunks' totals): the
     * iteration writes no scan output. */
    bool fold_scans_only_ = false;

    /** A SOAC's loop over [lo, hi) in blocks of 1024 iterations: one interrupt poll per
     * block keeps the inner loop free of calls (and vectorisable). */
    void open_loop(const std::string &i, const std::string &lo, const std::string &hi,
                   const std::string &pragma = "") {
        open_blocks(lo, hi);
        open_block_loop(i, pragma);
    }
    /** open_loop in two steps, for code that runs once a block (at blk_, before end_). */
    void open_blocks(const std::string &lo, const std::string &hi) {
        open("for (int64_t blk_ = " + lo + "; blk_ < " + hi + "; blk_ += 1024) {");
        if (poll_)
            line("lrt::poll(ctx);");
        line("const int64_t end_ = blk_ + 1024 < " + hi + " ? blk_ + 1024 : " + hi + ";");
    }
    void open_block_loop(const std::string &i, const std::string &pragma = "") {
        if (!pragma.empty())
            line(pragma);
        open("for (int64_t " + i + " = blk_; " + i + " < end_; " + i + "++) {");
    }
    void close_loop() {
        close();
        close();
    }
    std::string fresh(const char *base) { return base + std::to_string(tmp_++) + "_"; }
    std::string loc(const SrcLoc &l) {
        std::string key = l.str() + "-" + std::to_string(l.end_col); // spans may share a start
        if (l.via) // one call of a prelude function, failing at different places in it
            key += "@" + l.via->at.str() + "-" + std::to_string(l.via->at.end_col);
        auto it = loc_ids_.find(key);
        if (it != loc_ids_.end())
            return std::to_string(it->second);
        int id = (int)locs_.size();
        locs_.push_back(l);
        loc_ids_[key] = id;
        return std::to_string(id);
    }

    // ------------------------------------------------ atoms and types

    IType type_of(const SubExp &s) const {
        if (s.is_const)
            return IType::scalar(s.value.type);
        auto it = types_.find(s.var.id);
        if (it == types_.end())
            throw InternalError(who_ + ": unbound variable " + s.var.base + "_" +
                                std::to_string(s.var.id));
        return it->second;
    }
    const IType &type_of(const Var &v) const {
        auto it = types_.find(v.id);
        if (it == types_.end())
            throw InternalError(who_ + ": unbound variable " + v.base + "_" +
                                std::to_string(v.id));
        return it->second;
    }
    std::string atom(const SubExp &s) const { return s.is_const ? literal(s.value) : name(s.var); }
    std::string i64(const SubExp &s) const { return "((int64_t)" + atom(s) + ")"; }
    /** A size known before the current statement (constant or bound earlier). */
    bool known(const SubExp &d) const { return d.is_const || types_.count(d.var.id); }
    std::string dims_list(const std::vector<SubExp> &ds, size_t from) const {
        std::string s;
        for (size_t k = from; k < ds.size(); k++)
            s += (s.empty() ? "" : ", ") + (known(ds[k]) ? i64(ds[k]) : std::string("0"));
        return s;
    }
    std::string decl(const Param &p) {
        types_[p.var.id] = p.type;
        return val_type(p.type) + " " + name(p.var);
    }

    // ------------------------------------------------ moves

    const std::unordered_map<int, size_t> &last_use(const Body &b) {
        auto it = last_use_.find(&b);
        if (it != last_use_.end())
            return it->second;
        std::unordered_map<int, size_t> m;
        for (size_t i = 0; i < b.stms.size(); i++)
            uses_exp(*b.stms[i].exp, [&](int id) { m[id] = i; });
        for (const SubExp &x : b.result)
            if (!x.is_const)
                m[x.var.id] = b.stms.size();
        return last_use_[&b] = std::move(m);
    }
    /** May array `v` be moved into the current statement (its last use anywhere)? */
    bool movable(const Var &v) {
        if (!cur_ || type_of(v).rank() == 0)
            return false;
        int count = 0;
        uses_exp(*cur_->exp, [&](int id) { count += id == v.id; });
        if (count != 1)
            return false;
        for (size_t k = frames_.size(); k-- > 0;) {
            const Frame &fr = frames_[k];
            const auto &lu = last_use(*fr.body);
            auto it = lu.find(v.id);
            if (it != lu.end() && it->second > fr.pos)
                return false;
            if (fr.defined.count(v.id))
                return true;
            if (fr.barrier)
                return false;
        }
        return false;
    }
    std::string use(const Var &v) { return movable(v) ? "lrt::mv(" + name(v) + ")" : name(v); }

    // ------------------------------------------------ bodies

    std::vector<Res> body(const Body &b, Frame fr) {
        for (const Stm &s : b.stms)
            for (const Param &p : s.pat)
                fr.defined.insert(p.var.id);
        frames_.push_back(std::move(fr));
        for (size_t i = 0; i < b.stms.size(); i++) {
            frames_.back().pos = i;
            const Stm *saved = cur_;
            cur_ = &b.stms[i];
            stm(b.stms[i]);
            cur_ = saved;
        }
        std::vector<Res> rs;
        for (const SubExp &x : b.result) {
            Res r{atom(x), false};
            if (!x.is_const && type_of(x.var).rank() > 0 &&
                frames_.back().defined.count(x.var.id)) {
                int n = 0;
                for (const SubExp &y : b.result)
                    n += !y.is_const && y.var.id == x.var.id;
                r.movable = n == 1;
            }
            rs.push_back(r);
        }
        frames_.pop_back();
        return rs;
    }
    /** Binds the lambda's params to `args` and emits its body (in the current block). */
    std::vector<Res> apply(const Lambda &l, const std::vector<std::string> &args) {
        for (size_t i = 0; i < l.params.size(); i++)
            line(decl(l.params[i]) + " = " + args.at(i) + ";");
        return body(l.body, Frame{&l.body, 0, true, {}});
    }
    /** Row i of a hist: an index and values per op, through its map lambda when fused
     * (emitted in the current block). */
    std::vector<std::string> hist_row(const ir::HistExp &n, const std::string &i) {
        std::vector<std::string> args = in_rows(n.inputs, i);
        if (!n.fused())
            return args;
        std::vector<std::string> r;
        for (const Res &x : apply(n.map_lam, args))
            r.push_back(x.expr);
        return r;
    }
    /** Row i of fused scatter n into destination d (of type dt, one-dimensional): its map
     * lambda emitted, the index (int64_t) and the value as stored. */
    std::pair<std::string, std::string> scatter_fused_row(const ir::ScatterExp &n, const IType &dt,
                                                          const std::string &i) {
        if (dt.rank() != 1)
            throw InternalError(who_ + ": a fused scatter into an array of rank " +
                                std::to_string(dt.rank()));
        std::vector<std::string> args = in_rows(n.inputs, i);
        std::vector<Res> r = apply(n.map_lam, args);
        return {"(int64_t)(" + r.at(0).expr + ")", store(dt.elem, r.at(1).expr)};
    }
    /** Row i of scatter n into its destination d (of type dt): `d[is[i]] = vs[i]` for an
     * index in range. */
    void scatter_row_into(const ir::ScatterExp &n, const std::string &d, const IType &dt,
                          const std::string &i) {
        if (!n.fused()) {
            line("const int64_t ix_ = (int64_t)" + in_row(n.inputs.at(0), i) + ";");
            line("if (ix_ >= 0 && ix_ < " + d + ".shape[0]) lrt::copy_row(" + d + ", ix_, " +
                 name(n.inputs.at(1)) + ", " + i + ");");
            return;
        }
        auto [ix, v] = scatter_fused_row(n, dt, i);
        line("if (const int64_t ix_ = " + ix + "; ix_ >= 0 && ix_ < " + d + ".shape[0]) " + d +
             ".data[ix_] = " + v + ";");
    }
    /** Where a hist's ops are: op k's destinations are the pattern's first[k]... (its
     * width of them), its index is hist_row's value at[k], its values the next ones. */
    struct HistLayout {
        std::vector<size_t> first, at;
    };
    static HistLayout hist_layout(const ir::HistExp &n) {
        HistLayout l;
        size_t d = 0, r = 0;
        for (const ir::HistOp &op : n.ops) {
            l.first.push_back(d);
            l.at.push_back(r);
            d += op.width();
            r += 1 + op.width();
        }
        return l;
    }
    /** Op k's bins at `slot` of the histograms hs (one per destination, of the pattern's
     * types) = op_k(bins, vals), in a block of their own. */
    void hist_update_bins(const Stm &s, const ir::HistExp &n, const HistLayout &l, size_t k,
                          const std::vector<std::string> &hs, const std::string &slot,
                          const std::vector<std::string> &vals) {
        const size_t m = n.ops[k].width(), f = l.first[k];
        open();
        std::vector<std::string> args;
        for (size_t c = 0; c < m; c++)
            args.push_back(row(hs[f + c], s.pat[f + c].type, slot));
        args.insert(args.end(), vals.begin(), vals.end());
        // An operator that picks one of its arguments leaves most bins as they are: its
        // tests go the same way nearly every row, so jumps cost less than computing every
        // branch (groupby's generic argmin: 17.8 -> 16.3 ms), where the backend says so.
        const bool choose = choosing(n.ops[k].lam), jumps = choose && predictable_choices();
        if (jumps && pick_bins(s, n.ops[k].lam, f, hs, slot, args)) {
            close();
            return;
        }
        keep_jumps_ += jumps;
        std::vector<Res> rs = apply(n.ops[k].lam, args);
        keep_jumps_ -= jumps;
        for (size_t c = 0; c < m; c++) {
            const IType &t = s.pat[f + c].type;
            if (!choose || t.rank() != 1) {
                put_row(hs[f + c], t, slot, rs.at(c).expr);
                continue;
            }
            // Written only when it changes (equal floats other than zeros have equal bits),
            // compared with the operator's parameter, not a second load of the bin.
            const std::string v = rs.at(c).expr, old = name(n.ops[k].lam.params[c].var);
            open("if (" + (is_float(t.elem) ? "!(" + v + " == " + old + ") || " + v + " == 0"
                                             : v + " != " + old) + ") {");
            put_row(hs[f + c], t, slot, v);
            close();
        }
        close();
    }
    /** Operator l as `... in if c then (bins) else (vals)` (or the other way round: an
     * argmin's): its test alone, the bins read where it reads them and written only
     * when the values win, so a row that leaves its bins as they are (nearly every row)
     * reads just what the test needs (groupby's argmin skipped a load of its index bin:
     * the loop ran 1.3x faster).  `args`: the bins' rows, then the values (as
     * hist_update_bins binds them).  False, emitting nothing, for any other operator. */
    bool pick_bins(const Stm &s, const Lambda &l, size_t f, const std::vector<std::string> &hs,
                   const std::string &slot, const std::vector<std::string> &args) {
        const size_t m = l.params.size() / 2;
        if (l.body.stms.empty() || l.body.stms.back().exp->kind != ExpKind::If)
            return false;
        const Stm &last = l.body.stms.back();
        const auto *n = last.exp->as<ir::IfExp>();
        auto are = [&](const std::vector<SubExp> &xs, auto &&var_at) {
            if (xs.size() != m)
                return false;
            for (size_t c = 0; c < m; c++)
                if (xs[c].is_const || xs[c].var.id != var_at(c).id)
                    return false;
            return true;
        };
        auto param = [&](size_t from) { return [&, from](size_t c) { return l.params[from + c].var; }; };
        auto bound = [&](size_t c) { return last.pat[c].var; };
        if (last.pat.size() != m || !are(l.body.result, bound))
            return false;
        bool keep_on_true = are(n->then_body.result, param(0)) && are(n->else_body.result, param(m));
        if (!keep_on_true && !(are(n->then_body.result, param(m)) && are(n->else_body.result, param(0))))
            return false;
        if (!n->then_body.stms.empty() || !n->else_body.stms.empty())
            return false;
        for (size_t c = 0; c < m; c++)
            if (s.pat[f + c].type.rank() != 1)
                return false;
        for (size_t c = 0; c < m; c++) { // the bins as references: loaded where used
            const Param &p = l.params[c];
            const IType &t = s.pat[f + c].type;
            const std::string d = decl(p);
            line(t.elem == PrimType::F16 ? d + " = " + args[c] + ";"
                                         : "const " + val_type(p.type) + " &" + name(p.var) + " = " + args[c] + ";");
        }
        for (size_t c = 0; c < m; c++)
            line(decl(l.params[m + c]) + " = " + args.at(m + c) + ";");
        Body test{std::vector<Stm>(l.body.stms.begin(), l.body.stms.end() - 1), {n->cond}};
        keep_jumps_++;
        std::vector<Res> rs = body(test, Frame{&test, 0, true, {}});
        keep_jumps_--;
        last_use_.erase(&test); // keyed by address: a later body may get this one's
        open("if (" + std::string(keep_on_true ? "!" : "") + "(" + rs.at(0).expr + ")) {");
        for (size_t c = 0; c < m; c++)
            put_row(hs[f + c], s.pat[f + c].type, slot, name(l.params[m + c].var));
        close();
        return true;
    }
    /** Whether each result of operator l is chosen by an `if` or is a min or max: an
     * operator that picks one of its arguments, as an argmin does, leaves most bins as
     * they are, so its bins are stored only when they change (groupby's argmin: a store
     * a row of each of two bins cost more than the rest of its loop). */
    static bool choosing(const Lambda &l) {
        for (const SubExp &r : l.body.result) {
            const Exp *def = nullptr;
            for (const Stm &st : l.body.stms)
                for (const Param &p : st.pat)
                    if (!r.is_const && p.var.id == r.var.id)
                        def = st.exp.get();
            auto *m = def ? def->as<ir::MathExp>() : nullptr;
            if (!def || !(def->kind == ExpKind::If || (m && (m->fn == ir::MathFn::Min || m->fn == ir::MathFn::Max))))
                return false;
        }
        return true;
    }
    /** Row i of a hist into the histograms hs: each op's bins at its index, when in range
     * (one test for consecutive ops of the same index and number of bins: the sums and
     * counts of a mean). */
    void hist_row_into(const Stm &s, const ir::HistExp &n, const std::vector<std::string> &hs,
                       const std::string &i) {
        const HistLayout l = hist_layout(n);
        std::vector<std::string> r = hist_row(n, i);
        for (size_t k = 0; k < n.ops.size(); k++) {
            const bool same =
                k > 0 && r.at(l.at[k]) == r.at(l.at[k - 1]) &&
                s.pat[l.first[k]].type.dims.at(0) == s.pat[l.first[k - 1]].type.dims.at(0);
            if (!same)
                open("if (const int64_t ix_ = (int64_t)(" + r.at(l.at[k]) +
                     "); ix_ >= 0 && ix_ < " + hs[l.first[k]] + ".shape[0]) {");
            auto v = r.begin() + (std::ptrdiff_t)l.at[k] + 1;
            hist_update_bins(s, n, l, k, hs, "ix_",
                             std::vector<std::string>(v, v + (std::ptrdiff_t)n.ops[k].width()));
            const bool next =
                k + 1 < n.ops.size() && r.at(l.at[k + 1]) == r.at(l.at[k]) &&
                s.pat[l.first[k + 1]].type.dims.at(0) == s.pat[l.first[k]].type.dims.at(0);
            if (!next)
                close();
        }
    }
    /** A hist's destinations declared as its pattern (moved or copied); their names. */
    std::vector<std::string> hist_dests(const Stm &s, const ir::HistExp &n) {
        std::vector<std::string> ds;
        size_t d = 0;
        for (const ir::HistOp &op : n.ops)
            for (const Var &v : op.dests) {
                line(decl(s.pat[d]) + " = " + dest_of(v) + ";");
                ds.push_back(name(s.pat[d++].var));
            }
        return ds;
    }
    /** Row i of array variable `a` (an element for rank 1, a borrowed view otherwise). */
    std::string row(const std::string &a, const IType &t, const std::string &i) const {
        if (t.rank() == 1)
            return load(t.elem, a + ".data[" + i + "]");
        return "lrt::row(" + a + ", " + i + ", true)";
    }
    /** Row i of a SOAC input (virtual arrays yield their element without a load). */
    std::string in_row(const Var &v, const std::string &i) {
        if (auto h = held_.find(v.id); h != held_.end() && h->second.first == i)
            return h->second.second;
        auto it = virt_.find(v.id);
        if (it == virt_.end())
            return row(name(v), type_of(v), i);
        std::string e = it->second;
        size_t at = e.find('@');
        return at == std::string::npos ? e : e.replace(at, 1, i);
    }
    /** in_row of each of a SOAC's inputs: the arguments of its function at row i. */
    std::vector<std::string> in_rows(const std::vector<Var> &vs, const std::string &i) {
        std::vector<std::string> args;
        for (const Var &v : vs)
            args.push_back(in_row(v, i));
        return args;
    }
    /** The row-major offset of element idx of array `a`, inline: a local index array
     * would keep the compiler from seeing consecutive elements (and vectorising). */
    std::string flat_offset(const std::string &a, const std::vector<SubExp> &idx) {
        std::string off = i64(idx.at(0));
        for (size_t j = 1; j < idx.size(); j++)
            off = "(" + off + ") * " + a + ".shape[" + std::to_string(j) + "] + " + i64(idx[j]);
        return off;
    }
    /** The size of iota or replicate `e`, checked >= 0 with the interpreter's message
     * unless bounds-check elimination proved it. */
    std::string checked_size(const Exp &e) {
        auto *io = e.as<ir::IotaExp>();
        const std::string n = i64(io ? io->n : e.as<ir::ReplicateExp>()->n);
        if (!size_checked(e))
            return n;
        if (io) return "lrt::check_iota_size(" + loc(e.loc) + ", " + n + ")";
        if (msg_storage().empty()) // no buffer to write the size in
            return "lrt::check_size(" + loc(e.loc) + ", " + n + ", \"replicate: negative size\")";
        fail_formatted(n + " < 0", e.loc, std::string("replicate: negative size ") + ir::AssertExp::hole, {n},
                       {true});
        return n;
    }
    static bool size_checked(const Exp &e) {
        auto *io = e.as<ir::IotaExp>();
        return io ? io->checked : e.as<ir::ReplicateExp>()->checked;
    }
    /** The inputs of SOAC `e` that the generator reads only row by row (in_row), so a
     * virtual array may stand for them. */
    static std::vector<Var> row_inputs(const Exp &e) {
        switch (e.kind) {
        case ExpKind::Screma:
            return e.as<ir::ScremaExp>()->inputs;
        case ExpKind::Map:
            return e.as<ir::MapExp>()->inputs;
        case ExpKind::Reduce:
            return e.as<ir::ReduceExp>()->inputs;
        case ExpKind::Scan:
            return e.as<ir::ScanExp>()->inputs;
        case ExpKind::Hist:
            return e.as<ir::HistExp>()->inputs;
        case ExpKind::Scatter: // plain: its arrays are read whole (copy_row)
            if (e.as<ir::ScatterExp>()->fused())
                return e.as<ir::ScatterExp>()->inputs;
            return {};
        default:
            return {};
        }
    }
    /** Whether var v's every use in e is as an input row of a SOAC: e's own, or one in a
     * body nested in e (loops, ifs, lambdas: an iota hoisted out of a loop stays virtual). */
    static bool rows_only(const Exp &e, int v) {
        int all = 0, rows = 0;
        uses_exp(e, [&](int id) { all += id == v; });
        if (all == 0)
            return true;
        for (const Var &x : row_inputs(e))
            rows += x.id == v;
        for (const Body *b : passes::nested_bodies(e)) {
            for (const Stm &t : b->stms) {
                if (!rows_only(*t.exp, v))
                    return false;
                uses_exp(*t.exp, [&](int id) { rows += id == v; });
            }
            for (const SubExp &x : b->result)
                if (!x.is_const && x.var.id == v)
                    return false;
        }
        return all == rows; // no other use (a loop's init or bound, an if's condition, ...)
    }
    /** An iota or a replicated scalar whose every use is as an input row of a SOAC later
     * in the same body (or in its loops and ifs) is not materialised (saves a full write
     * and read of memory). */
    bool virtual_array(const Stm &s) {
        std::string elem;
        if (s.exp->kind == ExpKind::Iota) {
            elem = "(int64_t)(@)";
        } else if (auto *r = s.exp->as<ir::ReplicateExp>();
                   s.exp->kind == ExpKind::Replicate && type_of(r->x).rank() == 0) {
            elem = atom(r->x);
        } else {
            return false;
        }
        const Var &v = s.pat.at(0).var;
        const Frame &fr = frames_.back();
        for (const SubExp &x : fr.body->result)
            if (!x.is_const && x.var.id == v.id)
                return false;
        for (size_t k = fr.pos + 1; k < fr.body->stms.size(); k++)
            if (!rows_only(*fr.body->stms[k].exp, v.id))
                return false;
        types_[v.id] = s.pat[0].type;
        virt_[v.id] = elem;
        if (size_checked(*s.exp))
            line(checked_size(*s.exp) + ";");
        return true;
    }
    /** Writes `e` (of the row type of out's type t) as row i of out. */
    void put_row(const std::string &out, const IType &t, const std::string &i, const std::string &e) {
        if (t.rank() == 1)
            line(out + ".data[" + i + "] = " + store(t.elem, e) + ";");
        else
            line("lrt::put_block(" + out + ", 1, (" + i + ") * " + out + ".inner(1), " + e + ");");
    }

    // ------------------------------------------------ statements

    /** A backend's own code for statement `s` (the CUDA host program launches kernels
     * and moves arrays between host and device here); true when it emitted it.  It may
     * call plain_stm(s) for the default code. */
    virtual bool custom_stm(const Stm &) { return false; }

    void stm(const Stm &s) {
        if (!custom_stm(s))
            plain_stm(s);
    }

    void plain_stm(const Stm &s) {
        const Exp &e = *s.exp;
        auto it = kernels_.find(&s);
        bool par = it != kernels_.end();
        if (par)
            line("// kernel " + it->second);
        switch (e.kind) {
        case ExpKind::Screma: {
            auto *n = e.as<ir::ScremaExp>();
            soac(s, Soac{n->w, n->inputs, &n->map_lam, n->scans, n->reduces}, par);
            return;
        }
        case ExpKind::Map: {
            auto *n = e.as<ir::MapExp>();
            soac(s, Soac{n->w, n->inputs, &n->lam, {}, {}}, par);
            return;
        }
        case ExpKind::Reduce: {
            auto *n = e.as<ir::ReduceExp>();
            soac(s, Soac{n->w, n->inputs, nullptr, {}, {ScremaOp{n->lam, n->neutral}}}, par);
            return;
        }
        case ExpKind::Scan: {
            auto *n = e.as<ir::ScanExp>();
            soac(s, Soac{n->w, n->inputs, nullptr, {ScremaOp{n->lam, n->neutral}}, {}}, par);
            return;
        }
        case ExpKind::Filter: filter(s, *e.as<ir::FilterExp>(), par); return;
        case ExpKind::Scatter: scatter(s, *e.as<ir::ScatterExp>(), par); return;
        case ExpKind::Hist: hist(s, *e.as<ir::HistExp>(), par); return;
        case ExpKind::If: if_(s, *e.as<ir::IfExp>()); return;
        case ExpKind::Loop: loop(s, *e.as<ir::LoopExp>()); return;
        case ExpKind::Range: range(s, *e.as<ir::RangeExp>()); return;
        case ExpKind::Slice: slice(s, *e.as<ir::SliceExp>()); return;
        case ExpKind::Apply: call(s, *e.as<ir::ApplyExp>()); return;
        case ExpKind::Foreign:
            if (!e.as<ir::ForeignExp>()->fn->returns_scalar()) {
                foreign_stm(s, *e.as<ir::ForeignExp>());
                return;
            }
            break;
        default: break;
        }
        if (s.pat.size() != 1)
            throw InternalError(who_ + ": " + exp_kind_name(e.kind) +
                                " binds one value");
        const Param &p = s.pat[0];
        if (virtual_array(s))
            return;
        if (auto d = dest_.find(p.var.id);
            d != dest_.end() && d->second.second == p.type && e.kind == ExpKind::ArrayLit) {
            // A SOAC's result row made as a literal: written in place in the output (no
            // row allocated, a thread's heap on a GPU).
            line(decl(p) + " = " + d->second.first + ";");
            const auto &elems = e.as<ir::ArrayLitExp>()->elems;
            for (size_t j = 0; j < elems.size(); j++)
                put_row(name(p.var), p.type, std::to_string(j), atom(elems[j]));
            return;
        }
        std::string rhs = simple(e, p.type);
        line(decl(p) + " = " + rhs + ";");
    }

    /** A foreign call's sizes and arguments (arrays: their first elements). */
    std::vector<std::string> foreign_args(const ir::ForeignExp &n) {
        std::vector<std::string> xs;
        for (const SubExp &x : n.sizes)
            xs.push_back(atom(x));
        for (size_t i = 0; i < n.args.size(); i++)
            xs.push_back(atom(n.args[i]) + (n.fn->params[i].array() ? ".data" : ""));
        return xs;
    }
    /** A foreign function giving arrays or several results: they are allocated (or
     * declared), then the call with their places. */
    void foreign_stm(const Stm &s, const ir::ForeignExp &n) {
        std::vector<std::string> xs = foreign_args(n);
        for (const Param &p : s.pat) {
            if (p.type.rank() == 0) {
                line(decl(p) + ";");
                xs.push_back("&" + name(p.var));
                continue;
            }
            std::string dims;
            for (const SubExp &d : p.type.dims)
                dims += (dims.empty() ? "" : ", ") + atom(d);
            line(decl(p) + " = lrt::alloc<" + stype(p.type.elem) + ", " + std::to_string(p.type.rank()) +
                 ">({" + dims + "});");
            xs.push_back(name(p.var) + ".data");
        }
        line(foreign_call(*n.fn, xs) + ";");
    }

    /** Single-result expressions: the initialiser of the bound variable (may emit
     * statements before it). */
    std::string simple(const Exp &e, const IType &rt) {
        switch (e.kind) {
        case ExpKind::Atom: {
            const SubExp &x = e.as<ir::AtomExp>()->x;
            return x.is_const ? literal(x.value) : use(x.var);
        }
        case ExpKind::UnOp: {
            auto *n = e.as<ir::UnOpExp>();
            PrimType t = type_of(n->x).elem;
            std::string x = atom(n->x);
            if (t == PrimType::Bool)
                return "!" + x;
            if (n->op == ir::UnOpKind::Neg)
                return is_float(t) ? "(-" + x + ")" : "lrt::neg(" + x + ")";
            return "(" + std::string(ctype(t)) + ")~" + x;
        }
        case ExpKind::BinOp: return binop(*e.as<ir::BinOpExp>());
        case ExpKind::Math: return math(*e.as<ir::MathExp>());
        case ExpKind::Foreign: {
            auto *n = e.as<ir::ForeignExp>();
            return foreign_call(*n->fn, foreign_args(*n));
        }
        case ExpKind::Convert: {
            auto *n = e.as<ir::ConvertExp>();
            return convert(n->to, type_of(n->x).elem, atom(n->x));
        }
        case ExpKind::Assert: {
            auto *n = e.as<ir::AssertExp>();
            if (n->args.empty() || msg_storage().empty()) {
                std::vector<std::string> unknown(n->args.size(), "?");
                line("if (!" + atom(n->cond) + ") lrt::fail(" + loc(n->loc) + ", " +
                     c_string(n->render(unknown)) + ");");
                return "true";
            }
            std::vector<std::string> vals;
            std::vector<bool> sgn;
            for (const SubExp &x : n->args) {
                vals.push_back("(int64_t)" + atom(x));
                sgn.push_back(is_signed_int(type_of(x).elem));
            }
            fail_formatted("!" + atom(n->cond), n->loc, n->message, vals, sgn);
            return "true";
        }
        case ExpKind::Iota: {
            std::string t = fresh("t");
            line("Arr<int64_t, 1> " + t + " = lrt::alloc<int64_t, 1>({" + checked_size(e) + "});");
            line("for (int64_t i = 0; i < " + t + ".shape[0]; i++) " + t + ".data[i] = i;");
            return "lrt::mv(" + t + ")";
        }
        case ExpKind::Replicate: {
            auto *n = e.as<ir::ReplicateExp>();
            IType xt = type_of(n->x);
            std::string sz = checked_size(e);
            if (xt.rank() == 0)
                return "lrt::replicate<" + std::string(stype(xt.elem)) + ">(" + sz + ", " +
                       store(xt.elem, atom(n->x)) + ")";
            return "lrt::replicate(" + sz + ", " + atom(n->x) + ")";
        }
        case ExpKind::ArrayLit: {
            auto *n = e.as<ir::ArrayLitExp>();
            std::string t = fresh("t");
            int r = rt.rank();
            std::string rows;
            if (!n->elems.empty() && n->row.rank() > 0)
                rows = atom(n->elems[0]) + ".shape";
            else {
                rows = fresh("rs");
                line("const int64_t " + rows + "[] = {" +
                     (n->row.rank() ? dims_list(n->row.dims, 0) : std::string("0")) + "};");
            }
            line(arr_type(rt.elem, r) + " " + t + " = lrt::alloc_rows<" + stype(rt.elem) + ", " +
                 std::to_string(r) + ">(" + std::to_string(n->elems.size()) + ", " + rows + ");");
            if (constant_table(*n, rt, t))
                return "lrt::mv(" + t + ")";
            for (size_t i = 0; i < n->elems.size(); i++)
                put_row(t, rt, std::to_string(i), atom(n->elems[i]));
            return "lrt::mv(" + t + ")";
        }
        case ExpKind::Index: {
            auto *n = e.as<ir::IndexExp>();
            const IType &at = type_of(n->arr);
            std::string ix = fresh("ix");
            std::string list;
            for (const SubExp &i : n->idx)
                list += (list.empty() ? "" : ", ") + i64(i);
            size_t k = n->idx.size();
            if (n->checked || (int)k != at.rank())
                line("const int64_t " + ix + "[] = {" + list + "};");
            if (n->checked)
                line("lrt::check_index(" + loc(n->loc) + ", " + name(n->arr) + ", " + ix + ", " +
                     std::to_string(k) + ");");
            if ((int)k == at.rank())
                return load(at.elem, name(n->arr) + ".data[" + flat_offset(name(n->arr), n->idx) + "]");
            return "lrt::sub<" + std::to_string(at.rank() - (int)k) + ">(" + name(n->arr) + ", " +
                   ix + ", " + std::to_string(k) + ")";
        }
        case ExpKind::Update: {
            auto *n = e.as<ir::UpdateExp>();
            const IType &at = type_of(n->arr);
            std::string ix = fresh("ix"), t = fresh("t");
            std::string list;
            for (const SubExp &i : n->idx)
                list += (list.empty() ? "" : ", ") + i64(i);
            size_t k = n->idx.size();
            line("const int64_t " + ix + "[] = {" + list + "};");
            if (n->checked)
                line("lrt::check_index(" + loc(n->loc) + ", " + name(n->arr) + ", " + ix + ", " +
                     std::to_string(k) + ");");
            std::string src = movable(n->arr) ? "lrt::take(lrt::mv(" + name(n->arr) + "))"
                                              : "lrt::copy(" + name(n->arr) + ")";
            line(val_type(at) + " " + t + " = " + src + ";");
            std::string off = "lrt::offset(" + t + ", " + ix + ", " + std::to_string(k) + ")";
            if ((int)k == at.rank())
                line(t + ".data[" + off + "] = " + store(at.elem, atom(n->value)) + ";");
            else
                line("lrt::put_block(" + t + ", " + std::to_string(k) + ", " + off + ", " +
                     atom(n->value) + ");");
            return "lrt::mv(" + t + ")";
        }
        case ExpKind::Concat: {
            auto *n = e.as<ir::ConcatExp>();
            return "lrt::concat(" + name(n->x) + ", " + name(n->y) + ")";
        }
        case ExpKind::Coerce: {
            auto *n = e.as<ir::CoerceExp>();
            std::string w = fresh("want");
            line("const int64_t " + w + "[] = {" + dims_list(n->dims, 0) + "};");
            if (!n->type_text.empty() && !msg_storage().empty()) {
                // The interpreter's message names the source type.
                std::string failed = "false", msg = "Value of shape ";
                std::vector<std::string> vals;
                for (size_t k = 0; k < n->dims.size(); k++) {
                    std::string d = name(n->arr) + ".shape[" + std::to_string(k) + "]";
                    failed += " || " + d + " != " + w + "[" + std::to_string(k) + "]";
                    msg += std::string("[") + ir::AssertExp::hole + "]";
                    vals.push_back(d);
                }
                msg += " cannot match shape of type `" + n->type_text + "`.";
                fail_formatted(failed, n->loc, msg, vals, std::vector<bool>(vals.size(), true));
            } else {
                line("lrt::check_shape(" + loc(n->loc) + ", " + name(n->arr) + ", " + w + ");");
            }
            return use(n->arr);
        }
        case ExpKind::Transpose: return "lrt::transpose(" + name(e.as<ir::TransposeExp>()->arr) + ")";
        case ExpKind::Sort: {
            auto *n = e.as<ir::SortExp>();
            if (n->payload)
                return "lrt::radix_sort_with(ctx, " + name(n->keys) + ", " + atom(n->bits) + ", " +
                       name(*n->payload) + ")";
            return "lrt::radix_sort_perm(ctx, " + name(n->keys) + ", " + atom(n->bits) + ")";
        }
        default: break;
        }
        throw InternalError(who_ + ": unexpected " + exp_kind_name(e.kind));
    }

    std::string binop(const ir::BinOpExp &n) {
        using K = ir::BinOpKind;
        PrimType t = type_of(n.x).elem;
        std::string x = atom(n.x), y = atom(n.y), L = loc(n.loc);
        std::string T = ctype(t);
        auto fail = [&](const char *msg) {
            return "(lrt::fail(" + L + ", \"" + msg + "\"), " + T + "())";
        };
        auto cmp = [&](const char *op) { return "(" + x + " " + op + " " + y + ")"; };
        if (t == PrimType::Bool) {
            switch (n.op) {
            case K::LogAnd: case K::BitAnd: return cmp("&&");
            case K::LogOr: case K::BitOr: return cmp("||");
            case K::Xor: case K::Neq: return cmp("!=");
            case K::Eq: return cmp("==");
            case K::Lt: return "(!" + x + " && " + y + ")";
            case K::Gt: return "(" + x + " && !" + y + ")";
            case K::Le: return "(!" + x + " || " + y + ")";
            case K::Ge: return "(" + x + " || !" + y + ")";
            default: return fail("operator not defined on bool");
            }
        }
        switch (n.op) {
        case K::Eq: return cmp("==");
        case K::Neq: return cmp("!=");
        case K::Lt: return cmp("<");
        case K::Gt: return cmp(">");
        case K::Le: return cmp("<=");
        case K::Ge: return cmp(">=");
        default: break;
        }
        if (is_int(t)) {
            auto call = [&](const char *f) { return std::string("lrt::") + f + "(" + x + ", " + y + ")"; };
            auto dm = [&](int k) {
                if (n.y.is_const && n.y.value.u != 0) // cannot fail (kernels need no check)
                    return "lrt::divmod_by(" + x + ", " + y + ", " + std::to_string(k) + ")";
                auto d = n.y.is_const ? divisors_.end() : divisors_.find(n.y.var.id);
                return "lrt::divmod(" + L + ", " + x + ", " + (d != divisors_.end() ? d->second : y) +
                       ", " + std::to_string(k) + ")";
            };
            switch (n.op) {
            case K::Add: return call("add");
            case K::Sub: return call("sub");
            case K::Mul: return call("mul");
            case K::Div: return dm(0);
            case K::Mod: return dm(1);
            case K::Quot: return dm(2);
            case K::Rem: return dm(3);
            case K::Pow: return "lrt::ipow(" + L + ", " + x + ", " + y + ")";
            case K::BitAnd: return "(" + T + ")(" + x + " & " + y + ")";
            case K::BitOr: return "(" + T + ")(" + x + " | " + y + ")";
            case K::Xor: return "(" + T + ")(" + x + " ^ " + y + ")";
            case K::Shl: return call("shl");
            case K::Shr: return call("shr");
            case K::UShr: return call("ushr");
            default: return fail("operator not defined on integers");
            }
        }
        std::string r;
        switch (n.op) {
        case K::Add: r = "(" + x + " + " + y + ")"; break;
        case K::Sub: r = "(" + x + " - " + y + ")"; break;
        case K::Mul: r = "(" + x + " * " + y + ")"; break;
        case K::Div: r = "(" + x + " / " + y + ")"; break;
        case K::Mod: r = math_ + "fmod(" + x + ", " + y + ")"; break;
        case K::Pow: r = math_ + "pow(" + x + ", " + y + ")"; break;
        default: return fail("operator not defined on floats");
        }
        return t == PrimType::F16 ? "lrt::rh(" + r + ")" : r;
    }

    std::string convert(PrimType to, PrimType from, const std::string &x) {
        std::string T = ctype(to);
        if (to == from)
            return x;
        if (to == PrimType::Bool)
            return "(" + x + " != 0)";
        if (from == PrimType::Bool)
            return "(" + T + ")(" + x + " ? 1 : 0)";
        if (to == PrimType::F16)
            return "lrt::rh((double)" + x + ")";
        if (is_float(to))
            return "(" + T + ")" + x;
        if (is_float(from))
            return "(" + T + ")" + (is_unsigned_int(to) ? "lrt::f2u64(" : "lrt::f2i64(") + x + ")";
        // Into a wider unsigned type by zero extension (as interp::convert_prim).
        if (is_signed_int(from) && is_unsigned_int(to) && prim_bits(to) > prim_bits(from))
            return "(" + T + ")(" + ctype((PrimType)((int)from + (int)PrimType::U8 - (int)PrimType::I8)) + ")" + x;
        return "(" + T + ")" + x;
    }

    std::string math(const ir::MathExp &n) {
        using F = ir::MathFn;
        PrimType t = n.type;
        std::string L = loc(n.loc);
        if (interp::math_arity(n.fn) == 0)
            return literal(interp::eval_math(n.fn, t, nullptr, n.loc));
        std::vector<std::string> a;
        for (const SubExp &x : n.args)
            a.push_back(atom(x));
        const std::string &x = a[0];
        std::string y = a.size() > 1 ? a[1] : "", z = a.size() > 2 ? a[2] : "";
        std::string T = ctype(t);
        auto fail = [&](const char *msg) {
            return "(lrt::fail(" + L + ", \"" + msg + "\"), " + std::string(ctype(n.ret)) + "())";
        };
        if (is_float(t)) {
            std::string U = t == PrimType::F64 ? "uint64_t" : t == PrimType::F32 ? "uint32_t" : "uint16_t";
            std::string bits = t == PrimType::F16 ? "lrt::f2h(" + x + ")" : "lrt::bits_of(" + x + ")";
            switch (n.fn) {
            case F::IsInf: return "(bool)" + math_ + "isinf(" + x + ")";
            case F::IsNan: return "(bool)" + math_ + "isnan(" + x + ")";
            case F::ToBits: return "(" + U + ")" + bits;
            case F::FromBits:
                return t == PrimType::F64   ? "lrt::f64_of_bits(" + x + ")"
                       : t == PrimType::F32 ? "lrt::f32_of_bits(" + x + ")"
                                            : "lrt::h2f(" + x + ")";
            case F::GetBit: {
                std::string b = t == PrimType::F16 ? "lrt::f2h(" + y + ")" : "lrt::bits_of(" + y + ")";
                return "lrt::get_bit(" + x + ", (" + U + ")" + b + ")";
            }
            case F::SetBit: {
                std::string b = t == PrimType::F16 ? "lrt::f2h(" + y + ")" : "lrt::bits_of(" + y + ")";
                std::string nb = "lrt::set_bit(" + x + ", (" + U + ")" + b + ", " + z + ")";
                return t == PrimType::F64   ? "lrt::f64_of_bits(" + nb + ")"
                       : t == PrimType::F32 ? "lrt::f32_of_bits(" + nb + ")"
                                            : "lrt::h2f(" + nb + ")";
            }
            case F::Ldexp: {
                std::string r = math_ + "ldexp((double)" + x + ", (int)" + y + ")";
                return t == PrimType::F16 ? "lrt::rh(" + r + ")" : "(" + T + ")" + r;
            }
            default: break;
            }
            std::string pi = "((" + T + ")3.14159265358979323846)";
            std::string r;
            auto f1 = [&](const char *fn) { return math_ + fn + "(" + x + ")"; };
            switch (n.fn) {
            case F::Sqrt: r = f1("sqrt"); break;
            case F::Rsqrt: r = "((" + T + ")1 / " + math_ + "sqrt(" + x + "))"; break;
            case F::Cbrt: r = f1("cbrt"); break;
            case F::Exp: r = f1("exp"); break;
            case F::Log: r = f1("log"); break;
            case F::Log2: r = f1("log2"); break;
            case F::Log10: r = f1("log10"); break;
            case F::Log1p: r = f1("log1p"); break;
            case F::Sin: r = f1("sin"); break;
            case F::Cos: r = f1("cos"); break;
            case F::Tan: r = f1("tan"); break;
            case F::SinPi: r = math_ + "sin(" + pi + " * " + x + ")"; break;
            case F::CosPi: r = math_ + "cos(" + pi + " * " + x + ")"; break;
            case F::TanPi: r = math_ + "tan(" + pi + " * " + x + ")"; break;
            case F::Asin: r = f1("asin"); break;
            case F::Acos: r = f1("acos"); break;
            case F::Atan: r = f1("atan"); break;
            case F::AsinPi: r = "(" + math_ + "asin(" + x + ") / " + pi + ")"; break;
            case F::AcosPi: r = "(" + math_ + "acos(" + x + ") / " + pi + ")"; break;
            case F::AtanPi: r = "(" + math_ + "atan(" + x + ") / " + pi + ")"; break;
            case F::Sinh: r = f1("sinh"); break;
            case F::Cosh: r = f1("cosh"); break;
            case F::Tanh: r = f1("tanh"); break;
            case F::Asinh: r = f1("asinh"); break;
            case F::Acosh: r = f1("acosh"); break;
            case F::Atanh: r = f1("atanh"); break;
            case F::Gamma: r = f1("tgamma"); break;
            case F::Lgamma: r = f1("lgamma"); break;
            case F::Erf: r = f1("erf"); break;
            case F::Erfc: r = f1("erfc"); break;
            case F::Ceil: r = f1("ceil"); break;
            case F::Floor: r = f1("floor"); break;
            case F::Trunc: r = f1("trunc"); break;
            case F::Round: r = f1("nearbyint"); break;
            case F::Recip: r = "((" + T + ")1 / " + x + ")"; break;
            case F::Neg: r = "(-" + x + ")"; break;
            case F::Abs: r = f1("fabs"); break;
            case F::Sgn: r = "lrt::sgn_f(" + x + ")"; break;
            case F::Min: r = float_min_max(false, x, y); break;
            case F::Max: r = float_min_max(true, x, y); break;
            case F::Atan2: r = math_ + "atan2(" + x + ", " + y + ")"; break;
            case F::Atan2Pi: r = "(" + math_ + "atan2(" + x + ", " + y + ") / " + pi + ")"; break;
            case F::Hypot: r = math_ + "hypot(" + x + ", " + y + ")"; break;
            case F::Pow: r = math_ + "pow(" + x + ", " + y + ")"; break;
            case F::NextAfter:
                r = t == PrimType::F16 ? "lrt::nextafter_h(" + x + ", " + y + ")"
                                       : math_ + "nextafter(" + x + ", " + y + ")";
                break;
            case F::CopySign: r = math_ + "copysign(" + x + ", " + y + ")"; break;
            case F::Lerp: r = "(" + x + " + (" + y + " - " + x + ") * " + z + ")"; break;
            case F::Fma: r = math_ + "fma(" + x + ", " + y + ", " + z + ")"; break;
            case F::Mad: r = "(" + x + " * " + y + " + " + z + ")"; break;
            default: r = x; break;
            }
            return t == PrimType::F16 ? "lrt::rh(" + r + ")" : "(" + T + ")" + r;
        }
        if (t == PrimType::Bool)
            return n.fn == F::Not ? "!" + x : fail("function not defined on bool");
        switch (n.fn) {
        case F::Neg: return "lrt::neg(" + x + ")";
        case F::Not: return "(" + T + ")~" + x;
        case F::Abs:
            return is_signed_int(t) ? "(" + x + " < 0 ? lrt::neg(" + x + ") : " + x + ")" : x;
        case F::Sgn: return "lrt::sgn_i(" + x + ")";
        case F::Popc: return "lrt::popc(" + x + ")";
        case F::Clz: return "lrt::clz(" + x + ")";
        case F::Ctz: return "lrt::ctz(" + x + ")";
        case F::Min: return "lrt::min_i(" + x + ", " + y + ")";
        case F::Max: return "lrt::max_i(" + x + ", " + y + ")";
        case F::MulHi: return "lrt::mul_hi(" + x + ", " + y + ")";
        case F::MadHi: return "lrt::add(lrt::mul_hi(" + x + ", " + y + "), " + z + ")";
        case F::GetBit: return "lrt::get_bit((int32_t)" + x + ", " + y + ")";
        case F::SetBit: return "lrt::set_bit((int32_t)" + x + ", " + y + ", (int32_t)" + z + ")";
        case F::Pow: return "lrt::ipow(" + L + ", " + x + ", " + y + ")";
        default: return fail("function not defined on integers");
        }
    }

    // ------------------------------------------------ control flow

    /** Whether both branches of `n` may run and one result be selected: scalar results
     * and at most `budget` statements (a math function counts 4) that cannot fail.  Such
     * an If has no branch to mispredict on a CPU (perf put 30% of k-means' time on the
     * jumps of its argmin operator) and no divergence on a GPU. */
    static bool speculatable(const Stm &s, const ir::IfExp &n, int &budget) {
        for (const Param &p : s.pat)
            if (p.type.rank() > 0)
                return false;
        auto stms_ok = [&](const Body &b) {
            for (const Stm &t : b.stms) {
                budget -= 1;
                for (const Param &p : t.pat) // an array binding may move an outer array
                    if (p.type.rank() > 0)
                        return false;
                const ir::Exp &e = *t.exp;
                switch (e.kind) {
                case ExpKind::Atom:
                case ExpKind::UnOp:
                case ExpKind::Convert: break;
                case ExpKind::BinOp: {
                    // Integer division, remainder and power fail on some operands.
                    auto op = e.as<ir::BinOpExp>()->op;
                    bool partial = op == ir::BinOpKind::Div || op == ir::BinOpKind::Mod ||
                                   op == ir::BinOpKind::Quot || op == ir::BinOpKind::Rem ||
                                   op == ir::BinOpKind::Pow;
                    if (partial && !is_float(t.pat.at(0).type.elem))
                        return false;
                    break;
                }
                case ExpKind::Math: {
                    const auto *m = e.as<ir::MathExp>();
                    if (!is_float(m->type)) // float functions are total
                        return false;
                    budget -= 3;
                    break;
                }
                case ExpKind::If:
                    if (!speculatable(t, *e.as<ir::IfExp>(), budget))
                        return false;
                    break;
                default: return false;
                }
            }
            return budget >= 0;
        };
        return stms_ok(n.then_body) && stms_ok(n.else_body);
    }

    void if_(const Stm &s, const ir::IfExp &n) {
        for (const Param &p : s.pat)
            line(decl(p) + ";");
        auto branch = [&](const Body &b, const std::vector<std::string> &to) {
            std::vector<Res> rs = body(b, Frame{&b, 0, false, {}});
            for (size_t i = 0; i < rs.size(); i++)
                line(to[i] + " = " + rs[i].take() + ";");
        };
        std::vector<std::string> outs;
        for (const Param &p : s.pat)
            outs.push_back(name(p.var));
        int budget = 8;
        if (keep_jumps_ == 0 && speculatable(s, n, budget)) {
            std::vector<std::string> thens;
            for (const Param &p : s.pat) {
                thens.push_back(fresh("sel"));
                line(val_type(p.type) + " " + thens.back() + ";");
            }
            open();
            branch(n.then_body, thens);
            close();
            open();
            branch(n.else_body, outs);
            close();
            std::string c = atom(n.cond);
            for (size_t i = 0; i < outs.size(); i++) {
                // Bools select bitwise: GCC turns `c ? a : b` on bools back into jumps.
                if (s.pat[i].type.elem == PrimType::Bool)
                    line(outs[i] + " = (" + c + " & " + thens[i] + ") | (!" + c + " & " + outs[i] +
                         ");");
                else
                    line(outs[i] + " = " + c + " ? " + thens[i] + " : " + outs[i] + ";");
            }
            return;
        }
        open("if (" + atom(n.cond) + ") {");
        branch(n.then_body, outs);
        close("} else {");
        ind_++;
        branch(n.else_body, outs);
        close();
    }

    void loop(const Stm &s, const ir::LoopExp &n) {
        for (size_t i = 0; i < n.params.size(); i++) {
            const SubExp &init = n.inits[i];
            std::string e = init.is_const ? literal(init.value) : use(init.var);
            line(decl(n.params[i]) + " = " + e + ";");
        }
        std::unordered_set<int> params;
        for (const Param &p : n.params)
            params.insert(p.var.id);
        auto iteration = [&] {
            std::vector<Res> rs = body(n.body, Frame{&n.body, 0, true, params});
            std::vector<std::string> tmps;
            for (size_t i = 0; i < rs.size(); i++) {
                std::string t = fresh("t");
                line(val_type(n.params[i].type) + " " + t + " = " + rs[i].take() + ";");
                tmps.push_back(t);
            }
            for (size_t i = 0; i < rs.size(); i++)
                line(name(n.params[i].var) + " = lrt::mv(" + tmps[i] + ");");
        };
        if (n.form == ir::LoopExp::Form::For) {
            std::string b = fresh("b"), i = fresh("i");
            const bool small = small_loop(n);
            line("const int64_t " + b + " = " + i64(n.bound) + ";");
            if (small && !unroll_pragma(n.bound.value.as_i64()).empty())
                line(unroll_pragma(n.bound.value.as_i64()));
            open("for (int64_t " + i + " = 0; " + i + " < " + b + "; " + i + "++) {");
            if (!small && loop_polls_) // a small loop ends soon: the loop or kernel around it polls
                line("LOOM_POLL();");
            line(decl(n.index) + " = (" + ctype(n.index.type.elem) + ")" + i + ";");
            for_loops_.push_back({&n, i, b});
            iteration();
            for_loops_.pop_back();
            close();
        } else {
            open("while (true) {");
            if (loop_polls_)
                line("LOOM_POLL();");
            open("{");
            std::vector<Res> c = body(n.cond, Frame{&n.cond, 0, true, {}});
            line("if (!" + c.at(0).expr + ") break;");
            close();
            open("{");
            iteration();
            close();
            close();
        }
        for (size_t i = 0; i < s.pat.size(); i++)
            line(decl(s.pat[i]) + " = lrt::mv(" + name(n.params[i].var) + ");");
    }

    void range(const Stm &s, const ir::RangeExp &n) {
        PrimType t = type_of(n.start).elem;
        std::string st = fresh("stride"), a = fresh("t");
        line("int64_t " + st + ";");
        line(decl(s.pat.at(0)) + " = lrt::range_count(" + loc(n.loc) + ", " + i64(n.start) + ", " +
             (n.has_second ? "true" : "false") + ", " + (n.has_second ? i64(n.second) : "0") +
             ", " + i64(n.end) + ", " + std::to_string((int)n.end_kind) + ", &" + st + ");");
        line(decl(s.pat.at(1)) + " = lrt::alloc<" + stype(t) + ", 1>({" + name(s.pat[0].var) + "});");
        line("for (int64_t i = 0; i < " + name(s.pat[0].var) + "; i++) " + name(s.pat[1].var) +
             ".data[i] = (" + ctype(t) + ")((uint64_t)" + i64(n.start) + " + (uint64_t)i * (uint64_t)" +
             st + ");");
    }

    void slice(const Stm &s, const ir::SliceExp &n) {
        std::string sp = fresh("sp"), t = fresh("t");
        std::string list;
        for (const ir::SliceEntry &en : n.entries) {
            bool hs = en.has_start || !en.is_range;
            list += std::string(list.empty() ? "" : ", ") + "{" + (en.is_range ? "1" : "0") + ", " +
                    (hs ? "1" : "0") + ", " + (en.has_end ? "1" : "0") + ", " +
                    (en.has_stride ? "1" : "0") + ", " + (hs ? i64(en.start) : "0") + ", " +
                    (en.has_end ? i64(en.end) : "0") + ", " + (en.has_stride ? i64(en.stride) : "0") +
                    "}";
        }
        line("const lrt::Spec " + sp + "[] = {" + list + "};");
        const IType &rt = s.pat.back().type;
        // A slice only its sizes are read from (an update's, for its bounds check) is not
        // gathered: the bounds and shape alone.
        if (!frames_.empty() && !last_use(*frames_.back().body).count(s.pat.back().var.id)) {
            std::string sh = fresh("sh");
            line("int64_t " + sh + "[" + std::to_string(std::max(rt.rank(), 1)) + "];");
            line("lrt::slice_shape<" + std::to_string(rt.rank()) + ">(" + loc(n.loc) + ", " + name(n.arr) + ", " +
                 sp + ", " + std::to_string(n.entries.size()) + ", " + sh + ");");
            for (size_t k = 0; k + 1 < s.pat.size(); k++)
                line(decl(s.pat[k]) + " = " + sh + "[" + std::to_string(k) + "];");
            return;
        }
        line(val_type(rt) + " " + t + " = lrt::slice<" + std::to_string(rt.rank()) + ">(" +
             loc(n.loc) + ", " + name(n.arr) + ", " + sp + ", " + std::to_string(n.entries.size()) +
             ");");
        for (size_t k = 0; k + 1 < s.pat.size(); k++)
            line(decl(s.pat[k]) + " = " + t + ".shape[" + std::to_string(k) + "];");
        line(decl(s.pat.back()) + " = lrt::mv(" + t + ");");
    }

    // ------------------------------------------------ SOACs

    /** The scalar operator of a row operator that works element by element (`map2 f` on
     * two rows: the lambda's body is one map of f over its two params, in order, and f
     * uses neither whole; for rows of `depth` dimensions, `map2 (map2 f)` and so on), or
     * null. */
    static const Lambda *elementwise_op(const Lambda &op, int depth = 1) {
        if (op.params.size() != 2 || op.body.stms.size() != 1 || op.body.result.size() != 1)
            return nullptr;
        const Stm &st = op.body.stms[0];
        const auto *m = st.exp->as<ir::MapExp>();
        const SubExp &res = op.body.result[0];
        if (!m || st.pat.size() != 1 || res.is_const || res.var.id != st.pat[0].var.id ||
            m->inputs.size() != 2 || m->inputs[0].id != op.params[0].var.id ||
            m->inputs[1].id != op.params[1].var.id || m->lam.params.size() != 2 ||
            (int)m->lam.params[0].type.rank() != depth - 1 ||
            (int)m->lam.params[1].type.rank() != depth - 1)
            return nullptr;
        bool whole = false;
        passes::for_each_use(m->lam.body, [&](const Var &v) {
            whole |= v.id == op.params[0].var.id || v.id == op.params[1].var.id;
        });
        return whole ? nullptr : depth == 1 ? &m->lam : elementwise_op(m->lam, depth - 1);
    }
    /** acc[j] = f(acc[j], x) for an accumulator row (owned) and one element. */
    void fold_elem(const std::string &acc, const Lambda &f, PrimType t, const std::string &j,
                   const std::string &x) {
        open();
        std::vector<Res> rs = apply(f, {load(t, acc + ".data[" + j + "]"), x});
        line(acc + ".data[" + j + "] = " + store(t, rs.at(0).expr) + ";");
        close();
    }

    /** Binds the op's params to accumulators `acc` and operands `xs`, emits its body and
     * assigns the results to `out` (both in the current block). */
    void combine(const ScremaOp &op, const std::vector<std::string> &acc,
                 const std::vector<std::string> &xs, const std::vector<std::string> &out) {
        open();
        std::vector<std::string> args = acc;
        args.insert(args.end(), xs.begin(), xs.end());
        std::vector<Res> rs = apply(op.lam, args);
        for (size_t j = 0; j < rs.size(); j++)
            line(out[j] + " = " + rs[j].take() + ";");
        close();
    }

    // ------------------------------------------------ SOACs

    /** What soac() prepared for one SOAC: names, operand types, the scan/reduce operators
     * (and the first accumulator of each), and emitters of the accumulators and of one
     * iteration at index `i`. */
    struct SoacPlan {
        const Stm &s;
        const Soac &q;
        std::string N, w, i;
        size_t nscan, nred;
        std::vector<IType> pt;
        std::vector<const ScremaOp *> ops;
        std::vector<size_t> op_first;
        std::vector<std::string> acc, acc_t;
        std::vector<std::string> neutral; ///< each accumulator's neutral element (C++)
        std::function<void()> iteration, declare_accs;
        /** One iteration folding into accumulators `acc` at index `i` (a C++ expression). */
        std::function<void(const std::vector<std::string> &acc, const std::string &i)> iteration_at;
        /** Where set (jam_rows): the iterations at the indices `rows` (C++ expressions),
         * their rows folded into each accumulator in one loop over its elements, row
         * after row at each element, so the sums are the same as folding the rows one
         * at a time. */
        std::function<void(const std::vector<std::string> &rows)> jam_at;

        size_t nacc() const { return nscan + nred; }
        /** The entries of `v` (one per accumulator) that belong to operator `o`. */
        std::vector<std::string> op_slice(const std::vector<std::string> &v, size_t o) const {
            return std::vector<std::string>(v.begin() + (long)op_first[o],
                                            v.begin() + (long)(op_first[o] + ops[o]->neutral.size()));
        }
    };

    /** The var of map lambda l's result k when a map (or map-only screma) among l's
     * statements makes it as a rank-1 output, and l uses it nowhere else: its elements can
     * be folded straight into an accumulator (fold_); else -1. */
    static int foldable(const Lambda &l, size_t k) {
        const SubExp &x = l.body.result.at(k);
        if (x.is_const ||
            std::count_if(l.body.result.begin(), l.body.result.end(), [&](const SubExp &y) {
                return !y.is_const && y.var.id == x.var.id;
            }) != 1)
            return -1;
        bool made = false, used = false;
        for (const Stm &t : l.body.stms) {
            auto *sc = t.exp->as<ir::ScremaExp>();
            if (t.exp->kind == ExpKind::Map || (sc && sc->scans.empty() && sc->reduces.empty()))
                for (const Param &p : t.pat)
                    made = made || (p.var.id == x.var.id && p.type.rank() == 1);
            passes::for_each_use(t, [&](const Var &v) { used = used || v.id == x.var.id; });
        }
        return made && !used ? x.var.id : -1;
    }

    /** Whether map lambda l's row `folded` (see foldable) can be folded together with
     * other iterations' (SoacPlan::jam_at): a map of its own with no other output makes
     * it, and neither l nor the operator can fail (the rows' elements are computed
     * interleaved, which would change which failure comes first). */
    static bool jammable(const Lambda &l, int folded, const ScremaOp &op) {
        return !passes::can_fail(l.body) && !passes::can_fail(op.lam.body) && row_maker(l, folded);
    }
    /** The function of the map (or map-only Screma) in l that makes row `folded` and
     * nothing else; null when none does. */
    static const Lambda *row_maker(const Lambda &l, int folded) {
        for (const Stm &t : l.body.stms) {
            if (t.pat.size() != 1 || t.pat[0].var.id != folded)
                continue;
            if (auto *m = t.exp->as<ir::MapExp>())
                return &m->lam;
            auto *sc = t.exp->as<ir::ScremaExp>();
            return sc && sc->scans.empty() && sc->reduces.empty() ? &sc->map_lam : nullptr;
        }
        return nullptr;
    }

    /** A SOAC in Screma form: the outputs and accumulators, then soac_loops. */
    void soac(const Stm &s, const Soac &q, bool par) {
        size_t nscan = 0, nred = 0;
        for (const ScremaOp &op : q.scans)
            nscan += op.neutral.size();
        for (const ScremaOp &op : q.reduces)
            nred += op.neutral.size();
        size_t nres = s.pat.size();
        if (auto e = jam_.find(nres == 1 && nscan + nred == 0 ? s.pat[0].var.id : -1); e != jam_.end()) {
            // The element function of a row folded with others' (see jam_at), in the
            // block of the statement, where the loop that folds them sees it.
            line(decl(s.pat[0]) + ";"); // never made
            const std::string j = "i" + std::to_string(tmp_++) + "_";
            open("auto " + e->second + " = [&](const int64_t " + j + ") {");
            std::vector<Res> rs = apply(*q.map, in_rows(q.inputs, j));
            line("return " + rs.at(0).take() + ";");
            close("};");
            return;
        }
        // The pattern's array outputs: scans first, map results last.
        std::vector<bool> lazy(nres, false);
        for (size_t k = 0; k < nres; k++) {
            bool is_arr_out = k < nscan || k >= nscan + nred;
            if (!is_arr_out)
                continue;
            for (size_t d = 1; d < s.pat[k].type.dims.size(); d++)
                if (!known(s.pat[k].type.dims[d]))
                    lazy[k] = true;
        }
        bool any_lazy = false;
        for (bool b : lazy)
            any_lazy = any_lazy || b;
        if (any_lazy)
            par = false;
        std::vector<IType> pt;
        for (const Param &p : s.pat)
            pt.push_back(p.type);
        std::string N = std::to_string(tmp_++);
        std::string w = "w" + N + "_", i = "i" + N + "_";
        std::string W = i64(q.w);
        for (const Param &p : s.pat)
            line(decl(p) + ";");
        open();
        line("const int64_t " + w + " = " + W + ";");
        std::vector<std::string> init(nres);
        for (size_t k = 0; k < nres; k++) {
            bool is_arr_out = k < nscan || k >= nscan + nred;
            if (!is_arr_out)
                continue;
            if (lazy[k]) {
                init[k] = "init" + N + "_" + std::to_string(k);
                line("bool " + init[k] + " = false;");
            } else if (auto d = dest_.find(s.pat[k].var.id);
                       d != dest_.end() && d->second.second == pt[k]) {
                line(name(s.pat[k].var) + " = " + d->second.first + ";");
            } else if (fold_.count(s.pat[k].var.id) || jam_.count(s.pat[k].var.id)) {
                // folded into an accumulator element by element: never made
            } else {
                line(name(s.pat[k].var) + " = lrt::alloc<" + stype(pt[k].elem) + ", " +
                     std::to_string(pt[k].rank()) + ">({" + w +
                     (pt[k].rank() > 1 ? ", " + dims_list(pt[k].dims, 1) : "") + "});");
            }
        }
        // Accumulators: one per scan/reduce operand, of the operand's type.
        std::vector<const ScremaOp *> ops;
        std::vector<size_t> op_first; // first operand (= pattern index) of each op
        size_t k0 = 0;
        for (const auto *list : {&q.scans, &q.reduces})
            for (const ScremaOp &op : *list) {
                ops.push_back(&op);
                op_first.push_back(k0);
                k0 += op.neutral.size();
            }
        size_t nacc = nscan + nred;
        std::vector<std::string> acc(nacc), acc_t(nacc);
        for (size_t k = 0; k < nacc; k++) {
            acc[k] = "acc" + N + "_" + std::to_string(k);
            acc_t[k] = val_type(k < nscan ? pt[k].row() : pt[k]);
        }
        std::vector<std::string> neutral(nacc);
        for (size_t o = 0; o < ops.size(); o++)
            for (size_t j = 0; j < ops[o]->neutral.size(); j++)
                neutral[op_first[o] + j] = atom(ops[o]->neutral[j]);
        // Operators that work element by element on rows (`map2 f`) fold each row into
        // their accumulator in place (an owned copy of the neutral row): no new row an
        // iteration.  An operand the map part makes with a map of its own (its only use)
        // is folded an element at a time as that map computes it (fold_): never made.
        std::vector<const Lambda *> inplace(nacc, nullptr);
        std::vector<int> folded(nacc, -1); // the map part's var folded straight in
        for (size_t o = 0; o < ops.size(); o++) {
            const size_t k = op_first[o];
            const IType at = k < nscan ? pt[k].row() : pt[k];
            const SubExp &ne = ops[o]->neutral[0];
            if (ops[o]->neutral.size() != 1 || at.rank() < 1 || ne.is_const ||
                virt_.count(ne.var.id))
                continue;
            inplace[k] = elementwise_op(ops[o]->lam, (int)at.rank());
            if (inplace[k] && q.map && at.rank() == 1)
                folded[k] = foldable(*q.map, k);
        }
        SoacPlan plan{s, q, N, w, i, nscan, nred, pt, ops, op_first, acc, acc_t, neutral, {}, {}, {}, {}};
        auto op_slice = [&](const std::vector<std::string> &v, size_t o) { return plan.op_slice(v, o); };
        // One iteration at index `i`.
        auto iteration_at = [&](const std::vector<std::string> &acc, const std::string &i) {
            open();
            std::vector<std::string> r;
            if (q.map) {
                const std::vector<int> dests = row_dests(s, *q.map, nacc, pt, i, lazy);
                for (size_t k = 0; k < nacc; k++)
                    if (folded[k] >= 0)
                        fold_[folded[k]] = {acc[k], inplace[k]};
                std::vector<std::string> args = in_rows(q.inputs, i);
                std::vector<Res> rs = apply(*q.map, args);
                for (size_t k = 0; k < nacc; k++)
                    fold_.erase(folded[k]);
                drop_dests(dests); // the row views are this iteration's only
                for (const Res &x : rs)
                    r.push_back(x.take());
                for (size_t k = 0; k < rs.size(); k++)
                    if (k < lazy.size() && lazy[k])
                        r[k] = rs[k].expr;
            } else {
                for (size_t j = 0; j < q.inputs.size(); j++)
                    r.push_back(in_row(q.inputs[j], i));
            }
            for (size_t o = 0; o < ops.size(); o++) {
                std::vector<std::string> as = op_slice(acc, o);
                const size_t k = op_first[o];
                if (!inplace[k]) {
                    combine(*ops[o], as, op_slice(r, o), as);
                } else if (folded[k] < 0) {
                    const std::string x = "x" + N + "_" + std::to_string(k), j = "j" + N + "_";
                    open();
                    line("const auto " + x + " = " + r[k] + ";");
                    open_loop(j, "0", acc[k] + ".size()"); // rows of any rank, flat
                    fold_elem(acc[k], *inplace[k], pt[k].elem, j,
                              load(pt[k].elem, x + ".data[" + j + "]"));
                    close_loop();
                    close();
                }
                if (op_first[o] < nscan && !fold_scans_only_)
                    for (size_t k = op_first[o]; k < op_first[o] + ops[o]->neutral.size(); k++)
                        put_row(name(s.pat[k].var), pt[k], i, acc[k]);
            }
            for (size_t k = nacc; k < nres; k++) {
                if (lazy[k]) {
                    open("if (!" + init[k] + ") {");
                    line(name(s.pat[k].var) + " = lrt::alloc_rows<" + stype(pt[k].elem) + ", " +
                         std::to_string(pt[k].rank()) + ">(" + w + ", " + r[k] + ".shape);");
                    line(init[k] + " = true;");
                    close();
                }
                if (auto f = fold_.find(s.pat[k].var.id); f != fold_.end())
                    fold_elem(f->second.first, *f->second.second, pt[k].elem, i, r[k]);
                else
                    put_row(name(s.pat[k].var), pt[k], i, r[k]);
            }
            close();
        };
        auto declare_accs = [&] {
            for (size_t k = 0; k < nacc; k++)
                line(acc_t[k] + " " + acc[k] + " = " +
                     (inplace[k] ? "lrt::copy(" + neutral[k] + ")" : neutral[k]) + ";");
        };
        plan.iteration = [&] { iteration_at(acc, i); };
        bool jam = par && jam_rows() > 1 && nscan == 0 && nacc > 0 && nres == nacc;
        for (size_t k = 0; k < nacc && jam; k++)
            jam = folded[k] >= 0 && jammable(*q.map, folded[k], *ops[k]);
        if (jam)
            plan.jam_at = [&](const std::vector<std::string> &rows) {
                // Each row's map lambda in a block of its own, nested (its names shadow
                // the row before's, which that row's element functions still see).
                std::vector<std::vector<std::string>> fns(nacc);
                for (const std::string &r : rows) {
                    open();
                    for (size_t k = 0; k < nacc; k++) {
                        fns[k].push_back(fresh("e"));
                        jam_[folded[k]] = fns[k].back();
                    }
                    apply(*q.map, in_rows(q.inputs, r));
                    for (size_t k = 0; k < nacc; k++)
                        jam_.erase(folded[k]);
                }
                for (size_t k = 0; k < nacc; k++) {
                    const std::string j = "j" + N + "_", x = "x" + N + "_";
                    const PrimType t = pt[k].elem;
                    open_loop(j, "0", acc[k] + ".size()", jam_pragma(*row_maker(*q.map, folded[k])));
                    line(std::string(ctype(t)) + " " + x + " = " + load(t, acc[k] + ".data[" + j + "]") + ";");
                    for (const std::string &f : fns[k]) {
                        open();
                        std::vector<Res> rs = apply(*inplace[k], {x, f + "(" + j + ")"});
                        line(x + " = " + rs.at(0).expr + ";");
                        close();
                    }
                    line(acc[k] + ".data[" + j + "] = " + store(t, x) + ";");
                    close_loop();
                }
                for (size_t r = 0; r < rows.size(); r++)
                    close();
            };
        plan.iteration_at = iteration_at;
        plan.declare_accs = declare_accs;
        soac_loops(plan, par);
        for (size_t k = nacc; k < nres; k++)
            if (lazy[k]) {
                open("if (!" + init[k] + ") {");
                line("const int64_t z_[] = {" + dims_list(pt[k].dims, 1) + "};");
                line(name(s.pat[k].var) + " = lrt::alloc_rows<" + stype(pt[k].elem) + ", " +
                     std::to_string(pt[k].rank()) + ">(" + w + ", z_);");
                close();
            }
        close();
    }

    /** The loops of a SOAC: here one sequential loop; `par` (a kernel) lets a backend run
     * it in parallel. */
    virtual void soac_loops(const SoacPlan &p, bool par) {
        (void)par;
        p.declare_accs();
        open_loop(p.i, "0", p.w, loop_pragma(p));
        p.iteration();
        close_loop();
        for (size_t k = p.nscan; k < p.nacc(); k++)
            line(name(p.s.pat[k].var) + " = lrt::own(" + p.acc[k] + ");");
    }
    /** A pragma before a SOAC's inner loop (none by default). */
    virtual std::string loop_pragma(const SoacPlan &) { return ""; }
    /** A float min or max: the math library's fmin or fmax. */
    virtual std::string float_min_max(bool is_max, const std::string &x, const std::string &y) const {
        return math_ + (is_max ? "fmax(" : "fmin(") + x + ", " + y + ")";
    }
    /** A pragma that unrolls a small loop (small_loop) of `trips` iterations; none by
     * default. */
    virtual std::string unroll_pragma(int64_t trips) {
        (void)trips;
        return "";
    }
    /** A for loop of at most 64 iterations, a constant number, over straight-line code of
     * at most 1024 statements in all (scalar work, such as gathering a key's bits in a
     * sort): unrolled, it has constants for its index, and a map around it may be
     * vectorised. */
    static bool small_loop(const ir::LoopExp &n) {
        if (n.form != ir::LoopExp::Form::For || !n.bound.is_const)
            return false;
        const int64_t trips = n.bound.value.as_i64();
        if (trips < 2 || trips > 64)
            return false;
        int64_t stms = 0;
        bool flat = true;
        passes::for_each_stm(n.body, [&](const Stm &t) {
            stms++;
            flat = flat && t.exp->kind != ExpKind::Loop && t.exp->kind != ExpKind::Apply &&
                   t.exp->kind != ExpKind::Foreign && t.exp->kind != ExpKind::Sort &&
                   !passes::is_soac(*t.exp);
        });
        return flat && stms * trips <= 1024;
    }

    /** The declaration of the buffer a failing assertion formats its message in (it must
     * outlive the failure's unwinding), e.g. "static thread_local char"; empty: the
     * backend prints the message's values as `?`. */
    virtual std::string msg_storage() const { return ""; }
    /** Whether long literals of constants may be static tables (host code only). */
    virtual bool static_tables() const { return false; }
    /** Whether a histogram operator that picks one of its arguments keeps its Ifs as jumps
     * (a CPU predicts them; a GPU warp would diverge on them). */
    virtual bool predictable_choices() const { return false; }
    /** How many rows a kernel's reduction of rows folds together (SoacPlan::jam_at);
     * 1: one at a time. */
    virtual int jam_rows() const { return 1; }
    /** The pragma of the loop that folds them, whose rows' elements `row` computes. */
    virtual std::string jam_pragma(const Lambda &row) { (void)row; return ""; }

    /** A long array literal of constant scalars (data pasted into a program) as a static
     * table copied into array t: one store a element made the host compiler take minutes
     * over 10^5 of them. */
    bool constant_table(const ir::ArrayLitExp &n, const IType &rt, const std::string &t) {
        if (!static_tables() || rt.rank() != 1 || rt.elem == PrimType::F16 || n.elems.size() < 64)
            return false;
        for (const SubExp &x : n.elems)
            if (!x.is_const)
                return false;
        std::string tab = fresh("lit"), text;
        for (size_t i = 0; i < n.elems.size(); i++)
            text += (i % 16 == 0 ? "\n" + std::string((size_t)ind_ * 4 + 4, ' ') : " ") + atom(n.elems[i]) + ",";
        line("static const " + std::string(stype(rt.elem)) + " " + tab + "[] = {" + text + "};");
        line("std::memcpy(" + t + ".data, " + tab + ", sizeof " + tab + ");");
        return true;
    }

    /** `if (failed) fail(message)` with the i64 C++ expressions `vals` written in decimal
     * (signed where `sgn` says) into the message's holes (ir::AssertExp::hole). */
    void fail_formatted(const std::string &failed, const SrcLoc &at, const std::string &message,
                        const std::vector<std::string> &vals, const std::vector<bool> &sgn) {
        open("if (" + failed + ") {");
        line(msg_storage() + " m_[256];");
        line("lrt::MsgBuf b_{m_, 0};");
        std::string text;
        size_t k = 0;
        auto flush = [&] {
            if (!text.empty())
                line("lrt::msg_put(b_, " + c_string(text) + ");");
            text.clear();
        };
        for (char c : message) {
            if (c != ir::AssertExp::hole) {
                text += c;
                continue;
            }
            flush();
            line("lrt::msg_num(b_, " + vals.at(k) + ", " + (sgn.at(k) ? "true" : "false") + ");");
            k++;
        }
        flush();
        line("m_[b_.p] = 0;");
        line("lrt::fail(" + loc(at) + ", m_);");
        close();
    }

    /** A call of another function of the module (a recursive source function); a backend
     * that generates functions overrides this. */
    virtual void call(const Stm &s, const ir::ApplyExp &n) {
        (void)s;
        throw CompilerLimitation(n.loc, "recursive functions are not supported by " + who_);
    }

    /** Opens a block with filter n's predicate at row i stored in `keep`.data[i]; gives
     * the predicate's expression (valid until the caller closes the block). */
    std::string filter_keep(const ir::FilterExp &n, const std::string &keep, const std::string &i) {
        open();
        std::vector<std::string> args;
        for (const Var &v : n.inputs)
            args.push_back(row(name(v), type_of(v), i));
        std::vector<Res> rs = apply(n.lam, args);
        line(keep + ".data[" + i + "] = " + rs.at(0).expr + ";");
        return rs.at(0).expr;
    }

    /** The destination array of scatter/hist: moved when nothing else sees it. */
    std::string dest_of(const Var &d) {
        return movable(d) ? "lrt::take(lrt::mv(" + name(d) + "))" : "lrt::copy(" + name(d) + ")";
    }

    virtual void filter(const Stm &s, const ir::FilterExp &n, bool par) = 0;
    virtual void scatter(const Stm &s, const ir::ScatterExp &n, bool par) = 0;
    virtual void hist(const Stm &s, const ir::HistExp &n, bool par) = 0;

    /** `loom_entry`, `loom_release` and `loom_lendable` over the ABI of runtime/cpu/loom_cpu_abi.h: the
     * arguments unpacked, the body, the results packed, failures into ctx->err. */
    void entry_function() {
        os_ << (exported_ ? "extern \"C\" " : "") << "int loom_entry(lrt::Ctx *ctx, lrt::Val *args_, lrt::Val *res_) {\n";
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
                array_argument(p, i);
            }
        }
        std::vector<Res> rs = body(f_.body, std::move(top));
        entry_succeeded();
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
        entry_failed("e");
        line("    ctx->err = e;");
        line("    return 1;");
        line("} catch (...) {");
        line("    ctx->err = lrt::Err();");
        line("    ctx->err.kind = lrt::E_OOM;"); // std::bad_alloc: the only other exception
        entry_failed("ctx->err");
        line("    return 1;");
        line("}");
        os_ << "}\n";
        if (!exported_)
            return;
        os_ << "extern \"C\" void loom_release(void *m) { lrt::dec((lrt::Mem *)m); }\n";
        os_ << "extern \"C\" int loom_lendable(void *m) { return lrt::lendable((lrt::Mem *)m); }\n";
        os_ << "extern \"C\" void loom_lent(void *m, const void *data, int64_t bytes) { "
               "lrt::lent((lrt::Mem *)m, data, bytes); }\n";
        os_ << "extern \"C\" void loom_settle(void *m, const void *data, int64_t bytes) { "
               "lrt::settle((lrt::Mem *)m, data, bytes); }\n";
    }
    /** Whether entry_function() exports `loom_entry` and the block helpers (extern "C"):
     * not for one of several entries in a C library's translation unit. */
    bool exported_ = true;
    /** The for loops being generated, innermost last: each one's counter and bound. */
    struct ForLoop {
        const ir::LoopExp *loop;
        std::string counter, bound;
    };
    std::vector<ForLoop> for_loops_;
    /** Code at the end of the entry before its results are returned, and in its handler
     * of error `e` (the CUDA host program's checks of kernels still running). */
    virtual void entry_succeeded() {}
    virtual void entry_failed(const std::string &) {}
    /** Entry argument `args_[i]` of array type as the local of parameter p. */
    virtual void array_argument(const Param &p, const std::string &i) {
        line(val_type(p.type) + " " + name(p.var) + " = lrt::arg<" + stype(p.type.elem) + ", " +
             std::to_string(p.type.rank()) + ">(args_[" + i + "]);");
    }
};

} // namespace loom::clike
