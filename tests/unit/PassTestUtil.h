/** \file
 * Helpers for the unit tests of the compiler passes (test_simplify.cpp, test_bounds.cpp):
 * compile a small program through the pipeline, print its IR, and run it in IREval and
 * the interpreter, comparing results or the first run-time error. The corpus helpers are in
 * CorpusUtil.h.
 */
#pragma once

#include "CorpusUtil.h"

#include "compiler/Pipeline.h"
#include "compiler/ir/IREval.h"
#include "core/ValueIO.h"
#include "frontend/Frontend.h"
#include "interpreter/Interpreter.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace loom::passtest {

using corpus::checked;

/** Only the passes asked for (fusion off: it is tested on its own), verified after each. */
inline compiler::PipelineOptions options(bool simplify, bool bounds) {
    compiler::PipelineOptions o;
    o.verify_each_pass = true;
    o.fuse = false;
    o.simplify = simplify;
    o.eliminate_bounds_checks = bounds;
    return o;
}

inline compiler::Optimised optimised(const std::string &src, bool simplify = true,
                                     bool bounds = true) {
    return compiler::optimise(checked(src), "main", options(simplify, bounds));
}

inline std::string ir_text(const std::string &src, bool simplify = true, bool bounds = true) {
    return ir::to_string(optimised(src, simplify, bounds).module);
}

/** A result or the first run-time error ("message @ location"). */
struct Outcome {
    bool ok = true;
    Value value;
    std::string error;
};
inline std::string error_text(const RuntimeError &e) {
    return e.message() + " @ " + e.loc().str();
}
inline Outcome run_interp(const Program &p, const std::string &entry,
                          const std::vector<Value> &args) {
    Interpreter in;
    in.load(p);
    Outcome o;
    try {
        o.value = in.call(entry, args);
    } catch (const RuntimeError &e) {
        o.ok = false;
        o.error = error_text(e);
    }
    return o;
}
inline Outcome run_ir(const ir::Module &m, const std::string &entry,
                      const std::vector<Value> &args) {
    Outcome o;
    try {
        o.value = ir::eval_function(m, entry, args);
    } catch (const RuntimeError &e) {
        o.ok = false;
        o.error = error_text(e);
    }
    return o;
}
inline bool same_outcome(const Outcome &a, const Outcome &b) {
    if (a.ok != b.ok)
        return false;
    return a.ok ? values_close(a.value, b.value) : a.error == b.error;
}
inline std::string describe(const Outcome &o) {
    return o.ok ? value_to_string(o.value) : "error: " + o.error;
}

/** Runs `src`'s main optimised (simplify and bounds on) and in the interpreter. */
inline bool agree(const std::string &src, const std::vector<Value> &args) {
    Program p = checked(src);
    compiler::Optimised o = compiler::optimise(p, "main", options(true, true));
    Outcome a = run_interp(p, "main", args), b = run_ir(o.module, "main", args);
    if (!same_outcome(a, b)) {
        MESSAGE("interpreter: " << describe(a) << "\nIR: " << describe(b) << "\n"
                                << ir::to_string(o.module));
        return false;
    }
    return true;
}

inline Value i64v(int64_t x) {
    return Value(PrimValue::integer(PrimType::I64, (uint64_t)x));
}
inline Value i32v(int32_t x) {
    return Value(PrimValue::integer(PrimType::I32, (uint64_t)(int64_t)x));
}
inline Value i32_array(const std::vector<int32_t> &xs) {
    Value a = Value::prim_array(PrimType::I32, {(int64_t)xs.size()});
    for (size_t i = 0; i < xs.size(); i++)
        store_prim(PrimType::I32, a.mutable_data(), (int64_t)i,
                   PrimValue::integer(PrimType::I32, (uint64_t)(int64_t)xs[i]));
    return a;
}

inline Value i64_array(const std::vector<int64_t> &xs) {
    Value a = Value::prim_array(PrimType::I64, {(int64_t)xs.size()});
    for (size_t i = 0; i < xs.size(); i++)
        store_prim(PrimType::I64, a.mutable_data(), (int64_t)i,
                   PrimValue::integer(PrimType::I64, (uint64_t)xs[i]));
    return a;
}

inline bool contains(const std::string &hay, const std::string &needle) {
    return hay.find(needle) != std::string::npos;
}
inline int count_of(const std::string &hay, const std::string &needle) {
    int n = 0;
    for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1))
        n++;
    return n;
}

} // namespace loom::passtest
