/** \file
 * C++ generation for the CPU backend: the generator is CpuGen (CpuGen.h), which the cuda
 * backend's host program extends.
 */
#include "compiler/backend/cpu/CpuGen.h"

namespace loom::cpu {

CpuCode generate(const ir::Function &f, const ir::Module *m) {
    return CpuGen(f, m).run();
}

} // namespace loom::cpu
