// Small rows as scalars (Scalarize.h).
#include "compiler/passes/Scalarize.h"

#include "compiler/passes/Rewrite.h"

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

/** The parts of an operator's row params it reads: each var that is a param or a sub-row
 * of one taken at constant indices -> (the param's position, the indices so far). */
using Parts = std::map<int, std::pair<size_t, std::vector<int64_t>>>;

/** What `e` reads of a part of a row param of `lam` (`part[c, ...]` at constant indices
 * within its sizes): the param's position and the indices with e's; else nullopt. */
std::optional<std::pair<size_t, std::vector<int64_t>>> read_of(const ir::Exp &e, const Parts &parts,
                                                               const Lambda &lam) {
    auto *ix = e.as<ir::IndexExp>();
    auto it = ix ? parts.find(ix->arr.id) : parts.end();
    if (it == parts.end())
        return std::nullopt;
    auto read = it->second;
    const Type &row = lam.params[read.first].type;
    for (const SubExp &c : ix->idx) {
        const size_t d = read.second.size();
        if (!c.is_const || d >= row.dims.size() || c.value.i < 0 ||
            c.value.i >= row.dims[d].value.i)
            return std::nullopt;
        read.second.push_back(c.value.i);
    }
    return read;
}

/** Row-major position of the element at `ix` in a row of type `row`. */
int64_t flat_index(const Type &row, const std::vector<int64_t> &ix) {
    int64_t f = 0;
    for (size_t d = 0; d < ix.size(); d++)
        f = f * row.dims[d].value.i + ix[d];
    return f;
}

struct Scalarizer {
    ir::Module &m;
    int rewritten = 0;

    Var fresh(const std::string &base) { return Var{m.next_var_id++, base}; }

    /** When operand i of operator `lam` (k operands) can be scalars, the scalars its
     * result is made of, in row-major order: both its params are rows of a few elements
     * read only at constant indices (whole elements or sub-rows, at the top of the body),
     * and its result is an array literal made there (of literals, for rows of rows). */
    static std::optional<std::vector<SubExp>> scalar_operand(const Lambda &lam, size_t k,
                                                             size_t i) {
        const Type &row = lam.params[i].type;
        const SubExp &res = lam.body.result[i];
        if (!small_row(row) || res.is_const)
            return std::nullopt;
        Parts parts{{lam.params[i].var.id, {i, {}}}, {lam.params[k + i].var.id, {k + i, {}}}};
        std::map<int, const ir::ArrayLitExp *> lits;
        bool other_use = false;
        for (const Stm &s : lam.body.stms) {
            if (auto *l = s.exp->as<ir::ArrayLitExp>(); l && s.pat.size() == 1)
                lits[s.pat[0].var.id] = l;
            if (auto read = read_of(*s.exp, parts, lam)) {
                if (read->second.size() < row.dims.size())
                    parts[s.pat.at(0).var.id] = *read;
                continue;
            }
            for_each_use(s, [&](const Var &v) { other_use = other_use || parts.count(v.id); });
        }
        for (const SubExp &r : lam.body.result)
            other_use = other_use || (!r.is_const && parts.count(r.var.id));
        if (other_use)
            return std::nullopt;
        std::vector<SubExp> elems;
        std::function<bool(const SubExp &, size_t)> flatten = [&](const SubExp &x, size_t d) {
            if (d == row.dims.size()) {
                elems.push_back(x);
                return true;
            }
            auto l = x.is_const ? lits.end() : lits.find(x.var.id);
            if (l == lits.end() || (int64_t)l->second->elems.size() != row.dims[d].value.i)
                return false;
            for (const SubExp &e : l->second->elems)
                if (!flatten(e, d + 1))
                    return false;
            return true;
        };
        if (!flatten(res, 0))
            return std::nullopt;
        return elems;
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
        std::vector<std::optional<std::vector<SubExp>>> lits(k); // the results' scalars
        bool any = false;
        for (size_t i = 0; i < k; i++) { // (a neutral row is a variable; a constant is no row)
            if (!neutral[i].is_const)
                lits[i] = scalar_operand(lam, k, i);
            any = any || lits[i];
        }
        if (!any)
            return false;
        const SrcLoc &loc = s.exp->loc;
        auto elem = [&](const Var &row, const std::vector<int64_t> &ix) {
            std::vector<SubExp> idx;
            for (int64_t c : ix)
                idx.push_back(SubExp::i64(c));
            return located(ir::IndexExp::make(row, idx, false, loc), loc);
        };
        // The operator over scalars: a row's params become one param per element, its
        // reads of elements copies of those params (of sub-rows, nothing), its result the
        // literal's elements.
        Lambda f;
        std::vector<std::vector<Var>> elems(2 * k); // per original param: its elements' params
        Parts parts;
        for (size_t p = 0; p < 2 * k; p++) {
            const Param &row = lam.params[p];
            if (!lits[p % k]) {
                f.params.push_back(row);
                continue;
            }
            parts[row.var.id] = {p, {}};
            for (int64_t j = 0; j < small_row(row.type); j++) {
                elems[p].push_back(fresh(row.var.base));
                f.params.push_back({elems[p].back(), Type::scalar(row.type.elem)});
            }
        }
        for (const Stm &t : lam.body.stms) {
            if (auto read = read_of(*t.exp, parts, lam)) {
                const Type &row = lam.params[read->first].type;
                if (read->second.size() < row.dims.size()) {
                    parts[t.pat.at(0).var.id] = *read; // a sub-row: only read further
                    continue;
                }
                const Var &x = elems[read->first][(size_t)flat_index(row, read->second)];
                f.body.stms.push_back(
                    {t.pat, located(ir::AtomExp::make(SubExp::of(x)), t.exp->loc)});
                continue;
            }
            f.body.stms.push_back(t);
        }
        for (size_t i = 0; i < k; i++) {
            const Type &row = lam.params[i].type;
            if (!lits[i]) {
                f.body.result.push_back(lam.body.result[i]);
                f.ret.push_back(lam.ret[i]);
                continue;
            }
            for (const SubExp &e : *lits[i]) {
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
            if (!lits[i]) {
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
