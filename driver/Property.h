/** \file
 * Property-based testing: a test block's `property: names` (futhark-test.rst).  A
 * property is an entry point marked `#[prop]` that returns a bool; it is called with
 * random candidates until one makes it false (or fail at run time), a counterexample,
 * which is then shrunk and reported.
 *
 * `#[prop(gen(g), shrink(s), size(N))]`: `g : (size: i64) -> (seed: u64) -> t` makes
 * the candidates, `s : t -> u64 -> t` makes a smaller one from a counterexample and a
 * random number, `N` is the size of candidates (default 100).  Without `gen`, each
 * parameter must be a scalar or an array of scalars: arrays get lengths in [0, N] (one
 * length per size name, so `[n]` parameters agree), integers values in [-N, N] ([0, N]
 * unsigned, clamped to the type), floats in [-N, N], booleans either way.  Without
 * `shrink`, a counterexample is shrunk by dropping rows of arrays whose outer size is
 * theirs alone (with those sharing its name) and by moving scalars towards zero.
 */
#pragma once

#include "core/Value.h"
#include "frontend/AST.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace loom {

/** Calls an entry point on one backend. */
using EntryCall = std::function<Value(const std::string &entry, const std::vector<Value> &args)>;

/** Candidates tried before a property counts as holding. */
constexpr int property_candidates = 100;

struct PropertyResult {
    bool passed = false;
    std::string report;  ///< why not: the counterexample, or what is wrong with the property
    bool counterexample = false;  ///< the report is one (which the same seed finds again)
};

/** What `#[prop(gen(g), shrink(s), size(N))]` asks for. */
struct PropertySpec {
    std::string gen, shrink;  ///< entry points, or empty
    int64_t size = 100;
};

/** The spec of `fn`'s `#[prop]` attribute; nullopt when it has none.  A malformed one
 * sets `problem`. */
std::optional<PropertySpec> property_spec(const FunDef &fn, std::string &problem);

/** Tests property `prop` through `call`, candidates drawn from `seed`. */
PropertyResult check_property(const FunDef &prop, const PropertySpec &spec, const EntryCall &call, uint64_t seed);

}  // namespace loom
