// Values as pictures (see Image.h).
#include "session/Image.h"

#include <cmath>

namespace loom {

std::string image_of(const Value &v, const std::string &type, Pixels &out) {
    int &w = out.width, &h = out.height, &channels = out.channels;
    std::vector<uint8_t> &px = out.bytes;
    const std::string wanted = "`:img` takes a [][]i32, [][]u32 (ARGB), [][]f32, [][]f64 (grey, 0 to 1), "
                               "[][]u8 (grey) or [][]bool, not " + type;
    if (!v.is_prim_array() || v.rank() != 2) return wanted;
    PrimType t = v.elem_prim();
    h = (int)v.shape()[0];
    w = (int)v.shape()[1];
    if (w <= 0 || h <= 0) return "`:img` of an empty array (" + std::to_string(h) + " by " + std::to_string(w) + ")";
    bool argb = t == PrimType::I32 || t == PrimType::U32;
    if (!argb && t != PrimType::F32 && t != PrimType::F64 && t != PrimType::U8 && t != PrimType::Bool)
        return wanted;
    channels = argb ? 3 : 1;
    px.clear();
    px.reserve((size_t)w * h * channels);
    const uint8_t *data = v.data();
    for (int64_t i = 0, n = (int64_t)w * h; i < n; ++i) {
        PrimValue p = load_prim(t, data, i);
        if (argb) {
            uint32_t x = (uint32_t)p.i;
            px.insert(px.end(), {(uint8_t)(x >> 16), (uint8_t)(x >> 8), (uint8_t)x});
        } else if (t == PrimType::Bool) {
            px.push_back(p.b ? 255 : 0);
        } else if (t == PrimType::U8) {
            px.push_back((uint8_t)p.i);
        } else {
            double g = p.as_f64();
            px.push_back(std::isnan(g) ? 0 : (uint8_t)std::lround(std::fmin(1.0, std::fmax(0.0, g)) * 255));
        }
    }
    return "";
}

}  // namespace loom
