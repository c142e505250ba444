/** \file
 * The scalar semantics shared by the CPU and CUDA runtimes (the interpreter's): wrap-
 * around integers, floor division, shifts that saturate, NaN-safe conversions, f16
 * computed in float and rounded after every operation, bit helpers.  One text for both:
 * cmake/EmbedText.cmake pastes it where runtime/cpu/loom_cpu_rt.h and
 * runtime/cuda/loom_cuda_rt.h include it, so it compiles both as host C++ (after
 * <cmath>, <cstdint>) and under NVRTC (no includes: the CUDA runtime's typedefs and
 * built-ins).  Each runtime declares `lrt::fail(loc, msg)` before it, and its own
 * bits_of / f64_of_bits (memcpy on the host, intrinsics on the device).
 */
#ifndef LOOM_HD // also defined by loom_array_rt.h
#ifdef __CUDACC__
#define LOOM_HD __device__ // device-only: lrt::fail is a device function there
#else
#define LOOM_HD
#endif
#endif

namespace lrt {

#ifndef __CUDACC__
// NVRTC has these as global built-ins; on the host they live in <cmath>'s std.
using std::copysign;
using std::fabs;
using std::frexp;
using std::isinf;
using std::isnan;
using std::ldexp;
using std::nearbyint;
using std::signbit;
#endif

/** f16: IEEE half bits <-> float, as core/Value.cpp's f16_bits_from_double. */
LOOM_HD inline uint16_t f2h(double v) {
    uint16_t sign = signbit(v) ? 0x8000 : 0;
    if (isnan(v)) return sign | 0x7e00;
    double a = fabs(v);
    if (isinf(a) || a >= 65520.0) return sign | 0x7c00;
    if (a < ldexp(1.0, -14)) return sign | (uint16_t)nearbyint(ldexp(a, 24));
    int e;
    frexp(a, &e);
    int ex = e - 1;
    double mant = nearbyint((ldexp(a, -ex) - 1.0) * 1024.0);
    return (uint16_t)(sign | (((uint32_t)(ex + 15) << 10) + (uint32_t)mant));
}
LOOM_HD inline float h2f(uint16_t bits) {
    double sign = (bits & 0x8000) ? -1.0 : 1.0;
    int ex = (bits >> 10) & 0x1f, mant = bits & 0x3ff;
    if (ex == 0x1f) return (float)(mant ? copysign((double)NAN, sign) : sign * (double)INFINITY);
    if (ex == 0) return (float)(sign * ldexp((double)mant, -24));
    return (float)(sign * ldexp((double)(mant | 0x400), ex - 25));
}
LOOM_HD inline float rh(double x) { return h2f(f2h(x)); }
/** f16's nextafter: a step of the half's bits (as interp::eval_math). */
LOOM_HD inline float nextafter_h(float x, float y) {
    if (isnan(x) || isnan(y)) return x + y;
    if (x == y) return y;
    if (x == 0) return copysign(h2f(1), y);
    return h2f((uint16_t)(f2h(x) + (((x < y) == (x > 0)) ? 1 : -1)));
}

template <class T> struct U;
template <> struct U<int8_t> { using t = uint8_t; };
template <> struct U<int16_t> { using t = uint16_t; };
template <> struct U<int32_t> { using t = uint32_t; };
template <> struct U<int64_t> { using t = uint64_t; };
template <> struct U<uint8_t> { using t = uint8_t; };
template <> struct U<uint16_t> { using t = uint16_t; };
template <> struct U<uint32_t> { using t = uint32_t; };
template <> struct U<uint64_t> { using t = uint64_t; };
template <class T> constexpr bool is_signed_v = (T)-1 < (T)0;

template <class T> LOOM_HD inline T add(T x, T y) { return (T)((typename U<T>::t)x + (typename U<T>::t)y); }
template <class T> LOOM_HD inline T sub(T x, T y) { return (T)((typename U<T>::t)x - (typename U<T>::t)y); }
template <class T> LOOM_HD inline T mul(T x, T y) {
    using V = typename U<T>::t;
    if constexpr (sizeof(T) < sizeof(int)) return (T)((unsigned)(V)x * (unsigned)(V)y);
    else return (T)((V)x * (V)y);
}
template <class T> LOOM_HD inline T neg(T x) { return (T)((typename U<T>::t)0 - (typename U<T>::t)x); }
/** x / y (y > 0) and, in r, x % y, for unsigned 64-bit x and y: by the 32-bit
 * instruction when both fit in 32 bits, as indices and sizes mostly do (a GPU divides 64
 * bits in a long subroutine: a stencil's index arithmetic ran 1.4x faster in 32 bits on
 * an H100). */
LOOM_HD inline uint64_t udiv(uint64_t x, uint64_t y, uint64_t &r) {
    if (((x | y) >> 32) == 0) {
        uint32_t q = (uint32_t)x / (uint32_t)y;
        r = (uint32_t)x - q * (uint32_t)y;
        return q;
    }
    r = x % y;
    return x / y;
}
/** kind: 0 `/` (floor), 1 `%` (floor), 2 `//` (truncate), 3 `%%` (truncate). */
template <class T> LOOM_HD inline T divmod(int loc, T x, T y, int kind) {
    if (y == 0) fail(loc, "division by zero");
    bool div = kind == 0 || kind == 2;
    if constexpr (sizeof(T) == 8) {
        if ((int64_t)x >= 0 && (int64_t)y > 0) { // floor and truncation agree
            uint64_t r, q = udiv((uint64_t)x, (uint64_t)y, r);
            return div ? (T)q : (T)r;
        }
    }
    if constexpr (!is_signed_v<T>) {
        return div ? (T)(x / y) : (T)(x % y);
    } else {
        if (y == -1) return div ? neg(x) : (T)0;
        T q = (T)(x / y), r = (T)(x % y);
        if (kind < 2 && r != 0 && ((r < 0) != (y < 0))) {
            q = (T)(q - 1);
            r = (T)(r + y);
        }
        return div ? q : r;
    }
}
/** divmod by a constant other than 0: no failure to record. */
template <class T> LOOM_HD inline T divmod_by(T x, T y, int kind) { return divmod(-1, x, y, kind); }
template <class T> LOOM_HD inline T ipow(int loc, T x, T y) {
    if constexpr (is_signed_v<T>)
        if (y < 0) fail(loc, "negative exponent");
    uint64_t base = (uint64_t)(int64_t)x, e = (uint64_t)(typename U<T>::t)y, r = 1;
    while (e) {
        if (e & 1) r *= base;
        base *= base;
        e >>= 1;
    }
    return (T)r;
}
template <class T> LOOM_HD inline T shl(T x, T y) {
    uint64_t s = (uint64_t)(int64_t)y;
    if constexpr (!is_signed_v<T>) s = (uint64_t)y;
    if (s >= sizeof(T) * 8) return 0;
    return (T)((typename U<T>::t)x << s);
}
template <class T> LOOM_HD inline T shr(T x, T y) {
    uint64_t s = is_signed_v<T> ? (uint64_t)(int64_t)y : (uint64_t)y;
    if (s >= sizeof(T) * 8) return is_signed_v<T> ? (T)(x < 0 ? -1 : 0) : (T)0;
    return (T)(x >> s);
}
template <class T> LOOM_HD inline T ushr(T x, T y) {
    uint64_t s = is_signed_v<T> ? (uint64_t)(int64_t)y : (uint64_t)y;
    if (s >= sizeof(T) * 8) return 0;
    return (T)((typename U<T>::t)x >> s);
}
/** Float to integer as interp::convert_prim (NaN and infinities -> 0, saturating through
 * 64 bits). */
LOOM_HD inline int64_t f2i64(double d) {
    if (isnan(d) || isinf(d)) return 0;
    if (d >= 9223372036854775807.0) return INT64_MAX;
    if (d <= -9223372036854775808.0) return INT64_MIN;
    return (int64_t)d;
}
LOOM_HD inline uint64_t f2u64(double d) {
    if (isnan(d) || isinf(d) || d <= -1.0) return (uint64_t)f2i64(d);
    if (d >= 18446744073709551615.0) return UINT64_MAX;
    return (uint64_t)d;
}
template <class T> LOOM_HD inline T min_i(T x, T y) { return x < y ? x : y; }
template <class T> LOOM_HD inline T max_i(T x, T y) { return x > y ? x : y; }
template <class T> LOOM_HD inline T sgn_i(T x) { return (T)(x > 0 ? 1 : (is_signed_v<T> && x < 0) ? -1 : 0); }

// The 64-bit primitives under the bit helpers: the compiler's built-ins on either side.
#ifdef __CUDACC__
LOOM_HD inline int32_t popc64(uint64_t u) { return __popcll(u); }
LOOM_HD inline int32_t clz64(uint64_t u) { return __clzll((long long)u); }    // u != 0
LOOM_HD inline int32_t ctz64(uint64_t u) { return __ffsll((long long)u) - 1; } // u != 0
LOOM_HD inline uint64_t mulhi_u64(uint64_t x, uint64_t y) { return __umul64hi(x, y); }
#else
inline int32_t popc64(uint64_t u) { return __builtin_popcountll(u); }
inline int32_t clz64(uint64_t u) { return __builtin_clzll(u); } // u != 0
inline int32_t ctz64(uint64_t u) { return __builtin_ctzll(u); } // u != 0
inline uint64_t mulhi_u64(uint64_t x, uint64_t y) {
    return (uint64_t)(((unsigned __int128)x * y) >> 64);
}
#endif

template <class T> LOOM_HD inline int32_t popc(T x) { return popc64((uint64_t)(typename U<T>::t)x); }
template <class T> LOOM_HD inline int32_t clz(T x) {
    uint64_t u = (uint64_t)(typename U<T>::t)x;
    return u == 0 ? (int32_t)(sizeof(T) * 8) : clz64(u) - (int32_t)(64 - sizeof(T) * 8);
}
template <class T> LOOM_HD inline int32_t ctz(T x) {
    uint64_t u = (uint64_t)(typename U<T>::t)x;
    return u == 0 ? (int32_t)(sizeof(T) * 8) : ctz64(u);
}
/** The high half of the double-width product of the operands' bits taken as unsigned,
 * for signed types too, as Futhark's mul_hi (narrower types: exact in 64 bits). */
template <class T> LOOM_HD inline T mul_hi(T x, T y) {
    constexpr int bits = sizeof(T) * 8;
    using UT = typename U<T>::t;
    if constexpr (sizeof(T) == 8) return (T)mulhi_u64((uint64_t)(UT)x, (uint64_t)(UT)y);
    // 8- and 16-bit operands multiply in 32 bits: GCC 12 at -O3 vectorises their product
    // in 64 bits into a signed high multiply (2i16 * -32768i16 gave -1).
    else if constexpr (sizeof(T) < 4) return (T)(UT)(((uint32_t)(UT)x * (uint32_t)(UT)y) >> bits);
    else return (T)(UT)(((uint64_t)(UT)x * (uint64_t)(UT)y) >> bits);
}
/** The mask of pass `pass`'s digit in a radix sort of `nbits`-bit keys, 8 bits a pass
 * (fewer in the last when nbits is not a multiple of 8): the cpu's and the GPU's sorts. */
LOOM_HD inline unsigned radix_digit_mask(int nbits, int pass) {
    return pass * 8 + 8 <= nbits ? 0xffu : (1u << (nbits - pass * 8)) - 1;
}
template <class T> LOOM_HD inline int32_t get_bit(int32_t b, T x) {
    constexpr int bits = sizeof(T) * 8;
    return (b < 0 || b >= bits) ? 0 : (int32_t)(((uint64_t)(typename U<T>::t)x >> b) & 1);
}
template <class T> LOOM_HD inline T set_bit(int32_t b, T x, int32_t v) {
    constexpr int bits = sizeof(T) * 8;
    uint64_t u = (uint64_t)(typename U<T>::t)x;
    if (b >= 0 && b < bits) u = (u & ~(1ull << b)) | ((uint64_t)(v & 1) << b);
    return (T)u;
}
template <class F> LOOM_HD inline F sgn_f(F x) { return isnan(x) ? x : (x > 0 ? (F)1 : x < 0 ? (F)-1 : (F)0); }

/** A failure message of text and decimal numbers (an assertion's message with its values)
 * being written into m[256]; the writers stay out of line: inlined into every check, they
 * multiplied NVRTC's time (a second per kernel). */
struct MsgBuf {
    char *m;
    int p;
};
#ifdef __CUDACC__
#define LOOM_NOINLINE __noinline__
#else
#define LOOM_NOINLINE __attribute__((noinline))
#endif
LOOM_HD LOOM_NOINLINE inline void msg_put(MsgBuf &b, const char *s) {
    while (*s && b.p < 255) b.m[b.p++] = *s++;
}
LOOM_HD LOOM_NOINLINE inline void msg_num(MsgBuf &b, int64_t x, bool sgn) {
    char d[24];
    int k = 0;
    uint64_t u = sgn && x < 0 ? 0 - (uint64_t)x : (uint64_t)x;
    do {
        d[k++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (sgn && x < 0) msg_put(b, "-");
    while (k > 0 && b.p < 255) b.m[b.p++] = d[--k];
}

} // namespace lrt
