#include "core/Value.h"

#include "core/Diagnostic.h"
#include "frontend/Type.h"  // field access only (core does not link the frontend)

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>

#include <sys/mman.h>

namespace loom {

// ---------------------------------------------------------------- PrimValue

PrimValue PrimValue::integer(PrimType t, uint64_t v) {
    PrimValue p;
    p.type = t;
    switch (t) {
    case PrimType::Bool: p.i = 0; p.b = v != 0; break;
    case PrimType::I8: p.i = (int8_t)v; break;
    case PrimType::I16: p.i = (int16_t)v; break;
    case PrimType::I32: p.i = (int32_t)v; break;
    case PrimType::I64: p.i = (int64_t)v; break;
    case PrimType::U8: p.u = (uint8_t)v; break;
    case PrimType::U16: p.u = (uint16_t)v; break;
    case PrimType::U32: p.u = (uint32_t)v; break;
    case PrimType::U64: p.u = v; break;
    // A float type asked for by integer(): convert the (signed) integer.
    default: return floating(t, (double)(int64_t)v);
    }
    return p;
}

PrimValue PrimValue::floating(PrimType t, double v) {
    PrimValue p;
    p.type = t;
    switch (t) {
    case PrimType::F16: p.f = round_to_f16(v); break;
    case PrimType::F32: p.f = (double)(float)v; break;
    case PrimType::F64: p.f = v; break;
    case PrimType::Bool: p.i = 0; p.b = v != 0; break;
    default: {
        // Integer type: truncate, saturating instead of undefined behaviour.
        PrimValue q;
        q.type = PrimType::F64;
        q.f = v;
        return integer(t, (uint64_t)q.as_i64());
    }
    }
    return p;
}

int64_t PrimValue::as_i64() const {
    if (type == PrimType::Bool) return b ? 1 : 0;
    if (is_int(type)) return i;
    if (std::isnan(f)) return 0;
    if (f >= 9223372036854775808.0) return std::numeric_limits<int64_t>::max();
    if (f < -9223372036854775808.0) return std::numeric_limits<int64_t>::min();
    return (int64_t)f;
}

double PrimValue::as_f64() const {
    if (type == PrimType::Bool) return b ? 1.0 : 0.0;
    if (is_signed_int(type)) return (double)i;
    if (is_unsigned_int(type)) return (double)u;
    return f;
}

bool PrimValue::operator==(const PrimValue &o) const {
    if (type != o.type) return false;
    if (type == PrimType::Bool) return b == o.b;
    if (is_int(type)) return i == o.i;
    return f == o.f;
}

// ---------------------------------------------------------------- f16

uint16_t f16_bits_from_double(double v) {
    uint16_t sign = std::signbit(v) ? 0x8000 : 0;
    if (std::isnan(v)) return sign | 0x7e00;
    double a = std::fabs(v);
    if (std::isinf(a) || a >= 65520.0) return sign | 0x7c00;  // 65520 rounds up to inf
    if (a < std::ldexp(1.0, -14)) {
        // Subnormal: a multiple of 2^-24.  Rounding up to 1024 yields the smallest
        // normal's encoding, which is right.
        double m = std::nearbyint(std::ldexp(a, 24));
        return sign | (uint16_t)m;
    }
    int e;
    std::frexp(a, &e);  // a = f * 2^e, f in [0.5, 1)
    int exp = e - 1;    // a = 1.m * 2^exp, exp in [-14, 15]
    double mant = std::nearbyint((std::ldexp(a, -exp) - 1.0) * 1024.0);
    // A mantissa rounded up to 1024 carries into the exponent, as it should.
    uint32_t bits = ((uint32_t)(exp + 15) << 10) + (uint32_t)mant;
    return (uint16_t)(sign | bits);
}

double f16_bits_to_double(uint16_t bits) {
    double sign = (bits & 0x8000) ? -1.0 : 1.0;
    int exp = (bits >> 10) & 0x1f;
    int mant = bits & 0x3ff;
    if (exp == 0x1f)
        return mant ? std::copysign(std::numeric_limits<double>::quiet_NaN(), sign)
                    : sign * std::numeric_limits<double>::infinity();
    if (exp == 0) return sign * std::ldexp((double)mant, -24);
    return sign * std::ldexp((double)(mant | 0x400), exp - 25);
}

double round_to_f16(double v) { return f16_bits_to_double(f16_bits_from_double(v)); }

// ---------------------------------------------------------------- flat buffers

PrimValue load_prim(PrimType t, const uint8_t *base, int64_t i) {
    const uint8_t *p = base + i * prim_size(t);
    switch (t) {
    case PrimType::Bool: return PrimValue::boolean(*p != 0);
    case PrimType::I8: { int8_t x; std::memcpy(&x, p, 1); return PrimValue::integer(t, (uint64_t)x); }
    case PrimType::I16: { int16_t x; std::memcpy(&x, p, 2); return PrimValue::integer(t, (uint64_t)x); }
    case PrimType::I32: { int32_t x; std::memcpy(&x, p, 4); return PrimValue::integer(t, (uint64_t)x); }
    case PrimType::I64: { int64_t x; std::memcpy(&x, p, 8); return PrimValue::integer(t, (uint64_t)x); }
    case PrimType::U8: { uint8_t x; std::memcpy(&x, p, 1); return PrimValue::integer(t, x); }
    case PrimType::U16: { uint16_t x; std::memcpy(&x, p, 2); return PrimValue::integer(t, x); }
    case PrimType::U32: { uint32_t x; std::memcpy(&x, p, 4); return PrimValue::integer(t, x); }
    case PrimType::U64: { uint64_t x; std::memcpy(&x, p, 8); return PrimValue::integer(t, x); }
    case PrimType::F16: {
        uint16_t x;
        std::memcpy(&x, p, 2);
        PrimValue r;
        r.type = t;
        r.f = f16_bits_to_double(x);
        return r;
    }
    case PrimType::F32: { float x; std::memcpy(&x, p, 4); PrimValue r; r.type = t; r.f = x; return r; }
    case PrimType::F64: { double x; std::memcpy(&x, p, 8); PrimValue r; r.type = t; r.f = x; return r; }
    }
    return PrimValue();
}

void store_prim(PrimType t, uint8_t *base, int64_t i, const PrimValue &v) {
    uint8_t *p = base + i * prim_size(t);
    // Convert when the value's type differs (e.g. a bool stored as an integer).
    switch (t) {
    case PrimType::Bool: *p = (v.type == PrimType::Bool ? v.b : v.as_i64() != 0) ? 1 : 0; return;
    case PrimType::I8: case PrimType::U8: { uint8_t x = (uint8_t)v.as_i64(); std::memcpy(p, &x, 1); return; }
    case PrimType::I16: case PrimType::U16: { uint16_t x = (uint16_t)v.as_i64(); std::memcpy(p, &x, 2); return; }
    case PrimType::I32: case PrimType::U32: { uint32_t x = (uint32_t)v.as_i64(); std::memcpy(p, &x, 4); return; }
    case PrimType::I64: case PrimType::U64: {
        uint64_t x = is_float(v.type) ? (uint64_t)v.as_i64() : v.u;
        if (v.type == PrimType::Bool) x = v.b ? 1 : 0;
        std::memcpy(p, &x, 8);
        return;
    }
    case PrimType::F16: { uint16_t x = f16_bits_from_double(v.as_f64()); std::memcpy(p, &x, 2); return; }
    case PrimType::F32: { float x = (float)v.as_f64(); std::memcpy(p, &x, 4); return; }
    case PrimType::F64: { double x = v.as_f64(); std::memcpy(p, &x, 8); return; }
    }
}

// ---------------------------------------------------------------- Value

const std::vector<Value> &Value::no_values() {
    static const std::vector<Value> none;
    return none;
}

std::string out_of_memory_message(const std::bad_alloc &e) {
    if (auto *oom = dynamic_cast<const OutOfMemory *>(&e))
        return "out of memory allocating " + (oom->bytes ? "" : std::string("more than ")) +
               std::to_string(oom->bytes ? oom->bytes : (size_t)1 << 62) + " bytes";
    return "out of memory";
}

int64_t checked_size(const std::vector<int64_t> &dims, int64_t unit) {
    if (std::any_of(dims.begin(), dims.end(), [](int64_t d) { return d <= 0; })) return 0;
    int64_t n = unit;
    for (int64_t d : dims) {
        if (n > ((int64_t)1 << 62) / d) return -1;
        n *= d;
    }
    return n;
}

const Value::Parts &Value::no_parts() {
    static const Parts none;
    return none;
}

uint8_t *Bytes::allocate(size_t n) {
    constexpr size_t huge = (size_t)2 << 20;
    void *p = nullptr;
    if (n >= 2 * huge) {
        size_t rounded = (n + huge - 1) / huge * huge;
        p = std::aligned_alloc(huge, rounded);
        if (p) madvise(p, rounded, MADV_HUGEPAGE);
    } else {
        p = std::malloc(n ? n : 1);
    }
    if (!p) throw OutOfMemory(n);
    return static_cast<uint8_t *>(p);
}

void Bytes::Free::operator()(uint8_t *p) const { std::free(p); }

void Bytes::defer(Fill fill) {
    std::lock_guard<std::mutex> lock(fill_mutex_);
    fill_ = std::move(fill);
    pending_.store(true, std::memory_order_release);
}

void Bytes::fill() const {
    Fill f;
    {
        std::lock_guard<std::mutex> lock(fill_mutex_);
        f = fill_;
    }
    // Run unlocked: the fill waits for the device, whose holder may settle these bytes.
    if (f)
        f(p_, 0, n_);
    settled();
}

void Bytes::peek(size_t from, size_t n, uint8_t *dst) const {
    Fill f;
    if (pending() && n_ > peek_above && peeked_.fetch_add(1, std::memory_order_relaxed) < peeks) {
        std::lock_guard<std::mutex> lock(fill_mutex_);
        f = fill_;
    }
    if (f)
        f(dst, from, n);
    else
        std::memcpy(dst, data() + from, n);
}

void Bytes::settled() const {
    std::lock_guard<std::mutex> lock(fill_mutex_);
    fill_ = nullptr;
    pending_.store(false, std::memory_order_release);
}

PrimValue Value::peek_prim(int64_t i) const {
    if (!p_.buf->pending()) return flat_prim(i);
    size_t size = (size_t)prim_size(prim_.type);
    uint8_t one[16];
    p_.buf->peek((size_t)(p_.offset + i) * size, size, one);
    return load_prim(prim_.type, one, 0);
}

Value Value::tuple(std::vector<Value> elems) {
    Value v;
    v.own_parts();
    v.kind_ = Kind::Tuple;
    v.p_.elems = std::make_shared<std::vector<Value>>(std::move(elems));
    return v;
}

Value Value::record(std::vector<std::string> names, std::vector<Value> fields) {
    Value v;
    v.own_parts();
    v.kind_ = Kind::Record;
    v.p_.names = std::make_shared<std::vector<std::string>>(std::move(names));
    v.p_.elems = std::make_shared<std::vector<Value>>(std::move(fields));
    return v;
}

Value Value::sum(std::string ctor, std::vector<Value> payload) {
    Value v;
    v.own_parts();
    v.kind_ = Kind::Sum;
    v.p_.names = std::make_shared<std::vector<std::string>>(1, std::move(ctor));
    v.p_.elems = std::make_shared<std::vector<Value>>(std::move(payload));
    return v;
}

Value Value::function(std::shared_ptr<FunctionValue> f) {
    Value v;
    v.own_parts();
    v.kind_ = Kind::Function;
    v.p_.fn = std::move(f);
    return v;
}

static int64_t shape_product(const std::vector<int64_t> &shape) {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return n;
}

Value Value::prim_array(PrimType t, std::vector<int64_t> shape) {
    int64_t bytes = checked_size(shape, prim_size(t));
    if (bytes < 0) throw OutOfMemory(0);
    auto buf = std::make_shared<Bytes>((size_t)bytes);
    return prim_array(t, std::move(shape), std::move(buf), 0);
}

Value Value::prim_array(PrimType t, std::vector<int64_t> shape,
                        BytesPtr data, int64_t offset) {
    if (int64_t n = data ? checked_size(shape) : 0; n != 0) {
        // A view past its storage would read or write other memory: a size that wrapped
        // around (`[2^32][2^32]` of an empty array) must have been caught before.
        int64_t end = 0;
        if (n < 0 || offset < 0 || __builtin_add_overflow(offset, n, &end) ||
            __builtin_mul_overflow(end, (int64_t)prim_size(t), &end) || (uint64_t)end > data->size())
            throw InternalError("an array view of " + std::to_string(shape.size()) +
                                " dimensions past the end of its storage");
    }
    Value v;
    v.own_parts();
    v.kind_ = Kind::Array;
    v.prim_.type = t;
    v.p_.shape = std::move(shape);
    v.p_.buf = std::move(data);
    v.p_.offset = offset;
    if (!v.p_.buf) v.p_.buf = std::make_shared<Bytes>(0);
    return v;
}

Value Value::boxed_array(std::vector<int64_t> shape, std::vector<Value> elems, TypePtr elem_type) {
    Value v;
    v.own_parts();
    v.kind_ = Kind::Array;
    v.p_.shape = std::move(shape);
    v.p_.boxed = std::make_shared<Boxed>();
    v.p_.boxed->elems = std::move(elems);
    v.p_.elem_type = std::move(elem_type);
    return v;
}

Value Value::lazy_boxed_array(std::vector<int64_t> shape, TypePtr elem_type,
                              std::function<Value(int64_t)> make) {
    Value v = boxed_array(std::move(shape), {}, std::move(elem_type));
    v.p_.boxed->make = std::move(make);
    return v;
}

int64_t Value::num_elements() const { return shape_product(shape()); }

Value Value::row(int64_t i) const {
    if (p_.shape.size() == 1) return p_.boxed ? flat_boxed(i) : Value(flat_prim(i));
    Value v = *this;
    v.p_.shape.erase(v.p_.shape.begin());
    int64_t row_size = shape_product(v.p_.shape);
    v.p_.offset = p_.offset + i * row_size;
    return v;
}

void Value::set_columns(std::vector<Value> cols) const {
    if (kind_ != Kind::Array || !p_.boxed || p_.offset != 0)
        return;
    p_.boxed->columns = std::move(cols); // a cache of the storage's: a copy sharing it sees them
    p_.boxed->columns_shape = p_.shape;
}

void Value::make_unique_storage() {
    if (kind_ != Kind::Array) return;
    int64_t n = num_elements();
    if (p_.boxed) {
        // Lazy elements (never in place): every one made before any is written.
        if (p_.boxed.use_count() == 1 && p_.offset == 0 && (int64_t)p_.boxed->elems.size() == n &&
            !p_.boxed->make) {
            p_.boxed->columns.clear(); // its elements may change: its columns would not
            return;
        }
        auto fresh = std::make_shared<Boxed>();
        fresh->elems.reserve((size_t)n);
        for (int64_t i = 0; i < n; ++i)
            fresh->elems.push_back(flat_boxed(i));
        p_.boxed = std::move(fresh);
        p_.offset = 0;
        return;
    }
    size_t bytes = (size_t)(n * prim_size(prim_.type));
    if (p_.buf.use_count() == 1 && p_.offset == 0 && p_.buf->size() == bytes) return;
    p_.buf = std::make_shared<Bytes>(data(), bytes);
    p_.offset = 0;
}

Value Value::stack(const std::vector<Value> &rows, const TypePtr &row_type,
                   const std::vector<int64_t> &row_shape_if_empty) {
    int64_t n = (int64_t)rows.size();
    if (rows.empty()) {
        if (row_type && row_type->kind == Type::Kind::Prim) return prim_array(row_type->prim, {0});
        if (row_type && row_type->kind == Type::Kind::Array && row_type->elem) {
            std::vector<int64_t> shape{0};
            if ((int)row_shape_if_empty.size() == row_type->rank()) {
                shape.insert(shape.end(), row_shape_if_empty.begin(), row_shape_if_empty.end());
            } else {
                for (const Dim &d : row_type->shape)
                    shape.push_back(d.kind == Dim::Kind::Const ? d.value : 0);
            }
            if (row_type->elem->kind == Type::Kind::Prim)
                return prim_array(row_type->elem->prim, std::move(shape));
            return boxed_array(std::move(shape), {}, row_type->elem);
        }
        std::vector<int64_t> shape{0};
        shape.insert(shape.end(), row_shape_if_empty.begin(), row_shape_if_empty.end());
        return boxed_array(std::move(shape), {}, row_type);
    }
    const Value &r0 = rows[0];
    for (const Value &r : rows)
        if (r.kind_ != r0.kind_ || r.shape() != r0.shape() ||
            (r.kind_ == Kind::Array && (bool)r.p_.boxed != (bool)r0.p_.boxed))
            throw InternalError("Value::stack: rows of different shapes or kinds");
    if (r0.kind_ == Kind::Prim) {
        PrimType t = r0.prim_.type;
        Value out = prim_array(t, {n});
        uint8_t *p = out.mutable_data();
        for (int64_t i = 0; i < n; ++i) store_prim(t, p, i, rows[i].prim_);
        return out;
    }
    if (r0.kind_ == Kind::Array && !r0.p_.boxed) {
        PrimType t = r0.prim_.type;
        std::vector<int64_t> shape{n};
        shape.insert(shape.end(), r0.p_.shape.begin(), r0.p_.shape.end());
        Value out = prim_array(t, std::move(shape));
        size_t row_bytes = (size_t)(r0.num_elements() * prim_size(t));
        uint8_t *p = out.mutable_data();
        for (int64_t i = 0; i < n; ++i) {
            if (rows[i].prim_.type != t) throw InternalError("Value::stack: mixed element types");
            if (row_bytes) std::memcpy(p + i * row_bytes, rows[i].data(), row_bytes);
        }
        return out;
    }
    if (r0.kind_ == Kind::Array) {
        std::vector<int64_t> shape{n};
        shape.insert(shape.end(), r0.p_.shape.begin(), r0.p_.shape.end());
        std::vector<Value> elems;
        int64_t m = r0.num_elements();
        elems.reserve((size_t)(n * m));
        for (const Value &r : rows)
            for (int64_t j = 0; j < m; ++j) elems.push_back(r.flat_boxed(j));
        TypePtr et = r0.p_.elem_type;
        if (!et && row_type && row_type->kind == Type::Kind::Array) et = row_type->elem;
        return boxed_array(std::move(shape), std::move(elems), et);
    }
    return boxed_array({n}, rows, row_type);
}

// ---------------------------------------------------------------- comparison

namespace {

// Exact, Close and Absolute are for tests (NaN matches NaN); Ieee is the language's `==`.
enum class FloatCmp { Exact, Close, Absolute, Ieee };

bool prims_match(const PrimValue &a, const PrimValue &b, FloatCmp mode, double tol) {
    if (a.type != b.type) return false;
    if (!is_float(a.type)) return a == b;
    double x = a.f, y = b.f;
    if (mode == FloatCmp::Ieee) return x == y;
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
    if (x == y) return true;  // includes equal infinities
    if (mode == FloatCmp::Exact) return false;
    if (std::isinf(x) || std::isinf(y)) return false;
    if (mode == FloatCmp::Absolute) return std::fabs(x - y) < tol;
    double scale = std::max({1.0, std::fabs(x), std::fabs(y)});
    return std::fabs(x - y) <= tol * scale;
}

// futhark test's tolerance for a value: 0.2% of its largest finite float (signed, as
// futhark-data computes it), and at least 0.002.
double futhark_tolerance(const Value &v) {
    double t = 0.002;
    auto see = [&](const PrimValue &p) {
        if (is_float(p.type) && std::isfinite(p.f)) t = std::max(t, 0.002 * p.f);
    };
    switch (v.kind()) {
    case Value::Kind::Prim: see(v.prim()); break;
    case Value::Kind::Array:
        for (int64_t i = 0, n = v.num_elements(); i < n; ++i) {
            if (v.is_prim_array()) see(v.flat_prim(i));
            else t = std::max(t, futhark_tolerance(v.flat_boxed(i)));
        }
        break;
    case Value::Kind::Sum: case Value::Kind::Tuple: case Value::Kind::Record:
        for (const Value &e : v.elems()) t = std::max(t, futhark_tolerance(e));
        break;
    case Value::Kind::Function: break;
    }
    return t;
}

bool compare(const Value &a, const Value &b, FloatCmp mode, double tol) {
    if (a.kind() != b.kind()) return false;
    switch (a.kind()) {
    case Value::Kind::Prim: return prims_match(a.prim(), b.prim(), mode, tol);
    case Value::Kind::Array: {
        if (a.shape() != b.shape()) return false;
        int64_t n = a.num_elements();
        // The interpreter may build an empty array boxed where another is flat.
        if (a.is_prim_array() != b.is_prim_array()) return mode == FloatCmp::Ieee && n == 0;
        if (a.is_prim_array()) {
            if (a.elem_prim() != b.elem_prim()) return false;
            for (int64_t i = 0; i < n; ++i)
                if (!prims_match(a.flat_prim(i), b.flat_prim(i), mode, tol)) return false;
            return true;
        }
        for (int64_t i = 0; i < n; ++i)
            if (!compare(a.flat_boxed(i), b.flat_boxed(i), mode, tol)) return false;
        return true;
    }
    case Value::Kind::Sum:
        if (a.ctor() != b.ctor()) return false;
        [[fallthrough]];
    case Value::Kind::Tuple:
    case Value::Kind::Record: {
        if (a.kind() == Value::Kind::Record && a.field_names() != b.field_names()) return false;
        const auto &x = a.elems();
        const auto &y = b.elems();
        if (x.size() != y.size()) return false;
        for (size_t i = 0; i < x.size(); ++i)
            if (!compare(x[i], y[i], mode, tol)) return false;
        return true;
    }
    case Value::Kind::Function: return a.function() == b.function();
    }
    return false;
}

}  // namespace

bool values_equal(const Value &a, const Value &b) { return compare(a, b, FloatCmp::Exact, 0); }

bool values_equal_ieee(const Value &a, const Value &b) {
    return compare(a, b, FloatCmp::Ieee, 0);
}

bool values_close(const Value &a, const Value &b, double tolerance) {
    return compare(a, b, FloatCmp::Close, tolerance);
}

bool values_match_expected(const Value &expected, const Value &actual, double tolerance) {
    return compare(expected, actual, FloatCmp::Close, tolerance) ||
           compare(expected, actual, FloatCmp::Absolute, futhark_tolerance(expected));
}

void put_c_scalar(const PrimValue &p, void *slot) {
    switch (p.type) {
    case PrimType::Bool: *(bool *)slot = p.b; return;
    case PrimType::F16:
    case PrimType::F32: *(float *)slot = (float)p.f; return;
    case PrimType::F64: *(double *)slot = p.f; return;
    default: std::memcpy(slot, &p.u, (size_t)prim_size(p.type)); return; // little endian
    }
}

PrimValue get_c_scalar(PrimType t, const void *slot) {
    switch (t) {
    case PrimType::Bool: return PrimValue::boolean(*(const bool *)slot);
    case PrimType::F16:
    case PrimType::F32: return PrimValue::floating(t, *(const float *)slot);
    case PrimType::F64: return PrimValue::floating(t, *(const double *)slot);
    default: {
        uint64_t u = 0;
        std::memcpy(&u, slot, (size_t)prim_size(t));
        return PrimValue::integer(t, u);
    }
    }
}

}  // namespace loom
