// Rows chosen by index (ChooseRows.h).
#include "compiler/passes/ChooseRows.h"

#include "compiler/passes/Rewrite.h"

#include <algorithm>
#include <map>

namespace loom::passes {

using ir::BinOpKind;
using ir::Body;
using ir::Lambda;
using ir::Param;
using ir::Stm;
using ir::SubExp;
using ir::Type;
using ir::Var;

namespace {

const Type index_type = Type::scalar(PrimType::I64);

/** Where an operand's rows come from: its input (rows at indices >= 0), its neutral row
 * (index -1) and, for a reduce_by_index, its destination's (row b at index -2 - b). */
struct Source {
    Var rows;
    Var neutral;
    Type row;
    std::optional<Var> bins = std::nullopt;
};

/** A row an operator's code knows by index: its operand, the index var, for a sub-row
 * the indices that take it from the row, and the neutral row's part of its shape (its
 * indices are checked against that: they fail where the row's would, as they would). */
struct Choice {
    size_t operand;
    Var at;
    Var like;
    std::vector<SubExp> sub = {};
};
/** The rows an operator's code knows by index, by var id. */
using Chosen = std::map<int, Choice>;

/** Whether `s` uses a row known by index (which would keep its operand a row). */
bool uses_chosen(const Stm &s, const Chosen &chosen) {
    bool used = false;
    for_each_use(s, [&](const Var &v) { used = used || chosen.count(v.id); });
    return used;
}

struct Chooser {
    ir::Module &m;
    int rewritten = 0;

    Var fresh(const std::string &base) { return Var{m.next_var_id++, base}; }

    /** `e` (of type `t`) bound to a fresh var, appended to `out`. */
    Var let(std::vector<Stm> &out, Type t, ir::ExpPtr e, const SrcLoc &loc,
            const std::string &base = "c") {
        const Var v = fresh(base);
        out.push_back({{{v, std::move(t)}}, located(std::move(e), loc)});
        return v;
    }

    /** `-2 - x`, appended to `out`: bin x's index as an operator's (bin b's row is at
     * -2 - b), and back. */
    Var bin_code(const SubExp &x, const SrcLoc &loc, std::vector<Stm> &out) {
        return let(out, index_type, ir::BinOpExp::make(BinOpKind::Sub, SubExp::i64(-2), x, loc),
                   loc, "bin");
    }

    /** `iota n` (the indices of n rows), appended to `out`. */
    Var iota(const SubExp &n, const SrcLoc &loc, std::vector<Stm> &out) {
        return let(out, index_type.array_of(n), ir::IotaExp::make(n, false), loc, "iota");
    }

    /** `at op c` (a bool), appended to `out`. */
    Var compare(BinOpKind op, const Var &at, int64_t c, const SrcLoc &loc, std::vector<Stm> &out) {
        return let(out, Type::scalar(PrimType::Bool),
                   ir::BinOpExp::make(op, SubExp::of(at), SubExp::i64(c), loc), loc);
    }

    /** `dest = row[at][idx]` of `src` (the row itself for no idx), appended to `out`;
     * `at` and idx are in bounds. */
    void read(const Param &dest, const Var &at, const Source &src, const std::vector<SubExp> &idx,
              const SrcLoc &loc, std::vector<Stm> &out) {
        // Element idx of row `row` of `arr` (or of `arr` itself, with no row).
        auto element = [&](const Var &arr, std::optional<SubExp> row) {
            Body b;
            std::vector<SubExp> full;
            if (row)
                full.push_back(*row);
            full.insert(full.end(), idx.begin(), idx.end());
            if (full.empty()) {
                b.result = {SubExp::of(arr)};
                return b;
            }
            const Var x = fresh(dest.var.base);
            b.stms.push_back({{{x, dest.type}}, ir::IndexExp::make(arr, full, false, loc)});
            b.result = {SubExp::of(x)};
            return b;
        };
        auto choose = [&](const Param &p, const Var &c, Body t, Body e, std::vector<Stm> &to) {
            to.push_back({{p}, located(ir::IfExp::make(SubExp::of(c), t, e, {p.type}), loc)});
        };
        const Var neg = compare(BinOpKind::Lt, at, 0, loc, out);
        Body below; // at < 0: the neutral row, or a bin's own row (at < -1)
        if (!src.bins)
            below = element(src.neutral, std::nullopt);
        else {
            const Var in_bins = compare(BinOpKind::Lt, at, -1, loc, below.stms);
            const Var bin = bin_code(SubExp::of(at), loc, below.stms);
            const Param made{fresh(dest.var.base), dest.type};
            choose(made, in_bins, element(*src.bins, SubExp::of(bin)),
                   element(src.neutral, std::nullopt), below.stms);
            below.result = {SubExp::of(made.var)};
        }
        choose(dest, neg, std::move(below), element(src.rows, SubExp::of(at)), out);
    }

    /** `b` with reads of the elements of rows known by index made reads of their sources
     * and `if`s choosing between such rows made `if`s choosing indices (added to
     * `chosen`).  Clears `ok` when such a row is used otherwise (and, with `own_result`,
     * when `b` returns one: a body nested in the operator's; an `if`'s branches and the
     * operator's body leave their results to the caller). */
    Body walk(const Body &b, Chosen &chosen, const std::vector<Source> &srcs, bool &ok,
              bool own_result) {
        Body o;
        o.result = b.result;
        for (const Stm &s : b.stms) {
            const SrcLoc &loc = s.exp->loc;
            if (auto *ix = s.exp->as<ir::IndexExp>(); ix && s.pat.size() == 1) {
                if (auto it = chosen.find(ix->arr.id); it != chosen.end()) {
                    Choice part = it->second;
                    part.sub.insert(part.sub.end(), ix->idx.begin(), ix->idx.end());
                    const Var like = fresh(s.pat[0].var.base); // (dead when unchecked)
                    o.stms.push_back({{{like, s.pat[0].type}},
                                      ir::IndexExp::make(part.like, ix->idx, ix->checked, loc)});
                    if (part.sub.size() < (size_t)srcs[part.operand].row.rank()) {
                        part.like = like;
                        chosen[s.pat[0].var.id] = part; // a sub-row: read further
                    } else
                        read(s.pat[0], part.at, srcs[part.operand], part.sub, loc, o.stms);
                    continue;
                }
            }
            if (auto *a = s.exp->as<ir::AtomExp>(); a && s.pat.size() == 1 && !a->x.is_const) {
                if (auto it = chosen.find(a->x.var.id); it != chosen.end()) {
                    chosen[s.pat[0].var.id] = it->second;
                    continue;
                }
            }
            if (auto *f = s.exp->as<ir::IfExp>()) {
                o.stms.push_back(choose_if(s, *f, chosen, srcs, ok));
                continue;
            }
            Stm t = s;
            if (!nested_bodies(*s.exp).empty()) {
                ExpRebuild r;
                r.body = [&](const Body &x) {
                    Chosen inner = chosen;
                    return walk(x, inner, srcs, ok, true);
                };
                t.exp = rebuild(*s.exp, r);
            }
            ok = ok && !uses_chosen(t, chosen);
            o.stms.push_back(t);
        }
        if (own_result)
            for (const SubExp &r : b.result)
                ok = ok && (r.is_const || !chosen.count(r.var.id));
        return o;
    }

    /** The `if` statement `s` with its branches walked; a row it returns that both
     * branches know by index (of the same operand) is returned as its index. */
    Stm choose_if(const Stm &s, const ir::IfExp &f, Chosen &chosen, const std::vector<Source> &srcs,
                  bool &ok) {
        Chosen in_then = chosen, in_else = chosen;
        Body tb = walk(f.then_body, in_then, srcs, ok, false);
        Body eb = walk(f.else_body, in_else, srcs, ok, false);
        Stm o{{}, nullptr};
        std::vector<Type> ret;
        for (size_t j = 0; j < s.pat.size(); j++) {
            const SubExp &x = f.then_body.result[j], &y = f.else_body.result[j];
            auto kx = x.is_const ? in_then.end() : in_then.find(x.var.id);
            auto ky = y.is_const ? in_else.end() : in_else.find(y.var.id);
            const bool by_index = kx != in_then.end() && ky != in_else.end() &&
                                  kx->second.operand == ky->second.operand &&
                                  kx->second.sub.empty() && ky->second.sub.empty();
            if (!by_index) {
                ok = ok && kx == in_then.end() && ky == in_else.end();
                o.pat.push_back(s.pat[j]);
                ret.push_back(f.ret[j]);
                continue;
            }
            const Var at = fresh(s.pat[j].var.base);
            o.pat.push_back({at, index_type});
            ret.push_back(index_type);
            tb.result[j] = SubExp::of(kx->second.at);
            eb.result[j] = SubExp::of(ky->second.at);
            chosen[s.pat[j].var.id] = {kx->second.operand, at, srcs[kx->second.operand].neutral};
        }
        o.exp = located(ir::IfExp::make(f.cond, std::move(tb), std::move(eb), ret), s.exp->loc);
        return o;
    }

    /** Operator `lam` (k operands) over indices for the operands marked in `rows`: each
     * such row param an index, and the row it returns that index; nullopt when a marked
     * operand's rows are used otherwise. */
    std::optional<Lambda> index_lambda(const Lambda &lam, size_t k, const std::vector<bool> &rows,
                                       const std::vector<Source> &srcs) {
        Chosen chosen;
        Lambda f;
        for (size_t p = 0; p < 2 * k; p++) {
            const Param &row = lam.params[p];
            if (!rows[p % k]) {
                f.params.push_back(row);
                continue;
            }
            const Var at = fresh(row.var.base);
            f.params.push_back({at, index_type});
            chosen[row.var.id] = {p % k, at, srcs[p % k].neutral};
        }
        bool ok = true;
        f.body = walk(lam.body, chosen, srcs, ok, false);
        f.body.result.clear();
        for (size_t i = 0; i < k; i++) {
            const SubExp &r = lam.body.result[i];
            auto it = r.is_const ? chosen.end() : chosen.find(r.var.id);
            if (!rows[i]) {
                ok = ok && it == chosen.end();
                f.body.result.push_back(r);
                f.ret.push_back(lam.ret[i]);
                continue;
            }
            if (it == chosen.end() || it->second.operand != i || !it->second.sub.empty())
                return std::nullopt;
            f.body.result.push_back(SubExp::of(it->second.at));
            f.ret.push_back(index_type);
        }
        if (!ok)
            return std::nullopt;
        return only_with_rows(std::move(f), k, rows);
    }

    /** `f` (an operator over indices, `rows` its operands of them) returning, for a call
     * with no input row (every index < 0 on both sides: neutral rows, a bin's own row),
     * its other side (the one not neutral) without running its body.  The GPU's kernels make
     * such calls (padding, merging bins) where the interpreter makes none, and the body
     * could fail (an index out of bounds of rows of no elements). */
    Lambda only_with_rows(Lambda f, size_t k, const std::vector<bool> &rows) {
        const size_t i = (size_t)(std::find(rows.begin(), rows.end(), true) - rows.begin());
        const SubExp a = SubExp::of(f.params[i].var);
        const SrcLoc loc = f.body.stms.empty() ? SrcLoc{} : f.body.stms.front().exp->loc;
        auto bind = [&](Body &to, Type t, ir::ExpPtr e) {
            return SubExp::of(let(to.stms, std::move(t), std::move(e), loc));
        };
        auto choose = [&](Body &to, const SubExp &c, Body t, Body e) {
            std::vector<Param> pat;
            for (const Type &r : f.ret)
                pat.push_back({fresh("r"), r});
            to.stms.push_back(
                {pat, located(ir::IfExp::make(c, std::move(t), std::move(e), f.ret), loc)});
            to.result.clear();
            for (const Param &p : pat)
                to.result.push_back(SubExp::of(p.var));
        };
        Body sides[2]; // the params of each side
        for (size_t j = 0; j < k; j++)
            for (size_t side = 0; side < 2; side++)
                sides[side].result.push_back(SubExp::of(f.params[side * k + j].var));
        Body other, guarded;
        const Type boolean = Type::scalar(PrimType::Bool);
        const SubExp a_neutral =
            bind(other, boolean, ir::BinOpExp::make(BinOpKind::Eq, a, SubExp::i64(-1), loc));
        choose(other, a_neutral, std::move(sides[1]), std::move(sides[0]));
        // Some index >= 0 (on either side, of any operand of rows): the AND of all has
        // its sign bit clear.
        SubExp all = a;
        for (size_t j = 0; j < k; j++)
            for (size_t side = 0; side < 2; side++)
                if (rows[j] && !(j == i && side == 0))
                    all = bind(guarded, index_type,
                               ir::BinOpExp::make(BinOpKind::BitAnd, all,
                                                  SubExp::of(f.params[side * k + j].var), loc));
        const SubExp real =
            bind(guarded, boolean, ir::BinOpExp::make(BinOpKind::Ge, all, SubExp::i64(0), loc));
        choose(guarded, real, std::move(f.body), std::move(other));
        f.body = std::move(guarded);
        return f;
    }

    /** `map (\at -> the row at index at of src) ats` bound to `dest` (w rows). */
    Stm gather(const Param &dest, const SubExp &w, const Var &ats, const Source &src,
               const SrcLoc &loc) {
        Lambda rows_at;
        const Param one{fresh("at"), index_type};
        const Param row{fresh("row"), src.row};
        rows_at.params.push_back(one);
        read(row, one.var, src, {}, loc, rows_at.body.stms);
        rows_at.body.result.push_back(SubExp::of(row.var));
        rows_at.ret.push_back(src.row);
        return {{dest}, located(ir::MapExp::make(w, rows_at, {ats}), loc)};
    }

    /** A plain reduce_by_index `s` with its operators choosing rows made operators
     * choosing indices: each bin starts at -2 - b (its own row), values are the rows'
     * indices, and the bins' rows are gathered afterwards. */
    bool rewrite_hist(const Stm &s, const ir::HistExp &h, std::vector<Stm> &out) {
        std::vector<ir::HistOp> ops;
        std::vector<Var> ins;
        std::vector<std::optional<Source>> srcs; // per op; ops of tuples are left as they are
        bool any = false;
        for (size_t k = 0, at = 0, d = 0; k < h.ops.size();
             at += 1 + h.ops[k].width(), d += h.ops[k].width(), k++) {
            const ir::HistOp &op = h.ops[k];
            ops.push_back(op);
            ins.insert(ins.end(), h.inputs.begin() + (std::ptrdiff_t)at,
                       h.inputs.begin() + (std::ptrdiff_t)(at + 1 + op.width()));
            srcs.emplace_back();
            if (op.width() != 1)
                continue;
            const Type &row = op.lam.params[0].type;
            const Var &vs = h.inputs[at + 1];
            const SubExp &ne = op.neutral[0];
            Source src{vs, ne.is_const ? Var{} : ne.var, row, op.dests[0]};
            std::optional<Lambda> f;
            if (!ne.is_const && row.rank() > 0)
                f = index_lambda(op.lam, 1, {true}, {src});
            if (!f)
                continue;
            any = true;
            srcs.back() = src;
            const SrcLoc &loc = s.exp->loc;
            const SubExp bins = s.pat[d].type.dims.at(0);
            ins.back() = iota(h.w, loc, out);
            // Bin b starts as its own row.
            const Var b_all = iota(bins, loc, out);
            Lambda start;
            const Param b{fresh("b"), index_type};
            start.params.push_back(b);
            start.body.result.push_back(
                SubExp::of(bin_code(SubExp::of(b.var), loc, start.body.stms)));
            start.ret.push_back(index_type);
            const Var starts = let(out, index_type.array_of(bins),
                                   ir::MapExp::make(bins, start, {b_all}), loc, "bins");
            ops.back() = ir::HistOp{{starts}, *f, {SubExp::i64(-1)}};
        }
        if (!any)
            return false;
        Stm body;
        std::vector<Stm> rows;
        for (size_t k = 0, d = 0; k < ops.size(); d += ops[k].width(), k++) {
            if (!srcs[k]) {
                body.pat.insert(body.pat.end(), s.pat.begin() + (std::ptrdiff_t)d,
                                s.pat.begin() + (std::ptrdiff_t)(d + ops[k].width()));
                continue;
            }
            const SubExp bins = s.pat[d].type.dims.at(0);
            const Var ats = fresh(s.pat[d].var.base);
            body.pat.push_back({ats, index_type.array_of(bins)});
            rows.push_back(gather(s.pat[d], bins, ats, *srcs[k], s.exp->loc));
        }
        body.exp = located(ir::HistExp::make_plain(h.w, ops, ins), s.exp->loc);
        out.push_back(body);
        out.insert(out.end(), rows.begin(), rows.end());
        rewritten++;
        return true;
    }

    /** Statement `s` (a reduce or scan) with its operands of chosen rows as indices,
     * appended to `out` with the indices it starts from and the gathering of its results;
     * false (nothing appended) when none of its operands qualifies. */
    bool rewrite(const Stm &s, std::vector<Stm> &out) {
        if (auto *h = s.exp->as<ir::HistExp>(); h && !h->fused())
            return rewrite_hist(s, *h, out);
        const std::optional<ReduceOrScan> rs = reduce_or_scan(*s.exp);
        if (!rs)
            return false;
        const auto &[scan, w, lam, neutral, inputs] = *rs;
        const size_t k = inputs.size();
        // Operands of rows with a neutral row (a variable; a constant is no row).
        std::vector<bool> rows(k);
        std::vector<Source> srcs;
        for (size_t i = 0; i < k; i++) {
            const Type &row = lam.params[i].type;
            rows[i] = !neutral[i].is_const && row.rank() > 0;
            srcs.push_back({inputs[i], rows[i] ? neutral[i].var : Var{}, row});
        }
        const std::optional<Lambda> f = operands_taken<Lambda>(
            rows, [&](const std::vector<bool> &r) { return index_lambda(lam, k, r, srcs); });
        if (!f)
            return false;
        const SrcLoc &loc = s.exp->loc;
        const Var all = iota(w, loc, out);
        std::vector<Var> ins;
        std::vector<SubExp> nes;
        Stm body;
        std::vector<Stm> gathered;
        for (size_t i = 0; i < k; i++) {
            ins.push_back(rows[i] ? all : inputs[i]);
            nes.push_back(rows[i] ? SubExp::i64(-1) : neutral[i]);
            if (!rows[i]) {
                body.pat.push_back(s.pat[i]);
                continue;
            }
            const Var at = fresh(s.pat[i].var.base);
            body.pat.push_back({at, scan ? index_type.array_of(w) : index_type});
            if (!scan) { // the row at that index
                read(s.pat[i], at, srcs[i], {}, loc, gathered);
                continue;
            }
            gathered.push_back(gather(s.pat[i], w, at, srcs[i], loc));
        }
        body.exp = reduce_or_scan(*rs, *f, nes, ins, loc);
        out.push_back(body);
        out.insert(out.end(), gathered.begin(), gathered.end());
        rewritten++;
        return true;
    }
};

} // namespace

int choose_rows(ir::Module &m) {
    Chooser c{m};
    replace_stms(m, [&](const Stm &s, std::vector<Stm> &out) { return c.rewrite(s, out); });
    return c.rewritten;
}

} // namespace loom::passes
