// IR node constructors, the printer and the verifier.
#include "compiler/ir/IR.h"

#include "core/ValueIO.h"

#include <map>
#include <ostream>
#include <set>
#include <sstream>

namespace loom::ir {

bool SubExp::operator==(const SubExp &o) const {
    if (is_const != o.is_const)
        return false;
    if (!is_const)
        return var == o.var;
    return value.type == o.value.type && value.u == o.value.u;
}

const char *exp_kind_name(ExpKind k) {
    switch (k) {
#define LOOM_IR_NAME(N)                                                                            \
    case ExpKind::N:                                                                               \
        return #N;
        LOOM_IR_EXP_KINDS(LOOM_IR_NAME)
#undef LOOM_IR_NAME
    }
    return "?";
}

const Function *Module::find(const std::string &name) const {
    for (const Function &f : functions)
        if (f.name == name)
            return &f;
    return nullptr;
}

// ---------------------------------------------------------------- make

template <typename T> static std::shared_ptr<T> node(SrcLoc loc = {}) {
    auto n = std::make_shared<T>();
    n->loc = std::move(loc);
    return n;
}

ExpPtr AtomExp::make(SubExp x) {
    auto n = node<AtomExp>();
    n->x = std::move(x);
    return n;
}
ExpPtr UnOpExp::make(UnOpKind op, SubExp x) {
    auto n = node<UnOpExp>();
    n->op = op;
    n->x = std::move(x);
    return n;
}
ExpPtr BinOpExp::make(BinOpKind op, SubExp x, SubExp y, SrcLoc loc) {
    internal_assert(op != BinOpKind::None);
    auto n = node<BinOpExp>(std::move(loc));
    n->op = op;
    n->x = std::move(x);
    n->y = std::move(y);
    return n;
}
ExpPtr MathExp::make(MathFn fn, PrimType type, PrimType ret, std::vector<SubExp> args, SrcLoc loc) {
    internal_assert(fn != MathFn::Unknown);
    auto n = node<MathExp>(std::move(loc));
    n->fn = fn;
    n->type = type;
    n->ret = ret;
    n->args = std::move(args);
    return n;
}
ExpPtr ForeignExp::make(std::shared_ptr<const ForeignFn> fn, std::vector<SubExp> sizes,
                        std::vector<SubExp> args, SrcLoc loc) {
    internal_assert(fn && fn->params.size() == args.size() && fn->size_names.size() == sizes.size());
    auto n = node<ForeignExp>(std::move(loc));
    n->fn = std::move(fn);
    n->sizes = std::move(sizes);
    n->args = std::move(args);
    return n;
}
std::vector<Type> ForeignExp::result_types() const {
    std::vector<Type> ts;
    for (const ForeignArg &r : fn->rets) {
        Type t = Type::scalar(r.elem);
        for (int k : r.dims)
            t.dims.push_back(sizes.at((size_t)k));
        ts.push_back(std::move(t));
    }
    return ts;
}
ExpPtr ConvertExp::make(PrimType to, SubExp x) {
    auto n = node<ConvertExp>();
    n->to = to;
    n->x = std::move(x);
    return n;
}
ExpPtr IfExp::make(SubExp cond, Body t, Body e, std::vector<Type> ret) {
    internal_assert(t.result.size() == ret.size() && e.result.size() == ret.size());
    auto n = node<IfExp>();
    n->cond = std::move(cond);
    n->then_body = std::move(t);
    n->else_body = std::move(e);
    n->ret = std::move(ret);
    return n;
}
ExpPtr LoopExp::make(std::vector<Param> params, std::vector<SubExp> inits, Form form, Param index,
                     SubExp bound, Body cond, Body body) {
    internal_assert(params.size() == inits.size() && body.result.size() == params.size());
    internal_assert(form == Form::For || cond.result.size() == 1);
    auto n = node<LoopExp>();
    n->params = std::move(params);
    n->inits = std::move(inits);
    n->form = form;
    n->index = std::move(index);
    n->bound = std::move(bound);
    n->cond = std::move(cond);
    n->body = std::move(body);
    return n;
}
ExpPtr AssertExp::make(SubExp cond, std::string message, SrcLoc loc, std::vector<SubExp> args) {
    auto n = node<AssertExp>(std::move(loc));
    n->cond = std::move(cond);
    n->message = std::move(message);
    n->args = std::move(args);
    return n;
}
std::string AssertExp::render(const std::vector<std::string> &vals) const {
    std::string r;
    size_t k = 0;
    for (char c : message)
        if (c == hole)
            r += k < vals.size() ? vals[k++] : "?";
        else
            r += c;
    return r;
}
ExpPtr IotaExp::make(SubExp n_, bool checked) {
    auto n = node<IotaExp>();
    n->n = std::move(n_);
    n->checked = checked;
    return n;
}
ExpPtr RangeExp::make(SubExp start, std::optional<SubExp> second, SubExp end, End end_kind,
                      SrcLoc loc) {
    auto n = node<RangeExp>(std::move(loc));
    n->start = std::move(start);
    n->has_second = second.has_value();
    if (second)
        n->second = *second;
    n->end = std::move(end);
    n->end_kind = end_kind;
    return n;
}
ExpPtr SliceExp::make(Var arr, std::vector<SliceEntry> entries, SrcLoc loc) {
    internal_assert(!entries.empty());
    auto n = node<SliceExp>(std::move(loc));
    n->arr = std::move(arr);
    n->entries = std::move(entries);
    return n;
}
int SliceExp::num_ranges() const {
    int k = 0;
    for (const SliceEntry &e : entries)
        k += e.is_range ? 1 : 0;
    return k;
}
ExpPtr TransposeExp::make(Var arr) {
    auto n = node<TransposeExp>();
    n->arr = std::move(arr);
    return n;
}
ExpPtr SortExp::make(SubExp bits, Var keys, std::optional<Var> payload) {
    auto n = node<SortExp>();
    n->bits = std::move(bits);
    n->keys = std::move(keys);
    n->payload = std::move(payload);
    return n;
}
ExpPtr ReplicateExp::make(SubExp n_, SubExp x, bool checked) {
    auto n = node<ReplicateExp>();
    n->n = std::move(n_);
    n->x = std::move(x);
    n->checked = checked;
    return n;
}
ExpPtr ArrayLitExp::make(std::vector<SubExp> elems, Type row) {
    auto n = node<ArrayLitExp>();
    n->elems = std::move(elems);
    n->row = std::move(row);
    return n;
}
ExpPtr IndexExp::make(Var arr, std::vector<SubExp> idx, bool checked, SrcLoc loc) {
    internal_assert(!idx.empty());
    auto n = node<IndexExp>(std::move(loc));
    n->arr = std::move(arr);
    n->idx = std::move(idx);
    n->checked = checked;
    return n;
}
ExpPtr UpdateExp::make(Var arr, std::vector<SubExp> idx, SubExp value, bool checked, SrcLoc loc) {
    internal_assert(!idx.empty());
    auto n = node<UpdateExp>(std::move(loc));
    n->arr = std::move(arr);
    n->idx = std::move(idx);
    n->value = std::move(value);
    n->checked = checked;
    return n;
}
ExpPtr ConcatExp::make(Var x, Var y, SubExp size) {
    auto n = node<ConcatExp>();
    n->x = std::move(x);
    n->y = std::move(y);
    n->size = std::move(size);
    return n;
}
ExpPtr CoerceExp::make(Var arr, std::vector<SubExp> dims, SrcLoc loc, std::string type_text) {
    auto n = node<CoerceExp>(std::move(loc));
    n->arr = std::move(arr);
    n->dims = std::move(dims);
    n->type_text = std::move(type_text);
    return n;
}
ExpPtr MapExp::make(SubExp w, Lambda lam, std::vector<Var> inputs) {
    internal_assert(lam.params.size() == inputs.size());
    auto n = node<MapExp>();
    n->w = std::move(w);
    n->lam = std::move(lam);
    n->inputs = std::move(inputs);
    return n;
}
ExpPtr ReduceExp::make(SubExp w, Lambda lam, std::vector<SubExp> neutral, std::vector<Var> inputs) {
    internal_assert(neutral.size() == inputs.size() && lam.params.size() == 2 * inputs.size());
    auto n = node<ReduceExp>();
    n->w = std::move(w);
    n->lam = std::move(lam);
    n->neutral = std::move(neutral);
    n->inputs = std::move(inputs);
    return n;
}
ExpPtr ScanExp::make(SubExp w, Lambda lam, std::vector<SubExp> neutral, std::vector<Var> inputs) {
    internal_assert(neutral.size() == inputs.size() && lam.params.size() == 2 * inputs.size());
    auto n = node<ScanExp>();
    n->w = std::move(w);
    n->lam = std::move(lam);
    n->neutral = std::move(neutral);
    n->inputs = std::move(inputs);
    return n;
}
ExpPtr FilterExp::make(SubExp w, Lambda lam, std::vector<Var> inputs) {
    internal_assert(lam.params.size() == inputs.size() && lam.ret.size() == 1);
    auto n = node<FilterExp>();
    n->w = std::move(w);
    n->lam = std::move(lam);
    n->inputs = std::move(inputs);
    return n;
}
ExpPtr ScatterExp::make(SubExp w, Var dest, Var indices, Var values) {
    auto n = node<ScatterExp>();
    n->w = std::move(w);
    n->dest = std::move(dest);
    n->inputs = {std::move(indices), std::move(values)};
    return n;
}
ExpPtr ScatterExp::make_fused(SubExp w, Var dest, std::vector<Var> inputs, Lambda map_lam) {
    internal_assert(map_lam.params.size() == inputs.size() && map_lam.body.result.size() == 2);
    auto n = node<ScatterExp>();
    n->w = std::move(w);
    n->dest = std::move(dest);
    n->inputs = std::move(inputs);
    n->map_lam = std::move(map_lam);
    return n;
}
ExpPtr HistExp::make(SubExp w, Var dest, Lambda lam, SubExp neutral, Var indices, Var values) {
    return make_plain(std::move(w),
                      {HistOp{{std::move(dest)}, std::move(lam), {std::move(neutral)}}},
                      {std::move(indices), std::move(values)});
}
static size_t row_width_of(const std::vector<HistOp> &ops) {
    size_t n = 0;
    for (const HistOp &op : ops)
        n += 1 + op.width();
    return n;
}
size_t HistExp::row_width() const {
    return row_width_of(ops);
}
std::vector<Var> HistExp::dests() const {
    std::vector<Var> ds;
    for (const HistOp &op : ops)
        ds.insert(ds.end(), op.dests.begin(), op.dests.end());
    return ds;
}
static std::shared_ptr<HistExp> hist_node(SubExp w, std::vector<HistOp> ops,
                                          std::vector<Var> inputs) {
    internal_assert(!ops.empty() && !inputs.empty());
    for (const HistOp &op : ops)
        internal_assert(op.width() > 0 && op.lam.params.size() == 2 * op.width() &&
                        op.neutral.size() == op.width());
    auto n = node<HistExp>();
    n->w = std::move(w);
    n->ops = std::move(ops);
    n->inputs = std::move(inputs);
    return n;
}
ExpPtr HistExp::make_plain(SubExp w, std::vector<HistOp> ops, std::vector<Var> inputs) {
    internal_assert(inputs.size() == row_width_of(ops));
    return hist_node(std::move(w), std::move(ops), std::move(inputs));
}
ExpPtr HistExp::make_fused(SubExp w, std::vector<HistOp> ops, std::vector<Var> inputs,
                           Lambda map_lam) {
    internal_assert(map_lam.params.size() == inputs.size() &&
                    map_lam.body.result.size() == row_width_of(ops));
    auto n = hist_node(std::move(w), std::move(ops), std::move(inputs));
    n->map_lam = std::move(map_lam);
    return n;
}
ExpPtr ApplyExp::make(std::string fn, std::vector<SubExp> args, std::vector<Type> ret,
                      SrcLoc loc) {
    auto n = node<ApplyExp>(std::move(loc));
    n->fn = std::move(fn);
    n->args = std::move(args);
    n->ret = std::move(ret);
    return n;
}
ExpPtr ScremaExp::make(SubExp w, std::vector<Var> inputs, std::vector<ScremaOp> scans,
                       std::vector<ScremaOp> reduces, Lambda map_lam,
                       std::vector<std::string> fused) {
    internal_assert(map_lam.params.size() == inputs.size());
    auto n = node<ScremaExp>();
    n->w = std::move(w);
    n->inputs = std::move(inputs);
    n->scans = std::move(scans);
    n->reduces = std::move(reduces);
    n->map_lam = std::move(map_lam);
    n->fused = std::move(fused);
    internal_assert((int)n->map_lam.ret.size() >= n->num_scan_results() + n->num_reduce_results());
    return n;
}
static int operand_count(const std::vector<ScremaOp> &ops) {
    int k = 0;
    for (const ScremaOp &op : ops)
        k += (int)op.neutral.size();
    return k;
}
int ScremaExp::num_scan_results() const { return operand_count(scans); }
int ScremaExp::num_reduce_results() const { return operand_count(reduces); }

// ---------------------------------------------------------------- printer

namespace {
// The Futhark names of interp::MathFn, in its order.
static const char *const math_names[] = {
    "sqrt",    "rsqrt",     "cbrt",    "exp",     "log",       "log2",     "log10",  "log1p",
    "sin",     "cos",       "tan",     "sinpi",   "cospi",     "tanpi",    "asin",   "acos",
    "atan",    "asinpi",    "acospi",  "atanpi",  "sinh",      "cosh",     "tanh",   "asinh",
    "acosh",   "atanh",     "gamma",   "lgamma",  "erf",       "erfc",     "ceil",   "floor",
    "trunc",   "round",     "recip",   "neg",     "abs",       "sgn",      "isinf",  "isnan",
    "to_bits", "from_bits", "popc",    "clz",     "ctz",       "not",      "min",    "max",
    "atan2",   "atan2pi",   "hypot",   "pow",     "nextafter", "copysign", "ldexp",  "mul_hi",
    "get_bit", "lerp",      "fma",     "mad",     "mad_hi",    "set_bit",  "inf",    "nan",
    "pi",      "e",         "epsilon", "highest", "lowest",    "num_bits", "unknown"};
static_assert(sizeof(math_names) / sizeof(math_names[0]) == (size_t)MathFn::Unknown + 1);

struct Printer {
    std::ostream &os;
    int indent = 0;
    void nl() { os << '\n' << std::string((size_t)indent * 2, ' '); }
    template <typename T> void list(const std::vector<T> &xs, const char *sep = ", ") {
        for (size_t i = 0; i < xs.size(); i++)
            os << (i ? sep : "") << xs[i];
    }
    void params(const std::vector<Param> &ps) {
        for (size_t i = 0; i < ps.size(); i++)
            os << (i ? ", " : "") << ps[i].var << ": " << ps[i].type;
    }
    void body(const Body &b) {
        indent++;
        for (const Stm &s : b.stms) {
            nl();
            os << "let ";
            if (s.pat.size() != 1)
                os << '(';
            params(s.pat);
            if (s.pat.size() != 1)
                os << ')';
            os << " = ";
            exp(*s.exp);
        }
        nl();
        os << "in (";
        list(b.result);
        os << ')';
        indent--;
    }
    void lambda(const Lambda &l) {
        os << "\\(";
        params(l.params);
        os << "): (";
        list(l.ret);
        os << ") ->";
        body(l.body);
    }
    void exp(const Exp &e) {
        switch (e.kind) {
        case ExpKind::Atom:
            os << e.as<AtomExp>()->x;
            break;
        case ExpKind::UnOp: {
            auto *n = e.as<UnOpExp>();
            os << (n->op == UnOpKind::Neg ? "neg " : "not ") << n->x;
            break;
        }
        case ExpKind::BinOp: {
            static const char *names[] = {
                "+",  "-",   "*",  "/",  "%", "//", "%%", "**", "&",  "|",  "^", "<<",
                ">>", ">>>", "==", "!=", "<", ">",  "<=", ">=", "&&", "||", "?"};
            auto *n = e.as<BinOpExp>();
            os << n->x << ' ' << names[(int)n->op] << ' ' << n->y;
            break;
        }
        case ExpKind::Math: {
            auto *n = e.as<MathExp>();
            os << prim_name(n->type) << '.' << math_names[(int)n->fn] << "(";
            list(n->args);
            os << "): " << prim_name(n->ret);
            break;
        }
        case ExpKind::Foreign: {
            auto *n = e.as<ForeignExp>();
            os << "foreign " << n->fn->symbol << "(";
            if (!n->sizes.empty()) {
                os << "[";
                list(n->sizes);
                os << "]" << (n->args.empty() ? "" : ", ");
            }
            list(n->args);
            os << ")";
            if (n->fn->scalar())
                os << ": " << prim_name(n->fn->rets[0].elem);
            break;
        }
        case ExpKind::Convert: {
            auto *n = e.as<ConvertExp>();
            os << prim_name(n->to) << ".from(" << n->x << ")";
            break;
        }
        case ExpKind::If: {
            auto *n = e.as<IfExp>();
            os << "if " << n->cond << " then";
            body(n->then_body);
            nl();
            os << "else";
            body(n->else_body);
            break;
        }
        case ExpKind::Loop: {
            auto *n = e.as<LoopExp>();
            os << "loop (";
            for (size_t i = 0; i < n->params.size(); i++)
                os << (i ? ", " : "") << n->params[i].var << ": " << n->params[i].type << " = "
                   << n->inits[i];
            os << ") ";
            if (n->form == LoopExp::Form::For) {
                os << "for " << n->index.var << ": " << n->index.type << " < " << n->bound;
            } else {
                os << "while";
                body(n->cond);
                nl();
            }
            os << " do";
            body(n->body);
            break;
        }
        case ExpKind::Assert: {
            auto *n = e.as<AssertExp>();
            std::vector<std::string> vals;
            for (const SubExp &a : n->args) {
                std::ostringstream v;
                v << "{" << a << "}";
                vals.push_back(v.str());
            }
            os << "assert(" << n->cond << ", \"" << n->render(vals) << "\")";
            break;
        }
        case ExpKind::Iota:
            os << (e.as<IotaExp>()->checked ? "iota(" : "iota(unchecked ") << e.as<IotaExp>()->n
               << ")";
            break;
        case ExpKind::Range: {
            auto *n = e.as<RangeExp>();
            os << "range(" << n->start;
            if (n->has_second)
                os << ", " << n->second;
            static const char *seps[] = {" ... ", " ..< ", " ..> "};
            os << seps[(int)n->end_kind] << n->end << ")";
            break;
        }
        case ExpKind::Slice: {
            auto *n = e.as<SliceExp>();
            os << n->arr << "[";
            for (size_t i = 0; i < n->entries.size(); i++) {
                const SliceEntry &s = n->entries[i];
                os << (i ? ", " : "");
                if (!s.is_range) {
                    os << s.start;
                    continue;
                }
                if (s.has_start)
                    os << s.start;
                os << ":";
                if (s.has_end)
                    os << s.end;
                if (s.has_stride)
                    os << ":" << s.stride;
            }
            os << "]";
            break;
        }
        case ExpKind::Transpose:
            os << "transpose(" << e.as<TransposeExp>()->arr << ")";
            break;
        case ExpKind::Sort: {
            auto *n = e.as<SortExp>();
            os << (n->payload ? "radix_sort_with(" : "radix_sort_perm(") << n->bits << ", " << n->keys;
            if (n->payload)
                os << ", " << *n->payload;
            os << ")";
            break;
        }
        case ExpKind::Replicate: {
            auto *n = e.as<ReplicateExp>();
            os << (n->checked ? "replicate(" : "replicate(unchecked ") << n->n << ", " << n->x
               << ")";
            break;
        }
        case ExpKind::ArrayLit: {
            auto *n = e.as<ArrayLitExp>();
            os << "[";
            list(n->elems);
            os << "]: []" << n->row;
            break;
        }
        case ExpKind::Index: {
            auto *n = e.as<IndexExp>();
            os << n->arr << (n->checked ? "[" : "[unchecked ");
            list(n->idx);
            os << "]";
            break;
        }
        case ExpKind::Update: {
            auto *n = e.as<UpdateExp>();
            os << n->arr << " with " << (n->checked ? "[" : "[unchecked ");
            list(n->idx);
            os << "] = " << n->value;
            break;
        }
        case ExpKind::Concat: {
            auto *n = e.as<ConcatExp>();
            os << "concat(" << n->x << ", " << n->y << "): " << n->size;
            break;
        }
        case ExpKind::Coerce: {
            auto *n = e.as<CoerceExp>();
            os << n->arr << " :> [";
            list(n->dims, "][");
            os << "]";
            if (!n->type_text.empty())
                os << " as `" << n->type_text << "`";
            break;
        }
        case ExpKind::Map: {
            auto *n = e.as<MapExp>();
            os << "map(" << n->w << ", ";
            lambda(n->lam);
            os << ", ";
            list(n->inputs);
            os << ")";
            break;
        }
        case ExpKind::Reduce:
        case ExpKind::Scan: {
            const Lambda &lam =
                e.kind == ExpKind::Reduce ? e.as<ReduceExp>()->lam : e.as<ScanExp>()->lam;
            const auto &ne =
                e.kind == ExpKind::Reduce ? e.as<ReduceExp>()->neutral : e.as<ScanExp>()->neutral;
            const auto &in =
                e.kind == ExpKind::Reduce ? e.as<ReduceExp>()->inputs : e.as<ScanExp>()->inputs;
            const SubExp &w = e.kind == ExpKind::Reduce ? e.as<ReduceExp>()->w : e.as<ScanExp>()->w;
            os << (e.kind == ExpKind::Reduce ? "reduce(" : "scan(") << w << ", ";
            lambda(lam);
            os << ", {";
            list(ne);
            os << "}, ";
            list(in);
            os << ")";
            break;
        }
        case ExpKind::Filter: {
            auto *n = e.as<FilterExp>();
            os << "filter(" << n->w << ", ";
            lambda(n->lam);
            os << ", ";
            list(n->inputs);
            os << ")";
            break;
        }
        case ExpKind::Scatter: {
            // scatter(w, dest, [map lambda,] inputs)
            auto *n = e.as<ScatterExp>();
            os << "scatter(" << n->w << ", " << n->dest << ", ";
            if (n->fused()) {
                lambda(n->map_lam);
                os << ", ";
            }
            list(n->inputs);
            os << ")";
            break;
        }
        case ExpKind::Hist: {
            // hist(w, {dest, op, ne}..., [map lambda,] inputs); a tuple's dests and
            // neutral elements in parentheses
            auto *n = e.as<HistExp>();
            os << "hist(" << n->w << ", ";
            for (const HistOp &op : n->ops) {
                os << "{";
                if (op.width() == 1) {
                    os << op.dests[0] << ", ";
                    lambda(op.lam);
                    os << ", " << op.neutral[0] << "}, ";
                    continue;
                }
                os << "(";
                list(op.dests);
                os << "), ";
                lambda(op.lam);
                os << ", (";
                list(op.neutral);
                os << ")}, ";
            }
            if (n->fused()) {
                lambda(n->map_lam);
                os << ", ";
            }
            list(n->inputs);
            os << ")";
            break;
        }
        case ExpKind::Apply: {
            auto *n = e.as<ApplyExp>();
            os << n->fn << "(";
            list(n->args);
            os << ")";
            break;
        }
        case ExpKind::Screma: {
            // screma(w, scans {op {ne}}, reduces {op {ne}}, map lambda, inputs) -- fused from
            auto *n = e.as<ScremaExp>();
            os << "screma(" << n->w << ", scans {";
            auto ops = [&](const std::vector<ScremaOp> &v) {
                for (size_t i = 0; i < v.size(); i++) {
                    os << (i ? ", " : "");
                    lambda(v[i].lam);
                    os << " {";
                    list(v[i].neutral);
                    os << "}";
                }
            };
            ops(n->scans);
            os << "}, reduces {";
            ops(n->reduces);
            os << "}, ";
            lambda(n->map_lam);
            os << ", ";
            list(n->inputs);
            os << ")";
            if (!n->fused.empty()) {
                os << "  -- fused:";
                for (const std::string &f : n->fused)
                    os << " " << f;
            }
            break;
        }
        }
    }
};
} // namespace

bool is_commutative(const Lambda &l) {
    const size_t n = l.params.size() / 2;
    if (n == 0 || l.params.size() != 2 * n || l.body.result.size() != n || l.body.stms.size() != n)
        return false;
    auto param = [&](const SubExp &a) -> long {
        for (size_t i = 0; !a.is_const && i < l.params.size(); i++)
            if (l.params[i].var == a.var)
                return (long)i;
        return -1;
    };
    for (size_t j = 0; j < n; j++) {
        const SubExp &r = l.body.result[j];
        const Stm *def = nullptr;
        for (const Stm &st : l.body.stms)
            if (!r.is_const && st.pat.size() == 1 && st.pat[0].var == r.var)
                def = &st;
        if (!def)
            return false;
        const SubExp *x = nullptr, *y = nullptr;
        if (auto *b = def->exp->as<BinOpExp>()) {
            using K = BinOpKind;
            switch (b->op) {
            case K::Add: case K::Mul: case K::BitAnd: case K::BitOr: case K::Xor:
            case K::Eq: case K::Neq: case K::LogAnd: case K::LogOr:
                x = &b->x, y = &b->y;
                break;
            default:
                return false;
            }
        } else if (auto *m = def->exp->as<MathExp>();
                   m && (m->fn == MathFn::Min || m->fn == MathFn::Max) && m->args.size() == 2) {
            x = &m->args[0], y = &m->args[1];
        } else {
            return false;
        }
        long px = param(*x), py = param(*y);
        if (!((px == (long)j && py == (long)(j + n)) || (py == (long)j && px == (long)(j + n))))
            return false;
    }
    return true;
}

std::ostream &operator<<(std::ostream &os, const Var &v) {
    return os << v.base << '_' << v.id;
}
std::ostream &operator<<(std::ostream &os, const SubExp &s) {
    if (s.is_const)
        return os << prim_to_string(s.value);
    return os << s.var;
}
std::ostream &operator<<(std::ostream &os, const Type &t) {
    for (const SubExp &d : t.dims)
        os << '[' << d << ']';
    return os << prim_name(t.elem);
}
std::ostream &operator<<(std::ostream &os, const Exp &e) {
    Printer{os}.exp(e);
    return os;
}
std::ostream &operator<<(std::ostream &os, const Body &b) {
    Printer{os}.body(b);
    return os;
}
std::ostream &operator<<(std::ostream &os, const Lambda &l) {
    Printer{os}.lambda(l);
    return os;
}
std::ostream &operator<<(std::ostream &os, const Function &f) {
    Printer p{os};
    os << "fun " << f.name << " [";
    p.params(f.size_params);
    os << "] (";
    p.params(f.params);
    os << "): (";
    p.list(f.ret);
    os << ") =";
    p.body(f.body);
    return os << '\n';
}
std::ostream &operator<<(std::ostream &os, const Module &m) {
    for (const Function &f : m.functions)
        os << f;
    return os;
}
std::string to_string(const Module &m) {
    std::ostringstream os;
    os << m;
    return os.str();
}

Type substitute_sizes(const Type &t, const std::vector<Param> &binders,
                      const std::vector<SubExp> &values) {
    Type r = t;
    for (SubExp &d : r.dims)
        for (size_t i = 0; i < binders.size() && i < values.size(); i++)
            if (!d.is_const && d.var == binders[i].var) {
                d = values[i];
                break;
            }
    return r;
}

// ---------------------------------------------------------------- verifier

namespace {
struct Verifier {
    std::map<int, Type> scope; // vars in scope
    std::set<int> seen;        // every var bound so far (each binds once)
    std::string where;
    const Module *module = nullptr; // for the callees of ApplyExp

    template <typename... A> [[noreturn]] void fail(const A &...parts) {
        std::ostringstream os;
        os << "IR verifier: ";
        (os << ... << parts);
        os << " (in " << where << ")";
        throw InternalError(os.str());
    }
    Type type_of(const SubExp &s) {
        if (s.is_const)
            return Type::scalar(s.value.type);
        auto it = scope.find(s.var.id);
        if (it == scope.end())
            fail("variable ", s.var, " used before its definition");
        return it->second;
    }
    Type array_of(const Var &v) {
        Type t = type_of(SubExp::of(v));
        if (t.rank() == 0)
            fail(v, " is not an array");
        return t;
    }
    void check_size(const SubExp &s) {
        Type t = type_of(s);
        if (t != Type::scalar(PrimType::I64))
            fail("size ", s, " is not an i64");
    }
    void check_type(const Type &t) {
        for (const SubExp &d : t.dims)
            check_size(d);
    }
    void bind(const Param &p) {
        check_type(p.type);
        if (p.var.id < 0)
            fail("unnamed variable ", p.var.base);
        if (!seen.insert(p.var.id).second)
            fail("variable ", p.var, " bound twice");
        scope[p.var.id] = p.type;
    }
    void expect(const Type &got, const Type &want, const char *what) {
        if (got != want) {
            std::ostringstream a, b;
            a << got;
            b << want;
            fail(what, ": type ", a.str(), " where ", b.str(), " was expected");
        }
    }
    /** Checks a body in a nested scope; returns its result types. */
    std::vector<Type> body(const Body &b) {
        auto saved = scope;
        for (const Stm &s : b.stms)
            stm(s);
        std::vector<Type> r;
        for (const SubExp &x : b.result)
            r.push_back(type_of(x));
        scope = std::move(saved);
        return r;
    }
    /** `want` may mention `binders` (existential sizes): they stand for the results at
     * the same positions. */
    void body_returns(const Body &b, const std::vector<Type> &want, const char *what,
                      const std::vector<Param> &binders = {}) {
        auto saved = scope;
        for (const Stm &s : b.stms)
            stm(s);
        if (b.result.size() != want.size())
            fail(what, ": ", b.result.size(), " results, expected ", want.size());
        for (size_t i = 0; i < want.size(); i++) {
            Type w = substitute_sizes(want[i], binders, b.result);
            check_type(w);
            expect(type_of(b.result[i]), w, what);
        }
        scope = std::move(saved);
    }
    void lambda(const Lambda &l, const std::vector<Type> &params, const char *what) {
        if (l.params.size() != params.size())
            fail(what, ": lambda takes ", l.params.size(), " parameters, given ", params.size());
        auto saved = scope;
        for (size_t i = 0; i < params.size(); i++) {
            expect(l.params[i].type, params[i], what);
            bind(l.params[i]);
        }
        body_returns(l.body, l.ret, what);
        scope = std::move(saved);
    }
    std::vector<Type> rows(const SubExp &w, const std::vector<Var> &inputs, const char *what) {
        check_size(w);
        std::vector<Type> r;
        for (const Var &v : inputs) {
            Type t = array_of(v);
            if (!(t.dims[0] == w))
                fail(what, ": input ", v, " has outer size ", t.dims[0], ", not ", w);
            r.push_back(t.row());
        }
        return r;
    }
    void scalar_prim(const Type &t, const char *what) {
        if (t.rank() != 0)
            fail(what, ": operand is an array");
    }

    /** The types the expression produces (Filter: handled in stm); `pat` is the
     * statement's pattern (If and Loop types may mention its vars). */
    std::vector<Type> exp(const Exp &e, const std::vector<Param> &pat) {
        switch (e.kind) {
        case ExpKind::Atom:
            return {type_of(e.as<AtomExp>()->x)};
        case ExpKind::UnOp: {
            auto *n = e.as<UnOpExp>();
            Type t = type_of(n->x);
            scalar_prim(t, "unop");
            if (n->op == UnOpKind::Neg && t.elem == PrimType::Bool)
                fail("neg on bool");
            if (n->op == UnOpKind::Not && is_float(t.elem))
                fail("not on a float");
            return {t};
        }
        case ExpKind::BinOp: {
            auto *n = e.as<BinOpExp>();
            Type a = type_of(n->x), b = type_of(n->y);
            scalar_prim(a, "binop");
            expect(b, a, "binop operands");
            switch (n->op) {
            case BinOpKind::Eq:
            case BinOpKind::Neq:
            case BinOpKind::Lt:
            case BinOpKind::Gt:
            case BinOpKind::Le:
            case BinOpKind::Ge:
                return {Type::scalar(PrimType::Bool)};
            case BinOpKind::LogAnd:
            case BinOpKind::LogOr:
                if (a.elem != PrimType::Bool)
                    fail("&&/|| on a non-bool");
                return {a};
            default:
                return {a};
            }
        }
        case ExpKind::Math: {
            auto *n = e.as<MathExp>();
            if ((int)n->args.size() != interp::math_arity(n->fn))
                fail("math function arity");
            for (const SubExp &a : n->args)
                scalar_prim(type_of(a), "math");
            return {Type::scalar(n->ret)};
        }
        case ExpKind::Foreign: {
            auto *n = e.as<ForeignExp>();
            for (const SubExp &x : n->sizes)
                if (type_of(x) != Type::scalar(PrimType::I64))
                    fail("foreign size not i64");
            for (size_t i = 0; i < n->args.size(); i++) {
                Type t = type_of(n->args[i]);
                const ForeignArg &p = n->fn->params[i];
                if (t.elem != p.elem || t.rank() != (int)p.dims.size())
                    fail("foreign argument type");
            }
            return n->result_types();
        }
        case ExpKind::Convert: {
            auto *n = e.as<ConvertExp>();
            scalar_prim(type_of(n->x), "convert");
            return {Type::scalar(n->to)};
        }
        case ExpKind::If: {
            auto *n = e.as<IfExp>();
            expect(type_of(n->cond), Type::scalar(PrimType::Bool), "if condition");
            body_returns(n->then_body, n->ret, "then branch", pat);
            body_returns(n->else_body, n->ret, "else branch", pat);
            return n->ret;
        }
        case ExpKind::Loop: {
            auto *n = e.as<LoopExp>();
            std::vector<Type> ts;
            for (size_t i = 0; i < n->params.size(); i++)
                ts.push_back(type_of(n->inits[i]));
            auto saved = scope;
            for (size_t i = 0; i < n->params.size(); i++) {
                expect(ts[i], substitute_sizes(n->params[i].type, n->params, n->inits),
                       "loop initial value");
                bind(n->params[i]);
            }
            if (n->form == LoopExp::Form::For) {
                Type bt = type_of(n->bound);
                if (bt.rank() != 0 || !is_int(bt.elem))
                    fail("loop bound is not an integer");
                expect(n->index.type, bt, "loop index");
                bind(n->index);
            } else {
                body_returns(n->cond, {Type::scalar(PrimType::Bool)}, "while condition");
            }
            std::vector<Type> want;
            for (const Param &p : n->params)
                want.push_back(p.type);
            body_returns(n->body, want, "loop body", n->params);
            scope = std::move(saved);
            std::vector<SubExp> out;
            for (const Param &p : pat)
                out.push_back(SubExp::of(p.var));
            for (Type &t : want)
                t = substitute_sizes(t, n->params, out);
            return want;
        }
        case ExpKind::Assert: {
            auto *n = e.as<AssertExp>();
            expect(type_of(n->cond), Type::scalar(PrimType::Bool), "assert");
            size_t holes = 0;
            for (char c : n->message)
                holes += c == AssertExp::hole;
            if (holes != n->args.size())
                fail("assert: " + std::to_string(n->args.size()) + " values for " +
                     std::to_string(holes) + " holes in its message");
            for (const SubExp &a : n->args) {
                Type t = type_of(a);
                if (t.rank() != 0 || !is_int(t.elem))
                    fail("assert: a message value that is not an integer scalar");
            }
            return {Type::scalar(PrimType::Bool)};
        }
        case ExpKind::Iota: {
            auto *n = e.as<IotaExp>();
            check_size(n->n);
            return {Type{PrimType::I64, {n->n}}};
        }
        case ExpKind::Replicate: {
            auto *n = e.as<ReplicateExp>();
            check_size(n->n);
            return {type_of(n->x).array_of(n->n)};
        }
        case ExpKind::ArrayLit: {
            auto *n = e.as<ArrayLitExp>();
            check_type(n->row);
            for (const SubExp &x : n->elems)
                expect(type_of(x), n->row, "array literal element");
            return {n->row.array_of(SubExp::i64((int64_t)n->elems.size()))};
        }
        case ExpKind::Index: {
            auto *n = e.as<IndexExp>();
            Type t = array_of(n->arr);
            if ((int)n->idx.size() > t.rank())
                fail("too many indices");
            for (const SubExp &i : n->idx)
                expect(type_of(i), Type::scalar(PrimType::I64), "index");
            t.dims.erase(t.dims.begin(), t.dims.begin() + (long)n->idx.size());
            return {t};
        }
        case ExpKind::Update: {
            auto *n = e.as<UpdateExp>();
            Type t = array_of(n->arr);
            if ((int)n->idx.size() > t.rank())
                fail("too many indices");
            for (const SubExp &i : n->idx)
                expect(type_of(i), Type::scalar(PrimType::I64), "index");
            Type v = t;
            v.dims.erase(v.dims.begin(), v.dims.begin() + (long)n->idx.size());
            expect(type_of(n->value), v, "update value");
            return {t};
        }
        case ExpKind::Concat: {
            auto *n = e.as<ConcatExp>();
            Type a = array_of(n->x), b = array_of(n->y);
            expect(b.row(), a.row(), "concat rows");
            check_size(n->size);
            return {a.row().array_of(n->size)};
        }
        case ExpKind::Coerce: {
            auto *n = e.as<CoerceExp>();
            Type a = array_of(n->arr);
            if ((int)n->dims.size() != a.rank())
                fail("coercion changes the rank");
            for (const SubExp &d : n->dims)
                check_size(d);
            return {Type{a.elem, n->dims}};
        }
        case ExpKind::Map: {
            auto *n = e.as<MapExp>();
            lambda(n->lam, rows(n->w, n->inputs, "map"), "map");
            std::vector<Type> r;
            for (const Type &t : n->lam.ret)
                r.push_back(t.array_of(n->w));
            return r;
        }
        case ExpKind::Reduce:
        case ExpKind::Scan: {
            bool red = e.kind == ExpKind::Reduce;
            const char *what = red ? "reduce" : "scan";
            const Lambda &lam = red ? e.as<ReduceExp>()->lam : e.as<ScanExp>()->lam;
            const auto &ne = red ? e.as<ReduceExp>()->neutral : e.as<ScanExp>()->neutral;
            const auto &in = red ? e.as<ReduceExp>()->inputs : e.as<ScanExp>()->inputs;
            const SubExp &w = red ? e.as<ReduceExp>()->w : e.as<ScanExp>()->w;
            std::vector<Type> rs = rows(w, in, what);
            for (size_t i = 0; i < ne.size(); i++)
                expect(type_of(ne[i]), rs[i], "neutral element");
            std::vector<Type> ps = rs;
            ps.insert(ps.end(), rs.begin(), rs.end());
            lambda(lam, ps, what);
            if (lam.ret != rs)
                fail(what, ": operator result types differ from the element types");
            if (red)
                return rs;
            std::vector<Type> r;
            for (const Type &t : rs)
                r.push_back(t.array_of(w));
            return r;
        }
        case ExpKind::Range:
            fail("range outside a statement");
        case ExpKind::Slice:
            fail("slice outside a statement");
        case ExpKind::Transpose: {
            Type t = array_of(e.as<TransposeExp>()->arr);
            if (t.rank() < 2)
                fail("transpose of an array of rank < 2");
            std::swap(t.dims[0], t.dims[1]);
            return {t};
        }
        case ExpKind::Sort: {
            auto *n = e.as<SortExp>();
            Type t = array_of(n->keys);
            if (t.rank() != 1 || !is_int(t.elem))
                fail("radix_sort_perm of keys that are not a 1-D array of integers");
            expect(type_of(n->bits), Type::scalar(PrimType::I32), "bit count");
            if (!n->payload)
                return {Type{PrimType::I64, t.dims}};
            Type p = array_of(*n->payload);
            if (p.rank() != 1 || (prim_size(p.elem) != 4 && prim_size(p.elem) != 8))
                fail("radix_sort_with of a payload that is not a 1-D array of 4- or 8-byte numbers");
            expect(p, Type{p.elem, t.dims}, "payload");
            return {p};
        }
        case ExpKind::Filter:
            fail("filter outside a statement");
        case ExpKind::Scatter: {
            auto *n = e.as<ScatterExp>();
            Type d = array_of(n->dest);
            std::vector<Type> rs = rows(n->w, n->inputs, "scatter");
            if (n->fused()) {
                lambda(n->map_lam, rs, "scatter map");
                rs = n->map_lam.ret;
            }
            if (rs.size() != 2)
                fail("scatter: rows of an index and a value expected");
            expect(rs[0], Type::scalar(PrimType::I64), "scatter indices");
            expect(rs[1], d.row(), "scatter values");
            return {d};
        }
        case ExpKind::Hist: {
            auto *n = e.as<HistExp>();
            std::vector<Type> rs = rows(n->w, n->inputs, "hist");
            if (n->fused()) {
                lambda(n->map_lam, rs, "hist map");
                rs = n->map_lam.ret;
            }
            if (rs.size() != n->row_width())
                fail("hist: ", n->ops.size(), " ops need an index and their values each");
            std::vector<Type> out;
            size_t at = 0;
            for (const HistOp &op : n->ops) {
                expect(rs[at++], Type::scalar(PrimType::I64), "hist indices");
                std::vector<Type> row;
                for (size_t m = 0; m < op.width(); m++) {
                    Type d = array_of(op.dests[m]);
                    if (m > 0 && !(d.dims.at(0) == out.back().dims.at(0)))
                        fail("hist: a tuple's destinations of different sizes");
                    expect(rs[at++], d.row(), "hist values");
                    expect(type_of(op.neutral[m]), d.row(), "hist neutral");
                    row.push_back(d.row());
                    out.push_back(d);
                }
                std::vector<Type> params = row;
                params.insert(params.end(), row.begin(), row.end());
                lambda(op.lam, params, "hist");
                if (op.lam.ret != row)
                    fail("hist: operator result type");
            }
            return out;
        }
        case ExpKind::Apply: {
            auto *n = e.as<ApplyExp>();
            const Function *f = module ? module->find(n->fn) : nullptr;
            if (!f)
                fail("call of an unknown function ", n->fn);
            if (n->args.size() != f->size_params.size() + f->params.size())
                fail("call of ", n->fn, " with ", n->args.size(), " arguments");
            std::vector<SubExp> sizes(n->args.begin(),
                                      n->args.begin() + (long)f->size_params.size());
            for (size_t i = 0; i < n->args.size(); i++) {
                Type want = i < sizes.size() ? Type::scalar(PrimType::I64)
                                             : substitute_sizes(f->params[i - sizes.size()].type,
                                                                f->size_params, sizes);
                expect(type_of(n->args[i]), want, "call argument");
            }
            if (n->ret.size() != f->ret.size())
                fail("call of ", n->fn, ": ", n->ret.size(), " results, the function has ",
                     f->ret.size());
            return n->ret;
        }
        case ExpKind::Screma: {
            auto *n = e.as<ScremaExp>();
            lambda(n->map_lam, rows(n->w, n->inputs, "screma"), "screma");
            const std::vector<Type> &mr = n->map_lam.ret;
            size_t k = 0;
            auto ops = [&](const std::vector<ScremaOp> &v, const char *what) {
                std::vector<Type> out;
                for (const ScremaOp &op : v) {
                    if (op.lam.params.size() != 2 * op.neutral.size())
                        fail(what, ": operator arity");
                    std::vector<Type> ts(mr.begin() + (long)k,
                                         mr.begin() + (long)(k + op.neutral.size()));
                    for (size_t i = 0; i < ts.size(); i++)
                        expect(type_of(op.neutral[i]), ts[i], "neutral element");
                    std::vector<Type> ps = ts;
                    ps.insert(ps.end(), ts.begin(), ts.end());
                    lambda(op.lam, ps, what);
                    if (op.lam.ret != ts)
                        fail(what, ": operator result types differ from the element types");
                    out.insert(out.end(), ts.begin(), ts.end());
                    k += op.neutral.size();
                }
                return out;
            };
            std::vector<Type> r;
            for (const Type &t : ops(n->scans, "screma scan"))
                r.push_back(t.array_of(n->w));
            for (const Type &t : ops(n->reduces, "screma reduce"))
                r.push_back(t);
            for (; k < mr.size(); k++)
                r.push_back(mr[k].array_of(n->w));
            return r;
        }
        }
        fail("unknown expression kind");
    }

    void stm(const Stm &s) {
        if (!s.exp)
            fail("statement without expression");
        if (auto *r = s.exp->as<RangeExp>()) {
            Type t = type_of(r->start);
            if (t.rank() != 0 || !is_int(t.elem))
                fail("range over a non-integer");
            if (r->has_second)
                expect(type_of(r->second), t, "range second element");
            expect(type_of(r->end), t, "range end");
            if (s.pat.size() != 2)
                fail("range: pattern must bind (count, array)");
            bind(s.pat[0]);
            expect(s.pat[0].type, Type::scalar(PrimType::I64), "range count");
            expect(s.pat[1].type, t.array_of(SubExp::of(s.pat[0].var)), "range result");
            bind(s.pat[1]);
            return;
        }
        if (auto *sl = s.exp->as<SliceExp>()) {
            Type t = array_of(sl->arr);
            if ((int)sl->entries.size() > t.rank())
                fail("slice: too many entries");
            size_t k = (size_t)sl->num_ranges();
            if (k == 0)
                fail("slice without ranges (use Index)");
            if (s.pat.size() != k + 1)
                fail("slice: pattern must bind the counts and the array");
            Type rt{t.elem, {}};
            size_t c = 0;
            for (size_t i = 0; i < sl->entries.size(); i++) {
                const SliceEntry &en = sl->entries[i];
                auto idx = [&](const SubExp &x) {
                    expect(type_of(x), Type::scalar(PrimType::I64), "slice part");
                };
                if (!en.is_range) {
                    idx(en.start);
                    continue;
                }
                if (en.has_start)
                    idx(en.start);
                if (en.has_end)
                    idx(en.end);
                if (en.has_stride)
                    idx(en.stride);
                bind(s.pat[c]);
                expect(s.pat[c].type, Type::scalar(PrimType::I64), "slice count");
                rt.dims.push_back(SubExp::of(s.pat[c].var));
                c++;
            }
            for (size_t i = sl->entries.size(); i < (size_t)t.rank(); i++)
                rt.dims.push_back(t.dims[i]);
            expect(s.pat[k].type, rt, "slice result");
            bind(s.pat[k]);
            return;
        }
        if (auto *f = s.exp->as<FilterExp>()) {
            std::vector<Type> rs = rows(f->w, f->inputs, "filter");
            lambda(f->lam, rs, "filter");
            if (f->lam.ret != std::vector<Type>{Type::scalar(PrimType::Bool)})
                fail("filter: predicate is not bool");
            if (s.pat.size() != rs.size() + 1)
                fail("filter: pattern has ", s.pat.size(), " vars");
            bind(s.pat[0]);
            expect(s.pat[0].type, Type::scalar(PrimType::I64), "filter count");
            for (size_t i = 0; i < rs.size(); i++) {
                expect(s.pat[i + 1].type, rs[i].array_of(SubExp::of(s.pat[0].var)),
                       "filter result");
                bind(s.pat[i + 1]);
            }
            return;
        }
        std::vector<Type> ts = exp(*s.exp, s.pat);
        if (ts.size() != s.pat.size())
            fail(exp_kind_name(s.exp->kind), " gives ", ts.size(), " values, pattern binds ",
                 s.pat.size());
        for (size_t i = 0; i < ts.size(); i++)
            expect(s.pat[i].type, ts[i], "binding");
        for (const Param &p : s.pat)
            bind(p);
    }
};
} // namespace

void verify(const Module &m) {
    std::set<std::string> names;
    for (const Function &f : m.functions) {
        Verifier v;
        v.where = "function " + f.name;
        v.module = &m;
        if (!names.insert(f.name).second)
            v.fail("function defined twice");
        for (const Param &p : f.size_params) {
            if (p.type != Type::scalar(PrimType::I64))
                v.fail("size parameter is not i64");
            v.bind(p);
        }
        for (const Param &p : f.params)
            v.bind(p);
        v.body_returns(f.body, f.ret, "function result", f.ret_sizes);
        for (int id : v.seen)
            if (id >= m.next_var_id)
                v.fail("variable id ", id, " >= next_var_id");
    }
}

} // namespace loom::ir
