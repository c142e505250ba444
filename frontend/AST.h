/** \file
 * The abstract syntax tree of Loom (Futhark's core language).
 *
 * The parser builds it; the type checker (TypeCheck.h) fills in every `type`
 * field, resolves overloaded literals and names, and rejects bad programs; the
 * interpreter evaluates the checked tree.  Nodes are plain structs with public
 * fields, owned through shared_ptr; downcast with `as<T>()` on the kind.
 *
 * Sugar is kept as written where the checker must report errors in the user's
 * terms (e.g. `let a[i] = v` stays a LetWith, sections stay sections).
 */
#pragma once

#include "core/Diagnostic.h"
#include "core/Foreign.h"
#include "frontend/Type.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom {

// ---------------------------------------------------------------- type expressions

struct TypeExp;
using TypeExpPtr = std::shared_ptr<TypeExp>;

/** A size written in a type: `[n]`, `[3]`, `[]`, or (rarely) an expression `[n+1]`. */
struct DimExp {
    enum class Kind : uint8_t { Named, Const, Anon, Exp };
    Kind kind = Kind::Anon;
    std::string name;  ///< Named (a module's constant: its flat name, once checked)
    std::string written;  ///< Named: the name as written, where the checker replaced it
    int64_t value = 0;  ///< Const
    std::shared_ptr<struct Exp> exp;  ///< Exp (size expression)
};

/** A type as written in the source. */
struct TypeExp {
    enum class Kind : uint8_t {
        Named,        ///< `i32`, `t`, `a` (a type variable), possibly applied: `t [n] i32`
        Array,        ///< `[d]t`
        Tuple,        ///< `(t1, t2)`, `()`
        Record,       ///< `{a: t, b: t}`
        Sum,          ///< `#foo i32 | #bar`
        Func,         ///< `t1 -> t2` or `(x: t1) -> t2`
        Unique,       ///< `*t`
        Existential,  ///< `?[n][m].t`
    };
    Kind kind = Kind::Named;
    SrcLoc loc;
    std::string name;                ///< Named: qualified name as written ("i32", "f32", "t")
    std::vector<TypeExpPtr> args;    ///< Named: type arguments (`t [n] i32`: a Dim arg is an Array with null elem)
    std::vector<DimExp> dim_args;    ///< Named: size arguments in order of appearance
    DimExp dim;                      ///< Array
    TypeExpPtr elem;                 ///< Array element, Unique/Existential inner type
    std::vector<TypeExpPtr> elems;   ///< Tuple
    std::vector<std::pair<std::string, TypeExpPtr>> fields;  ///< Record fields in written order
    /// Sum constructors in written order: name (without '#') and payload types.
    std::vector<std::pair<std::string, std::vector<TypeExpPtr>>> ctors;
    TypeExpPtr param, result;        ///< Func
    std::string param_name;          ///< Func: named parameter, else empty
    std::vector<std::string> exist_sizes;  ///< Existential: the bound size names
};

/** What written type `te` (under any `*`) writes for a tuple's component i, or for a
 * record's field `name`; null where it writes none (not a tuple or record, or null). */
inline const TypeExp *written_elem(const TypeExp *te, size_t i) {
    while (te && te->kind == TypeExp::Kind::Unique) te = te->elem.get();
    return te && te->kind == TypeExp::Kind::Tuple && i < te->elems.size() ? te->elems[i].get() : nullptr;
}
inline const TypeExp *written_field(const TypeExp *te, const std::string &name) {
    while (te && te->kind == TypeExp::Kind::Unique) te = te->elem.get();
    if (te && te->kind == TypeExp::Kind::Record)
        for (const auto &f : te->fields)
            if (f.first == name) return f.second.get();
    return nullptr;
}

// ---------------------------------------------------------------- patterns

struct Pat;
using PatPtr = std::shared_ptr<Pat>;
struct Exp;
using ExpPtr = std::shared_ptr<Exp>;

struct Pat {
    enum class Kind : uint8_t {
        Id,        ///< `x`
        Wildcard,  ///< `_`
        Tuple,     ///< `(p1, p2)`; `()` is a Tuple with no elements
        Record,    ///< `{a, b = p}`
        Literal,   ///< `3`, `-1.5`, `'c'`, `true` (only in `match`)
        Ctor,      ///< `#some p` (only in `match`)
        Ascript,   ///< `p : t`
    };
    Kind kind = Kind::Id;
    SrcLoc loc;
    std::string name;             ///< Id: the bound name; Ctor: constructor (without '#')
    std::vector<PatPtr> elems;    ///< Tuple components, Ctor payload patterns
    std::vector<std::pair<std::string, PatPtr>> fields;  ///< Record
    ExpPtr literal;               ///< Literal: a literal expression (possibly negated)
    PatPtr inner;                 ///< Ascript
    TypeExpPtr type_exp;          ///< Ascript
    TypePtr type;                 ///< filled by the checker: the type of the matched value
};

// ---------------------------------------------------------------- expressions

/** One entry of a slice: an index `i`, or a range `i:j:s` with each part optional. */
struct DimIndex {
    bool is_range = false;
    ExpPtr index;              ///< !is_range
    ExpPtr start, end, stride;  ///< is_range; null where omitted
};

enum class ExpKind : uint8_t {
    IntLit, FloatLit, BoolLit, StringLit,
    Var, Tuple, Record, ArrayLit, Range,
    BinOp, Negate, Not, Apply, Lambda,
    OpSection,
    Project, Index, Update, RecordUpdate,
    LetPat, LetFun, LetWith, If, Loop, Match,
    Ascript, Coerce, Ctor, Assert, Attr, Hole,
};

struct Exp {
    ExpKind kind;
    SrcLoc loc;
    TypePtr type;  ///< filled by the checker
    explicit Exp(ExpKind k) : kind(k) {}
    virtual ~Exp() = default;
    template <typename T> T *as() { return kind == T::static_kind ? static_cast<T *>(this) : nullptr; }
    template <typename T> const T *as() const {
        return kind == T::static_kind ? static_cast<const T *>(this) : nullptr;
    }
};

template <ExpKind K> struct ExpNode : Exp {
    static constexpr ExpKind static_kind = K;
    ExpNode() : Exp(K) {}
};

/** An integer literal (also character literals).  `value` holds the bits of the
 * written magnitude; the checker sets `type` (from the suffix, the context, or i32),
 * which may be a float type for an unsuffixed integer used as a float. */
struct IntLit : ExpNode<ExpKind::IntLit> {
    uint64_t value = 0;
    std::optional<PrimType> suffix;
    std::string text;  ///< as written, for messages
};

/** A float literal; `text` is kept (without '_' and suffix) so f32 literals round once. */
struct FloatLit : ExpNode<ExpKind::FloatLit> {
    double value = 0;
    std::optional<PrimType> suffix;
    std::string text;
};

struct BoolLit : ExpNode<ExpKind::BoolLit> { bool value = false; };

/** `"..."`: UTF-8 bytes, of type []u8. */
struct StringLit : ExpNode<ExpKind::StringLit> { std::string bytes; };

/** A (possibly qualified) name: `x`, `f32.sqrt`, `i64.max`, or an operator name
 * used as a value such as `(+)` (see OpSection). */
struct Var : ExpNode<ExpKind::Var> {
    std::string name;  ///< full name as written, e.g. "f32.sqrt"; once checked, the flat name
    /// The name as written, where the checker replaced it: an expression checked again
    /// (a size expression of a parametric module's result type, at each application)
    /// looks it up anew.
    std::string written;
    /// Filled by the checker for polymorphic functions: the instantiation of the
    /// definition's type parameters, in declaration order (sizes as Dim-only arrays are
    /// not included).  Lets the interpreter know element types of empty results.
    std::vector<TypePtr> type_args;
};

struct TupleExp : ExpNode<ExpKind::Tuple> { std::vector<ExpPtr> elems; };

/** `{a = e, b}` (a lone name `b` means `b = b`). */
struct RecordExp : ExpNode<ExpKind::Record> {
    std::vector<std::pair<std::string, ExpPtr>> fields;
};

struct ArrayLit : ExpNode<ExpKind::ArrayLit> { std::vector<ExpPtr> elems; };

/** `start [.. second] (...|..<|..>) end`. */
struct RangeExp : ExpNode<ExpKind::Range> {
    enum class End : uint8_t { Inclusive, UpToExclusive, DownToExclusive };
    ExpPtr start, second, end;  ///< second may be null
    End end_kind = End::Inclusive;
};

/** `l op r` for built-in and user-defined operators (`+`, `==`, `&&`, `|>`, backtick
 * functions `x \`f\` y` whose op is the function's name, ...).  `&&` and `||` short-circuit;
 * `|>` and `<|` are application. */
struct BinOp : ExpNode<ExpKind::BinOp> {
    std::string op;
    SrcLoc op_loc;
    ExpPtr lhs, rhs;
    bool backtick = false;  ///< written as `` `f` ``
    bool user_op = false;   ///< set by the checker: a user definition shadows the built-in `op`
    /// A user operator's (or backtick function's) type arguments, as Var's.
    std::vector<TypePtr> type_args;
};

/** `-e` (numeric negation; on unsigned integers it wraps). */
struct Negate : ExpNode<ExpKind::Negate> { ExpPtr operand; };

/** `!e`: logical not on bool, bitwise complement on integers. */
struct Not : ExpNode<ExpKind::Not> { ExpPtr operand; };

/** `f a b c`: application, kept flat. */
struct Apply : ExpNode<ExpKind::Apply> {
    ExpPtr fn;
    std::vector<ExpPtr> args;
};

/** `\p1 p2 : t -> body`. */
struct Lambda : ExpNode<ExpKind::Lambda> {
    std::vector<PatPtr> params;
    TypeExpPtr ret_type;  ///< may be null
    ExpPtr body;
};

/** `(op)`, `(e op)`, `(op e)`; also with backtick functions `(\`f\` e)`. */
struct OpSection : ExpNode<ExpKind::OpSection> {
    std::string op;
    ExpPtr left, right;  ///< at most one is non-null
    bool backtick = false;
    bool user_op = false; ///< as BinOp's
    std::vector<TypePtr> type_args; ///< as BinOp's
};

/** `e.field` (record field or tuple component `e.0`). */
struct Project : ExpNode<ExpKind::Project> {
    ExpPtr target;
    std::string field;
};

/** `e[i, j:k, ::s]`. */
struct Index : ExpNode<ExpKind::Index> {
    ExpPtr target;
    std::vector<DimIndex> slice;
};

/** `e with [slice] = v` (the target must be unique / is consumed). */
struct Update : ExpNode<ExpKind::Update> {
    ExpPtr target;
    std::vector<DimIndex> slice;
    ExpPtr value;
};

/** `e with a.b = v`. */
struct RecordUpdate : ExpNode<ExpKind::RecordUpdate> {
    ExpPtr target;
    std::vector<std::string> path;
    ExpPtr value;
    /// Made by the parser from a longer path (`r with a.b[i] = v` is `r with a.b =
    /// (r.a.b with [i] = v)`): the value updates the target's own field in place, so the
    /// target is consumed and the result, like an Update's, aliases only the value.
    bool in_place = false;
};

/** `let [n] pat = e in body` (size names bound by the existential `[n]` prefix). */
struct LetPat : ExpNode<ExpKind::LetPat> {
    std::vector<std::string> sizes;
    PatPtr pat;
    ExpPtr value, body;
};

/** A function definition: top-level `def`/`entry`, or a local `let f x = ... in`. */
struct TypeParam {
    enum class Kind : uint8_t { Size, Type, LiftedType, SizeLiftedType };  ///< `[n]`, `'a`, `'^a`, `'~a`
    Kind kind;
    std::string name;
    SrcLoc loc;
};

struct FunDef {
    std::string name;  ///< an operator name for `def (+^) x y`
    SrcLoc loc;
    std::vector<TypeParam> type_params;
    std::vector<PatPtr> params;
    TypeExpPtr ret_type;  ///< may be null
    ExpPtr body;
    bool is_entry = false;
    std::string doc;  ///< the `-- |` comment before a top-level definition
    std::vector<std::string> attrs;  ///< `#[prop(size(10))]` before it: "prop(size(10))"
    /// Prelude only: `intrinsic def name params : t` declares a built-in whose body
    /// the interpreter provides; `body` is then null.
    bool is_intrinsic = false;
    /// `foreign "header" def name params : t [= "symbol"]`: a C function (core/Foreign.h);
    /// `body` is then null.
    ForeignFnPtr foreign;
    /// Filled by the checker.
    TypePtr ret;                  ///< the return type
    std::vector<std::string> size_params;  ///< all size parameters, including implicit ones
    /// The type parameters inference gave a top-level definition (`def f xs = ...`: `t`),
    /// after the written ones in its Var nodes' `type_args`.
    std::vector<std::string> inferred_type_params;
};
using FunDefPtr = std::shared_ptr<FunDef>;

struct LetFun : ExpNode<ExpKind::LetFun> {
    FunDefPtr fun;
    ExpPtr body;
};

/** `let a[slice] = v in body` and `let a.f = v in body`. */
struct LetWith : ExpNode<ExpKind::LetWith> {
    std::string name;
    SrcLoc name_loc;
    std::vector<DimIndex> slice;  ///< empty when `path` is used
    std::vector<std::string> path;
    ExpPtr value, body;
    TypePtr target_type;  ///< filled by the checker: the type of `name`
};

struct If : ExpNode<ExpKind::If> { ExpPtr cond, then_branch, else_branch; };

/** `loop pat = init for i < n do body`, `... for p in xs do`, `... while c do`.
 * `init` may be null (`loop x for ...` means `loop x = x`). */
struct Loop : ExpNode<ExpKind::Loop> {
    enum class Form : uint8_t { For, ForIn, While };
    std::vector<std::string> sizes;  ///< `loop [n] (xs: [n]i32) = ...`
    PatPtr pat;
    ExpPtr init;
    Form form = Form::For;
    std::string index_name;  ///< For
    SrcLoc index_loc;
    ExpPtr bound;            ///< For: the upper bound; ForIn: the array; While: the condition
    PatPtr elem_pat;         ///< ForIn
    ExpPtr body;
};

struct MatchCase {
    PatPtr pat;
    ExpPtr body;
    SrcLoc loc;
};

struct Match : ExpNode<ExpKind::Match> {
    ExpPtr scrutinee;
    std::vector<MatchCase> cases;
};

/** `e : t`. */
struct Ascript : ExpNode<ExpKind::Ascript> {
    ExpPtr exp;
    TypeExpPtr type_exp;
    TypePtr written;  ///< type_exp resolved: its sizes are checked at run time (Note [Written sizes])
};

/** `e :> t`: a size coercion checked at run time. */
struct Coerce : ExpNode<ExpKind::Coerce> {
    ExpPtr exp;
    TypeExpPtr type_exp;
};

/** `#name e1 e2`: a sum-type constructor. */
struct CtorExp : ExpNode<ExpKind::Ctor> {
    std::string name;  ///< without '#'
    std::vector<ExpPtr> args;
};

/** `assert cond e`: evaluates cond; a false cond is a run-time error at `loc`. */
struct AssertExp : ExpNode<ExpKind::Assert> {
    ExpPtr cond, exp;
    std::string cond_text;  ///< the source text of cond, for the message
};

/** `???`, a typed hole: any type the checker infers for it (it reports the type as a
 * warning, Program::warnings); evaluating it is a run-time error. */
struct Hole : ExpNode<ExpKind::Hole> {};

/** The run-time error of evaluating a hole of type t, the interpreter's and compiled
 * code's alike. */
inline std::string hole_evaluated(const TypePtr &t) {
    return "Evaluated a typed hole (`???`) of type " + type_to_string(t) + ".";
}

/** `#[attr] e`: attributes are kept for tooling and otherwise ignored.
 * A local module open `M.(e)` (e.g. `f32.(sqrt x)`) is also parsed as an AttrExp,
 * with attr "open M": names in e are looked up in M first (`sqrt` means
 * `f32.sqrt`).  `M.(op)` is parsed as the section of the operator `M.op`. */
struct AttrExp : ExpNode<ExpKind::Attr> {
    std::string attr;
    ExpPtr exp;
};

/** What `#[trace] e` (or `#[trace(tag)] e`, or the prelude's `trace e`) prints before
 * the value of e: the tag, else e's location.  nullopt for any other attribute. */
inline std::optional<std::string> trace_label(const AttrExp &a) {
    if (a.attr.rfind("trace", 0) != 0) return std::nullopt;  // (the parser trims the text)
    std::string s;
    for (char c : a.attr)
        if (c != ' ' && c != '\t' && c != '\n') s += c;
    if (s == "trace") return a.exp->loc.str();
    if (s.size() > 7 && s.rfind("trace(", 0) == 0 && s.back() == ')') return s.substr(6, s.size() - 7);
    return std::nullopt;
}

/** `#[break] e`: the interpreter stops before e (where a session has a prompt: the REPL,
 * Jupyter; Note [Breaks] in session/Session.cpp). */
inline bool is_break_attr(const AttrExp &a) {
    return a.attr == "break";
}

// ---------------------------------------------------------------- declarations

struct TypeDecl {
    std::string name;
    SrcLoc loc;
    std::vector<TypeParam> params;
    TypeExpPtr def;
    char lifted = 0;  ///< 0, '^' or '~'
};

// ---------------------------------------------------------------- modules
// Note [Modules] in TypeCheckModule.cpp: the checker elaborates them away.

struct Decl;
using DeclPtr = std::shared_ptr<Decl>;
struct ModTypeExp;
using ModTypeExpPtr = std::shared_ptr<ModTypeExp>;
struct ModExp;
using ModExpPtr = std::shared_ptr<ModExp>;

/** `(p: mt)`: a parameter of a parametric module. */
struct ModParam {
    std::string name;
    SrcLoc loc;
    ModTypeExpPtr type;
};

/** A specification in a module type: `val`, `type`, `module` or `include`. */
struct Spec {
    enum class Kind : uint8_t { Val, Type, Module, Include };
    Kind kind = Kind::Val;
    SrcLoc loc;
    std::string name;               ///< Val (possibly an operator), Type, Module
    std::vector<TypeParam> params;  ///< Val: `[n] 'a`; Type: its parameters
    TypeExpPtr type;                ///< Val: its type; Type: the definition, null if abstract
    char lifted = 0;                ///< Type: 0, '^' or '~'
    ModTypeExpPtr mod_type;         ///< Module, Include
};
using SpecPtr = std::shared_ptr<Spec>;

/** A module type as written. */
struct ModTypeExp {
    enum class Kind : uint8_t {
        Name,   ///< `mt`, `M.mt`
        Specs,  ///< `{ spec* }`
        With,   ///< `inner with name params = type`
        Arrow,  ///< `(name: inner) -> result` or `inner -> result`
    };
    Kind kind = Kind::Name;
    SrcLoc loc;
    std::string name;               ///< Name; With: the refined type; Arrow: the parameter (or empty)
    std::vector<SpecPtr> specs;     ///< Specs
    ModTypeExpPtr inner, result;    ///< With: the refined module type; Arrow
    std::vector<TypeParam> params;  ///< With
    TypeExpPtr type;                ///< With
};

/** A module expression as written. */
struct ModExp {
    enum class Kind : uint8_t {
        Name,     ///< `M`, `M.N`
        Decls,    ///< `{ dec* }`
        Ascribe,  ///< `fn : mod_type`
        Apply,    ///< `fn arg`
        Lambda,   ///< `\(p: mt)... [: mod_type] -> fn`, and `module F (p: mt) = fn`
        Import,   ///< `import "path"` (name: the path)
    };
    Kind kind = Kind::Name;
    SrcLoc loc;
    size_t begin = 0;              ///< byte offset of the first token: a functor's body is parsed again per application
    std::string name;              ///< Name, Import
    std::vector<DeclPtr> decls;    ///< Decls
    ModExpPtr fn, arg;             ///< see Kind
    ModTypeExpPtr mod_type;        ///< Ascribe; Lambda: the result's type (may be null)
    std::vector<ModParam> params;  ///< Lambda
};

/** `module name = body` (a parametric module's parameters and signature are in body). */
struct ModBind {
    std::string name;
    SrcLoc loc;
    ModExpPtr body;
};

/** `module type name = def`. */
struct ModTypeBind {
    std::string name;
    SrcLoc loc;
    ModTypeExpPtr def;
};

struct Decl {
    enum class Kind : uint8_t { Fun, Type, Open, Import, Local, Module, ModType };
    Kind kind = Kind::Fun;
    SrcLoc loc;
    FunDefPtr fun;                ///< Fun (also value definitions: no params)
    std::shared_ptr<TypeDecl> type_decl;  ///< Type
    std::string import_path;      ///< Import
    std::shared_ptr<Decl> inner;  ///< Local: the wrapped declaration
    ModExpPtr mod;                ///< Open
    std::shared_ptr<ModBind> mod_bind;        ///< Module
    std::shared_ptr<ModTypeBind> mod_type_bind;  ///< ModType
};

/** What the checker reports without failing: a typed hole's type. */
struct Warning {
    SrcLoc loc;
    std::string message;
};

/** A parsed program: its declarations in order. */
struct Program {
    SourceFilePtr file;
    std::vector<DeclPtr> decls;
    std::vector<Warning> warnings;  ///< check_program's, in source order
};

}  // namespace loom
