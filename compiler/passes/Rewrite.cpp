// Generic rebuilding and use-visiting of IR expressions (see Rewrite.h).
#include "compiler/passes/Rewrite.h"

namespace loom::passes {

using ir::BinOpKind;
using ir::Body;
using ir::ExpKind;
using ir::ExpPtr;
using ir::Lambda;
using ir::Param;
using ir::Stm;
using ir::SubExp;
using ir::Type;
using ir::Var;

namespace {

/** Applies an ExpRebuild with identity defaults. */
struct Apply {
    const ExpRebuild &r;
    SubExp sub(const SubExp &s) const { return r.sub ? r.sub(s) : s; }
    Var var(const Var &v) const { return r.var ? r.var(v) : v; }
    Type type(const Type &t) const { return r.type ? r.type(t) : t; }
    Body body(const Body &b) const { return r.body ? r.body(b) : b; }
    template <typename T>
    std::vector<T> all(const std::vector<T> &xs, T (Apply::*f)(const T &) const) const {
        std::vector<T> out;
        out.reserve(xs.size());
        for (const T &x : xs)
            out.push_back((this->*f)(x));
        return out;
    }
    std::vector<SubExp> subs(const std::vector<SubExp> &xs) const { return all(xs, &Apply::sub); }
    std::vector<Var> vars(const std::vector<Var> &xs) const { return all(xs, &Apply::var); }
    std::vector<Type> types(const std::vector<Type> &xs) const { return all(xs, &Apply::type); }
    Param param(const Param &p) const { return Param{p.var, type(p.type)}; }
    std::vector<Param> params(const std::vector<Param> &ps) const { return all(ps, &Apply::param); }
    Lambda lambda(const Lambda &l) const {
        if (r.lambda)
            return r.lambda(l);
        return Lambda{params(l.params), body(l.body), types(l.ret)};
    }
    ir::ScremaOp op(const ir::ScremaOp &o) const { return {lambda(o.lam), subs(o.neutral)}; }
    std::vector<ir::ScremaOp> ops(const std::vector<ir::ScremaOp> &os) const {
        return all(os, &Apply::op);
    }
    ir::SliceEntry entry(const ir::SliceEntry &e) const {
        ir::SliceEntry o = e;
        o.start = sub(e.start);
        o.end = sub(e.end);
        o.stride = sub(e.stride);
        return o;
    }

    ExpPtr exp(const ir::Exp &e) const {
        switch (e.kind) {
        case ExpKind::Atom:
            return ir::AtomExp::make(sub(e.as<ir::AtomExp>()->x));
        case ExpKind::UnOp: {
            auto *n = e.as<ir::UnOpExp>();
            return with_loc(ir::UnOpExp::make(n->op, sub(n->x)), e);
        }
        case ExpKind::BinOp: {
            auto *n = e.as<ir::BinOpExp>();
            return ir::BinOpExp::make(n->op, sub(n->x), sub(n->y), e.loc);
        }
        case ExpKind::Math: {
            auto *n = e.as<ir::MathExp>();
            return ir::MathExp::make(n->fn, n->type, n->ret, subs(n->args), e.loc);
        }
        case ExpKind::Foreign: {
            auto *n = e.as<ir::ForeignExp>();
            return ir::ForeignExp::make(n->fn, subs(n->sizes), subs(n->args), e.loc);
        }
        case ExpKind::Convert: {
            auto *n = e.as<ir::ConvertExp>();
            return with_loc(ir::ConvertExp::make(n->to, sub(n->x)), e);
        }
        case ExpKind::If: {
            auto *n = e.as<ir::IfExp>();
            return with_loc(ir::IfExp::make(sub(n->cond), body(n->then_body), body(n->else_body),
                                            types(n->ret)),
                            e);
        }
        case ExpKind::Loop: {
            auto *n = e.as<ir::LoopExp>();
            bool is_for = n->form == ir::LoopExp::Form::For;
            return with_loc(ir::LoopExp::make(params(n->params), subs(n->inits), n->form,
                                              is_for ? param(n->index) : n->index,
                                              is_for ? sub(n->bound) : n->bound,
                                              is_for ? n->cond : body(n->cond), body(n->body)),
                            e);
        }
        case ExpKind::Assert: {
            auto *n = e.as<ir::AssertExp>();
            return ir::AssertExp::make(sub(n->cond), n->message, e.loc, subs(n->args));
        }
        case ExpKind::Iota:
            return with_loc(
                ir::IotaExp::make(sub(e.as<ir::IotaExp>()->n), e.as<ir::IotaExp>()->checked), e);
        case ExpKind::Range: {
            auto *n = e.as<ir::RangeExp>();
            std::optional<SubExp> second;
            if (n->has_second)
                second = sub(n->second);
            return ir::RangeExp::make(sub(n->start), second, sub(n->end), n->end_kind, e.loc);
        }
        case ExpKind::Replicate: {
            auto *n = e.as<ir::ReplicateExp>();
            return with_loc(ir::ReplicateExp::make(sub(n->n), sub(n->x), n->checked), e);
        }
        case ExpKind::ArrayLit: {
            auto *n = e.as<ir::ArrayLitExp>();
            return with_loc(ir::ArrayLitExp::make(subs(n->elems), type(n->row)), e);
        }
        case ExpKind::Index: {
            auto *n = e.as<ir::IndexExp>();
            return ir::IndexExp::make(var(n->arr), subs(n->idx), n->checked, e.loc);
        }
        case ExpKind::Slice: {
            auto *n = e.as<ir::SliceExp>();
            return ir::SliceExp::make(var(n->arr), all(n->entries, &Apply::entry), e.loc);
        }
        case ExpKind::Update: {
            auto *n = e.as<ir::UpdateExp>();
            return ir::UpdateExp::make(var(n->arr), subs(n->idx), sub(n->value), n->checked, e.loc);
        }
        case ExpKind::Concat: {
            auto *n = e.as<ir::ConcatExp>();
            return with_loc(ir::ConcatExp::make(var(n->x), var(n->y), sub(n->size)), e);
        }
        case ExpKind::Coerce: {
            auto *n = e.as<ir::CoerceExp>();
            return ir::CoerceExp::make(var(n->arr), subs(n->dims), e.loc, n->type_text);
        }
        case ExpKind::Transpose:
            return with_loc(ir::TransposeExp::make(var(e.as<ir::TransposeExp>()->arr)), e);
        case ExpKind::Sort: {
            auto *n = e.as<ir::SortExp>();
            return with_loc(ir::SortExp::make(sub(n->bits), var(n->keys),
                                              n->payload ? std::optional<ir::Var>(var(*n->payload)) : std::nullopt),
                            e);
        }
        case ExpKind::Map: {
            auto *n = e.as<ir::MapExp>();
            return with_loc(ir::MapExp::make(sub(n->w), lambda(n->lam), vars(n->inputs)), e);
        }
        case ExpKind::Reduce: {
            auto *n = e.as<ir::ReduceExp>();
            return with_loc(
                ir::ReduceExp::make(sub(n->w), lambda(n->lam), subs(n->neutral), vars(n->inputs)),
                e);
        }
        case ExpKind::Scan: {
            auto *n = e.as<ir::ScanExp>();
            return with_loc(
                ir::ScanExp::make(sub(n->w), lambda(n->lam), subs(n->neutral), vars(n->inputs)), e);
        }
        case ExpKind::Filter: {
            auto *n = e.as<ir::FilterExp>();
            return with_loc(ir::FilterExp::make(sub(n->w), lambda(n->lam), vars(n->inputs)), e);
        }
        case ExpKind::Scatter: {
            auto *n = e.as<ir::ScatterExp>();
            if (n->fused())
                return with_loc(ir::ScatterExp::make_fused(sub(n->w), var(n->dest), vars(n->inputs),
                                                           lambda(n->map_lam)),
                                e);
            return with_loc(
                ir::ScatterExp::make(sub(n->w), var(n->dest), var(n->inputs.at(0)), var(n->inputs.at(1))), e);
        }
        case ExpKind::Hist: {
            auto *n = e.as<ir::HistExp>();
            std::vector<ir::HistOp> hops;
            for (const ir::HistOp &op : n->ops)
                hops.push_back({vars(op.dests), lambda(op.lam), subs(op.neutral)});
            if (n->fused())
                return with_loc(ir::HistExp::make_fused(sub(n->w), std::move(hops),
                                                        vars(n->inputs), lambda(n->map_lam)),
                                e);
            return with_loc(ir::HistExp::make_plain(sub(n->w), std::move(hops), vars(n->inputs)),
                            e);
        }
        case ExpKind::Apply: {
            auto *n = e.as<ir::ApplyExp>();
            std::vector<ir::Type> ret;
            for (const ir::Type &t : n->ret)
                ret.push_back(type(t));
            return ir::ApplyExp::make(n->fn, subs(n->args), std::move(ret), e.loc);
        }
        case ExpKind::Screma: {
            auto *n = e.as<ir::ScremaExp>();
            return with_loc(ir::ScremaExp::make(sub(n->w), vars(n->inputs), ops(n->scans),
                                                ops(n->reduces), lambda(n->map_lam), n->fused),
                            e);
        }
        }
        throw InternalError("rebuild: unknown expression kind");
    }

    static ExpPtr with_loc(ExpPtr p, const ir::Exp &from) {
        return located(std::move(p), from.loc);
    }
};

} // namespace

ExpPtr located(ExpPtr fresh, const SrcLoc &loc) {
    const_cast<ir::Exp &>(*fresh).loc = loc; // made by make_shared<T>: not const itself
    return fresh;
}

const SubExp &soac_width(const ir::Exp &e) {
    switch (e.kind) {
    case ExpKind::Screma: return e.as<ir::ScremaExp>()->w;
    case ExpKind::Map: return e.as<ir::MapExp>()->w;
    case ExpKind::Reduce: return e.as<ir::ReduceExp>()->w;
    case ExpKind::Scan: return e.as<ir::ScanExp>()->w;
    case ExpKind::Filter: return e.as<ir::FilterExp>()->w;
    case ExpKind::Scatter: return e.as<ir::ScatterExp>()->w;
    case ExpKind::Hist: return e.as<ir::HistExp>()->w;
    default: break;
    }
    throw InternalError("soac_width: not a SOAC");
}

MapLike map_like(const ir::Exp &e) {
    if (auto *n = e.as<ir::MapExp>())
        return {&n->lam, &n->inputs, n->w};
    if (auto *n = e.as<ir::FilterExp>())
        return {&n->lam, &n->inputs, n->w};
    if (auto *n = e.as<ir::ScremaExp>())
        return {&n->map_lam, &n->inputs, n->w};
    return {};
}

std::optional<ReduceOrScan> reduce_or_scan(const ir::Exp &e) {
    if (auto *r = e.as<ir::ReduceExp>())
        return ReduceOrScan{false, r->w, r->lam, r->neutral, r->inputs};
    if (auto *s = e.as<ir::ScanExp>())
        return ReduceOrScan{true, s->w, s->lam, s->neutral, s->inputs};
    return std::nullopt;
}

ExpPtr reduce_or_scan(const ReduceOrScan &rs, Lambda lam, std::vector<SubExp> neutral,
                      std::vector<ir::Var> inputs, const SrcLoc &loc) {
    return located(
        rs.scan ? ir::ScanExp::make(rs.w, std::move(lam), std::move(neutral), std::move(inputs))
                : ir::ReduceExp::make(rs.w, std::move(lam), std::move(neutral), std::move(inputs)),
        loc);
}

void replace_stms(ir::Module &m,
                  const std::function<bool(const ir::Stm &, std::vector<ir::Stm> &)> &rewrite) {
    for (ir::Function &f : m.functions)
        f.body = replace_stms(f.body, rewrite);
}

Body replace_stms(const Body &b,
                  const std::function<bool(const ir::Stm &, std::vector<ir::Stm> &)> &rewrite) {
    ExpRebuild r;
    r.body = [&](const Body &x) { return replace_stms(x, rewrite); };
    Body o;
    o.result = b.result;
    for (const Stm &s : b.stms) {
        Stm t{s.pat, nested_bodies(*s.exp).empty() ? s.exp : rebuild(*s.exp, r)};
        if (!rewrite(t, o.stms))
            o.stms.push_back(t);
    }
    return o;
}

ExpPtr rebuild(const ir::Exp &e, const ExpRebuild &r) {
    return Apply{r}.exp(e);
}

void for_each_use(const Type &t, const std::function<void(const Var &)> &f) {
    for (const SubExp &d : t.dims)
        if (!d.is_const)
            f(d.var);
}

void for_each_use(const Body &b, const std::function<void(const Var &)> &f) {
    for (const ir::Stm &s : b.stms)
        for_each_use(s, f);
    for (const SubExp &x : b.result)
        if (!x.is_const)
            f(x.var);
}

void for_each_use(const ir::Stm &s, const std::function<void(const Var &)> &f) {
    for (const Param &p : s.pat)
        for_each_use(p.type, f);
    for_each_use(*s.exp, f);
}

void for_each_use(const ir::Exp &e, const std::function<void(const Var &)> &f) {
    ExpRebuild r;
    r.sub = [&](const SubExp &s) {
        if (!s.is_const)
            f(s.var);
        return s;
    };
    r.var = [&](const Var &v) {
        f(v);
        return v;
    };
    r.type = [&](const Type &t) {
        for_each_use(t, f);
        return t;
    };
    r.body = [&](const Body &b) {
        for_each_use(b, f);
        return b; // the rebuilt node is thrown away
    };
    rebuild(e, r);
}

void for_each_stm(const Body &b, const std::function<void(const ir::Stm &)> &f) {
    for (const ir::Stm &s : b.stms) {
        f(s);
        for (const Body *nb : nested_bodies(*s.exp))
            for_each_stm(*nb, f);
    }
}

std::vector<const Lambda *> nested_lambdas(const ir::Exp &e) {
    switch (e.kind) {
    case ExpKind::Map:
        return {&e.as<ir::MapExp>()->lam};
    case ExpKind::Reduce:
        return {&e.as<ir::ReduceExp>()->lam};
    case ExpKind::Scan:
        return {&e.as<ir::ScanExp>()->lam};
    case ExpKind::Filter:
        return {&e.as<ir::FilterExp>()->lam};
    case ExpKind::Scatter:
        if (e.as<ir::ScatterExp>()->fused())
            return {&e.as<ir::ScatterExp>()->map_lam};
        return {};
    case ExpKind::Hist: {
        auto *n = e.as<ir::HistExp>();
        std::vector<const Lambda *> r;
        if (n->fused())
            r.push_back(&n->map_lam);
        for (const ir::HistOp &op : n->ops)
            r.push_back(&op.lam);
        return r;
    }
    case ExpKind::Screma: {
        auto *n = e.as<ir::ScremaExp>();
        std::vector<const Lambda *> r{&n->map_lam};
        for (const auto *ops : {&n->scans, &n->reduces})
            for (const ir::ScremaOp &op : *ops)
                r.push_back(&op.lam);
        return r;
    }
    default:
        return {};
    }
}

std::vector<const Body *> nested_bodies(const ir::Exp &e) {
    if (auto *n = e.as<ir::IfExp>())
        return {&n->then_body, &n->else_body};
    if (auto *n = e.as<ir::LoopExp>())
        return {&n->cond, &n->body};
    std::vector<const Body *> r;
    for (const Lambda *l : nested_lambdas(e))
        r.push_back(&l->body);
    return r;
}

void for_each_binder(const ir::Exp &e, const std::function<void(const Param &)> &f) {
    if (auto *n = e.as<ir::LoopExp>()) {
        for (const Param &p : n->params)
            f(p);
        if (n->form == ir::LoopExp::Form::For)
            f(n->index);
    }
    for (const Lambda *l : nested_lambdas(e))
        for (const Param &p : l->params)
            f(p);
    for (const Body *b : nested_bodies(e))
        for (const ir::Stm &s : b->stms) {
            for (const Param &p : s.pat)
                f(p);
            for_each_binder(*s.exp, f);
        }
}

std::unordered_map<int, Type> collect_types(const ir::Function &fn) {
    std::unordered_map<int, Type> types;
    auto add = [&](const Param &p) { types[p.var.id] = p.type; };
    for (const Param &p : fn.size_params)
        add(p);
    for (const Param &p : fn.params)
        add(p);
    for (const ir::Stm &s : fn.body.stms) {
        for (const Param &p : s.pat)
            add(p);
        for_each_binder(*s.exp, add);
    }
    return types;
}

std::unordered_set<int> function_sizes(const ir::Function &fn) {
    std::unordered_set<int> sizes;
    for (const Param &p : fn.size_params)
        sizes.insert(p.var.id);
    for (const Param &p : fn.params)
        for_each_use(p.type, [&](const ir::Var &v) { sizes.insert(v.id); });
    return sizes;
}

namespace {

bool int_fn_total(interp::MathFn f) {
    using interp::MathFn;
    switch (f) {
    case MathFn::Neg:
    case MathFn::Not:
    case MathFn::Abs:
    case MathFn::Sgn:
    case MathFn::Popc:
    case MathFn::Clz:
    case MathFn::Ctz:
    case MathFn::Min:
    case MathFn::Max:
    case MathFn::MulHi:
    case MathFn::MadHi:
    case MathFn::GetBit:
    case MathFn::SetBit:
        return true;
    default:
        return false;
    }
}

bool size_can_fail(const SubExp &n) {
    return !n.is_const || n.value.as_i64() < 0;
}

/** exp_can_fail of `e` itself, not counting the bodies nested in it. */
bool exp_fails_itself(const ir::Exp &e, const std::vector<Param> &pat, bool endless) {
    switch (e.kind) {
    case ExpKind::BinOp: {
        auto *n = e.as<ir::BinOpExp>();
        PrimType t = pat.at(0).type.elem; // the operand type for the operators that can fail
        switch (n->op) {
        case BinOpKind::Div:
        case BinOpKind::Mod:
        case BinOpKind::Quot:
        case BinOpKind::Rem:
            return is_int(t) && !(n->y.is_const && n->y.value.u != 0);
        case BinOpKind::Pow:
            return is_signed_int(t) && !(n->y.is_const && n->y.value.i >= 0);
        default:
            return false;
        }
    }
    case ExpKind::Math: {
        auto *n = e.as<ir::MathExp>();
        if (is_float(n->type))
            return false;
        if (n->type == PrimType::Bool)
            return n->fn != interp::MathFn::Not;
        return !int_fn_total(n->fn);
    }
    case ExpKind::Iota:
        return e.as<ir::IotaExp>()->checked && size_can_fail(e.as<ir::IotaExp>()->n);
    case ExpKind::Replicate:
        return e.as<ir::ReplicateExp>()->checked && size_can_fail(e.as<ir::ReplicateExp>()->n);
    case ExpKind::Index:
        return e.as<ir::IndexExp>()->checked;
    case ExpKind::Update:
        return e.as<ir::UpdateExp>()->checked;
    case ExpKind::Slice:
    case ExpKind::Range:
    case ExpKind::Coerce:
    case ExpKind::Assert:
    case ExpKind::Apply: // may recurse too deep
        return true;
    case ExpKind::Loop: // a while loop may not end
        return endless && e.as<ir::LoopExp>()->form == ir::LoopExp::Form::While;
    default:
        return false;
    }
}

bool exp_can_fail(const ir::Exp &e, const std::vector<Param> &pat, bool endless) {
    if (exp_fails_itself(e, pat, endless))
        return true;
    for (const Body *b : nested_bodies(e))
        if (can_fail(*b, endless))
            return true;
    return false;
}

} // namespace

std::optional<PrimValue> constant_value(const ir::Exp &e) {
    if (auto *c = e.as<ir::ConvertExp>(); c && c->x.is_const)
        return interp::convert_prim(c->to, c->x.value);
    if (auto *u = e.as<ir::UnOpExp>(); u && u->x.is_const)
        return u->op == ir::UnOpKind::Neg ? interp::negate_prim(u->x.value) : interp::not_prim(u->x.value);
    if (auto *b = e.as<ir::BinOpExp>(); b && b->x.is_const && b->y.is_const)
        return interp::eval_binop(b->op, b->x.value, b->y.value, b->loc);
    if (auto *m = e.as<ir::MathExp>()) { // (`I.num_bits` has no arguments)
        std::vector<PrimValue> args;
        for (const SubExp &a : m->args) {
            if (!a.is_const)
                return std::nullopt;
            args.push_back(a.value);
        }
        return interp::eval_math(m->fn, m->type, args.data(), m->loc);
    }
    return std::nullopt;
}

bool can_fail(const ir::Stm &s, bool endless) {
    return exp_can_fail(*s.exp, s.pat, endless);
}

bool fails_itself(const ir::Stm &s, bool endless) {
    return exp_fails_itself(*s.exp, s.pat, endless);
}

bool can_fail(const Body &b, bool endless) {
    for (const ir::Stm &s : b.stms)
        if (can_fail(s, endless))
            return true;
    return false;
}

} // namespace loom::passes
