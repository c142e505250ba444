// Small rows as scalars (Scalarize.h).
#include "compiler/passes/Scalarize.h"

#include "compiler/passes/Rewrite.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>

namespace loom::passes {

using ir::Body;
using ir::ExpKind;
using ir::Lambda;
using ir::Param;
using ir::Stm;
using ir::SubExp;
using ir::Type;
using ir::Var;

namespace {

/** Rows of up to this many elements become scalars (registers, in a kernel). */
constexpr int64_t most_elems = 16;

/** The elements of `t` when it is an array of constant sizes, 1 to most_elems of them;
 * else 0. */
int64_t small_row(const Type &t) {
    int64_t n = t.rank() > 0 ? 1 : 0;
    for (const SubExp &d : t.dims) {
        if (!d.is_const || d.value.i < 1 || n * d.value.i > most_elems)
            return 0;
        n *= d.value.i;
    }
    return n;
}

/** Every index of an element of `t` (constant sizes), in row-major order. */
std::vector<std::vector<int64_t>> indices_of(const Type &t) {
    std::vector<std::vector<int64_t>> out{{}};
    for (const SubExp &d : t.dims) {
        std::vector<std::vector<int64_t>> next;
        for (const auto &ix : out)
            for (int64_t c = 0; c < d.value.i; c++) {
                next.push_back(ix);
                next.back().push_back(c);
            }
        out = std::move(next);
    }
    return out;
}

/** A row of constant sizes an operator's code knows as its elements (row-major): a row
 * param as its element params, an array literal, a sub-row or copy of a known row, an `if`
 * choosing between known rows.  `bound`: its var is still bound (a literal, kept) and may
 * be used whole; else (a row param, an `if`'s row) any use but reading its elements at
 * constant indices keeps the operand a row. */
struct Known {
    Type row;
    std::vector<SubExp> elems;
    bool bound;
};
using KnownRows = std::map<int, Known>;

/** The known row `k` indexed at `idx`: the element or sub-row when every index is a
 * constant within its sizes; else nullopt. */
std::optional<Known> part_of(const Known &k, const std::vector<SubExp> &idx) {
    if (idx.size() > k.row.dims.size())
        return std::nullopt;
    int64_t at = 0;
    for (size_t d = 0; d < idx.size(); d++) {
        const SubExp &c = idx[d];
        if (!c.is_const || c.value.i < 0 || c.value.i >= k.row.dims[d].value.i)
            return std::nullopt;
        at = at * k.row.dims[d].value.i + c.value.i;
    }
    Known part{k.row, {}, k.bound};
    part.row.dims.erase(part.row.dims.begin(), part.row.dims.begin() + (long)idx.size());
    const int64_t n = std::max<int64_t>(small_row(part.row), 1);
    part.elems.assign(k.elems.begin() + (long)(at * n), k.elems.begin() + (long)((at + 1) * n));
    return part;
}

/** The known row that `x` names, if any. */
const Known *known_of(const SubExp &x, const KnownRows &known) {
    auto it = x.is_const ? known.end() : known.find(x.var.id);
    return it == known.end() ? nullptr : &it->second;
}

/** Whether `s` uses a known row that is not bound (which would keep its operand a row). */
bool uses_unbound(const Stm &s, const KnownRows &known) {
    bool used = false;
    for_each_use(s, [&](const Var &v) {
        auto it = known.find(v.id);
        used = used || (it != known.end() && !it->second.bound);
    });
    return used;
}

struct Scalarizer {
    ir::Module &m;
    int rewritten = 0;

    Var fresh(const std::string &base) { return Var{m.next_var_id++, base}; }

    /** `b` with reads of known rows' elements at constant indices replaced by those
     * elements and `if`s choosing between known rows made `if`s over their elements; the
     * rows it makes (literals, sub-rows, copies, `if`s) added to `known`.  Clears `ok`
     * when a row not bound is used otherwise (and, with `own_result`, when `b` returns one:
     * a loop's or lambda's body nested in the operator; an `if`'s branches and the
     * operator's body leave their results to the caller). */
    Body scalar_body(const Body &b, KnownRows &known, bool &ok, bool own_result) {
        Body o;
        o.result = b.result;
        for (const Stm &s : b.stms) {
            const SrcLoc &loc = s.exp->loc;
            if (auto *ix = s.exp->as<ir::IndexExp>(); ix && s.pat.size() == 1) {
                auto it = known.find(ix->arr.id);
                std::optional<Known> part;
                if (it != known.end() && (part = part_of(it->second, ix->idx))) {
                    if (part->row.rank() == 0) { // an element: a copy of it
                        o.stms.push_back({s.pat, located(ir::AtomExp::make(part->elems[0]), loc)});
                        continue;
                    }
                    if (part->bound)
                        o.stms.push_back(s);
                    known[s.pat[0].var.id] = *part;
                    continue;
                }
            }
            if (auto *a = s.exp->as<ir::AtomExp>(); a && s.pat.size() == 1) {
                if (const Known *k = known_of(a->x, known)) {
                    if (k->bound)
                        o.stms.push_back(s);
                    known[s.pat[0].var.id] = Known(*k);
                    continue;
                }
            }
            if (auto *l = s.exp->as<ir::ArrayLitExp>();
                l && s.pat.size() == 1 && small_row(s.pat[0].type)) {
                Known lit{s.pat[0].type, {}, true};
                bool all = true;
                for (const SubExp &e : l->elems) {
                    if (l->row.rank() == 0) { // elements
                        lit.elems.push_back(e);
                        continue;
                    }
                    const Known *k = known_of(e, known); // rows
                    if (!k) {
                        all = false;
                        break;
                    }
                    lit.elems.insert(lit.elems.end(), k->elems.begin(), k->elems.end());
                    lit.bound = lit.bound && k->bound;
                }
                if (all) {
                    if (lit.bound)
                        o.stms.push_back(s);
                    known[s.pat[0].var.id] = std::move(lit);
                    continue;
                }
            }
            if (auto *f = s.exp->as<ir::IfExp>()) {
                o.stms.push_back(scalar_if(s, *f, known, ok));
                continue;
            }
            Stm t = s;
            if (!nested_bodies(*s.exp).empty()) {
                ExpRebuild r;
                r.body = [&](const Body &x) {
                    KnownRows inner = known;
                    return scalar_body(x, inner, ok, true);
                };
                t.exp = rebuild(*s.exp, r);
            }
            ok = ok && !uses_unbound(t, known);
            o.stms.push_back(t);
        }
        if (own_result)
            for (const SubExp &r : b.result)
                if (const Known *k = known_of(r, known))
                    ok = ok && k->bound;
        return o;
    }

    /** The `if` statement `s` with its branches through scalar_body; a row it returns
     * that is known in both branches and not bound in one (a row param, say) is returned
     * as its elements and known from then on. */
    Stm scalar_if(const Stm &s, const ir::IfExp &f, KnownRows &known, bool &ok) {
        KnownRows in_then = known, in_else = known;
        Body tb = scalar_body(f.then_body, in_then, ok, false);
        Body eb = scalar_body(f.else_body, in_else, ok, false);
        tb.result.clear();
        eb.result.clear();
        Stm o;
        std::vector<Type> ret;
        for (size_t j = 0; j < s.pat.size(); j++) {
            const SubExp &x = f.then_body.result[j], &y = f.else_body.result[j];
            const Known *kx = known_of(x, in_then), *ky = known_of(y, in_else);
            if (!kx || !ky || (kx->bound && ky->bound) || kx->elems.size() != ky->elems.size()) {
                ok = ok && (!kx || kx->bound) && (!ky || ky->bound);
                o.pat.push_back(s.pat[j]);
                ret.push_back(f.ret[j]);
                tb.result.push_back(x);
                eb.result.push_back(y);
                continue;
            }
            Known chosen{s.pat[j].type, {}, false};
            const Type t = Type::scalar(s.pat[j].type.elem);
            for (size_t e = 0; e < kx->elems.size(); e++) {
                const Var v = fresh(s.pat[j].var.base);
                o.pat.push_back({v, t});
                ret.push_back(t);
                tb.result.push_back(kx->elems[e]);
                eb.result.push_back(ky->elems[e]);
                chosen.elems.push_back(SubExp::of(v));
            }
            known[s.pat[j].var.id] = std::move(chosen);
        }
        o.exp = located(ir::IfExp::make(f.cond, std::move(tb), std::move(eb), ret), s.exp->loc);
        return o;
    }

    /** Operator `lam` (k operands) over scalars for the operands marked in `rows`: each
     * such row param one param per element, and the row it returns (known in its body)
     * its elements; nullopt when a marked operand's rows are used otherwise. */
    std::optional<Lambda> scalar_lambda(const Lambda &lam, size_t k,
                                        const std::vector<bool> &rows) {
        KnownRows known;
        Lambda f;
        for (size_t p = 0; p < 2 * k; p++) {
            const Param &row = lam.params[p];
            if (!rows[p % k]) {
                f.params.push_back(row);
                continue;
            }
            Known elems{row.type, {}, false};
            for (int64_t j = 0; j < small_row(row.type); j++) {
                const Var v = fresh(row.var.base);
                f.params.push_back({v, Type::scalar(row.type.elem)});
                elems.elems.push_back(SubExp::of(v));
            }
            known[row.var.id] = std::move(elems);
        }
        bool ok = true;
        f.body = scalar_body(lam.body, known, ok, false);
        f.body.result.clear();
        for (size_t i = 0; i < k; i++) {
            const SubExp &r = lam.body.result[i];
            const Known *made = known_of(r, known);
            if (!rows[i]) {
                ok = ok && (!made || made->bound);
                f.body.result.push_back(r);
                f.ret.push_back(lam.ret[i]);
                continue;
            }
            const Type &row = lam.params[i].type;
            if (!made || (int64_t)made->elems.size() != small_row(row))
                return std::nullopt;
            for (const SubExp &e : made->elems) {
                f.body.result.push_back(e);
                f.ret.push_back(Type::scalar(row.elem));
            }
        }
        if (!ok)
            return std::nullopt;
        return f;
    }

    /** Statements binding `dest` to a row of type `row` made of `parts` (row-major) as
     * array literals (of literals, for rows of rows). */
    void make_row(const std::vector<SubExp> &parts, const Type &row, const Param &dest,
                  const SrcLoc &loc, std::vector<Stm> &out) {
        std::vector<SubExp> elems = parts;
        if (row.rank() > 1) { // each outer element a literal of its own
            elems.clear();
            const Type inner = row.row();
            const size_t n = parts.size() / (size_t)row.dims[0].value.i;
            for (size_t j = 0; j < parts.size(); j += n) {
                const Param p{fresh("row"), inner};
                make_row({parts.begin() + (long)j, parts.begin() + (long)(j + n)}, inner, p, loc,
                         out);
                elems.push_back(SubExp::of(p.var));
            }
        }
        out.push_back({{dest}, located(ir::ArrayLitExp::make(elems, row.row()), loc)});
    }

    /** Statement `s` (a reduce or scan) with its small-row operands as scalars, appended
     * to `out` with what splits its inputs and neutral rows and joins its results; false
     * (nothing appended) when none of its operands qualifies. */
    bool rewrite(const Stm &s, std::vector<Stm> &out) {
        const std::optional<ReduceOrScan> rs = reduce_or_scan(*s.exp);
        if (!rs)
            return false;
        const auto &[scan, w, lam, neutral, inputs] = *rs;
        const size_t k = inputs.size();
        // The operands of small rows (a neutral row is a variable; a constant is no row).
        std::vector<bool> rows(k);
        for (size_t i = 0; i < k; i++)
            rows[i] = !neutral[i].is_const && small_row(lam.params[i].type);
        const std::optional<Lambda> f = operands_taken<Lambda>(
            rows, [&](const std::vector<bool> &r) { return scalar_lambda(lam, k, r); });
        if (!f)
            return false;
        const SrcLoc &loc = s.exp->loc;
        auto elem = [&](const Var &row, const std::vector<int64_t> &ix) {
            std::vector<SubExp> idx;
            for (int64_t c : ix)
                idx.push_back(SubExp::i64(c));
            return located(ir::IndexExp::make(row, idx, false, loc), loc);
        };
        // Inputs split into columns (one map), neutral rows into elements.
        std::vector<Var> ins;
        std::vector<SubExp> nes;
        for (size_t i = 0; i < k; i++) {
            if (!rows[i]) {
                ins.push_back(inputs[i]);
                nes.push_back(neutral[i]);
                continue;
            }
            const Type &row = lam.params[i].type;
            const Type t = Type::scalar(row.elem);
            Lambda split;
            const Var r = fresh("row");
            split.params.push_back({r, row});
            Stm cols;
            for (const std::vector<int64_t> &ix : indices_of(row)) {
                const Var e = fresh("e"), col = fresh(inputs[i].base), ne = fresh("ne");
                split.body.stms.push_back({{{e, t}}, elem(r, ix)});
                split.body.result.push_back(SubExp::of(e));
                split.ret.push_back(t);
                cols.pat.push_back({col, t.array_of(w)});
                ins.push_back(col);
                out.push_back({{{ne, t}}, elem(neutral[i].var, ix)});
                nes.push_back(SubExp::of(ne));
            }
            cols.exp = located(ir::MapExp::make(w, split, {inputs[i]}), loc);
            out.push_back(cols);
        }
        // The scalars' reduce or scan, then its results as rows again.
        Stm body;
        std::vector<Stm> join;
        for (size_t i = 0; i < k; i++) {
            const Param &res = s.pat[i];
            if (!rows[i]) {
                body.pat.push_back(res);
                continue;
            }
            const Type &row = lam.params[i].type;
            const Type t = Type::scalar(row.elem);
            std::vector<SubExp> parts_of;
            for (int64_t j = 0; j < small_row(row); j++) {
                const Var v = fresh(res.var.base);
                body.pat.push_back({v, scan ? t.array_of(w) : t});
                parts_of.push_back(SubExp::of(v));
            }
            if (!scan) {
                make_row(parts_of, row, res, loc, join);
                continue;
            }
            Lambda rows; // each row's elements into a row
            std::vector<Var> cols;
            std::vector<SubExp> xs;
            for (const SubExp &p : parts_of) {
                const Var x = fresh("x");
                rows.params.push_back({x, t});
                xs.push_back(SubExp::of(x));
                cols.push_back(p.var);
            }
            const Param made{fresh("row"), row};
            make_row(xs, row, made, loc, rows.body.stms);
            rows.body.result.push_back(SubExp::of(made.var));
            rows.ret.push_back(row);
            join.push_back({{res}, located(ir::MapExp::make(w, rows, cols), loc)});
        }
        body.exp = reduce_or_scan(*rs, *f, nes, ins, loc);
        out.push_back(body);
        out.insert(out.end(), join.begin(), join.end());
        rewritten++;
        return true;
    }
};

} // namespace

int scalarize_rows(ir::Module &m) {
    Scalarizer sc{m};
    replace_stms(m, [&](const Stm &s, std::vector<Stm> &out) { return sc.rewrite(s, out); });
    return sc.rewritten;
}

} // namespace loom::passes
