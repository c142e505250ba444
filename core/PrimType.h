/** \file
 * The primitive types of Loom (Futhark's): bool, signed and unsigned integers of
 * 8..64 bits, and IEEE floats of 16, 32 and 64 bits.
 */
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace loom {

enum class PrimType : uint8_t { Bool, I8, I16, I32, I64, U8, U16, U32, U64, F16, F32, F64 };

constexpr int num_prim_types = 12;

/** "i32", "f64", "bool", ... */
const char *prim_name(PrimType t);
/** Inverse of prim_name. */
std::optional<PrimType> prim_from_name(const std::string &s);

inline bool is_signed_int(PrimType t) { return t >= PrimType::I8 && t <= PrimType::I64; }
inline bool is_unsigned_int(PrimType t) { return t >= PrimType::U8 && t <= PrimType::U64; }
inline bool is_int(PrimType t) { return is_signed_int(t) || is_unsigned_int(t); }
inline bool is_float(PrimType t) { return t >= PrimType::F16; }
inline bool is_numeric(PrimType t) { return t != PrimType::Bool; }

/** The C type of a scalar in generated code and in foreign functions' signatures
 * (`int32_t`, `double`; f16 is computed as `float`). */
const char *c_type_name(PrimType t);

/** Size in bytes of one element (bool is 1 byte). */
int prim_size(PrimType t);
/** Bit width (bool is 8, as in Futhark's binary format). */
inline int prim_bits(PrimType t) { return prim_size(t) * 8; }

}  // namespace loom
