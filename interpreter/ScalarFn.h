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

/** Compiles `fn` applied to `nargs` scalars by a SOAC at `loc`; null when it is not
 * such a function. */
std::unique_ptr<ScalarFn> compile_scalar_fn(Evaluator &ev, const Value &fn, int nargs, const SrcLoc &loc);

}  // namespace loom::interp
