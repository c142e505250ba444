// The type checker: the module system.  Modules, module types, parametric modules,
// `open` and `import` are elaborated into ordinary top-level declarations; see
// Note [Modules] at the end of this file.
#include "core/Files.h"
#include "frontend/ASTPrinter.h"
#include "frontend/TypeCheck_Internal.h"

#include <cctype>
#include <filesystem>
#include <fstream>

namespace loom {
namespace internal {

namespace {

bool ident_start(char c) { return std::isalpha((unsigned char)c) || c == '_'; }

/** A written name's module qualifier and the rest: "M.N.x" -> ("M.N", "x"), "f32.+" ->
 * ("f32", "+"), "r.x.0" -> ("r.x", "0"), "x" -> ("", "x"), "+." -> ("", "+."). */
std::pair<std::string, std::string> split_qualified(const std::string &w) {
    size_t q = std::string::npos;
    size_t start = 0;
    while (start < w.size() && ident_start(w[start])) {
        size_t dot = w.find('.', start);
        if (dot == std::string::npos) break;
        q = dot;
        start = dot + 1;
    }
    if (q == std::string::npos) return {"", w};
    return {w.substr(0, q), w.substr(q + 1)};
}

template <typename V>
const V *find_in(const std::map<std::string, V> &m, const std::string &k) {
    auto it = m.find(k);
    return it == m.end() ? nullptr : &it->second;
}

/** Restores the checker's module scopes when a block exits (also by an exception). */
template <typename L> struct ScopeSwap {
    std::vector<L> &cur;
    std::vector<L> saved;
    ScopeSwap(std::vector<L> &levels, std::vector<L> replacement) : cur(levels), saved(std::move(levels)) {
        cur = std::move(replacement);
    }
    ~ScopeSwap() { cur = std::move(saved); }
};

bool same_type(const TypePtr &a, const TypePtr &b) { return type_to_string(a) == type_to_string(b); }

}  // namespace

// ---------------------------------------------------------------- names

// A value's or a type's flat name: through the innermost scope that has it, then the
// top level; `M.x` through M's members.  `flat` is where the definitions are.
template <typename Flat>
std::string Checker::lookup_flat(std::map<std::string, std::string> Names::*field, const Flat &flat,
                                 const std::string &w) const {
    auto [q, base] = split_qualified(w);
    if (q.empty()) {
        for (size_t i = levels_.size(); i-- > 0;)
            if (auto f = find_in(levels_[i].names.*field, w)) return *f;
        if (auto f = find_in(env_.top.*field, w)) return *f;
        return flat.count(w) ? w : std::string();
    }
    if (ModuleInfoPtr m = lookup_mod(q)) {
        auto f = find_in(m->members.*field, base);
        return f ? *f : std::string();
    }
    return flat.count(w) ? w : std::string();
}

std::string Checker::lookup_val(const std::string &w) const { return lookup_flat(&Names::vals, env_.vals, w); }

std::string Checker::lookup_type(const std::string &w) const { return lookup_flat(&Names::types, env_.types, w); }

bool Checker::in_module(const std::string &w) const {
    auto [q, base] = split_qualified(w);
    return !q.empty() && lookup_mod(q) != nullptr;
}

ModuleInfoPtr Checker::lookup_mod(const std::string &w, const SrcLoc *loc) const {
    auto [q, base] = split_qualified(w);
    ModuleInfoPtr m;
    if (q.empty()) {
        for (size_t i = levels_.size(); i-- > 0 && !m;)
            if (auto f = find_in(levels_[i].names.mods, w)) m = *f;
        if (!m)
            if (auto f = find_in(env_.top.mods, w)) m = *f;
    } else if (ModuleInfoPtr outer = lookup_mod(q, loc)) {
        if (auto f = find_in(outer->members.mods, base)) m = *f;
    }
    if (!m && loc) throw CompileError(*loc, "Unknown module `" + w + "`");
    return m;
}

ModTypeInfoPtr Checker::lookup_mod_type(const std::string &w, const SrcLoc &loc) const {
    auto [q, base] = split_qualified(w);
    if (q.empty()) {
        for (size_t i = levels_.size(); i-- > 0;)
            if (auto f = find_in(levels_[i].names.mod_types, w)) return *f;
        if (auto f = find_in(env_.top.mod_types, w)) return *f;
    } else if (ModuleInfoPtr m = lookup_mod(q, &loc)) {
        if (auto f = find_in(m->members.mod_types, base)) return *f;
    }
    throw CompileError(loc, "Unknown module type `" + w + "`");
}

std::string Checker::anon_prefix() { return "_" + std::to_string(env_.anon_modules++) + "."; }

// A name defined or opened here: visible from now on, and a member of the module being
// built unless local.  At the top level, a definition takes its name back from whatever
// `open` had brought in.
template <typename V>
void Checker::bind(std::map<std::string, V> Names::*field, const std::string &name, const V &value, bool local) {
    if (levels_.empty()) {
        auto &m = env_.top.*field;
        if constexpr (std::is_same_v<V, std::string>)
            if (value == name) {
                m.erase(name);
                return;
            }
        m[name] = value;
        return;
    }
    Level &l = levels_.back();
    (l.names.*field)[name] = value;
    if (!local) (l.exports.*field)[name] = value;
}

void Checker::open_module(const ModuleInfo &m, bool local) {
    for (auto &[k, v] : m.members.vals) bind(&Names::vals, k, v, local);
    for (auto &[k, v] : m.members.types) bind(&Names::types, k, v, local);
    for (auto &[k, v] : m.members.mods) bind(&Names::mods, k, v, local);
    for (auto &[k, v] : m.members.mod_types) bind(&Names::mod_types, k, v, local);
}

// The flat name of a module's member (Note [Modules]) a written name is here: `M.(e)`'s
// names come first, then a local variable (or, for `r.x`, a local r) shadows it.  "" for
// a local or an unknown name.
std::string Checker::global_name(const std::string &w) const {
    if (std::string g = lookup_opened_val(w); !g.empty()) return g;
    if (find_local(w.substr(0, w.find('.')))) return {};
    return lookup_val(w);
}

std::string Checker::lookup_opened_val(const std::string &w) const {
    for (size_t i = levels_.size(); i-- > 0 && levels_[i].opened;)
        if (auto f = find_in(levels_[i].names.vals, w)) return *f;
    return {};
}

// ---------------------------------------------------------------- declarations

void Checker::check_top_decl(const DeclPtr &d, std::vector<DeclPtr> &out) { check_decl_in(d, out, false); }

// Liftedness in Futhark's order: 0 < '~' (sizes hidden) < '^' (may be a function).
static int lifted_rank(char c) { return c == '^' ? 2 : c == '~' ? 1 : 0; }

void Checker::note_lifted(const TypeParam &p) {
    if (p.kind == TypeParam::Kind::LiftedType) tparam_lifted_[p.name] = '^';
    else if (p.kind == TypeParam::Kind::SizeLiftedType) tparam_lifted_[p.name] = '~';
    else tparam_lifted_.erase(p.name);
}

// Futhark: "Lifted types cannot be put in arrays" (an array's rows must share their
// sizes, which a `type~` may hide, and may hold no function).
char Checker::named_liftedness(const TypeExpPtr &te) {
    if (!te || te->kind != TypeExp::Kind::Named) return 0;
    if (te->args.empty() && tparam_scope_.count(te->name)) {
        auto it = tparam_lifted_.find(te->name);
        return it == tparam_lifted_.end() ? 0 : it->second;
    }
    if (std::string flat = lookup_type(te->name); !flat.empty())
        if (auto it = env_.types.find(flat); it != env_.types.end()) return it->second->lifted;
    return 0;
}

// How lifted a written type is, as Futhark ranks it: '^' where it may hold a function
// (a function type, a lifted parameter or abbreviation), '~' where it hides sizes (`[]`,
// an existential, a size-lifted parameter or abbreviation), else 0.
char Checker::written_liftedness(const TypeExp &te, const std::vector<TypeParam> &params) {
    char r = 0;
    auto meet = [&](char c) {
        if (lifted_rank(c) > lifted_rank(r)) r = c;
    };
    auto sub = [&](const TypeExpPtr &t) {
        if (t) meet(written_liftedness(*t, params));
    };
    switch (te.kind) {
    case TypeExp::Kind::Named:
        if (te.args.empty())
            for (const TypeParam &p : params)
                if (p.name == te.name)
                    return p.kind == TypeParam::Kind::LiftedType       ? '^'
                           : p.kind == TypeParam::Kind::SizeLiftedType ? '~'
                                                                       : 0;
        if (std::string flat = lookup_type(te.name); !flat.empty())
            if (auto it = env_.types.find(flat); it != env_.types.end()) meet(it->second->lifted);
        for (const TypeExpPtr &a : te.args)
            if (a && !(a->kind == TypeExp::Kind::Array && !a->elem)) sub(a);
        return r;
    case TypeExp::Kind::Array:
        if (te.dim.kind == DimExp::Kind::Anon) meet('~');
        sub(te.elem);
        return r;
    case TypeExp::Kind::Tuple:
        for (const TypeExpPtr &e : te.elems) sub(e);
        return r;
    case TypeExp::Kind::Record:
        for (const auto &f : te.fields) sub(f.second);
        return r;
    case TypeExp::Kind::Sum:
        for (const auto &c : te.ctors)
            for (const TypeExpPtr &e : c.second) sub(e);
        return r;
    case TypeExp::Kind::Func: return '^';
    case TypeExp::Kind::Unique: sub(te.elem); return r;
    case TypeExp::Kind::Existential: meet('~'); sub(te.elem); return r;
    }
    return r;
}

// Futhark's rules for a type abbreviation: its size parameters are used, and it is as
// lifted as what it abbreviates (`type^` for functions, `type~` for hidden sizes).
void Checker::check_type_decl(const TypeDecl &td) {
    if (env_.checking_prelude || !td.def) return;
    char need = written_liftedness(*td.def, td.params);
    if (lifted_rank(need) > lifted_rank(td.lifted)) {
        // The declaration as it can be written: its own name (not a module's flat one)
        // and its parameters.
        const std::string name = td.name.substr(td.name.rfind('.') + 1);
        const std::string params = print_type_params(td.params);
        if (need == '^')
            throw CompileError(td.loc, "Non-lifted type abbreviations may not contain functions: `" + name +
                                           "` may stand for a function type (write `type^ " + name + params + "`)");
        throw CompileError(td.loc, "Non-lifted type abbreviations may not use anonymous or existential sizes: `" +
                                       name + "` hides a size (write `type~ " + name + params +
                                       "`, or give the size a parameter: `type " + name + " [n]" + params +
                                       " = [n]...`)");
    }
    std::set<std::string> used;
    std::function<void(const TypeExp &)> uses = [&](const TypeExp &te) {
        auto dim = [&](const DimExp &d) {
            if (d.kind == DimExp::Kind::Named) used.insert(d.name);
            if (d.kind == DimExp::Kind::Exp) used.insert("");  // an expression: not looked into
        };
        dim(te.dim);
        for (const DimExp &d : te.dim_args) dim(d);
        for (const TypeExpPtr &t : te.args) if (t) uses(*t);
        for (const TypeExpPtr &t : te.elems) if (t) uses(*t);
        for (const auto &f : te.fields) if (f.second) uses(*f.second);
        for (const auto &c : te.ctors) for (const TypeExpPtr &t : c.second) if (t) uses(*t);
        if (te.elem) uses(*te.elem);
        if (te.param) uses(*te.param);
        if (te.result) uses(*te.result);
    };
    uses(*td.def);
    if (!used.count(""))
        for (const TypeParam &p : td.params)
            if (p.kind == TypeParam::Kind::Size && !used.count(p.name))
                throw CompileError(p.loc, "Size parameter [" + p.name + "] of type `" + td.name +
                                              "` is unused: a type's size parameters must each be a size in it");
}

// Futhark rejects a second definition of a name in one program's or one module's
// declarations (values and modules share a namespace; types and module types have
// their own); `local` declarations, `open` and imports are not counted.  A REPL's
// inputs are programs of their own, so a session may still define a name again.
void Checker::check_duplicate_decls(const std::vector<DeclPtr> &decls) {
    if (env_.checking_prelude) return;
    std::map<std::pair<int, std::string>, SrcLoc> seen;
    auto check = [&](int space, const std::string &name, const SrcLoc &loc) {
        static const char *const what[] = {"value or module", "type", "module type"};
        auto [it, fresh] = seen.emplace(std::make_pair(space, name), loc);
        if (!fresh)
            throw CompileError(loc, "Duplicate definition of " + std::string(what[space]) + " `" + name +
                                        "`: it is defined already at " + it->second.str() +
                                        " (a program or module defines each name once)");
    };
    for (const DeclPtr &d : decls) {
        switch (d->kind) {
        case Decl::Kind::Fun: check(0, d->fun->name, d->fun->loc); break;
        case Decl::Kind::Module: check(0, d->mod_bind->name, d->mod_bind->loc); break;
        case Decl::Kind::Type: check(1, d->type_decl->name, d->type_decl->loc); break;
        case Decl::Kind::ModType: check(2, d->mod_type_bind->name, d->mod_type_bind->loc); break;
        default: break;
        }
    }
}

void Checker::check_decl_in(const DeclPtr &d, std::vector<DeclPtr> &out, bool local) {
    const std::string prefix = levels_.empty() ? "" : levels_.back().prefix;
    switch (d->kind) {
    case Decl::Kind::Local:
        if (d->inner) check_decl_in(d->inner, out, true);
        return;
    case Decl::Kind::Fun: {
        FunDef &f = *d->fun;
        const std::string name = f.name;
        if (!levels_.empty()) {
            if (f.is_entry && !importing_)
                throw CompileError(f.loc, "entry point `" + name + "` must be declared at the top level "
                                          "of the program, not inside a module");
            f.is_entry = false;
            f.name = prefix + name;
            self_name_ = name;
        }
        // A second definition of a name in one program shadows the first for what
        // follows, as in Futhark, under a name of its own: what came before keeps
        // calling the first, whatever the interpreter and the compiler look up by name.
        // (A session's inputs are programs of their own: Note [Redefinition].)  An
        // entry point keeps its name: it is found by it.
        if (!defined_.insert(f.name).second && !f.is_entry && !(main_is_entry && f.name == "main") &&
            !env_.checking_prelude) {
            f.name += "#" + std::to_string(env_.anon_modules++);
            self_name_ = name;
        }
        struct Clear {
            std::string &s;
            ~Clear() { s.clear(); }
        } clear{self_name_};
        check_decl(*d);
        bind(&Names::vals, name, f.name, local);
        out.push_back(d);
        return;
    }
    case Decl::Kind::Type: {
        TypeDecl &td = *d->type_decl;
        const std::string name = td.name;
        td.name = prefix + name;
        check_decl(*d);
        bind(&Names::types, name, td.name, local);
        out.push_back(d);
        return;
    }
    case Decl::Kind::Module: {
        const ModBind &mb = *d->mod_bind;
        ModuleInfoPtr m = elab_mod(*mb.body, prefix + mb.name + ".", out, mb.name);
        bind(&Names::mods, mb.name, m, local);
        return;
    }
    case Decl::Kind::ModType: {
        const ModTypeBind &mt = *d->mod_type_bind;
        ModTypeInfoPtr t = elab_mod_type(*mt.def);
        check_mod_type(*t);
        bind(&Names::mod_types, mt.name, t, local);
        return;
    }
    case Decl::Kind::Open: {
        ModuleInfoPtr m = elab_mod(*d->mod, anon_prefix(), out, "");
        if (m->functor)
            throw CompileError(d->mod->loc, "a parametric module cannot be opened; apply it first (`open (F M)`)");
        open_module(*m, local);
        return;
    }
    case Decl::Kind::Import: {
        // `import "f"` is `local open import "f"`.
        ModuleInfoPtr m = import_file(d->import_path, d->loc, out);
        open_module(*m, true);
        return;
    }
    }
}

// ---------------------------------------------------------------- module expressions

ModuleInfoPtr Checker::elab_mod(const ModExp &e, const std::string &prefix, std::vector<DeclPtr> &out,
                                const std::string &name) {
    switch (e.kind) {
    case ModExp::Kind::Name: return lookup_mod(e.name, &e.loc);
    case ModExp::Kind::Decls: {
        levels_.push_back(Level{prefix, {}, {}});
        struct Pop {
            std::vector<Level> &l;
            ~Pop() { l.pop_back(); }
        } pop{levels_};
        check_duplicate_decls(e.decls);
        for (const DeclPtr &d : e.decls) check_decl_in(d, out, false);
        auto m = std::make_shared<ModuleInfo>();
        m->members = levels_.back().exports;
        return m;
    }
    case ModExp::Kind::Ascribe: {
        ModuleInfoPtr m = elab_mod(*e.fn, prefix, out, name);
        ModTypeInfoPtr mt = elab_mod_type(*e.mod_type);
        std::string seal = prefix.substr(0, prefix.size() - 1);
        return match_mod_type(m, *mt, e.loc, name.empty() ? "the module" : "module `" + name + "`", seal);
    }
    case ModExp::Kind::Apply: {
        ModuleInfoPtr f = elab_mod(*e.fn, prefix, out, name);
        if (!f->functor)
            throw CompileError(e.fn->loc, "this module is not parametric, so it cannot be applied to a module");
        ModuleInfoPtr arg = elab_mod(*e.arg, anon_prefix(), out, "");
        return apply_functor(*f, arg, e.arg->loc, prefix, out);
    }
    case ModExp::Kind::Lambda: {
        auto fn = std::make_shared<Functor>();
        fn->name = name.empty() ? "the parametric module" : "`" + name + "`";
        fn->params = e.params;
        fn->result = e.mod_type;
        fn->file = e.fn->loc.file;
        fn->body_begin = e.fn->begin;
        for (const Level &l : levels_) fn->closure.push_back(l.names);
        fn->path = prefix.substr(0, prefix.size() - 1);
        check_functor_once(*fn);
        auto m = std::make_shared<ModuleInfo>();
        m->functor = fn;
        return m;
    }
    case ModExp::Kind::Import: return import_file(e.name, e.loc, out);
    }
    internal_error("elab_mod: unknown module expression");
}

// Checking done for its errors only, in the scopes `closure` and one more level: what it
// defines is thrown away (the environment and the scopes are put back).
Checker::ScratchScope::ScratchScope(Checker &c, const std::vector<Names> &closure)
    : c_(c), env_(c.env_), defined_(c.defined_), levels_(std::move(c.levels_)) {
    c.levels_.clear();
    for (const Names &n : closure) c.levels_.push_back(Level{"", n, {}});
    c.levels_.push_back(Level{});
}

Checker::ScratchScope::~ScratchScope() {
    c_.env_ = std::move(env_);
    c_.defined_ = std::move(defined_);
    c_.levels_ = std::move(levels_);
}

// Note [Parametric modules checked once]: where it is defined, a parametric module's
// body is checked for any argument: each parameter is a module made of its module type
// (skeleton), whose abstract types are rigid type variables (`P.t`) and whose values are
// globals of the specified types.  What that checking defines is thrown away (the
// environment is put back); each application checks the body again with its arguments
// and makes the definitions.  A parameter with an abstract type that has parameters
// (`type t 'a`) cannot be made so: such a body is checked at its applications only.
void Checker::check_functor_once(const Functor &fn) {
    ScratchScope scratch(*this, fn.closure);  // the last level: the parameters
    for (const ModParam &p : fn.params) {
        ModuleInfoPtr m = skeleton(*elab_mod_type(*p.type), p.name);
        if (!m) return;
        levels_.back().names.mods[p.name] = m;
    }
    try {
        ModExpPtr body = parse_mod_exp_at(fn.file, fn.body_begin);
        std::vector<DeclPtr> out;
        const std::string prefix = (fn.path.empty() ? "F" : fn.path) + ".";
        ModuleInfoPtr m = elab_mod(*body, prefix, out, "");
        if (fn.result) match_mod_type(m, *elab_mod_type(*fn.result), body->loc, "the body of " + fn.name, "");
    } catch (const CompileError &e) {
        if (e.message().find("(in the body of") != std::string::npos) throw;
        throw CompileError(e.loc(), e.message() + " (in the body of " + fn.name +
                                        ", checked for any arguments of its parameters' module types)");
    }
}

// A module specification's module type, with the `with`s on its types (`mt with N.t = T`).
ModTypeInfo Checker::member_mod_type(const ModTypeInfo &mt, const Spec &sp) {
    ModTypeInfo smt = *elab_mod_type(*sp.mod_type);
    const std::string pre = sp.name + ".";
    for (auto &[k, v] : mt.refined)
        if (k.rfind(pre, 0) == 0) smt.refined[k.substr(pre.size())] = v;
    return smt;
}

// A global of a value specification's type (resolved by the caller, in its scope).
std::shared_ptr<GlobalVal> Checker::spec_global(const Spec &sp, const TypePtr &type) {
    auto gv = std::make_shared<GlobalVal>();
    for (const TypeParam &tp : sp.params) {
        if (tp.kind == TypeParam::Kind::Size) {
            gv->scheme.sparams.push_back(tp.name);
        } else {
            gv->scheme.tparams.push_back(tp.name);
            if (tp.kind == TypeParam::Kind::Type) gv->scheme.nonlifted.insert(tp.name);
        }
    }
    gv->scheme.type = zonk(type, true);
    return gv;
}

// A fresh inference state with a declaration's type parameters in scope: sizes as i64
// locals, types as rigid type variables.
void Checker::bind_type_params(const std::vector<TypeParam> &params) {
    reset();
    for (const TypeParam &p : params) {
        if (p.kind == TypeParam::Kind::Size) bind_local(p.name, Type::prim_type(PrimType::I64));
        else {
            tparam_scope_[p.name] = Type::type_var(p.name);
            note_lifted(p);
        }
    }
}

TypePtr Checker::resolve_val_spec(const Spec &sp) {
    bind_type_params(sp.params);
    // Its size expressions are part of it (Note [Size expressions]): `val f : (n: i64) ->
    // [n + 1]t` is not matched by a member of type `(n: i64) -> [n]t`.
    ScopedFlag exps(exp_sizes_, true);
    return zonk(resolve_type_exp(sp.type, SizeCtx::Ret, nullptr), false);
}

ModuleInfoPtr Checker::skeleton(const ModTypeInfo &mt, const std::string &path) {
    if (mt.arrow) {  // a parametric module with no body: applied, its result's skeleton
        auto fn = std::make_shared<Functor>();
        fn->name = "`" + path + "`";
        fn->path = path;
        fn->params.push_back(ModParam{mt.arrow->name, mt.arrow->loc, mt.arrow->inner});
        fn->result = mt.arrow->result;
        fn->closure = mt.closure;
        auto m = std::make_shared<ModuleInfo>();
        m->functor = fn;
        return m;
    }
    std::vector<Level> scope;
    for (const Names &n : mt.closure) scope.push_back(Level{"", n, {}});
    scope.push_back(Level{});  // the specified types and modules, as the skeleton has them
    ScopeSwap<Level> swap(levels_, std::move(scope));
    auto m = std::make_shared<ModuleInfo>();
    for (const SpecPtr &spp : mt.specs) {
        const Spec &sp = *spp;
        Names &here = levels_.back().names;
        const std::string flat = path + "." + sp.name + "#";
        switch (sp.kind) {
        case Spec::Kind::Type: {
            std::shared_ptr<const TypeAbbrev> def;
            if (auto r = find_in(mt.refined, sp.name)) def = *r;
            else if (sp.type) def = resolve_abbrev(sp.params, sp.type);
            if (!def) {
                if (!sp.params.empty()) return nullptr;
                auto ab = std::make_shared<TypeAbbrev>();
                ab->body = Type::type_var(path + "." + sp.name);
                ab->lifted = sp.lifted;
                def = ab;
            }
            env_.types[flat] = def;
            here.types[sp.name] = flat;
            m->members.types[sp.name] = flat;
            break;
        }
        case Spec::Kind::Val:
            env_.vals[flat] = spec_global(sp, resolve_val_spec(sp));
            m->members.vals[sp.name] = flat;
            break;
        case Spec::Kind::Module: {
            ModuleInfoPtr sub = skeleton(member_mod_type(mt, sp), path + "." + sp.name);
            if (!sub) return nullptr;
            here.mods[sp.name] = sub;
            m->members.mods[sp.name] = sub;
            break;
        }
        case Spec::Kind::Include: internal_error("skeleton: an include left in a module type");
        }
    }
    return m;
}

// A module type's specifications are checked where it is declared, as Futhark does (an
// unknown type in a `val` would otherwise wait for the first module ascribed to it): a
// skeleton of it is built under a name no program can write, then forgotten.
void Checker::check_mod_type(const ModTypeInfo &mt) {
    if (mt.arrow) return;
    const std::string path = anon_prefix();
    auto forget = [&](auto &table) {
        for (auto it = table.begin(); it != table.end();)
            it = it->first.rfind(path, 0) == 0 ? table.erase(it) : std::next(it);
    };
    try {
        skeleton(mt, path.substr(0, path.size() - 1));
    } catch (...) {
        forget(env_.types);
        forget(env_.vals);
        throw;
    }
    forget(env_.types);
    forget(env_.vals);
}

// The argument is matched against the parameter's module type, in the scope of the
// functor's definition; once all are there, the body is parsed again and elaborated,
// its definitions named under `prefix` (Note [Modules]).
ModuleInfoPtr Checker::apply_functor(const ModuleInfo &f, const ModuleInfoPtr &arg, const SrcLoc &loc,
                                     const std::string &prefix, std::vector<DeclPtr> &out) {
    const Functor &fn = *f.functor;
    std::vector<Level> scope;
    for (const Names &n : fn.closure) scope.push_back(Level{"", n, {}});
    scope.push_back(Level{});
    for (size_t i = 0; i < fn.args.size(); i++) scope.back().names.mods[fn.params[i].name] = fn.args[i];
    ScopeSwap<Level> swap(levels_, std::move(scope));
    const ModParam &p = fn.params[fn.args.size()];
    ModTypeInfoPtr pt = elab_mod_type(*p.type);
    auto next = std::make_shared<Functor>(fn);
    next->args.push_back(match_mod_type(arg, *pt, loc, "the argument for `" + p.name + "` of " + fn.name, ""));
    levels_.back().names.mods[p.name] = next->args.back();
    if (next->args.size() < fn.params.size()) {
        auto m = std::make_shared<ModuleInfo>();
        m->functor = next;
        return m;
    }
    // Each application checks the body again: a chain of them that doubles at each step
    // would never end, nor would nesting them deeply enough for the stack.
    if (++applications_ > 20000 || applying_ >= 100)
        throw CompileError(loc, "too many applications of parametric modules (" +
                                    std::string(applying_ >= 100 ? "nested over 100 deep" : "over 20000") +
                                    "): each checks its body anew");
    ++applying_;
    struct Dec {
        int &n;
        ~Dec() { --n; }
    } dec{applying_};
    if (!fn.file)  // a specification's: what its result type specifies, of this argument
        return skeleton(*elab_mod_type(*fn.result), prefix.substr(0, prefix.size() - 1));
    try {
        ModExpPtr body = parse_mod_exp_at(fn.file, fn.body_begin);
        ModuleInfoPtr m = elab_mod(*body, prefix, out, "");
        if (fn.result)
            m = match_mod_type(m, *elab_mod_type(*fn.result), body->loc, "the body of " + fn.name,
                               prefix.substr(0, prefix.size() - 1));
        return m;
    } catch (const CompileError &e) {
        // The error is in the body: say which application made it.
        if (e.message().find("(in the application of") != std::string::npos) throw;
        throw CompileError(e.loc(), e.message() + " (in the application of " + fn.name + " at " + loc.str() + ")");
    }
}

ModuleInfoPtr Checker::import_file(const std::string &path, const SrcLoc &loc, std::vector<DeclPtr> &out) {
    namespace fs = std::filesystem;
    fs::path dir;
    if (loc.file && !loc.file->name.empty() && loc.file->name[0] != '<')
        dir = fs::path(loc.file->name).parent_path();
    const fs::path file = (dir / (path + ".fut")).lexically_normal();
    std::error_code ec;
    fs::path canon = fs::weakly_canonical(file, ec);
    const std::string key = ec ? file.string() : canon.string();
    if (auto it = env_.imported.find(key); it != env_.imported.end()) {
        if (!it->second)
            throw CompileError(loc, "`import \"" + path + "\"` is circular: " + file.string() +
                                        " is being imported already");
        return it->second;
    }
    std::ifstream in(file, std::ios::binary);
    if (!in || fs::is_directory(file, ec))
        throw CompileError(loc, "cannot import \"" + path + "\": there is no file " + file.string());
    Program prog = parse_program(make_source(file.string(), read_stream(in)));
    env_.imported[key] = nullptr;
    // The file is a module of its own: it sees the prelude and what it imports itself,
    // not the scopes of the importer.
    std::string stem = file.string();
    if (stem.size() > 4) stem.resize(stem.size() - 4);
    ScopeSwap<Level> swap(levels_, {Level{stem + ".", {}, {}}});
    ++importing_;
    struct Dec {
        int &n;
        ~Dec() { --n; }
    } dec{importing_};
    for (const DeclPtr &d : prog.decls) check_decl_in(d, out, false);
    auto m = std::make_shared<ModuleInfo>();
    m->members = levels_.back().exports;
    env_.imported[key] = m;
    return m;
}

// ---------------------------------------------------------------- module types

ModTypeInfoPtr Checker::elab_mod_type(const ModTypeExp &t) {
    switch (t.kind) {
    case ModTypeExp::Kind::Name: return lookup_mod_type(t.name, t.loc);
    case ModTypeExp::Kind::Specs: {
        auto mt = std::make_shared<ModTypeInfo>();
        for (const Level &l : levels_) mt->closure.push_back(l.names);
        for (const SpecPtr &sp : t.specs) {
            if (sp->kind != Spec::Kind::Include) {
                mt->specs.push_back(sp);
                continue;
            }
            ModTypeInfoPtr inc = elab_mod_type(*sp->mod_type);
            mt->specs.insert(mt->specs.end(), inc->specs.begin(), inc->specs.end());
            for (auto &r : inc->refined) mt->refined.insert(r);
        }
        return mt;
    }
    case ModTypeExp::Kind::With: {
        ModTypeInfoPtr base = elab_mod_type(*t.inner);
        if (!has_type_spec(*base, t.name))
            throw CompileError(t.loc, "the module type specifies no type `" + t.name + "` to refine with `with`");
        auto mt = std::make_shared<ModTypeInfo>(*base);
        mt->refined[t.name] = resolve_abbrev(t.params, t.type);
        return mt;
    }
    case ModTypeExp::Kind::Arrow: {
        auto mt = std::make_shared<ModTypeInfo>();
        for (const Level &l : levels_) mt->closure.push_back(l.names);
        mt->arrow = std::make_shared<ModTypeExp>(t);
        return mt;
    }
    }
    internal_error("elab_mod_type: unknown module type");
}

bool Checker::has_type_spec(const ModTypeInfo &mt, const std::string &name) {
    auto [q, base] = split_qualified(name);
    const std::string first = q.empty() ? name : name.substr(0, name.find('.'));
    for (const SpecPtr &sp : mt.specs) {
        if (q.empty() && sp->kind == Spec::Kind::Type && sp->name == name) return true;
        if (!q.empty() && sp->kind == Spec::Kind::Module && sp->name == first)
            return has_type_spec(*elab_mod_type(*sp->mod_type), name.substr(first.size() + 1));
    }
    return false;
}

std::shared_ptr<TypeAbbrev> Checker::resolve_abbrev(const std::vector<TypeParam> &params, const TypeExpPtr &def) {
    std::set<std::string> seen;
    for (const TypeParam &p : params)
        if (!seen.insert(p.name).second)
            throw CompileError(p.loc, "type parameter `" + p.name + "` is bound twice");
    bind_type_params(params);
    auto ab = std::make_shared<TypeAbbrev>();
    ab->params = params;
    ab->body = zonk(resolve_type_exp(def, SizeCtx::Ret, nullptr), true);
    return ab;
}

std::shared_ptr<const TypeAbbrev> Checker::type_abbrev(const std::string &flat) {
    if (auto p = prim_from_name(flat)) {
        auto ab = std::make_shared<TypeAbbrev>();
        ab->body = Type::prim_type(*p);
        return ab;
    }
    auto it = env_.types.find(flat);
    if (it == env_.types.end()) internal_error("type_abbrev: no type " + flat);
    return it->second;
}

TypePtr Checker::member_val_type(const std::string &flat, const SrcLoc &loc) {
    auto it = env_.vals.find(flat);
    if (it != env_.vals.end()) return instantiate(it->second->scheme, nullptr);
    std::string bare;
    if (TypePtr t = qualified_op_type(flat, loc, &bare)) return t;
    internal_error("member_val_type: no value " + flat);
}

ModuleInfoPtr Checker::match_mod_type(const ModuleInfoPtr &m, const ModTypeInfo &mt, const SrcLoc &loc,
                                      const std::string &what, const std::string &seal) {
    if (mt.arrow) {
        match_functor_type(m, mt, loc, what);
        return m;
    }
    if (m->functor)
        throw CompileError(loc, what + " is a parametric module, where a module is expected (apply it first)");
    std::vector<Level> scope;
    for (const Names &n : mt.closure) scope.push_back(Level{"", n, {}});
    scope.push_back(Level{});  // the specified types and modules, as the module defines them
    ScopeSwap<Level> swap(levels_, std::move(scope));
    auto res = std::make_shared<ModuleInfo>();
    match_specs(*m, mt, res->members, loc, what, seal);
    return res;
}

// Note [Higher-order modules]: a parametric module matches the module type `(p: mt1) ->
// mt2` when, applied to a module made of mt1 (its skeleton: abstract types rigid), it
// accepts that module and gives one that matches mt2 with p bound to it.  What that
// checking defines is thrown away; the module itself is what the name stands for, so
// its applications are checked against their own arguments (its types stay visible).
// A parameter of such a module type is a parametric module whose applications, where
// the body is checked once for any arguments, give the skeleton of the result type.
void Checker::match_functor_type(const ModuleInfoPtr &m, const ModTypeInfo &mt, const SrcLoc &loc,
                                 const std::string &what) {
    if (!m->functor)
        throw CompileError(loc, what + " is not a parametric module, but its module type is one (`(" +
                                    mt.arrow->name + ": ...) -> ...`)");
    ScratchScope scratch(*this, mt.closure);  // the last level: the parameter
    const std::string pname = mt.arrow->name.empty() ? "_P" : mt.arrow->name;
    ModuleInfoPtr arg = skeleton(*elab_mod_type(*mt.arrow->inner), pname);
    if (!arg) return;  // a parameter with an abstract type that has parameters: at each application
    levels_.back().names.mods[pname] = arg;
    std::vector<DeclPtr> out;
    ModuleInfoPtr r = apply_functor(*m, arg, loc, anon_prefix(), out);
    match_mod_type(r, *elab_mod_type(*mt.arrow->result), loc, "the result of " + what, "");
}

// Note [Matching]: each specification must be met by a member of the module; the
// result has just the specified members.  The specifications are resolved twice: with
// the module's own types, to check the members, and (when `seal` names the result, as
// in `module M : mt = ...`) with each abstract type (`type t`, no parameters, not
// refined by `with`) as an opaque type of its own, the rigid type variable "M.t".  A
// member whose specified type mentions one is seen outside through a view: a global
// "M.f#N" of the specified type that finalize() renames back to "M.f" (CheckedEnv::
// view_of), whose types it reveals (CheckedEnv::opaque), so that the interpreter and
// the compiler see just the module's own definitions and types.
void Checker::match_specs(const ModuleInfo &m, const ModTypeInfo &mt, Names &out, const SrcLoc &loc,
                          const std::string &what, const std::string &seal) {
    auto missing = [&](const Spec &sp, const std::string &kind) {
        return CompileError(loc, what + " does not define " + kind + " `" + sp.name +
                                     "` that its module type specifies (at " + sp.loc.str() + ")");
    };
    Names view;  // the specified types and modules as the outside sees them
    bool sealed = false;
    auto resolve_spec = [&](const Spec &sp, bool outside) {
        if (outside) std::swap(levels_.back().names, view);
        struct Back {
            bool on;
            Names &a, &b;
            ~Back() {
                if (on) std::swap(a, b);
            }
        } back{outside, levels_.back().names, view};
        return resolve_val_spec(sp);
    };
    for (const SpecPtr &spp : mt.specs) {
        const Spec &sp = *spp;
        Names &scope = levels_.back().names;
        switch (sp.kind) {
        case Spec::Kind::Type: {
            const std::string *flat = find_in(m.members.types, sp.name);
            if (!flat) throw missing(sp, "the type");
            auto have = type_abbrev(*flat);
            if (have->params.size() != sp.params.size())
                throw CompileError(loc, what + "'s type `" + sp.name + "` takes " +
                                            std::to_string(have->params.size()) + " parameter(s), but its module "
                                            "type's takes " + std::to_string(sp.params.size()));
            std::shared_ptr<const TypeAbbrev> want;
            if (auto r = find_in(mt.refined, sp.name)) want = *r;
            else if (sp.type) want = resolve_abbrev(sp.params, sp.type);
            if (want) {
                std::map<std::string, TypePtr> tv;
                std::map<std::string, Dim> dv;
                for (size_t i = 0; i < have->params.size(); i++) {
                    if (have->params[i].kind == TypeParam::Kind::Size) dv[have->params[i].name] = Dim::var(want->params[i].name);
                    else tv[have->params[i].name] = Type::type_var(want->params[i].name);
                }
                TypePtr h = subst(have->body, tv, dv);
                if (!same_type(h, want->body))
                    throw CompileError(loc, what + "'s type `" + sp.name + "` is `" + type_to_string(h) +
                                                "`, but its module type requires `" + type_to_string(want->body) + "`");
            }
            scope.types[sp.name] = *flat;
            std::string shown = *flat;
            if (!want && !seal.empty() && sp.params.empty()) {
                // An opaque type: a rigid type variable named as the user writes it.
                std::string name = seal + "." + sp.name;
                while (env_.opaque.count(name)) name += "'";
                env_.opaque[name] = have->body;
                auto ab = std::make_shared<TypeAbbrev>();
                ab->body = Type::type_var(name);
                shown = name + "#";  // its abbreviation's flat name (beside the module's own)
                env_.types[shown] = ab;
                sealed = true;
            }
            view.types[sp.name] = shown;
            out.types[sp.name] = shown;
            break;
        }
        case Spec::Kind::Val: {
            const std::string *flat = find_in(m.members.vals, sp.name);
            if (!flat) throw missing(sp, "the value");
            TypePtr want = resolve_spec(sp, false);
            TypePtr have = member_val_type(*flat, sp.loc);
            // As defined, with its size parameters named (instantiated, they show as `[]`).
            auto global = env_.vals.find(*flat);
            std::string have_text = show(global != env_.vals.end() ? global->second->scheme.type : have);
            try {
                // Strict: a member less polymorphic in its sizes than specified (one size
                // where the module type has two) does not match, as in Futhark.
                unify(have, want, DimMode::Strict);
            } catch (Mismatch &) {
                throw CompileError(loc, what + "'s `" + sp.name + "` is of type `" + have_text +
                                            "`, but its module type specifies `" + show(want) + "` (at " +
                                            sp.loc.str() + ")");
            }
            out.vals[sp.name] = *flat;
            // Later specs may name it (`val nbs : i64` then `val empty : (n: i64) ->
            // bitset[(n - 1) / nbs + 1]`).
            scope.vals[sp.name] = *flat;
            view.vals[sp.name] = *flat;
            if (!sealed) break;
            TypePtr outside = resolve_spec(sp, true);
            if (same_type(outside, want)) break;
            std::string v = *flat + "#" + std::to_string(env_.anon_modules++);
            env_.vals[v] = spec_global(sp, outside);
            auto def = env_.view_of.find(*flat);  // a view of a view is one of the definition
            env_.view_of[v] = def == env_.view_of.end() ? *flat : def->second;
            out.vals[sp.name] = v;
            break;
        }
        case Spec::Kind::Module: {
            const ModuleInfoPtr *sub = find_in(m.members.mods, sp.name);
            if (!sub) throw missing(sp, "the module");
            ModuleInfoPtr r = match_mod_type(*sub, member_mod_type(mt, sp), loc, what + "'s module `" + sp.name + "`",
                                             seal.empty() ? "" : seal + "." + sp.name);
            scope.mods[sp.name] = *sub;
            view.mods[sp.name] = r;
            out.mods[sp.name] = r;
            if (r != *sub) sealed = true;
            break;
        }
        case Spec::Kind::Include: internal_error("match_specs: an include left in a module type");
        }
    }
}

TypePtr Checker::reveal(const TypePtr &t) const {
    if (env_.opaque.empty() || !t) return t;
    switch (t->kind) {
    case Type::Kind::TypeVar: {
        auto it = env_.opaque.find(t->var);
        if (it == env_.opaque.end()) return t;
        TypePtr r = reveal(it->second);
        return t->unique ? r->with_unique(true) : r;
    }
    case Type::Kind::Array: {
        TypePtr e = reveal(t->elem);
        // The definition may be an array itself: `[n]M.t` with `type t = [3]f32`.
        if (e->kind == Type::Kind::Array) {
            std::vector<Dim> shape = t->shape;
            shape.insert(shape.end(), e->shape.begin(), e->shape.end());
            return Type::array(e->elem, shape, t->unique);
        }
        return e == t->elem ? t : Type::array(e, t->shape, t->unique);
    }
    case Type::Kind::Tuple: {
        std::vector<TypePtr> es;
        for (auto &e : t->elems) es.push_back(reveal(e));
        return Type::tuple(es)->with_unique(t->unique);
    }
    case Type::Kind::Record:
    case Type::Kind::Sum: {
        auto fs = t->fields;
        for (auto &f : fs) f.second = reveal(f.second);
        auto r = t->kind == Type::Kind::Record ? Type::record(fs) : Type::sum(fs);
        return r->with_unique(t->unique);
    }
    case Type::Kind::Func: return Type::func(reveal(t->param), reveal(t->result), t->param_name);
    default: return t;
    }
}

// ---------------------------------------------------------------- the numeric modules

// `f32`, `i64`, ... hold the prelude's `f32.sqrt`, ..., the built-in operators at their
// type (`f32.+`) and `t`, so that they can be opened, aliased and passed to parametric
// modules (`module M = mk_stats f64`).
void Checker::add_prim_modules(CheckedEnv &env) {
    static const char *arith[] = {"+", "-", "*", "/", "%", "**", "==", "!=", "<", "<=", ">", ">="};
    static const char *bits[] = {"//", "%%", "&", "|", "^", "<<", ">>", ">>>"};  // integral
    for (PrimType p : {PrimType::Bool, PrimType::I8, PrimType::I16, PrimType::I32, PrimType::I64, PrimType::U8,
                       PrimType::U16, PrimType::U32, PrimType::U64, PrimType::F16, PrimType::F32, PrimType::F64}) {
        const std::string t = prim_name(p);
        auto m = std::make_shared<ModuleInfo>();
        m->members.types["t"] = t;
        if (is_float(p)) m->members.types["int_t"] = p == PrimType::F16 ? "u16" : p == PrimType::F32 ? "u32" : "u64";
        for (auto &[name, gv] : env.vals)
            if (name.size() > t.size() + 1 && name.compare(0, t.size() + 1, t + ".") == 0)
                m->members.vals[name.substr(t.size() + 1)] = name;
        if (p != PrimType::Bool)
            for (const char *op : arith) m->members.vals.emplace(op, t + "." + op);
        if (is_int(p))
            for (const char *op : bits) m->members.vals.emplace(op, t + "." + op);
        env.top.mods[t] = m;
    }
}

}  // namespace internal

// ---------------------------------------------------------------- for sessions

namespace {

/** A checker over `env` for its lookups (which do not change it). */
internal::Checker lookup_checker(const CheckedEnvPtr &env) {
    return internal::Checker(const_cast<CheckedEnv &>(*env));
}

void member_names(const ModuleInfo &m, const std::string &prefix, int depth,
                  std::vector<std::string> &out) {
    for (auto &[k, v] : m.members.vals)
        if (internal::ident_start(k[0])) out.push_back(prefix + k);
    for (auto &[k, v] : m.members.types) out.push_back(prefix + k);
    for (auto &[k, v] : m.members.mods) {
        out.push_back(prefix + k);
        if (depth < 4) member_names(*v, prefix + k + ".", depth + 1, out);
    }
}

void describe_members(const CheckedEnvPtr &env_ptr, const ModuleInfo &m, const std::string &indent,
                      std::string &out) {
    const CheckedEnv &env = *env_ptr;
    for (auto &[k, flat] : m.members.types) {
        out += indent + "type " + k;
        if (flat.back() == '#') {  // opaque (Note [Matching])
            out += "\n";
            continue;
        }
        if (auto p = prim_from_name(flat)) {
            out += std::string(" = ") + prim_name(*p) + "\n";
            continue;
        }
        out += type_signature(env_ptr, flat) + "\n";
    }
    for (auto &[k, flat] : m.members.vals) {
        auto it = env.vals.find(flat);
        std::string name = internal::ident_start(k[0]) ? k : "(" + k + ")";
        if (it == env.vals.end()) {  // a numeric module's built-in operator (`f32.+`)
            const std::string t = flat.substr(0, flat.find('.'));
            const bool cmp = k == "==" || k == "!=" || k == "<" || k == "<=" || k == ">" || k == ">=";
            out += indent + "val " + name + " : " + t + " -> " + t + " -> " + (cmp ? "bool" : t) + "\n";
            continue;
        }
        out += indent + "val " + name + value_signature(env_ptr, flat) + "\n";
    }
    for (auto &[k, sub] : m.members.mods) {
        if (sub->functor) {
            out += indent + "module " + k + " : (a parametric module)\n";
            continue;
        }
        out += indent + "module " + k + " : {\n";
        describe_members(env_ptr, *sub, indent + "  ", out);
        out += indent + "}\n";
    }
    for (auto &[k, v] : m.members.mod_types) out += indent + "module type " + k + "\n";
}

}  // namespace

std::string resolve_name(const CheckedEnvPtr &env, const std::string &written, bool type) {
    if (!env) return {};
    internal::Checker c = lookup_checker(env);
    return type ? c.lookup_type(written) : c.lookup_val(written);
}

std::string type_signature(const CheckedEnvPtr &env, const std::string &flat) {
    auto it = env->types.find(flat);
    if (it == env->types.end()) return {};
    return print_type_params(it->second->params) + " = " + type_to_string(it->second->body);
}

std::string definition_name(const CheckedEnvPtr &env, const std::string &flat) {
    auto it = env->view_of.find(flat);
    return it == env->view_of.end() ? flat : it->second;
}

std::string value_signature(const CheckedEnvPtr &env, const std::string &flat) {
    auto it = env->vals.find(flat);
    if (it == env->vals.end()) return {};
    const Scheme &s = it->second->scheme;
    std::string out;
    for (auto &t : s.tparams) out += " '" + t;
    for (auto &t : s.sparams) out += " [" + t + "]";
    return out + " : " + type_to_string(s.type);
}

std::vector<std::string> module_member_names(const CheckedEnvPtr &env) {
    std::vector<std::string> out;
    if (!env) return out;
    for (auto &[k, m] : env->top.mods) {
        if (prim_from_name(k)) continue;
        out.push_back(k);
        member_names(*m, k + ".", 1, out);
    }
    for (auto &[k, v] : env->top.vals) out.push_back(k);
    for (auto &[k, v] : env->top.types) out.push_back(k);
    return out;
}

std::optional<std::string> describe_module(const CheckedEnvPtr &env, const std::string &written) {
    if (!env) return std::nullopt;
    ModuleInfoPtr m = lookup_checker(env).lookup_mod(written);
    if (!m) return std::nullopt;
    if (m->functor) {
        const Functor &f = *m->functor;
        std::string out = written + " : a parametric module of";
        for (size_t i = f.args.size(); i < f.params.size(); i++) {
            const ModTypeExp &t = *f.params[i].type;
            out += " (" + f.params[i].name + ": " + (t.kind == ModTypeExp::Kind::Name ? t.name : "{...}") + ")";
        }
        return out + "; apply it (`module G = " + written + " ...`) to see its members";
    }
    std::string out = written + " : {\n";
    describe_members(env, *m, "  ", out);
    return out + "}";
}

}  // namespace loom

// Note [Modules]
// --------------
// Futhark's modules are static: every module expression can be evaluated at compile
// time, so the checker elaborates them away and the interpreter and the compiler see
// only ordinary declarations.  A definition inside `module M = { ... }` is checked as a
// top-level one named "M.x" (its flat name; nested modules "M.N.x").  What is visible
// where is kept apart from the definitions: `Names` maps the names as written to flat
// names, for a module's members (ModuleInfo) and for each enclosing module body being
// checked (Level).  A name as written resolves through the innermost scope that has it,
// then the top level (CheckedEnv::top, which holds only what `open` brought in and the
// modules; a top-level definition is its own flat name).  So `module N = M` shares M's
// members, `open M` copies its names into the scope, and ascription (`M : mt`) keeps
// just the specified ones.
//
// A parametric module is kept as its source position and the scopes around it; each
// application matches the argument against the parameter's module type, binds the
// parameter to the matched module and parses and checks the body again, its
// definitions named under the applied module's name (`module G = F M`: "G.x").  The
// body is also checked once where it is defined, for any argument (Note [Parametric
// modules checked once]), so its errors are reported as Futhark reports them.
//
// An `import "f"` checks f.fut (relative to the importing file) once, as a module named
// after its path, and opens it locally; its entry points are plain definitions.
//
// Ascription hides abstract types (Note [Matching]); a parametric module's module type
// (`(p: mt) -> mt'`) is checked by applying it (Note [Higher-order modules]).  Not yet
// as in Futhark: an abstract type with parameters (`type t 'a`) stays its definition
// outside, and a parametric module whose parameter has one is checked at its
// applications only; a parametric module ascribed a parametric module type keeps its
// own types visible.
