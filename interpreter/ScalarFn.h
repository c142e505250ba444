/** \file
 * Scalar function compilation (private to interpreter/): a function value whose body
 * only does scalar work (arithmetic, comparisons, `if`, `let`, calls of scalar
 * functions, indexing of captured arrays) is compiled once per SOAC call into a
 * tree of nodes over typed slots, which the SOAC then runs per element without
 * allocating.  The nodes evaluate exactly as Evaluator::eval would (same operator
 * dispatch, same errors at the same locations); anything else is not compiled and
 * takes the general path.
 */
#pragma once

#include "interpreter/Evaluator.h"

#include <cstring>
#include <memory>
#include <vector>

namespace loom::interp {

class ScalarFn;

struct SNode {
    virtual ~SNode() = default;
    virtual PrimValue eval(ScalarFn &f) const = 0;
};

class ScalarFn {
public:
    /** Runs the function on `nparams` scalar arguments. */
    PrimValue call(const PrimValue *args) {
        for (int i = 0; i < nparams; ++i) slots[(size_t)i] = args[i];
        return root->eval(*this);
    }

    std::vector<PrimValue> slots;
    int nparams = 0;
    const SNode *root = nullptr;
    std::vector<std::unique_ptr<SNode>> nodes;
    std::vector<Value> keep;  ///< captured arrays the nodes point into
};

/** eval_binop on two operands of the same type, inlined for the common cases (all
 * errors and the other types go through eval_binop). */
inline PrimValue binop_fast(BinOpKind k, const PrimValue &x, const PrimValue &y, const SrcLoc &loc) {
    PrimValue r;
    switch (x.type) {
    case PrimType::I32:
        r.type = PrimType::I32;
        switch (k) {
        case BinOpKind::Add: r.i = (int32_t)(x.u + y.u); return r;
        case BinOpKind::Sub: r.i = (int32_t)(x.u - y.u); return r;
        case BinOpKind::Mul: r.i = (int32_t)(x.u * y.u); return r;
        case BinOpKind::Lt: return mk_bool(x.i < y.i);
        case BinOpKind::Le: return mk_bool(x.i <= y.i);
        case BinOpKind::Gt: return mk_bool(x.i > y.i);
        case BinOpKind::Ge: return mk_bool(x.i >= y.i);
        case BinOpKind::Eq: return mk_bool(x.i == y.i);
        case BinOpKind::Neq: return mk_bool(x.i != y.i);
        default: break;
        }
        break;
    case PrimType::I64:
        r.type = PrimType::I64;
        switch (k) {
        case BinOpKind::Add: r.u = x.u + y.u; return r;
        case BinOpKind::Sub: r.u = x.u - y.u; return r;
        case BinOpKind::Mul: r.u = x.u * y.u; return r;
        case BinOpKind::Lt: return mk_bool(x.i < y.i);
        case BinOpKind::Le: return mk_bool(x.i <= y.i);
        case BinOpKind::Gt: return mk_bool(x.i > y.i);
        case BinOpKind::Ge: return mk_bool(x.i >= y.i);
        case BinOpKind::Eq: return mk_bool(x.i == y.i);
        case BinOpKind::Neq: return mk_bool(x.i != y.i);
        default: break;
        }
        break;
    case PrimType::F64:
        r.type = PrimType::F64;
        switch (k) {
        case BinOpKind::Add: r.f = x.f + y.f; return r;
        case BinOpKind::Sub: r.f = x.f - y.f; return r;
        case BinOpKind::Mul: r.f = x.f * y.f; return r;
        case BinOpKind::Div: r.f = x.f / y.f; return r;
        case BinOpKind::Lt: return mk_bool(x.f < y.f);
        case BinOpKind::Le: return mk_bool(x.f <= y.f);
        case BinOpKind::Gt: return mk_bool(x.f > y.f);
        case BinOpKind::Ge: return mk_bool(x.f >= y.f);
        default: break;
        }
        break;
    default: break;
    }
    return eval_binop(k, x, y, loc);
}

/** load_prim, inlined for the common types (the hot loops of compiled SOACs). */
inline PrimValue load_fast(PrimType t, const uint8_t *base, int64_t i) {
    PrimValue r;
    r.type = t;
    switch (t) {
    case PrimType::I32: { int32_t x; std::memcpy(&x, base + i * 4, 4); r.i = x; return r; }
    case PrimType::I64: std::memcpy(&r.i, base + i * 8, 8); return r;
    case PrimType::F64: std::memcpy(&r.f, base + i * 8, 8); return r;
    case PrimType::F32: { float x; std::memcpy(&x, base + i * 4, 4); r.f = x; return r; }
    default: return load_prim(t, base, i);
    }
}

/** store_prim, inlined for a value of the buffer's own type. */
inline void store_fast(PrimType t, uint8_t *base, int64_t i, const PrimValue &v) {
    if (v.type == t) {
        switch (t) {
        case PrimType::I32: { int32_t x = (int32_t)v.i; std::memcpy(base + i * 4, &x, 4); return; }
        case PrimType::I64: std::memcpy(base + i * 8, &v.i, 8); return;
        case PrimType::F64: std::memcpy(base + i * 8, &v.f, 8); return;
        case PrimType::F32: { float x = (float)v.f; std::memcpy(base + i * 4, &x, 4); return; }
        default: break;
        }
    }
    store_prim(t, base, i, v);
}

/** Compiles `fn` applied to `nargs` scalars by a SOAC at `loc`; null when it is not
 * such a function. */
std::unique_ptr<ScalarFn> compile_scalar_fn(Evaluator &ev, const Value &fn, int nargs, const SrcLoc &loc);

}  // namespace loom::interp
