/** \file
 * A foreign function: `foreign "HEADER" def name (x: t)... : r [= "symbol"]` declares a
 * C function of scalars that every backend calls (docs/language.md, "Foreign functions").
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

struct ForeignFn {
    std::string name;   ///< Loom's name
    std::string symbol; ///< the C function called (the name unless `= "symbol"`)
    std::string header; ///< as written: `<math.h>` (a system header) or a file's path
    SrcLoc loc;         ///< the header string of the declaration: where its errors point
    /** Filled by the checker. */
    std::string path;   ///< the file read (relative to the declaring file), empty for `<...>`
    std::string text;   ///< that file's contents
    std::vector<PrimType> params;
    PrimType ret = PrimType::I32;
    /** The interpreter's compiled thunk, once built (runtime/cpu/Foreign.h). */
    mutable std::atomic<void *> thunk{nullptr};

    bool system() const { return !header.empty() && header.front() == '<'; }
};
using ForeignFnPtr = std::shared_ptr<ForeignFn>;

/** The code a generated source starts with so that `f` can be called: `#include
 * <math.h>` for a system header (on the GPU only under the emulator: NVRTC has the C maths
 * functions built in), else the file's text under a `#line` naming the file. */
std::string foreign_code(const ForeignFn &f, bool device);

/** The preamble of several foreign functions, each header once, in first-use order. */
std::string foreign_code(const std::vector<std::shared_ptr<const ForeignFn>> &fs, bool device);

/** `symbol((T0)a0, (T1)a1, ...)` cast back to the result's C type. */
std::string foreign_call(const ForeignFn &f, const std::vector<std::string> &args);

} // namespace loom
