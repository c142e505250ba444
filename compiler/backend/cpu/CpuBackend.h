/** \file
 * The CPU backend: C++ source for an optimised function (CodegenCpu.cpp), compiled by the
 * host compiler into a shared object through the kernel cache and loaded with dlopen
 * (CpuEntry.cpp).  Kernels (passes/Kernels.h) run on all cores; SOACs inside kernels and
 * everything else run sequentially.  Semantics are the IR's (docs/ir.md) and so the
 * interpreter's: the same results and the same run-time errors at the same locations.
 *
 * Design (details in runtime/cpu/loom_cpu_rt.h, the runtime pasted into every source):
 *  - ABI: `extern "C" int loom_entry(Ctx *, Val *args, Val *results)`; args are the size
 *    params then the flat params (arrays as borrowed views of the caller's buffers, never
 *    written), results come back as data + shape + a block, which becomes the result
 *    Value's storage when the result holds its only reference (`loom_lendable`) and is
 *    released (`loom_release`) when that Value goes, else is copied; a failure returns 1 with a location index into CpuCode::locs, a kind
 *    and numbers, from which CpuEntry.cpp builds the interpreter's message.
 *  - Memory: arrays are reference-counted blocks; an array operand is moved at its last
 *    use, so `with` updates, scatter and hist write in place when nothing else holds
 *    the array (count one), and copy otherwise.
 *  - Parallelism: each kernel splits its index space into chunks run by OpenMP threads
 *    (fewer when the machine is busy); reductions and scans combine per-chunk partial
 *    results in chunk order (scans in two passes), filters count per chunk then copy,
 *    hist uses per-chunk private histograms when they are small.  Kernels of fewer than
 *    4096 iterations run sequentially.  Everything inside a kernel's lambdas is sequential.
 */
#pragma once

#include "compiler/Pipeline.h"
#include "runtime/cpu/ObjectCache.h"

#include <memory>
#include <string>
#include <vector>

namespace loom::runtime {
class SharedObject;
}

namespace loom::cpu {

struct CpuCode {
    std::string source;        ///< one self-contained C++ translation unit
    std::vector<SrcLoc> locs;  ///< location table: the generated code reports errors by index
    size_t prelude_size = 0;   ///< the runtime text source starts with (precompiled once)
};

/** Generates the C++ for function `f` (the kernels numbered as find_kernels does); the
 * other functions of `m` (its callees) become C++ functions too. */
CpuCode generate(const ir::Function &f, const ir::Module *m = nullptr);

/** Generates, compiles (or finds in the cache) and loads the optimised entry point; the
 * report's kernels get their cache status and compile time. */
std::shared_ptr<compiler::CompiledEntry> build(compiler::Optimised opt);

/** Sources of the CPU ABI built into shared objects (runtime/cpu/ObjectCache.h); the
 * cuda backend builds its host programs this way too. */
using runtime::LoadedObject;
using runtime::load_object;

/** The entry point in `so` (loom_entry/loom_release/loom_lendable/loom_lent/loom_settle of
 * runtime/cpu/loom_cpu_abi.h) for function `m.functions[0]`, failures located through
 * `locs`.  Result arrays keep the program's blocks where `loom_lendable` allows (released
 * when the last Value using them goes), else are copied.  `device_host`: the host program
 * of a device backend, given arrays' addresses even while their bytes are pending
 * (core/Value.h, Bytes::defer; it asks Loom where they are), and giving its flat results
 * as one tuple (read only once the device backend has adopted them: ir::regroup_results). */
std::shared_ptr<compiler::CompiledEntry> load_entry(ir::Module m, std::vector<SrcLoc> locs,
                                                    std::shared_ptr<runtime::SharedObject> so,
                                                    bool device_host = false);

/** A C library of entry points (`loom compile --emit library`, docs/library.md): the C
 * header, and one C++ translation unit (the runtime, each entry's code, the C API) to
 * build into a shared object with the host compiler's flags. */
struct LibraryCode {
    std::string header, source;
    std::vector<std::string> link; ///< its foreign functions' libraries, for the linker
    std::vector<std::string> exports; ///< the C API's functions: what the shared object exports
};

/** An entry point of a library: its name, and its `-- |` comment for the header. */
struct LibraryEntry {
    std::string name, doc;
};

/** The C library of `entries` of the checked program `prog` (from `file`), its C names
 * starting with `prefix`.  Throws CompilerLimitation for an entry whose parameters or
 * results are not primitives or arrays of them (f16 excluded), or that the compiler
 * cannot compile. */
LibraryCode generate_library(const Program &prog, const std::vector<LibraryEntry> &entries,
                             const std::string &prefix, const std::string &file);

/** The C name prefix of a library made from `file`: its stem as a C identifier. */
std::string library_prefix(const std::string &file);

} // namespace loom::cpu
