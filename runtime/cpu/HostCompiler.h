/** \file
 * The host C++ compiler that builds the CPU backend's generated code into shared objects:
 * `g++` (or $LOOM_CXX) with one set of flags, defined here only.
 */
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace loom::runtime {

/** The compiler command: $LOOM_CXX, else g++. */
std::string host_compiler();

/** The full flag string: `-std=c++20 <opt> -fopenmp -fPIC -shared -ffp-contract=off
 * -fno-math-errno`,
 * where <opt> is `opt` if given (the emulated GPU's kernels: EmuDevice.h), else
 * $LOOM_CPU_CXXFLAGS if set, else `-O3 -march=native`, and
 * `-fuse-ld=gold` where ld.gold is on $PATH (it links a generated object in a third of
 * ld.bfd's time).  No FMA contraction, so float results match the interpreter's; no
 * errno from math functions (nothing reads it), so a loop of square roots or roundings
 * vectorises (a sum of square roots of 10^7 f32 took 16 ms, now 0.9). */
std::string host_compiler_flags(const std::string &opt = {});

/** The first line of `<compiler> --version` (once per process, and remembered beside the
 * cache in `cxx.id` while the compiler's file is unchanged: runtime::remembered_version):
 * part of cache keys, so a compiler upgrade never reuses stale objects. */
const std::string &host_compiler_version();

struct HostCompileResult {
    bool ok = false;
    std::string output; ///< the compiler's diagnostics
    double ms = 0;
};

/** Compiles `source` into the shared object `out`; with `prelude`, a header the compiler
 * reads first (`-include`: precompiled_prelude's); `link`: linker arguments after the
 * source (`-lNAME`, `-LDIR`, library files: foreign functions' libraries).  With
 * `exports` (a C library's functions), those symbols and no other are exported: it
 * compiles with `-fvisibility=hidden -fvisibility-inlines-hidden` and links with a
 * version script naming them (written beside `out` for the while, then removed). */
HostCompileResult compile_shared_object(const std::filesystem::path &source,
                                        const std::filesystem::path &out,
                                        const std::filesystem::path &prelude = {},
                                        const std::vector<std::string> &link = {},
                                        const std::vector<std::string> &exports = {},
                                        const std::string &opt = {});

/** The precompiled header of `prelude` (the runtime text generated sources start with)
 * for this compiler and these flags, kept beside the kernel cache (`pch/<key>/`, the four
 * used last; `loom cache --clear` removes them): parsing the runtime is half of a small
 * program's compile.  When it is not built yet, starts
 * building it in a detached background shell (a short-lived process neither waits for it
 * nor leaves a half-written one: the directory is renamed into place when complete) and
 * returns nullopt; so does $LOOM_NO_PCH. */
std::optional<std::filesystem::path> precompiled_prelude(const std::string &prelude,
                                                         const std::string &opt = {});

} // namespace loom::runtime
