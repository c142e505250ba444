/** \file
 * The reference interpreter: evaluates a type-checked program directly from the
 * AST.  It defines what every Loom program means, so it checks everything at run
 * time (bounds, sizes, asserts, division by zero) and reports the source location
 * as a RuntimeError.  It depends on no compiler pass.
 */
#pragma once

#include "core/Value.h"
#include "frontend/AST.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom {

class Interpreter {
public:
    /** Loads the (checked) prelude's definitions. */
    Interpreter();
    ~Interpreter();
    Interpreter(const Interpreter &) = delete;
    Interpreter &operator=(const Interpreter &) = delete;

    /** Computes a top-level constant in the interpreter's place (a session's compiled
     * backend), or says nothing to leave it to the interpreter. */
    using ConstantHook = std::function<std::optional<Value>(const FunDef &)>;

    /** Adds the definitions of a checked program (later definitions shadow earlier
     * ones, as in a REPL session).  Top-level constants are evaluated here, in order
     * (by `compute` where it gives a value). */
    void load(const Program &prog, const ConstantHook &compute = {});

    /** The value of top-level constant `def` when it is the definition its name now
     * refers to. */
    std::optional<Value> constant_value(const FunDef &def) const;

    /** Calls a top-level function with the given arguments.  A function returning a
     * tuple returns a Tuple value.  Throws RuntimeError. */
    Value call(const std::string &name, const std::vector<Value> &args);

    /** Evaluates a checked expression in the scope of the loaded definitions. */
    Value eval(const Exp &e);

    /** When set, evaluation polls the flag and throws Interrupted once it is true. */
    void set_interrupt_flag(const std::atomic<bool> *flag);

    /** Receives what `#[trace] e`, `#[trace(tag)] e` and the prelude's `trace e` print:
     * the tag (or e's location) and e's value, as each is evaluated.  Unset (the
     * default): traces print nothing, as in `loom test`. */
    using TraceHook = std::function<void(const std::string &label, const Value &value)>;
    void set_trace_hook(TraceHook hook);
    const TraceHook &trace_hook() const;

    /** Called at `#[break] e` before e is evaluated, with its place and the local
     * variables in scope there (innermost last; shadowed ones left out).  The evaluation
     * goes on when it returns (throw Interrupted to stop it).  Unset: breaks do nothing. */
    struct Local {
        std::string name;
        Value value;
        TypePtr type;  ///< from the value (null for a function or a sum, whose type it does not hold)
    };
    using Locals = std::vector<Local>;
    using BreakHook = std::function<void(const SrcLoc &at, const Locals &locals)>;
    void set_break_hook(BreakHook hook);
    const BreakHook &break_hook() const;
    /** Inside a BreakHook: evaluates a checked expression in the scope of the loaded
     * definitions (none of the stopped evaluation's locals), leaving the stopped
     * evaluation as it was. */
    Value eval_nested(const Exp &e);
    /** Inside a BreakHook: applies a function value to arguments. */
    Value apply_nested(const Value &fn, std::vector<Value> args);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace loom
