/** \file
 * The CUDA backend: CUDA C++ for an optimised function (CodegenCuda.cpp, kernel shapes
 * described there), compiled to a cubin by NVRTC through the kernel cache (CudaEntry.cpp).
 * NVRTC works without a GPU, so generation and compilation are checked everywhere; running
 * needs the CUDA driver (runtime/cuda/CudaDriver.h).
 *
 * First cut: the kernels are generated and compiled; the host side (allocation, transfers,
 * launches, the scalar code between kernels) is a plan written as a comment at the end of
 * the source, so `build` stops after compiling, with the no-driver message where there is
 * no driver and a "host side not generated yet" limitation where there is one.
 */
#pragma once

#include "compiler/Pipeline.h"

#include <memory>
#include <string>
#include <vector>

namespace loom::cuda {

struct KernelDesc {
    std::string name; ///< k0, k1, ... (passes/Kernels.h)
    std::string kind;
    std::vector<std::string> launches; ///< `k0<<<grid>>>(args)`, one per __global__, in order
};

struct CudaCode {
    std::string source;       ///< one self-contained CUDA C++ translation unit
    std::vector<SrcLoc> locs; ///< location table: `loom_err.loc` indexes it
    std::vector<KernelDesc> kernels;
};

/** Generates the CUDA for `f`.  Throws CompilerLimitation for kernels it cannot express. */
CudaCode generate_code(const ir::Function &f);
/** The generated source only (`:cuda`, `loom compile --emit code`). */
std::string generate(const ir::Function &f);

struct CudaBuild {
    CudaCode code;
    std::string arch;   ///< sm_XY compiled for
    std::string cubin;  ///< path in the kernel cache
    compiler::EntryReport report;
};

/** Generates and compiles with NVRTC (or finds the cubin in the cache); the report's
 * kernels get their cache status.  Throws CompileError with NVRTC's log on failure, or
 * when NVRTC is unavailable. */
CudaBuild compile(compiler::Optimised opt);

/** compile(), then the entry point ready to call: today this throws CompileError with
 * the no-driver message (or, with a driver, that the host side is not generated yet). */
std::shared_ptr<compiler::CompiledEntry> build(compiler::Optimised opt);

} // namespace loom::cuda
