// The type checker: expressions and patterns.
#include "frontend/TypeCheck_Internal.h"

#include "core/SizePoly.h"

#include <algorithm>
#include <functional>

namespace loom {
namespace internal {

namespace {
constexpr uint16_t bit(PrimType p) { return (uint16_t)(1u << (int)p); }
constexpr uint16_t kSigned = bit(PrimType::I8) | bit(PrimType::I16) | bit(PrimType::I32) | bit(PrimType::I64);
constexpr uint16_t kUnsigned = bit(PrimType::U8) | bit(PrimType::U16) | bit(PrimType::U32) | bit(PrimType::U64);
constexpr uint16_t kInts = kSigned | kUnsigned;
constexpr uint16_t kFloats = bit(PrimType::F16) | bit(PrimType::F32) | bit(PrimType::F64);
constexpr uint16_t kNumeric = kInts | kFloats;
constexpr uint16_t kAll = kNumeric | bit(PrimType::Bool);

TypePtr i64t() { return Type::prim_type(PrimType::I64); }
TypePtr boolt() { return Type::prim_type(PrimType::Bool); }

bool contains_function_type(const TypePtr &t) {
    if (!t) return false;
    switch (t->kind) {
    case Type::Kind::Func: return true;
    case Type::Kind::Array: return contains_function_type(t->elem);
    case Type::Kind::Tuple:
        for (auto &e : t->elems)
            if (contains_function_type(e)) return true;
        return false;
    case Type::Kind::Record:
    case Type::Kind::Sum:
        for (auto &f : t->fields)
            if (contains_function_type(f.second)) return true;
        return false;
    default: return false;
    }
}

template <typename T> std::shared_ptr<T> make_exp(const SrcLoc &loc) {
    auto e = std::make_shared<T>();
    e->loc = loc;
    return e;
}
}  // namespace

bool Checker::is_builtin_op(const std::string &op) const {
    static const std::set<std::string> ops = {"+",  "-",  "*",  "/",  "%",  "//", "%%", "**",
                                              "==", "!=", "<",  "<=", ">",  ">=", "&",  "|",
                                              "^",  "<<", ">>", ">>>", "&&", "||", "|>", "<|",
                                              ">->", "<-<"};
    return ops.count(op) > 0;
}

// The type of a built-in operator as a curried function.
TypePtr Checker::builtin_op_type(const std::string &op, const SrcLoc &loc) {
    auto bin = [](TypePtr a, TypePtr b, TypePtr r) { return Type::func(a, Type::func(b, r)); };
    if (op == "+" || op == "-" || op == "*" || op == "/" || op == "%" || op == "**") {
        auto a = fresh_prim(loc, kNumeric);
        return bin(a, a, a);
    }
    // `//` and `%%` are the prelude's `integral` operations, as in Futhark.
    if (op == "//" || op == "%%" || op == "&" || op == "|" || op == "^" || op == "<<" || op == ">>" ||
        op == ">>>") {
        auto a = fresh_prim(loc, kInts);
        return bin(a, a, a);
    }
    if (op == "&&" || op == "||") return bin(boolt(), boolt(), boolt());
    if (op == "==" || op == "!=") {
        auto a = fresh(loc);
        tvars_[var_index(a->var)].eq = true;
        return bin(a, a, boolt());
    }
    if (op == "<" || op == "<=" || op == ">" || op == ">=") {
        auto a = fresh_prim(loc, kAll);
        return bin(a, a, boolt());
    }
    auto a = fresh(loc), b = fresh(loc), c = fresh(loc);
    if (op == "|>") return bin(a, Type::func(a, b), b);
    if (op == "<|") return bin(Type::func(a, b), a, b);
    if (op == ">->") return bin(Type::func(a, b), Type::func(b, c), Type::func(a, c));
    if (op == "<-<") return bin(Type::func(b, c), Type::func(a, b), Type::func(a, c));
    throw CompileError(loc, "Unknown operator `" + op + "`");
}

// `i32.+`: a built-in operator through a numeric module's namespace, i.e. the
// operator at that one type.  Returns null when `name` is not of that form.
std::optional<PrimType> Checker::prim_builtin_op(const std::string &name, std::string &op) const {
    size_t dot = name.find('.');
    if (dot == std::string::npos || dot == 0) return std::nullopt;
    auto prim = prim_from_name(name.substr(0, dot));
    if (!prim || !is_builtin_op(name.substr(dot + 1))) return std::nullopt;
    op = name.substr(dot + 1);
    return prim;
}

TypePtr Checker::qualified_op_type(const std::string &name, const SrcLoc &loc, std::string *bare) {
    std::string op;
    auto prim = prim_builtin_op(name, op);
    if (!prim) return nullptr;
    TypePtr ft = builtin_op_type(op, loc);
    TypePtr p = resolve(ft->param);
    if (p->kind == Type::Kind::TypeVar) {
        try {
            unify(p, Type::prim_type(*prim), DimMode::Strict);
        } catch (Mismatch &) {
            throw CompileError(loc, "Unknown name `" + name + "`: `" + op + "` is not defined for " +
                                        prim_name(*prim));
        }
    }
    if (bare) *bare = op;
    return ft;
}

// Inside `M.(e)` with M a numeric module, a built-in operator works at M's type.
void Checker::constrain_to_open_module(const std::string &op, const TypePtr &ft) {
    for (size_t i = open_mods_.size(); i-- > 0;) {
        auto prim = prim_from_name(open_mods_[i]);
        if (!prim) continue;
        if (!is_builtin_op(op) || op == "<<" || op == ">>" || op == ">>>") return;
        TypePtr f = resolve(ft);
        if (f->kind != Type::Kind::Func) return;
        TypePtr p = resolve(f->param);
        if (p->kind != Type::Kind::TypeVar || var_index(p->var) < 0 || !tvars_[var_index(p->var)].prim) return;
        try {
            unify(p, Type::prim_type(*prim), DimMode::Strict);
        } catch (Mismatch &) {
        }
        return;
    }
}

// Whether a user definition of built-in operator `op` is in scope (`def (+) ...`): it
// shadows the built-in, for primitive operands too.
bool Checker::user_shadows_op(const std::string &op) {
    if (!is_builtin_op(op))
        return false;
    if (find_local(op))
        return true;
    auto it = env_.vals.find(op);
    return it != env_.vals.end() && !it->second->from_prelude && !env_.checking_prelude;
}

// An operator used as a value: a user definition in scope, else the built-in.  targs
// receive a polymorphic definition's type arguments (Var::type_args), final at the end.
TypePtr Checker::op_value_type(const std::string &op, const SrcLoc &loc, std::vector<TypePtr> *targs) {
    if (targs) {
        targs->clear();
        touched_targs_.push_back(targs);
    }
    if (auto l = find_local(op)) {
        if (l->self) self_uses_++;
        if (l->scheme) return instantiate(*l->scheme, targs);
        return l->type;
    }
    auto it = env_.vals.find(op);
    if (it != env_.vals.end() && (!is_builtin_op(op) || !it->second->from_prelude || env_.checking_prelude))
        return instantiate(it->second->scheme, targs);
    if (is_builtin_op(op)) return builtin_op_type(op, loc);
    throw CompileError(loc, "Unknown name `" + op + "`");
}

TypePtr Checker::check_var(ExpPtr &e) {
    auto *v = e->as<Var>();
    if (v->written.empty()) v->written = v->name;
    else v->name = v->written;
    remember_name(v->name);
    // Inside `M.(e)`, M's names come first: `f32.(sqrt x)` means `f32.sqrt x`.
    if (!open_mods_.empty() && v->name.find('.') == std::string::npos)
        for (size_t i = open_mods_.size(); i-- > 0;)
            if (env_.vals.count(open_mods_[i] + "." + v->name)) {
                v->name = open_mods_[i] + "." + v->name;
                break;
            }
    if (std::string g = global_name(v->name); !g.empty())
        v->name = g;
    else if (!find_local(v->name.substr(0, v->name.find('.'))) && in_module(v->name))
        // not a member (or hidden): its flat name does not count
        throw CompileError(e->loc, "Unknown name `" + v->name + "`: the module has no member `" +
                                       v->name.substr(v->name.rfind('.') + 1) + "`" +
                                       name_hint(v->name));
    if (!find_local(v->name) && !env_.vals.count(v->name)) {
        std::string bare;
        if (auto qt = qualified_op_type(v->name, e->loc, &bare)) {
            v->name = bare;  // the interpreter applies the built-in at the checked type
            return qt;
        }
    }
    const std::string &name = v->name;
    if (auto l = find_local(name)) {
        if (l->self) {
            self_uses_++;
            if (l->fun && l->fun->name != name) v->name = l->fun->name;  // a module member's flat name
        }
        if (l->scheme) {
            touched_vars_.push_back(v);
            return instantiate(*l->scheme, &v->type_args);
        }
        return l->type;
    }
    auto it = env_.vals.find(name);
    if (it != env_.vals.end()) {
        touched_vars_.push_back(v);
        v->type_args.clear();
        TypePtr t = instantiate(it->second->scheme, &v->type_args);
        if (!it->second->from_prelude && !it->second->intrinsic) note_unwitnessed_sizes(it->second->scheme, name, e->loc);
        return t;
    }
    if (is_builtin_op(name)) return builtin_op_type(name, e->loc);
    // `r.x.0`: a value followed by field projections.
    for (size_t pos = name.rfind('.'); pos != std::string::npos && pos > 0;
         pos = name.rfind('.', pos - 1)) {
        std::string prefix = name.substr(0, pos);
        if (!name_known(prefix)) {
            if (pos == 0) break;
            continue;
        }
        auto base = make_exp<Var>(e->loc);
        base->name = prefix;
        base->loc.end_col = 0;
        ExpPtr cur = base;
        size_t start = pos + 1;
        while (start <= name.size()) {
            size_t next = name.find('.', start);
            std::string field = name.substr(start, next == std::string::npos ? std::string::npos : next - start);
            auto p = make_exp<Project>(e->loc);
            p->target = cur;
            p->field = field;
            cur = p;
            if (next == std::string::npos) break;
            start = next + 1;
        }
        // The replaced node stays alive: callers may hold references into it (its loc).
        synthetic_.push_back(e);
        e = cur;
        return check(e);
    }
    throw CompileError(e->loc, "Unknown name `" + name + "`" + name_hint(name));
}

Dim Checker::dim_of_arg(const Exp *arg) {
    if (auto il = arg->as<IntLit>()) return Dim::constant((int64_t)il->value);
    if (auto v = arg->as<Var>()) {
        if (v->name.find('.') == std::string::npos && find_local(v->name))
            return Dim::var(v->name);
        // A top-level constant is a size too (`replicate two x : [two]i32`), a module's
        // by its flat name (`nbs` inside the module, `[(n - 1) / nbs + 1]`).
        std::string flat = lookup_val(v->name);
        auto g = flat.empty() ? env_.vals.end() : env_.vals.find(flat);
        if (g != env_.vals.end() && !g->second->function && g->second->scheme.type->kind == Type::Kind::Prim &&
            g->second->scheme.type->prim == PrimType::I64)
            return Dim::var(flat);
    }
    if (auto a = arg->as<Ascript>()) return dim_of_arg(a->exp.get());
    // Note [Size expressions]: `n + 1`, `n * m`, `n - k`, `2 ** k`.
    if (auto b = arg->as<BinOp>(); b && !b->backtick && !b->user_op && is_size_op(b->op))
        return size_exp(b->op, dim_of_arg(b->lhs.get()), dim_of_arg(b->rhs.get()));
    // `size n`, `i64.i32 n`: a call of a function (not a local one) on sizes or other
    // integers, which each backend makes where the size is needed.
    if (auto ap = arg->as<Apply>()) {
        auto fn = ap->fn->as<Var>();
        if (!fn || (fn->name.find('.') == std::string::npos && find_local(fn->name))) return Dim::any();
        std::string flat = lookup_val(fn->name);
        auto g = flat.empty() ? env_.vals.end() : env_.vals.find(flat);
        if (g == env_.vals.end() || !g->second->function) return Dim::any();
        std::vector<Dim> args;
        for (const ExpPtr &a : ap->args) {
            TypePtr at = a->type ? resolve(a->type) : nullptr;
            // (An argument of another integer type is a size's value too: `[i64.i32 n]`.)
            if (!at || at->kind != Type::Kind::Prim || !is_int(at->prim)) return Dim::any();
            args.push_back(dim_of_arg(a.get()));
            if (args.back().kind == Dim::Kind::Any) return Dim::any();
        }
        return Dim::call(flat, std::move(args));
    }
    return Dim::any();
}

TypePtr Checker::apply_arg_type(TypePtr ft, const TypePtr &at, const Exp *arg, int argno,
                                const std::string &fname, const SrcLoc &loc) {
    ft = resolve(ft);
    const std::string name = shown_name(fname);
    std::string fdesc = name.empty() ? std::string("expression") : "`" + name + "`";
    if (ft->kind == Type::Kind::TypeVar && var_index(ft->var) >= 0) {
        std::string before = describe(ft);
        try {
            auto r = fresh(loc);
            unify(ft, Type::func(fresh(loc), r), DimMode::Strict);
        } catch (Mismatch &) {
            throw CompileError(loc, "Cannot apply " + fdesc + " to an argument: it has " + before +
                                        ", which is not a function type");
        }
        ft = resolve(ft);
    }
    if (ft->kind != Type::Kind::Func) {
        if (argno == 1)
            throw CompileError(loc, "Cannot apply " + fdesc + " of non-function type `" + show(ft) + "`");
        throw CompileError(loc, "Cannot apply " + fdesc + " to " + std::to_string(argno) +
                                    " arguments: its result after " + std::to_string(argno - 1) +
                                    " argument(s) has non-function type `" + show(ft) + "`");
    }
    std::string what = "argument " + std::to_string(argno) +
                       (name.empty() ? std::string() : " of `" + name + "`");
    // A function whose result size depends on its argument (`iota`, `\k -> iota k`)
    // cannot be passed where a plain function `a -> b` is expected: the results
    // would be arrays of different sizes (irregular).
    {
        TypePtr af = resolve(at), pf = resolve(ft->param);
        if (af->kind == Type::Kind::Func && !af->param_name.empty() && pf->kind == Type::Kind::Func &&
            pf->param_name.empty()) {
            std::set<std::string> rn;
            dim_names(zonk(af->result, false), rn);
            // Only where the results become the elements of one array (map's `[n]b`);
            // `n |> iota` is fine.
            TypePtr rb = resolve(pf->result);
            std::function<bool(const TypePtr &)> in_array = [&](const TypePtr &t0) {
                TypePtr t = resolve(t0);
                switch (t->kind) {
                case Type::Kind::Array: {
                    TypePtr el = resolve(t->elem);
                    return (el->kind == Type::Kind::TypeVar && el->var == rb->var) || in_array(t->elem);
                }
                case Type::Kind::Tuple:
                    for (auto &x : t->elems)
                        if (in_array(x)) return true;
                    return false;
                case Type::Kind::Record:
                    for (auto &x : t->fields)
                        if (in_array(x.second)) return true;
                    return false;
                case Type::Kind::Func: return in_array(t->result);
                default: return false;
                }
            };
            if (rn.count(af->param_name) && rb->kind == Type::Kind::TypeVar && in_array(ft->result))
                throw CompileError(arg ? arg->loc : loc,
                                   "Dimensions do not match: " + what + " is a function whose result size "
                                   "depends on its argument (an existential size per call), so the results "
                                   "would be irregular arrays");
        }
    }
    try {
        expect(ft->param, at, arg ? arg->loc : loc, what);
    } catch (CompileError &) {
        // Note [Size expressions]: an argument whose size is no expression of the
        // parameter's declared form (not one a size variable was bound to) leaves
        // those sizes unknown.
        bool exps = false;
        map_dims(ft->param, [&](const Dim &d) {
            exps |= d.kind == Dim::Kind::Exp;
            return d;
        });
        if (!exps) throw;
        TypePtr lenient = without_size_exps(ft->param);
        expect(lenient, at, arg ? arg->loc : loc, what);
    }
    TypePtr r = ft->result;
    if (!ft->param_name.empty()) r = subst_dim(r, ft->param_name, arg ? dim_of_arg(arg) : Dim::any());
    // The unknown result sizes of a fully applied prelude function (`++`, filter)
    // are existential: they match no declared size.
    if (!fname.empty() && resolve(r)->kind != Type::Kind::Func && !find_local(fname)) {
        auto g = env_.vals.find(fname);
        // A declared result that is just a type parameter (`copy`, `id`) has the sizes
        // of the argument, not unknown ones: `[copy xs, copy xs]` is regular.
        bool result_is_tparam = false;
        TypePtr declared;
        if (g != env_.vals.end() && g->second->scheme.type) {
            declared = g->second->scheme.type;
            while (declared && declared->kind == Type::Kind::Func) declared = declared->result;
            result_is_tparam = declared && declared->kind == Type::Kind::TypeVar;
        }
        // Only the sizes the declaration leaves unknown: an argument's own unknown size
        // (`zip s p`, p's rows of unknown size) stays as lenient as it was.
        if (g != env_.vals.end() && g->second->from_prelude && !result_is_tparam) {
            std::map<std::string, Dim> named;
            r = existentialise_declared(r, declared, named);
        }
    }
    return r;
}

TypePtr Checker::apply_type(TypePtr ft, ExpPtr &arg, int argno, const std::string &fname,
                            const SrcLoc &loc) {
    TypePtr at = check(arg);
    return apply_arg_type(ft, at, arg.get(), argno, fname, loc);
}

// The function type of an operator used in a binop or a section: a backtick function
// (`x \`f\` y`), a name from a locally opened module, a qualified operator (`i32.+`), or
// a built-in or user-defined operator.  May rewrite `op` to the name it resolved to.
TypePtr Checker::operator_type(std::string &op, bool backtick, const SrcLoc &loc, std::vector<TypePtr> &targs) {
    remember_name(op);
    if (backtick) {
        auto v = make_exp<Var>(loc);
        v->name = op;
        ExpPtr ve = v;
        synthetic_.push_back(ve); // alive while a loop's trial check may rename it
        TypePtr ft = check(ve);
        synthetic_.push_back(ve); // what check may have replaced it with
        targs.clear();
        if (const Var *r = ve->as<Var>()) {
            op = r->name;  // a module member's flat name
            targs = r->type_args;
            touched_targs_.push_back(&targs);
        }
        return ft;
    }
    for (size_t i = open_mods_.size(); i-- > 0;)
        if (env_.vals.count(open_mods_[i] + "." + op)) {
            op = open_mods_[i] + "." + op;
            break;
        }
    if (std::string g = global_name(op); !g.empty()) op = g;
    std::string bare;
    TypePtr ft;
    targs.clear();
    if (!find_local(op) && !env_.vals.count(op) && (ft = qualified_op_type(op, loc, &bare))) {
        op = bare;
        return ft;
    }
    ft = op_value_type(op, loc, &targs);
    constrain_to_open_module(op, ft);
    return ft;
}

TypePtr Checker::check_binop(ExpPtr &e) {
    auto *b = e->as<BinOp>();
    TypePtr ft = operator_type(b->op, b->backtick, b->op_loc, b->type_args);
    b->user_op = !b->backtick && user_shadows_op(b->op);
    std::string what = "operator `" + shown_name(b->op) + "`";
    TypePtr lt = check(b->lhs);
    TypePtr rt = check(b->rhs);
    auto r = apply_arg_type(ft, lt, b->lhs.get(), 1, b->op, b->op_loc);
    return apply_arg_type(r, rt, b->rhs.get(), 2, b->op, b->op_loc);
}

// A slice bound as a polynomial of the variables it adds, subtracts and multiplies (by
// name: both bounds are in one scope).
static std::optional<SizePoly<std::string>> bound_poly(const Exp &e, int depth) {
    if (depth > 16) return std::nullopt;
    if (auto *l = e.as<IntLit>()) return SizePoly<std::string>{{{}, l->value}};
    if (auto *v = e.as<Var>()) return SizePoly<std::string>{{{v->name}, 1}};
    auto *b = e.as<BinOp>();
    if (!b || b->backtick || b->user_op || (b->op != "+" && b->op != "-" && b->op != "*")) return std::nullopt;
    auto l = bound_poly(*b->lhs, depth + 1), r = bound_poly(*b->rhs, depth + 1);
    if (!l || !r) return std::nullopt;
    auto out = size_poly_combine(b->op[0], *l, *r);
    if (out.size() > size_poly_max_terms) return std::nullopt;
    return out;
}

// The size of slice `start:end` where the bounds differ by a constant or by one variable
// in scope whatever their other variables are (`xs[i:i+2]`, `xs[2*i:2*(i+1)]`,
// `xs[i:i+k]`, `xs[i*k:(i+1)*k]`): rows of a map that slices so are regular (compiled
// code knows the same size: Lower's known_slice_size).  No start is 0.
std::optional<Dim> Checker::bounds_differ_by(const Exp *start, const Exp &end) {
    auto a = start ? bound_poly(*start, 0) : SizePoly<std::string>{}, b = bound_poly(end, 0);
    if (!a || !b) return std::nullopt;
    if (auto c = size_poly_constant_difference(*a, *b)) return Dim::constant(*c);
    if (auto v = size_poly_variable_difference(*a, *b); v && name_known(*v)) return Dim::var(*v);
    return std::nullopt;
}

TypePtr Checker::check_slice(TypePtr arr, std::vector<DimIndex> &slice, const SrcLoc &loc, bool to_write) {
    for (auto &di : slice) {
        if (di.is_range) {
            for (ExpPtr *p : {&di.start, &di.end, &di.stride})
                if (*p) expect(i64t(), check(*p), (*p)->loc, "slice bound must be i64");
        } else {
            // An index may be of any integer type, a slice's bounds only i64 (sizes), as
            // in Futhark; one whose type is not known yet is an integer, i64 unless
            // something else fixes it (`map (\i -> xs[i]) is` with is: []i32).
            TypePtr it = resolve(check(di.index));
            if (it->kind == Type::Kind::TypeVar && var_index(it->var) >= 0 && !tvars_[var_index(it->var)].bound) {
                expect(fresh_prim(di.index->loc, kInts), it, di.index->loc, "index must be an integer");
                index_types_.push_back(it);
            } else if (!(it->kind == Type::Kind::Prim && is_int(it->prim))) {
                expect(i64t(), it, di.index->loc, "index must be an integer");
            }
        }
    }
    arr = resolve(arr);
    if (arr->kind == Type::Kind::TypeVar && var_index(arr->var) >= 0) {
        std::vector<Dim> shape;
        for (size_t i = 0; i < slice.size(); i++) shape.push_back(fresh_dim());
        auto t = Type::array(fresh(loc), shape);
        try {
            unify(arr, t, DimMode::Strict);
        } catch (Mismatch &) {
            throw CompileError(loc, "Cannot index into a value of " + describe(arr) + " (not an array)");
        }
        arr = t;
    }
    if (arr->kind != Type::Kind::Array)
        throw CompileError(loc, "Cannot index into a value of type `" + show(arr) + "` (not an array)");
    // An element type found to be an array since (`[d]t`, t := [s]u16) adds its rank.
    if ((int)slice.size() > arr->rank()) arr = zonk(arr, false);
    if ((int)slice.size() > arr->rank()) {
        TypePtr el = resolve(arr->elem);
        if (el->kind == Type::Kind::TypeVar && var_index(el->var) >= 0) {
            std::vector<Dim> shape;
            for (size_t i = arr->rank(); i < slice.size(); i++) shape.push_back(fresh_dim());
            try {
                unify(el, Type::array(fresh(loc), shape), DimMode::Strict);
            } catch (Mismatch &) {
                throw CompileError(loc, "too many indices (" + std::to_string(slice.size()) +
                                            ") for array of type `" + show(arr) + "`");
            }
            arr = zonk(arr, false);
        } else {
            throw CompileError(loc, "too many indices (" + std::to_string(slice.size()) +
                                        ") for array of type `" + show(arr) + "`");
        }
    }
    std::vector<Dim> shape;
    for (size_t i = 0; i < arr->shape.size(); i++) {
        if (i < slice.size()) {
            auto &di = slice[i];
            if (!di.is_range) continue;
            if (!di.start && !di.end && !di.stride) {
                shape.push_back(arr->shape[i]);
                continue;
            }
            auto *step = di.stride ? di.stride->as<IntLit>() : nullptr;
            bool unit_stride = !di.stride || (step && step->value == 1);  // `xs[0:n:1]` is `xs[0:n]`
            // Constant bounds give a known size (`xs[0:3]` has size 3).
            auto *lo = di.start ? di.start->as<IntLit>() : nullptr;
            auto *hi = di.end ? di.end->as<IntLit>() : nullptr;
            // Futhark's update `iota x with [1:4] = iota v` checks v against 3 at run time.
            if (to_write && di.start && !(lo && lo->value == 0)) {
                shape.push_back(Dim::any());
                continue;
            }
            if (!di.stride && (!di.start || lo) && hi && (int64_t)hi->value >= (lo ? (int64_t)lo->value : 0))
                shape.push_back(Dim::constant((int64_t)hi->value - (lo ? (int64_t)lo->value : 0)));
            else if (auto d = unit_stride && di.end ? bounds_differ_by(di.start.get(), *di.end) : std::nullopt)
                shape.push_back(*d);
            else shape.push_back(Dim::any());
        } else {
            shape.push_back(arr->shape[i]);
        }
    }
    if (shape.empty()) return arr->elem;
    return Type::array(arr->elem, shape);
}

TypePtr Checker::check_lambda(Lambda &lam) {
    struct DepthGuard {
        int &d;
        explicit DepthGuard(int &x) : d(x) { ++d; }
        ~DepthGuard() { --d; }
    } depth_guard(lambda_depth_);
    size_t mark = scope_mark();
    std::set<std::string> names;
    std::vector<TypePtr> ptypes;
    for (auto &p : lam.params) {
        std::vector<Local> binds;
        TypePtr t = fresh(p->loc);
        // A `[]` in a parameter's type is inferred from the arguments, as in Futhark
        // (`map (\(r: []f64) -> ...) rows` has the rows' size).
        resolve_param_types(p, SizeCtx::Body, nullptr, true, false);
        check_pat(p, t, names, false, binds);
        bind_pat_locals(binds);
        ptypes.push_back(p->type ? p->type : t);
    }
    TypePtr rt = check(lam.body);
    if (lam.ret_type) {
        auto decl = resolve_type_exp(lam.ret_type, SizeCtx::Ret, nullptr);
        expect(decl, rt, lam.body->loc, "lambda body does not match its return type");
        rt = decl;
    }
    std::set<std::string> bound;
    for (size_t i = mark; i < locals_.size(); i++) bound.insert(locals_[i].name);
    pop_scope(mark);
    // A result size that is a parameter keeps it: `\k -> iota k` : (k: i64) -> [k]i64.
    std::set<std::string> later;
    dim_names(zonk(rt, false), later);
    std::vector<std::string> pnames(lam.params.size());
    for (size_t i = 0; i < lam.params.size(); i++) {
        const Pat *q = lam.params[i].get();
        while (q && q->kind == Pat::Kind::Ascript) q = q->inner.get();
        if (q && q->kind == Pat::Kind::Id && later.count(q->name)) {
            pnames[i] = q->name;
            bound.erase(q->name);
        }
    }
    rt = forget_dims(rt, bound);
    TypePtr ft = rt;
    for (size_t i = ptypes.size(); i-- > 0;) ft = Type::func(ptypes[i], ft, pnames[i]);
    return ft;
}

// t with each array dimension replaced by f(it), in order (sum types' payloads kept).
template <typename F> static TypePtr replace_dims(const TypePtr &t, F &&f) {
    switch (t->kind) {
    case Type::Kind::Array: {
        std::vector<Dim> shape;
        for (const Dim &d : t->shape) shape.push_back(f(d));
        TypePtr e = replace_dims(t->elem, f);
        return Type::array(e, shape, t->unique);
    }
    case Type::Kind::Tuple: {
        std::vector<TypePtr> es;
        for (auto &e : t->elems) es.push_back(replace_dims(e, f));
        return Type::tuple(es);
    }
    case Type::Kind::Record: {
        auto fs = t->fields;
        for (auto &fd : fs) fd.second = replace_dims(fd.second, f);
        return Type::record(fs);
    }
    default: return t;
    }
}

static TypePtr all_dims_any(const TypePtr &t) {
    return replace_dims(t, [](const Dim &) { return Dim::any(); });
}

TypePtr Checker::check_loop(Loop &lp) {
    size_t mark = scope_mark();
    if (!lp.init) {
        // `loop x for ...` means `loop x = x for ...`.
        const Pat *p = lp.pat.get();
        while (p && p->kind == Pat::Kind::Ascript) p = p->inner.get();
        if (!p || p->kind != Pat::Kind::Id)
            throw CompileError(lp.loc, "a loop without an initial value needs a plain variable");
        auto v = make_exp<Var>(p->loc);
        v->name = p->name;
        lp.init = v;
    }
    TypePtr it = check(lp.init);
    for (auto &s : lp.sizes) bind_local(s, i64t());
    TypePtr init = zonk(it, false);
    std::vector<Dim> kept;
    // (Loops nested in a trial's body have trials too, two deep: each level checks the
    // levels below it twice more.)
    if (!lp.pat->type && lp.sizes.empty() && loop_trials_ < 2) kept = loop_kept_sizes(lp, init);
    // The body is checked with unknown sizes where they may change from one iteration
    // to the next, and with those it keeps (kept: the trial's) where they do not, as
    // Futhark does (`loop xs for ... do step xs` with xs: [a + b] and step's parameter
    // [n + m]); kept says which of them the loop's result has.
    TypePtr pt = all_dims_any(init);
    if (!kept.empty()) {
        size_t k = 0, count = 0;
        replace_dims(init, [&](const Dim &d) {
            count++;
            return d;
        });
        if (count == kept.size())
            pt = replace_dims(init, [&](const Dim &) {
                const Dim &d = kept[k++];
                return d.kind == Dim::Kind::Var && d.name[0] == '!' ? Dim::any() : d;
            });
    }
    TypePtr bt = check_loop_body(lp, pt);
    TypePtr result = lp.pat->type ? lp.pat->type : pt;
    expect(result, bt, lp.body->loc, "the loop body's type does not match the loop parameter",
           DimMode::Lenient);
    if (lp.pat->type)
        check_known_sizes(lp.pat->type, bt, std::set<std::string>(lp.sizes.begin(), lp.sizes.end()),
                          lp.body->loc, "the loop body's type does not match the loop parameter");
    pop_scope(mark);
    std::set<std::string> sz(lp.sizes.begin(), lp.sizes.end());
    std::set<std::string> pn;
    pat_names(*lp.pat, pn);
    sz.insert(pn.begin(), pn.end());
    result = forget_dims(result, sz);
    size_t dims = 0;
    result = zonk(result, false);
    replace_dims(result, [&](const Dim &d) {
        dims++;
        return d;
    });
    // (A parameter whose type was open before the loop may have more sizes now.)
    if (!kept.empty() && dims == kept.size()) {
        size_t k = 0;
        result = replace_dims(result, [&](const Dim &) { return kept[k++]; });
    }
    return result->with_unique(false);
}

TypePtr Checker::check_loop_body(Loop &lp, const TypePtr &pt) {
    std::set<std::string> names;
    std::vector<Local> pbinds;
    check_pat(lp.pat, pt, names, false, pbinds);
    expect(lp.pat->type ? lp.pat->type : pt, lp.init->type, lp.init->loc,
           "initial value of the loop does not match the loop parameter", DimMode::Lenient);
    if (lp.pat->type)
        check_known_sizes(lp.pat->type, lp.init->type,
                          std::set<std::string>(lp.sizes.begin(), lp.sizes.end()), lp.init->loc,
                          "initial value of the loop does not match the loop parameter");
    switch (lp.form) {
    case Loop::Form::For: {
        TypePtr bt = check(lp.bound);
        expect(fresh_prim(lp.bound->loc, kInts), bt, lp.bound->loc, "loop bound must be an integer");
        bind_pat_locals(pbinds);
        bind_local(lp.index_name, bt);
        break;
    }
    case Loop::Form::ForIn: {
        TypePtr at = resolve(check(lp.bound));
        if (at->kind == Type::Kind::TypeVar && var_index(at->var) >= 0) {
            auto t = Type::array(fresh(lp.bound->loc), {fresh_dim()});
            expect(t, at, lp.bound->loc, "`for ... in` needs an array");
            at = t;
        }
        if (at->kind != Type::Kind::Array)
            throw CompileError(lp.bound->loc, "`for ... in` needs an array, but got `" + show(at) + "`");
        bind_pat_locals(pbinds);
        std::vector<Local> ebinds;
        std::set<std::string> enames;
        check_pat(lp.elem_pat, at->row_type(), enames, false, ebinds);
        bind_pat_locals(ebinds);
        break;
    }
    case Loop::Form::While: {
        bind_pat_locals(pbinds);
        expect(boolt(), check(lp.bound), lp.bound->loc, "loop condition must be bool");
        break;
    }
    }
    return check(lp.body);
}

std::vector<Dim> Checker::loop_kept_sizes(Loop &lp, const TypePtr &init) {
    // Only sizes known before the loop can be compared (an open one is not known yet).
    std::vector<Dim> before;
    replace_dims(init, [&](const Dim &d) {
        before.push_back(resolve_dim(d));
        return d;
    });
    if (before.empty())
        return {};
    // Everything the check may change, to undo it (the body is then checked again).
    const std::vector<VarInfo> tvars = tvars_;
    const std::vector<Dim> dvars = dvars_;
    const std::vector<bool> dbound = dbound_;
    const std::set<int> met_any = dims_met_any_;
    const size_t n_exps = touched_exps_.size(), n_pats = touched_pats_.size(),
                 n_vars = touched_vars_.size(), n_funs = touched_funs_.size(),
                 n_types = touched_types_.size(), n_targs = touched_targs_.size(), n_ambig = ambig_candidates_.size(),
                 n_locals = locals_.size(), n_open = open_mods_.size(), n_names = trial_names_.size(),
                 n_index = index_types_.size();
    const int self_uses = self_uses_, lambda_depth = lambda_depth_;
    std::vector<Dim> kept;
    loop_trials_++;
    try {
        TypePtr bt = check_loop_body(lp, init);
        expect(init, bt, lp.body->loc, "", DimMode::Lenient);
        std::vector<Dim> after;
        replace_dims(zonk(bt, false), [&](const Dim &d) {
            after.push_back(resolve_dim(d));
            return d;
        });
        for (size_t i = 0; i < before.size(); i++) {
            const Dim &x = before[i];
            bool known = x.kind == Dim::Kind::Const || x.kind == Dim::Kind::Exp ||
                         (x.kind == Dim::Kind::Var && var_index(x.name) < 0);
            if (!known || i >= after.size() || after[i].kind == Dim::Kind::Any)
                kept.push_back(Dim::any());
            else if (after[i] == x)
                kept.push_back(x);
            else if (after[i].kind == Dim::Kind::Var && var_index(after[i].name) >= 0)
                kept.push_back(Dim::any()); // still open: the body does not say
            else
                kept.push_back(fresh_exist());
        }
    } catch (const CompileError &) {
        kept.clear(); // the checks below report it, with unknown sizes
    } catch (const Mismatch &) {
        kept.clear();
    }
    loop_trials_--;
    for (size_t i = trial_names_.size(); i-- > n_names;)
        *trial_names_[i].first = trial_names_[i].second;
    trial_names_.resize(n_names);
    // Variables made by the check stay (nothing refers to them), bound to nothing.
    for (size_t i = 0; i < tvars_.size(); i++)
        if (i < tvars.size())
            tvars_[i] = tvars[i];
        else {
            tvars_[i] = VarInfo{};
            tvars_[i].bound = Type::tuple({});
        }
    for (size_t i = 0; i < dvars_.size(); i++) {
        dvars_[i] = i < dvars.size() ? dvars[i] : Dim::any();
        dbound_[i] = i < dbound.size() ? dbound[i] : true;
    }
    dims_met_any_ = met_any;
    touched_exps_.resize(n_exps);
    touched_pats_.resize(n_pats);
    touched_vars_.resize(n_vars);
    touched_funs_.resize(n_funs);
    touched_types_.resize(n_types);
    touched_targs_.resize(n_targs);
    ambig_candidates_.resize(n_ambig);
    index_types_.resize(n_index);
    locals_.resize(n_locals);
    open_mods_.resize(n_open);
    self_uses_ = self_uses;
    lambda_depth_ = lambda_depth;
    return kept;
}

TypePtr Checker::check_match(Match &m) {
    TypePtr st = check(m.scrutinee);
    TypePtr result;
    if (m.cases.empty()) throw CompileError(m.loc, "match with no cases");
    for (auto &c : m.cases) {
        size_t mark = scope_mark();
        std::set<std::string> names;
        std::vector<Local> binds;
        check_pat(c.pat, st, names, true, binds);
        bind_pat_locals(binds);
        TypePtr bt = check(c.body);
        bt = forget_dims(bt, names);
        pop_scope(mark);
        if (!result) {
            result = bt;
        } else {
            expect(result, bt, c.body->loc, "match cases have different types", DimMode::Apart);
            result = join(result, bt);
        }
    }
    return result;
}

TypePtr Checker::check(ExpPtr &e) {
    if (!e) throw InternalError("type checker: null expression");
    TypePtr t;
    switch (e->kind) {
    case ExpKind::IntLit: {
        auto *l = e->as<IntLit>();
        t = l->suffix ? Type::prim_type(*l->suffix) : fresh_prim(e->loc, kNumeric);
        break;
    }
    case ExpKind::FloatLit: {
        auto *l = e->as<FloatLit>();
        if (l->suffix && !is_float(*l->suffix))
            throw CompileError(e->loc, "a float literal cannot have type " + std::string(prim_name(*l->suffix)));
        t = l->suffix ? Type::prim_type(*l->suffix) : fresh_prim(e->loc, kFloats);
        break;
    }
    case ExpKind::BoolLit: t = boolt(); break;
    case ExpKind::StringLit:
        t = Type::array(Type::prim_type(PrimType::U8),
                        {Dim::constant((int64_t)e->as<StringLit>()->bytes.size())});
        break;
    case ExpKind::Var: {
        t = check_var(e);
        if (e->kind != ExpKind::Var) return t;  // rewritten into projections (already recorded)
        break;
    }
    case ExpKind::Tuple: {
        auto *x = e->as<TupleExp>();
        if (x->elems.size() == 1) {
            t = check(x->elems[0]);
            break;
        }
        std::vector<TypePtr> es;
        for (auto &el : x->elems) es.push_back(check(el)->with_unique(false));
        t = Type::tuple(es);
        break;
    }
    case ExpKind::Record: {
        auto *x = e->as<RecordExp>();
        std::vector<std::pair<std::string, TypePtr>> fs;
        std::set<std::string> seen;
        for (auto &f : x->fields) {
            if (!seen.insert(f.first).second)
                throw CompileError(f.second ? f.second->loc : e->loc, "field `" + f.first + "` given twice in record");
            fs.emplace_back(f.first, check(f.second)->with_unique(false));
        }
        // {0 = a, 1 = b} is the tuple (a, b).
        bool tuple_like = fs.size() != 1;
        for (size_t i = 0; i < fs.size() && tuple_like; i++) tuple_like = seen.count(std::to_string(i)) > 0;
        if (tuple_like && !fs.empty()) {
            std::vector<TypePtr> es(fs.size());
            for (auto &f : fs) es[std::stoul(f.first)] = f.second;
            t = Type::tuple(es);
        } else {
            t = Type::record(fs);
        }
        break;
    }
    case ExpKind::ArrayLit: {
        auto *x = e->as<ArrayLit>();
        TypePtr et;
        for (auto &el : x->elems) {
            TypePtr t2 = check(el);
            if (!et) et = t2;
            else expect(et, t2, el->loc, "array elements have different types");
        }
        if (!et) et = fresh(e->loc);
        t = Type::array(et->with_unique(false), {Dim::constant((int64_t)x->elems.size())});
        break;
    }
    case ExpKind::Range: {
        auto *r = e->as<RangeExp>();
        TypePtr st = check(r->start);
        expect(fresh_prim(r->start->loc, kInts), st, r->start->loc, "range bounds must be integers");
        if (r->second) expect(st, check(r->second), r->second->loc, "range elements must have the same type");
        expect(st, check(r->end), r->end->loc, "range bounds must have the same type");
        Dim d = Dim::any();
        auto *s = r->start->as<IntLit>();
        auto *en = r->end->as<IntLit>();
        if (!r->second && s && en) {
            int64_t a = (int64_t)s->value, b = (int64_t)en->value, n = 0;
            if (r->end_kind == RangeExp::End::Inclusive) n = b - a + 1;
            else if (r->end_kind == RangeExp::End::UpToExclusive) n = b - a;
            else n = a - b;
            if (n >= 0) d = Dim::constant(n);
        } else if (!r->second && s && s->value == 0 && r->end_kind == RangeExp::End::UpToExclusive) {
            d = dim_of_arg(r->end.get());
        } else if (auto *sec = r->second ? r->second->as<IntLit>() : nullptr; s && sec) {
            // The reference's other ranges of a known size: `0..1..<n` and `1..2...n`.
            bool upto = s->value == 0 && sec->value == 1 && r->end_kind == RangeExp::End::UpToExclusive;
            bool incl = s->value == 1 && sec->value == 2 && r->end_kind == RangeExp::End::Inclusive;
            if (upto || incl) d = dim_of_arg(r->end.get());
        }
        t = Type::array(st, {d});
        break;
    }
    case ExpKind::BinOp: t = check_binop(e); break;
    case ExpKind::Negate: {
        auto *x = e->as<Negate>();
        t = check(x->operand);
        expect(fresh_prim(e->loc, kNumeric), t, x->operand->loc, "negation needs a numeric operand");
        break;
    }
    case ExpKind::Not: {
        auto *x = e->as<Not>();
        t = check(x->operand);
        expect(fresh_prim(e->loc, kInts | bit(PrimType::Bool)), t, x->operand->loc,
               "`!` needs a bool or integer operand");
        break;
    }
    case ExpKind::Apply: {
        auto *x = e->as<Apply>();
        // A recursive call must pass each functional parameter on unchanged
        // (Futhark's restriction, which keeps defunctionalisation possible).
        if (auto v = x->fn->as<Var>())
            if (auto l = find_local(v->name); l && l->self && l->fun) {
                const FunDef &fd = *l->fun;
                for (size_t i = 0; i < fd.params.size(); i++) {
                    TypePtr pt = fd.params[i]->type ? zonk(fd.params[i]->type, false) : nullptr;
                    if (!pt || !contains_function_type(pt)) continue;
                    const Pat *pp = fd.params[i].get();
                    while (pp && pp->kind == Pat::Kind::Ascript) pp = pp->inner.get();
                    const Var *av = i < x->args.size() ? x->args[i]->as<Var>() : nullptr;
                    if (!pp || pp->kind != Pat::Kind::Id || !av || av->name != pp->name)
                        throw CompileError(i < x->args.size() ? x->args[i]->loc : e->loc,
                                           "recursive call of higher-order function `" + fd.name +
                                               "` must pass its functional parameter " +
                                               (pp && pp->kind == Pat::Kind::Id ? "`" + pp->name + "` " : "") +
                                               "unchanged");
                }
            }
        TypePtr ft = check(x->fn);
        std::string fname;
        if (auto v = x->fn->as<Var>()) fname = v->name;
        int n = 1;
        for (auto &a : x->args) ft = apply_type(ft, a, n++, fname, a->loc);
        t = ft;
        break;
    }
    case ExpKind::Lambda: t = check_lambda(*e->as<Lambda>()); break;
    case ExpKind::OpSection: {
        auto *x = e->as<OpSection>();
        TypePtr ft = operator_type(x->op, x->backtick, e->loc, x->type_args);
        x->user_op = !x->backtick && user_shadows_op(x->op);
        if (x->left) {
            t = apply_type(ft, x->left, 1, x->op, x->left->loc);
        } else if (x->right) {
            auto a = fresh(e->loc), b = fresh(e->loc), r = fresh(e->loc);
            expect(Type::func(a, Type::func(b, r)), ft, e->loc, "operator section");
            TypePtr rt = check(x->right);
            expect(b, rt, x->right->loc, "right operand of section `" + x->op + "`");
            // The section takes the operator's first parameter as it is, `*` too: `(<-< 1)
            // ys` consumes ys when `<-<`'s first parameter is unique.
            TypePtr rf = resolve(ft);
            bool uniq = rf && rf->kind == Type::Kind::Func && rf->param && rf->param->unique;
            t = Type::func(uniq ? resolve(a)->with_unique(true) : a, r);
        } else {
            t = ft;
        }
        break;
    }
    case ExpKind::Project: {
        auto *x = e->as<Project>();
        TypePtr tt = check(x->target);
        t = field_type(tt, x->field, e->loc);
        break;
    }
    case ExpKind::Index: {
        auto *x = e->as<Index>();
        TypePtr at = check(x->target);
        t = check_slice(at, x->slice, e->loc);
        break;
    }
    case ExpKind::Update: {
        auto *x = e->as<Update>();
        TypePtr at = check(x->target);
        TypePtr st = check_slice(at, x->slice, e->loc, true);
        expect(st, check(x->value), x->value->loc, "the value written by `with` does not match the slice");
        t = zonk(at, false)->with_unique(false);
        break;
    }
    case ExpKind::RecordUpdate: {
        auto *x = e->as<RecordUpdate>();
        TypePtr rt = check(x->target);
        TypePtr cur = rt;
        for (auto &f : x->path) {
            // Futhark: the record type must be known at this point (not merely
            // constrained to have the field); a return type is consulted too late.
            // Only outside lambdas: their parameter types may come from later
            // arguments (Futhark's argument order there is not ours to guess).
            cur = resolve(cur);
            if (cur && cur->kind == Type::Kind::TypeVar && lambda_depth_ == 0) {
                std::string n = "the record";
                if (auto *v = x->target->as<Var>()) n = "`" + v->name + "`";
                throw CompileError(x->target->loc, "Full type of " + n + " is not known at this point (add a "
                                                   "type annotation where it is bound; record update needs it)");
            }
            cur = field_type(cur, f, e->loc);
        }
        expect(cur, check(x->value), x->value->loc, "the value written by `with` does not match the field");
        t = rt;
        break;
    }
    case ExpKind::LetPat: {
        auto *x = e->as<LetPat>();
        TypePtr vt = check(x->value);
        size_t mark = scope_mark();
        for (auto &s : x->sizes) bind_local(s, i64t());
        std::set<std::string> names;
        std::vector<Local> binds;
        // `let [n] (xs: [n]t) = e` names the (unknown) sizes of e.
        TypePtr pt = x->sizes.empty() ? vt : all_dims_any(zonk(vt, false));
        check_pat(x->pat, pt->with_unique(false), names, false, binds);
        bind_pat_locals(binds);
        TypePtr bt = check(x->body);
        pop_scope(mark);
        names.insert(x->sizes.begin(), x->sizes.end());
        t = forget_dims(bt, names);
        break;
    }
    case ExpKind::LetFun: {
        auto *x = e->as<LetFun>();
        auto scheme = check_fundef(*x->fun, false);
        size_t mark = scope_mark();
        locals_.push_back({x->fun->name, scheme->type, scheme});
        t = check(x->body);
        pop_scope(mark);
        break;
    }
    case ExpKind::LetWith: {
        auto *x = e->as<LetWith>();
        auto l = find_local(x->name);
        if (!l && env_.vals.count(x->name))
            throw CompileError(x->name_loc, "`" + x->name +
                                                "` is a top-level definition, which an in-place "
                                                "update cannot consume; update a copy: `let " +
                                                x->name + " = copy " + x->name + " in ...`");
        if (!l) throw CompileError(x->name_loc, "Unknown name `" + x->name + "`");
        TypePtr at = l->type;
        x->target_type = at;
        touched_types_.push_back(&x->target_type);
        if (!x->path.empty()) {
            TypePtr cur = at;
            for (auto &f : x->path) cur = field_type(cur, f, x->name_loc);
            expect(cur, check(x->value), x->value->loc, "the value written does not match the field");
        } else {
            TypePtr st = check_slice(at, x->slice, x->name_loc, true);
            expect(st, check(x->value), x->value->loc, "the value written does not match the slice");
        }
        size_t mark = scope_mark();
        bind_local(x->name, at);
        t = check(x->body);
        pop_scope(mark);
        break;
    }
    case ExpKind::If: {
        auto *x = e->as<If>();
        expect(boolt(), check(x->cond), x->cond->loc, "the condition of `if` must be bool");
        TypePtr a = check(x->then_branch);
        TypePtr b = check(x->else_branch);
        expect(a, b, x->else_branch->loc, "the branches of `if` have different types", DimMode::Apart);
        t = join(a, b)->with_unique(false);
        break;
    }
    case ExpKind::Loop: t = check_loop(*e->as<Loop>()); break;
    case ExpKind::Match: t = check_match(*e->as<Match>()); break;
    case ExpKind::Ascript: {
        auto *x = e->as<Ascript>();
        TypePtr et = check(x->exp);
        TypePtr decl = resolve_written_sizes(x->type_exp);
        try {
            expect(decl, et, e->loc, "type ascription");
        } catch (CompileError &) {
            // Note [Size expressions]: lenient where the value's size is not that
            // expression (checked when the program runs).
            TypePtr lenient = without_size_exps(decl);
            if (type_to_string(lenient) == type_to_string(decl)) throw;
            decl = lenient;
            expect(decl, et, e->loc, "type ascription");
        }
        check_consume_compat(decl, et, e->loc);
        x->written = decl;
        touched_types_.push_back(&x->written);
        t = join(decl, et, true);
        break;
    }
    case ExpKind::Coerce: {
        auto *x = e->as<Coerce>();
        TypePtr et = check(x->exp);
        TypePtr decl = resolve_written_sizes(x->type_exp);
        // An operand whose type is not known yet (a lambda's parameter, before the array
        // it maps over is seen) gets the declared type with sizes of its own: binding it
        // to the declared sizes would make the coercion demand what it is there to change.
        if (TypePtr d = resolve(decl);
            resolve(et)->kind == Type::Kind::TypeVar && d->kind == Type::Kind::Array) {
            std::vector<Dim> shape;
            for (size_t i = 0; i < d->shape.size(); i++)
                shape.push_back(fresh_dim());
            unify(et, Type::array(d->elem, shape), DimMode::Strict);
        } else {
            expect(decl, et, e->loc, "size coercion", DimMode::Apart);
        }
        t = decl;
        break;
    }
    case ExpKind::Ctor: {
        auto *x = e->as<CtorExp>();
        std::vector<TypePtr> ps;
        for (auto &a : x->args) ps.push_back(check(a)->with_unique(false));
        t = fresh(e->loc);
        tvars_[var_index(t->var)].ctors[x->name] = ps;
        break;
    }
    case ExpKind::Hole:
        t = fresh(e->loc);
        holes_.push_back(e);
        break;
    case ExpKind::Assert: {
        auto *x = e->as<AssertExp>();
        expect(boolt(), check(x->cond), x->cond->loc, "the condition of `assert` must be bool");
        t = check(x->exp);
        break;
    }
    case ExpKind::Attr: {
        auto *x = e->as<AttrExp>();
        bool open = x->attr.rfind("open ", 0) == 0;
        // `M.(e)`: M's names come first in e.  A numeric module's (open_mods_) also
        // make the built-in operators work at its type where the operands allow.
        const bool prim = open && prim_from_name(x->attr.substr(5));
        if (prim) {
            open_mods_.push_back(x->attr.substr(5));
        } else if (open) {
            ModuleInfoPtr m = lookup_mod(x->attr.substr(5), &x->loc);
            if (m->functor) throw CompileError(x->loc, "a parametric module cannot be opened; apply it first");
            Level l;
            l.names = m->members;
            l.opened = true;
            levels_.push_back(std::move(l));
        }
        struct Close {
            Checker &c;
            bool prim, user;
            ~Close() {
                if (user) c.levels_.pop_back();
                if (prim) c.open_mods_.pop_back();
            }
        } close{*this, prim, open && !prim};
        t = check(x->exp);
        break;
    }
    }
    e->type = t;
    touched_exps_.push_back(e.get());
    return t;
}

// ---------------------------------------------------------------- patterns

void Checker::pat_names(const Pat &p, std::set<std::string> &out) {
    if (p.kind == Pat::Kind::Id) out.insert(p.name);
    for (auto &e : p.elems)
        if (e) pat_names(*e, out);
    for (auto &f : p.fields)
        if (f.second) pat_names(*f.second, out);
    if (p.inner) pat_names(*p.inner, out);
}

void Checker::bind_pat_locals(std::vector<Local> &out) {
    for (auto &l : out) locals_.push_back(l);
    out.clear();
}

void Checker::check_pat(PatPtr &p, TypePtr t, std::set<std::string> &names, bool refutable_ok,
                        std::vector<Local> &out) {
    touched_pats_.push_back(p.get());
    switch (p->kind) {
    case Pat::Kind::Id:
        if (!names.insert(p->name).second)
            throw CompileError(p->loc, "variable `" + p->name + "` is bound twice in the same pattern");
        p->type = t;
        out.push_back({p->name, t, nullptr});
        return;
    case Pat::Kind::Wildcard: p->type = t; return;
    case Pat::Kind::Tuple: {
        p->type = t;
        if (p->elems.size() == 1) return check_pat(p->elems[0], t, names, refutable_ok, out);
        std::vector<TypePtr> es;
        for (auto &e : p->elems) es.push_back(fresh(e->loc));
        expect(Type::tuple(es), t, p->loc, "tuple pattern");
        TypePtr rt = resolve(t);
        for (size_t i = 0; i < p->elems.size(); i++) {
            TypePtr et = es[i];
            // Keep uniqueness of declared components (parameters).
            if (rt->kind == Type::Kind::Tuple && i < rt->elems.size() && rt->elems[i]->unique)
                et = zonk(et, false)->with_unique(true);
            check_pat(p->elems[i], et, names, refutable_ok, out);
        }
        return;
    }
    case Pat::Kind::Record: {
        p->type = t;
        TypePtr rt = resolve(t);
        std::vector<std::pair<std::string, TypePtr>> fs;
        std::set<std::string> seen;
        for (auto &f : p->fields) {
            if (!seen.insert(f.first).second)
                throw CompileError(p->loc, "field `" + f.first + "` given twice in record pattern");
            fs.emplace_back(f.first, fresh(p->loc));
        }
        expect(Type::record(fs), t, p->loc, "record pattern");
        for (size_t i = 0; i < p->fields.size(); i++) {
            auto &f = p->fields[i];
            TypePtr ft = fs[i].second;
            if (!f.second) {
                auto id = std::make_shared<Pat>();
                id->kind = Pat::Kind::Id;
                id->loc = p->loc;
                id->name = f.first;
                f.second = id;
            }
            check_pat(f.second, ft, names, refutable_ok, out);
        }
        (void)rt;
        return;
    }
    case Pat::Kind::Literal: {
        if (!refutable_ok) throw CompileError(p->loc, "Refutable pattern not allowed here");
        TypePtr lt = check(p->literal);
        expect(t, lt, p->loc, "literal pattern");
        p->type = t;
        return;
    }
    case Pat::Kind::Ctor: {
        TypePtr rt = resolve(t);
        std::vector<TypePtr> ps;
        if (rt->kind == Type::Kind::Sum) {
            auto it = std::find_if(rt->fields.begin(), rt->fields.end(),
                                   [&](auto &c) { return c.first == p->name; });
            if (it == rt->fields.end())
                throw CompileError(p->loc, "Pattern #" + p->name + " cannot match type `" + show(rt) +
                                               "`: constructor #" + p->name + " is not in the type");
            ps = it->second->elems;
            if (!refutable_ok && rt->fields.size() > 1)
                throw CompileError(p->loc, "Refutable pattern not allowed here");
            if (ps.size() != p->elems.size())
                throw CompileError(p->loc, "Pattern #" + p->name + " cannot match type `" + show(rt) +
                                               "`: constructor #" + p->name + " has " + std::to_string(ps.size()) +
                                               " payload(s), but the pattern has " +
                                               std::to_string(p->elems.size()));
        } else {
            if (!refutable_ok) throw CompileError(p->loc, "Refutable pattern not allowed here");
            for (auto &e : p->elems) ps.push_back(fresh(e->loc));
            auto v = fresh(p->loc);
            tvars_[var_index(v->var)].ctors[p->name] = ps;
            expect(v, t, p->loc, "constructor pattern");
        }
        p->type = t;
        for (size_t i = 0; i < p->elems.size(); i++) check_pat(p->elems[i], ps[i], names, refutable_ok, out);
        return;
    }
    case Pat::Kind::Ascript: {
        // Parameters have their declared type resolved beforehand (implicit sizes).
        TypePtr decl = p->type ? p->type : resolve_type_exp(p->type_exp, SizeCtx::Body, nullptr);
        expect(decl, t, p->loc, "pattern type annotation");
        p->type = decl;
        check_pat(p->inner, decl, names, refutable_ok, out);
        return;
    }
    }
}

}  // namespace internal
}  // namespace loom
