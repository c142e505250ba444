// Fusion (see Fusion.h): producer-consumer and sibling fusion of SOAC statements into
// ScremaExp, one statement list at a time, innermost bodies first.
//
// Every fusion combines two statements of the same body into one Screma placed where one
// of them was: the earlier one moves down (nothing in between uses its results, consumes
// its inputs in place, or can fail when it can) or the later one moves up (nothing in
// between binds what it uses, or can fail when it can).  Two statements that can both
// fail are never combined: interleaving their rows could change which error comes first.
// Glue between the two lambdas is plain `let p = x` bindings, so every variable stays
// bound exactly once without renaming; the simplifier propagates the copies afterwards.
#include "compiler/passes/Fusion.h"
#include "compiler/passes/Rewrite.h"

#include <functional>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace loom::passes {

using ir::AtomExp;
using ir::BinOpExp;
using ir::BinOpKind;
using ir::Body;
using ir::Exp;
using ir::ExpKind;
using ir::ExpPtr;
using ir::FilterExp;
using ir::HistExp;
using ir::HistOp;
using ir::IfExp;
using ir::Lambda;
using ir::LoopExp;
using ir::MapExp;
using ir::Param;
using ir::ReduceExp;
using ir::ScanExp;
using ir::ScatterExp;
using ir::ScremaExp;
using ir::ScremaOp;
using ir::Stm;
using ir::SubExp;
using ir::Type;
using ir::UpdateExp;
using ir::Var;

namespace {

using VarSet = std::unordered_set<int>;

// ---------------------------------------------------------------- what a statement uses

void add(VarSet &s, const SubExp &x) {
    if (!x.is_const)
        s.insert(x.var.id);
}
void add(VarSet &s, const std::vector<SubExp> &xs) {
    for (const SubExp &x : xs)
        add(s, x);
}
void add(VarSet &s, const std::vector<Var> &xs) {
    for (const Var &x : xs)
        s.insert(x.id);
}
void add(VarSet &s, const Type &t) {
    add(s, t.dims);
}
void add(VarSet &s, const Exp &e);
void add(VarSet &s, const Body &b) {
    for (const Stm &st : b.stms) {
        for (const Param &p : st.pat)
            add(s, p.type);
        add(s, *st.exp);
    }
    add(s, b.result);
}
void add(VarSet &s, const Lambda &l) {
    for (const Param &p : l.params)
        add(s, p.type);
    add(s, l.body);
    for (const Type &t : l.ret)
        add(s, t);
}
void add(VarSet &s, const std::vector<ScremaOp> &ops) {
    for (const ScremaOp &op : ops) {
        add(s, op.lam);
        add(s, op.neutral);
    }
}

/** Every variable `e` mentions, anywhere inside it (bound ones included: ids are unique,
 * so they never clash with the outer statements' variables). */
void add(VarSet &s, const Exp &e) {
    switch (e.kind) {
    case ExpKind::Atom:
        return add(s, e.as<AtomExp>()->x);
    case ExpKind::UnOp:
        return add(s, e.as<ir::UnOpExp>()->x);
    case ExpKind::BinOp:
        add(s, e.as<BinOpExp>()->x);
        return add(s, e.as<BinOpExp>()->y);
    case ExpKind::Math:
        return add(s, e.as<ir::MathExp>()->args);
    case ExpKind::Foreign:
        add(s, e.as<ir::ForeignExp>()->sizes);
        return add(s, e.as<ir::ForeignExp>()->args);
    case ExpKind::Convert:
        return add(s, e.as<ir::ConvertExp>()->x);
    case ExpKind::If: {
        auto *n = e.as<IfExp>();
        add(s, n->cond);
        add(s, n->then_body);
        add(s, n->else_body);
        for (const Type &t : n->ret)
            add(s, t);
        return;
    }
    case ExpKind::Loop: {
        auto *n = e.as<LoopExp>();
        for (const Param &p : n->params)
            add(s, p.type);
        add(s, n->inits);
        add(s, n->bound);
        add(s, n->cond);
        return add(s, n->body);
    }
    case ExpKind::Assert:
        add(s, e.as<ir::AssertExp>()->args);
        return add(s, e.as<ir::AssertExp>()->cond);
    case ExpKind::Iota:
        return add(s, e.as<ir::IotaExp>()->n);
    case ExpKind::Range: {
        auto *n = e.as<ir::RangeExp>();
        add(s, n->start);
        if (n->has_second)
            add(s, n->second);
        return add(s, n->end);
    }
    case ExpKind::Replicate:
        add(s, e.as<ir::ReplicateExp>()->n);
        return add(s, e.as<ir::ReplicateExp>()->x);
    case ExpKind::ArrayLit:
        add(s, e.as<ir::ArrayLitExp>()->elems);
        return add(s, e.as<ir::ArrayLitExp>()->row);
    case ExpKind::Index:
        s.insert(e.as<ir::IndexExp>()->arr.id);
        return add(s, e.as<ir::IndexExp>()->idx);
    case ExpKind::Slice: {
        auto *n = e.as<ir::SliceExp>();
        s.insert(n->arr.id);
        for (const ir::SliceEntry &en : n->entries) {
            if (!en.is_range || en.has_start)
                add(s, en.start);
            if (en.has_end)
                add(s, en.end);
            if (en.has_stride)
                add(s, en.stride);
        }
        return;
    }
    case ExpKind::Update: {
        auto *n = e.as<UpdateExp>();
        s.insert(n->arr.id);
        add(s, n->idx);
        return add(s, n->value);
    }
    case ExpKind::Concat: {
        auto *n = e.as<ir::ConcatExp>();
        s.insert(n->x.id);
        s.insert(n->y.id);
        return add(s, n->size);
    }
    case ExpKind::Coerce:
        s.insert(e.as<ir::CoerceExp>()->arr.id);
        return add(s, e.as<ir::CoerceExp>()->dims);
    case ExpKind::Transpose:
        s.insert(e.as<ir::TransposeExp>()->arr.id);
        return;
    case ExpKind::Sort:
        s.insert(e.as<ir::SortExp>()->keys.id);
        if (e.as<ir::SortExp>()->payload)
            s.insert(e.as<ir::SortExp>()->payload->id);
        return add(s, e.as<ir::SortExp>()->bits);
    case ExpKind::Map: {
        auto *n = e.as<MapExp>();
        add(s, n->w);
        add(s, n->lam);
        return add(s, n->inputs);
    }
    case ExpKind::Reduce: {
        auto *n = e.as<ReduceExp>();
        add(s, n->w);
        add(s, n->lam);
        add(s, n->neutral);
        return add(s, n->inputs);
    }
    case ExpKind::Scan: {
        auto *n = e.as<ScanExp>();
        add(s, n->w);
        add(s, n->lam);
        add(s, n->neutral);
        return add(s, n->inputs);
    }
    case ExpKind::Filter: {
        auto *n = e.as<FilterExp>();
        add(s, n->w);
        add(s, n->lam);
        return add(s, n->inputs);
    }
    case ExpKind::Scatter: {
        auto *n = e.as<ScatterExp>();
        add(s, n->w);
        add(s, n->map_lam);
        add(s, std::vector<Var>{n->dest});
        return add(s, n->inputs);
    }
    case ExpKind::Hist: {
        auto *n = e.as<HistExp>();
        add(s, n->w);
        for (const HistOp &op : n->ops) {
            add(s, op.dests);
            add(s, op.lam);
            add(s, op.neutral);
        }
        if (n->fused())
            add(s, n->map_lam);
        return add(s, n->inputs);
    }
    case ExpKind::Screma: {
        auto *n = e.as<ScremaExp>();
        add(s, n->w);
        add(s, n->inputs);
        add(s, n->scans);
        add(s, n->reduces);
        return add(s, n->map_lam);
    }
    case ExpKind::Apply:
        return add(s, e.as<ir::ApplyExp>()->args);
    }
}

VarSet uses_of(const Stm &st) {
    VarSet s;
    for (const Param &p : st.pat)
        add(s, p.type);
    add(s, *st.exp);
    return s;
}

bool meets(const VarSet &a, const VarSet &b) {
    const VarSet &small = a.size() < b.size() ? a : b, &big = a.size() < b.size() ? b : a;
    for (int v : small)
        if (big.count(v))
            return true;
    return false;
}

/** Calls f on every body nested directly in `e` (branches, loop bodies, lambdas). */
template <typename F> void each_body(const Exp &e, F &&f) {
    switch (e.kind) {
    case ExpKind::If:
        f(e.as<IfExp>()->then_body);
        f(e.as<IfExp>()->else_body);
        return;
    case ExpKind::Loop:
        f(e.as<LoopExp>()->cond);
        f(e.as<LoopExp>()->body);
        return;
    case ExpKind::Map:
        return f(e.as<MapExp>()->lam.body);
    case ExpKind::Reduce:
        return f(e.as<ReduceExp>()->lam.body);
    case ExpKind::Scan:
        return f(e.as<ScanExp>()->lam.body);
    case ExpKind::Filter:
        return f(e.as<FilterExp>()->lam.body);
    case ExpKind::Hist:
        if (e.as<HistExp>()->fused())
            f(e.as<HistExp>()->map_lam.body);
        for (const HistOp &op : e.as<HistExp>()->ops)
            f(op.lam.body);
        return;
    case ExpKind::Scatter:
        if (e.as<ScatterExp>()->fused())
            f(e.as<ScatterExp>()->map_lam.body);
        return;
    case ExpKind::Screma: {
        auto *n = e.as<ScremaExp>();
        f(n->map_lam.body);
        for (const auto *ops : {&n->scans, &n->reduces})
            for (const ScremaOp &op : *ops)
                f(op.lam.body);
        return;
    }
    default:
        return;
    }
}

/** The arrays `e` may update in place, anywhere inside it (a read of them must not move
 * past it). */
void add_consumed(VarSet &s, const Exp &e) {
    if (auto *u = e.as<UpdateExp>())
        s.insert(u->arr.id);
    else if (auto *sc = e.as<ScatterExp>())
        s.insert(sc->dest.id);
    else if (auto *h = e.as<HistExp>())
        for (const HistOp &op : h->ops)
            add(s, op.dests);
    else if (auto *l = e.as<LoopExp>())
        add(s, l->inits); // a loop may update its initial arrays in place
    each_body(e, [&](const Body &b) {
        for (const Stm &st : b.stms)
            add_consumed(s, *st.exp);
    });
}
VarSet consumed_by(const Exp &e) {
    VarSet s;
    add_consumed(s, e);
    return s;
}

// ---------------------------------------------------------------- what can fail

bool nonneg_const(const SubExp &x) {
    return x.is_const && x.value.as_i64() >= 0;
}

/** The type of every variable of the module (integer division can fail, float division
 * cannot; a reversed array's source must have the reverse's sizes). */
using PrimOf = std::unordered_map<int, Type>;
void collect_types(PrimOf &t, const Body &b);
void collect_types(PrimOf &t, const std::vector<Param> &ps) {
    for (const Param &p : ps)
        t[p.var.id] = p.type;
}
void collect_types(PrimOf &t, const Exp &e) {
    if (auto *l = e.as<LoopExp>()) {
        collect_types(t, l->params);
        collect_types(t, {l->index});
    }
    auto lam = [&](const Lambda &l) { collect_types(t, l.params); };
    switch (e.kind) {
    case ExpKind::Map:
        lam(e.as<MapExp>()->lam);
        break;
    case ExpKind::Reduce:
        lam(e.as<ReduceExp>()->lam);
        break;
    case ExpKind::Scan:
        lam(e.as<ScanExp>()->lam);
        break;
    case ExpKind::Filter:
        lam(e.as<FilterExp>()->lam);
        break;
    case ExpKind::Hist:
        for (const HistOp &op : e.as<HistExp>()->ops)
            lam(op.lam);
        lam(e.as<HistExp>()->map_lam);
        break;
    case ExpKind::Scatter:
        lam(e.as<ScatterExp>()->map_lam);
        break;
    case ExpKind::Screma: {
        auto *n = e.as<ScremaExp>();
        lam(n->map_lam);
        for (const auto *ops : {&n->scans, &n->reduces})
            for (const ScremaOp &op : *ops)
                lam(op.lam);
        break;
    }
    default:
        break;
    }
    each_body(e, [&](const Body &b) { collect_types(t, b); });
}
void collect_types(PrimOf &t, const Body &b) {
    for (const Stm &st : b.stms) {
        collect_types(t, st.pat);
        collect_types(t, *st.exp);
    }
}
/** The counts (>= 0) that slices, filters and ranges bind anywhere in `b`. */
void add_counts(VarSet &s, const Body &b) {
    for (const Stm &st : b.stms) {
        ExpKind k = st.exp->kind;
        if (k == ExpKind::Slice || k == ExpKind::Filter || k == ExpKind::Range)
            for (size_t i = 0; i + 1 < st.pat.size() && st.pat[i].type.rank() == 0; i++)
                s.insert(st.pat[i].var.id);
        each_body(*st.exp, [&](const Body &nb) { add_counts(s, nb); });
    }
}

// ---------------------------------------------------------------- SOACs in Screma form

size_t operands(const std::vector<ScremaOp> &ops) {
    size_t k = 0;
    for (const ScremaOp &op : ops)
        k += op.neutral.size();
    return k;
}

/** A Map/Reduce/Scan/Screma statement seen as a Screma (the unit of fusion). */
struct Node {
    SubExp w;
    std::vector<Var> inputs;
    std::vector<ScremaOp> scans, reduces;
    Lambda lam;
    std::vector<std::string> fused;
    std::vector<Param> pat; ///< scan results, reduce results, map results

    size_t nscan() const { return operands(scans); }
    size_t nred() const { return operands(reduces); }
    size_t first_map() const { return nscan() + nred(); }
    /** What the node uses besides its input arrays: lambdas, neutral elements, result
     * types and w (unless `with_w` is false). */
    VarSet uses_besides_inputs(bool with_w = true) const {
        VarSet s;
        if (with_w)
            add(s, w);
        add(s, lam);
        add(s, scans);
        add(s, reduces);
        for (const Param &p : pat)
            add(s, p.type);
        return s;
    }
};

bool is_fusible(const Exp &e) {
    return e.kind == ExpKind::Map || e.kind == ExpKind::Reduce || e.kind == ExpKind::Scan ||
           e.kind == ExpKind::Screma;
}
SubExp width_of(const Exp &e) {
    switch (e.kind) {
    case ExpKind::Map:
        return e.as<MapExp>()->w;
    case ExpKind::Reduce:
        return e.as<ReduceExp>()->w;
    case ExpKind::Scan:
        return e.as<ScanExp>()->w;
    case ExpKind::Screma:
        return e.as<ScremaExp>()->w;
    case ExpKind::Filter:
        return e.as<FilterExp>()->w;
    default:
        return SubExp::i64(-1);
    }
}
const std::vector<Var> &inputs_of(const Exp &e) {
    static const std::vector<Var> none;
    switch (e.kind) {
    case ExpKind::Map:
        return e.as<MapExp>()->inputs;
    case ExpKind::Reduce:
        return e.as<ReduceExp>()->inputs;
    case ExpKind::Scan:
        return e.as<ScanExp>()->inputs;
    case ExpKind::Screma:
        return e.as<ScremaExp>()->inputs;
    default:
        return none;
    }
}
/** Index in the pattern of the first map result (Map: 0, Reduce/Scan: none). */
size_t first_map_result(const Stm &st) {
    if (auto *s = st.exp->as<ScremaExp>())
        return (size_t)(s->num_scan_results() + s->num_reduce_results());
    return st.exp->kind == ExpKind::Map ? 0 : st.pat.size();
}

// ---------------------------------------------------------------- the pass

class Fuser {
public:
    Fuser(ir::Module &m, const PrimOf &types) : m_(m), types_(types) {
        for (const ir::Function &fn : m.functions) {
            for (const Param &p : fn.size_params)
                sizes_.insert(p.var.id);
            for (const Param &p : fn.params)
                add(sizes_, p.type);
            add_counts(sizes_, fn.body);
            passes::for_each_stm(fn.body, [&](const Stm &st) {
                auto *t = st.exp->as<BinOpExp>();
                if (t && t->op == BinOpKind::Le && t->x.is_const && t->x.value.as_i64() == 0 &&
                    !t->y.is_const)
                    nonneg_tests_[st.pat.at(0).var.id] = t->y.var;
            });
        }
    }
    FusionStats stats;

    void body(Body &b) {
        forward_aliases(b);
        for (Stm &st : b.stms)
            st.exp = nested(st.exp);
        bool changed = false;
        for (;;) {
            while (vertical(b))
                changed = true;
            if (!horizontal(b))
                break;
            changed = true;
        }
        // Composed lambdas put a producer's and a consumer's statements side by side in
        // new bodies (a row map next to its reduction): fuse inside them too.
        if (changed)
            for (Stm &st : b.stms)
                st.exp = nested(st.exp);
        read_through(b);
        tidy(b);
    }

private:
    /** SOACs read arrays bound as copies of others (`let r = xs`, as composing a
     * producer's and a consumer's lambdas binds the consumer's params) from the others
     * themselves, so the producers are found. */
    static void forward_aliases(Body &b) {
        std::unordered_map<int, Var> alias;
        for (Stm &st : b.stms) {
            if (is_fusible(*st.exp) && !alias.empty()) {
                passes::ExpRebuild r;
                r.var = [&](const Var &v) {
                    auto it = alias.find(v.id);
                    return it == alias.end() ? v : it->second;
                };
                st.exp = passes::rebuild(*st.exp, r);
            }
            auto *a = st.exp->as<AtomExp>();
            if (a && !a->x.is_const && st.pat.size() == 1 && st.pat[0].type.rank() > 0) {
                auto it = alias.find(a->x.var.id);
                alias[st.pat[0].var.id] = it == alias.end() ? a->x.var : it->second;
            }
        }
        if (alias.empty())
            return;
        VarSet used; // the copies no longer read are dropped (they would keep producers' rows)
        for (const Stm &st : b.stms)
            passes::for_each_use(st, [&](const Var &v) { used.insert(v.id); });
        for (const SubExp &x : b.result)
            if (!x.is_const)
                used.insert(x.var.id);
        std::erase_if(b.stms, [&](const Stm &st) {
            return st.exp->kind == ExpKind::Atom && st.pat.size() == 1 &&
                   alias.count(st.pat[0].var.id) && !used.count(st.pat[0].var.id);
        });
    }

    ir::Module &m_;
    const PrimOf &types_;
    VarSet sizes_; ///< variables known to be >= 0: sizes and counts (replicate cannot fail)
    std::unordered_map<int, Var> nonneg_tests_; ///< bool var -> v, when bound to `0 <= v`
    /// Scremas made here (tidied at the end), owned too: a freed one's address may be
    /// reused by another expression, which tidy would then take for a Screma made here.
    std::unordered_map<const Exp *, ExpPtr> created_;

    Var fresh(const std::string &base) { return Var{m_.next_var_id++, base}; }

    /** The expression with fusion applied inside its bodies and lambdas. */
    ExpPtr nested(const ExpPtr &e) {
        ExpPtr copy = map_bodies(e, [&](Body &b) {
            body(b);
            return true;
        });
        if (copy && copy != e && created_.count(e.get())) // still one made here
            created_.emplace(copy.get(), copy);
        return copy;
    }

    /** A copy of `e` with f applied to each body nested directly in it (branches, loop
     * bodies, lambdas); null when f returns false for one. */
    template <typename F> static ExpPtr map_bodies(const ExpPtr &e, F &&f) {
        bool ok = true;
        auto go = [&](Body &b) { ok = ok && f(b); };
        auto done = [&](auto copy) {
            return ok ? std::static_pointer_cast<const Exp>(copy) : nullptr;
        };
        switch (e->kind) {
        case ExpKind::If: {
            auto n = std::make_shared<IfExp>(*e->as<IfExp>());
            go(n->then_body);
            go(n->else_body);
            return done(n);
        }
        case ExpKind::Loop: {
            auto n = std::make_shared<LoopExp>(*e->as<LoopExp>());
            go(n->cond);
            go(n->body);
            return done(n);
        }
        case ExpKind::Map: {
            auto n = std::make_shared<MapExp>(*e->as<MapExp>());
            go(n->lam.body);
            return done(n);
        }
        case ExpKind::Reduce: {
            auto n = std::make_shared<ReduceExp>(*e->as<ReduceExp>());
            go(n->lam.body);
            return done(n);
        }
        case ExpKind::Scan: {
            auto n = std::make_shared<ScanExp>(*e->as<ScanExp>());
            go(n->lam.body);
            return done(n);
        }
        case ExpKind::Filter: {
            auto n = std::make_shared<FilterExp>(*e->as<FilterExp>());
            go(n->lam.body);
            return done(n);
        }
        case ExpKind::Hist: {
            auto n = std::make_shared<HistExp>(*e->as<HistExp>());
            if (n->fused())
                go(n->map_lam.body);
            for (HistOp &op : n->ops)
                go(op.lam.body);
            return done(n);
        }
        case ExpKind::Scatter: {
            auto n = std::make_shared<ScatterExp>(*e->as<ScatterExp>());
            if (!n->fused())
                return e;
            go(n->map_lam.body);
            return done(n);
        }
        case ExpKind::Screma: {
            auto n = std::make_shared<ScremaExp>(*e->as<ScremaExp>());
            go(n->map_lam.body);
            for (auto *ops : {&n->scans, &n->reduces})
                for (ScremaOp &op : *ops)
                    go(op.lam.body);
            return done(n);
        }
        default:
            return e;
        }
    }

    /** The statement as a Screma (Reduce and Scan get an identity map lambda). */
    Node node(const Stm &st) {
        Node n;
        n.pat = st.pat;
        const Exp &e = *st.exp;
        if (auto *mp = e.as<MapExp>()) {
            n.w = mp->w;
            n.inputs = mp->inputs;
            n.lam = mp->lam;
            n.fused = {"map"};
        } else if (auto *s = e.as<ScremaExp>()) {
            n.w = s->w;
            n.inputs = s->inputs;
            n.scans = s->scans;
            n.reduces = s->reduces;
            n.lam = s->map_lam;
            n.fused = s->fused;
            if (n.fused.empty())
                n.fused = {s->scans.empty() && s->reduces.empty() ? "map" : "screma"};
        } else {
            bool red = e.kind == ExpKind::Reduce;
            const Lambda &op = red ? e.as<ReduceExp>()->lam : e.as<ScanExp>()->lam;
            n.w = red ? e.as<ReduceExp>()->w : e.as<ScanExp>()->w;
            n.inputs = red ? e.as<ReduceExp>()->inputs : e.as<ScanExp>()->inputs;
            ScremaOp o{op, red ? e.as<ReduceExp>()->neutral : e.as<ScanExp>()->neutral};
            (red ? n.reduces : n.scans).push_back(std::move(o));
            n.fused = {red ? "reduce" : "scan"};
            n.lam.ret = op.ret;
            for (const Type &t : op.ret) {
                Var x = fresh("x");
                n.lam.params.push_back({x, t});
                n.lam.body.result.push_back(SubExp::of(x));
            }
        }
        return n;
    }

    Stm stm_of(Node n) {
        Stm st;
        st.pat = std::move(n.pat);
        st.exp = ScremaExp::make(n.w, std::move(n.inputs), std::move(n.scans),
                                 std::move(n.reduces), std::move(n.lam), std::move(n.fused));
        created_.emplace(st.exp.get(), st.exp);
        return st;
    }

    /** `a` then `b` in one pass.  b's inputs found in `from_a` are rows a's lambda computes
     * (the atoms given); a's map results are kept where `keep_a` says. */
    static Node combine(const Node &a, const Node &b, const std::unordered_map<int, SubExp> &from_a,
                        const std::vector<bool> &keep_a) {
        Node r;
        r.w = a.w;
        r.inputs = a.inputs;
        r.lam.params = a.lam.params;
        r.lam.body.stms = a.lam.body.stms;
        auto glue = [&](const Param &p, SubExp x) {
            r.lam.body.stms.push_back(Stm{{p}, AtomExp::make(std::move(x))});
        };
        for (size_t k = 0; k < b.inputs.size(); k++) {
            const Var &v = b.inputs[k];
            const Param &p = b.lam.params[k];
            auto it = from_a.find(v.id);
            if (it != from_a.end()) {
                glue(p, it->second);
                continue;
            }
            size_t t = 0;
            while (t < r.inputs.size() && r.inputs[t] != v)
                t++;
            if (t < r.inputs.size()) {
                glue(p, SubExp::of(r.lam.params[t].var)); // the same input once
            } else {
                r.inputs.push_back(v);
                r.lam.params.push_back(p);
            }
        }
        r.lam.body.stms.insert(r.lam.body.stms.end(), b.lam.body.stms.begin(),
                               b.lam.body.stms.end());
        // Results: scans, reduces (a's then b's), then the kept map results.
        size_t as = a.nscan(), ar = a.nred(), bs = b.nscan(), br = b.nred();
        auto take = [&](const Node &n, size_t from, size_t count) {
            for (size_t k = from; k < from + count; k++) {
                r.lam.body.result.push_back(n.lam.body.result[k]);
                r.lam.ret.push_back(n.lam.ret[k]);
                r.pat.push_back(n.pat[k]);
            }
        };
        take(a, 0, as);
        take(b, 0, bs);
        take(a, as, ar);
        take(b, bs, br);
        for (size_t k = as + ar; k < a.pat.size(); k++)
            if (keep_a[k - as - ar])
                take(a, k, 1);
        take(b, bs + br, b.pat.size() - bs - br);
        r.scans = a.scans;
        r.scans.insert(r.scans.end(), b.scans.begin(), b.scans.end());
        r.reduces = a.reduces;
        r.reduces.insert(r.reduces.end(), b.reduces.begin(), b.reduces.end());
        r.fused = a.fused;
        r.fused.insert(r.fused.end(), b.fused.begin(), b.fused.end());
        return r;
    }

    /** Statement indices by the variables they bind. */
    static std::unordered_map<int, size_t> binders(const Body &b) {
        std::unordered_map<int, size_t> r;
        for (size_t i = 0; i < b.stms.size(); i++)
            for (const Param &p : b.stms[i].pat)
                r[p.var.id] = i;
        return r;
    }
    static VarSet binds_of(const Stm &st) {
        VarSet s;
        for (const Param &p : st.pat)
            s.insert(p.var.id);
        return s;
    }

    /** passes::can_fail, a while loop that may not end aside (see there). */
    static bool fails(const Stm &s) { return passes::can_fail(s, false); }
    /** fails, except that a replicate or iota of a known size (>= 0) cannot fail. */
    bool may_fail(const Stm &s) const {
        auto *rep = s.exp->as<ir::ReplicateExp>();
        if (rep && !rep->n.is_const && sizes_.count(rep->n.var.id))
            return false;
        auto *iota = s.exp->as<ir::IotaExp>(); // `iota n` of an array's size (`zip xs (iota n)`)
        if (iota && !iota->n.is_const && sizes_.count(iota->n.var.id))
            return false;
        return fails(s);
    }

    /** True when every failure `e` can raise is an integer division by `v` (fails only when
     * v == 0). */
    bool fails_only_dividing_by(const Stm &s, const Var &v) const {
        if (passes::fails_itself(s, false)) {
            auto *bo = s.exp->as<BinOpExp>();
            bool div = bo && (bo->op == BinOpKind::Div || bo->op == BinOpKind::Mod ||
                              bo->op == BinOpKind::Quot || bo->op == BinOpKind::Rem);
            if (!div || bo->y.is_const || bo->y.var != v)
                return false;
        }
        bool r = true;
        each_body(*s.exp, [&](const Body &b) {
            for (const Stm &st : b.stms)
                r = r && fails_only_dividing_by(st, v);
        });
        return r;
    }
    /** The v such that `e` fails exactly when v < 0: `replicate v`, or an assert of
     * `0 <= v` (hist's "negative number of bins"). */
    std::optional<Var> fails_when_negative(const Exp &e) const {
        if (auto *rep = e.as<ir::ReplicateExp>(); rep && !rep->n.is_const)
            return rep->n.var;
        if (auto *as = e.as<ir::AssertExp>(); as && !as->cond.is_const) {
            auto it = nonneg_tests_.find(as->cond.var.id);
            if (it != nonneg_tests_.end())
                return it->second;
        }
        return std::nullopt;
    }
    /** Can failures of `a` and `b` never both happen?  `replicate v` fails only when v < 0,
     * a division by v only when v == 0 (histogram.fut's `x % bins`, `replicate bins 0`). */
    bool exclusive_failures(const Stm &a, const Stm &b) const {
        auto one_way = [&](const Stm &x, const Stm &y) {
            std::optional<Var> v = fails_when_negative(*x.exp);
            return v && fails_only_dividing_by(y, *v);
        };
        return one_way(a, b) || one_way(b, a);
    }

    /** Can statement i move down to just before j?  Nothing in between may use its
     * results, update its operands in place, or fail when it can fail. */
    bool can_sink(const Body &b, size_t i, size_t j) {
        const Stm &s = b.stms[i];
        VarSet out = binds_of(s), in = uses_of(s);
        const bool s_fails = may_fail(s);
        for (size_t k = i + 1; k < j; k++) {
            const Stm &t = b.stms[k];
            if (meets(uses_of(t), out) || meets(consumed_by(*t.exp), in) ||
                (s_fails && may_fail(t) && !exclusive_failures(s, t)))
                return false;
        }
        return true;
    }
    /** Can statement j move up to just after i?  Nothing in between may bind what it uses
     * or fail when it can fail. */
    bool can_hoist(const Body &b, size_t i, size_t j) {
        const Stm &s = b.stms[j];
        VarSet in = uses_of(s);
        const bool s_fails = may_fail(s);
        for (size_t k = i + 1; k < j; k++) {
            const Stm &t = b.stms[k];
            if (meets(binds_of(t), in) ||
                (s_fails && may_fail(t) && !exclusive_failures(s, t)))
                return false;
        }
        return true;
    }
    /** Replaces statements i < j by `st`, at i or j (whichever can move), if either can. */
    bool place(Body &b, size_t i, size_t j, Stm st) {
        if (can_sink(b, i, j)) {
            b.stms[j] = std::move(st);
            b.stms.erase(b.stms.begin() + (long)i);
            return true;
        }
        if (can_hoist(b, i, j)) {
            b.stms[i] = std::move(st);
            b.stms.erase(b.stms.begin() + (long)j);
            return true;
        }
        return false;
    }

    /** Uses of `vars` outside statements i and j (the body's results included). */
    static VarSet used_elsewhere(const Body &b, size_t i, size_t j) {
        VarSet s;
        for (size_t k = 0; k < b.stms.size(); k++)
            if (k != i && k != j)
                for (int v : uses_of(b.stms[k]))
                    s.insert(v);
        add(s, b.result);
        return s;
    }

    // ------------------------------------------------------------ vertical

    bool vertical(Body &b) {
        auto bound = binders(b);
        for (size_t j = 0; j < b.stms.size(); j++) {
            const Exp &c = *b.stms[j].exp;
            if (c.kind == ExpKind::Hist && map_into_hist(b, bound, j))
                return true;
            if (c.kind == ExpKind::Scatter && map_into_scatter(b, bound, j))
                return true;
            if (!is_fusible(c))
                continue;
            for (const Var &v : inputs_of(c)) {
                auto it = bound.find(v.id);
                if (it == bound.end())
                    continue;
                size_t i = it->second;
                const Exp &p = *b.stms[i].exp;
                if ((is_fusible(p) && try_map_into(b, i, j)) ||
                    (p.kind == ExpKind::Filter && try_filter_into(b, i, j)))
                    return true;
            }
        }
        return false;
    }

    /** Map results of statement i (a Map or Screma) into consumer j. */
    bool try_map_into(Body &b, size_t i, size_t j) {
        const Stm &ps = b.stms[i], &cs = b.stms[j];
        if (!(width_of(*ps.exp) == width_of(*cs.exp)))
            return false;
        if (fails(ps) && fails(cs))
            return false;
        size_t fm = first_map_result(ps);
        VarSet pall = binds_of(ps), pmap;
        for (size_t k = fm; k < ps.pat.size(); k++)
            pmap.insert(ps.pat[k].var.id);
        for (const Var &v : inputs_of(*cs.exp))
            if (pall.count(v.id) && !pmap.count(v.id))
                return false; // a scan result: not available row by row
        Node pn = node(ps), cn = node(cs);
        if (meets(cn.uses_besides_inputs(), pall))
            return false;
        std::unordered_map<int, SubExp> from;
        VarSet elsewhere = used_elsewhere(b, i, j);
        std::vector<bool> keep;
        for (size_t k = fm; k < ps.pat.size(); k++) {
            from[ps.pat[k].var.id] = pn.lam.body.result[k];
            keep.push_back(elsewhere.count(ps.pat[k].var.id) > 0);
        }
        if (!place(b, i, j, stm_of(combine(pn, cn, from, keep))))
            return false;
        stats.vertical++;
        return true;
    }

    /** A consumer's rows as a Node: its map lambda when it is fused, else an identity
     * lambda over rows of `types`; `pat` gets one placeholder per row value (combine
     * takes the consumer's map results from it). */
    Node rows_node(const SubExp &w, const char *kind, const std::vector<Var> &inputs,
                   const Lambda &map_lam, bool fused, const std::vector<Type> &types) {
        Node n;
        n.w = w;
        n.fused = {kind};
        n.inputs = inputs;
        if (fused) {
            n.lam = map_lam;
        } else {
            for (const Type &t : types) {
                Var x = fresh("x");
                n.lam.ret.push_back(t);
                n.lam.params.push_back({x, t});
                n.lam.body.result.push_back(SubExp::of(x));
            }
        }
        for (const Type &t : n.lam.ret)
            n.pat.push_back({fresh("rx"), t});
        return n;
    }
    /** A hist's index and value rows (each op's index, then its values); `dests` is the
     * hist's pattern (the value rows have its row types). */
    Node hist_node(const HistExp &h, const std::vector<Param> &dests) {
        std::vector<Type> types;
        size_t d = 0;
        for (const HistOp &op : h.ops) {
            types.push_back(Type::scalar(PrimType::I64));
            for (size_t m = 0; m < op.width(); m++)
                types.push_back(dests.at(d++).type.row());
        }
        return rows_node(h.w, "hist", h.inputs, h.map_lam, h.fused(), types);
    }
    /** The hist with `n`'s inputs and lambda as its fused form (the location kept). */
    static ExpPtr with_rows(const HistExp &h, std::vector<HistOp> ops, Node n) {
        return passes::located(
            HistExp::make_fused(h.w, std::move(ops), std::move(n.inputs), std::move(n.lam)), h.loc);
    }
    /** What a hist reads besides its destinations (and its input rows unless `inputs`). */
    static VarSet hist_reads(const HistExp &h, bool inputs = true) {
        VarSet s;
        add(s, h.w);
        for (const HistOp &op : h.ops) {
            add(s, op.lam);
            add(s, op.neutral);
        }
        add(s, h.map_lam);
        if (inputs)
            add(s, h.inputs);
        return s;
    }
    static VarSet dests_of(const HistExp &h) {
        VarSet s;
        for (const HistOp &op : h.ops)
            add(s, op.dests);
        return s;
    }

    /** A Map (or map-only Screma) producing rows of consumer j's `inputs` (j's width w)
     * that nothing but j reads, fused into j's map lambda: `rows` gives j's rows as a
     * Node (an identity lambda unless j is fused already), `remake` j with the combined
     * inputs and lambda.  The producer may not bind what j uses besides its input rows
     * (`reads`), nor read `keep_out`. */
    bool map_into_rows(Body &b, const std::unordered_map<int, size_t> &bound, size_t j,
                       const std::vector<Var> &inputs, const SubExp &w, const VarSet &reads,
                       const VarSet &keep_out, const std::function<Node()> &rows,
                       const std::function<ExpPtr(Node)> &remake) {
        const Stm &cs = b.stms[j];
        for (const Var &v : inputs) {
            auto it = bound.find(v.id);
            if (it == bound.end())
                continue;
            size_t i = it->second;
            const Stm &ps = b.stms[i];
            auto *sp = ps.exp->as<ScremaExp>();
            if (!(ps.exp->kind == ExpKind::Map || (sp && sp->scans.empty() && sp->reduces.empty())))
                continue;
            if (!(width_of(*ps.exp) == w) || (fails(ps) && fails(cs)))
                continue;
            VarSet pall = binds_of(ps);
            if (meets(used_elsewhere(b, i, j), pall))
                continue; // j cannot give the map's results to others
            if (meets(uses_of(ps), keep_out) || meets(reads, pall))
                continue;
            Node pn = node(ps);
            std::unordered_map<int, SubExp> from;
            for (size_t k = 0; k < ps.pat.size(); k++)
                from[ps.pat[k].var.id] = pn.lam.body.result[k];
            Node r = combine(pn, rows(), from, std::vector<bool>(ps.pat.size(), false));
            if (!place(b, i, j, Stm{cs.pat, remake(std::move(r))}))
                continue;
            stats.vertical++;
            return true;
        }
        return false;
    }

    /** A map producing rows that only hist j reads, fused into the hist's map lambda:
     * the index and value arrays are never materialised.  Not a map reading the hist's
     * destinations, which it updates in place while the lambda would read them. */
    bool map_into_hist(Body &b, const std::unordered_map<int, size_t> &bound, size_t j) {
        const Stm &cs = b.stms[j];
        auto *h = cs.exp->as<HistExp>();
        VarSet reads = hist_reads(*h, false);
        for (int d : dests_of(*h))
            reads.insert(d);
        return map_into_rows(
            b, bound, j, h->inputs, h->w, reads, dests_of(*h), [&] { return hist_node(*h, cs.pat); },
            [&](Node r) { return with_rows(*h, h->ops, std::move(r)); });
    }

    /** A map producing the index or value rows that only scatter j reads, fused into the
     * scatter's map lambda: neither array is materialised (a radix sort pass's places,
     * computed as they are written).  One-dimensional destinations: the lambda gives a
     * scalar value.  A map reading dest is fine: a statement that uses dest besides as its
     * destination writes a copy of it (CodegenCLike::movable), as a plain scatter whose
     * values are dest does (`scatter (copy xs) is xs`, the copy elided). */
    bool map_into_scatter(Body &b, const std::unordered_map<int, size_t> &bound, size_t j) {
        const Stm &cs = b.stms[j];
        auto *sc = cs.exp->as<ScatterExp>();
        if (cs.pat.at(0).type.rank() != 1)
            return false;
        VarSet reads;
        add(reads, sc->w);
        add(reads, sc->map_lam);
        reads.insert(sc->dest.id);
        return map_into_rows(
            b, bound, j, sc->inputs, sc->w, reads, {},
            [&] { return scatter_node(*sc, cs.pat.at(0).type); },
            [&](Node r) {
                return passes::located(
                    ScatterExp::make_fused(sc->w, sc->dest, std::move(r.inputs), std::move(r.lam)), sc->loc);
            });
    }
    /** A scatter's index and value rows; `dest` is its destination's type. */
    Node scatter_node(const ScatterExp &sc, const Type &dest) {
        return rows_node(sc.w, "scatter", sc.inputs, sc.map_lam, sc.fused(),
                         {Type::scalar(PrimType::I64), dest.row()});
    }

    /** Filter i into a reduction j over its results: the map lambda gives the row's
     * operands when the predicate holds and the neutral elements otherwise. */
    bool try_filter_into(Body &b, size_t i, size_t j) {
        const Stm &fs = b.stms[i], &cs = b.stms[j];
        auto *f = fs.exp->as<FilterExp>();
        if (!(width_of(*cs.exp) == SubExp::of(fs.pat[0].var)))
            return false;
        if (fails(fs) && fails(cs))
            return false;
        if (first_map_result(cs) != cs.pat.size() || cs.exp->kind == ExpKind::Scan ||
            (cs.exp->as<ScremaExp>() && !cs.exp->as<ScremaExp>()->scans.empty()))
            return false; // only a reduction may drop rows
        VarSet fall = binds_of(fs);
        std::unordered_map<int, size_t> pos; // filter result -> filter input index
        for (size_t k = 1; k < fs.pat.size(); k++)
            pos[fs.pat[k].var.id] = k - 1;
        for (const Var &v : inputs_of(*cs.exp))
            if (!pos.count(v.id))
                return false;
        if (meets(used_elsewhere(b, i, j), fall))
            return false;
        Node cn = node(cs);
        if (meets(cn.uses_besides_inputs(false), fall))
            return false;
        Node r;
        r.w = f->w;
        r.inputs = f->inputs;
        r.reduces = cn.reduces;
        r.pat = cn.pat;
        r.fused = {"filter"};
        r.fused.insert(r.fused.end(), cn.fused.begin(), cn.fused.end());
        r.lam.params = f->lam.params;
        r.lam.body.stms = f->lam.body.stms;
        r.lam.ret = cn.lam.ret;
        Body keep, drop;
        for (size_t k = 0; k < cn.inputs.size(); k++)
            keep.stms.push_back(Stm{{cn.lam.params[k]},
                                    AtomExp::make(SubExp::of(
                                        f->lam.params[pos[cn.inputs[k].id]].var))});
        keep.stms.insert(keep.stms.end(), cn.lam.body.stms.begin(), cn.lam.body.stms.end());
        keep.result = cn.lam.body.result;
        for (const ScremaOp &op : cn.reduces)
            drop.result.insert(drop.result.end(), op.neutral.begin(), op.neutral.end());
        Stm sel;
        for (const Type &t : cn.lam.ret) {
            Var x = fresh("sel");
            sel.pat.push_back({x, t});
            r.lam.body.result.push_back(SubExp::of(x));
        }
        sel.exp = IfExp::make(f->lam.body.result.at(0), std::move(keep), std::move(drop),
                              cn.lam.ret);
        r.lam.body.stms.push_back(std::move(sel));
        if (!place(b, i, j, stm_of(std::move(r))))
            return false;
        stats.vertical++;
        return true;
    }

    // ------------------------------------------------------------ horizontal

    bool horizontal(Body &b) {
        for (size_t i = 0; i < b.stms.size(); i++) {
            if (b.stms[i].exp->kind == ExpKind::Hist) {
                for (size_t j = i + 1; j < b.stms.size(); j++)
                    if (b.stms[j].exp->kind == ExpKind::Hist && hist_siblings(b, i, j))
                        return true;
                continue;
            }
            if (!is_fusible(*b.stms[i].exp))
                continue;
            for (size_t j = i + 1; j < b.stms.size(); j++) {
                const Exp &x = *b.stms[i].exp, &y = *b.stms[j].exp;
                if (!is_fusible(y) || !(width_of(x) == width_of(y)) ||
                    (fails(b.stms[i]) && fails(b.stms[j])))
                    continue;
                // Independent: j does not use i's results (a use through statements in
                // between blocks both moves below).
                if (meets(uses_of(b.stms[j]), binds_of(b.stms[i])))
                    continue;
                Node a = node(b.stms[i]), c = node(b.stms[j]);
                std::vector<bool> keep(a.pat.size() - a.first_map(), true);
                if (place(b, i, j, stm_of(combine(a, c, {}, keep)))) {
                    stats.horizontal++;
                    return true;
                }
            }
        }
        return false;
    }

    /** Independent hists i < j over the same rows into one hist with the destinations of
     * both (one pass; kmeans' three hists over `nearest`).  Plain stays plain (the rows of
     * both), else both become fused (an input both read is read once). */
    bool hist_siblings(Body &b, size_t i, size_t j) {
        const Stm &as = b.stms[i], &cs = b.stms[j];
        auto *x = as.exp->as<HistExp>(), *y = cs.exp->as<HistExp>();
        if (!(x->w == y->w) || (fails(as) && fails(cs)) ||
            meets(uses_of(cs), binds_of(as)))
            return false;
        // Neither reads what the other updates in place (they may share a destination:
        // each op starts from its own copy).
        if (meets(hist_reads(*x), dests_of(*y)) || meets(hist_reads(*y), dests_of(*x)))
            return false;
        std::vector<HistOp> ops = x->ops;
        ops.insert(ops.end(), y->ops.begin(), y->ops.end());
        Stm st{as.pat, nullptr};
        st.pat.insert(st.pat.end(), cs.pat.begin(), cs.pat.end());
        if (!x->fused() && !y->fused()) {
            std::vector<Var> in = x->inputs;
            in.insert(in.end(), y->inputs.begin(), y->inputs.end());
            st.exp = passes::located(HistExp::make_plain(x->w, std::move(ops), std::move(in)),
                                     x->loc);
        } else {
            Node a = hist_node(*x, as.pat), c = hist_node(*y, cs.pat);
            std::vector<bool> keep(a.pat.size(), true);
            st.exp = with_rows(*x, std::move(ops), combine(a, c, {}, keep));
        }
        if (!place(b, i, j, std::move(st)))
            return false;
        stats.horizontal++;
        return true;
    }

    // ------------------------------------------------------------ index functions

    /** The array `rev` is the reverse of, when it is lowering's `reverse xs`:
     * `let (n, s) = xs[::-1]; let rev = s :> xs's sizes` (neither can fail). */
    std::optional<Var> reversed_source(const Body &b, const std::unordered_map<int, size_t> &at,
                                       const Var &rev) {
        auto c = at.find(rev.id);
        if (c == at.end())
            return std::nullopt;
        auto *co = b.stms[c->second].exp->as<ir::CoerceExp>();
        auto s = co ? at.find(co->arr.id) : at.end();
        if (s == at.end())
            return std::nullopt;
        auto *sl = b.stms[s->second].exp->as<ir::SliceExp>();
        if (!sl || sl->entries.size() != 1)
            return std::nullopt;
        const ir::SliceEntry &en = sl->entries[0];
        auto src = types_.find(sl->arr.id);
        if (!en.is_range || en.has_start || en.has_end || !en.has_stride ||
            !(en.stride == SubExp::i64(-1)) || src == types_.end() || src->second.dims != co->dims)
            return std::nullopt;
        return sl->arr;
    }

    /** A row slice `arr[i1, .., ik, start:end:stride]` (indices, then one range, any
     * stride): its row r is arr[i1, .., ik, from + r*stride], where `from` is start or, by
     * default, 0 for a positive stride and the last row for a negative one. */
    static const ir::SliceExp *row_slice(const Stm &st) {
        auto *sl = st.exp->as<ir::SliceExp>();
        if (!sl || sl->entries.empty() || st.pat.size() != 2)
            return nullptr;
        for (size_t k = 0; k + 1 < sl->entries.size(); k++)
            if (sl->entries[k].is_range)
                return nullptr;
        const ir::SliceEntry &r = sl->entries.back();
        if (!r.is_range || (r.has_stride && r.stride.is_const && r.stride.value.as_i64() == 0))
            return nullptr;
        return sl;
    }

    /** Appends `let v = x op y` to `to` (v of scalar type t: `ok` for bools, else `ix`). */
    SubExp emit_binop(std::vector<Stm> &to, BinOpKind op, SubExp x, SubExp y, const Type &t) {
        Var v = fresh(t.elem == PrimType::Bool ? "ok" : "ix");
        to.push_back(Stm{{{v, t}}, BinOpExp::make(op, x, y, {})});
        return SubExp::of(v);
    }

    /** The sign of a row slice's stride when it is a constant (1 without one), else 0. */
    static int stride_sign(const ir::SliceEntry &r) {
        if (!r.has_stride)
            return 1;
        if (!r.stride.is_const)
            return 0;
        return r.stride.value.as_i64() > 0 ? 1 : -1;
    }

    /** Statements (appended to `to`) giving `i64(c) * x` for a bool c: x where c holds,
     * else 0, without a branch. */
    SubExp times_flag(std::vector<Stm> &to, SubExp c, SubExp x) {
        Var f = fresh("ix");
        to.push_back(Stm{{{f, Type::scalar(PrimType::I64)}}, ir::ConvertExp::make(PrimType::I64, c)});
        return emit_binop(to, BinOpKind::Mul, SubExp::of(f), x, Type::scalar(PrimType::I64));
    }

    /** The first row a row slice reads (`from` of row_slice), `n` rows in the sliced
     * dimension. */
    SubExp slice_from(std::vector<Stm> &to, const ir::SliceEntry &r, const SubExp &n) {
        if (r.has_start)
            return r.start;
        int sign = stride_sign(r);
        if (sign > 0)
            return SubExp::i64(0);
        SubExp last = emit_binop(to, BinOpKind::Sub, n, SubExp::i64(1), Type::scalar(PrimType::I64));
        if (sign < 0)
            return last;
        SubExp neg = emit_binop(to, BinOpKind::Lt, r.stride, SubExp::i64(0), Type::scalar(PrimType::Bool));
        return times_flag(to, neg, last);
    }

    /** Nothing in statements (from, to) of b updates `src` in place (a read of it may move
     * past them). */
    static bool unconsumed(const Body &b, size_t from, size_t to, const SubExp &src) {
        for (size_t k = from + 1; !src.is_const && k < to; k++)
            if (consumed_by(*b.stms[k].exp).count(src.var.id))
                return false;
        return true;
    }

    /** Statements binding `p`, row `i` of input `in` of statement `at_stm` (width w), read
     * from the array `in` is an index function of (a reverse, a replicate or a row slice),
     * so that `in` is not needed.  `indexed` tells whether they read `i`. */
    std::optional<std::vector<Stm>> row_of(const Body &b, const std::unordered_map<int, size_t> &at,
                                           size_t at_stm, const Var &in, const SubExp &w,
                                           const Param &p, const Var &i, bool &indexed) {
        auto it = at.find(in.id);
        if (it == at.end())
            return std::nullopt;
        const Stm &st = b.stms[it->second];
        std::vector<Stm> s;
        auto bin = [&](BinOpKind op, SubExp x, SubExp y) {
            return emit_binop(s, op, x, y, Type::scalar(PrimType::I64));
        };
        if (std::optional<Var> src = reversed_source(b, at, in)) {
            if (!unconsumed(b, it->second, at_stm, SubExp::of(*src)))
                return std::nullopt;
            SubExp j = bin(BinOpKind::Sub, bin(BinOpKind::Sub, w, SubExp::i64(1)), SubExp::of(i));
            s.push_back(Stm{{p}, ir::IndexExp::make(*src, {j}, false, {})});
            indexed = true;
        } else if (auto *rep = st.exp->as<ir::ReplicateExp>()) {
            if (!unconsumed(b, it->second, at_stm, rep->x))
                return std::nullopt;
            s.push_back(Stm{{p}, AtomExp::make(rep->x)});
        } else if (auto *sl = row_slice(st)) {
            if (!unconsumed(b, it->second, at_stm, SubExp::of(sl->arr)))
                return std::nullopt;
            // In bounds: the slice (or its check, drop_unused_copies) ran before.
            const ir::SliceEntry &r = sl->entries.back();
            auto src = types_.find(sl->arr.id);
            if (src == types_.end() || src->second.rank() < (int)sl->entries.size())
                return std::nullopt;
            SubExp k = SubExp::of(i);
            if (r.has_stride && !(r.stride == SubExp::i64(1)))
                k = bin(BinOpKind::Mul, k, r.stride);
            SubExp from = slice_from(s, r, src->second.dims[sl->entries.size() - 1]);
            if (!(from == SubExp::i64(0)))
                k = bin(BinOpKind::Add, k, from);
            std::vector<SubExp> idx;
            for (size_t e = 0; e + 1 < sl->entries.size(); e++)
                idx.push_back(sl->entries[e].start);
            idx.push_back(k);
            s.push_back(Stm{{p}, ir::IndexExp::make(sl->arr, idx, false, {})});
            indexed = true;
        } else if (auto *co = st.exp->as<ir::CoerceExp>(); co && p.type.rank() == 0) {
            // A coerced array's rows are its source's (the coercion stays as a check).
            return row_of(b, at, at_stm, co->arr, w, p, i, indexed);
        } else {
            return std::nullopt;
        }
        return s;
    }

    /** The matrix `tr` is the transpose of, if `tr` is bound by a transpose. */
    static std::optional<Var> transposed_source(const Body &b,
                                                const std::unordered_map<int, size_t> &at,
                                                size_t at_stm, const Var &tr) {
        auto it = at.find(tr.id);
        auto *t = it == at.end() ? nullptr : b.stms[it->second].exp->as<ir::TransposeExp>();
        if (!t || !unconsumed(b, it->second, at_stm, SubExp::of(t->arr)))
            return std::nullopt;
        return t->arr;
    }

    /** Rewrites the uses of `p` in `b`, where p is column `i` of `a` (a row of
     * `transpose a`), into reads of `a`: `p[j, ..]` becomes `a[j, i, ..]` and a SOAC over p
     * reads a[j, i] at its row j.  False (b partly rewritten) when p has another use. */
    bool read_column(Body &b, const Param &p, const Var &a, const Var &i) {
        std::vector<Stm> out;
        for (const Stm &st0 : b.stms) {
            Stm st = st0;
            if (auto *ix = st.exp->as<ir::IndexExp>(); ix && ix->arr == p.var) {
                std::optional<std::vector<Stm>> r = column_index(st, *ix, p, a, i);
                if (!r)
                    return false;
                out.insert(out.end(), r->begin(), r->end());
                continue;
            } else if (is_fusible(*st.exp)) {
                Node n = node(st), r = n;
                r.inputs.clear();
                r.lam.params.clear();
                Var io = fresh("iota"), j = fresh("j");
                std::vector<Stm> pre;
                for (size_t k = 0; k < n.inputs.size(); k++) {
                    if (n.inputs[k] == p.var) {
                        pre.push_back(Stm{{n.lam.params[k]},
                                          ir::IndexExp::make(a, {SubExp::of(j), SubExp::of(i)},
                                                             false, {})});
                    } else {
                        r.inputs.push_back(n.inputs[k]);
                        r.lam.params.push_back(n.lam.params[k]);
                    }
                }
                if (!pre.empty()) {
                    out.push_back(Stm{{{io, Type{PrimType::I64, {n.w}}}}, ir::IotaExp::make(n.w)});
                    r.inputs.push_back(io);
                    r.lam.params.push_back({j, Type::scalar(PrimType::I64)});
                    r.lam.body.stms.insert(r.lam.body.stms.begin(), pre.begin(), pre.end());
                    st = st.exp->kind == ExpKind::Map
                             ? Stm{st.pat, MapExp::make(r.w, std::move(r.lam), r.inputs)}
                             : stm_of(std::move(r));
                }
            }
            st.exp = map_bodies(st.exp, [&](Body &nb) { return read_column(nb, p, a, i); });
            if (!st.exp || uses_of(st).count(p.var.id))
                return false;
            out.push_back(std::move(st));
        }
        VarSet res;
        add(res, b.result);
        if (res.count(p.var.id))
            return false;
        b.stms = std::move(out);
        return true;
    }

    /** `v = p[j, ..]` with p column i of a, as a read of `a[j, i, ..]`.  A checked index
     * keeps its own check (and message): out of range, it indexes `iota n` instead. */
    std::optional<std::vector<Stm>> column_index(const Stm &st, const ir::IndexExp &ix, const Param &p,
                                    const Var &a, const Var &i) {
        std::vector<SubExp> idx = ix.idx;
        idx.insert(idx.begin() + 1, SubExp::of(i));
        if (!ix.checked)
            return std::vector<Stm>{Stm{st.pat, ir::IndexExp::make(a, idx, false, ix.loc)}};
        if (p.type.rank() != 1 || ix.idx.size() != 1 || st.pat.size() != 1)
            return std::nullopt;
        Type b1 = Type::scalar(PrimType::Bool), i64 = Type::scalar(PrimType::I64);
        const SubExp &j = ix.idx[0], &n = p.type.dims[0];
        Var lo = fresh("lo"), hi = fresh("hi"), ok = fresh("ok"), v = fresh("v"), io = fresh("iota"),
            e = fresh("e"), z = fresh("z");
        Body in;
        in.stms.push_back(Stm{{{lo, b1}}, BinOpExp::make(BinOpKind::Le, SubExp::i64(0), j, {})});
        in.stms.push_back(Stm{{{hi, b1}}, BinOpExp::make(BinOpKind::Lt, j, n, {})});
        in.stms.push_back(Stm{{{ok, b1}}, BinOpExp::make(BinOpKind::LogAnd, SubExp::of(lo),
                                                          SubExp::of(hi), {})});
        Body then_b, else_b;
        then_b.stms.push_back(Stm{{{v, st.pat[0].type}}, ir::IndexExp::make(a, idx, false, ix.loc)});
        then_b.result = {SubExp::of(v)};
        else_b.stms.push_back(Stm{{{io, Type{PrimType::I64, {n}}}}, ir::IotaExp::make(n)});
        else_b.stms.push_back(Stm{{{e, i64}}, ir::IndexExp::make(io, {j}, true, ix.loc)});
        else_b.stms.push_back(Stm{{{z, st.pat[0].type}}, ir::ConvertExp::make(st.pat[0].type.elem,
                                                                              SubExp::of(e))});
        else_b.result = {SubExp::of(z)};
        in.stms.push_back(Stm{st.pat, IfExp::make(SubExp::of(ok), std::move(then_b),
                                                  std::move(else_b), {st.pat[0].type})});
        return in.stms;
    }

    /** SOACs over arrays that are index functions of others (reverse, replicate, row
     * slices, transpose) read those others directly, through an iota input for the row
     * index; the copies left unused are dropped. */
    void read_through(Body &b) {
        std::vector<Stm> out;
        auto at = binders(b);
        bool changed = false;
        for (size_t s = 0; s < b.stms.size(); s++) {
            const Stm &st = b.stms[s]; // (b is read below: copy, do not move)
            if (!is_fusible(*st.exp)) {
                out.push_back(st);
                continue;
            }
            Node n = node(st);
            Node r = n;
            r.inputs.clear();
            r.lam.params.clear();
            Var i = fresh("i");
            std::vector<Stm> pre;
            bool indexed = false, any = false;
            VarSet updated; // a row updated in place must stay a row of its own array
            for (const Stm &ls : n.lam.body.stms)
                add_consumed(updated, *ls.exp);
            for (size_t k = 0; k < n.inputs.size(); k++) {
                const Param &p = n.lam.params[k];
                if (!updated.empty() && (p.type.rank() > 0 || updated.count(p.var.id))) {
                    r.inputs.push_back(n.inputs[k]);
                    r.lam.params.push_back(p);
                    continue;
                }
                if (auto rows = row_of(b, at, s, n.inputs[k], n.w, p, i, indexed)) {
                    pre.insert(pre.end(), rows->begin(), rows->end());
                    any = true;
                    continue;
                }
                if (auto a = transposed_source(b, at, s, n.inputs[k])) {
                    Body nb = r.lam.body;
                    if (read_column(nb, p, *a, i)) {
                        r.lam.body = std::move(nb);
                        indexed = any = true;
                        continue;
                    }
                }
                r.inputs.push_back(n.inputs[k]);
                r.lam.params.push_back(p);
            }
            if (!any) {
                out.push_back(st);
                continue;
            }
            if (indexed || r.inputs.empty()) { // a Screma needs one input for its width
                Var io = fresh("iota");
                out.push_back(Stm{{{io, Type{PrimType::I64, {n.w}}}}, ir::IotaExp::make(n.w)});
                r.inputs.push_back(io);
                r.lam.params.push_back({i, Type::scalar(PrimType::I64)});
            }
            r.lam.body.stms.insert(r.lam.body.stms.begin(), pre.begin(), pre.end());
            if (st.exp->kind == ExpKind::Map)
                out.push_back(Stm{st.pat, MapExp::make(r.w, std::move(r.lam), r.inputs)});
            else
                out.push_back(stm_of(std::move(r)));
            changed = true;
        }
        b.stms = std::move(out);
        if (changed)
            drop_unused_copies(b);
    }

    /** Removes the index-function arrays nothing uses any more: reverses (a [::-1] slice
     * and its coercion, which cannot fail), transposes and replicates of a known size; an
     * unused row slice keeps only its bounds check. */
    void drop_unused_copies(Body &b) {
        for (bool again = true; again;) {
            again = false;
            VarSet used; // a statement's own pattern types do not keep it alive
            for (const Stm &st : b.stms) {
                VarSet own = binds_of(st);
                for (int v : uses_of(st))
                    if (!own.count(v))
                        used.insert(v);
            }
            add(used, b.result);
            auto at = binders(b);
            std::vector<Stm> out;
            for (const Stm &st : b.stms) {
                bool dead = true;
                for (const Param &p : st.pat)
                    dead = dead && !used.count(p.var.id);
                auto *sl = st.exp->as<ir::SliceExp>();
                bool rev_slice = sl && sl->entries.size() == 1 && sl->entries[0].is_range &&
                                 !sl->entries[0].has_start && !sl->entries[0].has_end &&
                                 sl->entries[0].has_stride &&
                                 sl->entries[0].stride == SubExp::i64(-1);
                bool rev_coerce = st.exp->kind == ExpKind::Coerce && st.pat.size() == 1 &&
                                  reversed_source(b, at, st.pat[0].var);
                auto *rep = st.exp->as<ir::ReplicateExp>();
                bool copy = rev_slice || rev_coerce || st.exp->kind == ExpKind::Transpose ||
                            (rep && (nonneg_const(rep->n) || (!rep->n.is_const &&
                                                              sizes_.count(rep->n.var.id))));
                auto *co = st.exp->as<ir::CoerceExp>();
                auto src = co ? types_.find(co->arr.id) : types_.end();
                if (dead && copy) {
                    // dropped
                } else if (row_slice(st) && !used.count(st.pat.back().var.id)) {
                    append_slice_check(out, st);
                } else if (dead && co && !rev_coerce && src != types_.end() &&
                           src->second.rank() == 1) {
                    append_coerce_check(out, *co, src->second.dims[0]);
                } else {
                    out.push_back(st);
                    continue;
                }
                again = true;
            }
            b.stms = std::move(out);
        }
    }

    /** `let c = arr :> [d]` without c (arr one-dimensional, of size n): coercing `iota n`
     * gives the same error, and only runs where n differs from d. */
    void append_coerce_check(std::vector<Stm> &out, const ir::CoerceExp &co, const SubExp &n) {
        Type b1 = Type::scalar(PrimType::Bool);
        Var ok = fresh("ok"), io = fresh("iota"), c = fresh("c"), r = fresh("ok");
        out.push_back(Stm{{{ok, b1}}, BinOpExp::make(BinOpKind::Eq, n, co.dims.at(0), {})});
        Body then_b, else_b;
        then_b.result = {SubExp::of(ok)};
        else_b.stms.push_back(Stm{{{io, Type{PrimType::I64, {n}}}}, ir::IotaExp::make(n)});
        else_b.stms.push_back(Stm{{{c, Type{PrimType::I64, co.dims}}},
                                  ir::CoerceExp::make(io, co.dims, co.loc, co.type_text)});
        else_b.result = {SubExp::of(ok)};
        out.push_back(Stm{{{r, b1}}, IfExp::make(SubExp::of(ok), std::move(then_b),
                                                 std::move(else_b), {b1})});
    }

    /** `let (n, s) = arr[i.., start:end:stride]` without s: n from the bounds, and the slice
     * itself (its error) only where the bounds do not hold. */
    void append_slice_check(std::vector<Stm> &out, const Stm &st) {
        auto *sl = st.exp->as<ir::SliceExp>();
        auto src = types_.find(sl->arr.id);
        if (src == types_.end() || src->second.rank() < (int)sl->entries.size()) {
            out.push_back(st);
            return;
        }
        const std::vector<SubExp> &dims = src->second.dims;
        Type i64 = Type::scalar(PrimType::I64), b1 = Type::scalar(PrimType::Bool);
        std::optional<SubExp> ok;
        auto both = [&](SubExp c) { ok = ok ? emit_binop(out, BinOpKind::LogAnd, *ok, c, b1) : c; };
        size_t last = sl->entries.size() - 1;
        for (size_t k = 0; k < last; k++) {
            const SubExp &x = sl->entries[k].start;
            both(emit_binop(out, BinOpKind::Le, SubExp::i64(0), x, b1));
            both(emit_binop(out, BinOpKind::Lt, x, dims[k], b1));
        }
        // Where `ok` holds, the count of the interpreter's resolve_slice (its other cases,
        // such as an empty backwards slice, take the slice itself in the else branch).
        const ir::SliceEntry &r = sl->entries[last];
        const SubExp &n = dims[last];
        int sign = stride_sign(r);
        Body then_b, else_b;
        SubExp cnt_pos, cnt_neg;
        std::optional<SubExp> ok_pos, ok_neg;
        auto all = [&](std::optional<SubExp> &acc, SubExp c) {
            acc = acc ? emit_binop(out, BinOpKind::LogAnd, *acc, c, b1) : c;
        };
        if (sign >= 0) { // 0 <= from <= to <= n
            SubExp from = r.has_start ? r.start : SubExp::i64(0), to = r.has_end ? r.end : n;
            if (sign == 0)
                all(ok_pos, emit_binop(out, BinOpKind::Lt, SubExp::i64(0), r.stride, b1));
            all(ok_pos, emit_binop(out, BinOpKind::Le, SubExp::i64(0), from, b1));
            all(ok_pos, emit_binop(out, BinOpKind::Le, from, to, b1));
            all(ok_pos, emit_binop(out, BinOpKind::Le, to, n, b1));
            cnt_pos = emit_binop(then_b.stms, BinOpKind::Sub, to, from, i64);
            if (r.has_stride && !(r.stride == SubExp::i64(1))) {
                SubExp st1 = emit_binop(then_b.stms, BinOpKind::Sub, r.stride, SubExp::i64(1), i64);
                cnt_pos = emit_binop(then_b.stms, BinOpKind::Add, cnt_pos, st1, i64);
                cnt_pos = emit_binop(then_b.stms, BinOpKind::Div, cnt_pos, r.stride, i64);
            }
        }
        if (sign <= 0) { // -1 <= to < from <= n - 1
            SubExp last1 = emit_binop(out, BinOpKind::Sub, n, SubExp::i64(1), i64);
            SubExp from = r.has_start ? r.start : last1, to = r.has_end ? r.end : SubExp::i64(-1);
            if (sign == 0)
                all(ok_neg, emit_binop(out, BinOpKind::Lt, r.stride, SubExp::i64(0), b1));
            all(ok_neg, emit_binop(out, BinOpKind::Le, SubExp::i64(-1), to, b1));
            all(ok_neg, emit_binop(out, BinOpKind::Lt, to, from, b1));
            all(ok_neg, emit_binop(out, BinOpKind::Le, from, last1, b1));
            SubExp neg = emit_binop(then_b.stms, BinOpKind::Sub, SubExp::i64(0), r.stride, i64);
            cnt_neg = emit_binop(then_b.stms, BinOpKind::Sub, from, to, i64);
            cnt_neg = emit_binop(then_b.stms, BinOpKind::Add, cnt_neg, neg, i64);
            cnt_neg = emit_binop(then_b.stms, BinOpKind::Sub, cnt_neg, SubExp::i64(1), i64);
            cnt_neg = emit_binop(then_b.stms, BinOpKind::Div, cnt_neg, neg, i64);
        }
        SubExp cnt;
        if (sign > 0) {
            both(*ok_pos);
            cnt = cnt_pos;
        } else if (sign < 0) {
            both(*ok_neg);
            cnt = cnt_neg;
        } else { // one of the two holds; the other count is multiplied by 0
            both(emit_binop(out, BinOpKind::LogOr, *ok_pos, *ok_neg, b1));
            SubExp pos = emit_binop(then_b.stms, BinOpKind::Lt, SubExp::i64(0), r.stride, b1);
            SubExp negf = emit_binop(then_b.stms, BinOpKind::Lt, r.stride, SubExp::i64(0), b1);
            cnt = emit_binop(then_b.stms, BinOpKind::Add, times_flag(then_b.stms, pos, cnt_pos),
                      times_flag(then_b.stms, negf, cnt_neg), i64);
        }
        then_b.result = {cnt};
        Var n2 = fresh("n"), s2 = fresh("sl");
        Type t = st.pat[1].type;
        t.dims[0] = SubExp::of(n2);
        else_b.stms.push_back(Stm{{{n2, i64}, {s2, t}}, st.exp});
        else_b.result = {SubExp::of(n2)};
        out.push_back(Stm{{st.pat[0]}, IfExp::make(*ok, std::move(then_b), std::move(else_b), {i64})});
    }

    // ------------------------------------------------------------ tidying

    /** Map results of the Scremas made here that repeat another result or just copy an
     * input row become copies of that array after the statement. */
    void tidy(Body &b) {
        std::vector<Stm> out;
        for (Stm &st : b.stms) {
            if (!created_.count(st.exp.get())) {
                out.push_back(std::move(st));
                continue;
            }
            Node n = node(st);
            std::unordered_map<int, SubExp> copies; // in-lambda `let x = atom`
            for (const Stm &s : n.lam.body.stms)
                if (auto *a = s.exp->as<AtomExp>(); a && s.pat.size() == 1)
                    copies[s.pat[0].var.id] = a->x;
            auto resolve = [&](SubExp x) {
                for (int guard = 0; !x.is_const && copies.count(x.var.id) && guard < 1000; guard++)
                    x = copies[x.var.id];
                return x;
            };
            Node kept = n;
            kept.lam.body.result.resize(n.first_map());
            kept.lam.ret.resize(n.first_map());
            kept.pat.resize(n.first_map());
            std::vector<Stm> after;
            std::vector<std::pair<SubExp, Var>> seen; // resolved result -> array
            for (size_t k = n.first_map(); k < n.pat.size(); k++) {
                SubExp r = resolve(n.lam.body.result[k]);
                const Param &p = n.pat[k];
                std::optional<Var> same;
                for (auto &[x, v] : seen)
                    if (x == r)
                        same = v;
                for (size_t t = 0; !same && !r.is_const && t < n.inputs.size(); t++)
                    if (n.lam.params[t].var == r.var)
                        same = n.inputs[t];
                if (same) {
                    after.push_back(Stm{{p}, AtomExp::make(SubExp::of(*same))});
                    continue;
                }
                seen.push_back({r, p.var});
                kept.lam.body.result.push_back(n.lam.body.result[k]);
                kept.lam.ret.push_back(n.lam.ret[k]);
                kept.pat.push_back(p);
            }
            if (after.empty()) {
                out.push_back(std::move(st));
                continue;
            }
            if (!kept.pat.empty() || passes::can_fail(st)) // dead, kept as the simplifier keeps it
                out.push_back(stm_of(std::move(kept)));
            for (Stm &s : after)
                out.push_back(std::move(s));
        }
        b.stms = std::move(out);
    }
};

} // namespace

FusionStats fuse(ir::Module &m) {
    PrimOf types;
    for (const ir::Function &fn : m.functions) {
        collect_types(types, fn.size_params);
        collect_types(types, fn.params);
        collect_types(types, fn.body);
    }
    Fuser f(m, types);
    for (ir::Function &fn : m.functions)
        f.body(fn.body);
    return f.stats;
}

} // namespace loom::passes
