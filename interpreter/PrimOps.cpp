// Scalar semantics of the reference interpreter; see PrimOps.h.
#include "interpreter/PrimOps.h"

#include <bit>
#include <cstring>
#include <limits>
#include <unordered_map>

namespace loom::interp {

double to_f16(double v) { return round_to_f16(v); }

namespace {

// A double to a 64-bit integer without undefined behaviour (NaN -> 0, saturating).
int64_t float_to_i64(double d) {
    if (std::isnan(d) || std::isinf(d)) return 0; // the prelude: "the result is zero"
    if (d >= 9223372036854775807.0) return std::numeric_limits<int64_t>::max();
    if (d <= -9223372036854775808.0) return std::numeric_limits<int64_t>::min();
    return (int64_t)d;
}
uint64_t float_to_u64(double d) {
    if (std::isnan(d) || std::isinf(d) || d <= -1.0) return (uint64_t)float_to_i64(d);
    if (d >= 18446744073709551615.0) return std::numeric_limits<uint64_t>::max();
    return (uint64_t)d;
}

double float_of_int(PrimType to, const PrimValue &v) {
    // Convert directly to the target precision to avoid double rounding for f32.
    if (to == PrimType::F32)
        return is_unsigned_int(v.type) ? (double)(float)v.u : (double)(float)v.i;
    return is_unsigned_int(v.type) ? (double)v.u : (double)v.i;
}

[[noreturn]] void div_zero(const SrcLoc &loc) { throw RuntimeError(loc, "division by zero"); }

PrimValue int_binop(BinOpKind k, PrimType t, const PrimValue &a, const PrimValue &b,
                    const SrcLoc &loc) {
    const bool sgn = is_signed_int(t);
    const int bits = prim_bits(t);
    const uint64_t x = a.u, y = b.u;
    switch (k) {
    case BinOpKind::Add: return mk_int(t, x + y);
    case BinOpKind::Sub: return mk_int(t, x - y);
    case BinOpKind::Mul: return mk_int(t, x * y);
    case BinOpKind::Div:
    case BinOpKind::Mod:
    case BinOpKind::Quot:
    case BinOpKind::Rem: {
        if (y == 0) div_zero(loc);
        if (!sgn) {
            bool div = k == BinOpKind::Div || k == BinOpKind::Quot;
            return mk_int(t, div ? x / y : x % y);
        }
        int64_t sx = a.i, sy = b.i;
        if (sy == -1) {  // avoid INT64_MIN / -1
            bool div = k == BinOpKind::Div || k == BinOpKind::Quot;
            return mk_int(t, div ? (uint64_t)0 - x : 0);
        }
        int64_t q = sx / sy, r = sx % sy;
        if (k == BinOpKind::Div || k == BinOpKind::Mod) {
            if (r != 0 && ((r < 0) != (sy < 0))) { q -= 1; r += sy; }
        }
        return mk_int(t, (uint64_t)((k == BinOpKind::Div || k == BinOpKind::Quot) ? q : r));
    }
    case BinOpKind::Pow: {
        if (sgn && b.i < 0) throw RuntimeError(loc, "negative exponent");
        uint64_t base = x, e = y, r = 1;
        while (e) {
            if (e & 1) r *= base;
            base *= base;
            e >>= 1;
        }
        return mk_int(t, r);
    }
    case BinOpKind::BitAnd: return mk_int(t, x & y);
    case BinOpKind::BitOr: return mk_int(t, x | y);
    case BinOpKind::Xor: return mk_int(t, x ^ y);
    case BinOpKind::Shl: return mk_int(t, y >= (uint64_t)bits ? 0 : x << y);
    case BinOpKind::Shr:
        if (sgn) return mk_int(t, (uint64_t)(y >= (uint64_t)bits ? (a.i < 0 ? -1 : 0) : a.i >> y));
        return mk_int(t, y >= (uint64_t)bits ? 0 : x >> y);
    case BinOpKind::UShr: {
        uint64_t mask = bits == 64 ? ~0ull : ((1ull << bits) - 1);
        return mk_int(t, y >= (uint64_t)bits ? 0 : (x & mask) >> y);
    }
    case BinOpKind::Eq: return mk_bool(x == y);
    case BinOpKind::Neq: return mk_bool(x != y);
    case BinOpKind::Lt: return mk_bool(sgn ? a.i < b.i : x < y);
    case BinOpKind::Gt: return mk_bool(sgn ? a.i > b.i : x > y);
    case BinOpKind::Le: return mk_bool(sgn ? a.i <= b.i : x <= y);
    case BinOpKind::Ge: return mk_bool(sgn ? a.i >= b.i : x >= y);
    default: break;
    }
    throw RuntimeError(loc, "operator not defined on integers");
}

template <typename F> PrimValue float_binop_t(BinOpKind k, PrimType t, F x, F y, const SrcLoc &loc) {
    auto mk = [&](F v) { return mk_float(t, (double)v); };
    switch (k) {
    case BinOpKind::Add: return mk(x + y);
    case BinOpKind::Sub: return mk(x - y);
    case BinOpKind::Mul: return mk(x * y);
    case BinOpKind::Div: return mk(x / y);
    case BinOpKind::Mod: return mk(std::fmod(x, y));
    case BinOpKind::Pow: return mk(std::pow(x, y));
    case BinOpKind::Eq: return mk_bool(x == y);
    case BinOpKind::Neq: return mk_bool(x != y);
    case BinOpKind::Lt: return mk_bool(x < y);
    case BinOpKind::Gt: return mk_bool(x > y);
    case BinOpKind::Le: return mk_bool(x <= y);
    case BinOpKind::Ge: return mk_bool(x >= y);
    default: break;
    }
    throw RuntimeError(loc, "operator not defined on floats");
}

}  // namespace

PrimValue convert_prim(PrimType to, const PrimValue &v) {
    if (to == v.type) return v;
    if (to == PrimType::Bool) {
        if (v.type == PrimType::Bool) return v;
        if (is_float(v.type)) return mk_bool(v.f != 0);
        return mk_bool(v.u != 0);
    }
    if (v.type == PrimType::Bool) {
        if (is_float(to)) return mk_float(to, v.b ? 1.0 : 0.0);
        return mk_int(to, v.b ? 1 : 0);
    }
    if (is_float(to)) {
        if (is_float(v.type)) return mk_float(to, v.f);
        return mk_float(to, float_of_int(to, v));
    }
    // to integer
    if (is_float(v.type)) {
        if (is_unsigned_int(to)) return mk_int(to, float_to_u64(v.f));
        return mk_int(to, (uint64_t)float_to_i64(v.f));
    }
    // A signed integer widens by sign extension into a signed type only; into an
    // unsigned one by zero extension (the prelude: `u16.i8 (-128)` is 128).
    if (is_signed_int(v.type) && is_unsigned_int(to) && prim_bits(to) > prim_bits(v.type))
        return mk_int(to, v.u & (~0ull >> (64 - prim_bits(v.type))));
    return mk_int(to, v.u);
}

BinOpKind binop_kind(const std::string &op) {
    // A switch, not a hash table: the interpreter asks at every operator it evaluates.
    using K = BinOpKind;
    const char a = op.empty() ? 0 : op[0], b = op.size() > 1 ? op[1] : 0;
    switch (op.size()) {
    case 1:
        switch (a) {
        case '+': return K::Add;
        case '-': return K::Sub;
        case '*': return K::Mul;
        case '/': return K::Div;
        case '%': return K::Mod;
        case '&': return K::BitAnd;
        case '|': return K::BitOr;
        case '^': return K::Xor;
        case '<': return K::Lt;
        case '>': return K::Gt;
        default: return K::None;
        }
    case 2:
        if (a == '/' && b == '/') return K::Quot;
        if (a == '%' && b == '%') return K::Rem;
        if (a == '*' && b == '*') return K::Pow;
        if (a == '<' && b == '<') return K::Shl;
        if (a == '>' && b == '>') return K::Shr;
        if (a == '=' && b == '=') return K::Eq;
        if (a == '!' && b == '=') return K::Neq;
        if (a == '<' && b == '=') return K::Le;
        if (a == '>' && b == '=') return K::Ge;
        if (a == '&' && b == '&') return K::LogAnd;
        if (a == '|' && b == '|') return K::LogOr;
        return K::None;
    case 3: return op == ">>>" ? K::UShr : K::None;
    default: return K::None;
    }
}

PrimValue eval_binop(BinOpKind k, const PrimValue &a, const PrimValue &b, const SrcLoc &loc) {
    PrimType t = a.type;
    if (t == PrimType::Bool) {
        bool x = a.b, y = b.b;
        switch (k) {
        case BinOpKind::LogAnd: case BinOpKind::BitAnd: return mk_bool(x && y);
        case BinOpKind::LogOr: case BinOpKind::BitOr: return mk_bool(x || y);
        case BinOpKind::Xor: case BinOpKind::Neq: return mk_bool(x != y);
        case BinOpKind::Eq: return mk_bool(x == y);
        case BinOpKind::Lt: return mk_bool(!x && y);
        case BinOpKind::Gt: return mk_bool(x && !y);
        case BinOpKind::Le: return mk_bool(!x || y);
        case BinOpKind::Ge: return mk_bool(x || !y);
        default: throw RuntimeError(loc, "operator not defined on bool");
        }
    }
    if (is_int(t)) return int_binop(k, t, a, b, loc);
    if (t == PrimType::F32) return float_binop_t<float>(k, t, (float)a.f, (float)b.f, loc);
    if (t == PrimType::F16) {
        // f16 arithmetic: exact in float, then rounded to half.
        return float_binop_t<float>(k, t, (float)a.f, (float)b.f, loc);
    }
    return float_binop_t<double>(k, t, a.f, b.f, loc);
}

PrimValue negate_prim(const PrimValue &a) {
    if (a.type == PrimType::Bool) return mk_bool(!a.b);
    if (is_float(a.type)) return mk_float(a.type, -a.f);
    return mk_int(a.type, (uint64_t)0 - a.u);
}

PrimValue not_prim(const PrimValue &a) {
    if (a.type == PrimType::Bool) return mk_bool(!a.b);
    return mk_int(a.type, ~a.u);
}

MathFn math_fn(const std::string &name) {
    static const std::unordered_map<std::string, MathFn> table = {
        {"sqrt", MathFn::Sqrt}, {"rsqrt", MathFn::Rsqrt}, {"cbrt", MathFn::Cbrt},
        {"exp", MathFn::Exp}, {"log", MathFn::Log}, {"log2", MathFn::Log2},
        {"log10", MathFn::Log10}, {"log1p", MathFn::Log1p}, {"sin", MathFn::Sin},
        {"cos", MathFn::Cos}, {"tan", MathFn::Tan}, {"sinpi", MathFn::SinPi},
        {"cospi", MathFn::CosPi}, {"tanpi", MathFn::TanPi}, {"asin", MathFn::Asin},
        {"acos", MathFn::Acos}, {"atan", MathFn::Atan}, {"asinpi", MathFn::AsinPi},
        {"acospi", MathFn::AcosPi}, {"atanpi", MathFn::AtanPi}, {"sinh", MathFn::Sinh},
        {"cosh", MathFn::Cosh}, {"tanh", MathFn::Tanh}, {"asinh", MathFn::Asinh},
        {"acosh", MathFn::Acosh}, {"atanh", MathFn::Atanh}, {"gamma", MathFn::Gamma},
        {"lgamma", MathFn::Lgamma}, {"erf", MathFn::Erf}, {"erfc", MathFn::Erfc},
        {"ceil", MathFn::Ceil}, {"floor", MathFn::Floor}, {"trunc", MathFn::Trunc},
        {"round", MathFn::Round}, {"recip", MathFn::Recip}, {"neg", MathFn::Neg},
        {"abs", MathFn::Abs}, {"sgn", MathFn::Sgn}, {"isinf", MathFn::IsInf},
        {"isnan", MathFn::IsNan}, {"to_bits", MathFn::ToBits}, {"from_bits", MathFn::FromBits},
        {"popc", MathFn::Popc}, {"clz", MathFn::Clz}, {"ctz", MathFn::Ctz}, {"not", MathFn::Not},
        {"min", MathFn::Min}, {"max", MathFn::Max}, {"atan2", MathFn::Atan2},
        {"atan2pi", MathFn::Atan2Pi}, {"hypot", MathFn::Hypot}, {"pow", MathFn::Pow},
        {"nextafter", MathFn::NextAfter}, {"copysign", MathFn::CopySign},
        {"ldexp", MathFn::Ldexp}, {"mul_hi", MathFn::MulHi}, {"get_bit", MathFn::GetBit},
        {"lerp", MathFn::Lerp}, {"fma", MathFn::Fma}, {"mad", MathFn::Mad},
        {"mad_hi", MathFn::MadHi}, {"set_bit", MathFn::SetBit}, {"inf", MathFn::Inf},
        {"nan", MathFn::Nan}, {"pi", MathFn::Pi}, {"e", MathFn::E},
        {"epsilon", MathFn::Epsilon}, {"highest", MathFn::Highest},
        {"lowest", MathFn::Lowest}, {"num_bits", MathFn::NumBits},
    };
    auto it = table.find(name);
    return it == table.end() ? MathFn::Unknown : it->second;
}

int math_arity(MathFn f) {
    if (f < MathFn::Min) return 1;
    if (f < MathFn::Lerp) return 2;
    if (f < MathFn::Inf) return 3;
    return 0;
}

namespace {

template <typename F> F eval_real(MathFn f, F x, F y, F z) {
    using std::abs;
    const F pi = (F)3.14159265358979323846;
    switch (f) {
    case MathFn::Sqrt: return std::sqrt(x);
    case MathFn::Rsqrt: return (F)1 / std::sqrt(x);
    case MathFn::Cbrt: return std::cbrt(x);
    case MathFn::Exp: return std::exp(x);
    case MathFn::Log: return std::log(x);
    case MathFn::Log2: return std::log2(x);
    case MathFn::Log10: return std::log10(x);
    case MathFn::Log1p: return std::log1p(x);
    case MathFn::Sin: return std::sin(x);
    case MathFn::Cos: return std::cos(x);
    case MathFn::Tan: return std::tan(x);
    case MathFn::SinPi: return std::sin(pi * x);
    case MathFn::CosPi: return std::cos(pi * x);
    case MathFn::TanPi: return std::tan(pi * x);
    case MathFn::Asin: return std::asin(x);
    case MathFn::Acos: return std::acos(x);
    case MathFn::Atan: return std::atan(x);
    case MathFn::AsinPi: return std::asin(x) / pi;
    case MathFn::AcosPi: return std::acos(x) / pi;
    case MathFn::AtanPi: return std::atan(x) / pi;
    case MathFn::Sinh: return std::sinh(x);
    case MathFn::Cosh: return std::cosh(x);
    case MathFn::Tanh: return std::tanh(x);
    case MathFn::Asinh: return std::asinh(x);
    case MathFn::Acosh: return std::acosh(x);
    case MathFn::Atanh: return std::atanh(x);
    case MathFn::Gamma: return std::tgamma(x);
    case MathFn::Lgamma: return std::lgamma(x);
    case MathFn::Erf: return std::erf(x);
    case MathFn::Erfc: return std::erfc(x);
    case MathFn::Ceil: return std::ceil(x);
    case MathFn::Floor: return std::floor(x);
    case MathFn::Trunc: return std::trunc(x);
    case MathFn::Round: return std::nearbyint(x);  // half to even, as Futhark
    case MathFn::Recip: return (F)1 / x;
    case MathFn::Neg: return -x;
    case MathFn::Abs: return std::fabs(x);
    case MathFn::Sgn: return std::isnan(x) ? x : (x > 0 ? (F)1 : x < 0 ? (F)-1 : (F)0);
    case MathFn::Min: return std::fmin(x, y);
    case MathFn::Max: return std::fmax(x, y);
    case MathFn::Atan2: return std::atan2(x, y);
    case MathFn::Atan2Pi: return std::atan2(x, y) / pi;
    case MathFn::Hypot: return std::hypot(x, y);
    case MathFn::Pow: return std::pow(x, y);
    case MathFn::NextAfter: return std::nextafter(x, y);
    case MathFn::CopySign: return std::copysign(x, y);
    case MathFn::Lerp: return x + (y - x) * z;
    case MathFn::Fma: return std::fma(x, y, z);
    case MathFn::Mad: return x * y + z;
    default: return x;
    }
}

int popcount_t(PrimType t, uint64_t u) {
    int bits = prim_bits(t);
    if (bits < 64) u &= (1ull << bits) - 1;
    return std::popcount(u);
}

}  // namespace

PrimValue eval_math(MathFn f, PrimType t, const PrimValue *args, const SrcLoc &loc) {
    const int bits = prim_bits(t);
    // Constants.
    switch (f) {
    case MathFn::NumBits: return mk_int(PrimType::I32, (uint64_t)bits);
    case MathFn::Inf: return mk_float(t, std::numeric_limits<double>::infinity());
    case MathFn::Nan: return mk_float(t, std::numeric_limits<double>::quiet_NaN());
    case MathFn::Pi: return mk_float(t, 3.14159265358979323846);
    case MathFn::E: return mk_float(t, 2.71828182845904523536);
    case MathFn::Epsilon:
        return mk_float(t, t == PrimType::F16   ? 0.0009765625
                           : t == PrimType::F32 ? (double)std::numeric_limits<float>::epsilon()
                                                : std::numeric_limits<double>::epsilon());
    case MathFn::Highest:
    case MathFn::Lowest: {
        bool hi = f == MathFn::Highest;
        if (t == PrimType::Bool) return mk_bool(hi);
        if (is_float(t)) return mk_float(t, hi ? INFINITY : -INFINITY);
        if (is_unsigned_int(t)) return mk_int(t, hi ? ~0ull : 0);
        uint64_t max = (bits == 64) ? (uint64_t)INT64_MAX : ((1ull << (bits - 1)) - 1);
        return mk_int(t, hi ? max : ~max);
    }
    default: break;
    }
    const PrimValue &x = args[0];
    if (is_float(t)) {
        switch (f) {
        case MathFn::IsInf: return mk_bool(std::isinf(x.f));
        case MathFn::IsNan: return mk_bool(std::isnan(x.f));
        case MathFn::ToBits: {
            if (t == PrimType::F64) { uint64_t u; std::memcpy(&u, &x.f, 8); return mk_int(PrimType::U64, u); }
            if (t == PrimType::F32) { float fl = (float)x.f; uint32_t u; std::memcpy(&u, &fl, 4); return mk_int(PrimType::U32, u); }
            return mk_int(PrimType::U16, f16_bits_from_double(x.f));
        }
        case MathFn::FromBits: {
            if (t == PrimType::F64) { double d; uint64_t u = x.u; std::memcpy(&d, &u, 8); return mk_float(t, d); }
            if (t == PrimType::F32) { float fl; uint32_t u = (uint32_t)x.u; std::memcpy(&fl, &u, 4); return mk_float(t, fl); }
            return mk_float(t, f16_bits_to_double((uint16_t)x.u));
        }
        case MathFn::GetBit: {
            // args: bit (i32), x (float)
            PrimValue bitsv = eval_math(MathFn::ToBits, t, &args[1], loc);
            int64_t b = args[0].i;
            return mk_int(PrimType::I32, (b < 0 || b >= bits) ? 0 : (bitsv.u >> b) & 1);
        }
        case MathFn::SetBit: {
            PrimValue bitsv = eval_math(MathFn::ToBits, t, &args[1], loc);
            int64_t b = args[0].i;
            uint64_t u = bitsv.u;
            if (b >= 0 && b < bits) u = (u & ~(1ull << b)) | ((uint64_t)(args[2].i & 1) << b);
            PrimValue nb = mk_int(bitsv.type, u);
            return eval_math(MathFn::FromBits, t, &nb, loc);
        }
        case MathFn::Ldexp: return mk_float(t, std::ldexp(x.f, (int)args[1].i));
        case MathFn::NextAfter:
            if (t == PrimType::F16) {  // a step of the half's bits, not of a float's
                double y = args[1].f;
                if (std::isnan(x.f) || std::isnan(y)) return mk_float(t, x.f + y);
                if (x.f == y) return mk_float(t, y);
                if (x.f == 0) return mk_float(t, std::copysign(f16_bits_to_double(1), y));
                uint16_t b = f16_bits_from_double(x.f);
                b = (uint16_t)(b + (((x.f < y) == (x.f > 0)) ? 1 : -1));
                return mk_float(t, f16_bits_to_double(b));
            }
            break;
        default: break;
        }
        int ar = math_arity(f);
        if (t == PrimType::F64) {
            double y = ar > 1 ? args[1].f : 0, z = ar > 2 ? args[2].f : 0;
            return mk_float(t, eval_real<double>(f, x.f, y, z));
        }
        float y = ar > 1 ? (float)args[1].f : 0, z = ar > 2 ? (float)args[2].f : 0;
        return mk_float(t, (double)eval_real<float>(f, (float)x.f, y, z));
    }
    if (t == PrimType::Bool) {
        if (f == MathFn::Not) return mk_bool(!x.b);
        throw RuntimeError(loc, "function not defined on bool");
    }
    // Integers.
    const bool sgn = is_signed_int(t);
    uint64_t mask = bits == 64 ? ~0ull : ((1ull << bits) - 1);
    switch (f) {
    case MathFn::Neg: return negate_prim(x);
    case MathFn::Not: return not_prim(x);
    case MathFn::Abs: return sgn && x.i < 0 ? negate_prim(x) : x;
    case MathFn::Sgn:
        if (sgn) return mk_int(t, (uint64_t)(x.i > 0 ? 1 : x.i < 0 ? -1 : 0));
        return mk_int(t, x.u != 0);
    case MathFn::Popc: return mk_int(PrimType::I32, popcount_t(t, x.u));
    case MathFn::Clz: return mk_int(PrimType::I32, std::countl_zero(x.u & mask) - (64 - bits));
    case MathFn::Ctz: {
        uint64_t u = x.u & mask;
        return mk_int(PrimType::I32, u == 0 ? bits : std::countr_zero(u));
    }
    case MathFn::Min: {
        bool lt = sgn ? x.i < args[1].i : x.u < args[1].u;
        return lt ? x : args[1];
    }
    case MathFn::Max: {
        bool gt = sgn ? x.i > args[1].i : x.u > args[1].u;
        return gt ? x : args[1];
    }
    case MathFn::MulHi:
    case MathFn::MadHi: {
        // The operands' bits as unsigned, for signed types too (Futhark's mul_hi).
        unsigned __int128 p = (unsigned __int128)(x.u & mask) * (args[1].u & mask);
        uint64_t hi = (uint64_t)(p >> bits);
        if (f == MathFn::MadHi) hi += args[2].u;
        return mk_int(t, hi);
    }
    case MathFn::GetBit: {
        int64_t b = args[0].i;
        return mk_int(PrimType::I32, (b < 0 || b >= bits) ? 0 : (args[1].u >> b) & 1);
    }
    case MathFn::SetBit: {
        int64_t b = args[0].i;
        uint64_t u = args[1].u;
        if (b >= 0 && b < bits) u = (u & ~(1ull << b)) | ((uint64_t)(args[2].i & 1) << b);
        return mk_int(t, u);
    }
    case MathFn::Pow: return eval_binop(BinOpKind::Pow, x, args[1], loc);
    default: break;
    }
    throw RuntimeError(loc, "function not defined on integers");
}

std::string prim_to_string(const PrimValue &p) {
    if (p.type == PrimType::Bool) return p.b ? "true" : "false";
    if (is_signed_int(p.type)) return std::to_string(p.i) + prim_name(p.type);
    if (is_unsigned_int(p.type)) return std::to_string(p.u) + prim_name(p.type);
    std::string suffix = prim_name(p.type);
    if (std::isnan(p.f)) return suffix + ".nan";
    if (std::isinf(p.f)) return p.f > 0 ? suffix + ".inf" : "-" + suffix + ".inf";
    std::ostringstream os;
    os.precision(p.type == PrimType::F64 ? 17 : 9);
    os << p.f;
    std::string s = os.str();
    if (s.find_first_of(".e") == std::string::npos) s += ".0";
    return s + suffix;
}

int64_t range_length(int64_t start, const int64_t *second, int64_t end, RangeExp::End kind,
                     const SrcLoc &loc, int64_t &stride) {
    stride = second ? *second - start : (kind == RangeExp::End::DownToExclusive ? -1 : 1);
    bool ok = stride != 0;
    int64_t count = 0;
    if (ok) {
        switch (kind) {
        case RangeExp::End::Inclusive:
            ok = (stride > 0 && start <= end) || (stride < 0 && start >= end);
            if (ok) count = (stride > 0 ? (end - start) / stride : (start - end) / -stride) + 1;
            break;
        case RangeExp::End::UpToExclusive:
            ok = stride > 0 && start <= end;
            if (ok) count = (end - start + stride - 1) / stride;
            break;
        case RangeExp::End::DownToExclusive:
            ok = stride < 0 && start >= end;
            if (ok) count = (start - end + (-stride) - 1) / (-stride);
            break;
        }
    }
    if (!ok) {
        static const char *const seps[] = {"...", "..<", "..>"};
        std::string msg = "Range " + std::to_string(start);
        if (second) msg += ".." + std::to_string(*second);
        msg += std::string(seps[(int)kind]) + std::to_string(end) + " is invalid.";
        throw RuntimeError(loc, msg);
    }
    return count;
}

void iota_range_error(int64_t n, const SrcLoc &loc) {
    const int64_t one = 1;
    int64_t stride;
    range_length(0, &one, n, RangeExp::End::UpToExclusive, loc, stride);
    throw RuntimeError(loc, "iota: negative size " + std::to_string(n));  // not reached for n < 0
}

}  // namespace loom::interp
