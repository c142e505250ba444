/** \file
 * The evaluator behind Interpreter (private to interpreter/).  Eval.cpp holds
 * expressions, patterns, application and indexing; Builtins.cpp the intrinsics.
 */
#pragma once

#include "frontend/Frontend.h"
#include "core/Stack.h"
#include "interpreter/Interp_Internal.h"
#include "interpreter/Interpreter.h"

#include <set>
#include <unordered_map>

namespace loom::interp {

class ScalarCompiler;

class Evaluator {
public:
    Evaluator();
    void load(const Program &prog, const Interpreter::ConstantHook &compute = {});
    /** Loads the prelude: its code keeps seeing its own definitions. */
    void load_prelude(const Program &prelude);
    std::optional<Value> constant_value(const FunDef &def) const;
    /** Calls a top-level definition from outside (an entry point): checks the
     * arguments' sizes against its parameter types first (EntryArgs.h). */
    Value call_global(const std::string &name, const std::vector<Value> &args);
    Value eval_top(const Exp &e);

    const std::atomic<bool> *interrupt = nullptr;
    Interpreter::TraceHook trace;
    Interpreter::BreakHook on_break;
    /** The locals in scope (Interpreter::BreakHook), as lookup finds them. */
    Interpreter::Locals locals();
    int untraced = 0;  ///< > 0 while evaluating what the program did not ask for (a sample row)
    /** Passes v to the trace hook (`#[trace]`, `trace`) and returns it. */
    Value traced(const std::string &label, Value v) {
        if (trace && !untraced) trace(label, v);
        return v;
    }
    StackGuard stack;  ///< reset at each public entry (the thread may differ)

    // ---- used by Builtins.cpp
    Value eval(const Exp &e);
    /** Applies `fn` to `n` arguments (curried: fewer gives a partial application, more
     * applies the result to the rest).  `result_type` is the type of the application
     * (may be null), used to type empty results. */
    Value apply(const Value &fn, Value *args, int n, const SrcLoc &loc, const Type *result_type);
    Value apply1(const Value &fn, Value a, const SrcLoc &loc) { return apply(fn, &a, 1, loc, nullptr); }
    Value apply2(const Value &fn, Value a, Value b, const SrcLoc &loc,
                 const Type *result_type = nullptr) {
        Value args[2] = {std::move(a), std::move(b)};
        return apply(fn, args, 2, loc, result_type);
    }
    Value call_builtin(const FunctionValue &f, Value *args, const SrcLoc &loc, const Type *result_type);
    /** Resolves type variables (current substitution) and named sizes (variables in scope). */
    TypePtr resolve_type(const TypePtr &t);
    Dim resolve_dim(const Dim &d);
    Dim resolve_call_dim(const Dim &d);
    /** An empty array of the given (resolved) array type, outer size 0. */
    Value empty_array(const TypePtr &array_type);
    /** Best-effort type of a value (for boxed arrays' element types). */
    TypePtr type_of_value(const Value &v);
    inline void poll() {
        if (interrupt && ((++poll_counter_ & 0x3FFF) == 0) && interrupt->load(std::memory_order_relaxed))
            throw Interrupted();
    }
    Value index_value(const Value &arr, const std::vector<SliceSpec> &specs, const SrcLoc &loc);
    bool equal_values(const Value &a, const Value &b);
    /** Sizes that `split`/`unflatten` read off their argument's written type when the
     * checker's type of the call lost them (`split (xs :> [n + m]t)`); set just before
     * the call, consumed (cleared) by call_builtin. */
    std::vector<int64_t> size_hint;
    /** Modules opened by enclosing `M.(e)` expressions, innermost last: a name `x`
     * means `M.x` when M defines it. */
    std::vector<std::string> open_modules;
    /** Closure bodies (with their argument counts) that compile_scalar_fn could not
     * compile: not tried again at each SOAC call (each try costs a thrown exception). */
    std::set<std::pair<const Exp *, int>> not_scalar_fns;
    /** Result of `map fn` over empty arrays, row shape taken from one zero sample (Builtins.cpp). */
    bool empty_map_by_sample(const Value &fn, const Value *arrs, int k, const Type *rt, const SrcLoc &loc,
                             Value &out);
    Value binop_values(BinOpKind k, const std::string &op, const Value &a, const Value &b,
                       const Value *user_op, const SrcLoc &loc);

private:
    friend class ScalarCompiler;  // ScalarFn.cpp: compiles closures in their environment
    struct Frame {
        size_t base = 0;
        const CapEnvPtr *cap = nullptr;  ///< owned by the running closure
        const TypeSubst *subst = nullptr;
        bool prelude = false;  ///< prelude code runs: names are the prelude's
    };
    struct FrameGuard {
        Evaluator &ev;
        Frame saved;
        size_t height;
        explicit FrameGuard(Evaluator &e) : ev(e), saved(e.frame_), height(e.stack_.size()) {}
        ~FrameGuard() {
            ev.stack_.resize(height);
            ev.frame_ = saved;
        }
    };
    struct ScopeGuard {  // pops bindings pushed in a scope
        Evaluator &ev;
        size_t height;
        explicit ScopeGuard(Evaluator &e) : ev(e), height(e.stack_.size()) {}
        ~ScopeGuard() { ev.stack_.resize(height); }
    };

    struct Global {
        Value value;
        bool evaluated = false;
        FunDefPtr def;
    };

    std::vector<Binding> stack_;
    Frame frame_;
    std::unordered_map<std::string, Global> globals_;
    /// The prelude's definitions, as prelude code sees them whatever a program defines
    /// later (a user's `def reduce` does not change `i32.sum`).
    std::unordered_map<std::string, Global> prelude_globals_;
    bool loading_prelude_ = false;
    std::unordered_map<std::string, Global> &visible_globals() {
        return frame_.prelude ? prelude_globals_ : globals_;
    }
    std::vector<DeclPtr> keep_alive_;
    uint32_t poll_counter_ = 0;

    const Value *lookup(const std::string &name);
    Value *lookup_local_mut(const std::string &name);
    const Value &lookup_or_fail(const std::string &name, const SrcLoc &loc);
    void push(const std::string &name, Value v) { stack_.push_back(Binding{&name, std::move(v)}); }
    CapEnvPtr capture();
    Value make_closure(const std::vector<PatPtr> &params, const Exp &body, const FunDef *def,
                       TypePtr type, const SrcLoc &loc);
    Value invoke(const FunctionValue &f, Value *args, const SrcLoc &loc, const Type *result_type);

    void bind_pat(const Pat &p, Value v);
    bool match_pat(const Pat &p, const Value &v);
    /** Adds to `out` the sizes `names` that t gives v's shape (those not in it yet). */
    void bind_sizes_from(const TypePtr &t, const Value &v, const std::vector<std::string> &names,
                         std::vector<std::pair<std::string, int64_t>> &out);
    /** Binds the sizes `names` that pattern p's types give v's shape. */
    void bind_sizes_from(const Pat &p, const Value &v, const std::vector<std::string> &names);
    void pat_sizes(const Pat &p, const Value &v, const std::vector<std::string> &names,
                   std::vector<std::pair<std::string, int64_t>> &out);
    /** Whether t is an array type with a size not known (a variable or existential). */
    static bool has_unknown_dims(const TypePtr &t);
    /** The unknown sizes of the type parameters in `s` that parameter type `decl` (the
     * parameter itself, or arrays of it) gives the value v, from v's shape. */
    static void type_param_sizes(const TypePtr &decl, const Value &v, TypeSubst &s);
    /** Sizes named in `pat` (a parameter or return type) that `actual` (a checked type
     * at the call) determines; names of `actual` resolve in the current scope. */
    void sizes_from_fun_values(const TypePtr &t, const Value &v, const std::vector<std::string> &names,
                               std::vector<std::pair<std::string, int64_t>> &out);
    void sizes_from_types(const TypePtr &pat, const Type &actual, const std::vector<std::string> &names,
                          std::vector<std::pair<std::string, int64_t>> &out, const CapEnv *env = nullptr);
    Value eval_consume(const Exp &e);
    Value eval_var(const Var &v);
    Value eval_binop_exp(const BinOp &b);
    Value eval_apply(const Apply &a);
    void set_size_hint(const Value &fn, const Exp &arg);
    /** Sizes for the next closure invocation, from the call's argument types (EvalExp.cpp). */
    std::vector<std::pair<std::string, int64_t>> call_sizes_;
    const FunctionValue *call_sizes_for_ = nullptr;  ///< the closure call_sizes_ is for
    void call_sizes_from_arg_types(const Value &fn, const ExpPtr *args, size_t n);
    Value eval_loop(const Loop &l);
    Value eval_range(const RangeExp &r);
    Value eval_array_lit(const ArrayLit &a);
    std::vector<SliceSpec> eval_specs(const std::vector<DimIndex> &slice);
    Value update_value(Value arr, const std::vector<SliceSpec> &specs, const Value &v, const SrcLoc &loc);
    Value literal_int(const IntLit &l);
    Value literal_float(const FloatLit &l);
    void check_coerce(const TypeExp &te, const Value &v, const SrcLoc &loc, const Type *full);
    /** A call's result against the sizes its function declares (in the function's
     * frame): the checker lets unknown sizes (a slice's) meet declared ones, and compiled
     * code checks them where it inlines the call (Lower's conform_result), so this
     * does too, with its message.  Not for an entry point's own result (call_global). */
    void check_result_sizes(const TypePtr &ret, const Value &v, const SrcLoc &loc);
    void check_pat_sizes(const Pat &p, const Value &v, const SrcLoc &loc);
    /** The part of v (v, or a component of a tuple or record) whose sizes are not those
     * of written type te (checked: `full`); null when they all are. */
    const Value *coerce_mismatch(const TypeExp &te, const Value &v, const Type *full);
    void define_fun(const FunDefPtr &def, const Interpreter::ConstantHook &compute);
    void check_entry_args(const FunDef &def, const std::vector<Value> &args);
    const Value &global_value(Global &g, const std::string &name);
    TypeSubstPtr type_subst(const FunDef &fd, const std::vector<TypePtr> &targs);
    Value with_type_args(const Value &fn, const std::vector<TypePtr> &targs);
};

/** Resolves the slice for an array of the given shape; throws Futhark's bounds message. */
std::vector<SliceDim> resolve_slice(const std::vector<SliceSpec> &specs,
                                    const std::vector<int64_t> &shape, const SrcLoc &loc);
/** The array (or element) selected by a resolved slice. */
Value gather_slice(const Value &arr, const std::vector<SliceDim> &dims);
/** `radix_sort_perm bits keys` (the prelude's): the stable permutation sorting the integer
 * array `keys` by each key's low `bits` bits as an unsigned number, by a comparison sort
 * (the reference the backends' radix sorts are tested against). */
Value radix_sort_perm(const Value &keys, int64_t bits, const SrcLoc &loc);
/** Shape of a value as "[3][2]" for messages. */
/** `[2][3]`; the dimension `unknown`, if any, as `[?]`. */
std::string shape_string(const std::vector<int64_t> &shape, int unknown = -1);

}  // namespace loom::interp
