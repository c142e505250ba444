// Typed AST -> core IR.  See Lower.h; Note [Lowered values] explains the representation.
#include "compiler/Lower.h"
#include "compiler/Captures.h"

#include "compiler/passes/Rewrite.h"
#include "core/SizePoly.h"
#include "frontend/ASTPrinter.h"
#include "frontend/Frontend.h"
#include "interpreter/EntryArgs.h"
#include "runtime/cpu/Foreign.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <sstream>

namespace loom {

namespace {

using ir::SubExp;

struct LVal;
using LValPtr = std::shared_ptr<const LVal>;
struct Scope;
using ScopePtr = std::shared_ptr<const Scope>;

/** A function value known at compile time: `arity` arguments are collected (partial
 * application just stores them), then `call` inlines the function. */
struct FnVal {
    int arity = 0;
    std::function<LValPtr(const std::vector<LValPtr> &, const SrcLoc &)> call;
    std::vector<LValPtr> args;
    /** The checked type of the expression that gave it as an argument (null elsewhere), and
     * the scope its size names are resolved in: a callee's size parameters that only this
     * type determines (`def f [n] (g: [n]i64 -> i64) = n`) are read off it. */
    TypePtr type;
    ScopePtr type_scope;
    /** The function this is a copy of with only `type` set (the same function, which a
     * recursive function passing its parameter on is specialised for once); null if none. */
    std::shared_ptr<const FnVal> same_as;
    const FnVal *identity() const { return same_as ? same_as.get() : this; }
};

/** See Note [Lowered values]. */
struct LVal {
    enum class Kind : uint8_t { Atom, Tuple, Func } kind = Kind::Atom;
    SubExp atom;
    ir::Type type;
    std::vector<LValPtr> elems;
    std::shared_ptr<const FnVal> fn;
    /** An array argument's checked type where it has a size expression (`[a + b]`), and
     * the scope its names resolve in: a callee's size parameters that only a size
     * expression of its parameter determines (`def f [n] [m] (xs: [n + m]t)`) are read
     * off it, as for functions (FnVal::type). */
    TypePtr src_type;
    ScopePtr src_scope;
    /** A Tuple with no leaves that is an array (`[n]()`, a witness of a size): its sizes,
     * outermost first, which it has no leaf to carry. */
    std::vector<SubExp> unit_dims;

    static LValPtr of(SubExp a, ir::Type t) {
        auto v = std::make_shared<LVal>();
        v->atom = std::move(a);
        v->type = std::move(t);
        return v;
    }
    static LValPtr tuple(std::vector<LValPtr> xs) {
        auto v = std::make_shared<LVal>();
        v->kind = Kind::Tuple;
        v->elems = std::move(xs);
        return v;
    }
    static LValPtr func(std::shared_ptr<const FnVal> f) {
        auto v = std::make_shared<LVal>();
        v->kind = Kind::Func;
        v->fn = std::move(f);
        return v;
    }
};

struct Scope {
    std::string name;
    LValPtr value;
    ScopePtr parent;
    TypePtr type; ///< the source type, where a pattern gave it (for `let r.f = v`)
};

/** A name a callee's scope starts with: a type argument ("'a", its type), or a size one
 * names (its value; `of`: the caller's name for it). */
struct Binding {
    std::string name;
    LValPtr value;
    TypePtr type;
    std::string of;
};

ScopePtr bind_name(const ScopePtr &s, const std::string &name, LValPtr v, TypePtr t = nullptr) {
    return std::make_shared<const Scope>(Scope{name, std::move(v), s, std::move(t)});
}

TypePtr lookup_type(const ScopePtr &s, const std::string &name) {
    for (const Scope *p = s.get(); p; p = p->parent.get())
        if (p->name == name)
            return p->type;
    return nullptr;
}

LValPtr lookup(const ScopePtr &s, const std::string &name) {
    for (const Scope *p = s.get(); p; p = p->parent.get())
        if (p->name == name)
            return p->value;
    return nullptr;
}

// Note [Type arguments]: Lower follows values, not types, but a constructor needs its
// whole sum type (`#none : opt a` has a slot for `#some`'s payload), as does a loop's
// state.  A top-level function's type parameters are bound in its body's scope, as
// "'a" entries with no value, to the types the call instantiates them with.  The sizes
// those types name in the caller's scope (`'b` as `[s]f32`, s a local there) are bound
// too, under names of their own (`s@12`, own_sizes), which the types use instead.
TypePtr concrete(const TypePtr &t, const ScopePtr &s) {
    if (!t)
        return t;
    if (t->kind == Type::Kind::TypeVar) {
        TypePtr b = lookup_type(s, "'" + t->var);
        return b ? b : t;
    }
    auto with = [&](TypePtr r) { return t->unique ? r->with_unique(true) : r; };
    switch (t->kind) {
    case Type::Kind::Array:
        return Type::array(concrete(t->elem, s), t->shape, t->unique);
    case Type::Kind::Tuple: {
        std::vector<TypePtr> es;
        for (const TypePtr &e : t->elems)
            es.push_back(concrete(e, s));
        return with(Type::tuple(std::move(es)));
    }
    case Type::Kind::Record:
    case Type::Kind::Sum: {
        auto fs = t->fields;
        for (auto &f : fs)
            f.second = concrete(f.second, s);
        return with(t->kind == Type::Kind::Record ? Type::record(std::move(fs))
                                                  : Type::sum(std::move(fs)));
    }
    case Type::Kind::Func:
        return Type::func(concrete(t->param, s), concrete(t->result, s), t->param_name);
    default:
        return t;
    }
}

void flatten(const LValPtr &v, std::vector<LValPtr> &out, const SrcLoc &loc) {
    if (v->kind == LVal::Kind::Tuple) {
        for (const LValPtr &e : v->elems)
            flatten(e, out, loc);
    } else if (v->kind == LVal::Kind::Func) {
        throw CompilerLimitation(loc,
                                 "a function stored in a data structure or returned from a branch");
    } else {
        out.push_back(v);
    }
}

std::vector<LValPtr> leaves(const LValPtr &v, const SrcLoc &loc) {
    std::vector<LValPtr> out;
    flatten(v, out, loc);
    return out;
}

/** The sizes of array v: its first leaf's, or the first array of no leaves' (`[n]()`) in
 * it, in order (an array of tuples whose first component has no leaves). */
const std::vector<SubExp> *array_dims(const LValPtr &v) {
    if (v->kind == LVal::Kind::Atom)
        return &v->type.dims;
    if (v->kind != LVal::Kind::Tuple)
        return nullptr;
    if (!v->unit_dims.empty())
        return &v->unit_dims;
    for (const LValPtr &e : v->elems)
        if (const std::vector<SubExp> *d = array_dims(e))
            return d;
    return nullptr;
}

/** The sizes of the arrays of no leaves in v (`[n]()`, and those in their elements), in
 * order, outermost first. */
void unit_sizes(const LValPtr &v, std::vector<SubExp> &out) {
    if (v->kind != LVal::Kind::Tuple)
        return;
    out.insert(out.end(), v->unit_dims.begin(), v->unit_dims.end());
    for (const LValPtr &e : v->elems)
        unit_sizes(e, out);
}

/** The structure of an array of n values of structure v: the arrays of no leaves in it n
 * times as many, and v an array of no leaves where it has no leaf. */
LValPtr array_shape(const LValPtr &v, const SubExp &n) {
    if (v->kind != LVal::Kind::Tuple)
        return v;
    auto r = std::make_shared<LVal>(*v);
    std::vector<LValPtr> ls;
    flatten(v, ls, {});
    if (!v->unit_dims.empty() || ls.empty())
        r->unit_dims.insert(r->unit_dims.begin(), n);
    else
        for (LValPtr &e : r->elems)
            e = array_shape(e, n);
    return r;
}

/** The structure of a row of array v: its arrays of no leaves one size fewer. */
LValPtr row_shape(const LValPtr &v) {
    if (v->kind != LVal::Kind::Tuple)
        return v;
    auto r = std::make_shared<LVal>(*v);
    if (!r->unit_dims.empty())
        r->unit_dims.erase(r->unit_dims.begin());
    else
        for (LValPtr &e : r->elems)
            e = row_shape(e);
    return r;
}

/** Whether v has an array of no leaves (`[n]()`) in it. */
bool has_units(const LValPtr &v) {
    if (v->kind != LVal::Kind::Tuple)
        return false;
    if (!v->unit_dims.empty())
        return true;
    return std::any_of(v->elems.begin(), v->elems.end(), has_units);
}

/** Note [Carriers]: the value of `shape`'s structure from r, a built-in's result on
 * carried(shape)'s structure: each array of no leaves in `shape` of the sizes of the
 * carrier in its place in r. */
LValPtr uncarried(const LValPtr &shape, const LValPtr &r) {
    if (shape->kind != LVal::Kind::Tuple)
        return r;
    if (!shape->unit_dims.empty()) {
        auto u = std::make_shared<LVal>(*shape);
        u->unit_dims = r->type.dims;
        return u;
    }
    auto out = std::make_shared<LVal>(*r);
    for (size_t k = 0; k < out->elems.size() && k < shape->elems.size(); k++)
        out->elems[k] = uncarried(shape->elems[k], r->elems[k]);
    return out;
}

/** v, of `shape`'s structure, with the arrays of no leaves that `shape` has (which v may
 * have lost) of the sizes `dims` from `pos` on. */
LValPtr with_unit_sizes(const LValPtr &shape, const LValPtr &v, const std::vector<SubExp> &dims,
                        size_t &pos) {
    if (shape->kind != LVal::Kind::Tuple)
        return v;
    if (!shape->unit_dims.empty()) { // (no leaves, so v lost nothing else)
        auto r = std::make_shared<LVal>(*shape);
        for (SubExp &d : r->unit_dims)
            d = dims.at(pos++);
        for (LValPtr &e : r->elems)
            e = with_unit_sizes(e, e, dims, pos);
        return r;
    }
    auto r = std::make_shared<LVal>(*v);
    for (size_t k = 0; k < r->elems.size(); k++)
        r->elems[k] = with_unit_sizes(shape->elems[k], v->elems[k], dims, pos);
    return r;
}

/** The value of `shape`'s structure with leaves `flat` from `pos` on.  With `same_sizes`
 * (the leaves are `shape`'s own, coerced or checked), an array of no leaves (`[n]()`)
 * keeps its sizes; elsewhere they may differ (a row and its array), and it loses them. */
LValPtr restructure(const LValPtr &shape, const std::vector<LValPtr> &flat, size_t &pos,
                    bool same_sizes = false) {
    if (shape->kind == LVal::Kind::Tuple) {
        if (same_sizes && !shape->unit_dims.empty())
            return shape;
        std::vector<LValPtr> xs;
        for (const LValPtr &e : shape->elems)
            xs.push_back(restructure(e, flat, pos, same_sizes));
        return LVal::tuple(std::move(xs));
    }
    return flat.at(pos++);
}

std::string strip_module(const std::string &op) {
    size_t dot = op.find('.');
    if (dot == std::string::npos || dot + 1 >= op.size())
        return op;
    if (!prim_from_name(op.substr(0, dot)))
        return op;
    return op.substr(dot + 1);
}

class Lowerer {
public:
    explicit Lowerer(const Program &prog, ConstantArgs *constants) : constants_(constants) {
        auto add = [&](const std::vector<DeclPtr> &decls) {
            for (const DeclPtr &d0 : decls) {
                const Decl *d = d0.get();
                while (d->kind == Decl::Kind::Local && d->inner)
                    d = d->inner.get();
                if (d->kind == Decl::Kind::Fun && d->fun)
                {
                    def_pos_[d->fun.get()] = next_def_;
                    defs_[d->fun->name].emplace_back(next_def_++, d->fun);
                }
            }
        };
        add(checked_prelude().decls);
        user_start_ = next_def_;
        add(prog.decls);
    }

    ir::Module lower_entry(const std::string &entry) {
        auto it = defs_.find(entry);
        if (it == defs_.end())
            throw CompilerLimitation({}, "no entry point named " + entry);
        const FunDef &f = *it->second.back().second;
        cur_def_ = it->second.back().first;
        horizon_ = f.params.empty() ? cur_def_ - 1 : std::numeric_limits<int>::max();
        if (f.is_intrinsic)
            throw CompilerLimitation(f.loc, "cannot compile an intrinsic as an entry point");
        ir::Function fn;
        fn.name = entry;
        fn.source_ret = f.ret;
        fn.loc = f.loc;
        entry_fn_ = &fn;
        ScopePtr scope;
        std::map<std::string, SubExp> sizes;
        for (const PatPtr &p : f.params) {
            fn.source_params.push_back(p->type);
            fn.source_param_names.push_back(param_display_name(*p));
            LValPtr v = entry_param(p->type, fn, sizes, p->loc);
            scope = bind_pat(scope, *p, v);
        }
        for (const auto &[name, s] : sizes)
            scope = bind_name(scope, name, LVal::of(s, ir::Type::scalar(PrimType::I64)));
        check_entry_result(f.ret, f.loc);
        // The result has the sizes the entry declares (checked where the body's are
        // unknown to the checker, as the interpreter checks them).
        ir::Body body = in_body(
            [&] {
                LValPtr r = lower(*f.body, scope);
                // A constant's at its body, as the interpreter's (Note [Written sizes]).
                if (f.ret_type)
                    r = conform_result(r, f, scope, f.params.empty() ? f.body->loc : f.loc);
                std::vector<LValPtr> out;
                entry_results(r, f.ret, 0, out, f.body->loc);
                return out;
            },
            fn.ret);
        fn.body = std::move(body);
        ir::Module m;
        m.functions.push_back(std::move(fn));
        for (ir::Function &g : rec_functions_)
            m.functions.push_back(std::move(g));
        m.next_var_id = next_id_;
        m.foreign = foreign_;
        m.traces = traces_;
        m.breaks = breaks_;
        pass_captured_vars(m);
        return m;
    }

private:
    /** Top-level definitions by name, each with its position (a name may be defined
     * again later: a use sees the last definition at or before the definition using it). */
    std::map<std::string, std::vector<std::pair<int, FunDefPtr>>> defs_;
    std::map<const FunDef *, int> def_pos_;
    /** Local polymorphic functions (`let emp 't (x: t) : []t = []`) by their closure: each
     * use makes the closure again with its type arguments (Note [Type arguments]). */
    struct PolyLocal {
        LValPtr closure; ///< kept, so that its address names no other value
        FunDefPtr fd;
        ScopePtr scope;
    };
    std::map<const LVal *, PolyLocal> poly_locals_;
    std::set<int> param_dims_; ///< size params of the functions being built
    int next_def_ = 0;
    int size_names_ = 0; ///< own_sizes's names made so far (apart from next_id_: the IR's names stay)
    int cur_def_ = 0; ///< the position of the top-level definition whose code is lowered
    int user_start_ = 0; ///< the position of the program's first definition (after the prelude's)
    /** The last definition user code sees: all of them, but within a top-level constant
     * those up to it (Note [Which definition]). */
    int horizon_ = std::numeric_limits<int>::max();
    std::vector<std::vector<ir::Stm>> stms_; // the bodies being built, innermost last
    std::vector<std::string> opens_;         // `M.(e)` local opens in effect
    int next_id_ = 0;
    int depth_ = 0;
    ConstantArgs *constants_ = nullptr;
    int unsafe_ = 0; ///< inside `#[unsafe]`: no assertions or index checks
    std::vector<SrcLoc> traces_, breaks_; ///< ir::Module::traces and breaks
    int in_lambda_ = 0; ///< inside make_lambda's body, whose result sizes must be regular
    ir::Function *entry_fn_ = nullptr;        ///< the entry being lowered
    std::vector<std::shared_ptr<const ForeignFn>> foreign_; ///< those called, in first-use order
    std::map<const FunDef *, LValPtr> constant_params_; ///< constants passed in, by definition
    int in_recursive_ = 0;                    ///< > 0 while a recursive function's body is lowered

    // ------------------------------------------------------------ building IR

    ir::Var fresh(const std::string &base) {
        return ir::Var{next_id_++, base.empty() ? "t" : base};
    }

    std::vector<SubExp> emit(ir::ExpPtr e, const std::vector<ir::Type> &types,
                             const std::string &base) {
        ir::Stm s;
        s.exp = std::move(e);
        std::vector<SubExp> out;
        for (const ir::Type &t : types) {
            ir::Var v = fresh(base);
            s.pat.push_back(ir::Param{v, t});
            out.push_back(SubExp::of(v));
        }
        stms_.back().push_back(std::move(s));
        return out;
    }
    LValPtr emit1(ir::ExpPtr e, const ir::Type &t, const std::string &base) {
        if (std::optional<PrimValue> c = fold_constant(*e))
            return LVal::of(SubExp::constant(*c), t);
        return LVal::of(emit(std::move(e), {t}, base)[0], t);
    }

    /** A scalar operation on constants, folded as it is made (never one that would fail):
     * a size such as `(n - 1) / nbs + 1`, with a module's `def nbs = i64.i32 I.num_bits`,
     * then divides by a constant, and hoist_invariant moves it out of a lambda. */
    static std::optional<PrimValue> fold_constant(const ir::Exp &e) {
        try {
            return passes::constant_value(e);
        } catch (const RuntimeError &) {
            return std::nullopt; // left to fail where it runs
        }
    }

    /** Runs `f` in a fresh body; its leaves become the result, their types `types`. */
    ir::Body in_body(const std::function<std::vector<LValPtr>()> &f, std::vector<ir::Type> &types) {
        stms_.emplace_back();
        std::vector<LValPtr> r;
        try {
            r = f();
        } catch (...) {
            stms_.pop_back();
            throw;
        }
        ir::Body b;
        b.stms = std::move(stms_.back());
        stms_.pop_back();
        types.clear();
        for (const LValPtr &x : r) {
            b.result.push_back(x->atom);
            types.push_back(x->type);
        }
        return b;
    }

    // ------------------------------------------------------------ types

    SubExp dim_of(const Dim &d, const ScopePtr &scope, const SrcLoc &loc) {
        if (d.kind == Dim::Kind::Const)
            return SubExp::i64(d.value);
        if (d.kind == Dim::Kind::Var) {
            LValPtr v = lookup(scope, d.name);
            if (!v && find_def(d.name))
                v = name_value(d.name, scope, loc); // a top-level constant (`[two]i32`)
            if (v && v->kind == LVal::Kind::Atom && v->type == ir::Type::scalar(PrimType::I64))
                return v->atom;
        }
        if (d.kind == Dim::Kind::Exp) { // Note [Size expressions] (TypeCheck.cpp)
            std::vector<SubExp> args;
            for (const Dim &a : *d.args)
                args.push_back(dim_of(a, scope, loc));
            return size_exp(d, args, loc);
        }
        throw CompilerLimitation(loc, "an array type whose size is not known here");
    }

    /** Size expression d of its operands' values: arithmetic, or `[f n]` a call of f. */
    SubExp size_exp(const Dim &d, const std::vector<SubExp> &args, const SrcLoc &loc) {
        if (!d.is_call())
            return i64_op(interp::binop_kind(d.name), args[0], args[1], loc)->atom;
        FunDefPtr def = find_def(d.name);
        if (!def)
            throw CompilerLimitation(loc, "a size that calls " + d.name + ", which is not a top-level function");
        std::vector<LValPtr> as;
        for (const SubExp &a : args)
            as.push_back(LVal::of(a, ir::Type::scalar(PrimType::I64)));
        LValPtr r = apply(fundef_value(def, nullptr, loc), as, loc);
        if (r->kind != LVal::Kind::Atom || r->type != ir::Type::scalar(PrimType::I64))
            throw CompilerLimitation(loc, "a size that is not an i64");
        return r->atom;
    }

    /** The types a coercion `v :> t` (written `te`) checks v's leaves against, appended
     * to `out`; tuples and records component by component. */
    void coerce_types(const TypePtr &t, const TypeExp *te, const LValPtr &v, const ScopePtr &scope,
                      const SrcLoc &loc, std::vector<ir::Type> &out) {
        while (te && te->kind == TypeExp::Kind::Unique)
            te = te->elem.get();
        bool record = t->kind == Type::Kind::Record;
        size_t parts = record ? t->fields.size() : t->elems.size();
        if ((record || t->kind == Type::Kind::Tuple) && v->kind == LVal::Kind::Tuple &&
            v->elems.size() == parts) {
            for (size_t i = 0; i < parts; i++)
                coerce_types(record ? t->fields[i].second : t->elems[i],
                             record ? written_field(te, t->fields[i].first) : written_elem(te, i),
                             v->elems[i], scope, loc, out);
            return;
        }
        std::vector<ir::Type> want;
        std::optional<CompilerLimitation> unknown;
        try {
            flat_types(t, scope, loc, want);
            out.insert(out.end(), want.begin(), want.end());
            return;
        } catch (const CompilerLimitation &lim) {
            unknown = lim;
            // A polymorphic element type (`sized [m] 't ... = xs :> [n]t`) or a size
            // the type cannot name (`[n * m]`, Any after checking): check the outer
            // sizes that have names; the rest keep the value's own sizes (a size
            // expression is then checked by whatever consumes it, e.g. unflatten).
            if (t->kind != Type::Kind::Array)
                throw;
        }
        // The written size expressions (`[n + m]`), outermost first.
        std::vector<const Exp *> written;
        for (; te && te->kind == TypeExp::Kind::Array; te = te->elem.get())
            written.push_back(te->dim.kind == DimExp::Kind::Exp ? te->dim.exp.get() : nullptr);
        std::vector<std::optional<SubExp>> outer;
        for (size_t k = 0; k < t->shape.size(); k++) {
            if (t->shape[k].kind != Dim::Kind::Any)
                outer.push_back(dim_of(t->shape[k], scope, loc));
            else if (k < written.size() && written[k] && written[k]->type &&
                     written[k]->type->kind == Type::Kind::Prim &&
                     written[k]->type->prim == PrimType::I64)
                outer.push_back(scalar_atom(lower(*written[k], scope), loc)->atom);
            else
                outer.push_back(std::nullopt);
        }
        for (const LValPtr &l : leaves(v, loc)) {
            ir::Type lt = l->type;
            if (lt.rank() < (int)outer.size())
                throw *unknown;
            for (size_t k = 0; k < outer.size(); k++)
                if (outer[k])
                    lt.dims[k] = *outer[k];
            out.push_back(lt);
        }
    }

    /** Why a value of type t cannot be laid out: a type parameter this use does not
     * instantiate (a function reached where the checker's type arguments are not), or a
     * kind of type the compiler does not handle. */
    static std::string unknown_type(const TypePtr &t) {
        if (t->kind == Type::Kind::TypeVar)
            return "a value of type parameter `" + t->var + "`, whose instantiation does not reach the compiler here";
        return "values of type " + type_to_string(t) + " are not supported yet";
    }

    /** The IR types of the leaves of a value of source type t. */
    void flat_types(const TypePtr &t, const ScopePtr &scope, const SrcLoc &loc,
                    std::vector<ir::Type> &out) {
        switch (t->kind) {
        case Type::Kind::Prim:
            out.push_back(ir::Type::scalar(t->prim));
            return;
        case Type::Kind::Array: {
            std::vector<ir::Type> inner;
            flat_types(t->elem, scope, loc, inner);
            for (ir::Type &e : inner) {
                for (size_t i = t->shape.size(); i-- > 0;)
                    e = e.array_of(dim_of(t->shape[i], scope, loc));
                out.push_back(e);
            }
            return;
        }
        case Type::Kind::Tuple:
            for (const TypePtr &e : t->elems)
                flat_types(e, scope, loc, out);
            return;
        case Type::Kind::Record:
            for (const auto &f : t->fields)
                flat_types(f.second, scope, loc, out);
            return;
        case Type::Kind::Sum: // Note [Sum types]
            out.push_back(ir::Type::scalar(tag_type(*t)));
            for (const auto &f : t->fields)
                flat_types(f.second, scope, loc, out);
            return;
        default:
            if (TypePtr b = bound_type(t, scope))
                return flat_types(b, scope, loc, out);
            throw CompilerLimitation(loc, unknown_type(t));
        }
    }

    static PrimType tag_type(const Type &sum) { return ir::sum_tag_type(sum.fields.size()); }
    static SubExp tag_value(const Type &sum, size_t ctor) {
        return SubExp::constant(PrimValue::integer(tag_type(sum), ctor));
    }
    static size_t ctor_index(const Type &sum, const std::string &name, const SrcLoc &loc) {
        for (size_t i = 0; i < sum.fields.size(); i++)
            if (sum.fields[i].first == name)
                return i;
        throw CompilerLimitation(loc, "constructor #" + name + " of an unknown sum type");
    }
    static const Type &sum_of(const TypePtr &t, const SrcLoc &loc) {
        if (!t || t->kind != Type::Kind::Sum)
            throw CompilerLimitation(loc, "a sum type that is not known here");
        return *t;
    }

    /** Note [Unheld payloads in arrays]: a payload a value does not hold is a default,
     * empty where its size is unknown (default_value), which cannot stack with the rows
     * that hold it (`[#none, #some xs]`).  Each row not holding a constructor takes, for
     * its payload, zeros of the sizes of the first row holding it (decided when the
     * program runs where a row's constructor is not known before). */
    void fit_unheld_payloads(const TypePtr &t, std::vector<LValPtr> &rows, const SrcLoc &loc) {
        if (!t || rows.empty() || std::any_of(rows.begin(), rows.end(), [](const LValPtr &r) {
                return r->kind != LVal::Kind::Tuple;
            }))
            return;
        auto parts = [&](size_t i) {
            std::vector<LValPtr> ps;
            for (const LValPtr &r : rows) ps.push_back(r->elems.at(i));
            return ps;
        };
        auto put = [&](size_t i, const std::vector<LValPtr> &ps) {
            for (size_t r = 0; r < rows.size(); r++) {
                if (rows[r]->elems[i] == ps[r]) continue;
                auto elems = rows[r]->elems;
                elems[i] = ps[r];
                rows[r] = LVal::tuple(std::move(elems));
            }
        };
        if (t->kind == Type::Kind::Tuple || t->kind == Type::Kind::Record) {
            size_t n = t->kind == Type::Kind::Tuple ? t->elems.size() : t->fields.size();
            for (size_t i = 0; i < n && i < rows[0]->elems.size(); i++) {
                std::vector<LValPtr> ps = parts(i);
                fit_unheld_payloads(t->kind == Type::Kind::Tuple ? t->elems[i] : t->fields[i].second, ps, loc);
                put(i, ps);
            }
            return;
        }
        if (t->kind != Type::Kind::Sum)
            return;
        const ir::Type bool_t = ir::Type::scalar(PrimType::Bool);
        for (size_t k = 0; k < t->fields.size(); k++) {
            std::vector<LValPtr> ps = parts(1 + k);
            std::vector<LValPtr> ls0 = leaves(ps[0], loc);
            if (std::all_of(ls0.begin(), ls0.end(), [](const LValPtr &l) { return l->type.rank() == 0; }))
                continue; // scalars only: nothing to fit
            // Whether row r holds k: a constant where its tag is one, else a test.
            std::vector<std::optional<SubExp>> holds(rows.size());
            for (size_t r = 0; r < rows.size(); r++) {
                const SubExp &tag = rows[r]->elems.at(0)->atom;
                holds[r] = tag.is_const ? SubExp::constant(PrimValue::boolean(tag == tag_value(*t, k)))
                                        : emit1(ir::BinOpExp::make(ir::BinOpKind::Eq, tag, tag_value(*t, k), loc),
                                                bool_t, "holds")->atom;
            }
            // The sizes of the first row holding k (row 0's where none does).
            std::vector<std::vector<SubExp>> sel;
            for (const LValPtr &l : ls0) sel.push_back(l->type.dims);
            for (size_t r = rows.size(); r-- > 0;) {
                std::vector<LValPtr> ls = leaves(ps[r], loc);
                for (size_t j = 0; j < ls.size(); j++)
                    for (size_t d = 0; d < sel[j].size(); d++) {
                        const SubExp &h = *holds[r], &dim = ls[j]->type.dims[d];
                        if (h.is_const) {
                            if (h.value.b) sel[j][d] = dim;
                        } else if (!(dim == sel[j][d])) {
                            const SubExp other = sel[j][d];
                            sel[j][d] = lower_if(h, [&] { return LVal::of(dim, ir::Type::scalar(PrimType::I64)); },
                                                 [&] { return LVal::of(other, ir::Type::scalar(PrimType::I64)); }, loc)
                                            ->atom;
                        }
                    }
            }
            for (size_t r = 0; r < rows.size(); r++) {
                const SubExp &h = *holds[r];
                if (h.is_const && h.value.b)
                    continue;
                ps[r] = h.is_const ? blank_of(ps[r], sel, loc)
                                   : lower_if(h, [&] { return ps[r]; }, [&] { return blank_of(ps[r], sel, loc); }, loc);
            }
            put(1 + k, ps);
        }
    }

    /** Zeros with v's structure and element types, of the shapes in dims (one per leaf). */
    LValPtr blank_of(const LValPtr &v, const std::vector<std::vector<SubExp>> &dims, const SrcLoc &loc) {
        std::vector<LValPtr> out;
        std::vector<LValPtr> ls = leaves(v, loc);
        for (size_t j = 0; j < ls.size(); j++) {
            LValPtr x = constant(interp::convert_prim(ls[j]->type.elem, PrimValue::integer(PrimType::I64, 0)));
            for (size_t i = dims[j].size(); i-- > 0;)
                x = emit1(ir::ReplicateExp::make(dims[j][i], x->atom), x->type.array_of(dims[j][i]), "rep");
            out.push_back(x);
        }
        size_t pos = 0;
        return restructure(v, out, pos);
    }

    /** A value of type t with every scalar zero (false) and every array filled with zeros:
     * the payload of the constructors a sum value does not hold.  An unknown size (`#some
     * ([]i32)`) is 0: no reader sees the payload, and `==` finds such zeros equal. */
    LValPtr default_value(const TypePtr &t, const ScopePtr &scope, const SrcLoc &loc) {
        switch (t->kind) {
        case Type::Kind::Prim:
            return constant(interp::convert_prim(t->prim, PrimValue::integer(PrimType::I64, 0)));
        case Type::Kind::Array: {
            std::vector<LValPtr> out;
            LValPtr row = default_value(t->elem, scope, loc);
            for (LValPtr x : leaves(row, loc)) {
                for (size_t i = t->shape.size(); i-- > 0;) {
                    SubExp n = t->shape[i].kind == Dim::Kind::Any ? SubExp::i64(0)
                                                                  : dim_of(t->shape[i], scope, loc);
                    x = emit1(ir::ReplicateExp::make(n, x->atom), x->type.array_of(n), "rep");
                }
                out.push_back(x);
            }
            size_t pos = 0;
            return restructure(row, out, pos);
        }
        case Type::Kind::Tuple:
        case Type::Kind::Record: {
            std::vector<LValPtr> xs;
            if (t->kind == Type::Kind::Tuple)
                for (const TypePtr &e : t->elems)
                    xs.push_back(default_value(e, scope, loc));
            else
                for (const auto &f : t->fields)
                    xs.push_back(default_value(f.second, scope, loc));
            return LVal::tuple(std::move(xs));
        }
        case Type::Kind::Sum: {
            std::vector<LValPtr> xs{LVal::of(tag_value(*t, 0), ir::Type::scalar(tag_type(*t)))};
            for (const auto &f : t->fields)
                xs.push_back(default_value(f.second, scope, loc));
            return LVal::tuple(std::move(xs));
        }
        default:
            if (TypePtr b = bound_type(t, scope))
                return default_value(b, scope, loc);
            throw CompilerLimitation(loc, unknown_type(t));
        }
    }

    /** A value of type t where no run reaches (after a failing check): a function's
     * applications give such values of its result type, anything else is a default. */
    LValPtr unreached_value(const TypePtr &t, const ScopePtr &scope, const SrcLoc &loc) {
        if (t->kind != Type::Kind::Func)
            return default_value(t, scope, loc);
        TypePtr r = t->result;
        return closure(1, [this, r, scope](const std::vector<LValPtr> &, const SrcLoc &l) {
            return unreached_value(r, scope, l);
        });
    }

    /** A type variable's type in scope (Note [Type arguments]), or null. */
    static TypePtr bound_type(const TypePtr &t, const ScopePtr &scope) {
        return t->kind == Type::Kind::TypeVar ? lookup_type(scope, "'" + t->var) : nullptr;
    }

    /** `#name args` of sum type t: the tag, this constructor's payload, zeros elsewhere. */
    LValPtr construct(const Type &t, const std::string &name, std::vector<LValPtr> args,
                      const ScopePtr &scope, const SrcLoc &loc) {
        size_t k = ctor_index(t, name, loc);
        std::vector<LValPtr> xs{LVal::of(tag_value(t, k), ir::Type::scalar(tag_type(t)))};
        for (size_t i = 0; i < t.fields.size(); i++)
            xs.push_back(i == k ? LVal::tuple(std::move(args))
                                : default_value(t.fields[i].second, scope, loc));
        return LVal::tuple(std::move(xs));
    }

    /** The flat parameters of `fn` for a source value of type t: a scalar or an array of
     * scalars is one; a tuple or record one per component; an array of tuples is a tuple
     * of arrays, as Lower keeps it (each component's array has the outer dims first). */
    LValPtr entry_param(const TypePtr &t, ir::Function &fn, std::map<std::string, SubExp> &sizes,
                        const SrcLoc &loc, const std::string &base = "p",
                        const std::vector<SubExp> &outer = {}) {
        switch (t->kind) {
        case Type::Kind::Prim: {
            ir::Type ty = ir::Type::scalar(t->prim);
            ty.dims = outer;
            ir::Var v = fresh(base);
            fn.params.push_back({v, ty});
            return LVal::of(SubExp::of(v), ty);
        }
        case Type::Kind::Array: {
            std::vector<SubExp> dims = outer;
            for (const Dim &d : t->shape) {
                if (d.kind == Dim::Kind::Const) {
                    dims.push_back(SubExp::i64(d.value));
                    continue;
                }
                if (d.kind == Dim::Kind::Var && sizes.count(d.name)) {
                    dims.push_back(sizes[d.name]);
                    continue;
                }
                ir::Var s = fresh(d.kind == Dim::Kind::Var ? d.name : "d");
                fn.size_params.push_back({s, ir::Type::scalar(PrimType::I64)});
                param_dims_.insert(s.id);
                if (d.kind == Dim::Kind::Var)
                    sizes[d.name] = SubExp::of(s);
                dims.push_back(SubExp::of(s));
            }
            if (!crosses_entry(t->elem))
                break;
            return entry_param(t->elem, fn, sizes, loc, base, dims);
        }
        case Type::Kind::Tuple: {
            std::vector<LValPtr> xs;
            for (const TypePtr &e : t->elems)
                xs.push_back(entry_param(e, fn, sizes, loc, base, outer));
            return LVal::tuple(std::move(xs));
        }
        case Type::Kind::Record: {
            std::vector<LValPtr> xs;
            for (const auto &f : t->fields)
                xs.push_back(entry_param(f.second, fn, sizes, loc, base, outer));
            return LVal::tuple(std::move(xs));
        }
        case Type::Kind::Sum: { // Note [Sum types]: the tag, then every constructor's payload
            if (!crosses_entry(t))
                break;
            ir::Type ty = ir::Type::scalar(tag_type(*t));
            ty.dims = outer;
            ir::Var v = fresh(base + "_tag");
            fn.params.push_back({v, ty});
            std::vector<LValPtr> xs{LVal::of(SubExp::of(v), ty)};
            for (const auto &f : t->fields)
                xs.push_back(f.second ? entry_param(f.second, fn, sizes, loc, base, outer)
                                      : LVal::tuple({}));
            return LVal::tuple(std::move(xs));
        }
        default:
            break;
        }
        throw CompilerLimitation(loc, "entry parameters of type " + type_to_string(t) +
                                          " are not supported yet");
    }

    void check_entry_result(const TypePtr &t, const SrcLoc &loc) {
        if (t && !crosses_entry(t, true))
            throw CompilerLimitation(loc, "entry results of type " + type_to_string(t) +
                                              " are not supported yet");
    }

    // Note [Results of no data]: an entry's result that is an array of values that hold
    // no data (`[n]()`, `[n]((), {})`, a component `[m]()` of an array of tuples) has no
    // leaf to carry its sizes, so they are results of their own, i64 scalars in its place
    // among the leaves: the array's sizes (those of the arrays of tuples around it left
    // out: their other components carry them), then those of the arrays of no data in its
    // elements (the same in every element).  ir/EntryValues's regroup reads them back.

    /** The flat results of an entry giving v, of source type t (Note [Results of no
     * data]); `outer`: the sizes of the arrays of tuples around it. */
    void entry_results(const LValPtr &v, const TypePtr &t, size_t outer, std::vector<LValPtr> &out,
                       const SrcLoc &loc) {
        if (t && holds_no_data(t)) {
            const size_t own = t->kind == Type::Kind::Array ? t->shape.size() : 0;
            if (v->kind != LVal::Kind::Tuple || v->unit_dims.size() != outer + own)
                throw CompilerLimitation(loc, "the sizes of a result of type " + type_to_string(t) +
                                                  " (values that hold no data): the compiler kept none here");
            for (size_t d = outer; d < v->unit_dims.size(); d++)
                out.push_back(LVal::of(v->unit_dims[d], ir::Type::scalar(PrimType::I64)));
            const TypePtr e = t->kind == Type::Kind::Array ? t->elem : t;
            for (size_t k = 0; k < v->elems.size(); k++)
                entry_results(v->elems[k], e->kind == Type::Kind::Tuple ? e->elems.at(k) : e->fields.at(k).second,
                              0, out, loc);
            return;
        }
        if (t && t->kind == Type::Kind::Array)
            return entry_results(v, t->elem, outer + t->shape.size(), out, loc);
        if (t && (t->kind == Type::Kind::Tuple || t->kind == Type::Kind::Record) && v->kind == LVal::Kind::Tuple &&
            v->elems.size() == (t->kind == Type::Kind::Tuple ? t->elems.size() : t->fields.size())) {
            for (size_t k = 0; k < v->elems.size(); k++)
                entry_results(v->elems[k], t->kind == Type::Kind::Tuple ? t->elems[k] : t->fields[k].second,
                              outer, out, loc);
            return;
        }
        for (LValPtr &x : leaves(v, loc)) // scalars, and sums (no arrays of no data in them)
            out.push_back(std::move(x));
    }

    // ------------------------------------------------------------ patterns

    /** Note [Local size names]: a function's parameters bind every size name of their
     * types (its size parameters, `d₀`, ...); a local pattern (`let`, a `match` case, a
     * loop's, a lambda's) only the names its scope does not bind yet (the sizes it
     * declares, `let [n]`, are bound before it: declared_sizes): the others name
     * variables in scope, which the checker, comparing names, may have confused with a
     * shadowed one (`let n = 2 in ... case #some (ys: [n]t)` on an outer n's array
     * rebound n to the array's size). */
    ScopePtr bind_pat(ScopePtr scope, const Pat &p, const LValPtr &v, bool local = false) {
        auto sizes = [&](const ScopePtr &s) {
            if (!local || (p.type && p.type->kind == Type::Kind::Func))
                return bind_sizes(s, p.type, v);
            return bind_sizes(s, p.type, v, [&](const std::string &n) { return !lookup(scope, n); });
        };
        switch (p.kind) {
        case Pat::Kind::Id:
            scope = sizes(scope);
            return bind_name(scope, p.name, v, p.type);
        case Pat::Kind::Wildcard:
            return sizes(scope);
        case Pat::Kind::Ascript:
            return bind_pat(scope, *p.inner, v, local);
        case Pat::Kind::Tuple:
            if (p.elems.empty())
                return scope;
            if (p.elems.size() == 1) // parenthesised
                return bind_pat(scope, *p.elems[0], v, local);
            if (v->kind != LVal::Kind::Tuple || v->elems.size() != p.elems.size())
                throw InternalError("lowering: tuple pattern against a non-tuple");
            for (size_t i = 0; i < p.elems.size(); i++)
                scope = bind_pat(scope, *p.elems[i], v->elems[i], local);
            return scope;
        case Pat::Kind::Record: {
            if (v->kind != LVal::Kind::Tuple || !p.type || p.type->kind != Type::Kind::Record)
                throw CompilerLimitation(p.loc, "record pattern");
            for (const auto &[name, sub] : p.fields) {
                size_t i = 0;
                while (i < p.type->fields.size() && p.type->fields[i].first != name)
                    i++;
                if (i >= v->elems.size())
                    throw InternalError("lowering: record field missing");
                if (sub)
                    scope = bind_pat(scope, *sub, v->elems[i], local);
                else
                    scope = bind_name(scope, name, v->elems[i]);
            }
            return scope;
        }
        case Pat::Kind::Literal:
            return scope;
        case Pat::Kind::Ctor: {
            const Type &t = sum_of(p.type, p.loc);
            LValPtr payload = v->elems.at(1 + ctor_index(t, p.name, p.loc));
            for (size_t i = 0; i < p.elems.size() && i < payload->elems.size(); i++)
                scope = bind_pat(scope, *p.elems[i], payload->elems[i], local);
            return scope;
        }
        }
        throw CompilerLimitation(p.loc, "this pattern is not supported yet");
    }

    /** v with its arrays of no leaves (`[n]()`) of the sizes type t gives them, checked
     * (a size coercion's: `text` its type as written), as the interpreter checks them:
     * those in tuples and records, not those in the elements of an array (of tuples),
     * whose shape it does not look into. */
    LValPtr coerce_units(const LValPtr &v, const TypePtr &t, const ScopePtr &scope, const std::string &text,
                         const SrcLoc &loc) {
        if (!t || v->kind != LVal::Kind::Tuple)
            return v;
        if (!v->unit_dims.empty()) {
            if (t->kind != Type::Kind::Array)
                return v;
            auto u = std::make_shared<LVal>(*v);
            LValPtr ok = constant(PrimValue::boolean(true));
            Msg m;
            m << "Value of shape ";
            for (size_t k = 0; k < t->shape.size() && k < u->unit_dims.size(); k++) {
                SubExp &have = u->unit_dims[k];
                m << "[" << have << "]";
                if (t->shape[k].kind == Dim::Kind::Any)
                    continue;
                SubExp want = dim_of(t->shape[k], scope, loc);
                if (want == have)
                    continue;
                ok = logical_and(ok, compare(ir::BinOpKind::Eq, have, want, loc), loc);
                have = want;
            }
            if (!ok->atom.is_const)
                check(ok, m << " cannot match shape of type `" << text << "`.", loc);
            return u;
        }
        const bool tuple = t->kind == Type::Kind::Tuple, record = t->kind == Type::Kind::Record;
        if ((!tuple && !record) || v->elems.size() != (tuple ? t->elems.size() : t->fields.size()))
            return v;
        auto r = std::make_shared<LVal>(*v);
        for (size_t k = 0; k < r->elems.size(); k++)
            r->elems[k] = coerce_units(r->elems[k], tuple ? t->elems[k] : t->fields[k].second, scope, text, loc);
        return r;
    }

    /** Sizes `names` (`let [n]`'s, `loop [n]`'s) bound to what pattern p's types (its
     * parts' too: a tuple pattern's own type is the value's) give value v. */
    ScopePtr declared_sizes(ScopePtr scope, const Pat &p, const LValPtr &v, const std::vector<std::string> &names) {
        if (names.empty())
            return scope;
        scope = bind_sizes(scope, p.type, v, [&](const std::string &n) {
            return std::count(names.begin(), names.end(), n) > 0;
        });
        if (p.kind == Pat::Kind::Ascript)
            return declared_sizes(scope, *p.inner, v, names);
        if (p.kind == Pat::Kind::Tuple && p.elems.size() == 1)
            return declared_sizes(scope, *p.elems[0], v, names);
        if (p.kind == Pat::Kind::Tuple && v->kind == LVal::Kind::Tuple && v->elems.size() == p.elems.size())
            for (size_t i = 0; i < p.elems.size(); i++)
                scope = declared_sizes(scope, *p.elems[i], v->elems[i], names);
        if (p.kind == Pat::Kind::Record && v->kind == LVal::Kind::Tuple && p.type && p.type->kind == Type::Kind::Record)
            for (const auto &[name, sub] : p.fields) {
                size_t i = 0;
                while (i < p.type->fields.size() && p.type->fields[i].first != name)
                    i++;
                if (sub && i < v->elems.size())
                    scope = declared_sizes(scope, *sub, v->elems[i], names);
            }
        if (p.kind == Pat::Kind::Ctor) {
            LValPtr payload = v->elems.at(1 + ctor_index(sum_of(p.type, p.loc), p.name, p.loc));
            for (size_t i = 0; i < p.elems.size() && i < payload->elems.size(); i++)
                scope = declared_sizes(scope, *p.elems[i], payload->elems[i], names);
        }
        return scope;
    }

    /** Whether v matches p (as the interpreter's match_pat): a bool atom, or nullopt when
     * p matches every value. */
    std::optional<SubExp> pat_test(const Pat &p, const LValPtr &v, const ScopePtr &scope) {
        std::optional<SubExp> acc;
        auto conj = [&](std::optional<SubExp> c) {
            if (!c)
                return;
            acc = acc ? emit1(ir::BinOpExp::make(ir::BinOpKind::LogAnd, *acc, *c, p.loc),
                              ir::Type::scalar(PrimType::Bool), "m")
                            ->atom
                      : *c;
        };
        switch (p.kind) {
        case Pat::Kind::Id:
        case Pat::Kind::Wildcard:
            return std::nullopt;
        case Pat::Kind::Ascript:
            return pat_test(*p.inner, v, scope);
        case Pat::Kind::Literal: {
            LValPtr x = scalar_atom(v, p.loc);
            LValPtr lit = scalar_atom(lower(*p.literal, scope), p.loc);
            SubExp l = lit->atom;
            if (lit->type != x->type)
                l = emit1(ir::ConvertExp::make(x->type.elem, l), x->type, "lit")->atom;
            return emit1(ir::BinOpExp::make(ir::BinOpKind::Eq, x->atom, l, p.loc),
                         ir::Type::scalar(PrimType::Bool), "m")
                ->atom;
        }
        case Pat::Kind::Tuple:
            if (p.elems.size() == 1)
                return pat_test(*p.elems[0], v, scope);
            for (size_t i = 0; i < p.elems.size(); i++)
                conj(pat_test(*p.elems[i], v->elems.at(i), scope));
            return acc;
        case Pat::Kind::Record:
            for (const auto &[name, sub] : p.fields)
                if (sub)
                    conj(pat_test(*sub, v->elems.at(field_index(p.type, name, p.loc)), scope));
            return acc;
        case Pat::Kind::Ctor: {
            const Type &t = sum_of(p.type, p.loc);
            size_t k = ctor_index(t, p.name, p.loc);
            conj(emit1(ir::BinOpExp::make(ir::BinOpKind::Eq, v->elems.at(0)->atom,
                                          tag_value(t, k), p.loc),
                       ir::Type::scalar(PrimType::Bool), "m")
                     ->atom);
            const LValPtr &payload = v->elems.at(1 + k);
            for (size_t i = 0; i < p.elems.size() && i < payload->elems.size(); i++)
                conj(pat_test(*p.elems[i], payload->elems[i], scope));
            return acc;
        }
        }
        return acc;
    }

    /** `match v case p_k -> b_k ...` from case k on: a chain of If on the cases' tests;
     * the last case asserts its test (the interpreter fails when no case matches). */
    LValPtr lower_cases(const Match &m, const LValPtr &v, const ScopePtr &scope, size_t k) {
        const MatchCase &c = m.cases[k];
        std::optional<SubExp> test = pat_test(*c.pat, v, scope);
        auto body = [&] {
            check_pat_sizes(*c.pat, v, scope, c.pat->loc); // Note [Written sizes]
            return lower(*c.body, bind_pat(scope, *c.pat, v, true));
        };
        if (!test)
            return body();
        if (k + 1 == m.cases.size()) {
            emit(ir::AssertExp::make(*test, "no case matches the value", m.loc),
                 {ir::Type::scalar(PrimType::Bool)}, "ok");
            return body();
        }
        return lower_if(*test, body, [&] { return lower_cases(m, v, scope, k + 1); }, m.loc);
    }

    /** Binds the size names of an (inlined function's) parameter type to the actual dims,
     * so `def length [n] 't (_: [n]t) = n` sees n; with `only`, just those names. */
    ScopePtr bind_sizes(ScopePtr scope, const TypePtr &t, const LValPtr &v,
                        const std::function<bool(const std::string &)> &only = {}) {
        if (!t || !v)
            return scope;
        if (t->kind == Type::Kind::Array) {
            const std::vector<SubExp> *dims = array_dims(v);
            if (!dims)
                return scope;
            for (size_t i = 0; i < t->shape.size() && i < dims->size(); i++) {
                const Dim &d = t->shape[i];
                if (d.kind == Dim::Kind::Exp && v->src_type && !only && i < v->src_type->shape.size())
                    scope = bind_exp_sizes(scope, d, v->src_type->shape[i], v->src_scope);
                if (d.kind != Dim::Kind::Var || (only && !only(d.name)))
                    continue;
                scope = bind_name(scope, d.name, LVal::of((*dims)[i], ir::Type::scalar(PrimType::I64)));
            }
            return scope;
        }
        if (t->kind == Type::Kind::Func && v->kind == LVal::Kind::Func && v->fn->type && !only)
            return bind_fun_sizes(scope, t, v->fn->type, v->fn->type_scope);
        if ((t->kind == Type::Kind::Tuple || t->kind == Type::Kind::Record) &&
            v->kind == LVal::Kind::Tuple) {
            size_t n = t->kind == Type::Kind::Tuple ? t->elems.size() : t->fields.size();
            for (size_t i = 0; i < n && i < v->elems.size(); i++)
                scope = bind_sizes(scope,
                                   t->kind == Type::Kind::Tuple ? t->elems[i] : t->fields[i].second,
                                   v->elems[i], only);
        }
        return scope;
    }

    /** The names of size expression d (`n + m`) bound to the operands of the argument's
     * `a` of the same form, resolved in `at_scope`, as the checker paired them up. */
    ScopePtr bind_exp_sizes(ScopePtr scope, const Dim &d, const Dim &a, const ScopePtr &at_scope) {
        // (An argument's constant keeps the form it was folded from: `2 + 3`.)
        if (d.kind == Dim::Kind::Exp && a.has_operands() && d.name == a.name &&
            d.args->size() == a.args->size()) {
            for (size_t k = 0; k < d.args->size(); k++)
                scope = bind_exp_sizes(scope, (*d.args)[k], (*a.args)[k], at_scope);
            return scope;
        }
        if (d.kind == Dim::Kind::Var)
            if (std::optional<SubExp> k = known_dim(a, at_scope))
                scope = bind_name(scope, d.name, LVal::of(*k, ir::Type::scalar(PrimType::I64)));
        return scope;
    }

    /** Binds the size names of parameter type t to the sizes at the same places of the
     * argument's checked type `at` (resolved in `at_scope`), inside function types too. */
    ScopePtr bind_fun_sizes(ScopePtr scope, const TypePtr &t, const TypePtr &at,
                            const ScopePtr &at_scope) {
        if (!t || !at || t->kind != at->kind)
            return scope;
        switch (t->kind) {
        case Type::Kind::Array:
            for (size_t i = 0; i < t->shape.size() && i < at->shape.size(); i++)
                if (t->shape[i].kind == Dim::Kind::Var)
                    if (std::optional<SubExp> d = known_dim(at->shape[i], at_scope))
                        scope = bind_name(scope, t->shape[i].name,
                                          LVal::of(*d, ir::Type::scalar(PrimType::I64)));
            return bind_fun_sizes(scope, t->elem, at->elem, at_scope);
        case Type::Kind::Func:
            scope = bind_fun_sizes(scope, t->param, at->param, at_scope);
            return bind_fun_sizes(scope, t->result, at->result, at_scope);
        case Type::Kind::Tuple:
            for (size_t i = 0; i < t->elems.size() && i < at->elems.size(); i++)
                scope = bind_fun_sizes(scope, t->elems[i], at->elems[i], at_scope);
            return scope;
        case Type::Kind::Record:
            for (size_t i = 0; i < t->fields.size() && i < at->fields.size(); i++)
                scope = bind_fun_sizes(scope, t->fields[i].second, at->fields[i].second, at_scope);
            return scope;
        default:
            return scope;
        }
    }

    /** An argument's value, with its checked type kept on the functions in it (see FnVal). */
    LValPtr lower_arg(const Exp &x, const ScopePtr &scope) {
        return with_type(lower(x, scope), x.type, scope);
    }
    LValPtr with_type(const LValPtr &v, const TypePtr &t, const ScopePtr &scope) {
        if (!t)
            return v;
        if (v->kind == LVal::Kind::Func && t->kind == Type::Kind::Func) {
            auto f = std::make_shared<FnVal>(*v->fn);
            f->type = t;
            f->type_scope = scope;
            f->same_as = v->fn->same_as ? v->fn->same_as : v->fn;
            return LVal::func(f);
        }
        if (v->kind != LVal::Kind::Func && t->kind == Type::Kind::Array && // an array of tuples too
            std::any_of(t->shape.begin(), t->shape.end(), [](const Dim &d) { return d.has_operands(); })) {
            auto a = std::make_shared<LVal>(*v);
            a->src_type = t;
            a->src_scope = scope;
            return a;
        }
        if (v->kind == LVal::Kind::Tuple && t->kind == Type::Kind::Tuple &&
            t->elems.size() == v->elems.size()) {
            std::vector<LValPtr> xs;
            for (size_t i = 0; i < t->elems.size(); i++)
                xs.push_back(with_type(v->elems[i], t->elems[i], scope));
            return LVal::tuple(std::move(xs));
        }
        return v;
    }

    // ------------------------------------------------------------ functions

    LValPtr apply(LValPtr f, const std::vector<LValPtr> &args, const SrcLoc &loc) {
        size_t i = 0;
        while (i < args.size()) {
            if (f->kind != LVal::Kind::Func)
                throw InternalError("lowering: applying a non-function");
            auto g = std::make_shared<FnVal>(*f->fn);
            g->same_as = nullptr; // another function: more arguments applied
            while (i < args.size() && (int)g->args.size() < g->arity)
                g->args.push_back(args[i++]);
            if ((int)g->args.size() < g->arity)
                return LVal::func(g);
            Nesting nest(*this, loc);
            f = g->call(g->args, loc);
        }
        return f;
    }

    LValPtr closure(int arity,
                    std::function<LValPtr(const std::vector<LValPtr> &, const SrcLoc &)> call) {
        auto f = std::make_shared<FnVal>();
        f->arity = arity;
        f->call = std::move(call);
        return LVal::func(f);
    }

    /** A foreign function as a value: its calls are ForeignExps. */
    LValPtr foreign_value(const std::shared_ptr<const ForeignFn> &ff) {
        if (std::find(foreign_.begin(), foreign_.end(), ff) == foreign_.end()) {
            runtime::foreign_thunk(*ff); // its C compiles: every backend's errors, at the declaration
            foreign_.push_back(ff);
        }
        return closure((int)ff->params.size(), [this, ff](const std::vector<LValPtr> &args, const SrcLoc &l) {
            std::vector<SubExp> sizes(ff->size_names.size()), xs;
            std::vector<bool> known(sizes.size(), false);
            for (size_t i = 0; i < args.size(); i++) {
                const ForeignArg &p = ff->params[i];
                if (!p.array()) {
                    xs.push_back(scalar_atom(args[i], l)->atom);
                    continue;
                }
                if (args[i]->kind != LVal::Kind::Atom || args[i]->type.rank() != (int)p.dims.size())
                    throw InternalError("lower: an array argument of foreign function " + ff->name);
                xs.push_back(args[i]->atom);
                for (size_t d = 0; d < p.dims.size(); d++) {
                    const size_t k = (size_t)p.dims[d];
                    const SubExp &n = args[i]->type.dims[d];
                    if (!known[k]) {
                        sizes[k] = n, known[k] = true;
                    } else if (!(sizes[k] == n)) { // the interpreter's check (runtime/cpu/Foreign.cpp)
                        Msg m;
                        m << "foreign function `" << ff->name << "`: size `" << ff->size_names[k] << "` is "
                          << sizes[k] << " and " << n << " in its arguments";
                        check(emit1(ir::BinOpExp::make(ir::BinOpKind::Eq, sizes[k], n, l),
                                    ir::Type::scalar(PrimType::Bool), "same"),
                              m, l);
                    }
                }
            }
            auto e = ir::ForeignExp::make(ff, std::move(sizes), std::move(xs), l);
            std::vector<ir::Type> types = static_cast<const ir::ForeignExp &>(*e).result_types();
            std::vector<SubExp> outs = emit(std::move(e), types, "call");
            std::vector<LValPtr> rs;
            for (size_t j = 0; j < outs.size(); j++)
                rs.push_back(LVal::of(outs[j], types[j]));
            return rs.size() == 1 ? rs[0] : LVal::tuple(std::move(rs));
        });
    }

    /** A function definition as a value; `scope` is what its body sees. */
    LValPtr fundef_value(const FunDefPtr &fd, const ScopePtr &scope, const SrcLoc &use_loc,
                         const std::vector<TypePtr> *targs = nullptr, std::vector<Binding> sizes = {}) {
        if (fd->is_intrinsic)
            return intrinsic(fd->name, use_loc);
        if (fd->foreign)
            return foreign_value(fd->foreign);
        // Note [Type arguments]: the explicit type parameters come first, in order; targs
        // are concrete (the caller's own type variables replaced).
        // A caller's own type variable of the same name (its implicit `t`, which no
        // scope binds) is no binding: "'t" to t would resolve to itself for ever.
        // The inferred ones (`def f xs = ...`) follow them.
        std::vector<Binding> types = std::move(sizes); // the sizes they name, then the types
        size_t k = 0;
        auto bind_type = [&](const std::string &name) {
            if (!targs || k >= targs->size()) return;
            const TypePtr &a = (*targs)[k++];
            if (!(a && a->kind == Type::Kind::TypeVar && a->var == name))
                types.push_back({"'" + name, nullptr, a, {}});
        };
        for (const TypeParam &tp : fd->type_params)
            if (tp.kind != TypeParam::Kind::Size) bind_type(tp.name);
        for (const std::string &name : fd->inferred_type_params) bind_type(name);
        auto at = def_pos_.find(fd.get());
        const int pos = at != def_pos_.end() ? at->second : cur_def_;
        const bool top = at != def_pos_.end();
        if (fd->params.empty()) {
            if (top && constants_ && !in_recursive_ && constants_->pass(*fd))
                return constant_param(fd, use_loc);
            Nesting nest(*this, use_loc);
            DefAt in_def(cur_def_, pos);
            // A top-level constant is evaluated when it is defined (Note [Which definition]).
            DefAt upto(horizon_, top ? std::min(horizon_, pos - 1) : horizon_);
            ScopePtr s = scope; // a polymorphic constant's type arguments (`def none 'a : opt a`)
            for (const Binding &b : types)
                s = bind_name(s, b.name, b.value, b.type);
            LValPtr v = lower(*fd->body, s);
            return fd->ret_type ? conform_result(v, *fd, s, fd->body->loc) : v;
        }
        // The inlinings under way where the name was used: fd is recursive when it is
        // among them (a call through an argument, as in `f >-> g >-> h`, is not).
        const ChainPtr seen_in = visible_;
        return closure((int)fd->params.size(),
                       [this, fd, scope, pos, top, seen_in, types](const std::vector<LValPtr> &args,
                                                                   const SrcLoc &l) {
                           if (top)
                               return inline_top(fd, args, seen_in, l, types);
                           DefAt in_def(cur_def_, pos);
                           Visible vis(visible_, seen_in);
                           ScopePtr s = scope;
                           for (const Binding &b : types)
                               s = bind_name(s, b.name, b.value, b.type);
                           s = bind_params(*fd, s, args, &l);
                           return conform_result(lower(*fd->body, s), *fd, s, l);
                       });
    }

    /** The entry's parameter for top-level constant fd (ConstantArgs), named after it and
     * made on first use.  Its sizes are the type's constants, else size params of its own. */
    LValPtr constant_param(const FunDefPtr &fd, const SrcLoc &use_loc) {
        if (auto it = constant_params_.find(fd.get()); it != constant_params_.end())
            return it->second;
        if (!fd->ret)
            throw CompilerLimitation(use_loc, "a constant without a known type");
        std::map<std::string, SubExp> sizes;
        LValPtr v = entry_param(fd->ret, *entry_fn_, sizes, fd->loc, fd->name);
        entry_fn_->source_params.push_back(fd->ret);
        entry_fn_->source_param_names.push_back(fd->name);
        constants_->used.push_back(fd);
        return constant_params_[fd.get()] = v;
    }

    /** Binds fd's parameters to args; with `check_at`, first checks each argument against
     * the sizes its parameter's written type gives (Note [Written sizes]: the size
     * parameters bound by their first occurrence, as the interpreter binds them). */
    ScopePtr bind_params(const FunDef &fd, ScopePtr s, const std::vector<LValPtr> &args,
                         const SrcLoc *check_at = nullptr) {
        const bool check = check_at && !in_prelude(fd.loc);
        for (size_t i = 0; i < args.size(); i++) {
            if (check)
                check_pat_sizes(*fd.params[i], args[i], bind_size_params(fd, s, args), *check_at);
            s = bind_pat(s, *fd.params[i], args[i]);
        }
        return s;
    }

    /** fd's size parameters, each bound to its first occurrence in the arguments' sizes. */
    ScopePtr bind_size_params(const FunDef &fd, ScopePtr s, const std::vector<LValPtr> &args) {
        std::map<std::string, SubExp> first;
        std::function<void(const TypePtr &, const LValPtr &)> walk = [&](const TypePtr &t,
                                                                        const LValPtr &v) {
            if (!t || !v)
                return;
            if (t->kind == Type::Kind::Array) {
                const std::vector<SubExp> *dims = array_dims(v);
                for (size_t i = 0; dims && i < t->shape.size() && i < dims->size(); i++)
                    if (const Dim &d = t->shape[i];
                        d.kind == Dim::Kind::Var &&
                        std::count(fd.size_params.begin(), fd.size_params.end(), d.name))
                        first.emplace(d.name, (*dims)[i]);
            } else if ((t->kind == Type::Kind::Tuple || t->kind == Type::Kind::Record) &&
                       v->kind == LVal::Kind::Tuple) {
                const bool tuple = t->kind == Type::Kind::Tuple;
                for (size_t i = 0; i < (tuple ? t->elems.size() : t->fields.size()) && i < v->elems.size(); i++)
                    walk(tuple ? t->elems[i] : t->fields[i].second, v->elems[i]);
            }
        };
        for (size_t i = 0; i < args.size(); i++)
            walk(fd.params[i]->type, args[i]);
        for (const auto &[name, d] : first)
            s = bind_name(s, name, LVal::of(d, ir::Type::scalar(PrimType::I64)));
        return s;
    }

    /** Note [Written sizes] (interpreter/Eval.cpp): v against the types written in pattern
     * p (its ascriptions), the sizes resolved in `scope`; a run-time check where they may
     * differ, failing at loc with the interpreter's message. */
    void check_pat_sizes(const Pat &p, const LValPtr &v, const ScopePtr &scope, const SrcLoc &loc) {
        if (p.kind == Pat::Kind::Ascript) {
            check_sizes(v, p.type, scope, loc);
            check_pat_sizes(*p.inner, v, scope, loc);
        } else if (p.kind == Pat::Kind::Tuple && p.elems.size() == 1) {
            check_pat_sizes(*p.elems[0], v, scope, loc);
        } else if (p.kind == Pat::Kind::Tuple && v->kind == LVal::Kind::Tuple &&
                   v->elems.size() == p.elems.size()) {
            for (size_t i = 0; i < p.elems.size(); i++)
                check_pat_sizes(*p.elems[i], v->elems[i], scope, loc);
        } else if (p.kind == Pat::Kind::Ctor && !p.elems.empty()) { // as bind_pat
            LValPtr payload = v->elems.at(1 + ctor_index(sum_of(p.type, p.loc), p.name, p.loc));
            for (size_t i = 0; i < p.elems.size() && i < payload->elems.size(); i++)
                check_pat_sizes(*p.elems[i], payload->elems[i], scope, loc);
        } else if (p.kind == Pat::Kind::Record && v->kind == LVal::Kind::Tuple && p.type &&
                   p.type->kind == Type::Kind::Record) {
            for (const auto &[name, sub] : p.fields) {
                size_t i = 0;
                while (i < p.type->fields.size() && p.type->fields[i].first != name)
                    i++;
                if (sub && i < v->elems.size())
                    check_pat_sizes(*sub, v->elems[i], scope, loc);
            }
        }
    }

    static bool has_sum(const TypePtr &t) {
        if (!t)
            return false;
        switch (t->kind) {
        case Type::Kind::Sum: return true;
        case Type::Kind::Array: return has_sum(t->elem);
        case Type::Kind::Tuple: return std::any_of(t->elems.begin(), t->elems.end(), has_sum);
        case Type::Kind::Record:
            return std::any_of(t->fields.begin(), t->fields.end(), [](const auto &f) { return has_sum(f.second); });
        default: return false;
        }
    }

    /** v against the sizes written in t, resolved in scope; where `held` is not empty,
     * only when each (tag, constructor) pair is equal (a constructor's payload: checked
     * when the value holds it). */
    void check_sizes(const LValPtr &v, const TypePtr &t, const ScopePtr &scope, const SrcLoc &loc,
                     const std::vector<std::pair<SubExp, SubExp>> &held = {}) {
        if (t && t->kind == Type::Kind::Sum && v->kind == LVal::Kind::Tuple &&
            v->elems.size() == t->fields.size() + 1) {
            for (size_t k = 0; k < t->fields.size(); k++) {
                auto h = held;
                h.emplace_back(v->elems[0]->atom, tag_value(*t, k));
                check_sizes(v->elems[1 + k], t->fields[k].second, scope, loc, h);
            }
            return;
        }
        if (t && has_sum(t)) { // tuples and records holding sums, part by part
            if (t->kind == Type::Kind::Tuple && v->kind == LVal::Kind::Tuple && v->elems.size() == t->elems.size())
                for (size_t i = 0; i < t->elems.size(); i++)
                    check_sizes(v->elems[i], t->elems[i], scope, loc, held);
            if (t->kind == Type::Kind::Record && v->kind == LVal::Kind::Tuple && v->elems.size() == t->fields.size())
                for (size_t i = 0; i < t->fields.size(); i++)
                    check_sizes(v->elems[i], t->fields[i].second, scope, loc, held);
            return; // (an array of sums: its rows were checked when made)
        }
        std::vector<LValPtr> ls;
        flatten_fns(v, ls);
        std::vector<std::vector<std::optional<SubExp>>> want;
        if (!t || std::any_of(ls.begin(), ls.end(), [](const LValPtr &l) { return l->kind != LVal::Kind::Atom; }) ||
            !declared_dims(t, nullptr, scope, want) || want.size() != ls.size())
            return;
        for (size_t k = 0; k < ls.size(); k++) {
            Msg have, type;
            LValPtr ok = same_dims(ls[k]->type.dims, want[k], have, type, loc);
            if (!ok)
                continue;
            for (const auto &[tag, ctor] : held) {
                LValPtr other = emit1(ir::BinOpExp::make(ir::BinOpKind::Neq, tag, ctor, loc),
                                      ir::Type::scalar(PrimType::Bool), "other");
                ok = emit1(ir::BinOpExp::make(ir::BinOpKind::LogOr, other->atom, ok->atom, loc),
                           ir::Type::scalar(PrimType::Bool), "same");
            }
            Msg m;
            check(ok, m << "Value of shape " << have << " cannot match shape of type `" << type << "`.", loc);
        }
    }

    /** One more level of inlining (bounded: a runaway means a bug in the detection of
     * recursion below). */
    struct Nesting {
        Lowerer &l;
        Nesting(Lowerer &lw, const SrcLoc &loc) : l(lw) {
            if (++l.depth_ > 400)
                throw CompilerLimitation(loc, "definitions nested too deeply to inline");
        }
        ~Nesting() { l.depth_--; }
        Nesting(const Nesting &) = delete;
        Nesting &operator=(const Nesting &) = delete;
    };

    // ------------------------------------------------------------ recursion
    // See Note [Recursive functions].

    /** Thrown when a top-level definition is applied while it is being inlined. */
    struct Recursive {
        const FunDef *fd;
    };
    std::vector<const FunDef *> inlining_;     ///< top-level definitions being inlined
    /** A chain of inlinings, innermost first. */
    struct Chain {
        const FunDef *fd;
        std::shared_ptr<const Chain> up;
    };
    using ChainPtr = std::shared_ptr<const Chain>;
    /** The inlinings the code being lowered sits in: a definition's body sits in its own
     * inlining and in those the definition was named in; a lambda's (or local
     * function's) body where it was written, not in the inlinings that apply it.  So
     * neither `tabulate n (\i -> tabulate m ...)` nor `tabulate n (\i -> g i)` with g
     * calling tabulate is a recursion of tabulate. */
    ChainPtr visible_;
    static bool in_chain(const ChainPtr &c, const FunDef *fd) {
        for (const Chain *p = c.get(); p; p = p->up.get())
            if (p->fd == fd)
                return true;
        return false;
    }
    /** Sets visible_ for a scope. */
    struct Visible {
        ChainPtr &v, saved;
        Visible(ChainPtr &var, ChainPtr now) : v(var), saved(var) { v = std::move(now); }
        ~Visible() { v = saved; }
        Visible(const Visible &) = delete;
        Visible &operator=(const Visible &) = delete;
    };
    std::set<const FunDef *> recursive_;       ///< found recursive: called, not inlined
    struct RecFn {
        std::string name;
        std::vector<ir::Type> ret; ///< the i64 result sizes first
        std::vector<ir::Param> ret_sizes;
        LValPtr shape;             ///< the structure of the result
        /** The function arguments it is specialised for, kept so that no other function
         * value takes one's address (the key) while it is in rec_fns_. */
        std::vector<std::shared_ptr<const FnVal>> fns;
    };
    std::map<std::string, RecFn> rec_fns_;     ///< by definition and argument types
    std::map<const FunDef *, int> specialising_; ///< make_recursive calls under way, by function
    std::vector<ir::Function> rec_functions_;  ///< finished, in order

    /** Applies top-level definition fd: inlined, unless it turns out to be recursive. */
    LValPtr inline_top(const FunDefPtr &fd, const std::vector<LValPtr> &args, const ChainPtr &seen_in,
                       const SrcLoc &l,
                       const std::vector<Binding> &types = {}) {
        if (recursive_.count(fd.get()))
            return call_recursive(fd, args, l);
        if (in_chain(seen_in, fd.get()) &&
            std::find(inlining_.begin(), inlining_.end(), fd.get()) != inlining_.end())
            throw Recursive{fd.get()};
        DefAt in_def(cur_def_, def_pos_.at(fd.get()));
        const size_t level = stms_.size(), mark = stms_.back().size();
        inlining_.push_back(fd.get());
        Visible vis(visible_, std::make_shared<const Chain>(Chain{fd.get(), seen_in}));
        try {
            ScopePtr s;
            for (const Binding &b : types)
                s = bind_name(s, b.name, b.value, b.type);
            s = bind_params(*fd, s, args, &l);
            LValPtr r = conform_result(lower(*fd->body, s), *fd, s, l);
            if (in_prelude(fd->loc) && !in_prelude(l))
                report_at_call(stms_.back(), mark, l, fd->name);
            inlining_.pop_back();
            return r;
        } catch (const Recursive &x) {
            inlining_.pop_back();
            if (x.fd != fd.get() || stms_.size() != level)
                throw;
            // Drop what the attempt emitted, and call a function instead.
            stms_.back().erase(stms_.back().begin() + (long)mark, stms_.back().end());
            recursive_.insert(fd.get());
            return call_recursive(fd, args, l);
        } catch (const CompilerLimitation &x) {
            inlining_.pop_back();
            // One inside a prelude function is reported at the user's call of it.
            if (in_prelude(x.loc()) && in_prelude(fd->loc) && !in_prelude(l))
                throw CompilerLimitation(l, x.message() + " (in the prelude's `" + fd->name + "`)");
            throw;
        } catch (...) {
            inlining_.pop_back();
            throw;
        }
    }

    /** What a prelude function's inlined body emitted (stms from `mark` on) fails at the
     * user's call of it (called_at), as the interpreter reports it: the caret under code
     * the user can change, the prelude's place in a note. */
    static void report_at_call(std::vector<ir::Stm> &stms, size_t mark, const SrcLoc &call,
                               const std::string &fn) {
        auto relocate = [&](const ir::Stm &st) {
            // Made while inlining (Lower keeps no shared nodes), so not yet shared.
            auto &e = const_cast<ir::Exp &>(*st.exp);
            e.loc = called_at(e.loc, call, fn);
        };
        for (size_t i = mark; i < stms.size(); i++) {
            relocate(stms[i]);
            for (const ir::Body *b : passes::nested_bodies(*stms[i].exp))
                passes::for_each_stm(*b, relocate);
        }
    }

    static constexpr const char *no_data_message =
        "an array of values that hold no data (`[n]()`, a size witness): the compiler keeps no size for it";

    /** The structure of a value of source type t (as `leaves` orders it), with the IR type
     * of each leaf; every array size a fresh var added to `sizes`. */
    LValPtr type_shape(const TypePtr &t, std::vector<ir::Param> &sizes, const SrcLoc &loc) {
        switch (t->kind) {
        case Type::Kind::Prim:
            return LVal::of(SubExp(), ir::Type::scalar(t->prim));
        case Type::Kind::Array: {
            if (holds_no_data(t->elem))
                throw CompilerLimitation(loc, no_data_message);
            LValPtr row = type_shape(t->elem, sizes, loc);
            std::vector<LValPtr> out;
            for (const LValPtr &x : leaves(row, loc)) {
                ir::Type ty = x->type;
                for (size_t i = t->shape.size(); i-- > 0;) {
                    sizes.push_back({fresh("n"), ir::Type::scalar(PrimType::I64)});
                    ty = ty.array_of(SubExp::of(sizes.back().var));
                }
                out.push_back(LVal::of(SubExp(), ty));
            }
            size_t pos = 0;
            return restructure(row, out, pos);
        }
        case Type::Kind::Tuple: {
            std::vector<LValPtr> xs;
            for (const TypePtr &e : t->elems)
                xs.push_back(type_shape(e, sizes, loc));
            return LVal::tuple(std::move(xs));
        }
        case Type::Kind::Record: {
            std::vector<LValPtr> xs;
            for (const auto &f : t->fields)
                xs.push_back(type_shape(f.second, sizes, loc));
            return LVal::tuple(std::move(xs));
        }
        case Type::Kind::Sum: {
            std::vector<LValPtr> xs{LVal::of(SubExp(), ir::Type::scalar(tag_type(*t)))};
            for (const auto &f : t->fields)
                xs.push_back(type_shape(f.second, sizes, loc));
            return LVal::tuple(std::move(xs));
        }
        default:
            throw CompilerLimitation(loc, "recursive functions whose result has type " +
                                              type_to_string(t) + " are not supported yet");
        }
    }

    /** A call of the IR function for recursive definition fd at the arguments' types
     * (made on first use).  Its params are the arguments' leaves, each array size its own
     * size param; its results are existential in every array size; the caller gets the
     * declared sizes back by conform_result. */
    LValPtr call_recursive(const FunDefPtr &fd, const std::vector<LValPtr> &args,
                           const SrcLoc &loc) {
        ScopePtr ps; // the arguments checked before the call
        {
            DefAt in_def(cur_def_, def_pos_.at(fd.get()));
            ps = bind_params(*fd, nullptr, args, &loc);
        }
        std::vector<LValPtr> flat;
        std::string key = std::to_string(def_pos_.at(fd.get()));
        for (const LValPtr &a : args) {
            std::vector<LValPtr> ls;
            flatten_fns(a, ls);
            for (const LValPtr &x : ls) {
                if (x->kind == LVal::Kind::Func) { // specialised for it
                    key += " fn@" + std::to_string(reinterpret_cast<uintptr_t>(x->fn->identity()));
                    continue;
                }
                key += " " + std::string(prim_name(x->type.elem)) + "/" +
                       std::to_string(x->type.rank()); // sizes are params
                flat.push_back(x);
            }
            key += ";";
        }
        auto it = rec_fns_.find(key);
        if (it == rec_fns_.end())
            it = make_recursive(fd, args, key, loc);
        const RecFn &r = it->second;
        std::vector<SubExp> call_args;
        for (const LValPtr &x : flat)
            call_args.insert(call_args.end(), x->type.dims.begin(), x->type.dims.end());
        for (const LValPtr &x : flat)
            call_args.push_back(x->atom);
        std::vector<ir::Param> pat;
        std::vector<SubExp> outs;
        for (size_t k = 0; k < r.ret_sizes.size(); k++) {
            pat.push_back({fresh("n"), ir::Type::scalar(PrimType::I64)});
            outs.push_back(SubExp::of(pat.back().var));
        }
        for (size_t k = r.ret_sizes.size(); k < r.ret.size(); k++)
            pat.push_back({fresh("r"), ir::substitute_sizes(r.ret[k], r.ret_sizes, outs)});
        std::vector<ir::Type> ret;
        for (const ir::Param &p : pat)
            ret.push_back(p.type);
        std::vector<LValPtr> vals = emit_pat(ir::ApplyExp::make(r.name, call_args, ret, loc),
                                             pat, r.ret_sizes.size());
        size_t pos = 0;
        LValPtr res = restructure(r.shape, vals, pos);
        DefAt in_def(cur_def_, def_pos_.at(fd.get()));
        return conform_result(res, *fd, ps, loc);
    }

    /** The leaves of v, functions included (leaves() rejects them). */
    static void flatten_fns(const LValPtr &v, std::vector<LValPtr> &out) {
        if (v->kind == LVal::Kind::Tuple)
            for (const LValPtr &e : v->elems)
                flatten_fns(e, out);
        else
            out.push_back(v);
    }

    std::map<std::string, RecFn>::iterator make_recursive(const FunDefPtr &fd,
                                                          const std::vector<LValPtr> &args,
                                                          const std::string &key,
                                                          const SrcLoc &loc) {
        if (!fd->ret)
            throw CompilerLimitation(loc, "a recursive function without a known result type");
        RecFn r;
        std::string base;
        for (char c : fd->name)
            base += std::isalnum((unsigned char)c) ? c : '_';
        r.name = base + "_" + std::to_string(rec_fns_.size());
        r.shape = type_shape(fd->ret, r.ret_sizes, loc);
        for (size_t k = 0; k < r.ret_sizes.size(); k++)
            r.ret.push_back(ir::Type::scalar(PrimType::I64));
        for (const LValPtr &x : leaves(r.shape, loc))
            r.ret.push_back(x->type);
        // Specialisations of fd made while one of it is made: a function passed on that
        // calls fd again with another.  The checker's rule (parameters passed on
        // unchanged) bounds them; this bounds them whatever the checker lets through.
        const int depth = specialising_[fd.get()];
        if (depth >= 4)
            throw CompilerLimitation(loc, "a recursive function specialised for functions that "
                                          "call it, nested more than 4 deep");
        DefAt in_spec(specialising_[fd.get()], depth + 1);
        ir::Function fn;
        fn.name = r.name;
        fn.ret = r.ret;
        fn.ret_sizes = r.ret_sizes;
        fn.source_ret = fd->ret;
        std::vector<LValPtr> pargs;
        for (const LValPtr &a : args) {
            std::vector<LValPtr> ls, ps;
            flatten_fns(a, ls);
            for (const LValPtr &x : ls) {
                if (x->kind == LVal::Kind::Func) { // inlined where the body calls it
                    ps.push_back(x);
                    r.fns.push_back(x->fn);
                    continue;
                }
                ir::Type t = x->type;
                for (SubExp &d : t.dims) {
                    fn.size_params.push_back({fresh("n"), ir::Type::scalar(PrimType::I64)});
                    d = SubExp::of(fn.size_params.back().var);
                    param_dims_.insert(d.var.id);
                }
                fn.params.push_back({fresh("p"), t});
                ps.push_back(LVal::of(SubExp::of(fn.params.back().var), t));
            }
            size_t pos = 0;
            pargs.push_back(restructure(a, ps, pos));
        }
        auto it = rec_fns_.emplace(key, r).first;
        try {
            DefAt in_def(cur_def_, def_pos_.at(fd.get()));
            std::vector<ir::Type> bt;
            // Constants are computed inside: the entry's parameters are not in scope.
            DefAt in_rec(in_recursive_, in_recursive_ + 1);
            fn.body = in_body(
                [&] {
                    ScopePtr s = bind_params(*fd, nullptr, pargs);
                    return leaves(lower(*fd->body, s), loc);
                },
                bt);
            if (bt.size() + r.ret_sizes.size() != r.ret.size())
                throw CompilerLimitation(loc, "a recursive function's result has another shape");
            std::vector<SubExp> sizes;
            for (size_t k = 0; k < bt.size(); k++) {
                const ir::Type &want = r.ret[r.ret_sizes.size() + k];
                if (want.elem != bt[k].elem || want.rank() != bt[k].rank())
                    throw CompilerLimitation(loc,
                                             "a recursive function's result has another type");
                sizes.insert(sizes.end(), bt[k].dims.begin(), bt[k].dims.end());
            }
            fn.body.result.insert(fn.body.result.begin(), sizes.begin(), sizes.end());
        } catch (...) {
            rec_fns_.erase(it);
            throw;
        }
        rec_functions_.push_back(std::move(fn));
        return it;
    }

    /** The declared sizes of the leaves of a value of type t (written as te, which may be
     * null): per leaf, per outer dim, the size when it is known here.  False when the
     * type has parts this does not follow (functions, type variables). */
    bool declared_dims(const TypePtr &t, const TypeExp *te, const ScopePtr &scope,
                       std::vector<std::vector<std::optional<SubExp>>> &out) {
        while (te && te->kind == TypeExp::Kind::Unique)
            te = te->elem.get();
        switch (t->kind) {
        case Type::Kind::Prim:
            out.emplace_back();
            return true;
        case Type::Kind::Array: {
            std::vector<std::optional<SubExp>> dims;
            for (const Dim &d : t->shape) {
                std::optional<SubExp> s = known_dim(d, scope);
                const bool written = te && te->kind == TypeExp::Kind::Array;
                if (!s && d.kind == Dim::Kind::Any && written &&
                    te->dim.kind == DimExp::Kind::Exp && te->dim.exp && te->dim.exp->type &&
                    te->dim.exp->type->kind == Type::Kind::Prim &&
                    te->dim.exp->type->prim == PrimType::I64) {
                    try { // `[n - i]t`: the size expression, in the function's scope
                        s = scalar_atom(lower(*te->dim.exp, scope), te->loc)->atom;
                    } catch (const CompilerLimitation &) {
                    }
                }
                dims.push_back(s);
                te = written ? te->elem.get() : nullptr;
            }
            size_t first = out.size();
            if (!declared_dims(t->elem, te, scope, out))
                return false;
            for (size_t k = first; k < out.size(); k++)
                out[k].insert(out[k].begin(), dims.begin(), dims.end());
            return true;
        }
        case Type::Kind::Tuple:
            for (size_t i = 0; i < t->elems.size(); i++) {
                const TypeExp *e = te && te->kind == TypeExp::Kind::Tuple && i < te->elems.size()
                                       ? te->elems[i].get()
                                       : nullptr;
                if (!declared_dims(t->elems[i], e, scope, out))
                    return false;
            }
            return true;
        case Type::Kind::Record:
            for (const auto &f : t->fields)
                if (!declared_dims(f.second, nullptr, scope, out))
                    return false;
            return true;
        case Type::Kind::TypeVar: // unknown leaves: only `[d]t` as the whole type is followed
            out.emplace_back();
            return out.size() == 1;
        default:
            return false;
        }
    }

    /** A function's result with the sizes its declared return type gives where the body
     * computed its own (`take`'s `[i]t` for the slice's count), so that a map over partial
     * applications has a regular result.  The type checker guarantees these are equal; the
     * coercions only make the IR know it. */
    LValPtr conform_result(const LValPtr &r, const FunDef &fd, const ScopePtr &s,
                           const SrcLoc &loc) {
        if (!fd.ret || r->kind == LVal::Kind::Func)
            return r;
        std::vector<LValPtr> ls;
        flatten_fns(r, ls);
        for (const LValPtr &l : ls)
            if (l->kind != LVal::Kind::Atom)
                return r; // functions among the leaves: no sizes to conform
        if (has_sum(fd.ret)) { // Note [Written sizes]: nothing to conform, the held payloads to check
            check_sizes(r, fd.ret, s, loc);
            return r;
        }
        std::vector<std::vector<std::optional<SubExp>>> want;
        if (!declared_dims(fd.ret, fd.ret_type.get(), s, want))
            return r;
        if (want.size() == 1 && ls.size() > 1 && fd.ret->kind == Type::Kind::Array &&
            fd.ret->elem->kind == Type::Kind::TypeVar)
            want.resize(ls.size(), want[0]); // `[i]t` with t a tuple type
        if (want.size() != ls.size())
            return r;
        std::vector<LValPtr> out;
        for (size_t k = 0; k < ls.size(); k++) {
            ir::Type t = ls[k]->type;
            for (size_t d = 0; d < want[k].size() && d < t.dims.size(); d++)
                if (want[k][d])
                    t.dims[d] = *want[k][d];
            out.push_back(t == ls[k]->type || ls[k]->atom.is_const
                              ? ls[k]
                              : emit1(ir::CoerceExp::make(ls[k]->atom.var, t.dims, loc), t, "c"));
        }
        size_t pos = 0;
        return restructure(r, out, pos, true);
    }

    /** Sets the current definition position for a scope (restored at its end). */
    struct DefAt {
        int &cur;
        int saved;
        DefAt(int &c, int pos) : cur(c), saved(c) { cur = pos; }
        ~DefAt() { cur = saved; }
        DefAt(const DefAt &) = delete;
        DefAt &operator=(const DefAt &) = delete;
    };

    /** The top-level definition `name` as the code being lowered sees it (Note [Which
     * definition]): the prelude's own for prelude code, else the last one up to the
     * horizon. */
    FunDefPtr find_def(const std::string &name) const {
        auto it = defs_.find(name);
        if (it == defs_.end())
            return nullptr;
        const int upto = cur_def_ < user_start_ ? cur_def_ : horizon_;
        for (auto d = it->second.rbegin(); d != it->second.rend(); ++d)
            if (d->first <= upto)
                return d->second;
        return nullptr;
    }

    /** Type argument t with each size the caller's scope binds (`[s]f32`, s a local)
     * renamed to a name of its own, added to `sizes` with its value: the callee's body
     * sees the type, not the caller's names (Note [Type arguments]). */
    TypePtr own_sizes(const TypePtr &t, const ScopePtr &scope, std::vector<Binding> &sizes) {
        return map_dims(t, [&](const Dim &d) {
            if (d.kind != Dim::Kind::Var)
                return d;
            for (const Binding &b : sizes)
                if (b.of == d.name)
                    return Dim::var(b.name);
            LValPtr v = lookup(scope, d.name);
            if (!v || v->kind != LVal::Kind::Atom || v->type.rank() != 0)
                return d;
            sizes.push_back({d.name + "@" + std::to_string(size_names_++), v, nullptr, d.name});
            return Dim::var(sizes.back().name);
        });
    }

    LValPtr name_value(const std::string &name, const ScopePtr &scope, const SrcLoc &loc,
                       const std::vector<TypePtr> *targs = nullptr) {
        std::vector<TypePtr> types;
        std::vector<Binding> sizes;
        if (targs)
            for (const TypePtr &t : *targs)
                types.push_back(own_sizes(concrete(t, scope), scope, sizes));
        for (auto it = opens_.rbegin(); it != opens_.rend(); ++it) {
            std::string q = *it + "." + name;
            if (!lookup(scope, q) && find_def(q))
                return fundef_value(find_def(q), nullptr, loc, &types, sizes);
        }
        if (LValPtr v = lookup(scope, name)) {
            if (auto p = poly_locals_.find(v.get()); p != poly_locals_.end() && targs)
                return fundef_value(p->second.fd, p->second.scope, loc, &types, sizes);
            return v;
        }
        if (FunDefPtr d = find_def(name))
            return fundef_value(d, nullptr, loc, &types, sizes);
        if (ir::BinOpKind k = interp::binop_kind(strip_module(name)); k != ir::BinOpKind::None)
            return operator_value(strip_module(name), loc);
        // (The checker knows every name: what is missing here is a size no value the
        // compiler keeps carries, such as one of an array of units that lost its sizes.)
        throw CompilerLimitation(loc, "the value of `" + name + "` (a size no array kept here carries)");
    }

    LValPtr operator_value(const std::string &op, const SrcLoc &) {
        return closure(2, [this, op](const std::vector<LValPtr> &a, const SrcLoc &l) {
            return binop(op, a[0], a[1], l);
        });
    }

    /** A built-in or user operator on two lowered operands (both evaluated). */
    LValPtr binop(const std::string &op0, const LValPtr &x, const LValPtr &y, const SrcLoc &loc) {
        std::string op = strip_module(op0);
        ir::BinOpKind k = interp::binop_kind(op);
        if (op == "|>")
            return apply(y, {x}, loc);
        if (op == "<|")
            return apply(x, {y}, loc);
        if (k != ir::BinOpKind::None && x->kind == LVal::Kind::Atom && x->type.rank() == 0) {
            ir::Type t = x->type;
            bool cmp = k == ir::BinOpKind::Eq || k == ir::BinOpKind::Neq ||
                       k == ir::BinOpKind::Lt || k == ir::BinOpKind::Gt || k == ir::BinOpKind::Le ||
                       k == ir::BinOpKind::Ge;
            if (y->kind != LVal::Kind::Atom || y->type != t)
                throw CompilerLimitation(loc, "operator on mismatched operands");
            return emit1(ir::BinOpExp::make(k, x->atom, y->atom, loc),
                         cmp ? ir::Type::scalar(PrimType::Bool) : t, "b");
        }
        if (k == ir::BinOpKind::Eq || k == ir::BinOpKind::Neq) {
            LValPtr eq = values_equal(x, y, loc);
            if (k == ir::BinOpKind::Eq)
                return eq;
            return emit1(ir::UnOpExp::make(ir::UnOpKind::Not, eq->atom),
                         ir::Type::scalar(PrimType::Bool), "ne");
        }
        if (FunDefPtr d = find_def(op0); d && !d->is_intrinsic)
            return apply(fundef_value(d, nullptr, loc), {x, y}, loc);
        throw CompilerLimitation(loc,
                                 "operator " + op0 + " on these operands is not supported yet");
    }

    LValPtr logical_and(const LValPtr &a, const LValPtr &b, const SrcLoc &loc) {
        return emit1(ir::BinOpExp::make(ir::BinOpKind::LogAnd, a->atom, b->atom, loc),
                     ir::Type::scalar(PrimType::Bool), "and");
    }

    /** Structural equality of two values of one type, as the interpreter's `==`: every
     * leaf equal (a sum's other constructors' payloads are zeros on both sides). */
    LValPtr values_equal(const LValPtr &x, const LValPtr &y, const SrcLoc &loc) {
        std::vector<LValPtr> xs = leaves(x, loc), ys = leaves(y, loc);
        if (xs.size() != ys.size())
            throw InternalError("lowering: == on values of different shapes");
        LValPtr acc = constant(PrimValue::boolean(true));
        for (size_t i = 0; i < xs.size(); i++) {
            LValPtr eq = leaf_equal(xs[i], ys[i], loc);
            acc = i == 0 ? eq : logical_and(acc, eq, loc);
        }
        return acc;
    }

    /** Equality of two scalars, or of two arrays: equal shapes, then all elements equal
     * (a reduce of a map over the rows). */
    LValPtr leaf_equal(const LValPtr &x, LValPtr y, const SrcLoc &loc) {
        if (x->type.rank() != y->type.rank() || x->type.elem != y->type.elem)
            throw CompilerLimitation(loc, "== on values of different types");
        if (x->type.rank() == 0)
            return emit1(ir::BinOpExp::make(ir::BinOpKind::Eq, x->atom, y->atom, loc),
                         ir::Type::scalar(PrimType::Bool), "eq");
        LValPtr same = constant(PrimValue::boolean(true));
        bool first = true;
        for (int d = 0; d < x->type.rank(); d++) {
            const SubExp &a = x->type.dims[(size_t)d], &b = y->type.dims[(size_t)d];
            if (a == b)
                continue;
            LValPtr eq = emit1(ir::BinOpExp::make(ir::BinOpKind::Eq, a, b, loc),
                               ir::Type::scalar(PrimType::Bool), "eq");
            same = first ? eq : logical_and(same, eq, loc);
            first = false;
        }
        auto elems = [&] {
            LValPtr ys = y;
            if (ys->type != x->type)
                ys = emit1(ir::CoerceExp::make(y->atom.var, x->type.dims, loc), x->type, "c");
            LValPtr eq = closure(2, [this](const std::vector<LValPtr> &a, const SrcLoc &l) {
                return leaf_equal(a[0], a[1], l);
            });
            LValPtr rows = lower_map({eq, x, ys}, loc);
            return lower_reduce_like(false, operator_value("&&", loc),
                                     constant(PrimValue::boolean(true)), rows, loc);
        };
        if (first)
            return elems();
        return lower_if(same->atom, elems, [&] { return constant(PrimValue::boolean(false)); },
                        loc);
    }

    // ------------------------------------------------------------ intrinsics

    /** `\x -> !(p x)`. */
    LValPtr negated(const LValPtr &p) {
        return closure(1, [this, p](const std::vector<LValPtr> &x, const SrcLoc &l) {
            SubExp c = scalar_atom(apply(p, x, l), l)->atom;
            return emit1(ir::UnOpExp::make(ir::UnOpKind::Not, c), ir::Type::scalar(PrimType::Bool),
                         "not");
        });
    }

    LValPtr i64_op(ir::BinOpKind k, SubExp a, SubExp b, const SrcLoc &loc) {
        return emit1(ir::BinOpExp::make(k, std::move(a), std::move(b), loc),
                     ir::Type::scalar(PrimType::I64), "n");
    }

    /** `map f (iota n)`. */
    LValPtr map_iota(const SubExp &n, LValPtr f, const SrcLoc &loc) {
        LValPtr is = emit1(ir::IotaExp::make(n), ir::Type{PrimType::I64, {n}}, "iota");
        return lower_map({std::move(f), is}, loc);
    }

    // Note [Carriers]: the structural built-ins (concat, transpose, slices) work on
    // leaves, so an array of no leaves (`[n]()`, a size witness) would
    // lose its sizes.  They get a carrier in its place, an array of bools of its sizes (a
    // replicate), which they treat as any other leaf, and the result's array of no
    // leaves takes the sizes of the carrier in its place (uncarried).  Nothing reads the
    // carriers' elements, so the simplifier removes them where the built-in cannot fail:
    // the sizes stay.  A slice can fail (its bounds), so its carrier stays: a byte an
    // element.  (reverse and updates keep the sizes they have; flatten, unflatten and
    // split of an array of no leaves compute its sizes; in an array of tuples, its
    // component goes with the others through index_value and slices.)

    /** v with a carrier for each array of no leaves in it (Note [Carriers]). */
    LValPtr carried(const LValPtr &v, const SrcLoc &loc) {
        if (v->kind != LVal::Kind::Tuple)
            return v;
        if (!v->unit_dims.empty()) {
            LValPtr c = constant(PrimValue::boolean(false));
            for (size_t i = v->unit_dims.size(); i-- > 0;)
                c = emit1(passes::located(ir::ReplicateExp::make(v->unit_dims[i], c->atom), loc),
                          c->type.array_of(v->unit_dims[i]), "shape");
            return c;
        }
        auto out = std::make_shared<LVal>(*v);
        for (LValPtr &e : out->elems)
            e = carried(e, loc);
        return out;
    }

    /** f(x) of a built-in whose result has x's structure, through carriers where x has
     * arrays of no leaves (Note [Carriers]). */
    LValPtr through_carriers(const LValPtr &x, const SrcLoc &loc, const std::function<LValPtr(const LValPtr &)> &f) {
        if (!has_units(x))
            return f(x);
        return uncarried(x, f(carried(x, loc)));
    }

    /** flatten of the d outer dims: a gather `map (\i -> xs[i / .., .., i % ..]) (iota
     * (n * m ..))`. */
    LValPtr flatten_dims(const LValPtr &xs, int d, const SrcLoc &loc) {
        std::vector<LValPtr> ls = leaves(xs, loc);
        if (ls.empty() && xs->unit_dims.size() >= (size_t)d) { // `[n][m]()`: its sizes only
            auto r = std::make_shared<LVal>(*xs);
            for (int k = 1; k < d; k++)
                r->unit_dims[0] = i64_op(ir::BinOpKind::Mul, r->unit_dims[0], r->unit_dims[(size_t)k], loc)->atom;
            r->unit_dims.erase(r->unit_dims.begin() + 1, r->unit_dims.begin() + d);
            return r;
        }
        if (ls.empty() || ls[0]->type.rank() < d)
            throw CompilerLimitation(loc, "flatten of an array of too small rank");
        std::vector<SubExp> dims(ls[0]->type.dims.begin(), ls[0]->type.dims.begin() + d);
        SubExp total = dims[0];
        for (int k = 1; k < d; k++)
            total = i64_op(ir::BinOpKind::Mul, total, dims[(size_t)k], loc)->atom;
        LValPtr f = closure(1, [this, xs, dims](const std::vector<LValPtr> &a, const SrcLoc &l) {
            std::vector<SubExp> idx(dims.size());
            SubExp rest = a[0]->atom;
            for (size_t k = dims.size(); k-- > 1;) {
                idx[k] = i64_op(ir::BinOpKind::Mod, rest, dims[k], l)->atom;
                rest = i64_op(ir::BinOpKind::Div, rest, dims[k], l)->atom;
            }
            idx[0] = rest;
            return index_value(xs, idx, l);
        });
        return map_iota(total, f, loc);
    }

    /** `scatter dest is vs`: one Scatter for each leaf of dest. */
    LValPtr lower_scatter(const LValPtr &dest, const LValPtr &is, const LValPtr &vs, const SrcLoc &loc) {
        std::vector<LValPtr> d = leaves(dest, loc), v = leaves(vs, loc), i = leaves(is, loc), out;
        if (i.size() != 1)
            throw CompilerLimitation(loc, "scatter with tuple indices");
        for (size_t k = 0; k < d.size(); k++) {
            std::optional<SubExp> w;
            std::vector<LValPtr> in = soac_inputs(LVal::tuple({i[0], v[k]}), w, loc);
            out.push_back(emit1(ir::ScatterExp::make(*w, d[k]->atom.var, in[0]->atom.var, in[1]->atom.var),
                                d[k]->type, "sc"));
        }
        size_t pos = 0; // (of dest's sizes: an array of no leaves is dest, kept)
        return restructure(dest, out, pos, true);
    }

    static std::vector<ir::Var> vars_of(const std::vector<LValPtr> &xs) {
        std::vector<ir::Var> r;
        for (const LValPtr &x : xs)
            r.push_back(x->atom.var);
        return r;
    }

    /** The array leaves of a SOAC input, coerced to outer size w where they differ. */
    std::vector<LValPtr> soac_inputs(const LValPtr &xs, std::optional<SubExp> &w,
                                     const SrcLoc &loc) {
        std::vector<LValPtr> out;
        for (LValPtr a : leaves(xs, loc)) {
            if (a->type.rank() == 0)
                throw InternalError("lowering: SOAC over a scalar");
            if (a->atom.is_const)
                throw InternalError("lowering: constant array");
            if (!w)
                w = a->type.dims[0];
            if (!(a->type.dims[0] == *w)) {
                ir::Type t = a->type;
                t.dims[0] = *w;
                a = emit1(ir::CoerceExp::make(a->atom.var, t.dims, loc), t, "c");
            }
            out.push_back(a);
        }
        if (!w) // an array of no leaves (`[n]()`): its own size, where it kept it
            if (const std::vector<SubExp> *d = array_dims(xs); d && !d->empty())
                w = (*d)[0];
        return out;
    }

    /** The value of a type that holds no data (`[0][n]()`, `((), [2]())`): its arrays'
     * sizes alone, or null where one of them is not known here. */
    LValPtr unit_value(const TypePtr &t, const ScopePtr &scope) {
        if (t->kind == Type::Kind::Array) {
            LValPtr row = unit_value(t->elem, scope);
            if (!row)
                return nullptr;
            std::vector<SubExp> dims;
            for (const Dim &d : t->shape) {
                std::optional<SubExp> k = known_dim(d, scope);
                if (!k)
                    return nullptr;
                dims.push_back(*k);
            }
            for (size_t i = dims.size(); i-- > 0;)
                row = array_shape(row, dims[i]);
            return row;
        }
        std::vector<LValPtr> xs;
        for (const TypePtr &e : t->kind == Type::Kind::Tuple ? t->elems : std::vector<TypePtr>{})
            xs.push_back(unit_value(e, scope));
        for (const auto &f : t->kind == Type::Kind::Record ? t->fields : decltype(t->fields){})
            xs.push_back(unit_value(f.second, scope));
        if (std::find(xs.begin(), xs.end(), nullptr) != xs.end())
            return nullptr;
        return LVal::tuple(std::move(xs));
    }

    /** The width soac_inputs found for a SOAC's inputs (none: arrays of no leaves that
     * lost their sizes). */
    static SubExp width(const std::optional<SubExp> &w, const SrcLoc &loc) {
        if (!w)
            throw CompilerLimitation(loc, no_data_message);
        return *w;
    }

    /** Builds a lambda whose params have `param_types` and whose body applies `f` to them
     * grouped by `shapes` (one structured argument per shape, a row's: its arrays of no
     * leaves of the sizes they have in it). */
    ir::Lambda make_lambda(const LValPtr &f, const std::vector<LValPtr> &shapes,
                           const std::vector<std::vector<ir::Type>> &types, const SrcLoc &loc,
                           LValPtr *result_shape) {
        ir::Lambda lam;
        std::vector<LValPtr> args;
        for (size_t a = 0; a < shapes.size(); a++) {
            std::vector<LValPtr> ps;
            for (const ir::Type &t : types[a]) {
                ir::Var v = fresh("x");
                lam.params.push_back({v, t});
                ps.push_back(LVal::of(SubExp::of(v), t));
            }
            size_t pos = 0;
            args.push_back(restructure(shapes[a], ps, pos, true));
        }
        LValPtr res;
        lam.body = in_body(
            [&] {
                in_lambda_++;
                struct Leave {
                    int &n;
                    ~Leave() { n--; }
                } leave{in_lambda_};
                res = apply(f, args, loc);
                return leaves(res, loc);
            },
            lam.ret);
        // Sizes of the results must not depend on the lambda's own variables.
        if (!regular_result(lam)) {
            hoist_invariant(lam);
            if (!regular_result(lam))
                throw CompilerLimitation(
                    loc, "a function whose result's size is known only after each call (rows that may differ in size)");
        }
        if (result_shape)
            *result_shape = res;
        return lam;
    }

    /** Whether no result size of `lam` is bound inside it. */
    static bool regular_result(const ir::Lambda &lam) {
        std::set<int> inner;
        for (const ir::Param &p : lam.params)
            inner.insert(p.var.id);
        for (const ir::Stm &s : lam.body.stms)
            for (const ir::Param &p : s.pat)
                inner.insert(p.var.id);
        for (const ir::Type &t : lam.ret)
            for (const SubExp &d : t.dims)
                if (!d.is_const && inner.count(d.var.id))
                    return false;
        return true;
    }

    /** Moves the scalar statements of lam's body that use none of its params (nor anything
     * computed from them) and cannot fail in front of the SOAC being built: a result size
     * like drop's `n - i` then is known outside. */
    void hoist_invariant(ir::Lambda &lam) {
        std::set<int> dep;
        for (const ir::Param &p : lam.params)
            dep.insert(p.var.id);
        std::vector<ir::Stm> keep;
        for (ir::Stm &s : lam.body.stms) {
            ir::ExpKind k = s.exp->kind;
            bool movable = (k == ir::ExpKind::Atom || k == ir::ExpKind::UnOp ||
                            k == ir::ExpKind::BinOp || k == ir::ExpKind::Convert) &&
                           !passes::can_fail(s);
            passes::for_each_use(s, [&](const ir::Var &v) { movable = movable && !dep.count(v.id); });
            if (movable) {
                stms_.back().push_back(std::move(s));
                continue;
            }
            for (const ir::Param &p : s.pat)
                dep.insert(p.var.id);
            keep.push_back(std::move(s));
        }
        lam.body.stms = std::move(keep);
    }

    static std::vector<ir::Type> row_types(const std::vector<LValPtr> &arrs) {
        std::vector<ir::Type> r;
        for (const LValPtr &a : arrs)
            r.push_back(a->type.row());
        return r;
    }
    static std::vector<ir::Type> types_of(const std::vector<LValPtr> &xs) {
        std::vector<ir::Type> r;
        for (const LValPtr &a : xs)
            r.push_back(a->type);
        return r;
    }
    std::vector<LValPtr> emit_many(ir::ExpPtr e, const std::vector<ir::Type> &types,
                                   const std::string &base) {
        std::vector<SubExp> vs = emit(std::move(e), types, base);
        std::vector<LValPtr> r;
        for (size_t i = 0; i < vs.size(); i++)
            r.push_back(LVal::of(vs[i], types[i]));
        return r;
    }

    LValPtr lower_map(const std::vector<LValPtr> &a, const SrcLoc &loc) {
        const LValPtr &f = a[0];
        std::optional<SubExp> w;
        std::vector<LValPtr> shapes;
        std::vector<std::vector<ir::Type>> types;
        std::vector<LValPtr> all;
        for (size_t i = 1; i < a.size(); i++) {
            std::vector<LValPtr> ls = leaves(a[i], loc);
            if (w && !ls.empty() && ls[0]->type.rank() > 0 && !(ls[0]->type.dims[0] == *w)) {
                const SubExp &d = ls[0]->type.dims[0];
                check(compare(ir::BinOpKind::Eq, *w, d, loc),
                      Msg() << (a.size() == 2 ? std::string("map") : "map" + std::to_string(a.size() - 1))
                            << ": arrays of different lengths (" << *w << " and " << d << ")",
                      loc);
            }
            std::vector<LValPtr> in = soac_inputs(a[i], w, loc);
            shapes.push_back(row_shape(a[i]));
            types.push_back(row_types(in));
            all.insert(all.end(), in.begin(), in.end());
        }
        w = width(w, loc);
        LValPtr rshape;
        ir::Lambda lam = make_lambda(f, shapes, types, loc, &rshape);
        // The arrays of no leaves in the result keep their sizes where these are known
        // outside the function (the checker makes them the same in every call).
        std::vector<SubExp> us;
        unit_sizes(rshape, us);
        auto outside = [&] {
            std::set<int> inner;
            for (const ir::Param &p : lam.params)
                inner.insert(p.var.id);
            passes::for_each_stm(lam.body, [&](const ir::Stm &s) {
                for (const ir::Param &p : s.pat)
                    inner.insert(p.var.id);
            });
            return std::none_of(us.begin(), us.end(),
                                [&](const SubExp &d) { return !d.is_const && inner.count(d.var.id); });
        };
        bool sized = outside();
        if (!sized) { // (`replicate (k + 1) ()`: k + 1 computed before the map)
            hoist_invariant(lam);
            sized = outside();
        }
        // A function of no results (`map (\_ -> ()) xs`): only the sizes, when it cannot
        // fail (else the map must run for its checks, and the sizes are lost).
        if (lam.ret.empty() && rshape->kind == LVal::Kind::Tuple && sized && !passes::can_fail(lam.body))
            return array_shape(rshape, *w);
        std::vector<ir::Type> out;
        for (const ir::Type &t : lam.ret)
            out.push_back(t.array_of(*w));
        std::vector<LValPtr> res =
            emit_many(ir::MapExp::make(*w, std::move(lam), vars_of(all)), out, "m");
        size_t pos = 0;
        return sized ? restructure(array_shape(rshape, *w), res, pos, true) : restructure(rshape, res, pos);
    }

    LValPtr lower_reduce_like(bool scan, const LValPtr &op, const LValPtr &ne, const LValPtr &xs,
                              const SrcLoc &loc) {
        std::optional<SubExp> w;
        std::vector<LValPtr> in = soac_inputs(xs, w, loc);
        w = width(w, loc);
        std::vector<LValPtr> nes = leaves(ne, loc);
        std::vector<ir::Type> rt = row_types(in);
        if (nes.size() != in.size())
            throw InternalError("lowering: neutral element arity");
        for (size_t i = 0; i < nes.size(); i++)
            if (nes[i]->type != rt[i])
                throw CompilerLimitation(loc,
                                         "a neutral element whose size differs from the elements'");
        ir::Lambda lam = make_lambda(op, {ne, ne}, {rt, rt}, loc, nullptr);
        if (lam.ret != rt)
            throw CompilerLimitation(loc,
                                     "an operator whose result size differs from its arguments'");
        if (in.empty()) // elements of no leaves (`()`): ne, or an array of it, as op gives
            return no_data_result(lam, scan ? array_shape(ne, *w) : ne, loc);
        std::vector<SubExp> neutral;
        for (const LValPtr &n : nes)
            neutral.push_back(n->atom);
        std::vector<LValPtr> res;
        if (scan) {
            std::vector<ir::Type> out;
            for (const ir::Type &t : rt)
                out.push_back(t.array_of(*w));
            res = emit_many(ir::ScanExp::make(*w, std::move(lam), neutral, vars_of(in)), out, "s");
        } else {
            res = emit_many(ir::ReduceExp::make(*w, std::move(lam), neutral, vars_of(in)), rt, "r");
        }
        size_t pos = 0; // (ne's arrays of no leaves: those of each element)
        return restructure(scan ? array_shape(ne, *w) : ne, res, pos, true);
    }

    /** The result of a SOAC over values of no leaves, whose operator `lam` has nothing to
     * compute: `v`, unless the operator can fail (an assertion), which the interpreter would
     * meet where it applies it. */
    LValPtr no_data_result(const ir::Lambda &lam, const LValPtr &v, const SrcLoc &loc) {
        if (passes::can_fail(lam.body))
            throw CompilerLimitation(loc, "a reduction over values that hold no data (`()`) "
                                          "whose operator can fail");
        return v;
    }

    LValPtr lower_filter(const LValPtr &p, const LValPtr &xs, const SrcLoc &loc) {
        std::optional<SubExp> w;
        std::vector<LValPtr> in = soac_inputs(xs, w, loc);
        if (in.empty()) {
            // Elements of no leaves are all the same: p of one decides for all, applied
            // where there is one (so that it fails only where the interpreter's would).
            SubExp n = width(w, loc);
            LValPtr row = row_shape(xs);
            auto zero = [&] { return constant(PrimValue::integer(PrimType::I64, 0)); };
            LValPtr kept = lower_if(
                compare(ir::BinOpKind::Lt, SubExp::i64(0), n, loc)->atom,
                [&] {
                    LValPtr b = scalar_atom(apply(p, {row}, loc), loc);
                    return lower_if(b->atom, [&] { return LVal::of(n, ir::Type::scalar(PrimType::I64)); }, zero, loc);
                },
                zero, loc);
            return array_shape(row, scalar_atom(kept, loc)->atom);
        }
        ir::Lambda lam = make_lambda(p, {row_shape(xs)}, {row_types(in)}, loc, nullptr);
        ir::Stm s;
        ir::Var n = fresh("n");
        s.pat.push_back({n, ir::Type::scalar(PrimType::I64)});
        std::vector<LValPtr> res;
        for (const LValPtr &a : in) {
            ir::Type t = a->type.row().array_of(SubExp::of(n));
            ir::Var v = fresh("f");
            s.pat.push_back({v, t});
            res.push_back(LVal::of(SubExp::of(v), t));
        }
        s.exp = ir::FilterExp::make(*w, std::move(lam), vars_of(in));
        stms_.back().push_back(std::move(s));
        size_t pos = 0;
        return restructure(xs, res, pos);
    }

    LValPtr scalar_atom(const LValPtr &v, const SrcLoc &loc) {
        if (v->kind != LVal::Kind::Atom || v->type.rank() != 0)
            throw CompilerLimitation(loc, "expected a scalar");
        return v;
    }

    /** `reduce_by_index dest op ne is vs`: one op of as many destinations as dest has
     * components (a histogram of tuples has several). */
    LValPtr lower_hist(const LValPtr &dest, const LValPtr &op, const LValPtr &ne, const LValPtr &is,
                       const LValPtr &vs, const SrcLoc &loc) {
        std::vector<LValPtr> d = leaves(dest, loc), n = leaves(ne, loc), v = leaves(vs, loc),
                             i = leaves(is, loc);
        if (i.size() != 1)
            throw CompilerLimitation(loc, "histograms with tuple indices");
        if (n.size() != d.size() || v.size() != d.size())
            throw CompilerLimitation(loc, "histogram operands of different shapes");
        std::optional<SubExp> w;
        std::vector<LValPtr> rows_in{i[0]};
        rows_in.insert(rows_in.end(), v.begin(), v.end());
        std::vector<LValPtr> in = soac_inputs(LVal::tuple(rows_in), w, loc);
        std::vector<ir::Type> row;
        ir::HistOp h;
        std::vector<ir::Type> types;
        for (size_t c = 0; c < d.size(); c++) {
            row.push_back(d[c]->type.row());
            if (n[c]->type != row.back() || in[1 + c]->type.row() != row.back())
                throw CompilerLimitation(loc, "histogram operands of different sizes");
            h.dests.push_back(d[c]->atom.var);
            h.neutral.push_back(n[c]->atom);
            types.push_back(d[c]->type);
        }
        h.lam = make_lambda(op, {ne, ne}, {row, row}, loc, nullptr);
        if (h.lam.ret != row)
            throw CompilerLimitation(loc, "histogram operator result");
        if (d.empty()) // bins of no leaves (`[m]()`, Futhark's issue 2100): dest
            return no_data_result(h.lam, dest, loc);
        std::vector<ir::Var> ins;
        for (const LValPtr &x : in)
            ins.push_back(x->atom.var);
        std::vector<SubExp> out =
            emit(passes::located(ir::HistExp::make_plain(*w, {std::move(h)}, std::move(ins)), loc),
                 types, "h");
        std::vector<LValPtr> res;
        for (size_t c = 0; c < out.size(); c++)
            res.push_back(LVal::of(out[c], types[c]));
        size_t pos = 0;
        return restructure(dest, res, pos);
    }

    LValPtr math_call(ir::MathFn fn, PrimType t, const std::vector<LValPtr> &a, const SrcLoc &loc) {
        std::vector<SubExp> args;
        std::vector<PrimValue> probe;
        for (const LValPtr &x : a) {
            args.push_back(scalar_atom(x, loc)->atom);
            probe.push_back(
                interp::convert_prim(x->type.elem, PrimValue::integer(PrimType::I64, 1)));
        }
        // The result type follows the interpreter: probe it with harmless arguments.
        PrimType ret = t;
        try {
            ret = interp::eval_math(fn, t, probe.data(), loc).type;
        } catch (const std::exception &) {
        }
        return emit1(ir::MathExp::make(fn, t, ret, std::move(args), loc), ir::Type::scalar(ret),
                     "f");
    }

    LValPtr intrinsic(const std::string &name, const SrcLoc &loc) {
        using A = const std::vector<LValPtr> &;
        using L = const SrcLoc &;
        size_t dot = name.find('.');
        if (dot != std::string::npos) {
            std::optional<PrimType> mod = prim_from_name(name.substr(0, dot));
            std::string fname = name.substr(dot + 1);
            if (mod) {
                PrimType t = *mod;
                if (prim_from_name(fname))
                    return closure(1, [this, t](A a, L) {
                        return emit1(ir::ConvertExp::make(t, a[0]->atom), ir::Type::scalar(t), "c");
                    });
                ir::MathFn fn = interp::math_fn(fname);
                if (fn != ir::MathFn::Unknown) {
                    int ar = interp::math_arity(fn);
                    if (ar == 0)
                        return math_call(fn, t, {}, loc);
                    return closure(ar, [this, fn, t](A a, L l) { return math_call(fn, t, a, l); });
                }
                if (interp::binop_kind(fname) != ir::BinOpKind::None)
                    return operator_value(fname, loc);
            }
        }
        if (name == "map" || name == "map1")
            return closure(2, [this](A a, L l) { return lower_map(a, l); });
        if (name.size() == 4 && name.rfind("map", 0) == 0 && name[3] >= '2' && name[3] <= '5')
            return closure(name[3] - '0' + 1, [this](A a, L l) { return lower_map(a, l); });
        if (name == "reduce" || name == "reduce_comm")
            return closure(
                3, [this](A a, L l) { return lower_reduce_like(false, a[0], a[1], a[2], l); });
        if (name == "scan")
            return closure(
                3, [this](A a, L l) { return lower_reduce_like(true, a[0], a[1], a[2], l); });
        if (name == "filter")
            return closure(2, [this](A a, L l) { return lower_filter(a[0], a[1], l); });
        if (name == "iota")
            return closure(1, [this](A a, L l) {
                SubExp n = size_arg(a[0], "iota", l);
                return emit1(passes::located(ir::IotaExp::make(n), l),
                             ir::Type{PrimType::I64, {n}}, "iota");
            });
        if (name == "replicate")
            return closure(2, [this](A a, L l) {
                SubExp n = size_arg(a[0], "replicate", l);
                std::vector<LValPtr> out;
                if (leaves(a[1], l).empty())
                    return array_shape(a[1], n);
                for (const LValPtr &x : leaves(a[1], l))
                    out.push_back(emit1(passes::located(ir::ReplicateExp::make(n, x->atom), l),
                                        x->type.array_of(n), "rep"));
                size_t pos = 0;
                return restructure(a[1], out, pos);
            });
        if (name == "transpose")
            return closure(1, [this](A a, L l) {
                return through_carriers(a[0], l, [&](const LValPtr &xs) {
                    std::vector<LValPtr> out;
                    for (const LValPtr &x : leaves(xs, l)) {
                        ir::Type t = x->type;
                        if (t.rank() < 2 || x->atom.is_const)
                            throw CompilerLimitation(l, "transpose of a non-matrix");
                        std::swap(t.dims[0], t.dims[1]);
                        out.push_back(emit1(ir::TransposeExp::make(x->atom.var), t, "tr"));
                    }
                    size_t pos = 0;
                    return restructure(xs, out, pos);
                });
            });
        if (name == "reverse")
            return closure(1, [this](A a, L l) {
                // x[::-1], coerced back to x's sizes (always equal) so sizes stay known.
                // (An array of no leaves in x keeps its sizes, with no slice.)
                ir::SliceEntry en;
                en.is_range = en.has_stride = true;
                en.stride = SubExp::i64(-1);
                std::vector<LValPtr> xs = leaves(a[0], l), out;
                for (const LValPtr &x : xs) {
                    LValPtr sl = slice_value(x, {en}, l);
                    out.push_back(emit1(ir::CoerceExp::make(sl->atom.var, x->type.dims, l), x->type, "rev"));
                }
                size_t pos = 0;
                return restructure(a[0], out, pos, true);
            });
        if (name == "radix_sort_perm")
            return closure(2, [this](A a, L l) { return sort_perm(a[0], a[1], l); });
        if (name == "radix_sort_with")
            return closure(3, [this](A a, L l) {
                // xs's sizes checked against the keys' (as the interpreter does)
                SubExp bits = scalar_atom(a[0], l)->atom;
                LValPtr k = sort_keys(a[1], l);
                std::vector<LValPtr> xs = leaves(a[2], l), in;
                for (const LValPtr &x : xs) {
                    if (x->atom.is_const || x->type.rank() == 0)
                        throw CompilerLimitation(l, "radix_sort_with of a non-array");
                    ir::Type t = x->type;
                    if (!(t.dims[0] == k->type.dims[0])) {
                        t.dims[0] = k->type.dims[0];
                        in.push_back(emit1(ir::CoerceExp::make(x->atom.var, t.dims, l), t, "c"));
                    } else {
                        in.push_back(x);
                    }
                }
                size_t pos = 0;
                LValPtr x = restructure(a[2], in, pos);
                // One array of 4- or 8-byte numbers rides through the sort's passes.
                if (in.size() == 1 && in[0]->type.rank() == 1 && in[0]->type.elem != PrimType::Bool &&
                    (prim_size(in[0]->type.elem) == 4 || prim_size(in[0]->type.elem) == 8)) {
                    return emit1(passes::located(ir::SortExp::make(bits, k->atom.var, in[0]->atom.var), l),
                                 in[0]->type, "sorted");
                }
                // Else the permutation, and each array's rows gathered by it.
                LValPtr perm = sort_perm(a[0], a[1], l);
                LValPtr gather = closure(1, [this, x](A i, L l2) {
                    return index_value(x, {scalar_atom(i[0], l2)->atom}, l2);
                });
                return lower_map({gather, perm}, l);
            });
        if (name == "flatten" || name == "flatten_3d" || name == "flatten_4d")
            return closure(1, [this, name](A a, L l) {
                return flatten_dims(a[0], name == "flatten" ? 2 : name[8] - '0', l);
            });
        if (name == "partition")
            return closure(2, [this](A a, L l) {
                LValPtr yes = lower_filter(a[0], a[1], l);
                return LVal::tuple({yes, lower_filter(negated(a[0]), a[1], l)});
            });
        if (name == "partition2")
            return closure(3, [this](A a, L l) {
                // p2 only sees the rows p1 rejects, as in the interpreter.
                LValPtr p1 = a[0], p2 = a[1];
                LValPtr second = closure(1, [this, p1, p2](A x, L l2) {
                    SubExp c = scalar_atom(apply(p1, x, l2), l2)->atom;
                    return lower_if(
                        c, [&] { return constant(PrimValue::boolean(false)); },
                        [&] { return apply(p2, x, l2); }, l2);
                });
                LValPtr rest = closure(1, [this, p1, p2](A x, L l2) {
                    SubExp c = scalar_atom(apply(p1, x, l2), l2)->atom;
                    return lower_if(
                        c, [&] { return constant(PrimValue::boolean(false)); },
                        [&] { return apply(negated(p2), x, l2); }, l2);
                });
                return LVal::tuple({lower_filter(p1, a[2], l), lower_filter(second, a[2], l),
                                    lower_filter(rest, a[2], l)});
            });
        if (name == "copy" || name == "manifest")
            return closure(1, [](A a, L) { return a[0]; });
        if (name == "trace") // printed by the interpreter only
            return closure(1, [this](A a, L l) {
                traces_.push_back(l);
                return a[0];
            });
        if (name == "concat")
            return closure(2, [this](A a, L l) {
                if (has_units(a[0]) || has_units(a[1]))
                    return uncarried(a[0], apply(intrinsic("concat", l), {carried(a[0], l), carried(a[1], l)}, l));
                std::vector<LValPtr> xs = leaves(a[0], l), ys = leaves(a[1], l), out;
                for (size_t i = 0; i < xs.size(); i++) {
                    SubExp n = emit1(ir::BinOpExp::make(ir::BinOpKind::Add, xs[i]->type.dims[0],
                                                        ys[i]->type.dims[0], l),
                                     ir::Type::scalar(PrimType::I64), "n")
                                   ->atom;
                    LValPtr y = ys[i];
                    if (y->type.row() != xs[i]->type.row()) {
                        ir::Type t = xs[i]->type.row().array_of(y->type.dims[0]);
                        y = emit1(ir::CoerceExp::make(y->atom.var, t.dims, l), t, "c");
                    }
                    out.push_back(emit1(ir::ConcatExp::make(xs[i]->atom.var, y->atom.var, n),
                                        xs[i]->type.row().array_of(n), "cat"));
                }
                size_t pos = 0;
                return restructure(a[0], out, pos);
            });
        if (name == "scatter")
            return closure(3, [this](A a, L l) { return lower_scatter(a[0], a[1], a[2], l); });
        if (name == "hist")
            return closure(5, [this](A a, L l) {
                // The interpreter's check and message (then the replicate cannot fail).
                SubExp k = scalar_atom(a[2], l)->atom;
                if (k.is_const ? k.value.as_i64() < 0 : !is_array_size(k.var))
                    check(compare(ir::BinOpKind::Le, SubExp::i64(0), k, l),
                          Msg() << "hist: negative number of bins", l);
                std::vector<LValPtr> ne = leaves(a[1], l), dests; // scalars or rows (map2 (+))
                for (const LValPtr &x : ne)
                    dests.push_back(
                        emit1(ir::ReplicateExp::make(k, x->atom), x->type.array_of(k), "dest"));
                size_t pos = 0;
                return lower_hist(restructure(a[1], dests, pos), a[0], a[1], a[3], a[4], l);
            });
        if (name == "reduce_by_index")
            return closure(
                5, [this](A a, L l) { return lower_hist(a[0], a[1], a[2], a[3], a[4], l); });
        throw CompilerLimitation(loc,
                                 "the built-in " + name + " is not supported by the compiler yet");
    }

    // ------------------------------------------------------------ sized built-ins

    /** The built-in whose result sizes come from the call's type (unflatten*, split, rep),
     * when `fn` names it directly; else empty. */
    std::string sized_builtin(const Exp &fn, const ScopePtr &scope) {
        if (fn.kind != ExpKind::Var)
            return {};
        const std::string &name = static_cast<const Var &>(fn).name;
        static const std::set<std::string> names{"unflatten", "unflatten_3d", "unflatten_4d",
                                                 "split", "rep"};
        if (!names.count(name) || lookup(scope, name))
            return {};
        FunDefPtr d = find_def(name);
        return d && d->is_intrinsic ? name : std::string();
    }

    /** Dim `d` of the call's type as the interpreter resolves it at run time: a constant, or
     * a size variable in scope; nullopt when unknown. */
    std::optional<SubExp> known_dim(const Dim &d, const ScopePtr &scope) {
        if (d.kind == Dim::Kind::Const)
            return SubExp::i64(d.value);
        if (d.kind == Dim::Kind::Var) {
            LValPtr v = lookup(scope, d.name);
            if (!v && find_def(d.name))
                v = name_value(d.name, scope, SrcLoc{}); // a top-level constant (`[R]i32`)
            if (v && v->kind == LVal::Kind::Atom && v->type.rank() == 0 && is_int(v->type.elem))
                return v->type.elem == PrimType::I64
                           ? v->atom
                           : emit1(ir::ConvertExp::make(PrimType::I64, v->atom),
                                   ir::Type::scalar(PrimType::I64), "d")
                                 ->atom;
        }
        if (d.kind == Dim::Kind::Exp) {
            std::vector<SubExp> args;
            for (const Dim &a : *d.args) {
                std::optional<SubExp> k = known_dim(a, scope);
                if (!k)
                    return std::nullopt;
                args.push_back(*k);
            }
            return size_exp(d, args, SrcLoc{});
        }
        return std::nullopt;
    }

    /** The sizes written in the argument's `:> [a * b]t` (or `: [a + b]t`), as the
     * interpreter's size hint (EvalExp.cpp, set_size_hint). */
    std::vector<SubExp> size_hint(const Exp &arg0, const std::string &op, size_t want,
                                  const ScopePtr &scope) {
        const Exp *arg = &arg0;
        const TypeExp *te = nullptr;
        while (arg) {
            if (arg->kind == ExpKind::Tuple && static_cast<const TupleExp *>(arg)->elems.size() == 1)
                arg = static_cast<const TupleExp *>(arg)->elems[0].get();
            else if (arg->kind == ExpKind::Attr)
                arg = static_cast<const AttrExp *>(arg)->exp.get();
            else if (arg->kind == ExpKind::Coerce) {
                te = static_cast<const Coerce *>(arg)->type_exp.get();
                break;
            } else if (arg->kind == ExpKind::Ascript) {
                te = static_cast<const Ascript *>(arg)->type_exp.get();
                break;
            } else
                break;
        }
        while (te && te->kind == TypeExp::Kind::Unique)
            te = te->elem.get();
        if (!te || te->kind != TypeExp::Kind::Array || te->dim.kind != DimExp::Kind::Exp ||
            !te->dim.exp)
            return {};
        std::vector<const Exp *> terms;
        std::function<void(const Exp &)> chain = [&](const Exp &e) {
            if (e.kind == ExpKind::BinOp) {
                auto &b = static_cast<const BinOp &>(e);
                if (!b.backtick && b.op == op) {
                    chain(*b.lhs);
                    terms.push_back(b.rhs.get());
                    return;
                }
            }
            terms.push_back(&e);
        };
        chain(*te->dim.exp);
        if (terms.size() != want)
            return {};
        std::vector<SubExp> out;
        for (const Exp *t : terms)
            out.push_back(to_i64(*t, scope, t->loc));
        return out;
    }

    /** A check's message: text and i64 sizes, known ones written out, the others holes
     * filled at run time (ir::AssertExp).  `<<` keeps the holes in order. */
    struct Msg {
        std::string text;
        std::vector<SubExp> args;
        Msg &operator<<(const std::string &s) {
            text += s;
            return *this;
        }
        Msg &operator<<(const SubExp &s) {
            if (s.is_const)
                return *this << std::to_string(s.value.as_i64());
            text += ir::AssertExp::hole;
            args.push_back(s);
            return *this;
        }
        Msg &operator<<(const Msg &m) {
            text += m.text;
            args.insert(args.end(), m.args.begin(), m.args.end());
            return *this;
        }
    };

    /** Whether dims equal the given entries of want, a run-time test (null where they are
     * the same atoms); both shapes are written into have and type for a message. */
    LValPtr same_dims(const std::vector<SubExp> &dims, const std::vector<std::optional<SubExp>> &want,
                      Msg &have, Msg &type, const SrcLoc &loc) {
        LValPtr ok;
        for (size_t d = 0; d < dims.size(); d++) {
            const bool given = d < want.size() && want[d];
            have << "[" << dims[d] << "]";
            type << "[" << (given ? *want[d] : dims[d]) << "]";
            if (!given || *want[d] == dims[d])
                continue;
            LValPtr eq = emit1(ir::BinOpExp::make(ir::BinOpKind::Eq, dims[d], *want[d], loc),
                               ir::Type::scalar(PrimType::Bool), "same");
            ok = ok ? emit1(ir::BinOpExp::make(ir::BinOpKind::LogAnd, ok->atom, eq->atom, loc),
                            ir::Type::scalar(PrimType::Bool), "same")
                    : eq;
        }
        return ok;
    }

    /** A run-time check failing with `message` at loc (an Assert). */
    void check(const LValPtr &ok, const Msg &m, const SrcLoc &loc) {
        emit(ir::AssertExp::make(ok->atom, m.text, loc, m.args), {ir::Type::scalar(PrimType::Bool)},
             "ok");
    }
    /** Whether v is the size of some array in scope (so not negative). */
    bool is_array_size(const ir::Var &v) const {
        if (param_dims_.count(v.id))
            return true;
        for (const std::vector<ir::Stm> &level : stms_)
            for (const ir::Stm &s : level)
                for (const ir::Param &p : s.pat)
                    for (const SubExp &d : p.type.dims)
                        if (!d.is_const && d.var == v)
                            return true;
        return false;
    }

    /** The size argument of iota/replicate, checked non-negative with the interpreter's
     * message ("Range 0..1..<-3 is invalid.", "replicate: negative size -3") where it is not a known constant. */
    SubExp size_arg(const LValPtr &a, const std::string &what, const SrcLoc &loc) {
        SubExp n = scalar_atom(a, loc)->atom;
        if (n.is_const ? n.value.as_i64() < 0 : !is_array_size(n.var))
            check(compare(ir::BinOpKind::Le, SubExp::i64(0), n, loc),
                  what == "iota" ? Msg() << "Range 0..1..<" << n << " is invalid." // the interpreter's
                                 : Msg() << what + ": negative size " << n,
                  loc);
        return n;
    }

    LValPtr compare(ir::BinOpKind k, SubExp a, SubExp b, const SrcLoc &loc) {
        return emit1(ir::BinOpExp::make(k, std::move(a), std::move(b), loc),
                     ir::Type::scalar(PrimType::Bool), "c");
    }

    /** `unflatten xs : [n][m]t` and friends, `split xs : ([n]t, [m]t)`, `rep x : [n]t`, with
     * the sizes taken from the call's type or the argument's written type. */
    LValPtr lower_sized_builtin(const std::string &name, const Exp &arg_exp, const TypePtr &rt,
                                const ScopePtr &scope, const SrcLoc &loc) {
        return sized_builtin(name, lower(arg_exp, scope), &arg_exp, rt, scope, loc);
    }

    /** unflatten, split or rep applied to x, the result of type rt; `arg_exp` the argument
     * as written where there is one (its size hint), null where the built-in is a function
     * value (`map unflatten xss`: rt from the value's type). */
    LValPtr sized_builtin(const std::string &name, const LValPtr &x, const Exp *arg_exp, const TypePtr &rt,
                          const ScopePtr &scope, const SrcLoc &loc) {
        if (name == "rep") {
            std::optional<SubExp> n;
            if (rt && rt->kind == Type::Kind::Array)
                n = known_dim(rt->shape[0], scope);
            if (!n)
                throw CompilerLimitation(loc, "rep whose size is not known here");
            check(compare(ir::BinOpKind::Le, SubExp::i64(0), *n, loc),
                  Msg() << "replicate: negative size " << *n, loc);
            if (leaves(x, loc).empty())
                return array_shape(x, *n);
            std::vector<LValPtr> out;
            for (const LValPtr &l : leaves(x, loc))
                out.push_back(emit1(passes::located(ir::ReplicateExp::make(*n, l->atom), loc),
                                    l->type.array_of(*n), "rep"));
            size_t pos = 0;
            return restructure(x, out, pos);
        }
        const std::vector<SubExp> *xd = array_dims(x);
        if (!xd || xd->empty())
            throw CompilerLimitation(loc, name + " of a non-array");
        SubExp len = (*xd)[0];
        if (name == "split")
            return lower_split(x, len, arg_exp, rt, scope, loc);
        size_t d = name == "unflatten" ? 2 : name == "unflatten_3d" ? 3 : 4;
        // The interpreter takes the sizes from the call's type when all are known there
        // (size variables in scope included), else from the argument's written type.
        // As the interpreter: else, with one size unknown, that one from the length.
        std::vector<std::optional<SubExp>> known;
        if (rt && rt->kind == Type::Kind::Array && rt->shape.size() >= d)
            for (size_t i = 0; i < d; i++)
                known.push_back(known_dim(rt->shape[i], scope));
        size_t unknowns = known.empty() ? d : (size_t)std::count(known.begin(), known.end(), std::nullopt);
        std::vector<SubExp> dims;
        if (unknowns == 0)
            for (const std::optional<SubExp> &k : known)
                dims.push_back(*k);
        else
            dims = arg_exp ? size_hint(*arg_exp, "*", d, scope) : std::vector<SubExp>{};
        if (dims.empty() && unknowns == 1) {
            SubExp part = SubExp::i64(1);
            Msg m;
            m << "unflatten: cannot reshape array of size " << len << " to ";
            for (const std::optional<SubExp> &k : known) {
                if (k)
                    part = i64_op(ir::BinOpKind::Mul, part, *k, loc)->atom;
                m << "[";
                k ? m << *k : m << "?";
                m << "]";
            }
            LValPtr ok = compare(ir::BinOpKind::Lt, SubExp::i64(0), part, loc);
            // Divides by 1 where the known sizes are not positive (the check fails).
            SubExp pos = emit1(ir::ConvertExp::make(PrimType::I64, ok->atom), ir::Type::scalar(PrimType::I64), "d")->atom;
            SubExp safe = i64_op(ir::BinOpKind::Add, i64_op(ir::BinOpKind::Mul, part, pos, loc)->atom,
                                 i64_op(ir::BinOpKind::Sub, SubExp::i64(1), pos, loc)->atom, loc)
                              ->atom;
            ok = logical_and(ok, compare(ir::BinOpKind::Eq, i64_op(ir::BinOpKind::Mod, len, safe, loc)->atom, SubExp::i64(0), loc), loc);
            check(ok, m << ".", loc);
            for (const std::optional<SubExp> &k : known)
                dims.push_back(k ? *k : i64_op(ir::BinOpKind::Div, len, safe, loc)->atom);
        }
        if (dims.empty())
            throw CompilerLimitation(loc, "unflatten whose result shape is not known here: give it by a type "
                                          "ascription (`unflatten xs : [n][m]t`) or a size coercion of the "
                                          "argument (`unflatten (xs :> [n * m]t)`)");
        SubExp prod = dims[0];
        LValPtr ok = compare(ir::BinOpKind::Le, SubExp::i64(0), dims[0], loc);
        for (size_t i = 1; i < d; i++) {
            prod = i64_op(ir::BinOpKind::Mul, prod, dims[i], loc)->atom;
            ok = logical_and(ok, compare(ir::BinOpKind::Le, SubExp::i64(0), dims[i], loc), loc);
        }
        ok = logical_and(ok, compare(ir::BinOpKind::Eq, prod, len, loc), loc);
        Msg m;
        m << "unflatten: cannot reshape array of size " << len << " to ";
        for (const SubExp &dim : dims)
            m << "[" << dim << "]";
        check(ok, m << ".", loc);
        if (leaves(x, loc).empty()) { // `[n * m]()`: its sizes only
            auto r = std::make_shared<LVal>(*x);
            r->unit_dims.erase(r->unit_dims.begin());
            r->unit_dims.insert(r->unit_dims.begin(), dims.begin(), dims.end());
            return r;
        }
        return unflatten_rows(x, dims, 0, SubExp::i64(0), loc);
    }

    /** Rows [base, base + dims[k] * ...) of the flat xs as an array of shape dims[k:]. */
    LValPtr unflatten_rows(const LValPtr &xs, const std::vector<SubExp> &dims, size_t k,
                           const SubExp &base, const SrcLoc &loc) {
        SubExp stride = SubExp::i64(1);
        for (size_t j = k + 1; j < dims.size(); j++)
            stride = i64_op(ir::BinOpKind::Mul, stride, dims[j], loc)->atom;
        LValPtr f = closure(1, [this, xs, dims, k, base, stride](const std::vector<LValPtr> &a,
                                                                 const SrcLoc &l) {
            SubExp off = i64_op(ir::BinOpKind::Mul, a[0]->atom, stride, l)->atom;
            off = i64_op(ir::BinOpKind::Add, base, off, l)->atom;
            if (k + 1 == dims.size())
                return index_value(xs, {off}, l);
            return unflatten_rows(xs, dims, k + 1, off, l);
        });
        return map_iota(dims[k], f, loc);
    }

    LValPtr lower_split(const LValPtr &x, const SubExp &len, const Exp *arg_exp,
                        const TypePtr &rt, const ScopePtr &scope, const SrcLoc &loc) {
        std::optional<SubExp> n;
        if (rt && rt->kind == Type::Kind::Tuple && rt->elems.size() == 2 &&
            rt->elems[0]->kind == Type::Kind::Array)
            n = known_dim(rt->elems[0]->shape[0], scope);
        if (!n && rt && rt->kind == Type::Kind::Tuple && rt->elems.size() == 2 &&
            rt->elems[1]->kind == Type::Kind::Array)
            if (std::optional<SubExp> m = known_dim(rt->elems[1]->shape[0], scope))
                n = i64_op(ir::BinOpKind::Sub, len, *m, loc)->atom;
        if (!n) {
            std::vector<SubExp> h = arg_exp ? size_hint(*arg_exp, "+", 2, scope) : std::vector<SubExp>{};
            if (!h.empty())
                n = h[0];
        }
        if (!n)
            throw CompilerLimitation(loc, "split whose position is not known here");
        LValPtr ok = logical_and(compare(ir::BinOpKind::Le, SubExp::i64(0), *n, loc),
                                 compare(ir::BinOpKind::Le, *n, len, loc), loc);
        check(ok, Msg() << "split: cannot split array of size " << len << " at " << *n, loc);
        SubExp m = i64_op(ir::BinOpKind::Sub, len, *n, loc)->atom;
        if (leaves(x, loc).empty()) { // `[n + m]()`: its sizes only
            auto a = std::make_shared<LVal>(*x), b = std::make_shared<LVal>(*x);
            a->unit_dims[0] = *n;
            b->unit_dims[0] = m;
            return LVal::tuple({a, b});
        }
        auto part = [&](bool first, const SubExp &size) {
            ir::SliceEntry en;
            en.is_range = true;
            (first ? en.has_end : en.has_start) = true;
            (first ? en.end : en.start) = *n;
            std::vector<LValPtr> sl = leaves(slice_value(x, {en}, loc), loc), out;
            for (const LValPtr &l : sl) {
                ir::Type t = l->type;
                t.dims[0] = size;
                out.push_back(emit1(ir::CoerceExp::make(l->atom.var, t.dims, loc), t, "c"));
            }
            size_t pos = 0;
            return restructure(x, out, pos);
        };
        LValPtr a = part(true, *n);
        return LVal::tuple({a, part(false, m)});
    }

    // ------------------------------------------------------------ expressions

    LValPtr constant(PrimValue v) {
        return LVal::of(SubExp::constant(v), ir::Type::scalar(v.type));
    }

    PrimType prim_of(const Exp &e) {
        if (!e.type || e.type->kind != Type::Kind::Prim)
            throw CompilerLimitation(e.loc, "a literal of unknown type");
        return e.type->prim;
    }

    std::vector<SubExp> indices(const std::vector<DimIndex> &slice, const ScopePtr &scope,
                                const SrcLoc &loc) {
        std::vector<SubExp> idx;
        for (const DimIndex &d : slice) {
            if (d.is_range)
                throw CompilerLimitation(loc, "slices with ranges are not supported yet");
            LValPtr i = scalar_atom(lower(*d.index, scope), loc);
            SubExp s = i->atom;
            if (i->type.elem != PrimType::I64)
                s = emit1(ir::ConvertExp::make(PrimType::I64, s), ir::Type::scalar(PrimType::I64),
                          "i")
                        ->atom;
            idx.push_back(s);
        }
        return idx;
    }

    /** The keys of a sort: one 1-D array of integers. */
    LValPtr sort_keys(const LValPtr &keys, const SrcLoc &l) {
        std::vector<LValPtr> k = leaves(keys, l);
        if (k.size() != 1 || k[0]->atom.is_const || k[0]->type.rank() != 1 || !is_int(k[0]->type.elem))
            throw CompilerLimitation(l, "radix_sort_perm of keys that are not a one-dimensional array of integers");
        return k[0];
    }
    /** `radix_sort_perm bits keys`. */
    LValPtr sort_perm(const LValPtr &bits, const LValPtr &keys, const SrcLoc &l) {
        SubExp b = scalar_atom(bits, l)->atom;
        LValPtr k = sort_keys(keys, l);
        return emit1(passes::located(ir::SortExp::make(b, k->atom.var), l), ir::Type{PrimType::I64, k->type.dims},
                     "perm");
    }

    LValPtr index_value(const LValPtr &t, const std::vector<SubExp> &idx, const SrcLoc &loc) {
        if (t->kind == LVal::Kind::Tuple && !t->unit_dims.empty() && idx.size() <= t->unit_dims.size())
            return index_unit_array(t, idx, loc);
        std::vector<LValPtr> out;
        for (const LValPtr &a : leaves(t, loc)) {
            if ((int)idx.size() > a->type.rank() || a->atom.is_const)
                throw CompilerLimitation(loc, "indexing a non-array");
            ir::Type rt = a->type;
            rt.dims.erase(rt.dims.begin(), rt.dims.begin() + (long)idx.size());
            out.push_back(emit1(ir::IndexExp::make(a->atom.var, idx, !unsafe_, loc), rt, "e"));
        }
        LValPtr row = t; // (the leaves' indexes check the bounds its arrays of no leaves share)
        for (size_t k = 0; k < idx.size(); k++)
            row = row_shape(row);
        size_t pos = 0;
        return restructure(row, out, pos, true);
    }

    /** A row of an array of no leaves (`[n]()`): its remaining sizes, after the bounds
     * check a leaf's index makes, with the interpreter's message. */
    LValPtr index_unit_array(const LValPtr &t, const std::vector<SubExp> &idx, const SrcLoc &loc) {
        if (!unsafe_) {
            LValPtr ok;
            Msg m;
            m << "Index [";
            for (size_t k = 0; k < idx.size(); k++) {
                LValPtr in = logical_and(compare(ir::BinOpKind::Le, SubExp::i64(0), idx[k], loc),
                                         compare(ir::BinOpKind::Lt, idx[k], t->unit_dims[k], loc), loc);
                ok = ok ? logical_and(ok, in, loc) : in;
                m << (k ? ", " : "") << idx[k];
            }
            m << "] out of bounds for array of shape ";
            for (const SubExp &d : t->unit_dims)
                m << "[" << d << "]";
            check(ok, m << ".", loc);
        }
        auto r = std::make_shared<LVal>(*t);
        r->unit_dims.erase(r->unit_dims.begin(), r->unit_dims.begin() + (long)idx.size());
        return r;
    }

    SubExp to_i64(const Exp &x, const ScopePtr &scope, const SrcLoc &loc) {
        LValPtr i = scalar_atom(lower(x, scope), loc);
        if (i->type.elem == PrimType::I64)
            return i->atom;
        return emit1(ir::ConvertExp::make(PrimType::I64, i->atom), ir::Type::scalar(PrimType::I64),
                     "i")
            ->atom;
    }

    std::vector<ir::SliceEntry> slice_entries(const std::vector<DimIndex> &slice,
                                              const ScopePtr &scope, const SrcLoc &loc) {
        std::vector<ir::SliceEntry> out;
        for (const DimIndex &d : slice) {
            ir::SliceEntry en;
            en.is_range = d.is_range;
            if (!d.is_range) {
                en.start = to_i64(*d.index, scope, loc);
            } else {
                if ((en.has_start = d.start != nullptr))
                    en.start = to_i64(*d.start, scope, loc);
                if ((en.has_end = d.end != nullptr))
                    en.end = to_i64(*d.end, scope, loc);
                if ((en.has_stride = d.stride != nullptr))
                    en.stride = to_i64(*d.stride, scope, loc);
            }
            out.push_back(en);
        }
        return out;
    }

    /** The statement from the `from`th on of the body being built that defines var. */
    const ir::Stm *definition(int var, size_t from) const {
        for (size_t k = from; k < stms_.back().size(); k++)
            for (const ir::Param &p : stms_.back()[k].pat)
                if (p.var.id == var)
                    return &stms_.back()[k];
        return nullptr;
    }

    /** x as a polynomial of the variables its defining additions, subtractions and
     * multiplications start from: those of the body being built from its `from`th
     * statement on (the slice's bounds: what the type checker sees of them). */
    SizePoly<ir::Var> poly_of(const SubExp &x, size_t from, int depth) const {
        if (x.is_const)
            return {{{}, (uint64_t)x.value.i}};
        const ir::Stm *def = depth < 8 ? definition(x.var.id, from) : nullptr;
        const auto *b = def && def->pat.size() == 1 && def->pat[0].type == ir::Type::scalar(PrimType::I64)
                            ? def->exp->as<ir::BinOpExp>()
                            : nullptr;
        char op = !b ? 0
                  : b->op == ir::BinOpKind::Add ? '+'
                  : b->op == ir::BinOpKind::Sub ? '-'
                  : b->op == ir::BinOpKind::Mul ? '*'
                                                : 0;
        if (!op)
            return {{{x.var}, 1}};
        SizePoly<ir::Var> out = size_poly_combine(op, poly_of(b->x, from, depth + 1), poly_of(b->y, from, depth + 1));
        if (out.size() > size_poly_max_terms)
            return {{{x.var}, 1}};
        return out;
    }

    /** The size of slice `start:end` (stride 1, given or not; no start is 0) where the
     * two differ by a constant or by one variable (`xs[i:i+3]`, `xs[2*i:2*(i+1)]`,
     * `xs[i:i+k]`): inside a map's function that size then does not depend on the row
     * (where the variable is defined outside it), and the rows are regular.  (The type checker knows the same sizes, so that the interpreter's empty
     * arrays of such rows have them too.) */
    std::optional<SubExp> known_slice_size(const ir::SliceEntry &en, size_t from) const {
        if (!en.is_range || !en.has_end ||
            (en.has_stride && !(en.stride.is_const && en.stride.value.i == 1)))
            return std::nullopt;
        SizePoly<ir::Var> start = en.has_start ? poly_of(en.start, from, 0) : SizePoly<ir::Var>{};
        SizePoly<ir::Var> end = poly_of(en.end, from, 0);
        if (auto c = size_poly_constant_difference(start, end))
            return SubExp::i64(*c);
        if (auto v = size_poly_variable_difference(start, end))
            return SubExp::of(*v);
        return std::nullopt;
    }

    /** The size of slice `start:end:s` (a constant stride s > 0; no start is 0, no end
     * `dim`) of a dimension of size `dim`: `(end - start + s - 1) / s` where the slice is
     * in bounds, else 0 (what the interpreter's map over no rows gives, whose sample row
     * fails).  Scalar statements that cannot fail: inside a map's function (the only
     * place it is asked for), where the bounds and dim come from outside, they move in
     * front of the map, so that `map (\x -> x[1:]) xss` and `map (\x -> x[a:b]) xss`
     * have regular rows. */
    SubExp slice_size(const ir::SliceEntry &en, const SubExp &dim, const SrcLoc &loc) {
        const ir::Type i64 = ir::Type::scalar(PrimType::I64), b = ir::Type::scalar(PrimType::Bool);
        auto op = [&](ir::BinOpKind k, const SubExp &x, const SubExp &y, const ir::Type &t) {
            return emit1(ir::BinOpExp::make(k, x, y, loc), t, "n")->atom;
        };
        const SubExp start = en.has_start ? en.start : SubExp::i64(0), end = en.has_end ? en.end : dim;
        SubExp in = op(ir::BinOpKind::LogAnd, op(ir::BinOpKind::Le, SubExp::i64(0), start, b),
                       op(ir::BinOpKind::LogAnd, op(ir::BinOpKind::Le, start, end, b),
                          op(ir::BinOpKind::Le, end, dim, b), b),
                       b);
        SubExp one = emit1(ir::ConvertExp::make(PrimType::I64, in), i64, "n")->atom;
        SubExp count = op(ir::BinOpKind::Sub, end, start, i64);
        if (const int64_t st = en.has_stride ? en.stride.value.i : 1; st > 1)
            count = op(ir::BinOpKind::Div, op(ir::BinOpKind::Add, count, SubExp::i64(st - 1), i64), SubExp::i64(st), i64);
        return op(ir::BinOpKind::Mul, count, one, i64);
    }

    /** bounds_from: where the statements computing the entries' bounds start in the body
     * being built (known_slice_size), if they are there. */
    LValPtr slice_value(const LValPtr &t, const std::vector<ir::SliceEntry> &entries,
                        const SrcLoc &loc, std::optional<size_t> bounds_from = std::nullopt) {
        if (has_units(t))
            return through_carriers(t, loc, [&](const LValPtr &c) { return slice_value(c, entries, loc, bounds_from); });
        std::vector<LValPtr> out;
        for (const LValPtr &a : leaves(t, loc)) {
            if ((int)entries.size() > a->type.rank() || a->atom.is_const)
                throw CompilerLimitation(loc, "slicing a non-array");
            ir::Stm st;
            ir::Type rt{a->type.elem, {}};
            for (const ir::SliceEntry &en : entries) {
                if (!en.is_range)
                    continue;
                ir::Var n = fresh("n");
                st.pat.push_back({n, ir::Type::scalar(PrimType::I64)});
                rt.dims.push_back(SubExp::of(n));
            }
            for (size_t i = entries.size(); i < (size_t)a->type.rank(); i++)
                rt.dims.push_back(a->type.dims[i]);
            ir::Var v = fresh("sl");
            st.pat.push_back({v, rt});
            st.exp = ir::SliceExp::make(a->atom.var, entries, loc);
            stms_.back().push_back(std::move(st));
            LValPtr sl = LVal::of(SubExp::of(v), rt);
            // Sizes known from the bounds: a check that always holds where the slice did.
            // A whole dimension (`xs[:, i]`, `xs[::-1]`) keeps the array's size, so a
            // map's rows of columns are regular.
            ir::Type known = rt;
            size_t d = 0;
            for (size_t k = 0; k < entries.size(); k++) {
                const ir::SliceEntry &en = entries[k];
                if (!en.is_range)
                    continue;
                const bool whole = !en.has_start && !en.has_end &&
                                   (!en.has_stride || (en.stride.is_const && (en.stride.value.i == 1 ||
                                                                                en.stride.value.i == -1)));
                if (whole)
                    known.dims[d] = a->type.dims[k];
                else if (std::optional<SubExp> n = bounds_from ? known_slice_size(en, *bounds_from)
                                                               : std::nullopt)
                    known.dims[d] = *n;
                else if (bounds_from && in_lambda_ &&
                         (!en.has_stride || (en.stride.is_const && en.stride.value.i > 0)))
                    known.dims[d] = slice_size(en, a->type.dims[k], loc);
                d++;
            }
            if (!(known == rt))
                sl = emit1(ir::CoerceExp::make(v, known.dims, loc), known, "c");
            out.push_back(sl);
        }
        size_t pos = 0;
        return restructure(t, out, pos);
    }

    LValPtr update_value(const LValPtr &t, const std::vector<SubExp> &idx, const LValPtr &v,
                         const SrcLoc &loc) {
        std::vector<LValPtr> ts = leaves(t, loc), vs = leaves(v, loc), out;
        if (ts.empty()) { // an array of no leaves: only the bounds check (index_value's)
            index_value(t, idx, loc);
            return t;
        }
        for (size_t i = 0; i < ts.size(); i++) {
            ir::Type rt = ts[i]->type;
            rt.dims.erase(rt.dims.begin(), rt.dims.begin() + (long)idx.size());
            LValPtr val = vs[i];
            if (val->type != rt) {
                if (val->type.rank() != rt.rank() || val->atom.is_const)
                    throw CompilerLimitation(loc, "update value shape");
                val = emit1(ir::CoerceExp::make(val->atom.var, rt.dims, loc), rt, "c");
            }
            out.push_back(emit1(ir::UpdateExp::make(ts[i]->atom.var, idx, val->atom, true, loc),
                                ts[i]->type, "u"));
        }
        size_t pos = 0;
        return restructure(t, out, pos, true);
    }

    /** `t with [slice] = v`: by indices, an Update; with ranges, see update_range. */
    LValPtr update_slice(const LValPtr &t, const std::vector<DimIndex> &slice, const LValPtr &v,
                         const ScopePtr &scope, const SrcLoc &loc) {
        bool ranges = false;
        for (const DimIndex &d : slice)
            ranges = ranges || d.is_range;
        if (!ranges)
            return update_value(t, indices(slice, scope, loc), v, loc);
        return update_range(t, slice_entries(slice, scope, loc), v, loc);
    }

    /** An update of a slice with ranges: the slice (for its bounds check and sizes), a
     * check of v's shape (the interpreter's message), then nested loops of Updates, one
     * level per range. */
    LValPtr update_range(const LValPtr &t, const std::vector<ir::SliceEntry> &entries,
                         const LValPtr &v, const SrcLoc &loc) {
        std::vector<LValPtr> ts = leaves(t, loc), vs = leaves(v, loc);
        if (ts.empty() || ts.size() != vs.size())
            throw InternalError("lowering: slice update arity");
        ir::Type st = leaves(slice_value(ts[0], entries, loc), loc)[0]->type;
        LValPtr same = constant(PrimValue::boolean(true));
        for (const LValPtr &x : vs) {
            if (x->type.rank() != st.rank())
                throw CompilerLimitation(loc, "slice update with a value of another rank");
            for (int d = 0; d < st.rank(); d++)
                if (!(x->type.dims[(size_t)d] == st.dims[(size_t)d]))
                    same = logical_and(
                        same, compare(ir::BinOpKind::Eq, x->type.dims[(size_t)d],
                                      st.dims[(size_t)d], loc),
                        loc);
        }
        Msg m;
        m << "Cannot write value of shape ";
        for (const SubExp &d : vs[0]->type.dims)
            m << "[" << d << "]";
        m << " into slice of shape ";
        for (const SubExp &d : st.dims)
            m << "[" << d << "]";
        check(same, m << ".", loc);
        // Start and stride of each range, with Futhark's defaults.
        std::vector<SubExp> start, stride, count;
        int r = 0;
        for (size_t k = 0; k < entries.size(); k++) {
            const ir::SliceEntry &en = entries[k];
            if (!en.is_range) {
                start.push_back(en.start);
                stride.push_back(SubExp::i64(0));
                count.push_back(SubExp::i64(1));
                continue;
            }
            SubExp s = en.has_stride ? en.stride : SubExp::i64(1);
            SubExp b = en.start;
            if (!en.has_start) {
                SubExp last = i64_op(ir::BinOpKind::Sub, ts[0]->type.dims[k], SubExp::i64(1), loc)
                                  ->atom;
                LValPtr pos = compare(ir::BinOpKind::Gt, s, SubExp::i64(0), loc);
                b = lower_if(
                        pos->atom, [&] { return LVal::of(SubExp::i64(0), ir::Type::scalar(PrimType::I64)); },
                        [&] { return LVal::of(last, ir::Type::scalar(PrimType::I64)); }, loc)
                        ->atom;
            }
            start.push_back(b);
            stride.push_back(s);
            count.push_back(st.dims[(size_t)r++]);
        }
        if (entries.size() == 1) {
            // One range of rows (`xs with [a:b] = ys`): a scatter to their places, which
            // each backend runs in parallel (a loop of Updates is sequential, on the
            // host for CUDA).  The slice's bounds check leaves every place in range.
            SubExp b = start[0], s = stride[0];
            LValPtr place = closure(1, [this, b, s](const std::vector<LValPtr> &j, const SrcLoc &l) {
                SubExp off = i64_op(ir::BinOpKind::Mul, scalar_atom(j[0], l)->atom, s, l)->atom;
                return i64_op(ir::BinOpKind::Add, b, off, l);
            });
            return lower_scatter(t, map_iota(count[0], place, loc), v, loc);
        }
        std::vector<LValPtr> out = update_loops(ts, vs, entries, start, stride, count, 0, {}, {}, loc);
        size_t pos = 0;
        return restructure(t, out, pos);
    }

    std::vector<LValPtr> update_loops(const std::vector<LValPtr> &accs, const std::vector<LValPtr> &vs,
                                      const std::vector<ir::SliceEntry> &entries,
                                      const std::vector<SubExp> &start,
                                      const std::vector<SubExp> &stride,
                                      const std::vector<SubExp> &count, size_t k,
                                      std::vector<SubExp> at, std::vector<SubExp> vat,
                                      const SrcLoc &loc) {
        if (k == entries.size()) {
            std::vector<LValPtr> out;
            for (size_t i = 0; i < accs.size(); i++) {
                LValPtr x = index_value(vs[i], vat, loc);
                out.push_back(update_value(accs[i], at, x, loc));
            }
            return out;
        }
        if (!entries[k].is_range) {
            at.push_back(start[k]);
            return update_loops(accs, vs, entries, start, stride, count, k + 1, at, vat, loc);
        }
        std::vector<ir::Param> params;
        std::vector<LValPtr> pvals;
        std::vector<SubExp> inits;
        for (const LValPtr &a : accs) {
            ir::Var p = fresh("acc");
            params.push_back({p, a->type});
            pvals.push_back(LVal::of(SubExp::of(p), a->type));
            inits.push_back(a->atom);
        }
        ir::Param index{fresh("j"), ir::Type::scalar(PrimType::I64)};
        std::vector<ir::Type> bt;
        ir::Body body = in_body(
            [&] {
                SubExp off = i64_op(ir::BinOpKind::Mul, SubExp::of(index.var), stride[k], loc)->atom;
                at.push_back(i64_op(ir::BinOpKind::Add, start[k], off, loc)->atom);
                vat.push_back(SubExp::of(index.var));
                return update_loops(pvals, vs, entries, start, stride, count, k + 1, at, vat, loc);
            },
            bt);
        return emit_many(ir::LoopExp::make(params, inits, ir::LoopExp::Form::For, index, count[k],
                                           {}, std::move(body)),
                         bt, "upd");
    }

    size_t field_index(const TypePtr &t, const std::string &field, const SrcLoc &loc) {
        if (t && t->kind == Type::Kind::Tuple)
            return (size_t)std::atoi(field.c_str());
        if (t && t->kind == Type::Kind::Record)
            for (size_t i = 0; i < t->fields.size(); i++)
                if (t->fields[i].first == field)
                    return i;
        throw CompilerLimitation(loc, "projection from this type");
    }

    LValPtr record_update(const LValPtr &v, const TypePtr &t, const std::vector<std::string> &path,
                          size_t k, const LValPtr &nv, const SrcLoc &loc) {
        if (k == path.size())
            return nv;
        size_t i = field_index(t, path[k], loc);
        if (v->kind != LVal::Kind::Tuple || i >= v->elems.size())
            throw InternalError("lowering: record update");
        std::vector<LValPtr> xs = v->elems;
        TypePtr ft = t->kind == Type::Kind::Tuple ? t->elems[i] : t->fields[i].second;
        xs[i] = record_update(xs[i], ft, path, k + 1, nv, loc);
        return LVal::tuple(std::move(xs));
    }

    /** Emits `e` bound to `pat` (whose types may mention earlier vars of `pat`); gives the
     * values of pat's vars from position `skip` on. */
    std::vector<LValPtr> emit_pat(ir::ExpPtr e, std::vector<ir::Param> pat, size_t skip) {
        std::vector<LValPtr> r;
        for (size_t i = skip; i < pat.size(); i++)
            r.push_back(LVal::of(SubExp::of(pat[i].var), pat[i].type));
        stms_.back().push_back(ir::Stm{std::move(pat), std::move(e)});
        return r;
    }

    /** Fresh i64 vars for sizes that differ between two versions of some types (an If's
     * branches, a loop's initial values and body results): one per distinct pair. */
    struct ExtSizes {
        std::vector<ir::Param> vars;
        std::vector<std::pair<SubExp, SubExp>> pairs; ///< the two sizes each var stands for
    };
    SubExp ext_size(ExtSizes &x, const SubExp &a, const SubExp &b) {
        for (size_t i = 0; i < x.vars.size(); i++)
            if (x.pairs[i].first == a && x.pairs[i].second == b)
                return SubExp::of(x.vars[i].var);
        x.vars.push_back({fresh("n"), ir::Type::scalar(PrimType::I64)});
        x.pairs.emplace_back(a, b);
        return SubExp::of(x.vars.back().var);
    }
    static bool same_shape_kind(const ir::Type &a, const ir::Type &b) {
        return a.elem == b.elem && a.rank() == b.rank();
    }

    /** Builds an If over two lowered branches of the same flat types up to sizes: a size
     * that differs between the branches becomes an existential i64 result of the If,
     * bound before the values (each branch returns its own). */
    LValPtr lower_if(const SubExp &cond, const std::function<LValPtr()> &t,
                     const std::function<LValPtr()> &e, const SrcLoc &loc) {
        LValPtr ts, es;
        std::vector<ir::Type> tt, et;
        ir::Body tb = in_body(
            [&] {
                ts = t();
                return leaves(ts, loc);
            },
            tt);
        ir::Body eb = in_body(
            [&] {
                es = e();
                return leaves(es, loc);
            },
            et);
        if (tt.size() != et.size())
            throw InternalError("lowering: branches with different numbers of results");
        ExtSizes ext;
        std::vector<ir::Type> rt = tt;
        for (size_t i = 0; i < tt.size(); i++) {
            if (!same_shape_kind(tt[i], et[i]))
                throw CompilerLimitation(loc, "branches whose results have different types");
            for (size_t d = 0; d < tt[i].dims.size(); d++)
                if (!(tt[i].dims[d] == et[i].dims[d]))
                    rt[i].dims[d] = ext_size(ext, tt[i].dims[d], et[i].dims[d]);
        }
        // Arrays of no leaves (`[n]()`) at the same places in both branches keep their
        // sizes, those that differ as existential sizes as the leaves' do: `shape` is the
        // then branch's value with those sizes, its leaves replaced by the If's results.
        std::function<LValPtr(const LValPtr &, const LValPtr &)> units =
            [&](const LValPtr &a, const LValPtr &b) -> LValPtr {
            if (a->kind != LVal::Kind::Tuple || b->kind != LVal::Kind::Tuple)
                return a;
            if (!a->unit_dims.empty() && a->unit_dims.size() == b->unit_dims.size()) {
                auto u = std::make_shared<LVal>(*a);
                for (size_t d = 0; d < a->unit_dims.size(); d++)
                    if (!(a->unit_dims[d] == b->unit_dims[d]))
                        u->unit_dims[d] = ext_size(ext, a->unit_dims[d], b->unit_dims[d]);
                return u;
            }
            std::vector<LValPtr> xs;
            for (size_t k = 0; k < a->elems.size(); k++)
                xs.push_back(k < b->elems.size() ? units(a->elems[k], b->elems[k]) : a->elems[k]);
            return LVal::tuple(std::move(xs)); // (sizes that differ in kind are lost)
        };
        LValPtr shape = units(ts, es);
        std::vector<ir::Param> pat = ext.vars;
        for (size_t i = ext.pairs.size(); i-- > 0;) {
            tb.result.insert(tb.result.begin(), ext.pairs[i].first);
            eb.result.insert(eb.result.begin(), ext.pairs[i].second);
        }
        for (const ir::Type &ty : rt)
            pat.push_back({fresh("if"), ty});
        std::vector<ir::Type> ret;
        for (const ir::Param &p : pat)
            ret.push_back(p.type);
        std::vector<LValPtr> res = emit_pat(
            ir::IfExp::make(cond, std::move(tb), std::move(eb), std::move(ret)), pat,
            ext.vars.size());
        size_t pos = 0;
        return restructure(shape, res, pos, true);
    }

    /** A loop whose variables' sizes change between iterations gets one i64 loop param per
     * changing size, bound before the values (see LoopExp).  The body is lowered with the
     * initial types; while its results' sizes differ from the params', those sizes become
     * params and the body is lowered again. */
    LValPtr lower_loop(const Loop &l, const ScopePtr &scope) {
        LValPtr init = l.init ? lower(*l.init, scope) : lower_pat_as_exp(*l.pat, scope);
        std::vector<LValPtr> inits = leaves(init, l.loc);
        // The sizes of arrays of no leaves (`[n]()`) are carried as i64 values after the
        // leaves, while each iteration's result has them at the same places.
        std::vector<SubExp> units;
        unit_sizes(init, units);
        for (const SubExp &d : units)
            inits.push_back(LVal::of(d, ir::Type::scalar(PrimType::I64)));
        size_t nleaves = inits.size() - units.size();
        // A result's leaves, then its unit sizes; where it has lost some (a function's
        // result), the loop is lowered again without them (`lost`).
        bool lost = false;
        auto values = [&](const LValPtr &v) {
            std::vector<LValPtr> out = leaves(v, l.loc);
            std::vector<SubExp> us;
            unit_sizes(v, us);
            if (us.size() != units.size()) {
                lost = true;
                us.assign(units.size(), SubExp::i64(0));
            }
            for (const SubExp &d : us)
                out.push_back(LVal::of(d, ir::Type::scalar(PrimType::I64)));
            return out;
        };
        auto rebuild = [&](const std::vector<LValPtr> &flat) {
            size_t pos = 0;
            LValPtr v = restructure(init, {flat.begin(), flat.begin() + (long)nleaves}, pos);
            if (units.empty())
                return v;
            std::vector<SubExp> us;
            for (size_t k = nleaves; k < flat.size(); k++)
                us.push_back(flat[k]->atom);
            pos = 0;
            return with_unit_sizes(init, v, us, pos);
        };
        ir::Param index{fresh("i"), ir::Type::scalar(PrimType::I64)};
        SubExp bound = SubExp::i64(0);
        ir::LoopExp::Form form = ir::LoopExp::Form::For;
        LValPtr xs; // for-in: the array
        if (l.form == Loop::Form::For) {
            LValPtr b = scalar_atom(lower(*l.bound, scope), l.loc);
            bound = b->atom;
            index.type = b->type;
        } else if (l.form == Loop::Form::ForIn) {
            xs = lower(*l.bound, scope);
            std::vector<LValPtr> xl = leaves(xs, l.loc);
            if (xl.empty() || xl[0]->type.rank() == 0)
                throw CompilerLimitation(l.loc, "for-in over a non-array");
            bound = xl[0]->type.dims[0];
        } else {
            form = ir::LoopExp::Form::While;
        }
        std::vector<ir::Type> init_types = types_of(inits);
        std::vector<ir::Type> gen = init_types; // the params' types
        std::vector<ir::Param> sizes;           // the size params
        std::vector<std::pair<size_t, size_t>> size_at; // (value, dim) each size comes from
        for (int round = 0;; round++) {
            std::vector<ir::Param> params = sizes;
            std::vector<SubExp> init_atoms;
            for (auto [i, d] : size_at)
                init_atoms.push_back(init_types[i].dims[d]);
            std::vector<LValPtr> pvals;
            for (size_t i = 0; i < inits.size(); i++) {
                ir::Var v = fresh("acc");
                params.push_back({v, gen[i]});
                pvals.push_back(LVal::of(SubExp::of(v), gen[i]));
                init_atoms.push_back(inits[i]->atom);
            }
            LValPtr pval = rebuild(pvals);
            // `loop [n] (xs: [n]t)`: n is the size of each value xs takes (an outer n
            // shadowed).
            const ScopePtr sized = declared_sizes(scope, *l.pat, pval, l.sizes);
            ScopePtr inner = bind_pat(sized, *l.pat, pval, true);
            // Note [Written sizes]: each value the parameter takes (checked where the
            // interpreter binds it: before the condition, else first in the body).
            auto check_param = [&] { check_pat_sizes(*l.pat, pval, sized, l.pat->loc); };
            if (l.form == Loop::Form::For)
                inner = bind_name(inner, l.index_name, LVal::of(SubExp::of(index.var), index.type));
            ir::Body cond, body;
            std::vector<ir::Type> bt;
            if (l.form == Loop::Form::ForIn) {
                // The element is read inside the body: bind the pattern there.
                body = in_body(
                    [&] {
                        check_param();
                        LValPtr x = index_value(xs, {SubExp::of(index.var)}, l.loc);
                        ScopePtr s = bind_pat(inner, *l.elem_pat, x, true);
                        return values(lower(*l.body, s));
                    },
                    bt);
            } else {
                if (form == ir::LoopExp::Form::While)
                    cond = in_body(
                        [&] {
                            check_param();
                            return std::vector<LValPtr>{
                                scalar_atom(lower(*l.bound, inner), l.loc)};
                        },
                        bt);
                body = in_body(
                    [&] {
                        if (form != ir::LoopExp::Form::While)
                            check_param();
                        return values(lower(*l.body, inner));
                    },
                    bt);
            }
            if (lost) { // (the unit sizes are scalars last, which no size refers to)
                lost = false;
                units.clear();
                inits.resize(nleaves);
                init_types.resize(nleaves);
                gen.resize(nleaves);
                continue;
            }
            if (generalize_loop(init_types, gen, sizes, size_at, bt, l.loc)) {
                if (round == 8)
                    throw CompilerLimitation(
                        l.loc, "loop variables whose sizes change between iterations");
                continue;
            }
            for (size_t k = size_at.size(); k-- > 0;)
                body.result.insert(body.result.begin(), bt[size_at[k].first].dims[size_at[k].second]);
            std::vector<ir::Param> pat;
            std::vector<SubExp> outs;
            for (size_t k = 0; k < sizes.size(); k++) {
                pat.push_back({fresh("n"), ir::Type::scalar(PrimType::I64)});
                outs.push_back(SubExp::of(pat.back().var));
            }
            for (const ir::Type &t : gen)
                pat.push_back({fresh("loop"), ir::substitute_sizes(t, sizes, outs)});
            std::vector<LValPtr> res =
                emit_pat(ir::LoopExp::make(params, init_atoms, form, index, bound,
                                           std::move(cond), std::move(body)),
                         std::move(pat), sizes.size());
            LValPtr out = rebuild(res);
            if (l.sizes.empty()) // and the result (its own sizes are whatever it has)
                check_pat_sizes(*l.pat, out, scope, l.pat->loc);
            return out;
        }
    }

    /** One step of lower_loop: makes a size param of every size of the params' types `gen`
     * that the body results' types `bt` do not reproduce.  Whether anything changed. */
    bool generalize_loop(const std::vector<ir::Type> &init_types, std::vector<ir::Type> &gen,
                         std::vector<ir::Param> &sizes,
                         std::vector<std::pair<size_t, size_t>> &size_at,
                         const std::vector<ir::Type> &bt, const SrcLoc &loc) {
        if (bt.size() != gen.size())
            throw InternalError("lowering: loop body with a different number of results");
        std::vector<SubExp> next; // each size param's value after an iteration
        for (auto [i, d] : size_at)
            next.push_back(bt[i].dims[d]);
        ExtSizes ext; // keyed by (initial size, size after an iteration)
        for (size_t i = 0; i < gen.size(); i++) {
            if (!same_shape_kind(gen[i], bt[i]))
                throw CompilerLimitation(loc, "loop variables whose types change between iterations");
            ir::Type want = ir::substitute_sizes(gen[i], sizes, next);
            for (size_t d = 0; d < want.dims.size(); d++) {
                if (want.dims[d] == bt[i].dims[d])
                    continue;
                size_t before = ext.vars.size();
                gen[i].dims[d] = ext_size(ext, init_types[i].dims[d], bt[i].dims[d]);
                if (ext.vars.size() > before) {
                    sizes.push_back(ext.vars.back());
                    size_at.emplace_back(i, d);
                }
            }
        }
        return !ext.vars.empty();
    }

    /** `loop x for ...` without `= init`: the pattern's names are the initial values. */
    LValPtr lower_pat_as_exp(const Pat &p, const ScopePtr &scope) {
        switch (p.kind) {
        case Pat::Kind::Id:
            return name_value(p.name, scope, p.loc);
        case Pat::Kind::Ascript:
            return lower_pat_as_exp(*p.inner, scope);
        case Pat::Kind::Tuple: {
            std::vector<LValPtr> xs;
            for (const PatPtr &e : p.elems)
                xs.push_back(lower_pat_as_exp(*e, scope));
            return LVal::tuple(std::move(xs));
        }
        default:
            throw CompilerLimitation(p.loc, "loop without an initial value");
        }
    }

    LValPtr lower(const Exp &e, const ScopePtr &scope) {
        switch (e.kind) {
        case ExpKind::IntLit: {
            auto &l = static_cast<const IntLit &>(e);
            PrimType t = prim_of(e);
            if (is_float(t))
                return constant(PrimValue::floating(t, (double)l.value));
            if (t == PrimType::Bool)
                return constant(PrimValue::boolean(l.value != 0));
            return constant(PrimValue::integer(t, l.value));
        }
        case ExpKind::FloatLit: {
            auto &l = static_cast<const FloatLit &>(e);
            PrimType t = prim_of(e);
            if (!is_float(t))
                return constant(
                    interp::convert_prim(t, PrimValue::floating(PrimType::F64, l.value)));
            if (t == PrimType::F32 && !l.text.empty()) {
                char *end = nullptr;
                float f = std::strtof(l.text.c_str(), &end);
                if (end && *end == 0)
                    return constant(PrimValue::floating(t, (double)f));
            }
            return constant(PrimValue::floating(t, l.value));
        }
        case ExpKind::BoolLit:
            return constant(PrimValue::boolean(static_cast<const BoolLit &>(e).value));
        case ExpKind::StringLit: {
            std::vector<SubExp> xs;
            for (unsigned char c : static_cast<const StringLit &>(e).bytes)
                xs.push_back(SubExp::constant(PrimValue::integer(PrimType::U8, c)));
            ir::Type row = ir::Type::scalar(PrimType::U8);
            size_t n = xs.size();
            return emit1(ir::ArrayLitExp::make(std::move(xs), row),
                         row.array_of(SubExp::i64((int64_t)n)), "str");
        }
        case ExpKind::Var:
            // A sized built-in as a function value (`map unflatten xss`): its result's
            // sizes are in the value's type.
            if (std::string b = sized_builtin(e, scope); !b.empty() && e.type && e.type->kind == Type::Kind::Func) {
                TypePtr rt = e.type->result;
                return closure(1, [this, b, rt, scope](const std::vector<LValPtr> &a, const SrcLoc &l) {
                    return sized_builtin(b, a[0], nullptr, rt, scope, l);
                });
            }
            return name_value(static_cast<const Var &>(e).name, scope, e.loc,
                              &static_cast<const Var &>(e).type_args);
        case ExpKind::Tuple: {
            std::vector<LValPtr> xs;
            for (const ExpPtr &x : static_cast<const TupleExp &>(e).elems)
                xs.push_back(lower(*x, scope));
            if (xs.size() == 1)
                return xs[0];
            return LVal::tuple(std::move(xs));
        }
        case ExpKind::Record: {
            auto &r = static_cast<const RecordExp &>(e);
            std::map<std::string, LValPtr> fs;
            for (const auto &[n, x] : r.fields)
                fs[n] = lower(*x, scope); // written order
            std::vector<LValPtr> xs;
            for (auto &[n, v] : fs)
                xs.push_back(v); // sorted by name, as the type
            return LVal::tuple(std::move(xs));
        }
        case ExpKind::ArrayLit: {
            auto &a = static_cast<const ArrayLit &>(e);
            std::vector<LValPtr> elems;
            for (const ExpPtr &x : a.elems)
                elems.push_back(lower(*x, scope));
            std::vector<ir::Type> rows;
            if (!e.type || e.type->kind != Type::Kind::Array)
                throw CompilerLimitation(e.loc, "array literal type");
            if (elems.empty()) {
                flat_types(e.type->row_type(), scope, e.loc, rows);
                std::vector<LValPtr> out;
                for (const ir::Type &r : rows)
                    out.push_back(
                        emit1(ir::ArrayLitExp::make({}, r), r.array_of(SubExp::i64(0)), "arr"));
                if (out.size() == 1)
                    return out[0];
                // (`[] : [0][n]()`: its sizes; `[] : []t` with t a type argument `()`)
                if (TypePtr ct = concrete(e.type, scope); out.empty() && holds_no_data(ct))
                    if (LValPtr u = unit_value(ct, scope))
                        return u;
                return LVal::tuple(std::move(out));
            }
            fit_unheld_payloads(e.type->row_type(), elems, e.loc);
            if (std::vector<SubExp> us; leaves(elems[0], e.loc).empty()) {
                // Rows of no leaves (`[(), ()]`, `[[()], [()]]`): the sizes alone, where the
                // rows agree on theirs.
                unit_sizes(elems[0], us);
                for (const LValPtr &x : elems) {
                    std::vector<SubExp> xs;
                    unit_sizes(x, xs);
                    if (xs != us)
                        throw CompilerLimitation(e.loc, no_data_message);
                }
                return array_shape(elems[0], SubExp::i64((int64_t)elems.size()));
            }
            std::vector<std::vector<LValPtr>> cols;
            for (const LValPtr &x : elems) {
                std::vector<LValPtr> ls = leaves(x, e.loc);
                if (cols.empty())
                    cols.resize(ls.size());
                for (size_t k = 0; k < ls.size(); k++)
                    cols[k].push_back(ls[k]);
            }
            std::vector<LValPtr> out;
            const bool whole = cols.size() == 1 && elems[0]->kind == LVal::Kind::Atom;
            for (auto &col : cols) {
                ir::Type row = col[0]->type;
                std::vector<SubExp> xs;
                for (size_t i = 0; i < col.size(); i++) {
                    LValPtr x = col[i];
                    if (x->type != row) {
                        if (x->type.rank() != row.rank() || x->atom.is_const)
                            throw CompilerLimitation(e.loc, "array literal rows");
                        // Note [Regular rows] (interpreter/RowShapes.h): its message.
                        Msg have, want;
                        if (LValPtr ok = same_dims(x->type.dims, {row.dims.begin(), row.dims.end()}, have, want, e.loc)) {
                            Msg m;
                            m << "Cannot construct an irregular array: row " << std::to_string(i)
                              << (whole ? " has shape " : " holds an array of shape ") << have
                              << (whole ? ", but row 0 has shape " : " where an earlier row holds one of shape ")
                              << want << ".";
                            check(ok, m, a.elems[i]->loc);
                        }
                        x = emit1(ir::CoerceExp::make(x->atom.var, row.dims, e.loc), row, "c");
                    }
                    xs.push_back(x->atom);
                }
                size_t n = xs.size();
                out.push_back(emit1(ir::ArrayLitExp::make(std::move(xs), row),
                                    row.array_of(SubExp::i64((int64_t)n)), "arr"));
            }
            size_t pos = 0;
            return restructure(elems[0], out, pos);
        }
        case ExpKind::Range: {
            auto &r = static_cast<const RangeExp &>(e);
            LValPtr start = scalar_atom(lower(*r.start, scope), e.loc);
            std::optional<SubExp> second;
            if (r.second)
                second = scalar_atom(lower(*r.second, scope), e.loc)->atom;
            SubExp end = scalar_atom(lower(*r.end, scope), e.loc)->atom;
            ir::Stm st;
            ir::Var n = fresh("n");
            ir::Type t = start->type.array_of(SubExp::of(n));
            ir::Var v = fresh("range");
            st.pat = {{n, ir::Type::scalar(PrimType::I64)}, {v, t}};
            st.exp = ir::RangeExp::make(start->atom, second, end,
                                        (ir::RangeExp::End)(int)r.end_kind, e.loc);
            stms_.back().push_back(std::move(st));
            // The size the checker gives a simple range (`0..<m` is `[m]i64`), known
            // outside a map's function too, so the map's rows are regular.
            if (e.type && e.type->kind == Type::Kind::Array && e.type->shape.size() == 1)
                if (std::optional<SubExp> k = known_dim(e.type->shape[0], scope)) {
                    ir::Type kt = start->type.array_of(*k);
                    return emit1(ir::CoerceExp::make(v, kt.dims, e.loc), kt, "c");
                }
            return LVal::of(SubExp::of(v), t);
        }
        case ExpKind::BinOp: {
            auto &b = static_cast<const BinOp &>(e);
            std::string op = strip_module(b.op);
            if ((op == "&&" || op == "||") && !b.backtick) {
                SubExp l = scalar_atom(lower(*b.lhs, scope), e.loc)->atom;
                bool is_and = op == "&&";
                auto rhs = [&] { return scalar_atom(lower(*b.rhs, scope), e.loc); };
                auto lit = [&] { return constant(PrimValue::boolean(!is_and)); };
                return is_and ? lower_if(l, rhs, lit, e.loc) : lower_if(l, lit, rhs, e.loc);
            }
            if (!b.backtick && (op == "|>" || op == "<|")) {
                const Exp &fn = op == "|>" ? *b.rhs : *b.lhs;
                if (std::string s = sized_builtin(fn, scope); !s.empty())
                    return lower_sized_builtin(s, op == "|>" ? *b.lhs : *b.rhs, e.type, scope,
                                               e.loc);
            }
            LValPtr l = lower_arg(*b.lhs, scope), r = lower_arg(*b.rhs, scope);
            if (b.backtick || b.user_op) // `def (+) ...` shadows the built-in
                return apply(name_value(b.op, scope, b.op_loc, &b.type_args), {l, r}, e.loc);
            if (LValPtr f = lookup(scope, b.op))
                return apply(f, {l, r}, e.loc);
            // A defined operator (`def (|>>) 'a ...`), with the checker's type arguments.
            if (interp::binop_kind(op) == ir::BinOpKind::None && op != "|>" && op != "<|")
                if (FunDefPtr d = find_def(b.op); d && !d->is_intrinsic)
                    return apply(name_value(b.op, scope, b.op_loc, &b.type_args), {l, r}, e.loc);
            return binop(b.op, l, r, e.loc); // the interpreter reports at the expression
        }
        case ExpKind::Negate: {
            LValPtr x = scalar_atom(lower(*static_cast<const Negate &>(e).operand, scope), e.loc);
            // `-1` is a constant (a slice's stride in `xs[::-1]`, whose size is then known).
            if (x->atom.is_const && is_int(x->type.elem))
                return LVal::of(SubExp::constant(PrimValue::integer(x->type.elem, 0 - x->atom.value.u)), x->type);
            return emit1(ir::UnOpExp::make(ir::UnOpKind::Neg, x->atom), x->type, "neg");
        }
        case ExpKind::Not: {
            LValPtr x = scalar_atom(lower(*static_cast<const Not &>(e).operand, scope), e.loc);
            return emit1(ir::UnOpExp::make(ir::UnOpKind::Not, x->atom), x->type, "not");
        }
        case ExpKind::Apply: {
            auto &a = static_cast<const Apply &>(e);
            if (std::string b = sized_builtin(*a.fn, scope); !b.empty() && a.args.size() == 1)
                return lower_sized_builtin(b, *a.args[0], e.type, scope, e.loc);
            LValPtr f = lower(*a.fn, scope);
            std::vector<LValPtr> args;
            for (const ExpPtr &x : a.args)
                args.push_back(lower_arg(*x, scope));
            return apply(f, args, e.loc);
        }
        case ExpKind::Lambda: {
            auto *lam = &static_cast<const Lambda &>(e);
            std::vector<std::string> opens = opens_;
            return closure(
                (int)lam->params.size(),
                [this, lam, scope, opens, pos = cur_def_, seen = visible_](
                    const std::vector<LValPtr> &args, const SrcLoc &) {
                    DefAt in_def(cur_def_, pos);
                    Visible vis(visible_, seen);
                    ScopePtr s = scope;
                    for (size_t i = 0; i < args.size(); i++) {
                        if (!in_prelude(lam->loc)) // Note [Written sizes]
                            check_pat_sizes(*lam->params[i], args[i], s, lam->params[i]->loc);
                        // Local (Note [Local size names]): `\k x -> k` with x: [k]t, k an
                        // outer size, keeps the param k, not x's size.
                        s = bind_pat(s, *lam->params[i], args[i], true);
                    }
                    std::vector<std::string> saved = opens_;
                    opens_ = opens;
                    struct Restore {
                        std::vector<std::string> &o, &saved;
                        ~Restore() { o = saved; }
                    } restore{opens_, saved};
                    return lower(*lam->body, s);
                });
        }
        case ExpKind::OpSection: {
            auto &s = static_cast<const OpSection &>(e);
            std::string name = s.op;
            bool builtin = !s.backtick && !s.user_op &&
                           interp::binop_kind(strip_module(name)) != ir::BinOpKind::None &&
                           !lookup(scope, name) &&
                           (!find_def(name) || find_def(name)->is_intrinsic);
            LValPtr fn = builtin ? operator_value(strip_module(name), e.loc)
                                 : name_value(name, scope, e.loc, &s.type_args);
            if (s.left) {
                LValPtr l = lower(*s.left, scope);
                return apply(fn, {l}, e.loc);
            }
            if (s.right) {
                LValPtr r = lower(*s.right, scope);
                return closure(1, [this, fn, r](const std::vector<LValPtr> &a, const SrcLoc &l) {
                    return apply(fn, {a[0], r}, l);
                });
            }
            return fn;
        }
        case ExpKind::Project: {
            auto &p = static_cast<const Project &>(e);
            LValPtr v = lower(*p.target, scope);
            size_t i = field_index(p.target->type, p.field, e.loc);
            if (v->kind != LVal::Kind::Tuple || i >= v->elems.size())
                throw InternalError("lowering: projection");
            return v->elems[i];
        }
        case ExpKind::Index: {
            auto &ix = static_cast<const Index &>(e);
            LValPtr t = lower(*ix.target, scope);
            bool ranges = false;
            for (const DimIndex &d : ix.slice)
                ranges = ranges || d.is_range;
            if (ranges) {
                size_t from = stms_.back().size();
                std::vector<ir::SliceEntry> entries = slice_entries(ix.slice, scope, e.loc);
                return slice_value(t, entries, e.loc, from);
            }
            return index_value(t, indices(ix.slice, scope, e.loc), e.loc);
        }
        case ExpKind::Update: {
            auto &u = static_cast<const Update &>(e);
            LValPtr t = lower(*u.target, scope);
            return update_slice(t, u.slice, lower(*u.value, scope), scope, e.loc);
        }
        case ExpKind::RecordUpdate: {
            auto &u = static_cast<const RecordUpdate &>(e);
            LValPtr t = lower(*u.target, scope);
            return record_update(t, u.target->type, u.path, 0, lower(*u.value, scope), e.loc);
        }
        case ExpKind::LetPat: {
            auto &l = static_cast<const LetPat &>(e);
            LValPtr v = lower(*l.value, scope);
            const ScopePtr sized = declared_sizes(scope, *l.pat, v, l.sizes);
            ScopePtr s = bind_pat(sized, *l.pat, v, true);
            // Note [Written sizes]; `let [n] ...` binds n before the check, as the interpreter.
            check_pat_sizes(*l.pat, v, sized, l.value->loc);
            for (const std::string &n : l.sizes) {
                // `let [n] xs = e`: n is a dim named n in the pattern's types.
                if (!lookup(sized, n) || lookup(sized, n) == lookup(scope, n))
                    throw CompilerLimitation(e.loc,
                                             "existential size bindings are not supported yet");
            }
            return lower(*l.body, s);
        }
        case ExpKind::LetFun: {
            auto &l = static_cast<const LetFun &>(e);
            FunDefPtr fd = l.fun;
            if (fd->params.empty())
                return lower(*l.body, bind_name(scope, fd->name, lower(*fd->body, scope)));
            // The closure sees the scope before the definition: local functions do not recurse.
            LValPtr f = fundef_value(fd, scope, e.loc);
            if (std::any_of(fd->type_params.begin(), fd->type_params.end(),
                            [](const TypeParam &tp) { return tp.kind != TypeParam::Kind::Size; }) ||
                !fd->inferred_type_params.empty())
                poly_locals_[f.get()] = {f, fd, scope};
            return lower(*l.body, bind_name(scope, fd->name, f));
        }
        case ExpKind::LetWith: {
            auto &l = static_cast<const LetWith &>(e);
            LValPtr t = name_value(l.name, scope, l.name_loc);
            if (!l.path.empty()) {
                TypePtr rt = lookup_type(scope, l.name);
                if (!rt)
                    throw CompilerLimitation(e.loc, "let with a record path on this variable");
                LValPtr nv = record_update(t, rt, l.path, 0, lower(*l.value, scope), e.loc);
                return lower(*l.body, bind_name(scope, l.name, nv, rt));
            }
            LValPtr v = lower(*l.value, scope); // the interpreter's order: value, then slice
            LValPtr nv = update_slice(t, l.slice, v, scope, e.loc);
            return lower(*l.body, bind_name(scope, l.name, nv, lookup_type(scope, l.name)));
        }
        case ExpKind::If: {
            auto &i = static_cast<const If &>(e);
            SubExp c = scalar_atom(lower(*i.cond, scope), e.loc)->atom;
            return lower_if(
                c, [&] { return lower(*i.then_branch, scope); },
                [&] { return lower(*i.else_branch, scope); }, e.loc);
        }
        case ExpKind::Loop:
            return lower_loop(static_cast<const Loop &>(e), scope);
        case ExpKind::Ascript: {
            auto &a = static_cast<const Ascript &>(e);
            LValPtr v = lower(*a.exp, scope);
            check_sizes(v, a.written, scope, e.loc); // Note [Written sizes]
            return v;
        }
        case ExpKind::Coerce: {
            auto &c = static_cast<const Coerce &>(e);
            LValPtr v = lower(*c.exp, scope);
            std::vector<ir::Type> want;
            std::vector<LValPtr> ls = leaves(v, e.loc), out;
            const std::string text =
                c.type_exp ? coercion_type_text(*c.type_exp, e.type.get()) : type_to_string(e.type);
            coerce_types(e.type, c.type_exp.get(), v, scope, e.loc, want);
            if (want.size() != ls.size())
                throw InternalError("lowering: coercion arity");
            for (size_t k = 0; k < ls.size(); k++) {
                if (ls[k]->type == want[k] || ls[k]->type.rank() == 0) {
                    out.push_back(ls[k]);
                    continue;
                }
                out.push_back(emit1(ir::CoerceExp::make(ls[k]->atom.var, want[k].dims, e.loc, text), want[k], "c"));
            }
            size_t pos = 0;
            LValPtr r = restructure(v, out, pos, true);
            return has_units(r) ? coerce_units(r, e.type, scope, text, e.loc) : r;
        }
        case ExpKind::Hole:
            // Evaluating a hole fails (under `#[unsafe]` too, as in the interpreter);
            // the code after the failing check gets a value of the hole's type.
            emit(ir::AssertExp::make(SubExp::constant(PrimValue::boolean(false)), hole_evaluated(e.type), e.loc),
                 {ir::Type::scalar(PrimType::Bool)}, "ok");
            return unreached_value(e.type, scope, e.loc);
        case ExpKind::Assert: {
            auto &a = static_cast<const AssertExp &>(e);
            SubExp c = scalar_atom(lower(*a.cond, scope), e.loc)->atom;
            if (!unsafe_)
                emit(ir::AssertExp::make(c, "Assertion is false: " + a.cond_text, e.loc),
                     {ir::Type::scalar(PrimType::Bool)}, "ok");
            return lower(*a.exp, scope);
        }
        case ExpKind::Attr: {
            auto &a = static_cast<const AttrExp &>(e);
            if (a.attr.rfind("open ", 0) == 0) {
                opens_.push_back(a.attr.substr(5));
                struct Pop {
                    std::vector<std::string> &o;
                    ~Pop() { o.pop_back(); }
                } pop{opens_};
                return lower(*a.exp, scope);
            }
            // `#[unsafe] e`: e's assertions and index checks are left out, as Futhark's
            // compilers do (its behaviour where they would fail is undefined; the
            // interpreter still checks).
            if (trace_label(a))
                traces_.push_back(a.exp->loc);
            if (is_break_attr(a))
                breaks_.push_back(a.exp->loc);
            const bool unsafe = a.attr == "unsafe";
            unsafe_ += unsafe;
            struct Restore {
                int &n;
                bool on;
                ~Restore() { n -= on; }
            } restore{unsafe_, unsafe};
            return lower(*a.exp, scope);
        }
        case ExpKind::Match: {
            auto &m = static_cast<const Match &>(e);
            if (m.cases.empty())
                break;
            return lower_cases(m, lower(*m.scrutinee, scope), scope, 0);
        }
        case ExpKind::Ctor: {
            auto &c = static_cast<const CtorExp &>(e);
            std::vector<LValPtr> args;
            for (const ExpPtr &x : c.args)
                args.push_back(lower(*x, scope));
            return construct(sum_of(e.type, e.loc), c.name, std::move(args), scope, e.loc);
        }
        }
        throw CompilerLimitation(e.loc, "this construct is not supported by the compiler yet");
    }
};

} // namespace

bool crosses_entry(const TypePtr &t, bool results) {
    if (!t)
        return false;
    switch (t->kind) {
    case Type::Kind::Prim:
        return true;
    case Type::Kind::Array: // an array of `()` has no leaf to carry its size (no_data_message)
        return holds_no_data(t->elem) ? results : crosses_entry(t->elem, results);
    case Type::Kind::Tuple:
        for (const TypePtr &e : t->elems)
            if (!crosses_entry(e, results))
                return false;
        return true;
    case Type::Kind::Record:
    case Type::Kind::Sum:
        for (const auto &f : t->fields)
            if (f.second ? !crosses_entry(f.second, results && t->kind == Type::Kind::Record)
                         : t->kind == Type::Kind::Record)
                return false;
        return true;
    default:
        return false;
    }
}

ir::Module lower_program(const Program &prog, const std::string &entry,
                         ConstantArgs *constants) {
    Lowerer l(prog, constants);
    return l.lower_entry(entry);
}

} // namespace loom

// Note [Lowered values]
// During lowering a source value is an LVal tree: an Atom (an IR SubExp and its IR type:
// a scalar or an array of scalars), a Tuple (tuples and records; record fields in name
// order, as in the checked type), or a Func (a function known at compile time: its arity,
// the arguments applied so far and how to inline it).  An array of tuples is a Tuple of
// arrays, so `zip` costs nothing and SOACs take one input per leaf.  An array of what has
// no leaves (`[n]()`, a size's witness) is a Tuple of none that keeps its sizes
// (LVal::unit_dims, those of its elements' own arrays of no leaves in its elems) where
// it is made by replicate, rep, a literal or a SOAC (lower_map, lower_reduce_like, ...),
// passed on, indexed (index_unit_array), chosen by an If (lower_if) or carried by a loop
// (as i64 loop values, lower_loop).  In an array of tuples with leaves, each component
// of no leaves keeps the array's sizes (array_shape, row_shape).  Where they are lost, a
// size read from it is a CompilerLimitation.  Only Atoms reach the
// IR; Funcs must disappear, or lowering reports a CompilerLimitation.

// Note [Which definition]
// A name may be defined again later: in one program the checker names the later
// definition apart ("f#3"), so what came before keeps the earlier one, as in Futhark; a
// REPL session's inputs are programs of their own, and there a redefinition of the same
// type keeps the name (Note [Redefinition] in session/Session.cpp).  Lowering resolves
// names as the interpreter does: the interpreter looks a top-level name up when the code
// using it runs, so a function sees the last definition of the names it uses, even one
// made after it (the REPL's `def f`, `def g = ... f ...`, `def f` again: g calls the new
// f), while a top-level constant, evaluated when it is defined, sees the definitions
// before it.  Prelude code sees only the prelude.

// Note [Sum types]
// A value of sum type `#c0 p0 | #c1 p1 ...` (constructors in name order, as the checked
// type lists them) is the Tuple (tag, payload_0, payload_1, ...): the tag is an i8 (i32
// past 127 constructors) holding the constructor's index, and payload_k is a Tuple of the
// constructor's arguments.  A constructor fills the other constructors' payloads with
// zeros (default_value), so every sum value has the same leaves, an If or a loop can carry
// it, an array of sums is one array per leaf, and `==` is leafwise equality (the unused
// payloads are equal zeros on both sides).  An unused payload array whose size the type
// leaves unknown (`#some ([]i32)`) is empty; other sizes must be known where the
// constructor is lowered (a CompilerLimitation otherwise).  At an entry's boundary
// the flat parameters and results are these leaves too: EntryValues writes the tag and
// zeros for the payloads a value does not hold (of the sizes the arguments give), and
// reads only the held constructor's payload back.

// Note [Recursive functions]
// Loom allows recursion (as Futhark does); the compiler inlines everything else.  A
// top-level definition is applied by inlining it (inline_top) while it is recorded in
// `inlining_`; applying it again through a name used inside its own inlining (directly or
// via other definitions) throws Recursive, which unwinds to its outermost inlining.  That
// one drops what it emitted, marks the definition recursive, and calls an IR function
// instead (call_recursive).  The function is made once per definition and argument types
// (element type and rank of each leaf): every array size of the arguments is its own size
// parameter, and every array size of the result is existential (Function::ret_sizes), so
// the body's own sizes need no relation to the caller's; conform_result then gives the
// caller the declared result sizes.  A function argument is no IR value: the IR function
// is made once per function passed too (its identity, FnVal::identity, in the key), the
// argument inlined where the body calls it; the checker makes each recursive call pass
// its function parameters on unchanged (Futhark's rule), so the calls inside find that
// same IR function.  What the function captured from the caller (`\y -> y + k`) is used
// in the body without being bound there: Captures.h makes those variables parameters.
// Calls count their depth and fail past ApplyExp::max_depth with the interpreter's message.
