/** \file
 * Private declarations of the reference interpreter: function values (closures,
 * built-ins, sections), the environment, and the evaluator state shared by
 * Interpreter.cpp (expressions) and Builtins.cpp (the prelude's intrinsics).
 */
#pragma once

#include "interpreter/Interpreter.h"
#include "interpreter/PrimOps.h"

#include <unordered_map>

namespace loom {

namespace interp {

struct Binding {
    const std::string *name;
    Value v;
};

/** The captured locals of a closure (a frame's bindings), chained to the enclosing
 * closure's captures. */
struct CapEnv {
    std::vector<Binding> vars;
    std::shared_ptr<const CapEnv> parent;
};
using CapEnvPtr = std::shared_ptr<const CapEnv>;

/** Instantiation of type parameters (best effort; used to type empty results). */
using TypeSubst = std::vector<std::pair<std::string, TypePtr>>;
using TypeSubstPtr = std::shared_ptr<const TypeSubst>;

enum class Builtin : uint8_t {
    Map, Map2, Map3, Map4, Map5, Reduce, Scan, Filter, Partition, Scatter,
    Hist, ReduceByIndex, Iota, Replicate, Concat, Transpose, Flatten, Flatten3d, Unflatten,
    Unflatten3d, Reverse, Copy, Split, Rep, Trace, Math, Convert,
    Partition2, Flatten4d, Unflatten4d, RadixSortPerm, RadixSortWith, Foreign, Unknown
};

/** One slice entry as written, with its parts evaluated (defaults still open). */
struct SliceSpec {
    bool is_range = false;
    bool has_start = false, has_end = false, has_stride = false;
    int64_t start = 0, end = 0, stride = 1;
};

/** One resolved, bounds-checked entry of a slice. */
struct SliceDim {
    bool is_index = false;
    int64_t start = 0, count = 0, stride = 1;
};

}  // namespace interp

/** A function value: a closure, a built-in, or a section; with the arguments applied so far. */
struct FunctionValue {
    enum class Kind : uint8_t { Closure, Builtin, OpSection, Compose };
    Kind kind = Kind::Closure;
    int arity = 1;
    std::vector<Value> applied;
    // Closure
    const std::vector<PatPtr> *params = nullptr;
    const Exp *body = nullptr;
    const FunDef *fundef = nullptr;  ///< for size parameters
    interp::CapEnvPtr env;
    interp::TypeSubstPtr subst;
    /// Size parameters this use's instantiation fixed that no argument's value shows.
    std::vector<std::pair<std::string, int64_t>> sizes;
    // Builtin
    interp::Builtin builtin = interp::Builtin::Unknown;
    PrimType prim = PrimType::I32;
    interp::MathFn math = interp::MathFn::Unknown;
    std::shared_ptr<const ForeignFn> foreign; ///< Foreign
    std::string name;
    // OpSection (name = operator)
    interp::BinOpKind bop = interp::BinOpKind::None;
    int fixed_side = 0;  ///< 0: none, 1: left operand fixed, 2: right operand fixed
    Value fixed;
    Value user_op;  ///< a user-defined operator function, if any
    // Compose: applied f then g
    Value f, g;
    // The type of the whole function (for empty results), if known.
    TypePtr type;
    SrcLoc loc;
    /// Closure: prelude code, which sees the prelude's definitions only.
    bool prelude = false;
};

}  // namespace loom
