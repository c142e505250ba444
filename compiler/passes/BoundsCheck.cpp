// Bounds-check elimination (see BoundsCheck.h): one walk that carries the facts known at
// each point — `a < b` and `x >= 0` on i64 atoms — from loop ranges, iota inputs of
// map-like SOACs, `if` conditions and assertions, and marks the accesses they prove
// unchecked.  Invariant checks left in a loop body or map lambda move before it, under
// `if 0 < bound`.
#include "compiler/passes/BoundsCheck.h"

#include "compiler/passes/Rewrite.h"

#include <algorithm>
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

bool const_at_least(const SubExp &s, int64_t v) {
    return s.is_const && s.value.as_i64() >= v;
}
bool is_int_zero(const SubExp &s) {
    return s.is_const && is_int(s.value.type) && s.value.i == 0;
}

struct Eliminator {
    Eliminator(ir::Module &mod, BoundsStats &s, const ir::Function &f)
        : m(mod), st(s), types(collect_types(f)) {}
    ir::Module &m;
    BoundsStats &st;
    std::unordered_map<int, Type> types;
    std::unordered_map<int, ExpPtr> defs;
    std::vector<std::pair<SubExp, SubExp>> lt; ///< facts a < b (i64), innermost last
    std::vector<int> nonneg;                   ///< vars known >= 0
    std::vector<int> nonzero;                  ///< vars known != 0

    // ------------------------------------------------------------ facts

    /** (w, x): x >= 0 wherever a SOAC of width w runs a row, from `if 0 < w then
     * assert (0 <= x)` before it (a size check moved out of an earlier map's rows). */
    std::vector<std::pair<SubExp, int>> nonneg_in_rows;

    struct Mark {
        size_t lt, nonneg, nonzero, in_rows;
    };
    Mark mark() const { return {lt.size(), nonneg.size(), nonzero.size(), nonneg_in_rows.size()}; }
    void restore(Mark k) {
        lt.resize(k.lt);
        nonneg.resize(k.nonneg);
        nonzero.resize(k.nonzero);
        nonneg_in_rows.resize(k.in_rows);
    }
    /** x when the bool `c` is `0 <= x` (`0 < x` with `strict`), else null. */
    const SubExp *zero_test(const SubExp &c, bool strict = false) const {
        auto *b = def_as<ir::BinOpExp>(c);
        return b && b->op == (strict ? BinOpKind::Lt : BinOpKind::Le) && is_int_zero(b->x)
                   ? &b->y
                   : nullptr;
    }
    /** Records the `assert (0 <= x)` of `checks`, run when 0 < count (nonneg_in_rows). */
    void note_checks_in_rows(const SubExp &count, const Body &checks) {
        for (const Stm &c : checks.stms)
            if (auto *a = c.exp->as<ir::AssertExp>())
                if (const SubExp *x = zero_test(a->cond); x && !x->is_const)
                    nonneg_in_rows.push_back({count, x->var.id});
    }

    const Exp *def(const SubExp &s) const {
        if (s.is_const)
            return nullptr;
        auto it = defs.find(s.var.id);
        return it == defs.end() ? nullptr : it->second.get();
    }
    template <typename T> const T *def_as(const SubExp &s) const {
        const Exp *d = def(s);
        return d ? d->as<T>() : nullptr;
    }
    bool is_i64(const SubExp &s) const {
        if (s.is_const)
            return s.value.type == PrimType::I64;
        auto it = types.find(s.var.id);
        return it != types.end() && it->second == Type::scalar(PrimType::I64);
    }

    void add_nonneg(const SubExp &x) {
        if (!x.is_const)
            nonneg.push_back(x.var.id);
    }
    void add_lt(const SubExp &a, const SubExp &b) {
        lt.push_back({a, b});
        if (const_at_least(a, -1))
            add_nonneg(b);
    }
    void add_le(const SubExp &a, const SubExp &b) {
        if (const_at_least(a, 0))
            add_nonneg(b);
    }

    /** Records what holds when the bool `c` is `truth`. */
    void cond_facts(const SubExp &c, bool truth, int depth = 0) {
        const Exp *d = def(c);
        if (!d || depth > 16)
            return;
        if (auto *n = d->as<ir::UnOpExp>(); n && n->op == ir::UnOpKind::Not) {
            cond_facts(n->x, !truth, depth + 1);
            return;
        }
        if (auto *n = d->as<ir::IfExp>(); n && n->ret.size() == 1) {
            // The lowering of `a && b` / `a || b`: one branch is the constant !truth.
            const SubExp &t = n->then_body.result[0], &e = n->else_body.result[0];
            auto is = [](const SubExp &s, bool v) {
                return s.is_const && s.value.type == PrimType::Bool && s.value.b == v;
            };
            if (is(e, !truth)) {
                cond_facts(n->cond, true, depth + 1);
                cond_facts(t, truth, depth + 1);
            } else if (is(t, !truth)) {
                cond_facts(n->cond, false, depth + 1);
                cond_facts(e, truth, depth + 1);
            }
            return;
        }
        auto *n = d->as<ir::BinOpExp>();
        if (!n)
            return;
        const SubExp &x = n->x, &y = n->y;
        switch (n->op) {
        case BinOpKind::LogAnd:
        case BinOpKind::LogOr:
            if (truth == (n->op == BinOpKind::LogAnd)) {
                cond_facts(x, truth, depth + 1);
                cond_facts(y, truth, depth + 1);
            }
            return;
        case BinOpKind::Eq:
        case BinOpKind::Neq:
            if (is_i64(x) && truth == (n->op == BinOpKind::Neq)) {
                if (is_int_zero(y) && !x.is_const)
                    nonzero.push_back(x.var.id);
                if (is_int_zero(x) && !y.is_const)
                    nonzero.push_back(y.var.id);
            }
            return;
        case BinOpKind::Lt:
        case BinOpKind::Gt:
        case BinOpKind::Le:
        case BinOpKind::Ge: {
            if (!is_i64(x))
                return;
            // As `a < b` or `a <= b`, then negated when false.
            bool swap = n->op == BinOpKind::Gt || n->op == BinOpKind::Ge;
            bool strict = n->op == BinOpKind::Lt || n->op == BinOpKind::Gt;
            const SubExp &a = swap ? y : x, &b = swap ? x : y;
            if (truth)
                strict ? add_lt(a, b) : add_le(a, b);
            else
                strict ? add_le(b, a) : add_lt(b, a);
            return;
        }
        default:
            return;
        }
    }

    // ------------------------------------------------------------ proofs
    //
    // Array sizes are never negative, so `d - c` (c >= 0) and `d / c` (c >= 1) cannot
    // overflow and are at most d.  Index arithmetic is i64; a proof never relies on a
    // sum or difference that could wrap.

    bool in(const std::vector<int> &ids, const SubExp &x) const {
        return !x.is_const && std::find(ids.begin(), ids.end(), x.var.id) != ids.end();
    }
    /** b <= d, for an array size d. */
    bool bound_le(const SubExp &b, const SubExp &d) const {
        if (b == d)
            return true;
        if (b.is_const && d.is_const)
            return b.value.as_i64() <= d.value.as_i64();
        auto *s = def_as<ir::BinOpExp>(b);
        return s && s->x == d &&
               ((s->op == BinOpKind::Sub && const_at_least(s->y, 0)) ||
                ((s->op == BinOpKind::Div || s->op == BinOpKind::Quot) && const_at_least(s->y, 1)));
    }
    /** A fact a < b with a >= x and b <= d, for an array size d. */
    bool known_lt(const SubExp &x, const SubExp &d) const {
        if (x.is_const && d.is_const && x.value.as_i64() < d.value.as_i64())
            return true;
        for (const auto &[a, b] : lt) {
            bool lhs = a == x ||
                       (x.is_const && a.is_const && a.value.as_i64() >= x.value.as_i64()) ||
                       (x.is_const && x.value.as_i64() <= 0 && known_nonneg(a, 1));
            if (lhs && bound_le(b, d))
                return true;
        }
        // d != 0 for a size d means 0 < d.
        return x.is_const && x.value.as_i64() <= 0 && in(nonzero, d);
    }
    /** An ascending range with stride 1 that `x` is an element of: (start, end, inclusive). */
    const ir::RangeExp *range_of(const SubExp &x) const {
        auto *ix = def_as<ir::IndexExp>(x);
        if (!ix || ix->idx.size() != 1)
            return nullptr;
        auto *r = def_as<ir::RangeExp>(SubExp::of(ix->arr));
        return r && !r->has_second && r->end_kind != ir::RangeExp::End::DownToExclusive &&
                       is_i64(r->start)
                   ? r
                   : nullptr;
    }
    const ir::MathExp *minmax(const SubExp &x, interp::MathFn f) const {
        auto *m = def_as<ir::MathExp>(x);
        return m && m->fn == f && m->type == PrimType::I64 ? m : nullptr;
    }

    /** x >= 0. */
    bool known_nonneg(const SubExp &x, int depth = 0) const {
        if (x.is_const)
            return x.value.as_i64() >= 0;
        if (in(nonneg, x))
            return true;
        if (depth > 6 || !is_i64(x))
            return false;
        if (auto *r = range_of(x))
            return known_nonneg(r->start, depth + 1);
        if (auto *m = minmax(x, interp::MathFn::Max))
            return known_nonneg(m->args[0], depth + 1) || known_nonneg(m->args[1], depth + 1);
        if (auto *m = minmax(x, interp::MathFn::Min))
            return known_nonneg(m->args[0], depth + 1) && known_nonneg(m->args[1], depth + 1);
        auto *n = def_as<ir::BinOpExp>(x);
        if (!n)
            return false;
        if (n->op == BinOpKind::Add) { // x + c, c in {0, 1}, x below something: no wrap
            const SubExp &a = n->y.is_const ? n->x : n->y, &c = n->y.is_const ? n->y : n->x;
            bool bounded = false;
            for (const auto &f : lt)
                bounded = bounded || f.first == a;
            return c.is_const && c.value.as_i64() >= 0 && c.value.as_i64() <= 1 && bounded &&
                   known_nonneg(a, depth + 1);
        }
        if (n->op == BinOpKind::Sub && const_at_least(n->y, 0)) { // a - c with a > c - 1
            int64_t c = n->y.value.as_i64();
            const SubExp &a = n->x;
            if (c == 0 || (c == 1 && in(nonzero, a)))
                return known_nonneg(a, depth + 1);
            if (auto *r = range_of(a); r && r->start.is_const)
                return r->start.value.as_i64() >= c;
            for (const auto &[lo, b] : lt)
                if (b == a && ((lo.is_const && lo.value.as_i64() >= c - 1) ||
                               (c == 1 && known_nonneg(lo, depth + 1))))
                    return true;
        }
        return false;
    }
    /** x < d for an array size d. */
    bool known_below(const SubExp &x, const SubExp &d, int depth = 0) const {
        if (known_lt(x, d))
            return true;
        if (depth > 6 || !is_i64(x))
            return false;
        if (auto *r = range_of(x))
            return r->end_kind == ir::RangeExp::End::Inclusive ? known_below(r->end, d, depth + 1)
                                                               : at_most(r->end, d, depth + 1);
        if (auto *m = minmax(x, interp::MathFn::Min))
            return known_below(m->args[0], d, depth + 1) || known_below(m->args[1], d, depth + 1);
        if (auto *m = minmax(x, interp::MathFn::Max))
            return known_below(m->args[0], d, depth + 1) && known_below(m->args[1], d, depth + 1);
        auto *n = def_as<ir::BinOpExp>(x);
        if (!n)
            return false;
        if (n->op == BinOpKind::Add) {
            // a + c < d when a < d - c2 with c2 >= c (so the sum cannot wrap either).
            const SubExp &a = n->y.is_const ? n->x : n->y, &c = n->y.is_const ? n->y : n->x;
            if (!const_at_least(c, 0) || a.is_const)
                return false;
            for (const auto &[lo, b] : lt) {
                auto *s = def_as<ir::BinOpExp>(b);
                if (lo == a && s && s->op == BinOpKind::Sub && s->x == d && s->y.is_const &&
                    s->y.value.as_i64() >= c.value.as_i64())
                    return true;
            }
            return c.value.as_i64() == 0 && known_below(a, d, depth + 1);
        }
        if (n->op == BinOpKind::Sub && const_at_least(n->y, 0)) { // a - c <= a, a >= 0: no wrap
            const SubExp &a = n->x;
            bool low = a == d || known_nonneg(a, depth + 1);
            return low && (const_at_least(n->y, 1) ? at_most(a, d, depth + 1)
                                                   : known_below(a, d, depth + 1));
        }
        return false;
    }
    bool at_most(const SubExp &x, const SubExp &d, int depth) const {
        return bound_le(x, d) || known_below(x, d, depth);
    }
    bool in_range(const SubExp &i, const SubExp &d) const {
        return known_nonneg(i) && known_below(i, d);
    }
    bool proven(const Var &arr, const std::vector<SubExp> &idx) const {
        const Type &t = types.at(arr.id);
        for (size_t k = 0; k < idx.size(); k++)
            if (!in_range(idx[k], t.dims[k]))
                return false;
        return true;
    }

    // ------------------------------------------------------------ the walk

    Body body(const Body &b) {
        Mark k = mark(); // facts from assertions end with the body
        Body out;
        for (const Stm &s : b.stms)
            stm(s, out);
        out.result = b.result;
        restore(k);
        return out;
    }

    Body branch(const Body &b, const SubExp &cond, bool truth) {
        Mark k = mark();
        cond_facts(cond, truth);
        Body r = body(b);
        restore(k);
        return r;
    }

    /** Sizes are >= 0: every var among the dims of `ps`' types that `ps` binds too (a
     * function's or a loop's size params, existential sizes of a statement). */
    void sizes_of(const std::vector<Param> &ps, const std::vector<Param> &binders) {
        for (const Param &p : ps)
            for (const SubExp &d : p.type.dims)
                for (const Param &b : binders)
                    if (!d.is_const && d.var.id == b.var.id)
                        add_nonneg(d);
    }

    ExpPtr access(const Exp &e) {
        // `assert (0 <= x)` (lowering's check of a size) with x known >= 0.
        if (auto *a = e.as<ir::AssertExp>()) {
            const SubExp *x = zero_test(a->cond);
            if (x && is_i64(*x) && known_nonneg(*x)) {
                st.removed++;
                return ir::AtomExp::make(SubExp::constant(PrimValue::boolean(true)));
            }
        }
        if (auto *n = e.as<ir::IotaExp>(); n && n->checked && known_nonneg(n->n)) {
            st.removed++;
            return located(ir::IotaExp::make(n->n, false), e.loc);
        }
        if (auto *n = e.as<ir::ReplicateExp>(); n && n->checked && known_nonneg(n->n)) {
            st.removed++;
            return located(ir::ReplicateExp::make(n->n, n->x, false), e.loc);
        }
        if (auto *n = e.as<ir::IndexExp>(); n && n->checked && proven(n->arr, n->idx)) {
            st.removed++;
            return ir::IndexExp::make(n->arr, n->idx, false, n->loc);
        }
        if (auto *n = e.as<ir::UpdateExp>(); n && n->checked && proven(n->arr, n->idx)) {
            st.removed++;
            return ir::UpdateExp::make(n->arr, n->idx, n->value, false, n->loc);
        }
        return nullptr;
    }

    void stm(const Stm &s, Body &out) {
        const Exp &e = *s.exp;
        ExpPtr r = access(e);
        if (auto *n = e.as<ir::IfExp>()) {
            r = located(ir::IfExp::make(n->cond, branch(n->then_body, n->cond, true),
                                        branch(n->else_body, n->cond, false), n->ret),
                        e.loc);
        } else if (auto *n = e.as<ir::LoopExp>()) {
            r = loop(*n, out);
        } else if (!nested_bodies(e).empty()) {
            MapLike ml = map_like(e);
            ExpRebuild rb;
            rb.body = [&](const Body &b) { return body(b); };
            rb.lambda = [&](const Lambda &l) {
                return &l == ml.lam ? map_lambda(l, *ml.inputs, ml.w, out) : plain_lambda(l);
            };
            r = rebuild(e, rb);
        }
        if (auto *n = e.as<ir::IfExp>(); n && n->else_body.stms.empty())
            if (const SubExp *w = zero_test(n->cond, true))
                note_checks_in_rows(*w, n->then_body);
        Stm ns{s.pat, r ? r : s.exp};
        if (ns.pat.size() == 1 || e.as<ir::RangeExp>()) // a range: its array
            defs[ns.pat.back().var.id] = ns.exp;
        if (auto *a = e.as<ir::AssertExp>())
            cond_facts(a->cond, true);
        sizes_of(ns.pat, ns.pat);
        out.stms.push_back(std::move(ns));
    }

    Lambda plain_lambda(const Lambda &l) { return Lambda{l.params, body(l.body), l.ret}; }

    /** A map-like lambda: a parameter bound to a row of `iota n` is in [0, n). */
    Lambda map_lambda(const Lambda &l, const std::vector<Var> &inputs, const SubExp &w, Body &out) {
        Mark k = mark();
        for (size_t i = 0, n = nonneg_in_rows.size(); i < n; i++)
            if (nonneg_in_rows[i].first == w)
                nonneg.push_back(nonneg_in_rows[i].second);
        std::unordered_set<int> bound;
        for (size_t i = 0; i < l.params.size(); i++) {
            bound.insert(l.params[i].var.id);
            if (auto *io = def_as<ir::IotaExp>(SubExp::of(inputs[i]))) {
                add_nonneg(SubExp::of(l.params[i].var));
                add_lt(SubExp::of(l.params[i].var), io->n);
            }
        }
        Lambda r{l.params, body(l.body), l.ret};
        restore(k);
        hoist_checks(r.body, bound, w, out);
        return r;
    }

    ExpPtr loop(const ir::LoopExp &n, Body &out) {
        Mark k = mark();
        std::unordered_set<int> bound;
        for (const Param &p : n.params)
            bound.insert(p.var.id);
        sizes_of(n.params, n.params);
        bool is_for = n.form == ir::LoopExp::Form::For;
        if (is_for) {
            bound.insert(n.index.var.id);
            if (is_i64(n.bound)) {
                add_nonneg(SubExp::of(n.index.var));
                add_lt(SubExp::of(n.index.var), n.bound);
            }
        }
        Body cond = is_for ? n.cond : body(n.cond);
        Body b = body(n.body);
        restore(k);
        // `0 < bound` in the bound's type is the loop's own test only for signed bounds.
        if (is_for && (n.bound.is_const || is_signed_int(types.at(n.bound.var.id).elem)))
            hoist_checks(b, bound, n.bound, out);
        return located(ir::LoopExp::make(n.params, n.inits, n.form, n.index, n.bound, cond, b),
                       n.loc);
    }

    // ------------------------------------------------------------ hoisting

    /** Checked indexes at the top of `b` (no statement before them can fail) on arrays and
     * indices from outside (none of `bound`) move to `out` under `if 0 < count`: they fail
     * there exactly when the first iteration would, with the same message. */
    void hoist_checks(Body &b, std::unordered_set<int> bound, const SubExp &count, Body &out) {
        if (count.is_const && count.value.as_i64() <= 0)
            return;
        Body checks;
        auto outside = [&](const SubExp &x) { return x.is_const || !bound.count(x.var.id); };
        for (Stm &s : b.stms) {
            auto *n = s.exp->as<ir::IndexExp>();
            bool invariant = n && n->checked && !bound.count(n->arr.id);
            for (size_t k = 0; invariant && k < n->idx.size(); k++)
                invariant = outside(n->idx[k]);
            if (invariant) {
                Param p{Var{m.next_var_id++, "chk"}, s.pat.at(0).type};
                checks.stms.push_back(Stm{{p}, s.exp});
                s.exp = ir::IndexExp::make(n->arr, n->idx, false, n->loc);
                st.hoisted++;
            }
            // An assertion on outside values (`iota w` in a row's lambda checks w >= 0).
            auto *a = s.exp->as<ir::AssertExp>();
            bool assert_invariant = a && outside(a->cond);
            for (size_t k = 0; assert_invariant && k < a->args.size(); k++)
                assert_invariant = outside(a->args[k]);
            if (assert_invariant) {
                Param p{Var{m.next_var_id++, "chk"}, s.pat.at(0).type};
                checks.stms.push_back(Stm{{p}, s.exp});
                s.exp = ir::AtomExp::make(SubExp::constant(PrimValue::boolean(true)));
                st.hoisted++;
            }
            if (can_fail(s))
                break;
            for (const Param &p : s.pat)
                bound.insert(p.var.id);
        }
        if (checks.stms.empty())
            return;
        if (count.is_const) { // runs at least once
            for (Stm &c : checks.stms)
                out.stms.push_back(std::move(c));
            return;
        }
        note_checks_in_rows(count, checks);
        PrimType ct = types.at(count.var.id).elem;
        Param g{Var{m.next_var_id++, "runs"}, Type::scalar(PrimType::Bool)};
        out.stms.push_back(
            Stm{{g},
                ir::BinOpExp::make(BinOpKind::Lt, SubExp::constant(PrimValue::integer(ct, 0)),
                                   count, {})});
        out.stms.push_back(
            Stm{{}, ir::IfExp::make(SubExp::of(g.var), std::move(checks), Body{}, {})});
    }
};

} // namespace

BoundsStats eliminate_bounds_checks(ir::Module &m) {
    BoundsStats st;
    for (ir::Function &f : m.functions) {
        Eliminator el(m, st, f);
        for (int v : function_sizes(f))
            el.nonneg.push_back(v);
        f.body = el.body(f.body);
    }
    return st;
}

int count_bounds_checks(const ir::Function &f) {
    int n = 0;
    for_each_stm(f.body, [&](const Stm &s) {
        if (auto *i = s.exp->as<ir::IndexExp>())
            n += i->checked ? 1 : 0;
        else if (auto *u = s.exp->as<ir::UpdateExp>())
            n += u->checked ? 1 : 0;
        else if (s.exp->as<ir::SliceExp>())
            n++;
    });
    return n;
}

} // namespace loom::passes
