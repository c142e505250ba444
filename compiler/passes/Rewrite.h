/** \file
 * Small helpers for passes that rebuild IR (the simplifier, bounds-check elimination):
 * one generic rebuild of an expression's parts, and the uses of variables, both written
 * once over every ExpKind.
 *
 * Var ids are unique in a module, so "the vars an expression uses" can simply include the
 * vars bound inside its nested bodies: they never collide with a var bound outside.
 */
#pragma once

#include "compiler/ir/IR.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace loom::passes {

/** How to rebuild the parts of an expression; an unset member keeps that part as it is. */
struct ExpRebuild {
    std::function<ir::SubExp(const ir::SubExp &)> sub; ///< operands, sizes, neutral elements
    std::function<ir::Var(const ir::Var &)> var;       ///< array operands (Var fields)
    std::function<ir::Type(const ir::Type &)> type;    ///< types of binders and results
    std::function<ir::Body(const ir::Body &)> body;    ///< If branches, Loop body and cond
    /** SOAC lambdas; unset: params and ret through `type`, the body through `body`. */
    std::function<ir::Lambda(const ir::Lambda &)> lambda;
};

/** `fresh` (just made, not yet shared) with location `loc`: for the `make` functions that
 * take no location. */
ir::ExpPtr located(ir::ExpPtr fresh, const SrcLoc &loc);

/** A new node of the same kind with every part passed through `r` (loc kept). */
ir::ExpPtr rebuild(const ir::Exp &e, const ExpRebuild &r);

/** Calls `f` on every var that `e` uses: operands, sizes in types, and everything used
 * (or bound) inside its nested bodies and lambdas. */
void for_each_use(const ir::Exp &e, const std::function<void(const ir::Var &)> &f);
/** The same for a statement (its expression and the sizes of its pattern's types). */
void for_each_use(const ir::Stm &s, const std::function<void(const ir::Var &)> &f);
void for_each_use(const ir::Body &b, const std::function<void(const ir::Var &)> &f);
void for_each_use(const ir::Type &t, const std::function<void(const ir::Var &)> &f);

/** Calls `f` on every statement of `b`, nested ones included (pre-order). */
void for_each_stm(const ir::Body &b, const std::function<void(const ir::Stm &)> &f);

/** Calls `f` on every var bound inside `e` (loop params and index, lambda params, and the
 * patterns of nested statements), not on the statement's own pattern. */
void for_each_binder(const ir::Exp &e, const std::function<void(const ir::Param &)> &f);

/** The lambdas of a SOAC (map lambda first for Screma); none for other kinds. */
std::vector<const ir::Lambda *> nested_lambdas(const ir::Exp &e);
/** Every body nested directly in `e`: If branches, a Loop's cond and body, lambda bodies. */
std::vector<const ir::Body *> nested_bodies(const ir::Exp &e);

/** The width (outer size) of a SOAC; an internal error for other kinds. */
const ir::SubExp &soac_width(const ir::Exp &e);

/** The map-like lambda of a SOAC (a map, filter or screma: run once per row, row 0
 * first), the arrays whose rows it takes and their count; `lam` null for other kinds. */
struct MapLike {
    const ir::Lambda *lam = nullptr;
    const std::vector<ir::Var> *inputs = nullptr;
    ir::SubExp w;
};
MapLike map_like(const ir::Exp &e);

/** The parts of a reduce or scan (the passes that rewrite their operands read both). */
struct ReduceOrScan {
    bool scan;
    const ir::SubExp &w;
    const ir::Lambda &lam;
    const std::vector<ir::SubExp> &neutral;
    const std::vector<ir::Var> &inputs;
};
/** `e`'s parts when it is a reduce or scan. */
std::optional<ReduceOrScan> reduce_or_scan(const ir::Exp &e);
/** A reduce or scan (as `rs` is) of `lam` over `inputs`, located at `loc`. */
ir::ExpPtr reduce_or_scan(const ReduceOrScan &rs, ir::Lambda lam, std::vector<ir::SubExp> neutral,
                          std::vector<ir::Var> inputs, const SrcLoc &loc);

/** The operands among `marked` (of an operator) that `rewrite` takes: all of them when it
 * takes them together, else those it takes one more at a time; `marked` keeps those, and
 * the result is what `rewrite` made of them (nullopt: none). */
template <class Made>
std::optional<Made>
operands_taken(std::vector<bool> &marked,
               const std::function<std::optional<Made>(const std::vector<bool> &)> &rewrite) {
    std::optional<Made> made;
    if (std::find(marked.begin(), marked.end(), true) != marked.end())
        made = rewrite(marked);
    if (made)
        return made;
    std::vector<bool> some(marked.size(), false);
    for (size_t i = 0; i < marked.size(); i++) {
        if (!marked[i])
            continue;
        some[i] = true;
        if (auto m = rewrite(some))
            made = std::move(m);
        else
            some[i] = false;
    }
    marked = some;
    return made;
}

/** `b` with each statement for which `rewrite` returns true replaced by what it appended
 * to its second argument (nested statements first: bodies are rebuilt through this). */
ir::Body replace_stms(const ir::Body &b,
                      const std::function<bool(const ir::Stm &, std::vector<ir::Stm> &)> &rewrite);
/** The same for the body of every function of `m`. */
void replace_stms(ir::Module &m,
                  const std::function<bool(const ir::Stm &, std::vector<ir::Stm> &)> &rewrite);

/** The type of every var of `f` (params, patterns, loop and lambda binders) by id. */
std::unordered_map<int, ir::Type> collect_types(const ir::Function &f);

/** The vars that are array sizes, so >= 0, throughout `f`: its size params and the vars
 * among its params' dimensions. */
std::unordered_set<int> function_sizes(const ir::Function &f);

/** The value of a scalar operation (a conversion, a unary or binary operator, a math
 * function) whose operands are all constants, with the interpreter's semantics; none for
 * any other expression.  Throws the RuntimeError the operation fails with (an integer
 * division by zero), which a caller folding it leaves to run time. */
std::optional<PrimValue> constant_value(const ir::Exp &e);

/** Whether running the statement can end in a run-time error (or never end): a checked
 * access, slice, range, coercion or assertion, integer division without a known non-zero
 * divisor, a negative exponent, iota/replicate of an unknown size, a while loop, or any
 * of these inside its bodies.  Such a statement must not be removed when dead, moved, or
 * run where it would not have run.  `endless` false leaves while loops out: fusion
 * interleaves them with what can fail (a loop that never ends gives no result to keep;
 * Mandelbrot's escape counts then index a palette in the same kernel). */
bool can_fail(const ir::Stm &s, bool endless = true);
bool can_fail(const ir::Body &b, bool endless = true);
/** can_fail of the statement's own expression, not counting the bodies nested in it. */
bool fails_itself(const ir::Stm &s, bool endless = true);

} // namespace loom::passes
