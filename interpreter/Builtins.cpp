// The prelude's intrinsics (see frontend/prelude/README.md): SOACs and array
// primitives over flat typed buffers, with fast paths for operator sections.
#include "interpreter/Evaluator.h"
#include "interpreter/RowShapes.h"
#include "interpreter/ScalarFn.h"
#include "runtime/cpu/Foreign.h"

#include <algorithm>
#include <cstring>

namespace loom::interp {

namespace {

/** Collects per-element results into a flat buffer (scalars) or rows. */
struct RowBuilder {
    int64_t n;
    bool prim = false;
    PrimType t = PrimType::I32;
    Value out;
    uint8_t *p = nullptr;
    std::vector<Value> rows;

    explicit RowBuilder(int64_t count) : n(count) {}
    void add(int64_t i, Value v, const SrcLoc &loc) {
        if (i == 0) {
            prim = v.is_prim();
            if (prim) {
                t = v.prim().type;
                out = Value::prim_array(t, {n});
                p = out.mutable_data();
            } else {
                rows.reserve((size_t)n);
            }
        }
        if (prim) {
            if (!v.is_prim()) throw RuntimeError(loc, "function returned values of different kinds");
            store_fast(t, p, i, v.prim());
        } else {
            rows.push_back(std::move(v));
        }
    }
    Value finish(Evaluator &ev, const Type *hint, const SrcLoc &loc) {
        if (n == 0) {
            TypePtr h = hint ? ev.resolve_type(std::make_shared<Type>(*hint)) : nullptr;
            return ev.empty_array(h);
        }
        if (prim) return out;
        const Value &r0 = rows[0];
        RowShapes shapes;  // Note [Regular rows]
        std::vector<int64_t> have, want;
        for (const Value &r : rows) {
            if (r.kind() != r0.kind() || (r0.is_array() && (r.shape() != r0.shape() ||
                                                           r.is_prim_array() != r0.is_prim_array())))
                throw RuntimeError(loc, "Function result of shape " + shape_string(r.shape()) +
                                            " does not match earlier result of shape " +
                                            shape_string(r0.shape()) + ".");
            if (!r0.is_prim_array() && !shapes.add(r, have, want))
                throw RuntimeError(loc, "Function result holds an array of shape " + shape_string(have) +
                                            " where an earlier result holds one of shape " +
                                            shape_string(want) + ".");
        }
        TypePtr row_type = ev.type_of_value(r0);
        if (!r0.is_array()) return Value::boxed_array({n}, std::move(rows), row_type);
        return Value::stack(rows, row_type);
    }
};

}  // namespace

/* `map f xs` over an empty xs whose result rows are arrays of sizes the checked type
 * leaves anonymous (`entry main (xs: [][][]i32) = map (map i32.sum) xs`): Futhark's
 * result still has the row shape, so apply f once to zero-filled rows of the inputs'
 * row shape (a zero for a rank-1 input) and read it off the result.  Only for
 * scalar-array inputs; a failing sample falls back to the type. */
bool Evaluator::empty_map_by_sample(const Value &fn, const Value *arrs, int k, const Type *rt,
                                    const SrcLoc &loc, Value &out) {
    // No type at all (the map of a sample row of an outer map): the sample alone says.
    TypePtr h = rt ? resolve_type(std::make_shared<Type>(*rt)) : nullptr;
    if (h && (h->kind != Type::Kind::Array || !h->elem || h->elem->kind != Type::Kind::Prim)) return false;
    bool any = !h;
    for (size_t d = 1; h && d < h->shape.size(); ++d) any = any || h->shape[d].kind != Dim::Kind::Const;
    if (!any) return false;
    Value rows[5];
    for (int j = 0; j < k; ++j) {
        if (!arrs[j].is_prim_array())
            return false;
        if (arrs[j].rank() == 1) { // a scalar row (`map2 (\i r -> r) (iota m) rss`): zero
            PrimType t = arrs[j].elem_prim();
            rows[j] = t == PrimType::Bool ? Value(PrimValue::boolean(false))
                      : is_float(t)       ? Value(PrimValue::floating(t, 0))
                                          : Value(PrimValue::integer(t, 0));
            continue;
        }
        std::vector<int64_t> shape(arrs[j].shape().begin() + 1, arrs[j].shape().end());
        int64_t cells = 1;
        for (int64_t d : shape) cells = d > 0 && cells <= (int64_t(1) << 20) / d ? cells * d : (d == 0 ? 0 : -1);
        if (cells < 0) return false;  // too big to sample cheaply
        rows[j] = Value::prim_array(arrs[j].elem_prim(), std::move(shape));
    }
    Value r;
    struct Untraced {
        int &n;
        ~Untraced() { --n; }
    } untraced_sample{++untraced};  // the sample row is not the program's: no traces
    try {
        r = apply(fn, rows, k, loc, nullptr);
    } catch (const RuntimeError &) {
        return false;
    }
    if (!r.is_prim_array() || (h && (r.rank() + 1 != (int)h->shape.size() || r.elem_prim() != h->elem->prim)))
        return false;
    std::vector<int64_t> shape{0};
    shape.insert(shape.end(), r.shape().begin(), r.shape().end());
    out = Value::prim_array(r.elem_prim(), std::move(shape));
    return true;
}

namespace {

const FunctionValue *op_section(const Value &f, int fixed) {
    if (f.kind() != Value::Kind::Function) return nullptr;
    const FunctionValue *fv = f.function().get();
    if (fv->kind != FunctionValue::Kind::OpSection || fv->bop == BinOpKind::None ||
        fv->user_op.kind() == Value::Kind::Function || !fv->applied.empty())
        return nullptr;
    if (fixed == 0 ? fv->fixed_side != 0 : fv->fixed_side == 0) return nullptr;
    if (fixed && !fv->fixed.is_prim()) return nullptr;
    return fv;
}

void need_array(const Value &v, const SrcLoc &loc, const char *what) {
    if (!v.is_array()) throw RuntimeError(loc, std::string(what) + ": argument is not an array");
}

int64_t as_i64(const Value &v, const SrcLoc &loc) {
    if (!v.is_prim()) throw RuntimeError(loc, "expected an integer");
    return int_of(v.prim());
}

Value reshape(const Value &a, std::vector<int64_t> shape) {
    if (a.is_prim_array()) return Value::prim_array(a.elem_prim(), std::move(shape), a.buffer(), a.offset());
    std::vector<Value> es;
    int64_t n = a.num_elements();
    for (int64_t i = 0; i < n; ++i) es.push_back(a.flat_boxed(i));
    return Value::boxed_array(std::move(shape), std::move(es), a.elem_type());
}

Value select_rows(Evaluator &ev, const Value &arr, const std::vector<int64_t> &idx) {
    std::vector<Value> rows;
    rows.reserve(idx.size());
    if (arr.is_prim_array() && arr.rank() == 1) {
        Value out = Value::prim_array(arr.elem_prim(), {(int64_t)idx.size()});
        int es = prim_size(arr.elem_prim());
        uint8_t *p = out.mutable_data();
        for (size_t i = 0; i < idx.size(); ++i) std::memcpy(p + i * es, arr.data() + idx[i] * es, (size_t)es);
        return out;
    }
    for (int64_t i : idx) rows.push_back(arr.row(i));
    if (rows.empty()) {
        std::vector<int64_t> shape = arr.shape();
        shape[0] = 0;
        if (arr.is_prim_array()) return Value::prim_array(arr.elem_prim(), shape);
        return Value::boxed_array(shape, {}, arr.elem_type());
    }
    TypePtr rt = ev.type_of_value(rows[0]);
    // The size first: argument evaluation order is unspecified, so it must not race the move.
    int64_t count = (int64_t)rows.size();
    if (!rows[0].is_array()) return Value::boxed_array({count}, std::move(rows), rt);
    return Value::stack(rows, rt);
}

// Writes `v` as row `i` of `dest` (storage already unique).
void write_row(Evaluator &, Value &dest, int64_t i, const Value &v, const SrcLoc &loc) {
    int64_t row_elems = dest.rank() > 1 ? dest.num_elements() / std::max<int64_t>(dest.length(), 1) : 1;
    if (dest.is_prim_array()) {
        PrimType t = dest.elem_prim();
        if (dest.rank() == 1) {
            if (!v.is_prim()) throw RuntimeError(loc, "value of the wrong kind");
            store_fast(t, dest.mutable_data(), i, convert_prim(t, v.prim()));
            return;
        }
        if (!v.is_prim_array() || v.num_elements() != row_elems)
            throw RuntimeError(loc, "value of the wrong shape");
        std::memcpy(dest.mutable_data() + i * row_elems * prim_size(t), v.data(),
                    (size_t)(row_elems * prim_size(t)));
        return;
    }
    auto &store = dest.mutable_boxed();
    if (dest.rank() == 1) {
        store[(size_t)(dest.offset() + i)] = v;
        return;
    }
    for (int64_t j = 0; j < row_elems; ++j) store[(size_t)(dest.offset() + i * row_elems + j)] = v.flat_boxed(j);
}

}  // namespace

Value Evaluator::call_builtin(const FunctionValue &f, Value *args, const SrcLoc &loc, const Type *rt) {
    std::vector<int64_t> hint;
    hint.swap(size_hint);
    switch (f.builtin) {
    case Builtin::Math: {
        PrimValue ps[3];
        for (int i = 0; i < f.arity && i < 3; ++i) {
            if (!args[i].is_prim()) throw RuntimeError(loc, f.name + ": argument is not a scalar");
            ps[i] = args[i].prim();
        }
        return Value(eval_math(f.math, f.prim, ps, loc));
    }
    case Builtin::Foreign: {
        std::vector<Value> rs = runtime::call_foreign(*f.foreign, std::vector<Value>(args, args + f.arity), loc);
        return rs.size() == 1 ? rs[0] : Value::tuple(std::move(rs));
    }
    case Builtin::Convert:
        if (!args[0].is_prim()) throw RuntimeError(loc, f.name + ": argument is not a scalar");
        return Value(convert_prim(f.prim, args[0].prim()));
    case Builtin::Map: case Builtin::Map2: case Builtin::Map3: case Builtin::Map4: case Builtin::Map5: {
        int k = f.arity - 1;
        const Value &fn = args[0];
        for (int j = 1; j <= k; ++j) need_array(args[j], loc, "map");
        int64_t n = args[1].length();
        for (int j = 2; j <= k; ++j)
            if (args[j].length() != n)
                throw RuntimeError(loc, (k == 1 ? std::string("map") : "map" + std::to_string(k)) +
                                            ": arrays of different lengths (" + std::to_string(n) + " and " +
                                            std::to_string(args[j].length()) + ")");
        // Fast paths: an operator section over flat scalar arrays.
        if (k == 1 && args[1].is_prim_array() && args[1].rank() == 1) {
            if (const FunctionValue *s = op_section(fn, 1)) {
                PrimType t = args[1].elem_prim();
                if (s->fixed.prim().type == t && n > 0) {
                    PrimValue c = s->fixed.prim();
                    PrimValue r0 = s->fixed_side == 1 ? binop_fast(s->bop, c, args[1].flat_prim(0), loc)
                                                      : binop_fast(s->bop, args[1].flat_prim(0), c, loc);
                    Value out = Value::prim_array(r0.type, {n});
                    uint8_t *p = out.mutable_data();
                    const uint8_t *src = args[1].data();
                    for (int64_t i = 0; i < n; ++i) {
                        if ((i & 0xFFFF) == 0) poll();
                        PrimValue x = load_fast(t, src, i);
                        store_fast(r0.type, p, i, s->fixed_side == 1 ? binop_fast(s->bop, c, x, loc)
                                                                      : binop_fast(s->bop, x, c, loc));
                    }
                    return out;
                }
            }
        }
        if (k == 2 && args[1].is_prim_array() && args[2].is_prim_array() && args[1].rank() == 1 &&
            args[2].rank() == 1 && args[1].elem_prim() == args[2].elem_prim() && n > 0) {
            if (const FunctionValue *s = op_section(fn, 0)) {
                PrimType t = args[1].elem_prim();
                PrimValue r0 = binop_fast(s->bop, args[1].flat_prim(0), args[2].flat_prim(0), loc);
                Value out = Value::prim_array(r0.type, {n});
                uint8_t *p = out.mutable_data();
                for (int64_t i = 0; i < n; ++i) {
                    if ((i & 0xFFFF) == 0) poll();
                    store_fast(r0.type, p, i,
                               binop_fast(s->bop, load_fast(t, args[1].data(), i), load_fast(t, args[2].data(), i), loc));
                }
                return out;
            }
        }
        // A scalar function over flat scalar arrays: compiled, run per element.
        bool flat = n >= 2;
        for (int j = 1; j <= k && flat; ++j) flat = args[j].is_prim_array() && args[j].rank() == 1;
        if (flat) {
            if (auto sf = compile_scalar_fn(*this, fn, k, loc)) {
                const uint8_t *src[5];
                PrimType ts[5];
                for (int j = 0; j < k; ++j) { src[j] = args[j + 1].data(); ts[j] = args[j + 1].elem_prim(); }
                PrimValue xs[5];
                Value out;
                uint8_t *p = nullptr;
                PrimType t0 = PrimType::I32;
                for (int64_t i = 0; i < n; ++i) {
                    poll();
                    for (int j = 0; j < k; ++j) xs[j] = load_fast(ts[j], src[j], i);
                    PrimValue r = sf->call(xs);
                    if (i == 0) {
                        t0 = r.type;
                        out = Value::prim_array(t0, {n});
                        p = out.mutable_data();
                    } else if (r.type != t0) {
                        throw RuntimeError(loc, "function returned values of different kinds");
                    }
                    store_fast(t0, p, i, r);
                }
                return out;
            }
        }
        if (n == 0) {
            if (Value v; empty_map_by_sample(fn, args + 1, k, rt, loc, v)) return v;
        }
        RowBuilder b(n);
        Value row_args[5];
        // Each application's type is a row of the result's: it types the empty arrays
        // an inner `map2 (+)` makes of rows of no columns.
        TypePtr row_t = rt && rt->kind == Type::Kind::Array ? rt->row_type() : nullptr;
        for (int64_t i = 0; i < n; ++i) {
            poll();
            for (int j = 0; j < k; ++j) row_args[j] = args[j + 1].row(i);
            b.add(i, apply(fn, row_args, k, loc, row_t.get()), loc);
        }
        return b.finish(*this, rt, loc);
    }
    case Builtin::Reduce: {
        const Value &fn = args[0];
        Value acc = args[1];
        const Value &arr = args[2];
        need_array(arr, loc, "reduce");
        int64_t n = arr.length();
        if (arr.is_prim_array() && arr.rank() == 1 && acc.is_prim() && acc.prim().type == arr.elem_prim()) {
            if (const FunctionValue *s = op_section(fn, 0)) {
                PrimValue a = acc.prim();
                PrimType t = arr.elem_prim();
                const uint8_t *src = arr.data();
                for (int64_t i = 0; i < n; ++i) {
                    if ((i & 0xFFFF) == 0) poll();
                    a = binop_fast(s->bop, a, load_fast(t, src, i), loc);
                }
                return Value(a);
            }
        }
        if (n >= 2 && arr.is_prim_array() && arr.rank() == 1 && acc.is_prim()) {
            if (auto sf = compile_scalar_fn(*this, fn, 2, loc)) {
                PrimValue xs[2] = {acc.prim(), PrimValue()};
                PrimType t = arr.elem_prim();
                const uint8_t *src = arr.data();
                for (int64_t i = 0; i < n; ++i) {
                    poll();
                    xs[1] = load_fast(t, src, i);
                    xs[0] = sf->call(xs);
                }
                return Value(xs[0]);
            }
        }
        // The operator's results have the neutral element's type: it types empty ones
        // (rows of no columns), which an operator such as `map2 (+)` cannot tell.
        TypePtr acc_t = acc.is_prim() ? nullptr : type_of_value(acc);
        for (int64_t i = 0; i < n; ++i)
            acc = apply2(fn, std::move(acc), arr.row(i), loc, acc_t.get());
        return acc;
    }
    case Builtin::Scan: {
        const Value &fn = args[0];
        Value acc = args[1];
        const Value &arr = args[2];
        need_array(arr, loc, "scan");
        int64_t n = arr.length();
        if (arr.is_prim_array() && arr.rank() == 1 && acc.is_prim() && acc.prim().type == arr.elem_prim()) {
            if (const FunctionValue *s = op_section(fn, 0)) {
                PrimValue a = acc.prim();
                PrimType t = arr.elem_prim();
                Value out = Value::prim_array(t, {n});
                uint8_t *p = out.mutable_data();
                for (int64_t i = 0; i < n; ++i) {
                    if ((i & 0xFFFF) == 0) poll();
                    a = binop_fast(s->bop, a, load_fast(t, arr.data(), i), loc);
                    store_fast(t, p, i, a);
                }
                return out;
            }
        }
        if (n >= 2 && arr.is_prim_array() && arr.rank() == 1 && acc.is_prim()) {
            if (auto sf = compile_scalar_fn(*this, fn, 2, loc)) {
                PrimValue xs[2] = {acc.prim(), PrimValue()};
                PrimType t = arr.elem_prim();
                const uint8_t *src = arr.data();
                Value out;
                uint8_t *p = nullptr;
                PrimType t0 = PrimType::I32;
                for (int64_t i = 0; i < n; ++i) {
                    poll();
                    xs[1] = load_fast(t, src, i);
                    xs[0] = sf->call(xs);
                    if (i == 0) {
                        t0 = xs[0].type;
                        out = Value::prim_array(t0, {n});
                        p = out.mutable_data();
                    } else if (xs[0].type != t0) {
                        throw RuntimeError(loc, "function returned values of different kinds");
                    }
                    store_fast(t0, p, i, xs[0]);
                }
                return out;
            }
        }
        RowBuilder b(n);
        TypePtr acc_t = acc.is_prim() ? nullptr : type_of_value(acc); // as reduce's
        for (int64_t i = 0; i < n; ++i) {
            acc = apply2(fn, std::move(acc), arr.row(i), loc, acc_t.get());
            b.add(i, acc, loc);
        }
        return b.finish(*this, rt, loc);
    }
    case Builtin::Filter:
    case Builtin::Partition: {
        const Value &fn = args[0];
        const Value &arr = args[1];
        need_array(arr, loc, "filter");
        std::vector<int64_t> yes, no;
        std::unique_ptr<ScalarFn> sf;
        if (arr.length() >= 2 && arr.is_prim_array() && arr.rank() == 1) sf = compile_scalar_fn(*this, fn, 1, loc);
        if (sf) {
            PrimType t = arr.elem_prim();
            const uint8_t *src = arr.data();
            for (int64_t i = 0; i < arr.length(); ++i) {
                poll();
                PrimValue x = load_fast(t, src, i);
                PrimValue c = sf->call(&x);
                (c.type == PrimType::Bool && c.b ? yes : no).push_back(i);
            }
        }
        for (int64_t i = 0; !sf && i < arr.length(); ++i) {
            Value c = apply1(fn, arr.row(i), loc);
            (c.is_prim() && c.prim().b ? yes : no).push_back(i);
        }
        if (f.builtin == Builtin::Filter) return select_rows(*this, arr, yes);
        return Value::tuple({select_rows(*this, arr, yes), select_rows(*this, arr, no)});
    }
    case Builtin::Partition2: {
        const Value &p1 = args[0], &p2 = args[1], &arr = args[2];
        need_array(arr, loc, "partition2");
        std::vector<int64_t> first, second, rest;
        for (int64_t i = 0; i < arr.length(); ++i) {
            Value x = arr.row(i);
            Value c = apply1(p1, x, loc);
            if (c.is_prim() && c.prim().b) { first.push_back(i); continue; }
            c = apply1(p2, std::move(x), loc);
            (c.is_prim() && c.prim().b ? second : rest).push_back(i);
        }
        return Value::tuple({select_rows(*this, arr, first), select_rows(*this, arr, second),
                             select_rows(*this, arr, rest)});
    }
    case Builtin::Scatter: {
        Value dest = std::move(args[0]);
        const Value &is = args[1], &vs = args[2];
        need_array(dest, loc, "scatter");
        need_array(is, loc, "scatter");
        need_array(vs, loc, "scatter");
        if (is.length() != vs.length())
            throw RuntimeError(loc, "scatter: index and value arrays of different lengths");
        dest.make_unique_storage();
        for (int64_t j = 0; j < is.length(); ++j) {
            int64_t i = int_of(is.flat_prim(j));
            if (i < 0 || i >= dest.length()) continue;
            write_row(*this, dest, i, vs.row(j), loc);
        }
        return dest;
    }
    case Builtin::Hist:
    case Builtin::ReduceByIndex: {
        Value dest;
        const Value *fn, *ne, *is, *vs;
        if (f.builtin == Builtin::Hist) {
            fn = &args[0]; ne = &args[1]; is = &args[3]; vs = &args[4];
            int64_t k = as_i64(args[2], loc);
            if (k < 0) throw RuntimeError(loc, "hist: negative number of bins");
            Value cnt(mk_int(PrimType::I64, (uint64_t)k));
            FunctionValue rep;
            rep.builtin = Builtin::Replicate;
            Value a2[2] = {cnt, *ne};
            dest = call_builtin(rep, a2, loc, rt);
        } else {
            dest = std::move(args[0]); fn = &args[1]; ne = &args[2]; is = &args[3]; vs = &args[4];
        }
        need_array(*is, loc, "reduce_by_index");
        need_array(*vs, loc, "reduce_by_index");
        if (is->length() != vs->length())
            throw RuntimeError(loc, "reduce_by_index: index and value arrays of different lengths");
        dest.make_unique_storage();
        const FunctionValue *s = op_section(*fn, 0);
        bool fast = s && dest.is_prim_array() && dest.rank() == 1 && vs->is_prim_array() &&
                    vs->elem_prim() == dest.elem_prim();
        std::unique_ptr<ScalarFn> sf;
        if (!fast && is->length() >= 2 && dest.is_prim_array() && dest.rank() == 1 && vs->is_prim_array() &&
            vs->rank() == 1)
            sf = compile_scalar_fn(*this, *fn, 2, loc);
        if (sf) {
            PrimType t = dest.elem_prim(), vt = vs->elem_prim();
            for (int64_t j = 0; j < is->length(); ++j) {
                poll();
                int64_t i = int_of(is->flat_prim(j));
                if (i < 0 || i >= dest.length()) continue;
                PrimValue xs[2] = {load_fast(t, dest.data(), i), load_fast(vt, vs->data(), j)};
                store_fast(t, dest.mutable_data(), i, sf->call(xs));
            }
            return dest;
        }
        for (int64_t j = 0; j < is->length(); ++j) {
            int64_t i = int_of(is->flat_prim(j));
            if (i < 0 || i >= dest.length()) continue;
            if (fast) {
                PrimType t = dest.elem_prim();
                store_fast(t, dest.mutable_data(), i,
                           binop_fast(s->bop, load_fast(t, dest.data(), i), vs->flat_prim(j), loc));
                continue;
            }
            Value r = apply2(*fn, dest.row(i), vs->row(j), loc);
            write_row(*this, dest, i, r, loc);
        }
        return dest;
    }
    case Builtin::Iota: {
        int64_t n = as_i64(args[0], loc);
        if (n < 0) iota_range_error(n, loc);
        PrimType t = args[0].prim().type;
        Value out = Value::prim_array(t, {n});
        uint8_t *p = out.mutable_data();
        if (t == PrimType::I64) {
            auto *q = reinterpret_cast<int64_t *>(p);
            for (int64_t i = 0; i < n; ++i) q[i] = i;
        } else {
            for (int64_t i = 0; i < n; ++i) store_fast(t, p, i, mk_int(t, (uint64_t)i));
        }
        return out;
    }
    case Builtin::Replicate:
    case Builtin::Rep: {
        int64_t n;
        const Value *x;
        if (f.builtin == Builtin::Rep) {
            x = &args[0];
            TypePtr h = rt ? resolve_type(std::make_shared<Type>(*rt)) : nullptr;
            if (!h || h->kind != Type::Kind::Array || h->shape[0].kind != Dim::Kind::Const)
                throw RuntimeError(loc, "rep: the size of the result is unknown");
            n = h->shape[0].value;
        } else {
            n = as_i64(args[0], loc);
            x = &args[1];
        }
        if (n < 0) throw RuntimeError(loc, "replicate: negative size " + std::to_string(n));
        if (x->is_prim()) {
            PrimType t = x->prim().type;
            Value out = Value::prim_array(t, {n});
            uint8_t *p = out.mutable_data();
            for (int64_t i = 0; i < n; ++i) store_fast(t, p, i, x->prim());
            return out;
        }
        if (x->is_prim_array()) {
            std::vector<int64_t> shape{n};
            shape.insert(shape.end(), x->shape().begin(), x->shape().end());
            Value out = Value::prim_array(x->elem_prim(), shape);
            size_t bytes = (size_t)(x->num_elements() * prim_size(x->elem_prim()));
            for (int64_t i = 0; i < n; ++i)
                if (bytes) std::memcpy(out.mutable_data() + i * bytes, x->data(), bytes);
            return out;
        }
        if (n == 0) {
            TypePtr et = type_of_value(*x);
            if (x->is_array()) {
                std::vector<int64_t> shape{0};
                shape.insert(shape.end(), x->shape().begin(), x->shape().end());
                return Value::boxed_array(shape, {}, x->elem_type());
            }
            return Value::boxed_array({0}, {}, et);
        }
        std::vector<Value> rows((size_t)n, *x);
        if (!x->is_array()) return Value::boxed_array({n}, std::move(rows), type_of_value(*x));
        return Value::stack(rows, nullptr);
    }
    case Builtin::Concat: {
        const Value &a = args[0], &b = args[1];
        need_array(a, loc, "concat");
        need_array(b, loc, "concat");
        std::vector<int64_t> ra(a.shape().begin() + 1, a.shape().end()), rb(b.shape().begin() + 1, b.shape().end());
        if (ra != rb && a.length() && b.length())
            throw RuntimeError(loc, "concat: rows of different shapes " + shape_string(ra) + " and " + shape_string(rb));
        if (a.length() == 0) return b;
        if (b.length() == 0) return a;
        std::vector<int64_t> shape = a.shape();
        shape[0] += b.length();
        if (a.is_prim_array() && b.is_prim_array() && a.elem_prim() == b.elem_prim()) {
            Value out = Value::prim_array(a.elem_prim(), shape);
            size_t ab = (size_t)(a.num_elements() * prim_size(a.elem_prim()));
            size_t bb = (size_t)(b.num_elements() * prim_size(b.elem_prim()));
            std::memcpy(out.mutable_data(), a.data(), ab);
            std::memcpy(out.mutable_data() + ab, b.data(), bb);
            return out;
        }
        std::vector<Value> es;
        for (int64_t i = 0; i < a.num_elements(); ++i) es.push_back(a.flat_boxed(i));
        for (int64_t i = 0; i < b.num_elements(); ++i) es.push_back(b.flat_boxed(i));
        return Value::boxed_array(shape, std::move(es), a.elem_type() ? a.elem_type() : b.elem_type());
    }
    case Builtin::Transpose: {
        const Value &a = args[0];
        need_array(a, loc, "transpose");
        if (a.rank() < 2) throw RuntimeError(loc, "transpose: array of rank < 2");
        int64_t n = a.shape()[0], m = a.shape()[1];
        int64_t inner = a.num_elements() / std::max<int64_t>(n * m, 1);
        std::vector<int64_t> shape = a.shape();
        std::swap(shape[0], shape[1]);
        if (a.is_prim_array()) {
            int es = prim_size(a.elem_prim());
            Value out = Value::prim_array(a.elem_prim(), shape);
            for (int64_t i = 0; i < n; ++i)
                for (int64_t j = 0; j < m; ++j)
                    std::memcpy(out.mutable_data() + (j * n + i) * inner * es, a.data() + (i * m + j) * inner * es,
                                (size_t)(inner * es));
            return out;
        }
        std::vector<Value> es((size_t)a.num_elements());
        for (int64_t i = 0; i < n; ++i)
            for (int64_t j = 0; j < m; ++j)
                for (int64_t q = 0; q < inner; ++q) es[(size_t)((j * n + i) * inner + q)] = a.flat_boxed((i * m + j) * inner + q);
        return Value::boxed_array(shape, std::move(es), a.elem_type());
    }
    case Builtin::Flatten:
    case Builtin::Flatten3d:
    case Builtin::Flatten4d: {
        const Value &a = args[0];
        int d = f.builtin == Builtin::Flatten ? 2 : f.builtin == Builtin::Flatten3d ? 3 : 4;
        need_array(a, loc, "flatten");
        if (a.rank() < d) throw RuntimeError(loc, "flatten: array of too small rank");
        std::vector<int64_t> shape{1};
        for (int i = 0; i < d; ++i) shape[0] *= a.shape()[(size_t)i];
        shape.insert(shape.end(), a.shape().begin() + d, a.shape().end());
        return reshape(a, shape);
    }
    case Builtin::Unflatten:
    case Builtin::Unflatten3d:
    case Builtin::Unflatten4d: {
        const Value &a = args[f.arity - 1];
        need_array(a, loc, "unflatten");
        int d = f.builtin == Builtin::Unflatten ? 2 : f.builtin == Builtin::Unflatten3d ? 3 : 4;
        std::vector<int64_t> dims;
        if (f.arity > 1) {
            for (int i = 0; i < f.arity - 1; ++i) dims.push_back(as_i64(args[i], loc));
        } else {
            // The call's type, else the sizes written in the argument (`xs :> [n * m]t`),
            // else, where one size is unknown (`unflatten xs : [n * 2][3]t`, whose size
            // expression the checked type does not keep), that one from the length.
            TypePtr h = rt ? resolve_type(std::make_shared<Type>(*rt)) : nullptr;
            int unknown = -1, unknowns = 0;
            int64_t known = 1;
            if (h && h->kind == Type::Kind::Array && (int)h->shape.size() >= d)
                for (int i = 0; i < d; ++i) {
                    const Dim &x = h->shape[(size_t)i];
                    dims.push_back(x.kind == Dim::Kind::Const ? x.value : -1);
                    if (x.kind == Dim::Kind::Const) known *= x.value;
                    else unknown = i, unknowns++;
                }
            else
                unknowns = d;
            if (unknowns > 0 && (int)hint.size() == d) {
                dims = hint;
            } else if (unknowns == 1) {
                if (known <= 0 || a.length() % known != 0)
                    throw RuntimeError(loc, "unflatten: cannot reshape array of size " + std::to_string(a.length()) +
                                                " to " + shape_string(dims, unknown) + ".");
                dims[(size_t)unknown] = a.length() / known;
            } else if (unknowns > 1) {
                throw RuntimeError(loc, "unflatten: the shape of the result is unknown: give it by a type "
                                        "ascription (`unflatten xs : [n][m]t`) or a size coercion of the "
                                        "argument (`unflatten (xs :> [n * m]t)`)");
            }
        }
        // Without wrapping around: `[2^32][2^32]` is not of size 0.
        int64_t prod = checked_size(dims);
        if (prod != a.length() || std::any_of(dims.begin(), dims.end(), [](int64_t x) { return x < 0; }))
            throw RuntimeError(loc, "unflatten: cannot reshape array of size " + std::to_string(a.length()) +
                                        " to " + shape_string(dims) + ".");
        dims.insert(dims.end(), a.shape().begin() + 1, a.shape().end());
        return reshape(a, dims);
    }
    case Builtin::Split: {
        const Value &a = args[f.arity - 1];
        need_array(a, loc, "split");
        int64_t n = -1;
        if (f.arity > 1) {
            n = as_i64(args[0], loc);
        } else {
            TypePtr h = rt ? resolve_type(std::make_shared<Type>(*rt)) : nullptr;
            if (h && h->kind == Type::Kind::Tuple && h->elems.size() == 2 && h->elems[0]->kind == Type::Kind::Array &&
                h->elems[0]->shape[0].kind == Dim::Kind::Const)
                n = h->elems[0]->shape[0].value;
            else if (h && h->kind == Type::Kind::Tuple && h->elems.size() == 2 &&
                     h->elems[1]->kind == Type::Kind::Array && h->elems[1]->shape[0].kind == Dim::Kind::Const)
                n = a.length() - h->elems[1]->shape[0].value;
            else if (hint.size() == 2)
                n = hint[0];
        }
        if (n < 0 || n > a.length())
            throw RuntimeError(loc, "split: cannot split array of size " + std::to_string(a.length()) +
                                        (n < 0 ? std::string(" at an unknown position") : " at " + std::to_string(n)));
        SliceSpec s1, s2;
        s1.is_range = s2.is_range = true;
        s1.has_end = true; s1.end = n;
        s2.has_start = true; s2.start = n;
        return Value::tuple({index_value(a, {s1}, loc), index_value(a, {s2}, loc)});
    }
    case Builtin::Reverse: {
        const Value &a = args[0];
        need_array(a, loc, "reverse");
        SliceSpec s;
        s.is_range = true;
        s.has_stride = true;
        s.stride = -1;
        return index_value(a, {s}, loc);
    }
    case Builtin::Copy: {
        Value v = args[0];
        if (v.is_array()) {
            // Force a private copy: the argument may still be referenced elsewhere.
            if (v.is_prim_array()) {
                Value out = Value::prim_array(v.elem_prim(), v.shape());
                size_t bytes = (size_t)(v.num_elements() * prim_size(v.elem_prim()));
                if (bytes) std::memcpy(out.mutable_data(), v.data(), bytes);
                return out;
            }
            v.make_unique_storage();
        }
        return v;
    }
    case Builtin::Trace: return traced(loc.str(), args[0]);
    case Builtin::RadixSortPerm: return radix_sort_perm(args[1], as_i64(args[0], loc), loc);
    case Builtin::RadixSortWith: {
        const Value &xs = args[2];
        need_array(xs, loc, "radix_sort_with");
        Value perm = radix_sort_perm(args[1], as_i64(args[0], loc), loc);
        if (xs.length() != perm.length()) { // the compiled backends' coercion, and its message
            std::vector<int64_t> want = xs.shape();
            want[0] = perm.length();
            throw RuntimeError(loc, "Value of shape " + shape_string(xs.shape()) + " cannot match shape of type `" +
                                        shape_string(want) + "`.");
        }
        const auto *p = reinterpret_cast<const int64_t *>(perm.data());
        return select_rows(*this, xs, std::vector<int64_t>(p, p + perm.length()));
    }
    case Builtin::Unknown: break;
    }
    throw RuntimeError(loc, "unknown intrinsic: " + f.name);
}

Value radix_sort_perm(const Value &keys, int64_t bits, const SrcLoc &loc) {
    if (!keys.is_prim_array() || keys.shape().size() != 1 || !is_int(keys.elem_prim()))
        throw RuntimeError(loc, "radix_sort_perm: the keys are not a one-dimensional array of integers");
    int width = (int)prim_size(keys.elem_prim()) * 8;
    uint64_t mask = bits <= 0 ? 0 : bits >= 64 || (int)bits >= width ? ~0ull >> (64 - width) : (1ull << bits) - 1;
    int64_t n = keys.length();
    std::vector<uint64_t> k((size_t)n);
    for (int64_t i = 0; i < n; ++i) k[(size_t)i] = keys.flat_prim(i).u & mask;
    Value out = Value::prim_array(PrimType::I64, {n});
    auto *perm = reinterpret_cast<int64_t *>(out.mutable_data());
    for (int64_t i = 0; i < n; ++i) perm[i] = i;
    std::stable_sort(perm, perm + n, [&](int64_t a, int64_t b) { return k[(size_t)a] < k[(size_t)b]; });
    return out;
}

}  // namespace loom::interp
