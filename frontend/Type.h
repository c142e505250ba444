/** \file
 * Semantic types, as the type checker assigns them to every expression and
 * pattern, and as the interpreter reads them (for literals, empty arrays and
 * size parameters).  Types are immutable and shared.
 *
 * Tuples are kept apart from records for printing, but a tuple `(a, b)` is
 * the record `{0: a, 1: b}` (Futhark's rule); `components()` gives both
 * the same view.
 */
#pragma once

#include "core/PrimType.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace loom {

struct Type;
using TypePtr = std::shared_ptr<const Type>;

/** One dimension of an array type. */
struct Dim {
    enum class Kind : uint8_t {
        Const, ///< a known constant size, e.g. [3]
        Var,   ///< a size variable in scope, e.g. [n]  (name is the variable's name)
        Any,   ///< unknown: an anonymous or existential size (name: see operator==)
        Exp,   ///< a size expression: `[n + m]`, `name` (an is_size_op) of two `args`;
               ///< `[f n]`, a call of the function `name` (its flat name) on `args`
    };
    Kind kind = Kind::Any;
    int64_t value = 0;
    std::string name;  ///< Var, Exp; Const: the operator of the constants it was folded from
    /// Exp: the operands or arguments; Const: those it was folded from (`2 + 3`, which a
    /// parameter's `[n + m]` pairs up with), or null
    std::shared_ptr<const std::vector<Dim>> args;

    static Dim constant(int64_t v) { return {Kind::Const, v, {}, {}}; }
    static Dim var(std::string n) { return {Kind::Var, 0, std::move(n), {}}; }
    static Dim any() { return {Kind::Any, 0, {}, {}}; }
    static Dim exp(std::string op, Dim a, Dim b) {
        return {
            Kind::Exp, 0, std::move(op),
            std::make_shared<const std::vector<Dim>>(std::vector<Dim>{std::move(a), std::move(b)})};
    }
    static Dim call(std::string fn, std::vector<Dim> args) {
        return {Kind::Exp, 0, std::move(fn), std::make_shared<const std::vector<Dim>>(std::move(args))};
    }
    /** Whether it is a size that calls a function (`[f n]`), not arithmetic. */
    bool is_call() const;
    /** Whether it has operands: a size expression, or a constant folded from one (both
     * pair up with a parameter's `[n + m]`, Note [Size expressions]). */
    bool has_operands() const { return kind == Kind::Exp || (kind == Kind::Const && args); }
    bool operator==(const Dim &o) const {
        // An Any's name (a declared existential's, see Checker::existentialise) is
        // not part of the size: any two unknown sizes compare equal.
        // Nor is the form a constant was folded from.
        return kind == o.kind && value == o.value && (kind == Kind::Any || kind == Kind::Const || name == o.name) &&
               (kind != Kind::Exp || *args == *o.args);
    }
};

/** Whether binary operator `op` makes a size expression (Dim::Kind::Exp) of i64 sizes:
 * Futhark's integer arithmetic, `+ - * / % // %% **`.  The checker folds constants of
 * `+ - *` only (it has no division by zero to report); the backends evaluate the rest. */
bool is_size_op(const std::string &op);

/** A size as text: `3`, `n`, `n + m` (empty for an unknown size). */
std::string dim_to_string(const Dim &d);

struct Type {
    enum class Kind : uint8_t { Prim, Array, Tuple, Record, Sum, Func, TypeVar };
    Kind kind = Kind::Prim;
    bool unique = false;  ///< `*t`: only meaningful on parameter and return types

    PrimType prim = PrimType::I32;  ///< Prim
    std::vector<Dim> shape;         ///< Array: dims, outermost first (at least one)
    TypePtr elem;                   ///< Array: element type (never an Array)
    std::vector<TypePtr> elems;     ///< Tuple components
    /// Record fields sorted by name; Sum constructors (name without '#') with payloads
    /// packed as a Tuple type (empty tuple when no payload), sorted by name.
    std::vector<std::pair<std::string, TypePtr>> fields;
    TypePtr param, result;   ///< Func
    std::string param_name;  ///< Func: `(n: i64) -> [n]t` names its parameter; else empty
    std::string var;         ///< TypeVar name

    static TypePtr prim_type(PrimType p);
    static TypePtr array(TypePtr elem, std::vector<Dim> shape, bool unique = false);
    static TypePtr tuple(std::vector<TypePtr> elems);
    static TypePtr record(std::vector<std::pair<std::string, TypePtr>> fields);
    static TypePtr sum(std::vector<std::pair<std::string, TypePtr>> ctors);
    static TypePtr func(TypePtr param, TypePtr result, std::string param_name = {});
    static TypePtr type_var(std::string name);

    bool is_prim() const { return kind == Kind::Prim; }
    bool is_array() const { return kind == Kind::Array; }
    int rank() const { return kind == Kind::Array ? (int)shape.size() : 0; }
    /** For an array of rank r: the type of one row (rank r-1, or the element). */
    TypePtr row_type() const;
    /** The same type with `unique` set as given. */
    TypePtr with_unique(bool u) const;
    /** A tuple's components, or a record's field types (in its order: by name); none for
     * other types. */
    std::vector<TypePtr> components() const;
    /** This tuple or record with its components (as components() gives them) replaced. */
    TypePtr with_components(std::vector<TypePtr> cs) const;
};

/** Futhark's notation: `[n][3]i32`, `(i32, f64)`, `{a: i32}`, `i32 -> i32`, `*[]u8`. */
/** Whether some part of t (array elements, tuple and record components, sum payloads;
 * function types: their parameter and result when `into_funcs`) satisfies `pred`. */
bool type_any(const TypePtr &t, bool into_funcs, const std::function<bool(const Type &)> &pred);

std::string type_to_string(const Type &t);
inline std::string type_to_string(const TypePtr &t) { return t ? type_to_string(*t) : "?"; }

/** Whether t, or a part of it (an array's elements, a tuple's, record's or sum's
 * components), is of kind k. */
bool type_contains(const TypePtr &t, Type::Kind k);

/** Whether a value of type t holds no data (`()`, `{}`, tuples and arrays of them): an
 * array of such values (`[n]()`, a size witness) has no leaf to carry its size. */
bool holds_no_data(const TypePtr &t);

/** t with each array dimension d (at any depth, function types too) replaced by f(d). */
TypePtr map_dims(const TypePtr &t, const std::function<Dim(const Dim &)> &f);

/** Structural equality, ignoring uniqueness and treating Dim::Any as equal to anything. */
bool types_match(const Type &a, const Type &b);

}  // namespace loom
