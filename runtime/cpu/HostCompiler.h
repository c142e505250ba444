/** \file
 * The host C++ compiler that builds the CPU backend's generated code into shared objects:
 * `g++` (or $LOOM_CXX) with one set of flags, defined here only.
 */
#pragma once

#include <filesystem>
#include <string>

namespace loom::runtime {

/** The compiler command: $LOOM_CXX, else g++. */
std::string host_compiler();

/** The full flag string: `-std=c++20 <opt> -fopenmp -fPIC -shared -ffp-contract=off`,
 * where <opt> is $LOOM_CPU_CXXFLAGS if set, else `-O3 -march=native`.  No FMA
 * contraction, so float results match the interpreter's. */
std::string host_compiler_flags();

/** The first line of `<compiler> --version` (once per process, and remembered beside the
 * cache in `cxx.id` while the compiler's file is unchanged: runtime::remembered_version):
 * part of cache keys, so a compiler upgrade never reuses stale objects. */
const std::string &host_compiler_version();

struct HostCompileResult {
    bool ok = false;
    std::string output; ///< the compiler's diagnostics
    double ms = 0;
};

/** Compiles `source` into the shared object `out`. */
HostCompileResult compile_shared_object(const std::filesystem::path &source,
                                        const std::filesystem::path &out);

} // namespace loom::runtime
