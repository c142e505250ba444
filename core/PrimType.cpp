#include "PrimType.h"

namespace loom {

static const char *const names[num_prim_types] = {"bool", "i8",  "i16", "i32", "i64", "u8",
                                                  "u16",  "u32", "u64", "f16", "f32", "f64"};

const char *prim_name(PrimType t) { return names[static_cast<int>(t)]; }

std::optional<PrimType> prim_from_name(const std::string &s) {
    for (int i = 0; i < num_prim_types; ++i)
        if (s == names[i]) return static_cast<PrimType>(i);
    return std::nullopt;
}

const char *c_type_name(PrimType t) {
    static const char *const c_names[num_prim_types] = {
        "bool",    "int8_t",   "int16_t",  "int32_t", "int64_t", "uint8_t",
        "uint16_t", "uint32_t", "uint64_t", "float",   "float",   "double"};
    return c_names[static_cast<int>(t)];
}

int prim_size(PrimType t) {
    switch (t) {
    case PrimType::Bool:
    case PrimType::I8:
    case PrimType::U8: return 1;
    case PrimType::I16:
    case PrimType::U16:
    case PrimType::F16: return 2;
    case PrimType::I32:
    case PrimType::U32:
    case PrimType::F32: return 4;
    default: return 8;
    }
}

}  // namespace loom
