/** \file
 * Private to the type checker (TypeCheck*.cpp): the checked environment and the
 * inference state.  See Note [Checker design] in TypeCheck.cpp.
 */
#pragma once

#include "frontend/Frontend.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace loom {

/** Sets a flag for a scope and restores it after. */
struct ScopedFlag {
    bool &flag, was;
    ScopedFlag(bool &f, bool value) : flag(f), was(f) { f = value; }
    ~ScopedFlag() { flag = was; }
    ScopedFlag(const ScopedFlag &) = delete;
    ScopedFlag &operator=(const ScopedFlag &) = delete;
};

/** A type scheme: `type` quantified over type variables (TypeVar names) and sizes. */
struct Scheme {
    std::vector<std::string> tparams;  ///< in declaration order (explicit ones first)
    std::vector<std::string> sparams;
    TypePtr type;
    /// Explicit non-lifted type parameters (`'a`): they may not become function types.
    std::set<std::string> nonlifted;
};

struct GlobalVal {
    Scheme scheme;
    bool from_prelude = false;
    /// A definition with parameters: the uniqueness checker keeps its result from
    /// aliasing top-level arrays, so an application aliases its arguments only.
    bool function = false;
    /// Built in (`unflatten`): sizes it leaves unknown come from the call's context.
    bool intrinsic = false;
};

/** `type t 'a [n] = body`: params appear in body as TypeVar(a) and Dim::Var(n). */
struct TypeAbbrev {
    std::vector<TypeParam> params;
    TypePtr body;
    char lifted = 0;  ///< as declared: 0, '~' (sizes hidden inside) or '^' (may be a function)
};

// Note [Modules] (TypeCheckModule.cpp): modules are elaborated away.  A module's
// definitions are ordinary top-level ones under flat names ("M.x"); what a module, or a
// scope, makes visible maps the names as written to those flat names.
struct ModuleInfo;
struct ModTypeInfo;
using ModuleInfoPtr = std::shared_ptr<const ModuleInfo>;
using ModTypeInfoPtr = std::shared_ptr<const ModTypeInfo>;

struct Names {
    std::map<std::string, std::string> vals, types;  ///< as written -> flat name
    std::map<std::string, ModuleInfoPtr> mods;
    std::map<std::string, ModTypeInfoPtr> mod_types;
};

/** A parametric module, not yet (fully) applied: its body is parsed and elaborated
 * again at each application, in the scope of its definition. */
struct Functor {
    std::string name;               ///< as declared (messages)
    std::string path;               ///< the flat name it is bound to ("M.F"), or ""
    std::vector<ModParam> params;   ///< all of them, in order
    std::vector<ModuleInfoPtr> args;  ///< the first args.size() are applied
    ModTypeExpPtr result;           ///< may be null
    SourceFilePtr file;  ///< null: a specification's (skeleton), whose application gives its result's skeleton
    size_t body_begin = 0;
    std::vector<Names> closure;     ///< the scopes around the definition, outermost first
};

struct ModuleInfo {
    Names members;
    std::shared_ptr<const Functor> functor;  ///< set: a parametric module
};

/** A module type: its specifications (`include`s spliced in, `with`s applied), resolved
 * against a module when it is matched, in the scopes of its definition. */
struct ModTypeInfo {
    std::vector<SpecPtr> specs;
    std::vector<Names> closure;
    /// A parametric module's type (`(p: mt1) -> mt2`, no specs): its parameter (name,
    /// module type) and result as written, resolved in `closure` (the result with the
    /// parameter bound).
    std::shared_ptr<const ModTypeExp> arrow;
    /// `with` refinements: a type spec's (qualified) name -> the definition it must have.
    std::map<std::string, std::shared_ptr<const TypeAbbrev>> refined;
};

struct CheckedEnv {
    std::unordered_map<std::string, std::shared_ptr<const GlobalVal>> vals;
    std::unordered_map<std::string, std::shared_ptr<const TypeAbbrev>> types;
    /// The top level's names that are not their own flat names: modules, module types,
    /// and what `open` brought in (a later definition of the name takes it back).
    Names top;
    /// Files imported so far (canonical paths; null while one is being imported).
    std::map<std::string, ModuleInfoPtr> imported;
    int anon_modules = 0;            ///< names for modules without one
    /// Note [Matching]: opaque types (rigid type variables "M.t") and their definitions;
    /// views of sealed modules' members ("M.f#N") and the definitions they are.
    std::unordered_map<std::string, TypePtr> opaque;
    std::unordered_map<std::string, std::string> view_of;
    bool checking_prelude = false;
};

namespace internal {

/** Whether the parser marked a definition as an intrinsic (no body). */
template <typename F> bool fun_is_intrinsic(const F &f) {
    if constexpr (requires { f.is_intrinsic; }) return f.is_intrinsic || !f.body;
    else return !f.body;
}

/** A failed unification, turned into a CompileError by the caller with context. */
struct Mismatch {
    bool sizes = false;
    std::string a, b;
    std::string detail;  ///< Futhark's phrase for a specific failure (e.g. unshared constructors)
    /// The innermost types that failed to unify, expected and actual (null for sizes and
    /// for failures of constraints alone): where the whole types are long, a message
    /// points at them.
    TypePtr expected, actual;
    Mismatch(bool sizes_, std::string a_, std::string b_, std::string detail_ = {})
        : sizes(sizes_), a(std::move(a_)), b(std::move(b_)), detail(std::move(detail_)) {}
};

/** `msg` with the placeholders that Checker::show writes for open type variables
 * replaced by names (`t`, `u`, ...: none a word of the message already uses), and a
 * `where` clause after it saying what each may be (`..., where `t` is a floating-point
 * type`).  A message without placeholders is
 * returned as it is.  See Note [Open types in messages]. */
std::string name_open_types(const std::string &msg);

/** How unification treats two different sizes: Strict fails unless a size variable
 * can be bound; Lenient binds one or lets them differ; Apart (the branches of `if` and
 * `match`, a size coercion, as Futhark's `unifyMostCommon`) binds none and lets them differ. */
enum class DimMode : uint8_t { Strict, Lenient, Apart };

/** Whether a walk over a type's sizes enters function types. */
enum class FunctionTypes { Include, Skip };
/** Calls visit on each size of t's array shapes, in order of appearance. */
void for_each_shape_dim(const TypePtr &t, const std::function<void(const Dim &)> &visit,
                        FunctionTypes fn = FunctionTypes::Include);
/** Adds the names that t uses as sizes themselves (`[n]`, not inside `[n + 1]`) to out:
 * those a value of type t carries (Futhark's constructive uses). */
void constructive_dim_names(const TypePtr &t, std::set<std::string> &out,
                            FunctionTypes fn = FunctionTypes::Include);
/** Adds the names that t mentions as sizes to out. */
void dim_names(const TypePtr &t, std::set<std::string> &out,
               FunctionTypes fn = FunctionTypes::Include);
void dim_names(const Dim &d, std::set<std::string> &out);

class Checker {
public:
    explicit Checker(CheckedEnv &env) : env_(env) {}
    /// `def main` is an entry point when the program declares no `entry`.
    bool main_is_entry = false;
    void check_decl(Decl &d);
    /// A top-level declaration: module declarations are elaborated (Note [Modules]);
    /// appends the (flat) declarations the program is made of to `out`.
    void check_top_decl(const DeclPtr &d, std::vector<DeclPtr> &out);
    void check_duplicate_decls(const std::vector<DeclPtr> &decls);
    char written_liftedness(const TypeExp &te, const std::vector<TypeParam> &params);
    void check_type_decl(const TypeDecl &td);
    /// The numeric modules (`f32`, `i64`, ...) as modules, once the prelude is checked.
    static void add_prim_modules(CheckedEnv &env);
    /// The flat name a value (type) as written has here, or "".
    std::string lookup_val(const std::string &written) const;
    std::string lookup_type(const std::string &written) const;
    /// With `loc`, a missing module is an error there; else null.
    ModuleInfoPtr lookup_mod(const std::string &written, const SrcLoc *loc = nullptr) const;
    ModTypeInfoPtr lookup_mod_type(const std::string &written, const SrcLoc &loc) const;

    /// shown: the type as `:type` prints it (see shown_type); may be null.
    TypePtr check_top_exp(ExpPtr &e, TypePtr *shown = nullptr);
    /// "Hole of type: t" for each typed hole checked so far (its type as inferred once
    /// its definition is done), in source order, each place once.
    std::vector<Warning> hole_warnings() const;

private:
    std::vector<ExpPtr> holes_;  ///< hole_warnings (held: a module body checked once for any argument is dropped)
    void check_decl_impl(Decl &d);
    void check_foreign(FunDef &f); ///< a foreign declaration's types and file
    TypePtr check_top_exp_impl(ExpPtr &e, TypePtr *shown);
    TypePtr shown_type(const TypePtr &t);

    // ---------------------------------------------------------------- inference state
    struct VarInfo {
        TypePtr bound;
        bool prim = false;     ///< must be a primitive type in `mask`
        uint16_t mask = 0;
        bool eq = false;
        bool nofunc = false;   ///< instantiates a non-lifted `'a`: no function types
        std::string param_name;  ///< the type parameter it instantiates (for messages)
        std::map<std::string, TypePtr> fields;                 ///< HasFields constraint
        std::map<std::string, std::vector<TypePtr>> ctors;     ///< HasConstrs constraint
        SrcLoc loc;
    };
    struct Local {
        std::string name;
        TypePtr type;
        std::shared_ptr<Scheme> scheme;  ///< local polymorphic function
        bool self = false;               ///< a top-level function inside its own body
        const FunDef *fun = nullptr;     ///< self: the definition (recursive-call checks)
    };
    int self_uses_ = 0;  ///< references to a `self` local so far

    CheckedEnv &env_;
    std::vector<VarInfo> tvars_;
    std::vector<Dim> dvars_;  ///< Any = unbound
    std::vector<bool> dbound_;
    std::vector<Local> locals_;
    std::vector<Exp *> touched_exps_;
    std::vector<Pat *> touched_pats_;
    std::vector<Var *> touched_vars_;
    std::vector<FunDef *> touched_funs_;
    std::vector<TypePtr *> touched_types_;
    std::vector<std::vector<TypePtr> *> touched_targs_; ///< operators' type arguments
    /// Nodes the checker builds for itself (backtick operators, size expressions
    /// rewritten by check): touched_* point into them, so they live until finalize.
    std::vector<ExpPtr> synthetic_;
    int name_counter_ = 0;  ///< generalised type parameters: t0, t1, ...
    int param_counter_ = 0; ///< renamed named parameters: ?p0, ?p1, ...
    std::map<std::string, std::string> source_names_; ///< instantiated size (`?3`, `?p0`): its declared name
    std::set<std::string> used_tparam_names_;
    std::map<std::string, TypePtr> tparam_scope_;  ///< explicit 'a in scope
    std::map<std::string, char> tparam_lifted_;    ///< those of them declared '~a ('~') or '^a ('^')
    /** '~' or '^' where `te` names a lifted abbreviation or type parameter, else 0. */
    char named_liftedness(const TypeExpPtr &te);
    void note_lifted(const TypeParam &p);

    void reset();

    // types
    TypePtr fresh(const SrcLoc &loc);
    TypePtr fresh_prim(const SrcLoc &loc, uint16_t mask);
    Dim fresh_dim();
    Dim fresh_exist();
    TypePtr existentialise(const TypePtr &t);
    TypePtr existentialise(const TypePtr &t, std::map<std::string, Dim> &named);
    Dim exist_dim(const Dim &d, std::map<std::string, Dim> &named);
    TypePtr existentialise_declared(const TypePtr &t, const TypePtr &decl, std::map<std::string, Dim> &named);
    void check_known_sizes(const TypePtr &decl, const TypePtr &actual, const std::set<std::string> &free,
                           const SrcLoc &loc, const std::string &what);
    int exist_counter_ = 0;
    static int var_index(const std::string &name);
    TypePtr resolve(TypePtr t);
    Dim resolve_dim(const Dim &d);
    /** Note [Size expressions]: `a op b`, folded and in a canonical order. */
    Dim size_exp(const std::string &op, Dim a, Dim b);
    Dim map_exp(const Dim &d, const std::function<Dim(const Dim &)> &f);
    bool open_dim(const Dim &d);                 ///< whether an unbound size variable is in d
    TypePtr without_size_exps(const TypePtr &t); ///< size expressions become Any
    TypePtr resolve_written_sizes(const TypeExpPtr &te);
    bool exp_sizes_ = false; ///< resolve_dim_exp makes size expressions (return types)
    bool anon_implicit_ = false; ///< resolve_dim_exp: `[]` is a size variable (a parameter's type)
    int implicit_count_ = 0;     ///< local functions' implicit sizes named in this top-level definition
    void generalise_sizes(FunDef &f, const std::vector<TypePtr> &ptypes, size_t mark, bool top);
    void eta_expand_entry(FunDef &f);
    TypePtr zonk(const TypePtr &t, bool final);
    void unify(TypePtr a, TypePtr b, DimMode mode);
    void unify_dim(const Dim &a, const Dim &b, DimMode mode);
    void bind_var(int i, TypePtr t, DimMode mode);
    bool occurs(int i, const TypePtr &t);
    bool occurs(int i, const TypePtr &t, std::set<int> &seen);
    /// A function that consumes a parameter may not be used where one that does not is expected.
    void check_consume_compat(const TypePtr &expected, const TypePtr &actual, const SrcLoc &loc);
    void expect(const TypePtr &expected, const TypePtr &actual, const SrcLoc &loc,
                const std::string &what, DimMode mode = DimMode::Strict);
    std::string show(const TypePtr &t);
    std::string open_placeholder(int var);
    std::string describe(const TypePtr &t);
    std::string describe_var(const VarInfo &v);
    static std::string no_sizes(std::string s);
    static std::string show_dim(const Dim &d);
    TypePtr join(const TypePtr &a, const TypePtr &b, bool ascribed = false);
    TypePtr join(const TypePtr &a, const TypePtr &b, bool ascribed,
                 std::map<std::pair<std::string, std::string>, Dim> &made);
    TypePtr forget_dims(const TypePtr &t, const std::set<std::string> &names);
    TypePtr subst_dim(const TypePtr &t, const std::string &name, const Dim &d);
    TypePtr instantiate(const Scheme &s, std::vector<TypePtr> *targs);
    TypePtr subst(const TypePtr &t, const std::map<std::string, TypePtr> &tv,
                  const std::map<std::string, Dim> &dv);
    std::vector<std::pair<std::string, TypePtr>> fields_of(const TypePtr &t);
    TypePtr field_type(TypePtr t, const std::string &field, const SrcLoc &loc);
    void free_vars(const TypePtr &t, std::set<int> &out);

    // type expressions
    enum class SizeCtx : uint8_t { Body, Param, Ret };
    void resolve_param_types(PatPtr &q, SizeCtx ctx, std::vector<std::string> *implicit, bool anon, bool exps);
    TypePtr resolve_type_exp(const TypeExpPtr &te, SizeCtx ctx,
                             std::vector<std::string> *implicit = nullptr);
    Dim resolve_dim_exp(DimExp &d, SizeCtx ctx, std::vector<std::string> *implicit,
                        const SrcLoc &loc);

    // scopes
    size_t scope_mark() const { return locals_.size(); }
    void pop_scope(size_t mark) { locals_.resize(mark); }
    void bind_local(const std::string &name, TypePtr t) { locals_.push_back({name, t, nullptr}); }
    const Local *find_local(const std::string &name) const;
    bool name_known(const std::string &name) const;
    /** What an "Unknown name" message adds: names in scope a typo away, or modules'
     * members of that name (": did you mean `length`?"); empty when there are none. */
    std::string name_hint(const std::string &name) const;
    /** The same for an unknown type: other languages' names (`int`: `i32` or `i64`) or
     * types in scope a typo away. */
    std::string type_hint(const std::string &name) const;

    // expressions
    TypePtr check(ExpPtr &e);
    TypePtr check_var(ExpPtr &e);
    TypePtr check_binop(ExpPtr &e);
    TypePtr operator_type(std::string &op, bool backtick, const SrcLoc &loc, std::vector<TypePtr> &targs);
    TypePtr builtin_op_type(const std::string &op, const SrcLoc &loc);
    bool is_builtin_op(const std::string &op) const;
    bool user_shadows_op(const std::string &op);
    TypePtr op_value_type(const std::string &op, const SrcLoc &loc, std::vector<TypePtr> *targs);
    TypePtr qualified_op_type(const std::string &name, const SrcLoc &loc, std::string *bare);
    /// `i32.+`: the numeric module's type, and the operator in `op`.
    std::optional<PrimType> prim_builtin_op(const std::string &name, std::string &op) const;
    void constrain_to_open_module(const std::string &op, const TypePtr &ft);
    std::vector<std::string> open_mods_;  ///< modules opened by `M.(e)`, innermost last
    TypePtr apply_type(TypePtr ft, ExpPtr &arg, int argno, const std::string &fname,
                       const SrcLoc &loc);
    TypePtr apply_arg_type(TypePtr ft, const TypePtr &at, const Exp *arg, int argno,
                           const std::string &fname, const SrcLoc &loc);
    /// to_write: the slice an update writes, whose sizes are those the reference knows
    /// (`[0:n]`, `[:n]`, `[:]`), the rest checked when it runs (`xs with [1:4] = ys`).
    TypePtr check_slice(TypePtr arr, std::vector<DimIndex> &slice, const SrcLoc &loc, bool to_write = false);
    std::optional<Dim> bounds_differ_by(const Exp *start, const Exp &end);
    /// A size parameter of a called function that no parameter witnesses (it occurs
    /// only in function-typed parameters): its instance must be resolved by the end
    /// of the definition, else Futhark's "Ambiguous size".
    struct AmbigCandidate {
        int dim_index;
        std::string sparam, fname;
        SrcLoc loc;
        bool in_size_exp;  ///< it occurs in a parameter's size expression (`[n + m]`)
    };
    std::vector<AmbigCandidate> ambig_candidates_;
    std::set<int> dims_met_any_;  ///< size variables unified with an unknown size (lenient)
    std::vector<TypePtr> index_types_;  ///< indices' types not known when checked: i64 by default
    void note_unwitnessed_sizes(const Scheme &s, const std::string &fname, const SrcLoc &loc);
    void check_ambiguous_sizes();
    TypePtr check_lambda(Lambda &lam);
    int lambda_depth_ = 0;  ///< lambdas being checked (record-update knownness is lenient there)
    TypePtr check_loop(Loop &lp);
    /** Checks a loop's parameters (of type pt) and body; the body's type. */
    TypePtr check_loop_body(Loop &lp, const TypePtr &pt);
    /** Which sizes of a loop's parameters its body keeps (Futhark's rule: a size not
     * maintained across an iteration is unknown after the loop), found by checking the
     * body once with the initial value's sizes and undoing that check: a size per
     * array dimension of the parameters' type, in order, the initial one where the
     * body keeps it, an existential one where it changes it, Any where unknown. */
    std::vector<Dim> loop_kept_sizes(Loop &lp, const TypePtr &init);
    int loop_trials_ = 0;  ///< loop_kept_sizes checks under way, nested (undone afterwards)
    /// Names the checker rewrote during such a check (restored when it is undone).
    std::vector<std::pair<std::string *, std::string>> trial_names_;
    void remember_name(std::string &name) {
        if (loop_trials_ > 0) trial_names_.emplace_back(&name, name);
    }
    TypePtr check_match(Match &m);
    Dim dim_of_arg(const Exp *arg);

    // patterns
    void check_pat(PatPtr &p, TypePtr t, std::set<std::string> &names, bool refutable_ok,
                   std::vector<Local> &out);
    void bind_pat_locals(std::vector<Local> &out);
    static void pat_names(const Pat &p, std::set<std::string> &out);

    // definitions
    std::shared_ptr<Scheme> check_fundef(FunDef &f, bool top);
    void finalize(const TypePtr *main_type, std::vector<std::string> *gen_names);
    void check_final_types();
    void strip_unique();

    // modules (TypeCheckModule.cpp)
    struct Level {
        std::string prefix;  ///< of the flat names of definitions made here ("M.N.")
        Names names;         ///< visible here
        Names exports;       ///< the module's members
        bool opened = false; ///< `M.(e)`: M's names come before local variables
    };
    std::vector<Level> levels_;  ///< enclosing module bodies, outermost first
    std::string self_name_;      ///< a module member's name as written (its recursive calls)
    int importing_ = 0;          ///< files being imported (their entry points are plain)
    std::set<std::string> defined_;  ///< values defined by this program (flat names)
    int applying_ = 0;           ///< applications of parametric modules being elaborated
    int applications_ = 0;       ///< ... and made in all
    template <typename Flat>
    std::string lookup_flat(std::map<std::string, std::string> Names::*field, const Flat &flat,
                            const std::string &written) const;
    /// Whether `written` is qualified by a module's name (`M.x`, not `r.x`).
    bool in_module(const std::string &written) const;
    std::string global_name(const std::string &written) const;
    /// The value the innermost `M.(e)` around gives `written`, or "".
    std::string lookup_opened_val(const std::string &written) const;
    template <typename V>
    void bind(std::map<std::string, V> Names::*field, const std::string &name, const V &value, bool local);
    void open_module(const ModuleInfo &m, bool local);
    void check_decl_in(const DeclPtr &d, std::vector<DeclPtr> &out, bool local);
    ModuleInfoPtr elab_mod(const ModExp &e, const std::string &prefix, std::vector<DeclPtr> &out,
                           const std::string &name);
    ModuleInfoPtr apply_functor(const ModuleInfo &f, const ModuleInfoPtr &arg, const SrcLoc &loc,
                                const std::string &prefix, std::vector<DeclPtr> &out);
    ModuleInfoPtr import_file(const std::string &path, const SrcLoc &loc, std::vector<DeclPtr> &out);
    ModTypeInfoPtr elab_mod_type(const ModTypeExp &t);
    bool has_type_spec(const ModTypeInfo &mt, const std::string &name);
    /// `seal`: the result's name, under which its abstract types become opaque ("": none).
    ModuleInfoPtr match_mod_type(const ModuleInfoPtr &m, const ModTypeInfo &mt, const SrcLoc &loc,
                                 const std::string &what, const std::string &seal);
    void match_specs(const ModuleInfo &m, const ModTypeInfo &mt, Names &out, const SrcLoc &loc,
                     const std::string &what, const std::string &seal);
    /// The types and names the interpreter and compiler see (Note [Matching]).
    TypePtr reveal(const TypePtr &t) const;
    /// A global's name for messages: a view's is its definition's, a shadowing
    /// definition's ("f#3") the name as written.
    std::string shown_name(const std::string &flat) const {
        auto it = env_.view_of.find(flat);
        std::string n = it == env_.view_of.end() ? flat : it->second;
        return n.substr(0, n.find('#'));
    }
    TypePtr member_val_type(const std::string &flat, const SrcLoc &loc);
    /** Checking done for its errors only (TypeCheckModule.cpp). */
    class ScratchScope {
    public:
        ScratchScope(Checker &c, const std::vector<Names> &closure);
        ~ScratchScope();
        ScratchScope(const ScratchScope &) = delete;
        ScratchScope &operator=(const ScratchScope &) = delete;

    private:
        Checker &c_;
        CheckedEnv env_;
        std::set<std::string> defined_;
        std::vector<Level> levels_;
    };
    void check_functor_once(const Functor &fn);
    void match_functor_type(const ModuleInfoPtr &m, const ModTypeInfo &mt, const SrcLoc &loc, const std::string &what);
    ModuleInfoPtr skeleton(const ModTypeInfo &mt, const std::string &path);
    void check_mod_type(const ModTypeInfo &mt);
    void bind_type_params(const std::vector<TypeParam> &params);
    TypePtr resolve_val_spec(const Spec &sp);
    ModTypeInfo member_mod_type(const ModTypeInfo &mt, const Spec &sp);
    std::shared_ptr<GlobalVal> spec_global(const Spec &sp, const TypePtr &type);
    /// A type abbreviation's parameters and body: `type t 'a [n] = def`.
    std::shared_ptr<TypeAbbrev> resolve_abbrev(const std::vector<TypeParam> &params, const TypeExpPtr &def);
    std::shared_ptr<const TypeAbbrev> type_abbrev(const std::string &flat);
    std::string anon_prefix();

    // uniqueness (TypeCheckUnique.cpp)
    void check_uniqueness_fun(FunDef &f);
    void check_uniqueness_exp(ExpPtr &e);
};

}  // namespace internal
}  // namespace loom
