/** \file
 * A foreign function: `foreign "HEADER" ["LIBRARIES"] def name (x: t)... : r [= "symbol"]`
 * declares a C function of scalars or arrays that every backend calls (docs/language.md,
 * "Foreign functions").
 * The parser makes it, the checker fills in its types and the file's text; the
 * interpreter calls it through a compiled thunk (runtime/cpu/Foreign.h), the compiled
 * backends paste the same text into their generated code.
 */
#pragma once

#include "core/Diagnostic.h"
#include "core/PrimType.h"

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace loom {

/** A parameter or a result of a foreign function: a scalar, or an array (row-major,
 * contiguous) whose dimensions are the function's size parameters `dims`. */
struct ForeignArg {
    PrimType elem = PrimType::I32;
    std::vector<int> dims; ///< an index into ForeignFn::size_names per dimension
    bool array() const { return !dims.empty(); }
};

struct ForeignFn {
    std::string name;   ///< Loom's name
    std::string symbol; ///< the C function called (the name unless `= "symbol"`)
    std::string header; ///< as written: `<math.h>` (a system header) or a file's path
    SrcLoc loc;         ///< the header string of the declaration: where its errors point
    std::string libraries; ///< as written (`"-lgsl -lgslcblas"`), may be empty
    SrcLoc libraries_loc;
    /** Filled by the checker. */
    std::string path;   ///< the file read (relative to the declaring file), empty for `<...>`
    std::string text;   ///< that file's contents
    std::vector<std::string> link; ///< `libraries` for the linker (relative paths resolved)
    std::vector<std::string> size_names; ///< `[n]` size parameters, passed first (int64_t)
    std::vector<ForeignArg> params;
    std::vector<ForeignArg> rets;        ///< one, or a tuple's components
    /** The interpreter's compiled thunk, once built (runtime/cpu/Foreign.h). */
    mutable std::atomic<void *> thunk{nullptr};

    bool system() const { return !header.empty() && header.front() == '<'; }
    /** One scalar result, which the C function returns; otherwise it writes each result
     * through a pointer after the parameters and returns void. */
    bool returns_scalar() const { return rets.size() == 1 && !rets[0].array(); }
    /** Its C runs on the host only: it takes or gives arrays, or links a library (the
     * cuda backend runs kernels calling it on the host). */
    bool host_only() const { return !scalar() || !link.empty(); }
    /** Scalars only: a call the backends treat as any scalar operation. */
    bool scalar() const {
        for (const ForeignArg &a : params)
            if (a.array())
                return false;
        return returns_scalar();
    }
};
using ForeignFnPtr = std::shared_ptr<ForeignFn>;

/** The code a generated source starts with so that `f` can be called: `#include
 * <math.h>` for a system header (on the GPU only under the emulator: NVRTC has the C maths
 * functions built in), else the file's text under a `#line` naming the file. */
std::string foreign_code(const ForeignFn &f, bool device);

/** The preamble of several foreign functions, each header once, in first-use order. */
std::string foreign_code(const std::vector<std::shared_ptr<const ForeignFn>> &fs, bool device);

/** The linker arguments of several foreign functions, each once, in first-use order. */
std::vector<std::string> foreign_link(const std::vector<std::shared_ptr<const ForeignFn>> &fs);

/** The C call: `args` are the sizes, the parameters (arrays: pointers to their first
 * elements) and, unless it returns a scalar, the results' pointers, in that order.
 * Scalars are cast to their C types, and a scalar result back to its type. */
std::string foreign_call(const ForeignFn &f, const std::vector<std::string> &args);

} // namespace loom
