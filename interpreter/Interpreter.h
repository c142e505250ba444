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

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace loom
