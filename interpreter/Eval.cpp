// Expression evaluation, patterns, application and indexing (see Evaluator.h).
#include "interpreter/Evaluator.h"
#include "interpreter/EntryArgs.h"
#include "runtime/cpu/Foreign.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>

namespace loom::interp {

namespace {

Builtin builtin_by_name(const std::string &n) {
    static const std::unordered_map<std::string, Builtin> table = {
        {"map", Builtin::Map}, {"map1", Builtin::Map}, {"map2", Builtin::Map2},
        {"map3", Builtin::Map3}, {"map4", Builtin::Map4}, {"map5", Builtin::Map5},
        {"reduce", Builtin::Reduce}, {"reduce_comm", Builtin::Reduce}, {"scan", Builtin::Scan},
        {"filter", Builtin::Filter}, {"partition", Builtin::Partition},
        {"scatter", Builtin::Scatter}, {"hist", Builtin::Hist},
        {"reduce_by_index", Builtin::ReduceByIndex}, {"iota", Builtin::Iota},
        {"replicate", Builtin::Replicate}, {"concat", Builtin::Concat},
        {"transpose", Builtin::Transpose}, {"flatten", Builtin::Flatten},
        {"flatten_3d", Builtin::Flatten3d}, {"unflatten", Builtin::Unflatten},
        {"unflatten_3d", Builtin::Unflatten3d}, {"reverse", Builtin::Reverse},
        {"copy", Builtin::Copy}, {"manifest", Builtin::Copy}, {"split", Builtin::Split},
        {"rep", Builtin::Rep}, {"trace", Builtin::Trace},
        {"partition2", Builtin::Partition2},
        {"flatten_4d", Builtin::Flatten4d}, {"unflatten_4d", Builtin::Unflatten4d},
        {"radix_sort_perm", Builtin::RadixSortPerm}, {"radix_sort_with", Builtin::RadixSortWith},
    };
    auto it = table.find(n);
    return it == table.end() ? Builtin::Unknown : it->second;
}

}  // namespace

std::string shape_string(const std::vector<int64_t> &shape, int unknown) {
    std::string s;
    for (size_t i = 0; i < shape.size(); i++) s += "[" + ((int)i == unknown ? "?" : std::to_string(shape[i])) + "]";
    return s;
}

Evaluator::Evaluator() { stack_.reserve(1024); }

// ---------------------------------------------------------------- definitions

void Evaluator::load(const Program &prog, const Interpreter::ConstantHook &compute) {
    for (const DeclPtr &d0 : prog.decls) {
        keep_alive_.push_back(d0);
        const Decl *d = d0.get();
        while (d && d->kind == Decl::Kind::Local) d = d->inner.get();
        if (!d || d->kind != Decl::Kind::Fun || !d->fun) continue;
        define_fun(d->fun, compute);
    }
}

void Evaluator::load_prelude(const Program &prelude) {
    loading_prelude_ = true;
    load(prelude);
    loading_prelude_ = false;
    prelude_globals_ = globals_;
}

std::optional<Value> Evaluator::constant_value(const FunDef &def) const {
    auto it = globals_.find(def.name);
    if (it == globals_.end() || it->second.def.get() != &def || !it->second.evaluated ||
        !def.params.empty())
        return std::nullopt;
    return it->second.value;
}

void Evaluator::define_fun(const FunDefPtr &def, const Interpreter::ConstantHook &compute) {
    Global g;
    g.def = def;
    if (def->is_intrinsic || !def->body) {
        auto fv = std::make_shared<FunctionValue>();
        fv->kind = FunctionValue::Kind::Builtin;
        fv->name = def->name;
        fv->arity = (int)def->params.size();
        fv->loc = def->loc;
        fv->builtin = def->foreign ? Builtin::Foreign : builtin_by_name(def->name);
        fv->foreign = def->foreign;
        if (def->foreign) // its C compiles: the error at the declaration, not at a first call
            runtime::foreign_thunk(*def->foreign);
        size_t dot = def->name.find('.');
        if (fv->builtin == Builtin::Unknown && dot != std::string::npos) {
            auto mod = prim_from_name(def->name.substr(0, dot));
            std::string fn = def->name.substr(dot + 1);
            if (mod) {
                fv->prim = *mod;
                if (auto to = prim_from_name(fn)) {
                    (void)to;
                    fv->builtin = Builtin::Convert;
                } else if (math_fn(fn) != MathFn::Unknown) {
                    fv->builtin = Builtin::Math;
                    fv->math = math_fn(fn);
                }
            }
        }
        if (fv->arity == 0 && fv->builtin == Builtin::Math) {
            g.value = Value(eval_math(fv->math, fv->prim, nullptr, def->loc));
        } else {
            g.value = Value::function(std::move(fv));
        }
        g.evaluated = true;
    } else if (def->params.empty()) {
        // A top-level constant: evaluated now, in an empty frame.
        std::optional<Value> given = compute ? compute(*def) : std::nullopt;
        if (given) {
            g.value = std::move(*given);
        } else {
            FrameGuard guard(*this);
            frame_ = Frame{stack_.size(), nullptr, nullptr, loading_prelude_};
            g.value = eval(*def->body);
        }
        if (def->ret_type && !loading_prelude_) {  // Note [Written sizes]
            FrameGuard guard(*this);
            frame_ = Frame{stack_.size(), nullptr, nullptr, false};
            check_result_sizes(def->ret, g.value, def->body->loc);
        }
        g.evaluated = true;
    } else {
        FrameGuard guard(*this);
        frame_ = Frame{stack_.size(), nullptr, nullptr, loading_prelude_};
        g.value = make_closure(def->params, *def->body, def.get(), nullptr, def->loc);
        g.evaluated = true;
    }
    globals_[def->name] = std::move(g);
}

Value Evaluator::call_global(const std::string &name, const std::vector<Value> &args) {
    auto it = globals_.find(name);
    if (it == globals_.end()) throw RuntimeError(SrcLoc{}, "Unknown function: " + name);
    FrameGuard guard(*this);
    frame_ = Frame{stack_.size(), nullptr, nullptr};
    Value fn = it->second.value;
    if (args.empty() && fn.kind() != Value::Kind::Function) return fn;
    if (args.empty() && it->second.def && !it->second.def->params.empty())
        return fn;
    std::vector<Value> a = args;
    const Type *rt = it->second.def ? it->second.def->ret.get() : nullptr;
    if (a.empty()) return fn;
    if (it->second.def) check_entry_args(*it->second.def, a);
    return apply(fn, a.data(), (int)a.size(), it->second.def ? it->second.def->loc : SrcLoc{}, rt);
}

void Evaluator::check_entry_args(const FunDef &def, const std::vector<Value> &args) {
    std::vector<std::string> names;
    std::vector<TypePtr> types;
    for (const PatPtr &p : def.params) {
        names.push_back(param_display_name(*p));
        types.push_back(p->type);
    }
    check_entry_sizes(def.name, def.loc, names, types, args);
}

Value Evaluator::eval_top(const Exp &e) {
    FrameGuard guard(*this);
    frame_ = Frame{stack_.size(), nullptr, nullptr};
    return eval(e);
}

// ---------------------------------------------------------------- environment

namespace {

/** a == b for names: most are short and of the same few lengths (`xi`, `xj`, `dx`), so
 * their last characters are compared first, and no call is made for a length under 16
 * (memcmp for each binding passed was a tenth of the interpreter's time). */
inline bool same_name(const std::string &a, const std::string &b) {
    size_t n = a.size();
    if (n != b.size()) return false;
    if (n == 0) return true;
    const char *x = a.data(), *y = b.data();
    if (x[n - 1] != y[n - 1]) return false;
    if (n > 16) return std::memcmp(x, y, n - 1) == 0;
    for (size_t i = 0; i + 1 < n; ++i)
        if (x[i] != y[i]) return false;
    return true;
}

}  // namespace

const Value *Evaluator::lookup(const std::string &name) {
    for (size_t i = stack_.size(); i-- > frame_.base;)
        if (same_name(*stack_[i].name, name)) return &stack_[i].v;
    for (const CapEnv *c = frame_.cap ? frame_.cap->get() : nullptr; c; c = c->parent.get())
        for (size_t i = c->vars.size(); i-- > 0;)
            if (same_name(*c->vars[i].name, name)) return &c->vars[i].v;
    auto &globals = visible_globals();
    auto it = globals.find(name);
    if (it != globals.end()) return &global_value(it->second, name);
    return nullptr;
}

const Value &Evaluator::global_value(Global &g, const std::string &) { return g.value; }

Interpreter::Locals Evaluator::locals() {
    Interpreter::Locals out;
    std::set<std::string> seen;
    auto add = [&](const Binding &b) { // innermost first here; names no user wrote are left out
        const std::string &n = *b.name;
        bool written = !n.empty() && (std::isalpha((unsigned char)n[0]) || n[0] == '_');
        for (char c : n) written = written && (std::isalnum((unsigned char)c) || c == '_' || c == '\'');
        if (!written || !seen.insert(n).second) return;
        out.push_back({n, b.v, type_of_value(b.v)});
    };
    for (size_t i = stack_.size(); i-- > frame_.base;) add(stack_[i]);
    for (const CapEnv *c = frame_.cap ? frame_.cap->get() : nullptr; c; c = c->parent.get())
        for (size_t i = c->vars.size(); i-- > 0;) add(c->vars[i]);
    std::reverse(out.begin(), out.end());
    return out;
}

Value *Evaluator::lookup_local_mut(const std::string &name) {
    for (size_t i = stack_.size(); i-- > frame_.base;)
        if (same_name(*stack_[i].name, name)) return &stack_[i].v;
    return nullptr;
}

const Value &Evaluator::lookup_or_fail(const std::string &name, const SrcLoc &loc) {
    const Value *v = lookup(name);
    if (!v) throw RuntimeError(loc, "Unknown variable: " + name);
    return *v;
}

CapEnvPtr Evaluator::capture() {
    CapEnvPtr parent = frame_.cap ? *frame_.cap : nullptr;
    if (stack_.size() == frame_.base) return parent;
    auto env = std::make_shared<CapEnv>();
    env->vars.assign(stack_.begin() + (std::ptrdiff_t)frame_.base, stack_.end());
    env->parent = std::move(parent);
    return env;
}

Value Evaluator::make_closure(const std::vector<PatPtr> &params, const Exp &body, const FunDef *def,
                              TypePtr type, const SrcLoc &loc) {
    auto fv = std::make_shared<FunctionValue>();
    fv->kind = FunctionValue::Kind::Closure;
    fv->params = &params;
    fv->body = &body;
    fv->fundef = def;
    fv->arity = (int)params.size();
    fv->env = capture();
    fv->subst = frame_.subst ? std::make_shared<TypeSubst>(*frame_.subst) : nullptr;
    fv->type = std::move(type);
    fv->loc = loc;
    fv->prelude = frame_.prelude;
    return Value::function(std::move(fv));
}

// ---------------------------------------------------------------- application

Value Evaluator::apply(const Value &fn, Value *args, int n, const SrcLoc &loc, const Type *result_type) {
    if (fn.kind() != Value::Kind::Function || !fn.function())
        throw RuntimeError(loc, "attempt to apply a value that is not a function");
    // Recursion is the only unbounded nesting (the parser bounds expression depth).
    if (stack.exhausted()) throw RuntimeError(loc, "Stack overflow: recursion too deep");
    const FunctionValue &f = *fn.function();
    int have = (int)f.applied.size();
    if (n == 0) return fn;
    if (have + n < f.arity) {
        auto p = std::make_shared<FunctionValue>(f);
        for (int i = 0; i < n; ++i) p->applied.push_back(std::move(args[i]));
        return Value::function(std::move(p));
    }
    int need = f.arity - have;
    if (f.arity == 0) throw RuntimeError(loc, "attempt to apply a value that is not a function");
    // Sizes that only the parameters of the function's result give (`def f [n] (g: [n]i32
    // -> i32) : [n]i32 -> i64`), read off the arguments that result is applied to at once.
    if (n > need && f.kind == FunctionValue::Kind::Closure && f.fundef && !f.fundef->size_params.empty() &&
        f.fundef->ret) {
        if (call_sizes_for_ != &f) {
            call_sizes_.clear();
            call_sizes_for_ = &f;
        }
        TypePtr rt = f.fundef->ret;
        for (int k = need; k < n && rt && rt->kind == Type::Kind::Func; ++k, rt = rt->result)
            bind_sizes_from(rt->param, args[k], f.fundef->size_params, call_sizes_);
    }
    Value r;
    if (have == 0) {
        r = invoke(f, args, loc, n == need ? result_type : nullptr);
    } else {
        std::vector<Value> all;
        all.reserve((size_t)f.arity);
        for (const Value &v : f.applied) all.push_back(v);
        for (int i = 0; i < need; ++i) all.push_back(std::move(args[i]));
        r = invoke(f, all.data(), loc, n == need ? result_type : nullptr);
    }
    if (n == need) return r;
    return apply(r, args + need, n - need, loc, result_type);
}

Value Evaluator::invoke(const FunctionValue &f, Value *args, const SrcLoc &loc, const Type *result_type) {
    switch (f.kind) {
    case FunctionValue::Kind::Closure: {
        poll();
        const auto &params = *f.params;
        // Sizes that only function-typed arguments or the result determine
        // (`def f [n] (g: [n]i64 -> i64) : i64 = n`): read them off the checked types,
        // resolving the argument's own size names in the caller's scope.
        std::vector<std::pair<std::string, int64_t>> typed_sizes;
        if (call_sizes_for_ == &f) typed_sizes = std::move(call_sizes_);
        typed_sizes.insert(typed_sizes.end(), f.sizes.begin(), f.sizes.end());
        call_sizes_.clear();
        call_sizes_for_ = nullptr;
        // Against the sizes the function declares (an inferred type needs no check).
        bool check_result = f.fundef && f.fundef->ret && f.fundef->ret_type && !f.prelude;
        bool check_params = !f.prelude;
        if (f.fundef && !f.fundef->size_params.empty()) {
            for (size_t i = 0; i < params.size(); ++i)
                sizes_from_fun_values(params[i]->type, args[i], f.fundef->size_params, typed_sizes);
            if (result_type) sizes_from_types(f.fundef->ret, *result_type, f.fundef->size_params, typed_sizes);
        }
        // Type parameters instantiated with arrays of sizes the call does not know take
        // them from the arguments (so an empty result has the argument's row shape).
        std::shared_ptr<TypeSubst> known;
        if (f.subst && std::any_of(f.subst->begin(), f.subst->end(),
                                   [](const auto &e) { return has_unknown_dims(e.second); })) {
            known = std::make_shared<TypeSubst>(*f.subst);
            for (size_t i = 0; i < params.size(); ++i)
                type_param_sizes(params[i]->type, args[i], *known);
        }
        auto run = [&]() -> Value {
            FrameGuard guard(*this);
            frame_ = Frame{stack_.size(), f.env ? &f.env : nullptr, known ? known.get() : f.subst.get(),
                           f.prelude};
            if (f.fundef && !f.fundef->size_params.empty()) {
                // Each size parameter bound once, by its first occurrence (a name of the
                // scope the function was made in is shadowed, not kept).
                std::vector<std::pair<std::string, int64_t>> found;
                for (size_t i = 0; i < params.size(); ++i)
                    bind_sizes_from(params[i]->type, args[i], f.fundef->size_params, found);
                for (const auto &[name, size] : typed_sizes)
                    if (std::count(f.fundef->size_params.begin(), f.fundef->size_params.end(), name) &&
                        std::none_of(found.begin(), found.end(), [&](const auto &b) { return b.first == name; }))
                        found.emplace_back(name, size);
                for (const auto &[name, size] : found) // (push keeps the name's address: the AST's)
                    push(*std::find(f.fundef->size_params.begin(), f.fundef->size_params.end(), name),
                         Value(mk_int(PrimType::I64, (uint64_t)size)));
            }
            for (size_t i = 0; i < params.size(); ++i) {
                // A lambda's at its parameter: its calls are often a SOAC's.
                if (check_params) check_pat_sizes(*params[i], args[i], f.fundef ? loc : params[i]->loc);
                bind_pat(*params[i], std::move(args[i]));
            }
            Value r = eval(*f.body);
            if (check_result) check_result_sizes(f.fundef->ret, r, loc);
            return r;
        };
        // A prelude function applied by user code reports its failures at that call.
        if (!f.prelude || frame_.prelude || !f.fundef)
            return run();
        try {
            return run();
        } catch (const RuntimeError &e) {
            if (!in_prelude(e.loc()))
                throw;
            throw RuntimeError(called_at(e.loc(), loc, f.fundef->name), e.message());
        }
    }
    case FunctionValue::Kind::Builtin: return call_builtin(f, args, loc, result_type);
    case FunctionValue::Kind::OpSection: {
        const Value &a = f.fixed_side == 1 ? f.fixed : args[0];
        const Value &b = f.fixed_side == 1 ? args[0] : f.fixed_side == 2 ? f.fixed : args[1];
        if (f.user_op.kind() == Value::Kind::Function) return apply2(f.user_op, a, b, loc);
        if (a.is_prim() && b.is_prim() && f.bop != BinOpKind::None)
            return Value(eval_binop(f.bop, a.prim(), b.prim(), loc));
        return binop_values(f.bop, f.name, a, b, nullptr, loc);
    }
    case FunctionValue::Kind::Compose: {
        Value x = apply1(f.f, std::move(args[0]), loc);
        return apply1(f.g, std::move(x), loc);
    }
    }
    return Value();
}

// ---------------------------------------------------------------- patterns

bool Evaluator::has_unknown_dims(const TypePtr &t) {
    return t && t->kind == Type::Kind::Array &&
           std::any_of(t->shape.begin(), t->shape.end(),
                       [](const Dim &d) { return d.kind != Dim::Kind::Const; });
}

void Evaluator::type_param_sizes(const TypePtr &decl, const Value &v, TypeSubst &s) {
    if (!decl)
        return;
    if (decl->kind == Type::Kind::Tuple && v.kind() == Value::Kind::Tuple) {
        for (size_t i = 0; i < decl->elems.size() && i < v.elems().size(); ++i)
            type_param_sizes(decl->elems[i], v.elems()[i], s);
        return;
    }
    const Type *t = decl.get();
    size_t outer = 0; // `[n]t`: t is a row of the value
    if (t->kind == Type::Kind::Array) {
        outer = t->shape.size();
        t = t->elem.get();
    }
    if (!t || t->kind != Type::Kind::TypeVar || !v.is_array() || v.rank() <= (int)outer)
        return;
    for (auto &[name, ty] : s) {
        if (name != t->var || !has_unknown_dims(ty) || ty->shape.size() != (size_t)v.rank() - outer)
            continue;
        std::vector<Dim> dims = ty->shape;
        for (size_t k = 0; k < dims.size(); ++k)
            if (dims[k].kind != Dim::Kind::Const)
                dims[k] = Dim::constant(v.shape()[outer + k]);
        ty = Type::array(ty->elem, std::move(dims));
    }
}

void Evaluator::bind_sizes_from(const TypePtr &t, const Value &v, const std::vector<std::string> &names,
                                std::vector<std::pair<std::string, int64_t>> &out) {
    if (!t) return;
    switch (t->kind) {
    case Type::Kind::Array: {
        if (!v.is_array()) return;
        for (size_t k = 0; k < t->shape.size() && (int)k < v.rank(); ++k) {
            const Dim &d = t->shape[k];
            if (d.kind != Dim::Kind::Var) continue;
            if (std::find(names.begin(), names.end(), d.name) == names.end()) continue;
            if (std::none_of(out.begin(), out.end(), [&](const auto &b) { return b.first == d.name; }))
                out.emplace_back(d.name, v.shape()[k]);
        }
        if (t->elem && !t->elem->is_prim() && !v.is_prim_array() && v.num_elements() > 0)
            bind_sizes_from(t->elem, v.flat_boxed(0), names, out);
        return;
    }
    case Type::Kind::Tuple:
        if (v.kind() == Value::Kind::Tuple)
            for (size_t i = 0; i < t->elems.size() && i < v.elems().size(); ++i)
                bind_sizes_from(t->elems[i], v.elems()[i], names, out);
        return;
    case Type::Kind::Record:
        if (v.kind() == Value::Kind::Record || v.kind() == Value::Kind::Tuple)
            for (size_t i = 0; i < t->fields.size() && i < v.elems().size(); ++i)
                bind_sizes_from(t->fields[i].second, v.elems()[i], names, out);
        return;
    default: return;
    }
}

// `let [n] (xs: [n]t, y) = ...`, `loop [n] (xs: [n]t, ...)`: a tuple pattern's own type
// is the value's, its parts' ascriptions name the sizes.  Each is bound once, by its
// first occurrence (an outer `n` is shadowed, not kept).
void Evaluator::bind_sizes_from(const Pat &p, const Value &v, const std::vector<std::string> &names) {
    std::vector<std::pair<std::string, int64_t>> found;
    pat_sizes(p, v, names, found);
    for (const auto &[name, size] : found) // (push keeps the name's address: the AST's)
        push(*std::find(names.begin(), names.end(), name), Value(mk_int(PrimType::I64, (uint64_t)size)));
}

void Evaluator::pat_sizes(const Pat &p, const Value &v, const std::vector<std::string> &names,
                          std::vector<std::pair<std::string, int64_t>> &out) {
    bind_sizes_from(p.type, v, names, out);
    if (p.kind == Pat::Kind::Ascript) {
        pat_sizes(*p.inner, v, names, out);
    } else if (p.kind == Pat::Kind::Tuple && p.elems.size() == 1) {
        pat_sizes(*p.elems[0], v, names, out);
    } else if (p.kind == Pat::Kind::Tuple && v.kind() == Value::Kind::Tuple) {
        for (size_t i = 0; i < p.elems.size() && i < v.elems().size(); ++i) pat_sizes(*p.elems[i], v.elems()[i], names, out);
    } else if (p.kind == Pat::Kind::Record && (v.kind() == Value::Kind::Record || v.kind() == Value::Kind::Tuple) &&
               p.type && p.type->kind == Type::Kind::Record) {
        for (const auto &[name, sub] : p.fields) {
            size_t k = 0;
            while (k < p.type->fields.size() && p.type->fields[k].first != name) ++k;
            if (sub && k < v.elems().size()) pat_sizes(*sub, v.elems()[k], names, out);
        }
    }
}

void Evaluator::sizes_from_fun_values(const TypePtr &t, const Value &v, const std::vector<std::string> &names,
                                      std::vector<std::pair<std::string, int64_t>> &out) {
    if (!t) return;
    if (t->kind == Type::Kind::Func) {
        if (v.kind() == Value::Kind::Function && v.function() && v.function()->type)
            sizes_from_types(t, *v.function()->type, names, out, v.function()->env.get());
    } else if (t->kind == Type::Kind::Tuple && v.kind() == Value::Kind::Tuple) {
        for (size_t i = 0; i < t->elems.size() && i < v.elems().size(); ++i)
            sizes_from_fun_values(t->elems[i], v.elems()[i], names, out);
    } else if (t->kind == Type::Kind::Record &&
               (v.kind() == Value::Kind::Record || v.kind() == Value::Kind::Tuple)) {
        for (size_t i = 0; i < t->fields.size() && i < v.elems().size(); ++i)
            sizes_from_fun_values(t->fields[i].second, v.elems()[i], names, out);
    }
}

void Evaluator::sizes_from_types(const TypePtr &pat, const Type &actual, const std::vector<std::string> &names,
                                 std::vector<std::pair<std::string, int64_t>> &out, const CapEnv *env) {
    if (!pat || pat->kind != actual.kind) return;
    switch (pat->kind) {
    case Type::Kind::Array: {
        // `[n + m]` against the argument's `[a + b]`: n is a's size, m b's (as the
        // checker paired them up).
        std::function<void(const Dim &, const Dim &)> match = [&](const Dim &d, const Dim &a) {
            // (An argument's constant keeps the form it was folded from: `2 + 3`.)
            if (d.kind == Dim::Kind::Exp && a.has_operands() && d.name == a.name &&
                d.args->size() == a.args->size()) {
                for (size_t k = 0; k < d.args->size(); k++) match((*d.args)[k], (*a.args)[k]);
                return;
            }
            if (d.kind != Dim::Kind::Var || std::find(names.begin(), names.end(), d.name) == names.end())
                return;
            int64_t size = -1;
            if (a.kind == Dim::Kind::Const) size = a.value;
            else if (a.kind == Dim::Kind::Var) {
                // A closure's type names sizes of the scope that made it: look there first.
                const Value *v = nullptr;
                for (const CapEnv *c = env; c && !v; c = c->parent.get())
                    for (size_t i = c->vars.size(); i-- > 0 && !v;)
                        if (*c->vars[i].name == a.name) v = &c->vars[i].v;
                if (!v) v = lookup(a.name);
                if (v && v->is_prim() && is_int(v->prim().type)) size = (int64_t)v->prim().i;
            } else if (Dim r = resolve_dim(a); r.kind == Dim::Kind::Const) {
                size = r.value;  // `[2 ** k]` against `[2 ** (i + 1)]`: k is i + 1 here
            }
            if (size < 0) return;
            bool known = false;
            for (const auto &b : out) known = known || b.first == d.name;
            if (!known) out.emplace_back(d.name, size);
        };
        for (size_t k = 0; k < pat->shape.size() && k < actual.shape.size(); ++k)
            match(pat->shape[k], actual.shape[k]);
        if (pat->elem && actual.elem) sizes_from_types(pat->elem, *actual.elem, names, out, env);
        return;
    }
    case Type::Kind::Tuple:
        for (size_t i = 0; i < pat->elems.size() && i < actual.elems.size(); ++i)
            if (actual.elems[i]) sizes_from_types(pat->elems[i], *actual.elems[i], names, out, env);
        return;
    case Type::Kind::Record:
    case Type::Kind::Sum:
        for (size_t i = 0; i < pat->fields.size() && i < actual.fields.size(); ++i)
            if (actual.fields[i].second && pat->fields[i].first == actual.fields[i].first)
                sizes_from_types(pat->fields[i].second, *actual.fields[i].second, names, out, env);
        return;
    case Type::Kind::Func:
        if (actual.param) sizes_from_types(pat->param, *actual.param, names, out, env);
        if (actual.result) sizes_from_types(pat->result, *actual.result, names, out, env);
        return;
    default: return;
    }
}

void Evaluator::bind_pat(const Pat &p, Value v) {
    switch (p.kind) {
    case Pat::Kind::Id: push(p.name, std::move(v)); return;
    case Pat::Kind::Wildcard:
    case Pat::Kind::Literal: return;
    case Pat::Kind::Ascript: bind_pat(*p.inner, std::move(v)); return;
    case Pat::Kind::Tuple:
    case Pat::Kind::Ctor: {
        if (p.elems.empty()) return;
        if (p.kind == Pat::Kind::Tuple && p.elems.size() == 1) {  // parenthesised pattern
            bind_pat(*p.elems[0], std::move(v));
            return;
        }
        const auto &es = v.elems();
        if (es.size() < p.elems.size()) throw RuntimeError(p.loc, "pattern does not match value");
        for (size_t i = 0; i < p.elems.size(); ++i) bind_pat(*p.elems[i], es[i]);
        return;
    }
    case Pat::Kind::Record: {
        if (v.kind() == Value::Kind::Tuple) {
            for (const auto &[name, sub] : p.fields) {
                size_t k = (size_t)std::strtoull(name.c_str(), nullptr, 10);
                if (k >= v.elems().size()) throw RuntimeError(p.loc, "pattern does not match value");
                if (sub) bind_pat(*sub, v.elems()[k]);
            }
            return;
        }
        if (v.kind() != Value::Kind::Record) throw RuntimeError(p.loc, "pattern does not match value");
        const auto &names = v.field_names();
        for (const auto &[name, sub] : p.fields) {
            auto it = std::find(names.begin(), names.end(), name);
            if (it == names.end()) throw RuntimeError(p.loc, "no field " + name);
            if (sub) bind_pat(*sub, v.elems()[(size_t)(it - names.begin())]);
            else push(name, v.elems()[(size_t)(it - names.begin())]);
        }
        return;
    }
    }
}

bool Evaluator::match_pat(const Pat &p, const Value &v) {
    switch (p.kind) {
    case Pat::Kind::Id:
    case Pat::Kind::Wildcard: return true;
    case Pat::Kind::Ascript: return match_pat(*p.inner, v);
    case Pat::Kind::Literal: {
        Value lit = eval(*p.literal);
        if (lit.is_prim() && v.is_prim() && lit.prim().type != v.prim().type)
            lit = Value(convert_prim(v.prim().type, lit.prim()));
        return equal_values(lit, v);
    }
    case Pat::Kind::Tuple: {
        if (p.elems.size() == 1) return match_pat(*p.elems[0], v);
        if (v.kind() != Value::Kind::Tuple && v.kind() != Value::Kind::Record) return p.elems.empty();
        for (size_t i = 0; i < p.elems.size() && i < v.elems().size(); ++i)
            if (!match_pat(*p.elems[i], v.elems()[i])) return false;
        return true;
    }
    case Pat::Kind::Ctor: {
        if (v.kind() != Value::Kind::Sum || v.ctor() != p.name) return false;
        for (size_t i = 0; i < p.elems.size() && i < v.elems().size(); ++i)
            if (!match_pat(*p.elems[i], v.elems()[i])) return false;
        return true;
    }
    case Pat::Kind::Record: {
        if (v.kind() != Value::Kind::Record) return true;
        const auto &names = v.field_names();
        for (const auto &[name, sub] : p.fields) {
            auto it = std::find(names.begin(), names.end(), name);
            if (it == names.end()) return false;
            if (sub && !match_pat(*sub, v.elems()[(size_t)(it - names.begin())])) return false;
        }
        return true;
    }
    }
    return false;
}

// ---------------------------------------------------------------- types

void Evaluator::check_result_sizes(const TypePtr &ret, const Value &v, const SrcLoc &loc) {
    if (!ret) return;
    switch (ret->kind) {
    case Type::Kind::Array: {
        if (v.kind() != Value::Kind::Array) return;
        const std::vector<int64_t> &shape = v.shape();
        std::vector<int64_t> want = shape;
        bool bad = false;
        for (size_t i = 0; i < ret->shape.size() && i < shape.size(); ++i) {
            Dim d = resolve_dim(ret->shape[i]);
            if (d.kind != Dim::Kind::Const) continue;
            want[i] = d.value;
            bad = bad || d.value != shape[i];
        }
        if (bad)
            throw RuntimeError(loc, "Value of shape " + shape_string(shape) + " cannot match shape of type `" +
                                        shape_string(want) + "`.");
        return;
    }
    case Type::Kind::Tuple:
        if (v.kind() != Value::Kind::Tuple || v.elems().size() != ret->elems.size()) return;
        for (size_t i = 0; i < ret->elems.size(); ++i) check_result_sizes(ret->elems[i], v.elems()[i], loc);
        return;
    case Type::Kind::Record: {
        if (v.kind() != Value::Kind::Record) return;
        const auto &names = v.field_names();
        for (const auto &[name, t] : ret->fields) {
            auto it = std::find(names.begin(), names.end(), name);
            if (it != names.end()) check_result_sizes(t, v.elems()[(size_t)(it - names.begin())], loc);
        }
        return;
    }
    case Type::Kind::Sum:  // the payload the value holds
        if (v.kind() != Value::Kind::Sum) return;
        for (const auto &[name, t] : ret->fields)
            if (name == v.ctor() && t && t->kind == Type::Kind::Tuple)
                for (size_t i = 0; i < t->elems.size() && i < v.elems().size(); ++i)
                    check_result_sizes(t->elems[i], v.elems()[i], loc);
        return;
    default: return;
    }
}

// Note [Written sizes]: the checker lets a value whose size it does not know (an
// unknown size: a top-level `filter`'s result, a `[]` parameter) through where a size
// is written, which Futhark's checker, knowing every size, would reject when they
// differ.  So both backends check such values when they are bound: a function's
// parameters with a written type (against its size parameters, bound by their first
// occurrence, and the sizes in scope; a named function's at the call, a lambda's at the
// parameter), a `let`'s type ascription and an expression's (`e : [n]t`), a loop's
// parameter, the matching `match` case's pattern and a constant's declared type
// (Lower.cpp: check_pat_sizes, check_sizes, conform_result).
void Evaluator::check_pat_sizes(const Pat &p, const Value &v, const SrcLoc &loc) {
    switch (p.kind) {
    case Pat::Kind::Ascript:
        check_result_sizes(p.type, v, loc);
        check_pat_sizes(*p.inner, v, loc);
        return;
    case Pat::Kind::Tuple:
    case Pat::Kind::Ctor:  // a matched constructor's elems are its payload
        if (p.kind == Pat::Kind::Tuple && p.elems.size() == 1) {
            check_pat_sizes(*p.elems[0], v, loc);
        } else if (v.elems().size() >= p.elems.size()) {
            for (size_t i = 0; i < p.elems.size(); ++i) check_pat_sizes(*p.elems[i], v.elems()[i], loc);
        }
        return;
    case Pat::Kind::Record:
        for (const auto &[name, sub] : p.fields) {
            if (!sub) continue;
            size_t k = (size_t)std::strtoull(name.c_str(), nullptr, 10);
            if (v.kind() == Value::Kind::Record) {
                const auto &names = v.field_names();
                k = (size_t)(std::find(names.begin(), names.end(), name) - names.begin());
            }
            if (k < v.elems().size()) check_pat_sizes(*sub, v.elems()[k], loc);
        }
        return;
    default: return;
    }
}

// A size variable in scope, or a size expression of them (`[n * 2]`), as a constant.
Dim Evaluator::resolve_dim(const Dim &d) {
    if (d.kind == Dim::Kind::Var) {
        const Value *v = lookup(d.name);
        if (v && v->is_prim() && is_int(v->prim().type)) return Dim::constant(v->prim().i);
    }
    if (d.is_call()) return resolve_call_dim(d);
    if (d.kind == Dim::Kind::Exp) {
        Dim a = resolve_dim((*d.args)[0]), b = resolve_dim((*d.args)[1]);
        if (a.kind == Dim::Kind::Const && b.kind == Dim::Kind::Const) {
            // i64 arithmetic, as the program's own; one undefined (a division by zero)
            // leaves the size unknown here, unchecked.
            try {
                return Dim::constant(eval_binop(binop_kind(d.name), PrimValue::integer(PrimType::I64, (uint64_t)a.value),
                                                PrimValue::integer(PrimType::I64, (uint64_t)b.value), SrcLoc{})
                                         .i);
            } catch (const RuntimeError &) {
            }
        }
    }
    return d;
}

// `[f n]`: the function called on the sizes; one that fails leaves the size unknown here,
// unchecked, as arithmetic does.
Dim Evaluator::resolve_call_dim(const Dim &d) {
    std::vector<Value> args;
    for (const Dim &a : *d.args) {
        Dim r = resolve_dim(a);
        if (r.kind != Dim::Kind::Const) return d;
        args.emplace_back(PrimValue::integer(PrimType::I64, (uint64_t)r.value));
    }
    auto &globals = visible_globals();
    auto it = globals.find(d.name);
    const Value *f = it != globals.end() ? &global_value(it->second, d.name) : lookup(d.name);
    if (!f || f->kind() != Value::Kind::Function) return d;
    // The call may come while an application's sizes are being gathered (sizes_from_types).
    auto saved = std::move(call_sizes_);
    const FunctionValue *saved_for = call_sizes_for_;
    Dim out = d;
    try {
        Value fn = *f;
        Value r = apply(fn, args.data(), (int)args.size(), SrcLoc{}, nullptr);
        if (r.is_prim() && is_int(r.prim().type)) out = Dim::constant((int64_t)r.prim().i);
    } catch (const RuntimeError &) {
    }
    call_sizes_ = std::move(saved);
    call_sizes_for_ = saved_for;
    return out;
}

TypePtr Evaluator::resolve_type(const TypePtr &t) {
    if (!t) return t;
    switch (t->kind) {
    case Type::Kind::TypeVar:
        if (frame_.subst)
            for (const auto &[n, ty] : *frame_.subst)
                if (n == t->var) return ty;
        return t;
    case Type::Kind::Array: {
        std::vector<Dim> dims = t->shape;
        for (Dim &d : dims) d = resolve_dim(d);
        TypePtr elem = resolve_type(t->elem);
        if (elem && elem->kind == Type::Kind::Array) {  // a type variable stood for an array
            dims.insert(dims.end(), elem->shape.begin(), elem->shape.end());
            elem = elem->elem;
        }
        return Type::array(elem, std::move(dims));
    }
    case Type::Kind::Tuple: {
        std::vector<TypePtr> es;
        for (const auto &e : t->elems) es.push_back(resolve_type(e));
        return Type::tuple(std::move(es));
    }
    case Type::Kind::Record: {
        auto fs = t->fields;
        for (auto &f : fs) f.second = resolve_type(f.second);
        return Type::record(std::move(fs));
    }
    default: return t;
    }
}

Value Evaluator::empty_array(const TypePtr &t) {
    if (!t || t->kind != Type::Kind::Array || !t->elem) return Value::prim_array(PrimType::I32, {0});
    std::vector<int64_t> shape;
    // A row size may be negative where no row ran (`map (\_ -> iota w) []` with w < 0):
    // no rows, so no row shape to check; 0, as the compiled backends give.
    for (const Dim &d : t->shape) shape.push_back(d.kind == Dim::Kind::Const ? std::max<int64_t>(d.value, 0) : 0);
    shape[0] = 0;
    if (t->elem->kind == Type::Kind::Prim) return Value::prim_array(t->elem->prim, std::move(shape));
    return Value::boxed_array(std::move(shape), {}, t->elem);
}

TypePtr Evaluator::type_of_value(const Value &v) {
    switch (v.kind()) {
    case Value::Kind::Prim: return Type::prim_type(v.prim().type);
    case Value::Kind::Tuple: {
        std::vector<TypePtr> es;
        for (const Value &e : v.elems()) es.push_back(type_of_value(e));
        return Type::tuple(std::move(es));
    }
    case Value::Kind::Record: {
        std::vector<std::pair<std::string, TypePtr>> fs;
        for (size_t i = 0; i < v.elems().size(); ++i)
            fs.emplace_back(v.field_names()[i], type_of_value(v.elems()[i]));
        return Type::record(std::move(fs));
    }
    case Value::Kind::Array: {
        std::vector<Dim> dims;
        for (int64_t d : v.shape()) dims.push_back(Dim::constant(d));
        TypePtr elem = v.is_prim_array() ? Type::prim_type(v.elem_prim()) : v.elem_type();
        if (!elem && v.num_elements() > 0) elem = type_of_value(v.flat_boxed(0));
        if (!elem) return nullptr;
        return Type::array(elem, std::move(dims));
    }
    default: return nullptr;
    }
}

// ---------------------------------------------------------------- equality and operators

bool Evaluator::equal_values(const Value &a, const Value &b) { return values_equal_ieee(a, b); }

Value Evaluator::binop_values(BinOpKind k, const std::string &op, const Value &a, const Value &b,
                              const Value *user_op, const SrcLoc &loc) {
    if (user_op && user_op->kind() == Value::Kind::Function) return apply2(*user_op, a, b, loc);
    if (a.is_prim() && b.is_prim() && k != BinOpKind::None) {
        PrimValue pb = b.prim();
        if (pb.type != a.prim().type) pb = convert_prim(a.prim().type, pb);
        return Value(eval_binop(k, a.prim(), pb, loc));
    }
    if (k == BinOpKind::Eq) return Value(mk_bool(equal_values(a, b)));
    if (k == BinOpKind::Neq) return Value(mk_bool(!equal_values(a, b)));
    const Value *fn = lookup(op);
    if (fn && fn->kind() == Value::Kind::Function) {
        Value f = *fn;
        return apply2(f, a, b, loc);
    }
    throw RuntimeError(loc, "operator " + op + " is not defined on these values");
}

}  // namespace loom::interp
