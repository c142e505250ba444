/** \file
 * Scalar semantics of the reference interpreter (private to interpreter/): Futhark's
 * integer arithmetic (wrap-around at every width, floor `/` `%` and truncating
 * `//` `%%` on signed integers), IEEE floats (f32 computed in float, f16 rounded
 * through f32/double), conversions, and the numeric-module functions
 * (`f32.sqrt`, `i32.popc`, ...) that the prelude declares as intrinsics.
 */
#pragma once

#include "core/Diagnostic.h"
#include "core/Value.h"
#include "frontend/AST.h"

#include <cmath>
#include <string>
#include <vector>

namespace loom::interp {

/** An integer of type t from the low bits of v (sign- or zero-extended to 64 bits). */
inline PrimValue mk_int(PrimType t, uint64_t v) {
    PrimValue p;
    p.type = t;
    switch (t) {
    case PrimType::I8: p.i = (int8_t)v; break;
    case PrimType::I16: p.i = (int16_t)v; break;
    case PrimType::I32: p.i = (int32_t)v; break;
    case PrimType::U8: p.u = (uint8_t)v; break;
    case PrimType::U16: p.u = (uint16_t)v; break;
    case PrimType::U32: p.u = (uint32_t)v; break;
    default: p.u = v; break;
    }
    return p;
}

double to_f16(double v);

/** A float of type t, rounded to t's precision. */
inline PrimValue mk_float(PrimType t, double v) {
    PrimValue p;
    p.type = t;
    if (t == PrimType::F32) p.f = (double)(float)v;
    else if (t == PrimType::F16) p.f = to_f16(v);
    else p.f = v;
    return p;
}

inline PrimValue mk_bool(bool b) {
    PrimValue p;
    p.type = PrimType::Bool;
    p.i = 0;
    p.b = b;
    return p;
}

/** Any numeric literal or conversion source to a value of type t. */
PrimValue convert_prim(PrimType to, const PrimValue &v);

/** 64-bit signed view of an integer or bool (unsigned wrap). */
inline int64_t int_of(const PrimValue &p) {
    if (p.type == PrimType::Bool) return p.b ? 1 : 0;
    if (is_float(p.type)) return (int64_t)p.f;
    return p.i;
}

enum class BinOpKind : uint8_t {
    Add, Sub, Mul, Div, Mod, Quot, Rem, Pow, BitAnd, BitOr, Xor, Shl, Shr, UShr,
    Eq, Neq, Lt, Gt, Le, Ge, LogAnd, LogOr, None
};

/** The built-in operator called `op`, or None. */
BinOpKind binop_kind(const std::string &op);

/** Applies a built-in binary operator to two scalars of the same type.  Integer
 * division by zero is a RuntimeError at `loc`. */
PrimValue eval_binop(BinOpKind k, const PrimValue &a, const PrimValue &b, const SrcLoc &loc);

PrimValue negate_prim(const PrimValue &a);
/** `!`: logical not on bool, complement on integers. */
PrimValue not_prim(const PrimValue &a);

/** Numeric-module functions by (unqualified) name. */
enum class MathFn : uint8_t {
    // unary
    Sqrt, Rsqrt, Cbrt, Exp, Log, Log2, Log10, Log1p, Sin, Cos, Tan, SinPi, CosPi, TanPi,
    Asin, Acos, Atan, AsinPi, AcosPi, AtanPi, Sinh, Cosh, Tanh, Asinh, Acosh, Atanh,
    Gamma, Lgamma, Erf, Erfc, Ceil, Floor, Trunc, Round, Recip, Neg, Abs, Sgn, IsInf,
    IsNan, ToBits, FromBits, Popc, Clz, Ctz, Not,
    // binary
    Min, Max, Atan2, Atan2Pi, Hypot, Pow, NextAfter, CopySign, Ldexp, MulHi, GetBit,
    // ternary
    Lerp, Fma, Mad, MadHi, SetBit,
    // constants
    Inf, Nan, Pi, E, Epsilon, Highest, Lowest, NumBits,
    Unknown
};

/** Looks up `name` ("sqrt", "popc", ...); Unknown if none. */
MathFn math_fn(const std::string &name);
/** Number of arguments the function takes (0 for constants). */
int math_arity(MathFn f);
/** Applies a numeric-module function of the module for type t. */
PrimValue eval_math(MathFn f, PrimType t, const PrimValue *args, const SrcLoc &loc);

/** Futhark's textual form of a scalar (`1i32`, `1.5f32`, `true`), for messages. */
std::string prim_to_string(const PrimValue &p);

/** A range `start [..second] (...|..<|..>) end` by Futhark's rules: sets `stride` and
 * returns the number of elements, or throws "Range ... is invalid." at `loc`. */
int64_t range_length(int64_t start, const int64_t *second, int64_t end, RangeExp::End kind,
                     const SrcLoc &loc, int64_t &stride);
/** `iota n` of a negative n fails as the range `0..1..<n` it is, with Futhark's message
 * ("Range 0..1..<-2 is invalid."). */
[[noreturn]] void iota_range_error(int64_t n, const SrcLoc &loc);

}  // namespace loom::interp
