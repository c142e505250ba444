// Small rows as scalars (Scalarize.h).
#include "compiler/passes/Scalarize.h"

#include "compiler/passes/Rewrite.h"

#include <map>

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

/** The elements of `t` when it is a row of a constant size from 1 to most_elems; else 0. */
int64_t small_row(const Type &t) {
    if (t.rank() != 1 || !t.dims[0].is_const)
        return 0;
    const int64_t n = t.dims[0].value.i;
    return n >= 1 && n <= most_elems ? n : 0;
}

/** The constant index of `e` into `row` (a param of R elements), or -1: `row[c]`. */
int64_t const_index(const ir::Exp &e, const Var &row, int64_t R) {
    auto *ix = e.as<ir::IndexExp>();
    if (!ix || ix->arr != row || ix->idx.size() != 1 || !ix->idx[0].is_const)
        return -1;
    const int64_t c = ix->idx[0].value.i;
    return c >= 0 && c < R ? c : -1;
}

struct Scalarizer {
    ir::Module &m;
    int rewritten = 0;

    Var fresh(const std::string &base) { return Var{m.next_var_id++, base}; }

    /** Whether operand i of operator `lam` (k operands) can be R scalars: both its params
     * are rows of R elements read only at constant indices, at the top of the body, and
     * its result is an array literal made there (whose elements are then the results). */
    static const ir::ArrayLitExp *scalar_operand(const Lambda &lam, size_t k, size_t i) {
        const Var &x = lam.params[i].var, &y = lam.params[k + i].var;
        const int64_t R = small_row(lam.params[i].type);
        const SubExp &res = lam.body.result[i];
        if (!R || res.is_const)
            return nullptr;
        const ir::ArrayLitExp *lit = nullptr;
        bool other_use = false;
        auto is_row = [&](const Var &v) { return v == x || v == y; };
        for (const Stm &s : lam.body.stms) {
            if (s.pat.size() == 1 && s.pat[0].var == res.var)
                lit = s.exp->as<ir::ArrayLitExp>();
            if (const_index(*s.exp, x, R) >= 0 || const_index(*s.exp, y, R) >= 0)
                continue;
            for_each_use(s, [&](const Var &v) { other_use = other_use || is_row(v); });
        }
        for (const SubExp &r : lam.body.result)
            other_use = other_use || (!r.is_const && is_row(r.var));
        return !other_use && lit && (int64_t)lit->elems.size() == R ? lit : nullptr;
    }

    /** Statement `s` (a reduce or scan) with its small-row operands as scalars, appended
     * to `out` with what splits its inputs and neutral rows and joins its results; false
     * (nothing appended) when none of its operands qualifies. */
    bool rewrite(const Stm &s, std::vector<Stm> &out) {
        const bool scan = s.exp->kind == ExpKind::Scan;
        const auto *red = s.exp->as<ir::ReduceExp>();
        const auto *sc = s.exp->as<ir::ScanExp>();
        if (!red && !sc)
            return false;
        const Lambda &lam = red ? red->lam : sc->lam;
        const std::vector<SubExp> &neutral = red ? red->neutral : sc->neutral;
        const std::vector<Var> &inputs = red ? red->inputs : sc->inputs;
        const SubExp &w = red ? red->w : sc->w;
        const size_t k = inputs.size();
        std::vector<const ir::ArrayLitExp *> lits(k);
        bool any = false;
        for (size_t i = 0; i < k; i++) // (a neutral row is a variable; a constant is no row)
            any =
                (lits[i] = neutral[i].is_const ? nullptr : scalar_operand(lam, k, i)) != nullptr ||
                any;
        if (!any)
            return false;
        const SrcLoc &loc = s.exp->loc;
        auto elem = [&](const Var &row, int64_t j) {
            return located(ir::IndexExp::make(row, {SubExp::i64(j)}, false, loc), loc);
        };
        // The operator over scalars: a row's params become one param per element, its
        // indexing of them copies of those params, its result the literal's elements.
        Lambda f;
        std::vector<std::vector<Var>> elems(2 * k); // per original param: its elements' params
        for (size_t p = 0; p < 2 * k; p++) {
            const Param &row = lam.params[p];
            if (!lits[p % k]) {
                f.params.push_back(row);
                continue;
            }
            for (int64_t j = 0; j < small_row(row.type); j++) {
                elems[p].push_back(fresh(row.var.base));
                f.params.push_back({elems[p].back(), Type::scalar(row.type.elem)});
            }
        }
        for (const Stm &t : lam.body.stms) {
            Stm u = t;
            for (size_t p = 0; p < 2 * k; p++) {
                const int64_t c =
                    lits[p % k] ? const_index(*t.exp, lam.params[p].var, (int64_t)elems[p].size())
                                : -1;
                if (c >= 0)
                    u.exp = located(ir::AtomExp::make(SubExp::of(elems[p][(size_t)c])), t.exp->loc);
            }
            f.body.stms.push_back(u);
        }
        for (size_t i = 0; i < k; i++) {
            const Type &row = lam.params[i].type;
            if (!lits[i]) {
                f.body.result.push_back(lam.body.result[i]);
                f.ret.push_back(lam.ret[i]);
                continue;
            }
            for (const SubExp &e : lits[i]->elems) {
                f.body.result.push_back(e);
                f.ret.push_back(Type::scalar(row.elem));
            }
        }
        // Inputs split into columns (one map), neutral rows into elements.
        std::vector<Var> ins;
        std::vector<SubExp> nes;
        for (size_t i = 0; i < k; i++) {
            if (!lits[i]) {
                ins.push_back(inputs[i]);
                nes.push_back(neutral[i]);
                continue;
            }
            const Type &row = lam.params[i].type;
            const int64_t R = small_row(row);
            Lambda split;
            const Var r = fresh("row");
            split.params.push_back({r, row});
            Stm cols;
            for (int64_t j = 0; j < R; j++) {
                const Var e = fresh("e"), col = fresh(inputs[i].base);
                split.body.stms.push_back({{{e, Type::scalar(row.elem)}}, elem(r, j)});
                split.body.result.push_back(SubExp::of(e));
                split.ret.push_back(Type::scalar(row.elem));
                cols.pat.push_back({col, Type::scalar(row.elem).array_of(w)});
                ins.push_back(col);
                const Var ne = fresh("ne");
                out.push_back({{{ne, Type::scalar(row.elem)}}, elem(neutral[i].var, j)});
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
            if (!lits[i]) {
                body.pat.push_back(res);
                continue;
            }
            const Type &row = lam.params[i].type;
            const Type t = Type::scalar(row.elem);
            std::vector<SubExp> parts;
            for (int64_t j = 0; j < small_row(row); j++) {
                const Var v = fresh(res.var.base);
                body.pat.push_back({v, scan ? t.array_of(w) : t});
                parts.push_back(SubExp::of(v));
            }
            if (!scan) {
                join.push_back({{res}, located(ir::ArrayLitExp::make(parts, t), loc)});
                continue;
            }
            Lambda rows; // each row's elements into a row
            std::vector<Var> cols;
            std::vector<SubExp> xs;
            for (const SubExp &p : parts) {
                const Var x = fresh("x");
                rows.params.push_back({x, t});
                xs.push_back(SubExp::of(x));
                cols.push_back(p.var);
            }
            const Var made = fresh("row");
            rows.body.stms.push_back({{{made, row}}, located(ir::ArrayLitExp::make(xs, t), loc)});
            rows.body.result.push_back(SubExp::of(made));
            rows.ret.push_back(row);
            join.push_back({{res}, located(ir::MapExp::make(w, rows, cols), loc)});
        }
        body.exp = located(
            scan ? ir::ScanExp::make(w, f, nes, ins) : ir::ReduceExp::make(w, f, nes, ins), loc);
        out.push_back(body);
        out.insert(out.end(), join.begin(), join.end());
        rewritten++;
        return true;
    }

    Body body(const Body &b) {
        ExpRebuild r;
        r.body = [&](const Body &x) { return body(x); };
        r.lambda = [&](const Lambda &l) {
            Lambda c = l;
            c.body = body(l.body);
            return c;
        };
        Body o;
        o.result = b.result;
        for (const Stm &s : b.stms) {
            Stm t{s.pat, nested_bodies(*s.exp).empty() ? s.exp : rebuild(*s.exp, r)};
            std::vector<Stm> made;
            if (rewrite(t, made))
                o.stms.insert(o.stms.end(), made.begin(), made.end());
            else
                o.stms.push_back(t);
        }
        return o;
    }
};

} // namespace

int scalarize_rows(ir::Module &m) {
    Scalarizer s{m};
    for (ir::Function &f : m.functions)
        f.body = s.body(f.body);
    return s.rewritten;
}

} // namespace loom::passes
