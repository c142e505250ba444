// The type checker: inference state, unification, definitions and the public API.
// Expressions and patterns are in TypeCheckExp.cpp, uniqueness in TypeCheckUnique.cpp.
// See Note [Checker design] at the end of this file.
#include "core/Files.h"
#include "frontend/TypeCheck_Internal.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <set>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace loom {
namespace internal {

// ---------------------------------------------------------------- inference variables

void Checker::reset() {
    tvars_.clear();
    index_types_.clear();
    dvars_.clear();
    dbound_.clear();
    locals_.clear();
    touched_exps_.clear();
    touched_pats_.clear();
    touched_vars_.clear();
    touched_funs_.clear();
    touched_types_.clear();
    touched_targs_.clear();
    synthetic_.clear();
    open_mods_.clear();
    lambda_depth_ = 0;
    ambig_candidates_.clear();
    dims_met_any_.clear();
    name_counter_ = 0;
    param_counter_ = 0;
    exist_counter_ = 0;
    used_tparam_names_.clear();
    tparam_scope_.clear();
    tparam_lifted_.clear();
}

TypePtr Checker::fresh(const SrcLoc &loc) {
    VarInfo v;
    v.loc = loc;
    tvars_.push_back(std::move(v));
    return Type::type_var("?" + std::to_string(tvars_.size() - 1));
}

TypePtr Checker::fresh_prim(const SrcLoc &loc, uint16_t mask) {
    auto t = fresh(loc);
    tvars_.back().prim = true;
    tvars_.back().mask = mask;
    return t;
}

Dim Checker::fresh_dim() {
    dvars_.push_back(Dim::any());
    dbound_.push_back(false);
    return Dim::var("?" + std::to_string(dvars_.size() - 1));
}

// An existential size (Futhark's unknown size of `++`, filter, an `if` with branches
// of different sizes): rigid, so it matches neither a constant nor a declared size,
// but unknown to the interpreter (finalisation turns it into Dim::Any).
Dim Checker::fresh_exist() { return Dim::var("!" + std::to_string(exist_counter_++)); }

static bool is_exist(const Dim &d) { return d.kind == Dim::Kind::Var && !d.name.empty() && d.name[0] == '!'; }

// The unknown (Any) sizes of arrays in t become fresh existential sizes; those of one
// declared existential size (named alike, see resolve_type_exp) one size.
TypePtr Checker::existentialise(const TypePtr &t0) {
    std::map<std::string, Dim> named;
    return existentialise(t0, named);
}

// A fresh existential size for an unknown one; one for all of a declared name.
Dim Checker::exist_dim(const Dim &d, std::map<std::string, Dim> &named) {
    if (d.name.empty()) return fresh_exist();
    auto it = named.try_emplace(d.name, Dim::any()).first;
    if (it->second.kind == Dim::Kind::Any) it->second = fresh_exist();
    return it->second;
}

// existentialise where `decl` (a declared result type, uninstantiated) has an unknown
// size; where it has a type parameter, t is the argument's type, left as it is.
TypePtr Checker::existentialise_declared(const TypePtr &t0, const TypePtr &decl,
                                         std::map<std::string, Dim> &named) {
    if (!decl) return existentialise(t0, named);
    TypePtr t = zonk(t0, false);
    if (decl->kind == Type::Kind::TypeVar || t->kind != decl->kind) return t;
    switch (t->kind) {
    case Type::Kind::Array: {
        std::vector<Dim> shape = t->shape;
        bool changed = false;
        for (size_t i = 0; i < shape.size() && i < decl->shape.size(); i++)
            if (decl->shape[i].kind == Dim::Kind::Any && shape[i].kind == Dim::Kind::Any) {
                shape[i] = exist_dim(shape[i], named);
                changed = true;
            }
        // Past the declared rank, the sizes are a type parameter's (`[n]a`, a := [m]t).
        TypePtr e = decl->shape.size() < t->shape.size() ? t->elem : existentialise_declared(t->elem, decl->elem, named);
        if (!changed && e == t->elem) return t;
        return Type::array(e, shape, t->unique);
    }
    case Type::Kind::Tuple: {
        if (t->elems.size() != decl->elems.size()) return t;
        std::vector<TypePtr> es;
        for (size_t i = 0; i < t->elems.size(); i++) es.push_back(existentialise_declared(t->elems[i], decl->elems[i], named));
        auto r = Type::tuple(es);
        return t->unique ? r->with_unique(true) : r;
    }
    case Type::Kind::Record: {
        if (t->fields.size() != decl->fields.size()) return t;
        auto fs = t->fields;
        for (size_t i = 0; i < fs.size(); i++) fs[i].second = existentialise_declared(fs[i].second, decl->fields[i].second, named);
        auto r = Type::record(fs);
        return t->unique ? r->with_unique(true) : r;
    }
    default: return t;
    }
}

TypePtr Checker::existentialise(const TypePtr &t0, std::map<std::string, Dim> &named) {
    TypePtr t = zonk(t0, false);
    return existentialise_declared(t, t, named); // every unknown size is one to replace
}

// Futhark rejects a value of another size where a known size (a constant or a size in
// scope) is declared, e.g. a loop parameter `[n]` whose body doubles it: an
// existential size, a size expression or another known size.  Unknown sizes stay
// lenient.
void Checker::check_known_sizes(const TypePtr &decl0, const TypePtr &act0, const std::set<std::string> &free,
                                const SrcLoc &loc, const std::string &what) {
    TypePtr d = zonk(decl0, false), a = zonk(act0, false);
    if (d->kind != a->kind) return;
    switch (d->kind) {
    case Type::Kind::Array:
        for (size_t i = 0; i < d->shape.size() && i < a->shape.size(); i++) {
            Dim x = resolve_dim(d->shape[i]), y = resolve_dim(a->shape[i]);
            bool known = x.kind == Dim::Kind::Const ||
                         (x.kind == Dim::Kind::Var && x.name[0] != '?' && x.name[0] != '!' && !free.count(x.name));
            if (known && is_exist(y))
                throw CompileError(loc, "Dimensions `" + show_dim(x) + "` and `?` do not match: " + what +
                                            " (the size of `" + show(a) + "` is unknown here: existential size)");
            bool rigid = y.kind == Dim::Kind::Const ||
                         (y.kind == Dim::Kind::Var && y.name[0] != '?' && y.name[0] != '!');
            if (known &&
                ((rigid && !(x == y)) || y.kind == Dim::Kind::Exp)) // Note [Size expressions]
                throw CompileError(loc, "Dimensions `" + show_dim(x) + "` and `" + show_dim(y) +
                                            "` do not match: " + what);
        }
        if (d->shape.size() == a->shape.size()) check_known_sizes(d->elem, a->elem, free, loc, what);
        return;
    case Type::Kind::Tuple:
        if (d->elems.size() != a->elems.size()) return;
        for (size_t i = 0; i < d->elems.size(); i++) check_known_sizes(d->elems[i], a->elems[i], free, loc, what);
        return;
    case Type::Kind::Record:
        if (d->fields.size() != a->fields.size()) return;
        for (size_t i = 0; i < d->fields.size(); i++)
            check_known_sizes(d->fields[i].second, a->fields[i].second, free, loc, what);
        return;
    default: return;
    }
}

int Checker::var_index(const std::string &name) {
    if (name.empty() || name[0] != '?') return -1;
    // "?pN" (a renamed parameter of a dependent function type) is no inference variable.
    if (name.size() < 2 || name.size() > 10) return -1;
    int i = 0;
    for (size_t k = 1; k < name.size(); k++) {
        if (!std::isdigit((unsigned char)name[k])) return -1;
        i = i * 10 + (name[k] - '0');
    }
    return i;
}

TypePtr Checker::resolve(TypePtr t) {
    while (t && t->kind == Type::Kind::TypeVar) {
        int i = var_index(t->var);
        if (i < 0 || i >= (int)tvars_.size() || !tvars_[i].bound) break;
        t = tvars_[i].bound;
    }
    return t;
}

Dim Checker::resolve_dim(const Dim &d) {
    Dim r = d;
    while (r.kind == Dim::Kind::Var) {
        int i = var_index(r.name);
        if (i < 0 || i >= (int)dvars_.size() || !dbound_[i]) break;
        r = dvars_[i];
    }
    if (r.kind == Dim::Kind::Exp)
        return map_exp(r, [&](const Dim &x) { return resolve_dim(x); });
    return r;
}

// d's operands (arguments) through f, constants of arithmetic folded.
Dim Checker::map_exp(const Dim &d, const std::function<Dim(const Dim &)> &f) {
    if (d.is_call()) {
        std::vector<Dim> args;
        for (const Dim &a : *d.args) args.push_back(f(a));
        return Dim::call(d.name, std::move(args));
    }
    return size_exp(d.name, f((*d.args)[0]), f((*d.args)[1]));
}

// Note [Size expressions]: a function's result may be sized by an expression of its
// parameters' sizes (`(++) : [n]t -> [m]t -> *[n + m]t`, flatten's `[n * m]`, tail's
// `[n - 1]`), and an argument that is one sizes a dependent result (`replicate (n + 1)
// x : [n + 1]t`), as the reference says.  They are Dim::Kind::Exp: two are the same
// size when their operands are (constants folded, the operands of + and * in one
// order), and otherwise rigid, like a declared size, so `map2 (+) (xs ++ ys) (xs ++
// ys)` checks and `map2 (+) (xs ++ ys) xs` does not.  Return types, arguments and
// functions' parameters make them: an annotation `[n + 1]` in a local pattern stays
// lenient (Any), as does a definition's own body against its return type.  Those whose
// operands are all named stay in the program's types; the interpreter and the compiler
// evaluate them where the names are bound.  A parameter's `[n * m]t` (unflatten's, a
// user function's) pairs its sizes up with an argument's size expression (`flatten xss
// : [n * m]t`, `iota (k * 3)`, `xs ++ ys : [a + b]`), as Futhark's does, and the
// backends read a size parameter found only there off the argument's checked type
// (Evaluator::sizes_from_types, Lower's bind_exp_sizes).  An argument of any other size
// leaves them unknown: an intrinsic's result takes them from an ascription (`unflatten
// xs : [2][3]i32`) or from the argument's (`xs :> [2 * 3]i32`); a user function's must
// have them from another argument, else they are ambiguous (check_ambiguous_sizes).
// A size may also call a function, top-level or a module's, on sizes or other integers
// (`[size n]t`, `[i64.i32 n]`, Dim::call): the same size when it calls the same function
// on the same arguments, which pair up as operands do; the backends call the function
// where the size is needed.
Dim Checker::size_exp(const std::string &op, Dim a, Dim b) {
    if (a.kind == Dim::Kind::Any || b.kind == Dim::Kind::Any)
        return Dim::any();
    if (a.kind == Dim::Kind::Const && b.kind == Dim::Kind::Const && (op == "+" || op == "-" || op == "*")) {
        // Wrapping as i64 does (a size that overflows is an error at run time anyway).
        uint64_t x = (uint64_t)a.value, y = (uint64_t)b.value;
        Dim c = Dim::constant((int64_t)(op == "+" ? x + y : op == "-" ? x - y : x * y));
        // The form stays known: `[1, 2] ++ [3, 4, 5]` is 5, and `2 + 3` to a parameter's
        // `[n + m]` (unify_dim).
        c.name = op;
        c.args = std::make_shared<const std::vector<Dim>>(std::vector<Dim>{std::move(a), std::move(b)});
        return c;
    }
    auto is = [](const Dim &d, int64_t v) { return d.kind == Dim::Kind::Const && d.value == v; };
    if ((op == "+" || op == "-") && is(b, 0))
        return a;
    if (op == "+" && is(a, 0))
        return b;
    if (op == "*" && is(b, 1))
        return a;
    if (op == "*" && is(a, 1))
        return b;
    return Dim::exp(op, std::move(a), std::move(b));
}

// The operands of + and * in one order, to compare sizes (`n + m` is `m + n`).
static Dim canonical(const Dim &d) {
    if (d.kind != Dim::Kind::Exp)
        return d;
    if (d.is_call()) {
        std::vector<Dim> args;
        for (const Dim &x : *d.args) args.push_back(canonical(x));
        return Dim::call(d.name, std::move(args));
    }
    Dim a = canonical((*d.args)[0]), b = canonical((*d.args)[1]);
    auto key = [](const Dim &x) {
        return (x.kind == Dim::Kind::Const ? "~" : "") + dim_to_string(x);
    };
    if ((d.name == "+" || d.name == "*") && key(b) < key(a))
        std::swap(a, b);
    return Dim::exp(d.name, std::move(a), std::move(b));
}

// Whether a size expression's operands are all constants and named sizes.
static bool named_dims(const Dim &d) {
    if (d.kind == Dim::Kind::Exp)
        return std::all_of(d.args->begin(), d.args->end(), named_dims);
    return d.kind == Dim::Kind::Const ||
           (d.kind == Dim::Kind::Var && d.name[0] != '?' && d.name[0] != '!');
}

static bool mentions(const Dim &d, const std::string &name) {
    if (d.kind == Dim::Kind::Exp)
        return std::any_of(d.args->begin(), d.args->end(), [&](const Dim &x) { return mentions(x, name); });
    return d.kind == Dim::Kind::Var && d.name == name;
}

TypePtr Checker::without_size_exps(const TypePtr &t) {
    return map_dims(zonk(t, false),
                    [](const Dim &d) { return d.kind == Dim::Kind::Exp ? Dim::any() : d; });
}

bool Checker::open_dim(const Dim &d) {
    if (d.kind == Dim::Kind::Exp)
        return std::any_of(d.args->begin(), d.args->end(), [&](const Dim &x) { return open_dim(x); });
    if (d.kind != Dim::Kind::Var)
        return false;
    int i = var_index(d.name);
    return i >= 0 && i < (int)dvars_.size() && !dbound_[i];
}

// Deep substitution.  `final`: unbound size variables become Any.  Returns the same
// pointer when nothing changed, which keeps finalisation cheap.
TypePtr Checker::zonk(const TypePtr &t0, bool final) {
    if (!t0) return t0;
    TypePtr t = t0;
    if (t->kind == Type::Kind::TypeVar) {
        TypePtr r = resolve(t);
        if (r == t) return t;
        r = zonk(r, final);
        return t->unique && !r->unique ? r->with_unique(true) : r;
    }
    switch (t->kind) {
    case Type::Kind::Prim: return t;
    case Type::Kind::Array: {
        bool changed = false;
        std::vector<Dim> shape = t->shape;
        for (auto &d : shape) {
            bool exp = d.kind == Dim::Kind::Exp;
            if (!exp && (d.kind != Dim::Kind::Var || (d.name[0] != '?' && d.name[0] != '!')))
                continue;
            Dim r = resolve_dim(d);
            if (r.kind == Dim::Kind::Var && (r.name[0] == '?' || r.name[0] == '!') && final) r = Dim::any();
            // A size expression stays (in schemes) while its operands are all named.
            if (r.kind == Dim::Kind::Exp && final && !named_dims(r))
                r = Dim::any();
            if (!(r == d)) {
                d = r;
                changed = true;
            }
        }
        TypePtr e = zonk(t->elem, final);
        if (!changed && e == t->elem) return t;
        return Type::array(e, std::move(shape), t->unique);
    }
    case Type::Kind::Tuple: {
        bool changed = false;
        std::vector<TypePtr> es;
        for (auto &e : t->elems) {
            es.push_back(zonk(e, final));
            changed |= es.back() != e;
        }
        if (!changed) return t;
        auto r = Type::tuple(std::move(es));
        return t->unique ? r->with_unique(true) : r;
    }
    case Type::Kind::Record:
    case Type::Kind::Sum: {
        bool changed = false;
        auto fs = t->fields;
        for (auto &f : fs) {
            auto z = zonk(f.second, final);
            changed |= z != f.second;
            f.second = z;
        }
        if (!changed) return t;
        auto r = t->kind == Type::Kind::Record ? Type::record(std::move(fs)) : Type::sum(std::move(fs));
        return t->unique ? r->with_unique(true) : r;
    }
    case Type::Kind::Func: {
        auto p = zonk(t->param, final), r = zonk(t->result, final);
        if (p == t->param && r == t->result) return t;
        return Type::func(p, r, t->param_name);
    }
    default: return t;
    }
}

bool Checker::occurs(int i, const TypePtr &t) {
    std::set<int> seen;
    return occurs(i, t, seen);
}

// Also through the record and sum constraints of the variables still open (`x` of
// `match x case #foo a -> a f` holds `a`, whose type holds x's: an infinite type once
// the constraint closes into a sum).  `seen`: the open variables looked into.
bool Checker::occurs(int i, const TypePtr &t0, std::set<int> &seen) {
    TypePtr t = resolve(t0);
    switch (t->kind) {
    case Type::Kind::TypeVar: {
        const int j = var_index(t->var);
        if (j == i) return true;
        if (j < 0 || j >= (int)tvars_.size() || !seen.insert(j).second) return false;
        for (auto &f : tvars_[j].fields)
            if (occurs(i, f.second, seen)) return true;
        for (auto &c : tvars_[j].ctors)
            for (auto &p : c.second)
                if (occurs(i, p, seen)) return true;
        return false;
    }
    case Type::Kind::Array: return occurs(i, t->elem, seen);
    case Type::Kind::Tuple:
        for (auto &e : t->elems)
            if (occurs(i, e, seen)) return true;
        return false;
    case Type::Kind::Record:
    case Type::Kind::Sum:
        for (auto &f : t->fields)
            if (occurs(i, f.second, seen)) return true;
        return false;
    case Type::Kind::Func: return occurs(i, t->param, seen) || occurs(i, t->result, seen);
    default: return false;
    }
}

void Checker::free_vars(const TypePtr &t0, std::set<int> &out) {
    TypePtr t = resolve(t0);
    switch (t->kind) {
    case Type::Kind::TypeVar: {
        int i = var_index(t->var);
        if (i >= 0) out.insert(i);
        return;
    }
    case Type::Kind::Array: free_vars(t->elem, out); return;
    case Type::Kind::Tuple:
        for (auto &e : t->elems) free_vars(e, out);
        return;
    case Type::Kind::Record:
    case Type::Kind::Sum:
        for (auto &f : t->fields) free_vars(f.second, out);
        return;
    case Type::Kind::Func:
        free_vars(t->param, out);
        free_vars(t->result, out);
        return;
    default: return;
    }
}

std::vector<std::pair<std::string, TypePtr>> Checker::fields_of(const TypePtr &t) {
    if (t->kind == Type::Kind::Record) return t->fields;
    std::vector<std::pair<std::string, TypePtr>> f;
    for (size_t i = 0; i < t->elems.size(); i++) f.emplace_back(std::to_string(i), t->elems[i]);
    std::sort(f.begin(), f.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    return f;
}

static bool is_recordish(const TypePtr &t) {
    return t->kind == Type::Kind::Tuple || t->kind == Type::Kind::Record;
}

static std::string mask_desc(uint16_t mask) {
    std::string s;
    for (int i = 0; i < num_prim_types; i++)
        if (mask & (1u << i)) {
            if (!s.empty()) s += ", ";
            s += prim_name((PrimType)i);
        }
    return s;
}


static bool contains_func(const TypePtr &t) {
    return type_any(t, false, [](const Type &x) { return x.kind == Type::Kind::Func; });
}

void Checker::bind_var(int i, TypePtr t, DimMode mode) {
    if (t->unique) t = t->with_unique(false);
    if (t->kind == Type::Kind::TypeVar && var_index(t->var) == i) return;
    if (occurs(i, t)) throw Mismatch{false, "?", "(occurs check: infinite type)"};
    VarInfo info = tvars_[i];  // copy: binding may grow tvars_
    if (t->kind == Type::Kind::TypeVar && var_index(t->var) >= 0) {
        // Constraints that cannot meet, before i is bound: the message describes both
        // variables as they were (a record with field `a`, a numeric type).
        const VarInfo &o = tvars_[var_index(t->var)];
        if (info.prim && o.prim && (o.mask & info.mask) == 0)
            throw Mismatch{false, "one of " + mask_desc(info.mask), "one of " + mask_desc(o.mask)};
        if ((info.prim && (!o.fields.empty() || !o.ctors.empty())) ||
            (o.prim && (!info.fields.empty() || !info.ctors.empty())))
            throw Mismatch{false, describe_var(info), describe_var(o),
                           "one value would be " + describe_var(info) + " and " + describe_var(o)};
    }
    tvars_[i].bound = t;
    if (t->kind == Type::Kind::TypeVar && var_index(t->var) >= 0) {
        // Merge the constraints into the other variable.
        int j = var_index(t->var);
        VarInfo &o = tvars_[j];
        if (info.prim) {
            o.mask = o.prim ? (uint16_t)(o.mask & info.mask) : info.mask;
            o.prim = true;
        }
        o.eq |= info.eq;
        o.nofunc |= info.nofunc;
        if (o.param_name.empty()) o.param_name = info.param_name;
        for (auto &f : info.fields) {
            auto it = tvars_[j].fields.find(f.first);
            if (it != tvars_[j].fields.end()) unify(it->second, f.second, mode);
            else tvars_[j].fields[f.first] = f.second;
        }
        for (auto &c : info.ctors) {
            auto it = tvars_[j].ctors.find(c.first);
            if (it != tvars_[j].ctors.end()) {
                auto payload = it->second;
                if (payload.size() != c.second.size())
                    throw Mismatch{false, "constructor #" + c.first, "constructor with different payload"};
                for (size_t k = 0; k < payload.size(); k++) unify(payload[k], c.second[k], mode);
                // Note [Constraint sizes]: two values' payloads (an `if`'s branches, a
                // `match`'s cases): where their sizes may differ, unknown.
                for (size_t k = 0; k < payload.size(); k++)
                    payload[k] = join(payload[k], c.second[k], false);
                tvars_[j].ctors[c.first] = payload;
            } else {
                tvars_[j].ctors[c.first] = c.second;
            }
        }
        return;
    }
    // A failure leaves the variable unbound: messages show the value's type, not t.
    try {
        if (info.prim) {
            if (t->kind != Type::Kind::Prim || !(info.mask & (1u << (int)t->prim))) {
                throw Mismatch{false, "one of " + mask_desc(info.mask), show(t)};
            }
        }
        if (!info.fields.empty()) {
            // The detail names the field where the types around it say little
            // (`[]{f: ?, ...}` against `[]i32`).
            auto no_field = [&](const std::string &f) {
                return Mismatch{false, "a record with field `" + f + "`", show(t),
                                "`" + show(t) + "` has no field `" + f + "`"};
            };
            if (!is_recordish(t)) throw no_field(info.fields.begin()->first);
            auto fs = fields_of(t);
            for (auto &f : info.fields) {
                auto it = std::find_if(fs.begin(), fs.end(), [&](auto &p) { return p.first == f.first; });
                if (it == fs.end()) throw no_field(f.first);
                unify(it->second, f.second, mode);
            }
        }
        if (!info.ctors.empty()) {
            if (t->kind != Type::Kind::Sum) {
                throw Mismatch{false, "a sum type with constructor #" + info.ctors.begin()->first, show(t)};
            }
            for (auto &c : info.ctors) {
                auto it = std::find_if(t->fields.begin(), t->fields.end(),
                                       [&](auto &p) { return p.first == c.first; });
                if (it == t->fields.end())
                    throw Mismatch{false, "a sum type with constructor #" + c.first, show(t),
                               "Unshared constructors: #" + c.first + " (not a constructor of `" + show(t) + "`)"};
                auto &elems = it->second->elems;
                if (elems.size() != c.second.size())
                    throw Mismatch{false, "constructor #" + c.first + " with " + std::to_string(elems.size()) + " payload(s)", show(t)};
                for (size_t k = 0; k < elems.size(); k++) unify(elems[k], c.second[k], mode);
            }
            // Note [Constraint sizes]: the value's payloads, whose sizes may be unknown
            // where t's are not.
            auto fs = t->fields;
            for (auto &f : fs)
                if (auto c = info.ctors.find(f.first); c != info.ctors.end())
                    f.second = Type::tuple(c->second);
            tvars_[i].bound = Type::sum(std::move(fs));
        }
    } catch (Mismatch &) {
        tvars_[i].bound = nullptr;
        throw;
    }
    if (info.nofunc && contains_func(zonk(t, false))) {
        tvars_[i].bound = nullptr;
        throw Mismatch{false, "a non-lifted type parameter (no function types)", show(t),
                       tvars_[i].param_name.empty() ? "a" : tvars_[i].param_name};
    }
    if (info.eq && t->kind == Type::Kind::Func) {
        tvars_[i].bound = nullptr;
        throw Mismatch{false, "a type supporting equality", show(t)};
    }
}

void Checker::unify_dim(const Dim &a0, const Dim &b0, DimMode mode) {
    Dim a = resolve_dim(a0), b = resolve_dim(b0);
    if (a.kind == Dim::Kind::Any || b.kind == Dim::Kind::Any) {
        // Remember size variables matched leniently, the operands of a size expression
        // (`[n + m]` against a loop parameter's unknown size) too: they are not ambiguous.
        std::function<void(const Dim &)> met = [&](const Dim &d) {
            if (d.kind == Dim::Kind::Exp)
                for (const Dim &x : *d.args) met(resolve_dim(x));
            if (d.kind != Dim::Kind::Var) return;
            int i = var_index(d.name);
            if (i >= 0 && i < (int)dvars_.size()) dims_met_any_.insert(i);
        };
        met(a);
        met(b);
        return;
    }
    if (a == b || mode == DimMode::Apart) return;
    // The same up to the order of + and * operands: equal whatever the open sizes in them
    // become (`?1 + 1` is `1 + ?1`; pairing the operands would make ?1 one).
    if (a.kind == Dim::Kind::Exp && b.kind == Dim::Kind::Exp && canonical(a) == canonical(b))
        return;
    int ia = a.kind == Dim::Kind::Var ? var_index(a.name) : -1;
    int ib = b.kind == Dim::Kind::Var ? var_index(b.name) : -1;
    if (ia >= (int)dvars_.size()) ia = -1;  // defensive: never index past the size variables
    if (ib >= (int)dvars_.size()) ib = -1;
    // `n = n + n` (a loop that doubles its array): no size is both.
    if ((ia >= 0 && mentions(b, a.name)) || (ib >= 0 && mentions(a, b.name)))
        ia = ib = -1;
    if (ia >= 0) {
        dvars_[ia] = b;
        dbound_[ia] = true;
        return;
    }
    if (ib >= 0) {
        dvars_[ib] = a;
        dbound_[ib] = true;
        return;
    }
    if (mode == DimMode::Lenient) return;
    // Note [Size expressions]: `?1 + ?2` against `n + m` (or a constant folded from
    // `2 + 3`) pairs the operands up, as `f ?1` against `f n` does the arguments.
    if (a.has_operands() && b.has_operands() && a.name == b.name && a.args->size() == b.args->size() &&
        (open_dim(a) || open_dim(b))) {
        const std::vector<Dim> dvars = dvars_; // a failed pairing binds nothing
        const std::vector<bool> dbound = dbound_;
        try {
            for (size_t k = 0; k < a.args->size(); k++) unify_dim((*a.args)[k], (*b.args)[k], mode);
            return;
        } catch (Mismatch &) {
            dvars_ = dvars;
            dbound_ = dbound;
        }
    }
    throw Mismatch{true, show_dim(a), show_dim(b)};
}

void Checker::unify(TypePtr a, TypePtr b, DimMode mode) {
    a = resolve(a);
    b = resolve(b);
    if (a == b) return;
    int ia = a->kind == Type::Kind::TypeVar ? var_index(a->var) : -1;
    int ib = b->kind == Type::Kind::TypeVar ? var_index(b->var) : -1;
    // Two variables: the newer is bound to the older, so that a chain of them (the
    // elements of a long array literal, each unified with the first) stays one link
    // long, not one link an element (resolve() would walk it at each: quadratic).
    // Only where binding either way is alike: no fields or constructors (whose merge
    // unifies, and whose messages name the variables in order), constraints that
    // meet, and at most one name of a type parameter.
    auto plain_pair = [](const VarInfo &x, const VarInfo &y) {
        return x.fields.empty() && y.fields.empty() && x.ctors.empty() && y.ctors.empty() &&
               !(x.prim && y.prim && (x.mask & y.mask) == 0) &&
               (x.param_name.empty() || y.param_name.empty() || x.param_name == y.param_name);
    };
    if (ia >= 0 || ib >= 0) {
        try {
            if (ia >= 0 && ib > ia && plain_pair(tvars_[(size_t)ia], tvars_[(size_t)ib]))
                return bind_var(ib, a, mode);
            if (ia >= 0) return bind_var(ia, b, mode);
            return bind_var(ib, a, mode);
        } catch (Mismatch &m) {
            // A failed binding leaves the variable open: the message shows what it may be.
            if (!m.sizes && !m.expected) {
                m.expected = a;
                m.actual = b;
            }
            throw;
        }
    }
    auto fail = [&] {
        Mismatch m{false, show(a), show(b)};
        m.expected = a;
        m.actual = b;
        throw m;
    };
    if (is_recordish(a) && is_recordish(b)) {
        if (a->kind == Type::Kind::Tuple && b->kind == Type::Kind::Tuple) {
            if (a->elems.size() != b->elems.size()) fail();
            for (size_t i = 0; i < a->elems.size(); i++) unify(a->elems[i], b->elems[i], mode);
            return;
        }
        auto fa = fields_of(a), fb = fields_of(b);
        if (fa.size() != fb.size()) fail();
        for (size_t i = 0; i < fa.size(); i++)
            if (fa[i].first != fb[i].first) fail();
        for (size_t i = 0; i < fa.size(); i++) unify(fa[i].second, fb[i].second, mode);
        return;
    }
    if (a->kind != b->kind) fail();
    switch (a->kind) {
    case Type::Kind::Prim:
        if (a->prim != b->prim) fail();
        return;
    case Type::Kind::Array: {
        size_t ra = a->shape.size(), rb = b->shape.size();
        size_t r = std::min(ra, rb);
        // An element type variable may stand for an array: compare the rest.
        TypePtr ea = a->elem, eb = b->elem;
        if (ra > r) ea = Type::array(a->elem, std::vector<Dim>(a->shape.begin() + r, a->shape.end()));
        if (rb > r) eb = Type::array(b->elem, std::vector<Dim>(b->shape.begin() + r, b->shape.end()));
        try {
            unify(ea, eb, mode);
        } catch (Mismatch &m) {
            if (!m.sizes) { // the arrays, and what failed
                Mismatch arrays{false, show(a), show(b), m.detail};
                arrays.expected = m.expected;
                arrays.actual = m.actual;
                throw arrays;
            }
            throw;
        }
        for (size_t i = 0; i < r; i++) unify_dim(a->shape[i], b->shape[i], mode);
        return;
    }
    case Type::Kind::Sum: {
        // Futhark names the constructors only one side has ("Unshared constructors").
        std::string missing;
        auto has = [](const TypePtr &t, const std::string &c) {
            for (auto &f : t->fields)
                if (f.first == c) return true;
            return false;
        };
        for (auto &f : a->fields)
            if (!has(b, f.first)) missing += (missing.empty() ? "#" : ", #") + f.first;
        for (auto &f : b->fields)
            if (!has(a, f.first)) missing += (missing.empty() ? "#" : ", #") + f.first;
        if (!missing.empty()) throw Mismatch{false, show(a), show(b), "Unshared constructors: " + missing};
        if (a->fields.size() != b->fields.size()) fail();
        for (size_t i = 0; i < a->fields.size(); i++)
            if (a->fields[i].first != b->fields[i].first) fail();
        for (size_t i = 0; i < a->fields.size(); i++)
            unify(a->fields[i].second, b->fields[i].second, mode);
        return;
    }
    case Type::Kind::Func: {
        unify(a->param, b->param, mode);
        // `(k: i64) -> [k]t` and `(j: i64) -> [j]t` are one type: b's name is a's.
        TypePtr br = b->result;
        if (!a->param_name.empty() && !b->param_name.empty() && a->param_name != b->param_name)
            br = subst_dim(br, b->param_name, Dim::var(a->param_name));
        unify(a->result, br, mode);
        return;
    }
    case Type::Kind::TypeVar:
        if (a->var != b->var) fail();
        return;
    default: fail();
    }
}

std::string Checker::show_dim(const Dim &d) {
    if (d.kind == Dim::Kind::Exp) {
        auto operand = [&](const Dim &x) {
            return x.kind == Dim::Kind::Exp ? "(" + show_dim(x) + ")" : show_dim(x);
        };
        if (d.is_call()) {
            std::string s = d.name.substr(0, d.name.find('#'));
            for (const Dim &a : *d.args) s += " " + operand(a);
            return s;
        }
        return operand((*d.args)[0]) + " " + d.name + " " + operand((*d.args)[1]);
    }
    if (d.kind == Dim::Kind::Const) return std::to_string(d.value);
    if (is_exist(d)) return "?";
    if (d.kind == Dim::Kind::Var) return d.name;
    return "[]";
}

// `t` as messages print it (Note [Open types in messages]): an open type variable as a
// placeholder that name_open_types() names, a value made by constructors of a sum type
// not known yet as the ones it has (`#just i32 | ...`), and a value whose fields are used
// as a record of those fields and more (`{a: i32, ...}`).
std::string Checker::show(const TypePtr &t) {
    auto open_sum = [&](int v) {
        std::vector<std::pair<std::string, TypePtr>> cs;
        for (auto &c : tvars_[(size_t)v].ctors) cs.emplace_back(c.first, Type::tuple(c.second));
        return show(Type::sum(std::move(cs))) + " | ...";
    };
    auto open_record = [&](int v) {  // `{a: i32, ...}`
        const auto &fields = tvars_[(size_t)v].fields;
        std::string rec = show(Type::record({fields.begin(), fields.end()}));
        return rec.size() > 2 && rec.front() == '{' ? rec.substr(0, rec.size() - 1) + ", ...}" : rec;
    };
    if (TypePtr r = resolve(t); r->kind == Type::Kind::TypeVar && var_index(r->var) >= 0) {
        int v = var_index(r->var);
        if (!tvars_[(size_t)v].ctors.empty()) return open_sum(v);
        if (!tvars_[(size_t)v].fields.empty()) return open_record(v);
    }
    std::string s = type_to_string(zonk(t, true)), out;  // open sizes unknown: `[]`
    int depth = 0;  // of brackets: a `?` in them is a size (`[?3]`), not a type variable
    for (size_t i = 0; i < s.size(); i++) {
        if (s[i] == '[') depth++;
        if (s[i] == ']') depth--;
        if (depth == 0 && s[i] == '?' && i + 1 < s.size() && std::isdigit((unsigned char)s[i + 1])) {
            size_t j = i + 1;
            while (j < s.size() && std::isdigit((unsigned char)s[j]))
                j++;
            int v = var_index(s.substr(i, j - i));
            if (v >= 0 && v < (int)tvars_.size() && !tvars_[v].bound) {
                const VarInfo &info = tvars_[(size_t)v];
                out += !info.ctors.empty()    ? "(" + open_sum(v) + ")"  // inside a type: `[](#just | ...)`
                       : !info.fields.empty() ? open_record(v)
                                              : open_placeholder(v);
                i = j - 1;
                continue;
            }
        }
        out += s[i];
        if (s[i] == '!') out.back() = '?';
        if (s[i] == '?' || s[i] == '!') while (i + 1 < s.size() && std::isdigit((unsigned char)s[i + 1])) i++;
    }
    return out;
}

// Note [Open types in messages]: "\x01" var "\x02" constraint "\x03".
std::string Checker::open_placeholder(int var) {
    return "\x01" + std::to_string(var) + "\x02" + describe_var(tvars_[(size_t)var]) + "\x03";
}

std::string name_open_types(const std::string &msg) {
    if (msg.find('\x01') == std::string::npos) return msg;
    struct Open {
        std::string key, what, name;
    };
    std::vector<Open> open;
    std::set<std::string> taken;  // the words of the message: no name may read as one of them
    auto ident = [](char c) { return std::isalnum((unsigned char)c) || c == '_' || c == '\''; };
    for (size_t i = 0; i < msg.size();) {
        if (msg[i] == '\x01') {
            size_t end = msg.find('\x03', i);
            if (end == std::string::npos) break;
            std::string body = msg.substr(i + 1, end - i - 1);
            size_t a = body.find('\x02');
            Open o{body.substr(0, a), body.substr(a + 1), ""};
            if (std::none_of(open.begin(), open.end(), [&](const Open &x) { return x.key == o.key; }))
                open.push_back(o);
            i = end + 1;
        } else if (std::isalpha((unsigned char)msg[i]) || msg[i] == '_') {
            size_t j = i;
            while (j < msg.size() && ident(msg[j]))
                j++;
            taken.insert(msg.substr(i, j - i));
            i = j;
        } else {
            i++;
        }
    }
    // t, u, v, w, t1, t2, ... (not the type parameter a variable instantiates: the
    // prelude's `b` of `zip` would read as a lambda's `b` of the program).
    int next = 0;
    for (Open &o : open) {
        std::string name;
        while (name.empty() || taken.count(name)) {
            static const char *const first[] = {"t", "u", "v", "w"};
            name = next < 4 ? first[next] : "t" + std::to_string(next - 3);
            next++;
        }
        taken.insert(name);
        o.name = name;
    }
    std::string out;
    for (size_t i = 0; i < msg.size(); i++) {
        if (msg[i] != '\x01') {
            out += msg[i];
            continue;
        }
        size_t end = msg.find('\x03', i);
        if (end == std::string::npos) break;
        std::string key = msg.substr(i + 1, msg.find('\x02', i) - i - 1);
        for (const Open &o : open)
            if (o.key == key) out += o.name;
        i = end;
    }
    // What each is, those alike together: "`t` and `u` are floating-point types".
    auto listed = [](const std::vector<std::string> &xs) {
        std::string r;
        for (size_t k = 0; k < xs.size(); k++)
            r += (k == 0 ? "" : k + 1 == xs.size() ? " and " : ", ") + xs[k];
        return r;
    };
    std::vector<std::string> clauses;
    std::vector<bool> said(open.size(), false);
    for (size_t k = 0; k < open.size(); k++) {
        if (said[k]) continue;
        std::vector<std::string> names;
        for (size_t j = k; j < open.size(); j++)
            if (!said[j] && open[j].what == open[k].what) {
                names.push_back("`" + open[j].name + "`");
                said[j] = true;
            }
        const std::string &what = open[k].what;
        size_t article = what.rfind("a ", 0) == 0 ? 2 : what.rfind("an ", 0) == 0 ? 3 : 0;
        if (names.size() == 1) clauses.push_back(names[0] + " is " + what);
        else if (article && what.size() > 5 && what.compare(what.size() - 5, 5, " type") == 0)
            clauses.push_back(listed(names) + " are " + what.substr(article) + "s");
        else
            for (const std::string &n : names) clauses.push_back(n + " is " + what);
    }
    return out + ", where " + listed(clauses);
}

void Checker::expect(const TypePtr &expected, const TypePtr &actual, const SrcLoc &loc,
                     const std::string &what, DimMode mode) {
    try {
        unify(expected, actual, mode);
    } catch (Mismatch &m) {
        // Futhark's key phrases come first ("Cannot unify", "Dimensions ... do not
        // match"): error regexes of Futhark test programs are written against them.  One
        // sentence says what was expected, what was given and where (Note [Open types in
        // messages]).
        std::string msg;
        bool occurs = m.a == "?" || m.b.rfind("(occurs", 0) == 0;
        if (m.sizes) {
            msg = "Dimensions `" + m.a + "` and `" + m.b + "` do not match";
            if (!what.empty()) msg += ": " + what;
            msg += " (expected `" + show(expected) + "`, got `" + show(actual) + "`)";
            if (m.a == "?" || m.b == "?") msg += "; `?` is an existential size, unknown here";
        } else if (m.a.rfind("a non-lifted", 0) == 0) {
            msg = "Cannot instantiate the value type variable " + m.detail + " with the functional type `" +
                  m.b + "`" + (what.empty() ? "" : ": " + what) + " (declare it lifted, `'^" + m.detail +
                  "`, to allow function types)";
        } else {
            std::string exp_s = describe(expected), act_s = describe(actual);
            if (exp_s == act_s && !m.detail.empty())
                msg = "Cannot unify sum types (" + m.detail + ")";  // naming the same type twice says nothing
            else
                msg = "Cannot unify " + exp_s + " with " + act_s;
            if (!what.empty()) msg += ": " + what;
            if (!m.detail.empty()) {
                if (exp_s != act_s) msg += " (" + m.detail + ")";
            } else if (m.expected && m.actual && !occurs) {
                // Where the types are long, the part of them that differs; not where it is
                // all of them, or easily seen.
                std::string e = no_sizes(show(m.expected)), a = no_sizes(show(m.actual));
                std::string whole_e = no_sizes(show(expected)), whole_a = no_sizes(show(actual));
                auto shown_size = [](const std::string &t) {  // a placeholder shows as a letter
                    size_t n = 0;
                    for (size_t i = 0; i < t.size(); i++, n++)
                        if (t[i] == '\x01') i = t.find('\x03', i);
                    return n;
                };
                constexpr size_t long_type = 40;
                if ((e != whole_e || a != whole_a) && e != a &&
                    (std::max(shown_size(whole_e), shown_size(whole_a)) > long_type || whole_e == whole_a))
                    msg += " (Couldn't match expected type `" + e + "` with actual type `" + a + "`)";
            }
            if (occurs) msg += " (occurs check: infinite type)";
        }
        throw CompileError(loc, name_open_types(msg));
    }
}

void Checker::check_consume_compat(const TypePtr &expected, const TypePtr &actual, const SrcLoc &loc) {
    TypePtr e = zonk(expected, false), a = zonk(actual, false);
    while (e && a && e->kind == Type::Kind::Func && a->kind == Type::Kind::Func) {
        if (e->param && a->param && a->param->unique && !e->param->unique)
            throw CompileError(loc, "Parameter types `" + type_to_string(a->param) + "` and `" +
                                        type_to_string(e->param) + "` are incompatible regarding consuming "
                                        "their arguments");
        e = e->result;
        a = a->result;
    }
}

// An unknown size says nothing where sizes are not the mismatch: `[]t`, not `[?]t`.
std::string Checker::no_sizes(std::string s) {
    for (size_t at; (at = s.find("[?]")) != std::string::npos;)
        s.erase(at + 1, 1);
    return s;
}

// An open variable for messages: its constraint.
std::string Checker::describe_var(const VarInfo &v) {
    if (v.prim) {
        constexpr uint16_t ints = 0xFF << 1, floats = 0x7 << 9;
        if (v.mask == (ints | floats)) return "a numeric type";
        if (v.mask == ints) return "an integer type";
        if (v.mask == floats) return "a floating-point type";
        if (v.mask == (ints | floats | 1)) return "a primitive type";
        return "one of " + mask_desc(v.mask);
    }
    if (!v.fields.empty()) { // a record with field `a` / with fields `a` and `b`
        std::string names;
        size_t k = 0;
        for (auto &f : v.fields)
            names += (k++ == 0 ? "" : k == v.fields.size() ? " and " : ", ") + ("`" + f.first + "`");
        return std::string("a record with field") + (v.fields.size() > 1 ? "s " : " ") + names;
    }
    if (!v.ctors.empty()) return "a sum type with constructor #" + v.ctors.begin()->first;
    return "any type";
}

// A type for messages: open variables are described by their constraint.
std::string Checker::describe(const TypePtr &t0) {
    TypePtr t = resolve(t0);
    if (t->kind == Type::Kind::TypeVar && var_index(t->var) >= 0) return describe_var(tvars_[var_index(t->var)]);
    // An array of an open element (`[1.5]`): its shape, then the element's constraint,
    // where `[1]?` would say nothing of what the element may be.
    if (t->kind == Type::Kind::Array) {
        TypePtr e = resolve(t->elem);
        if (e->kind == Type::Kind::TypeVar && var_index(e->var) >= 0) {
            std::string shape = no_sizes(show(Type::array(Type::prim_type(PrimType::Bool), t->shape)));
            return "an array `" + shape.substr(0, shape.rfind(']') + 1) + "` of " +
                   describe_var(tvars_[var_index(e->var)]);
        }
    }
    return "type `" + no_sizes(show(t)) + "`";
}

// Keeps a's dims where b agrees, else Any (the result of if/match with different sizes).
TypePtr Checker::join(const TypePtr &a0, const TypePtr &b0, bool ascribed) {
    std::map<std::pair<std::string, std::string>, Dim> made;
    return join(a0, b0, ascribed, made);
}

// `made`: the existential size given to each pair of differing sizes, so that sizes
// equal in each branch stay equal (`if b then (iota n, iota n) else (iota m, iota m)`
// gives two arrays of one size, as Futhark's anti-unification does).
TypePtr Checker::join(const TypePtr &a0, const TypePtr &b0, bool ascribed,
                      std::map<std::pair<std::string, std::string>, Dim> &made) {
    TypePtr a = zonk(a0, false), b = zonk(b0, false);
    if (a->kind != b->kind) return a;
    switch (a->kind) {
    case Type::Kind::Array: {
        if (a->shape.size() != b->shape.size()) return a;
        std::vector<Dim> shape = a->shape;
        bool changed = false;
        for (size_t i = 0; i < shape.size(); i++) {
            Dim x = resolve_dim(shape[i]), y = resolve_dim(b->shape[i]);
            if (!(x == y)) {
                // Two known, different sizes: Futhark's existential size.
                auto known = [](const Dim &d) {
                    return d.kind == Dim::Kind::Const || d.kind == Dim::Kind::Exp ||
                           (d.kind == Dim::Kind::Var && d.name[0] != '?');
                };
                // An ascription's unknown size (`[]`, `[n * 2]`: Note [Size
                // expressions]) is the expression's.
                if (ascribed && x.kind == Dim::Kind::Any) shape[i] = y;
                else if (known(x) && known(y)) {
                    auto [it, fresh] = made.try_emplace({dim_to_string(x), dim_to_string(y)}, Dim::any());
                    if (fresh) it->second = fresh_exist();
                    shape[i] = it->second;
                } else shape[i] = Dim::any();
                changed = true;
            }
        }
        TypePtr e = join(a->elem, b->elem, ascribed, made);
        if (!changed && e == a->elem) return a;
        return Type::array(e, shape, a->unique);
    }
    case Type::Kind::Tuple: {
        if (a->elems.size() != b->elems.size()) return a;
        std::vector<TypePtr> es;
        for (size_t i = 0; i < a->elems.size(); i++) es.push_back(join(a->elems[i], b->elems[i], ascribed, made));
        return Type::tuple(es);
    }
    case Type::Kind::Record:
    case Type::Kind::Sum: {
        if (a->fields.size() != b->fields.size()) return a;
        auto fs = a->fields;
        for (size_t i = 0; i < fs.size(); i++) fs[i].second = join(fs[i].second, b->fields[i].second, ascribed, made);
        return a->kind == Type::Kind::Record ? Type::record(fs) : Type::sum(fs);
    }
    default: return a;
    }
}

// Note [Constraint sizes]: a constructor whose sum type is not known yet (`#some (iota
// n)`) leaves its payload's type in a constraint on a type variable, not in a type.  Its
// sizes are the value's all the same: forget_dims makes them unknown when their
// variables go out of scope (`let n = 2 in #some (iota n)` kept `[n]`, which an outer `n`
// then matched, and compiled code believed); two values' constraints merge by joining
// their payloads (an `if` whose branches make `#some` of two sizes); and the variable,
// bound to a sum type, takes the value's payloads, whose sizes may be unknown where the
// sum type's are not (bind_var).  A lambda `\x -> #some (iota x)` thus returns `#some
// ([]i64)`: a `map` of it is checked for regular results at run time, as one returning
// an `if`'s unknown size.
// Sizes named after variables going out of scope become unknown.
TypePtr Checker::forget_dims(const TypePtr &t0, const std::set<std::string> &names) {
    if (names.empty()) return t0;
    TypePtr t = zonk(t0, false);
    switch (t->kind) {
    case Type::Kind::TypeVar:  // Note [Constraint sizes]
        if (int i = var_index(t->var); i >= 0) {
            for (auto &c : tvars_[(size_t)i].ctors)
                for (auto &p : c.second) p = forget_dims(p, names);
            for (auto &f : tvars_[(size_t)i].fields) f.second = forget_dims(f.second, names);
        }
        return t;
    case Type::Kind::Array: {
        std::vector<Dim> shape = t->shape;
        bool changed = false;
        for (auto &d : shape)
            if (std::any_of(names.begin(), names.end(), [&](auto &n) { return mentions(d, n); })) {
                d = Dim::any();
                changed = true;
            }
        TypePtr e = forget_dims(t->elem, names);
        if (!changed && e == t->elem) return t;
        return Type::array(e, shape, t->unique);
    }
    case Type::Kind::Tuple: {
        std::vector<TypePtr> es;
        bool changed = false;
        for (auto &e : t->elems) {
            es.push_back(forget_dims(e, names));
            changed |= es.back() != e;
        }
        if (!changed) return t;
        return Type::tuple(es);
    }
    case Type::Kind::Record:
    case Type::Kind::Sum: {
        auto fs = t->fields;
        bool changed = false;
        for (auto &f : fs) {
            auto n = forget_dims(f.second, names);
            changed |= n != f.second;
            f.second = n;
        }
        if (!changed) return t;
        return t->kind == Type::Kind::Record ? Type::record(fs) : Type::sum(fs);
    }
    case Type::Kind::Func: {
        auto p = forget_dims(t->param, names), r = forget_dims(t->result, names);
        if (p == t->param && r == t->result) return t;
        return Type::func(p, r, t->param_name);
    }
    default: return t;
    }
}

TypePtr Checker::subst_dim(const TypePtr &t, const std::string &name, const Dim &d) {
    std::map<std::string, Dim> dv{{name, d}};
    return subst(t, {}, dv);
}

TypePtr Checker::subst(const TypePtr &t0, const std::map<std::string, TypePtr> &tv,
                       const std::map<std::string, Dim> &dv) {
    if (!t0) return t0;
    TypePtr t = resolve(t0);
    switch (t->kind) {
    case Type::Kind::TypeVar: {
        auto it = tv.find(t->var);
        if (it == tv.end()) return t;
        return t->unique ? it->second->with_unique(true) : it->second;
    }
    case Type::Kind::Array: {
        std::vector<Dim> shape = t->shape;
        bool changed = false;
        std::function<Dim(const Dim &)> sub = [&](const Dim &d) {
            Dim r = resolve_dim(d);
            if (r.kind == Dim::Kind::Exp)
                return map_exp(r, sub);
            if (r.kind == Dim::Kind::Var) {
                auto it = dv.find(r.name);
                if (it != dv.end())
                    r = it->second;
            }
            return r;
        };
        for (auto &d : shape) {
            Dim r = sub(d);
            if (!(r == d)) {
                d = r;
                changed = true;
            }
        }
        TypePtr e = subst(t->elem, tv, dv);
        if (!changed && e == t->elem) return t;
        return Type::array(e, shape, t->unique);
    }
    case Type::Kind::Tuple: {
        std::vector<TypePtr> es;
        bool changed = false;
        for (auto &e : t->elems) {
            es.push_back(subst(e, tv, dv));
            changed |= es.back() != e;
        }
        if (!changed) return t;
        auto r = Type::tuple(es);
        return t->unique ? r->with_unique(true) : r;
    }
    case Type::Kind::Record:
    case Type::Kind::Sum: {
        auto fs = t->fields;
        bool changed = false;
        for (auto &f : fs) {
            auto n = subst(f.second, tv, dv);
            changed |= n != f.second;
            f.second = n;
        }
        if (!changed) return t;
        auto r = t->kind == Type::Kind::Record ? Type::record(fs) : Type::sum(fs);
        return t->unique ? r->with_unique(true) : r;
    }
    case Type::Kind::Func: {
        // Rename a named parameter so that substituting the argument later cannot
        // capture a size of the same name from the caller.
        if (!t->param_name.empty() && !dv.count(t->param_name)) {
            auto dv2 = dv;
            std::string fresh_name = "?p" + std::to_string(param_counter_++);
            dv2[t->param_name] = Dim::var(fresh_name);
            source_names_[fresh_name] = t->param_name;
            return Type::func(subst(t->param, tv, dv2), subst(t->result, tv, dv2), fresh_name);
        }
        auto p = subst(t->param, tv, dv), r = subst(t->result, tv, dv);
        if (p == t->param && r == t->result) return t;
        return Type::func(p, r, t->param_name);
    }
    default: return t;
    }
}

TypePtr Checker::instantiate(const Scheme &s, std::vector<TypePtr> *targs) {
    bool has_named = false;
    if (s.tparams.empty() && s.sparams.empty()) {
        // Still rename named parameters (dependent function types).
        std::function<bool(const TypePtr &)> named = [&](const TypePtr &t) {
            if (t->kind != Type::Kind::Func) return false;
            return !t->param_name.empty() || named(t->result);
        };
        has_named = named(s.type);
        if (!has_named) return s.type;
    }
    std::map<std::string, TypePtr> tv;
    std::map<std::string, Dim> dv;
    for (auto &p : s.tparams) {
        auto v = fresh({});
        tvars_.back().nofunc = s.nonlifted.count(p) > 0;
        tvars_.back().param_name = p;
        tv[p] = v;
        if (targs) targs->push_back(v);
    }
    for (auto &p : s.sparams) {
        dv[p] = fresh_dim();
        source_names_[dv[p].name] = p;
    }
    return subst(s.type, tv, dv);
}

// Called right after instantiate(s): its size variables are the last ones made.
void Checker::note_unwitnessed_sizes(const Scheme &s, const std::string &fname, const SrcLoc &loc) {
    if (s.sparams.empty() || env_.checking_prelude || s.sparams.size() > dvars_.size()) return;
    // Witnessed: an array's size itself (`[n]`), outside function types.  One inside a
    // size expression (`[n + m]`) the call infers only from an argument of that form.
    // (Named outside function types but not witnessed: inside a size expression.)
    std::set<std::string> witnessed, outside, anywhere;
    for (TypePtr t = s.type; t && t->kind == Type::Kind::Func; t = t->result) {
        constructive_dim_names(t->param, witnessed, FunctionTypes::Skip);
        dim_names(t->param, outside, FunctionTypes::Skip);
        dim_names(t->param, anywhere);
    }
    size_t base = dvars_.size() - s.sparams.size();
    for (size_t k = 0; k < s.sparams.size(); k++)
        if (!witnessed.count(s.sparams[k]) && anywhere.count(s.sparams[k]))
            ambig_candidates_.push_back({(int)(base + k), s.sparams[k], fname, loc, outside.count(s.sparams[k]) > 0});
}

void Checker::check_ambiguous_sizes() {
    for (auto &c : ambig_candidates_) {
        Dim d = resolve_dim(Dim::var("?" + std::to_string(c.dim_index)));
        if (d.kind != Dim::Kind::Var) continue;
        int i = var_index(d.name);
        if (i < 0 || i >= (int)dvars_.size() || dbound_[i] || dims_met_any_.count(i)) continue;
        if (c.in_size_exp)
            throw CompileError(c.loc, "Ambiguous size `" + c.sparam + "`: it is an instantiated size parameter of \"" +
                                          c.fname + "\" that no argument determines (it occurs only in a size "
                                          "expression of a parameter's type, and the argument's size is not "
                                          "of that form); coerce the argument (`xs :> [a + b]t`) or annotate "
                                          "the result");
        throw CompileError(c.loc, "Ambiguous size `" + c.sparam + "`: it is an instantiated size parameter of \"" +
                                      c.fname + "\" that no argument determines (it occurs only in a "
                                      "function-typed parameter); add a type annotation");
    }
    ambig_candidates_.clear();
}

TypePtr Checker::field_type(TypePtr t, const std::string &field, const SrcLoc &loc) {
    t = resolve(t);
    if (t->kind == Type::Kind::TypeVar && var_index(t->var) >= 0) {
        int i = var_index(t->var);
        if (tvars_[i].prim)
            throw CompileError(loc, "Attempt to access field `" + field + "` of a value of primitive type");
        auto it = tvars_[i].fields.find(field);
        if (it != tvars_[i].fields.end()) return it->second;
        auto f = fresh(loc);
        tvars_[i].fields[field] = f;
        return f;
    }
    if (!is_recordish(t))
        throw CompileError(loc, "Attempt to access field `" + field + "` of a value of type `" +
                                    show(t) + "`, which is not a record or tuple");
    for (auto &f : fields_of(t))
        if (f.first == field) return f.second;
    throw CompileError(loc, "field `" + field + "` not in record type `" + show(t) + "`");
}

// ---------------------------------------------------------------- type expressions

Dim Checker::resolve_dim_exp(DimExp &d, SizeCtx ctx, std::vector<std::string> *implicit,
                             const SrcLoc &loc) {
    switch (d.kind) {
    case DimExp::Kind::Const: return Dim::constant(d.value);
    // Note [Implicit sizes]: in a function's parameter, a size to infer.
    case DimExp::Kind::Anon: return anon_implicit_ ? fresh_dim() : Dim::any();
    case DimExp::Kind::Exp: {
        if (d.exp) {
            ExpPtr e = d.exp;
            auto t = check(e);
            synthetic_.push_back(e);
            expect(Type::prim_type(PrimType::I64), t, e->loc, "size expression");
            if (exp_sizes_)
                return dim_of_arg(e.get()); // Note [Size expressions]
        }
        return Dim::any();
    }
    case DimExp::Kind::Named: {
        if (const Local *l = find_local(d.name)) {
            // Sizes are i64 (`(n: i32) (xs: [n]i32)` is a type error, as in Futhark).
            if (l->type && !l->scheme) expect(Type::prim_type(PrimType::I64), l->type, loc,
                                              "the size `" + d.name + "` (sizes are of type i64)");
            return Dim::var(d.name);
        }
        // A module's constant (`[N.n]`): the interpreter reads the size by its flat
        // name, which replaces the written one; a type checked again (a parametric
        // module's result type, at each application) looks the written one up anew.
        if (std::string g = lookup_val(d.written.empty() ? d.name : d.written); !g.empty()) {
            if (auto it = env_.vals.find(g); it != env_.vals.end() && it->second->scheme.type)
                expect(Type::prim_type(PrimType::I64), it->second->scheme.type, loc,
                       "the size `" + (d.written.empty() ? d.name : d.written) + "` (sizes are of type i64)");
            if (d.written.empty()) d.written = d.name;
            d.name = g;
            return Dim::var(g);
        }
        // Futhark requires size parameters to be declared (`[n]`); the prelude may
        // still use implicit ones.
        if (ctx == SizeCtx::Param && implicit && env_.checking_prelude) {
            implicit->push_back(d.name);
            bind_local(d.name, Type::prim_type(PrimType::I64));
            return Dim::var(d.name);
        }
        if (ctx == SizeCtx::Ret) return Dim::any();
        throw CompileError(loc, "Unknown size `" + (d.written.empty() ? d.name : d.written) + "`");
    }
    }
    return Dim::any();
}

TypePtr Checker::resolve_type_exp(const TypeExpPtr &te, SizeCtx ctx,
                                  std::vector<std::string> *implicit) {
    if (!te) return fresh({});
    switch (te->kind) {
    case TypeExp::Kind::Named: {
        if (te->args.empty()) {
            if (auto p = prim_from_name(te->name)) return Type::prim_type(*p);
            auto it = tparam_scope_.find(te->name);
            if (it != tparam_scope_.end()) return it->second;
        }
        const std::string flat = lookup_type(te->name);
        if (flat.empty()) throw CompileError(te->loc, "Unknown type `" + te->name + "`" + type_hint(te->name));
        if (auto p = prim_from_name(flat); p && te->args.empty()) return Type::prim_type(*p);  // `f32.t`
        auto ab = env_.types.find(flat);
        if (ab == env_.types.end()) throw CompileError(te->loc, "type `" + te->name + "` expects no arguments");
        const TypeAbbrev &a = *ab->second;
        if (a.params.size() != te->args.size())
            throw CompileError(te->loc, "type `" + te->name + "` expects " +
                                            std::to_string(a.params.size()) + " argument(s), but got " +
                                            std::to_string(te->args.size()));
        if (a.params.empty()) return a.body;
        std::map<std::string, TypePtr> tv;
        std::map<std::string, Dim> dv;
        for (size_t i = 0; i < a.params.size(); i++) {
            const auto &arg = te->args[i];
            if (a.params[i].kind == TypeParam::Kind::Size) {
                if (!arg || arg->kind != TypeExp::Kind::Array || arg->elem)
                    throw CompileError(te->loc, "type `" + te->name + "` expects a size argument for `" +
                                                    a.params[i].name + "`");
                dv[a.params[i].name] = resolve_dim_exp(arg->dim, ctx, implicit, arg->loc);
            } else {
                if (arg && arg->kind == TypeExp::Kind::Array && !arg->elem)
                    throw CompileError(arg->loc, "type `" + te->name + "` expects a type argument for `" +
                                                     a.params[i].name + "`");
                tv[a.params[i].name] = resolve_type_exp(arg, ctx, implicit);
            }
        }
        return subst(a.body, tv, dv);
    }
    case TypeExp::Kind::Array: {
        Dim d = resolve_dim_exp(te->dim, ctx, implicit, te->loc);
        if (char l = named_liftedness(te->elem))
            throw CompileError(te->elem->loc, "Lifted types cannot be put in arrays: `" + te->elem->name +
                                                  (l == '^' ? "` may hold a function" : "` may hide sizes") +
                                                  " (declared with `" + (l == '^' ? "^" : "~") + "`)");
        auto e = resolve_type_exp(te->elem, ctx, implicit);
        if (e->unique) e = e->with_unique(false);
        return Type::array(e, {d});
    }
    case TypeExp::Kind::Tuple: {
        if (te->elems.size() == 1) return resolve_type_exp(te->elems[0], ctx, implicit);
        std::vector<TypePtr> es;
        for (auto &e : te->elems) es.push_back(resolve_type_exp(e, ctx, implicit));
        return Type::tuple(es);
    }
    case TypeExp::Kind::Record: {
        std::vector<std::pair<std::string, TypePtr>> fs;
        std::set<std::string> seen;
        for (auto &f : te->fields) {
            if (!seen.insert(f.first).second)
                throw CompileError(te->loc, "duplicate field `" + f.first + "` in record type");
            fs.emplace_back(f.first, resolve_type_exp(f.second, ctx, implicit));
        }
        return Type::record(fs);
    }
    case TypeExp::Kind::Sum: {
        std::vector<std::pair<std::string, TypePtr>> cs;
        std::set<std::string> seen;
        if (te->ctors.size() > 256) // Futhark's limit (a tag fits a byte)
            throw CompileError(te->loc, "A sum type may have at most 256 constructors, but this one has " +
                                            std::to_string(te->ctors.size()));
        for (auto &c : te->ctors) {
            if (!seen.insert(c.first).second)
                throw CompileError(te->loc, "duplicate constructor #" + c.first + " in sum type");
            std::vector<TypePtr> ps;
            for (auto &p : c.second) ps.push_back(resolve_type_exp(p, ctx, implicit));
            cs.emplace_back(c.first, Type::tuple(ps));
        }
        return Type::sum(cs);
    }
    case TypeExp::Kind::Func: {
        size_t mark = scope_mark();
        bool anon = anon_implicit_;
        anon_implicit_ = false;
        auto p = resolve_type_exp(te->param, ctx, implicit);
        if (!te->param_name.empty()) bind_local(te->param_name, p);
        auto r = resolve_type_exp(te->result, ctx == SizeCtx::Body ? SizeCtx::Ret : ctx, implicit);
        // Keep implicit sizes bound; drop only the named parameter.
        if (!te->param_name.empty()) {
            for (size_t i = locals_.size(); i-- > mark;)
                if (locals_[i].name == te->param_name) {
                    locals_.erase(locals_.begin() + (long)i);
                    break;
                }
        }
        anon_implicit_ = anon;
        return Type::func(p, r, te->param_name);
    }
    case TypeExp::Kind::Unique: return resolve_type_exp(te->elem, ctx, implicit)->with_unique(true);
    case TypeExp::Kind::Existential: {
        size_t mark = scope_mark();
        for (auto &n : te->exist_sizes) bind_local(n, Type::prim_type(PrimType::I64));
        auto t = resolve_type_exp(te->elem, ctx, implicit);
        pop_scope(mark);
        std::set<std::string> names(te->exist_sizes.begin(), te->exist_sizes.end());
        // Futhark: a quantified size must be some array's size outside function types,
        // where a value carries it (`?[n].bool -> [n]bool` has none).
        {
            std::set<std::string> witnessed;
            constructive_dim_names(t, witnessed, FunctionTypes::Skip);
            for (const std::string &n : te->exist_sizes)
                if (!witnessed.count(n))
                    throw CompileError(te->loc, "Existential size `" + n + "` not used as array size: it must be "
                                                "the size of an array outside function types, whose value carries "
                                                "it (add a witness `[" + n + "]()`)");
        }
        // Each use of a quantified size becomes an unknown size named after it, so a
        // prelude function's result (`?[k].([k]bool, [k]b)`) gives its uses one
        // existential size (existentialise); a size expression of it becomes unknown.
        const std::string tag = "#" + std::to_string(exist_counter_++);
        t = map_dims(t, [&](const Dim &d) {
            if (d.kind != Dim::Kind::Var || !names.count(d.name)) return d;
            Dim a = Dim::any();
            a.name = d.name + tag;
            return a;
        });
        return forget_dims(t, names);
    }
    }
    return fresh(te->loc);
}

// ---------------------------------------------------------------- scopes

const Checker::Local *Checker::find_local(const std::string &name) const {
    for (size_t i = locals_.size(); i-- > 0;)
        if (locals_[i].name == name) return &locals_[i];
    return nullptr;
}

bool Checker::name_known(const std::string &name) const {
    return find_local(name) || !lookup_val(name).empty();
}

namespace {

/** Edits (insert, delete, replace, swap two neighbours) from a to b, or more than `most`
 * once that many are passed. */
size_t edits(const std::string &a, const std::string &b, size_t most) {
    if ((a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) > most) return most + 1;
    std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
    for (size_t i = 0; i <= a.size(); i++) d[i][0] = i;
    for (size_t j = 0; j <= b.size(); j++) d[0][j] = j;
    for (size_t i = 1; i <= a.size(); i++)
        for (size_t j = 1; j <= b.size(); j++) {
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[a.size()][b.size()];
}

/** ": did you mean `a`, `b` or `c`?" (at most `most` of them, then how many there are). */
std::string did_you_mean(std::vector<std::string> ns, size_t most) {
    const size_t all = ns.size();
    ns.resize(std::min(all, most));
    std::string list;
    for (size_t i = 0; i < ns.size(); i++)
        list += std::string(i == 0 ? "" : i + 1 == all ? " or " : ", ") + "`" + ns[i] + "`";
    return ": did you mean " + list + (all > most ? ", ... (" + std::to_string(all) + " in all)" : "") + "?";
}

/** The names within a typo of `name` (one edit, two for names of six characters or more;
 * none for names shorter than three, where most names are a typo away), the nearest
 * ones. */
std::vector<std::string> nearest(const std::string &name, const std::vector<std::string> &names) {
    if (name.size() < 3) return {};
    const size_t most = name.size() < 6 ? 1 : 2;
    std::map<size_t, std::set<std::string>> near;
    for (const std::string &n : names)
        if (n != name)
            if (size_t k = edits(name, n, most); k <= most) near[k].insert(n);
    if (near.empty()) return {};
    return {near.begin()->second.begin(), near.begin()->second.end()};
}

bool identifier(const std::string &s) {
    return !s.empty() && (std::isalpha((unsigned char)s[0]) || s[0] == '_') &&
           std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum((unsigned char)c) || c == '_' || c == '\''; });
}

} // namespace

std::string Checker::name_hint(const std::string &written) const {
    const size_t dot = written.rfind('.');
    const std::string name = dot == std::string::npos ? written : written.substr(dot + 1);
    if (!identifier(name)) return {};
    if (dot != std::string::npos) {
        const std::string q = written.substr(0, dot);
        // A module's member a typo away (`f32.sqr`), or the member of a module a typo
        // away (`F32.sqrt`).
        if (ModuleInfoPtr m = lookup_mod(q)) {
            std::vector<std::string> names;
            for (const auto &[member, _] : m->members.vals)
                if (identifier(member)) names.push_back(member);
            std::vector<std::string> near = nearest(name, names);
            for (std::string &n : near) n = q + "." + n;
            return near.empty() ? std::string() : did_you_mean(near, 3);
        }
        std::vector<std::string> mods;
        for (const auto &[mod, _] : env_.top.mods) mods.push_back(mod);
        for (const Level &l : levels_)
            for (const auto &[mod, _] : l.names.mods) mods.push_back(mod);
        std::vector<std::string> near;
        for (const std::string &mod : nearest(q, mods))
            if (!lookup_val(mod + "." + name).empty()) near.push_back(mod + "." + name);
        if (!near.empty()) return did_you_mean(near, 3);
    }
    // A module's member of that name: `sum` is `i32.sum`, `f64.sum`, ...
    std::vector<std::string> members;
    for (const auto &[key, _] : env_.vals) {
        size_t d = key.rfind('.');
        if (d != std::string::npos && key.compare(d + 1, std::string::npos, name) == 0 &&
            identifier(key.substr(0, key.find('.'))) && !lookup_val(key).empty() && key != written)
            members.push_back(key);
    }
    // The user's modules first, then the prelude's numeric modules, the common ones first.
    auto rank = [](const std::string &key) {
        static const char *order[] = {"i32", "i64", "f32", "f64", "f16", "i8", "i16", "u8", "u16", "u32", "u64", "bool"};
        const std::string m = key.substr(0, key.find('.'));
        for (size_t i = 0; i < std::size(order); i++)
            if (m == order[i]) return (int)i + 1;
        return 0;
    };
    std::sort(members.begin(), members.end(), [&](const std::string &a, const std::string &b) {
        return std::make_pair(rank(a), a) < std::make_pair(rank(b), b);
    });
    if (!members.empty()) return did_you_mean(members, 4);
    if (dot != std::string::npos) return {};
    // A name in scope a typo away.
    std::vector<std::string> names;
    for (const Local &l : locals_)
        if (identifier(l.name)) names.push_back(l.name);
    for (const auto &[key, _] : env_.vals)
        if (key.find('.') == std::string::npos && identifier(key) && !lookup_val(key).empty())
            names.push_back(key);
    std::vector<std::string> near = nearest(name, names);
    return near.empty() ? std::string() : did_you_mean(near, 3);
}

std::string Checker::type_hint(const std::string &name) const {
    // Other languages' names for Futhark's types.
    static const std::map<std::string, std::vector<std::string>> foreign = {
        {"int", {"i32", "i64"}}, {"long", {"i64"}}, {"short", {"i16"}}, {"uint", {"u32"}},
        {"float", {"f32", "f64"}}, {"double", {"f64"}}, {"char", {"u8"}}, {"byte", {"u8"}},
        {"string", {"[]u8"}}, {"usize", {"i64"}}, {"size_t", {"i64"}}, {"boolean", {"bool"}}};
    if (auto f = foreign.find(name); f != foreign.end()) return did_you_mean(f->second, 3);
    std::vector<std::string> names = {"i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64",
                                      "f16", "f32", "f64", "bool"};
    for (const auto &[key, _] : env_.types)
        if (key.find('.') == std::string::npos && identifier(key) && !lookup_type(key).empty())
            names.push_back(key);
    for (const auto &[p, _] : tparam_scope_) names.push_back(p);
    std::vector<std::string> near = nearest(name, names);
    return near.empty() ? std::string() : did_you_mean(near, 3);
}

// ---------------------------------------------------------------- definitions

void dim_names(const Dim &d, std::set<std::string> &out) {
    if (d.kind == Dim::Kind::Var)
        out.insert(d.name);
    if (d.kind == Dim::Kind::Exp)
        for (const Dim &a : *d.args)
            dim_names(a, out);
}

// Calls visit on each size of t's array shapes, in order of appearance; with
// FunctionTypes::Skip only those outside function types (the positions that witness a
// size).
void for_each_shape_dim(const TypePtr &t, const std::function<void(const Dim &)> &visit,
                        FunctionTypes fn) {
    if (!t) return;
    switch (t->kind) {
    case Type::Kind::Array:
        for (auto &d : t->shape)
            visit(d);
        for_each_shape_dim(t->elem, visit, fn);
        return;
    case Type::Kind::Tuple:
        for (auto &e : t->elems) for_each_shape_dim(e, visit, fn);
        return;
    case Type::Kind::Record:
    case Type::Kind::Sum:
        for (auto &f : t->fields) for_each_shape_dim(f.second, visit, fn);
        return;
    case Type::Kind::Func:
        if (fn == FunctionTypes::Skip) return;
        for_each_shape_dim(t->param, visit, fn);
        for_each_shape_dim(t->result, visit, fn);
        return;
    default: return;
    }
}

void constructive_dim_names(const TypePtr &t, std::set<std::string> &out, FunctionTypes fn) {
    for_each_shape_dim(t, [&](const Dim &d) {
        if (d.kind == Dim::Kind::Var) out.insert(d.name);
    }, fn);
}

void dim_names(const TypePtr &t, std::set<std::string> &out, FunctionTypes fn) {
    for_each_shape_dim(t, [&](const Dim &d) { dim_names(d, out); }, fn);
}

// A tuple pattern's type is inferred from its components, which loses their `*`: a
// parameter `(a: *[]i32, b: []i32)` takes it back from them, so that a call consumes
// the first component of its argument (TypeCheckUnique.cpp).
static TypePtr declared_uniqueness(const Pat &p, const TypePtr &t) {
    if (p.kind != Pat::Kind::Tuple || p.elems.size() < 2)
        return t;
    std::vector<TypePtr> es;
    bool unique = false;
    for (const PatPtr &e : p.elems) {
        es.push_back(declared_uniqueness(*e, e->type));
        unique |= es.back() && (es.back()->unique || es.back() != e->type);
    }
    return unique ? Type::tuple(es) : t;
}

static const Pat *simple_name_pat(const Pat &p) {
    if (p.kind == Pat::Kind::Id) return &p;
    if (p.kind == Pat::Kind::Ascript && p.inner) return simple_name_pat(*p.inner);
    return nullptr;
}

// Note [Implicit sizes]: Futhark's rule for the sizes a definition leaves to inference.
// An anonymous size in a parameter's type (`xs: []i32`) and the sizes of an unannotated
// parameter are size variables while the body is checked, so two may unify (`map2 (+)
// xs ys` on two `[]i32` parameters is one size).  Those still unknown afterwards that a
// parameter witnesses (outside function types) become implicit size parameters, as if
// written `[d₀]`: a call binds them from its arguments, so `flatten xss |> unflatten`
// knows its shape, the result of `map f xs` has the size of `xs`, and `:type` shows
// which sizes are equal.  The names (`d₀`, `d₁`, ...; a local function's `l₀`, ...)
// are ones no program can write.  A size variable free in the enclosing scope (a
// local function's use of an outer array) is not the function's to generalise.
void Checker::generalise_sizes(FunDef &f, const std::vector<TypePtr> &ptypes, size_t mark, bool top) {
    std::set<std::string> outer;
    for (size_t i = 0; i < mark && i < locals_.size(); i++)
        if (locals_[i].type) dim_names(zonk(locals_[i].type, false), outer);
    std::vector<std::string> open;
    // In order of appearance, so the names follow the parameters; a size inside a
    // size expression is not the function's to generalise.
    for (const TypePtr &pt : ptypes)
        for_each_shape_dim(zonk(pt, false), [&](const Dim &d) {
            if (d.kind == Dim::Kind::Var && d.name[0] == '?' && !outer.count(d.name) &&
                std::find(open.begin(), open.end(), d.name) == open.end())
                open.push_back(d.name);
        }, FunctionTypes::Skip);
    int top_count = 0;
    for (const std::string &v : open) {
        int i = var_index(v);
        if (i < 0 || i >= (int)dvars_.size() || dbound_[i]) continue;
        // A local function's own letter: the enclosing definition's are named after it.
        std::string name = top ? "d" : "l";
        for (char c : std::to_string(top ? top_count++ : implicit_count_++))  // subscript digits, U+2080 + c
            name += std::string("\xE2\x82") + char(0x80 + (c - '0'));
        dvars_[i] = Dim::var(name);
        dbound_[i] = true;
        f.size_params.push_back(name);
        bind_local(name, Type::prim_type(PrimType::I64));
    }
}

// An expression's written type (`e : t`, `e :> t`), its size expressions kept (Note
// [Size expressions]): `[] : [0][n + 1]t` has rows of n + 1.
TypePtr Checker::resolve_written_sizes(const TypeExpPtr &te) {
    ScopedFlag exps(exp_sizes_, true);
    return resolve_type_exp(te, SizeCtx::Body, nullptr);
}

// The written types of a parameter pattern's ascriptions, resolved before the pattern is
// checked: with `anon`, each `[]` is a size to infer (Note [Implicit sizes]); with
// `exps`, a size expression stays one (Note [Size expressions]).
void Checker::resolve_param_types(PatPtr &q, SizeCtx ctx, std::vector<std::string> *implicit, bool anon,
                                  bool exps) {
    if (!q) return;
    if (q->kind == Pat::Kind::Ascript && q->type_exp && !q->type) {
        ScopedFlag anon_flag(anon_implicit_, anon), exps_flag(exp_sizes_, exps);
        q->type = resolve_type_exp(q->type_exp, ctx, implicit);
        touched_pats_.push_back(q.get());
    }
    for (auto &e : q->elems) resolve_param_types(e, ctx, implicit, anon, exps);
    for (auto &fl : q->fields) resolve_param_types(fl.second, ctx, implicit, anon, exps);
    if (q->inner) resolve_param_types(q->inner, ctx, implicit, anon, exps);
}

std::shared_ptr<Scheme> Checker::check_fundef(FunDef &f, bool top) {
    touched_funs_.push_back(&f);
    size_t mark = scope_mark();
    auto saved_tparams = tparam_scope_;
    auto saved_lifted = tparam_lifted_;
    auto scheme = std::make_shared<Scheme>();
    if (top) implicit_count_ = 0;
    f.size_params.clear();
    std::set<std::string> seen;
    for (auto &tp : f.type_params) {
        if (!seen.insert(tp.name).second)
            throw CompileError(tp.loc, "type parameter `" + tp.name + "` is bound twice");
        if (tp.kind == TypeParam::Kind::Size) {
            f.size_params.push_back(tp.name);
            bind_local(tp.name, Type::prim_type(PrimType::I64));
        } else {
            tparam_scope_[tp.name] = Type::type_var(tp.name);
            note_lifted(tp);
            scheme->tparams.push_back(tp.name);
            if (tp.kind == TypeParam::Kind::Type) scheme->nonlifted.insert(tp.name);
            used_tparam_names_.insert(tp.name);
        }
    }
    // Parameters: their types may introduce implicit size parameters.
    std::vector<TypePtr> ptypes;
    std::set<std::string> pnames;
    std::vector<std::string> implicit;
    for (auto &p : f.params) {
        std::vector<Local> binds;
        // Note [Size expressions]: a parameter's `[n * m]` stays.
        resolve_param_types(p, SizeCtx::Param, &implicit, !env_.checking_prelude, true);
        for (auto &n : implicit)
            if (std::find(f.size_params.begin(), f.size_params.end(), n) == f.size_params.end())
                f.size_params.push_back(n);
        TypePtr t = p->kind == Pat::Kind::Ascript && p->type ? p->type : fresh(p->loc);
        check_pat(p, t, pnames, false, binds);
        bind_pat_locals(binds);
        ptypes.push_back(declared_uniqueness(*p, p->type ? p->type : t));
    }
    TypePtr declared_ret;
    if (f.ret_type) {
        ScopedFlag exps(exp_sizes_, true); // Note [Size expressions]
        declared_ret = resolve_type_exp(f.ret_type, SizeCtx::Ret, nullptr);
    }
    // Builds the function type; a parameter named in later types makes it dependent.
    auto fun_type = [&](const TypePtr &ret) {
        TypePtr ft = ret;
        std::set<std::string> later;
        dim_names(zonk(ret, false), later);
        for (size_t i = f.params.size(); i-- > 0;) {
            std::string pname;
            if (auto sp = simple_name_pat(*f.params[i]))
                if (later.count(sp->name) &&
                    std::find(f.size_params.begin(), f.size_params.end(), sp->name) == f.size_params.end())
                    pname = sp->name;
            ft = Type::func(ptypes[i], ft, pname);
            dim_names(zonk(ptypes[i], false), later);
        }
        return ft;
    };
    TypePtr ret;
    if (fun_is_intrinsic(f)) {
        if (!declared_ret) throw CompileError(f.loc, "intrinsic `" + shown_name(f.name) + "` needs a return type");
        ret = declared_ret;
    } else {
        // A top-level function is in scope in its own body (monomorphic recursion;
        // sizes are instantiated afresh at each call).  Local functions are not, nor is a
        // constant: in `def xs = map (+1) xs` (a REPL's `let xs = ...`), `xs` is the
        // earlier definition, as in Futhark.
        // An operator is not: `def (+) (a: t) (b: t) = (a.0 + b.0, ...)` builds on the
        // earlier `+`, the common Futhark idiom.
        TypePtr rec_ret;
        size_t self_mark = scope_mark();
        const std::string &self = self_name_.empty() ? f.name : self_name_;
        // A parameter of the same name shadows it (`def g (g: i32) = g + 1`).
        if (top && !f.params.empty() && !pnames.count(self) &&
            (std::isalpha((unsigned char)self[0]) || self[0] == '_')) {
            rec_ret = declared_ret ? declared_ret : fresh(f.loc);
            auto rs = std::make_shared<Scheme>();
            rs->sparams = f.size_params;
            // Sizes still to infer (Note [Implicit sizes]) match any size in a
            // recursive call (`r (tail xs)`), as before the body fixes them.
            rs->type = map_dims(zonk(fun_type(rec_ret), false), [&](const Dim &d) {
                return open_dim(d) ? Dim::any() : d;
            });
            Local me{self, rs->type, rs};
            me.self = true;
            me.fun = &f;
            locals_.push_back(me);
        }
        int uses_before = self_uses_;
        TypePtr bt = check(f.body);
        bool recursive = self_uses_ != uses_before;
        locals_.resize(self_mark);
        if (declared_ret) {
            // Note [Size expressions]: lenient here, as before they were checked.
            expect(without_size_exps(declared_ret), bt, f.body->loc,
                   "the body of `" + shown_name(f.name) + "` does not match its return type");
            check_consume_compat(declared_ret, bt, f.body->loc);
            ret = declared_ret;
        } else {
            if (rec_ret) expect(rec_ret, bt, f.body->loc, "the result of recursive function `" + shown_name(f.name) + "`");
            ret = bt->with_unique(false);
            // Note [Recursive results]
            if (recursive)
                ret = map_dims(zonk(ret, false), [](const Dim &d) { return d.kind == Dim::Kind::Const ? d : Dim::any(); });
        }
        if (recursive && contains_func(zonk(ret, false)))
            throw CompileError(f.loc, "recursive function `" + shown_name(f.name) +
                                          "` may not have a higher-order (function) return type");
    }
    // Futhark infers a size parameter from the arguments: it must be the size of (a part
    // of) some parameter, not only of the result.  Checked after the body: a size
    // parameter may be a parameter's size through inference (`def argmin [n] (xs: []f64)
    // = ... zip xs (iota n)`), as in Futhark.
    if (!env_.checking_prelude) {
        // A size inside a size expression (`[n + 1]`) is used, but not constructively:
        // a call infers it from its argument's size expression, which an entry point's
        // caller has not got.
        std::set<std::string> used, constructive, in_ret;
        auto use = [&](const TypePtr &t) {
            dim_names(t, used);
            constructive_dim_names(t, constructive);
        };
        for (auto &pt : ptypes) use(zonk(pt, false));
        if (declared_ret) dim_names(zonk(declared_ret, false), in_ret);
        // The parameters of a declared function result (`def f [n] : [n]i32 -> i32 = g`)
        // are the function's too: an entry point takes them (eta_expand_entry).
        for (TypePtr r = declared_ret ? zonk(declared_ret, false) : nullptr; r && r->kind == Type::Kind::Func;
             r = r->result)
            use(r->param);
        bool entry = f.is_entry || (main_is_entry && f.name == "main");
        // Futhark's wording differs for entry points (size-polymorphic result,
        // size only in a size expression) and other functions ("unused in pattern").
        for (auto &tp : f.type_params) {
            if (tp.kind != TypeParam::Kind::Size || (entry ? constructive : used).count(tp.name)) continue;
            if (entry && in_ret.count(tp.name) && !used.count(tp.name))
                throw CompileError(tp.loc, "Entry point functions must not be size-polymorphic in their "
                                           "return type: size parameter `" + tp.name + "` of `" + shown_name(f.name) +
                                           "` is not the size of any parameter");
            if (entry)
                throw CompileError(tp.loc, "Entry point size parameter [" + tp.name + "] only used "
                                           "non-constructively: it is not the size of any parameter of `" +
                                           shown_name(f.name) + "`, so its value cannot be inferred");
            throw CompileError(tp.loc, "Size " + tp.name + " unused in pattern: size parameter `" + tp.name +
                                           "` of `" + shown_name(f.name) + "` is not used constructively in any parameter "
                                           "type (unused size parameter: its value cannot be inferred)");
        }
    }
    if (!env_.checking_prelude && !fun_is_intrinsic(f))
        generalise_sizes(f, ptypes, mark, top);
    // Sizes bound inside the body that leak into the result type become unknown.
    {
        std::set<std::string> dn;
        dim_names(zonk(ret, false), dn);
        std::set<std::string> unknown;
        for (auto &n : dn) {
            if (n[0] == '?') continue;
            bool ok = find_local(n) || env_.vals.count(n);
            if (!ok) unknown.insert(n);
        }
        ret = forget_dims(ret, unknown);
    }
    f.ret = ret;
    // A name bound inside a tuple/record parameter cannot be named in the function
    // type, so no parameter's size may refer to it (Futhark: inaccessible-size).
    if (!env_.checking_prelude) {
        std::set<std::string> hidden;
        std::function<void(const Pat &)> collect = [&](const Pat &q) {
            if (q.kind == Pat::Kind::Id) hidden.insert(q.name);
            for (auto &e : q.elems) if (e) collect(*e);
            for (auto &fl : q.fields) if (fl.second) collect(*fl.second);
            if (q.inner) collect(*q.inner);
        };
        for (auto &p : f.params)
            if (p && !simple_name_pat(*p)) collect(*p);
        if (!hidden.empty())
            for (size_t i = 0; i < f.params.size(); ++i) {
                std::set<std::string> dn;
                dim_names(zonk(ptypes[i], false), dn);
                for (auto &n : dn)
                    if (hidden.count(n)) {
                        std::string pn = "a parameter";
                        if (auto sp = simple_name_pat(*f.params[i])) pn = "Parameter `" + sp->name + "`";
                        else pn = "A parameter";
                        throw CompileError(f.params[i]->loc, pn + " refers to size `" + n +
                                                                 "` which will not be accessible to the caller, "
                                                                 "possibly because it is nested in a tuple or record");
                    }
            }
    }
    TypePtr ft = fun_type(ret);
    scheme->sparams = f.size_params;
    scheme->type = ft;
    pop_scope(mark);
    tparam_scope_ = saved_tparams;
    tparam_lifted_ = saved_lifted;
    if (!top) {
        // Let-generalisation: unconstrained variables not free in the enclosing scope.
        std::set<int> fv, envfv;
        free_vars(ft, fv);
        for (auto &l : locals_) free_vars(l.type, envfv);
        auto constrained = [&](int i) {
            return tvars_[i].prim || !tvars_[i].fields.empty() || !tvars_[i].ctors.empty();
        };
        // A variable stays monomorphic when it has a constraint, and so does every
        // variable that constraint names (`let f v = v.1`: the field's type), which a
        // fresh copy at each call would no longer reach.
        std::set<int> kept;
        std::vector<int> work;
        for (int i : envfv) work.push_back(i);
        for (int i : fv)
            if (constrained(i)) work.push_back(i);
        while (!work.empty()) {
            int i = work.back();
            work.pop_back();
            if (!kept.insert(i).second) continue;
            std::set<int> inner;
            for (auto &f : tvars_[i].fields) free_vars(f.second, inner);
            for (auto &c : tvars_[i].ctors)
                for (auto &p : c.second) free_vars(p, inner);
            work.insert(work.end(), inner.begin(), inner.end());
        }
        f.inferred_type_params.clear(); // (a loop's body may be checked twice)
        for (int i : fv) {
            if (kept.count(i) || tvars_[i].bound) continue;
            std::string n;
            do n = "t" + std::to_string(name_counter_++);
            while (used_tparam_names_.count(n));
            used_tparam_names_.insert(n);
            tvars_[i].bound = Type::type_var(n);
            scheme->tparams.push_back(n);
            f.inferred_type_params.push_back(n); // as a top-level one's (its uses' type_args)
        }
        scheme->type = zonk(scheme->type, false);
    }
    return scheme;
}

void Checker::finalize(const TypePtr *main_type, std::vector<std::string> *gen_names) {
    // 1. Defaulting of overloaded literals and operators.  An unconstrained integer
    // literal too large for i32 (`for i < 10_000_000_000`) defaults to i64 instead of
    // being rejected: a Loom extension that accepts no fewer Futhark programs.
    std::set<int> wide;
    for (Exp *e : touched_exps_) {
        auto *l = e->as<IntLit>();
        if (!l || l->suffix || !e->type || l->value <= (uint64_t)INT32_MAX) continue;
        TypePtr t = e->type;
        while (t && t->kind == Type::Kind::TypeVar) {
            int i = var_index(t->var);
            if (i < 0 || i >= (int)tvars_.size()) break;
            if (!tvars_[i].bound) {
                wide.insert(i);
                break;
            }
            t = tvars_[i].bound;
        }
    }
    // An index whose type nothing else fixed (`\i -> xs[i]`) is an i64, as a size.
    for (const TypePtr &t : index_types_)
        if (TypePtr r = resolve(t); r->kind == Type::Kind::TypeVar && var_index(r->var) >= 0)
            wide.insert(var_index(r->var));
    for (size_t i = 0; i < tvars_.size(); i++) {
        auto &v = tvars_[i];
        if (v.bound || !v.prim) continue;
        PrimType p = PrimType::I32;
        if (wide.count((int)i) && (v.mask & (1u << (int)PrimType::I64))) p = PrimType::I64;
        else if (v.mask & (1u << (int)PrimType::I32)) p = PrimType::I32;
        else if (v.mask & (1u << (int)PrimType::F64)) p = PrimType::F64;
        else
            for (int k = 0; k < num_prim_types; k++)
                if (v.mask & (1u << k)) {
                    p = (PrimType)k;
                    break;
                }
        v.bound = Type::prim_type(p);
    }
    // 2. Record and sum constraints that nothing resolved.
    for (size_t i = 0; i < tvars_.size(); i++) {
        auto &v = tvars_[i];
        if (v.bound) continue;
        if (!v.fields.empty())
            throw CompileError(v.loc, "Type is ambiguous: a record with field `" +
                                          v.fields.begin()->first + "`; add a type annotation");
        if (!v.ctors.empty()) {
            // Futhark cannot tell which other constructors a definition's result may
            // have; a sum type only used inside the definition is closed as it is.
            std::set<int> in_result;
            if (main_type && *main_type) {
                TypePtr r = resolve(*main_type);
                while (r && r->kind == Type::Kind::Func) r = resolve(r->result);
                if (r) free_vars(r, in_result);
            }
            if (in_result.count((int)i))
                throw CompileError(v.loc, "Type is ambiguous: a sum type with constructor #" +
                                              v.ctors.begin()->first + "; add a type annotation");
            std::vector<std::pair<std::string, TypePtr>> cs;
            for (auto &c : v.ctors) cs.emplace_back(c.first, Type::tuple(c.second));
            for (auto &c : cs)
                if (occurs((int)i, c.second))
                    throw CompileError(v.loc, "Type is infinite: a sum type with constructor #" + c.first +
                                                  " whose payload holds the sum type itself (occurs check)");
            v.bound = Type::sum(cs);
        }
    }
    // 3. Generalisation of what the definition's type leaves open.
    if (main_type) {
        std::set<int> fv;
        free_vars(*main_type, fv);
        for (int i : fv) {
            if (tvars_[i].bound) continue;
            // The name its definition gave it (`zip : [n]a -> [n]b -> *[n](a, b)`),
            // where no other variable or type has it.
            std::string n = tvars_[i].param_name;
            if (n.empty() || used_tparam_names_.count(n) || env_.types.count(n))
                do n = "t" + std::to_string(name_counter_++);
                while (used_tparam_names_.count(n));
            used_tparam_names_.insert(n);
            tvars_[i].bound = Type::type_var(n);
            if (gen_names) gen_names->push_back(n);
        }
    }
    // 4. Anything still open is unconstrained by the program: use the unit type.
    for (auto &v : tvars_)
        if (!v.bound) v.bound = Type::tuple({});
    // Note [Matching]: the program's types have no opaque types or views of sealed
    // modules' members.
    auto final = [&](const TypePtr &t) { return reveal(zonk(t, true)); };
    if (!env_.view_of.empty()) {
        auto real = [&](std::string &name) {
            auto it = env_.view_of.find(name);
            if (it == env_.view_of.end()) return;
            name = it->second;
            // A numeric module's built-in operator (`f64.+`) is the operator itself, at
            // the checked type, as check_var makes it.
            std::string op;
            if (prim_builtin_op(name, op)) name = op;
        };
        for (auto *v : touched_vars_) real(v->name);
        for (auto *e : touched_exps_) {
            if (auto *b = e->as<BinOp>()) real(b->op);
            else if (auto *o = e->as<OpSection>()) real(o->op);
        }
    }
    for (auto *e : touched_exps_)
        e->type = final(e->type);
    for (auto *p : touched_pats_)
        p->type = final(p->type);
    for (auto *v : touched_vars_)
        for (auto &t : v->type_args)
            t = final(t);
    for (auto *ts : touched_targs_)
        for (auto &t : *ts)
            t = final(t);
    for (auto *f : touched_funs_)
        f->ret = final(f->ret);
    for (auto *t : touched_types_)
        *t = final(*t);
    check_final_types();
}

// Whether the rows of patterns (nullptr: matches anything) cover every value of the
// given column types.  The usual column-by-column specialisation; integers, floats
// and arrays are covered only by a pattern that matches anything.
static bool pats_exhaustive(std::vector<std::vector<const Pat *>> rows, std::vector<TypePtr> types) {
    if (types.empty()) return !rows.empty();
    if (rows.empty()) return false;
    TypePtr t = types[0];
    std::vector<TypePtr> rest(types.begin() + 1, types.end());
    for (auto &r : rows)
        while (r[0] && r[0]->kind == Pat::Kind::Ascript) r[0] = r[0]->inner.get();
    for (auto &r : rows)
        if (r[0] && (r[0]->kind == Pat::Kind::Id || r[0]->kind == Pat::Kind::Wildcard)) r[0] = nullptr;
    auto spec = [&](auto keep, size_t arity, auto sub) {
        std::vector<std::vector<const Pat *>> out;
        for (auto &r : rows) {
            std::vector<const Pat *> nr;
            if (!r[0]) nr.assign(arity, nullptr);
            else if (keep(r[0])) nr = sub(r[0]);
            else continue;
            nr.insert(nr.end(), r.begin() + 1, r.end());
            out.push_back(std::move(nr));
        }
        return out;
    };
    if (!t) return true;
    switch (t->kind) {
    case Type::Kind::Tuple:
    case Type::Kind::Record: {
        std::vector<std::pair<std::string, TypePtr>> fs;
        if (t->kind == Type::Kind::Record) fs = t->fields;
        else
            for (size_t i = 0; i < t->elems.size(); i++) fs.emplace_back(std::to_string(i), t->elems[i]);
        bool ok = true;
        auto sub = [&](const Pat *p) {
            std::vector<const Pat *> nr(fs.size(), nullptr);
            if (p->kind == Pat::Kind::Tuple) {
                if (p->elems.size() != fs.size()) { ok = false; return nr; }
                for (size_t i = 0; i < fs.size(); i++) nr[i] = p->elems[i].get();
            } else if (p->kind == Pat::Kind::Record) {
                for (auto &f : p->fields)
                    for (size_t i = 0; i < fs.size(); i++)
                        if (fs[i].first == f.first) nr[i] = f.second.get();
            } else {
                ok = false;
            }
            return nr;
        };
        auto nrows = spec([](const Pat *) { return true; }, fs.size(), sub);
        if (!ok) return true;  // unexpected shape: do not reject
        std::vector<TypePtr> nt;
        for (auto &f : fs) nt.push_back(f.second);
        nt.insert(nt.end(), rest.begin(), rest.end());
        return pats_exhaustive(nrows, nt);
    }
    case Type::Kind::Prim:
        if (t->prim == PrimType::Bool) {
            for (bool v : {true, false}) {
                auto nrows = spec([&](const Pat *p) {
                    const BoolLit *b = p->kind == Pat::Kind::Literal && p->literal ? p->literal->as<BoolLit>() : nullptr;
                    return b && b->value == v;
                }, 0, [](const Pat *) { return std::vector<const Pat *>{}; });
                if (!pats_exhaustive(nrows, rest)) return false;
            }
            return true;
        }
        break;
    case Type::Kind::Sum:
        for (auto &c : t->fields) {
            size_t n = c.second ? c.second->elems.size() : 0;
            auto nrows = spec([&](const Pat *p) { return p->kind == Pat::Kind::Ctor && p->name == c.first &&
                                                        p->elems.size() == n; },
                              n, [&](const Pat *p) {
                                  std::vector<const Pat *> nr;
                                  for (auto &e : p->elems) nr.push_back(e.get());
                                  return nr;
                              });
            std::vector<TypePtr> nt;
            for (size_t i = 0; i < n; i++) nt.push_back(c.second->elems[i]);
            nt.insert(nt.end(), rest.begin(), rest.end());
            if (!pats_exhaustive(nrows, nt)) return false;
        }
        return true;
    default: break;
    }
    auto nrows = spec([](const Pat *) { return false; }, 0, [](const Pat *) { return std::vector<const Pat *>{}; });
    return pats_exhaustive(nrows, rest);
}

// An unsuffixed integer literal must fit the type it was given (`300 : u8` is an error).
static void check_literal_bounds(const Exp &e) {
    auto *l = e.as<IntLit>();
    if (!l || l->suffix || !e.type || e.type->kind != Type::Kind::Prim) return;
    PrimType p = e.type->prim;
    if (!is_int(p)) return;
    int bits = prim_bits(p);
    uint64_t limit;  // the largest magnitude allowed (negation is a separate node)
    if (is_signed_int(p)) limit = bits >= 64 ? (uint64_t)1 << 63 : (uint64_t)1 << (bits - 1);
    else limit = bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
    if (l->value > limit)
        throw CompileError(e.loc, "Literal out of bounds: " + (l->text.empty() ? std::to_string(l->value) : l->text) +
                                      " does not fit in type " + prim_name(p));
}

void Checker::check_final_types() {
    // A lifted type parameter (`'^a`) may stand for a function: what an `if`, a `match`
    // or a loop cannot return.  (A name some definition here binds otherwise is left.)
    std::set<std::string> lifted, other;
    for (auto *f : touched_funs_)
        for (auto &tp : f->type_params)
            (tp.kind == TypeParam::Kind::LiftedType ? lifted : other).insert(tp.name);
    std::function<bool(const TypePtr &)> functional = [&](const TypePtr &t) {
        if (!t) return false;
        if (contains_func(t)) return true;
        switch (t->kind) {
        case Type::Kind::TypeVar: return lifted.count(t->var) && !other.count(t->var);
        case Type::Kind::Tuple:
            return std::any_of(t->elems.begin(), t->elems.end(), functional);
        case Type::Kind::Record:
        case Type::Kind::Sum:
            return std::any_of(t->fields.begin(), t->fields.end(), [&](auto &f) { return functional(f.second); });
        default: return false;
        }
    };
    for (auto *e : touched_exps_) {
        if (!e->type) continue;
        check_literal_bounds(*e);
        if (auto *m = e->as<Match>()) {
            std::vector<std::vector<const Pat *>> rows;
            for (auto &c : m->cases) rows.push_back({c.pat.get()});
            if (!pats_exhaustive(rows, {m->scrutinee->type}))
                throw CompileError(e->loc, "Unmatched cases in match expression (Non-exhaustive match: "
                                           "add a case for the missing values, or `case _`)");
        }
        if (e->type->kind == Type::Kind::Array && e->type->elem &&
            contains_func(e->type->elem))
            throw CompileError(e->loc, "functions cannot be put in arrays (type `" +
                                           type_to_string(e->type) + "`)");
        if (e->kind == ExpKind::If && functional(e->type))
            throw CompileError(e->loc, "Type `" + type_to_string(e->type) +
                                           "` returned from branch found to be functional: an `if` "
                                           "expression cannot return a function");
        if (e->kind == ExpKind::Match && functional(e->type))
            throw CompileError(e->loc, "Type `" + type_to_string(e->type) +
                                           "` returned from pattern match found to be functional: a `match` "
                                           "expression cannot return a function");
        if (e->kind == ExpKind::Loop && functional(e->type))
            throw CompileError(e->loc, "a loop parameter cannot be a function (type `" +
                                           type_to_string(e->type) + "`)");
    }
}

void Checker::check_decl(Decl &d) {
    // A failed unification outside expect() must still reach the user as a CompileError.
    try {
        check_decl_impl(d);
    } catch (Mismatch &m) {
        throw CompileError(d.loc, m.sizes ? "Dimensions `" + m.a + "` and `" + m.b + "` do not match"
                                          : "Cannot unify `" + m.a + "` with `" + m.b + "`" +
                                                 (m.detail.empty() ? "" : " (" + m.detail + ")"));
    }
}

void Checker::check_decl_impl(Decl &d) {
    switch (d.kind) {
    case Decl::Kind::Local:
        if (d.inner) check_decl_impl(*d.inner);
        return;
    case Decl::Kind::Open:
    case Decl::Kind::Import:
    case Decl::Kind::Module:
    case Decl::Kind::ModType: internal_error("check_decl: a module declaration (see check_top_decl)");
    case Decl::Kind::Type: {
        auto &td = *d.type_decl;
        check_type_decl(td);
        auto ab = resolve_abbrev(td.params, td.def);
        ab->lifted = td.lifted;
        env_.types[td.name] = ab;
        return;
    }
    case Decl::Kind::Fun: {
        reset();
        FunDef &f = *d.fun;
        auto scheme = check_fundef(f, true);
        if (f.foreign) check_foreign(f);
        check_ambiguous_sizes();
        std::vector<std::string> gen;
        finalize(&scheme->type, &gen);
        scheme->type = zonk(scheme->type, true);
        for (auto &g : gen) scheme->tparams.push_back(g);
        f.inferred_type_params = gen;
        if (f.is_entry || (main_is_entry && f.name == "main")) {
            if (f.name.find('\'') != std::string::npos)
                throw CompileError(f.loc, "Entry point name `" + f.name +
                                              "` may not contain an apostrophe (it must be a valid C identifier)");
            if (!scheme->tparams.empty())
                throw CompileError(f.loc, "Entry point functions may not be polymorphic: entry point `" +
                                              f.name + "` cannot be polymorphic");
        }
        if (!fun_is_intrinsic(f)) {
            check_uniqueness_fun(f);
            // The result's uniqueness it inferred (Uniq::fun) is the scheme's too; only
            // the flags: f.ret is final, with opaque types seen through, the scheme not.
            auto uniq_like = [](const TypePtr &t, const TypePtr &u) {
                if (!t || !u) return t;
                std::vector<TypePtr> tc = t->components(), uc = u->components();
                if (t->kind == u->kind && !tc.empty() && tc.size() == uc.size()) {
                    for (size_t i = 0; i < tc.size(); i++)
                        if (uc[i] && uc[i]->unique) tc[i] = tc[i]->with_unique(true);
                    return t->with_components(std::move(tc));
                }
                return u->unique ? t->with_unique(true) : t;
            };
            std::function<TypePtr(const TypePtr &, size_t)> with_ret = [&](const TypePtr &t, size_t k) {
                if (k == 0) return uniq_like(t, f.ret);
                if (!t || t->kind != Type::Kind::Func) return t;
                return Type::func(t->param, with_ret(t->result, k - 1), t->param_name);
            };
            if (!f.ret_type && !f.params.empty()) scheme->type = with_ret(scheme->type, f.params.size());
        }
        if (f.is_entry || (main_is_entry && f.name == "main")) {
            // After the uniqueness check: `entry main A = map (\x -> x + A[0])` returns
            // a closure that aliases A, which its expansion's fresh result does not.
            eta_expand_entry(f);
            for (auto &p : f.params)
                if (p->type && contains_func(p->type))
                    throw CompileError(p->loc, "Entry point functions may not be higher-order: entry point `" +
                                                   f.name + "` cannot take a function as a parameter");
            if (contains_func(f.ret))
                throw CompileError(f.loc, "Entry point functions may not be higher-order: entry point `" +
                                              f.name + "` cannot return a function");
        }
        strip_unique();
        auto gv = std::make_shared<GlobalVal>();
        gv->scheme = *scheme;
        gv->from_prelude = env_.checking_prelude;
        gv->function = !f.params.empty();
        gv->intrinsic = fun_is_intrinsic(f);
        env_.vals[f.name] = gv;
        return;
    }
    }
}

// An entry point whose result is a function of first-order values (`entry add =
// map2 (+)`, `def main : i32 -> i32 = f`) takes that function's parameters as its
// own, as Futhark's entry points do: `entry add x y = (map2 (+)) x y`.  The new
// parameters' names cannot be written in a program, so the checked body, which
// names what it uses, keeps its meaning.
void Checker::eta_expand_entry(FunDef &f) {
    TypePtr r = zonk(f.ret, false);
    if (!r || r->kind != Type::Kind::Func) return;
    for (TypePtr q = r; q->kind == Type::Kind::Func; q = q->result)
        if (contains_func(q->param)) return; // higher-order: the caller says so
    auto app = std::make_shared<Apply>();
    app->loc = f.body->loc;
    app->fn = f.body;
    std::map<std::string, std::string> renamed; // a dependent parameter's size name
    auto rename = [&](const TypePtr &t) {
        return map_dims(t, [&](const Dim &d) {
            if (d.kind != Dim::Kind::Var) return d;
            auto it = renamed.find(d.name);
            return it == renamed.end() ? d : Dim::var(it->second);
        });
    };
    for (TypePtr q = r; q->kind == Type::Kind::Func; q = q->result) {
        std::string name = "argument " + std::to_string(f.params.size() + 1);
        if (!q->param_name.empty()) renamed[q->param_name] = name;
        TypePtr pt = rename(q->param);
        auto pat = std::make_shared<Pat>();
        pat->kind = Pat::Kind::Id;
        pat->loc = f.loc;
        pat->name = name;
        pat->type = pt;
        f.params.push_back(pat);
        auto var = std::make_shared<Var>();
        var->loc = f.body->loc;
        var->name = name;
        var->type = pt;
        app->args.push_back(var);
        r = q;
    }
    f.ret = rename(r->result);
    app->type = f.ret;
    f.body = app;
}

void Checker::check_foreign(FunDef &f) {
    ForeignFn &ff = *f.foreign;
    ff.size_names.clear();
    for (const TypeParam &tp : f.type_params) {
        if (tp.kind != TypeParam::Kind::Size)
            throw CompileError(tp.loc, "a foreign function cannot have type parameters (its C "
                                       "function has one signature)");
        ff.size_names.push_back(tp.name);
    }
    if (f.params.empty())
        throw CompileError(f.loc, "foreign function `" + f.name + "` needs at least one parameter");
    if (f.params.size() + ff.size_names.size() > 16)
        throw CompileError(f.params.back()->loc, "a foreign function takes at most 16 parameters, "
                                                 "size parameters included");
    // A scalar, or an array of scalars whose sizes are size parameters: what C can take.
    auto arg = [&](const TypePtr &t, const SrcLoc &loc, const std::string &what) {
        TypePtr z = zonk(t, false);
        auto bad = [&](const std::string &why) {
            return CompileError(loc, "the " + what + " of foreign function `" + f.name + "` is `" +
                                         type_to_string(z) + "`; " + why);
        };
        const std::string kinds = "a foreign function takes and returns scalars (bool, "
                                  "integers, f32, f64) and arrays of them";
        ForeignArg a;
        if (z && z->is_array()) {
            for (const Dim &d : z->shape) {
                auto it = std::find(ff.size_names.begin(), ff.size_names.end(), d.name);
                if (d.kind != Dim::Kind::Var || it == ff.size_names.end())
                    throw bad("each size of an array must be one of its size parameters, "
                              "which C receives first: `[n]` before the parameters, `[n]f64`");
                a.dims.push_back((int)(it - ff.size_names.begin()));
            }
            z = z->elem;
        }
        if (!z || !z->is_prim())
            throw bad(kinds);
        if (z->prim == PrimType::F16)
            throw bad("a foreign function takes and returns bool, integers, f32 and f64 (f16 "
                      "has no C type both host and GPU share)");
        a.elem = z->prim;
        return a;
    };
    ff.params.clear();
    ff.rets.clear();
    for (const PatPtr &p : f.params) ff.params.push_back(arg(p->type, p->loc, "parameter"));
    const SrcLoc ret_loc = f.ret_type ? f.ret_type->loc : f.loc;
    TypePtr ret = zonk(f.ret, false);
    if (ret && ret->kind == Type::Kind::Tuple && !ret->elems.empty())
        for (const TypePtr &t : ret->elems) ff.rets.push_back(arg(t, ret_loc, "result"));
    else
        ff.rets.push_back(arg(ret, ret_loc, "result"));
    bool ident = !ff.symbol.empty() && !std::isdigit((unsigned char)ff.symbol[0]);
    for (char c : ff.symbol) ident = ident && (std::isalnum((unsigned char)c) || c == '_');
    if (!ident)
        throw CompileError(f.loc, "`" + ff.symbol + "` is not a C function name" +
                                      (ff.symbol == f.name ? std::string("; name the C function after the "
                                                                         "result type: `: t = \"c_name\"`")
                                                           : std::string()));
    namespace fs = std::filesystem;
    // Relative paths are the declaring file's (the current directory's at a prompt).
    auto resolve = [&](const std::string &given) {
        fs::path p(given);
        std::error_code ec;
        if (p.is_relative() && ff.loc.file && fs::is_regular_file(ff.loc.file->name, ec))
            p = fs::path(ff.loc.file->name).parent_path() / p;
        return p;
    };
    ff.link.clear();
    std::istringstream words(ff.libraries);
    for (std::string w; words >> w;) {
        auto ends = [&](const std::string &x) { return w.size() > x.size() && w.compare(w.size() - x.size(), x.size(), x) == 0; };
        if (w.rfind("-l", 0) == 0 && w.size() > 2) {
            ff.link.push_back(w);
        } else if (w.rfind("-L", 0) == 0 && w.size() > 2) {
            // A run path too: the loader finds what the linker found.
            std::string dir = fs::absolute(resolve(w.substr(2))).lexically_normal().string();
            ff.link.push_back("-L" + dir);
            ff.link.push_back("-Wl,-rpath," + dir);
        } else if (ends(".so") || ends(".a") || w.find(".so.") != std::string::npos) {
            fs::path lib = resolve(w);
            if (!fs::exists(lib))
                throw CompileError(ff.libraries_loc, "no library file `" + lib.string() + "`");
            lib = fs::absolute(lib).lexically_normal();
            ff.link.push_back(lib.string());
            ff.link.push_back("-Wl,-rpath," + lib.parent_path().string());
        } else {
            throw CompileError(ff.libraries_loc, "`" + w + "` is not a library: write `-lname`, `-Ldir` or a "
                                                 "library file (`.so`, `.a`)");
        }
    }
    if (ff.system()) {
        if (ff.header.back() != '>')
            throw CompileError(ff.loc, "a system header is written `<name.h>`");
        return;
    }
    fs::path path = resolve(ff.header);
    std::ifstream in(path, std::ios::binary);
    if (!in || fs::is_directory(path))
        throw CompileError(ff.loc, "cannot read the foreign function's file `" + path.string() +
                                       "`: " + (fs::exists(path) ? "not a readable file" : "no such file"));
    ff.path = fs::absolute(path).lexically_normal().string();
    ff.text = read_stream(in);
}

// Uniqueness matters on parameter and return types only; values are shown without it.
void Checker::strip_unique() {
    for (auto *e : touched_exps_)
        if (e->type && e->type->unique) e->type = e->type->with_unique(false);
}

std::vector<Warning> Checker::hole_warnings() const {
    std::vector<ExpPtr> hs = holes_;
    // A parametric module's body is checked once for any argument and again at each
    // application: each place once, as first checked.
    std::stable_sort(hs.begin(), hs.end(), [](const ExpPtr &a, const ExpPtr &b) {
        return std::tie(a->loc.line, a->loc.col) < std::tie(b->loc.line, b->loc.col);
    });
    std::vector<Warning> out;
    for (const ExpPtr &h : hs) {
        if (!out.empty() && out.back().loc.line == h->loc.line && out.back().loc.col == h->loc.col &&
            out.back().loc.file == h->loc.file)
            continue;
        out.push_back({h->loc, "Hole of type: " + type_to_string(h->type)});
    }
    return out;
}

TypePtr Checker::check_top_exp(ExpPtr &e, TypePtr *shown) {
    try {
        return check_top_exp_impl(e, shown);
    } catch (Mismatch &m) {
        throw CompileError(e->loc, m.sizes ? "Dimensions `" + m.a + "` and `" + m.b + "` do not match"
                                           : "Cannot unify `" + m.a + "` with `" + m.b + "`" +
                                                 (m.detail.empty() ? "" : " (" + m.detail + ")"));
    }
}

TypePtr Checker::check_top_exp_impl(ExpPtr &e, TypePtr *shown) {
    reset();
    TypePtr t = check(e);
    check_ambiguous_sizes();
    std::vector<std::string> gen;
    finalize(&t, &gen);
    check_uniqueness_exp(e);
    strip_unique();
    if (shown)
        *shown = shown_type(t)->with_unique(false);
    return reveal(without_size_exps(zonk(t, true)))->with_unique(false);  // what the value is
}

// A function's sizes that its parameters share are named, as a declaration names
// them (`zip : [n]t0 -> [n]t1 -> *[n](t0, t1)`, `iota : (n: i64) -> *[n]i64`); the
// final zonk would print each as `[]`.  A size only its result mentions is
// existential (filter's) and stays `[]`.  Names already global are not used.
TypePtr Checker::shown_type(const TypePtr &t0) {
    TypePtr t = zonk(t0, false);
    auto open = [](const std::string &n) { return !n.empty() && (n[0] == '?' || n[0] == '!'); };
    std::map<std::string, std::string> names;
    std::set<std::string> taken;
    dim_names(t, taken);
    const char *preferred[] = {"n", "m", "k", "l"};
    int next = 0;
    std::set<std::string> given;
    auto name = [&](const std::string &n) {
        if (!open(n) || names.count(n))
            return;
        std::string s;
        // The name the definition gave it, where no other size or global has it.
        if (auto it = source_names_.find(n); it != source_names_.end() && !open(it->second) &&
                                              !taken.count(it->second) && !given.count(it->second) &&
                                              !env_.vals.count(it->second)) {
            given.insert(names[n] = it->second);
            return;
        }
        do {
            s = next < 4 ? preferred[next] : "n" + std::to_string(next - 3);
            next++;
        } while (taken.count(s) || given.count(s) || env_.vals.count(s));
        given.insert(names[n] = s);
    };
    // In order of appearance, so that the first size is `n`.
    std::function<void(const TypePtr &)> collect = [&](const TypePtr &x) {
        switch (x->kind) {
        case Type::Kind::Array:
            for (auto &d : x->shape) {
                std::set<std::string> ns;
                dim_names(d, ns);
                for (auto &n : ns)
                    name(n);
            }
            return collect(x->elem);
        case Type::Kind::Tuple:
            for (auto &e : x->elems)
                collect(e);
            return;
        case Type::Kind::Record:
        case Type::Kind::Sum:
            for (auto &f : x->fields)
                collect(f.second);
            return;
        case Type::Kind::Func:
            name(x->param_name);
            collect(x->param);
            return collect(x->result);
        default:
            return;
        }
    };
    for (TypePtr f = t; f && f->kind == Type::Kind::Func; f = f->result) {
        name(f->param_name);
        collect(f->param);
    }
    std::function<TypePtr(const TypePtr &)> rename = [&](const TypePtr &x) -> TypePtr {
        switch (x->kind) {
        case Type::Kind::Array: {
            std::vector<Dim> shape = x->shape;
            std::function<Dim(const Dim &)> dim = [&](const Dim &d) {
                if (d.kind == Dim::Kind::Exp)
                    return map_exp(d, dim);
                if (d.kind == Dim::Kind::Var && open(d.name))
                    return names.count(d.name) ? Dim::var(names[d.name]) : Dim::any();
                return d;
            };
            for (auto &d : shape)
                d = dim(d);
            return Type::array(rename(x->elem), shape, x->unique);
        }
        case Type::Kind::Tuple: {
            std::vector<TypePtr> es;
            for (auto &e : x->elems)
                es.push_back(rename(e));
            return Type::tuple(es)->with_unique(x->unique);
        }
        case Type::Kind::Record:
        case Type::Kind::Sum: {
            auto fs = x->fields;
            for (auto &f : fs)
                f.second = rename(f.second);
            auto r = x->kind == Type::Kind::Record ? Type::record(fs) : Type::sum(fs);
            return r->with_unique(x->unique);
        }
        case Type::Kind::Func: {
            std::string p = names.count(x->param_name) ? names[x->param_name] : x->param_name;
            return Type::func(rename(x->param), rename(x->result), open(p) ? "" : p);
        }
        default:
            return x;
        }
    };
    return rename(t);
}

}  // namespace internal

// ---------------------------------------------------------------- public API

static const std::pair<CheckedEnvPtr, std::shared_ptr<Program>> &prelude_state() {
    static const std::pair<CheckedEnvPtr, std::shared_ptr<Program>> st = [] {
        auto prog = std::make_shared<Program>(parse_program(prelude_file()));
        auto env = std::make_shared<CheckedEnv>();
        env->checking_prelude = true;
        internal::Checker c(*env);
        // Definitions first, then the numeric modules made of them, then the module
        // types (the prelude's last file), which describe those modules.
        std::vector<DeclPtr> flat;
        bool modules = false;
        for (auto &d : prog->decls) {
            if (d->kind == Decl::Kind::ModType && !modules) {
                internal::Checker::add_prim_modules(*env);
                modules = true;
            }
            c.check_top_decl(d, flat);
        }
        if (!modules) internal::Checker::add_prim_modules(*env);
        prog->decls = std::move(flat);
        env->checking_prelude = false;
        return std::make_pair(env, prog);
    }();
    return st;
}

CheckedEnvPtr prelude_env() { return std::make_shared<CheckedEnv>(*prelude_state().first); }

const Program &checked_prelude() { return *prelude_state().second; }

static void check_program_impl(Program &prog, CheckedEnvPtr &env) {
    auto work = std::make_shared<CheckedEnv>(env ? *env : CheckedEnv{});
    internal::Checker c(*work);
    bool any_entry = false;
    for (auto &d : prog.decls) {
        const Decl *x = d.get();
        while (x && x->kind == Decl::Kind::Local) x = x->inner.get();
        if (x && x->kind == Decl::Kind::Fun && x->fun && x->fun->is_entry) any_entry = true;
    }
    c.main_is_entry = !any_entry;
    std::vector<DeclPtr> flat;  // module declarations elaborated (Note [Modules])
    c.check_duplicate_decls(prog.decls);
    for (auto &d : prog.decls) c.check_top_decl(d, flat);
    prog.decls = std::move(flat);
    prog.warnings = c.hole_warnings();
    env = work;
}

static TypePtr check_expression_impl(ExpPtr &exp, const CheckedEnvPtr &env, TypePtr *shown,
                                      std::vector<Warning> *warnings) {
    CheckedEnv work = env ? *env : CheckedEnv{};
    internal::Checker c(work);
    TypePtr t = c.check_top_exp(exp, shown);
    if (warnings) *warnings = c.hole_warnings();
    return t;
}

/** Runs `check`; a message with open types still unnamed (one that embeds a mismatch's
 * text) gets their names (Note [Open types in messages]). */
template <typename F> static auto with_open_types_named(F &&check) {
    try {
        return check();
    } catch (const CompileError &e) {
        if (e.message().find('\x01') == std::string::npos) throw;
        throw CompileError(e.loc(), internal::name_open_types(e.message()));
    }
}

void check_program(Program &prog, CheckedEnvPtr &env) {
    with_open_types_named([&] { check_program_impl(prog, env); });
}

TypePtr check_expression(ExpPtr &exp, const CheckedEnvPtr &env, TypePtr *shown,
                         std::vector<Warning> *warnings) {
    return with_open_types_named([&] { return check_expression_impl(exp, env, shown, warnings); });
}

}  // namespace loom

// Note [Checker design]
//
// Hindley-Milner inference with mutable substitutions, one top-level definition at
// a time.  Inference type variables are TypeVar types named "?N" (N indexes tvars_),
// inference sizes are Dim::Var named "?N" (indexing dvars_).  Overloaded literals and
// operators constrain a variable to a set of primitive types (a bit mask); projection
// on a not-yet-known type records a HasFields constraint, constructors a HasConstrs
// constraint.  Every node the checker types is remembered in touched_*; after the
// definition, finalize() defaults literal variables (i32, else f64), generalises what
// is left open in the definition's type into type parameters, and substitutes all the
// recorded types, so that no "?" name survives in the AST or the environment.
//
// Sizes are checked where both sides are known (two different constants or rigid size
// names); unknown sizes (Dim::Any) unify with anything.  Where Futhark would
// introduce an existential size (filter, if branches of different sizes, loops), we
// use Any: the interpreter checks sizes at run time, so being lenient is safe.

// Note [Recursive results]
// A recursive function with no written return type has the type variable of its result
// in scope in its body, shared by every recursive call: the calls instantiate the size
// parameters afresh (`r (tail xs)`), but not that variable, which the body then resolves
// to its own sizes (`if n < 3 then xs else r (tail xs)` made `r : [n]i64 -> [n]i64`,
// and every call whose result is shorter failed its check at run time).  So such a
// result keeps only its constant sizes; the others are unknown.  A written return type
// is a scheme of its own, instantiated at each call, and checked at run time.

// Note [Open types in messages]
// A mismatch often involves types the checker has not settled: a literal's (`1.5` is of
// some floating-point type until something says which), a polymorphic function's type
// parameter, a lambda's result.  Messages once printed them as `?` (`(?, bool)`), or as
// the type a literal would default to, which contradicted a `?` printed for the same type
// beside it.  Futhark names such a variable and says what it may be.  So Checker::show
// writes an open variable as a placeholder that carries its constraint (the variable's
// number and describe_var's words), and name_open_types, run on each message (in
// expect(), and for any other at check_program and check_expression), names each
// variable once, `t`, `u`, ... (none a word the message already uses: a type of the
// user's called `t`, say; not the name of the type parameter a variable instantiates,
// which for the prelude's functions would read as one of the program's own names), and
// ends the message with what each is: "Cannot unify type
// `(i32, bool)` with type `(t, bool)`: argument 1 of `f`, where `t` is a floating-point
// type".  A whole type that is open is still described in words ("Cannot unify type
// `[]i32` with a floating-point type"), as is an array of them ("an array `[1]` of a
// floating-point type").  The message says it once: the Futhark parentheses that repeated
// the two types ("(Argument of type ... passed for parameter of type ...: Couldn't match
// expected type with actual type)") are gone; where the types are long, a parenthesis
// names just the part that differs (Mismatch::expected and ::actual, the innermost pair).
