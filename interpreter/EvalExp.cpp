// The expression evaluator: one case per ExpKind (see Evaluator.h).
#include "interpreter/Evaluator.h"
#include "interpreter/RowShapes.h"
#include "frontend/ASTPrinter.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <stdexcept>

namespace loom::interp {

namespace {

PrimType literal_type(const Exp &e, std::optional<PrimType> suffix, PrimType dflt) {
    if (e.type && e.type->kind == Type::Kind::Prim) return e.type->prim;
    if (suffix) return *suffix;
    return dflt;
}

int64_t index_of(const Value &v, const SrcLoc &loc) {
    if (!v.is_prim() || !is_int(v.prim().type)) throw RuntimeError(loc, "index is not an integer");
    return v.prim().i;
}

}  // namespace

Value Evaluator::literal_int(const IntLit &l) {
    PrimType t = literal_type(l, l.suffix, PrimType::I32);
    if (is_float(t)) return Value(mk_float(t, (double)l.value));
    if (t == PrimType::Bool) return Value(mk_bool(l.value != 0));
    return Value(mk_int(t, l.value));
}

Value Evaluator::literal_float(const FloatLit &l) {
    PrimType t = literal_type(l, l.suffix, PrimType::F64);
    if (!is_float(t)) return Value(convert_prim(t, mk_float(PrimType::F64, l.value)));
    if (t == PrimType::F32 && !l.text.empty()) {
        // Round once from the decimal text, not through double.
        char *end = nullptr;
        float f = std::strtof(l.text.c_str(), &end);
        if (end && *end == 0) return Value(mk_float(t, (double)f));
    }
    return Value(mk_float(t, l.value));
}

namespace {

// `i32.+` (from `i32.(+)`): the operator of a numeric module is the built-in one.
std::string strip_prim_module(const std::string &op) {
    size_t dot = op.find('.');
    if (dot == std::string::npos || dot + 1 >= op.size()) return op;
    if (!prim_from_name(op.substr(0, dot))) return op;
    std::string rest = op.substr(dot + 1);
    return binop_kind(rest) != BinOpKind::None ? rest : op;
}

// Whether t has an array whose size is an expression (`[n + m]`), outside function types.
bool has_size_exp(const TypePtr &t) {
    if (!t) return false;
    if (t->kind == Type::Kind::Array)
        return std::any_of(t->shape.begin(), t->shape.end(), [](const Dim &d) { return d.kind == Dim::Kind::Exp; }) ||
               has_size_exp(t->elem);
    if (t->kind == Type::Kind::Func) return false;
    for (const TypePtr &e : t->elems)
        if (has_size_exp(e)) return true;
    for (const auto &f : t->fields)
        if (has_size_exp(f.second)) return true;
    return false;
}

}  // namespace

// The instantiation of fd's type parameters by a use's type arguments (Var::type_args):
// the explicit ones in order, then those inference gave it (`def h ne xs = ...`).  Null
// when there are none.  For empty results, whose element type is then known.
TypeSubstPtr Evaluator::type_subst(const FunDef &fd, const std::vector<TypePtr> &targs) {
    if (targs.empty()) return nullptr;
    auto subst = std::make_shared<TypeSubst>();
    size_t k = 0;
    for (const TypeParam &tp : fd.type_params) {
        if (tp.kind == TypeParam::Kind::Size) continue;
        if (k >= targs.size()) break;
        subst->emplace_back(tp.name, resolve_type(targs[k++]));
    }
    for (const std::string &name : fd.inferred_type_params) {
        if (k >= targs.size()) break;
        subst->emplace_back(name, resolve_type(targs[k++]));
    }
    return subst->empty() ? nullptr : subst;
}

// An operator's function value (BinOp, OpSection) with its use's type arguments.
Value Evaluator::with_type_args(const Value &fn, const std::vector<TypePtr> &targs) {
    if (fn.kind() != Value::Kind::Function) return fn;
    const FunctionValue &f = *fn.function();
    if (f.kind != FunctionValue::Kind::Closure || !f.fundef || !f.applied.empty()) return fn;
    TypeSubstPtr s = type_subst(*f.fundef, targs);
    if (!s) return fn;
    auto copy = std::make_shared<FunctionValue>(f);
    copy->subst = std::move(s);
    return Value::function(std::move(copy));
}

Value Evaluator::eval_var(const Var &v) {
    const Value *p = nullptr;
    auto &globals = visible_globals();
    for (size_t i = open_modules.size(); i-- > 0 && !p;) {
        auto it = globals.find(open_modules[i] + "." + v.name);
        if (it != globals.end()) p = &global_value(it->second, it->first);
    }
    if (!p) p = lookup(v.name);
    if (!p) {
        std::string op = strip_prim_module(v.name);
        BinOpKind k = binop_kind(op);
        if (k != BinOpKind::None) {  // `(+)` written as a name
            auto fv = std::make_shared<FunctionValue>();
            fv->kind = FunctionValue::Kind::OpSection;
            fv->arity = 2;
            fv->bop = k;
            fv->name = op;
            fv->loc = v.loc;
            return Value::function(std::move(fv));
        }
        throw RuntimeError(v.loc, "Unknown variable: " + v.name);
    }
    if (p->kind() != Value::Kind::Function) {
        // A polymorphic constant (`def nil 't : []t = []`) at this use's type: its body
        // again, so that an empty array in it has the element type of the use.
        // (Found again by name, where p came from, only for such a use: not on every read.)
        for (size_t i = open_modules.size() + 1; !v.type_args.empty() && i-- > 0;) {
            auto it = globals.find(i == open_modules.size() ? v.name : open_modules[i] + "." + v.name);
            const Global *g = it != globals.end() && &it->second.value == p ? &it->second : nullptr;
            if (g && g->def && g->def->params.empty() && g->def->body)
                if (TypeSubstPtr s = type_subst(*g->def, v.type_args)) {
                    FrameGuard guard(*this);
                    frame_ = Frame{stack_.size(), nullptr, s.get(), frame_.prelude};
                    return eval(*g->def->body);
                }
        }
        return *p;
    }
    Value typed = with_type_args(*p, v.type_args);
    const FunctionValue &f = *typed.function();
    std::shared_ptr<FunctionValue> copy;
    // Size parameters found only in a parameter's size expression (`[(n - 1) / b + 1]`)
    // are read off this use's instantiated type here, where its names are bound: a call
    // through another function (`flip member s`) has no argument types to read them from.
    if (f.kind == FunctionValue::Kind::Closure && f.fundef && f.applied.empty() && f.params &&
        !f.fundef->size_params.empty() && v.type && v.type->kind == Type::Kind::Func) {
        std::vector<std::pair<std::string, int64_t>> sizes;
        const Type *t = v.type.get();
        for (const PatPtr &param : *f.params) {
            if (!t || t->kind != Type::Kind::Func) break;
            if (param->type && t->param && has_size_exp(param->type))
                sizes_from_types(param->type, *t->param, f.fundef->size_params, sizes);
            t = t->result.get();
        }
        if (!sizes.empty()) {
            if (!copy) copy = std::make_shared<FunctionValue>(f);
            copy->sizes = std::move(sizes);
        }
    }
    return copy ? Value::function(std::move(copy)) : typed;
}

Value Evaluator::eval_consume(const Exp &e) {
    if (const Var *v = e.as<Var>()) {
        if (Value *slot = lookup_local_mut(v->name)) {
            // The checker guarantees a consumed variable is not used again, so the
            // binding may give up its reference: in-place updates then need no copy.
            Value out = std::move(*slot);
            *slot = Value();  // a read after consumption sees (), never a dangling array
            return out;
        }
    }
    return eval(e);
}

Value Evaluator::eval_binop_exp(const BinOp &b) {
    const std::string &op = b.op;
    // The four operators that are not functions of two values all have two characters:
    // tested by length first (comparing with each literal cost a strlen at every operator).
    if (!b.backtick && op.size() == 2) {
        if (op == "&&" || op == "||") {
            Value l = eval(*b.lhs);
            if (!l.is_prim()) throw RuntimeError(b.loc, "operand of " + op + " is not a bool");
            bool lv = l.prim().b;
            if (op == "&&" ? !lv : lv) return Value(mk_bool(lv));
            return eval(*b.rhs);
        }
        if (op == "|>") {
            Value x = eval(*b.lhs);
            Value f = eval(*b.rhs);
            set_size_hint(f, *b.lhs);
            call_sizes_from_arg_types(f, &b.lhs, 1);
            return apply(f, &x, 1, b.loc, b.type.get());
        }
        if (op == "<|") {
            Value f = eval(*b.lhs);
            Value x = eval(*b.rhs);
            set_size_hint(f, *b.rhs);
            call_sizes_from_arg_types(f, &b.rhs, 1);
            return apply(f, &x, 1, b.loc, b.type.get());
        }
    }
    Value l = eval(*b.lhs);
    Value r = eval(*b.rhs);
    BinOpKind k = b.backtick || b.user_op ? BinOpKind::None : binop_kind(op);
    if (k != BinOpKind::None && l.is_prim() && r.is_prim() && l.prim().type == r.prim().type)
        return Value(eval_binop(k, l.prim(), r.prim(), b.loc));
    if (k == BinOpKind::None || !(l.is_prim() && r.is_prim())) {
        const Value *fn = lookup(op);
        if (fn && fn->kind() == Value::Kind::Function) {
            Value f = with_type_args(*fn, b.type_args);
            Value args[2] = {std::move(l), std::move(r)};
            return apply(f, args, 2, b.loc, b.type.get());
        }
    }
    return binop_values(k, op, l, r, nullptr, b.loc);
}

namespace {

// The terms of a left-nested chain `a op b op c` (for `[n * m * l]`).
void chain_terms(const Exp &e, const std::string &op, std::vector<const Exp *> &out) {
    if (const auto *b = e.as<BinOp>(); b && !b->backtick && b->op == op) {
        chain_terms(*b->lhs, op, out);
        out.push_back(b->rhs.get());
        return;
    }
    out.push_back(&e);
}

}  // namespace

void Evaluator::set_size_hint(const Value &fn, const Exp &arg0) {
    size_hint.clear();
    if (fn.kind() != Value::Kind::Function || !fn.function()) return;
    const FunctionValue &f = *fn.function();
    if (f.kind != FunctionValue::Kind::Builtin || f.arity != 1) return;
    size_t want = f.builtin == Builtin::Split ? 2 : f.builtin == Builtin::Unflatten ? 2
                  : f.builtin == Builtin::Unflatten3d ? 3 : f.builtin == Builtin::Unflatten4d ? 4 : 0;
    if (!want) return;
    const Exp *arg = &arg0;
    const TypeExp *te = nullptr;
    while (arg) {
        if (const auto *t = arg->as<TupleExp>(); t && t->elems.size() == 1) arg = t->elems[0].get();
        else if (const auto *at = arg->as<AttrExp>()) arg = at->exp.get();
        else if (const auto *c = arg->as<Coerce>()) { te = c->type_exp.get(); break; }
        else if (const auto *as = arg->as<Ascript>()) { te = as->type_exp.get(); break; }
        else break;
    }
    while (te && te->kind == TypeExp::Kind::Unique) te = te->elem.get();
    if (!te || te->kind != TypeExp::Kind::Array || te->dim.kind != DimExp::Kind::Exp || !te->dim.exp) return;
    std::vector<const Exp *> terms;
    chain_terms(*te->dim.exp, f.builtin == Builtin::Split ? "+" : "*", terms);
    if (terms.size() != want) return;
    std::vector<int64_t> sizes;
    for (const Exp *t : terms) {
        Value v = eval(*t);
        if (!v.is_prim() || !is_int(v.prim().type)) return;
        sizes.push_back(v.prim().i);
    }
    size_hint = std::move(sizes);
}

Value Evaluator::eval_apply(const Apply &a) {
    Value fn = eval(*a.fn);
    if (a.args.size() == 1 && fn.kind() == Value::Kind::Function && fn.function() &&
        fn.function()->kind == FunctionValue::Kind::Builtin && fn.function()->arity == 1) {
        Value arg = eval(*a.args[0]);
        set_size_hint(fn, *a.args[0]);
        return apply(fn, &arg, 1, a.loc, a.type.get());
    }
    size_t n = a.args.size();
    if (n <= 6) {
        Value args[6];
        for (size_t i = 0; i < n; ++i) args[i] = eval(*a.args[i]);
        call_sizes_from_arg_types(fn, a.args.data(), a.args.size());
        return apply(fn, args, (int)n, a.loc, a.type.get());
    }
    std::vector<Value> args;
    for (const auto &e : a.args) args.push_back(eval(*e));
    call_sizes_from_arg_types(fn, a.args.data(), a.args.size());
    return apply(fn, args.data(), (int)n, a.loc, a.type.get());
}

// Size parameters that only function-typed arguments or size expressions (`[n + m]`)
// determine, read off the checked types of the argument expressions (which name sizes
// of this scope); see invoke.
void Evaluator::call_sizes_from_arg_types(const Value &fn, const ExpPtr *args, size_t n) {
    call_sizes_.clear();
    call_sizes_for_ = nullptr;
    if (fn.kind() != Value::Kind::Function || !fn.function()) return;
    const FunctionValue &f = *fn.function();
    call_sizes_for_ = &f;
    if (f.kind != FunctionValue::Kind::Closure || !f.fundef || f.fundef->size_params.empty() ||
        !f.applied.empty() || !f.params || n < f.params->size())
        return;
    for (size_t i = 0; i < f.params->size(); ++i) {
        const TypePtr &pt = (*f.params)[i]->type;
        if (pt && args[i]->type && (pt->kind == Type::Kind::Func || has_size_exp(pt)))
            sizes_from_types(pt, *args[i]->type, f.fundef->size_params, call_sizes_);
    }
}

Value Evaluator::eval_range(const RangeExp &r) {
    Value s = eval(*r.start);
    Value sec = r.second ? eval(*r.second) : Value();
    Value e = eval(*r.end);
    if (!s.is_prim() || !e.is_prim()) throw RuntimeError(r.loc, "range bounds are not integers");
    PrimType t = s.prim().type;
    int64_t start = int_of(s.prim()), end = int_of(convert_prim(t, e.prim()));
    int64_t second = r.second ? int_of(convert_prim(t, sec.prim())) : 0;
    int64_t stride = 0;
    int64_t count = range_length(start, r.second ? &second : nullptr, end, r.end_kind, r.loc, stride);
    Value out = Value::prim_array(t, {count});
    uint8_t *p = out.mutable_data();
    for (int64_t i = 0; i < count; ++i)
        store_prim(t, p, i, mk_int(t, (uint64_t)(start + i * stride)));
    return out;
}

Value Evaluator::eval_array_lit(const ArrayLit &a) {
    if (a.elems.empty()) return empty_array(resolve_type(a.type));
    std::vector<Value> vs;
    vs.reserve(a.elems.size());
    for (const auto &e : a.elems) vs.push_back(eval(*e));
    const Value &v0 = vs[0];
    if (v0.is_prim()) {
        PrimType t = v0.prim().type;
        Value out = Value::prim_array(t, {(int64_t)vs.size()});
        uint8_t *p = out.mutable_data();
        for (size_t i = 0; i < vs.size(); ++i) {
            if (!vs[i].is_prim()) throw RuntimeError(a.loc, "array literal with elements of different kinds");
            store_prim(t, p, (int64_t)i, convert_prim(t, vs[i].prim()));
        }
        return out;
    }
    RowShapes shapes;  // Note [Regular rows]
    std::vector<int64_t> have, want;
    for (size_t i = 0; i < vs.size(); ++i) {
        if (vs[i].kind() != v0.kind() ||
            (v0.is_array() && (vs[i].shape() != v0.shape() || vs[i].is_prim_array() != v0.is_prim_array() ||
                               (v0.is_prim_array() && vs[i].elem_prim() != v0.elem_prim()))))
            throw RuntimeError(a.elems[i]->loc, "Cannot construct an irregular array: row " +
                                                    std::to_string(i) + " has shape " +
                                                    shape_string(vs[i].shape()) + ", but row 0 has shape " +
                                                    shape_string(v0.shape()) + ".");
        if (!v0.is_prim_array() && !shapes.add(vs[i], have, want))
            throw RuntimeError(a.elems[i]->loc, "Cannot construct an irregular array: row " +
                                                    std::to_string(i) + " holds an array of shape " +
                                                    shape_string(have) + " where an earlier row holds one of shape " +
                                                    shape_string(want) + ".");
    }
    TypePtr row_type;
    if (a.type && a.type->kind == Type::Kind::Array) row_type = resolve_type(a.type)->row_type();
    if (!v0.is_array()) {
        int64_t count = (int64_t)vs.size();  // before the move (unspecified argument order)
        TypePtr et = row_type ? row_type : type_of_value(v0);
        return Value::boxed_array({count}, std::move(vs), std::move(et));
    }
    return Value::stack(vs, row_type);
}

std::vector<SliceSpec> Evaluator::eval_specs(const std::vector<DimIndex> &slice) {
    std::vector<SliceSpec> specs;
    specs.reserve(slice.size());
    for (const DimIndex &d : slice) {
        SliceSpec s;
        s.is_range = d.is_range;
        if (!d.is_range) {
            s.start = index_of(eval(*d.index), d.index->loc);
        } else {
            if (d.start) { s.has_start = true; s.start = index_of(eval(*d.start), d.start->loc); }
            if (d.end) { s.has_end = true; s.end = index_of(eval(*d.end), d.end->loc); }
            if (d.stride) { s.has_stride = true; s.stride = index_of(eval(*d.stride), d.stride->loc); }
        }
        specs.push_back(s);
    }
    return specs;
}

void Evaluator::check_coerce(const TypeExp &te, const Value &v, const SrcLoc &loc, const Type *full) {
    if (const Value *bad = coerce_mismatch(te, v, full))
        throw RuntimeError(loc, "Value of shape " + shape_string(bad->shape()) +
                                    " cannot match shape of type `" + coercion_type_text(te, full) + "`.");
}

const Value *Evaluator::coerce_mismatch(const TypeExp &te0, const Value &v, const Type *full) {
    const TypeExp *te = &te0;
    while (te->kind == TypeExp::Kind::Unique && te->elem) te = te->elem.get();
    // Tuples and records part by part (records in field order, as compiled code checks).
    if (te->kind == TypeExp::Kind::Tuple && v.kind() == Value::Kind::Tuple &&
        te->elems.size() == v.elems().size()) {
        for (size_t i = 0; i < te->elems.size(); ++i) {
            const Type *part = full && full->kind == Type::Kind::Tuple && i < full->elems.size()
                                   ? full->elems[i].get() : nullptr;
            if (const Value *bad = coerce_mismatch(*te->elems[i], v.elems()[i], part)) return bad;
        }
        return nullptr;
    }
    if (te->kind == TypeExp::Kind::Record && v.kind() == Value::Kind::Record) {
        for (size_t i = 0; i < v.field_names().size(); ++i) {
            const std::string &name = v.field_names()[i];
            const TypeExp *written = written_field(te, name);
            const Type *part = nullptr;
            if (full && full->kind == Type::Kind::Record)
                for (const auto &f : full->fields)
                    if (f.first == name) part = f.second.get();
            if (const Value *bad = written ? coerce_mismatch(*written, v.elems()[i], part) : nullptr)
                return bad;
        }
        return nullptr;
    }
    size_t k = 0;
    bool bad = false;
    while (te) {
        if (te->kind == TypeExp::Kind::Unique) { te = te->elem.get(); continue; }
        if (te->kind != TypeExp::Kind::Array) break;
        if (!v.is_array() || (int)k >= v.rank()) break;
        int64_t actual = v.shape()[k];
        const DimExp &d = te->dim;
        if (d.kind == DimExp::Kind::Const && d.value != actual) bad = true;
        if (d.kind == DimExp::Kind::Named) {
            const Value *n = lookup(d.name);
            if (n && n->is_prim() && is_int(n->prim().type) && n->prim().i != actual) bad = true;
        }
        if (d.kind == DimExp::Kind::Exp && d.exp) {
            Value n = eval(*d.exp);
            if (n.is_prim() && is_int(n.prim().type) && n.prim().i != actual) bad = true;
        }
        ++k;
        te = te->elem.get();
    }
    // A type abbreviation (`xs :> t`): its sizes are in the checked type.
    if (k == 0 && te && te->kind == TypeExp::Kind::Named && full &&
        full->kind == Type::Kind::Array && v.is_array())
        for (size_t i = 0; i < full->shape.size() && (int)i < v.rank(); ++i) {
            const Dim &d = full->shape[i];
            int64_t actual = v.shape()[i];
            if (d.kind == Dim::Kind::Const && d.value != actual)
                bad = true;
            if (d.kind == Dim::Kind::Var) {
                const Value *n = lookup(d.name);
                if (n && n->is_prim() && is_int(n->prim().type) && n->prim().i != actual)
                    bad = true;
            }
        }
    return bad ? &v : nullptr;
}

Value Evaluator::eval_loop(const Loop &l) {
    Value acc;
    if (l.init) {
        acc = eval(*l.init);
    } else {
        // `loop x` / `loop (x, y)` means `loop x = x`.
        std::function<Value(const Pat &)> from_pat = [&](const Pat &p) -> Value {
            if (p.kind == Pat::Kind::Id) return lookup_or_fail(p.name, p.loc);
            if (p.kind == Pat::Kind::Ascript) return from_pat(*p.inner);
            if (p.kind == Pat::Kind::Tuple) {
                if (p.elems.size() == 1) return from_pat(*p.elems[0]);
                std::vector<Value> es;
                for (const auto &q : p.elems) es.push_back(from_pat(*q));
                return Value::tuple(std::move(es));
            }
            throw RuntimeError(p.loc, "loop parameter needs an initial value");
        };
        acc = from_pat(*l.pat);
    }
    ScopeGuard scope(*this);
    const size_t h = stack_.size();
    // Note [Written sizes]: each value the parameter takes, and the result.
    auto bind_params = [&](Value v) {
        if (!l.sizes.empty()) bind_sizes_from(*l.pat, v, l.sizes);
        check_pat_sizes(*l.pat, v, l.pat->loc);
        bind_pat(*l.pat, std::move(v));
    };
    auto result = [&](Value v) {
        if (l.sizes.empty()) check_pat_sizes(*l.pat, v, l.pat->loc);
        return v;
    };
    switch (l.form) {
    case Loop::Form::For: {
        Value bound = eval(*l.bound);
        if (!bound.is_prim()) throw RuntimeError(l.bound->loc, "loop bound is not an integer");
        PrimType it = bound.prim().type;
        int64_t n = int_of(bound.prim());
        if (is_unsigned_int(it) && bound.prim().u > (uint64_t)INT64_MAX) n = INT64_MAX;
        for (int64_t i = 0; i < n; ++i) {
            poll();
            bind_params(std::move(acc));
            push(l.index_name, Value(mk_int(it, (uint64_t)i)));
            acc = eval(*l.body);
            stack_.resize(h);
        }
        return result(std::move(acc));
    }
    case Loop::Form::ForIn: {
        Value arr = eval(*l.bound);
        if (!arr.is_array()) throw RuntimeError(l.bound->loc, "for-in over a non-array");
        int64_t n = arr.length();
        for (int64_t i = 0; i < n; ++i) {
            poll();
            bind_params(std::move(acc));
            bind_pat(*l.elem_pat, arr.row(i));
            acc = eval(*l.body);
            stack_.resize(h);
        }
        return result(std::move(acc));
    }
    case Loop::Form::While: {
        while (true) {
            poll();
            bind_params(acc);
            Value c = eval(*l.bound);
            if (!c.is_prim() || !c.prim().b) {
                stack_.resize(h);
                return result(std::move(acc));
            }
            acc = Value();  // drop our reference so the body may update in place
            acc = eval(*l.body);
            stack_.resize(h);
        }
    }
    }
    return acc;
}

namespace {

/** `r` with its field (or tuple component) at path[i], path[i + 1], ... replaced by v. */
Value with_field(const Value &r, const std::vector<std::string> &path, size_t i, const Value &v,
                 const SrcLoc &loc) {
    if (i == path.size()) return v;
    std::vector<Value> es = r.elems();
    if (r.kind() == Value::Kind::Record) {
        const auto &names = r.field_names();
        auto it = std::find(names.begin(), names.end(), path[i]);
        if (it == names.end()) throw RuntimeError(loc, "no field " + path[i]);
        size_t k = (size_t)(it - names.begin());
        es[k] = with_field(es[k], path, i + 1, v, loc);
        return Value::record(names, std::move(es));
    }
    if (r.kind() != Value::Kind::Tuple) throw RuntimeError(loc, "record update of a non-record");
    size_t k = (size_t)std::strtoull(path[i].c_str(), nullptr, 10);
    if (k >= es.size()) throw RuntimeError(loc, "no field " + path[i]);
    es[k] = with_field(es[k], path, i + 1, v, loc);
    return Value::tuple(std::move(es));
}

}  // namespace

Value Evaluator::eval(const Exp &e) {
    // An allocation that fails is the innermost expression's error, where it is.
    try {
        switch (e.kind) {
        case ExpKind::IntLit: return literal_int(static_cast<const IntLit &>(e));
        case ExpKind::FloatLit: return literal_float(static_cast<const FloatLit &>(e));
        case ExpKind::BoolLit: return Value(mk_bool(static_cast<const BoolLit &>(e).value));
        case ExpKind::StringLit: {
            const std::string &s = static_cast<const StringLit &>(e).bytes;
            Value out = Value::prim_array(PrimType::U8, {(int64_t)s.size()});
            if (!s.empty()) std::memcpy(out.mutable_data(), s.data(), s.size());
            return out;
        }
        case ExpKind::Var: return eval_var(static_cast<const Var &>(e));
        case ExpKind::Tuple: {
            const auto &t = static_cast<const TupleExp &>(e);
            if (t.elems.size() == 1) return eval(*t.elems[0]);
            std::vector<Value> vs;
            vs.reserve(t.elems.size());
            for (const auto &x : t.elems) vs.push_back(eval(*x));
            return Value::tuple(std::move(vs));
        }
        case ExpKind::Record: {
            const auto &r = static_cast<const RecordExp &>(e);
            std::vector<std::pair<std::string, Value>> fs;
            for (const auto &[name, x] : r.fields) {
                Value v = x ? eval(*x) : lookup_or_fail(name, r.loc);
                auto it = std::find_if(fs.begin(), fs.end(), [&](auto &f) { return f.first == name; });
                if (it != fs.end()) it->second = std::move(v);
                else fs.emplace_back(name, std::move(v));
            }
            std::sort(fs.begin(), fs.end(), [](auto &a, auto &b) { return a.first < b.first; });
            // A record of fields 0 .. n-1 (n >= 2) is a tuple (`{0 = x, 1 = y}` is `(x, y)`).
            bool tuple = fs.size() >= 2;
            for (size_t i = 0; tuple && i < fs.size(); i++)
                tuple = std::any_of(fs.begin(), fs.end(), [&](auto &f) { return f.first == std::to_string(i); });
            if (tuple) {
                std::vector<Value> elems(fs.size());
                for (auto &f : fs) elems[std::stoul(f.first)] = std::move(f.second);
                return Value::tuple(std::move(elems));
            }
            std::vector<std::string> names;
            std::vector<Value> vals;
            for (auto &f : fs) {
                names.push_back(f.first);
                vals.push_back(std::move(f.second));
            }
            return Value::record(std::move(names), std::move(vals));
        }
        case ExpKind::ArrayLit: return eval_array_lit(static_cast<const ArrayLit &>(e));
        case ExpKind::Range: return eval_range(static_cast<const RangeExp &>(e));
        case ExpKind::BinOp: return eval_binop_exp(static_cast<const BinOp &>(e));
        case ExpKind::Negate: {
            Value v = eval(*static_cast<const Negate &>(e).operand);
            if (!v.is_prim()) {
                const Value *fn = lookup("neg");
                if (fn) { Value f = *fn; return apply1(f, std::move(v), e.loc); }
                throw RuntimeError(e.loc, "negation of a non-number");
            }
            return Value(negate_prim(v.prim()));
        }
        case ExpKind::Not: {
            Value v = eval(*static_cast<const Not &>(e).operand);
            if (!v.is_prim()) throw RuntimeError(e.loc, "! of a non-primitive value");
            return Value(not_prim(v.prim()));
        }
        case ExpKind::Apply: return eval_apply(static_cast<const Apply &>(e));
        case ExpKind::Lambda: {
            const auto &l = static_cast<const Lambda &>(e);
            return make_closure(l.params, *l.body, nullptr, e.type, e.loc);
        }
        case ExpKind::OpSection: {
            const auto &s = static_cast<const OpSection &>(e);
            auto fv = std::make_shared<FunctionValue>();
            fv->kind = FunctionValue::Kind::OpSection;
            fv->name = s.backtick || lookup(s.op) ? s.op : strip_prim_module(s.op);
            fv->bop = s.backtick || s.user_op ? BinOpKind::None : binop_kind(fv->name);
            fv->loc = e.loc;
            fv->type = e.type;
            if (s.op == "|>" || s.op == "<|" || s.backtick || fv->bop == BinOpKind::None) {
                const Value *u = lookup(fv->name);
                if (u && u->kind() == Value::Kind::Function) fv->user_op = with_type_args(*u, s.type_args);
                else if (fv->bop == BinOpKind::None) throw RuntimeError(e.loc, "Unknown operator: " + s.op);
            } else if (fv->bop != BinOpKind::None) {
                // A user-defined operator of the same name shadows the built-in one only on
                // non-primitive operands; binop_values handles that case.
            }
            if (s.left) { fv->fixed_side = 1; fv->fixed = eval(*s.left); }
            else if (s.right) { fv->fixed_side = 2; fv->fixed = eval(*s.right); }
            fv->arity = fv->fixed_side ? 1 : 2;
            return Value::function(std::move(fv));
        }
        case ExpKind::Project: {
            const auto &p = static_cast<const Project &>(e);
            Value v = eval(*p.target);
            if (v.kind() == Value::Kind::Record) {
                const auto &names = v.field_names();
                auto it = std::find(names.begin(), names.end(), p.field);
                if (it != names.end()) return v.elems()[(size_t)(it - names.begin())];
            } else if (v.kind() == Value::Kind::Tuple) {
                size_t k = (size_t)std::strtoull(p.field.c_str(), nullptr, 10);
                if (k < v.elems().size()) return v.elems()[k];
            }
            throw RuntimeError(e.loc, "value has no field " + p.field);
        }
        case ExpKind::Index: {
            const auto &ix = static_cast<const Index &>(e);
            Value arr = eval(*ix.target);
            return index_value(arr, eval_specs(ix.slice), e.loc);
        }
        case ExpKind::Update: {
            const auto &u = static_cast<const Update &>(e);
            auto specs = eval_specs(u.slice);
            Value v = eval(*u.value);
            Value arr = eval_consume(*u.target);
            return update_value(std::move(arr), specs, v, e.loc);
        }
        case ExpKind::RecordUpdate: {
            const auto &u = static_cast<const RecordUpdate &>(e);
            Value v = eval(*u.value);
            Value target = eval(*u.target);  // `r with f = v` does not consume r
            return with_field(target, u.path, 0, v, e.loc);
        }
        case ExpKind::LetPat: {
            const auto &l = static_cast<const LetPat &>(e);
            Value v = eval(*l.value);
            ScopeGuard scope(*this);
            if (!l.sizes.empty()) bind_sizes_from(*l.pat, v, l.sizes);
            check_pat_sizes(*l.pat, v, l.value->loc);  // Note [Written sizes]
            bind_pat(*l.pat, std::move(v));
            return eval(*l.body);
        }
        case ExpKind::LetFun: {
            const auto &l = static_cast<const LetFun &>(e);
            Value f = l.fun->params.empty()
                          ? eval(*l.fun->body)
                          : make_closure(l.fun->params, *l.fun->body, l.fun.get(), nullptr, l.fun->loc);
            ScopeGuard scope(*this);
            push(l.fun->name, std::move(f));
            return eval(*l.body);
        }
        case ExpKind::LetWith: {
            const auto &l = static_cast<const LetWith &>(e);
            Value v = eval(*l.value);
            Value result;
            if (!l.slice.empty()) {
                auto specs = eval_specs(l.slice);
                Value arr = Value();
                if (Value *slot = lookup_local_mut(l.name)) { arr = std::move(*slot); *slot = Value(); }
                else arr = lookup_or_fail(l.name, l.name_loc);
                result = update_value(std::move(arr), specs, v, e.loc);
            } else {
                result = with_field(lookup_or_fail(l.name, l.name_loc), l.path, 0, v, e.loc);
            }
            ScopeGuard scope(*this);
            push(l.name, std::move(result));
            return eval(*l.body);
        }
        case ExpKind::If: {
            const auto &i = static_cast<const If &>(e);
            Value c = eval(*i.cond);
            if (!c.is_prim()) throw RuntimeError(i.cond->loc, "condition is not a bool");
            return eval(c.prim().b ? *i.then_branch : *i.else_branch);
        }
        case ExpKind::Loop: return eval_loop(static_cast<const Loop &>(e));
        case ExpKind::Match: {
            const auto &m = static_cast<const Match &>(e);
            Value v = eval(*m.scrutinee);
            for (const MatchCase &c : m.cases) {
                if (!match_pat(*c.pat, v)) continue;
                ScopeGuard scope(*this);
                check_pat_sizes(*c.pat, v, c.pat->loc);  // Note [Written sizes]
                bind_pat(*c.pat, v);
                return eval(*c.body);
            }
            throw RuntimeError(e.loc, "no case matches the value");
        }
        case ExpKind::Ascript: {
            const auto &a = static_cast<const Ascript &>(e);
            Value v = eval(*a.exp);
            check_result_sizes(a.written, v, e.loc);  // Note [Written sizes]
            return v;
        }
        case ExpKind::Coerce: {
            const auto &c = static_cast<const Coerce &>(e);
            Value v = eval(*c.exp);
            if (c.type_exp) check_coerce(*c.type_exp, v, e.loc, e.type.get());
            return v;
        }
        case ExpKind::Ctor: {
            const auto &c = static_cast<const CtorExp &>(e);
            std::vector<Value> payload;
            for (const auto &a : c.args) payload.push_back(eval(*a));
            return Value::sum(c.name, std::move(payload));
        }
        case ExpKind::Hole: throw RuntimeError(e.loc, hole_evaluated(e.type));
        case ExpKind::Assert: {
            const auto &a = static_cast<const AssertExp &>(e);
            Value c = eval(*a.cond);
            if (!c.is_prim() || !c.prim().b) throw RuntimeError(e.loc, "Assertion is false: " + a.cond_text);
            return eval(*a.exp);
        }
        case ExpKind::Attr: {
            const auto &a = static_cast<const AttrExp &>(e);
            if (trace && !untraced) // (else a trace is just its expression)
                if (std::optional<std::string> label = trace_label(a)) return traced(*label, eval(*a.exp));
            if (is_break_attr(a) && on_break && !untraced) on_break(a.exp->loc, locals());
            if (a.attr.rfind("open ", 0) != 0) return eval(*a.exp);
            struct Pop {
                std::vector<std::string> &mods;
                ~Pop() { mods.pop_back(); }
            } pop{open_modules};
            open_modules.push_back(a.attr.substr(5));
            return eval(*a.exp);
        }
        }
    } catch (const std::bad_alloc &x) {
        throw RuntimeError(e.loc, out_of_memory_message(x));
    } catch (const std::length_error &) {  // a std::vector longer than it may be
        throw RuntimeError(e.loc, out_of_memory_message(std::bad_alloc()));
    }
    throw RuntimeError(e.loc, "cannot evaluate this expression");
}

}  // namespace loom::interp
