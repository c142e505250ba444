// Indexing, slicing and in-place updates with Futhark's slice semantics.
#include "interpreter/Evaluator.h"

#include <cstring>

namespace loom::interp {

std::vector<SliceDim> resolve_slice(const std::vector<SliceSpec> &specs,
                                    const std::vector<int64_t> &shape, const SrcLoc &loc) {
    std::vector<SliceDim> dims;
    dims.reserve(specs.size());
    bool ok = specs.size() <= shape.size();
    for (size_t k = 0; ok && k < specs.size(); ++k) {
        const SliceSpec &s = specs[k];
        int64_t n = shape[k];
        SliceDim d;
        if (!s.is_range) {
            d.is_index = true;
            d.start = s.start;
            d.count = 1;
            ok = s.start >= 0 && s.start < n;
        } else {
            int64_t st = s.has_stride ? s.stride : 1;
            if (st == 0) { ok = false; break; }
            int64_t i = s.has_start ? s.start : (st > 0 ? 0 : n - 1);
            int64_t j = s.has_end ? s.end : (st > 0 ? n : -1);
            if (st > 0) {
                ok = 0 <= i && i <= j && j <= n;
                d.count = ok ? (j - i + st - 1) / st : 0;
            } else {
                ok = i == j ? (-1 <= i && i <= n) : (-1 <= j && j < i && i <= n - 1);
                d.count = ok ? (i - j + (-st) - 1) / (-st) : 0;
            }
            d.start = i;
            d.stride = st;
        }
        dims.push_back(d);
    }
    if (!ok) {
        std::string msg = "Index [";
        for (size_t k = 0; k < specs.size(); ++k) {
            const SliceSpec &s = specs[k];
            if (k) msg += ", ";
            if (!s.is_range) {
                msg += std::to_string(s.start);
            } else {
                if (s.has_start) msg += std::to_string(s.start);
                msg += ":";
                if (s.has_end) msg += std::to_string(s.end);
                if (s.has_stride) msg += ":" + std::to_string(s.stride);
            }
        }
        msg += "] out of bounds for array of shape " + shape_string(shape) + ".";
        throw RuntimeError(loc, msg);
    }
    return dims;
}

namespace {

struct Walk {
    const std::vector<SliceDim> &dims;
    std::vector<int64_t> strides;  // source strides in elements
    int64_t inner = 1;             // elements per innermost block (unsliced trailing dims)
};

Walk make_walk(const std::vector<SliceDim> &dims, const std::vector<int64_t> &shape) {
    Walk w{dims, std::vector<int64_t>(shape.size()), 1};
    int64_t s = 1;
    for (size_t k = shape.size(); k-- > 0;) {
        w.strides[k] = s;
        s *= shape[k];
    }
    for (size_t k = dims.size(); k < shape.size(); ++k) w.inner *= shape[k];
    return w;
}

// Calls f(src_offset) for each innermost block of the slice, in row-major order.
template <typename F> void walk(const Walk &w, size_t k, int64_t off, F &f) {
    if (k == w.dims.size()) {
        f(off);
        return;
    }
    const SliceDim &d = w.dims[k];
    if (d.is_index) {
        walk(w, k + 1, off + d.start * w.strides[k], f);
        return;
    }
    for (int64_t i = 0; i < d.count; ++i) walk(w, k + 1, off + (d.start + i * d.stride) * w.strides[k], f);
}

std::vector<int64_t> result_shape(const std::vector<SliceDim> &dims, const std::vector<int64_t> &shape) {
    std::vector<int64_t> out;
    for (const SliceDim &d : dims)
        if (!d.is_index) out.push_back(d.count);
    for (size_t k = dims.size(); k < shape.size(); ++k) out.push_back(shape[k]);
    return out;
}

}  // namespace

Value gather_slice(const Value &arr, const std::vector<SliceDim> &dims) {
    const auto &shape = arr.shape();
    Walk w = make_walk(dims, shape);
    std::vector<int64_t> rshape = result_shape(dims, shape);
    // Fast paths: leading indices, then at most one unit-stride range: a view.
    size_t lead = 0;
    int64_t base = 0;
    while (lead < dims.size() && dims[lead].is_index) base += dims[lead].start * w.strides[lead], ++lead;
    if (arr.is_prim_array()) {
        if (lead == dims.size() && dims.size() == shape.size()) return Value(arr.flat_prim(base));
        bool view = lead == dims.size() || (lead + 1 == dims.size() && dims[lead].stride == 1);
        if (view) {
            if (lead < dims.size()) base += dims[lead].start * w.strides[lead];
            return Value::prim_array(arr.elem_prim(), rshape, arr.buffer(), arr.offset() + base);
        }
        PrimType t = arr.elem_prim();
        int es = prim_size(t);
        Value out = Value::prim_array(t, rshape);
        uint8_t *dst = out.mutable_data();
        const uint8_t *src = arr.data();
        size_t block = (size_t)(w.inner * es);
        auto f = [&](int64_t off) {
            std::memcpy(dst, src + off * es, block);
            dst += block;
        };
        if (block) walk(w, 0, 0, f);
        return out;
    }
    if (lead == dims.size() && dims.size() == shape.size()) return arr.flat_boxed(base);
    std::vector<Value> elems;
    auto f = [&](int64_t off) {
        for (int64_t j = 0; j < w.inner; ++j) elems.push_back(arr.flat_boxed(off + j));
    };
    walk(w, 0, 0, f);
    return Value::boxed_array(std::move(rshape), std::move(elems), arr.elem_type());
}

Value Evaluator::index_value(const Value &arr, const std::vector<SliceSpec> &specs, const SrcLoc &loc) {
    if (!arr.is_array()) throw RuntimeError(loc, "indexing a value that is not an array");
    return gather_slice(arr, resolve_slice(specs, arr.shape(), loc));
}

Value Evaluator::update_value(Value arr, const std::vector<SliceSpec> &specs, const Value &v,
                              const SrcLoc &loc) {
    if (!arr.is_array()) throw RuntimeError(loc, "in-place update of a value that is not an array");
    std::vector<SliceDim> dims = resolve_slice(specs, arr.shape(), loc);
    std::vector<int64_t> rshape = result_shape(dims, arr.shape());
    arr.make_unique_storage();
    Walk w = make_walk(dims, arr.shape());
    if (rshape.empty()) {  // a single element
        int64_t off = 0;
        for (size_t k = 0; k < dims.size(); ++k) off += dims[k].start * w.strides[k];
        if (arr.is_prim_array()) {
            if (!v.is_prim()) throw RuntimeError(loc, "in-place update with a value of the wrong kind");
            store_prim(arr.elem_prim(), arr.mutable_data(), off, convert_prim(arr.elem_prim(), v.prim()));
        } else {
            arr.mutable_boxed()[(size_t)(arr.offset() + off)] = v;
        }
        return arr;
    }
    if (!v.is_array() || v.shape() != rshape || v.is_prim_array() != arr.is_prim_array())
        throw RuntimeError(loc, "Cannot write value of shape " + shape_string(v.is_array() ? v.shape() : std::vector<int64_t>{}) +
                                    " into slice of shape " + shape_string(rshape) + ".");
    if (arr.is_prim_array()) {
        PrimType t = arr.elem_prim();
        int es = prim_size(t);
        if (v.elem_prim() != t) throw RuntimeError(loc, "in-place update with a value of the wrong type");
        uint8_t *dst = arr.mutable_data();
        const uint8_t *src = v.data();
        size_t block = (size_t)(w.inner * es);
        auto f = [&](int64_t off) {
            std::memmove(dst + off * es, src, block);
            src += block;
        };
        if (block) walk(w, 0, 0, f);
        return arr;
    }
    auto &store = arr.mutable_boxed();
    int64_t j = 0;
    int64_t base = arr.offset();
    auto f = [&](int64_t off) {
        for (int64_t i = 0; i < w.inner; ++i) store[(size_t)(base + off + i)] = v.flat_boxed(j++);
    };
    walk(w, 0, 0, f);
    return arr;
}

}  // namespace loom::interp
