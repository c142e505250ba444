// The simplifier (see Simplify.h).  Each round is one forward walk (substitution, folding,
// identities, CSE, hoisting, splicing constant ifs) and one backward walk (dead code);
// rounds repeat until nothing changes.
#include "compiler/passes/Simplify.h"

#include "compiler/passes/Rewrite.h"

#include <cmath>
#include <sstream>
#include <unordered_set>

namespace loom::passes {

using ir::BinOpKind;
using ir::Body;
using ir::Exp;
using ir::ExpKind;
using ir::ExpPtr;
using ir::Lambda;
using ir::Param;
using ir::Stm;
using ir::SubExp;
using ir::Type;
using ir::Var;

namespace {

using Atoms = std::vector<SubExp>;

bool is_int_const(const SubExp &s, int64_t v) {
    return s.is_const && is_int(s.value.type) && s.value.i == v;
}
bool is_float_const(const SubExp &s, double v) {
    return s.is_const && is_float(s.value.type) && s.value.f == v && !std::signbit(s.value.f);
}
bool is_bool_const(const SubExp &s, bool v) {
    return s.is_const && s.value.type == PrimType::Bool && s.value.b == v;
}
bool same_var(const SubExp &a, const SubExp &b) {
    return !a.is_const && a == b;
}
SubExp zero(PrimType t) {
    return SubExp::constant(PrimValue::integer(t, 0));
}

/** Statements worth sharing: no bodies, and not fresh arrays a later in-place update could
 * want for itself (replicate, literals, updates, ...). */
bool cse_kind(ExpKind k) {
    switch (k) {
    case ExpKind::UnOp:
    case ExpKind::BinOp:
    case ExpKind::Math:
    case ExpKind::Foreign: // pure (docs/language.md)
    case ExpKind::Convert:
    case ExpKind::Assert:
    case ExpKind::Iota:
    case ExpKind::Index:
    case ExpKind::Slice:
    case ExpKind::Transpose:
    case ExpKind::Coerce:
        return true;
    default:
        return false;
    }
}

/** Whether `s` has an unchecked access (or size) whose safety may rest on a check that
 * bounds-check elimination placed before the loop or SOAC around `s` (guarded by the loop
 * running), so `s` must not move out of it: an index from outside `s` (a constant one too,
 * unless its dimension is a constant it is within), into an array from outside `s`.  An
 * index bound inside `s` ranges over `s`'s own loop or SOAC.  (A chosen row's element
 * `xs[unchecked at, 0]`, safe because a map around it runs only when rows have elements,
 * ran hoisted on rows of none: fuzzer seed 1469.) */
bool has_guarded_access(const Stm &s, const std::unordered_set<int> &sizes,
                        const std::unordered_map<int, Type> &types) {
    std::unordered_set<int> inner;
    for_each_binder(*s.exp, [&](const Param &p) { inner.insert(p.var.id); });
    auto guarded = [&](const Exp &e) {
        const Var *arr = nullptr;
        const std::vector<SubExp> *idx = nullptr;
        if (auto *n = e.as<ir::IndexExp>(); n && !n->checked)
            arr = &n->arr, idx = &n->idx;
        else if (auto *u = e.as<ir::UpdateExp>(); u && !u->checked)
            arr = &u->arr, idx = &u->idx;
        // The same for an iota or replicate whose size was proven >= 0, unless the size
        // is one everywhere (`sizes`: the function's size params and its params' dims).
        auto *io = e.as<ir::IotaExp>();
        auto *rep = e.as<ir::ReplicateExp>();
        if ((io && !io->checked) || (rep && !rep->checked)) {
            const SubExp &n = io ? io->n : rep->n;
            return !n.is_const && !inner.count(n.var.id) && !sizes.count(n.var.id);
        }
        if (!arr || inner.count(arr->id))
            return false;
        auto t = types.find(arr->id);
        for (size_t d = 0; d < idx->size(); d++) {
            const SubExp &i = (*idx)[d];
            if (!i.is_const && inner.count(i.var.id))
                continue;
            const SubExp *dim =
                t != types.end() && d < t->second.dims.size() ? &t->second.dims[d] : nullptr;
            if (i.is_const && dim && dim->is_const && i.value.as_i64() >= 0 &&
                i.value.as_i64() < dim->value.as_i64())
                continue;
            return true;
        }
        return false;
    };
    bool found = guarded(*s.exp);
    for (const Body *b : nested_bodies(*s.exp))
        for_each_stm(*b, [&](const Stm &t) { found = found || guarded(*t.exp); });
    return found;
}

struct Simplifier {
    Simplifier(SimplifyStats &s, int &next_var_id) : st(s), next_id(next_var_id) {}
    SimplifyStats &st;
    int &next_id; ///< the module's, for the few statements a rule makes
    int changes = 0;
    std::unordered_map<int, Type> types; ///< every var's type, from the start of the round
    std::unordered_set<int> sizes;        ///< vars that are sizes throughout the function
    std::unordered_map<int, SubExp> subst;
    std::unordered_map<int, ExpPtr> defs;         ///< single-value statements seen so far
    std::unordered_map<std::string, Atoms> avail; ///< CSE: statement text -> its values
    std::vector<std::string> avail_log;           ///< keys in insertion order, for scopes
    std::unordered_map<int, int> uses;            ///< every var's uses, from the start of the round

    // ------------------------------------------------------------ substitution

    SubExp sub(const SubExp &s) const {
        if (s.is_const)
            return s;
        auto it = subst.find(s.var.id);
        return it == subst.end() ? s : it->second;
    }
    Var var(const Var &v) const {
        SubExp s = sub(SubExp::of(v));
        internal_assert(!s.is_const);
        return s.var;
    }
    Type type(const Type &t) const {
        Type r = t;
        for (SubExp &d : r.dims)
            d = sub(d);
        return r;
    }
    Atoms subs(const Atoms &xs) const {
        Atoms r;
        for (const SubExp &x : xs)
            r.push_back(sub(x));
        return r;
    }
    PrimType type_of(const SubExp &s) const {
        return s.is_const ? s.value.type : types.at(s.var.id).elem;
    }
    const Exp *def(const SubExp &s) const {
        if (s.is_const)
            return nullptr;
        auto it = defs.find(s.var.id);
        return it == defs.end() ? nullptr : it->second.get();
    }
    void bind(const std::vector<Param> &pat, const Atoms &vals) {
        internal_assert(pat.size() == vals.size());
        for (size_t i = 0; i < pat.size(); i++)
            subst[pat[i].var.id] = vals[i];
        changes++;
    }

    // ------------------------------------------------------------ bodies

    /** Simplifies a nested body in its own CSE scope. */
    Body scoped(const Body &b) {
        size_t mark = avail_log.size();
        Body out;
        for (const Stm &s : b.stms)
            stm(s, out);
        out.result = subs(b.result);
        for (size_t i = mark; i < avail_log.size(); i++)
            avail.erase(avail_log[i]);
        avail_log.resize(mark);
        return out;
    }

    /** Moves the statements of `b` that use none of `bound` (nor vars bound before them in
     * `b`) and cannot fail to `out`. */
    void hoist(Body &b, std::unordered_set<int> bound, Body &out) {
        std::vector<Stm> kept;
        for (Stm &s : b.stms) {
            bool invariant = true;
            for_each_use(s, [&](const Var &v) { invariant = invariant && !bound.count(v.id); });
            if (invariant && !can_fail(s) && !has_guarded_access(s, sizes, types)) {
                out.stms.push_back(std::move(s));
                st.hoisted++;
                changes++;
                continue;
            }
            for (const Param &p : s.pat)
                bound.insert(p.var.id);
            kept.push_back(std::move(s));
        }
        b.stms = std::move(kept);
    }

    Lambda lambda(const Lambda &l, Body &out) {
        Lambda r;
        std::unordered_set<int> bound;
        for (const Param &p : l.params) {
            r.params.push_back(Param{p.var, type(p.type)});
            bound.insert(p.var.id);
        }
        r.body = scoped(l.body);
        for (const Type &t : l.ret)
            r.ret.push_back(type(t));
        hoist(r.body, bound, out);
        return r;
    }

    /** The loop with its invariant statements moved to `out`. */
    ExpPtr hoist_loop(const ir::LoopExp &n, Body &out) {
        std::unordered_set<int> bound;
        for (const Param &p : n.params)
            bound.insert(p.var.id);
        if (n.form == ir::LoopExp::Form::For)
            bound.insert(n.index.var.id);
        Body body = n.body;
        size_t before = body.stms.size();
        hoist(body, bound, out);
        if (body.stms.size() == before)
            return nullptr;
        return located(ir::LoopExp::make(n.params, n.inits, n.form, n.index, n.bound, n.cond, body),
                       n.loc);
    }

    /** The loop values of `s` that each iteration gives back as they are, or as their
     * initial values (a size carried along): their params are their initial values,
     * which `stm` then substitutes in the body. */
    std::vector<size_t> invariant_loop_values(const Stm &s) {
        std::vector<size_t> out;
        auto *n = s.exp->as<ir::LoopExp>();
        for (size_t i = 0; n && i < n->params.size(); i++) {
            const SubExp &r = n->body.result[i];
            if ((!r.is_const && r.var == n->params[i].var) || sub(r) == sub(n->inits[i])) {
                subst[n->params[i].var.id] = sub(n->inits[i]);
                out.push_back(i);
            }
        }
        return out;
    }

    /** `ns`, a loop whose values `drop` are known without it (their initial values
     * throughout, or `vals`), without them (their results bound to those).  False where
     * nothing is left to run: the loop could not fail and all its values were known. */
    bool without_loop_values(Stm &ns, const std::vector<size_t> &drop, Atoms vals = {}) {
        auto *n = ns.exp->as<ir::LoopExp>();
        if (drop.size() == n->params.size() && can_fail(ns))
            return true; // (a loop of no values: kept as it is)
        bool inits_known = vals.empty();
        std::vector<Param> params, pat, gone;
        Atoms inits, results;
        for (size_t i = 0, k = 0; i < n->params.size(); i++) {
            if (k < drop.size() && drop[k] == i) {
                k++;
                gone.push_back(ns.pat[i]);
                if (inits_known)
                    vals.push_back(n->inits[i]);
                continue;
            }
            params.push_back(n->params[i]);
            pat.push_back(ns.pat[i]);
            inits.push_back(n->inits[i]);
            results.push_back(n->body.result[i]);
        }
        bind(gone, vals);
        st.folded++;
        if (params.empty())
            return false;
        for (Param &p : pat) // (a size among them: the others' types name it)
            p.type = type(p.type);
        for (Param &p : params)
            p.type = type(p.type);
        Body body = n->body;
        body.result = std::move(results);
        ns.exp = located(ir::LoopExp::make(std::move(params), std::move(inits), n->form, n->index,
                                           n->bound, n->cond, std::move(body)),
                         n->loc);
        ns.pat = std::move(pat);
        return true;
    }

    /** `loop acc = a for i < n do acc + c` on integers, c the same in every iteration: a
     * + max(n, 0) * c, which wraps as the additions do (`acc - c` likewise; Futhark's
     * loops/loop18).  The loop keeps its other values; false where none is left. */
    bool sums_of_invariants(Stm &ns, Body &out) {
        auto *n = ns.exp->as<ir::LoopExp>();
        if (!n || n->form != ir::LoopExp::Form::For)
            return true;
        std::unordered_set<int> inner;
        for_each_binder(*ns.exp, [&](const Param &p) { inner.insert(p.var.id); });
        std::unordered_map<int, int> count;
        auto counted = [&](const Var &v) { count[v.id]++; };
        for_each_use(n->body, counted);
        for (const Param &p : n->params)
            for_each_use(p.type, counted);
        std::unordered_map<int, size_t> at; // body statement binding each single var
        for (size_t k = 0; k < n->body.stms.size(); k++)
            if (n->body.stms[k].pat.size() == 1)
                at[n->body.stms[k].pat[0].var.id] = k;
        std::vector<size_t> drop, gone_stms;
        std::vector<std::pair<BinOpKind, SubExp>> steps;
        for (size_t i = 0; i < n->params.size(); i++) {
            const Param &p = n->params[i];
            const SubExp &r = n->body.result[i];
            if (p.type.rank() != 0 || !is_int(p.type.elem) || r.is_const || !at.count(r.var.id) ||
                count[p.var.id] != 1 || count[r.var.id] != 1)
                continue;
            auto *b = n->body.stms[at[r.var.id]].exp->as<ir::BinOpExp>();
            if (!b || (b->op != BinOpKind::Add && b->op != BinOpKind::Sub))
                continue;
            bool left = same_var(b->x, SubExp::of(p.var));
            if (!left && (b->op == BinOpKind::Sub || !same_var(b->y, SubExp::of(p.var))))
                continue;
            const SubExp &c = left ? b->y : b->x;
            if (!c.is_const && inner.count(c.var.id))
                continue;
            drop.push_back(i);
            gone_stms.push_back(at[r.var.id]);
            steps.push_back({b->op, c});
        }
        if (drop.empty() || (drop.size() == n->params.size() && can_fail(ns)))
            return true;
        // The number of iterations, in each value's type.
        PrimType bt = n->index.type.elem;
        auto make = [&](PrimType t, const char *base, ExpPtr e) {
            Param q{Var{next_id++, base}, Type::scalar(t)};
            types[q.var.id] = q.type;
            stm(Stm{{q}, located(std::move(e), n->loc)}, out);
            return sub(SubExp::of(q.var));
        };
        SubExp iters = make(bt, "iters",
                            ir::MathExp::make(interp::MathFn::Max, bt, bt,
                                              {n->bound, SubExp::constant(PrimValue::integer(bt, 0))},
                                              n->loc));
        Atoms vals;
        for (size_t k = 0; k < drop.size(); k++) {
            PrimType t = n->params[drop[k]].type.elem;
            SubExp m = t == bt ? iters : make(t, "iters", ir::ConvertExp::make(t, iters));
            SubExp total = make(t, "total", ir::BinOpExp::make(BinOpKind::Mul, m, steps[k].second, n->loc));
            vals.push_back(make(t, "sum", ir::BinOpExp::make(steps[k].first, n->inits[drop[k]], total, n->loc)));
        }
        Body body;
        for (size_t k = 0; k < n->body.stms.size(); k++)
            if (std::find(gone_stms.begin(), gone_stms.end(), k) == gone_stms.end())
                body.stms.push_back(n->body.stms[k]);
        body.result = n->body.result;
        ns.exp = located(ir::LoopExp::make(n->params, n->inits, n->form, n->index, n->bound,
                                           n->cond, std::move(body)),
                         n->loc);
        return without_loop_values(ns, drop, std::move(vals));
    }

    /** An element of a map's result that nothing else reads, `(map f xs)[i]`: f of xs[i]
     * where it is read (`for x in map f (iota n)` makes no array), when f is a few scalar
     * operations that cannot fail.  The map, unused then, goes in this round's dead-code
     * walk; the lambda's own vars bind the spliced statements until then. */
    bool element_of_map(const Stm &s, Body &out) {
        auto *ix = s.exp->as<ir::IndexExp>();
        if (!ix || ix->idx.size() != 1 || !(sub(SubExp::of(ix->arr)) == SubExp::of(ix->arr)))
            return false;
        auto d = defs.find(ix->arr.id);
        auto *m = d == defs.end() ? nullptr : d->second->as<ir::MapExp>();
        auto u = uses.find(ix->arr.id);
        if (!m || u == uses.end() || u->second != 1 || m->lam.body.stms.size() > 16)
            return false;
        for (const Param &p : m->lam.params)
            if (p.type.rank() != 0)
                return false;
        for (const Stm &t : m->lam.body.stms) {
            ExpKind k = t.exp->kind;
            if (!(k == ExpKind::Atom || k == ExpKind::UnOp || k == ExpKind::BinOp ||
                  k == ExpKind::Convert || k == ExpKind::Math) ||
                can_fail(t))
                return false;
        }
        for (size_t k = 0; k < m->lam.params.size(); k++)
            stm(Stm{{m->lam.params[k]},
                    ir::IndexExp::make(m->inputs[k], ix->idx, ix->checked, s.exp->loc)},
                out);
        for (const Stm &t : m->lam.body.stms)
            stm(t, out);
        bind(s.pat, subs(m->lam.body.result));
        st.folded++;
        return true;
    }

    void stm(const Stm &s, Body &out) {
        if (element_of_map(s, out))
            return;
        if (auto *n = s.exp->as<ir::LoopExp>()) {
            SubExp b = sub(n->bound);
            if (n->form == ir::LoopExp::Form::For && b.is_const && b.value.as_i64() == 1) {
                // One iteration (Futhark's loops/loop9): the body, once, with index 0.
                bind(n->params, subs(n->inits));
                bind({n->index}, {SubExp::constant(PrimValue::integer(n->index.type.elem, 0))});
                for (const Stm &t : n->body.stms)
                    stm(t, out);
                bind(s.pat, subs(n->body.result));
                st.folded++;
                return;
            }
        }
        if (auto *n = s.exp->as<ir::IfExp>()) {
            SubExp c = sub(n->cond);
            if (c.is_const) { // splice the branch that runs
                const Body &b = c.value.b ? n->then_body : n->else_body;
                for (const Stm &t : b.stms)
                    stm(t, out);
                bind(s.pat, subs(b.result));
                st.folded++;
                return;
            }
        }
        std::vector<size_t> invariant = invariant_loop_values(s);
        ExpRebuild r;
        r.sub = [&](const SubExp &x) { return sub(x); };
        r.var = [&](const Var &v) { return var(v); };
        r.type = [&](const Type &t) { return type(t); };
        r.body = [&](const Body &b) { return scoped(b); };
        r.lambda = [&](const Lambda &l) { return lambda(l, out); };
        ExpPtr e = rebuild(*s.exp, r);
        if (ExpPtr o = offsets(*e))
            e = o;
        Stm ns{{}, e};
        for (const Param &p : s.pat)
            ns.pat.push_back(Param{p.var, type(p.type)});
        if (!invariant.empty() && !without_loop_values(ns, invariant))
            return;
        if (!sums_of_invariants(ns, out))
            return;
        e = ns.exp;
        if (auto *loop = e->as<ir::LoopExp>())
            if (ExpPtr h = hoist_loop(*loop, out))
                ns.exp = e = h;
        if (std::optional<Atoms> vals = fold(ns)) {
            if (!e->as<ir::AtomExp>())
                st.folded++;
            bind(ns.pat, *vals);
            return;
        }
        if (cse_kind(e->kind)) {
            std::ostringstream key;
            key << *e;
            auto [it, fresh] = avail.emplace(key.str(), Atoms{});
            if (!fresh) {
                bind(ns.pat, it->second);
                st.cse++;
                return;
            }
            for (const Param &p : ns.pat)
                it->second.push_back(SubExp::of(p.var));
            avail_log.push_back(key.str());
        }
        if (ns.pat.size() == 1)
            defs[ns.pat[0].var.id] = e;
        out.stms.push_back(std::move(ns));
    }

    // ------------------------------------------------------------ folding

    /** `(x ± a) ± b` on integers as `x + c` (or `x - c` for a negative c of a signed
     * type), c = ±a ± b: exact, since integer arithmetic wraps.  Lowered slices leave
     * such chains (`n - 1 - -1 + 1 - 1`); folded one link at a time, as each link's
     * operand is already the folded one, they reduce to `n`.  A lone `x + -a` becomes
     * `x - a` too (an inlined `i + d` with d = -1), the form bounds checks and the
     * stencil tiles recognise. */
    ExpPtr offsets(const Exp &e) const {
        auto offset_of = [&](const Exp *d) -> const ir::BinOpExp * {
            auto *n = d ? d->as<ir::BinOpExp>() : nullptr;
            bool ok = n && (n->op == BinOpKind::Add || n->op == BinOpKind::Sub) && !n->x.is_const &&
                      n->y.is_const && is_int(n->y.value.type);
            return ok ? n : nullptr;
        };
        const ir::BinOpExp *n = offset_of(&e), *in = n ? offset_of(def(n->x)) : nullptr;
        if (n && !in && n->op == BinOpKind::Add && is_signed_int(n->y.value.type)) {
            const PrimValue &a = n->y.value;
            PrimValue neg = interp::eval_binop(BinOpKind::Sub, zero(a.type).value, a, n->loc);
            if (a.as_i64() < 0 && neg.as_i64() > 0) // not the lowest value, whose negation wraps
                return ir::BinOpExp::make(BinOpKind::Sub, n->x, SubExp::constant(neg), n->loc);
        }
        if (!in)
            return nullptr;
        const PrimType t = n->y.value.type;
        auto signed_offset = [&](const ir::BinOpExp &b) {
            return b.op == BinOpKind::Add ? b.y.value
                                          : interp::eval_binop(BinOpKind::Sub, zero(t).value, b.y.value, b.loc);
        };
        PrimValue c = interp::eval_binop(BinOpKind::Add, signed_offset(*in), signed_offset(*n), n->loc);
        BinOpKind op = BinOpKind::Add;
        if (is_signed_int(t) && c.as_i64() < 0) {
            op = BinOpKind::Sub;
            c = PrimValue::integer(t, 0 - (uint64_t)c.as_i64());
        }
        return ir::BinOpExp::make(op, in->x, SubExp::constant(c), n->loc);
    }

    /** The values of `s` when they are known without running it (atoms already
     * substituted, bodies already simplified). */
    std::optional<Atoms> fold(const Stm &s) const {
        const Exp &e = *s.exp;
        auto one = [](SubExp x) { return std::optional<Atoms>(Atoms{std::move(x)}); };
        auto value = [&](PrimValue v) { return one(SubExp::constant(v)); };
        try {
            if (std::optional<PrimValue> c = constant_value(e))
                return value(*c);
            switch (e.kind) {
            case ExpKind::Atom:
                return one(e.as<ir::AtomExp>()->x);
            case ExpKind::UnOp: {
                auto *n = e.as<ir::UnOpExp>();
                if (auto *inner = def(n->x) ? def(n->x)->as<ir::UnOpExp>() : nullptr;
                    inner && inner->op == n->op)
                    return one(inner->x); // neg (neg x), not (not x)
                return std::nullopt;
            }
            case ExpKind::BinOp:
                return binop(*e.as<ir::BinOpExp>());
            case ExpKind::Convert: {
                auto *n = e.as<ir::ConvertExp>();
                if (type_of(n->x) == n->to)
                    return one(n->x);
                return std::nullopt;
            }
            case ExpKind::Assert: {
                auto *n = e.as<ir::AssertExp>();
                return is_bool_const(n->cond, true) ? one(n->cond) : std::nullopt;
            }
            case ExpKind::Map:
                return identity_map(s);
            case ExpKind::Coerce: {
                auto *n = e.as<ir::CoerceExp>();
                if (type(types.at(n->arr.id)).dims == n->dims)
                    return one(SubExp::of(n->arr));
                return std::nullopt;
            }
            case ExpKind::Index: {
                // An element of an array literal or a replicate (of those, for several
                // indices), at an index known to be within it; of an iota, the index
                // (`for x in iota n` reads no array).
                auto *n = e.as<ir::IndexExp>();
                SubExp x = SubExp::of(n->arr);
                // What an update just wrote at the same index (`let xs[i] = v in xs[i]`;
                // the update, checked where the index is, fails first out of bounds).
                if (auto *up = def(x) ? def(x)->as<ir::UpdateExp>() : nullptr;
                    up && up->idx == n->idx && (up->checked || !n->checked))
                    return one(up->value);
                auto within = [&](const SubExp &c, const SubExp &size) {
                    return !n->checked || (c.is_const && size.is_const && c.value.i >= 0 &&
                                           c.value.i < size.value.i);
                };
                for (const SubExp &c : n->idx) {
                    const Exp *d = def(x);
                    if (auto *lit = d ? d->as<ir::ArrayLitExp>() : nullptr) {
                        if (!c.is_const || c.value.i < 0 || c.value.i >= (int64_t)lit->elems.size())
                            return std::nullopt;
                        x = lit->elems[(size_t)c.value.i];
                    } else if (auto *rep = d ? d->as<ir::ReplicateExp>() : nullptr;
                               rep && within(c, rep->n))
                        x = rep->x;
                    else if (auto *io = d ? d->as<ir::IotaExp>() : nullptr;
                             io && &c == &n->idx.back() && within(c, io->n))
                        x = c;
                    else
                        return std::nullopt;
                }
                return one(x);
            }
            case ExpKind::If:
                return if_branches(*e.as<ir::IfExp>());
            case ExpKind::Loop: {
                auto *n = e.as<ir::LoopExp>();
                if (n->form == ir::LoopExp::Form::For && n->bound.is_const &&
                    n->bound.value.as_i64() <= 0)
                    return n->inits;
                return std::nullopt;
            }
            default:
                return std::nullopt;
            }
        } catch (const RuntimeError &) {
            return std::nullopt; // fails at run time: leave it there
        }
    }

    /** A map whose lambda gives back its params (a `zip`): its inputs, where of its
     * results' types. */
    std::optional<Atoms> identity_map(const Stm &s) const {
        auto *n = s.exp->as<ir::MapExp>();
        const Lambda &l = n->lam;
        if (!l.body.stms.empty())
            return std::nullopt;
        Atoms out;
        for (size_t i = 0; i < l.body.result.size(); i++) {
            const SubExp &r = l.body.result[i];
            size_t j = 0;
            while (j < l.params.size() && (r.is_const || !(l.params[j].var == r.var)))
                j++;
            if (j == l.params.size() || !(type(types.at(n->inputs[j].id)) == s.pat[i].type))
                return std::nullopt;
            out.push_back(SubExp::of(n->inputs[j]));
        }
        return out;
    }

    /** `if c then a else a` (nothing in either branch can fail), `if c then true else false`. */
    std::optional<Atoms> if_branches(const ir::IfExp &n) const {
        const Body &t = n.then_body, &e = n.else_body;
        if (can_fail(t) || can_fail(e))
            return std::nullopt;
        if (t.result == e.result)
            return t.result;
        if (t.result.size() == 1 && is_bool_const(t.result[0], true) &&
            is_bool_const(e.result[0], false))
            return Atoms{n.cond};
        return std::nullopt;
    }

    std::optional<Atoms> binop(const ir::BinOpExp &n) const {
        const SubExp &x = n.x, &y = n.y; // (not both constants: constant_value)
        PrimType t = type_of(x.is_const ? x : y);
        bool in = is_int(t), fl = is_float(t);
        auto r = [](SubExp v) { return std::optional<Atoms>(Atoms{std::move(v)}); };
        auto truth = [](bool b) { return Atoms{SubExp::constant(PrimValue::boolean(b))}; };
        switch (n.op) {
        case BinOpKind::Add:
            if (in && is_int_const(y, 0))
                return r(x);
            if (in && is_int_const(x, 0))
                return r(y);
            break;
        case BinOpKind::Sub:
            if ((in && is_int_const(y, 0)) || (fl && is_float_const(y, 0)))
                return r(x);
            if (in && same_var(x, y))
                return r(zero(t));
            break;
        case BinOpKind::Mul:
            if (is_int_const(y, 1) || is_float_const(y, 1))
                return r(x);
            if (is_int_const(x, 1) || is_float_const(x, 1))
                return r(y);
            if (is_int_const(x, 0) || is_int_const(y, 0))
                return r(zero(t));
            break;
        case BinOpKind::Div:
        case BinOpKind::Quot:
            if (is_int_const(y, 1) || (n.op == BinOpKind::Div && is_float_const(y, 1)))
                return r(x);
            break;
        case BinOpKind::Mod:
        case BinOpKind::Rem:
            if (is_int_const(y, 1))
                return r(zero(t));
            break;
        case BinOpKind::LogAnd:
        case BinOpKind::LogOr: {
            bool unit = n.op == BinOpKind::LogAnd; // true && y == y; false || y == y
            if (is_bool_const(x, unit))
                return r(y);
            if (is_bool_const(y, unit))
                return r(x);
            if (is_bool_const(x, !unit) || is_bool_const(y, !unit))
                return truth(!unit);
            if (same_var(x, y))
                return r(x);
            break;
        }
        case BinOpKind::BitAnd:
        case BinOpKind::BitOr:
            if (!fl && same_var(x, y))
                return r(x);
            break;
        case BinOpKind::Xor:
            if (in && same_var(x, y))
                return r(zero(t));
            break;
        case BinOpKind::Eq:
        case BinOpKind::Le:
        case BinOpKind::Ge:
            if (!fl && same_var(x, y))
                return truth(true);
            break;
        case BinOpKind::Neq:
        case BinOpKind::Lt:
        case BinOpKind::Gt:
            if (!fl && same_var(x, y))
                return truth(false);
            break;
        default:
            break;
        }
        return std::nullopt;
    }

    // ------------------------------------------------------------ dead code

    /** `b` without the statements whose values nobody uses and that cannot fail; `live`
     * holds the vars used after `b` (besides its result). */
    Body dead(const Body &b, std::unordered_set<int> live) {
        for (const SubExp &x : b.result)
            if (!x.is_const)
                live.insert(x.var.id);
        ExpRebuild r;
        r.body = [&](const Body &nb) { return dead(nb, {}); };
        std::vector<Stm> kept;
        for (auto it = b.stms.rbegin(); it != b.stms.rend(); ++it) {
            bool used = false;
            for (const Param &p : it->pat)
                used = used || live.count(p.var.id);
            if (!used && !can_fail(*it)) {
                st.dead++;
                changes++;
                continue;
            }
            Stm s = without_unused_results(*it, live);
            s.exp = nested_bodies(*s.exp).empty() ? s.exp : rebuild(*s.exp, r);
            s = without_unread_inputs(s);
            s = with_hist_tuples_split(s);
            for_each_use(s, [&](const Var &v) { live.insert(v.id); });
            kept.push_back(std::move(s));
        }
        return Body{{kept.rbegin(), kept.rend()}, b.result};
    }

    /** A map or screma (`e`) with map lambda `lam` over `inputs`, the rest as it is. */
    ExpPtr with_map_lambda(const Exp &e, Lambda lam, std::vector<Var> inputs) {
        st.dead++;
        changes++;
        if (auto *map = e.as<ir::MapExp>())
            return located(ir::MapExp::make(map->w, std::move(lam), std::move(inputs)), e.loc);
        const auto *sc = e.as<ir::ScremaExp>();
        return located(ir::ScremaExp::make(sc->w, std::move(inputs), sc->scans, sc->reduces,
                                           std::move(lam), sc->fused),
                       e.loc);
    }

    /** The lambda results, results and pattern of a map (or a screma's plain map results)
     * that are used (in `live`), or `s` when all are (or none: `s` is kept for its
     * failure).  (A filter's results are its inputs' rows, not its lambda's.) */
    Stm without_unused_results(const Stm &s, const std::unordered_set<int> &live) {
        const MapLike ml = map_like(*s.exp);
        if (!ml.lam || s.exp->kind == ExpKind::Filter)
            return s;
        const auto *sc = s.exp->as<ir::ScremaExp>();
        const size_t first = sc ? (size_t)(sc->num_scan_results() + sc->num_reduce_results()) : 0;
        std::vector<bool> keep(s.pat.size(), true);
        size_t kept = s.pat.size();
        for (size_t i = first; i < s.pat.size(); i++)
            if (!live.count(s.pat[i].var.id)) {
                keep[i] = false;
                kept--;
            }
        if (kept == s.pat.size() || kept == 0)
            return s;
        Stm o;
        Lambda lam = *ml.lam;
        lam.body.result.clear();
        lam.ret.clear();
        for (size_t i = 0; i < s.pat.size(); i++) {
            if (!keep[i])
                continue;
            o.pat.push_back(s.pat[i]);
            lam.body.result.push_back(ml.lam->body.result[i]);
            lam.ret.push_back(ml.lam->ret[i]);
        }
        o.exp = with_map_lambda(*s.exp, std::move(lam), *ml.inputs);
        return o;
    }

    /** A map or screma without the inputs whose rows its lambda never reads (one kept:
     * the rows' count is the inputs'). */
    Stm without_unread_inputs(const Stm &s) {
        const MapLike ml = map_like(*s.exp);
        if (!ml.lam || s.exp->kind == ExpKind::Filter)
            return s;
        const Lambda &lam = *ml.lam;
        const std::vector<Var> &inputs = *ml.inputs;
        std::unordered_set<int> read;
        auto note = [&](const Var &v) { read.insert(v.id); };
        for_each_use(lam.body, note);
        for (const Type &t : lam.ret)
            for_each_use(t, note);
        for (const Param &p : lam.params)
            for_each_use(p.type, note);
        Lambda l = lam;
        l.params.clear();
        std::vector<Var> ins;
        for (size_t i = 0; i < lam.params.size(); i++)
            if (read.count(lam.params[i].var.id)) {
                l.params.push_back(lam.params[i]);
                ins.push_back(inputs[i]);
            }
        if (ins.size() == inputs.size() || lam.params.size() != inputs.size())
            return s;
        if (ins.empty()) {
            l.params.push_back(lam.params[0]);
            ins.push_back(inputs[0]);
        }
        return {s.pat, with_map_lambda(*s.exp, std::move(l), std::move(ins))};
    }

    /** Operator `lam` of m components (params a_0.. then b_0..) as m operators of one, when
     * component c's result reads only a_c and b_c, through statements reading no other
     * component's params; none otherwise, and while a statement reads no params (hoisting
     * takes it out first: a copy in each operator would bind its var twice). */
    static std::optional<std::vector<Lambda>> split_components(const Lambda &lam, size_t m) {
        constexpr size_t none = SIZE_MAX;
        std::unordered_map<int, size_t> comp; // var -> the one component it depends on
        for (size_t c = 0; c < m; c++) {
            comp[lam.params[c].var.id] = c;
            comp[lam.params[m + c].var.id] = c;
        }
        std::vector<size_t> stm_comp;
        for (const Stm &st : lam.body.stms) {
            size_t c = none;
            bool mixed = false;
            for_each_use(st, [&](const Var &v) {
                auto it = comp.find(v.id);
                if (it == comp.end() || it->second == none)
                    return;
                mixed = mixed || (c != none && c != it->second);
                c = it->second;
            });
            if (mixed || c == none)
                return std::nullopt;
            stm_comp.push_back(c);
            for (const Param &p : st.pat)
                comp[p.var.id] = c;
        }
        std::vector<Lambda> ops(m);
        for (size_t c = 0; c < m; c++) {
            const SubExp &r = lam.body.result[c];
            if (!r.is_const && comp.count(r.var.id) && comp[r.var.id] != none &&
                comp[r.var.id] != c)
                return std::nullopt;
            Lambda &l = ops[c];
            l.params = {lam.params[c], lam.params[m + c]};
            for (size_t i = 0; i < lam.body.stms.size(); i++)
                if (stm_comp[i] == c)
                    l.body.stms.push_back(lam.body.stms[i]);
            l.body.result = {r};
            l.ret = {lam.ret[c]};
        }
        return ops;
    }

    /** A hist whose ops of tuples (several destinations) have operators working component
     * by component, with one op per component: each then gets its own atomics on a GPU
     * (the sums and counts of a mean), not a lock per bin. */
    Stm with_hist_tuples_split(const Stm &s) {
        const auto *h = s.exp->as<ir::HistExp>();
        if (!h)
            return s;
        std::vector<ir::HistOp> ops;
        std::vector<Var> ins;
        Lambda map = h->map_lam;
        map.body.result.clear();
        map.ret.clear();
        bool split = false;
        for (size_t k = 0, at = 0; k < h->ops.size(); at += 1 + h->ops[k].width(), k++) {
            const ir::HistOp &op = h->ops[k];
            std::optional<std::vector<Lambda>> parts;
            if (op.width() > 1)
                parts = split_components(op.lam, op.width());
            split = split || parts;
            for (size_t c = 0; c < op.width(); c++) {
                // The index, then this component's values (an op of its own, or part of op).
                if (parts || c == 0) {
                    if (h->fused()) {
                        map.body.result.push_back(h->map_lam.body.result[at]);
                        map.ret.push_back(h->map_lam.ret[at]);
                    } else {
                        ins.push_back(h->inputs[at]);
                    }
                }
                if (h->fused()) {
                    map.body.result.push_back(h->map_lam.body.result[at + 1 + c]);
                    map.ret.push_back(h->map_lam.ret[at + 1 + c]);
                } else {
                    ins.push_back(h->inputs[at + 1 + c]);
                }
                if (parts)
                    ops.push_back({{op.dests[c]}, (*parts)[c], {op.neutral[c]}});
            }
            if (!parts)
                ops.push_back(op);
        }
        if (!split)
            return s;
        st.folded++;
        changes++;
        return {s.pat, h->fused()
                           ? located(ir::HistExp::make_fused(h->w, std::move(ops), h->inputs,
                                                             std::move(map)),
                                     s.exp->loc)
                           : located(ir::HistExp::make_plain(h->w, std::move(ops), std::move(ins)),
                                     s.exp->loc)};
    }

    void function(ir::Function &f) {
        types = collect_types(f);
        for_each_use(f.body, [&](const Var &v) { uses[v.id]++; });
        sizes = function_sizes(f);
        f.body = scoped(f.body);
        for (Type &t : f.ret)
            t = type(t);
        std::unordered_set<int> live;
        for (const Type &t : f.ret)
            for_each_use(t, [&](const Var &v) { live.insert(v.id); });
        f.body = dead(f.body, live);
    }
};

} // namespace

SimplifyStats simplify(ir::Module &m) {
    SimplifyStats st;
    for (ir::Function &f : m.functions) {
        for (int round = 0; round < 32; round++) {
            Simplifier s(st, m.next_var_id);
            s.function(f);
            st.rounds++;
            if (s.changes == 0)
                break;
        }
    }
    return st;
}

} // namespace loom::passes
